const { Command, Option } = require('commander');
const p = new Command(); p.name('tool').version('1.2.3').option('-d, --debug', 'debug').option('-n, --num <n>', 'number', parseFloat, 1).argument('<file>').addOption(new Option('-c, --color <c>').choices(['red','blue']));
p.exitOverride(); p.configureOutput({ writeOut: s => console.log('OUT', s), writeErr: s => console.log('ERR', s) });
p.parse(['node', 'tool', '-d', '-n', '3.5', 'x.txt']); console.log(p.opts(), p.args);
console.log(p.helpInformation());
try { new Command().exitOverride().configureOutput({ writeErr: s => console.log('ERR', s) }).option('-c <v>').addOption(new Option('-x <x>').choices(['a'])).parse(['node', 't', '-x', 'b']) } catch (e) { console.log(e.code, e.exitCode, e.message) }
