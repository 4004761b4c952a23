//! The browser host's side of the loop: [`jsloop_core::html::Host`] for QuickJS — a task's
//! steps, microtasks, reporting exceptions and rejections, rendering's
//! callbacks, deliveries from other threads.
use std::rc::Rc;

use jsloop_core::html::{Host, Loop, TaskInfo};
use jsloop_core::idle::IdleDeadline;
use jsloop_core::microtask::invoke_callback;
use jsloop_core::trace::TraceEvent;
use rquickjs::function::{Rest, This};
use rquickjs::{qjs, Ctx, Function, Value};

use super::{JsSteps, Shared};
use crate::quickjs::host_fn::Delivered;
use crate::quickjs::{compile_classic_script, rejection_events, run_compiled, to_text};

/// The [`Host`] of a QuickJS context.
#[derive(Clone)]
pub struct JsHost<'js> {
    pub(super) ctx: Ctx<'js>,
    pub(super) shared: Rc<Shared>,
}

impl<'js> JsHost<'js> {
    /// <https://html.spec.whatwg.org/multipage/webappapis.html#report-an-exception>,
    /// through the glue (which fires `error` at the window).
    pub(super) fn report(&self, error: Value<'js>) {
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

    /// Calls one of the observers glue's rendering steps (26_observers.js);
    /// an exception is reported, and None is returned then.
    fn observers_call<T: rquickjs::FromJs<'js>>(
        &self,
        name: &str,
        args: impl rquickjs::function::IntoArgs<'js>,
    ) -> Option<T> {
        // No observer yet: every list the step reads is empty, and the step
        // gives what it gives for empty lists (nothing gathered, nothing
        // active or skipped, no shallowest depth: None here).
        if !self.shared.observers_in_use.get() {
            return None;
        }
        let obj =
            self.shared.glue.borrow().as_ref().and_then(|g| g.observers.clone())?.restore(&self.ctx).ok()?;
        let f: Function = obj.get(name).ok()?;
        match f.call::<_, T>(args) {
            Ok(v) => Some(v),
            Err(_) => {
                self.report_caught();
                None
            }
        }
    }

    /// Calls one of the CSS glue's rendering steps (27_css.js); an
    /// exception is reported.
    fn css_call(&self, name: &str, args: impl rquickjs::function::IntoArgs<'js>) {
        // No style in use yet: both steps return at once (27_css.js's
        // `css.styleInUse()` checks; recalculateStyles's style change
        // event has nothing to do until then either).
        if !self.shared.style_in_use.get() {
            return;
        }
        let Some(Ok(obj)) =
            self.shared.glue.borrow().as_ref().and_then(|g| g.css.clone()).map(|o| o.restore(&self.ctx))
        else {
            return;
        };
        let Ok(f) = obj.get::<_, Function>(name) else { return };
        if f.call::<_, ()>(args).is_err() {
            self.report_caught();
        }
    }

    /// A worker's message, error or end, or (in a worker) its parent's message.
    pub(super) fn worker_event(&self, event: crate::threads::WorkerEvent) {
        use crate::threads::WorkerEvent;
        // A worker an iframe's window started: its events go to that window.
        let owner = match &event {
            WorkerEvent::FromWorker { worker, .. }
            | WorkerEvent::Error { worker, .. }
            | WorkerEvent::LoadFailed { worker }
            | WorkerEvent::Exited { worker, .. } => self.shared.agent.window_of_worker(*worker),
            // (Channels are numbered as workers are.)
            WorkerEvent::Broadcast { channel, .. } => self.shared.agent.window_of_worker(*channel),
            WorkerEvent::LockTask { request, .. } => self.shared.agent.window_of_worker(*request),
            // (A port of an iframe's window: the window noted it.)
            WorkerEvent::PortMessage { port, .. } => self.shared.agent.window_of_port(*port),
            _ => None,
        };
        if let Some(shared) = owner {
            let host = JsHost { ctx: self.ctx.clone(), shared };
            return host.worker_event_here(event);
        }
        self.worker_event_here(event)
    }

    /// A worker event for this host's window.
    fn worker_event_here(&self, event: crate::threads::WorkerEvent) {
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
            WorkerEvent::Broadcast { channel, record: r, buffers, origin } => {
                if let (Some((r, b)), Some(o)) = (record(r, buffers), text(&origin)) {
                    call("deliverBroadcast", vec![num(channel as f64), r, b, o]);
                }
            }
            WorkerEvent::LockTask { request, kind } => {
                call("deliverLock", vec![num(request as f64), num(kind as f64)]);
            }
            WorkerEvent::Online { .. }
            | WorkerEvent::NodeError { .. }
            | WorkerEvent::Stdio { .. }
            | WorkerEvent::PortClose { .. }
            | WorkerEvent::ThreadMessage { .. }
            | WorkerEvent::ThreadReply { .. }
            | WorkerEvent::Stdin { .. }
            | WorkerEvent::LocksWake => {}
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
    pub(super) fn evaluate_module(&self, name: &str, source: String) {
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
    pub(super) fn report_caught(&self) {
        let e = self.ctx.catch();
        self.report(e);
    }

    pub(super) fn uncaught(&self, text: &str) {
        self.shared.had_error.set(true);
        self.shared.out.borrow_mut().err(text);
    }

    pub(super) fn invoke(&self, f: &Function<'js>, this: Value<'js>, args: Vec<Value<'js>>) -> Value<'js> {
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

impl<'js> JsHost<'js> {
    /// [`Host::perform_steps`] for the steps other than a port message
    /// and a timer's call.
    #[inline(never)]
    fn perform_other_steps(&self, lp: &Loop<JsSteps>, steps: JsSteps) {
        let ctx = &self.ctx;
        match steps {
            JsSteps::PortMessage { .. } | JsSteps::Call(_) => unreachable!("perform_steps takes these"),
            JsSteps::Callback { func, args } => {
                let Ok(f) = func.restore(ctx) else { return };
                let args: Vec<Value> = args.iter().filter_map(|a| a.clone().restore(ctx).ok()).collect();
                self.invoke(&f, ctx.globals().into_value(), args);
            }
            JsSteps::Source { source } => {
                invoke_callback(lp, self, || {
                    // A served worker's script is named by its URL (errors
                    // and stacks show it, as `location` does).
                    let name = match self.shared.family.root.as_deref() {
                        Some(root) => crate::browser::workers::url_of(
                            std::path::Path::new(&self.shared.script_name),
                            Some(root),
                        ),
                        None => self.shared.script_name.clone(),
                    };
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
}

impl<'js> Host for JsHost<'js> {
    type Steps = JsSteps;

    fn perform_steps(&self, lp: &Loop<JsSteps>, _task: &TaskInfo, steps: JsSteps) {
        crate::browser::clock_reads::task_starts();
        let ctx = &self.ctx;
        // (A message and a timer's call here; every other kind of steps
        // out of line, perform_other_steps: a turn that delivers a message
        // runs compact code.)
        match steps {
            JsSteps::PortMessage { id, port, data, ports } => {
                // (Values of this runtime, as Persistent::restore checks.)
                if unsafe { qjs::JS_GetRuntime(ctx.as_raw().as_ptr()) } != port.runtime() {
                    return;
                }
                let (port, data, ports) = (&port, &data, &ports);
                // The port's onmessage alone: the host fires it (port_fire.rs).
                if super::port_fire::fire(self, id, port.get(), data.get(), ports.get()) {
                    return;
                }
                let f = self.shared.glue.borrow().as_ref().map(|g| g.fire_port_message.clone());
                let Some(Ok(f)) = f.map(|f| f.restore(ctx)) else { return };
                // (One JS_Call, as quickjs/raw.rs calls: rquickjs's call
                // converts each argument into a list of its own first.)
                let raw = ctx.as_raw().as_ptr();
                let mut args = [port.get(), data.get(), ports.get()];
                // SAFETY: f and the arguments are live values of ctx (held
                // until the end of this arm); JS_Call takes no ownership of them.
                let result =
                    unsafe { qjs::JS_Call(raw, f.as_raw(), qjs::JS_UNDEFINED, 3, args.as_mut_ptr()) };
                if unsafe { qjs::JS_IsException(result) } {
                    self.report_caught();
                } else {
                    unsafe { qjs::JS_FreeValue(raw, result) };
                }
            }
            JsSteps::Call(call) => invoke_callback(lp, self, || {
                if call.call(ctx).is_err() {
                    self.report_caught();
                }
            }),
            steps => self.perform_other_steps(lp, steps),
        }
    }

    fn run_animation_frame_callback(&self, lp: &Loop<JsSteps>, callback: JsSteps, timestamp_ms: f64) {
        if let JsSteps::Callback { func, .. } = callback {
            if let Ok(f) = func.restore(&self.ctx) {
                // The callback is invoked with `this` undefined (WebIDL callback functions),
                // and the frame's time as script reads times (coarsened under the real clock).
                let timestamp_ms = if lp.borrow().clock().kind() == jsloop_core::clock::ClockKind::Virtual {
                    timestamp_ms
                } else {
                    let at = std::time::Duration::from_nanos((timestamp_ms * 1e6).round().max(0.0) as u64);
                    crate::browser::clock_reads::script_time(lp, at).as_nanos() as f64 / 1e6
                };
                let ts = Value::new_float(self.ctx.clone(), timestamp_ms);
                self.invoke(&f, Value::new_undefined(self.ctx.clone()), vec![ts]);
            }
        }
    }

    fn run_idle_callback(&self, lp: &Loop<JsSteps>, callback: JsSteps, deadline: IdleDeadline) {
        let JsSteps::Callback { func, .. } = callback else { return };
        let (Ok(f), Some(make)) =
            (func.restore(&self.ctx), self.shared.glue_fn(&self.ctx, |g| g.make_idle_deadline.clone()))
        else {
            return;
        };
        // The deadline on the grid of the times script reads (coarsened
        // under the real clock, as timeRemaining()'s "now" is): a timed-out
        // callback's deadline is the time it was invoked, and exact it could
        // be up to 100 µs past a later coarse read, so that timeRemaining()
        // was not 0 (the WPT callback-timeout-when-busy.html failed so, now
        // and then). A deadline that is not a timeout's is read again by
        // timeRemaining() (host.idleDeadline), already on the grid.
        let at = std::time::Duration::from_nanos((deadline.deadline_ms * 1e6).round() as u64);
        let deadline_ms = crate::browser::clock_reads::script_time(lp, at).as_nanos() as f64 / 1e6;
        match make.call::<_, Value>((deadline_ms, deadline.did_timeout)) {
            Ok(arg) => {
                self.invoke(&f, Value::new_undefined(self.ctx.clone()), vec![arg]);
            }
            Err(_) => self.report_caught(),
        }
    }

    fn gather_active_resize_observations(&self, depth: usize) {
        // (usize::MAX, "no target was reported", is Infinity to the glue.)
        let depth = if depth == usize::MAX { f64::INFINITY } else { depth as f64 };
        self.observers_call::<()>("gatherActiveResizeObservations", (depth,));
    }

    fn has_active_resize_observations(&self) -> bool {
        self.observers_call::<bool>("hasActiveResizeObservations", ()).unwrap_or(false)
    }

    fn broadcast_active_resize_observations(&self, _lp: &Loop<JsSteps>) -> usize {
        match self.observers_call::<f64>("broadcastActiveResizeObservations", ()) {
            Some(d) if d.is_finite() && d >= 0.0 => d as usize,
            _ => usize::MAX,
        }
    }

    fn has_skipped_resize_observations(&self) -> bool {
        self.observers_call::<bool>("hasSkippedResizeObservations", ()).unwrap_or(false)
    }

    fn deliver_resize_loop_error(&self, _lp: &Loop<JsSteps>) {
        self.observers_call::<()>("deliverResizeLoopError", ());
    }

    fn update_intersection_observations(&self, _lp: &Loop<JsSteps>, time: f64) {
        self.observers_call::<()>("updateIntersectionObservations", (time,));
    }

    fn update_animations_and_send_events(&self, _lp: &Loop<JsSteps>, now: f64) {
        self.css_call("updateAnimationsAndSendEvents", (now,));
    }

    fn recalculate_styles(&self, _lp: &Loop<JsSteps>) {
        self.css_call("recalculateStyles", ());
    }

    fn has_rendering_updates(&self) -> bool {
        self.shared.rendering_dirty.get() || self.shared.animating.get()
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
        // (An empty queue, the last look of every checkpoint, is seen
        // without a call of the engine's job runner.)
        if !crate::quickjs::job_pending(&self.ctx) {
            // The microtask checkpoint is over, and with it the task: what
            // it printed to a pipe is written now (output.rs).
            self.shared.out.end_of_task();
            return false;
        }
        // Under --trace, each job is announced as it starts; reactions
        // registered through `.then`, queueMicrotask callbacks and mutation
        // observer notifications then say what they are.
        if lp.borrow().tracer.enabled() {
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

    fn microtask_checkpoint_is_empty(&self) -> bool {
        // (run_oldest_microtask runs nothing, and
        // notify_about_rejected_promises returns at once.)
        !crate::quickjs::job_pending(&self.ctx)
            && self.shared.rejections.borrow().is_empty()
            && !self.shared.rejections_tracked.get()
    }

    fn microtask_checkpoint_over(&self) {
        // The microtask checkpoint is over, and with it the task: what it
        // printed to a pipe is written now (output.rs).
        self.shared.out.end_of_task();
    }

    fn accept_remote(
        &self,
        lp: &Loop<JsSteps>,
        task: &mut jsloop_core::remote::RemoteTask,
    ) -> Option<JsSteps> {
        let delivered = Delivered::from_task(task)?;
        // A message for one of this loop's ports from another thread goes
        // into the port's message queue on arrival: one task, at once if the
        // queue is enabled. (A port not here yet, still on its way in a
        // message, gets a disabled queue that holds it until it comes.)
        if let Some(port) = delivered.port_message_target() {
            let mut l = lp.borrow_mut();
            l.open_port(port);
            l.queue_port_message(port, task.label.clone(), None, JsSteps::Delivered(delivered));
            return None;
        }
        Some(JsSteps::Delivered(delivered))
    }

    fn notify_about_rejected_promises(&self, _lp: &Loop<JsSteps>) {
        // (Nothing to notify about, the common case: no list is made.)
        if self.shared.rejections.borrow().is_empty() && !self.shared.rejections_tracked.get() {
            return;
        }
        let events: Vec<_> = self.shared.rejections.borrow_mut().drain(..).collect();
        // (Operations already handed over before a task was queued still
        // need the notify step.)
        if events.is_empty() && !self.shared.rejections_tracked.replace(false) {
            return;
        }
        self.shared.rejections_tracked.set(false);
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
