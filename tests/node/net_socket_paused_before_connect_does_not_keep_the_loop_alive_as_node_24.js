// node tests/node/net_socket_paused_before_connect_does_not_keep_the_loop_alive_as_node_24.js > tests/node/net_socket_paused_before_connect_does_not_keep_the_loop_alive_as_node_24.out (recorded with Node 24)
// A socket paused before it connects does not start reading once connected
// (Node's afterConnect reads only when the socket is not paused), and a
// stream handle that is not reading is not an active handle to libuv: the
// process ends although the socket is open and its peer's data waits. A
// socket paused the same way reads once it is resumed.
const net = require('net');
let a;
const server = net.createServer((conn) => {
  conn.unref();
  conn.write('hi');
});
server.listen(0, '127.0.0.1', () => {
  server.unref();
  const port = server.address().port;
  a = net.connect(port, '127.0.0.1').pause();
  a.on('data', (d) => console.log('a: data', String(d)));
  a.on('connect', () => {
    console.log('a: connect, paused', a.isPaused(), 'readableLength', a.readableLength);
    const b = net.connect(port, '127.0.0.1').pause();
    b.on('connect', () => {
      console.log('b: connect, paused', b.isPaused());
      setImmediate(() => {
        b.once('data', (d) => {
          console.log('b: data', String(d));
          b.destroy();
        });
        b.resume();
      });
    });
    b.on('close', () => console.log('b: close'));
  });
});
process.on('exit', () => console.log('exit; a destroyed', a.destroyed));
