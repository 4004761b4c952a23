// node tests/node/http_request_over_create_connection_names_port_80_in_host_as_node_24.js > tests/node/http_request_over_create_connection_names_port_80_in_host_as_node_24.out (recorded with Node 24)
// A request with createConnection and no agent has no default port (Node's
// ClientRequest takes it from the agent): its port is 80 and the Host
// field names it ('localhost:80'); with an agent, the agent's default port
// is left out of the field.
const http = require('http');
const { duplexPair } = require('stream');
function head(options) {
  return new Promise((resolve) => {
    const [client, server] = duplexPair();
    server.once('data', (d) => {
      resolve(String(d).split('\r\n').filter((l) => l && !l.startsWith('Connection')).join(' | '));
      client.destroy();
    });
    const req = http.request({ createConnection: () => client, ...options });
    req.on('error', () => {});
    req.end();
  });
}
(async () => {
  console.log(await head({}));
  console.log(await head({ host: 'example.test', path: '/x' }));
  console.log(await head({ port: 8080 }));
  console.log(await head({ defaultPort: 80 }));
  const agent = new http.Agent();
  agent.createConnection = () => { const [c] = duplexPair(); return c; };
  const req = http.request({ agent, host: 'example.test' });
  console.log('with an agent:', req.getHeader('host'));
  req.on('error', () => {});
  req.destroy();
})();
