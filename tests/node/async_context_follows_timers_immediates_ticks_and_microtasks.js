// node tests/node/async_context_follows_timers_immediates_ticks_and_microtasks.js
// jsloop-test: virtual-only (under the real clock a start-up slower than
// 100 ms, which a loaded machine gives, runs the top-level 100 ms timer
// before the first check phase's immediate, in Node as in jsloop)
// An AsyncLocalStorage store, a domain, and async_hooks' execution context
// follow a callback from where its timer, immediate, nextTick or
// queueMicrotask was made (lib/internal/async_context_frame.js,
// lib/domain.js, lib/internal/async_hooks.js); an error thrown in a domain
// goes to the domain's 'error' listeners.
'use strict';
const { AsyncLocalStorage, AsyncResource, createHook, executionAsyncId } = require('async_hooks');
const domain = require('domain');
const als = new AsyncLocalStorage();
const log = (s) => console.log(`${s}: store ${als.getStore()}, domain ${process.domain ? process.domain.name : process.domain}`);
const types = new Map();
createHook({
  init(id, type) { if (type !== 'PROMISE' && type !== 'TickObject') types.set(id, type); },
  before(id) { if (types.has(id)) console.log(`before ${types.get(id)}`); },
}).enable();
als.run('A', () => {
  setTimeout(() => log('timeout made in A'), 100);
  setImmediate(() => log('immediate made in A'));
  process.nextTick(() => log('tick made in A'));
  queueMicrotask(() => log('microtask made in A'));
  als.run('B', () => setTimeout(() => log('timeout made in B'), 200));
  log('inside run A');
});
log('after run');
const d = domain.create();
d.name = 'd';
d.on('error', (e) => log(`d got ${e.message} (domainThrown ${e.domainThrown})`));
d.run(() => {
  setTimeout(() => {
    log('timeout made in d');
    throw new Error('thrown in d');
  }, 300);
  const r = new AsyncResource('Custom');
  setTimeout(() => r.runInAsyncScope(() => log(`resource ${executionAsyncId() === r.asyncId()}`)), 400);
});
setTimeout(() => {
  log('timeout made outside');
  als.enterWith('C');
  setImmediate(() => log('immediate after enterWith C'));
}, 500);
