// node tests/node/web_streams_inspect_enumerable_members_and_argument_errors_as_node_24.js > tests/node/web_streams_inspect_enumerable_members_and_argument_errors_as_node_24.out (recorded with Node 24)
// util.inspect of stream/web's readers, writers, controllers, strategies,
// TransformStream and the encoding streams (Node 24's [kInspect]: the
// class's name and a few fields, one level shallower), the classes'
// members enumerable, and Node's words for bad arguments.
const util = require('util');
const web = require('stream/web');
const { ReadableStream, WritableStream, TransformStream, CountQueuingStrategy, ByteLengthQueuingStrategy, TextEncoderStream, TextDecoderStream } = web;
const show = (l, f) => { try { const r = f(); console.log(l, typeof r === 'string' ? r : util.inspect(r)); } catch (e) { console.log(l, e.name, e.code, e.message); } };
show('rs', () => new ReadableStream({ pull(c) { c.enqueue(1); } }));
show('reader', () => new ReadableStream().getReader());
show('ws', () => new WritableStream());
show('writer', () => new WritableStream().getWriter());
show('writer with backpressure', () => new WritableStream({}, { highWaterMark: 0 }).getWriter());
show('ts', () => new TransformStream());
show('ts depth 0', () => util.inspect(new TransformStream(), { depth: 0 }));
show('nested', () => util.inspect({ a: { b: new CountQueuingStrategy({ highWaterMark: 3 }) } }, { depth: 1 }));
show('cqs', () => new CountQueuingStrategy({ highWaterMark: 3 }));
show('blqs', () => new ByteLengthQueuingStrategy({ highWaterMark: 3 }));
show('bytes', () => new ReadableStream({ type: 'bytes' }));
show('byob', () => new ReadableStream({ type: 'bytes' }).getReader({ mode: 'byob' }));
show('tes', () => new TextEncoderStream());
show('tds', () => new TextDecoderStream('utf-16le', { fatal: true }));
show('controller', () => { let c; new ReadableStream({ start(x) { c = x; } }); return c; });
show('byte controller', () => { let c; new ReadableStream({ type: 'bytes', start(x) { c = x; } }); return c; });
show('wcontroller', () => { let c; new WritableStream({ start(x) { c = x; } }); return c; });
show('byob request', () => {
  let c;
  const rs = new ReadableStream({ type: 'bytes', start(x) { c = x; } });
  rs.getReader({ mode: 'byob' }).read(new Uint8Array(2));
  return c.byobRequest;
});
show('released reader', () => { const r = new ReadableStream().getReader(); r.releaseLock(); return r; });
for (const name of Object.keys(web)) {
  const C = web[name];
  if (name !== 'ReadableStreamTee') console.log(name, Object.keys(C.prototype).join(','));
}
show('bad type', () => new ReadableStream({ type: 'nope' }));
show('bad type object', () => new ReadableStream({ type: { a: 1 } }));
show('bad mode', () => new ReadableStream().getReader({ mode: 'BYOB ' }));
show('sink type', () => new WritableStream({ type: 'x' }));
show('size', () => new ReadableStream({}, { size: 1 }));
for (const v of [1, {}, 'ab', { [Symbol.asyncIterator]: 1 }, [1]]) show(`from ${util.inspect(v)}`, () => ReadableStream.from(v));
