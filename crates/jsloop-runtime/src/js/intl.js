// ECMA-402, the ECMAScript Internationalization API: the Intl object, for
// both hosts, made when a program first reads `Intl` (the node host's lazy
// global, 40_node.js; the browser host's, 10_browser.js). What needs
// Unicode's and CLDR's data is host.intl (src/intl/, ICU4X).
// Section numbers are ECMA-402 11th edition (2024)'s.
(function intl(host) {
  'use strict';
  const native = host.intl;
  const IteratorPrototype = Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]()));

  // Built-in data properties: writable, not enumerable, configurable.
  const define = (obj, props) => {
    for (const key of Reflect.ownKeys(props)) {
      Object.defineProperty(obj, key, { value: props[key], writable: true, enumerable: false, configurable: true });
    }
  };
  const toStringTag = (obj, tag) =>
    Object.defineProperty(obj, Symbol.toStringTag, { value: tag, writable: false, enumerable: false, configurable: true });
  // ToString (throws for a Symbol, as String() does not).
  const toString = (v) => `${v}`;
  // ToIntegerOrInfinity.
  const toIntegerOrInfinity = (v) => {
    const n = +v;
    if (n !== n || n === 0) return 0;
    return Math.trunc(n);
  };
  const toObject = (v) => {
    if (v === undefined || v === null) throw new TypeError('Cannot convert undefined or null to object');
    return Object(v);
  };
  // V8's words for a receiver without the internal slots a method needs.
  const incompatible = (method, receiver) => {
    let shown;
    try {
      shown = typeof receiver === 'object' && receiver !== null || typeof receiver === 'function'
        ? `#<${receiver.constructor?.name ?? 'Object'}>` : String(receiver);
    } catch { shown = '#<Object>'; }
    return new TypeError(`Method ${method} called on incompatible receiver ${shown}`);
  };

  // 9.2.1 CanonicalizeLocaleList ( locales )
  function canonicalizeLocaleList(locales) {
    // Step 1. If locales is undefined, return a new empty List.
    if (locales === undefined) return [];
    // Step 2. Let seen be a new empty List.
    const seen = [];
    // Step 3. If Type(locales) is String or locales has an
    // [[InitializedLocale]] internal slot, let O be
    // CreateArrayFromList(« locales »); Step 4. Else, let O be ToObject(locales).
    const O = typeof locales === 'string' ? [locales] : toObject(locales);
    // Step 5. Let len be ? LengthOfArrayLike(O).
    const len = Math.min(Math.max(toIntegerOrInfinity(O.length), 0), Number.MAX_SAFE_INTEGER);
    // Step 6. Let k be 0. Step 7. Repeat, while k < len,
    for (let k = 0; k < len; k++) {
      // Step 7.a-b. Let Pk be ! ToString(k); let kPresent be ? HasProperty(O, Pk).
      if (!(k in O)) continue;
      // Step 7.c.i. Let kValue be ? Get(O, Pk).
      const kValue = O[k];
      // Step 7.c.ii. If Type(kValue) is not String or Object, throw a TypeError exception.
      if (typeof kValue !== 'string' && (typeof kValue !== 'object' || kValue === null) && typeof kValue !== 'function') {
        throw new TypeError('Language ID should be string or object.');
      }
      // Step 7.c.iii-iv. Let tag be ? ToString(kValue).
      const tag = toString(kValue);
      // Step 7.c.v-vi. If IsStructurallyValidLanguageTag(tag) is false,
      // throw a RangeError exception; let canonicalizedTag be
      // CanonicalizeUnicodeLocaleId(tag).
      const canonicalizedTag = native.canonicalize(tag);
      // Step 7.c.vii. If seen does not contain canonicalizedTag, append it.
      if (!seen.includes(canonicalizedTag)) seen.push(canonicalizedTag);
    }
    // Step 8. Return seen.
    return seen;
  }

  // GetOptionsObject ( options ) (ECMA-402 9.2.11)
  function getOptionsObject(options) {
    if (options === undefined) return Object.create(null);
    if (typeof options === 'object' && options !== null || typeof options === 'function') return options;
    throw new TypeError('invalid_argument');
  }
  // CoerceOptionsToObject ( options ) (9.2.12)
  const coerceOptionsToObject = (options) => (options === undefined ? Object.create(null) : toObject(options));

  // GetOption ( options, property, "string", values, default ) (ECMA-262
  // 7.3.x, ECMA-402 9.2.13): `where` names the caller in V8's RangeError.
  function getStringOption(options, property, values, fallback, where) {
    const value = options[property];
    if (value === undefined) return fallback;
    const string = toString(value);
    if (values !== undefined && !values.includes(string)) {
      throw new RangeError(`Value ${string} out of range for ${where} options property ${property}`);
    }
    return string;
  }

  // 9.2.3 LookupMatcher ( availableLocales, requestedLocales ), and
  // BestFitMatcher, which is the same here; with no relevant extension
  // keys (the Segmenter's) this is ResolveLocale's [[locale]].
  function resolveLocale(requestedLocales) {
    for (const locale of requestedLocales) {
      const available = native.bestAvailable(locale);
      if (available !== undefined) return available;
    }
    return native.defaultLocale();
  }

  // 9.2.10 SupportedLocales ( availableLocales, requestedLocales, options )
  function supportedLocales(requestedLocales, options, where) {
    // Step 1. Set options to ? CoerceOptionsToObject(options).
    options = coerceOptionsToObject(options);
    // Step 2. Let matcher be ? GetOption(options, "localeMatcher", string,
    // « "lookup", "best fit" », "best fit").
    getStringOption(options, 'localeMatcher', ['lookup', 'best fit'], 'best fit', where);
    // Steps 3-5. LookupSupportedLocales (BestFitSupportedLocales is the
    // same here): each requested locale whose BestAvailableLocale is not
    // undefined, with its extensions.
    return requestedLocales.filter((locale) => native.bestAvailable(locale) !== undefined);
  }

  // 18 Segmenter Objects.
  const granularities = ['grapheme', 'word', 'sentence'];
  const kToken = Symbol('Segments');

  // A service constructor: a function, so that a call without `new` is
  // V8's TypeError, whose instances the class `Impl` makes (with
  // NewTarget's prototype) and whose prototype is Impl's.
  function service(Impl, name, statics) {
    const C = {
      [name]: function () {
        if (new.target === undefined) throw new TypeError(`Constructor Intl.${name} requires 'new'`);
        return Reflect.construct(Impl, arguments, new.target);
      },
    }[name];
    Object.defineProperty(C, 'prototype', { value: Impl.prototype, writable: false, enumerable: false, configurable: false });
    define(C, statics);
    define(Impl.prototype, { constructor: C });
    return C;
  }

  // 18.1.1 Intl.Segmenter ( [ locales [ , options ] ] )
  class Segmenter {
    #locale;
    #granularity;
    // (Step 1, NewTarget undefined: the service function throws.)
    constructor(locales = undefined, options = undefined) {
      // Step 4. Let requestedLocales be ? CanonicalizeLocaleList(locales).
      const requestedLocales = canonicalizeLocaleList(locales);
      // Step 5. Set options to ? GetOptionsObject(options).
      options = getOptionsObject(options);
      // Steps 6-7. Let matcher be ? GetOption(options, "localeMatcher",
      // string, « "lookup", "best fit" », "best fit").
      getStringOption(options, 'localeMatcher', ['lookup', 'best fit'], 'best fit', 'Intl.Segmenter');
      // Steps 8-10. Let r be ResolveLocale(...); set segmenter.[[Locale]]
      // to r.[[locale]].
      this.#locale = resolveLocale(requestedLocales);
      // Steps 11-12. Let granularity be ? GetOption(options,
      // "granularity", string, « "grapheme", "word", "sentence" »,
      // "grapheme"); set segmenter.[[SegmenterGranularity]] to granularity.
      this.#granularity = getStringOption(options, 'granularity', granularities, 'grapheme', 'Intl.Segmenter');
    }

    // 18.3.3 Intl.Segmenter.prototype.resolvedOptions ( )
    resolvedOptions() {
      // Steps 1-2. Perform ? RequireInternalSlot(segmenter, [[InitializedSegmenter]]).
      if (!(#locale in this)) throw incompatible('Intl.Segmenter.prototype.resolvedOptions', this);
      // Steps 3-5. The properties of Table 24, in its order.
      return { locale: this.#locale, granularity: this.#granularity };
    }

    // 18.3.4 Intl.Segmenter.prototype.segment ( string )
    segment(string) {
      // Steps 1-2. Perform ? RequireInternalSlot(segmenter, [[InitializedSegmenter]]).
      if (!(#locale in this)) throw incompatible('Intl.Segmenter.prototype.segment', this);
      // Step 3. Let string be ? ToString(string).
      // Step 4. Return CreateSegmentsObject(segmenter, string).
      return new Segments(kToken, this.#granularity, toString(string));
    }
  }
  // 18.3.5 Intl.Segmenter.prototype [ @@toStringTag ]
  toStringTag(Segmenter.prototype, 'Intl.Segmenter');
  const SegmenterService = service(Segmenter, 'Segmenter', {
    // 18.2.2 Intl.Segmenter.supportedLocalesOf ( locales [ , options ] )
    supportedLocalesOf: function supportedLocalesOf(locales, options = undefined) {
      return supportedLocales(canonicalizeLocaleList(locales), options, 'Intl.Segmenter.supportedLocalesOf');
    },
  });

  // The boundaries of a string's segments (host.intl.segment: ICU4X's), and
  // 18.8.1 FindBoundary on them: the segment containing code unit n is
  // [bounds[i], bounds[i + 1]) for the last i with bounds[i] <= n.
  const segmentIndex = (bounds, n) => {
    let lo = 0;
    let hi = bounds.length - 1;
    while (hi - lo > 1) {
      const mid = (lo + hi) >>> 1;
      if (bounds[mid] <= n) lo = mid; else hi = mid;
    }
    return lo;
  };
  function boundaries(granularity, string) {
    const raw = native.segment(granularities.indexOf(granularity), string);
    if (granularity !== 'word') return { bounds: raw, wordLike: null };
    // (Word boundaries come as 2 * index + 1 when the segment that ends
    // there is word-like.)
    const bounds = raw.map((b) => b >>> 1);
    const wordLike = raw.map((b) => (b & 1) === 1);
    return { bounds, wordLike };
  }

  // 18.7.1 CreateSegmentDataObject ( segmenter, string, startIndex, endIndex )
  function segmentData(granularity, string, segs, i) {
    const startIndex = segs.bounds[i];
    const endIndex = segs.bounds[i + 1];
    // Steps 5-10. segment, index, input, and for words isWordLike.
    const result = { segment: string.slice(startIndex, endIndex), index: startIndex, input: string };
    if (granularity === 'word') result.isWordLike = segs.wordLike[i + 1];
    return result;
  }

  // 18.5 Segments Objects: %IntlSegmentsPrototype%.
  let segsOf;
  let iterate;
  class Segments {
    #granularity;
    #string;
    #segs = null;
    constructor(token, granularity, string) {
      if (token !== kToken) throw new TypeError('Illegal constructor');
      this.#granularity = granularity;
      this.#string = string;
    }
    static {
      // (The boundaries are found when first needed.)
      segsOf = (segments) => (segments.#segs ??= boundaries(segments.#granularity, segments.#string));
      iterate = (segments) => new SegmentIterator(kToken, segments.#granularity, segments.#string, segsOf(segments));
    }

    // 18.5.2.1 %IntlSegmentsPrototype%.containing ( index )
    containing(index) {
      // Steps 1-2. Perform ? RequireInternalSlot(segments, [[SegmentsSegmenter]]).
      if (!(#string in this)) throw incompatible('%Segments.prototype%.containing', this);
      const string = this.#string;
      // Step 4. Let len be the length of string.
      const len = string.length;
      // Step 5. Let n be ? ToIntegerOrInfinity(index).
      const n = toIntegerOrInfinity(index);
      // Step 6. If n < 0 or n ≥ len, return undefined.
      if (n < 0 || n >= len) return undefined;
      // Steps 7-8. FindBoundary before and after n.
      const segs = segsOf(this);
      // Step 9. Return CreateSegmentDataObject(segmenter, string, startIndex, endIndex).
      return segmentData(this.#granularity, string, segs, segmentIndex(segs.bounds, n));
    }

    // 18.5.2.2 %IntlSegmentsPrototype% [ @@iterator ] ( )
    [Symbol.iterator]() {
      if (!(#string in this)) throw incompatible('%Segments.prototype%[Symbol.iterator]', this);
      // Step 5. Return CreateSegmentIterator(segmenter, string).
      return iterate(this);
    }
  }
  delete Segments.prototype.constructor;

  // 18.6 Segment Iterator Objects: %IntlSegmentIteratorPrototype%.
  class SegmentIterator {
    #granularity;
    #string;
    #segs;
    // [[IteratedStringNextSegmentCodeUnitIndex]], as an index in the
    // boundaries.
    #next = 0;
    constructor(token, granularity, string, segs) {
      if (token !== kToken) throw new TypeError('Illegal constructor');
      this.#granularity = granularity;
      this.#string = string;
      this.#segs = segs;
    }

    // 18.6.2.1 %IntlSegmentIteratorPrototype%.next ( )
    next() {
      // Steps 1-2. Perform ? RequireInternalSlot(iterator, [[IteratingSegmenter]]).
      if (!(#segs in this)) throw incompatible('%SegmentIterator.prototype%.next', this);
      const segs = this.#segs;
      const i = this.#next;
      // Step 7. If startIndex ≥ len, return CreateIterResultObject(undefined, true).
      if (i >= segs.bounds.length - 1) return { value: undefined, done: true };
      // Steps 8-9. Let endIndex be FindBoundary(segmenter, string,
      // startIndex, after); set the next index to endIndex.
      this.#next = i + 1;
      // Steps 10-11. Return CreateIterResultObject(segmentData, false).
      return { value: segmentData(this.#granularity, this.#string, segs, i), done: false };
    }
  }
  delete SegmentIterator.prototype.constructor;
  Object.setPrototypeOf(SegmentIterator.prototype, IteratorPrototype);
  // 18.6.2.2 %IntlSegmentIteratorPrototype% [ @@toStringTag ]
  toStringTag(SegmentIterator.prototype, 'Segmenter String Iterator');

  // 8 The Intl Object.
  const Intl = {};
  define(Intl, {
    // 8.3.1 Intl.getCanonicalLocales ( locales )
    getCanonicalLocales: function getCanonicalLocales(locales) {
      // Steps 1-2. Let ll be ? CanonicalizeLocaleList(locales); return
      // CreateArrayFromList(ll).
      return canonicalizeLocaleList(locales);
    },
    Segmenter: SegmenterService,
  });
  // 8.1.1 Intl [ @@toStringTag ]
  toStringTag(Intl, 'Intl');
  return { Intl };
})
