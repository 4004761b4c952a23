// jsloop node glue: the `WebSocket` client (Node 22+'s global, undici's),
// `CloseEvent` and `MessageEvent`, over node:net and node:tls. The API and
// its steps are the WebSockets Standard's
// (https://websockets.spec.whatwg.org/); the opening handshake and the
// framing are RFC 6455's. Everything arrives in the poll phase, as the
// socket's data does.
(function (internals) {
  'use strict';
  const { Buffer } = internals.require('buffer');
  // net and crypto are read when a WebSocket first connects: a port's
  // MessageEvent (this file's too) needs neither.
  let netModule = null;
  let cryptoModule = null;
  const net = () => (netModule ??= internals.require('net'));
  const crypto = () => (cryptoModule ??= internals.require('crypto'));
  const { EventTarget, Event } = internals.global;
  const host = internals.host;

  // https://html.spec.whatwg.org/multipage/comms.html#messageevent
  // (A port's message event is made from values already checked: no
  // MessageEventInit conversions. PORT_INIT is what the constructor is given
  // then; the values wait in portValues.) `ports` is a FrozenArray (undici's
  // freezes it): a frozen array of the event's own; a port's event that
  // carried none has null there until `ports` is first read, and then a new
  // frozen empty array (node/port_fire.rs makes such events too).
  const PORT_INIT = Object.freeze({ __proto__: null });
  let portValues = null;
  // undici's webidl checks, as Node 24 has them: a member called on
  // another object is a TypeError 'Illegal invocation' with code
  // ERR_INVALID_THIS (brandCheck); too few arguments, argumentLengthCheck's
  // TypeError.
  const illegalInvocation = () => {
    const err = new TypeError('Illegal invocation');
    err.code = 'ERR_INVALID_THIS';
    return err;
  };
  // brandCheck(V, I) is `I[Symbol.hasInstance]`'s ordinary walk of V's
  // prototype chain (Function.prototype's, whatever I has): an object made
  // with Object.create(event) passes it, and then the read of the private
  // field it lacks throws V8's TypeError.
  const hasInstance = Function.prototype[Symbol.hasInstance];
  const noPrivate = (C, self, name) => (Reflect.apply(hasInstance, C, [self])
    ? new TypeError(`Cannot read private member #${name} from an object whose class did not declare it`)
    : illegalInvocation());
  const argumentLengthCheck = (args, min, context) => {
    if (args.length < min) {
      throw new TypeError(`${context}: ${min} argument${min !== 1 ? 's' : ''} required, but${args.length ? ' only' : ''} ${args.length} found.`);
    }
  };
  // (Brand tests, for the serializer: Node 24's undici marks both classes'
  // objects uncloneable.)
  let isMessageEvent, isCloseEvent;
  class MessageEvent extends Event {
    // [data, origin, lastEventId, source, ports or null] (one field: see
    // Event).
    #m;
    // (undici's brandCheck, then the receiver's field: an object that
    // passed the check through its prototype chain throws V8's error for
    // the private field. A port's MessageEvent the host made,
    // node/message_event.rs, has no private field: its state is Rust's, and
    // host.nodeEventState(event, 1) its array once read; its `data` is read
    // by the host's raw getter, which comes here for any other receiver.)
    static #state(self) {
      if (!Reflect.apply(hasInstance, MessageEvent, [self])) throw illegalInvocation();
      try { return self.#m; } catch {
        const m = self !== null && typeof self === 'object' ? host.nodeEventState(self, 1) : undefined;
        if (m !== undefined) return m;
        throw noPrivate(MessageEvent, self, 'eventInit');
      }
    }
    static { isMessageEvent = (v) => #m in v || host.isNodeEvent(v); }
    constructor(type, init = {}) {
      if (init !== PORT_INIT) argumentLengthCheck(arguments, 1, 'MessageEvent constructor');
      super(type, init);
      if (init === PORT_INIT && portValues !== null) {
        this.#m = [portValues[0], '', '', null, portValues[1]];
        portValues = null;
        return;
      }
      const data = init.data === undefined ? null : init.data;
      const origin = init.origin === undefined ? '' : String(init.origin);
      const lastEventId = init.lastEventId === undefined ? '' : String(init.lastEventId);
      // Web IDL's conversion of the MessageEventInit dictionary (Node's
      // undici words the errors so): source is a MessagePort or null, ports
      // a sequence of MessagePorts.
      const MessagePort = internals.global.MessagePort;
      const shown = (v) => (v !== null && typeof v === 'object' ? internals.require('util').inspect(v) : String(v));
      const notPort = (what, v) => new TypeError(`MessageEvent constructor: Expected eventInitDict.${what} ("${shown(v)}") to be an instance of MessagePort.`);
      if (init.source !== undefined && init.source !== null && !(init.source instanceof MessagePort)) throw notPort('source', init.source);
      if (init.ports !== undefined && (init.ports === null || typeof init.ports[Symbol.iterator] !== 'function')) {
        throw new TypeError(`MessageEvent constructor: eventInitDict.ports (${shown(init.ports)}) is not iterable.`);
      }
      const ports = init.ports === undefined ? [] : [...init.ports];
      ports.forEach((p, i) => { if (!(p instanceof MessagePort)) throw notPort(`ports[${i}]`, p); });
      this.#m = [data, origin, lastEventId, init.source === undefined ? null : init.source, Object.freeze(ports)];
    }
    // (Replaced below by the host's raw getter, which falls back on this.)
    get data() { return MessageEvent.#state(this)[0]; }
    get origin() { return MessageEvent.#state(this)[1]; }
    get lastEventId() { return MessageEvent.#state(this)[2]; }
    get source() { return MessageEvent.#state(this)[3]; }
    get ports() { const m = MessageEvent.#state(this); return m[4] ?? (m[4] = Object.freeze([])); }
    // (undici's: a new event, this one unchanged.)
    initMessageEvent(type, bubbles = false, cancelable = false, data = null, origin = '', lastEventId = '', source = null, ports = []) {
      if (!Reflect.apply(hasInstance, MessageEvent, [this])) throw illegalInvocation();
      argumentLengthCheck(arguments, 1, 'MessageEvent.initMessageEvent');
      return new MessageEvent(type, { bubbles, cancelable, data, origin, lastEventId, source, ports });
    }
  }
  // https://websockets.spec.whatwg.org/#the-closeevent-interface
  class CloseEvent extends Event {
    #wasClean; #code; #reason;
    static #check(self) {
      try { self.#code; } catch { throw noPrivate(CloseEvent, self, 'eventInit'); }
    }
    static { isCloseEvent = (v) => #code in v; }
    constructor(type, init = {}) {
      argumentLengthCheck(arguments, 1, 'CloseEvent constructor');
      super(type, init);
      this.#wasClean = Boolean(init.wasClean);
      this.#code = init.code === undefined ? 0 : Number(init.code) & 0xffff;
      this.#reason = init.reason === undefined ? '' : String(init.reason);
    }
    get wasClean() { CloseEvent.#check(this); return this.#wasClean; }
    get code() { CloseEvent.#check(this); return this.#code; }
    get reason() { CloseEvent.#check(this); return this.#reason; }
  }

  const CONNECTING = 0;
  const OPEN = 1;
  const CLOSING = 2;
  const CLOSED = 3;
  const GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';
  const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
  const syntaxError = (message) => new DOMException(message, 'SyntaxError');

  // https://websockets.spec.whatwg.org/#the-websocket-interface
  class WebSocket extends EventTarget {
    #url; #readyState = CONNECTING; #protocol = ''; #extensions = ''; #binaryType = 'blob';
    #bufferedAmount = 0; #socket = null; #handlers = {}; #buffer = Buffer.alloc(0);
    #fragments = null; #fragmentOpcode = 0; #closeSent = false; #closeReceived = null;
    #handshakeDone = false; #key = ''; #protocols = []; #failed = false;

    // https://websockets.spec.whatwg.org/#dom-websocket-websocket
    constructor(url, protocols = []) {
      super();
      if (arguments.length < 1) throw new TypeError("Failed to construct 'WebSocket': 1 argument required, but only 0 present.");
      // Steps 1-4: parse, map http(s) to ws(s), no fragment.
      let parsed;
      try { parsed = new URL(String(url)); } catch (cause) { throw syntaxError(`Failed to construct 'WebSocket': The URL '${url}' is invalid.`); }
      if (parsed.protocol === 'http:') parsed.protocol = 'ws:';
      else if (parsed.protocol === 'https:') parsed.protocol = 'wss:';
      if (parsed.protocol !== 'ws:' && parsed.protocol !== 'wss:') {
        throw syntaxError(`Failed to construct 'WebSocket': The URL's scheme must be either 'http', 'https', 'ws', or 'wss'. '${parsed.protocol}' is not allowed.`);
      }
      if (parsed.hash) throw syntaxError(`Failed to construct 'WebSocket': The URL contains a fragment identifier ('${parsed.hash}'). Fragment identifiers are not allowed in WebSocket URLs.`);
      // Steps 5-6: the protocols, tokens without duplicates.
      if (typeof protocols === 'string') protocols = [protocols];
      else if (protocols !== null && typeof protocols === 'object' && typeof protocols[Symbol.iterator] === 'function') protocols = [...protocols].map(String);
      else if (protocols === undefined || protocols === null) protocols = [];
      else protocols = [String(protocols)];
      const seen = new Set();
      for (const p of protocols) {
        if (!TOKEN.test(p)) throw syntaxError(`Failed to construct 'WebSocket': The subprotocol '${p}' is invalid.`);
        if (seen.has(p)) throw syntaxError(`Failed to construct 'WebSocket': The subprotocol '${p}' is duplicated.`);
        seen.add(p);
      }
      this.#url = parsed.href;
      this.#protocols = protocols;
      // Step 12: establish the connection (RFC 6455 section 4.1).
      this.#connect(parsed);
    }
    get url() { return this.#url; }
    get readyState() { return this.#readyState; }
    get bufferedAmount() { return this.#bufferedAmount; }
    get extensions() { return this.#extensions; }
    get protocol() { return this.#protocol; }
    get binaryType() { return this.#binaryType; }
    set binaryType(type) { if (type === 'blob' || type === 'arraybuffer') this.#binaryType = type; }

    #connect(url) {
      const secure = url.protocol === 'wss:';
      const port = url.port ? Number(url.port) : secure ? 443 : 80;
      const hostname = url.hostname.replace(/^\[|\]$/g, '');
      const socket = secure
        ? internals.require('tls').connect({ host: hostname, port, servername: net().isIP(hostname) ? undefined : hostname, ALPNProtocols: ['http/1.1'] })
        : net().connect({ host: hostname, port });
      this.#socket = socket;
      this.#key = crypto().randomBytes(16).toString('base64');
      const lines = [
        `GET ${url.pathname}${url.search} HTTP/1.1`,
        `Host: ${url.host}`,
        'Connection: Upgrade',
        'Upgrade: websocket',
        `Sec-WebSocket-Key: ${this.#key}`,
        'Sec-WebSocket-Version: 13',
      ];
      if (this.#protocols.length) lines.push(`Sec-WebSocket-Protocol: ${this.#protocols.join(', ')}`);
      lines.push('User-Agent: node', '', '');
      socket.on(secure ? 'secureConnect' : 'connect', () => socket.write(lines.join('\r\n')));
      socket.on('data', (data) => this.#onData(data));
      socket.on('error', () => this.#failConnection(1006));
      socket.on('close', () => this.#onClosed());
    }

    // RFC 6455 section 4.2.2 / 4.1: the server's handshake response.
    #onHandshake() {
      let head;
      try { head = host.httpParse(this.#buffer, false); } catch (_) { this.#failConnection(1006); return; }
      if (head === null) return;
      this.#buffer = this.#buffer.subarray(head.length);
      const headers = {};
      for (let i = 0; i < head.rawHeaders.length; i += 2) headers[head.rawHeaders[i].toLowerCase()] = head.rawHeaders[i + 1];
      const accept = crypto().createHash('sha1').update(this.#key + GUID).digest('base64');
      const protocol = headers['sec-websocket-protocol'];
      if (head.statusCode !== 101 || (headers.upgrade || '').toLowerCase() !== 'websocket'
        || !/(^|,)\s*upgrade\s*(,|$)/i.test(headers.connection || '') || headers['sec-websocket-accept'] !== accept
        || (protocol !== undefined && !this.#protocols.includes(protocol)) || headers['sec-websocket-extensions']) {
        this.#failConnection(1006);
        return;
      }
      this.#handshakeDone = true;
      // https://websockets.spec.whatwg.org/#feedback-from-the-protocol:
      // when the connection is established, readyState OPEN, then 'open'.
      this.#protocol = protocol || '';
      this.#readyState = OPEN;
      this.dispatchEvent(new Event('open'));
    }

    #onData(data) {
      this.#buffer = this.#buffer.length ? Buffer.concat([this.#buffer, data]) : data;
      if (!this.#handshakeDone) {
        this.#onHandshake();
        if (!this.#handshakeDone) return;
      }
      // RFC 6455 section 5.2: frames.
      while (!this.#failed) {
        const b = this.#buffer;
        if (b.length < 2) return;
        const fin = (b[0] & 0x80) !== 0;
        const rsv = b[0] & 0x70;
        const opcode = b[0] & 0x0f;
        const masked = (b[1] & 0x80) !== 0;
        let length = b[1] & 0x7f;
        let offset = 2;
        if (length === 126) { if (b.length < 4) return; length = b.readUInt16BE(2); offset = 4; }
        else if (length === 127) { if (b.length < 10) return; length = Number(b.readBigUInt64BE(2)); offset = 10; }
        if (masked) offset += 4;
        if (b.length < offset + length) return;
        let payload = b.subarray(offset, offset + length);
        if (masked) {
          // A server must not mask its frames (section 5.1).
          this.#failConnection(1002);
          return;
        }
        this.#buffer = b.subarray(offset + length);
        if (rsv) { this.#failConnection(1002); return; }
        if (opcode >= 8) {
          if (!fin || length > 125) { this.#failConnection(1002); return; }
          this.#onControl(opcode, payload);
          continue;
        }
        if (opcode === 0) {
          if (!this.#fragments) { this.#failConnection(1002); return; }
          this.#fragments.push(payload);
        } else if (opcode === 1 || opcode === 2) {
          if (this.#fragments) { this.#failConnection(1002); return; }
          this.#fragments = [payload];
          this.#fragmentOpcode = opcode;
        } else { this.#failConnection(1002); return; }
        if (!fin) continue;
        payload = Buffer.concat(this.#fragments);
        const type = this.#fragmentOpcode;
        this.#fragments = null;
        this.#onMessage(type, payload);
      }
    }

    // https://websockets.spec.whatwg.org/#feedback-from-the-protocol:
    // "When a WebSocket message has been received".
    #onMessage(type, payload) {
      if (this.#readyState !== OPEN) return;
      let data;
      if (type === 1) {
        // Text must be UTF-8 (RFC 6455 section 8.1): invalid is 1007.
        const text = payload.toString('utf8');
        if (!Buffer.from(text, 'utf8').equals(payload)) {
          this.#failConnection(1007);
          return;
        }
        data = text;
      } else if (this.#binaryType === 'arraybuffer') {
        data = payload.buffer.slice(payload.byteOffset, payload.byteOffset + payload.length);
      } else {
        data = new (internals.blobs().Blob)([payload]);
      }
      this.dispatchEvent(new MessageEvent('message', { data, origin: new URL(this.#url).origin }));
    }

    #onControl(opcode, payload) {
      if (opcode === 9) { this.#sendFrame(10, payload); return; }
      if (opcode === 10) return;
      // A Close frame (section 5.5.1): its code and reason.
      let code = 1005;
      let reason = '';
      if (payload.length === 1) { this.#failConnection(1002); return; }
      if (payload.length >= 2) {
        code = payload.readUInt16BE(0);
        reason = payload.subarray(2).toString('utf8');
      }
      this.#closeReceived = { code, reason };
      if (!this.#closeSent) {
        // Echo the Close frame (section 5.5.1), then the server closes TCP.
        this.#readyState = CLOSING;
        this.#sendFrame(8, payload.length >= 2 ? payload.subarray(0, 2) : Buffer.alloc(0));
        this.#closeSent = true;
      }
      // The client waits for the server to close the TCP connection (RFC
      // 6455 section 7.1.1; undici's receiver only ends its parser): the
      // server's end of stream ends the socket (allowHalfOpen is false).
    }

    // A client's frame: masked with a fresh key (section 5.3).
    #sendFrame(opcode, payload) {
      const length = payload.length;
      const head = length < 126 ? Buffer.alloc(6) : length < 65536 ? Buffer.alloc(8) : Buffer.alloc(14);
      head[0] = 0x80 | opcode;
      let offset;
      if (length < 126) { head[1] = 0x80 | length; offset = 2; }
      else if (length < 65536) { head[1] = 0x80 | 126; head.writeUInt16BE(length, 2); offset = 4; }
      else { head[1] = 0x80 | 127; head.writeBigUInt64BE(BigInt(length), 2); offset = 10; }
      const mask = crypto().randomBytes(4);
      mask.copy(head, offset);
      const body = Buffer.alloc(length);
      for (let i = 0; i < length; i += 1) body[i] = payload[i] ^ mask[i & 3];
      const frame = Buffer.concat([head, body]);
      this.#bufferedAmount += length;
      this.#socket.write(frame, () => { this.#bufferedAmount -= length; });
    }

    // https://websockets.spec.whatwg.org/#dom-websocket-send
    send(data) {
      if (arguments.length < 1) throw new TypeError("Failed to execute 'send' on 'WebSocket': 1 argument required, but only 0 present.");
      if (this.#readyState === CONNECTING) throw new DOMException("Failed to execute 'send' on 'WebSocket': Still in CONNECTING state.", 'InvalidStateError');
      let opcode = 2;
      let payload;
      const { Blob, bytesOf } = internals.blobs();
      if (data instanceof ArrayBuffer) payload = Buffer.from(new Uint8Array(data.slice(0)));
      else if (ArrayBuffer.isView(data)) payload = Buffer.from(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
      else if (data instanceof Blob) payload = bytesOf(data);
      else { opcode = 1; payload = Buffer.from(String(data), 'utf8'); }
      // Data sent after closing started only counts towards bufferedAmount.
      if (this.#readyState !== OPEN) { this.#bufferedAmount += payload.length; return; }
      this.#sendFrame(opcode, payload);
    }

    // https://websockets.spec.whatwg.org/#dom-websocket-close
    close(code = undefined, reason = undefined) {
      // Step 1: a code is 1000 or in 3000-4999.
      if (code !== undefined) {
        code = Number(code) & 0xffff;
        if (code !== 1000 && !(code >= 3000 && code <= 4999)) {
          throw new DOMException(`Failed to execute 'close' on 'WebSocket': The close code must be either 1000, or between 3000 and 4999. ${code} is neither.`, 'InvalidAccessError');
        }
      }
      // Step 2: a reason of at most 123 bytes.
      const reasonBytes = Buffer.from(reason === undefined ? '' : String(reason), 'utf8');
      if (reasonBytes.length > 123) throw syntaxError("Failed to execute 'close' on 'WebSocket': The close reason must not be greater than 123 UTF-8 bytes.");
      // Step 3: "close the WebSocket".
      if (this.#readyState === CLOSING || this.#readyState === CLOSED) return;
      if (this.#readyState === CONNECTING) {
        this.#failConnection(1006);
        this.#readyState = CLOSING;
        return;
      }
      this.#readyState = CLOSING;
      let payload = Buffer.alloc(0);
      if (code !== undefined) {
        payload = Buffer.alloc(2 + reasonBytes.length);
        payload.writeUInt16BE(code, 0);
        reasonBytes.copy(payload, 2);
      }
      this.#closeSent = true;
      this.#sendFrame(8, payload);
    }

    // "Fail the WebSocket connection" (RFC 6455 section 7.1.7): 'error',
    // then the close.
    #failConnection(code) {
      if (this.#failed) return;
      this.#failed = true;
      this.#failCode = code;
      if (this.#readyState === OPEN && code !== 1006) {
        const payload = Buffer.alloc(2);
        payload.writeUInt16BE(code, 0);
        this.#sendFrame(8, payload);
      }
      this.#socket.destroy();
    }
    #failCode = 0;

    // "When the WebSocket connection is closed" (the TCP connection's end).
    #onClosed() {
      if (this.#readyState === CLOSED) return;
      const wasClean = !this.#failed && this.#closeSent && this.#closeReceived !== null;
      const code = this.#closeReceived ? this.#closeReceived.code : 1006;
      const reason = this.#closeReceived && !this.#failed ? this.#closeReceived.reason : '';
      this.#readyState = CLOSED;
      // A failed connection fires 'error' first
      // (https://websockets.spec.whatwg.org/#closeWebSocket).
      if (this.#failed) this.dispatchEvent(new Event('error'));
      this.dispatchEvent(new CloseEvent('close', { wasClean, code: this.#failed ? 1006 : code, reason }));
    }
  }
  // onopen, onmessage, onerror, onclose: event handler attributes.
  for (const name of ['open', 'message', 'error', 'close']) {
    const handlers = new WeakMap();
    Object.defineProperty(WebSocket.prototype, `on${name}`, {
      configurable: true,
      enumerable: true,
      get() { return handlers.get(this)?.fn ?? null; },
      set(fn) {
        const old = handlers.get(this);
        if (old) this.removeEventListener(name, old.listener);
        if (typeof fn === 'function') {
          const listener = (e) => fn.call(this, e);
          handlers.set(this, { fn, listener });
          this.addEventListener(name, listener);
        } else handlers.delete(this);
      },
    });
  }
  for (const [k, v] of [['CONNECTING', 0], ['OPEN', 1], ['CLOSING', 2], ['CLOSED', 3]]) {
    Object.defineProperty(WebSocket, k, { value: v, enumerable: true });
    Object.defineProperty(WebSocket.prototype, k, { value: v, enumerable: true });
  }

  // MessageEvent's data getter reads a host-made event's Rust state
  // itself (node/message_event.rs), and calls the getter above for
  // anything else.
  Object.defineProperty(MessageEvent.prototype, 'data', {
    get: host.nodeDataGetter(Object.getOwnPropertyDescriptor(MessageEvent.prototype, 'data').get),
  });
  // (undici's classes name themselves, as Web IDL's @@toStringTag.)
  // Their members are enumerable, as undici defines them.
  for (const [C, name] of [[MessageEvent, 'MessageEvent'], [CloseEvent, 'CloseEvent']]) {
    Object.defineProperty(C.prototype, Symbol.toStringTag, { value: name, writable: false, enumerable: false, configurable: true });
    for (const key of Object.getOwnPropertyNames(C.prototype)) {
      if (key !== 'constructor') Object.defineProperty(C.prototype, key, { enumerable: true });
    }
  }
  // A MessagePort's MessageEvent, as Node's kCreateEvent makes it (lib/
  // internal/worker/io.js: new MessageEvent(type, { data, ports })), with the
  // port as its target and being dispatched; `ports` the ports the message
  // carried (an array of its own, frozen here) or null for none.
  const { setDispatching } = internals.eventTargets();
  function portMessageEvent(type, data, ports, target) {
    portValues = [data, ports === null ? null : Object.freeze(ports)];
    const event = new MessageEvent(type, PORT_INIT);
    setDispatching(event, target, true);
    return event;
  }
  internals.undiciEvent = (v) => isMessageEvent(v) || isCloseEvent(v);
  return { WebSocket, CloseEvent, MessageEvent, portMessageEvent };
})
