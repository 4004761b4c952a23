// Found by the fuzzer (seed 500023, shrunk by hand): Node's server.listen
// with a host goes through lookupAndListen (lib/net.js): dns.lookup answers
// an address on a nextTick, and only then is the port bound and 'listening'
// queued on another nextTick; without a host it binds at once. A server
// closed before its lookup answered never binds.
const net = require('net');
const withHost = net.createServer();
process.nextTick(() => {
  console.log('tick 1');
  process.nextTick(() => console.log('tick 2'));
});
withHost.listen(0, '127.0.0.1', () => {
  console.log('with a host: listening ' + withHost.listening + ' ' + withHost.address().address);
  withHost.close(() => console.log('with a host: closed'));
});
console.log('with a host, right after listen(): listening ' + withHost.listening + ' ' + withHost.address());
const noHost = net.createServer();
noHost.listen(0, () => {
  console.log('no host: listening');
  noHost.close();
});
console.log('no host, right after listen(): listening ' + noHost.listening);
const closedEarly = net.createServer();
closedEarly.on('listening', () => console.log('closed early: listening (never)'));
closedEarly.listen(0, '127.0.0.1');
closedEarly.close((err) => console.log('closed early: ' + (err ? err.code : 'closed')));
console.log('closed early, after close(): listening ' + closedEarly.listening);
process.nextTick(() => console.log('tick 3'));
