//! QuickJS behind the core's [`Host`] seam.
//!
//! One QuickJS runtime and context per run. The whole event loop runs inside
//! one `Context::with`, so every callback, task and microtask of the run sees
//! the same context. The host functions the glue calls are Rust closures that
//! capture only the shared [`Shared`] state, never the context itself.
pub mod input;
pub mod parser;
pub(crate) mod url;
pub(crate) mod workers;
use std::cell::{Cell, RefCell};
use std::path::PathBuf;
use std::rc::Rc;
use std::time::Duration;

use jsloop_core::clock::from_millis;
use jsloop_core::clock::{millis, Clock, ClockKind, RealClock, VirtualClock};
use jsloop_core::html::{self, EventLoop, Host, Loop, LoopEnd, TaskInfo, Until};
use jsloop_core::idle::IdleDeadline;
use jsloop_core::microtask::invoke_callback;
use jsloop_core::task::TaskSource;
use jsloop_core::trace::{TraceEvent, Tracer};
use rquickjs::function::{Opt, Rest, This};
use rquickjs::{Array, Context, Ctx, Function, Object, Persistent, Runtime, Value};

use crate::output::{Output, SharedOutput};
use crate::quickjs::host_fn::{AsyncCalls, Delivered, HostFunction};
pub(crate) use crate::quickjs::{
    apply_engine_limits, compile_classic_script, new_engine, parse_origin, rejection_events, run_compiled,
    serializer, syntax_error_text, throw_error, to_text, LoadError,
};
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
    /// [`crate::browser::workers::locate`]); None: a local file.
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
    glue: RefCell<Option<Glue>>,
    /// Whether the document changed since the last paint.
    rendering_dirty: Cell<bool>,
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
}

struct Glue {
    report_exception: Persistent<Function<'static>>,
    process_rejections: Persistent<Function<'static>>,
    /// The page's functions (a worker has no document).
    load_page: Option<Persistent<Function<'static>>>,
    make_idle_deadline: Option<Persistent<Function<'static>>>,
    dispatch_input: Option<Persistent<Function<'static>>>,
    take_rendering_changes: Option<Persistent<Function<'static>>>,
    /// The worker glue (15_workers.js).
    workers: Persistent<Object<'static>>,
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

/// The [`Host`] of a QuickJS context.
#[derive(Clone)]
pub struct JsHost<'js> {
    ctx: Ctx<'js>,
    shared: Rc<Shared>,
}

impl<'js> JsHost<'js> {
    /// <https://html.spec.whatwg.org/multipage/webappapis.html#report-an-exception>,
    /// through the glue (which fires `error` at the window).
    fn report(&self, error: Value<'js>) {
        // An interrupted script's "error" is the interruption itself.
        if self.shared.dog.fired().is_some() {
            return;
        }
        let f = self.shared.glue.borrow().as_ref().map(|g| g.report_exception.clone());
        match f.map(|f| f.restore(&self.ctx)) {
            Some(Ok(f)) => {
                if f.call::<_, ()>((error,)).is_err() {
                    let e = self.ctx.catch();
                    self.uncaught(&format!("Uncaught {}", to_text(&e)));
                }
            }
            _ => self.uncaught(&format!("Uncaught {}", to_text(&error))),
        }
    }

    /// A worker's message, error or end, or (in a worker) its parent's message.
    fn worker_event(&self, event: crate::threads::WorkerEvent) {
        use crate::threads::WorkerEvent;
        let ctx = &self.ctx;
        let lp = self.shared.lp.clone();
        let call = |name: &str, args: Vec<Value<'js>>| {
            let Some(f) = self.shared.workers_fn(ctx, name) else { return };
            invoke_callback(&lp, self, || {
                if f.call::<_, ()>((Rest(args),)).is_err() {
                    self.report_caught();
                }
            });
        };
        let record = |record: String, buffers: Vec<Vec<u8>>| -> Option<(Value<'js>, Value<'js>)> {
            let record = rquickjs::String::from_str(ctx.clone(), &record).ok()?.into_value();
            let buffers = crate::threads::buffers_to_js(ctx, buffers).ok()?.into_value();
            Some((record, buffers))
        };
        let num = |n: f64| Value::new_float(ctx.clone(), n);
        let text = |t: &str| rquickjs::String::from_str(ctx.clone(), t).map(|s| s.into_value()).ok();
        match event {
            WorkerEvent::ToWorker { record: r, buffers } => {
                if let Some((r, b)) = record(r, buffers) {
                    call("deliverMessage", vec![r, b]);
                }
            }
            WorkerEvent::FromWorker { worker, record: r, buffers } => {
                if let Some((r, b)) = record(r, buffers) {
                    call("deliverWorkerMessage", vec![num(worker as f64), r, b]);
                }
            }
            WorkerEvent::Error { worker, message, filename, lineno, colno } => {
                if let (Some(m), Some(f)) = (text(&message), text(&filename)) {
                    call(
                        "deliverWorkerError",
                        vec![num(worker as f64), m, f, num(lineno as f64), num(colno as f64)],
                    );
                }
            }
            WorkerEvent::LoadFailed { worker } => call("deliverLoadFailed", vec![num(worker as f64)]),
            WorkerEvent::PortMessage { port, record: r, buffers } => {
                if let Some((r, b)) = record(r, buffers) {
                    call("deliverPortMessage", vec![num(port as f64), r, b]);
                }
            }
            WorkerEvent::Online { .. } | WorkerEvent::NodeError { .. } => {}
            WorkerEvent::Exited { worker, had_error, .. } => {
                if had_error {
                    self.shared.had_error.set(true);
                }
                self.shared.family.exited(worker);
            }
        }
    }

    /// Evaluates a module script (imports loaded, relative to `name`); an
    /// error, or a rejected evaluation (top-level await), is reported.
    fn evaluate_module(&self, name: &str, source: String) {
        let ctx = &self.ctx;
        match rquickjs::Module::declare(ctx.clone(), name, source) {
            Ok(declared) => match declared.eval() {
                Ok((_module, promise)) => {
                    let report = Function::new(ctx.clone(), {
                        let host = self.clone();
                        move |e: Value<'js>| host.report(e)
                    });
                    if let Ok(report) = report {
                        let _ =
                            promise.catch().and_then(|c| c.call::<_, Value>((This(promise.clone()), report)));
                    }
                }
                Err(_) => self.report_caught(),
            },
            Err(_) => self.report_caught(),
        }
    }

    /// Reports the pending exception after a failed call.
    fn report_caught(&self) {
        let e = self.ctx.catch();
        self.report(e);
    }

    fn uncaught(&self, text: &str) {
        self.shared.had_error.set(true);
        self.shared.out.borrow_mut().err(text);
    }

    fn invoke(&self, f: &Function<'js>, this: Value<'js>, args: Vec<Value<'js>>) -> Value<'js> {
        let lp = self.shared.lp.clone();
        invoke_callback(&lp, self, || match f.call::<_, Value>((This(this), Rest(args))) {
            Ok(v) => v,
            Err(_) => {
                self.report_caught();
                Value::new_undefined(self.ctx.clone())
            }
        })
    }
}

impl<'js> Host for JsHost<'js> {
    type Steps = JsSteps;

    fn perform_steps(&self, lp: &Loop<JsSteps>, _task: &TaskInfo, steps: JsSteps) {
        let ctx = &self.ctx;
        match steps {
            JsSteps::Callback { func, args } => {
                let Ok(f) = func.restore(ctx) else { return };
                let args: Vec<Value> = args.iter().filter_map(|a| a.clone().restore(ctx).ok()).collect();
                self.invoke(&f, ctx.globals().into_value(), args);
            }
            JsSteps::Source { source } => {
                invoke_callback(lp, self, || {
                    let name = self.shared.script_name.clone();
                    match compile_classic_script(ctx, &source, &name) {
                        Ok(script) => {
                            if run_compiled(ctx, &script).is_err() {
                                self.report_caught();
                            }
                        }
                        Err(_) => self.report_caught(),
                    }
                });
            }
            JsSteps::Compiled { script } => {
                let Ok(script) = script.restore(ctx) else {
                    return;
                };
                invoke_callback(lp, self, || {
                    if run_compiled(ctx, &script).is_err() {
                        self.report_caught();
                    }
                });
            }
            JsSteps::Glue { func } => {
                let Ok(f) = func.restore(ctx) else { return };
                if f.call::<_, ()>(()).is_err() {
                    self.report_caught();
                }
            }
            JsSteps::LoadPage { tree } => {
                let tree = match tree.map(|t| t.restore(ctx)) {
                    Some(Ok(t)) => t,
                    _ => Value::new_null(ctx.clone()),
                };
                if let Some(f) = self.shared.glue_fn(ctx, |g| g.load_page.clone()) {
                    if f.call::<_, ()>((tree,)).is_err() {
                        self.report_caught();
                    }
                }
            }
            JsSteps::Delivered(delivered) => match delivered.take() {
                Some(crate::quickjs::host_fn::Delivery::Worker(event)) => self.worker_event(event),
                Some(delivery) => invoke_callback(lp, self, || {
                    if crate::quickjs::host_fn::perform_delivery(ctx, &self.shared.calls, delivery).is_err() {
                        self.report_caught();
                    }
                }),
                None => {}
            },
            JsSteps::Module { name, source } => {
                invoke_callback(lp, self, || self.evaluate_module(&name, source.to_string()));
            }
            JsSteps::Input { index } => {
                let Some(action) = self.shared.input.borrow().get(index).cloned() else { return };
                let Some(f) = self.shared.glue_fn(ctx, |g| g.dispatch_input.clone()) else { return };
                match f.call::<_, bool>((action.kind.as_str(), action.target.as_str(), action.detail.clone()))
                {
                    Ok(true) => {}
                    Ok(false) => self.uncaught(&format!(
                        "jsloop: --input entry {}: no element matches the selector {:?} at {}ms",
                        index + 1,
                        action.target,
                        action.at_ms
                    )),
                    Err(_) => self.report_caught(),
                }
            }
        }
    }

    fn run_animation_frame_callback(&self, _lp: &Loop<JsSteps>, callback: JsSteps, timestamp_ms: f64) {
        if let JsSteps::Callback { func, .. } = callback {
            if let Ok(f) = func.restore(&self.ctx) {
                // The callback is invoked with `this` undefined (WebIDL callback functions).
                let ts = Value::new_float(self.ctx.clone(), timestamp_ms);
                self.invoke(&f, Value::new_undefined(self.ctx.clone()), vec![ts]);
            }
        }
    }

    fn run_idle_callback(&self, _lp: &Loop<JsSteps>, callback: JsSteps, deadline: IdleDeadline) {
        let JsSteps::Callback { func, .. } = callback else { return };
        let (Ok(f), Some(make)) =
            (func.restore(&self.ctx), self.shared.glue_fn(&self.ctx, |g| g.make_idle_deadline.clone()))
        else {
            return;
        };
        match make.call::<_, Value>((deadline.deadline_ms, deadline.did_timeout)) {
            Ok(arg) => {
                self.invoke(&f, Value::new_undefined(self.ctx.clone()), vec![arg]);
            }
            Err(_) => self.report_caught(),
        }
    }

    fn has_rendering_updates(&self) -> bool {
        self.shared.rendering_dirty.get()
    }

    fn should_stop(&self) -> bool {
        self.shared.dog.check()
    }

    fn paint(&self, _lp: &Loop<JsSteps>) -> Vec<String> {
        self.shared.rendering_dirty.set(false);
        let take = self.shared.glue.borrow().as_ref().and_then(|g| g.take_rendering_changes.clone());
        let Some(Ok(f)) = take.map(|f| f.restore(&self.ctx)) else { return Vec::new() };
        match f.call::<_, Vec<String>>(()) {
            Ok(changes) => changes,
            Err(_) => {
                self.report_caught();
                Vec::new()
            }
        }
    }

    /// QuickJS's job queue is the microtask queue: promise reaction jobs and
    /// `queueMicrotask` (which the glue queues as a promise reaction) share
    /// its one FIFO.
    fn run_oldest_microtask(&self, lp: &Loop<JsSteps>) -> bool {
        // Under --trace, each job is announced as it starts; reactions
        // registered through `.then`, queueMicrotask callbacks and mutation
        // observer notifications then say what they are.
        if lp.borrow().tracer.enabled() {
            if !crate::quickjs::job_pending(&self.ctx) {
                self.shared.out.end_of_task();
                return false;
            }
            let kind = "promise job".to_string();
            lp.borrow_mut().trace(TraceEvent::Microtask { kind, origin: None });
        }
        let ran = self.ctx.execute_pending_job();
        if !ran {
            // The microtask checkpoint is over, and with it the task: what
            // it printed to a pipe is written now (output.rs).
            self.shared.out.end_of_task();
        }
        ran
    }

    fn accept_remote(
        &self,
        _lp: &Loop<JsSteps>,
        task: &mut jsloop_core::remote::RemoteTask,
    ) -> Option<JsSteps> {
        Delivered::from_task(task).map(JsSteps::Delivered)
    }

    fn notify_about_rejected_promises(&self, _lp: &Loop<JsSteps>) {
        let events: Vec<_> = self.shared.rejections.borrow_mut().drain(..).collect();
        if events.is_empty() {
            return;
        }
        let ctx = &self.ctx;
        let Some(list) = rejection_events(ctx, events) else {
            return;
        };
        let f = self.shared.glue.borrow().as_ref().map(|g| g.process_rejections.clone());
        if let Some(Ok(f)) = f.map(|f| f.restore(ctx)) {
            if f.call::<_, ()>((list,)).is_err() {
                self.report_caught();
            }
        }
    }
}

/// Runs a classic script in a page with an empty document.
pub fn run_classic_script(name: &str, source: &str, options: Options, out: Output) -> Outcome {
    run_page(Page::Script { name, source }, options, out)
}

/// Loads a page on the HTML event loop and runs it until nothing can ever
/// run again.
pub fn run_page(page: Page<'_>, options: Options, out: Output) -> Outcome {
    let name = match page {
        Page::Script { name, .. } | Page::Html { name, .. } | Page::Module { name, .. } => name,
    };
    let session = match BrowserSession::new(name, options, out) {
        Ok(session) => session,
        Err(outcome) => return outcome,
    };
    if let Err(e) = session.load(page) {
        return Outcome { exit_code: e.exit_code, end: None };
    }
    let end = session.run_until(Until::Done);
    let exit_code = session.report_end(&end);
    Outcome { exit_code, end: Some(end) }
}

/// One browser host: a QuickJS runtime and context, a document, and the
/// HTML event loop, kept between calls so an embedder can drive the loop
/// step by step.
pub(crate) struct BrowserSession {
    // Declared (so dropped) in this order: the context before its runtime.
    context: Context,
    rt: Runtime,
    shared: Rc<Shared>,
    lp: Loop<JsSteps>,
    /// `--input` actions, queued after the page's parser task (so task ids
    /// read as they always have: the parser's task is task 1).
    initial_input: RefCell<Vec<crate::browser::input::InputAction>>,
}

impl BrowserSession {
    /// A new page named `name` (a script's or page's path: `src=` and
    /// `location` follow it), with the globals installed and nothing loaded.
    pub(crate) fn new(name: &str, options: Options, out: impl Into<SharedOutput>) -> Result<Self, Outcome> {
        let out: SharedOutput = out.into();
        let tracing = options.tracer.enabled();
        let dog = crate::limits::Watchdog::new(&options.limits);
        // A worker reads its world's shared virtual time.
        let clock: Box<dyn Clock> = match (options.clock, &options.worker) {
            (ClockKind::Virtual, Some(init)) => Box::new(init.world.virtual_clock()),
            (ClockKind::Virtual, None) => Box::new(VirtualClock::new()),
            (ClockKind::Real, _) => Box::new(RealClock::new()),
        };
        let clock: Box<dyn Clock> = Box::new(crate::limits::WatchedClock::new(clock, dog.clone()));
        let mut event_loop = EventLoop::new(clock, options.tracer);
        event_loop.set_max_time(options.max_time);
        event_loop.set_fps(options.fps);
        if let Some(inbox) = options.inbox {
            event_loop.set_inbox(inbox);
        }
        let (scope, world) = match options.worker {
            Some(init) => {
                event_loop.join_world(init.member);
                (Some(init.scope), Some(init.world))
            }
            None => (None, None),
        };
        let lp = event_loop.into_handle();
        let base_dir = std::path::Path::new(name).parent().map(PathBuf::from).unwrap_or_default();
        let family = Rc::new(crate::browser::workers::Family::new(
            scope,
            world,
            options.clock,
            options.limits.clone(),
            options.fps,
            out.clone(),
            base_dir.clone(),
            options.root.clone(),
            options.trace_workers.clone(),
        ));
        let shared = Rc::new(Shared {
            lp: lp.clone(),
            out,
            had_error: Cell::new(false),
            script_name: name.to_string(),
            rejections: RefCell::new(Vec::new()),
            glue: RefCell::new(None),
            rendering_dirty: Cell::new(false),
            main: RefCell::new(None),
            base_dir,
            input: RefCell::new(Vec::new()),
            dog: dog.clone(),
            calls: Rc::new(AsyncCalls::default()),
            loaded: Cell::new(false),
            family,
        });
        let (rt, context) = new_engine(&shared.out)?;
        apply_engine_limits(&rt, &options.limits, dog.clone());
        // A module worker's imports are files, relative to the importer.
        rt.set_loader(rquickjs::loader::FileResolver::default(), rquickjs::loader::ScriptLoader::default());
        // HostPromiseRejectionTracker: collect, and let the checkpoint notify.
        {
            let shared = shared.clone();
            rt.set_host_promise_rejection_tracker(Some(Box::new(move |ctx, promise, reason, is_handled| {
                shared.rejections.borrow_mut().push((
                    Persistent::save(&ctx, promise),
                    Persistent::save(&ctx, reason),
                    is_handled,
                ));
            })));
        }
        let session = BrowserSession { context, rt, shared, lp, initial_input: RefCell::new(options.input) };
        let installed = session.context.with(|ctx| {
            let sender = session.lp.borrow().remote_sender();
            install_globals(&ctx, &session.shared, tracing, &dog)
                .and_then(|()| {
                    crate::quickjs::host_fn::install(&ctx, &options.functions, &session.shared.calls, &sender)
                        .and_then(|()| {
                            for (name, functions) in &options.modules {
                                let exports = crate::quickjs::host_fn::module_exports(
                                    &ctx,
                                    name,
                                    functions,
                                    &session.shared.calls,
                                    &sender,
                                )?;
                                ctx.globals().set(name.as_str(), exports)?;
                            }
                            Ok(())
                        })
                })
                .map_err(|e| format!("{e}: {}", to_text(&ctx.catch())))
        });
        if let Err(e) = installed {
            return Err(crate::quickjs::install_failed(&dog, &session.shared.out, "globals", &e));
        }
        Ok(session)
    }

    /// Loads the page, or (after the first) runs another classic script in
    /// it: parsed now (a syntax error stops here), run as a task on the
    /// networking task source.
    pub(crate) fn load(&self, page: Page<'_>) -> Result<(), LoadError> {
        let (name, source) = match page {
            Page::Script { name, source } | Page::Html { name, source } | Page::Module { name, source } => {
                (name, source)
            }
        };
        let is_html = matches!(page, Page::Html { .. });
        let first = !self.shared.loaded.replace(true);
        let shared = &self.shared;
        // A worker's script and a module script compile in their task, so
        // an error in them is reported from there (for a worker: to its
        // Worker object, as an error event).
        if shared.family.scope.is_some() || matches!(page, Page::Module { .. }) {
            let (name, source): (Rc<str>, Rc<str>) = (name.into(), source.into());
            let (label, steps) = if matches!(page, Page::Module { .. }) {
                (format!("run a module script ({name})"), JsSteps::Module { name, source })
            } else {
                (format!("run the worker's script ({name})"), JsSteps::Source { source })
            };
            self.lp.borrow_mut().queue_task(TaskSource::Networking, label, None, steps);
            return Ok(());
        }
        let fail = |exit_code: i32, message: String| {
            shared.out.borrow_mut().err(&message);
            Err(LoadError { exit_code, message })
        };
        self.context.with(|ctx| {
            let steps = if is_html {
                if !first {
                    return fail(1, format!("jsloop: {name}: a page is already loaded in this runtime"));
                }
                match crate::browser::parser::parse(&ctx, source, false, None) {
                    Ok(tree) => JsSteps::LoadPage { tree: Some(Persistent::save(&ctx, tree)) },
                    Err(e) => return fail(1, format!("jsloop: {name}: could not parse the page: {e}")),
                }
            } else {
                // Creating a classic script parses it; a parse error stops here.
                let script = match compile_classic_script(&ctx, source, name) {
                    Ok(s) => Persistent::save(&ctx, s),
                    Err(_) => {
                        let e = ctx.catch();
                        return fail(1, syntax_error_text(&e, name));
                    }
                };
                if first {
                    *shared.main.borrow_mut() = Some(script);
                    JsSteps::LoadPage { tree: None }
                } else {
                    JsSteps::Compiled { script }
                }
            };
            // The parser runs in a task on the networking task source.
            let label = if is_html {
                format!("parse the page ({name})")
            } else {
                format!("run a classic script ({name})")
            };
            self.lp.borrow_mut().queue_task(TaskSource::Networking, label, None, steps);
            // Real user input arrives at its time, on the user interaction source.
            for action in self.initial_input.borrow_mut().drain(..) {
                self.queue_input(action);
            }
            Ok(())
        })
    }

    /// Real user input: queued as a task on the user interaction task
    /// source at its time (now, if that has passed).
    pub(crate) fn queue_input(&self, action: crate::browser::input::InputAction) {
        let label = format!("user {} on {}", action.kind, action.target);
        let at = from_millis(action.at_ms).max(self.lp.borrow().now());
        let index = {
            let mut input = self.shared.input.borrow_mut();
            input.push(action);
            input.len() - 1
        };
        self.lp.borrow_mut().queue_task_at(at, TaskSource::UserInteraction, label, JsSteps::Input { index });
    }

    /// Runs the HTML event loop as far as `until`.
    pub(crate) fn run_until(&self, until: Until) -> LoopEnd {
        self.context.with(|ctx| {
            let host = JsHost { ctx: ctx.clone(), shared: self.shared.clone() };
            html::run_until(&self.lp, &host, until)
        })
    }

    /// Calls `f` with the page's context.
    pub(crate) fn with<R>(&self, f: impl FnOnce(Ctx<'_>) -> R) -> R {
        self.context.with(f)
    }

    /// The loop's clock.
    pub(crate) fn now(&self) -> Duration {
        self.lp.borrow().now()
    }

    /// The loop itself (for its trace and state).
    pub(crate) fn event_loop(&self) -> &Loop<JsSteps> {
        &self.lp
    }

    /// Whether an uncaught error or unhandled rejection was reported.
    pub(crate) fn had_error(&self) -> bool {
        self.shared.had_error.get()
    }

    /// Says why the loop ended, if it needs saying (the watchdog, Ctrl-C,
    /// `--max-time`), and returns the run's exit code.
    pub(crate) fn report_end(&self, end: &LoopEnd) -> i32 {
        let shared = &self.shared;
        // A terminated loop (a worker's, the REPL's after `.exit`) ends
        // without a word.
        if let Some(reason) = shared.dog.fired().filter(|r| *r != crate::limits::StopReason::Terminated) {
            let place = self.lp.borrow().current_task_label.clone();
            let place = place
                .map(|p| format!("while running {p}"))
                .unwrap_or_else(|| "while waiting for the next task".into());
            shared.out.borrow_mut().err(&format!("jsloop: {} {place}", reason.describe()));
            return reason.exit_code();
        }
        if let LoopEnd::MaxTime { limit, active_timers, queued_tasks } = end {
            shared.out.borrow_mut().err(&format!(
                "jsloop: stopped at --max-time {}ms with {} active timer(s) and {} queued task(s) left (a page never quits on its own)",
                millis(*limit),
                active_timers,
                queued_tasks
            ));
        }
        shared.out.borrow_mut().flush();
        i32::from(shared.had_error.get())
    }
}

impl BrowserSession {
    /// Ends the session but leaves its engine unfreed: for a terminated
    /// worker, whose interrupted module evaluation QuickJS cannot free
    /// (see `worker::run_worker`).
    pub(crate) fn abandon(mut self) {
        self.release();
        std::mem::forget(self);
    }

    fn release(&mut self) {
        // Workers end with the global that started them.
        self.shared.family.end_children();
        // Break the cycles between Rust and JS before the runtime goes.
        self.rt.set_host_promise_rejection_tracker(None);
        self.rt.set_interrupt_handler(None);
        let shared = &self.shared;
        shared.glue.borrow_mut().take();
        shared.main.borrow_mut().take();
        shared.rejections.borrow_mut().clear();
        shared.calls.clear();
        {
            let mut l = self.lp.borrow_mut();
            l.task_queues.retain(|_| false);
            l.timers = Default::default();
            l.rendering = jsloop_core::rendering::Rendering::new(1);
            l.idle = Default::default();
            l.tracer.flush();
        }
        shared.out.borrow_mut().flush();
    }
}

impl Drop for BrowserSession {
    fn drop(&mut self) {
        self.release();
    }
}

fn install_globals<'js>(
    ctx: &Ctx<'js>,
    shared: &Rc<Shared>,
    tracing: bool,
    dog: &crate::limits::Watchdog,
) -> rquickjs::Result<()> {
    let host = Object::new(ctx.clone())?;
    // Workers: the first one makes this page's loop one of a world of loops
    // (under the virtual clock, reading the world's shared time).
    let join_world: Rc<dyn Fn(&jsloop_core::world::World)> = {
        let lp = shared.lp.clone();
        let dog = dog.clone();
        Rc::new(move |world| {
            if world.clock_kind() == ClockKind::Virtual {
                world.set_virtual_now(lp.borrow().now());
                let clock = crate::limits::WatchedClock::new(Box::new(world.virtual_clock()), dog.clone());
                lp.borrow_mut().set_clock(Box::new(clock));
            }
            let member = world.join("page", lp.borrow().remote_sender());
            lp.borrow_mut().join_world(member);
        })
    };
    let on_close: Rc<dyn Fn()> = {
        let lp = shared.lp.clone();
        Rc::new(move || lp.borrow_mut().set_closing())
    };
    let sender = shared.lp.borrow().remote_sender();
    crate::browser::workers::install(ctx, &host, &shared.family, sender, on_close, join_world)?;
    let time_origin = shared.lp.borrow().clock().time_origin_unix_ms();
    host.set("timeOrigin", time_origin)?;
    host.set("tracing", tracing)?;
    host.set("scriptName", shared.script_name.clone())?;
    // The document's URL (a worker's: its script's), as `location` says.
    let url = crate::browser::workers::url_of(
        std::path::Path::new(&shared.script_name),
        shared.family.root.as_deref(),
    );
    host.set("documentURL", url.clone())?;
    // https://encoding.spec.whatwg.org/#utf-8-decode (U+FFFD for each
    // maximal invalid subpart, as the Encoding Standard says).
    host.set(
        "decodeUtf8",
        Function::new(ctx.clone(), |bytes: rquickjs::ArrayBuffer<'js>| -> String {
            // SAFETY: the bytes are decoded at once; no JavaScript runs while
            // they are borrowed, so the buffer cannot be detached meanwhile.
            let bytes = unsafe { bytes.as_bytes() }.unwrap_or_default();
            let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
            String::from_utf8_lossy(bytes).into_owned()
        })?,
    )?;
    host.set("served", shared.family.root.is_some())?;
    let s = shared.clone();
    host.set(
        "scriptURL",
        Function::new(ctx.clone(), move |src: String| -> String {
            let root = s.family.root.as_deref();
            crate::browser::workers::url_of(&crate::browser::workers::locate(&s.base_dir, root, &src), root)
        })?,
    )?;
    host.set("workerURL", shared.family.scope.as_ref().map(|s| s.href.clone()).unwrap_or(url))?;
    host.set(
        "cwd",
        Function::new(ctx.clone(), || {
            std::env::current_dir().map(|p| p.display().to_string()).unwrap_or_default()
        })?,
    )?;

    let s = shared.clone();
    host.set(
        "print",
        Function::new(ctx.clone(), move |stream: i32, text: String| {
            if s.lp.borrow().tracer.enabled() {
                let stream = if stream == 2 { 2 } else { 1 };
                s.lp.borrow_mut().trace(TraceEvent::Output { stream, text: text.clone() });
            }
            let mut out = s.out.borrow_mut();
            if stream == 2 {
                out.err(&text)
            } else {
                out.out(&text)
            }
        })?,
    )?;
    // A note in the trace from the glue (what the loop cannot see, such as
    // an event dispatched synchronously by script), for `explain`.
    let s = shared.clone();
    host.set(
        "traceNote",
        Function::new(ctx.clone(), move |text: String| {
            if s.lp.borrow().tracer.enabled() {
                s.lp.borrow_mut().trace(TraceEvent::Note { text });
            }
        })?,
    )?;
    let s = shared.clone();
    host.set("now", Function::new(ctx.clone(), move || millis(s.lp.borrow().now()))?)?;
    let s = shared.clone();
    host.set("dateNow", Function::new(ctx.clone(), move || s.lp.borrow().clock().unix_ms())?)?;

    let s = shared.clone();
    host.set(
        "setTimer",
        Function::new(
            ctx.clone(),
            move |ctx: Ctx<'js>,
                  handler: Value<'js>,
                  timeout: i32,
                  repeat: bool,
                  args: Array<'js>,
                  origin: Option<String>| {
                let steps = match handler.as_function() {
                    Some(f) => JsSteps::Callback {
                        func: Persistent::save(&ctx, f.clone()),
                        args: Rc::new(
                            args.iter::<Value>()
                                .filter_map(|a| a.ok())
                                .map(|a| Persistent::save(&ctx, a))
                                .collect(),
                        ),
                    },
                    None => JsSteps::Source {
                        source: handler
                            .get::<rquickjs::Coerced<String>>()
                            .map(|c| c.0)
                            .unwrap_or_default()
                            .into(),
                    },
                };
                let origin = origin.as_deref().and_then(parse_origin);
                s.lp.borrow_mut().timer_initialization_steps(steps, timeout, repeat, None, origin)
            },
        )?,
    )?;
    let s = shared.clone();
    host.set(
        "clearTimer",
        Function::new(ctx.clone(), move |id: i32| {
            if id > 0 {
                s.lp.borrow_mut().clear_timer(id as u32)
            }
        })?,
    )?;
    let s = shared.clone();
    host.set(
        "queueTask",
        Function::new(
            ctx.clone(),
            move |ctx: Ctx<'js>, source: String, label: String, f: Function<'js>, origin: Option<String>| {
                let source = TaskSource::ALL
                    .into_iter()
                    .find(|t| t.name() == source)
                    .unwrap_or(TaskSource::DomManipulation);
                let origin = origin.as_deref().and_then(parse_origin);
                s.lp.borrow_mut().queue_task(
                    source,
                    label,
                    origin,
                    JsSteps::Glue { func: Persistent::save(&ctx, f) },
                );
            },
        )?,
    )?;
    let s = shared.clone();
    host.set(
        "invoke",
        Function::new(
            ctx.clone(),
            move |ctx: Ctx<'js>, f: Function<'js>, this: Value<'js>, args: Array<'js>| {
                let host = JsHost { ctx, shared: s.clone() };
                let args: Vec<Value> = args.iter::<Value>().filter_map(|a| a.ok()).collect();
                host.invoke(&f, this, args)
            },
        )?,
    )?;
    // invoke with one argument (an event): no arguments array on the way.
    let s = shared.clone();
    host.set(
        "invoke1",
        Function::new(
            ctx.clone(),
            move |ctx: Ctx<'js>, f: Function<'js>, this: Value<'js>, arg: Value<'js>| {
                let host = JsHost { ctx, shared: s.clone() };
                host.invoke(&f, this, vec![arg])
            },
        )?,
    )?;
    let s = shared.clone();
    host.set(
        "uncaught",
        Function::new(ctx.clone(), move |text: String| {
            s.had_error.set(true);
            s.out.borrow_mut().err(&text);
        })?,
    )?;
    let s = shared.clone();
    host.set(
        "traceMicrotask",
        Function::new(ctx.clone(), move |kind: String, origin: Option<String>| {
            let origin = origin.as_deref().and_then(parse_origin);
            s.lp.borrow_mut().trace(TraceEvent::MicrotaskSource { kind, origin });
        })?,
    )?;

    let s = shared.clone();
    host.set(
        "requestAnimationFrame",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>, f: Function<'js>| {
            let steps = JsSteps::Callback { func: Persistent::save(&ctx, f), args: Rc::new(Vec::new()) };
            s.lp.borrow_mut().request_animation_frame(steps)
        })?,
    )?;
    let s = shared.clone();
    host.set(
        "cancelAnimationFrame",
        Function::new(ctx.clone(), move |h: u32| s.lp.borrow_mut().cancel_animation_frame(h))?,
    )?;
    let s = shared.clone();
    host.set(
        "requestIdleCallback",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>, f: Function<'js>, timeout: Option<f64>| {
            let steps = JsSteps::Callback { func: Persistent::save(&ctx, f), args: Rc::new(Vec::new()) };
            s.lp.borrow_mut().request_idle_callback(steps, timeout)
        })?,
    )?;
    let s = shared.clone();
    host.set(
        "cancelIdleCallback",
        Function::new(ctx.clone(), move |h: u32| s.lp.borrow_mut().cancel_idle_callback(h))?,
    )?;
    let s = shared.clone();
    host.set(
        "idleDeadline",
        Function::new(ctx.clone(), move || {
            let l = s.lp.borrow();
            millis(l.compute_deadline(s.rendering_dirty.get()))
        })?,
    )?;
    let s = shared.clone();
    host.set("renderingChanged", Function::new(ctx.clone(), move || s.rendering_dirty.set(true))?)?;
    host.set(
        "parseHTML",
        Function::new(
            ctx.clone(),
            move |ctx: Ctx<'js>, markup: String, fragment: bool, context: rquickjs::function::Opt<String>| {
                crate::browser::parser::parse(&ctx, &markup, fragment, context.0.as_deref())
            },
        )?,
    )?;
    let s = shared.clone();
    host.set(
        "warn",
        Function::new(ctx.clone(), move |text: String| {
            s.had_error.set(true);
            s.out.borrow_mut().err(&text);
        })?,
    )?;
    let s = shared.clone();
    host.set(
        "readScript",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>, src: String| -> rquickjs::Result<String> {
            // A data: URL carries the script itself (the Fetch Standard's
            // data: URL processor; the body decoded as UTF-8).
            if src.get(..5).is_some_and(|p| p.eq_ignore_ascii_case("data:")) {
                return match crate::browser::url::data_url_body(&src) {
                    Some(body) => Ok(String::from_utf8_lossy(&body).into_owned()),
                    None => Err(throw_error(&ctx, &format!("{src}: not a valid data: URL"))),
                };
            }
            let path = crate::browser::workers::locate(&s.base_dir, s.family.root.as_deref(), &src);
            match std::fs::read(&path).map(String::from_utf8) {
                Ok(Ok(text)) => Ok(text),
                Ok(Err(_)) => Err(throw_error(&ctx, &format!("{}: not valid UTF-8", path.display()))),
                Err(e) => {
                    let (code, description) = crate::sys::errno_name(e.raw_os_error().unwrap_or(0), e.kind());
                    Err(throw_error(&ctx, &format!("{}: {code}: {description}", path.display())))
                }
            }
        })?,
    )?;
    let s = shared.clone();
    host.set(
        "runScript",
        Function::new(
            ctx.clone(),
            move |ctx: Ctx<'js>, source: String, name: String, line: u32, column: u32| {
                let host = JsHost { ctx: ctx.clone(), shared: s.clone() };
                // Padding puts the script's text where it is in the page, so
                // errors report the page's lines and columns.
                let padded = format!(
                    "{}{}{source}",
                    "\n".repeat(line.saturating_sub(1) as usize),
                    " ".repeat(column.saturating_sub(1) as usize)
                );
                let lp = s.lp.clone();
                invoke_callback(&lp, &host, || match compile_classic_script(&ctx, &padded, &name) {
                    Ok(script) => {
                        if run_compiled(&ctx, &script).is_err() {
                            host.report_caught();
                        }
                    }
                    Err(_) => host.report_caught(),
                });
            },
        )?,
    )?;
    let s = shared.clone();
    let modules = Cell::new(0u32);
    host.set(
        "runModule",
        Function::new(
            ctx.clone(),
            move |ctx: Ctx<'js>,
                  source: String,
                  name: String,
                  line: u32,
                  column: u32,
                  from_src: Opt<bool>| {
                let host = JsHost { ctx: ctx.clone(), shared: s.clone() };
                // A module's imports are relative to it: `src=` is relative to the page.
                let name = if from_src.0.unwrap_or(false) {
                    crate::browser::workers::locate(&s.base_dir, s.family.root.as_deref(), &name)
                        .display()
                        .to_string()
                } else {
                    name
                };
                // Padding puts an inline module's text where it is in the
                // page; each module needs a name of its own.
                let padded = format!(
                    "{}{}{source}",
                    "\n".repeat(line.saturating_sub(1) as usize),
                    " ".repeat(column.saturating_sub(1) as usize)
                );
                modules.set(modules.get() + 1);
                let name = if modules.get() == 1 { name } else { format!("{name}#module-{}", modules.get()) };
                let lp = s.lp.clone();
                invoke_callback(&lp, &host, || host.evaluate_module(&name, padded));
            },
        )?,
    )?;
    let s = shared.clone();
    host.set(
        "runMain",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>| {
            let Some(script) = s.main.borrow_mut().take() else { return };
            let Ok(script) = script.restore(&ctx) else { return };
            let host = JsHost { ctx: ctx.clone(), shared: s.clone() };
            let lp = s.lp.clone();
            invoke_callback(&lp, &host, || {
                if run_compiled(&ctx, &script).is_err() {
                    host.report_caught();
                }
            });
        })?,
    )?;

    // A line of a script (or page), for the engine's error messages
    // (00_console.js names the callee of `x.foo is not a function`).
    host.set(
        "sourceLine",
        Function::new(ctx.clone(), |file: String, line: u32| crate::quickjs::source_line(&file, line, ""))?,
    )?;
    let global = ctx.globals();
    let console_init: Function = crate::quickjs::glue::eval(ctx, "00_console.js")?;
    let con: Object = console_init.call((host.clone(), global.clone()))?;
    let browser_init: Function = crate::quickjs::glue::eval(ctx, "10_browser.js")?;
    let web: Object = browser_init.call((host.clone(), global.clone(), con.clone()))?;
    let serializer =
        serializer(ctx, global.get::<_, Value>("DOMException")?, con.get::<_, Value>("inspect")?)?;
    web.get::<_, Function>("connectSerializer")?.call::<_, ()>((serializer.clone(),))?;
    let file_init: Function = crate::quickjs::glue::eval(ctx, "12_file.js")?;
    let file: Object = file_init.call((host.clone(), global.clone(), web.clone()))?;
    file.get::<_, Function>("connectSerializer")?.call::<_, ()>((serializer.clone(),))?;
    web.get::<_, Function>("setBlobHooks")?.call::<_, ()>((file.get::<_, Value>("blobHooks")?,))?;
    crate::browser::url::install(ctx, &host)?;
    let url_init: Function = crate::quickjs::glue::eval(ctx, "13_url.js")?;
    url_init.call::<_, ()>((
        host.clone(),
        global.clone(),
        web.clone(),
        file.get::<_, Value>("blobHooks")?,
    ))?;
    let workers_init: Function = crate::quickjs::glue::eval(ctx, "15_workers.js")?;
    let workers: Object =
        workers_init.call((host.clone(), global.clone(), con.clone(), web.clone(), serializer))?;
    let mut glue = Glue {
        report_exception: Persistent::save(ctx, web.get::<_, Function>("reportException")?),
        process_rejections: Persistent::save(ctx, web.get::<_, Function>("processRejections")?),
        load_page: None,
        make_idle_deadline: None,
        dispatch_input: None,
        take_rendering_changes: None,
        workers: Persistent::save(ctx, workers),
    };
    // A worker has no document.
    if shared.family.scope.is_none() {
        let dom_init: Function = crate::quickjs::glue::eval(ctx, "20_dom.js")?;
        let dom: Object = dom_init.call((host.clone(), global.clone(), con.clone(), web.clone()))?;
        let page_init: Function = crate::quickjs::glue::eval(ctx, "30_page.js")?;
        let page: Object = page_init.call((host, global, con, web.clone(), dom.clone()))?;
        let saved = |name: &str| -> rquickjs::Result<Option<Persistent<Function<'static>>>> {
            Ok(page.get::<_, Option<Function>>(name)?.map(|f| Persistent::save(ctx, f)))
        };
        glue.load_page = saved("loadPage")?;
        glue.make_idle_deadline = saved("makeIdleDeadline")?;
        glue.dispatch_input = saved("dispatchInput")?;
        glue.take_rendering_changes = saved("takePaintChanges")?;
    }
    web.get::<_, Function>("finishInterfaces")?.call::<_, ()>(())?;
    *shared.glue.borrow_mut() = Some(glue);
    Ok(())
}
