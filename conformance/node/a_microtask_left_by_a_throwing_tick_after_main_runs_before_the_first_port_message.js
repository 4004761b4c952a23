// Found by conformance/fuzz.mjs (seed 920027, shrunk): the main script's
// nextTick throws, leaving a promise reaction queued; Node runs it before the
// loop's first port message (a known difference: jsloop runs it after).
const log = (s) => console.log(s);
process.on('uncaughtException', (e) => log('uncaught ' + e.message));
MessageEvent;
process.nextTick(() => {
  throw new Error('tt1');
});
const c3 = new MessageChannel();
const on3 = (me, other) => (v) => {
  log('msg3_4');
  if (v < 5) c3[me].postMessage(v + 1);
  else c3[me].close();
};
c3.port1.onmessage = (e) => on3('port1', 'port2')(e.data);
c3.port2.addEventListener('message', (e) => on3('port2', 'port1')(e.data));
c3.port2.postMessage(0);
Promise.resolve().then(() => { log('clear14'); clearTimeout(Number(t14)); });
