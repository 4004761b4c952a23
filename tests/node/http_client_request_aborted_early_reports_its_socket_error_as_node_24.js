// node tests/node/http_client_request_aborted_early_reports_its_socket_error_as_node_24.js > tests/node/http_client_request_aborted_early_reports_its_socket_error_as_node_24.out (recorded with Node 24)
// lib/_http_client.js: a request whose signal is already aborted is
// destroyed inside http.get (addAbortSignal), so destroyed is true when it
// returns, and its AbortError comes with onSocketNT; a request aborted
// before its socket is its own (onSocketNT) destroys the socket and waits
// for it to finish (finished(socket.destroy(...))): an error the socket is
// destroyed with meanwhile (here by the createConnection that made it) is
// the request's 'error'; without one, an aborted request has no error.
const http = require('http');
const net = require('net');

const log = (s) => console.log(s);
const watch = (name, req) => {
  req.on('socket', () => log(`${name}: socket`));
  req.on('abort', () => log(`${name}: abort`));
  req.on('error', (e) => log(`${name}: error ${e.name} ${e.code} ${e.message} ${e.cause === undefined ? '' : `cause ${e.cause}`}`));
  req.on('close', () => log(`${name}: close, destroyed ${req.destroyed}, aborted ${req.aborted}`));
};

const server = http.createServer((req, res) => res.end('ok'));
server.listen(0, '127.0.0.1', () => {
  const port = server.address().port;
  {
    const controller = new AbortController();
    controller.abort('early');
    const req = http.get({ port, host: '127.0.0.1', signal: controller.signal }, () => log('pre-aborted: response'));
    log(`pre-aborted: destroyed ${req.destroyed}, aborted ${req.aborted}`);
    watch('pre-aborted', req);
  }
  {
    const controller = new AbortController();
    const req = http.get({ port, host: '127.0.0.1', signal: controller.signal }, () => log('tick-aborted: response'));
    watch('tick-aborted', req);
    process.nextTick(() => controller.abort());
  }
  function createConnection() {
    const socket = new net.Socket();
    process.nextTick(() => socket.destroy(new Error('Oops')));
    return socket;
  }
  {
    const req = http.get({ createConnection });
    watch('own socket', req);
    req.abort();
    log(`own socket: after abort(), destroyed ${req.destroyed}`);
  }
  {
    class CustomAgent extends http.Agent {}
    CustomAgent.prototype.createConnection = createConnection;
    const req = http.get({ agent: new CustomAgent() });
    watch('agent socket', req);
    req.abort();
  }
  {
    const req = http.get({ createConnection: () => new net.Socket() });
    watch('quiet socket', req);
    req.destroy();
  }
  {
    const req = http.get({ port, host: '127.0.0.1', agent: false });
    watch('destroyed with an error', req);
    req.destroy(new Error('mine'));
  }
  setTimeout(() => server.close(), 50);
});
