// node tests/node/http_server_times_out_a_connection_that_sends_nothing_as_node_24.js > tests/node/http_server_times_out_a_connection_that_sends_nothing_as_node_24.out (recorded with Node 24)
// An http.Server counts a new connection as a request begun (Node's
// Parser::Initialize sets last_message_start_ and makes the connection
// active, against connections that send nothing): headersTimeout runs from
// the connection, so one that sends nothing is answered 408 and closed by
// the connections check; and it is not idle, so closeIdleConnections()
// leaves it open.
const http = require('http');
const net = require('net');
const server = http.createServer({ headersTimeout: 200, requestTimeout: 0, connectionsCheckingInterval: 50 }, () => {
  console.log('request (not expected)');
});
server.on('connection', (socket) => {
  console.log('connection');
  server.closeIdleConnections();
  setImmediate(() => console.log('after closeIdleConnections: destroyed', socket.destroyed));
});
server.listen(0, '127.0.0.1', () => {
  const c = net.connect(server.address().port, '127.0.0.1');
  let got = '';
  c.setEncoding('latin1');
  c.on('data', (d) => { got += d; });
  c.on('close', () => {
    console.log('client closed, got', JSON.stringify(got));
    server.close(() => console.log('server closed'));
  });
});
