// An unhandled rejection whose reason is not an Error is raised as an
// UnhandledPromiseRejection (lib/internal/process/promises.js), its message
// naming the reason as V8's NoSideEffectsToString prints it.
process.on('uncaughtException', (e, origin) => {
  console.log(`${origin} ${e.name} ${e.code} ${e.constructor.name} own ${Object.getOwnPropertyNames(e).filter((k) => k !== 'stack').join(',')}`);
  console.log(`  reason ${e.message.split('reason ')[1]}`);
});
for (const v of [[1, 2], 5, 'str', 10n, undefined, true, () => 1, new Map(), Object.create(null), new (class Foo {})(), { a: 1 }, new Date(0), /re/g, Symbol('s')]) {
  Promise.reject(v);
}
