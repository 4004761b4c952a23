// timeout.refresh() inside the timeout's own callback puts it back in its
// list: it is not destroyed when the callback returns, and fires again
// (Node's test-timers-refresh-in-callback).
let runs = 0;
const t = setTimeout(function () {
  runs++;
  console.log('timeout run ' + runs + ', hasRef ' + t.hasRef());
  if (runs === 1) {
    t.refresh();
    setImmediate(() => console.log('immediate after the first run'));
  }
}, 20);
process.on('exit', () => console.log('exit after ' + runs + ' runs'));
