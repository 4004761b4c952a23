// Seed 000: the script task ends, its microtask checkpoint runs the promise
// reaction, and only then does the timer task run.
setTimeout(() => {
  console.log('timeout');
}, 0);

Promise.resolve().then(() => {
  console.log('promise');
});

console.log('script');
