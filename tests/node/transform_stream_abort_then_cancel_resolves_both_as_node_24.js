// node tests/node/transform_stream_abort_then_cancel_resolves_both_as_node_24.js > tests/node/transform_stream_abort_then_cancel_resolves_both_as_node_24.out (recorded with Node 24)
// A controller's start promise is "a promise resolved with" the start
// result (Web IDL: a new promise), so a start that returns a promise
// settles two reactions after it: the transform stream's writable side is
// still erroring when its readable side's cancel finishes.
const log = (...a) => console.log(...a);
const report = (name, p) => p.then(() => log(name, 'resolved'), (e) => log(name, 'rejected', e));

async function abortThenCancel() {
  const ts = new TransformStream();
  await Promise.all([report('abort', ts.writable.abort('a')), report('cancel', ts.readable.cancel('b'))]);
}
async function cancelThenAbort() {
  const ts = new TransformStream();
  await Promise.all([report('cancel', ts.readable.cancel('b')), report('abort', ts.writable.abort('a'))]);
}
async function withTransformerCancel() {
  const ts = new TransformStream({ cancel(r) { log('transformer cancel', r); } });
  await Promise.all([report('abort', ts.writable.abort('a')), report('cancel', ts.readable.cancel('b'))]);
}
// Once started: Node 24's sink abort is an async function, two reactions
// later than the spec's promise.
async function afterStart(abortFirst) {
  const ts = new TransformStream({ cancel(r) { log('transformer cancel', r); } });
  await null; await null; await null; await null;
  const ps = abortFirst ? [report('abort', ts.writable.abort('a')), report('cancel', ts.readable.cancel('b'))]
    : [report('cancel', ts.readable.cancel('b')), report('abort', ts.writable.abort('a'))];
  Promise.resolve().then(() => log('tick 1')).then(() => log('tick 2')).then(() => log('tick 3')).then(() => log('tick 4'));
  await Promise.all(ps);
}
async function abortWithAWriter() {
  const ts = new TransformStream();
  const w = ts.writable.getWriter();
  await null; await null;
  w.write('x').catch((e) => log('write rejected', e));
  report('abort', w.abort('why'));
  Promise.resolve().then(() => log('t1')).then(() => log('t2')).then(() => log('t3')).then(() => log('t4'));
  await new Promise((r) => setTimeout(r, 0));
}
async function startOrder() {
  // A start returning a promise: pull runs after the start promise's extra reactions.
  const order = [];
  new ReadableStream({
    start() { order.push('start'); return Promise.resolve(); },
    pull() { order.push('pull'); },
  });
  new WritableStream({
    start() { order.push('wstart'); return Promise.resolve(); },
  }).getWriter().ready.then(() => order.push('ready'));
  Promise.resolve().then(() => order.push('tick 1')).then(() => order.push('tick 2')).then(() => order.push('tick 3')).then(() => order.push('tick 4'));
  await new Promise((r) => setTimeout(r, 0));
  log(order.join(', '));
}

(async () => {
  for (const f of [abortThenCancel, cancelThenAbort, withTransformerCancel, startOrder, () => afterStart(true), () => afterStart(false), abortWithAWriter]) {
    log(`-- ${f.name}`);
    await f();
  }
})();
