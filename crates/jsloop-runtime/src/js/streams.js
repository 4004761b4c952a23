// jsloop glue: the WHATWG Streams Standard (https://streams.spec.whatwg.org/):
// ReadableStream, WritableStream, TransformStream, their readers, writers
// and controllers, ByteLengthQueuingStrategy and CountQueuingStrategy, a
// factory both hosts call: the node host for `stream/web` and its globals
// (node/stream_web.js, which adds Node's adapters), the browser host for
// its window's and workers' (19_streams.js).
//
// Readable byte streams (`type: 'bytes'`) have the byte stream controller,
// BYOB readers and requests (§4.5, §4.7, §4.8).
// deps (named as the node host's internals): { global, nodeError(Base,
// code, message), invalidArgType, invalidArgValue, outOfRange,
// validateNumber, inspect(value, options), sourceTypeError (the class of
// the error for an unknown underlying source type: Node's TypeError if
// absent), asyncSinkAbort (a TransformStream's sink abort settles as
// Node's async function does) }; the result also has
// `internal` (deferred, resolved for the node host's adapters; isDisturbed
// for the browser host's Response bodies).
(function (internals) {
  'use strict';
  const g = internals.global;
  const E = (Base, code, message) => internals.nodeError(Base, code, message);
  const invalidState = (msg) => E(TypeError, 'ERR_INVALID_STATE', `Invalid state: ${msg}`);
  const illegal = () => E(TypeError, 'ERR_ILLEGAL_CONSTRUCTOR', 'Illegal constructor');
  // Node's ERR_INVALID_ARG_VALUE (lib/internal/errors.js): a dotted name is
  // a property, and the value is shown inspected.
  function invalidValue(Base, name, value) {
    let shown = internals.inspect(value);
    if (shown.length > 128) shown = `${shown.slice(0, 128)}...`;
    return E(Base, 'ERR_INVALID_ARG_VALUE', `The ${name.includes('.') ? 'property' : 'argument'} '${name}' is invalid. Received ${shown}`);
  }
  const kState = Symbol('kState');
  const inspectSymbol = Symbol.for('nodejs.util.inspect.custom');
  // Node's customInspect (lib/internal/webstreams/util.js): `NAME {…}` of
  // `data` one level shallower; below the inspection's depth, its `this`,
  // which is undefined there (a plain call in strict code), so Node 24
  // prints `undefined`: so does this.
  function customInspect(depth, options, name, data) {
    if (depth < 0) return undefined;
    return `${name} ${internals.inspect(data, { ...options, depth: options.depth == null ? null : options.depth - 1 })}`;
  }

  // A promise with its resolve and reject, and whether it settled.
  function deferred() {
    let resolve;
    let reject;
    const promise = new Promise((res, rej) => { resolve = res; reject = rej; });
    const d = { promise, settled: false };
    d.resolve = (v) => { if (!d.settled) { d.settled = true; resolve(v); } };
    d.reject = (e) => { if (!d.settled) { d.settled = true; reject(e); } };
    return d;
  }
  const markHandled = (p) => { p.then(undefined, () => {}); return p; };
  const resolved = (v) => Promise.resolve(v);
  const rejected = (e) => markHandled(Promise.reject(e));
  // "Let startPromise be a promise resolved with startResult" (a step of
  // SetUpReadableStreamDefaultController, SetUpReadableByteStreamController
  // and SetUpWritableStreamDefaultController): Web IDL's "a promise
  // resolved with" makes a new promise and resolves it with the value, so a
  // start that returns a promise (a TransformStream's start algorithm
  // always does) settles it two reactions later than Promise.resolve, which
  // would hand back the same promise. Node 24's set-up functions do the same
  // (lib/internal/webstreams/readablestream.js, writablestream.js).
  const startPromiseOf = (v) => new Promise((resolve) => resolve(v));
  // Calls a method of the underlying source/sink as a promise.
  function promiseCall(fn, thisArg, ...args) {
    if (fn === undefined) return resolved(undefined);
    try {
      return resolved(Reflect.apply(fn, thisArg, args));
    } catch (err) {
      return Promise.reject(err);
    }
  }

  // ------------------------------------------------------------ queuing strategies
  // §7 Queuing strategies.
  function extractHighWaterMark(strategy, defaultHWM) {
    if (strategy?.highWaterMark === undefined) return defaultHWM;
    const hwm = Number(strategy.highWaterMark);
    if (Number.isNaN(hwm) || hwm < 0) {
      throw E(RangeError, 'ERR_INVALID_ARG_VALUE', `The property 'strategy.highWaterMark' is invalid. Received ${strategy.highWaterMark}`);
    }
    return hwm;
  }
  function extractSizeAlgorithm(strategy) {
    const size = strategy?.size;
    if (size === undefined) return () => 1;
    if (typeof size !== 'function') throw internals.invalidArgType('strategy.size', 'Function', size);
    return (chunk) => size(chunk);
  }
  function initHighWaterMark(init) {
    if (init === null || typeof init !== 'object') throw internals.invalidArgType('init', 'Object', init);
    if (init.highWaterMark === undefined) throw E(TypeError, 'ERR_MISSING_OPTION', 'options.highWaterMark is required');
    return Number(init.highWaterMark);
  }
  const byteLengthSize = function size(chunk) { return chunk.byteLength; };
  const countSize = function size() { return 1; };
  class ByteLengthQueuingStrategy {
    #highWaterMark;
    constructor(init) { this.#highWaterMark = initHighWaterMark(init); }
    get highWaterMark() { return this.#highWaterMark; }
    // (Read from another object, a TypeError as Node's, which reads a private field.)
    get size() { return this.#highWaterMark === undefined ? byteLengthSize : byteLengthSize; }
  }
  class CountQueuingStrategy {
    #highWaterMark;
    constructor(init) { this.#highWaterMark = initHighWaterMark(init); }
    get highWaterMark() { return this.#highWaterMark; }
    get size() { return this.#highWaterMark === undefined ? countSize : countSize; }
  }

  // ------------------------------------------------------------ queue-with-sizes (§8.1)
  function enqueueValueWithSize(c, value, size) {
    if (typeof size !== 'number' || Number.isNaN(size) || size < 0 || size === Infinity) {
      throw E(RangeError, 'ERR_INVALID_ARG_VALUE', `The argument 'size' is invalid. Received ${size}`);
    }
    c.queue.push({ value, size });
    c.queueTotalSize += size;
  }
  function dequeueValue(c) {
    const pair = c.queue.shift();
    c.queueTotalSize -= pair.size;
    if (c.queueTotalSize < 0) c.queueTotalSize = 0;
    return pair.value;
  }
  function resetQueue(c) {
    c.queue = [];
    c.queueTotalSize = 0;
  }

  // ------------------------------------------------------------ ReadableStream (§4.2)
  class ReadableStream {
    constructor(underlyingSource = undefined, strategy = {}) {
      if (underlyingSource === null) underlyingSource = undefined;
      if (underlyingSource !== undefined && typeof underlyingSource !== 'object') {
        throw internals.invalidArgType('source', 'Object', underlyingSource);
      }
      this[kState] = { state: 'readable', reader: undefined, storedError: undefined, disturbed: false, controller: undefined };
      // Step 4. A byte source: the byte stream controller (no size function).
      if (underlyingSource?.type !== undefined) {
        if (`${underlyingSource.type}` !== 'bytes') {
          throw invalidValue(internals.sourceTypeError ?? TypeError, 'source.type', underlyingSource.type);
        }
        if (strategy?.size !== undefined) {
          throw E(RangeError, 'ERR_INVALID_ARG_VALUE', 'The argument \'strategy.size\' is invalid. Received ' + strategy.size);
        }
        const hwm = extractHighWaterMark(strategy, 0);
        setUpByteControllerFromSource(this, underlyingSource, hwm);
        return;
      }
      // Step 5. Otherwise: a default controller.
      const size = extractSizeAlgorithm(strategy);
      const hwm = extractHighWaterMark(strategy, 1);
      setUpDefaultControllerFromSource(this, underlyingSource, hwm, size);
    }
    get locked() { return isLocked(this); }
    cancel(reason = undefined) {
      if (!(this instanceof ReadableStream)) return rejected(E(TypeError, 'ERR_INVALID_THIS', 'Value of "this" must be of type ReadableStream'));
      if (isLocked(this)) return rejected(invalidState('ReadableStream is locked'));
      return readableStreamCancel(this, reason);
    }
    getReader(options = {}) {
      if (options?.mode === undefined) return new ReadableStreamDefaultReader(this);
      if (`${options.mode}` === 'byob') return new ReadableStreamBYOBReader(this);
      throw invalidValue(TypeError, 'options.mode', options.mode);
    }
    pipeThrough(transform, options = {}) {
      if (isLocked(this)) throw invalidState('The ReadableStream is locked');
      if (!(transform?.writable instanceof WritableStream)) throw internals.invalidArgType('transform.writable', 'WritableStream', transform?.writable);
      if (!(transform?.readable instanceof ReadableStream)) throw internals.invalidArgType('transform.readable', 'ReadableStream', transform?.readable);
      if (transform.writable.locked) throw invalidState('The WritableStream is locked');
      markHandled(readableStreamPipeTo(this, transform.writable, options));
      return transform.readable;
    }
    pipeTo(destination, options = {}) {
      if (!(destination instanceof WritableStream)) return rejected(internals.invalidArgType('transform.writable', 'WritableStream', destination));
      if (isLocked(this)) return rejected(invalidState('The ReadableStream is locked'));
      if (destination.locked) return rejected(invalidState('The WritableStream is locked'));
      return readableStreamPipeTo(this, destination, options);
    }
    tee() {
      return readableStreamTee(this, false);
    }
    values(options = {}) {
      const reader = new ReadableStreamDefaultReader(this);
      const preventCancel = !!options?.preventCancel;
      let finished = false;
      const iterator = {
        next() {
          if (finished) return resolved({ value: undefined, done: true });
          return reader.read().then((r) => {
            if (r.done) {
              finished = true;
              reader.releaseLock();
            }
            return r;
          }, (e) => {
            finished = true;
            reader.releaseLock();
            throw e;
          });
        },
        return(value) {
          if (finished) return resolved({ value, done: true });
          finished = true;
          if (!preventCancel) {
            const p = reader.cancel(value);
            reader.releaseLock();
            return p.then(() => ({ value, done: true }));
          }
          reader.releaseLock();
          return resolved({ value, done: true });
        },
        [Symbol.asyncIterator]() { return this; },
      };
      Object.setPrototypeOf(iterator, AsyncIteratorPrototype);
      return iterator;
    }
    [Symbol.asyncIterator](options) { return this.values(options); }
    static from(asyncIterable) {
      // §4.2.4 ReadableStreamFromIterable.
      // (GetIterator(asyncIterable, async): its @@asyncIterator, else its
      // @@iterator; neither a function is Node's ERR_ARG_NOT_ITERABLE.)
      let iterator;
      const asyncMethod = asyncIterable[Symbol.asyncIterator];
      const syncMethod = typeof asyncMethod === 'function' ? undefined : asyncIterable[Symbol.iterator];
      if (typeof asyncMethod === 'function') iterator = Reflect.apply(asyncMethod, asyncIterable, []);
      else if (typeof syncMethod === 'function') iterator = Reflect.apply(syncMethod, asyncIterable, []);
      else throw E(TypeError, 'ERR_ARG_NOT_ITERABLE', `${internals.inspect(asyncIterable)} must be iterable`);
      return new ReadableStream({
        pull(controller) {
          return resolved(iterator.next()).then((r) => {
            if (r === null || typeof r !== 'object') throw new TypeError('The iterator result is not an object');
            if (r.done) controller.close();
            else return resolved(r.value).then((v) => controller.enqueue(v));
          });
        },
        cancel(reason) {
          if (typeof iterator.return !== 'function') return undefined;
          return resolved(iterator.return(reason)).then((r) => {
            if (r === null || typeof r !== 'object') throw new TypeError('The iterator result is not an object');
          });
        },
      }, { highWaterMark: 0 });
    }
    [inspectSymbol](depth, options) {
      return customInspect(depth, options, 'ReadableStream', { locked: this.locked, state: this[kState].state, supportsBYOB: this[kState].controller instanceof ReadableByteStreamController });
    }
  }
  const AsyncIteratorPrototype = Object.getPrototypeOf(Object.getPrototypeOf(async function* () {}).prototype);
  Object.defineProperty(ReadableStream.prototype, Symbol.toStringTag, { value: 'ReadableStream', configurable: true });

  const isLocked = (stream) => stream[kState].reader !== undefined;

  // §4.9.1 ReadableStreamCancel.
  function readableStreamCancel(stream, reason) {
    const s = stream[kState];
    s.disturbed = true;
    if (s.state === 'closed') return resolved(undefined);
    if (s.state === 'errored') return rejected(s.storedError);
    readableStreamClose(stream);
    // Step 6. A BYOB reader's pending reads end (done, without a view).
    const reader = s.reader;
    if (reader instanceof ReadableStreamBYOBReader) {
      const requests = reader[kState].readIntoRequests;
      reader[kState].readIntoRequests = [];
      for (const r of requests) r.close(undefined);
    }
    const sourceCancelPromise = s.controller.cancelSteps(reason);
    return sourceCancelPromise.then(() => undefined);
  }
  // §4.9.2 ReadableStreamClose.
  function readableStreamClose(stream) {
    const s = stream[kState];
    s.state = 'closed';
    const reader = s.reader;
    if (reader === undefined) return;
    reader[kState].closed.resolve(undefined);
    if (reader instanceof ReadableStreamDefaultReader) {
      const requests = reader[kState].readRequests;
      reader[kState].readRequests = [];
      for (const r of requests) r.close();
    }
  }
  // §4.9.3 ReadableStreamError.
  function readableStreamError(stream, e) {
    const s = stream[kState];
    s.state = 'errored';
    s.storedError = e;
    const reader = s.reader;
    if (reader === undefined) return;
    reader[kState].closed.reject(e);
    markHandled(reader[kState].closed.promise);
    const key = reader instanceof ReadableStreamDefaultReader ? 'readRequests' : 'readIntoRequests';
    const requests = reader[kState][key];
    reader[kState][key] = [];
    for (const r of requests) r.error(e);
  }

  // ------------------------------------------------------------ ReadableStreamDefaultReader (§4.4)
  class ReadableStreamDefaultReader {
    constructor(stream) {
      if (!(stream instanceof ReadableStream)) throw internals.invalidArgType('stream', 'ReadableStream', stream);
      if (isLocked(stream)) throw invalidState('ReadableStream is locked');
      this[kState] = { stream: undefined, closed: undefined, readRequests: [] };
      genericReaderInitialize(this, stream);
    }
    get closed() { return this[kState].closed.promise; }
    read() {
      const s = this[kState];
      if (s.stream === undefined) return rejected(invalidState('The reader is not attached to a stream'));
      const d = deferred();
      readableStreamDefaultReaderRead(this, {
        // (Node's result objects: `done` first for a chunk that was queued,
        // `value` first for one handed to a waiting read and for the end.)
        chunk: (value, fromQueue) => d.resolve(fromQueue ? { done: false, value } : { value, done: false }),
        close: () => d.resolve({ value: undefined, done: true }),
        error: (e) => d.reject(e),
      });
      return d.promise;
    }
    releaseLock() { readerReleaseLock(this, 'readRequests'); }
    cancel(reason = undefined) { return genericReaderCancel(this, reason); }
  }
  Object.defineProperty(ReadableStreamDefaultReader.prototype, Symbol.toStringTag, { value: 'ReadableStreamDefaultReader', configurable: true });
  function genericReaderInitialize(reader, stream) {
    const r = reader[kState];
    r.stream = stream;
    stream[kState].reader = reader;
    const state = stream[kState].state;
    r.closed = deferred();
    if (state === 'closed') r.closed.resolve(undefined);
    else if (state === 'errored') {
      r.closed.reject(stream[kState].storedError);
      markHandled(r.closed.promise);
    }
  }
  // releaseLock() of ReadableStreamDefaultReader (§4.4.3) and of
  // ReadableStreamBYOBReader (§4.5.3): nothing when not attached, else
  // ReadableStreamDefaultReaderRelease / ReadableStreamBYOBReaderRelease
  // (the generic release, then the pending read requests, named by
  // `requestsKey`, error with the same TypeError).
  function readerReleaseLock(reader, requestsKey) {
    if (reader[kState].stream === undefined) return;
    genericReaderRelease(reader);
    const e = invalidState('Releasing reader');
    const requests = reader[kState][requestsKey];
    reader[kState][requestsKey] = [];
    for (const r of requests) r.error(e);
  }
  // ReadableStreamGenericReader's cancel(reason) (§4.3.2), for both readers.
  function genericReaderCancel(reader, reason) {
    const s = reader[kState];
    if (s.stream === undefined) return rejected(invalidState('The reader is not attached to a stream'));
    return readableStreamCancel(s.stream, reason);
  }
  function genericReaderRelease(reader) {
    const r = reader[kState];
    const stream = r.stream;
    const e = invalidState('Releasing reader');
    if (stream[kState].state === 'readable') r.closed.reject(e);
    else {
      r.closed = deferred();
      r.closed.reject(e);
    }
    markHandled(r.closed.promise);
    stream[kState].controller.releaseSteps();
    stream[kState].reader = undefined;
    r.stream = undefined;
  }
  function readableStreamDefaultReaderRead(reader, readRequest) {
    const stream = reader[kState].stream;
    const s = stream[kState];
    s.disturbed = true;
    if (s.state === 'closed') readRequest.close();
    else if (s.state === 'errored') readRequest.error(s.storedError);
    else s.controller.pullSteps(readRequest);
  }

  // ------------------------------------------------------------ ReadableStreamDefaultController (§4.6)
  class ReadableStreamDefaultController {
    constructor(key = undefined) {
      if (key !== kState) throw illegal();
    }
    get desiredSize() { return controllerGetDesiredSize(this[kState]); }
    close() {
      const c = this[kState];
      if (!canCloseOrEnqueue(c)) throw invalidState('Controller is already closed');
      controllerClose(c);
    }
    enqueue(chunk = undefined) {
      const c = this[kState];
      if (!canCloseOrEnqueue(c)) throw invalidState('Controller is already closed');
      controllerEnqueue(c, chunk);
    }
    error(e = undefined) { controllerError(this[kState], e); }
    cancelSteps(reason) {
      const c = this[kState];
      resetQueue(c);
      const result = c.cancelAlgorithm(reason);
      clearAlgorithms(c);
      return result;
    }
    pullSteps(readRequest) {
      const c = this[kState];
      const stream = c.stream;
      if (c.queue.length > 0) {
        const chunk = dequeueValue(c);
        if (c.closeRequested && c.queue.length === 0) {
          clearAlgorithms(c);
          readableStreamClose(stream);
        } else {
          callPullIfNeeded(c);
        }
        readRequest.chunk(chunk, true);
      } else {
        stream[kState].reader[kState].readRequests.push(readRequest);
        callPullIfNeeded(c);
      }
    }
    releaseSteps() {}
  }
  Object.defineProperty(ReadableStreamDefaultController.prototype, Symbol.toStringTag, { value: 'ReadableStreamDefaultController', configurable: true });
  function setUpDefaultControllerFromSource(stream, source, hwm, size) {
    const controller = new ReadableStreamDefaultController(kState);
    const start = source?.start ? () => source.start(controller) : () => undefined;
    const pull = source?.pull ? () => promiseCall(source.pull, source, controller) : () => resolved(undefined);
    const cancel = source?.cancel ? (reason) => promiseCall(source.cancel, source, reason) : () => resolved(undefined);
    setUpDefaultController(stream, controller, start, pull, cancel, hwm, size);
  }
  function setUpDefaultController(stream, controller, startAlgorithm, pullAlgorithm, cancelAlgorithm, hwm, size) {
    const c = {
      stream, controller, queue: [], queueTotalSize: 0, started: false, closeRequested: false,
      pullAgain: false, pulling: false, strategySizeAlgorithm: size, strategyHWM: hwm, pullAlgorithm, cancelAlgorithm,
    };
    startController(stream, controller, c, startAlgorithm, callPullIfNeeded, controllerError);
  }
  // The last steps of SetUpReadableStreamDefaultController (§4.6.4) and
  // SetUpReadableByteStreamController (§4.7.4), the same for both: the
  // controller is attached to the stream, then the start algorithm runs (it
  // may throw) and, once its result settles, pulling begins (`callPull`) or
  // the controller is errored (`error`).
  function startController(stream, controller, c, startAlgorithm, callPull, error) {
    controller[kState] = c;
    stream[kState].controller = controller;
    const startResult = startAlgorithm();
    startPromiseOf(startResult).then(() => {
      c.started = true;
      callPull(c);
    }, (r) => { error(c, r); });
  }
  function callPullIfNeeded(c) {
    controllerCallPull(c, shouldCallPull, controllerError);
  }
  // ReadableStreamDefaultControllerCallPullIfNeeded (§4.6.4) and
  // ReadableByteStreamControllerCallPullIfNeeded (§4.7.4), the same steps
  // with each controller's ShouldCallPull and error operation.
  function controllerCallPull(c, shouldPull, error) {
    if (!shouldPull(c)) return;
    if (c.pulling) {
      c.pullAgain = true;
      return;
    }
    c.pulling = true;
    c.pullAlgorithm().then(() => {
      c.pulling = false;
      if (c.pullAgain) {
        c.pullAgain = false;
        controllerCallPull(c, shouldPull, error);
      }
    }, (e) => { error(c, e); });
  }
  function shouldCallPull(c) {
    const stream = c.stream;
    if (!canCloseOrEnqueue(c)) return false;
    if (!c.started) return false;
    const reader = stream[kState].reader;
    if (isLocked(stream) && reader[kState].readRequests?.length > 0) return true;
    return controllerGetDesiredSize(c) > 0;
  }
  function clearAlgorithms(c) {
    c.pullAlgorithm = undefined;
    c.cancelAlgorithm = undefined;
    c.strategySizeAlgorithm = undefined;
  }
  function controllerClose(c) {
    if (!canCloseOrEnqueue(c)) return;
    c.closeRequested = true;
    if (c.queue.length === 0) {
      clearAlgorithms(c);
      readableStreamClose(c.stream);
    }
  }
  function controllerEnqueue(c, chunk) {
    if (!canCloseOrEnqueue(c)) return;
    const stream = c.stream;
    const reader = stream[kState].reader;
    if (isLocked(stream) && reader[kState].readRequests.length > 0) {
      // A waiting read takes it at once.
      reader[kState].readRequests.shift().chunk(chunk);
    } else {
      let chunkSize;
      try {
        chunkSize = c.strategySizeAlgorithm(chunk);
      } catch (e) {
        controllerError(c, e);
        throw e;
      }
      try {
        enqueueValueWithSize(c, chunk, chunkSize);
      } catch (e) {
        controllerError(c, e);
        throw e;
      }
    }
    callPullIfNeeded(c);
  }
  function controllerError(c, e) {
    const stream = c.stream;
    if (stream[kState].state !== 'readable') return;
    resetQueue(c);
    clearAlgorithms(c);
    readableStreamError(stream, e);
  }
  function controllerGetDesiredSize(c) {
    const state = c.stream[kState].state;
    if (state === 'errored') return null;
    if (state === 'closed') return 0;
    return c.strategyHWM - c.queueTotalSize;
  }
  function canCloseOrEnqueue(c) {
    return !c.closeRequested && c.stream[kState].state === 'readable';
  }


  // ------------------------------------------------------------ ReadableStreamBYOBReader (§4.5)
  class ReadableStreamBYOBReader {
    constructor(stream) {
      if (!(stream instanceof ReadableStream)) throw internals.invalidArgType('stream', 'ReadableStream', stream);
      if (isLocked(stream)) throw invalidState('ReadableStream is locked');
      if (!(stream[kState].controller instanceof ReadableByteStreamController)) {
        throw internals.invalidArgValue('stream', stream, 'must be a byte stream');
      }
      this[kState] = { stream: undefined, closed: undefined, readIntoRequests: [] };
      genericReaderInitialize(this, stream);
    }
    get closed() { return this[kState].closed.promise; }
    // (An async function, as Node's: its errors are rejections and its
    // result settles after the request's promise.)
    async read(view, options = {}) {
      if (!ArrayBuffer.isView(view)) throw internals.invalidArgType('view', ['Buffer', 'TypedArray', 'DataView'], view);
      if (view.byteLength === 0 || view.buffer.byteLength === 0) {
        throw E(TypeError, 'ERR_INVALID_STATE', 'Invalid state: View or Viewed ArrayBuffer is zero-length or detached');
      }
      const min = options?.min ?? 1;
      internals.validateNumber(min, 'options.min');
      if (!Number.isInteger(min)) throw internals.invalidArgValue('options.min', min, 'must be an integer');
      if (min <= 0) throw internals.invalidArgValue('options.min', min, 'must be greater than 0');
      if (!(view instanceof DataView)) {
        if (min > view.length) throw internals.outOfRange('options.min', '<= view.length', min);
      } else if (min > view.byteLength) {
        throw internals.outOfRange('options.min', '<= view.byteLength', min);
      }
      if (this[kState].stream === undefined) throw invalidState('The reader is not attached to a stream');
      const d = deferred();
      readableStreamBYOBReaderRead(this, view, min, {
        chunk: (value) => d.resolve({ value, done: false }),
        close: (value) => d.resolve({ value, done: true }),
        error: (e) => d.reject(e),
      });
      return d.promise;
    }
    releaseLock() { readerReleaseLock(this, 'readIntoRequests'); }
    cancel(reason = undefined) { return genericReaderCancel(this, reason); }
  }
  Object.defineProperty(ReadableStreamBYOBReader.prototype, Symbol.toStringTag, { value: 'ReadableStreamBYOBReader', configurable: true });
  // ReadableStreamBYOBReaderRead (§4.5.4).
  function readableStreamBYOBReaderRead(reader, view, min, readIntoRequest) {
    const stream = reader[kState].stream;
    stream[kState].disturbed = true;
    if (stream[kState].state === 'errored') readIntoRequest.error(stream[kState].storedError);
    else byteControllerPullInto(stream[kState].controller[kState], view, min, readIntoRequest);
  }

  // ------------------------------------------------------------ ReadableStreamBYOBRequest (§4.8)
  class ReadableStreamBYOBRequest {
    constructor(key = undefined) {
      if (key !== kState) throw illegal();
    }
    get view() { return this[kState].view; }
    respond(bytesWritten) {
      const r = this[kState];
      if (r.controller === undefined) throw invalidState('This BYOB request has been invalidated');
      if (r.view.buffer.byteLength === 0) throw invalidState('The view\'s buffer is detached');
      byteControllerRespond(r.controller, Number(bytesWritten));
    }
    respondWithNewView(view) {
      const r = this[kState];
      if (!ArrayBuffer.isView(view)) throw internals.invalidArgType('view', ['Buffer', 'TypedArray', 'DataView'], view);
      if (r.controller === undefined) throw invalidState('This BYOB request has been invalidated');
      byteControllerRespondWithNewView(r.controller, view);
    }
  }
  Object.defineProperty(ReadableStreamBYOBRequest.prototype, Symbol.toStringTag, { value: 'ReadableStreamBYOBRequest', configurable: true });

  // ------------------------------------------------------------ ReadableByteStreamController (§4.7)
  class ReadableByteStreamController {
    constructor(key = undefined) {
      if (key !== kState) throw illegal();
    }
    get byobRequest() { return byteControllerGetBYOBRequest(this[kState]); }
    get desiredSize() { return controllerGetDesiredSize(this[kState]); }
    close() {
      const c = this[kState];
      if (c.closeRequested) throw invalidState('Controller is already closed');
      if (c.stream[kState].state !== 'readable') throw invalidState('ReadableStream is already closed');
      byteControllerClose(c);
    }
    enqueue(chunk) {
      const c = this[kState];
      if (!ArrayBuffer.isView(chunk)) throw internals.invalidArgType('chunk', ['Buffer', 'TypedArray', 'DataView'], chunk);
      if (chunk.byteLength === 0) throw internals.invalidArgValue('chunk', chunk, 'cannot be zero length');
      if (chunk.buffer.byteLength === 0) throw internals.invalidArgValue('chunk', chunk, 'cannot be detached');
      if (c.closeRequested) throw invalidState('Controller is already closed');
      if (c.stream[kState].state !== 'readable') throw invalidState('ReadableStream is already closed');
      byteControllerEnqueue(c, chunk);
    }
    error(e = undefined) { byteControllerError(this[kState], e); }
    cancelSteps(reason) {
      const c = this[kState];
      byteControllerClearPendingPullIntos(c);
      resetQueue(c);
      const result = c.cancelAlgorithm(reason);
      byteControllerClearAlgorithms(c);
      return result;
    }
    pullSteps(readRequest) {
      const c = this[kState];
      const stream = c.stream;
      if (c.queueTotalSize > 0) {
        byteControllerFillReadRequestFromQueue(c, readRequest);
        return;
      }
      const autoAllocateChunkSize = c.autoAllocateChunkSize;
      if (autoAllocateChunkSize !== undefined) {
        let buffer;
        try {
          buffer = new ArrayBuffer(autoAllocateChunkSize);
        } catch (e) {
          readRequest.error(e);
          return;
        }
        c.pendingPullIntos.push({
          buffer, bufferByteLength: autoAllocateChunkSize, byteOffset: 0, byteLength: autoAllocateChunkSize,
          bytesFilled: 0, minimumFill: 1, elementSize: 1, viewConstructor: Uint8Array, readerType: 'default',
        });
      }
      stream[kState].reader[kState].readRequests.push(readRequest);
      byteControllerCallPullIfNeeded(c);
    }
    releaseSteps() {
      const c = this[kState];
      if (c.pendingPullIntos.length > 0) {
        const first = c.pendingPullIntos[0];
        first.readerType = 'none';
        c.pendingPullIntos = [first];
      }
    }
  }
  Object.defineProperty(ReadableByteStreamController.prototype, Symbol.toStringTag, { value: 'ReadableByteStreamController', configurable: true });

  // An ArrayBuffer's contents moved to a new one (the old one detached when
  // the engine can do that).
  function transferBuffer(buffer) {
    if (typeof buffer.transfer === 'function') return buffer.transfer();
    return buffer.slice(0);
  }
  function setUpByteControllerFromSource(stream, source, hwm) {
    const controller = new ReadableByteStreamController(kState);
    const start = source?.start ? () => source.start(controller) : () => undefined;
    const pull = source?.pull ? () => promiseCall(source.pull, source, controller) : () => resolved(undefined);
    const cancel = source?.cancel ? (reason) => promiseCall(source.cancel, source, reason) : () => resolved(undefined);
    let autoAllocateChunkSize = source?.autoAllocateChunkSize;
    if (autoAllocateChunkSize !== undefined) {
      autoAllocateChunkSize = Number(autoAllocateChunkSize);
      if (!Number.isInteger(autoAllocateChunkSize) || autoAllocateChunkSize <= 0) {
        throw internals.invalidArgValue('source.autoAllocateChunkSize', source.autoAllocateChunkSize);
      }
    }
    setUpByteController(stream, controller, start, pull, cancel, hwm, autoAllocateChunkSize);
  }
  // SetUpReadableByteStreamController (§4.7.4).
  function setUpByteController(stream, controller, start, pull, cancel, hwm, autoAllocateChunkSize) {
    const c = {
      stream, controller, queue: [], queueTotalSize: 0, started: false, closeRequested: false, pullAgain: false,
      pulling: false, byobRequest: null, strategyHWM: hwm, pullAlgorithm: pull, cancelAlgorithm: cancel,
      autoAllocateChunkSize, pendingPullIntos: [],
    };
    startController(stream, controller, c, start, byteControllerCallPullIfNeeded, byteControllerError);
  }
  function byteControllerCallPullIfNeeded(c) {
    controllerCallPull(c, byteControllerShouldCallPull, byteControllerError);
  }
  function byteControllerShouldCallPull(c) {
    const stream = c.stream;
    if (stream[kState].state !== 'readable' || c.closeRequested || !c.started) return false;
    const reader = stream[kState].reader;
    if (reader instanceof ReadableStreamDefaultReader && reader[kState].readRequests.length > 0) return true;
    if (reader instanceof ReadableStreamBYOBReader && reader[kState].readIntoRequests.length > 0) return true;
    return controllerGetDesiredSize(c) > 0;
  }
  function byteControllerClearAlgorithms(c) {
    c.pullAlgorithm = undefined;
    c.cancelAlgorithm = undefined;
  }
  function byteControllerInvalidateBYOBRequest(c) {
    if (c.byobRequest === null) return;
    c.byobRequest[kState].controller = undefined;
    c.byobRequest[kState].view = null;
    c.byobRequest = null;
  }
  function byteControllerClearPendingPullIntos(c) {
    byteControllerInvalidateBYOBRequest(c);
    c.pendingPullIntos = [];
  }
  function byteControllerGetBYOBRequest(c) {
    if (c.byobRequest === null && c.pendingPullIntos.length > 0) {
      const first = c.pendingPullIntos[0];
      const view = new Uint8Array(first.buffer, first.byteOffset + first.bytesFilled, first.byteLength - first.bytesFilled);
      const request = new ReadableStreamBYOBRequest(kState);
      request[kState] = { controller: c, view };
      c.byobRequest = request;
    }
    return c.byobRequest;
  }
  function byteControllerClose(c) {
    const stream = c.stream;
    if (c.closeRequested || stream[kState].state !== 'readable') return;
    if (c.queueTotalSize > 0) {
      c.closeRequested = true;
      return;
    }
    if (c.pendingPullIntos.length > 0) {
      const first = c.pendingPullIntos[0];
      if (first.bytesFilled % first.elementSize !== 0) {
        const e = new TypeError('Insufficient bytes to fill elements in the given buffer');
        byteControllerError(c, e);
        throw e;
      }
    }
    byteControllerClearAlgorithms(c);
    readableStreamClose(stream);
  }
  function byteControllerError(c, e) {
    const stream = c.stream;
    if (stream[kState].state !== 'readable') return;
    byteControllerClearPendingPullIntos(c);
    resetQueue(c);
    byteControllerClearAlgorithms(c);
    readableStreamError(stream, e);
  }
  function byteControllerEnqueue(c, chunk) {
    const stream = c.stream;
    if (c.closeRequested || stream[kState].state !== 'readable') return;
    const { buffer, byteOffset, byteLength } = chunk;
    const transferredBuffer = transferBuffer(buffer);
    if (c.pendingPullIntos.length > 0) {
      const first = c.pendingPullIntos[0];
      byteControllerInvalidateBYOBRequest(c);
      first.buffer = transferBuffer(first.buffer);
      if (first.readerType === 'none') byteControllerEnqueueDetachedPullIntoToQueue(c, first);
    }
    const reader = stream[kState].reader;
    if (reader instanceof ReadableStreamDefaultReader) {
      byteControllerProcessReadRequestsUsingQueue(c);
      if (reader[kState].readRequests.length === 0) {
        byteControllerEnqueueChunkToQueue(c, transferredBuffer, byteOffset, byteLength);
      } else {
        if (c.pendingPullIntos.length > 0) byteControllerShiftPendingPullInto(c);
        reader[kState].readRequests.shift().chunk(new Uint8Array(transferredBuffer, byteOffset, byteLength));
      }
    } else if (reader instanceof ReadableStreamBYOBReader) {
      byteControllerEnqueueChunkToQueue(c, transferredBuffer, byteOffset, byteLength);
      const filled = byteControllerProcessPullIntoDescriptorsUsingQueue(c);
      for (const d of filled) byteControllerCommitPullIntoDescriptor(stream, d);
    } else {
      byteControllerEnqueueChunkToQueue(c, transferredBuffer, byteOffset, byteLength);
    }
    byteControllerCallPullIfNeeded(c);
  }
  function byteControllerEnqueueChunkToQueue(c, buffer, byteOffset, byteLength) {
    c.queue.push({ buffer, byteOffset, byteLength });
    c.queueTotalSize += byteLength;
  }
  function byteControllerEnqueueClonedChunkToQueue(c, buffer, byteOffset, byteLength) {
    const clone = buffer.slice(byteOffset, byteOffset + byteLength);
    byteControllerEnqueueChunkToQueue(c, clone, 0, byteLength);
  }
  function byteControllerEnqueueDetachedPullIntoToQueue(c, d) {
    if (d.bytesFilled > 0) byteControllerEnqueueClonedChunkToQueue(c, d.buffer, d.byteOffset, d.bytesFilled);
    byteControllerShiftPendingPullInto(c);
  }
  function byteControllerShiftPendingPullInto(c) {
    return c.pendingPullIntos.shift();
  }
  function byteControllerFillReadRequestFromQueue(c, readRequest) {
    const entry = c.queue.shift();
    c.queueTotalSize -= entry.byteLength;
    byteControllerHandleQueueDrain(c);
    readRequest.chunk(new Uint8Array(entry.buffer, entry.byteOffset, entry.byteLength), true);
  }
  function byteControllerProcessReadRequestsUsingQueue(c) {
    const reader = c.stream[kState].reader;
    while (reader[kState].readRequests.length > 0) {
      if (c.queueTotalSize === 0) return;
      byteControllerFillReadRequestFromQueue(c, reader[kState].readRequests.shift());
    }
  }
  function byteControllerHandleQueueDrain(c) {
    if (c.queueTotalSize === 0 && c.closeRequested) {
      byteControllerClearAlgorithms(c);
      readableStreamClose(c.stream);
    } else {
      byteControllerCallPullIfNeeded(c);
    }
  }
  function byteControllerFillHeadPullIntoDescriptor(c, size, d) {
    d.bytesFilled += size;
  }
  // Copies what the queue has into the descriptor; true once it has its minimum.
  function byteControllerFillPullIntoDescriptorFromQueue(c, d) {
    const maxBytesToCopy = Math.min(c.queueTotalSize, d.byteLength - d.bytesFilled);
    const maxBytesFilled = d.bytesFilled + maxBytesToCopy;
    let totalBytesToCopyRemaining = maxBytesToCopy;
    let ready = false;
    const remainderBytes = maxBytesFilled % d.elementSize;
    const maxAlignedBytes = maxBytesFilled - remainderBytes;
    if (maxAlignedBytes >= d.minimumFill) {
      totalBytesToCopyRemaining = maxAlignedBytes - d.bytesFilled;
      ready = true;
    }
    while (totalBytesToCopyRemaining > 0) {
      const head = c.queue[0];
      const bytesToCopy = Math.min(totalBytesToCopyRemaining, head.byteLength);
      const destStart = d.byteOffset + d.bytesFilled;
      new Uint8Array(d.buffer, destStart, bytesToCopy).set(new Uint8Array(head.buffer, head.byteOffset, bytesToCopy));
      if (head.byteLength === bytesToCopy) c.queue.shift();
      else {
        head.byteOffset += bytesToCopy;
        head.byteLength -= bytesToCopy;
      }
      c.queueTotalSize -= bytesToCopy;
      byteControllerFillHeadPullIntoDescriptor(c, bytesToCopy, d);
      totalBytesToCopyRemaining -= bytesToCopy;
    }
    return ready;
  }
  function byteControllerProcessPullIntoDescriptorsUsingQueue(c) {
    const filled = [];
    while (c.pendingPullIntos.length > 0) {
      if (c.queueTotalSize === 0) break;
      const d = c.pendingPullIntos[0];
      if (byteControllerFillPullIntoDescriptorFromQueue(c, d)) {
        byteControllerShiftPendingPullInto(c);
        filled.push(d);
      }
    }
    return filled;
  }
  function byteControllerConvertPullIntoDescriptor(d) {
    return new d.viewConstructor(d.buffer, d.byteOffset, d.bytesFilled / d.elementSize);
  }
  function byteControllerCommitPullIntoDescriptor(stream, d) {
    let done = false;
    if (stream[kState].state === 'closed') done = true;
    const filledView = byteControllerConvertPullIntoDescriptor(d);
    const reader = stream[kState].reader;
    if (d.readerType === 'default') {
      reader[kState].readRequests.shift()[done ? 'close' : 'chunk'](filledView);
    } else {
      const request = reader[kState].readIntoRequests.shift();
      if (done) request.close(filledView);
      else request.chunk(filledView);
    }
  }
  function byteControllerPullInto(c, view, min, readIntoRequest) {
    const stream = c.stream;
    let elementSize = 1;
    let ctor = DataView;
    if (!(view instanceof DataView)) {
      elementSize = view.BYTES_PER_ELEMENT;
      ctor = view.constructor;
    }
    const minimumFill = min * elementSize;
    const byteOffset = view.byteOffset;
    const byteLength = view.byteLength;
    let buffer;
    try {
      buffer = transferBuffer(view.buffer);
    } catch (e) {
      readIntoRequest.error(e);
      return;
    }
    const d = {
      buffer, bufferByteLength: buffer.byteLength, byteOffset, byteLength, bytesFilled: 0, minimumFill,
      elementSize, viewConstructor: ctor, readerType: 'byob',
    };
    if (c.pendingPullIntos.length > 0) {
      c.pendingPullIntos.push(d);
      stream[kState].reader[kState].readIntoRequests.push(readIntoRequest);
      return;
    }
    if (stream[kState].state === 'closed') {
      readIntoRequest.close(new ctor(d.buffer, d.byteOffset, 0));
      return;
    }
    if (c.queueTotalSize > 0) {
      if (byteControllerFillPullIntoDescriptorFromQueue(c, d)) {
        const filledView = byteControllerConvertPullIntoDescriptor(d);
        byteControllerHandleQueueDrain(c);
        readIntoRequest.chunk(filledView);
        return;
      }
      if (c.closeRequested) {
        const e = new TypeError('Insufficient bytes to fill elements in the given buffer');
        byteControllerError(c, e);
        readIntoRequest.error(e);
        return;
      }
    }
    c.pendingPullIntos.push(d);
    stream[kState].reader[kState].readIntoRequests.push(readIntoRequest);
    byteControllerCallPullIfNeeded(c);
  }
  function byteControllerRespond(c, bytesWritten) {
    const first = c.pendingPullIntos[0];
    const state = c.stream[kState].state;
    if (state === 'closed') {
      if (bytesWritten !== 0) throw new TypeError('bytesWritten must be 0 when calling respond() on a closed stream');
    } else {
      if (bytesWritten === 0) throw new TypeError('bytesWritten must be greater than 0 when calling respond() on a readable stream');
      if (first.bytesFilled + bytesWritten > first.byteLength) throw E(RangeError, 'ERR_INVALID_ARG_VALUE', 'bytesWritten out of range');
    }
    first.buffer = transferBuffer(first.buffer);
    byteControllerRespondInternal(c, bytesWritten);
  }
  function byteControllerRespondWithNewView(c, view) {
    const first = c.pendingPullIntos[0];
    const state = c.stream[kState].state;
    if (state === 'closed') {
      if (view.byteLength !== 0) throw new TypeError('The view\'s length must be 0 when calling respondWithNewView() on a closed stream');
    } else if (view.byteLength === 0) {
      throw new TypeError('The view\'s length must be greater than 0 when calling respondWithNewView() on a readable stream');
    }
    if (first.byteOffset + first.bytesFilled !== view.byteOffset) throw E(RangeError, 'ERR_INVALID_ARG_VALUE', 'The region specified by view does not match byobRequest');
    if (first.bufferByteLength !== view.buffer.byteLength) throw E(RangeError, 'ERR_INVALID_ARG_VALUE', 'The buffer of view has different capacity than byobRequest');
    if (first.bytesFilled + view.byteLength > first.byteLength) throw E(RangeError, 'ERR_INVALID_ARG_VALUE', 'The region specified by view is larger than byobRequest');
    const viewByteLength = view.byteLength;
    first.buffer = transferBuffer(view.buffer);
    byteControllerRespondInternal(c, viewByteLength);
  }
  function byteControllerRespondInternal(c, bytesWritten) {
    const first = c.pendingPullIntos[0];
    byteControllerInvalidateBYOBRequest(c);
    const stream = c.stream;
    if (stream[kState].state === 'closed') {
      // RespondInClosedState: every pending read completes with what it has.
      if (first.readerType === 'none') byteControllerShiftPendingPullInto(c);
      const reader = stream[kState].reader;
      if (reader instanceof ReadableStreamBYOBReader) {
        while (reader[kState].readIntoRequests.length > 0) {
          byteControllerCommitPullIntoDescriptor(stream, byteControllerShiftPendingPullInto(c));
        }
      }
    } else {
      // RespondInReadableState.
      byteControllerFillHeadPullIntoDescriptor(c, bytesWritten, first);
      if (first.readerType === 'none') {
        byteControllerEnqueueDetachedPullIntoToQueue(c, first);
        const filled = byteControllerProcessPullIntoDescriptorsUsingQueue(c);
        for (const d of filled) byteControllerCommitPullIntoDescriptor(stream, d);
      } else if (first.bytesFilled >= first.minimumFill) {
        byteControllerShiftPendingPullInto(c);
        const remainderSize = first.bytesFilled % first.elementSize;
        if (remainderSize > 0) {
          const end = first.byteOffset + first.bytesFilled;
          byteControllerEnqueueClonedChunkToQueue(c, first.buffer, end - remainderSize, remainderSize);
        }
        first.bytesFilled -= remainderSize;
        const filled = byteControllerProcessPullIntoDescriptorsUsingQueue(c);
        byteControllerCommitPullIntoDescriptor(stream, first);
        for (const d of filled) byteControllerCommitPullIntoDescriptor(stream, d);
      }
    }
    byteControllerCallPullIfNeeded(c);
  }

  // ReadableStreamTee(stream, cloneForBranch2) (§4.9.1): a byte stream is
  // teed into two byte streams, any other into two default streams.
  function readableStreamTee(stream, cloneForBranch2) {
    if (stream[kState].controller instanceof ReadableByteStreamController) return readableByteStreamTee(stream);
    return readableStreamDefaultTee(stream, cloneForBranch2);
  }
  // A readable stream whose controller the tee sets up (CreateReadableStream
  // and CreateReadableByteStream, §4.9.1, with a start algorithm that
  // returns undefined).
  function createTeeBranch(setUp) {
    const s = Object.create(ReadableStream.prototype);
    s[kState] = { state: 'readable', reader: undefined, storedError: undefined, disturbed: false, controller: undefined };
    setUp(s);
    return s;
  }
  // The composite cancel of the two branches (steps "cancel1Algorithm" and
  // "cancel2Algorithm" of both tees): the source is canceled with both
  // reasons once both branches are.
  function teeCancel(t, stream, branch, reason) {
    t.canceled[branch] = true;
    t.reasons[branch] = reason;
    if (t.canceled[1 - branch]) t.cancelPromise.resolve(readableStreamCancel(stream, [t.reasons[0], t.reasons[1]]));
    return t.cancelPromise.promise;
  }

  // ReadableStreamDefaultTee(stream, cloneForBranch2) (§4.9.1).
  function readableStreamDefaultTee(stream, cloneForBranch2) {
    // Step 3. Let reader be ? AcquireReadableStreamDefaultReader(stream).
    const reader = new ReadableStreamDefaultReader(stream);
    // Steps 4-12: reading, readAgain, canceled1/2, reason1/2, the branches, cancelPromise.
    let reading = false;
    let readAgain = false;
    const t = { canceled: [false, false], reasons: [undefined, undefined], cancelPromise: deferred() };
    const branches = [];
    // Step 13. pullAlgorithm.
    function pullAlgorithm() {
      if (reading) {
        readAgain = true;
        return resolved(undefined);
      }
      reading = true;
      readableStreamDefaultReaderRead(reader, {
        // Chunk steps: in a microtask, each branch not canceled gets the
        // chunk (branch 2 a structured clone when cloneForBranch2 is true).
        chunk: (chunk) => {
          queueMicrotask(() => {
            readAgain = false;
            const chunk1 = chunk;
            let chunk2 = chunk;
            if (!t.canceled[1] && cloneForBranch2) {
              try {
                chunk2 = g.structuredClone(chunk2);
              } catch (e) {
                controllerError(branches[0][kState].controller[kState], e);
                controllerError(branches[1][kState].controller[kState], e);
                t.cancelPromise.resolve(readableStreamCancel(stream, e));
                return;
              }
            }
            if (!t.canceled[0]) controllerEnqueue(branches[0][kState].controller[kState], chunk1);
            if (!t.canceled[1]) controllerEnqueue(branches[1][kState].controller[kState], chunk2);
            reading = false;
            if (readAgain) pullAlgorithm();
          });
        },
        close: () => {
          reading = false;
          if (!t.canceled[0]) controllerClose(branches[0][kState].controller[kState]);
          if (!t.canceled[1]) controllerClose(branches[1][kState].controller[kState]);
          if (!t.canceled[0] || !t.canceled[1]) t.cancelPromise.resolve(undefined);
        },
        error: () => { reading = false; },
      });
      return resolved(undefined);
    }
    // Steps 14-18: the cancel algorithms, the start algorithm, the branches.
    for (const branch of [0, 1]) {
      branches.push(createTeeBranch((s) => setUpDefaultController(s, new ReadableStreamDefaultController(kState), () => undefined,
        pullAlgorithm, (reason) => teeCancel(t, stream, branch, reason), 1, () => 1)));
    }
    // Step 19. Upon rejection of reader.[[closedPromise]] with r, both branches error.
    reader[kState].closed.promise.then(undefined, (r) => {
      controllerError(branches[0][kState].controller[kState], r);
      controllerError(branches[1][kState].controller[kState], r);
      if (!t.canceled[0] || !t.canceled[1]) t.cancelPromise.resolve(undefined);
    });
    return branches;
  }

  // CloneAsUint8Array(O) (§8.3): a new Uint8Array over a copy of O's bytes.
  function cloneAsUint8Array(view) {
    return new Uint8Array(view.buffer.slice(view.byteOffset, view.byteOffset + view.byteLength));
  }

  // ReadableByteStreamTee(stream) (§4.9.1): two byte streams; a branch read
  // with a BYOB reader reads from the source with a BYOB reader into its
  // view, and the other branch gets a copy.
  function readableByteStreamTee(stream) {
    // Step 3. Let reader be ? AcquireReadableStreamDefaultReader(stream).
    let reader = new ReadableStreamDefaultReader(stream);
    // Steps 4-13.
    let reading = false;
    const readAgain = [false, false];
    const t = { canceled: [false, false], reasons: [undefined, undefined], cancelPromise: deferred() };
    const branches = [];
    const branchController = (b) => branches[b][kState].controller[kState];
    // Step 14. forwardReaderError(thisReader).
    function forwardReaderError(thisReader) {
      thisReader[kState].closed.promise.then(undefined, (r) => {
        if (thisReader !== reader) return;
        byteControllerError(branchController(0), r);
        byteControllerError(branchController(1), r);
        if (!t.canceled[0] || !t.canceled[1]) t.cancelPromise.resolve(undefined);
      });
    }
    // What the chunk steps of both read requests do after the copy: no
    // read in progress, and a read asked for meanwhile is made.
    function readDone() {
      reading = false;
      if (readAgain[0]) pullAlgorithm(0);
      else if (readAgain[1]) pullAlgorithm(1);
    }
    // A copy of `chunk`, or, when it cannot be made, both branches errored
    // and the source canceled with the error (undefined is returned).
    function cloneOrCancel(chunk, b1, b2) {
      try {
        return cloneAsUint8Array(chunk);
      } catch (e) {
        byteControllerError(branchController(b1), e);
        byteControllerError(branchController(b2), e);
        t.cancelPromise.resolve(readableStreamCancel(stream, e));
        return undefined;
      }
    }
    // Step 15. pullWithDefaultReader.
    function pullWithDefaultReader() {
      // Step 15.1. A BYOB reader is released and a default reader acquired.
      if (reader instanceof ReadableStreamBYOBReader) {
        readerReleaseLock(reader, 'readIntoRequests');
        reader = new ReadableStreamDefaultReader(stream);
        forwardReaderError(reader);
      }
      // Steps 15.2-15.3.
      readableStreamDefaultReaderRead(reader, {
        chunk: (chunk) => {
          queueMicrotask(() => {
            readAgain[0] = false;
            readAgain[1] = false;
            let chunk2 = chunk;
            if (!t.canceled[0] && !t.canceled[1]) {
              chunk2 = cloneOrCancel(chunk, 0, 1);
              if (chunk2 === undefined) return;
            }
            if (!t.canceled[0]) byteControllerEnqueue(branchController(0), chunk);
            if (!t.canceled[1]) byteControllerEnqueue(branchController(1), chunk2);
            readDone();
          });
        },
        close: () => {
          reading = false;
          if (!t.canceled[0]) byteControllerClose(branchController(0));
          if (!t.canceled[1]) byteControllerClose(branchController(1));
          if (branchController(0).pendingPullIntos.length > 0) byteControllerRespond(branchController(0), 0);
          if (branchController(1).pendingPullIntos.length > 0) byteControllerRespond(branchController(1), 0);
          if (!t.canceled[0] || !t.canceled[1]) t.cancelPromise.resolve(undefined);
        },
        error: () => { reading = false; },
      });
    }
    // Step 16. pullWithBYOBReader(view, forBranch2).
    function pullWithBYOBReader(view, byob) {
      // Step 16.1. A default reader is released and a BYOB reader acquired.
      if (reader instanceof ReadableStreamDefaultReader) {
        readerReleaseLock(reader, 'readRequests');
        reader = new ReadableStreamBYOBReader(stream);
        forwardReaderError(reader);
      }
      // Step 16.2. byobBranch (`byob`) and otherBranch (`other`).
      const other = 1 - byob;
      // Steps 16.3-16.4.
      readableStreamBYOBReaderRead(reader, view, 1, {
        chunk: (chunk) => {
          queueMicrotask(() => {
            readAgain[0] = false;
            readAgain[1] = false;
            const byobCanceled = t.canceled[byob];
            const otherCanceled = t.canceled[other];
            if (!otherCanceled) {
              const cloned = cloneOrCancel(chunk, byob, other);
              if (cloned === undefined) return;
              if (!byobCanceled) byteControllerRespondWithNewView(branchController(byob), chunk);
              byteControllerEnqueue(branchController(other), cloned);
            } else if (!byobCanceled) {
              byteControllerRespondWithNewView(branchController(byob), chunk);
            }
            readDone();
          });
        },
        close: (chunk) => {
          reading = false;
          const byobCanceled = t.canceled[byob];
          const otherCanceled = t.canceled[other];
          if (!byobCanceled) byteControllerClose(branchController(byob));
          if (!otherCanceled) byteControllerClose(branchController(other));
          if (chunk !== undefined) {
            if (!byobCanceled) byteControllerRespondWithNewView(branchController(byob), chunk);
            if (!otherCanceled && branchController(other).pendingPullIntos.length > 0) byteControllerRespond(branchController(other), 0);
          }
          if (!byobCanceled || !otherCanceled) t.cancelPromise.resolve(undefined);
        },
        error: () => { reading = false; },
      });
    }
    // Steps 17-18. pull1Algorithm and pull2Algorithm.
    function pullAlgorithm(b) {
      if (reading) {
        readAgain[b] = true;
        return resolved(undefined);
      }
      reading = true;
      const byobRequest = byteControllerGetBYOBRequest(branchController(b));
      if (byobRequest === null) pullWithDefaultReader();
      else pullWithBYOBReader(byobRequest[kState].view, b);
      return resolved(undefined);
    }
    // Steps 19-23: the cancel algorithms, the start algorithm, the branches
    // (CreateReadableByteStream: high water mark 0, no autoAllocateChunkSize).
    for (const b of [0, 1]) {
      branches.push(createTeeBranch((s) => setUpByteController(s, new ReadableByteStreamController(kState), () => undefined,
        () => pullAlgorithm(b), (reason) => teeCancel(t, stream, b, reason), 0, undefined)));
    }
    // Step 24. Perform forwardReaderError(reader).
    forwardReaderError(reader);
    return branches;
  }

  // §4.9.4 ReadableStreamPipeTo: read, wait for the writer to be ready,
  // write; propagate closing, errors and cancellation as the options say.
  function readableStreamPipeTo(source, dest, options) {
    const preventClose = !!options?.preventClose;
    const preventAbort = !!options?.preventAbort;
    const preventCancel = !!options?.preventCancel;
    const signal = options?.signal;
    const reader = new ReadableStreamDefaultReader(source);
    const writer = new WritableStreamDefaultWriter(dest);
    source[kState].disturbed = true;
    let shuttingDown = false;
    let currentWrite = resolved(undefined);
    const done = deferred();
    function finalize(isError, error) {
      writer.releaseLock();
      reader.releaseLock();
      if (signal) signal.removeEventListener('abort', onAbort);
      if (isError) done.reject(error);
      else done.resolve(undefined);
    }
    function shutdown(action, isError, error) {
      if (shuttingDown) return;
      shuttingDown = true;
      const waitWrites = () => currentWrite.then(() => (currentWrite === last ? undefined : waitWrites()), () => undefined);
      const last = currentWrite;
      const then = () => {
        if (!action) return finalize(isError, error);
        action().then(() => finalize(isError, error), (e) => finalize(true, e));
      };
      if (dest[kState].state === 'writable' && !writableStreamCloseQueuedOrInFlight(dest)) waitWrites().then(then);
      else then();
    }
    function onAbort() {
      const error = signal.reason;
      const actions = [];
      if (!preventAbort) actions.push(() => (dest[kState].state === 'writable' ? writableStreamAbort(dest, error) : resolved(undefined)));
      if (!preventCancel) actions.push(() => (source[kState].state === 'readable' ? readableStreamCancel(source, error) : resolved(undefined)));
      shutdown(() => Promise.all(actions.map((a) => a())), true, error);
    }
    if (signal) {
      if (signal.aborted) {
        onAbort();
        return done.promise;
      }
      signal.addEventListener('abort', onAbort, { once: true });
    }
    function step() {
      if (shuttingDown) return;
      writer[kState].ready.promise.then(() => {
        if (shuttingDown) return;
        readableStreamDefaultReaderRead(reader, {
          chunk: (chunk) => {
            currentWrite = markHandled(writableStreamDefaultWriterWrite(writer, chunk));
            step();
          },
          close: () => {},
          error: () => {},
        });
      }, () => {});
    }
    // Errors and closing, forward and backward.
    reader[kState].closed.promise.then(() => {
      if (!preventClose) shutdown(() => writableStreamDefaultWriterCloseWithErrorPropagation(writer));
      else shutdown();
    }, (storedError) => {
      if (!preventAbort) shutdown(() => writableStreamAbort(dest, storedError), true, storedError);
      else shutdown(null, true, storedError);
    });
    writer[kState].closed.promise.then(() => {
      if (shuttingDown) return;
      const destClosed = new TypeError('the destination writable stream closed before all data could be piped to it');
      if (!preventCancel) shutdown(() => readableStreamCancel(source, destClosed), true, destClosed);
      else shutdown(null, true, destClosed);
    }, (storedError) => {
      if (!preventCancel) shutdown(() => readableStreamCancel(source, storedError), true, storedError);
      else shutdown(null, true, storedError);
    });
    step();
    return done.promise;
  }

  // ------------------------------------------------------------ WritableStream (§5.2)
  class WritableStream {
    constructor(underlyingSink = undefined, strategy = {}) {
      if (underlyingSink === null) underlyingSink = undefined;
      if (underlyingSink !== undefined && typeof underlyingSink !== 'object') {
        throw internals.invalidArgType('sink', 'Object', underlyingSink);
      }
      if (underlyingSink?.type !== undefined) {
        throw invalidValue(RangeError, 'type', underlyingSink.type);
      }
      this[kState] = {
        state: 'writable', storedError: undefined, writer: undefined, controller: undefined,
        inFlightWriteRequest: undefined, closeRequest: undefined, inFlightCloseRequest: undefined,
        pendingAbortRequest: undefined, writeRequests: [], backpressure: false,
      };
      const size = extractSizeAlgorithm(strategy);
      const hwm = extractHighWaterMark(strategy, 1);
      const controller = new WritableStreamDefaultController(kState);
      const sink = underlyingSink;
      setUpWritableController(this, controller,
        sink?.start ? () => sink.start(controller) : () => undefined,
        sink?.write ? (chunk) => promiseCall(sink.write, sink, chunk, controller) : () => resolved(undefined),
        sink?.close ? () => promiseCall(sink.close, sink) : () => resolved(undefined),
        sink?.abort ? (reason) => promiseCall(sink.abort, sink, reason) : () => resolved(undefined),
        hwm, size);
    }
    get locked() { return this[kState].writer !== undefined; }
    abort(reason = undefined) {
      if (this.locked) return rejected(invalidState('WritableStream is locked'));
      return writableStreamAbort(this, reason);
    }
    close() {
      if (this.locked) return rejected(invalidState('WritableStream is locked'));
      if (writableStreamCloseQueuedOrInFlight(this)) return rejected(invalidState('Failure closing WritableStream'));
      return writableStreamClose(this);
    }
    getWriter() { return new WritableStreamDefaultWriter(this); }
    [inspectSymbol](depth, options) {
      return customInspect(depth, options, 'WritableStream', { locked: this.locked, state: this[kState].state });
    }
  }
  Object.defineProperty(WritableStream.prototype, Symbol.toStringTag, { value: 'WritableStream', configurable: true });

  function writableStreamAbort(stream, reason) {
    const s = stream[kState];
    if (s.state === 'closed' || s.state === 'errored') return resolved(undefined);
    s.controller[kState].abortController?.abort(reason);
    const state = s.state;
    if (state === 'closed' || state === 'errored') return resolved(undefined);
    if (s.pendingAbortRequest !== undefined) return s.pendingAbortRequest.promise.promise;
    let wasAlreadyErroring = false;
    if (state === 'erroring') {
      wasAlreadyErroring = true;
      reason = undefined;
    }
    const promise = deferred();
    s.pendingAbortRequest = { promise, reason, wasAlreadyErroring };
    if (!wasAlreadyErroring) writableStreamStartErroring(stream, reason);
    return promise.promise;
  }
  function writableStreamClose(stream) {
    const s = stream[kState];
    if (s.state === 'closed' || s.state === 'errored') {
      return rejected(invalidState('WritableStream is closed'));
    }
    const promise = deferred();
    s.closeRequest = promise;
    const writer = s.writer;
    if (writer !== undefined && s.backpressure && s.state === 'writable') writer[kState].ready.resolve(undefined);
    // WritableStreamDefaultControllerClose.
    const c = s.controller[kState];
    enqueueValueWithSize(c, kCloseSentinel, 0);
    writableControllerAdvanceQueueIfNeeded(c);
    return promise.promise;
  }
  const kCloseSentinel = Symbol('close sentinel');
  function writableStreamAddWriteRequest(stream) {
    const promise = deferred();
    stream[kState].writeRequests.push(promise);
    return promise.promise;
  }
  function writableStreamDealWithRejection(stream, error) {
    if (stream[kState].state === 'writable') {
      writableStreamStartErroring(stream, error);
      return;
    }
    writableStreamFinishErroring(stream);
  }
  function writableStreamStartErroring(stream, reason) {
    const s = stream[kState];
    const controller = s.controller;
    s.state = 'erroring';
    s.storedError = reason;
    const writer = s.writer;
    if (writer !== undefined) writerEnsureReadyPromiseRejected(writer, reason);
    if (!writableStreamHasOperationMarkedInFlight(stream) && controller[kState].started) writableStreamFinishErroring(stream);
  }
  function writableStreamFinishErroring(stream) {
    const s = stream[kState];
    s.state = 'errored';
    const c = s.controller[kState];
    // [[ErrorSteps]]: reset the queue.
    resetQueue(c);
    const storedError = s.storedError;
    for (const r of s.writeRequests) r.reject(storedError);
    s.writeRequests = [];
    if (s.pendingAbortRequest === undefined) {
      writableStreamRejectCloseAndClosedPromiseIfNeeded(stream);
      return;
    }
    const abortRequest = s.pendingAbortRequest;
    s.pendingAbortRequest = undefined;
    if (abortRequest.wasAlreadyErroring) {
      abortRequest.promise.reject(storedError);
      writableStreamRejectCloseAndClosedPromiseIfNeeded(stream);
      return;
    }
    const promise = c.abortAlgorithm(abortRequest.reason);
    writableClearAlgorithms(c);
    promise.then(() => {
      abortRequest.promise.resolve(undefined);
      writableStreamRejectCloseAndClosedPromiseIfNeeded(stream);
    }, (reason) => {
      abortRequest.promise.reject(reason);
      writableStreamRejectCloseAndClosedPromiseIfNeeded(stream);
    });
  }
  function writableStreamFinishInFlightWrite(stream) {
    stream[kState].inFlightWriteRequest.resolve(undefined);
    stream[kState].inFlightWriteRequest = undefined;
  }
  function writableStreamFinishInFlightWriteWithError(stream, error) {
    stream[kState].inFlightWriteRequest.reject(error);
    stream[kState].inFlightWriteRequest = undefined;
    writableStreamDealWithRejection(stream, error);
  }
  function writableStreamFinishInFlightClose(stream) {
    const s = stream[kState];
    s.inFlightCloseRequest.resolve(undefined);
    s.inFlightCloseRequest = undefined;
    if (s.state === 'erroring') {
      s.storedError = undefined;
      if (s.pendingAbortRequest !== undefined) {
        s.pendingAbortRequest.promise.resolve(undefined);
        s.pendingAbortRequest = undefined;
      }
    }
    s.state = 'closed';
    const writer = s.writer;
    if (writer !== undefined) writer[kState].closed.resolve(undefined);
  }
  function writableStreamFinishInFlightCloseWithError(stream, error) {
    const s = stream[kState];
    s.inFlightCloseRequest.reject(error);
    s.inFlightCloseRequest = undefined;
    if (s.pendingAbortRequest !== undefined) {
      s.pendingAbortRequest.promise.reject(error);
      s.pendingAbortRequest = undefined;
    }
    writableStreamDealWithRejection(stream, error);
  }
  function writableStreamCloseQueuedOrInFlight(stream) {
    return stream[kState].closeRequest !== undefined || stream[kState].inFlightCloseRequest !== undefined;
  }
  function writableStreamHasOperationMarkedInFlight(stream) {
    return stream[kState].inFlightWriteRequest !== undefined || stream[kState].inFlightCloseRequest !== undefined;
  }
  function writableStreamRejectCloseAndClosedPromiseIfNeeded(stream) {
    const s = stream[kState];
    if (s.closeRequest !== undefined) {
      s.closeRequest.reject(s.storedError);
      s.closeRequest = undefined;
    }
    const writer = s.writer;
    if (writer !== undefined) {
      writer[kState].closed.reject(s.storedError);
      markHandled(writer[kState].closed.promise);
    }
  }
  function writableStreamUpdateBackpressure(stream, backpressure) {
    const s = stream[kState];
    const writer = s.writer;
    if (writer !== undefined && backpressure !== s.backpressure) {
      if (backpressure) writer[kState].ready = deferred();
      else writer[kState].ready.resolve(undefined);
    }
    s.backpressure = backpressure;
  }

  // ------------------------------------------------------------ WritableStreamDefaultWriter (§5.3)
  class WritableStreamDefaultWriter {
    constructor(stream) {
      if (!(stream instanceof WritableStream)) throw internals.invalidArgType('stream', 'WritableStream', stream);
      if (stream.locked) throw invalidState('WritableStream is locked');
      const w = this[kState] = { stream, ready: deferred(), closed: deferred() };
      const s = stream[kState];
      s.writer = this;
      const state = s.state;
      if (state === 'writable') {
        if (!writableStreamCloseQueuedOrInFlight(stream) && s.backpressure) {
          // ready stays pending
        } else {
          w.ready.resolve(undefined);
        }
      } else if (state === 'erroring') {
        w.ready.reject(s.storedError);
        markHandled(w.ready.promise);
      } else if (state === 'closed') {
        w.ready.resolve(undefined);
        w.closed.resolve(undefined);
      } else {
        w.ready.reject(s.storedError);
        markHandled(w.ready.promise);
        w.closed.reject(s.storedError);
        markHandled(w.closed.promise);
      }
    }
    get closed() { return this[kState].closed.promise; }
    get desiredSize() {
      const stream = this[kState].stream;
      if (stream === undefined) throw invalidState('Writer is not bound to a WritableStream');
      const state = stream[kState].state;
      if (state === 'errored' || state === 'erroring') return null;
      if (state === 'closed') return 0;
      const c = stream[kState].controller[kState];
      return c.strategyHWM - c.queueTotalSize;
    }
    get ready() { return this[kState].ready.promise; }
    abort(reason = undefined) {
      const stream = this[kState].stream;
      if (stream === undefined) return rejected(invalidState('Writer is not bound to a WritableStream'));
      return writableStreamAbort(stream, reason);
    }
    close() {
      const stream = this[kState].stream;
      if (stream === undefined) return rejected(invalidState('Writer is not bound to a WritableStream'));
      if (writableStreamCloseQueuedOrInFlight(stream)) return rejected(invalidState('Failure to close WritableStream'));
      return writableStreamClose(stream);
    }
    releaseLock() {
      const stream = this[kState].stream;
      if (stream === undefined) return;
      const releasedError = invalidState('Writer has been released');
      writerEnsureReadyPromiseRejected(this, releasedError);
      const w = this[kState];
      if (stream[kState].state === 'writable' || writableStreamCloseQueuedOrInFlight(stream)) w.closed.reject(releasedError);
      else {
        w.closed = deferred();
        w.closed.reject(releasedError);
      }
      markHandled(w.closed.promise);
      stream[kState].writer = undefined;
      w.stream = undefined;
    }
    write(chunk = undefined) {
      if (this[kState].stream === undefined) return rejected(invalidState('Writer is not bound to a WritableStream'));
      return writableStreamDefaultWriterWrite(this, chunk);
    }
  }
  Object.defineProperty(WritableStreamDefaultWriter.prototype, Symbol.toStringTag, { value: 'WritableStreamDefaultWriter', configurable: true });
  function writerEnsureReadyPromiseRejected(writer, error) {
    const w = writer[kState];
    if (w.ready.settled) w.ready = deferred();
    w.ready.reject(error);
    markHandled(w.ready.promise);
  }
  function writableStreamDefaultWriterCloseWithErrorPropagation(writer) {
    const stream = writer[kState].stream;
    const state = stream[kState].state;
    if (writableStreamCloseQueuedOrInFlight(stream) || state === 'closed') return resolved(undefined);
    if (state === 'errored') return rejected(stream[kState].storedError);
    return writableStreamClose(stream);
  }
  function writableStreamDefaultWriterWrite(writer, chunk) {
    const stream = writer[kState].stream;
    const c = stream[kState].controller[kState];
    let chunkSize;
    try {
      chunkSize = c.strategySizeAlgorithm(chunk);
    } catch (e) {
      writableControllerErrorIfNeeded(c, e);
      chunkSize = 1;
    }
    if (stream !== writer[kState].stream) return rejected(invalidState('Writer is not bound to a WritableStream'));
    const state = stream[kState].state;
    if (state === 'errored') return rejected(stream[kState].storedError);
    if (writableStreamCloseQueuedOrInFlight(stream) || state === 'closed') return rejected(invalidState('WritableStream is closed'));
    if (state === 'erroring') return rejected(stream[kState].storedError);
    const promise = writableStreamAddWriteRequest(stream);
    // WritableStreamDefaultControllerWrite.
    try {
      enqueueValueWithSize(c, chunk, chunkSize);
    } catch (e) {
      writableControllerErrorIfNeeded(c, e);
      return promise;
    }
    if (!writableStreamCloseQueuedOrInFlight(stream) && stream[kState].state === 'writable') {
      writableStreamUpdateBackpressure(stream, c.strategyHWM - c.queueTotalSize <= 0);
    }
    writableControllerAdvanceQueueIfNeeded(c);
    return promise;
  }

  // ------------------------------------------------------------ WritableStreamDefaultController (§5.4)
  class WritableStreamDefaultController {
    constructor(key = undefined) {
      if (key !== kState) throw illegal();
    }
    get signal() { return this[kState].abortController.signal; }
    error(e = undefined) {
      const c = this[kState];
      if (c.stream[kState].state !== 'writable') return;
      writableControllerError(c, e);
    }
  }
  Object.defineProperty(WritableStreamDefaultController.prototype, Symbol.toStringTag, { value: 'WritableStreamDefaultController', configurable: true });
  function setUpWritableController(stream, controller, startAlgorithm, writeAlgorithm, closeAlgorithm, abortAlgorithm, hwm, size) {
    const c = {
      stream, queue: [], queueTotalSize: 0, started: false, strategySizeAlgorithm: size, strategyHWM: hwm,
      writeAlgorithm, closeAlgorithm, abortAlgorithm,
      abortController: typeof g.AbortController === 'function' ? new g.AbortController() : undefined,
    };
    controller[kState] = c;
    stream[kState].controller = controller;
    writableStreamUpdateBackpressure(stream, hwm - c.queueTotalSize <= 0);
    const startResult = startAlgorithm();
    startPromiseOf(startResult).then(() => {
      c.started = true;
      writableControllerAdvanceQueueIfNeeded(c);
    }, (r) => {
      c.started = true;
      writableStreamDealWithRejection(stream, r);
    });
  }
  function writableClearAlgorithms(c) {
    c.writeAlgorithm = undefined;
    c.closeAlgorithm = undefined;
    c.abortAlgorithm = undefined;
    c.strategySizeAlgorithm = undefined;
  }
  function writableControllerAdvanceQueueIfNeeded(c) {
    const stream = c.stream;
    if (!c.started) return;
    if (stream[kState].inFlightWriteRequest !== undefined) return;
    const state = stream[kState].state;
    if (state === 'erroring') {
      writableStreamFinishErroring(stream);
      return;
    }
    if (c.queue.length === 0) return;
    const value = c.queue[0].value;
    if (value === kCloseSentinel) {
      // WritableStreamDefaultControllerProcessClose.
      const s = stream[kState];
      s.inFlightCloseRequest = s.closeRequest;
      s.closeRequest = undefined;
      dequeueValue(c);
      const sinkClosePromise = c.closeAlgorithm();
      writableClearAlgorithms(c);
      sinkClosePromise.then(() => { writableStreamFinishInFlightClose(stream); },
        (reason) => { writableStreamFinishInFlightCloseWithError(stream, reason); });
    } else {
      // WritableStreamDefaultControllerProcessWrite.
      const s = stream[kState];
      s.inFlightWriteRequest = s.writeRequests.shift();
      c.writeAlgorithm(value).then(() => {
        writableStreamFinishInFlightWrite(stream);
        const state = s.state;
        dequeueValue(c);
        if (!writableStreamCloseQueuedOrInFlight(stream) && state === 'writable') {
          writableStreamUpdateBackpressure(stream, c.strategyHWM - c.queueTotalSize <= 0);
        }
        writableControllerAdvanceQueueIfNeeded(c);
      }, (reason) => {
        if (s.state === 'writable') writableClearAlgorithms(c);
        writableStreamFinishInFlightWriteWithError(stream, reason);
      });
    }
  }
  function writableControllerErrorIfNeeded(c, error) {
    if (c.stream[kState].state === 'writable') writableControllerError(c, error);
  }
  function writableControllerError(c, error) {
    writableClearAlgorithms(c);
    writableStreamStartErroring(c.stream, error);
  }

  // ------------------------------------------------------------ TransformStream (§6.2)
  class TransformStream {
    constructor(transformer = undefined, writableStrategy = {}, readableStrategy = {}) {
      if (transformer === null) transformer = undefined;
      if (transformer?.readableType !== undefined) throw E(RangeError, 'ERR_INVALID_ARG_VALUE', 'The argument \'transformer.readableType\' is invalid');
      if (transformer?.writableType !== undefined) throw E(RangeError, 'ERR_INVALID_ARG_VALUE', 'The argument \'transformer.writableType\' is invalid');
      const readableHWM = extractHighWaterMark(readableStrategy, 0);
      const readableSize = extractSizeAlgorithm(readableStrategy);
      const writableHWM = extractHighWaterMark(writableStrategy, 1);
      const writableSize = extractSizeAlgorithm(writableStrategy);
      const startPromise = deferred();
      const t = this[kState] = { backpressure: undefined, backpressureChange: undefined, controller: undefined };
      // InitializeTransformStream.
      const writable = Object.create(WritableStream.prototype);
      writable[kState] = {
        state: 'writable', storedError: undefined, writer: undefined, controller: undefined,
        inFlightWriteRequest: undefined, closeRequest: undefined, inFlightCloseRequest: undefined,
        pendingAbortRequest: undefined, writeRequests: [], backpressure: false,
      };
      const readable = Object.create(ReadableStream.prototype);
      readable[kState] = { state: 'readable', reader: undefined, storedError: undefined, disturbed: false, controller: undefined };
      t.writable = writable;
      t.readable = readable;
      setUpWritableController(writable, new WritableStreamDefaultController(kState), () => startPromise.promise,
        (chunk) => transformSinkWrite(this, chunk), () => transformSinkClose(this), (reason) => transformSinkAbort(this, reason),
        writableHWM, writableSize);
      setUpDefaultController(readable, new ReadableStreamDefaultController(kState), () => startPromise.promise,
        () => transformSourcePull(this), (reason) => transformSourceCancel(this, reason), readableHWM, readableSize);
      transformSetBackpressure(this, true);
      // SetUpTransformStreamDefaultControllerFromTransformer.
      const controller = new TransformStreamDefaultController(kState);
      controller[kState] = {
        stream: this,
        transformAlgorithm: transformer?.transform
          ? (chunk) => promiseCall(transformer.transform, transformer, chunk, controller)
          : (chunk) => {
            try {
              transformControllerEnqueue(controller, chunk);
              return resolved(undefined);
            } catch (e) {
              return Promise.reject(e);
            }
          },
        flushAlgorithm: transformer?.flush ? () => promiseCall(transformer.flush, transformer, controller) : () => resolved(undefined),
        cancelAlgorithm: transformer?.cancel ? (reason) => promiseCall(transformer.cancel, transformer, reason) : () => resolved(undefined),
        finishPromise: undefined,
      };
      t.controller = controller;
      let startResult;
      try {
        startResult = transformer?.start ? transformer.start(controller) : undefined;
      } catch (e) {
        startPromise.reject(e);
        throw e;
      }
      startPromise.resolve(startResult);
    }
    get readable() { return this[kState].readable; }
    get writable() { return this[kState].writable; }
  }
  Object.defineProperty(TransformStream.prototype, Symbol.toStringTag, { value: 'TransformStream', configurable: true });
  class TransformStreamDefaultController {
    constructor(key = undefined) {
      if (key !== kState) throw illegal();
    }
    get desiredSize() {
      const readableController = this[kState].stream[kState].readable[kState].controller[kState];
      return controllerGetDesiredSize(readableController);
    }
    enqueue(chunk = undefined) { transformControllerEnqueue(this, chunk); }
    error(reason = undefined) { transformStreamError(this[kState].stream, reason); }
    terminate() {
      const stream = this[kState].stream;
      const rc = stream[kState].readable[kState].controller[kState];
      controllerClose(rc);
      transformStreamErrorWritableAndUnblockWrite(stream, new TypeError('The TransformStream has been terminated'));
    }
  }
  Object.defineProperty(TransformStreamDefaultController.prototype, Symbol.toStringTag, { value: 'TransformStreamDefaultController', configurable: true });
  function transformControllerEnqueue(controller, chunk) {
    const stream = controller[kState].stream;
    const rc = stream[kState].readable[kState].controller[kState];
    if (!canCloseOrEnqueue(rc)) throw invalidState('Unable to enqueue');
    try {
      controllerEnqueue(rc, chunk);
    } catch (e) {
      transformStreamErrorWritableAndUnblockWrite(stream, e);
      throw stream[kState].readable[kState].storedError;
    }
    const backpressure = controllerGetDesiredSize(rc) <= 0;
    if (backpressure !== stream[kState].backpressure) transformSetBackpressure(stream, true);
  }
  function transformStreamError(stream, e) {
    controllerError(stream[kState].readable[kState].controller[kState], e);
    transformStreamErrorWritableAndUnblockWrite(stream, e);
  }
  function transformStreamErrorWritableAndUnblockWrite(stream, e) {
    const c = stream[kState].controller[kState];
    c.transformAlgorithm = undefined;
    c.flushAlgorithm = undefined;
    c.cancelAlgorithm = undefined;
    writableControllerErrorIfNeeded(stream[kState].writable[kState].controller[kState], e);
    if (stream[kState].backpressure) transformSetBackpressure(stream, false);
  }
  function transformSetBackpressure(stream, backpressure) {
    const t = stream[kState];
    if (t.backpressureChange !== undefined) t.backpressureChange.resolve(undefined);
    t.backpressureChange = deferred();
    t.backpressure = backpressure;
  }
  function transformPerformTransform(stream, chunk) {
    const c = stream[kState].controller[kState];
    return c.transformAlgorithm(chunk).then(undefined, (r) => {
      transformStreamError(stream, r);
      throw r;
    });
  }
  function transformSinkWrite(stream, chunk) {
    const t = stream[kState];
    if (t.backpressure) {
      return t.backpressureChange.promise.then(() => {
        const writable = t.writable;
        if (writable[kState].state === 'erroring') throw writable[kState].storedError;
        return transformPerformTransform(stream, chunk);
      });
    }
    return transformPerformTransform(stream, chunk);
  }
  // What TransformStreamDefaultSinkAbortAlgorithm, ...SinkCloseAlgorithm
  // and ...SourceCancelAlgorithm (§6.4) share: while a finish is under way,
  // its promise; else a new finishPromise, the algorithm performed (`run`),
  // the controller's algorithms cleared
  // (TransformStreamDefaultControllerClearAlgorithms), and the finish settled
  // by `onFulfilled` or `onRejected` once the algorithm's promise settles.
  function transformFinish(c, run, onFulfilled, onRejected) {
    if (c.finishPromise !== undefined) return c.finishPromise.promise;
    c.finishPromise = deferred();
    const promise = run();
    c.transformAlgorithm = undefined;
    c.flushAlgorithm = undefined;
    c.cancelAlgorithm = undefined;
    promise.then(onFulfilled, onRejected);
    return c.finishPromise.promise;
  }
  // The sink algorithms' finish: when the readable side has errored, its
  // error; else `onSuccess` on the readable side's controller; a rejection
  // errors the readable side with its reason.
  function transformSinkFinish(stream, run, onSuccess) {
    const c = stream[kState].controller[kState];
    const readable = stream[kState].readable;
    return transformFinish(c, run, () => {
      if (readable[kState].state === 'errored') c.finishPromise.reject(readable[kState].storedError);
      else {
        onSuccess(readable[kState].controller[kState]);
        c.finishPromise.resolve(undefined);
      }
    }, (r) => {
      controllerError(readable[kState].controller[kState], r);
      c.finishPromise.reject(r);
    });
  }
  function transformSinkAbort(stream, reason) {
    const c = stream[kState].controller[kState];
    const finish = transformSinkFinish(stream, () => c.cancelAlgorithm(reason), (rc) => controllerError(rc, reason));
    // (Node 24's transformStreamDefaultSinkAbortAlgorithm is an async
    // function: its result is a new promise resolved with the finish
    // promise, which settles two reactions later; the node host asks for
    // that, the browser host has the spec's.)
    return internals.asyncSinkAbort ? (async () => finish)() : finish;
  }
  function transformSinkClose(stream) {
    const c = stream[kState].controller[kState];
    return transformSinkFinish(stream, () => c.flushAlgorithm(), controllerClose);
  }
  function transformSourcePull(stream) {
    transformSetBackpressure(stream, false);
    return stream[kState].backpressureChange.promise;
  }
  function transformSourceCancel(stream, reason) {
    const c = stream[kState].controller[kState];
    const writable = stream[kState].writable;
    // WritableStreamDefaultControllerErrorIfNeeded, then TransformStreamUnblockWrite.
    const errorWritable = (e) => {
      writableControllerErrorIfNeeded(writable[kState].controller[kState], e);
      if (stream[kState].backpressure) transformSetBackpressure(stream, false);
    };
    return transformFinish(c, () => c.cancelAlgorithm(reason), () => {
      if (writable[kState].state === 'errored') c.finishPromise.reject(writable[kState].storedError);
      else {
        errorWritable(reason);
        c.finishPromise.resolve(undefined);
      }
    }, (r) => {
      errorWritable(r);
      c.finishPromise.reject(r);
    });
  }

  // What util.inspect shows of the other classes: the data of each one's
  // [kInspect] in Node 24 (lib/internal/webstreams/*.js).
  const inspectData = [
    [ReadableStreamDefaultReader, (r) => ({ stream: r[kState].stream, readRequests: r[kState].readRequests.length, close: r[kState].closed.promise })],
    [ReadableStreamBYOBReader, (r) => ({ stream: r[kState].stream, readIntoRequests: r[kState].readIntoRequests.length, close: r[kState].closed.promise })],
    [ReadableStreamBYOBRequest, (r) => ({ view: r.view, controller: r[kState].controller?.controller })],
    [ReadableStreamDefaultController, () => ({})],
    [ReadableByteStreamController, () => ({})],
    [WritableStreamDefaultWriter, (w) => ({ stream: w[kState].stream, close: w[kState].closed.promise, ready: w[kState].ready.promise, desiredSize: w.desiredSize })],
    [WritableStreamDefaultController, (c) => ({ stream: c[kState].stream })],
    [TransformStream, (t) => ({ readable: t.readable, writable: t.writable, backpressure: t[kState].backpressure })],
    [TransformStreamDefaultController, (c) => ({ stream: c[kState].stream })],
    [ByteLengthQueuingStrategy, (q) => ({ highWaterMark: q.highWaterMark })],
    [CountQueuingStrategy, (q) => ({ highWaterMark: q.highWaterMark })],
  ];
  for (const [C, data] of inspectData) {
    Object.defineProperty(C.prototype, inspectSymbol, {
      configurable: true, writable: true, enumerable: false,
      value: function inspect(depth, options) { return customInspect(depth, options, C.name, data(this)); },
    });
  }

  return {
    ReadableStream,
    ReadableStreamDefaultReader,
    ReadableStreamDefaultController,
    WritableStream,
    WritableStreamDefaultWriter,
    WritableStreamDefaultController,
    TransformStream,
    TransformStreamDefaultController,
    ReadableStreamBYOBReader,
    ReadableStreamBYOBRequest,
    ReadableByteStreamController,
    ByteLengthQueuingStrategy,
    CountQueuingStrategy,
    internal: {
      deferred, resolved, isDisturbed: (stream) => stream[kState].disturbed, tee: readableStreamTee,
      // (An object this implementation made as one of its classes.)
      hasState: (v) => v !== null && typeof v === 'object' && v[kState] !== undefined,
    },
  };
})
