//! Helpers shared by the golden test binaries (`dom`, `node`, `ordering`, `pages`):
//! the repository root, a run of the real `jsloop` binary, the whole-output
//! comparison of a run against its recorded `.out`/`.err`, the check that two
//! virtual-clock runs agree byte for byte, and the check that every case file
//! in a directory is listed. Each binary uses the part it needs.
#![allow(dead_code, unused_macros)]

use std::path::{Path, PathBuf};
use std::process::Command;

pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().unwrap()
}

pub struct Run {
    pub stdout: String,
    pub stderr: String,
    pub code: Option<i32>,
}

/// Runs the real `jsloop` binary from the repository root.
pub fn jsloop(args: &[&str]) -> Run {
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

/// The whole of stdout must equal `expected`; where an `.err` was recorded the
/// whole of stderr must equal it, otherwise stderr must be empty; the exit
/// code is 1 when the recorded stderr reports an uncaught error, else 0.
/// `what` names the run in failure messages.
pub fn assert_run_matches(what: &str, run: &Run, expected: &str, expected_err: Option<&str>) {
    assert_eq!(run.stdout, expected, "{what}: stdout differs\nstderr:\n{}", run.stderr);
    match expected_err {
        Some(err) => assert_eq!(run.stderr, err, "{what}: stderr differs"),
        None => assert_eq!(run.stderr, "", "{what}: unexpected stderr"),
    }
    let want_code = if expected_err.is_some_and(|e| e.contains("Uncaught")) { 1 } else { 0 };
    assert_eq!(run.code, Some(want_code), "{what}: exit code");
}

/// Under the virtual clock two runs of `js` in the browser host print
/// byte-identical output and trace, and the trace reaches the loop's end.
pub fn assert_virtual_runs_agree(name: &str, js: &str) {
    let a = jsloop(&["run", js, "--host", "browser", "--clock", "virtual", "--trace=json"]);
    let b = jsloop(&["run", js, "--host", "browser", "--clock", "virtual", "--trace=json"]);
    assert_eq!(a.stdout, b.stdout, "{name}: two virtual runs printed different output");
    assert_eq!(a.stderr, b.stderr, "{name}: two virtual runs wrote different traces");
    assert!(a.stderr.contains("\"event\":\"loop-end\""), "{name}: the trace has no loop-end");
}

/// Every `*.{ext}` file in `dir` (relative to the root) is one of `cases`, and
/// every case has its file.
pub fn assert_every_case_listed(dir: &str, ext: &str, cases: &[&str]) {
    let suffix = format!(".{ext}");
    let mut found: Vec<String> = std::fs::read_dir(root().join(dir))
        .unwrap()
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            e.file_name().to_str().and_then(|n| n.strip_suffix(suffix.as_str())).map(String::from)
        })
        .collect();
    found.sort();
    let mut listed: Vec<String> = cases.iter().map(|s| s.to_string()).collect();
    listed.sort();
    assert_eq!(found, listed);
}

/// Writes `contents` to `name` in a directory of its own for this test
/// process (`jsloop-{tag}-{pid}` in the system's temporary directory) and
/// returns its path.
pub fn temp_file(tag: &str, name: &str, contents: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("jsloop-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

/// `golden_cases!(a, b, …)`: a `#[test]` per case calling the binary's own
/// `check("a")`, and `CASES`, the list of the names, for
/// [`assert_every_case_listed`].
macro_rules! golden_cases {
    ($($name:ident),* $(,)?) => {
        $( #[test] fn $name() { check(stringify!($name)); } )*
        const CASES: &[&str] = &[$(stringify!($name)),*];
    };
}
