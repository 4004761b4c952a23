// node tests/node/web_streams_members_on_other_objects_are_err_invalid_this_as_node_24.js > tests/node/web_streams_members_on_other_objects_are_err_invalid_this_as_node_24.out (recorded with Node 24)
// Each enumerable member of stream/web's classes called on a plain object:
// Node 24's brand checks (ERR_INVALID_THIS, thrown, or a rejection from
// the members that return promises); the default controller's and the
// strategies' members fail with the engine's TypeError (its words differ
// between engines: only the class and the missing code are printed).
const web = require('stream/web');
const names = ['ReadableStream', 'ReadableStreamDefaultReader', 'ReadableStreamBYOBReader', 'ReadableStreamBYOBRequest',
  'ReadableByteStreamController', 'ReadableStreamDefaultController', 'TransformStream', 'TransformStreamDefaultController',
  'WritableStream', 'WritableStreamDefaultWriter', 'WritableStreamDefaultController', 'ByteLengthQueuingStrategy', 'CountQueuingStrategy'];
const describe = (e) => (e.code === undefined ? `${e.name}` : `${e.name} ${e.code} ${e.message}`);
(async () => {
  for (const name of names) {
    const proto = web[name].prototype;
    for (const key of Object.keys(proto)) {
      const d = Object.getOwnPropertyDescriptor(proto, key);
      const f = d.get || d.value;
      let r;
      try {
        const v = f.call({});
        if (v && typeof v.then === 'function') {
          try { await v; r = 'resolved'; } catch (e) { r = `rejects ${describe(e)}`; }
        } else r = `returns ${typeof v}`;
      } catch (e) {
        r = `throws ${describe(e)}`;
      }
      console.log(`${name}.${key}${d.get ? ' (get)' : ''} ${f.name}/${f.length}: ${r}`);
    }
  }
})();
