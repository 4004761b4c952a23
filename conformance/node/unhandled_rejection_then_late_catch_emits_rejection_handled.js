// A rejection with no handler at the end of its microtasks gets
// 'unhandledRejection'; a handler attached later gets 'rejectionHandled'.
const log = (s) => console.log(s);
let kept;
process.on('unhandledRejection', (reason, p) => {
  log('unhandledRejection ' + reason.message);
  kept = p;
});
process.on('rejectionHandled', (p) => log('rejectionHandled same promise ' + (p === kept)));
Promise.reject(new Error('late'));
setTimeout(() => {
  log('timer attaches catch');
  kept.catch((e) => log('caught ' + e.message));
}, 30);
