// Recorded with Node 24: node tests/node/net_sockets_are_duplex_streams.js
// net.Socket is a stream.Duplex: writes before 'connect' wait for it, write
// callbacks, 'finish' after end(), 'end' once the peer's data is read,
// pipe() between sockets, paused sockets buffering, half-open sockets,
// and 'close' last.
const net = require('net');
const { Duplex, pipeline, Writable } = require('stream');
const log = (s) => console.log(s);
let serverSide;
const server = net.createServer({ allowHalfOpen: true }, (conn) => {
  serverSide = conn;
  log(`server: connection, a Duplex: ${conn instanceof Duplex}, readyState ${conn.readyState}`);
  conn.pause();
  const got = [];
  conn.on('data', (d) => got.push(String(d)));
  conn.on('end', () => {
    log(`server: end after ${JSON.stringify(got.join(''))}, writable ${conn.writable}`);
    // Half-open: we can still answer, then end our side.
    conn.end('bye', () => log('server: end callback'));
  });
  conn.on('finish', () => log('server: finish'));
  conn.on('close', (hadError) => {
    log(`server: close ${hadError}`);
    server.close(() => log('server: closed'));
  });
});
server.listen(0, '127.0.0.1', () => {
  const client = net.connect(server.address().port, '127.0.0.1');
  log(`client: pending ${client.pending}, connecting ${client.connecting}, readyState ${client.readyState}`);
  log(`client: write before connect -> ${client.write('one ', () => log('client: write cb one'))}`);
  client.on('connect', () => log(`client: connect, readyState ${client.readyState}`));
  client.write('two', () => {
    log('client: write cb two');
    client.end(() => log('client: end callback'));
  });
  client.on('finish', () => {
    log(`client: finish, readyState ${client.readyState}`);
    // The server reads only now: what came meanwhile waited in its buffer.
    log('server: resume');
    serverSide.resume();
  });
  const sink = [];
  pipeline(client, new Writable({ write(c, e, cb) { sink.push(String(c)); cb(); } }), (err) => {
    log(`client: pipeline done ${err} ${JSON.stringify(sink.join(''))}`);
  });
  client.on('end', () => log('client: end'));
  client.on('close', (hadError) => log(`client: close ${hadError} bytesWritten ${client.bytesWritten} bytesRead ${client.bytesRead}`));
});
