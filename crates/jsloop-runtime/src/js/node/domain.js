// jsloop node glue: the `domain` module (Node's docs, "Domain"; deprecated
// in Node but still used), as Node's lib/domain.js builds it.
// https://nodejs.org/api/domain.html
//
// A domain is an EventEmitter that errors thrown in its context go to. Its
// context is carried by async resources: a timer, an immediate, a nextTick
// or a queueMicrotask made while a domain is active is bound to it (an
// async hook of 40_node.js's `asyncContext`, as lib/domain.js's own
// createHook), and its callback runs inside the domain. While domains with
// 'error' listeners are entered, the uncaught-exception capture callback
// hands an error to the active domain's _errorHandler instead of
// 'uncaughtException'. EventEmitters made in a domain belong to it: an
// 'error' without listeners goes to the domain, and their other events run
// inside it. (Promise reactions do not carry a domain here: see
// async_hooks.js.)
// internals: { require, global, asyncContext, setCaptureCallback, nodeError }
(function (internals) {
  'use strict';
  const EventEmitter = internals.require('events');
  const ctx = internals.asyncContext;
  const process = internals.global.process;
  const { nodeError } = internals;
  ctx.activate();

  // The domains entered, innermost last.
  let stack = [];
  const exports = { _stack: stack, active: null };

  // lib/domain.js's async hook: a resource made in a domain is bound to it,
  // and its callback enters it.
  const pairing = new Map();
  ctx.hooks = [...ctx.hooks, {
    init(asyncId, type, triggerAsyncId, resource) {
      if (process.domain !== null && process.domain !== undefined) {
        pairing.set(asyncId, process.domain);
        if (resource !== null && typeof resource === 'object') {
          Object.defineProperty(resource, 'domain', { configurable: true, enumerable: false, value: process.domain, writable: true });
        }
      }
    },
    before(asyncId) {
      const current = pairing.get(asyncId);
      if (current !== undefined) current.enter();
    },
    after(asyncId) {
      const current = pairing.get(asyncId);
      if (current !== undefined) current.exit();
    },
    destroy(asyncId) {
      pairing.delete(asyncId);
    },
  }];

  // While any entered domain listens for 'error', uncaught errors are
  // captured for the active one.
  function updateExceptionCapture() {
    if (stack.every((domain) => domain.listenerCount('error') === 0)) {
      internals.setCaptureCallback(null);
    } else {
      internals.setCaptureCallback((er) => process.domain._errorHandler(er));
    }
  }
  // After an uncaught error: no domain is entered any more.
  function domainUncaughtExceptionClear() {
    stack.length = 0;
    exports.active = process.domain = null;
    updateExceptionCapture();
  }

  class Domain extends EventEmitter {
    constructor() {
      super();
      this.members = [];
      // (A domain's 'error' listeners decide whether errors are captured.)
      this.on('removeListener', updateExceptionCapture);
      this.on('newListener', updateExceptionCapture);
    }
  }
  Domain.prototype.members = undefined;

  // Domain.prototype._errorHandler: the error goes to this domain's 'error'
  // listeners, outside this domain's own context; then every domain is left.
  Domain.prototype._errorHandler = function (er) {
    let caught = false;
    if ((typeof er === 'object' && er !== null) || typeof er === 'function') {
      Object.defineProperty(er, 'domain', { configurable: true, enumerable: false, value: this, writable: true });
      er.domainThrown = true;
    }
    while (exports.active === this) this.exit();
    if (stack.length === 0) {
      if (this.listenerCount('error') > 0) {
        internals.setCaptureCallback(null);
        try {
          caught = this.emit('error', er);
        } finally {
          updateExceptionCapture();
        }
      }
    } else {
      try {
        caught = this.emit('error', er);
      } catch (er2) {
        updateExceptionCapture();
        if (stack.length) {
          exports.active = process.domain = stack[stack.length - 1];
          caught = process.domain._errorHandler(er2);
        } else {
          throw er2;
        }
      }
    }
    domainUncaughtExceptionClear();
    return caught;
  };

  Domain.prototype.enter = function () {
    exports.active = process.domain = this;
    stack.push(this);
    updateExceptionCapture();
  };

  Domain.prototype.exit = function () {
    const index = stack.lastIndexOf(this);
    if (index === -1) return;
    stack.splice(index);
    exports.active = stack.length === 0 ? undefined : stack[stack.length - 1];
    process.domain = exports.active;
    updateExceptionCapture();
  };

  Domain.prototype.add = function (ee) {
    if (ee.domain === this) return;
    if (ee.domain) ee.domain.remove(ee);
    // A domain cannot be a member of one of its members.
    if (this.domain && ee instanceof Domain) {
      for (let d = this.domain; d; d = d.domain) {
        if (ee === d) return;
      }
    }
    Object.defineProperty(ee, 'domain', { configurable: true, enumerable: false, value: this, writable: true });
    this.members.push(ee);
  };

  Domain.prototype.remove = function (ee) {
    ee.domain = null;
    const index = this.members.indexOf(ee);
    if (index !== -1) this.members.splice(index, 1);
  };

  Domain.prototype.run = function (fn, ...args) {
    this.enter();
    const ret = Reflect.apply(fn, this, args);
    this.exit();
    return ret;
  };

  function intercepted(_this, self, cb, fnargs) {
    if (fnargs[0] && fnargs[0] instanceof Error) {
      const er = fnargs[0];
      Object.defineProperty(er, 'domainBound', { configurable: true, enumerable: false, value: cb, writable: true });
      er.domainThrown = false;
      Object.defineProperty(er, 'domain', { configurable: true, enumerable: false, value: self, writable: true });
      self.emit('error', er);
      return;
    }
    self.enter();
    const ret = Reflect.apply(cb, _this, fnargs.slice(1));
    self.exit();
    return ret;
  }
  Domain.prototype.intercept = function (cb) {
    const self = this;
    function runIntercepted(...args) {
      return intercepted(this, self, cb, args);
    }
    return runIntercepted;
  };

  function bound(_this, self, cb, fnargs) {
    self.enter();
    const ret = Reflect.apply(cb, _this, fnargs);
    self.exit();
    return ret;
  }
  Domain.prototype.bind = function (cb) {
    const self = this;
    function runBound(...args) {
      return bound(this, self, cb, args);
    }
    Object.defineProperty(runBound, 'domain', { configurable: true, enumerable: false, value: this, writable: true });
    return runBound;
  };

  // EventEmitters made while a domain is active belong to it.
  EventEmitter.usingDomains = true;
  const eventInit = EventEmitter.init;
  EventEmitter.init = function init(opts) {
    Object.defineProperty(this, 'domain', { configurable: true, enumerable: false, value: null, writable: true });
    if (exports.active && !(this instanceof Domain)) this.domain = exports.active;
    return Reflect.apply(eventInit, this, [opts]);
  };
  const eventEmit = EventEmitter.prototype.emit;
  EventEmitter.prototype.emit = function emit(...args) {
    const domain = this.domain;
    const type = args[0];
    const shouldEmitError = type === 'error' && this.listenerCount(type) > 0;
    if (shouldEmitError || domain === null || domain === undefined || this === process) {
      return Reflect.apply(eventEmit, this, args);
    }
    if (type === 'error') {
      const er = args.length > 1 && args[1] ? args[1] : nodeError(Error, 'ERR_UNHANDLED_ERROR', 'Unhandled error.');
      if (typeof er === 'object') {
        er.domainEmitter = this;
        Object.defineProperty(er, 'domain', { configurable: true, enumerable: false, value: domain, writable: true });
        er.domainThrown = false;
      }
      // The domain's error handler does not run in its own context.
      const origDomainsStack = stack.slice();
      const origActiveDomain = process.domain;
      let idx = stack.length - 1;
      while (idx > -1 && process.domain === stack[idx]) --idx;
      if (idx < 0) stack.length = 0;
      else stack.splice(idx + 1);
      exports.active = process.domain = stack.length > 0 ? stack[stack.length - 1] : null;
      updateExceptionCapture();
      domain.emit('error', er);
      stack = exports._stack = origDomainsStack;
      exports.active = process.domain = origActiveDomain;
      updateExceptionCapture();
      return false;
    }
    domain.enter();
    const ret = Reflect.apply(eventEmit, this, args);
    domain.exit();
    return ret;
  };

  exports.Domain = Domain;
  exports.create = exports.createDomain = function createDomain() {
    return new Domain();
  };
  return exports;
})
