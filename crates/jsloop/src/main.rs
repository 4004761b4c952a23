//! `jsloop`: run a script on an exact, observable event loop.
use std::fs::File;
use std::io::{self, BufWriter, Write};
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
mod viewer;
use jsloop_core::ClockKind;
use jsloop_runtime::input::parse_input;
use jsloop_runtime::limits::Limits;
use jsloop_runtime::{Output, Runtime};
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
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run a script until nothing can ever run again.
    Run(RunArgs),
    /// Run a script under the virtual clock and tell, step by step, why each
    /// line of its output came when it did.
    Explain(RunArgs),
}

#[derive(clap::Args)]
struct RunArgs {
    /// The page or script to run. With the browser host an `.html` file is
    /// parsed as a page (its classic scripts run in document order) and any
    /// other file is a classic script in a page with an empty document; with
    /// the node host the file is the main module (`.mjs`, or `.js` under a
    /// `"type": "module"` package.json, is an ES module).
    file: PathBuf,

    /// Which event loop runs the file: `browser` (the HTML Standard's:
    /// tasks, microtasks, rendering, idle periods) or `node` (libuv's phases,
    /// process.nextTick, setImmediate, CommonJS and ES modules, fs, net).
    /// Default: `browser` for .html/.htm files, `node` for everything else
    /// (.js, .mjs, .cjs).
    #[arg(long, value_enum)]
    host: Option<HostKind>,

    /// `real` follows the system clock; `virtual` moves time only when nothing
    /// is runnable, jumping to the next timer, so runs are exact and repeatable
    /// (a one-hour timer fires at once; performance.now() and Date.now() follow it).
    #[arg(long, value_enum, default_value_t = ClockArg::Real)]
    clock: ClockArg,

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

    /// Stop the loop once its clock reaches MS milliseconds, for scripts that never
    /// end on their own (a setInterval that is never cleared). Exit code 0; a
    /// message on stderr says what was still pending.
    #[arg(long, value_name = "MS")]
    max_time: Option<f64>,

    /// Rendering opportunities per second: frames (requestAnimationFrame
    /// callbacks, then a paint) come at exact multiples of 1000/FPS ms, when
    /// there is something to render.
    #[arg(long, value_name = "FPS", default_value_t = 60, value_parser = clap::value_parser!(u32).range(1..=1000))]
    fps: u32,

    /// Real user input: a JSON list of actions such as
    /// `[{"at": 100, "type": "click", "target": "#inner"}]` (types: click,
    /// mousedown, mouseup, mousemove, dblclick, keydown (with "key"), keyup,
    /// input (with "value")). Each action is a task on the user interaction
    /// task source at its time, so its listeners each get a microtask checkpoint.
    #[arg(long, value_name = "FILE")]
    input: Option<PathBuf>,

    /// With --host node: `modern` runs nextTicks and microtasks after every
    /// callback (Node ≥ 11); `legacy` only between phases, as Node did before
    /// 11 (a teaching mode).
    #[arg(long, value_enum, default_value_t = NodeMicrotasks::Modern)]
    node_microtasks: NodeMicrotasks,

    /// Stop the run after MS milliseconds of wall-clock time, even inside
    /// `while (true) {}`; says which task was running; exit code 124.
    #[arg(long, value_name = "MS")]
    timeout: Option<u64>,

    /// Limit the JavaScript heap to MB megabytes; allocations beyond it throw
    /// (an error the script can catch).
    #[arg(long, value_name = "MB")]
    max_heap: Option<usize>,

    /// Limit the stack script may use to KB kilobytes (deep recursion throws
    /// an error the script can catch, never a crash).
    #[arg(long, value_name = "KB")]
    max_stack: Option<usize>,

    /// Arguments for the script (`process.argv` after the script's path).
    #[arg(last = true)]
    args: Vec<String>,
}

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
    let cli = Cli::parse();
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
            Command::Run(args) => run(args),
            Command::Explain(args) => explain(args),
        })
    });
    match worker.map(|w| w.join()) {
        Ok(Ok(Ok(code))) => code,
        _ => ExitCode::from(70),
    }
}

fn fail(msg: impl AsRef<str>) -> ExitCode {
    let _ = writeln!(io::stderr(), "jsloop: {}", msg.as_ref());
    ExitCode::from(1)
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

fn run(args: RunArgs) -> ExitCode {
    let source = match read_script(&args.file) {
        Ok(s) => s,
        Err(e) => return fail(e),
    };
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
    let code = match execute(&args, &source, tracer, workers, output) {
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
            TraceArg::Html => viewer::render(&args.file.display().to_string(), &source, &all),
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

/// Runs the file on the host it asks for; returns the exit code.
fn execute(
    args: &RunArgs,
    source: &str,
    tracer: Tracer,
    trace_workers: Option<TraceFactory>,
    output: Output,
) -> Result<i32, String> {
    let max_time = match args.max_time {
        Some(ms) if !(ms.is_finite() && ms >= 0.0) => {
            return Err(format!("--max-time must be a number of milliseconds >= 0, not {ms}"))
        }
        Some(ms) => Some(Duration::from_secs_f64(ms / 1000.0)),
        None => None,
    };
    let clock = match args.clock {
        ClockArg::Real => ClockKind::Real,
        ClockArg::Virtual => ClockKind::Virtual,
    };
    let name = args.file.display().to_string();
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
    let limits = Limits {
        timeout: args.timeout.map(Duration::from_millis),
        max_heap: args.max_heap.map(|mb| mb.saturating_mul(1024 * 1024)),
        max_stack: args.max_stack.map(|kb| kb.saturating_mul(1024)),
        interrupt: Some(interrupt),
        terminate: None,
    };
    let host = match host_of(args) {
        HostKind::Node => jsloop_runtime::HostKind::Node,
        HostKind::Browser => jsloop_runtime::HostKind::Browser,
    };
    let microtasks = match args.node_microtasks {
        NodeMicrotasks::Modern => jsloop_core::uv::MicrotaskMode::PerCallback,
        NodeMicrotasks::Legacy => jsloop_core::uv::MicrotaskMode::Legacy,
    };
    // The command line adds nothing the embedding API cannot do.
    let mut builder = Runtime::builder()
        .host(host)
        .clock(clock)
        .tracer(tracer)
        .fps(args.fps)
        .input(input)
        .limits(limits)
        .output(output)
        .args(args.args.clone())
        .node_microtasks(microtasks);
    if let Some(limit) = max_time {
        builder = builder.max_time(limit);
    }
    if let Some(make) = trace_workers {
        builder = builder.trace_workers(move |name: &str| make(name));
    }
    let mut runtime = builder.build().map_err(|e| e.to_string())?;
    match runtime.load_source(&name, source) {
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

/// `--host`, or by the file: .html/.htm in the browser host, else node.
fn host_of(args: &RunArgs) -> HostKind {
    args.host.unwrap_or(if is_html(&args.file) { HostKind::Browser } else { HostKind::Node })
}

/// `jsloop explain FILE`: run under the virtual clock, keep the trace, and
/// tell why each line of output came when it did.
fn explain(mut args: RunArgs) -> ExitCode {
    let source = match read_script(&args.file) {
        Ok(s) => s,
        Err(e) => return fail(e),
    };
    args.clock = ClockArg::Virtual;
    let records = Rc::new(RefCell::new(Vec::new()));
    let quiet = Output::new(Box::new(io::sink()), Box::new(io::sink()));
    let code = match execute(&args, &source, Tracer::collecting(records.clone()), None, quiet) {
        Ok(code) => code,
        Err(e) => return fail(e),
    };
    let host = if host_of(&args) == HostKind::Node { explain::Host::Node } else { explain::Host::Browser };
    let text = explain::narrate(&records.borrow(), host);
    let mut out = io::stdout();
    let _ = out.write_all(text.as_bytes());
    let _ = out.flush();
    ExitCode::from(code.clamp(0, 255) as u8)
}
