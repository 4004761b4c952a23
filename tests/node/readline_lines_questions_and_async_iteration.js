// Recorded with: node tests/node/readline_lines_questions_and_async_iteration.js > tests/node/readline_lines_questions_and_async_iteration.out
// readline reads lines (\n, \r\n, \r, and the last one without an end of
// line) from a stream, answers questions with the next line, iterates its
// lines asynchronously, and closes when the input ends.
const readline = require('readline');
const { PassThrough } = require('stream');
const util = require('util');
const log = (s) => console.log(s);

const input = new PassThrough();
const rl = readline.createInterface({ input, crlfDelay: Infinity });
rl.on('line', (line) => log('line ' + JSON.stringify(line)));
rl.on('close', () => log('close'));
input.write('one\ntwo\r\nthree\rfour');
input.write('\nfi');
input.end('ve');
log('written');

const input2 = new PassThrough();
const output2 = new PassThrough();
output2.setEncoding('utf8');
output2.on('data', (d) => log('output ' + JSON.stringify(d)));
const rl2 = readline.createInterface({ input: input2, output: output2 });
const question = util.promisify(rl2.question).bind(rl2);
console.log(util.promisify(rl2.question).name);
question('name? ').then((answer) => {
  log('answer ' + answer);
  rl2.close();
});
setImmediate(() => input2.write('jsloop\n'));

const input3 = new PassThrough();
(async () => {
  const rl3 = readline.createInterface({ input: input3 });
  const seen = [];
  for await (const line of rl3) seen.push(line);
  log('iterated ' + JSON.stringify(seen));
})();
input3.end('a\nb\n\nc');

const rlp = require('readline/promises');
const input4 = new PassThrough();
const rl4 = rlp.createInterface({ input: input4, output: new PassThrough() });
rl4.question('? ').then((a) => {
  log('promises answer ' + a);
  rl4.close();
});
input4.write('yes\n');
