// jsloop node glue: the `util` module (format, inspect, promisify, types, ...).
// inspect/format are a port of Node v20's lib/internal/util/inspect.js (MIT,
// Copyright Node.js contributors) to plain JavaScript: the V8-only internals
// (previewEntries, getProxyDetails, getPromiseDetails, getConstructorName)
// are replaced by brand checks, or by optional host hooks in `internals`:
//   internals.getPromiseDetails(p) -> [state, result]  (0 pending, 1 fulfilled, 2 rejected)
//   internals.getProxyDetails(v)   -> undefined | [target, handler]
//   internals.global               -> the global object (for the built-in names)
(function (internals) {
  'use strict';
  internals = internals || {};
  const G = internals.global || globalThis;

  // ------------------------------------------------------------------ types
  const objectToString = Object.prototype.toString;
  const hasOwn = (o, k) => Object.prototype.hasOwnProperty.call(o, k);
  const isEnumerable = (o, k) => Object.prototype.propertyIsEnumerable.call(o, k);
  const getter = (proto, name) => {
    const d = Object.getOwnPropertyDescriptor(proto, name);
    return d && d.get;
  };
  const isObjectLike = (v) => v !== null && (typeof v === 'object' || typeof v === 'function');
  function brand(fn) {
    if (typeof fn !== 'function') return () => false;
    return (v) => {
      if (!isObjectLike(v)) return false;
      try { fn.call(v); return true; } catch { return false; }
    };
  }
  const TypedArray = Object.getPrototypeOf(Uint8Array);
  const typedArrayTag = getter(TypedArray.prototype, Symbol.toStringTag);
  const taTag = (v) => (isObjectLike(v) ? typedArrayTag.call(v) : undefined);
  const GeneratorFunction = Object.getPrototypeOf(function* () {}).constructor;
  const AsyncFunction = Object.getPrototypeOf(async function () {}).constructor;
  const AsyncGeneratorFunction = Object.getPrototypeOf(async function* () {}).constructor;
  const MapIteratorProto = Object.getPrototypeOf(new Map()[Symbol.iterator]());
  const SetIteratorProto = Object.getPrototypeOf(new Set()[Symbol.iterator]());

  const isMap = brand(getter(Map.prototype, 'size'));
  const isSet = brand(getter(Set.prototype, 'size'));
  const isWeakMap = brand(WeakMap.prototype.has);
  const isWeakSet = brand(WeakSet.prototype.has);
  const isDate = brand(Date.prototype.getTime);
  const regexpSource = brand(getter(RegExp.prototype, 'source'));
  const isRegExp = (v) => v !== RegExp.prototype && regexpSource(v);
  const isArrayBuffer = brand(getter(ArrayBuffer.prototype, 'byteLength'));
  const isSharedArrayBuffer = typeof SharedArrayBuffer === 'function'
    ? brand(getter(SharedArrayBuffer.prototype, 'byteLength')) : () => false;
  const isAnyArrayBuffer = (v) => isArrayBuffer(v) || isSharedArrayBuffer(v);
  const isDataView = brand(getter(DataView.prototype, 'buffer'));
  const isTypedArray = (v) => taTag(v) !== undefined;
  const isArrayBufferView = (v) => isTypedArray(v) || isDataView(v);
  const isNumberObject = brand(Number.prototype.valueOf);
  const isStringObject = brand(String.prototype.valueOf);
  const isBooleanObject = brand(Boolean.prototype.valueOf);
  const isBigIntObject = brand(BigInt.prototype.valueOf);
  const isSymbolObject = brand(Symbol.prototype.valueOf);
  const isBoxedPrimitive = (v) => isNumberObject(v) || isStringObject(v) || isBooleanObject(v) ||
    isBigIntObject(v) || isSymbolObject(v);
  const isPromise = (v) => isObjectLike(v) && (v instanceof Promise || objectToString.call(v) === '[object Promise]');
  const isNativeError = (v) => isObjectLike(v) && objectToString.call(v) === '[object Error]';
  const isError = (v) => isNativeError(v) || v instanceof Error;
  const isGeneratorFunction = (v) => typeof v === 'function' &&
    (v instanceof GeneratorFunction || v instanceof AsyncGeneratorFunction);
  const isAsyncFunction = (v) => typeof v === 'function' &&
    (v instanceof AsyncFunction || v instanceof AsyncGeneratorFunction);
  const isGeneratorObject = (v) => isObjectLike(v) && objectToString.call(v) === '[object Generator]';
  const isMapIterator = (v) => isObjectLike(v) && Object.getPrototypeOf(v) === MapIteratorProto;
  const isSetIterator = (v) => isObjectLike(v) && Object.getPrototypeOf(v) === SetIteratorProto;
  const isArgumentsObject = (v) => isObjectLike(v) && !Array.isArray(v) && objectToString.call(v) === '[object Arguments]';
  const isModuleNamespaceObject = (v) => isObjectLike(v) && Object.getPrototypeOf(v) === null &&
    v[Symbol.toStringTag] === 'Module' && !Object.isExtensible(v);
  const getProxyDetails = typeof internals.getProxyDetails === 'function' ? internals.getProxyDetails : () => undefined;
  const isProxy = (v) => getProxyDetails(v) !== undefined;
  const taIs = (name) => (v) => taTag(v) === name;

  const types = {
    isAnyArrayBuffer, isArrayBuffer, isArrayBufferView, isArgumentsObject, isAsyncFunction,
    isBigInt64Array: taIs('BigInt64Array'), isBigUint64Array: taIs('BigUint64Array'),
    isBigIntObject, isBooleanObject, isBoxedPrimitive, isDataView, isDate, isExternal: () => false,
    isFloat32Array: taIs('Float32Array'), isFloat64Array: taIs('Float64Array'),
    isGeneratorFunction, isGeneratorObject, isInt8Array: taIs('Int8Array'), isInt16Array: taIs('Int16Array'),
    isInt32Array: taIs('Int32Array'), isMap, isMapIterator, isModuleNamespaceObject, isNativeError,
    isNumberObject, isPromise, isProxy, isRegExp, isSet, isSetIterator, isSharedArrayBuffer,
    isStringObject, isSymbolObject, isTypedArray, isUint8Array: taIs('Uint8Array'),
    isUint8ClampedArray: taIs('Uint8ClampedArray'), isUint16Array: taIs('Uint16Array'),
    isUint32Array: taIs('Uint32Array'), isWeakMap, isWeakSet,
    isKeyObject: () => false, isCryptoKey: () => false,
  };

  // ------------------------------------------------------------------ inspect
  const customInspectSymbol = Symbol.for('nodejs.util.inspect.custom');
  const builtInObjects = new Set(Object.getOwnPropertyNames(G).filter((e) => /^[A-Z][a-zA-Z0-9]+$/.test(e)));
  const inspectDefaultOptions = Object.seal({
    showHidden: false, depth: 2, colors: false, customInspect: true, showProxy: false,
    maxArrayLength: 100, maxStringLength: 10000, breakLength: 80, compact: 3, sorted: false,
    getters: false, numericSeparator: false,
  });
  const kObjectType = 0;
  const kArrayType = 1;
  const kArrayExtrasType = 2;
  /* eslint-disable no-control-regex */
  const strEscapeSequencesRegExp = /[\x00-\x1f\x27\x5c\x7f-\x9f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
  const strEscapeSequencesReplacer = /[\x00-\x1f\x27\x5c\x7f-\x9f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
  const strEscapeSequencesRegExpSingle = /[\x00-\x1f\x5c\x7f-\x9f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
  const strEscapeSequencesReplacerSingle = /[\x00-\x1f\x5c\x7f-\x9f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
  const keyStrRegExp = /^[a-zA-Z_][a-zA-Z_0-9]*$/;
  const numberRegExp = /^(0|[1-9][0-9]*)$/;
  const classRegExp = /^(\s+[^(]*?)\s*{/;
  const stripCommentsRegExp = /(\/\/.*?\n)|(\/\*(.|\n)*?\*\/)/g;
  const kMinLineLength = 16;
  const kWeak = 0;
  const kIterator = 1;
  const kMapEntries = 2;
  const meta = [
    '\\x00', '\\x01', '\\x02', '\\x03', '\\x04', '\\x05', '\\x06', '\\x07',
    '\\b', '\\t', '\\n', '\\x0B', '\\f', '\\r', '\\x0E', '\\x0F',
    '\\x10', '\\x11', '\\x12', '\\x13', '\\x14', '\\x15', '\\x16', '\\x17',
    '\\x18', '\\x19', '\\x1A', '\\x1B', '\\x1C', '\\x1D', '\\x1E', '\\x1F',
    '', '', '', '', '', '', '', "\\'", '', '', '', '', '', '', '', '',
    '', '', '', '', '', '', '', '', '', '', '', '', '', '', '', '',
    '', '', '', '', '', '', '', '', '', '', '', '', '', '', '', '',
    '', '', '', '', '', '', '', '', '', '', '', '', '\\\\', '', '', '',
    '', '', '', '', '', '', '', '', '', '', '', '', '', '', '', '',
    '', '', '', '', '', '', '', '', '', '', '', '', '', '', '', '\\x7F',
    '\\x80', '\\x81', '\\x82', '\\x83', '\\x84', '\\x85', '\\x86', '\\x87',
    '\\x88', '\\x89', '\\x8A', '\\x8B', '\\x8C', '\\x8D', '\\x8E', '\\x8F',
    '\\x90', '\\x91', '\\x92', '\\x93', '\\x94', '\\x95', '\\x96', '\\x97',
    '\\x98', '\\x99', '\\x9A', '\\x9B', '\\x9C', '\\x9D', '\\x9E', '\\x9F',
  ];
  const ansi = new RegExp(
    '[\\u001B\\u009B][[\\]()#;?]*' +
    '(?:(?:(?:(?:;[-a-zA-Z\\d\\/\\#&.:=?%@~_]+)*' +
    '|[a-zA-Z\\d]+(?:;[-a-zA-Z\\d\\/\\#&.:=?%@~_]*)*)?' +
    '(?:\\u0007|\\u001B\\u005C|\\u009C))' +
    '|(?:(?:\\d{1,4}(?:;\\d{0,4})*)?' +
    '[\\dA-PR-TZcf-nq-uy=><~]))', 'g');

  function getUserOptions(ctx) {
    return {
      stylize: ctx.stylize, showHidden: ctx.showHidden, depth: ctx.depth, colors: ctx.colors,
      customInspect: ctx.customInspect, showProxy: ctx.showProxy, maxArrayLength: ctx.maxArrayLength,
      maxStringLength: ctx.maxStringLength, breakLength: ctx.breakLength, compact: ctx.compact,
      sorted: ctx.sorted, getters: ctx.getters, numericSeparator: ctx.numericSeparator,
      ...ctx.userOptions,
    };
  }

  function inspect(value, opts) {
    const ctx = {
      budget: {}, indentationLvl: 0, seen: [], currentDepth: 0, stylize: stylizeNoColor,
      showHidden: inspectDefaultOptions.showHidden, depth: inspectDefaultOptions.depth,
      colors: inspectDefaultOptions.colors, customInspect: inspectDefaultOptions.customInspect,
      showProxy: inspectDefaultOptions.showProxy, maxArrayLength: inspectDefaultOptions.maxArrayLength,
      maxStringLength: inspectDefaultOptions.maxStringLength, breakLength: inspectDefaultOptions.breakLength,
      compact: inspectDefaultOptions.compact, sorted: inspectDefaultOptions.sorted,
      getters: inspectDefaultOptions.getters, numericSeparator: inspectDefaultOptions.numericSeparator,
    };
    if (arguments.length > 1) {
      if (arguments.length > 2) {
        if (arguments[2] !== undefined) ctx.depth = arguments[2];
        if (arguments.length > 3 && arguments[3] !== undefined) ctx.colors = arguments[3];
      }
      if (typeof opts === 'boolean') {
        ctx.showHidden = opts;
      } else if (opts) {
        for (const key of Object.keys(opts)) {
          if (hasOwn(inspectDefaultOptions, key) || key === 'stylize') ctx[key] = opts[key];
          else if (ctx.userOptions === undefined) ctx.userOptions = opts;
        }
      }
    }
    if (ctx.colors) ctx.stylize = stylizeWithColor;
    if (ctx.maxArrayLength === null) ctx.maxArrayLength = Infinity;
    if (ctx.maxStringLength === null) ctx.maxStringLength = Infinity;
    return formatValue(ctx, value, 0);
  }
  inspect.custom = customInspectSymbol;
  Object.defineProperty(inspect, 'defaultOptions', {
    get() { return inspectDefaultOptions; },
    set(options) {
      if (options === null || typeof options !== 'object') {
        throw errInvalidArgType('options', 'Object', options);
      }
      return Object.assign(inspectDefaultOptions, options);
    },
  });
  const defaultFG = 39;
  const defaultBG = 49;
  inspect.colors = Object.assign(Object.create(null), {
    reset: [0, 0], bold: [1, 22], dim: [2, 22], italic: [3, 23], underline: [4, 24], blink: [5, 25],
    inverse: [7, 27], hidden: [8, 28], strikethrough: [9, 29], doubleunderline: [21, 24],
    black: [30, defaultFG], red: [31, defaultFG], green: [32, defaultFG], yellow: [33, defaultFG],
    blue: [34, defaultFG], magenta: [35, defaultFG], cyan: [36, defaultFG], white: [37, defaultFG],
    bgBlack: [40, defaultBG], bgRed: [41, defaultBG], bgGreen: [42, defaultBG], bgYellow: [43, defaultBG],
    bgBlue: [44, defaultBG], bgMagenta: [45, defaultBG], bgCyan: [46, defaultBG], bgWhite: [47, defaultBG],
    framed: [51, 54], overlined: [53, 55], gray: [90, defaultFG], redBright: [91, defaultFG],
    greenBright: [92, defaultFG], yellowBright: [93, defaultFG], blueBright: [94, defaultFG],
    magentaBright: [95, defaultFG], cyanBright: [96, defaultFG], whiteBright: [97, defaultFG],
    bgGray: [100, defaultBG], bgRedBright: [101, defaultBG], bgGreenBright: [102, defaultBG],
    bgYellowBright: [103, defaultBG], bgBlueBright: [104, defaultBG], bgMagentaBright: [105, defaultBG],
    bgCyanBright: [106, defaultBG], bgWhiteBright: [107, defaultBG],
  });
  function defineColorAlias(target, alias) {
    Object.defineProperty(inspect.colors, alias, {
      get() { return this[target]; },
      set(value) { this[target] = value; },
      configurable: true, enumerable: false,
    });
  }
  defineColorAlias('gray', 'grey');
  defineColorAlias('gray', 'blackBright');
  defineColorAlias('bgGray', 'bgGrey');
  defineColorAlias('bgGray', 'bgBlackBright');
  defineColorAlias('dim', 'faint');
  defineColorAlias('strikethrough', 'crossedout');
  defineColorAlias('strikethrough', 'strikeThrough');
  defineColorAlias('strikethrough', 'crossedOut');
  defineColorAlias('hidden', 'conceal');
  defineColorAlias('inverse', 'swapColors');
  defineColorAlias('inverse', 'swapcolors');
  defineColorAlias('doubleunderline', 'doubleUnderline');
  inspect.styles = Object.assign(Object.create(null), {
    special: 'cyan', number: 'yellow', bigint: 'yellow', boolean: 'yellow', undefined: 'grey',
    null: 'bold', string: 'green', symbol: 'green', date: 'magenta', regexp: 'red', module: 'underline',
  });

  function addQuotes(str, quotes) {
    if (quotes === -1) return `"${str}"`;
    if (quotes === -2) return `\`${str}\``;
    return `'${str}'`;
  }
  function escapeFn(str) {
    const charCode = str.charCodeAt(0);
    return meta.length > charCode ? meta[charCode] : `\\u${charCode.toString(16)}`;
  }
  function strEscape(str) {
    let escapeTest = strEscapeSequencesRegExp;
    let escapeReplace = strEscapeSequencesReplacer;
    let singleQuote = 39;
    if (str.includes("'")) {
      if (!str.includes('"')) singleQuote = -1;
      else if (!str.includes('`') && !str.includes('${')) singleQuote = -2;
      if (singleQuote !== 39) {
        escapeTest = strEscapeSequencesRegExpSingle;
        escapeReplace = strEscapeSequencesReplacerSingle;
      }
    }
    if (str.length < 5000 && escapeTest.exec(str) === null) return addQuotes(str, singleQuote);
    if (str.length > 100) {
      str = str.replace(escapeReplace, escapeFn);
      return addQuotes(str, singleQuote);
    }
    let result = '';
    let last = 0;
    for (let i = 0; i < str.length; i++) {
      const point = str.charCodeAt(i);
      if (point === singleQuote || point === 92 || point < 32 || (point > 126 && point < 160)) {
        if (last === i) result += meta[point];
        else result += `${str.slice(last, i)}${meta[point]}`;
        last = i + 1;
      } else if (point >= 0xd800 && point <= 0xdfff) {
        if (point <= 0xdbff && i + 1 < str.length) {
          const next = str.charCodeAt(i + 1);
          if (next >= 0xdc00 && next <= 0xdfff) { i++; continue; }
        }
        result += `${str.slice(last, i)}\\u${point.toString(16)}`;
        last = i + 1;
      }
    }
    if (last !== str.length) result += str.slice(last);
    return addQuotes(result, singleQuote);
  }
  function stylizeWithColor(str, styleType) {
    const style = inspect.styles[styleType];
    if (style !== undefined) {
      const color = inspect.colors[style];
      if (color !== undefined) return `\u001b[${color[0]}m${str}\u001b[${color[1]}m`;
    }
    return str;
  }
  function stylizeNoColor(str) { return str; }
  function getEmptyFormatArray() { return []; }
  function isInstanceof(object, proto) {
    try { return object instanceof proto; } catch { return false; }
  }
  // The class name V8 would report (no user-visible equivalent in QuickJS).
  function internalGetConstructorName(v) {
    if (Array.isArray(v)) return 'Array';
    if (typeof v === 'function') return 'Function';
    if (isMap(v)) return 'Map';
    if (isSet(v)) return 'Set';
    if (isTypedArray(v)) return taTag(v);
    if (isDate(v)) return 'Date';
    if (isRegExp(v)) return 'RegExp';
    if (isNativeError(v)) return 'Error';
    if (isPromise(v)) return 'Promise';
    if (isArrayBuffer(v)) return 'ArrayBuffer';
    if (isNumberObject(v)) return 'Number';
    if (isStringObject(v)) return 'String';
    if (isBooleanObject(v)) return 'Boolean';
    if (isBigIntObject(v)) return 'BigInt';
    if (isSymbolObject(v)) return 'Symbol';
    return 'Object';
  }
  const wellKnownPrototypes = new Map();
  wellKnownPrototypes.set(Object.prototype, { name: 'Object', constructor: Object });
  wellKnownPrototypes.set(Function.prototype, { name: 'Function', constructor: Function });

  function getConstructorName(obj, ctx, recurseTimes, protoProps) {
    let firstProto;
    const tmp = obj;
    while (obj) {
      const wk = wellKnownPrototypes.get(obj);
      if (wk != null) {
        if (Function.prototype[Symbol.hasInstance].call(wk.constructor, tmp)) {
          if (protoProps !== undefined && firstProto !== obj) {
            addPrototypeProperties(ctx, tmp, firstProto || tmp, recurseTimes, protoProps);
          }
          return wk.name;
        }
      }
      const descriptor = Object.getOwnPropertyDescriptor(obj, 'constructor');
      if (descriptor !== undefined && typeof descriptor.value === 'function' &&
          descriptor.value.name !== '' && isInstanceof(tmp, descriptor.value)) {
        if (protoProps !== undefined && (firstProto !== obj || !builtInObjects.has(descriptor.value.name))) {
          addPrototypeProperties(ctx, tmp, firstProto || tmp, recurseTimes, protoProps);
        }
        return String(descriptor.value.name);
      }
      obj = Object.getPrototypeOf(obj);
      if (firstProto === undefined) firstProto = obj;
    }
    if (firstProto === null) return null;
    const res = internalGetConstructorName(tmp);
    if (recurseTimes > ctx.depth && ctx.depth !== null) return `${res} <Complex prototype>`;
    const protoConstr = getConstructorName(firstProto, ctx, recurseTimes + 1, protoProps);
    if (protoConstr === null) {
      return `${res} <${inspect(firstProto, { ...ctx, customInspect: false, depth: -1 })}>`;
    }
    return `${res} <${protoConstr}>`;
  }

  function addPrototypeProperties(ctx, main, obj, recurseTimes, output) {
    let depth = 0;
    let keys;
    let keySet;
    do {
      if (depth !== 0 || main === obj) {
        obj = Object.getPrototypeOf(obj);
        if (obj === null) return;
        const descriptor = Object.getOwnPropertyDescriptor(obj, 'constructor');
        if (descriptor !== undefined && typeof descriptor.value === 'function' &&
            builtInObjects.has(descriptor.value.name)) return;
      }
      if (depth === 0) keySet = new Set();
      else keys.forEach((key) => keySet.add(key));
      keys = Reflect.ownKeys(obj);
      ctx.seen.push(main);
      for (const key of keys) {
        if (key === 'constructor' || hasOwn(main, key) || (depth !== 0 && keySet.has(key))) continue;
        const desc = Object.getOwnPropertyDescriptor(obj, key);
        if (typeof desc.value === 'function') continue;
        const value = formatProperty(ctx, obj, recurseTimes, key, kObjectType, desc, main);
        output.push(ctx.colors ? `\u001b[2m${value}\u001b[22m` : value);
      }
      ctx.seen.pop();
    } while (++depth !== 3);
  }

  function getPrefix(constructor, tag, fallback, size = '') {
    if (constructor === null) {
      if (tag !== '' && fallback !== tag) return `[${fallback}${size}: null prototype] [${tag}] `;
      return `[${fallback}${size}: null prototype] `;
    }
    if (tag !== '' && constructor !== tag) return `${constructor}${size} [${tag}] `;
    return `${constructor}${size} `;
  }

  function getKeys(value, showHidden) {
    let keys;
    const symbols = Object.getOwnPropertySymbols(value);
    if (showHidden) {
      keys = Object.getOwnPropertyNames(value);
      if (symbols.length !== 0) keys.push(...symbols);
    } else {
      try {
        keys = Object.keys(value);
      } catch {
        keys = Object.getOwnPropertyNames(value);
      }
      if (symbols.length !== 0) keys.push(...symbols.filter((key) => isEnumerable(value, key)));
    }
    return keys;
  }

  // Own keys that are not array indices (enumerable only unless showHidden).
  function getOwnNonIndexProperties(value, showHidden, skipSymbols) {
    const out = [];
    for (const k of Reflect.ownKeys(value)) {
      if (typeof k === 'string') {
        if (numberRegExp.test(k) && +k < 2 ** 32 - 1) continue;
      } else if (skipSymbols) continue;
      if (!showHidden && !isEnumerable(value, k)) continue;
      out.push(k);
    }
    return out;
  }

  function getCtxStyle(value, constructor, tag) {
    let fallback = '';
    if (constructor === null) {
      fallback = internalGetConstructorName(value);
      if (fallback === tag) fallback = 'Object';
    }
    return getPrefix(constructor, tag, fallback);
  }

  function formatProxy(ctx, proxy, recurseTimes) {
    if (recurseTimes > ctx.depth && ctx.depth !== null) return ctx.stylize('Proxy [Array]', 'special');
    recurseTimes += 1;
    ctx.indentationLvl += 2;
    const res = [formatValue(ctx, proxy[0], recurseTimes), formatValue(ctx, proxy[1], recurseTimes)];
    ctx.indentationLvl -= 2;
    return reduceToSingleString(ctx, res, '', ['Proxy [', ']'], kArrayExtrasType, recurseTimes);
  }

  function formatValue(ctx, value, recurseTimes, typedArray) {
    if (typeof value !== 'object' && typeof value !== 'function') {
      return formatPrimitive(ctx.stylize, value, ctx);
    }
    if (value === null) return ctx.stylize('null', 'null');
    const context = value;
    const proxy = getProxyDetails(value, !!ctx.showProxy);
    if (proxy !== undefined) {
      if (proxy === null || proxy[0] === null) return ctx.stylize('<Revoked Proxy>', 'special');
      if (ctx.showProxy) return formatProxy(ctx, proxy, recurseTimes);
      value = proxy[0];
    }
    if (ctx.customInspect) {
      const maybeCustom = value[customInspectSymbol];
      if (typeof maybeCustom === 'function' && maybeCustom !== inspect &&
          !(value.constructor && value.constructor.prototype === value)) {
        const depth = ctx.depth === null ? null : ctx.depth - recurseTimes;
        const ret = maybeCustom.call(context, depth, getUserOptions(ctx), inspect);
        if (ret !== context) {
          if (typeof ret !== 'string') return formatValue(ctx, ret, recurseTimes);
          return ret.replaceAll('\n', `\n${' '.repeat(ctx.indentationLvl)}`);
        }
      }
    }
    if (ctx.seen.includes(value)) {
      let index = 1;
      if (ctx.circular === undefined) {
        ctx.circular = new Map();
        ctx.circular.set(value, index);
      } else {
        index = ctx.circular.get(value);
        if (index === undefined) {
          index = ctx.circular.size + 1;
          ctx.circular.set(value, index);
        }
      }
      return ctx.stylize(`[Circular *${index}]`, 'special');
    }
    return formatRaw(ctx, value, recurseTimes, typedArray);
  }

  function formatRaw(ctx, value, recurseTimes, typedArray) {
    let keys;
    let protoProps;
    if (ctx.showHidden && (recurseTimes <= ctx.depth || ctx.depth === null)) protoProps = [];
    const constructor = getConstructorName(value, ctx, recurseTimes, protoProps);
    if (protoProps !== undefined && protoProps.length === 0) protoProps = undefined;
    let tag = value[Symbol.toStringTag];
    if (typeof tag !== 'string' ||
        (tag !== '' && (ctx.showHidden ? hasOwn : isEnumerable)(value, Symbol.toStringTag))) {
      tag = '';
    }
    let base = '';
    let formatter = getEmptyFormatArray;
    let braces;
    let noIterator = true;
    let i = 0;
    let extrasType = kObjectType;
    if (Symbol.iterator in value || constructor === null) {
      noIterator = false;
      if (Array.isArray(value)) {
        const prefix = (constructor !== 'Array' || tag !== '')
          ? getPrefix(constructor, tag, 'Array', `(${value.length})`) : '';
        keys = getOwnNonIndexProperties(value, ctx.showHidden);
        braces = [`${prefix}[`, ']'];
        if (value.length === 0 && keys.length === 0 && protoProps === undefined) return `${braces[0]}]`;
        extrasType = kArrayExtrasType;
        formatter = formatArray;
      } else if (isSet(value)) {
        const size = value.size;
        const prefix = getPrefix(constructor, tag, 'Set', `(${size})`);
        keys = getKeys(value, ctx.showHidden);
        formatter = constructor !== null
          ? formatSet.bind(null, value) : formatSet.bind(null, Set.prototype.values.call(value));
        if (size === 0 && keys.length === 0 && protoProps === undefined) return `${prefix}{}`;
        braces = [`${prefix}{`, '}'];
      } else if (isMap(value)) {
        const size = value.size;
        const prefix = getPrefix(constructor, tag, 'Map', `(${size})`);
        keys = getKeys(value, ctx.showHidden);
        formatter = constructor !== null
          ? formatMap.bind(null, value) : formatMap.bind(null, Map.prototype.entries.call(value));
        if (size === 0 && keys.length === 0 && protoProps === undefined) return `${prefix}{}`;
        braces = [`${prefix}{`, '}'];
      } else if (isTypedArray(value)) {
        keys = getOwnNonIndexProperties(value, ctx.showHidden);
        let bound = value;
        let fallback = '';
        if (constructor === null) {
          fallback = taTag(value);
          bound = new G[fallback](value);
        }
        const size = value.length;
        const prefix = getPrefix(constructor, tag, fallback, `(${size})`);
        braces = [`${prefix}[`, ']'];
        if (value.length === 0 && keys.length === 0 && !ctx.showHidden) return `${braces[0]}]`;
        formatter = formatTypedArray.bind(null, bound, size);
        extrasType = kArrayExtrasType;
      } else if (isMapIterator(value)) {
        keys = getKeys(value, ctx.showHidden);
        braces = getIteratorBraces('Map', tag);
        formatter = formatIterator.bind(null, braces);
      } else if (isSetIterator(value)) {
        keys = getKeys(value, ctx.showHidden);
        braces = getIteratorBraces('Set', tag);
        formatter = formatIterator.bind(null, braces);
      } else {
        noIterator = true;
      }
    }
    if (noIterator) {
      keys = getKeys(value, ctx.showHidden);
      braces = ['{', '}'];
      if (typeof value === 'function') {
        base = getFunctionBase(value, constructor, tag);
        if (keys.length === 0 && protoProps === undefined) return ctx.stylize(base, 'special');
      } else if (constructor === 'Object') {
        if (isArgumentsObject(value)) braces[0] = '[Arguments] {';
        else if (tag !== '') braces[0] = `${getPrefix(constructor, tag, 'Object')}{`;
        if (keys.length === 0 && protoProps === undefined) return `${braces[0]}}`;
      } else if (isRegExp(value)) {
        base = RegExp.prototype.toString.call(constructor !== null ? value : new RegExp(value));
        const prefix = getPrefix(constructor, tag, 'RegExp');
        if (prefix !== 'RegExp ') base = `${prefix}${base}`;
        if ((keys.length === 0 && protoProps === undefined) ||
            (recurseTimes > ctx.depth && ctx.depth !== null)) {
          return ctx.stylize(base, 'regexp');
        }
      } else if (isDate(value)) {
        base = Number.isNaN(Date.prototype.getTime.call(value))
          ? Date.prototype.toString.call(value) : Date.prototype.toISOString.call(value);
        const prefix = getPrefix(constructor, tag, 'Date');
        if (prefix !== 'Date ') base = `${prefix}${base}`;
        if (keys.length === 0 && protoProps === undefined) return ctx.stylize(base, 'date');
      } else if (isError(value)) {
        base = formatError(value, constructor, tag, ctx, keys);
        if (keys.length === 0 && protoProps === undefined) return base;
      } else if (isAnyArrayBuffer(value)) {
        const arrayType = isArrayBuffer(value) ? 'ArrayBuffer' : 'SharedArrayBuffer';
        const prefix = getPrefix(constructor, tag, arrayType);
        if (typedArray === undefined) {
          formatter = formatArrayBuffer;
        } else if (keys.length === 0 && protoProps === undefined) {
          return prefix + `{ byteLength: ${formatNumber(ctx.stylize, value.byteLength, false)} }`;
        }
        braces[0] = `${prefix}{`;
        keys.unshift('byteLength');
      } else if (isDataView(value)) {
        braces[0] = `${getPrefix(constructor, tag, 'DataView')}{`;
        keys.unshift('byteLength', 'byteOffset', 'buffer');
      } else if (isPromise(value)) {
        braces[0] = `${getPrefix(constructor, tag, 'Promise')}{`;
        formatter = formatPromise;
      } else if (isWeakSet(value)) {
        braces[0] = `${getPrefix(constructor, tag, 'WeakSet')}{`;
        formatter = formatWeakCollection;
      } else if (isWeakMap(value)) {
        braces[0] = `${getPrefix(constructor, tag, 'WeakMap')}{`;
        formatter = formatWeakCollection;
      } else if (isModuleNamespaceObject(value)) {
        braces[0] = `${getPrefix(constructor, tag, 'Module')}{`;
        formatter = formatNamespaceObject.bind(null, keys);
      } else if (isBoxedPrimitive(value)) {
        base = getBoxedBase(value, ctx, keys, constructor, tag);
        if (keys.length === 0 && protoProps === undefined) return base;
      } else if (isURL(value) && !(recurseTimes > ctx.depth && ctx.depth !== null)) {
        base = value.href;
        if (keys.length === 0 && protoProps === undefined) return base;
      } else {
        if (keys.length === 0 && protoProps === undefined) return `${getCtxStyle(value, constructor, tag)}{}`;
        braces[0] = `${getCtxStyle(value, constructor, tag)}{`;
      }
    }
    if (recurseTimes > ctx.depth && ctx.depth !== null) {
      let constructorName = getCtxStyle(value, constructor, tag).slice(0, -1);
      if (constructor !== null) constructorName = `[${constructorName}]`;
      return ctx.stylize(constructorName, 'special');
    }
    recurseTimes += 1;
    ctx.seen.push(value);
    ctx.currentDepth = recurseTimes;
    let output;
    const indentationLvl = ctx.indentationLvl;
    try {
      output = formatter(ctx, value, recurseTimes);
      for (i = 0; i < keys.length; i++) {
        output.push(formatProperty(ctx, value, recurseTimes, keys[i], extrasType));
      }
      if (protoProps !== undefined) output.push(...protoProps);
    } catch (err) {
      if (!(err instanceof RangeError || (err && err.name === 'InternalError' && /stack|recursion/i.test(err.message)))) throw err;
      const constructorName = getCtxStyle(value, constructor, tag).slice(0, -1);
      ctx.seen.pop();
      ctx.indentationLvl = indentationLvl;
      return ctx.stylize(`[${constructorName}: Inspection interrupted prematurely. Maximum call stack size exceeded.]`, 'special');
    }
    if (ctx.circular !== undefined) {
      const index = ctx.circular.get(value);
      if (index !== undefined) {
        const reference = ctx.stylize(`<ref *${index}>`, 'special');
        if (ctx.compact !== true) base = base === '' ? reference : `${reference} ${base}`;
        else braces[0] = `${reference} ${braces[0]}`;
      }
    }
    ctx.seen.pop();
    if (ctx.sorted) {
      const comparator = ctx.sorted === true ? undefined : ctx.sorted;
      if (extrasType === kObjectType) {
        output.sort(comparator);
      } else if (keys.length > 1) {
        const sorted = output.slice(output.length - keys.length).sort(comparator);
        output.splice(output.length - keys.length, keys.length, ...sorted);
      }
    }
    const res = reduceToSingleString(ctx, output, base, braces, extrasType, recurseTimes, value);
    const budget = ctx.budget[ctx.indentationLvl] || 0;
    const newLength = budget + res.length;
    ctx.budget[ctx.indentationLvl] = newLength;
    if (newLength > 2 ** 27) ctx.depth = -1;
    return res;
  }

  function isURL(value) {
    return typeof G.URL === 'function' && typeof value.href === 'string' && isInstanceof(value, G.URL);
  }

  function getIteratorBraces(type, tag) {
    if (tag !== `${type} Iterator`) {
      if (tag !== '') tag += '] [';
      tag += `${type} Iterator`;
    }
    return [`[${tag}] {`, '}'];
  }

  function getBoxedBase(value, ctx, keys, constructor, tag) {
    let fn;
    let type;
    if (isNumberObject(value)) { fn = Number.prototype.valueOf; type = 'Number'; } else if (isStringObject(value)) {
      fn = String.prototype.valueOf;
      type = 'String';
      keys.splice(0, value.length);
    } else if (isBooleanObject(value)) { fn = Boolean.prototype.valueOf; type = 'Boolean'; } else if (isBigIntObject(value)) {
      fn = BigInt.prototype.valueOf; type = 'BigInt';
    } else { fn = Symbol.prototype.valueOf; type = 'Symbol'; }
    let base = `[${type}`;
    if (type !== constructor) {
      if (constructor === null) base += ' (null prototype)';
      else base += ` (${constructor})`;
    }
    base += `: ${formatPrimitive(stylizeNoColor, fn.call(value), ctx)}]`;
    if (tag !== '' && tag !== constructor) base += ` [${tag}]`;
    if (keys.length !== 0 || ctx.stylize === stylizeNoColor) return base;
    return ctx.stylize(base, type.toLowerCase());
  }

  function getClassBase(value, constructor, tag) {
    const hasName = hasOwn(value, 'name');
    const name = (hasName && value.name) || '(anonymous)';
    let base = `class ${name}`;
    if (constructor !== 'Function' && constructor !== null) base += ` [${constructor}]`;
    if (tag !== '' && constructor !== tag) base += ` [${tag}]`;
    if (constructor !== null) {
      const superName = Object.getPrototypeOf(value).name;
      if (superName) base += ` extends ${superName}`;
    } else {
      base += ' extends [null prototype]';
    }
    return `[${base}]`;
  }

  function getFunctionBase(value, constructor, tag) {
    const stringified = Function.prototype.toString.call(value);
    if (stringified.startsWith('class') && stringified[stringified.length - 1] === '}') {
      const slice = stringified.slice(5, -1);
      const bracketIndex = slice.indexOf('{');
      if (bracketIndex !== -1 &&
          (!slice.slice(0, bracketIndex).includes('(') ||
          classRegExp.exec(slice.replace(stripCommentsRegExp, '')) !== null)) {
        return getClassBase(value, constructor, tag);
      }
    }
    let type = 'Function';
    if (isGeneratorFunction(value)) type = `Generator${type}`;
    if (isAsyncFunction(value)) type = `Async${type}`;
    let base = `[${type}`;
    if (constructor === null) base += ' (null prototype)';
    if (value.name === '') base += ' (anonymous)';
    else base += `: ${value.name}`;
    base += ']';
    if (constructor !== type && constructor !== null) base += ` ${constructor}`;
    if (tag !== '' && constructor !== tag) base += ` [${tag}]`;
    return base;
  }

  function identicalSequenceRange(a, b) {
    for (let i = 0; i < a.length - 3; i++) {
      const pos = b.indexOf(a[i]);
      if (pos !== -1) {
        const rest = b.length - pos;
        if (rest > 3) {
          let len = 1;
          const maxLen = Math.min(a.length - i, rest);
          while (maxLen > len && a[i + len] === b[pos + len]) len++;
          if (len > 3) return { len, offset: i };
        }
      }
    }
    return { len: 0, offset: 0 };
  }

  // V8 stacks start with "Name: message"; QuickJS stacks are only the frames.
  // Either way this returns the V8 form.
  function getStackString(error) {
    let stack;
    try { stack = error.stack; } catch { stack = undefined; }
    if (!stack) return Error.prototype.toString.call(error);
    stack = String(stack);
    if (/^\s+at /.test(stack)) {
      let head;
      try { head = Error.prototype.toString.call(error); } catch { head = 'Error'; }
      stack = head + '\n' + stack.replace(/\n+$/, '');
    }
    return stack;
  }

  function getStackFrames(ctx, err, stack) {
    const frames = stack.split('\n');
    let cause;
    try { ({ cause } = err); } catch { /* ignore */ }
    if (cause != null && isError(cause)) {
      const causeStack = getStackString(cause);
      const causeStackStart = causeStack.indexOf('\n    at');
      if (causeStackStart !== -1) {
        const causeFrames = causeStack.slice(causeStackStart + 1).split('\n');
        const { len, offset } = identicalSequenceRange(frames, causeFrames);
        if (len > 0) {
          const skipped = len - 2;
          const msg = `    ... ${skipped} lines matching cause stack trace ...`;
          frames.splice(offset + 1, skipped, ctx.stylize(msg, 'undefined'));
        }
      }
    }
    return frames;
  }

  function improveStack(stack, constructor, name, tag) {
    let len = name.length;
    if (constructor === null ||
        (name.endsWith('Error') && stack.startsWith(name) &&
        (stack.length === len || stack[len] === ':' || stack[len] === '\n'))) {
      let fallback = 'Error';
      if (constructor === null) {
        const start = /^([A-Z][a-z_ A-Z0-9[\]()-]+)(?::|\n {4}at)/.exec(stack) ||
          /^([a-z_A-Z0-9-]*Error)$/.exec(stack);
        fallback = (start && start[1]) || '';
        len = fallback.length;
        fallback = fallback || 'Error';
      }
      const prefix = getPrefix(constructor, tag, fallback).slice(0, -1);
      if (name !== prefix) {
        if (prefix.includes(name)) {
          if (len === 0) stack = `${prefix}: ${stack}`;
          else stack = `${prefix}${stack.slice(len)}`;
        } else {
          stack = `${prefix} [${name}]${stack.slice(len)}`;
        }
      }
    }
    return stack;
  }

  function removeDuplicateErrorKeys(ctx, keys, err, stack) {
    if (!ctx.showHidden && keys.length !== 0) {
      for (const name of ['name', 'message', 'stack']) {
        const index = keys.indexOf(name);
        if (index !== -1 && stack.includes(err[name])) keys.splice(index, 1);
      }
    }
  }

  function formatError(err, constructor, tag, ctx, keys) {
    const name = err.name != null ? String(err.name) : 'Error';
    let stack = getStackString(err);
    removeDuplicateErrorKeys(ctx, keys, err, stack);
    if ('cause' in err && (keys.length === 0 || !keys.includes('cause'))) keys.push('cause');
    if (Array.isArray(err.errors) && (keys.length === 0 || !keys.includes('errors'))) keys.push('errors');
    stack = improveStack(stack, constructor, name, tag);
    let pos = (err.message && stack.indexOf(err.message)) || -1;
    if (pos !== -1) pos += err.message.length;
    const stackStart = stack.indexOf('\n    at', pos);
    if (stackStart === -1) {
      stack = `[${stack}]`;
    } else {
      let newStack = stack.slice(0, stackStart);
      const lines = getStackFrames(ctx, err, stack.slice(stackStart + 1));
      newStack += `\n${lines.join('\n')}`;
      stack = newStack;
    }
    if (ctx.indentationLvl !== 0) {
      const indentation = ' '.repeat(ctx.indentationLvl);
      stack = stack.replaceAll('\n', `\n${indentation}`);
    }
    return stack;
  }

  function groupArrayElements(ctx, output, value) {
    let totalLength = 0;
    let maxLength = 0;
    let i = 0;
    let outputLength = output.length;
    if (ctx.maxArrayLength < output.length) outputLength--;
    const separatorSpace = 2;
    const dataLen = new Array(outputLength);
    for (; i < outputLength; i++) {
      const len = getStringWidth(output[i], ctx.colors);
      dataLen[i] = len;
      totalLength += len + separatorSpace;
      if (maxLength < len) maxLength = len;
    }
    const actualMax = maxLength + separatorSpace;
    if (actualMax * 3 + ctx.indentationLvl < ctx.breakLength &&
        (totalLength / actualMax > 5 || maxLength <= 6)) {
      const approxCharHeights = 2.5;
      const averageBias = Math.sqrt(actualMax - totalLength / output.length);
      const biasedMax = Math.max(actualMax - 3 - averageBias, 1);
      const columns = Math.min(
        Math.round(Math.sqrt(approxCharHeights * biasedMax * outputLength) / biasedMax),
        Math.floor((ctx.breakLength - ctx.indentationLvl) / actualMax),
        ctx.compact * 4,
        15);
      if (columns <= 1) return output;
      const tmp = [];
      const maxLineLength = [];
      for (let c = 0; c < columns; c++) {
        let lineMaxLength = 0;
        for (let j = c; j < output.length; j += columns) {
          if (dataLen[j] > lineMaxLength) lineMaxLength = dataLen[j];
        }
        maxLineLength[c] = lineMaxLength + separatorSpace;
      }
      let order = 'padStart';
      if (value !== undefined) {
        for (let k = 0; k < output.length; k++) {
          if (typeof value[k] !== 'number' && typeof value[k] !== 'bigint') {
            order = 'padEnd';
            break;
          }
        }
      }
      for (let k = 0; k < outputLength; k += columns) {
        const max = Math.min(k + columns, outputLength);
        let str = '';
        let j = k;
        for (; j < max - 1; j++) {
          const padding = maxLineLength[j - k] + output[j].length - dataLen[j];
          str += `${output[j]}, `[order](padding, ' ');
        }
        if (order === 'padStart') {
          const padding = maxLineLength[j - k] + output[j].length - dataLen[j] - separatorSpace;
          str += output[j].padStart(padding, ' ');
        } else {
          str += output[j];
        }
        tmp.push(str);
      }
      if (ctx.maxArrayLength < output.length) tmp.push(output[outputLength]);
      output = tmp;
    }
    return output;
  }

  function addNumericSeparator(integerString) {
    let result = '';
    let i = integerString.length;
    const start = integerString[0] === '-' ? 1 : 0;
    for (; i >= start + 4; i -= 3) result = `_${integerString.slice(i - 3, i)}${result}`;
    return i === integerString.length ? integerString : `${integerString.slice(0, i)}${result}`;
  }
  function addNumericSeparatorEnd(integerString) {
    let result = '';
    let i = 0;
    for (; i < integerString.length - 3; i += 3) result += `${integerString.slice(i, i + 3)}_`;
    return i === 0 ? integerString : `${result}${integerString.slice(i)}`;
  }
  const remainingText = (remaining) => `... ${remaining} more item${remaining > 1 ? 's' : ''}`;

  function formatNumber(fn, number, numericSeparator) {
    if (!numericSeparator) {
      if (Object.is(number, -0)) return fn('-0', 'number');
      return fn(`${number}`, 'number');
    }
    const numberString = String(number);
    const integer = Math.trunc(number);
    if (integer === number) {
      if (!Number.isFinite(number) || numberString.includes('e')) return fn(numberString, 'number');
      return fn(addNumericSeparator(numberString), 'number');
    }
    if (Number.isNaN(number)) return fn(numberString, 'number');
    const decimalIndex = numberString.indexOf('.');
    const integerPart = numberString.slice(0, decimalIndex);
    const fractionalPart = numberString.slice(decimalIndex + 1);
    return fn(`${addNumericSeparator(integerPart)}.${addNumericSeparatorEnd(fractionalPart)}`, 'number');
  }
  function formatBigInt(fn, bigint, numericSeparator) {
    const string = String(bigint);
    if (!numericSeparator) return fn(`${string}n`, 'bigint');
    return fn(`${addNumericSeparator(string)}n`, 'bigint');
  }

  function formatPrimitive(fn, value, ctx) {
    if (typeof value === 'string') {
      let trailer = '';
      if (value.length > ctx.maxStringLength) {
        const remaining = value.length - ctx.maxStringLength;
        value = value.slice(0, ctx.maxStringLength);
        trailer = `... ${remaining} more character${remaining > 1 ? 's' : ''}`;
      }
      if (ctx.compact !== true && value.length > kMinLineLength &&
          value.length > ctx.breakLength - ctx.indentationLvl - 4) {
        return value.split(/(?<=\n)/).map((line) => fn(strEscape(line), 'string'))
          .join(` +\n${' '.repeat(ctx.indentationLvl + 2)}`) + trailer;
      }
      return fn(strEscape(value), 'string') + trailer;
    }
    if (typeof value === 'number') return formatNumber(fn, value, ctx.numericSeparator);
    if (typeof value === 'bigint') return formatBigInt(fn, value, ctx.numericSeparator);
    if (typeof value === 'boolean') return fn(`${value}`, 'boolean');
    if (typeof value === 'undefined') return fn('undefined', 'undefined');
    return fn(Symbol.prototype.toString.call(value), 'symbol');
  }

  function formatNamespaceObject(keys, ctx, value, recurseTimes) {
    const output = new Array(keys.length);
    for (let i = 0; i < keys.length; i++) {
      try {
        output[i] = formatProperty(ctx, value, recurseTimes, keys[i], kObjectType);
      } catch {
        const tmp = { [keys[i]]: '' };
        output[i] = formatProperty(ctx, tmp, recurseTimes, keys[i], kObjectType);
        const pos = output[i].lastIndexOf(' ');
        output[i] = output[i].slice(0, pos + 1) + ctx.stylize('<uninitialized>', 'special');
      }
    }
    keys.length = 0;
    return output;
  }

  function formatSpecialArray(ctx, value, recurseTimes, maxLength, output, i) {
    const keys = Object.keys(value);
    let index = i;
    for (; i < keys.length && output.length < maxLength; i++) {
      const key = keys[i];
      const tmp = +key;
      if (tmp > 2 ** 32 - 2) break;
      if (`${index}` !== key) {
        if (numberRegExp.exec(key) === null) break;
        const emptyItems = tmp - index;
        const ending = emptyItems > 1 ? 's' : '';
        output.push(ctx.stylize(`<${emptyItems} empty item${ending}>`, 'undefined'));
        index = tmp;
        if (output.length === maxLength) break;
      }
      output.push(formatProperty(ctx, value, recurseTimes, key, kArrayType));
      index++;
    }
    const remaining = value.length - index;
    if (output.length !== maxLength) {
      if (remaining > 0) {
        const ending = remaining > 1 ? 's' : '';
        output.push(ctx.stylize(`<${remaining} empty item${ending}>`, 'undefined'));
      }
    } else if (remaining > 0) {
      output.push(remainingText(remaining));
    }
    return output;
  }

  function formatArrayBuffer(ctx, value) {
    let buffer;
    try {
      buffer = new Uint8Array(value);
    } catch {
      return [ctx.stylize('(detached)', 'special')];
    }
    const n = Math.min(ctx.maxArrayLength, buffer.length);
    const hex = [];
    for (let i = 0; i < n; i++) hex.push(buffer[i].toString(16).padStart(2, '0'));
    let str = hex.join(' ');
    const remaining = buffer.length - ctx.maxArrayLength;
    if (remaining > 0) str += ` ... ${remaining} more byte${remaining > 1 ? 's' : ''}`;
    return [`${ctx.stylize('[Uint8Contents]', 'special')}: <${str}>`];
  }

  function formatArray(ctx, value, recurseTimes) {
    const valLen = value.length;
    const len = Math.min(Math.max(0, ctx.maxArrayLength), valLen);
    const remaining = valLen - len;
    const output = [];
    for (let i = 0; i < len; i++) {
      if (!hasOwn(value, i)) return formatSpecialArray(ctx, value, recurseTimes, len, output, i);
      output.push(formatProperty(ctx, value, recurseTimes, i, kArrayType));
    }
    if (remaining > 0) output.push(remainingText(remaining));
    return output;
  }

  function formatTypedArray(value, length, ctx, ignored, recurseTimes) {
    const maxLength = Math.min(Math.max(0, ctx.maxArrayLength), length);
    const remaining = value.length - maxLength;
    const output = new Array(maxLength);
    const elementFormatter = value.length > 0 && typeof value[0] === 'number' ? formatNumber : formatBigInt;
    for (let i = 0; i < maxLength; ++i) output[i] = elementFormatter(ctx.stylize, value[i], ctx.numericSeparator);
    if (remaining > 0) output[maxLength] = remainingText(remaining);
    if (ctx.showHidden) {
      ctx.indentationLvl += 2;
      for (const key of ['BYTES_PER_ELEMENT', 'length', 'byteLength', 'byteOffset', 'buffer']) {
        const str = formatValue(ctx, value[key], recurseTimes, true);
        output.push(`[${key}]: ${str}`);
      }
      ctx.indentationLvl -= 2;
    }
    return output;
  }

  function formatSet(value, ctx, ignored, recurseTimes) {
    const length = value.size !== undefined ? value.size : Infinity;
    const maxLength = Math.min(Math.max(0, ctx.maxArrayLength), length);
    const output = [];
    ctx.indentationLvl += 2;
    let i = 0;
    let total = 0;
    for (const v of value) {
      total++;
      if (i >= maxLength) continue;
      output.push(formatValue(ctx, v, recurseTimes));
      i++;
    }
    const remaining = total - i;
    if (remaining > 0) output.push(remainingText(remaining));
    ctx.indentationLvl -= 2;
    return output;
  }

  function formatMap(value, ctx, ignored, recurseTimes) {
    const length = value.size !== undefined ? value.size : Infinity;
    const maxLength = Math.min(Math.max(0, ctx.maxArrayLength), length);
    const output = [];
    ctx.indentationLvl += 2;
    let i = 0;
    let total = 0;
    for (const { 0: k, 1: v } of value) {
      total++;
      if (i >= maxLength) continue;
      output.push(`${formatValue(ctx, k, recurseTimes)} => ${formatValue(ctx, v, recurseTimes)}`);
      i++;
    }
    const remaining = total - i;
    if (remaining > 0) output.push(remainingText(remaining));
    ctx.indentationLvl -= 2;
    return output;
  }

  function formatWeakCollection(ctx) {
    return [ctx.stylize('<items unknown>', 'special')];
  }

  // QuickJS cannot look into an iterator without advancing it.
  function formatIterator(braces, ctx) {
    return [ctx.stylize('<items unknown>', 'special')];
  }

  const kPending = 0;
  const kRejected = 2;
  function formatPromise(ctx, value, recurseTimes) {
    const details = typeof internals.getPromiseDetails === 'function' ? internals.getPromiseDetails(value) : undefined;
    if (details === undefined) return [ctx.stylize('<unknown>', 'special')];
    const { 0: state, 1: result } = details;
    if (state === kPending) return [ctx.stylize('<pending>', 'special')];
    ctx.indentationLvl += 2;
    const str = formatValue(ctx, result, recurseTimes);
    ctx.indentationLvl -= 2;
    return [state === kRejected ? `${ctx.stylize('<rejected>', 'special')} ${str}` : str];
  }

  function formatProperty(ctx, value, recurseTimes, key, type, desc, original = value) {
    let name, str;
    let extra = ' ';
    desc = desc || Object.getOwnPropertyDescriptor(value, key) || { value: value[key], enumerable: true };
    if (desc.value !== undefined) {
      const diff = (ctx.compact !== true || type !== kObjectType) ? 2 : 3;
      ctx.indentationLvl += diff;
      str = formatValue(ctx, desc.value, recurseTimes);
      if (diff === 3 && ctx.breakLength < getStringWidth(str, ctx.colors)) {
        extra = `\n${' '.repeat(ctx.indentationLvl)}`;
      }
      ctx.indentationLvl -= diff;
    } else if (desc.get !== undefined) {
      const label = desc.set !== undefined ? 'Getter/Setter' : 'Getter';
      const s = ctx.stylize;
      const sp = 'special';
      if (ctx.getters && (ctx.getters === true ||
            (ctx.getters === 'get' && desc.set === undefined) ||
            (ctx.getters === 'set' && desc.set !== undefined))) {
        try {
          const tmp = desc.get.call(original);
          ctx.indentationLvl += 2;
          if (tmp === null) str = `${s(`[${label}:`, sp)} ${s('null', 'null')}${s(']', sp)}`;
          else if (typeof tmp === 'object') str = `${s(`[${label}]`, sp)} ${formatValue(ctx, tmp, recurseTimes)}`;
          else str = `${s(`[${label}:`, sp)} ${formatPrimitive(s, tmp, ctx)}${s(']', sp)}`;
          ctx.indentationLvl -= 2;
        } catch (err) {
          str = `${s(`[${label}:`, sp)} <Inspection threw (${err.message})>${s(']', sp)}`;
        }
      } else {
        str = ctx.stylize(`[${label}]`, sp);
      }
    } else if (desc.set !== undefined) {
      str = ctx.stylize('[Setter]', 'special');
    } else {
      str = ctx.stylize('undefined', 'undefined');
    }
    if (type === kArrayType) return str;
    if (typeof key === 'symbol') {
      const tmp = Symbol.prototype.toString.call(key).replace(strEscapeSequencesReplacer, escapeFn);
      name = `[${ctx.stylize(tmp, 'symbol')}]`;
    } else if (key === '__proto__') {
      name = "['__proto__']";
    } else if (desc.enumerable === false) {
      name = `[${String(key).replace(strEscapeSequencesReplacer, escapeFn)}]`;
    } else if (keyStrRegExp.exec(key) !== null) {
      name = ctx.stylize(key, 'name');
    } else {
      name = ctx.stylize(strEscape(String(key)), 'string');
    }
    return `${name}:${extra}${str}`;
  }

  function isBelowBreakLength(ctx, output, start, base) {
    let totalLength = output.length + start;
    if (totalLength + output.length > ctx.breakLength) return false;
    for (let i = 0; i < output.length; i++) {
      totalLength += ctx.colors ? removeColors(output[i]).length : output[i].length;
      if (totalLength > ctx.breakLength) return false;
    }
    return base === '' || !base.includes('\n');
  }

  function reduceToSingleString(ctx, output, base, braces, extrasType, recurseTimes, value) {
    if (ctx.compact !== true) {
      if (typeof ctx.compact === 'number' && ctx.compact >= 1) {
        const entries = output.length;
        if (extrasType === kArrayExtrasType && entries > 6) output = groupArrayElements(ctx, output, value);
        if (ctx.currentDepth - recurseTimes < ctx.compact && entries === output.length) {
          const start = output.length + ctx.indentationLvl + braces[0].length + base.length + 10;
          if (isBelowBreakLength(ctx, output, start, base)) {
            const joinedOutput = output.join(', ');
            if (!joinedOutput.includes('\n')) {
              return `${base ? `${base} ` : ''}${braces[0]} ${joinedOutput}` + ` ${braces[1]}`;
            }
          }
        }
      }
      const indentation = `\n${' '.repeat(ctx.indentationLvl)}`;
      return `${base ? `${base} ` : ''}${braces[0]}${indentation}  ` +
        `${output.join(`,${indentation}  `)}${indentation}${braces[1]}`;
    }
    if (isBelowBreakLength(ctx, output, 0, base)) {
      return `${braces[0]}${base ? ` ${base}` : ''} ${output.join(', ')} ` + braces[1];
    }
    const indentation = ' '.repeat(ctx.indentationLvl);
    const ln = base === '' && braces[0].length === 1 ? ' ' : `${base ? ` ${base}` : ''}\n${indentation}  `;
    return `${braces[0]}${ln}${output.join(`,\n${indentation}  `)} ${braces[1]}`;
  }

  function hasBuiltInToString(value) {
    const proxyTarget = getProxyDetails(value, false);
    if (proxyTarget !== undefined) {
      if (proxyTarget === null) return true;
      value = proxyTarget[0];
    }
    let hasOwnToString = hasOwn;
    let hasOwnToPrimitive = hasOwn;
    if (typeof value.toString !== 'function') {
      if (typeof value[Symbol.toPrimitive] !== 'function') return true;
      else if (hasOwn(value, Symbol.toPrimitive)) return false;
      hasOwnToString = () => false;
    } else if (hasOwn(value, 'toString')) {
      return false;
    } else if (typeof value[Symbol.toPrimitive] !== 'function') {
      hasOwnToPrimitive = () => false;
    } else if (hasOwn(value, Symbol.toPrimitive)) {
      return false;
    }
    let pointer = value;
    do {
      pointer = Object.getPrototypeOf(pointer);
    } while (!hasOwnToString(pointer, 'toString') && !hasOwnToPrimitive(pointer, Symbol.toPrimitive));
    const descriptor = Object.getOwnPropertyDescriptor(pointer, 'constructor');
    return descriptor !== undefined && typeof descriptor.value === 'function' &&
      builtInObjects.has(descriptor.value.name);
  }

  const firstErrorLine = (error) => String(error.message).split('\n', 1)[0];
  let CIRCULAR_ERROR_MESSAGE;
  function tryStringify(arg) {
    try {
      return JSON.stringify(arg);
    } catch (err) {
      if (!CIRCULAR_ERROR_MESSAGE) {
        try {
          const a = {};
          a.a = a;
          JSON.stringify(a);
        } catch (circularError) {
          CIRCULAR_ERROR_MESSAGE = firstErrorLine(circularError);
        }
      }
      if (err.name === 'TypeError' && firstErrorLine(err) === CIRCULAR_ERROR_MESSAGE) return '[Circular]';
      throw err;
    }
  }

  function format(...args) {
    return formatWithOptionsInternal(undefined, args);
  }
  function formatWithOptions(inspectOptions, ...args) {
    if (inspectOptions === null || typeof inspectOptions !== 'object') {
      throw errInvalidArgType('inspectOptions', 'Object', inspectOptions);
    }
    return formatWithOptionsInternal(inspectOptions, args);
  }
  function formatNumberNoColor(number, options) {
    return formatNumber(stylizeNoColor, number, options?.numericSeparator ?? inspectDefaultOptions.numericSeparator);
  }
  function formatBigIntNoColor(bigint, options) {
    return formatBigInt(stylizeNoColor, bigint, options?.numericSeparator ?? inspectDefaultOptions.numericSeparator);
  }

  function formatWithOptionsInternal(inspectOptions, args) {
    const first = args[0];
    let a = 0;
    let str = '';
    let join = '';
    if (typeof first === 'string') {
      if (args.length === 1) return first;
      let tempStr;
      let lastPos = 0;
      for (let i = 0; i < first.length - 1; i++) {
        if (first.charCodeAt(i) === 37) { // '%'
          const nextChar = first.charCodeAt(++i);
          if (a + 1 !== args.length) {
            switch (nextChar) {
              case 115: { // 's'
                const tempArg = args[++a];
                if (typeof tempArg === 'number') tempStr = formatNumberNoColor(tempArg, inspectOptions);
                else if (typeof tempArg === 'bigint') tempStr = formatBigIntNoColor(tempArg, inspectOptions);
                else if (typeof tempArg !== 'object' || tempArg === null || !hasBuiltInToString(tempArg)) tempStr = String(tempArg);
                else tempStr = inspect(tempArg, { ...inspectOptions, compact: 3, colors: false, depth: 0 });
                break;
              }
              case 106: // 'j'
                tempStr = tryStringify(args[++a]);
                break;
              case 100: { // 'd'
                const tempNum = args[++a];
                if (typeof tempNum === 'bigint') tempStr = formatBigIntNoColor(tempNum, inspectOptions);
                else if (typeof tempNum === 'symbol') tempStr = 'NaN';
                else tempStr = formatNumberNoColor(Number(tempNum), inspectOptions);
                break;
              }
              case 79: // 'O'
                tempStr = inspect(args[++a], inspectOptions);
                break;
              case 111: // 'o'
                tempStr = inspect(args[++a], { ...inspectOptions, showHidden: true, showProxy: true, depth: 4 });
                break;
              case 105: { // 'i'
                const tempInteger = args[++a];
                if (typeof tempInteger === 'bigint') tempStr = formatBigIntNoColor(tempInteger, inspectOptions);
                else if (typeof tempInteger === 'symbol') tempStr = 'NaN';
                else tempStr = formatNumberNoColor(Number.parseInt(tempInteger), inspectOptions);
                break;
              }
              case 102: { // 'f'
                const tempFloat = args[++a];
                if (typeof tempFloat === 'symbol') tempStr = 'NaN';
                else tempStr = formatNumberNoColor(Number.parseFloat(tempFloat), inspectOptions);
                break;
              }
              case 99: // 'c'
                a += 1;
                tempStr = '';
                break;
              case 37: // '%'
                str += first.slice(lastPos, i);
                lastPos = i + 1;
                continue;
              default:
                continue;
            }
            if (lastPos !== i - 1) str += first.slice(lastPos, i - 1);
            str += tempStr;
            lastPos = i + 1;
          } else if (nextChar === 37) {
            str += first.slice(lastPos, i);
            lastPos = i + 1;
          }
        }
      }
      if (lastPos !== 0) {
        a++;
        join = ' ';
        if (lastPos < first.length) str += first.slice(lastPos);
      }
    }
    while (a < args.length) {
      const value = args[a];
      str += join;
      str += typeof value !== 'string' ? inspect(value, inspectOptions) : value;
      join = ' ';
      a++;
    }
    return str;
  }

  function isZeroWidthCodePoint(code) {
    return code <= 0x1F || (code >= 0x7F && code <= 0x9F) || (code >= 0x300 && code <= 0x36F) ||
      (code >= 0x200B && code <= 0x200F) || (code >= 0x20D0 && code <= 0x20FF) ||
      (code >= 0xFE00 && code <= 0xFE0F) || (code >= 0xFE20 && code <= 0xFE2F) ||
      (code >= 0xE0100 && code <= 0xE01EF);
  }
  function isFullWidthCodePoint(code) {
    return code >= 0x1100 && (
      code <= 0x115f || code === 0x2329 || code === 0x232a ||
      (code >= 0x2e80 && code <= 0x3247 && code !== 0x303f) || (code >= 0x3250 && code <= 0x4dbf) ||
      (code >= 0x4e00 && code <= 0xa4c6) || (code >= 0xa960 && code <= 0xa97c) ||
      (code >= 0xac00 && code <= 0xd7a3) || (code >= 0xf900 && code <= 0xfaff) ||
      (code >= 0xfe10 && code <= 0xfe19) || (code >= 0xfe30 && code <= 0xfe6b) ||
      (code >= 0xff01 && code <= 0xff60) || (code >= 0xffe0 && code <= 0xffe6) ||
      (code >= 0x1b000 && code <= 0x1b001) || (code >= 0x1f200 && code <= 0x1f251) ||
      (code >= 0x1f300 && code <= 0x1f64f) || (code >= 0x20000 && code <= 0x3fffd));
  }
  function getStringWidth(str, removeControlChars = true) {
    let width = 0;
    if (removeControlChars) str = str.replace(ansi, '');
    let ascii = true;
    for (let i = 0; i < str.length; i++) {
      const code = str.charCodeAt(i);
      if (code >= 127) { ascii = false; break; }
      width += code >= 32 ? 1 : 0;
    }
    if (ascii) return width;
    width = 0;
    for (const char of str.normalize('NFC')) {
      const code = char.codePointAt(0);
      if (isFullWidthCodePoint(code)) width += 2;
      else if (!isZeroWidthCodePoint(code)) width++;
    }
    return width;
  }
  function removeColors(str) {
    return String(str).replace(ansi, '');
  }
  function stripVTControlCharacters(str) {
    if (typeof str !== 'string') throw errInvalidArgType('str', 'string', str);
    return str.replace(ansi, '');
  }

  // ------------------------------------------------------------------ errors (small set)
  // The fuller set lives in the `internal/errors` glue; util needs only these
  // and must not depend on it.
  function determineSpecificType(value) {
    if (value === null) return 'null';
    if (value === undefined) return 'undefined';
    const type = typeof value;
    switch (type) {
      case 'bigint': return `type bigint (${value}n)`;
      case 'number':
        if (value === 0) return 1 / value === -Infinity ? 'type number (-0)' : 'type number (0)';
        else if (value !== value) return 'type number (NaN)';
        else if (value === Infinity) return 'type number (Infinity)';
        else if (value === -Infinity) return 'type number (-Infinity)';
        return `type number (${value})`;
      case 'boolean': return value ? 'type boolean (true)' : 'type boolean (false)';
      case 'symbol': return `type symbol (${String(value)})`;
      case 'function': return `function ${value.name}`;
      case 'object':
        if (value.constructor && 'name' in value.constructor) return `an instance of ${value.constructor.name}`;
        return `${inspect(value, { depth: -1 })}`;
      case 'string':
        value.length > 28 && (value = `${value.slice(0, 25)}...`);
        if (value.indexOf("'") === -1) return `type string ('${value}')`;
        return `type string (${JSON.stringify(value)})`;
      default:
        value = inspect(value, { colors: false });
        if (value.length > 28) value = `${value.slice(0, 25)}...`;
        return `type ${type} (${value})`;
    }
  }
  function nodeError(Base, code, message) {
    const err = new Base(message);
    Object.defineProperty(err, 'code', { value: code, enumerable: true, writable: true, configurable: true });
    const frames = typeof err.stack === 'string' ? err.stack.replace(/^(?!\s+at )[^\n]*\n?/, '').replace(/\n+$/, '') : '';
    Object.defineProperty(err, 'stack', {
      value: `${err.name} [${code}]: ${message}${frames ? '\n' + frames : ''}`,
      writable: true, configurable: true, enumerable: false,
    });
    Object.defineProperty(err, 'toString', {
      value() { return `${this.name} [${code}]: ${this.message}`; },
      writable: true, configurable: true, enumerable: false,
    });
    return err;
  }
  function errInvalidArgType(name, expected, actual) {
    const kTypes = ['string', 'function', 'number', 'object', 'Function', 'Object', 'boolean', 'bigint', 'symbol'];
    const list = Array.isArray(expected) ? expected : [expected];
    const typesL = [];
    const instances = [];
    const other = [];
    for (const v of list) {
      if (kTypes.includes(v)) typesL.push(v.toLowerCase());
      else if (/^([A-Z][a-z0-9]*)+$/.test(v)) instances.push(v);
      else other.push(v);
    }
    if (instances.length > 0) {
      const pos = typesL.indexOf('object');
      if (pos !== -1) { typesL.splice(pos, 1); instances.push('Object'); }
    }
    const formatList = (arr, type = 'and') => (arr.length < 3 ? arr.join(` ${type} `)
      : `${arr.slice(0, -1).join(', ')}, ${type} ${arr[arr.length - 1]}`);
    let msg = 'The ';
    if (name.endsWith(' argument')) msg += `${name} `;
    else msg += `"${name}" ${name.includes('.') ? 'property' : 'argument'} `;
    msg += 'must be ';
    if (typesL.length > 0) {
      msg += `${typesL.length > 1 ? 'one of type' : 'of type'} ${formatList(typesL, 'or')}`;
      if (instances.length > 0 || other.length > 0) msg += ' or ';
    }
    if (instances.length > 0) {
      msg += `an instance of ${formatList(instances, 'or')}`;
      if (other.length > 0) msg += ' or ';
    }
    if (other.length > 0) {
      if (other.length > 1) msg += `one of ${formatList(other, 'or')}`;
      else {
        if (other[0].toLowerCase() !== other[0]) msg += 'an ';
        msg += `${other[0]}`;
      }
    }
    msg += `. Received ${determineSpecificType(actual)}`;
    return nodeError(TypeError, 'ERR_INVALID_ARG_TYPE', msg);
  }

  // ------------------------------------------------------------------ deep equality
  // Port of Node v20's lib/internal/util/comparisons.js.
  const kStrict = true;
  const kLoose = false;
  const kNoIterator = 0;
  const kIsArray = 1;
  const kIsSet = 2;
  const kIsMap = 3;
  function areSimilarRegExps(a, b) {
    return a.source === b.source && a.flags === b.flags && a.lastIndex === b.lastIndex;
  }
  function areSimilarFloatArrays(a, b) {
    if (a.byteLength !== b.byteLength) return false;
    for (let offset = 0; offset < a.byteLength; offset++) {
      if (a[offset] !== b[offset]) return false;
    }
    return true;
  }
  function bytesEqual(x, y) {
    if (x.length !== y.length) return false;
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
    return true;
  }
  function areSimilarTypedArrays(a, b) {
    if (a.byteLength !== b.byteLength) return false;
    return bytesEqual(new Uint8Array(a.buffer, a.byteOffset, a.byteLength),
      new Uint8Array(b.buffer, b.byteOffset, b.byteLength));
  }
  function areEqualArrayBuffers(buf1, buf2) {
    return buf1.byteLength === buf2.byteLength && bytesEqual(new Uint8Array(buf1), new Uint8Array(buf2));
  }
  function isEqualBoxedPrimitive(val1, val2) {
    if (isNumberObject(val1)) return isNumberObject(val2) && Object.is(Number.prototype.valueOf.call(val1), Number.prototype.valueOf.call(val2));
    if (isStringObject(val1)) return isStringObject(val2) && String.prototype.valueOf.call(val1) === String.prototype.valueOf.call(val2);
    if (isBooleanObject(val1)) return isBooleanObject(val2) && Boolean.prototype.valueOf.call(val1) === Boolean.prototype.valueOf.call(val2);
    if (isBigIntObject(val1)) return isBigIntObject(val2) && BigInt.prototype.valueOf.call(val1) === BigInt.prototype.valueOf.call(val2);
    if (isSymbolObject(val1)) return isSymbolObject(val2) && Symbol.prototype.valueOf.call(val1) === Symbol.prototype.valueOf.call(val2);
    return false;
  }
  function innerDeepEqual(val1, val2, strict, memos) {
    if (val1 === val2) return val1 !== 0 || Object.is(val1, val2) || !strict;
    if (strict) {
      if (typeof val1 === 'number') return Number.isNaN(val1) && Number.isNaN(val2);
      if (typeof val2 !== 'object' || typeof val1 !== 'object' || val1 === null || val2 === null ||
          Object.getPrototypeOf(val1) !== Object.getPrototypeOf(val2)) return false;
    } else {
      if (val1 === null || typeof val1 !== 'object') {
        if (val2 === null || typeof val2 !== 'object') {
          // eslint-disable-next-line eqeqeq
          return val1 == val2 || (Number.isNaN(val1) && Number.isNaN(val2));
        }
        return false;
      }
      if (val2 === null || typeof val2 !== 'object') return false;
    }
    const val1Tag = objectToString.call(val1);
    const val2Tag = objectToString.call(val2);
    if (val1Tag !== val2Tag) return false;
    if (Array.isArray(val1)) {
      if (!Array.isArray(val2) || val1.length !== val2.length) return false;
      const keys1 = getOwnNonIndexProperties(val1, false, !strict);
      const keys2 = getOwnNonIndexProperties(val2, false, !strict);
      if (keys1.length !== keys2.length) return false;
      return keyCheck(val1, val2, strict, memos, kIsArray, keys1);
    } else if (val1Tag === '[object Object]') {
      return keyCheck(val1, val2, strict, memos, kNoIterator);
    } else if (isDate(val1)) {
      if (!isDate(val2) || Date.prototype.getTime.call(val1) !== Date.prototype.getTime.call(val2)) return false;
    } else if (isRegExp(val1)) {
      if (!isRegExp(val2) || !areSimilarRegExps(val1, val2)) return false;
    } else if (isArrayBufferView(val1)) {
      if (taTag(val1) !== taTag(val2)) return false;
      if (!strict && (types.isFloat32Array(val1) || types.isFloat64Array(val1))) {
        if (!areSimilarFloatArrays(val1, val2)) return false;
      } else if (!areSimilarTypedArrays(val1, val2)) {
        return false;
      }
      const keys1 = getOwnNonIndexProperties(val1, false, !strict);
      const keys2 = getOwnNonIndexProperties(val2, false, !strict);
      if (keys1.length !== keys2.length) return false;
      return keyCheck(val1, val2, strict, memos, kNoIterator, keys1);
    } else if (isSet(val1)) {
      if (!isSet(val2) || val1.size !== val2.size) return false;
      return keyCheck(val1, val2, strict, memos, kIsSet);
    } else if (isMap(val1)) {
      if (!isMap(val2) || val1.size !== val2.size) return false;
      return keyCheck(val1, val2, strict, memos, kIsMap);
    } else if (isAnyArrayBuffer(val1)) {
      if (!isAnyArrayBuffer(val2) || !areEqualArrayBuffers(val1, val2)) return false;
    } else if (isNativeError(val1) || val1 instanceof Error) {
      if (!isNativeError(val2) && !(val2 instanceof Error)) return false;
      const m1 = isEnumerable(val1, 'message');
      const n1 = isEnumerable(val1, 'name');
      const c1 = isEnumerable(val1, 'cause');
      const e1 = isEnumerable(val1, 'errors');
      if ((m1 !== isEnumerable(val2, 'message') || (!m1 && val1.message !== val2.message)) ||
          (n1 !== isEnumerable(val2, 'name') || (!n1 && val1.name !== val2.name)) ||
          (c1 !== isEnumerable(val2, 'cause') || (!c1 && !innerDeepEqual(val1.cause, val2.cause, strict, memos))) ||
          (e1 !== isEnumerable(val2, 'errors') || (!e1 && !innerDeepEqual(val1.errors, val2.errors, strict, memos)))) {
        return false;
      }
    } else if (isBoxedPrimitive(val1)) {
      if (!isEqualBoxedPrimitive(val1, val2)) return false;
    } else if (Array.isArray(val2) || isArrayBufferView(val2) || isSet(val2) || isMap(val2) ||
               isDate(val2) || isRegExp(val2) || isAnyArrayBuffer(val2) || isBoxedPrimitive(val2) ||
               isNativeError(val2) || val2 instanceof Error) {
      return false;
    } else if (isURL(val1)) {
      if (!isURL(val2) || val1.href !== val2.href) return false;
    }
    return keyCheck(val1, val2, strict, memos, kNoIterator);
  }
  function getEnumerables(val, keys) {
    return keys.filter((k) => isEnumerable(val, k));
  }
  function keyCheck(val1, val2, strict, memos, iterationType, aKeys) {
    const isArrayLikeObject = aKeys !== undefined;
    if (aKeys === undefined) aKeys = Object.keys(val1);
    if (aKeys.length > 0) {
      for (const key of aKeys) if (!isEnumerable(val2, key)) return false;
    }
    if (!isArrayLikeObject) {
      if (aKeys.length !== Object.keys(val2).length) return false;
      if (strict) {
        const symbolKeysA = Object.getOwnPropertySymbols(val1);
        if (symbolKeysA.length !== 0) {
          let count = 0;
          for (const key of symbolKeysA) {
            if (isEnumerable(val1, key)) {
              if (!isEnumerable(val2, key)) return false;
              aKeys.push(key);
              count++;
            } else if (isEnumerable(val2, key)) {
              return false;
            }
          }
          const symbolKeysB = Object.getOwnPropertySymbols(val2);
          if (symbolKeysA.length !== symbolKeysB.length && getEnumerables(val2, symbolKeysB).length !== count) return false;
        } else {
          const symbolKeysB = Object.getOwnPropertySymbols(val2);
          if (symbolKeysB.length !== 0 && getEnumerables(val2, symbolKeysB).length !== 0) return false;
        }
      }
    }
    if (aKeys.length === 0 && (iterationType === kNoIterator ||
        (iterationType === kIsArray && val1.length === 0) || val1.size === 0)) {
      return true;
    }
    if (memos === undefined) {
      memos = { set: undefined, a: val1, b: val2, c: undefined, d: undefined, deep: false, deleteFailures: false };
      return objEquiv(val1, val2, strict, aKeys, memos, iterationType);
    }
    if (memos.set === undefined) {
      if (memos.deep === false) {
        if (memos.a === val1) {
          if (memos.b === val2) return true;
        }
        memos.c = val1;
        memos.d = val2;
        memos.deep = true;
        const result = objEquiv(val1, val2, strict, aKeys, memos, iterationType);
        memos.deep = false;
        return result;
      }
      memos.set = new Set();
      memos.set.add(memos.a);
      memos.set.add(memos.b);
      memos.set.add(memos.c);
      memos.set.add(memos.d);
    }
    const { set } = memos;
    const originalSize = set.size;
    set.add(val1);
    set.add(val2);
    if (originalSize === set.size) return true;
    const areEq = objEquiv(val1, val2, strict, aKeys, memos, iterationType);
    if (areEq || memos.deleteFailures) {
      set.delete(val1);
      set.delete(val2);
    }
    return areEq;
  }
  function setHasEqualElement(set, val2, strict, memo) {
    const { deleteFailures } = memo;
    memo.deleteFailures = true;
    for (const val1 of set) {
      if (innerDeepEqual(val1, val2, strict, memo)) {
        set.delete(val1);
        memo.deleteFailures = deleteFailures;
        return true;
      }
    }
    memo.deleteFailures = deleteFailures;
    return false;
  }
  function findLooseMatchingPrimitives(prim) {
    switch (typeof prim) {
      case 'undefined': return null;
      case 'object': return undefined;
      case 'symbol': return false;
      case 'string': prim = +prim; // falls through
      case 'number': if (Number.isNaN(prim)) return false;
    }
    return true;
  }
  function setMightHaveLoosePrim(a, b, prim) {
    const altValue = findLooseMatchingPrimitives(prim);
    if (altValue != null) return altValue;
    return b.has(altValue) && !a.has(altValue);
  }
  function mapMightHaveLoosePrim(a, b, prim, item, memo) {
    const altValue = findLooseMatchingPrimitives(prim);
    if (altValue != null) return altValue;
    const curB = b.get(altValue);
    if ((curB === undefined && !b.has(altValue)) || !innerDeepEqual(item, curB, false, memo)) return false;
    return !a.has(altValue) && innerDeepEqual(item, curB, false, memo);
  }
  function setEquiv(a, b, strict, memo) {
    let set = null;
    for (const val of a) {
      if (!b.has(val)) {
        if ((typeof val !== 'object' || val === null) && (strict || !setMightHaveLoosePrim(a, b, val))) return false;
        if (set === null) {
          if (b.size === 1) return innerDeepEqual(val, b.values().next().value, strict, memo);
          set = new Set();
        }
        set.add(val);
      }
    }
    if (set !== null) {
      for (const val of b) {
        if (typeof val === 'object' && val !== null) {
          if (!a.has(val) && !setHasEqualElement(set, val, strict, memo)) return false;
        } else if (!strict && !a.has(val) && !setHasEqualElement(set, val, strict, memo)) {
          return false;
        }
      }
      return set.size === 0;
    }
    return true;
  }
  function mapHasEqualEntry(set, map, key2, item2, strict, memo) {
    const { deleteFailures } = memo;
    memo.deleteFailures = true;
    for (const key1 of set) {
      if (innerDeepEqual(key1, key2, strict, memo) && innerDeepEqual(map.get(key1), item2, strict, memo)) {
        set.delete(key1);
        memo.deleteFailures = deleteFailures;
        return true;
      }
    }
    memo.deleteFailures = deleteFailures;
    return false;
  }
  function mapEquiv(a, b, strict, memo) {
    let set = null;
    for (const { 0: key, 1: item1 } of a) {
      if (typeof key === 'object' && key !== null) {
        if (set === null) {
          if (b.size === 1) {
            const { 0: key2, 1: item2 } = b.entries().next().value;
            return innerDeepEqual(key, key2, strict, memo) && innerDeepEqual(item1, item2, strict, memo);
          }
          set = new Set();
        }
        set.add(key);
      } else {
        const item2 = b.get(key);
        if (((item2 === undefined && !b.has(key)) || !innerDeepEqual(item1, item2, strict, memo))) {
          if (strict) return false;
          if (!mapMightHaveLoosePrim(a, b, key, item1, memo)) return false;
          if (set === null) set = new Set();
          set.add(key);
        }
      }
    }
    if (set !== null) {
      for (const { 0: key, 1: item } of b) {
        if (typeof key === 'object' && key !== null) {
          if (!mapHasEqualEntry(set, a, key, item, strict, memo)) return false;
        } else if (!strict && (!a.has(key) || !innerDeepEqual(a.get(key), item, strict, memo)) &&
                   !mapHasEqualEntry(set, a, key, item, strict, memo)) {
          return false;
        }
      }
      return set.size === 0;
    }
    return true;
  }
  function objEquiv(a, b, strict, keys, memos, iterationType) {
    if (keys.length > 0) {
      for (const key of keys) if (!innerDeepEqual(a[key], b[key], strict, memos)) return false;
    }
    if (iterationType === kIsArray) {
      for (let i = 0; i < a.length; i++) {
        if (hasOwn(a, i)) {
          if (!hasOwn(b, i) || !innerDeepEqual(a[i], b[i], strict, memos)) return false;
        } else if (hasOwn(b, i)) {
          return false;
        } else {
          const keysA = Object.keys(a);
          for (; i < keysA.length; i++) {
            const key = keysA[i];
            if (!hasOwn(b, key) || !innerDeepEqual(a[key], b[key], strict, memos)) return false;
          }
          return keysA.length === Object.keys(b).length;
        }
      }
    } else if (iterationType === kIsSet) {
      if (!setEquiv(a, b, strict, memos)) return false;
    } else if (iterationType === kIsMap) {
      if (!mapEquiv(a, b, strict, memos)) return false;
    }
    return true;
  }
  const isDeepEqual = (a, b) => innerDeepEqual(a, b, kLoose);
  const isDeepStrictEqual = (a, b) => innerDeepEqual(a, b, kStrict);

  // ------------------------------------------------------------------ the rest of util
  const kCustomPromisifiedSymbol = Symbol.for('nodejs.util.promisify.custom');
  const kCustomPromisifyArgsSymbol = Symbol('customPromisifyArgs');
  function promisify(original) {
    if (typeof original !== 'function') throw errInvalidArgType('original', 'Function', original);
    if (original[kCustomPromisifiedSymbol]) {
      const fn = original[kCustomPromisifiedSymbol];
      if (typeof fn !== 'function') {
        throw errInvalidArgType('util.promisify.custom', 'Function', fn);
      }
      return Object.defineProperty(fn, kCustomPromisifiedSymbol, {
        value: fn, enumerable: false, writable: false, configurable: true,
      });
    }
    const argumentNames = original[kCustomPromisifyArgsSymbol];
    function fn(...args) {
      return new Promise((resolve, reject) => {
        args.push((err, ...values) => {
          if (err) return reject(err);
          if (argumentNames !== undefined && values.length > 1) {
            const obj = {};
            for (let i = 0; i < argumentNames.length; i++) obj[argumentNames[i]] = values[i];
            resolve(obj);
          } else {
            resolve(values[0]);
          }
        });
        Reflect.apply(original, this, args);
      });
    }
    Object.setPrototypeOf(fn, Object.getPrototypeOf(original));
    Object.defineProperty(fn, kCustomPromisifiedSymbol, {
      value: fn, enumerable: false, writable: false, configurable: true,
    });
    const descriptors = Object.getOwnPropertyDescriptors(original);
    for (const k of Reflect.ownKeys(descriptors)) {
      try { Object.defineProperty(fn, k, descriptors[k]); } catch { /* ignore */ }
    }
    return fn;
  }
  promisify.custom = kCustomPromisifiedSymbol;

  const nextTick = (fn, ...args) => {
    if (internals.nextTick) internals.nextTick(fn, ...args);
    else queueMicrotask(() => fn(...args));
  };
  function callbackifyOnRejected(reason, cb) {
    if (!reason) {
      const newReason = nodeError(Error, 'ERR_FALSY_VALUE_REJECTION', 'Promise was rejected with falsy value');
      newReason.reason = reason;
      reason = newReason;
    }
    return cb(reason);
  }
  function callbackify(original) {
    if (typeof original !== 'function') throw errInvalidArgType('original', 'Function', original);
    function callbackified(...args) {
      const maybeCb = args.pop();
      if (typeof maybeCb !== 'function') throw errInvalidArgType('last argument', 'Function', maybeCb);
      const cb = maybeCb.bind(this);
      Reflect.apply(original, this, args).then(
        (ret) => { nextTick(cb, null, ret); },
        (rej) => { nextTick(callbackifyOnRejected, rej, cb); });
    }
    const descriptors = Object.getOwnPropertyDescriptors(original);
    if (typeof descriptors.length.value === 'number') descriptors.length.value++;
    if (typeof descriptors.name.value === 'string') descriptors.name.value += 'Callbackified';
    const propertiesValues = Object.values(descriptors);
    for (let i = 0; i < propertiesValues.length; i++) Object.setPrototypeOf(propertiesValues[i], null);
    Object.defineProperties(callbackified, descriptors);
    return callbackified;
  }

  function inherits(ctor, superCtor) {
    if (ctor === undefined || ctor === null) throw errInvalidArgType('ctor', 'Function', ctor);
    if (superCtor === undefined || superCtor === null) throw errInvalidArgType('superCtor', 'Function', superCtor);
    if (superCtor.prototype === undefined) throw errInvalidArgType('superCtor.prototype', 'Object', superCtor.prototype);
    Object.defineProperty(ctor, 'super_', { value: superCtor, writable: true, configurable: true });
    Object.setPrototypeOf(ctor.prototype, superCtor.prototype);
  }

  const codesWarned = new Set();
  let warningHintShown = false;
  // process.emitWarning as Node prints it when nothing listens for 'warning'.
  function emitWarning(warning, type, code) {
    if (typeof internals.emitWarning === 'function') return internals.emitWarning(warning, type, code);
    let name;
    let message;
    if (typeof warning === 'string') {
      name = type || 'Warning';
      message = warning;
    } else {
      name = warning.name;
      message = warning.message;
      if (warning.code !== undefined) code = warning.code;
    }
    let text = `(node:${internals.pid !== undefined ? internals.pid : 0}) ${code ? `[${code}] ` : ''}${name}: ${message}`;
    if (!warningHintShown) {
      warningHintShown = true;
      text += '\n(Use `node --trace-warnings ...` to show where the warning was created)';
    }
    if (typeof internals.print === 'function') internals.print(2, text);
    else if (G.console) G.console.error(text);
  }
  function deprecate(fn, msg, code) {
    if (typeof fn !== 'function') throw errInvalidArgType('fn', 'Function', fn);
    if (code !== undefined && typeof code !== 'string') throw errInvalidArgType('code', 'string', code);
    let warned = false;
    function deprecated(...args) {
      if (!warned) {
        warned = true;
        if (code !== undefined) {
          if (!codesWarned.has(code)) {
            emitWarning(msg, 'DeprecationWarning', code);
            codesWarned.add(code);
          }
        } else {
          emitWarning(msg, 'DeprecationWarning');
        }
      }
      if (new.target) return Reflect.construct(fn, args, new.target);
      return Reflect.apply(fn, this, args);
    }
    Object.setPrototypeOf(deprecated, fn);
    if (fn.prototype) deprecated.prototype = fn.prototype;
    return deprecated;
  }

  function debuglog(set, cb) {
    const env = (internals.env && internals.env.NODE_DEBUG) || '';
    const enabled = env.split(/[\s,]+/).some((s) => s && new RegExp('^' + s.replace(/[|\\{}()[\]^$+?.]/g, '\\$&').replace(/\*/g, '.*') + '$', 'i').test(set));
    const pid = internals.pid !== undefined ? internals.pid : 0;
    const logger = enabled
      ? (...args) => emitDebug(`${set.toUpperCase()} ${pid}: ${format(...args)}`)
      : () => {};
    function emitDebug(text) {
      if (typeof internals.print === 'function') internals.print(2, text);
      else if (G.console) G.console.error(text);
    }
    Object.defineProperty(logger, 'enabled', { get() { return enabled; }, configurable: true, enumerable: true });
    if (typeof cb === 'function') cb(logger);
    return logger;
  }

  function toUSVString(input) {
    return String(input).toWellFormed();
  }
  function isArray(v) { return Array.isArray(v); }

  const util = {
    format, formatWithOptions, inspect, isDeepStrictEqual, promisify, callbackify, inherits, deprecate,
    debuglog, debug: debuglog, types, stripVTControlCharacters, toUSVString, isArray,
    getStringWidth(str, removeControlChars) { return getStringWidth(str, removeControlChars); },
    isBoolean: (v) => typeof v === 'boolean', isBuffer: (v) => !!(G.Buffer && G.Buffer.isBuffer && G.Buffer.isBuffer(v)),
    isNull: (v) => v === null, isNullOrUndefined: (v) => v === null || v === undefined,
    isNumber: (v) => typeof v === 'number', isString: (v) => typeof v === 'string',
    isSymbol: (v) => typeof v === 'symbol', isUndefined: (v) => v === undefined,
    isRegExp, isObject: (v) => v !== null && typeof v === 'object', isDate, isError,
    isFunction: (v) => typeof v === 'function',
    isPrimitive: (v) => v === null || (typeof v !== 'object' && typeof v !== 'function'),
  };
  if (typeof G.TextEncoder === 'function') util.TextEncoder = G.TextEncoder;
  if (typeof G.TextDecoder === 'function') util.TextDecoder = G.TextDecoder;
  // Helpers for the other node glue (assert, events, console): not Node API.
  Object.defineProperty(util, Symbol.for('jsloop.node.util.internal'), {
    value: {
      isDeepEqual, isDeepStrictEqual, determineSpecificType, nodeError, errInvalidArgType,
      getStringWidth, removeColors, isError, getStackString, emitWarning, inspectDefaultOptions,
    },
  });
  return util;
})
