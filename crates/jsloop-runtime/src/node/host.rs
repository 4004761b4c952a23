//! The node host's side of the loop: [`NodeHost`] for QuickJS — calling
//! callbacks, draining nextTicks and microtasks after each, the rejection
//! tracker, deliveries from other threads.
use std::rc::Rc;
use std::time::Duration;

use jsloop_core::clock::ClockKind;
use jsloop_core::uv::{CallbackKind, NodeHost};
use rquickjs::function::{Rest, This};
use rquickjs::{qjs, Array, Ctx, Function, Value};

use super::errors::{is_out_of_memory, node_error_text, OUT_OF_MEMORY};
use super::fs::fs_result_to_js;
use super::io::{Completion, NetEvent};
use super::net::net_event_to_js;
use super::ports::post_to_local_port;
use super::{NodeCallback, NodeLoop, PortRecord, Shared};
use crate::quickjs::host_fn::Delivered;
use crate::quickjs::job_pending;

#[derive(Clone)]
pub(super) struct NodeJsHost<'js> {
    pub(super) ctx: Ctx<'js>,
    pub(super) shared: Rc<Shared>,
}

impl<'js> NodeJsHost<'js> {
    /// The loop's callbacks for completed requests and socket events, in
    /// the order given (a file request whose callback is gone is dropped).
    fn completed(&self, done: Vec<Completion>) -> Vec<NodeCallback> {
        let mut callbacks = self.shared.fs_callbacks.borrow_mut();
        done.into_iter()
            .filter_map(|c| match c {
                Completion::Fs(id, result) => match callbacks.remove(&id) {
                    Some(func) => Some(NodeCallback::FsDone { request: id, func, result: Rc::new(result) }),
                    None => super::fs::read_file::completed(&self.shared, id, result),
                },
                Completion::Net(event) => Some(NodeCallback::Net(Rc::new(event))),
            })
            .collect()
    }

    pub(super) fn glue(&self, name: &str) -> Option<Function<'js>> {
        let g = self.shared.glue.borrow().clone()?.restore(&self.ctx).ok()?;
        g.get::<_, Function>(name).ok()
    }

    /// A primitive posted from this thread to port `port` (a value of this
    /// runtime: it never leaves it), delivered: by the host itself when the
    /// port's onmessage is its one listener (port_fire.rs; the loop's
    /// callback holds the value meanwhile), else the glue's
    /// portValueMessage(id, value) with one JS_Call, or (before the glue
    /// gave it) its workerEvent('port-value', id, value).
    fn port_value(&self, port: u64, value: &crate::quickjs::raw::Held) {
        let ctx = &self.ctx;
        let raw = ctx.as_raw().as_ptr();
        if value.runtime() != unsafe { qjs::JS_GetRuntime(raw) } {
            return;
        }
        if self.shared.port_value_message.borrow().is_some() {
            if !self.shared.async_context.get() && super::port_fire::fire(self, port, value.get()) {
                return;
            }
            let direct = self.shared.port_value_message.borrow().clone();
            let Some(Ok(f)) = direct.map(|f| f.restore(ctx)) else { return };
            let mut args = [qjs::JS_NewFloat64(port as f64), value.get()];
            // SAFETY: f and value are live values of ctx (f held until the
            // end of this block, value by the caller); JS_Call takes no
            // ownership of them.
            let result = unsafe { qjs::JS_Call(raw, f.as_raw(), qjs::JS_UNDEFINED, 2, args.as_mut_ptr()) };
            if unsafe { qjs::JS_IsException(result) } {
                self.uncaught();
            } else {
                unsafe { qjs::JS_FreeValue(raw, result) };
            }
            return;
        }
        let Some(dispatch) = self.glue("workerEvent") else { return };
        let Ok(value) = value.value(ctx) else { return };
        let undefined = Value::new_undefined(ctx.clone());
        if dispatch.call::<_, ()>(("port-value", port as f64, value, undefined)).is_err() {
            self.uncaught();
        }
    }

    /// An exception escaped a callback: `uncaughtException` listeners, or a
    /// fatal error.
    pub(super) fn uncaught(&self) {
        let error = self.ctx.catch();
        if self.shared.stopping.get() || self.shared.dog.fired().is_some() {
            return;
        }
        // The heap limit: V8 cannot go on, and Node prints its fatal error
        // and aborts (exit status 134, SIGABRT's), with no 'uncaughtException'
        // and no 'exit' event. QuickJS throws an InternalError the script
        // may catch; one that nobody caught ends the process as Node's does.
        // (In a worker thread it is the worker's error, as any other.)
        // A worker that reached its resourceLimits: its Worker gets
        // ERR_WORKER_OUT_OF_MEMORY and it exits 1 (src/node_worker.cc).
        // (With the heap full, QuickJS may not even make its InternalError:
        // the exception is then null.)
        let heap_limited = self
            .shared
            .family
            .scope
            .as_ref()
            .is_some_and(|s| s.resource_limits.iter().take(2).any(|v| *v > 0.0));
        // (Nor, at times, the message of its InternalError: an
        // InternalError with no message.)
        let bare_internal_error = error.as_object().is_some_and(|o| {
            o.get::<_, String>("name").is_ok_and(|n| n == "InternalError")
                && o.get::<_, String>("message").is_ok_and(|m| m.is_empty())
        });
        let out_of_memory = is_out_of_memory(&error)
            || (error.is_null() && heap_limited)
            || ((error.is_null() || bare_internal_error) && crate::quickjs::heap_was_full(&self.ctx));
        if let (Some(scope), true) = (&self.shared.family.scope, out_of_memory) {
            let record = serde_json::json!([
                [],
                [
                    "O",
                    [
                        ["jsloopError", true],
                        ["nodeError", true],
                        ["name", "Error"],
                        ["ctor", "Error"],
                        ["message", "Worker terminated due to reaching memory limit: JS heap out of memory"],
                        ["stack", ["u"]],
                        ["props", ["O", [["code", "ERR_WORKER_OUT_OF_MEMORY"]]]],
                    ]
                ]
            ]);
            let event = crate::threads::WorkerEvent::NodeError {
                worker: scope.id,
                record: record.to_string(),
                buffers: Vec::new(),
            };
            crate::threads::send(
                &scope.parent,
                jsloop_core::TaskSource::PostedMessage,
                "a worker thread ran out of memory",
                event,
            );
            self.shared.exit_code.set(Some(1));
            self.shared.exit_emitted.set(true);
            self.shared.stopping.set(true);
            self.shared.lp.borrow_mut().stop();
            return;
        }
        if self.shared.family.scope.is_none() && out_of_memory {
            self.shared.out.borrow_mut().err(OUT_OF_MEMORY);
            self.shared.exit_code.set(Some(134));
            self.shared.exit_emitted.set(true);
            self.shared.stopping.set(true);
            return;
        }
        // Node's TriggerUncaughtException (src/node_errors.cc) calls
        // `process._fatalException(error, fromPromise)`; when a program has
        // replaced it with something that is not a function, the error is
        // printed and the process (or worker) exits 6
        // (kInvalidFatalExceptionMonkeyPatching), nothing else runs.
        // (The process object itself, as Node's C++ holds it: what
        // globalThis.process returns may have been replaced.)
        let fatal_exception = self
            .shared
            .glue
            .borrow()
            .clone()
            .and_then(|g| g.restore(&self.ctx).ok())
            .and_then(|g| g.get::<_, rquickjs::Object>("process").ok())
            .and_then(|p| p.get::<_, Value>("_fatalException").ok());
        if fatal_exception.as_ref().is_some_and(|f| !f.is_function()) {
            let text = node_error_text(&error);
            self.shared.out.borrow_mut().err(&text);
            self.shared.exit_code.set(Some(6));
            self.shared.exit_emitted.set(true);
            self.shared.stopping.set(true);
            self.shared.lp.borrow_mut().stop();
            return;
        }
        if let Some(f) = fatal_exception.and_then(|f| f.into_function()) {
            match f.call::<_, Value>((error.clone(), false)).map(|handled| handled.as_bool() == Some(true)) {
                Ok(true) => {
                    self.shared.threw.set(true);
                    return;
                }
                Ok(false) => {}
                Err(_) => {
                    // The handler itself threw: that is fatal (Node exits 7;
                    // a worker thread's error goes to its Worker, and it
                    // exits 1, as lib/internal/worker.js's fatal handler sets).
                    let e = self.ctx.catch();
                    let code = if self.shared.family.scope.is_some() { 1 } else { 7 };
                    self.fatal(&e, code);
                    return;
                }
            }
        }
        self.fatal(&error, 1);
    }

    /// A worker thread's event (in its parent), or a message from the
    /// parent (in the worker): handed to 44_worker_threads.js.
    /// `from_handle`: it comes from its Worker's handle queue (see
    /// [`Self::queue_worker_event`]), not from the inbox.
    pub(super) fn worker_event(&self, event: crate::threads::WorkerEvent, from_handle: bool) {
        use crate::threads::WorkerEvent;
        let event = if from_handle {
            event
        } else {
            match self.queue_worker_event(event) {
                Some(event) => event,
                None => return,
            }
        };
        let ctx = &self.ctx;
        let Some(dispatch) = self.glue("workerEvent") else { return };
        let num = |n: f64| Value::new_float(ctx.clone(), n);
        let undefined = || Value::new_undefined(ctx.clone());
        let record = |r: String, b: Vec<Vec<u8>>| -> Option<(Value<'js>, Value<'js>)> {
            let r = rquickjs::String::from_str(ctx.clone(), &r).ok()?.into_value();
            let b = crate::threads::buffers_to_js(ctx, b).ok()?.into_value();
            Some((r, b))
        };
        let args = match event {
            WorkerEvent::ToWorker { record: r, buffers } => {
                record(r, buffers).map(|(r, b)| ("to-worker", num(0.0), r, b))
            }
            WorkerEvent::FromWorker { worker, record: r, buffers } => {
                record(r, buffers).map(|(r, b)| ("message", num(worker as f64), r, b))
            }
            WorkerEvent::NodeError { worker, record: r, buffers } => {
                record(r, buffers).map(|(r, b)| ("error", num(worker as f64), r, b))
            }
            WorkerEvent::Online { worker } => Some(("online", num(worker as f64), undefined(), undefined())),
            WorkerEvent::Stdio { worker, stream, text } => rquickjs::String::from_str(ctx.clone(), &text)
                .ok()
                .map(|t| ("stdio", num(worker as f64), num(stream as f64), t.into_value())),
            WorkerEvent::Exited { worker, code, .. } => {
                self.shared.family.exited(worker);
                Some(("exit", num(worker as f64), num(code as f64), undefined()))
            }
            WorkerEvent::PortMessage { port, record: r, buffers } => {
                // From another thread: into the port's incoming queue (its
                // async handle runs after this poll phase's I/O callbacks).
                post_to_local_port(&self.shared, Rc::new(PortRecord { port, record: r, buffers }));
                None
            }
            WorkerEvent::ThreadMessage { source, request, record: r, buffers, internal } => {
                let args = record(r, buffers);
                args.map(|(r, b)| {
                    let ids = Array::new(ctx.clone()).and_then(|a| {
                        a.set(0, request as f64)?;
                        a.set(1, r)?;
                        a.set(2, b)?;
                        Ok(a.into_value())
                    });
                    let kind = if internal { "thread-request" } else { "thread-message" };
                    (kind, num(source as f64), ids.unwrap_or_else(|_| undefined()), undefined())
                })
            }
            WorkerEvent::Stdin { data } => match data {
                Some(bytes) => crate::threads::buffers_to_js(ctx, vec![bytes])
                    .ok()
                    .map(|b| ("stdin", num(0.0), b.into_value(), undefined())),
                None => Some(("stdin", num(0.0), Value::new_null(ctx.clone()), undefined())),
            },
            WorkerEvent::ThreadReply { request, code, data } => {
                let data = match data {
                    Some(text) => rquickjs::String::from_str(ctx.clone(), &text)
                        .map(|s| s.into_value())
                        .unwrap_or_else(|_| undefined()),
                    None => undefined(),
                };
                Some(("thread-reply", num(request as f64), num(code as f64), data))
            }
            WorkerEvent::PortClose { port } => {
                super::ports::partner_closed(&self.shared, port);
                None
            }
            WorkerEvent::LocksWake => Some(("locks", num(0.0), undefined(), undefined())),
            // (The browser host's events: never sent to a node loop.)
            WorkerEvent::Error { .. }
            | WorkerEvent::LoadFailed { .. }
            | WorkerEvent::Broadcast { .. }
            | WorkerEvent::LockTask { .. } => None,
        };
        if let Some((kind, id, a, b)) = args {
            if dispatch.call::<_, ()>((kind, id, a, b)).is_err() {
                self.uncaught();
            }
        }
    }

    /// A worker's life ('online', its uncaught error, its output, its exit)
    /// reaches its Worker as Node's do: through async handles of the
    /// parent's loop made with the Worker (src/node_worker.cc: its
    /// MessagePort, made before the public channel, carries the first
    /// three; `on_thread_finished_`, made when the thread starts, the exit),
    /// so they run in the poll phase's handle pass in creation order, among
    /// the MessagePorts'. The event is queued there (None), or given back if
    /// its Worker has no handles.
    fn queue_worker_event(&self, event: crate::threads::WorkerEvent) -> Option<crate::threads::WorkerEvent> {
        use crate::threads::WorkerEvent;
        let (worker, exit) = match &event {
            WorkerEvent::Online { worker }
            | WorkerEvent::NodeError { worker, .. }
            | WorkerEvent::Stdio { worker, .. } => (*worker, false),
            WorkerEvent::Exited { worker, .. } => (*worker, true),
            _ => return Some(event),
        };
        let Some(port) = self.shared.family.lifecycle_port(worker, exit) else { return Some(event) };
        let Some(h) = self.shared.ports.borrow().handles.get(&port).copied() else { return Some(event) };
        let delivered =
            crate::quickjs::host_fn::Delivered::new(crate::quickjs::host_fn::Delivery::Worker(event));
        self.shared.lp.borrow_mut().port_post(h, NodeCallback::Delivered(delivered));
        None
    }

    /// Prints an uncaught error as Node does and ends the process.
    pub(super) fn fatal(&self, error: &Value<'js>, code: i32) {
        if self.shared.stopping.get() {
            return;
        }
        if let Some(scope) = &self.shared.family.scope {
            // A worker thread's uncaught error goes to its Worker object's
            // 'error' event in the parent.
            let serialized = self
                .glue("serializeError")
                .and_then(|f| f.call::<_, Array>((error.clone(),)).ok())
                .and_then(|a| Some((a.get::<String>(0).ok()?, a.get::<Array>(1).ok()?)));
            if let Some((record, buffers)) = serialized {
                let event = crate::threads::WorkerEvent::NodeError {
                    worker: scope.id,
                    record,
                    buffers: crate::threads::bytes_of(&buffers),
                };
                crate::threads::send(
                    &scope.parent,
                    jsloop_core::TaskSource::PostedMessage,
                    "a worker thread's uncaught error",
                    event,
                );
            }
        } else {
            let text = node_error_text(error);
            self.shared.out.borrow_mut().err(&text);
        }
        self.shared.exit_code.set(Some(code));
        self.shared.stopping.set(true);
        // 'exit' is emitted once: a throw in an 'exit' listener ends the
        // process without emitting it again.
        if self.shared.exit_emitted.replace(true) {
            return;
        }
        if let Some(f) = self.glue("emitExit") {
            // Node's _fatalException sets process.exitCode to 1 before it
            // emits 'exit', and the process exits with process.exitCode as
            // the listeners leave it (src/node_errors.cc).
            self.shared.stopping.set(false);
            let _ = f.call::<_, ()>((code, code == 1));
            if code == 1 && !self.shared.stopping.get() {
                if let Some(c) =
                    self.glue("getExitCode").and_then(|f| f.call::<_, Option<i32>>(()).ok().flatten())
                {
                    self.shared.exit_code.set(Some(c));
                }
            }
            self.shared.stopping.set(true);
        }
    }
}

impl<'js> NodeJsHost<'js> {
    /// [`NodeHost::call`] for the callbacks it does not run itself.
    #[inline(never)]
    fn call_other(&self, kind: CallbackKind, callback: NodeCallback) {
        let (func, args, this) = match callback {
            NodeCallback::FsDone { request, func, result } => {
                super::io_trace::pool_done(&self.shared, request, &result);
                let (err, value) = match fs_result_to_js(&self.ctx, &result) {
                    Ok(pair) => pair,
                    Err(_) => return self.uncaught(),
                };
                (func, vec![err, value], None)
            }
            NodeCallback::ReadFile(state) => {
                match super::fs::read_file::step(self, state) {
                    Ok(Some((f, args))) => {
                        // (One JS_Call, `this` undefined: what rquickjs's
                        // call does, without its argument conversions.)
                        let raw: Vec<qjs::JSValue> = args.iter().map(Value::as_raw).collect();
                        let ctx = self.ctx.as_raw().as_ptr();
                        // SAFETY: the function and the arguments are live
                        // values of ctx's runtime, held by `f` and `args`
                        // until the call returns; JS_Call takes no ownership.
                        unsafe {
                            let result = qjs::JS_Call(
                                ctx,
                                f.as_raw(),
                                qjs::JS_UNDEFINED,
                                raw.len() as i32,
                                raw.as_ptr() as *mut _,
                            );
                            if qjs::JS_IsException(result) {
                                return self.uncaught();
                            }
                            qjs::JS_FreeValue(ctx, result);
                        }
                    }
                    Ok(None) => {}
                    Err(_) => self.uncaught(),
                }
                return;
            }
            NodeCallback::Delivered(delivered) => {
                match delivered.take() {
                    Some(crate::quickjs::host_fn::Delivery::Worker(event)) => {
                        self.worker_event(event, matches!(kind, CallbackKind::PortMessage(_)))
                    }
                    Some(delivery) => {
                        if crate::quickjs::host_fn::perform_delivery(&self.ctx, &self.shared.calls, delivery)
                            .is_err()
                        {
                            self.uncaught();
                        }
                    }
                    None => {}
                }
                return;
            }
            NodeCallback::Call(_) | NodeCallback::Timeout(_) | NodeCallback::PortValue(..) => {
                // (NodeHost::call runs these.)
                return debug_assert!(false, "NodeHost::call runs this callback");
            }
            NodeCallback::PortMessage(m) => {
                let ctx = &self.ctx;
                let Some(dispatch) = self.glue("workerEvent") else { return };
                let args = rquickjs::String::from_str(ctx.clone(), &m.record).and_then(|r| {
                    let b = crate::threads::buffers_to_js(ctx, m.buffers.clone())?;
                    Ok((r, b))
                });
                let Ok((r, b)) = args else { return self.uncaught() };
                if dispatch.call::<_, ()>(("port", m.port as f64, r, b)).is_err() {
                    self.uncaught();
                }
                return;
            }
            NodeCallback::PortClosed(port) => {
                self.shared.port_fire.borrow_mut().forget(port);
                // Node's MessagePort::OnClose: Disentangle (the entangled port
                // gets a close message), then the 'close' event.
                super::ports::disentangle(&self.shared, port);
                let Some(dispatch) = self.glue("workerEvent") else { return };
                let undefined = Value::new_undefined(self.ctx.clone());
                if dispatch.call::<_, ()>(("port-close", port as f64, undefined.clone(), undefined)).is_err()
                {
                    self.uncaught();
                }
                return;
            }
            NodeCallback::Net(event) => {
                super::io_trace::net_event(&self.shared, &event);
                // uv__drain: the write side is shut just before the
                // shutdown request's callback runs.
                if let NetEvent::Shutdown { socket } = &*event {
                    self.shared.io.shutdown_now(*socket);
                }
                // A read for a stream that stopped reading meanwhile waits
                // for it to read again.
                if self.shared.io.hold_if_stopped(&event) {
                    return;
                }
                // A TLS socket's ciphertext becomes its session's events.
                match super::tls::intercept(&self.ctx, &self.shared.tls, &event) {
                    Ok(Some(events)) => {
                        let Some(dispatch) = self.glue("netDispatch") else { return };
                        for e in events {
                            if dispatch.call::<_, ()>((e,)).is_err() {
                                return self.uncaught();
                            }
                        }
                        return;
                    }
                    Ok(None) => {}
                    Err(_) => return self.uncaught(),
                }
                // A socket's bytes (the most frequent event): the net
                // module's _data(socket, buffer) (the glue's netReader gives
                // it), with no event object, and the bytes moved into the
                // Buffer's ArrayBuffer (not copied) when this callback holds
                // the only reference to them.
                if let NetEvent::Data { socket, .. } = &*event {
                    let id = *socket;
                    let socket = id as f64;
                    let cached = self.shared.net_data.borrow().clone();
                    let data = match cached.and_then(|f| f.restore(&self.ctx).ok()) {
                        Some(f) => f,
                        None => {
                            let Some(reader) = self.glue("netReader") else { return };
                            let Ok(f) = reader.call::<_, Function>(()) else { return self.uncaught() };
                            *self.shared.net_data.borrow_mut() =
                                Some(rquickjs::Persistent::save(&self.ctx, f.clone()));
                            f
                        }
                    };
                    let bytes = match Rc::try_unwrap(event) {
                        Ok(NetEvent::Data { bytes, .. }) => bytes,
                        Ok(_) => return,
                        Err(shared) => match &*shared {
                            NetEvent::Data { bytes, .. } => bytes.clone(),
                            _ => return,
                        },
                    };
                    // A socket in the common case: the host takes the
                    // steps (node/net_read.rs).
                    let bytes = match super::net_read::read(self, id, bytes) {
                        super::net_read::Read::Done => return,
                        super::net_read::Read::Threw => return self.uncaught(),
                        super::net_read::Read::Glue(bytes) => bytes,
                    };
                    // (The glue is given the length too: a Buffer's length
                    // getter is a call.)
                    let length = bytes.len() as f64;
                    let Ok(array) = rquickjs::ArrayBuffer::new(self.ctx.clone(), bytes) else {
                        return self.uncaught();
                    };
                    let Some(chunk) = self.read_buffer(array) else {
                        return self.uncaught();
                    };
                    if data.call::<_, ()>((socket, chunk, length)).is_err() {
                        self.uncaught();
                    }
                    return;
                }
                let Some(dispatch) = self.glue("netDispatch") else { return };
                let arg = match net_event_to_js(&self.ctx, &event) {
                    Ok(v) => v,
                    Err(_) => return self.uncaught(),
                };
                if dispatch.call::<_, ()>((arg,)).is_err() {
                    self.uncaught();
                }
                return;
            }
        };
        let Ok(f) = func.restore(&self.ctx) else { return };
        let this = this.unwrap_or_else(|| Value::new_undefined(self.ctx.clone()));
        if f.call::<_, Value>((This(this), Rest(args))).is_err() {
            self.uncaught();
        }
    }
}

impl<'js> NodeHost for NodeJsHost<'js> {
    type Callback = NodeCallback;
    type Timer = crate::quickjs::raw::Held;

    fn prefetch(&self, at: *const u8) {
        crate::quickjs::prefetch::line(at);
    }

    fn prefetch_timer(&self, timer: &Self::Timer, ahead: usize) {
        super::timeout::prefetch(&self.shared, timer.get(), ahead);
    }

    fn call(&self, _lp: &NodeLoop, kind: CallbackKind, callback: NodeCallback) {
        if self.shared.stopping.get() {
            return;
        }
        // (The hot callbacks here; the rest in a function of its own, so
        // that a loop of these runs compact code: a message ping-pong's turn
        // is about 400 lines of code, near the 512 of a 32 KB L1i.)
        match callback {
            NodeCallback::Call(call) => {
                // (One JS_Call: timers, immediates and nextTicks are hot.)
                if call.call(&self.ctx).is_err() {
                    self.uncaught();
                }
            }
            NodeCallback::Timeout(timeout) => {
                let ctx = self.ctx.as_raw().as_ptr();
                // SAFETY: ctx is the session's live context; the Timeout is
                // alive (counted by `timeout`) and of its runtime (checked).
                unsafe {
                    if rquickjs::qjs::JS_GetRuntime(ctx) != timeout.runtime() {
                        return self.uncaught();
                    }
                    let result = super::timeout::fire(ctx, &self.shared, timeout.get());
                    if rquickjs::qjs::JS_IsException(result) {
                        return self.uncaught();
                    }
                    crate::quickjs::raw::free_value(ctx, result);
                }
            }
            NodeCallback::PortValue(port, value) => self.port_value(port, &value),
            other => self.call_other(kind, other),
        }
    }

    fn run_microtasks(&self, lp: &NodeLoop) {
        let tracing = lp.borrow().tracer.enabled();
        while !self.shared.stopping.get() {
            // (An empty job queue is seen without the engine's job runner,
            // which rquickjs calls through a context it makes and frees: a
            // checkpoint after each callback is most often empty.)
            if !job_pending(&self.ctx) {
                break;
            }
            if tracing {
                lp.borrow_mut().trace(jsloop_core::trace::TraceEvent::Microtask {
                    kind: "promise job".into(),
                    origin: None,
                });
            }
            if !self.ctx.execute_pending_job() {
                break;
            }
        }
        // The callback and its microtasks are done: what they printed to a
        // pipe is written now (output.rs).
        self.shared.out.end_of_task();
    }

    fn process_promise_rejections(&self, _lp: &NodeLoop) -> bool {
        // (None, most often: nothing to take.)
        if self.shared.rejections.borrow().is_empty() {
            return false;
        }
        let events: Vec<_> = self.shared.rejections.borrow_mut().drain(..).collect();
        if events.is_empty() || self.shared.stopping.get() {
            return false;
        }
        // [promise, reason, handled, rejection id, …]
        let Ok(list) = Array::new(self.ctx.clone()) else { return false };
        let mut i = 0;
        for (p, r, handled, id) in events {
            let (Ok(p), Ok(r)) = (p.restore(&self.ctx), r.restore(&self.ctx)) else { continue };
            let _ = list.set(i, p);
            let _ = list.set(i + 1, r);
            let _ = list.set(i + 2, handled);
            let _ = list.set(i + 3, id as f64);
            i += 4;
        }
        let Some(f) = self.glue("processPromiseRejections") else { return false };
        match f.call::<_, bool>((list,)) {
            Ok(more) => more,
            Err(_) => {
                self.uncaught();
                false
            }
        }
    }

    fn active_handles(&self) -> usize {
        self.shared.io.net_counts().0 + self.shared.family.active_handles() + self.shared.children.active()
    }

    fn io_handles(&self) -> usize {
        self.shared.io.net_counts().0 + self.shared.children.active()
    }

    fn active_requests(&self) -> usize {
        let inbox = &self.shared.inbox;
        self.shared.io.in_flight.get()
            + self.shared.io.net_counts().1
            + inbox.outstanding()
            + usize::from(inbox.has_arrived())
    }

    fn requests_in_flight(&self) -> usize {
        let inbox = &self.shared.inbox;
        self.shared.io.in_flight.get()
            + self.shared.io.net_requests_in_flight()
            + inbox.outstanding()
            + usize::from(inbox.has_arrived())
    }

    fn poll_io(&self, _lp: &NodeLoop, timeout: Option<Duration>, settle: bool) -> Vec<NodeCallback> {
        let virtual_clock = self.shared.lp.borrow().clock().kind() == ClockKind::Virtual;
        // Under the virtual clock, what is in flight between two of the
        // program's own sockets lands before the loop looks (node/loopback.rs;
        // docs/event-loop.md, "Loopback traffic between the program's own
        // sockets"): the poll sees what Node's sees on an idle machine.
        if virtual_clock {
            self.shared.io.land_own(&|| self.shared.dog.check());
        }
        let done = if settle {
            self.shared.io.wait_settled(&|| self.shared.dog.check())
        } else {
            // A message this loop sent itself did not wake the poller (see
            // InboxSender): poll without blocking while one is there.
            let timeout = if self.shared.inbox.has_arrived() { Some(Duration::ZERO) } else { timeout };
            self.shared.io.wait(timeout)
        };
        // Work sent from other threads, in the order it was promised when
        // settling (the virtual clock), else as it arrived.
        let mut remote = if settle {
            self.shared.inbox.take_settled(&|| self.shared.dog.check())
        } else if virtual_clock {
            // Promised work is collected only when settling (repeatable runs).
            self.shared.inbox.take_untracked()
        } else {
            self.shared.inbox.take_arrived()
        };
        // (Nothing completed or arrived and nothing left after the wake-up,
        // a port ping-pong's every turn: what the steps below come to.)
        if done.is_empty() && remote.is_empty() && self.shared.io.after_wake.get() == 0 {
            return Vec::new();
        }
        let mut ready = self.completed(done);
        // Messages from other threads come with the async pass, before the
        // sockets epoll reported after the wake-up descriptor.
        let after = self.shared.io.after_wake.replace(0);
        let after = after.min(ready.len());
        let later = ready.split_off(ready.len() - after);
        ready.extend(remote.iter_mut().filter_map(|t| Delivered::from_task(t).map(NodeCallback::Delivered)));
        self.shared.io.after_wake.set(later.len());
        ready.extend(later);
        ready
    }

    fn run_after_async_pass(&self) -> usize {
        self.shared.io.after_wake.replace(0)
    }

    fn take_threw(&self) -> bool {
        self.shared.threw.replace(false)
    }

    fn is_async_wakeup(&self, callback: &NodeCallback) -> bool {
        // A socket's events come from its own descriptor.
        !matches!(callback, NodeCallback::Net(_))
    }

    fn take_messages(&self, _lp: &NodeLoop) -> Vec<NodeCallback> {
        // The thread pool's requests in flight complete in this poll phase
        // (waited for, taking no virtual time), first: libuv's thread-pool
        // async handle is the loop's first (docs/event-loop.md, "Under the
        // virtual clock").
        let stop = || self.shared.dog.check();
        let mut ready = self.completed(self.shared.io.wait_pool(&stop));
        // Node's epoll_wait with timeout 0 reports the sockets whose
        // traffic has landed: here, once what is in flight between the
        // program's own sockets has landed (node/loopback.rs), a look
        // without blocking.
        self.shared.io.land_own(&stop);
        ready.extend(self.completed(self.shared.io.wait(Some(Duration::ZERO))));
        // Messages already sent come with the async pass, before the
        // sockets epoll reported after the wake-up descriptor.
        let after = self.shared.io.after_wake.replace(0).min(ready.len());
        let later = ready.split_off(ready.len() - after);
        let mut tasks = self.shared.inbox.take_untracked();
        ready.extend(tasks.iter_mut().filter_map(|t| Delivered::from_task(t).map(NodeCallback::Delivered)));
        self.shared.io.after_wake.set(later.len());
        ready.extend(later);
        ready
    }

    fn emit_before_exit(&self, _lp: &NodeLoop) {
        if let Some(f) = self.glue("emitBeforeExit") {
            if f.call::<_, ()>(()).is_err() {
                self.uncaught();
            }
        }
    }

    fn stopping(&self) -> bool {
        self.shared.stopping.get() || self.shared.dog.check()
    }
}
