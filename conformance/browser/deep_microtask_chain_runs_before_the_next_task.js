// A microtask chain of 100 links finishes before a timeout queued first.
const log = (s) => console.log(s);
setTimeout(() => { log('timeout'); console.log('__done__'); }, 0);
let n = 0;
function link() { if (++n < 100) queueMicrotask(link); else log('chain done at ' + n); }
queueMicrotask(link);
