// The runner's testharnessreport.js (crates/jsloop/tests/wpt.rs): instead of
// drawing the results into the page, as WPT's own one does, it prints one
// line per subtest and one for the harness, on stderr (written at once):
//   wpt-subtest ["NAME","STATUS","MESSAGE"]
//   wpt-harness ["STATUS","MESSAGE"]
// STATUS is testharness.js's (PASS, FAIL, TIMEOUT, NOTRUN, PRECONDITION_FAILED;
// OK, ERROR, TIMEOUT, PRECONDITION_FAILED for the harness).
(function () {
  // As wptrunner's testharnessreport.js does for a run without a person
  // watching: results are not drawn into the page (testharness.js's
  // Output), only reported.
  setup({ output: false });
  var STATUS = ['PASS', 'FAIL', 'TIMEOUT', 'NOTRUN', 'PRECONDITION_FAILED'];
  var HARNESS = ['OK', 'ERROR', 'TIMEOUT', 'PRECONDITION_FAILED'];
  add_result_callback(function (test) {
    console.error('wpt-subtest ' + JSON.stringify([test.name, STATUS[test.status], test.message]));
  });
  add_completion_callback(function (tests, status) {
    console.error('wpt-harness ' + JSON.stringify([HARNESS[status.status], status.message]));
  });
})();
