//! The command line: its subcommands and flags (clap), and which flags a
//! host and a way of running take.
use std::path::{Path, PathBuf};

use clap::{Parser, Subcommand, ValueEnum};
use jsloop_runtime::HostKind;

#[derive(Parser, Debug)]
#[command(
    name = "jsloop",
    version,
    disable_version_flag = true,
    about = "A JavaScript runtime whose event loop is an exact, observable implementation of the HTML Standard's",
    long_about = "jsloop runs JavaScript on an exact implementation of the HTML Standard's event loop \
(task queues and task sources, the microtask checkpoint, timers with the nesting-level clamp, \
MessageChannel), on QuickJS, with a virtual clock that makes every run exact and repeatable, \
and a trace that shows every step the loop takes."
)]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub(crate) command: Option<Command>,

    /// Print the version (`-v`, as `node -v`; `-V` too).
    #[arg(short = 'v', long = "version", short_alias = 'V', action = clap::ArgAction::Version)]
    pub(crate) version: Option<bool>,

    #[command(flatten)]
    pub(crate) direct: Direct,
}

#[derive(Subcommand, Debug)]
pub(crate) enum Command {
    /// Run a script until nothing can ever run again (flags may follow the
    /// file; the script's own arguments follow `--`).
    Run(RunArgs),
    /// Run a script under the virtual clock and tell, step by step, why each
    /// line of its output came when it did.
    Explain(RunArgs),
}

/// `jsloop [OPTIONS] [FILE [ARGS]...]`, as one types `node FILE`: what
/// follows the file is the script's (`process.argv`).
#[derive(clap::Args, Debug)]
pub(crate) struct Direct {
    #[command(flatten)]
    pub(crate) opts: Options,

    /// Run CODE as the main script (named `[eval]`), as `node -e` does.
    #[arg(short = 'e', long = "eval", value_name = "CODE", conflicts_with = "print")]
    pub(crate) eval: Option<String>,

    /// Run CODE as `-e` does and print its value with console.log (in the
    /// node host when the process exits, as `node -p` does).
    #[arg(short = 'p', long = "print", value_name = "CODE")]
    pub(crate) print: Option<String>,

    /// Start the REPL even if standard input is not a terminal.
    #[arg(short = 'i', long)]
    pub(crate) interactive: bool,

    /// The script (`-` reads it from standard input), then its arguments.
    /// With no file: a REPL if standard input is a terminal, else the script
    /// read from standard input.
    #[arg(value_name = "FILE [ARGS]", trailing_var_arg = true, num_args = 0..)]
    pub(crate) script: Vec<String>,
}

#[derive(clap::Args, Debug)]
pub(crate) struct RunArgs {
    #[command(flatten)]
    pub(crate) opts: Options,

    /// The page or script to run. With the browser host an `.html` file is
    /// parsed as a page (its classic scripts run in document order) and any
    /// other file is a classic script in a page with an empty document; with
    /// the node host the file is the main module (`.mjs`, or `.js` under a
    /// `"type": "module"` package.json, is an ES module). `-` reads the
    /// script from standard input.
    pub(crate) file: PathBuf,

    /// Arguments for the script (`process.argv` after the script's path).
    #[arg(last = true)]
    pub(crate) args: Vec<String>,
}

/// The flags every way of running takes.
#[derive(clap::Args, Clone, Debug)]
pub(crate) struct Options {
    /// Which event loop runs the file: `browser` (the HTML Standard's:
    /// tasks, microtasks, rendering, idle periods) or `node` (libuv's phases,
    /// process.nextTick, setImmediate, CommonJS and ES modules, fs, net).
    /// Default: `browser` for .html/.htm files, `node` for everything else
    /// (.js, .mjs, .cjs, -e, standard input, the REPL).
    #[arg(long, value_parser = host_parser())]
    pub(crate) host: Option<HostKind>,

    /// `real` follows the system clock; `virtual` moves time only when nothing
    /// is runnable, jumping to the next timer, so runs are exact and repeatable
    /// (a one-hour timer fires at once; performance.now() and Date.now() follow it).
    /// Default: real (`explain` always runs under the virtual clock).
    #[arg(long, value_enum)]
    pub(crate) clock: Option<ClockArg>,

    /// Print every step of the loop (tasks and their sources, timers, microtasks,
    /// checkpoints, clock jumps) to stderr, or to --trace-file. `--trace` alone is
    /// `--trace=text`; `--trace=json` writes JSON lines (schema: docs/trace.md);
    /// `--trace=chrome` writes a Chrome/Perfetto trace and `--trace=html` a page
    /// to step through the run (to --trace-file, default jsloop-trace.json/.html).
    #[arg(long, value_enum, num_args = 0..=1, require_equals = true, default_missing_value = "text")]
    pub(crate) trace: Option<TraceArg>,

    /// Write the trace to this file instead of stderr (implies --trace if not given).
    #[arg(long, value_name = "PATH")]
    pub(crate) trace_file: Option<PathBuf>,

    /// Stop the loop once its clock reaches MS milliseconds (>= 0), for scripts
    /// that never end on their own (a setInterval that is never cleared). Exit
    /// code 0; a message on stderr says what was still pending.
    #[arg(long, value_name = "MS")]
    pub(crate) max_time: Option<f64>,

    /// Browser host: rendering opportunities per second (1 to 1000, default
    /// 60): frames (requestAnimationFrame callbacks, then a paint) come at exact
    /// multiples of 1000/FPS ms, when there is something to render.
    #[arg(long, value_name = "FPS", value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub(crate) fps: Option<u32>,

    /// Browser host: real user input, a JSON list of actions such as
    /// `[{"at": 100, "type": "click", "target": "#inner"}]` (types: click,
    /// mousedown, mouseup, mousemove, dblclick, keydown (with "key"), keyup,
    /// input (with "value")). Each action is a task on the user interaction
    /// task source at its time, so its listeners each get a microtask checkpoint.
    #[arg(long, value_name = "FILE")]
    pub(crate) input: Option<PathBuf>,

    /// Node host: `modern` (the default) runs nextTicks and microtasks after
    /// every callback (Node >= 11); `legacy` only between phases, as Node did
    /// before 11 (a teaching mode).
    #[arg(long, value_enum)]
    pub(crate) node_microtasks: Option<NodeMicrotasks>,

    /// Node host: what is done with a promise rejection no handler took, as
    /// Node's flag: `throw` (the default) raises it as an uncaught exception
    /// unless an 'unhandledRejection' listener took it; `strict` raises it
    /// first; `warn` always prints a warning; `warn-with-error-code` prints
    /// one and sets exit code 1; `none` only calls the listeners.
    #[arg(long, value_name = "MODE", require_equals = true)]
    pub(crate) unhandled_rejections: Option<String>,

    /// Node host: how code from -e, -p or standard input is run, as Node's
    /// flag: `module` as an ES module, `commonjs` as CommonJS. Default: as
    /// CommonJS unless it only compiles as a module (import/export, top-level
    /// await). A script file's own type decides for a file.
    #[arg(long, value_name = "TYPE")]
    pub(crate) input_type: Option<String>,

    /// Browser host: serve the page from the document root DIR, as a web
    /// server would: its URL is http://127.0.0.1:8000/ and its path beneath
    /// DIR, and script and worker URLs beginning with `/` are read beneath
    /// DIR (how the web-platform-tests are run: crates/jsloop/tests/wpt.rs).
    #[arg(long, value_name = "DIR")]
    pub(crate) root: Option<PathBuf>,

    /// Stop the run after MS milliseconds of wall-clock time (at least 1),
    /// even inside `while (true) {}`; says which task was running; exit code 124.
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..))]
    pub(crate) timeout: Option<u64>,

    /// Limit the JavaScript heap to MB megabytes (1 to 1048576); allocations
    /// beyond it throw (an error the script can catch; uncaught, it ends the
    /// run with Node's `FATAL ERROR: Reached heap limit …`, exit code 134 in
    /// the node host). Default: a quarter of the machine's memory, at most
    /// 4096, as V8 sizes Node's heap.
    #[arg(long, value_name = "MB", value_parser = clap::value_parser!(u64).range(1..=MAX_HEAP_MB))]
    pub(crate) max_heap: Option<u64>,

    /// Limit the stack script may use to KB kilobytes (256 to
    /// 16384, default 10240; deep recursion throws an error the script can
    /// catch, never a crash).
    #[arg(long, value_name = "KB", value_parser = clap::value_parser!(u64).range(MIN_STACK_KB..=MAX_STACK_KB))]
    pub(crate) max_stack: Option<u64>,
}

impl Options {
    /// No flag given: what clap makes of a command line without any.
    fn none() -> Options {
        Options {
            host: None,
            clock: None,
            trace: None,
            trace_file: None,
            max_time: None,
            fps: None,
            input: None,
            node_microtasks: None,
            unhandled_rejections: None,
            input_type: None,
            root: None,
            timeout: None,
            max_heap: None,
            max_stack: None,
        }
    }
}

impl Cli {
    /// `jsloop run FILE` and nothing else (FILE not empty and not starting
    /// with `-`), the command line of most runs: the [`Cli`] clap parses
    /// from it, without building clap's whole command (its flags' and
    /// subcommands' definitions are about 0.19 M instructions of a start of
    /// about 6.8 M, callgrind). None for every other command line, which
    /// clap parses. (The unit test below checks that both agree.)
    pub(crate) fn parse_plain_run(argv: &[String]) -> Option<Cli> {
        let [_, run, file] = argv else { return None };
        if run != "run" || file.is_empty() || file.starts_with('-') {
            return None;
        }
        Some(Cli {
            command: Some(Command::Run(RunArgs {
                opts: Options::none(),
                file: file.into(),
                args: Vec::new(),
            })),
            version: None,
            direct: Direct {
                opts: Options::none(),
                eval: None,
                print: None,
                interactive: false,
                script: Vec::new(),
            },
        })
    }
}

/// `--max-heap`'s largest value: a terabyte.
pub(crate) const MAX_HEAP_MB: u64 = 1 << 20;

/// `--max-stack`'s bounds: the smallest stack the hosts' own JavaScript
/// starts in, and the largest limit QuickJS is given (16 MiB, a quarter of
/// a worker thread's stack), so script always hits the limit, a
/// RangeError, before the thread's end.
pub(crate) const MIN_STACK_KB: u64 = 256;

pub(crate) const MAX_STACK_KB: u64 = 16 * 1024;

/// The stack limit without `--max-stack`: 10 MiB, where script recurses at
/// least as deep as in Node 24 (V8 stops at 984 KB of its smaller frames).
/// The deepest call each shape reached (a search to the RangeError, three
/// runs of Node 24, whose depth varies with V8's tiers): a function of one
/// argument 9,666-12,499 calls in Node 24, 12,488 here at 8 MiB; of three
/// arguments 7,395-7,811 and 11,920; a method 8,958-9,374 and 11,920.
/// QuickJS's own default, 1 MiB, stopped all three near 1,500, so programs
/// that run in Node (recursive parsers, deep trees) ended in a RangeError.
/// Every thread jsloop runs script on has a larger stack (the loop's 256
/// MiB, a worker's 64 MiB).
pub(crate) const DEFAULT_STACK_KB: u64 = 10 * 1024;

#[derive(Clone, Copy, ValueEnum, Debug)]
pub(crate) enum NodeMicrotasks {
    Modern,
    Legacy,
}

/// `--host browser|node`, parsed into the API's [`HostKind`]: the command,
/// `explain` and the API name the host with one enum.
fn host_parser() -> impl clap::builder::TypedValueParser<Value = HostKind> {
    use clap::builder::TypedValueParser as _;
    clap::builder::PossibleValuesParser::new(["browser", "node"]).map(|name| {
        if name == "browser" {
            HostKind::Browser
        } else {
            HostKind::Node
        }
    })
}

#[derive(Clone, Copy, ValueEnum, Debug)]
pub(crate) enum ClockArg {
    Real,
    Virtual,
}

#[derive(Clone, Copy, ValueEnum, Debug)]
pub(crate) enum TraceArg {
    /// One line per step, as it happens.
    Text,
    /// JSON lines, as they happen (docs/trace.md).
    Json,
    /// The Trace Event Format, for Perfetto or chrome://tracing (written at the end).
    Chrome,
    /// A self-contained HTML page to step through the run (written at the end).
    Html,
}

pub(crate) const TRACE_FORMATS: [&str; 4] = ["text", "json", "chrome", "html"];

/// `--trace html` (a space where `=` belongs): clap takes `html` for the
/// next argument, which is a file that does not exist, or no argument at
/// all. Says how to write it.
pub(crate) fn trace_hint(argv: &[String], taken_as_file: Option<&str>) -> Option<String> {
    let word =
        argv.windows(2).find(|w| w[0] == "--trace" && TRACE_FORMATS.contains(&w[1].as_str()))?[1].clone();
    if let Some(file) = taken_as_file {
        if file != word || Path::new(file).exists() {
            return None;
        }
    }
    Some(format!(
        "--trace takes its format after an `=`: write --trace={word} (--trace alone is --trace=text)"
    ))
}

/// How the loop is driven: it decides which flags apply.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    Run,
    Explain,
    Repl,
}

/// Refuses a flag that does nothing for this host or mode, with the reason
/// in one line, rather than ignoring it.
pub(crate) fn check(opts: &Options, host: HostKind, mode: Mode, has_args: bool) -> Result<(), String> {
    if host == HostKind::Node {
        if opts.input.is_some() {
            return Err("--input feeds user input (clicks, keys) to a page: it needs --host browser, and this run uses the node host".into());
        }
        if opts.fps.is_some() {
            return Err(
                "--fps sets how often the browser host renders: the node host has no rendering steps".into(),
            );
        }
        if opts.root.is_some() {
            return Err("--root serves a page from a document root: it needs --host browser, and this run uses the node host".into());
        }
    }
    if host == HostKind::Browser {
        if opts.node_microtasks.is_some() {
            return Err("--node-microtasks chooses when the node host runs nextTicks and microtasks: it needs --host node, and this run uses the browser host".into());
        }
        if opts.unhandled_rejections.is_some() {
            return Err("--unhandled-rejections is Node's: it needs --host node, and this run uses the browser host (which has the unhandledrejection event)".into());
        }
        if opts.input_type.is_some() {
            return Err(
                "--input-type is Node's: it needs --host node, and this run uses the browser host".into()
            );
        }
        if has_args {
            return Err("script arguments become process.argv, which only the node host has (this run uses the browser host)".into());
        }
    }
    if let Some(ms) = opts.max_time {
        if !(ms.is_finite() && ms >= 0.0) {
            return Err(format!("--max-time must be a number of milliseconds >= 0, not {ms}"));
        }
    }
    match mode {
        Mode::Explain => {
            if matches!(opts.clock, Some(ClockArg::Real)) {
                return Err("explain always runs under the virtual clock: leave out --clock real".into());
            }
            if opts.trace.is_some() || opts.trace_file.is_some() {
                return Err(
                    "explain reads the trace itself: for the trace, use `jsloop run FILE --trace`".into()
                );
            }
        }
        Mode::Repl => {
            if matches!(opts.clock, Some(ClockArg::Virtual)) {
                return Err("the REPL waits for you in real time: under --clock virtual its clock would stand still at every prompt (run a file or -e CODE with --clock virtual)".into());
            }
            if opts.trace.is_some() || opts.trace_file.is_some() {
                return Err(
                    "the REPL does not write a trace: run a file with --trace (or -e CODE --trace)".into()
                );
            }
            if opts.input.is_some() {
                return Err("--input is for a page run from a file: the REPL takes no input file".into());
            }
        }
        Mode::Run => {}
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::Cli;

    /// `jsloop run FILE`'s fast path makes what clap makes, and leaves every
    /// other command line to clap.
    #[test]
    fn a_plain_run_is_parsed_as_clap_parses_it() {
        let argv = |words: &[&str]| -> Vec<String> { words.iter().map(|w| w.to_string()).collect() };
        for file in ["a.js", "dir/b.mjs", "help", "run", "x y.cjs", "page.html", "+", "\u{e9}t\u{e9}.js"] {
            let words = argv(&["jsloop", "run", file]);
            let fast = Cli::parse_plain_run(&words).expect("a plain run");
            let clap = Cli::try_parse_from(&words).expect("clap parses it");
            assert_eq!(format!("{fast:?}"), format!("{clap:?}"), "jsloop run {file}");
        }
        for words in [
            &["jsloop", "run", "-"][..],
            &["jsloop", "run", ""],
            &["jsloop", "run", "--help"],
            &["jsloop", "run"],
            &["jsloop", "explain", "a.js"],
            &["jsloop", "a.js"],
            &["jsloop", "run", "a.js", "b"],
            &["jsloop", "run", "a.js", "--trace"],
            &["jsloop", "-e", "1"],
        ] {
            assert!(Cli::parse_plain_run(&argv(words)).is_none(), "{words:?}");
        }
    }
}
