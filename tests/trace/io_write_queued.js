// node tests/trace/io_write_queued.js > tests/trace/io_write_queued.node24.out
// A write the kernel does not take whole at once (16 MiB on loopback: more
// than its socket buffers take) is queued, and its completion comes later in
// a poll phase (docs/trace.md, "I/O": `write queued`, then `write`); the
// server reads all of it.
const net = require('net');
const total = 16 * 1024 * 1024;
const server = net.createServer((sock) => {
  let got = 0;
  sock.on('data', (d) => { got += d.length; });
  sock.on('end', () => {
    console.log('server read', got);
    sock.end();
    server.close();
  });
});
server.listen(0, '127.0.0.1', () => {
  const client = net.connect(server.address().port, '127.0.0.1', () => {
    const ok = client.write(Buffer.alloc(total, 120), () => console.log('client: write callback'));
    console.log('client: write returned', ok);
    client.end();
  });
  client.on('close', () => console.log('client: close'));
});
