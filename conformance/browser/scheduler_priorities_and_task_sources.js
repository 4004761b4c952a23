// scheduler.postTask's three priorities and scheduler.yield's continuations
// against the other task sources: user-blocking tasks and user-visible
// continuations go before every task queue, user-visible tasks take turns
// with timers and messages in the order they were queued, background tasks
// go last. (One message at a time: Chromium queues a port's next message
// task only when the one before it has run, docs/deviations.md.)
const log = [];
const ch = new MessageChannel();
ch.port1.onmessage = (e) => log.push('message ' + e.data);
setTimeout(() => log.push('timeout 1'), 0);
ch.port2.postMessage(1);
scheduler.postTask(() => log.push('background 1'), { priority: 'background' });
scheduler.postTask(() => log.push('user-visible 1'), { priority: 'user-visible' });
scheduler.postTask(() => log.push('user-blocking 1'), { priority: 'user-blocking' });
(async () => { await scheduler.yield(); log.push('continuation 1'); })();
scheduler.postTask(() => log.push('default 1'));
setTimeout(() => log.push('timeout 2'), 0);
scheduler.postTask(() => log.push('background 2'), { priority: 'background' });
(async () => { await scheduler.yield(); log.push('continuation 2'); })();
scheduler.postTask(() => log.push('user-blocking 2'), { priority: 'user-blocking' });
// A task posted from a task: it waits behind what is already queued at its priority.
scheduler.postTask(() => {
  log.push('user-visible 2');
  scheduler.postTask(() => log.push('user-blocking from user-visible 2'), { priority: 'user-blocking' });
  scheduler.postTask(() => log.push('user-visible from user-visible 2'));
  setTimeout(() => log.push('timeout from user-visible 2'), 0);
});
setTimeout(() => {
  for (const line of log) console.log(line);
  console.log('__done__');
}, 100);
