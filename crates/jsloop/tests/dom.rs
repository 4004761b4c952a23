//! Golden DOM tests: `tests/dom/<behaviour>.js` beside `<behaviour>.out`,
//! run by the real `jsloop` binary under `--clock virtual`. The whole of
//! stdout must equal the `.out` file; where a `.err` file exists, the whole
//! of stderr must equal it (otherwise stderr must be empty). Each case builds
//! its DOM by script. Where the `.out` came from is listed in
//! tests/dom/README.md.
#[macro_use]
mod support;

use support::{assert_every_case_listed, assert_run_matches, assert_virtual_runs_agree, jsloop, root};

fn check(name: &str) {
    let js = format!("tests/dom/{name}.js");
    let expected = std::fs::read_to_string(root().join(format!("tests/dom/{name}.out")))
        .unwrap_or_else(|_| panic!("{name}.out is missing"));
    let expected_err = std::fs::read_to_string(root().join(format!("tests/dom/{name}.err"))).ok();
    let run = jsloop(&["run", &js, "--host", "browser", "--clock", "virtual"]);
    assert_run_matches(name, &run, &expected, expected_err.as_deref());
    // Two virtual runs print byte-identical output and trace.
    assert_virtual_runs_agree(name, &js);
}

golden_cases!(
    selectors,
    tree_mutation,
    inner_html_serialization,
    class_list_dataset_style,
    event_capture_bubble_and_stop_propagation,
    listener_options_once_passive_signal,
    el_click_runs_listeners_synchronously,
    click_event_fields,
    event_handler_properties,
    mutation_observer_batches_records,
    mutation_observers_notified_in_creation_order,
    mutation_record_shapes,
    mutation_observer_take_records_and_disconnect,
    mutation_observer_and_promise_ordering,
    mutation_observer_subtree_transient,
    shadow_tree_event_path_and_retargeting,
    error_of_another_realm_is_reported_with_its_message,
);

/// The mutation observer microtask names itself in the trace.
#[test]
fn mutation_observer_notification_is_traced() {
    let run = jsloop(&[
        "run",
        "tests/dom/mutation_observer_batches_records.js",
        "--host",
        "browser",
        "--clock",
        "virtual",
        "--trace",
    ]);
    assert!(run.stderr.contains("mutation observer notification (6 records)"), "trace:\n{}", run.stderr);
}

#[test]
fn every_case_in_the_directory_is_listed() {
    assert_every_case_listed("tests/dom", "js", CASES);
}
