// jsloop glue 19: the Streams Standard's classes (ReadableStream,
// WritableStream, TransformStream, their readers, writers and controllers,
// the queuing strategies; https://streams.spec.whatwg.org/) on the
// browser's global (window or worker), from the shared streams.js. Its
// argument errors are the same classes as Chromium's (TypeError,
// RangeError) but worded as Node words them (docs/deviations.md).
(function (g, factory, web) {
  'use strict';
  const typeName = (v) => (v === null ? 'null' : typeof v);
  const made = factory({
    global: g,
    nodeError: (Base, code, message) => new Base(message),
    invalidArgType: (name, expected, value) => new TypeError(`The "${name}" argument must be of type ${[].concat(expected).join(' or ')}. Received ${typeName(value)}`),
    invalidArgValue: (name, value, reason = 'is invalid') => new TypeError(`The argument '${name}' ${reason}.`),
    outOfRange: (name, range, value) => new RangeError(`The value of "${name}" is out of range. It must be ${range}. Received ${value}`),
    validateNumber: (value, name) => {
      if (typeof value !== 'number') throw new TypeError(`The "${name}" argument must be of type number. Received ${typeName(value)}`);
    },
    inspect: (value) => JSON.stringify(value),
    // Chromium throws a RangeError for an underlying source's unknown type
    // (conformance/browser/streams), as the Streams Standard's constructor
    // did before the type became a WebIDL enum.
    sourceTypeError: RangeError,
  });
  // Interface objects are writable, configurable and not enumerable
  // (https://webidl.spec.whatwg.org/#es-interfaces).
  for (const [name, value] of Object.entries(made)) {
    if (name === 'internal') continue;
    Object.defineProperty(g, name, { value, writable: true, configurable: true, enumerable: false });
  }
  // For 14_fetch.js (a Response's body stream): the class, and whether a
  // stream is disturbed (https://streams.spec.whatwg.org/#is-readable-stream-disturbed).
  web.streams = { ReadableStream: made.ReadableStream, isDisturbed: made.internal.isDisturbed };
})
