//! Node's worker_threads: each `Worker` a [`NodeSession`] (a QuickJS
//! runtime and the libuv-style loop) on its own thread.
//!
//! <https://nodejs.org/docs/latest-v20.x/api/worker_threads.html>
//!
//! A message is serialized where it is posted (05_serialize.js), crosses
//! threads as a [`WorkerEvent`] in the receiving loop's inbox, and is
//! delivered in that loop's poll phase. A referenced `Worker` is an active
//! handle of its parent's loop until the worker exits; in the worker,
//! `parentPort` with `message` listeners is an active handle (so a worker
//! that listens never ends on its own, as in Node). Under the virtual clock
//! the loops are a [`World`] and take turns (see `jsloop_core::world`).
use std::cell::{Cell, RefCell};
use std::path::PathBuf;
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, Ordering};
use std::sync::Arc;

use jsloop_core::clock::ClockKind;
use jsloop_core::remote::{Inbox, InboxSender, KeepAlive};
use jsloop_core::uv::MicrotaskMode;
use jsloop_core::world::{Turn, World, WorldMember};
use jsloop_core::{TaskSource, Until};
use rquickjs::{Array, Ctx, Function, Object};
use std::collections::HashMap;

use crate::limits::Limits;
use crate::node::{NodeOptions, NodeSession};
use crate::output::SharedOutput;
use crate::threads::{bytes_of, send, Children, WorkerEvent};

/// A `process.env`: its variables in order. Each thread has its own (a
/// copy made with its Worker), or its parent's (`env: SHARE_ENV`).
pub(crate) type EnvStore = Arc<std::sync::Mutex<Vec<(String, String)>>>;

/// The process's environment, for the main thread.
pub(crate) fn process_env() -> EnvStore {
    Arc::new(std::sync::Mutex::new(std::env::vars().collect()))
}

/// What the threads of one program know of each other (shared down the
/// family of workers): each thread's inbox by threadId (for
/// postMessageToThread), the ports of every BroadcastChannel by name, and
/// the postMessageToThread requests waiting for their answer.
#[derive(Default)]
pub(crate) struct Registry {
    pub(super) threads: HashMap<u64, InboxSender>,
    channels: HashMap<String, Vec<u64>>,
    /// Request id → the thread it was sent to, and the sender's ticket.
    requests: HashMap<u64, (u64, KeepAlive)>,
    /// The Web Locks lock manager (node/locks.rs).
    pub(super) locks: super::locks::LockManager,
}

pub(crate) type SharedRegistry = Arc<std::sync::Mutex<Registry>>;

pub(super) fn registry(r: &SharedRegistry) -> std::sync::MutexGuard<'_, Registry> {
    r.lock().unwrap_or_else(|e| e.into_inner())
}

static NEXT_REQUEST: AtomicU64 = AtomicU64::new(1);

/// threadId: 0 is the main thread; workers count up, process-wide.
static NEXT_THREAD_ID: AtomicU64 = AtomicU64::new(1);

/// What a worker's process knows about itself.
#[derive(Clone)]
pub(crate) struct NodeWorkerScope {
    /// Its threadId (also its id in its parent's list).
    pub id: u64,
    /// The parent's loop.
    pub parent: InboxSender,
    /// What its Worker sent it (`workerData`, the public port, …), serialized.
    pub worker_data: (String, Vec<Vec<u8>>),
    /// Its `process.env`: a copy of the parent's (or of `options.env`)
    /// made with it, or the parent's own (`SHARE_ENV`).
    pub env: EnvStore,
    /// `threadName` (the Worker's `name` option, or `WorkerThread`).
    pub name: String,
    /// The program's threads and broadcast channels.
    pub registry: SharedRegistry,
    /// `trackUnmanagedFds` (default true): the descriptors fs.open gave it
    /// are closed when it exits.
    pub track_fds: bool,
    /// `execArgv`: its process.execArgv (and `--require` preloads).
    pub exec_argv: Vec<String>,
    /// `resourceLimits` as given ([old, young, codeRange, stack] MB, -1
    /// where not given).
    pub resource_limits: Vec<f64>,
    /// `stdin: true`: its process.stdin is what the parent writes to
    /// `worker.stdin` (else it is empty).
    pub has_stdin: bool,
    /// process.stdout / process.stderr go to the parent's `worker.stdout` /
    /// `worker.stderr` streams (`stdout: true` / `stderr: true`).
    pub pipe_stdout: bool,
    pub pipe_stderr: bool,
}

/// What a session needs to start as a worker.
pub(crate) struct NodeWorkerInit {
    pub scope: NodeWorkerScope,
    pub member: WorldMember,
    pub world: World,
}

/// A process's workers, and (for a worker) its port to its parent.
pub(crate) struct NodeFamily {
    pub world: RefCell<Option<World>>,
    children: Children,
    pub scope: Option<NodeWorkerScope>,
    /// parentPort has `message` listeners and is referenced.
    parent_port_ref: Cell<bool>,
    pub clock: ClockKind,
    pub limits: Limits,
    pub microtasks: MicrotaskMode,
    pub out: SharedOutput,
    pub trace_workers: Option<jsloop_core::trace::TraceFactory>,
    /// This thread's process.env.
    pub env: EnvStore,
    /// The program's threads and broadcast channels.
    pub registry: SharedRegistry,
    /// Each running worker's OS thread id (set by the thread as it starts),
    /// for `worker.cpuUsage()`.
    tids: RefCell<HashMap<u64, Arc<AtomicI32>>>,
    /// Each Worker's two handles in this loop (port ids): its events
    /// ('online', 'error', output) and its exit.
    lifecycle: RefCell<HashMap<u64, (u64, u64)>>,
    /// In a worker that tracks them: the descriptors fs.open gave it and it
    /// has not closed (src/node_worker.cc's unmanaged fds).
    unmanaged_fds: RefCell<std::collections::BTreeSet<i32>>,
}

impl NodeFamily {
    pub(crate) fn new(
        scope: Option<NodeWorkerScope>,
        world: Option<World>,
        clock: ClockKind,
        limits: Limits,
        microtasks: MicrotaskMode,
        out: SharedOutput,
        trace_workers: Option<jsloop_core::trace::TraceFactory>,
    ) -> Self {
        let env = scope.as_ref().map_or_else(process_env, |s| s.env.clone());
        let registry = scope.as_ref().map(|s| s.registry.clone()).unwrap_or_default();
        NodeFamily {
            env,
            registry,
            tids: RefCell::new(HashMap::new()),
            lifecycle: RefCell::new(HashMap::new()),
            unmanaged_fds: RefCell::new(std::collections::BTreeSet::new()),
            world: RefCell::new(world),
            children: Children::default(),
            scope,
            parent_port_ref: Cell::new(false),
            clock,
            limits,
            microtasks,
            out,
            trace_workers,
        }
    }

    /// Active handles: referenced workers still running, and a listening,
    /// referenced parentPort.
    pub(crate) fn active_handles(&self) -> usize {
        self.children.0.borrow().values().filter(|c| c.refed).count()
            + usize::from(self.parent_port_ref.get())
    }

    /// The port id of worker `id`'s event handle, or (`exit`) of its exit
    /// handle.
    pub(crate) fn lifecycle_port(&self, id: u64, exit: bool) -> Option<u64> {
        self.lifecycle.borrow().get(&id).map(|(events, exited)| if exit { *exited } else { *events })
    }

    /// A worker's loop ended: join its thread.
    pub(crate) fn exited(&self, id: u64) {
        self.lifecycle.borrow_mut().remove(&id);
        self.tids.borrow_mut().remove(&id);
        self.children.exited(id);
    }

    /// The worker has exited: the descriptors fs.open gave it that are
    /// still open are closed (trackUnmanagedFds).
    pub(crate) fn close_unmanaged_fds(&self) {
        for fd in std::mem::take(&mut *self.unmanaged_fds.borrow_mut()) {
            // SAFETY: the descriptor was opened by this worker's fs.open and
            // not closed by it; nothing of the worker uses it any more.
            unsafe { libc::close(fd) };
        }
    }

    /// Terminates every worker still running and joins their threads.
    pub(crate) fn end_children(&self) {
        let world = self.world.borrow().clone();
        self.children.end_all(world.as_ref());
    }
}

/// The host functions 44_worker_threads.js calls.
pub(crate) fn install<'js>(
    ctx: &Ctx<'js>,
    host: &Object<'js>,
    family: &Rc<NodeFamily>,
    own: InboxSender,
    join_world: Rc<dyn Fn(&World)>,
) -> rquickjs::Result<()> {
    host.set("isWorker", family.scope.is_some())?;
    host.set("threadId", family.scope.as_ref().map_or(0.0, |s| s.id as f64))?;
    install_env(ctx, host, &family.env)?;
    if let Some(scope) = &family.scope {
        host.set("workerExecArgv", scope.exec_argv.clone())?;
        host.set("workerHasStdin", scope.has_stdin)?;
        host.set("workerResourceLimits", scope.resource_limits.clone())?;
    }
    // worker.stdin: what the parent writes goes to the worker's
    // process.stdin (null: the end).
    let f = family.clone();
    host.set(
        "writeWorkerStdin",
        Function::new(ctx.clone(), move |id: f64, data: Option<rquickjs::ArrayBuffer<'js>>| {
            // SAFETY: the bytes are copied at once; no script runs meanwhile.
            let data = data.map(|b| unsafe { b.as_bytes() }.map(<[u8]>::to_vec).unwrap_or_default());
            if let Some(child) = f.children.0.borrow().get(&(id as u64)) {
                send(
                    &child.inbox,
                    TaskSource::PostedMessage,
                    "a worker thread's stdin",
                    WorkerEvent::Stdin { data },
                );
            }
        })?,
    )?;
    // fs.open / fs.close in a worker that tracks its descriptors (Node's
    // Worker::AddUnmanagedFd / RemoveUnmanagedFd, with their warnings).
    let f = family.clone();
    host.set(
        "unmanagedFd",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>, fd: i32, opened: bool| -> rquickjs::Result<()> {
            if !f.scope.as_ref().is_some_and(|s| s.track_fds) {
                return Ok(());
            }
            let warning = {
                let mut fds = f.unmanaged_fds.borrow_mut();
                if opened && !fds.insert(fd) {
                    Some(format!("File descriptor {fd} opened in unmanaged mode twice"))
                } else if !opened && !fds.remove(&fd) {
                    Some(format!("File descriptor {fd} closed but not opened in unmanaged mode"))
                } else {
                    None
                }
            };
            if let Some(text) = warning {
                let process: Object = ctx.globals().get("process")?;
                let emit: Function = process.get("emitWarning")?;
                emit.call::<_, ()>((rquickjs::function::This(process), text))?;
            }
            Ok(())
        })?,
    )?;
    install_messaging(ctx, host, family, &own)?;
    super::locks::install(ctx, host, family)?;
    match &family.scope {
        Some(scope) => {
            let data = Array::new(ctx.clone())?;
            data.set(0, scope.worker_data.0.as_str())?;
            data.set(1, crate::threads::buffers_to_js(ctx, scope.worker_data.1.clone())?)?;
            host.set("workerData", data)?;
        }
        None => host.set("workerData", rquickjs::Value::new_null(ctx.clone()))?,
    }

    crate::threads::install_ports(ctx, host, &own)?;
    crate::threads::shared_memory::install(ctx, host)?;
    host.set("threadName", family.scope.as_ref().map_or("main", |s| s.name.as_str()))?;
    let f = family.clone();
    // A new Worker (lib/internal/worker.js's constructor, after its
    // checks): `spec` has filename, eval, record/buffers/ports (what goes
    // to the worker: workerData, its public port, …), name, env (JSON),
    // argv, stdout, stderr.
    host.set(
        "createNodeWorker",
        Function::new(ctx.clone(), move |spec: Object<'js>| -> rquickjs::Result<f64> {
            let filename: String = spec.get("filename")?;
            let is_eval: bool = spec.get("eval")?;
            let record: String = spec.get("record")?;
            let buffers: Array<'js> = spec.get("buffers")?;
            let ports: Vec<f64> = spec.get("ports")?;
            let name: String = spec.get("name")?;
            // JSON of the copy, or null: the parent's own (SHARE_ENV).
            let env: Option<String> = spec.get("env")?;
            let env = match env {
                None => f.env.clone(),
                Some(json) => {
                    let map: serde_json::Map<String, serde_json::Value> =
                        serde_json::from_str(&json).unwrap_or_default();
                    let vars = map
                        .into_iter()
                        .map(|(k, v)| (k, v.as_str().map(str::to_string).unwrap_or_default()))
                        .collect();
                    Arc::new(std::sync::Mutex::new(vars))
                }
            };
            let argv: Vec<String> = spec.get("argv")?;
            let pipe_stdout: bool = spec.get("stdout")?;
            let pipe_stderr: bool = spec.get("stderr")?;
            let track_fds: bool = spec.get("trackUnmanagedFds")?;
            let exec_argv: Vec<String> = spec.get("execArgv")?;
            let event_port: f64 = spec.get("eventPort")?;
            let has_stdin: bool = spec.get("stdin")?;
            let exit_port: f64 = spec.get("exitPort")?;
            let world = crate::threads::world_for_child(&f.world, f.clock, join_world.as_ref());
            let id = NEXT_THREAD_ID.fetch_add(1, Ordering::SeqCst);
            let inbox = Inbox::new();
            // The ports in what it is sent live in the worker from now on.
            crate::threads::ship_ports(&ports, &inbox.sender());
            // Messages from postMessageToThread wait in its inbox until it runs.
            registry(&f.registry).threads.insert(id, inbox.sender());
            let member = world.join(format!("worker thread {id}"), inbox.sender());
            let loop_id = member.id();
            let terminate = Arc::new(AtomicBool::new(false));
            let mut limits = f.limits.clone();
            limits.terminate = Some(terminate.clone());
            // `resourceLimits` (Node's parseResourceLimits; -1: not given):
            // the old generation's size is the worker's heap limit (QuickJS
            // has one generation, where everything that lives on is, so
            // maxYoungGenerationSizeMb bounds nothing of its own),
            // stackSizeMb its stack.
            let resource: Vec<f64> = spec.get("resourceLimits")?;
            let mb = |v: f64| (v * 1024.0 * 1024.0) as usize;
            if let Some(old) = resource.first().copied().filter(|old| *old > 0.0) {
                limits.max_heap = Some(mb(old));
            }
            if let Some(stack) = resource.get(3).copied().filter(|s| *s > 0.0) {
                limits.max_stack = Some(mb(stack));
            }
            let script = if is_eval {
                Script::Eval(filename)
            } else {
                let cwd = std::env::current_dir().unwrap_or_default();
                Script::File(cwd.join(filename))
            };
            let spec = Spawn {
                inbox,
                init: NodeWorkerInit {
                    scope: NodeWorkerScope {
                        id,
                        parent: own.clone(),
                        worker_data: (record, bytes_of(&buffers)),
                        env,
                        name,
                        registry: f.registry.clone(),
                        track_fds,
                        exec_argv,
                        has_stdin,
                        resource_limits: resource.clone(),
                        pipe_stdout,
                        pipe_stderr,
                    },
                    member,
                    world,
                },
                script,
                argv,
                tid: Arc::new(AtomicI32::new(0)),
                clock: f.clock,
                limits,
                microtasks: f.microtasks,
                out: f.out.clone(),
                terminate: terminate.clone(),
                trace: f.trace_workers.clone(),
            };
            f.tids.borrow_mut().insert(id, spec.tid.clone());
            f.lifecycle.borrow_mut().insert(id, (event_port as u64, exit_port as u64));
            let child_inbox = spec.inbox.sender();
            f.children.spawn(
                id,
                format!("jsloop worker thread {id}"),
                child_inbox,
                terminate,
                loop_id,
                move || run_worker(spec),
            );
            Ok(id as f64)
        })?,
    )?;
    // worker.cpuUsage(): the thread's user and system CPU time in
    // microseconds (Node's uv_getrusage_thread), from /proc; null once it
    // has exited.
    let f = family.clone();
    host.set(
        "workerCpuUsage",
        Function::new(ctx.clone(), move |id: f64| -> Option<Vec<f64>> {
            let tid = f.tids.borrow().get(&(id as u64))?.load(Ordering::SeqCst);
            if tid == 0 {
                return Some(vec![0.0, 0.0]);
            }
            let stat = std::fs::read_to_string(format!("/proc/self/task/{tid}/stat")).ok()?;
            // Fields after the command (which may hold spaces), from field 3.
            let rest = &stat[stat.rfind(')')? + 2..];
            let fields: Vec<&str> = rest.split_whitespace().collect();
            let ticks = |i: usize| fields.get(i).and_then(|v| v.parse::<f64>().ok()).unwrap_or(0.0);
            // SAFETY: sysconf has no preconditions.
            let hz = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as f64;
            // utime and stime are fields 14 and 15 (11 and 12 from field 3).
            Some(vec![ticks(11) * 1e6 / hz, ticks(12) * 1e6 / hz])
        })?,
    )?;
    let f = family.clone();
    host.set(
        "terminateNodeWorker",
        Function::new(ctx.clone(), move |id: f64| {
            f.children.terminate(id as u64, f.world.borrow().as_ref());
        })?,
    )?;
    let f = family.clone();
    host.set(
        "setWorkerRef",
        Function::new(ctx.clone(), move |id: f64, on: bool| {
            if let Some(child) = f.children.0.borrow_mut().get_mut(&(id as u64)) {
                child.refed = on;
            }
        })?,
    )?;
    Ok(())
}

/// postMessageToThread (lib/internal/worker/messaging.js) and
/// BroadcastChannel (src/node_messaging.cc's SiblingGroup) across the
/// program's threads: `postToThread`, `replyToThread`, `channelJoin`,
/// `channelLeave`, `channelPeers`.
fn install_messaging<'js>(
    ctx: &Ctx<'js>,
    host: &Object<'js>,
    family: &Rc<NodeFamily>,
    own: &InboxSender,
) -> rquickjs::Result<()> {
    let me = family.scope.as_ref().map_or(0, |s| s.id);
    registry(&family.registry).threads.insert(me, own.clone());
    // A message for thread `to`: false if there is no such thread. Its
    // answer comes back as a `thread-reply` event; waiting for it keeps this
    // loop alive.
    let f = family.clone();
    let own_sender = own.clone();
    host.set(
        "postToThread",
        Function::new(
            ctx.clone(),
            move |to: f64,
                  record: String,
                  buffers: Array<'js>,
                  ports: Vec<f64>,
                  internal: rquickjs::function::Opt<bool>|
                  -> rquickjs::Result<f64> {
                let Some(target) = registry(&f.registry).threads.get(&(to as u64)).cloned() else {
                    return Ok(0.0);
                };
                let Ok(ticket) = own_sender.keep_alive() else { return Ok(0.0) };
                let request = NEXT_REQUEST.fetch_add(1, Ordering::SeqCst);
                registry(&f.registry).requests.insert(request, (to as u64, ticket));
                crate::threads::ship_ports(&ports, &target);
                let event = WorkerEvent::ThreadMessage {
                    source: me,
                    request,
                    record,
                    buffers: bytes_of(&buffers),
                    internal: internal.0.unwrap_or(false),
                };
                if !send(&target, TaskSource::PostedMessage, "a message for a thread", event) {
                    registry(&f.registry).requests.remove(&request);
                    return Ok(0.0);
                }
                Ok(request as f64)
            },
        )?,
    )?;
    let f = family.clone();
    host.set(
        "replyToThread",
        Function::new(ctx.clone(), move |request: f64, code: i32, data: rquickjs::function::Opt<String>| {
            let ticket = registry(&f.registry).requests.remove(&(request as u64));
            if let Some((_, ticket)) = ticket {
                let event = WorkerEvent::ThreadReply { request: request as u64, code, data: data.0 };
                let payload = Box::new(crate::quickjs::host_fn::Delivery::Worker(event));
                let _ = ticket.complete(TaskSource::PostedMessage, "postMessageToThread's answer", payload);
            }
        })?,
    )?;
    // The caller stopped waiting (its timeout): the answer no longer keeps
    // its loop alive.
    let f = family.clone();
    host.set(
        "forgetRequest",
        Function::new(ctx.clone(), move |request: f64| {
            registry(&f.registry).requests.remove(&(request as u64));
        })?,
    )?;
    let f = family.clone();
    host.set(
        "channelJoin",
        Function::new(ctx.clone(), move |name: String, port: f64| {
            registry(&f.registry).channels.entry(name).or_default().push(port as u64);
        })?,
    )?;
    let f = family.clone();
    host.set(
        "channelLeave",
        Function::new(ctx.clone(), move |name: String, port: f64| {
            let mut r = registry(&f.registry);
            if let Some(ports) = r.channels.get_mut(&name) {
                ports.retain(|p| *p != port as u64);
                if ports.is_empty() {
                    r.channels.remove(&name);
                }
            }
        })?,
    )?;
    let f = family.clone();
    host.set(
        "channelPeers",
        Function::new(ctx.clone(), move |name: String, port: f64| -> Vec<f64> {
            let r = registry(&f.registry);
            r.channels.get(&name).map_or_else(Vec::new, |ports| {
                ports.iter().filter(|p| **p != port as u64).map(|p| *p as f64).collect()
            })
        })?,
    )?;
    Ok(())
}

/// `envGet`, `envSet`, `envDelete`, `envKeys`: process.env over this
/// thread's store (40_node.js makes process.env a Proxy over them).
fn install_env<'js>(ctx: &Ctx<'js>, host: &Object<'js>, env: &EnvStore) -> rquickjs::Result<()> {
    let lock = |e: &EnvStore| e.lock().unwrap_or_else(|p| p.into_inner()).clone();
    let e = env.clone();
    host.set(
        "envGet",
        Function::new(ctx.clone(), move |key: String| -> Option<String> {
            let vars = e.lock().unwrap_or_else(|p| p.into_inner());
            vars.iter().find(|(k, _)| *k == key).map(|(_, v)| v.clone())
        })?,
    )?;
    let e = env.clone();
    host.set(
        "envSet",
        Function::new(ctx.clone(), move |key: String, value: String| {
            let mut vars = e.lock().unwrap_or_else(|p| p.into_inner());
            match vars.iter_mut().find(|(k, _)| *k == key) {
                Some(slot) => slot.1 = value,
                None => vars.push((key, value)),
            }
        })?,
    )?;
    let e = env.clone();
    host.set(
        "envDelete",
        Function::new(ctx.clone(), move |key: String| {
            e.lock().unwrap_or_else(|p| p.into_inner()).retain(|(k, _)| *k != key);
        })?,
    )?;
    let e = env.clone();
    host.set(
        "envKeys",
        Function::new(ctx.clone(), move || -> Vec<String> {
            lock(&e).into_iter().map(|(k, _)| k).collect()
        })?,
    )?;
    Ok(())
}

/// In a worker made with `stdout: true` / `stderr: true`: what it writes
/// to that stream goes to its parent's `worker.stdout` / `worker.stderr`
/// (true), not to the program's output. Otherwise it goes to the program's
/// output (false), and a copy is still sent to the parent: Node's parent
/// always gets a worker's output through its loop (lib/internal/worker.js,
/// kStdout's ReadableWorkerStdio, piped to process.stdout), so a
/// `worker.stdout` asked for in the same turn as `new Worker` sees all of
/// it. Whether the parent has made that stream is decided there, when the
/// copy arrives (44_worker_threads.js), never here: a flag the parent set
/// and this thread read raced with what the worker had already written.
pub(crate) fn pipe_stdio(family: &NodeFamily, stream: i32, text: &str) -> bool {
    let Some(scope) = &family.scope else { return false };
    let stream = if stream == 2 { 2 } else { 1 };
    let event = WorkerEvent::Stdio { worker: scope.id, stream, text: text.to_string() };
    send(&scope.parent, TaskSource::PostedMessage, "a worker thread's output", event);
    if stream == 2 {
        scope.pipe_stderr
    } else {
        scope.pipe_stdout
    }
}

/// A worker thread's script: a file, or code (`eval: true`).
enum Script {
    File(PathBuf),
    Eval(String),
}

struct Spawn {
    inbox: Inbox,
    init: NodeWorkerInit,
    script: Script,
    /// `options.argv`: process.argv after the script's name.
    argv: Vec<String>,
    /// Its OS thread id, once it runs.
    tid: Arc<AtomicI32>,
    clock: ClockKind,
    limits: Limits,
    microtasks: MicrotaskMode,
    out: SharedOutput,
    terminate: Arc<AtomicBool>,
    trace: Option<jsloop_core::trace::TraceFactory>,
}

/// A serialized `Error` (05_serialize.js's record for it).
fn error_record(name: &str, message: &str) -> String {
    serde_json::json!([[], ["E", name, message, serde_json::Value::Null]]).to_string()
}

/// A worker thread, from its start to its exit code.
fn run_worker(spec: Spawn) {
    let Spawn { inbox, init, script, argv, tid, clock, limits, microtasks, out, terminate, trace } = spec;
    // SAFETY: gettid has no preconditions.
    tid.store(unsafe { libc::gettid() }, Ordering::SeqCst);
    let scope = init.scope.clone();
    let parent = scope.parent.clone();
    let exited = |code: i32| {
        let event = WorkerEvent::Exited { worker: scope.id, had_error: false, code };
        send(&parent, TaskSource::PostedMessage, "a worker thread exited", event);
    };
    // Terminated before its environment exists (src/node_worker.cc
    // Worker::Exit with no env yet): it never runs, and its exit code stays 0.
    if init.member.wait_for_turn() == Turn::Done {
        exited(if terminate.load(Ordering::SeqCst) { 0 } else { 1 });
        return;
    }
    if terminate.load(Ordering::SeqCst) {
        exited(0);
        return;
    }
    let (name, source) = match script {
        Script::Eval(code) => (crate::node::session::WORKER_EVAL.to_string(), code),
        Script::File(path) => match std::fs::read_to_string(&path) {
            Ok(source) => (path.display().to_string(), source),
            Err(_) => {
                let message = format!("Cannot find module '{}'", path.display());
                let event = WorkerEvent::NodeError {
                    worker: scope.id,
                    record: error_record("Error", &message),
                    buffers: Vec::new(),
                };
                send(&parent, TaskSource::PostedMessage, "a worker thread failed", event);
                exited(1);
                return;
            }
        },
    };
    let options = NodeOptions {
        unhandled_rejections: Default::default(),
        // (A worker's comes from its execArgv: session.rs, input_type.)
        input_type: None,
        clock,
        tracer: trace
            .as_ref()
            .map_or_else(jsloop_core::trace::Tracer::off, |f| f(&format!("worker thread {}", scope.id))),
        max_time: None,
        microtasks,
        args: argv,
        limits,
        functions: Vec::new(),
        modules: Vec::new(),
        inbox: Some(inbox),
        worker: Some(init),
        trace_workers: trace,
    };
    let Ok(session) = NodeSession::new(&name, options, out) else {
        exited(1);
        return;
    };
    // Terminated while its environment was being made: Node's Worker::Run
    // sees `stopped_` once the environment exists and returns before running
    // anything, with the exit code still 0.
    if terminate.load(Ordering::SeqCst) {
        exited(0);
        session.event_loop().borrow_mut().leave_world();
        return;
    }
    send(
        &parent,
        TaskSource::PostedMessage,
        "a worker thread is online",
        WorkerEvent::Online { worker: scope.id },
    );
    // lib/internal/main/worker_thread.js posts UP_AND_RUNNING on the
    // worker's internal port and only then evaluates the script, whose
    // start takes the thread far longer than the parent takes to wake from
    // its poll: in Node the parent's 'online' comes before anything the
    // script sends. Under the virtual clock (running code takes no time) the
    // worker shares its turn here, due now, so that the parent, waiting in
    // its poll phase, delivers 'online' (and runs what is due now) before
    // the script starts (docs/event-loop.md, "Workers").
    let shared = {
        let lp = session.event_loop().borrow();
        match lp.world() {
            Some(member) if clock == ClockKind::Virtual && member.world().len() > 1 => {
                Some(member.world().virtual_now())
            }
            _ => None,
        }
    };
    // Terminated while the parent ran: the script never starts (a
    // terminated worker exits with code 1, below).
    let stopped = shared.is_some_and(|now| {
        session.event_loop().borrow().world().map(|m| m.yield_turn(Some(now))) == Some(Turn::Done)
    });
    if !stopped {
        if let Err(e) = session.load_quietly(&name, &source) {
            let event = WorkerEvent::NodeError {
                worker: scope.id,
                record: error_record("SyntaxError", &e.message),
                buffers: Vec::new(),
            };
            send(&parent, TaskSource::PostedMessage, "a worker thread failed", event);
            exited(1);
            session.event_loop().borrow_mut().leave_world();
            return;
        }
        session.run_until(Until::Done);
    }
    let code = session.finish();
    session.close_handles();
    {
        // Requests it never answered keep nobody waiting.
        let mut r = registry(&scope.registry);
        r.threads.remove(&scope.id);
        r.requests.retain(|_, (to, _)| *to != scope.id);
        // Its locks and lock requests go (Node's CleanupEnvironment).
        r.locks.forget_thread(scope.id);
    }
    // A terminated worker exits with code 1, as in Node.
    let code = if terminate.load(Ordering::SeqCst) { 1 } else { code };
    exited(code);
    let member = session.event_loop().borrow_mut().leave_world();
    drop(member);
    drop(session);
}
