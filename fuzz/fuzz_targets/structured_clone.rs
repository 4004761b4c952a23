//! (c) Structured clone: the input drives a builder script
//! (fuzz/js/structured_clone.js) that makes values of every kind, clones
//! them with structuredClone and through a MessageChannel (browser host,
//! virtual clock), and compares each clone with its original.
//!
//! A panic or abort is a bug in jsloop (the target fails). The script's own
//! FINDING lines (a clone that differs from its original, an unexpected
//! exception) are conformance problems, not crashes: they are printed once
//! each to stderr and appended to fuzz/findings/structured_clone.txt with
//! the input in hex, and the run goes on. JSLOOP_FUZZ_STRICT=1 turns them
//! into failures (to minimize one).
#![no_main]
use std::cell::RefCell;
use std::collections::HashSet;
use std::io::Write;
use std::rc::Rc;
use std::time::Duration;

use jsloop_core::ClockKind;
use jsloop_runtime::limits::Limits;
use jsloop_runtime::{run_page, Options, Output, Page};
use libfuzzer_sys::fuzz_target;

const SCRIPT: &str = include_str!("../js/structured_clone.js");

#[derive(Clone, Default)]
struct Buf(Rc<RefCell<Vec<u8>>>);

impl Write for Buf {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

thread_local! {
    static SEEN: RefCell<HashSet<String>> = RefCell::new(HashSet::new());
}

fuzz_target!(|data: &[u8]| {
    if data.len() > 2048 {
        return;
    }
    let bytes: Vec<String> = data.iter().map(|b| b.to_string()).collect();
    let source = format!("const BYTES = [{}];\n{SCRIPT}", bytes.join(","));
    let mut options = Options::new(ClockKind::Virtual);
    options.max_time = Some(Duration::from_secs(10));
    options.limits = Limits {
        timeout: Some(Duration::from_secs(5)),
        max_heap: Some(256 << 20),
        max_stack: Some(512 << 10),
        interrupt: None,
    };
    let out = Buf::default();
    let err = Buf::default();
    let outcome = run_page(
        Page::Script { name: "structured_clone.js", source: &source },
        options,
        Output::new(Box::new(out.clone()), Box::new(err.clone())),
    );
    let stdout = String::from_utf8_lossy(&out.0.borrow()).into_owned();
    let stderr = String::from_utf8_lossy(&err.0.borrow()).into_owned();
    assert!(matches!(outcome.exit_code, 0 | 1 | 124), "exit code {}: {stderr}", outcome.exit_code);
    let strict = std::env::var_os("JSLOOP_FUZZ_STRICT").is_some();
    let mut report = Vec::new();
    if outcome.exit_code == 1 {
        report.push(format!("FINDING UNCAUGHT {}", stderr.lines().next().unwrap_or("")));
    }
    for line in stdout.lines().filter(|l| l.starts_with("FINDING")) {
        report.push(line.to_string());
    }
    for line in report {
        // One report per kind of finding: its words without the path (the
        // third word) and without the values (all but the next three).
        let words: Vec<&str> = line.split_whitespace().collect();
        let kind: String = words.iter().take(2).chain(words.iter().skip(3).take(3)).copied().collect::<Vec<_>>().join(" ");
        if strict {
            panic!("{line}");
        }
        let new = SEEN.with(|s| s.borrow_mut().insert(kind.clone()));
        if new {
            eprintln!("structured_clone: {line}");
            let hex: String = data.iter().map(|b| format!("{b:02x}")).collect();
            let _ = std::fs::create_dir_all("findings");
            if let Ok(mut f) =
                std::fs::OpenOptions::new().create(true).append(true).open("findings/structured_clone.txt")
            {
                let _ = writeln!(f, "{line}\n  input (hex): {hex}");
            }
        }
    }
});
