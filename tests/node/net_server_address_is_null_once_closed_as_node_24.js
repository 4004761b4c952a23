// node tests/node/net_server_address_is_null_once_closed_as_node_24.js > tests/node/net_server_address_is_null_once_closed_as_node_24.out (recorded with Node 24)
// server.address() (lib/net.js): null before listen and once closed (the
// server has no handle then), the bound address while listening; a pipe
// server's path also once it is closed. server[Symbol.asyncDispose]()
// closes it, and resolves at once when it is closed already.
const net = require('net');
const path = require('path');
const os = require('os');
const server = net.createServer();
console.log('before listen:', server.address());
server.listen(0, '127.0.0.1', async () => {
  const a = server.address();
  console.log('listening:', a.address, a.family, typeof a.port);
  server.on('close', () => console.log('close event'));
  await server[Symbol.asyncDispose]();
  console.log('disposed:', server.address(), server.listening);
  await server[Symbol.asyncDispose]();
  console.log('disposed again');
  const pipe = path.join(os.tmpdir(), `jsloop-address-${process.pid}.sock`);
  const ps = net.createServer();
  ps.listen(pipe, () => {
    console.log('pipe listening:', ps.address() === pipe);
    ps.close(() => console.log('pipe closed:', ps.address() === pipe));
  });
});
