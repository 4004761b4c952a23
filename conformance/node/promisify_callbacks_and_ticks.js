// util.promisify of an fs call resolves after the callback would have run.
const util = require('util');
const fs = require('fs');
const log = (s) => console.log(s);
const stat = util.promisify(fs.stat);
stat(__filename).then((st) => {
  log('promisified stat ' + st.isFile());
  fs.stat(__filename, () => log('plain stat'));
});
process.nextTick(() => log('tick'));
log('sync end');
