// jsloop glue 14: the Fetch Standard's Headers and Response
// (https://fetch.spec.whatwg.org/#fetch-api), in a window and in a worker:
// a Response made by script, with its body read whole through the Body
// mixin (arrayBuffer, blob, bytes, json, text) or as a ReadableStream (the
// `body` getter: a byte stream of the body's bytes, made when first read;
// no ReadableStream body init yet); fetch() and XMLHttpRequest further down.
(function (host, g, web, file) {
  'use strict';
  const { define, DOMException } = web;
  // The Streams Standard's ReadableStream and IsReadableStreamDisturbed (19_streams.js).
  const streams = web.streams;
  const LONE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
  const usv = (v) => String(v).replace(LONE, '\ufffd');
  // https://webidl.spec.whatwg.org/#es-ByteString
  function byteString(v, what) {
    const s = String(v);
    for (let i = 0; i < s.length; i++) {
      if (s.charCodeAt(i) > 255) throw new TypeError(`${what}: String contains non ISO-8859-1 code point.`);
    }
    return s;
  }
  // UTF-8 encode, through the File API's blob parts (one encoder in the glue).
  const utf8 = (s) => new Uint8Array(file.parts(new g.Blob([s]))[0]);

  // ---------------------------------------------------------------- Headers
  // https://fetch.spec.whatwg.org/#header-name: a token.
  const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
  // https://fetch.spec.whatwg.org/#header-value: no leading or trailing
  // HTTP whitespace, no NUL, CR or LF.
  const isValue = (v) => !/[\0\r\n]/.test(v) && !/^[\t ]|[\t ]$/.test(v);
  // https://fetch.spec.whatwg.org/#concept-header-value-normalize
  const normalize = (v) => v.replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, '');
  const lower = (s) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());
  const headerLists = new WeakMap();
  const guards = new WeakMap();

  // https://fetch.spec.whatwg.org/#headers-class
  class Headers {
    constructor(init = undefined) {
      // Step 1. Set this's guard to "none".
      headerLists.set(this, []);
      guards.set(this, 'none');
      // Step 2. If init is given, then fill this with init.
      if (init !== undefined) fill(this, init);
    }
    // https://fetch.spec.whatwg.org/#dom-headers-append
    append(name, value) {
      if (arguments.length < 2) throw new TypeError(`Failed to execute 'append' on 'Headers': 2 arguments required, but only ${arguments.length} present.`);
      appendHeader(this, byteString(name, "Failed to execute 'append' on 'Headers'"), byteString(value, "Failed to execute 'append' on 'Headers'"));
    }
    // https://fetch.spec.whatwg.org/#dom-headers-delete
    delete(name) {
      name = byteString(name, "Failed to execute 'delete' on 'Headers'");
      // Step 1. If validating (name, ``) for headers returns false, then return.
      if (!validate(this, name, '', 'delete')) return;
      // Step 3. If this's header list does not contain name, then return.
      // Step 4. Delete name from this's header list.
      const n = lower(name);
      headerLists.set(this, headerLists.get(this).filter(([k]) => lower(k) !== n));
    }
    // https://fetch.spec.whatwg.org/#dom-headers-get
    get(name) {
      name = byteString(name, "Failed to execute 'get' on 'Headers'");
      // Step 1. If name is not a header name, then throw a TypeError.
      if (!TOKEN.test(name)) throw new TypeError(`Failed to execute 'get' on 'Headers': Invalid name`);
      // Step 2. Return the result of getting name from this's header list.
      return getHeader(headerLists.get(this), name);
    }
    // https://fetch.spec.whatwg.org/#dom-headers-getsetcookie
    getSetCookie() {
      return headerLists.get(this).filter(([k]) => lower(k) === 'set-cookie').map(([, v]) => v);
    }
    // https://fetch.spec.whatwg.org/#dom-headers-has
    has(name) {
      name = byteString(name, "Failed to execute 'has' on 'Headers'");
      if (!TOKEN.test(name)) throw new TypeError(`Failed to execute 'has' on 'Headers': Invalid name`);
      const n = lower(name);
      return headerLists.get(this).some(([k]) => lower(k) === n);
    }
    // https://fetch.spec.whatwg.org/#dom-headers-set
    set(name, value) {
      if (arguments.length < 2) throw new TypeError(`Failed to execute 'set' on 'Headers': 2 arguments required, but only ${arguments.length} present.`);
      name = byteString(name, "Failed to execute 'set' on 'Headers'");
      // Step 1. Normalize value.
      value = normalize(byteString(value, "Failed to execute 'set' on 'Headers'"));
      // Step 2. If validating (name, value) for this returns false, then return.
      if (!validate(this, name, value, 'set')) return;
      // Step 4. Set (name, value) in this's header list: replace the first,
      // remove the others, or append.
      const list = headerLists.get(this);
      const n = lower(name);
      const at = list.findIndex(([k]) => lower(k) === n);
      if (at < 0) list.push([name, value]);
      else headerLists.set(this, list.filter(([k], i) => i === at || lower(k) !== n).map((p, i) => (i === at ? [p[0], value] : p)));
    }
    forEach(callback, thisArg = undefined) {
      if (typeof callback !== 'function') throw new TypeError("Failed to execute 'forEach' on 'Headers': The callback provided as parameter 1 is not a function.");
      const pairs = sortAndCombine(headerLists.get(this));
      for (let i = 0; i < pairs.length; i++) callback.call(thisArg, pairs[i][1], pairs[i][0], this);
    }
    *entries() { yield* iterate(this, (p) => [p[0], p[1]]); }
    *keys() { yield* iterate(this, (p) => p[0]); }
    *values() { yield* iterate(this, (p) => p[1]); }
    get [Symbol.toStringTag]() { return 'Headers'; }
  }
  Object.defineProperty(Headers.prototype, Symbol.iterator, { value: Headers.prototype.entries, writable: true, configurable: true });
  // https://webidl.spec.whatwg.org/#es-iterable: the value pairs to iterate
  // over are the sort-and-combined list, computed again at each step.
  function* iterate(headers, pick) {
    for (let i = 0; ; i++) {
      const pairs = sortAndCombine(headerLists.get(headers));
      if (i >= pairs.length) return;
      yield pick(pairs[i]);
    }
  }
  // https://fetch.spec.whatwg.org/#concept-header-list-get
  function getHeader(list, name) {
    const n = lower(name);
    const values = list.filter(([k]) => lower(k) === n).map(([, v]) => v);
    // Step 1. If list does not contain name, then return null.
    // Step 2. Return the values of all headers in list whose name is name, separated by 0x2C 0x20.
    return values.length === 0 ? null : values.join(', ');
  }
  // https://fetch.spec.whatwg.org/#concept-header-list-sort-and-combine
  function sortAndCombine(list) {
    // Step 2. Let names be the result of convert header names to a sorted-lowercase set.
    const names = [...new Set(list.map(([k]) => lower(k)))].sort();
    const out = [];
    for (const name of names) {
      // Step 3.1. If name is `set-cookie`: each of its values, in order.
      if (name === 'set-cookie') {
        for (const [k, v] of list) if (lower(k) === name) out.push([name, v]);
      } else {
        out.push([name, getHeader(list, name)]);
      }
    }
    return out;
  }
  // https://fetch.spec.whatwg.org/#headers-validate
  function validate(headers, name, value, method) {
    // Step 1. If name is not a header name or value is not a header value, then throw a TypeError.
    if (!TOKEN.test(name)) throw new TypeError(`Failed to execute '${method}' on 'Headers': Invalid name`);
    if (!isValue(value)) throw new TypeError(`Failed to execute '${method}' on 'Headers': Invalid value`);
    // Step 2. If headers's guard is "immutable", then throw a TypeError.
    if (guards.get(headers) === 'immutable') throw new TypeError(`Failed to execute '${method}' on 'Headers': Headers are immutable`);
    // Step 4. If headers's guard is "request" and (name, value) is a
    // forbidden request-header, then return false.
    if (guards.get(headers) === 'request' && forbiddenRequestHeader(name, value)) return false;
    // Step 5. If headers's guard is "request-no-cors" and (name, value) is
    // not a no-CORS-safelisted request-header, then return false (here:
    // not a CORS-safelisted request-header).
    if (guards.get(headers) === 'request-no-cors' && !isCorsSafelistedRequestHeader(name, value)) return false;
    // Step 6. If headers's guard is "response" and name is a forbidden response-header name, then return false.
    if (guards.get(headers) === 'response' && /^set-cookie2?$/i.test(name)) return false;
    return true;
  }
  // https://fetch.spec.whatwg.org/#concept-headers-append
  function appendHeader(headers, name, value) {
    // Step 1. Normalize value.
    value = normalize(value);
    // Step 2. If validating (name, value) for headers returns false, then return.
    if (!validate(headers, name, value, 'append')) return;
    // Step 4. Append (name, value) to headers's header list.
    headerLists.get(headers).push([name, value]);
  }
  // https://fetch.spec.whatwg.org/#concept-headers-fill
  function fill(headers, object) {
    if (object === null || (typeof object !== 'object' && typeof object !== 'function')) {
      throw new TypeError("Failed to construct 'Headers': The provided value is not of type '(record<ByteString, ByteString> or sequence<sequence<ByteString>>)'.");
    }
    // Step 1. If object is a sequence, then for each header of object:
    if (typeof object[Symbol.iterator] === 'function') {
      for (const header of object) {
        if (header === null || typeof header !== 'object' || typeof header[Symbol.iterator] !== 'function') {
          throw new TypeError("Failed to construct 'Headers': The provided value cannot be converted to a sequence.");
        }
        const pair = [...header];
        // Step 1.1. If header's size is not 2, then throw a TypeError.
        if (pair.length !== 2) throw new TypeError("Failed to construct 'Headers': Invalid value");
        // Step 1.2. Append (header[0], header[1]) to headers.
        appendHeader(headers, byteString(pair[0], "Failed to construct 'Headers'"), byteString(pair[1], "Failed to construct 'Headers'"));
      }
      return;
    }
    // Step 2. Otherwise, object is a record: for each key → value of object, append (key, value) to headers.
    for (const key of Reflect.ownKeys(object)) {
      const desc = Reflect.getOwnPropertyDescriptor(object, key);
      if (desc === undefined || !desc.enumerable || typeof key === 'symbol') continue;
      appendHeader(headers, byteString(key, "Failed to construct 'Headers'"), byteString(object[key], "Failed to construct 'Headers'"));
    }
  }
  function makeHeaders(list, guard) {
    const h = new Headers();
    headerLists.set(h, list);
    guards.set(h, guard);
    return h;
  }

  // ---------------------------------------------------------------- bodies
  // https://fetch.spec.whatwg.org/#concept-bodyinit-extract: (bytes, type).
  function extract(object) {
    // Blob: its bytes, and its type if it is not empty.
    if (object instanceof g.Blob) {
      const [buffer, type] = file.parts(object);
      return { bytes: new Uint8Array(buffer), type: type === '' ? null : type };
    }
    // BufferSource: a copy of the bytes held by object.
    if (object instanceof ArrayBuffer) return { bytes: new Uint8Array(object.slice(0)), type: null };
    if (ArrayBuffer.isView(object)) {
      return { bytes: new Uint8Array(object.buffer.slice(object.byteOffset, object.byteOffset + object.byteLength)), type: null };
    }
    // URLSearchParams: application/x-www-form-urlencoded.
    if (typeof g.URLSearchParams === 'function' && object instanceof g.URLSearchParams) {
      return { bytes: utf8(object.toString()), type: 'application/x-www-form-urlencoded;charset=UTF-8' };
    }
    // scalar value string: UTF-8 encoded, text/plain;charset=UTF-8.
    return { bytes: utf8(usv(object)), type: 'text/plain;charset=UTF-8' };
  }

  const responses = new WeakMap();
  // https://fetch.spec.whatwg.org/#null-body-status
  const NULL_BODY_STATUS = [101, 103, 204, 205, 304];
  // https://fetch.spec.whatwg.org/#redirect-status
  const REDIRECT_STATUS = [301, 302, 303, 307, 308];
  // https://fetch.spec.whatwg.org/#concept-response (the fields script sees)
  function newResponse() {
    return { type: 'default', url: null, status: 200, statusText: '', headers: [], body: null, used: false };
  }
  const R = (v, what) => {
    const r = responses.get(v);
    if (r === undefined) throw new TypeError(`Illegal invocation${what ? ` (${what})` : ''}`);
    return r;
  };
  let making = null;

  // https://fetch.spec.whatwg.org/#response-class
  class Response {
    #headers;
    constructor(body = null, init = undefined) {
      if (making) {
        responses.set(this, making);
        this.#headers = makeHeaders(making.headers, making.type === 'error' ? 'immutable' : 'response');
        return;
      }
      if (init !== undefined && init !== null && typeof init !== 'object' && typeof init !== 'function') {
        throw new TypeError("Failed to construct 'Response': The provided value is not of type 'ResponseInit'.");
      }
      // Step 1. Set this's response to a new response.
      const r = newResponse();
      responses.set(this, r);
      // Step 2. Set this's headers to a new Headers object, whose header list
      // is this's response's header list and guard is "response".
      this.#headers = makeHeaders(r.headers, 'response');
      // Step 3. Let bodyWithType be null.
      // Step 4. If body is non-null, then set bodyWithType to the result of extracting body.
      const bodyWithType = body === null || body === undefined ? null : extract(body);
      // Step 5. Perform initialize a response given this, init, and bodyWithType.
      initialize(this, this.#headers, init ?? {}, bodyWithType);
    }
    // https://fetch.spec.whatwg.org/#dom-response-error
    static error() {
      const r = newResponse();
      r.type = 'error';
      r.status = 0;
      return makeResponse(r);
    }
    // https://fetch.spec.whatwg.org/#dom-response-redirect
    static redirect(url, status = 302) {
      // Step 1. Let parsedURL be the result of parsing url with current settings object's API base URL.
      let parsed;
      try { parsed = new g.URL(url, g.location ? String(g.location.href) : undefined); } catch (e) {
        // Step 2. If parsedURL is failure, then throw a TypeError.
        throw new TypeError("Failed to execute 'redirect' on 'Response': Failed to parse URL from " + usv(url));
      }
      status = Number(status) & 0xffff;
      // Step 3. If status is not a redirect status, then throw a RangeError.
      if (!REDIRECT_STATUS.includes(status)) throw new RangeError("Failed to execute 'redirect' on 'Response': Invalid status code");
      // Step 4-7. A new response with status, and `Location` set to parsedURL, serialized.
      const r = newResponse();
      r.status = status;
      r.headers.push(['location', parsed.href]);
      return makeResponse(r);
    }
    // https://fetch.spec.whatwg.org/#dom-response-json
    static json(data, init = undefined) {
      // Step 1. Let bytes the result of running serialize a JavaScript value to JSON bytes on data.
      const text = JSON.stringify(data);
      if (text === undefined) throw new TypeError("Failed to execute 'json' on 'Response': The data is not JSON serializable");
      // Step 2. Let body be the result of extracting bytes.
      const body = { bytes: utf8(text), type: 'application/json' };
      // Step 3-4. A new Response, initialized with init and (body, "application/json").
      const r = newResponse();
      const response = makeResponse(r);
      initialize(response, response.headers, init ?? {}, body);
      return response;
    }
    get type() { return R(this).type; }
    get url() { const u = R(this).url; return u === null ? '' : u; }
    get redirected() { return R(this).redirected === true; }
    get status() { return R(this).status; }
    // Step: true if status is an ok status (200 to 299).
    get ok() { const s = R(this).status; return s >= 200 && s <= 299; }
    get statusText() { return R(this).statusText; }
    get headers() { R(this); return this.#headers; }
    // https://fetch.spec.whatwg.org/#dom-response-clone
    clone() {
      const r = R(this);
      // Step 1. If this is unusable, then throw a TypeError.
      if (isUsed(r) || (r.body !== null && r.body.stream?.locked)) throw new TypeError("Failed to execute 'clone' on 'Response': Response body is already used");
      // Step 2. Let clonedResponse be the result of cloning this's response.
      const copy = { ...r, headers: r.headers.map((p) => p.slice()), body: r.body && { bytes: r.body.bytes, type: r.body.type, stream: null } };
      // (https://fetch.spec.whatwg.org/#concept-body-clone: a stream made
      // already is teed, this's body taking the first branch, the clone's
      // the second.)
      if (r.body !== null && r.body.stream) [r.body.stream, copy.body.stream] = r.body.stream.tee();
      // Step 3. Return a new Response with clonedResponse, this's headers's guard.
      return makeResponse(copy);
    }
    // https://fetch.spec.whatwg.org/#dom-body-body: null if the body is
    // null, otherwise its stream.
    get body() {
      const r = R(this);
      if (r.body === null) return null;
      return bodyStream(r);
    }
    // https://fetch.spec.whatwg.org/#dom-body-bodyused: the body is non-null
    // and its stream is disturbed.
    get bodyUsed() { return isUsed(R(this)); }
    // https://fetch.spec.whatwg.org/#dom-body-arraybuffer
    arrayBuffer() { return consume(this, 'arrayBuffer', (bytes) => bytes.slice().buffer); }
    // https://fetch.spec.whatwg.org/#dom-body-blob
    blob() { return consume(this, 'blob', (bytes, mime) => file.make(bytes.slice().buffer, mime === null ? '' : mime, null)); }
    // https://fetch.spec.whatwg.org/#dom-body-bytes
    bytes() { return consume(this, 'bytes', (bytes) => bytes.slice()); }
    // https://fetch.spec.whatwg.org/#dom-body-json
    json() { return consume(this, 'json', (bytes) => JSON.parse(host.decodeUtf8(bytes.slice().buffer))); }
    // https://fetch.spec.whatwg.org/#dom-body-text
    text() { return consume(this, 'text', (bytes) => host.decodeUtf8(bytes.slice().buffer)); }
    get [Symbol.toStringTag]() { return 'Response'; }
  }
  function makeResponse(r) {
    making = r;
    try { return new Response(); } finally { making = null; }
  }
  // https://fetch.spec.whatwg.org/#initialize-a-response
  function initialize(response, headers, init, body) {
    const r = responses.get(response);
    const status = init.status === undefined ? 200 : Number(init.status) & 0xffff;
    // Step 1. If init["status"] is not in the range 200 to 599, inclusive, then throw a RangeError.
    if (status < 200 || status > 599) throw new RangeError(`Failed to construct 'Response': The status provided (${status}) is outside the range [200, 599].`);
    const statusText = init.statusText === undefined ? '' : byteString(init.statusText, "Failed to construct 'Response'");
    // Step 2. If init["statusText"] does not match the reason-phrase token production, then throw a TypeError.
    if (!/^[\t \x21-\x7e\x80-\xff]*$/.test(statusText)) throw new TypeError("Failed to construct 'Response': Invalid statusText");
    // Step 3-4. Set response's response's status and status message.
    r.status = status;
    r.statusText = statusText;
    // Step 5. If init["headers"] exists, then fill response's headers with init["headers"].
    if (init.headers !== undefined) fill(headers, init.headers);
    // Step 6. If body was given, then:
    if (body) {
      // Step 6.1. If response's status is a null body status, then throw a TypeError.
      if (NULL_BODY_STATUS.includes(status)) throw new TypeError("Failed to construct 'Response': Response with null body status cannot have body");
      // Step 6.2. Set response's body to body's body.
      r.body = body;
      // Step 6.3. If body's type is non-null and response's header list does
      // not contain `Content-Type`, then append (`Content-Type`, body's type).
      if (body.type !== null && getHeader(r.headers, 'content-type') === null) r.headers.push(['Content-Type', body.type]);
    }
  }
  // https://fetch.spec.whatwg.org/#concept-body-consume
  function consume(response, method, convert) {
    let r;
    const iface = requests.has(response) ? 'Request' : 'Response';
    try { r = iface === 'Request' ? Q(response) : R(response); } catch (e) { return Promise.reject(e); }
    // Step 1. If object is unusable, then return a promise rejected with a TypeError.
    if (isUsed(r)) return Promise.reject(new TypeError(`Failed to execute '${method}' on '${iface}': body stream already read`));
    if (r.body !== null && r.body.stream?.locked) return Promise.reject(new TypeError(`Failed to execute '${method}' on '${iface}': body stream is locked`));
    // Step 2-3. (Read the whole body; an empty body is zero bytes.) Reading
    // it disturbs it: the body is used from now on; a stream made for it
    // is read through a reader (locked and disturbed, as fully reading it
    // leaves it), its chunk being the same bytes.
    if (r.body !== null) {
      r.used = true;
      if (r.body.stream) r.body.stream.getReader().read();
    }
    const bytes = r.body === null ? new Uint8Array(0) : r.body.bytes;
    // Step 4-5. Resolve with the result of running convertBytesToJSValue
    // with the bytes (MIME type: the `Content-Type` header, for blob()).
    return new Promise((resolve) => resolve(convert(bytes, mimeType(r))));
  }
  // Whether a response's body is disturbed (read whole, or its stream read
  // or cancelled): https://fetch.spec.whatwg.org/#body-unusable.
  function isUsed(r) {
    return r.used || (r.body !== null && !!r.body.stream && streams.isDisturbed(r.body.stream));
  }
  // A body's stream (https://fetch.spec.whatwg.org/#concept-body-stream),
  // made when first asked for: a readable byte stream that has the body's
  // bytes as one chunk, then closes (Fetch's "extract" step 5 for a byte
  // sequence: enqueue the bytes, close).
  function bodyStream(r) {
    if (!r.body.stream) {
      const bytes = r.used ? new Uint8Array(0) : r.body.bytes;
      r.body.stream = new streams.ReadableStream({
        type: 'bytes',
        start(c) {
          if (bytes.length) c.enqueue(bytes.slice());
          c.close();
        },
      });
      // A body read whole before its stream was asked for: the stream is
      // the one that was read (locked to its reader, disturbed).
      if (r.used) r.body.stream.getReader().read();
    }
    return r.body.stream;
  }
  // https://fetch.spec.whatwg.org/#concept-body-mime-type (the header's value, lowercased)
  function mimeType(r) {
    const v = getHeader(r.headers, 'content-type');
    return v === null ? null : lower(v);
  }
  // ---------------------------------------------------------------- Request
  // https://fetch.spec.whatwg.org/#request-class: a request made by script
  // (its body whole, as a Response's), which fetch() takes too.
  const requests = new WeakMap();
  const Q = (v) => {
    const r = requests.get(v);
    if (r === undefined) throw new TypeError('Illegal invocation');
    return r;
  };
  // https://fetch.spec.whatwg.org/#forbidden-request-header, with the
  // value (the method-override headers naming a forbidden method).
  function forbiddenRequestHeader(name, value) {
    // Step 1. A forbidden name, or one starting `proxy-` or `sec-`.
    if (isForbiddenRequestHeader(name)) return true;
    // Step 2. The method-override headers naming a forbidden method.
    if (['x-http-method', 'x-http-method-override', 'x-method-override'].includes(lower(name))) {
      return value.split(',').some((m) => ['CONNECT', 'TRACE', 'TRACK'].includes(m.trim().toUpperCase()));
    }
    return false;
  }
  // A RequestInit member that is a Web IDL enum.
  function enumMember(init, member, type, values, context) {
    if (init[member] === undefined) return undefined;
    const v = String(init[member]);
    if (!values.includes(v)) throw new TypeError(`${context}: Failed to read the '${member}' property from 'RequestInit': The provided value '${v}' is not a valid enum value of type ${type}.`);
    return v;
  }
  // https://fetch.spec.whatwg.org/#dom-request (steps 1-41), with the words
  // of `context` (Request's constructor, or fetch()'s): the new request and
  // the signal it follows.
  function constructRequest(input, init, context) {
    if (init !== undefined && init !== null && typeof init !== 'object' && typeof init !== 'function') {
      throw new TypeError(`${context}: The provided value is not of type 'RequestInit'.`);
    }
    init = init ?? {};
    let request;
    let fallbackMode = null;
    let signal = null;
    const inputRequest = requests.get(input);
    if (inputRequest === undefined) {
      // Step 5. input is a string: parse it with the API base URL.
      let parsed;
      try { parsed = new g.URL(usv(input), apiBaseURL()); } catch {
        throw new TypeError(`${context}: Failed to parse URL from ${usv(input)}`);
      }
      if (parsed.username !== '' || parsed.password !== '') {
        throw new TypeError(`${context}: Request cannot be constructed from a URL that includes credentials: ${usv(input)}`);
      }
      request = {
        method: 'GET', url: parsed.href, headers: [], body: null, used: false, mode: 'cors', credentials: 'same-origin',
        cache: 'default', redirect: 'follow', referrer: 'client', referrerPolicy: '', integrity: '', keepalive: false,
      };
      fallbackMode = 'cors';
    } else {
      // Step 6. input is a Request: its request (copied below) and signal.
      request = inputRequest;
      signal = inputRequest.signal;
    }
    // Step 12. A new request from it, with fields init may override.
    const next = { ...request, headers: request.headers.map((p) => p.slice()), body: null, used: false };
    const nonEmpty = Object.keys(init).length > 0 || ['method', 'headers', 'body', 'referrer', 'referrerPolicy', 'mode',
      'credentials', 'cache', 'redirect', 'integrity', 'keepalive', 'signal', 'duplex', 'priority', 'window'].some((k) => init[k] !== undefined);
    if (nonEmpty) {
      // Step 12.1-12.4. A navigate mode becomes same-origin; the referrer
      // and its policy are reset.
      if (next.mode === 'navigate') next.mode = 'same-origin';
      next.referrer = 'client';
      next.referrerPolicy = '';
    }
    // Step 13. init's referrer: "" is no referrer; a URL of the same origin,
    // or "about:client".
    if (init.referrer !== undefined) {
      const referrer = usv(init.referrer);
      if (referrer === '') next.referrer = 'no-referrer';
      else {
        let parsed;
        try { parsed = new g.URL(referrer, apiBaseURL()); } catch {
          throw new TypeError(`${context}: Referrer '${referrer}' is not a valid URL.`);
        }
        next.referrer = parsed.href === 'about:client' || parsed.origin !== clientOrigin() ? 'client' : parsed.href;
      }
    }
    // Step 14. init's referrerPolicy.
    const policy = enumMember(init, 'referrerPolicy', 'ReferrerPolicy', ['', 'no-referrer', 'no-referrer-when-downgrade',
      'same-origin', 'origin', 'strict-origin', 'origin-when-cross-origin', 'strict-origin-when-cross-origin', 'unsafe-url'], context);
    if (policy !== undefined) next.referrerPolicy = policy;
    // Steps 15-17. The mode: init's, else the fallback; never "navigate".
    const mode = enumMember(init, 'mode', 'RequestMode', ['navigate', 'same-origin', 'no-cors', 'cors'], context) ?? fallbackMode;
    if (mode === 'navigate') throw new TypeError(`${context}: Cannot construct a Request with a RequestInit whose mode member is set as 'navigate'.`);
    if (mode !== null) next.mode = mode;
    // Steps 18-23. credentials, cache ("only-if-cached" only with
    // "same-origin"), redirect, integrity, keepalive.
    next.credentials = enumMember(init, 'credentials', 'RequestCredentials', ['omit', 'same-origin', 'include'], context) ?? next.credentials;
    next.cache = enumMember(init, 'cache', 'RequestCache', ['default', 'no-store', 'reload', 'no-cache', 'force-cache', 'only-if-cached'], context) ?? next.cache;
    if (next.cache === 'only-if-cached' && next.mode !== 'same-origin') throw new TypeError(`${context}: 'only-if-cached' can be set only with 'same-origin' mode`);
    next.redirect = enumMember(init, 'redirect', 'RequestRedirect', ['follow', 'error', 'manual'], context) ?? next.redirect;
    if (init.integrity !== undefined) next.integrity = String(init.integrity);
    if (init.keepalive !== undefined) next.keepalive = !!init.keepalive;
    // Steps 24-25. init's method: a method, not a forbidden one, normalized.
    if (init.method !== undefined) {
      let method = byteString(init.method, context);
      if (!TOKEN.test(method)) throw new TypeError(`${context}: '${method}' is not a valid HTTP method.`);
      if (['CONNECT', 'TRACE', 'TRACK'].includes(method.toUpperCase())) throw new TypeError(`${context}: '${method}' HTTP method is unsupported.`);
      if (NORMALIZED.includes(method.toUpperCase())) method = method.toUpperCase();
      next.method = method;
    }
    // Step 26. init's signal.
    if (init.signal !== undefined) {
      if (init.signal !== null && !(init.signal instanceof g.AbortSignal)) {
        throw new TypeError(`${context}: Failed to read the 'signal' property from 'RequestInit': Failed to convert value to 'AbortSignal'.`);
      }
      signal = init.signal;
    }
    // Step 31. A no-cors request's method is a CORS-safelisted method.
    if (next.mode === 'no-cors' && !CORS_SAFELISTED_METHOD.includes(next.method)) {
      throw new TypeError(`${context}: '${next.method}' is unsupported in no-cors mode.`);
    }
    // Step 32. init's headers replace the copied ones, through the
    // request's guard.
    const headers = makeHeaders([], next.mode === 'no-cors' ? 'request-no-cors' : 'request');
    if (nonEmpty && init.headers !== undefined) fill(headers, init.headers);
    else for (const [k, v] of next.headers) appendHeader(headers, k, v);
    next.headers = headerLists.get(headers);
    // Step 33-34. A GET or HEAD request has no body.
    const inputBody = inputRequest === undefined ? null : inputRequest.body;
    const initBody = init.body === undefined || init.body === null ? null : init.body;
    if ((initBody !== null || inputBody !== null) && (next.method === 'GET' || next.method === 'HEAD')) {
      throw new TypeError(`${context}: Request with GET/HEAD method cannot have body.`);
    }
    // Steps 35-36. init's body, extracted; its type as Content-Type if
    // none was given.
    let body = null;
    if (initBody !== null) {
      body = extract(initBody);
      if (body.type !== null && getHeader(next.headers, 'content-type') === null) next.headers.push(['Content-Type', body.type]);
    }
    // Step 40. Else input's body, moved: input can be used no more.
    if (body === null && inputBody !== null) {
      if (isUsed(inputRequest) || inputBody.stream?.locked) {
        throw new TypeError(`${context}: Cannot construct a Request with a Request object that has already been used.`);
      }
      body = { bytes: inputBody.bytes, type: inputBody.type, stream: null };
      inputRequest.used = true;
      if (inputBody.stream) inputBody.stream.getReader().read();
    }
    next.body = body;
    return { request: next, signal };
  }
  let makingRequest = null;
  class Request {
    #headers; #signal;
    // https://fetch.spec.whatwg.org/#dom-request
    constructor(input, init = undefined) {
      let made = makingRequest;
      if (made === null) {
        if (arguments.length === 0) throw new TypeError("Failed to construct 'Request': 1 argument required, but only 0 present.");
        made = constructRequest(input, init, "Failed to construct 'Request'");
      }
      // Step 28. Set this's request to request.
      requests.set(this, made.request);
      // Steps 29-30. this's signal: a new AbortSignal that follows the
      // input's or init's.
      this.#signal = made.signal === null ? new g.AbortController().signal : g.AbortSignal.any([made.signal]);
      made.request.signal = this.#signal;
      // Step 31. this's headers: the request's header list, guarded.
      this.#headers = makeHeaders(made.request.headers, made.request.mode === 'no-cors' ? 'request-no-cors' : 'request');
    }
    get method() { return Q(this).method; }
    get url() { return Q(this).url; }
    get headers() { Q(this); return this.#headers; }
    get destination() { Q(this); return ''; }
    // https://fetch.spec.whatwg.org/#dom-request-referrer
    get referrer() {
      const referrer = Q(this).referrer;
      return referrer === 'no-referrer' ? '' : referrer === 'client' ? 'about:client' : referrer;
    }
    get referrerPolicy() { return Q(this).referrerPolicy; }
    get mode() { return Q(this).mode; }
    get credentials() { return Q(this).credentials; }
    get cache() { return Q(this).cache; }
    get redirect() { return Q(this).redirect; }
    get integrity() { return Q(this).integrity; }
    get keepalive() { return Q(this).keepalive; }
    get isReloadNavigation() { Q(this); return false; }
    get isHistoryNavigation() { Q(this); return false; }
    get signal() { Q(this); return this.#signal; }
    get duplex() { Q(this); return 'half'; }
    // https://fetch.spec.whatwg.org/#dom-request-clone
    clone() {
      const r = Q(this);
      // Step 1. If this is unusable, then throw a TypeError.
      if (isUsed(r) || (r.body !== null && r.body.stream?.locked)) throw new TypeError("Failed to execute 'clone' on 'Request': Request body is already used");
      // Step 2. Let clonedRequest be the result of cloning this's request
      // (a body stream made already is teed).
      const copy = { ...r, headers: r.headers.map((p) => p.slice()), body: r.body && { bytes: r.body.bytes, type: r.body.type, stream: null } };
      if (r.body !== null && r.body.stream) [r.body.stream, copy.body.stream] = r.body.stream.tee();
      // Steps 3-5. A new Request with it, its signal following this's.
      makingRequest = { request: copy, signal: this.#signal };
      try { return new Request(); } finally { makingRequest = null; }
    }
    get body() {
      const r = Q(this);
      return r.body === null ? null : bodyStream(r);
    }
    get bodyUsed() { return isUsed(Q(this)); }
    arrayBuffer() { return consume(this, 'arrayBuffer', (bytes) => bytes.slice().buffer); }
    blob() { return consume(this, 'blob', (bytes, mime) => file.make(bytes.slice().buffer, mime === null ? '' : mime, null)); }
    bytes() { return consume(this, 'bytes', (bytes) => bytes.slice()); }
    json() { return consume(this, 'json', (bytes) => JSON.parse(host.decodeUtf8(bytes.slice().buffer))); }
    text() { return consume(this, 'text', (bytes) => host.decodeUtf8(bytes.slice().buffer)); }
    get [Symbol.toStringTag]() { return 'Request'; }
  }
  // ---------------------------------------------------------------- FormData
  // https://xhr.spec.whatwg.org/#interface-formdata
  const entryLists = new WeakMap();
  // https://xhr.spec.whatwg.org/#create-an-entry
  function createEntry(name, value, filename, method) {
    // Step 1. Set name to the result of converting name into a scalar value string.
    name = usv(name);
    if (value instanceof g.Blob) {
      // Step 3.1. If value is not a File object, then set value to a new File
      // object, representing the same bytes, whose name attribute value is "blob".
      // Step 3.2. If filename is given, then set value to a new File object,
      // representing the same bytes, whose name attribute is filename.
      if (!(value instanceof g.File) || filename !== undefined) {
        const [buffer, type, fileFields] = file.parts(value);
        const name2 = filename !== undefined ? usv(filename) : value instanceof g.File ? fileFields[0] : 'blob';
        value = file.make(buffer, type, [name2, value instanceof g.File && filename === undefined ? fileFields[1] : Date.now()]);
      }
    } else {
      if (filename !== undefined) throw new TypeError(`Failed to execute '${method}' on 'FormData': parameter 2 is not of type 'Blob'.`);
      // Step 2. Otherwise, set value to the result of converting value into a scalar value string.
      value = usv(value);
    }
    // Step 4. Return an entry whose name is name and whose value is value.
    return [name, value];
  }
  class FormData {
    // https://xhr.spec.whatwg.org/#dom-formdata
    constructor(form = undefined, submitter = null) {
      const list = [];
      entryLists.set(this, list);
      // Step 1. If form is given, then:
      if (form !== undefined) {
        if (!(g.HTMLFormElement && form instanceof g.HTMLFormElement)) throw new TypeError("Failed to construct 'FormData': parameter 1 is not of type 'HTMLFormElement'.");
        // Step 1.2-1.4. Let list be the result of constructing the entry list for form and submitter.
        for (const e of formEntries(form, submitter)) list.push(e);
      }
    }
    append(name, value, filename = undefined) {
      if (arguments.length < 2) throw new TypeError(`Failed to execute 'append' on 'FormData': 2 arguments required, but only ${arguments.length} present.`);
      // Step 1-2. Let entry be the result of creating an entry; append it.
      L(this).push(createEntry(name, value, filename, 'append'));
    }
    delete(name) { name = usv(name); entryLists.set(this, L(this).filter(([n]) => n !== name)); }
    get(name) { name = usv(name); const e = L(this).find(([n]) => n === name); return e ? e[1] : null; }
    getAll(name) { name = usv(name); return L(this).filter(([n]) => n === name).map(([, v]) => v); }
    has(name) { name = usv(name); return L(this).some(([n]) => n === name); }
    // https://xhr.spec.whatwg.org/#dom-formdata-set: replace the first, remove the others, or append.
    set(name, value, filename = undefined) {
      if (arguments.length < 2) throw new TypeError(`Failed to execute 'set' on 'FormData': 2 arguments required, but only ${arguments.length} present.`);
      const entry = createEntry(name, value, filename, 'set');
      const list = L(this);
      const at = list.findIndex(([n]) => n === entry[0]);
      if (at < 0) list.push(entry);
      else entryLists.set(this, list.filter(([n], i) => i === at || n !== entry[0]).map((e, i) => (i === at ? entry : e)));
    }
    forEach(callback, thisArg = undefined) {
      if (typeof callback !== 'function') throw new TypeError("Failed to execute 'forEach' on 'FormData': The callback provided as parameter 1 is not a function.");
      const list = L(this);
      for (let i = 0; i < list.length; i++) callback.call(thisArg, list[i][1], list[i][0], this);
    }
    *entries() { for (let i = 0; i < L(this).length; i++) yield [L(this)[i][0], L(this)[i][1]]; }
    *keys() { for (let i = 0; i < L(this).length; i++) yield L(this)[i][0]; }
    *values() { for (let i = 0; i < L(this).length; i++) yield L(this)[i][1]; }
    get [Symbol.toStringTag]() { return 'FormData'; }
  }
  Object.defineProperty(FormData.prototype, Symbol.iterator, { value: FormData.prototype.entries, writable: true, configurable: true });
  function L(v) {
    const l = entryLists.get(v);
    if (l === undefined) throw new TypeError('Illegal invocation');
    return l;
  }
  // https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#constructing-the-form-data-set
  // for the controls jsloop models: input (not file, image or unchecked
  // checkable ones), textarea, and the submitter; select is left out
  // (jsloop has no option selectedness; docs/deviations.md).
  function formEntries(form, submitter) {
    const out = [];
    const controls = [...form.querySelectorAll('input, textarea, button')];
    for (const field of controls) {
      // Step 5.1. Skip a field with a datalist ancestor, a disabled one, a
      // button that is not the submitter, an unchecked checkbox or radio.
      if (field.closest('datalist') || field.disabled) continue;
      const tag = field.localName;
      const type = tag === 'input' ? field.type : tag === 'button' ? field.type : 'textarea';
      if ((tag === 'button' || type === 'submit' || type === 'reset' || type === 'button' || type === 'image') && field !== submitter) continue;
      if ((type === 'checkbox' || type === 'radio') && !field.checked) continue;
      // Step 5.5. Let name be the value of the field's name attribute; skip an empty one.
      const name = field.getAttribute('name');
      if (name === null || name === '') continue;
      if (type === 'file') {
        // Step 5.8. A file field: each selected file, or an empty
        // application/octet-stream File named "" if there are none.
        const files = field.files;
        if (files.length === 0) out.push(createEntry(name, new g.File([], '', { type: 'application/octet-stream' }), undefined, 'append'));
        else for (const f of files) out.push(createEntry(name, f, undefined, 'append'));
        continue;
      }
      // Step 5.7. A checkbox or radio with no value attribute: "on".
      const value = (type === 'checkbox' || type === 'radio') && field.getAttribute('value') === null ? 'on' : field.value;
      // Step 5.12. Otherwise, create an entry with name and value; for a
      // textarea, with its newlines normalized (5.13).
      out.push(createEntry(name, tag === 'textarea' ? String(value).replace(/\r\n?/g, '\n') : value, undefined, 'append'));
    }
    return out;
  }
  define(g, { FormData });
  // ---------------------------------------------------------------- fetch()
  // https://fetch.spec.whatwg.org/#fetch-method, for the URLs the browser
  // host reaches without a network (browser/fetch.rs): file: URLs, data:
  // URLs, blob: URLs of this realm, and a served page's URLs (--root), which
  // are its files. The response is read at once and handed to script in a
  // task on the networking task source ("queue a fetch task"); no time
  // passes under the virtual clock (docs/event-loop.md).
  const STATUS_TEXT = { 200: 'OK', 404: 'Not Found' };
  // https://fetch.spec.whatwg.org/#concept-method-normalize
  const NORMALIZED = ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'POST', 'PUT'];
  const GLOBAL = host.isWorker ? 'WorkerGlobalScope' : 'Window';
  function apiBaseURL() {
    return g.document ? g.document.baseURI : String(g.location.href);
  }
  // The response to url (null: a network error): { status, mime, bytes }.
  function schemeFetch(url) {
    if (/^blob:/i.test(url)) {
      // https://fetch.spec.whatwg.org/#scheme-fetch "blob": the blob URL
      // entry's object, or a network error.
      const blob = web.blobURLObject ? web.blobURLObject(url) : null;
      if (!blob) return null;
      const [buffer, type] = file.parts(blob);
      return { status: 200, mime: type, bytes: new Uint8Array(buffer) };
    }
    const r = host.fetchURL(url);
    return r === null ? null : { status: r[0], mime: r[1], bytes: new Uint8Array(r[2]) };
  }
  // ---------------------------------------------------------------- the network
  // http: URLs other than a served page's own files go over the network:
  // to the loopback only (browser/fetch.rs, http_client.rs), each request
  // on a thread of its own, its response coming back as a task on the
  // networking task source.
  const SERVED_ORIGIN = 'http://127.0.0.1:8000';
  function isNetworkURL(url) {
    return (url.protocol === 'http:' || url.protocol === 'https:') && !(host.served && url.origin === SERVED_ORIGIN);
  }
  // https://html.spec.whatwg.org/multipage/browsers.html#ascii-serialisation-of-an-origin
  // of the request's client (a file: page's origin is opaque: "null").
  function clientOrigin() {
    try {
      const u = new g.URL(apiBaseURL());
      return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : 'null';
    } catch { return 'null'; }
  }
  // https://fetch.spec.whatwg.org/#cors-safelisted-response-header-name
  const CORS_SAFELISTED_RESPONSE = ['cache-control', 'content-language', 'content-length', 'content-type', 'expires', 'last-modified', 'pragma'];
  // https://fetch.spec.whatwg.org/#forbidden-response-header-name
  const FORBIDDEN_RESPONSE = ['set-cookie', 'set-cookie2'];
  // The request's part of main fetch for a network URL: the header list
  // (Accept, the author's headers, the body's Content-Type, Origin), then the
  // response, checked and filtered as its tainting says. Resolves with
  // { type, status, statusText, headers, bytes, mime, url, redirected }, or
  // rejects (a network error).
  // https://fetch.spec.whatwg.org/#forbidden-request-header (a Request's
  // headers and XMLHttpRequest's setRequestHeader() drop these).
  const FORBIDDEN_REQUEST = ['accept-charset', 'accept-encoding', 'access-control-request-headers', 'access-control-request-method', 'connection', 'content-length',
    'cookie', 'cookie2', 'date', 'dnt', 'expect', 'host', 'keep-alive', 'origin', 'referer', 'set-cookie', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'via'];
  const isForbiddenRequestHeader = (name) => { const n = lower(name); return FORBIDDEN_REQUEST.includes(n) || n.startsWith('proxy-') || n.startsWith('sec-'); };
  function headerListFor(method, url, authorHeaders, bodyType) {
    const list = authorHeaders.filter(([k]) => !isForbiddenRequestHeader(k)).map(([k, v]) => [k, v]);
    const has = (name) => list.some(([k]) => lower(k) === name);
    // https://fetch.spec.whatwg.org/#fetching Step 12: `Accept` `*/*` if the request has none.
    if (!has('accept')) list.push(['Accept', '*/*']);
    // https://fetch.spec.whatwg.org/#dom-request Step 37 (and XHR's send()
    // Step 4.5): the body's type as `Content-Type`, if none is set.
    if (bodyType !== null && !has('content-type')) list.push(['Content-Type', bodyType]);
    // https://fetch.spec.whatwg.org/#append-a-request-origin-header: a
    // cross-origin (CORS) request, or a method other than GET and HEAD.
    const origin = clientOrigin();
    if (url.origin !== origin || (method !== 'GET' && method !== 'HEAD')) list.push(['Origin', origin]);
    return list;
  }
  function processNetworkResponse(url, got) {
    const origin = clientOrigin();
    const crossOrigin = new g.URL(got.url).origin !== origin || url.origin !== origin;
    let headers = got.headers;
    let type = 'basic';
    if (crossOrigin) {
      // https://fetch.spec.whatwg.org/#concept-cors-check: the response's
      // `Access-Control-Allow-Origin` must be `*` (credentials mode
      // "same-origin") or the request's origin.
      const allow = headers.find(([k]) => k === 'access-control-allow-origin');
      if (!allow || (allow[1].trim() !== '*' && allow[1].trim() !== origin)) return null;
      // https://fetch.spec.whatwg.org/#concept-filtered-response-cors: the
      // CORS-safelisted response headers and the ones exposed.
      const exposed = headers.filter(([k]) => k === 'access-control-expose-headers')
        .flatMap(([, v]) => v.split(',').map((x) => lower(x.trim())));
      headers = headers.filter(([k]) => CORS_SAFELISTED_RESPONSE.includes(k) || exposed.includes(k) || (exposed.includes('*') && !FORBIDDEN_RESPONSE.includes(k)));
      type = 'cors';
    } else {
      // https://fetch.spec.whatwg.org/#concept-filtered-response-basic
      headers = headers.filter(([k]) => !FORBIDDEN_RESPONSE.includes(k));
    }
    const bytes = new Uint8Array(got.body.length);
    for (let i = 0; i < bytes.length; i++) bytes[i] = got.body.charCodeAt(i);
    const ct = headers.find(([k]) => k === 'content-type');
    return { type, status: got.status, statusText: got.statusText, headers, bytes, mime: ct ? ct[1] : '', url: got.url, redirected: got.redirected };
  }
  // https://fetch.spec.whatwg.org/#cors-safelisted-method
  const CORS_SAFELISTED_METHOD = ['GET', 'HEAD', 'POST'];
  // https://fetch.spec.whatwg.org/#cors-safelisted-request-header
  function isCorsSafelistedRequestHeader(name, value) {
    // Step 1. If value's length is greater than 128, then return false.
    if (value.length > 128) return false;
    const unsafeByte = /[\x00-\x08\x0a-\x1f"():<>?@[\\\]{}\x7f]/;
    switch (lower(name)) {
      case 'accept': return !unsafeByte.test(value);
      case 'accept-language': case 'content-language': return /^[0-9A-Za-z *,\-.;=]*$/.test(value);
      case 'content-type': {
        if (unsafeByte.test(value)) return false;
        const essence = lower(value.split(';')[0].trim());
        return essence === 'application/x-www-form-urlencoded' || essence === 'multipart/form-data' || essence === 'text/plain';
      }
      case 'range': return /^bytes=\d*-\d*$/.test(value);
      default: return false;
    }
  }
  // https://fetch.spec.whatwg.org/#cors-unsafe-request-header-names
  function corsUnsafeNames(list) {
    const unsafe = new Set();
    for (const [k, v] of list) if (!isCorsSafelistedRequestHeader(k, v)) unsafe.add(lower(k));
    // (Step 5. Also when the safelisted values together are longer than 1024 bytes: not done.)
    return [...unsafe].sort();
  }
  // https://fetch.spec.whatwg.org/#concept-header-extract-mime-type's sibling:
  // the comma-separated values of a response header (extracting header list values).
  const headerValues = (headers, name) => headers.filter(([k]) => k === name).flatMap(([, v]) => v.split(',').map((x) => x.trim()).filter((x) => x !== ''));
  // https://fetch.spec.whatwg.org/#cors-preflight-fetch-0 (no preflight cache)
  // Step 1-4. A preflight: `OPTIONS` to the same URL, with `Accept: */*`,
  // `Access-Control-Request-Method`, and the sorted unsafe header names as
  // `Access-Control-Request-Headers` if there are any (and `Origin`).
  function preflightHeaders(method, names) {
    const list = [['Accept', '*/*'], ['Access-Control-Request-Method', method]];
    if (names.length > 0) list.push(['Access-Control-Request-Headers', names.join(',')]);
    list.push(['Origin', clientOrigin()]);
    return list;
  }
  function corsPreflight(method, url, authorHeaders) {
    const names = corsUnsafeNames(authorHeaders);
    // Step 5. Let response be the result of running HTTP-network-or-cache
    // fetch given a new fetch params (a redirect is a network error).
    return host.httpFetch('OPTIONS', url.href, preflightHeaders(method, names), null, 'error').then((got) => checkPreflight(got, method, names));
  }
  // A synchronous XMLHttpRequest's preflight: the same, inside send(); false for a network error.
  function corsPreflightSync(method, url, authorHeaders) {
    const names = corsUnsafeNames(authorHeaders);
    const got = host.httpFetchSync('OPTIONS', url.href, preflightHeaders(method, names), null, 'error');
    if (got === null) return false;
    try { checkPreflight(got, method, names); return true; } catch { return false; }
  }
  function checkPreflight(got, method, names) {
    {
      // Step 6. If a CORS check for request and response returns success and response's status is an ok status:
      const allow = got.headers.find(([k]) => k === 'access-control-allow-origin');
      if (!allow || (allow[1].trim() !== '*' && allow[1].trim() !== clientOrigin()) || got.status < 200 || got.status > 299) throw new TypeError('CORS preflight');
      // Step 6.1-6.2. Let methods (headerNames) be the result of extracting
      // `Access-Control-Allow-Methods` (`Access-Control-Allow-Headers`).
      const methods = headerValues(got.headers, 'access-control-allow-methods');
      const headerNames = headerValues(got.headers, 'access-control-allow-headers').map(lower);
      // Step 6.5. If request's method is not in methods, request's method is not a CORS-safelisted
      // method, and methods does not contain `*` (credentials mode not "include"), return a network error.
      if (!methods.includes(method) && !CORS_SAFELISTED_METHOD.includes(method) && !methods.includes('*')) throw new TypeError('CORS preflight');
      // Step 6.7. If one of request's CORS-unsafe request-header names is not a
      // header name in headerNames and headerNames does not contain `*`, return a network error.
      for (const n of names) if (!headerNames.includes(n) && !headerNames.includes('*')) throw new TypeError('CORS preflight');
    }
  }
  // https://fetch.spec.whatwg.org/#http-fetch Step 4.1: a CORS-preflight
  // request when the request is cross-origin and its method is not a
  // CORS-safelisted method or it has a CORS-unsafe request header.
  function needsPreflight(method, url, list) {
    return url.origin !== clientOrigin() && (!CORS_SAFELISTED_METHOD.includes(method) || corsUnsafeNames(list.filter(([k]) => lower(k) !== 'origin')).length > 0);
  }
  function networkFetch(method, url, authorHeaders, body, redirect) {
    const list = headerListFor(method, url, authorHeaders, body === null ? null : body.type);
    // (Step 4.1 of HTTP fetch: the preflight first, if needed.)
    const preflight = needsPreflight(method, url, list) ? corsPreflight(method, url, list.filter(([k]) => lower(k) !== 'origin')) : null;
    const send = () => host.httpFetch(method, url.href, list, body === null ? null : body.bytes.slice().buffer, redirect);
    return (preflight === null ? send() : preflight.then(send)).then((got) => {
      const r = processNetworkResponse(url, got);
      if (r === null) throw new TypeError('CORS');
      return r;
    });
  }
  function fetch(input, init = undefined) {
    const context = `Failed to execute 'fetch' on '${GLOBAL}'`;
    // Step 1. Let p be a new promise.
    return new Promise((resolve, reject) => {
      if (arguments.length === 0) throw new TypeError(`${context}: 1 argument required, but only 0 present.`);
      // Step 2. Let requestObject be the result of invoking the initial value
      // of Request as constructor with input and init. If this throws an
      // exception, reject p with it. (The request itself is what fetch
      // reads; the fragment is not fetched.)
      const { request, signal } = constructRequest(input, init, context);
      const url = new g.URL(request.url);
      url.hash = '';
      const { method, redirect } = request;
      const authorHeaders = request.headers.map((p) => p.slice());
      const body = request.body === null ? null : { bytes: request.body.bytes, type: request.body.type };
      // Step 5-6. If requestObject's signal is aborted, abort the fetch()
      // call with p, request, null, and the signal's abort reason.
      if (signal !== null && signal.aborted) { reject(signal.reason); return; }
      let aborted = false;
      // Step 11. Add the abort steps to requestObject's signal: reject p
      // with the signal's abort reason (the response, when it comes, is
      // dropped).
      const onAbort = () => { aborted = true; reject(signal.reason); };
      if (signal !== null) signal.addEventListener('abort', onAbort, { once: true });
      // Step 12. Fetch request, and when the response comes, queue a fetch
      // task (the networking task source) to process it.
      const href = url.href;
      if (isNetworkURL(url)) {
        // ("manual" redirects, an opaque-redirect filtered response, are not
        // done: such a request is a network error here.)
        const settled = redirect === 'manual' ? Promise.reject(new TypeError('manual')) : networkFetch(method, url, authorHeaders, body, redirect);
        settled.then((got) => {
          if (signal !== null) signal.removeEventListener('abort', onAbort);
          if (aborted) return;
          // Step 12.4-12.5. Resolve p with a new Response for response.
          const r = newResponse();
          r.type = got.type;
          r.url = got.url;
          r.redirected = got.redirected;
          r.status = got.status;
          r.statusText = got.statusText;
          r.headers.push(...got.headers);
          r.body = method === 'HEAD' || NULL_BODY_STATUS.includes(got.status) ? null : { bytes: got.bytes, type: got.mime === '' ? null : got.mime };
          resolve(makeResponse(r));
        }, () => {
          if (signal !== null) signal.removeEventListener('abort', onAbort);
          if (aborted) return;
          // Step 12.3. If response is a network error, reject p with a TypeError.
          reject(new TypeError('Failed to fetch'));
        });
        return;
      }
      host.queueTask('networking', 'fetch ' + href, () => {
        if (signal !== null) signal.removeEventListener('abort', onAbort);
        if (aborted) return;
        // Only GET and HEAD reach a file: another method is a network error
        // here (there is no server to send it to).
        const got = method === 'GET' || method === 'HEAD' ? schemeFetch(href) : null;
        // Step 12.3. If response is a network error, reject p with a TypeError.
        if (got === null) { reject(new TypeError('Failed to fetch')); return; }
        // Step 12.4-12.5. Resolve p with a new Response for response.
        const r = newResponse();
        r.type = 'basic';
        r.url = href;
        r.status = got.status;
        r.statusText = STATUS_TEXT[got.status] ?? '';
        if (got.mime !== '') r.headers.push(['content-type', got.mime]);
        r.headers.push(['content-length', String(got.bytes.length)]);
        r.body = method === 'HEAD' ? null : { bytes: got.bytes, type: got.mime === '' ? null : got.mime };
        resolve(makeResponse(r));
      }, web.callerOrigin());
    });
  }
  // ---------------------------------------------------------------- XMLHttpRequest
  // https://xhr.spec.whatwg.org/ over the same scheme fetch as fetch():
  // requests without a body to send (there is no server; a request body is
  // extracted and not sent), asynchronous (the response's tasks on the
  // networking task source) or synchronous.
  const { defineEventHandler, fireTrusted } = web;
  class XMLHttpRequestEventTarget extends g.EventTarget {
    constructor() {
      if (new.target === XMLHttpRequestEventTarget) throw new TypeError('Illegal constructor');
      super();
    }
  }
  for (const n of ['onloadstart', 'onprogress', 'onabort', 'onerror', 'onload', 'ontimeout', 'onloadend']) defineEventHandler(XMLHttpRequestEventTarget.prototype, n);
  let makingUpload = false;
  class XMLHttpRequestUpload extends XMLHttpRequestEventTarget {
    constructor() { if (!makingUpload) throw new TypeError('Illegal constructor'); super(); }
  }
  const UNSENT = 0, OPENED = 1, HEADERS_RECEIVED = 2, LOADING = 3, DONE = 4;
  const xhrs = new WeakMap();
  const X = (v) => { const x = xhrs.get(v); if (!x) throw new TypeError('Illegal invocation'); return x; };
  const progress = (target, type, loaded, total) => fireTrusted(target, new g.ProgressEvent(type, { lengthComputable: total !== 0, loaded, total }));
  class XMLHttpRequest extends XMLHttpRequestEventTarget {
    constructor() {
      super();
      makingUpload = true;
      let upload;
      try { upload = new XMLHttpRequestUpload(); } finally { makingUpload = false; }
      xhrs.set(this, {
        state: UNSENT, send: false, sync: false, method: 'GET', url: null, headers: [], response: null,
        responseType: '', timeout: 0, withCredentials: false, upload, generation: 0, override: null,
      });
    }
    get readyState() { return X(this).state; }
    get upload() { return X(this).upload; }
    // https://xhr.spec.whatwg.org/#dom-xmlhttprequest-open
    open(method, url, async = true, username = null, password = null) {
      const x = X(this);
      const context = "Failed to execute 'open' on 'XMLHttpRequest'";
      if (arguments.length < 2) throw new TypeError(`${context}: 2 arguments required, but only ${arguments.length} present.`);
      // Step 2-4. method must be a method, not a forbidden one; normalize it.
      method = byteString(method, context);
      if (!/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(method)) throw new DOMException(`${context}: '${method}' is not a valid HTTP method.`, 'SyntaxError');
      if (['CONNECT', 'TRACE', 'TRACK'].includes(method.toUpperCase())) throw new DOMException(`${context}: '${method}' HTTP method is unsupported.`, 'SecurityError');
      if (NORMALIZED.includes(method.toUpperCase())) method = method.toUpperCase();
      // Step 5-7. Let parsedURL be the result of encoding-parsing a URL
      // url, relative to this's relevant settings object; failure is a
      // "SyntaxError" DOMException.
      let parsed;
      try { parsed = new g.URL(usv(url), apiBaseURL()); } catch {
        throw new DOMException(`${context}: Invalid URL`, 'SyntaxError');
      }
      // Step 10. If async is false, the current global object is a Window,
      // and timeout or responseType is set: "InvalidAccessError".
      async = arguments.length < 3 ? true : !!async;
      if (!async && !host.isWorker && (x.timeout !== 0 || x.responseType !== '')) throw new DOMException(`${context}: Synchronous requests from a document must not set a timeout or responseType.`, 'InvalidAccessError');
      // Step 11. Terminate this's fetch controller (a request in flight is
      // forgotten).
      x.generation++;
      // Step 12. Set variables associated with the object.
      parsed.hash = '';
      Object.assign(x, { send: false, sync: !async, method, url: parsed.href, headers: [], response: null, override: null });
      // Step 13. If this's state is not opened: set it to opened and fire
      // an event named readystatechange at this.
      if (x.state !== OPENED) {
        x.state = OPENED;
        fireTrusted(this, new g.Event('readystatechange'));
      }
    }
    // https://xhr.spec.whatwg.org/#dom-xmlhttprequest-setrequestheader
    setRequestHeader(name, value) {
      const x = X(this);
      const context = "Failed to execute 'setRequestHeader' on 'XMLHttpRequest'";
      if (arguments.length < 2) throw new TypeError(`${context}: 2 arguments required, but only ${arguments.length} present.`);
      // Step 1. If this's state is not opened, then throw an "InvalidStateError" DOMException.
      // Step 2. If this's send() flag is set, then throw an "InvalidStateError" DOMException.
      if (x.state !== OPENED || x.send) throw new DOMException(`${context}: The object's state must be OPENED.`, 'InvalidStateError');
      name = byteString(name, context); value = normalize(byteString(value, context));
      // Step 4. If name is not a header name or value is not a header value, throw a "SyntaxError" DOMException.
      if (!TOKEN.test(name)) throw new DOMException(`${context}: '${name}' is not a valid HTTP header field name.`, 'SyntaxError');
      if (!isValue(value)) throw new DOMException(`${context}: '${value}' is not a valid HTTP header field value.`, 'SyntaxError');
      // Step 5. If (name, value) is a forbidden request-header, then return.
      if (isForbiddenRequestHeader(name)) return;
      // Step 6. Combine (name, value) in this's author request headers.
      const i = x.headers.findIndex((h) => lower(h[0]) === lower(name));
      if (i >= 0) x.headers[i][1] += ', ' + value; else x.headers.push([name, value]);
    }
    get timeout() { return X(this).timeout; }
    set timeout(v) {
      const x = X(this);
      // Step 1. If the current global object is a Window and this's
      // synchronous flag is set: "InvalidAccessError".
      if (!host.isWorker && x.sync) throw new DOMException("Failed to set the 'timeout' property on 'XMLHttpRequest': Timeouts cannot be set for synchronous requests made from a document.", 'InvalidAccessError');
      x.timeout = v >>> 0;
    }
    get withCredentials() { return X(this).withCredentials; }
    set withCredentials(v) {
      const x = X(this);
      if ((x.state !== UNSENT && x.state !== OPENED) || x.send) throw new DOMException("Failed to set the 'withCredentials' property on 'XMLHttpRequest': The value may only be set if the object's state is UNSENT or OPENED.", 'InvalidStateError');
      x.withCredentials = !!v;
    }
    // https://xhr.spec.whatwg.org/#the-send()-method
    send(body = null) {
      const x = X(this);
      const context = "Failed to execute 'send' on 'XMLHttpRequest'";
      // Step 1. If this's state is not opened, then throw an "InvalidStateError" DOMException.
      // Step 2. If this's send() flag is set, then throw an "InvalidStateError" DOMException.
      if (x.state !== OPENED || x.send) throw new DOMException(`${context}: The object's state must be OPENED.`, 'InvalidStateError');
      // Step 3. If this's request method is `GET` or `HEAD`, then set body to null.
      // Step 4. If body is not null: extract it (sent to a network URL's server;
      // a file has nowhere to take it).
      const requestBody = x.method !== 'GET' && x.method !== 'HEAD' && body !== null && body !== undefined ? extract(body) : null;
      const generation = x.generation;
      // Step 11. Unset this's upload complete flag; (no request body: the
      // upload is complete).
      // Step 12-13. Unset this's timed out flag; the request.
      if (x.sync) {
        // Step 12 (synchronous): fetch, and wait for the response; a
        // network error throws a "NetworkError" DOMException.
        x.send = true;
        const url = new g.URL(x.url);
        let got;
        if (isNetworkURL(url)) {
          const list = headerListFor(x.method, url, x.headers, requestBody === null ? null : requestBody.type);
          const allowed = !needsPreflight(x.method, url, list) || corsPreflightSync(x.method, url, list.filter(([k]) => lower(k) !== 'origin'));
          const net = allowed ? host.httpFetchSync(x.method, x.url, list, requestBody === null ? null : requestBody.bytes.slice().buffer, 'follow') : null;
          got = net === null ? null : processNetworkResponse(url, net);
        } else got = x.method === 'GET' || x.method === 'HEAD' ? schemeFetch(x.url) : null;
        if (got === null) {
          x.send = false;
          x.state = DONE;
          x.response = null;
          fireTrusted(this, new g.Event('readystatechange'));
          throw new DOMException(`${context}: Failed to load '${x.url}'.`, 'NetworkError');
        }
        x.response = { ...got, bytes: x.method === 'HEAD' ? new Uint8Array(0) : got.bytes };
        // https://xhr.spec.whatwg.org/#handle-response-end-of-body
        endOfBody(this, x);
        return;
      }
      // Step 11 (asynchronous). Set this's send() flag; fire a progress
      // event named loadstart at this with 0 and 0.
      x.send = true;
      progress(this, 'loadstart', 0, 0);
      // Step 11.4. If this's state is not opened or this's send() flag is
      // unset, then return.
      if (x.state !== OPENED || !x.send || x.generation !== generation) return;
      const xhr = this;
      const live = () => x.generation === generation && x.send;
      // The response: a fetch task on the networking task source
      // ("process response"), then the body ("process response body",
      // one chunk) and its end, each a task of its own.
      const processResponse = (got) => {
        if (!live()) return;
        // https://xhr.spec.whatwg.org/#handle-errors: a network error is
        // the request error steps with event error.
        if (got === null) { requestError(xhr, x, 'error'); return; }
        x.response = { ...got, bytes: x.method === 'HEAD' ? new Uint8Array(0) : got.bytes };
        // Step 11.9 (process response). Set this's state to headers
        // received; fire an event named readystatechange at this.
        x.state = HEADERS_RECEIVED;
        fireTrusted(xhr, new g.Event('readystatechange'));
        if (!live()) return;
        host.queueTask('networking', 'XMLHttpRequest body ' + x.url, () => {
          if (!live()) return;
          // (process response body) State loading; readystatechange;
          // progress.
          if (x.response.bytes.length > 0) {
            x.state = LOADING;
            fireTrusted(xhr, new g.Event('readystatechange'));
            if (!live()) return;
            progress(xhr, 'progress', x.response.bytes.length, x.response.bytes.length);
            if (!live()) return;
          }
          host.queueTask('networking', 'XMLHttpRequest end of body ' + x.url, () => { if (live()) endOfBody(xhr, x); }, undefined);
        }, undefined);
      };
      const url = new g.URL(x.url);
      if (isNetworkURL(url)) {
        // The response comes in a task on the networking task source (its
        // promise is settled there; this runs in that task's microtask checkpoint).
        networkFetch(x.method, url, x.headers, requestBody, 'follow').then(processResponse, () => processResponse(null));
      } else {
        host.queueTask('networking', 'XMLHttpRequest response ' + x.url, () => {
          processResponse(x.method === 'GET' || x.method === 'HEAD' ? schemeFetch(x.url) : null);
        }, web.callerOrigin());
      }
    }
    // https://xhr.spec.whatwg.org/#the-abort()-method
    abort() {
      const x = X(this);
      // Step 1. Abort this's fetch controller.
      x.generation++;
      // Step 2. If this's state is opened with its send() flag set, headers
      // received, or loading, then run the request error steps for this and abort.
      if ((x.state === OPENED && x.send) || x.state === HEADERS_RECEIVED || x.state === LOADING) requestError(this, x, 'abort');
      // Step 3. If this's state is done, then set it to unsent and its response to a network error.
      if (x.state === DONE) { x.state = UNSENT; x.response = null; }
    }
    get responseURL() { const x = X(this); return x.response === null ? '' : x.url; }
    get status() { const x = X(this); return x.response === null || x.state < HEADERS_RECEIVED ? 0 : x.response.status; }
    get statusText() { const x = X(this); return x.response === null || x.state < HEADERS_RECEIVED ? '' : x.response.statusText ?? STATUS_TEXT[x.response.status] ?? ''; }
    getResponseHeader(name) {
      const x = X(this);
      if (x.response === null || x.state < HEADERS_RECEIVED) return null;
      return getHeader(responseHeaders(x), byteString(name, "Failed to execute 'getResponseHeader' on 'XMLHttpRequest'"));
    }
    getAllResponseHeaders() {
      const x = X(this);
      if (x.response === null || x.state < HEADERS_RECEIVED) return '';
      return responseHeaders(x).map(([k, v]) => `${k}: ${v}\r\n`).join('');
    }
    // https://xhr.spec.whatwg.org/#dom-xmlhttprequest-overridemimetype
    overrideMimeType(mime) {
      const x = X(this);
      if (x.state === LOADING || x.state === DONE) throw new DOMException("Failed to execute 'overrideMimeType' on 'XMLHttpRequest': MimeType cannot be overridden when the state is LOADING or DONE.", 'InvalidStateError');
      x.override = String(mime);
    }
    get responseType() { return X(this).responseType; }
    set responseType(v) {
      const x = X(this);
      v = String(v);
      if (!['', 'arraybuffer', 'blob', 'document', 'json', 'text'].includes(v)) return;
      // Step 2. If this's state is loading or done, then throw an "InvalidStateError" DOMException.
      if (x.state === LOADING || x.state === DONE) throw new DOMException("Failed to set the 'responseType' property on 'XMLHttpRequest': The response type cannot be set if the object's state is LOADING or DONE.", 'InvalidStateError');
      // Step 3. A Window's synchronous request: "InvalidAccessError".
      if (!host.isWorker && x.sync) throw new DOMException("Failed to set the 'responseType' property on 'XMLHttpRequest': The response type cannot be changed for synchronous requests made from a document.", 'InvalidAccessError');
      x.responseType = v;
    }
    // https://xhr.spec.whatwg.org/#the-responsetext-attribute
    get responseText() {
      const x = X(this);
      if (x.responseType !== '' && x.responseType !== 'text') throw new DOMException(`Failed to read the 'responseText' property from 'XMLHttpRequest': The value is only accessible if the object's 'responseType' is '' or 'text' (was '${x.responseType}').`, 'InvalidStateError');
      if ((x.state !== LOADING && x.state !== DONE) || x.response === null) return '';
      return host.decodeUtf8(x.response.bytes.slice().buffer);
    }
    // https://xhr.spec.whatwg.org/#the-response-attribute
    get response() {
      const x = X(this);
      if (x.responseType === '' || x.responseType === 'text') return this.responseText;
      if (x.state !== DONE || x.response === null) return null;
      const bytes = x.response.bytes;
      if (x.responseType === 'arraybuffer') return x.arrayBuffer ??= bytes.slice().buffer;
      if (x.responseType === 'blob') return x.blob ??= file.make(bytes.slice().buffer, x.override ?? x.response.mime, null);
      if (x.responseType === 'json') {
        if (x.json === undefined) { try { x.json = JSON.parse(host.decodeUtf8(bytes.slice().buffer)); } catch { x.json = null; } }
        return x.json;
      }
      return null;
    }
    get responseXML() { return null; }
  }
  for (const [k, v] of Object.entries({ UNSENT, OPENED, HEADERS_RECEIVED, LOADING, DONE })) {
    Object.defineProperty(XMLHttpRequest, k, { value: v, enumerable: true });
    Object.defineProperty(XMLHttpRequest.prototype, k, { value: v, enumerable: true });
  }
  defineEventHandler(XMLHttpRequest.prototype, 'onreadystatechange');
  function responseHeaders(x) {
    // (A network response's filtered header list, names lowercased:
    // https://fetch.spec.whatwg.org/#concept-header-list-sort-and-combine)
    if (x.response.headers) {
      const names = [...new Set(x.response.headers.map(([k]) => k))].sort();
      return names.map((n) => [n, x.response.headers.filter(([k]) => k === n).map(([, v]) => v).join(', ')]);
    }
    const list = [];
    if (x.response.mime !== '') list.push(['content-type', x.response.mime]);
    list.push(['content-length', String(x.response.bytes.length)]);
    return list;
  }
  // https://xhr.spec.whatwg.org/#handle-response-end-of-body
  function endOfBody(xhr, x) {
    const length = x.response.bytes.length;
    // Step 6. Unset this's send() flag. Step 7. Set this's state to done.
    x.send = false;
    x.state = DONE;
    x.arrayBuffer = x.blob = x.json = undefined;
    // Step 8. Fire an event named readystatechange at xhr.
    fireTrusted(xhr, new g.Event('readystatechange'));
    // Step 9-11. Fire progress events named progress (asynchronous only:
    // fired with the body), load and loadend at xhr with transmitted and length.
    if (x.state !== DONE) return;
    if (x.sync) progress(xhr, 'progress', length, length);
    progress(xhr, 'load', length, length);
    progress(xhr, 'loadend', length, length);
  }
  // https://xhr.spec.whatwg.org/#request-error-steps
  function requestError(xhr, x, event) {
    // Step 1. Set xhr's state to done. Step 2. Unset xhr's send() flag.
    // Step 3. Set xhr's response to a network error.
    x.state = DONE;
    x.send = false;
    x.response = null;
    // Step 4. If xhr's synchronous flag is set, then throw exception (the
    // caller does).
    // Step 5. Fire an event named readystatechange at xhr.
    fireTrusted(xhr, new g.Event('readystatechange'));
    // Step 7-8. Fire a progress event named event, then loadend, at xhr with 0 and 0.
    progress(xhr, event, 0, 0);
    progress(xhr, 'loadend', 0, 0);
  }
  define(g, { Headers, Request, Response, fetch, XMLHttpRequestEventTarget, XMLHttpRequestUpload, XMLHttpRequest });
})
