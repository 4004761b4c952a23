//! The web-platform-tests (WPT): every test page of `../shared/wpt` (or of
//! `WPT_DIR`), run with the debug `jsloop` under `--clock real` and
//! `--clock virtual`, compared with `tests/wpt/expectations.json`.
//!
//! How it works (tests/wpt/README.md says more):
//! 1. The pages are built as wptserve would serve them, in a temp dir that
//!    mirrors the WPT tree (directories made, files linked): `X.any.js`
//!    gives `X.any.html` and `X.any.worker.html` (+ `X.any.worker.js`),
//!    `X.window.js` gives `X.window.html`, `X.worker.js` gives
//!    `X.worker.html`, each with its `// META: script=` scripts; `.html`
//!    tests are used as they are. `/resources/testharnessreport.js` is ours
//!    (tests/wpt/testharnessreport.js): it prints each subtest's result.
//! 2. Each page runs as `jsloop run PAGE --root TEMPDIR` (served from the
//!    temp dir, so `/resources/testharness.js` is found), 2-4 at a time,
//!    each with a time limit (jsloop's `--timeout`, and a kill from here).
//! 3. Each subtest's status is compared with the expectations: a subtest
//!    expected to PASS that does not is a regression and fails this test;
//!    a newly passing one is printed. `WPT_UPDATE=1` rewrites the file.
//!
//! Environment: `WPT_DIR` (a directory laid out as ../shared/wpt, or a WPT
//! checkout), `WPT_FILTER` (run only pages whose path contains it),
//! `WPT_JOBS` (pages at a time), `WPT_LIMIT_MS` (a page's time limit),
//! `WPT_JSLOOP` (another jsloop binary), `WPT_UPDATE=1`.
use serde_json::{json, Map, Value};
use std::collections::{BTreeMap, BTreeSet};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{mpsc, Arc, Mutex};
use std::time::{Duration, Instant};

/// Printed past the test harness's capture (which takes `println!`), so
/// that every run, CI's included, shows the figures, not only a failing one.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write;
        let _ = writeln!(std::io::stdout(), $($arg)*);
    }};
}

/// The wall-clock limit of one page (jsloop's --timeout; the runner kills
/// the process a little later if it is still there). `WPT_LIMIT_MS` sets it.
fn page_limit() -> Duration {
    let ms = std::env::var("WPT_LIMIT_MS").ok().and_then(|s| s.parse().ok()).unwrap_or(12_000);
    Duration::from_millis(ms)
}

/// The jsloop that runs the pages: this build's, or `WPT_JSLOOP`.
fn jsloop() -> PathBuf {
    std::env::var_os("WPT_JSLOOP")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_BIN_EXE_jsloop")))
}

/// The prefix of the lines our testharnessreport.js prints.
const SUBTEST: &str = "wpt-subtest ";
const HARNESS: &str = "wpt-harness ";

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().unwrap()
}

fn expectations_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/wpt/expectations.json")
}

/// How a test page is made from its source file (tests.txt's KIND).
#[derive(Clone, Copy, PartialEq, Debug)]
enum Kind {
    Page,
    Window,
    Worker,
    AnyWindow,
    AnyWorker,
}

#[derive(Clone, Debug)]
struct TestPage {
    /// The page's path in the WPT tree (`dom/abort/event.any.html`).
    page: String,
    /// The test's source (`dom/abort/event.any.js`).
    source: String,
    kind: Kind,
    /// The directory group it is counted in.
    group: String,
}

/// What one run of one page reported.
#[derive(Clone, Debug, Default, PartialEq)]
struct PageResult {
    /// The harness status (OK, ERROR, TIMEOUT, PRECONDITION_FAILED) or,
    /// when the harness never finished, CRASH (jsloop ended first) or LIMIT
    /// (the page's time limit came first).
    harness: String,
    subtests: BTreeMap<String, String>,
    /// The message of each subtest that had one, and the harness's (under
    /// the name ""): written to `wpt-messages.json`, not compared.
    messages: BTreeMap<String, String>,
}

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Clock {
    Real,
    Virtual,
}

impl Clock {
    fn name(self) -> &'static str {
        match self {
            Clock::Real => "real",
            Clock::Virtual => "virtual",
        }
    }
}

const CLOCKS: [Clock; 2] = [Clock::Real, Clock::Virtual];

// ------------------------------------------------------------ the page list

/// The pages of tests.txt (`PAGE<TAB>SOURCE<TAB>KIND`, `# group: DIR`).
fn read_tests_txt(text: &str) -> Vec<TestPage> {
    let mut group = String::new();
    let mut pages = Vec::new();
    for line in text.lines() {
        if let Some(g) = line.strip_prefix("# group: ") {
            group = g.split(" (").next().unwrap_or(g).to_string();
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        if line.starts_with('#') || fields.len() != 3 {
            continue;
        }
        let kind = match fields[2] {
            "page" => Kind::Page,
            "window" => Kind::Window,
            "worker" => Kind::Worker,
            "any-window" => Kind::AnyWindow,
            "any-worker" => Kind::AnyWorker,
            other => panic!("tests.txt: unknown kind {other}"),
        };
        pages.push(TestPage { page: fields[0].into(), source: fields[1].into(), kind, group: group.clone() });
    }
    pages
}

/// The directories of the subset, for a WPT checkout with no tests.txt.
const CHECKOUT_DIRS: &[&str] = &[
    "html/webappapis/timers",
    "html/webappapis/microtask-queuing",
    "html/webappapis/scripting/event-loops",
    "html/webappapis/scripting/processing-model-2",
    "html/webappapis/animation-frames",
    "requestidlecallback",
    "webmessaging",
    "dom/events",
    "dom/abort",
    "workers",
    "html/webappapis/structured-clone",
    "html/infrastructure/safe-passing-of-structured-data",
];

/// The test pages of a WPT checkout, found as wptserve's manifest would
/// (less what needs wptserve's substitutions, https, or manual runs):
/// testharness `.html` files and `.any.js`/`.window.js`/`.worker.js`.
fn discover(tests: &Path) -> Vec<TestPage> {
    let dirs: Vec<String> = match std::env::var("WPT_PATHS") {
        Ok(list) => list.split_whitespace().map(String::from).collect(),
        Err(_) => CHECKOUT_DIRS.iter().map(|s| s.to_string()).collect(),
    };
    let mut pages = Vec::new();
    for dir in dirs {
        let mut files = Vec::new();
        walk(&tests.join(&dir), &mut files);
        files.sort();
        for file in files {
            let rel = file.strip_prefix(tests).unwrap().to_string_lossy().replace('\\', "/");
            let name = rel.rsplit('/').next().unwrap_or_default();
            let skip = ["resources/", "support/", "/tools/"].iter().any(|d| rel.contains(d))
                || [".https.", ".sub.", "-manual.", ".tentative."].iter().any(|p| name.contains(p));
            if skip {
                continue;
            }
            let add = |pages: &mut Vec<TestPage>, page: String, kind: Kind| {
                pages.push(TestPage { page, source: rel.clone(), kind, group: dir.clone() })
            };
            if let Some(stem) = rel.strip_suffix(".any.js") {
                let text = std::fs::read_to_string(&file).unwrap_or_default();
                let globals = meta(&text, "global").join(",");
                let globals: Vec<&str> = if globals.is_empty() {
                    vec!["window", "dedicatedworker"]
                } else {
                    globals.split(',').collect()
                };
                if globals.iter().any(|g| g.trim() == "window") {
                    add(&mut pages, format!("{stem}.any.html"), Kind::AnyWindow);
                }
                if globals.iter().any(|g| matches!(g.trim(), "worker" | "dedicatedworker")) {
                    add(&mut pages, format!("{stem}.any.worker.html"), Kind::AnyWorker);
                }
            } else if let Some(stem) = rel.strip_suffix(".window.js") {
                add(&mut pages, format!("{stem}.window.html"), Kind::Window);
            } else if let Some(stem) = rel.strip_suffix(".worker.js") {
                add(&mut pages, format!("{stem}.worker.html"), Kind::Worker);
            } else if rel.ends_with(".html") || rel.ends_with(".htm") {
                let text = std::fs::read_to_string(&file).unwrap_or_default();
                if text.contains("/resources/testharness.js") {
                    add(&mut pages, rel.clone(), Kind::Page);
                }
            }
        }
    }
    pages
}

fn walk(dir: &Path, files: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            walk(&path, files);
        } else {
            files.push(path);
        }
    }
}

/// The values of `// META: KEY=VALUE` lines at the top of a test script.
fn meta(text: &str, key: &str) -> Vec<String> {
    text.lines()
        .take_while(|l| l.trim_start().starts_with("//") || l.trim().is_empty())
        .filter_map(|l| l.trim_start().strip_prefix("//")?.trim_start().strip_prefix("META:"))
        .filter_map(|m| m.trim().strip_prefix(key)?.strip_prefix('=').map(|v| v.trim().to_string()))
        .collect()
}

// ------------------------------------------------------------ building the site

/// Mirrors `from` into `to`: directories made, files linked (a WPT checkout
/// is large; nothing is copied).
fn mirror(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap().flatten() {
        let (src, dst) = (entry.path(), to.join(entry.file_name()));
        if entry.file_type().map(|t| t.is_dir()).unwrap_or(false) {
            if entry.file_name() != ".git" {
                mirror(&src, &dst);
            }
        } else {
            std::os::unix::fs::symlink(&src, &dst).unwrap();
        }
    }
}

/// Writes `text` at `path` in the site, replacing a linked file.
fn write(site: &Path, path: &str, text: &str) {
    let file = site.join(path);
    let _ = std::fs::remove_file(&file);
    std::fs::write(&file, text).unwrap();
}

/// Builds the site: the WPT tree, our testharnessreport.js, and the
/// wrapper pages wptserve generates (tools/serve/serve.py's handlers).
fn build_site(tests: &Path, pages: &[TestPage], site: &Path) {
    mirror(tests, site);
    let report =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/wpt/testharnessreport.js"))
            .unwrap();
    write(site, "resources/testharnessreport.js", &report);
    for p in pages {
        if p.kind == Kind::Page {
            continue;
        }
        let text = std::fs::read_to_string(tests.join(&p.source)).unwrap_or_default();
        let src = format!("/{}", p.source);
        let mut head = String::new();
        if let Some(title) = meta(&text, "title").first() {
            head += &format!("<title>{title}</title>\n");
        }
        if meta(&text, "timeout").iter().any(|t| t == "long") {
            head += "<meta name=\"timeout\" content=\"long\">\n";
        }
        let scripts = meta(&text, "script");
        let page = match p.kind {
            Kind::Window | Kind::AnyWindow => {
                let global = if p.kind == Kind::AnyWindow {
                    "<script>\nself.GLOBAL = {\n  isWindow: function() { return true; },\n  isWorker: function() { return false; },\n};\n</script>\n"
                } else {
                    ""
                };
                let metas: String =
                    scripts.iter().map(|s| format!("<script src=\"{s}\"></script>\n")).collect();
                format!(
                    "<!doctype html>\n<meta charset=utf-8>\n{head}{global}<script src=\"/resources/testharness.js\"></script>\n<script src=\"/resources/testharnessreport.js\"></script>\n{metas}<div id=log></div>\n<script src=\"{src}\"></script>\n"
                )
            }
            Kind::Worker | Kind::AnyWorker => {
                let worker = if p.kind == Kind::AnyWorker {
                    let js = src.replace(".any.js", ".any.worker.js");
                    let mut metas: String =
                        scripts.iter().map(|s| format!("importScripts(\"{s}\");\n")).collect();
                    // A worker has no <title>: the harness names untitled tests by META_TITLE.
                    if let Some(title) = meta(&text, "title").first() {
                        metas =
                            format!("self.META_TITLE = {};\n{metas}", serde_json::to_string(title).unwrap());
                    }
                    write(
                        site,
                        &js[1..],
                        &format!(
                            "self.GLOBAL = {{\n  isWindow: function() {{ return false; }},\n  isWorker: function() {{ return true; }},\n}};\nimportScripts(\"/resources/testharness.js\");\n{metas}importScripts(\"{src}\");\ndone();\n"
                        ),
                    );
                    js
                } else {
                    src.clone()
                };
                format!(
                    "<!doctype html>\n<meta charset=utf-8>\n{head}<script src=\"/resources/testharness.js\"></script>\n<script src=\"/resources/testharnessreport.js\"></script>\n<div id=log></div>\n<script>\nfetch_tests_from_worker(new Worker(\"{worker}\"));\n</script>\n"
                )
            }
            Kind::Page => unreachable!(),
        };
        write(site, &p.page, &page);
    }
}

// ------------------------------------------------------------ running

/// Runs one page under one clock and collects what it reported.
fn run_page(site: &Path, page: &str, clock: Clock) -> PageResult {
    let mut child = Command::new(jsloop())
        .arg("run")
        .arg(site.join(page))
        .args(["--root", &site.display().to_string(), "--clock", clock.name()])
        .args(["--timeout", &page_limit().as_millis().to_string()])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("jsloop runs");
    // Our testharnessreport.js prints on stderr (not buffered); lines
    // arrive here as they are printed.
    let stderr = child.stderr.take().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let deadline = Instant::now() + page_limit() + Duration::from_secs(3);
    let mut result = PageResult::default();
    let mut finished = false;
    loop {
        match rx.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
            Ok(line) => {
                if let Some(json) = line.strip_prefix(SUBTEST) {
                    if let Ok(Value::Array(v)) = serde_json::from_str::<Value>(json) {
                        let name = v[0].as_str().unwrap_or_default().to_string();
                        if let Some(m) = v[2].as_str().filter(|m| !m.is_empty()) {
                            result.messages.entry(name.clone()).or_insert(m.to_string());
                        }
                        result.subtests.entry(name).or_insert(v[1].as_str().unwrap_or_default().to_string());
                    }
                } else if let Some(json) = line.strip_prefix(HARNESS) {
                    if let Ok(Value::Array(v)) = serde_json::from_str::<Value>(json) {
                        result.harness = v[0].as_str().unwrap_or_default().to_string();
                        if let Some(m) = v[1].as_str().filter(|m| !m.is_empty()) {
                            result.messages.insert(String::new(), m.to_string());
                        }
                    }
                    // The harness is done: what runs after it counts for
                    // nothing, so the page is not waited for.
                    finished = true;
                    break;
                }
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
            Err(mpsc::RecvTimeoutError::Timeout) => break,
        }
    }
    let _ = child.kill();
    let status = child.wait().ok();
    if !finished {
        // jsloop's --timeout exits 124; anything else ended the page before
        // its harness finished.
        let timed_out = status.and_then(|s| s.code()) == Some(124) || Instant::now() >= deadline;
        result.harness = if timed_out { "LIMIT" } else { "CRASH" }.into();
    }
    result
}

/// Runs every page under both clocks, `jobs` processes at a time.
fn run_all(site: &Path, pages: &[String], jobs: usize) -> BTreeMap<(String, Clock), PageResult> {
    let work: Vec<(String, Clock)> =
        pages.iter().flat_map(|p| CLOCKS.iter().map(move |c| (p.clone(), *c))).collect();
    let work = Arc::new(Mutex::new(work.into_iter().rev().collect::<Vec<_>>()));
    let results = Arc::new(Mutex::new(BTreeMap::new()));
    let threads: Vec<_> = (0..jobs)
        .map(|_| {
            let (work, results, site) = (work.clone(), results.clone(), site.to_path_buf());
            std::thread::spawn(move || loop {
                let Some((page, clock)) = work.lock().unwrap().pop() else { break };
                let result = run_page(&site, &page, clock);
                results.lock().unwrap().insert((page, clock), result);
            })
        })
        .collect();
    for t in threads {
        t.join().unwrap();
    }
    Arc::try_unwrap(results).unwrap().into_inner().unwrap()
}

// ------------------------------------------------------------ expectations

/// `{"real": {PAGE: {"harness": S, "subtests": {NAME: S}}}, "virtual": …}`,
/// the layout of chromium-156.json, once per clock.
fn to_json(results: &BTreeMap<(String, Clock), PageResult>) -> Value {
    let mut top = Map::new();
    for clock in CLOCKS {
        let mut pages = Map::new();
        for ((page, c), r) in results {
            if *c == clock {
                let subtests: Map<String, Value> =
                    r.subtests.iter().map(|(k, v)| (k.clone(), Value::String(v.clone()))).collect();
                pages.insert(page.clone(), json!({ "harness": r.harness, "subtests": subtests }));
            }
        }
        top.insert(clock.name().into(), Value::Object(pages));
    }
    Value::Object(top)
}

fn from_json(v: &Value) -> BTreeMap<(String, Clock), PageResult> {
    let mut out = BTreeMap::new();
    for clock in CLOCKS {
        for (page, r) in v[clock.name()].as_object().into_iter().flatten() {
            let subtests = r["subtests"]
                .as_object()
                .into_iter()
                .flatten()
                .map(|(k, v)| (k.clone(), v.as_str().unwrap_or_default().to_string()))
                .collect();
            let harness = r["harness"].as_str().unwrap_or_default().to_string();
            out.insert((page.clone(), clock), PageResult { harness, subtests, messages: BTreeMap::new() });
        }
    }
    out
}

/// The subtests Chromium passes, per page.
fn chromium_passing(wpt: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let Ok(text) = std::fs::read_to_string(wpt.join("chromium-156.json")) else { return BTreeMap::new() };
    let v: Value = serde_json::from_str(&text).unwrap();
    v.as_object()
        .unwrap()
        .iter()
        .map(|(page, r)| {
            let pass = r["subtests"]
                .as_object()
                .into_iter()
                .flatten()
                .filter(|(_, s)| s.as_str() == Some("PASS"))
                .map(|(k, _)| k.clone())
                .collect();
            (page.clone(), pass)
        })
        .collect()
}

// ------------------------------------------------------------ the test

#[test]
fn web_platform_tests() {
    let started = Instant::now();
    let wpt = std::env::var_os("WPT_DIR").map(PathBuf::from).unwrap_or_else(|| root().join("../shared/wpt"));
    // A directory laid out as ../shared/wpt has tests/ and tests.txt; a
    // WPT checkout is the tree itself.
    let tests =
        if wpt.join("tests/resources/testharness.js").exists() { wpt.join("tests") } else { wpt.clone() };
    // The tests are not part of the repository. On a CI machine that lacks
    // them the run says so loudly instead of failing the whole build (.ci/run
    // prints the same); anywhere else their absence is an error.
    if !tests.join("resources/testharness.js").exists()
        && std::env::var_os("CI").is_some()
        && std::env::var_os("WPT_DIR").is_none()
    {
        use std::io::Write;
        let _ = writeln!(std::io::stdout(), "wpt: NOT RUN: {} is not on this machine", wpt.display());
        return;
    }
    assert!(tests.join("resources/testharness.js").exists(), "{}: no WPT here (set WPT_DIR)", wpt.display());
    let mut pages = match std::fs::read_to_string(wpt.join("tests.txt")) {
        Ok(text) => read_tests_txt(&text),
        Err(_) => discover(&tests),
    };
    let all_pages = pages.clone();
    if let Ok(filter) = std::env::var("WPT_FILTER") {
        pages.retain(|p| p.page.contains(&filter));
    }
    // `WPT_SITE=DIR` builds the site there and keeps it (to run a page by
    // hand: `jsloop run DIR/PAGE --root DIR`).
    let kept = std::env::var_os("WPT_SITE").map(PathBuf::from);
    let site = kept
        .clone()
        .unwrap_or_else(|| std::env::temp_dir().join(format!("jsloop-wpt-{}", std::process::id())));
    let _ = std::fs::remove_dir_all(&site);
    build_site(&tests, &all_pages, &site);

    let jobs = std::env::var("WPT_JOBS").ok().and_then(|j| j.parse().ok()).unwrap_or(3);
    let names: Vec<String> = pages.iter().map(|p| p.page.clone()).collect();
    let mut results = run_all(&site, &names, jobs);

    let expected = std::fs::read_to_string(expectations_path())
        .map(|t| from_json(&serde_json::from_str(&t).expect("expectations.json is JSON")))
        .unwrap_or_default();
    // A subtest expected to pass that did not: run its page again, alone,
    // before calling it a regression (the machine may have been too busy
    // for a real-clock page).
    let regressions =
        |results: &BTreeMap<(String, Clock), PageResult>| -> Vec<(String, Clock, String, String)> {
            let mut found = Vec::new();
            for ((page, clock), want) in &expected {
                let Some(got) = results.get(&(page.clone(), *clock)) else { continue };
                for (name, status) in &want.subtests {
                    let now = got
                        .subtests
                        .get(name)
                        .cloned()
                        .unwrap_or_else(|| format!("missing ({})", got.harness));
                    if status == "PASS" && now != "PASS" {
                        found.push((page.clone(), *clock, name.clone(), now));
                    }
                }
            }
            found
        };
    let again: BTreeSet<(String, Clock)> =
        regressions(&results).into_iter().map(|(p, c, _, _)| (p, c)).collect();
    for (page, clock) in again {
        let result = run_page(&site, &page, clock);
        results.insert((page, clock), result);
    }
    if kept.is_none() {
        let _ = std::fs::remove_dir_all(&site);
    }

    // The count against Chromium, per directory.
    let chromium = chromium_passing(&wpt);
    let total: usize = chromium.values().map(BTreeSet::len).sum();
    let mut table: BTreeMap<&str, [usize; 3]> = BTreeMap::new();
    let groups: BTreeMap<&str, &str> = pages.iter().map(|p| (p.page.as_str(), p.group.as_str())).collect();
    let mut passing = [0usize; 2];
    for (page, pass) in &chromium {
        let Some(group) = groups.get(page.as_str()) else { continue };
        let row = table.entry(group).or_default();
        row[0] += pass.len();
        for (i, clock) in CLOCKS.iter().enumerate() {
            let got = results.get(&(page.clone(), *clock));
            let n = pass
                .iter()
                .filter(|s| got.and_then(|r| r.subtests.get(*s)).is_some_and(|s| s == "PASS"))
                .count();
            row[i + 1] += n;
            passing[i] += n;
        }
    }
    say!("{:<55} {:>8} {:>6} {:>8}", "directory", "chromium", "real", "virtual");
    for (group, [c, r, v]) in &table {
        say!("{group:<55} {c:>8} {r:>6} {v:>8}");
    }
    say!("wpt: {} of {total} Chromium-passing subtests pass (real), {} (virtual)", passing[0], passing[1]);
    let hung: Vec<String> = results
        .iter()
        .filter(|(_, r)| r.harness == "LIMIT" || r.harness == "CRASH")
        .map(|((p, c), r)| format!("{p} ({}): {}", c.name(), r.harness))
        .collect();
    if !hung.is_empty() {
        say!("wpt: {} page runs did not finish their harness:\n  {}", hung.len(), hung.join("\n  "));
    }

    let mut newly = Vec::new();
    for ((page, clock), got) in &results {
        let want = expected.get(&(page.clone(), *clock));
        for (name, status) in &got.subtests {
            if status == "PASS" && want.and_then(|w| w.subtests.get(name)).is_none_or(|s| s != "PASS") {
                newly.push(format!("{page} ({}): {name}", clock.name()));
            }
        }
    }
    if !newly.is_empty() {
        say!("wpt: {} subtests pass that the expectations do not say pass:", newly.len());
        for n in &newly {
            say!("  {n}");
        }
    }
    say!("wpt: {} pages x 2 clocks in {:.1}s", pages.len(), started.elapsed().as_secs_f64());

    // This run's results, laid out as the expectations (to compare, or to
    // copy over them).
    let text = serde_json::to_string_pretty(&to_json(&results)).unwrap() + "\n";
    let _ = std::fs::write(Path::new(env!("CARGO_TARGET_TMPDIR")).join("wpt-results.json"), &text);
    // And the failure messages, to read why (`{"real": {PAGE: {NAME: MESSAGE}}}`).
    let mut messages = Map::new();
    for clock in CLOCKS {
        let pages: Map<String, Value> = results
            .iter()
            .filter(|((_, c), r)| *c == clock && !r.messages.is_empty())
            .map(|((p, _), r)| (p.clone(), json!(r.messages)))
            .collect();
        messages.insert(clock.name().into(), Value::Object(pages));
    }
    let _ = std::fs::write(
        Path::new(env!("CARGO_TARGET_TMPDIR")).join("wpt-messages.json"),
        serde_json::to_string_pretty(&Value::Object(messages)).unwrap() + "\n",
    );
    if std::env::var_os("WPT_UPDATE").is_some() {
        // The file's note of what is not implemented stays as it is, first
        // in the file (where it was: an update does not move it).
        let old: Value = std::fs::read_to_string(expectations_path())
            .ok()
            .and_then(|t| serde_json::from_str(&t).ok())
            .unwrap_or(Value::Null);
        let mut top = Map::new();
        if let Some(note) = old.get("not_implemented") {
            top.insert("not_implemented".into(), note.clone());
        }
        if let Value::Object(results) = to_json(&results) {
            top.extend(results);
        }
        let top = Value::Object(top);
        let text = serde_json::to_string_pretty(&top).unwrap() + "\n";
        std::fs::write(expectations_path(), text).unwrap();
        say!("wpt: wrote {}", expectations_path().display());
        return;
    }
    let regressed = regressions(&results);
    assert!(
        regressed.is_empty(),
        "{} subtests expected to pass do not (WPT_UPDATE=1 rewrites the expectations):\n{}",
        regressed.len(),
        regressed
            .iter()
            .map(|(p, c, n, s)| format!("  {p} ({}): {n}: {s}", c.name()))
            .collect::<Vec<_>>()
            .join("\n")
    );
}
