// Recorded with Node 24: node tests/node/net_socket_writes_keep_nodes_writable_state.js
// A socket's writes without a callback: what write returns, the writable
// state and bytesWritten after each, for a Buffer, a string in UTF-8 (with
// a lone surrogate), in latin1 (setDefaultEncoding) and in hex; a write
// the kernel cannot take at once (a 16 MB Buffer: false, then 'drain');
// a write while one is in flight; a write with a callback; a corked pair.
const net = require('net');
const log = (s) => console.log(s);
const fields = (ws) => ['writing', 'length', 'pendingcb', 'sync', 'needDrain', 'writelen', 'corked']
  .map((k) => `${k}=${ws[k]}`).join(' ');
let received = 0;
const server = net.createServer((conn) => {
  conn.on('data', (d) => { received += d.length; });
  conn.on('end', () => {
    log(`server: received ${received} bytes`);
    conn.end();
    server.close();
  });
});
server.listen(0, '127.0.0.1', () => {
  const client = net.connect(server.address().port, '127.0.0.1');
  const ws = client._writableState;
  const show = (label, ret) => log(`${label}: ${ret} ${fields(ws)} bytesWritten=${client.bytesWritten}`);
  client.on('connect', () => {
    show('buffer', client.write(Buffer.from('abc')));
    show('utf8', client.write('h\u00e9llo \ud800 \u20ac'));
    client.setDefaultEncoding('latin1');
    show('latin1', client.write('caf\u00e9'));
    client.setDefaultEncoding('hex');
    show('hex', client.write('00ff10'));
    client.setDefaultEncoding('utf8');
    process.nextTick(() => log(`nextTick: ${fields(ws)}`));
    setImmediate(() => {
      show('big', client.write(Buffer.alloc(16 * 1024 * 1024, 0x61)));
      show('while in flight', client.write('x'));
      client.once('drain', () => {
        log(`drain: ${fields(ws)} bytesWritten=${client.bytesWritten}`);
        show('with a callback', client.write('y', () => log(`callback: ${fields(ws)}`)));
        client.cork();
        show('corked 1', client.write('a'));
        show('corked 2', client.write(Buffer.from('b')));
        client.uncork();
        show('uncorked', true);
        setImmediate(() => {
          show('before end', true);
          client.end();
        });
      });
    });
  });
  client.on('finish', () => log(`client: finish ${fields(ws)}`));
  client.on('close', () => log(`client: close bytesWritten=${client.bytesWritten}`));
});
