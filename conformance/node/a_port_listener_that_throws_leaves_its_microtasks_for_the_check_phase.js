// Found by conformance/fuzz.mjs (seed 910006, shrunk): a port listener that
// throws (Node's NodeEventTarget dispatch throws it again on a nextTick,
// which leaves the microtask queue undrained) has its microtasks run when
// the check phase opens, before the immediate it queued.
const log = (s) => console.log(s);
process.on('uncaughtException', (e) => log('uncaught ' + e.message));
const c4 = new MessageChannel();
const on4 = (me, other) => (v) => {
  setImmediate(() => {
    log('imm7');
  });
  queueMicrotask(() => {
    log('qm9');
  });
  if (v < 5) c4[me].postMessage(v + 1);
  else c4[me].close();
  if (v === 5) throw new Error('msg4 ' + me + ' ' + v);
};
c4.port1.on('message', on4('port1', 'port2'));
c4.port2.onmessage = (e) => on4('port2', 'port1')(e.data);
c4.port1.postMessage(0);
