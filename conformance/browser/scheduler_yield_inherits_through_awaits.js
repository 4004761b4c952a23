// scheduler.yield() in a postTask callback inherits the task's priority,
// after an await within the same task too, and after an earlier yield; a
// yield in a later timer callback inherits nothing (a user-visible
// continuation).
const log = [];
scheduler.postTask(async () => {
  log.push('background task');
  await Promise.resolve();
  scheduler.postTask(() => log.push('user-visible task 1'));
  await scheduler.yield();
  log.push('after the first yield (a background continuation)');
  scheduler.postTask(() => log.push('user-visible task 2'));
  await scheduler.yield();
  log.push('after the second yield (a background continuation)');
  setTimeout(() => {
    scheduler.postTask(() => log.push('user-visible task 3'));
    scheduler.yield().then(() => log.push('yield in a timer callback (user-visible continuation)'));
  }, 0);
}, { priority: 'background' });
setTimeout(() => {
  for (const line of log) console.log(line);
  console.log('__done__');
}, 100);
