// Recorded with: node tests/node/dns_lookup_runs_on_the_thread_pool.js > tests/node/dns_lookup_runs_on_the_thread_pool.out
// dns.lookup is getaddrinfo on the thread pool: its callback comes in a poll
// phase (an immediate it queues runs before a zero timeout it sets); an IP
// address is answered on the next tick; errors are getaddrinfo's.
const dns = require('dns');
const log = (s) => console.log(s);
function probe(name, next) {
  setTimeout(() => { log(`${name}: timeout 0`); if (next) next(); }, 0);
  setImmediate(() => log(`${name}: immediate`));
  process.nextTick(() => log(`${name}: nextTick`));
}
dns.lookup('127.0.0.1', (err, address, family) => log(`ip literal: ${err} ${address} ${family}`));
process.nextTick(() => log('main nextTick'));
dns.lookup('localhost', { family: 4 }, (err, address, family) => {
  log(`localhost: ${err} ${address} ${family}`);
  probe('localhost', () => {
    dns.lookup('localhost', { family: 4, all: true }, (err, list) => {
      log(`all: ${err} ${JSON.stringify(list)}`);
      probe('all', () => {
        dns.lookup('no-such-host.invalid', (err) => {
          log(`missing: ${err.name} ${err.code} ${err.errno} ${err.syscall} ${err.hostname} ${err.message}`);
          dns.promises.lookup('localhost', { family: 4 }).then((r) => {
            log(`promises: ${JSON.stringify(r)}`);
            for (const bad of [() => dns.lookup(5, () => {}), () => dns.lookup('x', { family: 5 }, () => {}), () => dns.lookup('x', { all: 1 }, () => {})]) {
              try { bad(); } catch (e) { log(`${e.name} ${e.code}: ${e.message}`); }
            }
          });
        });
      });
    });
  });
});
log('main done');
