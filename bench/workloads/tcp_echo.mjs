// tcp_echo: N small messages, each sent by a client and echoed back by a
// server in the same process over 127.0.0.1; the next message is sent when the
// whole echo of the previous one has arrived (a ping-pong, so every message is
// a real round trip through the loop's poller).
import net from 'node:net';
const N = Math.round(100_000 * (globalThis.BENCH_SCALE ?? 1));
const SIZE = 32;
const message = (i) => String(i).padStart(SIZE - 1, '.') + '\n';
const server = net.createServer((socket) => {
  socket.on('data', (chunk) => socket.write(chunk));
  socket.on('error', (err) => { throw err; });
});
server.listen(0, '127.0.0.1', () => {
  const client = net.connect(server.address().port, '127.0.0.1');
  let sent = 0, got = '', echoed = 0, bad = 0;
  client.setEncoding('latin1');
  client.on('connect', () => client.write(message(sent++)));
  client.on('data', (text) => {
    got += text;
    if (got.length < SIZE) return;
    if (got !== message(echoed)) bad++;
    got = '';
    if (++echoed < N) client.write(message(sent++));
    else {
      console.log(`tcp_echo ${echoed} bytes=${echoed * SIZE} bad=${bad}`);
      client.end();
      server.close();
    }
  });
  client.on('end', () => client.destroy());
  client.on('error', (err) => { throw err; });
});
