// jsloop glue 20: the DOM (Document, Element, Text, ...), event propagation
// through the tree, MutationObserver, and the rendering-change notes the
// page's paint step reads.
// Evaluated once per realm as (host, g, con, web); `web` is what
// 10_browser.js returns (Event, EventTarget, dispatch, hooks, ...).
(function (host, g, con, web) {
  'use strict';
  const { Event, EventTarget, DOMException, define, hooks, eventInternals, EVENT_STATE, dispatch, fireTrusted, defineEventHandler } = web;

  const HTML_NS = 'http://www.w3.org/1999/xhtml';
  const ELEMENT_NODE = 1, ATTRIBUTE_NODE = 2, TEXT_NODE = 3, CDATA_SECTION_NODE = 4, PROCESSING_INSTRUCTION_NODE = 7,
    COMMENT_NODE = 8, DOCUMENT_NODE = 9, DOCUMENT_TYPE_NODE = 10, DOCUMENT_FRAGMENT_NODE = 11;
  const ASCII_WS = /[\t\n\f\r ]/;
  const ASCII_WS_G = /[\t\n\f\r ]+/;
  // ASCII lowercase and uppercase. A string that toLowerCase() leaves as it
  // is has no ASCII upper-case letter (nor one toUpperCase() leaves, a
  // lower-case one): a name already in lower case runs no regular
  // expression (a replace with a function is about 10,000 instructions).
  const lower = (s) => (s.toLowerCase() === s ? s : s.replace(/[A-Z]/g, (c) => c.toLowerCase()));
  const upper = (s) => (s.toUpperCase() === s ? s : s.replace(/[a-z]/g, (c) => c.toUpperCase()));

  // ---------------------------------------------------------------- node internals
  // Per-object state in a class's private field: a private name is no
  // property a script can see (not in Reflect.ownKeys, not a symbol of
  // Object.getOwnPropertySymbols: a Chromium node has neither), and reading
  // it is a lookup in the object's own shape, where a WeakMap keyed by the
  // object hashed its address (QuickJS's map_hash_key: the address times
  // 3163, masked), so objects at regular strides shared a few long chains
  // (an appendChild asked about 38 times: 685 instructions a get in
  // callgrind, bench/README.md "dom_mutations"). The base class's
  // constructor returns the object it is given, so the derived class's
  // field lands on that object (made by Object.create, a constructor, or a
  // list's Proxy), once: set() on an object that has the field throws.
  class Stamp { constructor(o) { return o; } }
  // A private field: set(o, v) adds it to o; get(o) is its value, or
  // undefined if o has none (WeakMap's get).
  function privateSlot() {
    return class Slot extends Stamp {
      #v;
      constructor(o, v) { super(o); this.#v = v; }
      static set(o, v) { new Slot(o, v); }
      static get(o) { try { return o.#v; } catch { return undefined; } }
    };
  }
  // Every node's state is its record: its type, node document, parent,
  // children, data, local name, attributes, and its registered observer
  // list (an Attr's and a CSSStyleDeclaration's records are here too).
  class NodeRecord extends Stamp {
    #r;
    constructor(o, r) { super(o); this.#r = r; }
    static set(o, r) { new NodeRecord(o, r); }
    static N(node) { try { return node.#r; } catch { throw new TypeError('Illegal invocation'); } }
    static isNode(v) { return v !== null && typeof v === 'object' && #r in v && v.#r.type > 0 && v.#r.type !== ATTRIBUTE_NODE; }
  }
  const setRecord = NodeRecord.set, N = NodeRecord.N, isNode = NodeRecord.isNode;
  // WebIDL's argument count check, as Chromium words it.
  function requireArgs(count, required, method, iface) {
    if (count < required) {
      throw new TypeError(`Failed to execute '${method}' on '${iface}': ${required} argument${required > 1 ? 's' : ''} required, but only ${count} present.`);
    }
  }
  function requireNode(v, method, iface = 'Node', n = 1) {
    if (!isNode(v)) throw new TypeError(`Failed to execute '${method}' on '${iface}': parameter ${n} is not of type 'Node'.`);
    return v;
  }
  function newNode(proto, record) {
    const node = Object.create(proto);
    setRecord(node, Object.assign({ parent: null, kids: null, observers: [], connected: record.type === DOCUMENT_NODE }, record));
    return node;
  }
  const EMPTY = Object.freeze([]);
  const kidsOf = (n) => N(n).kids || EMPTY;
  const parentOf = (n) => N(n).parent;
  const typeOf = (n) => N(n).type;
  const isElement = (n) => isNode(n) && N(n).type === ELEMENT_NODE;
  const isDocument = (n) => isNode(n) && N(n).type === DOCUMENT_NODE;
  const isFragment = (n) => N(n).type === DOCUMENT_FRAGMENT_NODE;
  const isCharacterData = (n) => { const t = N(n).type; return t === TEXT_NODE || t === COMMENT_NODE || t === CDATA_SECTION_NODE || t === PROCESSING_INSTRUCTION_NODE; };
  const isHTMLElement = (n) => isElement(n) && N(n).namespace === HTML_NS;
  function indexOf(n) { const p = parentOf(n); return p ? kidsOf(p).indexOf(n) : 0; }
  function previousSibling(n) { const p = parentOf(n); if (!p) return null; const k = kidsOf(p); return k[k.indexOf(n) - 1] || null; }
  function nextSibling(n) { const p = parentOf(n); if (!p) return null; const k = kidsOf(p); return k[k.indexOf(n) + 1] || null; }
  function rootOf(n) { while (parentOf(n)) n = parentOf(n); return n; }
  // https://dom.spec.whatwg.org/#connected (its shadow-including root is a
  // document). Kept as a flag on every node, set and cleared for a whole
  // subtree when it is inserted or removed, so that asking is not a walk to
  // the root (a page thousands of elements deep asks on every insertion).
  function isConnected(n) { return N(n).connected === true; }
  // The named properties of the window (see WindowProto below): supported
  // names with the number of elements that give each.
  let namedCounts = null;
  let namedProperties = null;
  const NAME_ELEMENTS = new Set(['embed', 'form', 'iframe', 'img', 'object']);
  function setConnected(n, connected) {
    N(n).connected = connected;
    // (The elements of the window's document tree have named properties on
    // the window: counted here as they come and go; not those of a shadow tree.)
    const named = namedCounts !== null && N(n).doc === document && !(shadowRootsMade !== 0 && hooks.inShadowTree(n));
    if (named && typeOf(n) === ELEMENT_NODE) countNames(n, connected ? 1 : -1);
    // (An explicit stack: a subtree may be deeper than the call stack.)
    const stack = [n];
    while (stack.length) {
      const node = stack.pop();
      const r = N(node);
      // (A shadow host's shadow root and its tree are connected with it: the
      // shadow-including root is the one of the host.)
      if (r.shadowRoot !== undefined) { N(r.shadowRoot).connected = connected; setConnected(r.shadowRoot, connected); }
      const kids = r.kids;
      if (kids === null) continue;
      for (let i = 0; i < kids.length; i++) {
        const kid = kids[i];
        const k = N(kid);
        k.connected = connected;
        if (named && k.type === ELEMENT_NODE) countNames(kid, connected ? 1 : -1);
        stack.push(kid);
      }
    }
  }
  function isInclusiveAncestor(a, n) {
    // A node without children is an inclusive ancestor of itself only (and
    // a new node inserted into a deep tree must not cost a walk to the root).
    if (a !== n && kidsOf(a).length === 0) return false;
    for (; n; n = parentOf(n)) if (n === a) return true;
    return false;
  }
  // Tree order walk over the descendants of n; stops when fn returns true.
  function someDescendant(n, fn) {
    const kids = kidsOf(n);
    for (let i = 0; i < kids.length; i++) {
      const c = kids[i];
      if (fn(c) || someDescendant(c, fn)) return true;
    }
    return false;
  }
  function descendants(n, filter) {
    const out = [];
    someDescendant(n, (c) => { if (filter(c)) out.push(c); return false; });
    return out;
  }
  const elementChildren = (n) => kidsOf(n).filter((c) => typeOf(c) === ELEMENT_NODE);
  // https://dom.spec.whatwg.org/#concept-descendant-text-content
  // https://html.spec.whatwg.org/multipage/dom.html#merge-with-the-next-text-node
  function mergeWithNextText(node) {
    // Step 1-2. Let next be node's next sibling; if it is not a Text node, return.
    const next = node.nextSibling;
    if (next === null || next.nodeType !== 3) return;
    // Step 3. Replace data with node, node's data's length, 0, and next's data.
    node.appendData(next.data);
    // Step 4. Remove next.
    next.remove();
  }
  function descendantText(n) {
    let s = '';
    someDescendant(n, (c) => { if (typeOf(c) === TEXT_NODE) s += N(c).data; return false; });
    return s;
  }
  // https://dom.spec.whatwg.org/#concept-child-text-content
  function childText(n) { return kidsOf(n).filter((c) => typeOf(c) === TEXT_NODE).map((c) => N(c).data).join(''); }

  // ---------------------------------------------------------------- live ranges
  // https://dom.spec.whatwg.org/#concept-live-range: the Range objects
  // (21_range.js), whose boundary points the tree mutations below update.
  // Each is { startNode, startOffset, endNode, endOffset }, held weakly.
  const liveRanges = new Set();
  // The NodeIterator objects (held weakly) and their pre-removing steps
  // (21_range.js sets them).
  const liveIterators = new Set();
  let iteratorPreRemovingSteps = () => {};
  function eachLiveRange(f) {
    for (const ref of liveRanges) {
      const r = ref.deref();
      if (r === undefined) liveRanges.delete(ref);
      else f(r);
    }
  }

  // ---------------------------------------------------------------- collections
  // NodeList and HTMLCollection: a proxy answers indexed access from a
  // function that lists the items now (live) or a fixed array (static).
  const itemsOf = new WeakMap();
  const isIndex = (k) => typeof k === 'string' && /^(0|[1-9]\d*)$/.test(k) && +k < 4294967295;
  // One handler for every list (a list's items are found by its target):
  // a list is a proxy and its target, not a proxy and seven closures.
  const listSources = new WeakMap();
  const itemsNow = (t) => { const items = listSources.get(t); return typeof items === 'function' ? items() : items; };
  // Every change of any node's children or attributes bumps the tree
  // version; a collection that filters descendants keeps what it found
  // until the version moves (a browser's cached collection: indexing a
  // live list in a loop is not a tree walk per index).
  let treeVersion = 0;
  const treeChanged = () => { treeVersion++; };
  function cachedWalk(find) {
    let version = -1, items = EMPTY;
    return () => {
      if (version !== treeVersion) { items = find(); version = treeVersion; }
      return items;
    };
  }
  const LIST_HANDLER = {
    get(t, k, r) { return isIndex(k) ? itemsNow(t)[+k] : Reflect.get(t, k, r); },
    has(t, k) { return isIndex(k) ? +k < itemsNow(t).length : Reflect.has(t, k); },
    set(t, k, v, r) { return isIndex(k) ? true : Reflect.set(t, k, v, r); },
    ownKeys(t) { return itemsNow(t).map((_, i) => String(i)).concat(Reflect.ownKeys(t)); },
    getOwnPropertyDescriptor(t, k) {
      if (!isIndex(k)) return Reflect.getOwnPropertyDescriptor(t, k);
      const list = itemsNow(t);
      return +k < list.length ? { value: list[+k], writable: false, enumerable: true, configurable: true } : undefined;
    },
    defineProperty(t, k, d) { return isIndex(k) ? false : Reflect.defineProperty(t, k, d); },
    deleteProperty(t, k) { return isIndex(k) ? !(+k < itemsNow(t).length) : Reflect.deleteProperty(t, k); },
  };
  function makeList(proto, items) {
    const target = Object.create(proto);
    listSources.set(target, items);
    const p = new Proxy(target, LIST_HANDLER);
    itemsOf.set(p, target);
    return p;
  }
  const listItems = (l) => { const t = itemsOf.get(l); if (!t) throw new TypeError('Illegal invocation'); return itemsNow(t); };
  // https://dom.spec.whatwg.org/#interface-nodelist
  class NodeList {
    constructor() { throw new TypeError("Failed to construct 'NodeList': Illegal constructor"); }
    get length() { return listItems(this).length; }
    item(i) { return listItems(this)[i >>> 0] || null; }
    forEach(cb, thisArg = undefined) { const l = listItems(this); for (let i = 0; i < l.length; i++) cb.call(thisArg, l[i], i, this); }
    keys() { return listItems(this).keys(); }
    values() { return listItems(this).values(); }
    entries() { return listItems(this).entries(); }
    [Symbol.iterator]() { return listItems(this).values(); }
    get [Symbol.toStringTag]() { return 'NodeList'; }
  }
  // https://dom.spec.whatwg.org/#interface-htmlcollection
  class HTMLCollection {
    constructor() { throw new TypeError("Failed to construct 'HTMLCollection': Illegal constructor"); }
    get length() { return listItems(this).length; }
    item(i) { return listItems(this)[i >>> 0] || null; }
    namedItem(key) {
      key = String(key);
      if (key === '') return null;
      return listItems(this).find((e) => getAttr(e, 'id') === key || (isHTMLElement(e) && getAttr(e, 'name') === key)) || null;
    }
    [Symbol.iterator]() { return listItems(this).values(); }
    get [Symbol.toStringTag]() { return 'HTMLCollection'; }
  }
  const staticNodeList = (arr) => makeList(NodeList.prototype, arr.slice());
  function cached(node, key, make) {
    const r = N(node);
    return r[key] || (r[key] = make());
  }

  // ---------------------------------------------------------------- rendering changes
  // Every change to what a connected node looks like (a style property, an
  // attribute, its children, a text node's data) is noted for the page's
  // paint step: per (node, what), the FIRST old value; the new value is read
  // when the notes are taken. takeRenderingChanges() drops the notes whose
  // value ended where it started.
  // Whether the document may have style that is not the default (a style
  // element or attribute was ever made, or getComputedStyle() was called):
  // until then the style change events of 27_css.js have nothing to do.
  let styleInUse = false;
  // (The host skips 27_css.js's rendering steps until then:
  // host.styleInUse, browser/host.rs.)
  function useStyle() {
    if (styleInUse) return;
    styleInUse = true;
    host.styleInUse();
  }
  // Whether the tree or an attribute changed since 27_css.js last looked.
  let styleDirty = true;
  let notes = [];
  let noteIndex = new Map();
  let suppressNotes = 0;
  // (`first` may be a function making the value: it is called only for the
  // first change, so a node's children are not copied on every insertion.)
  function note(node, what, key, first) {
    styleDirty = true;
    if (suppressNotes) return;
    let perNode = noteIndex.get(node);
    const k = what + '\u0000' + key;
    if (perNode && perNode.has(k)) return;
    if (!isConnected(node)) return;
    if (!perNode) { perNode = new Map(); noteIndex.set(node, perNode); }
    if (typeof first === 'function') first = first();
    const entry = { node, what, key, first };
    perNode.set(k, entry);
    notes.push(entry);
    // Tell the host that the rendering may need an update.
    if (typeof host.renderingChanged === 'function') host.renderingChanged();
  }
  const q = (v) => (v === null ? 'null' : JSON.stringify(v));
  function takeRenderingChanges() {
    const taken = notes;
    notes = [];
    noteIndex = new Map();
    const out = [];
    for (const e of taken) {
      const label = describe(e.node);
      if (e.what === 'style') {
        const last = styleValue(e.node, e.key);
        if (last !== e.first) out.push(`${label}.style.${cssToIdl(e.key)}: ${q(e.first)} → ${q(last)}`);
      } else if (e.what === 'attribute') {
        const last = getAttr(e.node, e.key);
        if (last !== e.first) out.push(`${label} attribute ${e.key}: ${q(e.first)} → ${q(last)}`);
      } else if (e.what === 'children') {
        const last = kidsOf(e.node);
        if (last.length !== e.first.length || last.some((c, i) => c !== e.first[i])) out.push(`${label} children: ${e.first.length} → ${last.length}`);
      } else if (e.what === 'text') {
        const last = N(e.node).data;
        const p = parentOf(e.node);
        if (last !== e.first) out.push(`${p ? describe(p) + ' ' : ''}text: ${q(e.first)} → ${q(last)}`);
      }
    }
    return out;
  }
  // A short label: body, div#inner, span.cls, #text.
  function describe(node) {
    if (!isNode(node) && node !== g) return String(node);
    if (node === g) return 'window';
    const r = N(node);
    if (r.type === ELEMENT_NODE) {
      const id = getAttr(node, 'id');
      if (id) return r.localName + '#' + id;
      const cls = (getAttr(node, 'class') || '').split(ASCII_WS_G).filter(Boolean);
      return r.localName + cls.map((c) => '.' + c).join('');
    }
    if (r.type === DOCUMENT_TYPE_NODE) return '<!DOCTYPE ' + r.name + '>';
    return nodeName(node).toLowerCase();
  }

  // ---------------------------------------------------------------- mutation observers
  // How many registered observers (transient ones too) all nodes' registered
  // observer lists hold: with none, a mutation needs no walk of the ancestors.
  let registrations = 0;
  // https://dom.spec.whatwg.org/#mutation-observers
  const moState = new WeakMap();
  // The surrounding agent's mutation observers, in creation order. Chromium
  // (and the DOM Standard before "pending mutation observers") notifies every
  // observer with records in this order.
  const mutationObservers = [];
  // https://dom.spec.whatwg.org/#mutation-observer-compound-microtask-queued-flag
  let mutationObserverMicrotaskQueued = false;

  class MutationObserver {
    // https://dom.spec.whatwg.org/#dom-mutationobserver-mutationobserver
    constructor(callback) {
      if (arguments.length === 0) throw new TypeError("Failed to construct 'MutationObserver': 1 argument required, but only 0 present.");
      if (typeof callback !== 'function') throw new TypeError("Failed to construct 'MutationObserver': parameter 1 is not of type 'Function'.");
      // Step 1-2. Set this's callback to callback; append this to the agent's mutation observers.
      moState.set(this, { callback, nodeList: [], recordQueue: [], transient: new Set() });
      mutationObservers.push(this);
    }
    // https://dom.spec.whatwg.org/#dom-mutationobserver-observe
    observe(target, options = {}) {
      requireArgs(arguments.length, 1, 'observe', 'MutationObserver');
      requireNode(target, 'observe', 'MutationObserver');
      const fail = (m) => { throw new TypeError("Failed to execute 'observe' on 'MutationObserver': " + m); };
      const has = (k) => options[k] !== undefined;
      const o = {
        childList: !!options.childList, subtree: !!options.subtree,
        attributes: has('attributes') ? !!options.attributes : undefined,
        characterData: has('characterData') ? !!options.characterData : undefined,
        attributeOldValue: has('attributeOldValue') ? !!options.attributeOldValue : undefined,
        characterDataOldValue: has('characterDataOldValue') ? !!options.characterDataOldValue : undefined,
        attributeFilter: has('attributeFilter') ? Array.from(options.attributeFilter, String) : undefined,
      };
      // Step 1. If either options["attributeOldValue"] or options["attributeFilter"]
      // exists, and options["attributes"] does not exist, then set it to true.
      if ((o.attributeOldValue !== undefined || o.attributeFilter !== undefined) && o.attributes === undefined) o.attributes = true;
      // Step 2. If options["characterDataOldValue"] exists and options["characterData"] does not exist, then set it to true.
      if (o.characterDataOldValue !== undefined && o.characterData === undefined) o.characterData = true;
      // Step 4. If options["attributeOldValue"] is true and options["attributes"] is false, then throw a TypeError.
      if (o.attributeOldValue && o.attributes === false) fail("The options object may only set 'attributeOldValue' to true when 'attributes' is true or not present.");
      // Step 5. If options["attributeFilter"] is present and options["attributes"] is false, then throw a TypeError.
      if (o.attributeFilter !== undefined && o.attributes === false) fail("The options object may only set 'attributeFilter' when 'attributes' is true or not present.");
      // Step 6. If options["characterDataOldValue"] is true and options["characterData"] is false, then throw a TypeError.
      if (o.characterDataOldValue && o.characterData === false) fail("The options object may only set 'characterDataOldValue' to true when 'characterData' is true or not present.");
      // (Chromium checks Step 3 last; the exception is a TypeError either way.)
      // Step 3. If none of childList, attributes, and characterData is true, then throw a TypeError.
      if (!o.childList && !o.attributes && !o.characterData) fail("The options object must set at least one of 'attributes', 'characterData', or 'childList' to true.");
      const s = moState.get(this);
      const list = N(target).observers;
      const existing = list.find((r) => r.observer === this && !r.source);
      if (existing) {
        // Step 7. For each registered of target's registered observer list, if registered's observer is this:
        // 7.1. For each node of this's node list, remove all transient registered
        // observers whose source is registered from node's registered observer list.
        for (const node of s.transient) {
          const l = N(node).observers;
          for (let i = l.length - 1; i >= 0; i--) if (l[i].source === existing) { l.splice(i, 1); registrations--; }
        }
        // 7.2. Set registered's options to options.
        existing.options = o;
      } else {
        // Step 8. Otherwise: append a new registered observer whose observer is this and options
        // is options to target's registered observer list; append target to this's node list.
        list.push({ observer: this, options: o, source: null });
        registrations++;
        s.nodeList.push(target);
      }
    }
    // https://dom.spec.whatwg.org/#dom-mutationobserver-disconnect
    disconnect() {
      const s = moState.get(this);
      // Step 1. For each node of this's node list, remove any registered observer on node for which this is the observer.
      for (const node of [...s.nodeList, ...s.transient]) {
        const l = N(node).observers;
        for (let i = l.length - 1; i >= 0; i--) if (l[i].observer === this) { l.splice(i, 1); registrations--; }
      }
      s.nodeList = [];
      s.transient.clear();
      // Step 2. Empty this's record queue.
      s.recordQueue = [];
    }
    // https://dom.spec.whatwg.org/#dom-mutationobserver-takerecords
    takeRecords() {
      const s = moState.get(this);
      // Step 1-3. Let records be a clone of this's record queue; empty the queue; return records.
      return s.recordQueue.splice(0);
    }
  }

  // https://dom.spec.whatwg.org/#interface-mutationrecord
  // (A record's state is in a private field: a WeakMap of every record queued
  // grew by one entry a mutation.)
  const recordState = privateSlot();
  class MutationRecord {
    constructor() { throw new TypeError("Failed to construct 'MutationRecord': Illegal constructor"); }
    get type() { return recordState.get(this).type; }
    get target() { return recordState.get(this).target; }
    // (Each NodeList is made when first read, then kept: most records'
    // lists are never looked at.)
    get addedNodes() { const r = recordState.get(this); if (Array.isArray(r.addedNodes)) r.addedNodes = staticNodeList(r.addedNodes); return r.addedNodes; }
    get removedNodes() { const r = recordState.get(this); if (Array.isArray(r.removedNodes)) r.removedNodes = staticNodeList(r.removedNodes); return r.removedNodes; }
    get previousSibling() { return recordState.get(this).previousSibling; }
    get nextSibling() { return recordState.get(this).nextSibling; }
    get attributeName() { return recordState.get(this).attributeName; }
    get attributeNamespace() { return recordState.get(this).attributeNamespace; }
    get oldValue() { return recordState.get(this).oldValue; }
    get [Symbol.toStringTag]() { return 'MutationRecord'; }
  }

  // A copy of an internal list (not slice(): its ArraySpeciesCreate reads
  // the array's constructor, which a script could see, and costs about
  // 3,000 instructions a call).
  function copyOf(list) {
    const n = list.length;
    if (n === 0) return [];
    if (n === 1) return [list[0]];
    const copy = [];
    for (let i = 0; i < n; i++) copy.push(list[i]);
    return copy;
  }
  // https://dom.spec.whatwg.org/#queueing-a-mutation-record
  function queueMutationRecord(type, target, name, namespace, oldValue, addedNodes, removedNodes, prev, next) {
    // (No registered observer on any node: no observer is interested.)
    if (registrations === 0) return;
    // Step 1. Let interestedObservers be an empty map. (Two lists, made when
    // the first observer is found: the observers in the order they were
    // set, and their mapped old values.)
    let interested = null, mappedOldValues = null;
    // Step 2. Let nodes be the inclusive ancestors of target.
    // Step 3. For each node in nodes, and then for each registered of node's registered observer list:
    for (let node = target; node; ) {
      const r = N(node);
      const list = r.observers;
      for (let i = 0; i < list.length; i++) {
        const registered = list[i];
        // Step 3.1. Let options be registered's options.
        const options = registered.options;
        // Step 3.2. If none of the following are true ...
        if (node !== target && !options.subtree) continue;
        if (type === 'attributes' && !options.attributes) continue;
        if (type === 'attributes' && options.attributeFilter !== undefined && (!options.attributeFilter.includes(name) || namespace !== null)) continue;
        if (type === 'characterData' && !options.characterData) continue;
        if (type === 'childList' && !options.childList) continue;
        // ... then: 1. Let mo be registered's observer.
        const mo = registered.observer;
        // 2. If interestedObservers[mo] does not exist, then set interestedObservers[mo] to null.
        if (interested === null) { interested = []; mappedOldValues = []; }
        let at = interested.indexOf(mo);
        if (at < 0) { at = interested.length; interested.push(mo); mappedOldValues.push(null); }
        // 3. If either type is "attributes" and options["attributeOldValue"] is true, or type is
        // "characterData" and options["characterDataOldValue"] is true, then set interestedObservers[mo] to oldValue.
        if ((type === 'attributes' && options.attributeOldValue) || (type === 'characterData' && options.characterDataOldValue)) mappedOldValues[at] = oldValue;
      }
      node = r.parent;
    }
    if (interested === null) return;
    // Step 4. For each observer → mappedOldValue of interestedObservers:
    for (let i = 0; i < interested.length; i++) {
      // Step 4.1. Let record be a new MutationRecord ...
      const record = Object.create(MutationRecord.prototype);
      recordState.set(record, {
        type, target, attributeName: name, attributeNamespace: namespace, oldValue: mappedOldValues[i],
        addedNodes: copyOf(addedNodes), removedNodes: copyOf(removedNodes),
        previousSibling: prev, nextSibling: next,
      });
      // Step 4.2. Enqueue record to observer's record queue.
      moState.get(interested[i]).recordQueue.push(record);
    }
    // Step 5. Queue a mutation observer microtask.
    queueMutationObserverMicrotask();
  }
  // https://dom.spec.whatwg.org/#queue-a-tree-mutation-record
  function queueTreeMutationRecord(target, addedNodes, removedNodes, prev, next) {
    queueMutationRecord('childList', target, null, null, null, addedNodes, removedNodes, prev, next);
  }
  // https://dom.spec.whatwg.org/#queue-a-mutation-observer-compound-microtask
  function queueMutationObserverMicrotask() {
    // Step 1. If the surrounding agent's mutation observer microtask queued is true, then return.
    if (mutationObserverMicrotaskQueued) return;
    // Step 2. Set it to true.
    mutationObserverMicrotaskQueued = true;
    // Step 3. Queue a microtask to notify mutation observers (on the one
    // microtask queue, like queueMicrotask).
    web.enqueueMicrotask(notifyMutationObservers);
  }
  // https://dom.spec.whatwg.org/#notify-mutation-observers
  function notifyMutationObservers() {
    if (host.tracing) {
      let n = 0;
      for (const mo of mutationObservers) n += moState.get(mo).recordQueue.length;
      host.traceMicrotask('mutation observer notification (' + n + ' records)', undefined);
    }
    // Step 1. Set the surrounding agent's mutation observer microtask queued to false.
    mutationObserverMicrotaskQueued = false;
    // Step 2. Let notifySet be a clone of the surrounding agent's mutation observers.
    const notifySet = mutationObservers.slice();
    // Step 3-5 (signal slots: no slots in jsloop).
    // Step 6. For each mo of notifySet:
    for (const mo of notifySet) {
      const s = moState.get(mo);
      // Step 6.1-6.2. Let records be a clone of mo's record queue; empty mo's record queue.
      const records = s.recordQueue.splice(0);
      // Step 6.3. For each node of mo's node list, remove all transient
      // registered observers whose observer is mo from node's registered observer list.
      for (const node of s.transient) {
        const l = N(node).observers;
        for (let i = l.length - 1; i >= 0; i--) if (l[i].observer === mo && l[i].source) { l.splice(i, 1); registrations--; }
      }
      s.transient.clear();
      // Step 6.4. If records is not empty, then invoke mo's callback with
      // « records, mo » and "report", and with callback this value mo.
      if (records.length) host.invoke(s.callback, mo, [records, mo]);
    }
  }

  // ---------------------------------------------------------------- tree mutation
  // https://dom.spec.whatwg.org/#concept-node-ensure-pre-insertion-validity
  function hierarchyError(method, message) {
    return new DOMException(`Failed to execute '${method}' on 'Node': ${message}`, 'HierarchyRequestError');
  }
  function ensurePreInsertionValidity(node, parent, child, method) {
    const pt = typeOf(parent), nt = typeOf(node);
    // Step 1. If parent is not a Document, DocumentFragment, or Element node, then throw.
    if (pt !== DOCUMENT_NODE && pt !== DOCUMENT_FRAGMENT_NODE && pt !== ELEMENT_NODE) throw hierarchyError(method, `This node type does not support this method.`);
    // Step 2. If node is a host-including inclusive ancestor of parent, then throw.
    if (isInclusiveAncestor(node, parent) || (shadowRootsMade !== 0 && isShadowIncludingInclusiveAncestor(node, parent))) throw hierarchyError(method, 'The new child element contains the parent.');
    // Step 3. If child is non-null and its parent is not parent, then throw a "NotFoundError" DOMException.
    if (child !== null && parentOf(child) !== parent) throw new DOMException(`Failed to execute '${method}' on 'Node': The node before which the new node is to be inserted is not a child of this node.`, 'NotFoundError');
    // Step 4. If node is not a DocumentFragment, DocumentType, Element, or CharacterData node, then throw.
    if (!(nt === DOCUMENT_FRAGMENT_NODE || nt === DOCUMENT_TYPE_NODE || nt === ELEMENT_NODE || isCharacterData(node))) throw hierarchyError(method, 'Nodes of type \'' + nodeName(node) + '\' may not be inserted inside nodes of type \'' + nodeName(parent) + '\'.');
    // Step 5. If either node is a Text node and parent is a document, or node is a doctype and parent is not a document, then throw.
    if ((nt === TEXT_NODE && pt === DOCUMENT_NODE) || (nt === DOCUMENT_TYPE_NODE && pt !== DOCUMENT_NODE)) throw hierarchyError(method, `Nodes of type '${nodeName(node)}' may not be inserted inside nodes of type '${nodeName(parent)}'.`);
    // Step 6. If parent is a document, and any of the statements below are true, then throw.
    if (pt === DOCUMENT_NODE) checkDocumentChildren(node, parent, child, null, method);
  }
  // The document constraints shared by pre-insert (Step 6) and replace (Step 6),
  // where `replaced` is the child being replaced (ignored when counting).
  function checkDocumentChildren(node, parent, child, replaced, method) {
    const kids = kidsOf(parent).filter((c) => c !== replaced);
    const hasElement = kids.some((c) => typeOf(c) === ELEMENT_NODE);
    const at = child === null ? kids.length : kids.indexOf(child);
    const doctypeFollowing = child !== null && kids.slice(at).some((c) => typeOf(c) === DOCUMENT_TYPE_NODE && c !== child) ;
    const childIsDoctype = child !== null && typeOf(child) === DOCUMENT_TYPE_NODE && child !== replaced;
    const nt = typeOf(node);
    const bad = () => { throw hierarchyError(method, 'Only one element and one doctype are allowed in a document, in that order.'); };
    if (nt === DOCUMENT_FRAGMENT_NODE) {
      const els = kidsOf(node).filter((c) => typeOf(c) === ELEMENT_NODE).length;
      if (els > 1 || kidsOf(node).some((c) => typeOf(c) === TEXT_NODE)) bad();
      if (els === 1 && (hasElement || childIsDoctype || doctypeFollowing)) bad();
    } else if (nt === ELEMENT_NODE) {
      if (hasElement || childIsDoctype || doctypeFollowing) bad();
    } else if (nt === DOCUMENT_TYPE_NODE) {
      const hasDoctype = kids.some((c) => typeOf(c) === DOCUMENT_TYPE_NODE);
      const elementPreceding = child !== null && kids.slice(0, at).some((c) => typeOf(c) === ELEMENT_NODE);
      if (hasDoctype || elementPreceding || (child === null && hasElement)) bad();
    }
  }
  // https://dom.spec.whatwg.org/#concept-node-pre-insert
  function preInsert(node, parent, child, method) {
    // Step 1. Ensure pre-insert validity of node into parent before child.
    ensurePreInsertionValidity(node, parent, child, method);
    // Step 2. Let referenceChild be child.
    let referenceChild = child;
    // Step 3. If referenceChild is node, then set referenceChild to node's next sibling.
    if (referenceChild === node) referenceChild = nextSibling(node);
    // Step 4. Insert node into parent before referenceChild.
    insert(node, parent, referenceChild, false);
    // Step 5. Return node.
    return node;
  }
  // https://dom.spec.whatwg.org/#concept-node-insert
  // HTML's script element insertion and children changed steps: the page
  // glue (30_page.js) prepares a script that was not inserted by the parser.
  const scriptsFromMarkup = new WeakSet();
  let scriptHook = null;
  const isScript = (n) => typeOf(n) === ELEMENT_NODE && N(n).localName === 'script' && N(n).namespace === HTML_NS;
  // HTML's iframe insertion and removal steps (30_page.js creates and
  // detaches the child navigable):
  // https://html.spec.whatwg.org/multipage/iframe-embed-object.html#the-iframe-element
  let frameHook = null;
  const isIFrame = (n) => typeOf(n) === ELEMENT_NODE && N(n).localName === 'iframe' && N(n).namespace === HTML_NS;
  function frameSteps(nodes, inserted) {
    // (Inserted nodes share a parent: a tree that is not connected has no
    // iframe to make a window for, and is not walked.)
    if (!frameHook || (inserted && nodes.length > 0 && !isConnected(nodes[0]))) return;
    for (let i = 0; i < nodes.length; i++) {
      const n = nodes[i];
      const r = N(n);
      if (r.type !== ELEMENT_NODE && r.type !== DOCUMENT_FRAGMENT_NODE) continue;
      const here = [];
      if (isIFrame(n)) here.push(n);
      // (A node without children has no descendants to walk.)
      if (r.kids !== null && r.kids.length > 0) someDescendant(n, (c) => { if (isIFrame(c)) here.push(c); return false; });
      for (let j = 0; j < here.length; j++) {
        const el = here[j];
        if (inserted ? isConnected(el) : !isConnected(el)) frameHook(el, inserted);
      }
    }
  }
  function scriptSteps(nodes, parent) {
    frameSteps(nodes, true);
    if (!scriptHook) return;
    // (Scripts are looked for first: whether a node is connected costs a
    // walk to the root, which a deep page must not pay on every insertion.)
    const found = [];
    for (let i = 0; i < nodes.length; i++) {
      const n = nodes[i];
      const here = [];
      if (isScript(n)) here.push(n);
      const kids = N(n).kids;
      if (kids !== null && kids.length > 0) someDescendant(n, (c) => { if (isScript(c)) here.push(c); return false; });
      if (here.length && isConnected(n)) found.push(...here);
    }
    // A script whose children changed (its text set after insertion).
    if (isScript(parent) && !found.includes(parent) && isConnected(parent)) found.push(parent);
    for (let i = 0; i < found.length; i++) if (!scriptsFromMarkup.has(found[i])) scriptHook(found[i]);
  }
  function insert(node, parent, child, suppressObservers) {
    // Step 1. Let nodes be node's children, if node is a DocumentFragment node; otherwise « node ».
    const fragment = typeOf(node) === DOCUMENT_FRAGMENT_NODE;
    const nodes = fragment ? kidsOf(node).slice() : [node];
    // Step 2-3. Let count be nodes's size; if count is 0, then return.
    if (nodes.length === 0) return;
    // Step 4. If node is a DocumentFragment node, then:
    if (fragment) {
      // Step 4.1. Remove its children with the suppress observers flag set.
      for (const c of nodes) remove(c, true);
      // Step 4.2. Queue a tree mutation record for node with « », nodes, null, and null.
      queueTreeMutationRecord(node, [], nodes, null, null);
    } else if (parentOf(node) !== null) {
      // Step 7.1 "adopt node into parent's node document" removes node from
      // its old parent. Chromium does this before Step 6, so a node moved
      // next to itself reports its new neighbours, never itself.
      remove(node, false);
    }
    // Step 5. If child is non-null: for each live range whose start (end)
    // node is parent and start (end) offset is greater than child's index,
    // increase its start (end) offset by count.
    if (child !== null && liveRanges.size > 0) {
      const at = indexOf(child);
      eachLiveRange((r) => {
        if (r.startNode === parent && r.startOffset > at) r.startOffset += nodes.length;
        if (r.endNode === parent && r.endOffset > at) r.endOffset += nodes.length;
      });
    }
    // Step 6. Let previousSibling be child's previous sibling or parent's last child if child is null.
    const p = N(parent);
    const kids = p.kids;
    const previousSibling = child === null ? (kids[kids.length - 1] || null) : (kids[kids.indexOf(child) - 1] || null);
    note(parent, 'children', '', () => kids.slice());
    // Step 7. For each node in nodes, in tree order:
    for (let i = 0; i < nodes.length; i++) {
      const n = nodes[i];
      // Step 7.1. Adopt node into parent's node document.
      adopt(n, p.doc || parent);
      // Step 7.2-7.3. Append node to parent's children, or insert it before child's index.
      if (child === null) kids.push(n);
      else kids.splice(kids.indexOf(child), 0, n);
      treeChanged();
      N(n).parent = parent;
      if (p.connected) setConnected(n, true);
    }
    // Step 8. If suppress observers flag is unset, then queue a tree mutation
    // record for parent with nodes, « », previousSibling, and child.
    if (!suppressObservers) queueTreeMutationRecord(parent, nodes, [], previousSibling, child);
    // Step 9-11. Run the children changed steps for parent; the
    // post-connection steps of each inserted node (a script runs here).
    scriptSteps(nodes, parent);
  }
  // https://dom.spec.whatwg.org/#concept-node-adopt (one document per realm
  // plus the documents of cloned or created nodes: set the node document).
  function adopt(node, doc) {
    const r = N(node);
    // Step 2. If node's parent is non-null, then remove node.
    if (r.parent !== null) remove(node, false);
    // Step 3. If document is not oldDocument: set the node document of each shadow-including inclusive descendant.
    if (r.doc !== doc) {
      N(node).doc = doc;
      // (Shadow-including: the shadow root of a host and its tree too.)
      const setDoc = (c) => {
        N(c).doc = doc;
        const shadow = N(c).shadowRoot;
        if (shadow !== undefined) { N(shadow).doc = doc; someDescendant(shadow, setDoc); }
        return false;
      };
      if (N(node).shadowRoot !== undefined) { N(N(node).shadowRoot).doc = doc; someDescendant(N(node).shadowRoot, setDoc); }
      someDescendant(node, setDoc);
      for (const a of N(node).attrs || EMPTY) N(a).doc = doc;
    }
  }
  // https://dom.spec.whatwg.org/#concept-node-append
  function append(node, parent, method = 'appendChild') { return preInsert(node, parent, null, method); }
  // https://dom.spec.whatwg.org/#concept-node-pre-remove
  function preRemove(child, parent) {
    // Step 1. If child's parent is not parent, then throw a "NotFoundError" DOMException.
    if (parentOf(child) !== parent) throw new DOMException("Failed to execute 'removeChild' on 'Node': The node to be removed is not a child of this node.", 'NotFoundError');
    // Step 2. Remove child.
    remove(child, false);
    // Step 3. Return child.
    return child;
  }
  // https://dom.spec.whatwg.org/#concept-node-remove
  function remove(node, suppressObservers) {
    // Step 1. Let parent be node's parent.
    const parent = parentOf(node);
    // Step 2. For each NodeIterator object iterator whose root's node
    // document is node's node document, run the NodeIterator pre-removing
    // steps given node and iterator (21_range.js).
    if (liveIterators.size > 0) {
      for (const ref of liveIterators) {
        const iterator = ref.deref();
        if (iterator === undefined) liveIterators.delete(ref);
        else iteratorPreRemovingSteps(node, iterator);
      }
    }
    const kids = N(parent).kids;
    // Step 3. Let index be node's index.
    const index = kids.indexOf(node);
    // Step 9-10. Let oldPreviousSibling and oldNextSibling be node's previous and next sibling.
    const oldPreviousSibling = kids[index - 1] || null;
    const oldNextSibling = kids[index + 1] || null;
    if (liveRanges.size > 0) {
      eachLiveRange((r) => {
        // Step 4-5. A live range whose start (end) node is an inclusive
        // descendant of node: its start (end) becomes (parent, index).
        if (isInclusiveAncestor(node, r.startNode)) { r.startNode = parent; r.startOffset = index; }
        if (isInclusiveAncestor(node, r.endNode)) { r.endNode = parent; r.endOffset = index; }
        // Step 6-7. Start (end) node parent, offset greater than index: decrease it by 1.
        if (r.startNode === parent && r.startOffset > index) r.startOffset--;
        if (r.endNode === parent && r.endOffset > index) r.endOffset--;
      });
    }
    note(parent, 'children', '', () => kids.slice());
    // Step 11. Remove node from its parent's children.
    kids.splice(index, 1);
    treeChanged();
    N(node).parent = null;
    // https://html.spec.whatwg.org/multipage/infrastructure.html#dom-trees:focus-fixup-rule
    // (the removed subtree held the focused area: the viewport is focused, no events fire).
    const doc = N(node).doc;
    if (doc && N(doc).focused && isShadowIncludingInclusiveAncestor(node, N(doc).focused)) N(doc).focused = null;
    if (N(node).connected) { setConnected(node, false); frameSteps([node], false); }
    // Step 18. For each inclusive ancestor ancestor of parent, and then for each
    // registered of ancestor's registered observer list, if registered's
    // options["subtree"] is true, then append a new transient registered
    // observer whose observer is registered's observer, options is registered's
    // options, and source is registered to node's registered observer list.
    for (let a = registrations === 0 ? null : parent; a; a = parentOf(a)) {
      for (const registered of N(a).observers) {
        if (!registered.options.subtree) continue;
        N(node).observers.push({ observer: registered.observer, options: registered.options, source: registered.source || registered });
        registrations++;
        moState.get(registered.observer).transient.add(node);
      }
    }
    // Step 19. If suppress observers flag is unset, then queue a tree mutation
    // record for parent with « », « node », oldPreviousSibling, and oldNextSibling.
    if (!suppressObservers) queueTreeMutationRecord(parent, [], [node], oldPreviousSibling, oldNextSibling);
  }
  // https://dom.spec.whatwg.org/#concept-node-replace
  function replace(child, node, parent) {
    const method = 'replaceChild';
    const pt = typeOf(parent), nt = typeOf(node);
    // Step 1. If parent is not a Document, DocumentFragment, or Element node, then throw.
    if (pt !== DOCUMENT_NODE && pt !== DOCUMENT_FRAGMENT_NODE && pt !== ELEMENT_NODE) throw hierarchyError(method, 'This node type does not support this method.');
    // Step 2. If node is a host-including inclusive ancestor of parent, then throw.
    if (isInclusiveAncestor(node, parent) || (shadowRootsMade !== 0 && isShadowIncludingInclusiveAncestor(node, parent))) throw hierarchyError(method, 'The new child element contains the parent.');
    // Step 3. If child's parent is not parent, then throw a "NotFoundError" DOMException.
    if (parentOf(child) !== parent) throw new DOMException("Failed to execute 'replaceChild' on 'Node': The node to be replaced is not a child of this node.", 'NotFoundError');
    // Step 4-5. Node type constraints, as in pre-insert.
    if (!(nt === DOCUMENT_FRAGMENT_NODE || nt === DOCUMENT_TYPE_NODE || nt === ELEMENT_NODE || isCharacterData(node))) throw hierarchyError(method, `Nodes of type '${nodeName(node)}' may not be inserted inside nodes of type '${nodeName(parent)}'.`);
    if ((nt === TEXT_NODE && pt === DOCUMENT_NODE) || (nt === DOCUMENT_TYPE_NODE && pt !== DOCUMENT_NODE)) throw hierarchyError(method, `Nodes of type '${nodeName(node)}' may not be inserted inside nodes of type '${nodeName(parent)}'.`);
    // Step 6. If parent is a document, the constraints "other than child".
    if (pt === DOCUMENT_NODE) checkDocumentChildren(node, parent, nextSibling(child), child, method);
    // Step 7. Let referenceChild be child's next sibling.
    let referenceChild = nextSibling(child);
    // Step 8. If referenceChild is node, then set referenceChild to node's next sibling.
    if (referenceChild === node) referenceChild = nextSibling(node);
    // Step 9. Let previousSibling be child's previous sibling.
    let prev = previousSibling(child);
    // (The DOM Standard of the WPT snapshot, and Chromium: "Adopt node into
    // parent's node document" here, so a node moved from the same parent
    // leaves first, with a mutation record of its own.)
    if (nt !== DOCUMENT_FRAGMENT_NODE && parentOf(node) !== null) adopt(node, N(parent).doc || parent);
    // Step 10. Let removedNodes be the empty set.
    let removedNodes = [];
    // Step 11. If child's parent is non-null: set removedNodes to « child »;
    // remove child with the suppress observers flag set.
    if (parentOf(child) !== null) {
      removedNodes = [child];
      remove(child, true);
    }
    // As in insert: a node moved from beside child leaves first (Chromium).
    if (prev === node) prev = previousSibling(node);
    // Step 12. Let nodes be node's children if node is a DocumentFragment node; otherwise « node ».
    const nodes = nt === DOCUMENT_FRAGMENT_NODE ? kidsOf(node).slice() : [node];
    // Step 13. Insert node into parent before referenceChild with the suppress observers flag set.
    insert(node, parent, referenceChild, true);
    // Step 14. Queue a tree mutation record for parent with nodes, removedNodes, previousSibling, and referenceChild.
    queueTreeMutationRecord(parent, nodes, removedNodes, prev, referenceChild);
    // Step 15. Return child.
    return child;
  }
  // https://dom.spec.whatwg.org/#concept-node-replace-all
  function replaceAll(node, parent) {
    // Step 1. Let removedNodes be parent's children.
    const removedNodes = kidsOf(parent).slice();
    // Step 2-4. Let addedNodes be node's children (fragment), « node », or the empty set.
    const addedNodes = node === null ? [] : typeOf(node) === DOCUMENT_FRAGMENT_NODE ? kidsOf(node).slice() : [node];
    // Step 5. Remove all parent's children, in tree order, with the suppress observers flag set.
    for (const c of removedNodes) remove(c, true);
    // Step 6. If node is non-null, then insert node into parent before null with the suppress observers flag set.
    if (node !== null) insert(node, parent, null, true);
    // Step 7. If either addedNodes or removedNodes is not empty, then queue a
    // tree mutation record for parent with addedNodes, removedNodes, null, and null.
    if (addedNodes.length || removedNodes.length) queueTreeMutationRecord(parent, addedNodes, removedNodes, null, null);
  }
  // https://dom.spec.whatwg.org/#converting-nodes-into-a-node
  function convertNodesIntoNode(nodes, doc) {
    // Step 1. Replace each string in nodes with a new Text node whose data is the string.
    const list = nodes.map((n) => (isNode(n) ? n : createText(doc, String(n))));
    // Step 2. If nodes contains one node, then return it.
    if (list.length === 1) return list[0];
    // Step 3-4. Otherwise, let node be a new DocumentFragment; append each node to it.
    const fragment = createFragment(doc);
    for (const n of list) append(n, fragment);
    return fragment;
  }
  // Builds a tree without mutation records or rendering notes (new nodes
  // that nothing observes yet: parsing, cloning).
  function appendQuietly(parent, child) {
    N(parent).kids.push(child);
    treeChanged();
    N(child).parent = parent;
    if (N(parent).connected) setConnected(child, true);
  }

  // ---------------------------------------------------------------- attributes
  // https://dom.spec.whatwg.org/#interface-attr
  class Attr {
    constructor() { throw new TypeError("Failed to construct 'Attr': Illegal constructor"); }
    get namespaceURI() { return N(this).namespace; }
    get prefix() { return N(this).prefix; }
    get localName() { return N(this).localName; }
    get name() { return qualifiedName(this); }
    get nodeName() { return qualifiedName(this); }
    get nodeType() { return ATTRIBUTE_NODE; }
    get value() { return N(this).value; }
    // https://dom.spec.whatwg.org/#set-an-existing-attribute-value
    set value(v) { setExistingAttributeValue(this, String(v)); }
    get nodeValue() { return N(this).value; }
    set nodeValue(v) { setExistingAttributeValue(this, v === null ? '' : String(v)); }
    get textContent() { return N(this).value; }
    set textContent(v) { setExistingAttributeValue(this, v === null ? '' : String(v)); }
    get ownerElement() { return N(this).element; }
    get ownerDocument() { return N(this).doc; }
    get specified() { return true; }
    get [Symbol.toStringTag]() { return 'Attr'; }
  }
  function qualifiedName(n) { const r = N(n); return r.prefix === null ? r.localName : r.prefix + ':' + r.localName; }
  function setExistingAttributeValue(attr, value) {
    const r = N(attr);
    if (r.element === null) r.value = value;
    else changeAttribute(attr, value);
  }
  function newAttr(doc, localName, value, namespace = null, prefix = null) {
    const a = Object.create(Attr.prototype);
    setRecord(a, { type: ATTRIBUTE_NODE, doc, localName, namespace, prefix, value, element: null });
    return a;
  }
  const attrsOf = (el) => N(el).attrs;
  // https://dom.spec.whatwg.org/#concept-element-attributes-get-by-name
  function getAttributeByName(el, name) {
    // Step 1. If element is in the HTML namespace and its node document is an HTML document, lowercase qualifiedName.
    if (N(el).namespace === HTML_NS) name = lower(name);
    // Step 2. Return the first attribute whose qualified name is qualifiedName; otherwise null.
    return attrsOf(el).find((a) => qualifiedName(a) === name) || null;
  }
  function getAttr(el, name) {
    const a = attrsOf(el).find((x) => N(x).namespace === null && N(x).localName === name);
    return a ? N(a).value : null;
  }
  // https://dom.spec.whatwg.org/#concept-element-attributes-change
  function changeAttribute(attr, value) {
    const r = N(attr);
    // Step 1. Let oldValue be attribute's value.
    const oldValue = r.value;
    // Step 2. Set attribute's value to value.
    r.value = value;
    // Step 3. Handle attribute changes for attribute with attribute's element, oldValue, and value.
    handleAttributeChanges(attr, r.element, oldValue, value);
  }
  // https://dom.spec.whatwg.org/#concept-element-attributes-append
  function appendAttribute(attr, el) {
    // Step 1. Append attribute to element's attribute list.
    attrsOf(el).push(attr);
    // Step 2. Set attribute's element to element.
    N(attr).element = el;
    N(attr).doc = N(el).doc;
    // Step 3. Handle attribute changes for attribute with element, null, and attribute's value.
    handleAttributeChanges(attr, el, null, N(attr).value);
  }
  // https://dom.spec.whatwg.org/#concept-element-attributes-remove
  function removeAttribute(attr) {
    const r = N(attr);
    const el = r.element;
    // Step 2. Remove attribute from element's attribute list.
    attrsOf(el).splice(attrsOf(el).indexOf(attr), 1);
    // Step 3. Set attribute's element to null.
    r.element = null;
    // Step 4. Handle attribute changes for attribute with element, attribute's value, and null.
    handleAttributeChanges(attr, el, r.value, null);
  }
  // https://dom.spec.whatwg.org/#handle-attribute-changes
  function handleAttributeChanges(attr, el, oldValue, newValue) {
    treeChanged();
    const r = N(attr);
    if (r.localName !== 'style' || r.namespace !== null) note(el, 'attribute', qualifiedName(attr), oldValue);
    // Step 1. Queue a mutation record of "attributes" for element with
    // attribute's local name, attribute's namespace, oldValue, « », « », null, and null.
    queueMutationRecord('attributes', el, r.localName, r.namespace, oldValue, [], [], null, null);
    // Step 3. Run the attribute change steps with element, attribute's local name, oldValue, value, and namespace.
    attributeChangeSteps(el, r.localName, oldValue, newValue, r.namespace);
  }
  // https://dom.spec.whatwg.org/#concept-element-attributes-set-value
  function setAttributeValue(el, localName, value) {
    // Step 1. Let attribute be the result of getting an attribute given namespace, localName, and element.
    const attr = attrsOf(el).find((a) => N(a).namespace === null && N(a).localName === localName);
    // Step 2. If attribute is null, create an attribute and append it to element; return.
    if (!attr) { appendAttribute(newAttr(N(el).doc, localName, value), el); return; }
    // Step 3. Change attribute to value.
    changeAttribute(attr, value);
  }
  function removeAttributeByName(el, name) {
    const attr = getAttributeByName(el, name);
    if (attr) removeAttribute(attr);
    return attr;
  }
  // The attribute change steps of the specifications jsloop follows.
  function attributeChangeSteps(el, localName, oldValue, value, namespace) {
    if (namespace !== null) return;
    // (A style attribute: style is in use, 27_css.js's style change events run.)
    if (localName === 'style') useStyle();
    styleDirty = true;
    // (An id or a name of an element of the window's document tree: its named properties.)
    if ((localName === 'id' || (localName === 'name' && NAME_ELEMENTS.has(N(el).localName))) && namedCounts !== null
        && isConnected(el) && N(el).doc === document && !(shadowRootsMade !== 0 && hooks.inShadowTree(el))) {
      if (oldValue !== null && oldValue !== '') countName(oldValue, -1);
      if (value !== null && value !== '') countName(value, 1);
    }
    // https://html.spec.whatwg.org/multipage/interactive-elements.html#the-details-element
    // (the details element's attribute change steps) Step 3. If localName
    // is open: 3.1. If oldValue is null and value is not null, queue a
    // details toggle event task given element, "closed", and "open".
    // 3.2. Otherwise, if oldValue is not null and value is null, queue a
    // details toggle event task given element, "open", and "closed".
    // https://html.spec.whatwg.org/multipage/iframe-embed-object.html#the-iframe-element:
    // when src is set or srcdoc set or removed on a connected iframe,
    // process the iframe attributes (a navigation: 30_page.js).
    if ((localName === 'src' || localName === 'srcdoc') && frameHook !== null && isIFrame(el) && isConnected(el)
      && (localName === 'src' ? value !== null : true)) frameHook(el, 'navigate');
    if (localName === 'open' && N(el).localName === 'details' && N(el).namespace === HTML_NS) {
      if (oldValue === null && value !== null) queueDetailsToggle(el, 'closed', 'open');
      else if (oldValue !== null && value === null) queueDetailsToggle(el, 'open', 'closed');
    }
    // https://drafts.csswg.org/cssom/#the-elementcssinlinestyle-mixin: reparse the
    // style attribute into the declaration block, unless the block set it.
    if (localName === 'style') {
      const st = N(el).style;
      if (st && !N(st).updating) setDeclarations(st, value === null ? [] : parseDeclarations(value));
      else if (!st && isConnected(el)) {
        // No CSSStyleDeclaration yet: note per property all the same.
        const before = parseDeclarations(oldValue || ''), after = parseDeclarations(value || '');
        for (const d of before.concat(after)) note(el, 'style', d.name, (before.find((b) => b.name === d.name) || { value: '' }).value);
      }
    }
    // https://html.spec.whatwg.org/multipage/webappapis.html#event-handler-attributes:event-handler-content-attributes-3
    if (localName.startsWith('on') && isHTMLElement(el)) {
      const name = localName;
      if (N(el).localName === 'body' && WINDOW_REFLECTING.includes(name)) web.setEventHandlerSource(g, name, value);
      else if (name in HTMLElement.prototype) web.setEventHandlerSource(el, name, value);
    }
  }
  // https://html.spec.whatwg.org/multipage/interactive-elements.html#queue-a-details-toggle-event-task
  function queueDetailsToggle(el, oldState, newState) {
    const r = N(el);
    // Step 1. If element's details toggle task tracker is not null: set
    // oldState to its old state, remove its task from its task queue (here:
    // the task does nothing once it is no longer the tracker's), and set the
    // tracker to null.
    if (r.toggleTracker) { oldState = r.toggleTracker.oldState; r.toggleTracker = null; }
    const tracker = { oldState };
    // Step 2. Queue an element task given the DOM manipulation task source
    // and element to run: fire "toggle" at element (ToggleEvent, oldState,
    // newState); set element's details toggle task tracker to null.
    host.queueTask('dom-manipulation', 'details toggle', () => {
      if (r.toggleTracker !== tracker) return;
      r.toggleTracker = null;
      web.fireTrusted(el, new ToggleEvent('toggle', { oldState: tracker.oldState, newState }));
    }, undefined);
    // Step 3. Set element's details toggle task tracker to a struct with
    // task set to the just-queued task and old state set to oldState.
    r.toggleTracker = tracker;
  }
  // https://html.spec.whatwg.org/multipage/interaction.html#toggleevent
  class ToggleEvent extends Event {
    #old; #new;
    constructor(type, init = undefined) {
      if (arguments.length === 0) throw new TypeError("Failed to construct 'ToggleEvent': 1 argument required, but only 0 present.");
      super(type, init);
      this.#old = String(init?.oldState ?? '');
      this.#new = String(init?.newState ?? '');
    }
    get oldState() { return this.#old; }
    get newState() { return this.#new; }
  }
  // https://dom.spec.whatwg.org/#interface-namednodemap
  class NamedNodeMap {
    constructor() { throw new TypeError("Failed to construct 'NamedNodeMap': Illegal constructor"); }
    get length() { return listItems(this).length; }
    item(i) { return listItems(this)[i >>> 0] || null; }
    getNamedItem(name) { const el = mapOwner.get(this); return getAttributeByName(el, String(name)); }
    getNamedItemNS(ns, localName) { const el = mapOwner.get(this); return attrsOf(el).find((a) => N(a).namespace === (ns || null) && N(a).localName === String(localName)) || null; }
    removeNamedItem(name) {
      const attr = removeAttributeByName(mapOwner.get(this), String(name));
      if (!attr) throw new DOMException(`Failed to execute 'removeNamedItem' on 'NamedNodeMap': No item with name '${name}' was found.`, 'NotFoundError');
      return attr;
    }
    [Symbol.iterator]() { return listItems(this).values(); }
    get [Symbol.toStringTag]() { return 'NamedNodeMap'; }
  }
  const mapOwner = new WeakMap();

  // ---------------------------------------------------------------- DOMTokenList
  // https://dom.spec.whatwg.org/#interface-domtokenlist
  const tokenState = new WeakMap();
  function tokenSet(list) {
    const { el, attr } = tokenState.get(list);
    // https://dom.spec.whatwg.org/#concept-ordered-set-parser
    const v = getAttr(el, attr);
    const out = [];
    for (const t of (v || '').split(ASCII_WS_G)) if (t && !out.includes(t)) out.push(t);
    return out;
  }
  function validateToken(t, method) {
    // Step: If token is the empty string, throw a "SyntaxError"; if it contains ASCII whitespace, an "InvalidCharacterError".
    if (t === '') throw new DOMException(`Failed to execute '${method}' on 'DOMTokenList': The token provided must not be empty.`, 'SyntaxError');
    if (ASCII_WS.test(t)) throw new DOMException(`Failed to execute '${method}' on 'DOMTokenList': The token provided ('${t}') contains HTML space characters, which are not valid in tokens.`, 'InvalidCharacterError');
  }
  // https://dom.spec.whatwg.org/#concept-dtl-update
  function updateTokens(list, set) {
    const { el, attr } = tokenState.get(list);
    // Step 1. If the associated element does not have an associated attribute and token set is empty, then return.
    if (getAttr(el, attr) === null && set.length === 0) return;
    // Step 2. Set an attribute value using the ordered set serializer for token set.
    setAttributeValue(el, attr, set.join(' '));
  }
  class DOMTokenList {
    constructor() { throw new TypeError("Failed to construct 'DOMTokenList': Illegal constructor"); }
    get length() { return tokenSet(this).length; }
    item(i) { const t = tokenSet(this)[i >>> 0]; return t === undefined ? null : t; }
    contains(token) { return tokenSet(this).includes(String(token)); }
    // https://dom.spec.whatwg.org/#dom-domtokenlist-add
    add(...tokens) {
      tokens = tokens.map(String);
      // Step 1. For each token of tokens: validate.
      for (const t of tokens) validateToken(t, 'add');
      // Step 2. For each token of tokens, append token to this's token set.
      const set = tokenSet(this);
      for (const t of tokens) if (!set.includes(t)) set.push(t);
      // Step 3. Run the update steps.
      updateTokens(this, set);
    }
    // https://dom.spec.whatwg.org/#dom-domtokenlist-remove
    remove(...tokens) {
      tokens = tokens.map(String);
      for (const t of tokens) validateToken(t, 'remove');
      const set = tokenSet(this).filter((t) => !tokens.includes(t));
      updateTokens(this, set);
    }
    // https://dom.spec.whatwg.org/#dom-domtokenlist-toggle
    toggle(token, force = undefined) {
      token = String(token);
      // Step 1-2. Validate token.
      validateToken(token, 'toggle');
      const set = tokenSet(this);
      // Step 3. If this's token set[token] exists:
      if (set.includes(token)) {
        // 3.1. If force is either not given or is false, then remove token, run the update steps and return false.
        if (force === undefined || !force) { updateTokens(this, set.filter((t) => t !== token)); return false; }
        // 3.2. Return true.
        return true;
      }
      // Step 4. Otherwise, if force not given or is true, append token, run the update steps, and return true.
      if (force === undefined || force) { set.push(token); updateTokens(this, set); return true; }
      // Step 5. Return false.
      return false;
    }
    // https://dom.spec.whatwg.org/#dom-domtokenlist-replace
    replace(token, newToken) {
      token = String(token); newToken = String(newToken);
      // Step 1-2. Validate both.
      for (const t of [token, newToken]) if (t === '') validateToken(t, 'replace');
      for (const t of [token, newToken]) validateToken(t, 'replace');
      const set = tokenSet(this);
      // Step 3. If this's token set does not contain token, then return false.
      const i = set.indexOf(token);
      if (i < 0) return false;
      // Step 4. Replace token in this's token set with newToken (the ordered set
      // replace: the first of token or newToken becomes newToken, the others go).
      const out = [];
      for (const t of set) {
        if (t === token || t === newToken) { if (!out.includes(newToken)) out.push(newToken); } else out.push(t);
      }
      // Step 5. Run the update steps.
      updateTokens(this, out);
      // Step 6. Return true.
      return true;
    }
    supports(token) { throw new TypeError("Failed to execute 'supports' on 'DOMTokenList': DOMTokenList has no supported tokens."); }
    get value() { const { el, attr } = tokenState.get(this); return getAttr(el, attr) || ''; }
    set value(v) { const { el, attr } = tokenState.get(this); setAttributeValue(el, attr, String(v)); }
    toString() { return this.value; }
    forEach(cb, thisArg = undefined) { tokenSet(this).forEach((t, i) => cb.call(thisArg, t, i, this)); }
    keys() { return tokenSet(this).keys(); }
    values() { return tokenSet(this).values(); }
    entries() { return tokenSet(this).entries(); }
    [Symbol.iterator]() { return tokenSet(this).values(); }
    get [Symbol.toStringTag]() { return 'DOMTokenList'; }
  }
  function makeTokenList(el, attr) {
    const list = makeList(DOMTokenList.prototype, () => tokenSet(list));
    tokenState.set(list, { el, attr });
    return list;
  }

  // ---------------------------------------------------------------- dataset
  // https://html.spec.whatwg.org/multipage/dom.html#domstringmap
  class DOMStringMap {
    constructor() { throw new TypeError("Failed to construct 'DOMStringMap': Illegal constructor"); }
  }
  function makeDataset(el) {
    const attrName = (prop) => 'data-' + prop.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());
    // https://html.spec.whatwg.org/multipage/dom.html#concept-domstringmap-pairs
    const pairs = () => {
      const out = [];
      for (const a of attrsOf(el)) {
        const n = N(a).localName;
        if (N(a).namespace !== null || !n.startsWith('data-') || /[A-Z]/.test(n)) continue;
        out.push([n.slice(5).replace(/-([a-z])/g, (_, c) => c.toUpperCase()), N(a).value]);
      }
      return out;
    };
    const find = (k) => pairs().find(([n]) => n === k);
    return new Proxy(Object.create(DOMStringMap.prototype), {
      get(t, k, r) {
        if (typeof k !== 'string') return Reflect.get(t, k, r);
        const p = find(k);
        return p ? p[1] : Reflect.get(t, k, r);
      },
      // https://html.spec.whatwg.org/multipage/dom.html#dom-domstringmap-setitem
      set(t, k, v) {
        if (typeof k !== 'string') return Reflect.set(t, k, v);
        // Step 1. If name contains a U+002D HYPHEN-MINUS character (-) followed by an ASCII lower alpha, then throw a "SyntaxError".
        if (/-[a-z]/.test(k)) throw new DOMException(`Failed to set a named property '${k}' on 'DOMStringMap': '${k}' is not a valid property name.`, 'SyntaxError');
        // Step 2-4. Insert a '-' before each ASCII upper alpha and lowercase it; prepend "data-".
        const name = attrName(k);
        if (!/^[^\s\0/=>]+$/.test(name)) throw new DOMException(`Failed to set a named property '${k}' on 'DOMStringMap': '${name}' is not a valid attribute name.`, 'InvalidCharacterError');
        // Step 5-6. Set an attribute value for the DOMStringMap's associated element using name and value.
        setAttributeValue(el, name, String(v));
        return true;
      },
      has(t, k) { return typeof k === 'string' && find(k) ? true : Reflect.has(t, k); },
      deleteProperty(t, k) {
        if (typeof k !== 'string') return Reflect.deleteProperty(t, k);
        // https://html.spec.whatwg.org/multipage/dom.html#dom-domstringmap-removeitem
        if (/-[a-z]/.test(k)) return true;
        removeAttributeByName(el, attrName(k));
        return true;
      },
      ownKeys(t) { return pairs().map(([n]) => n).concat(Reflect.ownKeys(t)); },
      getOwnPropertyDescriptor(t, k) {
        const p = typeof k === 'string' && find(k);
        return p ? { value: p[1], writable: true, enumerable: true, configurable: true } : Reflect.getOwnPropertyDescriptor(t, k);
      },
      defineProperty(t, k, d) { if (typeof k === 'string' && 'value' in d) { this.set(t, k, d.value); return true; } return false; },
    });
  }

  // ---------------------------------------------------------------- CSSStyleDeclaration
  // https://drafts.csswg.org/cssom/#the-cssstyledeclaration-interface
  // jsloop keeps declarations as written (trimmed): it does not parse CSS
  // values, so it neither rejects invalid ones nor expands shorthands.
  const CSS_PROPERTIES = ('align-content align-items align-self all animation animation-delay animation-direction animation-duration ' +
    'animation-fill-mode animation-iteration-count animation-name animation-play-state animation-timing-function appearance aspect-ratio ' +
    'backdrop-filter backface-visibility background background-attachment background-blend-mode background-clip background-color ' +
    'background-image background-origin background-position background-position-x background-position-y background-repeat background-size ' +
    'block-size border border-block border-bottom border-bottom-color border-bottom-left-radius border-bottom-right-radius border-bottom-style ' +
    'border-bottom-width border-collapse border-color border-image border-inline border-left border-left-color border-left-style ' +
    'border-left-width border-radius border-right border-right-color border-right-style border-right-width border-spacing border-style ' +
    'border-top border-top-color border-top-left-radius border-top-right-radius border-top-style border-top-width border-width bottom ' +
    'box-shadow box-sizing break-after break-before caption-side caret-color clear clip clip-path color column-count column-gap column-rule ' +
    'column-width columns contain container content counter-increment counter-reset cursor direction display empty-cells fill filter flex ' +
    'flex-basis flex-direction flex-flow flex-grow flex-shrink flex-wrap float font font-family font-feature-settings font-kerning font-size ' +
    'font-stretch font-style font-variant font-weight gap grid grid-area grid-auto-columns grid-auto-flow grid-auto-rows grid-column ' +
    'grid-column-end grid-column-gap grid-column-start grid-gap grid-row grid-row-end grid-row-gap grid-row-start grid-template ' +
    'grid-template-areas grid-template-columns grid-template-rows height hyphens image-rendering inline-size inset isolation justify-content ' +
    'justify-items justify-self left letter-spacing line-break line-height list-style list-style-image list-style-position list-style-type ' +
    'margin margin-block margin-block-end margin-block-start margin-bottom margin-inline margin-inline-end margin-inline-start margin-left ' +
    'margin-right margin-top mask max-block-size max-height max-inline-size max-width min-block-size min-height min-inline-size min-width ' +
    'mix-blend-mode object-fit object-position opacity order orphans outline outline-color outline-offset outline-style outline-width ' +
    'overflow overflow-anchor overflow-wrap overflow-x overflow-y overscroll-behavior padding padding-block padding-bottom padding-inline ' +
    'padding-left padding-right padding-top page-break-after page-break-before page-break-inside perspective perspective-origin place-content ' +
    'place-items place-self pointer-events position quotes resize right rotate row-gap scale scroll-behavior scroll-margin scroll-padding ' +
    'scroll-snap-align scroll-snap-type scrollbar-width stroke stroke-width tab-size table-layout text-align text-align-last text-decoration ' +
    'text-decoration-color text-decoration-line text-decoration-style text-indent text-overflow text-rendering text-shadow text-transform ' +
    'text-underline-offset top touch-action transform transform-origin transform-style transition transition-delay transition-duration ' +
    'transition-property transition-timing-function translate unicode-bidi user-select vertical-align visibility white-space widows width ' +
    'will-change word-break word-spacing word-wrap writing-mode z-index zoom').split(' ');
  // (Made when a declaration is first parsed.)
  let knownCss = null;
  const isKnownCss = (p) => (knownCss ??= new Set(CSS_PROPERTIES)).has(p);
  // https://drafts.csswg.org/cssom/#css-property-to-idl-attribute: a "-"
  // and the ASCII lower alpha after it become that letter in upper case
  // (what /-([a-z])/g with a replacer did). Start-up makes the attributes
  // of every supported property, so this is done with indexOf and slices:
  // String#replace with a regular expression and a callback cost about
  // 23 k instructions a call, this about 10 k, a loop appending a character
  // at a time about 34 k (callgrind, jsloop-bare, the 247 properties).
  const cssToIdl = (p) => {
    if (p.startsWith('--')) return p;
    let i = p.indexOf('-');
    if (i === -1) return p;
    let out = '';
    let from = 0;
    while (i !== -1) {
      const next = p.charCodeAt(i + 1);
      if (next >= 0x61 && next <= 0x7a) {
        out += p.slice(from, i) + String.fromCharCode(next - 0x20);
        from = i + 2;
        i = p.indexOf('-', from);
      } else {
        i = p.indexOf('-', i + 1);
      }
    }
    return out + p.slice(from);
  };
  // https://drafts.csswg.org/cssom/#idl-attribute-to-css-property
  const idlToCss = (a) => a.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());
  const isCustomProperty = (p) => p.startsWith('--');
  // https://drafts.csswg.org/css-syntax/#parse-a-list-of-declarations (simplified:
  // split at top-level semicolons, outside strings and brackets).
  function parseDeclarations(text) {
    const out = [];
    let depth = 0, quote = null, start = 0;
    const parts = [];
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      if (quote) { if (c === '\\') i++; else if (c === quote) quote = null; continue; }
      if (c === '"' || c === "'") quote = c;
      else if (c === '(' || c === '[' || c === '{') depth++;
      else if (c === ')' || c === ']' || c === '}') depth = Math.max(0, depth - 1);
      else if (c === ';' && depth === 0) { parts.push(text.slice(start, i)); start = i + 1; }
    }
    parts.push(text.slice(start));
    for (const part of parts) {
      const colon = part.indexOf(':');
      if (colon < 0) continue;
      let name = part.slice(0, colon).trim();
      let value = part.slice(colon + 1).trim();
      if (!isCustomProperty(name)) name = lower(name);
      if (!isCustomProperty(name) && !isKnownCss(name)) continue;
      let important = false;
      const m = /!\s*important\s*$/i.exec(value);
      if (m) { important = true; value = value.slice(0, m.index).trim(); }
      if (value === '' && !isCustomProperty(name)) continue;
      const existing = out.findIndex((d) => d.name === name);
      if (existing >= 0) out.splice(existing, 1);
      out.push({ name, value, important });
    }
    return out;
  }
  // https://drafts.csswg.org/cssom/#serialize-a-css-declaration-block
  function serializeDeclarations(decls) {
    return decls.map((d) => `${d.name}: ${d.value}${d.important ? ' !important' : ''};`).join(' ');
  }
  // Replaces the declarations, noting each property whose value changes.
  function setDeclarations(style, decls) {
    const r = N(style);
    // (A style rule's block has no owner node: the document's style changed.)
    if (r.owner === null) { r.decls = decls; useStyle(); if (typeof host.renderingChanged === 'function') host.renderingChanged(); return; }
    const valueIn = (list, name) => { const d = list.find((x) => x.name === name); return d ? d.value : ''; };
    for (const name of new Set(r.decls.map((d) => d.name).concat(decls.map((d) => d.name)))) {
      const before = valueIn(r.decls, name);
      if (before !== valueIn(decls, name)) note(r.owner, 'style', name, before);
    }
    r.decls = decls;
  }
  // https://drafts.csswg.org/cssom/#update-style-attribute-for
  function updateStyleAttribute(style) {
    const r = N(style);
    // (Step 1. Let owner node be the owner node: a style rule's block has none.)
    if (r.owner === null) return;
    // Step 2. Set the declaration block's updating flag.
    r.updating = true;
    // Step 3. Set an attribute value for owner node using "style" and the serialization.
    try { setAttributeValue(r.owner, 'style', serializeDeclarations(r.decls)); } finally {
      // Step 4. Unset the declaration block's updating flag.
      r.updating = false;
    }
  }
  function styleValue(el, name) {
    const st = N(el).style;
    const decls = st ? N(st).decls : parseDeclarations(getAttr(el, 'style') || '');
    const d = decls.find((x) => x.name === name);
    return d ? d.value : '';
  }
  class CSSStyleDeclaration {
    constructor() { throw new TypeError("Failed to construct 'CSSStyleDeclaration': Illegal constructor"); }
    get cssText() { return serializeDeclarations(N(this).decls); }
    // https://drafts.csswg.org/cssom/#dom-cssstyledeclaration-csstext
    set cssText(v) {
      // Step 1. If the readonly flag is set, then throw a NoModificationAllowedError exception.
      readonlyCheck(this, "set the 'cssText' property", 'cssText');
      // Step 2-3. Empty the declarations; parse the given value and, if the return value is not the empty list, insert the items.
      setDeclarations(this, parseDeclarations(v === null ? '' : String(v)));
      // Step 4. Update style attribute for the CSS declaration block.
      updateStyleAttribute(this);
    }
    get length() { return N(this).decls.length; }
    item(i) { const d = N(this).decls[i >>> 0]; return d ? d.name : ''; }
    // https://drafts.csswg.org/cssom/#dom-cssstyledeclaration-getpropertyvalue
    getPropertyValue(property) {
      property = String(property);
      // Step 1. If property is not a custom property, let property be property converted to ASCII lowercase.
      if (!isCustomProperty(property)) property = lower(property);
      // Step 3. If property is a case-sensitive match for a property name of a CSS declaration in the declarations, return the serialization of its value.
      const d = N(this).decls.find((x) => x.name === property);
      // Step 4. Return the empty string.
      return d ? d.value : '';
    }
    getPropertyPriority(property) {
      property = String(property);
      if (!isCustomProperty(property)) property = lower(property);
      const d = N(this).decls.find((x) => x.name === property);
      return d && d.important ? 'important' : '';
    }
    // https://drafts.csswg.org/cssom/#dom-cssstyledeclaration-setproperty
    setProperty(property, value, priority = '') {
      property = String(property);
      value = value === null ? '' : String(value);
      priority = String(priority);
      // Step 1. If the readonly flag is set, then throw a NoModificationAllowedError exception.
      readonlyCheck(this, "execute 'setProperty'", property);
      // Step 2. If property is not a custom property: lowercase it; if it is not a supported CSS property, return.
      if (!isCustomProperty(property)) {
        property = lower(property);
        if (!isKnownCss(property)) return;
      }
      // Step 3. If value is the empty string, invoke removeProperty() with property as argument and return.
      if (value.trim() === '') { this.removeProperty(property); return; }
      // Step 4. If priority is not the empty string and is not an ASCII case-insensitive match for "important", then return.
      if (priority !== '' && lower(priority) !== 'important') return;
      // Step 5. Let component value list be the result of parsing value for property (kept as written).
      value = value.trim();
      if (/[;{}]/.test(value) || /!\s*important/i.test(value)) return;
      const important = priority !== '';
      // Step 6-8. Set the CSS declaration; if updated, update style attribute for the CSS declaration block.
      const r = N(this);
      const i = r.decls.findIndex((d) => d.name === property);
      if (i >= 0 && r.decls[i].value === value && r.decls[i].important === important) return;
      const decls = r.decls.slice();
      if (i >= 0) decls[i] = { name: property, value, important };
      else decls.push({ name: property, value, important });
      setDeclarations(this, decls);
      updateStyleAttribute(this);
    }
    // https://drafts.csswg.org/cssom/#dom-cssstyledeclaration-removeproperty
    removeProperty(property) {
      property = String(property);
      // Step 1. If the readonly flag is set, then throw a NoModificationAllowedError exception.
      readonlyCheck(this, "execute 'removeProperty'", property);
      // Step 2. If property is not a custom property, let property be property converted to ASCII lowercase.
      if (!isCustomProperty(property)) property = lower(property);
      // Step 3. Let value be the return value of invoking getPropertyValue() with property as argument.
      const value = this.getPropertyValue(property);
      // Step 4-6. Remove the declaration, if there is one.
      const r = N(this);
      const i = r.decls.findIndex((d) => d.name === property);
      // Step 7. If removed is true, update style attribute for the CSS declaration block.
      if (i >= 0) {
        setDeclarations(this, r.decls.filter((_, j) => j !== i));
        updateStyleAttribute(this);
      }
      // Step 8. Return value.
      return value;
    }
    get parentRule() { return N(this).parentRule || null; }
    get cssFloat() { return this.getPropertyValue('float'); }
    set cssFloat(v) { this.setProperty('float', v); }
    get [Symbol.toStringTag]() { return 'CSSStyleDeclaration'; }
  }
  // The camel-cased and dashed attributes of every supported property.
  // https://drafts.csswg.org/cssom/#dom-cssstyledeclaration-camel-cased-attribute
  // (Each an enumerable, configurable accessor whose getter and setter, C
  // functions named get and set made by host.defineStyleAttributes, call
  // these with the property: 247 properties at every start.)
  function styleGet(p) { return this.getPropertyValue(p); }
  // Setting invokes setProperty() with the property, the value, and no third argument.
  function styleSet(p, v) { this.setProperty(p, v === null ? '' : String(v)); }
  host.defineStyleAttributes(CSSStyleDeclaration.prototype, CSS_PROPERTIES, styleGet, styleSet);
  function readonlyCheck(style, what, property) {
    if (N(style).readonly) {
      throw new DOMException(`Failed to ${what} on 'CSSStyleDeclaration': These styles are computed, and therefore the '${property}' property is read-only.`, 'NoModificationAllowedError');
    }
  }
  // https://drafts.csswg.org/cssom/#css-declaration-blocks: a block whose
  // record is `record` (27_css.js: a style rule's, with its parent CSS rule
  // and no owner node; getComputedStyle's, readonly, its declarations a
  // getter), indexed by its property names.
  function makeDeclarationBlock(record) {
    const base = Object.create(CSSStyleDeclaration.prototype);
    setRecord(base, record);
    const style = makeList(CSSStyleDeclaration.prototype, () => N(base).decls.map((d) => d.name));
    setRecord(style, record);
    return style;
  }
  function makeStyle(el) {
    const base = Object.create(CSSStyleDeclaration.prototype);
    const record = { type: -1, owner: el, decls: parseDeclarations(getAttr(el, 'style') || ''), updating: false };
    setRecord(base, record);
    // Indexed access gives the property names, in order.
    const style = makeList(CSSStyleDeclaration.prototype, () => N(base).decls.map((d) => d.name));
    setRecord(style, record);
    return style;
  }

  // ---------------------------------------------------------------- selectors
  // https://dom.spec.whatwg.org/#scope-match-a-selectors-string with
  // https://drafts.csswg.org/selectors-4/: type and universal selectors, #id,
  // .class, attribute selectors ([a], =, ~=, |=, ^=, $=, *=, with i/s),
  // structural pseudo-classes, :not/:is/:where/:has, :scope, and the four combinators.
  const selectorCache = new Map();
  function parseSelector(text, method, iface) {
    const key = text;
    if (selectorCache.has(key)) return selectorCache.get(key);
    const fail = () => {
      if (text.trim() === '') throw new DOMException(`Failed to execute '${method}' on '${iface}': The provided selector is empty.`, 'SyntaxError');
      throw new DOMException(`Failed to execute '${method}' on '${iface}': '${text}' is not a valid selector.`, 'SyntaxError');
    };
    let pos = 0;
    const s = text;
    const peek = () => s[pos];
    const ws = () => { let any = false; while (pos < s.length && /[ \t\n\r\f]/.test(s[pos])) { pos++; any = true; } return any; };
    const isNameStart = (c) => c !== undefined && (/[A-Za-z_]/.test(c) || c.charCodeAt(0) >= 0x80 || c === '\\');
    const isName = (c) => c !== undefined && (/[A-Za-z0-9_-]/.test(c) || c.charCodeAt(0) >= 0x80 || c === '\\');
    function escape() {
      pos++; // backslash
      const m = /^[0-9a-fA-F]{1,6}[ \t\n\r\f]?/.exec(s.slice(pos));
      if (m) {
        pos += m[0].length;
        const cp = parseInt(m[0], 16);
        return cp === 0 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff) ? '\ufffd' : String.fromCodePoint(cp);
      }
      if (pos >= s.length) return '\ufffd';
      const c = String.fromCodePoint(s.codePointAt(pos));
      pos += c.length;
      return c;
    }
    function ident() {
      let out = '';
      const start = pos;
      if (peek() === '-') { out += '-'; pos++; }
      if (peek() === '-') { out += '-'; pos++; } else if (!isNameStart(peek())) { pos = start; return null; }
      while (isName(peek())) out += peek() === '\\' ? escape() : s[pos++];
      return out;
    }
    function string() {
      const qc = s[pos++];
      let out = '';
      while (pos < s.length && s[pos] !== qc) {
        if (s[pos] === '\\') { if (s[pos + 1] === '\n') { pos += 2; continue; } out += escape(); } else out += s[pos++];
      }
      if (s[pos] !== qc) fail();
      pos++;
      return out;
    }
    function nth(arg) {
      // https://drafts.csswg.org/css-syntax/#anb-microsyntax
      arg = lower(arg.trim());
      if (arg === 'odd') return [2, 1];
      if (arg === 'even') return [2, 0];
      const m = /^([+-]?\d*)n\s*(?:([+-])\s*(\d+))?$/.exec(arg);
      if (m) {
        const a = m[1] === '' || m[1] === '+' ? 1 : m[1] === '-' ? -1 : parseInt(m[1], 10);
        const b = m[2] ? (m[2] === '-' ? -1 : 1) * parseInt(m[3], 10) : 0;
        return [a, b];
      }
      if (/^[+-]?\d+$/.test(arg)) return [0, parseInt(arg, 10)];
      return fail();
    }
    function balanced() {
      // The argument of a functional pseudo-class, up to its closing parenthesis.
      let depth = 1, start = pos;
      while (pos < s.length) {
        const c = s[pos];
        if (c === '"' || c === "'") { string(); continue; }
        if (c === '\\') { pos += 2; continue; }
        if (c === '(') depth++;
        else if (c === ')' && --depth === 0) break;
        pos++;
      }
      if (s[pos] !== ')') fail();
      const arg = s.slice(start, pos);
      pos++;
      return arg;
    }
    function compound() {
      const c = { tag: null, ids: [], classes: [], attrs: [], pseudos: [] };
      let any = false;
      if (peek() === '*') { pos++; c.tag = '*'; any = true; } else {
        const t = ident();
        if (t !== null) { c.tag = lower(t); any = true; }
      }
      for (;;) {
        const ch = peek();
        if (ch === '#') {
          pos++;
          let name = '';
          while (isName(peek())) name += peek() === '\\' ? escape() : s[pos++];
          if (!name) fail();
          c.ids.push(name);
        } else if (ch === '.') {
          pos++;
          const name = ident();
          if (name === null) fail();
          c.classes.push(name);
        } else if (ch === '[') {
          pos++; ws();
          const name = ident();
          if (name === null) fail();
          ws();
          const a = { name: lower(name), rawName: name, op: null, value: null, ci: false };
          if (peek() === ']') { pos++; c.attrs.push(a); any = true; continue; }
          const opm = /^([~|^$*]?=)/.exec(s.slice(pos));
          if (!opm) fail();
          a.op = opm[1];
          pos += a.op.length;
          ws();
          if (peek() === '"' || peek() === "'") a.value = string();
          else { a.value = ident(); if (a.value === null) fail(); }
          ws();
          if (/[iIsS]/.test(peek() || '') && !isName(s[pos + 1])) { a.ci = lower(s[pos]) === 'i'; pos++; ws(); }
          if (peek() !== ']') fail();
          pos++;
          c.attrs.push(a);
        } else if (ch === ':') {
          pos++;
          if (peek() === ':') fail(); // pseudo-elements never match an element
          const name = ident();
          if (name === null) fail();
          const n = lower(name);
          if (peek() === '(') {
            pos++;
            const arg = balanced();
            if (n === 'not' || n === 'is' || n === 'where' || n === 'matches') c.pseudos.push({ name: n === 'matches' ? 'is' : n, list: parseSelector(arg, method, iface) });
            else if (n === 'has') c.pseudos.push({ name: n, list: parseRelative(arg) });
            else if (n === 'nth-child' || n === 'nth-last-child') {
              const m = /^(.*?)\s+of\s+(.*)$/i.exec(arg);
              c.pseudos.push({ name: n, ab: nth(m ? m[1] : arg), of: m ? parseSelector(m[2], method, iface) : null });
            } else if (n === 'nth-of-type' || n === 'nth-last-of-type') c.pseudos.push({ name: n, ab: nth(arg) });
            else fail();
          } else if (PSEUDO_CLASSES.has(n)) c.pseudos.push({ name: n });
          else fail();
        } else break;
        any = true;
      }
      return any ? c : null;
    }
    function complex(relative) {
      // Compounds and the combinators between them, left to right.
      const parts = [];
      ws();
      let comb = null;
      if (relative && /[>+~]/.test(peek() || '')) { comb = s[pos++]; ws(); } else if (relative) comb = ' ';
      for (;;) {
        const c = compound();
        if (!c) fail();
        parts.push({ compound: c, combinator: comb });
        const sawWs = ws();
        const ch = peek();
        if (ch === undefined || ch === ',' || ch === ')') break;
        if (ch === '>' || ch === '+' || ch === '~') { comb = ch; pos++; ws(); } else if (sawWs) comb = ' ';
        else fail();
      }
      return parts;
    }
    function list(relative) {
      const out = [];
      for (;;) {
        out.push(complex(relative));
        if (peek() === ',') { pos++; continue; }
        break;
      }
      if (pos !== s.length) fail();
      return out;
    }
    function parseRelative(arg) { return parseSelectorRelative(arg, method, iface); }
    const result = list(false);
    if (selectorCache.size > 500) selectorCache.clear();
    selectorCache.set(key, result);
    return result;
  }
  function parseSelectorRelative(text, method, iface) {
    // :has() takes a relative selector list: each complex selector starts
    // with a combinator (descendant by default), anchored at :scope.
    return text.split(',').map((part) => {
      const t = part.trim();
      const m = /^([>+~])\s*(.*)$/s.exec(t);
      const rest = parseSelector(m ? m[2] : t, method, iface);
      if (rest.length !== 1) throw new DOMException(`Failed to execute '${method}' on '${iface}': '${text}' is not a valid selector.`, 'SyntaxError');
      const parts = rest[0].slice();
      parts[0] = { compound: parts[0].compound, combinator: m ? m[1] : ' ' };
      return parts;
    });
  }
  const PSEUDO_CLASSES = new Set(['first-child', 'last-child', 'only-child', 'first-of-type', 'last-of-type', 'only-of-type', 'root', 'empty',
    'scope', 'checked', 'disabled', 'enabled', 'link', 'any-link', 'defined', 'required', 'optional', 'read-only', 'read-write',
    'hover', 'active', 'focus', 'focus-visible', 'focus-within', 'visited', 'target', 'placeholder-shown']);
  const parentElement = (n) => { const p = parentOf(n); return p && typeOf(p) === ELEMENT_NODE ? p : null; };
  const prevElement = (n) => { const p = parentOf(n); if (!p) return null; const k = kidsOf(p); for (let i = k.indexOf(n) - 1; i >= 0; i--) if (typeOf(k[i]) === ELEMENT_NODE) return k[i]; return null; };
  const nextElement = (n) => { const p = parentOf(n); if (!p) return null; const k = kidsOf(p); for (let i = k.indexOf(n) + 1; i < k.length; i++) if (typeOf(k[i]) === ELEMENT_NODE) return k[i]; return null; };
  function matchesNth([a, b], index) {
    // index is 1-based; matches if index = a*n + b for some n >= 0.
    if (a === 0) return index === b;
    const n = (index - b) / a;
    return Number.isInteger(n) && n >= 0;
  }
  const DISABLEABLE = new Set(['button', 'input', 'select', 'textarea', 'optgroup', 'option', 'fieldset']);
  function matchCompound(el, c, scope) {
    const r = N(el);
    if (c.tag !== null && c.tag !== '*' && (r.namespace === HTML_NS ? lower(r.localName) !== c.tag : r.localName !== c.tag)) return false;
    for (const id of c.ids) if (getAttr(el, 'id') !== id) return false;
    if (c.classes.length) {
      const cls = (getAttr(el, 'class') || '').split(ASCII_WS_G);
      for (const k of c.classes) if (!cls.includes(k)) return false;
    }
    for (const a of c.attrs) {
      const attr = attrsOf(el).find((x) => (r.namespace === HTML_NS ? lower(qualifiedName(x)) === a.name : qualifiedName(x) === a.rawName));
      if (!attr) return false;
      if (a.op === null) continue;
      let v = N(attr).value, want = a.value;
      if (a.ci) { v = lower(v); want = lower(want); }
      switch (a.op) {
        case '=': if (v !== want) return false; break;
        case '~=': if (want === '' || ASCII_WS.test(want) || !v.split(ASCII_WS_G).includes(want)) return false; break;
        case '|=': if (v !== want && !v.startsWith(want + '-')) return false; break;
        case '^=': if (want === '' || !v.startsWith(want)) return false; break;
        case '$=': if (want === '' || !v.endsWith(want)) return false; break;
        case '*=': if (want === '' || !v.includes(want)) return false; break;
      }
    }
    for (const p of c.pseudos) if (!matchPseudo(el, p, scope)) return false;
    return true;
  }
  function matchPseudo(el, p, scope) {
    const parent = parentOf(el);
    const siblings = () => (parent ? elementChildren(parent) : [el]);
    const sameType = () => siblings().filter((e) => N(e).localName === N(el).localName && N(e).namespace === N(el).namespace);
    switch (p.name) {
      case 'first-child': return prevElement(el) === null;
      case 'last-child': return nextElement(el) === null;
      case 'only-child': return prevElement(el) === null && nextElement(el) === null;
      case 'first-of-type': return sameType()[0] === el;
      case 'last-of-type': { const t = sameType(); return t[t.length - 1] === el; }
      case 'only-of-type': return sameType().length === 1;
      case 'nth-child': case 'nth-last-child': {
        let list = siblings();
        if (p.of) { if (!matchesList(el, p.of, scope)) return false; list = list.filter((e) => matchesList(e, p.of, scope)); }
        const i = list.indexOf(el);
        return matchesNth(p.ab, p.name === 'nth-child' ? i + 1 : list.length - i);
      }
      case 'nth-of-type': case 'nth-last-of-type': {
        const list = sameType();
        const i = list.indexOf(el);
        return matchesNth(p.ab, p.name === 'nth-of-type' ? i + 1 : list.length - i);
      }
      case 'root': return parent !== null && typeOf(parent) === DOCUMENT_NODE;
      case 'empty': return kidsOf(el).every((c) => typeOf(c) !== ELEMENT_NODE && !(typeOf(c) === TEXT_NODE && N(c).data !== ''));
      case 'scope': return scope ? el === scope : (parent !== null && typeOf(parent) === DOCUMENT_NODE);
      case 'not': return !matchesList(el, p.list, scope);
      case 'is': case 'where': return matchesList(el, p.list, scope);
      case 'has': return p.list.some((rel) => hasRelative(el, rel));
      case 'checked': return N(el).localName === 'input' && getAttr(el, 'checked') !== null && /^(checkbox|radio)$/i.test(getAttr(el, 'type') || '');
      case 'disabled': return isHTMLElement(el) && DISABLEABLE.has(N(el).localName) && getAttr(el, 'disabled') !== null;
      case 'enabled': return isHTMLElement(el) && DISABLEABLE.has(N(el).localName) && getAttr(el, 'disabled') === null;
      case 'link': case 'any-link': return (N(el).localName === 'a' || N(el).localName === 'area') && getAttr(el, 'href') !== null;
      case 'defined': return true;
      case 'required': return getAttr(el, 'required') !== null;
      case 'optional': return /^(input|select|textarea)$/.test(N(el).localName) && getAttr(el, 'required') === null;
      case 'read-only': return !/^(input|textarea)$/.test(N(el).localName) && getAttr(el, 'contenteditable') === null;
      case 'read-write': return /^(input|textarea)$/.test(N(el).localName) || getAttr(el, 'contenteditable') !== null;
      default: return false; // hover, active, focus, visited, target, ...: no user agent state in jsloop
    }
  }
  function hasRelative(anchor, parts) {
    // parts[0].combinator relates parts[0] to the anchor.
    const candidates = (from, comb) => {
      if (comb === '>') return elementChildren(from);
      if (comb === ' ') return descendants(from, (c) => typeOf(c) === ELEMENT_NODE);
      if (comb === '+') { const n = nextElement(from); return n ? [n] : []; }
      const out = []; for (let n = nextElement(from); n; n = nextElement(n)) out.push(n); return out;
    };
    const step = (from, i) => {
      for (const c of candidates(from, parts[i].combinator)) {
        if (!matchCompound(c, parts[i].compound, anchor)) continue;
        if (i === parts.length - 1 || step(c, i + 1)) return true;
      }
      return false;
    };
    return step(anchor, 0);
  }
  function matchesComplex(el, parts, i, scope) {
    if (!matchCompound(el, parts[i].compound, scope)) return false;
    if (i === 0) return true;
    switch (parts[i].combinator) {
      case '>': { const p = parentElement(el); return p !== null && matchesComplex(p, parts, i - 1, scope); }
      case ' ': for (let a = parentElement(el); a; a = parentElement(a)) if (matchesComplex(a, parts, i - 1, scope)) return true; return false;
      case '+': { const p = prevElement(el); return p !== null && matchesComplex(p, parts, i - 1, scope); }
      case '~': for (let p = prevElement(el); p; p = prevElement(p)) if (matchesComplex(p, parts, i - 1, scope)) return true; return false;
    }
    return false;
  }
  function matchesList(el, list, scope) {
    return list.some((parts) => matchesComplex(el, parts, parts.length - 1, scope));
  }
  function ifaceName(node) {
    const t = typeOf(node);
    return t === DOCUMENT_NODE ? 'Document' : t === DOCUMENT_FRAGMENT_NODE ? 'DocumentFragment' : 'Element';
  }
  // https://dom.spec.whatwg.org/#scope-match-a-selectors-string
  function scopeMatch(node, selectors, method, all) {
    const list = parseSelector(String(selectors), method, ifaceName(node));
    const scope = typeOf(node) === ELEMENT_NODE ? node : null;
    const out = [];
    someDescendant(node, (c) => {
      if (typeOf(c) === ELEMENT_NODE && matchesList(c, list, scope)) { out.push(c); return !all; }
      return false;
    });
    return out;
  }

  // ---------------------------------------------------------------- HTML serialization
  // https://html.spec.whatwg.org/multipage/parsing.html#serialising-html-fragments
  const VOID_ELEMENTS = new Set(['area', 'base', 'basefont', 'bgsound', 'br', 'col', 'embed', 'frame', 'hr', 'img', 'input', 'keygen', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
  const RAW_TEXT_PARENTS = new Set(['style', 'script', 'xmp', 'iframe', 'noembed', 'noframes', 'plaintext', 'noscript']);
  // https://html.spec.whatwg.org/multipage/parsing.html#escapingString
  function escapeString(s, attributeMode) {
    s = s.replace(/&/g, '&amp;').replace(/\u00a0/g, '&nbsp;');
    if (attributeMode) s = s.replace(/"/g, '&quot;');
    return s.replace(/</g, '&lt;').replace(/>/g, '&gt;');
  }
  function serializeChildren(node) {
    // Step 2 (template: its content; jsloop's template keeps its children).
    let s = '';
    for (const c of kidsOf(node)) s += serializeNode(c, node);
    return s;
  }
  function serializeNode(n, parent) {
    const r = N(n);
    switch (r.type) {
      case ELEMENT_NODE: {
        const tag = r.namespace === HTML_NS ? r.localName : qualifiedName(n);
        let s = '<' + tag;
        for (const a of r.attrs) s += ' ' + qualifiedName(a) + '="' + escapeString(N(a).value, true) + '"';
        s += '>';
        if (r.namespace === HTML_NS && VOID_ELEMENTS.has(r.localName)) return s;
        return s + serializeChildren(n) + '</' + tag + '>';
      }
      case TEXT_NODE:
        if (parent && typeOf(parent) === ELEMENT_NODE && N(parent).namespace === HTML_NS && RAW_TEXT_PARENTS.has(N(parent).localName)) return r.data;
        return escapeString(r.data, false);
      case COMMENT_NODE: return '<!--' + r.data + '-->';
      case PROCESSING_INSTRUCTION_NODE: return '<?' + r.target + ' ' + r.data + '>';
      case DOCUMENT_TYPE_NODE: return '<!DOCTYPE ' + r.name + '>';
      default: return serializeChildren(n);
    }
  }

  // ---------------------------------------------------------------- HTML parsing (host)
  // host.parseHTML(markup, fragment[, contextLocalName]) returns plain objects
  // ({t:'document'|'element'|'text'|'comment'|'doctype', ...}); this turns them into nodes.
  function buildFromTree(tree, doc = document) {
    if (Array.isArray(tree)) return tree.map((t) => buildFromTree(t, doc));
    switch (tree.t) {
      case 'document': {
        const frag = createFragment(doc);
        for (const c of tree.children || []) appendQuietly(frag, buildFromTree(c, doc));
        return frag;
      }
      case 'element': {
        const el = createElementInternal(doc, String(tree.name), tree.ns || HTML_NS);
        // Scripts made by the fragment parser (innerHTML) never run: "already started".
        if (el.localName === 'script') scriptsFromMarkup.add(el);
        for (const [name, value] of tree.attrs || []) {
          const a = newAttr(doc, String(name), String(value));
          attrsOf(el).push(a);
          N(a).element = el;
          attributeChangeSteps(el, String(name), null, String(value), null);
        }
        for (const c of tree.children || []) appendQuietly(el, buildFromTree(c, doc));
        return el;
      }
      case 'text': return createText(doc, String(tree.data));
      case 'comment': return createComment(doc, String(tree.data));
      case 'doctype': return createDoctype(doc, String(tree.name || 'html'), String(tree.publicId || ''), String(tree.systemId || ''));
      default: throw new TypeError('buildFromTree: unknown node kind ' + tree.t);
    }
  }
  // Context elements whose text content the parser treats specially (the
  // fast path below does not apply to them).
  const SPECIAL_CONTEXTS = new Set(['html', 'head', 'table', 'tbody', 'thead', 'tfoot', 'tr', 'td', 'th', 'caption', 'colgroup', 'col', 'select', 'frameset', 'template', 'plaintext']);
  // https://html.spec.whatwg.org/multipage/parsing.html#html-fragment-parsing-algorithm
  function parseFragment(context, markup) {
    const doc = N(context).doc;
    const fragment = createFragment(doc);
    // Markup without '<', '&', CR or NUL parses to one text node (or none) in
    // an ordinary context: no parser needed.
    if (!/[<&\r\0]/.test(markup) && !SPECIAL_CONTEXTS.has(N(context).localName)) {
      if (markup !== '') appendQuietly(fragment, createText(doc, markup));
      return fragment;
    }
    if (typeof host.parseHTML !== 'function') throw new Error('jsloop: the HTML parser is not wired yet (host.parseHTML is missing), so markup cannot be parsed');
    const nodes = host.parseHTML(markup, true, N(context).localName);
    for (const n of nodes) appendQuietly(fragment, buildFromTree(n, doc));
    return fragment;
  }

  // ---------------------------------------------------------------- Node
  const constructing = new Set();
  // https://dom.spec.whatwg.org/#interface-node
  class Node extends EventTarget {
    constructor() {
      super();
      if (!constructing.has(new.target)) throw new TypeError(`Failed to construct '${new.target.name}': Illegal constructor`);
    }
    get nodeType() { return N(this).type; }
    get nodeName() { return nodeName(this); }
    get baseURI() { return documentBaseURL(N(this).doc || this); }
    get isConnected() { return isConnected(this); }
    get ownerDocument() { return typeOf(this) === DOCUMENT_NODE ? null : N(this).doc; }
    // https://dom.spec.whatwg.org/#dom-node-getrootnode
    getRootNode(options = undefined) {
      // Step 1. Return this's shadow-including root if options["composed"] is true; otherwise this's root.
      return options !== undefined && options !== null && options.composed ? shadowIncludingRoot(this) : rootOf(this);
    }
    get parentNode() { return parentOf(this); }
    get parentElement() { return parentElement(this); }
    hasChildNodes() { return kidsOf(this).length > 0; }
    get childNodes() { return cached(this, 'childNodesList', () => makeList(NodeList.prototype, () => kidsOf(this))); }
    get firstChild() { return kidsOf(this)[0] || null; }
    get lastChild() { const k = kidsOf(this); return k[k.length - 1] || null; }
    get previousSibling() { return previousSibling(this); }
    get nextSibling() { return nextSibling(this); }
    // https://dom.spec.whatwg.org/#dom-node-nodevalue
    get nodeValue() { return isCharacterData(this) ? N(this).data : null; }
    set nodeValue(v) { if (isCharacterData(this)) replaceData(this, 0, N(this).data.length, v === null ? '' : String(v)); }
    // https://dom.spec.whatwg.org/#dom-node-textcontent
    get textContent() {
      const t = typeOf(this);
      if (t === ELEMENT_NODE || t === DOCUMENT_FRAGMENT_NODE) return descendantText(this);
      if (isCharacterData(this)) return N(this).data;
      return null;
    }
    set textContent(v) {
      const value = v === null ? '' : String(v);
      const t = typeOf(this);
      if (t === ELEMENT_NODE || t === DOCUMENT_FRAGMENT_NODE) stringReplaceAll(value, this);
      else if (isCharacterData(this)) replaceData(this, 0, N(this).data.length, value);
    }
    // https://dom.spec.whatwg.org/#dom-node-normalize
    normalize() {
      for (const node of descendants(this, (c) => typeOf(c) === TEXT_NODE)) {
        if (parentOf(node) === null) continue;
        // Step 1-2. Let length be node's length; if it is 0, remove node and continue.
        if (N(node).data.length === 0) { remove(node, false); continue; }
        // Step 3. Let data be the concatenation of the data of node's contiguous exclusive Text nodes.
        let data = '';
        for (let n = nextSibling(node); n && typeOf(n) === TEXT_NODE; n = nextSibling(n)) data += N(n).data;
        if (data === '') continue;
        // Step 4. Replace data with node node, offset length, count 0, and data data.
        replaceData(node, N(node).data.length, 0, data);
        // Step 6-7. Remove node's contiguous exclusive Text nodes, in tree order.
        while (nextSibling(node) && typeOf(nextSibling(node)) === TEXT_NODE) remove(nextSibling(node), false);
      }
    }
    // https://dom.spec.whatwg.org/#dom-node-clonenode
    cloneNode(deep = false) { return cloneANode(this, N(this).doc || this, !!deep); }
    // https://dom.spec.whatwg.org/#dom-node-isequalnode
    isEqualNode(other) { return other !== null && other !== undefined && isNode(other) && equalNodes(this, other); }
    isSameNode(other) { return this === other; }
    // https://dom.spec.whatwg.org/#dom-node-comparedocumentposition
    compareDocumentPosition(other) {
      requireNode(other, 'compareDocumentPosition');
      if (this === other) return 0;
      if (rootOf(this) !== rootOf(other)) return 1 | 32 | (ordinal(this) < ordinal(other) ? 4 : 2);
      if (isInclusiveAncestor(other, this)) return 8 | 2;
      if (isInclusiveAncestor(this, other)) return 16 | 4;
      return precedes(other, this) ? 2 : 4;
    }
    // https://dom.spec.whatwg.org/#dom-node-contains
    contains(other) { return other !== null && other !== undefined && isNode(other) && isInclusiveAncestor(this, other); }
    lookupPrefix(namespace) { return null; }
    lookupNamespaceURI(prefix) { return prefix === null || prefix === undefined ? (typeOf(this) === ELEMENT_NODE || typeOf(this) === DOCUMENT_NODE ? HTML_NS : null) : null; }
    isDefaultNamespace(ns) { return ns === HTML_NS; }
    // https://dom.spec.whatwg.org/#dom-node-insertbefore
    insertBefore(node, child) {
      requireArgs(arguments.length, 2, 'insertBefore', 'Node');
      requireNode(node, 'insertBefore');
      if (child !== null && child !== undefined) requireNode(child, 'insertBefore', 'Node', 2);
      return preInsert(node, this, child ?? null, 'insertBefore');
    }
    // https://dom.spec.whatwg.org/#dom-node-appendchild
    appendChild(node) { requireArgs(arguments.length, 1, 'appendChild', 'Node'); requireNode(node, 'appendChild'); return append(node, this, 'appendChild'); }
    // https://dom.spec.whatwg.org/#dom-node-replacechild
    replaceChild(node, child) { requireArgs(arguments.length, 2, 'replaceChild', 'Node'); requireNode(node, 'replaceChild'); requireNode(child, 'replaceChild', 'Node', 2); return replace(child, node, this); }
    // https://dom.spec.whatwg.org/#dom-node-removechild
    removeChild(child) { requireArgs(arguments.length, 1, 'removeChild', 'Node'); requireNode(child, 'removeChild'); return preRemove(child, this); }
    get [Symbol.toStringTag]() { return this.constructor.name; }
  }
  const NODE_CONSTANTS = {
    ELEMENT_NODE, ATTRIBUTE_NODE, TEXT_NODE, CDATA_SECTION_NODE, ENTITY_REFERENCE_NODE: 5, ENTITY_NODE: 6, PROCESSING_INSTRUCTION_NODE,
    COMMENT_NODE, DOCUMENT_NODE, DOCUMENT_TYPE_NODE, DOCUMENT_FRAGMENT_NODE, NOTATION_NODE: 12,
    DOCUMENT_POSITION_DISCONNECTED: 1, DOCUMENT_POSITION_PRECEDING: 2, DOCUMENT_POSITION_FOLLOWING: 4, DOCUMENT_POSITION_CONTAINS: 8,
    DOCUMENT_POSITION_CONTAINED_BY: 16, DOCUMENT_POSITION_IMPLEMENTATION_SPECIFIC: 32,
  };
  for (const [k, v] of Object.entries(NODE_CONSTANTS)) {
    Object.defineProperty(Node, k, { value: v, enumerable: true });
    Object.defineProperty(Node.prototype, k, { value: v, enumerable: true });
  }
  let ordinals = new WeakMap(), nextOrdinal = 1;
  function ordinal(n) { let o = ordinals.get(rootOf(n)); if (!o) { o = nextOrdinal++; ordinals.set(rootOf(n), o); } return o; }
  function precedes(a, b) {
    // Whether a comes before b in tree order (same root).
    const chain = (n) => { const c = []; for (; n; n = parentOf(n)) c.unshift(n); return c; };
    const ca = chain(a), cb = chain(b);
    let i = 0;
    while (ca[i] === cb[i]) i++;
    if (i >= ca.length) return true;
    if (i >= cb.length) return false;
    const k = kidsOf(ca[i - 1]);
    return k.indexOf(ca[i]) < k.indexOf(cb[i]);
  }
  function nodeName(n) {
    const r = N(n);
    switch (r.type) {
      case ELEMENT_NODE: return r.namespace === HTML_NS ? upper(qualifiedName(n)) : qualifiedName(n);
      case TEXT_NODE: return '#text';
      case CDATA_SECTION_NODE: return '#cdata-section';
      case PROCESSING_INSTRUCTION_NODE: return r.target;
      case COMMENT_NODE: return '#comment';
      case DOCUMENT_NODE: return '#document';
      case DOCUMENT_TYPE_NODE: return r.name;
      case DOCUMENT_FRAGMENT_NODE: return '#document-fragment';
    }
    return '';
  }
  // https://dom.spec.whatwg.org/#string-replace-all
  function stringReplaceAll(string, parent) {
    // Step 1-2. Let node be null; if string is not the empty string, a new Text node whose data is string.
    const node = string === '' ? null : createText(N(parent).doc || parent, string);
    // Step 3. Replace all with node within parent.
    replaceAll(node, parent);
  }
  // https://dom.spec.whatwg.org/#concept-node-clone
  function cloneANode(node, doc, subtree) {
    const r = N(node);
    let copy;
    switch (r.type) {
      case ELEMENT_NODE:
        // Step 2.1. Let copy be the result of creating an element.
        copy = createElementInternal(doc, r.localName, r.namespace, r.prefix);
        // Step 2.2. For each attribute of node's attribute list: append a copy.
        for (const a of r.attrs) {
          const c = newAttr(doc, N(a).localName, N(a).value, N(a).namespace, N(a).prefix);
          attrsOf(copy).push(c);
          N(c).element = copy;
          attributeChangeSteps(copy, N(a).localName, null, N(a).value, N(a).namespace);
        }
        break;
      case DOCUMENT_NODE: copy = createDocument(); doc = copy; break;
      case DOCUMENT_TYPE_NODE: copy = createDoctype(doc, r.name, r.publicId, r.systemId); break;
      case TEXT_NODE: copy = createText(doc, r.data); break;
      case COMMENT_NODE: copy = createComment(doc, r.data); break;
      case PROCESSING_INSTRUCTION_NODE: copy = createProcessingInstruction(doc, r.target, r.data); break;
      case DOCUMENT_FRAGMENT_NODE: copy = createFragment(doc); break;
      default: throw new DOMException('Failed to execute \'cloneNode\' on \'Node\': unsupported node type.', 'NotSupportedError');
    }
    // Step 7. If subtree is true, clone each child and append it to copy.
    if (subtree) for (const c of r.kids || EMPTY) appendQuietly(copy, cloneANode(c, doc, true));
    return copy;
  }
  // https://dom.spec.whatwg.org/#concept-node-equals
  function equalNodes(a, b) {
    const ra = N(a), rb = N(b);
    if (ra.type !== rb.type) return false;
    switch (ra.type) {
      case DOCUMENT_TYPE_NODE: if (ra.name !== rb.name || ra.publicId !== rb.publicId || ra.systemId !== rb.systemId) return false; break;
      case ELEMENT_NODE:
        if (ra.namespace !== rb.namespace || ra.prefix !== rb.prefix || ra.localName !== rb.localName || ra.attrs.length !== rb.attrs.length) return false;
        for (const x of ra.attrs) if (!rb.attrs.some((y) => N(y).namespace === N(x).namespace && N(y).localName === N(x).localName && N(y).value === N(x).value)) return false;
        break;
      case TEXT_NODE: case COMMENT_NODE: if (ra.data !== rb.data) return false; break;
      case PROCESSING_INSTRUCTION_NODE: if (ra.target !== rb.target || ra.data !== rb.data) return false; break;
    }
    const ka = ra.kids || EMPTY, kb = rb.kids || EMPTY;
    return ka.length === kb.length && ka.every((c, i) => equalNodes(c, kb[i]));
  }

  // ---------------------------------------------------------------- mixins
  // https://dom.spec.whatwg.org/#interface-parentnode
  const ParentNode = {
    get children() { return cached(this, 'childrenList', () => makeList(HTMLCollection.prototype, () => elementChildren(this))); },
    get firstElementChild() { return elementChildren(this)[0] || null; },
    get lastElementChild() { const e = elementChildren(this); return e[e.length - 1] || null; },
    get childElementCount() { return elementChildren(this).length; },
    // https://dom.spec.whatwg.org/#dom-parentnode-prepend
    prepend(...nodes) {
      // Step 1. Let node be the result of converting nodes into a node.
      const node = convertNodesIntoNode(nodes, N(this).doc || this);
      // Step 2. Pre-insert node into this before this's first child.
      preInsert(node, this, kidsOf(this)[0] || null, 'prepend');
    },
    // https://dom.spec.whatwg.org/#dom-parentnode-append
    append(...nodes) {
      const node = convertNodesIntoNode(nodes, N(this).doc || this);
      append(node, this, 'append');
    },
    // https://dom.spec.whatwg.org/#dom-parentnode-replacechildren
    replaceChildren(...nodes) {
      // Step 1. Let node be the result of converting nodes into a node.
      const node = convertNodesIntoNode(nodes, N(this).doc || this);
      // Step 2. Ensure pre-insert validity of node into this before null.
      ensurePreInsertionValidity(node, this, null, 'replaceChildren');
      // Step 3. Replace all with node within this.
      replaceAll(node, this);
    },
    querySelector(selectors) { requireArgs(arguments.length, 1, 'querySelector', ifaceName(this)); return scopeMatch(this, selectors, 'querySelector', false)[0] || null; },
    querySelectorAll(selectors) { requireArgs(arguments.length, 1, 'querySelectorAll', ifaceName(this)); return staticNodeList(scopeMatch(this, selectors, 'querySelectorAll', true)); },
    getElementsByTagName(name) { return getElementsByTagName(this, String(name)); },
    getElementsByClassName(names) { return getElementsByClassName(this, String(names)); },
  };
  // https://dom.spec.whatwg.org/#interface-childnode
  const ChildNode = {
    // https://dom.spec.whatwg.org/#dom-childnode-before
    before(...nodes) {
      // Step 1-2. Let parent be this's parent; if parent is null, then return.
      const parent = parentOf(this);
      if (parent === null) return;
      // Step 3. Let viablePreviousSibling be this's first preceding sibling not in nodes; otherwise null.
      let viable = previousSibling(this);
      while (viable && nodes.includes(viable)) viable = previousSibling(viable);
      // Step 4. Let node be the result of converting nodes into a node.
      const node = convertNodesIntoNode(nodes, N(this).doc);
      // Step 5. If viablePreviousSibling is null, set it to parent's first child; otherwise to its next sibling.
      viable = viable === null ? kidsOf(parent)[0] || null : nextSibling(viable);
      // Step 6. Pre-insert node into parent before viablePreviousSibling.
      preInsert(node, parent, viable, 'before');
    },
    // https://dom.spec.whatwg.org/#dom-childnode-after
    after(...nodes) {
      const parent = parentOf(this);
      if (parent === null) return;
      // Step 3. Let viableNextSibling be this's first following sibling not in nodes; otherwise null.
      let viable = nextSibling(this);
      while (viable && nodes.includes(viable)) viable = nextSibling(viable);
      const node = convertNodesIntoNode(nodes, N(this).doc);
      // Step 5. Pre-insert node into parent before viableNextSibling.
      preInsert(node, parent, viable, 'after');
    },
    // https://dom.spec.whatwg.org/#dom-childnode-replacewith
    replaceWith(...nodes) {
      const parent = parentOf(this);
      if (parent === null) return;
      let viable = nextSibling(this);
      while (viable && nodes.includes(viable)) viable = nextSibling(viable);
      const node = convertNodesIntoNode(nodes, N(this).doc);
      // Step 5. If this's parent is parent, replace this with node within parent.
      if (parentOf(this) === parent) replace(this, node, parent);
      // Step 6. Otherwise, pre-insert node into parent before viableNextSibling.
      else preInsert(node, parent, viable, 'replaceWith');
    },
    // https://dom.spec.whatwg.org/#dom-childnode-remove
    remove() { if (parentOf(this) !== null) remove(this, false); },
  };
  // https://dom.spec.whatwg.org/#interface-nondocumenttypechildnode
  const NonDocumentTypeChildNode = {
    get previousElementSibling() { return prevElement(this); },
    get nextElementSibling() { return nextElement(this); },
  };
  function mixin(target, ...sources) {
    for (const src of sources) {
      for (const k of Object.keys(src)) {
        const d = Object.getOwnPropertyDescriptor(src, k);
        d.enumerable = true;
        Object.defineProperty(target.prototype, k, d);
      }
    }
  }
  function collectionCache(root, key, make) {
    const r = N(root);
    if (!r.collections) r.collections = new Map();
    if (!r.collections.has(key)) r.collections.set(key, make());
    return r.collections.get(key);
  }
  // https://dom.spec.whatwg.org/#concept-getelementsbytagname
  function getElementsByTagName(root, name) {
    return collectionCache(root, 'tag:' + name, () => makeList(HTMLCollection.prototype, cachedWalk(() => descendants(root, (c) => {
      if (typeOf(c) !== ELEMENT_NODE) return false;
      if (name === '*') return true;
      const r = N(c);
      return r.namespace === HTML_NS ? qualifiedName(c) === lower(name) : qualifiedName(c) === name;
    }))));
  }
  // https://dom.spec.whatwg.org/#concept-getelementsbyclassname
  function getElementsByClassName(root, names) {
    const classes = [...new Set(names.split(ASCII_WS_G).filter(Boolean))];
    return collectionCache(root, 'class:' + names, () => makeList(HTMLCollection.prototype, cachedWalk(() => classes.length === 0 ? [] : descendants(root, (c) => {
      if (typeOf(c) !== ELEMENT_NODE) return false;
      const own = (getAttr(c, 'class') || '').split(ASCII_WS_G);
      return classes.every((k) => own.includes(k));
    }))));
  }

  // ---------------------------------------------------------------- CharacterData, Text, Comment
  // https://dom.spec.whatwg.org/#interface-characterdata
  class CharacterData extends Node {
    get data() { return N(this).data; }
    set data(v) { replaceData(this, 0, N(this).data.length, v === null ? '' : String(v)); }
    get length() { return N(this).data.length; }
    // https://dom.spec.whatwg.org/#concept-cd-substring
    substringData(offset, count) {
      offset >>>= 0; count >>>= 0;
      const d = N(this).data;
      if (offset > d.length) throw new DOMException(`Failed to execute 'substringData' on 'CharacterData': The offset ${offset} is greater than the node's length (${d.length}).`, 'IndexSizeError');
      return d.substring(offset, offset + count);
    }
    appendData(data) { replaceData(this, N(this).data.length, 0, String(data)); }
    insertData(offset, data) { replaceData(this, offset >>> 0, 0, String(data)); }
    deleteData(offset, count) { replaceData(this, offset >>> 0, count >>> 0, ''); }
    replaceData(offset, count, data) { replaceData(this, offset >>> 0, count >>> 0, String(data)); }
  }
  // https://dom.spec.whatwg.org/#concept-cd-replace
  function replaceData(node, offset, count, data) {
    const r = N(node);
    // Step 1. Let length be node's length.
    const length = r.data.length;
    // Step 2. If offset is greater than length, then throw an "IndexSizeError" DOMException.
    if (offset > length) throw new DOMException(`Failed to execute 'replaceData' on 'CharacterData': The offset ${offset} is greater than the node's length (${length}).`, 'IndexSizeError');
    // Step 3. If offset plus count is greater than length, then set count to length minus offset.
    if (offset + count > length) count = length - offset;
    // Step 4. Queue a mutation record of "characterData" for node with null, null, node's data, « », « », null, and null.
    queueMutationRecord('characterData', node, null, null, r.data, [], [], null, null);
    if (r.type === TEXT_NODE) note(node, 'text', '', r.data);
    // Step 5-7. Insert data into node's data after offset code units; remove count code units starting from offset + data's length.
    r.data = r.data.slice(0, offset) + data + r.data.slice(offset + count);
    if (liveRanges.size > 0) {
      eachLiveRange((lr) => {
        // Step 8-9. Start (end) node is node, offset greater than offset but
        // not past offset plus count: set it to offset.
        if (lr.startNode === node && lr.startOffset > offset && lr.startOffset <= offset + count) lr.startOffset = offset;
        if (lr.endNode === node && lr.endOffset > offset && lr.endOffset <= offset + count) lr.endOffset = offset;
        // Step 10-11. Past offset plus count: increase it by data's length, decrease it by count.
        if (lr.startNode === node && lr.startOffset > offset + count) lr.startOffset += data.length - count;
        if (lr.endNode === node && lr.endOffset > offset + count) lr.endOffset += data.length - count;
      });
    }
  }
  // https://dom.spec.whatwg.org/#interface-text
  class Text extends CharacterData {
    constructor(data = '') {
      constructing.add(new.target);
      try { super(); } finally { constructing.delete(new.target); }
      setRecord(this, { type: TEXT_NODE, doc: document, parent: null, kids: null, observers: [], data: String(data) });
    }
    // https://dom.spec.whatwg.org/#dom-text-splittext
    splitText(offset) {
      offset >>>= 0;
      const r = N(this);
      // Step 1-2. Let length be node's length; if offset is greater than length, then throw an "IndexSizeError" DOMException.
      if (offset > r.data.length) throw new DOMException(`Failed to execute 'splitText' on 'Text': The offset ${offset} is larger than the Text node's length.`, 'IndexSizeError');
      // Step 3-5. Let newData be the data from offset; let new node be a new Text node with the same node document and data newData.
      const newNode = createText(r.doc, r.data.slice(offset));
      // Step 6-7. If node's parent is non-null, insert new node into parent before node's next sibling.
      const parent = parentOf(this);
      if (parent !== null) {
        // Step 7.1. Insert new node into parent before node's next sibling.
        insert(newNode, parent, nextSibling(this), false);
        if (liveRanges.size > 0) {
          const at = indexOf(this);
          eachLiveRange((lr) => {
            // Step 7.2-7.3. Start (end) node is node, offset greater than
            // offset: it moves to new node, less offset.
            if (lr.startNode === this && lr.startOffset > offset) { lr.startNode = newNode; lr.startOffset -= offset; }
            if (lr.endNode === this && lr.endOffset > offset) { lr.endNode = newNode; lr.endOffset -= offset; }
            // Step 7.4-7.5. Start (end) node is parent, offset node's index plus 1: increase it by 1.
            if (lr.startNode === parent && lr.startOffset === at + 1) lr.startOffset++;
            if (lr.endNode === parent && lr.endOffset === at + 1) lr.endOffset++;
          });
        }
      }
      // Step 8. Replace data with node node, offset offset, count count, and data the empty string.
      replaceData(this, offset, r.data.length - offset, '');
      // Step 9. Return new node.
      return newNode;
    }
    get wholeText() {
      let start = this, end = this;
      while (previousSibling(start) && typeOf(previousSibling(start)) === TEXT_NODE) start = previousSibling(start);
      let s = '';
      for (let n = start; n && typeOf(n) === TEXT_NODE; n = nextSibling(n)) { s += N(n).data; end = n; }
      return s;
    }
  }
  class Comment extends CharacterData {
    constructor(data = '') {
      constructing.add(new.target);
      try { super(); } finally { constructing.delete(new.target); }
      setRecord(this, { type: COMMENT_NODE, doc: document, parent: null, kids: null, observers: [], data: String(data) });
    }
  }
  mixin(CharacterData, ChildNode, NonDocumentTypeChildNode);
  function createText(doc, data) { return newNode(Text.prototype, { type: TEXT_NODE, doc, data }); }
  function createComment(doc, data) { return newNode(Comment.prototype, { type: COMMENT_NODE, doc, data }); }
  // https://dom.spec.whatwg.org/#interface-processinginstruction
  class ProcessingInstruction extends CharacterData {
    get target() { return N(this).target; }
  }
  function createProcessingInstruction(doc, target, data) { return newNode(ProcessingInstruction.prototype, { type: PROCESSING_INSTRUCTION_NODE, doc, target, data }); }

  // ---------------------------------------------------------------- DocumentType, DocumentFragment
  class DocumentType extends Node {
    get name() { return N(this).name; }
    get publicId() { return N(this).publicId; }
    get systemId() { return N(this).systemId; }
  }
  mixin(DocumentType, ChildNode);
  function createDoctype(doc, name, publicId = '', systemId = '') { return newNode(DocumentType.prototype, { type: DOCUMENT_TYPE_NODE, doc, name, publicId, systemId }); }
  class DocumentFragment extends Node {
    constructor() {
      constructing.add(new.target);
      try { super(); } finally { constructing.delete(new.target); }
      setRecord(this, { type: DOCUMENT_FRAGMENT_NODE, doc: document, parent: null, kids: [], observers: [] });
    }
    getElementById(id) { id = String(id); return descendants(this, (c) => typeOf(c) === ELEMENT_NODE && getAttr(c, 'id') === id)[0] || null; }
  }
  mixin(DocumentFragment, ParentNode);
  function createFragment(doc) { return newNode(DocumentFragment.prototype, { type: DOCUMENT_FRAGMENT_NODE, doc, kids: [] }); }

  // ---------------------------------------------------------------- Element
  // https://dom.spec.whatwg.org/#interface-element
  class Element extends Node {
    get namespaceURI() { return N(this).namespace; }
    get prefix() { return N(this).prefix; }
    get localName() { return N(this).localName; }
    // https://dom.spec.whatwg.org/#dom-element-tagname
    get tagName() { return nodeName(this); }
    get id() { return getAttr(this, 'id') || ''; }
    set id(v) { setAttributeValue(this, 'id', String(v)); }
    get className() { return getAttr(this, 'class') || ''; }
    set className(v) { setAttributeValue(this, 'class', String(v)); }
    get classList() { return cached(this, 'classList', () => makeTokenList(this, 'class')); }
    set classList(v) { this.classList.value = v; }
    get slot() { return getAttr(this, 'slot') || ''; }
    set slot(v) { setAttributeValue(this, 'slot', String(v)); }
    hasAttributes() { return attrsOf(this).length > 0; }
    get attributes() {
      return cached(this, 'attributesMap', () => { const m = makeList(NamedNodeMap.prototype, () => attrsOf(this)); mapOwner.set(m, this); return m; });
    }
    // https://dom.spec.whatwg.org/#dom-element-getattributenames
    getAttributeNames() { return attrsOf(this).map(qualifiedName); }
    // https://dom.spec.whatwg.org/#dom-element-getattribute
    getAttribute(qualifiedName) {
      const a = getAttributeByName(this, String(qualifiedName));
      return a ? N(a).value : null;
    }
    getAttributeNS(ns, localName) {
      const a = attrsOf(this).find((x) => N(x).namespace === (ns === '' ? null : ns ?? null) && N(x).localName === String(localName));
      return a ? N(a).value : null;
    }
    // https://dom.spec.whatwg.org/#dom-element-setattribute
    setAttribute(qualifiedName, value) {
      if (arguments.length < 2) throw new TypeError(`Failed to execute 'setAttribute' on 'Element': 2 arguments required, but only ${arguments.length} present.`);
      qualifiedName = String(qualifiedName);
      // Step 1. If qualifiedName is not a valid attribute local name, then throw an "InvalidCharacterError" DOMException.
      if (!validAttributeName(qualifiedName)) throw new DOMException(`Failed to execute 'setAttribute' on 'Element': '${qualifiedName}' is not a valid attribute name.`, 'InvalidCharacterError');
      // Step 2. If this is in the HTML namespace and its node document is an HTML document, lowercase qualifiedName.
      if (N(this).namespace === HTML_NS) qualifiedName = lower(qualifiedName);
      // Step 3. Let attribute be the first attribute in this's attribute list whose qualified name is qualifiedName, and null otherwise.
      const attrs = attrsOf(this);
      let attribute = null;
      for (let i = 0; i < attrs.length; i++) if (qualifiedName === qualifiedNameOf(attrs[i])) { attribute = attrs[i]; break; }
      // Step 4. If attribute is null, create an attribute whose local name is qualifiedName, value is value,
      // and node document is this's node document, then append this attribute to this, and then return.
      if (attribute === null) { appendAttribute(newAttr(N(this).doc, qualifiedName, String(value)), this); return; }
      // Step 5. Change attribute to value.
      changeAttribute(attribute, String(value));
    }
    setAttributeNS(ns, qualifiedName, value) {
      ns = ns === '' || ns === undefined ? null : ns;
      qualifiedName = String(qualifiedName);
      const i = qualifiedName.indexOf(':');
      const prefix = i >= 0 ? qualifiedName.slice(0, i) : null, localName = i >= 0 ? qualifiedName.slice(i + 1) : qualifiedName;
      if (!validAttributeName(localName)) throw new DOMException(`Failed to execute 'setAttributeNS' on 'Element': '${qualifiedName}' is not a valid attribute name.`, 'InvalidCharacterError');
      const existing = attrsOf(this).find((a) => N(a).namespace === ns && N(a).localName === localName);
      if (existing) changeAttribute(existing, String(value));
      else appendAttribute(newAttr(N(this).doc, localName, String(value), ns, prefix), this);
    }
    // https://dom.spec.whatwg.org/#dom-element-removeattribute
    removeAttribute(qualifiedName) { removeAttributeByName(this, String(qualifiedName)); }
    removeAttributeNS(ns, localName) {
      const a = attrsOf(this).find((x) => N(x).namespace === (ns === '' ? null : ns ?? null) && N(x).localName === String(localName));
      if (a) removeAttribute(a);
    }
    // https://dom.spec.whatwg.org/#dom-element-toggleattribute
    toggleAttribute(qualifiedName, force = undefined) {
      qualifiedName = String(qualifiedName);
      // Step 1. If qualifiedName is not a valid attribute local name, then throw an "InvalidCharacterError" DOMException.
      if (!validAttributeName(qualifiedName)) throw new DOMException(`Failed to execute 'toggleAttribute' on 'Element': '${qualifiedName}' is not a valid attribute name.`, 'InvalidCharacterError');
      // Step 2. Lowercase it for an HTML element.
      if (N(this).namespace === HTML_NS) qualifiedName = lower(qualifiedName);
      // Step 3. Let attribute be the first attribute whose qualified name is qualifiedName, and null otherwise.
      const attribute = attrsOf(this).find((a) => qualifiedName === qualifiedNameOf(a)) || null;
      // Step 4. If attribute is null: if force is not given or is true, create an
      // attribute whose local name is qualifiedName, value is the empty string, append it, and return true; return false.
      if (attribute === null) {
        if (force === undefined || force) { appendAttribute(newAttr(N(this).doc, qualifiedName, ''), this); return true; }
        return false;
      }
      // Step 5. Otherwise, if force is not given or is false, remove an attribute by name and return false.
      if (force === undefined || !force) { removeAttributeByName(this, qualifiedName); return false; }
      // Step 6. Return true.
      return true;
    }
    hasAttribute(qualifiedName) { return getAttributeByName(this, String(qualifiedName)) !== null; }
    hasAttributeNS(ns, localName) { return this.getAttributeNS(ns, localName) !== null; }
    getAttributeNode(qualifiedName) { return getAttributeByName(this, String(qualifiedName)); }
    // https://dom.spec.whatwg.org/#dom-element-closest
    closest(selectors) {
      const list = parseSelector(String(selectors), 'closest', 'Element');
      for (let el = this; el; el = parentElement(el)) if (matchesList(el, list, this)) return el;
      return null;
    }
    // https://dom.spec.whatwg.org/#dom-element-matches
    matches(selectors) { return matchesList(this, parseSelector(String(selectors), 'matches', 'Element'), this); }
    webkitMatchesSelector(selectors) { return matchesList(this, parseSelector(String(selectors), 'webkitMatchesSelector', 'Element'), this); }
    // https://html.spec.whatwg.org/multipage/dynamic-markup-insertion.html#dom-element-innerhtml
    get innerHTML() { return serializeChildren(this); }
    set innerHTML(v) {
      // Step 1 (Trusted Types: the string as given).
      const markup = v === null ? '' : String(v);
      // Step 2. Let context be this (template contents: jsloop keeps template children in place).
      // Step 3. Let fragment be the result of invoking the fragment parsing algorithm steps with context and compliantString.
      const fragment = parseFragment(this, markup);
      // Step 5. Replace all with fragment within context.
      replaceAll(fragment, this);
    }
    // https://html.spec.whatwg.org/multipage/dynamic-markup-insertion.html#dom-element-outerhtml
    get outerHTML() { return serializeNode(this, parentOf(this)); }
    set outerHTML(v) {
      // Step 2-3. Let parent be this's parent; if parent is null, return; if it is a Document, throw.
      let parent = parentOf(this);
      if (parent === null) return;
      if (typeOf(parent) === DOCUMENT_NODE) throw new DOMException("Failed to set the 'outerHTML' property on 'Element': This element's parent is of type '#document', which is not an element node.", 'NoModificationAllowedError');
      // Step 4. If parent is a DocumentFragment, set parent to a new body element.
      if (typeOf(parent) === DOCUMENT_FRAGMENT_NODE) parent = createElementInternal(N(this).doc, 'body', HTML_NS);
      // Step 5. Let fragment be the result of invoking the fragment parsing algorithm steps given parent and the value.
      const fragment = parseFragment(parent, v === null ? '' : String(v));
      // Step 6. Replace this with fragment within this's parent.
      replace(this, fragment, parentOf(this));
    }
    // https://html.spec.whatwg.org/multipage/dynamic-markup-insertion.html#dom-element-insertadjacenthtml
    insertAdjacentHTML(position, text) {
      const where = lower(String(position));
      let context;
      // Step 2-3. Let context be this's parent (beforebegin/afterend) or this (afterbegin/beforeend).
      if (where === 'beforebegin' || where === 'afterend') {
        context = parentOf(this);
        if (context === null || typeOf(context) === DOCUMENT_NODE) throw new DOMException("Failed to execute 'insertAdjacentHTML' on 'Element': The element has no parent.", 'NoModificationAllowedError');
      } else if (where === 'afterbegin' || where === 'beforeend') context = this;
      else throw new DOMException(`Failed to execute 'insertAdjacentHTML' on 'Element': The value provided ('${position}') is not one of 'beforeBegin', 'afterBegin', 'beforeEnd', or 'afterEnd'.`, 'SyntaxError');
      // Step 4. If context is not an Element or is an html element in an HTML document, let context be a new body element.
      if (typeOf(context) !== ELEMENT_NODE || (N(context).localName === 'html' && N(context).namespace === HTML_NS)) context = createElementInternal(N(this).doc, 'body', HTML_NS);
      // Step 5. Let fragment be the result of invoking the fragment parsing algorithm steps with context and compliantString.
      const fragment = parseFragment(context, String(text));
      // Step 6. Insert fragment at position.
      insertAdjacent(this, where, fragment, 'insertAdjacentHTML');
    }
    // https://dom.spec.whatwg.org/#dom-element-insertadjacentelement
    insertAdjacentElement(where, element) {
      if (!isElement(element)) throw new TypeError("Failed to execute 'insertAdjacentElement' on 'Element': parameter 2 is not of type 'Element'.");
      return insertAdjacent(this, lower(String(where)), element, 'insertAdjacentElement');
    }
    // https://dom.spec.whatwg.org/#dom-element-insertadjacenttext
    insertAdjacentText(where, data) {
      insertAdjacent(this, lower(String(where)), createText(N(this).doc, String(data)), 'insertAdjacentText');
    }
  }
  const qualifiedNameOf = qualifiedName;
  mixin(Element, ParentNode, ChildNode, NonDocumentTypeChildNode);
  // https://dom.spec.whatwg.org/#insert-adjacent
  function insertAdjacent(el, where, node, method) {
    switch (where) {
      case 'beforebegin': { const p = parentOf(el); if (p === null) return null; return preInsert(node, p, el, method); }
      case 'afterbegin': return preInsert(node, el, kidsOf(el)[0] || null, method);
      case 'beforeend': return preInsert(node, el, null, method);
      case 'afterend': { const p = parentOf(el); if (p === null) return null; return preInsert(node, p, nextSibling(el), method); }
    }
    throw new DOMException(`Failed to execute '${method}' on 'Element': The value provided ('${where}') is not one of 'beforeBegin', 'afterBegin', 'beforeEnd', or 'afterEnd'.`, 'SyntaxError');
  }
  // https://dom.spec.whatwg.org/#valid-attribute-local-name
  // (The expressions are made once: a literal in a function is a new
  // RegExp object on every call.)
  const NOT_IN_ATTRIBUTE_NAME = /[\t\n\f\r \0/=>]/;
  const NOT_IN_ELEMENT_NAME = /[\t\n\f\r \0/>]/;
  const validAttributeName = (n) => n.length > 0 && !NOT_IN_ATTRIBUTE_NAME.test(n);
  // https://dom.spec.whatwg.org/#valid-element-local-name
  function validElementName(n) {
    // Step 1. If name's length is 0, then return false.
    if (n.length === 0) return false;
    // Step 2. If name's 0th code point is an ASCII alpha: return false if name
    // contains ASCII whitespace, U+0000, U+002F (/) or U+003E (>); else true.
    const c = n.charCodeAt(0);
    if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122)) return !NOT_IN_ELEMENT_NAME.test(n);
    return /^[:_\u0080-\uffff][A-Za-z0-9:_.\-\u00b7\u0080-\uffff]*$/.test(n);
  }

  // ---------------------------------------------------------------- HTMLElement
  // https://html.spec.whatwg.org/multipage/dom.html#htmlelement
  class HTMLElement extends Element {
    get title() { return getAttr(this, 'title') || ''; }
    set title(v) { setAttributeValue(this, 'title', String(v)); }
    get lang() { return getAttr(this, 'lang') || ''; }
    set lang(v) { setAttributeValue(this, 'lang', String(v)); }
    get dir() { const d = lower(getAttr(this, 'dir') || ''); return ['ltr', 'rtl', 'auto'].includes(d) ? d : ''; }
    set dir(v) { setAttributeValue(this, 'dir', String(v)); }
    get hidden() { return getAttr(this, 'hidden') !== null; }
    set hidden(v) { if (v) setAttributeValue(this, 'hidden', ''); else removeAttributeByName(this, 'hidden'); }
    get tabIndex() { const v = parseInt(getAttr(this, 'tabindex'), 10); return Number.isNaN(v) ? (/^(a|button|input|select|textarea)$/.test(N(this).localName) ? 0 : -1) : v; }
    set tabIndex(v) { setAttributeValue(this, 'tabindex', String(v | 0)); }
    get accessKey() { return getAttr(this, 'accesskey') || ''; }
    set accessKey(v) { setAttributeValue(this, 'accesskey', String(v)); }
    get draggable() { return getAttr(this, 'draggable') === 'true'; }
    set draggable(v) { setAttributeValue(this, 'draggable', v ? 'true' : 'false'); }
    get contentEditable() { const v = getAttr(this, 'contenteditable'); return v === null ? 'inherit' : v === '' ? 'true' : lower(v); }
    set contentEditable(v) { setAttributeValue(this, 'contenteditable', String(v)); }
    get isContentEditable() { for (let e = this; e && isHTMLElement(e); e = parentElement(e)) { const v = getAttr(e, 'contenteditable'); if (v !== null) return v !== 'false'; } return false; }
    // https://html.spec.whatwg.org/multipage/dom.html#dom-dataset
    get dataset() { return cached(this, 'dataset', () => makeDataset(this)); }
    // https://drafts.csswg.org/cssom/#dom-elementcssinlinestyle-style
    get style() { const r = N(this); return r.style || (r.style = makeStyle(this)); }
    set style(v) { this.style.cssText = v; }
    // jsloop does no layout: innerText is the text content (no CSS-driven line breaks),
    // and setting it replaces the children with one text node.
    get innerText() { return descendantText(this); }
    set innerText(v) { stringReplaceAll(v === null ? '' : String(v), this); }
    get outerText() { return descendantText(this); }
    // https://html.spec.whatwg.org/multipage/dom.html#dom-outertext (the
    // setter steps). The rendered text fragment is one Text node, as
    // innerText's setter makes it: jsloop does no layout.
    set outerText(v) {
      const value = v === null ? '' : String(v);
      // Step 1. If this's parent is null, then throw a
      // "NoModificationAllowedError" DOMException.
      const parent = this.parentNode;
      if (parent === null) throw new DOMException("Failed to set the 'outerText' property on 'HTMLElement': The element has no parent.", 'NoModificationAllowedError');
      // Step 2-3. Let next be this's next sibling, previous its previous sibling.
      const next = this.nextSibling;
      const previous = this.previousSibling;
      // Step 4-5. The rendered text fragment (at least one Text node).
      const text = this.ownerDocument.createTextNode(value);
      // Step 6. Replace this with fragment within this's parent.
      parent.replaceChild(text, this);
      // Step 7. If next is non-null and next's previous sibling is a Text
      // node, then merge with the next text node given next's previous sibling.
      if (next !== null && next.previousSibling !== null && next.previousSibling.nodeType === 3) mergeWithNextText(next.previousSibling);
      // Step 8. If previous is a Text node, then merge with the next text node given previous.
      if (previous !== null && previous.nodeType === 3) mergeWithNextText(previous);
    }
    get offsetParent() { return null; }
    get offsetTop() { return 0; }
    get offsetLeft() { return 0; }
    get offsetWidth() { return 0; }
    get offsetHeight() { return 0; }
    // https://html.spec.whatwg.org/multipage/interaction.html#dom-click
    click() {
      // Step 1. If this element is a form control that is disabled, then return.
      if (isDisabledFormControl(this)) return;
      const r = N(this);
      // Step 2. If this element's click in progress flag is set, then return.
      if (r.clickInProgress) return;
      // Step 3. Set this element's click in progress flag.
      r.clickInProgress = true;
      try {
        if (host.tracing) {
          const id = getAttr(this, 'id');
          host.traceNote('el.click(): a click is dispatched synchronously at <' + r.localName + (id ? ' id="' + id + '"' : '') + '>');
        }
        // Step 4. Fire a synthetic pointer event named click at this element, with the not trusted flag set.
        fireSyntheticPointerEvent('click', this, true);
      } finally {
        // Step 5. Unset this element's click in progress flag.
        r.clickInProgress = false;
      }
    }
    // https://html.spec.whatwg.org/multipage/interaction.html#dom-focus
    focus(options = undefined) {
      // Step 1. If this is not a focusable area, then return.
      if (!isFocusableArea(this)) return;
      // Step 3. Run the focusing steps for this.
      focusingSteps(this);
    }
    // https://html.spec.whatwg.org/multipage/interaction.html#dom-blur
    blur() {
      // The unfocusing steps: if this is the focused area, focus the viewport.
      const doc = N(this).doc;
      if (doc && N(doc).focused === this) focusingSteps(doc);
    }
  }
  function isDisabledFormControl(el) {
    const n = N(el).localName;
    return (n === 'button' || n === 'input' || n === 'select' || n === 'textarea') && getAttr(el, 'disabled') !== null;
  }
  // The interface of each HTML element, by local name.
  // https://html.spec.whatwg.org/multipage/dom.html#element-interfaces
  const INTERFACES = {
    HTMLAnchorElement: 'a', HTMLAreaElement: 'area', HTMLAudioElement: 'audio', HTMLBRElement: 'br', HTMLBaseElement: 'base', HTMLBodyElement: 'body',
    HTMLButtonElement: 'button', HTMLCanvasElement: 'canvas', HTMLDListElement: 'dl', HTMLDataElement: 'data', HTMLDataListElement: 'datalist',
    HTMLDetailsElement: 'details', HTMLDialogElement: 'dialog', HTMLDivElement: 'div', HTMLEmbedElement: 'embed', HTMLFieldSetElement: 'fieldset',
    HTMLFormElement: 'form', HTMLHRElement: 'hr', HTMLHeadElement: 'head', HTMLHeadingElement: 'h1 h2 h3 h4 h5 h6', HTMLHtmlElement: 'html',
    HTMLIFrameElement: 'iframe', HTMLImageElement: 'img', HTMLInputElement: 'input', HTMLLIElement: 'li', HTMLLabelElement: 'label',
    HTMLLegendElement: 'legend', HTMLLinkElement: 'link', HTMLMapElement: 'map', HTMLMenuElement: 'menu', HTMLMetaElement: 'meta',
    HTMLMeterElement: 'meter', HTMLModElement: 'ins del', HTMLOListElement: 'ol', HTMLObjectElement: 'object', HTMLOptGroupElement: 'optgroup',
    HTMLOptionElement: 'option', HTMLOutputElement: 'output', HTMLParagraphElement: 'p', HTMLPictureElement: 'picture', HTMLPreElement: 'pre listing xmp',
    HTMLProgressElement: 'progress', HTMLQuoteElement: 'blockquote q', HTMLScriptElement: 'script', HTMLSelectElement: 'select',
    HTMLSlotElement: 'slot', HTMLSourceElement: 'source', HTMLSpanElement: 'span', HTMLStyleElement: 'style', HTMLTableCaptionElement: 'caption',
    HTMLTableCellElement: 'td th', HTMLTableColElement: 'col colgroup', HTMLTableElement: 'table', HTMLTableRowElement: 'tr',
    HTMLTableSectionElement: 'tbody thead tfoot', HTMLTemplateElement: 'template', HTMLTextAreaElement: 'textarea', HTMLTimeElement: 'time',
    HTMLTitleElement: 'title', HTMLTrackElement: 'track', HTMLUListElement: 'ul', HTMLVideoElement: 'video', HTMLUnknownElement: '',
  };
  const interfaceOf = new Map();
  const htmlClasses = {};
  // (Each interface's tags found with indexOf: split(' '), filter(Boolean)
  // and for-of cost about 8 k instructions an interface at every start.)
  for (const name in INTERFACES) {
    const C = { [name]: class extends HTMLElement {} }[name];
    htmlClasses[name] = C;
    const tags = INTERFACES[name];
    for (let from = 0, to; from < tags.length; from = to + 1) {
      to = tags.indexOf(' ', from);
      if (to === -1) to = tags.length;
      if (to > from) interfaceOf.set(tags.slice(from, to), C);
    }
  }
  // Elements the parser knows that have no interface of their own are HTMLElement.
  const PLAIN_HTML = 'abbr address article aside b bdi bdo cite code dd dfn dt em figcaption figure footer header hgroup i kbd main mark nav noscript rp rt ruby s samp search section small strong sub summary sup u var wbr'.split(' ');
  for (const t of PLAIN_HTML) interfaceOf.set(t, HTMLElement);
  // https://html.spec.whatwg.org/multipage/dom.html#htmlunknownelement
  function htmlInterface(localName) {
    if (interfaceOf.has(localName)) return interfaceOf.get(localName);
    // A valid custom element name is HTMLElement; anything else HTMLUnknownElement.
    return /^[a-z][^A-Z]*-/.test(localName) ? HTMLElement : htmlClasses.HTMLUnknownElement;
  }
  // https://html.spec.whatwg.org/multipage/common-dom-interfaces.html#reflecting-content-attributes-in-idl-attributes
  // A [ReflectURL] attribute's getter: Step 1. If contentAttributeValue is
  // null, return the empty string. Step 2. Let urlString be the result of
  // encoding-parsing-and-serializing a URL given contentAttributeValue,
  // relative to the element's node document. Step 3. If urlString is not
  // failure, return it. Step 4. Return contentAttributeValue.
  function reflectedURL(v) {
    if (v === null) return '';
    try { return new g.URL(v, documentBaseURL(document)).href; } catch { return v; }
  }
  // https://html.spec.whatwg.org/multipage/urls-and-fetching.html#document-base-url
  function documentBaseURL(doc) {
    const fallback = doc === document ? documentURL : 'about:blank';
    // Step 1. If there is no base element that has an href attribute in the
    // Document, then return the Document's fallback base URL.
    const base = descendants(doc, (c) => isHTMLElement(c) && N(c).localName === 'base' && getAttr(c, 'href') !== null)[0];
    if (!base) return fallback;
    // Step 2. Otherwise, return the frozen base URL of the first base
    // element in the Document that has an href attribute, in tree order
    // (its href parsed relative to the fallback base URL; failure: the
    // fallback base URL).
    try { return new g.URL(getAttr(base, 'href'), fallback).href; } catch { return fallback; }
  }
  // HTMLInputElement and friends: the few reflected attributes scripts use most.
  function reflect(C, props) {
    for (const [prop, attr, kind] of props) {
      Object.defineProperty(C.prototype, prop, {
        configurable: true, enumerable: true,
        get() { const v = getAttr(this, attr); return kind === 'bool' ? v !== null : kind === 'url' ? reflectedURL(v) : (v ?? ''); },
        set(v) { if (kind === 'bool') { if (v) setAttributeValue(this, attr, ''); else removeAttributeByName(this, attr); } else setAttributeValue(this, attr, String(v)); },
      });
    }
  }
  reflect(htmlClasses.HTMLAnchorElement, [['href', 'href', 'url'], ['target', 'target'], ['rel', 'rel']]);
  reflect(htmlClasses.HTMLImageElement, [['src', 'src', 'url'], ['alt', 'alt']]);
  reflect(htmlClasses.HTMLScriptElement, [['src', 'src', 'url'], ['type', 'type'], ['async', 'async', 'bool'], ['defer', 'defer', 'bool']]);
  reflect(htmlClasses.HTMLLinkElement, [['href', 'href', 'url'], ['rel', 'rel']]);
  reflect(htmlClasses.HTMLDetailsElement, [['open', 'open', 'bool']]);
  reflect(htmlClasses.HTMLIFrameElement, [['src', 'src', 'url'], ['srcdoc', 'srcdoc'], ['name', 'name']]);
  reflect(htmlClasses.HTMLButtonElement, [['disabled', 'disabled', 'bool'], ['name', 'name']]);
  reflect(htmlClasses.HTMLInputElement, [['disabled', 'disabled', 'bool'], ['name', 'name'], ['placeholder', 'placeholder'], ['defaultValue', 'value'], ['defaultChecked', 'checked', 'bool']]);
  reflect(htmlClasses.HTMLSelectElement, [['disabled', 'disabled', 'bool'], ['name', 'name']]);
  reflect(htmlClasses.HTMLTextAreaElement, [['disabled', 'disabled', 'bool'], ['name', 'name']]);
  reflect(htmlClasses.HTMLLabelElement, [['htmlFor', 'for']]);
  reflect(htmlClasses.HTMLFormElement, [['action', 'action'], ['method', 'method']]);
  Object.defineProperty(htmlClasses.HTMLButtonElement.prototype, 'type', { configurable: true, enumerable: true, get() { const t = lower(getAttr(this, 'type') || ''); return t === 'reset' || t === 'button' ? t : 'submit'; }, set(v) { setAttributeValue(this, 'type', String(v)); } });
  Object.defineProperty(htmlClasses.HTMLInputElement.prototype, 'type', { configurable: true, enumerable: true, get() { return lower(getAttr(this, 'type') || 'text'); }, set(v) { setAttributeValue(this, 'type', String(v)); } });
  // An input's value and checkedness: the attribute until the script sets them (dirty flags).
  Object.defineProperty(htmlClasses.HTMLInputElement.prototype, 'value', { configurable: true, enumerable: true, get() { const r = N(this); return r.dirtyValue ? r.value : (getAttr(this, 'value') ?? ''); }, set(v) { const r = N(this); r.dirtyValue = true; r.value = v === null ? '' : String(v); } });
  // https://html.spec.whatwg.org/multipage/input.html#dom-input-files: in
  // the File Upload state, the selected files (none: jsloop has no file
  // picker), as one FileList until a FileList is set; null in other states.
  Object.defineProperty(htmlClasses.HTMLInputElement.prototype, 'files', {
    configurable: true, enumerable: true,
    get() {
      if (lower(getAttr(this, 'type') || '') !== 'file') return null;
      const r = N(this);
      return r.selectedFiles || (r.selectedFiles = web.makeFileList([]));
    },
    set(v) {
      // On setting: nothing if the value is null or the attribute does not apply.
      if (v === null || v === undefined || lower(getAttr(this, 'type') || '') !== 'file') return;
      if (!(v instanceof g.FileList)) throw new TypeError("Failed to set the 'files' property on 'HTMLInputElement': The provided value is not of type 'FileList'.");
      N(this).selectedFiles = v;
    },
  });
  Object.defineProperty(htmlClasses.HTMLInputElement.prototype, 'checked', { configurable: true, enumerable: true, get() { const r = N(this); return r.dirtyChecked ? r.checked : getAttr(this, 'checked') !== null; }, set(v) { const r = N(this); r.dirtyChecked = true; r.checked = !!v; } });
  Object.defineProperty(htmlClasses.HTMLTextAreaElement.prototype, 'value', { configurable: true, enumerable: true, get() { const r = N(this); return r.dirtyValue ? r.value : descendantText(this); }, set(v) { const r = N(this); r.dirtyValue = true; r.value = v === null ? '' : String(v); } });
  Object.defineProperty(htmlClasses.HTMLTemplateElement.prototype, 'content', { configurable: true, enumerable: true, get() { return cached(this, 'templateContent', () => createFragment(N(this).doc)); } });

  // https://dom.spec.whatwg.org/#concept-create-element (no custom elements)
  function createElementInternal(doc, localName, namespace, prefix = null) {
    // (A style element: style is in use, 27_css.js's style change events run.)
    if (localName === 'style') useStyle();
    const proto = namespace === HTML_NS ? htmlInterface(localName).prototype : Element.prototype;
    // (newNode's record and this one in one literal, the same keys in the same order.)
    const node = Object.create(proto);
    setRecord(node, { parent: null, kids: [], observers: [], connected: false, type: ELEMENT_NODE, doc, localName, namespace, prefix, attrs: [] });
    return node;
  }

  // ---------------------------------------------------------------- Document
  // https://dom.spec.whatwg.org/#interface-document
  let documentURL = 'about:blank';
  let readyState = 'loading';
  class Document extends Node {
    constructor() {
      constructing.add(new.target);
      try { super(); } finally { constructing.delete(new.target); }
      setRecord(this, { type: DOCUMENT_NODE, doc: null, parent: null, kids: [], observers: [], connected: true });
    }
    get URL() { return documentURL; }
    get documentURI() { return documentURL; }
    get compatMode() { return this.doctype ? 'CSS1Compat' : 'BackCompat'; }
    get characterSet() { return 'UTF-8'; }
    get charset() { return 'UTF-8'; }
    get inputEncoding() { return 'UTF-8'; }
    get contentType() { return 'text/html'; }
    get doctype() { return kidsOf(this).find((c) => typeOf(c) === DOCUMENT_TYPE_NODE) || null; }
    get documentElement() { return elementChildren(this)[0] || null; }
    get readyState() { return this === document ? readyState : 'complete'; }
    get defaultView() { return this === document ? g : null; }
    get visibilityState() { return 'visible'; }
    get hidden() { return false; }
    hasFocus() { return true; }
    get activeElement() { return activeElementOf(this); }
    // https://html.spec.whatwg.org/multipage/dom.html#dom-document-head
    get head() { const html = this.documentElement; return html && N(html).localName === 'html' ? elementChildren(html).find((e) => N(e).localName === 'head') || null : null; }
    // https://html.spec.whatwg.org/multipage/dom.html#dom-document-body
    get body() { const html = this.documentElement; return html && N(html).localName === 'html' ? elementChildren(html).find((e) => N(e).localName === 'body' || N(e).localName === 'frameset') || null : null; }
    set body(v) {
      // Step 1. If the new value is not a body or frameset element, then throw a "HierarchyRequestError" DOMException.
      if (!isHTMLElement(v) || !['body', 'frameset'].includes(N(v).localName)) throw new DOMException("Failed to set the 'body' property on 'Document': The new body element is of type '" + (isNode(v) ? nodeName(v) : typeof v) + "'. It must be either a 'BODY' or 'FRAMESET' element.", 'HierarchyRequestError');
      // Step 2. If the new value is the same as the body element, return.
      const old = this.body;
      if (v === old) return;
      // Step 3. If there is a body element, replace it with the new value within the body element's parent.
      if (old) { replace(old, v, parentOf(old)); return; }
      // Step 4-5. If there is no document element, throw; otherwise append the new value to the document element.
      const html = this.documentElement;
      if (!html) throw new DOMException("Failed to set the 'body' property on 'Document': No document element exists.", 'HierarchyRequestError');
      append(v, html);
    }
    // https://html.spec.whatwg.org/multipage/dom.html#document.title
    get title() {
      // Step 2. Otherwise, let value be the child text content of the title element, or the empty string if the title element is null.
      const t = titleElement(this);
      // Step 3. Strip and collapse ASCII whitespace in value.
      return t ? childText(t).split(ASCII_WS_G).filter(Boolean).join(' ') : '';
    }
    set title(v) {
      v = String(v);
      const html = this.documentElement;
      if (!html || N(html).namespace !== HTML_NS) return;
      // Step 1-2. If the title element is null and the head element is null, then return.
      let element = titleElement(this);
      if (element === null) {
        const head = this.head;
        if (head === null) return;
        // Step 3. If the title element is non-null, let element be it; otherwise create a title element and append it to the head element.
        element = createElementInternal(this, 'title', HTML_NS);
        append(element, head);
      }
      // Step 4. String replace all with the given value within element.
      stringReplaceAll(v, element);
    }
    // https://dom.spec.whatwg.org/#dom-document-createelement
    createElement(localName) {
      requireArgs(arguments.length, 1, 'createElement', 'Document');
      localName = String(localName);
      // Step 1. If localName is not a valid element local name, then throw an "InvalidCharacterError" DOMException.
      if (!validElementName(localName)) throw new DOMException(`Failed to execute 'createElement' on 'Document': The tag name provided ('${localName}') is not a valid name.`, 'InvalidCharacterError');
      // Step 2. If this is an HTML document, then set localName to localName in ASCII lowercase.
      // Step 5-7. Let namespace be the HTML namespace; return the result of creating an element.
      return createElementInternal(this, lower(localName), HTML_NS);
    }
    createElementNS(namespace, qualifiedName) {
      namespace = namespace === '' || namespace === undefined ? null : namespace;
      qualifiedName = String(qualifiedName);
      const i = qualifiedName.indexOf(':');
      const prefix = i >= 0 ? qualifiedName.slice(0, i) : null, localName = i >= 0 ? qualifiedName.slice(i + 1) : qualifiedName;
      if (!validElementName(localName)) throw new DOMException(`Failed to execute 'createElementNS' on 'Document': The qualified name provided ('${qualifiedName}') contains the invalid name-start character '${qualifiedName[0]}'.`, 'InvalidCharacterError');
      return createElementInternal(this, localName, namespace, prefix);
    }
    createTextNode(data) { requireArgs(arguments.length, 1, 'createTextNode', 'Document'); return createText(this, String(data)); }
    createComment(data) { requireArgs(arguments.length, 1, 'createComment', 'Document'); return createComment(this, String(data)); }
    createDocumentFragment() { return createFragment(this); }
    // https://dom.spec.whatwg.org/#dom-document-createprocessinginstruction
    createProcessingInstruction(target, data) {
      requireArgs(arguments.length, 2, 'createProcessingInstruction', 'Document');
      target = String(target); data = String(data);
      // Step 1. If target does not match the Name production, then throw an "InvalidCharacterError" DOMException.
      if (!validElementName(target)) throw new DOMException(`Failed to execute 'createProcessingInstruction' on 'Document': The target provided ('${target}') is not a valid name.`, 'InvalidCharacterError');
      // Step 2. If data contains the string "?>", then throw an "InvalidCharacterError" DOMException.
      if (data.includes('?>')) throw new DOMException(`Failed to execute 'createProcessingInstruction' on 'Document': The data provided ('${data}') contains '?>'.`, 'InvalidCharacterError');
      // Step 3. Return a new ProcessingInstruction node, with target set to target, data set to data, and node document set to this.
      return createProcessingInstruction(this, target, data);
    }
    // https://dom.spec.whatwg.org/#dom-document-implementation
    get implementation() {
      const r = N(this);
      if (!r.implementation) { r.implementation = Object.create(DOMImplementation.prototype); implementations.set(r.implementation, this); }
      return r.implementation;
    }
    // https://dom.spec.whatwg.org/#dom-document-createattribute
    createAttribute(localName) {
      localName = String(localName);
      if (!validAttributeName(localName)) throw new DOMException(`Failed to execute 'createAttribute' on 'Document': The localName provided ('${localName}') contains an invalid character.`, 'InvalidCharacterError');
      return newAttr(this, lower(localName), '');
    }
    // https://dom.spec.whatwg.org/#dom-document-createevent
    createEvent(iface) {
      // Step 2, the table of interfaces (those jsloop has).
      const map = {
        beforeunloadevent: BeforeUnloadEvent, compositionevent: CompositionEvent, customevent: g.CustomEvent, dragevent: DragEvent,
        devicemotionevent: DeviceMotionEvent, deviceorientationevent: DeviceOrientationEvent,
        event: Event, events: Event, focusevent: FocusEvent, hashchangeevent: HashChangeEvent, htmlevents: Event,
        keyboardevent: KeyboardEvent, messageevent: g.MessageEvent, mouseevent: MouseEvent, mouseevents: MouseEvent,
        storageevent: StorageEvent, svgevents: Event, textevent: CompositionEvent, uievent: UIEvent, uievents: UIEvent,
      };
      const C = map[lower(String(iface))];
      if (!C) throw new DOMException(`Failed to execute 'createEvent' on 'Document': The provided event type ('${iface}') is invalid.`, 'NotSupportedError');
      // Step 4-5. Create an event: its initialized flag is unset until initEvent(); isTrusted false.
      creatingBeforeUnload = C === BeforeUnloadEvent;
      let e;
      try { e = new C(''); } finally { creatingBeforeUnload = false; }
      eventInternals(e)[EVENT_STATE.INITIALIZED] = false;
      return e;
    }
    // https://dom.spec.whatwg.org/#dom-document-importnode
    importNode(node, subtree = false) {
      requireNode(node, 'importNode', 'Document');
      if (typeOf(node) === DOCUMENT_NODE) throw new DOMException("Failed to execute 'importNode' on 'Document': The node provided is a document, which may not be imported.", 'NotSupportedError');
      return cloneANode(node, this, !!subtree);
    }
    // https://dom.spec.whatwg.org/#dom-document-adoptnode
    adoptNode(node) {
      requireNode(node, 'adoptNode', 'Document');
      if (typeOf(node) === DOCUMENT_NODE) throw new DOMException("Failed to execute 'adoptNode' on 'Document': The node provided is a document, which may not be adopted.", 'NotSupportedError');
      adopt(node, this);
      return node;
    }
    // https://dom.spec.whatwg.org/#dom-nonelementparentnode-getelementbyid
    getElementById(id) { id = String(id); return descendants(this, (c) => typeOf(c) === ELEMENT_NODE && getAttr(c, 'id') === id)[0] || null; }
    getElementsByName(name) { name = String(name); return staticNodeList(descendants(this, (c) => isHTMLElement(c) && getAttr(c, 'name') === name)); }
  }
  mixin(Document, ParentNode);
  class HTMLDocument extends Document {}
  // https://dom.spec.whatwg.org/#interface-domimplementation
  const implementations = new WeakMap();
  class DOMImplementation {
    constructor() { throw new TypeError('Illegal constructor'); }
    // https://dom.spec.whatwg.org/#dom-domimplementation-createdocumenttype
    createDocumentType(qualifiedName, publicId, systemId) {
      requireArgs(arguments.length, 3, 'createDocumentType', 'DOMImplementation');
      qualifiedName = String(qualifiedName);
      // Step 1. Validate qualifiedName.
      if (!validElementName(qualifiedName.replace(/^[^:]*:/, ''))) throw new DOMException(`Failed to execute 'createDocumentType' on 'DOMImplementation': The qualified name provided ('${qualifiedName}') contains an invalid character.`, 'InvalidCharacterError');
      // Step 2. Return a new doctype, with the given names, and node document this's associated document.
      return createDoctype(implementations.get(this), qualifiedName, String(publicId), String(systemId));
    }
    // https://dom.spec.whatwg.org/#dom-domimplementation-createhtmldocument
    createHTMLDocument(title = undefined) {
      // Step 1-2. Let doc be a new document that is an HTML document, its content type "text/html".
      const doc = createDocument();
      // Step 3. Append a new doctype, with "html" as its name and with its node document set to doc, to doc.
      appendQuietly(doc, createDoctype(doc, 'html'));
      // Step 4. Append the result of creating an element given doc, "html", and the HTML namespace, to doc.
      const html = createElementInternal(doc, 'html', HTML_NS);
      appendQuietly(doc, html);
      // Step 5. Append the result of creating an element given doc, "head", and the HTML namespace, to the html element created earlier.
      const head = createElementInternal(doc, 'head', HTML_NS);
      appendQuietly(html, head);
      // Step 6. If title is given: append a title element, and to it a Text node whose data is title.
      if (title !== undefined) {
        const t = createElementInternal(doc, 'title', HTML_NS);
        appendQuietly(head, t);
        appendQuietly(t, createText(doc, String(title)));
      }
      // Step 7. Append the result of creating an element given doc, "body", and the HTML namespace, to the html element created earlier.
      appendQuietly(html, createElementInternal(doc, 'body', HTML_NS));
      // Step 8-9. doc's origin is this's associated document's origin; return doc.
      return doc;
    }
    // https://dom.spec.whatwg.org/#dom-domimplementation-hasfeature
    hasFeature() { return true; }
  }
  function titleElement(doc) {
    // https://html.spec.whatwg.org/multipage/dom.html#the-title-element-2: the first title element in the document (in tree order).
    return descendants(doc, (c) => isHTMLElement(c) && N(c).localName === 'title')[0] || null;
  }
  function createDocument() { return newNode(HTMLDocument.prototype, { type: DOCUMENT_NODE, doc: null, kids: [] }); }

  // https://html.spec.whatwg.org/multipage/dynamic-markup-insertion.html#domparser
  const DOMPARSER_TYPES = ['text/html', 'text/xml', 'application/xml', 'application/xhtml+xml', 'image/svg+xml'];
  class DOMParser {
    // https://html.spec.whatwg.org/multipage/dynamic-markup-insertion.html#dom-domparser-parsefromstring
    parseFromString(string, type) {
      if (arguments.length < 2) throw new TypeError(`Failed to execute 'parseFromString' on 'DOMParser': 2 arguments required, but only ${arguments.length} present.`);
      const markup = String(string);
      type = String(type);
      if (!DOMPARSER_TYPES.includes(type)) throw new TypeError(`Failed to execute 'parseFromString' on 'DOMParser': The provided value '${type}' is not a valid enum value of type SupportedType.`);
      // (jsloop has no XML parser: docs/deviations.md.)
      if (type !== 'text/html') throw new DOMException(`Failed to execute 'parseFromString' on 'DOMParser': jsloop parses only text/html, not '${type}'.`, 'NotSupportedError');
      // Step 2. Let document be a new Document, whose content type is type
      // and whose URL is this's relevant global object's associated
      // Document's URL (jsloop's documents share it).
      const doc = createDocument();
      // Step 3 ("text/html"). Parse HTML from a string given document and
      // compliantString: with scripting disabled, so no script runs (the
      // parser marks them already started).
      const tree = host.parseHTML(markup, false);
      suppressNotes++;
      try {
        const frag = buildFromTree(tree, doc);
        for (const c of kidsOf(frag).slice()) { N(frag).kids.splice(0, 1); appendQuietly(doc, c); }
      } finally {
        suppressNotes--;
      }
      // Step 4. Return document.
      return doc;
    }
  }

  // https://w3c.github.io/DOM-Parsing/#the-xmlserializer-interface
  class XMLSerializer {
    // https://w3c.github.io/DOM-Parsing/#dom-xmlserializer-serializetostring:
    // the XML serialization of root with the require well-formed flag unset.
    serializeToString(root) {
      if (arguments.length === 0) throw new TypeError("Failed to execute 'serializeToString' on 'XMLSerializer': 1 argument required, but only 0 present.");
      if (!isNode(root)) throw new TypeError("Failed to execute 'serializeToString' on 'XMLSerializer': parameter 1 is not of type 'Node'.");
      return xmlSerialize(root, null);
    }
  }
  // https://w3c.github.io/DOM-Parsing/#dfn-xml-serialization, for the
  // trees jsloop makes: `namespace` is the context namespace (an element
  // outside it declares its own with xmlns, unless it has the attribute);
  // prefixes are written as the nodes have them.
  function escapeXML(text, attribute) {
    text = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    return attribute ? text.replace(/"/g, '&quot;').replace(/\t/g, '&#x9;').replace(/\n/g, '&#xA;').replace(/\r/g, '&#xD;') : text;
  }
  function xmlSerialize(n, namespace) {
    const r = N(n);
    switch (r.type) {
      case ELEMENT_NODE: {
        const qname = qualifiedName(n);
        let s = '<' + qname;
        // A namespace other than the context's is declared on the element.
        const declares = r.namespace !== namespace && r.prefix === null && !r.attrs.some((a) => N(a).namespace === null && N(a).localName === 'xmlns');
        if (declares) s += ' xmlns="' + escapeXML(r.namespace ?? '', true) + '"';
        for (const a of r.attrs) s += ' ' + qualifiedName(a) + '="' + escapeXML(N(a).value, true) + '"';
        const kids = r.localName === 'template' && r.namespace === HTML_NS && N(n).content ? kidsOf(N(n).content) : kidsOf(n);
        // An HTML element with no children: a void one ends " />", any
        // other has its end tag; an element of another namespace ends "/>".
        if (kids.length === 0) {
          if (r.namespace === HTML_NS) return VOID_ELEMENTS.has(r.localName) ? s + ' />' : s + '></' + qname + '>';
          return s + '/>';
        }
        s += '>';
        for (const c of kids) s += xmlSerialize(c, r.namespace);
        return s + '</' + qname + '>';
      }
      case TEXT_NODE: return escapeXML(r.data, false);
      case COMMENT_NODE: return '<!--' + r.data + '-->';
      case PROCESSING_INSTRUCTION_NODE: return '<?' + r.target + ' ' + r.data + '?>';
      case DOCUMENT_TYPE_NODE: {
        let s = '<!DOCTYPE ' + r.name;
        if (r.publicId) s += ' PUBLIC "' + r.publicId + '"';
        else if (r.systemId) s += ' SYSTEM';
        if (r.systemId) s += ' "' + r.systemId + '"';
        return s + '>';
      }
      default: {
        let s = '';
        for (const c of kidsOf(n)) s += xmlSerialize(c, namespace);
        return s;
      }
    }
  }

  // ---------------------------------------------------------------- UI events
  // https://w3c.github.io/uievents/#interface-uievent
  class UIEvent extends Event {
    #view; #detail;
    constructor(type, init = {}) {
      if (arguments.length === 0) throw new TypeError(`Failed to construct '${new.target.name}': 1 argument required, but only 0 present.`);
      super(type, init);
      init = init || {};
      if (init.view !== undefined && init.view !== null && init.view !== g) throw new TypeError(`Failed to construct '${new.target.name}': Failed to read the 'view' property from 'UIEventInit': Failed to convert value to 'Window'.`);
      this.#view = init.view ?? null;
      this.#detail = init.detail | 0;
    }
    get view() { return this.#view; }
    get detail() { return this.#detail; }
    get which() { return 0; }
    // https://w3c.github.io/uievents/#dom-uievent-inituievent
    initUIEvent(type, bubbles = false, cancelable = false, view = null, detail = 0) {
      if (arguments.length === 0) throw new TypeError("Failed to execute 'initUIEvent' on 'UIEvent': 1 argument required, but only 0 present.");
      // Step 1. If this's dispatch flag is set, then return.
      if (eventInternals(this)[EVENT_STATE.DISPATCHING]) return;
      // Step 2. Initialize this with type, bubbles, and cancelable; then the view and detail.
      this.initEvent(type, bubbles, cancelable); this.#view = view ?? null; this.#detail = detail | 0;
    }
  }
  const modifierKeys = ['ctrlKey', 'shiftKey', 'altKey', 'metaKey'];
  function getModifierState(o, key) {
    return ({ Control: o.ctrlKey, Shift: o.shiftKey, Alt: o.altKey, Meta: o.metaKey })[key] || false;
  }
  // https://w3c.github.io/uievents/#interface-mouseevent
  class MouseEvent extends UIEvent {
    #i;
    constructor(type, init = {}) {
      super(type, init);
      init = init || {};
      const num = (v) => (v === undefined ? 0 : Number(v) || 0);
      this.#i = {
        screenX: num(init.screenX), screenY: num(init.screenY), clientX: num(init.clientX), clientY: num(init.clientY),
        movementX: num(init.movementX), movementY: num(init.movementY),
        button: (init.button | 0) << 16 >> 16, buttons: (init.buttons | 0) & 0xffff,
        ctrlKey: !!init.ctrlKey, shiftKey: !!init.shiftKey, altKey: !!init.altKey, metaKey: !!init.metaKey,
      };
      eventInternals(this)[EVENT_STATE.RELATED_TARGET] = init.relatedTarget ?? null;
    }
    get screenX() { return this.#i.screenX; }
    get screenY() { return this.#i.screenY; }
    get clientX() { return this.#i.clientX; }
    get clientY() { return this.#i.clientY; }
    get x() { return this.#i.clientX; }
    get y() { return this.#i.clientY; }
    get pageX() { return this.#i.clientX; }
    get pageY() { return this.#i.clientY; }
    get offsetX() { return this.#i.clientX; }
    get offsetY() { return this.#i.clientY; }
    get layerX() { return this.#i.clientX; }
    get layerY() { return this.#i.clientY; }
    get movementX() { return this.#i.movementX; }
    get movementY() { return this.#i.movementY; }
    get button() { return this.#i.button; }
    get buttons() { return this.#i.buttons; }
    get ctrlKey() { return this.#i.ctrlKey; }
    get shiftKey() { return this.#i.shiftKey; }
    get altKey() { return this.#i.altKey; }
    get metaKey() { return this.#i.metaKey; }
    get relatedTarget() { return eventInternals(this)[EVENT_STATE.RELATED_TARGET]; }
    get which() { return this.#i.button + 1; }
    getModifierState(key) { return getModifierState(this.#i, String(key)); }
    // https://w3c.github.io/uievents/#dom-mouseevent-initmouseevent
    initMouseEvent(type, bubbles = false, cancelable = false, view = null, detail = 0, screenX = 0, screenY = 0, clientX = 0, clientY = 0,
      ctrlKey = false, altKey = false, shiftKey = false, metaKey = false, button = 0, relatedTarget = null) {
      if (arguments.length === 0) throw new TypeError("Failed to execute 'initMouseEvent' on 'MouseEvent': 1 argument required, but only 0 present.");
      // Step 1. If this's dispatch flag is set, then return.
      if (eventInternals(this)[EVENT_STATE.DISPATCHING]) return;
      // Step 2. Initialize this (initUIEvent), then the mouse attributes.
      this.initUIEvent(type, bubbles, cancelable, view, detail);
      const num = (v) => Number(v) | 0;
      Object.assign(this.#i, {
        screenX: num(screenX), screenY: num(screenY), clientX: num(clientX), clientY: num(clientY),
        ctrlKey: !!ctrlKey, altKey: !!altKey, shiftKey: !!shiftKey, metaKey: !!metaKey, button: (button | 0) << 16 >> 16,
      });
      eventInternals(this)[EVENT_STATE.RELATED_TARGET] = relatedTarget ?? null;
    }
  }
  // https://w3c.github.io/pointerevents/#pointerevent-interface
  class PointerEvent extends MouseEvent {
    #i;
    constructor(type, init = {}) {
      super(type, init);
      init = init || {};
      this.#i = {
        pointerId: init.pointerId | 0, width: init.width ?? 1, height: init.height ?? 1, pressure: Number(init.pressure ?? 0),
        tangentialPressure: Number(init.tangentialPressure ?? 0), tiltX: init.tiltX | 0, tiltY: init.tiltY | 0, twist: init.twist | 0,
        altitudeAngle: init.altitudeAngle ?? Math.PI / 2, azimuthAngle: init.azimuthAngle ?? 0,
        pointerType: String(init.pointerType ?? ''), isPrimary: !!init.isPrimary,
      };
    }
    get pointerId() { return this.#i.pointerId; }
    get width() { return this.#i.width; }
    get height() { return this.#i.height; }
    get pressure() { return this.#i.pressure; }
    get tangentialPressure() { return this.#i.tangentialPressure; }
    get tiltX() { return this.#i.tiltX; }
    get tiltY() { return this.#i.tiltY; }
    get twist() { return this.#i.twist; }
    get altitudeAngle() { return this.#i.altitudeAngle; }
    get azimuthAngle() { return this.#i.azimuthAngle; }
    get pointerType() { return this.#i.pointerType; }
    get isPrimary() { return this.#i.isPrimary; }
    getCoalescedEvents() { return []; }
    getPredictedEvents() { return []; }
  }
  // https://w3c.github.io/uievents/#interface-keyboardevent
  class KeyboardEvent extends UIEvent {
    #i;
    constructor(type, init = {}) {
      super(type, init);
      init = init || {};
      this.#i = {
        key: String(init.key ?? ''), code: String(init.code ?? ''), location: init.location >>> 0, repeat: !!init.repeat, isComposing: !!init.isComposing,
        ctrlKey: !!init.ctrlKey, shiftKey: !!init.shiftKey, altKey: !!init.altKey, metaKey: !!init.metaKey,
        keyCode: init.keyCode >>> 0, charCode: init.charCode >>> 0,
      };
    }
    get key() { return this.#i.key; }
    get code() { return this.#i.code; }
    get location() { return this.#i.location; }
    get repeat() { return this.#i.repeat; }
    get isComposing() { return this.#i.isComposing; }
    get ctrlKey() { return this.#i.ctrlKey; }
    get shiftKey() { return this.#i.shiftKey; }
    get altKey() { return this.#i.altKey; }
    get metaKey() { return this.#i.metaKey; }
    get keyCode() { return this.#i.keyCode; }
    get charCode() { return this.#i.charCode; }
    get which() { return this.#i.keyCode; }
    getModifierState(key) { return getModifierState(this.#i, String(key)); }
    // https://w3c.github.io/uievents/#dom-keyboardevent-initkeyboardevent
    initKeyboardEvent(type, bubbles = false, cancelable = false, view = null, key = '', location = 0, ctrlKey = false, altKey = false, shiftKey = false, metaKey = false) {
      if (arguments.length === 0) throw new TypeError("Failed to execute 'initKeyboardEvent' on 'KeyboardEvent': 1 argument required, but only 0 present.");
      // Step 1. If this's dispatch flag is set, then return.
      if (eventInternals(this)[EVENT_STATE.DISPATCHING]) return;
      // Step 2. Initialize this (initUIEvent), then the keyboard attributes.
      this.initUIEvent(type, bubbles, cancelable, view, 0);
      Object.assign(this.#i, { key: String(key), location: location >>> 0, ctrlKey: !!ctrlKey, altKey: !!altKey, shiftKey: !!shiftKey, metaKey: !!metaKey });
    }
  }
  Object.assign(KeyboardEvent, { DOM_KEY_LOCATION_STANDARD: 0, DOM_KEY_LOCATION_LEFT: 1, DOM_KEY_LOCATION_RIGHT: 2, DOM_KEY_LOCATION_NUMPAD: 3 });
  // https://w3c.github.io/uievents/#interface-focusevent
  class FocusEvent extends UIEvent {
    constructor(type, init = {}) { super(type, init); eventInternals(this)[EVENT_STATE.RELATED_TARGET] = (init && init.relatedTarget) ?? null; }
    get relatedTarget() { return eventInternals(this)[EVENT_STATE.RELATED_TARGET]; }
  }
  // https://w3c.github.io/uievents/#interface-wheelevent
  class WheelEvent extends MouseEvent {
    #i;
    constructor(type, init = {}) {
      super(type, init);
      init = init || {};
      const num = (v) => (v === undefined ? 0 : Number(v));
      this.#i = { deltaX: num(init.deltaX), deltaY: num(init.deltaY), deltaZ: num(init.deltaZ), deltaMode: init.deltaMode >>> 0 };
      for (const k of ['deltaX', 'deltaY', 'deltaZ']) {
        if (!Number.isFinite(this.#i[k])) throw new TypeError(`Failed to construct 'WheelEvent': Failed to read the '${k}' property from 'WheelEventInit': The provided double value is non-finite.`);
      }
    }
    get deltaX() { return this.#i.deltaX; }
    get deltaY() { return this.#i.deltaY; }
    get deltaZ() { return this.#i.deltaZ; }
    get deltaMode() { return this.#i.deltaMode; }
  }
  for (const [name, value] of [['DOM_DELTA_PIXEL', 0], ['DOM_DELTA_LINE', 1], ['DOM_DELTA_PAGE', 2]]) {
    Object.defineProperty(WheelEvent, name, { value, enumerable: true });
    Object.defineProperty(WheelEvent.prototype, name, { value, enumerable: true });
  }
  // https://w3c.github.io/uievents/#interface-compositionevent
  class CompositionEvent extends UIEvent {
    #data;
    constructor(type, init = {}) {
      super(type, init);
      this.#data = init && init.data !== undefined ? String(init.data) : '';
    }
    get data() { return this.#data; }
  }
  // https://html.spec.whatwg.org/multipage/dnd.html#the-dragevent-interface
  // (no drag and drop: dataTransfer is what the dictionary gives).
  class DragEvent extends MouseEvent {
    #dataTransfer;
    constructor(type, init = {}) { super(type, init); this.#dataTransfer = (init && init.dataTransfer) ?? null; }
    get dataTransfer() { return this.#dataTransfer; }
  }
  // https://html.spec.whatwg.org/multipage/nav-history-apis.html#the-hashchangeevent-interface
  class HashChangeEvent extends Event {
    #i;
    constructor(type, init = {}) {
      if (arguments.length === 0) throw new TypeError("Failed to construct 'HashChangeEvent': 1 argument required, but only 0 present.");
      super(type, init);
      this.#i = { oldURL: String(init?.oldURL ?? ''), newURL: String(init?.newURL ?? '') };
    }
    get oldURL() { return this.#i.oldURL; }
    get newURL() { return this.#i.newURL; }
  }
  // https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#the-submitevent-interface
  class SubmitEvent extends Event {
    #submitter;
    constructor(type, init = {}) {
      if (arguments.length === 0) throw new TypeError("Failed to construct 'SubmitEvent': 1 argument required, but only 0 present.");
      super(type, init);
      const submitter = init?.submitter ?? null;
      if (submitter !== null && !(isElement(submitter) && N(submitter).namespace === HTML_NS)) {
        throw new TypeError("Failed to construct 'SubmitEvent': Failed to read the 'submitter' property from 'SubmitEventInit': Failed to convert value to 'HTMLElement'.");
      }
      this.#submitter = submitter;
    }
    get submitter() { return this.#submitter; }
  }
  // https://html.spec.whatwg.org/multipage/nav-history-apis.html#the-pagetransitionevent-interface
  class PageTransitionEvent extends Event {
    #persisted;
    constructor(type, init = {}) {
      if (arguments.length === 0) throw new TypeError("Failed to construct 'PageTransitionEvent': 1 argument required, but only 0 present.");
      super(type, init);
      this.#persisted = !!init?.persisted;
    }
    get persisted() { return this.#persisted; }
  }
  // https://html.spec.whatwg.org/multipage/nav-history-apis.html#the-beforeunloadevent-interface
  // (No constructor for script: only the user agent and createEvent make one.)
  let creatingBeforeUnload = false;
  class BeforeUnloadEvent extends Event {
    #returnValue = '';
    constructor(type = undefined) {
      if (!creatingBeforeUnload) throw new TypeError("Failed to construct 'BeforeUnloadEvent': Illegal constructor");
      super(type);
    }
    get returnValue() { return this.#returnValue; }
    set returnValue(v) { this.#returnValue = String(v); }
  }
  // https://html.spec.whatwg.org/multipage/webstorage.html#the-storageevent-interface
  class StorageEvent extends Event {
    #i;
    constructor(type, init = {}) {
      if (arguments.length === 0) throw new TypeError("Failed to construct 'StorageEvent': 1 argument required, but only 0 present.");
      super(type, init);
      init = init || {};
      this.#i = [init.key ?? null, init.oldValue ?? null, init.newValue ?? null, String(init.url ?? ''), init.storageArea ?? null];
    }
    get key() { return this.#i[0]; }
    get oldValue() { return this.#i[1]; }
    get newValue() { return this.#i[2]; }
    get url() { return this.#i[3]; }
    get storageArea() { return this.#i[4]; }
    initStorageEvent(type, bubbles = false, cancelable = false, key = null, oldValue = null, newValue = null, url = '', storageArea = null) {
      if (eventInternals(this)[EVENT_STATE.DISPATCHING]) return;
      this.initEvent(type, bubbles, cancelable);
      this.#i = [key, oldValue, newValue, String(url), storageArea];
    }
  }
  // https://w3c.github.io/deviceorientation/#deviceorientation
  const nullableDouble = (v) => (v === undefined || v === null ? null : Number(v));
  class DeviceOrientationEvent extends Event {
    #i;
    constructor(type, init = {}) {
      if (arguments.length === 0) throw new TypeError("Failed to construct 'DeviceOrientationEvent': 1 argument required, but only 0 present.");
      super(type, init);
      init = init || {};
      this.#i = [nullableDouble(init.alpha), nullableDouble(init.beta), nullableDouble(init.gamma), !!init.absolute];
    }
    get alpha() { return this.#i[0]; }
    get beta() { return this.#i[1]; }
    get gamma() { return this.#i[2]; }
    get absolute() { return this.#i[3]; }
  }
  // https://w3c.github.io/deviceorientation/#devicemotion (the
  // acceleration and rotation rate dictionaries are given back as they are
  // read: jsloop has no motion sensors).
  class DeviceMotionEvent extends Event {
    #i;
    constructor(type, init = {}) {
      if (arguments.length === 0) throw new TypeError("Failed to construct 'DeviceMotionEvent': 1 argument required, but only 0 present.");
      super(type, init);
      init = init || {};
      this.#i = [init.acceleration ?? null, init.accelerationIncludingGravity ?? null, init.rotationRate ?? null, Number(init.interval ?? 0)];
    }
    get acceleration() { return this.#i[0]; }
    get accelerationIncludingGravity() { return this.#i[1]; }
    get rotationRate() { return this.#i[2]; }
    get interval() { return this.#i[3]; }
  }
  // https://w3c.github.io/uievents/#interface-inputevent
  class InputEvent extends UIEvent {
    #i;
    constructor(type, init = {}) {
      super(type, init);
      init = init || {};
      this.#i = { data: init.data ?? null, inputType: String(init.inputType ?? ''), isComposing: !!init.isComposing };
    }
    get data() { return this.#i.data; }
    get inputType() { return this.#i.inputType; }
    get isComposing() { return this.#i.isComposing; }
  }

  // https://html.spec.whatwg.org/multipage/webappapis.html#fire-a-synthetic-pointer-event
  function fireSyntheticPointerEvent(type, target, notTrusted, init = {}) {
    // Step 1-4. Let event be the result of creating an event using PointerEvent;
    // type e; bubbles and cancelable true; composed flag set.
    const event = new PointerEvent(type, Object.assign({ bubbles: true, cancelable: true, composed: true, pointerId: -1 }, init,
      // Step 7. Initialize event's view attribute to target's node document's Window object.
      { view: N(target).doc === document ? g : null }));
    // Step 5. If the not trusted flag is set, initialize event's isTrusted attribute to false ("creating an event" sets it to true).
    eventInternals(event)[EVENT_STATE.IS_TRUSTED] = !notTrusted;
    // Step 9. Return the result of dispatching event at target.
    return dispatch(target, event);
  }
  // A user's click, for the page to call from a task on the user interaction
  // task source: a trusted click fired the same way (listeners called by the
  // host, so microtasks run after each listener).
  function userClick(target, init = {}) {
    if (!isNode(target) && target !== g) throw new TypeError('userClick: the target is not a node');
    if (isElement(target) && isDisabledFormControl(target)) return true;
    return fireSyntheticPointerEvent('click', target, false, Object.assign({ detail: 1, pointerId: 1, pointerType: 'mouse', isPrimary: true }, init));
  }

  // ---------------------------------------------------------------- event handlers on nodes
  // https://html.spec.whatwg.org/multipage/webappapis.html#globaleventhandlers
  const GLOBAL_EVENT_HANDLERS = ('onabort onauxclick onbeforeinput onblur oncancel onchange onclick onclose oncontextmenu oncopy oncut ondblclick ' +
    'ondrag ondragend ondragenter ondragleave ondragover ondragstart ondrop onerror onfocus onfocusin onfocusout oninput oninvalid onkeydown onkeypress onkeyup ' +
    'onload onmousedown onmouseenter onmouseleave onmousemove onmouseout onmouseover onmouseup onpaste onpointercancel onpointerdown ' +
    'onpointerenter onpointerleave onpointermove onpointerout onpointerover onpointerup onreset onresize onscroll onselect onsubmit ' +
    'ontoggle onwebkitanimationend onwebkitanimationiteration onwebkitanimationstart onwebkittransitionend onwheel ' +
    'ontouchstart ontouchend ontouchmove ontouchcancel ' +
    // https://drafts.csswg.org/css-animations/#interface-globaleventhandlers-idl
    'onanimationstart onanimationiteration onanimationend onanimationcancel ' +
    // https://drafts.csswg.org/css-transitions/#interface-globaleventhandlers-idl
    'ontransitionrun ontransitionstart ontransitionend ontransitioncancel').split(' ');
  // https://html.spec.whatwg.org/multipage/webappapis.html#window-reflecting-body-element-event-handler-set
  const WINDOW_REFLECTING = ['onblur', 'onerror', 'onfocus', 'onload', 'onresize', 'onscroll', 'onafterprint', 'onbeforeprint',
    'onbeforeunload', 'onhashchange', 'onlanguagechange', 'onmessage', 'onmessageerror', 'onoffline', 'ononline', 'onpagehide',
    'onpageshow', 'onpopstate', 'onrejectionhandled', 'onstorage', 'onunhandledrejection', 'onunload'];
  const WindowProto = Object.getPrototypeOf(g);
  // https://html.spec.whatwg.org/multipage/nav-history-apis.html#named-access-on-the-window-object
  // The Window's named properties object (Web IDL's WindowProperties, between
  // Window.prototype and EventTarget.prototype) holds a property for each
  // supported name: an id of an element of the document tree, or the name of
  // an embed, form, iframe, img or object element. Its getter finds the
  // named object now; a set makes an own property of the window, as the
  // exotic object's writable data property would.
  namedProperties = Object.create(Object.getPrototypeOf(WindowProto), {
    [Symbol.toStringTag]: { value: 'WindowProperties', configurable: true },
  });
  Object.setPrototypeOf(WindowProto, namedProperties);
  for (const name of GLOBAL_EVENT_HANDLERS) {
    defineEventHandler(HTMLElement.prototype, name);
    defineEventHandler(Document.prototype, name);
    if (!Object.prototype.hasOwnProperty.call(WindowProto, name)) defineEventHandler(WindowProto, name);
  }
  for (const name of WINDOW_REFLECTING) if (!Object.prototype.hasOwnProperty.call(WindowProto, name)) defineEventHandler(WindowProto, name);
  // The body element's window-reflecting handlers are the window's.
  for (const name of WINDOW_REFLECTING) {
    const d = Object.getOwnPropertyDescriptor(WindowProto, name);
    Object.defineProperty(htmlClasses.HTMLBodyElement.prototype, name, {
      configurable: true, enumerable: true,
      get() { return d.get.call(g); },
      set(v) { d.set.call(g, v); },
    });
  }
  defineEventHandler(Document.prototype, 'onreadystatechange');
  defineEventHandler(Document.prototype, 'onvisibilitychange');

  // ---------------------------------------------------------------- Shadow trees
  // https://dom.spec.whatwg.org/#interface-shadowroot
  // A shadow root is a DocumentFragment node whose record holds its host,
  // mode, delegates focus, slot assignment, clonable and serializable; the
  // host's record holds its shadow root. While no shadow root was ever made
  // in this realm, the dispatch hooks below give the default answers at once.
  let shadowRootsMade = 0;
  const isShadowRoot = (n) => isNode(n) && N(n).shadowHost !== undefined;
  class ShadowRoot extends DocumentFragment {
    constructor() { throw new TypeError("Failed to construct 'ShadowRoot': Illegal constructor"); }
    get mode() { return N(this).mode; }
    get host() { return N(this).shadowHost; }
    get delegatesFocus() { return N(this).delegatesFocus; }
    get slotAssignment() { return N(this).slotAssignment; }
    get clonable() { return N(this).clonable; }
    get serializable() { return N(this).serializable; }
    get activeElement() { return activeElementOf(this); }
    // https://html.spec.whatwg.org/multipage/dynamic-markup-insertion.html#dom-shadowroot-innerhtml
    get innerHTML() { return serializeChildren(this); }
    set innerHTML(v) {
      // Step 2. Let context be this's host.
      // Step 3. Let fragment be the result of invoking the fragment parsing algorithm steps with context and compliantString.
      const fragment = parseFragment(N(this).shadowHost, v === null ? '' : String(v));
      // Step 4. Replace all with fragment within this.
      replaceAll(fragment, this);
    }
  }
  defineEventHandler(ShadowRoot.prototype, 'onslotchange');
  // https://dom.spec.whatwg.org/#valid-shadow-host-name
  const SHADOW_HOST_NAMES = new Set(['article', 'aside', 'blockquote', 'body', 'div', 'footer', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'main', 'nav', 'p', 'section', 'span']);
  // https://html.spec.whatwg.org/multipage/custom-elements.html#valid-custom-element-name
  const RESERVED_CUSTOM_NAMES = new Set(['annotation-xml', 'color-profile', 'font-face', 'font-face-src', 'font-face-uri', 'font-face-format', 'font-face-name', 'missing-glyph']);
  const isValidCustomElementName = (name) => /^[a-z][-.0-9_a-z\u00B7\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u037D\u037F-\u1FFF\u200C\u200D\u203F\u2040\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD\u{10000}-\u{EFFFF}]*-[-.0-9_a-z\u00B7\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u037D\u037F-\u1FFF\u200C\u200D\u203F\u2040\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD\u{10000}-\u{EFFFF}]*$/u.test(name) && !RESERVED_CUSTOM_NAMES.has(name);
  const SHADOW_ROOT_MODES = ['open', 'closed'];
  const SLOT_ASSIGNMENT_MODES = ['named', 'manual'];
  function readEnum(init, key, values, type, required, fallback) {
    const v = init[key];
    if (v === undefined) {
      if (required) throw new TypeError(`Failed to execute 'attachShadow' on 'Element': Failed to read the '${key}' property from 'ShadowRootInit': Required member is undefined.`);
      return fallback;
    }
    const str = String(v);
    if (!values.includes(str)) throw new TypeError(`Failed to execute 'attachShadow' on 'Element': Failed to read the '${key}' property from 'ShadowRootInit': The provided value '${str}' is not a valid enum value of type ${type}.`);
    return str;
  }
  Object.defineProperties(Element.prototype, Object.getOwnPropertyDescriptors({
    // https://dom.spec.whatwg.org/#dom-element-attachshadow
    attachShadow(init) {
      requireArgs(arguments.length, 1, 'attachShadow', 'Element');
      if (init === null || (typeof init !== 'object' && typeof init !== 'function')) throw new TypeError("Failed to execute 'attachShadow' on 'Element': The provided value is not of type 'ShadowRootInit'.");
      // (The dictionary's members, in lexicographic order, as Web IDL converts them.)
      const clonable = !!init.clonable;
      const delegatesFocus = !!init.delegatesFocus;
      const mode = readEnum(init, 'mode', SHADOW_ROOT_MODES, 'ShadowRootMode', true);
      const serializable = !!init.serializable;
      const slotAssignment = readEnum(init, 'slotAssignment', SLOT_ASSIGNMENT_MODES, 'SlotAssignmentMode', false, 'named');
      // https://dom.spec.whatwg.org/#concept-attach-a-shadow-root
      const r = N(this);
      // Step 1. If element's namespace is not the HTML namespace, then throw a "NotSupportedError" DOMException.
      // Step 2. If element's local name is not a valid shadow host name, then throw a "NotSupportedError" DOMException.
      if (r.namespace !== HTML_NS || !(SHADOW_HOST_NAMES.has(r.localName) || isValidCustomElementName(r.localName))) {
        throw new DOMException(`Failed to execute 'attachShadow' on 'Element': This element does not support attachShadow`, 'NotSupportedError');
      }
      // Step 4. If element is a shadow host: (no declarative shadow roots in
      // jsloop: currentShadowRoot's declarative is false) throw a "NotSupportedError" DOMException.
      if (r.shadowRoot !== undefined) {
        throw new DOMException("Failed to execute 'attachShadow' on 'Element': Shadow root cannot be created on a host which already hosts a shadow tree.", 'NotSupportedError');
      }
      // Step 5. Let shadow be a new shadow root whose node document is
      // element's node document, host is element, and mode is mode.
      // Step 6-11. Set its delegates focus, slot assignment, declarative (false), clonable and serializable.
      const shadow = newNode(ShadowRoot.prototype, { type: DOCUMENT_FRAGMENT_NODE, doc: r.doc, kids: [], shadowHost: this, mode, delegatesFocus, slotAssignment, clonable, serializable });
      N(shadow).connected = r.connected;
      shadowRootsMade++;
      // Step 12. Set element's shadow root to shadow.
      r.shadowRoot = shadow;
      return shadow;
    },
    // https://dom.spec.whatwg.org/#dom-element-shadowroot
    get shadowRoot() {
      // Step 1-2. Let shadow be this's shadow root; return null if it is null or its mode is "closed".
      const shadow = N(this).shadowRoot;
      return shadow === undefined || N(shadow).mode === 'closed' ? null : shadow;
    },
  }));
  // https://dom.spec.whatwg.org/#find-a-slot
  function findASlot(slottable, open) {
    // Step 1. If slottable's parent is null, then return null.
    const parent = N(slottable).parent;
    if (parent === null) return null;
    // Step 2. Let shadow be slottable's parent's shadow root.
    // Step 3. If shadow is null, then return null.
    const shadow = N(parent).shadowRoot;
    if (shadow === undefined) return null;
    // Step 4. If the open flag is set and shadow's mode is not "open", then return null.
    if (open && N(shadow).mode !== 'open') return null;
    // Step 5. If shadow's slot assignment is "manual", then return the slot in
    // shadow's descendants whose manually assigned nodes contains slottable, if any; otherwise null.
    const isSlot = (c) => typeOf(c) === ELEMENT_NODE && N(c).localName === 'slot' && N(c).namespace === HTML_NS;
    if (N(shadow).slotAssignment === 'manual') return descendants(shadow, (c) => isSlot(c) && (N(c).manual || EMPTY).includes(slottable))[0] || null;
    // Step 6. Return the first slot in tree order in shadow's descendants whose name is slottable's name, if any; otherwise null.
    const name = typeOf(slottable) === ELEMENT_NODE ? getAttr(slottable, 'slot') || '' : '';
    return descendants(shadow, (c) => isSlot(c) && (getAttr(c, 'name') || '') === name)[0] || null;
  }
  // https://dom.spec.whatwg.org/#concept-slotable (elements and Text nodes)
  const isSlottable = (n) => { const t = typeOf(n); return t === ELEMENT_NODE || t === TEXT_NODE; };
  // https://dom.spec.whatwg.org/#find-slotables
  function findSlottables(slot) {
    // Step 1. Let result be « ».
    const result = [];
    // Step 2. Let root be slot's root.
    const root = rootOf(slot);
    // Step 3. If root is not a shadow root, then return result.
    if (!isShadowRoot(root)) return result;
    // Step 4. Let host be root's host.
    const hostEl = N(root).shadowHost;
    // Step 5. If root's slot assignment is "manual": each slottable of slot's
    // manually assigned nodes whose parent is host, appended to result.
    if (N(root).slotAssignment === 'manual') {
      for (const s of N(slot).manual || EMPTY) if (parentOf(s) === hostEl) result.push(s);
      return result;
    }
    // Step 6. Otherwise, for each slottable child of host: let foundSlot be the
    // result of finding a slot given slottable; if foundSlot is slot, append slottable to result.
    for (const c of kidsOf(hostEl)) if (isSlottable(c) && findASlot(c, false) === slot) result.push(c);
    // Step 7. Return result.
    return result;
  }
  // https://dom.spec.whatwg.org/#find-flattened-slotables
  function findFlattenedSlottables(slot) {
    // Step 1. Let result be « ».
    const result = [];
    // Step 2. If slot's root is not a shadow root, then return result.
    if (!isShadowRoot(rootOf(slot))) return result;
    // Step 3. Let slottables be the result of finding slottables given slot.
    let slottables = findSlottables(slot);
    // Step 4. If slottables is the empty list, then append each slottable child of slot, in tree order, to slottables.
    if (slottables.length === 0) slottables = kidsOf(slot).filter(isSlottable);
    // Step 5. For each node of slottables: if node is a slot whose root is a
    // shadow root, append its flattened slottables; otherwise append node.
    for (const n of slottables) {
      if (typeOf(n) === ELEMENT_NODE && N(n).localName === 'slot' && N(n).namespace === HTML_NS && isShadowRoot(rootOf(n))) result.push(...findFlattenedSlottables(n));
      else result.push(n);
    }
    // Step 6. Return result.
    return result;
  }
  // https://dom.spec.whatwg.org/#dom-slotable-assignedslot
  const assignedSlotGetter = { get assignedSlot() { return findASlot(this, true); } };
  mixin(Element, assignedSlotGetter);
  mixin(Text, assignedSlotGetter);
  // https://html.spec.whatwg.org/multipage/scripting.html#the-slot-element
  Object.defineProperties(htmlClasses.HTMLSlotElement.prototype, Object.getOwnPropertyDescriptors({
    get name() { return getAttr(this, 'name') || ''; },
    set name(v) { setAttributeValue(this, 'name', String(v)); },
    // https://html.spec.whatwg.org/multipage/scripting.html#dom-slot-assignednodes
    assignedNodes(options = undefined) {
      // Step 1. If options["flatten"] is false, then return this's assigned nodes.
      // Step 2. Return the result of finding flattened slottables with this.
      return options && options.flatten ? findFlattenedSlottables(this) : findSlottables(this);
    },
    // https://html.spec.whatwg.org/multipage/scripting.html#dom-slot-assignedelements
    assignedElements(options = undefined) {
      return (options && options.flatten ? findFlattenedSlottables(this) : findSlottables(this)).filter((n) => typeOf(n) === ELEMENT_NODE);
    },
    // https://html.spec.whatwg.org/multipage/scripting.html#dom-slot-assign
    assign(...nodes) {
      // Step 1-2. For each node of this's manually assigned nodes, set node's manual slot assignment to null.
      // Step 3-4. For each node of nodes: remove it from the manually assigned nodes of the slot it was
      // in, set its manual slot assignment to this, and append it to this's manually assigned nodes.
      const r = N(this);
      const assigned = [];
      for (const n of nodes) {
        if (!isNode(n) || !isSlottable(n)) throw new TypeError("Failed to execute 'assign' on 'HTMLSlotElement': parameter is not of type 'Element' or 'Text'.");
        const previous = N(n).manualSlot;
        if (previous && previous !== this) N(previous).manual = N(previous).manual.filter((x) => x !== n);
        if (!assigned.includes(n)) assigned.push(n);
      }
      for (const n of r.manual || EMPTY) if (!assigned.includes(n)) N(n).manualSlot = null;
      for (const n of assigned) N(n).manualSlot = this;
      r.manual = assigned;
    },
  }));
  // https://dom.spec.whatwg.org/#concept-shadow-including-inclusive-ancestor
  function isShadowIncludingInclusiveAncestor(a, b) {
    while (b !== null) {
      if (a === b) return true;
      const r = N(b);
      b = r.parent !== null ? r.parent : r.shadowHost !== undefined ? r.shadowHost : null;
    }
    return false;
  }
  // https://dom.spec.whatwg.org/#concept-shadow-including-root
  function shadowIncludingRoot(n) {
    for (;;) {
      const root = rootOf(n);
      if (!isShadowRoot(root)) return root;
      n = N(root).shadowHost;
    }
  }
  // https://dom.spec.whatwg.org/#retarget
  hooks.retarget = (a, b) => {
    if (shadowRootsMade === 0) return a;
    for (;;) {
      // Step 1. If A is not a node, or A's root is not a shadow root, or A's root
      // is a shadow-including inclusive ancestor of B, then return A.
      if (!isNode(a)) return a;
      const root = rootOf(a);
      if (!isShadowRoot(root) || (isNode(b) && isShadowIncludingInclusiveAncestor(root, b))) return a;
      // Step 2. Set A to A's root's host.
      a = N(root).shadowHost;
    }
  };
  hooks.inShadowTree = (t) => shadowRootsMade !== 0 && isNode(t) && isShadowRoot(rootOf(t));
  hooks.isClosedShadowRoot = (t) => shadowRootsMade !== 0 && isShadowRoot(t) && N(t).mode === 'closed';
  hooks.rootIsClosedShadowRoot = (t) => { if (shadowRootsMade === 0 || !isNode(t)) return false; const root = rootOf(t); return isShadowRoot(root) && N(root).mode === 'closed'; };
  // https://dom.spec.whatwg.org/#slotable-assigned (assigned: its assigned slot is non-null)
  hooks.isAssigned = (t) => shadowRootsMade !== 0 && isNode(t) && isSlottable(t) && findASlot(t, false) !== null;
  hooks.inTreeOf = (target, parent) => shadowRootsMade === 0 || !isNode(parent) || !isNode(target) || isShadowIncludingInclusiveAncestor(rootOf(target), parent);

  function countNames(el, delta) {
    const id = getAttr(el, 'id');
    if (id !== null && id !== '') countName(id, delta);
    if (NAME_ELEMENTS.has(N(el).localName) && N(el).namespace === HTML_NS) {
      const name = getAttr(el, 'name');
      if (name !== null && name !== '') countName(name, delta);
    }
  }
  function countName(name, delta) {
    const n = (namedCounts.get(name) || 0) + delta;
    if (n > 0) namedCounts.set(name, n); else namedCounts.delete(name);
    if (n === 1 && delta > 0 && !Object.prototype.hasOwnProperty.call(namedProperties, name)) {
      Object.defineProperty(namedProperties, name, {
        configurable: true, enumerable: false,
        get() { return namedObject(name); },
        set(v) { Object.defineProperty(this, name, { value: v, writable: true, enumerable: true, configurable: true }); },
      });
    } else if (n <= 0) {
      delete namedProperties[name];
    }
  }
  // https://html.spec.whatwg.org/multipage/nav-history-apis.html#dom-window-nameditem
  function namedObject(name) {
    const isNamed = (c) => NAME_ELEMENTS.has(N(c).localName) && N(c).namespace === HTML_NS && getAttr(c, 'name') === name;
    const found = descendants(document, (c) => typeOf(c) === ELEMENT_NODE && (getAttr(c, 'id') === name || isNamed(c)));
    // Step 1. If the document-tree child navigable target name property set has
    // name: the active WindowProxy of the first such child navigable (an iframe's).
    const frame = found.find((c) => N(c).localName === 'iframe' && getAttr(c, 'name') === name);
    if (frame !== undefined && frame.contentWindow) return frame.contentWindow;
    // Step 2-3. The elements named name: one is returned; several as an HTMLCollection.
    if (found.length === 1) return found[0];
    return found.length === 0 ? undefined : makeList(HTMLCollection.prototype, found);
  }

  // ---------------------------------------------------------------- Focus
  // https://html.spec.whatwg.org/multipage/interaction.html#focus
  // Each document's focused area is an element of it, or null for the
  // viewport (the document itself). The page is taken to have system focus.
  // https://html.spec.whatwg.org/multipage/interaction.html#focusable-area
  // (connected elements, not inert: links with href, form controls that are
  // not disabled, an input that is not hidden, iframes, summary, elements with a
  // tabindex attribute, editing hosts).
  function isFocusableArea(el) {
    if (!isElement(el) || !isConnected(el) || N(el).namespace !== HTML_NS) return false;
    const name = N(el).localName;
    if (getAttr(el, 'tabindex') !== null && /^\s*[-+]?\d+/.test(getAttr(el, 'tabindex'))) return true;
    if (isDisabledFormControl(el)) return false;
    if (name === 'input') return (getAttr(el, 'type') || '').toLowerCase() !== 'hidden';
    if (name === 'a' || name === 'area') return getAttr(el, 'href') !== null;
    const editable = getAttr(el, 'contenteditable');
    return ['button', 'select', 'textarea', 'iframe', 'summary'].includes(name) || (editable !== null && editable.toLowerCase() !== 'false');
  }
  // https://html.spec.whatwg.org/multipage/interaction.html#fire-a-focus-event
  // (a FocusEvent, composed, its view the window; UI Events' focusout and
  // focusin, which bubble, follow blur and focus, in Chromium's order).
  function fireFocusEvent(type, target, related) {
    fireTrusted(target, new FocusEvent(type, { view: g, relatedTarget: related, composed: true, bubbles: type === 'focusin' || type === 'focusout' }));
  }
  // https://html.spec.whatwg.org/multipage/interaction.html#focusing-steps
  // for an element of this realm's documents, or a document (its viewport).
  function focusingSteps(target) {
    const doc = typeOf(target) === DOCUMENT_NODE ? target : N(target).doc;
    const newArea = target === doc ? null : target;
    // Step 5. If new focus target is the currently focused area, then return.
    const old = N(doc).focused || null;
    if (old === newArea) return;
    // Step 6-8. The focus update steps with the old chain and the new chain:
    // (within one document the chains share the viewport, which is left out:
    // the old chain is « old » and the new chain « new », where not the viewport).
    // https://html.spec.whatwg.org/multipage/interaction.html#focus-update-steps
    // Step 2. For each entry of old chain: fire blur at it, its related blur
    // target the last entry of new chain if that is an element (null otherwise).
    if (old !== null) {
      fireFocusEvent('blur', old, newArea);
      fireFocusEvent('focusout', old, newArea);
    }
    // Step 3. Apply any relevant platform-specific conventions for focusing new focus target.
    N(doc).focused = newArea;
    // Step 4. For each entry of new chain, in reverse order: fire focus at it,
    // its related focus target the last entry of old chain if that is an element.
    if (newArea !== null && N(doc).focused === newArea) {
      fireFocusEvent('focus', newArea, old);
      fireFocusEvent('focusin', newArea, old);
    }
  }
  // https://html.spec.whatwg.org/multipage/interaction.html#dom-documentorshadowroot-activeelement
  function activeElementOf(root) {
    // Step 1. Let candidate be the DOM anchor of the focused area of this's node document.
    const doc = typeOf(root) === DOCUMENT_NODE ? root : N(root).doc;
    let candidate = (doc && N(doc).focused) || doc;
    // Step 2. Set candidate to the result of retargeting candidate against this.
    candidate = hooks.retarget(candidate, root);
    // Step 3. If candidate's root is not this, then return null.
    if (rootOf(candidate) !== root) return null;
    // Step 4. If candidate is not a Document object, then return candidate.
    if (typeOf(candidate) !== DOCUMENT_NODE) return candidate;
    // Step 5-7. Its body element if it has one, else its document element, else null.
    return candidate.body || candidate.documentElement || null;
  }

  // The DOM's side of event dispatch.
  // https://dom.spec.whatwg.org/#get-the-parent
  hooks.getTheParent = (target, event) => {
    if (!isNode(target)) return null;
    // A document's get the parent: null if event's type is "load" or the
    // document has no browsing context; otherwise its relevant global object.
    const r = N(target);
    if (r.type === DOCUMENT_NODE) return eventInternals(event)[EVENT_STATE.TYPE] === 'load' || target !== document ? null : g;
    // A shadow root's get the parent: null if event's composed flag is unset and
    // shadow root is the root of event's path's first struct's invocation target; otherwise its host.
    if (r.shadowHost !== undefined) {
      const st = eventInternals(event);
      return !st[EVENT_STATE.COMPOSED] && rootOf(st[EVENT_STATE.PATH][0].invocationTarget) === target ? null : r.shadowHost;
    }
    // A node's get the parent: its assigned slot, if it is assigned; otherwise its parent.
    if (r.parent !== null && N(r.parent).shadowRoot !== undefined && isSlottable(target)) {
      const slot = findASlot(target, false);
      if (slot !== null) return slot;
    }
    return r.parent;
  };
  hooks.isMouseEvent = (event) => event instanceof MouseEvent;
  // https://html.spec.whatwg.org/multipage/input.html#the-input-element:legacy-pre-activation-behavior
  // A checkbox (or radio button) is checked before the click's listeners run,
  // put back if the click is canceled, and otherwise fires input and change.
  const checkableBehaviors = new WeakMap();
  function checkableActivation(el) {
    let b = checkableBehaviors.get(el);
    if (b) return b;
    const saved = { checked: false, indeterminate: false };
    b = {
      legacyPreActivation() {
        const r = N(el);
        saved.checked = el.checked;
        saved.indeterminate = !!r.indeterminate;
        if ((getAttr(el, 'type') || '').toLowerCase() === 'radio') el.checked = true;
        else { el.checked = !el.checked; r.indeterminate = false; }
      },
      legacyCanceledActivation() {
        el.checked = saved.checked;
        N(el).indeterminate = saved.indeterminate;
      },
      activation() {
        // Step 1. If the element is not connected, then return.
        if (!isConnected(el)) return;
        // Step 2. Fire input (bubbles, composed), then change (bubbles).
        fireTrusted(el, new Event('input', { bubbles: true, composed: true }));
        fireTrusted(el, new Event('change', { bubbles: true }));
      },
    };
    checkableBehaviors.set(el, b);
    return b;
  }
  // https://html.spec.whatwg.org/multipage/input.html#the-input-element:activation-behaviour
  // Step 1: an element that is not mutable returns, unless it is in the
  // Checkbox or Radio state: a disabled checkbox still has activation
  // behavior (only click() does nothing on a disabled control).
  const previousActivation = hooks.activationBehavior;
  hooks.activationBehavior = (target) => {
    if (isNode(target) && typeOf(target) === ELEMENT_NODE && N(target).localName === 'input' && N(target).namespace === HTML_NS
        && /^(checkbox|radio)$/i.test(getAttr(target, 'type') || '')) return checkableActivation(target);
    return previousActivation(target);
  };
  // https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#form-owner
  // (the `form` content attribute names a form by ID; otherwise the nearest
  // ancestor form).
  function formOwner(el) {
    const id = getAttr(el, 'form');
    if (id !== null) {
      const found = descendants(rootOf(el), (c) => typeOf(c) === ELEMENT_NODE && getAttr(c, 'id') === id)[0];
      return found && N(found).localName === 'form' && N(found).namespace === HTML_NS ? found : null;
    }
    for (let p = parentOf(el); p; p = parentOf(p)) if (typeOf(p) === ELEMENT_NODE && N(p).localName === 'form' && N(p).namespace === HTML_NS) return p;
    return null;
  }
  // https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#concept-form-submit
  // Up to the submit event: jsloop does not navigate, so a submission that
  // is not canceled ends there (docs/deviations.md).
  const firingSubmissionEvents = new WeakSet();
  function submitForm(form, submitter) {
    // Step 1. If form cannot navigate, then return (a form that is not connected cannot).
    if (!isConnected(form)) return;
    // Step 5.1. If form's firing submission events is true, then return.
    if (firingSubmissionEvents.has(form)) return;
    // Step 5.2. Set form's firing submission events to true.
    firingSubmissionEvents.add(form);
    try {
      // Step 5.5. Let submitterButton be null if submitter is form; otherwise submitter.
      // Step 5.6. Let shouldContinue be the result of firing an event named
      // submit at form using SubmitEvent, with submitter initialized to
      // submitterButton, and bubbles and cancelable set to true.
      fireTrusted(form, new SubmitEvent('submit', { bubbles: true, cancelable: true, submitter: submitter === form ? null : submitter }));
    } finally {
      // Step 5.7. Set form's firing submission events to false.
      firingSubmissionEvents.delete(form);
    }
  }
  // The activation behavior of a submit button (a <button> in the Submit
  // Button state, an <input type=submit>).
  // https://html.spec.whatwg.org/multipage/form-elements.html#the-button-element:activation-behaviour
  const submitBehaviors = new WeakMap();
  function submitActivation(el) {
    let b = submitBehaviors.get(el);
    if (b) return b;
    b = {
      activation() {
        // Step 1. If element is disabled, then return.
        if (isDisabledFormControl(el)) return;
        // Step 3. If element has a form owner: submit element's form owner from element.
        const form = formOwner(el);
        if (form !== null) submitForm(form, el);
      },
    };
    submitBehaviors.set(el, b);
    return b;
  }
  function isSubmitButton(el) {
    if (!isNode(el) || typeOf(el) !== ELEMENT_NODE || N(el).namespace !== HTML_NS) return false;
    const n = N(el).localName;
    const type = lower(getAttr(el, 'type') || '');
    if (n === 'button') return type !== 'reset' && type !== 'button';
    return n === 'input' && (type === 'submit' || type === 'image');
  }
  const beforeSubmitActivation = hooks.activationBehavior;
  hooks.activationBehavior = (target) => (isSubmitButton(target) ? submitActivation(target) : beforeSubmitActivation(target));
  // https://html.spec.whatwg.org/multipage/links.html#links-created-by-a-and-area-elements:
  // an a or area element's activation behavior: Step 1. If element has no
  // href attribute, then return. Step 6. Otherwise, follow the hyperlink
  // given element.
  const beforeLinkActivation = hooks.activationBehavior;
  hooks.activationBehavior = (target) => {
    if (isElement(target) && N(target).namespace === HTML_NS && (N(target).localName === 'a' || N(target).localName === 'area')) {
      return { activation: () => { if (getAttr(target, 'href') !== null) followTheHyperlink(target); } };
    }
    return beforeLinkActivation(target);
  };
  // https://html.spec.whatwg.org/multipage/links.html#following-hyperlinks-2
  function followTheHyperlink(subject) {
    // Step 1. If subject cannot navigate, then return: its node document is
    // not fully active (not the window's), or it is not an a element and
    // is not connected.
    // https://html.spec.whatwg.org/multipage/links.html#cannot-navigate
    if (N(subject).doc !== document || (N(subject).localName !== 'a' && !isConnected(subject))) return;
    // Step 2-6. The target navigable: jsloop follows a link in its own
    // navigable only (a target other than "" or "_self" is not followed).
    const target = getAttr(subject, 'target');
    if (target !== null && target !== '' && lower(target) !== '_self') return;
    // Step 7. Let urlString be the result of encoding-parsing-and-serializing
    // a URL given subject's href attribute value, relative to subject's node
    // document. Step 8. If urlString is failure, then return.
    let url;
    try { url = new g.URL(getAttr(subject, 'href'), document.baseURI); } catch { return; }
    // Step 14. Navigate targetNavigable to urlString using subject's node document.
    navigate(url);
  }
  // https://html.spec.whatwg.org/multipage/browsing-the-web.html#navigate,
  // for a javascript: URL (jsloop does not replace its document with another:
  // a link to any other URL is not followed, docs/deviations.md).
  function navigate(url) {
    if (url.protocol !== 'javascript:') return;
    // Step 12. If url's scheme is "javascript", then queue a global task on
    // the navigation and traversal task source given navigable's active
    // window to navigate to a javascript: URL. Return.
    const urlString = url.href;
    host.queueTask('navigation-and-traversal', 'navigate to a javascript: URL', () => evaluateAJavascriptURL(urlString), undefined);
  }
  // https://html.spec.whatwg.org/multipage/browsing-the-web.html#evaluate-a-javascript:-url
  function evaluateAJavascriptURL(urlString) {
    // Step 2. Let encodedScriptSource be the result of removing the leading "javascript:" from urlString.
    const encoded = urlString.slice('javascript:'.length);
    // Step 3. Let scriptSource be the UTF-8 decoding of the percent-decoding of encodedScriptSource.
    const bytes = [];
    for (let i = 0; i < encoded.length; i++) {
      const c = encoded.charCodeAt(i);
      if (c === 0x25 && /^[0-9A-Fa-f]{2}$/.test(encoded.slice(i + 1, i + 3))) { bytes.push(parseInt(encoded.slice(i + 1, i + 3), 16)); i += 2; } else {
        for (const b of new g.TextEncoder().encode(String.fromCodePoint(encoded.codePointAt(i)))) bytes.push(b);
        if (c >= 0xd800 && c <= 0xdbff && i + 1 < encoded.length) i++;
      }
    }
    const scriptSource = new g.TextDecoder().decode(new Uint8Array(bytes));
    // Step 6. Let script be the result of creating a classic script given
    // scriptSource. Step 7. Let evaluationStatus be the result of running
    // the classic script script (an exception is reported).
    try { host.evaluateScript(scriptSource, documentURL, 1); } catch (e) { web.reportException(e); }
    // Step 9-10. (A String result would be the source of a new document,
    // which jsloop does not make: docs/deviations.md.)
  }
  // https://dom.spec.whatwg.org/#default-passive-value
  hooks.isDefaultPassiveTarget = (target) => target === g || (isNode(target) && (target === N(target).doc || target === document ||
    target === N(target).doc?.documentElement || target === N(target).doc?.body));
  // https://html.spec.whatwg.org/multipage/webappapis.html#getting-the-current-value-of-the-event-handler
  // Step 1.3: the scope is the element, then (no form owner) the document, then the global.
  hooks.compileHandler = (target, name, source) => {
    const params = name === 'onerror' && target === g ? 'event, source, lineno, colno, error' : 'event';
    // Step 1.3-1.10: the function is made as a script of the document (its
    // errors and stacks name the document's URL), in the scope of the
    // element, then the document, then the global.
    const url = documentURL;
    if (isElement(target)) {
      const make = host.evaluateScript(`(function (__document, __element) { with (__document) with (__element) return function ${name}(${params}) {\n${source}\n}; })`, url, 1);
      return make(N(target).doc, target);
    }
    if (isDocument(target)) {
      const make = host.evaluateScript(`(function (__document) { with (__document) return function ${name}(${params}) {\n${source}\n}; })`, url, 1);
      return make(target);
    }
    return host.evaluateScript(`(function ${name}(${params}) {\n${source}\n})`, url, 1);
  };

  // ---------------------------------------------------------------- the document
  const document = createDocument();
  function buildDefaultDocument() {
    suppressNotes++;
    try {
      for (const c of kidsOf(document).slice()) { N(c).parent = null; setConnected(c, false); }
      N(document).kids = [];
      treeChanged();
      if (typeof host.parseHTML === 'function') {
        buildDocument(host.parseHTML('<!DOCTYPE html>', false));
        return;
      }
      appendQuietly(document, createDoctype(document, 'html'));
      const html = createElementInternal(document, 'html', HTML_NS);
      appendQuietly(html, createElementInternal(document, 'head', HTML_NS));
      appendQuietly(html, createElementInternal(document, 'body', HTML_NS));
      appendQuietly(document, html);
    } finally {
      suppressNotes--;
    }
  }
  // Replaces the document's children with a parsed document tree (for .html
  // pages), without mutation records or rendering notes (nothing observes a
  // page that is only being loaded).
  function buildDocument(tree) {
    if (!tree || tree.t !== 'document') throw new TypeError("buildDocument: expected a tree {t:'document', children: [...]}");
    suppressNotes++;
    try {
      for (const c of kidsOf(document).slice()) { N(c).parent = null; setConnected(c, false); }
      N(document).kids = [];
      treeChanged();
      const frag = buildFromTree(tree, document);
      for (const c of kidsOf(frag).slice()) { N(frag).kids.splice(0, 1); appendQuietly(document, c); }
    } finally {
      suppressNotes--;
    }
    return document;
  }
  buildDefaultDocument();
  // (The default document's names, counted; from here on counted as they change.)
  namedCounts = new Map();
  setConnected(document, true);
  Object.defineProperty(g, 'document', { get: () => document, enumerable: true, configurable: false });

  define(g, {
    Node, Document, HTMLDocument, Element, HTMLElement, CharacterData, Text, Comment, ProcessingInstruction, DOMImplementation, DocumentFragment, ShadowRoot, DocumentType, Attr,
    NodeList, HTMLCollection, NamedNodeMap, DOMTokenList, DOMStringMap, CSSStyleDeclaration,
    DOMParser, XMLSerializer,
    MutationObserver, MutationRecord, UIEvent, MouseEvent, PointerEvent, KeyboardEvent, FocusEvent, InputEvent,
    WheelEvent, CompositionEvent, DragEvent, HashChangeEvent, PageTransitionEvent, BeforeUnloadEvent, StorageEvent, SubmitEvent, ToggleEvent, DeviceMotionEvent, DeviceOrientationEvent,
    ...htmlClasses,
  });

  return {
    document,
    // What Range (21_range.js) needs of the tree.
    // What CSSOM, getComputedStyle and CSS animations (27_css.js) need.
    cssSupport: {
      N, kidsOf, typeOf, isConnected, childText, parseDeclarations, parseSelector, matchesList, makeDeclarationBlock, styleValue,
      inlineDecls: (el) => (N(el).style ? N(N(el).style).decls : parseDeclarations(getAttr(el, 'style') || '')),
      CSS_PROPERTIES, cssToIdl, ELEMENT_NODE, styleInUse: () => styleInUse,
      takeDirty: () => { const d = styleDirty; styleDirty = false; return d && styleInUse; }, useStyle,
    },
    rangeSupport: {
      liveRanges, N, kidsOf, parentOf, typeOf, indexOf, rootOf, isInclusiveAncestor, isCharacterData, isNode,
      insert, preInsert, remove, replaceData, replaceAll, append, ensurePreInsertionValidity, cloneANode, createFragment,
      hierarchyError, nodeName,
      liveIterators, setIteratorPreRemovingSteps: (f) => { iteratorPreRemovingSteps = f; },
      nodeTypes: { ELEMENT_NODE, TEXT_NODE, PROCESSING_INSTRUCTION_NODE, COMMENT_NODE, DOCUMENT_NODE, DOCUMENT_TYPE_NODE, DOCUMENT_FRAGMENT_NODE },
      Document, Text,
    },
    buildDocument,
    setScriptHook: (f) => { scriptHook = f; },
    setFrameHook: (f) => { frameHook = f; },
    buildFromTree: (tree) => buildFromTree(tree, document),
    querySelector: (sel) => document.querySelector(sel),
    describe,
    takeRenderingChanges,
    userClick,
    fireSyntheticPointerEvent: (type, target, init) => fireSyntheticPointerEvent(type, target, false, init),
    setDocumentURL: (url) => { documentURL = String(url); },
    setReadyState: (s) => { readyState = String(s); },
  };
})
