// node tests/trace/io_child_process.js > tests/trace/io_child_process.node24.out
// The trace of a child process (docs/trace.md, "I/O"): it is spawned with
// pipes for its stdio, its output is read from its stdout pipe in the poll
// phase, and libuv's SIGCHLD handle sees it exit. Its stdout is Node 24's.
const { spawn } = require('child_process');
const child = spawn('sh', ['-c', 'echo hello']);
let out = '';
child.stdout.on('data', (d) => (out += d));
child.on('close', (code) => console.log('close', code, JSON.stringify(out)));
