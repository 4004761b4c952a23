// timers/promises setInterval as an async iterator, stopped after three.
const { setInterval: every, setTimeout: sleep } = require('timers/promises');
const log = (s) => console.log(s);
(async () => {
  let n = 0;
  for await (const v of every(30, 'tick')) {
    log(v + ' ' + ++n);
    if (n === 3) break;
  }
  log('loop done');
  const v = await sleep(20, 'slept');
  log(v);
})();
