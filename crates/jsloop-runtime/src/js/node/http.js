// jsloop node glue: the `http` module (https://nodejs.org/api/http.html),
// HTTP/1.1 over the node host's own sockets (`net`, so every request and
// response is delivered in the poll phase as Node delivers it). Message heads
// are parsed by the host (crates/jsloop-runtime/src/node/http.rs, httparse);
// bodies are framed here (Content-Length, chunked, or until the connection
// closes). Server: createServer, Server, IncomingMessage, ServerResponse,
// keep-alive, pipelined requests answered in order. Client: request, get,
// ClientRequest, Agent (keep-alive sockets reused, unref'd while free).
// Not here yet: upgrade/CONNECT, Expect: 100-continue, trailers on the
// client, informational responses, timeouts other than keepAliveTimeout.
(function (internals) {
  'use strict';
  const host = internals.host;
  const net = internals.require('net');
  const { Readable, Stream } = internals.require('stream');
  const EventEmitter = internals.require('events');
  const { Buffer } = internals.require('buffer');
  const { nodeError, invalidArgType, invalidArgValue, validateFunction } = internals;
  const nextTick = internals.nextTick;

  const STATUS_CODES = {
    100: 'Continue', 101: 'Switching Protocols', 102: 'Processing', 103: 'Early Hints',
    200: 'OK', 201: 'Created', 202: 'Accepted', 203: 'Non-Authoritative Information', 204: 'No Content',
    205: 'Reset Content', 206: 'Partial Content', 207: 'Multi-Status', 208: 'Already Reported', 226: 'IM Used',
    300: 'Multiple Choices', 301: 'Moved Permanently', 302: 'Found', 303: 'See Other', 304: 'Not Modified',
    305: 'Use Proxy', 307: 'Temporary Redirect', 308: 'Permanent Redirect',
    400: 'Bad Request', 401: 'Unauthorized', 402: 'Payment Required', 403: 'Forbidden', 404: 'Not Found',
    405: 'Method Not Allowed', 406: 'Not Acceptable', 407: 'Proxy Authentication Required', 408: 'Request Timeout',
    409: 'Conflict', 410: 'Gone', 411: 'Length Required', 412: 'Precondition Failed', 413: 'Payload Too Large',
    414: 'URI Too Long', 415: 'Unsupported Media Type', 416: 'Range Not Satisfiable', 417: 'Expectation Failed',
    418: "I'm a Teapot", 421: 'Misdirected Request', 422: 'Unprocessable Entity', 423: 'Locked', 424: 'Failed Dependency',
    425: 'Too Early', 426: 'Upgrade Required', 428: 'Precondition Required', 429: 'Too Many Requests',
    431: 'Request Header Fields Too Large', 451: 'Unavailable For Legal Reasons',
    500: 'Internal Server Error', 501: 'Not Implemented', 502: 'Bad Gateway', 503: 'Service Unavailable',
    504: 'Gateway Timeout', 505: 'HTTP Version Not Supported', 506: 'Variant Also Negotiates', 507: 'Insufficient Storage',
    508: 'Loop Detected', 509: 'Bandwidth Limit Exceeded', 510: 'Not Extended', 511: 'Network Authentication Required',
  };
  const METHODS = ['ACL', 'BIND', 'CHECKOUT', 'CONNECT', 'COPY', 'DELETE', 'GET', 'HEAD', 'LINK', 'LOCK', 'M-SEARCH', 'MERGE',
    'MKACTIVITY', 'MKCALENDAR', 'MKCOL', 'MOVE', 'NOTIFY', 'OPTIONS', 'PATCH', 'POST', 'PROPFIND', 'PROPPATCH', 'PURGE',
    'PUT', 'QUERY', 'REBIND', 'REPORT', 'SEARCH', 'SOURCE', 'SUBSCRIBE', 'TRACE', 'UNBIND', 'UNLINK', 'UNLOCK', 'UNSUBSCRIBE'];

  // Node's spliceOne (lib/internal/util.js): the element at `index` goes
  // and the rest move down, without the array of removed elements
  // splice(index, 1) makes.
  function spliceOne(list, index) {
    for (; index + 1 < list.length; index++) list[index] = list[index + 1];
    list.pop();
  }
  // RFC 9110 field names are tokens; values have no CR, LF or NUL.
  const TOKEN = /^[\^_`a-zA-Z\-0-9!#$%&'*+.|~]+$/;
  // Names TOKEN has accepted (at most 256 of them): a program sets the same
  // few names on every message, and a lookup costs QuickJS far less than the
  // regular expression.
  const acceptedTokens = new Set();
  function isToken(name) {
    if (acceptedTokens.has(name)) return true;
    if (!TOKEN.test(name)) return false;
    if (acceptedTokens.size < 256) acceptedTokens.add(name);
    return true;
  }
  function validateHeaderName(name, label = 'Header name') {
    if (typeof name !== 'string' || !name || !isToken(name)) throw nodeError(TypeError, 'ERR_INVALID_HTTP_TOKEN', `${label} must be a valid HTTP token ["${name}"]`);
  }
  const INVALID_HEADER_CHAR = /[^\t\x20-\x7e\x80-\xff]/;
  // (INVALID_HEADER_CHAR's test of a string, by the host: a regular
  // expression's run costs QuickJS about 2,300 instructions even on a short
  // value, and every message checks its fields' values.)
  const invalidHeaderChar = host.httpInvalidChar;
  function validateHeaderValue(name, value) {
    if (typeof value === 'undefined') throw nodeError(TypeError, 'ERR_HTTP_INVALID_HEADER_VALUE', `Invalid value "${value}" for header "${name}"`);
    if (invalidHeaderChar(String(value))) throw nodeError(TypeError, 'ERR_INVALID_CHAR', `Invalid character in header content ["${name}"]`);
  }

  // ---------------------------------------------------------------- parsing
  // Node's matchKnownFields and _addHeaderLine (lib/_http_incoming.js):
  // duplicates of most fields are joined with ', ', cookie with '; ';
  // set-cookie is an array; some fields keep their first value.
  const FIRST_ONLY = new Set(['content-type', 'content-length', 'user-agent', 'referer', 'host', 'authorization',
    'proxy-authorization', 'if-modified-since', 'if-unmodified-since', 'from', 'location', 'max-forwards',
    'retry-after', 'etag', 'last-modified', 'server', 'age', 'expires']);
  function addHeaderLine(field, value, dest, joinDuplicateHeaders) {
    const name = field.toLowerCase();
    if (name === 'set-cookie') {
      if (dest['set-cookie'] !== undefined) dest['set-cookie'].push(value);
      else dest['set-cookie'] = [value];
    } else if (!FIRST_ONLY.has(name)) {
      if (typeof dest[name] === 'string') dest[name] += (name === 'cookie' ? '; ' : ', ') + value;
      else dest[name] = value;
    } else if (joinDuplicateHeaders) {
      if (typeof dest[name] === 'undefined') dest[name] = value;
      else dest[name] += ', ' + value;
    } else if (typeof dest[name] === 'undefined') dest[name] = value;
  }
  function headersOf(raw, joinDuplicateHeaders) {
    const headers = {};
    for (let i = 0; i < raw.length; i += 2) addHeaderLine(raw[i], raw[i + 1], headers, joinDuplicateHeaders);
    return headers;
  }
  const maxHeaderSize = 16 * 1024;
  // How a message's body is framed (RFC 9112 section 6.3), with the
  // checks llhttp makes in its strict mode: Content-Length with
  // Transfer-Encoding, duplicate Content-Length, and a request whose last
  // transfer coding is not chunked are parse errors.
  const CONTENT_LENGTH = /^\s*\d+\s*$/;
  // CONTENT_LENGTH's test, at once for a value of digits only (the usual
  // one); anything else goes to the regular expression.
  function lengthDigits(cl) {
    for (let i = 0; i < cl.length; i++) {
      const c = cl.charCodeAt(i);
      if (c < 48 || c > 57) return CONTENT_LENGTH.test(cl);
    }
    return cl.length > 0;
  }
  // The host's parser gives the fields it is framed by with the head
  // (node/http.rs); a message whose rawHeaders were cut to maxHeadersCount
  // is framed by the fields kept, as before.
  function bodyFraming(raw, head, isRequest) {
    let te = null;
    let cl = null;
    let clCount = 0;
    if (raw === head.rawHeaders) {
      const transferEncoding = head.transferEncoding;
      if (typeof transferEncoding !== 'undefined') te = transferEncoding;
      const contentLength = head.contentLength;
      if (typeof contentLength !== 'undefined') { cl = contentLength; clCount = head.contentLengthCount; }
    } else for (let i = 0; i < raw.length; i += 2) {
      // (Only a name of one of the two lengths is lowercased.)
      const length = raw[i].length;
      if (length !== 17 && length !== 14) continue;
      const name = raw[i].toLowerCase();
      if (name === 'transfer-encoding') te = te === null ? raw[i + 1] : `${te}, ${raw[i + 1]}`;
      else if (name === 'content-length') { cl = raw[i + 1]; clCount++; }
    }
    if (te !== null && cl !== null) return { error: parseError('HPE_INVALID_TRANSFER_ENCODING', "Transfer-Encoding can't be present with Content-Length") };
    if (clCount > 1) return { error: parseError('HPE_UNEXPECTED_CONTENT_LENGTH', 'Duplicate Content-Length') };
    if (te !== null) {
      const codings = te.split(',').map((c) => c.trim().toLowerCase()).filter(Boolean);
      if (codings[codings.length - 1] === 'chunked') return { mode: 'chunked' };
      if (isRequest) {
        // llhttp: `chunked` followed by another coding (in the value or in
        // a later field) is an error of the head; a request without
        // `chunked` is found once the head is complete, after its
        // on_headers_complete: the request has been emitted by then.
        if (codings.includes('chunked')) return { error: parseError('HPE_INVALID_TRANSFER_ENCODING', 'Invalid `Transfer-Encoding` header value') };
        return { error: parseError('HPE_INVALID_TRANSFER_ENCODING', 'Request has invalid `Transfer-Encoding`'), afterHead: true };
      }
      return { mode: 'close' };
    }
    if (cl !== null) {
      if (!lengthDigits(cl)) return { error: parseError('HPE_INVALID_CONTENT_LENGTH', 'Invalid character in Content-Length') };
      const length = +cl;
      return length > 0 ? { mode: 'length', length } : { mode: 'none' };
    }
    return isRequest ? { mode: 'none' } : { mode: 'close' };
  }
  // A field's value as `headers` would give it (Connection: values joined
  // with ', '), from the host's parser when rawHeaders are all of the head.
  function connectionField(raw, head) {
    if (raw === head.rawHeaders) return head.connection;
    let value;
    for (let i = 0; i < raw.length; i += 2) {
      if (raw[i].length === 10 && raw[i].toLowerCase() === 'connection') value = typeof value === 'undefined' ? raw[i + 1] : `${value}, ${raw[i + 1]}`;
    }
    return value;
  }
  const parseError = (code, reason) => {
    const e = nodeError(Error, code, `Parse Error: ${reason}`);
    e.reason = reason;
    return e;
  };

  // The trace's HTTP records (docs/trace.md), on the connection's socket
  // handle: written only when the loop is traced.
  const traceHttp = host.tracing
    ? (socket, message, method, url, status) => host.traceHttp((socket && socket._handle && socket._handle.id) || 0, message, method, url, status)
    : null;

  // Frames the messages arriving on a socket: heads (by the host's parser),
  // then bodies. `onHead(head)` returns how the body is framed.
  class Parser {
    constructor(request, onHead, onBody, onComplete, onError) {
      Object.assign(this, { request, onHead, onBody, onComplete, onError });
      this.init();
    }
    setCallbacks(onHead, onBody, onComplete, onError) {
      Object.assign(this, { onHead, onBody, onComplete, onError });
    }
    init() {
      this.buffer = null;
      this.mode = 'head'; // head | length | chunked | close | upgrade | done
      this.remaining = 0;
      this.chunkState = 'size';
      this.paused = false;
      this.maxHeaderSize = maxHeaderSize;
      this.trailers = null;
      this.onStart = null;
      this.onUpgrade = null;
      this.failed = null;
    }
    push(data) {
      this.lastChunk = data;
      this.buffer = this.buffer && this.buffer.length ? Buffer.concat([this.buffer, data]) : data;
      this.run();
    }
    fail(err) {
      // (bytesParsed: where llhttp stopped in the last chunk it was given,
      // the bytes before this head's start, plus how far into the head,
      // `at`, when the host's parser says so: a refused method.)
      const at = typeof err.at === 'number' ? err.at : 0;
      delete err.at;
      if (this.lastChunk) {
        err.bytesParsed = Math.max(0, at + this.lastChunk.length - (this.buffer ? this.buffer.length : 0));
        err.rawPacket = this.lastChunk;
      }
      this.mode = 'done';
      this.buffer = null;
      this.failed = err;
      this.onError(err);
      return false;
    }
    run() {
      while (this.buffer && this.buffer.length && !this.paused) {
        if (this.mode === 'head') {
          if (this.onStart) this.onStart();
          let head;
          try { head = host.httpParse(this.buffer, this.request); } catch (e) { e.reason = e.message.replace(/^Parse Error: /, ''); return this.fail(e); }
          if (head === null || head.length > this.maxHeaderSize) {
            if (this.buffer.length > this.maxHeaderSize) {
              const e = parseError('HPE_HEADER_OVERFLOW', 'Header overflow');
              // (A head not complete yet: llhttp had taken the whole chunk
              // when Node's size check failed, at the end of its span.)
              if (head === null) e.at = this.buffer.length;
              return this.fail(e);
            }
            if (head === null) return;
          }
          // (A head that took the last bytes leaves no empty slice behind.)
          this.buffer = head.length === this.buffer.length ? null : this.buffer.subarray(head.length);
          const framing = this.onHead(head);
          if (framing.error) return this.fail(framing.error);
          this.mode = framing.mode;
          this.remaining = framing.length || 0;
          this.chunkState = 'size';
          this.trailers = null;
          if (this.mode === 'upgrade') {
            this.mode = 'done';
            const rest = this.buffer;
            this.buffer = null;
            if (this.onUpgrade) this.onUpgrade(rest);
            return;
          }
          if (this.mode === 'none') this.complete();
        } else if (this.mode === 'length') {
          const buffer = this.buffer;
          const length = buffer.length;
          const n = Math.min(this.remaining, length);
          // (A body that takes all the bytes there are is them, unsliced;
          // nothing left leaves no empty slice.)
          const part = n === length ? buffer : buffer.subarray(0, n);
          this.buffer = n === length ? null : buffer.subarray(n);
          this.remaining -= n;
          if (n) this.onBody(part);
          if (this.remaining === 0) this.complete();
        } else if (this.mode === 'chunked') {
          if (!this.chunked()) return;
        } else if (this.mode === 'close') {
          const part = this.buffer;
          this.buffer = null;
          this.onBody(part);
        } else return;
      }
    }
    // RFC 9112 section 7.1: chunk-size [ext] CRLF data CRLF ... 0 CRLF trailers CRLF.
    chunked() {
      const crlf = this.buffer.indexOf('\r\n');
      if (this.chunkState === 'size') {
        if (crlf < 0) {
          if (this.buffer.length > 16 * 1024) return this.fail(parseError('HPE_CHUNK_EXTENSIONS_OVERFLOW', 'Chunk extensions overflow'));
          return false;
        }
        const line = this.buffer.subarray(0, crlf).toString('latin1');
        const semi = line.indexOf(';');
        if (semi >= 0 && line.length - semi > 16 * 1024) return this.fail(parseError('HPE_CHUNK_EXTENSIONS_OVERFLOW', 'Chunk extensions overflow'));
        if (/[\r\n]/.test(line)) return this.fail(parseError('HPE_LF_EXPECTED', 'Missing expected LF after chunk size'));
        if (semi >= 0 && !/^(?:[ \t]*;[ \t]*[!#$%&'*+.^_`|~0-9A-Za-z-]+(?:[ \t]*=[ \t]*(?:[!#$%&'*+.^_`|~0-9A-Za-z-]+|"[^"]*"))?)*[ \t]*$/.test(line.slice(semi))) {
          return this.fail(parseError('HPE_STRICT', 'Invalid character in chunk extensions'));
        }
        const sizeText = (semi >= 0 ? line.slice(0, semi) : line).replace(/[ \t]+$/, '');
        if (!/^[0-9a-fA-F]+$/.test(sizeText)) return this.fail(parseError('HPE_INVALID_CHUNK_SIZE', 'Invalid character in chunk size'));
        const size = parseInt(sizeText, 16);
        this.buffer = this.buffer.subarray(crlf + 2);
        this.remaining = size;
        this.chunkState = size === 0 ? 'trailers' : 'data';
        return true;
      }
      if (this.chunkState === 'data') {
        const n = Math.min(this.remaining, this.buffer.length);
        const part = this.buffer.subarray(0, n);
        this.buffer = this.buffer.subarray(n);
        this.remaining -= n;
        if (this.remaining === 0) this.chunkState = 'data-end';
        if (n) this.onBody(part);
        return this.buffer.length > 0;
      }
      if (this.chunkState === 'data-end') {
        if (this.buffer.length < 2) return false;
        if (this.buffer[0] !== 13 || this.buffer[1] !== 10) return this.fail(parseError('HPE_STRICT', 'Expected CRLF after chunk'));
        this.buffer = this.buffer.subarray(2);
        this.chunkState = 'size';
        return true;
      }
      // Trailers: field lines until an empty one.
      if (crlf < 0) return false;
      const line = this.buffer.subarray(0, crlf).toString('latin1');
      this.buffer = this.buffer.subarray(crlf + 2);
      if (line === '') { this.complete(); return true; }
      const colon = line.indexOf(':');
      if (colon <= 0 || !TOKEN.test(line.slice(0, colon))) return this.fail(parseError('HPE_INVALID_HEADER_TOKEN', 'Invalid header token'));
      (this.trailers ||= []).push(line.slice(0, colon), line.slice(colon + 1).trim());
      return true;
    }
    complete() {
      this.mode = 'head';
      const trailers = this.trailers;
      this.trailers = null;
      this.onComplete(trailers);
    }
    // The connection ended: a body read until close is complete.
    end() {
      if (this.mode === 'close') { this.mode = 'done'; this.onComplete(null); return true; }
      return this.mode === 'head';
    }
  }

  // ---------------------------------------------------------------- IncomingMessage
  // Node's IncomingMessage (lib/_http_incoming.js): a Readable of the body.
  // (What a message made here by its constructor's own steps needs: see
  // plainIncomingMessage and plainOutgoingMessage.)
  const plainReadableState = internals.plainReadableState;
  const kShapeMode = internals.emitterShapeMode;
  const kCapture = internals.emitCapture;
  const emitterInit = internals.emitterInit;
  function IncomingMessage(socket) {
    if (!(this instanceof IncomingMessage)) return new IncomingMessage(socket);
    let streamOptions;
    if (socket) {
      const highWaterMark = socket.readableHighWaterMark;
      if (new.target === IncomingMessage && Number.isInteger(highWaterMark) && highWaterMark >= 0 &&
        EventEmitter.init === emitterInit && IncomingMessage.prototype._events == null &&
        typeof IncomingMessage.prototype._construct !== 'function' && streamOptionsArePlain()) {
        return plainIncomingMessage(socket, highWaterMark);
      }
      streamOptions = { highWaterMark };
    }
    Readable.call(this, streamOptions);
    this._readableState.readingMore = true;
    this.socket = socket;
    this.httpVersionMajor = null;
    this.httpVersionMinor = null;
    this.httpVersion = null;
    this.complete = false;
    this.rawHeaders = [];
    this.rawTrailers = [];
    this.joinDuplicateHeaders = false;
    this.aborted = false;
    this.upgrade = null;
    this.url = '';
    this.method = null;
    this.statusCode = null;
    this.statusMessage = null;
    this.client = socket;
    this._consuming = false;
    this._dumped = false;
    this._headers = null;
    this._trailers = null;
  }
  // `new IncomingMessage(socket)` made at once, as its steps make it when
  // nothing they read has been changed from the glue's own (the socket's
  // readableHighWaterMark an integer of 0 or more, EventEmitter.init
  // events.js's, no _events or _construct along the prototype chain): the
  // message's own fields (Readable's, EventEmitter.init's, then
  // IncomingMessage's) and its ReadableState's in the order those steps
  // set them, by literals. (A field set on `this` makes QuickJS look along
  // the message's prototype chain of five objects first: the literal made
  // an IncomingMessage in about 42k instructions, the steps in 67k.)
  // Keep it in step with the constructors.
  // The steps' `{ highWaterMark }` has only that name of its own: what
  // Readable, ReadableState and EventEmitter.init read of it beside that
  // comes from Object.prototype, where script may have put it (Node's
  // steps then see it too). The literal is theirs only while
  // Object.prototype has none of those names. (`in`, not a read: a getter
  // put there would run. About 4.0k instructions a message, callgrind.)
  const objectProto = Object.prototype;
  function streamOptionsArePlain() {
    return !('objectMode' in objectProto || 'emitClose' in objectProto || 'autoDestroy' in objectProto ||
      'defaultEncoding' in objectProto || 'encoding' in objectProto || 'read' in objectProto ||
      'destroy' in objectProto || 'construct' in objectProto || 'signal' in objectProto ||
      'captureRejections' in objectProto);
  }
  function plainIncomingMessage(socket, highWaterMark) {
    return {
      __proto__: IncomingMessage.prototype,
      _events: { close: undefined, error: undefined, data: undefined, end: undefined, readable: undefined },
      _readableState: plainReadableState(highWaterMark, true),
      [kShapeMode]: true,
      _maxListeners: IncomingMessage.prototype._maxListeners || undefined,
      [kCapture]: EventEmitter.prototype[kCapture],
      socket,
      httpVersionMajor: null,
      httpVersionMinor: null,
      httpVersion: null,
      complete: false,
      rawHeaders: [],
      rawTrailers: [],
      joinDuplicateHeaders: false,
      aborted: false,
      upgrade: null,
      url: '',
      method: null,
      statusCode: null,
      statusMessage: null,
      client: socket,
      _consuming: false,
      _dumped: false,
      _headers: null,
      _trailers: null,
    };
  }
  Object.setPrototypeOf(IncomingMessage.prototype, Readable.prototype);
  Object.setPrototypeOf(IncomingMessage, Readable);
  Object.defineProperty(IncomingMessage.prototype, 'connection', { get() { return this.socket; }, set(v) { this.socket = v; }, configurable: true });
  Object.defineProperty(IncomingMessage.prototype, 'headers', {
    get() { if (!this._headers) this._headers = headersOf(this.rawHeaders, this.joinDuplicateHeaders); return this._headers; },
    set(v) { this._headers = v; },
    configurable: true,
  });
  Object.defineProperty(IncomingMessage.prototype, 'trailers', {
    get() { if (!this._trailers) this._trailers = headersOf(this.rawTrailers, this.joinDuplicateHeaders); return this._trailers; },
    set(v) { this._trailers = v; },
    configurable: true,
  });
  const distinct = (raw) => {
    const d = {};
    for (let i = 0; i < raw.length; i += 2) (d[raw[i].toLowerCase()] ||= []).push(raw[i + 1]);
    return d;
  };
  Object.defineProperty(IncomingMessage.prototype, 'headersDistinct', { get() { return distinct(this.rawHeaders); }, configurable: true });
  Object.defineProperty(IncomingMessage.prototype, 'trailersDistinct', { get() { return distinct(this.rawTrailers); }, configurable: true });
  IncomingMessage.prototype._addHeaderLine = function (field, value, dest) {
    addHeaderLine(field, value, dest, this.joinDuplicateHeaders);
  };
  IncomingMessage.prototype._addHeaderLines = function (headers, n) {
    if (headers?.length) {
      const dest = this.complete ? this.trailers : this.headers;
      for (let i = 0; i < n; i += 2) this._addHeaderLine(headers[i], headers[i + 1], dest);
    }
  };
  IncomingMessage.prototype._read = function () {
    if (!this._consuming) {
      this._readableState.readingMore = false;
      this._consuming = true;
    }
  };
  // Reading the message is consuming it (Node marks it in _read).
  IncomingMessage.prototype.read = function (n) {
    if (!this._consuming) {
      this._readableState.readingMore = false;
      this._consuming = true;
    }
    return Readable.prototype.read.call(this, n);
  };
  IncomingMessage.prototype.setTimeout = function (ms, cb) {
    if (cb) this.on('timeout', cb);
    this.socket.setTimeout(ms);
    return this;
  };
  IncomingMessage.prototype._setHead = function (head, joinDuplicateHeaders, maxHeadersCount) {
    this.httpVersionMajor = head.versionMajor;
    this.httpVersionMinor = head.versionMinor;
    this.httpVersion = `${head.versionMajor}.${head.versionMinor}`;
    this.joinDuplicateHeaders = !!joinDuplicateHeaders;
    let raw = head.rawHeaders;
    if (maxHeadersCount > 0 && raw.length > maxHeadersCount * 2) raw = raw.slice(0, maxHeadersCount * 2);
    this.rawHeaders = raw;
    this._headers = null;
  };
  // Node's _destroy: a message not read to its end is aborted; the error
  // is emitted only to listeners (as Node keeps it).
  IncomingMessage.prototype._destroy = function (err, cb) {
    if (!this.readableEnded || !this.complete) {
      this.aborted = true;
      this.emit('aborted');
    }
    if (this.socket && !this.socket.destroyed && this.aborted) {
      this.socket.destroy(err);
      const socket = this.socket;
      const onClose = () => { socket.removeListener('close', onClose); nextTick(incomingDestroyed, this, err, cb); };
      socket.once('close', onClose);
    } else nextTick(incomingDestroyed, this, err, cb);
  };
  // The end of _destroy, a tick later: the error goes on only to a message
  // that has 'error' listeners.
  function incomingDestroyed(msg, err, cb) {
    cb(msg.listenerCount('error') === 0 ? undefined : err);
  }
  // A message nobody reads is still read to its end (Node's _dump).
  IncomingMessage.prototype._dump = function () {
    if (!this._dumped) {
      this._dumped = true;
      this.removeAllListeners('data');
      this.resume();
    }
  };

  // ---------------------------------------------------------------- OutgoingMessage
  // (Node's nop: the default of _onPendingData and of a write's callback.)
  function nop() {}
  const kHeaders = Symbol('jsloop.http.headers');
  const kCorked = Symbol('jsloop.http.corked');
  const kNeedDrain = Symbol('jsloop.http.needDrain');
  const kBytesWritten = Symbol('jsloop.http.bytesWritten');
  const kRejectNonStandardBodyWrites = Symbol('jsloop.http.rejectNonStandardBodyWrites');
  // The message's own high water mark (Node's kHighWaterMark): what
  // writableHighWaterMark says while it has no socket, and where a write
  // buffered before the socket comes says to wait for 'drain'.
  const kHighWaterMark = Symbol('jsloop.http.highWaterMark');
  const RE_CONN_CLOSE = /(?:^|\W)close(?:$|\W)/i;
  // RE_CONN_CLOSE's test, at once for the usual value.
  const connectionClose = (value) => value !== 'keep-alive' && RE_CONN_CLOSE.test(value);
  const RE_TE_CHUNKED = /(?:^|\W)chunked(?:$|\W)/i;
  const CRLF_BYTES = Buffer.from('\r\n', 'latin1');
  // https://nodejs.org/api/http.html#class-httpoutgoingmessage: as in Node
  // (lib/_http_outgoing.js), a legacy Stream rather than a Writable. Bytes
  // go to the socket when the message is the one the socket is sending
  // (socket._httpMessage), else wait in outputData; the head goes out with
  // the first body bytes; 'finish' comes when the socket has taken the
  // last of it.
  function OutgoingMessage(options) {
    Stream.call(this);
    this.outputData = [];
    this.outputSize = 0;
    this.writable = true;
    this.destroyed = false;
    this._last = false;
    this.chunkedEncoding = false;
    this.shouldKeepAlive = true;
    this.maxRequestsOnConnectionReached = false;
    this._defaultKeepAlive = true;
    this.useChunkedEncodingByDefault = true;
    this.sendDate = false;
    this._removedConnection = false;
    this._removedContLen = false;
    this._removedTE = false;
    this.strictContentLength = false;
    this[kBytesWritten] = 0;
    this._contentLength = null;
    this._hasBody = true;
    this._trailer = '';
    this[kNeedDrain] = false;
    this.finished = false;
    this._headerSent = false;
    this[kCorked] = 0;
    this._closed = false;
    this.socket = null;
    this._header = null;
    this[kHeaders] = new Map(); // lowercased name -> [name, value]
    this._keepAliveTimeout = 0;
    this._onPendingData = nop;
    this[kHighWaterMark] = options?.highWaterMark ?? Stream.getDefaultHighWaterMark(false);
    this[kRejectNonStandardBodyWrites] = options?.rejectNonStandardBodyWrites ?? false;
  }
  Object.setPrototypeOf(OutgoingMessage.prototype, Stream.prototype);
  Object.setPrototypeOf(OutgoingMessage, Stream);
  const getters = {
    errored() { return this.socket ? this.socket.errored : null; },
    closed() { return this._closed; },
    writableFinished() { return this.finished && this.outputSize === 0 && (!this.socket || this.socket.writableLength === 0); },
    writableObjectMode() { return false; },
    writableLength() { return this.outputSize + (this.socket ? this.socket.writableLength : 0); },
    writableHighWaterMark() { return this.socket ? this.socket.writableHighWaterMark : this[kHighWaterMark]; },
    writableCorked() { return (this.socket ? this.socket.writableCorked : 0) + this[kCorked]; },
    writableEnded() { return this.finished; },
    writableNeedDrain() { return !this.destroyed && !this.finished && this[kNeedDrain]; },
    headersSent() { return !!this._header; },
  };
  for (const [name, get] of Object.entries(getters)) Object.defineProperty(OutgoingMessage.prototype, name, { get, configurable: true, enumerable: name === 'headersSent' });
  Object.defineProperty(OutgoingMessage.prototype, 'connection', { get() { return this.socket; }, set(v) { this.socket = v; }, configurable: true });
  const headersSentError = (what) => nodeError(Error, 'ERR_HTTP_HEADERS_SENT', `Cannot ${what} headers after they are sent to the client`);
  function validateString(value, name) { if (typeof value !== 'string') throw invalidArgType(name, 'string', value); }
  OutgoingMessage.prototype.setHeader = function (name, value) {
    if (this._header) throw headersSentError('set');
    validateHeaderName(name);
    validateHeaderValue(name, value);
    this[kHeaders].set(name.toLowerCase(), [name, value]);
    return this;
  };
  // Node's setHeaders: a Headers or a Map, set-cookie kept as separate values.
  OutgoingMessage.prototype.setHeaders = function (headers) {
    if (this._header) throw headersSentError('set');
    if (!headers || Array.isArray(headers) || typeof headers.keys !== 'function' || typeof headers.get !== 'function' || typeof headers.set !== 'function') {
      throw invalidArgType('headers', ['Headers', 'Map'], headers);
    }
    const cookies = [];
    for (const [key, value] of headers) {
      if (key === 'set-cookie') {
        if (Array.isArray(value)) cookies.push(...value); else cookies.push(value);
        continue;
      }
      this.setHeader(key, value);
    }
    if (cookies.length) this.setHeader('set-cookie', cookies);
    return this;
  };
  OutgoingMessage.prototype.appendHeader = function (name, value) {
    if (this._header) throw headersSentError('append');
    validateHeaderName(name);
    validateHeaderValue(name, value);
    const key = name.toLowerCase();
    const old = this[kHeaders].get(key);
    if (!old) this[kHeaders].set(key, [name, value]);
    else this[kHeaders].set(key, [old[0], [].concat(old[1], value)]);
    return this;
  };
  OutgoingMessage.prototype.getHeader = function (name) {
    validateString(name, 'name');
    const e = this[kHeaders].get(name.toLowerCase());
    return e && e[1];
  };
  OutgoingMessage.prototype.hasHeader = function (name) {
    validateString(name, 'name');
    return this[kHeaders].has(name.toLowerCase());
  };
  OutgoingMessage.prototype.removeHeader = function (name) {
    validateString(name, 'name');
    if (this._header) throw headersSentError('remove');
    const key = name.toLowerCase();
    switch (key) {
      case 'connection': this._removedConnection = true; break;
      case 'content-length': this._removedContLen = true; break;
      case 'transfer-encoding': this._removedTE = true; break;
      case 'date': this.sendDate = false; break;
    }
    this[kHeaders].delete(key);
  };
  OutgoingMessage.prototype.getHeaders = function () {
    const o = Object.create(null);
    for (const [k, [, v]] of this[kHeaders]) o[k] = v;
    return o;
  };
  OutgoingMessage.prototype.getHeaderNames = function () { return [...this[kHeaders].keys()]; };
  OutgoingMessage.prototype.getRawHeaderNames = function () { return [...this[kHeaders].values()].map(([n]) => n); };
  OutgoingMessage.prototype._renderHeaders = function () {
    if (this._header) throw headersSentError('render');
    const headers = {};
    for (const [, [name, value]] of this[kHeaders]) headers[name] = value;
    return headers;
  };
  OutgoingMessage.prototype._implicitHeader = function () {
    throw nodeError(Error, 'ERR_METHOD_NOT_IMPLEMENTED', 'The _implicitHeader() method is not implemented');
  };
  OutgoingMessage.prototype.flushHeaders = function () {
    if (!this._header) this._implicitHeader();
    this._send('');
  };
  OutgoingMessage.prototype.setTimeout = function (ms, cb) {
    if (cb) this.on('timeout', cb);
    if (this.socket) this.socket.setTimeout(ms);
    else this.once('socket', (s) => s.setTimeout(ms));
    return this;
  };
  OutgoingMessage.prototype.cork = function () { if (this.socket) this.socket.cork(); else this[kCorked]++; };
  OutgoingMessage.prototype.uncork = function () { if (this.socket) this.socket.uncork(); else if (this[kCorked]) this[kCorked]--; };
  OutgoingMessage.prototype.destroy = function (err) {
    if (this.destroyed) return this;
    this.destroyed = true;
    this.errored = err;
    if (this.socket) this.socket.destroy(err);
    else this.once('socket', (s) => s.destroy(err));
    return this;
  };
  Object.defineProperty(OutgoingMessage.prototype, 'errored', {
    get() { return this._errored; },
    set(v) { this._errored = v; },
    configurable: true,
  });
  OutgoingMessage.prototype.pipe = function () {
    this.emit('error', nodeError(Error, 'ERR_STREAM_CANNOT_PIPE', 'Cannot pipe, not readable'));
  };
  // Node's processHeader and storeHeader (lib/_http_outgoing.js): one
  // field line (or one per value of an array) into the head being built.
  function storeHeaderLine(msg, state, key, value, validate) {
    if (validate) validateHeaderValue(key, value);
    state.header += `${key}: ${value}\r\n`;
    msg._matchHeader(state, key, value);
  }
  function processHeader(msg, state, key, value, validate) {
    if (validate) validateHeaderName(key);
    if (Array.isArray(value)) {
      if (value.length < 2 || key.toLowerCase() !== 'cookie') { for (const v of value) storeHeaderLine(msg, state, key, v, validate); return; }
      value = value.join('; ');
    }
    storeHeaderLine(msg, state, key, value, validate);
  }
  // The head: the first line, the fields in the order set, then the ones
  // Node adds (Date, Connection, Keep-Alive, Content-Length or
  // Transfer-Encoding), as Node's _storeHeader and matchHeader decide them.
  // Whether _matchHeader acts on a field of this name (any case):
  // Connection, Transfer-Encoding, Content-Length, Date, Expect, Trailer or
  // Keep-Alive. By the name's length and first letter first, so that a
  // usual name (Content-Type, Host) is not lowercased.
  function matchedField(name) {
    switch (name.length) {
      case 4: case 6: case 7: case 10: case 14: case 17: break;
      default: return false;
    }
    const c = name.charCodeAt(0) | 0x20;
    if (c !== 0x63 && c !== 0x64 && c !== 0x65 && c !== 0x6b && c !== 0x74) return false;
    switch (name.toLowerCase()) {
      case 'connection': case 'transfer-encoding': case 'content-length': case 'date': case 'expect': case 'trailer': case 'keep-alive':
        return true;
    }
    return false;
  }
  OutgoingMessage.prototype._storeHeader = function (firstLine, headers) {
    if (typeof headers === 'undefined') {
      // The usual head: the fields set with setHeader, each a string and
      // none that _matchHeader acts on, so that every flag of the state
      // below stays false: the field lines as processHeader would write
      // them, with no state object and no call a field. (Anything else,
      // from the first such field on, takes the steps below from the start;
      // nothing was changed but this string.)
      let header = firstLine;
      for (const entry of this[kHeaders].values()) {
        const value = entry[1];
        if (typeof value !== 'string' || matchedField(entry[0])) { header = null; break; }
        header += `${entry[0]}: ${value}\r\n`;
      }
      if (header !== null) return storeHeaderEnd(this, header, false, false, false, false, false, false);
    }
    const state = { connection: false, contLen: false, te: false, date: false, expect: false, trailer: false, header: firstLine };
    if (typeof headers === 'undefined') for (const entry of this[kHeaders].values()) processHeader(this, state, entry[0], entry[1], false);
    else if (Array.isArray(headers)) {
      if (headers.length && Array.isArray(headers[0])) for (const [k, v] of headers) processHeader(this, state, k, v, true);
      else {
        if (headers.length % 2 !== 0) throw internals.invalidArgValue('headers', headers);
        for (let i = 0; i < headers.length; i += 2) processHeader(this, state, headers[i], headers[i + 1], true);
      }
    } else if (headers) for (const key of Object.keys(headers)) processHeader(this, state, key, headers[key], true);
    storeHeaderEnd(this, state.header, state.connection, state.contLen, state.te, state.date, state.expect, state.trailer);
  };
  // The rest of Node's _storeHeader, after the fields: the ones Node adds
  // (Date, Connection, Keep-Alive, Content-Length or Transfer-Encoding) as
  // the fields seen (the state's flags) decide them, and the head stored.
  function storeHeaderEnd(msg, header, connection, contLen, te, date, expect, trailer) {
    if (msg.sendDate && !date) header += `Date: ${utcDate()}\r\n`;
    // A 204 or 304 with chunked encoding: no zero chunk, and the connection closes.
    if (msg.chunkedEncoding && (msg.statusCode === 204 || msg.statusCode === 304)) {
      msg.chunkedEncoding = false;
      msg.shouldKeepAlive = false;
    }
    if (msg._removedConnection) {
      // Node 24: no Connection field, and the connection persists as
      // HTTP/1.1's default has it (HTTP/1.0's shouldKeepAlive is false, and
      // it closes).
      msg._last = !msg.shouldKeepAlive;
    } else if (!connection) {
      const shouldSendKeepAlive = msg.shouldKeepAlive && (contLen || msg.useChunkedEncodingByDefault || msg.agent);
      if (shouldSendKeepAlive && msg.maxRequestsOnConnectionReached) {
        header += 'Connection: close\r\n';
      } else if (shouldSendKeepAlive) {
        header += 'Connection: keep-alive\r\n';
        if (msg._keepAliveTimeout && msg._defaultKeepAlive) {
          const timeoutSeconds = Math.floor(msg._keepAliveTimeout / 1000);
          let max = '';
          if (msg._maxRequestsPerSocket && msg._maxRequestsPerSocket > 0) max = `, max=${msg._maxRequestsPerSocket}`;
          header += `Keep-Alive: timeout=${timeoutSeconds}${max}\r\n`;
        }
      } else {
        msg._last = true;
        header += 'Connection: close\r\n';
      }
    }
    if (!contLen && !te) {
      if (!msg._hasBody) msg.chunkedEncoding = false;
      else if (!msg.useChunkedEncodingByDefault) msg._last = true;
      else if (!trailer && !msg._removedContLen && typeof msg._contentLength === 'number') header += `Content-Length: ${msg._contentLength}\r\n`;
      else if (!msg._removedTE) { header += 'Transfer-Encoding: chunked\r\n'; msg.chunkedEncoding = true; }
      // Both Content-Length and Transfer-Encoding removed: the body is
      // what comes until the connection closes, so it cannot be kept.
      else msg._last = true;
    }
    // A message that is not chunked has no trailers.
    if (msg.chunkedEncoding !== true && trailer) {
      throw nodeError(Error, 'ERR_HTTP_TRAILER_INVALID', 'Trailers are invalid with this transfer encoding');
    }
    msg._header = header + '\r\n';
    msg._headerSent = false;
    // Expect: 100-continue sends the head at once.
    if (expect) msg._send('');
  }
  // Node's utcDate (lib/internal/http.js): the Date field's text is made
  // once a second, not per message. Node drops its copy from an unref'd
  // timer; here the copy is kept with the second it was made for, which
  // needs no timer (none that a trace or the loop would see).
  let utcCache = '';
  let utcCacheSecond = -1;
  function utcDate() {
    const now = Date.now();
    const second = Math.floor(now / 1000);
    if (second !== utcCacheSecond) {
      utcCacheSecond = second;
      utcCache = new Date(now).toUTCString();
    }
    return utcCache;
  }
  OutgoingMessage.prototype._matchHeader = function (state, field, value) {
    if (field.length < 4 || field.length > 17) return;
    switch (field.toLowerCase()) {
      case 'connection':
        state.connection = true;
        this._removedConnection = false;
        if (RE_CONN_CLOSE.test(value)) this._last = true;
        else this.shouldKeepAlive = true;
        break;
      case 'transfer-encoding':
        state.te = true;
        this._removedTE = false;
        if (RE_TE_CHUNKED.test(value)) this.chunkedEncoding = true;
        break;
      case 'content-length':
        state.contLen = true;
        this._contentLength = +value;
        this._removedContLen = false;
        break;
      case 'date': case 'expect': case 'trailer':
        state[field.toLowerCase()] = true;
        break;
      case 'keep-alive':
        this._defaultKeepAlive = false;
        break;
    }
  };
  // Whether every character of `text` is below U+0080 (as
  // /^[\x00-\x7f]*$/ tests it): then and only then is its UTF-8 length its
  // length, since every other code point (and U+FFFD for a lone surrogate)
  // takes two bytes or more. (The host counts the bytes without making them;
  // the regular expression cost QuickJS about 200 instructions a character.)
  function isAscii(text) {
    return host.utf8Length(text.toWellFormed()) === text.length;
  }
  // Bytes to the socket, the head first if it has not gone yet (Node's _send).
  OutgoingMessage.prototype._send = function (data, encoding, cb, byteLength) {
    if (!this._headerSent && this._header !== null) {
      // (A head with bytes past ASCII goes as Latin-1, on its own.)
      if (typeof data === 'string' && (encoding === 'latin1' || ((encoding === 'utf8' || !encoding) && isAscii(this._header)))) {
        data = this._header + data;
      } else {
        const header = this._header;
        this.outputData.unshift({ data: header, encoding: 'latin1', callback: null });
        this.outputSize += header.length;
        this._onPendingData(header.length);
      }
      this._headerSent = true;
    }
    return this._writeRaw(data, encoding, cb, byteLength);
  };
  OutgoingMessage.prototype._writeRaw = function (data, encoding, cb) {
    const conn = this.socket;
    if (conn && conn.destroyed) return false;
    if (typeof encoding === 'function') { cb = encoding; encoding = null; }
    if (conn && conn._httpMessage === this && conn.writable) {
      if (this.outputData.length) this._flushOutput(conn);
      return conn.write(data, encoding, cb);
    }
    this.outputData.push({ data, encoding, callback: cb });
    this.outputSize += data.length;
    this._onPendingData(data.length);
    return this.outputSize < this[kHighWaterMark];
  };
  // What was written before the socket came goes out in one corked write.
  OutgoingMessage.prototype._flushOutput = function (socket) {
    while (this[kCorked]) { this[kCorked]--; socket.cork(); }
    const output = this.outputData;
    if (!output.length) return undefined;
    socket.cork();
    let ret;
    for (const { data, encoding, callback } of output) ret = socket.write(data, encoding || undefined, callback || undefined);
    socket.uncork();
    this.outputData = [];
    this._onPendingData(-this.outputSize);
    this.outputSize = 0;
    return ret;
  };
  OutgoingMessage.prototype._flush = function () {
    const socket = this.socket;
    if (socket && socket.writable) {
      const ret = this._flushOutput(socket);
      if (this.finished) this._finish();
      else if (ret && this[kNeedDrain]) { this[kNeedDrain] = false; this.emit('drain'); }
    }
  };
  OutgoingMessage.prototype._finish = function () { this.emit('prefinish'); };
  function emitErrorNT(msg, err, cb) {
    cb(err);
    if (typeof msg.emit === 'function' && !msg.destroyed) msg.emit('error', err);
  }
  function strictContentLength(msg) {
    return msg.strictContentLength && msg._contentLength != null && msg._hasBody && !msg._removedContLen && !msg.chunkedEncoding && !msg.hasHeader('transfer-encoding');
  }
  // Node's write_: checks, the head if it is not stored yet, then the
  // chunk (framed as a chunk when the body is chunked).
  function writeChunk(msg, chunk, encoding, cb, fromEnd) {
    if (typeof cb !== 'function') cb = nop;
    if (chunk === null) throw nodeError(TypeError, 'ERR_STREAM_NULL_VALUES', 'May not write null values to stream');
    let len;
    if (typeof chunk === 'string') len = Buffer.byteLength(chunk, encoding || undefined);
    else if (chunk instanceof Uint8Array) len = chunk.length;
    else throw invalidArgType('chunk', ['string', 'Buffer', 'Uint8Array'], chunk);
    let err;
    if (msg.finished) err = nodeError(Error, 'ERR_STREAM_WRITE_AFTER_END', 'write after end');
    else if (msg.destroyed) err = nodeError(Error, 'ERR_STREAM_DESTROYED', 'Cannot call write after a stream was destroyed');
    if (err) {
      if (!msg.destroyed) nextTick(emitErrorNT, msg, err, cb);
      else nextTick(cb, err);
      return false;
    }
    if (!msg._header) {
      if (fromEnd) msg._contentLength = len;
      msg._implicitHeader();
    }
    if (!msg._hasBody) {
      if (msg[kRejectNonStandardBodyWrites]) throw nodeError(Error, 'ERR_HTTP_BODY_NOT_ALLOWED', 'Adding content for this request method or response status is not allowed.');
      nextTick(cb);
      return true;
    }
    if (strictContentLength(msg) && (fromEnd ? msg[kBytesWritten] + len !== msg._contentLength : msg[kBytesWritten] + len > msg._contentLength)) {
      throw nodeError(Error, 'ERR_HTTP_CONTENT_LENGTH_MISMATCH', `Response body's content-length of ${len + msg[kBytesWritten]} byte(s) does not match the content-length of ${msg._contentLength} byte(s) set in header`);
    }
    msg[kBytesWritten] += len;
    if (!fromEnd && msg.socket && !msg.socket.writableCorked) {
      msg.socket.cork();
      nextTick(() => msg.socket && msg.socket.uncork());
    }
    if (msg.chunkedEncoding && chunk.length !== 0) {
      msg._send(len.toString(16), 'latin1', null);
      msg._send(CRLF_BYTES, null, null);
      msg._send(chunk, encoding, null);
      return msg._send(CRLF_BYTES, null, cb);
    }
    return msg._send(chunk, encoding, cb);
  }
  OutgoingMessage.prototype.write = function (chunk, encoding, cb) {
    if (typeof encoding === 'function') { cb = encoding; encoding = null; }
    const ret = writeChunk(this, chunk, encoding, cb, false);
    if (!ret) this[kNeedDrain] = true;
    return ret;
  };
  OutgoingMessage.prototype.end = function (chunk, encoding, cb) {
    if (typeof chunk === 'function') { cb = chunk; chunk = null; encoding = null; }
    else if (typeof encoding === 'function') { cb = encoding; encoding = null; }
    if (chunk) {
      if (this.finished) {
        const err = nodeError(Error, 'ERR_STREAM_WRITE_AFTER_END', 'write after end');
        nextTick(emitErrorNT, this, err, typeof cb === 'function' ? cb : () => {});
        return this;
      }
      if (this.socket) this.socket.cork();
      writeChunk(this, chunk, encoding, null, true);
    } else if (this.finished) {
      if (typeof cb === 'function') {
        if (!this.writableFinished) this.on('finish', cb);
        else cb(nodeError(Error, 'ERR_STREAM_ALREADY_FINISHED', 'Cannot call end after a stream was finished'));
      }
      return this;
    } else if (!this._header) {
      if (this.socket) this.socket.cork();
      this._contentLength = 0;
      this._implicitHeader();
    }
    if (typeof cb === 'function') this.once('finish', cb);
    if (strictContentLength(this) && this[kBytesWritten] !== this._contentLength) {
      throw nodeError(Error, 'ERR_HTTP_CONTENT_LENGTH_MISMATCH', `Response body's content-length of ${this[kBytesWritten]} byte(s) does not match the content-length of ${this._contentLength} byte(s) set in header`);
    }
    const finish = () => {
      if (this.socket && this.socket._hadError) return;
      this.emit('finish');
    };
    if (this._hasBody && this.chunkedEncoding) this._send(`0\r\n${this._trailer}\r\n`, 'latin1', finish);
    else if (!this._headerSent || this.writableLength || chunk) this._send('', 'latin1', finish);
    else nextTick(finish);
    if (this.socket) {
      // Fully uncorked at the end.
      const ws = this.socket._writableState;
      if (ws && ws.corked) ws.corked = 1;
      this.socket.uncork();
    }
    this[kCorked] = 0;
    this.finished = true;
    if (this.outputData.length === 0 && this.socket && this.socket._httpMessage === this) this._finish();
    return this;
  };
  // Trailer fields after the last chunk (chunked bodies only, as in Node).
  OutgoingMessage.prototype.addTrailers = function (headers) {
    this._trailer = '';
    const isArray = Array.isArray(headers);
    for (const key of Object.keys(headers)) {
      const field = isArray ? headers[key][0] : key;
      const value = isArray ? headers[key][1] : headers[key];
      if (typeof field !== 'string' || !field || !TOKEN.test(field)) {
        throw nodeError(TypeError, 'ERR_INVALID_HTTP_TOKEN', `Trailer name must be a valid HTTP token ["${field}"]`);
      }
      if (INVALID_HEADER_CHAR.test(String(value))) throw nodeError(TypeError, 'ERR_INVALID_CHAR', `Invalid character in trailer content ["${field}"]`);
      this._trailer += `${field}: ${value}\r\n`;
    }
  };
  OutgoingMessage.prototype[Symbol.for('nodejs.rejection')] = function (err) { this.destroy(err); };

  // ---------------------------------------------------------------- ServerResponse
  // Node's ServerResponse (lib/_http_server.js).
  function ServerResponse(req, options) {
    if (!(this instanceof ServerResponse)) return new ServerResponse(req, options);
    // (For an HTTP/1.1 request: the fields ServerResponse sets after
    // OutgoingMessage's are then req, _sent100 and _expect_continue.)
    if (new.target === ServerResponse && EventEmitter.init === emitterInit && req != null && req.httpVersionMajor >= 1 && req.httpVersionMinor >= 1) {
      const res = plainOutgoingMessage(ServerResponse.prototype, true, req.method !== 'HEAD',
        options?.highWaterMark ?? Stream.getDefaultHighWaterMark(false), options?.rejectNonStandardBodyWrites ?? false);
      res.req = req;
      res._sent100 = false;
      res._expect_continue = false;
      return res;
    }
    OutgoingMessage.call(this, options);
    if (req.method === 'HEAD') this._hasBody = false;
    this.req = req;
    this.sendDate = true;
    this._sent100 = false;
    this._expect_continue = false;
    if (req.httpVersionMajor < 1 || req.httpVersionMinor < 1) {
      this.useChunkedEncodingByDefault = RE_TE_CHUNKED.test(req.headers.te || '');
      this.shouldKeepAlive = false;
    }
  }
  // The fields EventEmitter.init and OutgoingMessage set on a new message
  // of `proto` (ServerResponse's or ClientRequest's), in their order, by
  // one literal (as plainIncomingMessage), with sendDate and _hasBody as
  // the class leaves them, kHighWaterMark and kRejectNonStandardBodyWrites
  // as given: for
  // `new ServerResponse` and `new ClientRequest` of the classes themselves,
  // while EventEmitter.init is events.js's. Keep it in step with the
  // constructors.
  function plainOutgoingMessage(proto, sendDate, hasBody, highWaterMark, rejectNonStandardBodyWrites) {
    return {
      __proto__: proto,
      _events: { __proto__: null },
      _eventsCount: 0,
      [kShapeMode]: false,
      _maxListeners: proto._maxListeners || undefined,
      [kCapture]: EventEmitter.prototype[kCapture],
      outputData: [],
      outputSize: 0,
      writable: true,
      destroyed: false,
      _last: false,
      chunkedEncoding: false,
      shouldKeepAlive: true,
      maxRequestsOnConnectionReached: false,
      _defaultKeepAlive: true,
      useChunkedEncodingByDefault: true,
      sendDate,
      _removedConnection: false,
      _removedContLen: false,
      _removedTE: false,
      strictContentLength: false,
      [kBytesWritten]: 0,
      _contentLength: null,
      _hasBody: hasBody,
      _trailer: '',
      [kNeedDrain]: false,
      finished: false,
      _headerSent: false,
      [kCorked]: 0,
      _closed: false,
      socket: null,
      _header: null,
      [kHeaders]: new Map(),
      _keepAliveTimeout: 0,
      _onPendingData: nop,
      [kHighWaterMark]: highWaterMark,
      [kRejectNonStandardBodyWrites]: rejectNonStandardBodyWrites,
    };
  }
  Object.setPrototypeOf(ServerResponse.prototype, OutgoingMessage.prototype);
  Object.setPrototypeOf(ServerResponse, OutgoingMessage);
  ServerResponse.prototype.statusCode = 200;
  ServerResponse.prototype.statusMessage = undefined;
  ServerResponse.prototype._finish = function () {
    OutgoingMessage.prototype._finish.call(this);
  };
  ServerResponse.prototype.writeHead = function (statusCode, reason, obj) {
    if (this._header) throw headersSentError('write');
    const originalStatusCode = statusCode;
    statusCode |= 0;
    if (statusCode < 100 || statusCode > 999) throw nodeError(RangeError, 'ERR_HTTP_INVALID_STATUS_CODE', internals.require('util').format('Invalid status code: %s', originalStatusCode));
    if (typeof reason === 'string') this.statusMessage = reason;
    else {
      this.statusMessage ||= STATUS_CODES[statusCode] || 'unknown';
      obj ??= reason;
    }
    this.statusCode = statusCode;
    let headers;
    if (this[kHeaders].size) {
      // Fields given here replace the ones set before (duplicates in an
      // array stay duplicates).
      if (Array.isArray(obj)) {
        if (obj.length % 2 !== 0) throw internals.invalidArgValue('headers', obj);
        for (let n = 0; n < obj.length; n += 2) this.removeHeader(obj[n]);
        for (let n = 0; n < obj.length; n += 2) if (obj[n]) this.appendHeader(obj[n], obj[n + 1]);
      } else if (obj) {
        for (const k of Object.keys(obj)) if (k) this.setHeader(k, obj[k]);
      }
      headers = undefined;
    } else {
      headers = obj || null;
    }
    if (invalidHeaderChar(String(this.statusMessage))) throw nodeError(TypeError, 'ERR_INVALID_CHAR', 'Invalid character in statusMessage');
    if (statusCode === 204 || statusCode === 304 || (statusCode >= 100 && statusCode <= 199)) this._hasBody = false;
    // A client that expected 100 Continue and got a final status may send more.
    if (this._expect_continue && !this._sent100) this.shouldKeepAlive = false;
    this._storeHeader(`HTTP/1.1 ${statusCode} ${this.statusMessage}\r\n`, headers);
    return this;
  };
  ServerResponse.prototype.writeHeader = ServerResponse.prototype.writeHead;
  ServerResponse.prototype._implicitHeader = function () { this.writeHead(this.statusCode); };
  ServerResponse.prototype._writeHead = ServerResponse.prototype._implicitHeader;
  function onServerResponseClose() {
    if (this._httpMessage) emitCloseNT(this._httpMessage);
  }
  function emitCloseNT(res) {
    if (!res._closed) {
      res.destroyed = true;
      res._closed = true;
      res.emit('close');
    }
  }
  ServerResponse.prototype.assignSocket = function (socket) {
    if (socket._httpMessage) throw nodeError(Error, 'ERR_HTTP_SOCKET_ASSIGNED', 'ServerResponse has an already assigned socket');
    socket._httpMessage = this;
    socket.on('close', onServerResponseClose);
    this.socket = socket;
    this.emit('socket', socket);
    this._flush();
  };
  ServerResponse.prototype.detachSocket = function (socket) {
    socket.removeListener('close', onServerResponseClose);
    socket._httpMessage = null;
    this.socket = null;
  };
  // 1xx responses, sent at once, before the final one.
  function informational(res, code, headers, cb) {
    let head = `HTTP/1.1 ${code} ${STATUS_CODES[code]}\r\n`;
    for (const [name, value] of Object.entries(headers || {})) {
      for (const v of Array.isArray(value) ? value : [value]) { validateHeaderName(name); validateHeaderValue(name, v); head += `${name}: ${v}\r\n`; }
    }
    res._writeRaw(head + '\r\n', 'latin1', cb);
  }
  ServerResponse.prototype.writeProcessing = function (cb) { informational(this, 102, null, cb); };
  ServerResponse.prototype.writeInformation = function (code, headers, cb) { informational(this, code, headers, cb); };
  // Node's writeEarlyHints: `link` (a string or an array of them) is required.
  // Node's writeEarlyHints and validateLinkHeaderValue: `link` is a string
  // or an array of strings of the Link header's format.
  const LINK_VALUE = /^(?:<[^>\r\n]*>)(?:\s*;\s*[^;"\s]+(?:=(")?[^;"\s]*\1)?)*$/;
  const linkFormatError = (value) => internals.invalidArgValue('hints', value, 'must be an array or string of format "</styles.css>; rel=preload; as=style"');
  function linkHeaderValue(hints) {
    const check = (value) => { if (typeof value === 'undefined' || !LINK_VALUE.test(value)) throw linkFormatError(value); };
    if (typeof hints === 'string') { check(hints); return hints; }
    if (Array.isArray(hints)) {
      for (const link of hints) check(link);
      return hints.join(', ');
    }
    throw linkFormatError(hints);
  }
  ServerResponse.prototype.writeEarlyHints = function (hints, cb) {
    if (hints === null || typeof hints !== 'object' || Array.isArray(hints)) throw invalidArgType('hints', 'Object', hints);
    if (hints.link === null || typeof hints.link === 'undefined') return;
    const link = linkHeaderValue(hints.link);
    if (link.length === 0) return;
    // (The format lets a CR or LF through between parameters: the field's
    // own check stops them, as Node 24's.)
    validateHeaderValue('Link', link);
    let head = `HTTP/1.1 103 Early Hints\r\nLink: ${link}\r\n`;
    // (Every other field's name and value are checked as setHeader checks
    // them before anything is written: no field can inject another.)
    for (const key of Object.keys(hints)) {
      if (key === 'link') continue;
      validateHeaderName(key);
      validateHeaderValue(key, hints[key]);
      head += `${key}: ${hints[key]}\r\n`;
    }
    this._writeRaw(head + '\r\n', 'ascii', cb);
  };
  ServerResponse.prototype.writeContinue = function (cb) {
    this._writeRaw('HTTP/1.1 100 Continue\r\n\r\n', 'latin1', cb);
    this._sent100 = true;
  };

  // ---------------------------------------------------------------- Server
  function validateTimeout(value, name) {
    if (typeof value === 'undefined') return undefined;
    internals.validateInteger(value, name, 0);
    return value;
  }
  class Server extends net.Server {
    constructor(options, requestListener) {
      if (typeof options === 'function') { requestListener = options; options = {}; }
      else if (typeof options === 'undefined' || options === null) options = {};
      else if (typeof options !== 'object' || Array.isArray(options)) throw invalidArgType('options', 'Object', options);
      super({ allowHalfOpen: true, noDelay: options.noDelay ?? true, keepAlive: options.keepAlive, keepAliveInitialDelay: options.keepAliveInitialDelay });
      setupServer(this, options, requestListener);
      this.on('connection', (socket) => connectionListener(this, socket));
      this.on('listening', () => startConnectionsCheck(this));
    }
    setTimeout(ms, cb) { this.timeout = ms; if (cb) this.on('timeout', cb); return this; }
    closeAllConnections() {
      for (const c of [...this._httpConnections]) c.socket.destroy();
    }
    closeIdleConnections() {
      for (const c of [...this._httpConnections]) {
        // Node's closeIdleConnections: no request being received, and no
      // response still being written.
      if (c.idle && (!c.socket._httpMessage || c.socket._httpMessage.finished)) c.socket.destroy();
      }
    }
    close(cb) {
      // Node's httpServerPreClose (lib/_http_server.js): the connections
      // idle now are closed; one whose response is under way stays open
      // after it, to its keep-alive timeout, as any other.
      this.closeIdleConnections();
      clearInterval(this[kConnectionsCheckingInterval]);
      return super.close(cb);
    }
    [Symbol.asyncDispose]() {
      return new Promise((resolve, reject) => this.close((err) => (err ? reject(err) : resolve())));
    }
    // Node's Server[captureRejectionSymbol] (lib/_http_server.js): a
    // rejected 'request' listener answers 500 without the headers it set,
    // or destroys the response already under way; other events as net's.
    [EventEmitter.captureRejectionSymbol](err, event, ...args) {
      if (event !== 'request') return super[EventEmitter.captureRejectionSymbol](err, event, ...args);
      const res = args[1];
      if (!res.headersSent && !res.writableEnded) {
        for (const name of res.getHeaderNames()) res.removeHeader(name);
        res.statusCode = 500;
        res.end(STATUS_CODES[500]);
      } else {
        res.destroy();
      }
    }
  }
  // Node's checkConnections: every connectionsCheckingInterval, a request
  // whose head took longer than headersTimeout, or whose whole took
  // longer than requestTimeout, is answered 408 and its connection closed.
  const kConnectionsCheckingInterval = Symbol('http.server.connectionsCheckingInterval');
  function startConnectionsCheck(server) {
    if (server[kConnectionsCheckingInterval]) clearInterval(server[kConnectionsCheckingInterval]);
    // (Started whatever the timeouts are: they may change after createServer.)
    server[kConnectionsCheckingInterval] = setInterval(() => {
      const now = host.hrtime() / 1e6;
      for (const conn of [...server._httpConnections]) {
        if (conn.requestStart === null) continue;
        const late = (!conn.headersDone && server.headersTimeout > 0 && now - conn.requestStart > server.headersTimeout) ||
          (server.requestTimeout > 0 && now - conn.requestStart > server.requestTimeout);
        if (late) {
          conn.requestStart = null;
          conn.parser.mode = 'done';
          socketOnError.call(conn.socket, nodeError(Error, 'ERR_HTTP_REQUEST_TIMEOUT', 'Request timeout'));
        }
      }
    }, server.connectionsCheckingInterval);
    server[kConnectionsCheckingInterval].unref();
  }
  const kOptimizeEmptyRequests = Symbol('OptimizeEmptyRequestsOption');
  // An HTTP server's state (Node's storeHTTPOptions and Server's fields);
  // https.Server, a tls.Server, is set up with it too.
  function setupServer(server, options, requestListener) {
    server.IncomingMessage = options.IncomingMessage || IncomingMessage;
    server.ServerResponse = options.ServerResponse || ServerResponse;
    const maxHeaderSize = options.maxHeaderSize;
    if (typeof maxHeaderSize !== 'undefined') internals.validateInteger(maxHeaderSize, 'maxHeaderSize', 0);
    server.maxHeaderSize = maxHeaderSize;
    const insecureHTTPParser = options.insecureHTTPParser;
    if (typeof insecureHTTPParser !== 'undefined' && typeof insecureHTTPParser !== 'boolean') throw invalidArgType('options.insecureHTTPParser', 'boolean', insecureHTTPParser);
    server.insecureHTTPParser = insecureHTTPParser;
    if (typeof options.highWaterMark !== 'undefined') internals.validateInteger(options.highWaterMark, 'options.highWaterMark', 0);
    server.highWaterMark = options.highWaterMark;
    const requestTimeout = validateTimeout(options.requestTimeout, 'requestTimeout');
    server.requestTimeout = requestTimeout ?? 300000;
    const headersTimeout = validateTimeout(options.headersTimeout, 'headersTimeout');
    server.headersTimeout = headersTimeout ?? Math.min(60000, server.requestTimeout);
    if (server.requestTimeout > 0 && server.headersTimeout > 0 && server.headersTimeout > server.requestTimeout) {
      throw internals.outOfRange('headersTimeout', '<= requestTimeout', server.headersTimeout);
    }
    const connectionsCheckingInterval = validateTimeout(options.connectionsCheckingInterval, 'connectionsCheckingInterval');
    server.connectionsCheckingInterval = connectionsCheckingInterval ?? 30000;
    server.timeout = 0;
    server.maxHeadersCount = null;
    server.maxRequestsPerSocket = options.maxRequestsPerSocket ?? 0;
    server.keepAliveTimeout = options.keepAliveTimeout ?? 5000;
    // Node 24's keepAliveTimeoutBuffer: an idle keep-alive socket's timeout
    // is keepAliveTimeout plus this (lib/_http_server.js resOnFinish), so
    // the server closes it after the client, which read the advertised
    // `Keep-Alive: timeout`, would have.
    if (typeof options.keepAliveTimeoutBuffer !== 'undefined') internals.validateInteger(options.keepAliveTimeoutBuffer, 'keepAliveTimeoutBuffer', 0);
    server.keepAliveTimeoutBuffer = options.keepAliveTimeoutBuffer ?? 1000;
    // Node 24's optimizeEmptyRequests: a request without Content-Length and
    // Transfer-Encoding comes already read to its end (_dumped), with no
    // 'data', 'end' or 'close' events.
    if (options.optimizeEmptyRequests !== undefined && typeof options.optimizeEmptyRequests !== 'boolean') {
      throw invalidArgType('options.optimizeEmptyRequests', 'boolean', options.optimizeEmptyRequests);
    }
    server[kOptimizeEmptyRequests] = options.optimizeEmptyRequests || false;
    server.requireHostHeader = options.requireHostHeader ?? true;
    server.joinDuplicateHeaders = options.joinDuplicateHeaders;
    server.rejectNonStandardBodyWrites = options.rejectNonStandardBodyWrites ?? false;
    server.shouldUpgradeCallback = options.shouldUpgradeCallback ?? function () { return this.listenerCount('upgrade') > 0; };
    if (typeof server.shouldUpgradeCallback !== 'function') throw invalidArgType('options.shouldUpgradeCallback', 'function', server.shouldUpgradeCallback);
    server.noDelay = options.noDelay ?? true;
    server.httpAllowHalfOpen = false;
    server._httpConnections = new Set();
    if (requestListener) server.on('request', requestListener);
  }
  internals.httpServer = { setupServer, connectionListener, Server };

  // http.Server(...) may be called without new, as in Node; a subclass
  // still gets its own prototype (new.target).
  const HttpServer = Server;
  function ServerCtor(options, requestListener) {
    // `http.Server.call(this, ...)` from an old-style subclass sets up `this`.
    if (!new.target && this instanceof HttpServer && !Object.prototype.hasOwnProperty.call(this, '_httpConnections')) {
      if (typeof options === 'function') { requestListener = options; options = {}; }
      else if (typeof options === 'undefined' || options === null) options = {};
      else if (typeof options !== 'object' || Array.isArray(options)) throw invalidArgType('options', 'Object', options);
      net.Server.call(this, { allowHalfOpen: true, noDelay: options.noDelay ?? true });
      setupServer(this, options, requestListener);
      this.on('connection', (socket) => connectionListener(this, socket));
      this.on('listening', () => startConnectionsCheck(this));
      return this;
    }
    return Reflect.construct(HttpServer, [options, requestListener], new.target || ServerCtor);
  }
  ServerCtor.prototype = HttpServer.prototype;
  Object.defineProperty(ServerCtor, 'name', { value: 'Server' });
  Object.setPrototypeOf(ServerCtor, net.Server);
  HttpServer.prototype.constructor = ServerCtor;

  const ERROR_RESPONSES = {
    HPE_HEADER_OVERFLOW: 'HTTP/1.1 431 Request Header Fields Too Large\r\nConnection: close\r\n\r\n',
    HPE_CHUNK_EXTENSIONS_OVERFLOW: 'HTTP/1.1 413 Payload Too Large\r\nConnection: close\r\n\r\n',
    ERR_HTTP_REQUEST_TIMEOUT: 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n',
  };
  // Node's socketOnError: 'clientError', or an error response (if nothing
  // of a response went out yet) and the connection destroyed.
  function socketOnError(e) {
    this.removeListener('error', socketOnError);
    if (this.listenerCount('error') === 0) this.on('error', () => {});
    const server = this.server || this._httpServer;
    if (!server.emit('clientError', e, this)) {
      if (this.writable && (!this._httpMessage || !this._httpMessage._headerSent)) {
        this.write(ERROR_RESPONSES[e.code] || 'HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
      }
      this.destroy(e);
    }
  }
  // Node's socketOnTimeout: 'timeout' to the request, the response and
  // the server; the socket is destroyed when nobody listens.
  function socketOnTimeout(socket, conn, server) {
    const req = conn.incoming[0];
    const reqTimeout = req && !req.complete && req.emit('timeout', socket);
    const res = socket._httpMessage;
    const resTimeout = res && res.emit('timeout', socket);
    const serverTimeout = server.emit('timeout', socket);
    if (!reqTimeout && !resTimeout && !serverTimeout) socket.destroy();
  }
  const CONTINUE = /(?:^|\W)100-continue(?:$|\W)/i;

  // Node's socketSetEncoding (lib/_http_server.js): a server's socket
  // carries bytes, whose encoding the parser decides.
  function socketSetEncoding() {
    throw nodeError(Error, 'ERR_HTTP_SOCKET_ENCODING', 'Changing the socket encoding is not allowed per RFC7230 Section 3.');
  }
  function connectionListener(server, socket) {
    socket._httpServer = server;
    socket.setEncoding = socketSetEncoding;
    // A new connection counts as a message begun (Node's Parser::Initialize
    // sets last_message_start_ and makes it active, against connections
    // that send nothing): headersTimeout runs from here, and it is not idle.
    const conn = { socket, server, idle: false, incoming: [], outgoing: [], requests: 0, requestStart: host.hrtime() / 1e6, headersDone: false, parser: null, outgoingData: 0 };
    server._httpConnections.add(conn);
    if (server.timeout && typeof socket.setTimeout === 'function') socket.setTimeout(server.timeout);
    // An idle keep-alive socket's timeout too goes to socketOnTimeout (which
    // destroys it when nobody listens), as in Node.
    const onTimeout = () => socketOnTimeout(socket, conn, server);
    socket.on('timeout', onTimeout);
    let req = null;
    const parser = new Parser(true, (head) => {
      conn.headersDone = true;
      req = new server.IncomingMessage(socket);
      if (server.highWaterMark) req._readableState.highWaterMark = server.highWaterMark;
      req.method = head.method;
      req.url = head.url;
      if (traceHttp) traceHttp(socket, 'request', head.method, head.url);
      req._setHead(head, server.joinDuplicateHeaders, server.maxHeadersCount);
      if (conn.keepAliveTimeoutSet) { socket.setTimeout(0); conn.keepAliveTimeoutSet = false; if (server.timeout) socket.setTimeout(server.timeout); }
      const hasUpgrade = req.method === 'CONNECT' || (typeof req.headers.upgrade !== 'undefined' && /(?:^|\W)upgrade(?:$|\W)/i.test(req.headers.connection || ''));
      if (hasUpgrade) {
        req.upgrade = req.method === 'CONNECT' || !!server.shouldUpgradeCallback(req);
        if (req.upgrade) return { mode: 'upgrade' };
      }
      const framing = bodyFraming(req.rawHeaders, head, true);
      if (framing.error && !framing.afterHead) return framing;
      if (server[kOptimizeEmptyRequests] && req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined) {
        const state = req._readableState;
        req._dumped = true;
        state.ended = true;
        state.endEmitted = true;
        state.destroyed = true;
        state.closed = true;
        state.closeEmitted = true;
      }
      conn.incoming.push(req);
      // Node's flood guard: while the responses are not being written out,
      // the socket (and after this read, the parser) stops reading.
      if (!socket._paused) {
        const ws = socket._writableState;
        if ((ws && ws.needDrain) || conn.outgoingData >= socket.writableHighWaterMark) {
          socket._paused = true;
          socket.pause();
        }
      }
      const res = new server.ServerResponse(req, { highWaterMark: socket.writableHighWaterMark, rejectNonStandardBodyWrites: server.rejectNonStandardBodyWrites });
      res._keepAliveTimeout = server.keepAliveTimeout;
      res._maxRequestsPerSocket = server.maxRequestsPerSocket;
      res[kConnection] = conn;
      res[kIncoming] = req;
      res._onPendingData = updateOutgoingData;
      // (llhttp_should_keep_alive: HTTP/1.1's rule for a version whose
      // major and minor are both above 0, HTTP/1.0's for 0.9, 1.0 and 2.0;
      // ServerResponse keeps none below 1.1.)
      res.shouldKeepAlive = head.versionMajor > 0 && head.versionMinor > 0 ? !connectionClose(req.headers.connection || '') : /keep-alive/i.test(req.headers.connection || '');
      if (socket._httpMessage) conn.outgoing.push(res);
      else res.assignSocket(socket);
      if (traceHttp) res.on('finish', () => traceHttp(socket, 'finish', req.method, req.url, res.statusCode));
      res.on('finish', resOnFinishListener);
      let handled = false;
      if (head.versionMajor === 1 && head.versionMinor === 1) {
        if (server.requireHostHeader && typeof req.headers.host === 'undefined') {
          res.writeHead(400, ['Connection', 'close']);
          res.end();
          return framing;
        }
        const limited = typeof server.maxRequestsPerSocket === 'number' && server.maxRequestsPerSocket > 0;
        if (limited) {
          conn.requests++;
          res.maxRequestsOnConnectionReached = server.maxRequestsPerSocket <= conn.requests;
        }
        if (limited && server.maxRequestsPerSocket < conn.requests) {
          handled = true;
          server.emit('dropRequest', req, socket);
          res.writeHead(503);
          res.end();
        } else if (typeof req.headers.expect !== 'undefined') {
          handled = true;
          if (CONTINUE.test(req.headers.expect)) {
            res._expect_continue = true;
            if (server.listenerCount('checkContinue') > 0) server.emit('checkContinue', req, res);
            else { res.writeContinue(); server.emit('request', req, res); }
          } else if (server.listenerCount('checkExpectation') > 0) server.emit('checkExpectation', req, res);
          else { res.writeHead(417); res.end(); }
        }
      }
      if (!handled) server.emit('request', req, res);
      return framing;
    }, (body) => {
      req.push(body);
    }, (trailers) => {
      if (trailers) { req.rawTrailers = trailers; req.trailers = headersOf(trailers); }
      req.complete = true;
      conn.requestStart = null;
      conn.idle = true;
      req.push(null);
    }, (err) => {
      err.code = err.code || 'HPE_INVALID';
      socketOnError.call(socket, err);
    });
    parser.maxHeaderSize = server.maxHeaderSize || maxHeaderSize;
    parser.insecure = !!server.insecureHTTPParser;
    // (Node's parser notes a message's start on libuv's clock, uv_hrtime;
    // here the loop's clock, which performance.now reads too.)
    parser.onStart = () => {
      if (conn.requestStart === null) { conn.requestStart = host.hrtime() / 1e6; conn.headersDone = false; }
      conn.idle = false;
    };
    // An upgrade (or CONNECT): the socket is the listener's from here,
    // with the bytes after the head.
    // (Node's onParserExecuteCommon: the server's listeners come off the
    // socket first, so the listener finds it detached.)
    parser.onUpgrade = (rest) => {
      socket.removeListener('data', onData);
      socket.removeListener('end', onEnd);
      socket.removeListener('close', onClose);
      socket.removeListener('drain', onDrain);
      socket.removeListener('error', socketOnError);
      socket.removeListener('timeout', onTimeout);
      conn.requestStart = null;
      server._httpConnections.delete(conn);
      socket.setTimeout(0);
      // (Node's freeParser: the socket's parser is gone, null.)
      socket.parser = null;
      const eventName = req.method === 'CONNECT' ? 'connect' : 'upgrade';
      if (server.listenerCount(eventName) > 0) {
        socket.readableFlowing = null;
        server.emit(eventName, req, socket, rest || Buffer.alloc(0));
      } else socket.destroy();
    };
    conn.parser = parser;
    const onData = (data) => {
      // A parser that failed fails every read after it with its error
      // (llhttp keeps it: llhttp_execute returns it at once), each read one
      // more 'clientError' with that read as its rawPacket (Node's
      // socketOnData and socketOnError).
      if (parser.failed !== null) {
        const e = parseError(parser.failed.code, parser.failed.reason);
        e.bytesParsed = 0;
        e.rawPacket = data;
        socketOnError.call(socket, e);
        return;
      }
      parser.push(data);
      if (socket._paused) parser.paused = true;
    };
    const onDrain = () => socketOnDrain(socket, conn);
    socket.on('drain', onDrain);
    // Node's socketOnEnd: without httpAllowHalfOpen the requests still
    // coming are aborted and our side ends too.
    const onEnd = () => {
      parser.end();
      if (!server.httpAllowHalfOpen) {
        abortIncoming(conn);
        if (socket.writable) socket.end();
      } else if (conn.outgoing.length) conn.outgoing[conn.outgoing.length - 1]._last = true;
      else if (socket._httpMessage) socket._httpMessage._last = true;
      else if (socket.writable) socket.end();
    };
    socket.on('data', onData);
    socket.on('end', onEnd);
    const onClose = () => {
      server._httpConnections.delete(conn);
      abortIncoming(conn);
      for (const res of conn.outgoing) nextTick(emitCloseNT, res);
      conn.outgoing = [];
    };
    socket.on('close', onClose);
    socket.on('error', socketOnError);
    if (server.noDelay && typeof socket.setNoDelay === 'function') socket.setNoDelay(true);
  }
  // A response's connection and request, for the two functions below,
  // which Node binds to them per response (updateOutgoingData and
  // resOnFinish, lib/_http_server.js): here they are the same two
  // functions for every response, which find them on it.
  const kConnection = Symbol('jsloop.http.connection');
  const kIncoming = Symbol('jsloop.http.incoming');
  function updateOutgoingData(delta) {
    const conn = this[kConnection];
    conn.outgoingData += delta;
    socketOnDrain(conn.socket, conn);
  }
  function resOnFinishListener() {
    const conn = this[kConnection];
    resOnFinish(this[kIncoming], this, conn.socket, conn, conn.server);
  }
  // Node's socketOnDrain: reading starts again once the responses queued
  // are under the socket's high-water mark; a response waiting for
  // 'drain' gets it.
  function socketOnDrain(socket, conn) {
    const needPause = conn.outgoingData > socket.writableHighWaterMark;
    if (socket._paused && !needPause) {
      socket._paused = false;
      if (conn.parser) {
        conn.parser.paused = false;
        nextTick(() => conn.parser.run());
      }
      socket.resume();
    }
    const msg = socket._httpMessage;
    if (msg && !msg.finished && msg[kNeedDrain]) {
      msg[kNeedDrain] = false;
      msg.emit('drain');
    }
  }
  // Node's abortIncoming: requests not answered yet are destroyed.
  function abortIncoming(conn) {
    while (conn.incoming.length) {
      const r = conn.incoming.shift();
      r.destroy(connReset('aborted'));
    }
  }
  // Node's resOnFinish: the request is read to its end if nobody read it,
  // the next response gets the socket, or the socket closes / waits.
  function resOnFinish(req, res, socket, conn, server) {
    const i = conn.incoming.indexOf(req);
    if (i >= 0) spliceOne(conn.incoming, i);
    if (!req._consuming && !req._readableState.resumeScheduled) req._dump();
    res.detachSocket(socket);
    nextTick(emitCloseNT, res);
    if (res._last) {
      if (typeof socket.destroySoon === 'function') socket.destroySoon();
      else socket.end();
    } else if (conn.outgoing.length === 0) {
      if (server.keepAliveTimeout && typeof socket.setTimeout === 'function') {
        socket.setTimeout(server.keepAliveTimeout + server.keepAliveTimeoutBuffer);
        conn.keepAliveTimeoutSet = true;
      }
    } else {
      const m = conn.outgoing.shift();
      if (m) m.assignSocket(socket);
    }
  }
  function connReset(message) {
    const e = new Error(message);
    e.code = 'ECONNRESET';
    return e;
  }

  // ---------------------------------------------------------------- Agent
  function freeSocketErrorListener() {
    this.destroy();
    this.emit('agentRemove');
  }
  const usable = (socket) => !socket.destroyed && socket.writable && !socket.readableEnded;
  // (Node's kEmptyObject: getName's default options.)
  const kEmptyObject = Object.freeze({ __proto__: null });
  // Node's lib/_http_agent.js keeps every options object it makes without
  // a prototype ({ __proto__: null, ...options }): the agent's own
  // options, the legacy addRequest(req, host, port, localAddress)'s, and
  // the request's merged with the agent's in addRequest and createSocket,
  // so what a program puts on Object.prototype (a socketPath, hints, a
  // localAddress) never reaches the connection through them.
  class Agent extends EventEmitter {
    constructor(options) {
      super();
      this.options = { __proto__: null, ...options };
      this.defaultPort = this.options.defaultPort || 80;
      this.protocol = this.options.protocol || 'http:';
      if (this.options.noDelay === undefined) this.options.noDelay = true;
      // (Not a pipe's path for net: always null.)
      this.options.path = null;
      this.requests = { __proto__: null };
      this.sockets = { __proto__: null };
      this.freeSockets = { __proto__: null };
      this.keepAliveMsecs = this.options.keepAliveMsecs || 1000;
      this.keepAlive = this.options.keepAlive || false;
      this.maxSockets = this.options.maxSockets || AgentCtor.defaultMaxSockets;
      this.maxFreeSockets = this.options.maxFreeSockets || 256;
      this.scheduling = this.options.scheduling || 'lifo';
      this.maxTotalSockets = this.options.maxTotalSockets;
      // Node's agentKeepAliveTimeoutBuffer: a non-negative finite number, else 1000.
      const buffer = this.options.agentKeepAliveTimeoutBuffer;
      this.agentKeepAliveTimeoutBuffer = typeof buffer === 'number' && buffer >= 0 && Number.isFinite(buffer) ? buffer : 1000;
      // Node's validateOneOf(this.scheduling, 'scheduling', ['fifo', 'lifo']).
      if (this.scheduling !== 'fifo' && this.scheduling !== 'lifo') {
        throw invalidArgValue('scheduling', this.scheduling, "must be one of: 'fifo', 'lifo'");
      }
      // Node's Agent: maxTotalSockets a number >= 1, Infinity when not given.
      if (this.maxTotalSockets !== undefined) internals.validateNumber(this.maxTotalSockets, 'maxTotalSockets', 1);
      else this.maxTotalSockets = Infinity;
      // Node's Agent (lib/_http_agent.js): the sockets made and not yet
      // closed, counted once made (createSocket's oncreate) and until their
      // 'close' or 'agentRemove'.
      this.totalSocketCount = 0;
      // A socket given back (its 'free') serves a waiting request, goes to
      // the free list, or is closed.
      this.on('free', (socket, options) => {
        const name = this.getName(options);
        if (!socket.writable) {
          socket.destroy();
          return;
        }
        const requests = this.requests[name];
        if (requests && requests.length) {
          const req = requests.shift();
          req[kRequestOptions] = undefined;
          setRequestSocket(req, socket);
          if (requests.length === 0) delete this.requests[name];
          return;
        }
        const req = socket._httpMessage;
        if (!req || !req.shouldKeepAlive || !this.keepAlive) {
          socket.destroy();
          return;
        }
        const freeSockets = this.freeSockets[name] || [];
        const freeLen = freeSockets.length;
        const count = freeLen + (this.sockets[name] ? this.sockets[name].length : 0);
        if (this.totalSocketCount > this.maxTotalSockets || count > this.maxSockets ||
            freeLen >= this.maxFreeSockets || !this.keepSocketAlive(socket)) {
          socket.destroy();
          return;
        }
        this.freeSockets[name] = freeSockets;
        socket._httpMessage = null;
        this.removeSocket(socket, options);
        // An error on a free socket closes it (Node's freeSocketErrorListener).
        socket.once('error', freeSocketErrorListener);
        freeSockets.push(socket);
      });
    }
    // Node's Agent.getName: host:port:localAddress[:family][:socketPath].
    getName(options = kEmptyObject) {
      let name = `${options.host || 'localhost'}:${options.port || ''}:${options.localAddress || ''}`;
      if (options.family === 4 || options.family === 6) name += `:${options.family}`;
      if (options.socketPath) name += `:${options.socketPath}`;
      return name;
    }
    // Node's addRequest: a free socket for this origin if there is one
    // (ref'd again), a new connection (createSocket) while under maxSockets
    // and maxTotalSockets, else the request waits in `requests` for a socket
    // to come free.
    addRequest(req, options, port, localAddress) {
      // The legacy signature addRequest(req, host, port, localAddress).
      if (typeof options === 'string') options = { __proto__: null, host: options, port, localAddress };
      // (The agent's options override the request's.)
      options = { __proto__: null, ...options, ...this.options };
      if (options.socketPath) options.path = options.socketPath;
      normalizeServerName(options, req);
      const name = this.getName(options);
      this.sockets[name] ||= [];
      const freeSockets = this.freeSockets[name];
      let socket;
      if (freeSockets) {
        // (A free socket the server has closed meanwhile is not reused.)
        while (freeSockets.length && !usable(freeSockets[0])) freeSockets.shift().destroy();
        while (freeSockets.length && !usable(freeSockets[freeSockets.length - 1])) freeSockets.pop().destroy();
        socket = this.scheduling === 'fifo' ? freeSockets.shift() : freeSockets.pop();
        if (!freeSockets.length) delete this.freeSockets[name];
      }
      const freeLen = freeSockets ? freeSockets.length : 0;
      const sockLen = freeLen + this.sockets[name].length;
      // (Node 24: a reused socket takes the request's highWaterMark when
      // the caller gave one.)
      if (socket && options.highWaterMark != null && socket.writableHighWaterMark !== options.highWaterMark) {
        socket._writableState.highWaterMark = options.highWaterMark;
      }
      if (socket) {
        this.reuseSocket(socket, req);
        setRequestSocket(req, socket);
        this.sockets[name].push(socket);
      } else if (sockLen < this.maxSockets && this.totalSocketCount < this.maxTotalSockets) {
        this.createSocket(req, options, (err, s) => {
          if (err) req.onSocket(s, err);
          else setRequestSocket(req, s);
        });
      } else {
        this.requests[name] ||= [];
        // (For a socket that comes free on another origin: removeSocket.)
        req[kRequestOptions] = options;
        this.requests[name].push(req);
      }
    }
    // Node's createSocket: createConnection(options, oncreate), whose
    // socket (returned, or given to oncreate) is counted and listened to.
    createSocket(req, options, cb) {
      options = { __proto__: null, ...options, ...this.options };
      if (options.socketPath) options.path = options.socketPath;
      normalizeServerName(options, req);
      // (The request's own timeout over the agent's.)
      const timeout = req.timeout || this.options.timeout || undefined;
      if (timeout) options.timeout = timeout;
      const name = this.getName(options);
      options._agentKey = name;
      options.encoding = null;
      let called = false;
      const oncreate = (err, s) => {
        if (called) return;
        called = true;
        if (err) return cb(err);
        (this.sockets[name] ||= []).push(s);
        this.totalSocketCount++;
        installListeners(this, s, options);
        cb(null, s);
      };
      // A keep-alive agent's sockets have TCP keep-alive on.
      if (this.keepAlive) {
        options.keepAlive = this.keepAlive;
        options.keepAliveInitialDelay = this.keepAliveMsecs;
      }
      const newSocket = this.createConnection(options, oncreate);
      if (newSocket) oncreate(null, newSocket);
    }
    // Node's removeSocket: out of `sockets` (and of `freeSockets` once it
    // cannot be written); a request waiting for this origin, or else for
    // an origin with no socket, gets a new connection.
    removeSocket(s, options) {
      const name = this.getName(options);
      const sets = [this.sockets];
      if (!s.writable) sets.push(this.freeSockets);
      for (const sockets of sets) {
        const list = sockets[name];
        if (!list) continue;
        const index = list.indexOf(s);
        if (index !== -1) {
          spliceOne(list, index);
          if (list.length === 0) delete sockets[name];
        }
      }
      let req;
      if (this.requests[name] && this.requests[name].length) {
        req = this.requests[name][0];
      } else {
        for (const prop of Object.keys(this.requests)) {
          if (this.sockets[prop]?.length) break;
          req = this.requests[prop][0];
          options = req[kRequestOptions];
          break;
        }
      }
      if (req && options) {
        req[kRequestOptions] = undefined;
        this.createSocket(req, options, (err, socket) => {
          if (err) req.onSocket(socket, err);
          else socket.emit('free');
        });
      }
    }
    createConnection(options, cb) { return net.createConnection(options, cb); }
    // Node's keepSocketAlive (lib/_http_agent.js): a free socket does not
    // keep the process alive, and it waits at most the agent's timeout or
    // what the server's `Keep-Alive: timeout=N` announced, less
    // agentKeepAliveTimeoutBuffer (so it goes before the server closes it);
    // a hint that leaves no time at all means it is not kept.
    keepSocketAlive(socket) {
      socket.setKeepAlive?.(true, this.keepAliveMsecs);
      socket.unref();
      let agentTimeout = this.options.timeout || 0;
      let canKeepSocketAlive = true;
      const res = socket._httpMessage?.res;
      const hint = res && res.headers['keep-alive'];
      const seconds = hint ? /^timeout=(\d+)/.exec(hint)?.[1] : undefined;
      if (seconds) {
        const serverHintTimeout = Math.max(Number.parseInt(seconds) * 1000 - this.agentKeepAliveTimeoutBuffer, 0);
        if (serverHintTimeout === 0) canKeepSocketAlive = false;
        else if (serverHintTimeout < agentTimeout) agentTimeout = serverHintTimeout;
      }
      if (socket.timeout !== agentTimeout) socket.setTimeout(agentTimeout);
      return canKeepSocketAlive;
    }
    // Node's reuseSocket: a free socket taken for a request.
    reuseSocket(socket, req) {
      socket.removeListener('error', freeSocketErrorListener);
      req.reusedSocket = true;
      socket.ref();
    }
    destroy() {
      for (const table of [this.freeSockets, this.sockets]) for (const name of Object.keys(table)) for (const s of table[name]) s.destroy();
    }
  }
  const kRequestOptions = Symbol('requestOptions');
  // Node's normalizeServerName: a servername from the Host field (its
  // name, without the port or an IPv6 address's brackets) or else the
  // host, when none was given; never an IP address. (The Host field must
  // be a string.)
  // (The last answer is kept: a keep-alive agent's requests ask again for
  // the same host and Host field, and isIP's expressions cost about 3k
  // instructions a request.)
  let lastServerName = null;
  function normalizeServerName(options, req) {
    if (options.servername || options.servername === '') return;
    const host = options.host;
    const hostHeader = typeof req.getHeader === 'function' ? req.getHeader('host') : undefined;
    if (hostHeader && typeof hostHeader !== 'string') throw invalidArgType('options.headers.host', 'string', hostHeader);
    const last = lastServerName;
    if (last !== null && last[0] === host && last[1] === hostHeader) {
      options.servername = last[2];
      return;
    }
    let servername = host;
    if (hostHeader) {
      if (hostHeader.startsWith('[')) {
        const index = hostHeader.indexOf(']');
        servername = index === -1 ? hostHeader : hostHeader.substr(1, index - 1);
      } else {
        servername = hostHeader.split(':', 1)[0];
      }
    }
    if (net.isIP(servername)) servername = '';
    // (Only strings and no value are kept: anything else may convert
    // differently another time.)
    if ((typeof host === 'string' || host === undefined) && (typeof hostHeader === 'string' || !hostHeader)) lastServerName = [host, hostHeader, servername];
    options.servername = servername;
  }
  // Node's setRequestSocket (ClientRequest.onSocket also sets the request's
  // own timeout when it is not the agent's).
  function setRequestSocket(req, socket) { req.onSocket(socket); }
  // Node's installListeners: 'free' gives the socket back to the agent,
  // 'close' (or 'agentRemove', for an upgraded or CONNECTed socket) takes
  // it out, and a free socket that times out is closed.
  function installListeners(agent, s, options) {
    function onFree() { agent.emit('free', s, options); }
    s.on('free', onFree);
    function onClose() {
      agent.totalSocketCount--;
      agent.removeSocket(s, options);
    }
    s.on('close', onClose);
    function onTimeout() {
      const sockets = agent.freeSockets;
      if (Object.keys(sockets).some((name) => sockets[name].includes(s))) s.destroy();
    }
    s.on('timeout', onTimeout);
    function onRemove() {
      agent.totalSocketCount--;
      agent.removeSocket(s, options);
      s.removeListener('close', onClose);
      s.removeListener('free', onFree);
      s.removeListener('timeout', onTimeout);
      s.removeListener('agentRemove', onRemove);
    }
    s.on('agentRemove', onRemove);
  }
  // http.Agent(...) may be called without new, as in Node.
  const AgentClass = Agent;
  function AgentCtor(options) {
    return Reflect.construct(AgentClass, [options], new.target || AgentCtor);
  }
  AgentCtor.prototype = AgentClass.prototype;
  Object.defineProperty(AgentCtor, 'name', { value: 'Agent' });
  Object.setPrototypeOf(AgentCtor, EventEmitter);
  AgentClass.prototype.constructor = AgentCtor;
  AgentCtor.defaultMaxSockets = Infinity;
  // (A program may replace http.globalAgent; requests then use the new one.)
  let globalAgent = new Agent({ keepAlive: true, scheduling: 'lifo', timeout: 5000 });

  // ---------------------------------------------------------------- ClientRequest
  const INVALID_PATH = /[^\u0021-\u00ff]/;
  const kError = Symbol('jsloop.http.error');
  const kPath = Symbol('jsloop.http.path');
  function validateHost(host, name) {
    if (host !== null && typeof host !== 'undefined' && typeof host !== 'string') throw invalidArgType(`options.${name}`, ['string', 'undefined', 'null'], host);
    return host;
  }
  const timerDuration = (msecs, name) => internals.getTimerDuration(msecs, name);
  function connResetError(message) {
    const e = nodeError(Error, 'ECONNRESET', message);
    return e;
  }
  // https://nodejs.org/api/http.html#class-httpclientrequest, as Node's
  // ClientRequest (lib/_http_client.js) checks and builds it.
  function ClientRequest(input, options, cb) {
    if (!(this instanceof ClientRequest)) return new ClientRequest(input, options, cb);
    // (A request of the class itself gets OutgoingMessage's fields by
    // plainOutgoingMessage's literal, and is that object, not `this`.)
    let self = this;
    if (new.target === ClientRequest && EventEmitter.init === emitterInit) self = plainOutgoingMessage(ClientRequest.prototype, false, true, Stream.getDefaultHighWaterMark(false), false);
    else OutgoingMessage.call(this);
    // https passes its own default agent (Node's options._defaultAgent).
    const defaultAgent = (input !== null && typeof input === 'object' && input._defaultAgent) ||
      (options !== null && typeof options === 'object' && options._defaultAgent) || globalAgent;
    if (typeof input === 'string' || (typeof URL === 'function' && input instanceof URL)) {
      const url = new URL(String(input));
      const fromUrl = { ...(typeof input === 'object' ? input : {}), protocol: url.protocol, hostname: url.hostname.replace(/^\[|\]$/g, ''), port: url.port ? Number(url.port) : undefined, path: url.pathname + url.search, href: url.href };
      if (url.username || url.password) fromUrl.auth = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
      if (typeof options === 'function') { cb = options; options = {}; }
      options = { __proto__: null, ...fromUrl, ...(options || {}) };
    } else {
      if (typeof input === 'function') { cb = input; input = {}; }
      else if (typeof options === 'function') { cb = options; }
      options = { __proto__: null, ...(input || {}) };
    }
    if (typeof cb !== 'undefined' && cb !== null) validateFunction(cb, 'callback');
    // (Node 24: the caller's highWaterMark is the request's own, for writes
    // buffered before the socket comes.)
    if (options.highWaterMark != null) self[kHighWaterMark] = options.highWaterMark;
    let agent = options.agent;
    if (agent === false) agent = new defaultAgent.constructor();
    else if (agent === null || typeof agent === 'undefined') {
      if (typeof options.createConnection !== 'function') agent = defaultAgent;
      else agent = undefined;
    } else if (typeof agent.addRequest !== 'function') {
      throw invalidArgType('options.agent', ['Agent-like Object', 'undefined', 'false'], agent);
    }
    self.agent = agent;
    const protocol = options.protocol || defaultAgent.protocol;
    let expectedProtocol = defaultAgent.protocol;
    if (self.agent?.protocol) expectedProtocol = self.agent.protocol;
    if (options.path) {
      const path = String(options.path);
      if (INVALID_PATH.test(path)) throw nodeError(TypeError, 'ERR_UNESCAPED_CHARACTERS', 'Request path contains unescaped characters');
    }
    if (protocol !== expectedProtocol) throw nodeError(TypeError, 'ERR_INVALID_PROTOCOL', `Protocol "${protocol}" not supported. Expected "${expectedProtocol}"`);
    // (No agent, with createConnection: no default port, so the Host field
    // names port 80, as Node's.)
    const defaultPort = options.defaultPort || (self.agent && self.agent.defaultPort);
    // (The port goes into the connection's options: a ClientRequest has no
    // `port` of its own, as Node's, so agent.getName(req) names none.)
    const port = options.port || defaultPort || 80;
    const host = validateHost(options.hostname, 'hostname') || validateHost(options.host, 'host') || 'localhost';
    self.host = host;
    const setDefaultHeaders = typeof options.setDefaultHeaders === 'undefined' || Boolean(options.setDefaultHeaders);
    const setHost = typeof options.setHost === 'undefined' ? setDefaultHeaders : Boolean(options.setHost);
    if (!setDefaultHeaders) {
      // Only the caller's fields: no Connection, Content-Length or Transfer-Encoding added.
      self._removedConnection = true;
      self._removedContLen = true;
      self._removedTE = true;
    }
    self.socketPath = options.socketPath;
    if (typeof options.timeout !== 'undefined') self.timeout = timerDuration(options.timeout, 'timeout');
    const signal = options.signal;
    if (signal) {
      if (typeof signal !== 'object' || !('aborted' in signal)) throw invalidArgType('options.signal', 'AbortSignal', signal);
    }
    let method = options.method;
    const methodIsString = typeof method === 'string';
    if (method !== null && typeof method !== 'undefined' && !methodIsString) throw invalidArgType('options.method', 'string', method);
    if (methodIsString && method) {
      if (!TOKEN.test(method)) throw nodeError(TypeError, 'ERR_INVALID_HTTP_TOKEN', `Method must be a valid HTTP token ["${method}"]`);
      method = self.method = method.toUpperCase();
    } else method = self.method = 'GET';
    const maxHeaderSize = options.maxHeaderSize;
    if (typeof maxHeaderSize !== 'undefined') internals.validateInteger(maxHeaderSize, 'maxHeaderSize', 0);
    self.maxHeaderSize = maxHeaderSize;
    const insecureHTTPParser = options.insecureHTTPParser;
    if (typeof insecureHTTPParser !== 'undefined' && typeof insecureHTTPParser !== 'boolean') throw invalidArgType('options.insecureHTTPParser', 'boolean', insecureHTTPParser);
    self.insecureHTTPParser = insecureHTTPParser;
    if (typeof options.joinDuplicateHeaders !== 'undefined' && typeof options.joinDuplicateHeaders !== 'boolean') throw invalidArgType('options.joinDuplicateHeaders', 'boolean', options.joinDuplicateHeaders);
    self.joinDuplicateHeaders = options.joinDuplicateHeaders;
    self[kPath] = options.path || '/';
    if (cb) self.once('response', cb);
    if (method === 'GET' || method === 'HEAD' || method === 'DELETE' || method === 'OPTIONS' || method === 'TRACE' || method === 'CONNECT') {
      self.useChunkedEncodingByDefault = false;
    } else self.useChunkedEncodingByDefault = true;
    self._ended = false;
    self.res = null;
    self.aborted = false;
    self.timeoutCb = null;
    self.upgradeOrConnect = false;
    self.parser = null;
    self.maxHeadersCount = null;
    self.reusedSocket = false;
    self.protocol = protocol;
    // Keep-alive only with an agent that would reuse the socket.
    if (self.agent) {
      if (!self.agent.keepAlive && !Number.isFinite(self.agent.maxSockets)) {
        self._last = true;
        self.shouldKeepAlive = false;
      } else {
        self._last = false;
        self.shouldKeepAlive = true;
      }
    }
    const headersArray = Array.isArray(options.headers);
    if (!headersArray) {
      if (options.headers) {
        for (const key of Object.keys(options.headers)) self.setHeader(key, options.headers[key]);
      }
      if (host && !self.getHeader('host') && setHost) {
        let hostHeader = host;
        const posColon = hostHeader.indexOf(':');
        if (posColon !== -1 && hostHeader.includes(':', posColon + 1) && hostHeader.charCodeAt(0) !== 91) hostHeader = `[${hostHeader}]`;
        if (port && +port !== +defaultPort) hostHeader += ':' + port;
        self.setHeader('Host', hostHeader);
      }
      if (options.auth && !self.getHeader('Authorization')) self.setHeader('Authorization', 'Basic ' + Buffer.from(String(options.auth)).toString('base64'));
      if (self.getHeader('expect')) {
        if (self._header) throw headersSentError('render');
        self._storeHeader(`${self.method} ${self.path} HTTP/1.1\r\n`);
      }
    } else {
      self._storeHeader(`${self.method} ${self.path} HTTP/1.1\r\n`, options.headers);
    }
    if (signal) {
      // Node's AbortError (lib/internal/errors.js), with the signal's reason as its cause.
      const onAbort = () => {
        const err = new Error('The operation was aborted', { cause: signal.reason });
        err.code = 'ABORT_ERR';
        err.name = 'AbortError';
        self.destroy(err);
      };
      // (An aborted signal destroys the request at once: Node's
      // addAbortSignalNoValidate.)
      if (signal.aborted) onAbort();
      else {
        signal.addEventListener('abort', onAbort, { once: true });
        self.once('close', () => signal.removeEventListener('abort', onAbort));
      }
    }
    // (The options less the signal: one copy, the signal deleted from it.)
    const connectOptions = { ...options, host, port, localAddress: options.localAddress, family: options.family, noDelay: options.noDelay ?? true };
    if (signal) delete connectOptions.signal;
    delete connectOptions.agent;
    delete connectOptions.headers;
    // The connection's path is a Unix domain socket's (socketPath), never
    // the request's path.
    delete connectOptions.path;
    if (options.socketPath) connectOptions.path = options.socketPath;
    delete connectOptions.encoding;
    // (The TLS options, ca, cert, key, servername and the rest, are among
    // the options' own properties the copy took.)
    if (self.protocol === 'https:') connectOptions._hostHeader = self.getHeader('host');
    if (typeof self.timeout !== 'undefined') connectOptions.timeout = self.timeout;
    self._connectOptions = connectOptions;
    self.on('finish', requestOnFinish);
    if (self.agent) {
      self.agent.addRequest(self, connectOptions);
    } else {
      // A socket of the caller's making, outside any agent.
      let called = false;
      const oncreate = (err, socket) => {
        if (called) return;
        called = true;
        if (err) { nextTick(() => self.emit('error', err)); return; }
        self.onSocket(socket);
      };
      const newSocket = options.createConnection(connectOptions, oncreate);
      if (newSocket) oncreate(null, newSocket);
    }
    return self;
  }
  Object.setPrototypeOf(ClientRequest.prototype, OutgoingMessage.prototype);
  Object.setPrototypeOf(ClientRequest, OutgoingMessage);
  // Node checks the path again when it is set (a header injection otherwise).
  Object.defineProperty(ClientRequest.prototype, 'path', {
    get() { return this[kPath]; },
    set(value) {
      const path = String(value);
      if (INVALID_PATH.test(path)) throw nodeError(TypeError, 'ERR_UNESCAPED_CHARACTERS', 'Request path contains unescaped characters');
      this[kPath] = path;
    },
    configurable: true,
    enumerable: true,
  });
  ClientRequest.prototype._implicitHeader = function () {
    if (this._header) throw headersSentError('render');
    this._storeHeader(`${this.method} ${this.path} HTTP/1.1\r\n`);
  };
  ClientRequest.prototype._writeHead = ClientRequest.prototype._implicitHeader;
  ClientRequest.prototype.abort = function () {
    if (this.aborted) return;
    this.aborted = true;
    nextTick(() => this.emit('abort'));
    this.destroy();
  };
  ClientRequest.prototype.destroy = function (err) {
    if (this.destroyed) return this;
    this.destroyed = true;
    if (this.res) this.res._dump();
    this[kError] = err;
    this.socket?.destroy(err);
    return this;
  };
  function destroyWithoutSocket(req, err) {
    if (!req.aborted && !err) err = connResetError('socket hang up');
    if (err) req.emit('error', err);
    req._closed = true;
    req.emit('close');
  }
  // Node's onSocket: the socket is the request's on the next tick.
  ClientRequest.prototype.onSocket = function (socket, err) {
    // Node's setRequestSocket: the request's own timeout, when it is not
    // the agent's (which the agent's connection has already).
    if (socket && !err && this.agent && typeof this.timeout !== 'undefined') {
      const agentTimeout = (this.agent.options && this.agent.options.timeout) || 0;
      if (this.timeout !== agentTimeout) socket.setTimeout(this.timeout);
    }
    nextTick(onSocketNT, this, socket, err);
  };
  function onSocketNT(req, socket, err) {
    if (err || req.destroyed) {
      req.destroyed = true;
      // A socket an agent gave a request destroyed meanwhile goes back to
      // the agent (the next waiting request, or closed) (Node's onSocketNT).
      // Any other socket is destroyed and the request's error is the
      // socket's, once it has finished (an error it is destroyed with
      // meanwhile, say by the createConnection that made it), else the
      // request's own (Node's onSocketNT: finished(socket.destroy(...))).
      if (socket) {
        if (!err && req.agent && !socket.destroyed) socket.emit('free');
        else {
          Stream.finished(socket.destroy(err || req[kError]), (er) => {
            if (er?.code === 'ERR_STREAM_PREMATURE_CLOSE') er = null;
            destroyWithoutSocket(req, er || err);
          });
          return;
        }
      }
      destroyWithoutSocket(req, err || req[kError]);
      return;
    }
    tickOnSocket(req, socket);
  }
  ClientRequest.prototype._onSocket = ClientRequest.prototype.onSocket;
  ClientRequest.prototype._deferToConnect = function (method, args) {
    const call = () => { if (method) this.socket[method](...args); };
    if (!this.socket) this.once('socket', () => (this.socket.connecting ? this.socket.once('connect', call) : call()));
    else if (this.socket.connecting) this.socket.once('connect', call);
    else call();
  };
  ClientRequest.prototype.setNoDelay = function (v) { this._deferToConnect('setNoDelay', [v]); };
  ClientRequest.prototype.setSocketKeepAlive = function (on, delay) { this._deferToConnect('setKeepAlive', [on, delay]); };
  ClientRequest.prototype.clearTimeout = function (cb) { this.setTimeout(0, cb); };
  function emitRequestTimeout() {
    const req = this._httpMessage;
    if (req) req.emit('timeout');
  }
  function listenSocketTimeout(req) {
    if (req.timeoutCb) return;
    req.timeoutCb = emitRequestTimeout;
    if (req.socket) req.socket.once('timeout', emitRequestTimeout);
    else req.on('socket', (socket) => socket.once('timeout', emitRequestTimeout));
  }
  ClientRequest.prototype.setTimeout = function (msecs, callback) {
    if (this._ended) return this;
    listenSocketTimeout(this);
    msecs = timerDuration(msecs, 'msecs');
    if (callback) this.once('timeout', callback);
    const set = (sock) => {
      if (sock.connecting) sock.once('connect', () => sock.setTimeout(msecs));
      else sock.setTimeout(msecs);
    };
    if (this.socket) set(this.socket);
    else this.once('socket', set);
    return this;
  };

  // Node's tickOnSocket: the request's parser and listeners on the socket.
  // As in Node (lib/_http_client.js), the parser and the listeners are
  // made once, not per request: the parser (one per socket, as Node keeps
  // socket.parser between the requests a kept-alive socket carries) holds
  // the request it is reading for and its response, and the socket's
  // listeners find them through it.
  function tickOnSocket(req, socket) {
    req.socket = socket;
    socket._httpMessage = req;
    let parser = socket._httpClientParser;
    if (!parser) {
      parser = socket._httpClientParser = new Parser(false, parserOnIncomingClient, parserOnBodyClient, parserOnCompleteClient, parserOnErrorClient);
      parser.socket = socket;
    }
    parser.mode = 'head';
    parser.buffer = null;
    parser.req = req;
    parser.res = null;
    parser.maxHeaderSize = req.maxHeaderSize || maxHeaderSize;
    parser.onUpgrade = parserOnUpgradeClient;
    req.parser = parser;
    socket.on('data', socketOnData);
    socket.on('end', socketOnEnd);
    socket.on('close', socketCloseListener);
    socket.on('error', socketErrorListener);
    socket.on('drain', ondrain);
    if (typeof req.timeout !== 'undefined' || (req.agent && req.agent.options && req.agent.options.timeout)) listenSocketTimeout(req);
    req.emit('socket', socket);
    // A request that was ended already goes out now.
    req._flush();
  }
  // The parser's callbacks for a response (`this` the parser): Node's
  // parserOnIncomingClient, the body and end of the message, a parse error.
  function parserOnIncomingClient(head) {
    const req = this.req;
    const socket = this.socket;
    const r = new IncomingMessage(socket);
    if (traceHttp) traceHttp(socket, 'response', req.method, req.path, head.statusCode);
    r.statusCode = head.statusCode;
    r.statusMessage = head.statusMessage;
    r._setHead(head, req.joinDuplicateHeaders, req.maxHeadersCount);
    // 1xx (other than 101): 'information', then the final response.
    if (r.statusCode >= 100 && r.statusCode < 200 && r.statusCode !== 101) {
      if (r.statusCode === 100) req.emit('continue');
      req.emit('information', {
        statusCode: r.statusCode, statusMessage: r.statusMessage, httpVersion: r.httpVersion,
        httpVersionMajor: r.httpVersionMajor, httpVersionMinor: r.httpVersionMinor, headers: r.headers, rawHeaders: r.rawHeaders,
      });
      return { mode: 'none', info: true };
    }
    const res = this.res = r;
    res.req = req;
    req.res = res;
    if (req.aborted) { res._dump(); return { mode: 'none' }; }
    const connection = connectionField(res.rawHeaders, head);
    // (llhttp_should_keep_alive, as for a request.)
    const keepAlive = head.versionMajor > 0 && head.versionMinor > 0 ? !connectionClose(connection || '') : /keep-alive/i.test(connection || '');
    // An upgrade (101) or a CONNECT answered 2xx: the socket is the caller's.
    if (req.method === 'CONNECT' ? res.statusCode >= 200 && res.statusCode < 300 : res.statusCode === 101) {
      req.upgradeOrConnect = true;
      res.upgrade = true;
      return { mode: 'upgrade' };
    }
    if (req.shouldKeepAlive && !keepAlive && !req.upgradeOrConnect) req.shouldKeepAlive = false;
    const noBody = req.method === 'HEAD' || res.statusCode === 204 || res.statusCode === 304;
    const framing = bodyFraming(res.rawHeaders, head, false);
    if (framing.error) return framing;
    if (noBody) framing.mode = 'none';
    if (framing.mode === 'close') req.shouldKeepAlive = false;
    res.on('end', responseOnEnd);
    // Node's responseOnTimeout: the socket's timeout is the response's too.
    socket.on('timeout', responseOnTimeout);
    const hasListener = req.emit('response', res);
    if (!hasListener) res._dump();
    return framing;
  }
  function parserOnBodyClient(body) {
    const res = this.res;
    if (res && !res.destroyed) res.push(body);
  }
  function parserOnCompleteClient(trailers) {
    const res = this.res;
    if (!res) return; // a 1xx ended
    if (trailers) res.rawTrailers = trailers;
    res.complete = true;
    res.push(null);
  }
  function parserOnErrorClient(err) {
    const socket = this.socket;
    const req = this.req;
    socket.removeListener('data', socketOnData);
    socket.removeListener('end', socketOnEnd);
    req.socket._hadError = true;
    req.emit('error', err);
    socket.destroy();
  }
  function parserOnUpgradeClient(rest) {
    const socket = this.socket;
    const req = this.req;
    socket.removeListener('data', socketOnData);
    socket.removeListener('end', socketOnEnd);
    socket.removeListener('close', socketCloseListener);
    socket.removeListener('error', socketErrorListener);
    socket.removeListener('drain', ondrain);
    if (req.timeoutCb) socket.removeListener('timeout', req.timeoutCb);
    socket._httpMessage = null;
    // (Node's freeParser: the socket's parser is gone, null.)
    socket.parser = null;
    const eventName = req.method === 'CONNECT' ? 'connect' : 'upgrade';
    if (req.listenerCount(eventName) > 0) {
      req.upgradeOrConnect = true;
      socket.emit('agentRemove');
      req.emit(eventName, this.res, socket, rest || Buffer.alloc(0));
      req.destroyed = true;
      req._closed = true;
      req.emit('close');
    } else socket.destroy();
  }
  // The socket's listeners while it carries a request (`this` the socket),
  // named as Node names them.
  function socketOnData(data) { this._httpClientParser.push(data); }
  function socketOnEnd() {
    const parser = this._httpClientParser;
    const req = parser.req;
    if (!req.res && !req.socket._hadError) {
      req.socket._hadError = true;
      req.emit('error', connResetError('socket hang up'));
    }
    parser.end();
    this.destroy();
  }
  function socketCloseListener() {
    const parser = this._httpClientParser;
    const req = parser.req;
    const res = parser.res;
    req.destroyed = true;
    if (res) {
      if (!res.complete) res.destroy(connResetError('aborted'));
      req._closed = true;
      req.emit('close');
      if (!res.aborted && res.readable) res.push(null);
    } else {
      if (!req.socket._hadError) {
        req.socket._hadError = true;
        req.emit('error', connResetError('socket hang up'));
      }
      req._closed = true;
      req.emit('close');
    }
  }
  function socketErrorListener(err) {
    const req = this._httpClientParser.req;
    if (this._httpMessage === req) {
      req.socket._hadError = true;
      req.emit('error', err);
    }
  }
  function ondrain() {
    const msg = this._httpMessage;
    if (msg && !msg.finished && msg[kNeedDrain]) { msg[kNeedDrain] = false; msg.emit('drain'); }
  }
  // Node's responseOnEnd / responseKeepAlive: a socket kept alive goes back
  // to the agent (after the 'end' listeners ran), else it is closed.
  function responseOnTimeout() {
    const req = this._httpMessage;
    if (req && req.res) req.res.emit('timeout');
  }
  function responseOnEnd() {
    const req = this.req;
    const socket = req.socket;
    if (socket) {
      if (req.timeoutCb) socket.removeListener('timeout', req.timeoutCb);
      socket.removeListener('timeout', responseOnTimeout);
    }
    req._ended = true;
    if (!req.shouldKeepAlive || !req.agent) {
      if (socket.writable) {
        if (typeof socket.destroySoon === 'function') socket.destroySoon();
        else socket.end();
      }
    } else if (req.writableFinished && !this.aborted) {
      responseKeepAlive(req);
    }
  }
  function responseKeepAlive(req) {
    const socket = req.socket;
    if (req.timeoutCb) { socket.setTimeout(0, req.timeoutCb); req.timeoutCb = null; }
    socket.removeListener('close', socketCloseListener);
    socket.removeListener('error', socketErrorListener);
    socket.removeListener('data', socketOnData);
    socket.removeListener('end', socketOnEnd);
    socket.removeListener('drain', ondrain);
    nextTick(emitFreeNT, req, socket);
    req.destroyed = true;
    if (req.res) req.res.socket = null;
  }
  // Node's emitFreeNT: 'close' on the request, then the socket goes back
  // to the agent.
  function emitFreeNT(req, socket) {
    req._closed = true;
    req.emit('close');
    if (req.socket) socket.emit('free');
  }
  ClientRequest.prototype._finish = function () {
    OutgoingMessage.prototype._finish.call(this);
  };
  // The request finished after its response ended: the socket is free now.
  // Node 24's requestOnFinish (lib/_http_client.js): not when the request
  // is already destroyed — responseOnEnd released its socket, which may
  // serve another request by the time 'finish' comes.
  function requestOnFinish() {
    if (this.shouldKeepAlive && this._ended && !this.destroyed && this.agent && this.socket) responseKeepAlive(this);
  }

  function request(url, options, cb) { return new ClientRequest(url, options, cb); }
  function get(url, options, cb) { const req = request(url, options, cb); req.end(); return req; }
  const createServer = (options, listener) => new HttpServer(options, listener);
  let WebSocketClass;
  // Node's parsers pool (_http_common.parsers): only its limit is kept here.
  const parsers = { name: 'parsers', max: 1000 };

  return {
    METHODS: METHODS.slice().sort(), STATUS_CODES, Agent: AgentCtor, ClientRequest, IncomingMessage, OutgoingMessage, Server: ServerCtor, ServerResponse,
    createServer, request, get, validateHeaderName, validateHeaderValue, maxHeaderSize,
    get globalAgent() { return globalAgent; },
    set globalAgent(agent) { globalAgent = agent; },
    setMaxIdleHTTPParsers(max) { internals.validateInteger(max, 'max', 1); parsers.max = max; },
    get WebSocket() { return WebSocketClass ??= internals.global.WebSocket; },
    get CloseEvent() { return internals.global.CloseEvent; },
    get MessageEvent() { return internals.global.MessageEvent; },
    // The modules Node exposes its http pieces as (_http_agent,
    // _http_common, _http_server, ...), for require().
    [Symbol.for('jsloop.node.http.modules')]: {
      _http_agent: { Agent: AgentCtor, get globalAgent() { return globalAgent; }, set globalAgent(agent) { globalAgent = agent; } },
      _http_client: { ClientRequest },
      _http_common: {
        _checkIsHttpToken: (s) => TOKEN.test(s),
        _checkInvalidHeaderChar: (s) => INVALID_HEADER_CHAR.test(s),
        chunkExpression: RE_TE_CHUNKED,
        continueExpression: CONTINUE,
        CRLF: '\r\n',
        methods: METHODS.slice().sort(),
        parsers,
        kIncomingMessage: Symbol('IncomingMessage'),
      },
      _http_incoming: { IncomingMessage },
      _http_outgoing: { OutgoingMessage, validateHeaderName, validateHeaderValue },
      _http_server: { STATUS_CODES, Server: ServerCtor, ServerResponse, kConnectionsCheckingInterval, setupConnectionsTracking: startConnectionsCheck },
    },
  };
})
