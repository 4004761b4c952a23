// node tests/node/net_listen_connect_and_dgram_never_fall_back_to_127_0_0_1_as_node_24.js > tests/node/net_listen_connect_and_dgram_never_fall_back_to_127_0_0_1_as_node_24.out (recorded with Node 24)
// A name that does not resolve is getaddrinfo's ENOTFOUND, the 'error' (or
// the callback's error) of server.listen(port, host), net.connect and
// dgram's bind, send and connect: nothing is bound to or sent to
// 127.0.0.1. An address libuv cannot parse is EINVAL from the call that
// takes it: a localAddress with an IPv6 scope no interface has is bound
// as fe80::1 with no scope, `bind EINVAL` naming the address as given.
'use strict';
const net = require('net');
const dgram = require('dgram');
const show = (e) => e && JSON.stringify({ name: e.name, code: e.code, errno: e.errno, syscall: e.syscall, hostname: e.hostname, address: e.address, port: e.port, message: e.message });
const steps = [
  (next) => {
    const s = net.createServer();
    s.on('error', (e) => { console.log('listen', show(e), s.address()); next(); });
    s.listen(0, 'nonexistent.invalid', () => { console.log('listening on', s.address()); s.close(next); });
  },
  (next) => {
    const c = net.connect(1, 'nonexistent.invalid');
    c.on('lookup', (err, address) => console.log('lookup', err && err.code, address));
    c.on('error', (e) => { console.log('connect', show(e)); next(); });
    c.on('connect', () => { console.log('connected to', c.remoteAddress); c.destroy(); next(); });
  },
  (next) => {
    const c = net.connect({ port: 1, host: '127.0.0.1', localAddress: 'fe80::1%nosuchif' });
    c.on('error', (e) => { console.log('localAddress with an unknown scope', show(e)); next(); });
  },
  (next) => {
    const s = dgram.createSocket('udp4');
    s.on('error', (e) => { console.log('dgram bind', show(e)); s.close(); next(); });
    s.bind(0, 'nonexistent.invalid', () => { console.log('dgram bound', s.address()); s.close(); next(); });
  },
  (next) => {
    const s = dgram.createSocket('udp4');
    s.send('x', 9, 'nonexistent.invalid', (e) => { console.log('dgram send', show(e)); s.close(); next(); });
  },
  (next) => {
    const s = dgram.createSocket('udp4');
    s.on('error', (e) => console.log('dgram connect error event', show(e)));
    s.connect(9, 'nonexistent.invalid', (e) => { console.log('dgram connect', show(e)); s.close(); next(); });
  },
];
let i = 0;
const next = () => { if (i < steps.length) steps[i++](next); };
next();
