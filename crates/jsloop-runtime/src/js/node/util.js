// jsloop node glue: the `util` module.
//
// Written for jsloop from Node's documentation of `util`
// (https://nodejs.org/api/util.html) and from what Node 24 prints, which
// tests/node/util_inspect_prints_values_as_node_24.js records. QuickJS has no
// V8 introspection, so a value's kind is found by brand checks (calling a
// built-in accessor that throws on anything else) and, where only the engine
// knows, by the host:
//   internals.getPromiseDetails(p) -> [state, result]  (0 pending, 1 fulfilled, 2 rejected)
//   internals.getProxyDetails?(v)  -> undefined | [target, handler]
//   internals.global               -> the global object
//   internals.print(fd, text), internals.emitWarning(...), internals.nextTick(fn, ...args),
//   internals.pid, internals.env, internals.host.os.errname(errno) -> [code, description]
// The other glue reaches helpers that are not Node API through the
// `Symbol.for('jsloop.node.util.internal')` property of the returned object.
(function (internals) {
  'use strict';
  internals = internals || {};
  const G = internals.global || globalThis;
  const own = (o, k) => Object.prototype.hasOwnProperty.call(o, k);
  const isObject = (v) => v !== null && (typeof v === 'object' || typeof v === 'function');
  const tagOf = (v) => Object.prototype.toString.call(v);

  // ================================================================ util.types
  // https://nodejs.org/api/util.html#utiltypes
  // A brand check: the built-in `probe`, called on `v`, throws unless `v`
  // has the internal slots it reads.
  function branded(probe) {
    return (v) => {
      if (!isObject(v)) return false;
      try {
        probe.call(v);
        return true;
      } catch {
        return false;
      }
    };
  }
  const accessor = (proto, key) => Object.getOwnPropertyDescriptor(proto, key).get;
  const TypedArrayProto = Object.getPrototypeOf(Uint8Array.prototype);
  const typedArrayName = accessor(TypedArrayProto, Symbol.toStringTag);
  // The typed array's kind ('Uint8Array', ...), or undefined for anything else.
  const typedKind = (v) => (isObject(v) ? typedArrayName.call(v) : undefined);
  const protoOfIterator = (iterable) => Object.getPrototypeOf(iterable[Symbol.iterator]());
  const mapIteratorProto = protoOfIterator(new Map());
  const setIteratorProto = protoOfIterator(new Set());
  const generatorProto = Object.getPrototypeOf(function* () {}).prototype;
  const asyncGeneratorProto = Object.getPrototypeOf(async function* () {}).prototype;
  const fnKind = (f) => Object.getPrototypeOf(f);
  const AsyncFnProto = fnKind(async () => {});
  const GeneratorFnProto = fnKind(function* () {});
  const AsyncGeneratorFnProto = fnKind(async function* () {});
  const protoChainHas = (v, proto) => {
    for (let p = Object.getPrototypeOf(v); p !== null; p = Object.getPrototypeOf(p)) if (p === proto) return true;
    return false;
  };
  const hostProxyDetails = typeof internals.getProxyDetails === 'function' ? internals.getProxyDetails : () => undefined;

  const isMap = branded(accessor(Map.prototype, 'size'));
  const isSet = branded(accessor(Set.prototype, 'size'));
  const isWeakMap = branded(WeakMap.prototype.has);
  const isWeakSet = branded(WeakSet.prototype.has);
  const isDate = branded(Date.prototype.getTime);
  const hasRegExpSlots = branded(accessor(RegExp.prototype, 'source'));
  const isRegExp = (v) => v !== RegExp.prototype && hasRegExpSlots(v);
  const isArrayBuffer = branded(accessor(ArrayBuffer.prototype, 'byteLength'));
  const isSharedArrayBuffer = typeof SharedArrayBuffer === 'function'
    ? branded(accessor(SharedArrayBuffer.prototype, 'byteLength'))
    : () => false;
  const isDataView = branded(accessor(DataView.prototype, 'byteLength'));
  const isTypedArray = (v) => typedKind(v) !== undefined;
  const typedLength = accessor(TypedArrayProto, 'length');
  const isNumberObject = branded(Number.prototype.valueOf);
  const isStringObject = branded(String.prototype.valueOf);
  const isBooleanObject = branded(Boolean.prototype.valueOf);
  const isBigIntObject = branded(BigInt.prototype.valueOf);
  const isSymbolObject = branded(Symbol.prototype.valueOf);
  // The host knows a promise by its class; without it, by its tag.
  const promiseDetails = typeof internals.getPromiseDetails === 'function' ? internals.getPromiseDetails : undefined;
  const isPromise = promiseDetails
    ? (v) => isObject(v) && promiseDetails(v) !== undefined
    : (v) => isObject(v) && (tagOf(v) === '[object Promise]' || v instanceof Promise);
  // Error.isError is the brand check (ES2026); the tag where it is missing.
  const isNativeError = typeof Error.isError === 'function'
    ? (v) => Error.isError(v)
    : (v) => isObject(v) && tagOf(v) === '[object Error]';
  // What inspect treats as an error: a native one, or anything inheriting
  // from Error.prototype.
  const isError = (v) => isNativeError(v) || (isObject(v) && protoChainHas(v, Error.prototype));
  const kindTypes = {
    isAnyArrayBuffer: (v) => isArrayBuffer(v) || isSharedArrayBuffer(v),
    isArrayBuffer,
    isArrayBufferView: (v) => isTypedArray(v) || isDataView(v),
    isArgumentsObject: (v) => isObject(v) && !Array.isArray(v) && tagOf(v) === '[object Arguments]',
    isAsyncFunction: (v) => typeof v === 'function' && (fnKind(v) === AsyncFnProto || fnKind(v) === AsyncGeneratorFnProto),
    isBigIntObject,
    isBooleanObject,
    isBoxedPrimitive: (v) => isNumberObject(v) || isStringObject(v) || isBooleanObject(v) ||
      isBigIntObject(v) || isSymbolObject(v),
    isDataView,
    isDate,
    isExternal: () => false,
    isGeneratorFunction: (v) => typeof v === 'function' &&
      (fnKind(v) === GeneratorFnProto || fnKind(v) === AsyncGeneratorFnProto),
    // Generators and async generators (V8 counts both).
    isGeneratorObject: (v) => isObject(v) &&
      (protoChainHas(v, generatorProto) || protoChainHas(v, asyncGeneratorProto)),
    isMap,
    isMapIterator: (v) => isObject(v) && protoChainHas(v, mapIteratorProto),
    isModuleNamespaceObject: (v) => isObject(v) && Object.getPrototypeOf(v) === null &&
      v[Symbol.toStringTag] === 'Module' && !Object.isExtensible(v),
    isNativeError,
    isNumberObject,
    isPromise,
    isProxy: (v) => hostProxyDetails(v) !== undefined,
    isRegExp,
    isSet,
    isSetIterator: (v) => isObject(v) && protoChainHas(v, setIteratorProto),
    isSharedArrayBuffer,
    isStringObject,
    isSymbolObject,
    isTypedArray,
    isWeakMap,
    isWeakSet,
  };
  for (const name of ['Uint8Array', 'Uint8ClampedArray', 'Uint16Array', 'Uint32Array', 'Int8Array', 'Int16Array',
    'Int32Array', 'Float16Array', 'Float32Array', 'Float64Array', 'BigInt64Array', 'BigUint64Array']) {
    kindTypes[`is${name}`] = (v) => typedKind(v) === name;
  }
  kindTypes.isKeyObject = () => false;
  kindTypes.isCryptoKey = () => false;
  const types = kindTypes;

  // ================================================================ errors
  // The few of Node's internal errors util raises (the wording is Node's).

  // How ERR_INVALID_ARG_TYPE and friends describe the value they received.
  function determineSpecificType(value) {
    if (value === null) return 'null';
    if (value === undefined) return 'undefined';
    switch (typeof value) {
      case 'bigint':
        return `type bigint (${value}n)`;
      case 'number':
        return `type number (${Object.is(value, -0) ? '-0' : value})`;
      case 'boolean':
        return `type boolean (${value})`;
      case 'symbol':
        return `type symbol (${String(value)})`;
      case 'function':
        return `function ${value.name}`;
      case 'object':
        if (value.constructor && 'name' in value.constructor) return `an instance of ${value.constructor.name}`;
        return inspect(value, { depth: -1 });
      case 'string': {
        const shown = value.length > 28 ? `${value.slice(0, 25)}...` : value;
        return shown.includes("'") ? `type string (${JSON.stringify(shown)})` : `type string ('${shown}')`;
      }
      default: {
        let shown = inspect(value, { colors: false });
        if (shown.length > 28) shown = `${shown.slice(0, 25)}...`;
        return `type ${typeof value} (${shown})`;
      }
    }
  }

  // An error whose stack and toString read `Name [CODE]: message`.
  function nodeError(Base, code, message) {
    const err = new Base(message);
    Object.defineProperty(err, 'code', { value: code, enumerable: true, writable: true, configurable: true });
    const raw = typeof err.stack === 'string' ? err.stack : '';
    // QuickJS's stack holds only the frames; keep them under the new head.
    const frames = raw.split('\n').filter((line) => /^\s+at /.test(line)).join('\n');
    Object.defineProperty(err, 'stack', {
      value: `${err.name} [${code}]: ${message}${frames ? `\n${frames}` : ''}`,
      writable: true, configurable: true, enumerable: false,
    });
    Object.defineProperty(err, 'toString', {
      value() { return `${this.name} [${code}]: ${this.message}`; },
      writable: true, configurable: true, enumerable: false,
    });
    return err;
  }

  // "a, b, or c" / "a or b".
  function listed(words, conjunction) {
    if (words.length < 3) return words.join(` ${conjunction} `);
    return `${words.slice(0, -1).join(', ')}, ${conjunction} ${words[words.length - 1]}`;
  }

  // ERR_INVALID_ARG_TYPE: `expected` names primitive types (lower case),
  // classes (capitalised) or anything else ("a WritableStream").
  function errInvalidArgType(name, expected, actual) {
    const primitiveNames = new Set(['string', 'function', 'number', 'object', 'Function', 'Object', 'boolean', 'bigint', 'symbol']);
    const primitives = [];
    const classes = [];
    const others = [];
    for (const word of Array.isArray(expected) ? expected : [expected]) {
      if (primitiveNames.has(word)) primitives.push(word.toLowerCase());
      else if (/^([A-Z][a-z0-9]*)+$/.test(word)) classes.push(word);
      else others.push(word);
    }
    // "an instance of X or Object" reads better than "of type object or an instance of X".
    if (classes.length > 0 && primitives.includes('object')) {
      primitives.splice(primitives.indexOf('object'), 1);
      classes.push('Object');
    }
    const parts = [];
    if (primitives.length > 0) parts.push(`${primitives.length > 1 ? 'one of type' : 'of type'} ${listed(primitives, 'or')}`);
    if (classes.length > 0) parts.push(`an instance of ${listed(classes, 'or')}`);
    if (others.length > 1) parts.push(`one of ${listed(others, 'or')}`);
    else if (others.length === 1) parts.push(`${others[0].toLowerCase() !== others[0] ? 'an ' : ''}${others[0]}`);
    const subject = name.endsWith(' argument') ? `The ${name}` : `The "${name}" ${name.includes('.') ? 'property' : 'argument'}`;
    return nodeError(TypeError, 'ERR_INVALID_ARG_TYPE', `${subject} must be ${parts.join(' or ')}. Received ${determineSpecificType(actual)}`);
  }

  function errInvalidArgValue(name, value, reason = 'is invalid') {
    let shown = inspect(value);
    if (shown.length > 128) shown = `${shown.slice(0, 128)}...`;
    const what = name.includes('.') ? 'property' : 'argument';
    return nodeError(TypeError, 'ERR_INVALID_ARG_VALUE', `The ${what} '${name}' ${reason}. Received ${shown}`);
  }

  // ================================================================ options
  // https://nodejs.org/api/util.html#utilinspectobject-options
  const defaultOptions = {
    showHidden: false,
    depth: 2,
    colors: false,
    customInspect: true,
    showProxy: false,
    maxArrayLength: 100,
    maxStringLength: 10000,
    breakLength: 80,
    compact: 3,
    sorted: false,
    getters: false,
    numericSeparator: false,
  };

  // https://nodejs.org/api/util.html#customizing-utilinspect-colors
  const colors = { __proto__: null };
  const sgr = [
    ['reset', 0, 0], ['bold', 1, 22], ['dim', 2, 22], ['italic', 3, 23], ['underline', 4, 24],
    ['blink', 5, 25], ['inverse', 7, 27], ['hidden', 8, 28], ['strikethrough', 9, 29],
    ['doubleunderline', 21, 24], ['black', 30, 39], ['red', 31, 39], ['green', 32, 39],
    ['yellow', 33, 39], ['blue', 34, 39], ['magenta', 35, 39], ['cyan', 36, 39], ['white', 37, 39],
    ['bgBlack', 40, 49], ['bgRed', 41, 49], ['bgGreen', 42, 49], ['bgYellow', 43, 49],
    ['bgBlue', 44, 49], ['bgMagenta', 45, 49], ['bgCyan', 46, 49], ['bgWhite', 47, 49],
    ['framed', 51, 54], ['overlined', 53, 55], ['gray', 90, 39], ['redBright', 91, 39],
    ['greenBright', 92, 39], ['yellowBright', 93, 39], ['blueBright', 94, 39],
    ['magentaBright', 95, 39], ['cyanBright', 96, 39], ['whiteBright', 97, 39],
    ['bgGray', 100, 49], ['bgRedBright', 101, 49], ['bgGreenBright', 102, 49],
    ['bgYellowBright', 103, 49], ['bgBlueBright', 104, 49], ['bgMagentaBright', 105, 49],
    ['bgCyanBright', 106, 49], ['bgWhiteBright', 107, 49],
  ];
  for (const [name, open, close] of sgr) colors[name] = [open, close];
  // Other names of the same codes: not enumerable, and writing one writes
  // the colour it stands for.
  const colorAliases = [
    ['grey', 'gray'], ['blackBright', 'gray'], ['bgGrey', 'bgGray'], ['bgBlackBright', 'bgGray'],
    ['faint', 'dim'], ['crossedout', 'strikethrough'], ['strikeThrough', 'strikethrough'],
    ['crossedOut', 'strikethrough'], ['conceal', 'hidden'], ['swapColors', 'inverse'],
    ['swapcolors', 'inverse'], ['doubleUnderline', 'doubleunderline'],
  ];
  for (const [alias, target] of colorAliases) {
    Object.defineProperty(colors, alias, {
      get() { return this[target]; },
      set(v) { Object.defineProperty(this, target, { value: v, writable: true, enumerable: true, configurable: true }); },
      enumerable: false,
      configurable: true,
    });
  }
  const styles = Object.assign({ __proto__: null }, {
    special: 'cyan',
    number: 'yellow',
    bigint: 'yellow',
    boolean: 'yellow',
    undefined: 'grey',
    null: 'bold',
    string: 'green',
    symbol: 'green',
    date: 'magenta',
    regexp: 'red',
    module: 'underline',
  });

  const paintWithColors = (text, style) => {
    const colorName = styles[style];
    const codes = colorName !== undefined ? colors[colorName] : undefined;
    return codes === undefined ? text : `\u001b[${codes[0]}m${text}\u001b[${codes[1]}m`;
  };
  const paintNothing = (text) => text;

  // ================================================================ text helpers
  // Escapes for the characters a quoted string shows as codes: C0 and C1
  // controls, DEL, the backslash; lone surrogates as \uXXXX.
  function escapeChar(ch) {
    const code = ch.charCodeAt(0);
    switch (code) {
      case 8: return '\\b';
      case 9: return '\\t';
      case 10: return '\\n';
      case 12: return '\\f';
      case 13: return '\\r';
      case 92: return '\\\\';
      default:
        if (code >= 0xd800 && code <= 0xdfff) return `\\u${code.toString(16)}`;
        return `\\x${code.toString(16).toUpperCase().padStart(2, '0')}`;
    }
  }
  const needsEscape = /[\x00-\x1f\x7f-\x9f\\]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

  // A string as inspect quotes it: single quotes unless the text has some
  // and no double quotes; backticks when it has both but no backtick.
  function quote(text) {
    let mark = "'";
    if (text.includes("'")) {
      if (!text.includes('"')) mark = '"';
      else if (!text.includes('`') && !text.includes('${')) mark = '`';
    }
    let body = text.replace(needsEscape, escapeChar);
    if (mark === "'") body = body.replace(/'/g, "\\'");
    return `${mark}${body}${mark}`;
  }

  // 1234567.891 -> 1_234_567.891 (the fraction grouped from its start).
  function groupDigits(text) {
    const sign = text[0] === '-' ? '-' : '';
    const digits = sign ? text.slice(1) : text;
    const dot = digits.indexOf('.');
    const whole = dot === -1 ? digits : digits.slice(0, dot);
    let grouped = whole.replace(/\B(?=(\d{3})+$)/g, '_');
    if (dot !== -1) grouped += `.${digits.slice(dot + 1).replace(/(\d{3})(?=\d)/g, '$1_')}`;
    return sign + grouped;
  }
  function numberText(n, separators) {
    if (Object.is(n, -0)) return '-0';
    const text = `${n}`;
    if (!separators || !Number.isFinite(n) || text.includes('e')) return text;
    return groupDigits(text);
  }
  const bigintText = (n, separators) => `${separators ? groupDigits(`${n}`) : n}n`;

  const ansiPattern = new RegExp('[\\u001B\\u009B][[\\]()#;?]*' +
    '(?:(?:(?:(?:;[-a-zA-Z\\d\\/\\#&.:=?%@~_]+)*' +
    '|[a-zA-Z\\d]+(?:;[-a-zA-Z\\d\\/\\#&.:=?%@~_]*)*)?' +
    '(?:\\u0007|\\u001B\\u005C|\\u009C))' +
    '|(?:(?:\\d{1,4}(?:;\\d{0,4})*)?[\\dA-PR-TZcf-ntqry=><~]))', 'g');
  // https://nodejs.org/api/util.html#utilstripvtcontrolcharactersstr
  function stripVTControlCharacters(str) {
    if (typeof str !== 'string') throw errInvalidArgType('str', 'string', str);
    return str.replace(ansiPattern, '');
  }
  const removeColors = (str) => String(str).replace(ansiPattern, '');
  const visibleLength = (text, colored) => (colored ? removeColors(text).length : text.length);

  // Columns a terminal gives a code point: 0 for combining marks and
  // zero-width characters, 2 for East Asian wide and fullwidth ones.
  function isZeroWidth(code) {
    return code <= 0x1f || (code >= 0x7f && code <= 0x9f) || (code >= 0x300 && code <= 0x36f) ||
      (code >= 0x200b && code <= 0x200f) || (code >= 0x20d0 && code <= 0x20ff) ||
      (code >= 0xfe00 && code <= 0xfe0f) || (code >= 0xfe20 && code <= 0xfe2f) ||
      (code >= 0xe0100 && code <= 0xe01ef);
  }
  function isWide(code) {
    return code >= 0x1100 && (code <= 0x115f || code === 0x2329 || code === 0x232a ||
      (code >= 0x2e80 && code <= 0x3247 && code !== 0x303f) || (code >= 0x3250 && code <= 0x4dbf) ||
      (code >= 0x4e00 && code <= 0xa4c6) || (code >= 0xa960 && code <= 0xa97c) ||
      (code >= 0xac00 && code <= 0xd7a3) || (code >= 0xf900 && code <= 0xfaff) ||
      (code >= 0xfe10 && code <= 0xfe19) || (code >= 0xfe30 && code <= 0xfe6b) ||
      (code >= 0xff01 && code <= 0xff60) || (code >= 0xffe0 && code <= 0xffe6) ||
      (code >= 0x1b000 && code <= 0x1b001) || (code >= 0x1f200 && code <= 0x1f251) ||
      (code >= 0x1f300 && code <= 0x1f64f) || (code >= 0x20000 && code <= 0x3fffd));
  }
  function getStringWidth(str, removeControlChars = true) {
    let text = String(str);
    if (removeControlChars) text = removeColors(text);
    text = text.normalize('NFC');
    let width = 0;
    for (const ch of text) {
      const code = ch.codePointAt(0);
      if (isWide(code)) width += 2;
      else if (!isZeroWidth(code)) width++;
    }
    return width;
  }

  // ================================================================ inspect
  const customSymbol = Symbol.for('nodejs.util.inspect.custom');
  const identifierKey = /^[a-zA-Z_][a-zA-Z_0-9]*$/;
  const arrayIndexKey = /^(0|[1-9][0-9]*)$/;
  // Objects, arrays and the like whose printed text is this long at one
  // indentation stop the inspection from going deeper (Node's own limit,
  // so that huge graphs end).
  const outputBudget = 2 ** 27;
  // Strings shorter than this are never split over lines.
  const shortString = 16;
  // What a container lists: properties (`key: value`), or items (array
  // items are bare values; its other properties still `key: value`).
  const OBJECT = 0;
  const ARRAY = 1;
  // An entry() written as a bare value.
  const ITEM = 2;

  // The language's own constructors (a class of the program's, even one
  // made global, is never among them).
  const builtinConstructors = new Set([
    'Object', 'Function', 'Array', 'Number', 'Boolean', 'String', 'Symbol', 'BigInt', 'Date', 'RegExp',
    'Error', 'AggregateError', 'EvalError', 'RangeError', 'ReferenceError', 'SyntaxError', 'TypeError',
    'URIError', 'SuppressedError', 'Promise', 'Proxy', 'Map', 'Set', 'WeakMap', 'WeakSet', 'WeakRef',
    'FinalizationRegistry', 'ArrayBuffer', 'SharedArrayBuffer', 'DataView', 'Iterator', 'DisposableStack',
    'AsyncDisposableStack', 'Int8Array', 'Uint8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array',
    'Int32Array', 'Uint32Array', 'Float16Array', 'Float32Array', 'Float64Array', 'BigInt64Array',
    'BigUint64Array',
  ]);

  // One call to inspect: the options and the state of the walk.
  class Inspection {
    // `options` complete (the defaults filled in), `userOptions` as given
    // (a custom inspect function sees the extra keys), `unlimited` when
    // depth was null.
    constructor(options, userOptions, unlimited) {
      Object.assign(this, options);
      this.userOptions = userOptions;
      this.unlimited = unlimited;
      this.paint = typeof userOptions.stylize === 'function' ? userOptions.stylize
        : (options.colors ? paintWithColors : paintNothing);
      this.indent = 0;
      this.seen = [];
      this.circular = new Map();
      // The nesting level of the object last opened (Node's "current
      // depth"): how deep the most recent entry went decides whether its
      // parent fits on one line.
      this.lastOpened = 0;
      // The length of text made so far at each indentation.
      this.spent = [];
    }
  }

  // https://nodejs.org/api/util.html#utilinspectobject-showhidden-depth-colors
  function inspect(value, opts) {
    const options = { ...inspect.defaultOptions };
    let user = {};
    if (arguments.length > 1 && typeof opts !== 'object') {
      // The legacy signature inspect(value, showHidden, depth, colors).
      if (opts !== undefined) options.showHidden = opts;
      if (arguments.length > 2 && arguments[2] !== undefined) options.depth = arguments[2];
      if (arguments.length > 3 && arguments[3] !== undefined) options.colors = arguments[3];
    } else if (opts !== null && typeof opts === 'object') {
      user = opts;
      for (const key of Object.keys(opts)) {
        if (own(defaultOptions, key) || key === 'stylize') options[key] = opts[key];
      }
    }
    if (options.colors && typeof options.colors !== 'boolean') options.colors = !!options.colors;
    // depth null means no limit; a custom inspect function still sees null.
    const unlimited = options.depth === null;
    if (unlimited) options.depth = Infinity;
    if (options.maxArrayLength === null) options.maxArrayLength = Infinity;
    if (options.maxStringLength === null) options.maxStringLength = Infinity;
    return describe(new Inspection(options, user, unlimited), value, 0);
  }
  inspect.custom = customSymbol;
  Object.defineProperty(inspect, 'defaultOptions', {
    get() { return defaultOptions; },
    set(options) {
      if (options === null || typeof options !== 'object') throw errInvalidArgType('options', 'Object', options);
      Object.assign(defaultOptions, options);
    },
    enumerable: true,
    configurable: true,
  });
  inspect.colors = colors;
  inspect.styles = styles;

  // The options a custom inspect function receives.
  function optionsForCustom(state) {
    const given = { stylize: state.paint };
    for (const key of Object.keys(defaultOptions)) given[key] = state[key];
    if (state.unlimited) given.depth = null;
    return Object.assign(given, state.userOptions, { stylize: state.paint });
  }

  // The text of any value at nesting `level` (0 for the value inspected).
  function describe(state, value, level, insideTypedArray) {
    if (typeof value !== 'object' && typeof value !== 'function') return describePrimitive(state, value);
    if (value === null) return state.paint('null', 'null');
    const proxy = hostProxyDetails(value);
    if (proxy !== undefined) {
      if (proxy === null || proxy[0] === null) return state.paint('<Revoked Proxy>', 'special');
      if (state.showProxy) return describeProxy(state, proxy, level);
      value = proxy[0];
    }
    if (state.customInspect) {
      let hook;
      try { hook = value[customSymbol]; } catch { hook = undefined; }
      // A prototype's own hook is not called for the prototype itself.
      if (typeof hook === 'function' && hook !== inspect &&
          !(value.constructor && value.constructor.prototype === value)) {
        const depthLeft = state.unlimited ? null : state.depth - level;
        const result = hook.call(value, depthLeft, optionsForCustom(state), inspect);
        if (result !== value) {
          if (typeof result !== 'string') return describe(state, result, level);
          return result.replace(/\n/g, `\n${' '.repeat(state.indent)}`);
        }
      }
    }
    if (state.seen.includes(value)) {
      if (!state.circular.has(value)) state.circular.set(value, state.circular.size + 1);
      return state.paint(`[Circular *${state.circular.get(value)}]`, 'special');
    }
    return describeObject(state, value, level, insideTypedArray);
  }

  function describeProxy(state, [target, handler], level) {
    if (level > state.depth) return state.paint('Proxy [Array]', 'special');
    state.indent += 2;
    const parts = [describe(state, target, level + 1), describe(state, handler, level + 1)];
    state.indent -= 2;
    return layout(state, parts, '', ['Proxy [', ']'], ARRAY, level + 1);
  }

  function describePrimitive(state, value) {
    const paint = state.paint;
    switch (typeof value) {
      case 'string': {
        let suffix = '';
        if (value.length > state.maxStringLength) {
          const cut = value.length - state.maxStringLength;
          value = value.slice(0, state.maxStringLength);
          suffix = `... ${cut} more character${cut > 1 ? 's' : ''}`;
        }
        // Text with line breaks that does not fit is shown line by line,
        // each line a quoted string joined by +.
        if (state.compact !== true && value.length > shortString &&
            value.length > state.breakLength - state.indent - 4 && value.includes('\n')) {
          const lines = value.split(/(?<=\n)/);
          if (lines.length > 1) {
            return lines.map((line) => paint(quote(line), 'string')).join(` +\n${' '.repeat(state.indent + 2)}`) + suffix;
          }
        }
        return paint(quote(value), 'string') + suffix;
      }
      case 'number':
        return paint(numberText(value, state.numericSeparator), 'number');
      case 'bigint':
        return paint(bigintText(value, state.numericSeparator), 'bigint');
      case 'boolean':
        return paint(`${value}`, 'boolean');
      case 'undefined':
        return paint('undefined', 'undefined');
      default:
        return paint(value.toString(), 'symbol');
    }
  }

  // The constructor's name as inspect shows it: the first prototype on
  // the chain with an own `constructor` function (with a name) that the
  // value is an instance of. null for a chain without one ending in null
  // at once; `Name <[prototype]>` when found further up a null-ended chain.
  // With `inherited` (an array, given under showHidden), the accessors
  // and values the value's own prototypes (not the built-ins') hold are
  // added to it as entries.
  function constructorName(state, value, level, inherited) {
    let proto = value;
    const first = Object.getPrototypeOf(value);
    while (proto !== null && proto !== undefined) {
      const desc = Object.getOwnPropertyDescriptor(proto, 'constructor');
      if (desc !== undefined && typeof desc.value === 'function' && desc.value.name !== '' &&
          isInstance(value, desc.value)) {
        if (inherited !== undefined && (proto !== first || !builtinConstructors.has(desc.value.name))) {
          inheritedEntries(state, value, level, inherited);
        }
        return String(desc.value.name);
      }
      proto = Object.getPrototypeOf(proto);
    }
    if (first === null) return null;
    // A chain of prototypes without a constructor: name the engine's class
    // and show the first prototype.
    const engineName = tagOf(value).slice(8, -1);
    if (level > state.depth) return `${engineName} <Complex prototype>`;
    const protoText = inspect(first, { ...state.userOptions, customInspect: false, depth: -1 });
    return `${engineName} <${protoText}>`;
  }
  // The properties of up to three prototypes above `value`, up to the
  // first built-in one: methods and `constructor` left out, each key once
  // (the nearest wins), read on `value`.
  function inheritedEntries(state, value, level, out) {
    const shadowed = new Set(Reflect.ownKeys(value));
    let proto = value;
    state.seen.push(value);
    for (let step = 0; step < 3; step++) {
      proto = Object.getPrototypeOf(proto);
      if (proto === null) break;
      const ctorDesc = Object.getOwnPropertyDescriptor(proto, 'constructor');
      if (ctorDesc !== undefined && typeof ctorDesc.value === 'function' && builtinConstructors.has(ctorDesc.value.name)) break;
      const keys = Reflect.ownKeys(proto);
      for (const key of keys) {
        if (key === 'constructor' || shadowed.has(key)) continue;
        const desc = Object.getOwnPropertyDescriptor(proto, key);
        if (typeof desc.value === 'function') continue;
        const text = entry(state, proto, level, key, OBJECT, desc, value);
        out.push(state.colors ? `\u001b[2m${text}\u001b[22m` : text);
      }
      for (const key of keys) shadowed.add(key);
    }
    state.seen.pop();
  }
  function isInstance(value, ctor) {
    try {
      return value instanceof ctor;
    } catch {
      return false;
    }
  }

  // Whether a constructor's name already says its @@toStringTag: the tag
  // is in it (first found) as a whole word of a CamelCase name, ending the
  // name or followed by a capital (MyMap and MapSet say "Map", Mapping does
  // not).
  function nameSaysTag(name, tag) {
    const at = name.indexOf(tag);
    if (at === -1) return false;
    const next = name[at + tag.length];
    return next === undefined || /\p{Lu}/u.test(next);
  }

  // `Name(size) [tag] ` before a brace: the constructor (or the kind with
  // "null prototype") and the @@toStringTag when the name does not
  // already say it.
  function prefixFor(ctor, tag, kind, size = '') {
    if (ctor === null) {
      return tag !== '' && tag !== kind ? `[${kind}${size}: null prototype] [${tag}] ` : `[${kind}${size}: null prototype] `;
    }
    return tag !== '' && !nameSaysTag(ctor, tag) ? `${ctor}${size} [${tag}] ` : `${ctor}${size} `;
  }

  // The keys inspect lists: enumerable own ones (with enumerable symbols),
  // or every own one with showHidden.
  function listedKeys(value, showHidden) {
    const symbols = Object.getOwnPropertySymbols(value);
    if (showHidden) return [...Object.getOwnPropertyNames(value), ...symbols];
    let keys;
    try {
      keys = Object.keys(value);
    } catch {
      // A module namespace with bindings not yet initialised.
      keys = Object.getOwnPropertyNames(value);
    }
    for (const sym of symbols) if (Object.prototype.propertyIsEnumerable.call(value, sym)) keys.push(sym);
    return keys;
  }
  // The keys of an array-like that are not its indices.
  const extraKeys = (value, showHidden) => listedKeys(value, showHidden).filter((k) => typeof k === 'symbol' || !arrayIndexKey.test(k) || Number(k) >= 2 ** 32 - 1);

  function isClass(fn) {
    let source;
    try { source = Function.prototype.toString.call(fn); } catch { return false; }
    return source.startsWith('class') && /^class\b/.test(source) && source.endsWith('}');
  }
  function functionHead(fn, ctor, tag) {
    if (isClass(fn)) {
      const name = (own(fn, 'name') && fn.name) || '(anonymous)';
      let head = `class ${name}`;
      if (ctor !== 'Function' && ctor !== null) head += ` [${ctor}]`;
      if (tag !== '' && ctor !== tag) head += ` [${tag}]`;
      if (ctor !== null) {
        const parent = Object.getPrototypeOf(fn);
        if (parent && parent.name) head += ` extends ${parent.name}`;
      } else {
        head += ' extends [null prototype]';
      }
      return `[${head}]`;
    }
    let kind = 'Function';
    if (types.isGeneratorFunction(fn)) kind = `Generator${kind}`;
    if (types.isAsyncFunction(fn)) kind = `Async${kind}`;
    let head = `[${kind}`;
    if (ctor === null) head += ' (null prototype)';
    head += fn.name === '' ? ' (anonymous)' : `: ${typeof fn.name === 'string' ? fn.name : String(fn.name)}`;
    head += ']';
    if (ctor !== kind && ctor !== null) head += ` ${ctor}`;
    if (tag !== '' && ctor !== tag) head += ` [${tag}]`;
    return head;
  }

  // `[Number: 3]`, `[String (MyString): 'x']`, ...
  function boxedHead(state, value, keys, ctor, tag) {
    let kind;
    let inner;
    if (isNumberObject(value)) [kind, inner] = ['Number', Number.prototype.valueOf.call(value)];
    else if (isStringObject(value)) {
      [kind, inner] = ['String', String.prototype.valueOf.call(value)];
      // Its characters are not listed as properties.
      keys.splice(0, inner.length);
    } else if (isBooleanObject(value)) [kind, inner] = ['Boolean', Boolean.prototype.valueOf.call(value)];
    else if (isBigIntObject(value)) [kind, inner] = ['BigInt', BigInt.prototype.valueOf.call(value)];
    else [kind, inner] = ['Symbol', Symbol.prototype.valueOf.call(value)];
    let head = `[${kind}`;
    if (kind !== ctor) head += ctor === null ? ' (null prototype)' : ` (${ctor})`;
    head += `: ${describePrimitive({ ...state, paint: paintNothing, compact: true }, inner)}]`;
    if (tag !== '' && tag !== ctor) head += ` [${tag}]`;
    if (keys.length !== 0 || state.paint === paintNothing) return head;
    return state.paint(head, kind.toLowerCase());
  }

  // ---------------------------------------------------------------- errors
  // An error's stack as V8 words it: `Name: message` then the frames
  // (QuickJS's stack holds only the frames).
  function getStackString(error) {
    let stack;
    try { stack = error.stack; } catch { stack = undefined; }
    if (!stack) {
      try { return Error.prototype.toString.call(error); } catch { return '[object Error]'; }
    }
    stack = String(stack);
    if (/^\s+at /.test(stack)) {
      let head;
      try { head = Error.prototype.toString.call(error); } catch { head = 'Error'; }
      stack = `${head}\n${stack.replace(/\n+$/, '')}`;
    }
    return stack;
  }

  // The start and length of the longest run of frames `frames` shares with
  // `causeFrames` (a run shorter than four is not worth folding).
  function sharedFrames(frames, causeFrames) {
    for (let i = 0; i < frames.length - 3; i++) {
      const at = causeFrames.indexOf(frames[i]);
      if (at === -1) continue;
      const room = Math.min(frames.length - i, causeFrames.length - at);
      if (causeFrames.length - at <= 3) continue;
      let length = 1;
      while (length < room && frames[i + length] === causeFrames[at + length]) length++;
      if (length > 3) return { start: i, length };
    }
    return { start: 0, length: 0 };
  }

  // The stack with the name made to agree with the constructor, the
  // frames shared with the cause folded, and every line indented.
  function errorText(state, err, ctor, tag, keys) {
    let name;
    try { name = err.name != null ? String(err.name) : 'Error'; } catch { name = 'Error'; }
    let stack = getStackString(err);
    // name, message and stack are not listed again when the stack shows them.
    if (!state.showHidden && keys.length !== 0) {
      for (const key of ['name', 'message', 'stack']) {
        const at = keys.indexOf(key);
        if (at !== -1) {
          let own;
          try { own = err[key]; } catch { own = undefined; }
          if (typeof own !== 'string' || stack.includes(own)) keys.splice(at, 1);
        }
      }
    }
    if ('cause' in err && !keys.includes('cause')) keys.push('cause');
    let aggregated;
    try { aggregated = err.errors; } catch { aggregated = undefined; }
    if (Array.isArray(aggregated) && !keys.includes('errors')) keys.push('errors');
    stack = renameInStack(stack, ctor, name, tag);

    let message;
    try { message = err.message; } catch { message = undefined; }
    let after = -1;
    if (message) {
      after = stack.indexOf(message);
      if (after !== -1) after += message.length;
    }
    const framesAt = stack.indexOf('\n    at', after);
    if (framesAt === -1) {
      stack = `[${stack}]`;
    } else {
      const frames = stack.slice(framesAt + 1).split('\n');
      let cause;
      try { cause = err.cause; } catch { cause = undefined; }
      if (cause != null && isError(cause)) {
        const causeStack = getStackString(cause);
        const causeAt = causeStack.indexOf('\n    at');
        if (causeAt !== -1) {
          const { start, length } = sharedFrames(frames, causeStack.slice(causeAt + 1).split('\n'));
          if (length > 0) {
            const folded = length - 2;
            frames.splice(start + 1, folded, state.paint(`    ... ${folded} lines matching cause stack trace ...`, 'undefined'));
          }
        }
      }
      stack = `${stack.slice(0, framesAt)}\n${frames.join('\n')}`;
    }
    if (state.indent !== 0) stack = stack.replace(/\n/g, `\n${' '.repeat(state.indent)}`);
    return stack;
  }

  // When the stack starts with the error's name and the constructor says
  // something more, the head shows both (`MyError: x`, `Foo [TypeError]: x`).
  function renameInStack(stack, ctor, name, tag) {
    let nameLength = name.length;
    const looksPlain = name.endsWith('Error') && stack.startsWith(name) &&
      (stack.length === nameLength || stack[nameLength] === ':' || stack[nameLength] === '\n');
    if (ctor !== null && !looksPlain) return stack;
    let kind = 'Error';
    if (ctor === null) {
      const found = /^([A-Z][a-z_ A-Z0-9[\]()-]+)(?::|\n\s+at)/.exec(stack) || /^([a-z_A-Z0-9-]*Error)$/.exec(stack);
      kind = (found && found[1]) || '';
      nameLength = kind.length;
      kind = kind || 'Error';
    }
    const head = prefixFor(ctor, tag, kind).slice(0, -1);
    if (name === head) return stack;
    if (head.includes(name)) return nameLength === 0 ? `${head}: ${stack}` : `${head}${stack.slice(nameLength)}`;
    return `${head} [${name}]${stack.slice(nameLength)}`;
  }

  // ---------------------------------------------------------------- entries
  const moreItems = (count) => `... ${count} more item${count > 1 ? 's' : ''}`;

  // An array's items: holes counted as `<n empty items>`, at most
  // maxArrayLength of them.
  function arrayEntries(state, value, level) {
    const length = value.length;
    const shown = Math.min(Math.max(0, state.maxArrayLength), length);
    const out = [];
    let index = 0;
    const hole = (count) => state.paint(`<${count} empty item${count > 1 ? 's' : ''}>`, 'undefined');
    while (index < length && out.length < shown) {
      if (own(value, index)) {
        out.push(entry(state, value, level, index, ITEM));
        index++;
        continue;
      }
      // Find the next present index (the own keys come in index order).
      let next = length;
      for (const key of Object.keys(value)) {
        if (!arrayIndexKey.test(key)) break;
        const k = Number(key);
        if (k > index) {
          next = k;
          break;
        }
      }
      out.push(hole(next - index));
      index = next;
    }
    const left = length - index;
    if (left > 0) {
      if (out.length < shown) out.push(hole(left));
      else out.push(moreItems(left));
    }
    return out;
  }

  function typedArrayEntries(state, value, level) {
    const length = typedLength.call(value);
    const shown = Math.min(Math.max(0, state.maxArrayLength), length);
    const out = [];
    for (let i = 0; i < shown; i++) {
      const item = value[i];
      out.push(typeof item === 'bigint'
        ? state.paint(bigintText(item, state.numericSeparator), 'bigint')
        : state.paint(numberText(item, state.numericSeparator), 'number'));
    }
    if (length > shown) out.push(moreItems(length - shown));
    if (state.showHidden) {
      state.indent += 2;
      for (const key of ['BYTES_PER_ELEMENT', 'length', 'byteLength', 'byteOffset', 'buffer']) {
        out.push(`[${key}]: ${describe(state, value[key], level, true)}`);
      }
      state.indent -= 2;
    }
    return out;
  }

  function bufferEntries(state, buffer) {
    const bytes = new Uint8Array(buffer);
    const shown = Math.min(Math.max(0, state.maxArrayLength), bytes.length);
    let hex = Array.from(bytes.subarray(0, shown), (b) => b.toString(16).padStart(2, '0')).join(' ');
    if (bytes.length > shown) {
      const left = bytes.length - shown;
      hex += ` ... ${left} more byte${left > 1 ? 's' : ''}`;
    }
    return [`${state.paint('[Uint8Contents]', 'special')}: <${hex}>`];
  }

  function setEntries(state, value, level) {
    const out = [];
    const limit = Math.max(0, state.maxArrayLength);
    let count = 0;
    state.indent += 2;
    for (const item of Set.prototype.values.call(value)) {
      if (count >= limit) break;
      out.push(describe(state, item, level));
      count++;
    }
    state.indent -= 2;
    if (value.size > count) out.push(moreItems(value.size - count));
    return out;
  }

  function mapEntries(state, value, level) {
    const out = [];
    const limit = Math.max(0, state.maxArrayLength);
    let count = 0;
    state.indent += 2;
    for (const [k, v] of Map.prototype.entries.call(value)) {
      if (count >= limit) break;
      out.push(`${describe(state, k, level)} => ${describe(state, v, level)}`);
      count++;
    }
    state.indent -= 2;
    if (value.size > count) out.push(moreItems(value.size - count));
    return out;
  }

  function promiseEntries(state, value, level) {
    const details = promiseDetails ? promiseDetails(value) : undefined;
    if (!details || details[0] === 0) return [state.paint('<pending>', 'special')];
    state.indent += 2;
    const text = describe(state, details[1], level);
    state.indent -= 2;
    return [details[0] === 2 ? `${state.paint('<rejected>', 'special')} ${text}` : text];
  }

  function namespaceEntries(state, value, level, keys) {
    const out = keys.map((key) => {
      try {
        return entry(state, value, level, key, OBJECT);
      } catch (err) {
        if (!(isNativeError(err) && err.name === 'ReferenceError')) throw err;
        return `${keyText(state, key, true)}: ${state.paint('<uninitialized>', 'special')}`;
      }
    });
    keys.length = 0;
    return out;
  }

  // How a property's key reads.
  function keyText(state, key, enumerable) {
    if (typeof key === 'symbol') {
      const text = state.paint(key.toString().replace(needsEscape, escapeChar).replace(/'/g, "\\'"), 'symbol');
      return enumerable ? text : `[${text}]`;
    }
    if (key === '__proto__') return "['__proto__']";
    const text = identifierKey.test(key) ? state.paint(key, 'name') : state.paint(quote(key), 'string');
    return enumerable ? text : `[${text}]`;
  }

  // One property: `key: value`, or only the value for array items.
  // `desc` and `receiver` are given for a prototype's property shown on
  // the value (its getter is called on the value).
  function entry(state, object, level, key, kind, desc = Object.getOwnPropertyDescriptor(object, key), receiver = object) {
    if (desc === undefined) desc = { value: object[key], enumerable: true };
    let text;
    let gap = ' ';
    if (desc.value !== undefined) {
      const step = kind !== OBJECT || state.compact !== true ? 2 : 3;
      state.indent += step;
      text = describe(state, desc.value, level);
      if (step === 3 && state.breakLength < visibleLength(text, state.colors)) {
        gap = `\n${' '.repeat(state.indent)}`;
      }
      state.indent -= step;
    } else if (desc.get !== undefined) {
      const label = desc.set !== undefined ? 'Getter/Setter' : 'Getter';
      const wanted = state.getters === true || (state.getters === 'get' && desc.set === undefined) ||
        (state.getters === 'set' && desc.set !== undefined);
      if (wanted) {
        state.indent += 2;
        try {
          const got = desc.get.call(receiver);
          if (got === null) text = `${state.paint(`[${label}:`, 'special')} ${state.paint('null', 'null')}${state.paint(']', 'special')}`;
          else if (typeof got === 'object' || typeof got === 'function') text = `${state.paint(`[${label}]`, 'special')} ${describe(state, got, level)}`;
          else text = `${state.paint(`[${label}:`, 'special')} ${describePrimitive(state, got)}${state.paint(']', 'special')}`;
        } catch (err) {
          text = `${state.paint(`[${label}:`, 'special')} <Inspection threw (${describe(state, err, level)})>${state.paint(']', 'special')}`;
        }
        state.indent -= 2;
      } else {
        text = state.paint(`[${label}]`, 'special');
      }
    } else if (desc.set !== undefined) {
      text = state.paint('[Setter]', 'special');
    } else {
      text = state.paint('undefined', 'undefined');
    }
    if (kind === ITEM) return text;
    return `${keyText(state, key, desc.enumerable !== false)}:${gap}${text}`;
  }

  // ---------------------------------------------------------------- objects
  function describeObject(state, value, level, insideTypedArray) {
    let inherited = state.showHidden && level <= state.depth ? [] : undefined;
    const ctor = constructorName(state, value, level, inherited);
    if (inherited !== undefined && inherited.length === 0) inherited = undefined;
    // Entries an object needs before it can be shown as empty.
    const empty = (keys) => keys.length === 0 && inherited === undefined;
    let tag;
    try { tag = value[Symbol.toStringTag]; } catch { tag = ''; }
    // An own tag is listed as a property already.
    if (typeof tag !== 'string' || (tag !== '' &&
        (state.showHidden ? own(value, Symbol.toStringTag) : Object.prototype.propertyIsEnumerable.call(value, Symbol.toStringTag)))) {
      tag = '';
    }
    let keys;
    let head = '';
    let open = '{';
    let close = '}';
    let kind = OBJECT;
    let items = () => [];
    // What a null-prototype value is called when past the depth.
    let kindName = 'Object';

    let iterable;
    try { iterable = value[Symbol.iterator] !== undefined || ctor === null; } catch { iterable = false; }
    if (iterable && Array.isArray(value)) {
      keys = extraKeys(value, state.showHidden);
      const prefix = ctor !== 'Array' || tag !== '' ? prefixFor(ctor, tag, 'Array', `(${value.length})`) : '';
      if (value.length === 0 && empty(keys)) return `${prefix}[]`;
      [open, close, kind, kindName] = [`${prefix}[`, ']', ARRAY, 'Array'];
      items = () => arrayEntries(state, value, level);
    } else if (iterable && isSet(value)) {
      const size = accessor(Set.prototype, 'size').call(value);
      kindName = 'Set';
      keys = listedKeys(value, state.showHidden);
      const prefix = prefixFor(ctor, tag, 'Set', `(${size})`);
      if (size === 0 && empty(keys)) return `${prefix}{}`;
      open = `${prefix}{`;
      items = () => setEntries(state, value, level);
    } else if (iterable && isMap(value)) {
      const size = accessor(Map.prototype, 'size').call(value);
      kindName = 'Map';
      keys = listedKeys(value, state.showHidden);
      const prefix = prefixFor(ctor, tag, 'Map', `(${size})`);
      if (size === 0 && empty(keys)) return `${prefix}{}`;
      open = `${prefix}{`;
      items = () => mapEntries(state, value, level);
    } else if (iterable && isTypedArray(value)) {
      keys = extraKeys(value, state.showHidden);
      kindName = typedKind(value);
      const length = typedLength.call(value);
      const prefix = prefixFor(ctor, tag, ctor === null ? kindName : '', `(${length})`);
      if (length === 0 && keys.length === 0 && !state.showHidden) return `${prefix}[]`;
      [open, close, kind] = [`${prefix}[`, ']', ARRAY];
      items = () => typedArrayEntries(state, value, level);
    } else {
      keys = listedKeys(value, state.showHidden);
      if (typeof value === 'function') {
        head = functionHead(value, ctor, tag);
        if (empty(keys)) return state.paint(head, 'special');
      } else if (ctor === 'Object') {
        // Whatever its slots, an object whose constructor reads Object is
        // shown as a plain one (with its tag, as Math's).
        if (types.isArgumentsObject(value)) open = '[Arguments] {';
        else if (tag !== '') open = `${prefixFor(ctor, tag, 'Object')}{`;
        if (empty(keys)) return `${open}}`;
      } else if (isRegExp(value)) {
        head = RegExp.prototype.toString.call(ctor === null ? new RegExp(value) : value);
        const prefix = prefixFor(ctor, tag, 'RegExp');
        if (prefix !== 'RegExp ') head = prefix + head;
        if (empty(keys) || level > state.depth) return state.paint(head, 'regexp');
      } else if (isDate(value)) {
        const time = Date.prototype.getTime.call(value);
        head = Number.isNaN(time) ? 'Invalid Date' : Date.prototype.toISOString.call(value);
        const prefix = prefixFor(ctor, tag, 'Date');
        if (prefix !== 'Date ') head = prefix + head;
        if (empty(keys)) return state.paint(head, 'date');
      } else if (isError(value)) {
        head = errorText(state, value, ctor, tag, keys);
        if (empty(keys)) return head;
      } else if (types.isAnyArrayBuffer(value)) {
        const prefix = prefixFor(ctor, tag, isArrayBuffer(value) ? 'ArrayBuffer' : 'SharedArrayBuffer');
        const byteLength = `[byteLength]: ${state.paint(numberText(value.byteLength, false), 'number')}`;
        if (insideTypedArray && empty(keys)) return `${prefix}{ ${byteLength} }`;
        open = `${prefix}{`;
        items = () => [...(insideTypedArray ? [] : bufferEntries(state, value)), byteLength];
      } else if (isDataView(value)) {
        open = `${prefixFor(ctor, tag, 'DataView')}{`;
        items = () => {
          state.indent += 2;
          const out = ['byteLength', 'byteOffset', 'buffer'].map((k) => `[${k}]: ${describe(state, value[k], level, k === 'buffer' ? undefined : true)}`);
          state.indent -= 2;
          return out;
        };
      } else if (isPromise(value)) {
        open = `${prefixFor(ctor, tag, 'Promise')}{`;
        items = () => promiseEntries(state, value, level);
      } else if (isWeakSet(value) || isWeakMap(value)) {
        open = `${prefixFor(ctor, tag, isWeakSet(value) ? 'WeakSet' : 'WeakMap')}{`;
        items = () => [state.paint('<items unknown>', 'special')];
      } else if (types.isModuleNamespaceObject(value)) {
        open = `${prefixFor(ctor, tag, 'Module')}{`;
        items = () => namespaceEntries(state, value, level, keys);
      } else if (types.isBoxedPrimitive(value)) {
        head = boxedHead(state, value, keys, ctor, tag);
        if (empty(keys)) return head;
      } else if (types.isMapIterator(value) || types.isSetIterator(value)) {
        // The engine gives no way to read an iterator's entries without
        // taking them.
        open = `[${tag}] {`;
        items = () => [state.paint('<items unknown>', 'special')];
      } else {
        const prefix = prefixFor(ctor, tag, 'Object');
        if (empty(keys)) return `${prefix}{}`;
        open = `${prefix}{`;
      }
    }

    if (level > state.depth) {
      let name = prefixFor(ctor, tag, kindName).slice(0, -1);
      if (ctor !== null) name = `[${name}]`;
      return state.paint(name, 'special');
    }
    level++;
    state.seen.push(value);
    state.lastOpened = level;
    let out;
    const indentBefore = state.indent;
    try {
      out = items();
      for (const key of keys) out.push(entry(state, value, level, key, kind));
      if (inherited !== undefined) out.push(...inherited);
    } catch (err) {
      if (!isStackOverflow(err)) throw err;
      state.seen.pop();
      state.indent = indentBefore;
      return state.paint(`[${prefixFor(ctor, tag, 'Object').slice(0, -1)}: Inspection interrupted prematurely. Maximum call stack size exceeded.]`, 'special');
    }
    if (state.circular.has(value)) {
      const mark = state.paint(`<ref *${state.circular.get(value)}>`, 'special');
      if (state.compact !== true) head = head === '' ? mark : `${mark} ${head}`;
      else open = `${mark} ${open}`;
    }
    state.seen.pop();
    if (state.sorted) {
      const order = state.sorted === true ? undefined : state.sorted;
      if (kind === OBJECT) out.sort(order);
      else if (keys.length > 1) {
        const tail = out.slice(out.length - keys.length).sort(order);
        out.splice(out.length - keys.length, keys.length, ...tail);
      }
    }
    const text = layout(state, out, head, [open, close], kind, level, value);
    const spent = (state.spent[state.indent] || 0) + text.length;
    state.spent[state.indent] = spent;
    if (spent > outputBudget) state.depth = -1;
    return text;
  }

  function isStackOverflow(err) {
    return isObject(err) && (err instanceof RangeError || (err && err.name === 'InternalError')) &&
      /call stack|stack overflow/i.test(String(err.message));
  }

  // ---------------------------------------------------------------- layout
  // Whether the entries, with their separators, fit in breakLength
  // after `start` columns.
  function fitsOnOneLine(state, out, start, head) {
    let total = out.length + start;
    if (total + out.length > state.breakLength) return false;
    for (const text of out) {
      total += visibleLength(text, state.colors);
      if (total > state.breakLength) return false;
    }
    return head === '' || !head.includes('\n');
  }

  // Joins the entries into the object's text: on one line when they fit
  // and the object holds at most `compact` levels of nesting, else one
  // entry (or one row of grouped array items) per line.
  function layout(state, out, head, [open, close], kind, level, value) {
    const lead = head === '' ? '' : `${head} `;
    if (state.compact !== true) {
      if (typeof state.compact === 'number' && state.compact >= 1) {
        const count = out.length;
        if (kind === ARRAY && count > 6) out = groupIntoRows(state, out, value);
        if (state.lastOpened - level < state.compact && count === out.length) {
          const start = out.length + state.indent + open.length + head.length + 10;
          if (fitsOnOneLine(state, out, start, head)) {
            const joined = out.join(', ');
            if (!joined.includes('\n')) return `${lead}${open} ${joined} ${close}`;
          }
        }
      }
      const newline = `\n${' '.repeat(state.indent)}`;
      return `${lead}${open}${newline}  ${out.join(`,${newline}  `)}${newline}${close}`;
    }
    // compact: true, the old layout: as many entries per line as fit.
    if (fitsOnOneLine(state, out, 0, head)) {
      return `${open}${head ? ` ${head}` : ''} ${out.join(', ')} ${close}`;
    }
    const pad = ' '.repeat(state.indent);
    const first = head === '' && open.length === 1 ? ' ' : `${head ? ` ${head}` : ''}\n${pad}  `;
    return `${open}${first}${out.join(`,\n${pad}  `)} ${close}`;
  }

  // Long arrays of short items print as a table: about as many rows as
  // columns (a character being some 2.5 times as tall as wide), at most
  // 4 * compact and 15 columns, numbers right-aligned, the rest left.
  function groupIntoRows(state, out, value) {
    let count = out.length;
    if (state.maxArrayLength < out.length) count--; // the "... more items" line stays alone
    const widths = [];
    let total = 0;
    let widest = 0;
    for (let i = 0; i < count; i++) {
      const w = getStringWidth(out[i], state.colors);
      widths.push(w);
      total += w + 2;
      if (w > widest) widest = w;
    }
    const cell = widest + 2;
    if (cell * 3 + state.indent >= state.breakLength || !(total / cell > 5 || widest <= 6)) return out;
    const bias = Math.sqrt(cell - total / out.length);
    const biasedCell = Math.max(cell - 3 - bias, 1);
    const columns = Math.min(
      Math.round(Math.sqrt(2.5 * biasedCell * count) / biasedCell),
      Math.floor((state.breakLength - state.indent) / cell),
      state.compact * 4,
      15,
    );
    if (columns <= 1) return out;
    const columnWidth = [];
    for (let c = 0; c < columns; c++) {
      let w = 0;
      for (let i = c; i < out.length; i += columns) if (widths[i] > w) w = widths[i];
      columnWidth.push(w + 2);
    }
    let rightAlign = true;
    if (value !== undefined) {
      for (let i = 0; i < out.length; i++) {
        if (typeof value[i] !== 'number' && typeof value[i] !== 'bigint') {
          rightAlign = false;
          break;
        }
      }
    }
    const rows = [];
    for (let i = 0; i < count; i += columns) {
      const end = Math.min(i + columns, count);
      let row = '';
      for (let j = i; j < end; j++) {
        const last = j === end - 1;
        // Colour codes take no columns: pad by the visible width.
        const hidden = out[j].length - widths[j];
        if (last) {
          row += rightAlign ? out[j].padStart(columnWidth[j - i] + hidden - 2, ' ') : out[j];
        } else {
          const piece = `${out[j]}, `;
          const width = columnWidth[j - i] + hidden;
          row += rightAlign ? piece.padStart(width, ' ') : piece.padEnd(width, ' ');
        }
      }
      rows.push(row);
    }
    if (state.maxArrayLength < out.length) rows.push(out[count]);
    return rows;
  }

  // ================================================================ format
  // https://nodejs.org/api/util.html#utilformatformat-args
  function format(...args) {
    return formatArgs(undefined, args);
  }
  // https://nodejs.org/api/util.html#utilformatwithoptionsinspectoptions-format-args
  function formatWithOptions(inspectOptions, ...args) {
    if (inspectOptions === null || typeof inspectOptions !== 'object') {
      throw errInvalidArgType('inspectOptions', 'object', inspectOptions);
    }
    return formatArgs(inspectOptions, args);
  }

  // Whether `%s` converts the object with String() rather than inspecting
  // it: the negation of Node's hasBuiltInToString (lib/internal/util/
  // inspect.js). A proxy is judged by its target (a revoked one is
  // inspected); a Symbol.toPrimitive function that a built-in's prototype
  // does not hold (the object's own, or a class's) is the program's, and
  // so is a toString of its own or of a prototype whose constructor is not
  // a built-in.
  const isBuiltinHolder = (holder) => {
    const desc = Object.getOwnPropertyDescriptor(holder, 'constructor');
    return desc !== undefined && typeof desc.value === 'function' && builtinConstructors.has(desc.value.name);
  };
  const holderOf = (value, key) => {
    let holder = value;
    while (holder !== null && !own(holder, key)) holder = Object.getPrototypeOf(holder);
    return holder;
  };
  function hasOwnToString(value) {
    const proxy = hostProxyDetails(value);
    if (proxy !== undefined) {
      if (proxy === null || proxy[0] === null) return false;
      value = proxy[0];
    }
    if (typeof value[Symbol.toPrimitive] === 'function') {
      const holder = holderOf(value, Symbol.toPrimitive);
      if (holder === null || !isBuiltinHolder(holder)) return true;
    }
    if (typeof value.toString !== 'function') return false;
    if (own(value, 'toString')) return true;
    const holder = holderOf(Object.getPrototypeOf(value), 'toString');
    if (holder === null) return false;
    return !isBuiltinHolder(holder);
  }

  function jsonText(value) {
    try {
      return JSON.stringify(value);
    } catch (err) {
      if (isObject(err) && /circular/i.test(String(err.message))) return '[Circular]';
      throw err;
    }
  }

  function formatArgs(options, args) {
    const first = args[0];
    // Numbers as inspect shows them: with separators when asked (the
    // options given, else inspect.defaultOptions).
    const sep = !!(options && options.numericSeparator !== undefined ? options.numericSeparator : defaultOptions.numericSeparator);
    let out = '';
    let next = 0;
    if (typeof first === 'string') {
      if (args.length === 1) return first;
      next = 1;
      let copied = 0;
      for (let i = 0; i < first.length - 1; i++) {
        if (first[i] !== '%') continue;
        const spec = first[i + 1];
        if (spec === '%') {
          out += first.slice(copied, i + 1);
          copied = i + 2;
          i++;
          continue;
        }
        if (next === args.length) continue;
        let text;
        const arg = args[next];
        switch (spec) {
          case 's':
            if (typeof arg === 'number') text = numberText(arg, sep);
            else if (typeof arg === 'bigint') text = bigintText(arg, sep);
            else if (typeof arg !== 'object' || arg === null || hasOwnToString(arg)) text = String(arg);
            else text = inspect(arg, { ...options, depth: 0, colors: false, compact: 3 });
            break;
          case 'j':
            text = jsonText(arg);
            break;
          case 'd':
            if (typeof arg === 'bigint') text = bigintText(arg, sep);
            else if (typeof arg === 'symbol') text = 'NaN';
            else text = numberText(Number(arg), sep);
            break;
          case 'O':
            text = inspect(arg, options);
            break;
          case 'o':
            text = inspect(arg, { ...options, showHidden: true, showProxy: true, depth: 4 });
            break;
          case 'i':
            if (typeof arg === 'bigint') text = bigintText(arg, sep);
            else if (typeof arg === 'symbol') text = 'NaN';
            else text = numberText(Number.parseInt(arg), sep);
            break;
          case 'f':
            text = typeof arg === 'symbol' ? 'NaN' : numberText(Number.parseFloat(arg), false);
            break;
          case 'c':
            text = '';
            break;
          default:
            continue;
        }
        out += first.slice(copied, i) + text;
        copied = i + 2;
        i++;
        next++;
      }
      out += first.slice(copied);
    }
    for (; next < args.length; next++) {
      const arg = args[next];
      if (out !== '' || next > 0) out += ' ';
      out += typeof arg === 'string' ? arg : inspect(arg, options);
    }
    return out;
  }

  // ================================================================ deep equality
  // https://nodejs.org/api/assert.html#comparison-details (strict and loose)
  const STRICT = true;
  const LOOSE = false;

  // https://nodejs.org/api/util.html#utilisdeepstrictequalval1-val2-options
  // skipPrototype (given as `true` or `{ skipPrototype: true }`) compares
  // as strictly but lets the prototypes differ.
  function isDeepStrictEqual(a, b, options) {
    const skipPrototype = options === true || !!(options && options.skipPrototype);
    return deepEqual(a, b, STRICT, { left: new Map(), right: new Map(), depth: 0, skipPrototype });
  }
  function isDeepEqual(a, b) {
    return deepEqual(a, b, LOOSE, { left: new Map(), right: new Map(), depth: 0 });
  }
  // assert.partialDeepStrictEqual's comparison
  // (https://nodejs.org/api/assert.html#assertpartialdeepstrictequalactual-expected-message):
  // strict, but only what `b` (expected) has is compared, prototypes are
  // not, an array's (or typed array's) expected elements must appear in
  // the actual one in order, and a Set's or Map's expected entries in the
  // actual one.
  function isPartialStrictEqual(a, b) {
    return deepEqual(a, b, STRICT, { left: new Map(), right: new Map(), depth: 0, skipPrototype: true, partial: true });
  }
  function partialKeys(a, b, memo, skipIndices) {
    const keys = skipIndices ? nonIndexKeys(b) : Object.keys(b);
    for (const s of Object.getOwnPropertySymbols(b)) if (Object.prototype.propertyIsEnumerable.call(b, s)) keys.push(s);
    for (const k of keys) {
      if (skipIndices && typeof k === 'string' && isIndexKey(k)) continue;
      if (!Object.prototype.propertyIsEnumerable.call(a, k)) return false;
      if (!deepEqual(a[k], b[k], STRICT, memo)) return false;
    }
    return true;
  }
  // Whether b's elements appear in a, in order.
  function isSubsequence(a, b, same) {
    let at = 0;
    for (let i = 0; i < b.length; i++) {
      while (at < a.length && !same(a[at], b[i])) at++;
      if (at >= a.length) return false;
      at++;
    }
    return true;
  }
  function partialContents(a, b, memo) {
    if (types.isAnyArrayBuffer(a)) {
      if (!types.isAnyArrayBuffer(b) || types.isSharedArrayBuffer(a) !== types.isSharedArrayBuffer(b)) return false;
      return isSubsequence(new Uint8Array(a), new Uint8Array(b), Object.is);
    }
    if (isTypedArray(a)) {
      if (!isTypedArray(b) || typedKind(a) !== typedKind(b)) return false;
      if (b.length > a.length) return false;
      // Equal bytes (the usual case) are a subsequence at once.
      const whole = a.length === b.length && sameBytes(a, b);
      if (!whole) {
        let at = 0;
        for (let i = 0; i < b.length; i++) {
          const want = b[i];
          while (at < a.length && !Object.is(a[at], want)) at++;
          if (at >= a.length) return false;
          at++;
        }
      }
      return partialKeys(a, b, memo, true);
    }
    if (Array.isArray(a)) {
      if (b.length > a.length) return false;
      // Holes are left out on both sides.
      // (By their keys: a sparse array of a hundred million slots has few.)
      const present = (list) => {
        const out = [];
        for (const k of Object.keys(list)) if (isIndexKey(k)) out.push(list[k]);
        return out;
      };
      return isSubsequence(present(a), present(b), (x, y) => deepEqual(x, y, STRICT, memo)) && partialKeys(a, b, memo, true);
    }
    if (isSet(a) || isSet(b)) {
      if (!isSet(a) || !isSet(b)) return false;
      const used = new Set();
      for (const item of b) {
        if (a.has(item) && !used.has(item)) { used.add(item); continue; }
        let found = false;
        for (const x of a) {
          if (!used.has(x) && deepEqual(x, item, STRICT, memo)) { used.add(x); found = true; break; }
        }
        if (!found) return false;
      }
      return partialKeys(a, b, memo, false);
    }
    if (isMap(a) || isMap(b)) {
      if (!isMap(a) || !isMap(b)) return false;
      if (b.size > a.size) return false;
      // Each entry of the actual map matches one expected entry at most.
      const used = new Set();
      for (const [k, v] of b) {
        if (a.has(k) && !used.has(k)) {
          if (!deepEqual(a.get(k), v, STRICT, memo)) return false;
          used.add(k);
          continue;
        }
        let found = false;
        for (const [k2, v2] of a) {
          if (!used.has(k2) && deepEqual(k2, k, STRICT, memo) && deepEqual(v2, v, STRICT, memo)) {
            used.add(k2);
            found = true;
            break;
          }
        }
        if (!found) return false;
      }
      return partialKeys(a, b, memo, false);
    }
    if ((isNativeError(a) || a instanceof Error) && (isNativeError(b) || b instanceof Error)) {
      // Only what the expected error has of its own: message, cause, errors.
      if (a.name !== b.name) return false;
      if (Object.prototype.hasOwnProperty.call(b, 'message') && a.message !== b.message) return false;
      if (Object.prototype.hasOwnProperty.call(b, 'cause') && (!('cause' in a) || !deepEqual(a.cause, b.cause, STRICT, memo))) return false;
      if (Object.prototype.hasOwnProperty.call(b, 'errors') && !deepEqual(a.errors, b.errors, STRICT, memo)) return false;
      return partialKeys(a, b, memo, false);
    }
    if (isDate(a) || isRegExp(a) || isNativeError(a) || a instanceof Error || types.isAnyArrayBuffer(a) || isDataView(a)
      || types.isBoxedPrimitive(a) || types.isBoxedPrimitive(b) || isTypedArray(b) || isDate(b) || isRegExp(b)) {
      return sameContents(a, b, STRICT, { ...memo, partial: false });
    }
    return partialKeys(a, b, memo, false);
  }

  // An array index: a canonical number below 2^32 - 1.
  const isIndexKey = (k) => arrayIndexKey.test(k) && Number(k) < 4294967295;
  function primitivesEqual(a, b, strict) {
    if (strict) return Object.is(a, b);
    // eslint-disable-next-line eqeqeq
    return a == b || (Number.isNaN(a) && Number.isNaN(b));
  }

  function deepEqual(a, b, strict, memo) {
    if (a === b) return a !== 0 || !strict || Object.is(a, b);
    if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) {
      if (strict) return typeof a === 'number' && Number.isNaN(a) && Number.isNaN(b);
      if (isObject(a) && typeof a === 'object') return false;
      if (isObject(b) && typeof b === 'object') return false;
      return primitivesEqual(a, b, strict);
    }
    if (strict && !memo.skipPrototype && Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
    if (memo.partial && Array.isArray(a) !== Array.isArray(b)) return false;
    if (tagOf(a) !== tagOf(b)) return false;
    if (Array.isArray(a) !== Array.isArray(b)) return false;
    // WeakMaps, WeakSets and promises are equal only to themselves.
    if (isWeakMap(a) || isWeakSet(a) || isPromise(a) || isWeakMap(b) || isWeakSet(b) || isPromise(b)) return false;
    // URLs by their href (Node's comparisons.js).
    if (typeof URL === 'function' && (a instanceof URL || b instanceof URL)) {
      if (!(a instanceof URL && b instanceof URL) || a.href !== b.href) return false;
    }

    // Both sides met again on the way down: equal when met at the same step.
    const seenLeft = memo.left.get(a);
    const seenRight = memo.right.get(b);
    // (Node's handleCycles: a value met again on one side only ends the
    // comparison as unequal.)
    if (seenLeft !== undefined || seenRight !== undefined) return seenLeft !== undefined && seenRight !== undefined;
    memo.depth++;
    memo.left.set(a, memo.depth);
    memo.right.set(b, memo.depth);
    try {
      return memo.partial ? partialContents(a, b, memo) : sameContents(a, b, strict, memo);
    } finally {
      memo.left.delete(a);
      memo.right.delete(b);
      memo.depth--;
    }
  }

  function sameKeys(a, b, strict) {
    const keysA = Object.keys(a);
    const keysB = Object.keys(b);
    if (keysA.length !== keysB.length) return null;
    for (const k of keysA) if (!Object.prototype.propertyIsEnumerable.call(b, k)) return null;
    if (strict) {
      const symA = Object.getOwnPropertySymbols(a).filter((s) => Object.prototype.propertyIsEnumerable.call(a, s));
      const symB = Object.getOwnPropertySymbols(b).filter((s) => Object.prototype.propertyIsEnumerable.call(b, s));
      if (symA.length !== symB.length) return null;
      for (const s of symA) if (!Object.prototype.propertyIsEnumerable.call(b, s)) return null;
      keysA.push(...symA);
    }
    return keysA;
  }

  // A typed array's own keys other than its indices (which come first, one
  // per element), compared as sameKeys compares keys.
  const host = internals.host;
  const nonIndexKeys = host && typeof host.ownNonIndexKeys === 'function'
    ? (v) => host.ownNonIndexKeys(v)
    : (v) => Object.keys(v).slice(v.length);
  function sameTypedKeys(a, b, strict) {
    const keysA = nonIndexKeys(a);
    const keysB = nonIndexKeys(b);
    if (keysA.length !== keysB.length) return null;
    for (const k of keysA) if (!Object.prototype.propertyIsEnumerable.call(b, k)) return null;
    if (strict) {
      const symA = Object.getOwnPropertySymbols(a).filter((s) => Object.prototype.propertyIsEnumerable.call(a, s));
      const symB = Object.getOwnPropertySymbols(b).filter((s) => Object.prototype.propertyIsEnumerable.call(b, s));
      if (symA.length !== symB.length) return null;
      for (const s of symA) if (!Object.prototype.propertyIsEnumerable.call(b, s)) return null;
      keysA.push(...symA);
    }
    return keysA;
  }

  const sameBytes = (a, b) => {
    if (a.byteLength !== b.byteLength) return false;
    const offA = a.byteOffset || 0;
    const offB = b.byteOffset || 0;
    // Four bytes at a time where both views allow it.
    if (offA % 4 === 0 && offB % 4 === 0 && a.byteLength % 4 === 0) {
      const x = new Int32Array(a.buffer || a, offA, a.byteLength / 4);
      const y = new Int32Array(b.buffer || b, offB, b.byteLength / 4);
      for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
      return true;
    }
    const x = new Uint8Array(a.buffer || a, offA, a.byteLength);
    const y = new Uint8Array(b.buffer || b, offB, b.byteLength);
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
    return true;
  };

  function sameContents(a, b, strict, memo) {
    let keys;
    if (Array.isArray(a)) {
      if (a.length !== b.length) return false;
      keys = sameKeys(a, b, strict);
      if (keys === null) return false;
      // Holes and undefined differ only in strict mode, and the key lists
      // compared above catch that.
      for (let i = 0; i < a.length; i++) {
        if (!deepEqual(a[i], b[i], strict, memo)) return false;
      }
      keys = keys.filter((k) => typeof k === 'symbol' || !isIndexKey(k));
    } else {
      if (isDate(a)) {
        if (!isDate(b) || !Object.is(Date.prototype.getTime.call(a), Date.prototype.getTime.call(b))) return false;
      } else if (isRegExp(a)) {
        if (!isRegExp(b) || a.source !== b.source || a.flags !== b.flags || a.lastIndex !== b.lastIndex) return false;
      } else if (isNativeError(a) || a instanceof Error) {
        if (!(isNativeError(b) || b instanceof Error)) return false;
        if (a.message !== b.message || a.name !== b.name) return false;
        if (('cause' in a) !== ('cause' in b) || !deepEqual(a.cause, b.cause, strict, memo)) return false;
        if (('errors' in a) !== ('errors' in b) || !deepEqual(a.errors, b.errors, strict, memo)) return false;
      } else if (isTypedArray(a)) {
        if (!isTypedArray(b) || typedKind(a) !== typedKind(b) || a.length !== b.length) return false;
        const float = /^Float/.test(typedKind(a));
        if (!strict && float) {
          for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
        } else if (!sameBytes(a, b)) {
          return false;
        }
        keys = sameTypedKeys(a, b, strict);
        if (keys === null) return false;
        return sameProperties(a, b, keys, strict, memo);
      } else if (types.isAnyArrayBuffer(a)) {
        if (!types.isAnyArrayBuffer(b) || !sameBytes(a, b)) return false;
      } else if (isDataView(a)) {
        if (!isDataView(b) || !sameBytes(a, b)) return false;
      } else if (types.isBoxedPrimitive(a)) {
        if (!sameBoxed(a, b)) return false;
      } else if (types.isBoxedPrimitive(b) || isTypedArray(b) || isDate(b) || isRegExp(b) || isNativeError(b)) {
        return false;
      }
      keys = sameKeys(a, b, strict);
      if (keys === null) return false;
    }
    if (!sameProperties(a, b, keys, strict, memo)) return false;
    if (isSet(a)) return isSet(b) && sameSets(a, b, strict, memo);
    if (isMap(a)) return isMap(b) && sameMaps(a, b, strict, memo);
    return !isSet(b) && !isMap(b);
  }

  function sameBoxed(a, b) {
    if (isNumberObject(a)) return isNumberObject(b) && Object.is(Number.prototype.valueOf.call(a), Number.prototype.valueOf.call(b));
    if (isStringObject(a)) return isStringObject(b) && String.prototype.valueOf.call(a) === String.prototype.valueOf.call(b);
    if (isBooleanObject(a)) return isBooleanObject(b) && Boolean.prototype.valueOf.call(a) === Boolean.prototype.valueOf.call(b);
    if (isBigIntObject(a)) return isBigIntObject(b) && BigInt.prototype.valueOf.call(a) === BigInt.prototype.valueOf.call(b);
    return isSymbolObject(b) && Symbol.prototype.valueOf.call(a) === Symbol.prototype.valueOf.call(b);
  }

  function sameProperties(a, b, keys, strict, memo) {
    for (const k of keys) if (!deepEqual(a[k], b[k], strict, memo)) return false;
    return true;
  }

  // Finds, among `candidates`, one deep-equal to `item` and takes it out.
  function takeMatch(candidates, item, strict, memo, matches) {
    for (const candidate of candidates) {
      if (matches(candidate, item, strict, memo)) {
        candidates.delete(candidate);
        return true;
      }
    }
    return false;
  }

  // Sets hold the same values: those not in the other set by identity must
  // each find a distinct deep-equal partner.
  function sameSets(a, b, strict, memo) {
    if (a.size !== b.size) return false;
    const unmatched = [];
    for (const item of a) if (!b.has(item)) unmatched.push(item);
    if (unmatched.length === 0) return true;
    const candidates = new Set();
    for (const item of b) if (!a.has(item)) candidates.add(item);
    for (const item of unmatched) {
      if (!takeMatch(candidates, item, strict, memo, deepEqual)) return false;
    }
    return candidates.size === 0;
  }

  function sameMaps(a, b, strict, memo) {
    if (a.size !== b.size) return false;
    const unmatched = [];
    for (const [k, v] of a) {
      if (b.has(k) && deepEqual(v, b.get(k), strict, memo)) continue;
      unmatched.push([k, v]);
    }
    if (unmatched.length === 0) return true;
    const candidates = new Set();
    for (const [k, v] of b) {
      if (!a.has(k) || !deepEqual(a.get(k), v, strict, memo)) candidates.add([k, v]);
    }
    const equal = ([k1, v1], [k2, v2], s, m) => deepEqual(k1, k2, s, m) && deepEqual(v1, v2, s, m);
    for (const pair of unmatched) {
      if (!takeMatch(candidates, pair, strict, memo, equal)) return false;
    }
    return candidates.size === 0;
  }

  // ================================================================ the rest of util
  const promisifyCustom = Symbol.for('nodejs.util.promisify.custom');
  // Functions whose callback gets several results name them here, and the
  // promise resolves to an object of them (as dns.lookup's does).
  const promisifyArgNames = Symbol.for('jsloop.node.util.promisify.argumentNames');

  // https://nodejs.org/api/util.html#utilpromisifyoriginal
  function promisify(original) {
    if (typeof original !== 'function') throw errInvalidArgType('original', 'Function', original);
    if (original[promisifyCustom]) {
      const custom = original[promisifyCustom];
      if (typeof custom !== 'function') throw errInvalidArgType('util.promisify.custom', 'Function', custom);
      return Object.defineProperty(custom, promisifyCustom, { value: custom, configurable: true });
    }
    const names = original[promisifyArgNames];
    function promisified(...args) {
      return new Promise((resolve, reject) => {
        const settle = (err, ...results) => {
          if (err) {
            reject(err);
          } else if (names !== undefined && results.length > 1) {
            const named = {};
            names.forEach((name, i) => { named[name] = results[i]; });
            resolve(named);
          } else {
            resolve(results[0]);
          }
        };
        Reflect.apply(original, this, [...args, settle]);
      });
    }
    Object.setPrototypeOf(promisified, Object.getPrototypeOf(original));
    Object.defineProperty(promisified, promisifyCustom, { value: promisified, configurable: true });
    const descriptors = Object.getOwnPropertyDescriptors(original);
    for (const key of Reflect.ownKeys(descriptors)) {
      try {
        Object.defineProperty(promisified, key, descriptors[key]);
      } catch {
        // A property the new function cannot take keeps its own.
      }
    }
    return promisified;
  }
  promisify.custom = promisifyCustom;

  const later = (fn, ...args) => {
    if (typeof internals.nextTick === 'function') internals.nextTick(fn, ...args);
    else queueMicrotask(() => fn(...args));
  };

  // https://nodejs.org/api/util.html#utilcallbackifyoriginal
  function callbackify(original) {
    if (typeof original !== 'function') throw errInvalidArgType('original', 'Function', original);
    function callbackified(...args) {
      const last = args.pop();
      if (typeof last !== 'function') throw errInvalidArgType('last argument', 'Function', last);
      const callback = last.bind(this);
      Reflect.apply(original, this, args).then(
        (value) => later(callback, null, value),
        (reason) => {
          // A falsy rejection reason becomes an error that carries it.
          if (!reason) {
            const wrapped = nodeError(Error, 'ERR_FALSY_VALUE_REJECTION', 'Promise was rejected with falsy value');
            wrapped.reason = reason;
            reason = wrapped;
          }
          later(callback, reason);
        },
      );
    }
    const descriptors = Object.getOwnPropertyDescriptors(original);
    if (typeof descriptors.length.value === 'number') descriptors.length.value++;
    if (typeof descriptors.name.value === 'string') descriptors.name.value += 'Callbackified';
    for (const key of Reflect.ownKeys(descriptors)) Object.setPrototypeOf(descriptors[key], null);
    Object.defineProperties(callbackified, descriptors);
    return callbackified;
  }

  // https://nodejs.org/api/util.html#utilinheritsconstructor-superconstructor
  function inherits(ctor, superCtor) {
    if (ctor === undefined || ctor === null) throw errInvalidArgType('ctor', 'Function', ctor);
    if (superCtor === undefined || superCtor === null) throw errInvalidArgType('superCtor', 'Function', superCtor);
    if (superCtor.prototype === undefined) throw errInvalidArgType('superCtor.prototype', 'Object', superCtor.prototype);
    Object.defineProperty(ctor, 'super_', { value: superCtor, writable: true, configurable: true });
    Object.setPrototypeOf(ctor.prototype, superCtor.prototype);
  }

  const warnedCodes = new Set();
  let traceHintPrinted = false;
  // process.emitWarning when there is one; else the line Node prints for a
  // warning nobody listens for.
  function emitWarning(warning, type, code) {
    if (typeof internals.emitWarning === 'function') return internals.emitWarning(warning, type, code);
    const name = typeof warning === 'string' ? (type || 'Warning') : warning.name;
    const message = typeof warning === 'string' ? warning : warning.message;
    if (typeof warning !== 'string' && warning.code !== undefined) code = warning.code;
    const pid = internals.pid !== undefined ? internals.pid : 0;
    let text = `(node:${pid}) ${code ? `[${code}] ` : ''}${name}: ${message}`;
    if (!traceHintPrinted) {
      traceHintPrinted = true;
      text += '\n(Use `node --trace-warnings ...` to show where the warning was created)';
    }
    printError(text);
    return undefined;
  }
  function printError(text) {
    if (typeof internals.print === 'function') internals.print(2, text);
    else if (G.console) G.console.error(text);
  }

  // https://nodejs.org/api/util.html#utildeprecatefn-msg-code-options
  // The warning comes once per wrapped function, and once per code.
  function deprecate(fn, msg, code) {
    if (typeof fn !== 'function') throw errInvalidArgType('fn', 'Function', fn);
    if (code !== undefined && typeof code !== 'string') throw errInvalidArgType('code', 'string', code);
    let warned = false;
    function deprecated(...args) {
      if (!warned) {
        warned = true;
        if (code === undefined) emitWarning(msg, 'DeprecationWarning');
        else if (!warnedCodes.has(code)) {
          warnedCodes.add(code);
          emitWarning(msg, 'DeprecationWarning', code);
        }
      }
      return new.target ? Reflect.construct(fn, args, new.target) : Reflect.apply(fn, this, args);
    }
    Object.setPrototypeOf(deprecated, fn);
    if (fn.prototype) deprecated.prototype = fn.prototype;
    // (Node 24's lib/internal/util.js deprecate: the wrapper has fn's length.)
    Object.defineProperty(deprecated, 'length', { value: fn.length, writable: false, enumerable: false, configurable: true });
    return deprecated;
  }

  // https://nodejs.org/api/util.html#utildebuglogsection-callback
  // NODE_DEBUG lists sections, separated by commas or spaces, `*` as a
  // wildcard, case ignored.
  function debuglog(section, callback) {
    const wanted = ((internals.env && internals.env.NODE_DEBUG) || '').split(/[\s,]+/).filter(Boolean);
    const enabled = wanted.some((pattern) => {
      const source = pattern.replace(/[|\\{}()[\]^$+?.]/g, '\\$&').replace(/\*/g, '.*');
      return new RegExp(`^${source}$`, 'i').test(section);
    });
    const pid = internals.pid !== undefined ? internals.pid : 0;
    const logger = enabled ? (...args) => printError(`${section.toUpperCase()} ${pid}: ${format(...args)}`) : () => {};
    Object.defineProperty(logger, 'enabled', { get: () => enabled, enumerable: true, configurable: true });
    if (typeof callback === 'function') callback(logger);
    return logger;
  }

  // https://nodejs.org/api/util.html#utilstyletextformat-text-options
  function styleText(style, text, { validateStream = true, stream } = {}) {
    if (typeof text !== 'string') throw errInvalidArgType('text', 'string', text);
    const names = Array.isArray(style) ? style : [style];
    const allowed = [...Object.keys(colors), ...colorAliases.map(([alias]) => alias)];
    for (const name of names) {
      if (name !== 'none' && !(typeof name === 'string' && allowed.includes(name))) {
        throw errInvalidArgValue('format', name, `must be one of: ${allowed.map((n) => `'${n}'`).join(', ')}`);
      }
    }
    if (validateStream) {
      const target = stream !== undefined ? stream : (G.process && G.process.stdout);
      if (!shouldColor(target)) return text;
    }
    let open = '';
    let close = '';
    for (const name of names) {
      if (name === 'none') continue;
      const [on, off] = colors[name];
      open += `\u001b[${on}m`;
      close = `\u001b[${off}m${close}`;
    }
    return `${open}${text}${close}`;
  }
  // Colours go to a terminal, unless the environment says otherwise.
  function shouldColor(stream) {
    const env = internals.env || {};
    if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
    if (env.NO_COLOR !== undefined || env.NODE_DISABLE_COLORS !== undefined || env.TERM === 'dumb') return false;
    return !!(stream && stream.isTTY);
  }

  // https://nodejs.org/api/util.html#utilgetsystemerrormap
  // libuv's error codes on Linux (UV_ERRNO_MAP: the negated errno, or
  // libuv's own number) with uv_strerror's text, as Node 24 lists them.
  const systemErrors = new Map([
    [-7, 'E2BIG', 'argument list too long'], [-13, 'EACCES', 'permission denied'],
    [-98, 'EADDRINUSE', 'address already in use'], [-99, 'EADDRNOTAVAIL', 'address not available'],
    [-97, 'EAFNOSUPPORT', 'address family not supported'],
    [-11, 'EAGAIN', 'resource temporarily unavailable'],
    [-3000, 'EAI_ADDRFAMILY', 'address family not supported'], [-3001, 'EAI_AGAIN', 'temporary failure'],
    [-3002, 'EAI_BADFLAGS', 'bad ai_flags value'], [-3013, 'EAI_BADHINTS', 'invalid value for hints'],
    [-3003, 'EAI_CANCELED', 'request canceled'], [-3004, 'EAI_FAIL', 'permanent failure'],
    [-3005, 'EAI_FAMILY', 'ai_family not supported'], [-3006, 'EAI_MEMORY', 'out of memory'],
    [-3007, 'EAI_NODATA', 'no address'], [-3008, 'EAI_NONAME', 'unknown node or service'],
    [-3009, 'EAI_OVERFLOW', 'argument buffer overflow'],
    [-3014, 'EAI_PROTOCOL', 'resolved protocol is unknown'],
    [-3010, 'EAI_SERVICE', 'service not available for socket type'],
    [-3011, 'EAI_SOCKTYPE', 'socket type not supported'],
    [-114, 'EALREADY', 'connection already in progress'], [-9, 'EBADF', 'bad file descriptor'],
    [-16, 'EBUSY', 'resource busy or locked'], [-125, 'ECANCELED', 'operation canceled'],
    [-4080, 'ECHARSET', 'invalid Unicode character'],
    [-103, 'ECONNABORTED', 'software caused connection abort'], [-111, 'ECONNREFUSED', 'connection refused'],
    [-104, 'ECONNRESET', 'connection reset by peer'], [-89, 'EDESTADDRREQ', 'destination address required'],
    [-17, 'EEXIST', 'file already exists'], [-14, 'EFAULT', 'bad address in system call argument'],
    [-27, 'EFBIG', 'file too large'], [-113, 'EHOSTUNREACH', 'host is unreachable'],
    [-4, 'EINTR', 'interrupted system call'], [-22, 'EINVAL', 'invalid argument'], [-5, 'EIO', 'i/o error'],
    [-106, 'EISCONN', 'socket is already connected'], [-21, 'EISDIR', 'illegal operation on a directory'],
    [-40, 'ELOOP', 'too many symbolic links encountered'], [-24, 'EMFILE', 'too many open files'],
    [-90, 'EMSGSIZE', 'message too long'], [-36, 'ENAMETOOLONG', 'name too long'],
    [-100, 'ENETDOWN', 'network is down'], [-101, 'ENETUNREACH', 'network is unreachable'],
    [-23, 'ENFILE', 'file table overflow'], [-105, 'ENOBUFS', 'no buffer space available'],
    [-19, 'ENODEV', 'no such device'], [-2, 'ENOENT', 'no such file or directory'],
    [-12, 'ENOMEM', 'not enough memory'], [-64, 'ENONET', 'machine is not on the network'],
    [-92, 'ENOPROTOOPT', 'protocol not available'], [-28, 'ENOSPC', 'no space left on device'],
    [-38, 'ENOSYS', 'function not implemented'], [-107, 'ENOTCONN', 'socket is not connected'],
    [-20, 'ENOTDIR', 'not a directory'], [-39, 'ENOTEMPTY', 'directory not empty'],
    [-88, 'ENOTSOCK', 'socket operation on non-socket'],
    [-95, 'ENOTSUP', 'operation not supported on socket'],
    [-75, 'EOVERFLOW', 'value too large for defined data type'], [-1, 'EPERM', 'operation not permitted'],
    [-32, 'EPIPE', 'broken pipe'], [-71, 'EPROTO', 'protocol error'],
    [-93, 'EPROTONOSUPPORT', 'protocol not supported'],
    [-91, 'EPROTOTYPE', 'protocol wrong type for socket'], [-34, 'ERANGE', 'result too large'],
    [-30, 'EROFS', 'read-only file system'],
    [-108, 'ESHUTDOWN', 'cannot send after transport endpoint shutdown'], [-29, 'ESPIPE', 'invalid seek'],
    [-3, 'ESRCH', 'no such process'], [-110, 'ETIMEDOUT', 'connection timed out'],
    [-26, 'ETXTBSY', 'text file is busy'], [-18, 'EXDEV', 'cross-device link not permitted'],
    [-4094, 'UNKNOWN', 'unknown error'], [-4095, 'EOF', 'end of file'],
    [-6, 'ENXIO', 'no such device or address'], [-31, 'EMLINK', 'too many links'],
    [-112, 'EHOSTDOWN', 'host is down'], [-121, 'EREMOTEIO', 'remote I/O error'],
    [-25, 'ENOTTY', 'inappropriate ioctl for device'],
    [-4028, 'EFTYPE', 'inappropriate file type or format'], [-84, 'EILSEQ', 'illegal byte sequence'],
    [-94, 'ESOCKTNOSUPPORT', 'socket type not supported'], [-61, 'ENODATA', 'no data available'],
    [-49, 'EUNATCH', 'protocol driver not attached'], [-8, 'ENOEXEC', 'exec format error'],
  ].map(([errno, name, message]) => [errno, [name, message]]));
  const getSystemErrorMap = () => new Map(systemErrors);
  function systemError(err) {
    if (typeof err !== 'number') throw errInvalidArgType('err', 'number', err);
    if (err >= 0 || !Number.isSafeInteger(err)) {
      throw nodeError(RangeError, 'ERR_OUT_OF_RANGE', `The value of "err" is out of range. It must be a negative integer. Received ${err}`);
    }
    return systemErrors.get(err) || [`Unknown system error ${err}`, `Unknown system error ${err}`];
  }
  // https://nodejs.org/api/util.html#utilgetsystemerrornameerr
  const getSystemErrorName = (err) => systemError(err)[0];
  // https://nodejs.org/api/util.html#utilconvertprocesssignaltoexitcodesignalcode:
  // 128 plus the signal's number, as a shell reports a process a signal ended.
  function convertProcessSignalToExitCode(signalCode) {
    const { signals } = internals.require('os').constants;
    if (typeof signalCode !== 'string' || !Object.prototype.hasOwnProperty.call(signals, signalCode)) {
      throw nodeError(TypeError, 'ERR_INVALID_ARG_VALUE', `The argument 'signalCode' is not a valid signal. Received ${inspect(signalCode)}`);
    }
    return 128 + signals[signalCode];
  }
  // https://nodejs.org/api/util.html#utilgetsystemerrormessageerr
  const getSystemErrorMessage = (err) => systemError(err)[1];

  // https://nodejs.org/api/util.html#utilabortedsignal-resource
  function aborted(signal, resource) {
    if (signal === null || typeof signal !== 'object' || !('aborted' in signal)) {
      return Promise.reject(errInvalidArgType('signal', 'AbortSignal', signal));
    }
    if (resource === null || (typeof resource !== 'object' && typeof resource !== 'function')) {
      return Promise.reject(errInvalidArgType('resource', 'object', resource));
    }
    if (signal.aborted) return Promise.resolve();
    return new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
  }

  // https://nodejs.org/api/util.html#utiltransferableabortsignalsignal
  // (every signal can go to a worker here; the call checks and returns it)
  function transferableAbortSignal(signal) {
    if (signal === null || typeof signal !== 'object' || !(G.AbortSignal && signal instanceof G.AbortSignal)) {
      throw errInvalidArgType('signal', 'AbortSignal', signal);
    }
    return signal;
  }
  // https://nodejs.org/api/util.html#utiltransferableabortcontroller
  const transferableAbortController = () => new G.AbortController();

  const toUSVString = (input) => String(input).toWellFormed();

  // ================================================================ parseArgs
  // https://nodejs.org/api/util.html#utilparseargsconfig
  // The arguments become tokens (options, positionals, the `--` that ends
  // the options); strict mode then checks each token against the options
  // described, and the values are stored in a null-prototype object.

  const argumentError = (code, message) => nodeError(TypeError, code, message);
  const mustBeBoolean = (value, name) => {
    if (typeof value !== 'boolean') throw errInvalidArgType(name, 'boolean', value);
  };

  // The checks Node makes of each option's description.
  function checkOptionConfig(name, config) {
    const where = `options.${name}`;
    if (config === null || typeof config !== 'object') throw errInvalidArgType(where, 'object', config);
    const { type } = config;
    if (type !== 'string' && type !== 'boolean') {
      throw argumentError('ERR_INVALID_ARG_TYPE', `The "${where}.type" property must be ('string|boolean'). Received ${determineSpecificType(type)}`);
    }
    if ('short' in config) {
      if (typeof config.short !== 'string') throw errInvalidArgType(`${where}.short`, 'string', config.short);
      if (config.short.length !== 1) throw errInvalidArgValue(`${where}.short`, config.short, 'must be a single character');
    }
    if ('multiple' in config) mustBeBoolean(config.multiple, `${where}.multiple`);
    if ('default' in config) {
      const value = config.default;
      const check = (v, at) => {
        if (typeof v !== type) throw errInvalidArgType(at, type, v);
      };
      if (config.multiple) {
        if (!Array.isArray(value)) throw errInvalidArgType(`${where}.default`, 'Array', value);
        value.forEach((v, i) => check(v, `${where}.default[${i}]`));
      } else {
        check(value, `${where}.default`);
      }
    }
  }

  // The program's own arguments (after the runtime and the script; after
  // only the runtime for code given with -e or -p).
  function programArguments() {
    const proc = G.process;
    if (!proc || !Array.isArray(proc.argv)) return [];
    const evaluated = Array.isArray(proc.execArgv) &&
      proc.execArgv.some((a) => a === '-e' || a === '--eval' || a === '-p' || a === '--print');
    return proc.argv.slice(evaluated ? 1 : 2);
  }

  function tokenize(args, options) {
    const byShort = (letter) => Object.keys(options).find((name) => options[name].short === letter);
    const isStringOption = (name) => own(options, name) && options[name].type === 'string';
    const tokens = [];
    const pending = [...args];
    // Expanded short groups keep the index of the argument they came from.
    const origin = args.map((_, i) => i);
    for (let i = 0; i < pending.length; i++) {
      const arg = pending[i];
      const index = origin[i];
      if (arg === '--') {
        tokens.push({ kind: 'option-terminator', index });
        for (let j = i + 1; j < pending.length; j++) tokens.push({ kind: 'positional', index: origin[j], value: pending[j] });
        break;
      }
      if (typeof arg !== 'string' || arg.length < 2 || arg[0] !== '-') {
        tokens.push({ kind: 'positional', index, value: arg });
        continue;
      }
      // An option token; a string option without a value inline takes
      // the next argument (when there is one).
      const option = (name, rawName, value, inlineValue) => {
        if (value === undefined && isStringOption(name) && i + 1 < pending.length) {
          i++;
          value = pending[i];
          inlineValue = false;
        }
        tokens.push({ kind: 'option', name, rawName, index, value, inlineValue });
      };
      if (arg[1] !== '-') {
        const letter = arg[1];
        const name = byShort(letter) || letter;
        if (arg.length === 2) {
          option(name, arg, undefined, undefined);
        } else if (isStringOption(name)) {
          option(name, `-${letter}`, arg.slice(2), true);
        } else {
          // A group of short options: -abc is -a -b -c; a string option
          // in it takes the rest of the group as its value.
          const expanded = [];
          for (let k = 1; k < arg.length; k++) {
            const l = arg[k];
            if (isStringOption(byShort(l) || l) && k < arg.length - 1) {
              expanded.push(`-${arg.slice(k)}`);
              break;
            }
            expanded.push(`-${l}`);
          }
          pending.splice(i, 1, ...expanded);
          origin.splice(i, 1, ...expanded.map(() => index));
          i--;
        }
        continue;
      }
      const eq = arg.indexOf('=');
      if (eq !== -1) option(arg.slice(2, eq), arg.slice(0, eq), arg.slice(eq + 1), true);
      else option(arg.slice(2), arg, undefined, undefined);
    }
    return tokens;
  }

  function parseArgs(config = {}) {
    const {
      args = programArguments(), strict = true, allowPositionals = !strict, allowNegative = false,
      tokens: wantTokens = false, options = {},
    } = config;
    if (!Array.isArray(args)) throw errInvalidArgType('args', 'Array', args);
    mustBeBoolean(strict, 'strict');
    mustBeBoolean(allowPositionals, 'allowPositionals');
    mustBeBoolean(wantTokens, 'tokens');
    mustBeBoolean(allowNegative, 'allowNegative');
    if (options === null || typeof options !== 'object') throw errInvalidArgType('options', 'object', options);
    for (const name of Object.keys(options)) checkOptionConfig(name, options[name]);

    const tokens = tokenize(args, options);
    const values = { __proto__: null };
    const positionals = [];
    for (const token of tokens) {
      if (token.kind === 'positional') {
        if (!allowPositionals) {
          throw argumentError('ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL', `Unexpected argument '${token.value}'. This command does not take positional arguments`);
        }
        positionals.push(token.value);
        continue;
      }
      if (token.kind !== 'option') continue;
      let value = token.value;
      // --no-NAME of a boolean option stores false.
      if (allowNegative && !own(options, token.name) && token.name.startsWith('no-') && token.value === undefined) {
        const positive = token.name.slice(3);
        if (own(options, positive) && options[positive].type === 'boolean') {
          token.name = positive;
          value = false;
        }
      }
      const described = own(options, token.name) ? options[token.name] : undefined;
      if (strict) checkToken(token, described, allowPositionals);
      if (value === undefined) value = true;
      if (described && described.multiple) {
        if (values[token.name] === undefined) values[token.name] = [];
        values[token.name].push(value);
      } else {
        values[token.name] = value;
      }
    }
    for (const name of Object.keys(options)) {
      if (values[name] === undefined && options[name].default !== undefined) values[name] = options[name].default;
    }
    const result = { values, positionals };
    if (wantTokens) result.tokens = tokens;
    return result;
  }

  // Strict mode: the option must be described, get a value when it is a
  // string option (one that does not look like another option, unless
  // given inline) and none when it is a boolean one.
  function checkToken(token, described, allowPositionals) {
    if (described === undefined) {
      const hint = allowPositionals
        ? `. To specify a positional argument starting with a '-', place it at the end of the command after '--', as in '-- ${JSON.stringify(token.rawName)}`
        : '';
      throw argumentError('ERR_PARSE_ARGS_UNKNOWN_OPTION', `Unknown option '${token.rawName}'${hint}`);
    }
    const both = described.short ? `-${described.short}, --${token.name}` : `--${token.name}`;
    if (described.type === 'string') {
      if (typeof token.value !== 'string') {
        throw argumentError('ERR_PARSE_ARGS_INVALID_OPTION_VALUE', `Option '${both} <value>' argument missing`);
      }
      if (!token.inlineValue && token.value.length > 1 && token.value[0] === '-') {
        const shortForm = token.rawName.length === 2 ? ` or '-${described.short}-XYZ'` : '';
        throw argumentError('ERR_PARSE_ARGS_INVALID_OPTION_VALUE',
          `Option '${token.rawName}' argument is ambiguous.\nDid you forget to specify the option argument for '${token.rawName}'?\n` +
          `To specify an option argument starting with a dash use '--${token.name}=-XYZ'${shortForm}.`);
      }
    } else if (token.value !== undefined) {
      throw argumentError('ERR_PARSE_ARGS_INVALID_OPTION_VALUE', `Option '${both}' does not take an argument`);
    }
  }

  // https://nodejs.org/api/util.html#utilgetcallsitesframecount-options
  // (lib/util.js getCallSites): the program's frames above the call, as
  // plain objects; neither Error.prepareStackTrace nor Error.stackTraceLimit
  // is asked. (Source maps are not read: `sourceMap` is checked only.)
  const scriptIds = new Map();
  function validateCallSitesOptions(options) {
    if (options === null || typeof options !== 'object' || Array.isArray(options)) {
      throw errInvalidArgType('options', 'object', options);
    }
    if (options.sourceMap !== undefined && typeof options.sourceMap !== 'boolean') {
      throw errInvalidArgType('options.sourceMap', 'boolean', options.sourceMap);
    }
  }
  function getCallSites(frameCount = 10, options) {
    if (options === undefined) {
      if (typeof frameCount === 'object') {
        validateCallSitesOptions(frameCount);
        frameCount = 10;
      }
    } else {
      validateCallSitesOptions(options);
    }
    // validateInteger(frameCount, 'frameCount', 1, 200)
    if (typeof frameCount !== 'number') throw errInvalidArgType('frameCount', 'number', frameCount);
    if (!Number.isInteger(frameCount)) {
      throw nodeError(RangeError, 'ERR_OUT_OF_RANGE', `The value of "frameCount" is out of range. It must be an integer. Received ${frameCount}`);
    }
    if (frameCount < 1 || frameCount > 200) {
      throw nodeError(RangeError, 'ERR_OUT_OF_RANGE', `The value of "frameCount" is out of range. It must be >= 1 && <= 200. Received ${frameCount}`);
    }
    const sites = Error[Symbol.for('jsloop.programCallSites')](frameCount);
    return sites.map((site) => {
      const scriptName = site.getFileName() ?? '';
      if (!scriptIds.has(scriptName)) scriptIds.set(scriptName, String(scriptIds.size + 1));
      const column = site.getColumnNumber() ?? 0;
      return {
        __proto__: null,
        functionName: site.getFunctionName() ?? '',
        scriptId: scriptIds.get(scriptName),
        scriptName,
        lineNumber: site.getLineNumber() ?? 0,
        columnNumber: column,
        column,
      };
    });
  }

  const util = {
    getCallSites,
    format,
    formatWithOptions,
    inspect,
    isDeepStrictEqual,
    promisify,
    callbackify,
    inherits,
    deprecate,
    debuglog,
    debug: debuglog,
    types,
    stripVTControlCharacters,
    styleText,
    toUSVString,
    aborted,
    parseArgs,
    transferableAbortSignal,
    transferableAbortController,
    getSystemErrorName,
    getSystemErrorMessage,
    getSystemErrorMap,
    convertProcessSignalToExitCode,
    isArray: (v) => Array.isArray(v),
    // lib/util.js's _extend (DEP0060, a runtime deprecation in Node 24):
    // source's own enumerable keys onto target, last first.
    _extend: deprecate(function _extend(target, source) {
      if (source === null || typeof source !== 'object') return target;
      const keys = Object.keys(source);
      let i = keys.length;
      while (i--) target[keys[i]] = source[keys[i]];
      return target;
    }, 'The `util._extend` API is deprecated. Please use Object.assign() instead.', 'DEP0060'),
    getStringWidth: (str, removeControlChars) => getStringWidth(str, removeControlChars),
    // The type checks Node deprecated long ago (and Node 24 no longer has);
    // kept for the programs that still call them.
    isBoolean: (v) => typeof v === 'boolean',
    isBuffer: (v) => !!(G.Buffer && G.Buffer.isBuffer && G.Buffer.isBuffer(v)),
    isNull: (v) => v === null,
    isNullOrUndefined: (v) => v === null || v === undefined,
    isNumber: (v) => typeof v === 'number',
    isString: (v) => typeof v === 'string',
    isSymbol: (v) => typeof v === 'symbol',
    isUndefined: (v) => v === undefined,
    isRegExp,
    isObject: (v) => v !== null && typeof v === 'object',
    isDate,
    isError,
    isFunction: (v) => typeof v === 'function',
    isPrimitive: (v) => v === null || (typeof v !== 'object' && typeof v !== 'function'),
  };
  if (typeof G.TextEncoder === 'function') util.TextEncoder = G.TextEncoder;
  if (typeof G.TextDecoder === 'function') util.TextDecoder = G.TextDecoder;
  // For the other node glue (assert, events, console, the module loader).
  Object.defineProperty(util, Symbol.for('jsloop.node.util.internal'), {
    value: {
      isDeepEqual,
      isDeepStrictEqual,
      isPartialStrictEqual,
      determineSpecificType,
      nodeError,
      errInvalidArgType,
      errInvalidArgValue,
      getStringWidth,
      removeColors,
      isError,
      getStackString,
      emitWarning,
      inspectDefaultOptions: defaultOptions,
    },
  });
  return util;
})
