// node tests/node/next_tick_that_throws_after_the_last_timer_or_immediate_as_node_24.js > tests/node/next_tick_that_throws_after_the_last_timer_or_immediate_as_node_24.out (recorded with Node 24)
// The drain of nextTicks and microtasks after the last timer of the timers
// phase is RunTimers' InternalCallbackScope closing (src/env.cc,
// src/api/callback.cc), and after the last immediate processImmediate's
// (CheckImmediate's MakeCallback): when a nextTick callback there throws (an
// 'uncaughtException' listener handles it), the close fails and the ticks
// after it and the microtasks wait for the next callback scope: a port
// message's in the poll phase, else the one that opens the check phase
// (RunAndClearNativeImmediates), before the immediates. When the last
// immediate itself throws, processImmediate leaves with kHasOutstanding set,
// CheckImmediate calls it again, and it takes the immediates queued
// meanwhile: they run in the same check phase, before the drain.
// (Found by the node fuzzer, seed 711073.) Each stage starts the next from
// its last callback, so that no timer of one races the next's.
process.on('uncaughtException', (e) => console.log('uncaught', e.message));
const stages = [
  (next) => {
    // The last timer's tick throws; nothing in poll: the rest run when the
    // check phase opens, and what they queue runs in it.
    setTimeout(() => {
      console.log('t1');
      setImmediate(() => console.log('immA'));
      queueMicrotask(() => {
        console.log('qm');
        setImmediate(() => console.log('imm from qm'));
        const c = new MessageChannel();
        c.port2.on('message', (v) => { console.log('msg', v); c.port2.close(); setImmediate(next); });
        c.port1.postMessage('from qm');
      });
      process.nextTick(() => { console.log('tick'); throw new Error('t1 tick'); });
      process.nextTick(() => console.log('tick 2'));
    }, 1);
  },
  (next) => {
    // The last timer's tick throws; a port message waits in poll: its
    // callback scope drains the rest.
    const p = new MessageChannel();
    p.port2.on('message', (v) => {
      console.log('early msg', v);
      queueMicrotask(() => console.log('early msg qm'));
      process.nextTick(() => console.log('early msg tick'));
      p.port2.close();
    });
    setTimeout(() => {
      console.log('t1');
      p.port1.postMessage(1);
      setImmediate(() => { console.log('immA'); setImmediate(next); });
      queueMicrotask(() => console.log('qm'));
      process.nextTick(() => { console.log('tick'); throw new Error('t1 tick'); });
      process.nextTick(() => console.log('tick 2'));
    }, 1);
  },
  (next) => {
    // The last immediate's tick throws: the rest wait for the next poll
    // phase's port message.
    const c = new MessageChannel();
    c.port2.on('message', () => { console.log('msg'); c.port2.close(); });
    setImmediate(() => {
      console.log('imm1');
      setImmediate(() => { console.log('imm2'); setImmediate(next); });
      c.port1.postMessage(0);
      queueMicrotask(() => console.log('qm'));
      process.nextTick(() => { console.log('tick'); throw new Error('imm1 tick'); });
      process.nextTick(() => console.log('tick 2'));
    });
  },
  (next) => {
    // The last immediate throws: the immediates it queued run in the same
    // check phase (but not those they queue), then the drain.
    const c = new MessageChannel();
    c.port2.on('message', () => { console.log('msg'); c.port2.close(); });
    setImmediate(() => {
      console.log('imm1');
      setImmediate(() => {
        console.log('imm2');
        setImmediate(() => console.log('imm3'));
        process.nextTick(() => console.log('imm2 tick'));
      });
      setImmediate(() => { console.log('imm2b'); throw new Error('imm2b'); });
      c.port1.postMessage(0);
      queueMicrotask(() => console.log('qm'));
      process.nextTick(() => console.log('tick'));
      throw new Error('imm1');
    });
  },
];
const run = (i) => { if (i < stages.length) { console.log('-- stage', i); stages[i](() => run(i + 1)); } };
run(0);
