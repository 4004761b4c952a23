// startup: the cost of starting the runtime, running a module that prints
// one line, and exiting.
console.log('startup ok');
