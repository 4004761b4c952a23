// Found by conformance/fuzz.mjs (seed 910003, shrunk): the first listener of a
// bouncing channel throws; its queued microtask runs before the immediates
// (the check phase's opening drain), the port's next message after them.
const log = (s) => console.log(s);
process.on('uncaughtException', (e) => log('uncaught ' + e.message));
const c13 = new MessageChannel();
const on13 = (me, other) => (v) => {
  setImmediate(() => {
    log('imm15');
  });
  queueMicrotask(() => {
    log('qm16');
  });
  if (v < 3) c13[me].postMessage(v + 1);
  else c13[me].close();
  if (v === 0) throw new Error('msg13 ' + me + ' ' + v);
};
c13.port1.on('message', on13('port1', 'port2'));
c13.port2.onmessage = (e) => on13('port2', 'port1')(e.data);
c13.port1.postMessage(0);
