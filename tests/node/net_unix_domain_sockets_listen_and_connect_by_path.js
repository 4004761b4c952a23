// Recorded with: node tests/node/net_unix_domain_sockets_listen_and_connect_by_path.js
// A path given to listen() or connect() is a Unix domain socket (Node's
// pipes): no IP addresses, address() is the path, errors name the path, a
// path in use is EADDRINUSE, and closing the server removes its file.
const net = require('net');
const fs = require('fs');
const os = require('os');
const path = require('path').join(os.tmpdir(), `jsloop-unix-${process.pid}.sock`);
try { fs.unlinkSync(path); } catch {}
const server = net.createServer((c) => {
  console.log('server: connection', c.remoteAddress, c.remotePort, JSON.stringify(c.address()));
  c.on('data', (d) => { console.log('server: data', String(d)); c.end('pong'); });
  c.on('end', () => console.log('server: end'));
  c.on('close', () => console.log('server: socket close'));
});
server.listen(path, () => {
  console.log('listening at the path:', server.address() === path, fs.statSync(path).isSocket());
  const again = net.createServer();
  again.on('error', (e) => {
    console.log('second listen:', e.message === `listen EADDRINUSE: address already in use ${path}`, e.code, e.syscall, e.address === path);
    const c = net.connect(path, () => console.log('client: connect', c.remoteAddress, c.remotePort));
    c.write('ping');
    c.on('data', (d) => console.log('client: data', String(d)));
    c.on('end', () => console.log('client: end'));
    c.on('close', () => {
      console.log('client: close');
      server.close(() => console.log('server closed; file still there:', fs.existsSync(path)));
    });
  });
  again.listen(path);
});
const missing = path + '.missing';
const bad = net.connect({ path: missing });
bad.on('error', (e) => console.log('error:', e.message === `connect ENOENT ${missing}`, e.code, e.syscall, e.address === missing, 'port' in e));
bad.on('close', (hadError) => console.log('bad: close', hadError));
process.on('exit', (code) => console.log('exit', code));
