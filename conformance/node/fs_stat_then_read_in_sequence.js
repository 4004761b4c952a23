// Sequential fs callbacks: each request starts in the previous one's callback.
const fs = require('fs');
const log = (s) => console.log(s);
fs.stat(__filename, (err, st) => {
  log('stat ' + (err === null) + ' file ' + st.isFile());
  fs.readFile(__filename, 'utf8', (err2, text) => {
    log('read ' + (err2 === null) + ' starts with comment ' + text.startsWith('//'));
    fs.readdir(__dirname, (err3, names) => {
      log('readdir has this file ' + names.includes(require('path').basename(__filename)));
    });
  });
});
log('sync end');
