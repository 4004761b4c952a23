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
  function encodePathChars(filepath, windows) {
    filepath = filepath.replace(/%/g, '%25');
    if (!windows) filepath = filepath.replace(/\\/g, '%5C');
    return filepath.replace(/\n/g, '%0A').replace(/\r/g, '%0D').replace(/\t/g, '%09');
  }

  // https://nodejs.org/api/url.html#urlpathtofileurlpath-options
  function pathToFileURL(filepath, options = undefined) {
    const windows = options && options.windows !== undefined && options.windows !== null ? options.windows : false;
    const path = internals.require('path');
    if (typeof filepath !== 'string') throw invalidArgType('path', 'string', filepath);
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

  // https://nodejs.org/api/url.html#urlformaturl-options (the WHATWG URL
  // form; the legacy urlObject form is not in jsloop yet).
  function format(urlObject, options = undefined) {
    if (typeof urlObject === 'string' || !isURL(urlObject)) {
      if (urlObject === null || (typeof urlObject !== 'object' && typeof urlObject !== 'string')) throw invalidArgType('urlObject', ['Object', 'string'], urlObject);
      throw nodeError(Error, 'ERR_NOT_SUPPORTED', 'jsloop: url.format() of a legacy urlObject or string is not supported yet');
    }
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
  };
})
