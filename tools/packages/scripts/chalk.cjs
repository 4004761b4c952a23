const chalk = require('chalk').default; const { Chalk, supportsColor } = require('chalk');
const c = new Chalk({ level: 3 }); console.log(JSON.stringify(c.red.bold('hi')), JSON.stringify(c.hex('#ff8800')('o')), JSON.stringify(new Chalk({level:1}).bgBlue.underline('u')));
console.log(chalk.level, supportsColor, JSON.stringify(chalk.green('plain?')));
