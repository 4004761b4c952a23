// cancelIdleCallback stops a requested callback, also from an earlier one.
const log = (s) => console.log(s);
const a = requestIdleCallback(() => log('a: never'));
requestIdleCallback(() => { log('b cancels c'); cancelIdleCallback(c); });
const c = requestIdleCallback(() => log('c: never'));
requestIdleCallback(() => { log('d'); console.log('__done__'); });
cancelIdleCallback(a);
log('ids positive ' + (a > 0 && c > a));
