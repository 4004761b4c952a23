// Recorded with: node tests/node/timer_lists_cleared_and_made_again_take_a_new_place_as_node_24.js
// Node keeps one list of timers per duration (lib/internal/timers.js) and
// deletes it when clearTimeout empties it; a timer of that duration started
// after makes a new list, with a new id, which orders it after lists of the
// same expiry made in between; a list emptied and made again while its own
// timers run is another list (the old one stops). `_idleStart` is the loop
// time a timer started at.
// jsloop-test: virtual-only (under the real clock a loaded machine can pause
// the script between two setTimeout calls past a millisecond, which changes
// which lists expire together, as it can in Node)
const log = [];
const a = setTimeout(() => log.push('A (cleared)'), 2); // list 2
setTimeout(() => { log.push('K 3'); }, 3); // list 3, made after list 2
setTimeout(() => {
  log.push('step 1');
  clearTimeout(a); // list 2 is empty: deleted
  setTimeout(() => log.push('L 2, after K'), 2); // a new list 2, due with list 3 or after
}, 1);
setTimeout(() => {
  log.push('X 5');
  clearTimeout(setTimeout(() => log.push('Z (cleared)'), 5)); // list 5 emptied while it runs
  setTimeout(() => log.push('W 5, after Y 10'), 5); // a new list 5
}, 5);
setTimeout(() => log.push('Y 10'), 10); // list 10: due with the new list 5
setTimeout(() => {
  // A cleared timer's list is made again for the next one, from the loop's time.
  const first = setTimeout(() => {}, 1);
  clearTimeout(first);
  const second = setTimeout(() => log.push('second'), 1);
  log.push(`started: ${second._idleStart >= first._idleStart}`);
  log.push(`cleared: ${first._idleTimeout} ${first._onTimeout} ${first._destroyed}`);
  for (let i = 0; i < 1000; i++) clearTimeout(setTimeout(() => log.push('never'), 1));
  setTimeout(() => {
    log.push('last');
    console.log(log.join('\n'));
  }, 2);
}, 20);
