// Found by conformance/fuzz.mjs (seed 20169, shrunk). libuv's async pass
// visits the async handles that existed when it began: a MessagePort made
// in an fs callback (run by the thread pool's handle, first in that pass)
// gets its first message in the next poll phase, after the check phase's
// immediate; the ports' replies then bounce within each later pass.
const fs = require('fs');
const tp = require('timers/promises');
const log = (s) => console.log(s);
fs.readFile(__filename, () => {
  const c = new MessageChannel();
  const on = (me, other) => (v) => {
    log('message ' + v + ' at ' + me);
    if (v < 5) c[me].postMessage(v + 1); // to the other port
    else c[me].close();
  };
  c.port1.on('message', on('port1', 'port2'));
  c.port2.on('message', on('port2', 'port1'));
  c.port2.postMessage(0);
  tp.setImmediate().then(() => log('immediate'));
});
