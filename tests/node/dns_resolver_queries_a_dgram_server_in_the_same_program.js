// Recorded with Node 24: node tests/node/dns_resolver_queries_a_dgram_server_in_the_same_program.js
// dns.Resolver pointed (setServers) at a tiny DNS server written with dgram
// in the same program on 127.0.0.1: A (with and without ttl), AAAA, MX, TXT,
// SRV, CNAME, NS, PTR (reverse), SOA, CAA, NAPTR, TLSA and ANY answers; NXDOMAIN as
// ENOTFOUND, an empty answer as ENODATA, SERVFAIL as ESERVFAIL; a server
// that never answers as ETIMEOUT; dns.promises' Resolver; each callback
// after the server's 'message' (poll phase), before the turn's immediates.
const dgram = require('dgram');
const dns = require('dns');
const log = (...a) => console.log(...a);

// DNS messages (RFC 1035 §4): just what the server needs.
function readName(buf, at) {
  const labels = [];
  for (;;) {
    const len = buf[at++];
    if (len === 0) break;
    labels.push(buf.toString('latin1', at, at + len));
    at += len;
  }
  return [labels.join('.'), at];
}
function name(n) {
  const parts = n.split('.').filter(Boolean).map((l) => Buffer.concat([Buffer.from([l.length]), Buffer.from(l)]));
  return Buffer.concat([...parts, Buffer.from([0])]);
}
const u16 = (n) => Buffer.from([n >> 8, n & 255]);
const u32 = (n) => Buffer.from([n >>> 24, (n >> 16) & 255, (n >> 8) & 255, n & 255]);
const TYPES = { A: 1, NS: 2, CNAME: 5, SOA: 6, PTR: 12, MX: 15, TXT: 16, AAAA: 28, SRV: 33, NAPTR: 35, TLSA: 52, ANY: 255, CAA: 257 };
const str = (t) => Buffer.concat([Buffer.from([t.length]), Buffer.from(t)]);
function rdata(type, v) {
  switch (type) {
    case 'A': return Buffer.from(v.split('.').map(Number));
    case 'AAAA': return Buffer.from(v.split(':').flatMap((g) => [parseInt(g, 16) >> 8, parseInt(g, 16) & 255]));
    case 'MX': return Buffer.concat([u16(v.priority), name(v.exchange)]);
    case 'TXT': return Buffer.concat(v.map((s) => Buffer.concat([Buffer.from([s.length]), Buffer.from(s)])));
    case 'SRV': return Buffer.concat([u16(v.priority), u16(v.weight), u16(v.port), name(v.target)]);
    case 'CNAME': case 'NS': case 'PTR': return name(v);
    case 'SOA': return Buffer.concat([name(v.ns), name(v.mbox), u32(v.serial), u32(v.refresh), u32(v.retry), u32(v.expire), u32(v.minttl)]);
    case 'NAPTR': return Buffer.concat([u16(v.order), u16(v.preference), str(v.flags), str(v.service), str(v.regexp), name(v.replacement)]);
    case 'TLSA': return Buffer.concat([Buffer.from([v.usage, v.selector, v.match]), Buffer.from(v.data, 'hex')]);
    case 'CAA': return Buffer.concat([Buffer.from([v.flags, v.tag.length]), Buffer.from(v.tag), Buffer.from(v.value)]);
  }
}
const zone = {
  'example.test': [['A', '10.0.0.1', 300], ['A', '10.0.0.2', 60], ['AAAA', '2001:db8:0:0:0:0:0:1', 120],
    ['MX', { priority: 10, exchange: 'mail.example.test' }, 300], ['MX', { priority: 20, exchange: 'backup.example.test' }, 300],
    ['TXT', ['v=spf1 -all'], 300], ['TXT', ['chunk one', 'chunk two'], 300],
    ['NS', 'ns1.example.test', 300],
    ['SOA', { ns: 'ns1.example.test', mbox: 'admin.example.test', serial: 2024010101, refresh: 3600, retry: 600, expire: 86400, minttl: 60 }, 300],
    ['CAA', { flags: 0, tag: 'issue', value: 'ca.example' }, 300]],
  '_sip._udp.example.test': [['SRV', { priority: 1, weight: 5, port: 5060, target: 'sip.example.test' }, 300]],
  'www.example.test': [['CNAME', 'example.test', 300]],
  '1.0.0.10.in-addr.arpa': [['PTR', 'host.example.test', 300]],
  'empty.example.test': [],
  'naptr.example.test': [['NAPTR', { order: 100, preference: 10, flags: 'S', service: 'SIP+D2U', regexp: '', replacement: '_sip._udp.example.test' }, 300]],
  '_443._tcp.example.test': [['TLSA', { usage: 3, selector: 1, match: 1, data: 'a1b2c3d4' }, 300]],
  'broken.example.test': 'SERVFAIL',
};
const server = dgram.createSocket('udp4');
server.on('message', (msg, rinfo) => {
  const id = msg.readUInt16BE(0);
  const [qname, at] = readName(msg, 12);
  const qtype = msg.readUInt16BE(at);
  const typeName = Object.keys(TYPES).find((k) => TYPES[k] === qtype);
  log(`server: query ${typeName} ${qname}`);
  setImmediate(() => log(`immediate after the server got ${typeName} ${qname}`));
  const entry = zone[qname];
  const rcode = entry === undefined ? 3 : entry === 'SERVFAIL' ? 2 : 0;
  const answers = Array.isArray(entry) ? entry.filter(([t]) => typeName === 'ANY' || t === typeName) : [];
  const question = msg.subarray(12, at + 4);
  const header = Buffer.concat([u16(id), u16(0x8180 | rcode), u16(1), u16(answers.length), u16(0), u16(0)]);
  const rrs = answers.map(([t, v, ttl]) => {
    const d = rdata(t, v);
    return Buffer.concat([name(qname), u16(TYPES[t]), u16(1), u32(ttl), u16(d.length), d]);
  });
  server.send(Buffer.concat([header, question, ...rrs]), rinfo.port, rinfo.address);
});

const silent = dgram.createSocket('udp4');
server.bind(0, '127.0.0.1', () => silent.bind(0, '127.0.0.1', run));

function run() {
  const resolver = new dns.Resolver();
  resolver.setServers([`127.0.0.1:${server.address().port}`]);
  log(`servers: ${resolver.getServers()[0] === `127.0.0.1:${server.address().port}`}`);
  const steps = [
    (next) => resolver.resolve4('example.test', next),
    (next) => resolver.resolve4('example.test', { ttl: true }, next),
    (next) => resolver.resolve6('example.test', next),
    (next) => resolver.resolveMx('example.test', next),
    (next) => resolver.resolveTxt('example.test', next),
    (next) => resolver.resolveSrv('_sip._udp.example.test', next),
    (next) => resolver.resolveCname('www.example.test', next),
    (next) => resolver.resolveNs('example.test', next),
    (next) => resolver.resolveSoa('example.test', next),
    (next) => resolver.resolveCaa('example.test', next),
    (next) => resolver.resolve('example.test', 'MX', next),
    (next) => resolver.reverse('10.0.0.1', next),
    (next) => resolver.resolveAny('example.test', next),
    (next) => resolver.resolve4('missing.example.test', next),
    (next) => resolver.resolve4('empty.example.test', next),
    (next) => resolver.resolveTxt('broken.example.test', next),
    (next) => resolver.resolveNaptr('naptr.example.test', next),
    (next) => resolver.resolveTlsa('_443._tcp.example.test', (err, records) => next(err, records && records.map((r) => ({ ...r, data: Buffer.from(r.data).toString('hex'), isArrayBuffer: r.data instanceof ArrayBuffer })))),
  ];
  let i = 0;
  const next = (err, result) => {
    if (err) log(`error: ${err.code} ${err.syscall} ${err.hostname} ${err.message} errno=${err.errno}`);
    else log(`result: ${JSON.stringify(result)}`);
    Promise.resolve().then(() => log('promise after the callback'));
    if (i < steps.length) steps[i++](next);
    else promises();
  };
  steps[i++](next);
}

async function promises() {
  const resolver = new dns.promises.Resolver();
  resolver.setServers([`127.0.0.1:${server.address().port}`]);
  log(`promises A: ${JSON.stringify(await resolver.resolve4('example.test'))}`);
  log(`promises SRV: ${JSON.stringify(await resolver.resolve('_sip._udp.example.test', 'SRV'))}`);
  try {
    await resolver.resolveMx('missing.example.test');
  } catch (e) {
    log(`promises error: ${e.code} ${e.syscall} ${e.hostname}`);
  }
  // A server that never answers: one try of 50 ms.
  const quiet = new dns.promises.Resolver({ timeout: 50, tries: 1 });
  quiet.setServers([`127.0.0.1:${silent.address().port}`]);
  try {
    await quiet.resolve4('example.test');
  } catch (e) {
    log(`timeout: ${e.code} ${e.syscall} ${e.hostname}`);
  }
  server.close();
  silent.close();
}
