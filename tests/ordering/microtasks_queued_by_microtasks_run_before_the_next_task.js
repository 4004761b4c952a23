// Seed 000/004: the checkpoint drains the microtask queue, including
// microtasks queued while it runs, before the next task.
let n = 0;
function addMicroTask() {
  Promise.resolve().then(() => {
    n += 1;
    if (n < 5) {
      console.log('microtask ' + n);
      addMicroTask();
    } else {
      console.log('microtask ' + n + ' (last)');
    }
  });
}
setTimeout(() => console.log('timeout'), 0);
addMicroTask();
console.log('script');
