// Recorded with: node tests/node/process_stdin_reads_a_pipe_only_when_asked.js
// A child whose standard input is a pipe gets process.stdin as a net.Socket
// that starts paused: reading it ('data') keeps the child alive until the
// pipe's end ('end'), while a child that only looks at process.stdin exits
// at once even though the pipe stays open.
const { spawn } = require('child_process');

if (process.argv[2] === 'reader') {
  const stdin = process.stdin;
  console.log('reader: stdin is a', stdin.constructor.name, 'fd', stdin.fd, 'isTTY', stdin.isTTY, 'flowing', stdin.readableFlowing);
  let got = '';
  stdin.setEncoding('utf8');
  stdin.on('data', (d) => { got += d; });
  stdin.on('end', () => console.log('reader: end after', JSON.stringify(got)));
  process.on('exit', () => console.log('reader: exit'));
} else if (process.argv[2] === 'looker') {
  console.log('looker: flowing', process.stdin.readableFlowing, 'paused', process.stdin.isPaused());
  process.on('exit', () => console.log('looker: exit'));
} else {
  const reader = spawn(process.execPath, [__filename, 'reader'], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  reader.stdout.setEncoding('utf8');
  reader.stdout.on('data', (d) => { out += d; });
  reader.stdin.write('one, ');
  setTimeout(() => reader.stdin.end('two'), 50);
  reader.on('close', (code) => {
    console.log(`reader closed with ${code}:\n${out.trimEnd()}`);
    // The looker's stdin pipe is never ended: it exits anyway.
    const looker = spawn(process.execPath, [__filename, 'looker'], { stdio: ['pipe', 'pipe', 'inherit'] });
    let lookerOut = '';
    looker.stdout.setEncoding('utf8');
    looker.stdout.on('data', (d) => { lookerOut += d; });
    looker.on('close', (code) => {
      console.log(`looker closed with ${code}:\n${lookerOut.trimEnd()}`);
    });
  });
}
