// node tests/node/before_exit_comes_again_after_a_server_closes.js
// A server opened in a 'beforeExit' listener makes the loop alive again;
// closing it closes its handle (uv_close), and when the loop has run the
// close callbacks and is no longer alive, 'beforeExit' is emitted again.
const net = require('net');
let n = 0;
process.on('beforeExit', () => {
  console.log('beforeExit ' + ++n);
  if (n === 1) {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      console.log('listening');
      server.close(() => console.log('server closed'));
    });
  }
});
process.on('exit', () => console.log('exit'));
