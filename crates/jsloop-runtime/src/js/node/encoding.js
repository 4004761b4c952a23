// jsloop node glue: `TextEncoder` and `TextDecoder`, Node's globals and
// `require('util')`'s, and `TextEncoderStream` and `TextDecoderStream`
// (globals and stream/web's): the shared implementation (../encoding.js) with the
// errors Node's lib/internal/encoding.js throws.
(function (internals) {
  'use strict';
  const { nodeError, invalidArgType } = internals;
  return internals.encodingFactory()({
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
})
