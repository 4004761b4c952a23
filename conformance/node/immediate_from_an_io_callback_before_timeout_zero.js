// In an I/O callback, setImmediate always comes before setTimeout(0),
// several times in a row.
const fs = require('fs');
const log = (s) => console.log(s);
let round = 0;
function again() {
  fs.stat(__filename, () => {
    round++;
    setTimeout(() => {
      log('timeout ' + round);
      if (round < 3) again();
    }, 0);
    setImmediate(() => log('immediate ' + round));
  });
}
again();
