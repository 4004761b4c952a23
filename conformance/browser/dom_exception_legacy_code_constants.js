// DOMException's legacy code constants (Web IDL, #idl-DOMException): all 25,
// in the IDL's order, on the interface object and its prototype, and the
// code of an exception made with a name.
const log = (s) => console.log(String(s));
const names = Object.getOwnPropertyNames(DOMException).filter((n) => /_ERR$/.test(n));
log(`${names.length} ${names.map((n) => `${n}=${DOMException[n]}`).join(' ')}`);
log(Object.getOwnPropertyNames(DOMException.prototype).filter((n) => /_ERR$/.test(n)).join(' ') === names.join(' '));
const d = Object.getOwnPropertyDescriptor(DOMException, 'URL_MISMATCH_ERR');
log(`${d.value} ${d.writable} ${d.enumerable} ${d.configurable}`);
log(`${new DOMException('x', 'NotFoundError').code} ${new DOMException('x', 'URLMismatchError').code} ${new DOMException('x', 'ValidationError').code}`);
