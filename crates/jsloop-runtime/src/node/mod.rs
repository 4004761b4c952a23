//! The Node.js host: QuickJS behind the core's [`jsloop_core::uv::NodeHost`]
//! seam.
//!
//! The main module runs as CommonJS; then nextTicks and microtasks drain;
//! then the core's libuv-style loop runs until it is no longer alive
//! (emitting `beforeExit`, which may re-arm it); then `exit` is emitted.
//!
//! - `session.rs`: a session (engine, loop, I/O) and running the main module;
//! - `host.rs`: the loop's side (`impl NodeHost`): callbacks, ticks, rejections;
//! - `globals.rs`: `process`, timers and the host functions the glue calls;
//! - `esm.rs` (ES modules; CommonJS is in the glue), `errors.rs` (errors as
//!   Node prints them), `ports.rs` (MessagePorts), `fs.rs` and `net.rs`
//!   (results as Node's callback arguments), `io.rs` (thread pool and mio);
//! - the modules with Rust behind them: `crypto`, `zlib`, `http`, `dns`, `os`,
//!   `url`, `worker_threads` (and `jobs`, their thread-pool work).
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::time::Duration;

use jsloop_core::clock::ClockKind;
use jsloop_core::remote::Inbox;
use jsloop_core::trace::Tracer;
use jsloop_core::uv::{MicrotaskMode, UvHandle};
use rquickjs::{Function, Object, Persistent, Value};

use self::io::{FsResult, Io, NetEvent, RequestId};
use crate::output::SharedOutput;
use crate::quickjs::host_fn::{AsyncCalls, Delivered, HostFunction};
use crate::quickjs::raw::RawCall;

mod child_process;
mod crypto;
mod dgram;
mod dns;
mod emit;
mod errors;
pub(crate) mod fd_stream;
mod fs;
mod globals;
mod host;
mod hot;
mod http;
mod immediate;
pub mod io;
mod io_trace;
mod jobs;
mod listeners;
mod locks;
mod loopback;
mod message_event;
mod modules;
mod net;
mod net_read;
mod net_write;
pub(crate) mod os;
mod path;
mod port_fire;
mod ports;
mod promise_hooks;
mod session;
mod startup;
mod timeout;
mod tls;
pub(crate) mod url;
mod v8;
mod vm;
pub(crate) mod worker_threads;
mod zlib;

/// Node's `--unhandled-rejections=MODE` (Node's docs, "Command-line
/// options"): what is done with a rejection no handler took by the end of
/// its tick, after 'unhandledRejection' listeners
/// (lib/internal/process/promises.js).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum UnhandledRejections {
    /// Raised as an uncaught exception unless a listener took it (the default).
    #[default]
    Throw,
    /// Raised as an uncaught exception first; then the listeners, or a warning.
    Strict,
    /// The listeners, and a warning in any case.
    Warn,
    /// The listeners, or a warning and exit code 1.
    WarnWithErrorCode,
    /// The listeners only.
    None,
}

impl UnhandledRejections {
    /// The mode a flag's value names (`throw`, `strict`, `warn`,
    /// `warn-with-error-code`, `none`).
    pub fn parse(value: &str) -> Option<Self> {
        Some(match value {
            "throw" => Self::Throw,
            "strict" => Self::Strict,
            "warn" => Self::Warn,
            "warn-with-error-code" => Self::WarnWithErrorCode,
            "none" => Self::None,
            _ => return None,
        })
    }

    /// Its name, as the flag spells it.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Throw => "throw",
            Self::Strict => "strict",
            Self::Warn => "warn",
            Self::WarnWithErrorCode => "warn-with-error-code",
            Self::None => "none",
        }
    }
}

/// How to run a Node program.
pub struct NodeOptions {
    /// The real clock or the virtual one.
    pub clock: ClockKind,
    /// Where the loop's trace goes.
    pub tracer: Tracer,
    /// `--max-time`: the loop ends once its clock reaches this.
    pub max_time: Option<Duration>,
    /// `--node-microtasks`: when nextTicks and microtasks run.
    pub microtasks: MicrotaskMode,
    /// `process.argv` after the script path.
    pub args: Vec<String>,
    /// `--unhandled-rejections`.
    pub unhandled_rejections: UnhandledRejections,
    /// `--input-type` for a main script that is no file: `Some(true)` an ES
    /// module, `Some(false)` CommonJS, `None` detected from its syntax.
    pub input_type: Option<bool>,
    /// The watchdog, Ctrl-C, and the engine's memory and stack limits.
    pub limits: crate::limits::Limits,
    /// Functions written in Rust, installed as globals.
    pub functions: Vec<(String, HostFunction)>,
    /// Modules written in Rust: `require(name)` and `import … from name`.
    pub modules: Vec<crate::quickjs::host_fn::HostModule>,
    /// Where work from other threads arrives (None: a new inbox).
    pub inbox: Option<Inbox>,
    /// Set for a worker thread's process (see [`crate::node::worker_threads`]).
    pub(crate) worker: Option<crate::node::worker_threads::NodeWorkerInit>,
    /// Makes the tracer of each worker thread's loop (None: not traced).
    pub trace_workers: Option<jsloop_core::trace::TraceFactory>,
}

/// A callback the loop holds for this host.
#[derive(Clone)]
pub enum NodeCallback {
    /// Call a JavaScript function (a timer's, an immediate's, a nextTick's)
    /// with its arguments and its `this`: a timer's Timeout, an immediate's
    /// Immediate (as Node calls `timer._onTimeout()`); undefined for a
    /// nextTick's. Held as engine values (`quickjs/raw.rs`).
    Call(RawCall),
    /// A Node `Timeout` whose timer fired: the host calls `timeout.rs`'s
    /// `fire` with it (listOnTimeout's steps for one timer).
    Timeout(crate::quickjs::raw::Held),
    /// A file system request completed (the poll phase).
    FsDone {
        /// The thread-pool request ([`Io::submit`]'s id).
        request: RequestId,
        /// The request's completion callback.
        func: Persistent<Function<'static>>,
        /// What the request produced.
        result: Rc<FsResult>,
    },
    /// A request of a readFile chain the host takes completed (the poll
    /// phase): fs/read_file.rs takes the next step.
    ReadFile(Rc<RefCell<fs::read_file::ReadFile>>),
    /// A TCP event (the poll phase), for the net module's dispatcher.
    Net(Rc<NetEvent>),
    /// Work sent from Rust (the poll phase).
    Delivered(Delivered),
    /// A message a MessagePort of this loop delivers (its async handle's
    /// turn in the poll phase): serialized, deserialized when delivered.
    PortMessage(Rc<PortRecord>),
    /// A primitive posted from this thread to a MessagePort of this loop
    /// (`postValueToPort`, the raw `postMessage`): the port's id and the
    /// value itself, its own structured clone (no record: nothing is
    /// allocated per message). Never crosses a thread: `shipPort` hands it
    /// back to script to serialize.
    PortValue(u64, crate::quickjs::raw::Held),
    /// A MessagePort's handle closed (the close phase): its entangled port
    /// is told (a close message), then its 'close' event.
    PortClosed(u64),
}

impl From<crate::quickjs::raw::Held> for NodeCallback {
    /// A timer's Timeout, when its timer fires.
    fn from(timeout: crate::quickjs::raw::Held) -> NodeCallback {
        NodeCallback::Timeout(timeout)
    }
}

/// The node host's loop: a timer holds its Timeout alone (a
/// [`Held`](crate::quickjs::raw::Held), 24 bytes, where a [`NodeCallback`]
/// is 64: a pending timer's entry in the loop is 72 bytes, not 112), made a
/// [`NodeCallback::Timeout`] when it fires.
pub(crate) type NodeLoop = UvHandle<NodeCallback, crate::quickjs::raw::Held>;

struct Shared {
    lp: NodeLoop,
    out: SharedOutput,
    /// `process.exit()` was called, or an uncaught exception ended the process.
    stopping: Rc<Cell<bool>>,
    exit_code: Cell<Option<i32>>,
    /// The rejection tracker's events not yet looked at: the promise, the
    /// reason, whether it is now handled, and (for an unhandled one) its
    /// rejection id (Node's `lastPromiseId`, counting the ones handled before
    /// they were looked at).
    rejections: RefCell<Vec<(Persistent<Value<'static>>, Persistent<Value<'static>>, bool, u64)>>,
    /// The last rejection id given.
    rejection_ids: Cell<u64>,
    /// `--unhandled-rejections`.
    unhandled_rejections: UnhandledRejections,
    /// `--input-type` (NodeOptions::input_type).
    input_type: Option<bool>,
    glue: RefCell<Option<Persistent<Object<'static>>>>,
    /// The net module's `_data` (the glue's `netReader`), looked up once (a socket's read is the loop's
    /// most frequent callback).
    net_data: RefCell<Option<Persistent<Function<'static>>>>,
    /// The glue's FastBuffer (`netBufferClass`), looked up once: the host
    /// makes each read's Buffer with it.
    net_buffer_class: RefCell<Option<Persistent<Function<'static>>>>,
    /// What a socket's read in the common case compares with and calls
    /// (node/net_read.rs), read from the glue at the first read.
    net_read: RefCell<Option<Rc<net_read::ReadSteps>>>,
    /// What a socket's write of a chunk at once compares with and calls
    /// (node/net_write.rs), given by the net module when it is made.
    net_write: RefCell<Option<Rc<net_write::WriteSteps>>>,
    /// The glue's function for a primitive a port of this thread posted
    /// (44_worker_threads.js's `portValueMessage`, given with
    /// `host.setPortValueMessage`), called with the port's id and the value.
    port_value_message: RefCell<Option<Persistent<Function<'static>>>>,
    /// The ports whose value messages the host delivers itself (port_fire.rs).
    port_fire: RefCell<port_fire::PortFire>,
    /// What the raw `postMessage` reads (port_fire.rs).
    port_post: RefCell<port_fire::PostKit>,
    io: Io,
    /// The callbacks of file system requests in flight.
    /// (Request ids are the I/O driver's own counter: Fx-hashed, as the
    /// handle table's.)
    fs_callbacks: RefCell<rustc_hash::FxHashMap<RequestId, Persistent<Function<'static>>>>,
    /// The readFile chains the host takes (fs/read_file.rs), by their
    /// request in flight.
    read_files: RefCell<rustc_hash::FxHashMap<RequestId, Rc<RefCell<fs::read_file::ReadFile>>>>,
    /// The glue's readFileFinish (js/42_fs.js), for a chain's uncommon ends.
    read_file_finish: RefCell<Option<Persistent<Function<'static>>>>,
    dog: crate::limits::Watchdog,
    /// Work sent from other threads (delivered in the poll phase).
    inbox: Inbox,
    /// Async host function calls in flight.
    calls: Rc<AsyncCalls>,
    /// Its worker threads, and (for a worker) its parent.
    family: Rc<crate::node::worker_threads::NodeFamily>,
    /// `exit` has been emitted (it is emitted once).
    exit_emitted: Cell<bool>,
    /// The last callback threw and an `uncaughtException` listener handled it.
    threw: Cell<bool>,
    /// A program has used async_hooks or domain (40_node.js's
    /// `asyncContext.active`): `process.nextTick` takes its JS path.
    async_context: Cell<bool>,
    /// The class id of its `Timeout`s (node/timeout.rs; class ids are the
    /// runtime's), 0 until the glue makes the class.
    timeout_class: Cell<rquickjs::qjs::JSClassID>,
    /// Whether QuickJS's objects are laid out as the timers phase's
    /// prefetch hints take them to be (quickjs/prefetch.rs).
    timeout_layout: crate::quickjs::prefetch::Layout,
    /// The glue's `timeoutCallback`, what `timeout.rs`'s `fire` calls for
    /// what it leaves to the glue (set with the class).
    timeout_fire: RefCell<Option<crate::quickjs::raw::Held>>,
    /// The class id of its `Immediate`s (node/timeout.rs), 0 until made.
    immediate_class: Cell<rquickjs::qjs::JSClassID>,
    /// The MessagePorts of this loop.
    pub(crate) ports: RefCell<LocalPorts>,
    /// TLS sessions over its sockets (node/tls.rs).
    tls: tls::Sessions,
    /// Its child processes (child_process).
    children: child_process::Children,
    /// What the trace of its I/O keeps about requests in flight (io_trace.rs).
    io_trace: RefCell<io_trace::IoTrace>,
    /// Node's start-up milestones (`performance.nodeTiming`), on the loop's
    /// clock: the session began (nodeStart), its engine was made (v8Start),
    /// its context was ready for the globals (environment), the globals and
    /// glue were installed (bootstrapComplete).
    milestones: Cell<[std::time::Duration; 4]>,
}

pub(crate) use ports::LocalPorts;
pub use ports::PortRecord;
pub use session::run_node;
pub(crate) use session::NodeSession;
