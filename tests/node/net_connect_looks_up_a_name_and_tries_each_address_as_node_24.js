// node tests/node/net_connect_looks_up_a_name_and_tries_each_address_as_node_24.js > tests/node/net_connect_looks_up_a_name_and_tries_each_address_as_node_24.out (recorded with Node 24)
// net.connect to a host name (lib/net.js lookupAndConnect): the name is
// looked up (dns.lookup, or options.lookup with the options Node passes it),
// each answer is emitted as 'lookup', and with autoSelectFamily (Node 24's
// default) every address is tried in turn ('connectionAttempt',
// 'connectionAttemptFailed') until one connects; when all fail the error is
// an AggregateError of the attempts' errors. A lookup's error is the
// socket's error, and no connection is made.
const net = require('net');
const util = require('util');

const log = (s) => console.log(s);
const server = net.createServer((s) => s.end());

function watch(name, socket, port) {
  const p = (s) => String(s).replaceAll(String(port), 'PORT');
  socket.on('lookup', (err, address, family, host) => log(`${name}: lookup ${err ? err.code : 'ok'} ${address} ${family} ${host}`));
  socket.on('connectionAttempt', (address, port_, family) => log(`${name}: attempt ${address} ${p(port_)} ${family}`));
  socket.on('connectionAttemptFailed', (address, port_, family, err) => log(`${name}: attempt failed ${address} ${p(port_)} ${family} ${err.code} ${p(err.message)}`));
  socket.on('connect', () => log(`${name}: connect ${socket.remoteAddress} ${p(util.inspect(socket.autoSelectFamilyAttemptedAddresses))}`));
  socket.on('close', () => log(`${name}: close`));
  return new Promise((resolve) => {
    socket.on('error', (err) => {
      log(`${name}: error ${err.constructor.name} ${err.code} ${JSON.stringify(p(err.message))} ${err.errors ? err.errors.map((e) => e.code).join(',') : ''}`);
    });
    socket.on('close', resolve);
  });
}

server.listen(0, '127.0.0.1', async () => {
  const { port } = server.address();
  log(`defaults ${net.getDefaultAutoSelectFamily()} ${net.getDefaultAutoSelectFamilyAttemptTimeout()}`);
  for (const [f, v] of [['setDefaultAutoSelectFamily', 1], ['setDefaultAutoSelectFamilyAttemptTimeout', 0], ['setDefaultAutoSelectFamilyAttemptTimeout', 'x']]) {
    try { net[f](v); } catch (e) { log(`${f}(${util.inspect(v)}): ${e.code} ${e.message}`); }
  }
  net.setDefaultAutoSelectFamilyAttemptTimeout(5);
  log(`attempt timeout after setting 5: ${net.getDefaultAutoSelectFamilyAttemptTimeout()}`);
  net.setDefaultAutoSelectFamilyAttemptTimeout(250);
  try { net.connect({ port, host: 'x', autoSelectFamily: 'yes' }); } catch (e) { log(`autoSelectFamily 'yes': ${e.code} ${e.message}`); }

  // A lookup of the program's: the options it is given.
  const twoAddresses = (host, opts, cb) => {
    log(`lookup called for ${host} with ${util.inspect(opts)}`);
    if (opts.all) cb(null, [{ address: '127.0.0.2', family: 4 }, { address: '127.0.0.1', family: 4 }]);
    else cb(null, '127.0.0.1', 4);
  };
  await watch('two', net.connect({ port, host: 'two.example', lookup: twoAddresses }), port);
  await watch('one', net.connect({ port, host: 'one.example', lookup: twoAddresses, autoSelectFamily: false }), port);
  await watch('v4', net.connect({ port, host: 'v4.example', lookup: twoAddresses, family: 4 }), port);

  // Every address refused.
  const refused = (host, opts, cb) => cb(null, [{ address: '127.0.0.2', family: 4 }, { address: '127.0.0.3', family: 4 }]);
  await watch('refused', net.connect({ port, host: 'refused.example', lookup: refused }), port);

  // Lookups that fail, or answer what is not an address.
  const failing = (host, opts, cb) => {
    const err = new Error(`getaddrinfo ENOTFOUND ${host}`);
    err.code = 'ENOTFOUND';
    cb(err);
  };
  await watch('failing', net.connect({ port, host: 'failing.example', lookup: failing }), port);
  await watch('failing single', net.connect({ port, host: 'failing.example', lookup: failing, autoSelectFamily: false }), port);
  await watch('bad address', net.connect({ port, host: 'bad.example', lookup: (h, o, cb) => cb(null, 'nope', 4), autoSelectFamily: false }), port);
  await watch('bad family', net.connect({ port, host: 'bad.example', lookup: (h, o, cb) => cb(null, '127.0.0.1', 5), autoSelectFamily: false }), port);

  // An address is not looked up.
  const s = net.connect({ port, host: '127.0.0.1', lookup: () => log('not called') });
  await watch('address', s, port);

  // The system's lookup of localhost.
  const local = net.connect({ port, host: 'localhost' });
  local.on('connect', () => log('localhost: connect'));
  local.on('close', () => {
    log('localhost: close');
    server.close();
  });
});
