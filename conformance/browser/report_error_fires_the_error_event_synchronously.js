// reportError() fires an 'error' event at window at once.
const log = (s) => console.log(s);
window.addEventListener('error', (e) => { log('error event ' + e.message.replace(/^Uncaught /, '') + ', error kept ' + (e.error instanceof RangeError)); e.preventDefault(); });
log('before reportError');
reportError(new RangeError('reported'));
log('after reportError');
