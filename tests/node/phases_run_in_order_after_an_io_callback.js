// Recorded with: node tests/node/phases_run_in_order_after_an_io_callback.js
// One turn of the loop, seen from an I/O callback (the poll phase): its
// nextTicks and microtasks first, then check (setImmediate), then close
// callbacks (a destroyed socket's 'close'), then the next turn's timers.
const net = require('net');
const server = net.createServer((conn) => conn.on('close', () => server.close()));
server.listen(0, '127.0.0.1', () => {
  const socket = net.connect(server.address().port, '127.0.0.1', () => {
    console.log('connect (poll phase)');
    setTimeout(() => console.log('timeout (timers, next turn)'), 0);
    setImmediate(() => console.log('immediate (check)'));
    socket.on('close', () => console.log('close (close callbacks)'));
    socket.destroy();
    Promise.resolve().then(() => console.log('promise (microtask)'));
    process.nextTick(() => console.log('nextTick'));
  });
});
