//! Functions written in Rust, called from JavaScript, and work queued from
//! Rust — the parts of the embedding API that touch the engine.
//!
//! A *host function* is installed as a global (a dotted name such as
//! `"app.read"` makes the objects on the way). A synchronous one runs on
//! the loop's thread and returns a value. An *async* one returns a promise:
//! its work runs on a thread of its own with JSON arguments, and its result
//! comes back as a task from another thread ([`jsloop_core::remote`]): a
//! task on the networking task source in the browser host, an I/O callback
//! in the poll phase in the node host, as a `fetch` or an `fs` callback
//! would. The pending call keeps the loop alive until it settles; under the
//! virtual clock it takes no virtual time, and calls settle in the order
//! they were made.
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::rc::Rc;
use std::sync::Arc;

use jsloop_core::remote::{InboxSender, RemoteTask};
use jsloop_core::task::TaskSource;
use rquickjs::function::Rest;
use rquickjs::{Ctx, Function, Object, Persistent, Value};

/// A synchronous host function: gets the context and the call's arguments,
/// returns the call's value or throws (return `Err` from a `ctx.throw`, or
/// any `rquickjs::Error`).
pub type SyncHostFn = Rc<dyn for<'js> Fn(Ctx<'js>, Vec<Value<'js>>) -> rquickjs::Result<Value<'js>>>;

/// An async host function: gets the call's arguments as JSON values (as
/// `JSON.stringify` gives them; `undefined` becomes `null`), runs on its own
/// thread, and returns the value the promise resolves with, or the message
/// of the `Error` it rejects with.
pub type AsyncHostFn = Arc<dyn Fn(Vec<serde_json::Value>) -> Result<serde_json::Value, String> + Send + Sync>;

/// A function written in Rust, to install in a runtime's global object.
#[derive(Clone)]
pub enum HostFunction {
    /// Runs on the loop's thread, inside the task or callback that calls it.
    Sync(SyncHostFn),
    /// Returns a promise; settles on a later task (browser) or poll phase (node).
    Async(AsyncHostFn),
}

/// Work queued from Rust: runs on the loop's thread as a task (browser host)
/// or a poll-phase callback (node host), with the loop's context. An `Err`
/// is reported as an uncaught exception of that task.
pub type RemoteJob = Box<dyn for<'js> FnOnce(Ctx<'js>) -> rquickjs::Result<()> + Send>;

/// What a remote task carries (the payload of a [`RemoteTask`]).
pub(crate) enum Delivery {
    Job(RemoteJob),
    Settle {
        id: u64,
        result: Result<serde_json::Value, String>,
    },
    /// A worker's message, error or end (browser host; see [`crate::worker`]).
    Worker(crate::threads::WorkerEvent),
}

/// Work delivered from Rust, as a loop's steps hold it (opaque; cloneable,
/// performed once).
#[derive(Clone)]
pub struct Delivered(Rc<RefCell<Option<Delivery>>>);

impl Delivered {
    /// Unpacks a remote task's payload, if it is one of ours.
    pub(crate) fn from_task(task: &mut RemoteTask) -> Option<Delivered> {
        let payload = std::mem::replace(&mut task.payload, Box::new(()));
        let delivery = payload.downcast::<Delivery>().ok()?;
        Some(Delivered(Rc::new(RefCell::new(Some(*delivery)))))
    }

    /// Work made on this thread (a worker's event put in its Worker's
    /// handle queue).
    pub(crate) fn new(delivery: Delivery) -> Delivered {
        Delivered(Rc::new(RefCell::new(Some(delivery))))
    }

    /// Takes what was delivered (once).
    pub(crate) fn take(&self) -> Option<Delivery> {
        self.0.borrow_mut().take()
    }

    /// The port a message from another thread is for, if this is one.
    pub(crate) fn port_message_target(&self) -> Option<u64> {
        match &*self.0.borrow() {
            Some(Delivery::Worker(crate::threads::WorkerEvent::PortMessage { port, .. })) => Some(*port),
            _ => None,
        }
    }
}

/// Runs a job or settles an async call's promise (a worker event is the
/// browser host's to handle; here it is dropped).
pub(crate) fn perform_delivery<'js>(
    ctx: &Ctx<'js>,
    calls: &AsyncCalls,
    delivery: Delivery,
) -> rquickjs::Result<()> {
    {
        match delivery {
            Delivery::Worker(_) => Ok(()),
            Delivery::Job(job) => job(ctx.clone()),
            Delivery::Settle { id, result } => {
                let Some((resolve, reject)) = calls.pending.borrow_mut().remove(&id) else { return Ok(()) };
                match result {
                    Ok(value) => {
                        let text = serde_json::to_string(&value).unwrap_or_else(|_| "null".into());
                        let value = ctx.json_parse(text)?;
                        resolve.restore(ctx)?.call::<_, ()>((value,))
                    }
                    Err(message) => {
                        let error = rquickjs::Exception::from_message(ctx.clone(), &message)?;
                        reject.restore(ctx)?.call::<_, ()>((error,))
                    }
                }
            }
        }
    }
}

/// The promises of async host function calls in flight, by call id.
#[derive(Default)]
pub(crate) struct AsyncCalls {
    pending: RefCell<HashMap<u64, (Persistent<Function<'static>>, Persistent<Function<'static>>)>>,
    next_id: Cell<u64>,
}

impl AsyncCalls {
    /// Registers a promise's resolving functions; the returned id is the
    /// one a [`Delivery::Settle`] for it carries.
    pub(crate) fn register<'js>(&self, ctx: &Ctx<'js>, resolve: Function<'js>, reject: Function<'js>) -> u64 {
        let id = self.next_id.get() + 1;
        self.next_id.set(id);
        self.pending.borrow_mut().insert(id, (Persistent::save(ctx, resolve), Persistent::save(ctx, reject)));
        id
    }

    /// Drops every pending promise (the runtime is going away).
    pub(crate) fn clear(&self) {
        self.pending.borrow_mut().clear();
    }
}

/// Sends a job to a loop from any thread.
pub(crate) fn send_job(
    sender: &InboxSender,
    source: TaskSource,
    label: String,
    job: RemoteJob,
) -> Result<(), jsloop_core::remote::LoopGone> {
    sender.send(source, label, Box::new(Delivery::Job(job)))
}

fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "(no message)".into())
}

/// Installs `functions` on the global object.
pub(crate) fn install<'js>(
    ctx: &Ctx<'js>,
    functions: &[(String, HostFunction)],
    calls: &Rc<AsyncCalls>,
    sender: &InboxSender,
) -> rquickjs::Result<()> {
    for (name, function) in functions {
        let f = match function {
            HostFunction::Sync(f) => sync_function(ctx, name, f.clone())?,
            HostFunction::Async(f) => async_function(ctx, name, f.clone(), calls.clone(), sender.clone())?,
        };
        // "a.b.c": objects on the way are made (or reused).
        let mut target: Object = ctx.globals();
        let mut parts: Vec<&str> = name.split('.').collect();
        let last = parts.pop().unwrap_or_default();
        for part in parts {
            let next: Option<Object> = target.get(part)?;
            target = match next {
                Some(o) => o,
                None => {
                    let o = Object::new(ctx.clone())?;
                    target.set(part, o.clone())?;
                    o
                }
            };
        }
        let _ = f.set_name(last);
        target.set(last, f)?;
    }
    Ok(())
}

/// A module's exports object: its functions, written in Rust.
pub(crate) fn module_exports<'js>(
    ctx: &Ctx<'js>,
    module: &str,
    functions: &[(String, HostFunction)],
    calls: &Rc<AsyncCalls>,
    sender: &InboxSender,
) -> rquickjs::Result<Object<'js>> {
    let exports = Object::new(ctx.clone())?;
    for (name, function) in functions {
        let full = format!("{module}.{name}");
        let f = match function {
            HostFunction::Sync(f) => sync_function(ctx, &full, f.clone())?,
            HostFunction::Async(f) => async_function(ctx, &full, f.clone(), calls.clone(), sender.clone())?,
        };
        let _ = f.set_name(name);
        exports.set(name.as_str(), f)?;
    }
    Ok(exports)
}

/// A module written in Rust: its name and its functions.
pub type HostModule = (String, Vec<(String, HostFunction)>);

fn sync_function<'js>(ctx: &Ctx<'js>, name: &str, f: SyncHostFn) -> rquickjs::Result<Function<'js>> {
    let name = name.to_string();
    Function::new(ctx.clone(), move |ctx: Ctx<'js>, args: Rest<Value<'js>>| -> rquickjs::Result<Value<'js>> {
        match catch_unwind(AssertUnwindSafe(|| f(ctx.clone(), args.0))) {
            Ok(result) => result,
            // A panic in a host function is the embedder's bug, reported to
            // the script as an exception; the loop goes on.
            Err(panic) => Err(crate::quickjs::throw_error(
                &ctx,
                &format!("host function {name} panicked: {}", panic_message(panic.as_ref())),
            )),
        }
    })
}

fn async_function<'js>(
    ctx: &Ctx<'js>,
    name: &str,
    f: AsyncHostFn,
    calls: Rc<AsyncCalls>,
    sender: InboxSender,
) -> rquickjs::Result<Function<'js>> {
    let name = name.to_string();
    Function::new(ctx.clone(), move |ctx: Ctx<'js>, args: Rest<Value<'js>>| -> rquickjs::Result<Value<'js>> {
        let mut json = Vec::with_capacity(args.0.len());
        for arg in args.0 {
            let text = ctx.json_stringify(arg)?.map(|s| s.to_string()).transpose()?;
            let value = match text {
                Some(t) => serde_json::from_str(&t).unwrap_or(serde_json::Value::Null),
                None => serde_json::Value::Null,
            };
            json.push(value);
        }
        let (promise, resolve, reject) = ctx.promise()?;
        let id = calls.next_id.get() + 1;
        calls.next_id.set(id);
        let ticket = sender.keep_alive().map_err(|e| crate::quickjs::throw_error(&ctx, &e.to_string()))?;
        calls
            .pending
            .borrow_mut()
            .insert(id, (Persistent::save(&ctx, resolve), Persistent::save(&ctx, reject)));
        let f = f.clone();
        let label = format!("async host function {name} settled");
        let name = name.clone();
        let spawned = std::thread::Builder::new().name(format!("jsloop {name}")).spawn(move || {
            let result = catch_unwind(AssertUnwindSafe(|| f(json))).unwrap_or_else(|panic| {
                Err(format!("host function {name} panicked: {}", panic_message(panic.as_ref())))
            });
            // If the loop has gone, there is no one to tell.
            let _ = ticket.complete(TaskSource::Networking, label, Box::new(Delivery::Settle { id, result }));
        });
        if let Err(e) = spawned {
            calls.pending.borrow_mut().remove(&id);
            return Err(crate::quickjs::throw_error(&ctx, &format!("could not start a thread: {e}")));
        }
        Ok(promise.into_value())
    })
}
