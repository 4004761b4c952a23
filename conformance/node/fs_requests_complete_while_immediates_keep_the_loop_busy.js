// Immediates that wait for file system work, each queueing the next until
// the work is done: every poll phase runs the thread-pool requests that
// completed, so the work finishes while the immediates keep coming (Node's
// poll phase never waits here, but still takes what the pool finished).
// readFile is four requests, so at least four turns of immediates run.
const fs = require('fs');
const log = (s) => console.log(s);
let readDone = false;
fs.readFile(__filename, () => {
  readDone = true;
  log('readFile');
});
let turns = 0;
(function spin() {
  turns++;
  if (!readDone) setImmediate(spin);
  else log('immediates stopped, at least four turns: ' + (turns >= 4));
})();
