// node tests/node/async_hooks_events_in_nodes_order.js
// async_hooks' init/before/after/destroy for timers, immediates and an
// AsyncResource, with their trigger ids (lib/internal/async_hooks.js): destroy
// hooks are queued and run from a native immediate at the start of the next
// check phase (src/async_wrap.cc's AsyncWrap::EmitDestroy); AsyncLocalStorage's
// bind() and snapshot() are AsyncResources (Node 24).
'use strict';
const ah = require('async_hooks');
const { AsyncLocalStorage, AsyncResource } = ah;
const names = new Map();
let n = 0;
const name = (id) => (names.has(id) ? names.get(id) : id <= 1 ? `top(${id})` : '?');
const events = [];
const hook = ah.createHook({
  init(id, type, trigger) { if (type === 'PROMISE' || type === 'TickObject' && !tracking) return; names.set(id, `${type}#${++n}`); events.push(`init ${names.get(id)} by ${name(trigger)}`); },
  before(id) { if (names.has(id)) events.push(`before ${names.get(id)}`); },
  after(id) { if (names.has(id)) events.push(`after ${names.get(id)}`); },
  destroy(id) { if (names.has(id)) events.push(`destroy ${names.get(id)}`); },
}).enable();
let tracking = false;
const als = new AsyncLocalStorage();
globalThis.kept = []; // (bound functions kept alive: their resources' destroy comes with garbage collection)
setTimeout(() => {
  events.push(`in timeout: eid ${name(ah.executionAsyncId())} tid ${name(ah.triggerAsyncId())}`);
  const t = setTimeout(() => {}, 1000);
  clearTimeout(t);
  setImmediate(() => {
    events.push(`in immediate: eid ${name(ah.executionAsyncId())} tid ${name(ah.triggerAsyncId())}`);
    const r = new AsyncResource('Mine');
    r.runInAsyncScope(() => events.push(`in Mine: eid ${name(ah.executionAsyncId())} tid ${name(ah.triggerAsyncId())}`));
    r.emitDestroy();
    als.run(1, () => {
      const snap = AsyncLocalStorage.snapshot(); kept.push(snap);
      const bound = AsyncLocalStorage.bind(() => als.getStore()); kept.push(bound);
      als.run(2, () => events.push(`snapshot ${snap(() => als.getStore())} bound ${bound()} exit ${als.exit(() => als.getStore())} here ${als.getStore()}`));
    });
    const i = setInterval(() => { clearInterval(i); hook.disable(); console.log(events.join('\n')); }, 5);
  });
}, 5);
