// jsloop node glue: `fetch`, `Headers`, `Request`, `Response` and
// `FormData` as Node's globals (Node's are undici's), over node:http and
// node:https. Names and steps follow the Fetch Standard
// (https://fetch.spec.whatwg.org/); where undici's observable behaviour
// differs from a browser's it is undici's (no CORS, no forbidden headers,
// a manual redirect returns the 3xx response itself, network errors are
// `TypeError: fetch failed` with the reason as `cause`).
(function (internals) {
  'use strict';
  const { Buffer } = internals.require('buffer');

  // https://fetch.spec.whatwg.org/#http-whitespace
  const HTTP_WS = /^[\t\n\r ]+|[\t\n\r ]+$/g;
  const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
  const NULL_BODY_STATUS = new Set([101, 103, 204, 205, 304]);
  const REDIRECT_STATUS = new Set([301, 302, 303, 307, 308]);

  // ------------------------------------------------------------ Headers
  // https://fetch.spec.whatwg.org/#headers-class
  const kList = Symbol('header list');
  const kGuard = Symbol('guard');
  // https://fetch.spec.whatwg.org/#concept-header-value-normalize
  function normalizeValue(v) { return String(v).replace(HTTP_WS, ''); }
  function validate(method, name, value) {
    if (!TOKEN.test(name)) throw new TypeError(`Headers.${method}: "${name}" is an invalid header name.`);
    // A header value has no NUL, CR or LF (https://fetch.spec.whatwg.org/#header-value).
    if (value !== undefined && /[\0\r\n]/.test(value)) throw new TypeError(`Headers.${method}: "${value}" is an invalid header value.`);
  }
  function byteString(v) {
    const s = String(v);
    for (let i = 0; i < s.length; i += 1) if (s.charCodeAt(i) > 255) throw new TypeError(`Cannot convert argument to a ByteString because the character at index ${i} has a value of ${s.charCodeAt(i)} which is greater than 255.`);
    return s;
  }
  class Headers {
    constructor(init = undefined) {
      // The header list: [lower-case name, value, name as given], in order.
      this[kList] = [];
      internals.uncloneable.add(this);
      this[kGuard] = 'none';
      if (init !== undefined && init !== null) fillHeaders(this, init);
      else if (init === null) throw new TypeError("Failed to construct 'Headers': The provided value is not of type '(record<ByteString, ByteString> or sequence<sequence<ByteString>>)'.");
    }
    // https://fetch.spec.whatwg.org/#dom-headers-append
    append(name, value) {
      if (arguments.length < 2) throw new TypeError(`Headers.append: ${arguments.length} arguments required, but only ${arguments.length} present.`);
      appendHeader(this, byteString(name), byteString(value));
    }
    // https://fetch.spec.whatwg.org/#dom-headers-delete
    delete(name) {
      name = byteString(name);
      validate('delete', name);
      if (this[kGuard] === 'immutable') throw new TypeError('immutable');
      const lower = name.toLowerCase();
      this[kList] = this[kList].filter(([n]) => n !== lower);
    }
    // https://fetch.spec.whatwg.org/#dom-headers-get
    get(name) {
      name = byteString(name);
      validate('get', name);
      const lower = name.toLowerCase();
      const values = this[kList].filter(([n]) => n === lower).map(([, v]) => v);
      return values.length ? values.join(', ') : null;
    }
    // https://fetch.spec.whatwg.org/#dom-headers-getsetcookie
    getSetCookie() { return this[kList].filter(([n]) => n === 'set-cookie').map(([, v]) => v); }
    has(name) {
      name = byteString(name);
      validate('has', name);
      const lower = name.toLowerCase();
      return this[kList].some(([n]) => n === lower);
    }
    // https://fetch.spec.whatwg.org/#dom-headers-set
    set(name, value) {
      name = byteString(name);
      value = normalizeValue(byteString(value));
      validate('set', name, value);
      if (this[kGuard] === 'immutable') throw new TypeError('immutable');
      const lower = name.toLowerCase();
      const list = this[kList];
      const first = list.findIndex(([n]) => n === lower);
      if (first < 0) list.push([lower, value, name]);
      else {
        list[first] = [lower, value, name];
        this[kList] = list.filter(([n], i) => i <= first || n !== lower);
      }
    }
    // https://fetch.spec.whatwg.org/#concept-header-list-sort-and-combine
    // Names sorted (byte order), values of one name joined with ", ",
    // except set-cookie, each of whose values is its own entry.
    *entries() {
      const names = [...new Set(this[kList].map(([n]) => n))].sort();
      for (const name of names) {
        if (name === 'set-cookie') for (const v of this.getSetCookie()) yield [name, v];
        else yield [name, this.get(name)];
      }
    }
    *keys() { for (const [k] of this.entries()) yield k; }
    *values() { for (const [, v] of this.entries()) yield v; }
    forEach(callback, thisArg) {
      if (typeof callback !== 'function') throw new TypeError("Headers.forEach: Argument 1 is not of type 'Function'.");
      for (const [k, v] of this.entries()) callback.call(thisArg, v, k, this);
    }
    [Symbol.iterator]() { return this.entries(); }
    get [Symbol.toStringTag]() { return 'Headers'; }
    [Symbol.for('nodejs.util.inspect.custom')](depth, options, inspect) {
      const o = {};
      for (const [k, v] of this.entries()) o[k] = k in o ? [].concat(o[k], v) : v;
      return `Headers ${(inspect || internals.host.inspect)(o, options)}`;
    }
  }
  // https://fetch.spec.whatwg.org/#concept-headers-append
  function appendHeader(headers, name, value) {
    value = normalizeValue(value);
    validate('append', name, value);
    if (headers[kGuard] === 'immutable') throw new TypeError('immutable');
    // (The name as given is what goes on the wire, as undici sends it.)
    headers[kList].push([name.toLowerCase(), value, name]);
  }
  // https://fetch.spec.whatwg.org/#concept-headers-fill
  function fillHeaders(headers, object) {
    if (typeof object !== 'object' && typeof object !== 'function') {
      throw new TypeError("Headers constructor: The provided value is not of type '(record<ByteString, ByteString> or sequence<sequence<ByteString>>)'.");
    }
    if (object instanceof Headers) {
      for (const entry of object[kList]) headers[kList].push([...entry]);
      return;
    }
    if (typeof object[Symbol.iterator] === 'function') {
      for (const pair of object) {
        const p = typeof pair === 'string' ? pair : [...pair];
        if (p.length !== 2) throw new TypeError('Headers constructor: expected name/value pair to be length 2, found ' + p.length + '.');
        appendHeader(headers, byteString(p[0]), byteString(p[1]));
      }
      return;
    }
    for (const key of Reflect.ownKeys(object)) {
      const desc = Reflect.getOwnPropertyDescriptor(object, key);
      if (desc === undefined || !desc.enumerable) continue;
      if (typeof key === 'symbol') throw new TypeError('Headers constructor: Key is a symbol, which cannot be converted to a ByteString.');
      appendHeader(headers, byteString(key), byteString(object[key]));
    }
  }
  function headersFrom(list, guard) {
    const h = new Headers();
    h[kList] = list;
    h[kGuard] = guard;
    return h;
  }

  // ------------------------------------------------------------ bodies
  // https://fetch.spec.whatwg.org/#concept-body: a stream, its source (to
  // clone and resend), its length.
  const kBody = Symbol('body');
  const kState = Symbol('state');
  function streamOfBytes(bytes) {
    return new ReadableStream({
      type: 'bytes',
      start(controller) {
        if (bytes.byteLength) controller.enqueue(new Uint8Array(bytes));
        controller.close();
      },
    });
  }
  // https://fetch.spec.whatwg.org/#concept-bodyinit-extract
  function extractBody(object, keepalive = false) {
    let source = null;
    let type = null;
    let stream = null;
    if (typeof object === 'string') {
      source = Buffer.from(object, 'utf8');
      type = 'text/plain;charset=UTF-8';
    } else if (object instanceof URLSearchParams) {
      source = Buffer.from(object.toString(), 'utf8');
      type = 'application/x-www-form-urlencoded;charset=UTF-8';
    } else if (object instanceof ArrayBuffer || (typeof SharedArrayBuffer === 'function' && object instanceof SharedArrayBuffer)) {
      source = Buffer.from(new Uint8Array(object.slice(0)));
    } else if (ArrayBuffer.isView(object)) {
      source = Buffer.from(new Uint8Array(object.buffer.slice(object.byteOffset, object.byteOffset + object.byteLength)));
    } else if (object instanceof internals.blobs().Blob) {
      source = internals.blobs().bytesOf(object);
      if (object.type) type = object.type;
    } else if (object instanceof FormData) {
      const boundary = `----formdata-undici-0${String(Math.random()).slice(2, 13).padStart(11, '0')}`;
      source = serializeFormData(object, boundary);
      type = `multipart/form-data; boundary=${boundary}`;
    } else if (object instanceof ReadableStream) {
      if (keepalive) throw new TypeError('keepalive');
      if (object.locked || isDisturbed(object)) throw new TypeError('Response body object should not be disturbed or locked');
      stream = object;
    } else {
      source = Buffer.from(String(object), 'utf8');
      type = 'text/plain;charset=UTF-8';
    }
    if (!stream) stream = streamOfBytes(source);
    return { body: { stream, source, length: source ? source.length : null }, type };
  }
  const disturbed = new WeakSet();
  function isDisturbed(stream) { return disturbed.has(stream); }
  // https://fetch.spec.whatwg.org/#body-unusable
  function unusable(holder) {
    const body = holder[kState].body;
    return body !== null && (isDisturbed(body.stream) || body.stream.locked);
  }
  // https://fetch.spec.whatwg.org/#concept-body-consume-body: read all
  // bytes, then convert them.
  async function consumeBody(holder, convert) {
    if (unusable(holder)) throw new TypeError('Body is unusable: Body has already been read');
    const body = holder[kState].body;
    if (body === null) return convert(Buffer.alloc(0));
    disturbed.add(body.stream);
    const reader = body.stream.getReader();
    const chunks = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!(value instanceof Uint8Array)) throw new TypeError('Received non-Uint8Array chunk');
      chunks.push(value);
    }
    return convert(Buffer.concat(chunks));
  }
  // https://encoding.spec.whatwg.org/#utf-8-decode: a leading BOM dropped.
  function utf8WithoutBOM(b) {
    const s = b.toString('utf8');
    return s.charCodeAt(0) === 0xFEFF ? s.slice(1) : s;
  }
  // https://fetch.spec.whatwg.org/#body-mixin
  const BodyMixin = {
    get body() { return this[kState].body ? this[kState].body.stream : null; },
    get bodyUsed() { const b = this[kState].body; return b !== null && isDisturbed(b.stream); },
    arrayBuffer() { return consumeBody(this, (b) => b.buffer.slice(b.byteOffset, b.byteOffset + b.length)); },
    bytes() { return consumeBody(this, (b) => new Uint8Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.length))); },
    text() { return consumeBody(this, utf8WithoutBOM); },
    // https://fetch.spec.whatwg.org/#dom-body-blob: the bytes, typed with
    // the body's MIME type (the Content-Type header's).
    blob() {
      const type = this.headers.get('content-type') || '';
      const { Blob } = internals.blobs();
      return consumeBody(this, (b) => new Blob([b], { type }));
    },
    // https://infra.spec.whatwg.org/#parse-json-bytes-to-a-javascript-value
    json() { return consumeBody(this, (b) => JSON.parse(utf8WithoutBOM(b))); },
    formData() {
      const type = this.headers.get('content-type') || '';
      return consumeBody(this, (b) => {
        if (/^application\/x-www-form-urlencoded/i.test(type)) {
          const fd = new FormData();
          for (const [k, v] of new URLSearchParams(b.toString('utf8'))) fd.append(k, v);
          return fd;
        }
        if (/^multipart\/form-data/i.test(type)) return parseMultipart(b, type);
        throw new TypeError('Content-Type was not one of "multipart/form-data" or "application/x-www-form-urlencoded".');
      });
    },
  };
  function mixBody(proto) {
    for (const key of Object.keys(BodyMixin)) {
      const d = Object.getOwnPropertyDescriptor(BodyMixin, key);
      Object.defineProperty(proto, key, { ...d, enumerable: true, configurable: true });
    }
  }
  // https://fetch.spec.whatwg.org/#concept-body-clone: tee the stream.
  function cloneBody(body) {
    if (body === null) return null;
    const [a, b] = body.stream.tee();
    body.stream = a;
    return { stream: b, source: body.source, length: body.length };
  }

  // ------------------------------------------------------------ FormData
  // https://xhr.spec.whatwg.org/#interface-formdata (string entries; a file
  // entry needs Blob, which this host does not have yet).
  const kEntries = Symbol('entries');
  class FormData {
    constructor(form) {
      if (form !== undefined) throw new TypeError("FormData constructor: Argument 1 could not be converted to: undefined.");
      this[kEntries] = [];
    }
    append(name, value) { this[kEntries].push([String(name), String(value)]); }
    delete(name) { name = String(name); this[kEntries] = this[kEntries].filter(([n]) => n !== name); }
    get(name) { name = String(name); const e = this[kEntries].find(([n]) => n === name); return e ? e[1] : null; }
    getAll(name) { name = String(name); return this[kEntries].filter(([n]) => n === name).map(([, v]) => v); }
    has(name) { name = String(name); return this[kEntries].some(([n]) => n === name); }
    set(name, value) {
      name = String(name);
      const i = this[kEntries].findIndex(([n]) => n === name);
      if (i < 0) this[kEntries].push([name, String(value)]);
      else this[kEntries] = this[kEntries].filter(([n], j) => j <= i || n !== name).map((e, j) => (j === i ? [name, String(value)] : e));
    }
    *entries() { yield* this[kEntries].map((e) => [...e]); }
    *keys() { for (const [k] of this[kEntries]) yield k; }
    *values() { for (const [, v] of this[kEntries]) yield v; }
    forEach(cb, thisArg) { for (const [k, v] of this[kEntries]) cb.call(thisArg, v, k, this); }
    [Symbol.iterator]() { return this.entries(); }
    get [Symbol.toStringTag]() { return 'FormData'; }
  }
  // https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#multipart/form-data-encoding-algorithm
  function serializeFormData(fd, boundary) {
    const escape = (s) => s.replace(/\n/g, '%0A').replace(/\r/g, '%0D').replace(/"/g, '%22');
    const normalize = (s) => s.replace(/\r(?!\n)|(?<!\r)\n/g, '\r\n');
    let out = '';
    for (const [name, value] of fd[kEntries]) {
      out += `--${boundary}\r\nContent-Disposition: form-data; name="${escape(normalize(name))}"\r\n\r\n${normalize(value)}\r\n`;
    }
    out += `--${boundary}--\r\n`;
    return Buffer.from(out, 'utf8');
  }
  function parseMultipart(bytes, type) {
    const m = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(type);
    if (!m) throw new TypeError('Failed to parse body as FormData.');
    const boundary = `--${m[1] || m[2]}`;
    const text = bytes.toString('latin1');
    const fd = new FormData();
    for (const part of text.split(boundary).slice(1)) {
      if (part.startsWith('--')) break;
      const headEnd = part.indexOf('\r\n\r\n');
      if (headEnd < 0) throw new TypeError('Failed to parse body as FormData.');
      const head = part.slice(2, headEnd);
      const name = /name="([^"]*)"/i.exec(head);
      if (!name) throw new TypeError('Failed to parse body as FormData.');
      const value = part.slice(headEnd + 4).replace(/\r\n$/, '');
      fd.append(Buffer.from(name[1], 'latin1').toString('utf8'), Buffer.from(value, 'latin1').toString('utf8'));
    }
    return fd;
  }

  // ------------------------------------------------------------ Response
  // https://fetch.spec.whatwg.org/#response-class
  function makeResponse(state) {
    const r = Object.create(Response.prototype);
    r[kState] = state;
    r[kHeaders] = headersFrom(state.headerList, state.guard || 'response');
    return r;
  }
  const kHeaders = Symbol('headers');
  function initializeResponse(response, init, body) {
    // https://fetch.spec.whatwg.org/#initialize-a-response
    // Step 1.
    const status = init.status === undefined ? 200 : Number(init.status);
    if (!(status >= 200 && status <= 599) || !Number.isInteger(status)) {
      throw new RangeError(`init["status"] must be in the range of 200 to 599, inclusive.`);
    }
    // Step 2.
    const statusText = init.statusText === undefined ? '' : String(init.statusText);
    if (!/^[\t\x20-\x7e\x80-\xff]*$/.test(statusText)) throw new TypeError('Invalid statusText');
    // Steps 3-5.
    response[kState].status = status;
    response[kState].statusText = statusText;
    if (init.headers !== undefined) fillHeaders(response[kHeaders], init.headers);
    // Step 6.
    if (body !== null) {
      if (NULL_BODY_STATUS.has(status)) throw new TypeError('Response constructor: Invalid response status code ' + status);
      response[kState].body = body.body;
      if (body.type !== null && !response[kHeaders].has('content-type')) response[kHeaders].append('content-type', body.type);
    }
  }
  class Response {
    // https://fetch.spec.whatwg.org/#dom-response
    constructor(body = null, init = {}) {
      if (init !== null && typeof init !== 'object') throw new TypeError("Response constructor: Expected init to be a dictionary.");
      // (undici marks its Response, Request and Headers uncloneable.)
      internals.uncloneable.add(this);
      init = init || {};
      this[kState] = { type: 'default', status: 200, statusText: '', urlList: [], body: null, headerList: [] };
      this[kHeaders] = headersFrom(this[kState].headerList, 'response');
      const extracted = body !== null && body !== undefined ? extractBody(body) : null;
      initializeResponse(this, init, extracted);
    }
    // https://fetch.spec.whatwg.org/#dom-response-error
    static error() {
      return makeResponse({ type: 'error', status: 0, statusText: '', urlList: [], body: null, headerList: [], guard: 'immutable' });
    }
    // https://fetch.spec.whatwg.org/#dom-response-redirect
    static redirect(url, status = 302) {
      // Steps 1-2.
      let parsed;
      try { parsed = new URL(String(url)); } catch (cause) { throw new TypeError(`Failed to parse URL from ${url}`, { cause }); }
      // Step 3.
      if (!REDIRECT_STATUS.has(status)) throw new RangeError(`Invalid status code ${status}`);
      // Steps 4-7.
      const r = makeResponse({ type: 'default', status, statusText: '', urlList: [], body: null, headerList: [['location', parsed.href]], guard: 'immutable' });
      return r;
    }
    // https://fetch.spec.whatwg.org/#dom-response-json
    static json(data, init = {}) {
      const text = JSON.stringify(data);
      if (text === undefined) throw new TypeError('Value is not JSON serializable');
      const body = extractBody(text);
      body.type = 'application/json';
      const r = makeResponse({ type: 'default', status: 200, statusText: '', urlList: [], body: null, headerList: [] });
      initializeResponse(r, init || {}, body);
      return r;
    }
    get type() { return this[kState].type; }
    get url() { const list = this[kState].urlList; return list.length ? list[list.length - 1].replace(/#.*$/, '') : ''; }
    get redirected() { return this[kState].urlList.length > 1; }
    get status() { return this[kState].status; }
    get ok() { return this[kState].status >= 200 && this[kState].status <= 299; }
    get statusText() { return this[kState].statusText; }
    get headers() { return this[kHeaders]; }
    // https://fetch.spec.whatwg.org/#dom-response-clone
    clone() {
      if (unusable(this)) throw new TypeError('Response.clone: Body has already been consumed.');
      const state = { ...this[kState], urlList: [...this[kState].urlList], headerList: this[kState].headerList.map((h) => [...h]), guard: this[kHeaders][kGuard] };
      state.body = cloneBody(this[kState].body);
      return makeResponse(state);
    }
    get [Symbol.toStringTag]() { return 'Response'; }
  }
  mixBody(Response.prototype);

  // ------------------------------------------------------------ Request
  // https://fetch.spec.whatwg.org/#request-class
  // The URL record the last Request parsed, which no script sees: parsing
  // its serialization again gives the same record (the URL Standard), so
  // fetch's HTTP fetch of that href (by the same URL constructor) reads
  // this one instead of parsing it a second time (about 33k instructions).
  let lastParsed = null;
  let lastParsedHref = null;
  let lastParsedBy = null;
  const METHOD_NORMALIZE = new Set(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'POST', 'PUT']);
  class Request {
    // https://fetch.spec.whatwg.org/#dom-request
    constructor(input, init = {}) {
      if (arguments.length < 1) throw new TypeError('Request constructor: 1 argument required, but only 0 present.');
      internals.uncloneable.add(this);
      init = init || {};
      let state;
      let signal = null;
      if (!(input instanceof Request)) {
        // Step 5: parse the URL (no base URL in Node).
        let parsed;
        try { parsed = new URL(String(input)); } catch (cause) { throw new TypeError(`Failed to parse URL from ${input}`, { cause }); }
        if (parsed.username || parsed.password) throw new TypeError(`Request cannot be constructed from a URL that includes credentials: ${input}`);
        lastParsed = parsed;
        lastParsedHref = parsed.href;
        lastParsedBy = URL;
        state = { method: 'GET', urlList: [parsed.href], headerList: [], body: null, redirect: 'follow', keepalive: false, mode: 'cors', credentials: 'same-origin', cache: 'default', integrity: '', referrer: 'about:client', referrerPolicy: '', duplex: 'half' };
      } else {
        state = { ...input[kState], urlList: [...input[kState].urlList], headerList: input[kState].headerList.map((h) => [...h]) };
        signal = input.signal;
      }
      // Step 25: method.
      if (init.method !== undefined) {
        const method = String(init.method);
        if (!TOKEN.test(method)) throw new TypeError(`'${method}' is not a valid HTTP method.`);
        const upper = method.toUpperCase();
        if (['CONNECT', 'TRACE', 'TRACK'].includes(upper)) throw new TypeError(`'${method}' HTTP method is unsupported.`);
        state.method = METHOD_NORMALIZE.has(upper) ? upper : method;
      }
      if (init.redirect !== undefined) {
        if (!['follow', 'error', 'manual'].includes(init.redirect)) throw new TypeError(`Request constructor: ${init.redirect} is not an accepted type. Expected one of follow, error, manual.`);
        state.redirect = init.redirect;
      }
      if (init.keepalive !== undefined) state.keepalive = Boolean(init.keepalive);
      for (const k of ['mode', 'credentials', 'cache', 'integrity', 'referrerPolicy']) if (init[k] !== undefined) state[k] = String(init[k]);
      if (init.signal !== undefined) {
        if (init.signal !== null && !(init.signal instanceof AbortSignal)) throw new TypeError("Request constructor: Expected signal (\"" + init.signal + "\") to be an instance of AbortSignal.");
        signal = init.signal;
      }
      this[kState] = state;
      // Step 30: this's signal follows the given signal.
      const controller = new AbortController();
      this._signal = controller.signal;
      if (signal) {
        if (signal.aborted) controller.abort(signal.reason);
        else signal.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
      }
      // Step 32: headers.
      this[kHeaders] = headersFrom(state.headerList, 'request');
      if (init.headers !== undefined) {
        state.headerList.length = 0;
        fillHeaders(this[kHeaders], init.headers);
      }
      // Steps 34-37: the body.
      const inputBody = input instanceof Request ? input[kState].body : null;
      if ((init.body !== undefined && init.body !== null || inputBody !== null) && (state.method === 'GET' || state.method === 'HEAD')) {
        throw new TypeError('Request with GET/HEAD method cannot have body.');
      }
      if (init.body !== undefined && init.body !== null) {
        const extracted = extractBody(init.body, state.keepalive);
        if (extracted.body.source === null && init.duplex !== 'half') {
          throw new TypeError('RequestInit: duplex option is required when sending a body.');
        }
        state.body = extracted.body;
        if (extracted.type !== null && !this[kHeaders].has('content-type')) this[kHeaders].append('content-type', extracted.type);
      } else if (inputBody !== null) {
        if (unusable(input)) throw new TypeError('Cannot construct a Request with a Request object that has already been used.');
        state.body = inputBody;
        if (init.body === undefined) disturbed.add(inputBody.stream);
      }
    }
    get method() { return this[kState].method; }
    get url() { return this[kState].urlList[0]; }
    get headers() { return this[kHeaders]; }
    get redirect() { return this[kState].redirect; }
    get signal() { return this._signal; }
    get keepalive() { return this[kState].keepalive; }
    get mode() { return this[kState].mode; }
    get credentials() { return this[kState].credentials; }
    get cache() { return this[kState].cache; }
    get integrity() { return this[kState].integrity; }
    get referrer() { return this[kState].referrer === 'no-referrer' ? '' : this[kState].referrer === 'about:client' ? 'about:client' : this[kState].referrer; }
    get referrerPolicy() { return this[kState].referrerPolicy; }
    get destination() { return ''; }
    get duplex() { return 'half'; }
    clone() {
      if (unusable(this)) throw new TypeError('Request.clone: Body has already been consumed.');
      const r = new Request(this);
      r[kState].body = cloneBody(this[kState].body);
      return r;
    }
    get [Symbol.toStringTag]() { return 'Request'; }
  }
  mixBody(Request.prototype);

  // ------------------------------------------------------------ fetch
  // Node's fetch refuses the Fetch Standard's bad ports
  // (https://fetch.spec.whatwg.org/#bad-port).
  const BAD_PORTS = new Set([0, 1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110, 111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080]);
  function fetchFailed(cause) { return new TypeError('fetch failed', { cause }); }
  function abortReason(signal) {
    return signal.reason !== undefined ? signal.reason : new DOMException('This operation was aborted', 'AbortError');
  }
  // https://fetch.spec.whatwg.org/#fetch-method
  function fetch(input, init = undefined) {
    return new Promise((resolve, reject) => {
      // Steps 2-3.
      let request;
      try { request = new Request(input, init); } catch (e) { reject(e); return; }
      // Step 4.
      const signal = request.signal;
      if (signal.aborted) { reject(abortReason(signal)); return; }
      let done = false;
      let current = null;
      let activeResponse = null;
      const onAbort = () => {
        // A response whose body is still coming errors its stream with the
        // abort reason (before the destroyed response says 'aborted').
        if (bodyController) { try { bodyController.error(abortReason(signal)); } catch (_) { /* closed */ } }
        if (current) current.destroy();
        if (activeResponse) activeResponse.destroy();
        if (!done) { done = true; reject(abortReason(signal)); }
      };
      let bodyController = null;
      signal.addEventListener('abort', onAbort, { once: true });
      const fail = (cause) => { if (!done) { done = true; signal.removeEventListener('abort', onAbort); reject(fetchFailed(cause)); } };
      const state = request[kState];
      // The request's body bytes are read once; a redirect that keeps the
      // body (307/308) resends them.
      const bodyBytes = state.body === null ? Promise.resolve(null)
        : state.body.source !== null ? (disturbed.add(state.body.stream), Promise.resolve(state.body.source))
          : consumeBody(request, (b) => b);
      bodyBytes.then((bytes) => httpFetch(state.urlList[0], state.method, bytes, 0), fail);
      // https://fetch.spec.whatwg.org/#concept-http-fetch (one request per
      // redirect; https://fetch.spec.whatwg.org/#concept-http-redirect-fetch).
      function httpFetch(href, method, bytes, redirects) {
        if (done) return;
        const url = href === lastParsedHref && URL === lastParsedBy ? lastParsed : new URL(href);
        if (url.protocol === 'data:') { dataFetch(url, href, redirects); return; }
        if (url.protocol !== 'http:' && url.protocol !== 'https:') { fail(new Error('unknown scheme')); return; }
        const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
        if (BAD_PORTS.has(port)) { fail(new Error('bad port')); return; }
        const mod = internals.require(url.protocol === 'https:' ? 'https' : 'http');
        // undici's default request headers, in its order.
        const headers = [];
        // (The request's header list holds each name lower-cased first: a
        // lower-case name is in it as Headers' has() finds it.)
        const requestList = state.headerList;
        const has = (n) => { for (let i = 0; i < requestList.length; i++) if (requestList[i][0] === n) return true; return false; };
        headers.push('host', url.host);
        headers.push('connection', 'keep-alive');
        for (const [n, v, name] of state.headerList) headers.push(name || n, v);
        if (!has('accept')) headers.push('accept', '*/*');
        if (!has('accept-language')) headers.push('accept-language', '*');
        if (!has('sec-fetch-mode')) headers.push('sec-fetch-mode', state.mode);
        if (!has('user-agent')) headers.push('user-agent', 'node');
        if (!has('accept-encoding')) headers.push('accept-encoding', 'gzip, deflate');
        if (bytes !== null) headers.push('content-length', String(bytes.length));
        else if (['POST', 'PUT', 'PATCH'].includes(method)) headers.push('content-length', '0');
        let req;
        try {
          // (An IPv6 host without its brackets; no other host has either.)
          const hostname = url.hostname;
          req = mod.request({ host: hostname.charCodeAt(0) === 91 ? hostname.slice(1, -1) : hostname, port, path: url.pathname + url.search, method, headers, setHost: false });
        } catch (e) { fail(e); return; }
        current = req;
        req.on('error', (e) => { current = null; fail(e); });
        req.on('response', (res) => {
          activeResponse = res;
          const status = res.statusCode;
          const location = res.headers.location;
          // https://fetch.spec.whatwg.org/#http-redirect-fetch
          if (REDIRECT_STATUS.has(status) && location !== undefined && state.redirect !== 'manual') {
            res.resume();
            if (state.redirect === 'error') { fail(new Error('unexpected redirect')); return; }
            let next;
            try { next = new URL(location, href); } catch (e) { fail(e); return; }
            if (next.protocol !== 'http:' && next.protocol !== 'https:' && next.protocol !== 'data:') { fail(new Error('URL scheme must be a HTTP(S) scheme')); return; }
            if (redirects >= 20) { fail(new Error('redirect count exceeded')); return; }
            state.urlList.push(next.href);
            // Step 12: 301/302 with POST, and 303 (except HEAD), become GET without a body.
            if (((status === 301 || status === 302) && method === 'POST') || (status === 303 && method !== 'HEAD')) {
              method = 'GET';
              bytes = null;
              for (const n of ['content-encoding', 'content-language', 'content-location', 'content-type', 'content-length']) {
                state.headerList = state.headerList.filter(([k]) => k !== n);
              }
            }
            httpFetch(next.href, method, bytes, redirects + 1);
            return;
          }
          const list = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2) list.push([res.rawHeaders[i].toLowerCase(), res.rawHeaders[i + 1]]);
          let source = res;
          // Content codings undici decodes (gzip, deflate, br).
          const coding = (res.headers['content-encoding'] || '').trim().toLowerCase();
          if (method !== 'HEAD' && status !== 204 && status !== 304 && ['gzip', 'x-gzip', 'deflate', 'br'].includes(coding)) {
            const zlib = internals.require('zlib');
            source = res.pipe(coding === 'br' ? zlib.createBrotliDecompress() : coding === 'deflate' ? zlib.createInflate() : zlib.createGunzip());
            source.on('error', (e) => { if (bodyController) { try { bodyController.error(e); } catch (_) { /* closed */ } } });
          }
          const nullBody = method === 'HEAD' || NULL_BODY_STATUS.has(status);
          // undici's body is a byte stream (BYOB readers work); each chunk
          // is a copy (a byte stream takes its chunks' buffers over).
          const stream = new ReadableStream({
            type: 'bytes',
            start(controller) {
              bodyController = controller;
              if (nullBody) { res.resume(); controller.close(); return; }
              source.on('data', (chunk) => {
                controller.enqueue(new Uint8Array(chunk));
                if (controller.desiredSize <= 0) source.pause();
              });
              source.on('end', () => {
                bodyController = null;
                activeResponse = null;
                signal.removeEventListener('abort', onAbort);
                try {
                  controller.close();
                  // A BYOB read still waiting is answered with the end
                  // (https://streams.spec.whatwg.org/#rbs-controller-close).
                  if (controller.byobRequest) controller.byobRequest.respond(0);
                } catch (_) { /* errored */ }
              });
              res.on('aborted', () => { try { controller.error(fetchFailed(new Error('terminated'))); } catch (_) { /* closed */ } });
            },
            pull() { if (!nullBody) source.resume(); },
            cancel() { res.destroy(); },
          }, { highWaterMark: 0 });
          const response = makeResponse({
            type: 'basic',
            status,
            statusText: res.statusMessage,
            urlList: state.urlList,
            body: nullBody ? null : { stream, source: null, length: null },
            headerList: list,
            guard: 'immutable',
          });
          done = true;
          current = null;
          resolve(response);
        });
        if (bytes !== null) req.end(bytes);
        else req.end();
      }
      // https://fetch.spec.whatwg.org/#data-url-processor (via the url
      // module's own reading of data: URLs).
      function dataFetch(url, href) {
        const m = /^data:([^,]*?)(;base64)?,(.*)$/s.exec(href.replace(/#.*$/, ''));
        if (!m) { fail(new Error('invalid data: URL')); return; }
        const type = m[1].trim() || 'text/plain;charset=US-ASCII';
        const raw = decodeURIComponent(m[3].replace(/%(?![0-9A-Fa-f]{2})/g, '%25'));
        const bytes = m[2] ? Buffer.from(m[3], 'base64') : Buffer.from(raw, 'latin1');
        done = true;
        resolve(makeResponse({ type: 'basic', status: 200, statusText: 'OK', urlList: state.urlList, body: { stream: streamOfBytes(bytes), source: bytes, length: bytes.length }, headerList: [['content-type', type]], guard: 'immutable' }));
      }
    });
  }

  return { fetch, Headers, Request, Response, FormData };
})
