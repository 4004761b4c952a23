// node tests/node/message_port_event_own_symbols_redefined_deleted_frozen_as_node_24.js > tests/node/message_port_event_own_symbols_redefined_deleted_frozen_as_node_24.out (recorded with Node 24)
// A MessagePort's MessageEvent has Node's four own symbol-keyed properties
// (kType, kTarget, kIsBeingDispatched, kInPassiveListener; the messages
// after the first are made by the host itself, node/message_event.rs). What
// a program can do to them, each on its own event: freeze it (and assign
// after), delete one, redefine one as an accessor or non-writable, add other
// own keys after them (their order), delete one and define it again (it goes
// last), read them with `in`, getOwnPropertyDescriptors, Object.entries,
// for-in, spread, structuredClone; and what they hold once the handler has
// returned; made read-only and frozen once dispatched (during dispatch
// Node's own write of kIsBeingDispatched would then throw).
'use strict';
const util = require('util');
const show = (f) => { try { const v = f(); return typeof v === 'object' && v !== null ? util.inspect(v, { breakLength: Infinity, depth: 0 }) : String(v); } catch (e) { return `${e.name} ${e.code ?? ''}`; } };
const name = (k) => typeof k === 'symbol' ? String(k) : k;
const keys = (e) => Reflect.ownKeys(e).map(name).join();
const descs = (e) => Reflect.ownKeys(e).map((k) => {
  const d = Object.getOwnPropertyDescriptor(e, k);
  const v = 'value' in d ? (typeof d.value === 'object' && d.value !== null ? 'obj' : String(d.value)) : `get:${typeof d.get} set:${typeof d.set}`;
  return `${name(k)}=${v}/${d.writable ?? '-'}${d.enumerable}${d.configurable}`;
}).join(' ');
const sym = (e, n) => Object.getOwnPropertySymbols(e).find((s) => String(s) === n);
const { port1, port2 } = new MessageChannel();
const seen = [];
let n = 0;
const steps = [
  (e) => {
    const t = sym(e, 'Symbol(kTarget)');
    console.log(' delete', delete e[t], keys(e), t in e, e.target, e.currentTarget === port1);
    e[t] = port2;
    console.log(' again', keys(e), e.target === port2);
  },
  (e) => {
    const k = sym(e, 'Symbol(type)');
    Object.defineProperty(e, k, { get() { return 'redefined'; }, configurable: true, enumerable: false });
    console.log(' accessor', e.type, keys(e), descs(e));
    console.log(' enum', Object.getOwnPropertySymbols({ ...e }).map(String).join(), Object.getOwnPropertySymbols(Object.assign({}, e)).length);
  },
  (e) => {
    e.z = 1;
    e[Symbol('mine')] = 2;
    e[0] = 3;
    console.log(' added', keys(e), Object.keys(e).join(), JSON.stringify(e));
    const f = [];
    for (const k in e) f.push(k);
    console.log(' for-in', f.join(), show(() => Object.entries(e)));
  },
  (e) => {
    const k = sym(e, 'Symbol(type)');
    const p = sym(e, 'Symbol(kInPassiveListener)');
    console.log(' in', k in e, p in e, Reflect.has(e, k), e.hasOwnProperty(k), Object.hasOwn(e, p), e.propertyIsEnumerable(p));
    delete e[k];
    console.log(' gone', keys(e), k in e);
    e[k] = 'back';
    console.log(' back', keys(e), e.type);
    Object.preventExtensions(e);
    console.log(' closed', show(() => { e[Symbol('late')] = 1; }), delete e[p], keys(e), show(() => { e[p] = 1; }), keys(e));
  },
  (e) => {
    console.log(' descriptors', show(() => Object.keys(Object.getOwnPropertyDescriptors(e)).length), Object.getOwnPropertySymbols(Object.getOwnPropertyDescriptors(e)).map(String).join());
    console.log(' clone', show(() => structuredClone(e)));
    Object.seal(e);
    const t = sym(e, 'Symbol(kTarget)');
    e[t] = 'sealed-target';
    console.log(' sealed', e.target, show(() => delete e[t]), descs(e));
  },
  (e) => {
    const [k, t, , p] = Object.getOwnPropertySymbols(e);
    Object.preventExtensions(e);
    console.log(' shut', delete e[p], show(() => { e[p] = 1; }), keys(e));
    e[t] = 'kept';
    Object.defineProperty(e, k, { enumerable: false, value: 'hidden' });
    console.log(' shut', e.target, e.type, Object.getOwnPropertySymbols({ ...e }).length, descs(e));
  },
  (e) => console.log(' untouched', keys(e)),
];
port1.onmessage = function (e) {
  console.log(n, 'before', descs(e).replace(/kTarget\)=obj/, 'kTarget)=port'));
  steps[n](e);
  seen.push(e);
  n++;
  if (n < steps.length) port2.postMessage(n);
  else {
    port1.close();
    setImmediate(() => {
      for (const [i, old] of seen.entries()) console.log('after', i, keys(old), descs(old));
      const [, second, first] = seen;
      const d = sym(first, 'Symbol(kIsBeingDispatched)');
      Object.defineProperty(first, d, { writable: false });
      console.log('readonly', descs(first), show(() => { first[d] = true; }));
      const last = seen[seen.length - 1];
      Object.freeze(last);
      console.log('frozen', Object.isFrozen(last), Object.isSealed(last), Object.isExtensible(last), descs(last), last.type, last.target === port1);
      Object.freeze(second);
      console.log('frozen', Object.isFrozen(second), Object.isSealed(second), Object.isExtensible(second), descs(second));
      console.log('assign', show(() => { second[sym(second, 'Symbol(kTarget)')] = 1; }), show(() => { second.x = 1; }), show(() => delete second[sym(second, 'Symbol(type)')]), second.type);
    });
  }
};
port2.postMessage(0);
