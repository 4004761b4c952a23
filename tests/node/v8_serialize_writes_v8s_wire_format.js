// node tests/node/v8_serialize_writes_v8s_wire_format.js
// v8.serialize writes V8's ValueSerializer format byte for byte (version 15:
// small integers, doubles, bigints, one- and two-byte strings with their
// padding, objects with index keys, dense, holey and double arrays, dates,
// regular expressions, maps, sets, array buffers, Node's host objects for
// views and Buffers, primitive wrappers, errors without a stack, object
// references); v8.deserialize reads it back, and what it reads is written
// again as V8 writes it (a deserialized array is holey: sparse).
const v8 = require('v8');
const util = require('util');
const noStack = (e) => { Object.defineProperty(e, 'stack', { value: undefined }); return e; };
const shared = { x: 1 };
const cases = [undefined, null, true, false, 0, 1, -1, 2147483647, 2147483648, -2147483648, -2147483649, 1.5, -0, NaN, Infinity,
  10n, -(2n ** 70n), '', 'abc', 'é', '€uro', 'x€', 'a'.repeat(130),
  {}, { a: 1, b: 'x' }, { 1: 'one', a: [1, 2] }, [1, 2, 3], [1.5, 2], [1, , 3], [], new Array(3), Object.assign([1, 2], { x: 1 }),
  new Date(0), /ab+c/gi, /x/suy, new Map([[1, 'a'], ['b', {}]]), new Set([1, 'x']), new ArrayBuffer(3), Buffer.from('hi'),
  new Uint16Array([1, 2]), new Float64Array([0.5]), new DataView(new ArrayBuffer(2)), Object(true), Object(false), Object(5), Object('str'), Object(3n),
  noStack(new Error('boom')), noStack(new RangeError('r')), [shared, shared]];
for (const c of cases) {
  const bytes = v8.serialize(c);
  const back = v8.deserialize(bytes);
  console.log(bytes.toString('hex'), util.inspect(back, { breakLength: Infinity }).replace(/\[byteOffset\]: \d+, /, ''), v8.serialize(back).toString('hex'));
}
const pair = v8.deserialize(v8.serialize([shared, shared]));
console.log('one object twice:', pair[0] === pair[1]);
for (const bad of [() => {}, Symbol('q'), new WeakMap()]) {
  try { v8.serialize(bad); } catch (e) { console.log(e.constructor.name, e.message); }
}
const ser = new v8.Serializer();
ser.writeHeader();
ser.writeValue(new Uint8Array([1, 2, 3]));
ser.writeUint32(300);
ser.writeUint64(1, 2);
ser.writeDouble(1.5);
ser.writeRawBytes(Buffer.from([9, 8]));
const raw = ser.releaseBuffer();
console.log(raw.toString('hex'));
const des = new v8.Deserializer(raw);
des.readHeader();
console.log(des.getWireFormatVersion(), des.readValue(), des.readUint32(), des.readUint64(), des.readDouble(), des.readRawBytes(2));
try { v8.deserialize(Buffer.from('ff0f6f', 'hex')); } catch (e) { console.log(e.constructor.name, e.message); }
