//! Running a job: a script, `-e`/`-p` code or stdin, on its host, with its
//! trace, limits and output; `explain`'s run under the virtual clock.
use std::fs::File;
use std::io::{self, BufWriter, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use jsloop_core::trace::{
    to_chrome_trace, SharedCollectSink, SharedWriter, TraceFactory, TraceFormat, TraceRecord, Tracer,
};
use std::cell::RefCell;
use std::rc::Rc;

use crate::cli::{check, trace_hint, ClockArg, Direct, Mode, NodeMicrotasks, Options, RunArgs, TraceArg};
use crate::{repl, usage, viewer};
use jsloop_core::ClockKind;
use jsloop_runtime::input::parse_input;
use jsloop_runtime::limits::Limits;
use jsloop_runtime::HostKind;
use jsloop_runtime::{Output, Runtime, UnhandledRejections};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// What one run executes: a script, its name, its arguments.
pub(crate) struct Job {
    pub(crate) opts: Options,
    /// The file name errors, stacks and the trace show.
    pub(crate) name: String,
    pub(crate) source: String,
    pub(crate) args: Vec<String>,
    /// Whether `name` is a file (the host follows its extension).
    pub(crate) host: HostKind,
}

/// `jsloop [OPTIONS] [FILE [ARGS]...]`, `-e`, `-p`, `-`, the REPL.
pub(crate) fn direct(d: Direct, argv: &[String]) -> ExitCode {
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
            host,
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
pub(crate) fn print_wrapper(code: &str, host: HostKind) -> String {
    let code = serde_json::to_string(code).unwrap_or_default();
    match host {
        // A direct eval, so the code sees the module's `require`.
        HostKind::Node => {
            format!("process.on('exit', ((value) => () => console.log(value))(eval({code})));\n")
        }
        HostKind::Browser => format!("console.log((0, eval)({code}));\n"),
    }
}

pub(crate) fn read_stdin() -> Result<String, String> {
    let mut bytes = Vec::new();
    io::stdin()
        .read_to_end(&mut bytes)
        .map_err(|e| format!("standard input: cannot read: {}", io_reason(&e)))?;
    String::from_utf8(bytes).map_err(|e| {
        format!("standard input: not valid UTF-8 (invalid byte at offset {})", e.utf8_error().valid_up_to())
    })
}

pub(crate) fn run(args: RunArgs) -> ExitCode {
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

pub(crate) fn fail(msg: impl AsRef<str>) -> ExitCode {
    let _ = writeln!(io::stderr(), "jsloop: {}", msg.as_ref());
    ExitCode::from(1)
}

/// `node FILE` finds its main module as `require` finds a file
/// (Module._findPath): FILE, else FILE.js, else a directory's index.js.
pub(crate) fn main_path(file: &str, host: Option<HostKind>) -> String {
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

/// The script in `path`, or why it cannot be run (the API's reader and
/// its messages).
pub(crate) fn read_script(path: &Path) -> Result<String, String> {
    jsloop_runtime::api::read_script(path).map_err(|e| e.to_string())
}

pub(crate) fn io_reason(e: &io::Error) -> String {
    match e.kind() {
        io::ErrorKind::NotFound => "no such file".into(),
        io::ErrorKind::PermissionDenied => "permission denied".into(),
        _ => e.to_string(),
    }
}

/// Where a run's trace goes.
pub(crate) enum TracePlan {
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

pub(crate) fn run_job(job: Job, mode: Mode) -> ExitCode {
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

pub(crate) fn to_clock(clock: Option<ClockArg>) -> ClockKind {
    match clock {
        None | Some(ClockArg::Real) => ClockKind::Real,
        Some(ClockArg::Virtual) => ClockKind::Virtual,
    }
}

pub(crate) fn to_microtasks(mode: Option<NodeMicrotasks>) -> jsloop_core::uv::MicrotaskMode {
    match mode {
        None | Some(NodeMicrotasks::Modern) => jsloop_core::uv::MicrotaskMode::PerCallback,
        Some(NodeMicrotasks::Legacy) => jsloop_core::uv::MicrotaskMode::Legacy,
    }
}

/// `--timeout`, `--max-heap` (else [`default_heap_limit`]), `--max-stack`
/// (their ranges are checked by the parser).
pub(crate) fn limits_of(opts: &Options) -> Result<Limits, String> {
    let heap = match opts.max_heap {
        Some(mb) => usize::try_from(mb)
            .map_err(|_| "--max-heap is too large for this machine")?
            .saturating_mul(1024 * 1024),
        None => default_heap_limit(physical_memory()),
    };
    Ok(Limits {
        timeout: opts.timeout.map(Duration::from_millis),
        max_heap: Some(heap),
        max_stack: Some(
            (opts.max_stack.unwrap_or(crate::cli::DEFAULT_STACK_KB) as usize).saturating_mul(1024),
        ),
        interrupt: None,
        terminate: None,
    })
}

/// The heap limit of a run without `--max-heap`, sized from the machine's
/// memory as V8 sizes Node's (Heap::HeapSizeFromPhysicalMemory: a quarter
/// of physical memory, at most 4 GiB on a 64-bit machine), and at least
/// 256 MiB. Without a limit an ever-growing program would take all the
/// machine's memory and swap before anything stopped it.
pub(crate) fn default_heap_limit(physical: Option<u64>) -> usize {
    const GIB: u64 = 1 << 30;
    let quarter = physical.map_or(4 * GIB, |p| p / 4);
    usize::try_from(quarter.clamp(256 << 20, 4 * GIB)).unwrap_or(usize::MAX)
}

/// The machine's physical memory in bytes (sysconf), if it says.
pub(crate) fn physical_memory() -> Option<u64> {
    // SAFETY: sysconf has no preconditions.
    let (pages, size) = unsafe { (libc::sysconf(libc::_SC_PHYS_PAGES), libc::sysconf(libc::_SC_PAGESIZE)) };
    (pages > 0 && size > 0).then(|| (pages as u64).saturating_mul(size as u64))
}

/// Runs the job on its host; returns the exit code.
pub(crate) fn execute(
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
    // (Before the output first holds what a program printed: output.rs.)
    jsloop_runtime::output::hold_after(end_by_signal_after_flushing);
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
    // Node's words and exit code for a type it does not know
    // (src/node_options.cc).
    let input_type = match args.input_type.as_deref() {
        None => None,
        Some("module") => Some(true),
        Some("commonjs") => Some(false),
        Some(t @ ("module-typescript" | "commonjs-typescript")) => {
            eprintln!("jsloop: --input-type={t}: jsloop does not strip TypeScript types (process.features.typescript is false)");
            return Ok(9);
        }
        Some(_) => {
            let exe =
                std::env::current_exe().map(|p| p.display().to_string()).unwrap_or_else(|_| "jsloop".into());
            eprintln!(
                "{exe}: --input-type must be \"module\",\"commonjs\", \"module-typescript\" or \"commonjs-typescript\""
            );
            return Ok(9);
        }
    };
    // The command line adds nothing the embedding API cannot do.
    let mut builder = Runtime::builder()
        .host(job.host)
        .clock(to_clock(args.clock))
        .tracer(tracer)
        .fps(args.fps.unwrap_or(60))
        .input(input)
        .limits(limits)
        .output(output)
        .args(job.args.clone())
        .node_microtasks(to_microtasks(args.node_microtasks))
        .node_unhandled_rejections(unhandled_rejections)
        .node_input_type(input_type);
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
///
/// The handlers are installed here, before a run's output first holds what
/// it printed (`jsloop_runtime::output::hold_after`: until then a signal
/// that ends the process loses nothing); the signals are then waited for by
/// the main thread where it has nothing else to do while the loop's thread
/// runs ([`MainThread`]), or, if no main thread waits, by a
/// thread of their own.
pub(crate) fn end_by_signal_after_flushing() {
    use signal_hook::consts::{SIGHUP, SIGTERM};
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let Ok(signals) = signal_hook::iterator::Signals::new([SIGTERM, SIGHUP]) else { return };
        let signals = match TO_MAIN_THREAD.get() {
            Some(main) => {
                let _ = SIGNALS_HANDLE.set(signals.handle());
                match main.send(ToMainThread::Watch(signals)) {
                    Ok(()) => return,
                    Err(std::sync::mpsc::SendError(ToMainThread::Watch(signals))) => signals,
                    Err(_) => return,
                }
            }
            None => signals,
        };
        let _ = std::thread::Builder::new().name("jsloop signals".into()).spawn(move || {
            flush_and_end_on_signal(signals);
        });
    });
}

/// Waits for one of the signals, then writes what every live output holds
/// and ends the process as the signal's default action does. Returns if
/// the signals' handle is closed first.
fn flush_and_end_on_signal(mut signals: signal_hook::iterator::Signals) {
    if let Some(signal) = signals.forever().next() {
        jsloop_runtime::output::flush_all();
        let _ = signal_hook::low_level::emulate_default_handler(signal);
    }
}

/// What the loop's thread tells the main thread.
enum ToMainThread {
    /// Wait for these signals ([`end_by_signal_after_flushing`]).
    Watch(signal_hook::iterator::Signals),
    /// The command is done: the process's exit code.
    Done(ExitCode),
}

/// The main thread's end of [`ToMainThread`], if it waits.
static TO_MAIN_THREAD: std::sync::OnceLock<std::sync::mpsc::Sender<ToMainThread>> =
    std::sync::OnceLock::new();
/// Closes the signals the main thread waits for, which wakes it.
static SIGNALS_HANDLE: std::sync::OnceLock<signal_hook::iterator::Handle> = std::sync::OnceLock::new();

/// The main thread while the loop's thread runs the command: it waits for
/// the exit code and meanwhile for SIGTERM and SIGHUP once a run installs
/// their handlers, so that no thread is started for them.
pub(crate) struct MainThread(std::sync::mpsc::Receiver<ToMainThread>);

impl MainThread {
    /// Call on the main thread before the loop's thread starts.
    pub(crate) fn new() -> Self {
        let (sender, receiver) = std::sync::mpsc::channel();
        let _ = TO_MAIN_THREAD.set(sender);
        MainThread(receiver)
    }

    /// Waits for the loop's thread's exit code (None if it ended without
    /// handing one over), watching the signals it hands over meanwhile.
    pub(crate) fn serve(self) -> Option<ExitCode> {
        loop {
            match self.0.recv().ok()? {
                ToMainThread::Watch(signals) => flush_and_end_on_signal(signals),
                ToMainThread::Done(code) => return Some(code),
            }
        }
    }

    /// Called by the loop's thread when the command is done: hands `code`
    /// to the main thread, which returns it from `main` (the process exits
    /// with it), and parks this thread for good, so its stack is not
    /// released before the process exits. Returns `code` if no main thread
    /// waits for it.
    pub(crate) fn exit_with(code: ExitCode) -> Option<ExitCode> {
        let Some(main) = TO_MAIN_THREAD.get() else { return Some(code) };
        if main.send(ToMainThread::Done(code)).is_err() {
            return Some(code);
        }
        // Wake the main thread if it waits for signals.
        if let Some(handle) = SIGNALS_HANDLE.get() {
            handle.close();
        }
        loop {
            std::thread::park();
        }
    }
}

pub(crate) fn is_html(file: &Path) -> bool {
    jsloop_runtime::api::is_html(&file.to_string_lossy())
}

/// By the file: .html/.htm in the browser host, else node.
pub(crate) fn host_of_file(file: &Path) -> HostKind {
    if is_html(file) {
        HostKind::Browser
    } else {
        HostKind::Node
    }
}

/// `jsloop explain FILE`: run under the virtual clock, keep the trace, and
/// tell why each line of output came when it did.
pub(crate) fn explain(args: RunArgs) -> ExitCode {
    let source = match read_script(&args.file) {
        Ok(s) => s,
        Err(e) => return fail(e),
    };
    let host = args.opts.host.unwrap_or(host_of_file(&args.file));
    let name = args.file.display().to_string();
    run_job(Job { opts: args.opts, name, source, args: args.args, host }, Mode::Explain)
}

pub(crate) fn explain_job(mut job: Job) -> ExitCode {
    job.opts.clock = Some(ClockArg::Virtual);
    let records = Rc::new(RefCell::new(Vec::new()));
    let quiet = Output::new(Box::new(io::sink()), Box::new(io::sink()));
    let code = match execute(&job, Tracer::collecting(records.clone()), None, quiet) {
        Ok(code) => code,
        Err(e) => return fail(e),
    };
    let text = crate::explain::narrate(&records.borrow(), job.host);
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
