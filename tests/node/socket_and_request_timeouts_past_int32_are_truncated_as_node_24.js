// node tests/node/socket_and_request_timeouts_past_int32_are_truncated_as_node_24.js > tests/node/socket_and_request_timeouts_past_int32_are_truncated_as_node_24.out (recorded with Node 24)
// socket.setTimeout and request.setTimeout take their duration through
// Node's getTimerDuration (lib/internal/timers.js): past 2 ** 31 - 1 it is
// truncated to that with a TimeoutOverflowWarning (emitted where the call
// was made), not set to 1 as a timer's would be, so no 'timeout' comes;
// socket.timeout keeps the value given. A negative or non-finite duration
// is ERR_OUT_OF_RANGE.
const net = require('net');
const http = require('http');
process.on('warning', (w) => console.log('warning:', w.name, JSON.stringify(w.message), w.stack.includes(__filename)));
const s = new net.Socket();
s.setTimeout(2 ** 40);
console.log('socket.timeout', s.timeout);
for (const bad of [-1, Infinity, NaN]) {
  try { s.setTimeout(bad); } catch (e) { console.log(e.code, e.message); }
}
const server = http.createServer((req, res) => {
  res.setTimeout(2 ** 33);
  setTimeout(() => res.end('late'), 20);
});
server.listen(0, '127.0.0.1', () => {
  const req = http.get({ port: server.address().port, host: '127.0.0.1', agent: false }, (res) => {
    res.resume();
    res.on('end', () => {
      console.log('response ended');
      server.close();
    });
  });
  req.setTimeout(2 ** 35);
  req.on('timeout', () => console.log('request timeout (not expected)'));
});
