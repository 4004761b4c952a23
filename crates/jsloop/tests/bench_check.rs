//! The CI check of bench/: every workload runs once on jsloop at 1/100 of
//! its size and must print exactly its check line (results, never timings;
//! the same lines `bench/run --check` expects).
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().unwrap()
}

const SCALE: f64 = 0.01;

fn n(base: f64) -> u64 {
    (base * SCALE).round() as u64
}

fn sum(n: u64, f: impl Fn(u64) -> u64) -> u64 {
    (0..n).map(f).sum()
}

/// Runs `bench/workloads/FILE` scaled down, with jsloop's extra arguments.
fn run(file: &str, args: &[&str]) -> String {
    let src = root().join("bench/workloads").join(file);
    let dir = std::env::temp_dir().join(format!("jsloop-bench-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let copy = dir.join(file);
    let text = std::fs::read_to_string(&src).unwrap();
    std::fs::write(&copy, format!("globalThis.BENCH_SCALE = {SCALE};\n{text}")).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_jsloop"))
        .arg("run")
        .arg(&copy)
        .args(args)
        .current_dir(root())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{file}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}

#[test]
fn every_benchmark_workload_prints_its_check_line() {
    let content = |i: u64| format!("small file number {i}\n").repeat(1 + (i % 8) as usize);
    let cases: Vec<(&str, Vec<&str>, String)> = vec![
        ("startup.mjs", vec![], "startup ok".into()),
        ("microtask_chain.mjs", vec![], format!("microtask_chain {}", n(1e6))),
        ("await_loop.mjs", vec![], format!("await_loop {} {}", n(2e5), sum(n(2e5), |i| i & 7))),
        ("immediate_chain.mjs", vec![], format!("immediate_chain {}", n(1e6))),
        (
            "message_ping.js",
            vec!["--host", "browser"],
            format!("message_ping {0} {1}", n(2e5), n(2e5) * (n(2e5) + 1) / 2),
        ),
        (
            "message_ping.js",
            vec!["--host", "node"],
            format!("message_ping {0} {1}", n(2e5), n(2e5) * (n(2e5) + 1) / 2),
        ),
        (
            "timers_scattered.mjs",
            vec![],
            format!("timers_scattered {} {}", n(3e5), sum(n(3e5), |i| (i * 7919) % 101)),
        ),
        ("timer_churn.mjs", vec![], format!("timer_churn {} fired=0", n(1e6))),
        ("next_tick.mjs", vec![], format!("next_tick {}", n(1e6))),
        (
            "map_object_keys.mjs",
            vec![],
            format!(
                "map_object_keys {0} sum={1} found={2} kept={3}",
                n(5e4),
                20 * n(5e4) * (n(5e4) - 1),
                20 * n(5e4),
                6 * n(5e4)
            ),
        ),
        (
            "fs_small_files.mjs",
            vec![],
            format!("fs_small_files {} bytes={} bad=0", n(1e4), sum(n(1e4), |i| content(i).len() as u64)),
        ),
        ("tcp_echo.mjs", vec![], format!("tcp_echo {} bytes={} bad=0", n(1e5), n(1e5) * 32)),
        ("http_hello.mjs", vec![], format!("http_hello {} bytes={} bad=0", n(2e4), n(2e4) * 14)),
        ("fetch_loop.mjs", vec![], format!("fetch_loop {} bytes={} bad=0", n(5e3), n(5e3) * 14)),
        (
            "dom_mutations.js",
            vec!["--host", "browser"],
            format!("dom_mutations {0} records={0} callbacks=1 children={1}", n(1e5), n(1e5).div_ceil(2)),
        ),
        (
            "raf_frames.js",
            vec!["--host", "browser", "--clock", "virtual"],
            format!("raf_frames {} increasing=true", n(1e4)),
        ),
        (
            "virtual_hour.mjs",
            vec!["--clock", "virtual"],
            "virtual_hour fired=3600 intervals=60 elapsed=60min".into(),
        ),
    ];
    for (file, args, expected) in cases {
        assert_eq!(run(file, &args), expected, "{file} {args:?}");
    }
}
