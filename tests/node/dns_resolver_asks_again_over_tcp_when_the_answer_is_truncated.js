// Recorded with Node 24: node tests/node/dns_resolver_asks_again_over_tcp_when_the_answer_is_truncated.js
// A UDP answer with the TC bit set: c-ares asks the same server again over
// TCP (two length bytes before each message). The DNS server here answers
// on UDP with TC and no records, and on TCP (net, the same port) with the
// records; the resolver's callback comes after the TCP answer is read.
const dgram = require('dgram');
const net = require('net');
const dns = require('dns');
const log = (...a) => console.log(...a);

function question(msg) {
  let at = 12;
  const labels = [];
  while (msg[at] !== 0) {
    labels.push(msg.toString('latin1', at + 1, at + 1 + msg[at]));
    at += msg[at] + 1;
  }
  return { name: labels.join('.'), end: at + 5 };
}
function answer(msg, truncated) {
  const { name, end } = question(msg);
  const header = Buffer.from([msg[0], msg[1], 0x81 | (truncated ? 0x02 : 0), 0x80, 0, 1, 0, truncated ? 0 : 2, 0, 0, 0, 0]);
  const q = msg.subarray(12, end);
  if (truncated) return [name, Buffer.concat([header, q])];
  const rr = (ip) => Buffer.concat([Buffer.from([0xc0, 12, 0, 1, 0, 1, 0, 0, 1, 44, 0, 4]), Buffer.from(ip)]);
  return [name, Buffer.concat([header, q, rr([192, 0, 2, 1]), rr([192, 0, 2, 2])])];
}

const udp = dgram.createSocket('udp4');
udp.on('message', (msg, rinfo) => {
  const [name, reply] = answer(msg, true);
  log(`udp: query for ${name}, answered truncated`);
  udp.send(reply, rinfo.port, rinfo.address);
});
const tcp = net.createServer((conn) => {
  log('tcp: connection');
  let got = Buffer.alloc(0);
  conn.on('data', (chunk) => {
    got = Buffer.concat([got, chunk]);
    if (got.length < 2 || got.length < 2 + got.readUInt16BE(0)) return;
    const [name, reply] = answer(got.subarray(2), false);
    log(`tcp: query for ${name}, answered with 2 records`);
    const len = Buffer.alloc(2);
    len.writeUInt16BE(reply.length);
    conn.end(Buffer.concat([len, reply]));
  });
  conn.on('close', () => log('tcp: connection closed'));
});
udp.bind(0, '127.0.0.1', () => {
  const port = udp.address().port;
  tcp.listen(port, '127.0.0.1', () => {
    const resolver = new dns.Resolver();
    resolver.setServers([`127.0.0.1:${port}`]);
    resolver.resolve4('big.example.test', (err, addresses) => {
      log(`resolve4: ${err ? err.code : JSON.stringify(addresses)}`);
      setImmediate(() => {
        udp.close();
        tcp.close(() => log('tcp server closed'));
      });
    });
  });
});
