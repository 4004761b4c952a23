//! Output as Node writes it (crates/jsloop-runtime/src/output.rs): on a
//! pipe, what a task or callback printed is written when it ends, not when
//! the process exits; SIGTERM and SIGHUP lose nothing already printed.
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().unwrap()
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("jsloop-output-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A jsloop process, killed if the test ends (or fails) before it does.
struct Jsloop(Child);

impl std::ops::Deref for Jsloop {
    type Target = Child;
    fn deref(&self) -> &Child {
        &self.0
    }
}

impl std::ops::DerefMut for Jsloop {
    fn deref_mut(&mut self) -> &mut Child {
        &mut self.0
    }
}

impl Drop for Jsloop {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts jsloop with stdout on a pipe.
fn spawn(args: &[&str]) -> Jsloop {
    Jsloop(
        Command::new(env!("CARGO_BIN_EXE_jsloop"))
            .args(args)
            .current_dir(root())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap(),
    )
}

/// The child's stdout, a line at a time, read on a thread of its own (so a
/// line that never comes fails the test instead of hanging it).
fn lines_of(child: &mut Jsloop) -> mpsc::Receiver<String> {
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}

/// A generous limit for something that happens at once; it only turns a
/// hang into a failure and is never what a test asserts.
const PATIENCE: Duration = Duration::from_secs(60);

fn wait_for_file(path: &Path) {
    let start = Instant::now();
    while !path.exists() {
        assert!(start.elapsed() < PATIENCE, "{} never appeared", path.display());
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn a_line_printed_by_a_timer_reaches_a_pipe_before_the_next_timer_fires() {
    // Node host: the second timer fires only once the test, having read the
    // first line from the pipe, creates the file it polls for.
    let dir = scratch("node-timer");
    let go = dir.join("go");
    let script = dir.join("timers.js");
    std::fs::write(
        &script,
        "const fs = require('fs');\n\
         setTimeout(() => console.log('first timer'), 0);\n\
         const poll = setInterval(() => {\n\
         \x20 if (fs.existsSync(process.argv[2])) { clearInterval(poll); console.log('second timer'); }\n\
         }, 5);\n",
    )
    .unwrap();
    let mut child = spawn(&["run", script.to_str().unwrap(), "--host", "node", "--", go.to_str().unwrap()]);
    let lines = lines_of(&mut child);
    assert_eq!(lines.recv_timeout(PATIENCE).as_deref(), Ok("first timer"));
    std::fs::write(&go, "").unwrap();
    assert_eq!(lines.recv_timeout(PATIENCE).as_deref(), Ok("second timer"));
    assert!(child.wait().unwrap().success());

    // Browser host: the first timer's line arrives while the second timer,
    // an hour away on the real clock, keeps the page's loop alive.
    let page = dir.join("timers.html");
    std::fs::write(
        &page,
        "<script>\nsetTimeout(() => console.log('first timer'), 0);\n\
         setTimeout(() => console.log('an hour later'), 3600000);\n</script>\n",
    )
    .unwrap();
    let mut child = spawn(&["run", page.to_str().unwrap(), "--clock", "real"]);
    let lines = lines_of(&mut child);
    assert_eq!(lines.recv_timeout(PATIENCE).as_deref(), Ok("first timer"));
    assert!(child.try_wait().unwrap().is_none(), "the page's loop ended before its second timer");
    child.kill().unwrap();
    let _ = child.wait();
}

#[cfg(unix)]
#[test]
fn a_process_killed_by_sigterm_or_sighup_has_written_everything_it_logged() {
    use std::os::unix::process::ExitStatusExt;
    for (signal, name) in [(15, "TERM"), (1, "HUP")] {
        // The lines are printed by a task that never ends (held for the pipe
        // until its end), then the script says it is ready and spins.
        let dir = scratch(&format!("sig{name}"));
        let ready = dir.join("ready");
        let script = dir.join("spin.js");
        std::fs::write(
            &script,
            "for (let i = 1; i <= 1000; i++) console.log('line', i);\n\
             process.stdout.write('no newline at the end');\n\
             require('fs').writeFileSync(process.argv[2], '');\n\
             for (;;) {}\n",
        )
        .unwrap();
        let mut child =
            spawn(&["run", script.to_str().unwrap(), "--host", "node", "--", ready.to_str().unwrap()]);
        wait_for_file(&ready);
        let status =
            Command::new("kill").args([&format!("-{name}"), &child.id().to_string()]).status().unwrap();
        assert!(status.success());
        let mut stdout = Vec::new();
        std::io::Read::read_to_end(child.stdout.as_mut().unwrap(), &mut stdout).unwrap();
        let out = std::process::Output { status: child.wait().unwrap(), stdout, stderr: Vec::new() };
        assert_eq!(out.status.signal(), Some(signal), "SIG{name}: ended by the signal, as with no handler");
        let mut expected: String = (1..=1000).map(|i| format!("line {i}\n")).collect();
        expected.push_str("no newline at the end");
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            expected,
            "SIG{name}: everything logged was written"
        );
    }
}

#[test]
fn output_of_a_task_that_ends_is_on_the_pipe_while_the_next_task_spins() {
    // A spinning task holds only its own output: the task before it has
    // ended, so its line is on the pipe (browser host, --timeout ends it).
    let dir = scratch("spin-after");
    let page = dir.join("spin.html");
    std::fs::write(
        &page,
        "<script>\nconsole.log('script');\nsetTimeout(() => { console.log('spinning'); for (;;) {} }, 0);\n</script>\n",
    )
    .unwrap();
    let mut child = spawn(&["run", page.to_str().unwrap(), "--timeout", "600000"]);
    let lines = lines_of(&mut child);
    assert_eq!(lines.recv_timeout(PATIENCE).as_deref(), Ok("script"));
    assert!(child.try_wait().unwrap().is_none());
    child.kill().unwrap();
    let _ = child.wait();
}
