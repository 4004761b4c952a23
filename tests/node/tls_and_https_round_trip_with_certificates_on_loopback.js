// Recorded with: node tests/node/tls_and_https_round_trip_with_certificates_on_loopback.js
// A TLS server and client on 127.0.0.1 with Node's own test certificates
// (agent1, signed by ca1; read from ../shared/node-tests at run time): the
// handshake's events in order, what each side learns about the other
// (protocol, ALPN, SNI, the peer certificate), data both ways, ends and
// closes; then the three ways verification fails (unknown issuer, wrong
// host name, rejectUnauthorized: false); then an https request and response.
'use strict';
const tls = require('tls');
const https = require('https');
const fs = require('fs');
const path = require('path');
const keys = path.resolve(__dirname, '../../../shared/node-tests/test/fixtures/keys');
const key = fs.readFileSync(path.join(keys, 'agent1-key.pem'));
const cert = fs.readFileSync(path.join(keys, 'agent1-cert.pem'));
const ca = fs.readFileSync(path.join(keys, 'ca1-cert.pem'));

const server = tls.createServer({ key, cert, ALPNProtocols: ['h2', 'echo'] }, (socket) => {
  console.log('server: secureConnection, servername ' + socket.servername + ', alpn ' + socket.alpnProtocol +
    ', authorized ' + socket.authorized + ', encrypted ' + socket.encrypted);
  socket.setEncoding('utf8');
  socket.on('data', (d) => {
    console.log('server: got ' + d);
    socket.write(d.toUpperCase());
  });
  socket.on('end', () => {
    console.log('server: client ended');
    socket.end();
  });
  socket.on('close', () => console.log('server: socket closed'));
});
server.on('tlsClientError', (e) => console.log('server: tlsClientError ' + e.code));
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address();
  console.log('listening');
  const client = tls.connect({ port, host: '127.0.0.1', ca, servername: 'agent1', ALPNProtocols: ['echo'] }, () => {
    console.log('client: secureConnect, authorized ' + client.authorized + ', alpn ' + client.alpnProtocol +
      ', protocol ' + client.getProtocol() + ', encrypted ' + client.encrypted);
    const peer = client.getPeerCertificate();
    console.log('client: peer subject ' + JSON.stringify(peer.subject));
    console.log('client: peer issuer CN ' + peer.issuer.CN + ', valid ' + peer.valid_from + ' to ' + peer.valid_to);
    console.log('client: fingerprint256 ' + peer.fingerprint256);
    console.log('client: serial ' + peer.serialNumber + ', raw is a Buffer ' + Buffer.isBuffer(peer.raw));
    client.write('hello over tls');
  });
  client.on('secure', () => console.log('client: secure'));
  client.setEncoding('utf8');
  client.on('data', (d) => {
    console.log('client: got ' + d);
    client.end();
  });
  client.on('end', () => console.log('client: server ended'));
  client.on('close', (hadError) => {
    console.log('client: closed, hadError ' + hadError);
    failures(port);
  });
});

function failures(port) {
  const unknown = tls.connect({ port, host: '127.0.0.1', servername: 'agent1' }, () => console.log('unknown issuer: connected?!'));
  unknown.on('error', (e) => {
    console.log('unknown issuer: ' + e.code + ' / ' + e.message);
    const wrongName = tls.connect({ port, host: '127.0.0.1', ca, servername: 'example.com' });
    wrongName.on('error', (e) => {
      console.log('wrong name: ' + e.code + ' / ' + e.message + ' / host ' + e.host + ', reason ' + e.reason);
      const lax = tls.connect({ port, host: '127.0.0.1', rejectUnauthorized: false, servername: 'agent1' }, () => {
        console.log('lax: secureConnect, authorized ' + lax.authorized + ', authorizationError ' + lax.authorizationError);
        lax.end();
      });
      lax.on('close', () => {
        server.close(() => console.log('tls server closed'));
        overHttps();
      });
    });
  });
}

function overHttps() {
  const server = https.createServer({ key, cert }, (req, res) => {
    console.log('https server: ' + req.method + ' ' + req.url + ', encrypted ' + req.socket.encrypted);
    res.setHeader('content-type', 'text/plain');
    res.end('hello over https');
  });
  server.listen(0, '127.0.0.1', () => {
    const { port } = server.address();
    const req = https.get({ host: '127.0.0.1', port, path: '/greeting', ca, servername: 'agent1', agent: false }, (res) => {
      console.log('https client: ' + res.statusCode + ' ' + res.headers['content-type'] + ', authorized ' + res.socket.authorized);
      res.setEncoding('utf8');
      let body = '';
      res.on('data', (d) => { body += d; });
      res.on('end', () => {
        console.log('https client: body ' + body);
        server.close(() => console.log('https server closed'));
      });
    });
    req.on('error', (e) => console.log('https client error ' + e.message));
  });
}
