// jsloop glue 18: TextEncoder, TextDecoder, TextEncoderStream and
// TextDecoderStream (the Encoding Standard,
// https://encoding.spec.whatwg.org/#api) on the browser's global (window or
// worker): the shared implementation (encoding.js) over the shared host
// functions (src/encoding.rs), with the errors Chromium throws (a RangeError
// for an unknown label, a TypeError for data a fatal decoder refuses).
(function (host, g, factory) {
  // (19_streams.js ran first: TextDecoderStream and TextEncoderStream are
  // TransformStreams.)
  'use strict';
  const made = factory({
    host,
    TransformStream: g.TransformStream,
    errors: {
      // https://encoding.spec.whatwg.org/#dom-textdecoder (step 2: failure is a RangeError).
      unsupported: (label, iface = 'TextDecoder') => new RangeError(`Failed to construct '${iface}': The encoding label provided ('${label}') is invalid.`),
      // https://encoding.spec.whatwg.org/#decode-and-encode (error mode fatal: a TypeError).
      invalidData: () => new TypeError("Failed to execute 'decode' on 'TextDecoder': The encoded data was not valid."),
      notBytes: () => new TypeError("Failed to execute 'decode' on 'TextDecoder': parameter 1 is not of type 'ArrayBuffer'."),
      notUint8Array: () => new TypeError("Failed to execute 'encodeInto' on 'TextEncoder': parameter 2 is not of type 'Uint8Array'."),
      // TextDecoderStream's, as Chromium words them (conformance/browser/text_encoding_streams).
      streamNotBytes: () => new TypeError("The provided value is not of type '(ArrayBuffer or ArrayBufferView)'."),
      streamInvalidData: () => new TypeError('The encoded data is not valid.'),
      notOptions: () => new TypeError("Failed to construct 'TextDecoder': The provided value is not of type 'TextDecoderOptions'."),
    },
  });
  // Interface objects are writable, configurable and not enumerable
  // (https://webidl.spec.whatwg.org/#es-interfaces).
  for (const [name, value] of Object.entries(made)) {
    Object.defineProperty(g, name, { value, writable: true, configurable: true, enumerable: false });
  }
})
