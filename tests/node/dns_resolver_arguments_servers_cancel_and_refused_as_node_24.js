// Recorded with Node 24: node tests/node/dns_resolver_arguments_servers_cancel_and_refused_as_node_24.js
// dns.Resolver's argument errors, setServers/getServers forms, reverse of a
// non-address (EINVAL), cancel() (ECANCELLED, called back in the check
// phase), and a query to a closed port on 127.0.0.1 (ECONNREFUSED).
const dns = require('dns');
const dgram = require('dgram');
const log = (...a) => console.log(...a);
const show = (f) => { try { const r = f(); log('ok', JSON.stringify(r)); } catch (e) { log(e.name, e.code, e.message); } };
const r = new dns.Resolver();
show(() => new dns.Resolver({ timeout: 'x' }));
show(() => new dns.Resolver({ tries: 0 }));
show(() => r.setServers('1.2.3.4'));
show(() => r.setServers(['not an ip']));
show(() => r.setServers([1]));
show(() => { r.setServers(['1.2.3.4', '5.6.7.8:5353', '::1', '[::1]:5353', '[fe80::1]']); return r.getServers(); });
show(() => r.resolve4(1, () => {}));
show(() => r.resolve4('x.test'));
show(() => r.resolve('x.test', 'BOGUS', () => {}));
show(() => r.resolve('x.test', 5, () => {}));
show(() => r.reverse('1.2.3', () => {}));
show(() => dns.promises.resolve4(5));
show(() => typeof dns.promises.Resolver.prototype.resolveSrv);
show(() => typeof require('dns/promises').resolveTxt);
// A port nobody listens on: bind one, note it, close it.
const probe = dgram.createSocket('udp4');
probe.bind(0, '127.0.0.1', () => {
  const port = probe.address().port;
  probe.close(() => {
    const refused = new dns.Resolver({ tries: 1, timeout: 1000 });
    refused.setServers([`127.0.0.1:${port}`]);
    refused.resolve4('refused.test', (err) => {
      log(`refused: ${err.code} ${err.syscall} ${err.hostname}`);
      const cancelled = new dns.Resolver({ timeout: 5000 });
      cancelled.setServers([`127.0.0.1:${port}`]);
      cancelled.resolveTxt('cancel.test', (e) => log(`cancelled: ${e.code} ${e.syscall} ${e.message}`));
      setImmediate(() => log('immediate set before cancel'));
      cancelled.cancel();
      process.nextTick(() => log('tick after cancel'));
    });
  });
});
