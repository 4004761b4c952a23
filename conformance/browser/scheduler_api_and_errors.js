// scheduler.postTask, scheduler.yield, TaskController, TaskSignal and
// TaskPriorityChangeEvent: their shapes, the errors of misuse (a
// promise-returning operation rejects), prioritychange, TaskSignal.any and
// what postTask's promise settles with.
const out = (s) => console.log(s);
const tryIt = (what, f) => {
  try {
    const r = f();
    if (r instanceof Promise) r.then(() => out(what + ': resolved'), (e) => out(what + ': rejected ' + e.name + ': ' + e.message));
    else out(what + ': ok');
  } catch (e) { out(what + ': ' + e.name + ': ' + e.message); }
};
out(typeof scheduler + ' ' + Object.prototype.toString.call(scheduler) + ' ' + (scheduler instanceof Scheduler));
out(Object.getOwnPropertyNames(Scheduler.prototype).sort().join(','));
out([Scheduler.prototype.postTask.length, Scheduler.prototype.yield.length, TaskController.length, TaskController.prototype.setPriority.length, TaskSignal.any.length, TaskPriorityChangeEvent.length].join(','));
out(Object.getPrototypeOf(TaskController) === AbortController ? 'TaskController extends AbortController' : 'no');
out(Object.getPrototypeOf(TaskSignal) === AbortSignal ? 'TaskSignal extends AbortSignal' : 'no');
out(Object.getPrototypeOf(TaskPriorityChangeEvent) === Event ? 'TaskPriorityChangeEvent extends Event' : 'no');
tryIt('new Scheduler()', () => new Scheduler());
tryIt('new TaskSignal()', () => new TaskSignal());
tryIt('postTask()', () => scheduler.postTask());
tryIt('postTask(1)', () => scheduler.postTask(1));
tryIt('postTask bad priority', () => scheduler.postTask(() => {}, { priority: 'urgent' }));
tryIt('postTask negative delay', () => scheduler.postTask(() => {}, { delay: -1 }));
tryIt('postTask NaN delay', () => scheduler.postTask(() => {}, { delay: NaN }));
tryIt('postTask bad signal', () => scheduler.postTask(() => {}, { signal: {} }));
tryIt('postTask options null', () => scheduler.postTask(() => 'x', null));
tryIt('postTask options 1', () => scheduler.postTask(() => {}, 1));
tryIt('postTask.call({})', () => Scheduler.prototype.postTask.call({}, () => {}));
tryIt('yield.call({})', () => Scheduler.prototype.yield.call({}));
tryIt('new TaskController({priority: "x"})', () => new TaskController({ priority: 'x' }));
const tc = new TaskController();
out(tc.signal.priority + ' ' + (tc.signal instanceof TaskSignal) + ' ' + Object.prototype.toString.call(tc.signal) + ' ' + (tc.signal === tc.signal));
tryIt('setPriority("x")', () => tc.setPriority('x'));
tryIt('setPriority()', () => tc.setPriority());
tc.signal.onprioritychange = (e) => {
  out('prioritychange ' + e.previousPriority + ' -> ' + e.target.priority + ' ' + (e instanceof TaskPriorityChangeEvent) + ' ' + e.isTrusted + ' ' + e.cancelable + ' ' + e.bubbles);
  tryIt('setPriority inside prioritychange', () => tc.setPriority('background'));
};
tc.setPriority('user-blocking');
tc.setPriority('user-blocking');
out('after: ' + tc.signal.priority);
tryIt('new TaskPriorityChangeEvent("x")', () => new TaskPriorityChangeEvent('x'));
tryIt('new TaskPriorityChangeEvent("x", {})', () => new TaskPriorityChangeEvent('x', {}));
tryIt('new TaskPriorityChangeEvent("x", bad)', () => new TaskPriorityChangeEvent('x', { previousPriority: 'low' }));
const ev = new TaskPriorityChangeEvent('prioritychange', { previousPriority: 'background' });
out(ev.type + ' ' + ev.previousPriority + ' ' + ev.isTrusted);
const any = TaskSignal.any([tc.signal], { priority: tc.signal });
out('any: ' + any.priority + ' ' + (any instanceof TaskSignal));
tc.setPriority('background');
out('any follows: ' + any.priority);
const anyFixed = TaskSignal.any([], { priority: 'user-blocking' });
out('any fixed: ' + anyFixed.priority + ' ' + TaskSignal.any([]).priority);
tryIt('TaskSignal.any bad priority', () => TaskSignal.any([], { priority: 'x' }));
tc.abort('why');
out('aborted: ' + tc.signal.aborted + ' ' + tc.signal.reason + ' any ' + any.aborted + ' ' + any.reason);
scheduler.postTask(() => 'never', { signal: tc.signal }).then((v) => out('resolved ' + v), (e) => out('rejected ' + e));
scheduler.postTask(() => 'value').then((v) => out('resolved ' + v));
scheduler.postTask(() => { throw new RangeError('thrown'); }).catch((e) => out('rejected ' + e.name + ': ' + e.message));
scheduler.postTask(() => Promise.resolve('from a promise')).then((v) => out('resolved ' + v));
scheduler.yield().then((v) => out('yield resolved ' + v));
setTimeout(() => out('__done__'), 50);
