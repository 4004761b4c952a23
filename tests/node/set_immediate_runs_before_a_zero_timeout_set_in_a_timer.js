// Recorded with: node tests/node/set_immediate_runs_before_a_zero_timeout_set_in_a_timer.js
// From inside a timer callback, the check phase (setImmediate) comes before
// the next timers phase, whatever the clock says.
setTimeout(() => {
  setTimeout(() => console.log('timeout'), 0);
  setImmediate(() => console.log('immediate'));
}, 0);
