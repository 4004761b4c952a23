// node tests/node/message_event_frozen_by_a_listener_throws_twice_as_node_24.js > tests/node/message_event_frozen_by_a_listener_throws_twice_as_node_24.out (recorded with Node 24)
// A port's MessageEvent that a listener froze: Node's [kHybridDispatch]
// (lib/internal/event_target.js) sets kIsBeingDispatched to false after each
// event listener, inside the try that hands what a listener throws to
// emitUncaughtException (a throw on the next tick; the listener's result is
// then not watched), and once more after the loop, outside it: that one
// leaves the dispatch, so the port's MakeCallback fails (src/
// node_messaging.cc OnMessage): it is an uncaught exception at once, the
// ticks and microtasks wait for the next callback scope (another port's
// message in the same poll phase first), and the port's next message waits
// for the next turn. Two TypeErrors per dispatch (three with two event
// listeners). A listener that threw leaves the event no longer being
// dispatched; kTarget is set when the event is made, and what a listener
// writes there stays; an onmessage that is not a function still has the
// event made for it. Stage 0 and stage 7 cover the host's own onmessage
// path (a port's messages after its first).
let n = 0;
process.on('uncaughtException', (e) => console.log('uncaught', ++n, e.constructor.name, /kIsBeingDispatched/.test(e.message) ? 'kIsBeingDispatched' : e.message));
process.on('unhandledRejection', (r) => console.log('unhandledRejection', r.message));
const sym = (e, name) => Object.getOwnPropertySymbols(e).find((s) => s.description === name);
const stages = [
  (next) => {
    // onmessage freezes the event (three messages)
    const c = new MessageChannel();
    let k = 0;
    c.port1.onmessage = (e) => {
      console.log('onmessage', e.data, e.eventPhase);
      Object.freeze(e);
      setImmediate(() => console.log('imm after', e.data));
      process.nextTick(() => console.log('tick', e.data));
      if (++k === 3) { c.port1.close(); setTimeout(next, 20); }
    };
    c.port2.postMessage(1); c.port2.postMessage(2); c.port2.postMessage(3);
  },
  (next) => {
    // onmessage freezes the event, then throws
    const c = new MessageChannel();
    let k = 0;
    c.port1.onmessage = (e) => {
      console.log('onmessage throws', e.data);
      Object.freeze(e);
      if (++k === 2) { c.port1.close(); setTimeout(next, 20); }
      throw new Error('boom');
    };
    c.port2.postMessage(1); c.port2.postMessage(2);
  },
  (next) => {
    // two event listeners and an on() listener share one event
    const c = new MessageChannel();
    let kept;
    c.port1.addEventListener('message', (e) => { kept = e; console.log('ael1', e.data, e.eventPhase); Object.freeze(e); });
    c.port1.on('message', (v) => console.log('on', v));
    c.port1.addEventListener('message', (e) => { console.log('ael2', e.data, e.eventPhase, e === kept); });
    c.port1.start();
    c.port2.postMessage(1);
    setTimeout(() => { c.port1.close(); next(); }, 20);
  },
  (next) => {
    // a listener that throws: the event is no longer being dispatched after
    const c = new MessageChannel();
    let kept;
    c.port1.addEventListener('message', (e) => { kept = e; throw new Error('boom'); });
    c.port1.start();
    c.port2.postMessage(1);
    setTimeout(() => { console.log('after', kept.eventPhase, kept.currentTarget === c.port1, kept.target === c.port1); c.port1.close(); next(); }, 20);
  },
  (next) => {
    // a frozen event's handler returns a rejected promise: not watched
    const c = new MessageChannel();
    c.port1.onmessage = (e) => { Object.freeze(e); return Promise.reject(new Error('rejected')); };
    c.port2.postMessage(1);
    setTimeout(() => { c.port1.close(); next(); }, 20);
  },
  (next) => {
    // kTarget written by a listener stays
    const c = new MessageChannel();
    c.port1.addEventListener('message', (e) => { e[sym(e, 'kTarget')] = 'other'; });
    c.port1.addEventListener('message', (e) => { console.log('target', e.target); });
    c.port1.start();
    c.port2.postMessage(1);
    setTimeout(() => { c.port1.close(); next(); }, 20);
  },
  (next) => {
    // an onmessage that is not a function still takes the event
    const c = new MessageChannel();
    c.port1.onmessage = 1;
    c.port1.addEventListener('message', (e) => { console.log('after non-function', e.eventPhase); });
    c.port1.start();
    c.port2.postMessage(1);
    setTimeout(() => { c.port1.close(); next(); }, 20);
  },
  (next) => {
    // a port whose dispatch failed, and another port's messages in the
    // same poll phase
    const a = new MessageChannel();
    const b = new MessageChannel();
    let k = 0;
    a.port1.onmessage = (e) => {
      console.log('a', e.data);
      Object.freeze(e);
      process.nextTick(() => console.log('tick a', e.data));
      queueMicrotask(() => console.log('qm a', e.data));
      if (++k === 3) a.port1.close();
    };
    b.port1.on('message', (v) => { console.log('b', v); process.nextTick(() => console.log('tick b', v)); if (v === 3) { b.port1.close(); setTimeout(next, 20); } });
    for (let i = 1; i <= 3; i++) { a.port2.postMessage(i); b.port2.postMessage(i); }
  },
];
const run = (i) => { if (i < stages.length) { console.log('-- stage', i); stages[i](() => run(i + 1)); } };
run(0);
