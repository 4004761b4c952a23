// An idle callback requested by another runs after every callback that was
// already requested.
const log = (s) => console.log(s);
requestIdleCallback(() => { log('a requests a2'); requestIdleCallback(() => { log('a2'); console.log('__done__'); }); });
requestIdleCallback(() => log('b'));
requestIdleCallback(() => log('c'));
