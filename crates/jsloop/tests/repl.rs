//! The REPL (`jsloop -i`, or `jsloop` on a terminal), driven through pipes:
//! values printed as Node's REPL prints them, top-level await, multi-line
//! input, `.help` and `.exit`, and a loop that runs between prompts.
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().unwrap()
}

fn repl(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_jsloop"))
        .arg("-i")
        .args(args)
        .current_dir(root())
        .env("JSLOOP_REPL_HISTORY", "")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// The whole session: every input at once, then end of input.
fn session(args: &[&str], input: &str) -> (String, i32) {
    let mut child = repl(args);
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.stderr.is_empty(), "{}", String::from_utf8_lossy(&out.stderr));
    (String::from_utf8(out.stdout).unwrap(), out.status.code().unwrap())
}

const WELCOME_NODE: &str = "Welcome to jsloop v0.1.0 (node host).\nType \".help\" for more information.\n";

#[test]
fn values_errors_multi_line_input_and_top_level_await_on_the_node_host() {
    let input = "let x = 2\nx * 21\nfunction f(a) {\n  return a + 1\n}\nf(x)\nnosuch\n\
                 await new Promise((r) => setTimeout(() => r('awaited'), 20))\n({ a: [1, 'b'] })\n\
                 typeof require('fs').readFile\n.nosuch\n.exit\nnever evaluated\n";
    let (out, code) = session(&[], input);
    assert_eq!(
        out,
        format!(
            "{WELCOME_NODE}> undefined\n> 42\n> ... ... undefined\n> 3\n> Uncaught ReferenceError: nosuch is not defined\n\
             > 'awaited'\n> {{ a: [ 1, 'b' ] }}\n> 'function'\n> Invalid REPL keyword\n> "
        )
    );
    assert_eq!(code, 0);
}

#[test]
fn the_browser_host_has_a_repl_too() {
    let (out, code) = session(&["--host", "browser"], "typeof document\nawait 5\n");
    assert_eq!(
        out,
        "Welcome to jsloop v0.1.0 (browser host).\nType \".help\" for more information.\n> 'object'\n> 5\n> "
    );
    assert_eq!(code, 0);
}

/// A line ending in an operator asks for more, as in Node 24's REPL
/// (`1 +` then `2` is 3); `.break` leaves an unfinished input.
#[test]
fn an_operator_at_the_end_continues_and_break_leaves_the_input() {
    let (out, code) = session(&[], "1 +\n2\nMath.\n.break\nlet a =\n5\na++\na\n");
    assert_eq!(out, format!("{WELCOME_NODE}> ... 3\n> ... > ... undefined\n> 5\n> 6\n> "));
    assert_eq!(code, 0);
}

#[test]
fn help_lists_the_commands() {
    let (out, _) = session(&[], ".help\n");
    assert!(out.contains(".exit") && out.contains(".help") && out.contains("await"), "{out}");
}

#[test]
fn end_of_input_runs_the_node_hosts_exit_event() {
    let (out, code) = session(&[], "process.on('exit', (c) => console.log('exit', c)); 1\n");
    assert_eq!(out, format!("{WELCOME_NODE}> 1\n> exit 0\n"));
    assert_eq!(code, 0);
}

/// Reads stdout line by line on a thread of its own.
fn lines_of(child: &mut Child) -> mpsc::Receiver<String> {
    let (tx, rx) = mpsc::channel();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    std::thread::spawn(move || loop {
        let mut line = String::new();
        match stdout.read_line(&mut line) {
            Ok(0) | Err(_) => break,
            Ok(_) => {
                if tx.send(line).is_err() {
                    break;
                }
            }
        }
    });
    rx
}

fn wait_for(lines: &mpsc::Receiver<String>, want: &str) {
    let mut seen = String::new();
    loop {
        // A generous bound only so that a broken REPL fails instead of hanging.
        match lines.recv_timeout(std::time::Duration::from_secs(60)) {
            Ok(line) => {
                seen.push_str(&line);
                if line.contains(want) {
                    return;
                }
            }
            Err(_) => panic!("the REPL never printed {want:?}; it printed:\n{seen}"),
        }
    }
}

fn send(stdin: &mut ChildStdin, line: &str) {
    stdin.write_all(line.as_bytes()).unwrap();
    stdin.flush().unwrap();
}

#[test]
fn a_timer_set_at_the_prompt_fires_while_the_repl_waits() {
    for host in ["node", "browser"] {
        let mut child = repl(&["--host", host]);
        let mut stdin = child.stdin.take().unwrap();
        let lines = lines_of(&mut child);
        send(
            &mut stdin,
            "setInterval(() => console.log('tick', ++globalThis.n), 5), globalThis.n = 0, 'set'\n",
        );
        // No more input is sent until the timer has fired, twice.
        wait_for(&lines, "tick 2");
        send(&mut stdin, ".exit\n");
        let status = child.wait().unwrap();
        assert_eq!(status.code(), Some(0), "{host}");
        let mut err = String::new();
        child.stderr.take().unwrap().read_to_string(&mut err).unwrap();
        assert!(err.is_empty(), "{host}: {err}");
    }
}

/// On a terminal (a pseudo-terminal from script(1)), `jsloop` with no file
/// starts the REPL, and Tab completes names of the global object and of the
/// object before a dot.
#[test]
fn on_a_terminal_jsloop_alone_is_the_repl_with_tab_completion() {
    use std::sync::{Arc, Mutex};
    let command = format!("{} --host node", env!("CARGO_BIN_EXE_jsloop"));
    let mut child = Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .current_dir(root())
        .env("JSLOOP_REPL_HISTORY", "")
        .env("TERM", "xterm")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("script(1) (util-linux) runs a program on a pseudo-terminal");
    let seen = Arc::new(Mutex::new(String::new()));
    {
        let seen = seen.clone();
        let mut stdout = child.stdout.take().unwrap();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = stdout.read(&mut buf) {
                if n == 0 {
                    break;
                }
                seen.lock().unwrap().push_str(&String::from_utf8_lossy(&buf[..n]));
            }
        });
    }
    // Waits until the terminal shows `want` after byte `from` of the output.
    let wait = |want: &str, from: usize| -> usize {
        for _ in 0..600 {
            let text = seen.lock().unwrap().clone();
            if let Some(at) = text.get(from..).and_then(|t| t.find(want)) {
                return from + at + want.len();
            }
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
        panic!("the terminal never showed {want:?}:\n{}", seen.lock().unwrap());
    };
    let mut stdin = child.stdin.take().unwrap();
    let at = wait("> ", 0);
    send(&mut stdin, "globalThis.zebraName = 7\r");
    let at = wait("> ", wait("7", at));
    send(&mut stdin, "zebraN\t");
    let at = wait("zebraName", at);
    send(&mut stdin, "\r");
    let at = wait("> ", wait("7", at));
    send(&mut stdin, "console.ta\t");
    let at = wait("console.table", at);
    send(&mut stdin, "\r");
    wait("[Function: table]", at);
    send(&mut stdin, ".exit\r");
    assert!(child.wait().unwrap().success());
}
