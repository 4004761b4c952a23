// The trace of a program's I/O (docs/trace.md, "I/O"): thread-pool requests
// (fs.readFile's open/fstat/read/close chain, dns.lookup, crypto.pbkdf2, a
// failing fs.stat), a TCP server and client, and an HTTP server answering
// http.get, one after the other. Its stdout is Node 24's
// (node tests/trace/io_pool_sockets_http.js > tests/trace/io_pool_sockets_http.node24.out);
// its text trace under --clock virtual is io_pool_sockets_http.trace (the
// repository's path written ROOT, ports PORT, descriptors N).
const fs = require('fs');
const dns = require('dns');
const crypto = require('crypto');
const net = require('net');
const http = require('http');

fs.readFile(__filename, (err, data) => {
  console.log('readFile', err, data.length > 0);
  dns.lookup('localhost', { family: 4 }, (err, address) => {
    console.log('dns.lookup', err, address);
    crypto.pbkdf2('secret', 'salt', 1, 16, 'sha256', (err, key) => {
      console.log('pbkdf2', err, key.toString('hex'));
      fs.stat('/nonexistent-jsloop-trace', (err) => {
        console.log('stat', err.code);
        tcp();
      });
    });
  });
});

function tcp() {
  const server = net.createServer((socket) => {
    socket.on('data', (d) => socket.end('echo ' + d));
  });
  server.listen(0, '127.0.0.1', () => {
    const client = net.connect(server.address().port, '127.0.0.1', () => client.write('ping'));
    client.on('data', (d) => console.log('tcp client got', String(d)));
    client.on('close', () => server.close(web));
  });
}

function web() {
  const server = http.createServer((req, res) => {
    console.log('http server', req.method, req.url);
    res.end('hello');
  });
  server.listen(0, '127.0.0.1', () => {
    http.get({ port: server.address().port, host: '127.0.0.1', path: '/hi', agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (body += d));
      res.on('end', () => {
        console.log('http client', res.statusCode, body);
        server.close();
      });
    });
  });
}
