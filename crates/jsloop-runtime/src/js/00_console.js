// jsloop glue 00: console formatting, as a browser's console prints to text.
// Evaluated once per realm; `host` is the object of host functions.
(function (host, g) {
  'use strict';
  // Date.now() and new Date() follow the loop's clock (virtual or real), in
  // both hosts.
  if (typeof host.dateNow === 'function') {
    const RealDate = Date;
    const JsloopDate = function Date(...args) {
      if (!new.target) return new RealDate(host.dateNow()).toString();
      return Reflect.construct(RealDate, args.length === 0 ? [host.dateNow()] : args, new.target);
    };
    Object.setPrototypeOf(JsloopDate, RealDate);
    JsloopDate.prototype = RealDate.prototype;
    Object.defineProperty(RealDate.prototype, 'constructor', { value: JsloopDate, writable: true, configurable: true });
    for (const [k, v] of Object.entries({ now: () => host.dateNow(), parse: RealDate.parse, UTC: RealDate.UTC })) {
      Object.defineProperty(JsloopDate, k, { value: v, writable: true, configurable: true, enumerable: false });
    }
    Object.defineProperty(g, 'Date', { value: JsloopDate, writable: true, configurable: true, enumerable: false });
  }
  // The engine's error messages in V8's words (V8's message-template.h:
  // kCalledNonCallable "% is not a function", kNotConstructor, kNonObject-
  // PropertyLoadWithProperty, kNonObjectPropertyStoreWithProperty,
  // kAccessedUninitializedVariable, kInvalidArrayLength): the text users
  // search for. QuickJS's API has one place to change an error as it is
  // made, Error.prepareStackTrace (called by build_backtrace with the error
  // and its call sites); the stack it returns is QuickJS's own format,
  // line for line. The callee of "not a function" is read back from the
  // source at the call site's position, as V8's CallPrinter prints it.
  if (typeof host.sourceLine === 'function') {
    const V8_WORDS = [
      [/^cannot read property '(.*)' of (undefined|null)$/s, (m) => `Cannot read properties of ${m[2]} (reading '${m[1]}')`],
      [/^cannot set property '(.*)' of (undefined|null)$/s, (m) => `Cannot set properties of ${m[2]} (setting '${m[1]}')`],
      [/^(.+) is not initialized$/s, (m) => `Cannot access '${m[1]}' before initialization`],
      [/^invalid array length$/, () => 'Invalid array length'],
    ];
    const IDENT = /[\p{ID_Continue}$#]/u;
    // The expression called at column `col` (1-based) of `line`: QuickJS
    // points at the last name of a member chain (`x.a.foo(`), or at the
    // start of the callee (`f(`, `new x.a(`); the callee ends at its `(`.
    const calleeAt = (line, col) => {
      const at = col - 1;
      if (at < 0 || at >= line.length || !IDENT.test(line[at])) return null;
      let end = at;
      for (let depth = 0; end < line.length; end++) {
        const c = line[end];
        if (depth === 0 && (c === '(' || c === '`')) break;
        if (c === '[') depth++;
        else if (c === ']') depth--;
        else if (depth === 0 && !(IDENT.test(c) || c === '.' || c === '?')) return null;
        if (depth < 0) return null;
      }
      if (end >= line.length) return null;
      let start = at;
      for (;;) {
        const c = line[start - 1];
        if (start > 0 && (IDENT.test(c) || c === '.' || (c === '?' && line[start] === '.'))) {
          start--;
        } else if (c === ']') {
          let depth = 0;
          let k = start - 1;
          for (; k >= 0; k--) {
            if (line[k] === ']') depth++;
            else if (line[k] === '[' && --depth === 0) break;
          }
          if (k < 0) return null;
          start = k;
        } else {
          break;
        }
      }
      // V8 prints `x['a']` as `x.a`.
      const expr = line.slice(start, end).replace(/\?\.$/, '').replace(/\[(['"])([A-Za-z_$][\w$]*)\1\]/g, '.$2');
      return /^[\p{ID_Start}$_]/u.test(expr) && !/^(new|typeof|void|await|return|delete)$/.test(expr) ? expr : null;
    };
    // QuickJS's position for a call that fails is the last name it
    // evaluated before calling: the callee's own last name when the
    // arguments name nothing, else the last name in the arguments
    // (`url.parse(this.address())` points at `address`). So a position in
    // an argument list on the same line names the call that list belongs
    // to (the innermost `(` left open before it, unless that is a
    // statement's: `if (`, `for (`, …).
    const KEYWORD_PARENS = /^(if|for|while|switch|catch|with|function|return|typeof|void|await|yield|new|do|else|in|of|delete|case)$/;
    const enclosingCallees = (line, col) => {
      const found = [];
      let depth = 0;
      for (let k = col - 2; k >= 0; k--) {
        const c = line[k];
        if (c === ')' || c === ']' || c === '}') depth++;
        else if ((c === '[' || c === '{') && depth > 0) depth--;
        else if (c === '{') {
          // A template's `${` or an object literal is inside the call; a
          // block (a function's body) is another frame's or a statement's.
          let j = k - 1;
          while (j >= 0 && line[j] === ' ') j--;
          if (j >= 0 && !'$(,:=[?!&|'.includes(line[j])) break;
        } else if (c === '>' && line[k - 1] === '=') {
          break;
        } else if (c === '(') {
          if (depth > 0) {
            depth--;
            continue;
          }
          let j = k - 1;
          while (j >= 0 && line[j] === ' ') j--;
          if (j < 0 || !IDENT.test(line[j])) continue;
          let start = j;
          while (start > 0 && IDENT.test(line[start - 1])) start--;
          if (KEYWORD_PARENS.test(line.slice(start, j + 1)) && (start === 0 || line[start - 1] !== '.')) break;
          const callee = calleeAt(line, start + 1);
          if (callee) found.push(callee);
        }
      }
      return found;
    };
    // The value of a member chain of globals (`JSON.parse`), if it is one;
    // undefined for anything else.
    const globalChain = (expr) => {
      if (!/^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/.test(expr)) return undefined;
      const [root, ...rest] = expr.split('.');
      if (!Object.prototype.hasOwnProperty.call(g, root)) return undefined;
      let v = g[root];
      for (const k of rest) {
        if (v === null || v === undefined) return undefined;
        const d = Object.getOwnPropertyDescriptor(Object(v), k);
        v = d && 'value' in d ? d.value : undefined;
      }
      return v;
    };
    // The call that failed: of the calls whose argument lists hold the
    // position (innermost first) and the call at the position itself, a
    // global function (JSON.stringify) cannot have failed and a property of
    // a global that is no function did; otherwise the innermost enclosing
    // call is named (`url.parse(this.address())`), which is the usual case
    // (V8 knows; QuickJS's position alone cannot tell).
    const pickCallee = (text, col) => {
      const here = calleeAt(text, col);
      let unknown = null;
      for (const callee of enclosingCallees(text, col)) {
        const v = globalChain(callee);
        if (typeof v === 'function') continue;
        if (v !== undefined || /^[A-Za-z_$][\w$]*\./.test(callee) && globalChain(callee.slice(0, callee.lastIndexOf('.'))) !== undefined) return callee;
        unknown ??= callee;
      }
      if (here) {
        const v = globalChain(here);
        if (v !== undefined && typeof v !== 'function') return here;
        if (typeof v === 'function') return unknown;
      }
      return unknown ?? here;
    };
    const rename = (error, sites) => {
      const message = error.message;
      if (typeof message !== 'string' || !(error instanceof Error)) return;
      let words = null;
      if (message === 'not a function' || message === 'not a constructor') {
        const site = sites[0];
        if (!site || site.isNative() || site.getFunction() === null) return;
        const text = host.sourceLine(String(site.getFileName()), site.getLineNumber());
        const col = site.getColumnNumber();
        const callee = typeof text === 'string' ? pickCallee(text, col) : null;
        if (callee) words = callee + ' is ' + message;
      } else if (message === 'could not delete property') {
        // V8's kStrictDeleteProperty, "Cannot delete property '%' of %",
        // for a member chain of globals (`delete process.exitCode`): QuickJS
        // points at the start of the deleted member expression. The object
        // is printed as V8's NoSideEffectsToString prints a receiver.
        const site = sites[0];
        if (!site || site.isNative() || site.getFunction() === null) return;
        const text = host.sourceLine(String(site.getFileName()), site.getLineNumber());
        if (typeof text !== 'string' || !/\bdelete\s+$/.test(text.slice(0, site.getColumnNumber() - 1))) return;
        const m = /^([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)(?:\.([A-Za-z_$][\w$]*)|\[(?:(['"])([^'"]*)\3|(\d+))\])/.exec(text.slice(site.getColumnNumber() - 1));
        if (!m) return;
        let chain = m[1];
        let key = m[2] ?? m[4] ?? m[5];
        const object = globalChain(chain);
        if (object === null || (typeof object !== 'object' && typeof object !== 'function')) return;
        let shown;
        if (Array.isArray(object)) shown = '[object Array]';
        else {
          const proto = Object.getPrototypeOf(object);
          const ctor = proto && Object.getOwnPropertyDescriptor(proto, 'constructor');
          const name = ctor && typeof ctor.value === 'function' && ctor.value.name;
          shown = `#<${name || 'Object'}>`;
        }
        words = `Cannot delete property '${key}' of ${shown}`;
      } else {
        for (const [pattern, say] of V8_WORDS) {
          const m = pattern.exec(message);
          if (m) {
            words = say(m);
            break;
          }
        }
      }
      if (words !== null) {
        Object.defineProperty(error, 'message', { value: words, writable: true, configurable: true, enumerable: false });
      }
    };
    // QuickJS's own text for a stack (build_backtrace without a prepare
    // function): "    at NAME (FILE:LINE:COL)", "(native)", and a parse
    // error's "    at FILE:LINE:COL".
    const frame = (site) => {
      if (site.getFunction() === null && !site.isNative()) {
        const line = site.getLineNumber();
        return '    at ' + site.getFileName() + (line === -1 ? '' : ':' + line + ':' + site.getColumnNumber());
      }
      const name = site.getFunctionName() || '<anonymous>';
      if (site.isNative()) return '    at ' + name + ' (native)';
      const file = site.getFileName();
      const line = site.getLineNumber();
      return '    at ' + name + ' (' + (file == null ? '<null>' : file) +
        (line === -1 ? '' : ':' + line + ':' + site.getColumnNumber()) + ')';
    };
    const prepareStackTrace = function prepareStackTrace(error, sites) {
      try {
        rename(error, sites);
      } catch (_) {
        // A message left as QuickJS wrote it.
      }
      let stack = '';
      for (const site of sites) stack += frame(site) + '\n';
      return stack;
    };
    Error.prepareStackTrace = prepareStackTrace;
    // V8's CallSite methods QuickJS's call sites lack (https://v8.dev/docs/stack-trace-api),
    // answered from what QuickJS knows: no eval origin, no type or method
    // name, not a constructor call, not async. (Libraries such as depd read them.)
    try {
      Error.prepareStackTrace = (_, sites) => sites;
      const sites = new Error().stack;
      Error.prepareStackTrace = prepareStackTrace;
      const proto = Array.isArray(sites) && sites.length ? Object.getPrototypeOf(sites[0]) : null;
      const missing = {
        isEval() { return false; },
        isConstructor() { return false; },
        isToplevel() { return this.getFunction() === null; },
        isAsync() { return false; },
        isPromiseAll() { return false; },
        getPromiseIndex() { return null; },
        getTypeName() { return null; },
        getMethodName() { return null; },
        getEvalOrigin() { return undefined; },
        getScriptNameOrSourceURL() { return this.getFileName(); },
        getThis() { return undefined; },
      };
      if (proto) {
        for (const [name, fn] of Object.entries(missing)) {
          if (typeof proto[name] !== 'function') Object.defineProperty(proto, name, { value: fn, writable: true, configurable: true });
        }
      }
    } finally {
      Error.prepareStackTrace = prepareStackTrace;
    }
  }

  const MAX_DEPTH = 2;
  const isArray = Array.isArray;
  const objectToString = Object.prototype.toString;
  const TypedArray = Object.getPrototypeOf(Uint8Array);

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
    // jsloop's own glue frames are not the user's: leave them out.
    const stack = typeof e.stack === 'string'
      ? e.stack.split('\n').filter((l) => l && !l.includes('jsloop:glue')).join('\n')
      : '';
    return stack ? head + '\n' + stack : head;
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
  Object.defineProperty(g, 'console', { value: console, writable: true, configurable: true, enumerable: false });
  return { inspect: (v) => inspect(v, [], 0, false), errorText };
})
