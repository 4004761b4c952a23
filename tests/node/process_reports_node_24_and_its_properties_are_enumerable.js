// node tests/node/process_reports_node_24_and_its_properties_are_enumerable.js
// process.version, process.versions.node and process.release are Node 24's,
// so that a package's version check (semver on process.version, a
// `versions.node` major) takes its Node 24 path; process's own properties
// are enumerable, in Node's order (lib/internal/bootstrap/node.js).
'use strict';
const major = (v) => Number(/^v?(\d+)\.\d+\.\d+$/.exec(v)[1]);
console.log(`version: major ${major(process.version)}, semver ${/^v\d+\.\d+\.\d+$/.test(process.version)}`);
console.log(`versions.node: major ${major(process.versions.node)}, matches version ${process.versions.node === process.version.slice(1)}`);
console.log(`release: ${process.release.name} ${process.release.lts} ${Object.keys(process.release).join(',')}`);
console.log(`release urls: ${process.release.sourceUrl.endsWith(`/${process.version}/node-${process.version}.tar.gz`)} ${process.release.headersUrl.endsWith(`-headers.tar.gz`)}`);
const names = ['version', 'versions', 'arch', 'platform', 'release', '_events', 'domain', '_exiting', 'exitCode', 'config',
  'uptime', 'memoryUsage', 'kill', 'exit', 'hrtime', 'getuid', 'features', 'emitWarning', 'nextTick', 'stdout', 'stdin',
  'stderr', 'umask', 'chdir', 'cwd', 'env', 'title', 'argv', 'execArgv', 'pid', 'ppid', 'execPath', 'argv0'];
for (const name of names) {
  if (!Object.prototype.propertyIsEnumerable.call(process, name)) console.log(`${name} is not enumerable`);
}
const keys = Object.keys(process);
console.log(`in Object.keys, in Node's order: ${keys.filter((k) => names.includes(k) && k !== 'features' && k !== 'exitCode').join(' ')}`);
let inForIn = false;
for (const k in process) if (k === 'nextTick') inForIn = true;
console.log(`nextTick: ${keys.includes('nextTick')} ${inForIn}`);
console.log(`toStringTag enumerable: ${Object.prototype.propertyIsEnumerable.call(process, Symbol.toStringTag)}`);
