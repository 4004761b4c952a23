// Recorded with Node 24: node tests/node/dgram_bind_send_message_and_close_in_nodes_order.js
// node:dgram on loopback, in Node's order: bind's lookup and 'listening' on
// a nextTick, a send's callback on the next tick once uv_udp_try_send sent
// it, an implicit bind on send (the datagram waits for 'listening'),
// datagrams read in the poll phase (each 'message' followed by its ticks and
// microtasks), then the check phase's immediates and a later turn's timer,
// 'connect' and 'close' on the next tick.
const dgram = require('dgram');
const log = (...a) => console.log(...a);
const server = dgram.createSocket('udp4');
let count = 0;
server.on('message', (msg, rinfo) => {
  count++;
  log(`server message ${msg} family=${rinfo.family} size=${rinfo.size} from client=${rinfo.port === client.address().port}`);
  process.nextTick(() => log(`tick after ${msg}`));
  Promise.resolve().then(() => log(`promise after ${msg}`));
  setImmediate(() => log(`immediate after ${msg}`));
  if (count === 3) {
    // A reply to the client's address, then both close.
    server.send(`echo ${msg}`, rinfo.port, rinfo.address, (err, n) => log(`reply sent ${err} ${n}`));
  }
});
server.on('listening', () => log(`server listening ${server.address().address}`));
server.on('close', () => log('server close'));
const client = dgram.createSocket({ type: 'udp4' });
client.on('listening', () => log('client listening (implicit bind)'));
client.on('message', (msg) => {
  log(`client message ${msg}`);
  client.close(() => log('client close callback'));
  server.close();
  log('closed both');
  setImmediate(() => {
    log('immediate after close');
    setTimeout(() => log('timeout after close'), 0);
  });
});
client.on('close', () => log('client close'));
server.bind(0, '127.0.0.1', () => {
  log('bind callback');
  const port = server.address().port;
  client.send('one', port, '127.0.0.1', (err, n) => log(`send one callback ${err} ${n}`));
  client.send(['t', Buffer.from('wo')], port, '127.0.0.1', (err, n) => log(`send two callback ${err} ${n}`));
  client.send(Buffer.from('xthreex'), 1, 5, port, '127.0.0.1');
  log(`client bound yet: ${(() => { try { client.address(); return true; } catch (e) { return e.code; } })()}`);
  Promise.resolve().then(() => log('promise in bind callback'));
  process.nextTick(() => log('tick in bind callback'));
  setImmediate(() => log('immediate in bind callback'));
});
process.nextTick(() => log('tick in main'));
Promise.resolve().then(() => log('promise in main'));
log('main end');
