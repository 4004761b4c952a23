// Seed 000: "The above code will block the main thread because the micro
// task will keep on increasing and the micro task queue will never end."
// The checkpoint never empties: the timer never runs (run with --timeout).
setTimeout(() => console.log('never: the loop never gets back to its tasks'), 0);

function addMicroTask() {
  Promise.resolve().then(() => {
    addMicroTask();
  });
}

addMicroTask();
console.log('script');
