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

  // 11 DateTimeFormat Objects.
  // Table 16: the components of a date and time format, in resolvedOptions'
  // order, with their values and UTS #35 skeleton letters.
  const components = [
    ['weekday', ['narrow', 'short', 'long'], { narrow: 'EEEEE', short: 'E', long: 'EEEE' }],
    ['era', ['narrow', 'short', 'long'], { narrow: 'GGGGG', short: 'G', long: 'GGGG' }],
    ['year', ['2-digit', 'numeric'], { '2-digit': 'yy', numeric: 'y' }],
    ['month', ['2-digit', 'numeric', 'narrow', 'short', 'long'], { '2-digit': 'MM', numeric: 'M', narrow: 'MMMMM', short: 'MMM', long: 'MMMM' }],
    ['day', ['2-digit', 'numeric'], { '2-digit': 'dd', numeric: 'd' }],
    ['dayPeriod', ['narrow', 'short', 'long'], { narrow: 'BBBBB', short: 'B', long: 'BBBB' }],
    ['hour', ['2-digit', 'numeric'], { '2-digit': 'jj', numeric: 'j' }],
    ['minute', ['2-digit', 'numeric'], { '2-digit': 'mm', numeric: 'm' }],
    ['second', ['2-digit', 'numeric'], { '2-digit': 'ss', numeric: 's' }],
    ['fractionalSecondDigits', null, null],
    ['timeZoneName', ['short', 'long', 'shortOffset', 'longOffset', 'shortGeneric', 'longGeneric'],
      { short: 'z', long: 'zzzz', shortOffset: 'O', longOffset: 'OOOO', shortGeneric: 'v', longGeneric: 'vvvv' }],
  ];
  const styles = ['full', 'long', 'medium', 'short'];
  // dateStyle and timeStyle as skeletons (CLDR's date and time formats of
  // each length).
  const dateStyleSkeleton = { full: 'yMMMMEEEEd', long: 'yMMMMd', medium: 'yMMMd', short: 'yyMd' };
  const timeStyleSkeleton = { full: 'jmmsszzzz', long: 'jmmssz', medium: 'jmmss', short: 'jmm' };
  // The calendars and numbering systems ICU4X formats with.
  const calendars = ['buddhist', 'chinese', 'coptic', 'dangi', 'ethioaa', 'ethiopic', 'gregory', 'hebrew', 'indian',
    'islamic-civil', 'islamic-tbla', 'islamic-umalqura', 'iso8601', 'japanese', 'persian', 'roc'];
  const typeRe = /^[0-9A-Za-z]{3,8}(-[0-9A-Za-z]{3,8})*$/;

  // GetNumberOption ( options, property, minimum, maximum, fallback ) (9.2.15)
  function getNumberOption(options, property, minimum, maximum, fallback, where) {
    const value = options[property];
    if (value === undefined) return fallback;
    const n = +value;
    if (n !== n || n < minimum || n > maximum) throw new RangeError(`${property} value is out of range.`);
    return Math.floor(n);
  }
  // GetOption ( options, property, "boolean", empty, fallback )
  function getBooleanOption(options, property) {
    const value = options[property];
    return value === undefined ? undefined : Boolean(value);
  }
  // The value of a Unicode extension key in a canonical tag, or undefined.
  function unicodeExtension(locale, key) {
    const m = new RegExp(`-u(?:-[0-9a-z]{3,8})*?-${key}-([0-9a-z]{3,8}(?:-[0-9a-z]{3,8})*?)(?=-[0-9a-z]{2}(?:-|$)|-[0-9a-z](?:-|$)|$)`).exec(locale);
    return m ? m[1] : undefined;
  }

  // A format's string: its parts' values, with CLDR's U+202F NARROW
  // NO-BREAK SPACE (before a day period) a space, as V8 writes it in
  // format() and toLocaleString() (formatToParts keeps it).
  const formatted = (parts) => parts.map((p) => p.value).join('').replace(/\u202f/g, ' ');
  // (Made by DateTimeFormat's static block: they read its private slots.)
  let dateTimeFormatParts;
  let isDateTimeFormat;
  let boundFormatOf;
  let setBoundFormat;
  let dateTimeResolvedOptions;
  // 11.1.2 CreateDateTimeFormat ( newTarget, locales, options, required, defaults )
  class DateTimeFormat {
    #locale;
    #dataLocale;
    #calendar;
    #numberingSystem;
    #timeZone;
    #hourCycle;
    #components;
    #dateStyle;
    #timeStyle;
    #skeleton;
    #boundFormat;
    constructor(locales = undefined, options = undefined, required = 'any', defaults = 'date') {
      // Step 2. Let requestedLocales be ? CanonicalizeLocaleList(locales).
      const requestedLocales = canonicalizeLocaleList(locales);
      // Step 3. Set options to ? CoerceOptionsToObject(options).
      options = coerceOptionsToObject(options);
      // Steps 5-6. localeMatcher.
      getStringOption(options, 'localeMatcher', ['lookup', 'best fit'], 'best fit', 'Intl.DateTimeFormat');
      // Steps 7-8. calendar: a Unicode type or a RangeError.
      const calendar = getStringOption(options, 'calendar', undefined, undefined, 'Intl.DateTimeFormat');
      if (calendar !== undefined && !typeRe.test(calendar)) throw new RangeError(`Invalid calendar : ${calendar}`);
      // Steps 9-10. numberingSystem.
      const numberingSystem = getStringOption(options, 'numberingSystem', undefined, undefined, 'Intl.DateTimeFormat');
      if (numberingSystem !== undefined && !typeRe.test(numberingSystem)) {
        throw new RangeError(`Invalid numberingSystem : ${numberingSystem}`);
      }
      // Steps 11-13. hour12, hourCycle (null when hour12 is given).
      const hour12 = getBooleanOption(options, 'hour12');
      let hourCycle = getStringOption(options, 'hourCycle', ['h11', 'h12', 'h23', 'h24'], undefined, 'Intl.DateTimeFormat');
      if (hour12 !== undefined) hourCycle = null;
      // Steps 14-18. ResolveLocale with the relevant extension keys ca, hc, nu.
      const noExtensions = resolveLocale(requestedLocales);
      const requested = requestedLocales.find((l) => native.bestAvailable(l) !== undefined);
      const extensions = [];
      let ca = requested && unicodeExtension(requested, 'ca');
      if (ca !== undefined && !calendars.includes(ca)) ca = undefined;
      if (calendar !== undefined && calendars.includes(calendar)) { if (ca !== calendar) ca = undefined; this.#calendar = calendar; }
      if (ca !== undefined) { extensions.push(`ca-${ca}`); this.#calendar = ca; }
      this.#calendar ??= 'gregory';
      let hc = requested && unicodeExtension(requested, 'hc');
      if (hc !== undefined && !['h11', 'h12', 'h23', 'h24'].includes(hc)) hc = undefined;
      if (hc !== undefined && hourCycle === undefined) extensions.push(`hc-${hc}`);
      let nu = requested && unicodeExtension(requested, 'nu');
      if (nu !== undefined && nu !== 'latn') nu = undefined;
      if (nu !== undefined) extensions.push(`nu-${nu}`);
      this.#numberingSystem = 'latn';
      this.#locale = extensions.length ? `${noExtensions}-u-${extensions.join('-')}` : noExtensions;
      // (What ICU4X formats with: the locale and the resolved calendar.)
      this.#dataLocale = this.#calendar === 'gregory' ? noExtensions : `${noExtensions}-u-ca-${this.#calendar}`;
      // Steps 29-33. The time zone: DefaultTimeZone, or an available IANA name.
      let timeZone = options.timeZone;
      if (timeZone === undefined) {
        timeZone = native.defaultTimeZone();
      } else {
        const name = toString(timeZone);
        timeZone = native.timeZone(name);
        if (timeZone === undefined) throw new RangeError(`Invalid time zone specified: ${name}`);
      }
      this.#timeZone = timeZone;
      // Steps 34-36. The format's components (Table 16, in its order).
      const formatOptions = {};
      let hasExplicitFormatComponents = false;
      for (const [property, values] of components) {
        const value = property === 'fractionalSecondDigits'
          ? getNumberOption(options, property, 1, 3, undefined)
          : getStringOption(options, property, values, undefined, 'Intl.DateTimeFormat');
        formatOptions[property] = value;
        if (value !== undefined) hasExplicitFormatComponents = true;
      }
      // Steps 37-38. formatMatcher.
      getStringOption(options, 'formatMatcher', ['basic', 'best fit'], 'best fit', 'Intl.DateTimeFormat');
      // Steps 39-42. dateStyle and timeStyle.
      const dateStyle = getStringOption(options, 'dateStyle', styles, undefined, 'Intl.DateTimeFormat');
      const timeStyle = getStringOption(options, 'timeStyle', styles, undefined, 'Intl.DateTimeFormat');
      let skeleton = '';
      if (dateStyle !== undefined || timeStyle !== undefined) {
        // Step 43.a. If hasExplicitFormatComponents is true, throw a TypeError.
        if (hasExplicitFormatComponents) {
          throw new TypeError('Invalid option : option');
        }
        // Steps 43.b-c. A style the required kind does not allow.
        if (required === 'date' && timeStyle !== undefined) throw new TypeError('Invalid option : timeStyle');
        if (required === 'time' && dateStyle !== undefined) throw new TypeError('Invalid option : dateStyle');
        if (dateStyle !== undefined) skeleton += dateStyleSkeleton[dateStyle];
        if (timeStyle !== undefined) {
          skeleton += timeStyleSkeleton[timeStyle];
          formatOptions.hour = 'numeric';
        }
        this.#components = null;
      } else {
        // Step 44.b-e. ToDateTimeOptions' defaults: needDefaults.
        let needDefaults = true;
        if (required === 'date' || required === 'any') {
          for (const p of ['weekday', 'year', 'month', 'day']) if (formatOptions[p] !== undefined) needDefaults = false;
        }
        if (required === 'time' || required === 'any') {
          for (const p of ['dayPeriod', 'hour', 'minute', 'second', 'fractionalSecondDigits']) {
            if (formatOptions[p] !== undefined) needDefaults = false;
          }
        }
        if (needDefaults && (defaults === 'date' || defaults === 'all')) {
          formatOptions.year = formatOptions.month = formatOptions.day = 'numeric';
        }
        if (needDefaults && (defaults === 'time' || defaults === 'all')) {
          formatOptions.hour = formatOptions.minute = formatOptions.second = 'numeric';
        }
        for (const [property, , letters] of components) {
          const value = formatOptions[property];
          if (value === undefined) continue;
          skeleton += property === 'fractionalSecondDigits' ? 'S'.repeat(value) : letters[value];
        }
        this.#components = formatOptions;
      }
      this.#dateStyle = dateStyle;
      this.#timeStyle = timeStyle;
      // Steps 45-46. The hour cycle, when the format has an hour.
      if (formatOptions.hour !== undefined) {
        const locale12 = native.uses12HourClock(noExtensions);
        if (hour12 !== undefined) hc = hour12 ? 'h12' : 'h23';
        else if (hourCycle != null) hc = hourCycle;
        else hc ??= locale12 ? 'h12' : 'h23';
        this.#hourCycle = hc;
      }
      this.#skeleton = skeleton;
    }

    static {
      dateTimeFormatParts = (dtf, x) => {
        // 11.5.5 FormatDateTimePattern: x is a time value; NaN is a RangeError.
        if (x === undefined) x = Date.now();
        else x = +x;
        if (!Number.isFinite(x) || Math.abs(x) > 8.64e15) throw new RangeError('Invalid time value');
        const hour12 = dtf.#hourCycle === undefined ? -1 : dtf.#hourCycle === 'h11' || dtf.#hourCycle === 'h12' ? 1 : 0;
        const flat = native.formatDateTime(dtf.#dataLocale, dtf.#skeleton, hour12, Math.trunc(x), dtf.#timeZone);
        const parts = [];
        for (let i = 0; i < flat.length; i += 2) parts.push({ type: flat[i], value: flat[i + 1] });
        return parts;
      };
      isDateTimeFormat = (v) => typeof v === 'object' && v !== null && #locale in v;
      boundFormatOf = (dtf) => dtf.#boundFormat;
      setBoundFormat = (dtf, f) => { dtf.#boundFormat = f; };
      dateTimeResolvedOptions = (dtf) => {
        const result = { locale: dtf.#locale, calendar: dtf.#calendar, numberingSystem: dtf.#numberingSystem, timeZone: dtf.#timeZone };
        if (dtf.#hourCycle !== undefined) {
          result.hourCycle = dtf.#hourCycle;
          result.hour12 = dtf.#hourCycle === 'h11' || dtf.#hourCycle === 'h12';
        }
        if (dtf.#components !== null) {
          for (const [property] of components) {
            if (dtf.#components[property] !== undefined) result[property] = dtf.#components[property];
          }
        } else {
          if (dtf.#dateStyle !== undefined) result.dateStyle = dtf.#dateStyle;
          if (dtf.#timeStyle !== undefined) result.timeStyle = dtf.#timeStyle;
        }
        return result;
      };
    }

    // 11.3.7 Intl.DateTimeFormat.prototype.resolvedOptions ( )
    resolvedOptions() {
      if (!isDateTimeFormat(this)) throw incompatible('UnwrapDateTimeFormat', this);
      return dateTimeResolvedOptions(this);
    }

    // 11.3.4 Intl.DateTimeFormat.prototype.formatToParts ( date )
    formatToParts(date) {
      if (!isDateTimeFormat(this)) throw incompatible('Intl.DateTimeFormat.prototype.formatToParts', this);
      return dateTimeFormatParts(this, date);
    }

    // 11.3.3 get Intl.DateTimeFormat.prototype.format
    get format() {
      if (!isDateTimeFormat(this)) throw incompatible('get Intl.DateTimeFormat.prototype.format', this);
      // Step 4. If dtf.[[BoundFormat]] is undefined, make a function of one
      // argument that formats with dtf (11.5.4 DateTime Format Functions).
      let f = boundFormatOf(this);
      if (f === undefined) {
        const dtf = this;
        // (An anonymous function of length 1.)
        f = [(date) => formatted(dateTimeFormatParts(dtf, date))][0];
        setBoundFormat(this, f);
      }
      return f;
    }
  }
  // 11.3.8 Intl.DateTimeFormat.prototype [ @@toStringTag ]
  toStringTag(DateTimeFormat.prototype, 'Intl.DateTimeFormat');
  // 11.1.1 Intl.DateTimeFormat ( [ locales [ , options ] ] ): callable
  // without new (a new object all the same).
  const DateTimeFormatService = {
    DateTimeFormat: function DateTimeFormat_(locales = undefined, options = undefined) {
      return Reflect.construct(DateTimeFormat, [locales, options], new.target ?? DateTimeFormatService);
    },
  }.DateTimeFormat;
  Object.defineProperty(DateTimeFormatService, 'name', { value: 'DateTimeFormat' });
  Object.defineProperty(DateTimeFormatService, 'prototype', { value: DateTimeFormat.prototype, writable: false, enumerable: false, configurable: false });
  define(DateTimeFormatService, {
    // 11.2.2 Intl.DateTimeFormat.supportedLocalesOf ( locales [ , options ] )
    supportedLocalesOf: function supportedLocalesOf(locales, options = undefined) {
      return supportedLocales(canonicalizeLocaleList(locales), options, 'Intl.DateTimeFormat.supportedLocalesOf');
    },
  });
  define(DateTimeFormat.prototype, { constructor: DateTimeFormatService });

  // 21.4.4.38-41 Date.prototype.toLocaleString, toLocaleDateString,
  // toLocaleTimeString (ECMA-402 20.4): through a DateTimeFormat made with
  // required and defaults "any"/"all", "date"/"date", "time"/"time".
  const thisTimeValue = Date.prototype.valueOf;
  const dateToLocale = (date, locales, options, required, defaults) => {
    const x = thisTimeValue.call(date);
    if (x !== x) return 'Invalid Date';
    const dtf = Reflect.construct(DateTimeFormat, [locales, options, required, defaults], DateTimeFormatService);
    return formatted(dateTimeFormatParts(dtf, x));
  };
  const dateMethods = {
    toLocaleString: function toLocaleString(locales = undefined, options = undefined) {
      return dateToLocale(this, locales, options, 'any', 'all');
    },
    toLocaleDateString: function toLocaleDateString(locales = undefined, options = undefined) {
      return dateToLocale(this, locales, options, 'date', 'date');
    },
    toLocaleTimeString: function toLocaleTimeString(locales = undefined, options = undefined) {
      return dateToLocale(this, locales, options, 'time', 'time');
    },
  };

  // 8 The Intl Object.
  const Intl = {};
  define(Intl, {
    // 8.3.1 Intl.getCanonicalLocales ( locales )
    getCanonicalLocales: function getCanonicalLocales(locales) {
      // Steps 1-2. Let ll be ? CanonicalizeLocaleList(locales); return
      // CreateArrayFromList(ll).
      return canonicalizeLocaleList(locales);
    },
    DateTimeFormat: DateTimeFormatService,
    Segmenter: SegmenterService,
  });
  // 8.1.1 Intl [ @@toStringTag ]
  toStringTag(Intl, 'Intl');
  return { Intl, dateMethods };
})
