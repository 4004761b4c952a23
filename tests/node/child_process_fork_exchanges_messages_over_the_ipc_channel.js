// Recorded with: node tests/node/child_process_fork_exchanges_messages_over_the_ipc_channel.js
// fork() runs this file again as a child with an IPC channel: each side's
// send() arrives as a 'message' event on the other; the child's channel
// keeps it alive while it has 'message' listeners, and disconnect() ends
// the channel ('disconnect' on both sides), after which the child exits.
const { fork } = require('child_process');

if (process.argv[2] === 'child') {
  console.log('child: connected', process.connected, typeof process.send);
  process.on('message', (m) => {
    console.log('child: got', JSON.stringify(m));
    if (m.n === 4) {
      process.send({ bye: 'from the child' }, () => {
        console.log('child: last send called back');
        process.disconnect();
      });
      return;
    }
    process.send({ n: m.n + 1, text: 'pong ünïcödé' });
  });
  process.on('disconnect', () => console.log('child: disconnect, connected', process.connected));
} else {
  const child = fork(__filename, ['child'], { silent: true });
  let out = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (d) => { out += d; });
  const seen = [];
  console.log('parent: connected', child.connected, 'stdio', child.stdio.map((s) => s && s.constructor.name));
  child.on('spawn', () => {
    console.log('parent: spawn');
    child.send({ n: 0 }, (err) => console.log('parent: first send called back with', err));
  });
  child.on('message', (m) => {
    console.log('parent: got', JSON.stringify(m));
    if (m.n !== undefined) child.send({ n: m.n + 1 });
  });
  child.on('disconnect', () => seen.push(`disconnect (connected ${child.connected})`));
  child.on('exit', (code, signal) => seen.push(`exit ${code} ${signal}`));
  child.on('close', (code, signal) => {
    console.log('parent: close', code, signal, 'after', seen.sort());
    console.log('parent: the child printed:');
    console.log(out.trimEnd());
    const sent = child.send('too late', (err) => console.log('parent: send after close:', err.code, err.message));
    console.log('parent: send() after close returned', sent);
  });
}
