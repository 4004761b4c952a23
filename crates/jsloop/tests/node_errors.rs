//! Error text in the node host, against Node 24: `tests/node_errors/<case>.js`
//! (or `.mjs`; `_<name>.mjs` is a module a case imports)
//! beside what Node printed (each file names the command that recorded it):
//! `<case>.out`, its stdout, compared whole; `<case>.err`, its stderr (the
//! repository's path written `ROOT/`), compared up to the stack's first
//! frame: the code frame (`FILE:LINE`, the source line, the caret) and the
//! error's name and message. The stacks themselves differ (Node's internal
//! frames), as does the last line (`Node.js v24…`).
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().unwrap()
}

/// Stderr up to the first stack frame (or the trailer), without the blank
/// lines that end it.
fn code_frame_and_message(stderr: &str) -> String {
    let kept: Vec<&str> =
        stderr.lines().take_while(|l| !l.starts_with("    at ") && !l.starts_with("Node.js")).collect();
    kept.join("\n").trim_end().to_string()
}

#[test]
fn error_text_is_nodes() {
    let root = root();
    let mut cases: Vec<PathBuf> = std::fs::read_dir(root.join("tests/node_errors"))
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "js" || e == "mjs"))
        // `_NAME.mjs`: a module a case imports, not a case.
        .filter(|p| !p.file_name().unwrap().to_str().unwrap().starts_with('_'))
        .collect();
    cases.sort();
    assert!(cases.len() >= 10, "{} cases", cases.len());
    let mut failures = Vec::new();
    for js in &cases {
        let name = js.file_stem().unwrap().to_str().unwrap();
        let relative = format!("tests/node_errors/{}", js.file_name().unwrap().to_str().unwrap());
        let source = std::fs::read_to_string(js).unwrap();
        assert!(
            source.contains(&format!("node {relative}")),
            "{relative} does not name the command that recorded it"
        );
        let want_out = std::fs::read_to_string(js.with_extension("out")).unwrap_or_default();
        let want_err = std::fs::read_to_string(js.with_extension("err")).ok();
        let out = Command::new(env!("CARGO_BIN_EXE_jsloop"))
            .args(["--clock", "virtual", &relative])
            .current_dir(&root)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr).replace(&format!("{}/", root.display()), "ROOT/");
        if stdout != want_out {
            failures.push(format!("{name}: stdout\n{stdout}\nNode printed:\n{want_out}"));
        }
        let want_code = if want_err.is_some() { 1 } else { 0 };
        if out.status.code() != Some(want_code) {
            failures.push(format!("{name}: exit status {:?}, Node's {want_code}", out.status.code()));
        }
        if let Some(want) = want_err {
            let (got, want) = (code_frame_and_message(&stderr), code_frame_and_message(&want));
            if got != want {
                failures.push(format!("{name}: stderr\n{got}\nNode printed:\n{want}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// The script's frames of an uncaught error's stack are Node's: the same
/// functions (a module's top level is `Object.<anonymous>`), files and
/// lines, with none of jsloop's own frames (columns differ: V8 and QuickJS
/// place a call at different tokens). (Not yet: the names V8 gives an
/// anonymous function called as a method, `Timeout._onTimeout` for a timer's
/// arrow function in uncaught_reference_error.)
#[test]
fn the_scripts_frames_are_nodes() {
    let root = root();
    for name in ["uncaught_thrown_error", "uncaught_not_a_function"] {
        let relative = format!("tests/node_errors/{name}.js");
        let want = std::fs::read_to_string(root.join(format!("tests/node_errors/{name}.err"))).unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_jsloop"))
            .args(["--clock", "virtual", &relative])
            .current_dir(&root)
            .output()
            .unwrap();
        let got = String::from_utf8_lossy(&out.stderr).replace(&format!("{}/", root.display()), "ROOT/");
        // "    at NAME (FILE:LINE" of every frame that is not Node's own.
        let frames = |text: &str| -> Vec<String> {
            text.lines()
                .filter(|l| l.starts_with("    at ") && !l.contains("node:internal"))
                .map(|l| l.rsplit_once(':').map_or(l, |(head, _)| head).to_string())
                .collect()
        };
        assert_eq!(frames(&got), frames(&want), "{name}: jsloop printed\n{got}");
    }
}
