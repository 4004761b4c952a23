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

  // RFC 9110 field names are tokens; values have no CR, LF or NUL.
  const TOKEN = /^[\^_`a-zA-Z\-0-9!#$%&'*+.|~]+$/;
  function validateHeaderName(name, label = 'Header name') {
    if (typeof name !== 'string' || !name || !TOKEN.test(name)) throw nodeError(TypeError, 'ERR_INVALID_HTTP_TOKEN', `${label} must be a valid HTTP token ["${name}"]`);
  }
  function validateHeaderValue(name, value) {
    if (value === undefined) throw nodeError(TypeError, 'ERR_HTTP_INVALID_HEADER_VALUE', `Invalid value "${value}" for header "${name}"`);
    if (/[^\t\x20-\x7e\x80-\xff]/.test(String(value))) throw nodeError(TypeError, 'ERR_INVALID_CHAR', `Invalid character in header content ["${name}"]`);
  }

  // ---------------------------------------------------------------- parsing
  // Node's IncomingMessage._addHeaderLine: duplicates of most fields are
  // joined with ', '; set-cookie is an array; some fields keep the first.
  const FIRST_ONLY = new Set(['content-type', 'content-length', 'user-agent', 'referer', 'host', 'authorization',
    'proxy-authorization', 'if-modified-since', 'if-unmodified-since', 'from', 'location', 'max-forwards',
    'retry-after', 'etag', 'last-modified', 'server', 'age', 'expires']);
  function headersOf(raw) {
    const headers = Object.create(null);
    for (let i = 0; i < raw.length; i += 2) {
      const name = raw[i].toLowerCase();
      const value = raw[i + 1];
      if (name === 'set-cookie') (headers[name] ||= []).push(value);
      else if (!(name in headers)) headers[name] = value;
      else if (!FIRST_ONLY.has(name)) headers[name] += (name === 'cookie' ? '; ' : ', ') + value;
    }
    return headers;
  }

  // Frames the messages arriving on a socket: heads (by the host's parser),
  // then bodies. `onHead(head)` returns how the body is framed.
  class Parser {
    constructor(request, onHead, onBody, onComplete, onError) {
      Object.assign(this, { request, onHead, onBody, onComplete, onError });
      this.buffer = null;
      this.mode = 'head'; // head | length | chunked | close | done
      this.remaining = 0;
      this.chunkState = 'size';
      this.paused = false;
    }
    push(data) {
      this.buffer = this.buffer ? Buffer.concat([this.buffer, data]) : data;
      this.run();
    }
    run() {
      while (this.buffer && this.buffer.length && !this.paused) {
        if (this.mode === 'head') {
          let head;
          try { head = host.httpParse(this.buffer, this.request); } catch (e) { this.mode = 'done'; return this.onError(e); }
          if (head === null) {
            if (this.buffer.length > 16 * 1024) { this.mode = 'done'; return this.onError(nodeError(Error, 'HPE_HEADER_OVERFLOW', 'Parse Error: Header overflow')); }
            return;
          }
          this.buffer = this.buffer.subarray(head.length);
          const framing = this.onHead(head);
          this.mode = framing.mode;
          this.remaining = framing.length || 0;
          this.chunkState = 'size';
          if (this.mode === 'none') this.complete();
        } else if (this.mode === 'length') {
          const n = Math.min(this.remaining, this.buffer.length);
          const part = this.buffer.subarray(0, n);
          this.buffer = this.buffer.subarray(n);
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
        if (crlf < 0) return false;
        const size = parseInt(this.buffer.subarray(0, crlf).toString('latin1').split(';')[0].trim(), 16);
        if (Number.isNaN(size)) { this.mode = 'done'; this.onError(nodeError(Error, 'HPE_INVALID_CHUNK_SIZE', 'Parse Error: Invalid character in chunk size')); return false; }
        this.buffer = this.buffer.subarray(crlf + 2);
        this.remaining = size;
        this.chunkState = size === 0 ? 'trailers' : 'data';
        return true;
      }
      if (this.chunkState === 'data') {
        const n = Math.min(this.remaining, this.buffer.length);
        if (n) this.onBody(this.buffer.subarray(0, n));
        this.buffer = this.buffer.subarray(n);
        this.remaining -= n;
        if (this.remaining === 0) this.chunkState = 'data-end';
        return this.buffer.length > 0;
      }
      if (this.chunkState === 'data-end') {
        if (this.buffer.length < 2) return false;
        this.buffer = this.buffer.subarray(2);
        this.chunkState = 'size';
        return true;
      }
      // Trailers: lines until an empty one.
      if (crlf < 0) return false;
      const line = this.buffer.subarray(0, crlf).toString('latin1');
      this.buffer = this.buffer.subarray(crlf + 2);
      if (line === '') this.complete();
      return true;
    }
    complete() {
      this.mode = 'head';
      this.onComplete();
    }
    // The connection ended: a body read until close is complete.
    end() {
      if (this.mode === 'close') { this.mode = 'done'; this.onComplete(); return true; }
      return this.mode === 'head';
    }
  }

  // ---------------------------------------------------------------- IncomingMessage
  function IncomingMessage(socket) {
    if (!(this instanceof IncomingMessage)) return new IncomingMessage(socket);
    Readable.call(this);
    this.socket = socket;
    this.httpVersionMajor = 1;
    this.httpVersionMinor = 1;
    this.httpVersion = '1.1';
    this.complete = false;
    this.rawHeaders = [];
    this.rawTrailers = [];
    this.trailers = {};
    this.headers = {};
    this.aborted = false;
    this.upgrade = false;
    this.url = '';
    this.method = null;
    this.statusCode = null;
    this.statusMessage = null;
    this._dumped = false;
  }
  Object.setPrototypeOf(IncomingMessage.prototype, Readable.prototype);
  Object.setPrototypeOf(IncomingMessage, Readable);
  Object.defineProperty(IncomingMessage.prototype, 'connection', { get() { return this.socket; }, set(v) { this.socket = v; }, configurable: true });
  Object.defineProperty(IncomingMessage.prototype, 'headersDistinct', {
    get() { const d = {}; for (let i = 0; i < this.rawHeaders.length; i += 2) (d[this.rawHeaders[i].toLowerCase()] ||= []).push(this.rawHeaders[i + 1]); return d; },
    configurable: true,
  });
  IncomingMessage.prototype._read = function () {};
  IncomingMessage.prototype.setTimeout = function (ms, cb) { if (cb) this.on('timeout', cb); this.socket.setTimeout(ms); return this; };
  IncomingMessage.prototype._setHead = function (head) {
    this.httpVersionMinor = head.versionMinor;
    this.httpVersion = `1.${head.versionMinor}`;
    this.rawHeaders = head.rawHeaders;
    this.headers = headersOf(head.rawHeaders);
  };
  // A message nobody reads is still read to its end (Node's _dump).
  IncomingMessage.prototype._dump = function () {
    if (!this._dumped) { this._dumped = true; this.removeAllListeners('data'); this.resume(); }
  };

  // ---------------------------------------------------------------- OutgoingMessage
  const kHeaders = Symbol('jsloop.http.headers');
  // https://nodejs.org/api/http.html#class-httpoutgoingmessage: as in Node, a
  // legacy Stream rather than a Writable. write() and end() go to the socket
  // at once (or wait for it, in order, until it is assigned); the head goes
  // out with the first body bytes; 'finish' comes when the socket has taken
  // the last of it.
  function OutgoingMessage() {
    Stream.call(this);
    this[kHeaders] = new Map(); // lowercased name -> [name, value]
    this.headersSent = false;
    this.sendDate = false;
    this.chunkedEncoding = false;
    this.useChunkedEncodingByDefault = true;
    this.shouldKeepAlive = true;
    this.socket = null;
    this.writable = true;
    this.destroyed = false;
    this.finished = false;
    this.writableFinished = false;
    this._header = null;
    this._headerSent = false;
    this._hasBody = true;
    this._contentLength = null;
    this._pending = [];
    this._pendingBytes = 0;
  }
  Object.setPrototypeOf(OutgoingMessage.prototype, Stream.prototype);
  Object.setPrototypeOf(OutgoingMessage, Stream);
  Object.defineProperty(OutgoingMessage.prototype, 'connection', { get() { return this.socket; }, configurable: true });
  Object.defineProperty(OutgoingMessage.prototype, 'writableEnded', { get() { return this.finished; }, configurable: true });
  Object.defineProperty(OutgoingMessage.prototype, 'writableLength', { get() { return this._pendingBytes + (this.socket ? this.socket.writableLength : 0); }, configurable: true });
  Object.defineProperty(OutgoingMessage.prototype, 'writableHighWaterMark', { get() { return this.socket ? this.socket.writableHighWaterMark : 16384; }, configurable: true });
  Object.defineProperty(OutgoingMessage.prototype, 'writableCorked', { get() { return this.socket ? this.socket.writableCorked : 0; }, configurable: true });
  const headersSentError = (what) => nodeError(Error, 'ERR_HTTP_HEADERS_SENT', `Cannot ${what} headers after they are sent to the client`);
  OutgoingMessage.prototype.setHeader = function (name, value) {
    if (this._header) throw headersSentError('set');
    validateHeaderName(name);
    validateHeaderValue(name, value);
    this[kHeaders].set(name.toLowerCase(), [name, value]);
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
    if (typeof name !== 'string') throw invalidArgType('name', 'string', name);
    const e = this[kHeaders].get(name.toLowerCase());
    return e && e[1];
  };
  OutgoingMessage.prototype.hasHeader = function (name) {
    if (typeof name !== 'string') throw invalidArgType('name', 'string', name);
    return this[kHeaders].has(name.toLowerCase());
  };
  OutgoingMessage.prototype.removeHeader = function (name) {
    if (typeof name !== 'string') throw invalidArgType('name', 'string', name);
    if (this._header) throw headersSentError('remove');
    this[kHeaders].delete(name.toLowerCase());
  };
  OutgoingMessage.prototype.getHeaders = function () {
    const o = Object.create(null);
    for (const [k, [, v]] of this[kHeaders]) o[k] = v;
    return o;
  };
  OutgoingMessage.prototype.getHeaderNames = function () { return [...this[kHeaders].keys()]; };
  OutgoingMessage.prototype.getRawHeaderNames = function () { return [...this[kHeaders].values()].map(([n]) => n); };
  OutgoingMessage.prototype.flushHeaders = function () { if (!this._header) this._writeHead(); if (!this._headerSent) this._send('', 'latin1'); };
  OutgoingMessage.prototype.setTimeout = function (ms, cb) {
    if (cb) this.on('timeout', cb);
    if (this.socket) this.socket.setTimeout(ms);
    else this.once('socket', (s) => s.setTimeout(ms));
    return this;
  };
  // The head: the first line, the user's fields in the order set, then the
  // ones Node adds (Date, Connection, Keep-Alive, Content-Length or
  // Transfer-Encoding).
  OutgoingMessage.prototype._storeHeader = function (firstLine) {
    let head = firstLine;
    const seen = new Set();
    for (const [key, [name, value]] of this[kHeaders]) {
      seen.add(key);
      for (const v of Array.isArray(value) ? value : [value]) head += `${name}: ${v}\r\n`;
    }
    if (this.sendDate && !seen.has('date')) head += `Date: ${new Date().toUTCString()}\r\n`;
    if (!seen.has('connection')) {
      if (this.shouldKeepAlive) {
        head += 'Connection: keep-alive\r\n';
        if (this._keepAliveTimeout && !seen.has('keep-alive')) {
          head += `Keep-Alive: timeout=${Math.floor(this._keepAliveTimeout / 1000)}${this._maxRequestsOnConnection ? `, max=${this._maxRequestsOnConnection}` : ''}\r\n`;
        }
      } else head += 'Connection: close\r\n';
    } else if (/close/i.test(String(this[kHeaders].get('connection')[1]))) this.shouldKeepAlive = false;
    if (!this._hasBody) { /* no framing */ }
    else if (seen.has('content-length')) this._contentLength = Number(this[kHeaders].get('content-length')[1]);
    else if (seen.has('transfer-encoding')) this.chunkedEncoding = /chunked/i.test(String(this[kHeaders].get('transfer-encoding')[1]));
    else if (this._contentLength !== null) head += `Content-Length: ${this._contentLength}\r\n`;
    else if (this.useChunkedEncodingByDefault) { head += 'Transfer-Encoding: chunked\r\n'; this.chunkedEncoding = true; }
    else if (this._closeDelimited) this.shouldKeepAlive = false;
    this._header = head + '\r\n';
    this.headersSent = true;
  };
  // Bytes to the socket, the head first if it has not gone yet.
  OutgoingMessage.prototype._send = function (data, encoding, cb) {
    if (!this._headerSent && this._header) {
      this._headerSent = true;
      data = typeof data === 'string' && (encoding === undefined || encoding === 'latin1' || encoding === 'utf8')
        ? Buffer.concat([Buffer.from(this._header, 'latin1'), Buffer.from(data, encoding || 'utf8')])
        : Buffer.concat([Buffer.from(this._header, 'latin1'), typeof data === 'string' ? Buffer.from(data, encoding) : data]);
      encoding = undefined;
    }
    if (this.socket && !this._pending.length) return this.socket.write(data, encoding, cb);
    this._pending.push([data, encoding, cb]);
    this._pendingBytes += data.length;
    return false;
  };
  // What was written before the socket came goes out in one write (corked),
  // as Node's _flushOutput does.
  OutgoingMessage.prototype._flushPending = function () {
    const pending = this._pending;
    this._pending = [];
    this._pendingBytes = 0;
    if (!pending.length) return;
    this.socket.cork();
    for (const [d, e, cb] of pending) this.socket.write(d, e, cb);
    this.socket.uncork();
  };
  function toChunk(chunk, encoding) {
    if (typeof chunk === 'string') return Buffer.from(chunk, encoding);
    if (chunk instanceof Uint8Array) return chunk;
    throw invalidArgType('chunk', ['string', 'Buffer', 'Uint8Array'], chunk);
  }
  // A chunk of the body, framed (chunked encoding) when it must be.
  OutgoingMessage.prototype._writeBody = function (chunk, encoding, cb) {
    const bytes = toChunk(chunk, encoding);
    if (!this._hasBody || !bytes.length) {
      if (cb) nextTick(cb);
      return true;
    }
    if (this.chunkedEncoding) {
      return this._send(Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`, 'latin1'), bytes, Buffer.from('\r\n', 'latin1')]), undefined, cb);
    }
    return this._send(bytes, undefined, cb);
  };
  OutgoingMessage.prototype.write = function (chunk, encoding, cb) {
    if (typeof encoding === 'function') { cb = encoding; encoding = undefined; }
    if (this.finished) {
      const err = nodeError(Error, 'ERR_STREAM_WRITE_AFTER_END', 'write after end');
      nextTick(() => { if (cb) cb(err); this.emit('error', err); });
      return true;
    }
    if (chunk === null) throw nodeError(TypeError, 'ERR_STREAM_NULL_VALUES', 'May not write null values to stream');
    if (!this._header) this._writeHead();
    return this._writeBody(chunk, encoding, cb);
  };
  // end(data): with the head not sent, the body's length is known.
  OutgoingMessage.prototype.end = function (chunk, encoding, cb) {
    if (typeof chunk === 'function') { cb = chunk; chunk = undefined; }
    else if (typeof encoding === 'function') { cb = encoding; encoding = undefined; }
    if (this.finished) { if (cb) nextTick(cb); return this; }
    const hasChunk = chunk !== undefined && chunk !== null;
    if (!this._header) {
      if (hasChunk && !this.hasHeader('transfer-encoding')) this._contentLength = toChunk(chunk, encoding).length;
      // Ended with nothing written: a message that may have a body says it is empty.
      else if (!hasChunk && this.useChunkedEncodingByDefault) this._contentLength = 0;
      this._writeHead();
    }
    if (hasChunk) this._writeBody(chunk, encoding);
    if (cb) this.once('finish', cb);
    this.finished = true;
    this.writable = false;
    const finish = () => {
      this.writableFinished = true;
      this.emit('prefinish');
      this.emit('finish');
      this._onSent();
    };
    if (this._hasBody && this.chunkedEncoding) this._send(`0\r\n${this._trailer || ''}\r\n`, 'latin1', finish);
    else this._send('', 'latin1', finish);
    return this;
  };
  // Trailer fields after the last chunk (chunked bodies only, as in Node).
  OutgoingMessage.prototype.addTrailers = function (headers) {
    let trailer = '';
    const list = Array.isArray(headers) ? headers : Object.entries(headers);
    for (const [name, value] of list) {
      validateHeaderName(name, 'Trailer name');
      validateHeaderValue(name, value);
      trailer += `${name}: ${value}\r\n`;
    }
    this._trailer = trailer;
  };
  OutgoingMessage.prototype._writeRaw = function (data, encoding, cb) { return this.socket ? this.socket.write(data, encoding, cb) : this._send(data, encoding, cb); };
  OutgoingMessage.prototype.cork = function () { if (this.socket) this.socket.cork(); };
  OutgoingMessage.prototype.uncork = function () { if (this.socket) this.socket.uncork(); };
  OutgoingMessage.prototype.destroy = function (err) {
    if (this.destroyed) return this;
    this.destroyed = true;
    if (this.socket) this.socket.destroy(err);
    else this.once('socket', (s) => s.destroy(err));
    return this;
  };
  OutgoingMessage.prototype._onSent = function () {};

  // ---------------------------------------------------------------- ServerResponse
  function ServerResponse(req, options) {
    if (!(this instanceof ServerResponse)) return new ServerResponse(req, options);
    OutgoingMessage.call(this);
    this.req = req;
    this.statusCode = 200;
    this.statusMessage = undefined;
    this.sendDate = true;
    this._sent100 = false;
    if (req.method === 'HEAD') this._hasBody = false;
    this.shouldKeepAlive = req.httpVersionMinor >= 1 ? !/\bclose\b/i.test(req.headers.connection || '') : /keep-alive/i.test(req.headers.connection || '');
    this.useChunkedEncodingByDefault = req.httpVersionMinor >= 1;
    // An HTTP/1.0 response with no length ends when the connection closes.
    this._closeDelimited = req.httpVersionMinor < 1;
  }
  Object.setPrototypeOf(ServerResponse.prototype, OutgoingMessage.prototype);
  Object.setPrototypeOf(ServerResponse, OutgoingMessage);
  ServerResponse.prototype.writeHead = function (statusCode, reason, headers) {
    if (this._header) throw headersSentError('write');
    if (typeof reason !== 'string') { headers = reason; reason = undefined; }
    statusCode |= 0;
    if (statusCode < 100 || statusCode > 999) throw nodeError(RangeError, 'ERR_HTTP_INVALID_STATUS_CODE', `Invalid status code: ${statusCode}`);
    this.statusCode = statusCode;
    if (reason !== undefined) this.statusMessage = reason;
    if (Array.isArray(headers)) {
      if (headers.length && Array.isArray(headers[0])) for (const [k, v] of headers) this.appendHeader(k, v);
      else for (let i = 0; i < headers.length; i += 2) this.appendHeader(headers[i], headers[i + 1]);
    } else if (headers) for (const k of Object.keys(headers)) if (headers[k] !== undefined) this.setHeader(k, headers[k]);
    this._writeHead();
    return this;
  };
  ServerResponse.prototype._writeHead = function () {
    const code = this.statusCode;
    if (code === 204 || code === 304 || (code >= 100 && code < 200)) this._hasBody = false;
    const message = this.statusMessage || STATUS_CODES[code] || 'unknown';
    this.statusMessage = message;
    // Kept until the first body bytes (or end()) carry it.
    this._storeHeader(`HTTP/1.1 ${code} ${message}\r\n`);
  };
  ServerResponse.prototype.assignSocket = function (socket) { this.socket = socket; this._flushPending(); this.emit('socket', socket); };
  ServerResponse.prototype.detachSocket = function () { this.socket = null; };
  // 1xx responses, sent at once, before the final one.
  function informational(res, code, headers, cb) {
    let head = `HTTP/1.1 ${code} ${STATUS_CODES[code]}\r\n`;
    for (const [name, value] of Object.entries(headers || {})) {
      for (const v of Array.isArray(value) ? value : [value]) { validateHeaderName(name); validateHeaderValue(name, v); head += `${name}: ${v}\r\n`; }
    }
    res.socket.write(head + '\r\n', 'latin1', cb);
  }
  ServerResponse.prototype.writeProcessing = function (cb) { informational(this, 102, null, cb); };
  ServerResponse.prototype.writeEarlyHints = function (hints, cb) {
    const headers = {};
    for (const [k, v] of Object.entries(hints || {})) headers[k === 'link' ? 'Link' : k] = v;
    informational(this, 103, headers, cb);
  };
  ServerResponse.prototype.writeContinue = function (cb) { this.socket.write('HTTP/1.1 100 Continue\r\n\r\n', 'latin1', cb); this._sent100 = true; };
  ServerResponse.prototype._onSent = function () { if (this._onResponseDone) this._onResponseDone(); };

  // ---------------------------------------------------------------- Server
  class Server extends net.Server {
    constructor(options, requestListener) {
      if (typeof options === 'function') { requestListener = options; options = {}; }
      else if (options === undefined || options === null) options = {};
      else if (typeof options !== 'object') throw invalidArgType('options', 'object', options);
      super({ allowHalfOpen: true });
      setupServer(this, options, requestListener);
      this.on('connection', (socket) => connectionListener(this, socket));
    }
    setTimeout(ms, cb) { this.timeout = ms; if (cb) this.on('timeout', cb); return this; }
    closeAllConnections() { for (const c of [...this._httpConnections]) c.socket.destroy(); }
    closeIdleConnections() { for (const c of [...this._httpConnections]) if (c.idle) c.socket.destroy(); }
    close(cb) {
      // Node 19+: closing the server also closes its idle connections.
      this.closeIdleConnections();
      this._closingHttp = true;
      return super.close(cb);
    }
  }
  // An HTTP server's state (Node's storeHTTPOptions and Server's fields);
  // https.Server, a tls.Server, is set up with it too.
  function setupServer(server, options, requestListener) {
    server.IncomingMessage = options.IncomingMessage || IncomingMessage;
    server.ServerResponse = options.ServerResponse || ServerResponse;
    server.timeout = 0;
    server.keepAliveTimeout = options.keepAliveTimeout ?? 5000;
    server.requestTimeout = options.requestTimeout ?? 300000;
    server.headersTimeout = options.headersTimeout ?? Math.min(60000, server.requestTimeout);
    server.maxHeadersCount = null;
    server.maxRequestsPerSocket = options.maxRequestsPerSocket ?? 0;
    server.maxHeaderSize = options.maxHeaderSize;
    server.requireHostHeader = options.requireHostHeader ?? true;
    server.joinDuplicateHeaders = options.joinDuplicateHeaders;
    server.rejectNonStandardBodyWrites = options.rejectNonStandardBodyWrites ?? false;
    server.connectionsCheckingInterval = options.connectionsCheckingInterval ?? 30000;
    server._httpConnections = new Set();
    if (requestListener) server.on('request', requestListener);
  }
  internals.httpServer = { setupServer, connectionListener, Server };

  // http.Server(...) may be called without new, as in Node; a subclass
  // still gets its own prototype (new.target).
  const HttpServer = Server;
  function ServerCtor(options, requestListener) {
    return Reflect.construct(HttpServer, [options, requestListener], new.target || ServerCtor);
  }
  ServerCtor.prototype = HttpServer.prototype;
  Object.defineProperty(ServerCtor, 'name', { value: 'Server' });
  Object.setPrototypeOf(ServerCtor, net.Server);
  HttpServer.prototype.constructor = ServerCtor;

  function connectionListener(server, socket) {
    const conn = { socket, idle: true, queue: [], current: null };
    server._httpConnections.add(conn);
    let req = null;
    const parser = new Parser(true, (head) => {
      req = new server.IncomingMessage(socket);
      req.method = head.method;
      req.url = head.url;
      req._setHead(head);
      conn.idle = false;
      socket.setTimeout(0);
      const te = req.headers['transfer-encoding'];
      const framing = te && /chunked/i.test(te) ? { mode: 'chunked' }
        : req.headers['content-length'] !== undefined ? { mode: +req.headers['content-length'] > 0 ? 'length' : 'none', length: +req.headers['content-length'] }
          : { mode: 'none' };
      const res = new server.ServerResponse(req);
      res._keepAliveTimeout = server.keepAliveTimeout;
      conn.requests = (conn.requests || 0) + 1;
      if (server.maxRequestsPerSocket) {
        res._maxRequestsOnConnection = server.maxRequestsPerSocket;
        if (conn.requests >= server.maxRequestsPerSocket) res.shouldKeepAlive = false;
      }
      if (server._closingHttp) res.shouldKeepAlive = false;
      conn.queue.push(res);
      res._onResponseDone = () => {
        conn.queue.shift();
        res.detachSocket();
        if (!res.shouldKeepAlive) { socket.end(); return; }
        if (conn.queue.length) conn.queue[0].assignSocket(socket);
        else {
          conn.idle = true;
          if (server._closingHttp) socket.destroy();
          else if (server.keepAliveTimeout) socket.setTimeout(server.keepAliveTimeout);
        }
        nextTick(() => res.emit('close'));
      };
      if (conn.queue.length === 1) res.assignSocket(socket);
      server.emit('request', req, res);
      return framing;
    }, (body) => {
      req.push(body);
    }, () => {
      req.complete = true;
      req.push(null);
    }, (err) => {
      err.code = err.code || 'HPE_INVALID';
      if (server.listenerCount('clientError')) server.emit('clientError', err, socket);
      else { socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n'); socket.destroy(); }
    });
    socket.on('data', (data) => parser.push(data));
    socket.on('end', () => { parser.end(); if (!conn.queue.length) socket.end(); });
    socket.on('timeout', () => { if (conn.idle) socket.destroy(); });
    socket.on('close', () => {
      server._httpConnections.delete(conn);
      if (req && !req.complete) { req.aborted = true; req.emit('aborted'); req.destroy(); }
      for (const res of conn.queue) nextTick(() => res.emit('close'));
    });
    socket.on('error', () => {});
  }

  // ---------------------------------------------------------------- Agent
  class Agent extends EventEmitter {
    constructor(options) {
      super();
      this.options = { path: null, ...(options || {}) };
      this.keepAlive = !!this.options.keepAlive;
      this.keepAliveMsecs = this.options.keepAliveMsecs || 1000;
      this.maxSockets = this.options.maxSockets || Infinity;
      this.maxFreeSockets = this.options.maxFreeSockets || 256;
      this.defaultPort = 80;
      this.protocol = 'http:';
      this.sockets = Object.create(null);
      this.freeSockets = Object.create(null);
      this.requests = Object.create(null);
    }
    getName(options = {}) {
      return `${options.host || 'localhost'}:${options.port || ''}:${options.localAddress || ''}${options.family ? `:${options.family}` : ''}`;
    }
    // Node's addRequest: a free socket for this origin if there is one
    // (ref'd again), a new connection while under maxSockets, else the
    // request waits in `requests` for a socket to come free.
    addRequest(req, options) {
      const name = this.getName(options);
      req._agentName = name;
      const free = this.freeSockets[name];
      if (free && free.length) {
        const socket = free.pop();
        if (!free.length) delete this.freeSockets[name];
        this._assign(req, name, socket, true);
        return;
      }
      if ((this.sockets[name] || []).length >= this.maxSockets) {
        (this.requests[name] ||= []).push([req, options]);
        return;
      }
      const socket = this.createConnection({ ...options });
      socket.on('close', () => this._forget(name, socket));
      (this.sockets[name] ||= []).push(socket);
      socket._httpMessage = req;
      req._onSocket(socket);
    }
    createConnection(options, cb) { return net.createConnection(options, cb); }
    keepSocketAlive(socket) {
      socket.setKeepAlive?.(true, this.keepAliveMsecs);
      // A free socket does not keep the process alive (Node's keepSocketAlive).
      socket.unref();
      if (this.options.timeout) socket.setTimeout(this.options.timeout);
      return true;
    }
    reuseSocket(socket, req) {
      req.reusedSocket = true;
      socket.ref();
    }
    _assign(req, name, socket, reused) {
      if (reused) { this.reuseSocket(socket, req); socket.setTimeout(0); }
      (this.sockets[name] ||= []).push(socket);
      socket._httpMessage = req;
      nextTick(() => req._onSocket(socket));
    }
    _forget(name, socket) {
      for (const table of [this.sockets, this.freeSockets]) {
        const list = table[name];
        if (!list) continue;
        const i = list.indexOf(socket);
        if (i >= 0) list.splice(i, 1);
        if (!list.length) delete table[name];
      }
      // A waiting request gets a connection of its own.
      const waiting = this.requests[name];
      if (waiting && waiting.length && (this.sockets[name] || []).length < this.maxSockets) {
        const [req, options] = waiting.shift();
        if (!waiting.length) delete this.requests[name];
        this.addRequest(req, options);
      }
    }
    // The response is read and the request sent: the socket goes to a
    // waiting request, to the free list, or is closed.
    _release(name, socket, keep) {
      const list = this.sockets[name];
      if (list) { const i = list.indexOf(socket); if (i >= 0) list.splice(i, 1); if (!list.length) delete this.sockets[name]; }
      socket._httpMessage = null;
      const waiting = this.requests[name];
      if (keep && !socket.destroyed && waiting && waiting.length) {
        const [req] = waiting.shift();
        if (!waiting.length) delete this.requests[name];
        this._assign(req, name, socket, true);
        return;
      }
      if (keep && this.keepAlive && !socket.destroyed && this.keepSocketAlive(socket)) {
        (this.freeSockets[name] ||= []).push(socket);
        this.emit('free', socket, {});
      } else socket.destroy();
    }
    destroy() {
      for (const table of [this.sockets, this.freeSockets]) for (const name of Object.keys(table)) for (const s of table[name]) s.destroy();
    }
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
  const globalAgent = new Agent({ keepAlive: true, scheduling: 'lifo', timeout: 5000 });

  // ---------------------------------------------------------------- ClientRequest
  const TLS_OPTIONS = ['ca', 'cert', 'key', 'pfx', 'passphrase', 'ciphers', 'ecdhCurve', 'minVersion', 'maxVersion', 'secureProtocol',
    'secureContext', 'rejectUnauthorized', 'servername', 'ALPNProtocols', 'checkServerIdentity', 'session', 'crl', 'sigalgs'];
  function ClientRequest(input, options, cb) {
    if (!(this instanceof ClientRequest)) return new ClientRequest(input, options, cb);
    OutgoingMessage.call(this);
    // https passes its own default agent (Node's options._defaultAgent).
    const defaultAgent = [input, options].find((o) => o !== null && typeof o === 'object' && o._defaultAgent)?._defaultAgent || globalAgent;
    if (typeof input === 'string' || (typeof URL === 'function' && input instanceof URL)) {
      const url = new URL(String(input));
      if (url.protocol !== defaultAgent.protocol) throw nodeError(TypeError, 'ERR_INVALID_PROTOCOL', `Protocol "${url.protocol}" not supported. Expected "${defaultAgent.protocol}"`);
      const fromUrl = { protocol: url.protocol, hostname: url.hostname.replace(/^\[|\]$/g, ''), port: url.port ? Number(url.port) : undefined, path: url.pathname + url.search };
      if (url.username || url.password) fromUrl.auth = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
      if (typeof options === 'function') { cb = options; options = {}; }
      options = { ...fromUrl, ...(options || {}) };
    } else {
      if (typeof input === 'function') { cb = input; input = {}; }
      else if (typeof options === 'function') { cb = options; }
      options = { ...(input || {}) };
    }
    if (cb) validateFunction(cb, 'callback');
    const agent = options.agent === undefined ? defaultAgent : options.agent === false ? new defaultAgent.constructor() : options.agent;
    // Node's ClientRequest: the protocol, when given, must be the agent's.
    const expectedProtocol = (agent && agent.protocol) || defaultAgent.protocol;
    if (options.protocol != null && options.protocol !== expectedProtocol) throw nodeError(TypeError, 'ERR_INVALID_PROTOCOL', `Protocol "${options.protocol}" not supported. Expected "${expectedProtocol}"`);
    this.agent = agent;
    this.method = (options.method || 'GET').toUpperCase();
    if (!TOKEN.test(this.method)) throw nodeError(TypeError, 'ERR_INVALID_HTTP_TOKEN', `Method must be a valid HTTP token ["${options.method}"]`);
    this.path = options.path || '/';
    if (/[\u0000-\u0020]/.test(this.path)) throw nodeError(TypeError, 'ERR_UNESCAPED_CHARACTERS', 'Request path contains unescaped characters');
    this.host = options.hostname || options.host || 'localhost';
    const defaultPort = options.defaultPort || (agent && agent.defaultPort) || defaultAgent.defaultPort;
    this.port = options.port || defaultPort;
    this.protocol = defaultAgent.protocol;
    this.reusedSocket = false;
    this.aborted = false;
    this.res = null;
    this.maxHeadersCount = null;
    if (['GET', 'HEAD', 'DELETE', 'OPTIONS', 'TRACE', 'CONNECT'].includes(this.method)) this.useChunkedEncodingByDefault = false;
    this.shouldKeepAlive = !!agent.keepAlive;
    const headers = options.headers || {};
    if (Array.isArray(headers)) for (let i = 0; i < headers.length; i += 2) this.appendHeader(headers[i], headers[i + 1]);
    else for (const k of Object.keys(headers)) if (headers[k] !== undefined) this.setHeader(k, headers[k]);
    // `auth` ('user:password') becomes Basic authorization.
    if (options.auth && !this.hasHeader('authorization')) this.setHeader('Authorization', 'Basic ' + Buffer.from(String(options.auth)).toString('base64'));
    if (options.setHost !== false && !this.hasHeader('host')) {
      const hostHeader = this.host.includes(':') ? `[${this.host}]` : this.host;
      this.setHeader('Host', +this.port === +defaultPort ? hostHeader : `${hostHeader}:${this.port}`);
    }
    if (options.timeout !== undefined) this.setTimeout(options.timeout);
    if (cb) this.once('response', cb);
    const connectOptions = { host: this.host, port: this.port, localAddress: options.localAddress, family: options.family };
    // What an https agent's TLS connection is made with (Node passes all
    // the request's options to the agent).
    for (const k of TLS_OPTIONS) if (options[k] !== undefined) connectOptions[k] = options[k];
    if (this.protocol === 'https:') connectOptions._hostHeader = this.getHeader('host');
    this._agentName = agent.getName(connectOptions);
    if (typeof options.createConnection === 'function') {
      // A socket of the caller's making, outside any agent.
      this.shouldKeepAlive = false;
      const fromCaller = options.createConnection(connectOptions, (err, socket) => { if (err) this.emit('error', err); else if (socket) this._onSocket(socket); });
      if (fromCaller) nextTick(() => this._onSocket(fromCaller));
    } else {
      nextTick(() => { if (!this.destroyed) agent.addRequest(this, connectOptions); });
    }
  }
  Object.setPrototypeOf(ClientRequest.prototype, OutgoingMessage.prototype);
  Object.setPrototypeOf(ClientRequest, OutgoingMessage);
  ClientRequest.prototype._writeHead = function () {
    this._storeHeader(`${this.method} ${this.path} HTTP/1.1\r\n`);
  };
  ClientRequest.prototype._onSocket = function (socket) {
    this.socket = socket;
    this.emit('socket', socket);
    this._flushPending();
    let res = null;
    const req = this;
    const parser = new Parser(false, (head) => {
      res = new IncomingMessage(socket);
      res.statusCode = head.statusCode;
      res.statusMessage = head.statusMessage;
      res._setHead(head);
      res.req = req;
      req.res = res;
      if (!req.shouldKeepAlive || /\bclose\b/i.test(res.headers.connection || '') || head.versionMinor === 0) req.shouldKeepAlive = false;
      const te = res.headers['transfer-encoding'];
      const noBody = req.method === 'HEAD' || res.statusCode === 204 || res.statusCode === 304 || (res.statusCode >= 100 && res.statusCode < 200);
      const framing = noBody ? { mode: 'none' }
        : te && /chunked/i.test(te) ? { mode: 'chunked' }
          : res.headers['content-length'] !== undefined ? { mode: +res.headers['content-length'] > 0 ? 'length' : 'none', length: +res.headers['content-length'] }
            : { mode: 'close' };
      if (framing.mode === 'close') req.shouldKeepAlive = false;
      const hasListener = req.emit('response', res);
      if (!hasListener) res._dump();
      return framing;
    }, (body) => res.push(body), () => {
      res.complete = true;
      res.push(null);
      cleanup();
      res.on('end', () => {
        const keep = req.shouldKeepAlive && req.finished;
        req.agent._release(req._agentName, socket, keep);
        nextTick(() => req.emit('close'));
      });
    }, (err) => { req.emit('error', err); socket.destroy(); });
    const onData = (data) => parser.push(data);
    const onEnd = () => { parser.end(); };
    const onClose = () => {
      if (!res) {
        const err = nodeError(Error, 'ECONNRESET', 'socket hang up');
        req.emit('error', err);
        req.emit('close');
      } else if (!res.complete) {
        res.aborted = true;
        res.emit('aborted');
        res.destroy(nodeError(Error, 'ECONNRESET', 'aborted'));
        req.emit('close');
      }
    };
    const onError = (err) => { if (!res) req.emit('error', err); };
    function cleanup() {
      socket.removeListener('data', onData);
      socket.removeListener('end', onEnd);
      socket.removeListener('close', onClose);
      socket.removeListener('error', onError);
    }
    socket.on('data', onData);
    socket.on('end', onEnd);
    socket.on('close', onClose);
    socket.on('error', onError);
  };
  ClientRequest.prototype.abort = function () { this.aborted = true; this.destroy(); };
  ClientRequest.prototype._destroy = function (err, cb) {
    if (this.socket && !(this.res && this.res.complete)) this.socket.destroy();
    cb(err);
  };
  ClientRequest.prototype.setNoDelay = function (v) { if (this.socket) this.socket.setNoDelay?.(v); };
  ClientRequest.prototype.setSocketKeepAlive = function (on, delay) { if (this.socket) this.socket.setKeepAlive?.(on, delay); };

  function request(url, options, cb) { return new ClientRequest(url, options, cb); }
  function get(url, options, cb) { const req = request(url, options, cb); req.end(); return req; }
  const createServer = (options, listener) => new HttpServer(options, listener);

  return {
    METHODS: METHODS.slice().sort(), STATUS_CODES, Agent: AgentCtor, ClientRequest, IncomingMessage, OutgoingMessage, Server: ServerCtor, ServerResponse,
    createServer, request, get, globalAgent, validateHeaderName, validateHeaderValue, maxHeaderSize: 16384,
    setMaxIdleHTTPParsers() {},
  };
})
