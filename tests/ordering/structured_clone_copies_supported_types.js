// postMessage and structuredClone copy primitives, plain objects, arrays,
// Map, Set, Date, RegExp, ArrayBuffer and typed arrays, keeping cycles, and
// throw DataCloneError for functions.
const original = {
  n: 1, s: 'two', b: true, u: undefined, nul: null, big: 10n,
  arr: [1, [2, 3]], map: new Map([['k', { v: 1 }]]), set: new Set([1, 2]),
  date: new Date(0), re: /ab+c/gi, buf: new Uint8Array([1, 2, 3]).buffer,
  typed: new Int16Array([-1, 300]),
};
original.self = original;
const copy = structuredClone(original);
console.log('copy is a new object: ' + (copy !== original));
console.log('cycle kept: ' + (copy.self === copy));
console.log('map value: ' + copy.map.get('k').v + ', new map: ' + (copy.map !== original.map));
console.log('set has 2: ' + copy.set.has(2));
console.log('date: ' + copy.date.getTime() + ', regexp: ' + copy.re.source + ' ' + copy.re.flags);
console.log('buffer bytes: ' + Array.from(new Uint8Array(copy.buf)).join(','));
console.log('typed: ' + copy.typed.constructor.name + ' ' + Array.from(copy.typed).join(','));
console.log('bigint: ' + typeof copy.big + ', undefined kept: ' + ('u' in copy));
try {
  structuredClone({ f() {} });
} catch (e) {
  console.log('function: ' + e.name + ' ' + (e instanceof DOMException) + ' code ' + e.code);
}
const mc = new MessageChannel();
const sent = { list: [1, 2] };
mc.port2.onmessage = (e) => {
  console.log('received ' + JSON.stringify(e.data) + ', same object: ' + (e.data === sent));
  mc.port1.close();
};
mc.port1.postMessage(sent);
sent.list.push(3);
try {
  mc.port1.postMessage(() => {});
} catch (e) {
  console.log('postMessage(function): ' + e.name);
}
