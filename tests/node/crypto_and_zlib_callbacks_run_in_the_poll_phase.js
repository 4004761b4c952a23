// Recorded with: node tests/node/crypto_and_zlib_callbacks_run_in_the_poll_phase.js > tests/node/crypto_and_zlib_callbacks_run_in_the_poll_phase.out
// The callback forms of crypto and zlib are thread-pool requests: each
// callback runs in the poll phase, so an immediate it queues runs before a
// zero timeout it sets, and nextTicks and promise reactions run right after it.
// (Each step starts the next from its timeout, so the order does not depend on
// how long the pool takes.)
const crypto = require('crypto');
const zlib = require('zlib');
const log = (s) => console.log(s);
function phaseProbe(name, next) {
  log(`${name} callback`);
  setTimeout(() => { log(`${name}: timeout 0`); if (next) next(); }, 0);
  setImmediate(() => log(`${name}: immediate`));
  process.nextTick(() => log(`${name}: nextTick`));
  Promise.resolve().then(() => log(`${name}: promise`));
}
crypto.pbkdf2('password', 'salt', 1000, 32, 'sha256', (err, key) => {
  phaseProbe(`pbkdf2 ${err} ${key.toString('hex').slice(0, 16)}`, () => {
    zlib.gzip('hello, loop', (err, gz) => {
      phaseProbe(`gzip ${err} ${gz.length > 10}`, () => {
        zlib.gunzip(gz, (err, out) => {
          phaseProbe(`gunzip ${err} ${out}`, () => {
            crypto.scrypt('pw', 'salt', 16, { N: 1024 }, (err, key) => {
              phaseProbe(`scrypt ${err} ${key.toString('hex')}`, () => {
                crypto.randomBytes(8, (err, buf) => {
                  phaseProbe(`randomBytes ${err} ${buf.length}`, () => {
                    zlib.inflate(Buffer.from('not zlib data'), (err) => {
                      log(`inflate error: ${err.code} ${err.errno} ${err.message}`);
                      crypto.hkdf('sha256', 'key', 'salt', 'info', 16, (err, ab) => {
                        phaseProbe(`hkdf ${err} ${Buffer.from(ab).toString('hex')}`);
                      });
                    });
                  });
                });
              });
            });
          });
        });
      });
    });
  });
});
log('main done');
