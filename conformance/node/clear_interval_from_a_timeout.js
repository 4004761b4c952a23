// A 50 ms interval cleared by a 175 ms timeout runs three times.
const log = (s) => console.log(s);
setImmediate(() => {
  let n = 0;
  const iv = setInterval(() => log('interval ' + ++n), 50);
  setTimeout(() => { log('clear at 175'); clearInterval(iv); }, 175);
});
