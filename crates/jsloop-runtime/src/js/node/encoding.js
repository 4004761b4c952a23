// jsloop node glue: `TextEncoder` and `TextDecoder`, Node's globals and
// `require('util')`'s, and `TextEncoderStream` and `TextDecoderStream`
// (globals and stream/web's): the shared implementation (../encoding.js) with the
// errors Node's lib/internal/encoding.js throws.
(function (internals) {
  'use strict';
  const { nodeError, invalidArgType } = internals;
  const made = internals.encodingFactory()({
    host: internals.host,
    // TextDecoderStream and TextEncoderStream are stream/web's TransformStreams.
    get TransformStream() { return internals.require('stream/web').TransformStream; },
    errors: {
      unsupported: (label) => nodeError(RangeError, 'ERR_ENCODING_NOT_SUPPORTED', `The "${label}" encoding is not supported`),
      invalidData: (encoding) => nodeError(TypeError, 'ERR_ENCODING_INVALID_ENCODED_DATA', `The encoded data was not valid for encoding ${encoding}`),
      notBytes: (value) => invalidArgType('input', ['ArrayBuffer', 'ArrayBufferView'], value),
      notUint8Array: (value) => invalidArgType('dest', 'Uint8Array', value),
      notOptions: (value) => invalidArgType('options', 'object', value),
    },
  });
  // What util.inspect shows of the streams: Node 24's [kInspect]
  // (lib/internal/webstreams/encoding.js), `NAME {…}` one level shallower.
  const shown = {
    TextEncoderStream: (s) => ({ encoding: s.encoding, readable: s.readable, writable: s.writable }),
    TextDecoderStream: (s) => ({ encoding: s.encoding, fatal: s.fatal, ignoreBOM: s.ignoreBOM, readable: s.readable, writable: s.writable }),
  };
  for (const [name, data] of Object.entries(shown)) {
    // (Their members enumerable, as Node's kEnumerableProperty.)
    for (const key of Object.getOwnPropertyNames(made[name].prototype)) {
      if (key !== 'constructor') Object.defineProperty(made[name].prototype, key, { enumerable: true });
    }
    Object.defineProperty(made[name].prototype, Symbol.for('nodejs.util.inspect.custom'), {
      configurable: true, writable: true, enumerable: false,
      value: function inspect(depth, options) {
        // (Node's customInspect gives undefined below the depth: its `this`.)
        if (depth < 0) return undefined;
        return `${name} ${internals.require('util').inspect(data(this), { ...options, depth: options.depth == null ? null : options.depth - 1 })}`;
      },
    });
  }
  return made;
})
