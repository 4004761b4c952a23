// node tests/node/fs_names_that_are_not_utf8_keep_their_bytes_as_node_24.js > tests/node/fs_names_that_are_not_utf8_keep_their_bytes_as_node_24.out (recorded with Node 24)
// A file name that is not UTF-8 (here the UCS-2 bytes of an emoji) is read
// back by readdir in the encoding asked for from its own bytes ('ucs2',
// 'latin1', 'hex', 'buffer'), and as UTF-8 with replacement characters by
// default (Node's StringBytes::Encode of the name's bytes).
const fs = require('fs');
const os = require('os');
const path = require('path');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jsloop-names-'));
// (Made by the shell: the bytes 3d d8 04 dc, the UCS-2 of U+1F404.)
require('child_process').execFileSync('sh', ['-c', 'cd "$1" && touch "$(printf \'\\075\\330\\004\\334\')"', 'sh', dir]);
for (const encoding of ['ucs2', 'latin1', 'hex', 'buffer', 'utf8', undefined]) {
  const list = fs.readdirSync(dir, encoding);
  console.log(String(encoding), JSON.stringify(list[0]), list[0] === '\uD83D\uDC04');
}
fs.readdir(dir, { encoding: 'ucs2', withFileTypes: true }, (err, entries) => {
  console.log('dirent', err, JSON.stringify(entries[0].name), entries[0].isFile());
  fs.promises.readdir(dir, 'base64').then((list) => {
    console.log('promises base64', list);
    fs.rmSync(dir, { recursive: true });
  });
});
