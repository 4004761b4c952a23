// Recorded with Node 24: node tests/node/dgram_errors_and_socket_options_as_node_24.js
// node:dgram's errors as Node 24 throws them (ERR_SOCKET_* codes, errno
// errors of an unbound handle: EBADF, ERR_SOCKET_BUFFER_SIZE as a
// SystemError, a bind error from the lookup's callback), socket options on a
// bound socket, connect/remoteAddress/disconnect, close twice, and IPv6
// source-specific multicast.
const dgram = require('dgram');
const log = (...a) => console.log(...a);
const show = (f) => { try { f(); log('no throw'); } catch (e) { log(e.name, e.code, e.message); } };
const s = dgram.createSocket('udp4');
show(() => s.address());
show(() => s.setTTL(5));
show(() => s.getRecvBufferSize());
show(() => s.send('x', 0, '127.0.0.1'));
show(() => s.send(5, 1000, '127.0.0.1'));
show(() => s.remoteAddress());
show(() => s.disconnect());
show(() => dgram.createSocket('udp5'));
show(() => s.addMembership());
s.bind(0, '127.0.0.1', () => {
  show(() => s.bind(0));
  show(() => s.setTTL(0));
  show(() => s.setTTL('a'));
  show(() => s.setTTL(64));
  show(() => s.setBroadcast(true));
  show(() => s.setMulticastTTL(3));
  show(() => s.setMulticastLoopback(true));
  show(() => { s.setRecvBufferSize(8192); log(s.getRecvBufferSize()); });
  show(() => s.addMembership('not-an-ip'));
  log(JSON.stringify(s.address()).replace(/"port":\d+/, 'P'));
  const port = s.address().port;
  const c = dgram.createSocket('udp4');
  c.connect(port, '127.0.0.1', () => {
    log('connected', JSON.stringify(c.remoteAddress()).replace(/"port":\d+/, 'P'));
    show(() => c.connect(port));
    show(() => c.send('x', port, '127.0.0.1'));
    c.send('hi', (err, n) => log('connected send cb', err, n));
    s.once('message', (m, r) => {
      log('got', String(m));
      c.disconnect();
      show(() => c.remoteAddress());
      c.close(); s.close(() => log('closed'));
      show(() => s.close());
      show(() => s.send('x', port));
    });
  });
});
const bad = dgram.createSocket('udp4');
bad.bind(7, '192.0.2.1');
bad.on('error', (e) => { log('bind error', e.code, e.syscall, e.message, e.address, e.port); bad.close(); });
// IPv6 source-specific multicast (MCAST_JOIN_SOURCE_GROUP), and its errors.
const six = dgram.createSocket('udp6');
six.bind(0, '::1', () => {
  show(() => six.addSourceSpecificMembership('::1', 'ff3e::1234'));
  show(() => six.dropSourceSpecificMembership('::1', 'ff3e::1234'));
  show(() => six.addSourceSpecificMembership('x', 'ff3e::1234'));
  show(() => six.addSourceSpecificMembership(1, 'ff3e::1234'));
  six.close();
});
