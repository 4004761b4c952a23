// jsloop glue 00: the callee of the engine's "not a function" and "not a
// constructor" errors, and the object of "could not delete property", read
// back from the program's source as V8's CallPrinter prints them. Evaluated
// when the first such error is made (00_console.js's rename, which words the
// engine's other messages itself): a program that makes none does not read
// this at start-up. `host.sourceLine(file, line)` reads a line of the
// program's source.
(function (host, g) {
  'use strict';
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
  // Whether the call at column `col` (its callee's last name) is followed,
  // in the argument list around it, by a name: QuickJS moves its position
  // to each name it evaluates, so a position still at this call means the
  // call itself failed (`assert.strictEqual(conn.reset(), conn)`), not
  // the call around it. Strings and property names are skipped; `true`,
  // `null`, … are no names.
  const LITERAL_WORDS = /^(true|false|null|this|typeof|void|in|of|instanceof)$/;
  const namedAfterCall = (line, col) => {
    let k = col - 1;
    while (k < line.length && line[k] !== '(') k++;
    let depth = 0;
    let quote = null;
    for (; k < line.length; k++) {
      const c = line[k];
      if (quote !== null) {
        if (c === '\\') k++;
        else if (c === quote) quote = null;
        continue;
      }
      if (c === '"' || c === "'" || c === '`') {
        quote = c;
      } else if (c === '(' || c === '[' || c === '{') {
        depth++;
      } else if (c === ')' || c === ']' || c === '}') {
        // The end of the argument list around the call: no name came.
        if (--depth < 0) return false;
      } else if (depth === 0 && /[A-Za-z_$]/.test(c) && !IDENT.test(line[k - 1] ?? ' ')) {
        const word = /^[A-Za-z_$][\w$]*/.exec(line.slice(k))[0];
        // (A property's name, `.port`, moves no position.)
        if (!LITERAL_WORDS.test(word) && !/\.\s*$/.test(line.slice(0, k))) return true;
        k += word.length - 1;
      }
    }
    return false;
  };
  const pickCallee = (text, col) => {
    const here = calleeAt(text, col);
    if (here && namedAfterCall(text, col)) return here;
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
  // What the engine's "not a function", "not a constructor" or "could not
  // delete property" says in V8's words, from the source at the error's
  // first call site; null if the source does not tell.
  return function calleeWords(message, sites) {
    if (message === 'not a function' || message === 'not a constructor') {
      const site = sites[0];
      if (!site || site.isNative() || site.getFunction() === null) return null;
      const text = host.sourceLine(String(site.getFileName()), site.getLineNumber());
      const col = site.getColumnNumber();
      const callee = typeof text === 'string' ? pickCallee(text, col) : null;
      return callee ? callee + ' is ' + message : null;
    } else if (message === 'could not delete property') {
      // V8's kStrictDeleteProperty, "Cannot delete property '%' of %",
      // for a member chain of globals (`delete process.exitCode`): QuickJS
      // points at the start of the deleted member expression. The object
      // is printed as V8's NoSideEffectsToString prints a receiver.
      const site = sites[0];
      if (!site || site.isNative() || site.getFunction() === null) return null;
      const text = host.sourceLine(String(site.getFileName()), site.getLineNumber());
      if (typeof text !== 'string' || !/\bdelete\s+$/.test(text.slice(0, site.getColumnNumber() - 1))) return null;
      const m = /^([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)(?:\.([A-Za-z_$][\w$]*)|\[(?:(['"])([^'"]*)\3|(\d+))\])/.exec(text.slice(site.getColumnNumber() - 1));
      if (!m) return null;
      let chain = m[1];
      let key = m[2] ?? m[4] ?? m[5];
      const object = globalChain(chain);
      if (object === null || (typeof object !== 'object' && typeof object !== 'function')) return null;
      let shown;
      if (Array.isArray(object)) shown = '[object Array]';
      else {
        const proto = Object.getPrototypeOf(object);
        const ctor = proto && Object.getOwnPropertyDescriptor(proto, 'constructor');
        const name = ctor && typeof ctor.value === 'function' && ctor.value.name;
        shown = `#<${name || 'Object'}>`;
      }
      return `Cannot delete property '${key}' of ${shown}`;
    }
    return null;
  };
})
