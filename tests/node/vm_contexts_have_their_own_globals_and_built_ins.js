// Recorded with: node tests/node/vm_contexts_have_their_own_globals_and_built_ins.js > tests/node/vm_contexts_have_their_own_globals_and_built_ins.out
// node:vm: a context has its own global object and built-ins (an array made
// in one is not an instance of this realm's Array); what a run defines or
// changes shows on the contextified object; scripts compile once and run
// in several contexts; errors keep their class.
const vm = require('vm');
const sandbox = { x: 2, log: [] };
vm.createContext(sandbox);
console.log(vm.isContext(sandbox), vm.isContext({}));
console.log(vm.runInContext('x * 21', sandbox));
vm.runInContext('var y = x + 1; z = "set"; log.push(typeof require, typeof globalThis.x); x = 10', sandbox);
console.log(sandbox);
const arr = vm.runInNewContext('[1, 2, 3]');
console.log(arr instanceof Array, Array.isArray(arr), arr);
console.log(vm.runInNewContext('a + b', { a: 1, b: 2 }));
console.log(vm.runInThisContext('typeof require + " " + typeof globalThis.process'));
const s = new vm.Script('count += 1; name', { filename: 'my.js' });
const c1 = vm.createContext({ count: 0, name: 'one' });
s.runInContext(c1); s.runInContext(c1);
console.log(c1.count, s.runInNewContext({ count: 5, name: 'two' }));
try { new vm.Script('var = 1', { filename: 'bad.js' }); } catch (e) { console.log(e.name, e instanceof SyntaxError); }
try { vm.runInNewContext('throw new TypeError("inside")'); } catch (e) { console.log(e.name, e.message, e instanceof TypeError); }
try { vm.runInContext('1', {}); } catch (e) { console.log(e.code); }
const f = vm.compileFunction('return a + b', ['a', 'b']);
console.log(f(2, 3));
console.log(vm.runInNewContext('this') === vm.runInNewContext('this'));
const sb = {}; console.log(vm.runInNewContext('this', sb) === sb);
