// An async function awaiting timer promises, with nextTicks around the awaits.
const log = (s) => console.log(s);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
(async () => {
  log('start');
  process.nextTick(() => log('tick before first await'));
  await sleep(10);
  log('after 10');
  process.nextTick(() => log('tick after sleep'));
  await null;
  log('after await null');
  await sleep(20);
  log('after 30');
})();
setTimeout(() => log('timer 20'), 20);
