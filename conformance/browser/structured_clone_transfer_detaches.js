// Transferring an ArrayBuffer detaches the original.
const log = (s) => console.log(s);
const buf = new ArrayBuffer(8);
new Uint8Array(buf)[0] = 7;
const c = structuredClone(buf, { transfer: [buf] });
log('original length ' + buf.byteLength + ' clone length ' + c.byteLength + ' first ' + new Uint8Array(c)[0]);
const { port1, port2 } = new MessageChannel();
const b2 = new ArrayBuffer(4);
port2.onmessage = (e) => { log('received length ' + e.data.byteLength); console.log('__done__'); };
port1.postMessage(b2, [b2]);
log('after post length ' + b2.byteLength);
