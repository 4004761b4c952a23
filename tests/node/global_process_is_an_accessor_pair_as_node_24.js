// node tests/node/global_process_is_an_accessor_pair_as_node_24.js > tests/node/global_process_is_an_accessor_pair_as_node_24.out (recorded with Node 24)
// globalThis.process is a getter and setter pair, as Node's
// setupProcessObject (lib/internal/bootstrap/node.js) defines it: assigning
// replaces what the getter returns; Node itself keeps using the process
// object (its 'exit' event still comes).
const describe = (d) => Object.entries(d).map(([k, v]) => `${k}=${typeof v === 'function' ? `function ${v.name}` : String(v)}`).join(' ');
const real = process;
console.log(describe(Object.getOwnPropertyDescriptor(globalThis, 'process')));
console.log(Object.keys(globalThis).includes('process'), 'process' in globalThis, globalThis.process === real);
globalThis.process = 42;
console.log(process, describe(Object.getOwnPropertyDescriptor(globalThis, 'process')));
globalThis.process = real;
real.on('exit', (c) => console.log('exit', c));
setTimeout(() => { globalThis.process = { fake: true }; console.log('replaced', process.fake); }, 1);
setTimeout(() => { console.log('still', typeof real.nextTick); }, 5);
