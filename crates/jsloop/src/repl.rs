//! `jsloop` with no file on a terminal (or `jsloop -i`): a read-eval-print
//! loop on either host, as `node` starts one.
//!
//! The event loop keeps running between prompts: the loop runs on this
//! thread until nothing can ever run again, and the prompt is a task
//! promised to it ([`RuntimeHandle::pending`], libuv's "active request"),
//! read on a thread of its own. So a timer set at the prompt fires while
//! the prompt waits, as in Node's REPL. Each input is evaluated as global
//! code with top-level `await` (QuickJS's asynchronous global evaluation:
//! `let` and `const` stay defined for the next input); its value is printed
//! once its promise settles, and only then does the next prompt come.
use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::Arc;

use jsloop_core::ClockKind;
use jsloop_runtime::limits::Limits;
use jsloop_runtime::{HostKind, Output, PendingTask, Runtime, RuntimeHandle, TaskSource};
use rquickjs::context::EvalOptions;
use rquickjs::{Ctx, Function, Value};
use rustyline::error::ReadlineError;

/// What the REPL runs on.
pub struct Config {
    pub host: HostKind,
    pub clock: ClockKind,
    pub limits: Limits,
    pub node_microtasks: jsloop_core::uv::MicrotaskMode,
    pub fps: u32,
}

const HELP: &str = "\
.break    Leave an unfinished input (as Ctrl-C does)
.exit     Exit the REPL (as Ctrl-D on an empty line does)
.help     Print this help

Input is evaluated as global code; top-level await works, and let/const
declarations stay defined. The event loop runs between prompts: a timer set
here fires while the REPL waits for the next line. An unfinished line
(an open bracket, string or comment, or an operator at its end) continues
on the next one (`...`).
";

/// The name errors and stacks show for the REPL's code.
const NAME: &str = "REPL";

/// Prints the value of one evaluated input (a promise of `{ value }`), or
/// the error it threw, then tells the prompt it may come back.
const SHOW: &str = r#"(function (promise, inspect, done) {
  const uncaught = (e) => {
    const text = e instanceof Error ? String(e.name) + ': ' + String(e.message) : inspect(e);
    console.log('Uncaught ' + text);
  };
  promise.then(
    (result) => { try { console.log(inspect(result.value)); } finally { done(); } },
    (e) => { try { uncaught(e); } finally { done(); } });
})"#;

/// How each host shows a value: Node's `util.inspect`; in the browser host
/// the console's formatting, with strings quoted as Chromium's console
/// shows an expression's value.
const INSPECT_NODE: &str = "require('util').inspect";
const INSPECT_BROWSER: &str = r#"((v) => typeof v === 'string' ? "'" + v.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n') + "'" : v)"#;

pub fn run(config: Config) -> ExitCode {
    let stop = Arc::new(AtomicBool::new(false));
    let limits = Limits { terminate: Some(stop.clone()), ..config.limits };
    // Each line the script prints reaches the terminal at once.
    let output = Output::new(Box::new(io::LineWriter::new(io::stdout())), Box::new(io::stderr()));
    let built = Runtime::builder()
        .host(config.host)
        .clock(config.clock)
        .fps(config.fps)
        .limits(limits)
        .output(output)
        .node_microtasks(config.node_microtasks)
        .build();
    let mut rt = match built {
        Ok(rt) => rt,
        Err(e) => return super::fail(e.to_string()),
    };
    // The node host's main module gives the REPL Node's `require` and
    // `module` as globals, as Node's REPL has them.
    let main = match config.host {
        HostKind::Node => "globalThis.require = require;\nglobalThis.module = module;\n",
        HostKind::Browser => "",
    };
    if let Err(e) = rt.load_source(NAME, main) {
        return super::fail(e.to_string());
    }
    let handle = rt.handle();
    let first = match handle.pending() {
        Ok(p) => p,
        Err(e) => return super::fail(e.to_string()),
    };
    let host = config.host;
    let prompt = std::thread::Builder::new()
        .name("jsloop REPL prompt".into())
        .spawn(move || read_eval(handle, first, host, stop));
    if let Err(e) = prompt {
        return super::fail(format!("cannot start the REPL's prompt: {e}"));
    }
    let code = match rt.run_to_exit() {
        Ok(outcome) => outcome.exit_code,
        Err(e) => return super::fail(e.to_string()),
    };
    ExitCode::from(code.clamp(0, 255) as u8)
}

/// The prompt's thread: reads input, hands each one to the loop as the
/// promised task, and waits for its value to be printed.
fn read_eval(handle: RuntimeHandle, mut pending: PendingTask, host: HostKind, stop: Arc<AtomicBool>) {
    let editor = rustyline::Editor::<Completion, rustyline::history::DefaultHistory>::new().map(|mut e| {
        e.set_helper(Some(Completion { handle: handle.clone() }));
        e
    });
    let mut editor = match editor {
        Ok(e) => e,
        Err(e) => {
            let _ = writeln!(io::stderr(), "jsloop: cannot read the REPL's input: {e}");
            finish(pending, host, &stop);
            return;
        }
    };
    let history = history_file();
    if let Some(path) = &history {
        let _ = editor.load_history(path);
    }
    // rustyline shows no prompt when its input is not a terminal; the REPL
    // does, as Node's does under `-i`.
    let piped = !io::stdin().is_terminal();
    let read = |editor: &mut Editor, prompt: &str| {
        if piped {
            let mut out = io::stdout();
            let _ = out.write_all(prompt.as_bytes());
            let _ = out.flush();
        }
        editor.readline(prompt)
    };
    println!(
        "Welcome to jsloop v{} ({} host).\nType \".help\" for more information.",
        env!("CARGO_PKG_VERSION"),
        if host == HostKind::Node { "node" } else { "browser" }
    );
    let mut interrupted = false;
    loop {
        // One input: lines until its brackets, strings and comments close.
        let mut input = String::new();
        let line = loop {
            let prompt = if input.is_empty() { "> " } else { "... " };
            match read(&mut editor, prompt) {
                Ok(line) => {
                    interrupted = false;
                    // `.break` leaves an unfinished input (Node's REPL command).
                    if line.trim() == ".break" {
                        input.clear();
                        continue;
                    }
                    if !input.is_empty() {
                        input.push('\n');
                    }
                    input.push_str(&line);
                    if !is_incomplete(&input) {
                        break Some(std::mem::take(&mut input));
                    }
                }
                // Ctrl-C drops the input; twice in a row on an empty line exits.
                Err(ReadlineError::Interrupted) => {
                    if input.is_empty() && interrupted {
                        break None;
                    }
                    interrupted = input.is_empty();
                    input.clear();
                    if interrupted {
                        println!("(To exit, press Ctrl+C again or Ctrl+D or type .exit)");
                    }
                }
                Err(_) => break None,
            }
        };
        let Some(code) = line else { break };
        let trimmed = code.trim();
        if trimmed.is_empty() {
            continue;
        }
        let _ = editor.add_history_entry(trimmed);
        match trimmed {
            ".exit" => break,
            ".help" => {
                print!("{HELP}");
                let _ = io::stdout().flush();
                continue;
            }
            _ if trimmed.starts_with('.') && !trimmed.starts_with("..") && is_command(trimmed) => {
                println!("Invalid REPL keyword");
                continue;
            }
            _ => {}
        }
        // The next prompt's promise first, so the loop is never without one.
        let next = match handle.pending() {
            Ok(p) => p,
            Err(_) => return,
        };
        let (done, evaluated) = mpsc::channel::<()>();
        if pending
            .complete(TaskSource::UserInteraction, "REPL input", move |ctx| evaluate(ctx, &code, host, done))
            .is_err()
        {
            return;
        }
        pending = next;
        // Until the value is printed (or the loop has ended).
        if evaluated.recv().is_err() && handle.is_shut_down() {
            return;
        }
    }
    if let Some(path) = &history {
        let _ = editor.save_history(path);
    }
    finish(pending, host, &stop);
}

type Editor = rustyline::Editor<Completion, rustyline::history::DefaultHistory>;

/// Tab completion: the names (own and inherited properties) of the object
/// before the last `.`, or of the global object, that start with what was
/// typed, asked of the loop's thread (where the values are) while it waits
/// at the prompt.
struct Completion {
    handle: RuntimeHandle,
}

/// What the names come from: `console.lo` is (`console`, `lo`), `Ma` is
/// (global, `Ma`); None when the cursor is not after a member chain.
pub fn completion_target(line: &str, pos: usize) -> Option<(usize, String, String)> {
    let before = &line[..pos];
    let start = before
        .char_indices()
        .rev()
        .take_while(|(_, c)| c.is_alphanumeric() || *c == '_' || *c == '$' || *c == '.')
        .last()
        .map_or(pos, |(i, _)| i);
    let word = &before[start..];
    if word.starts_with('.') || word.starts_with(|c: char| c.is_ascii_digit()) || word.contains("..") {
        return None;
    }
    match word.rsplit_once('.') {
        Some((object, prefix)) => Some((start + object.len() + 1, object.to_string(), prefix.to_string())),
        None => Some((start, String::new(), word.to_string())),
    }
}

/// Lists the names; `object` is a member chain (identifiers and dots only,
/// so evaluating it runs no call), or empty for the global object.
const NAMES: &str = r#"(function (object, prefix) {
  let o;
  try { o = object === '' ? globalThis : (0, eval)(object); } catch (_) { return []; }
  const names = new Set();
  for (let depth = 0; o !== null && o !== undefined && depth < 32; depth++) {
    let own;
    try { own = Object.getOwnPropertyNames(Object(o)); } catch (_) { break; }
    for (const k of own) if (k.startsWith(prefix) && /^[\p{ID_Start}$_][\p{ID_Continue}$]*$/u.test(k)) names.add(k);
    o = Object.getPrototypeOf(Object(o));
  }
  return [...names].sort();
})"#;

impl rustyline::completion::Completer for Completion {
    type Candidate = String;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        _: &rustyline::Context<'_>,
    ) -> rustyline::Result<(usize, Vec<String>)> {
        let Some((start, object, prefix)) = completion_target(line, pos) else {
            return Ok((pos, Vec::new()));
        };
        let (tx, rx) = mpsc::channel::<Vec<String>>();
        let asked = self.handle.queue_task(TaskSource::UserInteraction, "REPL completion", move |ctx| {
            let names: Function = ctx.eval(NAMES)?;
            let list: Vec<String> = names.call((object, prefix)).unwrap_or_default();
            let _ = tx.send(list);
            Ok(())
        });
        if asked.is_err() {
            return Ok((pos, Vec::new()));
        }
        // The loop is waiting at the prompt; if it is busy, no completion.
        let names = rx.recv_timeout(std::time::Duration::from_secs(1)).unwrap_or_default();
        Ok((start, names))
    }
}

impl rustyline::hint::Hinter for Completion {
    type Hint = String;
}
impl rustyline::highlight::Highlighter for Completion {}
impl rustyline::validate::Validator for Completion {}
impl rustyline::Helper for Completion {}

/// `.exit`, Ctrl-D: the node host exits as `process.exit()` does (the
/// `exit` event is emitted); the browser host's loop stops.
fn finish(pending: PendingTask, host: HostKind, stop: &AtomicBool) {
    if host == HostKind::Browser {
        stop.store(true, Ordering::SeqCst);
    }
    let _ = pending.complete(TaskSource::UserInteraction, "REPL exit", move |ctx| {
        if host == HostKind::Node {
            ctx.eval::<(), _>("process.exit()")?;
        }
        Ok(())
    });
}

/// Whether `.word` looks like a REPL command (rather than code such as `.5`).
fn is_command(s: &str) -> bool {
    s[1..].chars().next().is_some_and(|c| c.is_ascii_alphabetic())
}

/// Evaluates one input on the loop's thread and arranges for its value (or
/// error) to be printed; `done` is sent once it is.
fn evaluate<'js>(ctx: Ctx<'js>, code: &str, host: HostKind, done: mpsc::Sender<()>) -> rquickjs::Result<()> {
    let mut options = EvalOptions::default();
    options.global = true;
    options.strict = false;
    options.promise = true;
    options.backtrace_barrier = true;
    options.filename = Some(NAME.into());
    let inspect: Value = ctx.eval(if host == HostKind::Node { INSPECT_NODE } else { INSPECT_BROWSER })?;
    let show: Function = ctx.eval(SHOW)?;
    let signal = Function::new(ctx.clone(), move || {
        let _ = done.send(());
    })?;
    let promise: Value = match ctx.eval_with_options::<Value, _>(code, options) {
        Ok(promise) => promise,
        // A syntax error: a rejected promise of it, shown as any other.
        Err(rquickjs::Error::Exception) => {
            let error = ctx.catch();
            ctx.eval::<Function, _>("(e) => Promise.reject(e)")?.call((error,))?
        }
        Err(e) => return Err(e),
    };
    show.call::<_, ()>((promise, inspect, signal))
}

/// Where the REPL keeps its history: `$JSLOOP_REPL_HISTORY` (empty: none),
/// else `~/.jsloop_repl_history`, as Node keeps `~/.node_repl_history`.
fn history_file() -> Option<std::path::PathBuf> {
    match std::env::var_os("JSLOOP_REPL_HISTORY") {
        Some(p) if p.is_empty() => None,
        Some(p) => Some(p.into()),
        None => std::env::var_os("HOME").map(|h| std::path::Path::new(&h).join(".jsloop_repl_history")),
    }
}

/// Whether the input so far is unfinished: an open bracket, an unterminated
/// string, template literal or block comment, or a trailing backslash.
/// (Regular expression literals are not told from division; an unbalanced
/// bracket inside one makes the REPL ask for another line.)
pub fn is_incomplete(code: &str) -> bool {
    #[derive(PartialEq)]
    enum In {
        Code,
        Str(char),
        LineComment,
        BlockComment,
    }
    let mut state = In::Code;
    // Open brackets; a template literal is a '`' entry, and `${` inside one a '$'.
    let mut open: Vec<char> = Vec::new();
    let chars: Vec<char> = code.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        match state {
            In::LineComment => {
                if c == '\n' {
                    state = In::Code;
                }
            }
            In::BlockComment => {
                if c == '*' && next == Some('/') {
                    state = In::Code;
                    i += 1;
                }
            }
            In::Str(q) => {
                if c == '\\' {
                    i += 1;
                } else if c == q || c == '\n' {
                    state = In::Code;
                }
            }
            In::Code if open.last() == Some(&'`') => {
                if c == '\\' {
                    i += 1;
                } else if c == '`' {
                    open.pop();
                } else if c == '$' && next == Some('{') {
                    open.push('$');
                    i += 1;
                }
            }
            In::Code => match c {
                '/' if next == Some('/') => state = In::LineComment,
                '/' if next == Some('*') => {
                    state = In::BlockComment;
                    i += 1;
                }
                '\'' | '"' => state = In::Str(c),
                '`' => open.push('`'),
                '(' | '[' | '{' => open.push(c),
                // A closer with no opener is a syntax error for the engine
                // to report, not more input to wait for.
                ')' | ']' | '}' if open.pop().is_none() => return false,
                _ => {}
            },
        }
        i += 1;
    }
    !open.is_empty() || state == In::BlockComment || code.ends_with('\\') || ends_with_operator(code)
}

/// Whether the input ends with an operator that needs an operand after it
/// (`1 +`, `Math.`, `let a =`, `a &&`), where Node's REPL asks for another
/// line (its "Unexpected end of input" is recoverable). Not `++`/`--`, nor
/// `/` (the end of a regular expression literal).
fn ends_with_operator(code: &str) -> bool {
    let code = code.trim_end();
    if code.ends_with("++") || code.ends_with("--") {
        return false;
    }
    code.ends_with(['+', '-', '*', '%', '=', '.', ',', '&', '|', '^', '!', '?', ':', '<', '>', '~'])
}

#[cfg(test)]
mod tests {
    use super::{completion_target, is_incomplete};

    #[test]
    fn completion_names_the_object_and_the_prefix() {
        let t = |line: &str| completion_target(line, line.len());
        assert_eq!(t("console.lo"), Some((8, "console".into(), "lo".into())));
        assert_eq!(t("x = Ma"), Some((4, String::new(), "Ma".into())));
        assert_eq!(t("a.b.c"), Some((4, "a.b".into(), "c".into())));
        assert_eq!(t("process."), Some((8, "process".into(), String::new())));
        assert_eq!(t("1.5"), None);
        assert_eq!(t("f()."), None);
    }

    #[test]
    fn open_brackets_strings_and_comments_ask_for_more() {
        // (Node 24's REPL also waits after `1 +`, `Math.` and `let a =`.)
        for code in [
            "function f() {",
            "[1,",
            "foo(",
            "`a ${b",
            "/* x",
            "`line one",
            "1 +",
            "Math.",
            "let a =",
            "a &&",
        ] {
            assert!(is_incomplete(code), "{code:?}");
        }
        for code in [
            "1 + 1",
            "f({})",
            "'{'",
            "// {",
            "`${'{'}`",
            "/* { */ x",
            "}",
            "'unterminated",
            "a++",
            "b--",
            "/x/",
        ] {
            assert!(!is_incomplete(code), "{code:?}");
        }
    }
}
