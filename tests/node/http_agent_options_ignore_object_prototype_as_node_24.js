// node tests/node/http_agent_options_ignore_object_prototype_as_node_24.js > tests/node/http_agent_options_ignore_object_prototype_as_node_24.out (recorded with Node 24)
// http.Agent keeps every options object it makes without a prototype
// (lib/_http_agent.js: { __proto__: null, ...options }): its own options
// (with noDelay and a null path), the legacy addRequest's, and the
// request's merged with the agent's in addRequest and createSocket, so a
// name put on Object.prototype (a socketPath, hints, a localAddress) does
// not reach the connection through the agent. (highWaterMark reaches the
// socket through the request's own options, in Node too; `timeout` is left
// out: Node itself throws for it, from V8's words.)
'use strict';
const http = require('http');
const https = require('https');

const a = new http.Agent({ keepAlive: true, path: '/x', maxSockets: 3 });
console.log(a.options, Object.getPrototypeOf(a.options), a.scheduling, a.maxTotalSockets, a.maxSockets, a.defaultPort, a.protocol);
console.log(new http.Agent().options, new http.Agent({ defaultPort: 8, protocol: 'x:', noDelay: false }).options);
const h = new https.Agent({ keepAlive: true });
console.log(h.options, h.defaultPort, h.protocol, http.Agent.defaultMaxSockets);
try { new http.Agent({ scheduling: 'random' }); } catch (e) { console.log(e.code, e.message); }
console.log(a.getName(), a.getName({ host: 'h', port: 1, localAddress: 'l', family: 4, socketPath: 's' }));
Object.prototype.host = 'polluted';
Object.prototype.socketPath = '/polluted';
console.log('getName()', a.getName(), 'getName({})', a.getName({}));
delete Object.prototype.host;
delete Object.prototype.socketPath;

const names = ['socketPath', 'localAddress', 'highWaterMark', 'family', 'host', 'port', 'servername', 'scheduling', 'maxSockets',
  'path', 'defaultPort', 'protocol', 'keepAlive', 'lookup', 'noDelay', 'createConnection', 'hints'];
const values = { socketPath: '/nonexistent/sock', localAddress: '10.255.255.1', highWaterMark: 7, family: 6, host: 'nonexistent.invalid',
  port: 1, servername: 'polluted', scheduling: 'fifo', maxSockets: 0, path: '/polluted', defaultPort: 1, protocol: 'https:',
  keepAlive: true, lookup: 5, noDelay: false, createConnection: 5, hints: 5 };
const server = http.createServer((req, res) => { res.end(req.url); });
server.listen(0, '127.0.0.1', async () => {
  const port = server.address().port;
  const names_ = (o) => Object.keys(o).map((k) => k.replace(`:${port}:`, ':PORT:'));
  for (const name of names) {
    const agent = new http.Agent();
    Object.prototype[name] = values[name];
    let out;
    try {
      out = await new Promise((resolve) => {
        const req = http.get({ host: '127.0.0.1', port, path: '/x', agent }, (res) => {
          let body = '';
          res.on('data', (d) => body += d);
          res.on('end', () => resolve(`${res.statusCode} ${body} hwm=${req.socket.writableHighWaterMark}`));
        });
        req.on('error', (e) => resolve(`error ${e.code} ${e.message}`));
        delete Object.prototype[name];
      });
    } catch (e) {
      delete Object.prototype[name];
      out = `threw ${e.code} ${e.message}`;
    }
    console.log(name, '->', out, names_(agent.sockets), names_(agent.freeSockets), names_(agent.requests));
    agent.destroy();
  }
  // The legacy addRequest(req, host, port, localAddress).
  const agent = new http.Agent();
  Object.prototype.socketPath = '/nonexistent/sock';
  const req = new http.ClientRequest({ host: '127.0.0.1', port, path: '/legacy', createConnection: () => null, agent: false });
  req.on('error', () => {});
  let made;
  agent.createConnection = (options, cb) => { made = options; return null; };
  agent.addRequest(req, '127.0.0.1', port, undefined);
  delete Object.prototype.socketPath;
  console.log('legacy', Object.getPrototypeOf(made), made.host, made.port === port, made.socketPath, made.path, made._agentKey.replace(`:${port}:`, ':PORT:'));
  req.destroy();
  server.close();
});
