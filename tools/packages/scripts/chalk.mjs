import chalk, { Chalk, chalkStderr, modifierNames, foregroundColorNames } from 'chalk';
console.log(chalk.level, chalkStderr.level, modifierNames.length, foregroundColorNames.length, JSON.stringify(new Chalk({level:2}).rgb(10,20,30).italic('x')));
