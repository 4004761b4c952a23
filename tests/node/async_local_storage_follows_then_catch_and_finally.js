// node tests/node/async_local_storage_follows_then_catch_and_finally.js
// An AsyncLocalStorage store follows a promise reaction made with `then`,
// `catch` or `finally` (and those Promise.all and a promise resolved with a
// promise make): the reaction runs in the frame of the call that made it,
// not in the one current when it runs (lib/internal/async_context_frame.js).
// `Promise.prototype.then` still looks as the engine's own does. (An
// `await`'s continuation and a thenable's `then` job do not keep the store
// in jsloop: docs/deviations.md.)
'use strict';
const { AsyncLocalStorage } = require('async_hooks');
const als = new AsyncLocalStorage();
const other = new AsyncLocalStorage();
const then = Promise.prototype.then;
console.log(`then: ${then.name} ${then.length} ${Object.getOwnPropertyNames(then).join(',')} ${'prototype' in then} ${Object.getOwnPropertyDescriptor(Promise.prototype, 'then').enumerable}`);
try {
  new then(() => {});
} catch (e) {
  console.log(`new then: ${e.constructor.name}`);
}
als.run('then', () => Promise.resolve(1).then((v) => console.log(`then ${v}: ${als.getStore()}`)));
als.run('catch', () => Promise.reject(new Error('no')).catch((e) => console.log(`catch ${e.message}: ${als.getStore()}`)));
als.run('finally', () => Promise.resolve().finally(() => console.log(`finally: ${als.getStore()}`)));
als.run('rejected', () => Promise.reject(new Error('r')).then(null, (e) => console.log(`onRejected ${e.message}: ${als.getStore()}`)));
// The chain after run: each reaction has the frame of where it was made.
als.run('inner', () => Promise.resolve().then(() => als.getStore()))
  .then((v) => console.log(`returned ${v}, outside: ${als.getStore()}`));
// Two storages in one frame.
als.run('a', () => other.run('b', () => Promise.resolve().then(() => console.log(`two: ${als.getStore()} ${other.getStore()}`))));
// A reaction made before enterWith keeps the frame it was made in.
const early = Promise.resolve().then(() => console.log(`made before enterWith: ${als.getStore()}`));
// enterWith inside a reaction stays in that reaction.
Promise.resolve().then(() => {
  als.enterWith('entered');
  console.log(`after enterWith: ${als.getStore()}`);
}).then(() => console.log(`next reaction: ${als.getStore()}`));
// Promise.all's reactions, and a promise resolved with a promise.
als.run('all', () => Promise.all([1, Promise.resolve(2)]).then((v) => console.log(`all ${v}: ${als.getStore()}`)));
als.run('nested', () => new Promise((resolve) => resolve(Promise.resolve('p'))).then((v) => console.log(`resolved with ${v}: ${als.getStore()}`)));
// A timer set in a reaction carries the reaction's frame.
als.run('timer', () => Promise.resolve().then(() => setTimeout(() => console.log(`timeout set in a reaction: ${als.getStore()}`), 10)));
als.enterWith('top');
early.then(() => console.log(`reaction made after enterWith: ${als.getStore()}`));
// A handler that throws: its frame is left all the same.
als.run('throws', () => Promise.resolve().then(() => { throw new Error('x'); }))
  .catch((e) => console.log(`caught ${e.message}: ${als.getStore()}`));
Promise.resolve().then(() => {
  als.enterWith('entered then thrown');
  throw new Error('y');
}).then(null, (e) => console.log(`after a throw ${e.message}: ${als.getStore()}`));
