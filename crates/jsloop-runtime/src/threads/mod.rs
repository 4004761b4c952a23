//! Threads of one program: the workers a loop starts (dedicated workers of
//! the browser host, worker threads of the node host), what crosses between
//! their loops, and MessagePorts reached across threads. Neither host is
//! named here: a host starts its own kind of session on a thread through
//! [`Children::spawn`], and what arrives is handed to it as a
//! [`Delivery::Worker`] in its loop's inbox.
//!
//! <https://html.spec.whatwg.org/multipage/workers.html>
//! <https://html.spec.whatwg.org/multipage/web-messaging.html#message-ports>
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::sync::{Mutex, OnceLock};
use std::thread::JoinHandle;

use jsloop_core::clock::ClockKind;
use jsloop_core::remote::InboxSender;
use jsloop_core::world::{LoopId, World};
use jsloop_core::TaskSource;
use rquickjs::{Array, ArrayBuffer, Ctx, Function, Object};

use crate::quickjs::host_fn::Delivery;

pub(crate) mod shared_memory;

/// What crosses threads between a worker and its parent.
pub(crate) enum WorkerEvent {
    /// To the worker's global: a message its parent posted.
    ToWorker { record: String, buffers: Vec<Vec<u8>> },
    /// To the parent's Worker object: a message the worker posted.
    FromWorker { worker: u64, record: String, buffers: Vec<Vec<u8>> },
    /// To the parent: an error the worker did not handle.
    Error { worker: u64, message: String, filename: String, lineno: u32, colno: u32 },
    /// To the parent: the worker's script could not be fetched.
    LoadFailed { worker: u64 },
    /// To the parent: the worker's loop has ended (with a worker thread's
    /// exit code).
    Exited { worker: u64, had_error: bool, code: i32 },
    /// To the parent (worker_threads): the worker started running script.
    Online { worker: u64 },
    /// To the parent (worker_threads): the worker's uncaught error, serialized.
    NodeError { worker: u64, record: String, buffers: Vec<Vec<u8>> },
    /// To a loop that owns a MessagePort whose entangled port is in another
    /// loop: a message for it.
    PortMessage { port: u64, record: String, buffers: Vec<Vec<u8>> },
    /// To the loop that owns a MessagePort: the port it is entangled with
    /// (in another loop) closed.
    PortClose { port: u64 },
    /// To a thread (worker_threads' postMessageToThread): a message from
    /// thread `source`, for its process 'workerMessage' event; the answer
    /// goes back as request `request`. `internal`: a request of the
    /// runtime's own (a Worker's getHeapSnapshot), not the program's.
    ThreadMessage { source: u64, request: u64, record: String, buffers: Vec<Vec<u8>>, internal: bool },
    /// To the thread that called postMessageToThread: how it went (0
    /// delivered, 1 no listener, 2 a listener threw), and for an internal
    /// request its answer.
    ThreadReply { request: u64, code: i32, data: Option<String> },
    /// To a worker thread (worker_threads' `stdin: true`): what its parent
    /// wrote to `worker.stdin` (None: the end).
    Stdin { data: Option<Vec<u8>> },
    /// To the loop of a BroadcastChannel object (the browser host's, by its
    /// number in that loop): a message another one posted, from `origin`.
    Broadcast { channel: u64, record: String, buffers: Vec<Vec<u8>>, origin: String },
    /// To the loop of a browser global that made lock request `request`
    /// (numbered as its BroadcastChannels are): its lock was granted (1),
    /// cannot be had now (2, an `ifAvailable` request) or was stolen (3).
    LockTask { request: u64, kind: i32 },
    /// To a node thread: the lock manager has requests of its that may be
    /// granted now (Node's WakeEnvironment).
    LocksWake,
    /// To the parent (worker_threads): what the worker wrote to its
    /// process.stdout (stream 1) or process.stderr (2) when the Worker was
    /// made with `stdout: true` / `stderr: true`.
    Stdio { worker: u64, stream: u8, text: String },
}

/// Where each MessagePort reached across threads lives: its id → the inbox
/// of the loop that owns it now (updated when a message carrying it is sent,
/// before it is sent, so a message for the port follows it).
pub(crate) fn port_homes() -> &'static Mutex<HashMap<u64, InboxSender>> {
    static HOMES: OnceLock<Mutex<HashMap<u64, InboxSender>>> = OnceLock::new();
    HOMES.get_or_init(|| Mutex::new(HashMap::new()))
}

pub(crate) static NEXT_PORT_ID: AtomicU64 = AtomicU64::new(1);

/// The ports in a message go where the message goes.
pub(crate) fn ship_ports(ids: &[f64], to: &InboxSender) {
    let mut homes = port_homes().lock().unwrap_or_else(|e| e.into_inner());
    for id in ids {
        homes.insert(*id as u64, to.clone());
    }
}

/// One worker a loop started (a dedicated worker or a worker thread), kept
/// until its thread is joined.
pub(crate) struct ChildThread {
    pub inbox: InboxSender,
    /// Set by `terminate()` (the worker's watchdog looks at it).
    pub terminate: Arc<AtomicBool>,
    pub loop_id: LoopId,
    pub thread: Option<JoinHandle<()>>,
    /// Referenced (worker_threads' `ref`/`unref`; dedicated workers always are).
    pub refed: bool,
}

impl ChildThread {
    /// Stops the worker at its next check (its interrupt handler stops
    /// running script) and takes it out of its world.
    /// Stops the child at its next check. `ending`: the loop that started
    /// it is going, and the child leaves the world at once; else it stays a
    /// member (and gets its turn) until it has ended and said so.
    pub(crate) fn terminate(&self, world: Option<&World>, ending: bool) {
        self.terminate.store(true, Ordering::SeqCst);
        if let Some(w) = world {
            if ending {
                w.remove(self.loop_id);
            } else {
                w.terminate(self.loop_id);
            }
        }
        self.inbox.wake();
    }

    fn join(&mut self) {
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// The workers a loop started, by id.
#[derive(Default)]
pub(crate) struct Children(pub RefCell<BTreeMap<u64, ChildThread>>);

impl Children {
    /// Starts worker `id`'s thread (named `name`, with the large stack
    /// script needs) running `run`, and keeps it until it is joined.
    pub(crate) fn spawn(
        &self,
        id: u64,
        name: String,
        inbox: InboxSender,
        terminate: Arc<AtomicBool>,
        loop_id: LoopId,
        run: impl FnOnce() + Send + 'static,
    ) {
        let thread = std::thread::Builder::new().name(name).stack_size(64 * 1024 * 1024).spawn(run).ok();
        self.0.borrow_mut().insert(id, ChildThread { inbox, terminate, loop_id, thread, refed: true });
    }

    /// A worker said its loop ended: join its thread.
    pub(crate) fn exited(&self, id: u64) {
        let child = self.0.borrow_mut().remove(&id);
        if let Some(mut child) = child {
            child.join();
        }
    }

    /// Posts a serialized message to worker `id` (not once it is
    /// terminated); the ports in it go where it goes.
    pub(crate) fn post(&self, id: u64, record: String, buffers: Vec<Vec<u8>>, ports: &[f64]) {
        let children = self.0.borrow();
        if let Some(child) = children.get(&id).filter(|c| !c.terminate.load(Ordering::SeqCst)) {
            ship_ports(ports, &child.inbox);
            let event = WorkerEvent::ToWorker { record, buffers };
            send(&child.inbox, TaskSource::PostedMessage, "message from the parent", event);
        }
    }

    /// Terminates worker `id` (its thread is joined when it says it ended,
    /// or when the loop that started it goes).
    pub(crate) fn terminate(&self, id: u64, world: Option<&World>) {
        if let Some(child) = self.0.borrow().get(&id) {
            child.terminate(world, false);
        }
    }

    /// Ends every worker (when the loop that started them goes): each is
    /// terminated, and its thread joined so its output is all written.
    pub(crate) fn end_all(&self, world: Option<&World>) {
        let mut children: Vec<ChildThread> =
            std::mem::take(&mut *self.0.borrow_mut()).into_values().collect();
        for child in &children {
            child.terminate(world, true);
        }
        for child in &mut children {
            child.join();
        }
    }
}

/// The world a new worker joins. The first worker makes the program a world
/// of loops, and the loop starting it joins first (`join_world`).
pub(crate) fn world_for_child(
    world: &RefCell<Option<World>>,
    clock: ClockKind,
    join_world: &dyn Fn(&World),
) -> World {
    let mut world = world.borrow_mut();
    if world.is_none() {
        let w = World::new(clock);
        join_world(&w);
        *world = Some(w);
    }
    world.clone().expect("just made")
}

pub(crate) fn bytes_of(buffers: &Array<'_>) -> Vec<Vec<u8>> {
    buffers
        .iter::<ArrayBuffer>()
        .filter_map(|b| b.ok())
        // SAFETY: the bytes are copied at once; no JavaScript runs while
        // they are borrowed, so the buffer cannot be detached meanwhile.
        .map(|b| unsafe { b.as_bytes() }.map(<[u8]>::to_vec).unwrap_or_default())
        .collect()
}

/// The buffers of a record, as ArrayBuffers of `ctx`.
pub(crate) fn buffers_to_js<'js>(ctx: &Ctx<'js>, buffers: Vec<Vec<u8>>) -> rquickjs::Result<Array<'js>> {
    let list = Array::new(ctx.clone())?;
    for (i, b) in buffers.into_iter().enumerate() {
        list.set(i, ArrayBuffer::new(ctx.clone(), b)?)?;
    }
    Ok(list)
}

pub(crate) fn send(to: &InboxSender, source: TaskSource, label: &str, event: WorkerEvent) -> bool {
    to.send(source, label, Box::new(Delivery::Worker(event))).is_ok()
}

/// The host functions for MessagePorts reached across threads (both hosts):
/// `newPortId`, `adoptPort`, `postToPort`.
pub(crate) fn install_ports<'js>(
    ctx: &Ctx<'js>,
    host: &Object<'js>,
    lp_sender: &InboxSender,
) -> rquickjs::Result<()> {
    install_ports_noting(ctx, host, lp_sender, None)
}

/// [`install_ports`], telling `note` (when given) of each port id the realm
/// makes or adopts: a loop with several realms (the browser host's iframe
/// windows) finds the realm a message for the port is for.
pub(crate) fn install_ports_noting<'js>(
    ctx: &Ctx<'js>,
    host: &Object<'js>,
    lp_sender: &InboxSender,
    note: Option<std::rc::Rc<dyn Fn(u64)>>,
) -> rquickjs::Result<()> {
    let own = lp_sender.clone();
    let noted = note.clone();
    host.set(
        "newPortId",
        Function::new(ctx.clone(), move || -> f64 {
            let id = NEXT_PORT_ID.fetch_add(1, Ordering::SeqCst);
            port_homes().lock().unwrap_or_else(|e| e.into_inner()).insert(id, own.clone());
            if let Some(note) = &noted {
                note(id);
            }
            id as f64
        })?,
    )?;
    let own = lp_sender.clone();
    host.set(
        "adoptPort",
        Function::new(ctx.clone(), move |id: f64| {
            port_homes().lock().unwrap_or_else(|e| e.into_inner()).insert(id as u64, own.clone());
            if let Some(note) = &note {
                note(id as u64);
            }
        })?,
    )?;
    host.set(
        "postToPort",
        Function::new(
            ctx.clone(),
            move |target: f64, record: String, buffers: Array<'js>, ports: Vec<f64>| {
                let home =
                    port_homes().lock().unwrap_or_else(|e| e.into_inner()).get(&(target as u64)).cloned();
                if let Some(home) = home {
                    ship_ports(&ports, &home);
                    let event =
                        WorkerEvent::PortMessage { port: target as u64, record, buffers: bytes_of(&buffers) };
                    send(&home, TaskSource::PostedMessage, "MessagePort message from another thread", event);
                }
            },
        )?,
    )?;

    Ok(())
}
