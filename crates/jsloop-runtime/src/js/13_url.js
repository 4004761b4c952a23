// jsloop glue 13: the URL Standard's URL and URLSearchParams
// (https://url.spec.whatwg.org/#api), in a window and in a worker. Parsing,
// setters and application/x-www-form-urlencoded are the `url` crate's
// (src/browser/url.rs); this file keeps the objects and their links.
(function (host, g, web, file) {
  'use strict';
  const { define } = web;
  // https://webidl.spec.whatwg.org/#es-USVString: lone surrogates become U+FFFD.
  const LONE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
  const usv = (v) => String(v).replace(LONE, '\ufffd');
  const HREF = 0, ORIGIN = 1, PROTOCOL = 2, USERNAME = 3, PASSWORD = 4, HOST = 5, HOSTNAME = 6, PORT = 7, PATHNAME = 8, SEARCH = 9, HASH = 10;

  const paramsState = new WeakMap();
  let constructingFor = null;

  // https://url.spec.whatwg.org/#url-class
  class URL {
    #c;
    #params;
    constructor(url, base = undefined) {
      if (arguments.length === 0) throw new TypeError("Failed to construct 'URL': 1 argument required, but only 0 present.");
      // The API URL parser: parse base first (failure throws), then url against it.
      const c = host.urlParse(usv(url), base === undefined ? undefined : usv(base));
      if (c == null) throw new TypeError(`Failed to construct 'URL': Invalid URL`);
      this.#c = c;
      constructingFor = this;
      try { this.#params = new URLSearchParams(c[SEARCH].slice(1)); } finally { constructingFor = null; }
    }
    // https://url.spec.whatwg.org/#dom-url-canparse
    static canParse(url, base = undefined) {
      if (arguments.length === 0) throw new TypeError("Failed to execute 'canParse' on 'URL': 1 argument required, but only 0 present.");
      return host.urlParse(usv(url), base === undefined ? undefined : usv(base)) != null;
    }
    #set(name, value) {
      const c = host.urlSet(this.#c[HREF], name, usv(value));
      if (c == null) {
        if (name === 'href') throw new TypeError(`Failed to set the 'href' property on 'URL': Invalid URL '${usv(value)}'`);
        return;
      }
      const searchBefore = this.#c[SEARCH];
      this.#c = c;
      // The query changed: the URLSearchParams list follows it.
      if (c[SEARCH] !== searchBefore || name === 'href' || name === 'search') paramsState.get(this.#params).list = host.formParse(c[SEARCH].slice(1));
    }
    // Called by the URLSearchParams object when its list changes
    // (https://url.spec.whatwg.org/#concept-urlsearchparams-update).
    static _update(url, serialized) { url.#c = host.urlSet(url.#c[HREF], 'search', serialized) ?? url.#c; }
    get href() { return this.#c[HREF]; }
    set href(v) { this.#set('href', v); }
    get origin() { return this.#c[ORIGIN]; }
    get protocol() { return this.#c[PROTOCOL]; }
    set protocol(v) { this.#set('protocol', v); }
    get username() { return this.#c[USERNAME]; }
    set username(v) { this.#set('username', v); }
    get password() { return this.#c[PASSWORD]; }
    set password(v) { this.#set('password', v); }
    get host() { return this.#c[HOST]; }
    set host(v) { this.#set('host', v); }
    get hostname() { return this.#c[HOSTNAME]; }
    set hostname(v) { this.#set('hostname', v); }
    get port() { return this.#c[PORT]; }
    set port(v) { this.#set('port', v); }
    get pathname() { return this.#c[PATHNAME]; }
    set pathname(v) { this.#set('pathname', v); }
    get search() { return this.#c[SEARCH]; }
    set search(v) { this.#set('search', v); }
    get searchParams() { return this.#params; }
    get hash() { return this.#c[HASH]; }
    set hash(v) { this.#set('hash', v); }
    toString() { return this.#c[HREF]; }
    toJSON() { return this.#c[HREF]; }
    // https://w3c.github.io/FileAPI/#dfn-createObjectURL
    static createObjectURL(obj) {
      if (arguments.length === 0) throw new TypeError("Failed to execute 'createObjectURL' on 'URL': 1 argument required, but only 0 present.");
      if (!file.isBlob(obj)) throw new TypeError("Failed to execute 'createObjectURL' on 'URL': Overload resolution failed.");
      // https://w3c.github.io/FileAPI/#unicodeBlobURL: "blob:", the
      // serialized origin, "/", a UUID.
      const origin = g.location ? g.location.origin : 'null';
      const url = `blob:${origin}/${uuid()}`;
      blobURLStore.set(url, obj);
      return url;
    }
    // https://w3c.github.io/FileAPI/#dfn-revokeObjectURL
    static revokeObjectURL(url) {
      if (arguments.length === 0) throw new TypeError("Failed to execute 'revokeObjectURL' on 'URL': 1 argument required, but only 0 present.");
      blobURLStore.delete(usv(url));
    }
  }
  // The blob URL store (https://w3c.github.io/FileAPI/#BlobURLStore) of this
  // realm: URL → Blob.
  const blobURLStore = new Map();
  // A version 4 UUID (https://www.rfc-editor.org/rfc/rfc4122#section-4.4).
  function uuid() {
    const h = () => Math.floor(Math.random() * 16).toString(16);
    let s = '';
    for (let i = 0; i < 32; i++) s += i === 12 ? '4' : i === 16 ? (8 + Math.floor(Math.random() * 4)).toString(16) : h();
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
  }
  // A blob: URL's blob, read as UTF-8 text (a script's), or null
  // (https://w3c.github.io/FileAPI/#blob-url-resolve: the fragment is ignored).
  web.blobURLText = (url) => {
    const blob = blobURLStore.get(String(url).split('#')[0]);
    return blob ? host.decodeUtf8(file.parts(blob)[0]) : null;
  };
  // A blob: URL's blob (fetch's "blob" scheme fetch), or null.
  web.blobURLObject = (url) => blobURLStore.get(String(url).split('#')[0]) ?? null;
  const updateURL = URL._update;
  delete URL._update;
  for (const k of ['href', 'origin', 'protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search', 'searchParams', 'hash', 'toString', 'toJSON']) {
    const d = Object.getOwnPropertyDescriptor(URL.prototype, k);
    Object.defineProperty(URL.prototype, k, { ...d, enumerable: true });
  }

  // https://url.spec.whatwg.org/#interface-urlsearchparams
  class URLSearchParams {
    constructor(init = '') {
      const s = { list: [], url: constructingFor };
      paramsState.set(this, s);
      // Step 1-2: a sequence of pairs, a record, or a string.
      if (init !== null && (typeof init === 'object' || typeof init === 'function')) {
        if (typeof init[Symbol.iterator] === 'function') {
          for (const pair of init) {
            if (pair === null || (typeof pair !== 'object' && typeof pair !== 'function') || typeof pair[Symbol.iterator] !== 'function') {
              throw new TypeError("Failed to construct 'URLSearchParams': The provided value cannot be converted to a sequence.");
            }
            const p = [...pair];
            if (p.length !== 2) throw new TypeError("Failed to construct 'URLSearchParams': Sequence initializer must only contain pair elements");
            s.list.push([usv(p[0]), usv(p[1])]);
          }
        } else {
          for (const key of Reflect.ownKeys(init)) {
            if (typeof key === 'symbol') continue;
            const d = Reflect.getOwnPropertyDescriptor(init, key);
            if (d !== undefined && d.enumerable) s.list.push([usv(key), usv(init[key])]);
          }
        }
      } else {
        let text = usv(init);
        if (text.startsWith('?')) text = text.slice(1);
        s.list = host.formParse(text);
      }
    }
    get size() { return paramsState.get(this).list.length; }
    append(name, value) {
      if (arguments.length < 2) throw new TypeError(`Failed to execute 'append' on 'URLSearchParams': 2 arguments required, but only ${arguments.length} present.`);
      paramsState.get(this).list.push([usv(name), usv(value)]);
      update(this);
    }
    delete(name, value = undefined) {
      if (arguments.length < 1) throw new TypeError("Failed to execute 'delete' on 'URLSearchParams': 1 argument required, but only 0 present.");
      const s = paramsState.get(this);
      const n = usv(name), v = value === undefined ? undefined : usv(value);
      s.list = s.list.filter(([k, x]) => !(k === n && (v === undefined || x === v)));
      update(this);
    }
    get(name) {
      if (arguments.length < 1) throw new TypeError("Failed to execute 'get' on 'URLSearchParams': 1 argument required, but only 0 present.");
      const n = usv(name);
      const e = paramsState.get(this).list.find(([k]) => k === n);
      return e ? e[1] : null;
    }
    getAll(name) {
      if (arguments.length < 1) throw new TypeError("Failed to execute 'getAll' on 'URLSearchParams': 1 argument required, but only 0 present.");
      const n = usv(name);
      return paramsState.get(this).list.filter(([k]) => k === n).map(([, v]) => v);
    }
    has(name, value = undefined) {
      if (arguments.length < 1) throw new TypeError("Failed to execute 'has' on 'URLSearchParams': 1 argument required, but only 0 present.");
      const n = usv(name), v = value === undefined ? undefined : usv(value);
      return paramsState.get(this).list.some(([k, x]) => k === n && (v === undefined || x === v));
    }
    set(name, value) {
      if (arguments.length < 2) throw new TypeError(`Failed to execute 'set' on 'URLSearchParams': 2 arguments required, but only ${arguments.length} present.`);
      const s = paramsState.get(this);
      const n = usv(name), v = usv(value);
      // Set the first pair named name to value and remove the others; or append.
      const i = s.list.findIndex(([k]) => k === n);
      if (i < 0) s.list.push([n, v]);
      else s.list = s.list.filter(([k], j) => j <= i || k !== n).map((p, j) => (j === i ? [n, v] : p));
      update(this);
    }
    // https://url.spec.whatwg.org/#dom-urlsearchparams-sort: stable, by code units.
    sort() {
      const s = paramsState.get(this);
      s.list = s.list.map((p, i) => [p, i]).sort(([a, i], [b, j]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : i - j)).map(([p]) => p);
      update(this);
    }
    forEach(callback, thisArg = undefined) {
      if (typeof callback !== 'function') throw new TypeError("Failed to execute 'forEach' on 'URLSearchParams': The callback provided as parameter 1 is not a function.");
      const s = paramsState.get(this);
      for (let i = 0; i < s.list.length; i++) callback.call(thisArg, s.list[i][1], s.list[i][0], this);
    }
    *entries() { yield* pairsOf(this, (p) => [p[0], p[1]]); }
    *keys() { yield* pairsOf(this, (p) => p[0]); }
    *values() { yield* pairsOf(this, (p) => p[1]); }
    toString() { return host.formSerialize(paramsState.get(this).list); }
  }
  // The iterator walks the live list (an index past its end stops it).
  function* pairsOf(params, pick) {
    const s = paramsState.get(params);
    for (let i = 0; i < s.list.length; i++) yield pick(s.list[i]);
  }
  Object.defineProperty(URLSearchParams.prototype, Symbol.iterator, { value: URLSearchParams.prototype.entries, writable: true, configurable: true });
  // https://url.spec.whatwg.org/#concept-urlsearchparams-update
  function update(params) {
    const s = paramsState.get(params);
    if (s.url === null) return;
    updateURL(s.url, host.formSerialize(s.list));
  }
  define(g, { URL, URLSearchParams });
})
