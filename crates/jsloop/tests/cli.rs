//! The `jsloop` command: flags, bad input, exit codes, the trace.
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().unwrap()
}

/// Runs jsloop; a `run` without `--host` gets `--host browser` (these tests
/// are about the browser host and the command line).
fn jsloop(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_jsloop"))
        .args(with_browser_host(args))
        .current_dir(root())
        .output()
        .unwrap()
}

fn with_browser_host<'a>(args: &[&'a str]) -> Vec<&'a str> {
    let mut v = args.to_vec();
    if v.first() == Some(&"run") && !v.contains(&"--host") && !v.contains(&"--help") {
        v.push("--host");
        v.push("browser");
    }
    v
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("jsloop-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn script(name: &str, source: &[u8]) -> (PathBuf, String) {
    let dir = scratch(name);
    let path = dir.join(format!("{name}.js"));
    std::fs::write(&path, source).unwrap();
    let shown = path.display().to_string();
    (dir, shown)
}

#[test]
fn help_explains_every_flag() {
    let out = jsloop(&["run", "--help"]);
    assert!(out.status.success());
    let help = text(&out.stdout);
    for flag in ["--host", "--clock", "--trace", "--trace-file", "--max-time"] {
        assert!(help.contains(flag), "run --help does not mention {flag}:\n{help}");
    }
    assert!(jsloop(&["--help"]).status.success());
}

#[test]
fn unknown_flag_is_a_usage_error() {
    let out = Command::new(env!("CARGO_BIN_EXE_jsloop"))
        .args(["run", "examples/tasks_and_microtasks.js", "--no-such-flag"])
        .current_dir(root())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--no-such-flag"));
}

#[test]
fn missing_file_is_a_one_line_error() {
    let out = jsloop(&["run", "no/such/file.js"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stderr), "jsloop: no/such/file.js: cannot read: no such file\n");
    assert!(out.stdout.is_empty());
}

#[test]
fn a_directory_is_not_a_script() {
    let out = jsloop(&["run", "examples"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stderr), "jsloop: examples: is a directory, not a script\n");
}

#[test]
fn invalid_utf8_is_reported_with_its_offset() {
    let (_d, path) = script("bad_utf8", b"console.log('a');\n\xff\xfe");
    let out = jsloop(&["run", &path]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stderr), format!("jsloop: {path}: not valid UTF-8 (invalid byte at offset 18)\n"));
}

#[test]
fn an_empty_file_runs_and_exits_zero() {
    let (_d, path) = script("empty", b"");
    let out = jsloop(&["run", &path, "--clock", "virtual"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stdout.is_empty() && out.stderr.is_empty());
}

#[test]
fn a_syntax_error_names_file_line_and_column_and_runs_nothing() {
    let (_d, path) = script("syntax", b"console.log('never printed');\nlet x = ;\n");
    let out = jsloop(&["run", &path]);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    // The place and V8's words (Chromium's console says `Uncaught
    // SyntaxError: Unexpected token ';'`), then the line and a caret.
    assert_eq!(
        text(&out.stderr),
        format!("{path}:2:9: SyntaxError: Unexpected token ';'\nlet x = ;\n        ^\n")
    );
}

#[test]
fn an_uncaught_error_exits_one_and_keeps_everything_printed() {
    let (dir, path) = script(
        "uncaught",
        b"for (let i = 0; i < 1000; i++) console.log('line ' + i);\nsetTimeout(() => { throw new Error('late'); }, 5);\nsetTimeout(() => console.log('after'), 10);\n",
    );
    // stdout to a file, as a user piping the output would.
    let out_path = dir.join("out.txt");
    let status = Command::new(env!("CARGO_BIN_EXE_jsloop"))
        .args(["run", &path, "--clock", "virtual", "--host", "browser"])
        .stdout(std::fs::File::create(&out_path).unwrap())
        .stderr(std::process::Stdio::piped())
        .output()
        .unwrap();
    assert_eq!(status.status.code(), Some(1));
    let printed = std::fs::read_to_string(&out_path).unwrap();
    assert_eq!(printed.lines().count(), 1001);
    assert_eq!(printed.lines().last(), Some("after"));
    assert!(text(&status.stderr).starts_with("Uncaught Error: late\n"), "{}", text(&status.stderr));
}

#[test]
fn an_error_event_listener_that_cancels_keeps_exit_zero() {
    let (_d, path) = script(
        "canceled",
        b"window.onerror = () => true;\nsetTimeout(() => { throw new Error('handled'); });\n",
    );
    let out = jsloop(&["run", &path, "--clock", "virtual"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(out.stderr.is_empty());
}

#[test]
fn max_time_stops_a_script_that_never_ends() {
    let (_d, path) = script("forever", b"let n = 0; setInterval(() => console.log('tick ' + ++n), 100);\n");
    let out = jsloop(&["run", &path, "--clock", "virtual", "--max-time", "350"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text(&out.stdout), "tick 1\ntick 2\ntick 3\n");
    assert_eq!(
        text(&out.stderr),
        "jsloop: stopped at --max-time 350ms with 1 active timer(s) and 0 queued task(s) left (a page never quits on its own)\n"
    );
}

#[test]
fn bad_max_time_is_rejected() {
    let out = jsloop(&["run", "examples/tasks_and_microtasks.js", "--max-time=-1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--max-time"));
}

#[test]
fn json_trace_is_one_object_per_line_with_every_step() {
    let dir = scratch("json_trace");
    let trace = dir.join("trace.jsonl");
    let out = jsloop(&[
        "run",
        "examples/tasks_and_microtasks.js",
        "--clock",
        "virtual",
        "--trace=json",
        "--trace-file",
        trace.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    assert!(out.stderr.is_empty(), "the trace went to the file, not stderr");
    let lines = std::fs::read_to_string(&trace).unwrap();
    let mut events = Vec::new();
    for line in lines.lines() {
        let v: serde_json::Value = serde_json::from_str(line).expect("each line is JSON");
        assert!(v["at_ms"].is_number(), "{line}");
        events.push(v["event"].as_str().unwrap().to_string());
    }
    for e in [
        "task-queued",
        "task-start",
        "task-end",
        "timer-start",
        "timer-due",
        "microtask",
        "checkpoint-end",
        "clock-advance",
        "loop-end",
    ] {
        assert!(events.iter().any(|x| x == e), "no {e} in the trace");
    }
    // The clamped timer says so.
    assert!(lines.contains("\"clamped\":true"), "no clamped timer");
    assert!(lines.contains("\"source\":\"posted-message\""));
}

#[test]
fn text_trace_names_the_task_source_and_origin() {
    let out = jsloop(&["run", "tests/ordering/timeout_after_promise.js", "--clock", "virtual", "--trace"]);
    let err = text(&out.stderr);
    assert!(
        err.contains("timer   #1 setTimeout(0ms, nesting 1) due at 0ms from tests/ordering/timeout_after_promise.js:3:1"),
        "{err}"
    );
    assert!(err.contains("[timer] timer #1 setTimeout(0ms, nesting 1)"), "{err}");
    assert!(
        err.contains("↳ it is the promise reaction from tests/ordering/timeout_after_promise.js:7:"),
        "{err}"
    );
    assert!(err.contains("end of loop: nothing can ever run again"), "{err}");
}

#[test]
fn a_long_task_is_marked_in_the_trace() {
    // Real clock: the script busy-waits 60 ms, so its task is a long task.
    let (_d, path) = script(
        "long",
        b"const t = performance.now(); while (performance.now() - t < 60) {}\nsetTimeout(() => {}, 0);\n",
    );
    let out = jsloop(&["run", &path, "--clock", "real", "--trace=json"]);
    assert!(out.status.success());
    let err = text(&out.stderr);
    let ends: Vec<&str> = err.lines().filter(|l| l.contains("\"event\":\"task-end\"")).collect();
    // The script's task, DOMContentLoaded, load, the timer.
    assert_eq!(ends.len(), 4, "{err}");
    assert!(ends[0].contains("\"long\":true"), "{}", ends[0]);
    assert!(ends[1..].iter().all(|e| e.contains("\"long\":false")), "{err}");
}

#[test]
fn the_virtual_clock_finishes_a_one_hour_timer_at_once_with_identical_runs() {
    let a = jsloop(&[
        "run",
        "tests/ordering/one_hour_timer_under_the_virtual_clock.js",
        "--clock",
        "virtual",
        "--trace",
    ]);
    let b = jsloop(&[
        "run",
        "tests/ordering/one_hour_timer_under_the_virtual_clock.js",
        "--clock",
        "virtual",
        "--trace",
    ]);
    assert_eq!(a.stdout, b.stdout);
    assert_eq!(a.stderr, b.stderr);
    assert!(text(&a.stderr).contains("clock   0ms -> 3600000ms"));
}

#[test]
fn the_host_follows_the_file_unless_told() {
    let dir = scratch("default_host");
    let js = dir.join("which.js");
    std::fs::write(&js, "console.log(typeof window, typeof process);\n").unwrap();
    let html = dir.join("which.html");
    std::fs::write(&html, "<script>console.log(typeof window, typeof process)</script>\n").unwrap();
    let run = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_jsloop")).args(args).output().unwrap();
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    assert_eq!(run(&["run", js.to_str().unwrap()]), "undefined object\n", ".js runs in the node host");
    assert_eq!(run(&["run", html.to_str().unwrap()]), "object undefined\n", ".html runs in the browser host");
    assert_eq!(run(&["run", js.to_str().unwrap(), "--host", "browser"]), "object undefined\n");
}

#[test]
fn a_workers_trace_records_name_their_loop() {
    let out =
        jsloop(&["run", "conformance/browser/worker_nested.html", "--clock", "virtual", "--trace=json"]);
    assert_eq!(out.status.code(), Some(0));
    let stderr = text(&out.stderr);
    let loops: std::collections::BTreeSet<String> = stderr
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .map(|v| v.get("loop").and_then(|l| l.as_str()).unwrap_or("page").to_string())
        .collect();
    let expected = ["page", "worker 1 (_worker_nested_outer.js)", "worker 2 (_worker_nested_inner.js)"];
    assert_eq!(loops.into_iter().collect::<Vec<_>>(), expected);
}

#[test]
fn the_chrome_trace_shows_each_loop_as_a_thread() {
    let file = std::env::temp_dir().join(format!("jsloop-chrome-workers-{}.json", std::process::id()));
    let out = jsloop(&[
        "run",
        "conformance/browser/worker_nested.html",
        "--clock",
        "virtual",
        "--trace=chrome",
        "--trace-file",
        file.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0));
    let trace: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let events = trace["traceEvents"].as_array().unwrap();
    let threads: Vec<&str> = events
        .iter()
        .filter(|e| e["name"] == "thread_name")
        .map(|e| e["args"]["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        threads,
        [
            "event loop",
            "event loop: host time",
            "worker 1 (_worker_nested_outer.js)",
            "worker 1 (_worker_nested_outer.js): host time",
            "worker 2 (_worker_nested_inner.js)",
            "worker 2 (_worker_nested_inner.js): host time"
        ]
    );
    // Every loop ran tasks on its own thread.
    for tid in 1..=3 {
        assert!(events.iter().any(|e| e["ph"] == "B" && e["tid"] == tid), "no task slice on thread {tid}");
    }
}

/// Runs jsloop as typed (no `--host` added), with `stdin` as its input.
fn jsloop_with_input(args: &[&str], stdin: &str) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_jsloop"))
        .args(args)
        .current_dir(root())
        .env("JSLOOP_REPL_HISTORY", "")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn a_file_runs_without_a_subcommand_and_what_follows_it_is_the_scripts() {
    let (_dir, path) = script("direct", b"console.log(process.argv.slice(2).join(' '));\n");
    let out = jsloop_with_input(&[&path, "--clock", "virtual", "-e", "x"], "");
    assert_eq!(text(&out.stdout), "--clock virtual -e x\n", "{}", text(&out.stderr));
    assert!(out.status.success());
    // Flags before the file are jsloop's.
    let (_dir, path) =
        script("direct_flags", b"setTimeout(() => console.log(performance.now()), 3600000);\n");
    let out = jsloop_with_input(&["--clock", "virtual", &path], "");
    assert_eq!(text(&out.stdout), "3600000\n");
    let out = jsloop_with_input(&["--host", "browser", "tests/ordering/timeout_after_promise.js"], "");
    assert_eq!(text(&out.stdout), "script\npromise\ntimeout\n", "{}", text(&out.stderr));
}

/// `-v` prints the version, as `node -v` does (and `-V`, `--version`).
#[test]
fn dash_v_prints_the_version() {
    for flag in ["-v", "-V", "--version"] {
        let out = jsloop_with_input(&[flag], "");
        assert_eq!(text(&out.stdout), format!("jsloop {}\n", env!("CARGO_PKG_VERSION")), "{flag}");
        assert!(out.status.success());
    }
}

#[test]
fn eval_and_print_run_code_from_the_command_line() {
    // (The script's arguments follow the executable in process.argv: Node 24
    // printed `[eval] function [ 'a' ]`.)
    let out = jsloop_with_input(
        &[
            "-e",
            "console.log(require('path').basename(__filename), typeof require, process.argv.slice(1))",
            "a",
        ],
        "",
    );
    assert_eq!(text(&out.stdout), "[eval] function [ 'a' ]\n", "{}", text(&out.stderr));
    // Not a main module: Node's evalScript names it `[eval]`, with no
    // require.main, `__dirname` '.', and the working directory's paths for
    // require (Node 24 printed `[eval] . [eval] undefined [eval]`, and for
    // standard input `[stdin] . [stdin] undefined`).
    let code = "console.log(__filename, __dirname, module.id, require.main, require('path').basename(module.filename))";
    let out = jsloop_with_input(&["-e", code], "");
    assert_eq!(text(&out.stdout), "[eval] . [eval] undefined [eval]\n", "{}", text(&out.stderr));
    let out = jsloop_with_input(&["-"], "console.log(__filename, __dirname, module.id, require.main)");
    assert_eq!(text(&out.stdout), "[stdin] . [stdin] undefined\n", "{}", text(&out.stderr));
    let out = jsloop_with_input(
        &["-e", "console.log(require('path').relative(process.cwd(), require.resolve('./examples/node_phases.js')))"],
        "",
    );
    assert_eq!(
        text(&out.stdout),
        "examples/node_phases.js\n",
        "a relative require resolves in the working directory"
    );
    // -p prints when the process exits, after what the loop printed (node -p).
    let out = jsloop_with_input(
        &["--clock", "virtual", "-p", "setTimeout(() => console.log(1), 5); ({ two: 2 })"],
        "",
    );
    assert_eq!(text(&out.stdout), "1\n{ two: 2 }\n", "{}", text(&out.stderr));
    let out = jsloop_with_input(&["--host", "browser", "-p", "typeof document"], "");
    assert_eq!(text(&out.stdout), "object\n");
    let out = jsloop_with_input(&["-e", "throw new TypeError('bad')"], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("TypeError: bad"), "{}", text(&out.stderr));
    // The code is no file, yet its errors have their code frame (Node 24:
    // `[eval]:1`, the line, a caret under the `*`, the error).
    let out = jsloop_with_input(&["-e", "let a = +* 2"], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("let a = +* 2\n         ^\n\nSyntaxError: Unexpected token '*'"),
        "{}",
        text(&out.stderr)
    );
    let out = jsloop_with_input(&["-"], "\nnull.x");
    assert!(text(&out.stderr).contains("[stdin]:2\nnull.x\n"), "{}", text(&out.stderr));
}

#[test]
fn a_script_can_come_from_standard_input() {
    // (process.argv[1] is `-`, as Node 24 printed: `[stdin] [ '-', 'x' ]`.)
    let code = "setImmediate(() => console.log('immediate')); console.log(require('path').basename(__filename), process.argv.slice(1));\n";
    let out = jsloop_with_input(&["-", "x"], code);
    assert_eq!(text(&out.stdout), "[stdin] [ '-', 'x' ]\nimmediate\n", "{}", text(&out.stderr));
    // No file and an input that is not a terminal: the script is the input.
    let out = jsloop_with_input(&["--host", "browser"], "console.log(typeof window)");
    assert_eq!(text(&out.stdout), "object\n", "{}", text(&out.stderr));
    let out = jsloop_with_input(&["run", "-"], "console.log('from run -')");
    assert_eq!(text(&out.stdout), "from run -\n");
}

#[test]
fn trace_with_a_space_before_its_format_says_to_write_an_equals_sign() {
    for args in [
        &["run", "examples/tasks_and_microtasks.js", "--trace", "html"][..],
        &["--trace", "html", "examples/tasks_and_microtasks.js"][..],
        &["--trace", "json"][..],
    ] {
        let out = jsloop_with_input(args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = text(&out.stderr);
        assert!(err.contains("--trace="), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

#[test]
fn a_flag_that_does_not_apply_to_the_host_is_refused_with_a_reason() {
    let cases: &[(&[&str], &str)] = &[
        (&["run", "examples/node_phases.js", "--input", "x.json"], "--input"),
        (&["run", "examples/node_phases.js", "--fps", "30"], "--fps"),
        (&["--fps", "30", "-e", "1"], "--fps"),
        (
            &["run", "examples/tasks_and_microtasks.js", "--host", "browser", "--node-microtasks", "legacy"],
            "--node-microtasks",
        ),
        (&["run", "examples/tasks_and_microtasks.js", "--host", "browser", "--", "arg"], "process.argv"),
        (&["explain", "examples/node_phases.js", "--clock", "real"], "virtual clock"),
        (&["explain", "examples/node_phases.js", "--trace"], "trace"),
        (&["-i", "--clock", "virtual"], "real time"),
    ];
    for (args, says) in cases {
        let out = jsloop_with_input(args, "");
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.starts_with("jsloop: ") && err.contains(says), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?} ran");
    }
}

#[test]
fn every_number_on_the_command_line_is_range_checked() {
    for args in [
        &["--max-heap", "0"][..],
        &["--max-heap", "-5"][..],
        &["--max-heap", "99999999999"][..],
        &["--max-stack", "0"][..],
        &["--max-stack", "1000000"][..],
        &["--timeout", "0"][..],
        &["--fps", "0"][..],
        &["--fps", "1001"][..],
        &["--max-time=-1"][..],
        &["--max-time", "NaN"][..],
    ] {
        let mut all = vec!["run", "examples/tasks_and_microtasks.js", "--host", "browser"];
        all.extend_from_slice(args);
        let out = jsloop_with_input(&all, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", text(&out.stderr));
        assert!(out.stdout.is_empty(), "{args:?} ran");
    }
}

/// Node's poll phase begins before it waits: in the text trace every
/// `phase poll done` has its `phase poll` (once, not again when a callback
/// comes), and in the Chrome trace every `E` closes a `B` on its thread and
/// every `B` is closed. Under the virtual clock the loop's own slices have
/// no width; the host-time thread's have the width of the host's work.
#[test]
fn node_phases_are_balanced_slices_in_the_text_and_chrome_traces() {
    let out = Command::new(env!("CARGO_BIN_EXE_jsloop"))
        .args(["--clock", "virtual", "--trace", "examples/node_phases.js"])
        .current_dir(root())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let trace = text(&out.stderr);
    let mut open: Option<String> = None;
    let mut polls = 0;
    for line in trace.lines() {
        let Some(rest) = line.split("] phase   ").nth(1) else { continue };
        if let Some((phase, _)) = rest.split_once(" done: ") {
            assert_eq!(
                open.take().as_deref(),
                Some(phase),
                "`{line}` ends a phase that did not start:\n{trace}"
            );
            polls += usize::from(phase == "poll");
        } else {
            assert_eq!(open, None, "`{line}` starts a phase inside another:\n{trace}");
            open = Some(rest.to_string());
        }
    }
    assert!(polls >= 3, "too few poll phases:\n{trace}");

    let file = std::env::temp_dir().join(format!("jsloop-chrome-node-{}.json", std::process::id()));
    let out = Command::new(env!("CARGO_BIN_EXE_jsloop"))
        .args([
            "--clock",
            "virtual",
            "--trace=chrome",
            "--trace-file",
            file.to_str().unwrap(),
            "examples/node_phases.js",
        ])
        .current_dir(root())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let trace: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let _ = std::fs::remove_file(&file);
    let mut stacks: std::collections::BTreeMap<u64, Vec<f64>> = Default::default();
    let mut host_widths = Vec::new();
    for e in trace["traceEvents"].as_array().unwrap() {
        let tid = e["tid"].as_u64().unwrap_or(0);
        let ts = e["ts"].as_f64().unwrap_or(0.0);
        match e["ph"].as_str() {
            Some("B") => stacks.entry(tid).or_default().push(ts),
            Some("E") => {
                let begun = stacks.entry(tid).or_default().pop();
                let begun = begun.unwrap_or_else(|| panic!("an E with no B on thread {tid}: {e}"));
                assert!(ts >= begun, "a slice ends before it begins on thread {tid}: {e}");
                if tid > 1000 {
                    host_widths.push(ts - begun);
                }
            }
            _ => {}
        }
    }
    for (tid, open) in stacks {
        assert!(open.is_empty(), "{} slice(s) never closed on thread {tid}", open.len());
    }
    assert!(
        !host_widths.is_empty() && host_widths.iter().all(|w| *w > 0.0),
        "host-time slices: {host_widths:?}"
    );
}

/// The trace carries the script's call stack before what it asked the host
/// for: `el.click()`'s listener logs on top of the script's frame (seed
/// 000); in the node host a log inside a function called from a timer, with
/// columns of a module's first line counted as in the file.
#[test]
fn call_stacks_are_traced_when_the_script_calls_the_host() {
    let out = jsloop(&[
        "run",
        "tests/pages/seed_000_el_click_runs_listeners_inside_the_script.html",
        "--clock",
        "virtual",
        "--trace=json",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let records: Vec<serde_json::Value> =
        text(&out.stderr).lines().filter_map(|l| serde_json::from_str(l).ok()).collect();
    let before = |what: &str| -> Vec<String> {
        let at = records.iter().position(|r| r["event"] == "output" && r["text"] == what).unwrap();
        assert_eq!(records[at - 1]["event"], "call-stack", "no call stack before {what:?}");
        records[at - 1]["frames"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| format!("{} {}:{}", f["function"].as_str().unwrap(), f["line"], f["column"]))
            .collect()
    };
    assert_eq!(before("script"), ["<eval> 24:9"]);
    // (a listener is named after its event target's interface, as Chromium names it)
    assert_eq!(before("click event inner"), ["HTMLDivElement.onClick 14:11", "<eval> 26:7"]);
    assert_eq!(before("resolved inner"), ["<anonymous> 17:13"]);

    let (_dir, path) = script(
        "call_stack_node",
        b"function b() { console.log('b'); }\nfunction a() { setTimeout(() => b(), 0); }\na();\n",
    );
    let out = Command::new(env!("CARGO_BIN_EXE_jsloop"))
        .args(["--clock", "virtual", "--trace=json", &path])
        .current_dir(root())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stacks: Vec<String> = text(&out.stderr)
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|r| r["event"] == "call-stack")
        .map(|r| {
            let frames: Vec<String> = r["frames"]
                .as_array()
                .unwrap()
                .iter()
                .map(|f| format!("{} {}:{}", f["function"].as_str().unwrap(), f["line"], f["column"]))
                .collect();
            frames.join(" <- ")
        })
        .collect();
    // setTimeout inside a() (the timer's note), then b's log from the timer's callback.
    // (QuickJS places a method call at the method's name, `log`, except on a
    // source's first line, where it is the dot before it.)
    // The frames are named as V8 names them in Node 24's stack traces: the
    // module's body `Object.<anonymous>`, the timer's arrow function
    // `Timeout._onTimeout`.
    assert_eq!(stacks, ["a 2:16 <- Object.<anonymous> 3:1", "b 1:23 <- Timeout._onTimeout 2:33"]);
}

/// The node host traces what the script schedules that the loop's own
/// records do not show being queued (setImmediate, process.nextTick,
/// `.then`, queueMicrotask), each after the script's call stack; and every
/// frame is named as Node 24 names it in a stack trace: at each of the
/// script's logs, the names in jsloop's trace are the ones Node 24 printed
/// from `new Error().stack` at that point
/// (tests/trace/stack_frame_names.node24.out).
#[test]
fn node_host_traces_what_the_script_schedules_with_nodes_frame_names() {
    let out = jsloop(&[
        "run",
        "tests/trace/stack_frame_names.js",
        "--host",
        "node",
        "--clock",
        "virtual",
        "--trace=json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let records: Vec<serde_json::Value> =
        text(&out.stderr).lines().filter_map(|l| serde_json::from_str(l).ok()).collect();
    let names = |r: &serde_json::Value| -> Vec<String> {
        r["frames"].as_array().unwrap().iter().map(|f| f["function"].as_str().unwrap().to_string()).collect()
    };
    // At each log: the label, and the frames under the script's `show`.
    let logged: Vec<String> = records
        .windows(2)
        .filter(|w| w[0]["event"] == "call-stack" && w[1]["event"] == "output")
        .map(|w| {
            let label = w[1]["text"].as_str().unwrap().split(':').next().unwrap().to_string();
            let frames = names(&w[0]);
            assert_eq!(frames[0], "show", "{label}: {frames:?}");
            format!("{label}: {}", frames[1..].join(" <- "))
        })
        .collect();
    let node = std::fs::read_to_string(root().join("tests/trace/stack_frame_names.node24.out")).unwrap();
    assert_eq!(logged, node.lines().collect::<Vec<_>>());

    // What schedule() scheduled: each note after schedule()'s stack.
    let scheduled: Vec<String> = records
        .windows(2)
        .filter(|w| w[0]["event"] == "call-stack" && w[1]["event"] == "note")
        .map(|w| {
            let f = &w[0]["frames"][0];
            format!(
                "{} | {} {}:{}",
                w[1]["text"].as_str().unwrap(),
                names(&w[0]).join(" <- "),
                f["line"],
                f["column"]
            )
        })
        .collect();
    let by = "schedule <- main <- Object.<anonymous>";
    assert_eq!(
        scheduled,
        [
            format!("immediate #1 queued for the check phase | {by} 29:16"),
            format!("immediate #2 queued for the check phase | {by} 30:3"),
            format!("nextTick callback queued (1 waiting) | {by} 31:11"),
            format!("promise.then(): the promise is settled; its reaction job is queued now | {by} 32:21"),
            format!("queueMicrotask(): a microtask queued | {by} 33:3"),
            format!("timer #1 setTimeout(20ms) due at 20ms | {by} 34:14"),
            format!("timer #2 setTimeout(20ms) due at 20ms | {by} 35:3"),
            "timer #3 setTimeout(40ms) due at 40ms | <anonymous> <- Object.<anonymous> 40:37".to_string(),
            "promise.then(): the promise is pending; its reaction job is queued when it settles | Object.<anonymous> 40:51"
                .to_string(),
        ]
    );
    // Each reaction says, as its job starts, where .then was called.
    let sources: Vec<String> = records
        .iter()
        .filter(|r| r["event"] == "microtask-source")
        .map(|r| match r.get("origin") {
            Some(o) => format!("{} {}:{}", r["kind"].as_str().unwrap(), o["line"], o["column"]),
            None => r["kind"].as_str().unwrap().to_string(),
        })
        .collect();
    assert_eq!(sources, ["promise reaction 32:21", "queueMicrotask", "promise reaction 40:51"]);
}

/// The browser host's frames are named as Chromium 156 names them in a
/// stack trace (tests/trace/browser_frame_names.chromium.out, recorded with
/// tools/record/chromium.mjs): a listener by its event target's interface,
/// `HTMLButtonElement.onClick`. (V8 prints only the location for a script's
/// top level, as for an anonymous function; the trace calls it `<eval>`.)
#[test]
fn browser_host_frames_are_named_as_chromium_names_them() {
    let out = jsloop(&["run", "tests/trace/browser_frame_names.js", "--clock", "virtual", "--trace=json"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let records: Vec<serde_json::Value> =
        text(&out.stderr).lines().filter_map(|l| serde_json::from_str(l).ok()).collect();
    let logged: Vec<String> = records
        .windows(2)
        .filter(|w| w[0]["event"] == "call-stack" && w[1]["event"] == "output")
        .filter(|w| w[1]["text"] != "__done__")
        .map(|w| {
            let label = w[1]["text"].as_str().unwrap().split(':').next().unwrap().to_string();
            let frames: Vec<&str> = w[0]["frames"]
                .as_array()
                .unwrap()
                .iter()
                .map(|f| match f["function"].as_str().unwrap() {
                    "<eval>" => "<anonymous>",
                    name => name,
                })
                .collect();
            assert_eq!(frames[0], "show", "{label}: {frames:?}");
            format!("{label}: {}", frames[1..].join(" <- "))
        })
        .collect();
    let chromium =
        std::fs::read_to_string(root().join("tests/trace/browser_frame_names.chromium.out")).unwrap();
    assert_eq!(logged, chromium.lines().collect::<Vec<_>>());
}

/// `--unhandled-rejections=MODE` as Node's flag: each mode's stdout and exit
/// code are what Node 24 printed and exited with
/// (`tests/node/unhandled_rejections/MODE.out`, recorded with the command
/// in `modes.js`); an unknown mode is Node's one-line error and exit code 9.
#[test]
fn unhandled_rejections_modes_are_nodes() {
    let script = "tests/node/unhandled_rejections/modes.js";
    for (mode, code) in
        [("default", 0), ("throw", 0), ("strict", 0), ("warn", 0), ("warn-with-error-code", 1), ("none", 0)]
    {
        let flag = format!("--unhandled-rejections={mode}");
        let mut args = vec!["run", script, "--host", "node", "--clock", "virtual"];
        if mode != "default" {
            args.push(&flag);
        }
        let out = jsloop(&args);
        let expected =
            std::fs::read_to_string(root().join(format!("tests/node/unhandled_rejections/{mode}.out")))
                .unwrap();
        assert_eq!(text(&out.stdout), expected, "--unhandled-rejections={mode}: stdout");
        assert_eq!(out.status.code(), Some(code), "--unhandled-rejections={mode}: exit code");
    }
    let out = jsloop(&["run", script, "--host", "node", "--unhandled-rejections=foobar"]);
    assert_eq!(out.status.code(), Some(9));
    assert!(
        text(&out.stderr).ends_with(": invalid value for --unhandled-rejections\n"),
        "{}",
        text(&out.stderr)
    );
    assert!(out.stdout.is_empty());
}
