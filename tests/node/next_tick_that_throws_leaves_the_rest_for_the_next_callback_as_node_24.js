// node tests/node/next_tick_that_throws_leaves_the_rest_for_the_next_callback_as_node_24.js > tests/node/next_tick_that_throws_leaves_the_rest_for_the_next_callback_as_node_24.out (recorded with Node 24)
// A nextTick callback that throws (an 'uncaughtException' listener handles
// it) leaves Node's processTicksAndRejections (lib/internal/process/
// task_queues.js): the ticks after it and the microtask queue wait for the
// next callback's drain, or for the one that opens every check phase (src/
// env.cc: CheckImmediate's RunAndClearNativeImmediates scope), before the
// immediates. Later expired timers, the next immediate and the next port
// message run first; a port's remaining messages wait for its handle's next
// run (src/node_messaging.cc: OnMessage triggers itself again when
// MakeCallback fails).
// jsloop-test: virtual-only (stage 1's two 1 ms timers expire in one pass
// only when they start in the same millisecond, as setTimeout reads the
// time anew: under --clock real a slow build may start them apart).
process.on('uncaughtException', (e) => console.log('uncaught', e.message));
process.on('exit', () => console.log('exit'));
const stages = [
  (next) => {
    process.nextTick(() => { Promise.resolve().then(() => console.log('micro')); process.nextTick(() => console.log('tick after')); throw new Error('main'); });
    setImmediate(() => setTimeout(next, 10));
    // (After the main script: the check phase's drain, then the rest after
    // the first immediate.)
    setImmediate(() => console.log('imm'));
    process.nextTick(() => { console.log('tick 1'); throw new Error('tick 1'); });
    process.nextTick(() => { console.log('tick 2'); throw new Error('tick 2'); });
    process.nextTick(() => { console.log('tick 3'); throw new Error('tick 3'); });
    process.nextTick(() => console.log('tick 4'));
    Promise.resolve().then(() => console.log('promise'));
  },
  (next) => {
    setTimeout(() => {
      process.nextTick(() => { Promise.resolve().then(() => console.log('micro')); process.nextTick(() => console.log('tick after')); throw new Error('t1'); });
      console.log('t1');
    }, 1);
    setTimeout(() => console.log('t2'), 1);
    setTimeout(next, 30);
  },
  (next) => {
    setTimeout(() => {
      process.nextTick(() => { Promise.resolve().then(() => console.log('micro')); throw new Error('alone'); });
      console.log('t1 alone');
    }, 1);
    setTimeout(next, 30);
  },
  (next) => {
    setImmediate(() => { console.log('imm1'); process.nextTick(() => { throw new Error('imm'); }); Promise.resolve().then(() => console.log('micro')); });
    setImmediate(() => { console.log('imm2'); process.nextTick(() => console.log('tick2')); });
    setTimeout(next, 30);
  },
  (next) => {
    const a = new MessageChannel();
    const b = new MessageChannel();
    a.port1.on('message', (v) => { console.log('a', v); process.nextTick(() => { throw new Error('port ' + v); }); Promise.resolve().then(() => console.log('micro a', v)); });
    b.port1.on('message', (v) => { console.log('b', v); process.nextTick(() => console.log('tick b', v)); });
    a.port2.postMessage(1); a.port2.postMessage(2); b.port2.postMessage(1); b.port2.postMessage(2);
    setTimeout(() => { a.port1.close(); b.port1.close(); next(); }, 30);
  },
  (next) => {
    // (A poll-phase callback's: drained when the check phase opens.)
    const c = new MessageChannel();
    c.port1.on('message', (v) => {
      console.log('msg', v);
      setImmediate(() => console.log('imm', v));
      queueMicrotask(() => console.log('qm', v));
      process.nextTick(() => { throw new Error('msg ' + v); });
      if (v === 2) c.port1.close();
    });
    c.port2.postMessage(1);
    c.port2.postMessage(2);
    require('fs').readFile(__filename, () => {
      setImmediate(() => console.log('imm fs'));
      queueMicrotask(() => console.log('qm fs'));
      process.nextTick(() => { throw new Error('fs'); });
      setTimeout(next, 30);
    });
  },
];
const run = (i) => { if (i < stages.length) { console.log('-- stage', i); stages[i](() => run(i + 1)); } };
run(0);

