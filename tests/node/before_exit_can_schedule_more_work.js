// Recorded with: node tests/node/before_exit_can_schedule_more_work.js
// 'beforeExit' fires when the loop has nothing left; work it schedules makes
// the loop alive again, and it fires again when that is done. 'exit' last.
let rounds = 0;
process.on('beforeExit', (code) => {
  rounds += 1;
  console.log('beforeExit ' + rounds + ' code ' + code);
  if (rounds < 3) setTimeout(() => console.log('timer from beforeExit ' + rounds), 10);
});
process.on('exit', (code) => console.log('exit ' + code));
console.log('main');
