// One fs request at a time: each callback's immediates run before the next
// request can complete.
const fs = require('fs');
const log = (s) => console.log(s);
fs.readFile(__filename, 'utf8', (err, text) => {
  log('read ' + text.startsWith('//'));
  setImmediate(() => log('immediate after read'));
  fs.stat(__filename, (err, st) => {
    log('stat ' + st.isFile());
    setImmediate(() => log('immediate after stat'));
    fs.readFile(__filename, () => log('read again'));
  });
});
