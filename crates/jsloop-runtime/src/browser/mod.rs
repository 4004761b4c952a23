//! The browser host: QuickJS behind the core's [`jsloop_core::html::Host`] seam.
//!
//! One QuickJS runtime and context per run. The whole event loop runs inside
//! one `Context::with`, so every callback, task and microtask of the run sees
//! the same context. The host functions the glue calls are Rust closures that
//! capture only the shared [`Shared`] state, never the context itself.
//!
//! - `session.rs`: a session (engine, document, loop), loading and running;
//! - `host.rs`: the loop's side (`impl html::Host`): task steps, microtasks,
//!   exceptions and rejections, rendering's callbacks;
//! - `globals.rs`: the host functions the glue calls (timers, tasks, ports,
//!   the document's parser, script loading);
//! - `workers.rs` (dedicated workers), `parser.rs` (html5ever), `input.rs`
//!   (recorded user input), `url.rs` (URL and blob:/data: URLs).
mod agents;
mod broadcast;
pub(crate) mod clock_reads;
mod fetch;
mod frames;
pub mod input;
pub mod parser;
pub(crate) mod turn_sharing;
pub(crate) mod url;
pub(crate) mod workers;

mod globals;
mod host;
mod hot;
mod is_trusted;
mod locks;
mod message_event;
mod modules;
mod port_fire;
mod port_post;
mod ports;
mod scheduler;
mod session;
mod startup;
mod timers;

pub use host::JsHost;
pub(crate) use session::BrowserSession;
pub use session::{run_classic_script, run_page};
use std::cell::{Cell, RefCell};
use std::path::PathBuf;
use std::rc::Rc;
use std::time::Duration;

use jsloop_core::clock::ClockKind;
use jsloop_core::html::Loop;
use jsloop_core::trace::Tracer;
use rquickjs::{Ctx, Function, Object, Persistent, Value};

use crate::output::SharedOutput;
use crate::quickjs::host_fn::{AsyncCalls, Delivered, HostFunction};
pub(crate) use crate::quickjs::LoadError;
pub use crate::quickjs::{Outcome, MAX_STACK_BYTES};

/// How to run a page.
pub struct Options {
    /// The real clock or the virtual one.
    pub clock: ClockKind,
    /// Where the loop's trace goes.
    pub tracer: Tracer,
    /// `--max-time`: the loop ends once its clock reaches this.
    pub max_time: Option<Duration>,
    /// Rendering opportunities per second.
    pub fps: u32,
    /// Real user input, each action queued as a task at its time.
    pub input: Vec<crate::browser::input::InputAction>,
    /// The watchdog, Ctrl-C, and the engine's memory and stack limits.
    pub limits: crate::limits::Limits,
    /// Functions written in Rust, installed as globals.
    pub functions: Vec<(String, HostFunction)>,
    /// Modules written in Rust (the browser host has no module loader for
    /// classic scripts: each is a global object of that name).
    pub modules: Vec<crate::quickjs::host_fn::HostModule>,
    /// Where tasks from other threads arrive (None: a new inbox).
    pub inbox: Option<jsloop_core::remote::Inbox>,
    /// Set for a dedicated worker's global (see [`crate::worker`]).
    pub(crate) worker: Option<crate::browser::workers::WorkerInit>,
    /// Makes the tracer of each worker's loop (None: workers are not traced).
    pub trace_workers: Option<jsloop_core::trace::TraceFactory>,
    /// `--root`: the page is served from this document root (see
    /// `browser::workers::locate`, a private function); None: a local file.
    pub root: Option<PathBuf>,
}

impl Options {
    /// The command-line defaults on `clock`: no trace, no max time, 60 fps,
    /// no input, no limits, no host functions, a new inbox.
    pub fn new(clock: ClockKind) -> Self {
        Options {
            clock,
            tracer: Tracer::off(),
            max_time: None,
            fps: 60,
            input: Vec::new(),
            limits: Default::default(),
            functions: Vec::new(),
            modules: Vec::new(),
            inbox: None,
            worker: None,
            trace_workers: None,
            root: None,
        }
    }
}

/// What the browser host loads.
pub enum Page<'a> {
    /// A classic script, run in a page with an empty document (as if by
    /// `<body><script src=FILE></script></body>`).
    Script {
        /// The script's file name (errors, stacks and `location` show it).
        name: &'a str,
        /// Its source text.
        source: &'a str,
    },
    /// An HTML page: parsed with html5ever; its classic scripts run in
    /// document order, `src=` relative to the page.
    Html {
        /// The page's file name (`src=` is relative to its directory).
        name: &'a str,
        /// Its markup.
        source: &'a str,
    },
    /// A module script (a module worker's script).
    Module {
        /// The module's file name (its imports are relative to it).
        name: &'a str,
        /// Its source text.
        source: &'a str,
    },
}

/// A task's steps, as this host keeps them.
#[derive(Clone)]
pub enum JsSteps {
    /// Invoke a user callback (a timer's handler function) with arguments.
    Callback {
        /// The function.
        func: Persistent<Function<'static>>,
        /// Its arguments (shared: a setInterval's every task passes the same).
        args: Rc<Vec<Persistent<Value<'static>>>>,
    },
    /// A timer's function handler, its `this` (the global) and its
    /// arguments, as the raw setTimeout and setInterval (timers.rs) hold
    /// them: invoked with one `JS_Call`.
    Call(crate::quickjs::raw::RawCall),
    /// Compile a string as a classic script and run it (a string timer handler).
    Source {
        /// The string passed as the handler.
        source: Rc<str>,
    },
    /// Run an already compiled classic script (the page's script).
    Compiled {
        /// The compiled script.
        script: Persistent<Value<'static>>,
    },
    /// Glue steps (deliver a message, fire an event); the glue invokes the
    /// user's callbacks itself, through `host.invoke`.
    Glue {
        /// The glue's function, called with no arguments.
        func: Persistent<Function<'static>>,
    },
    /// The parser's task: build the document and run its scripts (or, for a
    /// script file, run it), then queue DOMContentLoaded and load.
    LoadPage {
        /// The parsed document (None for a script file).
        tree: Option<Persistent<Value<'static>>>,
    },
    /// One action of `--input` (real user input).
    Input {
        /// The action's index in the run's input list.
        index: usize,
    },
    /// Work sent from Rust (another thread, or an async host function's
    /// result).
    Delivered(Delivered),
    /// A message in a port message queue (the message port post message
    /// steps, step 7): fire `message` at the port.
    /// <https://html.spec.whatwg.org/multipage/web-messaging.html#message-port-post-message-steps>
    PortMessage {
        /// The port's process-wide id.
        id: u64,
        /// The port the message is for (its object in this realm).
        /// (Engine values held as they are, below rquickjs: a message
        /// costs no conversions; quickjs/raw.rs.)
        port: crate::quickjs::raw::Held,
        /// The deserialized message.
        data: crate::quickjs::raw::Held,
        /// The ports it carried (new ports of this realm), an array.
        ports: crate::quickjs::raw::Held,
    },
    /// Evaluate a module script (a module worker's).
    Module {
        /// The module's file name.
        name: Rc<str>,
        /// Its source text.
        source: Rc<str>,
    },
}

/// State shared by the host and the host functions the glue calls.
pub struct Shared {
    lp: Loop<JsSteps>,
    out: SharedOutput,
    had_error: Cell<bool>,
    script_name: String,
    /// (promise, reason, handled) from QuickJS's rejection tracker, handed to
    /// the glue at the end of each microtask checkpoint.
    rejections: RefCell<Vec<(Persistent<Value<'static>>, Persistent<Value<'static>>, bool)>>,
    /// Tracker operations were handed to the glue before the checkpoint
    /// (globals.rs, `track_rejections`): its notify step has work to look at.
    rejections_tracked: Cell<bool>,
    glue: RefCell<Option<Glue>>,
    /// The ports whose messages the host fires itself (port_fire.rs).
    port_fire: RefCell<port_fire::PortFire>,
    /// What the raw postMessage and data getter read (port_post.rs).
    port_post: RefCell<port_post::PostKit>,
    /// The global's current event (`window.event`) while a message the
    /// host fires runs its handler and the glue's holder is empty
    /// (port_fire.rs): borrowed from the task, which holds the event;
    /// undefined otherwise.
    host_event: Cell<rquickjs::qjs::JSValue>,
    /// Whether the document changed since the last paint.
    rendering_dirty: Cell<bool>,
    /// Whether a ResizeObserver was made or an IntersectionObserver observed
    /// a target (26_observers.js's `host.observersInUse()`). Until then the
    /// document's observer lists are empty and the observers' rendering
    /// steps have nothing to do: the host does not call into the glue for
    /// them (four calls a frame otherwise).
    observers_in_use: Cell<bool>,
    /// Whether the document may have style that is not the default (a style
    /// element or attribute was made, or getComputedStyle() was called:
    /// 20_dom.js's `host.styleInUse()`). Until then 27_css.js's rendering
    /// steps (update animations and send events, recalculate styles) return
    /// at once: the host does not call into the glue for them (two calls a
    /// frame otherwise).
    style_in_use: Cell<bool>,
    /// Whether a CSS animation or transition runs (27_css.js): every
    /// frame has something to update while one does.
    animating: Cell<bool>,
    /// The compiled script of a `Page::Script`, until it runs.
    main: RefCell<Option<Persistent<Value<'static>>>>,
    /// The page's directory: `src=` is relative to it.
    base_dir: PathBuf,
    input: RefCell<Vec<crate::browser::input::InputAction>>,
    dog: crate::limits::Watchdog,
    /// Async host function calls in flight.
    calls: Rc<AsyncCalls>,
    /// Whether the page (or its first script) was loaded.
    loaded: Cell<bool>,
    /// Its workers, and (for a worker) its parent.
    family: Rc<crate::browser::workers::Family>,
    /// The document's URL when it is not the file's (an iframe's
    /// `about:srcdoc` or `about:blank`).
    document_url: Option<String>,
    /// The windows of this event loop (the page and its iframes' windows).
    agent: Rc<frames::Agent>,
}

/// What makes one window's [`Shared`] differ from another's: a page's
/// session and an iframe's window (frames.rs) give these, the rest starts
/// empty.
pub(crate) struct WindowParts {
    pub lp: Loop<JsSteps>,
    pub out: SharedOutput,
    pub script_name: String,
    pub base_dir: PathBuf,
    pub dog: crate::limits::Watchdog,
    pub family: Rc<crate::browser::workers::Family>,
    pub loaded: bool,
    pub document_url: Option<String>,
    pub agent: Rc<frames::Agent>,
}

impl Shared {
    pub(crate) fn new(w: WindowParts) -> Rc<Shared> {
        Rc::new(Shared {
            lp: w.lp,
            out: w.out,
            had_error: Cell::new(false),
            script_name: w.script_name,
            rejections: RefCell::new(Vec::new()),
            rejections_tracked: Cell::new(false),
            glue: RefCell::new(None),
            port_fire: RefCell::new(Default::default()),
            port_post: RefCell::new(Default::default()),
            host_event: Cell::new(rquickjs::qjs::JS_UNDEFINED),
            rendering_dirty: Cell::new(false),
            observers_in_use: Cell::new(false),
            style_in_use: Cell::new(false),
            animating: Cell::new(false),
            main: RefCell::new(None),
            base_dir: w.base_dir,
            input: RefCell::new(Vec::new()),
            dog: w.dog,
            calls: Rc::new(AsyncCalls::default()),
            loaded: Cell::new(w.loaded),
            family: w.family,
            document_url: w.document_url,
            agent: w.agent,
        })
    }
}

struct Glue {
    /// With --trace: the receivers the glue called listeners on, for the
    /// names of the call stack's frames (`HTMLButtonElement.onClick`).
    frame_hints: Option<Persistent<Object<'static>>>,
    report_exception: Persistent<Function<'static>>,
    process_rejections: Persistent<Function<'static>>,
    /// Fires a port's message (`firePortMessage(port, data, ports)`).
    fire_port_message: Persistent<Function<'static>>,
    /// The page's functions (a worker has no document).
    load_page: Option<Persistent<Function<'static>>>,
    make_idle_deadline: Option<Persistent<Function<'static>>>,
    dispatch_input: Option<Persistent<Function<'static>>>,
    take_rendering_changes: Option<Persistent<Function<'static>>>,
    /// ResizeObserver's and IntersectionObserver's rendering steps
    /// (26_observers.js; a worker has none).
    observers: Option<Persistent<Object<'static>>>,
    /// CSS animations' and transitions' rendering steps (27_css.js; a
    /// worker has none).
    css: Option<Persistent<Object<'static>>>,
    /// The worker glue (15_workers.js).
    workers: Persistent<Object<'static>>,
    /// The page glue's `frame` object: what a parent window asks of this
    /// window when it is an iframe's (30_page.js).
    frame: Option<Persistent<Object<'static>>>,
}

impl Shared {
    fn glue_fn<'js>(
        &self,
        ctx: &Ctx<'js>,
        pick: impl Fn(&Glue) -> Option<Persistent<Function<'static>>>,
    ) -> Option<Function<'js>> {
        self.glue.borrow().as_ref().and_then(pick).and_then(|f| f.restore(ctx).ok())
    }

    /// A function of the worker glue.
    fn workers_fn<'js>(&self, ctx: &Ctx<'js>, name: &str) -> Option<Function<'js>> {
        let obj = self.glue.borrow().as_ref().map(|g| g.workers.clone())?.restore(ctx).ok()?;
        obj.get::<_, Option<Function>>(name).ok().flatten()
    }
}
