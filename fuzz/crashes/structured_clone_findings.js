// Conformance differences the structured_clone fuzz target found (not
// crashes). Run: jsloop run fuzz/crashes/structured_clone_findings.js --host browser
// What a browser (the HTML Standard's StructuredSerialize) gives is in each comment.
const { port1, port2 } = new MessageChannel();
// 1. postMessage(undefined): event.data must be undefined; jsloop gives null.
port2.onmessage = (e) => console.log('1. data:', e.data === undefined ? 'undefined' : String(e.data));
port1.postMessage(undefined);
// 2. An own "__proto__" data property must be copied as an own property
//    (CreateDataProperty); jsloop assigns it, which sets the clone's prototype.
const o = JSON.parse('{"__proto__": {"x": 1}, "y": 2}');
const c = structuredClone(o);
console.log('2. keys', JSON.stringify(Object.keys(o)), '->', JSON.stringify(Object.keys(c)), '| prototype is Object.prototype:', Object.getPrototypeOf(c) === Object.prototype, '| c.x =', c.x);
// 3. A detached ArrayBuffer must throw a DataCloneError; jsloop throws TypeError.
const b = new ArrayBuffer(8); b.transfer();
try { structuredClone(b); } catch (e) { console.log('3. detached:', e.name, e.message); }
// 4. A resizable ArrayBuffer must stay resizable with its maxByteLength; jsloop's clone is fixed-length.
const r = new ArrayBuffer(4, { maxByteLength: 16 });
const rc = structuredClone(r);
console.log('4. resizable', r.resizable, r.maxByteLength, '->', rc.resizable, rc.maxByteLength);
