// jsloop glue 44: Node's worker_threads — Worker (each a Node loop on its
// own thread), MessageChannel and MessagePort, parentPort, workerData,
// receiveMessageOnPort, isMainThread, threadId. Values cross threads as
// serialized records (05_serialize.js); a port's message is delivered in the
// poll phase, when the receiving loop runs the port's async handle (Rust).
// https://nodejs.org/docs/latest-v24.x/api/worker_threads.html
// As in Node's lib/internal/worker.js, a Worker and its thread talk through
// a MessageChannel: its port1 stays with the Worker object (worker.postMessage,
// 'message'), its port2 is the worker's parentPort. The thread's life
// ('online', an uncaught error, 'exit', stdio) comes from the host.
(function (host, EventEmitter, ser, process, internals, DOMException) {
  'use strict';
  const { serialize, deserialize } = ser;
  const { nodeError, invalidArgType, invalidArgValue } = internals;
  // (Function.prototype.call as the glue found it: Node's dispatch calls
  // listeners with primordials, never a program's replacement.)
  const callFunction = internals.callFunction;
  const SHARE_ENV = Symbol.for('nodejs.worker_threads.SHARE_ENV');
  const workers = new Map();
  const isMainThread = !host.isWorker;

  // markAsUntransferable / markAsUncloneable (lib/internal/buffer.js,
  // internal/worker/io.js): marks the serializer looks at.
  const untransferable = new WeakSet();
  const uncloneable = internals.uncloneable;
  const isObjectLike = (v) => v !== null && (typeof v === 'object' || typeof v === 'function');

  // ------------------------------------------------------------ MessageChannel
  // https://nodejs.org/docs/latest-v24.x/api/worker_threads.html#class-messagechannel
  // Every port has a process-wide id. Its incoming message queue, whether it
  // receives and whether it is referenced are the host's (Rust: an async
  // handle of the loop per port, src/node_messaging.cc's model): a message
  // posted to a port is queued there and delivered in the poll phase, when
  // the loop runs the port's async handle. As Node's setupPortReferencing
  // does, a port is referenced and receiving while it has 'message'
  // listeners.
  const portsById = new Map();
  const portState = new WeakMap();
  // HandleWrap's hasRef (src/handle_wrap.cc): a closing handle (close()
  // called, its 'close' not yet dispatched) keeps the reference it had, a
  // closed one has none.
  const refAtClose = new WeakMap();
  const handleClosed = new WeakSet();
  function portHasRef(port, s) {
    if (!s.closed) return host.portHasRef(s.id);
    return !handleClosed.has(port) && refAtClose.get(port) === true;
  }
  // (The ports whose 'close' was dispatched: util.inspect shows them
  // inactive, as Node's, whose native object is gone then.)
  const detachedPorts = new WeakSet();
  // Node's messaging.cc: postMessage's second argument is a transfer list
  // (any iterable) or an options object with one.
  function transferListOf(arg) {
    if (arg === undefined || arg === null) return undefined;
    if (!isObjectLike(arg)) throw nodeError(TypeError, 'ERR_INVALID_ARG_TYPE', 'Optional transferList argument must be an iterable');
    if (typeof arg[Symbol.iterator] === 'function') return [...arg];
    const t = arg.transfer;
    if (t === undefined) return undefined;
    const notIterable = () => nodeError(TypeError, 'ERR_INVALID_ARG_TYPE', 'Optional options.transfer argument must be an iterable');
    if (!isObjectLike(t) || typeof t[Symbol.iterator] !== 'function') throw notIterable();
    // Iterated by hand: an iterator whose next() is not callable is the
    // same error.
    const it = t[Symbol.iterator]();
    if (!isObjectLike(it) || typeof it.next !== 'function') throw notIterable();
    const list = [];
    for (let r = it.next(); !r.done; r = it.next()) list.push(r.value);
    return list;
  }
  // Node's MessagePort is a NodeEventTarget (lib/internal/event_target.js):
  // an EventTarget with EventEmitter's methods (on, once, off, emit,
  // listenerCount, eventNames, ...) over its own listener lists, kept where
  // script cannot reach them (the port has no own properties: no `_events`,
  // `_eventsCount` or `_maxListeners`). A listener added with
  // addEventListener gets an event (a MessageEvent for 'message' and
  // 'messageerror', else one whose `detail` is what was emitted).
  // What a MessagePort method called on anything else throws: Node's C++
  // methods, V8's 'Illegal invocation' (src/node_messaging.cc, the
  // receiver check of a FunctionTemplate's signature).
  function stateOf(port) {
    const s = portState.get(port);
    if (s === undefined) throw new TypeError('Illegal invocation');
    return s;
  }
  // ... and EventTarget's methods and the event handler attributes, Node's
  // ERR_INVALID_THIS (lib/internal/event_target.js, validateInternalField).
  function targetStateOf(port) {
    const s = portState.get(port);
    if (s === undefined) throw nodeError(TypeError, 'ERR_INVALID_THIS', 'Value of "this" must be of type EventTarget');
    return s;
  }
  // ... and NodeEventTarget's (isNodeEventTarget).
  function nodeTargetStateOf(port) {
    const s = portState.get(port);
    if (s === undefined) throw nodeError(TypeError, 'ERR_INVALID_THIS', 'Value of "this" must be of type NodeEventTarget');
    return s;
  }
  // setupPortReferencing (lib/internal/worker/io.js): a port with 'message'
  // listeners is referenced and receiving, with none it is not. (Node hooks
  // the NodeEventTarget's own kNewListener and kRemoveListener: here the
  // methods that add and remove listeners check it.)
  function messageListenersChanged(port, had) {
    const s = portState.get(port);
    if (s === undefined || s.closed) return;
    const has = port.listenerCount('message') > 0;
    if (has === had) return;
    host.portRef(s.id, has);
    host.portReceiving(s.id, has);
  }
  // The listener lists (Node's kEvents: a map from each type, as a string,
  // to its list), `s.events`: type -> a function or an array of them, in
  // the order added. A function is at most once in a type's list
  // (addEventListener ignores a duplicate; on(), once() and
  // addEventListener() all add through it), and removing a function
  // removes it however it was added: a once() or addEventListener()
  // listener is a wrapper, `wrapped` maps it to what was added.
  const wrapped = new WeakMap();
  // (A listener is the pair of its callback and its capture flag, as
  // Node's Listener.same: an addEventListener() wrapper added with capture
  // is in `captured`; on() and once() add without.)
  const captured = new WeakSet();
  const sameListener = (entry, f, capture) => (entry === f || wrapped.get(entry) === f) && captured.has(entry) === capture;
  // (The entry in `type`'s list that is `f` or wraps it.)
  function findListener(s, type, f, capture = false) {
    const live = s.events.get(type);
    if (live === undefined) return undefined;
    if (typeof live === 'function') return sameListener(live, f, capture) ? live : undefined;
    for (const l of live) if (sameListener(l, f, capture)) return l;
    return undefined;
  }
  function listenerTotal(s, type) {
    const live = s.events.get(type);
    return live === undefined ? 0 : typeof live === 'function' ? 1 : live.length;
  }
  // (What changes the 'message' list changes what the host may deliver
  // itself: node/port_fire.rs, which reads none of this.)
  function addEntry(port, s, type, entry) {
    const live = s.events.get(type);
    if (live === undefined || (typeof live !== 'function' && live.length === 0)) s.events.set(type, entry);
    else if (typeof live === 'function') s.events.set(type, [live, entry]);
    else live.push(entry);
    if (type === 'message') host.portValueForget(s.id);
    // EventTarget's addEventListener: the warning once a type's list
    // passes the limit, once per limit set.
    const size = listenerTotal(s, type);
    if (s.maxListeners > 0 && size > s.maxListeners && !s.maxWarned) {
      s.maxWarned = true;
      const w = new Error(`Possible EventTarget memory leak detected. ${size} ${type} listeners added to [MessagePort [EventTarget]]. ` +
        `MaxListeners is ${s.maxListeners}. Use events.setMaxListeners() to increase limit`);
      w.name = 'MaxListenersExceededWarning';
      w.target = port;
      w.type = type;
      w.count = size;
      process.emitWarning(w);
    }
  }
  // (`keep`: a once() listener removed by the dispatch leaves its type's
  // list, empty, in the map, as Node's handler.remove() does; eventNames
  // still names it.)
  function removeEntry(s, type, entry, keep) {
    const live = s.events.get(type);
    if (live === entry) {
      if (keep) s.events.set(type, []);
      else s.events.delete(type);
    } else if (live !== undefined && typeof live !== 'function') {
      const i = live.indexOf(entry);
      if (i === -1) return;
      live.splice(i, 1);
      if (live.length === 1) s.events.set(type, live[0]);
      else if (live.length === 0 && !keep) s.events.delete(type);
    }
    if (type === 'message') host.portValueForget(s.id);
  }
  // EventTarget's addEventListener: a listener that is neither a function
  // nor an object.
  function checkListener(f) {
    if (f === null || (typeof f !== 'function' && typeof f !== 'object')) {
      const e = invalidArgType('listener', 'EventListener', f);
      // (Node's words: "must be an instance of EventListener".)
      e.message = e.message.replace('must be of type EventListener', 'must be an instance of EventListener');
      throw e;
    }
  }
  // WebIDL's DOMString of the type (addEventListener): a symbol throws.
  function typeString(type) {
    if (typeof type === 'symbol') throw new TypeError('Value is a Symbol and cannot be converted to a string.');
    return String(type);
  }
  function addNodeListener(port, s, type, f, once) {
    // (EventTarget's addEventListener, which Node's on() and once() call:
    // no listener is a warning and nothing added; the listener is checked
    // before the type is converted.)
    if (f === null || f === undefined) {
      const w = new Error(`addEventListener called with ${f} which has no effect.`);
      w.name = 'AddEventListenerArgumentTypeWarning';
      w.target = port;
      w.type = type;
      process.emitWarning(w);
      return;
    }
    checkListener(f);
    type = typeString(type);
    if (findListener(s, type, f) !== undefined) return;
    const had = port.listenerCount('message') > 0;
    let entry = f;
    if (once) {
      // (Removed before it is called, its list left in the map.)
      entry = function (value) {
        const had = port.listenerCount('message') > 0;
        removeEntry(s, type, entry, true);
        if (type === 'message') messageListenersChanged(port, had);
        return typeof f === 'function' ? callFunction(f, this, value) : f.handleEvent(value);
      };
      wrapped.set(entry, f);
    }
    addEntry(port, s, type, entry);
    if (type === 'message') messageListenersChanged(port, had);
  }
  // The two listeners Node's setupPortReferencing (lib/internal/worker/
  // io.js) adds to every port with on('newListener') and
  // on('removeListener'), each port its own: for an EventEmitter they keep
  // its port referenced; on a port, whose NodeEventTarget never emits
  // either, they are seen (eventNames, listenerCount) and called by
  // port.emit('newListener', name) or port.emit('removeListener', name),
  // which then do what they do for an emitter: with no 'message' listener
  // (the port's listenerCount, read as a method), 'newListener' refs the
  // port (its ref method) and starts it (the original start), and
  // 'removeListener' stops it and unrefs it (its unref method).
  // (Anonymous functions, as Node's.)
  const portReferencing = (port) => [
    ['newListener', function (name) {
      if (name === 'message' && port.listenerCount(name) === 0) {
        port.ref();
        const s = portState.get(port);
        if (!s.closed) host.portReceiving(s.id, true);
      }
    }],
    ['removeListener', function (name) {
      if (name === 'message' && port.listenerCount(name) === 0) {
        const s = portState.get(port);
        if (!s.closed) host.portReceiving(s.id, false);
        port.unref();
      }
    }],
  ];
  let scratchEmitter;
  // events.getEventListeners(port, type): the functions added (Node's
  // EventTarget branch: each listener's callback).
  internals.portListenersOf = (port, type) => {
    const s = portState.get(port);
    if (s === undefined) return undefined;
    const live = s.events.get(`${type}`);
    const list = live === undefined ? [] : typeof live === 'function' ? [live] : live;
    return list.map((l) => wrapped.get(l) ?? l);
  };
  class NodeEventTarget {
    setMaxListeners(n) {
      const s = nodeTargetStateOf(this);
      // (EventEmitter.setMaxListeners(n, port)'s check of n, an emitter's.)
      EventEmitter.prototype.setMaxListeners.call(scratchEmitter ??= new EventEmitter(), n);
      s.maxListeners = n;
      s.maxWarned = false;
    }
    getMaxListeners() { return nodeTargetStateOf(this).maxListeners; }
    eventNames() { return [...nodeTargetStateOf(this).events.keys()]; }
    // NodeEventTarget's size: an onmessage wrapper counts as setHandler
    // says.
    listenerCount(type) {
      const s = nodeTargetStateOf(this);
      type = String(type);
      const n = listenerTotal(s, type);
      const w = s.handlerWrappers[type];
      return w !== undefined && listening(this, type, w) ? n + s.counted[type] : n;
    }
    off(type, listener, options) { nodeTargetStateOf(this); this.removeEventListener(type, listener, options); return this; }
    removeListener(type, listener, options) { nodeTargetStateOf(this); this.removeEventListener(type, listener, options); return this; }
    on(type, listener) { addNodeListener(this, nodeTargetStateOf(this), type, listener, false); return this; }
    addListener(type, listener) { addNodeListener(this, nodeTargetStateOf(this), type, listener, false); return this; }
    // NodeEventTarget's emit: one value, dispatched as a message is (never
    // throws what a listener throws: thrown again on the next tick); true
    // when the type had listeners.
    emit(type, arg) {
      const s = nodeTargetStateOf(this);
      if (typeof type !== 'string') throw invalidArgType('type', 'string', type);
      const had = this.listenerCount(type) > 0;
      dispatchPort(this, type, arg);
      return had;
    }
    once(type, listener) { addNodeListener(this, nodeTargetStateOf(this), type, listener, true); return this; }
    // (The lists go, Node's kEvents.delete or clear, and nothing else: the
    // port's reference is kept as it was, as Node's.)
    removeAllListeners(type) {
      const s = nodeTargetStateOf(this);
      if (type !== undefined) {
        type = String(type);
        s.events.delete(type);
        if (type === 'message') host.portValueForget(s.id);
      } else {
        s.events.clear();
        host.portValueForget(s.id);
      }
      return this;
    }
  }
  // NodeEventTarget extends EventTarget (lib/internal/event_target.js): a
  // port is `instanceof EventTarget`, and its addEventListener,
  // removeEventListener and dispatchEvent are EventTarget.prototype's,
  // which check their arguments as for any target (options, the listener,
  // the signal, the event) and hand a port's listeners to these hooks.
  const eventTargets = internals.eventTargets();
  Object.setPrototypeOf(NodeEventTarget.prototype, eventTargets.EventTarget.prototype);
  Object.setPrototypeOf(NodeEventTarget, eventTargets.EventTarget);
  // addEventListener: `f` (a function or an object with handleEvent) is
  // called with an event (kCreateEvent's, or the one dispatched); with
  // `once` it leaves the list before it is called. A type's list holds the
  // pair (f, capture) at most once.
  function portAddEventListener(port, type, f, once, capture) {
    const s = portState.get(port);
    if (findListener(s, type, f, capture) !== undefined) return;
    const wrapper = function (data) {
      if (once) {
        const had = port.listenerCount('message') > 0;
        removeEntry(s, type, wrapper, true);
        if (type === 'message') messageListenersChanged(port, had);
      }
      const event = eventFor(port, data, type);
      const result = typeof f === 'function' ? callFunction(f, port, event) : f.handleEvent(event);
      dispatched(event);
      return result;
    };
    wrapped.set(wrapper, f);
    if (capture) captured.add(wrapper);
    const had = port.listenerCount('message') > 0;
    addEntry(port, s, type, wrapper);
    if (type === 'message') messageListenersChanged(port, had);
  }
  function portRemoveEventListener(port, type, f, capture) {
    const s = portState.get(port);
    const entry = findListener(s, type, f, capture);
    if (entry === undefined) return;
    const had = port.listenerCount('message') > 0;
    removeEntry(s, type, entry, false);
    if (type === 'message') messageListenersChanged(port, had);
  }
  eventTargets.setPortTargets({
    is: (v) => portState.has(v),
    add: portAddEventListener,
    remove: portRemoveEventListener,
    // dispatchEvent: kHybridDispatch(event, event.type, event), so a
    // listener added with on() gets the event as its value.
    dispatch: (port, event) => dispatchPort(port, event.type, event, event),
  });
  // (The first port made tells the host the private name of its state:
  // node/port_fire.rs's raw postMessage reads it.)
  let portPostKit = !host.tracing;
  let setPortState;
  class PortImpl extends NodeEventTarget {
    // (The port's state, also in portState.)
    #state = null;
    static { setPortState = (port, s) => { port.#state = s; }; }
    postMessage(value, transferList) {
      const s = stateOf(this);
      // (Node's MessagePort::PostMessage in C++: its own words.)
      if (arguments.length === 0) throw nodeError(TypeError, 'ERR_MISSING_ARGS', 'Not enough arguments to MessagePort.postMessage');
      // (No transfer list, the usual case: no call.)
      let list = transferList === undefined || transferList === null ? undefined : transferListOf(transferList);
      if (list) {
        if (list.includes(this)) throw new DOMException('Transfer list contains source port', 'DataCloneError');
        // Node's MessagePort::PostMessage: the port this one is entangled
        // with, in its own message, ends the channel (the message is lost;
        // what else is in the list is still transferred).
        const target = s.remote === null ? undefined : portsById.get(s.remote);
        if (target !== undefined && list.includes(target)) {
          if (portState.get(target).closed) throw new DOMException('MessagePort in transfer list is already detached', 'DataCloneError');
          serialize(value, list.filter((t) => t !== target));
          process.emitWarning('The target port was posted to itself, and the communication channel was lost');
          target.close();
          this.close();
          return;
        }
      }
      // A primitive (a symbol is not cloneable) with no transfer list, to a
      // port of this thread, is its own clone: queued as it is.
      if (list === undefined && (value === null || (typeof value !== 'object' && typeof value !== 'function' && typeof value !== 'symbol'))) {
        if (s.closed || s.remote === null) return;
        if (host.postValueToPort(s.remote, value)) return;
      }
      // (Indexed, not destructured: destructuring an array runs its iterator.)
      const r = serialize(value, list);
      if (s.closed || s.remote === null) return;
      host.postToPort(s.remote, r[0], r[1], r[2]);
    }
    start() { const s = stateOf(this); if (!s.closed) host.portReceiving(s.id, true); }
    // The handle closes now; 'close' comes in the close phase, and then the
    // entangled port gets a close message.
    close(callback) {
      const s = stateOf(this);
      if (typeof callback === 'function') this.once('close', callback);
      if (s.closed) return;
      s.closed = true;
      refAtClose.set(this, host.portHasRef(s.id));
      host.portClose(s.id);
    }
    ref() { const s = stateOf(this); if (!s.closed) host.portRef(s.id, true); }
    unref() { const s = stateOf(this); if (!s.closed) host.portRef(s.id, false); }
    hasRef() { return portHasRef(this, stateOf(this)); }
    get onmessage() { return targetStateOf(this).handlers.message ?? null; }
    set onmessage(f) { targetStateOf(this); setHandler(this, 'message', f); }
    get onmessageerror() { return targetStateOf(this).handlers.messageerror ?? null; }
    set onmessageerror(f) { targetStateOf(this); setHandler(this, 'messageerror', f); }
  }
  // util.inspect (io.js's MessagePort.prototype[inspect.custom]): an
  // object of MessagePort.prototype (so shown as `MessagePort
  // [EventTarget]`) with `active: true` and whether the handle is
  // referenced (HandleWrap's hasRef: kept while closing, false once closed), or
  // `active: false` once its 'close' was dispatched (Node's native object
  // is gone then), followed by the port's own enumerable properties;
  // anything not a port (that object, MessagePort.prototype) is shown as it
  // is. (Node's ports also have its EventTarget's internal symbols as own
  // properties, kEvents and the rest, which jsloop keeps out of reach:
  // docs/deviations.md.)
  Object.defineProperty(PortImpl.prototype, Symbol.for('nodejs.util.inspect.custom'), {
    value: { inspect() {
      const s = portState.get(this);
      if (s === undefined) return this;
      const shown = detachedPorts.has(this) ? { active: false } : { active: true, refed: portHasRef(this, s) };
      const own = { __proto__: PortImpl.prototype, ...shown };
      const hidden = internals.asyncContext?.resourceKeys;
      for (const key of Reflect.ownKeys(this)) {
        if (Object.prototype.propertyIsEnumerable.call(this, key) && !hidden?.includes(key)) own[key] = this[key];
      }
      return own;
    } }.inspect,
    writable: false, enumerable: false, configurable: false,
  });
  // The ports that came with the message being emitted (Node's
  // kCurrentlyReceivingPorts): the event's `ports`, an array of that
  // message's own; null while none did (a primitive's message), whose event
  // makes a new empty one when `ports` is read.
  let receiving = null;
  // A listener that takes an event gets a MessageEvent (Node's kCreateEvent,
  // lib/internal/worker/io.js: new MessageEvent(type, { data, ports }), the
  // port its target), one per dispatch: made for the first such listener
  // and shared by the others (kHybridDispatch's createEvent). It is "being
  // dispatched" (eventPhase AT_TARGET, currentTarget the port) until the
  // first such listener returns.
  let makeMessageEvent = null;
  const newMessageEvent = (type, data, port) => (makeMessageEvent ??= internals.portMessageEvent())(type, data, receiving, port);
  // (The dispatch under way: [port, type, its event or null].)
  let dispatching = null;
  // kCreateEvent: a MessageEvent for 'message' and 'messageerror', else
  // EventTarget's, a CustomEvent whose detail is the value (io.js's
  // originalCreateEvent), made for the first listener that takes an event
  // and shared by the others (or the event dispatchEvent was given); its
  // target the port and being dispatched.
  function eventFor(port, data, type) {
    const d = dispatching;
    const here = d !== null && d[0] === port && d[1] === type;
    if (here && d[2] !== null) return d[2];
    let event;
    if (type === 'message' || type === 'messageerror') event = newMessageEvent(type, data, port);
    else {
      event = new eventTargets.CustomEvent(type, { detail: data });
      eventTargets.setDispatching(event, port, true);
    }
    if (here) d[2] = event;
    return event;
  }
  // (After a listener that took `event` returned, and at the end of a
  // dispatch that made one: `event[kIsBeingDispatched] = false`, which
  // throws in strict code once a listener froze the event. Its target
  // stays what it is: kCreateEvent set it.)
  let kDispatching = null;
  const dispatched = (event) => { event[kDispatching ??= internals.eventTargets().kDispatching] = false; };
  // onmessage / onmessageerror (event handler attributes), as Node's
  // defineEventHandler (lib/internal/event_target.js): the first value set,
  // whatever it is, registers a wrapper listener that stays registered for
  // good (so a handler set again, after null too, keeps its place among the
  // listeners) and calls the handler when it is a function. The listener
  // count (NodeEventTarget's size) counts the wrapper once when it is
  // registered, then one less when a function is replaced and one more when
  // a function is set, whatever was there (Node's arithmetic: a non-function
  // first value, then a function, counts two); the port is referenced and
  // started when that count leaves 0 and unreferenced when it reaches 0.
  function setHandler(port, type, value) {
    const s = portState.get(port);
    const wrapper = s.handlerWrappers[type];
    if (wrapper === undefined || !listening(port, type, wrapper)) {
      s.handlers[type] = value;
      if (type === 'message') host.portValueForget(s.id);
      s.counted[type] = 0;
      // (Node's wrapper calls the handler with ReflectApply: its own
      // `call` is not read.)
      // (The dispatch makes the event for it, a function or not: Node's
      // eventHandler is an ordinary listener that returns at once.)
      const w = (data) => {
        const event = eventFor(port, data, type);
        const h = s.handlers[type];
        const result = typeof h === 'function' ? callFunction(h, port, event) : undefined;
        dispatched(event);
        return result;
      };
      s.handlerWrappers[type] = w;
      port.on(type, w);
      return;
    }
    const had = port.listenerCount('message') > 0;
    if (typeof s.handlers[type] === 'function') s.counted[type]--;
    s.handlers[type] = value;
    // (The host delivers a port's messages to the handler it registered
    // until told: node/port_fire.rs.)
    if (type === 'message') host.portValueForget(s.id);
    if (typeof value === 'function') s.counted[type]++;
    if (type === 'message') messageListenersChanged(port, had);
  }
  // MessagePort is not constructible from script (Node: ERR_CONSTRUCT_CALL_INVALID).
  function MessagePort() {
    throw nodeError(TypeError, 'ERR_CONSTRUCT_CALL_INVALID', 'Constructor cannot be called');
  }
  MessagePort.prototype = PortImpl.prototype;
  // A C++ method's length, as Node's MessagePort.prototype.postMessage has it.
  Object.defineProperty(PortImpl.prototype.postMessage, 'length', { value: 0 });
  // postMessage of a primitive to a port of this thread, a raw C function
  // (node/port_fire.rs; the method above is its fallback, and under
  // --trace the method itself, for the call sites it traces).
  if (!host.tracing) {
    const post = host.nativePostMessage(PortImpl.prototype.postMessage);
    Object.defineProperty(PortImpl.prototype, 'postMessage', { value: post, writable: true, enumerable: false, configurable: true });
    if (typeof host.stackFrameless === 'function') host.stackFrameless(post);
  }
  Object.defineProperty(PortImpl.prototype, 'constructor', { value: MessagePort, writable: true, configurable: true });
  Object.setPrototypeOf(MessagePort, NodeEventTarget);
  // The prototypes' own properties in Node's order, enumerable as Node's
  // (MessagePort's C++ template methods, io.js's assignments and its event
  // handler attributes; NodeEventTarget's, kEnumerableProperty), each
  // constructor not.
  for (const name of ['postMessage', 'start', 'constructor', 'ref', 'unref', 'hasRef', 'onmessage', 'onmessageerror', 'close']) {
    const d = Object.getOwnPropertyDescriptor(PortImpl.prototype, name);
    delete PortImpl.prototype[name];
    d.enumerable = name !== 'constructor';
    Object.defineProperty(PortImpl.prototype, name, d);
  }
  for (const name of Object.getOwnPropertyNames(NodeEventTarget.prototype)) {
    if (name !== 'constructor') Object.defineProperty(NodeEventTarget.prototype, name, { enumerable: true });
  }
  function newPort(id) {
    const port = new PortImpl();
    // (`moved` is an own property from the start: the host's delivery
    // reads it per message, node/port_fire.rs, and a missing one is looked
    // up along the prototype chain.)
    const state = { id: null, remote: null, closed: false, shipped: false, moved: undefined, handlers: {}, handlerWrappers: {}, counted: {},
      events: new Map(portReferencing(port)), maxListeners: EventEmitter.defaultMaxListeners, maxWarned: false };
    portState.set(port, state);
    setPortState(port, state);
    if (portPostKit) { portPostKit = false; host.portPostKit(port); }
    const s = portState.get(port);
    s.id = id === undefined ? host.newPortId() : id;
    portsById.set(s.id, port);
    // async_hooks: a port is a MESSAGEPORT resource until its handle closes.
    const asyncContext = internals.asyncContext;
    if (asyncContext && asyncContext.active) asyncContext.init(port, 'MESSAGEPORT');
    return port;
  }
  const portGone = (port) => { const a = internals.asyncContext; if (a && a.active) a.destroy(port); };
  function MessageChannel() {
    if (new.target === undefined) throw nodeError(TypeError, 'ERR_CONSTRUCT_CALL_REQUIRED', 'Cannot call constructor without `new`');
    this.port1 = newPort();
    this.port2 = newPort();
    const a = portState.get(this.port1), b = portState.get(this.port2);
    a.remote = b.id;
    b.remote = a.id;
    host.entanglePorts(a.id, b.id);
  }
  ser.setPortHooks({
    isPort: (v) => v instanceof PortImpl,
    // The messages waiting in the port's queue, as [record, buffers] pairs
    // (taken: they go with the port); its handle here is closed.
    queued(port) {
      const s = portState.get(port);
      if (s.shipped || s.closed) throw new DOMException('MessagePort in transfer list is already detached', 'DataCloneError');
      // ([value]: a primitive posted here, serialized now.)
      return host.shipPort(s.id).map((m) => (m.length === 1 ? serialize(m[0]).slice(0, 2) : m));
    },
    ship(port) {
      const s = portState.get(port);
      s.shipped = true;
      s.closed = true;
      portsById.delete(s.id);
      portGone(port);
      return [s.id, s.remote];
    },
    adopt(id, partner) {
      host.adoptPort(id, partner);
      const port = newPort(id);
      portState.get(port).remote = partner;
      return port;
    },
    settle(port, queued) { host.settlePort(portState.get(port).id, queued); },
  });
  ser.setBlobHooks(internals.blobHooks);
  const { kTransfer, kDeserialize } = internals.transferSymbols;
  // The internal modules whose classes a message may carry.
  const INTERNAL_TRANSFERABLES = { __proto__: null, 'internal/fs/promises': () => ({ FileHandle: internals.require('fs').promises.FileHandle }) };
  ser.setNodeRules({
    // Node marks JS objects; ArrayBuffers (host objects of V8's serializer)
    // are cloned whatever their mark.
    uncloneable: (v) => (uncloneable.has(v) && !(v instanceof ArrayBuffer)) || (internals.undiciEvent !== null && internals.undiciEvent(v)),
    // An object whose fields are native state (a Timeout), as the object of
    // own properties Node's is; undefined for any other.
    view: (v) => internals.timeoutView(v),
    untransferable: (v) => untransferable.has(v),
    portDetached: (p) => { const s = portState.get(p); return s.shipped || s.closed; },
    shareSab: (sab) => host.shareSab(sab),
    jsTransferable: (v) => isObjectLike(v) && typeof v[kTransfer] === 'function',
    jsTransfer: (v) => v[kTransfer](),
    // js_transferable.js: deserializeInfo is 'module:Class', a class of
    // one of Node's internal modules; anything else fails as Node's
    // internal require does.
    jsCreate(info) {
      const colon = info.indexOf(':');
      const id = colon === -1 ? info : info.slice(0, colon);
      const classes = INTERNAL_TRANSFERABLES[id];
      if (classes === undefined) throw new TypeError(`Missing internal module '${id}'`);
      const C = classes()[info.slice(colon + 1)];
      if (typeof C !== 'function' || typeof C.prototype[kDeserialize] !== 'function') throw new TypeError(`Missing internal module '${id}'`);
      return new C();
    },
    jsDeserialize: (o, data) => o[kDeserialize](data),
    adoptSab: (id) => host.adoptSab(id),
  });
  // ------------------------------------------------ a port's dispatch
  // Node's MessagePort delivers a message from C++ (MessagePort::OnMessage,
  // src/node_messaging.cc) through lib/internal/per_context/messageport.js's
  // emitMessage to NodeEventTarget's [kHybridDispatch] (lib/internal/
  // event_target.js), never through `port.emit`: a replaced `emit` changes
  // nothing. Its listener list is linked: each listener's next one is read
  // before it is called, so a listener removed by an earlier one in the same
  // dispatch is skipped and one added before the last is called runs too.
  // A listener that throws does not stop the ones after it: its error is
  // thrown on the next tick (emitUncaughtException), and a thenable it
  // returns has its `then` called with a rejection handler that does the
  // same (addCatch), so a rejected promise is an 'uncaughtException', not
  // an 'unhandledRejection'.
  // (event_target.js's emitUncaughtException.)
  const reportLater = (err) => internals.nextTick(() => { throw err; });
  // (event_target.js's addCatch: a result not undefined or null.)
  function catchResult(result) {
    const then = result.then;
    if (typeof then === 'function') callFunction(then, result, undefined, reportLater);
  }
  // (The port's 'message' listener result, when the host called its
  // onmessage itself: node/port_fire.rs.)
  const watchMessage = (port, result) => { try { catchResult(result); } catch (err) { reportLater(err); } };
  // (A listener still registered for `type`.)
  function listening(port, type, f) {
    const live = portState.get(port)?.events.get(type);
    return live === f || (Array.isArray(live) && live.includes(f));
  }
  function callListener(port, f, value) {
    try {
      const result = callFunction(f, port, value);
      if (result !== undefined && result !== null) catchResult(result);
    } catch (err) {
      reportLater(err);
    }
  }
  // [kHybridDispatch](value, type, event): each listener called with
  // `value` (on(), once()) or an event (addEventListener(), onmessage);
  // `event` when dispatchEvent gave one (its target the port and being
  // dispatched until the end).
  function dispatchPort(port, type, value, event = null) {
    if (event !== null) eventTargets.setDispatching(event, port, true);
    const first = portState.get(port)?.events.get(type);
    if (first === undefined) {
      if (event !== null) dispatched(event);
      return;
    }
    const outer = dispatching;
    const d = dispatching = [port, type, event];
    try {
      dispatchListeners(port, type, value, first, d);
    } finally {
      dispatching = outer;
    }
    // (After the loop, outside its try: what this throws leaves the
    // dispatch, an uncaught exception of the port's callback.)
    if (d[2] !== null) dispatched(d[2]);
  }
  function dispatchListeners(port, type, value, first, d) {
    if (typeof first === 'function') {
      // (One listener: its next is none, whatever it adds.)
      callListener(port, first, value);
      return;
    }
    const list = first.slice();
    for (let i = 0; i < list.length; i++) {
      // (The event's immediate propagation stopped: no more listeners.)
      if (d[2] !== null && eventTargets.stopped(d[2])) break;
      const f = list[i];
      // Removed by a listener before it: skipped.
      if (i > 0 && !listening(port, type, f)) continue;
      const last = i === list.length - 1;
      callListener(port, f, value);
      // Added by it while it was not the last: called in turn (they come
      // after every listener there was).
      if (!last) {
        const now = portState.get(port)?.events.get(type);
        if (typeof now === 'function') { if (!list.includes(now)) list.push(now); }
        else if (now !== undefined) for (const g of now) if (!list.includes(g)) list.push(g);
      }
    }
  }
  // lib/internal/worker/io.js's MessagePortCloseEvent: an Event of type
  // 'close' (made when first needed).
  let MessagePortCloseEvent;
  function closeEventClass() {
    if (MessagePortCloseEvent === undefined) {
      const { Event } = internals.eventTargets();
      MessagePortCloseEvent = class MessagePortCloseEvent extends Event {
        constructor() { super('close'); }
      };
    }
    return MessagePortCloseEvent;
  }
  // A message a port of this thread delivers (the poll phase).
  function portMessage(id, record, buffers) {
    const port = portsById.get(id);
    if (!port) return;
    if (portState.get(port).moved) { movedPortMessage(port, record, buffers); return; }
    let value, ports;
    try { [value, ports] = deserialize(record, buffers); } catch (e) { dispatchPort(port, 'messageerror', e); return; }
    receiving = ports;
    try { dispatchPort(port, 'message', value); } finally { receiving = null; }
  }
  // A primitive a port of this thread posted (postValueToPort): no record.
  function portValueMessage(id, value) {
    const port = portsById.get(id);
    if (port && portState.get(port).moved) movedPortMessage(port, null, null, value);
    else if (port) {
      dispatchPort(port, 'message', value);
      // When the port's one 'message' listener is its onmessage wrapper,
      // the host delivers the port's next
      // value messages itself while that holds (node/port_fire.rs checks
      // it each time; not under --trace, whose call stacks name the
      // listener, nor once async_hooks are in use).
      if (!TRACING) registerValueFire(id, port);
    }
  }
  const TRACING = host.tracing;
  function registerValueFire(id, port) {
    const s = portState.get(port);
    if (s === undefined || s.closed || s.moved || typeof s.handlers.message !== 'function') return;
    const wrapper = s.handlerWrappers.message;
    if (s.events.get('message') !== wrapper) return;
    makeMessageEvent ??= internals.portMessageEvent();
    const { kType, kTarget, kDispatching, kInPassive } = internals.eventTargets();
    host.portValueFire(id, port, s, wrapper, s.handlers, reportLater, makeMessageEvent, watchMessage, kType, kTarget, kDispatching, kInPassive);
  }
  // (The host calls it directly: no dispatch by kind.)
  host.setPortValueMessage(portValueMessage);
  // A port's handle closed (the close phase).
  function portClosed(id) {
    const port = portsById.get(id);
    if (!port) return;
    portsById.delete(id);
    const s = portState.get(port);
    s.closed = true;
    if (s.moved) s.moved.closed = true;
    portGone(port);
    // io.js's onclose: this.dispatchEvent(new MessagePortCloseEvent()), a
    // 'close' listener added with on() gets the event too.
    handleClosed.add(port);
    const event = new (closeEventClass())();
    dispatchPort(port, 'close', event, event);
    detachedPorts.add(port);
  }
  // ------------------------------------------------ moveMessagePortToContext
  // https://nodejs.org/docs/latest-v24.x/api/worker_threads.html#worker_threadsmovemessageporttocontextport-contextifiedsandbox
  // Node's MessagePort::MoveToContext: the port's handle (its id here, its
  // queue in the host) goes to a new MessagePort made in the vm context's
  // realm, whose methods are functions of that realm; the old object is
  // detached. As Node's per-context messageport.js, the new port has no
  // EventEmitter: a message calls its `onmessage` (or `onmessageerror`)
  // with an event of that realm. It receives once started; it is
  // referenced while open. A message is deserialized here and its values
  // made again in the context's realm (objects, arrays, dates, regular
  // expressions, maps, sets, buffers and views, errors; transferred ports
  // are moved there too); a Blob or File cannot be made there, and is a
  // 'messageerror' (ERR_MESSAGE_TARGET_CONTEXT_UNAVAILABLE), as in Node.
  const REALM_PORT_SOURCE = `(function (impl) {
    'use strict';
    class HandleWrap {
      close() { impl.close(this); }
      ref() { impl.ref(this, true); }
      unref() { impl.ref(this, false); }
      hasRef() { return impl.hasRef(this); }
    }
    class MessagePort extends HandleWrap {
      postMessage(value, transfer) { impl.post(this, value, transfer); }
      start() { impl.start(this); }
    }
    class MessageEvent {
      constructor(data, target, type, ports) { this.data = data; this.target = target; this.type = type; this.ports = ports; }
    }
    class DOMException extends Error {
      constructor(message, name) { super(message); Object.defineProperty(this, 'name', { value: name, writable: true, configurable: true }); }
    }
    return {
      make: () => new MessagePort(),
      emit(port, type, data, ports) {
        const event = new MessageEvent(data, port, type, ports);
        const handler = type === 'message' ? port.onmessage : port.onmessageerror;
        if (typeof handler === 'function') handler.call(port, event);
      },
      domException: (message, name) => new DOMException(message, name),
      error(message, code) { const e = new Error(message); e.code = code; return e; },
    };
  })`;
  const realmKits = new Map();
  // The moved ports' old objects, by new port.
  const movedPorts = new WeakMap();
  function realmKit(context) {
    let kit = realmKits.get(context.id);
    if (kit === undefined) {
      const make = host.vm.run(context.id, REALM_PORT_SOURCE, 'node:internal/per_context/messageport');
      kit = make(movedPortImpl);
      kit.global = context.global;
      realmKits.set(context.id, kit);
    }
    return kit;
  }
  const movedState = (w) => { const port = movedPorts.get(w); return port === undefined ? undefined : portState.get(port); };
  const movedPortImpl = {
    post(w, value, transfer) {
      const s = movedState(w);
      if (s === undefined) return;
      let r;
      try {
        r = serialize(value, transferListOf(transfer));
      } catch (e) {
        // (The error is the realm's, as V8's serializer throws there.)
        if (e instanceof DOMException) throw s.moved.kit.domException(e.message, e.name);
        throw e;
      }
      if (s.moved.closed || s.remote === null) return;
      host.postToPort(s.remote, r[0], r[1], r[2]);
    },
    start(w) { const s = movedState(w); if (s && !s.moved.closed) host.portReceiving(s.id, true); },
    close(w) {
      const s = movedState(w);
      if (s === undefined || s.moved.closed) return;
      s.moved.closed = true;
      host.portClose(s.id);
    },
    ref(w, on) { const s = movedState(w); if (s && !s.moved.closed) host.portRef(s.id, on); },
    hasRef(w) { const s = movedState(w); return s !== undefined && !s.moved.closed && host.portHasRef(s.id); },
  };
  function moveInto(kit, port) {
    const s = portState.get(port);
    const w = kit.make();
    movedPorts.set(w, port);
    // The old object is detached: closed to its user, its handle kept for
    // the new port (referenced, not receiving until started).
    s.closed = true;
    s.moved = { kit, port: w, closed: false };
    host.portValueForget(s.id);
    port.removeAllListeners();
    host.portReceiving(s.id, false);
    host.portRef(s.id, true);
    return w;
  }
  function moveMessagePortToContext(port, contextifiedSandbox) {
    if (!(port instanceof PortImpl)) throw nodeError(TypeError, 'ERR_INVALID_ARG_TYPE', 'The "port" argument must be a MessagePort instance');
    const s = portState.get(port);
    if (s.closed || s.shipped) throw nodeError(Error, 'ERR_CLOSED_MESSAGE_PORT', 'Cannot send data on closed MessagePort');
    if (isObjectLike(contextifiedSandbox)) internals.require('vm');
    const context = isObjectLike(contextifiedSandbox) ? internals.vmContextOf(contextifiedSandbox) : undefined;
    if (context === undefined) throw nodeError(TypeError, 'ERR_INVALID_ARG_TYPE', 'Invalid context argument');
    return moveInto(realmKit(context), port);
  }
  class TargetContextUnavailable extends Error {}
  // A value made again in the realm whose global is `G`.
  function intoRealm(kit, v, memo) {
    if (v === null || typeof v !== 'object') return v;
    if (memo.has(v)) return memo.get(v);
    const G = kit.global;
    const keep = (out) => { memo.set(v, out); return out; };
    const fill = (out) => { for (const k of Object.keys(v)) out[k] = intoRealm(kit, v[k], memo); return out; };
    if (v instanceof PortImpl) return keep(moveInto(kit, v));
    if (Array.isArray(v)) return fill(keep(new G.Array(v.length)));
    if (v instanceof Date) return keep(new G.Date(v.getTime()));
    if (v instanceof RegExp) return keep(new G.RegExp(v.source, v.flags));
    if (v instanceof Map) { const out = keep(new G.Map()); for (const [k, x] of v) out.set(intoRealm(kit, k, memo), intoRealm(kit, x, memo)); return out; }
    if (v instanceof Set) { const out = keep(new G.Set()); for (const x of v) out.add(intoRealm(kit, x, memo)); return out; }
    if (v instanceof ArrayBuffer) { const out = keep(new G.ArrayBuffer(v.byteLength)); new G.Uint8Array(out).set(new Uint8Array(v)); return out; }
    if (ArrayBuffer.isView(v)) {
      const name = Object.prototype.toString.call(v).slice(8, -1);
      const buffer = intoRealm(kit, v.buffer, memo);
      return keep(name === 'DataView' ? new G.DataView(buffer, v.byteOffset, v.byteLength) : new G[name](buffer, v.byteOffset, v.length));
    }
    if (v instanceof Error) {
      const C = typeof G[v.name] === 'function' && v.name.endsWith('Error') ? G[v.name] : G.Error;
      const out = keep(new C(v.message));
      if ('stack' in v) Object.defineProperty(out, 'stack', { value: v.stack, writable: true, configurable: true });
      return out;
    }
    const proto = Object.getPrototypeOf(v);
    if (proto !== Object.prototype && proto !== null) throw new TargetContextUnavailable();
    return fill(keep(new G.Object()));
  }
  // A message for a moved port: made again in its realm, then its
  // onmessage (a 'messageerror' if it cannot be made there).
  function movedPortMessage(port, record, buffers, primitive) {
    const { kit, port: w } = portState.get(port).moved;
    let value = primitive;
    let ports = [];
    if (record !== null) {
      try { [value, ports] = deserialize(record, buffers); } catch (e) { kit.emit(w, 'messageerror', intoRealm(kit, e, new Map()), new kit.global.Array()); return; }
    }
    const memo = new Map();
    let data;
    let realmPorts;
    try {
      data = intoRealm(kit, value, memo);
      realmPorts = intoRealm(kit, ports, memo);
    } catch (e) {
      if (!(e instanceof TargetContextUnavailable)) throw e;
      kit.emit(w, 'messageerror', kit.error('A message object could not be deserialized successfully in the target vm.Context', 'ERR_MESSAGE_TARGET_CONTEXT_UNAVAILABLE'), new kit.global.Array());
      return;
    }
    kit.emit(w, 'message', data, realmPorts);
  }

  // https://nodejs.org/docs/latest-v24.x/api/worker_threads.html#workerreceivemessageonportport
  function receiveMessageOnPort(port) {
    if (channelPorts.has(port)) {
      port = channelPorts.get(port);
      if (port === null) return undefined;
    }
    if (!(port instanceof PortImpl)) throw nodeError(TypeError, 'ERR_INVALID_ARG_TYPE', 'The "port" argument must be a MessagePort instance');
    const s = portState.get(port);
    if (s.closed) return undefined;
    const taken = host.portTakeOne(s.id);
    if (taken === null || taken === undefined) return undefined;
    return { message: takenValue(taken) };
  }
  // A message host.portTakeOne took: [record, buffers], or [value] (a
  // primitive posted by this thread, not serialized).
  function takenValue(taken) {
    return taken.length === 1 ? taken[0] : deserialize(taken[0], taken[1])[0];
  }
  // Node's MessagePort::Drain: every message waiting, delivered now.
  function drainPort(port) {
    const s = portState.get(port);
    for (;;) {
      if (s.closed) return;
      const taken = host.portTakeOne(s.id);
      if (taken === null || taken === undefined) return;
      let value;
      try { value = takenValue(taken); } catch (e) { dispatchPort(port, 'messageerror', e); continue; }
      dispatchPort(port, 'message', value);
    }
  }

  // ------------------------------------------------------ execArgv checks
  // src/node_worker.cc (Worker::New) parses a worker's execArgv, and the
  // NODE_OPTIONS of an `env` it was given, with Node's option parser
  // (src/node_options.cc) against the per-isolate and per-environment
  // options only: a per-process option (--title) or a V8 one
  // (--max-old-space-size) is unknown there. The names below are Node
  // 24.21's, recorded by trying each option of internal/options'
  // getCLIOptionsInfo() as a worker's execArgv and as its NODE_OPTIONS (an
  // option whose value Node then rejected is known all the same); a
  // trailing `=` marks an option that takes a value.
  const WORKER_OPTIONS = (
    'addons allow-addons allow-child-process allow-fs-read= allow-fs-write= allow-inspector ' +
    'allow-openssl-store allow-wasi allow-worker async-context-frame build-snapshot ' +
    'build-snapshot-config= check conditions= cpu-prof cpu-prof-dir= cpu-prof-interval= cpu-prof-name= ' +
    'deprecation diagnostic-dir= disable-sigusr1 disable-warning= dns-result-order= enable-source-maps ' +
    'entry-url env-file= env-file-if-exists= eval= experimental-abortcontroller ' +
    'experimental-addon-modules experimental-config-file= experimental-detect-module ' +
    'experimental-eventsource experimental-fetch experimental-global-customevent ' +
    'experimental-global-navigator experimental-global-webcrypto experimental-import-meta-resolve ' +
    'experimental-import-text experimental-inspector-network-resource experimental-json-modules ' +
    'experimental-loader= experimental-modules experimental-network-inspection experimental-package-map= ' +
    'experimental-print-required-tla experimental-quic experimental-repl-await experimental-report ' +
    'experimental-require-module experimental-specifier-resolution experimental-sqlite ' +
    'experimental-storage-inspection experimental-stream-iter experimental-test-coverage ' +
    'experimental-test-module-mocks experimental-test-snapshots experimental-test-tag-filter= ' +
    'experimental-top-level-await experimental-transform-types experimental-vm-modules ' +
    'experimental-wasi-unstable-preview1 experimental-wasm-modules experimental-websocket ' +
    'experimental-webstorage experimental-worker experimental-worker-inspection expose-internals ' +
    'extra-info-on-fatal-exception force-async-hooks-checks force-context-aware ' +
    'force-node-api-uncaught-exceptions-policy frozen-intrinsics global-search-paths heap-prof ' +
    'heap-prof-dir= heap-prof-interval= heap-prof-name= heapsnapshot-near-heap-limit= ' +
    'heapsnapshot-signal= http-parser import= input-type= insecure-http-parser inspect inspect-brk ' +
    'inspect-brk-node inspect-port= inspect-publish-uid= inspect-wait interactive localstorage-file= ' +
    'max-http-header-size= max-old-space-size-percentage= napi-modules network-family-autoselection ' +
    'network-family-autoselection-attempt-timeout= pending-deprecation permission permission-audit ' +
    'preserve-symlinks preserve-symlinks-main print prof-process redirect-warnings= report-exclude-env ' +
    'report-exclude-network report-on-signal report-signal= report-uncaught-exception require= ' +
    'require-module strip-types test test-concurrency= test-coverage-branches= test-coverage-exclude= ' +
    'test-coverage-functions= test-coverage-include= test-coverage-lines= test-force-exit ' +
    'test-global-setup= test-isolation= test-name-pattern= test-only test-random-seed= test-randomize ' +
    'test-reporter= test-reporter-destination= test-rerun-failures= test-shard= test-skip-pattern= ' +
    'test-timeout= test-udp-no-try-send test-update-snapshots throw-deprecation tls-keylog= tls-max-v1.2 ' +
    'tls-max-v1.3 tls-min-v1.0 tls-min-v1.1 tls-min-v1.2 tls-min-v1.3 trace-deprecation trace-env ' +
    'trace-env-js-stack trace-env-native-stack trace-exit trace-promises trace-require-module= ' +
    'trace-sync-io trace-tls trace-uncaught trace-warnings track-heap-objects unhandled-rejections= ' +
    'use-env-proxy use-system-ca verify-base-objects warnings watch watch-kill-signal= watch-path= ' +
    'watch-preserve-output '
  ).trim().split(' ');
  // Accepted in a worker's NODE_OPTIONS but not in its execArgv (V8's
  // options, which a worker ignores).
  const WORKER_ENV_ONLY = (
    'abort-on-uncaught-exception disallow-code-generation-from-strings enable-etw-stack-walking ' +
    'experimental-shadow-realm expose-gc interpreted-frames-native-stack jitless max-heap-size ' +
    'max-old-space-size max-semi-space-size perf-basic-prof perf-basic-prof-only-functions perf-prof ' +
    'perf-prof-unwinding-info stack-trace-limit '
  ).trim().split(' ');
  // Accepted in a worker's execArgv but not in NODE_OPTIONS.
  const WORKER_NOT_IN_ENV = new Set((
    'build-snapshot build-snapshot-config check env-file env-file-if-exists eval experimental-config-file ' +
    'experimental-inspector-network-resource experimental-network-inspection ' +
    'experimental-storage-inspection experimental-test-coverage experimental-test-module-mocks ' +
    'experimental-test-snapshots experimental-test-tag-filter experimental-worker-inspection ' +
    'expose-internals inspect-brk-node interactive print prof-process test test-concurrency ' +
    'test-force-exit test-timeout test-udp-no-try-send test-update-snapshots watch watch-path '
  ).trim().split(' ').map((n) => `--${n}`));
  const workerOptions = new Map();
  for (const o of WORKER_OPTIONS) workerOptions.set(`--${o.replace(/=$/, '')}`, o.endsWith('='));
  const OPTION_ALIASES = { '-r': '--require', '-C': '--conditions', '-e': '--eval', '-p': '--print', '-i': '--interactive', '-c': '--check', '--loader': '--experimental-loader', '--experimental-strip-types': '--strip-types', '--report-directory': '--report-dir', '--experimental-test-isolation': '--test-isolation', '--enable-network-family-autoselection': '--network-family-autoselection' };
  // options_parser::Parse: [errors, invalid arguments]. An argument that is
  // not an option ends the options; `--no-X` negates a boolean option.
  function parseWorkerOptions(args, inEnv) {
    const errors = [];
    const invalid = [];
    for (let i = 0; i < args.length; i++) {
      const arg = args[i];
      if (arg === '--') break;
      if (arg.length < 2 || arg[0] !== '-') break;
      const eq = arg.indexOf('=');
      // (Node reports an unknown `--x=1` as `--x=`.)
      const typed = eq === -1 ? arg : arg.slice(0, eq + 1);
      let name = eq === -1 ? arg : arg.slice(0, eq);
      name = OPTION_ALIASES[name] || name;
      let takesValue = workerOptions.get(name);
      if (takesValue === undefined && name.startsWith('--no-') && workerOptions.get(`--${name.slice(5)}`) === false) takesValue = false;
      const known = takesValue !== undefined || (inEnv && WORKER_ENV_ONLY.includes(name.slice(2)));
      if (inEnv && (!known || WORKER_NOT_IN_ENV.has(name))) {
        errors.push(`${typed} is not allowed in NODE_OPTIONS`);
        continue;
      }
      if (!known) {
        invalid.push(arg);
        continue;
      }
      if (takesValue && eq === -1) {
        if (i + 1 < args.length) i++;
        else errors.push(`${typed} requires an argument`);
      }
    }
    return [errors, invalid];
  }
  const splitNodeOptions = internals.splitNodeOptions;
  const invalidExecArgv = (list, what = 'invalid execArgv flags') => nodeError(Error, 'ERR_WORKER_INVALID_EXEC_ARGV', `Initiated Worker with ${what}: ${list.join(', ')}`);

  // ------------------------------------------------------------------- Worker
  // https://nodejs.org/docs/latest-v24.x/api/worker_threads.html#class-worker
  let streams = null;
  const stream = () => streams || (streams = internals.require('stream'));
  // The parent's side of a worker's stdout or stderr (Node's
  // ReadableWorkerStdio): what the worker writes, pushed as it arrives.
  function workerReadable() {
    const r = new (stream().Readable)({ read() {} });
    return r;
  }
  // Its stdin (Node's WritableWorkerStdio): what is written goes to the
  // worker's process.stdin; ending it ends that.
  function workerWritable(worker) {
    const { Buffer } = internals.require('buffer');
    return new (stream().Writable)({
      write(chunk, encoding, cb) {
        const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, encoding);
        host.writeWorkerStdin(worker.threadId, b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
        cb();
      },
      final(cb) { host.writeWorkerStdin(worker.threadId, null); cb(); },
    });
  }
  // In a worker: process.stdin (Node's ReadableWorkerStdio), fed by its
  // parent's worker.stdin, or empty if its Worker had no `stdin: true`.
  let workerStdin = null;
  function stdinOfWorker() {
    if (workerStdin === null) {
      workerStdin = new (stream().Readable)({ read() {} });
      if (!host.workerHasStdin) workerStdin.push(null);
    }
    return workerStdin;
  }
  const validateArray = (v, name) => { if (!Array.isArray(v)) throw invalidArgType(name, 'Array', v); };
  class Worker extends EventEmitter {
    #id; #exited = false; #name; #publicPort; #stdio; #handle; #handlePorts; #limits; #requests = new Set();
    constructor(filename, options = {}) {
      super();
      if (options.execArgv) validateArray(options.execArgv, 'options.execArgv');
      let argv = [];
      if (options.argv) {
        validateArray(options.argv, 'options.argv');
        argv = options.argv.map(String);
      }
      // lib/internal/worker.js: eval'd code, a file path or a file: URL.
      const isURL = typeof URL === 'function' && filename instanceof URL;
      let doEval = !!options.eval;
      if (options.eval) {
        if (typeof filename !== 'string') throw invalidArgValue('options.eval', options.eval, "must be false when 'filename' is not a string");
      } else if (isURL && filename.protocol === 'data:') {
        // Node's 'data-url' worker: the URL is imported as its main module.
        filename = `import ${JSON.stringify(filename.href)};`;
        doEval = true;
      } else if (isURL) {
        if (filename.protocol !== 'file:') throw nodeError(TypeError, 'ERR_INVALID_URL_SCHEME', 'The URL must be of scheme file');
        filename = internals.require('url').fileURLToPath(filename);
      } else if (typeof filename !== 'string') {
        throw invalidArgType('filename', ['string', 'URL'], filename);
      } else if (filename.startsWith('/') || /^\.\.?[\\/]/.test(filename)) {
        filename = internals.require('path').resolve(filename);
      } else {
        const hint = (filename.startsWith('file://') ? ' Wrap file:// URLs with `new URL`.' : '')
          + (filename.startsWith('data:text/javascript') ? ' Wrap data: URLs with `new URL`.' : '');
        throw nodeError(TypeError, 'ERR_WORKER_PATH', `The worker script or module filename must be an absolute path or a relative path starting with './' or '../'.${hint} Received "${filename}"`);
      }
      // Node: the worker's process.env is a copy of options.env, or of the
      // parent's process.env, taken now.
      let source;
      if (options.env !== null && typeof options.env === 'object') source = options.env;
      else if (options.env === undefined || options.env === null) source = process.env;
      else if (options.env !== SHARE_ENV) throw invalidArgType('options.env', ['object', 'undefined', 'null', 'worker_threads.SHARE_ENV'], options.env);
      // null: the worker shares this thread's process.env (SHARE_ENV).
      let env = null;
      if (source !== undefined) {
        const copy = {};
        for (const key of Object.keys(source)) copy[key] = `${source[key]}`;
        env = JSON.stringify(copy);
      }
      // Worker::New: invalid execArgv options, then (for an `env` given,
      // when its NODE_OPTIONS is not the process's own) invalid NODE_OPTIONS.
      if (Array.isArray(options.execArgv)) {
        const [errors, invalid] = parseWorkerOptions(options.execArgv.map(String), false);
        if (errors.length > 0 || invalid.length > 0) throw invalidExecArgv(errors.length > 0 ? errors : invalid);
      }
      if (source === options.env && source !== undefined && typeof source.NODE_OPTIONS === 'string' && source.NODE_OPTIONS !== process.env.NODE_OPTIONS) {
        const [errors] = parseWorkerOptions(splitNodeOptions(source.NODE_OPTIONS), true);
        if (errors.length > 0) throw invalidExecArgv(errors, 'invalid NODE_OPTIONS env variable');
      }
      let name = 'WorkerThread';
      if (options.name) {
        if (typeof options.name !== 'string') throw invalidArgType('options.name', 'string', options.name);
        name = options.name.trim();
      }
      this.#name = name;
      // lib/internal/worker.js parseResourceLimits: [old, young, codeRange,
      // stack] in MB, -1 where not given; the old generation at least 2.
      const rl = options.resourceLimits;
      const limit = (v) => (typeof v === 'number' ? v : -1);
      this.#limits = typeof rl === 'object' && rl !== null
        ? [typeof rl.maxOldGenerationSizeMb === 'number' ? Math.max(rl.maxOldGenerationSizeMb, 2) : -1, limit(rl.maxYoungGenerationSizeMb), limit(rl.codeRangeSizeMb), limit(rl.stackSizeMb)]
        : [-1, -1, -1, -1];
      // async_hooks: the thread's handle is a WORKER resource (Node's
      // WorkerImpl), made before its ports; hasRef() is undefined once the
      // handle is gone.
      this.#handle = { refed: true, closed: false, hasRef() { return this.closed ? undefined : this.refed; } };
      if (internals.asyncContext && internals.asyncContext.active) internals.asyncContext.init(this.#handle, 'WORKER');
      // Without `stdout: true` (`stderr: true`) the worker writes to the
      // program's output itself, and its stream here stays empty (made when
      // first asked for).
      this.#stdio = {
        stdin: options.stdin ? workerWritable(this) : null,
        stdout: options.stdout ? workerReadable() : null,
        stderr: options.stderr ? workerReadable() : null,
      };
      // The handle the worker's 'online', errors and output come through
      // (Node's kPort, made with WorkerImpl before the public channel).
      const eventPort = host.newPortId();
      host.portReceiving(eventPort, true);
      // The public channel: port1 here, port2 the worker's parentPort.
      const { port1, port2 } = new MessageChannel();
      const transfer = [port2];
      if (options.transferList) transfer.push(...options.transferList);
      if (internals.cwdCounter === null) internals.cwdCounter = new Uint32Array(new SharedArrayBuffer(4));
      const [record, buffers, ports] = serialize([options.workerData, port2, [...environmentData], internals.cwdCounter], transfer);
      this.#publicPort = port1;
      port1.on('message', (message) => this.emit('message', message));
      port1.on('messageerror', (error) => this.emit('messageerror', error));
      // Referenced while the Worker has 'message' listeners.
      port1.unref();
      this.on('newListener', (event) => { if (event === 'message' && this.listenerCount('message') === 0 && !this.#exited) port1.ref(); });
      this.on('removeListener', (event) => { if (event === 'message' && this.listenerCount('message') === 0 && !this.#exited) port1.unref(); });
      // The handle its exit comes through (Node's on_thread_finished_,
      // made when the thread starts).
      const exitPort = host.newPortId();
      host.portReceiving(exitPort, true);
      this.#handlePorts = [eventPort, exitPort];
      this.#id = host.createNodeWorker({
        eventPort, exitPort, resourceLimits: this.#limits,
        filename, eval: doEval, record, buffers, ports, name, env, argv,
        stdout: !!options.stdout, stderr: !!options.stderr, stdin: !!options.stdin,
        trackUnmanagedFds: !!(options.trackUnmanagedFds ?? true),
        execArgv: Array.isArray(options.execArgv) ? options.execArgv.map(String) : [],
      });
      workers.set(this.#id, this);
      process.nextTick(() => process.emit('worker', this));
    }
    get threadId() { return this.#exited ? -1 : this.#id; }
    get threadName() { return this.#exited ? null : this.#name; }
    get stdin() { return this.#stdio.stdin; }
    get stdout() { return this.#stream('stdout'); }
    get stderr() { return this.#stream('stderr'); }
    // Without `stdout: true` (`stderr: true`) the stream is made when first
    // asked for, flowing (Node pipes it to the program's output, which the
    // worker writes to itself): what the worker wrote that arrives from
    // then on comes to it too (the worker sends a copy of all of it).
    #stream(name) {
      if (this.#stdio[name] === null) {
        this.#stdio[name] = workerReadable();
        if (this.#exited) this.#stdio[name].push(null);
        else this.#stdio[name].resume();
      }
      return this.#stdio[name];
    }
    // The limits given (Node's makeResourceLimits); jsloop's engine has no
    // generations or code range of its own, so what was not given is 0.
    get resourceLimits() {
      if (this.#exited) return {};
      const [maxOld, maxYoung, codeRange, stack] = this.#limits.map((v) => (v < 0 ? 0 : v));
      return { maxYoungGenerationSizeMb: maxYoung, maxOldGenerationSizeMb: maxOld, codeRangeSizeMb: codeRange, stackSizeMb: stack };
    }
    postMessage(...args) {
      if (this.#exited) return;
      this.#publicPort.postMessage(...args);
    }
    // Resolves with the exit code once the worker has stopped; with
    // undefined if it had already exited. Node refs the worker while it waits.
    terminate(callback) {
      this.ref();
      if (typeof callback === 'function') {
        process.emitWarning('Passing a callback to worker.terminate() is deprecated. It returns a Promise instead.', 'DeprecationWarning', 'DEP0132');
        if (this.#exited) return Promise.resolve();
        this.once('exit', (exitCode) => callback(null, exitCode));
      }
      if (this.#exited) return Promise.resolve();
      host.terminateNodeWorker(this.#id);
      return new Promise((resolve) => { this.once('exit', resolve); });
    }
    async [Symbol.asyncDispose]() { await this.terminate(); }
    // https://nodejs.org/docs/latest-v24.x/api/worker_threads.html#workergetheapsnapshotoptions
    // The worker thread takes a snapshot of its own heap (v8.getHeapSnapshot
    // there) when it gets the request, in its poll phase; the promise
    // resolves with a readable stream of it.
    getHeapSnapshot(options) {
      internals.require('v8');
      internals.heapSnapshotOptions(options);
      return this.#request('heapSnapshot', options).then((text) => internals.heapSnapshotStream(text));
    }
    // A request to the worker thread (lib/internal/worker.js's kHandle
    // calls), answered by its thread with text.
    #request(op, options) {
      if (this.#exited) return Promise.reject(nodeError(Error, 'ERR_WORKER_NOT_RUNNING', 'Worker instance not running'));
      const [record, buffers, ports] = serialize([op, options === undefined ? null : { ...options }]);
      const request = host.postToThread(this.#id, record, buffers, ports, true);
      if (request === 0) return Promise.reject(nodeError(Error, 'ERR_WORKER_NOT_RUNNING', 'Worker instance not running'));
      return new Promise((resolve, reject) => {
        threadRequests.set(request, (code, text) => {
          this.#requests.delete(request);
          if (code === 0) resolve(text);
          else reject(nodeError(Error, 'ERR_WORKER_NOT_RUNNING', 'Worker instance not running'));
        });
        this.#requests.add(request);
      });
    }
    // https://nodejs.org/docs/latest-v24.x/api/worker_threads.html#workercpuusageprev
    cpuUsage(prev) {
      if (prev) {
        if (typeof prev !== 'object' || Array.isArray(prev)) throw invalidArgType('prev', 'Object', prev);
        internals.validateNumber(prev.user, 'prev.user', 0, Number.MAX_SAFE_INTEGER);
        internals.validateNumber(prev.system, 'prev.system', 0, Number.MAX_SAFE_INTEGER);
      }
      const current = this.#exited ? null : host.workerCpuUsage(this.#id);
      if (current === null || current === undefined) return Promise.reject(nodeError(Error, 'ERR_WORKER_NOT_RUNNING', 'Worker instance not running'));
      const [user, system] = current;
      return Promise.resolve(prev ? { user: user - prev.user, system: system - prev.system } : { user, system });
    }
    ref() {
      if (this.#exited) return;
      host.setWorkerRef(this.#id, true);
      this.#handle.refed = true;
      this.#publicPort.ref();
    }
    unref() {
      if (this.#exited) return;
      host.setWorkerRef(this.#id, false);
      this.#handle.refed = false;
      this.#publicPort.unref();
    }
    _event(kind, a, b) {
      switch (kind) {
        case 'online': this.emit('online'); break;
        case 'error': this.emit('error', rebuildError(deserialize(a, b)[0])); break;
        case 'stdio': {
          // A copy of output not piped, before the stream was asked for:
          // Node's stream had it piped to the program's output already.
          const s = this.#stdio[a === 2 ? 'stderr' : 'stdout'];
          if (s !== null) s.push(b);
          break;
        }
        case 'exit': {
          // Node's kOnExit: the messages the worker sent are emitted first.
          drainPort(this.#publicPort);
          this.#exited = true;
          workers.delete(this.#id);
          // Requests it never answered fail.
          for (const request of this.#requests) {
            const settle = threadRequests.get(request);
            threadRequests.delete(request);
            host.forgetRequest(request);
            settle(1);
          }
          this.removeAllListeners('message');
          this.removeAllListeners('messageerror');
          this.#publicPort.close();
          for (const id of this.#handlePorts) host.portClose(id);
          for (const s of [this.#stdio.stdout, this.#stdio.stderr]) if (s !== null && !s.readableEnded) s.push(null);
          this.emit('exit', a);
          this.removeAllListeners();
          // The handle closes after the exit callback (its close phase).
          setImmediate(() => {
            this.#handle.closed = true;
            const asyncContext = internals.asyncContext;
            if (asyncContext && asyncContext.active) asyncContext.destroy(this.#handle);
          });
          break;
        }
      }
    }
  }

  // ----------------------------------------------------- environment data
  // https://nodejs.org/docs/latest-v24.x/api/worker_threads.html#workersetenvironmentdatakey-value
  // A worker starts with a copy of its parent's.
  const environmentData = new Map();
  function setEnvironmentData(key, value) {
    if (value === undefined) environmentData.delete(key);
    else environmentData.set(key, value);
  }
  function getEnvironmentData(key) { return environmentData.get(key); }

  // -------------------------------------------------------- BroadcastChannel
  // https://nodejs.org/docs/latest-v24.x/api/worker_threads.html#class-broadcastchannel-extends-eventtarget
  // Each channel is a port of this thread (its messages come as any port's,
  // in the poll phase); the host knows every channel's port by name, in
  // every thread of the program. A message goes to each other channel of
  // the name, serialized for each.
  let EventTargetClass = null;
  const eventTarget = () => EventTargetClass || (EventTargetClass = internals.eventTargets().EventTarget);
  let BroadcastChannelClass = null;
  // Each BroadcastChannel's port (null once closed).
  const channelPorts = new WeakMap();
  function broadcastChannelClass() {
    if (BroadcastChannelClass) return BroadcastChannelClass;
    const kOn = Symbol('kOnHandlers');
    const invalidThis = () => nodeError(TypeError, 'ERR_INVALID_THIS', 'Value of "this" must be of type BroadcastChannel');
    const check = (self) => { if (!channelPorts.has(self)) throw invalidThis(); };
    class BroadcastChannel extends eventTarget() {
      #name; #port = null; #onMessage; #onMessageError;
      constructor(name) {
        if (arguments.length === 0) throw nodeError(TypeError, 'ERR_MISSING_ARGS', 'The "name" argument must be specified');
        if (typeof name === 'symbol') throw new TypeError('Cannot convert a Symbol value to a string');
        super();
        this.#name = `${name}`;
        this[kOn] = {};
        const port = newPort();
        this.#port = port;
        const MessageEvent = internals.global.MessageEvent;
        this.#onMessage = (data) => this.dispatchEvent(new MessageEvent('message', { data }));
        this.#onMessageError = (data) => this.dispatchEvent(new MessageEvent('messageerror', { data }));
        port.on('message', this.#onMessage);
        port.on('messageerror', this.#onMessageError);
        host.channelJoin(this.#name, portState.get(port).id);
        channelPorts.set(this, port);
      }
      get name() { check(this); return this.#name; }
      close() {
        check(this);
        if (this.#port === null) return;
        host.channelLeave(this.#name, portState.get(this.#port).id);
        // Messages already queued are not emitted any more.
        this.#port.off('message', this.#onMessage);
        this.#port.off('messageerror', this.#onMessageError);
        this.#port.close();
        this.#port = null;
        channelPorts.set(this, null);
      }
      postMessage(message) {
        check(this);
        if (arguments.length === 0) throw nodeError(TypeError, 'ERR_MISSING_ARGS', 'The "message" argument must be specified');
        if (this.#port === null) throw new DOMException('BroadcastChannel is closed.', 'InvalidStateError');
        const peers = host.channelPeers(this.#name, portState.get(this.#port).id);
        if (peers.length === 0) serialize(message);
        for (const peer of peers) {
          const [record, buffers, ports] = serialize(message);
          host.postToPort(peer, record, buffers, ports);
        }
      }
      ref() { check(this); if (this.#port !== null) this.#port.ref(); return this; }
      unref() { check(this); if (this.#port !== null) this.#port.unref(); return this; }
      [Symbol.for('nodejs.util.inspect.custom')](depth, options, inspect) {
        if (depth < 0) return 'BroadcastChannel';
        return `BroadcastChannel ${inspect({ name: this.#name, active: this.#port !== null }, { ...options, depth: options.depth == null ? null : options.depth - 1 })}`;
      }
    }
    for (const type of ['message', 'messageerror']) {
      Object.defineProperty(BroadcastChannel.prototype, `on${type}`, {
        enumerable: true, configurable: true,
        get() { return this[kOn][type]?.handler ?? null; },
        set(value) {
          const slot = this[kOn];
          if (slot[type]) { this.removeEventListener(type, slot[type]); slot[type] = undefined; }
          if (typeof value === 'function') {
            const wrapped = function (event) { return wrapped.handler.call(this, event); };
            wrapped.handler = value;
            slot[type] = wrapped;
            this.addEventListener(type, wrapped);
          }
        },
      });
    }
    return (BroadcastChannelClass = BroadcastChannel);
  }

  // ---------------------------------------------------- postMessageToThread
  // https://nodejs.org/docs/latest-v24.x/api/worker_threads.html#worker_threadspostmessagetothreadthreadid-value-transferlist-timeout
  // The message goes to the thread's process 'workerMessage' listeners; the
  // promise settles when that thread answers (or at the timeout).
  const threadRequests = new Map();
  const messagingError = (code) => (code === 2
    ? nodeError(Error, 'ERR_WORKER_MESSAGING_ERRORED', 'The destination thread threw an error while processing the message')
    : nodeError(Error, 'ERR_WORKER_MESSAGING_FAILED', 'Cannot find the destination thread or listener'));
  async function postMessageToThread(threadId, value, transferList, timeout) {
    if (typeof transferList === 'number' && typeof timeout === 'undefined') {
      timeout = transferList;
      transferList = [];
    }
    if (typeof timeout !== 'undefined') internals.validateNumber(timeout, 'timeout', 0);
    if (threadId === host.threadId) throw nodeError(Error, 'ERR_WORKER_MESSAGING_SAME_THREAD', 'Cannot sent a message to the same thread');
    const [record, buffers, ports] = serialize(value, transferListOf(transferList));
    const request = typeof threadId === 'number' ? host.postToThread(threadId, record, buffers, ports) : 0;
    if (request === 0) throw messagingError(1);
    return new Promise((resolve, reject) => {
      let timer = null;
      if (timeout !== undefined) {
        timer = setTimeout(() => {
          threadRequests.delete(request);
          host.forgetRequest(request);
          reject(nodeError(Error, 'ERR_WORKER_MESSAGING_TIMEOUT', 'Sending a message to another thread timed out'));
        }, timeout);
      }
      threadRequests.set(request, (code) => {
        if (timer !== null) clearTimeout(timer);
        if (code === 0) resolve();
        else reject(messagingError(code));
      });
    });
  }
  // A message from another thread's postMessageToThread.
  function threadMessage(source, request, record, buffers) {
    let code = 1;
    try {
      const [value] = deserialize(record, buffers);
      if (process.emit('workerMessage', value, source)) code = 0;
    } catch {
      code = 2;
    }
    host.replyToThread(request, code);
  }

  // A request from this worker's Worker object (its thread's parent).
  function threadRequest(request, record, buffers) {
    let text;
    try {
      const [[op]] = deserialize(record, buffers);
      if (op === 'heapSnapshot') {
        internals.require('v8');
        text = internals.heapSnapshotText();
      }
    } catch {}
    if (text === undefined) host.replyToThread(request, 2);
    else host.replyToThread(request, 0, text);
  }

  function workerResourceLimits() {
    const [maxOld, maxYoung, codeRange, stack] = (host.workerResourceLimits || [-1, -1, -1, -1]).map((v) => (v < 0 ? 0 : v));
    return { maxYoungGenerationSizeMb: maxYoung, maxOldGenerationSizeMb: maxOld, codeRangeSizeMb: codeRange, stackSizeMb: stack };
  }
  // What the Worker sent (its thread's start): workerData, the public port
  // (parentPort), the environment data.
  let parentPort = null;
  let workerData = null;
  if (!isMainThread && host.workerData !== null) {
    const [[data, port, envData, cwdCounter]] = deserialize(host.workerData[0], host.workerData[1]);
    internals.cwdCounter = cwdCounter;
    workerData = data;
    parentPort = port;
    for (const [k, v] of envData) environmentData.set(k, v);
  }

  // Events from the host: for a Worker object (in its parent), or for a
  // port of this thread.
  function dispatch(kind, id, a, b) {
    if (kind === 'port') { portMessage(id, a, b); return; }
    if (kind === 'port-value') { portValueMessage(id, a); return; }
    if (kind === 'port-close') { portClosed(id); return; }
    if (kind === 'stdin') {
      const { Buffer } = internals.require('buffer');
      stdinOfWorker().push(a === null ? null : Buffer.from(a[0]));
      return;
    }
    if (kind === 'thread-message') { threadMessage(id, a[0], a[1], a[2]); return; }
    if (kind === 'thread-request') { threadRequest(a[0], a[1], a[2]); return; }
    if (kind === 'locks') { internals.locks().processQueue(); return; }
    if (kind === 'thread-reply') {
      const settle = threadRequests.get(id);
      if (settle) { threadRequests.delete(id); settle(a, b); }
      return;
    }
    const worker = workers.get(id);
    if (worker) worker._event(kind, a, b);
  }

  // (Its exports in Node 24's order, all data properties: lib/worker_threads.js.)
  const module = {
    // A loader or other internal thread of Node's own: never a program's.
    isInternalThread: false,
    isMainThread,
    MessagePort,
    MessageChannel,
    markAsUncloneable(obj) { if (isObjectLike(obj)) uncloneable.add(obj); },
    markAsUntransferable(obj) { if (isObjectLike(obj)) untransferable.add(obj); },
    isMarkedAsUntransferable(obj) { return isObjectLike(obj) && untransferable.has(obj); },
    moveMessagePortToContext,
    receiveMessageOnPort,
    // In a worker: the limits its Worker was made with.
    resourceLimits: isMainThread ? {} : workerResourceLimits(),
    postMessageToThread,
    threadId: host.threadId,
    threadName: host.threadName,
    SHARE_ENV,
    Worker,
    parentPort,
    workerData,
    BroadcastChannel: broadcastChannelClass(),
    setEnvironmentData,
    getEnvironmentData,
    // The Web Locks API's LockManager (navigator.locks; node/locks.js).
    locks: internals.locks().locks,
  };
  // structuredClone(value, { transfer }): serialize and deserialize here.
  function structuredClone(value, options) {
    if (arguments.length === 0) throw nodeError(TypeError, 'ERR_MISSING_ARGS', 'The "value" argument must be specified');
    const [record, buffers] = serialize(value, options && options.transfer);
    return deserialize(record, buffers.map((b) => b))[0];
  }
  // A worker's eval'd code (Node's evalScript): module, exports, require,
  // __filename and __dirname as globals, the code run as a script.
  function runEval(source) {
    const Module = internals.require('module');
    const filename = '[worker eval]';
    const m = new Module(filename, null);
    m.filename = `${internals.cwd()}/${filename}`;
    m.paths = Module._nodeModulePaths(internals.cwd());
    const g = internals.global;
    g.module = m;
    g.exports = m.exports;
    g.__filename = filename;
    g.__dirname = '.';
    g.require = (id) => m.require(id);
    Object.assign(g.require, { resolve: (id, o) => Module._resolveFilename(id, m, false, o), cache: Module._cache, main: undefined });
    internals.require('vm').runInThisContext(source, { filename });
  }
  // A worker's uncaught error, for its Worker's 'error' event (Node's
  // lib/internal/error_serdes.js): an Error keeps its class (by name), its
  // message, its stack (undefined if reading it threw) and its own
  // enumerable properties (`code`, …); anything else is sent as it is.
  const ERROR_CLASSES = { Error, EvalError, RangeError, ReferenceError, SyntaxError, TypeError, URIError };
  function serializeError(error) {
    if (error instanceof Error) {
      const read = (f) => { try { return f(); } catch { return undefined; } };
      const props = {};
      for (const key of read(() => Object.keys(error)) || []) {
        const value = read(() => error[key]);
        try { serialize(value); props[key] = value; } catch {}
      }
      const payload = {
        jsloopError: true,
        name: read(() => error.name),
        ctor: read(() => error.constructor && error.constructor.name),
        message: read(() => error.message),
        // V8 makes the stack when it is first read, and a throwing
        // Error.prepareStackTrace makes that read throw (undefined here);
        // QuickJS makes it with the error and keeps null when
        // prepareStackTrace threw (quickjs.c build_backtrace).
        stack: read(() => error.stack) ?? undefined,
        props,
      };
      return serialize(payload);
    }
    try { return serialize(error); } catch { return serialize(String(error)); }
  }
  function rebuildError(value) {
    if (value === null || typeof value !== 'object' || value.jsloopError !== true) return value;
    const C = ERROR_CLASSES[value.ctor] || ERROR_CLASSES[value.name] || Error;
    // One of Node's own errors the host made for the parent (the worker's
    // ERR_WORKER_OUT_OF_MEMORY): a NodeError, as Node makes it there.
    if (value.nodeError === true && value.props && value.props.code) return nodeError(C, value.props.code, value.message);
    const error = Object.create(C.prototype);
    Object.defineProperty(error, 'message', { value: value.message === undefined ? '' : `${value.message}`, writable: true, configurable: true });
    Object.defineProperty(error, 'stack', { value: value.stack, writable: true, configurable: true });
    if (value.name !== undefined && value.name !== C.prototype.name) Object.defineProperty(error, 'name', { value: value.name, writable: true, configurable: true });
    Object.assign(error, value.props);
    return error;
  }
  return { module, dispatch, serialize, serializeError, structuredClone, runEval, stdinOfWorker };
})
