// jsloop node glue: the `diagnostics_channel` module
// (https://nodejs.org/api/diagnostics_channel.html), as Node's
// lib/diagnostics_channel.js behaves: named channels, subscribers called in
// order by publish(), stores bound to a channel (runStores), and tracing
// channels (start, end, asyncStart, asyncEnd, error) around sync, promise
// and callback work.
// internals: { require(id), nodeError, invalidArgType, validateFunction, nextTick }
(function (internals) {
  'use strict';
  const { invalidArgType, validateFunction, nextTick } = internals;

  const channels = new Map(); // name -> Channel
  // (Node's primordial SafeMap: its name is what util.inspect shows of an
  // active channel's `_stores`.)
  class SafeMap extends Map {}
  // A channel is a Channel until something subscribes or binds a store, then
  // an ActiveChannel (its prototype swapped, `_subscribers` and `_stores`
  // made), and a Channel again when the last one leaves, as Node 24's
  // lib/diagnostics_channel.js (markActive, maybeMarkInactive).
  function markActive(c) {
    Object.setPrototypeOf(c, ActiveChannel.prototype);
    c._subscribers = [];
    c._stores = new SafeMap();
  }
  function maybeMarkInactive(c) {
    if (!c._subscribers.length && !c._stores.size) {
      Object.setPrototypeOf(c, Channel.prototype);
      c._subscribers = undefined;
      c._stores = undefined;
    }
  }
  class ActiveChannel {
    subscribe(subscription) {
      validateFunction(subscription, 'subscription');
      this._subscribers = [...this._subscribers, subscription];
    }
    unsubscribe(subscription) {
      const i = this._subscribers.indexOf(subscription);
      if (i === -1) return false;
      this._subscribers = [...this._subscribers.slice(0, i), ...this._subscribers.slice(i + 1)];
      maybeMarkInactive(this);
      return true;
    }
    bindStore(store, transform) {
      this._stores.set(store, transform);
    }
    unbindStore(store) {
      if (!this._stores.has(store)) return false;
      this._stores.delete(store);
      maybeMarkInactive(this);
      return true;
    }
    get hasSubscribers() { return true; }
    // A subscriber's exception does not stop the others: it is rethrown
    // on a later tick (Node's triggerUncaughtException in a nextTick).
    publish(data) {
      const subscribers = this._subscribers;
      for (let i = 0; i < (subscribers?.length || 0); i++) {
        try {
          const onMessage = subscribers[i];
          onMessage(data, this.name);
        } catch (err) {
          nextTick(() => { throw err; });
        }
      }
    }
    runStores(data, fn, thisArg, ...args) {
      let run = () => {
        this.publish(data);
        return Reflect.apply(fn, thisArg, args);
      };
      for (const [store, transform] of this._stores) {
        const next = run;
        run = () => {
          let value = data;
          if (transform) {
            try { value = transform(data); } catch (err) { nextTick(() => { throw err; }); return next(); }
          }
          return store.run(value, next);
        };
      }
      return run();
    }
  }
  // https://nodejs.org/api/diagnostics_channel.html#class-channel
  class Channel {
    constructor(name) {
      this._subscribers = undefined;
      this._stores = undefined;
      this.name = name;
      this._index = undefined;
      channels.set(name, this);
    }
    static [Symbol.hasInstance](instance) {
      const prototype = Object.getPrototypeOf(instance);
      return prototype === Channel.prototype || prototype === ActiveChannel.prototype;
    }
    subscribe(subscription) {
      validateFunction(subscription, 'subscription');
      markActive(this);
      this.subscribe(subscription);
    }
    unsubscribe() { return false; }
    bindStore(store, transform) {
      markActive(this);
      this.bindStore(store, transform);
    }
    unbindStore() { return false; }
    get hasSubscribers() { return false; }
    publish() {}
    runStores(data, fn, thisArg, ...args) { return Reflect.apply(fn, thisArg, args); }
  }

  function channel(name) {
    const existing = channels.get(name);
    if (existing) return existing;
    if (typeof name !== 'string' && typeof name !== 'symbol') throw invalidArgType('channel', ['string', 'symbol'], name);
    return new Channel(name);
  }
  const subscribe = (name, subscription) => { channel(name).subscribe(subscription); };
  const unsubscribe = (name, subscription) => channel(name).unsubscribe(subscription);
  const hasSubscribers = (name) => { const c = channels.get(name); return c ? c.hasSubscribers : false; };

  // https://nodejs.org/api/diagnostics_channel.html#class-tracingchannel
  const traceEvents = ['start', 'end', 'asyncStart', 'asyncEnd', 'error'];
  // The synchronous part traceSync, tracePromise and traceCallback share:
  // `run` inside the start channel's stores; what it throws is published on
  // `error` (as context.error) and rethrown; `end` is published either way.
  function traced(start, end, error, context, run) {
    return start.runStores(context, () => {
      try {
        return run();
      } catch (err) {
        context.error = err;
        error.publish(context);
        throw err;
      } finally {
        end.publish(context);
      }
    });
  }
  class TracingChannel {
    constructor(nameOrChannels) {
      for (const event of traceEvents) {
        let c;
        if (typeof nameOrChannels === 'string') c = channel(`tracing:${nameOrChannels}:${event}`);
        else if (nameOrChannels !== null && typeof nameOrChannels === 'object') {
          c = nameOrChannels[event];
          if (!(c instanceof Channel)) throw invalidArgType(`nameOrChannels.${event}`, 'Channel', c);
        } else throw invalidArgType('nameOrChannels', ['string', 'object', 'TracingChannel'], nameOrChannels);
        // (Read-only, hidden and fixed, as Node's ObjectDefineProperty with a value only.)
        Object.defineProperty(this, event, { value: c });
      }
    }
    get hasSubscribers() { return traceEvents.some((e) => this[e].hasSubscribers); }
    subscribe(handlers) {
      for (const e of traceEvents) if (handlers[e]) this[e].subscribe(handlers[e]);
    }
    unsubscribe(handlers) {
      let done = true;
      for (const e of traceEvents) if (handlers[e] && !this[e].unsubscribe(handlers[e])) done = false;
      return done;
    }
    traceSync(fn, context = {}, thisArg, ...args) {
      if (!this.hasSubscribers) return Reflect.apply(fn, thisArg, args);
      const { start, end, error } = this;
      return traced(start, end, error, context, () => {
        const result = Reflect.apply(fn, thisArg, args);
        context.result = result;
        return result;
      });
    }
    tracePromise(fn, context = {}, thisArg, ...args) {
      if (!this.hasSubscribers) return Reflect.apply(fn, thisArg, args);
      const { start, end, asyncStart, asyncEnd, error } = this;
      const reject = (err) => {
        context.error = err;
        error.publish(context);
        asyncStart.publish(context);
        asyncEnd.publish(context);
        return Promise.reject(err);
      };
      const resolve = (result) => {
        context.result = result;
        asyncStart.publish(context);
        asyncEnd.publish(context);
        return result;
      };
      return traced(start, end, error, context, () => {
        let promise = Reflect.apply(fn, thisArg, args);
        if (!(promise instanceof Promise)) promise = Promise.resolve(promise);
        return promise.then(resolve, reject);
      });
    }
    traceCallback(fn, position = -1, context = {}, thisArg, ...args) {
      if (!this.hasSubscribers) return Reflect.apply(fn, thisArg, args);
      const { start, end, asyncStart, asyncEnd, error } = this;
      const callback = args.at(position);
      validateFunction(callback, 'callback');
      function wrappedCallback(err, res) {
        if (err) {
          context.error = err;
          error.publish(context);
        } else context.result = res;
        asyncStart.runStores(context, () => {
          try {
            return Reflect.apply(callback, this, arguments);
          } finally {
            asyncEnd.publish(context);
          }
        });
      }
      args.splice(position, 1, wrappedCallback);
      return traced(start, end, error, context, () => Reflect.apply(fn, thisArg, args));
    }
  }
  const tracingChannel = (nameOrChannels) => new TracingChannel(nameOrChannels);

  return { channel, hasSubscribers, subscribe, tracingChannel, unsubscribe, Channel };
})
