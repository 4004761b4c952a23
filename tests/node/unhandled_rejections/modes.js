// node --unhandled-rejections=MODE tests/node/unhandled_rejections/modes.js > tests/node/unhandled_rejections/MODE.out
// (for MODE in throw strict warn warn-with-error-code none; `default.out`
// without the flag.) What each mode of Node's --unhandled-rejections does
// (lib/internal/process/promises.js): 'unhandledRejection' listeners,
// uncaught exceptions, warnings (with their rejection ids), the exit code,
// and a rejection handled late.
process.on('warning', (w) => console.log(`warning ${w.name}: ${w.message.split('\n')[0]}`));
process.on('exit', (code) => console.log(`exit ${code}`));
process.on('uncaughtException', (e, origin) => console.log(`uncaughtException (${origin}) ${e.name}: ${e.message.slice(0, 40)}`));
const late = Promise.reject(new Error('boom'));
Promise.reject(42);
Promise.reject(3).catch(() => {});
setTimeout(() => {
  console.log('later, a listener');
  process.on('unhandledRejection', (reason) => console.log(`unhandledRejection ${reason}`));
  Promise.reject('with a listener');
  late.catch(() => console.log('handled late'));
}, 10);
setTimeout(() => console.log('done'), 50);
