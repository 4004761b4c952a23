import { program } from 'commander';
program.option('--foo <v>').command('run <what>').action((what, opts) => console.log('run', what, opts));
await program.parseAsync(['node', 'x', '--foo', 'bar', 'run', 'fast']); console.log(program.opts());
