//! Worker threads beyond the conformance cases: the bench workloads' result
//! lines (the CI check of bench/workers, never a timing) and repeatability
//! under the virtual clock.
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().unwrap()
}

fn jsloop(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_jsloop")).args(args).current_dir(root()).output().unwrap();
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (out.status.code().unwrap_or(-1), text(&out.stdout), text(&out.stderr))
}

#[test]
fn a_job_split_over_one_or_two_worker_threads_gives_the_same_answer() {
    for clock in ["virtual", "real"] {
        for k in ["1", "2"] {
            let (code, out, err) =
                jsloop(&["run", "bench/workloads/worker_cpu_split.js", "--clock", clock, "--", k, "20000"]);
            assert_eq!((code, err.as_str()), (0, ""), "{clock} k={k}");
            assert_eq!(out, format!("worker_cpu_split k={k} n=20000 primes=2262\n"), "{clock}");
        }
    }
}

#[test]
fn message_round_trips_between_threads_are_repeatable_under_the_virtual_clock() {
    let run = || jsloop(&["run", "bench/workloads/worker_ping.js", "--clock", "virtual", "--", "300"]);
    let first = run();
    assert_eq!(first, (0, "worker_ping 300 sum=45150 round_trip_us=0.0\n".to_string(), String::new()));
    for _ in 0..3 {
        assert!(run() == first, "a virtual run differed");
    }
    let (code, out, _) = jsloop(&["run", "bench/workloads/worker_ping.js", "--clock", "real", "--", "300"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("worker_ping 300 sum=45150 round_trip_us="), "{out}");
}

#[test]
fn a_page_and_its_workers_trace_the_same_events_on_every_virtual_run() {
    let run = || {
        jsloop(&[
            "run",
            "conformance/browser/worker_messages_both_ways.html",
            "--clock",
            "virtual",
            "--trace=json",
        ])
    };
    let first = run();
    assert_eq!(first.0, 0);
    assert!(
        first.2.contains("\"loop\":\"worker 1 \\\"pinger\\\"\""),
        "{}",
        &first.2[..first.2.len().min(400)]
    );
    for _ in 0..5 {
        // (Not assert_eq!: a trace is long.)
        assert!(run() == first, "a virtual run differed");
    }
}

/// A terminated worker stays in its world until it has ended and told its
/// parent, so the parent's 'exit' event is never lost (it was in 8 of 20
/// virtual runs): 100 runs, the same bytes, which are Node's.
#[test]
fn a_terminated_worker_program_prints_the_same_bytes_on_100_virtual_runs() {
    let file = "tests/node/worker_terminated_while_idle_emits_exit_1.js";
    let expected =
        std::fs::read_to_string(root().join("tests/node/worker_terminated_while_idle_emits_exit_1.out"))
            .unwrap();
    for run in 0..100 {
        let got = jsloop(&["run", file, "--clock", "virtual"]);
        assert_eq!(got, (0, expected.clone(), String::new()), "virtual run {run}");
    }
}

/// Under the virtual clock a page can end a worker that never stops
/// running: the spinning worker shares its turn (docs/event-loop.md,
/// "Virtual time across loops"), so the page's `terminate()` runs, and the
/// same bytes come out on every run.
#[test]
fn a_page_terminates_a_spinning_worker_under_the_virtual_clock() {
    let dir = std::env::temp_dir().join(format!("jsloop-spin-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("spin.js"), "postMessage('start');\nfor (;;) {}\n").unwrap();
    std::fs::write(
        dir.join("page.js"),
        "const w = new Worker('spin.js');\n\
         w.onmessage = (e) => {\n\
           console.log('page got', e.data, 'at', performance.now());\n\
           w.terminate();\n\
           setTimeout(() => console.log('page goes on at', performance.now()), 100);\n\
         };\n",
    )
    .unwrap();
    let page = dir.join("page.js");
    let page = page.to_str().unwrap();
    let run = || jsloop(&["run", page, "--host", "browser", "--clock", "virtual", "--timeout", "20000"]);
    let first = run();
    assert_eq!(first, (0, "page got start at 0\npage goes on at 100\n".to_string(), String::new()));
    assert!(run() == first, "a virtual run differed");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A script that busy-waits on the clock ends under the virtual clock: from
/// the 1,000th read of an unmoving clock, each read lets 1 ms pass.
#[test]
fn a_busy_wait_on_the_clock_ends_under_the_virtual_clock() {
    let code = "const d = Date.now() + 50; let reads = 0;\n\
                while (Date.now() < d) reads++;\n\
                console.log(reads, performance.now());\n\
                setTimeout(() => console.log('timer at', performance.now()), 0);";
    let out = jsloop(&["--host", "browser", "--clock", "virtual", "-e", code]);
    // Reads 1-1000 (`d` and 999 tests) say 0; reads 1001-1050 say 1..50, so
    // the loop counts 999 + 49; then performance.now() (51) and setTimeout's
    // own reading of the clock (52, the timer's start) are still the same
    // task's. The timer's task is a new task.
    assert_eq!(out, (0, "1048 51\ntimer at 52\n".to_string(), String::new()));
}

/// A worker_threads program with every kind of step between its threads
/// (messages both ways, a port sent to the worker and closed there, a
/// SharedArrayBuffer, process.exit in the worker, a terminated worker, the
/// process 'worker' event) prints the same bytes, Node 24's, on 20 virtual
/// runs (100 were checked by hand when it was written).
#[test]
fn a_worker_lifecycle_program_prints_nodes_bytes_on_20_virtual_runs() {
    let file = "tests/node/worker_lifecycle_messages_ports_exit_and_terminate.js";
    let expected = std::fs::read_to_string(
        root().join("tests/node/worker_lifecycle_messages_ports_exit_and_terminate.out"),
    )
    .unwrap();
    for run in 0..20 {
        let got = jsloop(&["run", file, "--clock", "virtual"]);
        assert_eq!(got, (0, expected.clone(), String::new()), "virtual run {run}");
    }
}
