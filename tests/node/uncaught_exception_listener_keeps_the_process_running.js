// Recorded with: node tests/node/uncaught_exception_listener_keeps_the_process_running.js
// With an 'uncaughtException' listener, a throw in a callback is handed to
// it and the loop goes on; an unhandled rejection goes to 'unhandledRejection'.
process.on('uncaughtException', (err, origin) => console.log('uncaughtException: ' + err.message + ' (' + origin + ')'));
process.on('unhandledRejection', (reason) => console.log('unhandledRejection: ' + reason.message));
setTimeout(() => { throw new Error('from a timer'); }, 1);
setTimeout(() => console.log('the next timer still runs'), 5);
Promise.reject(new Error('rejected'));
console.log('main');
