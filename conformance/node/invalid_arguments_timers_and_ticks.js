// Invalid arguments to the scheduling functions and process.exitCode throw
// Node's errors synchronously (class, code and message); clearing with odd
// values does nothing.
const log = (s) => console.log(s);
function attempt(label, f) {
  try {
    f();
    log(label + ': no error');
  } catch (e) {
    log(label + ': ' + e.name + ' ' + e.code + ' ' + e.message);
  }
}
attempt('setTimeout(string)', () => setTimeout('code', 1));
attempt('setTimeout()', () => setTimeout());
attempt('setTimeout(long string)', () => setTimeout('abcdefghijklmnopqrstuvwxyz0123456789'));
attempt('setTimeout(26 chars)', () => setTimeout('abcdefghijklmnopqrstuvwxyz'));
attempt('setTimeout(bigint)', () => setTimeout(10n));
attempt('setTimeout(symbol)', () => setTimeout(Symbol('s')));
attempt('setTimeout(true)', () => setTimeout(true));
attempt('setTimeout(Map)', () => setTimeout(new Map()));
attempt('setTimeout(array)', () => setTimeout([1]));
attempt('setTimeout(null-prototype object)', () => setTimeout(Object.create(null)));
attempt('setInterval(null)', () => setInterval(null, 1));
attempt('setInterval({})', () => setInterval({}, 1));
attempt('setImmediate(1)', () => setImmediate(1));
attempt('setImmediate()', () => setImmediate());
attempt('process.nextTick({})', () => process.nextTick({}));
attempt('process.nextTick()', () => process.nextTick());
attempt('queueMicrotask(string)', () => queueMicrotask('x'));
attempt('queueMicrotask(null)', () => queueMicrotask(null));
attempt('clearTimeout(string)', () => clearTimeout('abc'));
attempt('clearTimeout({})', () => clearTimeout({}));
attempt('clearTimeout(unknown id)', () => clearTimeout(12345));
attempt('clearInterval(NaN)', () => clearInterval(NaN));
attempt('clearTimeout(undefined)', () => clearTimeout());
attempt('clearImmediate({})', () => clearImmediate({}));
attempt('clearImmediate(null)', () => clearImmediate(null));
attempt('setTimeout with delay "abc"', () => clearTimeout(setTimeout(() => {}, 'abc')));
attempt('setTimeout with delay -5', () => clearTimeout(setTimeout(() => {}, -5)));
attempt('process.exitCode = "abc"', () => { process.exitCode = 'abc'; });
attempt('process.exitCode = 1.5', () => { process.exitCode = 1.5; });
attempt('process.exitCode = {}', () => { process.exitCode = {}; });
attempt('process.exitCode = true', () => { process.exitCode = true; });
attempt('process.exitCode = 2 ** 60', () => { process.exitCode = 2 ** 60; });
attempt('process.exitCode = "3"', () => { process.exitCode = '3'; });
log('exitCode is ' + typeof process.exitCode + ' ' + process.exitCode);
attempt('process.exit("abc")', () => process.exit('abc'));
attempt('process.exit(1.5)', () => process.exit(1.5));
log('exitCode is still ' + process.exitCode);
process.exitCode = undefined;
setTimeout(() => log('the loop still runs'), 1);
