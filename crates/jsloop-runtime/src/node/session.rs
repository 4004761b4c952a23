//! A node host session: the QuickJS runtime and context with Node's
//! globals, the libuv-style loop and its I/O, and running the main module.
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::time::Duration;

use jsloop_core::html::{LoopEnd, Until};
use jsloop_core::uv::{self, NodeHost, UvLoop};
use rquickjs::function::This;
use rquickjs::{Context, Ctx, Function, Persistent, Runtime, Value};

use super::errors::node_syntax_error_text;
use super::globals::install_node_globals;
use super::host::NodeJsHost;
use super::io::Io;
use super::modules::esm;
use super::{LocalPorts, NodeLoop, NodeOptions, Shared};
use crate::output::{Output, SharedOutput};
use crate::quickjs::host_fn::AsyncCalls;
use crate::quickjs::{compile_classic_script, to_text, Outcome};

/// Runs `path` as Node's main module.
pub fn run_node(path: &str, source: &str, options: NodeOptions, out: Output) -> Outcome {
    let session = match NodeSession::new(path, options, out) {
        Ok(session) => session,
        Err(outcome) => return outcome,
    };
    if let Err(e) = session.load(path, source) {
        session.forget();
        return Outcome { exit_code: e.exit_code, end: None };
    }
    let end = session.run_until(Until::Done);
    let exit_code = session.finish();
    // Timers and ticks still pending hold JS values: let the process end
    // without freeing the runtime one object at a time.
    session.forget();
    Outcome { exit_code, end: Some(end) }
}

/// One node host: a QuickJS runtime and context with Node's globals, the
/// libuv-style loop and its I/O, kept between calls so an embedder can drive
/// the loop step by step.
pub(crate) struct NodeSession {
    // Declared (so dropped) in this order: the context before its runtime.
    context: Context,
    rt: Runtime,
    shared: Rc<Shared>,
    lp: NodeLoop,
    /// The main module's path as given, and made absolute.
    main: (String, String),
    loaded: Cell<bool>,
    finished: Cell<Option<i32>>,
}

impl NodeSession {
    /// A new process whose main module is `path` (for `process.argv`), with
    /// the globals installed and nothing run.
    pub(crate) fn new(
        path: &str,
        options: NodeOptions,
        out: impl Into<SharedOutput>,
    ) -> Result<Self, Outcome> {
        let out: SharedOutput = out.into();
        let dog = crate::limits::Watchdog::new(&options.limits);
        // A worker thread reads its world's shared virtual time.
        let world = options.worker.as_ref().map(|init| &init.world);
        let clock = crate::session::loop_clock(options.clock, world, &dog);
        let mut l = UvLoop::new(clock, options.tracer);
        l.mode = options.microtasks;
        l.set_max_time(options.max_time);
        let (scope, world) = match options.worker {
            Some(init) => {
                l.join_world(init.member);
                (Some(init.scope), Some(init.world))
            }
            None => (None, None),
        };
        // (Node's NODE_PERFORMANCE_MILESTONE_NODE_START.)
        let node_start = l.hrtime();
        let lp = l.into_handle();
        let absolute = std::fs::canonicalize(path)
            .map(|p| p.display().to_string())
            .unwrap_or_else(|_| absolute_path(path));
        let io = match Io::new() {
            Ok(io) => io,
            Err(e) => {
                out.borrow_mut().err(&format!("jsloop: could not start the I/O poller: {e}"));
                return Err(Outcome { exit_code: 70, end: None });
            }
        };
        let inbox = options.inbox.unwrap_or_default();
        let waker = io.waker();
        inbox.set_wake_hook(move || {
            let _ = waker.wake();
        });
        let family = Rc::new(crate::node::worker_threads::NodeFamily::new(
            scope,
            world,
            options.clock,
            options.limits.clone(),
            options.microtasks,
            out.clone(),
            options.trace_workers.clone(),
        ));
        let shared = Rc::new(Shared {
            lp: lp.clone(),
            out,
            stopping: Rc::new(Cell::new(false)),
            exit_code: Cell::new(None),
            rejections: RefCell::new(Vec::new()),
            rejection_ids: Cell::new(0),
            unhandled_rejections: options.unhandled_rejections,
            input_type: options.input_type,
            glue: RefCell::new(None),
            net_data: RefCell::new(None),
            net_buffer_class: RefCell::new(None),
            net_read: RefCell::new(None),
            net_write: RefCell::new(None),
            port_value_message: RefCell::new(None),
            port_fire: RefCell::new(Default::default()),
            port_post: RefCell::new(Default::default()),
            io,
            fs_callbacks: RefCell::default(),
            read_files: RefCell::default(),
            read_file_finish: RefCell::new(None),
            dog: dog.clone(),
            inbox,
            calls: Rc::new(AsyncCalls::default()),
            family,
            exit_emitted: Cell::new(false),
            threw: Cell::new(false),
            async_context: Cell::new(false),
            timeout_class: Cell::new(0),
            timeout_layout: Default::default(),
            timeout_fire: RefCell::new(None),
            immediate_class: Cell::new(0),
            ports: RefCell::new(LocalPorts::default()),
            tls: super::tls::Sessions::default(),
            children: Default::default(),
            io_trace: Default::default(),
            milestones: Cell::new([node_start; 4]),
        });
        let (rt, context) = crate::quickjs::new_engine(&shared.out)?;
        // (V8_START: the engine is made.)
        let v8_start = lp.borrow().hrtime();
        {
            let shared = shared.clone();
            rt.set_host_promise_rejection_tracker(Some(Box::new(move |ctx, promise, reason, is_handled| {
                let mut rejections = shared.rejections.borrow_mut();
                // A rejection handled before it was looked at cancels out (as
                // Node's maybeUnhandledPromises deletes it at once): a program
                // that rejects and handles many promises in one turn does not
                // pile them up (nodejs/node#43655).
                if is_handled {
                    let same = rejections.iter().rposition(|(p, _, handled, _)| {
                        !handled && p.clone().restore(&ctx).is_ok_and(|p| p == promise)
                    });
                    if let Some(at) = same {
                        rejections.remove(at);
                        return;
                    }
                }
                // (lib/internal/process/promises.js: `uid: ++lastPromiseId`.)
                let id = if is_handled {
                    0
                } else {
                    shared.rejection_ids.set(shared.rejection_ids.get() + 1);
                    shared.rejection_ids.get()
                };
                rejections.push((
                    Persistent::save(&ctx, promise),
                    Persistent::save(&ctx, reason),
                    is_handled,
                    id,
                ));
            })));
        }
        rt.set_loader(esm::NodeResolver, esm::NodeLoader { shared: shared.clone() });
        // (Its normalizer, with the same resolution, takes a specifier with
        // a lone surrogate as Node does: esm::normalize_raw.)
        // SAFETY: the runtime is live; the function takes no opaque.
        context.with(|ctx| unsafe {
            let raw = rquickjs::qjs::JS_GetRuntime(ctx.as_raw().as_ptr());
            rquickjs::qjs::JS_SetModuleNormalizeFunc2(raw, Some(esm::normalize_raw));
        });
        // process.exit(), the watchdog and Ctrl-C stop whatever script is running.
        let pacer = crate::quickjs::apply_engine_limits(&rt, &context, &options.limits, dog.clone());
        {
            let stopping = shared.stopping.clone();
            let dog = dog.clone();
            rt.set_interrupt_handler(Some(Box::new(move || {
                pacer.poll();
                stopping.get() || dog.check()
            })));
        }
        let session = NodeSession {
            context,
            rt,
            shared,
            lp,
            // A worker's eval'd code is `[worker eval]` in process.argv, as in Node.
            main: (path.to_string(), if path == WORKER_EVAL { path.to_string() } else { absolute }),
            loaded: Cell::new(false),
            finished: Cell::new(None),
        };
        // (ENVIRONMENT: the context is ready for the globals;
        // BOOTSTRAP_COMPLETE below, once they are installed.)
        let environment = session.lp.borrow().hrtime();
        session.shared.milestones.set([node_start, v8_start, environment, environment]);
        let installed = session.context.with(|ctx| {
            let sender = session.shared.inbox.sender();
            install_node_globals(&ctx, &session.shared, &session.main.1, &options.args, &dog)
                .and_then(|()| {
                    // An embedder's module is a built-in module (`require(name)`).
                    let glue = session.shared.glue.borrow().clone();
                    let register: Option<Function> = match glue {
                        Some(glue) => Some(glue.restore(&ctx)?.get("registerBuiltin")?),
                        None => None,
                    };
                    let modules = if register.is_some() { &options.modules[..] } else { &[] };
                    crate::session::install_host_functions(
                        &ctx,
                        &options.functions,
                        modules,
                        &session.shared.calls,
                        &sender,
                        |name, exports| match &register {
                            Some(register) => register.call::<_, ()>((name, exports)),
                            None => Ok(()),
                        },
                    )
                })
                .map_err(|e| format!("{e}: {}", to_text(&ctx.catch())))
        });
        if let Err(e) = installed {
            return Err(crate::quickjs::install_failed(&dog, &session.shared.out, "node globals", &e));
        }
        let bootstrap_complete = session.lp.borrow().hrtime();
        session.shared.milestones.set([node_start, v8_start, environment, bootstrap_complete]);
        Ok(session)
    }

    /// Runs `source` as the main module (the first time; afterwards as
    /// another CommonJS module), then its nextTicks and microtasks.
    pub(crate) fn load(&self, path: &str, source: &str) -> Result<(), crate::quickjs::LoadError> {
        self.load_inner(path, source, true)
    }

    /// [`load`](NodeSession::load), with a syntax error returned but not
    /// printed (a worker thread's goes to its parent as an 'error' event).
    pub(crate) fn load_quietly(&self, path: &str, source: &str) -> Result<(), crate::quickjs::LoadError> {
        self.load_inner(path, source, false)
    }

    fn load_inner(&self, path: &str, source: &str, print: bool) -> Result<(), crate::quickjs::LoadError> {
        let first = !self.loaded.replace(true);
        let absolute = if first && path == self.main.0 {
            self.main.1.clone()
        } else {
            std::fs::canonicalize(path)
                .map(|p| p.display().to_string())
                .unwrap_or_else(|_| absolute_path(path))
        };
        let shared = &self.shared;
        let lp = &self.lp;
        let fail = |exit_code: i32, message: String| {
            if print {
                shared.out.borrow_mut().err(&message);
            }
            Err(crate::quickjs::LoadError { exit_code, message })
        };
        self.context.with(|ctx| {
            let host = NodeJsHost { ctx: ctx.clone(), shared: shared.clone() };
            lp.borrow_mut().running = Some(uv::Running::MainModule);
            // A worker's preloads (`execArgv: ['--require', …]`) come first.
            if first && shared.family.scope.is_some() {
                if let Some(preload) = host.glue("preloadModules") {
                    if preload.call::<_, ()>(()).is_err() {
                        host.uncaught();
                    }
                }
            }
            let worker_eval = path == WORKER_EVAL;
            // `--input-type` in the worker's execArgv (Node's worker_thread.js
            // runs eval'd code as a module for "module", as a script for
            // "commonjs").
            let input_type = shared.family.scope.as_ref().and_then(|s| input_type(&s.exec_argv));
            let commonjs = if worker_eval && input_type.is_some() {
                input_type == Some(false)
            } else if worker_eval {
                // Node's worker_thread.js: eval'd code with module syntax is
                // an ES module, else a script (evalScript): code that
                // compiles as a script is one.
                // Code that is not a script is run as a module: its error
                // (a syntax error, an import that fails) is the worker's.
                let script = compile_classic_script(&ctx, source, path).is_ok();
                if !script {
                    let _ = ctx.catch();
                }
                script
            } else if first && (absolute.ends_with("/[eval]") || absolute.ends_with("/[stdin]")) {
                // Code from -e or standard input (Node's
                // lib/internal/process/execution.js evalScript and
                // lib/internal/main/eval_stdin.js): an ES module with
                // `--input-type=module`, CommonJS with `=commonjs`, else
                // CommonJS unless it only compiles as a module
                // (shouldUseModuleEntryPoint's containsModuleSyntax).
                match shared.input_type {
                    Some(module) => !module,
                    None => !super::modules::detect_module_syntax(&ctx, source, &absolute),
                }
            } else {
                esm::is_commonjs(&absolute) && !super::modules::typeless_esm(&ctx, &absolute)
            };
            if commonjs && worker_eval {
                // lib/internal/process/execution.js evalScript: module,
                // exports, require, __filename and __dirname become globals
                // and the code runs as a script (not wrapped in a function);
                // a syntax error is the worker's uncaught error.
                if let Some(run) = host.glue("runEval") {
                    if run.call::<_, ()>((source,)).is_err() {
                        host.uncaught();
                    }
                }
            } else if commonjs {
                // Code from -e, -p or standard input is no file: its lines
                // for code frames come from here.
                if absolute.ends_with("/[eval]") || absolute.ends_with("/[stdin]") {
                    crate::quickjs::remember_source(&absolute, source);
                }
                // A syntax error in the main module is reported before anything runs.
                if compile_classic_script(&ctx, &wrap_module(source), &absolute).is_err() {
                    let e = ctx.catch();
                    let text = unwrapped_columns(&crate::quickjs::syntax_error_text(&e, &absolute));
                    if print {
                        // Node's code frame; the error's text (a worker's
                        // 'error' event) keeps jsloop's one line.
                        shared.out.borrow_mut().err(&node_syntax_error_text(&text, &absolute));
                    }
                    return Err(crate::quickjs::LoadError {
                        exit_code: 1,
                        message: text.replacen(&absolute, path, 1),
                    });
                }
                // The main module, then its nextTicks and microtasks, then the loop.
                let run = if first { host.glue("runMain") } else { host.glue("runModule") };
                if let Some(run) = run {
                    if run.call::<_, ()>((absolute.as_str(), source)).is_err() {
                        host.uncaught();
                    }
                }
            } else {
                // An ES module: linked (imports loaded) and evaluated; with
                // top-level await its evaluation finishes on a later turn.
                esm::note_declared(&absolute);
                // (Code from -e or standard input: its lines for code frames
                // and assert's messages come from here.)
                if absolute.ends_with("/[eval]") || absolute.ends_with("/[stdin]") {
                    crate::quickjs::remember_source(&absolute, source);
                }
                let declared = match rquickjs::Module::declare(ctx.clone(), absolute.as_str(), source) {
                    Ok(m) => m,
                    Err(_) if shared.family.scope.is_some() => {
                        // A worker's module that fails to load: the error
                        // (with its class and code) is the worker's
                        // uncaught error, its Worker's 'error' event.
                        host.uncaught();
                        lp.borrow_mut().running = None;
                        return Ok(());
                    }
                    Err(_) => {
                        let e = ctx.catch();
                        let text = crate::quickjs::syntax_error_text(&e, &absolute);
                        if print && text.contains(": SyntaxError: ") {
                            // Node's code frame, under the module's file URL;
                            // the error's text keeps jsloop's one line.
                            let url = url::Url::from_file_path(&absolute)
                                .map(|u| u.to_string())
                                .unwrap_or_else(|_| absolute.clone());
                            let frame = node_syntax_error_text(&text, &absolute).replacen(&absolute, &url, 1);
                            shared.out.borrow_mut().err(&frame);
                            return Err(crate::quickjs::LoadError {
                                exit_code: 1,
                                message: text.replacen(&absolute, path, 1),
                            });
                        }
                        return fail(1, text.replacen(&absolute, path, 1));
                    }
                };
                if let Ok(meta) = declared.meta() {
                    let _ = super::modules::set_import_meta(&ctx, &meta, &absolute);
                }
                match declared.eval() {
                    Ok((_module, promise)) => {
                        // The main module's evaluation still pending when
                        // the process exits: exit code 13 (Node's
                        // run_main.js handleProcessExit).
                        if first {
                            if let Some(watch) = host.glue("watchMainModule") {
                                let url = url::Url::from_file_path(&absolute)
                                    .map(|u| u.to_string())
                                    .unwrap_or_else(|_| absolute.clone());
                                let _ = watch.call::<_, ()>((promise.clone(), url));
                            }
                        }
                        // A rejected evaluation is an uncaught error.
                        let on_reject = fatal_handler(&ctx, shared.clone());
                        if let Ok(on_reject) = on_reject {
                            let _ = promise
                                .catch()
                                .and_then(|c| c.call::<_, Value>((This(promise.clone()), on_reject)));
                        }
                        // Node evaluates an ES module inside a promise job, so
                        // the microtasks it queued run before its nextTicks.
                        host.run_microtasks(lp);
                    }
                    Err(_) => host.uncaught(),
                }
            }
            uv::process_ticks_and_rejections(lp, &host);
            if !host.stopping() {
                lp.borrow_mut().running = None;
            }
            Ok(())
        })
    }

    /// Runs the loop as far as `until` (for [`Until::Done`], Node's whole
    /// run with `beforeExit`).
    pub(crate) fn run_until(&self, until: Until) -> LoopEnd {
        self.context.with(|ctx| {
            let host = NodeJsHost { ctx: ctx.clone(), shared: self.shared.clone() };
            uv::run_until(&self.lp, &host, until)
        })
    }

    /// Calls `f` with the process's context.
    pub(crate) fn with<R>(&self, f: impl FnOnce(Ctx<'_>) -> R) -> R {
        self.context.with(f)
    }

    /// The loop's clock.
    pub(crate) fn now(&self) -> Duration {
        self.lp.borrow().hrtime()
    }

    /// The loop itself (for its trace and state).
    pub(crate) fn event_loop(&self) -> &NodeLoop {
        &self.lp
    }

    /// Whether the process is exiting (`process.exit()`, a fatal error).
    pub(crate) fn exiting(&self) -> bool {
        self.shared.stopping.get() || self.shared.exit_code.get().is_some()
    }

    /// A worker thread's loop has ended: its ports close, and the ports
    /// entangled with them in other threads get their close messages; the
    /// descriptors fs.open gave it and it left open are closed.
    pub(crate) fn close_handles(&self) {
        super::ports::close_all(&self.shared);
        self.shared.family.close_unmanaged_fds();
    }

    /// Ends the process: says why the loop stopped if it needs saying,
    /// emits `exit`, and returns the exit code. Once; later calls return the
    /// same code.
    pub(crate) fn finish(&self) -> i32 {
        if let Some(code) = self.finished.get() {
            return code;
        }
        let shared = &self.shared;
        let lp = &self.lp;
        let code = self.context.with(|ctx| {
            let host = NodeJsHost { ctx: ctx.clone(), shared: shared.clone() };
            if lp.borrow().stopped_at_max_time {
                shared.out.borrow_mut().err(&format!(
                    "jsloop: stopped at --max-time with {} timer(s) still active",
                    lp.borrow().active_timers()
                ));
            }
            if shared.dog.fired() == Some(crate::limits::StopReason::Terminated) {
                return 1;
            }
            // A worker thread stopped by --timeout or Ctrl-C: its main thread says so.
            if let (Some(reason), Some(_)) = (shared.dog.fired(), &shared.family.scope) {
                return reason.exit_code();
            }
            if let Some(reason) = shared.dog.fired() {
                let place = lp
                    .borrow()
                    .running_description()
                    .unwrap_or_else(|| "the loop, waiting for I/O or a timer".into());
                shared.out.borrow_mut().err(&format!("jsloop: {} while running {place}", reason.describe()));
                return reason.exit_code();
            }
            if let Some(code) = shared.exit_code.get() {
                return code;
            }
            let code = host
                .glue("getExitCode")
                .and_then(|f| f.call::<_, Option<i32>>(()).ok().flatten())
                .unwrap_or(0);
            if let Some(f) = host.glue("emitExit").filter(|_| !shared.exit_emitted.replace(true)) {
                if f.call::<_, ()>((code, false)).is_err() {
                    host.uncaught();
                }
                // Promise reactions queued by 'exit' listeners still run (the
                // callback scope that emitted 'exit' drains the microtask queue);
                // nextTicks and timers do not.
                host.run_microtasks(lp);
            }
            shared.exit_code.get().unwrap_or_else(|| {
                host.glue("getExitCode")
                    .and_then(|f| f.call::<_, Option<i32>>(()).ok().flatten())
                    .unwrap_or(code)
            })
        });
        // Nothing more runs.
        shared.stopping.set(true);
        shared.out.borrow_mut().flush();
        self.finished.set(Some(code));
        code
    }

    /// Ends without freeing the engine object by object (the process is
    /// about to exit).
    pub(crate) fn forget(self) {
        self.rt.set_host_promise_rejection_tracker(None);
        self.rt.set_interrupt_handler(None);
        self.shared.out.borrow_mut().flush();
        std::mem::forget(self);
    }
}

impl Drop for NodeSession {
    fn drop(&mut self) {
        // Worker threads end with the process that started them.
        self.shared.family.end_children();
        // Break the cycles between Rust and JS, and drop every JS value the
        // loop holds, before the runtime goes.
        self.rt.set_host_promise_rejection_tracker(None);
        self.rt.set_interrupt_handler(None);
        let shared = &self.shared;
        shared.glue.borrow_mut().take();
        shared.net_data.borrow_mut().take();
        shared.net_buffer_class.borrow_mut().take();
        shared.net_read.borrow_mut().take();
        shared.net_write.borrow_mut().take();
        shared.port_value_message.borrow_mut().take();
        shared.timeout_fire.borrow_mut().take();
        shared.port_fire.borrow_mut().clear();
        shared.port_post.borrow_mut().clear();
        shared.rejections.borrow_mut().clear();
        shared.fs_callbacks.borrow_mut().clear();
        shared.read_files.borrow_mut().clear();
        shared.read_file_finish.borrow_mut().take();
        shared.calls.clear();
        self.lp.borrow_mut().clear_callbacks();
        self.context.with(|ctx| super::hot::detach(&ctx));
        super::vm::teardown();
        shared.out.borrow_mut().flush();
    }
}

/// `path` made absolute against the working directory (for a source that
/// is not a file).
pub(super) fn absolute_path(path: &str) -> String {
    let p = std::path::Path::new(path);
    if p.is_absolute() {
        return path.to_string();
    }
    std::env::current_dir().map(|d| d.join(p).display().to_string()).unwrap_or_else(|_| path.to_string())
}

/// A worker's `--input-type` (`--input-type=module`, or `--input-type
/// module`): Some(true) for "module", Some(false) for "commonjs" (each also
/// with "-typescript", whose types jsloop does not strip).
fn input_type(exec_argv: &[String]) -> Option<bool> {
    let mut found = None;
    let mut args = exec_argv.iter();
    while let Some(arg) = args.next() {
        let value = match arg.strip_prefix("--input-type") {
            Some(rest) if rest.starts_with('=') => Some(rest[1..].to_string()),
            Some("") => args.next().cloned(),
            _ => continue,
        };
        match value.as_deref() {
            Some("module" | "module-typescript") => found = Some(true),
            Some("commonjs" | "commonjs-typescript") => found = Some(false),
            _ => {}
        }
    }
    found
}

/// The name a worker thread's eval'd code runs under (Node's).
pub(crate) const WORKER_EVAL: &str = "[worker eval]";

pub(super) const WRAPPER_PREFIX: &str = "(function (exports, require, module, __filename, __dirname) {";

/// A function that reports its argument as a fatal uncaught error.
pub(super) fn fatal_handler<'js>(ctx: &Ctx<'js>, shared: Rc<Shared>) -> rquickjs::Result<Function<'js>> {
    Function::new(ctx.clone(), move |ctx: Ctx<'js>, e: Value<'js>| {
        let host = NodeJsHost { ctx, shared: shared.clone() };
        host.fatal(&e, 1);
    })
}

/// CommonJS's wrapper: the module's text as the body of a function. The
/// text starts on the wrapper's line, so line numbers are the file's.
/// A syntax error's `FILE:LINE:COLUMN: SyntaxError: …` with the column of
/// the module's first line counted in the module's text, not the
/// wrapper's (QuickJS compiled the module after WRAPPER_PREFIX).
fn unwrapped_columns(text: &str) -> String {
    if let Some((place, rest)) = text.split_once(": SyntaxError: ") {
        if let Some(o) = crate::quickjs::parse_origin(place) {
            if o.line == 1 && o.column as usize > WRAPPER_PREFIX.len() {
                let column = o.column as usize - WRAPPER_PREFIX.len();
                return format!("{}:1:{column}: SyntaxError: {rest}", o.file);
            }
        }
    }
    text.to_string()
}

pub(super) fn wrap_module(source: &str) -> String {
    // A `#!` line is blanked, keeping the line numbers.
    let (shebang, source) = match source.strip_prefix("#!") {
        Some(rest) => ("\n", rest.split_once('\n').map(|(_, r)| r).unwrap_or("")),
        None => ("", source),
    };
    format!("{WRAPPER_PREFIX}{shebang}{source}\n}})")
}
