// Recorded with Node 24: node tests/node/net_socket_reads_keep_nodes_stream_state_and_order.js
// A socket's reads, one message at a time (the client asks for each): the
// chunk, bytesRead and the readable state as a 'data' listener sees them,
// after its nextTick, after the stream's own tick (an immediate later);
// latin1 and utf8 decoding; a second 'data' listener; a pause inside the
// listener; a socket timeout; a listener that throws (uncaught, and the
// reads go on); a rejected promise from an async listener with
// captureRejections (the socket is destroyed with it).
const net = require('net');
const log = (s) => console.log(s);
const payloads = [
  Buffer.from('plain'),
  Buffer.from([0x68, 0xe9, 0xff, 0x00, 0x7f]),
  Buffer.from('h\u00e9llo \u20ac', 'utf8'),
  Buffer.from('two listeners'),
  Buffer.from('paused'),
  Buffer.from('with a timeout'),
  Buffer.from('throws'),
  Buffer.from('after the throw'),
  Buffer.from('async'),
];
const server = net.createServer((conn) => {
  conn.on('data', (d) => {
    for (const n of String(d).split('\n').filter(Boolean)) conn.write(payloads[Number(n)]);
  });
  conn.on('error', (e) => log(`server: error ${e.code}`));
  conn.on('close', () => {
    log('server: close');
    server.close();
  });
});
const fields = (rs) => ['reading', 'readingMore', 'needReadable', 'dataEmitted', 'sync', 'length', 'flowing', 'awaitDrainWriters']
  .map((k) => `${k}=${rs[k]}`).join(' ');
let step = 0;
let client;
const next = () => setImmediate(() => {
  step++;
  if (step < payloads.length) client.write(`${step}\n`);
});
function watch(label) {
  const rs = client._readableState;
  log(`${label}: in listener ${fields(rs)} bytesRead=${client.bytesRead}`);
  process.nextTick(() => log(`${label}: nextTick ${fields(rs)}`));
  Promise.resolve().then(() => log(`${label}: microtask ${fields(rs)}`));
  setImmediate(() => log(`${label}: immediate ${fields(rs)}`));
}
const steps = [
  (d) => {
    log(`0: ${d.constructor.name} ${JSON.stringify(String(d))} length ${d.length}`);
    watch('0');
    client.setEncoding('latin1');
    next();
  },
  (d) => {
    log(`1: ${typeof d} ${JSON.stringify([...d].map((c) => c.charCodeAt(0)))}`);
    watch('1');
    client.setEncoding('utf8');
    next();
  },
  (d) => {
    log(`2: ${typeof d} ${JSON.stringify(d)}`);
    watch('2');
    client.on('data', function second(d) { log(`3: second listener ${JSON.stringify(d)}`); client.off('data', second); });
    next();
  },
  (d) => {
    log(`3: first listener ${JSON.stringify(d)}`);
    watch('3');
    next();
  },
  (d) => {
    log(`4: ${JSON.stringify(d)}, pausing`);
    client.pause();
    watch('4');
    setImmediate(() => {
      log(`4: isPaused ${client.isPaused()}, resuming`);
      client.resume();
      next();
    });
  },
  (d) => {
    log(`5: ${JSON.stringify(d)}`);
    client.setTimeout(60000);
    watch('5');
    setImmediate(() => {
      client.setTimeout(0);
      next();
    });
  },
  (d) => {
    log(`6: ${JSON.stringify(d)}, throwing`);
    watch('6');
    next();
    throw new Error('thrown from a data listener');
  },
  (d) => {
    log(`7: ${JSON.stringify(d)}`);
    watch('7');
    next();
  },
  async (d) => {
    log(`8: ${JSON.stringify(d)}`);
    throw new Error('rejected in an async data listener');
  },
];
process.on('uncaughtException', (e) => log(`uncaught: ${e.message}`));
server.listen(0, '127.0.0.1', () => {
  client = net.connect({ port: server.address().port, host: '127.0.0.1', captureRejections: true });
  client.on('data', (d) => steps[step](d));
  client.on('error', (e) => log(`client: error ${e.message}, destroyed ${client.destroyed}`));
  client.on('close', (hadError) => log(`client: close ${hadError}`));
  client.on('connect', () => client.write('0\n'));
});
