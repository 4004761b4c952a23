// Recorded with: node tests/node/child_process_exec_and_exec_file_call_back_with_output_or_an_error.js
// exec() runs a command in /bin/sh; execFile() runs a file. Each calls back
// once the child has closed, with (err, stdout, stderr); a failure's error
// says what failed (code, killed, signal, cmd).
const { exec, execFile } = require('child_process');
const util = require('util');

const steps = [
  (next) => exec('echo hello; echo to stderr >&2', (err, stdout, stderr) => {
    console.log('exec ok:', err, JSON.stringify(stdout), JSON.stringify(stderr));
    next();
  }),
  (next) => exec('echo partial; exit 7', (err, stdout, stderr) => {
    console.log('exec fails:', JSON.stringify(err.message), err.code, err.killed, err.signal, JSON.stringify(err.cmd));
    console.log('  with', JSON.stringify(stdout), JSON.stringify(stderr));
    next();
  }),
  (next) => execFile('echo', ['a', 'b c'], { encoding: 'buffer' }, (err, stdout) => {
    console.log('execFile buffer:', err, Buffer.isBuffer(stdout), JSON.stringify(stdout.toString()));
    next();
  }),
  (next) => execFile('jsloop-no-such-command', ['x'], (err, stdout, stderr) => {
    console.log('execFile missing:', err.message, err.code, err.errno, err.syscall, err.path, err.spawnargs, JSON.stringify(err.cmd));
    console.log('  with', JSON.stringify(stdout), JSON.stringify(stderr));
    next();
  }),
  (next) => exec('echo 0123456789', { maxBuffer: 4 }, (err, stdout) => {
    console.log('maxBuffer:', err.name, err.code, err.message, JSON.stringify(stdout));
    next();
  }),
  (next) => exec('sleep 10', { timeout: 50 }, (err) => {
    console.log('timeout:', err.killed, err.signal, err.code);
    next();
  }),
  (next) => util.promisify(exec)('echo promised').then(({ stdout, stderr }) => {
    console.log('promisified:', JSON.stringify(stdout), JSON.stringify(stderr));
    next();
  }),
];
(function step(i) {
  if (i < steps.length) steps[i](() => step(i + 1));
})(0);
