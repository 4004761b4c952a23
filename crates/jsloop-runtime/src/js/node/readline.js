// jsloop node glue: `readline` and `readline/promises`
// (https://nodejs.org/api/readline.html, lib/internal/readline/interface.js):
// an Interface reads its input stream, decodes it, and emits a 'line' for
// each line (\n, \r\n, or \r; a \r\n within crlfDelay is one end of line),
// the last, unterminated one when the input ends, then 'close'. question()
// writes the query and gives the next line to its callback; the interface is
// an async iterator of its lines. Not here: the terminal mode's editing,
// history and completion (an interface is always `terminal: false`).
(function (internals) {
  'use strict';
  const EventEmitter = internals.require('events');
  const { StringDecoder } = internals.require('string_decoder');
  const { invalidArgType, invalidArgValue, validateFunction, nodeError } = internals;
  const promisifyCustom = Symbol.for('nodejs.util.promisify.custom');
  const kQuestion = Symbol('kQuestion');
  const kOnLine = Symbol('kOnLine');
  const kQueue = Symbol('kQueue');
  const kCrlfDelay = 100;
  const lineEnding = /\r?\n|\r(?!\n)/g;

  function Interface(input, output, completer, terminal) {
    if (!(this instanceof Interface)) return new Interface(input, output, completer, terminal);
    EventEmitter.call(this);
    let crlfDelay;
    let prompt = '> ';
    let signal;
    if (input && input.input) {
      // An options object.
      const options = input;
      output = options.output;
      completer = options.completer;
      terminal = options.terminal;
      signal = options.signal;
      if (options.prompt !== undefined) prompt = options.prompt;
      crlfDelay = options.crlfDelay;
      input = options.input;
    }
    if (completer !== undefined && typeof completer !== 'function') throw invalidArgValue('completer', completer);
    if (signal !== undefined && (signal === null || typeof signal !== 'object' || !('aborted' in signal))) throw invalidArgType('options.signal', 'AbortSignal', signal);
    this.input = input;
    this.output = output;
    this.terminal = false;
    this.line = '';
    this.cursor = 0;
    this.history = [];
    this.crlfDelay = crlfDelay ? Math.max(kCrlfDelay, crlfDelay) : kCrlfDelay;
    this.closed = false;
    this.paused = false;
    this._prompt = prompt;
    this[kQuestion] = null;
    this[kQueue] = null;
    const decoder = new StringDecoder('utf8');
    let pending = '';
    let sawReturnAt = 0;
    const onData = (data) => {
      let text = typeof data === 'string' ? data : decoder.write(data);
      // A \n right after a \r that ended the last chunk's line is part of it.
      if (sawReturnAt && text.startsWith('\n') && Date.now() - sawReturnAt <= this.crlfDelay) text = text.slice(1);
      sawReturnAt = 0;
      text = pending + text;
      lineEnding.lastIndex = 0;
      let at = 0;
      let m;
      const lines = [];
      while ((m = lineEnding.exec(text)) !== null) {
        lines.push(text.slice(at, m.index));
        at = m.index + m[0].length;
      }
      pending = text.slice(at);
      if (pending.endsWith('\r')) {
        lines.push(pending.slice(0, -1));
        pending = '';
        sawReturnAt = Date.now();
      }
      for (const line of lines) {
        if (this.closed) break;
        this[kOnLine](line);
      }
    };
    const onEnd = () => {
      const rest = pending + decoder.end();
      pending = '';
      if (rest.length > 0 && !this.closed) this[kOnLine](rest);
      this.close();
    };
    this._detach = () => {
      input.removeListener('data', onData);
      input.removeListener('end', onEnd);
    };
    input.on('data', onData);
    input.on('end', onEnd);
    if (typeof input.resume === 'function') input.resume();
    if (signal) {
      const onAbort = () => this.close();
      if (signal.aborted) process.nextTick(onAbort);
      else signal.addEventListener('abort', onAbort, { once: true });
    }
  }
  Object.setPrototypeOf(Interface.prototype, EventEmitter.prototype);
  Object.setPrototypeOf(Interface, EventEmitter);

  Interface.prototype[kOnLine] = function (line) {
    if (this[kQuestion]) {
      const cb = this[kQuestion];
      this[kQuestion] = null;
      this.setPrompt(this._oldPrompt);
      cb(line);
    } else {
      this.emit('line', line);
    }
  };
  Interface.prototype.setPrompt = function (prompt) { this._prompt = prompt; };
  Interface.prototype.getPrompt = function () { return this._prompt; };
  Interface.prototype.prompt = function () {
    if (this.paused) this.resume();
    if (this.output && typeof this.output.write === 'function') this.output.write(this._prompt);
  };
  Interface.prototype.question = function (query, options, cb) {
    cb = typeof options === 'function' ? options : cb;
    if (options !== null && typeof options === 'object' && options.signal) {
      const { signal } = options;
      if (signal.aborted) return;
      signal.addEventListener('abort', () => { this[kQuestion] = null; }, { once: true });
    }
    if (this.closed) throw nodeError(Error, 'ERR_USE_AFTER_CLOSE', 'readline was closed');
    if (typeof cb === 'function') {
      if (this[kQuestion]) {
        this.prompt();
      } else {
        this._oldPrompt = this._prompt;
        this.setPrompt(query);
        this[kQuestion] = cb;
        this.prompt();
      }
    }
  };
  Object.defineProperty(Interface.prototype.question, promisifyCustom, {
    value: {
      question(query, options = {}) {
        return new Promise((resolve, reject) => {
          if (options.signal && options.signal.aborted) {
            reject(Object.assign(new Error('The operation was aborted'), { name: 'AbortError', code: 'ABORT_ERR' }));
            return;
          }
          Interface.prototype.question.call(this, query, options, resolve);
        });
      },
    }.question,
    configurable: true,
  });
  Interface.prototype.pause = function () {
    if (this.paused) return this;
    if (typeof this.input.pause === 'function') this.input.pause();
    this.paused = true;
    this.emit('pause');
    return this;
  };
  Interface.prototype.resume = function () {
    if (!this.paused) return this;
    if (typeof this.input.resume === 'function') this.input.resume();
    this.paused = false;
    this.emit('resume');
    return this;
  };
  Interface.prototype.write = function (data) {
    if (this.closed) throw nodeError(Error, 'ERR_USE_AFTER_CLOSE', 'readline was closed');
    if (this.paused) this.resume();
    if (typeof data === 'string' && data.length) this.input.emit('data', data);
  };
  Interface.prototype.close = function () {
    if (this.closed) return;
    this.pause();
    this._detach();
    this.closed = true;
    this.emit('close');
  };
  Interface.prototype[Symbol.dispose] = function () { this.close(); };
  Interface.prototype.getCursorPos = function () { return { rows: 0, cols: this.cursor }; };
  // The lines as an async iterator: lines that come before they are asked
  // for wait in a queue; the iterator ends with the interface.
  Interface.prototype[Symbol.asyncIterator] = function () {
    if (this[kQueue] === null) {
      const queue = { lines: [], waiting: [], done: false };
      this[kQueue] = queue;
      this.on('line', (line) => {
        const w = queue.waiting.shift();
        if (w) w.resolve({ value: line, done: false });
        else queue.lines.push(line);
      });
      this.once('close', () => {
        queue.done = true;
        for (const w of queue.waiting.splice(0)) w.resolve({ value: undefined, done: true });
      });
    }
    const queue = this[kQueue];
    return {
      next: () => {
        if (queue.lines.length) return Promise.resolve({ value: queue.lines.shift(), done: false });
        if (queue.done) return Promise.resolve({ value: undefined, done: true });
        return new Promise((resolve, reject) => queue.waiting.push({ resolve, reject }));
      },
      return: () => {
        this.close();
        return Promise.resolve({ value: undefined, done: true });
      },
      [Symbol.asyncIterator]() { return this; },
    };
  };

  function createInterface(input, output, completer, terminal) {
    return new Interface(input, output, completer, terminal);
  }

  // The cursor helpers write ANSI escapes to a stream
  // (lib/internal/readline/callbacks.js).
  const CSI = (s) => `\x1b[${s}`;
  function cursorTo(stream, x, y, callback) {
    if (callback !== undefined) validateFunction(callback, 'callback');
    if (typeof y === 'function') { callback = y; y = undefined; }
    if (Number.isNaN(x)) throw invalidArgValue('x', x);
    if (Number.isNaN(y)) throw invalidArgValue('y', y);
    if (stream == null || (typeof x !== 'number' && typeof y !== 'number')) {
      if (typeof callback === 'function') process.nextTick(callback, null);
      return true;
    }
    if (typeof x !== 'number') throw invalidArgValue('x', x);
    const data = typeof y !== 'number' ? CSI(`${x + 1}G`) : CSI(`${y + 1};${x + 1}H`);
    return stream.write(data, callback);
  }
  function moveCursor(stream, dx, dy, callback) {
    if (stream == null || !(dx || dy)) {
      if (typeof callback === 'function') process.nextTick(callback, null);
      return true;
    }
    let data = '';
    if (dx < 0) data += CSI(`${-dx}D`); else if (dx > 0) data += CSI(`${dx}C`);
    if (dy < 0) data += CSI(`${-dy}A`); else if (dy > 0) data += CSI(`${dy}B`);
    return stream.write(data, callback);
  }
  function clearLine(stream, dir, callback) {
    if (stream === null || stream === undefined) {
      if (typeof callback === 'function') process.nextTick(callback, null);
      return true;
    }
    const type = dir < 0 ? CSI('1K') : dir > 0 ? CSI('0K') : CSI('2K');
    return stream.write(type, callback);
  }
  function clearScreenDown(stream, callback) {
    if (stream === null || stream === undefined) {
      if (typeof callback === 'function') process.nextTick(callback, null);
      return true;
    }
    return stream.write(CSI('0J'), callback);
  }
  function emitKeypressEvents() {}

  // readline/promises: question returns a promise.
  class PromisesInterface extends Interface {
    question(query, options = {}) {
      return Interface.prototype.question[promisifyCustom].call(this, query, options);
    }
  }
  const promises = {
    Interface: PromisesInterface,
    createInterface: (input, output, completer, terminal) => new PromisesInterface(input, output, completer, terminal),
  };

  return {
    Interface,
    createInterface,
    clearLine,
    clearScreenDown,
    cursorTo,
    moveCursor,
    emitKeypressEvents,
    promises,
  };
})
