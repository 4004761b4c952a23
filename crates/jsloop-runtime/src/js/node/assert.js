// jsloop node glue: the `assert` module. A port of Node v20's lib/assert.js
// and lib/internal/assert/assertion_error.js (MIT, Copyright Node.js
// contributors), without colours and without the CallTracker.
// internals: { require('util'), emitWarning?, getSourceText?(fileName) -> string }
// (getSourceText lets assert.ok() quote the failing expression as Node does;
// without it the message is Node's fallback, e.g. "false == true").
(function (internals) {
  'use strict';
  internals = internals || {};
  const util = internals.require('util');
  const { inspect } = util;
  const U = util[Symbol.for('jsloop.node.util.internal')];
  const { isDeepEqual, isDeepStrictEqual, nodeError, errInvalidArgType, determineSpecificType, isError } = U;
  const { isPromise, isRegExp } = util.types;

  // ------------------------------------------------------------------ AssertionError
  const kReadableOperator = {
    deepStrictEqual: 'Expected values to be strictly deep-equal:',
    strictEqual: 'Expected values to be strictly equal:',
    strictEqualObject: 'Expected "actual" to be reference-equal to "expected":',
    deepEqual: 'Expected values to be loosely deep-equal:',
    notDeepStrictEqual: 'Expected "actual" not to be strictly deep-equal to:',
    notStrictEqual: 'Expected "actual" to be strictly unequal to:',
    notStrictEqualObject: 'Expected "actual" not to be reference-equal to "expected":',
    notDeepEqual: 'Expected "actual" not to be loosely deep-equal to:',
    notIdentical: 'Values have same structure but are not reference-equal:',
    notDeepEqualUnequal: 'Expected values not to be loosely deep-equal:',
  };
  const kMaxShortLength = 12;

  function copyError(source) {
    const target = Object.assign({ __proto__: Object.getPrototypeOf(source) }, source);
    Object.defineProperty(target, 'message', { value: source.message });
    return target;
  }
  function inspectValue(val) {
    return inspect(val, {
      compact: false, customInspect: false, depth: 1000, maxArrayLength: Infinity,
      showHidden: false, showProxy: false, sorted: true, getters: true,
    });
  }
  function getErrorMessage(operator, message) {
    return message || kReadableOperator[operator];
  }

  function createErrDiff(actual, expected, operator, message = '') {
    let other = '';
    let res = '';
    let end = '';
    let skipped = false;
    const actualInspected = inspectValue(actual);
    const actualLines = actualInspected.split('\n');
    const expectedLines = inspectValue(expected).split('\n');
    let i = 0;
    let indicator = '';
    if (operator === 'strictEqual' &&
        ((typeof actual === 'object' && actual !== null && typeof expected === 'object' && expected !== null) ||
         (typeof actual === 'function' && typeof expected === 'function'))) {
      operator = 'strictEqualObject';
    }
    if (actualLines.length === 1 && expectedLines.length === 1 && actualLines[0] !== expectedLines[0]) {
      const actualRaw = actualLines[0];
      const expectedRaw = expectedLines[0];
      const inputLength = actualRaw.length + expectedRaw.length;
      if (inputLength <= kMaxShortLength) {
        if ((typeof actual !== 'object' || actual === null) &&
            (typeof expected !== 'object' || expected === null) &&
            (actual !== 0 || expected !== 0)) {
          return `${getErrorMessage(operator, message)}\n\n${actualLines[0]} !== ${expectedLines[0]}\n`;
        }
      } else if (operator !== 'strictEqualObject') {
        const maxLength = 80;
        if (inputLength < maxLength) {
          while (actualRaw[i] === expectedRaw[i]) i++;
          if (i > 2) {
            indicator = `\n  ${' '.repeat(i)}^`;
            i = 0;
          }
        }
      }
    }
    let a = actualLines[actualLines.length - 1];
    let b = expectedLines[expectedLines.length - 1];
    while (a === b) {
      if (i++ < 3) end = `\n  ${a}${end}`;
      else other = a;
      actualLines.pop();
      expectedLines.pop();
      if (actualLines.length === 0 || expectedLines.length === 0) break;
      a = actualLines[actualLines.length - 1];
      b = expectedLines[expectedLines.length - 1];
    }
    const maxLines = Math.max(actualLines.length, expectedLines.length);
    if (maxLines === 0) {
      const lines = actualInspected.split('\n');
      if (lines.length > 50) {
        lines[46] = '...';
        while (lines.length > 47) lines.pop();
      }
      return `${kReadableOperator.notIdentical}\n\n${lines.join('\n')}\n`;
    }
    if (i >= 5) {
      end = `\n...${end}`;
      skipped = true;
    }
    if (other !== '') {
      end = `\n  ${other}${end}`;
      other = '';
    }
    let printedLines = 0;
    let identical = 0;
    const msg = `${getErrorMessage(operator, message)}\n+ actual - expected`;
    const skippedMsg = ' ... Lines skipped';
    let lines = actualLines;
    let plusMinus = '+';
    let maxLength = expectedLines.length;
    if (actualLines.length < maxLines) {
      lines = expectedLines;
      plusMinus = '-';
      maxLength = actualLines.length;
    }
    for (i = 0; i < maxLines; i++) {
      if (maxLength < i + 1) {
        if (identical > 2) {
          if (identical > 3) {
            if (identical > 4) {
              if (identical === 5) {
                res += `\n  ${lines[i - 3]}`;
                printedLines++;
              } else {
                res += '\n...';
                skipped = true;
              }
            }
            res += `\n  ${lines[i - 2]}`;
            printedLines++;
          }
          res += `\n  ${lines[i - 1]}`;
          printedLines++;
        }
        identical = 0;
        if (lines === actualLines) res += `\n${plusMinus} ${lines[i]}`;
        else other += `\n${plusMinus} ${lines[i]}`;
        printedLines++;
      } else {
        const expectedLine = expectedLines[i];
        let actualLine = actualLines[i];
        let divergingLines = actualLine !== expectedLine &&
          (!actualLine.endsWith(',') || actualLine.slice(0, -1) !== expectedLine);
        if (divergingLines && expectedLine.endsWith(',') && expectedLine.slice(0, -1) === actualLine) {
          divergingLines = false;
          actualLine += ',';
        }
        if (divergingLines) {
          if (identical > 2) {
            if (identical > 3) {
              if (identical > 4) {
                if (identical === 5) {
                  res += `\n  ${actualLines[i - 3]}`;
                  printedLines++;
                } else {
                  res += '\n...';
                  skipped = true;
                }
              }
              res += `\n  ${actualLines[i - 2]}`;
              printedLines++;
            }
            res += `\n  ${actualLines[i - 1]}`;
            printedLines++;
          }
          identical = 0;
          res += `\n+ ${actualLine}`;
          other += `\n- ${expectedLine}`;
          printedLines += 2;
        } else {
          res += other;
          other = '';
          identical++;
          if (identical <= 2) {
            res += `\n  ${actualLine}`;
            printedLines++;
          }
        }
      }
      if (printedLines > 50 && i < maxLines - 2) {
        return `${msg}${skippedMsg}\n${res}\n...${other}\n...`;
      }
    }
    return `${msg}${skipped ? skippedMsg : ''}\n${res}${other}${end}${indicator}`;
  }

  function addEllipsis(string) {
    const lines = string.split('\n', 11);
    if (lines.length > 10) {
      lines.length = 10;
      return `${lines.join('\n')}\n...`;
    } else if (string.length > 512) {
      return `${string.slice(512)}...`;
    }
    return string;
  }

  // QuickJS's stack is only the frames; give it V8's "Name: message" head.
  function setStack(err, head, stackStartFn) {
    if (typeof Error.captureStackTrace === 'function') {
      try { Error.captureStackTrace(err, stackStartFn); } catch { /* ignore */ }
    }
    let stack = err.stack;
    if (typeof stack !== 'string') stack = '';
    if (stack === '' || /^\s+at /.test(stack)) {
      stack = stack.replace(/\n+$/, '');
      Object.defineProperty(err, 'stack', {
        value: stack ? `${head}\n${stack}` : head, writable: true, configurable: true, enumerable: false,
      });
    }
  }

  class AssertionError extends Error {
    constructor(options) {
      if (options === null || typeof options !== 'object') throw errInvalidArgType('options', 'Object', options);
      const { message, operator, stackStartFn, details, stackStartFunction } = options;
      let { actual, expected } = options;
      if (message != null) {
        if (operator === 'deepStrictEqual' || operator === 'strictEqual') {
          super(createErrDiff(actual, expected, operator, message));
        } else {
          super(String(message));
        }
      } else {
        if (typeof actual === 'object' && actual !== null && typeof expected === 'object' && expected !== null &&
            'stack' in actual && actual instanceof Error && 'stack' in expected && expected instanceof Error) {
          actual = copyError(actual);
          expected = copyError(expected);
        }
        if (operator === 'deepStrictEqual' || operator === 'strictEqual') {
          super(createErrDiff(actual, expected, operator));
        } else if (operator === 'notDeepStrictEqual' || operator === 'notStrictEqual') {
          let base = kReadableOperator[operator];
          const res = inspectValue(actual).split('\n');
          if (operator === 'notStrictEqual' &&
              ((typeof actual === 'object' && actual !== null) || typeof actual === 'function')) {
            base = kReadableOperator.notStrictEqualObject;
          }
          if (res.length > 50) {
            res[46] = '...';
            while (res.length > 47) res.pop();
          }
          if (res.length === 1) super(`${base}${res[0].length > 5 ? '\n\n' : ' '}${res[0]}`);
          else super(`${base}\n\n${res.join('\n')}\n`);
        } else {
          let res = inspectValue(actual);
          let other = inspectValue(expected);
          const knownOperator = kReadableOperator[operator];
          if (operator === 'notDeepEqual' && res === other) {
            res = `${knownOperator}\n\n${res}`;
            if (res.length > 1024) res = `${res.slice(0, 1021)}...`;
            super(res);
          } else {
            if (res.length > 512) res = `${res.slice(0, 509)}...`;
            if (other.length > 512) other = `${other.slice(0, 509)}...`;
            if (operator === 'deepEqual') {
              res = `${knownOperator}\n\n${res}\n\nshould loosely deep-equal\n\n`;
            } else {
              const newOp = kReadableOperator[`${operator}Unequal`];
              if (newOp) res = `${newOp}\n\n${res}\n\nshould not loosely deep-equal\n\n`;
              else other = ` ${operator} ${other}`;
            }
            super(`${res}${other}`);
          }
        }
      }
      this.generatedMessage = !message;
      Object.defineProperty(this, 'name', {
        value: 'AssertionError [ERR_ASSERTION]', enumerable: false, writable: true, configurable: true,
      });
      this.code = 'ERR_ASSERTION';
      if (details) {
        this.actual = undefined;
        this.expected = undefined;
        this.operator = undefined;
        for (let i = 0; i < details.length; i++) {
          this['message ' + i] = details[i].message;
          this['actual ' + i] = details[i].actual;
          this['expected ' + i] = details[i].expected;
          this['operator ' + i] = details[i].operator;
          this['stack trace ' + i] = details[i].stack;
        }
      } else {
        this.actual = actual;
        this.expected = expected;
        this.operator = operator;
      }
      setStack(this, `AssertionError [ERR_ASSERTION]: ${this.message}`, stackStartFn || stackStartFunction || new.target);
      this.name = 'AssertionError';
    }
    toString() {
      return `${this.name} [${this.code}]: ${this.message}`;
    }
    [inspect.custom](recurseTimes, ctx) {
      const tmpActual = this.actual;
      const tmpExpected = this.expected;
      if (typeof this.actual === 'string') this.actual = addEllipsis(this.actual);
      if (typeof this.expected === 'string') this.expected = addEllipsis(this.expected);
      const result = inspect(this, { ...ctx, customInspect: false, depth: 0 });
      this.actual = tmpActual;
      this.expected = tmpExpected;
      return result;
    }
  }

  // ------------------------------------------------------------------ errors
  function errMissingArgs(...args) {
    const wrap = (a) => `"${a}"`;
    const list = args.map((a) => (Array.isArray(a) ? a.map(wrap).join(' or ') : wrap(a)));
    const formatList = (arr) => (arr.length < 3 ? arr.join(' and ')
      : `${arr.slice(0, -1).join(', ')}, and ${arr[arr.length - 1]}`);
    return nodeError(TypeError, 'ERR_MISSING_ARGS',
      `The ${formatList(list)} argument${args.length > 1 ? 's' : ''} must be specified`);
  }
  function errInvalidArgValue(name, value, reason = 'is invalid') {
    let inspected = inspect(value);
    if (inspected.length > 128) inspected = `${inspected.slice(0, 128)}...`;
    const type = name.includes('.') ? 'property' : 'argument';
    return nodeError(TypeError, 'ERR_INVALID_ARG_VALUE', `The ${type} '${name}' ${reason}. Received ${inspected}`);
  }

  // ------------------------------------------------------------------ assert.ok's message
  // Node quotes the source of the failing call; that needs the file's text.
  function getErrMessage(fn) {
    if (typeof internals.getSourceText !== 'function') return undefined;
    try {
      const probe = {};
      Error.captureStackTrace(probe, fn);
      const frame = String(probe.stack).split('\n').find((l) => /^\s+at /.test(l));
      const m = frame && /\(?([^\s()]+):(\d+):(\d+)\)?\s*$/.exec(frame);
      if (!m) return undefined;
      const text = internals.getSourceText(m[1]);
      if (typeof text !== 'string') return undefined;
      const lines = text.split('\n');
      const line = +m[2] - 1;
      const column = +m[3] - 1;
      // From the call's start, take text until its parentheses balance.
      let src = lines.slice(line).join('\n');
      let start = column;
      // QuickJS points at the call's '(' or the callee; walk back over the callee.
      while (start > 0 && /[\w$.]/.test(src[start - 1])) start--;
      let depth = 0;
      let end = -1;
      let quote = null;
      for (let i = start; i < src.length; i++) {
        const c = src[i];
        if (quote) {
          if (c === '\\') i++;
          else if (c === quote) quote = null;
          continue;
        }
        if (c === '"' || c === "'" || c === '`') quote = c;
        else if (c === '(') depth++;
        else if (c === ')') {
          depth--;
          if (depth === 0) { end = i + 1; break; }
        }
      }
      if (end === -1) return undefined;
      src = src.slice(start, end);
      const srcLines = src.split('\n');
      let message = srcLines[0];
      for (const l of srcLines.slice(1)) {
        let pos = 0;
        while (pos < start && (l[pos] === ' ' || l[pos] === '\t')) pos++;
        message += `\n  ${l.slice(pos)}`;
      }
      return `The expression evaluated to a falsy value:\n\n  ${message}\n`;
    } catch {
      return undefined;
    }
  }

  function innerOk(fn, argLen, value, message) {
    if (!value) {
      let generatedMessage = false;
      if (argLen === 0) {
        generatedMessage = true;
        message = 'No value argument passed to `assert.ok()`';
      } else if (message == null) {
        generatedMessage = true;
        message = getErrMessage(fn);
      } else if (isError(message)) {
        throw message;
      }
      const err = new AssertionError({ actual: value, expected: true, message, operator: '==', stackStartFn: fn });
      err.generatedMessage = generatedMessage;
      throw err;
    }
  }

  // ------------------------------------------------------------------ assert
  let warned = false;
  const NO_EXCEPTION_SENTINEL = {};
  function innerFail(obj) {
    if (obj.message instanceof Error) throw obj.message;
    throw new AssertionError(obj);
  }

  function ok(...args) {
    innerOk(ok, args.length, ...args);
  }
  const assert = ok;

  function fail(actual, expected, message, operator, stackStartFn) {
    const argsLen = arguments.length;
    let internalMessage = false;
    if (actual == null && argsLen <= 1) {
      internalMessage = true;
      message = 'Failed';
    } else if (argsLen === 1) {
      message = actual;
      actual = undefined;
    } else {
      if (warned === false) {
        warned = true;
        U.emitWarning('assert.fail() with more than one argument is deprecated. ' +
          'Please use assert.strictEqual() instead or only pass a message.', 'DeprecationWarning', 'DEP0094');
      }
      if (argsLen === 2) operator = '!=';
    }
    if (message instanceof Error) throw message;
    const err = new AssertionError({
      actual, expected, operator: operator === undefined ? 'fail' : operator,
      stackStartFn: stackStartFn || fail, message,
    });
    if (internalMessage) err.generatedMessage = true;
    throw err;
  }
  assert.fail = fail;
  assert.AssertionError = AssertionError;
  assert.ok = ok;

  assert.equal = function equal(actual, expected, message) {
    if (arguments.length < 2) throw errMissingArgs('actual', 'expected');
    // eslint-disable-next-line eqeqeq
    if (actual != expected && (!Number.isNaN(actual) || !Number.isNaN(expected))) {
      innerFail({ actual, expected, message, operator: '==', stackStartFn: equal });
    }
  };
  assert.notEqual = function notEqual(actual, expected, message) {
    if (arguments.length < 2) throw errMissingArgs('actual', 'expected');
    // eslint-disable-next-line eqeqeq
    if (actual == expected || (Number.isNaN(actual) && Number.isNaN(expected))) {
      innerFail({ actual, expected, message, operator: '!=', stackStartFn: notEqual });
    }
  };
  assert.deepEqual = function deepEqual(actual, expected, message) {
    if (arguments.length < 2) throw errMissingArgs('actual', 'expected');
    if (!isDeepEqual(actual, expected)) {
      innerFail({ actual, expected, message, operator: 'deepEqual', stackStartFn: deepEqual });
    }
  };
  assert.notDeepEqual = function notDeepEqual(actual, expected, message) {
    if (arguments.length < 2) throw errMissingArgs('actual', 'expected');
    if (isDeepEqual(actual, expected)) {
      innerFail({ actual, expected, message, operator: 'notDeepEqual', stackStartFn: notDeepEqual });
    }
  };
  assert.deepStrictEqual = function deepStrictEqual(actual, expected, message) {
    if (arguments.length < 2) throw errMissingArgs('actual', 'expected');
    if (!isDeepStrictEqual(actual, expected)) {
      innerFail({ actual, expected, message, operator: 'deepStrictEqual', stackStartFn: deepStrictEqual });
    }
  };
  assert.notDeepStrictEqual = function notDeepStrictEqual(actual, expected, message) {
    if (arguments.length < 2) throw errMissingArgs('actual', 'expected');
    if (isDeepStrictEqual(actual, expected)) {
      innerFail({ actual, expected, message, operator: 'notDeepStrictEqual', stackStartFn: notDeepStrictEqual });
    }
  };
  assert.strictEqual = function strictEqual(actual, expected, message) {
    if (arguments.length < 2) throw errMissingArgs('actual', 'expected');
    if (!Object.is(actual, expected)) {
      innerFail({ actual, expected, message, operator: 'strictEqual', stackStartFn: strictEqual });
    }
  };
  assert.notStrictEqual = function notStrictEqual(actual, expected, message) {
    if (arguments.length < 2) throw errMissingArgs('actual', 'expected');
    if (Object.is(actual, expected)) {
      innerFail({ actual, expected, message, operator: 'notStrictEqual', stackStartFn: notStrictEqual });
    }
  };

  class Comparison {
    constructor(obj, keys, actual) {
      for (const key of keys) {
        if (key in obj) {
          if (actual !== undefined && typeof actual[key] === 'string' && isRegExp(obj[key]) &&
              obj[key].exec(actual[key]) !== null) {
            this[key] = actual[key];
          } else {
            this[key] = obj[key];
          }
        }
      }
    }
  }

  function compareExceptionKey(actual, expected, key, message, keys, fn) {
    if (!(key in actual) || !isDeepStrictEqual(actual[key], expected[key])) {
      if (!message) {
        const a = new Comparison(actual, keys);
        const b = new Comparison(expected, keys, actual);
        const err = new AssertionError({ actual: a, expected: b, operator: 'deepStrictEqual', stackStartFn: fn });
        err.actual = actual;
        err.expected = expected;
        err.operator = fn.name;
        throw err;
      }
      innerFail({ actual, expected, message, operator: fn.name, stackStartFn: fn });
    }
  }

  function expectedException(actual, expected, message, fn) {
    let generatedMessage = false;
    let throwError = false;
    if (typeof expected !== 'function') {
      if (isRegExp(expected)) {
        const str = String(actual);
        if (RegExp.prototype.exec.call(expected, str) !== null) return;
        if (!message) {
          generatedMessage = true;
          message = 'The input did not match the regular expression ' +
            `${inspect(expected)}. Input:\n\n${inspect(str)}\n`;
        }
        throwError = true;
      } else if (typeof actual !== 'object' || actual === null) {
        const err = new AssertionError({ actual, expected, message, operator: 'deepStrictEqual', stackStartFn: fn });
        err.operator = fn.name;
        throw err;
      } else {
        const keys = Object.keys(expected);
        if (expected instanceof Error) keys.push('name', 'message');
        else if (keys.length === 0) throw errInvalidArgValue('error', expected, 'may not be an empty object');
        for (const key of keys) {
          if (typeof actual[key] === 'string' && isRegExp(expected[key]) &&
              RegExp.prototype.exec.call(expected[key], actual[key]) !== null) {
            continue;
          }
          compareExceptionKey(actual, expected, key, message, keys, fn);
        }
        return;
      }
    } else if (expected.prototype !== undefined && actual instanceof expected) {
      return;
    } else if (Object.prototype.isPrototypeOf.call(Error, expected)) {
      if (!message) {
        generatedMessage = true;
        message = 'The error is expected to be an instance of ' + `"${expected.name}". Received `;
        if (isError(actual)) {
          const name = (actual.constructor && actual.constructor.name) || actual.name;
          if (expected.name === name) message += 'an error with identical name but a different prototype.';
          else message += `"${name}"`;
          if (actual.message) message += `\n\nError message:\n\n${actual.message}`;
        } else {
          message += `"${inspect(actual, { depth: -1 })}"`;
        }
      }
      throwError = true;
    } else {
      const res = Reflect.apply(expected, {}, [actual]);
      if (res !== true) {
        if (!message) {
          generatedMessage = true;
          const name = expected.name ? `"${expected.name}" ` : '';
          message = `The ${name}validation function is expected to return` + ` "true". Received ${inspect(res)}`;
          if (isError(actual)) message += `\n\nCaught error:\n\n${actual}`;
        }
        throwError = true;
      }
    }
    if (throwError) {
      const err = new AssertionError({ actual, expected, message, operator: fn.name, stackStartFn: fn });
      err.generatedMessage = generatedMessage;
      throw err;
    }
  }

  function getActual(fn) {
    if (typeof fn !== 'function') throw errInvalidArgType('fn', 'Function', fn);
    try {
      fn();
    } catch (e) {
      return e;
    }
    return NO_EXCEPTION_SENTINEL;
  }
  function checkIsPromise(obj) {
    return isPromise(obj) ||
      (obj !== null && typeof obj === 'object' && typeof obj.then === 'function' && typeof obj.catch === 'function');
  }
  async function waitForActual(promiseFn) {
    let resultPromise;
    if (typeof promiseFn === 'function') {
      resultPromise = promiseFn();
      if (!checkIsPromise(resultPromise)) {
        throw nodeError(TypeError, 'ERR_INVALID_RETURN_VALUE',
          `Expected instance of Promise to be returned from the "promiseFn" function but got ${determineSpecificType(resultPromise)}.`);
      }
    } else if (checkIsPromise(promiseFn)) {
      resultPromise = promiseFn;
    } else {
      throw errInvalidArgType('promiseFn', ['Function', 'Promise'], promiseFn);
    }
    try {
      await resultPromise;
    } catch (e) {
      return e;
    }
    return NO_EXCEPTION_SENTINEL;
  }

  function expectsError(stackStartFn, actual, error, message) {
    if (typeof error === 'string') {
      if (arguments.length === 4) throw errInvalidArgType('error', ['Object', 'Error', 'Function', 'RegExp'], error);
      if (typeof actual === 'object' && actual !== null) {
        if (actual.message === error) {
          throw nodeError(TypeError, 'ERR_AMBIGUOUS_ARGUMENT',
            `The "error/message" argument is ambiguous. The error message "${actual.message}" is identical to the message.`);
        }
      } else if (actual === error) {
        throw nodeError(TypeError, 'ERR_AMBIGUOUS_ARGUMENT',
          `The "error/message" argument is ambiguous. The error "${actual}" is identical to the message.`);
      }
      message = error;
      error = undefined;
    } else if (error != null && typeof error !== 'object' && typeof error !== 'function') {
      throw errInvalidArgType('error', ['Object', 'Error', 'Function', 'RegExp'], error);
    }
    if (actual === NO_EXCEPTION_SENTINEL) {
      let details = '';
      if (error && error.name) details += ` (${error.name})`;
      details += message ? `: ${message}` : '.';
      const fnType = stackStartFn === assert.rejects ? 'rejection' : 'exception';
      innerFail({
        actual: undefined, expected: error, operator: stackStartFn.name,
        message: `Missing expected ${fnType}${details}`, stackStartFn,
      });
    }
    if (!error) return;
    expectedException(actual, error, message, stackStartFn);
  }

  function hasMatchingError(actual, expected) {
    if (typeof expected !== 'function') {
      if (isRegExp(expected)) return RegExp.prototype.exec.call(expected, String(actual)) !== null;
      throw errInvalidArgType('expected', ['Function', 'RegExp'], expected);
    }
    if (expected.prototype !== undefined && actual instanceof expected) return true;
    if (Object.prototype.isPrototypeOf.call(Error, expected)) return false;
    return Reflect.apply(expected, {}, [actual]) === true;
  }

  function expectsNoError(stackStartFn, actual, error, message) {
    if (actual === NO_EXCEPTION_SENTINEL) return;
    if (typeof error === 'string') {
      message = error;
      error = undefined;
    }
    if (!error || hasMatchingError(actual, error)) {
      const details = message ? `: ${message}` : '.';
      const fnType = stackStartFn === assert.doesNotReject ? 'rejection' : 'exception';
      innerFail({
        actual, expected: error, operator: stackStartFn.name,
        message: `Got unwanted ${fnType}${details}\n` + `Actual message: "${actual && actual.message}"`,
        stackStartFn,
      });
    }
    throw actual;
  }

  assert.throws = function throws(promiseFn, ...args) {
    expectsError(throws, getActual(promiseFn), ...args);
  };
  assert.rejects = async function rejects(promiseFn, ...args) {
    expectsError(rejects, await waitForActual(promiseFn), ...args);
  };
  assert.doesNotThrow = function doesNotThrow(fn, ...args) {
    expectsNoError(doesNotThrow, getActual(fn), ...args);
  };
  assert.doesNotReject = async function doesNotReject(fn, ...args) {
    expectsNoError(doesNotReject, await waitForActual(fn), ...args);
  };

  assert.ifError = function ifError(err) {
    if (err !== null && err !== undefined) {
      let message = 'ifError got unwanted exception: ';
      if (typeof err === 'object' && typeof err.message === 'string') {
        if (err.message.length === 0 && err.constructor) message += err.constructor.name;
        else message += err.message;
      } else {
        message += inspect(err);
      }
      const newErr = new AssertionError({ actual: err, expected: null, operator: 'ifError', message, stackStartFn: ifError });
      const origStack = typeof err.stack === 'string' ? U.getStackString(err) : undefined;
      if (typeof origStack === 'string') {
        const origStackStart = origStack.indexOf('\n    at');
        if (origStackStart !== -1) {
          const originalFrames = origStack.slice(origStackStart + 1).split('\n');
          let newFrames = newErr.stack.split('\n');
          for (const errFrame of originalFrames) {
            const pos = newFrames.indexOf(errFrame);
            if (pos !== -1) {
              newFrames = newFrames.slice(0, pos);
              break;
            }
          }
          newErr.stack = `${newFrames.join('\n')}\n${originalFrames.join('\n')}`;
        }
      }
      throw newErr;
    }
  };

  function internalMatch(string, regexp, message, fn) {
    if (!isRegExp(regexp)) throw errInvalidArgType('regexp', 'RegExp', regexp);
    const match = fn === assert.match;
    if (typeof string !== 'string' || (RegExp.prototype.exec.call(regexp, string) !== null) !== match) {
      if (message instanceof Error) throw message;
      const generatedMessage = !message;
      message = message || (typeof string !== 'string'
        ? 'The "string" argument must be of type string. Received type ' + `${typeof string} (${inspect(string)})`
        : (match ? 'The input did not match the regular expression '
          : 'The input was expected to not match the regular expression ') +
          `${inspect(regexp)}. Input:\n\n${inspect(string)}\n`);
      const err = new AssertionError({ actual: string, expected: regexp, message, operator: fn.name, stackStartFn: fn });
      err.generatedMessage = generatedMessage;
      throw err;
    }
  }
  assert.match = function match(string, regexp, message) {
    internalMatch(string, regexp, message, match);
  };
  assert.doesNotMatch = function doesNotMatch(string, regexp, message) {
    internalMatch(string, regexp, message, doesNotMatch);
  };

  function strict(...args) {
    innerOk(strict, args.length, ...args);
  }
  assert.strict = Object.assign(strict, assert, {
    equal: assert.strictEqual,
    deepEqual: assert.deepStrictEqual,
    notEqual: assert.notStrictEqual,
    notDeepEqual: assert.notDeepStrictEqual,
  });
  assert.strict.strict = assert.strict;
  return assert;
})
