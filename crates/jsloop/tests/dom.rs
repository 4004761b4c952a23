//! Golden DOM tests: `tests/dom/<behaviour>.js` beside `<behaviour>.out`,
//! run by the real `jsloop` binary under `--clock virtual`. The whole of
//! stdout must equal the `.out` file; where a `.err` file exists, the whole
//! of stderr must equal it (otherwise stderr must be empty). Each case builds
//! its DOM by script. Where the `.out` came from is listed in
//! tests/dom/README.md.
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().unwrap()
}

struct Run {
    stdout: String,
    stderr: String,
    code: Option<i32>,
}

fn jsloop(args: &[&str]) -> Run {
    let out = Command::new(env!("CARGO_BIN_EXE_jsloop"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("run jsloop");
    Run {
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        code: out.status.code(),
    }
}

fn check(name: &str) {
    let js = format!("tests/dom/{name}.js");
    let expected = std::fs::read_to_string(root().join(format!("tests/dom/{name}.out")))
        .unwrap_or_else(|_| panic!("{name}.out is missing"));
    let expected_err = std::fs::read_to_string(root().join(format!("tests/dom/{name}.err"))).ok();
    let run = jsloop(&["run", &js, "--host", "browser", "--clock", "virtual"]);
    assert_eq!(run.stdout, expected, "{name}: stdout differs\nstderr:\n{}", run.stderr);
    match &expected_err {
        Some(err) => assert_eq!(&run.stderr, err, "{name}: stderr differs"),
        None => assert_eq!(run.stderr, "", "{name}: unexpected stderr"),
    }
    let want_code = if expected_err.as_deref().is_some_and(|e| e.contains("Uncaught")) { 1 } else { 0 };
    assert_eq!(run.code, Some(want_code), "{name}: exit code");
    // Two virtual runs print byte-identical output and trace.
    let a = jsloop(&["run", &js, "--host", "browser", "--clock", "virtual", "--trace=json"]);
    let b = jsloop(&["run", &js, "--host", "browser", "--clock", "virtual", "--trace=json"]);
    assert_eq!(a.stdout, b.stdout, "{name}: two virtual runs printed different output");
    assert_eq!(a.stderr, b.stderr, "{name}: two virtual runs wrote different traces");
    assert!(a.stderr.contains("\"event\":\"loop-end\""), "{name}: the trace has no loop-end");
}

macro_rules! dom {
    ($($name:ident),* $(,)?) => {
        $( #[test] fn $name() { check(stringify!($name)); } )*
        const CASES: &[&str] = &[$(stringify!($name)),*];
    };
}

dom!(
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
    let mut found: Vec<String> = std::fs::read_dir(root().join("tests/dom"))
        .unwrap()
        .filter_map(|e| e.ok())
        .filter_map(|e| e.file_name().to_str().and_then(|n| n.strip_suffix(".js")).map(String::from))
        .collect();
    found.sort();
    let mut listed: Vec<String> = CASES.iter().map(|s| s.to_string()).collect();
    listed.sort();
    assert_eq!(found, listed);
}
