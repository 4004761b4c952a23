// jsloop glue 10: the browser global. Events, timers, messaging, structured
// clone, error reporting. Scheduling lives in Rust (the core); this file only
// converts arguments and calls the host functions.
(function (host, g, con) {
  'use strict';
  // The globals ECMAScript defined, before the glue defines the platform's
  // (less the platform's the host defined before the glue runs).
  const ECMASCRIPT_GLOBALS = new Set(Object.getOwnPropertyNames(g));
  for (const name of ['queueMicrotask', 'DOMException', 'atob', 'btoa', 'performance', 'console']) ECMASCRIPT_GLOBALS.delete(name);
  // The global's interface, as messages name it.
  const GLOBAL_NAME = host.isWorker ? 'WorkerGlobalScope' : 'Window';
  const GLUE = /jsloop:glue/;
  // Whether the trace is on (for the whole session).
  const TRACING = host.tracing;

  // Where the script called us from ("file.js:12:5"), for the trace only.
  function callerOrigin() {
    if (!host.tracing) return undefined;
    const lines = String(new Error().stack).split('\n');
    for (const l of lines) {
      if (!l.trim() || GLUE.test(l)) continue;
      const m = /\(?([^\s()]+:\d+:\d+)\)?\s*$/.exec(l);
      if (m) return m[1];
    }
    return undefined;
  }

  // This window's navigable: its parent's window and container (an iframe
  // element of the parent's document) when it is an iframe's, and its
  // document-tree child navigables' windows (30_page.js keeps them).
  // https://html.spec.whatwg.org/multipage/document-sequences.html#navigables
  const navigable = { parent: null, container: null, children: [] };
  // Sets the windows window[0], window[1], … (the document-tree child
  // navigables, https://html.spec.whatwg.org/multipage/nav-history-apis.html#the-windowproxy-exotic-object).
  function setChildNavigables(list) {
    const before = navigable.children.length;
    navigable.children = list;
    for (let i = list.length; i < before; i++) delete g[i];
    for (let i = 0; i < list.length; i++) {
      Object.defineProperty(g, i, { get: () => navigable.children[i], enumerable: true, configurable: true });
    }
  }
  function define(obj, props) {
    for (const k of Object.keys(props)) {
      Object.defineProperty(obj, k, { value: props[k], writable: true, configurable: true, enumerable: false });
    }
  }

  // ---------------------------------------------------------------- DOMException
  // https://webidl.spec.whatwg.org/#idl-DOMException
  const CODES = {
    IndexSizeError: 1, HierarchyRequestError: 3, WrongDocumentError: 4, InvalidCharacterError: 5,
    NoModificationAllowedError: 7, NotFoundError: 8, NotSupportedError: 9, InvalidStateError: 11,
    SyntaxError: 12, InvalidModificationError: 13, NamespaceError: 14, InvalidAccessError: 15,
    TypeMismatchError: 17, SecurityError: 18, NetworkError: 19, AbortError: 20, URLMismatchError: 21,
    QuotaExceededError: 22, TimeoutError: 23, InvalidNodeTypeError: 24, DataCloneError: 25,
  };
  class DOMException extends Error {
    #name; #message;
    constructor(message = '', name = 'Error') {
      super(String(message));
      this.#message = String(message);
      this.#name = String(name);
    }
    get name() { return this.#name; }
    get message() { return this.#message; }
    get code() { return CODES[this.#name] || 0; }
  }
  // https://webidl.spec.whatwg.org/#idl-DOMException: the legacy code
  // constants, in the IDL's order, each its position (INDEX_SIZE_ERR 1 to
  // DATA_CLONE_ERR 25). Four have no error name of their own
  // (DOMSTRING_SIZE_ERR, NO_DATA_ALLOWED_ERR, INUSE_ATTRIBUTE_ERR,
  // VALIDATION_ERR), and URL_MISMATCH_ERR is spelled with its underscore.
  const CONSTANTS = [
    'INDEX_SIZE_ERR', 'DOMSTRING_SIZE_ERR', 'HIERARCHY_REQUEST_ERR', 'WRONG_DOCUMENT_ERR', 'INVALID_CHARACTER_ERR',
    'NO_DATA_ALLOWED_ERR', 'NO_MODIFICATION_ALLOWED_ERR', 'NOT_FOUND_ERR', 'NOT_SUPPORTED_ERR', 'INUSE_ATTRIBUTE_ERR',
    'INVALID_STATE_ERR', 'SYNTAX_ERR', 'INVALID_MODIFICATION_ERR', 'NAMESPACE_ERR', 'INVALID_ACCESS_ERR',
    'VALIDATION_ERR', 'TYPE_MISMATCH_ERR', 'SECURITY_ERR', 'NETWORK_ERR', 'ABORT_ERR', 'URL_MISMATCH_ERR',
    'QUOTA_EXCEEDED_ERR', 'TIMEOUT_ERR', 'INVALID_NODE_TYPE_ERR', 'DATA_CLONE_ERR',
  ];
  for (let i = 0; i < CONSTANTS.length; i++) {
    // (Web IDL: a constant is on the interface object and on its
    // interface prototype object.)
    Object.defineProperty(DOMException, CONSTANTS[i], { value: i + 1, enumerable: true });
    Object.defineProperty(DOMException.prototype, CONSTANTS[i], { value: i + 1, enumerable: true });
  }

  // ---------------------------------------------------------------- Events
  // https://dom.spec.whatwg.org/#interface-event
  // The state of every Event: its flags, its path, its targets, in a
  // private field of the Event, or for a message event the host fired in
  // the host until first read (stateOf reads either). Other glue
  // (20_dom.js) reaches it through eventInternals().
  // The fields of an event's state, an array (made in one step, where an
  // object with this many properties is made one property at a time).
  const TYPE = 0, BUBBLES = 1, CANCELABLE = 2, COMPOSED = 3, TARGET = 4, RELATED_TARGET = 5, CURRENT_TARGET = 6, EVENT_PHASE = 7, PATH = 8, CANCELED = 9, STOP = 10, STOP_IMMEDIATE = 11, DISPATCHING = 12, INITIALIZED = 13, IN_PASSIVE = 14, IS_TRUSTED = 15, TIME_STAMP = 16;
  let stateOf;
  // An event's path between dispatches: always empty (a dispatch starts from
  // it and sets it back), so one frozen list serves every event; a dispatch
  // that builds a path makes its own.
  const EMPTY_PATH = Object.freeze([]);
  function newState(type, init, isTrusted) {
    // type, bubbles, cancelable, composed, target, relatedTarget, currentTarget, eventPhase, path,
    // canceled, stop, stopImmediate, dispatching, initialized, inPassive, isTrusted, timeStamp
    return [
      String(type), !!init.bubbles, !!init.cancelable, !!init.composed, null, null, null, 0, EMPTY_PATH,
      false, false, false, false, true, false, isTrusted, host.now(),
    ];
  }
  // "N argument(s) required" as Chromium words it for a constructor.
  function constructorArity(target) {
    return new TypeError(`Failed to construct '${target.name}': 1 argument required, but only 0 present.`);
  }
  // The state of the next event the user agent creates (see MessageEvent):
  // set just before, taken by the constructor.
  let uaState = null;
  class Event {
    #s;
    constructor(type, init = undefined) {
      if (uaState !== null) {
        this.#s = uaState;
        uaState = null;
      } else {
        if (arguments.length === 0) throw constructorArity(new.target);
        if (init !== undefined && init !== null && typeof init !== 'object' && typeof init !== 'function') {
          throw new TypeError(`Failed to construct '${new.target.name}': The provided value is not of type '${new.target.name}Init'.`);
        }
        // https://dom.spec.whatwg.org/#inner-event-creation-steps (isTrusted false, initialized)
        this.#s = newState(type, init || {}, false);
      }
      // isTrusted is [LegacyUnforgeable]: an own accessor of every event,
      // the same getter function on each (enumerable, not configurable).
      host.defineIsTrusted(this, IS_TRUSTED_GETTER);
    }
    // (An event the host fired itself, browser/message_event.rs, has no
    // private field: its state is the array host.materializeEvent makes
    // from the host's state when it is first read, the same array after.
    // For any other value, the private field's read and its TypeError.)
    static {
      stateOf = (event) => {
        if (typeof event === 'object' && event !== null && !(#s in event)) {
          const s = host.materializeEvent(event);
          if (s !== undefined) return s;
        }
        return event.#s;
      };
    }
    get type() { return stateOf(this)[TYPE]; }
    get target() { return stateOf(this)[TARGET]; }
    get srcElement() { return stateOf(this)[TARGET]; }
    get currentTarget() { return stateOf(this)[CURRENT_TARGET]; }
    get eventPhase() { return stateOf(this)[EVENT_PHASE]; }
    get bubbles() { return stateOf(this)[BUBBLES]; }
    get cancelable() { return stateOf(this)[CANCELABLE]; }
    get composed() { return stateOf(this)[COMPOSED]; }
    get defaultPrevented() { return stateOf(this)[CANCELED]; }
    get returnValue() { return !stateOf(this)[CANCELED]; }
    set returnValue(v) { if (!v) setCanceledFlag(stateOf(this)); }
    get cancelBubble() { return stateOf(this)[STOP]; }
    set cancelBubble(v) { if (v) stateOf(this)[STOP] = true; }
    get timeStamp() { return stateOf(this)[TIME_STAMP]; }
    // https://dom.spec.whatwg.org/#dom-event-composedpath
    composedPath() {
      const s = stateOf(this);
      // Step 1-2. Let composedPath be an empty list; let path be this's path.
      const composedPath = [];
      const path = s[PATH];
      // Step 3. If path is empty, then return composedPath.
      if (path.length === 0) return composedPath;
      // Step 4. Let currentTarget be this's currentTarget attribute value.
      const currentTarget = s[CURRENT_TARGET];
      // Step 6. Append currentTarget to composedPath.
      composedPath.push(currentTarget);
      // Step 7-8. Let currentTargetIndex and currentTargetHiddenSubtreeLevel be 0.
      let currentTargetIndex = 0;
      let currentTargetHiddenSubtreeLevel = 0;
      // Step 9-10. From the last struct of path back to the one of currentTarget:
      for (let index = path.length - 1; index >= 0; index--) {
        // Step 10.1. If path[index]'s root-of-closed-tree is true, then increase currentTargetHiddenSubtreeLevel by 1.
        if (path[index].rootOfClosedTree) currentTargetHiddenSubtreeLevel++;
        // Step 10.2. If path[index]'s invocation target is currentTarget, then set currentTargetIndex to index and break.
        if (path[index].invocationTarget === currentTarget) { currentTargetIndex = index; break; }
        // Step 10.3. If path[index]'s slot-in-closed-tree is true, then decrease currentTargetHiddenSubtreeLevel by 1.
        if (path[index].slotInClosedTree) currentTargetHiddenSubtreeLevel--;
      }
      // Step 11. Let currentHiddenLevel and maxHiddenLevel be currentTargetHiddenSubtreeLevel.
      let currentHiddenLevel = currentTargetHiddenSubtreeLevel;
      let maxHiddenLevel = currentTargetHiddenSubtreeLevel;
      // Step 12-13. From currentTargetIndex - 1 down to 0:
      for (let index = currentTargetIndex - 1; index >= 0; index--) {
        // Step 13.1. If path[index]'s root-of-closed-tree is true, then increase currentHiddenLevel by 1.
        if (path[index].rootOfClosedTree) currentHiddenLevel++;
        // Step 13.2. If currentHiddenLevel is less than or equal to maxHiddenLevel, then prepend path[index]'s invocation target.
        if (currentHiddenLevel <= maxHiddenLevel) composedPath.unshift(path[index].invocationTarget);
        // Step 13.3. If path[index]'s slot-in-closed-tree is true: decrease currentHiddenLevel by 1,
        // and lower maxHiddenLevel to it.
        if (path[index].slotInClosedTree) {
          currentHiddenLevel--;
          if (currentHiddenLevel < maxHiddenLevel) maxHiddenLevel = currentHiddenLevel;
        }
      }
      // Step 14. Set currentHiddenLevel and maxHiddenLevel to currentTargetHiddenSubtreeLevel.
      currentHiddenLevel = currentTargetHiddenSubtreeLevel;
      maxHiddenLevel = currentTargetHiddenSubtreeLevel;
      // Step 15-16. From currentTargetIndex + 1 up to the end of path:
      for (let index = currentTargetIndex + 1; index < path.length; index++) {
        // Step 16.1. If path[index]'s slot-in-closed-tree is true, then increase currentHiddenLevel by 1.
        if (path[index].slotInClosedTree) currentHiddenLevel++;
        // Step 16.2. If currentHiddenLevel is less than or equal to maxHiddenLevel, then append path[index]'s invocation target.
        if (currentHiddenLevel <= maxHiddenLevel) composedPath.push(path[index].invocationTarget);
        // Step 16.3. If path[index]'s root-of-closed-tree is true: decrease currentHiddenLevel by 1,
        // and lower maxHiddenLevel to it.
        if (path[index].rootOfClosedTree) {
          currentHiddenLevel--;
          if (currentHiddenLevel < maxHiddenLevel) maxHiddenLevel = currentHiddenLevel;
        }
      }
      // Step 17. Return composedPath.
      return composedPath;
    }
    stopPropagation() { stateOf(this)[STOP] = true; }
    stopImmediatePropagation() { const s = stateOf(this); s[STOP] = true; s[STOP_IMMEDIATE] = true; }
    preventDefault() { setCanceledFlag(stateOf(this)); }
    // https://dom.spec.whatwg.org/#dom-event-initevent
    initEvent(type, bubbles = false, cancelable = false) {
      if (arguments.length === 0) throw new TypeError("Failed to execute 'initEvent' on 'Event': 1 argument required, but only 0 present.");
      const s = stateOf(this);
      // Step 1. If this's dispatch flag is set, then return.
      if (s[DISPATCHING]) return;
      // Step 2. Initialize this with type, bubbles, and cancelable.
      s[INITIALIZED] = true; s[STOP] = false; s[STOP_IMMEDIATE] = false; s[CANCELED] = false;
      s[IS_TRUSTED] = false; s[TARGET] = null;
      s[TYPE] = String(type); s[BUBBLES] = !!bubbles; s[CANCELABLE] = !!cancelable;
    }
  }
  const IS_TRUSTED_GETTER = Object.getOwnPropertyDescriptor({ get isTrusted() { return stateOf(this)[IS_TRUSTED]; } }, 'isTrusted').get;
  // https://dom.spec.whatwg.org/#set-the-canceled-flag
  function setCanceledFlag(s) {
    if (s[CANCELABLE] && !s[IN_PASSIVE]) s[CANCELED] = true;
  }
  for (const [k, v] of Object.entries({ NONE: 0, CAPTURING_PHASE: 1, AT_TARGET: 2, BUBBLING_PHASE: 3 })) {
    Object.defineProperty(Event, k, { value: v, enumerable: true });
    Object.defineProperty(Event.prototype, k, { value: v, enumerable: true });
  }

  class CustomEvent extends Event {
    #detail;
    constructor(type, init = undefined) { if (arguments.length === 0) throw constructorArity(new.target); super(type, init); init = init || {}; this.#detail = init.detail === undefined ? null : init.detail; }
    get detail() { return this.#detail; }
    // https://dom.spec.whatwg.org/#dom-customevent-initcustomevent
    initCustomEvent(type, bubbles = false, cancelable = false, detail = null) {
      if (arguments.length === 0) throw new TypeError("Failed to execute 'initCustomEvent' on 'CustomEvent': 1 argument required, but only 0 present.");
      // Step 1. If this's dispatch flag is set, then return.
      if (stateOf(this)[DISPATCHING]) return;
      // Step 2. Initialize this with type, bubbles, and cancelable.
      this.initEvent(type, bubbles, cancelable);
      // Step 3. Set this's detail attribute to detail.
      this.#detail = detail;
    }
  }
  class ErrorEvent extends Event {
    #i;
    constructor(type, init = undefined) {
      if (arguments.length === 0) throw constructorArity(new.target);
      super(type, init);
      init = init || {};
      this.#i = { message: String(init.message ?? ''), filename: String(init.filename ?? ''), lineno: init.lineno >>> 0, colno: init.colno >>> 0, error: init.error };
    }
    get message() { return this.#i.message; }
    get filename() { return this.#i.filename; }
    get lineno() { return this.#i.lineno; }
    get colno() { return this.#i.colno; }
    get error() { return this.#i.error; }
  }
  // A MessageEvent's own fields, after Event's in its state array (one
  // array per event, made in one step for a message the user agent
  // creates: see newMessageEvent).
  const DATA = 17, ORIGIN = 18, LAST_EVENT_ID = 19, SOURCE = 20, PORTS = 21, MESSAGE_STATE_LENGTH = 22;
  // The state of a MessageEvent (this of its attributes and methods): a
  // TypeError for any other object, as for a private field it lacks.
  function messageStateOf(event) {
    const s = stateOf(event);
    if (s.length !== MESSAGE_STATE_LENGTH) throw new TypeError('Illegal invocation');
    return s;
  }
  // (Reflect.construct as the glue found it.)
  const construct = Reflect.construct;
  const NO_ARGUMENTS = Object.freeze([]);
  let messageEventProbe;
  class MessageEvent extends Event {
    // (Its state is Event's, with data, origin, lastEventId, source and
    // ports at DATA to PORTS: no field of its own, so that the user agent
    // makes its messages with Event's constructor alone; see newMessageEvent.)
    constructor(type, init = undefined) {
      if (arguments.length === 0) throw constructorArity(new.target);
      super(type, init);
      init = init || {};
      const s = stateOf(this);
      s[DATA] = 'data' in init ? init.data : null;
      s[ORIGIN] = String(init.origin ?? '');
      s[LAST_EVENT_ID] = String(init.lastEventId ?? '');
      s[SOURCE] = init.source ?? null;
      s[PORTS] = Object.freeze(init.ports === undefined || init.ports === null ? [] : [...init.ports]);
    }
    get data() { return messageStateOf(this)[DATA]; }
    get origin() { return messageStateOf(this)[ORIGIN]; }
    get lastEventId() { return messageStateOf(this)[LAST_EVENT_ID]; }
    get source() { return messageStateOf(this)[SOURCE]; }
    // QuickJS frees an object's shape with the last object that has it and
    // makes it again for the next one, so a program that handles one message
    // at a time (a ping-pong) paid for every shape a MessageEvent goes
    // through, per message. These events, never handed out, keep those
    // shapes alive (a private field can only be added by its class's own
    // constructor, so they are made by the constructors: the bare object,
    // then Event's fields).
    static #shapes = [Object.create(this.prototype), construct(Event, ['message'], this)];
    static { messageEventProbe = this.#shapes[1]; }
    // (A user agent's message with no ports makes its frozen array when it is first read.)
    get ports() { const s = messageStateOf(this); if (s[PORTS] === null) s[PORTS] = Object.freeze([]); return s[PORTS]; }
    // https://html.spec.whatwg.org/multipage/comms.html#dom-messageevent-initmessageevent
    initMessageEvent(type, bubbles = false, cancelable = false, data = null, origin = '', lastEventId = '', source = null, ports = []) {
      if (arguments.length === 0) throw new TypeError("Failed to execute 'initMessageEvent' on 'MessageEvent': 1 argument required, but only 0 present.");
      const s = messageStateOf(this);
      if (s[DISPATCHING]) return;
      this.initEvent(type, bubbles, cancelable);
      const fields = [data, String(origin), String(lastEventId), source ?? null, Object.freeze([...(ports ?? [])])];
      s[DATA] = fields[0]; s[ORIGIN] = fields[1]; s[LAST_EVENT_ID] = fields[2]; s[SOURCE] = fields[3]; s[PORTS] = fields[4];
    }
  }
  // The data getter as a raw C function (browser/port_post.rs: the getter
  // above is its fallback), which reads the state's array.
  {
    const d = Object.getOwnPropertyDescriptor(MessageEvent.prototype, 'data');
    const get = host.nativeDataGetter(messageEventProbe, d.get);
    Object.defineProperty(MessageEvent.prototype, 'data', { get, set: undefined, enumerable: d.enumerable, configurable: d.configurable });
    if (typeof host.stackFrameless === 'function') host.stackFrameless(get);
  }
  // The state of a "message" MessageEvent the user agent creates: the inner
  // event creation steps with no dictionary (newState(type, {}, isTrusted)),
  // and the values of its attributes, already what they return (no
  // dictionary is made or read; ports with none: null until first read).
  function messageState(type, isTrusted, data, origin, source, ports) {
    return [type, false, false, false, null, null, null, 0, EMPTY_PATH, false, false, false, false, true, false, isTrusted, host.now(),
      data, origin, '', source, ports.length === 0 ? null : Object.freeze(ports.slice())];
  }
  // A "message" MessageEvent the user agent creates (a worker's message,
  // window.postMessage): a MessageEvent made by Event's constructor with the
  // whole state (MessageEvent's constructor adds nothing to it).
  function newMessageEvent(data, ports, origin = '', source = null) {
    uaState = messageState('message', false, data, origin, source, ports);
    return construct(Event, NO_ARGUMENTS, MessageEvent);
  }
  class PromiseRejectionEvent extends Event {
    #i;
    constructor(type, init) {
      if (arguments.length === 0) throw constructorArity(new.target);
      super(type, init);
      if (!init || !('promise' in init)) throw new TypeError("Failed to construct 'PromiseRejectionEvent': Failed to read the 'promise' property from 'PromiseRejectionEventInit': Required member is undefined.");
      this.#i = { promise: init.promise, reason: init.reason };
    }
    get promise() { return this.#i.promise; }
    get reason() { return this.#i.reason; }
  }

  // https://websockets.spec.whatwg.org/#the-closeevent-interface
  // (jsloop has no WebSocket; the event interface is there for script, as
  // on windows and workers in browsers.)
  class CloseEvent extends Event {
    #i;
    constructor(type, eventInitDict = undefined) {
      if (arguments.length === 0) throw constructorArity(new.target);
      super(type, eventInitDict);
      // CloseEventInit's members (after EventInit's), in lexicographic
      // order: code (unsigned short, 0), reason (USVString, ""), wasClean
      // (boolean, false).
      const o = eventInitDict ?? {};
      const code = o.code;
      const reason = o.reason;
      const wasClean = o.wasClean;
      this.#i = {
        // https://webidl.spec.whatwg.org/#es-unsigned-short: ToNumber, then modulo 2^16.
        code: code === undefined ? 0 : ((Math.trunc(Number(code)) % 65536) + 65536) % 65536 || 0,
        // https://webidl.spec.whatwg.org/#es-USVString: lone surrogates become U+FFFD.
        reason: reason === undefined ? '' : String(reason).toWellFormed(),
        wasClean: wasClean === undefined ? false : !!wasClean,
      };
    }
    get wasClean() { return this.#i.wasClean; }
    get code() { return this.#i.code; }
    get reason() { return this.#i.reason; }
  }

  // Hooks the DOM glue (20_dom.js) fills in: how a node finds its parent for
  // an event path, which targets have activation behavior, where listeners
  // are passive by default, and the scope of an event handler attribute.
  const hooks = {
    // https://dom.spec.whatwg.org/#get-the-parent (an EventTarget's default: null)
    getTheParent: (target, event) => null,
    // https://dom.spec.whatwg.org/#eventtarget-activation-behavior: null or
    // { activation(event), legacyPreActivation(event), legacyCanceledActivation(event) }
    activationBehavior: (target) => null,
    // https://dom.spec.whatwg.org/#default-passive-value (for touch and wheel types)
    isDefaultPassiveTarget: (target) => target === g,
    // https://html.spec.whatwg.org/multipage/webappapis.html#getting-the-current-value-of-the-event-handler
    compileHandler: (target, name, source) => new Function(name === 'onerror' && target === g ? 'event, source, lineno, colno, error' : 'event', source),
    // Whether an event is a MouseEvent (isActivationEvent).
    isMouseEvent: (event) => false,
    // Shadow trees (20_dom.js fills these in; with no shadow root in the
    // realm every answer is the default one, and dispatch asks nothing else).
    // https://dom.spec.whatwg.org/#retarget
    retarget: (a, b) => a,
    // Whether target is a node whose root is a shadow root.
    inShadowTree: (target) => false,
    // Whether target is a shadow root whose mode is "closed".
    isClosedShadowRoot: (target) => false,
    // Whether target is a node whose root is a shadow root whose mode is "closed".
    rootIsClosedShadowRoot: (target) => false,
    // Whether target is a slottable that is assigned (#concept-slotable-assigned).
    isAssigned: (target) => false,
    // Step 5.9.5 of dispatch: parent is a Window, or a node and target's root
    // is a shadow-including inclusive ancestor of parent.
    inTreeOf: (target, parent) => true,
  };

  // https://dom.spec.whatwg.org/#interface-eventtarget
  const listenersOf = new WeakMap();
  // Set once the host fires a port's messages itself (firePortMessage,
  // port_fire.rs): from then on every change to a listener list or to an
  // event handler's value is told to the host (host.portFireChanged), which
  // then leaves a port whose list or handler it is to the glue.
  let hostFiresPorts = false;
  function listeners(target) {
    let l = listenersOf.get(target);
    if (!l) { l = []; listenersOf.set(target, l); }
    return l;
  }
  // https://dom.spec.whatwg.org/#concept-flatten-options
  // (Web IDL's union (EventListenerOptions or boolean): null and undefined
  // are the dictionary, objects too; any other value converts to boolean.)
  function flatten(options) {
    if (options === undefined || options === null) return {};
    return typeof options === 'object' || typeof options === 'function' ? options : { capture: !!options };
  }
  // https://dom.spec.whatwg.org/#concept-flatten-more
  function flattenMore(options) {
    const o = flatten(options);
    const r = { capture: !!o.capture, once: !!o.once, passive: o.passive === undefined ? null : !!o.passive, signal: null };
    if (o.signal !== undefined) {
      if (!(o.signal instanceof AbortSignal)) throw new TypeError("Failed to execute 'addEventListener' on 'EventTarget': Failed to read the 'signal' property from 'AddEventListenerOptions': Failed to convert value to 'AbortSignal'.");
      r.signal = o.signal;
    }
    return r;
  }
  // https://dom.spec.whatwg.org/#default-passive-value
  function defaultPassiveValue(type, target) {
    return (type === 'touchstart' || type === 'touchmove' || type === 'wheel' || type === 'mousewheel') && hooks.isDefaultPassiveTarget(target);
  }
  // https://dom.spec.whatwg.org/#add-an-event-listener
  function addAnEventListener(target, listener) {
    // Step 2. If listener's signal is not null and is aborted, then return.
    if (listener.signal !== null && signalState.get(listener.signal).aborted) return;
    // Step 3. If listener's callback is null, then return.
    if (listener.callback === null) return;
    // Step 4. If listener's passive is null, then set it to the default passive value.
    if (listener.passive === null) listener.passive = defaultPassiveValue(listener.type, target);
    // Step 5. Append listener if no listener with the same type, callback and capture is there.
    const list = listeners(target);
    if (!list.some((e) => e.type === listener.type && e.callback === listener.callback && e.capture === listener.capture)) {
      list.push(listener);
      if (hostFiresPorts) host.portFireChanged(list);
    }
    // Step 6. If listener's signal is not null, then add the following abort
    // steps to it: remove an event listener with eventTarget and listener.
    if (listener.signal !== null) signalState.get(listener.signal).algorithms.push(() => removeAnEventListener(target, listener));
  }
  // https://dom.spec.whatwg.org/#remove-an-event-listener
  function removeAnEventListener(target, listener) {
    // Step 2. Set listener's removed to true and remove listener from the list.
    listener.removed = true;
    const list = listeners(target);
    const i = list.indexOf(listener);
    if (i >= 0) {
      list.splice(i, 1);
      if (hostFiresPorts) host.portFireChanged(list);
    }
  }
  class EventTarget {
    // https://dom.spec.whatwg.org/#dom-eventtarget-addeventlistener
    addEventListener(type, callback, options = undefined) {
      if (arguments.length < 2) throw new TypeError(`Failed to execute 'addEventListener' on 'EventTarget': 2 arguments required, but only ${arguments.length} present.`);
      if (callback !== null && callback !== undefined && typeof callback !== 'function' && typeof callback !== 'object') throw new TypeError("Failed to execute 'addEventListener' on 'EventTarget': parameter 2 is not of type 'Object'.");
      // Step 1. Let capture, passive, once, and signal be the result of flattening more options.
      const o = flattenMore(options);
      // Step 2. Add an event listener with this and an event listener whose type is
      // type, callback is callback, capture is capture, passive is passive, once is once, and signal is signal.
      addAnEventListener(this ?? g, { type: String(type), callback: callback ?? null, capture: o.capture, passive: o.passive, once: o.once, signal: o.signal, removed: false, handler: null, path: null });
    }
    // https://dom.spec.whatwg.org/#dom-eventtarget-removeeventlistener
    removeEventListener(type, callback, options = undefined) {
      if (arguments.length < 2) throw new TypeError(`Failed to execute 'removeEventListener' on 'EventTarget': 2 arguments required, but only ${arguments.length} present.`);
      // Step 1. Let capture be the result of flattening options.
      const capture = !!flatten(options).capture;
      // Step 2. If this's event listener list contains an event listener whose type is
      // type, callback is callback, and capture is capture, then remove an event listener.
      const entry = listeners(this ?? g).find((e) => e.type === String(type) && e.callback === callback && e.capture === capture);
      if (entry) removeAnEventListener(this ?? g, entry);
    }
    // https://dom.spec.whatwg.org/#dom-eventtarget-dispatchevent
    dispatchEvent(event) {
      if (arguments.length === 0) throw new TypeError("Failed to execute 'dispatchEvent' on 'EventTarget': 1 argument required, but only 0 present.");
      if (!(event instanceof Event)) throw new TypeError("Failed to execute 'dispatchEvent' on 'EventTarget': parameter 1 is not of type 'Event'.");
      const s = stateOf(event);
      // Step 1. If event's dispatch flag is set, or if its initialized flag is not set, then throw.
      if (s[DISPATCHING] || !s[INITIALIZED]) throw new DOMException("Failed to execute 'dispatchEvent' on 'EventTarget': The event is already being dispatched.", 'InvalidStateError');
      // Step 2. Initialize event's isTrusted attribute to false.
      s[IS_TRUSTED] = false;
      // Step 3. Return the result of dispatching event to this.
      return dispatch(this ?? g, event);
    }
  }

  // https://dom.spec.whatwg.org/#concept-event-path-append
  function appendToEventPath(s, invocationTarget, shadowAdjustedTarget, relatedTarget, slotInClosedTree) {
    // Step 1-2. Let invocationTargetInShadowTree be true if invocationTarget is a node whose root is a shadow root.
    // Step 3-4. Let root-of-closed-tree be true if invocationTarget is a shadow root whose mode is "closed".
    // Step 5. Append a new struct to event's path (touch target lists: jsloop has no touch events).
    s[PATH].push({
      invocationTarget, invocationTargetInShadowTree: hooks.inShadowTree(invocationTarget), shadowAdjustedTarget, relatedTarget,
      rootOfClosedTree: hooks.isClosedShadowRoot(invocationTarget), slotInClosedTree,
    });
  }

  // The event path of dispatch's one-struct path: target alone, its own
  // shadow-adjusted target, not in a shadow tree, no related target.
  function onePath(target) {
    return [{ invocationTarget: target, invocationTargetInShadowTree: false, shadowAdjustedTarget: target, relatedTarget: null, rootOfClosedTree: false, slotInClosedTree: false }];
  }

  // https://dom.spec.whatwg.org/#concept-event-dispatch
  // Each listener is called by the host (host.invoke), so when the dispatch
  // came from a task the stack is empty after each one and microtasks run
  // between listeners; from a script (dispatchEvent, el.click()) they wait.
  // parentless: the caller knows target's get the parent returns null (a MessagePort's).
  function dispatch(target, event, legacyTargetOverride = false, parentless = false) {
    const s = stateOf(event);
    // Step 1. Set event's dispatch flag.
    s[DISPATCHING] = true;
    // Step 2. Let targetOverride be target, if legacy target override flag is
    // not given, and target's associated Document otherwise.
    const targetOverride = legacyTargetOverride ? g.document : target;
    // Step 3. Let activationTarget be null.
    let activationTarget = null;
    // Step 4. Let relatedTarget be the result of retargeting event's relatedTarget against target.
    // (Below, in the general path: the one-struct path has no related target.)
    // (clearTargets: false unless Step 5.10 sets it.)
    let clearTargets = false;
    // The path is the target alone (its parent is null, as for a MessagePort,
    // a Worker or the global; not in a shadow tree), there is no related target,
    // there is no activation target (not a click),
    // and the target has at most one listener, not a capturing one: a
    // port's or a worker's onmessage. Steps 5.2 to 5.13 for that path,
    // without the general loops (the same steps, in the same order: what a
    // listener can observe is the same).
    const own = listenersOf.get(target);
    if (!legacyTargetOverride && s[RELATED_TARGET] === null && (own === undefined || own.length === 0 || (own.length === 1 && !own[0].capture))
        && s[TYPE] !== 'click' && (parentless || (hooks.getTheParent(target, event) === null && !hooks.inShadowTree(target)))) {
      // Step 5.2. Append to an event path with event, target, targetOverride, relatedTarget, touchTargets, and false.
      // (The path, one struct whose fields depend on target alone, is made
      // once per listener and kept on it: a listener is on one target's
      // list. Nothing writes to a path once made.)
      const listener = own !== undefined && own.length === 1 ? own[0] : null;
      s[PATH] = listener === null ? onePath(target) : (listener.path ??= onePath(target));
      // Step 5.12. The one struct, capturing: eventPhase AT_TARGET; invoke
      // sets event's target and relatedTarget, returns if propagation was
      // stopped, sets currentTarget; its inner invoke finds no capturing listener.
      s[EVENT_PHASE] = 2;
      s[TARGET] = target;
      if (!s[STOP]) {
        s[CURRENT_TARGET] = target;
        // Step 5.13. The one struct, bubbling (AT_TARGET): invoke again (the
        // same target, relatedTarget and currentTarget), then inner invoke
        // with a clone of the listener list.
        if (listener !== null) {
          // Inner invoke with the one listener (its removed is false: it is in the list).
          // Step 2.1. If event's type attribute value is not listener's type, then continue.
          if (s[TYPE] === listener.type) {
            // Step 2.5. If listener's once is true, then remove an event listener.
            if (listener.once) removeAnEventListener(target, listener);
            // Step 2.7-2.8. Set the global's current event (window.event).
            const saved = currentEvent[0];
            currentEvent[0] = event;
            // Step 2.9. If listener's passive is true, then set event's in passive listener flag.
            if (listener.passive) s[IN_PASSIVE] = true;
            // Step 2.11. Call a user object's operation with listener's callback (the host reports an exception).
            // An event handler's listener, whose value is a function, for
            // an event that cannot be canceled and is not "error": the
            // event handler processing algorithm
            // (https://html.spec.whatwg.org/multipage/webappapis.html#the-event-handler-processing-algorithm)
            // comes down to calling that function with target as this and
            // the event (Step 1-2: the value is its current value; Step 3:
            // special error event handling is false; Step 5: setting the
            // canceled flag of an event that is not cancelable does
            // nothing), so the host calls it, with no listener callback
            // and no Function.prototype.call between. (Under --trace the
            // call stack names the listener: the general way.)
            const h = listener.handler;
            if (h !== null && !s[CANCELABLE] && typeof h.value === 'function' && listener.type !== 'error' && frameHints === undefined) {
              host.invoke1(h.value, target, event);
            } else if (typeof listener.callback === 'function') {
              if (frameHints !== undefined) noteReceiver(listener.callback, target);
              host.invoke1(listener.callback, target, event);
            } else host.invoke1(callHandleEvent, listener.callback, event);
            // Step 2.12-2.13.
            s[IN_PASSIVE] = false;
            currentEvent[0] = saved;
          }
        }
      }
    } else {
      // Step 4. Let relatedTarget be the result of retargeting event's relatedTarget against target.
      let relatedTarget = hooks.retarget(s[RELATED_TARGET], target);
      // Step 5. If target is not relatedTarget or target is event's relatedTarget:
      if (target !== relatedTarget || target === s[RELATED_TARGET]) {
        // Step 5.1. Let touchTargets be a new list (jsloop has no touch events).
        // (event's path is EMPTY_PATH: this dispatch's own list.)
        s[PATH] = [];
        // Step 5.2. Append to an event path with event, target, targetOverride, relatedTarget, touchTargets, and false.
        appendToEventPath(s, target, targetOverride, relatedTarget, false);
        // Step 5.3. Let isActivationEvent be true, if event is a MouseEvent object
        // and event's type attribute is "click"; otherwise false.
        const isActivationEvent = s[TYPE] === 'click' && hooks.isMouseEvent(event);
        // Step 5.4. If isActivationEvent is true and target has activation behavior, then set activationTarget to target.
        if (isActivationEvent && hooks.activationBehavior(target)) activationTarget = target;
        // Step 5.5. Let slottable be target, if target is a slottable and is assigned; otherwise null.
        let slottable = hooks.isAssigned(target) ? target : null;
        // Step 5.6. Let slot-in-closed-tree be false.
        let slotInClosedTree = false;
        // Step 5.7. Let parent be the result of invoking target's get the parent with event.
        let parent = hooks.getTheParent(target, event);
        // Step 5.8. While parent is non-null:
        while (parent !== null) {
          // Step 5.8.1. If slottable is non-null: (parent is a slot) set slottable to null, and if
          // parent's root is a shadow root whose mode is "closed", set slot-in-closed-tree to true.
          if (slottable !== null) {
            slottable = null;
            if (hooks.rootIsClosedShadowRoot(parent)) slotInClosedTree = true;
          }
          // Step 5.8.2. If parent is a slottable and is assigned, then set slottable to parent.
          if (hooks.isAssigned(parent)) slottable = parent;
          // Step 5.8.3. Let relatedTarget be the result of retargeting event's relatedTarget against parent.
          relatedTarget = hooks.retarget(s[RELATED_TARGET], parent);
          // Step 5.8.5. If parent is a Window object, or parent is a node and
          // target's root is a shadow-including inclusive ancestor of parent:
          if (hooks.inTreeOf(target, parent)) {
            // Step 5.8.5.1. If isActivationEvent is true, event's bubbles attribute is true, activationTarget
            // is null, and parent has activation behavior, then set activationTarget to parent.
            if (isActivationEvent && s[BUBBLES] && activationTarget === null && hooks.activationBehavior(parent)) activationTarget = parent;
            // Step 5.8.5.2. Append to an event path with event, parent, null, relatedTarget, touchTargets, and slot-in-closed-tree.
            appendToEventPath(s, parent, null, relatedTarget, slotInClosedTree);
          } else if (parent === relatedTarget) {
            // Step 5.8.6. Otherwise, if parent is relatedTarget, then set parent to null.
            parent = null;
          } else {
            // Step 5.8.7. Otherwise: set target to parent; if isActivationEvent is true, activationTarget
            // is null, and target has activation behavior, then set activationTarget to target; append to
            // an event path with event, parent, target, relatedTarget, touchTargets, and slot-in-closed-tree.
            target = parent;
            if (isActivationEvent && activationTarget === null && hooks.activationBehavior(target)) activationTarget = target;
            appendToEventPath(s, parent, target, relatedTarget, slotInClosedTree);
          }
          // Step 5.8.8. If parent is non-null, then set parent to the result of invoking parent's get the parent with event.
          if (parent !== null) parent = hooks.getTheParent(parent, event);
          // Step 5.8.9. Set slot-in-closed-tree to false.
          slotInClosedTree = false;
        }
        // Step 5.9. Let clearTargetsStruct be the last struct in event's path whose shadow-adjusted target is non-null.
        let clearTargetsStruct = null;
        for (let i = s[PATH].length - 1; i >= 0; i--) if (s[PATH][i].shadowAdjustedTarget !== null) { clearTargetsStruct = s[PATH][i]; break; }
        // Step 5.10. Let clearTargets be true if clearTargetsStruct's shadow-adjusted target or
        // relatedTarget is a node whose root is a shadow root; otherwise false.
        clearTargets = hooks.inShadowTree(clearTargetsStruct.shadowAdjustedTarget) || hooks.inShadowTree(clearTargetsStruct.relatedTarget);
        // Step 5.11. If activationTarget is non-null and activationTarget has
        // legacy-pre-activation behavior, then run activationTarget's legacy-pre-activation behavior.
        const behavior = activationTarget && hooks.activationBehavior(activationTarget);
        if (behavior && behavior.legacyPreActivation) behavior.legacyPreActivation(event);
        // Step 5.12. For each struct in event's path, in reverse order:
        for (let i = s[PATH].length - 1; i >= 0; i--) {
          // 1-2. AT_TARGET if struct's shadow-adjusted target is non-null, else CAPTURING_PHASE.
          s[EVENT_PHASE] = s[PATH][i].shadowAdjustedTarget !== null ? 2 : 1;
          // 3. Invoke with struct, event, "capturing", and legacyOutputDidListenersThrowFlag if given.
          invoke(s, event, i, 'capturing');
        }
        // Step 5.13. For each struct in event's path:
        for (let i = 0; i < s[PATH].length; i++) {
          // 1. If struct's shadow-adjusted target is non-null, then set event's eventPhase attribute to AT_TARGET.
          if (s[PATH][i].shadowAdjustedTarget !== null) s[EVENT_PHASE] = 2;
          else {
            // 2. Otherwise: if event's bubbles attribute is false, then continue; set eventPhase to BUBBLING_PHASE.
            if (!s[BUBBLES]) continue;
            s[EVENT_PHASE] = 3;
          }
          // 3. Invoke with struct, event, "bubbling", and legacyOutputDidListenersThrowFlag if given.
          invoke(s, event, i, 'bubbling');
        }
      }
    }
    // Step 6. Set event's eventPhase attribute to NONE.
    s[EVENT_PHASE] = 0;
    // Step 7. Set event's currentTarget attribute to null.
    s[CURRENT_TARGET] = null;
    // Step 8. Set event's path to the empty list.
    s[PATH] = EMPTY_PATH;
    // Step 9. Unset event's dispatch flag, stop propagation flag, and stop immediate propagation flag.
    s[DISPATCHING] = false;
    s[STOP] = false;
    s[STOP_IMMEDIATE] = false;
    // Step 10. If clearTargets is true: set event's target and relatedTarget to null (and its touch target list to empty).
    if (clearTargets) {
      s[TARGET] = null;
      s[RELATED_TARGET] = null;
    }
    // Step 11. If activationTarget is non-null: run its activation behavior
    // if event's canceled flag is unset, its legacy-canceled-activation behavior otherwise.
    if (activationTarget !== null) {
      const b = hooks.activationBehavior(activationTarget);
      if (!s[CANCELED]) { if (b && b.activation) b.activation(event); } else if (b && b.legacyCanceledActivation) b.legacyCanceledActivation(event);
    }
    // Step 12. Return false if event's canceled flag is set; otherwise true.
    return !s[CANCELED];
  }

  // https://dom.spec.whatwg.org/#concept-event-listener-invoke
  function invoke(s, event, index, phase) {
    const path = s[PATH];
    const struct = path[index];
    // Step 1. Set event's target to the shadow-adjusted target of the last
    // struct in event's path, that is either struct or preceding struct, whose
    // shadow-adjusted target is non-null.
    for (let i = index; i >= 0; i--) {
      const t = path[i].shadowAdjustedTarget;
      if (t !== null) { s[TARGET] = t; break; }
    }
    // Step 2. Set event's relatedTarget to struct's relatedTarget.
    s[RELATED_TARGET] = struct.relatedTarget;
    // Step 3. If event's stop propagation flag is set, then return.
    if (s[STOP]) return;
    // Step 4. Initialize event's currentTarget attribute to struct's invocation target.
    s[CURRENT_TARGET] = struct.invocationTarget;
    // Step 5. Let listeners be a clone of event's currentTarget attribute value's event listener list.
    // (None: inner invoke would find nothing.)
    const own = listenersOf.get(s[CURRENT_TARGET]);
    if (own === undefined || own.length === 0) return;
    // Step 6. Let found be the result of running inner invoke with event, listeners, phase,
    // struct's invocation-target-in-shadow-tree.
    const listeners = own.slice();
    const found = innerInvoke(s, event, listeners, phase, struct.invocationTargetInShadowTree);
    // Step 7. If found is false and event's isTrusted attribute is true:
    if (!found && s[IS_TRUSTED]) {
      // Step 7.1. Let originalEventType be event's type attribute value.
      const originalEventType = s[TYPE];
      // Step 7.2. If event's type attribute value is a match for any of the
      // strings in the first column of the table, set it to the string in
      // the second column on the same row; otherwise return.
      const legacy = LEGACY_EVENT_TYPES[originalEventType];
      if (legacy === undefined) return;
      s[TYPE] = legacy;
      // Step 7.3. Inner invoke with event, listeners, phase, struct's
      // invocation-target-in-shadow-tree.
      try {
        innerInvoke(s, event, listeners, phase, struct.invocationTargetInShadowTree);
      } finally {
        // Step 7.4. Set event's type attribute value to originalEventType.
        s[TYPE] = originalEventType;
      }
    }
  }
  // The table of Step 7.2 of invoke.
  const LEGACY_EVENT_TYPES = {
    __proto__: null,
    animationend: 'webkitAnimationEnd', animationiteration: 'webkitAnimationIteration',
    animationstart: 'webkitAnimationStart', transitionend: 'webkitTransitionEnd',
  };

  // https://dom.spec.whatwg.org/#concept-event-listener-inner-invoke
  // (Its one element is the global's current event: an array, so that the
  // host can set it when it fires a port's message itself, port_fire.rs.)
  const currentEvent = [undefined];
  function innerInvoke(s, event, list, phase, invocationTargetInShadowTree) {
    const capturing = phase === 'capturing';
    // Step 1. Let found be false.
    let found = false;
    // Step 2. For each listener of listeners, whose removed is false:
    for (let i = 0; i < list.length; i++) {
      const listener = list[i];
      if (listener.removed) continue;
      // Step 2.1. If event's type attribute value is not listener's type, then continue.
      if (s[TYPE] !== listener.type) continue;
      // Step 2.2. Set found to true.
      found = true;
      // Step 2.3-2.4. Skip listeners of the other phase.
      if (capturing !== listener.capture) continue;
      // Step 2.5. If listener's once is true, then remove an event listener given event's currentTarget and listener.
      if (listener.once) removeAnEventListener(s[CURRENT_TARGET], listener);
      // Step 2.7-2.8. If global is a Window object: let currentEvent be global's
      // current event; if invocationTargetInShadowTree is false, set global's current event to event.
      const saved = currentEvent[0];
      if (!invocationTargetInShadowTree) currentEvent[0] = event;
      // Step 2.9. If listener's passive is true, then set event's in passive listener flag.
      if (listener.passive) s[IN_PASSIVE] = true;
      // Step 2.11. Call a user object's operation with listener's callback,
      // "handleEvent", « event », and event's currentTarget attribute value.
      // (An exception is reported by the host.)
      if (typeof listener.callback === 'function') {
        if (frameHints !== undefined) noteReceiver(listener.callback, s[CURRENT_TARGET]);
        host.invoke1(listener.callback, s[CURRENT_TARGET], event);
      } else host.invoke1(callHandleEvent, listener.callback, event);
      // Step 2.12. Unset event's in passive listener flag.
      s[IN_PASSIVE] = false;
      // Step 2.13. Set global's current event to currentEvent.
      currentEvent[0] = saved;
      // Step 2.14. If event's stop immediate propagation flag is set, then break.
      if (s[STOP_IMMEDIATE]) break;
    }
    // Step 3. Return found.
    return found;
  }
  // https://webidl.spec.whatwg.org/#call-a-user-objects-operation (callback interface)
  function callHandleEvent(event) {
    const f = this.handleEvent;
    if (typeof f !== 'function') throw new TypeError("Failed to execute 'handleEvent' on 'EventListener': The provided callback is not callable.");
    return f.call(this, event);
  }

  // Fires an event the user agent created (isTrusted true).
  function fireTrusted(target, event, legacyTargetOverride = false) {
    stateOf(event)[IS_TRUSTED] = true;
    return dispatch(target, event, legacyTargetOverride);
  }

  // https://html.spec.whatwg.org/multipage/webappapis.html#event-handler-attributes
  // Each target keeps, per handler name, the event handler struct: its value
  // (null, a callback, or { source } for an uncompiled content attribute)
  // and its listener (null until the handler is first activated).
  const handlersOf = new WeakMap();
  function handlerStruct(target, name) {
    let h = handlersOf.get(target);
    if (!h) { h = Object.create(null); handlersOf.set(target, h); }
    if (!h[name]) h[name] = { value: null, listener: null };
    return h[name];
  }
  // https://html.spec.whatwg.org/multipage/webappapis.html#getting-the-current-value-of-the-event-handler
  function currentHandlerValue(target, name, h = handlerStruct(target, name)) {
    // Step 1. If eventHandler's value is an internal raw uncompiled handler, then compile it.
    if (h.value !== null && typeof h.value === 'object' && 'source' in h.value && h.value.raw === true) {
      try {
        h.value = hooks.compileHandler(target, name, h.value.source);
      } catch (e) {
        // Step 1.4. If body is not parsable: report the error, set value to null, return null.
        h.value = null;
        if (hostFiresPorts) host.portFireChanged(h);
        reportException(e);
        return null;
      }
      if (hostFiresPorts) host.portFireChanged(h);
    }
    // Step 2. Return eventHandler's value.
    return h.value;
  }
  // https://html.spec.whatwg.org/multipage/webappapis.html#event-handler-attributes:event-handler-idl-attributes-2
  // (setter) and "activate an event handler" / "deactivate an event handler".
  function setEventHandler(target, name, value, onFirstSet) {
    const h = handlerStruct(target, name);
    if (value === null) {
      // If the given value is null, then deactivate the event handler.
      deactivateEventHandler(target, name);
      return;
    }
    // Otherwise: set eventHandler's value to the given value; activate the event handler.
    h.value = value;
    if (hostFiresPorts) host.portFireChanged(h);
    activateEventHandler(target, name);
    if (onFirstSet) onFirstSet(target);
  }
  // https://html.spec.whatwg.org/multipage/webappapis.html#activate-an-event-handler
  function activateEventHandler(target, name) {
    const h = handlerStruct(target, name);
    // Step 2. If eventHandler's listener is not null, then return.
    if (h.listener !== null) return;
    // Step 3. Let callback be the result of creating a Web IDL EventListener
    // instance representing a reference to a function of one argument that
    // executes the steps of the event handler processing algorithm.
    const callback = function (event) { return processEventHandler(target, name, event, h); };
    // Step 4-6. Let listener be a new event listener whose type is the event
    // handler event type and callback is callback; add it; set eventHandler's listener.
    // (handler: the event handler this listener runs; path: dispatch's
    // one-struct path, made when first needed.)
    const listener = { type: handlerEventType(name), callback, capture: false, passive: null, once: false, signal: null, removed: false, handler: h, path: null };
    addAnEventListener(target, listener);
    h.listener = listener;
  }
  // The event handler event type: the name without "on", but for the
  // prefixed animation handlers, whose event types keep their capitals.
  // https://html.spec.whatwg.org/multipage/webappapis.html#event-handlers-on-elements,-document-objects,-and-window-objects
  const PREFIXED_HANDLER_TYPES = {
    onwebkitanimationend: 'webkitAnimationEnd', onwebkitanimationiteration: 'webkitAnimationIteration',
    onwebkitanimationstart: 'webkitAnimationStart', onwebkittransitionend: 'webkitTransitionEnd',
  };
  const handlerEventType = (name) => PREFIXED_HANDLER_TYPES[name] || name.slice(2);
  // https://html.spec.whatwg.org/multipage/webappapis.html#deactivate-an-event-handler
  function deactivateEventHandler(target, name) {
    const h = handlerStruct(target, name);
    // Step 2. Set eventHandler's value to null.
    h.value = null;
    if (hostFiresPorts) host.portFireChanged(h);
    // Step 3-5. If listener is not null, remove an event listener; set listener to null.
    if (h.listener !== null) { removeAnEventListener(target, h.listener); h.listener = null; }
  }
  // https://html.spec.whatwg.org/multipage/webappapis.html#the-event-handler-processing-algorithm
  function processEventHandler(target, name, event, h) {
    // Step 1-2. Let callback be the current value of the event handler; if null, return.
    // (A function is its own current value: no call to find it.)
    const cb = typeof h.value === 'function' ? h.value : currentHandlerValue(target, name, h);
    if (typeof cb !== 'function') return;
    // Step 3. Let special error event handling be true if event is an ErrorEvent,
    // its type is "error", and its currentTarget implements WindowOrWorkerGlobalScope.
    // (The handler's event type is "error" exactly when its name is onerror.)
    const special = name === 'onerror' && event instanceof ErrorEvent && event.currentTarget === g;
    // Step 4. Invoke callback (an exception propagates to the dispatch, which reports it).
    let ret;
    if (special) ret = cb.call(event.currentTarget, event.message, event.filename, event.lineno, event.colno, event.error);
    // (event's currentTarget is target: the listener runs for the target it is on.)
    else ret = cb.call(target, event);
    // Step 5. Process return value: true cancels a special error event, false any other.
    if (special ? ret === true : ret === false) setCanceledFlag(stateOf(event));
  }
  // An event handler IDL attribute: an enumerable, configurable accessor
  // whose getter and setter (C functions named get and set,
  // host.defineAccessors in browser/startup.rs: a few hundred are made at
  // every start) call these with the handler's name.
  function defineEventHandler(proto, name, onFirstSet) {
    host.defineAccessors(proto, name, name, handlerGet, onFirstSet === undefined ? handlerSet : function (name, v) {
      setEventHandler(this, name, typeof v === 'function' || (typeof v === 'object' && v !== null) ? v : null, onFirstSet);
    });
  }
  function handlerGet(name) { return currentHandlerValue(this, name); }
  function handlerSet(name, v) {
    // [LegacyTreatNonObjectAsNull]: anything that is not an object is null.
    setEventHandler(this, name, typeof v === 'function' || (typeof v === 'object' && v !== null) ? v : null);
  }
  // An event handler content attribute (onclick="..."): its value becomes an
  // internal raw uncompiled handler; removing it deactivates the handler.
  // https://html.spec.whatwg.org/multipage/webappapis.html#event-handler-attributes:event-handler-content-attributes-3
  function setEventHandlerSource(target, name, source) {
    if (source === null) deactivateEventHandler(target, name);
    else setEventHandler(target, name, { raw: true, source: String(source) });
  }

  // ---------------------------------------------------------------- AbortController, AbortSignal
  // https://dom.spec.whatwg.org/#interface-AbortSignal
  const signalState = new WeakMap();
  let constructingSignal = false;
  class AbortSignal extends EventTarget {
    constructor() {
      super();
      if (!constructingSignal) throw new TypeError("Failed to construct 'AbortSignal': Illegal constructor");
      // (dependent, sources, dependents: https://dom.spec.whatwg.org/#abortsignal-dependent;
      // a source holds its dependents weakly, as the standard asks.)
      signalState.set(this, { aborted: false, reason: undefined, algorithms: [], dependent: false, sources: [], dependents: [] });
    }
    get aborted() { return signalState.get(this).aborted; }
    get reason() { return signalState.get(this).reason; }
    // https://dom.spec.whatwg.org/#dom-abortsignal-throwifaborted
    throwIfAborted() { const s = signalState.get(this); if (s.aborted) throw s.reason; }
    // https://dom.spec.whatwg.org/#dom-abortsignal-abort
    static abort(reason = undefined) {
      // Step 1. Let signal be a new AbortSignal object.
      const signal = createSignal();
      // Step 2. Set signal's abort reason to reason if it is given; otherwise to a new "AbortError" DOMException.
      const s = signalState.get(signal);
      s.aborted = true;
      s.reason = reason !== undefined ? reason : new DOMException('signal is aborted without reason', 'AbortError');
      return signal;
    }
    // https://dom.spec.whatwg.org/#dom-abortsignal-timeout
    static timeout(milliseconds) {
      // WebIDL: [EnforceRange] unsigned long long, as Chromium words it.
      const fail = (m) => { throw new TypeError("Failed to execute 'timeout' on 'AbortSignal': " + m); };
      if (arguments.length === 0) fail('1 argument required, but only 0 present.');
      const ms = Number(milliseconds);
      if (Number.isNaN(ms)) fail("Value is not of type 'unsigned long long'.");
      if (!Number.isFinite(ms)) fail("Value is infinite and not of type 'unsigned long long'.");
      if (Math.trunc(ms) < 0 || Math.trunc(ms) > Number.MAX_SAFE_INTEGER) fail("Value is outside the 'unsigned long long' value range.");
      // Step 1. Let signal be a new AbortSignal object.
      const signal = createSignal();
      // Step 3. Run steps after a timeout given global, "AbortSignal-timeout",
      // milliseconds, and: queue a global task on the timer task source to
      // signal abort given signal and a new "TimeoutError" DOMException.
      // (Not a timer: it takes no timer ID and gives its task no timer
      // nesting level.)
      host.queueTaskAfter('timer', 'AbortSignal.timeout', Math.trunc(ms), () => {
        signalAbort(signal, new DOMException('signal timed out', 'TimeoutError'));
      });
      return signal;
    }
    // https://dom.spec.whatwg.org/#dom-abortsignal-any
    static any(signals) {
      const fail = (m) => { throw new TypeError("Failed to execute 'any' on 'AbortSignal': " + m); };
      if (arguments.length === 0) fail('1 argument required, but only 0 present.');
      // WebIDL: sequence<AbortSignal>.
      if (signals === null || (typeof signals !== 'object' && typeof signals !== 'function') || typeof signals[Symbol.iterator] !== 'function') {
        fail('The provided value cannot be converted to a sequence.');
      }
      const list = [...signals];
      if (list.some((x) => !signalState.has(x))) fail("Failed to convert value to 'AbortSignal'.");
      return createDependentSignal(list);
    }
  }
  // https://dom.spec.whatwg.org/#create-a-dependent-abort-signal
  function createDependentSignal(signals, make = createSignal) {
    // Step 1. Let resultSignal be a new object implementing signalInterface.
    const result = make();
    const r = signalState.get(result);
    // Step 2. For each signal of signals: if signal is aborted, then set
    // resultSignal's abort reason to signal's abort reason and return resultSignal.
    for (const signal of signals) {
      const s = signalState.get(signal);
      if (s.aborted) {
        r.aborted = true;
        r.reason = s.reason;
        return result;
      }
    }
    // Step 3. Set resultSignal's dependent to true.
    r.dependent = true;
    // Step 4. For each signal of signals: a source itself if it is not
    // dependent, else its sources.
    for (const signal of signals) {
      const s = signalState.get(signal);
      for (const source of s.dependent ? s.sources : [signal]) {
        if (r.sources.includes(source)) continue;
        r.sources.push(source);
        signalState.get(source).dependents.push(new WeakRef(result));
      }
    }
    // Step 5. Return resultSignal.
    return result;
  }
  function createSignal() {
    constructingSignal = true;
    try { return new AbortSignal(); } finally { constructingSignal = false; }
  }
  defineEventHandler(AbortSignal.prototype, 'onabort');
  // https://dom.spec.whatwg.org/#abortsignal-signal-abort
  function signalAbort(signal, reason) {
    const s = signalState.get(signal);
    // Step 1. If signal is aborted, then return.
    if (s.aborted) return;
    // Step 2. Set signal's abort reason to reason if it is given; otherwise to a new "AbortError" DOMException.
    s.aborted = true;
    s.reason = reason !== undefined ? reason : new DOMException('signal is aborted without reason', 'AbortError');
    // Step 3. Let dependentSignalsToAbort be a new list.
    const toAbort = [];
    // Step 4. For each dependentSignal of signal's dependent signals that
    // is not aborted: set its abort reason to signal's, and list it.
    for (const ref of s.dependents) {
      const dependent = ref.deref();
      const d = dependent && signalState.get(dependent);
      if (d && !d.aborted) {
        d.aborted = true;
        d.reason = s.reason;
        toAbort.push(dependent);
      }
    }
    // Step 5. Run the abort steps for signal.
    runAbortSteps(signal);
    // Step 6. For each dependentSignal of dependentSignalsToAbort, run the
    // abort steps for dependentSignal.
    for (const dependent of toAbort) runAbortSteps(dependent);
  }
  // https://dom.spec.whatwg.org/#run-the-abort-steps
  function runAbortSteps(signal) {
    // Step 1. For each algorithm of signal's abort algorithms: run algorithm.
    // Step 2. Empty signal's abort algorithms.
    for (const algorithm of signalState.get(signal).algorithms.splice(0)) algorithm();
    // Step 3. Fire an event named abort at signal.
    fireTrusted(signal, new Event('abort'));
  }
  // https://dom.spec.whatwg.org/#interface-abortcontroller
  // The signal the next AbortController takes instead of a new AbortSignal
  // (a TaskController's TaskSignal, 24_scheduler.js).
  let nextControllerSignal = null;
  class AbortController {
    #signal;
    constructor() {
      this.#signal = nextControllerSignal ?? createSignal();
      nextControllerSignal = null;
    }
    get signal() { return this.#signal; }
    // https://dom.spec.whatwg.org/#dom-abortcontroller-abort
    abort(reason = undefined) { signalAbort(this.#signal, reason); }
  }

  // ---------------------------------------------------------------- the global
  // The global object is a Window (https://html.spec.whatwg.org/multipage/nav-history-apis.html#the-window-object)
  // or, in a worker, a DedicatedWorkerGlobalScope
  // (https://html.spec.whatwg.org/multipage/workers.html#dedicatedworkerglobalscope):
  // an EventTarget either way. Web IDL's interface objects: each throws
  // when called or constructed ("Illegal constructor"), its prototype
  // object inherits from its parent interface's, and Symbol.toStringTag
  // names it (https://webidl.spec.whatwg.org/#interface-prototype-object).
  function interfaceObject(name, parentProto) {
    const proto = Object.create(parentProto);
    const ctor = { [name]: function () { throw new TypeError(`Failed to construct '${name}': Illegal constructor`); } }[name];
    Object.defineProperty(ctor, 'prototype', { value: proto, writable: false, enumerable: false, configurable: false });
    Object.defineProperty(proto, 'constructor', { value: ctor, writable: true, enumerable: false, configurable: true });
    Object.defineProperty(proto, Symbol.toStringTag, { value: name, writable: false, enumerable: false, configurable: true });
    return ctor;
  }
  // Properties of a [Global] interface live on the global object itself
  // (https://webidl.spec.whatwg.org/#es-attributes, "[Global]").
  function getter(name, get, set) {
    Object.defineProperty(g, name, { get, set, enumerable: true, configurable: true });
  }
  let globalProto;
  if (host.isWorker) {
    const WorkerGlobalScope = interfaceObject('WorkerGlobalScope', EventTarget.prototype);
    if (host.workerShared) {
      // https://html.spec.whatwg.org/multipage/workers.html#sharedworkerglobalscope
      const SharedWorkerGlobalScope = interfaceObject('SharedWorkerGlobalScope', WorkerGlobalScope.prototype);
      globalProto = SharedWorkerGlobalScope.prototype;
      define(g, { WorkerGlobalScope, SharedWorkerGlobalScope });
    } else {
      const DedicatedWorkerGlobalScope = interfaceObject('DedicatedWorkerGlobalScope', WorkerGlobalScope.prototype);
      globalProto = DedicatedWorkerGlobalScope.prototype;
      define(g, { WorkerGlobalScope, DedicatedWorkerGlobalScope });
    }
  } else {
    const Window = interfaceObject('Window', EventTarget.prototype);
    globalProto = Window.prototype;
    define(g, { Window });
  }
  Object.setPrototypeOf(g, globalProto);
  // (QuickJS names its global object "global" with an own Symbol.toStringTag;
  // the platform's comes from the prototype.)
  delete g[Symbol.toStringTag];
  const WindowProto = globalProto;
  const globalHandlers = ['onerror', 'onunhandledrejection', 'onrejectionhandled'];
  // (A shared worker's global has onconnect, and no onmessage: it has no parent to post to it.)
  const ownHandlers = !host.isWorker ? ['onmessage', 'onmessageerror', 'onload'] : host.workerShared ? ['onconnect'] : ['onmessage', 'onmessageerror'];
  for (const n of [...globalHandlers, ...ownHandlers]) defineEventHandler(WindowProto, n);
  // A [Replaceable] readonly attribute of the global (self, performance,
  // scheduler): setting it replaces the property
  // (https://webidl.spec.whatwg.org/#Replaceable).
  const replaceable = (name, get) => getter(name, get, function (v) {
    Object.defineProperty(this ?? g, name, { value: v, writable: true, enumerable: true, configurable: true });
  });
  // Window's self is [Replaceable]; WorkerGlobalScope's is a plain readonly
  // attribute (setting it does nothing, outside strict mode).
  if (host.isWorker) getter('self', () => g);
  else replaceable('self', () => g);
  define(g, { globalThis: g });
  // ECMA-402's Intl (intl.js, shared with the node host; QuickJS has none),
  // made when a program first reads it; then, as in Chromium, a data
  // property (writable, configurable, not enumerable).
  const intlProperty = (value) => Object.defineProperty(g, 'Intl', { value, writable: true, enumerable: false, configurable: true });
  let intlInstance = null;
  const intl = () => (intlInstance ??= host.glue('intl.js')(host));
  Object.defineProperty(g, 'Intl', {
    get: function get() { const { Intl } = intl(); intlProperty(Intl); return Intl; },
    set: function set(value) { intlProperty(value); },
    enumerable: false, configurable: true,
  });
  // Date.prototype.toLocaleString, toLocaleDateString and
  // toLocaleTimeString through Intl.DateTimeFormat (ECMA-402 20.4), made
  // when first called.
  define(Date.prototype, {
    toLocaleString: function toLocaleString() { return intl().dateMethods.toLocaleString.apply(this, arguments); },
    toLocaleDateString: function toLocaleDateString() { return intl().dateMethods.toLocaleDateString.apply(this, arguments); },
    toLocaleTimeString: function toLocaleTimeString() { return intl().dateMethods.toLocaleTimeString.apply(this, arguments); },
  });
  if (!host.isWorker) {
    // https://html.spec.whatwg.org/multipage/nav-history-apis.html#dom-window
    // [LegacyUnforgeable] window and top; a top-level browsing context is
    // its own parent and top, has no opener, and no child navigables.
    // An iframe's window has a parent (set by 30_page.js when the parent
    // creates it): https://html.spec.whatwg.org/multipage/nav-history-apis.html#dom-parent
    Object.defineProperty(g, 'window', { get: () => g, enumerable: true, configurable: false });
    Object.defineProperty(g, 'top', {
      // https://html.spec.whatwg.org/multipage/nav-history-apis.html#dom-top
      get: () => (navigable.parent === null ? g : navigable.parent.top),
      enumerable: true, configurable: false,
    });
    replaceable('frames', () => g);
    replaceable('parent', () => navigable.parent ?? g);
    // https://html.spec.whatwg.org/multipage/nav-history-apis.html#dom-length:
    // the number of document-tree child navigables.
    replaceable('length', () => navigable.children.length);
    let opener = null;
    getter('opener', () => opener, (v) => { opener = v; });
    // https://html.spec.whatwg.org/multipage/nav-history-apis.html#dom-frameelement
    getter('frameElement', () => navigable.container);
    // The browsing context's name (https://html.spec.whatwg.org/multipage/nav-history-apis.html#dom-name).
    let windowName = '';
    getter('name', () => windowName, (v) => { windowName = String(v); });
    getter('closed', () => false);
  }
  // https://html.spec.whatwg.org/multipage/system-state.html#the-navigator-object
  // (WorkerNavigator in a worker.)
  {
    const Navigator = interfaceObject(host.isWorker ? 'WorkerNavigator' : 'Navigator', Object.prototype);
    const navigator = Object.create(Navigator.prototype);
    const fields = {
      appCodeName: 'Mozilla', appName: 'Netscape', appVersion: '5.0 (jsloop)', platform: '', product: 'Gecko',
      userAgent: 'Mozilla/5.0 (jsloop)', language: 'en-US', onLine: true, hardwareConcurrency: 1, cookieEnabled: false,
    };
    for (const [k, v] of Object.entries(fields)) {
      if (host.isWorker && k === 'cookieEnabled') continue;
      Object.defineProperty(Navigator.prototype, k, { get() { return v; }, enumerable: true, configurable: true });
    }
    Object.defineProperty(Navigator.prototype, 'languages', { get() { return ['en-US']; }, enumerable: true, configurable: true });
    define(g, { [Navigator.name]: Navigator });
    getter('navigator', () => navigator);
  }
  // A worker's location (https://html.spec.whatwg.org/multipage/workers.html#worker-locations):
  // its script's URL, read only.
  if (host.isWorker) {
    const WorkerLocation = interfaceObject('WorkerLocation', Object.prototype);
    const url = host.workerURL;
    const m = /^([a-z][a-z0-9+.-]*:)(?:\/\/([^/?#]*))?([^?#]*)(\?[^#]*)?(#.*)?$/i.exec(url) || [];
    const [hostname, port] = (m[2] || '').split(':');
    const parts = {
      href: url, protocol: m[1] || '', host: m[2] || '', hostname: hostname || '', port: port || '',
      pathname: m[3] || '', search: m[4] && m[4] !== '?' ? m[4] : '', hash: m[5] && m[5] !== '#' ? m[5] : '',
      origin: m[1] === 'http:' || m[1] === 'https:' ? m[1] + '//' + m[2] : 'null',
    };
    for (const [k, v] of Object.entries(parts)) Object.defineProperty(WorkerLocation.prototype, k, { get() { return v; }, enumerable: true, configurable: true });
    Object.defineProperty(WorkerLocation.prototype, 'toString', { value() { return url; }, writable: true, enumerable: true, configurable: true });
    const location = Object.create(WorkerLocation.prototype);
    define(g, { WorkerLocation });
    getter('location', () => location);
  }

  // Every interface object of the platform (a constructor the glue
  // defined on the global) gets its Symbol.toStringTag, so that
  // Object.prototype.toString gives "[object MessageEvent]", and the
  // property attributes Web IDL gives its members (the glue writes them as
  // class members, which are not enumerable):
  // - a constant is { [[Writable]]: false, [[Enumerable]]: true,
  //   [[Configurable]]: false } on the interface object and on the
  //   interface prototype object (https://webidl.spec.whatwg.org/#es-constants);
  // - a regular or static attribute is an enumerable accessor
  //   (https://webidl.spec.whatwg.org/#es-attributes);
  // - a regular or static operation is an enumerable, writable and
  //   configurable function (https://webidl.spec.whatwg.org/#es-operations);
  // - the members of a [Global] interface (Window's, WorkerGlobalScope's and
  //   their mixins': setTimeout, fetch, ...) are the global object's own
  //   properties, with the same attributes.
  // Symbol-keyed members (@@iterator, @@toStringTag) stay not enumerable,
  // as Web IDL has them.
  // (A C function, browser/startup.rs: about 700 globals, without a
  // descriptor object and a regular expression test each.)
  function finishInterfaces() {
    host.finishInterfaces(g, [...ECMASCRIPT_GLOBALS], Symbol.toStringTag);
  }

  // ---------------------------------------------------------------- error reporting
  function location(error) {
    const stack = error && typeof error === 'object' && typeof error.stack === 'string' ? error.stack : '';
    for (const l of stack.split('\n')) {
      // (The headline, `Name: message`, is no frame.)
      if (GLUE.test(l) || !/^\s+at /.test(l)) continue;
      // "at NAME (URL:LINE:COL)" or "at URL:LINE:COL" (a data: URL may
      // hold spaces and parentheses).
      const m = /^\s*at \S+ \((.*):(\d+):(\d+)\)\s*$/.exec(l) || /^\s*at (.*):(\d+):(\d+)\s*$/.exec(l) || /\(?([^\s()]+):(\d+):(\d+)\)?\s*$/.exec(l);
      if (m) return { filename: m[1], lineno: +m[2], colno: +m[3] };
    }
    // A thrown value with no stack (a primitive): the running script's URL.
    return { filename: runningScript ?? host.workerScriptName ?? host.scriptName, lineno: 0, colno: 0 };
  }
  // The URL of the classic script the page is running (30_page.js sets it
  // around each script), for errors that carry no place of their own.
  let runningScript = null;
  function runningScriptIs(name) { const outer = runningScript; runningScript = name; if (name !== null) registerScript(name); return outer; }
  function describe(v) {
    // (Error.isError: an Error of any realm, an iframe's too.)
    if (v instanceof Error || Error.isError(v) || (v && typeof v === 'object' && 'stack' in v && 'message' in v)) return con.errorText(v);
    return con.inspect(v);
  }
  // https://html.spec.whatwg.org/multipage/webappapis.html#report-an-exception
  let errorReportingMode = false;
  // With --trace: the receivers the glue calls a script's listeners on, for
  // the names of the call stack's frames (V8's `HTMLButtonElement.onClick`;
  // quickjs/mod.rs, call_stack): function -> [the receiver's type name].
  const frameHints = host.tracing ? new WeakMap() : undefined;
  // V8's JSReceiver::GetConstructorName, as far as script can tell: the
  // `constructor` its prototype holds (no getter is run), else 'Object'.
  function noteReceiver(f, r) {
    const proto = r !== null && (typeof r === 'object' || typeof r === 'function') ? Object.getPrototypeOf(r) : null;
    const d = proto === null ? undefined : Object.getOwnPropertyDescriptor(proto, 'constructor');
    const c = d === undefined ? undefined : d.value;
    frameHints.set(f, [typeof c === 'function' && typeof c.name === 'string' && c.name !== '' ? c.name : 'Object', undefined]);
  }
  function reportException(error) {
    const where = location(error);
    const headline = 'Uncaught ' + (error instanceof Error || Error.isError(error) ? String(error.name) + ': ' + String(error.message) : con.inspect(error));
    let notHandled = true;
    // Step 4. If global is not in error reporting mode (an exception thrown
    // by an error listener is not handled by the global: it goes on to the
    // Worker object, or to the console):
    if (!errorReportingMode) {
      errorReportingMode = true;
      try {
        const ev = new ErrorEvent('error', { cancelable: true, message: headline, filename: where.filename, lineno: where.lineno, colno: where.colno, error });
        notHandled = fireTrusted(g, ev);
      } finally {
        errorReportingMode = false;
      }
    }
    if (notHandled) {
      // A dedicated worker's unhandled error goes on to its Worker object, in the
      // parent (https://html.spec.whatwg.org/multipage/workers.html#runtime-script-errors-2);
      // a shared worker's is reported to the developer console.
      if (host.isWorker && !host.workerShared) host.workerError(headline, where.filename, where.lineno, where.colno);
      else host.uncaught('Uncaught ' + describe(error));
    }
  }
  // An error reported with only its message and place (one a worker did not
  // handle, arriving at its parent): fire ErrorEvent here; if not canceled,
  // print it, or hand it on up from a worker.
  function reportErrorEvent(message, filename, lineno, colno, error) {
    const notHandled = fireTrusted(g, new ErrorEvent('error', { cancelable: true, message, filename, lineno, colno, error }));
    if (!notHandled) return;
    if (host.isWorker && !host.workerShared) host.workerError(message, filename, lineno, colno);
    else host.uncaught(message);
  }

  // HostPromiseRejectionTracker and "notify about rejected promises".
  // https://html.spec.whatwg.org/multipage/webappapis.html#the-hostpromiserejectiontracker-implementation
  const aboutToBeNotified = [];
  const reasons = new WeakMap();
  const handled = new WeakSet();
  const outstanding = new WeakSet();
  // (notify: false when only the operations are taken, before a task is queued.)
  function processRejections(events, notify = true) {
    for (let i = 0; i < events.length; i += 3) {
      const promise = events[i], reason = events[i + 1], isHandled = events[i + 2];
      if (!isHandled) {
        // operation "reject": append promise to the about-to-be-notified list.
        handled.delete(promise);
        reasons.set(promise, reason);
        aboutToBeNotified.push(promise);
        continue;
      }
      // operation "handle":
      handled.add(promise);
      const at = aboutToBeNotified.indexOf(promise);
      if (at >= 0) { aboutToBeNotified.splice(at, 1); continue; }
      if (!outstanding.has(promise)) continue;
      outstanding.delete(promise);
      host.queueTask('dom-manipulation', 'fire rejectionhandled', () => {
        fireTrusted(g, new PromiseRejectionEvent('rejectionhandled', { promise, reason: reasons.get(promise) }));
      }, undefined);
    }
    // https://html.spec.whatwg.org/multipage/webappapis.html#notify-about-rejected-promises
    // Step 1–3. Let list be a clone of the list; if empty, return; clear it.
    if (!notify || aboutToBeNotified.length === 0) return;
    const list = aboutToBeNotified.splice(0);
    // Step 4. Queue a global task on the DOM manipulation task source:
    host.queueTask('dom-manipulation', 'notify about rejected promises (' + list.length + ')', () => {
      for (const p of list) {
        // Step 4.1.1. If p.[[PromiseIsHandled]] is true, continue.
        if (handled.has(p)) continue;
        const reason = reasons.get(p);
        // Step 4.1.2. Fire unhandledrejection, cancelable.
        const notCanceled = fireTrusted(g, new PromiseRejectionEvent('unhandledrejection', { cancelable: true, promise: p, reason }));
        // Step 4.1.3. If notCanceled, report the reason to the console.
        if (notCanceled) host.uncaught('Uncaught (in promise) ' + describe(reason));
        // Step 4.1.4. If still not handled, add p to the outstanding set.
        if (!handled.has(p)) outstanding.add(p);
      }
    }, undefined);
  }

  // ---------------------------------------------------------------- timers
  // https://html.spec.whatwg.org/multipage/timers-and-user-prompts.html#dom-settimeout
  // setTimeout, setInterval, clearTimeout and clearInterval are raw C
  // functions (browser/timers.rs) for a function handler and a number (or
  // missing) timeout called on the global; these are their fallbacks, for
  // every other argument or `this`, and under --trace (the caller's place).
  // Both do the same steps. Web IDL converts the arguments in order before
  // the timer initialization steps run: the TimerHandler (a function is
  // kept; anything else becomes a string, which runs as a script), then the
  // timeout as a `long` (ToNumber, then modulo 2^32), the rest as they are.
  function timerHandler(handler, method, argc) {
    if (argc === 0) throw new TypeError(`Failed to execute '${method}' on '${GLOBAL_NAME}': 1 argument required, but only 0 present.`);
    if (typeof handler === 'function') return handler;
    if (typeof handler === 'symbol') throw new TypeError(`Failed to execute '${method}' on '${GLOBAL_NAME}': Cannot convert a Symbol value to a string`);
    return String(handler);
  }
  // Web IDL's `long` (https://webidl.spec.whatwg.org/#js-long): ToNumber,
  // then ToInt32's modulo 2^32.
  function toLong(value, method) {
    if (typeof value === 'symbol') throw new TypeError(`Failed to execute '${method}' on '${GLOBAL_NAME}': Cannot convert a Symbol value to a number`);
    return value | 0;
  }
  // An operation of the global called on another object (Web IDL's
  // receiver check: undefined and null mean the global).
  function checkThis(self) {
    if (self !== undefined && self !== null && self !== g) throw new TypeError('Illegal invocation');
  }
  const slowTimers = {
    setTimeout(handler, timeout = 0, ...args) {
      checkThis(this);
      const h = timerHandler(handler, 'setTimeout', arguments.length);
      return host.setTimer(h, toLong(timeout, 'setTimeout'), false, args, callerOrigin());
    },
    setInterval(handler, timeout = 0, ...args) {
      checkThis(this);
      const h = timerHandler(handler, 'setInterval', arguments.length);
      return host.setTimer(h, toLong(timeout, 'setInterval'), true, args, callerOrigin());
    },
    clearTimeout(id = 0) { checkThis(this); host.clearTimer(toLong(id, 'clearTimeout')); },
    clearInterval(id = 0) { checkThis(this); host.clearTimer(toLong(id, 'clearInterval')); },
  };
  {
    const [setTimeout, setInterval, clearTimeout, clearInterval] =
      host.timerFunctions(slowTimers.setTimeout, slowTimers.setInterval, slowTimers.clearTimeout, slowTimers.clearInterval);
    define(g, { setTimeout, setInterval, clearTimeout, clearInterval });
  }
  define(g, {
    // https://html.spec.whatwg.org/multipage/timers-and-user-prompts.html#microtask-queuing
    queueMicrotask(callback) {
      if (arguments.length === 0) throw new TypeError("Failed to execute 'queueMicrotask' on 'Window': 1 argument required, but only 0 present.");
      if (typeof callback !== 'function') throw new TypeError("Failed to execute 'queueMicrotask' on 'Window': parameter 1 is not of type 'Function'.");
      const origin = callerOrigin();
      // One job on the engine's job queue: the same FIFO as promise reactions.
      thenWithoutTrace.call(resolved, () => {
        if (host.tracing) host.traceMicrotask('queueMicrotask', origin);
        host.invoke(callback, undefined, []);
      });
    },
    // https://html.spec.whatwg.org/multipage/webappapis.html#dom-atob
    atob(data) {
      if (arguments.length === 0) throw new TypeError(`Failed to execute 'atob' on '${GLOBAL_NAME}': 1 argument required, but only 0 present.`);
      const text = String(data);
      // Step 1. Let decodedData be the result of running forgiving-base64 decode on data.
      const bytes = /^[\t\n\f\r +/=0-9A-Za-z]*$/.test(text) ? host.base64Decode(text) : null;
      // Step 2. If decodedData is failure, then throw an "InvalidCharacterError" DOMException.
      if (bytes == null) throw new DOMException(`Failed to execute 'atob' on '${GLOBAL_NAME}': The string to be decoded is not correctly encoded.`, 'InvalidCharacterError');
      // Step 3. Return decodedData (each byte a code unit).
      let out = '';
      for (let i = 0; i < bytes.length; i += 8192) out += String.fromCharCode.apply(null, bytes.slice(i, i + 8192));
      return out;
    },
    // https://html.spec.whatwg.org/multipage/webappapis.html#dom-btoa
    btoa(data) {
      if (arguments.length === 0) throw new TypeError(`Failed to execute 'btoa' on '${GLOBAL_NAME}': 1 argument required, but only 0 present.`);
      const text = String(data);
      // Step 1. If data contains any code point greater than U+00FF, throw an "InvalidCharacterError" DOMException.
      if (/[^\x00-\xff]/.test(text)) throw new DOMException(`Failed to execute 'btoa' on '${GLOBAL_NAME}': The string to be encoded contains characters outside of the Latin1 range.`, 'InvalidCharacterError');
      // Step 2-3. Forgiving-base64 encode the bytes.
      return host.base64Encode(Array.from(text, (c) => c.charCodeAt(0)));
    },
    reportError(e) {
      if (arguments.length === 0) throw new TypeError("Failed to execute 'reportError' on 'Window': 1 argument required, but only 0 present.");
      reportException(e);
    },
    structuredClone(value, options = undefined) {
      const context = "Failed to execute 'structuredClone' on 'Window'";
      if (arguments.length === 0) throw new TypeError(`${context}: 1 argument required, but only 0 present.`);
      if (options !== undefined && options !== null && typeof options !== 'object' && typeof options !== 'function') {
        throw new TypeError(`${context}: The provided value is not of type 'StructuredSerializeOptions'.`);
      }
      const transfer = options === undefined || options === null ? undefined : options.transfer;
      return structuredCloneWithTransfer(value, transfer, context, "Failed to read the 'transfer' property from 'StructuredSerializeOptions': ");
    },
  });
  const resolved = Promise.resolve();
  const thenWithoutTrace = Promise.prototype.then;

  // With --trace, a handler registered through .then says, as its job
  // starts, that it is a promise reaction and where .then was called.
  if (host.tracing) {
    const wrap = (f, origin) => typeof f !== 'function' ? f : function (v) {
      host.traceMicrotask('promise reaction', origin);
      return f(v);
    };
    Object.defineProperty(Promise.prototype, 'then', {
      configurable: true, writable: true,
      value: function then(onFulfilled, onRejected) {
        const o = callerOrigin();
        return thenWithoutTrace.call(this, wrap(onFulfilled, o), wrap(onRejected, o));
      },
    });
  }

  // ---------------------------------------------------------------- performance, Date
  // https://w3c.github.io/hr-time/#the-performance-interface: the
  // operations and attributes are the interface prototype's.
  const Performance = interfaceObject('Performance', EventTarget.prototype);
  const performance = Object.create(Performance.prototype);
  define(Performance.prototype, {
    now: () => host.now(),
    toJSON() { return { timeOrigin: host.timeOrigin }; },
  });
  Object.defineProperty(Performance.prototype, 'timeOrigin', { get: () => host.timeOrigin, enumerable: true, configurable: true });
  define(g, { Performance, performance });

  // (Date follows the loop's clock: 00_console.js made it so.)
  const RealDate = Date;

  // ---------------------------------------------------------------- structured clone
  // https://html.spec.whatwg.org/multipage/structured-data.html#structuredserializeinternal
  // Serialize and deserialize in one pass: the result shares nothing with the input.
  // The messages are Chromium's, prefixed with the calling operation
  // ("Failed to execute 'postMessage' on 'MessagePort': ...").
  let cloneContext = '';
  function dataCloneError(what) {
    return new DOMException(`${cloneContext}${what} could not be cloned.`, 'DataCloneError');
  }
  // context: "Failed to execute 'OP' on 'IFACE'"; transferWhere: where the
  // transfer list was read from, for its conversion errors.
  // The ports the last structuredCloneWithTransfer transferred.
  let transferredPorts = [];
  const NO_PORTS = Object.freeze([]);
  function structuredCloneWithTransfer(value, transfer, context, transferWhere = '') {
    // Primitives clone to themselves (no memory map needed).
    if (transfer === undefined && (value === null || (typeof value !== 'object' && typeof value !== 'function' && typeof value !== 'symbol'))) {
      transferredPorts = NO_PORTS;
      return value;
    }
    transferredPorts = [];
    const prefix = context ? `${context}: ` : '';
    let transferList = [];
    // A sequence<object>: null is not one (an absent transfer is undefined).
    if (transfer !== undefined) {
      if (transfer === null || typeof transfer !== 'object' && typeof transfer !== 'function' || typeof transfer[Symbol.iterator] !== 'function') {
        throw new TypeError(`${prefix}${transferWhere}The provided value cannot be converted to a sequence.`);
      }
      transferList = [...transfer];
    }
    for (const t of transferList) {
      if (t === null || (typeof t !== 'object' && typeof t !== 'function')) throw new TypeError(`${prefix}${transferWhere}Failed to convert value to 'object'.`);
    }
    // Step 1-2. For each transferable: a transferable type, not twice.
    const memory = new Map();
    const platform = blobHooks !== null && blobHooks.platform ? blobHooks.platform : null;
    const isPlatformTransferable = (t) => platform !== null && platform.isTransferable(t);
    transferList.forEach((t, i) => {
      const isPort = t instanceof MessagePort;
      if (!isPort && !(t instanceof ArrayBuffer) && !isPlatformTransferable(t)) throw new DOMException(`${prefix}Value at index ${i} does not have a transferable type.`, 'DataCloneError');
      if (memory.has(t)) throw new DOMException(`${prefix}${isPort ? 'Port' : t instanceof ArrayBuffer ? 'ArrayBuffer' : 'ImageBitmap'} at index ${i} is a duplicate of an earlier ${isPort ? 'port' : t instanceof ArrayBuffer ? 'ArrayBuffer' : 'ImageBitmap'}.`, 'DataCloneError');
      memory.set(t, null);
    });
    // Step 3. Serialize value. A transferable it reaches is transferred when
    // it is reached (its new object is what the clone holds); getters run
    // meanwhile and may detach one that is not reached yet.
    const pending = new Map(transferList.map((t, i) => [t, i]));
    memory.clear();
    const transferOne = (t) => {
      const i = pending.get(t);
      pending.delete(t);
      // Step 5.1-5.2. A detached ArrayBuffer, or a port already shipped, is
      // a DataCloneError.
      if (t instanceof MessagePort) {
        if (portState.get(t).shipped) throw new DOMException(`${prefix}Port at index ${i} is already neutered.`, 'DataCloneError');
        const moved = movePort(t);
        memory.set(t, moved);
        return moved;
      }
      if (isPlatformTransferable(t)) {
        // An ImageBitmap: detached is a DataCloneError; else its bitmap
        // moves to the new object and it is detached.
        if (platform.isDetached(t)) throw new DOMException(`${prefix}ImageBitmap at index ${i} is already detached.`, 'DataCloneError');
        const moved = platform.transfer(t);
        memory.set(t, moved);
        return moved;
      }
      if (t.detached) throw new DOMException(`${prefix}ArrayBuffer at index ${i} is already detached.`, 'DataCloneError');
      const moved = t.transfer();
      memory.set(t, moved);
      return moved;
    };
    const outer = cloneContext;
    const outerLazy = lazyTransfer;
    cloneContext = prefix;
    lazyTransfer = { pending, transferOne };
    let result;
    try { result = clone(value, memory); } finally { cloneContext = outer; lazyTransfer = outerLazy; }
    // Step 5. The transferables the value did not reach are transferred now,
    // in order. Transferred ports are the message's `ports`, in the order of
    // the transfer list.
    for (const t of transferList) if (pending.has(t)) transferOne(t);
    transferredPorts = transferList.filter((t) => t instanceof MessagePort).map((t) => memory.get(t));
    return result;
  }
  // While a value is serialized: the transferables not transferred yet.
  let lazyTransfer = null;
  const TYPED = [Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array, Float32Array, Float64Array, BigInt64Array, BigUint64Array];
  const ERRORS = { Error, EvalError, RangeError, ReferenceError, SyntaxError, TypeError, URIError };
  // Own data properties, even one named "__proto__" (no setter runs).
  function defineData(obj, key, value) {
    Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
  }
  function clone(v, memory) {
    const type = typeof v;
    if (type === 'symbol') throw dataCloneError(v.toString());
    if (type === 'function') throw dataCloneError(Function.prototype.toString.call(v).slice(0, 200));
    if (type !== 'object' || v === null) return v;
    if (memory.has(v)) return memory.get(v);
    if (lazyTransfer !== null && lazyTransfer.pending.has(v)) return lazyTransfer.transferOne(v);
    const t = tag(v);
    let out;
    switch (t) {
      case 'Boolean': out = Object(Boolean.prototype.valueOf.call(v)); break;
      case 'Number': out = Object(Number.prototype.valueOf.call(v)); break;
      case 'String': out = Object(String.prototype.valueOf.call(v)); break;
      case 'BigInt': out = Object(BigInt.prototype.valueOf.call(v)); break;
      case 'Date': out = new RealDate(RealDate.prototype.getTime.call(v)); break;
      case 'RegExp': out = new RegExp(v.source, v.flags); break;
      case 'ArrayBuffer': {
        if (v.detached) throw dataCloneError('An ArrayBuffer is detached and');
        if (v.resizable) {
          out = new ArrayBuffer(v.byteLength, { maxByteLength: v.maxByteLength });
          new Uint8Array(out).set(new Uint8Array(v));
        } else {
          out = v.slice(0);
        }
        break;
      }
      case 'DataView': out = new DataView(clone(v.buffer, memory), v.byteOffset, v.byteLength); break;
      case 'Map': { out = new Map(); memory.set(v, out); for (const [k, x] of v) out.set(clone(k, memory), clone(x, memory)); return out; }
      case 'Set': { out = new Set(); memory.set(v, out); for (const x of v) out.add(clone(x, memory)); return out; }
      case 'DOMException':
        if (!(v instanceof DOMException)) throw dataCloneError(con.inspect(v));
        out = new DOMException(v.message, v.name);
        break;
      case 'Error': {
        // (DOMException is [Serializable] of its own, not an Error.)
        if (v instanceof DOMException) { out = new DOMException(v.message, v.name); break; }
        // https://html.spec.whatwg.org/multipage/structured-data.html#structuredserializeinternal
        // Step 17.1-17.4: the name (one of the seven, else "Error"), and the
        // message only if "message" is an own data property.
        const C = Object.hasOwn(ERRORS, String(v.name)) ? ERRORS[String(v.name)] : Error;
        const d = Object.getOwnPropertyDescriptor(v, 'message');
        out = d !== undefined && 'value' in d ? new C(String(d.value)) : new C();
        memory.set(v, out);
        if ('stack' in v) Object.defineProperty(out, 'stack', { value: String(v.stack), writable: true, configurable: true });
        if ('cause' in v) out.cause = clone(v.cause, memory);
        return out;
      }
      case 'Array': {
        out = new Array(v.length);
        memory.set(v, out);
        for (const k of Object.keys(v)) defineData(out, k, clone(v[k], memory));
        return out;
      }
      case 'Object': {
        if (v instanceof DOMException) { out = new DOMException(v.message, v.name); break; }
        if (Object.getPrototypeOf(v) !== Object.prototype && Object.getPrototypeOf(v) !== null && !isPlainish(v)) throw dataCloneError(con.inspect(v));
        out = {};
        memory.set(v, out);
        for (const k of Object.keys(v)) defineData(out, k, clone(v[k], memory));
        return out;
      }
      default: {
        if (blobHooks !== null && blobHooks.isBlob(v)) { out = blobHooks.clone(v); break; }
        // ImageData and ImageBitmap (22_image.js) are serializable.
        if (blobHooks !== null && blobHooks.platform && blobHooks.platform.kind(v) !== null) { out = blobHooks.platform.make(blobHooks.platform.parts(v)); break; }
        if (blobHooks !== null && blobHooks.isFileList(v)) {
          const files = blobHooks.files(v);
          out = blobHooks.makeFileList(files.map((f) => clone(f, memory)));
          break;
        }
        const Typed = TYPED.find((C) => C.name === t);
        if (Typed) { out = new Typed(clone(v.buffer, memory), v.byteOffset, v.length); break; }
        throw dataCloneError(`#<${t}>`);
      }
    }
    memory.set(v, out);
    return out;
  }
  // Class instances serialize as plain objects (their own enumerable data),
  // except platform objects, which are not serializable.
  function isPlainish(v) {
    return !(v instanceof EventTarget) && !(v instanceof Event) && !(v instanceof WeakMap) && !(v instanceof WeakSet) && !(v instanceof Promise) && !(typeof WeakRef === 'function' && v instanceof WeakRef);
  }
  function tag(v) { return Object.prototype.toString.call(v).slice(8, -1); }
  // Blob and File (12_file.js) are serializable.
  let blobHooks = null;

  // ---------------------------------------------------------------- MessageChannel
  // https://html.spec.whatwg.org/multipage/web-messaging.html#message-ports
  // Each port's message queue, its enabled flag and its entanglement are the
  // loop's (host.port*, by the port's id: src/browser/ports.rs). Here: the
  // objects, the entangled port object when it lives in this realm (the
  // task that delivers a message holds the port it fires at), and, when it
  // lives in another realm, its id.
  const portState = new WeakMap();
  let constructingPort = false;
  let reusedPortId = null;
  // (The first port made tells the host the private name of its state:
  // browser/port_post.rs.)
  let portPostKit = !TRACING;
  class MessagePort extends EventTarget {
    // (The port's state, also in portState: the raw postMessage reads it here.)
    #state;
    constructor() {
      super();
      if (!constructingPort) throw new TypeError("Failed to construct 'MessagePort': Illegal constructor");
      // id: the port's process-wide id (its queue in the loop); entangled:
      // the entangled port, if it lives in this realm; remote: its id, if it
      // lives in another (a worker's); reachable: other realms can reach
      // this port by its id.
      const id = reusedPortId !== null ? reusedPortId : host.portOpen();
      reusedPortId = null;
      this.#state = { id, entangled: null, remote: null, reachable: false, closed: false, shipped: false };
      portState.set(this, this.#state);
      if (portPostKit) { portPostKit = false; host.portPostKit(this); }
    }
    // https://html.spec.whatwg.org/multipage/web-messaging.html#message-port-post-message-steps
    postMessage(message, options = undefined) {
      const context = "Failed to execute 'postMessage' on 'MessagePort'";
      if (arguments.length === 0) throw new TypeError(`${context}: 1 argument required, but only 0 present.`);
      // postMessage(message, transfer) or postMessage(message, options).
      if (options !== undefined && options !== null && typeof options !== 'object' && typeof options !== 'function') {
        throw new TypeError(`${context}: Overload resolution failed.`);
      }
      const transfer = options === undefined || options === null ? undefined : typeof options[Symbol.iterator] === 'function' ? options : options.transfer;
      const s = portState.get(this);
      // Step 1. Let targetPort be the port with which this is entangled, if any.
      const targetPort = s.entangled;
      // Step 2–3. If transfer contains this MessagePort (or targetPort), throw a DataCloneError.
      if (transfer !== undefined && transfer !== null && typeof transfer[Symbol.iterator] === 'function') {
        const list = [...transfer];
        const at = list.findIndex((t) => t === this || (targetPort !== null && t === targetPort));
        if (at >= 0) throw new DOMException(`${context}: Port at index ${at} contains the ${list[at] === this ? 'source' : 'target'} port.`, 'DataCloneError');
      }
      // The entangled port lives in another realm (a worker's): serialize
      // for another thread, and send it there.
      if (targetPort === null && s.remote !== null) {
        const [record, buffers, ports] = crossThread().serialize(message, transfer);
        host.postToPort(s.remote, record, buffers, ports);
        return;
      }
      // Step 4–5. Let serializeWithTransferResult be StructuredSerializeWithTransfer(message, transfer). Rethrow.
      // (A primitive with no transfer list is its own serialization: no call.)
      let data, ports;
      if (transfer === undefined && (message === null || (typeof message !== 'object' && typeof message !== 'function' && typeof message !== 'symbol'))) {
        data = message;
        ports = NO_PORTS;
      } else {
        data = structuredCloneWithTransfer(message, transfer, context);
        ports = transferredPorts;
      }
      // Step 6. If targetPort is null, then return.
      if (targetPort === null) return;
      // Step 7. Add a task that runs the following steps to the port message queue of targetPort.
      host.portPost(portState.get(targetPort).id, targetPort, data, ports, TRACING ? callerOrigin() : undefined);
    }
    // https://html.spec.whatwg.org/multipage/web-messaging.html#dom-messageport-start
    start() { enablePort(this); }
    // https://html.spec.whatwg.org/multipage/web-messaging.html#dom-messageport-close
    close() {
      const s = portState.get(this);
      if (s.shipped) return;
      s.closed = true;
      host.portClose(s.id);
      if (s.entangled) { portState.get(s.entangled).entangled = null; s.entangled = null; }
      s.remote = null;
    }
  }
  // postMessage of a primitive to a port of this realm, a raw C function
  // (browser/port_post.rs; the method above is its fallback, and under
  // --trace the method itself, for the call sites it traces).
  if (!TRACING) {
    const post = host.nativePostMessage(MessagePort.prototype.postMessage, NO_PORTS);
    Object.defineProperty(MessagePort.prototype, 'postMessage', { value: post, writable: true, enumerable: false, configurable: true });
    if (typeof host.stackFrameless === 'function') host.stackFrameless(post);
  }
  // Setting onmessage implicitly calls start().
  defineEventHandler(MessagePort.prototype, 'onmessage', (port) => enablePort(port));
  defineEventHandler(MessagePort.prototype, 'onmessageerror');
  defineEventHandler(MessagePort.prototype, 'onclose');

  // The steps of a port message task (the loop performs them): fire
  // "message" at the port.
  // (newMessageEvent and fireTrusted, inline: the event is trusted as it is
  // made; a port's parent is null.)
  function firePortMessage(port, data, ports) {
    // (messageState('message', true, data, '', null, ports), inline.)
    uaState = ['message', false, false, false, null, null, null, 0, EMPTY_PATH, false, false, false, false, true, false, true, host.now(),
      data, '', '', null, ports.length === 0 ? null : Object.freeze(ports.slice())];
    const event = construct(Event, NO_ARGUMENTS, MessageEvent);
    dispatch(port, event, false, true);
    // When the port's one listener is its onmessage handler's, a function
    // (the short path's event handler call, above), the host fires the
    // port's next messages itself while that holds (port_fire.rs checks it
    // each time; not under --trace, whose call stacks name the listener).
    if (TRACING) return;
    const own = listenersOf.get(port);
    if (own === undefined || own.length !== 1) return;
    const l = own[0];
    const h = l.handler;
    if (h === null || l.type !== 'message' || l.capture || l.once || l.passive || l.path === null || typeof h.value !== 'function') return;
    const s = portState.get(port);
    if (s === undefined || s.closed || s.shipped) return;
    hostFiresPorts = true;
    host.portFire(s.id, port, own, l, h, l.path, event, MessageEvent.prototype, IS_TRUSTED_GETTER, EMPTY_PATH, currentEvent, NO_PORTS);
  }
  function newPort(id = null) {
    constructingPort = true;
    reusedPortId = id;
    try { return new MessagePort(); } finally { constructingPort = false; reusedPortId = null; }
  }
  // A transferred port within this realm: a new port object takes over the
  // id, the entanglement and the queued messages; the old one is neutered.
  function movePort(port) {
    const s = portState.get(port);
    const moved = newPort(s.id);
    const n = portState.get(moved);
    Object.assign(n, { entangled: s.entangled, remote: s.remote, reachable: s.reachable });
    host.portReopen(s.id, moved);
    if (n.entangled) portState.get(n.entangled).entangled = moved;
    if (n.reachable) portsById.set(n.id, moved);
    Object.assign(s, { entangled: null, remote: null, reachable: false, shipped: true });
    return moved;
  }

  // ---------------------------------------------------------------- ports across threads
  // A port reached from another realm is known there by its id; the host
  // routes a message for an id to the loop that owns the port now.
  const portsById = new Map();
  let crossThreadSerializer = null;
  const crossThread = () => crossThreadSerializer;
  function idOf(port) {
    const s = portState.get(port);
    if (!s.reachable) { s.reachable = true; host.adoptPort(s.id); portsById.set(s.id, port); }
    return s.id;
  }
  const portHooks = {
    isPort: (v) => v instanceof MessagePort,
    // The messages waiting in the port's queue (taken: they go with it).
    queued: (port) => host.portTake(portState.get(port).id).map((m) => m[0] === 0 ? m[1] : crossThreadSerializer.deserialize(m[1], m[2])[0]),
    // Shipping a port to another realm: its entangled port (if here) now
    // reaches it by id; this object is neutered.
    ship(port) {
      const s = portState.get(port);
      if (s.shipped) throw new DOMException('A MessagePort could not be cloned because it was already neutered.', 'DataCloneError');
      const id = idOf(port);
      let partner = s.remote;
      if (s.entangled) {
        const other = s.entangled;
        partner = idOf(other);
        Object.assign(portState.get(other), { entangled: null, remote: id });
      }
      portsById.delete(id);
      Object.assign(s, { entangled: null, remote: null, reachable: false, shipped: true });
      return [id, partner];
    },
    // A port arriving from another realm: entangled locally if its partner
    // is here, else by id.
    adopt(id, partner) {
      const port = newPort(id);
      const s = portState.get(port);
      s.reachable = true;
      portsById.set(id, port);
      host.adoptPort(id);
      const local = partner === null ? undefined : portsById.get(partner);
      if (local) {
        s.entangled = local;
        Object.assign(portState.get(local), { entangled: port, remote: null });
      } else {
        s.remote = partner;
      }
      return port;
    },
    // Its carried messages go into its queue, ahead of any that reached it
    // before it arrived.
    settle(port, queued) {
      const s = portState.get(port);
      host.portSettle(s.id, s.entangled ? portState.get(s.entangled).id : s.remote, port, queued);
    },
  };
  function connectSerializer(ser) {
    crossThreadSerializer = ser;
    ser.setPortHooks(portHooks);
  }
  // The steps of a message from another thread, taken from the port's
  // message queue: deserialize it in this realm and fire it.
  function deliverPortMessage(id, record, buffers) {
    const port = portsById.get(id);
    if (!port) return;
    const [data, ports] = crossThreadSerializer.deserialize(record, buffers);
    const event = newMessageEvent(data, ports);
    stateOf(event)[IS_TRUSTED] = true;
    dispatch(port, event, false, true);
  }
  function enablePort(port) {
    const s = portState.get(port);
    if (!s.shipped) host.portEnable(s.id);
  }
  class MessageChannel {
    #port1; #port2;
    constructor() {
      constructingPort = true;
      try { this.#port1 = new MessagePort(); this.#port2 = new MessagePort(); } finally { constructingPort = false; }
      // Step 3. Entangle this's port 1 and this's port 2.
      const s1 = portState.get(this.#port1), s2 = portState.get(this.#port2);
      s1.entangled = this.#port2;
      s2.entangled = this.#port1;
      host.portEntangle(s1.id, s2.id);
    }
    get port1() { return this.#port1; }
    get port2() { return this.#port2; }
  }

  // https://html.spec.whatwg.org/multipage/web-messaging.html#dom-window-postmessage
  // The page's origin: a tuple origin for a page served over http (--root),
  // an opaque origin for a file: page. An opaque origin is same origin only
  // with itself, and no parsed URL has this page's opaque origin.
  const OPAQUE = {};
  // The agent's windows (the page's and its iframes'; an iframe's window
  // adopts its parent's record): each window's document origin, and the
  // windows whose scripts have each URL. QuickJS does not say which realm
  // called a function, so the incumbent settings object is found from the
  // caller's script URL in the call stack (docs/deviations.md).
  let agent = { origins: new WeakMap(), scripts: new Map() };
  function registerScript(url) {
    let list = agent.scripts.get(url);
    if (!list) agent.scripts.set(url, list = []);
    if (!list.includes(g)) list.push(g);
  }
  {
    const m = /^(https?:\/\/[^/?#]*)/i.exec(host.documentURL || '');
    agent.origins.set(g, m ? m[1].toLowerCase() : OPAQUE);
    registerScript(host.documentURL);
    registerScript(host.scriptName);
  }
  // An iframe's window joins its parent's agent; an about:blank or
  // about:srcdoc document has its parent's origin.
  function adoptAgent(parentAgent, parentWindow, inheritOrigin) {
    for (const [url, list] of agent.scripts) for (const w of list) {
      let l = parentAgent.scripts.get(url);
      if (!l) parentAgent.scripts.set(url, l = []);
      if (!l.includes(w)) l.push(w);
    }
    parentAgent.origins.set(g, inheritOrigin ? parentAgent.origins.get(parentWindow) : agent.origins.get(g));
    agent = parentAgent;
  }
  function originOf(win) { return agent.origins.has(win) ? agent.origins.get(win) : OPAQUE; }
  // The serialization of this global's origin (an opaque one's is "null").
  function serializedOrigin() { const o = originOf(g); return o === OPAQUE ? 'null' : o; }
  // https://html.spec.whatwg.org/multipage/webappapis.html#dom-origin
  // [Replaceable] readonly attribute USVString origin.
  replaceable('origin', function origin() { return serializedOrigin(); });
  Object.defineProperty(Object.getOwnPropertyDescriptor(g, 'origin').get, 'name', { value: 'get origin' });
  // https://html.spec.whatwg.org/multipage/webappapis.html#incumbent
  function incumbentWindow() {
    for (const l of String(new Error().stack).split('\n')) {
      if (!l.trim() || GLUE.test(l)) continue;
      // "at NAME (URL:LINE:COL)" or "at URL:LINE:COL" (a data: URL may
      // hold spaces and parentheses).
      const m = /^\s*at \S+ \((.*):\d+:\d+\)\s*$/.exec(l) || /^\s*at (.*):\d+:\d+\s*$/.exec(l);
      if (!m) continue;
      const list = agent.scripts.get(m[1]);
      if (!list || list.length === 0) return g;
      // (Windows whose scripts share a URL, two iframes of one page: the
      // caller is taken to be another window than the target.)
      return list.find((w) => w !== g) ?? g;
    }
    return g;
  }
  // (An opaque origin serializes as "null"; each window's OPAQUE is an
  // object of its own realm.)
  function serializeOrigin(o) { return typeof o === 'string' ? o : 'null'; }
  // https://html.spec.whatwg.org/multipage/web-messaging.html#window-post-message-steps
  // (the incumbent settings object is this realm's: every script runs in
  // the one window of this event loop's realm).
  function windowPostMessageSteps(targetWindow, message, options) {
    const context = "Failed to execute 'postMessage' on 'Window'";
    // Step 2. Let incumbentSettings be the incumbent settings object.
    const incumbent = incumbentWindow();
    const incumbentOrigin = originOf(incumbent);
    // Step 3. Let targetOrigin be options["targetOrigin"].
    let targetOrigin = options.targetOrigin === undefined ? '/' : String(options.targetOrigin);
    if (targetOrigin === '/') {
      // Step 4. If targetOrigin is a single U+002F SOLIDUS character (/),
      // then set targetOrigin to incumbentSettings's origin.
      targetOrigin = incumbentOrigin;
    } else if (targetOrigin !== '*') {
      // Step 5. Otherwise, if targetOrigin is not "*": parse it; failure
      // throws a "SyntaxError" DOMException; else set targetOrigin to
      // parsedURL's origin.
      let parsed;
      try { parsed = new g.URL(targetOrigin); } catch {
        throw new DOMException(`${context}: Invalid target origin '${targetOrigin}' in a call to 'postMessage'.`, 'SyntaxError');
      }
      targetOrigin = parsed.origin === 'null' ? {} : parsed.origin;
    }
    // Steps 6-7. Let transfer be options["transfer"];
    // StructuredSerializeWithTransfer (exceptions are rethrown).
    const data = structuredCloneWithTransfer(message, options.transfer, context);
    const ports = transferredPorts;
    // Step 8. Queue a global task on the posted message task source given
    // targetWindow to run these steps:
    host.queueTask('posted-message', 'window.postMessage', () => {
      // Step 8.1. If targetOrigin is not "*" and is not same origin with
      // targetWindow's associated Document's origin, then return.
      if (targetOrigin !== '*' && targetOrigin !== originOf(targetWindow)) return;
      // Step 8.2. Let origin be the serialization of incumbentSettings's origin.
      // Step 8.3. Let source be the WindowProxy of incumbentSettings's global.
      // Steps 8.4-8.6. Deserialize (done: the clone is already this realm's),
      // and fire "message" at targetWindow with origin, source and ports.
      fireTrusted(targetWindow, newMessageEvent(data, ports, serializeOrigin(incumbentOrigin), incumbent));
    }, callerOrigin());
  }
  // (A worker's global has its own postMessage, 15_workers.js, or, a shared
  // worker's, none.)
  if (!host.isWorker) define(g, {
    // https://html.spec.whatwg.org/multipage/web-messaging.html#dom-window-postmessage-options
    postMessage(message, targetOrigin = undefined, transfer = undefined) {
      if (arguments.length === 0) throw new TypeError("Failed to execute 'postMessage' on 'Window': 1 argument required, but only 0 present.");
      // postMessage(message, options) or postMessage(message, targetOrigin,
      // transfer): the latter runs the steps with «[ "targetOrigin" →
      // targetOrigin, "transfer" → transfer ]».
      // (undefined, null and objects select the dictionary overload.)
      let options;
      if (targetOrigin === undefined || targetOrigin === null) options = {};
      else if (typeof targetOrigin === 'object' || typeof targetOrigin === 'function') options = targetOrigin;
      else options = { targetOrigin: String(targetOrigin), transfer };
      return windowPostMessageSteps(g, message, options);
    },
  });

  define(g, { Event, CustomEvent, ErrorEvent, MessageEvent, PromiseRejectionEvent, CloseEvent, EventTarget, DOMException, MessageChannel, MessagePort, AbortController, AbortSignal });
  // https://dom.spec.whatwg.org/#dom-window-event
  // Window only (not WorkerGlobalScope); Window is [Global], so the
  // attribute is on the window itself, and [Replaceable]: setting it
  // replaces it with a data property.
  if (!host.isWorker) {
    Object.defineProperty(g, 'event', {
      configurable: true, enumerable: true,
      // (A message the host fires keeps its event with the host while
      // the holder is empty: port_fire.rs.)
      get: function event() { const e = currentEvent[0]; return e !== undefined ? e : host.hostEvent(); },
      set: function event(v) { Object.defineProperty(g, 'event', { value: v, writable: true, enumerable: true, configurable: true }); },
    });
  }
  return {
    frameHints, reportException, processRejections, reportErrorEvent, runningScriptIs, navigable, setChildNavigables, adoptAgent, agent: () => agent, connectSerializer, deliverPortMessage, firePortMessage, finishInterfaces,
    setBlobHooks: (hooks) => { blobHooks = hooks; },
    // For the DOM glue (20_dom.js).
    Event, EventTarget, DOMException, define, replaceable, serializedOrigin, callerOrigin, hooks,
    eventInternals: (event) => stateOf(event),
    EVENT_STATE: { TYPE, BUBBLES, CANCELABLE, COMPOSED, TARGET, RELATED_TARGET, CURRENT_TARGET, EVENT_PHASE, PATH, CANCELED, STOP, STOP_IMMEDIATE, DISPATCHING, INITIALIZED, IN_PASSIVE, IS_TRUSTED, TIME_STAMP },
    dispatch, fireTrusted, defineEventHandler, newMessageEvent, setEventHandlerSource, setEventHandler,
    currentHandlerValue, signalAbort,
    // StructuredSerializeForStorage then deserialize (history.pushState).
    structuredCopy: (value, context) => structuredCloneWithTransfer(value, undefined, context),
    // For TaskSignal and TaskController (24_scheduler.js).
    signals: {
      state: (signal) => signalState.get(signal),
      construct: (make) => { constructingSignal = true; try { return make(); } finally { constructingSignal = false; } },
      createDependent: createDependentSignal,
      nextControllerSignal: (signal) => { nextControllerSignal = signal; },
    },
    // Queues a glue job on the one microtask queue (no trace line of its own).
    enqueueMicrotask: (f) => { thenWithoutTrace.call(resolved, f); },
  };
})
