// jsloop glue 25: Web Storage in a window: the Storage interface,
// localStorage and sessionStorage.
// https://html.spec.whatwg.org/multipage/webstorage.html
// Each window has its own two storage areas, in memory: empty when the page
// starts, gone when the run ends, and no 'storage' events (jsloop runs one
// page; docs/deviations.md). The messages are Chromium's.
(function (host, g, web) {
  'use strict';
  const { define } = web;
  if (host.isWorker) return;

  // A Storage object's map (https://html.spec.whatwg.org/multipage/webstorage.html#concept-storage-map),
  // by the object script holds (the proxy).
  const maps = new WeakMap();
  function mapOf(storage) {
    const map = maps.get(storage);
    if (!map) throw new TypeError('Illegal invocation');
    return map;
  }
  const arity = (op, n, got) => new TypeError(`Failed to execute '${op}' on 'Storage': ${n} argument${n > 1 ? 's' : ''} required, but only ${got} present.`);

  // https://html.spec.whatwg.org/multipage/webstorage.html#the-storage-interface
  let making = false;
  class Storage {
    constructor() {
      if (!making) throw new TypeError("Failed to construct 'Storage': Illegal constructor");
    }
    // The length getter steps: this's map's size.
    get length() { return mapOf(this).size; }
    // https://html.spec.whatwg.org/multipage/webstorage.html#dom-storage-key
    key(index) {
      const map = mapOf(this);
      if (arguments.length < 1) throw arity('key', 1, 0);
      // (unsigned long: ToUint32.)
      const n = Number(index) >>> 0;
      // Step 1. If index is greater than or equal to this's map's size, then return null.
      if (n >= map.size) return null;
      // Step 2-3. Let keys be the result of running get the keys on this's
      // map; return keys[index].
      let i = 0;
      for (const k of map.keys()) if (i++ === n) return k;
      return null;
    }
    // https://html.spec.whatwg.org/multipage/webstorage.html#dom-storage-getitem
    getItem(key) {
      const map = mapOf(this);
      if (arguments.length < 1) throw arity('getItem', 1, 0);
      // Step 1. If this's map[key] does not exist, then return null.
      // Step 2. Return this's map[key].
      const k = String(key);
      return map.has(k) ? map.get(k) : null;
    }
    // https://html.spec.whatwg.org/multipage/webstorage.html#dom-storage-setitem
    setItem(key, value) {
      const map = mapOf(this);
      if (arguments.length < 2) throw arity('setItem', 2, arguments.length);
      setItem(map, String(key), String(value));
    }
    // https://html.spec.whatwg.org/multipage/webstorage.html#dom-storage-removeitem
    removeItem(key) {
      const map = mapOf(this);
      if (arguments.length < 1) throw arity('removeItem', 1, 0);
      // Step 1-3. If this's map[key] does not exist, return; remove it.
      map.delete(String(key));
    }
    // https://html.spec.whatwg.org/multipage/webstorage.html#dom-storage-clear
    clear() {
      // Step 1-2. If this's map is empty, return; clear it.
      mapOf(this).clear();
    }
  }
  function setItem(map, key, value) {
    // Step 1-2. If this's map[key] exists and equals value, return. (The
    // quota check of step 3 is not made: nothing is written to disk.)
    // Step 4. Set this's map[key] to value.
    map.set(key, value);
  }

  // Storage's named properties (a getter, setter and deleter on its keys):
  // the legacy platform object's internal methods
  // (https://webidl.spec.whatwg.org/#js-legacy-platform-objects), as a proxy.
  // A key is visible as a property when nothing of that name is on the
  // prototype chain (https://webidl.spec.whatwg.org/#dfn-named-property-visibility).
  function newStorage() {
    making = true;
    const target = new Storage();
    making = false;
    const map = new Map();
    const visible = (p) => typeof p === 'string' && map.has(p) && !(p in Storage.prototype);
    const proxy = new Proxy(target, {
      get(t, p, receiver) { return visible(p) ? map.get(p) : Reflect.get(t, p, receiver); },
      has(t, p) { return visible(p) || Reflect.has(t, p); },
      // [[Set]]: a string name goes to the named property setter.
      set(t, p, v, receiver) {
        if (typeof p !== 'string' || receiver !== proxy) return Reflect.set(t, p, v, receiver);
        setItem(map, p, String(v));
        return true;
      },
      // [[DefineOwnProperty]]: a data property is set as an item; an accessor is refused.
      defineProperty(t, p, desc) {
        if (typeof p !== 'string') return Reflect.defineProperty(t, p, desc);
        if ('get' in desc || 'set' in desc) {
          throw new TypeError(`Failed to set a named property '${p}' on 'Storage': Accessor properties are not allowed.`);
        }
        setItem(map, p, String(desc.value));
        return true;
      },
      deleteProperty(t, p) {
        if (visible(p)) { map.delete(p); return true; }
        return Reflect.deleteProperty(t, p);
      },
      getOwnPropertyDescriptor(t, p) {
        if (visible(p)) return { value: map.get(p), writable: true, enumerable: true, configurable: true };
        return Reflect.getOwnPropertyDescriptor(t, p);
      },
      // [[OwnPropertyKeys]]: the supported property names, then the object's own.
      ownKeys(t) { return [...map.keys(), ...Reflect.ownKeys(t)]; },
    });
    maps.set(proxy, map);
    return proxy;
  }

  // https://html.spec.whatwg.org/multipage/webstorage.html#the-localstorage-attribute
  // https://html.spec.whatwg.org/multipage/webstorage.html#the-sessionstorage-attribute
  const localStorage = newStorage();
  const sessionStorage = newStorage();
  define(g, { Storage });
  Object.defineProperty(g, 'localStorage', { configurable: true, enumerable: true, get: function localStorage_() { return localStorage; } });
  Object.defineProperty(g, 'sessionStorage', { configurable: true, enumerable: true, get: function sessionStorage_() { return sessionStorage; } });
  Object.defineProperty(Object.getOwnPropertyDescriptor(g, 'localStorage').get, 'name', { value: 'get localStorage' });
  Object.defineProperty(Object.getOwnPropertyDescriptor(g, 'sessionStorage').get, 'name', { value: 'get sessionStorage' });
})
