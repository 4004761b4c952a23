// conformance: virtual-only (under --clock real the order depends on wall time: a 50 ms stall before the next loop turn lets the 50 ms timer resolve before the first immediate, in Node as in jsloop; seen under load)
// timers/promises: setImmediate and setTimeout as promises, with values.
// The case starts in an immediate, so its timers do not depend on start-up time.
const tp = require('timers/promises');
const log = (s) => console.log(s);
setImmediate(() => {
  (async () => {
    const v = await tp.setTimeout(50, 'fifty');
    log('setTimeout resolved ' + v);
    const w = await tp.setImmediate('imm');
    log('setImmediate resolved ' + w);
  })();
  tp.setTimeout(100, 'hundred').then((v) => log('second ' + v));
  tp.setImmediate('first imm').then((v) => log(v));
  process.nextTick(() => log('tick'));
  log('main');
});
