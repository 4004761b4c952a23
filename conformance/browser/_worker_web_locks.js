let release;
onmessage = (e) => {
  if (e.data === 'request') {
    navigator.locks.request('x', (lock) => {
      postMessage(`worker holds ${lock.name}`);
      return new Promise((resolve) => { release = resolve; });
    });
    // (Once the manager has it: the worker's own query says so.)
    navigator.locks.query().then((q) => postMessage(q.pending.length === 1 ? 'requested' : 'not yet requested'));
  } else if (e.data === 'release') {
    release('done');
  }
};
