// node tests/node/process_cpu_usage_builtin_modules_and_ref.js
// process.cpuUsage, threadCpuUsage and resourceUsage (getrusage), with
// Node's argument errors; process.getBuiltinModule; process.ref/unref
// (lib/internal/process/per_thread.js, lib/internal/bootstrap/node.js).
'use strict';
const shape = (o) => Object.entries(o).map(([k, v]) => `${k}:${typeof v}${typeof v === 'number' && v >= 0 && Number.isFinite(v) ? '' : '!'}`).join(' ');
const u = process.cpuUsage();
console.log(`cpuUsage ${shape(u)}`);
const d = process.cpuUsage(u);
console.log(`since ${shape(d)}`);
console.log(`threadCpuUsage ${shape(process.threadCpuUsage())}`);
console.log(`resourceUsage ${shape(process.resourceUsage())}`);
for (const bad of [1, { user: -1, system: 0 }, { user: 0, system: 'x' }, { user: 'x' }, [1], { user: 0, system: 2 ** 53 }]) {
  try {
    process.cpuUsage(bad);
    console.log('no error');
  } catch (e) {
    console.log(`${e.name} ${e.code}: ${e.message}`);
  }
}
const fs = process.getBuiltinModule('fs');
console.log(`getBuiltinModule fs: ${fs === require('fs')}, node:path: ${process.getBuiltinModule('node:path') === require('path')}`);
console.log(`node:test: ${typeof process.getBuiltinModule('node:test')}, test: ${process.getBuiltinModule('test')}, nope: ${process.getBuiltinModule('nope')}`);
console.log(`stream/promises: ${process.getBuiltinModule('stream/promises') === require('stream/promises')}`);
try {
  process.getBuiltinModule(1);
} catch (e) {
  console.log(`${e.name} ${e.code}: ${e.message}`);
}
// ref/unref call the object's nodejs.ref/nodejs.unref (or ref/unref).
const t = setTimeout(() => console.log('timer kept the process alive'), 10);
process.unref(t);
console.log(`unref'd: ${t.hasRef()}`);
process.ref(t);
console.log(`ref'd: ${t.hasRef()}`);
process.ref({ [Symbol.for('nodejs.ref')]() { console.log('nodejs.ref called'); } });
process.unref(null);
process.unref({ unref() { console.log('unref called'); } });
