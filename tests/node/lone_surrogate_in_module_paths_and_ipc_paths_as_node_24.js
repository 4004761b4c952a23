// node tests/node/lone_surrogate_in_module_paths_and_ipc_paths_as_node_24.js > tests/node/lone_surrogate_in_module_paths_and_ipc_paths_as_node_24.out (recorded with Node 24)
// A lone surrogate in a module's path or an IPC path: the file is looked up
// (and the socket made) with U+FFFD for it, as Node's BufferValue writes a
// path; require keeps the request's text in the filename, import's URL has
// %EF%BF%BD. A message with lone surrogates crosses a child's IPC channel.
'use strict';
const fs = require('fs');
const os = require('os');
const net = require('net');
const path = require('path');
const { fork } = require('child_process');

if (process.argv[2] === 'child') {
  process.on('message', (m) => process.send({ back: m }, () => process.disconnect()));
  return;
}
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lone-'));
const show = (s) => JSON.stringify(typeof s === 'string' ? s.split(dir).join('DIR') : s);
fs.writeFileSync(path.join(dir, '\ufffd.js'), 'module.exports = [__filename, module.id];\n');
fs.writeFileSync(path.join(dir, '\ufffd.mjs'), 'export default import.meta.url;\nexport const filename = import.meta.filename;\n');

const [filename, id] = require(path.join(dir, '\ud800.js'));
console.log('require', show(filename), show(id), show(require.resolve(path.join(dir, '\ud800.js'))));
console.log('cache', Object.keys(require.cache).filter((k) => k.startsWith(dir)).map(show));
try { require(path.join(dir, '\udc00x.js')); } catch (e) { console.log('missing', e.code, show(e.message.split('\n')[0])); }

async function main() {
  const m = await import(path.join(dir, '\ud800.mjs'));
  console.log('import', show(m.default), show(m.filename));
  await new Promise((resolve) => {
    const p = path.join(dir, 's\udbff.sock');
    const server = net.createServer((c) => c.end('hello'));
    server.listen(p, () => {
      console.log('listening', show(server.address()), fs.readdirSync(dir).filter((n) => n.endsWith('.sock')).map(show));
      const c = net.connect(p);
      c.setEncoding('utf8');
      c.on('data', (d) => console.log('data', d));
      c.on('close', () => server.close(resolve));
    });
  });
  const child = fork(__filename, ['child']);
  child.on('message', (m) => console.log('ipc', show(m)));
  child.on('exit', (code) => { console.log('exit', code); fs.rmSync(dir, { recursive: true }); });
  child.send({ ['k\udc00']: 'a\ud800b' });
}
main();
