// Timeout.prototype.close() cancels a timer like clearTimeout.
const log = (s) => console.log(s);
setImmediate(() => {
  const t = setTimeout(() => log('closed: never printed'), 30);
  log('close returns the timer ' + (t.close() === t));
  setTimeout(() => log('other'), 50);
});
