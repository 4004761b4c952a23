// Recorded with: node tests/node/stdout_write_adds_no_newline.js > tests/node/stdout_write_adds_no_newline.out
// process.stdout.write writes its text as it is; console.log adds the newline.
process.stdout.write('a');
process.stdout.write('b');
process.stdout.write('\n');
process.stdout.write('two\nlines\n');
setTimeout(() => {
  process.stdout.write('timer: ');
  console.log('then a log');
  process.stdout.write('the end, without a newline');
}, 0);
