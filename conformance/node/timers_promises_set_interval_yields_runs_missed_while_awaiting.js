// timers/promises' setInterval is one interval whose runs are counted: runs
// that happen while the loop body awaits are yielded one after another
// when it comes back, without waiting.
const { setInterval: every, setTimeout: sleep, setImmediate: immediate } = require('timers/promises');
(async () => {
  let i = 0;
  for await (const v of every(40, 'tick')) {
    console.log(v + ' ' + ++i);
    if (i === 2) await sleep(100);
    if (i === 5) break;
  }
  console.log('after break: ' + (await immediate('immediate value')));
})();
setTimeout(() => console.log('timeout 60'), 60);
