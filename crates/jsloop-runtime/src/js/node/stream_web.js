// jsloop node glue: `stream/web` and Node's globals ReadableStream,
// WritableStream, TransformStream, their readers, writers and controllers,
// ByteLengthQueuingStrategy and CountQueuingStrategy: the shared
// implementation (../streams.js) with Node's errors, and Node's adapters
// between them and Node streams (Readable.toWeb/fromWeb,
// Writable.toWeb/fromWeb, Duplex.toWeb/fromWeb, as
// lib/internal/webstreams/adapters.js).
// internals: { require, nextTick, nodeError, invalidArgType, global, … }
(function (internals) {
  'use strict';
  const web = internals.streamsFactory()({
    global: internals.global,
    nodeError: internals.nodeError,
    invalidArgType: internals.invalidArgType,
    invalidArgValue: internals.invalidArgValue,
    outOfRange: internals.outOfRange,
    validateNumber: internals.validateNumber,
    inspect: (value, options) => internals.require('util').inspect(value, options),
    // (A TransformStream's sink abort is an async function in Node 24.)
    asyncSinkAbort: true,
  });
  // The Streams Standard's classes, exported as the factory made them (in
  // its order); `internal` is the glue's own.
  const { internal, ...classes } = web;
  const { ReadableStream, ReadableStreamDefaultReader, ReadableStreamDefaultController, WritableStream, WritableStreamDefaultWriter, WritableStreamDefaultController, TransformStream, TransformStreamDefaultController, ReadableStreamBYOBReader, ReadableStreamBYOBRequest, ReadableByteStreamController, ByteLengthQueuingStrategy, CountQueuingStrategy } = classes;
  const { deferred, resolved } = internal;
  // Node 24 makes the classes' methods and accessors enumerable
  // (kEnumerableProperty in lib/internal/webstreams/*.js), as Web IDL does,
  // the readers' in its order; the controllers' steps the shared
  // implementation calls (cancelSteps, pullSteps, releaseSteps) stay hidden.
  // Their brand checks: a member called on anything else is Node's
  // ERR_INVALID_THIS, thrown, or a rejection from the members that return
  // promises (isBrandCheck in lib/internal/webstreams/util.js); not for the
  // default controller and the strategies, whose Node members fail on their
  // own fields with the engine's TypeError, as these do.
  const promising = {
    ReadableStream: ['cancel', 'pipeTo'],
    ReadableStreamDefaultReader: ['read', 'closed', 'cancel'],
    ReadableStreamBYOBReader: ['read', 'closed', 'cancel'],
    WritableStream: ['abort', 'close'],
    WritableStreamDefaultWriter: ['closed', 'ready', 'abort', 'close', 'write'],
  };
  const unchecked = new Set(['ReadableStreamDefaultController', 'ByteLengthQueuingStrategy', 'CountQueuingStrategy']);
  function branded(name, C, key, fn) {
    const rejects = promising[name]?.includes(key);
    const checked = function (...args) {
      if (!internal.hasState(this) || !(this instanceof C)) {
        const e = E(TypeError, 'ERR_INVALID_THIS', `Value of "this" must be of type ${name}`);
        if (rejects) return Promise.reject(e);
        throw e;
      }
      return Reflect.apply(fn, this, args);
    };
    Object.defineProperty(checked, 'name', { value: fn.name });
    Object.defineProperty(checked, 'length', { value: fn.length });
    return checked;
  }
  const readerOrder = ['read', 'releaseLock', 'closed', 'cancel'];
  const order = { ReadableStreamDefaultReader: readerOrder, ReadableStreamBYOBReader: readerOrder };
  const hidden = new Set(['constructor', 'cancelSteps', 'pullSteps', 'releaseSteps']);
  for (const [name, C] of Object.entries(classes)) {
    const keys = order[name] ?? Object.getOwnPropertyNames(C.prototype).filter((key) => !hidden.has(key));
    for (const key of keys) {
      const desc = Object.getOwnPropertyDescriptor(C.prototype, key);
      if (!unchecked.has(name)) {
        if (desc.get) desc.get = branded(name, C, key, desc.get);
        if (typeof desc.value === 'function') desc.value = branded(name, C, key, desc.value);
      }
      delete C.prototype[key];
      Object.defineProperty(C.prototype, key, { ...desc, enumerable: true });
    }
  }
  const E = (Base, code, message) => internals.nodeError(Base, code, message);
  // The adapters' destroy(error, callback) ends in a promise reaction: what
  // calls `callback(error)` there, and throws what it throws outside the
  // reaction (an uncaught exception, not a rejection), as Node's adapters.
  function destroyDone(callback, error) {
    return () => {
      try {
        callback(error);
      } catch (thrown) {
        internals.nextTick(() => { throw thrown; });
      }
    };
  }

  // ------------------------------------------------------------ adapters (Node)
  // lib/internal/webstreams/adapters.js: a Node Readable as a ReadableStream
  // (pulling resumes the Readable, its 'data' enqueues and pauses when the
  // queue is full) and a ReadableStream as a Node Readable (its _read reads
  // from a reader), and the same for writables.
  function stream() { return internals.require('stream'); }
  // What a Node stream's end error becomes on the web side: a premature
  // close is an AbortError (with the original as its cause).
  // zlib's failures (its negative return codes, and Z_NEED_DICT) become a
  // TypeError with the zlib error as its cause and its code
  // (lib/internal/webstreams/adapters.js, handleKnownInternalErrors).
  const ZLIB_FAILURES = new Set(['Z_ERRNO', 'Z_STREAM_ERROR', 'Z_DATA_ERROR', 'Z_MEM_ERROR', 'Z_BUF_ERROR', 'Z_VERSION_ERROR', 'Z_NEED_DICT']);
  function webError(error) {
    if (error?.code === 'ERR_STREAM_PREMATURE_CLOSE') {
      const { AbortError } = stream()[Symbol.for('jsloop.node.stream.internal')];
      return new AbortError(undefined, { cause: error });
    }
    if (ZLIB_FAILURES.has(error?.code)) {
      const typeError = new TypeError(undefined, { cause: error });
      typeError.code = error.code;
      return typeError;
    }
    return error;
  }
  const kErrorSentinel = Symbol('kErrorSentinelAttached');
  function newReadableStreamFromStreamReadable(streamReadable, options = {}) {
    const { isReadable, finished } = stream();
    const { kEosNodeSynchronousCallback } = stream()[Symbol.for('jsloop.node.stream.internal')];
    if (typeof streamReadable?._readableState !== 'object') {
      throw internals.invalidArgType('streamReadable', 'stream.Readable', streamReadable);
    }
    if (options === null || typeof options !== 'object') throw internals.invalidArgType('options', 'Object', options);
    if (options.type !== undefined && options.type !== 'bytes') {
      throw internals.invalidArgValue('options.type', options.type, "must be one of: 'bytes', undefined");
    }
    const isBYOB = options.type === 'bytes';
    let controller;
    let wasCanceled = false;
    let strategy;
    const source = {
      type: isBYOB ? 'bytes' : undefined,
      start(c) { controller = c; },
      cancel(reason) {
        wasCanceled = true;
        stream().destroy(streamReadable, reason);
      },
    };
    const readable = isReadable(streamReadable);
    const objectMode = streamReadable.readableObjectMode;
    if (readable) {
      // Pulling resumes the Node stream; its 'data' fills the queue.
      source.pull = function pull() { streamReadable.resume(); };
      const highWaterMark = streamReadable.readableHighWaterMark;
      strategy = isBYOB ? { highWaterMark }
        : options.strategy ?? new (objectMode ? CountQueuingStrategy : ByteLengthQueuingStrategy)({ highWaterMark });
    }
    const readableStream = new ReadableStream(source, strategy);
    let cleanup = () => {};
    cleanup = finished(streamReadable, { writable: false, [kEosNodeSynchronousCallback]: true }, (error) => {
      error = webError(error);
      cleanup();
      // A later 'error' (from streams that emit more than one) is ignored.
      if (!(kErrorSentinel in streamReadable)) {
        streamReadable.on('error', () => {});
        streamReadable[kErrorSentinel] = true;
      }
      if (wasCanceled) return;
      wasCanceled = true;
      if (error) return controller.error(error);
      controller.close();
      if (isBYOB) controller.byobRequest?.respond(0);
    });
    if (wasCanceled) {
      cleanup();
    } else if (readable) {
      streamReadable.pause();
      const { Buffer } = internals.require('buffer');
      streamReadable.on('data', function onData(chunk) {
        // A Uint8Array of its own, not a view of a shared Buffer.
        if (Buffer.isBuffer(chunk) && !objectMode) chunk = new Uint8Array(chunk);
        controller.enqueue(chunk);
        if (controller.desiredSize <= 0) streamReadable.pause();
      });
    }
    return readableStream;
  }
  function newStreamReadableFromReadableStream(readableStream, options = {}) {
    if (!(readableStream instanceof ReadableStream)) {
      throw internals.invalidArgType('readableStream', 'ReadableStream', readableStream);
    }
    const { highWaterMark, encoding, objectMode = false, signal } = options;
    const reader = readableStream.getReader();
    let closed = false;
    const readable = new (stream().Readable)({
      objectMode,
      highWaterMark,
      encoding,
      signal,
      read() {
        reader.read().then((chunk) => {
          if (chunk.done) readable.push(null);
          else readable.push(chunk.value);
        }, (error) => stream().destroy(readable, error));
      },
      destroy(error, callback) {
        const done = destroyDone(callback, error);
        if (!closed) {
          reader.cancel(error).then(done, done);
          return;
        }
        done();
      },
    });
    reader.closed.then(() => { closed = true; }, (error) => {
      closed = true;
      stream().destroy(readable, error);
    });
    return readable;
  }
  // A Node Writable (or anything with write() and on(), such as an http
  // response) as a WritableStream: each chunk is written, and a write that
  // asks to wait ('drain') holds the next one back.
  function newWritableStreamFromStreamWritable(streamWritable) {
    if (!(streamWritable && typeof streamWritable.write === 'function' && typeof streamWritable.on === 'function')) {
      throw internals.invalidArgType('streamWritable', 'stream.Writable', streamWritable);
    }
    const { isDestroyed, isWritable, finished } = stream();
    if (isDestroyed(streamWritable) || !isWritable(streamWritable)) {
      const writable = new WritableStream();
      writable.close();
      return writable;
    }
    const highWaterMark = streamWritable.writableHighWaterMark;
    const strategy = streamWritable.writableObjectMode ? new CountQueuingStrategy({ highWaterMark })
      : { highWaterMark, size(chunk) { return chunk?.byteLength ?? chunk?.length ?? 1; } };
    let controller;
    let backpressurePromise;
    let closed;
    function onDrain() {
      backpressurePromise?.resolve();
    }
    const cleanup = finished(streamWritable, (error) => {
      error = webError(error);
      cleanup();
      streamWritable.on('error', () => {});
      if (error != null) {
        backpressurePromise?.reject(error);
        if (closed !== undefined) {
          closed.reject(error);
          closed = undefined;
        }
        controller?.error(error);
        controller = undefined;
        return;
      }
      if (closed !== undefined) {
        closed.resolve();
        closed = undefined;
        return;
      }
      const { AbortError } = stream()[Symbol.for('jsloop.node.stream.internal')];
      controller?.error(new AbortError());
      controller = undefined;
    });
    streamWritable.on('drain', onDrain);
    return new WritableStream({
      start(c) { controller = c; },
      write(chunk) {
        if (!streamWritable.writableObjectMode && chunk instanceof ArrayBuffer) chunk = new Uint8Array(chunk);
        // A chunk the Node stream refuses at once (its write throws)
        // destroys it with that error, so its readable side errors too
        // (as Node 24 does: a DecompressionStream written a number).
        const needDrain = streamWritable.writableNeedDrain;
        let ok = false;
        if (!needDrain) {
          try { ok = streamWritable.write(chunk); } catch (error) { stream().destroy(streamWritable, error); throw error; }
        }
        if (needDrain || !ok) {
          backpressurePromise = deferred();
          if (!streamWritable.writableNeedDrain) backpressurePromise.resolve();
          return backpressurePromise.promise.finally(() => { backpressurePromise = undefined; });
        }
      },
      abort(reason) { stream().destroy(streamWritable, reason); },
      close() {
        if (closed === undefined && !isWritableEnded(streamWritable)) {
          closed = deferred();
          streamWritable.end();
          return closed.promise;
        }
        controller = undefined;
        return resolved();
      },
    }, strategy);
  }
  const isWritableEnded = (s) => s.writableEnded === true;
  function newStreamWritableFromWritableStream(writableStream, options = {}) {
    if (!(writableStream instanceof WritableStream)) {
      throw internals.invalidArgType('writableStream', 'WritableStream', writableStream);
    }
    const { highWaterMark, decodeStrings = true, objectMode = false, signal } = options;
    const writer = writableStream.getWriter();
    let closed = false;
    const writable = new (stream().Writable)({
      highWaterMark,
      objectMode,
      decodeStrings,
      signal,
      writev(chunks, callback) {
        function done(error) {
          error = error.filter((e) => e);
          try {
            callback(error.length === 0 ? undefined : error);
          } catch (error) {
            internals.nextTick(() => stream().destroy(writable, error));
          }
        }
        writer.ready.then(() => Promise.all(chunks.map((data) => writer.write(data.chunk))).then(done, done), done);
      },
      write(chunk, encoding, callback) {
        if (typeof chunk === 'string' && decodeStrings && !objectMode) {
          chunk = internals.require('buffer').Buffer.from(chunk, encoding);
          chunk = new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
        }
        function done(error) {
          try {
            callback(error);
          } catch (error) {
            stream().destroy(writable, error);
          }
        }
        writer.ready.then(() => writer.write(chunk).then(done, done), done);
      },
      destroy(error, callback) {
        const done = destroyDone(callback, error);
        if (!closed) {
          if (error != null) writer.abort(error).then(done, done);
          else writer.close().then(done, done);
          return;
        }
        done();
      },
      final(callback) {
        function done(error) {
          try {
            callback(error);
          } catch (error) {
            internals.nextTick(() => stream().destroy(writable, error));
          }
        }
        if (!closed) writer.close().then(done, done);
      },
    });
    writer.closed.then(() => {
      closed = true;
      if (!isWritableEnded(writable)) stream().destroy(writable, E(Error, 'ERR_STREAM_PREMATURE_CLOSE', 'Premature close'));
    }, (error) => {
      closed = true;
      stream().destroy(writable, error);
    });
    return writable;
  }
  function newReadableWritablePairFromDuplex(duplex, options = {}) {
    if (typeof duplex?._writableState !== 'object' || typeof duplex?._readableState !== 'object') {
      throw internals.invalidArgType('duplex', 'stream.Duplex', duplex);
    }
    if (options === null || typeof options !== 'object') throw internals.invalidArgType('options', 'Object', options);
    // (`type` is the older name of `readableType`.)
    const readableOptions = { type: options.readableType ?? options.type };
    const { isDestroyed, isWritable, isReadable } = stream();
    if (isDestroyed(duplex)) {
      const writable = new WritableStream();
      const readable = new ReadableStream({ type: readableOptions.type });
      writable.close();
      readable.cancel();
      return { readable, writable };
    }
    const writable = isWritable(duplex) ? newWritableStreamFromStreamWritable(duplex) : new WritableStream();
    if (!isWritable(duplex)) writable.close();
    const readable = isReadable(duplex) ? newReadableStreamFromStreamReadable(duplex, readableOptions)
      : new ReadableStream({ type: readableOptions.type });
    if (!isReadable(duplex)) readable.cancel();
    return { writable, readable };
  }
  function newStreamDuplexFromReadableWritablePair(pair = {}, options = {}) {
    const { readable: readableStream, writable: writableStream } = pair;
    if (!(readableStream instanceof ReadableStream)) throw internals.invalidArgType('pair.readable', 'ReadableStream', readableStream);
    if (!(writableStream instanceof WritableStream)) throw internals.invalidArgType('pair.writable', 'WritableStream', writableStream);
    const r = newStreamReadableFromReadableStream(readableStream, options);
    const w = newStreamWritableFromWritableStream(writableStream, options);
    const { Duplex } = stream();
    const duplex = new Duplex({
      allowHalfOpen: options.allowHalfOpen,
      objectMode: options.objectMode,
      encoding: options.encoding,
      decodeStrings: options.decodeStrings,
      highWaterMark: options.highWaterMark,
      read() { r.resume(); },
      write(chunk, encoding, cb) { if (w.write(chunk, encoding)) cb(); else w.once('drain', cb); },
      final(cb) { w.end(cb); },
      destroy(err, cb) {
        r.destroy(err);
        w.destroy(err);
        cb(err);
      },
    });
    r.on('data', (chunk) => { if (!duplex.push(chunk)) r.pause(); });
    r.on('end', () => duplex.push(null));
    r.on('error', (err) => duplex.destroy(err));
    w.on('error', (err) => duplex.destroy(err));
    return duplex;
  }

  // ---------------------------------------------------- compression streams
  // CompressionStream and DecompressionStream (the Compression Standard, as
  // lib/internal/webstreams/compression.js makes them): a zlib stream
  // (createDeflate, createGzip, …) as a readable/writable pair, so each
  // chunk is a thread-pool request as in Node. A decompressor refuses bytes
  // after the end of its compressed stream (rejectGarbageAfterEnd).
  const COMPRESSION = {
    deflate: ['createDeflate', 'createInflate'],
    'deflate-raw': ['createDeflateRaw', 'createInflateRaw'],
    gzip: ['createGzip', 'createGunzip'],
    brotli: ['createBrotliCompress', 'createBrotliDecompress'],
  };
  // The format argument as Web IDL's enum conversion takes it, with the
  // words of Node's converter.
  function compressionPair(iface, format, decompress) {
    if (typeof format === 'symbol') {
      throw E(TypeError, 'ERR_INVALID_ARG_TYPE', `Failed to construct '${iface}': 1st argument is a Symbol and cannot be converted to a string.`);
    }
    const name = `${format}`;
    if (!Object.hasOwn(COMPRESSION, name)) {
      throw E(TypeError, 'ERR_INVALID_ARG_VALUE', `Failed to construct '${iface}': 1st argument '${name}' is not a valid enum value of type CompressionFormat.`);
    }
    const zlib = internals.require('zlib');
    const handle = zlib[COMPRESSION[name][decompress ? 1 : 0]](decompress && name !== 'brotli' ? { rejectGarbageAfterEnd: true } : undefined);
    return newReadableWritablePairFromDuplex(handle);
  }
  class CompressionStream {
    #transform;
    constructor(format) { this.#transform = compressionPair('CompressionStream', format, false); }
    get readable() { return this.#transform.readable; }
    get writable() { return this.#transform.writable; }
    [Symbol.for('nodejs.util.inspect.custom')](depth, options) {
      return internals.require('util').inspect({ readable: this.#transform.readable, writable: this.#transform.writable }, options).replace(/^/, 'CompressionStream ');
    }
  }
  class DecompressionStream {
    #transform;
    constructor(format) { this.#transform = compressionPair('DecompressionStream', format, true); }
    get readable() { return this.#transform.readable; }
    get writable() { return this.#transform.writable; }
    [Symbol.for('nodejs.util.inspect.custom')](depth, options) {
      return internals.require('util').inspect({ readable: this.#transform.readable, writable: this.#transform.writable }, options).replace(/^/, 'DecompressionStream ');
    }
  }
  for (const C of [CompressionStream, DecompressionStream]) {
    for (const side of ['readable', 'writable']) Object.defineProperty(C.prototype, side, { enumerable: true });
    Object.defineProperty(C.prototype, Symbol.toStringTag, { value: C.name, configurable: true });
  }

  // ReadableStreamTee(stream, cloneForBranch2 = false): the Streams
  // Standard's ReadableStreamTee with its cloneForBranch2 (branch 2 gets
  // structured clones of the chunks of a default stream), as Node's
  // lib/stream/web.js exports it.
  function ReadableStreamTee(stream, cloneForBranch2 = false) {
    if (!(stream instanceof ReadableStream)) throw internals.invalidArgType('stream', 'ReadableStream', stream);
    if (typeof cloneForBranch2 !== 'boolean') throw internals.invalidArgType('cloneForBranch2', 'boolean', cloneForBranch2);
    return internal.tee(stream, cloneForBranch2);
  }

  return {
    CompressionStream,
    DecompressionStream,
    ReadableStreamTee,
    ...classes,
    adapters: {
      newReadableStreamFromStreamReadable,
      newStreamReadableFromReadableStream,
      newWritableStreamFromStreamWritable,
      newStreamWritableFromWritableStream,
      newReadableWritablePairFromDuplex,
      newStreamDuplexFromReadableWritablePair,
    },
  };
})
