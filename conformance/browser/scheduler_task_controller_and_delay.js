// A TaskController's tasks move with its priority (queued ones too), abort
// removes a queued or delayed task and rejects its promise, a delayed task
// joins its queue when its delay has elapsed, and scheduler.yield inside a
// postTask callback inherits its priority and signal.
const log = (s) => console.log(s);
const low = new TaskController({ priority: 'background' });
const high = new TaskController({ priority: 'user-visible' });
scheduler.postTask(() => log('low 1'), { signal: low.signal });
scheduler.postTask(() => log('high 1'), { signal: high.signal });
scheduler.postTask(() => log('low 2'), { signal: low.signal });
scheduler.postTask(() => log('fixed user-visible'), { signal: low.signal, priority: 'user-visible' });
const aborted = new TaskController();
scheduler.postTask(() => log('never runs'), { signal: aborted.signal })
  .catch((e) => log('aborted task rejected: ' + e.name));
low.setPriority('user-blocking');
aborted.abort();
const dependent = TaskSignal.any([], { priority: high.signal });
scheduler.postTask(() => log('dependent on high'), { signal: dependent });
high.setPriority('background');

// (Posted last at background priority: it runs after every task above.)
scheduler.postTask(() => {
  log('-- delays');
  const delayed = new AbortController();
  scheduler.postTask(() => log('delay 40 user-blocking'), { delay: 40, priority: 'user-blocking' });
  scheduler.postTask(() => log('delay 20'), { delay: 20 });
  scheduler.postTask(() => log('delay 100 aborted'), { delay: 100, signal: delayed.signal })
    .catch((e) => log('delayed task rejected: ' + e));
  setTimeout(() => log('timeout 80'), 80);
  setTimeout(() => { delayed.abort('stop'); log('aborted at 60'); }, 60);
  setTimeout(yieldInherits, 160);
}, { priority: 'background' });

function yieldInherits() {
  log('-- yield inherits');
  const tc = new TaskController({ priority: 'background' });
  scheduler.postTask(() => log('user-visible task'));
  scheduler.postTask(() => {
    log('background task starts');
    scheduler.yield().then(() => log('continuation of the background task'));
    const inner = new TaskController();
    scheduler.postTask(() => {
      scheduler.yield().then(() => log('never: its signal aborts'), (e) => log('yield rejected: ' + e));
      inner.abort('gone');
    }, { signal: inner.signal, priority: 'user-blocking' }).catch((e) => log('its postTask rejected: ' + e));
  }, { signal: tc.signal });
  setTimeout(() => log('__done__'), 60);
}
