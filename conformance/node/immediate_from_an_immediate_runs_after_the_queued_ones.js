// An immediate queued while the check phase runs waits for the next loop
// turn: every immediate queued before it runs first.
const log = (s) => console.log(s);
setImmediate(() => {
  log('imm 1');
  setImmediate(() => log('imm 1 -> nested'));
  Promise.resolve().then(() => log('promise from imm 1'));
});
setImmediate(() => {
  log('imm 2');
  setImmediate(() => log('imm 2 -> nested'));
});
setImmediate(() => log('imm 3'));
