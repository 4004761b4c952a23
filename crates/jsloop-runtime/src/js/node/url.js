// jsloop glue: the WHATWG URL API (https://url.spec.whatwg.org/#api) as
// Node's `URL` and `URLSearchParams` globals and its `url` module
// (https://nodejs.org/api/url.html). Parsing, the setters and
// application/x-www-form-urlencoded are the `url` crate's (src/node/url.rs);
// this file keeps each URL's record as the components the host returns.
(function (internals) {
  'use strict';
  const host = internals.host.url;
  const { nodeError, invalidArgType, invalidArgValue } = internals;
  const inspectCustom = Symbol.for('nodejs.util.inspect.custom');

  const usv = (v) => String(v).toWellFormed();
  function missingArgs(...names) {
    const list = names.map((n) => `"${n}"`);
    const msg = list.length === 1 ? `The ${list[0]} argument must be specified` : `The ${list.slice(0, -1).join(', ')}${list.length > 2 ? ',' : ''} and ${list[list.length - 1]} arguments must be specified`;
    return nodeError(TypeError, 'ERR_MISSING_ARGS', msg);
  }
  const invalidThis = (type) => nodeError(TypeError, 'ERR_INVALID_THIS', `Value of "this" must be of type ${type}`);

  // The components host.url returns, by index.
  const HREF = 0, ORIGIN = 1, PROTOCOL = 2, USERNAME = 3, PASSWORD = 4, HOST = 5, HOSTNAME = 6, PORT = 7, PATHNAME = 8, SEARCH = 9, HASH = 10;
  const kRecord = Symbol('url record');
  const kParams = Symbol('url searchParams');
  const kList = Symbol('urlsearchparams list');
  const kURL = Symbol('urlsearchparams url');

  function record(self) {
    if (self === null || typeof self !== 'object' || !(kRecord in self)) throw invalidThis('URL');
    return self[kRecord];
  }

  // https://url.spec.whatwg.org/#url-class
  class URL {
    constructor(input, base = undefined) {
      if (arguments.length === 0) throw missingArgs('url');
      // lib/internal/url.js: markTransferMode(this, false, false).
      internals.uncloneable.add(this);
      input = usv(input);
      if (base !== undefined) base = usv(base);
      const parts = base === undefined ? host.parse(input) : host.parse(input, base);
      if (parts.length === 0) {
        const err = nodeError(TypeError, 'ERR_INVALID_URL', 'Invalid URL');
        err.input = input;
        if (base !== undefined) err.base = base;
        throw err;
      }
      Object.defineProperty(this, kRecord, { value: parts, writable: true });
      Object.defineProperty(this, kParams, { value: null, writable: true });
    }

    static canParse(input, base = undefined) {
      if (arguments.length === 0) throw missingArgs('url');
      input = usv(input);
      if (base !== undefined) base = usv(base);
      return (base === undefined ? host.parse(input) : host.parse(input, base)).length > 0;
    }

    static parse(input, base = undefined) {
      if (arguments.length === 0) throw missingArgs('url');
      try {
        return new URL(input, base);
      } catch (_) {
        return null;
      }
    }

    // Node's Blob URLs are not kept by jsloop: there is no Blob registry
    // to revoke from, but the arguments are checked as Node checks them.
    static revokeObjectURL(url) {
      if (arguments.length === 0) throw missingArgs('url');
    }

    get href() { return record(this)[HREF]; }
    set href(value) {
      const parts = host.set(record(this)[HREF], 'href', usv(value));
      if (parts.length === 0) {
        const err = nodeError(TypeError, 'ERR_INVALID_URL', 'Invalid URL');
        err.input = usv(value);
        throw err;
      }
      this[kRecord] = parts;
      if (this[kParams]) this[kParams][kList] = parseParams(parts[SEARCH]);
    }
    get origin() { return record(this)[ORIGIN]; }
    get protocol() { return record(this)[PROTOCOL]; }
    set protocol(v) { this.#set('protocol', v); }
    get username() { return record(this)[USERNAME]; }
    set username(v) { this.#set('username', v); }
    get password() { return record(this)[PASSWORD]; }
    set password(v) { this.#set('password', v); }
    get host() { return record(this)[HOST]; }
    set host(v) { this.#set('host', v); }
    get hostname() { return record(this)[HOSTNAME]; }
    set hostname(v) { this.#set('hostname', v); }
    get port() { return record(this)[PORT]; }
    set port(v) { this.#set('port', v); }
    get pathname() { return record(this)[PATHNAME]; }
    set pathname(v) { this.#set('pathname', v); }
    get search() { return record(this)[SEARCH]; }
    set search(v) {
      this.#set('search', v);
      if (this[kParams]) this[kParams][kList] = parseParams(this[kRecord][SEARCH]);
    }
    get searchParams() {
      record(this);
      if (this[kParams] === null) {
        const params = new URLSearchParams();
        params[kList] = parseParams(this[kRecord][SEARCH]);
        params[kURL] = this;
        this[kParams] = params;
      }
      return this[kParams];
    }
    get hash() { return record(this)[HASH]; }
    set hash(v) { this.#set('hash', v); }
    toString() { return record(this)[HREF]; }
    toJSON() { return record(this)[HREF]; }

    #set(name, value) {
      const parts = host.set(record(this)[HREF], name, usv(value));
      if (parts.length) this[kRecord] = parts;
    }

    [inspectCustom](depth, opts, inspect) {
      if (typeof depth === 'number' && depth < 0) return this;
      const obj = {
        href: this.href, origin: this.origin, protocol: this.protocol, username: this.username, password: this.password,
        host: this.host, hostname: this.hostname, port: this.port, pathname: this.pathname, search: this.search,
        searchParams: this.searchParams, hash: this.hash,
      };
      return `${this.constructor.name} ${inspect(obj, opts)}`;
    }
  }
  Object.defineProperty(URL.prototype, Symbol.toStringTag, { value: 'URL', configurable: true });
  for (const name of ['href', 'origin', 'protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search', 'searchParams', 'hash', 'toString', 'toJSON']) {
    const d = Object.getOwnPropertyDescriptor(URL.prototype, name);
    d.enumerable = true;
    Object.defineProperty(URL.prototype, name, d);
  }

  // https://url.spec.whatwg.org/#concept-urlsearchparams-update
  function update(params) {
    const url = params[kURL];
    if (!url) return;
    let query = host.urlencodedSerialize(params[kList]);
    const parts = host.set(url[kRecord][HREF], 'search', query === '' ? '' : '?' + query);
    if (parts.length) url[kRecord] = parts;
  }
  function parseParams(search) {
    return host.urlencodedParse(search.startsWith('?') ? search.slice(1) : search);
  }
  function list(self) {
    if (self === null || typeof self !== 'object' || !(kList in self)) throw invalidThis('URLSearchParams');
    return self[kList];
  }

  // https://url.spec.whatwg.org/#interface-urlsearchparams
  class URLSearchParams {
    constructor(init = undefined) {
      Object.defineProperty(this, kList, { value: [], writable: true });
      Object.defineProperty(this, kURL, { value: null, writable: true });
      internals.uncloneable.add(this);
      if (init === undefined || init === null) return;
      if (typeof init === 'object' || typeof init === 'function') {
        const method = init[Symbol.iterator];
        if (method === this[Symbol.iterator] && init instanceof URLSearchParams) {
          this[kList] = init[kList].slice();
        } else if (method != null) {
          if (typeof method !== 'function') throw invalidArgType('query', 'Iterable', init);
          // A sequence of sequences, each exactly a name and a value.
          for (const pair of init) {
            if (pair === null || (typeof pair !== 'object' && typeof pair !== 'function') || typeof pair[Symbol.iterator] !== 'function') {
              throw invalidArgType('Each query pair', 'iterable', pair);
            }
            const items = Array.from(pair, usv);
            if (items.length !== 2) throw nodeError(TypeError, 'ERR_INVALID_TUPLE', 'Each query pair must be an iterable [name, value] tuple');
            this[kList].push(items[0], items[1]);
          }
        } else {
          // A record: its own enumerable string keys.
          for (const key of Reflect.ownKeys(init)) {
            if (typeof key !== 'string') continue;
            const d = Reflect.getOwnPropertyDescriptor(init, key);
            if (d !== undefined && d.enumerable) {
              const k = usv(key), v = usv(init[key]);
              const at = this[kList].findIndex((x, i) => i % 2 === 0 && x === k);
              if (at >= 0) this[kList][at + 1] = v;
              else this[kList].push(k, v);
            }
          }
        }
      } else {
        const s = usv(init);
        this[kList] = parseParams(s);
      }
    }

    get size() { return list(this).length / 2; }

    append(name, value) {
      const l = list(this);
      if (arguments.length < 2) throw missingArgs('name', 'value');
      l.push(usv(name), usv(value));
      update(this);
    }

    delete(name, value = undefined) {
      const l = list(this);
      if (arguments.length < 1) throw missingArgs('name');
      name = usv(name);
      if (value !== undefined) value = usv(value);
      const out = [];
      for (let i = 0; i < l.length; i += 2) {
        if (l[i] === name && (value === undefined || l[i + 1] === value)) continue;
        out.push(l[i], l[i + 1]);
      }
      this[kList] = out;
      update(this);
    }

    get(name) {
      const l = list(this);
      if (arguments.length < 1) throw missingArgs('name');
      name = usv(name);
      for (let i = 0; i < l.length; i += 2) if (l[i] === name) return l[i + 1];
      return null;
    }

    getAll(name) {
      const l = list(this);
      if (arguments.length < 1) throw missingArgs('name');
      name = usv(name);
      const out = [];
      for (let i = 0; i < l.length; i += 2) if (l[i] === name) out.push(l[i + 1]);
      return out;
    }

    has(name, value = undefined) {
      const l = list(this);
      if (arguments.length < 1) throw missingArgs('name');
      name = usv(name);
      if (value !== undefined) value = usv(value);
      for (let i = 0; i < l.length; i += 2) if (l[i] === name && (value === undefined || l[i + 1] === value)) return true;
      return false;
    }

    set(name, value) {
      const l = list(this);
      if (arguments.length < 2) throw missingArgs('name', 'value');
      name = usv(name);
      value = usv(value);
      const out = [];
      let found = false;
      for (let i = 0; i < l.length; i += 2) {
        if (l[i] === name) {
          if (!found) out.push(name, value);
          found = true;
        } else out.push(l[i], l[i + 1]);
      }
      if (!found) out.push(name, value);
      this[kList] = out;
      update(this);
    }

    // Stable, by the names' code units.
    sort() {
      const l = list(this);
      const pairs = [];
      for (let i = 0; i < l.length; i += 2) pairs.push([l[i], l[i + 1]]);
      pairs.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
      this[kList] = pairs.flat();
      update(this);
    }

    forEach(callback, thisArg = undefined) {
      list(this);
      if (typeof callback !== 'function') throw invalidArgType('callback', 'Function', callback);
      for (let i = 0; i < this[kList].length; i += 2) {
        callback.call(thisArg, this[kList][i + 1], this[kList][i], this);
      }
    }

    entries() { list(this); return makeIterator(this, 'key+value'); }
    keys() { list(this); return makeIterator(this, 'key'); }
    values() { list(this); return makeIterator(this, 'value'); }
    toString() { return host.urlencodedSerialize(list(this)); }

    [inspectCustom](depth, opts, inspect) {
      if (typeof depth === 'number' && depth < 0) return '[Object]';
      const l = this[kList];
      const parts = [];
      for (let i = 0; i < l.length; i += 2) parts.push(`${inspect(l[i], opts)} => ${inspect(l[i + 1], opts)}`);
      return parts.length ? `${this.constructor.name} { ${parts.join(', ')} }` : `${this.constructor.name} {}`;
    }
  }
  URLSearchParams.prototype[Symbol.iterator] = URLSearchParams.prototype.entries;
  Object.defineProperty(URLSearchParams.prototype, Symbol.toStringTag, { value: 'URLSearchParams', configurable: true });
  Object.defineProperty(URLSearchParams.prototype, Symbol.iterator, { enumerable: false });

  // https://webidl.spec.whatwg.org/#es-default-iterator-object
  const IteratorPrototype = Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]()));
  const URLSearchParamsIteratorPrototype = Object.create(IteratorPrototype, {
    next: {
      value: function next() {
        const state = this && this[kList];
        if (!state) throw invalidThis('URLSearchParamsIterator');
        const { target, kind } = state;
        const l = target[kList];
        if (state.index >= l.length) return { value: undefined, done: true };
        const i = state.index;
        state.index += 2;
        const value = kind === 'key' ? l[i] : kind === 'value' ? l[i + 1] : [l[i], l[i + 1]];
        return { value, done: false };
      },
      writable: true, enumerable: true, configurable: true,
    },
    [Symbol.toStringTag]: { value: 'URLSearchParams Iterator', configurable: true },
  });
  function makeIterator(target, kind) {
    const it = Object.create(URLSearchParamsIteratorPrototype);
    Object.defineProperty(it, kList, { value: { target, kind, index: 0 } });
    return it;
  }

  // Node: an object is a URL when it has href and protocol but not the
  // legacy Url's auth and path.
  const isURL = (self) => Boolean(self && self.href && self.protocol && self.auth === undefined && self.path === undefined);

  // https://nodejs.org/api/url.html#urlfileurltopathurl-options
  function fileURLToPath(path, options = undefined) {
    const windows = options && options.windows !== undefined && options.windows !== null ? options.windows : false;
    if (typeof path === 'string') path = new URL(path);
    else if (!isURL(path)) throw invalidArgType('path', ['string', 'URL'], path);
    if (path.protocol !== 'file:') throw nodeError(TypeError, 'ERR_INVALID_URL_SCHEME', 'The URL must be of scheme file');
    return windows ? pathFromURLWin32(path) : pathFromURLPosix(path);
  }
  function invalidFileURLPath(message, input) {
    const err = nodeError(TypeError, 'ERR_INVALID_FILE_URL_PATH', `File URL path ${message}`);
    err.input = input;
    return err;
  }
  function pathFromURLPosix(url) {
    if (url.hostname !== '') throw nodeError(TypeError, 'ERR_INVALID_FILE_URL_HOST', 'File URL host must be "localhost" or empty on linux');
    const pathname = url.pathname;
    for (let n = 0; n < pathname.length; n++) {
      if (pathname[n] === '%') {
        const third = pathname.codePointAt(n + 2) | 0x20;
        if (pathname[n + 1] === '2' && third === 102) throw invalidFileURLPath('must not include encoded / characters', url);
      }
    }
    return decodeURIComponent(pathname);
  }
  function pathFromURLWin32(url) {
    const hostname = url.hostname;
    let pathname = url.pathname;
    for (let n = 0; n < pathname.length; n++) {
      if (pathname[n] === '%') {
        const third = pathname.codePointAt(n + 2) | 0x20;
        if ((pathname[n + 1] === '2' && third === 102) || (pathname[n + 1] === '5' && third === 99)) {
          throw invalidFileURLPath('must not include encoded \\ or / characters', url);
        }
      }
    }
    pathname = decodeURIComponent(pathname.replaceAll('/', '\\'));
    if (hostname !== '') return `\\\\${domainToUnicode(hostname)}${pathname}`;
    const letter = pathname.codePointAt(1) | 0x20;
    const sep = pathname[2];
    if (letter < 97 || letter > 122 || sep !== ':') throw invalidFileURLPath('must be absolute', url);
    return pathname.slice(1);
  }

  // Characters a path may hold that the URL parser would read otherwise.
  // src/node_url.cc's EncodePathChars: its lookup table's characters
  // percent-encoded (the URL parser encodes the rest of the path's: space,
  // `"`, `<`, `>`, `` ` ``, `{`, `}`, controls, non-ASCII); a backslash is a
  // separator on Windows (turned into `/` by the caller), a character on
  // POSIX.
  const PATH_CHARS = /[\0\t\n\r%[\]^|~]/g;
  function encodePathChars(filepath, windows) {
    filepath = filepath.replace(PATH_CHARS, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
    if (!windows) filepath = filepath.replace(/\\/g, '%5C');
    return filepath;
  }

  // https://nodejs.org/api/url.html#urlpathtofileurlpath-options
  function pathToFileURL(filepath, options = undefined) {
    const windows = options && options.windows !== undefined && options.windows !== null ? options.windows : false;
    const path = internals.require('path');
    if (typeof filepath !== 'string') throw invalidArgType('path', 'string', filepath);
    // A local extended-length path (`\\?\C:\...`, not `\\?\UNC\...`) names
    // the path after its prefix, taken as it is (Node 24's pathToFileURL).
    if (windows && filepath.startsWith('\\\\?\\') && !filepath.startsWith('\\\\?\\UNC\\')) {
      const local = encodePathChars(filepath.slice(4), true).replace(/\\/g, '/').replace(/\?/g, '%3F').replace(/#/g, '%23');
      return new URL(`file:///${local}`);
    }
    const isUNC = windows && filepath.startsWith('\\\\');
    let resolved = isUNC ? filepath : windows ? path.win32.resolve(filepath) : path.posix.resolve(filepath);
    if (isUNC || (windows && resolved.startsWith('\\\\'))) {
      const extended = resolved.startsWith('\\\\?\\UNC\\');
      const prefixLength = extended ? 8 : 2;
      const hostnameEnd = resolved.indexOf('\\', prefixLength);
      if (hostnameEnd === -1) throw invalidArgValue('path', resolved, 'Missing UNC resource path');
      if (hostnameEnd === 2) throw invalidArgValue('path', resolved, 'Empty UNC servername');
      const hostname = resolved.slice(prefixLength, hostnameEnd);
      return new URL(`file://${hostname}${encodePathChars(resolved.slice(hostnameEnd), windows).replace(/\\/g, '/').replace(/\?/g, '%3F').replace(/#/g, '%23')}`);
    }
    // path.resolve drops a trailing separator: put it back.
    const last = filepath.charCodeAt(filepath.length - 1);
    if ((last === 47 || (windows && last === 92)) && resolved[resolved.length - 1] !== (windows ? '\\' : '/')) resolved += '/';
    resolved = encodePathChars(resolved, windows);
    if (windows) resolved = resolved.replace(/\\/g, '/');
    // '?' and '#' belong to the path here.
    resolved = resolved.replace(/\?/g, '%3F').replace(/#/g, '%23');
    return new URL(`file://${windows && !resolved.startsWith('/') ? '/' : ''}${resolved}`);
  }

  // https://nodejs.org/api/url.html#urlurltohttpoptionsurl
  function urlToHttpOptions(url) {
    if (url === null || typeof url !== 'object') throw invalidArgType('url', 'object', url);
    const { hostname, pathname, port, username, password, search } = url;
    const options = {
      __proto__: null,
      ...url,
      protocol: url.protocol,
      hostname: hostname && hostname[0] === '[' ? hostname.slice(1, -1) : hostname,
      hash: url.hash,
      search,
      pathname,
      path: `${pathname || ''}${search || ''}`,
      href: url.href,
    };
    if (port !== '') options.port = Number(port);
    if (username || password) options.auth = `${decodeURIComponent(username)}:${decodeURIComponent(password)}`;
    return options;
  }

  function domainToASCII(domain) {
    if (arguments.length < 1) throw missingArgs('domain');
    return host.domainToASCII(`${domain}`);
  }
  function domainToUnicode(domain) {
    if (arguments.length < 1) throw missingArgs('domain');
    return host.domainToUnicode(`${domain}`);
  }

  // ------------------------------------------------------------ the legacy API
  // https://nodejs.org/api/url.html#legacy-url-api: Url objects as
  // url.parse() makes them. The rules (which characters end a host, which
  // protocols are "slashed", what is escaped) are Node's lib/url.js's.
  const querystring = () => internals.require('querystring');
  const protocolRe = /^[a-z0-9.+-]+:/i;
  const portRe = /:[0-9]*$/;
  const authHostRe = /^\/\/[^@/]+@[^@/]+/;
  // A path with no host, hash or '@': taken as it is.
  const simplePathRe = /^(\/\/?(?!\/)[^?\s]*)(\?[^\s]*)?$/;
  const hostlessProtocols = new Set(['javascript', 'javascript:']);
  const slashedProtocols = new Set(['http', 'http:', 'https', 'https:', 'ftp', 'ftp:', 'gopher', 'gopher:', 'file', 'file:', 'ws', 'ws:', 'wss', 'wss:']);
  const forbiddenHostRe = /[\0\t\n\r #%/:<>?@[\\\]^|]/;
  const forbiddenIpv6HostRe = /[\0\t\n\r #%/<>?@\\^|]/;
  // Characters url.parse() escapes in what follows the host even where
  // encodeURIComponent would not.
  const autoEscape = { '\t': '%09', '\n': '%0A', '\r': '%0D', ' ': '%20', '"': '%22', "'": '%27', '<': '%3C', '>': '%3E', '\\': '%5C', '^': '%5E', '`': '%60', '{': '%7B', '|': '%7C', '}': '%7D' };
  const autoEscapeRe = /[\t\n\r "'<>\\^`{|}]/g;
  // Characters that end the host part (before an '@' they may be auth).
  const notHostChars = new Set(['\t', '\n', '\r', ' ', '"', '%', "'", ';', '<', '>', '\\', '^', '`', '{', '|', '}']);
  const isWhitespace = (c) => c < 33 || c === 0xa0 || c === 0xfeff;
  const isIpv6Host = (h) => h.length >= 2 && h[0] === '[' && h[h.length - 1] === ']';

  function Url() {
    this.protocol = null;
    this.slashes = null;
    this.auth = null;
    this.host = null;
    this.port = null;
    this.hostname = null;
    this.hash = null;
    this.search = null;
    this.query = null;
    this.pathname = null;
    this.path = null;
    this.href = null;
  }

  // The input trimmed of whitespace at both ends, with backslashes before
  // the first '?' or '#' made slashes; and whether it has a '#' or '@'.
  function prepare(input) {
    let first = 0;
    while (first < input.length && isWhitespace(input.charCodeAt(first))) first++;
    let last = input.length;
    while (last > first && isWhitespace(input.charCodeAt(last - 1))) last--;
    const text = input.slice(first, last);
    let split = text.length;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 63 /* ? */ || c === 35 /* # */) { split = i; break; }
    }
    const head = text.slice(0, split);
    const rest = (head.includes('\\') ? head.replace(/\\/g, '/') : head) + text.slice(split);
    const hasAt = head.includes('@');
    const hasHash = text.includes('#', split);
    return { rest, hasHash, hasAt };
  }

  // The host's name checked: at the first character that cannot be in a
  // host, the host ends and the rest goes back into the path.
  function cutHostname(self, rest, hostname) {
    for (let i = 0; i < hostname.length; i++) {
      const ch = hostname[i];
      if (ch === '/' || ch === '\\' || ch === '#' || ch === '?' || ch === ':') {
        self.hostname = hostname.slice(0, i);
        return `/${hostname.slice(i)}${rest}`;
      }
    }
    return rest;
  }

  const asciiHostname = (h) => (/^[\x00-\x7f]*$/.test(h) ? h : host.domainToASCII(h));

  let parseWarned = false;
  // DEP0169: url.parse() warns once, unless called from node_modules.
  function warnParse() {
    if (parseWarned) return;
    // The first frame of user code (not jsloop's glue) decides.
    const frame = String(new Error().stack).split('\n').find((l) => /^\s+at /.test(l) && !l.includes('jsloop:') && !l.includes('(native)'));
    if (frame && /[/\\]node_modules[/\\]/.test(frame)) return;
    parseWarned = true;
    internals.emitWarning('`url.parse()` behavior is not standardized and prone to errors that have security implications. Use the WHATWG URL API instead. CVEs are not issued for `url.parse()` vulnerabilities.', 'DeprecationWarning', 'DEP0169');
  }

  // https://nodejs.org/api/url.html#urlparseurlstring-parsequerystring-slashesdenotehost
  function urlParse(url, parseQueryString, slashesDenoteHost) {
    if (url instanceof Url) return url;
    const u = new Url();
    u.parse(url, parseQueryString, slashesDenoteHost);
    return u;
  }

  Url.prototype.parse = function parse(url, parseQueryString, slashesDenoteHost) {
    if (typeof url !== 'string') throw invalidArgType('url', 'string', url);
    warnParse();
    let { rest, hasHash, hasAt } = prepare(url);
    const setQuery = (search) => {
      this.search = search;
      this.query = parseQueryString ? querystring().parse(search.slice(1)) : search.slice(1);
    };
    if (!slashesDenoteHost && !hasHash && !hasAt) {
      const simple = simplePathRe.exec(rest);
      if (simple) {
        this.path = rest;
        this.href = rest;
        this.pathname = simple[1];
        if (simple[2]) setQuery(simple[2]);
        else if (parseQueryString) {
          this.search = null;
          this.query = { __proto__: null };
        }
        return this;
      }
    }
    let proto = protocolRe.exec(rest);
    let lowerProto;
    if (proto) {
      proto = proto[0];
      lowerProto = proto.toLowerCase();
      this.protocol = lowerProto;
      rest = rest.slice(proto.length);
    }
    let slashes = false;
    if (slashesDenoteHost || proto || authHostRe.test(rest)) {
      slashes = rest.startsWith('//');
      if (slashes && !(proto && hostlessProtocols.has(lowerProto))) {
        rest = rest.slice(2);
        this.slashes = true;
      }
    }
    if (!hostlessProtocols.has(lowerProto) && (slashes || (proto && !slashedProtocols.has(proto)))) {
      // The host ends at the first '#', '/' or '?'; characters never in a
      // host end it too, unless an '@' follows them (they were the auth).
      let hostEnd = -1;
      let at = -1;
      let nonHost = -1;
      for (let i = 0; i < rest.length && hostEnd === -1; i++) {
        const ch = rest[i];
        if (ch === '\t' || ch === '\n' || ch === '\r') {
          // Tabs and newlines before the host's end are dropped, as the
          // WHATWG URL parser drops them (Node 24's lib/url.js does the same).
          rest = rest.slice(0, i) + rest.slice(i + 1);
          i--;
        } else if (ch === '#' || ch === '/' || ch === '?') {
          if (nonHost === -1) nonHost = i;
          hostEnd = i;
        } else if (ch === '@') {
          at = i;
          nonHost = -1;
        } else if (notHostChars.has(ch) && nonHost === -1) {
          nonHost = i;
        }
      }
      let start = 0;
      if (at !== -1) {
        this.auth = decodeURIComponent(rest.slice(0, at));
        start = at + 1;
      }
      if (nonHost === -1) {
        this.host = rest.slice(start);
        rest = '';
      } else {
        this.host = rest.slice(start, nonHost);
        rest = rest.slice(nonHost);
      }
      this.parseHost();
      if (typeof this.hostname !== 'string') this.hostname = '';
      const hostname = this.hostname;
      const ipv6 = isIpv6Host(hostname);
      if (!ipv6) rest = cutHostname(this, rest, hostname);
      this.hostname = this.hostname.length > 255 ? '' : this.hostname.toLowerCase();
      if (this.hostname !== '') {
        if (ipv6) {
          if (forbiddenIpv6HostRe.test(this.hostname)) throw nodeError(TypeError, 'ERR_INVALID_URL', 'Invalid URL');
        } else {
          this.hostname = asciiHostname(this.hostname);
          if (this.hostname === '' || forbiddenHostRe.test(this.hostname)) {
            const e = nodeError(TypeError, 'ERR_INVALID_URL', 'Invalid URL');
            e.input = url;
            throw e;
          }
        }
      }
      this.host = (this.hostname || '') + (this.port ? ':' + this.port : '');
      if (ipv6) {
        this.hostname = this.hostname.slice(1, -1);
        if (rest[0] !== '/') rest = '/' + rest;
      }
    }
    if (!hostlessProtocols.has(lowerProto)) rest = rest.replace(autoEscapeRe, (c) => autoEscape[c]);
    const hashAt = rest.indexOf('#');
    if (hashAt !== -1) this.hash = rest.slice(hashAt);
    const beforeHash = hashAt === -1 ? rest : rest.slice(0, hashAt);
    const queryAt = beforeHash.indexOf('?');
    if (queryAt !== -1) setQuery(beforeHash.slice(queryAt));
    else if (parseQueryString) {
      this.search = null;
      this.query = { __proto__: null };
    }
    const pathEnd = queryAt !== -1 ? queryAt : hashAt;
    if (pathEnd === -1) {
      if (rest.length > 0) this.pathname = rest;
    } else if (pathEnd > 0) {
      this.pathname = rest.slice(0, pathEnd);
    }
    if (slashedProtocols.has(lowerProto) && this.hostname && !this.pathname) this.pathname = '/';
    if (this.pathname || this.search) this.path = (this.pathname || '') + (this.search || '');
    this.href = this.format();
    return this;
  };

  // The port off the end of the host.
  Url.prototype.parseHost = function parseHost() {
    let h = this.host;
    const port = portRe.exec(h);
    if (port) {
      if (port[0] !== ':') this.port = port[0].slice(1);
      h = h.slice(0, h.length - port[0].length);
    }
    if (h) this.hostname = h;
  };

  const encodeAuth = (s) => encodeURIComponent(s).replace(/%3A/g, ':');

  // https://nodejs.org/api/url.html#urlformaturlobject
  Url.prototype.format = function format() {
    let auth = this.auth || '';
    if (auth) auth = encodeAuth(auth) + '@';
    let protocol = this.protocol || '';
    let pathname = this.pathname || '';
    let hash = this.hash || '';
    let hostPart = '';
    if (this.host) {
      hostPart = auth + this.host;
    } else if (this.hostname) {
      const h = this.hostname;
      hostPart = auth + (h.includes(':') && !isIpv6Host(h) ? '[' + h + ']' : h);
      if (this.port) hostPart += ':' + this.port;
    }
    let query = '';
    if (this.query !== null && typeof this.query === 'object') query = querystring().stringify(this.query);
    let search = this.search || (query && '?' + query) || '';
    if (protocol && !protocol.endsWith(':')) protocol += ':';
    pathname = pathname.replace(/[#?]/g, (c) => (c === '#' ? '%23' : '%3F'));
    if (this.slashes || slashedProtocols.has(protocol)) {
      if (this.slashes || hostPart) {
        if (pathname && pathname[0] !== '/') pathname = '/' + pathname;
        hostPart = '//' + hostPart;
      } else if (protocol.startsWith('file')) {
        hostPart = '//';
      }
    }
    search = search.replace(/#/g, '%23');
    if (hash && hash[0] !== '#') hash = '#' + hash;
    if (search && search[0] !== '?') search = '?' + search;
    return protocol + hostPart + pathname + search + hash;
  };

  // https://nodejs.org/api/url.html#urlresolvefrom-to
  Url.prototype.resolve = function resolve(relative) {
    return this.resolveObject(urlParse(relative, false, true)).format();
  };

  // A path's segments after '.' and '..' are resolved; how many '..' went
  // above the first segment.
  function removeDots(segments) {
    let up = 0;
    for (let i = segments.length - 1; i >= 0; i--) {
      const s = segments[i];
      if (s === '.') segments.splice(i, 1);
      else if (s === '..') {
        segments.splice(i, 1);
        up++;
      } else if (up) {
        segments.splice(i, 1);
        up--;
      }
    }
    return up;
  }

  // The host taken back off the front of the path of a URL whose protocol
  // has no slashes ('mailto:a@b'), auth included.
  function hostFromPath(result, value) {
    result.hostname = result.host = value;
    const parts = result.host && result.host.indexOf('@') > 0 ? result.host.split('@') : null;
    if (parts) {
      result.auth = parts.shift();
      result.host = result.hostname = parts.shift();
    }
  }

  const setPath = (u) => {
    if (u.pathname !== null || u.search !== null) u.path = (u.pathname ? u.pathname : '') + (u.search ? u.search : '');
  };

  Url.prototype.resolveObject = function resolveObject(relative) {
    if (typeof relative === 'string') {
      const parsed = new Url();
      parsed.parse(relative, false, true);
      relative = parsed;
    }
    const result = new Url();
    for (const k of Object.keys(this)) result[k] = this[k];
    // The hash always comes from the relative URL.
    result.hash = relative.hash;
    if (relative.href === '') {
      result.href = result.format();
      return result;
    }
    // '//host/path': everything but the protocol.
    if (relative.slashes && !relative.protocol) {
      for (const k of Object.keys(relative)) if (k !== 'protocol') result[k] = relative[k];
      if (slashedProtocols.has(result.protocol) && result.hostname && !result.pathname) result.path = result.pathname = '/';
      result.href = result.format();
      return result;
    }
    if (relative.protocol && relative.protocol !== result.protocol) {
      // Another protocol: one that is not slashed is taken whole; a slashed
      // one must have a host (from its path if need be) unless it is file:.
      if (!slashedProtocols.has(relative.protocol)) {
        for (const k of Object.keys(relative)) result[k] = relative[k];
        result.href = result.format();
        return result;
      }
      result.protocol = relative.protocol;
      if (!relative.host && !/^file:?$/.test(relative.protocol) && !hostlessProtocols.has(relative.protocol)) {
        const segments = (relative.pathname || '').split('/');
        while (segments.length && !(relative.host = segments.shift()));
        if (!relative.host) relative.host = '';
        if (!relative.hostname) relative.hostname = '';
        if (segments[0] !== '') segments.unshift('');
        if (segments.length < 2) segments.unshift('');
        result.pathname = segments.join('/');
      } else {
        result.pathname = relative.pathname;
      }
      result.search = relative.search;
      result.query = relative.query;
      result.host = relative.host || '';
      result.auth = relative.auth;
      result.hostname = relative.hostname || relative.host;
      result.port = relative.port;
      if (result.pathname || result.search) result.path = (result.pathname || '') + (result.search || '');
      result.slashes = result.slashes || relative.slashes;
      result.href = result.format();
      return result;
    }
    const sourceAbsolute = Boolean(result.pathname && result.pathname[0] === '/');
    const relativeAbsolute = Boolean(relative.host || (relative.pathname && relative.pathname[0] === '/'));
    let mustEndAbsolute = Boolean(relativeAbsolute || sourceAbsolute || (result.host && relative.pathname));
    const removeAllDots = mustEndAbsolute;
    let source = (result.pathname && result.pathname.split('/')) || [];
    const rel = (relative.pathname && relative.pathname.split('/')) || [];
    const noLeadingSlashes = result.protocol && !slashedProtocols.has(result.protocol);
    if (noLeadingSlashes) {
      // '../..' may climb into the host of 'mailto:'-like URLs: the host
      // becomes the first segment for now.
      result.hostname = '';
      result.port = null;
      if (result.host) {
        if (source[0] === '') source[0] = result.host;
        else source.unshift(result.host);
      }
      result.host = '';
      if (relative.protocol) {
        // A relative URL with the protocol brings its own auth (or none).
        result.auth = null;
        relative.hostname = null;
        relative.port = null;
        if (relative.host) {
          if (rel[0] === '') rel[0] = relative.host;
          else rel.unshift(relative.host);
        }
        relative.host = null;
      }
      mustEndAbsolute = mustEndAbsolute && (rel[0] === '' || source[0] === '');
    }
    if (relativeAbsolute) {
      if (relative.host || relative.host === '') {
        if (result.host !== relative.host) result.auth = null;
        result.host = relative.host;
        result.port = relative.port;
      }
      if (relative.hostname || relative.hostname === '') {
        if (result.hostname !== relative.hostname) result.auth = null;
        result.hostname = relative.hostname;
      }
      result.search = relative.search;
      result.query = relative.query;
      source = rel;
    } else if (rel.length) {
      source.pop();
      source = source.concat(rel);
      result.search = relative.search;
      result.query = relative.query;
    } else if (relative.search !== null && relative.search !== undefined) {
      // Only a query ('?x').
      if (noLeadingSlashes) hostFromPath(result, source.shift());
      result.search = relative.search;
      result.query = relative.query;
      setPath(result);
      result.href = result.format();
      return result;
    }
    if (!source.length) {
      result.pathname = null;
      result.path = result.search ? '/' + result.search : null;
      result.href = result.format();
      return result;
    }
    // A path that ends in '.', '..' or '' keeps a trailing slash.
    const last = source[source.length - 1];
    const trailingSlash = ((result.host || relative.host || source.length > 1) && (last === '.' || last === '..')) || last === '';
    let up = removeDots(source);
    if (!mustEndAbsolute && !removeAllDots) while (up--) source.unshift('..');
    if (mustEndAbsolute && source[0] !== '' && (!source[0] || source[0][0] !== '/')) source.unshift('');
    if (trailingSlash && !source.join('/').endsWith('/')) source.push('');
    const isAbsolute = source[0] === '' || Boolean(source[0] && source[0][0] === '/');
    if (noLeadingSlashes) hostFromPath(result, isAbsolute ? '' : source.length ? source.shift() : '');
    mustEndAbsolute = mustEndAbsolute || (result.host && source.length);
    if (mustEndAbsolute && !isAbsolute) source.unshift('');
    if (source.length > 0) {
      result.pathname = source.join('/');
    } else {
      result.pathname = null;
      result.path = null;
    }
    setPath(result);
    result.auth = relative.auth || result.auth;
    result.slashes = result.slashes || relative.slashes;
    result.href = result.format();
    return result;
  };

  // https://nodejs.org/api/url.html#urlresolvefrom-to
  function urlResolve(source, relative) {
    return urlParse(source, false, true).resolve(relative);
  }
  function urlResolveObject(source, relative) {
    if (!source) return relative;
    return urlParse(source, false, true).resolveObject(relative);
  }

  // https://nodejs.org/api/url.html#urlformaturl-options (a WHATWG URL) and
  // https://nodejs.org/api/url.html#urlformaturlobject (a string is parsed,
  // any other object formatted as a legacy Url).
  function format(urlObject, options = undefined) {
    if (typeof urlObject === 'string') {
      const u = new Url();
      u.parse(urlObject);
      return u.format();
    }
    if (urlObject === null || typeof urlObject !== 'object') throw invalidArgType('urlObject', ['Object', 'string'], urlObject);
    if (!isURL(urlObject)) return Url.prototype.format.call(urlObject);
    let fragment = true, unicode = false, search = true, auth = true;
    if (options !== undefined) {
      if (options === null || typeof options !== 'object') throw invalidArgType('options', 'object', options);
      if (options.fragment != null) fragment = Boolean(options.fragment);
      if (options.unicode != null) unicode = Boolean(options.unicode);
      if (options.search != null) search = Boolean(options.search);
      if (options.auth != null) auth = Boolean(options.auth);
    }
    const u = urlObject;
    let out = u.protocol;
    const special = host.parse(`${u.protocol}//x`).length > 0 && ['http:', 'https:', 'ws:', 'wss:', 'ftp:', 'file:'].includes(u.protocol);
    const hasHost = u.host !== '' || special || u.href.startsWith(u.protocol + '//');
    if (hasHost) {
      out += '//';
      if (auth && (u.username || u.password)) out += u.username + (u.password ? ':' + u.password : '') + '@';
      out += unicode ? host.domainToUnicode(u.hostname) : u.hostname;
      if (u.port) out += ':' + u.port;
    }
    out += u.pathname;
    if (search) out += u.search;
    if (fragment) out += u.hash;
    return out;
  }

  return {
    URL,
    URLSearchParams,
    domainToASCII,
    domainToUnicode,
    fileURLToPath,
    pathToFileURL,
    urlToHttpOptions,
    format,
    Url,
    parse: urlParse,
    resolve: urlResolve,
    resolveObject: urlResolveObject,
  };
})
