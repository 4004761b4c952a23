// Dispatching an event that is being dispatched throws InvalidStateError;
// after dispatch it can be dispatched again.
const log = (s) => console.log(s);
const t = new EventTarget();
const ev = new Event('x');
t.addEventListener('x', () => {
  try { t.dispatchEvent(ev); } catch (e) { log('nested dispatch: ' + e.name); }
});
t.dispatchEvent(ev);
log('after: phase ' + ev.eventPhase + ', currentTarget ' + ev.currentTarget + ', target kept ' + (ev.target === t));
log('again returns ' + t.dispatchEvent(ev));
