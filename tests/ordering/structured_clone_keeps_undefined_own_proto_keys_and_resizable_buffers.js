// Structured clone edge cases (found by fuzzing): undefined is delivered as
// undefined, an own "__proto__" key stays a key, a detached ArrayBuffer is a
// DataCloneError, a resizable ArrayBuffer stays resizable.
const obj = JSON.parse('{"__proto__": {"x": 1}, "y": 2}');
const c = structuredClone(obj);
console.log('keys: ' + Object.keys(c).join(',') + ', plain prototype: ' + (Object.getPrototypeOf(c) === Object.prototype));
const buf = new ArrayBuffer(8);
buf.transfer();
try { structuredClone(buf); } catch (e) { console.log('detached: ' + e.name); }
const r = new ArrayBuffer(4, { maxByteLength: 16 });
const rc = structuredClone(r);
console.log('resizable: ' + rc.resizable + ' ' + rc.maxByteLength);
const { port1, port2 } = new MessageChannel();
port2.onmessage = (e) => { console.log('message data: ' + e.data); port1.close(); };
port1.postMessage(undefined);
