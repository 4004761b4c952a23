// A failing fs call reports through its callback, never synchronously.
const fs = require('fs');
const log = (s) => console.log(s);
fs.readFile(__dirname + '/no-such-file.txt', (err, data) => {
  log('readFile error ' + err.code + ' data ' + data);
  process.nextTick(() => log('tick from callback'));
  Promise.resolve().then(() => log('promise from callback'));
});
process.nextTick(() => log('tick'));
Promise.resolve().then(() => log('promise'));
log('sync end');
