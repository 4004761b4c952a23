// jsloop glue 01: the console as a browser's prints it to text (formatting
// with `inspect`, groups, counts and timers). The browser host makes it
// the global console; the node host, whose console is Node's
// (node/console.js), uses only its `inspect` (host.inspect) and makes it
// when that is first used. `engine` is what 00_console.js returns; with
// `install`, the console becomes globalThis.console.
(function (host, g, engine, install) {
  'use strict';
  const MAX_DEPTH = 2;
  const isArray = engine.isArray;
  const objectToString = engine.objectToString;
  const TypedArray = engine.TypedArray;

  function tag(v) {
    return objectToString.call(v).slice(8, -1);
  }

  function quote(s) {
    return "'" + s.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n') + "'";
  }

  function keyName(k) {
    if (typeof k === 'symbol') return '[' + k.toString() + ']';
    return /^[A-Za-z_$][\w$]*$/.test(k) ? k : quote(k);
  }

  function functionName(f) {
    const src = Function.prototype.toString.call(f);
    if (/^class\b/.test(src)) return 'class ' + (f.name || '(anonymous)');
    return 'ƒ ' + (f.name || '') + '()';
  }

  function errorText(e) {
    let head;
    try {
      head = String(e.name === undefined ? 'Error' : e.name) +
        (e.message === undefined || e.message === '' ? '' : ': ' + e.message);
    } catch (_) {
      head = 'Error';
    }
    // The stack begins with the headline (as V8 writes it, without the
    // glue's frames).
    let stack;
    try {
      stack = e.stack;
    } catch (_) {
      stack = undefined;
    }
    return typeof stack === 'string' && stack !== '' ? stack.replace(/\n+$/, '') : head;
  }

  function constructorName(o) {
    const proto = Object.getPrototypeOf(o);
    if (proto === null) return '';
    const c = proto.constructor;
    return typeof c === 'function' && c.name ? c.name : '';
  }

  function ownEntries(o, seen, depth) {
    const parts = [];
    for (const k of Reflect.ownKeys(o)) {
      const d = Object.getOwnPropertyDescriptor(o, k);
      if (!d || !d.enumerable) continue;
      const v = 'value' in d ? inspect(d.value, seen, depth + 1, true) : '(...)';
      parts.push(keyName(k) + ': ' + v);
    }
    return parts;
  }

  // Formats a value the way the browser console's text form shows it:
  // strings bare at the top level and quoted inside objects, `{a: 1}`,
  // `[1, 2]`, `Map(1) {'a' => 1}`, errors with their stack.
  function inspect(v, seen, depth, nested) {
    switch (typeof v) {
      case 'string': return nested ? quote(v) : v;
      case 'number': return Object.is(v, -0) ? '-0' : String(v);
      case 'bigint': return v + 'n';
      case 'symbol': return v.toString();
      case 'undefined': return 'undefined';
      case 'boolean': return String(v);
      case 'function': return functionName(v);
    }
    if (v === null) return 'null';
    if (seen.includes(v)) return '[Circular]';
    if (v instanceof Error || Error.isError(v)) return nested ? '' + (v.name || 'Error') + (v.message ? ': ' + v.message : '') : errorText(v);
    const t = tag(v);
    if (t === 'Date') return isNaN(v) ? 'Invalid Date' : Date.prototype.toString.call(v);
    if (t === 'RegExp') return RegExp.prototype.toString.call(v);
    if (t === 'Symbol' || t === 'Number' || t === 'String' || t === 'Boolean' || t === 'BigInt') {
      return '[' + t + ': ' + inspect(v.valueOf(), seen, depth, true) + ']';
    }
    if (t === 'Promise') return 'Promise {}';
    if (t === 'ArrayBuffer') return 'ArrayBuffer(' + v.byteLength + ')';
    if (depth > MAX_DEPTH) {
      if (isArray(v)) return 'Array(' + v.length + ')';
      const n = constructorName(v);
      return (n && n !== 'Object' ? n + ' ' : '') + '{…}';
    }
    seen.push(v);
    try {
      if (isArray(v) || v instanceof TypedArray) {
        const parts = [];
        let holes = 0;
        const flush = () => {
          if (holes) parts.push(holes === 1 ? 'empty' : 'empty × ' + holes);
          holes = 0;
        };
        for (let i = 0; i < v.length; i++) {
          if (!(i in v)) { holes++; continue; }
          flush();
          parts.push(inspect(v[i], seen, depth + 1, true));
        }
        flush();
        for (const k of Reflect.ownKeys(v)) {
          if (typeof k === 'string' && /^\d+$/.test(k) || k === 'length') continue;
          const d = Object.getOwnPropertyDescriptor(v, k);
          if (d && d.enumerable) parts.push(keyName(k) + ': ' + inspect(d.value, seen, depth + 1, true));
        }
        const prefix = isArray(v) ? (nested || v.length < 2 ? '' : '(' + v.length + ') ') : t + '(' + v.length + ') ';
        return prefix + '[' + parts.join(', ') + ']';
      }
      if (t === 'Map') {
        const parts = [];
        for (const [k, val] of v) parts.push(inspect(k, seen, depth + 1, true) + ' => ' + inspect(val, seen, depth + 1, true));
        return 'Map(' + v.size + ') {' + parts.join(', ') + '}';
      }
      if (t === 'Set') {
        const parts = [];
        for (const val of v) parts.push(inspect(val, seen, depth + 1, true));
        return 'Set(' + v.size + ') {' + parts.join(', ') + '}';
      }
      const n = constructorName(v);
      const body = '{' + ownEntries(v, seen, depth).join(', ') + '}';
      return n && n !== 'Object' ? n + ' ' + body : body;
    } finally {
      seen.pop();
    }
  }

  // https://console.spec.whatwg.org/#formatter
  function format(args) {
    let out = '';
    let i = 0;
    if (typeof args[0] === 'string' && args.length > 1) {
      const f = args[0];
      i = 1;
      let last = 0;
      for (let p = 0; p < f.length - 1; p++) {
        if (f[p] !== '%') continue;
        const c = f[p + 1];
        let rep;
        if (c === '%') rep = '%';
        else if (i >= args.length && 'sdifoOc'.includes(c)) break;
        else if (c === 's') { const a = args[i++]; rep = typeof a === 'string' ? a : inspect(a, [], 1, false); }
        else if (c === 'd' || c === 'i') { const a = args[i++]; rep = typeof a === 'symbol' ? 'NaN' : String(typeof a === 'bigint' ? a + 'n' : Math.trunc(Number(a))); }
        else if (c === 'f') { const a = args[i++]; rep = typeof a === 'symbol' ? 'NaN' : String(Number(a)); }
        else if (c === 'o' || c === 'O') rep = inspect(args[i++], [], 0, true);
        else if (c === 'c') { i++; rep = ''; }
        else continue;
        out += f.slice(last, p) + rep;
        last = p + 2;
        p++;
      }
      out += f.slice(last);
    } else if (args.length > 0) {
      out = inspect(args[0], [], 0, false);
      i = 1;
    }
    for (; i < args.length; i++) out += ' ' + inspect(args[i], [], 0, false);
    return out;
  }

  let groupIndent = '';
  const counts = new Map();
  const timers = new Map();
  function print(stream, args) {
    let text = format(args);
    if (groupIndent) text = text.split('\n').map((l) => groupIndent + l).join('\n');
    // Lone surrogates print as U+FFFD, as a browser's console shows them.
    host.print(stream, text.toWellFormed());
  }
  const out = (...a) => print(1, a);
  const err = (...a) => print(2, a);
  const console = {
    log: out, info: out, debug: out, dir: (v) => print(1, [v]), dirxml: out, table: out,
    warn: err, error: err,
    trace: (...a) => print(2, ['Trace' + (a.length ? ': ' + format(a) : '') + '\n' + String(new Error().stack).replace(/^.*\n/, '').replace(/\n$/, '')]),
    assert: (cond, ...a) => { if (!cond) print(2, a.length ? ['Assertion failed: ' + format(a)] : ['Assertion failed']); },
    group: (...a) => { if (a.length) print(1, a); groupIndent += '  '; },
    groupCollapsed: (...a) => { if (a.length) print(1, a); groupIndent += '  '; },
    groupEnd: () => { groupIndent = groupIndent.slice(2); },
    count: (label = 'default') => { const n = (counts.get(label) || 0) + 1; counts.set(label, n); print(1, [label + ': ' + n]); },
    countReset: (label = 'default') => { counts.set(label, 0); },
    time: (label = 'default') => { timers.set(label, host.now()); },
    timeLog: (label = 'default', ...a) => { if (timers.has(label)) print(1, [label + ': ' + (host.now() - timers.get(label)) + ' ms', ...a]); },
    timeEnd: (label = 'default') => { if (timers.has(label)) { print(1, [label + ': ' + (host.now() - timers.get(label)) + ' ms']); timers.delete(label); } },
  };
  // The console namespace's @@toStringTag (https://webidl.spec.whatwg.org/#es-namespaces).
  Object.defineProperty(console, Symbol.toStringTag, { value: 'console', writable: false, enumerable: false, configurable: true });
  if (install) {
    Object.defineProperty(g, 'console', { value: console, writable: true, configurable: true, enumerable: false });
  }
  return { console, inspect: (v) => inspect(v, [], 0, false), errorText };
})
