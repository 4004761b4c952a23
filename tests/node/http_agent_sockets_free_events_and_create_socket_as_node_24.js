// node tests/node/http_agent_sockets_free_events_and_create_socket_as_node_24.js > tests/node/http_agent_sockets_free_events_and_create_socket_as_node_24.out (recorded with Node 24)
// http.Agent's bookkeeping as lib/_http_agent.js keeps it: 'free' on the
// agent every time a socket comes free (also when it is then closed, and
// for a new socket made for a waiting request), totalSocketCount from the
// socket's creation to its 'close', maxTotalSockets across origins,
// createSocket (which a program may replace) and createConnection's
// callback form (an error given to it is the request's), and a waiting
// request destroyed before its turn hands its socket to the next one.
const http = require('http');
const log = (...a) => console.log(...a);

const server = http.createServer((req, res) => res.end(req.url));
server.listen(0, '127.0.0.1', step1);

function get(agent, path, extra = {}) {
  return new Promise((resolve) => {
    const req = http.get({ agent, host: '127.0.0.1', port: server.address().port, path, ...extra }, (res) => {
      let body = '';
      res.on('data', (d) => { body += d; });
      res.on('end', () => resolve(body));
    });
    req.on('error', (err) => resolve(`error ${err.code || err.message}`));
  });
}

// A non-keep-alive agent with one socket: 'free' for each response (the
// socket is then closed), and for the socket made for the waiting request.
async function step1() {
  const agent = new http.Agent({ maxSockets: 1 });
  let frees = 0;
  agent.on('free', () => frees++);
  const name = agent.getName({ host: '127.0.0.1', port: server.address().port });
  const p1 = get(agent, '/a');
  const p2 = get(agent, '/b');
  log('step1: sockets', agent.sockets[name].length, 'requests', agent.requests[name].length, 'total', agent.totalSocketCount);
  log('step1:', await p1, await p2);
  await new Promise((r) => setImmediate(r));
  log('step1: frees', frees, 'total', agent.totalSocketCount, 'sockets', Object.keys(agent.sockets).length);
  step2();
}

// createSocket replaced: its error is the request's error, then 'close'.
function step2() {
  const agent = new http.Agent();
  const kaboom = new Error('kaboom');
  agent.createSocket = (req, options, cb) => cb(kaboom);
  const req = http.request({ agent, host: '127.0.0.1', port: server.address().port });
  req.on('error', (err) => log('step2: error is createSocket\'s', err === kaboom));
  req.on('close', () => {
    log('step2: close, destroyed', req.destroyed);
    step3();
  });
  req.end();
}

// createConnection answering through its callback, later.
function step3() {
  class Agent extends http.Agent {
    createConnection(options, cb) {
      log('step3: createConnection, callback', typeof cb, 'key', typeof options._agentKey);
      process.nextTick(cb, new Error('nothing'));
    }
  }
  const req = http.get({ agent: new Agent(), host: '127.0.0.1', port: server.address().port });
  req.on('error', (err) => log('step3: error', err.message));
  req.on('close', () => step4());
}

// maxTotalSockets across two origins, and a keep-alive agent's free list.
async function step4() {
  const agent = new http.Agent({ keepAlive: true, maxTotalSockets: 1 });
  const port = server.address().port;
  const p1 = get(agent, '/c');
  const p2 = get(agent, '/d', { host: 'localhost', family: 4 });
  log('step4: total', agent.totalSocketCount, 'waiting origins', Object.keys(agent.requests).length);
  log('step4:', await p1, await p2);
  await new Promise((r) => setImmediate(r));
  log('step4: total', agent.totalSocketCount, 'free', Object.values(agent.freeSockets).reduce((n, l) => n + l.length, 0));
  agent.destroy();
  step5(port);
}

// A waiting request destroyed (or aborted) before its turn: its socket goes
// to the next request, no new connection is made.
function step5(port) {
  let made = 0;
  class Agent extends http.Agent {
    createConnection(options, cb) {
      made++;
      return super.createConnection(options, cb);
    }
  }
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  http.get({ agent, host: '127.0.0.1', port }, (res) => res.resume());
  const queued = http.get({ agent, host: '127.0.0.1', port }, () => log('step5: queued got a response'));
  queued.on('error', (err) => log('step5: queued error', err.code));
  queued.destroy();
  http.get({ agent, host: '127.0.0.1', port }, (res) => {
    res.resume();
    res.on('end', () => {
      log('step5: third response, connections made', made);
      agent.destroy();
      server.close();
    });
  });
}
