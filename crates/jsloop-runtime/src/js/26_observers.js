// jsloop glue 26 (a window's): geometry (DOMRectReadOnly, DOMRect), the
// viewport's size, ResizeObserver and IntersectionObserver.
//
// jsloop has no layout engine (docs/deviations.md, "CSS values and
// layout"): the viewport is 1280×720 CSS pixels, as headless Chromium's
// default window is, nothing scrolls, and every element's box is empty, at
// the viewport's origin. The observers' steps run where the HTML Standard's
// "update the rendering" runs them (jsloop-core html/rendering.rs: Step 16,
// the ResizeObserver loop, and Step 19, the update intersection
// observations steps) and see those boxes.
(function (host, g, web) {
  'use strict';
  const { define, DOMException, replaceable } = web;
  const VIEWPORT_WIDTH = 1280;
  const VIEWPORT_HEIGHT = 720;
  const arity = (what, n, given) => new TypeError(`Failed to ${what}: ${n} argument${n === 1 ? '' : 's'} required, but only ${given} present.`);

  // ---------------------------------------------------------------- geometry
  // https://drafts.fxtf.org/geometry/#domrect
  const rects = new WeakMap();
  function rectOf(v, what) {
    const r = rects.get(v);
    if (r === undefined) throw new TypeError(`Failed to ${what} on 'DOMRectReadOnly': Illegal invocation`);
    return r;
  }
  class DOMRectReadOnly {
    constructor(x = 0, y = 0, width = 0, height = 0) {
      rects.set(this, { x: +x, y: +y, width: +width, height: +height });
    }
    // https://drafts.fxtf.org/geometry/#dom-domrectreadonly-fromrect
    static fromRect(other = undefined) {
      const o = other ?? {};
      return new DOMRectReadOnly(o.x ?? 0, o.y ?? 0, o.width ?? 0, o.height ?? 0);
    }
    get x() { return rectOf(this, "read the 'x' property").x; }
    get y() { return rectOf(this, "read the 'y' property").y; }
    get width() { return rectOf(this, "read the 'width' property").width; }
    get height() { return rectOf(this, "read the 'height' property").height; }
    // The top, right, bottom and left attributes: the min or max of the
    // rectangle's edges (a width or height may be negative).
    get top() { const r = rectOf(this, "read the 'top' property"); return Math.min(r.y, r.y + r.height); }
    get right() { const r = rectOf(this, "read the 'right' property"); return Math.max(r.x, r.x + r.width); }
    get bottom() { const r = rectOf(this, "read the 'bottom' property"); return Math.max(r.y, r.y + r.height); }
    get left() { const r = rectOf(this, "read the 'left' property"); return Math.min(r.x, r.x + r.width); }
    toJSON() {
      const r = rectOf(this, "execute 'toJSON'");
      return { x: r.x, y: r.y, width: r.width, height: r.height, top: this.top, right: this.right, bottom: this.bottom, left: this.left };
    }
  }
  class DOMRect extends DOMRectReadOnly {
    constructor(x = 0, y = 0, width = 0, height = 0) { super(x, y, width, height); }
    static fromRect(other = undefined) {
      const o = other ?? {};
      return new DOMRect(o.x ?? 0, o.y ?? 0, o.width ?? 0, o.height ?? 0);
    }
    get x() { return super.x; }
    set x(v) { rectOf(this, "set the 'x' property").x = +v; }
    get y() { return super.y; }
    set y(v) { rectOf(this, "set the 'y' property").y = +v; }
    get width() { return super.width; }
    set width(v) { rectOf(this, "set the 'width' property").width = +v; }
    get height() { return super.height; }
    set height(v) { rectOf(this, "set the 'height' property").height = +v; }
  }
  define(g, { DOMRectReadOnly, DOMRect });
  // https://drafts.fxtf.org/geometry/#domrectlist
  const rectLists = new WeakMap();
  class DOMRectList {
    constructor() { throw new TypeError('Illegal constructor'); }
    get length() {
      const l = rectLists.get(this);
      if (l === undefined) throw new TypeError("Failed to read the 'length' property from 'DOMRectList': Illegal invocation");
      return l.length;
    }
    item(index) {
      const l = rectLists.get(this);
      if (l === undefined) throw new TypeError("Failed to execute 'item' on 'DOMRectList': Illegal invocation");
      return l[index >>> 0] ?? null;
    }
  }
  Object.defineProperty(DOMRectList.prototype, Symbol.iterator, { value: Array.prototype.values, writable: true, enumerable: false, configurable: true });
  function newRectList(rects) {
    const list = Object.create(DOMRectList.prototype);
    rectLists.set(list, rects);
    // (Its supported property indices are own properties, as an indexed getter's are.)
    rects.forEach((r, i) => Object.defineProperty(list, i, { value: r, writable: false, enumerable: true, configurable: true }));
    return list;
  }
  define(g, { DOMRectList });
  // https://drafts.csswg.org/cssom-view/#dom-element-getclientrects: an
  // element with no box (not being rendered) has none; any other one
  // empty box at the viewport's origin (no layout).
  Object.defineProperty(g.Element.prototype, 'getClientRects', {
    value: function getClientRects() { return newRectList(beingRendered(this) ? [new DOMRect(0, 0, 0, 0)] : []); },
    writable: true, enumerable: true, configurable: true,
  });
  // The box of an element: empty, at the viewport's origin (no layout).
  // https://drafts.csswg.org/cssom-view/#dom-element-getboundingclientrect
  Object.defineProperty(g.Element.prototype, 'getBoundingClientRect', {
    value: function getBoundingClientRect() { return new DOMRect(0, 0, 0, 0); },
    writable: true, enumerable: true, configurable: true,
  });

  // ---------------------------------------------------------------- the viewport
  // https://drafts.csswg.org/cssom-view/#extensions-to-the-window-interface:
  // [Replaceable] attributes of Window.
  const viewport = {
    innerWidth: VIEWPORT_WIDTH, innerHeight: VIEWPORT_HEIGHT,
    outerWidth: VIEWPORT_WIDTH, outerHeight: VIEWPORT_HEIGHT,
    scrollX: 0, scrollY: 0, pageXOffset: 0, pageYOffset: 0,
    screenX: 0, screenY: 0, screenLeft: 0, screenTop: 0, devicePixelRatio: 1,
  };
  for (const [name, value] of Object.entries(viewport)) {
    replaceable(name, { [name]() { return value; } }[name]);
    Object.defineProperty(Object.getOwnPropertyDescriptor(g, name).get, 'name', { value: `get ${name}` });
  }

  // https://html.spec.whatwg.org/multipage/webappapis.html#dom-issecurecontext:
  // a page jsloop runs is a secure context; it is not cross-origin isolated.
  Object.defineProperty(g, 'isSecureContext', { get: { isSecureContext() { return true; } }.isSecureContext, enumerable: true, configurable: true });
  Object.defineProperty(Object.getOwnPropertyDescriptor(g, 'isSecureContext').get, 'name', { value: 'get isSecureContext' });
  Object.defineProperty(g, 'crossOriginIsolated', { get: { crossOriginIsolated() { return false; } }.crossOriginIsolated, enumerable: true, configurable: true });
  Object.defineProperty(Object.getOwnPropertyDescriptor(g, 'crossOriginIsolated').get, 'name', { value: 'get crossOriginIsolated' });
  // https://drafts.csswg.org/cssom-view/#dom-window-scroll: nothing
  // scrolls (the viewport holds the page); Chromium's return a promise.
  for (const name of ['scroll', 'scrollTo', 'scrollBy']) {
    define(g, { [name]: { [name](_x = undefined, _y = undefined) { return Promise.resolve(); } }[name] });
  }

  // https://html.spec.whatwg.org/multipage/timers-and-user-prompts.html#simple-dialogs:
  // jsloop "cannot show simple dialogs" (nothing is on a screen), so each
  // returns at once as that step says: alert nothing, confirm false,
  // prompt null (what headless Chromium gives when the dialog is
  // dismissed); print does nothing.
  define(g, {
    alert(_message = undefined) {},
    confirm(_message = '') { return false; },
    prompt(_message = '', _default = '') { return null; },
    print() {},
  });

  // ---------------------------------------------------------------- media queries
  // https://drafts.csswg.org/cssom-view/#dom-window-matchmedia and
  // https://drafts.csswg.org/mediaqueries/: a media query list evaluated
  // against jsloop's screen (1280x720, one CSS pixel a device pixel,
  // colour, no hover or pointer device, light colour scheme), which never
  // changes, so a MediaQueryList never fires change.
  const FEATURES = {
    width: ['range', () => VIEWPORT_WIDTH], height: ['range', () => VIEWPORT_HEIGHT],
    'device-width': ['range', () => VIEWPORT_WIDTH], 'device-height': ['range', () => VIEWPORT_HEIGHT],
    'aspect-ratio': ['ratio', () => VIEWPORT_WIDTH / VIEWPORT_HEIGHT], 'device-aspect-ratio': ['ratio', () => VIEWPORT_WIDTH / VIEWPORT_HEIGHT],
    resolution: ['resolution', () => 1], color: ['integer', () => 8], 'color-index': ['integer', () => 0], monochrome: ['integer', () => 0], grid: ['integer', () => 0],
    orientation: ['keyword', () => 'landscape'], 'prefers-color-scheme': ['keyword', () => 'light'], 'prefers-reduced-motion': ['keyword', () => 'no-preference'],
    'prefers-contrast': ['keyword', () => 'no-preference'], 'prefers-reduced-transparency': ['keyword', () => 'no-preference'], 'prefers-reduced-data': ['keyword', () => 'no-preference'],
    hover: ['keyword', () => 'none'], 'any-hover': ['keyword', () => 'none'], pointer: ['keyword', () => 'none'], 'any-pointer': ['keyword', () => 'none'],
    'display-mode': ['keyword', () => 'browser'], 'forced-colors': ['keyword', () => 'none'], 'inverted-colors': ['keyword', () => 'none'],
    scripting: ['keyword', () => 'enabled'], update: ['keyword', () => 'fast'], 'color-gamut': ['keyword', () => 'srgb'], 'dynamic-range': ['keyword', () => 'standard'],
    'overflow-block': ['keyword', () => 'scroll'], 'overflow-inline': ['keyword', () => 'scroll'],
  };
  // A <length> in px (em and rem: 16px; vw and vh: the viewport's).
  const LENGTH_UNITS = { px: 1, em: 16, rem: 16, in: 96, cm: 96 / 2.54, mm: 96 / 25.4, q: 96 / 101.6, pt: 96 / 72, pc: 16, vw: VIEWPORT_WIDTH / 100, vh: VIEWPORT_HEIGHT / 100, vmin: VIEWPORT_HEIGHT / 100, vmax: VIEWPORT_WIDTH / 100 };
  const RESOLUTION_UNITS = { dppx: 1, x: 1, dpi: 1 / 96, dpcm: 2.54 / 96 };
  // One media feature "(name[: value])": its serialization and whether it
  // matches (undefined: not a feature jsloop knows, or a bad value).
  function mediaFeature(text) {
    const m = /^\(\s*([a-z-]+)\s*(?::\s*([^)]*?)\s*)?\)$/.exec(text);
    if (!m) return undefined;
    let [, name, value] = m;
    let prefix = '';
    if (/^(min|max)-/.test(name) && value !== undefined) { prefix = name.slice(0, 4); name = name.slice(4); }
    const feature = FEATURES[name];
    if (feature === undefined) return undefined;
    const [kind, actual] = feature;
    if (prefix && kind === 'keyword') return undefined;
    const serialized = (v) => `(${prefix}${name}${v === undefined ? '' : `: ${v}`})`;
    // A boolean context: true unless the value is zero or none.
    if (value === undefined) {
      const a = actual();
      return { text: serialized(), matches: a !== 0 && a !== 'none' };
    }
    const compare = (a, b) => (prefix === 'min-' ? a >= b : prefix === 'max-' ? a <= b : Math.abs(a - b) < 1e-9);
    if (kind === 'keyword') return /^[a-z-]+$/.test(value) ? { text: serialized(value), matches: actual() === value } : undefined;
    if (kind === 'integer') return /^\d+$/.test(value) ? { text: serialized(value), matches: compare(actual(), Number(value)) } : undefined;
    if (kind === 'ratio') {
      const r = /^(\d+(?:\.\d+)?)\s*(?:\/\s*(\d+(?:\.\d+)?))?$/.exec(value);
      if (!r) return undefined;
      const b = r[2] === undefined ? 1 : Number(r[2]);
      return { text: serialized(`${r[1]} / ${r[2] ?? 1}`), matches: compare(actual(), Number(r[1]) / b) };
    }
    const l = /^([+-]?(?:\d+\.?\d*|\.\d+))([a-z]*)$/.exec(value);
    if (!l) return undefined;
    const units = kind === 'resolution' ? RESOLUTION_UNITS : LENGTH_UNITS;
    const unit = l[2];
    if (units[unit] === undefined && !(unit === '' && Number(l[1]) === 0 && kind === 'range')) return undefined;
    return { text: serialized(`${l[1]}${unit}`), matches: compare(actual(), Number(l[1]) * (units[unit] ?? 0)) };
  }
  // One media query: [not|only] [type] [and (feature)]... or (feature) and ...
  function mediaQuery(raw) {
    const text = raw.trim().toLowerCase().replace(/\s+/g, ' ');
    if (text === '') return { text: '', matches: true };
    const parts = text.split(/ and /);
    let negate = false;
    let head = parts[0];
    const out = [];
    let matches = true;
    if (!head.startsWith('(')) {
      const t = /^(?:(not|only) )?([a-z]+)$/.exec(head);
      if (!t) return { text: raw.trim(), matches: false };
      negate = t[1] === 'not';
      const type = t[2];
      if (!['all', 'screen', 'print'].includes(type)) return { text: raw.trim(), matches: false };
      matches = type !== 'print';
      out.push(t[1] ? `${t[1]} ${type}` : type);
      parts.shift();
    }
    for (const part of parts) {
      const f = mediaFeature(part.trim());
      if (f === undefined) return { text: raw.trim(), matches: false };
      out.push(f.text);
      matches = matches && f.matches;
    }
    return { text: out.join(' and '), matches: negate ? !matches : matches };
  }
  function evaluateMediaQueryList(text) {
    const queries = String(text).split(',').map(mediaQuery);
    return { media: queries.map((q) => q.text).join(', '), matches: queries.length === 0 || queries.some((q) => q.matches) };
  }
  const mediaLists = new WeakMap();
  function mqlOf(v, what) {
    const s = mediaLists.get(v);
    if (s === undefined) throw new TypeError(`Failed to ${what} on 'MediaQueryList': Illegal invocation`);
    return s;
  }
  let makingMediaQueryList = null;
  // https://drafts.csswg.org/cssom-view/#the-mediaquerylist-interface
  class MediaQueryList extends g.EventTarget {
    constructor() {
      if (makingMediaQueryList === null) throw new TypeError('Illegal constructor');
      super();
      mediaLists.set(this, makingMediaQueryList);
      makingMediaQueryList = null;
    }
    get media() { return mqlOf(this, "read the 'media' property").media; }
    get matches() { return mqlOf(this, "read the 'matches' property").matches; }
    // https://drafts.csswg.org/cssom-view/#dom-mediaquerylist-addlistener
    addListener(callback) { mqlOf(this, "execute 'addListener'"); if (callback !== null) this.addEventListener('change', callback); }
    // https://drafts.csswg.org/cssom-view/#dom-mediaquerylist-removelistener
    removeListener(callback) { mqlOf(this, "execute 'removeListener'"); if (callback !== null) this.removeEventListener('change', callback); }
  }
  web.defineEventHandler(MediaQueryList.prototype, 'onchange');
  define(g, {
    // https://drafts.csswg.org/cssom-view/#dom-window-matchmedia
    matchMedia(query) {
      if (arguments.length === 0) throw arity("execute 'matchMedia' on 'Window'", 1, 0);
      // Step 1-3. Parse query as a media query list; a new MediaQueryList
      // with its document, media and matches.
      makingMediaQueryList = evaluateMediaQueryList(query);
      return new MediaQueryList();
    },
    MediaQueryList,
  });

  // Whether an element is being rendered: connected, and neither it nor an
  // ancestor is `display: none` (by its style attribute: jsloop applies no
  // style sheets).
  function beingRendered(el) {
    if (!el.isConnected) return false;
    for (let n = el; n !== null; n = n.parentElement) {
      if (n.style && n.style.display === 'none') return false;
    }
    return true;
  }
  // https://drafts.csswg.org/resize-observer/#calculate-depth-for-node-h:
  // the number of nodes in the path from node to its root (a node with no
  // parent is at depth 1), through shadow roots to their hosts.
  function depthOf(node) {
    let depth = 1;
    for (let n = node; ; depth++) {
      const parent = n.parentNode ?? (n.host ?? null);
      if (parent === null) return depth;
      n = parent;
    }
  }

  // ---------------------------------------------------------------- ResizeObserver
  // https://drafts.csswg.org/resize-observer/
  // The document's [[resizeObservers]]: every ResizeObserver made, in order.
  const resizeObservers = [];
  const roState = new WeakMap();
  const BOXES = ['content-box', 'border-box', 'device-pixel-content-box'];
  function roOf(v, what) {
    const s = roState.get(v);
    if (s === undefined) throw new TypeError(`Failed to execute '${what}' on 'ResizeObserver': Illegal invocation`);
    return s;
  }
  function isElement(v) { return v !== null && typeof v === 'object' && v.nodeType === 1 && v instanceof g.Element; }
  class ResizeObserver {
    // https://drafts.csswg.org/resize-observer/#dom-resizeobserver-resizeobserver
    constructor(callback) {
      if (arguments.length === 0) throw arity("construct 'ResizeObserver'", 1, 0);
      if (typeof callback !== 'function') throw new TypeError("Failed to construct 'ResizeObserver': parameter 1 is not of type 'Function'.");
      // Step 1. Let this.callback be callback. Step 2. Let
      // this.observationTargets be an empty list; activeTargets and
      // skippedTargets too. Step 3. Add this to document.resizeObservers.
      roState.set(this, { callback, observationTargets: [], activeTargets: [], skippedTargets: [] });
      resizeObservers.push(this);
      host.observersInUse();
    }
    // https://drafts.csswg.org/resize-observer/#dom-resizeobserver-observe
    observe(target, options = undefined) {
      const s = roOf(this, 'observe');
      if (arguments.length === 0) throw arity("execute 'observe' on 'ResizeObserver'", 1, 0);
      if (!isElement(target)) throw new TypeError("Failed to execute 'observe' on 'ResizeObserver': parameter 1 is not of type 'Element'.");
      const box = options === undefined || options === null || options.box === undefined ? 'content-box' : String(options.box);
      if (!BOXES.includes(box)) throw new TypeError(`Failed to execute 'observe' on 'ResizeObserver': Failed to read the 'box' property from 'ResizeObserverOptions': The provided value '${box}' is not a valid enum value of type ResizeObserverBoxOptions.`);
      // Step 1. If target is in observationTargets, call unobserve() with target.
      unobserve(s, target);
      // Step 2-4. Let resizeObservation be new ResizeObservation(target,
      // observedBox), and add it to observationTargets. Its
      // lastReportedSizes is [(-1, -1)]: the first gather finds it active.
      s.observationTargets.push({ target, observedBox: box, lastReportedSizes: [{ inlineSize: -1, blockSize: -1 }] });
      host.renderingChanged();
    }
    // https://drafts.csswg.org/resize-observer/#dom-resizeobserver-unobserve
    unobserve(target) {
      const s = roOf(this, 'unobserve');
      if (arguments.length === 0) throw arity("execute 'unobserve' on 'ResizeObserver'", 1, 0);
      if (!isElement(target)) throw new TypeError("Failed to execute 'unobserve' on 'ResizeObserver': parameter 1 is not of type 'Element'.");
      unobserve(s, target);
    }
    // https://drafts.csswg.org/resize-observer/#dom-resizeobserver-disconnect
    disconnect() {
      const s = roOf(this, 'disconnect');
      // Step 1-2. Clear the observationTargets and activeTargets lists.
      s.observationTargets = [];
      s.activeTargets = [];
      s.skippedTargets = [];
    }
  }
  function unobserve(s, target) {
    // Step 1-3. Remove the ResizeObservation of target, if any.
    s.observationTargets = s.observationTargets.filter((o) => o.target !== target);
  }
  const sizes = new WeakMap();
  class ResizeObserverSize {
    constructor() { throw new TypeError('Illegal constructor'); }
    get inlineSize() { return sizeOf(this).inlineSize; }
    get blockSize() { return sizeOf(this).blockSize; }
  }
  function sizeOf(v) {
    const s = sizes.get(v);
    if (s === undefined) throw new TypeError('Illegal invocation');
    return s;
  }
  function newSize(inlineSize, blockSize) {
    const size = Object.create(ResizeObserverSize.prototype);
    sizes.set(size, { inlineSize, blockSize });
    return size;
  }
  const entries = new WeakMap();
  class ResizeObserverEntry {
    constructor() { throw new TypeError('Illegal constructor'); }
    get target() { return entryOf(this).target; }
    get contentRect() { return entryOf(this).contentRect; }
    get borderBoxSize() { return entryOf(this).borderBoxSize; }
    get contentBoxSize() { return entryOf(this).contentBoxSize; }
    get devicePixelContentBoxSize() { return entryOf(this).devicePixelContentBoxSize; }
  }
  function entryOf(v) {
    const e = entries.get(v);
    if (e === undefined) throw new TypeError('Illegal invocation');
    return e;
  }
  // https://drafts.csswg.org/resize-observer/#calculate-box-size: every
  // box is empty (no layout).
  function boxSize(_target, _observedBox) { return { inlineSize: 0, blockSize: 0 }; }
  // https://drafts.csswg.org/resize-observer/#create-and-populate-resizeobserverentry-h
  function newResizeObserverEntry(target) {
    const entry = Object.create(ResizeObserverEntry.prototype);
    const size = (box) => { const b = boxSize(target, box); return Object.freeze([newSize(b.inlineSize, b.blockSize)]); };
    // Step 1-6. target, the three box sizes, and contentRect: the content
    // box at the padding's edges (all empty).
    const content = boxSize(target, 'content-box');
    entries.set(entry, {
      target,
      borderBoxSize: size('border-box'),
      contentBoxSize: size('content-box'),
      devicePixelContentBoxSize: size('device-pixel-content-box'),
      contentRect: new DOMRectReadOnly(0, 0, content.inlineSize, content.blockSize),
    });
    return entry;
  }
  // https://drafts.csswg.org/resize-observer/#dom-resizeobservation-isactive
  function isActive(observation) {
    // Step 1. Set currentSize by calculate box size given target and observedBox.
    const current = boxSize(observation.target, observation.observedBox);
    // Step 2. Return true if currentSize is not identical to lastReportedSizes[0].
    const last = observation.lastReportedSizes[0];
    return current.inlineSize !== last.inlineSize || current.blockSize !== last.blockSize;
  }
  define(g, { ResizeObserver, ResizeObserverEntry, ResizeObserverSize });

  // https://drafts.csswg.org/resize-observer/#gather-active-observations-h
  function gatherActiveResizeObservations(depth) {
    // Step 1. For each observer in document.resizeObservers:
    for (const observer of resizeObservers) {
      const s = roState.get(observer);
      // Step 1.1-1.2. Clear activeTargets and skippedTargets.
      s.activeTargets = [];
      s.skippedTargets = [];
      // Step 1.3. For each observation in observationTargets:
      for (const observation of s.observationTargets) {
        // Step 1.3.1. If observation.isActive() is true:
        if (!isActive(observation)) continue;
        // Step 1.3.1.1. Let targetDepth be the depth of its target.
        // Step 1.3.1.2-3. Deeper than depth: active; else skipped.
        if (depthOf(observation.target) > depth) s.activeTargets.push(observation);
        else s.skippedTargets.push(observation);
      }
    }
  }
  // https://drafts.csswg.org/resize-observer/#has-active-observations-h
  function hasActiveResizeObservations() {
    return resizeObservers.some((o) => roState.get(o).activeTargets.length > 0);
  }
  // https://drafts.csswg.org/resize-observer/#has-skipped-observations-h
  function hasSkippedResizeObservations() {
    return resizeObservers.some((o) => roState.get(o).skippedTargets.length > 0);
  }
  // https://drafts.csswg.org/resize-observer/#broadcast-active-resize-observations
  function broadcastActiveResizeObservations() {
    // Step 1. Let shallowestTargetDepth be ∞.
    let shallowestTargetDepth = Infinity;
    // Step 2. For each observer in document.resizeObservers:
    for (const observer of resizeObservers) {
      const s = roState.get(observer);
      // Step 2.1. If activeTargets is empty, continue.
      if (s.activeTargets.length === 0) continue;
      // Step 2.2. Let entries be an empty list of ResizeObserverEntries.
      const list = [];
      // Step 2.3. For each observation in activeTargets:
      for (const observation of s.activeTargets) {
        // Step 2.3.1-2. Create and populate an entry; add it to entries.
        const entry = newResizeObserverEntry(observation.target);
        list.push(entry);
        // Step 2.3.3. Set lastReportedSizes to the entry's sizes of the
        // observed box.
        const e = entries.get(entry);
        const reported = observation.observedBox === 'border-box' ? e.borderBoxSize
          : observation.observedBox === 'content-box' ? e.contentBoxSize : e.devicePixelContentBoxSize;
        observation.lastReportedSizes = reported.map((z) => ({ ...sizes.get(z) }));
        // Step 2.3.4-5. The shallowest target depth.
        shallowestTargetDepth = Math.min(shallowestTargetDepth, depthOf(observation.target));
      }
      // Step 2.4. Invoke observer.callback with entries and observer, and
      // observer as the callback this value; report an exception.
      host.invoke(s.callback, observer, [list, observer]);
      // Step 2.5. Clear observer.activeTargets.
      s.activeTargets = [];
    }
    // Step 3. Return shallowestTargetDepth.
    return shallowestTargetDepth;
  }
  // https://drafts.csswg.org/resize-observer/#deliver-resize-error
  function deliverResizeLoopError() {
    // Step 1. Create a new ErrorEvent with this message. Step 2. Report the
    // exception event: fired at the window, where script can see it (as
    // Chromium, jsloop writes nothing to the console when no listener
    // cancels it).
    const event = new g.ErrorEvent('error', { cancelable: true, message: 'ResizeObserver loop completed with undelivered notifications.', filename: g.document.URL, lineno: 0, colno: 0, error: null });
    web.fireTrusted(g, event);
  }

  // ---------------------------------------------------------------- IntersectionObserver
  // https://w3c.github.io/IntersectionObserver/
  // The document's IntersectionObservers that observe something, in the
  // order they first did.
  const intersectionObservers = [];
  const ioState = new WeakMap();
  function ioOf(v, what) {
    const s = ioState.get(v);
    if (s === undefined) throw new TypeError(`Failed to ${what} on 'IntersectionObserver': Illegal invocation`);
    return s;
  }
  // https://w3c.github.io/IntersectionObserver/#parse-a-margin: one to four
  // lengths in absolute units (made px) or percentages, as CSS's margin
  // shorthand expands them; the errors are Chromium's.
  const ABSOLUTE = { px: 1, in: 96, cm: 96 / 2.54, mm: 96 / 25.4, q: 96 / 101.6, pt: 96 / 72, pc: 16 };
  function parseMargin(text, which) {
    const tokens = String(text).trim().split(/\s+/).filter(Boolean);
    if (tokens.length === 0) tokens.push('0px');
    if (tokens.length > 4) throw new DOMException(`Failed to construct 'IntersectionObserver': Extra text found at the end of ${which}.`, 'SyntaxError');
    const values = tokens.map((t) => {
      const m = /^([+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)(px|in|cm|mm|q|pt|pc|%)$/i.exec(t);
      if (!m) throw new DOMException(`Failed to construct 'IntersectionObserver': ${which} must be specified in absolute length units or percent.`, 'SyntaxError');
      const unit = m[2].toLowerCase();
      return unit === '%' ? { value: Number(m[1]), unit: '%' } : { value: Number(m[1]) * ABSOLUTE[unit], unit: 'px' };
    });
    const [top, right = top, bottom = top, left = right] = values;
    return [top, right, bottom, left];
  }
  const serializeMargin = (m) => m.map((v) => `${v.value}${v.unit}`).join(' ');
  class IntersectionObserver {
    // https://w3c.github.io/IntersectionObserver/#initialize-a-new-intersectionobserver
    constructor(callback, options = undefined) {
      if (arguments.length === 0) throw arity("construct 'IntersectionObserver'", 1, 0);
      if (typeof callback !== 'function') throw new TypeError("Failed to construct 'IntersectionObserver': parameter 1 is not of type 'Function'.");
      const o = options ?? {};
      const root = o.root ?? null;
      if (root !== null && !isElement(root) && !(root instanceof g.Document)) {
        throw new TypeError("Failed to construct 'IntersectionObserver': Failed to read the 'root' property from 'IntersectionObserverInit': The provided value is not of type '(Document or Element)'.");
      }
      // Step 1-2. this.callback; rootMargin parsed (a SyntaxError if it fails).
      const rootMargin = parseMargin(o.rootMargin ?? '0px', 'rootMargin');
      // Step 3. scrollMargin, the same way.
      const scrollMargin = parseMargin(o.scrollMargin ?? '0px', 'scrollMargin');
      // Step 4. Let thresholds be a list equal to options.threshold (a
      // number is a list of one).
      const given = o.threshold === undefined ? [0] : typeof o.threshold === 'object' && o.threshold !== null && typeof o.threshold[Symbol.iterator] === 'function' ? [...o.threshold] : [o.threshold];
      const thresholds = given.map(Number);
      // Step 5. If a value in thresholds is less than 0.0 or greater than
      // 1.0, throw a RangeError.
      for (const t of thresholds) {
        if (!(t >= 0 && t <= 1)) throw new RangeError("Failed to construct 'IntersectionObserver': Threshold values must be numbers between 0 and 1");
      }
      // Step 6. Sort thresholds in ascending order. Step 7. An empty list is [0].
      thresholds.sort((a, b) => a - b);
      if (thresholds.length === 0) thresholds.push(0);
      // Step 8-11. delay and trackVisibility (a delay under 100 with
      // trackVisibility is 100).
      const trackVisibility = Boolean(o.trackVisibility);
      let delay = Number(o.delay ?? 0) || 0;
      if (trackVisibility && delay < 100) delay = 100;
      ioState.set(this, {
        callback, root, rootMargin, scrollMargin, thresholds: Object.freeze(thresholds), delay, trackVisibility,
        targets: [], registrations: new Map(), queuedEntries: [],
      });
    }
    get root() { return ioOf(this, "read the 'root' property").root; }
    get rootMargin() { return serializeMargin(ioOf(this, "read the 'rootMargin' property").rootMargin); }
    get scrollMargin() { return serializeMargin(ioOf(this, "read the 'scrollMargin' property").scrollMargin); }
    get thresholds() { return ioOf(this, "read the 'thresholds' property").thresholds; }
    get delay() { return ioOf(this, "read the 'delay' property").delay; }
    get trackVisibility() { return ioOf(this, "read the 'trackVisibility' property").trackVisibility; }
    // https://w3c.github.io/IntersectionObserver/#dom-intersectionobserver-observe
    observe(target) {
      const s = ioOf(this, "execute 'observe'");
      if (arguments.length === 0) throw arity("execute 'observe' on 'IntersectionObserver'", 1, 0);
      if (!isElement(target)) throw new TypeError("Failed to execute 'observe' on 'IntersectionObserver': parameter 1 is not of type 'Element'.");
      // Step 1. If target is in this's ObservationTargets, return.
      if (s.registrations.has(target)) return;
      // Step 2-4. A registration with previousThresholdIndex -1 and
      // previousIsIntersecting false, and target added to ObservationTargets.
      s.registrations.set(target, { previousThresholdIndex: -1, previousIsIntersecting: false, previousIsVisible: false, lastUpdateTime: -Infinity });
      s.targets.push(target);
      if (!intersectionObservers.includes(this)) intersectionObservers.push(this);
      host.observersInUse();
      host.renderingChanged();
    }
    // https://w3c.github.io/IntersectionObserver/#dom-intersectionobserver-unobserve
    unobserve(target) {
      const s = ioOf(this, "execute 'unobserve'");
      if (arguments.length === 0) throw arity("execute 'unobserve' on 'IntersectionObserver'", 1, 0);
      if (!isElement(target)) throw new TypeError("Failed to execute 'unobserve' on 'IntersectionObserver': parameter 1 is not of type 'Element'.");
      s.registrations.delete(target);
      s.targets = s.targets.filter((t) => t !== target);
    }
    // https://w3c.github.io/IntersectionObserver/#dom-intersectionobserver-disconnect
    disconnect() {
      const s = ioOf(this, "execute 'disconnect'");
      s.registrations.clear();
      s.targets = [];
    }
    // https://w3c.github.io/IntersectionObserver/#dom-intersectionobserver-takerecords
    takeRecords() {
      const s = ioOf(this, "execute 'takeRecords'");
      // Step 1-3. A copy of queuedEntries, which is cleared.
      const queue = s.queuedEntries;
      s.queuedEntries = [];
      return queue;
    }
  }
  const ioEntries = new WeakMap();
  class IntersectionObserverEntry {
    constructor(init = undefined) {
      if (arguments.length === 0) throw arity("construct 'IntersectionObserverEntry'", 1, 0);
      const i = init ?? {};
      const rect = (r) => (r === null || r === undefined ? null : DOMRectReadOnly.fromRect(r));
      ioEntries.set(this, {
        time: Number(i.time ?? 0), rootBounds: rect(i.rootBounds), boundingClientRect: rect(i.boundingClientRect) ?? new DOMRectReadOnly(),
        intersectionRect: rect(i.intersectionRect) ?? new DOMRectReadOnly(), isIntersecting: Boolean(i.isIntersecting),
        isVisible: Boolean(i.isVisible), intersectionRatio: Number(i.intersectionRatio ?? 0), target: i.target ?? null,
      });
    }
    get time() { return ioEntryOf(this).time; }
    get rootBounds() { return ioEntryOf(this).rootBounds; }
    get boundingClientRect() { return ioEntryOf(this).boundingClientRect; }
    get intersectionRect() { return ioEntryOf(this).intersectionRect; }
    get isIntersecting() { return ioEntryOf(this).isIntersecting; }
    get isVisible() { return ioEntryOf(this).isVisible; }
    get intersectionRatio() { return ioEntryOf(this).intersectionRatio; }
    get target() { return ioEntryOf(this).target; }
  }
  function ioEntryOf(v) {
    const e = ioEntries.get(v);
    if (e === undefined) throw new TypeError('Illegal invocation');
    return e;
  }
  define(g, { IntersectionObserver, IntersectionObserverEntry });

  // The root intersection rectangle: the viewport's for the implicit root,
  // the root element's (empty) box otherwise, grown by rootMargin
  // (percentages of the root's width and height).
  // https://w3c.github.io/IntersectionObserver/#intersectionobserver-root-intersection-rectangle
  function rootIntersectionRectangle(s) {
    const viewportRoot = s.root === null || s.root instanceof g.Document;
    const [w, h] = viewportRoot ? [VIEWPORT_WIDTH, VIEWPORT_HEIGHT] : [0, 0];
    const px = (m, of) => (m.unit === '%' ? (m.value * of) / 100 : m.value);
    const [top, right, bottom, left] = s.rootMargin;
    const x = -px(left, w);
    const y = -px(top, h);
    return { x, y, width: w + px(left, w) + px(right, w), height: h + px(top, h) + px(bottom, h) };
  }
  // https://w3c.github.io/IntersectionObserver/#run-the-update-intersection-observations-steps
  function updateIntersectionObservations(time) {
    // Step 1. Let observer list be the IntersectionObservers whose root is
    // in the DOM tree of document (and the implicit root's).
    // Step 2. For each observer in observer list:
    for (const observer of intersectionObservers) {
      const s = ioState.get(observer);
      if (s.root !== null && !(s.root instanceof g.Document) && !s.root.isConnected) continue;
      // Step 2.1. Let rootBounds be observer's root intersection rectangle.
      const rootBounds = rootIntersectionRectangle(s);
      // Step 2.2. For each target in observer's internal ObservationTargets slot:
      for (const target of s.targets) {
        const registration = s.registrations.get(target);
        // Step 2.2.1-2.2.3. The delay: skip the target if it was updated
        // less than delay ago.
        if (time - registration.lastUpdateTime < s.delay) continue;
        registration.lastUpdateTime = time;
        // Step 2.2.4. thresholdIndex 0, isIntersecting false, empty rects, isVisible false.
        let thresholdIndex = 0;
        let isIntersecting = false;
        let targetRect = { x: 0, y: 0, width: 0, height: 0 };
        let intersectionRect = { x: 0, y: 0, width: 0, height: 0 };
        let targetArea = 0;
        let intersectionArea = 0;
        let reportedRootBounds = { x: 0, y: 0, width: 0, height: 0 };
        // Step 2.2.5-2.2.6. Skip to Step 2.2.11 if the target is not being
        // rendered, not in the root's document, or (an element root) not
        // its descendant.
        const inRoot = s.root === null || s.root instanceof g.Document ? target.ownerDocument === (s.root ?? g.document) : s.root.contains(target) && s.root !== target;
        if (beingRendered(target) && inRoot) {
          // Step 2.2.7. targetRect: the target's bounding box (empty, at the origin).
          targetRect = { x: 0, y: 0, width: 0, height: 0 };
          // Step 2.2.8. intersectionRect: targetRect clipped by the root's rectangle.
          const x1 = Math.max(targetRect.x, rootBounds.x);
          const y1 = Math.max(targetRect.y, rootBounds.y);
          const x2 = Math.min(targetRect.x + targetRect.width, rootBounds.x + rootBounds.width);
          const y2 = Math.min(targetRect.y + targetRect.height, rootBounds.y + rootBounds.height);
          // Step 2.2.9. targetArea and intersectionArea.
          targetArea = targetRect.width * targetRect.height;
          // Step 2.2.10. isIntersecting if targetRect and rootBounds
          // intersect or are edge-adjacent, even with no area.
          isIntersecting = x1 <= x2 && y1 <= y2;
          if (isIntersecting) {
            intersectionRect = { x: x1, y: y1, width: x2 - x1, height: y2 - y1 };
            intersectionArea = intersectionRect.width * intersectionRect.height;
          }
          reportedRootBounds = rootBounds;
          // Step 2.2.11 (with 2.2.10's ratio). intersectionRatio: the areas'
          // quotient, or 1 when intersecting with no area; thresholdIndex:
          // the index of the first threshold above it (or their number).
          const ratio = targetArea > 0 ? intersectionArea / targetArea : isIntersecting ? 1 : 0;
          thresholdIndex = s.thresholds.findIndex((t) => t > ratio);
          if (thresholdIndex === -1) thresholdIndex = s.thresholds.length;
          registration.ratio = ratio;
        } else {
          registration.ratio = 0;
        }
        // Step 2.2.12. isVisible (trackVisibility: jsloop paints nothing over anything).
        const isVisible = s.trackVisibility && isIntersecting;
        // Step 2.2.13-2.2.15. A change of thresholdIndex, isIntersecting or
        // isVisible queues an IntersectionObserverEntry.
        if (thresholdIndex !== registration.previousThresholdIndex || isIntersecting !== registration.previousIsIntersecting || (s.trackVisibility && isVisible !== registration.previousIsVisible)) {
          const entry = Object.create(IntersectionObserverEntry.prototype);
          const r = (x) => new DOMRectReadOnly(x.x, x.y, x.width, x.height);
          ioEntries.set(entry, {
            time, rootBounds: r(reportedRootBounds), boundingClientRect: r(targetRect), intersectionRect: r(intersectionRect),
            isIntersecting, isVisible, intersectionRatio: registration.ratio, target,
          });
          queueIntersectionObserverEntry(observer, s, entry);
        }
        // Step 2.2.16-2.2.18. Remember what was reported.
        registration.previousThresholdIndex = thresholdIndex;
        registration.previousIsIntersecting = isIntersecting;
        registration.previousIsVisible = isVisible;
      }
    }
  }
  // https://w3c.github.io/IntersectionObserver/#queue-an-intersectionobserverentry
  let notifyQueued = false;
  function queueIntersectionObserverEntry(observer, s, entry) {
    // Step 1-2. Append entry to observer's queuedEntries.
    s.queuedEntries.push(entry);
    // Step 3. Queue an intersection observer task for document.
    // https://w3c.github.io/IntersectionObserver/#queue-intersection-observer-task
    // Step 1-2. If the document's IntersectionObserverTaskQueued flag is
    // set, return; else set it and queue a task on the IntersectionObserver
    // task source to notify intersection observers.
    if (notifyQueued) return;
    notifyQueued = true;
    host.queueTask('intersection-observer', 'notify intersection observers', notifyIntersectionObservers, undefined);
  }
  // https://w3c.github.io/IntersectionObserver/#notify-intersection-observers-algo
  function notifyIntersectionObservers() {
    // Step 1. Unset the IntersectionObserverTaskQueued flag.
    notifyQueued = false;
    // Step 2-3. For each observer in the document's observers:
    for (const observer of [...intersectionObservers]) {
      const s = ioState.get(observer);
      // Step 3.1. If queuedEntries is empty, continue.
      if (s.queuedEntries.length === 0) continue;
      // Step 3.2-3.3. Take a copy of queuedEntries and clear it.
      const queue = s.queuedEntries;
      s.queuedEntries = [];
      // Step 3.4. Invoke callback with queue and observer, observer as the
      // callback this value; report an exception.
      host.invoke(s.callback, observer, [queue, observer]);
    }
  }

  return {
    gatherActiveResizeObservations, hasActiveResizeObservations, broadcastActiveResizeObservations,
    hasSkippedResizeObservations, deliverResizeLoopError, updateIntersectionObservations,
  };
})
