//! Node.js's own tests (`test/parallel`) against the node host.
//!
//! The tests live outside the repository, in `../shared/node-tests` (or the
//! directory named by `NODE_TESTS_DIR`); its README gives the rule this
//! runner follows exactly. For each test of `LIST` (the ones that pass on
//! Node 24): a fresh directory gets a copy of `test/common/` and of the test
//! as `test/parallel/FILE`, plus `test/fixtures/` (a symbolic link to the
//! shared one) when the test mentions fixtures; `jsloop run
//! test/parallel/FILE` runs from that directory's root with its own
//! `NODE_COMMON_PORT` and a time limit (on the test's own time: wall time
//! less the time its threads waited for a CPU, so that the machine's load
//! does not cut a slow test short). The test passes when jsloop exits
//! with status 0, does not print `1..0 # Skipped`, and its stdout has the
//! line `# common: exit-time call checks ran`.
//!
//! `tests/node-suite/passing.txt` lists the tests that passed when it was
//! last written. A listed test that fails (after a second try, alone and
//! with a longer limit, for timing under load) fails this test; tests that
//! pass but are not listed are printed, and `NODE_TESTS_UPDATE=1` rewrites
//! the list from this run. `tests/node-suite/unstable.txt` names the tests
//! whose outcome depends on timing, with the reason: they run and count but
//! are in neither list. `NODE_TESTS_FILTER=TEXT` runs only the tests
//! whose name contains TEXT (for work on one area; the list is then only
//! updated for those), `NODE_TESTS_JOBS=N` sets how many run at once and
//! `NODE_TESTS_LIMIT_MS` the time limit of a test; `NODE_TESTS_VERBOSE=1`
//! prints every test's outcome with the end of its stderr, and
//! `NODE_TESTS_LOGS=DIR` keeps each test's stdout and stderr in DIR.
//! `NODE_TESTS_SCRATCH=DIR` says where the scratch directories go (by
//! default `/dev/shm` when it has 4 GiB to spare, else the temporary
//! directory: see `scratch_parent`).
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Printed past the test harness's capture, so that every run shows the
/// figures, not only a failing one.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write;
        let _ = writeln!(std::io::stdout(), $($arg)*);
    }};
}

const EXIT_MARKER: &str = "# common: exit-time call checks ran";
const SKIPPED: &str = "1..0 # Skipped";
const EXPECTATIONS: &str = "tests/node-suite/passing.txt";
/// Tests whose outcome on jsloop depends on timing (each with the reason):
/// they run and count, but neither a pass nor a failure changes anything.
const UNSTABLE: &str = "tests/node-suite/unstable.txt";

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().unwrap()
}

fn tests_dir() -> PathBuf {
    match std::env::var_os("NODE_TESTS_DIR") {
        Some(d) => PathBuf::from(d),
        None => root().join("../shared/node-tests"),
    }
}

/// Where the tests' scratch directories go: `NODE_TESTS_SCRATCH` if set,
/// else `/dev/shm` when it is a memory file system with room to spare, else
/// the temporary directory. Two of `LIST`'s fs tests skip themselves (which
/// counts as a failure) unless the file system under their scratch directory
/// has 2 GiB available (`tmpdir.hasEnoughSpace(2 ** 31 - 1)`, for a sparse
/// file): on a disk that the workspace's own build has nearly filled, the
/// outcome would depend on the build, not on jsloop.
fn scratch_parent() -> PathBuf {
    if let Some(d) = std::env::var_os("NODE_TESTS_SCRATCH") {
        return PathBuf::from(d);
    }
    let shm = Path::new("/dev/shm");
    let room = || -> Option<u64> {
        // `df -Pk` (POSIX output): the fourth field of the second line is
        // the space available, in KiB.
        let out = Command::new("df").args(["-Pk"]).arg(shm).output().ok()?;
        let text = String::from_utf8(out.stdout).ok()?;
        text.lines().nth(1)?.split_whitespace().nth(3)?.parse().ok()
    };
    let probe = shm.join(format!(".jsloop-probe-{}", std::process::id()));
    let writable = std::fs::write(&probe, b"").is_ok();
    let _ = std::fs::remove_file(&probe);
    if writable && room().is_some_and(|kib| kib >= 4 << 20) {
        shm.to_path_buf()
    } else {
        std::env::temp_dir()
    }
}

#[derive(Clone)]
struct Test {
    group: String,
    file: String,
}

impl Test {
    fn id(&self) -> String {
        format!("{} {}", self.group, self.file)
    }
}

/// `group file` lines; `#` starts a comment line.
fn read_list(path: &Path) -> Vec<Test> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
        panic!(
            "{}: {e} (Node's tests are read from ../shared/node-tests, or the directory NODE_TESTS_DIR names)",
            path.display()
        )
    });
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (group, file) =
                l.split_once(' ').unwrap_or_else(|| panic!("{}: bad line {l:?}", path.display()));
            Test { group: group.to_string(), file: file.trim().to_string() }
        })
        .collect()
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let target = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy_dir(&e.path(), &target);
        } else {
            std::fs::copy(e.path(), &target).unwrap();
        }
    }
}

struct Outcome {
    passed: bool,
    /// Why it failed: exit status or time limit, and the end of stderr.
    detail: String,
}

/// How long process `pid` has waited on a run queue, ready to run but with
/// no CPU free: the most any of its threads has (jsloop runs a program's
/// JavaScript on a thread of its own, and a worker on another), from the
/// second field of Linux's `/proc/PID/task/TID/schedstat` (nanoseconds).
/// Zero where it cannot be read (no schedstats), so the limit is then on
/// wall time.
fn run_queue_wait(pid: u32) -> Duration {
    let Ok(threads) = std::fs::read_dir(format!("/proc/{pid}/task")) else { return Duration::ZERO };
    threads
        .filter_map(|t| std::fs::read_to_string(t.ok()?.path().join("schedstat")).ok())
        .filter_map(|s| s.split_whitespace().nth(1)?.parse().ok())
        .max()
        .map_or(Duration::ZERO, Duration::from_nanos)
}

fn run_test(src: &Path, scratch: &Path, test: &Test, port: u16, limit: Duration) -> Outcome {
    let _ = std::fs::remove_dir_all(scratch);
    let parallel = scratch.join("test/parallel");
    std::fs::create_dir_all(&parallel).unwrap();
    copy_dir(&src.join("test/common"), &scratch.join("test/common"));
    let source_path = src.join("test/parallel").join(&test.file);
    let source = std::fs::read(&source_path).unwrap_or_else(|e| panic!("{}: {e}", source_path.display()));
    std::fs::write(parallel.join(&test.file), &source).unwrap();
    if String::from_utf8_lossy(&source).contains("fixtures") {
        std::os::unix::fs::symlink(src.join("test/fixtures"), scratch.join("test/fixtures")).unwrap();
    }
    let stdout_path = scratch.join("stdout.txt");
    let stderr_path = scratch.join("stderr.txt");
    let started = Instant::now();
    let mut child = {
        use std::os::unix::process::CommandExt;
        Command::new(env!("CARGO_BIN_EXE_jsloop"))
            .args(["run", &format!("test/parallel/{}", test.file)])
            .current_dir(scratch)
            .env("NODE_COMMON_PORT", port.to_string())
            .stdin(Stdio::null())
            .stdout(std::fs::File::create(&stdout_path).unwrap())
            .stderr(std::fs::File::create(&stderr_path).unwrap())
            // Its own process group, so that the time limit ends whatever it started.
            .process_group(0)
            .spawn()
            .expect("run jsloop")
    };
    let mut waited = Duration::ZERO;
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break Some(status);
        }
        // The limit is on the test's own time: a test that was ready to run
        // but waited for a CPU (other tests, other builds on the machine)
        // did not spend that time, so a CPU-bound test is not cut short by
        // the machine's load, while a test that hangs (asleep, or spinning)
        // still reaches the limit.
        waited = run_queue_wait(child.id()).max(waited);
        if started.elapsed().saturating_sub(waited) > limit {
            let _ = Command::new("kill").args(["-KILL", "--", &format!("-{}", child.id())]).status();
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    // Whatever the test started and left running (a failed
    // child_process test leaves its persistent child behind) ends with it:
    // the test's process group is killed once it has exited.
    // SAFETY: kill(2) with a negative pid signals the group the test made
    // (process_group(0) above); it touches no memory of ours.
    unsafe { libc::kill(-(child.id() as libc::pid_t), libc::SIGKILL) };
    let stdout = std::fs::read_to_string(&stdout_path).unwrap_or_default();
    let stderr = String::from_utf8_lossy(&std::fs::read(&stderr_path).unwrap_or_default()).into_owned();
    if let Some(logs) = std::env::var_os("NODE_TESTS_LOGS") {
        let logs = PathBuf::from(logs);
        let _ = std::fs::create_dir_all(&logs);
        let _ = std::fs::write(logs.join(format!("{}.stdout", test.file)), &stdout);
        let _ = std::fs::write(logs.join(format!("{}.stderr", test.file)), &stderr);
    }
    let _ = std::fs::remove_dir_all(scratch);
    let exited_0 = status.is_some_and(|s| s.success());
    let marker = stdout.lines().any(|l| l == EXIT_MARKER);
    let skipped = stdout.contains(SKIPPED);
    let passed = exited_0 && marker && !skipped;
    let why = match status {
        None => format!("killed after the {} ms limit (not counting waits for a CPU)", limit.as_millis()),
        Some(s) if !s.success() => format!("exited with {s}"),
        // The whole line: it says why (`Not enough space in …`, a missing
        // feature), which decides whether the machine or jsloop is at fault.
        Some(_) if skipped => {
            let line = stdout.lines().find(|l| l.contains(SKIPPED)).unwrap_or(SKIPPED);
            format!("printed `{}`", line.trim())
        }
        Some(_) if !marker => "exited 0 without the exit-time marker".to_string(),
        Some(_) => "passed".to_string(),
    };
    let tail: Vec<&str> = stderr.lines().rev().take(12).collect();
    let detail = format!(
        "{why} in {} ms ({} ms of it waiting for a CPU)\n{}",
        started.elapsed().as_millis(),
        waited.as_millis(),
        tail.iter().rev().map(|l| format!("      {l}\n")).collect::<String>()
    );
    Outcome { passed, detail }
}

#[test]
fn node_tests() {
    let src = tests_dir();
    // The tests are not part of the repository. On a CI machine that lacks
    // them the run says so loudly instead of failing the whole build (.ci/run
    // prints the same); anywhere else their absence is an error.
    if !src.join("LIST").exists()
        && std::env::var_os("CI").is_some()
        && std::env::var_os("NODE_TESTS_DIR").is_none()
    {
        say!("node tests: NOT RUN: {} is not on this machine", src.display());
        return;
    }
    let list = read_list(&src.join("LIST"));
    let total = list.len();
    let filter = std::env::var("NODE_TESTS_FILTER").ok().filter(|f| !f.is_empty());
    let update = std::env::var("NODE_TESTS_UPDATE").is_ok_and(|v| v == "1");
    let jobs: usize = std::env::var("NODE_TESTS_JOBS").ok().and_then(|v| v.parse().ok()).unwrap_or(6);
    let limit = Duration::from_millis(
        std::env::var("NODE_TESTS_LIMIT_MS").ok().and_then(|v| v.parse().ok()).unwrap_or(8000),
    );
    let expectations_path = root().join(EXPECTATIONS);
    let expected: BTreeSet<String> = std::fs::read_to_string(&expectations_path)
        .unwrap_or_default()
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| l.trim().to_string())
        .collect();
    // `group file  reason` lines.
    let unstable: BTreeSet<String> = std::fs::read_to_string(root().join(UNSTABLE))
        .unwrap_or_default()
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| l.split_whitespace().take(2).collect::<Vec<_>>().join(" "))
        .collect();
    let ids: BTreeSet<String> = list.iter().map(Test::id).collect();
    let stale: Vec<&String> = expected.iter().filter(|e| !ids.contains(*e)).collect();
    assert!(stale.is_empty(), "{EXPECTATIONS} lists tests that are not in LIST: {stale:?}");

    let selected: Vec<usize> =
        (0..total).filter(|&i| filter.as_ref().is_none_or(|f| list[i].file.contains(f.as_str()))).collect();
    // Ports: each test its own, in a band picked by the process id so that
    // two runs on one machine rarely meet (tests may also use PORT + 1, + 2).
    let base_port = 16000 + (std::process::id() % 7) as u16 * 6000;
    let scratch_root = scratch_parent().join(format!("jsloop-node-tests-{}", std::process::id()));
    let started = Instant::now();
    let next = Arc::new(AtomicUsize::new(0));
    let results: Arc<Mutex<BTreeMap<usize, Outcome>>> = Arc::new(Mutex::new(BTreeMap::new()));
    let list = Arc::new(list);
    let selected = Arc::new(selected);
    let handles: Vec<_> = (0..jobs.max(1))
        .map(|_| {
            let (next, results, list, selected, src, scratch_root) = (
                next.clone(),
                results.clone(),
                list.clone(),
                selected.clone(),
                src.clone(),
                scratch_root.clone(),
            );
            std::thread::spawn(move || loop {
                let n = next.fetch_add(1, Ordering::SeqCst);
                let Some(&i) = selected.get(n) else { break };
                let port = base_port + (i as u16) * 4;
                let outcome = run_test(&src, &scratch_root.join(i.to_string()), &list[i], port, limit);
                results.lock().unwrap().insert(i, outcome);
            })
        })
        .collect();
    for h in handles {
        h.join().unwrap();
    }
    let mut results = std::mem::take(&mut *results.lock().unwrap());
    if std::env::var("NODE_TESTS_VERBOSE").is_ok_and(|v| v == "1") {
        for (&i, o) in &results {
            say!("{} {}: {}", if o.passed { "PASS" } else { "FAIL" }, list[i].id(), o.detail.trim_end());
        }
    }

    // A listed test that failed runs again, alone and with twice the time:
    // the first run shared two cores with everything else.
    let mut passed_on_retry = Vec::new();
    for (&i, outcome) in results.iter_mut() {
        if !outcome.passed && expected.contains(&list[i].id()) {
            let again = run_test(
                &src,
                &scratch_root.join(i.to_string()),
                &list[i],
                base_port + (i as u16) * 4,
                limit * 2,
            );
            if again.passed {
                passed_on_retry.push(list[i].id());
            }
            *outcome = again;
        }
    }
    let _ = std::fs::remove_dir_all(&scratch_root);
    let elapsed = started.elapsed();

    let mut regressions = Vec::new();
    let mut newly = Vec::new();
    for (&i, outcome) in &results {
        let id = list[i].id();
        if unstable.contains(&id) {
            continue;
        }
        match (outcome.passed, expected.contains(&id)) {
            (false, true) => regressions.push(format!("{id}: {}", outcome.detail)),
            (true, false) => newly.push(id),
            _ => {}
        }
    }

    // The table: every group of LIST, jsloop's passes out of Node's.
    let mut groups: BTreeMap<&str, (usize, usize, usize)> = BTreeMap::new();
    for (i, t) in list.iter().enumerate() {
        let g = groups.entry(t.group.as_str()).or_default();
        g.1 += 1;
        if let Some(o) = results.get(&i) {
            g.2 += 1;
            if o.passed {
                g.0 += 1;
            }
        }
    }
    let passing = results.values().filter(|o| o.passed).count();
    if filter.is_some() {
        say!("node tests: {passing} of {} selected pass (NODE_TESTS_FILTER; {total} in LIST)", results.len());
    } else {
        say!("node tests: {passing} of {total} pass ({:.1} s, {jobs} at once)", elapsed.as_secs_f64());
    }
    say!("{:<20} {:>6} {:>6} {:>6}", "group", "jsloop", "node", "%");
    for (g, (pass, on_node, ran)) in &groups {
        if *ran == 0 {
            continue;
        }
        say!("{g:<20} {pass:>6} {on_node:>6} {:>5.0}%", 100.0 * *pass as f64 / *on_node as f64);
    }
    if !passed_on_retry.is_empty() {
        say!("passed only when run again alone: {}", passed_on_retry.join(", "));
    }
    if !newly.is_empty() {
        say!("{} newly passing (not in {EXPECTATIONS}):", newly.len());
        for id in &newly {
            say!("  {id}");
        }
    }

    if update {
        // This run's results for the tests it ran, the list's for the others.
        let ran: BTreeSet<String> = results.keys().map(|&i| list[i].id()).collect();
        let passed: BTreeSet<String> =
            results.iter().filter(|(_, o)| o.passed).map(|(&i, _)| list[i].id()).collect();
        let mut text = String::from(
            "# Node's tests (../shared/node-tests LIST) that pass on jsloop: `group file`.\n\
             # Written by `NODE_TESTS_UPDATE=1 cargo test -p jsloop --test node_suite`.\n",
        );
        for t in list.iter() {
            let id = t.id();
            if unstable.contains(&id) {
                continue;
            }
            if passed.contains(&id) || (!ran.contains(&id) && expected.contains(&id)) {
                text.push_str(&id);
                text.push('\n');
            }
        }
        std::fs::create_dir_all(expectations_path.parent().unwrap()).unwrap();
        std::fs::write(&expectations_path, text).unwrap();
        say!("wrote {EXPECTATIONS}");
        return;
    }
    assert!(
        regressions.is_empty(),
        "{} test(s) listed in {EXPECTATIONS} no longer pass:\n\n{}",
        regressions.len(),
        regressions.join("\n")
    );
}
