//! The embedding API: a [`Runtime`] running either event loop around
//! QuickJS, driven by the embedder.
//!
//! ```
//! use std::time::Duration;
//! use jsloop_runtime::{ClockKind, HostKind, Runtime};
//!
//! let mut rt = Runtime::builder().host(HostKind::Node).clock(ClockKind::Virtual).build()?;
//! rt.run_source("main.js", "setTimeout(() => console.log('one second later'), 1000)")?;
//! assert_eq!(rt.now(), Duration::ZERO);
//! rt.advance(Duration::from_millis(999))?; // nothing due yet
//! rt.advance(Duration::from_millis(1))?; // prints "one second later"
//! assert_eq!(rt.now(), Duration::from_secs(1));
//! assert_eq!(rt.run_to_end()?.exit_code, 0);
//! # Ok::<(), jsloop_runtime::Error>(())
//! ```
//!
//! A runtime lives on the thread that built it (it is neither `Send` nor
//! `Sync`: the engine's values may not leave their thread). What may cross
//! threads is a [`RuntimeHandle`], which queues work on the loop and wakes it.
use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::time::Duration;

use jsloop_core::remote::{Inbox, InboxSender, KeepAlive};
use jsloop_core::trace::Tracer;
use jsloop_core::uv::MicrotaskMode;
use jsloop_core::{ClockKind, LoopEnd, TaskSource, Until};
use rquickjs::Ctx;

use crate::browser::input::InputAction;
use crate::browser::{BrowserSession, LoadError, Options, Outcome, Page};
use crate::limits::Limits;
use crate::node::{NodeOptions, NodeSession};
use crate::output::Output;
use crate::quickjs::host_fn::HostFunction;

mod builder;
mod handle;

/// Which event loop a runtime runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HostKind {
    /// The HTML Standard's window event loop, with a document, the DOM,
    /// rendering opportunities and idle periods.
    Browser,
    /// Node's libuv loop with its phases, `process`, `require`/`import`,
    /// `fs` and `net`.
    Node,
}

/// What went wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// A file could not be read as a script.
    Read {
        /// The file.
        path: PathBuf,
        /// Why (`cannot read: no such file`, `is a directory, not a
        /// script`, `not valid UTF-8 (invalid byte at offset N)`).
        reason: String,
    },
    /// A script could not be loaded: it does not parse (the message is
    /// `FILE:LINE:COLUMN: SyntaxError: …`), or a page is already loaded. The
    /// message was also written to the runtime's stderr.
    Load {
        /// The message.
        message: String,
        /// The exit code the command-line runtime uses for it.
        exit_code: i32,
    },
    /// Two host functions were registered under one name.
    DuplicateFunction(String),
    /// A host function's name is not a dotted list of identifiers.
    InvalidFunctionName(String),
    /// [`Runtime::advance`] needs the virtual clock.
    NotVirtual,
    /// The call needs the other host (user input needs the browser host).
    WrongHost {
        /// The host the call needs.
        needs: HostKind,
    },
    /// The runtime has shut down ([`Runtime::run_to_end`], [`Runtime::shutdown`],
    /// `process.exit()`), or the loop a [`RuntimeHandle`] points to has.
    ShutDown,
    /// The engine could not be started, or its globals not installed (a bug
    /// in jsloop; the command-line runtime exits 70).
    Internal(String),
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::Read { path, reason } => write!(f, "{}: {reason}", path.display()),
            Error::Load { message, .. } => f.write_str(message),
            Error::DuplicateFunction(name) => {
                write!(f, "a host function named {name:?} is already registered")
            }
            Error::InvalidFunctionName(name) => {
                write!(f, "{name:?} is not a host function name (identifiers separated by dots)")
            }
            Error::NotVirtual => {
                f.write_str("advance() moves the virtual clock; this runtime uses the real clock")
            }
            Error::ShutDown => f.write_str("the runtime has shut down"),
            Error::WrongHost { needs } => write!(f, "this needs the {needs:?} host"),
            Error::Internal(message) => write!(f, "internal error: {message}"),
        }
    }
}

impl std::error::Error for Error {}

impl From<LoadError> for Error {
    fn from(e: LoadError) -> Self {
        Error::Load { message: e.message, exit_code: e.exit_code }
    }
}

/// Builds a [`Runtime`]. Every setting has the command-line runtime's default.
#[must_use]
pub struct RuntimeBuilder {
    host: HostKind,
    clock: ClockKind,
    tracer: Tracer,
    fps: u32,
    max_time: Option<Duration>,
    input: Vec<InputAction>,
    limits: Limits,
    output: Option<Output>,
    args: Vec<String>,
    microtasks: MicrotaskMode,
    unhandled_rejections: crate::node::UnhandledRejections,
    input_type: Option<bool>,
    functions: Vec<(String, HostFunction)>,
    modules: Vec<crate::quickjs::host_fn::HostModule>,
    error: Option<Error>,
    trace_workers: Option<jsloop_core::trace::TraceFactory>,
    root: Option<std::path::PathBuf>,
}

/// The functions of a module written in Rust (see [`RuntimeBuilder::module`]).
#[must_use]
pub struct ModuleBuilder {
    functions: Vec<(String, HostFunction)>,
    error: Option<Error>,
}

struct Config {
    builder: RuntimeBuilder,
    inbox: Inbox,
}

enum Session {
    Browser(BrowserSession),
    Node(NodeSession),
}

enum State {
    /// Built; the engine starts with the first script.
    Configured(Box<Config>),
    Running(Session),
    /// Shut down, with the run's exit code.
    Done(i32),
    /// Being changed (never seen from outside).
    Taken,
}

/// One JavaScript runtime: a QuickJS engine and one event loop (the HTML
/// Standard's or Node's), on the thread that built it.
///
/// Scripts are loaded with [`run_source`](Runtime::run_source) or
/// [`run_file`](Runtime::run_file); the loop then runs as far as asked:
/// [`run_until_idle`](Runtime::run_until_idle) (what is due now),
/// [`run_for`](Runtime::run_for) / [`advance`](Runtime::advance) (a stretch
/// of clock time), [`run_to_end`](Runtime::run_to_end) (until nothing can
/// ever run again, as the command line does).
pub struct Runtime {
    state: RefCell<State>,
    sender: InboxSender,
}

/// Default name of the script when the loop is run before any was loaded.
const NO_SCRIPT: &str = "embedder.js";

impl Runtime {
    /// A builder with the command-line runtime's defaults.
    pub fn builder() -> RuntimeBuilder {
        RuntimeBuilder::default()
    }

    /// The host this runtime was built with; None once it has shut down.
    pub fn host(&self) -> Option<HostKind> {
        match &*self.state.borrow() {
            State::Configured(c) => Some(c.builder.host),
            State::Running(Session::Browser(_)) => Some(HostKind::Browser),
            State::Running(Session::Node(_)) => Some(HostKind::Node),
            _ => None,
        }
    }

    /// Reads `path` and runs it as [`run_source`](Runtime::run_source) does.
    pub fn run_file(&mut self, path: impl AsRef<Path>) -> Result<LoopEnd, Error> {
        let path = path.as_ref();
        let source = read_script(path)?;
        self.run_source(&path.display().to_string(), &source)
    }

    /// Loads a script and runs the loop until it is idle. In the browser
    /// host the first script (or `.html` page) is the page's, run by the
    /// parser's task, and later ones are further classic scripts, each a
    /// task; in the node host the first is the main module, later ones
    /// further CommonJS modules, run at once with their nextTicks and
    /// microtasks. `name` is the file name errors and stacks show.
    pub fn run_source(&mut self, name: &str, source: &str) -> Result<LoopEnd, Error> {
        self.load_source(name, source)?;
        self.run_until_idle()
    }

    /// Loads a script as [`run_source`](Runtime::run_source) does, without
    /// running the loop (a browser host's script waits for its task; a node
    /// host's main module runs at once, as Node runs it before the loop).
    pub fn load_source(&mut self, name: &str, source: &str) -> Result<(), Error> {
        self.start(name)?;
        match &*self.state.borrow() {
            State::Running(Session::Browser(s)) => {
                let is_html = is_html(name);
                let page = if is_html { Page::Html { name, source } } else { Page::Script { name, source } };
                s.load(page).map_err(Error::from)
            }
            State::Running(Session::Node(s)) => s.load(name, source).map_err(Error::from),
            _ => Err(Error::ShutDown),
        }
    }

    /// Runs every task (browser) or phase callback (node) that is due now,
    /// with their microtasks, without moving the clock. Under the virtual
    /// clock, async host function calls in flight settle first (they take no
    /// virtual time).
    pub fn run_until_idle(&mut self) -> Result<LoopEnd, Error> {
        self.run(Until::Idle)
    }

    /// Runs the loop for `duration` of its clock: the virtual clock jumps
    /// from one due time to the next; the real clock waits. Everything due
    /// up to and at the end runs; the clock is left at the end.
    pub fn run_for(&mut self, duration: Duration) -> Result<LoopEnd, Error> {
        let until = self.now() + duration;
        self.run(Until::Time(until))
    }

    /// [`run_for`](Runtime::run_for) under the virtual clock (as a fake-timer
    /// library's `tick`); [`Error::NotVirtual`] under the real clock.
    pub fn advance(&mut self, duration: Duration) -> Result<LoopEnd, Error> {
        if self.clock_kind() != Some(ClockKind::Virtual) {
            return Err(Error::NotVirtual);
        }
        self.run_for(duration)
    }

    /// Runs the loop until nothing can ever run again (or the max time, the
    /// watchdog, `process.exit()`), then shuts the runtime down: the node
    /// host emits `beforeExit` and `exit`. Returns the exit code the
    /// command-line runtime would exit with.
    pub fn run_to_end(&mut self) -> Result<Outcome, Error> {
        self.start(NO_SCRIPT)?;
        let (end, exit_code) = match &*self.state.borrow() {
            State::Running(Session::Browser(s)) => {
                let end = s.run_until(Until::Done);
                (end.clone(), s.report_end(&end))
            }
            State::Running(Session::Node(s)) => {
                let end = s.run_until(Until::Done);
                (end, s.finish())
            }
            _ => return Err(Error::ShutDown),
        };
        // The session is dropped (the engine freed); the exit code stays.
        self.shutdown()?;
        *self.state.borrow_mut() = State::Done(exit_code);
        Ok(Outcome { exit_code, end: Some(end) })
    }

    /// [`run_to_end`](Runtime::run_to_end) for the command-line runtime,
    /// which is about to exit: the engine is not freed object by object.
    #[doc(hidden)]
    pub fn run_to_exit(mut self) -> Result<Outcome, Error> {
        self.start(NO_SCRIPT)?;
        let state = std::mem::replace(&mut *self.state.borrow_mut(), State::Taken);
        match state {
            State::Running(Session::Browser(s)) => {
                let end = s.run_until(Until::Done);
                let exit_code = s.report_end(&end);
                // (Freeing the engine was a fifth of a browser-host run's
                // CPU time.)
                s.abandon();
                Ok(Outcome { exit_code, end: Some(end) })
            }
            State::Running(Session::Node(s)) => {
                let end = s.run_until(Until::Done);
                let exit_code = s.finish();
                s.forget();
                Ok(Outcome { exit_code, end: Some(end) })
            }
            _ => Err(Error::ShutDown),
        }
    }

    /// Shuts the runtime down now (the node host emits `exit`); returns the
    /// exit code. Every later call is [`Error::ShutDown`].
    pub fn shutdown(&mut self) -> Result<i32, Error> {
        let state = std::mem::replace(&mut *self.state.borrow_mut(), State::Taken);
        let code = match state {
            State::Configured(_) => 0,
            State::Running(Session::Browser(s)) => {
                let code = i32::from(s.had_error());
                drop(s);
                code
            }
            State::Running(Session::Node(s)) => {
                let code = s.finish();
                drop(s);
                code
            }
            State::Done(code) => {
                *self.state.borrow_mut() = State::Done(code);
                return Err(Error::ShutDown);
            }
            State::Taken => return Err(Error::ShutDown),
        };
        *self.state.borrow_mut() = State::Done(code);
        Ok(code)
    }

    /// The loop's clock: time since the time origin.
    pub fn now(&self) -> Duration {
        match &*self.state.borrow() {
            State::Running(Session::Browser(s)) => s.now(),
            State::Running(Session::Node(s)) => s.now(),
            _ => Duration::ZERO,
        }
    }

    /// Whether the runtime has shut down, and with which exit code.
    pub fn exit_code(&self) -> Option<i32> {
        match &*self.state.borrow() {
            State::Done(code) => Some(*code),
            _ => None,
        }
    }

    /// Calls `f` with the engine's context (to read or set globals, call
    /// functions). Starts the engine if no script was loaded yet.
    pub fn with<R>(&mut self, f: impl FnOnce(Ctx<'_>) -> R) -> Result<R, Error> {
        self.start(NO_SCRIPT)?;
        match &*self.state.borrow() {
            State::Running(Session::Browser(s)) => Ok(s.with(f)),
            State::Running(Session::Node(s)) => Ok(s.with(f)),
            _ => Err(Error::ShutDown),
        }
    }

    /// Real user input (browser host): a click, a key, text typed, queued as
    /// a task on the user interaction task source at `action.at_ms` on the
    /// loop's clock (at once if that has passed), as `--input` does. Unlike
    /// `el.click()` from script, its listeners each get a microtask checkpoint.
    pub fn user_input(&mut self, action: InputAction) -> Result<(), Error> {
        self.start(NO_SCRIPT)?;
        match &*self.state.borrow() {
            State::Running(Session::Browser(s)) => {
                s.queue_input(action);
                Ok(())
            }
            State::Running(Session::Node(_)) => Err(Error::WrongHost { needs: HostKind::Browser }),
            _ => Err(Error::ShutDown),
        }
    }

    /// Queues `job` as a task on `source` (browser host) or a poll-phase
    /// callback (node host); it runs when the loop next runs.
    pub fn queue_task<F>(&self, source: TaskSource, label: &str, job: F) -> Result<(), Error>
    where
        F: for<'js> FnOnce(Ctx<'js>) -> rquickjs::Result<()> + Send + 'static,
    {
        self.handle().queue_task(source, label, job)
    }

    /// A handle for other threads.
    pub fn handle(&self) -> RuntimeHandle {
        RuntimeHandle { sender: self.sender.clone() }
    }

    /// Flushes the trace (a sink that buffers writes what it holds).
    pub fn flush_trace(&self) {
        match &*self.state.borrow() {
            State::Running(Session::Browser(s)) => s.event_loop().borrow_mut().tracer.flush(),
            State::Running(Session::Node(s)) => s.event_loop().borrow_mut().tracer.flush(),
            _ => {}
        }
    }

    fn clock_kind(&self) -> Option<ClockKind> {
        match &*self.state.borrow() {
            State::Configured(c) => Some(c.builder.clock),
            State::Running(Session::Browser(s)) => Some(s.event_loop().borrow().clock().kind()),
            State::Running(Session::Node(s)) => Some(s.event_loop().borrow().clock().kind()),
            _ => None,
        }
    }

    fn run(&mut self, until: Until) -> Result<LoopEnd, Error> {
        self.start(NO_SCRIPT)?;
        let end = match &*self.state.borrow() {
            State::Running(Session::Browser(s)) => {
                let end = s.run_until(until);
                if until == Until::Done {
                    s.report_end(&end);
                }
                end
            }
            State::Running(Session::Node(s)) => {
                let end = s.run_until(until);
                if s.exiting() && until != Until::Done {
                    // process.exit() or a fatal error: the process is over.
                    LoopEnd::Stopped
                } else {
                    end
                }
            }
            _ => return Err(Error::ShutDown),
        };
        if end == LoopEnd::Stopped && until != Until::Done {
            self.shutdown()?;
        }
        Ok(end)
    }

    /// Starts the engine, if it has not started, with `name` as the page's
    /// or main module's name.
    fn start(&mut self, name: &str) -> Result<(), Error> {
        let state = std::mem::replace(&mut *self.state.borrow_mut(), State::Taken);
        let config = match state {
            State::Configured(c) => c,
            other => {
                let running = matches!(other, State::Running(_));
                *self.state.borrow_mut() = other;
                return if running { Ok(()) } else { Err(Error::ShutDown) };
            }
        };
        let Config { builder: b, inbox } = *config;
        let out = b.output.unwrap_or_else(Output::stdio);
        let session = match b.host {
            HostKind::Browser => {
                let options = Options {
                    clock: b.clock,
                    tracer: b.tracer,
                    max_time: b.max_time,
                    fps: b.fps,
                    input: b.input,
                    limits: b.limits,
                    functions: b.functions,
                    modules: b.modules,
                    inbox: Some(inbox),
                    worker: None,
                    trace_workers: b.trace_workers,
                    root: b.root,
                };
                BrowserSession::new(name, options, out).map(Session::Browser)
            }
            HostKind::Node => {
                let options = NodeOptions {
                    clock: b.clock,
                    tracer: b.tracer,
                    max_time: b.max_time,
                    microtasks: b.microtasks,
                    unhandled_rejections: b.unhandled_rejections,
                    input_type: b.input_type,
                    args: b.args,
                    limits: b.limits,
                    functions: b.functions,
                    inbox: Some(inbox),
                    worker: None,
                    trace_workers: b.trace_workers,
                    modules: b.modules,
                };
                NodeSession::new(name, options, out).map(Session::Node)
            }
        };
        match session {
            Ok(s) => {
                *self.state.borrow_mut() = State::Running(s);
                Ok(())
            }
            // Stopped while starting (--timeout, Ctrl-C): said on stderr,
            // with the stop's exit code.
            Err(outcome) if outcome.exit_code != 70 => {
                *self.state.borrow_mut() = State::Done(outcome.exit_code);
                Err(Error::Load { message: "stopped while starting".into(), exit_code: outcome.exit_code })
            }
            Err(outcome) => {
                *self.state.borrow_mut() = State::Done(outcome.exit_code);
                Err(Error::Internal("the engine could not be started (see the runtime's stderr)".into()))
            }
        }
    }
}

/// A `Send + Sync` handle to a [`Runtime`]'s loop, for other threads: it
/// queues work on the loop and wakes it.
#[derive(Clone, Debug)]
pub struct RuntimeHandle {
    sender: InboxSender,
}

/// A task promised to a loop (see [`RuntimeHandle::pending`]). `Send`.
pub struct PendingTask {
    ticket: KeepAlive,
}

/// Whether a file is an HTML page (by its extension).
pub fn is_html(name: &str) -> bool {
    Path::new(name)
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("html") || e.eq_ignore_ascii_case("htm"))
}

/// Reads a script file, with the command-line runtime's messages.
pub fn read_script(path: &Path) -> Result<String, Error> {
    let fail = |reason: String| Error::Read { path: path.to_path_buf(), reason };
    if path.is_dir() {
        return Err(fail("is a directory, not a script".into()));
    }
    let bytes = std::fs::read(path).map_err(|e| {
        fail(format!(
            "cannot read: {}",
            match e.kind() {
                std::io::ErrorKind::NotFound => "no such file".to_string(),
                std::io::ErrorKind::PermissionDenied => "permission denied".to_string(),
                _ => e.to_string(),
            }
        ))
    })?;
    String::from_utf8(bytes).map_err(|e| {
        fail(format!("not valid UTF-8 (invalid byte at offset {})", e.utf8_error().valid_up_to()))
    })
}
