// jsloop node glue: the `querystring` module (Node's docs, "Query string").
// https://nodejs.org/api/querystring.html
//
// Parsing splits on the separator and the first `eq` of each pair, turns
// `+` into a space and percent-decodes with `decodeURIComponent`, falling back
// to a byte-wise decode (unescapeBuffer) for malformed escapes, as Node does.
// internals: { require(id), nodeError }
(function (internals) {
  'use strict';
  const { Buffer } = internals.require('buffer');
  const { nodeError } = internals;

  const HEX = '0123456789ABCDEF';
  const hexValue = (c) => {
    if (c >= 48 && c <= 57) return c - 48;
    if (c >= 65 && c <= 70) return c - 55;
    if (c >= 97 && c <= 102) return c - 87;
    return -1;
  };

  // https://nodejs.org/api/querystring.html#querystringunescapebufferstr-decodespaces
  // (not documented beyond its name): `%XX` escapes become their byte, a
  // malformed escape stays as written, `+` is a space when asked.
  function unescapeBuffer(s, decodeSpaces) {
    s = `${s}`;
    const out = Buffer.allocUnsafe(s.length);
    let n = 0;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c === 43 /* + */ && decodeSpaces) {
        out[n++] = 32;
      } else if (c === 37 /* % */ && i + 2 < s.length + 0 && hexValue(s.charCodeAt(i + 1)) >= 0 && hexValue(s.charCodeAt(i + 2)) >= 0) {
        out[n++] = hexValue(s.charCodeAt(i + 1)) * 16 + hexValue(s.charCodeAt(i + 2));
        i += 2;
      } else {
        out[n++] = c;
      }
    }
    return out.slice(0, n);
  }

  // https://nodejs.org/api/querystring.html#querystringunescapestr
  function unescape(s, decodeSpaces) {
    try {
      return decodeURIComponent(s);
    } catch (_) {
      return unescapeBuffer(s, decodeSpaces).toString();
    }
  }

  // https://nodejs.org/api/querystring.html#querystringescapestr: what
  // encodeURIComponent leaves alone stays, everything else is UTF-8 percent
  // escapes; a lone surrogate is ERR_INVALID_URI.
  function escape(str) {
    if (typeof str !== 'string') {
      if (typeof str === 'object') str = String(str);
      else str += '';
    }
    let out = '';
    for (let i = 0; i < str.length; i++) {
      let c = str.charCodeAt(i);
      if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || "-_.!~*'()".includes(str[i])) {
        out += str[i];
        continue;
      }
      if (c >= 0xd800 && c <= 0xdfff) {
        const next = i + 1 < str.length ? str.charCodeAt(i + 1) : 0;
        if (c >= 0xdc00 || next < 0xdc00 || next > 0xdfff) throw nodeError(URIError, 'ERR_INVALID_URI', 'URI malformed');
        c = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
        i++;
      }
      const bytes = Buffer.from(String.fromCodePoint(c));
      for (const b of bytes) out += '%' + HEX[b >> 4] + HEX[b & 15];
    }
    return out;
  }

  // stringifyPrimitive: strings as they are, finite numbers, bigints and
  // booleans as text, anything else empty.
  function primitive(v) {
    if (typeof v === 'string') return v;
    if (typeof v === 'number' && Number.isFinite(v)) return `${v}`;
    if (typeof v === 'bigint') return `${v}`;
    if (typeof v === 'boolean') return v ? 'true' : 'false';
    return '';
  }

  // https://nodejs.org/api/querystring.html#querystringstringifyobj-sep-eq-options
  function stringify(obj, sep, eq, options) {
    sep = sep || '&';
    eq = eq || '=';
    let encode = escape;
    if (options && typeof options.encodeURIComponent === 'function') encode = options.encodeURIComponent;
    const enc = (v) => (encode === escape ? escape(primitive(v)) : encode(primitive(v)));
    if (obj === null || typeof obj !== 'object') return '';
    const parts = [];
    for (const k of Object.keys(obj)) {
      const v = obj[k];
      const key = enc(k) + eq;
      if (Array.isArray(v)) {
        for (const item of v) parts.push(key + enc(item));
      } else {
        parts.push(key + enc(v));
      }
    }
    return parts.join(sep);
  }

  // https://nodejs.org/api/querystring.html#querystringparsestr-sep-eq-options
  function parse(qs, sep, eq, options) {
    const obj = { __proto__: null };
    if (typeof qs !== 'string' || qs.length === 0) return obj;
    sep = sep ? `${sep}` : '&';
    eq = eq ? `${eq}` : '=';
    let maxKeys = 1000;
    if (options && typeof options.maxKeys === 'number') maxKeys = options.maxKeys;
    const limit = maxKeys > 0 ? maxKeys : Infinity;
    let decode = unescape;
    if (options && typeof options.decodeURIComponent === 'function') decode = options.decodeURIComponent;
    const decodeStr = (s) => {
      if (s.includes('+')) s = s.replace(/\+/g, ' ');
      if (!s.includes('%') && decode === unescape) return s;
      try {
        return decode(s);
      } catch (_) {
        return unescape(s, true);
      }
    };
    let pairs = 0;
    let pos = 0;
    while (pos <= qs.length && pairs < limit) {
      let end = qs.indexOf(sep, pos);
      if (end === -1) end = qs.length;
      const pair = qs.slice(pos, end);
      pos = end + sep.length;
      if (pair.length === 0) {
        if (end >= qs.length) break;
        continue;
      }
      const at = pair.indexOf(eq);
      const key = decodeStr(at === -1 ? pair : pair.slice(0, at));
      const value = at === -1 ? '' : decodeStr(pair.slice(at + eq.length));
      pairs++;
      const existing = obj[key];
      if (existing === undefined) obj[key] = value;
      else if (Array.isArray(existing)) existing.push(value);
      else obj[key] = [existing, value];
      if (end >= qs.length) break;
    }
    return obj;
  }

  return { unescapeBuffer, unescape, escape, stringify, encode: stringify, parse, decode: parse };
})
