// Recorded with: node tests/node/child_process_spawn_emits_spawn_exit_and_close_in_order.js
// A ChildProcess emits 'spawn' on the next tick after spawn(), 'exit' when
// the exit is seen (SIGCHLD, in the poll phase) and 'close' once the exit
// and the close of every stdio pipe have come. A spawn that fails (ENOENT)
// emits 'error' on the next tick, then 'close' with the negative errno.
const { spawn } = require('child_process');

function run(name, next) {
  const child = spawn('sh', ['-c', 'echo out; echo err >&2; exit 3']);
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (d) => { out += d; });
  child.stderr.on('data', (d) => { err += d; });
  child.on('spawn', () => console.log(`${name}: spawn, pid is a number: ${typeof child.pid === 'number'}`));
  child.on('exit', (code, signal) => console.log(`${name}: exit`, code, signal, child.exitCode, child.signalCode));
  child.on('close', (code, signal) => {
    console.log(`${name}: close`, code, signal, JSON.stringify(out), JSON.stringify(err), child.stdout.destroyed, child.stderr.destroyed);
    next();
  });
  process.nextTick(() => console.log(`${name}: nextTick after spawn()`));
  Promise.resolve().then(() => console.log(`${name}: promise after spawn()`));
  console.log(`${name}: spawn() returned, stdio:`, child.stdio.map((s) => s && s.constructor.name));
}

function missing(next) {
  const child = spawn('jsloop-no-such-command', ['a', 'b']);
  child.on('spawn', () => console.log('missing: spawn (never)'));
  child.on('error', (e) => {
    console.log('missing: error', e.message, e.code, e.errno, e.syscall, e.path, e.spawnargs, child.pid);
  });
  child.on('exit', () => console.log('missing: exit (never)'));
  child.on('close', (code, signal) => {
    console.log('missing: close', code, signal, child.exitCode);
    next();
  });
  console.log('missing: spawn() returned');
}

function killed(next) {
  const child = spawn('sleep', ['10']);
  child.on('spawn', () => console.log('killed: kill() says', child.kill(), child.killed));
  child.on('exit', (code, signal) => console.log('killed: exit', code, signal));
  child.on('close', (code, signal) => {
    console.log('killed: close', code, signal, 'kill() after the exit says', child.kill());
    next();
  });
}

run('sh', () => missing(() => killed(() => console.log('done'))));
