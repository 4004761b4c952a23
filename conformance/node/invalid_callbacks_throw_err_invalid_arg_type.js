// Scheduling functions reject non-function callbacks synchronously.
const log = (s) => console.log(s);
const tries = {
  setTimeout: () => setTimeout('code', 1),
  setInterval: () => setInterval(null, 1),
  setImmediate: () => setImmediate(1),
  nextTick: () => process.nextTick({}),
  queueMicrotask: () => queueMicrotask('x'),
};
for (const [name, f] of Object.entries(tries)) {
  try { f(); log(name + ' did not throw'); } catch (e) { log(name + ' ' + e.name + ' ' + e.code); }
}
