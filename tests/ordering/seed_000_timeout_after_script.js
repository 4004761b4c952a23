// Seed 000's first example: the script is a task; setTimeout(cb, 0) starts a
// timer whose task is queued later, so 'script' is logged first.
setTimeout(() => {
  console.log('timeout');
}, 0);

console.log('script');
