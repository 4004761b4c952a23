// Soak: 1,000 concurrent TCP connections on 127.0.0.1, opened and closed 20
// times (node host). Only the loopback address is used.
// Run: soak/rss.py tcp -- jsloop run soak/tcp.js --clock real --timeout 600000
//
// An echo server listens on 127.0.0.1 (a port the kernel picks). Each round
// opens 1,000 client connections at once, each writes a line, waits for the
// echo and ends; the round is over when all 2,000 sockets (both ends) have
// emitted 'close'. The open file descriptors are counted from
// /proc/self/fd before anything, with the server listening, and after each
// round: they must come back to the same number.
const net = require('net');
const fs = require('fs');
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS || 1000);
const ROUNDS = Number(process.env.SOAK_ROUNDS || 20);
const fds = () => fs.readdirSync('/proc/self/fd').length;

const before = fds();
console.error(`START fds=${before}`);
let serverClosed = 0;
const server = net.createServer((socket) => {
  socket.on('data', (d) => socket.write(d));
  socket.on('error', (e) => console.log('server socket error', e.code));
  socket.on('close', () => { serverClosed++; maybeDone(); });
});
let round = 0;
let clientClosed = 0;
let echoed = 0;
let errors = 0;
let listening;
const t0 = Date.now();
server.listen(0, '127.0.0.1', () => {
  listening = fds();
  console.error(`LISTENING port=${server.address().port} fds=${listening}`);
  startRound();
});
function startRound() {
  round++;
  clientClosed = 0;
  serverClosed = 0;
  const { port } = server.address();
  for (let k = 0; k < CONNECTIONS; k++) {
    const c = net.connect(port, '127.0.0.1');
    c.on('connect', () => c.write(`hello ${k}\n`));
    c.on('data', () => { echoed++; c.end(); });
    c.on('error', (e) => { errors++; if (errors < 5) console.log('client error', e.code, e.message); });
    c.on('close', () => { clientClosed++; maybeDone(); });
  }
  console.error(`ROUND ${round} opened=${CONNECTIONS} fds=${fds()}`);
}
function maybeDone() {
  if (clientClosed < CONNECTIONS || serverClosed < CONNECTIONS) return;
  clientClosed = -Infinity; // once per round
  // Let the close phase of this turn finish before counting.
  setImmediate(() => {
    console.error(`ROUND ${round} closed fds=${fds()} echoed=${echoed} errors=${errors} t=${Date.now() - t0}ms`);
    if (round < ROUNDS) startRound();
    else server.close(() => {
      const after = fds();
      console.log(`DONE rounds=${round} connections=${round * CONNECTIONS} echoed=${echoed} errors=${errors} fds before=${before} listening=${listening} after=${after}`);
      if (after !== before || echoed !== round * CONNECTIONS) process.exitCode = 1;
    });
  });
}
