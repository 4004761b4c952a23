// jsloop node glue: a worker thread does not own the process's state
// (lib/internal/bootstrap/switches/does_not_own_process_state.js): what
// 40_node.js runs on `process` at a worker's start only (the main thread
// does not read this). `d` is what 40_node.js shares: the host, process,
// its define (host.defineHidden), nodeError, workerThreads and internals.
(function (d) {
  'use strict';
  const { host, process, define, nodeError, workerThreads, internals } = d;
  const unsupported = (what) => nodeError(TypeError, 'ERR_WORKER_UNSUPPORTED_OPERATION', `${what} is not supported in workers`);
  const stubs = ['abort', 'chdir', 'send', 'disconnect', 'setuid', 'seteuid', 'setgid', 'setegid', 'setgroups', 'initgroups'];
  for (const name of stubs) {
    const stub = function () { throw unsupported(`process.${name}()`); };
    stub.disabled = true;
    define(process, { [name]: stub });
  }
  // does_not_own_process_state.js wrappedCwd: the directory read again
  // only when the main thread's chdir counter (shared by every worker,
  // sent with each Worker's start) has moved. Evaluated from its source,
  // so that its toString shows it, as Node's does.
  const makeCwd = (0, eval)(`(function (AtomicsLoad, rawCwd, counterOf) {
      let cachedCwd = '';
      let lastCounter = -1;
      return function wrappedCwd() {
        const sharedCwdCounter = counterOf();
        if (!sharedCwdCounter) return rawCwd();
        const currentCounter = AtomicsLoad(sharedCwdCounter, 0);
        if (currentCounter === lastCounter) return cachedCwd;
        lastCounter = currentCounter;
        cachedCwd = rawCwd();
        return cachedCwd;
      };
    })`);
  define(process, { cwd: makeCwd(Atomics.load, () => host.cwd(), () => { workerThreads(); return internals.cwdCounter; }) });
  const umask = process.umask;
  define(process, {
    umask(mask) {
      if (mask !== undefined) throw unsupported('Setting process.umask()');
      return umask.call(process);
    },
  });
  for (const name of ['channel', 'connected']) {
    Object.defineProperty(process, name, { configurable: true, enumerable: false, get() { throw unsupported(`process.${name}`); } });
  }
})
