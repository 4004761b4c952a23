// jsloop glue 30: the page. Loading it (scripts in document order, then
// DOMContentLoaded and load), requestAnimationFrame, requestIdleCallback,
// real user input, and jsloop's own namespace.
(function (host, g, con, web, dom) {
  'use strict';
  const define = (obj, props) => {
    for (const k of Object.keys(props)) {
      Object.defineProperty(obj, k, { value: props[k], writable: true, configurable: true, enumerable: false });
    }
  };
  const fire = (target, event, legacyTargetOverride = false) => (web.fireTrusted ? web.fireTrusted(target, event, legacyTargetOverride) : target.dispatchEvent(event));

  // ------------------------------------------------------------ animation frames
  // https://html.spec.whatwg.org/multipage/imagebitmap-and-animations.html#animation-frames
  define(g, {
    requestAnimationFrame(callback) {
      if (arguments.length === 0) throw new TypeError("Failed to execute 'requestAnimationFrame' on 'Window': 1 argument required, but only 0 present.");
      if (typeof callback !== 'function') throw new TypeError("Failed to execute 'requestAnimationFrame' on 'Window': parameter 1 is not of type 'Function'.");
      return host.requestAnimationFrame(callback);
    },
    cancelAnimationFrame(handle) {
      if (arguments.length === 0) throw new TypeError("Failed to execute 'cancelAnimationFrame' on 'Window': 1 argument required, but only 0 present.");
      host.cancelAnimationFrame(handle >>> 0);
    },
  });

  // ------------------------------------------------------------ idle callbacks
  // https://w3c.github.io/requestidlecallback/
  let constructing = false;
  class IdleDeadline {
    #deadline; #didTimeout;
    constructor(deadline = undefined, didTimeout = undefined) {
      if (!constructing) throw new TypeError('Illegal constructor');
      this.#deadline = deadline;
      this.#didTimeout = didTimeout;
    }
    // https://w3c.github.io/requestidlecallback/#the-timeremaining-method
    timeRemaining() {
      // Step 1. Let now be a DOMHighResTimeStamp representing current high resolution time.
      const now = host.now();
      // Step 2. Let deadline be the result of calling IdleDeadline's get deadline time algorithm.
      const deadline = this.#didTimeout ? this.#deadline : host.idleDeadline();
      // Step 3–4. Let timeRemaining be deadline - now; if negative, set it to 0.
      // Step 5. Return timeRemaining.
      // (Both times are whole nanoseconds: the difference is rounded to
      // whole nanoseconds, not left with the float subtraction's error,
      // 66.666666 - 16.666666 = 50.00000000000001.)
      return Math.max(0, Math.round((deadline - now) * 1e6) / 1e6);
    }
    get didTimeout() { return this.#didTimeout; }
  }
  function makeIdleDeadline(deadline, didTimeout) {
    constructing = true;
    try { return new IdleDeadline(deadline, didTimeout); } finally { constructing = false; }
  }
  define(g, {
    requestIdleCallback(callback, options = undefined) {
      if (arguments.length === 0) throw new TypeError("Failed to execute 'requestIdleCallback' on 'Window': 1 argument required, but only 0 present.");
      if (typeof callback !== 'function') throw new TypeError("Failed to execute 'requestIdleCallback' on 'Window': parameter 1 is not of type 'Function'.");
      if (options !== undefined && options !== null && typeof options !== 'object' && typeof options !== 'function') {
        throw new TypeError("Failed to execute 'requestIdleCallback' on 'Window': The provided value is not of type 'IdleRequestOptions'.");
      }
      const timeout = options === undefined || options === null ? 0 : Number(options.timeout ?? 0) >>> 0;
      // https://w3c.github.io/requestidlecallback/#start-an-idle-period-algorithm
      // runs only for windows whose document is fully active: a removed
      // iframe's window keeps its callbacks, which never run.
      if (detached) return ++detachedIdleHandles;
      if (iframeLoaded === null && web.navigable.parent === null) return host.requestIdleCallback(callback, timeout > 0 ? timeout : undefined);
      return host.requestIdleCallback(function idleCallback() {
        if (!detached) return Reflect.apply(callback, this, arguments);
      }, timeout > 0 ? timeout : undefined);
    },
    cancelIdleCallback(handle) {
      if (arguments.length === 0) throw new TypeError("Failed to execute 'cancelIdleCallback' on 'Window': 1 argument required, but only 0 present.");
      host.cancelIdleCallback(handle >>> 0);
    },
    IdleDeadline,
  });

  // ------------------------------------------------------------ real user input
  function resolveTarget(target) {
    if (target && typeof target === 'object') return target;
    if (!dom.document) return null;
    return dom.document.querySelector(String(target));
  }
  // One --input action, run as a task on the user interaction task source.
  // Listeners are called by the host (no script on the stack), so a
  // microtask checkpoint runs after each one.
  function dispatchInput(type, target, detail) {
    const el = resolveTarget(target);
    if (!el) return false;
    const Mouse = g.MouseEvent || g.Event;
    const init = { bubbles: true, cancelable: true, composed: true, view: g, detail: 1, button: 0 };
    switch (type) {
      case 'click': {
        // A primary-button click with a mouse, as the user agent fires it
        // (recorded from Chromium 156: tests/pages/real_click_fires_pointer_and_mouse_events_before_click):
        // https://w3c.github.io/pointerevents/#the-pointerdown-event (fired
        // before the compatibility mousedown), https://w3c.github.io/uievents/#events-mouseevent-event-order
        // (mousedown, mouseup, then click), and https://w3c.github.io/pointerevents/#the-click-auxclick-and-contextmenu-events
        // (click is a PointerEvent). Each is its own dispatch of a trusted
        // event; pointer events carry detail 0, mouse events and click the click count 1.
        const Pointer = g.PointerEvent || Mouse;
        const pointer = { pointerId: 1, pointerType: 'mouse', isPrimary: true, width: 1, height: 1 };
        fire(el, new Pointer('pointerdown', Object.assign({}, init, pointer, { detail: 0, buttons: 1, pressure: 0.5 })));
        fire(el, new Mouse('mousedown', Object.assign({}, init, { buttons: 1 })));
        fire(el, new Pointer('pointerup', Object.assign({}, init, pointer, { detail: 0, buttons: 0, pressure: 0 })));
        fire(el, new Mouse('mouseup', Object.assign({}, init, { buttons: 0 })));
        if (dom.userClick) dom.userClick(el);
        else fire(el, new Mouse('click', init));
        break;
      }
      case 'mousedown': case 'mouseup': case 'mousemove': case 'dblclick':
        fire(el, new Mouse(type, init));
        break;
      case 'keydown': case 'keyup': {
        const Key = g.KeyboardEvent || g.Event;
        const ev = new Key(type, { bubbles: true, cancelable: true, composed: true, key: String(detail ?? '') });
        if (!g.KeyboardEvent) Object.defineProperty(ev, 'key', { value: String(detail ?? '') });
        fire(el, ev);
        break;
      }
      case 'input':
        if (detail !== undefined) el.value = String(detail);
        fire(el, new Event('input', { bubbles: true, composed: true }));
        break;
      default:
        fire(el, new Event(type, { bubbles: true, cancelable: true }));
    }
    return true;
  }

  // jsloop's own namespace (not a web API): queue the task real input would.
  const jsloop = {
    userClick(target) {
      if (arguments.length === 0) throw new TypeError('jsloop.userClick(target): target (an element or a selector) is required');
      const label = 'user click on ' + (typeof target === 'string' ? target : (dom.describe ? dom.describe(target) : 'an element'));
      host.queueTask('user-interaction', label, () => {
        if (!dispatchInput('click', target)) host.uncaught('jsloop.userClick: no element matches ' + con.inspect(target));
      }, undefined);
    },
  };
  Object.defineProperty(g, 'jsloop', { value: Object.freeze(jsloop), configurable: true, writable: false, enumerable: false });

  // ------------------------------------------------------------ location
  // https://html.spec.whatwg.org/multipage/nav-history-apis.html#the-location-interface
  // A local page's URL is file://… and its origin opaque ("null"); a page
  // served with --root is at http://127.0.0.1:8000/…. Navigation to another
  // document is not done: assign, replace and reload do nothing; the
  // History API changes the URL within the document.
  const urlParts = (href) => {
    const m = /^([a-z][a-z0-9+.-]*:)(?:\/\/([^/?#]*))?([^?#]*)(\?[^#]*)?(#.*)?$/i.exec(href) || [];
    const [hostname, port] = (m[2] || '').split(':');
    return {
      href, protocol: m[1] || '', host: m[2] || '', hostname: hostname || '', port: port || '',
      pathname: m[3] || '', search: m[4] && m[4] !== '?' ? m[4] : '', hash: m[5] && m[5] !== '#' ? m[5] : '',
      origin: m[1] === 'http:' || m[1] === 'https:' ? m[1] + '//' + m[2] : 'null',
    };
  };
  let parts = urlParts(host.documentURL);
  // https://dom.spec.whatwg.org/#concept-document-url: the page's URL.
  function setDocumentURL(href) {
    parts = urlParts(href);
    dom.setDocumentURL(href);
  }
  setDocumentURL(parts.href);
  class Location {
    constructor() { throw new TypeError("Failed to construct 'Location': Illegal constructor"); }
  }
  const location = Object.create(Location.prototype);
  // Location's members are [LegacyUnforgeable]: own properties of the object.
  for (const k of Object.keys(parts)) Object.defineProperty(location, k, { get() { return parts[k]; }, enumerable: true, configurable: false });
  for (const k of ['assign', 'replace', 'reload']) Object.defineProperty(location, k, { value() {}, enumerable: true, configurable: false });
  Object.defineProperty(location, 'toString', { value() { return parts.href; }, enumerable: true, configurable: false });
  Object.defineProperty(location, 'ancestorOrigins', { get() { return []; }, enumerable: true, configurable: false });
  define(g, { Location });
  Object.defineProperty(g, 'location', { get: () => location, set(v) {}, enumerable: true, configurable: false });
  if (dom.document) Object.defineProperty(dom.document, 'location', { get: () => location, configurable: true });

  // ------------------------------------------------------------ history
  // https://html.spec.whatwg.org/multipage/nav-history-apis.html#the-history-interface
  // The page's session history: its entries (URL, serialized state) and the
  // current one. (A page's history starts with its own entry.)
  const entries = [{ url: parts.href, state: null }];
  let current = 0;
  // https://html.spec.whatwg.org/multipage/nav-history-apis.html#dom-history-state:
  // the history's state, deserialized once per entry change.
  let historyState = null;
  let scrollRestoration = 'auto';
  const { Event, fireTrusted, DOMException } = web;
  // https://html.spec.whatwg.org/multipage/nav-history-apis.html#the-popstateevent-interface
  class PopStateEvent extends Event {
    #state; #hasUAVisualTransition;
    constructor(type, eventInitDict = undefined) {
      if (arguments.length === 0) throw new TypeError("Failed to construct 'PopStateEvent': 1 argument required, but only 0 present.");
      super(type, eventInitDict);
      this.#state = eventInitDict == null || eventInitDict.state === undefined ? null : eventInitDict.state;
      this.#hasUAVisualTransition = eventInitDict != null && !!eventInitDict.hasUAVisualTransition;
    }
    get state() { return this.#state; }
    get hasUAVisualTransition() { return this.#hasUAVisualTransition; }
  }
  let makingHistory = false;
  class History {
    constructor() {
      if (!makingHistory) throw new TypeError("Failed to construct 'History': Illegal constructor");
    }
    // https://html.spec.whatwg.org/multipage/nav-history-apis.html#dom-history-length
    get length() { return entries.length; }
    get scrollRestoration() { return scrollRestoration; }
    set scrollRestoration(v) {
      const s = String(v);
      // (An invalid enumeration value is ignored: a setter does not throw.)
      if (s === 'auto' || s === 'manual') scrollRestoration = s;
    }
    get state() { return historyState; }
    // https://html.spec.whatwg.org/multipage/nav-history-apis.html#dom-history-go
    go(delta = 0) {
      // Step 3. If delta is 0, reload (no other document is loaded here).
      const d = Math.trunc(Number(delta)) || 0;
      if (d !== 0) traverseByDelta(d);
    }
    back() { traverseByDelta(-1); }
    forward() { traverseByDelta(1); }
    // https://html.spec.whatwg.org/multipage/nav-history-apis.html#dom-history-pushstate
    pushState(data, unused, url = null) {
      if (arguments.length < 2) throw new TypeError(`Failed to execute 'pushState' on 'History': 2 arguments required, but only ${arguments.length} present.`);
      sharedPushReplaceStateSteps('pushState', data, url, 'push');
    }
    // https://html.spec.whatwg.org/multipage/nav-history-apis.html#dom-history-replacestate
    replaceState(data, unused, url = null) {
      if (arguments.length < 2) throw new TypeError(`Failed to execute 'replaceState' on 'History': 2 arguments required, but only ${arguments.length} present.`);
      sharedPushReplaceStateSteps('replaceState', data, url, 'replace');
    }
  }
  // https://html.spec.whatwg.org/multipage/nav-history-apis.html#can-have-its-url-rewritten
  function canHaveItsURLRewritten(documentURL, targetURL) {
    const d = new URL(documentURL), t = new URL(targetURL);
    // Step 1-2. Different username, password, host or port: false.
    if (d.protocol !== t.protocol || d.username !== t.username || d.password !== t.password || d.host !== t.host) return false;
    // Step 3. An http(s) URL: true.
    if (t.protocol === 'http:' || t.protocol === 'https:') return true;
    // Step 4. A file URL whose path differs: false.
    if (t.protocol === 'file:' && d.pathname !== t.pathname) return false;
    // Step 5. Any other URL whose path or query differ: false.
    if (t.protocol !== 'file:' && (d.pathname !== t.pathname || d.search !== t.search)) return false;
    return true;
  }
  // https://html.spec.whatwg.org/multipage/nav-history-apis.html#shared-history-push/replace-state-steps
  function sharedPushReplaceStateSteps(op, data, url, historyHandling) {
    const context = `Failed to execute '${op}' on 'History'`;
    // Step 4. Let serializedData be StructuredSerializeForStorage(data).
    // (Deserialized here at once: the history's state is that copy.)
    const state = web.structuredCopy(data, context);
    // Step 5. Let newURL be document's URL.
    let newURL = parts.href;
    // Step 6. If url is not null or the empty string: parse it relative to
    // the document; failure is a "SyntaxError" DOMException; a URL the
    // document cannot have is a "SecurityError" DOMException.
    if (url !== null && url !== undefined && String(url) !== '') {
      let parsed;
      try { parsed = new URL(String(url), parts.href).href; } catch (_) {
        throw new DOMException(`${context}: A history state object with URL '${String(url)}' cannot be created in a document with origin '${parts.origin}' and URL '${parts.href}'.`, 'SyntaxError');
      }
      if (!canHaveItsURLRewritten(parts.href, parsed)) {
        throw new DOMException(`${context}: A history state object with URL '${parsed}' cannot be created in a document with origin '${parts.origin}' and URL '${parts.href}'.`, 'SecurityError');
      }
      newURL = parsed;
    }
    // Step 8. Run the URL and history update steps given document and
    // newURL, with serializedData and historyHandling.
    urlAndHistoryUpdateSteps(newURL, state, historyHandling);
  }
  // https://html.spec.whatwg.org/multipage/browsing-the-web.html#url-and-history-update-steps
  function urlAndHistoryUpdateSteps(newURL, state, historyHandling) {
    const entry = { url: newURL, state };
    if (historyHandling === 'push') {
      // A new entry after the current one; the entries after it go.
      entries.splice(current + 1, entries.length, entry);
      current += 1;
    } else {
      entries[current] = entry;
    }
    // Set document's URL to newURL; the history's state is the entry's.
    setDocumentURL(newURL);
    historyState = state;
  }
  // https://html.spec.whatwg.org/multipage/browsing-the-web.html#traverse-the-history-by-a-delta:
  // the traversal is appended to the session history traversal queue and
  // applied in parallel; here, in a task on the navigation and traversal
  // task source, where "update document for history step application" fires
  // popstate, and queues hashchange when the fragment changed.
  function traverseByDelta(delta) {
    host.queueTask('navigation-and-traversal', `history traversal by ${delta}`, () => {
      const target = current + delta;
      // (A step outside the session history does nothing.)
      if (target < 0 || target >= entries.length) return;
      const oldURL = parts.href;
      current = target;
      const entry = entries[target];
      setDocumentURL(entry.url);
      historyState = entry.state;
      // Fire popstate at the window, its state the history's state.
      fireTrusted(g, new PopStateEvent('popstate', { state: historyState }));
      // If oldURL's fragment differs from the entry's URL's, queue a global
      // task on the DOM manipulation task source to fire hashchange.
      // (Chromium fires it only when nothing but the fragment changed:
      // docs/deviations.md.)
      const fragment = (u) => { const i = u.indexOf('#'); return i < 0 ? null : u.slice(i + 1); };
      if (fragment(oldURL) !== fragment(entry.url)) {
        const newURL = entry.url;
        host.queueTask('dom-manipulation', 'fire hashchange', () => {
          fireTrusted(g, new g.HashChangeEvent('hashchange', { oldURL, newURL }));
        }, undefined);
      }
    }, undefined);
  }
  makingHistory = true;
  const history = new History();
  makingHistory = false;
  define(g, { History, PopStateEvent });
  Object.defineProperty(g, 'history', { get: function history_() { return history; }, enumerable: true, configurable: true });

  // ------------------------------------------------------------ loading the page
  const CLASSIC = /^(|text\/javascript|application\/javascript|text\/ecmascript|application\/ecmascript|application\/x-javascript|text\/jscript|text\/livescript|text\/x-javascript)$/i;
  let readiness = 'loading';
  if (dom.document && !('readyState' in dom.document)) {
    Object.defineProperty(dom.document, 'readyState', { get: () => readiness, configurable: true });
  }
  function setReadiness(state) {
    readiness = state;
    if (dom.document) {
      if (dom.setReadyState) dom.setReadyState(state);
      fire(dom.document, new Event('readystatechange'));
    }
  }

  // "Prepare the script element" and "execute the script element" for a
  // classic script the parser has just inserted.
  const deferred = [];
  let currentScript = null;
  if (dom.document) Object.defineProperty(dom.document, 'currentScript', { get: () => currentScript, configurable: true });
  function runScriptElement(el, node) {
    const type = el.getAttribute('type');
    const language = el.getAttribute('language');
    // A module script is deferred: it runs after the document is parsed, in
    // order with the defer scripts, before DOMContentLoaded.
    if (type !== null && type.trim().toLowerCase() === 'module') {
      if (!deferredPhase) { deferred.push([el, node]); return; }
      currentScript = null;
      executeModuleScript(el, node);
      return;
    }
    if (type !== null ? !CLASSIC.test(type.trim()) : language !== null && language !== '' && !/^javascript$/i.test(language)) return;
    // A parser-inserted classic script with src and defer runs after the
    // document is parsed, in order, before DOMContentLoaded.
    if (el.hasAttribute('src') && el.hasAttribute('defer') && !el.hasAttribute('async') && !deferredPhase) {
      deferred.push([el, node]);
      return;
    }
    currentScript = el;
    try {
      executeScriptElement(el, node);
    } finally {
      currentScript = null;
    }
  }
  let deferredPhase = false;
  // A script's src, fetched (read beside the page); on failure, an error
  // event at the element, a warning, and null.
  function fetchScript(el, what) {
    const src = el.getAttribute('src');
    try {
      // A blob: URL is this realm's (the blob URL store); others are read
      // by the host (files, data: URLs).
      if (/^blob:/i.test(src)) {
        const text = web.blobURLText(src);
        if (text === null) throw new Error('no blob at this URL');
        return text;
      }
      return host.readScript(src);
    } catch (e) {
      host.warn('jsloop: ' + host.scriptName + ': <script' + what + ' src="' + src + '">: ' + e.message + ' (an error event is fired at the script element; the page goes on)');
      fire(el, new Event('error'));
      return null;
    }
  }
  // The name a script's errors and stack give as its place: a served
  // page's script has its URL (https://html.spec.whatwg.org/multipage/webappapis.html#concept-script-base-url);
  // a local page's, the path as written.
  const scriptNameOf = (src) => (host.served && !/^(data|blob):/i.test(src) ? host.scriptURL(src) : src);
  // (An about:srcdoc document's inline scripts are named by its URL.)
  const inlineName = host.served || /^about:/.test(host.documentURL) ? host.documentURL : host.scriptName;
  function executeScriptElement(el, node) {
    if (el.hasAttribute('src')) {
      const src = el.getAttribute('src');
      const source = fetchScript(el, '');
      if (source === null) return;
      const outer = web.runningScriptIs(scriptNameOf(src));
      try { host.runScript(source, scriptNameOf(src), 1, 1); } finally { web.runningScriptIs(outer); }
      fire(el, new Event('load'));
    } else {
      const outer = web.runningScriptIs(inlineName);
      try { host.runScript(el.textContent, inlineName, node.line || 1, node.column || 1); } finally { web.runningScriptIs(outer); }
    }
  }

  // https://html.spec.whatwg.org/multipage/scripting.html#prepare-the-script-element
  // for a script inserted by script (not the parser): an inline classic
  // script runs at once, inside the inserting call; one with src, or a
  // module, runs later in a task of its own. A script with no text and no
  // src is not started, so giving it text later runs it then.
  const parserInserted = new WeakSet();
  const started = new WeakSet();
  if (dom.setScriptHook) dom.setScriptHook((el) => {
    if (parserInserted.has(el) || started.has(el)) return;
    // https://html.spec.whatwg.org/multipage/scripting.html#prepare-the-script-element
    // Step 6. If el is not connected, then return. Step 31 (scripting is
    // disabled): a document with no browsing context, such as one made
    // by new Document() or createHTMLDocument(), runs no script.
    if (!el.isConnected || el.ownerDocument !== dom.document) return;
    const type = el.getAttribute('type');
    const language = el.getAttribute('language');
    const isModule = type !== null && type.trim().toLowerCase() === 'module';
    if (!isModule && (type !== null ? !CLASSIC.test(type.trim()) : language !== null && language !== '' && !/^javascript$/i.test(language))) return;
    if (!el.hasAttribute('src') && el.textContent === '') return;
    started.add(el);
    if (isModule) {
      host.queueTask('networking', 'run an inserted module script', () => executeModuleScript(el, { line: 1, column: 1 }), undefined);
    } else if (el.hasAttribute('src')) {
      // Fetching takes a task of its own; running the script another (an
      // inline module inserted after it is ready sooner, as in browsers).
      const src = el.getAttribute('src');
      host.queueTask('networking', 'fetch an inserted script (' + src + ')', () => {
        host.queueTask('networking', 'run an inserted script (' + src + ')', () => {
          const outer = currentScript;
          currentScript = el;
          try { executeScriptElement(el, { line: 1, column: 1 }); } finally { currentScript = outer; }
        }, undefined);
      }, undefined);
    } else {
      const outer = currentScript;
      currentScript = el;
      try { host.runScript(el.textContent, inlineName, 1, 1); } finally { currentScript = outer; }
    }
  });

  // https://html.spec.whatwg.org/multipage/webappapis.html#run-a-module-script
  // (document.currentScript is null while a module runs).
  function executeModuleScript(el, node) {
    if (el.hasAttribute('src')) {
      const src = el.getAttribute('src');
      const source = fetchScript(el, ' type="module"');
      if (source === null) return;
      host.runModule(source, src, 1, 1, true);
      fire(el, new Event('load'));
    } else {
      host.runModule(el.textContent, host.scriptName, node.line || 1, node.column || 1);
    }
  }

  // The parser, replayed from html5ever's tree: nodes are inserted in
  // document order, and each script runs when its end tag is reached, so it
  // sees exactly the part of the page above it.
  function insert(parent, node) {
    // Without recursion: a page may nest elements very deeply. Each frame
    // is [parent element, its tree node, index of the next child].
    const stack = [];
    const make = (into, n) => {
      const document = dom.document;
      let child;
      switch (n.t) {
        case 'doctype':
          if (dom.buildFromTree) into.appendChild(dom.buildFromTree(n));
          return;
        case 'text': child = document.createTextNode(n.data); break;
        case 'comment': child = document.createComment(n.data); break;
        case 'element': {
          child = document.createElement(n.name);
          // The parser's scripts run at their end tag (below), not on insertion.
          if (n.name === 'script') parserInserted.add(child);
          for (const [name, value] of n.attrs) child.setAttribute(name, value);
          break;
        }
        default: return;
      }
      into.appendChild(child);
      if (n.t === 'element') stack.push([child, n, 0]);
    };
    make(parent, node);
    while (stack.length) {
      const top = stack[stack.length - 1];
      const [el, n] = top;
      if (top[2] < n.children.length) {
        make(el, n.children[top[2]++]);
      } else {
        stack.pop();
        // The end tag: a script runs now, seeing the page above it, after a
        // microtask checkpoint (https://html.spec.whatwg.org/multipage/parsing.html#scriptEndTag:
        // mutation records of what the parser inserted are delivered first).
        if (n.name === 'script') {
          host.parserMicrotaskCheckpoint();
          runScriptElement(el, n);
        }
      }
    }
  }

  // The paint's list of what changed. The first paint of a parsed page
  // shows the page, not every node the parser inserted.
  let firstPaint = false;
  function takePaintChanges() {
    const changes = dom.takeRenderingChanges ? dom.takeRenderingChanges() : [];
    if (!firstPaint) return changes;
    firstPaint = false;
    return ['first paint of the parsed page'];
  }

  function loadPage(tree) {
    const document = dom.document;
    if (tree && document) {
      while (document.firstChild) document.removeChild(document.firstChild);
      for (const c of tree.children) insert(document, c);
      firstPaint = true;
      host.renderingChanged();
    } else {
      host.runMain();
    }
    // https://html.spec.whatwg.org/multipage/parsing.html#the-end
    // Step 3. Update the current document readiness to "interactive".
    setReadiness('interactive');
    // Step 5. Run the list of scripts that will execute when the document has
    // finished parsing (defer), each followed by a microtask checkpoint.
    deferredPhase = true;
    for (const [el, node] of deferred.splice(0)) runScriptElement(el, node);
    // Step 6. Queue a global task on the DOM manipulation task source to fire
    // DOMContentLoaded at the Document (bubbles: true).
    host.queueTask('dom-manipulation', 'fire DOMContentLoaded', () => {
      if (document) fire(document, new Event('DOMContentLoaded', { bubbles: true }));
    }, undefined);
    // Step 7–8. Once nothing delays the load event (an iframe whose document
    // is still loading does), queue a global task on the DOM manipulation
    // task source: readiness "complete", fire load at the window.
    loadEventReady = queueLoadTask;
    if (loadDelayers === 0) queueLoadTask();
  }
  // Iframes of this document whose document has not finished loading: they
  // delay the load event (https://html.spec.whatwg.org/multipage/iframe-embed-object.html#the-iframe-element,
  // "delays the load event of the element's node document").
  let loadDelayers = 0;
  let loadEventReady = null;
  function queueLoadTask() {
    loadEventReady = null;
    host.queueTask('dom-manipulation', 'fire load', () => {
      setReadiness('complete');
      // "fire an event named load at window, with legacy target override"
      // (the event's target is the Document).
      fire(g, new Event('load'), true);
      // Step 7.8-7.10. Set the Document's page showing to true and fire a
      // page transition event named pageshow at window with false
      // (https://html.spec.whatwg.org/multipage/nav-history-apis.html#fire-a-page-transition-event:
      // PageTransitionEvent, persisted false, bubbles and cancelable true,
      // legacy target override).
      fire(g, new g.PageTransitionEvent('pageshow', { persisted: false, bubbles: true, cancelable: true }), true);
      // Step 11 (completely finish loading): if the container is an iframe,
      // its load event steps are queued in the parent's window.
      if (iframeLoaded !== null) iframeLoaded();
    }, undefined);
  }

  // ------------------------------------------------------------ iframes
  // This window as an iframe's: what its parent's window asks of it.
  // https://html.spec.whatwg.org/multipage/document-sequences.html#create-a-new-child-navigable
  let iframeLoaded = null;
  const frame = {
    window: g,
    document: dom.document,
    // The child navigable's parent and container (the iframe element);
    // the window joins its parent's agent (about:blank and about:srcdoc
    // documents have their parent's origin).
    attach(parentWindow, container, parentAgent, inheritOrigin, onLoaded) {
      web.navigable.parent = parentWindow;
      web.navigable.container = container;
      web.adoptAgent(parentAgent, parentWindow, inheritOrigin);
      iframeLoaded = onLoaded;
    },
    // The initial about:blank document, complete at once.
    blank() { readiness = 'complete'; if (dom.setReadyState) dom.setReadyState('complete'); },
    // The navigation's response: parse the document and run its scripts.
    load(tree) { loadPage(tree); },
    // https://html.spec.whatwg.org/multipage/document-sequences.html#destroy-a-child-navigable
    // (the iframe was removed: the window has no navigable any more).
    detach() { web.navigable.parent = null; web.navigable.container = null; iframeLoaded = null; detached = true; },
  };
  let detached = false;
  let detachedIdleHandles = 0;

  // This document's iframes: each, once connected, gets a child navigable
  // whose window is a realm of its own in this event loop.
  const frames = new WeakMap();
  if (dom.setFrameHook) dom.setFrameHook((el, inserted) => {
    if (el.ownerDocument !== dom.document) return;
    if (inserted === 'navigate') {
      // A new document for the iframe: a new window (the old one is
      // discarded), then the document as on insertion, but an about:blank
      // one loads in a task, not at once.
      if (!frames.has(el)) return;
      iframeRemoved(el);
      iframeInserted(el, false);
    } else if (inserted) iframeInserted(el, true);
    else iframeRemoved(el);
  });
  // https://html.spec.whatwg.org/multipage/iframe-embed-object.html#the-iframe-element:html-element-insertion-steps
  function iframeInserted(el, initialInsertion) {
    if (frames.has(el) || detached) return;
    // Step 3. Process the iframe attributes for element, with
    // initialInsertion set to true (decided first: the window is made for
    // its URL): srcdoc, else src parsed relative to the document, else
    // about:blank.
    const srcdoc = el.getAttribute('srcdoc');
    const src = el.getAttribute('src');
    let url = 'about:blank', path = host.scriptName, source = null;
    if (srcdoc !== null) {
      url = 'about:srcdoc';
      source = srcdoc;
    } else if (src !== null && src !== '') {
      let parsed = null;
      try { parsed = new g.URL(src, host.documentURL).href; } catch {}
      if (parsed !== null && parsed !== 'about:blank') {
        try { source = host.readScript(src); } catch (e) {
          host.warn('jsloop: ' + host.scriptName + ': <iframe src="' + src + '">: ' + e.message + ' (the iframe shows an empty document)');
          source = '';
        }
        // (A data: URL document has an opaque origin of its own.)
        path = /^data:/i.test(parsed) ? host.scriptName : host.locate(src);
        url = host.served && !/^data:/i.test(parsed) ? host.scriptURL(src) : parsed;
      }
    }
    // Step 1. Create a new child navigable for element (its window, a new
    // realm, and its document).
    let child;
    try { child = host.createChildWindow(url, path); } catch (e) {
      host.warn('jsloop: ' + host.scriptName + ': could not make an iframe\'s window: ' + e);
      return;
    }
    frames.set(el, child);
    child.attach(g, el, web.agent(), source === null || srcdoc !== null, () => {
      // https://html.spec.whatwg.org/multipage/document-lifecycle.html#completely-finish-loading
      // Step 5: queue an element task on the DOM manipulation task source
      // given container to run the iframe load event steps.
      host.queueTask('dom-manipulation', 'iframe load event steps', () => iframeLoadEventSteps(el), undefined);
    });
    updateChildNavigables();
    if (source === null && initialInsertion) {
      // https://html.spec.whatwg.org/multipage/iframe-embed-object.html#process-the-iframe-attributes
      // Step 2.2: url matches about:blank and initialInsertion is true: run
      // the iframe load event steps given element, now.
      child.blank();
      iframeLoadEventSteps(el);
      return;
    }
    if (source === null) {
      // A navigation to about:blank: the empty document, loaded in a task.
      child.blank();
      host.queueTask('navigation-and-traversal', 'navigate an iframe (about:blank)', () => {
        if (frames.get(el) === child) iframeLoadEventSteps(el);
      }, undefined);
      return;
    }
    // Otherwise navigate: the response is processed in a task on the
    // networking task source; the new document is parsed and its scripts
    // run in the child's window (which keeps the window of the initial
    // about:blank document: same origin).
    const tree = host.parseHTML(source, false);
    // Until its document has loaded, the iframe delays this document's load
    // event (while this document is still loading).
    if (readiness !== 'complete') { loadDelayers++; delaying.add(el); }
    // (The navigation ends in a task on the navigation and traversal task
    // source, https://html.spec.whatwg.org/multipage/browsing-the-web.html#navigate;
    // the new document is then parsed in a task on the networking task
    // source, as the page was.)
    host.queueTask('navigation-and-traversal', 'navigate an iframe (' + url + ')', () => {
      if (frames.get(el) !== child) return;
      host.queueTask('networking', 'parse the iframe\'s document (' + url + ')', () => {
        if (frames.get(el) === child) child.load(tree);
      }, undefined);
    }, undefined);
  }
  // https://html.spec.whatwg.org/multipage/iframe-embed-object.html#iframe-load-event-steps
  function iframeLoadEventSteps(el) {
    // Step 1. Assert: element's content navigable is not null.
    if (!frames.has(el)) return;
    // (The child document is completely loaded: it no longer delays this
    // document's load event, whose task is queued before the element's
    // load listeners run, as Chromium orders them.)
    stopDelaying(el);
    // Step 5. Fire an event named load at element.
    fire(el, new Event('load'));
  }
  const delaying = new WeakSet();
  function stopDelaying(el) {
    if (!delaying.has(el)) return;
    delaying.delete(el);
    loadDelayers--;
    if (loadDelayers === 0 && loadEventReady !== null) loadEventReady();
  }
  // https://html.spec.whatwg.org/multipage/iframe-embed-object.html#the-iframe-element:html-element-removing-steps
  // (destroy a child navigable: the window is no longer the iframe's).
  function iframeRemoved(el) {
    const child = frames.get(el);
    if (!child) return;
    frames.delete(el);
    child.detach();
    stopDelaying(el);
    updateChildNavigables();
  }
  // The document-tree child navigables, in tree order (window[0], …).
  function updateChildNavigables() {
    const list = [];
    for (const el of dom.document.getElementsByTagName('iframe')) {
      const c = frames.get(el);
      if (c) list.push(c.window);
    }
    web.setChildNavigables(list);
  }
  if (g.HTMLIFrameElement) {
    Object.defineProperties(g.HTMLIFrameElement.prototype, {
      // https://html.spec.whatwg.org/multipage/iframe-embed-object.html#dom-iframe-contentwindow
      contentWindow: { get() { const c = frames.get(this); return c ? c.window : null; }, enumerable: true, configurable: true },
      // https://html.spec.whatwg.org/multipage/iframe-embed-object.html#dom-iframe-contentdocument
      // (same origin: the active document).
      contentDocument: { get() { const c = frames.get(this); return c ? c.document : null; }, enumerable: true, configurable: true },
    });
  }

  return { loadPage, makeIdleDeadline, dispatchInput, takePaintChanges, frame };
})
