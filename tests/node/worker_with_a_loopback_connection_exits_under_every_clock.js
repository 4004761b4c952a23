// node tests/node/worker_with_a_loopback_connection_exits_under_every_clock.js
// A worker whose only work is a loopback TCP connection (a server and a
// client of its own, no timers): under --clock virtual the program is not
// over while the worker waits for its socket events, so every message and
// the worker's 'exit' arrive (they were lost: the world ended when no loop
// had a timer).
const { Worker } = require('worker_threads');
const w = new Worker(`
  const net = require('net');
  const { parentPort } = require('worker_threads');
  const log = (s) => parentPort.postMessage(s);
  const server = net.createServer((sock) => {
    sock.on('data', (d) => { log('server got ' + d); sock.end('pong'); });
    sock.on('close', () => server.close(() => log('server closed')));
  });
  server.listen(0, '127.0.0.1', () => {
    const c = net.connect(server.address().port, '127.0.0.1', () => c.write('ping'));
    c.on('data', (d) => log('client got ' + d));
    c.on('close', () => log('client close'));
  });
`, { eval: true });
w.on('message', (m) => console.log('worker: ' + m));
w.on('exit', (code) => console.log('exit ' + code));
