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
