// Invalid arguments to the scheduling functions: a non-function handler of
// setTimeout is converted to a string and run as code; callbacks of
// queueMicrotask, requestAnimationFrame and requestIdleCallback must be
// functions (TypeError); clearing with odd values does nothing.
const log = (s) => console.log(s);
function attempt(label, f) {
  try {
    f();
    log(label + ': no error');
  } catch (e) {
    log(label + ': ' + e.name + ': ' + e.message);
  }
}
window.stringTimerRan = (what) => log('string timer ran: ' + what);
attempt('setTimeout(string, 10)', () => setTimeout("stringTimerRan('code')", 10));
attempt('setTimeout(42, 20)', () => setTimeout(42, 20));
attempt('setTimeout(null, 20)', () => setTimeout(null, 20));
attempt('setTimeout({ toString }, 30)', () => setTimeout({ toString: () => "stringTimerRan('toString')" }, 30));
attempt('setTimeout()', () => setTimeout());
attempt('setTimeout(Symbol)', () => setTimeout(Symbol('s')));
attempt('setInterval(undefined) cleared at once', () => clearInterval(setInterval(undefined, 5)));
attempt('setTimeout with delay "abc"', () => clearTimeout(setTimeout(() => {}, 'abc')));
attempt('setTimeout with delay -5', () => clearTimeout(setTimeout(() => {}, -5)));
attempt('clearTimeout("abc")', () => clearTimeout('abc'));
attempt('clearTimeout({})', () => clearTimeout({}));
attempt('clearTimeout(-1)', () => clearTimeout(-1));
attempt('clearTimeout()', () => clearTimeout());
attempt('clearInterval(null)', () => clearInterval(null));
attempt('queueMicrotask(1)', () => queueMicrotask(1));
attempt('queueMicrotask("code")', () => queueMicrotask('code'));
attempt('queueMicrotask()', () => queueMicrotask());
attempt('requestAnimationFrame(1)', () => requestAnimationFrame(1));
attempt('requestAnimationFrame()', () => requestAnimationFrame());
attempt('cancelAnimationFrame("x")', () => cancelAnimationFrame('x'));
attempt('cancelAnimationFrame()', () => cancelAnimationFrame());
attempt('requestIdleCallback(1)', () => requestIdleCallback(1));
attempt('requestIdleCallback()', () => requestIdleCallback());
attempt('requestIdleCallback(f, 5)', () => requestIdleCallback(() => {}, 5));
attempt('cancelIdleCallback({})', () => cancelIdleCallback({}));
attempt('cancelIdleCallback()', () => cancelIdleCallback());
attempt('AbortSignal.timeout(-1)', () => AbortSignal.timeout(-1));
attempt('AbortSignal.timeout(NaN)', () => AbortSignal.timeout(NaN));
attempt('AbortSignal.timeout(Infinity)', () => AbortSignal.timeout(Infinity));
attempt('AbortSignal.timeout(2 ** 53)', () => AbortSignal.timeout(2 ** 53));
attempt('AbortSignal.timeout()', () => AbortSignal.timeout());
attempt('reportError()', () => reportError());
setTimeout(() => console.log('__done__'), 100);
