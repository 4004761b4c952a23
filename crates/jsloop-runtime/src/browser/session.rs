//! A browser host session: the engine, the document and the HTML event loop,
//! loading a page or a script and running it.
use std::cell::RefCell;
use std::path::PathBuf;
use std::rc::Rc;
use std::time::Duration;

use jsloop_core::clock::from_millis;
use jsloop_core::clock::millis;
use jsloop_core::html::{self, EventLoop, Loop, LoopEnd, Until};
use jsloop_core::task::TaskSource;
use rquickjs::{Context, Ctx, Persistent, Runtime};

use super::globals::install_globals;
use super::{JsHost, JsSteps, Options, Page, Shared};
use crate::output::{Output, SharedOutput};
use crate::quickjs::{apply_engine_limits, compile_classic_script, new_engine, to_text, LoadError, Outcome};

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
        let world = options.worker.as_ref().map(|init| &init.world);
        let clock = crate::session::loop_clock(options.clock, world, &dog);
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
            None,
        ));
        let shared = Shared::new(super::WindowParts {
            lp: lp.clone(),
            out,
            script_name: name.to_string(),
            base_dir,
            dog: dog.clone(),
            family,
            loaded: false,
            document_url: None,
            agent: Rc::new(super::frames::Agent::new(tracing)),
        });
        let (rt, context) = new_engine(&shared.out)?;
        shared.agent.set_runtime(&rt);
        let pacer = apply_engine_limits(&rt, &context, &options.limits, dog.clone());
        // Under the virtual clock a long task shares its world's turn.
        rt.set_interrupt_handler(Some(crate::browser::turn_sharing::interrupt_handler(
            Rc::downgrade(&lp),
            dog.clone(),
            pacer,
        )));
        // A module's imports are files, found from the importer's path or URL.
        rt.set_loader(
            super::modules::ModuleResolver { root: options.root.clone() },
            rquickjs::loader::ScriptLoader::default(),
        );
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
                    // An embedder's module is a global object of its exports.
                    crate::session::install_host_functions(
                        &ctx,
                        &options.functions,
                        &options.modules,
                        &session.shared.calls,
                        &sender,
                        |name, exports| ctx.globals().set(name, exports),
                    )
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
                        return fail(1, crate::quickjs::syntax_error_with_frame(&e, name, source));
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
            let place = self.lp.borrow().current_task_label();
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
    /// (see `worker::run_worker`), and for the command-line runtime, whose
    /// process is about to exit (`Runtime::run_to_exit`).
    pub(crate) fn abandon(mut self) {
        self.release();
        std::mem::forget(self);
    }

    fn release(&mut self) {
        // Workers end with the global that started them.
        self.shared.family.end_children();
        // The iframes' windows go before the page's.
        self.shared.agent.release();
        // Break the cycles between Rust and JS before the runtime goes.
        self.rt.set_host_promise_rejection_tracker(None);
        self.rt.set_interrupt_handler(None);
        let shared = &self.shared;
        super::hot::detach(&self.context);
        shared.let_go_of_js_values();
        {
            let mut l = self.lp.borrow_mut();
            l.task_queues.retain(|_| false);
            l.drop_all_ports();
            l.timers = Default::default();
            l.rendering = jsloop_core::rendering::Rendering::new(1);
            l.idle = Default::default();
            l.tracer.flush();
        }
        shared.out.borrow_mut().flush();
    }
}

impl Shared {
    /// What a window's host state holds of its runtime's values (the glue,
    /// the ports the host fires and posts on, the compiled main script, the
    /// rejections not yet handed over, the async calls in flight), let go
    /// before the window's context and runtime are freed: by the page's
    /// session here and by each iframe's window (frames.rs).
    pub(super) fn let_go_of_js_values(&self) {
        self.glue.borrow_mut().take();
        self.port_fire.borrow_mut().clear();
        self.port_post.borrow_mut().clear();
        self.main.borrow_mut().take();
        self.rejections.borrow_mut().clear();
        self.calls.clear();
    }
}

impl Drop for BrowserSession {
    fn drop(&mut self) {
        self.release();
    }
}
