//! `jsloop`: run a script on an exact, observable event loop.
use std::fs::File;
use std::io::{self, BufWriter, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use clap::{Parser, Subcommand, ValueEnum};
use jsloop_core::trace::{
    to_chrome_trace, SharedCollectSink, SharedWriter, TraceFactory, TraceFormat, TraceRecord, Tracer,
};
use std::cell::RefCell;
use std::rc::Rc;

mod explain;
mod repl;
mod viewer;
use jsloop_core::ClockKind;
use jsloop_runtime::input::parse_input;
use jsloop_runtime::limits::Limits;
use jsloop_runtime::{Output, Runtime, UnhandledRejections};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

#[derive(Parser)]
#[command(
    name = "jsloop",
    version,
    about = "A JavaScript runtime whose event loop is an exact, observable implementation of the HTML Standard's",
    long_about = "jsloop runs JavaScript on an exact implementation of the HTML Standard's event loop \
(task queues and task sources, the microtask checkpoint, timers with the nesting-level clamp, \
MessageChannel), on QuickJS, with a virtual clock that makes every run exact and repeatable, \
and a trace that shows every step the loop takes."
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,

    #[command(flatten)]
    direct: Direct,
}

#[derive(Subcommand)]
enum Command {
    /// Run a script until nothing can ever run again (flags may follow the
    /// file; the script's own arguments follow `--`).
    Run(RunArgs),
    /// Run a script under the virtual clock and tell, step by step, why each
    /// line of its output came when it did.
    Explain(RunArgs),
}

/// `jsloop [OPTIONS] [FILE [ARGS]...]`, as one types `node FILE`: what
/// follows the file is the script's (`process.argv`).
#[derive(clap::Args)]
struct Direct {
    #[command(flatten)]
    opts: Options,

    /// Run CODE as the main script (named `[eval]`), as `node -e` does.
    #[arg(short = 'e', long = "eval", value_name = "CODE", conflicts_with = "print")]
    eval: Option<String>,

    /// Run CODE as `-e` does and print its value with console.log (in the
    /// node host when the process exits, as `node -p` does).
    #[arg(short = 'p', long = "print", value_name = "CODE")]
    print: Option<String>,

    /// Start the REPL even if standard input is not a terminal.
    #[arg(short = 'i', long)]
    interactive: bool,

    /// The script (`-` reads it from standard input), then its arguments.
    /// With no file: a REPL if standard input is a terminal, else the script
    /// read from standard input.
    #[arg(value_name = "FILE [ARGS]", trailing_var_arg = true, num_args = 0..)]
    script: Vec<String>,
}

#[derive(clap::Args)]
struct RunArgs {
    #[command(flatten)]
    opts: Options,

    /// The page or script to run. With the browser host an `.html` file is
    /// parsed as a page (its classic scripts run in document order) and any
    /// other file is a classic script in a page with an empty document; with
    /// the node host the file is the main module (`.mjs`, or `.js` under a
    /// `"type": "module"` package.json, is an ES module). `-` reads the
    /// script from standard input.
    file: PathBuf,

    /// Arguments for the script (`process.argv` after the script's path).
    #[arg(last = true)]
    args: Vec<String>,
}

/// The flags every way of running takes.
#[derive(clap::Args, Clone)]
struct Options {
    /// Which event loop runs the file: `browser` (the HTML Standard's:
    /// tasks, microtasks, rendering, idle periods) or `node` (libuv's phases,
    /// process.nextTick, setImmediate, CommonJS and ES modules, fs, net).
    /// Default: `browser` for .html/.htm files, `node` for everything else
    /// (.js, .mjs, .cjs, -e, standard input, the REPL).
    #[arg(long, value_enum)]
    host: Option<HostKind>,

    /// `real` follows the system clock; `virtual` moves time only when nothing
    /// is runnable, jumping to the next timer, so runs are exact and repeatable
    /// (a one-hour timer fires at once; performance.now() and Date.now() follow it).
    /// Default: real (`explain` always runs under the virtual clock).
    #[arg(long, value_enum)]
    clock: Option<ClockArg>,

    /// Print every step of the loop (tasks and their sources, timers, microtasks,
    /// checkpoints, clock jumps) to stderr, or to --trace-file. `--trace` alone is
    /// `--trace=text`; `--trace=json` writes JSON lines (schema: docs/trace.md);
    /// `--trace=chrome` writes a Chrome/Perfetto trace and `--trace=html` a page
    /// to step through the run (to --trace-file, default jsloop-trace.json/.html).
    #[arg(long, value_enum, num_args = 0..=1, require_equals = true, default_missing_value = "text")]
    trace: Option<TraceArg>,

    /// Write the trace to this file instead of stderr (implies --trace if not given).
    #[arg(long, value_name = "PATH")]
    trace_file: Option<PathBuf>,

    /// Stop the loop once its clock reaches MS milliseconds (>= 0), for scripts
    /// that never end on their own (a setInterval that is never cleared). Exit
    /// code 0; a message on stderr says what was still pending.
    #[arg(long, value_name = "MS")]
    max_time: Option<f64>,

    /// Browser host: rendering opportunities per second (1 to 1000, default
    /// 60): frames (requestAnimationFrame callbacks, then a paint) come at exact
    /// multiples of 1000/FPS ms, when there is something to render.
    #[arg(long, value_name = "FPS", value_parser = clap::value_parser!(u32).range(1..=1000))]
    fps: Option<u32>,

    /// Browser host: real user input, a JSON list of actions such as
    /// `[{"at": 100, "type": "click", "target": "#inner"}]` (types: click,
    /// mousedown, mouseup, mousemove, dblclick, keydown (with "key"), keyup,
    /// input (with "value")). Each action is a task on the user interaction
    /// task source at its time, so its listeners each get a microtask checkpoint.
    #[arg(long, value_name = "FILE")]
    input: Option<PathBuf>,

    /// Node host: `modern` (the default) runs nextTicks and microtasks after
    /// every callback (Node >= 11); `legacy` only between phases, as Node did
    /// before 11 (a teaching mode).
    #[arg(long, value_enum)]
    node_microtasks: Option<NodeMicrotasks>,

    /// Node host: what is done with a promise rejection no handler took, as
    /// Node's flag: `throw` (the default) raises it as an uncaught exception
    /// unless an 'unhandledRejection' listener took it; `strict` raises it
    /// first; `warn` always prints a warning; `warn-with-error-code` prints
    /// one and sets exit code 1; `none` only calls the listeners.
    #[arg(long, value_name = "MODE", require_equals = true)]
    unhandled_rejections: Option<String>,

    /// Browser host: serve the page from the document root DIR, as a web
    /// server would: its URL is http://127.0.0.1:8000/ and its path beneath
    /// DIR, and script and worker URLs beginning with `/` are read beneath
    /// DIR (how the web-platform-tests are run: crates/jsloop/tests/wpt.rs).
    #[arg(long, value_name = "DIR")]
    root: Option<PathBuf>,

    /// Stop the run after MS milliseconds of wall-clock time (at least 1),
    /// even inside `while (true) {}`; says which task was running; exit code 124.
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..))]
    timeout: Option<u64>,

    /// Limit the JavaScript heap to MB megabytes (1 to 1048576); allocations
    /// beyond it throw (an error the script can catch; uncaught, it ends the
    /// run with Node's `FATAL ERROR: Reached heap limit …`, exit code 134 in
    /// the node host). Default: a quarter of the machine's memory, at most
    /// 4096, as V8 sizes Node's heap.
    #[arg(long, value_name = "MB", value_parser = clap::value_parser!(u64).range(1..=MAX_HEAP_MB))]
    max_heap: Option<u64>,

    /// Limit the stack script may use to KB kilobytes (256 to
    /// 16384; deep recursion throws an error the script can catch, never a
    /// crash).
    #[arg(long, value_name = "KB", value_parser = clap::value_parser!(u64).range(MIN_STACK_KB..=MAX_STACK_KB))]
    max_stack: Option<u64>,
}

/// `--max-heap`'s largest value: a terabyte.
const MAX_HEAP_MB: u64 = 1 << 20;
/// `--max-stack`'s bounds: the smallest stack the hosts' own JavaScript
/// starts in, and the largest limit QuickJS is given (16 MiB, a quarter of
/// a worker thread's stack), so script always hits the limit, a
/// RangeError, before the thread's end.
const MIN_STACK_KB: u64 = 256;
const MAX_STACK_KB: u64 = 16 * 1024;

#[derive(Clone, Copy, ValueEnum)]
enum NodeMicrotasks {
    Modern,
    Legacy,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum HostKind {
    Browser,
    Node,
}

#[derive(Clone, Copy, ValueEnum)]
enum ClockArg {
    Real,
    Virtual,
}

#[derive(Clone, Copy, ValueEnum)]
enum TraceArg {
    /// One line per step, as it happens.
    Text,
    /// JSON lines, as they happen (docs/trace.md).
    Json,
    /// The Trace Event Format, for Perfetto or chrome://tracing (written at the end).
    Chrome,
    /// A self-contained HTML page to step through the run (written at the end).
    Html,
}

fn main() -> ExitCode {
    let mut argv: Vec<String> = std::env::args_os().map(|a| a.to_string_lossy().into_owned()).collect();
    // `node -pe CODE` is `-p CODE` (Node's -e and -p together print).
    if let Some(at) = argv.iter().skip(1).position(|a| a == "-pe" || a == "-ep") {
        argv[at + 1] = "-p".into();
    }
    let cli = match Cli::try_parse_from(&argv) {
        Ok(cli) => cli,
        Err(e) => {
            if let Some(hint) = trace_hint(&argv, None) {
                return usage(hint);
            }
            e.exit()
        }
    };
    // A bug in jsloop is an internal error with exit code 70, never a Rust
    // backtrace (unless RUST_BACKTRACE asks for one); what the script printed
    // is flushed as the stack unwinds.
    if std::env::var_os("RUST_BACKTRACE").is_none() {
        std::panic::set_hook(Box::new(|info| {
            let _ = writeln!(io::stderr(), "jsloop: internal error: {info}");
        }));
    }
    // The loop runs on a thread with a large stack, so that deep structures
    // (a page nested tens of thousands of elements deep) are not a crash.
    let worker = std::thread::Builder::new().stack_size(256 * 1024 * 1024).spawn(move || {
        std::panic::catch_unwind(|| match cli.command {
            Some(Command::Run(args)) => run(args),
            Some(Command::Explain(args)) => explain(args),
            None => direct(cli.direct, &argv),
        })
    });
    match worker.map(|w| w.join()) {
        Ok(Ok(Ok(code))) => code,
        _ => ExitCode::from(70),
    }
}

/// A command-line usage error: one line, exit code 2 (as clap's own).
fn usage(msg: impl AsRef<str>) -> ExitCode {
    let _ = writeln!(io::stderr(), "jsloop: {}", msg.as_ref());
    ExitCode::from(2)
}

const TRACE_FORMATS: [&str; 4] = ["text", "json", "chrome", "html"];

/// `--trace html` (a space where `=` belongs): clap takes `html` for the
/// next argument, which is a file that does not exist, or no argument at
/// all. Says how to write it.
fn trace_hint(argv: &[String], taken_as_file: Option<&str>) -> Option<String> {
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

/// What one run executes: a script, its name, its arguments.
struct Job {
    opts: Options,
    /// The file name errors, stacks and the trace show.
    name: String,
    source: String,
    args: Vec<String>,
    /// Whether `name` is a file (the host follows its extension).
    host: HostKind,
}

/// `jsloop [OPTIONS] [FILE [ARGS]...]`, `-e`, `-p`, `-`, the REPL.
fn direct(d: Direct, argv: &[String]) -> ExitCode {
    let opts = d.opts;
    let code = d.eval.as_ref().map(|c| (c, false)).or(d.print.as_ref().map(|c| (c, true)));
    let job = if let Some((code, print)) = code {
        let host = opts.host.unwrap_or(HostKind::Node);
        let source = if print { print_wrapper(code, host) } else { code.clone() };
        Job { opts, name: "[eval]".into(), source, args: d.script, host }
    } else if let Some(file) = d.script.first() {
        if file == "-" {
            match read_stdin() {
                Ok(source) => {
                    let host = opts.host.unwrap_or(HostKind::Node);
                    Job { opts, name: "[stdin]".into(), source, args: d.script[1..].to_vec(), host }
                }
                Err(e) => return fail(e),
            }
        } else {
            if let Some(hint) = trace_hint(argv, Some(file)) {
                return usage(hint);
            }
            let file = &main_path(file, opts.host);
            match read_script(Path::new(file)) {
                Ok(source) => {
                    let host = opts.host.unwrap_or(host_of_file(Path::new(file)));
                    Job { opts, name: file.clone(), source, args: d.script[1..].to_vec(), host }
                }
                Err(e) => return fail(e),
            }
        }
    } else if d.interactive || io::stdin().is_terminal() {
        let host = opts.host.unwrap_or(HostKind::Node);
        if let Err(e) = check(&opts, host, Mode::Repl, false) {
            return usage(e);
        }
        return repl::run(repl::Config {
            host: to_runtime_host(host),
            clock: to_clock(opts.clock),
            limits: match limits_of(&opts) {
                Ok(l) => l,
                Err(e) => return usage(e),
            },
            node_microtasks: to_microtasks(opts.node_microtasks),
            fps: opts.fps.unwrap_or(60),
        });
    } else {
        match read_stdin() {
            Ok(source) => {
                let host = opts.host.unwrap_or(HostKind::Node);
                Job { opts, name: "[stdin]".into(), source, args: Vec::new(), host }
            }
            Err(e) => return fail(e),
        }
    };
    run_job(job, Mode::Run)
}

/// `-p CODE`: the code's value, printed with console.log; in the node host
/// when the process exits, as `node -p` prints it (after what the loop
/// printed), in the browser host as soon as the script has run.
fn print_wrapper(code: &str, host: HostKind) -> String {
    let code = serde_json::to_string(code).unwrap_or_default();
    match host {
        // A direct eval, so the code sees the module's `require`.
        HostKind::Node => {
            format!("process.on('exit', ((value) => () => console.log(value))(eval({code})));\n")
        }
        HostKind::Browser => format!("console.log((0, eval)({code}));\n"),
    }
}

fn read_stdin() -> Result<String, String> {
    let mut bytes = Vec::new();
    io::stdin()
        .read_to_end(&mut bytes)
        .map_err(|e| format!("standard input: cannot read: {}", io_reason(&e)))?;
    String::from_utf8(bytes).map_err(|e| {
        format!("standard input: not valid UTF-8 (invalid byte at offset {})", e.utf8_error().valid_up_to())
    })
}

/// How the loop is driven: it decides which flags apply.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Run,
    Explain,
    Repl,
}

/// Refuses a flag that does nothing for this host or mode, with the reason
/// in one line, rather than ignoring it.
fn check(opts: &Options, host: HostKind, mode: Mode, has_args: bool) -> Result<(), String> {
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

fn run(args: RunArgs) -> ExitCode {
    let (name, source) = if args.file.as_os_str() == "-" {
        ("[stdin]".to_string(), read_stdin())
    } else {
        (args.file.display().to_string(), read_script(&args.file))
    };
    let source = match source {
        Ok(s) => s,
        Err(e) => return fail(e),
    };
    let host = args.opts.host.unwrap_or(host_of_file(&args.file));
    run_job(Job { opts: args.opts, name, source, args: args.args, host }, Mode::Run)
}

fn fail(msg: impl AsRef<str>) -> ExitCode {
    let _ = writeln!(io::stderr(), "jsloop: {}", msg.as_ref());
    ExitCode::from(1)
}

/// `node FILE` finds its main module as `require` finds a file
/// (Module._findPath): FILE, else FILE.js, else a directory's index.js.
fn main_path(file: &str, host: Option<HostKind>) -> String {
    let path = Path::new(file);
    if host == Some(HostKind::Browser) || path.is_file() {
        return file.to_string();
    }
    let with_js = format!("{file}.js");
    if !path.exists() && Path::new(&with_js).is_file() {
        return with_js;
    }
    let index = path.join("index.js");
    if path.is_dir() && index.is_file() {
        return index.display().to_string();
    }
    file.to_string()
}

fn read_script(path: &Path) -> Result<String, String> {
    let shown = path.display();
    if path.is_dir() {
        return Err(format!("{shown}: is a directory, not a script"));
    }
    let bytes = std::fs::read(path).map_err(|e| format!("{shown}: cannot read: {}", io_reason(&e)))?;
    String::from_utf8(bytes).map_err(|e| {
        format!("{shown}: not valid UTF-8 (invalid byte at offset {})", e.utf8_error().valid_up_to())
    })
}

fn io_reason(e: &io::Error) -> String {
    match e.kind() {
        io::ErrorKind::NotFound => "no such file".into(),
        io::ErrorKind::PermissionDenied => "permission denied".into(),
        _ => e.to_string(),
    }
}

/// Where a run's trace goes.
enum TracePlan {
    Off,
    /// Text or JSON lines, as the loops run (one writer for the page's or
    /// main thread's loop and every worker's).
    Stream(SharedWriter, TraceFormat),
    /// Collected, then written as one Chrome trace or HTML viewer file.
    Collect {
        records: Rc<RefCell<Vec<TraceRecord>>>,
        format: TraceArg,
        path: Option<PathBuf>,
    },
}

fn run_job(job: Job, mode: Mode) -> ExitCode {
    if let Err(e) = check(&job.opts, job.host, mode, !job.args.is_empty()) {
        return usage(e);
    }
    if mode == Mode::Explain {
        return explain_job(job);
    }
    let args = &job.opts;
    let plan = match (args.trace, &args.trace_file) {
        (None, None) => TracePlan::Off,
        (Some(f @ (TraceArg::Chrome | TraceArg::Html)), path) => {
            TracePlan::Collect { records: Rc::new(RefCell::new(Vec::new())), format: f, path: path.clone() }
        }
        (f, path) => {
            let format =
                if matches!(f, Some(TraceArg::Json)) { TraceFormat::Json } else { TraceFormat::Text };
            match path {
                Some(path) => match File::create(path) {
                    Ok(file) => TracePlan::Stream(SharedWriter::new(Box::new(BufWriter::new(file))), format),
                    Err(e) => {
                        return fail(format!("{}: cannot write the trace: {}", path.display(), io_reason(&e)))
                    }
                },
                None => TracePlan::Stream(SharedWriter::new(Box::new(io::stderr())), format),
            }
        }
    };
    // A trace on stderr interleaves with the script's output line by line.
    let output = if matches!(plan, TracePlan::Stream(..)) && args.trace_file.is_none() {
        Output::new(Box::new(io::LineWriter::new(io::stdout())), Box::new(io::stderr()))
    } else {
        Output::stdio()
    };
    let (tracer, collected, workers) = match plan {
        TracePlan::Off => (Tracer::off(), None, None),
        TracePlan::Stream(writer, format) => {
            let tracer = Tracer::new(Box::new(writer.clone()), format);
            let workers: TraceFactory =
                Arc::new(move |name: &str| Tracer::new(Box::new(writer.clone()), format).labeled(name));
            (tracer, None, Some(workers))
        }
        TracePlan::Collect { records, format, path } => {
            // Workers' records are kept apart and merged in at the end (the
            // Chrome trace shows each loop as a thread of its own).
            let shared = SharedCollectSink::default();
            let sink = shared.clone();
            let workers: TraceFactory =
                Arc::new(move |name: &str| Tracer::to_sink(Box::new(sink.clone())).labeled(name));
            (Tracer::collecting(records.clone()), Some((records, format, path, shared)), Some(workers))
        }
    };
    let code = match execute(&job, tracer, workers, output) {
        Ok(code) => code,
        Err(e) => return fail(e),
    };
    if let Some((records, format, path, workers)) = collected {
        let records = records.borrow();
        let mut all: Vec<TraceRecord> = records.clone();
        all.extend(workers.0.lock().map(|w| w.clone()).unwrap_or_default());
        // Stable: each loop's own records keep their order.
        all.sort_by(|a, b| a.at_ms.total_cmp(&b.at_ms));
        let text = match format {
            // The HTML viewer shows one loop's lanes at a time (a menu picks it).
            TraceArg::Html => viewer::render(&job.name, &job.source, &all),
            // Perfetto shows each loop as a thread.
            _ => serde_json::to_string(&to_chrome_trace(&all)).unwrap_or_default(),
        };
        let path = path.unwrap_or_else(|| {
            PathBuf::from(if matches!(format, TraceArg::Html) {
                "jsloop-trace.html"
            } else {
                "jsloop-trace.json"
            })
        });
        if let Err(e) = std::fs::write(&path, text) {
            return fail(format!("{}: cannot write the trace: {}", path.display(), io_reason(&e)));
        }
        let _ = writeln!(io::stderr(), "jsloop: trace written to {}", path.display());
    }
    ExitCode::from(code.clamp(0, 255) as u8)
}

fn to_clock(clock: Option<ClockArg>) -> ClockKind {
    match clock {
        None | Some(ClockArg::Real) => ClockKind::Real,
        Some(ClockArg::Virtual) => ClockKind::Virtual,
    }
}

fn to_runtime_host(host: HostKind) -> jsloop_runtime::HostKind {
    match host {
        HostKind::Node => jsloop_runtime::HostKind::Node,
        HostKind::Browser => jsloop_runtime::HostKind::Browser,
    }
}

fn to_microtasks(mode: Option<NodeMicrotasks>) -> jsloop_core::uv::MicrotaskMode {
    match mode {
        None | Some(NodeMicrotasks::Modern) => jsloop_core::uv::MicrotaskMode::PerCallback,
        Some(NodeMicrotasks::Legacy) => jsloop_core::uv::MicrotaskMode::Legacy,
    }
}

/// `--timeout`, `--max-heap` (else [`default_heap_limit`]), `--max-stack`
/// (their ranges are checked by the parser).
fn limits_of(opts: &Options) -> Result<Limits, String> {
    let heap = match opts.max_heap {
        Some(mb) => usize::try_from(mb)
            .map_err(|_| "--max-heap is too large for this machine")?
            .saturating_mul(1024 * 1024),
        None => default_heap_limit(physical_memory()),
    };
    Ok(Limits {
        timeout: opts.timeout.map(Duration::from_millis),
        max_heap: Some(heap),
        max_stack: opts.max_stack.map(|kb| (kb as usize).saturating_mul(1024)),
        interrupt: None,
        terminate: None,
    })
}

/// The heap limit of a run without `--max-heap`, sized from the machine's
/// memory as V8 sizes Node's (Heap::HeapSizeFromPhysicalMemory: a quarter
/// of physical memory, at most 4 GiB on a 64-bit machine), and at least
/// 256 MiB. Without a limit an ever-growing program would take all the
/// machine's memory and swap before anything stopped it.
fn default_heap_limit(physical: Option<u64>) -> usize {
    const GIB: u64 = 1 << 30;
    let quarter = physical.map_or(4 * GIB, |p| p / 4);
    usize::try_from(quarter.clamp(256 << 20, 4 * GIB)).unwrap_or(usize::MAX)
}

/// The machine's physical memory in bytes (sysconf), if it says.
fn physical_memory() -> Option<u64> {
    // SAFETY: sysconf has no preconditions.
    let (pages, size) = unsafe { (libc::sysconf(libc::_SC_PHYS_PAGES), libc::sysconf(libc::_SC_PAGESIZE)) };
    (pages > 0 && size > 0).then(|| (pages as u64).saturating_mul(size as u64))
}

/// Runs the job on its host; returns the exit code.
fn execute(
    job: &Job,
    tracer: Tracer,
    trace_workers: Option<TraceFactory>,
    output: Output,
) -> Result<i32, String> {
    let args = &job.opts;
    let max_time = args.max_time.map(|ms| Duration::from_secs_f64(ms / 1000.0));
    let input = match &args.input {
        None => Vec::new(),
        Some(path) => match std::fs::read_to_string(path) {
            Ok(text) => parse_input(&text).map_err(|e| format!("--input {}: {e}", path.display()))?,
            Err(e) => return Err(format!("--input {}: cannot read: {}", path.display(), io_reason(&e))),
        },
    };
    // Ctrl-C sets a flag the watchdog looks at (exit code 130).
    let interrupt = Arc::new(AtomicBool::new(false));
    let _ = signal_hook::flag::register(signal_hook::consts::SIGINT, interrupt.clone());
    end_by_signal_after_flushing();
    let limits = Limits { interrupt: Some(interrupt), ..limits_of(args)? };
    // Node's own words and exit code (9, kInvalidCommandLineArgument) for a
    // mode it does not know.
    let unhandled_rejections = match args.unhandled_rejections.as_deref() {
        None => UnhandledRejections::default(),
        Some(value) => match UnhandledRejections::parse(value) {
            Some(mode) => mode,
            None => {
                let exe = std::env::current_exe()
                    .map(|p| p.display().to_string())
                    .unwrap_or_else(|_| "jsloop".into());
                eprintln!("{exe}: invalid value for --unhandled-rejections");
                return Ok(9);
            }
        },
    };
    // The command line adds nothing the embedding API cannot do.
    let mut builder = Runtime::builder()
        .host(to_runtime_host(job.host))
        .clock(to_clock(args.clock))
        .tracer(tracer)
        .fps(args.fps.unwrap_or(60))
        .input(input)
        .limits(limits)
        .output(output)
        .args(job.args.clone())
        .node_microtasks(to_microtasks(args.node_microtasks))
        .node_unhandled_rejections(unhandled_rejections);
    if let Some(limit) = max_time {
        builder = builder.max_time(limit);
    }
    if let Some(dir) = &args.root {
        builder = builder.root(dir);
    }
    if let Some(make) = trace_workers {
        builder = builder.trace_workers(move |name: &str| make(name));
    }
    let mut runtime = builder.build().map_err(|e| e.to_string())?;
    match runtime.load_source(&job.name, &job.source) {
        Ok(()) => {}
        // Already reported on the run's stderr, as the platform reports it.
        Err(jsloop_runtime::Error::Load { exit_code, .. }) => return Ok(exit_code),
        Err(jsloop_runtime::Error::Internal(_)) => return Ok(70),
        Err(e) => return Err(e.to_string()),
    }
    match runtime.run_to_exit() {
        Ok(outcome) => Ok(outcome.exit_code),
        Err(e) => Err(e.to_string()),
    }
}

/// SIGTERM and SIGHUP end the process as they do with no handler (killed
/// by the signal, which the parent sees), but first what the program
/// printed, held for a pipe until the end of its task, is written: a run
/// killed by `timeout`, CI or `docker stop` loses nothing it logged.
fn end_by_signal_after_flushing() {
    use signal_hook::consts::{SIGHUP, SIGTERM};
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGTERM, SIGHUP]) else { return };
        let _ = std::thread::Builder::new().name("jsloop signals".into()).spawn(move || {
            if let Some(signal) = signals.forever().next() {
                jsloop_runtime::output::flush_all();
                let _ = signal_hook::low_level::emulate_default_handler(signal);
            }
        });
    });
}

fn is_html(file: &Path) -> bool {
    file.extension().is_some_and(|e| e.eq_ignore_ascii_case("html") || e.eq_ignore_ascii_case("htm"))
}

/// By the file: .html/.htm in the browser host, else node.
fn host_of_file(file: &Path) -> HostKind {
    if is_html(file) {
        HostKind::Browser
    } else {
        HostKind::Node
    }
}

/// `jsloop explain FILE`: run under the virtual clock, keep the trace, and
/// tell why each line of output came when it did.
fn explain(args: RunArgs) -> ExitCode {
    let source = match read_script(&args.file) {
        Ok(s) => s,
        Err(e) => return fail(e),
    };
    let host = args.opts.host.unwrap_or(host_of_file(&args.file));
    let name = args.file.display().to_string();
    run_job(Job { opts: args.opts, name, source, args: args.args, host }, Mode::Explain)
}

fn explain_job(mut job: Job) -> ExitCode {
    job.opts.clock = Some(ClockArg::Virtual);
    let records = Rc::new(RefCell::new(Vec::new()));
    let quiet = Output::new(Box::new(io::sink()), Box::new(io::sink()));
    let code = match execute(&job, Tracer::collecting(records.clone()), None, quiet) {
        Ok(code) => code,
        Err(e) => return fail(e),
    };
    let host = if job.host == HostKind::Node { explain::Host::Node } else { explain::Host::Browser };
    let text = explain::narrate(&records.borrow(), host);
    let mut out = io::stdout();
    let _ = out.write_all(text.as_bytes());
    let _ = out.flush();
    ExitCode::from(code.clamp(0, 255) as u8)
}

#[cfg(test)]
mod tests {
    use super::default_heap_limit;

    #[test]
    fn the_default_heap_limit_is_a_quarter_of_memory_up_to_four_gib() {
        const GIB: u64 = 1 << 30;
        assert_eq!(default_heap_limit(Some(24 * GIB)), 4 << 30);
        assert_eq!(default_heap_limit(Some(8 * GIB)), 2 << 30);
        assert_eq!(default_heap_limit(Some(512 << 20)), 256 << 20);
        assert_eq!(default_heap_limit(None), 4 << 30);
    }
}
