// node tests/node/net_paused_socket_stops_reading_so_the_peers_writes_wait.js
// A paused socket applies backpressure: once its readable buffer is full,
// push() returns false and the handle stops reading (uv_read_stop, from
// lib/internal/stream_base_commons.js onStreamRead; libuv's uv__read reads no
// more after the read callback that stopped it), so the kernel's buffers
// fill and the peer's 16 MiB write stays queued in the peer (its
// writableLength) with no 'drain' until the socket is resumed. Loopback only;
// 16 MiB is far more than an unread loopback socket's kernel buffers take.
const net = require('net');
const total = 16 * 1024 * 1024;
let client;
const server = net.createServer((sock) => {
  console.log('server: connection, pause');
  sock.pause();
  let got = 0;
  sock.on('data', (d) => { got += d.length; });
  sock.on('end', () => {
    console.log('server: end after ' + got + ' bytes');
    server.close();
  });
  // Wait for the first read (a loop turn at a time, however loaded the
  // machine), then 100 ms more, in which nothing more is read.
  let turns = 0;
  const waitForData = () => {
    if (sock.readableLength === 0 && ++turns < 1e6) return setImmediate(waitForData);
    setTimeout(() => {
      console.log('server: still paused: ' + sock.isPaused());
      // One 64 KiB read fills the readable buffer; nothing more is read.
      console.log('server: buffered ' + sock.readableLength + ' of highWaterMark ' + sock.readableHighWaterMark);
      console.log('client: data still waiting to be written: ' + (client.writableLength > 0));
      console.log('server: resume');
      sock.resume();
    }, 100);
  };
  waitForData();
});
server.listen(0, '127.0.0.1', () => {
  client = net.connect(server.address().port, '127.0.0.1', () => {
    const ok = client.write(Buffer.alloc(total, 97));
    console.log('client: write returned ' + ok);
    client.on('drain', () => {
      console.log('client: drain, writableLength ' + client.writableLength);
      client.end();
    });
  });
  client.on('close', () => console.log('client: close'));
});
