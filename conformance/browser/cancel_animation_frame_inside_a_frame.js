// cancelAnimationFrame from an earlier callback of the same frame stops a later one.
const log = (s) => console.log(s);
let b;
requestAnimationFrame(() => { log('a cancels b'); cancelAnimationFrame(b); });
b = requestAnimationFrame(() => log('b (never)'));
requestAnimationFrame(() => { log('c'); requestAnimationFrame(() => { log('next frame'); console.log('__done__'); }); });
const ids = [requestAnimationFrame(() => {}), requestAnimationFrame(() => {})];
log('ids increase ' + (ids[1] > ids[0]));
