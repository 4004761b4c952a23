// jsloop node glue: the `assert` module (and `assert/strict`).
//
// Written for jsloop from Node's documentation of the module
// (https://nodejs.org/api/assert.html) and the messages Node 24 prints
// (tests/node/assert_messages_match_node.js records a corpus of them).
// Messages are built without colours, as Node does when stderr is not a
// terminal. Comparison itself is util's (isDeepEqual, isDeepStrictEqual).
// Not here: assert.CallTracker (deprecated).
//
// internals: { require('util'), getSourceText?(fileName) -> string } —
// getSourceText lets assert.ok() quote the expression that was falsy, as
// Node does; without it the message is '<value> == true'.
(function (internals) {
  'use strict';
  const util = internals.require('util');
  const { inspect } = util;
  const U = util[Symbol.for('jsloop.node.util.internal')];
  const { isDeepEqual, isDeepStrictEqual, isPartialStrictEqual, nodeError, errInvalidArgType, determineSpecificType, isError } = U;
  // The options of the Assert instance whose method is running (the
  // module's functions: the defaults).
  const kDefaults = Object.freeze({ diff: 'simple', strict: false, skipPrototype: false });
  let current = kDefaults;
  const { isPromise, isRegExp } = util.types;

  // ------------------------------------------------------------ messages

  // The first line of a generated message, by operator.
  const HEADLINES = {
    deepStrictEqual: 'Expected values to be strictly deep-equal:',
    strictEqual: 'Expected values to be strictly equal:',
    strictEqualObject: 'Expected "actual" to be reference-equal to "expected":',
    deepEqual: 'Expected values to be loosely deep-equal:',
    partialDeepStrictEqual: 'Expected values to be partially and strictly deep-equal:',
    notDeepStrictEqual: 'Expected "actual" not to be strictly deep-equal to:',
    notStrictEqual: 'Expected "actual" to be strictly unequal to:',
    notStrictEqualObject: 'Expected "actual" not to be reference-equal to "expected":',
    notDeepEqual: 'Expected "actual" not to be loosely deep-equal to:',
    notIdentical: 'Values have same structure but are not reference-equal:',
    notDeepEqualUnequal: 'Expected values not to be loosely deep-equal:',
  };
  // Operators whose message is a diff of the two values, even with a
  // message of the caller's (which then replaces the headline).
  const DIFFED = new Set(['deepStrictEqual', 'strictEqual', 'partialDeepStrictEqual']);
  // In a diff, a run of unchanged lines longer than this is cut.
  const KEPT_UNCHANGED = 5;

  // Values as messages show them: every level, every element, keys sorted,
  // no custom inspection.
  const show = (value) => inspect(value, {
    compact: false, customInspect: false, depth: 1000, maxArrayLength: Infinity,
    showHidden: false, showProxy: false, sorted: true, getters: true,
  });
  // In a diff a URL shows as its href (Node's assertion_error.js).
  const showInDiff = (value) => (typeof URL === 'function' && value instanceof URL ? value.href : show(value));

  const isObjectLike = (v) => typeof v === 'object' && v !== null;

  // The edit script between two lists of lines (Myers, "An O(ND)
  // Difference Algorithm and Its Variations", 1986): [op, line] pairs in
  // order, op '+' for a line only in `a` (actual), '-' for one only in `b`
  // (expected), ' ' for a shared one. With `looseCommas`, lines that differ
  // only by a trailing comma count as shared.
  function editScript(a, b, looseCommas) {
    const same = (x, y) => x === y || (looseCommas && (`${x},` === y || x === `${y},`));
    const n = a.length;
    const m = b.length;
    const max = n + m;
    const offset = max;
    let frontier = new Int32Array(2 * max + 2);
    const history = [];
    let found = false;
    for (let d = 0; d <= max && !found; d++) {
      history.push(frontier.slice());
      for (let k = -d; k <= d; k += 2) {
        // Step down (a line of `b`) or right (a line of `a`), whichever
        // reaches further, then follow the diagonal of shared lines.
        const down = k === -d || (k !== d && frontier[offset + k - 1] < frontier[offset + k + 1]);
        let x = down ? frontier[offset + k + 1] : frontier[offset + k - 1] + 1;
        let y = x - k;
        while (x < n && y < m && same(a[x], b[y])) {
          x++;
          y++;
        }
        frontier[offset + k] = x;
        if (x >= n && y >= m) {
          found = true;
          break;
        }
      }
    }
    // Walk the recorded frontiers back from the end.
    const script = [];
    let x = n;
    let y = m;
    for (let d = history.length - 1; d >= 0; d--) {
      const v = history[d];
      const k = x - y;
      const down = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1]);
      const prevK = down ? k + 1 : k - 1;
      const prevX = v[offset + prevK];
      const prevY = prevX - prevK;
      while (x > prevX && y > prevY) {
        const line = looseCommas && !a[x - 1].endsWith(',') ? b[y - 1] : a[x - 1];
        script.push([' ', line]);
        x--;
        y--;
      }
      if (d > 0) {
        if (x > prevX) script.push(['+', a[--x]]);
        else script.push(['-', b[--y]]);
      }
    }
    return script.reverse();
  }

  // The diff as messages print it: changed lines with '+ ' or '- ', shared
  // ones indented by two; of a run of shared lines only the first five
  // show, and before a change also the last one (or two, when that covers
  // the run; otherwise '...' marks the cut).
  function printScript(script) {
    const out = [];
    let cut = false;
    let run = 0;
    for (let i = 0; i < script.length; i++) {
      const [op, line] = script[i];
      if (op !== ' ' && run > KEPT_UNCHANGED) {
        const hidden = run - KEPT_UNCHANGED;
        if (hidden >= 3) {
          out.push('...');
          cut = true;
        } else if (hidden === 2) {
          out.push(`  ${script[i - 2][1]}`);
        }
        out.push(`  ${script[i - 1][1]}`);
      }
      if (op === ' ') {
        if (run < KEPT_UNCHANGED) out.push(`  ${line}`);
        run++;
      } else {
        out.push(`${op} ${line}`);
        run = 0;
      }
    }
    return { text: out.join('\n').trimEnd(), cut };
  }

  // Two one-line values: 'a !== b' when short, else one above the other,
  // with a caret under their first difference when they are short.
  function stackedPair(actual, shownActual, expected, shownExpected) {
    let length = shownActual.length + shownExpected.length;
    if (typeof actual === 'string') length -= 2;
    if (typeof expected === 'string') length -= 2;
    if (length <= 12 && (actual !== 0 || expected !== 0)) return { body: `${shownActual} !== ${shownExpected}`, legend: '' };
    let body = `+ ${shownActual}\n- ${shownExpected}`;
    // (Node 24 tests the two inspected texts here, so any pair that fits
    // in 80 columns gets the caret.)
    if (shownActual.length + shownExpected.length <= 80) {
      let at = 0;
      while (at < shownActual.length && shownActual[at] === shownExpected[at]) at++;
      // The first characters (quote included) need no pointer.
      if (at < shownActual.length && at >= 3) body += `\n${' '.repeat(at + 2)}^`;
    }
    return { body, legend: '+ actual - expected' };
  }

  // The message of strictEqual / deepStrictEqual failures.
  function diffMessage(actual, expected, operator, custom, diffMode) {
    if (operator === 'strictEqual' &&
        ((isObjectLike(actual) && isObjectLike(expected)) || (typeof actual === 'function' && typeof expected === 'function'))) {
      operator = 'strictEqualObject';
    }
    const shownActual = showInDiff(actual);
    const shownExpected = showInDiff(expected);
    const actualLines = shownActual.split('\n');
    const expectedLines = shownExpected.split('\n');
    let legend = '+ actual - expected';
    let body;
    let cut = false;
    if (actualLines.length === 1 && expectedLines.length === 1 && (!isObjectLike(actual) || !isObjectLike(expected))) {
      ({ body, legend } = stackedPair(actual, shownActual, expected, shownExpected));
    } else if (shownActual === shownExpected) {
      operator = 'notIdentical';
      legend = '';
      if (actualLines.length > 50 && diffMode !== 'full') {
        body = `${actualLines.slice(0, 50).join('\n')}\n...}`;
        cut = true;
      } else {
        body = shownActual;
      }
    } else {
      const printed = printScript(editScript(actualLines, expectedLines, isObjectLike(actual)));
      body = printed.text;
      cut = printed.cut;
    }
    const headline = custom || HEADLINES[operator];
    // A legend is followed by an empty line; without one the value comes
    // right after the headline's empty line.
    return `${headline}\n${legend}${cut ? '\n... Skipped lines' : ''}\n${legend ? '\n' : ''}${body}\n`;
  }

  // The message of notStrictEqual / notDeepStrictEqual failures: the one
  // value (cut after 46 lines when longer than 50).
  function sameValueMessage(actual, operator, diffMode) {
    let headline = HEADLINES[operator];
    if (operator === 'notStrictEqual' && (isObjectLike(actual) || typeof actual === 'function')) {
      headline = HEADLINES.notStrictEqualObject;
    }
    let lines = show(actual).split('\n');
    if (lines.length > 50 && diffMode !== 'full') lines = [...lines.slice(0, 46), '...'];
    if (lines.length === 1) return `${headline}${lines[0].length > 5 ? '\n\n' : ' '}${lines[0]}`;
    return `${headline}\n\n${lines.join('\n')}\n`;
  }

  // Every other operator: 'a == b', or the loose deep-equality forms.
  function pairMessage(actual, expected, operator, diffMode) {
    let a = show(actual);
    let b = show(expected);
    if (operator === 'notDeepEqual' && a === b) {
      const text = `${HEADLINES.notDeepEqual}\n\n${a}`;
      return text.length > 1024 && diffMode !== 'full' ? `${text.slice(0, 1021)}...` : text;
    }
    if (diffMode !== 'full') {
      if (a.length > 512) a = `${a.slice(0, 509)}...`;
      if (b.length > 512) b = `${b.slice(0, 509)}...`;
    }
    if (operator === 'deepEqual') return `${HEADLINES.deepEqual}\n\n${a}\n\nshould loosely deep-equal\n\n${b}`;
    if (operator === 'notDeepEqual') return `${HEADLINES.notDeepEqualUnequal}\n\n${a}\n\nshould not loosely deep-equal\n\n${b}`;
    return `${a} ${operator} ${b}`;
  }

  // An Error given as actual and expected is shown through a copy, so
  // that its stack does not fill the message.
  function withoutStack(error) {
    const copy = Object.assign(Object.create(Object.getPrototypeOf(error)), error);
    Object.defineProperty(copy, 'message', { __proto__: null, value: error.message });
    if (Object.prototype.hasOwnProperty.call(error, 'cause')) {
      const cause = isError(error.cause) ? withoutStack(error.cause) : error.cause;
      Object.defineProperty(copy, 'cause', { __proto__: null, value: cause });
    }
    return copy;
  }

  // ------------------------------------------------------------ AssertionError

  // QuickJS's stack has the frames only; V8's begins with 'Name: message'.
  function giveStack(error, head, startFn) {
    if (typeof Error.captureStackTrace === 'function') {
      try {
        Error.captureStackTrace(error, startFn);
      } catch {
        // Keep the stack the constructor made.
      }
    }
    const frames = typeof error.stack === 'string' ? error.stack : '';
    if (frames === '' || /^\s+at /.test(frames)) {
      const trimmed = frames.replace(/\n+$/, '');
      // (Descriptors without a prototype: a program may have put `get` or
      // `set` on Object.prototype.)
      Object.defineProperty(error, 'stack', {
        __proto__: null, value: trimmed ? `${head}\n${trimmed}` : head, writable: true, configurable: true, enumerable: false,
      });
    }
  }

  // Inspecting an AssertionError shows long string values shortened (ten
  // lines, or 512 characters).
  function shortened(text) {
    const lines = text.split('\n', 11);
    if (lines.length > 10) return `${lines.slice(0, 10).join('\n')}\n...`;
    return text.length > 512 ? `${text.slice(512)}...` : text;
  }

  class AssertionError extends Error {
    constructor(options) {
      if (!isObjectLike(options)) throw errInvalidArgType('options', 'Object', options);
      const { message, operator, stackStartFn, stackStartFunction, details } = options;
      const diffMode = options.diff ?? current.diff;
      let { actual, expected } = options;
      let text;
      if (message != null && !DIFFED.has(operator)) {
        text = String(message);
      } else if (DIFFED.has(operator)) {
        if (message == null && isError(actual) && isError(expected) && 'stack' in actual && 'stack' in expected) {
          actual = withoutStack(actual);
          expected = withoutStack(expected);
        }
        text = diffMessage(actual, expected, operator, message, diffMode);
      } else if (operator === 'notDeepStrictEqual' || operator === 'notStrictEqual') {
        text = sameValueMessage(actual, operator, diffMode);
      } else {
        text = pairMessage(actual, expected, operator, diffMode);
      }
      super(text);
      this.generatedMessage = !message;
      Object.defineProperty(this, 'name', { __proto__: null, value: 'AssertionError [ERR_ASSERTION]', enumerable: false, writable: true, configurable: true });
      this.code = 'ERR_ASSERTION';
      if (details) {
        this.actual = undefined;
        this.expected = undefined;
        this.operator = undefined;
        details.forEach((detail, i) => {
          this[`message ${i}`] = detail.message;
          this[`actual ${i}`] = detail.actual;
          this[`expected ${i}`] = detail.expected;
          this[`operator ${i}`] = detail.operator;
          this[`stack trace ${i}`] = detail.stack;
        });
      } else {
        this.actual = actual;
        this.expected = expected;
        this.operator = operator;
      }
      giveStack(this, `AssertionError [ERR_ASSERTION]: ${this.message}`, current.startFn || stackStartFn || stackStartFunction || new.target);
      this.name = 'AssertionError';
      this.diff = diffMode;
    }

    toString() {
      return `${this.name} [${this.code}]: ${this.message}`;
    }

    [inspect.custom](depth, options) {
      const { actual, expected } = this;
      if (typeof actual === 'string') this.actual = shortened(actual);
      if (typeof expected === 'string') this.expected = shortened(expected);
      try {
        return inspect(this, { ...options, customInspect: false, depth: 0 });
      } finally {
        this.actual = actual;
        this.expected = expected;
      }
    }
  }

  // ------------------------------------------------------------ argument errors

  function missingArgs(...names) {
    const quoted = names.map((n) => `"${n}"`);
    const list = quoted.length === 2 ? `${quoted[0]} and ${quoted[1]} arguments` : `${quoted.join(', ')} argument${quoted.length > 1 ? 's' : ''}`;
    return nodeError(TypeError, 'ERR_MISSING_ARGS', `The ${list} must be specified`);
  }
  function invalidArgValue(name, value, reason) {
    let shown = inspect(value);
    if (shown.length > 128) shown = `${shown.slice(0, 128)}...`;
    return nodeError(TypeError, 'ERR_INVALID_ARG_VALUE', `The ${name.includes('.') ? 'property' : 'argument'} '${name}' ${reason}. Received ${shown}`);
  }

  // Throws the failure: a message that is an Error is thrown instead.
  function failWith(options) {
    if (options.message instanceof Error) throw options.message;
    throw new AssertionError(options);
  }

  // ------------------------------------------------------------ assert.ok

  const calleeChar = /[\p{ID_Continue}$.]/u;
  // assert.ok(value[, message]) with no message quotes the call's source,
  // as Node 24 does: from the callee to the ')' that closes the call or,
  // for a call over several lines, to the end of its first line. The frame
  // that called `fn` gives file, line and column; QuickJS's column is at
  // the callee or, more often, somewhere in the arguments, so the call is
  // the one that starts there or else the innermost one around it.
  function quoteCall(fn) {
    if (typeof internals.getSourceText !== 'function' || typeof Error.captureStackTrace !== 'function') return undefined;
    // The call site is read even when the program set
    // Error.stackTraceLimit to 0 (as Node's getErrMessage does).
    const limit = Error.stackTraceLimit;
    try {
      const probe = {};
      Error.stackTraceLimit = 10;
      try {
        Error.captureStackTrace(probe, fn);
      } finally {
        Error.stackTraceLimit = limit;
      }
      // The first frame with a place in a file (not `apply (native)`).
      const frame = String(probe.stack).split('\n').find((line) => /^\s+at .*:\d+:\d+\)?\s*$/.test(line));
      const where = frame && /\(?([^\s()]+):(\d+):(\d+)\)?\s*$/.exec(frame);
      if (!where) return undefined;
      const source = internals.getSourceText(where[1]);
      if (typeof source !== 'string') return undefined;
      const lines = source.split('\n').map((line) => line.replace(/\r$/, ''));
      const lineIndex = Number(where[2]) - 1;
      if (lines[lineIndex] === undefined) return undefined;
      // (Stacks count a CommonJS module's columns without its wrapper.)
      const column = Number(where[3]) - 1;
      const call = callAt(lines, lineIndex, column);
      if (!call) return undefined;
      const line = lines[call.line];
      let start = call.start;
      while (line[start] === '.') start++;
      const end = closingParen(line, start);
      // Control characters escaped, as Node's getErrMessage does.
      const code = line.slice(start, end === -1 ? line.length : end)
        .replace(/[\x00-\x08\x0b\x0c\x0e-\x1f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
      return `The expression evaluated to a falsy value:\n\n  ${code}\n`;
    } catch {
      return undefined;
    }
  }
  function callAt(lines, lineIndex, column) {
    const text = lines[lineIndex];
    let start = column;
    while (start > 0 && calleeChar.test(text[start - 1])) start--;
    let end = column;
    while (end < text.length && calleeChar.test(text[end])) end++;
    if (end > start && text[start] !== '.' && /^\s*\(/.test(text.slice(end))) return { line: lineIndex, start };
    let depth = 0;
    let fallback = null;
    for (let l = lineIndex; l >= 0 && l > lineIndex - 50; l--) {
      const t = lines[l];
      for (let i = l === lineIndex ? column - 1 : t.length - 1; i >= 0; i--) {
        if (t[i] === ')') {
          depth++;
        } else if (t[i] === '(') {
          if (depth > 0) {
            depth--;
            continue;
          }
          let calleeEnd = i;
          while (calleeEnd > 0 && t[calleeEnd - 1] === ' ') calleeEnd--;
          let calleeStart = calleeEnd;
          for (;;) {
            if (calleeStart > 0 && calleeChar.test(t[calleeStart - 1])) calleeStart--;
            else if (calleeStart > 0 && t[calleeStart - 1] === ']') {
              // A computed member (`assert['ok']`): back to its '['.
              const open = t.lastIndexOf('[', calleeStart - 1);
              if (open === -1) break;
              calleeStart = open;
            } else break;
          }
          if (calleeStart < calleeEnd) {
            // The call of assert itself is preferred to a call in its
            // arguments; else the innermost call around the column.
            const found = { line: l, start: calleeStart };
            if (/(^|\.)(ok|assert|strict)$/.test(t.slice(calleeStart, calleeEnd))) return found;
            fallback ??= found;
          }
        }
      }
    }
    return fallback;
  }
  // The index after the ')' that closes the first '(' from `from`, past
  // strings and template literals; -1 when it does not close in `text`.
  function closingParen(text, from) {
    let depth = 0;
    for (let i = from; i < text.length; i++) {
      const c = text[i];
      if (c === '"' || c === "'" || c === '`') {
        for (i++; i < text.length && text[i] !== c; i++) if (text[i] === '\\') i++;
      } else if (c === '(') {
        depth++;
      } else if (c === ')' && --depth === 0) {
        return i + 1;
      }
    }
    return -1;
  }

  function checkTruthy(fn, argCount, value, message) {
    if (value) return;
    let generated = false;
    if (argCount === 0) {
      generated = true;
      message = 'No value argument passed to `assert.ok()`';
    } else if (message == null) {
      generated = true;
      message = quoteCall(fn);
    } else if (isError(message)) {
      throw message;
    }
    const err = new AssertionError({ actual: value, expected: true, message, operator: '==', stackStartFn: fn });
    err.generatedMessage = generated;
    throw err;
  }

  function ok(...args) {
    checkTruthy(ok, args.length, ...args);
  }
  const assert = ok;

  // ------------------------------------------------------------ assert.fail

  let failDeprecationShown = false;
  // assert.fail([message]); the form with actual and expected is
  // deprecated (DEP0094).
  function fail(actual, expected, message, operator, stackStartFn) {
    const count = arguments.length;
    let generated = false;
    if (actual == null && count <= 1) {
      generated = true;
      message = 'Failed';
    } else if (count === 1) {
      message = actual;
      actual = undefined;
    } else {
      if (!failDeprecationShown) {
        failDeprecationShown = true;
        U.emitWarning('assert.fail() with more than one argument is deprecated. Please use assert.strictEqual() instead or only pass a message.',
          'DeprecationWarning', 'DEP0094');
      }
      if (count === 2) operator = '!=';
    }
    if (message instanceof Error) throw message;
    const err = new AssertionError({ actual, expected, operator: operator === undefined ? 'fail' : operator, stackStartFn: stackStartFn || fail, message });
    if (generated) err.generatedMessage = true;
    throw err;
  }

  // ------------------------------------------------------------ comparisons

  // Each comparison takes (actual, expected[, message]) and needs both
  // values.
  function comparison(name, holds) {
    const check = {
      [name](actual, expected, message) {
        if (arguments.length < 2) throw missingArgs('actual', 'expected');
        if (!holds(actual, expected)) failWith({ actual, expected, message, operator: operatorOf[name], stackStartFn: check });
      },
    }[name];
    return check;
  }
  const operatorOf = {
    equal: '==', notEqual: '!=', deepEqual: 'deepEqual', notDeepEqual: 'notDeepEqual', deepStrictEqual: 'deepStrictEqual',
    notDeepStrictEqual: 'notDeepStrictEqual', strictEqual: 'strictEqual', notStrictEqual: 'notStrictEqual',
    partialDeepStrictEqual: 'partialDeepStrictEqual',
  };
  const bothNaN = (a, b) => Number.isNaN(a) && Number.isNaN(b);
  const equal = comparison('equal', (a, b) => a == b || bothNaN(a, b)); // eslint-disable-line eqeqeq
  const notEqual = comparison('notEqual', (a, b) => !(a == b || bothNaN(a, b))); // eslint-disable-line eqeqeq
  const deepEqual = comparison('deepEqual', (a, b) => isDeepEqual(a, b));
  const notDeepEqual = comparison('notDeepEqual', (a, b) => !isDeepEqual(a, b));
  const deepStrictEqual = comparison('deepStrictEqual', (a, b) => isDeepStrictEqual(a, b, current.skipPrototype));
  const notDeepStrictEqual = comparison('notDeepStrictEqual', (a, b) => !isDeepStrictEqual(a, b, current.skipPrototype));
  // https://nodejs.org/api/assert.html#assertpartialdeepstrictequalactual-expected-message
  const partialDeepStrictEqual = comparison('partialDeepStrictEqual', (a, b) => isPartialStrictEqual(a, b));
  const strictEqual = comparison('strictEqual', (a, b) => Object.is(a, b));
  const notStrictEqual = comparison('notStrictEqual', (a, b) => !Object.is(a, b));

  // ------------------------------------------------------------ match

  function matching(name, wanted) {
    const check = {
      [name](string, regexp, message) {
        if (!isRegExp(regexp)) throw errInvalidArgType('regexp', 'RegExp', regexp);
        if (typeof string === 'string' && (regexp.exec(string) !== null) === wanted) return;
        if (message instanceof Error) throw message;
        const generated = !message;
        if (generated) {
          message = typeof string !== 'string'
            ? `The "string" argument must be of type string. Received type ${typeof string} (${inspect(string)})`
            : `${wanted ? 'The input did not match' : 'The input was expected to not match'} the regular expression ${inspect(regexp)}. Input:\n\n${inspect(string)}\n`;
        }
        const err = new AssertionError({ actual: string, expected: regexp, message, operator: name, stackStartFn: check });
        err.generatedMessage = generated;
        throw err;
      },
    }[name];
    return check;
  }
  const match = matching('match', true);
  const doesNotMatch = matching('doesNotMatch', false);

  // ------------------------------------------------------------ throws and rejects

  const NOTHING_THROWN = Symbol('nothing thrown');

  function thrownBy(fn) {
    if (typeof fn !== 'function') throw errInvalidArgType('fn', 'Function', fn);
    try {
      fn();
    } catch (e) {
      return e;
    }
    return NOTHING_THROWN;
  }

  const thenable = (v) => isPromise(v) || (isObjectLike(v) && typeof v.then === 'function' && typeof v.catch === 'function');

  async function rejectionOf(promiseFn) {
    let promise;
    if (typeof promiseFn === 'function') {
      promise = promiseFn();
      if (!thenable(promise)) {
        throw nodeError(TypeError, 'ERR_INVALID_RETURN_VALUE',
          `Expected instance of Promise to be returned from the "promiseFn" function but got ${determineSpecificType(promise)}.`);
      }
    } else if (thenable(promiseFn)) {
      promise = promiseFn;
    } else {
      throw errInvalidArgType('promiseFn', ['Function', 'Promise'], promiseFn);
    }
    try {
      await promise;
    } catch (e) {
      return e;
    }
    return NOTHING_THROWN;
  }

  // The properties an object `expected` names, for the diff when one does
  // not match: a RegExp that matched shows as the string it matched.
  class Comparison {
    constructor(source, keys, actual) {
      for (const key of keys) {
        if (!(key in source)) continue;
        const matched = actual !== undefined && typeof actual[key] === 'string' && isRegExp(source[key]) && source[key].exec(actual[key]) !== null;
        this[key] = matched ? actual[key] : source[key];
      }
    }
  }

  // Whether the thrown `actual` is what `expected` describes: a RegExp (of
  // the String() of it), an Error class, a validation function, or an
  // object (or Error) whose properties it must have (strings may be
  // matched by RegExps). A mismatch throws.
  function checkThrown(actual, expected, message, fn) {
    let generated = false;
    if (typeof expected !== 'function') {
      if (isRegExp(expected)) {
        const text = String(actual);
        if (expected.exec(text) !== null) return;
        if (!message) {
          generated = true;
          message = `The input did not match the regular expression ${inspect(expected)}. Input:\n\n${inspect(text)}\n`;
        }
      } else if (!isObjectLike(actual)) {
        const err = new AssertionError({ actual, expected, message, operator: 'deepStrictEqual', stackStartFn: fn });
        err.operator = fn.name;
        throw err;
      } else {
        const keys = Object.keys(expected);
        if (expected instanceof Error) keys.push('name', 'message');
        else if (keys.length === 0) throw invalidArgValue('error', expected, 'may not be an empty object');
        for (const key of keys) {
          if (typeof actual[key] === 'string' && isRegExp(expected[key]) && expected[key].exec(actual[key]) !== null) continue;
          if (key in actual && isDeepStrictEqual(actual[key], expected[key])) continue;
          if (message) failWith({ actual, expected, message, operator: fn.name, stackStartFn: fn });
          const err = new AssertionError({
            actual: new Comparison(actual, keys), expected: new Comparison(expected, keys, actual), operator: 'deepStrictEqual', stackStartFn: fn,
          });
          err.actual = actual;
          err.expected = expected;
          err.operator = fn.name;
          throw err;
        }
        return;
      }
    } else if (expected.prototype !== undefined && actual instanceof expected) {
      return;
    } else if (Object.prototype.isPrototypeOf.call(Error, expected)) {
      // An Error class the thrown value is not an instance of.
      if (!message) {
        generated = true;
        message = `The error is expected to be an instance of "${expected.name}". Received `;
        if (isError(actual)) {
          const name = actual.constructor?.name || actual.name;
          message += expected.name === name ? 'an error with identical name but a different prototype.' : `"${name}"`;
          if (actual.message) message += `\n\nError message:\n\n${actual.message}`;
        } else {
          message += `"${inspect(actual, { depth: -1 })}"`;
        }
      }
    } else {
      // A validation function must return true.
      const result = expected.call({}, actual);
      if (result === true) return;
      if (!message) {
        generated = true;
        message = `The ${expected.name ? `"${expected.name}" ` : ''}validation function is expected to return "true". Received ${inspect(result)}`;
        if (isError(actual)) message += `\n\nCaught error:\n\n${actual}`;
      }
    }
    const err = new AssertionError({ actual, expected, message, operator: fn.name, stackStartFn: fn });
    err.generatedMessage = generated;
    throw err;
  }

  // throws / rejects: `error` may be left out for a message string.
  function expectFailure(fn, actual, error, message, argCount) {
    if (typeof error === 'string') {
      if (argCount === 3) throw errInvalidArgType('error', ['Object', 'Error', 'Function', 'RegExp'], error);
      if (isObjectLike(actual)) {
        if (actual.message === error) {
          throw nodeError(TypeError, 'ERR_AMBIGUOUS_ARGUMENT',
            `The "error/message" argument is ambiguous. The error message "${actual.message}" is identical to the message.`);
        }
      } else if (actual === error) {
        throw nodeError(TypeError, 'ERR_AMBIGUOUS_ARGUMENT', `The "error/message" argument is ambiguous. The error "${actual}" is identical to the message.`);
      }
      message = error;
      error = undefined;
    } else if (error != null && typeof error !== 'object' && typeof error !== 'function') {
      throw errInvalidArgType('error', ['Object', 'Error', 'Function', 'RegExp'], error);
    }
    if (actual === NOTHING_THROWN) {
      const what = fn === rejects ? 'rejection' : 'exception';
      const named = error?.name ? ` (${error.name})` : '';
      failWith({ actual: undefined, expected: error, operator: fn.name, message: `Missing expected ${what}${named}${message ? `: ${message}` : '.'}`, stackStartFn: fn });
    }
    if (error) checkThrown(actual, error, message, fn);
  }

  // Whether a doesNotThrow / doesNotReject `error` covers what was thrown.
  function covers(actual, expected) {
    if (typeof expected !== 'function') {
      if (isRegExp(expected)) return expected.exec(String(actual)) !== null;
      throw errInvalidArgType('expected', ['Function', 'RegExp'], expected);
    }
    if (expected.prototype !== undefined && actual instanceof expected) return true;
    if (Object.prototype.isPrototypeOf.call(Error, expected)) return false;
    return expected.call({}, actual) === true;
  }

  function expectNoFailure(fn, actual, error, message) {
    if (actual === NOTHING_THROWN) return;
    if (typeof error === 'string') {
      message = error;
      error = undefined;
    }
    if (!error || covers(actual, error)) {
      const what = fn === doesNotReject ? 'rejection' : 'exception';
      failWith({
        actual, expected: error, operator: fn.name, stackStartFn: fn,
        message: `Got unwanted ${what}${message ? `: ${message}` : '.'}\nActual message: "${actual?.message}"`,
      });
    }
    throw actual;
  }

  function throws(fn, ...args) {
    expectFailure(throws, thrownBy(fn), args[0], args[1], args.length + 1);
  }
  async function rejects(promiseFn, ...args) {
    expectFailure(rejects, await rejectionOf(promiseFn), args[0], args[1], args.length + 1);
  }
  function doesNotThrow(fn, ...args) {
    expectNoFailure(doesNotThrow, thrownBy(fn), ...args);
  }
  async function doesNotReject(fn, ...args) {
    expectNoFailure(doesNotReject, await rejectionOf(fn), ...args);
  }

  // ------------------------------------------------------------ ifError

  // assert.ifError(value): throws unless value is null or undefined; the
  // AssertionError's stack continues with the frames of the error given
  // (those not already in it).
  function ifError(err) {
    if (err === null || err === undefined) return;
    let message = 'ifError got unwanted exception: ';
    if (isObjectLike(err) && typeof err.message === 'string') {
      message += err.message.length === 0 && err.constructor ? err.constructor.name : err.message;
    } else {
      message += inspect(err);
    }
    const failure = new AssertionError({ actual: err, expected: null, operator: 'ifError', message, stackStartFn: ifError });
    const original = err.stack;
    if (typeof original === 'string') {
      const firstFrame = original.indexOf('\n    at');
      if (firstFrame !== -1) {
        const theirs = original.slice(firstFrame + 1).split('\n');
        let ours = failure.stack.split('\n');
        const shared = theirs.map((frame) => ours.indexOf(frame)).find((at) => at !== -1);
        if (shared !== undefined) ours = ours.slice(0, shared);
        failure.stack = `${ours.join('\n')}\n${theirs.join('\n')}`;
      }
    }
    throw failure;
  }

  // ------------------------------------------------------------ the module

  // https://nodejs.org/api/assert.html#class-assert: the assertions with
  // options of their own (diff, strict, skipPrototype). A method called
  // without its instance (destructured) has the defaults.
  function Assert(options = {}) {
    if (!new.target) throw nodeError(TypeError, 'ERR_CONSTRUCT_CALL_REQUIRED', 'Class constructor Assert cannot be invoked without `new`');
    if (!isObjectLike(options)) throw errInvalidArgType('options', 'Object', options);
    const { diff = 'simple', strict = true, skipPrototype = false } = options;
    if (diff !== 'simple' && diff !== 'full') throw invalidArgValue('options.diff', diff, "must be one of: 'simple', 'full'");
    if (typeof strict !== 'boolean') throw errInvalidArgType('options.strict', 'boolean', strict);
    if (typeof skipPrototype !== 'boolean') throw errInvalidArgType('options.skipPrototype', 'boolean', skipPrototype);
    Object.defineProperty(this, kOptions, { value: Object.freeze({ diff, strict, skipPrototype }) });
    this.AssertionError = AssertionError;
    if (strict) {
      // The loose methods are the strict ones (the same functions).
      this.equal = this.strictEqual;
      this.deepEqual = this.deepStrictEqual;
      this.notEqual = this.notStrictEqual;
      this.notDeepEqual = this.notDeepStrictEqual;
    }
  }
  const kOptions = Symbol('kOptions');
  const methods = {
    ok, fail, equal, notEqual, deepEqual, notDeepEqual, deepStrictEqual, notDeepStrictEqual, strictEqual,
    notStrictEqual, partialDeepStrictEqual, match, doesNotMatch, throws, rejects, doesNotThrow, doesNotReject, ifError,
  };
  for (const [name, fn] of Object.entries(methods)) {
    const method = {
      [name](...args) {
        const options = this instanceof Assert ? this[kOptions] : kDefaults;
        const saved = current;
        // The stack of a failure starts below this method.
        current = { ...options, startFn: method };
        try {
          return Reflect.apply(fn, undefined, args);
        } finally {
          current = saved;
        }
      },
    }[name];
    Object.defineProperty(Assert.prototype, name, { value: method, writable: true, configurable: true, enumerable: false });
  }

  Object.assign(assert, {
    AssertionError, ok, fail, equal, notEqual, deepEqual, notDeepEqual, deepStrictEqual, notDeepStrictEqual,
    strictEqual, notStrictEqual, partialDeepStrictEqual, match, doesNotMatch, throws, rejects, doesNotThrow, doesNotReject,
    ifError, Assert,
  });
  // assert.strict: the same functions, with the loose comparisons strict,
  // and ok() as the function itself.
  function strict(...args) {
    checkTruthy(strict, args.length, ...args);
  }
  assert.strict = Object.assign(strict, assert, {
    equal: strictEqual, deepEqual: deepStrictEqual, notEqual: notStrictEqual, notDeepEqual: notDeepStrictEqual,
  });
  strict.strict = strict;
  return assert;
})
