//! Conformance against the real systems: every case under
//! `conformance/node/` and `conformance/browser/` runs with the built
//! `jsloop` (`--host node` or `--host browser`, by directory) under
//! `--clock virtual` and `--clock real` (only virtual if the case's first
//! line says `// conformance: virtual-only`, only real if it says
//! `conformance: real-only`), and its stdout must equal the
//! output recorded from real Node or real Chromium by `conformance/record`:
//! `NAME.out`, or any `NAME.altN.out` where the real system allows more than
//! one order.
//!
//! Browser cases may end with `console.log('__done__')`: the recorder stops
//! there and does not print it, so jsloop's stdout is cut at that line too.
//!
//! `conformance/known-differences.md` lists the cases (`node/NAME`,
//! `browser/NAME`, each in backquotes at the start of a list item) where
//! jsloop is known to differ, with the reason. Such a case must still differ
//! under at least one clock: if it matches everywhere, the list is stale and
//! the test fails, so it stays honest.
//!
//! `conformance/recorded-with.txt` names the Node that recorded each node
//! case (`node/NAME v24.x.y`, written by the recorder): every node case must
//! have a line there naming the reference, Node 24.
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().unwrap()
}

#[derive(Clone)]
struct Case {
    host: &'static str,
    name: String,
    /// Relative to the repository root, as given to jsloop.
    file: String,
    clocks: Vec<&'static str>,
    /// The recorded outputs: `NAME.out` first, then `NAME.altN.out`.
    expected: Vec<(String, String)>,
}

impl Case {
    fn id(&self) -> String {
        format!("{}/{}", self.host, self.name)
    }
}

fn cases(host: &'static str, exts: &[&str]) -> Vec<Case> {
    let dir = root().join("conformance").join(host);
    let mut names: Vec<(String, String)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            let file = e.file_name().to_str()?.to_string();
            // `_NAME.js` files are resources of .html cases, not cases.
            if file.starts_with('_') {
                return None;
            }
            let ext = exts.iter().find(|x| file.ends_with(*x))?;
            Some((file[..file.len() - ext.len()].to_string(), file))
        })
        .collect();
    names.sort();
    let mut out = Vec::new();
    for (name, file) in names {
        let source = std::fs::read_to_string(dir.join(&file)).unwrap();
        let first = source.lines().next().unwrap_or("");
        let virtual_only = first.contains("conformance: virtual-only");
        // A case that cannot run under the virtual clock (a worker that never
        // yields its turn, docs/event-loop.md "Workers").
        let real_only = first.contains("conformance: real-only");
        let mut expected = Vec::new();
        if let Ok(text) = std::fs::read_to_string(dir.join(format!("{name}.out"))) {
            expected.push((format!("{name}.out"), text));
        }
        for n in 1.. {
            match std::fs::read_to_string(dir.join(format!("{name}.alt{n}.out"))) {
                Ok(text) => expected.push((format!("{name}.alt{n}.out"), text)),
                Err(_) => break,
            }
        }
        out.push(Case {
            host,
            name,
            file: format!("conformance/{host}/{file}"),
            clocks: if virtual_only {
                vec!["virtual"]
            } else if real_only {
                vec!["real"]
            } else {
                vec!["virtual", "real"]
            },
            expected,
        });
    }
    out
}

/// The reference Node's major version: node cases are recorded from it.
const REFERENCE_NODE_MAJOR: &str = "v24.";

/// `conformance/recorded-with.txt`: `node/NAME vX.Y.Z` per line (`#` comments).
fn recorded_with() -> BTreeMap<String, String> {
    let text = std::fs::read_to_string(root().join("conformance/recorded-with.txt")).unwrap_or_default();
    text.lines()
        .filter(|l| !l.trim_start().starts_with('#'))
        .filter_map(|l| {
            let mut words = l.split_whitespace();
            Some((words.next()?.to_string(), words.next()?.to_string()))
        })
        .collect()
}

/// `node/NAME` and `browser/NAME` from list items of known-differences.md
/// that start with the id in backquotes.
fn known_differences() -> BTreeSet<String> {
    let text = std::fs::read_to_string(root().join("conformance/known-differences.md")).unwrap_or_default();
    text.lines()
        .filter_map(|l| {
            let rest = l.trim_start().strip_prefix("- `")?;
            let id = &rest[..rest.find('`')?];
            (id.starts_with("node/") || id.starts_with("browser/")).then(|| id.to_string())
        })
        .collect()
}

struct Outcome {
    clock: &'static str,
    stdout: String,
    stderr: String,
    status: String,
    matched: bool,
}

fn run_case(case: &Case, clock: &'static str) -> Outcome {
    let started = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_jsloop"))
        .args(["run", &case.file, "--host", case.host, "--clock", clock, "--timeout", "20000"])
        .current_dir(root())
        .stdin(Stdio::null())
        .output()
        .expect("run jsloop");
    let mut stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    if case.host == "browser" {
        // The recorder stops at `__done__` and does not print it.
        let mut kept = String::new();
        for line in stdout.split_inclusive('\n') {
            if line.trim_end_matches('\n') == "__done__" {
                break;
            }
            kept.push_str(line);
        }
        stdout = kept;
    }
    let matched = case.expected.iter().any(|(_, want)| *want == stdout);
    Outcome {
        clock,
        stdout,
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        status: format!("{} in {} ms", out.status, started.elapsed().as_millis()),
        matched,
    }
}

/// A compact line diff of the first recorded output against what jsloop printed.
fn diff(want: &str, got: &str) -> String {
    let w: Vec<&str> = want.lines().collect();
    let g: Vec<&str> = got.lines().collect();
    let mut s = String::new();
    for i in 0..w.len().max(g.len()) {
        let a = w.get(i).copied();
        let b = g.get(i).copied();
        if a == b {
            s.push_str(&format!("      {}\n", a.unwrap_or("")));
        } else {
            if let Some(a) = a {
                s.push_str(&format!("    - {a}\n"));
            }
            if let Some(b) = b {
                s.push_str(&format!("    + {b}\n"));
            }
        }
    }
    s
}

#[test]
fn conformance() {
    let node = cases("node", &[".js", ".mjs", ".cjs"]);
    let browser = cases("browser", &[".js", ".html"]);
    let known = known_differences();
    let all: Vec<Case> = node.iter().chain(browser.iter()).cloned().collect();

    let mut problems: Vec<String> = Vec::new();
    let ids: BTreeSet<String> = all.iter().map(Case::id).collect();
    for k in &known {
        if !ids.contains(k) {
            problems.push(format!("known-differences.md lists {k}, which is not a case"));
        }
    }
    let recorded = recorded_with();
    for c in &node {
        match recorded.get(&c.id()) {
            Some(v) if v.starts_with(REFERENCE_NODE_MAJOR) => {}
            Some(v) => problems.push(format!(
                "{}: recorded with Node {v}, not the reference (Node 24): conformance/record {}",
                c.id(),
                c.id()
            )),
            None => problems.push(format!(
                "{}: conformance/recorded-with.txt does not say which Node recorded it: conformance/record {}",
                c.id(),
                c.id()
            )),
        }
    }
    for c in &all {
        if c.expected.is_empty() {
            problems.push(format!(
                "{}: no {}.out (record it: conformance/record {})",
                c.id(),
                c.name,
                c.id()
            ));
        }
    }

    // Every (case, clock) on a few threads: most real-clock cases spend
    // their time sleeping until a timer.
    let jobs: Vec<(usize, &'static str)> = all
        .iter()
        .enumerate()
        .filter(|(_, c)| !c.expected.is_empty())
        .flat_map(|(i, c)| c.clocks.iter().map(move |k| (i, *k)))
        .collect();
    let jobs = Arc::new(Mutex::new(jobs));
    let results: Arc<Mutex<BTreeMap<usize, Vec<Outcome>>>> = Arc::new(Mutex::new(BTreeMap::new()));
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get()).max(2) * 2;
    let all = Arc::new(all);
    let started = Instant::now();
    let handles: Vec<_> = (0..threads)
        .map(|_| {
            let (jobs, results, all) = (jobs.clone(), results.clone(), all.clone());
            std::thread::spawn(move || loop {
                let Some((i, clock)) = jobs.lock().unwrap().pop() else { break };
                let outcome = run_case(&all[i], clock);
                results.lock().unwrap().entry(i).or_default().push(outcome);
            })
        })
        .collect();
    for h in handles {
        h.join().unwrap();
    }

    // The real clock is at the mercy of the machine's load (the cases run
    // in parallel on a small machine): a real-clock mismatch of a case not
    // listed as a known difference is run again, alone, up to twice.
    let mut results = std::mem::take(&mut *results.lock().unwrap());
    let mut passed_on_retry = Vec::new();
    for (i, outcomes) in results.iter_mut() {
        let case = &all[*i];
        if known.contains(&case.id()) {
            continue;
        }
        for o in outcomes.iter_mut().filter(|o| !o.matched && o.clock == "real") {
            for _ in 0..2 {
                let again = run_case(case, "real");
                if again.matched {
                    passed_on_retry.push(case.id());
                    *o = again;
                    break;
                }
            }
        }
    }
    let elapsed = started.elapsed();

    let mut unexpected = 0;
    let mut still_differ = Vec::new();
    for (i, outcomes) in results.iter() {
        let case = &all[*i];
        let id = case.id();
        let listed = known.contains(&id);
        let differs = outcomes.iter().any(|o| !o.matched);
        if listed {
            if differs {
                still_differ.push(id);
            } else {
                unexpected += 1;
                problems.push(format!(
                    "{id}: listed in conformance/known-differences.md but now matches the recorded output under every clock; remove it from the list"
                ));
            }
            continue;
        }
        for o in outcomes.iter().filter(|o| !o.matched) {
            unexpected += 1;
            problems.push(format!(
                "{id} (--clock {}): stdout differs from {} ({})\n    (- recorded from the real system, + jsloop)\n{}    stderr:\n{}",
                o.clock,
                case.expected.iter().map(|(n, _)| n.as_str()).collect::<Vec<_>>().join(" / "),
                o.status,
                diff(&case.expected[0].1, &o.stdout),
                o.stderr.lines().take(20).map(|l| format!("      {l}\n")).collect::<String>(),
            ));
        }
    }
    let missing = all.iter().filter(|c| c.expected.is_empty()).count();
    unexpected += missing;
    println!(
        "conformance: {} node cases, {} browser cases, {} unexpected ({} known differences, {:.1} s)",
        node.len(),
        browser.len(),
        unexpected,
        still_differ.len(),
        elapsed.as_secs_f64()
    );
    if !passed_on_retry.is_empty() {
        println!("matched under --clock real only when run again alone: {}", passed_on_retry.join(", "));
    }
    if !still_differ.is_empty() {
        println!("known differences (conformance/known-differences.md): {}", still_differ.join(", "));
    }
    if elapsed > Duration::from_secs(50) {
        println!("warning: the conformance run took {:.1} s", elapsed.as_secs_f64());
    }
    assert!(problems.is_empty(), "{} problem(s):\n\n{}", problems.len(), problems.join("\n\n"));
}
