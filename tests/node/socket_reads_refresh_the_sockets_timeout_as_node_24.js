// Recorded with Node 24: node tests/node/socket_reads_refresh_the_sockets_timeout_as_node_24.js
// Every read restarts a socket's timeout (Node's onStreamRead calls the
// stream's kUpdateTimer): a server socket with a 1 s timeout that reads a
// chunk every 100 ms for 1.2 s sees each chunk ('data' with bytesRead and
// the readable state as the listener sees them) and its 'timeout' only
// after the last one; an HTTP server's idle keep-alive socket (300 ms,
// no buffer) whose next request's head comes in six pieces 100 ms apart
// is not timed out while they come, and answers it.
const net = require('net');
const http = require('http');
const log = (s) => console.log(s);
const fields = (rs) => ['reading', 'readingMore', 'dataEmitted', 'length', 'flowing']
  .map((k) => `${k}=${rs[k]}`).join(' ');

function plain(done) {
  const server = net.createServer((conn) => {
    conn.setTimeout(1000);
    conn.on('data', (d) => log(`plain: data ${JSON.stringify(String(d))} bytesRead=${conn.bytesRead} ${fields(conn._readableState)}`));
    conn.on('timeout', () => {
      log(`plain: timeout after ${conn.bytesRead} bytes`);
      conn.destroy();
    });
    conn.on('close', () => {
      log('plain: server socket closed');
      server.close(done);
    });
  });
  server.listen(0, '127.0.0.1', () => {
    const client = net.connect(server.address().port, '127.0.0.1');
    let n = 0;
    const send = () => {
      client.write(`chunk${n}`);
      if (++n < 12) setTimeout(send, 100);
    };
    client.on('connect', send);
  });
}

function keepAlive() {
  const server = http.createServer({ keepAliveTimeout: 300, keepAliveTimeoutBuffer: 0 }, (req, res) => {
    log(`http: request ${req.method} ${req.url}`);
    res.end(`answer to ${req.url}`);
  });
  server.on('timeout', () => log('http: server timeout'));
  server.listen(0, '127.0.0.1', () => {
    const client = net.connect(server.address().port, '127.0.0.1');
    let answers = 0;
    client.setEncoding('latin1');
    client.on('data', (d) => {
      const body = d.slice(d.indexOf('\r\n\r\n') + 4);
      log(`http: client got ${d.slice(0, d.indexOf('\r\n'))} ${JSON.stringify(body)}`);
      if (++answers === 1) {
        const head = 'GET /second HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n';
        const pieces = [];
        for (let i = 0; i < 6; i++) pieces.push(head.slice(Math.floor((i * head.length) / 6), Math.floor(((i + 1) * head.length) / 6)));
        const send = () => {
          client.write(pieces.shift());
          if (pieces.length) setTimeout(send, 100);
        };
        send();
      } else {
        client.end();
        server.close(() => log('http: server closed'));
      }
    });
    client.write('GET /first HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n');
  });
}

plain(keepAlive);
