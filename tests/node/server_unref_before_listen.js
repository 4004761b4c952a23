// node tests/node/server_unref_before_listen.js
// server.unref() before listen(): Node remembers it and unrefs the handle
// when listening starts, so the server does not keep the process alive.
const net = require('net');
const server = net.createServer();
server.unref();
server.listen(0, '127.0.0.1', () => console.log('listening, unref\'d'));
setTimeout(() => console.log('timer while the server listens'), 20);
process.on('exit', () => console.log('exit'));
