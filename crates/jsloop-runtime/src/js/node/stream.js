// jsloop node glue: the `stream` module (Node's docs, "Stream"): Readable,
// Writable, Duplex, Transform, PassThrough, pipeline, finished, Readable.from,
// async iteration, the iterator helpers and stream/promises.
//
// Written for jsloop from Node's documentation; the order in which events
// and callbacks run (which happen synchronously, which after
// process.nextTick, which after a microtask) follows Node 24's
// lib/internal/streams/*.js, since programs observe it: every place that
// defers says so with "(next tick)". Node keeps its state in bit fields;
// here the same facts are plain properties of the state objects, under the
// names Node's documented and legacy state properties use.
// internals: { require(id), nextTick(fn, ...args), nodeError, invalidArgType,
//              invalidArgValue, outOfRange, validateFunction, validateInteger }
(function (internals) {
  'use strict';
  const EE = internals.require('events');
  // stream.emit('data', chunk) without the rest array (node/events.js:
  // emitOne for the type 'data').
  const emitData = internals.emitData;
  const { Buffer } = internals.require('buffer');
  const nextTick = internals.nextTick;
  // nextTick(fn, a) and nextTick(fn, a, b) (the same call of
  // process.nextTick, without a rest array).
  const nextTick1 = internals.nextTick1 ?? ((fn, a) => nextTick(fn, a));
  const nextTick2 = internals.nextTick2 ?? ((fn, a, b) => nextTick(fn, a, b));
  // The process object (40_node.js): a read's maybeReadMore tick calls its
  // nextTick, a method a program may replace, as Node's streams do, with no
  // glue function between.
  const processObject = internals.process;
  const nop = () => {};
  let StringDecoder = null;
  const newDecoder = (enc) => {
    StringDecoder ??= internals.require('string_decoder').StringDecoder;
    return new StringDecoder(enc);
  };

  // ------------------------------------------------------------- errors
  // Node's ERR_* codes (lib/internal/errors.js), with Node's messages.
  const E = (Base, code, message) => internals.nodeError(Base, code, message);
  const errors = {
    ERR_STREAM_PUSH_AFTER_EOF: () => E(Error, 'ERR_STREAM_PUSH_AFTER_EOF', 'stream.push() after EOF'),
    ERR_STREAM_UNSHIFT_AFTER_END_EVENT: () => E(Error, 'ERR_STREAM_UNSHIFT_AFTER_END_EVENT', 'stream.unshift() after end event'),
    ERR_STREAM_WRITE_AFTER_END: () => E(Error, 'ERR_STREAM_WRITE_AFTER_END', 'write after end'),
    ERR_STREAM_DESTROYED: (name) => E(Error, 'ERR_STREAM_DESTROYED', `Cannot call ${name} after a stream was destroyed`),
    ERR_STREAM_ALREADY_FINISHED: (name) => E(Error, 'ERR_STREAM_ALREADY_FINISHED', `Cannot call ${name} after a stream was finished`),
    ERR_STREAM_NULL_VALUES: () => E(TypeError, 'ERR_STREAM_NULL_VALUES', 'May not write null values to stream'),
    ERR_MULTIPLE_CALLBACK: () => E(Error, 'ERR_MULTIPLE_CALLBACK', 'Callback called multiple times'),
    ERR_STREAM_PREMATURE_CLOSE: () => E(Error, 'ERR_STREAM_PREMATURE_CLOSE', 'Premature close'),
    ERR_METHOD_NOT_IMPLEMENTED: (name) => E(Error, 'ERR_METHOD_NOT_IMPLEMENTED', `The ${name} method is not implemented`),
    ERR_MISSING_ARGS: (name) => E(TypeError, 'ERR_MISSING_ARGS', `The "${name}" argument must be specified`),
    ERR_UNKNOWN_ENCODING: (enc) => E(TypeError, 'ERR_UNKNOWN_ENCODING', internals.require('util').format('Unknown encoding: %s', enc)),
    ERR_STREAM_UNABLE_TO_PIPE: () => E(Error, 'ERR_STREAM_UNABLE_TO_PIPE', 'Cannot pipe to a closed or destroyed stream'),
    ERR_STREAM_CANNOT_PIPE: () => E(Error, 'ERR_STREAM_CANNOT_PIPE', 'Cannot pipe, not readable'),
    ERR_INVALID_RETURN_VALUE: (input, name, value) => {
      let type;
      if (value?.constructor?.name) type = `instance of ${value.constructor.name}`;
      else type = `type ${typeof value}`;
      return E(TypeError, 'ERR_INVALID_RETURN_VALUE', `Expected ${input} to be returned from the "${name}" function but got ${type}.`);
    },
    ERR_INVALID_ARG_TYPE: (name, expected, actual) => internals.invalidArgType(name, expected, actual),
    ERR_INVALID_ARG_VALUE: (name, value, reason) => internals.invalidArgValue(name, value, reason),
    ERR_OUT_OF_RANGE: (name, range, value) => internals.outOfRange(name, range, value),
  };

  // Node's AbortError (lib/internal/errors.js): what an aborted operation rejects with.
  class AbortError extends Error {
    constructor(message = 'The operation was aborted', options = undefined) {
      super(message, options);
      this.code = 'ABORT_ERR';
      this.name = 'AbortError';
    }
  }

  // Node's aggregateTwoErrors: the second error, or both as an AggregateError
  // when they differ (the first being the one a caller saw first).
  function aggregateTwoErrors(inner, outer) {
    if (inner && outer && inner !== outer) {
      if (Array.isArray(outer.errors)) { outer.errors.push(inner); return outer; }
      const err = new AggregateError([outer, inner], outer.message);
      err.code = outer.code;
      return err;
    }
    return inner || outer;
  }

  const validateFunction = (fn, name) => internals.validateFunction(fn, name);
  function validateObject(value, name, allowArray = false) {
    if (value === null || typeof value !== 'object' || (!allowArray && Array.isArray(value))) {
      throw errors.ERR_INVALID_ARG_TYPE(name, 'Object', value);
    }
  }
  function validateAbortSignal(signal, name) {
    if (typeof signal !== 'undefined' && (signal === null || typeof signal !== 'object' || !('aborted' in signal))) {
      throw errors.ERR_INVALID_ARG_TYPE(name, 'AbortSignal', signal);
    }
  }
  // A listener for a signal's abort that does not keep it alive, with a
  // disposer (Node's events.addAbortListener).
  function addAbortListener(signal, listener) {
    if (signal.aborted) {
      queueMicrotask(() => listener());
      return { dispose: nop };
    }
    signal.addEventListener('abort', listener, { once: true });
    return { dispose: () => signal.removeEventListener('abort', listener) };
  }
  // An AbortController for what pipeline and the iterator helpers hand to
  // user functions: the global one when the host has it, else a small
  // equivalent with the same aborted/reason/'abort' surface.
  function newAbortController() {
    if (typeof globalThis.AbortController === 'function') return new globalThis.AbortController();
    const listeners = [];
    const signal = {
      aborted: false,
      reason: undefined,
      onabort: null,
      addEventListener(type, fn) { if (type === 'abort') listeners.push(fn); },
      removeEventListener(type, fn) { const i = listeners.indexOf(fn); if (i >= 0) listeners.splice(i, 1); },
      throwIfAborted() { if (this.aborted) throw this.reason; },
    };
    return {
      signal,
      abort(reason) {
        if (signal.aborted) return;
        signal.aborted = true;
        signal.reason = typeof reason !== 'undefined' ? reason : new AbortError('This operation was aborted');
        const event = { type: 'abort', target: signal };
        if (typeof signal.onabort === 'function') signal.onabort(event);
        for (const fn of listeners.splice(0)) fn.call(signal, event);
      },
    };
  }
  function once(callback) {
    let called = false;
    return function (...args) {
      if (called) return;
      called = true;
      return Reflect.apply(callback, this, args);
    };
  }
  const isUint8Array = (v) => v instanceof Uint8Array;
  const isArrayBufferView = (v) => ArrayBuffer.isView(v);
  const toBuffer = (v) => Buffer.from(v.buffer, v.byteOffset, v.byteLength);

  // ------------------------------------------------------------- utils
  // lib/internal/streams/utils.js: what counts as which kind of stream, and
  // whether it has ended, finished, errored or closed.
  const kIsDestroyed = Symbol.for('nodejs.stream.destroyed');
  const kIsErrored = Symbol('kIsErrored');
  const kIsReadable = Symbol('kIsReadable');
  const kIsWritable = Symbol('kIsWritable');
  const kIsDisturbed = Symbol('kIsDisturbed');
  const kIsClosedPromise = Symbol.for('nodejs.webstream.isClosedPromise');
  const kControllerErrorFunction = Symbol.for('nodejs.webstream.controllerErrorFunction');

  function isReadableNodeStream(obj, strict = false) {
    return !!(obj && typeof obj.pipe === 'function' && typeof obj.on === 'function' &&
      (!strict || (typeof obj.pause === 'function' && typeof obj.resume === 'function')) &&
      (!obj._writableState || obj._readableState?.readable !== false) &&
      (!obj._writableState || obj._readableState));
  }
  function isWritableNodeStream(obj) {
    return !!(obj && typeof obj.write === 'function' && typeof obj.on === 'function' &&
      (!obj._readableState || obj._writableState?.writable !== false));
  }
  function isDuplexNodeStream(obj) {
    return !!(obj && typeof obj.pipe === 'function' && obj._readableState &&
      typeof obj.on === 'function' && typeof obj.write === 'function');
  }
  function isNodeStream(obj) {
    return !!(obj && (obj._readableState || obj._writableState ||
      (typeof obj.write === 'function' && typeof obj.on === 'function') ||
      (typeof obj.pipe === 'function' && typeof obj.on === 'function')));
  }
  function isReadableStream(obj) {
    return !!(obj && !isNodeStream(obj) && typeof obj.pipeThrough === 'function' &&
      typeof obj.getReader === 'function' && typeof obj.cancel === 'function');
  }
  function isWritableStream(obj) {
    return !!(obj && !isNodeStream(obj) && typeof obj.getWriter === 'function' && typeof obj.abort === 'function');
  }
  function isTransformStream(obj) {
    return !!(obj && !isNodeStream(obj) && typeof obj.readable === 'object' && typeof obj.writable === 'object');
  }
  const isWebStream = (obj) => isReadableStream(obj) || isWritableStream(obj) || isTransformStream(obj);
  function isIterable(obj, isAsync) {
    if (obj == null) return false;
    if (isAsync === true) return typeof obj[Symbol.asyncIterator] === 'function';
    if (isAsync === false) return typeof obj[Symbol.iterator] === 'function';
    return typeof obj[Symbol.asyncIterator] === 'function' || typeof obj[Symbol.iterator] === 'function';
  }
  function isDestroyed(stream) {
    if (!isNodeStream(stream)) return null;
    const state = stream._writableState || stream._readableState;
    return !!(stream.destroyed || stream[kIsDestroyed] || state?.destroyed);
  }
  function isWritableEnded(stream) {
    if (!isWritableNodeStream(stream)) return null;
    if (stream.writableEnded === true) return true;
    const w = stream._writableState;
    if (w?.errored) return false;
    if (typeof w?.ended !== 'boolean') return null;
    return w.ended;
  }
  function isWritableFinished(stream, strict) {
    if (!isWritableNodeStream(stream)) return null;
    if (stream.writableFinished === true) return true;
    const w = stream._writableState;
    if (w?.errored) return false;
    if (typeof w?.finished !== 'boolean') return null;
    return !!(w.finished || (strict === false && w.ended === true && w.length === 0));
  }
  function isReadableEnded(stream) {
    if (!isReadableNodeStream(stream)) return null;
    if (stream.readableEnded === true) return true;
    const r = stream._readableState;
    if (!r || r.errored) return false;
    if (typeof r?.ended !== 'boolean') return null;
    return r.ended;
  }
  function isReadableFinished(stream, strict) {
    if (!isReadableNodeStream(stream)) return null;
    const r = stream._readableState;
    if (r?.errored) return false;
    if (typeof r?.endEmitted !== 'boolean') return null;
    return !!(r.endEmitted || (strict === false && r.ended === true && r.length === 0));
  }
  function isReadable(stream) {
    if (stream && stream[kIsReadable] != null) return stream[kIsReadable];
    if (typeof stream?.readable !== 'boolean') return null;
    if (isDestroyed(stream)) return false;
    return isReadableNodeStream(stream) && stream.readable && !isReadableFinished(stream);
  }
  function isWritable(stream) {
    if (stream && stream[kIsWritable] != null) return stream[kIsWritable];
    if (typeof stream?.writable !== 'boolean') return null;
    if (isDestroyed(stream)) return false;
    return isWritableNodeStream(stream) && stream.writable && !isWritableEnded(stream);
  }
  function isFinished(stream, opts) {
    if (!isNodeStream(stream)) return null;
    if (isDestroyed(stream)) return true;
    if (opts?.readable !== false && isReadable(stream)) return false;
    if (opts?.writable !== false && isWritable(stream)) return false;
    return true;
  }
  function isWritableErrored(stream) {
    if (!isNodeStream(stream)) return null;
    if (stream.writableErrored) return stream.writableErrored;
    return stream._writableState?.errored ?? null;
  }
  function isReadableErrored(stream) {
    if (!isNodeStream(stream)) return null;
    if (stream.readableErrored) return stream.readableErrored;
    return stream._readableState?.errored ?? null;
  }
  function isClosed(stream) {
    if (!isNodeStream(stream)) return null;
    if (typeof stream.closed === 'boolean') return stream.closed;
    const w = stream._writableState;
    const r = stream._readableState;
    if (typeof w?.closed === 'boolean' || typeof r?.closed === 'boolean') return w?.closed || r?.closed;
    if (typeof stream._closed === 'boolean' && isOutgoingMessage(stream)) return stream._closed;
    return null;
  }
  function isOutgoingMessage(stream) {
    return typeof stream._closed === 'boolean' && typeof stream._defaultKeepAlive === 'boolean' &&
      typeof stream._removedConnection === 'boolean' && typeof stream._removedContLen === 'boolean';
  }
  const isServerResponse = (stream) => typeof stream._sent100 === 'boolean' && isOutgoingMessage(stream);
  // Node's isServerRequest (lib/internal/streams/utils.js): an
  // IncomingMessage that is not a client's response.
  const isServerRequest = (stream) => typeof stream._consuming === 'boolean' && typeof stream._dumped === 'boolean' &&
    stream.req?.upgradeOrConnect === undefined;
  const isRequest = (stream) => !!(stream && typeof stream.setHeader === 'function' && typeof stream.abort === 'function');
  function willEmitClose(stream) {
    if (!isNodeStream(stream)) return null;
    const state = stream._writableState || stream._readableState;
    return (!state && isServerResponse(stream)) || !!(state && state.autoDestroy && state.emitClose && state.closed === false);
  }
  function isDisturbed(stream) {
    return !!(stream && (stream[kIsDisturbed] ?? (stream.readableDidRead || stream.readableAborted)));
  }
  function isErrored(stream) {
    return !!(stream && (stream[kIsErrored] ?? stream.readableErrored ?? stream.writableErrored ??
      stream._readableState?.errorEmitted ?? stream._writableState?.errorEmitted ??
      stream._readableState?.errored ?? stream._writableState?.errored));
  }

  // ------------------------------------------------------------- high water marks
  // lib/internal/streams/state.js.
  let defaultHighWaterMarkBytes = 64 * 1024;
  let defaultHighWaterMarkObjectMode = 16;
  function getDefaultHighWaterMark(objectMode) {
    return objectMode ? defaultHighWaterMarkObjectMode : defaultHighWaterMarkBytes;
  }
  function setDefaultHighWaterMark(objectMode, value) {
    internals.validateInteger(value, 'value', 0);
    if (objectMode) defaultHighWaterMarkObjectMode = value;
    else defaultHighWaterMarkBytes = value;
  }
  function getHighWaterMark(state, options, duplexKey, isDuplex) {
    const hwm = options.highWaterMark != null ? options.highWaterMark : isDuplex ? options[duplexKey] : null;
    if (hwm != null) {
      if (!Number.isInteger(hwm) || hwm < 0) {
        throw errors.ERR_INVALID_ARG_VALUE(isDuplex ? `options.${duplexKey}` : 'options.highWaterMark', hwm);
      }
      return Math.floor(hwm);
    }
    return getDefaultHighWaterMark(state.objectMode);
  }

  // ------------------------------------------------------------- destroy
  // lib/internal/streams/destroy.js: destroy(), 'error' then 'close' on the
  // next tick, _construct, and errorOrDestroy.
  const kDestroy = Symbol('kDestroy');
  const kConstruct = Symbol('kConstruct');

  function checkError(err, w, r) {
    if (err) {
      // Node reads err.stack here so that the stack is taken now.
      void err.stack;
      if (w && !w.errored) w.errored = err;
      if (r && !r.errored) r.errored = err;
    }
  }
  function destroy(err, cb) {
    const r = this._readableState;
    const w = this._writableState;
    const s = w || r;
    if ((w && w.destroyed) || (r && r.destroyed)) {
      if (typeof cb === 'function') cb();
      return this;
    }
    checkError(err, w, r);
    if (w) w.destroyed = true;
    if (r) r.destroyed = true;
    if (!s.constructed) {
      // Destroy once construction finishes.
      this.once(kDestroy, function (er) { _destroy(this, aggregateTwoErrors(er, err), cb); });
    } else {
      _destroy(this, err, cb);
    }
    return this;
  }
  function _destroy(self, err, cb) {
    let called = false;
    function onDestroy(err) {
      if (called) return;
      called = true;
      const r = self._readableState;
      const w = self._writableState;
      checkError(err, w, r);
      if (w) w.closed = true;
      if (r) r.closed = true;
      if (typeof cb === 'function') cb(err);
      // 'error' (if any) and 'close' come on the next tick.
      if (err) nextTick2(emitErrorCloseNT, self, err);
      else nextTick1(emitCloseNT, self);
    }
    try {
      self._destroy(err || null, onDestroy);
    } catch (e) {
      onDestroy(e);
    }
  }
  function emitErrorCloseNT(self, err) {
    emitErrorNT(self, err);
    emitCloseNT(self);
  }
  function emitCloseNT(self) {
    const r = self._readableState;
    const w = self._writableState;
    if (w) w.closeEmitted = true;
    if (r) r.closeEmitted = true;
    if ((w && w.emitClose) || (r && r.emitClose)) self.emit('close');
  }
  function emitErrorNT(self, err) {
    const r = self._readableState;
    const w = self._writableState;
    if ((w && w.errorEmitted) || (r && r.errorEmitted)) return;
    if (w) w.errorEmitted = true;
    if (r) r.errorEmitted = true;
    self.emit('error', err);
  }
  function undestroy() {
    const r = this._readableState;
    const w = this._writableState;
    if (r) {
      r.constructed = true;
      r.closed = false;
      r.closeEmitted = false;
      r.destroyed = false;
      r.errored = null;
      r.errorEmitted = false;
      r.reading = false;
      r.ended = r.readable === false;
      r.endEmitted = r.readable === false;
    }
    if (w) {
      w.constructed = true;
      w.destroyed = false;
      w.closed = false;
      w.closeEmitted = false;
      w.errored = null;
      w.errorEmitted = false;
      w.finalCalled = false;
      w.prefinished = false;
      w.ended = w.writable === false;
      w.ending = w.writable === false;
      w.finished = w.writable === false;
    }
  }
  function errorOrDestroy(stream, err, sync) {
    const r = stream._readableState;
    const w = stream._writableState;
    if ((w && w.destroyed) || (r && r.destroyed)) return;
    if ((r && r.autoDestroy) || (w && w.autoDestroy)) {
      stream.destroy(err);
    } else if (err) {
      void err.stack;
      if (w && !w.errored) w.errored = err;
      if (r && !r.errored) r.errored = err;
      if (sync) nextTick(emitErrorNT, stream, err);
      else emitErrorNT(stream, err);
    }
  }
  // _construct runs on the next tick; until its callback (itself deferred a
  // tick) the stream neither reads nor writes.
  // (cb takes the stream: its listener, a closure, is made only for a
  // stream with a _construct.)
  function construct(stream, cb) {
    if (typeof stream._construct !== 'function') return;
    const r = stream._readableState;
    const w = stream._writableState;
    if (r) r.constructed = false;
    if (w) w.constructed = false;
    stream.once(kConstruct, () => cb(stream));
    if (stream.listenerCount(kConstruct) > 1) return; // a Duplex: already scheduled
    nextTick(constructNT, stream);
  }
  function constructNT(stream) {
    let called = false;
    function onConstruct(err) {
      if (called) {
        errorOrDestroy(stream, err ?? errors.ERR_MULTIPLE_CALLBACK());
        return;
      }
      called = true;
      const r = stream._readableState;
      const w = stream._writableState;
      const s = w || r;
      if (r) r.constructed = true;
      if (w) w.constructed = true;
      if (s.destroyed) stream.emit(kDestroy, err);
      else if (err) errorOrDestroy(stream, err, true);
      else stream.emit(kConstruct);
    }
    try {
      stream._construct((err) => { nextTick(onConstruct, err); });
    } catch (err) {
      nextTick(onConstruct, err);
    }
  }
  // Destroys whatever kind of stream it is given (Node's destroyer).
  function destroyer(stream, err) {
    if (!stream || isDestroyed(stream)) return;
    if (!err && !isFinished(stream)) err = new AbortError();
    if (isServerRequest(stream)) {
      stream.socket = null;
      stream.destroy(err);
    } else if (isRequest(stream)) {
      stream.abort();
    } else if (isRequest(stream.req)) {
      stream.req.abort();
    } else if (typeof stream.destroy === 'function') {
      stream.destroy(err);
    } else if (typeof stream.close === 'function') {
      stream.close();
    } else if (err) {
      nextTick((s, e) => { s.emit('error', e); s.emit('close'); }, stream, err);
    } else {
      nextTick((s) => { s.emit('close'); }, stream);
    }
    if (!stream.destroyed) stream[kIsDestroyed] = true;
  }

  // ------------------------------------------------------------- Stream (legacy)
  // lib/internal/streams/legacy.js: the old Stream with its simple pipe().
  function Stream(opts) {
    EE.call(this, opts);
  }
  Object.setPrototypeOf(Stream.prototype, EE.prototype);
  Object.setPrototypeOf(Stream, EE);
  Stream.prototype.pipe = function (dest, options) {
    const source = this;
    function ondata(chunk) {
      if (dest.writable && dest.write(chunk) === false && source.pause) source.pause();
    }
    source.on('data', ondata);
    function ondrain() {
      if (source.readable && source.resume) source.resume();
    }
    dest.on('drain', ondrain);
    if (!dest._isStdio && (!options || options.end !== false)) {
      source.on('end', onend);
      source.on('close', onclose);
    }
    let didOnEnd = false;
    function onend() {
      if (didOnEnd) return;
      didOnEnd = true;
      dest.end();
    }
    function onclose() {
      if (didOnEnd) return;
      didOnEnd = true;
      if (typeof dest.destroy === 'function') dest.destroy();
    }
    function onerror(er) {
      cleanup();
      if (EE.listenerCount(this, 'error') === 0) this.emit('error', er);
    }
    prependListener(source, 'error', onerror);
    prependListener(dest, 'error', onerror);
    function cleanup() {
      source.removeListener('data', ondata);
      dest.removeListener('drain', ondrain);
      source.removeListener('end', onend);
      source.removeListener('close', onclose);
      source.removeListener('error', onerror);
      dest.removeListener('error', onerror);
      source.removeListener('end', cleanup);
      source.removeListener('close', cleanup);
      dest.removeListener('close', cleanup);
    }
    source.on('end', cleanup);
    source.on('close', cleanup);
    dest.on('close', cleanup);
    dest.emit('pipe', source);
    return dest;
  };
  // Adds a listener first, even on emitters without prependListener.
  function prependListener(emitter, event, fn) {
    if (typeof emitter.prependListener === 'function') return emitter.prependListener(event, fn);
    if (!emitter._events || !emitter._events[event]) emitter.on(event, fn);
    else if (Array.isArray(emitter._events[event])) emitter._events[event].unshift(fn);
    else emitter._events[event] = [fn, emitter._events[event]];
  }

  // ------------------------------------------------------------- Readable
  function ReadableState(options, stream, isDuplex) {
    if (typeof isDuplex !== 'boolean') isDuplex = stream instanceof Duplex;
    this.objectMode = !!(options && options.objectMode);
    if (isDuplex) this.objectMode = this.objectMode || !!(options && options.readableObjectMode);
    this.highWaterMark = options ? getHighWaterMark(this, options, 'readableHighWaterMark', isDuplex)
      : getDefaultHighWaterMark(false);
    this.buffer = [];
    this.length = 0;
    this.pipes = [];
    this.flowing = null; // null: neither flowing nor paused yet
    this.paused = null;
    this.ended = false;
    this.endEmitted = false;
    this.reading = false;
    this.constructed = true;
    // Whether a push() happens inside _read (then 'readable' waits a tick).
    this.sync = true;
    this.needReadable = false;
    this.emittedReadable = false;
    this.readableListening = false;
    this.dataListening = false;
    this.resumeScheduled = false;
    this.errorEmitted = false;
    this.emitClose = !options || options.emitClose !== false;
    this.autoDestroy = !options || options.autoDestroy !== false;
    this.destroyed = false;
    this.errored = null;
    this.closed = false;
    this.closeEmitted = false;
    const enc = options?.defaultEncoding;
    if (enc == null) this.defaultEncoding = 'utf8';
    else if (Buffer.isEncoding(enc)) this.defaultEncoding = String(enc).toLowerCase() === 'utf-8' ? 'utf8' : enc;
    else throw errors.ERR_UNKNOWN_ENCODING(enc);
    this.awaitDrainWriters = null;
    this.multiAwaitDrain = false;
    this.readingMore = false;
    this.dataEmitted = false;
    this.decoder = null;
    this.encoding = null;
    if (options && options.encoding) {
      this.decoder = newDecoder(options.encoding);
      this.encoding = this.decoder.encoding;
    }
  }
  Object.defineProperty(ReadableState.prototype, 'pipesCount', { get() { return this.pipes.length; } });
  // The ReadableState `new ReadableState({ highWaterMark }, stream, false)`
  // makes for a highWaterMark getHighWaterMark keeps as it is (an integer,
  // 0 or more), with readingMore then set to `readingMore`: the same
  // fields, in the same order, made by one literal (a field defined costs
  // QuickJS less than one set on `this`, which looks along the prototype
  // chain first). Keep it in step with ReadableState.
  internals.plainReadableState = (highWaterMark, readingMore) => ({
    __proto__: ReadableState.prototype,
    objectMode: false,
    highWaterMark,
    buffer: [],
    length: 0,
    pipes: [],
    flowing: null,
    paused: null,
    ended: false,
    endEmitted: false,
    reading: false,
    constructed: true,
    sync: true,
    needReadable: false,
    emittedReadable: false,
    readableListening: false,
    dataListening: false,
    resumeScheduled: false,
    errorEmitted: false,
    emitClose: true,
    autoDestroy: true,
    destroyed: false,
    errored: null,
    closed: false,
    closeEmitted: false,
    defaultEncoding: 'utf8',
    awaitDrainWriters: null,
    multiAwaitDrain: false,
    readingMore,
    dataEmitted: false,
    decoder: null,
    encoding: null,
  });

  function Readable(options) {
    if (!(this instanceof Readable)) return new Readable(options);
    const isDuplex = this instanceof Duplex;
    // The common events' slots first, as Node lays them out (eventNames()
    // lists in this order).
    this._events ??= { close: undefined, error: undefined, data: undefined, end: undefined, readable: undefined };
    this._readableState = new ReadableState(options, this, isDuplex);
    if (options) {
      if (typeof options.read === 'function') this._read = options.read;
      if (typeof options.destroy === 'function') this._destroy = options.destroy;
      if (typeof options.construct === 'function') this._construct = options.construct;
      if (options.signal && !isDuplex) addAbortSignalNoValidate(options.signal, this);
    }
    Stream.call(this, options);
    construct(this, readableConstructed);
  }
  function readableConstructed(stream) {
    if (stream._readableState.needReadable) maybeReadMore(stream, stream._readableState);
  }
  Object.setPrototypeOf(Readable.prototype, Stream.prototype);
  Object.setPrototypeOf(Readable, Stream);
  Readable.ReadableState = ReadableState;
  Readable.prototype.destroy = destroy;
  Readable.prototype._undestroy = undestroy;
  Readable.prototype._destroy = function (err, cb) { cb(err); };
  Readable.prototype[EE.captureRejectionSymbol] = function (err) { this.destroy(err); };
  if (Symbol.asyncDispose) {
    Readable.prototype[Symbol.asyncDispose] = async function () {
      let error;
      if (!this.destroyed) {
        error = this.readableEnded ? null : new AbortError();
        this.destroy(error);
      }
      await new Promise((resolve, reject) => eos(this, (err) => (err && err !== error ? reject(err) : resolve(null))));
    };
  }

  Readable.prototype.push = function (chunk, encoding) {
    return readableAddChunk(this, chunk, encoding, false);
  };
  Readable.prototype.unshift = function (chunk, encoding) {
    return readableAddChunk(this, chunk, encoding, true);
  };
  function readableAddChunk(stream, chunk, encoding, addToFront) {
    const state = stream._readableState;
    if (chunk === null) {
      state.reading = false;
      onEofChunk(stream, state);
      return false;
    }
    if (!state.objectMode) {
      if (typeof chunk === 'string') {
        encoding = encoding || state.defaultEncoding;
        if (state.encoding !== encoding) {
          if (addToFront && state.encoding) chunk = Buffer.from(chunk, encoding).toString(state.encoding);
          else {
            chunk = Buffer.from(chunk, encoding);
            encoding = '';
          }
        }
      } else if (chunk instanceof Buffer) {
        encoding = '';
      } else if (isArrayBufferView(chunk)) {
        chunk = toBuffer(chunk);
        encoding = '';
      } else if (typeof chunk !== 'undefined') {
        errorOrDestroy(stream, errors.ERR_INVALID_ARG_TYPE('chunk', ['string', 'Buffer', 'TypedArray', 'DataView'], chunk));
        return false;
      }
      if (!chunk || chunk.length <= 0) {
        if (!addToFront) {
          state.reading = false;
          maybeReadMore(stream, state);
        }
        return canPushMore(state);
      }
    }
    if (addToFront) {
      if (state.endEmitted) errorOrDestroy(stream, errors.ERR_STREAM_UNSHIFT_AFTER_END_EVENT());
      else if (state.destroyed || state.errored) return false;
      else addChunk(stream, state, chunk, true);
      return canPushMore(state);
    }
    if (state.ended) {
      errorOrDestroy(stream, errors.ERR_STREAM_PUSH_AFTER_EOF());
      return false;
    }
    if (state.destroyed || state.errored) return false;
    state.reading = false;
    if (state.decoder && !encoding) {
      chunk = state.decoder.write(chunk);
      if (!state.objectMode && chunk.length === 0) {
        maybeReadMore(stream, state);
        return canPushMore(state);
      }
    }
    addChunk(stream, state, chunk, false);
    return canPushMore(state);
  }
  // Readable.prototype.push(chunk) for a Buffer that its caller has just
  // made and that no one else has (a socket's read, which Node's
  // lib/internal/stream_base_commons.js onStreamRead pushes as a new
  // Buffer): readableAddChunk's steps for it (readable.js
  // readableAddChunkPushByteMode, then addChunk and maybeReadMore) in one
  // call. A Buffer takes no type checks and sets the encoding to ''; an
  // object-mode stream, an empty chunk, or one that has ended, is destroyed
  // or errored takes readableAddChunk's own path (its errors and returns).
  // length: the chunk's length, which its caller knows (it made the chunk
  // with that many bytes; a typed array's length getter is a call).
  function readablePushBuffer(stream, chunk, length) {
    const state = stream._readableState;
    if (state.objectMode || length === 0 || state.ended || state.destroyed || state.errored) {
      return readableAddChunk(stream, chunk, undefined, false);
    }
    state.reading = false;
    if (state.decoder) {
      chunk = state.decoder.write(chunk);
      length = chunk.length;
      if (length === 0) {
        maybeReadMore(stream, state);
        return canPushMore(state);
      }
    }
    // addChunk(stream, state, chunk, false).
    if (state.flowing && !state.sync && state.dataListening && state.length === 0) {
      if (state.multiAwaitDrain) state.awaitDrainWriters.clear();
      else state.awaitDrainWriters = null;
      state.dataEmitted = true;
      emitData(stream, chunk);
    } else {
      state.length += length;
      state.buffer.push(chunk);
      if (state.needReadable) emitReadable(stream);
    }
    // maybeReadMore(stream, state).
    if (!state.readingMore && state.constructed) {
      state.readingMore = true;
      processObject.nextTick(maybeReadMore_, stream, state);
    }
    // canPushMore(state).
    return !state.ended && (state.length < state.highWaterMark || state.length === 0);
  }
  function canPushMore(state) {
    return !state.ended && (state.length < state.highWaterMark || state.length === 0);
  }
  function addChunk(stream, state, chunk, addToFront) {
    if (state.flowing && !state.sync && state.dataListening && state.length === 0) {
      // Straight to the 'data' listeners.
      if (state.multiAwaitDrain) state.awaitDrainWriters.clear();
      else state.awaitDrainWriters = null;
      state.dataEmitted = true;
      emitData(stream, chunk);
    } else {
      state.length += state.objectMode ? 1 : chunk.length;
      if (addToFront) state.buffer.unshift(chunk);
      else state.buffer.push(chunk);
      if (state.needReadable) emitReadable(stream);
    }
    maybeReadMore(stream, state);
  }

  Readable.prototype.isPaused = function () {
    const state = this._readableState;
    return state.paused === true || state.flowing === false;
  };
  Readable.prototype.setEncoding = function (enc) {
    const decoder = newDecoder(enc);
    const state = this._readableState;
    state.decoder = decoder;
    state.encoding = decoder.encoding;
    // What is buffered already is decoded now.
    let content = '';
    for (const data of state.buffer) content += decoder.write(data);
    state.buffer = [];
    if (content !== '') state.buffer.push(content);
    state.length = content.length;
    return this;
  };

  const MAX_HWM = 0x40000000;
  function computeNewHighWaterMark(n) {
    if (n > MAX_HWM) throw errors.ERR_OUT_OF_RANGE('size', '<= 1GiB', n);
    // The next power of 2.
    n--;
    n |= n >>> 1;
    n |= n >>> 2;
    n |= n >>> 4;
    n |= n >>> 8;
    n |= n >>> 16;
    n++;
    return n;
  }
  function howMuchToRead(n, state) {
    if (n <= 0 || (state.length === 0 && state.ended)) return 0;
    if (state.objectMode) return 1;
    if (Number.isNaN(n)) {
      // One chunk at a time while flowing, else everything buffered.
      if (state.flowing && state.length) return state.buffer[0].length;
      return state.length;
    }
    if (n <= state.length) return n;
    return state.ended ? state.length : 0;
  }

  Readable.prototype.read = function (n) {
    if (typeof n === 'undefined') n = NaN;
    else if (!Number.isInteger(n)) n = Number.parseInt(n, 10);
    const state = this._readableState;
    const nOrig = n;
    if (n > state.highWaterMark) state.highWaterMark = computeNewHighWaterMark(n);
    if (n !== 0) state.emittedReadable = false;
    // read(0) with enough buffered only signals 'readable'.
    if (n === 0 && state.needReadable &&
      ((state.highWaterMark !== 0 ? state.length >= state.highWaterMark : state.length > 0) || state.ended)) {
      if (state.length === 0 && state.ended) endReadable(this);
      else emitReadable(this);
      return null;
    }
    n = howMuchToRead(n, state);
    if (n === 0 && state.ended) {
      if (state.length === 0) endReadable(this);
      return null;
    }
    // Call _read when below the high water mark.
    let doRead = state.needReadable;
    if (state.length === 0 || state.length - n < state.highWaterMark) doRead = true;
    if (state.ended || state.reading || state.destroyed || state.errored || !state.constructed) {
      doRead = false;
    } else if (doRead) {
      state.reading = true;
      state.sync = true;
      if (state.length === 0) state.needReadable = true;
      try {
        this._read(state.highWaterMark);
      } catch (err) {
        errorOrDestroy(this, err);
      }
      state.sync = false;
      // A synchronous push may have changed how much there is.
      if (!state.reading) n = howMuchToRead(nOrig, state);
    }
    let ret = n > 0 ? fromList(n, state) : null;
    if (ret === null) {
      if (state.length <= state.highWaterMark) state.needReadable = true;
      n = 0;
    } else {
      state.length -= n;
      if (state.multiAwaitDrain) state.awaitDrainWriters.clear();
      else state.awaitDrainWriters = null;
    }
    if (state.length === 0) {
      if (!state.ended) state.needReadable = true;
      if (nOrig !== n && state.ended) endReadable(this);
    }
    if (ret !== null && !state.errorEmitted && !state.closeEmitted) {
      state.dataEmitted = true;
      emitData(this, ret);
    }
    return ret;
  };
  const readableRead = Readable.prototype.read;

  function onEofChunk(stream, state) {
    if (state.ended) return;
    if (state.decoder) {
      const chunk = state.decoder.end();
      if (chunk && chunk.length) {
        state.buffer.push(chunk);
        state.length += state.objectMode ? 1 : chunk.length;
      }
    }
    state.ended = true;
    if (state.sync) {
      // Pushed inside _read: 'readable' on the next tick.
      emitReadable(stream);
    } else {
      state.needReadable = false;
      state.emittedReadable = true;
      emitReadable_(stream);
    }
  }
  // 'readable' is emitted on the next tick, once per batch.
  function emitReadable(stream) {
    const state = stream._readableState;
    state.needReadable = false;
    if (!state.emittedReadable) {
      state.emittedReadable = true;
      nextTick1(emitReadable_, stream);
    }
  }
  function emitReadable_(stream) {
    const state = stream._readableState;
    if (!state.destroyed && !state.errored && (state.length || state.ended)) {
      stream.emit('readable');
      state.emittedReadable = false;
    }
    state.needReadable = !state.flowing && !state.ended && state.length <= state.highWaterMark;
    flow(stream);
  }
  // Reads ahead to the high water mark on the next tick.
  function maybeReadMore(stream, state) {
    if (!state.readingMore && state.constructed) {
      state.readingMore = true;
      processObject.nextTick(maybeReadMore_, stream, state);
    }
  }
  function maybeReadMore_(stream, state) {
    while (!state.reading && !state.ended &&
      (state.length < state.highWaterMark || (state.flowing && state.length === 0))) {
      const len = state.length;
      if (len === 0 && stream.read === readableRead) {
        // Readable.prototype.read(0) (lib/internal/streams/readable.js)
        // in line, for this usual call: nothing buffered, not ended, not
        // reading (the loop's condition), and read is Readable's own. Its
        // steps then come to these: 0 is not above the high water mark and
        // leaves emittedReadable as it is; the early 'readable' check needs
        // a length or the end, so it is skipped; howMuchToRead(0) is 0, and
        // with nothing buffered doRead is true, so _read is called unless
        // the stream is destroyed, errored or not constructed; fromList is
        // not reached (n is 0), so needReadable is set again when the
        // length is at most the high water mark (a synchronous push in
        // _read may have changed it); the length 0 / ended checks after it
        // set needReadable only, which the check before has done (the high
        // water mark is 0 or more), as nOrig equals n. Nothing is emitted.
        if (!state.destroyed && !state.errored && state.constructed) {
          state.reading = true;
          state.sync = true;
          state.needReadable = true;
          try {
            stream._read(state.highWaterMark);
          } catch (err) {
            errorOrDestroy(stream, err);
          }
          state.sync = false;
        }
        if (state.length <= state.highWaterMark) state.needReadable = true;
      } else stream.read(0);
      if (len === state.length) break; // nothing more came
    }
    state.readingMore = false;
  }
  Readable.prototype._read = function (n) {
    throw errors.ERR_METHOD_NOT_IMPLEMENTED('_read()');
  };

  Readable.prototype.pipe = function (dest, pipeOpts) {
    const src = this;
    const state = this._readableState;
    if (state.pipes.length === 1 && !state.multiAwaitDrain) {
      state.multiAwaitDrain = true;
      state.awaitDrainWriters = new Set(state.awaitDrainWriters ? [state.awaitDrainWriters] : []);
    }
    state.pipes.push(dest);
    const proc = internals.global && internals.global.process;
    const doEnd = (!pipeOpts || pipeOpts.end !== false) && (!proc || (dest !== proc.stdout && dest !== proc.stderr));
    const endFn = doEnd ? onend : unpipe;
    if (state.endEmitted) nextTick(endFn);
    else src.once('end', endFn);
    dest.on('unpipe', onunpipe);
    function onunpipe(readable, unpipeInfo) {
      if (readable === src && unpipeInfo && unpipeInfo.hasUnpiped === false) {
        unpipeInfo.hasUnpiped = true;
        cleanup();
      }
    }
    function onend() { dest.end(); }
    let ondrain;
    let cleanedUp = false;
    function cleanup() {
      dest.removeListener('close', onclose);
      dest.removeListener('finish', onfinish);
      if (ondrain) dest.removeListener('drain', ondrain);
      dest.removeListener('error', onerror);
      dest.removeListener('unpipe', onunpipe);
      src.removeListener('end', onend);
      src.removeListener('end', unpipe);
      src.removeListener('data', ondata);
      cleanedUp = true;
      // A writer we waited for that will now never drain must not stall us.
      if (ondrain && state.awaitDrainWriters && (!dest._writableState || dest._writableState.needDrain)) ondrain();
    }
    function pause() {
      if (!cleanedUp) {
        if (state.pipes.length === 1 && state.pipes[0] === dest) {
          state.awaitDrainWriters = dest;
          state.multiAwaitDrain = false;
        } else if (state.pipes.length > 1 && state.pipes.includes(dest)) {
          state.awaitDrainWriters.add(dest);
        }
        src.pause();
      }
      if (!ondrain) {
        ondrain = pipeOnDrain(src, dest);
        dest.on('drain', ondrain);
      }
    }
    src.on('data', ondata);
    function ondata(chunk) {
      // A write that throws (a chunk dest cannot take) destroys dest.
      try {
        const ret = dest.write(chunk);
        if (ret === false) pause();
      } catch (error) {
        dest.destroy(error);
      }
    }
    // An error on dest unpipes, and is thrown if dest has no other listener.
    function onerror(er) {
      unpipe();
      dest.removeListener('error', onerror);
      if (dest.listenerCount('error') === 0) {
        const s = dest._writableState || dest._readableState;
        if (s && !s.errorEmitted) errorOrDestroy(dest, er);
        else dest.emit('error', er);
      }
    }
    prependListener(dest, 'error', onerror);
    function onclose() {
      dest.removeListener('finish', onfinish);
      unpipe();
    }
    dest.once('close', onclose);
    function onfinish() {
      dest.removeListener('close', onclose);
      unpipe();
    }
    dest.once('finish', onfinish);
    function unpipe() { src.unpipe(dest); }
    dest.emit('pipe', src);
    if (dest.writableNeedDrain === true) pause();
    else if (!state.flowing) src.resume();
    return dest;
  };
  function pipeOnDrain(src, dest) {
    return function pipeOnDrainFunctionResult() {
      const state = src._readableState;
      if (state.awaitDrainWriters === dest) state.awaitDrainWriters = null;
      else if (state.multiAwaitDrain) state.awaitDrainWriters.delete(dest);
      if ((!state.awaitDrainWriters || state.awaitDrainWriters.size === 0) && state.dataListening) src.resume();
    };
  }
  Readable.prototype.unpipe = function (dest) {
    const state = this._readableState;
    const unpipeInfo = { hasUnpiped: false };
    if (state.pipes.length === 0) return this;
    if (!dest) {
      const dests = state.pipes;
      state.pipes = [];
      this.pause();
      for (let i = 0; i < dests.length; i++) dests[i].emit('unpipe', this, { hasUnpiped: false });
      return this;
    }
    const index = state.pipes.indexOf(dest);
    if (index === -1) return this;
    state.pipes.splice(index, 1);
    if (state.pipes.length === 0) this.pause();
    dest.emit('unpipe', this, unpipeInfo);
    return this;
  };

  Readable.prototype.on = function (ev, fn) {
    const res = Stream.prototype.on.call(this, ev, fn);
    const state = this._readableState;
    if (ev === 'data') {
      state.dataListening = true;
      if (this.listenerCount('readable') > 0) state.readableListening = true;
      // Start flowing (next tick) unless paused explicitly.
      if (state.flowing !== false) this.resume();
    } else if (ev === 'readable') {
      if (!state.endEmitted && !state.readableListening) {
        state.readableListening = state.needReadable = true;
        state.flowing = false;
        state.emittedReadable = false;
        if (state.length) emitReadable(this);
        else if (!state.reading) nextTick1(nReadingNextTick, this);
      }
    }
    return res;
  };
  Readable.prototype.addListener = Readable.prototype.on;
  Readable.prototype.removeListener = function (ev, fn) {
    const state = this._readableState;
    const res = Stream.prototype.removeListener.call(this, ev, fn);
    if (ev === 'readable') {
      // After this tick's 'readable' but before I/O, so once('readable') cycles work.
      nextTick1(updateReadableListening, this);
    } else if (ev === 'data' && this.listenerCount('data') === 0) {
      state.dataListening = false;
    }
    return res;
  };
  Readable.prototype.off = Readable.prototype.removeListener;
  Readable.prototype.removeAllListeners = function (ev) {
    const res = Stream.prototype.removeAllListeners.apply(this, arguments);
    if (ev === 'readable' || typeof ev === 'undefined') nextTick1(updateReadableListening, this);
    return res;
  };
  function updateReadableListening(self) {
    const state = self._readableState;
    state.readableListening = self.listenerCount('readable') > 0;
    if (state.resumeScheduled && state.paused === false) {
      state.flowing = true;
    } else if (state.dataListening) {
      self.resume();
    } else if (!state.readableListening) {
      state.flowing = null;
    }
  }
  function nReadingNextTick(self) { self.read(0); }

  Readable.prototype.resume = function () {
    const state = this._readableState;
    if (!state.flowing) {
      // Flowing only without 'readable' listeners, but resume() either way.
      state.flowing = !state.readableListening;
      resume(this, state);
    }
    state.paused = false;
    return this;
  };
  function resume(stream, state) {
    if (!state.resumeScheduled) {
      state.resumeScheduled = true;
      nextTick2(resume_, stream, state);
    }
  }
  function resume_(stream, state) {
    if (!state.reading) stream.read(0);
    state.resumeScheduled = false;
    stream.emit('resume');
    flow(stream);
    if (state.flowing && !state.reading) stream.read(0);
  }
  Readable.prototype.pause = function () {
    const state = this._readableState;
    if (state.flowing !== false) {
      state.flowing = false;
      this.emit('pause');
    }
    state.paused = true;
    return this;
  };
  function flow(stream) {
    const state = stream._readableState;
    while (state.flowing && stream.read() !== null);
  }

  // wrap(): an old-style stream as a Readable.
  Readable.prototype.wrap = function (stream) {
    let paused = false;
    stream.on('data', (chunk) => {
      if (!this.push(chunk) && stream.pause) {
        paused = true;
        stream.pause();
      }
    });
    stream.on('end', () => { this.push(null); });
    stream.on('error', (err) => { errorOrDestroy(this, err); });
    stream.on('close', () => { this.destroy(); });
    stream.on('destroy', () => { this.destroy(); });
    this._read = () => {
      if (paused && stream.resume) {
        paused = false;
        stream.resume();
      }
    };
    const streamKeys = Object.keys(stream);
    for (let j = 1; j < streamKeys.length; j++) {
      const i = streamKeys[j];
      if (typeof this[i] === 'undefined' && typeof stream[i] === 'function') this[i] = stream[i].bind(stream);
    }
    return this;
  };

  Readable.prototype[Symbol.asyncIterator] = function () {
    return streamToAsyncIterator(this);
  };
  Readable.prototype.iterator = function (options) {
    if (typeof options !== 'undefined') validateObject(options, 'options');
    return streamToAsyncIterator(this, options);
  };
  function streamToAsyncIterator(stream, options) {
    if (typeof stream.read !== 'function') stream = Readable.wrap(stream, { objectMode: true });
    const closing = { atYield: false, finish: nop };
    const iter = createAsyncIterator(stream, options, closing);
    iteratorClosing.set(iter, closing);
    iter.stream = stream;
    return iter;
  }
  // AsyncIteratorClose (ECMA-262) awaits the iterator's return() when a
  // for await's body throws, so in Node the generator's finally below has
  // destroyed the stream before the code after the loop (the catch) runs.
  // QuickJS calls return() on a throw but does not await it (its
  // exception path closes for-await iterators as sync ones), and an async
  // generator resumed at a yield by return() runs its finally only after
  // an await: the stream would still be open in the catch. So return()
  // on a generator stopped at a yield runs the finally's work at once
  // (once: the finally then finds it done). A break or return already
  // awaits return(); for them this only moves the destroy a microtask
  // earlier, before the loop's next statement either way.
  const iteratorClosing = new WeakMap();
  const generatorReturn = Object.getPrototypeOf(createAsyncIterator.prototype).return;
  Object.defineProperty(createAsyncIterator.prototype, 'return', {
    value: function (value) {
      const closing = iteratorClosing.get(this);
      if (closing && closing.atYield) {
        closing.atYield = false;
        closing.finish();
      }
      return generatorReturn.call(this, value);
    },
    writable: true,
    configurable: true,
  });
  async function* createAsyncIterator(stream, options, closing) {
    let callback = nop;
    function next(resolve) {
      if (this === stream) {
        callback();
        callback = nop;
      } else {
        callback = resolve;
      }
    }
    stream.on('readable', next);
    let error;
    const cleanup = eos(stream, { writable: false }, (err) => {
      error = err ? aggregateTwoErrors(error, err) : null;
      callback();
      callback = nop;
    });
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      if ((error || options?.destroyOnReturn !== false) &&
        (typeof error === 'undefined' || stream._readableState.autoDestroy)) {
        destroyer(stream, null);
      } else {
        stream.off('readable', next);
        cleanup();
      }
    };
    closing.finish = finish;
    try {
      while (true) {
        const chunk = stream.destroyed ? null : stream.read();
        if (chunk !== null) {
          closing.atYield = true;
          yield chunk;
          closing.atYield = false;
        } else if (error) throw error;
        else if (error === null) return;
        else await new Promise(next);
      }
    } catch (err) {
      error = aggregateTwoErrors(error, err);
      throw error;
    } finally {
      closing.atYield = false;
      finish();
    }
  }

  function defineGetters(proto, props) {
    for (const [name, desc] of Object.entries(props)) {
      Object.defineProperty(proto, name, { enumerable: false, configurable: true, ...desc });
    }
  }
  defineGetters(Readable.prototype, {
    readable: {
      get() {
        const r = this._readableState;
        return !!r && r.readable !== false && !r.destroyed && !r.errorEmitted && !r.endEmitted;
      },
      set(val) { if (this._readableState) this._readableState.readable = !!val; },
    },
    readableDidRead: { get() { return this._readableState.dataEmitted; } },
    readableAborted: {
      get() {
        const r = this._readableState;
        return !!(r.readable !== false && (r.destroyed || r.errored) && !r.endEmitted);
      },
    },
    readableHighWaterMark: { get() { return this._readableState.highWaterMark; } },
    readableBuffer: { get() { return this._readableState && this._readableState.buffer; } },
    readableFlowing: {
      get() { return this._readableState.flowing; },
      set(state) { if (this._readableState) this._readableState.flowing = state; },
    },
    readableLength: { get() { return this._readableState.length; } },
    readableObjectMode: { get() { return this._readableState ? this._readableState.objectMode : false; } },
    readableEncoding: { get() { return this._readableState ? this._readableState.encoding : null; } },
    errored: { get() { return this._readableState ? this._readableState.errored : null; } },
    closed: { get() { return this._readableState ? this._readableState.closed : false; } },
    destroyed: {
      get() { return this._readableState ? this._readableState.destroyed : false; },
      set(value) { if (this._readableState) this._readableState.destroyed = value; },
    },
    readableEnded: { get() { return this._readableState ? this._readableState.endEmitted : false; } },
  });

  // Data taken from the buffer: one chunk in object mode, else n bytes or chars.
  function fromList(n, state) {
    if (state.length === 0) return null;
    const buf = state.buffer;
    let ret;
    if (state.objectMode) ret = buf.shift();
    else if (!n || n >= state.length) {
      if (state.decoder) ret = buf.join('');
      else if (buf.length === 1) ret = buf[0];
      else ret = Buffer.concat(buf, state.length);
      state.buffer = [];
    } else {
      const first = buf[0];
      if (n < first.length) {
        ret = first.slice(0, n);
        buf[0] = first.slice(n);
      } else if (n === first.length) {
        ret = buf.shift();
      } else if (state.decoder) {
        ret = '';
        while (ret.length < n) {
          const s = buf[0];
          const need = n - ret.length;
          if (s.length <= need) { ret += s; buf.shift(); } else { ret += s.slice(0, need); buf[0] = s.slice(need); }
        }
      } else {
        ret = Buffer.allocUnsafe(n);
        let off = 0;
        while (off < n) {
          const b = buf[0];
          const need = n - off;
          if (b.length <= need) { ret.set(b, off); off += b.length; buf.shift(); } else {
            ret.set(b.subarray(0, need), off);
            off += need;
            buf[0] = b.slice(need);
          }
        }
      }
    }
    return ret;
  }

  function endReadable(stream) {
    const state = stream._readableState;
    if (!state.endEmitted) {
      state.ended = true;
      nextTick2(endReadableNT, state, stream);
    }
  }
  function endReadableNT(state, stream) {
    if (!state.errored && !state.closeEmitted && !state.endEmitted && state.length === 0) {
      state.endEmitted = true;
      stream.emit('end');
      if (stream.writable && stream.allowHalfOpen === false) {
        nextTick1(endWritableNT, stream);
      } else if (state.autoDestroy) {
        // Destroy once the writable side (if any) is done too.
        const w = stream._writableState;
        const autoDestroy = !w || (w.autoDestroy && (w.finished || w.writable === false));
        if (autoDestroy) stream.destroy();
      }
    }
  }
  function endWritableNT(stream) {
    const writable = stream.writable && !stream.writableEnded && !stream.destroyed;
    if (writable) stream.end();
  }

  Readable.from = function (iterable, opts) { return from(Readable, iterable, opts); };
  // Conversions to and from WHATWG streams (node/stream_web.js).
  const webAdapters = () => internals.require('stream/web')[Symbol.for('jsloop.node.stream.web.adapters')];
  Readable.fromWeb = function (readableStream, options) {
    return webAdapters().newStreamReadableFromReadableStream(readableStream, options);
  };
  Readable.toWeb = function (streamReadable, options) {
    return webAdapters().newReadableStreamFromStreamReadable(streamReadable, options);
  };
  Readable.wrap = function (src, options) {
    return new Readable({
      objectMode: src.readableObjectMode ?? src.objectMode ?? true,
      ...options,
      destroy(err, callback) {
        destroyer(src, err);
        callback(err);
      },
    }).wrap(src);
  };
  Readable._fromList = fromList;

  // lib/internal/streams/from.js: an iterable as a Readable (object mode,
  // high water mark 1 unless told otherwise).
  function from(Readable, iterable, opts) {
    let iterator;
    if (typeof iterable === 'string' || iterable instanceof Buffer) {
      return new Readable({
        objectMode: true,
        ...opts,
        read() {
          this.push(iterable);
          this.push(null);
        },
      });
    }
    let isAsync;
    if (iterable?.[Symbol.asyncIterator]) {
      isAsync = true;
      iterator = iterable[Symbol.asyncIterator]();
    } else if (iterable?.[Symbol.iterator]) {
      isAsync = false;
      iterator = iterable[Symbol.iterator]();
    } else {
      throw errors.ERR_INVALID_ARG_TYPE('iterable', ['Iterable'], iterable);
    }
    const readable = new Readable({ objectMode: true, highWaterMark: 1, ...opts });
    const originalDestroy = readable._destroy;
    let reading = false;
    let isAsyncValues = false;
    readable._read = function () {
      if (!reading) {
        reading = true;
        if (isAsync) nextAsync();
        else if (isAsyncValues) nextSyncWithAsyncValues();
        else nextSyncWithSyncValues();
      }
    };
    readable._destroy = function (error, cb) {
      originalDestroy.call(this, error, (destroyError) => {
        const combined = destroyError || error;
        close(combined).then(() => nextTick(cb, combined), (closeError) => nextTick(cb, aggregateTwoErrors(combined, closeError)));
      });
    };
    async function close(error) {
      const hadError = typeof error !== 'undefined' && error !== null;
      if (hadError && typeof iterator.throw === 'function') {
        const { value, done } = await iterator.throw(error);
        await value;
        if (done) return;
      }
      if (typeof iterator.return === 'function') {
        const { value } = await iterator.return();
        await value;
      }
    }
    // A sync iterator's values are pushed in one go while push() allows.
    function nextSyncWithSyncValues() {
      for (;;) {
        try {
          const { value, done } = iterator.next();
          if (done) {
            readable.push(null);
            return;
          }
          if (value && typeof value.then === 'function') return changeToAsyncValues(value);
          if (value === null) {
            reading = false;
            throw errors.ERR_STREAM_NULL_VALUES();
          }
          if (readable.push(value)) continue;
          reading = false;
        } catch (err) {
          readable.destroy(err);
        }
        break;
      }
    }
    async function changeToAsyncValues(value) {
      isAsyncValues = true;
      try {
        const res = await value;
        if (res === null) {
          reading = false;
          throw errors.ERR_STREAM_NULL_VALUES();
        }
        if (readable.push(res)) {
          nextSyncWithAsyncValues();
          return;
        }
        reading = false;
      } catch (err) {
        readable.destroy(err);
      }
    }
    async function nextSyncWithAsyncValues() {
      for (;;) {
        try {
          const { value, done } = iterator.next();
          if (done) {
            readable.push(null);
            return;
          }
          const res = value && typeof value.then === 'function' ? await value : value;
          if (res === null) {
            reading = false;
            throw errors.ERR_STREAM_NULL_VALUES();
          }
          if (readable.push(res)) continue;
          reading = false;
        } catch (err) {
          readable.destroy(err);
        }
        break;
      }
    }
    async function nextAsync() {
      for (;;) {
        try {
          const { value, done } = await iterator.next();
          if (done) {
            readable.push(null);
            return;
          }
          if (value === null) {
            reading = false;
            throw errors.ERR_STREAM_NULL_VALUES();
          }
          if (readable.push(value)) continue;
          reading = false;
        } catch (err) {
          readable.destroy(err);
        }
        break;
      }
    }
    return readable;
  }

  // ------------------------------------------------------------- Writable
  function WritableState(options, stream, isDuplex) {
    if (typeof isDuplex !== 'boolean') isDuplex = stream instanceof Duplex;
    this.objectMode = !!(options && options.objectMode);
    if (isDuplex) this.objectMode = this.objectMode || !!(options && options.writableObjectMode);
    this.highWaterMark = options ? getHighWaterMark(this, options, 'writableHighWaterMark', isDuplex)
      : getDefaultHighWaterMark(false);
    this.finalCalled = false;
    this.needDrain = false;
    this.ending = false;
    this.ended = false;
    this.finished = false;
    this.destroyed = false;
    this.decodeStrings = !options || options.decodeStrings !== false;
    const enc = options ? options.defaultEncoding : null;
    if (enc == null || enc === 'utf8' || enc === 'utf-8') this.defaultEncoding = 'utf8';
    else if (Buffer.isEncoding(enc)) this.defaultEncoding = enc;
    else throw errors.ERR_UNKNOWN_ENCODING(enc);
    this.length = 0;
    this.writing = false;
    this.corked = 0;
    // Whether _write called back synchronously.
    this.sync = true;
    this.bufferProcessing = false;
    this.onwrite = (er) => onwrite(stream, er);
    this.writecb = null;
    this.writelen = 0;
    this.expectWriteCb = false;
    this.afterWriteTickInfo = null;
    this.afterWritePending = false;
    resetBuffer(this);
    this.pendingcb = 0;
    this.constructed = true;
    this.prefinished = false;
    this.errorEmitted = false;
    this.emitClose = !options || options.emitClose !== false;
    this.autoDestroy = !options || options.autoDestroy !== false;
    this.errored = null;
    this.closed = false;
    this.closeEmitted = false;
    this.onFinished = [];
    // A stream's own write of a whole chunk at once, for Writable's write
    // (a socket's: js/43_net.js sets the host's netWriteNow), or null.
    this.writeNow = null;
  }
  function resetBuffer(state) {
    state.buffered = [];
    state.bufferedIndex = 0;
    state.allBuffers = true;
    state.allNoop = true;
  }
  WritableState.prototype.getBuffer = function () { return this.buffered.slice(this.bufferedIndex); };
  defineGetters(WritableState.prototype, {
    bufferedRequestCount: { get() { return this.buffered.length - this.bufferedIndex; } },
  });

  function Writable(options) {
    const isDuplex = this instanceof Duplex;
    if (!isDuplex && !Function.prototype[Symbol.hasInstance].call(Writable, this)) return new Writable(options);
    this._events ??= { close: undefined, error: undefined, prefinish: undefined, finish: undefined, drain: undefined };
    this._writableState = new WritableState(options, this, isDuplex);
    if (options) {
      if (typeof options.write === 'function') this._write = options.write;
      if (typeof options.writev === 'function') this._writev = options.writev;
      if (typeof options.destroy === 'function') this._destroy = options.destroy;
      if (typeof options.final === 'function') this._final = options.final;
      if (typeof options.construct === 'function') this._construct = options.construct;
      if (options.signal) addAbortSignalNoValidate(options.signal, this);
    }
    Stream.call(this, options);
    construct(this, writableConstructed);
  }
  function writableConstructed(stream) {
    const state = stream._writableState;
    if (!state.writing) clearBuffer(stream, state);
    finishMaybe(stream, state);
  }
  Object.setPrototypeOf(Writable.prototype, Stream.prototype);
  Object.setPrototypeOf(Writable, Stream);
  Writable.WritableState = WritableState;
  // A Duplex is an instance of Writable too (it only inherits from Readable).
  Object.defineProperty(Writable, Symbol.hasInstance, {
    value: function (object) {
      if (Function.prototype[Symbol.hasInstance].call(this, object)) return true;
      if (this !== Writable) return false;
      return !!(object && object._writableState instanceof WritableState);
    },
  });
  Writable.prototype.pipe = function () {
    errorOrDestroy(this, errors.ERR_STREAM_CANNOT_PIPE());
  };

  function _write(stream, chunk, encoding, cb) {
    const state = stream._writableState;
    if (cb == null || typeof cb !== 'function') cb = nop;
    if (chunk === null) throw errors.ERR_STREAM_NULL_VALUES();
    if (!state.objectMode) {
      if (!encoding) encoding = state.defaultEncoding;
      else if (encoding !== 'buffer' && !Buffer.isEncoding(encoding)) throw errors.ERR_UNKNOWN_ENCODING(encoding);
      if (typeof chunk === 'string') {
        if (encoding === 'buffer') throw errors.ERR_UNKNOWN_ENCODING(encoding);
        if (state.decodeStrings) {
          chunk = Buffer.from(chunk, encoding);
          encoding = 'buffer';
        }
      } else if (chunk instanceof Buffer) {
        encoding = 'buffer';
      } else if (isArrayBufferView(chunk)) {
        chunk = toBuffer(chunk);
        encoding = 'buffer';
      } else {
        throw errors.ERR_INVALID_ARG_TYPE('chunk', ['string', 'Buffer', 'TypedArray', 'DataView'], chunk);
      }
    }
    let err;
    if (state.ending) err = errors.ERR_STREAM_WRITE_AFTER_END();
    else if (state.destroyed) err = errors.ERR_STREAM_DESTROYED('write');
    if (err) {
      nextTick(cb, err);
      errorOrDestroy(stream, err, true);
      return err;
    }
    state.pendingcb++;
    // writeOrBuffer(stream, state, chunk, encoding, cb) in line (Node's
    // lib/internal/streams/writable.js keeps it a function of its own; its
    // one caller is here): writes now if nothing is in progress, else
    // queues.
    const len = state.objectMode ? 1 : chunk.length;
    state.length += len;
    if (state.writing || state.corked || state.errored || !state.constructed) {
      state.buffered.push({ chunk, encoding, callback: cb });
      if (state.allBuffers && encoding !== 'buffer') state.allBuffers = false;
      if (state.allNoop && cb !== nop) state.allNoop = false;
    } else {
      state.writelen = len;
      state.writecb = cb;
      state.writing = true;
      state.sync = true;
      state.expectWriteCb = true;
      stream._write(chunk, encoding, state.onwrite);
      state.sync = false;
    }
    const ret = state.length < state.highWaterMark || state.length === 0;
    if (!ret) state.needDrain = true;
    return ret && !state.errored && !state.destroyed;
  }
  Writable.prototype.write = function (chunk, encoding, cb) {
    // (Node's `encoding != null && typeof encoding === 'function'`: a
    // function is never null, and QuickJS tests typeof 'function' in one
    // instruction.)
    if (typeof encoding === 'function') {
      cb = encoding;
      encoding = null;
    }
    const state = this._writableState;
    // A write without a callback or an encoding to a stream that can write
    // a chunk at once (state.writeNow, set by a stream that is never in
    // object mode: a socket's, the host's netWriteNow, node/net_write.rs):
    // writeNow(stream, state, chunk) takes _write's steps for it
    // (lib/internal/streams/writable.js _write, writeOrBuffer, onwrite)
    // when the stream is idle (nothing written or queued, not corked,
    // ending, destroyed or errored, no 'drain' owed, constructed) and the
    // chunk is one it writes itself, and says what write returns; else it
    // says undefined, having only read fields, and the steps below run.
    if (state.writeNow !== null && cb == null && encoding == null) {
      const written = state.writeNow(this, state, chunk);
      if (typeof written !== 'undefined') return written;
    }
    return _write(this, chunk, encoding, cb) === true;
  };
  Writable.prototype.cork = function () {
    this._writableState.corked++;
  };
  Writable.prototype.uncork = function () {
    const state = this._writableState;
    if (state.corked) {
      state.corked--;
      if (!state.writing) clearBuffer(this, state);
    }
  };
  Writable.prototype.setDefaultEncoding = function setDefaultEncoding(encoding) {
    if (typeof encoding === 'string') encoding = encoding.toLowerCase();
    if (!Buffer.isEncoding(encoding)) throw errors.ERR_UNKNOWN_ENCODING(encoding);
    this._writableState.defaultEncoding = encoding;
    return this;
  };

  function doWrite(stream, state, writev, len, chunk, encoding, cb) {
    state.writelen = len;
    state.writecb = cb;
    state.writing = true;
    state.sync = true;
    state.expectWriteCb = true;
    if (state.destroyed) state.onwrite(errors.ERR_STREAM_DESTROYED('write'));
    else if (writev) stream._writev(chunk, state.onwrite);
    else stream._write(chunk, encoding, state.onwrite);
    state.sync = false;
  }
  function onwriteError(stream, state, er, cb) {
    --state.pendingcb;
    cb(er);
    errorBuffer(state);
    errorOrDestroy(stream, er);
  }
  function onwrite(stream, er) {
    const state = stream._writableState;
    if (!state.expectWriteCb) {
      errorOrDestroy(stream, errors.ERR_MULTIPLE_CALLBACK());
      return;
    }
    const sync = state.sync;
    const cb = state.writecb || nop;
    state.writecb = null;
    state.writing = false;
    state.expectWriteCb = false;
    state.length -= state.writelen;
    state.writelen = 0;
    if (er) {
      void er.stack;
      if (!state.errored) state.errored = er;
      if (stream._readableState && !stream._readableState.errored) stream._readableState.errored = er;
      if (sync) nextTick(onwriteError, stream, state, er, cb);
      else onwriteError(stream, state, er, cb);
    } else {
      if (state.buffered.length > state.bufferedIndex) clearBuffer(stream, state);
      if (sync) {
        // A synchronous write's callback (and 'drain') wait for the next
        // tick; writes that complete in the same tick share one tick.
        // (Node 24 tests `state & kDestroyed !== 0`, which JavaScript reads
        // as `state & 1`: the object-mode bit. That is kept.)
        const needDrain = state.needDrain && state.length === 0;
        const needTick = needDrain || state.objectMode || cb !== nop;
        if (cb === nop) {
          if (!state.afterWritePending && needTick) {
            nextTick(afterWrite, stream, state, 1, cb);
            state.afterWritePending = true;
          } else {
            state.pendingcb--;
            if (state.ending) finishMaybe(stream, state, true);
          }
        } else if (state.afterWriteTickInfo !== null && state.afterWriteTickInfo.cb === cb) {
          state.afterWriteTickInfo.count++;
        } else if (needTick) {
          state.afterWriteTickInfo = { count: 1, cb, stream, state };
          nextTick1(afterWriteTick, state.afterWriteTickInfo);
          state.afterWritePending = true;
        } else {
          state.pendingcb--;
          if (state.ending) finishMaybe(stream, state, true);
        }
      } else {
        afterWrite(stream, state, 1, cb);
      }
    }
  }
  function afterWriteTick({ stream, state, count, cb }) {
    state.afterWriteTickInfo = null;
    return afterWrite(stream, state, count, cb);
  }
  function afterWrite(stream, state, count, cb) {
    state.afterWritePending = false;
    const needDrain = !state.ending && !state.destroyed && state.needDrain && state.length === 0;
    if (needDrain) {
      state.needDrain = false;
      stream.emit('drain');
    }
    while (count-- > 0) {
      state.pendingcb--;
      cb(null);
    }
    if (state.destroyed) errorBuffer(state);
    if (state.ending) finishMaybe(stream, state, true);
  }
  // Fails every queued write (the stream was destroyed or errored).
  function errorBuffer(state) {
    if (state.writing) return;
    for (let n = state.bufferedIndex; n < state.buffered.length; ++n) {
      const { chunk, callback } = state.buffered[n];
      const len = state.objectMode ? 1 : chunk.length;
      state.length -= len;
      callback(state.errored ?? errors.ERR_STREAM_DESTROYED('write'));
    }
    callFinishedCallbacks(state, state.errored ?? errors.ERR_STREAM_DESTROYED('end'));
    resetBuffer(state);
  }
  function callFinishedCallbacks(state, err) {
    // (Usually there are none: then no splice, which makes an array.)
    if (state.onFinished.length === 0) return;
    const cbs = state.onFinished.splice(0);
    for (let i = 0; i < cbs.length; i++) cbs[i](err);
  }
  // Writes what was queued: all at once through _writev, else one by one.
  function clearBuffer(stream, state) {
    if (state.corked || state.bufferProcessing || state.destroyed || !state.constructed) return;
    const { buffered, bufferedIndex, objectMode } = state;
    const bufferedLength = buffered.length - bufferedIndex;
    if (!bufferedLength) return;
    let i = bufferedIndex;
    state.bufferProcessing = true;
    if (bufferedLength > 1 && stream._writev) {
      state.pendingcb -= bufferedLength - 1;
      const callback = state.allNoop ? nop : (err) => {
        for (let n = i; n < buffered.length; ++n) buffered[n].callback(err);
      };
      const chunks = state.allNoop && i === 0 ? buffered : buffered.slice(i);
      chunks.allBuffers = state.allBuffers;
      doWrite(stream, state, true, state.length, chunks, '', callback);
      resetBuffer(state);
    } else {
      do {
        const { chunk, encoding, callback } = buffered[i];
        buffered[i++] = null;
        const len = objectMode ? 1 : chunk.length;
        doWrite(stream, state, false, len, chunk, encoding, callback);
      } while (i < buffered.length && !state.writing);
      if (i === buffered.length) resetBuffer(state);
      else if (i > 256) {
        buffered.splice(0, i);
        state.bufferedIndex = 0;
      } else {
        state.bufferedIndex = i;
      }
    }
    state.bufferProcessing = false;
  }

  Writable.prototype._write = function (chunk, encoding, cb) {
    if (this._writev) this._writev([{ chunk, encoding }], cb);
    else throw errors.ERR_METHOD_NOT_IMPLEMENTED('_write()');
  };
  Writable.prototype._writev = null;

  Writable.prototype.end = function (chunk, encoding, cb) {
    const state = this._writableState;
    if (typeof chunk === 'function') {
      cb = chunk;
      chunk = null;
      encoding = null;
    } else if (typeof encoding === 'function') {
      cb = encoding;
      encoding = null;
    }
    let err;
    if (chunk != null) {
      const ret = _write(this, chunk, encoding);
      if (ret instanceof Error) err = ret;
    }
    if (state.corked) {
      state.corked = 1;
      this.uncork();
    }
    if (err) {
      // The write's error is reported already.
    } else if (!state.errored && !state.ending) {
      state.ending = true;
      finishMaybe(this, state, true);
      state.ended = true;
    } else if (state.finished) {
      err = errors.ERR_STREAM_ALREADY_FINISHED('end');
    } else if (state.destroyed) {
      err = errors.ERR_STREAM_DESTROYED('end');
    }
    if (typeof cb === 'function') {
      if (err) nextTick(cb, err);
      else if (state.errored) nextTick(cb, state.errored);
      else if (state.finished) nextTick(cb, null);
      else state.onFinished.push(cb);
    }
    return this;
  };
  function needFinish(state) {
    return state.ending && !state.destroyed && state.constructed && state.length === 0 &&
      !state.errored && state.buffered.length === 0 && !state.finished && !state.writing &&
      !state.errorEmitted && !state.closeEmitted;
  }
  function onFinal(stream, state, err) {
    if (state.prefinished) {
      errorOrDestroy(stream, err ?? errors.ERR_MULTIPLE_CALLBACK());
      return;
    }
    state.pendingcb--;
    if (err) {
      callFinishedCallbacks(state, err);
      errorOrDestroy(stream, err, state.sync);
    } else if (needFinish(state)) {
      state.prefinished = true;
      stream.emit('prefinish');
      // 'finish' after _final's callback waits a tick.
      state.pendingcb++;
      nextTick2(finish, stream, state);
    }
  }
  function prefinish(stream, state) {
    if (state.prefinished || state.finalCalled) return;
    if (typeof stream._final === 'function' && !state.destroyed) {
      state.finalCalled = true;
      state.sync = true;
      state.pendingcb++;
      try {
        stream._final((err) => onFinal(stream, state, err));
      } catch (err) {
        onFinal(stream, state, err);
      }
      state.sync = false;
    } else {
      state.finalCalled = true;
      state.prefinished = true;
      stream.emit('prefinish');
    }
  }
  function finishMaybe(stream, state, sync) {
    if (needFinish(state)) {
      prefinish(stream, state);
      if (state.pendingcb === 0) {
        if (sync) {
          // 'finish' on the next tick when end() was called synchronously.
          state.pendingcb++;
          nextTick((stream, state) => {
            if (needFinish(state)) finish(stream, state);
            else state.pendingcb--;
          }, stream, state);
        } else if (needFinish(state)) {
          state.pendingcb++;
          finish(stream, state);
        }
      }
    }
  }
  function finish(stream, state) {
    state.pendingcb--;
    state.finished = true;
    callFinishedCallbacks(state, null);
    stream.emit('finish');
    if (state.autoDestroy) {
      // Destroy once the readable side (if any) has ended too.
      const r = stream._readableState;
      const autoDestroy = !r || (r.autoDestroy && (r.endEmitted || r.readable === false));
      if (autoDestroy) stream.destroy();
    }
  }

  defineGetters(Writable.prototype, {
    closed: { get() { return this._writableState ? this._writableState.closed : false; } },
    destroyed: {
      get() { return this._writableState ? this._writableState.destroyed : false; },
      set(value) { if (this._writableState) this._writableState.destroyed = value; },
    },
    writable: {
      get() {
        const w = this._writableState;
        return !!w && w.writable !== false && !w.destroyed && !w.errored && !w.ending && !w.ended;
      },
      set(val) { if (this._writableState) this._writableState.writable = !!val; },
    },
    writableFinished: { get() { return this._writableState ? this._writableState.finished : false; } },
    writableObjectMode: { get() { return this._writableState ? this._writableState.objectMode : false; } },
    writableBuffer: { get() { return this._writableState && this._writableState.getBuffer(); } },
    writableEnded: { get() { return this._writableState ? this._writableState.ending : false; } },
    writableNeedDrain: {
      get() {
        const w = this._writableState;
        if (!w) return false;
        return !w.destroyed && !w.ending && w.needDrain;
      },
    },
    writableHighWaterMark: { get() { return this._writableState && this._writableState.highWaterMark; } },
    writableCorked: { get() { return this._writableState ? this._writableState.corked : 0; } },
    writableLength: { get() { return this._writableState && this._writableState.length; } },
    errored: { get() { return this._writableState ? this._writableState.errored : null; } },
    writableAborted: {
      get() {
        const w = this._writableState;
        return !!(w.writable !== false && (w.destroyed || w.errored) && !w.finished);
      },
    },
  });
  Writable.prototype.destroy = function (err, cb) {
    const state = this._writableState;
    // Queued writes fail on the next tick.
    if (!state.destroyed && (state.bufferedIndex < state.buffered.length || state.onFinished.length)) {
      nextTick(errorBuffer, state);
    }
    destroy.call(this, err, cb);
    return this;
  };
  if (Symbol.asyncDispose) {
    // `await using` a Writable destroys it (with an AbortError unless it
    // finished) and waits until it is over.
    Writable.prototype[Symbol.asyncDispose] = async function () {
      let error;
      if (!this.destroyed) {
        error = this.writableFinished ? null : new AbortError();
        this.destroy(error);
      }
      await new Promise((resolve, reject) =>
        eos(this, (err) => (err && err.name !== 'AbortError' ? reject(err) : resolve(null))));
    };
  }
  Writable.fromWeb = function (writableStream, options) {
    return webAdapters().newStreamWritableFromWritableStream(writableStream, options);
  };
  Writable.toWeb = function (streamWritable) {
    return webAdapters().newWritableStreamFromStreamWritable(streamWritable);
  };
  Writable.prototype._undestroy = undestroy;
  Writable.prototype._destroy = function (err, cb) { cb(err); };
  Writable.prototype[EE.captureRejectionSymbol] = function (err) { this.destroy(err); };

  // ------------------------------------------------------------- Duplex
  function Duplex(options) {
    if (!(this instanceof Duplex)) return new Duplex(options);
    this._events ??= {
      close: undefined,
      error: undefined,
      prefinish: undefined,
      finish: undefined,
      drain: undefined,
      data: undefined,
      end: undefined,
      readable: undefined,
    };
    this._readableState = new ReadableState(options, this, true);
    this._writableState = new WritableState(options, this, true);
    if (options) {
      this.allowHalfOpen = options.allowHalfOpen !== false;
      if (options.readable === false) {
        this._readableState.readable = false;
        this._readableState.ended = true;
        this._readableState.endEmitted = true;
      }
      if (options.writable === false) {
        this._writableState.writable = false;
        this._writableState.ending = true;
        this._writableState.ended = true;
        this._writableState.finished = true;
      }
      if (typeof options.read === 'function') this._read = options.read;
      if (typeof options.write === 'function') this._write = options.write;
      if (typeof options.writev === 'function') this._writev = options.writev;
      if (typeof options.destroy === 'function') this._destroy = options.destroy;
      if (typeof options.final === 'function') this._final = options.final;
      if (typeof options.construct === 'function') this._construct = options.construct;
      if (options.signal) addAbortSignal(options.signal, this);
    } else {
      this.allowHalfOpen = true;
    }
    Stream.call(this, options);
    if (typeof this._construct === 'function') {
      construct(this, readableConstructed);
      construct(this, writableConstructed);
    }
  }
  Object.setPrototypeOf(Duplex.prototype, Readable.prototype);
  Object.setPrototypeOf(Duplex, Readable);
  for (const method of Object.keys(Writable.prototype)) {
    if (!Duplex.prototype[method]) Duplex.prototype[method] = Writable.prototype[method];
  }
  for (const name of ['write', 'cork', 'uncork', 'setDefaultEncoding', 'end', '_write', '_writev']) {
    if (!Object.prototype.hasOwnProperty.call(Duplex.prototype, name)) Duplex.prototype[name] = Writable.prototype[name];
  }
  for (const name of ['writable', 'writableHighWaterMark', 'writableObjectMode', 'writableBuffer', 'writableLength',
    'writableFinished', 'writableCorked', 'writableEnded', 'writableNeedDrain']) {
    Object.defineProperty(Duplex.prototype, name, Object.getOwnPropertyDescriptor(Writable.prototype, name));
  }
  defineGetters(Duplex.prototype, {
    destroyed: {
      get() {
        if (typeof this._readableState === 'undefined' || typeof this._writableState === 'undefined') return false;
        return this._readableState.destroyed && this._writableState.destroyed;
      },
      set(value) {
        if (this._readableState && this._writableState) {
          this._readableState.destroyed = value;
          this._writableState.destroyed = value;
        }
      },
    },
  });
  Duplex.prototype.destroy = Writable.prototype.destroy;
  Duplex.fromWeb = function (pair, options) {
    return webAdapters().newStreamDuplexFromReadableWritablePair(pair, options);
  };
  Duplex.toWeb = function (duplex, options) {
    return webAdapters().newReadableWritablePairFromDuplex(duplex, options);
  };

  // A pair of Duplexes, what one writes the other reads (stream.duplexPair).
  const kCallback = Symbol('Callback');
  const kInitOtherSide = Symbol('InitOtherSide');
  class DuplexSide extends Duplex {
    #otherSide = null;
    constructor(options) {
      super(options);
      this[kCallback] = null;
    }
    [kInitOtherSide](otherSide) {
      if (this.#otherSide !== null) throw new Error('jsloop: the other side is set already');
      this.#otherSide = otherSide;
    }
    _read() {
      const callback = this[kCallback];
      if (callback) {
        this[kCallback] = null;
        callback();
      }
    }
    _write(chunk, encoding, callback) {
      if (chunk.length === 0) nextTick(callback);
      else {
        this.#otherSide.push(chunk);
        this.#otherSide[kCallback] = callback;
      }
    }
    _final(callback) {
      this.#otherSide.on('end', callback);
      this.#otherSide.push(null);
    }
  }
  function duplexPair(options) {
    const side0 = new DuplexSide(options);
    const side1 = new DuplexSide(options);
    side0[kInitOtherSide](side1);
    side1[kInitOtherSide](side0);
    return [side0, side1];
  }

  // ------------------------------------------------------------- Transform
  function Transform(options) {
    if (!(this instanceof Transform)) return new Transform(options);
    // A readable high water mark of 0 makes the writable side 0 too.
    const readableHighWaterMark = options ? getHighWaterMark(this, options, 'readableHighWaterMark', true) : null;
    if (readableHighWaterMark === 0) {
      options = {
        ...options,
        highWaterMark: null,
        readableHighWaterMark,
        writableHighWaterMark: options.writableHighWaterMark || 0,
      };
    }
    Duplex.call(this, options);
    // A push from _transform is never "inside _read".
    this._readableState.sync = false;
    this[kCallback] = null;
    if (options) {
      if (typeof options.transform === 'function') this._transform = options.transform;
      if (typeof options.flush === 'function') this._flush = options.flush;
    }
    this.on('prefinish', transformPrefinish);
  }
  Object.setPrototypeOf(Transform.prototype, Duplex.prototype);
  Object.setPrototypeOf(Transform, Duplex);
  function transformFinal(cb) {
    if (typeof this._flush === 'function' && !this.destroyed) {
      this._flush((er, data) => {
        if (er) {
          if (cb) cb(er);
          else this.destroy(er);
          return;
        }
        if (data != null) this.push(data);
        this.push(null);
        if (cb) cb();
      });
    } else {
      this.push(null);
      if (cb) cb();
    }
  }
  function transformPrefinish() {
    if (this._final !== transformFinal) transformFinal.call(this);
  }
  Transform.prototype._final = transformFinal;
  Transform.prototype._transform = function (chunk, encoding, callback) {
    throw errors.ERR_METHOD_NOT_IMPLEMENTED('_transform()');
  };
  Transform.prototype._write = function (chunk, encoding, callback) {
    const rState = this._readableState;
    const wState = this._writableState;
    const length = rState.length;
    this._transform(chunk, encoding, (err, val) => {
      if (err) {
        callback(err);
        return;
      }
      if (val != null) this.push(val);
      if (rState.ended) {
        nextTick(callback);
      } else if (wState.ended || length === rState.length || rState.length < rState.highWaterMark) {
        callback();
      } else {
        // Wait until the reader takes some (_read).
        this[kCallback] = callback;
      }
    });
  };
  Transform.prototype._read = function () {
    if (this[kCallback]) {
      const callback = this[kCallback];
      this[kCallback] = null;
      callback();
    }
  };

  function PassThrough(options) {
    if (!(this instanceof PassThrough)) return new PassThrough(options);
    Transform.call(this, options);
  }
  Object.setPrototypeOf(PassThrough.prototype, Transform.prototype);
  Object.setPrototypeOf(PassThrough, Transform);
  PassThrough.prototype._transform = function (chunk, encoding, cb) { cb(null, chunk); };

  // ------------------------------------------------------------- finished (end-of-stream)
  const kEosNodeSynchronousCallback = Symbol('kEosNodeSynchronousCallback');
  function getEosErrored(stream) {
    const errored = isWritableErrored(stream) || isReadableErrored(stream);
    return (typeof errored !== 'boolean' && errored) || null;
  }
  function getEosOnCloseError(stream, readable, readableFinished, writable, writableFinished) {
    const errored = getEosErrored(stream);
    if (errored) return errored;
    if (readable && !readableFinished && isReadableNodeStream(stream, true)) {
      if (!isReadableFinished(stream, false)) return errors.ERR_STREAM_PREMATURE_CLOSE();
    }
    if (writable && !writableFinished) {
      if (!isWritableFinished(stream, false)) return errors.ERR_STREAM_PREMATURE_CLOSE();
    }
    return null;
  }
  // stream.finished(stream[, options], callback): the callback once the
  // stream has ended, finished, errored or closed early.
  function eos(stream, options, callback) {
    if (arguments.length === 2) {
      callback = options;
      options = {};
    } else if (options == null) {
      options = {};
    } else {
      validateObject(options, 'options');
    }
    validateFunction(callback, 'callback');
    validateAbortSignal(options.signal, 'options.signal');
    if (!isNodeStream(stream)) {
      throw errors.ERR_INVALID_ARG_TYPE('stream', ['ReadableStream', 'WritableStream', 'Stream'], stream);
    }
    const readable = options.readable ?? isReadableNodeStream(stream);
    const writable = options.writable ?? isWritableNodeStream(stream);
    let willClose = willEmitClose(stream) &&
      isReadableNodeStream(stream) === readable && isWritableNodeStream(stream) === writable;
    let writableFinished = isWritableFinished(stream, false);
    let readableFinished = isReadableFinished(stream, false);
    const wState = stream._writableState;
    const rState = stream._readableState;

    // Already over: the callback runs on the next tick.
    let immediateResult;
    if (isClosed(stream)) {
      immediateResult = getEosOnCloseError(stream, readable, readableFinished, writable, writableFinished);
    } else if (wState?.errorEmitted || rState?.errorEmitted) {
      if (!willClose) immediateResult = getEosErrored(stream);
    } else if (!readable && (!willClose || isReadable(stream)) && (writableFinished || isWritable(stream) === false) &&
      (wState == null || typeof wState.pendingcb === 'undefined' || wState.pendingcb === 0)) {
      immediateResult = getEosErrored(stream);
    } else if (!writable && (!willClose || isWritable(stream)) && (readableFinished || isReadable(stream) === false)) {
      immediateResult = getEosErrored(stream);
    } else if (rState && stream.req && stream.aborted) {
      immediateResult = getEosErrored(stream);
    }
    let cleanup = () => { callback = nop; };
    if (typeof immediateResult !== 'undefined') {
      if (options.error !== false) {
        stream.on('error', nop);
        cleanup = () => {
          callback = nop;
          stream.removeListener('error', nop);
        };
      }
    } else if (options.signal?.aborted) {
      immediateResult = new AbortError(undefined, { cause: options.signal.reason });
    }
    if (typeof immediateResult !== 'undefined' && options[kEosNodeSynchronousCallback]) {
      Reflect.apply(callback, stream, immediateResult === null ? [] : [immediateResult]);
      return cleanup;
    }
    if (typeof immediateResult !== 'undefined') {
      nextTick(() => Reflect.apply(callback, stream, immediateResult === null ? [] : [immediateResult]));
      return cleanup;
    }
    callback = once(callback);
    const onlegacyfinish = () => {
      if (!stream.writable) onfinish();
    };
    const onfinish = () => {
      writableFinished = true;
      if (stream.destroyed) willClose = false;
      if (willClose && (!stream.readable || readable)) return;
      if (!readable || readableFinished) callback.call(stream);
    };
    const onend = () => {
      readableFinished = true;
      if (stream.destroyed) willClose = false;
      if (willClose && (!stream.writable || writable)) return;
      if (!writable || writableFinished) callback.call(stream);
    };
    const onerror = (err) => { callback.call(stream, err); };
    const onclose = () => {
      const error = getEosOnCloseError(stream, readable, readableFinished, writable, writableFinished);
      if (error === null) callback.call(stream);
      else callback.call(stream, error);
    };
    const onrequest = () => { stream.req.on('finish', onfinish); };
    if (isRequest(stream)) {
      stream.on('complete', onfinish);
      if (!willClose) stream.on('abort', onclose);
      if (stream.req) onrequest();
      else stream.on('request', onrequest);
    } else if (writable && !wState) {
      // Legacy streams.
      stream.on('end', onlegacyfinish);
      stream.on('close', onlegacyfinish);
    }
    if (!willClose && typeof stream.aborted === 'boolean') stream.on('aborted', onclose);
    stream.on('end', onend);
    stream.on('finish', onfinish);
    if (options.error !== false) stream.on('error', onerror);
    stream.on('close', onclose);
    cleanup = () => {
      callback = nop;
      stream.removeListener('aborted', onclose);
      stream.removeListener('complete', onfinish);
      stream.removeListener('abort', onclose);
      stream.removeListener('request', onrequest);
      if (stream.req) stream.req.removeListener('finish', onfinish);
      stream.removeListener('end', onlegacyfinish);
      stream.removeListener('close', onlegacyfinish);
      stream.removeListener('finish', onfinish);
      stream.removeListener('end', onend);
      stream.removeListener('error', onerror);
      stream.removeListener('close', onclose);
    };
    if (options.signal) {
      const abort = () => {
        const endCallback = callback;
        cleanup();
        endCallback.call(stream, new AbortError(undefined, { cause: options.signal.reason }));
      };
      const disposable = addAbortListener(options.signal, abort);
      const originalCallback = callback;
      callback = once((...args) => {
        disposable.dispose();
        Reflect.apply(originalCallback, stream, args);
      });
    }
    return cleanup;
  }
  function finishedPromise(stream, opts) {
    let autoCleanup = false;
    if (opts) {
      validateObject(opts, 'options');
      if (typeof opts.cleanup !== 'undefined' && typeof opts.cleanup !== 'boolean') {
        throw errors.ERR_INVALID_ARG_TYPE('options.cleanup', 'boolean', opts.cleanup);
      }
      autoCleanup = !!opts.cleanup;
    }
    return new Promise((resolve, reject) => {
      const cleanup = eos(stream, opts, (err) => {
        if (autoCleanup) cleanup();
        if (err) reject(err);
        else resolve();
      });
    });
  }
  eos.finished = finishedPromise;

  // ------------------------------------------------------------- pipeline
  function popCallback(streams) {
    validateFunction(streams[streams.length - 1], 'streams[stream.length - 1]');
    return streams.pop();
  }
  function makeAsyncIterable(val) {
    if (isIterable(val)) return val;
    if (isReadableNodeStream(val)) return fromReadable(val);
    throw errors.ERR_INVALID_ARG_TYPE('val', ['Readable', 'Iterable', 'AsyncIterable'], val);
  }
  async function* fromReadable(val) {
    yield* Readable.prototype[Symbol.asyncIterator].call(val);
  }
  // Writes an (async) iterable into a Writable, waiting for 'drain'.
  async function pumpToNode(iterable, writable, finish, { end }) {
    let error;
    let onresolve = null;
    const resume = (err) => {
      if (err) error = err;
      if (onresolve) {
        const callback = onresolve;
        onresolve = null;
        callback();
      }
    };
    const wait = () => new Promise((resolve, reject) => {
      if (error) reject(error);
      else {
        onresolve = () => {
          if (error) reject(error);
          else resolve();
        };
      }
    });
    writable.on('drain', resume);
    const cleanup = eos(writable, { readable: false }, resume);
    try {
      if (writable.writableNeedDrain) await wait();
      for await (const chunk of iterable) {
        if (!writable.write(chunk)) await wait();
      }
      if (end) {
        writable.end();
        await wait();
      }
      finish();
    } catch (err) {
      finish(error !== err ? aggregateTwoErrors(error, err) : err);
    } finally {
      cleanup();
      writable.off('drain', resume);
    }
  }
  function pipeline(...streams) {
    return pipelineImpl(streams, once(popCallback(streams)));
  }
  function pipelineImpl(streams, callback, opts) {
    if (streams.length === 1 && Array.isArray(streams[0])) streams = streams[0];
    if (streams.length < 2) throw errors.ERR_MISSING_ARGS('streams');
    const ac = newAbortController();
    const signal = ac.signal;
    const outerSignal = opts?.signal;
    const lastStreamCleanup = [];
    validateAbortSignal(outerSignal, 'options.signal');
    function abort() {
      finishImpl(new AbortError(undefined, { cause: outerSignal?.reason }));
    }
    let disposable;
    if (outerSignal) disposable = addAbortListener(outerSignal, abort);
    let error;
    let value;
    const destroys = [];
    let finishCount = 0;
    function finish(err) { finishImpl(err, --finishCount === 0); }
    function finishOnlyHandleError(err) { finishImpl(err, false); }
    function finishImpl(err, final) {
      if (err && (!error || error.code === 'ERR_STREAM_PREMATURE_CLOSE' || error.name === 'AbortError')) error = err;
      if (!error && !final) return;
      while (destroys.length) destroys.shift()(error);
      disposable?.dispose();
      ac.abort();
      if (final) {
        if (!error) lastStreamCleanup.forEach((fn) => fn());
        // The callback comes on the next tick.
        nextTick(callback, error, value);
      }
    }
    let ret;
    for (let i = 0; i < streams.length; i++) {
      const stream = streams[i];
      const reading = i < streams.length - 1;
      const writing = i > 0;
      const next = i + 1 < streams.length ? streams[i + 1] : null;
      const end = reading || opts?.end !== false;
      const isLastStream = i === streams.length - 1;
      if (isNodeStream(stream)) {
        if (next !== null && (next?.closed || next?.destroyed)) throw errors.ERR_STREAM_UNABLE_TO_PIPE();
        if (end) {
          const { destroy, cleanup } = pipelineDestroyer(stream, reading, writing);
          destroys.push(destroy);
          if (isReadable(stream) && isLastStream) lastStreamCleanup.push(cleanup);
        }
        function onError(err) {
          if (err && err.name !== 'AbortError' && err.code !== 'ERR_STREAM_PREMATURE_CLOSE') finishOnlyHandleError(err);
        }
        stream.on('error', onError);
        if (isReadable(stream) && isLastStream) {
          lastStreamCleanup.push(() => { stream.removeListener('error', onError); });
        }
      }
      if (i === 0) {
        if (typeof stream === 'function') {
          ret = stream({ signal });
          if (!isIterable(ret)) throw errors.ERR_INVALID_RETURN_VALUE('Iterable, AsyncIterable or Stream', 'source', ret);
        } else if (isIterable(stream) || isReadableNodeStream(stream) || isTransformStream(stream)) {
          ret = stream;
        } else {
          ret = Duplex.from(stream);
        }
      } else if (typeof stream === 'function') {
        if (isTransformStream(ret)) ret = makeAsyncIterable(ret?.readable);
        else ret = makeAsyncIterable(ret);
        ret = stream(ret, { signal });
        if (reading) {
          if (!isIterable(ret, true)) throw errors.ERR_INVALID_RETURN_VALUE('AsyncIterable', `transform[${i - 1}]`, ret);
        } else {
          const pt = new PassThrough({ objectMode: true });
          const then = ret?.then;
          if (typeof then === 'function') {
            finishCount++;
            then.call(ret, (val) => {
              value = val;
              if (val != null) pt.write(val);
              if (end) pt.end();
              nextTick(finish);
            }, (err) => {
              pt.destroy(err);
              nextTick(finish, err);
            });
          } else if (isIterable(ret, true)) {
            finishCount++;
            pumpToNode(ret, pt, finish, { end });
          } else if (isReadableStream(ret) || isTransformStream(ret)) {
            finishCount++;
            pumpToNode(ret.readable || ret, pt, finish, { end });
          } else {
            throw errors.ERR_INVALID_RETURN_VALUE('AsyncIterable or Promise', 'destination', ret);
          }
          ret = pt;
          const { destroy, cleanup } = pipelineDestroyer(ret, false, true);
          destroys.push(destroy);
          if (isLastStream) lastStreamCleanup.push(cleanup);
        }
      } else if (isNodeStream(stream)) {
        if (isReadableNodeStream(ret)) {
          finishCount += 2;
          const cleanup = pipe(ret, stream, finish, finishOnlyHandleError, { end });
          if (isReadable(stream) && isLastStream) lastStreamCleanup.push(cleanup);
        } else if (isTransformStream(ret) || isReadableStream(ret)) {
          finishCount++;
          pumpToNode(ret.readable || ret, stream, finish, { end });
        } else if (isIterable(ret)) {
          finishCount++;
          pumpToNode(ret, stream, finish, { end });
        } else {
          throw errors.ERR_INVALID_ARG_TYPE('val', ['Readable', 'Iterable', 'AsyncIterable', 'ReadableStream', 'TransformStream'], ret);
        }
        ret = stream;
      } else {
        ret = Duplex.from(stream);
      }
    }
    if (signal?.aborted || outerSignal?.aborted) nextTick(abort);
    return ret;
  }
  function pipelineDestroyer(stream, reading, writing) {
    let finished = false;
    stream.on('close', () => { finished = true; });
    const cleanup = eos(stream, { readable: reading, writable: writing }, (err) => { finished = !err; });
    return {
      destroy: (err) => {
        if (finished) return;
        finished = true;
        destroyer(stream, err || errors.ERR_STREAM_DESTROYED('pipe'));
      },
      cleanup,
    };
  }
  function pipe(src, dst, finish, finishOnlyHandleError, { end }) {
    let ended = false;
    dst.on('close', () => {
      if (!ended) finishOnlyHandleError(errors.ERR_STREAM_PREMATURE_CLOSE());
    });
    src.pipe(dst, { end: false });
    if (end) {
      function endFn() {
        ended = true;
        dst.end();
      }
      if (isReadableFinished(src)) nextTick(endFn);
      else src.once('end', endFn);
    } else {
      finish();
    }
    eos(src, { readable: true, writable: false }, (err) => {
      const rState = src._readableState;
      if (err && err.code === 'ERR_STREAM_PREMATURE_CLOSE' && rState?.ended && !rState.errored && !rState.errorEmitted) {
        src.once('end', finish).once('error', finish);
      } else {
        finish(err);
      }
    });
    return eos(dst, { readable: false, writable: true }, finish);
  }

  // ------------------------------------------------------------- addAbortSignal
  function addAbortSignal(signal, stream) {
    validateAbortSignal(signal, 'signal');
    if (!isNodeStream(stream) && !isWebStream(stream)) {
      throw errors.ERR_INVALID_ARG_TYPE('stream', ['ReadableStream', 'WritableStream', 'Stream'], stream);
    }
    return addAbortSignalNoValidate(signal, stream);
  }
  function addAbortSignalNoValidate(signal, stream) {
    if (typeof signal !== 'object' || !('aborted' in signal)) return stream;
    const onAbort = () => {
      stream.destroy(new AbortError(undefined, { cause: signal.reason }));
    };
    if (signal.aborted) onAbort();
    else {
      const disposable = addAbortListener(signal, onAbort);
      eos(stream, disposable.dispose);
    }
    return stream;
  }

  // ------------------------------------------------------------- Duplex.from / compose
  // lib/internal/streams/duplexify.js: Duplexes, Readables, Writables, web
  // ReadableStreams and WritableStreams, (async) iterables, functions and
  // promises, and { readable, writable } pairs.
  Duplex.from = function (body) { return duplexify(body, 'body'); };
  class Duplexify extends Duplex {
    constructor(options) {
      super(options);
      if (options?.readable === false) {
        this._readableState.readable = false;
        this._readableState.ended = true;
        this._readableState.endEmitted = true;
      }
      if (options?.writable === false) {
        this._writableState.writable = false;
        this._writableState.ending = true;
        this._writableState.ended = true;
        this._writableState.finished = true;
      }
    }
  }
  function isBlob(b) { return typeof globalThis.Blob === 'function' && b instanceof globalThis.Blob; }
  function duplexify(body, name) {
    if (isDuplexNodeStream(body)) return body;
    if (isReadableNodeStream(body)) return fromPair({ readable: body });
    if (isWritableNodeStream(body)) return fromPair({ writable: body });
    if (isNodeStream(body)) return fromPair({ writable: false, readable: false });
    if (isReadableStream(body)) return fromPair({ readable: Readable.fromWeb(body) });
    if (isWritableStream(body)) return fromPair({ writable: Writable.fromWeb(body) });
    if (typeof body === 'function') {
      const { value, write, final, destroy } = fromAsyncGen(body);
      if (isIterable(value)) {
        return from(Duplexify, value, { objectMode: true, write, final, destroy });
      }
      const then = value?.then;
      if (typeof then === 'function') {
        let d;
        const promise = then.call(value, (val) => {
          if (val != null) throw errors.ERR_INVALID_RETURN_VALUE('nully', 'body', val);
        }, (err) => { destroyer(d, err); });
        d = new Duplexify({
          objectMode: true,
          readable: false,
          write,
          final(cb) {
            final(async () => {
              try {
                await promise;
                nextTick(cb, null);
              } catch (err) {
                nextTick(cb, err);
              }
            });
          },
          destroy,
        });
        return d;
      }
      throw errors.ERR_INVALID_RETURN_VALUE('Iterable, AsyncIterable or AsyncFunction', name, value);
    }
    if (isBlob(body)) return duplexify(body.arrayBuffer());
    if (isIterable(body)) return from(Duplexify, body, { objectMode: true, writable: false });
    if (typeof body?.writable === 'object' || typeof body?.readable === 'object') {
      const readable = body?.readable ? (isReadableNodeStream(body?.readable) ? body?.readable : duplexify(body.readable))
        : undefined;
      const writable = body?.writable ? (isWritableNodeStream(body?.writable) ? body?.writable : duplexify(body.writable))
        : undefined;
      return fromPair({ readable, writable });
    }
    const then = body?.then;
    if (typeof then === 'function') {
      let d;
      then.call(body, (val) => {
        if (val != null) d.push(val);
        d.push(null);
      }, (err) => { destroyer(d, err); });
      return d = new Duplexify({ objectMode: true, writable: false, read() {} });
    }
    throw errors.ERR_INVALID_ARG_TYPE(name, ['Blob', 'ReadableStream', 'WritableStream', 'Stream', 'Iterable',
      'AsyncIterable', 'Function', '{ readable, writable } pair', 'Promise'], body);
  }
  function fromAsyncGen(fn) {
    let { promise, resolve } = Promise.withResolvers();
    const ac = newAbortController();
    const signal = ac.signal;
    const value = fn(async function* () {
      while (true) {
        const _promise = promise;
        promise = null;
        const { chunk, done, cb } = await _promise;
        nextTick(cb);
        if (done) return;
        if (signal.aborted) throw new AbortError(undefined, { cause: signal.reason });
        ({ promise, resolve } = Promise.withResolvers());
        yield chunk;
      }
    }(), { signal });
    return {
      value,
      write(chunk, encoding, cb) {
        const _resolve = resolve;
        resolve = null;
        _resolve({ chunk, done: false, cb });
      },
      final(cb) {
        const _resolve = resolve;
        resolve = null;
        _resolve({ done: true, cb });
      },
      destroy(err, cb) {
        ac.abort();
        cb(err);
      },
    };
  }
  function fromPair(pair) {
    const r = pair.readable && typeof pair.readable.read !== 'function' ? Readable.wrap(pair.readable) : pair.readable;
    const w = pair.writable;
    let readable = !!isReadable(r);
    let writable = !!isWritable(w);
    const waits = { ondrain: null, onfinish: null, onreadable: null };
    let onclose;
    let d;
    function onfinished(err) {
      const cb = onclose;
      onclose = null;
      if (cb) cb(err);
      else if (err) d.destroy(err);
    }
    d = new Duplexify({
      readableObjectMode: !!r?.readableObjectMode,
      writableObjectMode: !!w?.writableObjectMode,
      readable,
      writable,
    });
    if (writable) {
      eos(w, (err) => {
        writable = false;
        if (err) destroyer(r, err);
        onfinished(err);
      });
      joinWritable(d, w, w, waits);
    }
    if (readable) {
      eos(r, (err) => {
        readable = false;
        if (err) destroyer(r, err);
        onfinished(err);
      });
      joinReadable(d, r, waits);
    }
    d._destroy = function (err, callback) {
      if (!err && onclose !== null) err = new AbortError();
      clearWaits(waits);
      if (onclose === null) callback(err);
      else {
        onclose = callback;
        destroyer(w, err);
        destroyer(r, err);
      }
    };
    return d;
  }
  // The halves of a Duplex that fromPair and compose make alike (Node's
  // duplexify.js fromPair and compose.js take the same steps for them):
  // `waits` holds the callback of d's write waiting for 'drain', of its
  // _final waiting for 'finish', and of its _read waiting for 'readable'.
  // d's writes go to w (its 'drain' lets a waiting write go on; `finisher`'s
  // 'finish' ends d's _final).
  function joinWritable(d, w, finisher, waits) {
    d._write = function (chunk, encoding, callback) {
      if (w.write(chunk, encoding)) callback();
      else waits.ondrain = callback;
    };
    d._final = function (callback) {
      w.end();
      waits.onfinish = callback;
    };
    w.on('drain', () => callWaiting(waits, 'ondrain'));
    finisher.on('finish', () => callWaiting(waits, 'onfinish'));
  }
  // d reads from r: r's 'readable' lets a waiting _read go on, its 'end'
  // ends d.
  function joinReadable(d, r, waits) {
    r.on('readable', () => callWaiting(waits, 'onreadable'));
    r.on('end', () => { d.push(null); });
    d._read = function () {
      while (true) {
        const buf = r.read();
        if (buf === null) {
          waits.onreadable = d._read;
          return;
        }
        if (!d.push(buf)) return;
      }
    };
  }
  // The callback waiting in waits[name], if any, called once.
  function callWaiting(waits, name) {
    const cb = waits[name];
    if (cb) {
      waits[name] = null;
      cb();
    }
  }
  function clearWaits(waits) {
    waits.onreadable = null;
    waits.ondrain = null;
    waits.onfinish = null;
  }

  // lib/internal/streams/compose.js: streams joined into one Duplex that
  // writes into the first and reads from the last.
  function compose(...streams) {
    if (streams.length === 0) throw errors.ERR_MISSING_ARGS('streams');
    if (streams.length === 1) return Duplex.from(streams[0]);
    const orgStreams = [...streams];
    if (typeof streams[0] === 'function') streams[0] = Duplex.from(streams[0]);
    if (typeof streams[streams.length - 1] === 'function') {
      const idx = streams.length - 1;
      streams[idx] = Duplex.from(streams[idx]);
    }
    for (let n = 0; n < streams.length; ++n) {
      if (!isNodeStream(streams[n]) && !isWebStream(streams[n])) continue;
      if (n < streams.length - 1 && !(isReadable(streams[n]) || isReadableStream(streams[n]) || isTransformStream(streams[n]))) {
        throw errors.ERR_INVALID_ARG_VALUE(`streams[${n}]`, orgStreams[n], 'must be readable');
      }
      if (n > 0 && !(isWritable(streams[n]) || isWritableStream(streams[n]) || isTransformStream(streams[n]))) {
        throw errors.ERR_INVALID_ARG_VALUE(`streams[${n}]`, orgStreams[n], 'must be writable');
      }
    }
    const waits = { ondrain: null, onfinish: null, onreadable: null };
    let onclose;
    let d;
    function onfinished(err) {
      const cb = onclose;
      onclose = null;
      if (cb) cb(err);
      else if (err) d.destroy(err);
      else if (!readable && !writable) d.destroy();
    }
    const head = streams[0];
    const tail = pipeline(streams, onfinished);
    let writable = !!(isWritable(head) || isWritableStream(head) || isTransformStream(head));
    let readable = !!(isReadable(tail) || isReadableStream(tail) || isTransformStream(tail));
    d = new Duplex({
      writableObjectMode: !!head?.writableObjectMode,
      readableObjectMode: !!tail?.readableObjectMode,
      writable,
      readable,
    });
    if (writable) joinWritable(d, head, tail, waits);
    if (readable) joinReadable(d, tail, waits);
    d._destroy = function (err, callback) {
      if (!err && onclose !== null) err = new AbortError();
      clearWaits(waits);
      if (isNodeStream(tail)) destroyer(tail, err);
      if (onclose === null) callback(err);
      else onclose = callback;
    };
    return d;
  }

  // ------------------------------------------------------------- iterator helpers
  // lib/internal/streams/operators.js: map/filter/... on Readables, as async
  // generators with a concurrency limit.
  const kEmpty = Symbol('kEmpty');
  const kEof = Symbol('kEof');
  function validateOperatorOptions(options) {
    if (options != null) validateObject(options, 'options');
    if (options?.signal != null) validateAbortSignal(options.signal, 'options.signal');
  }
  // readable.compose(stream[, options]): the composed Duplex itself (not
  // wrapped in Readable.from like the other helpers).
  Readable.prototype.compose = function compose_(stream, options) {
    validateOperatorOptions(options);
    const composedStream = compose(this, stream);
    if (options?.signal) addAbortSignalNoValidate(options.signal, composedStream);
    return composedStream;
  };
  function map(fn, options) {
    validateFunction(fn, 'fn');
    validateOperatorOptions(options);
    let concurrency = 1;
    if (options?.concurrency != null) concurrency = Math.floor(options.concurrency);
    let highWaterMark = concurrency - 1;
    if (options?.highWaterMark != null) highWaterMark = Math.floor(options.highWaterMark);
    internals.validateInteger(concurrency, 'options.concurrency', 1);
    internals.validateInteger(highWaterMark, 'options.highWaterMark', 0);
    highWaterMark += concurrency;
    return async function* map() {
      const signal = anySignal(options?.signal);
      const stream = this;
      const queue = [];
      const signalOpt = { signal };
      let next;
      let resume;
      let done = false;
      let cnt = 0;
      function onCatch() { done = true; afterItemProcessed(); }
      function afterItemProcessed() { cnt -= 1; maybeResume(); }
      function maybeResume() {
        if (resume && !done && cnt < concurrency && queue.length < highWaterMark) {
          resume();
          resume = null;
        }
      }
      async function pump() {
        try {
          for await (let val of stream) {
            if (done) return;
            if (signal.aborted) throw new AbortError();
            try {
              val = fn(val, signalOpt);
              if (val === kEmpty) continue;
              val = Promise.resolve(val);
            } catch (err) {
              val = Promise.reject(err);
            }
            cnt += 1;
            val.then(afterItemProcessed, onCatch);
            queue.push(val);
            if (next) {
              next();
              next = null;
            }
            if (!done && (queue.length >= highWaterMark || cnt >= concurrency)) {
              await new Promise((resolve) => { resume = resolve; });
            }
          }
          queue.push(kEof);
        } catch (err) {
          const val = Promise.reject(err);
          val.then(afterItemProcessed, onCatch);
          queue.push(val);
        } finally {
          done = true;
          if (next) {
            next();
            next = null;
          }
        }
      }
      pump();
      try {
        while (true) {
          while (queue.length > 0) {
            const val = await queue[0];
            if (val === kEof) return;
            if (signal.aborted) throw new AbortError();
            if (val !== kEmpty) yield val;
            queue.shift();
            maybeResume();
          }
          await new Promise((resolve) => { next = resolve; });
        }
      } finally {
        done = true;
        if (resume) {
          resume();
          resume = null;
        }
        signal.abortController?.abort();
      }
    }.call(this);
  }
  // A signal that aborts when the given one does (or never, without one).
  function anySignal(outer) {
    const ac = newAbortController();
    const signal = ac.signal;
    signal.abortController = ac;
    if (outer) {
      if (outer.aborted) ac.abort(outer.reason);
      else outer.addEventListener('abort', () => ac.abort(outer.reason), { once: true });
    }
    return { get aborted() { return signal.aborted; }, get reason() { return signal.reason; }, abortController: ac,
      addEventListener: (...a) => signal.addEventListener(...a), removeEventListener: (...a) => signal.removeEventListener(...a),
      throwIfAborted: () => { if (signal.aborted) throw signal.reason; } };
  }
  async function some(fn, options = undefined) {
    for await (const unused of filter.call(this, fn, options)) {
      void unused;
      return true;
    }
    return false;
  }
  async function every(fn, options = undefined) {
    validateFunction(fn, 'fn');
    return !(await some.call(this, async (...args) => !(await fn(...args)), options));
  }
  async function find(fn, options) {
    for await (const result of filter.call(this, fn, options)) return result;
    return undefined;
  }
  async function forEach(fn, options) {
    validateFunction(fn, 'fn');
    async function forEachFn(value, options) {
      await fn(value, options);
      return kEmpty;
    }
    for await (const unused of map.call(this, forEachFn, options)) void unused;
  }
  function filter(fn, options) {
    validateFunction(fn, 'fn');
    async function filterFn(value, options) {
      if (await fn(value, options)) return value;
      return kEmpty;
    }
    return map.call(this, filterFn, options);
  }
  class ReduceAwareErrMissingArgs extends TypeError {
    constructor() {
      super('The "reduce" argument must be specified');
      this.message = 'reduce';
    }
  }
  async function reduce(reducer, initialValue, options) {
    validateFunction(reducer, 'reducer');
    validateOperatorOptions(options);
    let hasInitialValue = arguments.length > 1;
    if (options?.signal?.aborted) {
      const err = new AbortError(undefined, { cause: options.signal.reason });
      this.once('error', nop);
      await finishedPromise(this.destroy(err));
      throw err;
    }
    const ac = newAbortController();
    const signal = ac.signal;
    let gotAnyItemFromStream = false;
    const onAbort = () => ac.abort(options?.signal?.reason);
    if (options?.signal) options.signal.addEventListener('abort', onAbort, { once: true });
    try {
      for await (const value of this) {
        gotAnyItemFromStream = true;
        if (options?.signal?.aborted) throw new AbortError();
        if (!hasInitialValue) {
          initialValue = value;
          hasInitialValue = true;
        } else {
          initialValue = await reducer(initialValue, value, { signal });
        }
      }
      if (!gotAnyItemFromStream && !hasInitialValue) {
        const e = errors.ERR_MISSING_ARGS('reduce');
        throw e;
      }
    } finally {
      ac.abort();
      if (options?.signal) options.signal.removeEventListener('abort', onAbort);
    }
    return initialValue;
  }
  void ReduceAwareErrMissingArgs;
  async function toArray(options) {
    validateOperatorOptions(options);
    const result = [];
    for await (const val of this) {
      if (options?.signal?.aborted) throw new AbortError(undefined, { cause: options.signal.reason });
      result.push(val);
    }
    return result;
  }
  function flatMap(fn, options) {
    const values = map.call(this, fn, options);
    return async function* flatMap() {
      for await (const val of values) yield* val;
    }.call(this);
  }
  function toIntegerOrInfinity(number) {
    number = Number(number);
    if (Number.isNaN(number)) return 0;
    if (number < 0) throw errors.ERR_OUT_OF_RANGE('number', '>= 0', number);
    return number;
  }
  function drop(number, options = undefined) {
    validateOperatorOptions(options);
    number = toIntegerOrInfinity(number);
    return async function* drop() {
      if (options?.signal?.aborted) throw new AbortError();
      for await (const val of this) {
        if (options?.signal?.aborted) throw new AbortError();
        if (number-- <= 0) yield val;
      }
    }.call(this);
  }
  function take(number, options = undefined) {
    validateOperatorOptions(options);
    number = toIntegerOrInfinity(number);
    return async function* take() {
      if (options?.signal?.aborted) throw new AbortError();
      for await (const val of this) {
        if (options?.signal?.aborted) throw new AbortError();
        if (number-- > 0) yield val;
        if (number <= 0) return;
      }
    }.call(this);
  }
  const streamReturningOperators = { drop, filter, flatMap, map, take };
  const promiseReturningOperators = { every, forEach, reduce, toArray, some, find };
  for (const key of Object.keys(streamReturningOperators)) {
    const op = streamReturningOperators[key];
    function fn(...args) {
      if (new.target) throw E(TypeError, 'ERR_ILLEGAL_CONSTRUCTOR', 'Illegal constructor');
      return Readable.from(Reflect.apply(op, this, args));
    }
    Object.defineProperty(fn, 'name', { value: op.name });
    Object.defineProperty(fn, 'length', { value: op.length });
    Object.defineProperty(Readable.prototype, key, { value: fn, enumerable: false, configurable: true, writable: true });
  }
  for (const key of Object.keys(promiseReturningOperators)) {
    const op = promiseReturningOperators[key];
    function fn(...args) {
      if (new.target) throw E(TypeError, 'ERR_ILLEGAL_CONSTRUCTOR', 'Illegal constructor');
      return Reflect.apply(op, this, args);
    }
    Object.defineProperty(fn, 'name', { value: op.name });
    Object.defineProperty(fn, 'length', { value: op.length });
    Object.defineProperty(Readable.prototype, key, { value: fn, enumerable: false, configurable: true, writable: true });
  }

  // ------------------------------------------------------------- the module
  const promises = {
    finished: (stream, opts) => finishedPromise(stream, opts),
    pipeline(...streams) {
      return new Promise((resolve, reject) => {
        let signal;
        let end;
        const lastArg = streams[streams.length - 1];
        if (lastArg && typeof lastArg === 'object' && !isNodeStream(lastArg) && !isIterable(lastArg) && !isWebStream(lastArg)) {
          const options = streams.pop();
          signal = options.signal;
          end = options.end;
        }
        pipelineImpl(streams, (err, value) => {
          if (err) reject(err);
          else resolve(value);
        }, { signal, end });
      });
    },
  };

  Stream.isDestroyed = isDestroyed;
  Stream.isDisturbed = isDisturbed;
  Stream.isErrored = isErrored;
  Stream.isReadable = isReadable;
  Stream.isWritable = isWritable;
  Stream.Readable = Readable;
  Stream.Writable = Writable;
  Stream.Duplex = Duplex;
  Stream.Transform = Transform;
  Stream.PassThrough = PassThrough;
  Stream.duplexPair = duplexPair;
  Stream.pipeline = pipeline;
  Stream.addAbortSignal = addAbortSignal;
  Stream.finished = eos;
  Stream.destroy = destroyer;
  Stream.compose = compose;
  Stream.setDefaultHighWaterMark = setDefaultHighWaterMark;
  Stream.getDefaultHighWaterMark = getDefaultHighWaterMark;
  Object.defineProperty(Stream, 'promises', { configurable: true, enumerable: true, get() { return promises; } });
  Object.defineProperty(pipeline, Symbol.for('nodejs.util.promisify.custom'), { enumerable: true, get() { return promises.pipeline; } });
  Object.defineProperty(eos, Symbol.for('nodejs.util.promisify.custom'), { enumerable: true, get() { return promises.finished; } });
  Stream.Stream = Stream;
  Stream._isArrayBufferView = isArrayBufferView;
  Stream._isUint8Array = isUint8Array;
  Stream._uint8ArrayToBuffer = toBuffer;
  Object.defineProperty(Stream, Symbol.for('jsloop.node.stream.internal'), {
    value: { promises, errorOrDestroy, readablePush: Readable.prototype.push, readablePushBuffer, maybeReadMore_, readableRead, nop, kEosNodeSynchronousCallback, kIsDestroyed, kIsErrored, kIsReadable, kIsWritable, kIsDisturbed, kIsClosedPromise, kControllerErrorFunction, AbortError },
  });
  return Stream;
})
