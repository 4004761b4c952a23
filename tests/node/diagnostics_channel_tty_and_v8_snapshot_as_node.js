// Recorded with: node tests/node/diagnostics_channel_tty_and_v8_snapshot_as_node.js > tests/node/diagnostics_channel_tty_and_v8_snapshot_as_node.out
// The pieces web frameworks load at start-up: diagnostics_channel (publish
// to subscribers in order, a subscriber's error on a later tick, bound
// stores, tracing channels around sync and promise work), tty (isatty of a
// pipe and of bad descriptors, colour depth from the environment) and
// v8.startupSnapshot outside a snapshot build.
'use strict';
const dc = require('diagnostics_channel');
const { AsyncLocalStorage } = require('async_hooks');
const tty = require('tty');
const v8 = require('v8');
const log = (...a) => console.log(...a);

const ch = dc.channel('demo');
log('has subscribers', ch.hasSubscribers, dc.hasSubscribers('demo'), ch === dc.channel('demo'));
const first = (msg, name) => log('first', JSON.stringify(msg), name);
ch.subscribe(first);
dc.subscribe('demo', () => { throw new Error('subscriber failed'); });
dc.subscribe('demo', (msg) => log('third', msg.n));
process.on('uncaughtException', (e) => log('uncaught', e.message));
ch.publish({ n: 1 });
log('after publish', ch.hasSubscribers, ch.unsubscribe(first), ch.unsubscribe(first));
try { dc.channel(42); } catch (e) { log(e.code, e.message); }

const store = new AsyncLocalStorage();
const bound = dc.channel('bound');
bound.bindStore(store, (data) => ({ from: data.id }));
bound.runStores({ id: 7 }, function (a) { log('runStores', JSON.stringify(store.getStore()), this.t, a); }, { t: 'this' }, 'arg');

const tc = dc.tracingChannel('work');
tc.subscribe({
  start: (c) => log('start', c.label),
  end: (c) => log('end', c.label, 'result' in c ? c.result : '-'),
  asyncStart: (c) => log('asyncStart', c.label, c.result),
  asyncEnd: (c) => log('asyncEnd', c.label),
  error: (c) => log('error', c.label, c.error.message),
});
log('sync', tc.traceSync((x) => x * 2, { label: 'sync' }, null, 21));
try { tc.traceSync(() => { throw new Error('boom'); }, { label: 'throws' }); } catch (e) { log('caught', e.message); }
tc.tracePromise(async (x) => x + 1, { label: 'promise' }, null, 1).then((v) => {
  log('promise value', v);
  log('isatty', tty.isatty(-1), tty.isatty(1.5), tty.isatty('1'));
  const w = Object.create(tty.WriteStream.prototype);
  for (const env of [{}, { TERM: 'dumb' }, { TERM: 'xterm-256color' }, { COLORTERM: 'truecolor' }, { FORCE_COLOR: '0' }, { NO_COLOR: '1', TERM: 'xterm' }]) {
    log('depth', JSON.stringify(env), w.getColorDepth(env), w.hasColors(256, env));
  }
  log('snapshot', v8.startupSnapshot.isBuildingSnapshot());
  try { v8.startupSnapshot.addSerializeCallback(() => {}); } catch (e) { log(e.code, e.message); }
});
log('end of script');
