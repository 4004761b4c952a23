// jsloop glue 27 (a window's): the CSS Object Model's style sheets
// (StyleSheet, CSSStyleSheet, CSSRuleList, CSSRule, CSSStyleRule,
// CSSKeyframesRule, CSSKeyframeRule, StyleSheetList), getComputedStyle(),
// and CSS Animations and CSS Transitions with their events (AnimationEvent,
// TransitionEvent).
//
// jsloop has no layout and keeps CSS values as written (docs/deviations.md,
// "CSS values and layout"): the cascade here finds, for each element, the
// declarations of the style rules whose selectors match it and of its style
// attribute, in cascade order; values are not computed further (a property
// with no declaration has its initial value, or its parent's if it is
// inherited, for the properties a transition can animate). What animations
// and transitions change is not interpolated: they run for their time and
// fire their events, as the standards say, at the HTML Standard's "update
// the rendering" (jsloop-core html/rendering.rs: Step 11, update animations
// and send events; Step 16.1, recalculate styles, a style change event).
(function (host, g, web, css) {
  'use strict';
  const { define, DOMException, Event, fireTrusted } = web;
  const { N, kidsOf, typeOf, isConnected, childText, parseDeclarations, parseSelector, matchesList, makeDeclarationBlock, inlineDecls, ELEMENT_NODE } = css;
  const HTML_NS = 'http://www.w3.org/1999/xhtml';
  const R = new WeakMap(); // a CSSOM object's record
  const rec = (o, what, iface) => {
    const r = R.get(o);
    if (r === undefined) throw new TypeError(`Failed to ${what} on '${iface}': Illegal invocation`);
    return r;
  };
  const arity = (what, iface, n, given) => new TypeError(`Failed to ${what} on '${iface}': ${n} argument${n === 1 ? '' : 's'} required, but only ${given} present.`);
  const illegal = (name) => new TypeError(`Failed to construct '${name}': Illegal constructor`);
  let constructing = false;

  // ---------------------------------------------------------------- parsing
  // https://drafts.csswg.org/css-syntax/#parse-a-css-stylesheet (simplified:
  // comments removed, blocks found by their braces outside strings). The
  // rules jsloop knows are style rules and @keyframes; any other at-rule is
  // one it does not support, dropped as CSS Syntax's error handling drops an
  // invalid rule (docs/deviations.md).
  function stripComments(text) {
    let out = '', quote = null;
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      if (quote) { out += c; if (c === '\\') out += text[++i] ?? ''; else if (c === quote) quote = null; continue; }
      if (c === '"' || c === "'") { quote = c; out += c; continue; }
      if (c === '/' && text[i + 1] === '*') {
        const end = text.indexOf('*/', i + 2);
        i = end < 0 ? text.length : end + 1;
        out += ' ';
        continue;
      }
      out += c;
    }
    return out;
  }
  // The index just past the block that opens at text[open] ('{'), or -1.
  function blockEnd(text, open) {
    let depth = 0, quote = null;
    for (let i = open; i < text.length; i++) {
      const c = text[i];
      if (quote) { if (c === '\\') i++; else if (c === quote) quote = null; continue; }
      if (c === '"' || c === "'") quote = c;
      else if (c === '{') depth++;
      else if (c === '}' && --depth === 0) return i + 1;
    }
    return -1;
  }
  // The index of the first top-level `ch` from `from`, or -1.
  function findTop(text, from, ch) {
    let quote = null, depth = 0;
    for (let i = from; i < text.length; i++) {
      const c = text[i];
      if (quote) { if (c === '\\') i++; else if (c === quote) quote = null; continue; }
      if (c === '"' || c === "'") quote = c;
      else if (c === '(' || c === '[') depth++;
      else if (c === ')' || c === ']') depth = Math.max(0, depth - 1);
      else if (c === ch && depth === 0) return i;
    }
    return -1;
  }
  // Parses the rules of `text`: rule descriptions. A description is
  // { kind: 'style', selectorText, selectors, decls }, { kind: 'keyframes',
  // name, keyframes: [{ keys, decls }] }, { keys, decls } (a keyframe, with
  // consumeKeyframe), or null for a rule that is invalid or not supported.
  function parseRuleList(text, consume = consumeRule) {
    const rules = [];
    let pos = 0;
    for (;;) {
      while (pos < text.length && /\s/.test(text[pos])) pos++;
      if (pos >= text.length) break;
      const [rule, end] = consume(text, pos);
      rules.push(rule);
      pos = end;
    }
    return rules;
  }
  function consumeRule(text, pos) {
    const open = findTop(text, pos, '{');
    if (text[pos] === '@') {
      // https://drafts.csswg.org/css-syntax/#consume-at-rule: up to a ';' or through its block.
      const semi = findTop(text, pos, ';');
      if (semi >= 0 && (open < 0 || semi < open)) return [null, semi + 1];
      if (open < 0) return [null, text.length];
      const end = blockEnd(text, open);
      const close = end < 0 ? text.length : end;
      const m = /^@(-webkit-)?keyframes\s+/i.exec(text.slice(pos, open));
      if (!m) return [null, close];
      return [parseKeyframes(text.slice(pos + m[0].length, open).trim(), text.slice(open + 1, end < 0 ? text.length : end - 1)), close];
    }
    // https://drafts.csswg.org/css-syntax/#consume-qualified-rule
    if (open < 0) return [null, text.length];
    const end = blockEnd(text, open);
    const close = end < 0 ? text.length : end;
    return [parseStyleRule(text.slice(pos, open).trim(), text.slice(open + 1, end < 0 ? text.length : end - 1)), close];
  }
  function selectorsOf(selectorText) {
    try { return parseSelector(selectorText, 'insertRule', 'CSSStyleSheet'); } catch { return null; }
  }
  function parseStyleRule(prelude, body) {
    // https://drafts.csswg.org/css-syntax/#style-rules: the prelude is a
    // selector list; an invalid one makes the rule invalid.
    if (prelude === '') return null;
    const selectors = selectorsOf(prelude);
    if (selectors === null) return null;
    return { kind: 'style', selectorText: prelude.replace(/\s+/g, ' '), selectors, decls: parseDeclarations(body) };
  }
  // https://drafts.csswg.org/css-animations/#keyframes: the name is a
  // <custom-ident> or a <string>; the block holds keyframe rules.
  function parseKeyframes(prelude, body) {
    let name = null;
    const s = /^(["'])(.*)\1$/.exec(prelude);
    if (s) name = s[2];
    else if (/^-?[A-Za-z_\u0080-\uffff][-\w\u0080-\uffff]*$/.test(prelude) && !/^(none|initial|inherit|unset|default|revert|revert-layer)$/i.test(prelude)) name = prelude;
    if (name === null) return null;
    const keyframes = [];
    for (const rule of keyframeBlocks(body)) if (rule !== null) keyframes.push(rule);
    return { kind: 'keyframes', name, keyframes };
  }
  const keyframeBlocks = (body) => parseRuleList(body, consumeKeyframe);
  function consumeKeyframe(text, pos) {
    const open = findTop(text, pos, '{');
    if (open < 0) return [null, text.length];
    const end = blockEnd(text, open);
    return [parseKeyframe(text.slice(pos, open).trim(), text.slice(open + 1, end < 0 ? text.length : end - 1)), end < 0 ? text.length : end];
  }
  // https://drafts.csswg.org/css-animations/#typedef-keyframe-selector: from, to, or a percentage.
  function parseKeyText(text) {
    const keys = [];
    for (const part of text.split(',')) {
      const p = part.trim().toLowerCase();
      if (p === 'from') keys.push(0);
      else if (p === 'to') keys.push(100);
      else {
        const m = /^([+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)%$/.exec(p);
        if (!m || Number(m[1]) < 0 || Number(m[1]) > 100) return null;
        keys.push(Number(m[1]));
      }
    }
    return keys;
  }
  function parseKeyframe(prelude, body) {
    const keys = parseKeyText(prelude);
    if (keys === null) return null;
    return { keys, decls: parseDeclarations(body) };
  }

  // ---------------------------------------------------------------- CSSOM rules
  // https://drafts.csswg.org/cssom/#the-cssrule-interface
  class CSSRule {
    constructor() { if (!constructing) throw illegal('CSSRule'); }
    get type() { return rec(this, "read the 'type' property", 'CSSRule').type; }
    get cssText() { return ruleText(this); }
    set cssText(v) { /* Setting does nothing (CSSOM: "on setting the cssText attribute must do nothing"). */ }
    get parentRule() { return rec(this, "read the 'parentRule' property", 'CSSRule').parentRule; }
    get parentStyleSheet() { return rec(this, "read the 'parentStyleSheet' property", 'CSSRule').parentStyleSheet; }
  }
  const RULE_TYPES = {
    STYLE_RULE: 1, CHARSET_RULE: 2, IMPORT_RULE: 3, MEDIA_RULE: 4, FONT_FACE_RULE: 5, PAGE_RULE: 6, KEYFRAMES_RULE: 7, KEYFRAME_RULE: 8,
    MARGIN_RULE: 9, NAMESPACE_RULE: 10, COUNTER_STYLE_RULE: 11, SUPPORTS_RULE: 12, FONT_FEATURE_VALUES_RULE: 14,
  };
  for (const [k, v] of Object.entries(RULE_TYPES)) {
    Object.defineProperty(CSSRule, k, { value: v, enumerable: true });
    Object.defineProperty(CSSRule.prototype, k, { value: v, enumerable: true });
  }
  // https://drafts.csswg.org/cssom/#the-cssstylerule-interface
  class CSSStyleRule extends CSSRule {
    constructor() { if (!constructing) throw illegal('CSSStyleRule'); super(); }
    get selectorText() { return rec(this, "read the 'selectorText' property", 'CSSStyleRule').selectorText; }
    // https://drafts.csswg.org/cssom/#dom-cssstylerule-selectortext
    set selectorText(v) {
      const r = rec(this, "set the 'selectorText' property", 'CSSStyleRule');
      const text = String(v).trim();
      // Step 1. Run the parse a group of selectors algorithm on the given value.
      const selectors = text === '' ? null : selectorsOf(text);
      // Step 2. If the algorithm returns a non-null value replace the
      // associated group of selectors with the returned value.
      // Step 3. Otherwise, if the algorithm returns a null value, do nothing.
      if (selectors !== null) { r.selectorText = text.replace(/\s+/g, ' '); r.selectors = selectors; styleChanged(); }
    }
    get style() { return rec(this, "read the 'style' property", 'CSSStyleRule').style; }
    get [Symbol.toStringTag]() { return 'CSSStyleRule'; }
  }
  // https://drafts.csswg.org/css-animations/#interface-csskeyframerule
  class CSSKeyframeRule extends CSSRule {
    constructor() { if (!constructing) throw illegal('CSSKeyframeRule'); super(); }
    get keyText() { return rec(this, "read the 'keyText' property", 'CSSKeyframeRule').keys.map((k) => `${k}%`).join(', '); }
    set keyText(v) {
      const r = rec(this, "set the 'keyText' property", 'CSSKeyframeRule');
      // If the given value is not a valid keyframe selector, throw a SyntaxError.
      const keys = parseKeyText(String(v));
      if (keys === null) throw new DOMException(`Failed to set the 'keyText' property on 'CSSKeyframeRule': The key '${String(v)}' is invalid and cannot be parsed`, 'SyntaxError');
      r.keys = keys;
    }
    get style() { return rec(this, "read the 'style' property", 'CSSKeyframeRule').style; }
    get [Symbol.toStringTag]() { return 'CSSKeyframeRule'; }
  }
  // https://drafts.csswg.org/css-animations/#interface-csskeyframesrule
  class CSSKeyframesRule extends CSSRule {
    constructor() { if (!constructing) throw illegal('CSSKeyframesRule'); super(); }
    get name() { return rec(this, "read the 'name' property", 'CSSKeyframesRule').name; }
    set name(v) { rec(this, "set the 'name' property", 'CSSKeyframesRule').name = String(v); styleChanged(); }
    get cssRules() { return rec(this, "read the 'cssRules' property", 'CSSKeyframesRule').ruleList; }
    get length() { return rec(this, "read the 'length' property", 'CSSKeyframesRule').rules.length; }
    // https://drafts.csswg.org/css-animations/#dom-csskeyframesrule-appendrule
    appendRule(rule) {
      const r = rec(this, "execute 'appendRule'", 'CSSKeyframesRule');
      if (arguments.length < 1) throw arity("execute 'appendRule'", 'CSSKeyframesRule', 1, arguments.length);
      const blocks = keyframeBlocks(String(rule));
      // If the rule is not a valid keyframe rule, it is not added.
      if (blocks.length !== 1 || blocks[0] === null) return;
      r.rules.push(makeRule(blocks[0], r.parentStyleSheet, this));
    }
    // https://drafts.csswg.org/css-animations/#dom-csskeyframesrule-deleterule
    deleteRule(select) {
      const r = rec(this, "execute 'deleteRule'", 'CSSKeyframesRule');
      if (arguments.length < 1) throw arity("execute 'deleteRule'", 'CSSKeyframesRule', 1, arguments.length);
      const i = findKeyframe(r, String(select));
      if (i >= 0) r.rules.splice(i, 1);
    }
    // https://drafts.csswg.org/css-animations/#dom-csskeyframesrule-findrule: the last matching keyframe.
    findRule(select) {
      const r = rec(this, "execute 'findRule'", 'CSSKeyframesRule');
      if (arguments.length < 1) throw arity("execute 'findRule'", 'CSSKeyframesRule', 1, arguments.length);
      const i = findKeyframe(r, String(select));
      return i >= 0 ? r.rules[i] : null;
    }
    get [Symbol.toStringTag]() { return 'CSSKeyframesRule'; }
  }
  function findKeyframe(r, select) {
    const keys = parseKeyText(select);
    if (keys === null) return -1;
    for (let i = r.rules.length - 1; i >= 0; i--) {
      const k = R.get(r.rules[i]).keys;
      if (k.length === keys.length && k.every((x, j) => x === keys[j])) return i;
    }
    return -1;
  }
  // https://drafts.csswg.org/cssom/#cssrulelist
  class CSSRuleList {
    constructor() { if (!constructing) throw illegal('CSSRuleList'); }
    get length() { return rec(this, "read the 'length' property", 'CSSRuleList').rules.length; }
    item(index) { return rec(this, "execute 'item'", 'CSSRuleList').rules[index >>> 0] ?? null; }
    [Symbol.iterator]() { return rec(this, "execute 'values'", 'CSSRuleList').rules.values(); }
    get [Symbol.toStringTag]() { return 'CSSRuleList'; }
  }
  // A live list of `r.rules`, with indexed access.
  function makeRuleList(r) {
    constructing = true;
    let list;
    try { list = new CSSRuleList(); } finally { constructing = false; }
    R.set(list, r);
    return new Proxy(list, {
      get(t, k, recv) { if (typeof k === 'string' && /^(0|[1-9]\d*)$/.test(k)) return r.rules[Number(k)]; return Reflect.get(t, k, t); },
      has(t, k) { if (typeof k === 'string' && /^(0|[1-9]\d*)$/.test(k)) return Number(k) < r.rules.length; return Reflect.has(t, k); },
      ownKeys(t) { return r.rules.map((_, i) => String(i)).concat(Reflect.ownKeys(t)); },
      getOwnPropertyDescriptor(t, k) {
        if (typeof k === 'string' && /^(0|[1-9]\d*)$/.test(k)) return Number(k) < r.rules.length ? { value: r.rules[Number(k)], writable: false, enumerable: true, configurable: true } : undefined;
        return Reflect.getOwnPropertyDescriptor(t, k);
      },
      set(t, k, v) { if (typeof k === 'string' && /^(0|[1-9]\d*)$/.test(k)) return true; return Reflect.set(t, k, v, t); },
    });
  }
  // A rule object for a parsed description.
  function makeRule(d, sheet, parentRule) {
    const Cls = d.kind === 'style' ? CSSStyleRule : d.kind === 'keyframes' ? CSSKeyframesRule : CSSKeyframeRule;
    constructing = true;
    let rule;
    try { rule = new Cls(); } finally { constructing = false; }
    const type = d.kind === 'style' ? 1 : d.kind === 'keyframes' ? 7 : 8;
    const r = { type, parentStyleSheet: sheet, parentRule: parentRule || null };
    R.set(rule, r);
    if (d.kind === 'keyframes') {
      r.name = d.name;
      r.rules = [];
      r.ruleList = makeRuleList(r);
      for (const k of d.keyframes) r.rules.push(makeRule(Object.assign({ kind: 'keyframe' }, k), sheet, rule));
    } else {
      if (d.kind === 'style') { r.selectorText = d.selectorText; r.selectors = d.selectors; } else r.keys = d.keys;
      r.style = makeDeclarationBlock({ type: -1, owner: null, decls: d.decls, updating: false, parentRule: rule });
    }
    return rule;
  }
  // https://drafts.csswg.org/cssom/#serialize-a-css-rule
  function ruleText(rule) {
    const r = rec(rule, "read the 'cssText' property", 'CSSRule');
    const block = (style) => { const t = style.cssText; return t === '' ? '{ }' : `{ ${t} }`; };
    if (r.type === 1) return `${r.selectorText} ${block(r.style)}`;
    if (r.type === 8) return `${rule.keyText} ${block(r.style)}`;
    const name = /^-?[A-Za-z_][-\w]*$/.test(r.name) ? r.name : JSON.stringify(r.name);
    return `@keyframes ${name} {${r.rules.map((k) => '\n  ' + ruleText(k)).join('')}\n}`;
  }

  // ---------------------------------------------------------------- style sheets
  // https://drafts.csswg.org/cssom/#the-stylesheet-interface
  class StyleSheet {
    constructor() { if (!constructing) throw illegal('StyleSheet'); }
    get type() { return 'text/css'; }
    get href() { return null; }
    get ownerNode() { return rec(this, "read the 'ownerNode' property", 'StyleSheet').ownerNode; }
    get parentStyleSheet() { return null; }
    get title() { return rec(this, "read the 'title' property", 'StyleSheet').title; }
    get disabled() { return rec(this, "read the 'disabled' property", 'StyleSheet').disabled; }
    set disabled(v) { rec(this, "set the 'disabled' property", 'StyleSheet').disabled = !!v; styleChanged(); }
  }
  // https://drafts.csswg.org/cssom/#the-cssstylesheet-interface
  class CSSStyleSheet extends StyleSheet {
    // https://drafts.csswg.org/cssom/#dom-cssstylesheet-cssstylesheet: a
    // constructed style sheet (no owner node; jsloop has no adoptedStyleSheets).
    constructor(options = undefined) {
      const inner = constructing;
      constructing = true;
      try { super(); } finally { constructing = inner; }
      if (!inner) R.set(this, newSheetRecord(null, true));
    }
    get ownerRule() { return null; }
    get cssRules() { return rec(this, "read the 'cssRules' property", 'CSSStyleSheet').ruleList; }
    get rules() { return this.cssRules; }
    // https://drafts.csswg.org/cssom/#dom-cssstylesheet-insertrule
    insertRule(rule, index = 0) {
      const r = rec(this, "execute 'insertRule'", 'CSSStyleSheet');
      if (arguments.length < 1) throw arity("execute 'insertRule'", 'CSSStyleSheet', 1, arguments.length);
      rule = String(rule);
      index = index >>> 0;
      // Step 1-2. (The origin-clean flag is set; modification is allowed.)
      // Step 3. Let parsed rule be the return value of invoking parse a rule with rule.
      const parsed = parseARule(rule);
      // Step 4. If parsed rule is a syntax error, return parsed rule (throw it).
      if (parsed === null) throw new DOMException(`Failed to execute 'insertRule' on 'CSSStyleSheet': Failed to parse the rule '${rule}'.`, 'SyntaxError');
      // Step 6. Return the result of invoking insert a CSS rule rule in the CSS rules at index.
      // https://drafts.csswg.org/cssom/#insert-a-css-rule Step 3. If index is
      // greater than length, throw an IndexSizeError.
      if (index > r.rules.length) throw new DOMException(`Failed to execute 'insertRule' on 'CSSStyleSheet': The index provided (${index}) is larger than the maximum index (${r.rules.length}).`, 'IndexSizeError');
      // Step 6. Insert new rule into list at the zero-indexed position index.
      r.rules.splice(index, 0, makeRule(parsed, this, null));
      styleChanged();
      // Step 7. Return index.
      return index;
    }
    // https://drafts.csswg.org/cssom/#dom-cssstylesheet-deleterule
    deleteRule(index) {
      const r = rec(this, "execute 'deleteRule'", 'CSSStyleSheet');
      if (arguments.length < 1) throw arity("execute 'deleteRule'", 'CSSStyleSheet', 1, arguments.length);
      index = index >>> 0;
      // https://drafts.csswg.org/cssom/#remove-a-css-rule Step 2. If index is
      // greater than or equal to length, throw an IndexSizeError.
      if (index >= r.rules.length) throw new DOMException(`Failed to execute 'deleteRule' on 'CSSStyleSheet': The index provided (${index}) is outside the range [0, ${r.rules.length}).`, 'IndexSizeError');
      // Step 5. Remove rule old rule from list; Step 6. set its parent style sheet to null.
      const [old] = r.rules.splice(index, 1);
      R.get(old).parentStyleSheet = null;
      styleChanged();
    }
    // https://drafts.csswg.org/cssom/#dom-cssstylesheet-addrule (legacy)
    addRule(selector = 'undefined', style = 'undefined', index = undefined) {
      const r = rec(this, "execute 'addRule'", 'CSSStyleSheet');
      // Step 1. Let rule be an empty string. Steps 2-4: selector, " { ", style, " " if not empty, "}".
      style = String(style);
      const text = `${String(selector)} { ${style}${style === '' ? '' : ' '}}`;
      // Step 5. If index is not passed, set index to the number of items in the cssRules list.
      // Step 6. Call insertRule(), with rule and index as arguments. Step 7. Return -1.
      this.insertRule(text, index === undefined ? r.rules.length : index);
      return -1;
    }
    // https://drafts.csswg.org/cssom/#dom-cssstylesheet-removerule (legacy)
    removeRule(index = 0) { this.deleteRule(index); }
    // https://drafts.csswg.org/cssom/#dom-cssstylesheet-replacesync
    replaceSync(text) {
      const r = rec(this, "execute 'replaceSync'", 'CSSStyleSheet');
      // Step 1. If the constructed flag is not set, throw a NotAllowedError.
      if (!r.constructed) throw new DOMException("Failed to execute 'replaceSync' on 'CSSStyleSheet': Can't call replaceSync on non-constructed CSSStyleSheets.", 'NotAllowedError');
      // Step 2. Let rules be the result of running parse a stylesheet's contents from text.
      // Step 3. (@import rules are dropped.) Step 4. Set sheet's CSS rules to rules.
      r.rules.splice(0, r.rules.length, ...parseRuleList(stripComments(String(text))).filter((d) => d !== null).map((d) => makeRule(d, this, null)));
    }
    // https://drafts.csswg.org/cssom/#dom-cssstylesheet-replace (the parse is
    // synchronous: the promise is resolved with the sheet at once).
    replace(text) {
      try { this.replaceSync(text); } catch (e) { return Promise.reject(e); }
      return Promise.resolve(this);
    }
    get [Symbol.toStringTag]() { return 'CSSStyleSheet'; }
  }
  function newSheetRecord(ownerNode, constructed) {
    const r = { ownerNode, constructed, title: null, disabled: false, rules: [] };
    r.ruleList = makeRuleList(r);
    return r;
  }
  // https://drafts.csswg.org/cssom/#parse-a-css-rule: one rule, nothing else.
  function parseARule(text) {
    const t = stripComments(text);
    const rules = parseRuleList(t);
    return rules.length === 1 ? rules[0] : null;
  }

  // https://html.spec.whatwg.org/multipage/semantics.html#update-a-style-block:
  // a connected style element (whose type is empty or text/css) has a style
  // sheet made from its child text content. The sheet is made again when
  // that text changed since (Step 1, remove the old one; Step 6-7, create a
  // CSS style sheet), found when it is read.
  const styleBlocks = new WeakMap();
  function styleBlockSheet(el) {
    // Step 3. If element is not connected, then return.
    if (!isConnected(el)) { styleBlocks.delete(el); return null; }
    // Step 4. If element's type attribute is present and its value is neither
    // the empty string nor an ASCII case-insensitive match for "text/css", then return.
    const type = el.getAttribute('type');
    if (type !== null && type !== '' && type.toLowerCase() !== 'text/css') return null;
    const text = childText(el);
    const cached = styleBlocks.get(el);
    if (cached !== undefined && cached.text === text) return cached.sheet;
    constructing = true;
    let sheet;
    try { sheet = new CSSStyleSheet(); } finally { constructing = false; }
    const r = newSheetRecord(el, false);
    r.title = el.getAttribute('title') || null;
    R.set(sheet, r);
    for (const d of parseRuleList(stripComments(text))) if (d !== null) r.rules.push(makeRule(d, sheet, null));
    styleBlocks.set(el, { text, sheet });
    return sheet;
  }
  Object.defineProperty(g.HTMLStyleElement.prototype, 'sheet', {
    configurable: true, enumerable: true,
    get() { return styleBlockSheet(this); },
  });
  // https://drafts.csswg.org/cssom/#the-stylesheetlist-interface
  class StyleSheetList {
    constructor() { if (!constructing) throw illegal('StyleSheetList'); }
    get length() { return documentSheets().length; }
    item(index) { return documentSheets()[index >>> 0] ?? null; }
    [Symbol.iterator]() { return documentSheets().values(); }
    get [Symbol.toStringTag]() { return 'StyleSheetList'; }
  }
  let styleSheetList = null;
  Object.defineProperty(g.Document.prototype, 'styleSheets', {
    configurable: true, enumerable: true,
    get() {
      if (this !== g.document) return emptySheetList();
      if (styleSheetList === null) styleSheetList = sheetList(documentSheets);
      return styleSheetList;
    },
  });
  let noSheets = null;
  const emptySheetList = () => noSheets ?? (noSheets = sheetList(() => []));
  function sheetList(sheets) {
    constructing = true;
    let list;
    try { list = new StyleSheetList(); } finally { constructing = false; }
    const isIndex = (k) => typeof k === 'string' && /^(0|[1-9]\d*)$/.test(k);
    return new Proxy(list, {
      get(t, k) { if (isIndex(k)) return sheets()[Number(k)]; if (k === 'length') return sheets().length; return Reflect.get(t, k, t); },
      has(t, k) { if (isIndex(k)) return Number(k) < sheets().length; return Reflect.has(t, k); },
      ownKeys(t) { return sheets().map((_, i) => String(i)).concat(Reflect.ownKeys(t)); },
      getOwnPropertyDescriptor(t, k) {
        if (isIndex(k)) { const s = sheets()[Number(k)]; return s ? { value: s, writable: false, enumerable: true, configurable: true } : undefined; }
        return Reflect.getOwnPropertyDescriptor(t, k);
      },
    });
  }
  // The document's elements in tree order (shadow trees left out).
  function documentElements() {
    const out = [];
    const walk = (n) => {
      for (const c of kidsOf(n)) {
        if (typeOf(c) !== ELEMENT_NODE) continue;
        out.push(c);
        walk(c);
      }
    };
    walk(g.document);
    return out;
  }
  // https://drafts.csswg.org/cssom/#document-or-shadow-root-css-style-sheets:
  // the sheets of the document's style elements, in tree order.
  function documentSheets(elements = documentElements()) {
    const out = [];
    for (const el of elements) {
      if (N(el).localName === 'style' && N(el).namespace === HTML_NS) {
        const s = styleBlockSheet(el);
        if (s !== null) out.push(s);
      }
    }
    return out;
  }

  // ---------------------------------------------------------------- the cascade
  // https://drafts.csswg.org/selectors-4/#specificity-rules, as one number (a, b, c).
  function specificity(complex) {
    let a = 0, b = 0, c = 0;
    const most = (list) => list.reduce((m, x) => Math.max(m, specificity(x)), 0);
    for (const { compound } of complex) {
      a += compound.ids.length;
      b += compound.classes.length + compound.attrs.length;
      if (compound.tag !== null && compound.tag !== '*') c++;
      for (const p of compound.pseudos) {
        if (p.name === 'where') continue;
        if (p.name === 'is' || p.name === 'not' || p.name === 'has') { const s = most(p.list); a += Math.floor(s / 1e6); b += Math.floor(s / 1e3) % 1e3; c += s % 1e3; continue; }
        b++;
        if (p.of) { const s = most(p.of); a += Math.floor(s / 1e6); b += Math.floor(s / 1e3) % 1e3; c += s % 1e3; }
      }
    }
    return a * 1e6 + b * 1e3 + c;
  }
  // https://drafts.csswg.org/css-cascade-5/#cascade-sort: the declarations
  // that apply to el, in the order they are applied (a later one wins):
  // author normal (by specificity, then order of appearance), the style
  // attribute's normal, author important, the style attribute's important.
  function cascadedDeclarations(el, styleRules) {
    const normal = [], important = [];
    let order = 0;
    for (const rule of styleRules) {
      let spec = -1;
      for (const complex of rule.selectors) if (matchesList(el, [complex], null)) spec = Math.max(spec, specificity(complex));
      if (spec < 0) { order += rule.style.length; continue; }
      for (const d of rule.decls) (d.important ? important : normal).push({ d, spec, order: order++ });
    }
    const byCascade = (x, y) => x.spec - y.spec || x.order - y.order;
    normal.sort(byCascade);
    important.sort(byCascade);
    const inline = inlineDecls(el);
    return normal.map((x) => x.d).concat(inline.filter((d) => !d.important), important.map((x) => x.d), inline.filter((d) => d.important));
  }

  // The longhands of the animation and transition shorthands, and their initial values.
  // https://drafts.csswg.org/css-animations/#animation
  const ANIMATION_LONGHANDS = {
    'animation-name': 'none', 'animation-duration': '0s', 'animation-timing-function': 'ease', 'animation-delay': '0s',
    'animation-iteration-count': '1', 'animation-direction': 'normal', 'animation-fill-mode': 'none', 'animation-play-state': 'running',
  };
  // https://drafts.csswg.org/css-transitions/#transition-shorthand-property
  const TRANSITION_LONGHANDS = {
    'transition-property': 'all', 'transition-duration': '0s', 'transition-timing-function': 'ease', 'transition-delay': '0s',
  };
  const TIME = /^([+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)(ms|s)$/i;
  const EASING = /^(ease|linear|ease-in|ease-out|ease-in-out|step-start|step-end|(cubic-bezier|steps|linear)\(.*\))$/i;
  // Splits a value at its top-level commas, then each at its top-level white space.
  function layers(value) {
    const out = [];
    let depth = 0, start = 0;
    for (let i = 0; i <= value.length; i++) {
      const c = value[i];
      if (c === '(') depth++;
      else if (c === ')') depth--;
      else if ((c === ',' && depth === 0) || i === value.length) { out.push(value.slice(start, i).trim()); start = i + 1; }
    }
    return out;
  }
  function words(layer) {
    const out = [];
    let depth = 0, cur = '';
    for (const c of layer) {
      if (c === '(') depth++;
      if (c === ')') depth--;
      if (/\s/.test(c) && depth === 0) { if (cur) out.push(cur); cur = ''; } else cur += c;
    }
    if (cur) out.push(cur);
    return out;
  }
  // https://drafts.csswg.org/css-animations/#animation: each <single-animation>.
  function expandAnimation(value) {
    const cols = Object.fromEntries(Object.keys(ANIMATION_LONGHANDS).map((k) => [k, []]));
    for (const layer of layers(value)) {
      const got = {};
      for (const w of words(layer)) {
        const lw = w.toLowerCase();
        if (TIME.test(w) && !('animation-duration' in got)) got['animation-duration'] = w;
        else if (TIME.test(w) && !('animation-delay' in got)) got['animation-delay'] = w;
        else if (EASING.test(w) && !('animation-timing-function' in got)) got['animation-timing-function'] = w;
        else if ((lw === 'infinite' || /^(\d+\.?\d*|\.\d+)$/.test(w)) && !('animation-iteration-count' in got)) got['animation-iteration-count'] = w;
        else if (/^(normal|reverse|alternate|alternate-reverse)$/.test(lw) && !('animation-direction' in got)) got['animation-direction'] = lw;
        else if (/^(none|forwards|backwards|both)$/.test(lw) && !('animation-fill-mode' in got)) got['animation-fill-mode'] = lw;
        else if (/^(running|paused)$/.test(lw) && !('animation-play-state' in got)) got['animation-play-state'] = lw;
        else if (!('animation-name' in got)) got['animation-name'] = w.replace(/^(["'])(.*)\1$/, '$2');
      }
      for (const k of Object.keys(cols)) cols[k].push(got[k] ?? ANIMATION_LONGHANDS[k]);
    }
    return Object.fromEntries(Object.entries(cols).map(([k, v]) => [k, v.join(', ')]));
  }
  // https://drafts.csswg.org/css-transitions/#transition-shorthand-property: each <single-transition>.
  function expandTransition(value) {
    const cols = Object.fromEntries(Object.keys(TRANSITION_LONGHANDS).map((k) => [k, []]));
    for (const layer of layers(value)) {
      const got = {};
      for (const w of words(layer)) {
        if (TIME.test(w) && !('transition-duration' in got)) got['transition-duration'] = w;
        else if (TIME.test(w) && !('transition-delay' in got)) got['transition-delay'] = w;
        else if (EASING.test(w) && !('transition-timing-function' in got)) got['transition-timing-function'] = w;
        else if (/^(normal|allow-discrete)$/i.test(w)) continue;
        else if (!('transition-property' in got)) got['transition-property'] = w.toLowerCase();
      }
      for (const k of Object.keys(cols)) cols[k].push(got[k] ?? TRANSITION_LONGHANDS[k]);
    }
    return Object.fromEntries(Object.entries(cols).map(([k, v]) => [k, v.join(', ')]));
  }
  // The properties a transition can animate here, with their initial values
  // and whether they are inherited (https://drafts.csswg.org/css-transitions/#animatable-properties).
  const ANIMATABLE = {
    color: ['rgb(0, 0, 0)', true], 'font-size': ['16px', true], 'letter-spacing': ['normal', true], 'word-spacing': ['0px', true],
    opacity: ['1', false], 'background-color': ['rgba(0, 0, 0, 0)', false], 'border-color': ['rgb(0, 0, 0)', false],
    width: ['auto', false], height: ['auto', false], 'min-width': ['auto', false], 'min-height': ['auto', false],
    'max-width': ['none', false], 'max-height': ['none', false], left: ['auto', false], top: ['auto', false], right: ['auto', false], bottom: ['auto', false],
    'margin-top': ['0px', false], 'margin-right': ['0px', false], 'margin-bottom': ['0px', false], 'margin-left': ['0px', false],
    'padding-top': ['0px', false], 'padding-right': ['0px', false], 'padding-bottom': ['0px', false], 'padding-left': ['0px', false],
    'outline-color': ['rgb(0, 0, 0)', false], 'z-index': ['auto', false], 'flex-grow': ['0', false], 'flex-shrink': ['1', false],
  };
  // (Made when a value's kind is first asked for.)
  let namedColors = null;
  const NAMED_COLORS = () => (namedColors ??= new Set(('aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown burlywood cadetblue ' +
    'chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan darkgoldenrod darkgray darkgreen darkgrey darkkhaki ' +
    'darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen darkslateblue darkslategray darkslategrey darkturquoise ' +
    'darkviolet deeppink deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold goldenrod ' +
    'gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral ' +
    'lightcyan lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen lightskyblue lightslategray lightslategrey ' +
    'lightsteelblue lightyellow lime limegreen linen magenta maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen ' +
    'mediumslateblue mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive ' +
    'olivedrab orange orangered orchid palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru pink plum powderblue purple ' +
    'rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue slateblue slategray slategrey ' +
    'snow springgreen steelblue tan teal thistle tomato turquoise violet wheat white whitesmoke yellow yellowgreen transparent currentcolor').split(' ')));
  // The kind of value v is, for interpolation: two values of one kind
  // interpolate (https://drafts.csswg.org/css-values-4/#combining-values);
  // a keyword such as auto does not.
  function valueKind(v) {
    const lv = v.toLowerCase();
    if (/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/.test(lv)) return 'number';
    if (/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?([a-z]+|%)$/.test(lv) || /^calc\(/.test(lv)) return 'length-percentage';
    if (NAMED_COLORS().has(lv) || /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.test(lv) || /^(rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\(/.test(lv)) return 'color';
    return null;
  }
  function interpolable(a, b) {
    const k = valueKind(a);
    // (A length and a plain 0 are both lengths.)
    const kb = valueKind(b);
    if (k === null || kb === null) return false;
    if (k === kb) return true;
    return (k === 'number' && Number(a) === 0 && kb === 'length-percentage') || (kb === 'number' && Number(b) === 0 && k === 'length-percentage');
  }
  // The style of el: its cascaded values (shorthand animation and
  // transition expanded to their longhands), the animatable properties'
  // initial or inherited values where it has none.
  function computeStyle(el, parent, styleRules) {
    const out = Object.create(null);
    for (const d of cascadedDeclarations(el, styleRules)) {
      if (d.name === 'animation') Object.assign(out, expandAnimation(d.value));
      else if (d.name === 'transition') Object.assign(out, expandTransition(d.value));
      else out[d.name] = d.value;
    }
    for (const [k, [initial, inherited]] of Object.entries(ANIMATABLE)) {
      const v = out[k] === undefined ? (inherited ? 'inherit' : 'initial') : out[k].toLowerCase();
      // https://drafts.csswg.org/css-cascade-5/#defaulting-keywords
      if (v === 'inherit' || (v === 'unset' && inherited)) out[k] = parent?.[k] ?? initial;
      else if (v === 'initial' || v === 'unset') out[k] = initial;
    }
    for (const [k, v] of Object.entries(ANIMATION_LONGHANDS)) if (out[k] === undefined) out[k] = v;
    for (const [k, v] of Object.entries(TRANSITION_LONGHANDS)) if (out[k] === undefined) out[k] = v;
    return out;
  }

  // ---------------------------------------------------------------- getComputedStyle
  // https://drafts.csswg.org/cssom/#dom-window-getcomputedstyle
  function getComputedStyle(elt, pseudoElt = undefined) {
    if (arguments.length < 1) throw arity("execute 'getComputedStyle'", 'Window', 1, arguments.length);
    if (!(elt instanceof g.Element)) throw new TypeError("Failed to execute 'getComputedStyle' on 'Window': parameter 1 is not of type 'Element'.");
    if (pseudoElt !== undefined && pseudoElt !== null) String(pseudoElt);
    css.useStyle();
    // (Reading the style runs a style change event first, if anything
    // changed: styles are recalculated as a browser does when script asks.)
    if (changed || css.takeDirty()) styleChangeEvent();
    // Step 6. Return a live CSSStyleDeclaration object: readonly, computed,
    // its declarations those of obj's style (below), owner node obj.
    const record = { type: -1, owner: elt, readonly: true, computed: true, updating: false, parentRule: null };
    Object.defineProperty(record, 'decls', {
      get() {
        // Step 1-5. Let decls be the declarations of obj's style, if obj is
        // connected to the document (none otherwise).
        if (!isConnected(elt) || N(elt).doc !== g.document) return [];
        if (changed || css.takeDirty()) styleChangeEvent();
        const style = lastStyle.get(elt) ?? styleOfElement(elt);
        return Object.keys(style).sort().map((name) => ({ name, value: style[name], important: false }));
      },
    });
    return makeDeclarationBlock(record);
  }
  // The style of one element (not rendered: a display: none ancestor).
  function styleOfElement(el) {
    const rules = styleRulesOf(documentSheets());
    const chain = [];
    for (let n = el; n !== null && typeOf(n) === ELEMENT_NODE; n = n.parentElement) chain.unshift(n);
    let style = null;
    for (const n of chain) style = computeStyle(n, style, rules);
    return style;
  }
  function styleRulesOf(sheets) {
    const out = [];
    for (const sheet of sheets) {
      const r = R.get(sheet);
      if (r.disabled) continue;
      for (const rule of r.rules) { const rr = R.get(rule); if (rr.type === 1) out.push({ selectors: rr.selectors, decls: N(rr.style).decls, style: N(rr.style).decls }); }
    }
    return out;
  }
  function keyframesOf(sheets) {
    // https://drafts.csswg.org/css-animations/#keyframes: the last @keyframes
    // rule of a name, in document order, is the one used.
    const out = new Map();
    for (const sheet of sheets) {
      const r = R.get(sheet);
      if (r.disabled) continue;
      for (const rule of r.rules) { const rr = R.get(rule); if (rr.type === 7) out.set(rr.name, rule); }
    }
    return out;
  }

  // ---------------------------------------------------------------- animations and transitions
  // Each running CSS animation or transition: { kind, el, name, duration,
  // delay, iterations (animations), startTime (null while pending), phase
  // (the phase at the last update: 'idle' before the first), iteration,
  // from/to values (transitions), done }.
  const animationsOf = new Map(); // el → [CSS animation records]
  const transitionsOf = new Map(); // el → Map(property → running transition record)
  const completedOf = new Map(); // el → Map(property → the end value of its completed transition)
  let lastStyle = new Map(); // el → its style at the last style change event (its before-change style)
  let pendingEvents = []; // https://drafts.csswg.org/web-animations-1/#pending-animation-event-queue
  let timelineTime = 0; // the document timeline's current time (ms), set at each update
  let sequence = 0;
  let changed = true;
  function styleChanged() { changed = true; css.useStyle(); host.renderingChanged(); }

  const seconds = (t) => { const m = TIME.exec(t.trim()); if (!m) return 0; return Number(m[1]) * (m[2].toLowerCase() === 's' ? 1000 : 1); };
  const listAt = (value, i) => { const l = layers(value); return l[i % l.length]; };

  // https://drafts.csswg.org/css-animations/#animations and
  // https://drafts.csswg.org/css-transitions/#starting: a style change
  // event. Every element of the document gets its style anew; animations
  // start and stop as animation-name says, transitions as the change of
  // each animatable property from its before-change style says.
  function styleChangeEvent() {
    if (!css.styleInUse()) return;
    const now = host.now();
    const elements = documentElements();
    const sheets = documentSheets(elements);
    const rules = styleRulesOf(sheets);
    const keyframes = keyframesOf(sheets);
    const styles = new Map();
    const seen = new Set();
    for (const el of elements) {
      const parent = el.parentElement;
      const parentStyle = parent === null ? null : styles.get(parent);
      // (A display: none element or one inside it has no boxes: no animations run on it.)
      if (parent !== null && parentStyle === undefined) continue;
      const style = computeStyle(el, parentStyle, rules);
      if (/^none$/i.test(style.display ?? '')) continue;
      styles.set(el, style);
      seen.add(el);
      updateAnimations(el, style, keyframes);
      updateTransitions(el, style, lastStyle.get(el), now);
    }
    // An element no longer in the document, or no longer rendered, has no
    // animations or transitions: they are canceled.
    for (const el of animationsOf.keys()) if (!seen.has(el)) { for (const a of animationsOf.get(el)) cancel(a, now); animationsOf.delete(el); }
    for (const el of transitionsOf.keys()) if (!seen.has(el)) { for (const t of transitionsOf.get(el).values()) cancel(t, now); transitionsOf.delete(el); }
    for (const el of completedOf.keys()) if (!seen.has(el)) completedOf.delete(el);
    lastStyle = styles;
    changed = false;
    setAnimating();
  }
  let animating = false;
  function setAnimating() {
    const live = transitionsOf.size !== 0 || pendingEvents.length !== 0 || [...animationsOf.values()].some((l) => l.some((a) => !a.done));
    if (live !== animating) { animating = live; host.setAnimating(live); }
  }
  // https://drafts.csswg.org/css-animations/#animation-name: an animation per
  // name that refers to a @keyframes rule, matched to the running ones by name.
  function updateAnimations(el, style, keyframes) {
    const before = animationsOf.get(el) ?? [];
    const names = layers(style['animation-name']);
    const after = [];
    names.forEach((name, i) => {
      if (name === '' || name.toLowerCase() === 'none' || !keyframes.has(name)) return;
      const count = listAt(style['animation-iteration-count'], i).toLowerCase();
      const timing = {
        duration: Math.max(seconds(listAt(style['animation-duration'], i)), 0),
        delay: seconds(listAt(style['animation-delay'], i)),
        iterations: count === 'infinite' ? Infinity : Math.max(Number(count) || 0, 0),
        paused: listAt(style['animation-play-state'], i).toLowerCase() === 'paused',
      };
      // The last running animation of that name is the one kept.
      let k = -1;
      for (let j = before.length - 1; j >= 0; j--) if (before[j].name === name && !after.includes(before[j])) { k = j; break; }
      if (k >= 0) { const a = before[k]; Object.assign(a, timing); after.push(a); return; }
      after.push(Object.assign({ kind: 'animation', el, name, startTime: null, phase: 'idle', iteration: 0, done: false, seq: sequence++ }, timing));
    });
    for (const a of before) if (!after.includes(a)) cancel(a, timelineTime);
    if (after.length === 0) animationsOf.delete(el); else animationsOf.set(el, after);
  }
  // https://drafts.csswg.org/css-transitions/#starting
  function updateTransitions(el, after, before, now) {
    const running = transitionsOf.get(el) ?? new Map();
    const completed = completedOf.get(el) ?? new Map();
    // The matching transition-property value of each property (the last one listing it).
    const props = layers(after['transition-property']);
    const matching = new Map();
    props.forEach((p, i) => {
      if (p === 'all') for (const k of Object.keys(ANIMATABLE)) matching.set(k, i);
      else if (p in ANIMATABLE) matching.set(p, i);
    });
    for (const [property, i] of matching) {
      const duration = Math.max(seconds(listAt(after['transition-duration'], i)), 0);
      const delay = seconds(listAt(after['transition-delay'], i));
      const combined = duration + delay;
      const end = after[property];
      const t = running.get(property);
      // (No before-change style: the element was not rendered at the last
      // style change event, and transitions do not start.)
      if (before === undefined) continue;
      const start = before[property];
      // Step 1. If the element does not have a running transition for the
      // property, the before-change and after-change values differ and are
      // transitionable, the element does not have a completed transition for
      // the property with the same end value, and the combined duration is
      // greater than 0s: start a transition (start time: the time of the
      // style change event plus the delay; end time: plus the duration).
      if (t === undefined) {
        if (start !== end && interpolable(start, end) && completed.get(property) !== end && combined > 0) {
          completed.delete(property);
          running.set(property, { kind: 'transition', el, name: property, startTime: now, duration, delay, iterations: 1, phase: 'idle', iteration: 0, from: start, to: end, done: false, seq: sequence++ });
        } else if (completed.has(property) && completed.get(property) !== end) {
          // Step 2. Otherwise, if the element has a completed transition for
          // the property and its end value differs from the after-change
          // value, remove the completed transition.
          completed.delete(property);
        }
        continue;
      }
      // Step 3-4. If the element has a running transition for the property
      // whose end value differs from the after-change value, it is canceled
      // (jsloop does not interpolate: its current value is not known, so the
      // reversing and restarting cases begin a new transition from the
      // before-change value, if one would start).
      if (t.to !== end) {
        cancel(t, now);
        running.delete(property);
        if (start !== end && interpolable(start, end) && combined > 0) {
          running.set(property, { kind: 'transition', el, name: property, startTime: now, duration, delay, iterations: 1, phase: 'idle', iteration: 0, from: start, to: end, done: false, seq: sequence++ });
        }
      }
    }
    // Step 5. A running transition or completed transition whose property
    // has no matching transition-property value is canceled or removed.
    for (const [property, t] of running) if (!matching.has(property)) { cancel(t, now); running.delete(property); }
    for (const property of completed.keys()) if (!matching.has(property)) completed.delete(property);
    if (running.size === 0) transitionsOf.delete(el); else transitionsOf.set(el, running);
    if (completed.size === 0) completedOf.delete(el); else completedOf.set(el, completed);
  }

  // https://drafts.csswg.org/web-animations-1/#animation-effect-phases-and-states
  function timing(a, localTime) {
    const activeDuration = a.duration === 0 || a.iterations === 0 ? 0 : a.duration * a.iterations;
    const endTime = Math.max(a.delay + activeDuration, 0);
    const beforeActive = Math.max(Math.min(a.delay, endTime), 0);
    const activeAfter = Math.max(Math.min(a.delay + activeDuration, endTime), 0);
    let phase;
    if (localTime < beforeActive) phase = 'before';
    else if (localTime >= activeAfter) phase = 'after';
    else phase = 'active';
    let iteration = 0;
    if (phase === 'active' && a.duration > 0) iteration = Math.min(Math.floor((localTime - a.delay) / a.duration), a.iterations - 1);
    // https://drafts.csswg.org/css-animations-2/#event-dispatch: the interval start and end.
    const intervalStart = Math.max(Math.min(-a.delay, activeDuration), 0);
    const intervalEnd = Math.max(Math.min(endTime - a.delay, activeDuration), 0);
    return { phase, iteration, intervalStart, intervalEnd, activeDuration };
  }
  // Queues an event of record a (elapsed: ms of its active time) at the
  // scheduled event time (the timeline time it logically happened at).
  function queueEvent(a, type, elapsed) {
    const scheduled = (a.startTime ?? timelineTime) + a.delay + elapsed;
    pendingEvents.push({ a, type, elapsed: elapsed / 1000, scheduled, seq: pendingEvents.length });
  }
  // https://drafts.csswg.org/css-animations-2/#event-dispatch and
  // https://drafts.csswg.org/css-transitions-2/#event-dispatch: the events
  // of the change of phase since the last update.
  function updateRecord(a, now) {
    if (a.done) return;
    // (A pending animation is ready at its first update: its start time is the timeline's time.)
    if (a.startTime === null) a.startTime = now;
    // (A paused animation's time does not move: its start time follows the timeline.)
    if (a.paused) { a.startTime += now - (a.lastUpdate ?? now); a.lastUpdate = now; }
    a.lastUpdate = now;
    const t = timing(a, now - a.startTime);
    const prev = a.phase;
    if (a.kind === 'animation') {
      if ((prev === 'idle' || prev === 'before') && t.phase === 'active') queueEvent(a, 'animationstart', t.intervalStart);
      else if ((prev === 'idle' || prev === 'before') && t.phase === 'after') { queueEvent(a, 'animationstart', t.intervalStart); queueEvent(a, 'animationend', t.intervalEnd); }
      else if (prev === 'active' && t.phase === 'before') queueEvent(a, 'animationend', t.intervalStart);
      else if (prev === 'active' && t.phase === 'active' && a.iteration !== t.iteration) queueEvent(a, 'animationiteration', t.iteration * a.duration);
      else if (prev === 'active' && t.phase === 'after') queueEvent(a, 'animationend', t.intervalEnd);
      else if (prev === 'after' && t.phase === 'active') queueEvent(a, 'animationstart', t.intervalEnd);
      else if (prev === 'after' && t.phase === 'before') { queueEvent(a, 'animationstart', t.intervalEnd); queueEvent(a, 'animationend', t.intervalStart); }
      if (t.phase === 'after' && a.iterations !== Infinity) a.done = true;
    } else {
      if (prev === 'idle' && t.phase === 'before') queueEvent(a, 'transitionrun', t.intervalStart);
      else if (prev === 'idle' && t.phase === 'active') { queueEvent(a, 'transitionrun', t.intervalStart); queueEvent(a, 'transitionstart', t.intervalStart); }
      else if (prev === 'idle' && t.phase === 'after') { queueEvent(a, 'transitionrun', t.intervalStart); queueEvent(a, 'transitionstart', t.intervalStart); queueEvent(a, 'transitionend', t.intervalEnd); }
      else if (prev === 'before' && t.phase === 'active') queueEvent(a, 'transitionstart', t.intervalStart);
      else if (prev === 'before' && t.phase === 'after') { queueEvent(a, 'transitionstart', t.intervalStart); queueEvent(a, 'transitionend', t.intervalEnd); }
      else if (prev === 'active' && t.phase === 'after') queueEvent(a, 'transitionend', t.intervalEnd);
      else if (prev === 'active' && t.phase === 'before') queueEvent(a, 'transitionend', t.intervalStart);
      if (t.phase === 'after') {
        // The transition completes: it is the element's completed transition for the property.
        a.done = true;
        const running = transitionsOf.get(a.el);
        if (running && running.get(a.name) === a) {
          running.delete(a.name);
          if (running.size === 0) transitionsOf.delete(a.el);
          const completed = completedOf.get(a.el) ?? new Map();
          completed.set(a.name, a.to);
          completedOf.set(a.el, completed);
        }
      }
    }
    a.phase = t.phase;
    a.iteration = t.iteration;
  }
  // Canceling an animation or transition that was not idle queues its cancel event.
  // https://drafts.csswg.org/css-animations-2/#eventdef-globaleventhandlers-animationcancel
  // https://drafts.csswg.org/css-transitions/#transitioncancel
  function cancel(a, now) {
    if (a.done) return;
    a.done = true;
    if (a.phase === 'idle' || a.phase === 'after') return;
    const t = timing(a, (a.startTime === null ? now : now - a.startTime));
    const active = Math.max(Math.min((a.startTime === null ? 0 : now - a.startTime) - a.delay, t.activeDuration), 0);
    queueEvent(a, a.kind === 'animation' ? 'animationcancel' : 'transitioncancel', active);
  }

  // https://drafts.csswg.org/web-animations-1/#update-animations-and-send-events
  function updateAnimationsAndSendEvents(now) {
    if (!css.styleInUse()) return;
    // Step 1. Update the current time of all timelines associated with doc
    // passing now as the timestamp (which updates the animations).
    timelineTime = now;
    const records = [];
    for (const list of animationsOf.values()) records.push(...list);
    for (const m of transitionsOf.values()) records.push(...m.values());
    // (Composite order: transitions before animations, each in the order they began.)
    records.sort((x, y) => (x.kind === y.kind ? x.seq - y.seq : x.kind === 'transition' ? -1 : 1));
    for (const a of records) updateRecord(a, now);
    // (Finished animations stay, doing nothing more, while their name is applied.)
    // Step 2. Remove replaced animations (none: CSS animations are not replaced).
    // Step 3. Perform a microtask checkpoint (the host does, after each listener).
    // Step 4. Let events to dispatch be a copy of doc's pending animation event queue.
    // Step 5. Clear doc's pending animation event queue.
    const events = pendingEvents;
    pendingEvents = [];
    // Step 6. Perform a stable sort of the animation events in events to
    // dispatch by their scheduled event time.
    events.sort((x, y) => x.scheduled - y.scheduled || x.seq - y.seq);
    // Step 7. Dispatch each of the events in events to dispatch at their
    // corresponding target using the order established in the previous step.
    for (const e of events) {
      // (The events' tables: "Bubbles: Yes, Cancelable: Yes", both specifications.)
      const init = { bubbles: true, cancelable: true, elapsedTime: e.elapsed, pseudoElement: '' };
      const event = e.a.kind === 'animation'
        ? new AnimationEvent(e.type, Object.assign({ animationName: e.a.name }, init))
        : new TransitionEvent(e.type, Object.assign({ propertyName: e.a.name }, init));
      fireTrusted(e.a.el, event);
    }
    // (While an animation or transition runs, the next frame has something to do.)
    setAnimating();
  }
  // Step 16.1 of update the rendering: "recalculate styles", a style change event.
  function recalculateStyles() {
    if (changed || css.takeDirty()) styleChangeEvent();
  }

  // ---------------------------------------------------------------- events
  const finiteDouble = (v, iface, member) => {
    const n = Number(v);
    if (!Number.isFinite(n)) throw new TypeError(`Failed to construct '${iface}': Failed to read the '${member}' property from '${iface}Init': The provided double value is non-finite.`);
    return n;
  };
  // An AnimationEventInit's or TransitionEventInit's own members (after
  // EventInit's), read in lexicographic order as Web IDL reads a dictionary.
  function cssEventInit(iface, init, nameMember) {
    const o = init ?? {};
    const out = {};
    for (const m of [nameMember, 'elapsedTime', 'pseudoElement'].sort()) {
      const v = o[m];
      if (m === 'elapsedTime') out[m] = v === undefined ? 0 : finiteDouble(v, iface, m);
      else out[m] = v === undefined ? '' : String(v);
    }
    return out;
  }
  // https://drafts.csswg.org/css-animations/#interface-animationevent and
  // https://drafts.csswg.org/css-transitions/#interface-transitionevent: an
  // event with a name member (animationName, propertyName), elapsedTime and
  // pseudoElement.
  function cssEventClass(iface, nameMember) {
    return {
      [iface]: class extends Event {
        #init;
        constructor(type, init = undefined) {
          if (arguments.length === 0) throw new TypeError(`Failed to construct '${iface}': 1 argument required, but only 0 present.`);
          super(type, init);
          this.#init = cssEventInit(iface, init, nameMember);
        }
        get [nameMember]() { return this.#init[nameMember]; }
        get elapsedTime() { return this.#init.elapsedTime; }
        get pseudoElement() { return this.#init.pseudoElement; }
      },
    }[iface];
  }
  const AnimationEvent = cssEventClass('AnimationEvent', 'animationName');
  const TransitionEvent = cssEventClass('TransitionEvent', 'propertyName');

  define(g, {
    StyleSheet, CSSStyleSheet, StyleSheetList, CSSRuleList, CSSRule, CSSStyleRule, CSSKeyframesRule, CSSKeyframeRule,
    AnimationEvent, TransitionEvent, getComputedStyle,
  });
  return { updateAnimationsAndSendEvents, recalculateStyles };
})
