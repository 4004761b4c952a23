// Node 15+: with no 'unhandledRejection' listener, the rejection is raised as
// an uncaught exception, origin 'unhandledRejection'.
const log = (s) => console.log(s);
process.on('uncaughtException', (err, origin) => log('uncaught: ' + err.message + ' (' + origin + ')'));
Promise.reject(new Error('nobody catches this'));
setTimeout(() => log('timer still runs'), 5);
