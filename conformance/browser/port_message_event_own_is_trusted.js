// The own, unforgeable isTrusted of a port's message events (fired by the
// host itself while the port's one listener is its onmessage function:
// browser/port_fire.rs, its accessor presented by the event class's exotic
// methods until script adds a property, browser/is_trusted.rs): what
// script sees of it through every way of looking at, adding to,
// redefining, deleting and freezing the event, one way per message.
const { port1, port2 } = new MessageChannel();
const lines = [];
const log = (s) => lines.push(String(s));
let getter;
const t = (n, name, f) => {
  try { log(n + ' ' + name + ' ' + f()); } catch (err) { log(n + ' ' + name + ' threw ' + err.name); }
};
const look = (n, e, when) => {
  const d = Object.getOwnPropertyDescriptor(e, 'isTrusted');
  log(n + ' ' + when + ' keys ' + Reflect.ownKeys(e).map(String).join() + ' names ' + Object.getOwnPropertyNames(e).join() +
    ' json ' + JSON.stringify(e) + ' spread ' + JSON.stringify({ ...e }) + ' entries ' + JSON.stringify(Object.entries(e)));
  log(n + ' ' + when + ' own ' + (d === undefined ? 'none' : typeof d.get + ' ' + (d.get === getter) + ' ' + d.set + ' ' + d.enumerable + ' ' + d.configurable) +
    ' in ' + ('isTrusted' in e) + ' hasOwn ' + Object.hasOwn(e, 'isTrusted') + ' value ' + e.isTrusted +
    ' frozen ' + Object.isFrozen(e) + ' sealed ' + Object.isSealed(e) + ' extensible ' + Object.isExtensible(e));
  const seen = [];
  for (const k in e) if (k === 'isTrusted' || k.startsWith('x')) seen.push(k);
  log(n + ' ' + when + ' for-in ' + seen.join());
};
const ways = [
  (n, e) => { t(n, 'set', () => { e.isTrusted = false; return e.isTrusted; }); t(n, 'set strict', () => { 'use strict'; e.isTrusted = false; }); },
  (n, e) => { t(n, 'delete', () => delete e.isTrusted); t(n, 'delete strict', () => { 'use strict'; return delete e.isTrusted; }); t(n, 'delete other', () => delete e.xnone); },
  (n, e) => { e.xfoo = 1; e[Symbol.iterator] = 2; e.xbar = 3; e[0] = 4; },
  (n, e) => {
    Object.freeze(e);
    t(n, 'same getter', () => Object.defineProperty(e, 'isTrusted', { get: getter }) === e);
    t(n, 'as data', () => Object.defineProperty(e, 'isTrusted', { value: 1 }));
    t(n, 'configurable', () => Reflect.defineProperty(e, 'isTrusted', { configurable: true }));
    t(n, 'same attributes', () => Reflect.defineProperty(e, 'isTrusted', { enumerable: true, configurable: false, set: undefined }));
    t(n, 'a setter', () => Reflect.defineProperty(e, 'isTrusted', { set() {} }));
    t(n, 'no getter', () => Reflect.defineProperty(e, 'isTrusted', { get: undefined }));
    t(n, 'not enumerable', () => Reflect.defineProperty(e, 'isTrusted', { enumerable: false }));
    t(n, 'add strict', () => { 'use strict'; e.xnew = 1; });
  },
  (n, e) => {
    t(n, 'other getter', () => Object.defineProperty(e, 'isTrusted', { get() { return 5; } }));
    t(n, 'same getter', () => Object.defineProperty(e, 'isTrusted', { get: getter, enumerable: true }) === e);
  },
  (n, e) => {
    Object.preventExtensions(e);
    t(n, 'empty', () => Reflect.defineProperty(e, 'isTrusted', {}));
    t(n, 'not writable', () => Object.defineProperty(e, 'isTrusted', { writable: false }));
    t(n, 'add', () => Reflect.set(e, 'xnew', 1));
  },
  (n, e) => { Object.seal(e); t(n, 'as data', () => Object.defineProperty(e, 'isTrusted', { value: true })); },
  (n, e) => {
    Object.defineProperty(e, 'xfoo', { value: 1, enumerable: true });
    t(n, 'configurable', () => Reflect.defineProperty(e, 'isTrusted', { configurable: true }));
  },
  (n, e) => { Object.setPrototypeOf(e, null); t(n, 'value without prototype', () => e.isTrusted); },
  (n, e) => {
    class Base { constructor(o) { return o; } }
    class WithPrivate extends Base { #p = 1; static has(o) { return #p in o; } }
    new WithPrivate(e);
    t(n, 'private field', () => WithPrivate.has(e));
  },
  (n, e) => {
    class Base { constructor(o) { return o; } }
    class WithFields extends Base { xfield = 1; xother = 2; }
    new WithFields(e);
    class Redefining extends Base { isTrusted = 1; }
    t(n, 'isTrusted field', () => { new Redefining(e); return 'defined'; });
  },
  (n, e) => {
    t(n, 'Reflect.set', () => Reflect.set(e, 'isTrusted', 1));
    t(n, 'Reflect.set receiver', () => Reflect.set({}, 'isTrusted', 1, e));
    t(n, 'Reflect.set data receiver', () => Reflect.set({ isTrusted: 1 }, 'isTrusted', 2, e));
    t(n, 'Reflect.get', () => Reflect.get(e, 'isTrusted'));
    t(n, 'Object.assign', () => JSON.stringify(Object.assign(e, { xassigned: 1 })));
  },
];
let n = 0;
port2.onmessage = (e) => {
  if (getter === undefined) getter = Object.getOwnPropertyDescriptor(e, 'isTrusted').get;
  look(n, e, 'before');
  ways[n % ways.length](n, e);
  look(n, e, 'after');
  n++;
  if (n < ways.length + 1) port1.postMessage(n);
  else {
    for (const l of lines) console.log(l);
    console.log('__done__');
  }
};
port1.postMessage(0);
