//! Golden tests for `jsloop explain` on the seeds' examples: each case in
//! tests/explain/cases.txt must print exactly tests/explain/<name>.txt.
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().unwrap()
}

#[test]
fn explain_tells_why_each_line_came_when_it_did() {
    let cases = std::fs::read_to_string(root().join("tests/explain/cases.txt")).unwrap();
    let mut checked = 0;
    for line in cases.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let (name, args) = line.split_once('|').unwrap();
        let (name, args) = (name.trim(), args.split_whitespace().collect::<Vec<_>>());
        let out = Command::new(env!("CARGO_BIN_EXE_jsloop"))
            .arg("explain")
            .args(&args)
            .current_dir(root())
            .output()
            .unwrap();
        let expected = std::fs::read_to_string(root().join(format!("tests/explain/{name}.txt"))).unwrap();
        assert_eq!(String::from_utf8_lossy(&out.stdout), expected, "explain {name}");
        checked += 1;
    }
    assert!(checked >= 8);
}

#[test]
fn the_chrome_trace_is_json_with_slices_for_tasks() {
    let dir = std::env::temp_dir().join(format!("jsloop-chrome-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("trace.json");
    let out = Command::new(env!("CARGO_BIN_EXE_jsloop"))
        .args([
            "run",
            "tests/ordering/timeout_after_promise.js",
            "--host",
            "browser",
            "--clock",
            "virtual",
            "--trace=chrome",
        ])
        .arg("--trace-file")
        .arg(&path)
        .current_dir(root())
        .output()
        .unwrap();
    assert!(out.status.success());
    let trace: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let events = trace["traceEvents"].as_array().unwrap();
    for e in events {
        assert!(e["ph"].is_string() && e["pid"].is_number() && e["tid"].is_number(), "{e}");
        if e["ph"] != "M" {
            assert!(e["ts"].is_number(), "{e}");
        }
    }
    // The loop's own thread (tid 1; its host-time track, tid 1001, repeats
    // the slices).
    let on_loop = |e: &&serde_json::Value| e["tid"] == 1;
    let begins: Vec<&str> = events
        .iter()
        .filter(on_loop)
        .filter(|e| e["ph"] == "B")
        .map(|e| e["name"].as_str().unwrap())
        .collect();
    assert_eq!(begins.len(), 4, "{begins:?}");
    assert!(begins[0].starts_with("run a classic script"));
    assert_eq!(begins[1], "timer #1 setTimeout(0ms, nesting 1)");
    assert_eq!(begins[2], "fire DOMContentLoaded");
    assert_eq!(events.iter().filter(on_loop).filter(|e| e["ph"] == "E").count(), 4);
    let host: Vec<&str> = events
        .iter()
        .filter(|e| e["tid"] == 1001 && e["ph"] == "B")
        .map(|e| e["name"].as_str().unwrap())
        .collect();
    assert_eq!(host, begins, "the host-time track has the same slices");
    assert!(events.iter().any(|e| e["ph"] == "C" && e["name"] == "queued tasks"));
    assert!(events.iter().any(|e| e["cat"] == "microtask"));
}

/// Every `E` event of a Chrome trace closes a `B` of the same thread, and
/// every `B` is closed: a node run whose poll phase waits, and a page.
#[test]
fn chrome_traces_have_balanced_slices() {
    for args in [
        &["run", "examples/node_phases.js", "--clock", "virtual"][..],
        &["run", "examples/node_phases.js", "--clock", "real"][..],
        &["run", "examples/tasks_and_microtasks.js", "--host", "browser", "--clock", "virtual"][..],
    ] {
        let path = std::env::temp_dir().join(format!("jsloop-balanced-{}.json", std::process::id()));
        let out = Command::new(env!("CARGO_BIN_EXE_jsloop"))
            .args(args)
            .arg("--trace=chrome")
            .arg(format!("--trace-file={}", path.display()))
            .current_dir(root())
            .output()
            .unwrap();
        assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
        let trace: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let _ = std::fs::remove_file(&path);
        let mut open: std::collections::HashMap<u64, Vec<f64>> = std::collections::HashMap::new();
        let mut slices = 0;
        // Widths of the slices on the host-time tracks (tid >= 1000).
        let mut host_width = 0.0;
        for e in trace["traceEvents"].as_array().unwrap() {
            let tid = e["tid"].as_u64().unwrap();
            match e["ph"].as_str().unwrap() {
                "B" => open.entry(tid).or_default().push(e["ts"].as_f64().unwrap()),
                "E" => {
                    let begun = open.entry(tid).or_default().pop();
                    let Some(begun) = begun else { panic!("{args:?}: an E with no B: {e}") };
                    if tid >= 1000 {
                        host_width += e["ts"].as_f64().unwrap() - begun;
                    }
                    slices += 1;
                }
                _ => {}
            }
        }
        assert!(open.values().all(|d| d.is_empty()), "{args:?}: slices left open: {open:?}");
        assert!(slices > 0, "{args:?}: no slices");
        // Every loop has a host-time track whose slices have the width of
        // the host's work, also under the virtual clock (where the loop's
        // own track has none).
        assert!(host_width > 0.0, "{args:?}: the host-time track has no width");
    }
}
