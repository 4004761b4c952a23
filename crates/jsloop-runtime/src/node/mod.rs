//! The Node.js host: QuickJS behind the core's [`NodeHost`] seam.
//!
//! The main module runs as CommonJS; then nextTicks and microtasks drain;
//! then the core's libuv-style loop runs until it is no longer alive
//! (emitting `beforeExit`, which may re-arm it); then `exit` is emitted.
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::time::Duration;

use jsloop_core::clock::{Clock, ClockKind, RealClock, VirtualClock};
use jsloop_core::html::{LoopEnd, Until};
use jsloop_core::remote::Inbox;
use jsloop_core::trace::Tracer;
use jsloop_core::uv::{self, CallbackKind, MicrotaskMode, NodeHost, UvHandle, UvLoop};
use rquickjs::function::{Opt, Rest, This};
use rquickjs::{qjs, Array, Context, Ctx, Function, Object, Persistent, Runtime, Value};

use crate::node::io::{fs_ops, Completion, FsError, FsResult, FsValue, Io, NetEvent, RequestId};
use crate::output::{Output, SharedOutput};
use crate::quickjs::host_fn::{AsyncCalls, Delivered, HostFunction};
use crate::quickjs::{compile_classic_script, eval_options, run_compiled, throw_error, to_text, Outcome};
use std::collections::HashMap;

/// Whether QuickJS's job queue has a job (the toolkit's; here for the
/// callers that knew it as node's).
pub(crate) use crate::quickjs::job_pending;

mod crypto;
mod dns;
mod http;
pub mod io;
mod jobs;
pub(crate) mod os;
mod tls;
pub(crate) mod url;
pub(crate) mod worker_threads;
mod zlib;

/// Node's DOMException (a WebIDL exception: name and legacy code).
const DOM_EXCEPTION_JS: &str = "(() => { const codes = { IndexSizeError: 1, HierarchyRequestError: 3, WrongDocumentError: 4, InvalidCharacterError: 5, NotFoundError: 8, NotSupportedError: 9, InvalidStateError: 11, SyntaxError: 12, InvalidModificationError: 13, NamespaceError: 14, InvalidAccessError: 15, TypeMismatchError: 17, SecurityError: 18, NetworkError: 19, AbortError: 20, URLMismatchError: 21, QuotaExceededError: 22, TimeoutError: 23, InvalidNodeTypeError: 24, DataCloneError: 25 }; class DOMException extends Error { #name; constructor(message = '', options = 'Error') { super(message); this.#name = typeof options === 'object' && options !== null ? String(options.name ?? 'Error') : String(options); } get name() { return this.#name; } get code() { return codes[this.#name] ?? 0; } } Object.defineProperty(DOMException.prototype, Symbol.toStringTag, { value: 'DOMException' }); return DOMException; })()";
/// Node's pure-JavaScript built-ins, each `(function (internals) {…})`.
const NODE_MODULES: &[&str] = &[
    "util",
    "events",
    "path",
    "assert",
    "console",
    "stream",
    "string_decoder",
    "event_target",
    "stream_web",
    "crypto",
    "zlib",
    "http",
    "tls",
    "https",
    "os",
    "url",
    "test",
    "dns",
];

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
    /// Call a JavaScript function (a timer's, an immediate's, a nextTick's).
    Call {
        /// The function.
        func: Persistent<Function<'static>>,
        /// Its arguments.
        args: Rc<Vec<Persistent<Value<'static>>>>,
        /// Its `this`: a timer's Timeout, an immediate's Immediate (as Node
        /// calls `timer._onTimeout()`); none for a nextTick's (undefined).
        this: Option<Persistent<Value<'static>>>,
    },
    /// A file system request completed (the poll phase).
    FsDone {
        /// The request's completion callback.
        func: Persistent<Function<'static>>,
        /// What the request produced.
        result: Rc<FsResult>,
    },
    /// A TCP event (the poll phase), for the net module's dispatcher.
    Net(Rc<NetEvent>),
    /// Work sent from Rust (the poll phase).
    Delivered(Delivered),
    /// A message a MessagePort of this loop delivers (its async handle's
    /// turn in the poll phase): serialized, deserialized when delivered.
    PortMessage(Rc<PortRecord>),
    /// A MessagePort's handle closed (the close phase): its entangled port
    /// is told (a close message), then its 'close' event.
    PortClosed(u64),
}

/// A message on its way to a port: its process-wide id, the serialized
/// value and its buffers.
pub struct PortRecord {
    /// The port's process-wide id.
    pub port: u64,
    /// The serialized value (05_serialize.js's record).
    pub record: String,
    /// The bytes of the ArrayBuffers in it.
    pub buffers: Vec<Vec<u8>>,
}

/// The MessagePorts that live in this loop (Node: a `MessagePort` handle
/// each), by process-wide port id.
#[derive(Default)]
pub(crate) struct LocalPorts {
    /// Port id → its async handle in the loop.
    pub handles: HashMap<u64, uv::PortHandle>,
    /// Port id → its entangled port's id, while both are entangled.
    pub entangled: HashMap<u64, u64>,
    /// Messages that arrived for a port not yet here (its transfer is
    /// still on its way), in order.
    pub waiting: HashMap<u64, Vec<Rc<PortRecord>>>,
}

struct Shared {
    lp: UvHandle<NodeCallback>,
    out: SharedOutput,
    /// `process.exit()` was called, or an uncaught exception ended the process.
    stopping: Rc<Cell<bool>>,
    exit_code: Cell<Option<i32>>,
    rejections: RefCell<Vec<(Persistent<Value<'static>>, Persistent<Value<'static>>, bool)>>,
    glue: RefCell<Option<Persistent<Object<'static>>>>,
    io: Io,
    /// The callbacks of file system requests in flight.
    fs_callbacks: RefCell<HashMap<RequestId, Persistent<Function<'static>>>>,
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
    /// The MessagePorts of this loop.
    pub(crate) ports: RefCell<LocalPorts>,
    /// TLS sessions over its sockets (node/tls.rs).
    tls: tls::Sessions,
}

#[derive(Clone)]
struct NodeJsHost<'js> {
    ctx: Ctx<'js>,
    shared: Rc<Shared>,
}

/// A message for a port of this loop: into its incoming queue, or held
/// until the port arrives (a transferred port whose message came first).
fn post_to_local_port(shared: &Shared, m: Rc<PortRecord>) {
    let handle = shared.ports.borrow().handles.get(&m.port).copied();
    match handle {
        Some(h) => {
            shared.lp.borrow_mut().port_post(h, NodeCallback::PortMessage(m));
        }
        None => shared.ports.borrow_mut().waiting.entry(m.port).or_default().push(m),
    }
}

impl<'js> NodeJsHost<'js> {
    fn glue(&self, name: &str) -> Option<Function<'js>> {
        let g = self.shared.glue.borrow().clone()?.restore(&self.ctx).ok()?;
        g.get::<_, Function>(name).ok()
    }

    /// An exception escaped a callback: `uncaughtException` listeners, or a
    /// fatal error.
    fn uncaught(&self) {
        let error = self.ctx.catch();
        if self.shared.stopping.get() || self.shared.dog.fired().is_some() {
            return;
        }
        // The heap limit: V8 cannot go on, and Node prints its fatal error
        // and aborts (exit status 134, SIGABRT's), with no 'uncaughtException'
        // and no 'exit' event. QuickJS throws an InternalError the script
        // may catch; one that nobody caught ends the process as Node's does.
        // (In a worker thread it is the worker's error, as any other.)
        if self.shared.family.scope.is_none() && is_out_of_memory(&error) {
            self.shared.out.borrow_mut().err(OUT_OF_MEMORY);
            self.shared.exit_code.set(Some(134));
            self.shared.exit_emitted.set(true);
            self.shared.stopping.set(true);
            return;
        }
        if let Some(f) = self.glue("handleUncaught") {
            match f.call::<_, bool>((error.clone(),)) {
                Ok(true) => {
                    self.shared.threw.set(true);
                    return;
                }
                Ok(false) => {}
                Err(_) => {
                    // The handler itself threw: that is fatal (Node exits 7).
                    let e = self.ctx.catch();
                    self.fatal(&e, 7);
                    return;
                }
            }
        }
        self.fatal(&error, 1);
    }

    /// A worker thread's event (in its parent), or a message from the
    /// parent (in the worker): handed to 44_worker_threads.js.
    fn worker_event(&self, event: crate::threads::WorkerEvent) {
        use crate::threads::WorkerEvent;
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
            WorkerEvent::Error { .. } | WorkerEvent::LoadFailed { .. } => None,
        };
        if let Some((kind, id, a, b)) = args {
            if dispatch.call::<_, ()>((kind, id, a, b)).is_err() {
                self.uncaught();
            }
        }
    }

    /// Prints an uncaught error as Node does and ends the process.
    fn fatal(&self, error: &Value<'js>, code: i32) {
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

/// Node's text for a syntax error in a CommonJS module, from jsloop's
/// `FILE:LINE:COLUMN: SyntaxError: message` (columns on the first line
/// count the module wrapper): the file and line, the source line, a caret
/// under the column, then the error in V8's words.
fn node_syntax_error_text(text: &str, file: &str) -> String {
    let Some((place, headline)) = text.split_once(": SyntaxError: ").map(|(p, m)| (p, m.to_string())) else {
        return text.to_string();
    };
    let Some(o) = crate::quickjs::parse_origin(place) else { return text.to_string() };
    let source = std::fs::read_to_string(file).unwrap_or_default();
    let lines: Vec<&str> = source.lines().collect();
    let line = o.line as usize;
    let mut column = o.column as usize;
    if line == 1 && column > WRAPPER_PREFIX.len() {
        column -= WRAPPER_PREFIX.len();
    }
    // Past the last line: the wrapper's closing `})`, which QuickJS reports
    // as an unexpected token; the module itself ended too soon. V8 points
    // past the source's end: its last (empty) line, with no marker.
    if line > lines.len() {
        let line = source.matches('\n').count() + 1;
        return format!(
            "{}:{line}\n{}\n\n\nSyntaxError: Unexpected end of input\n\nNode.js (jsloop node host)",
            o.file,
            if source.ends_with('\n') { "" } else { lines.last().copied().unwrap_or("") }
        );
    }
    let shown = lines.get(line - 1).copied().unwrap_or("");
    let (message, column) = v8_syntax_message(&headline, shown, column);
    // V8 marks the whole token: the one the message quotes, or an
    // unterminated string to the end of its line.
    let rest: String = shown.chars().skip(column.saturating_sub(1)).collect();
    let quoted = message.split_once('\'').and_then(|(_, r)| r.rsplit_once('\'')).map(|(t, _)| t);
    let width = match quoted {
        Some(token) if message.starts_with("Unexpected ") && !token.is_empty() && rest.starts_with(token) => {
            token.chars().count()
        }
        _ if message == "Invalid or unexpected token" && rest.starts_with(['"', '\'']) => {
            rest.chars().count()
        }
        _ => 1,
    };
    format!(
        "{}:{line}\n{shown}\n{}{}\n\nSyntaxError: {message}\n\nNode.js (jsloop node host)",
        o.file,
        " ".repeat(column.saturating_sub(1)),
        "^".repeat(width)
    )
}

/// QuickJS's parser messages in V8's words (V8's message-template.h), with
/// the column V8 points at; a message with no V8 counterpart is kept.
fn v8_syntax_message(message: &str, line: &str, column: usize) -> (String, usize) {
    if let Some(token) = message.strip_prefix("unexpected token in expression: ") {
        return (format!("Unexpected token {token}"), column);
    }
    if message.starts_with("expecting ") {
        // QuickJS names what it wanted; V8 names what it found.
        let rest: String = line.chars().skip(column.saturating_sub(1)).collect();
        let word: String =
            rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '$').collect();
        let found = match rest.chars().next() {
            Some(c) if c.is_ascii_digit() => "Unexpected number".to_string(),
            Some('"' | '\'') => "Unexpected string".to_string(),
            Some('`') => "Unexpected template string".to_string(),
            Some(_) if !word.is_empty() => format!("Unexpected identifier '{word}'"),
            Some(c) => format!("Unexpected token '{c}'"),
            None => "Unexpected end of input".to_string(),
        };
        return (found, column);
    }
    if message == "unexpected end of string" || message == "invalid string" {
        // V8 marks the string from its opening quote (at the column).
        return ("Invalid or unexpected token".into(), column);
    }
    if message.starts_with("invalid redefinition of lexical identifier") {
        // QuickJS points after the name (`let x = 2` at `=`); V8 at it.
        let before: Vec<char> = line.chars().take(column.saturating_sub(1)).collect();
        let end = before.iter().rposition(|c| !c.is_whitespace()).map_or(0, |i| i + 1);
        let start = before[..end]
            .iter()
            .rposition(|c| !(c.is_alphanumeric() || *c == '_' || *c == '$'))
            .map_or(0, |i| i + 1);
        if start < end {
            let name: String = before[start..end].iter().collect();
            return (format!("Identifier '{name}' has already been declared"), start + 1);
        }
    }
    (message.to_string(), column)
}

/// What Node prints when V8 reaches the heap limit (node::OOMErrorHandler),
/// and how to raise jsloop's.
const OUT_OF_MEMORY: &str =
    "FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory\n\
jsloop: the JavaScript heap reached its limit (--max-heap MB sets it)";

/// Whether `error` is QuickJS's out-of-memory error (JS_ThrowOutOfMemory:
/// an InternalError "out of memory").
fn is_out_of_memory(error: &Value<'_>) -> bool {
    let Some(o) = error.as_object() else { return false };
    o.get::<_, String>("name").is_ok_and(|n| n == "InternalError")
        && o.get::<_, String>("message").is_ok_and(|m| m == "out of memory")
}

/// Node's text for an uncaught error: where it was thrown, the source line
/// and a caret, then the stack.
fn node_error_text(error: &Value<'_>) -> String {
    let Some(obj) = error.as_object() else {
        return format!("Uncaught {}", to_text(error));
    };
    let name: String = obj.get("name").unwrap_or_else(|_| "Error".into());
    let message: String = obj.get("message").unwrap_or_default();
    let stack: String = obj.get("stack").unwrap_or_default();
    let headline = if message.is_empty() { name.clone() } else { format!("{name}: {message}") };
    let location = stack.lines().find_map(|l| {
        let l = l.trim().trim_start_matches("at ");
        let inner = l.rsplit_once('(').map(|(_, r)| r.trim_end_matches(')')).unwrap_or(l);
        crate::quickjs::parse_origin(inner).filter(|o| !o.file.starts_with("jsloop:"))
    });
    // On a module's first line, columns count the CommonJS wrapper too.
    let location = location.map(|mut o| {
        if o.line == 1 && o.column as usize > WRAPPER_PREFIX.len() {
            o.column -= WRAPPER_PREFIX.len() as u32;
        }
        o
    });
    let mut out = String::new();
    if let Some(o) = &location {
        if name == "SyntaxError" {
            return node_syntax_error_text(
                &format!("{}:{}:{}: {headline}", o.file, o.line, o.column),
                &o.file,
            );
        }
        out.push_str(&format!("{}:{}\n", o.file, o.line));
        if let Some(line) = std::fs::read_to_string(&o.file)
            .ok()
            .and_then(|s| s.lines().nth(o.line as usize - 1).map(String::from))
        {
            // V8 places an uncaught exception at its throw statement (the
            // stack says where the error was made): a `throw` before the
            // column on its line is where the caret goes.
            let before: String = line.chars().take(o.column.saturating_sub(1) as usize).collect();
            let column = before
                .match_indices("throw")
                .filter(|(i, _)| {
                    let prev = before[..*i].chars().next_back();
                    let next = before[i + 5..].chars().next();
                    !prev.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$')
                        && !next.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$')
                })
                .last()
                .map_or(o.column.saturating_sub(1) as usize, |(i, _)| before[..i].chars().count());
            out.push_str(&line);
            out.push('\n');
            out.push_str(&" ".repeat(column));
            out.push_str("^\n");
        }
        out.push('\n');
    }
    out.push_str(&headline);
    let frames: Vec<&str> =
        stack.lines().filter(|l| !l.contains("jsloop:glue") && !l.trim().is_empty()).collect();
    let frames = frames.join("\n");
    let frames = frames.trim_end();
    if !frames.is_empty() {
        out.push('\n');
        out.push_str(frames);
    }
    if let Ok(code) = obj.get::<_, String>("code") {
        out.push_str(&format!(" {{\n  code: '{code}'\n}}"));
    }
    out.push_str("\n\nNode.js (jsloop node host)");
    out
}

impl<'js> NodeHost for NodeJsHost<'js> {
    type Callback = NodeCallback;

    fn call(&self, _lp: &UvHandle<NodeCallback>, _kind: CallbackKind, callback: NodeCallback) {
        if self.shared.stopping.get() {
            return;
        }
        let (func, args, this) = match callback {
            NodeCallback::Call { func, args, this } => {
                let this = this.and_then(|t| t.restore(&self.ctx).ok());
                (
                    func,
                    args.iter().filter_map(|a| a.clone().restore(&self.ctx).ok()).collect::<Vec<Value>>(),
                    this,
                )
            }
            NodeCallback::FsDone { func, result } => {
                let (err, value) = match fs_result_to_js(&self.ctx, &result) {
                    Ok(pair) => pair,
                    Err(_) => return self.uncaught(),
                };
                (func, vec![err, value], None)
            }
            NodeCallback::Delivered(delivered) => {
                match delivered.take() {
                    Some(crate::quickjs::host_fn::Delivery::Worker(event)) => self.worker_event(event),
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
            NodeCallback::PortMessage(m) => {
                let Some(dispatch) = self.glue("workerEvent") else { return };
                let ctx = &self.ctx;
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
                // Node's MessagePort::OnClose: Disentangle (the entangled port
                // gets a close message), then the 'close' event.
                let other = {
                    let mut ports = self.shared.ports.borrow_mut();
                    ports.handles.remove(&port);
                    let other = ports.entangled.remove(&port);
                    other.and_then(|o| {
                        ports.entangled.remove(&o);
                        ports.handles.get(&o).copied()
                    })
                };
                if let Some(h) = other {
                    self.shared.lp.borrow_mut().port_post_close(h);
                }
                let Some(dispatch) = self.glue("workerEvent") else { return };
                let undefined = Value::new_undefined(self.ctx.clone());
                if dispatch.call::<_, ()>(("port-close", port as f64, undefined.clone(), undefined)).is_err()
                {
                    self.uncaught();
                }
                return;
            }
            NodeCallback::Net(event) => {
                let Some(dispatch) = self.glue("netDispatch") else { return };
                // A TLS socket's ciphertext becomes its session's events.
                match tls::intercept(&self.ctx, &self.shared.tls, &event) {
                    Ok(Some(events)) => {
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

    fn run_microtasks(&self, lp: &UvHandle<NodeCallback>) {
        let tracing = lp.borrow().tracer.enabled();
        while !self.shared.stopping.get() {
            if tracing {
                if !job_pending(&self.ctx) {
                    break;
                }
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

    fn process_promise_rejections(&self, _lp: &UvHandle<NodeCallback>) -> bool {
        let events: Vec<_> = self.shared.rejections.borrow_mut().drain(..).collect();
        if events.is_empty() || self.shared.stopping.get() {
            return false;
        }
        let Some(list) = crate::quickjs::rejection_events(&self.ctx, events) else { return false };
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
        self.shared.io.net_counts().0 + self.shared.family.active_handles()
    }

    fn active_requests(&self) -> usize {
        let inbox = &self.shared.inbox;
        self.shared.io.in_flight.get()
            + self.shared.io.net_counts().1
            + inbox.outstanding()
            + usize::from(inbox.has_arrived())
    }

    fn poll_io(
        &self,
        _lp: &UvHandle<NodeCallback>,
        timeout: Option<Duration>,
        settle: bool,
    ) -> Vec<NodeCallback> {
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
        let virtual_clock = self.shared.lp.borrow().clock().kind() == ClockKind::Virtual;
        let mut remote = if settle {
            self.shared.inbox.take_settled(&|| self.shared.dog.check())
        } else if virtual_clock {
            // Promised work is collected only when settling (repeatable runs).
            self.shared.inbox.take_untracked()
        } else {
            self.shared.inbox.take_arrived()
        };
        let mut callbacks = self.shared.fs_callbacks.borrow_mut();
        let mut ready: Vec<NodeCallback> = done
            .into_iter()
            .filter_map(|c| match c {
                Completion::Fs(id, result) => {
                    callbacks.remove(&id).map(|func| NodeCallback::FsDone { func, result: Rc::new(result) })
                }
                Completion::Net(event) => Some(NodeCallback::Net(Rc::new(event))),
            })
            .collect();
        ready.extend(remote.iter_mut().filter_map(|t| Delivered::from_task(t).map(NodeCallback::Delivered)));
        ready
    }

    fn take_threw(&self) -> bool {
        self.shared.threw.replace(false)
    }

    fn is_async_wakeup(&self, callback: &NodeCallback) -> bool {
        // A socket's events come from its own descriptor.
        !matches!(callback, NodeCallback::Net(_))
    }

    fn take_messages(&self, _lp: &UvHandle<NodeCallback>) -> Vec<NodeCallback> {
        let mut tasks = self.shared.inbox.take_untracked();
        tasks.iter_mut().filter_map(|t| Delivered::from_task(t).map(NodeCallback::Delivered)).collect()
    }

    fn emit_before_exit(&self, _lp: &UvHandle<NodeCallback>) {
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
    lp: UvHandle<NodeCallback>,
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
        let clock: Box<dyn Clock> = match options.clock {
            ClockKind::Real => Box::new(RealClock::new()),
            ClockKind::Virtual => Box::new(VirtualClock::new()),
        };
        // A worker thread reads its world's shared virtual time.
        let clock: Box<dyn Clock> = match (&options.worker, options.clock) {
            (Some(init), ClockKind::Virtual) => Box::new(init.world.virtual_clock()),
            _ => clock,
        };
        let dog = crate::limits::Watchdog::new(&options.limits);
        let clock: Box<dyn Clock> = Box::new(crate::limits::WatchedClock::new(clock, dog.clone()));
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
            glue: RefCell::new(None),
            io,
            fs_callbacks: RefCell::new(HashMap::new()),
            dog: dog.clone(),
            inbox,
            calls: Rc::new(AsyncCalls::default()),
            family,
            exit_emitted: Cell::new(false),
            threw: Cell::new(false),
            ports: RefCell::new(LocalPorts::default()),
            tls: tls::Sessions::default(),
        });
        let (rt, context) = crate::quickjs::new_engine(&shared.out)?;
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
        rt.set_loader(
            esm::NodeResolver { shared: shared.clone() },
            esm::NodeLoader { shared: shared.clone() },
        );
        // process.exit(), the watchdog and Ctrl-C stop whatever script is running.
        crate::quickjs::apply_engine_limits(&rt, &options.limits, dog.clone());
        {
            let stopping = shared.stopping.clone();
            let dog = dog.clone();
            rt.set_interrupt_handler(Some(Box::new(move || stopping.get() || dog.check())));
        }
        let session = NodeSession {
            context,
            rt,
            shared,
            lp,
            main: (path.to_string(), absolute),
            loaded: Cell::new(false),
            finished: Cell::new(None),
        };
        let installed = session.context.with(|ctx| {
            let sender = session.shared.inbox.sender();
            install_node_globals(&ctx, &session.shared, &session.main.1, &options.args, &dog)
                .and_then(|()| {
                    crate::quickjs::host_fn::install(&ctx, &options.functions, &session.shared.calls, &sender)
                        .and_then(|()| {
                            let glue = session.shared.glue.borrow().clone();
                            let Some(glue) = glue else { return Ok(()) };
                            let register: Function = glue.restore(&ctx)?.get("registerBuiltin")?;
                            for (name, functions) in &options.modules {
                                let exports = crate::quickjs::host_fn::module_exports(
                                    &ctx,
                                    name,
                                    functions,
                                    &session.shared.calls,
                                    &sender,
                                )?;
                                register.call::<_, ()>((name.as_str(), exports))?;
                            }
                            Ok(())
                        })
                })
                .map_err(|e| format!("{e}: {}", to_text(&ctx.catch())))
        });
        if let Err(e) = installed {
            return Err(crate::quickjs::install_failed(&dog, &session.shared.out, "node globals", &e));
        }
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
            if esm::is_commonjs(&absolute) {
                // A syntax error in the main module is reported before anything runs.
                if compile_classic_script(&ctx, &wrap_module(source), &absolute).is_err() {
                    let e = ctx.catch();
                    let text = crate::quickjs::syntax_error_text(&e, &absolute);
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
                let declared = match rquickjs::Module::declare(ctx.clone(), absolute.as_str(), source) {
                    Ok(m) => m,
                    Err(_) => {
                        let e = ctx.catch();
                        let text = crate::quickjs::syntax_error_text(&e, &absolute);
                        return fail(1, text.replacen(&absolute, path, 1));
                    }
                };
                if let Ok(meta) = declared.meta() {
                    let _ = meta.set("url", format!("file://{absolute}"));
                    let _ = meta.set("filename", absolute.as_str());
                }
                match declared.eval() {
                    Ok((_module, promise)) => {
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
    pub(crate) fn event_loop(&self) -> &UvHandle<NodeCallback> {
        &self.lp
    }

    /// Whether the process is exiting (`process.exit()`, a fatal error).
    pub(crate) fn exiting(&self) -> bool {
        self.shared.stopping.get() || self.shared.exit_code.get().is_some()
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
        shared.rejections.borrow_mut().clear();
        shared.fs_callbacks.borrow_mut().clear();
        shared.calls.clear();
        self.lp.borrow_mut().clear_callbacks();
        shared.out.borrow_mut().flush();
    }
}

/// `path` made absolute against the working directory (for a source that
/// is not a file).
fn absolute_path(path: &str) -> String {
    let p = std::path::Path::new(path);
    if p.is_absolute() {
        return path.to_string();
    }
    std::env::current_dir().map(|d| d.join(p).display().to_string()).unwrap_or_else(|_| path.to_string())
}

const WRAPPER_PREFIX: &str = "(function (exports, require, module, __filename, __dirname) {";

/// A function that reports its argument as a fatal uncaught error.
fn fatal_handler<'js>(ctx: &Ctx<'js>, shared: Rc<Shared>) -> rquickjs::Result<Function<'js>> {
    Function::new(ctx.clone(), move |ctx: Ctx<'js>, e: Value<'js>| {
        let host = NodeJsHost { ctx, shared: shared.clone() };
        host.fatal(&e, 1);
    })
}

/// CommonJS's wrapper: the module's text as the body of a function. The
/// text starts on the wrapper's line, so line numbers are the file's.
fn wrap_module(source: &str) -> String {
    // A `#!` line is blanked, keeping the line numbers.
    let (shebang, source) = match source.strip_prefix("#!") {
        Some(rest) => ("\n", rest.split_once('\n').map(|(_, r)| r).unwrap_or("")),
        None => ("", source),
    };
    format!("{WRAPPER_PREFIX}{shebang}{source}\n}})")
}

fn install_node_globals<'js>(
    ctx: &Ctx<'js>,
    shared: &Rc<Shared>,
    main: &str,
    args: &[String],
    dog: &crate::limits::Watchdog,
) -> rquickjs::Result<()> {
    let host = Object::new(ctx.clone())?;
    // worker_threads: the first Worker makes this process's loop one of a
    // world of loops (under the virtual clock, reading its shared time).
    let join_world: Rc<dyn Fn(&jsloop_core::world::World)> = {
        let lp = shared.lp.clone();
        let dog = dog.clone();
        let own = shared.inbox.sender();
        Rc::new(move |world| {
            if world.clock_kind() == ClockKind::Virtual {
                world.set_virtual_now(lp.borrow().hrtime());
                let clock = crate::limits::WatchedClock::new(Box::new(world.virtual_clock()), dog.clone());
                lp.borrow_mut().set_clock(Box::new(clock));
            }
            let member = world.join("main thread", own.clone());
            lp.borrow_mut().join_world(member);
        })
    };
    crate::node::worker_threads::install(ctx, &host, &shared.family, shared.inbox.sender(), join_world)?;
    crypto::install(ctx, &host, shared)?;
    zlib::install(ctx, &host, shared)?;
    http::install(ctx, &host)?;
    tls::install(ctx, &host, shared)?;
    dns::install(ctx, &host, shared)?;
    install_ports(ctx, &host, shared)?;
    let argv = Array::new(ctx.clone())?;
    argv.set(
        0,
        std::env::current_exe().map(|p| p.display().to_string()).unwrap_or_else(|_| "jsloop".into()),
    )?;
    argv.set(1, main)?;
    for (i, a) in args.iter().enumerate() {
        argv.set(i + 2, a.as_str())?;
    }
    host.set("argv", argv)?;
    let env = Object::new(ctx.clone())?;
    for (k, v) in std::env::vars() {
        env.set(k, v)?;
    }
    host.set("env", env)?;
    crate::node::os::install(ctx, &host)?;
    crate::node::url::install(ctx, &host)?;
    host.set("pid", std::process::id())?;
    host.set("ppid", 0)?;
    host.set("platform", std::env::consts::OS)?;
    host.set("arch", if std::env::consts::ARCH == "x86_64" { "x64" } else { std::env::consts::ARCH })?;
    host.set("version", env!("CARGO_PKG_VERSION"))?;
    host.set("tracing", shared.lp.borrow().tracer.enabled())?;
    host.set("timeOrigin", shared.lp.borrow().clock().time_origin_unix_ms())?;

    let s = shared.clone();
    host.set(
        "print",
        Function::new(ctx.clone(), move |stream: i32, text: String| {
            if s.stopping.get() {
                return;
            }
            if s.lp.borrow().tracer.enabled() {
                let stream = if stream == 2 { 2 } else { 1 };
                s.lp.borrow_mut()
                    .trace(jsloop_core::trace::TraceEvent::Output { stream, text: text.clone() });
            }
            let mut out = s.out.borrow_mut();
            if stream == 2 {
                out.err(&text)
            } else {
                out.out(&text)
            }
        })?,
    )?;
    let s = shared.clone();
    host.set(
        "write",
        Function::new(ctx.clone(), move |stream: i32, text: String| {
            if s.stopping.get() {
                return;
            }
            let mut out = s.out.borrow_mut();
            if stream == 2 {
                out.write_err(&text)
            } else {
                out.write_out(&text)
            }
        })?,
    )?;
    // Node lets the main thread block in Atomics.wait (a browser's main
    // thread may not).
    unsafe { qjs::JS_SetCanBlock(qjs::JS_GetRuntime(ctx.as_raw().as_ptr()), true) };
    let virtual_clock = shared.lp.borrow().clock().kind() == ClockKind::Virtual;
    host.set("virtualClock", virtual_clock)?;
    let s = shared.clone();
    host.set(
        "stall",
        Function::new(ctx.clone(), move |ms: f64| {
            if ms.is_finite() && ms > 0.0 {
                s.lp.borrow_mut().stall(Duration::from_secs_f64(ms / 1000.0));
            }
        })?,
    )?;
    let s = shared.clone();
    host.set("now", Function::new(ctx.clone(), move || jsloop_core::clock::millis(s.lp.borrow().hrtime()))?)?;
    let s = shared.clone();
    host.set("dateNow", Function::new(ctx.clone(), move || s.lp.borrow().clock().unix_ms())?)?;
    let s = shared.clone();
    host.set("hrtime", Function::new(ctx.clone(), move || s.lp.borrow().hrtime().as_nanos() as f64)?)?;
    host.set(
        "cwd",
        Function::new(ctx.clone(), || {
            std::env::current_dir().map(|p| p.display().to_string()).unwrap_or_else(|_| "/".into())
        })?,
    )?;
    host.set(
        "memoryUsage",
        Function::new(ctx.clone(), |ctx: Ctx<'js>| -> rquickjs::Result<Object<'js>> {
            let o = Object::new(ctx)?;
            let rss = std::fs::read_to_string("/proc/self/statm")
                .ok()
                .and_then(|s| s.split_whitespace().nth(1).and_then(|p| p.parse::<f64>().ok()))
                .map(|pages| pages * 4096.0)
                .unwrap_or(0.0);
            o.set("rss", rss)?;
            o.set("heapTotal", 0)?;
            o.set("heapUsed", 0)?;
            o.set("external", 0)?;
            o.set("arrayBuffers", 0)?;
            Ok(o)
        })?,
    )?;
    let s = shared.clone();
    host.set(
        "nextTick",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>, f: Function<'js>, args: Array<'js>| {
            let cb = callback(&ctx, f, args);
            s.lp.borrow_mut().next_tick(cb);
        })?,
    )?;
    let s = shared.clone();
    host.set(
        "setTimer",
        Function::new(
            ctx.clone(),
            move |ctx: Ctx<'js>,
                  f: Function<'js>,
                  after: f64,
                  repeat: bool,
                  args: Array<'js>,
                  this: Opt<Value<'js>>| {
                let cb = callback_on(&ctx, f, args, this);
                s.lp.borrow_mut().start_timer(cb, after, repeat) as f64
            },
        )?,
    )?;
    let s = shared.clone();
    host.set(
        "clearTimer",
        Function::new(ctx.clone(), move |id: f64| s.lp.borrow_mut().clear_timer(id as u64))?,
    )?;
    let s = shared.clone();
    host.set(
        "timerRef",
        Function::new(ctx.clone(), move |id: f64, r: bool| s.lp.borrow_mut().set_timer_ref(id as u64, r))?,
    )?;
    let s = shared.clone();
    host.set(
        "timerRefresh",
        Function::new(ctx.clone(), move |id: f64| s.lp.borrow_mut().refresh_timer(id as u64))?,
    )?;
    let s = shared.clone();
    host.set(
        "setImmediate",
        Function::new(
            ctx.clone(),
            move |ctx: Ctx<'js>, f: Function<'js>, args: Array<'js>, this: Opt<Value<'js>>| {
                let cb = callback_on(&ctx, f, args, this);
                s.lp.borrow_mut().set_immediate(cb) as f64
            },
        )?,
    )?;
    let s = shared.clone();
    host.set(
        "clearImmediate",
        Function::new(ctx.clone(), move |id: f64| s.lp.borrow_mut().clear_immediate(id as u64))?,
    )?;
    let s = shared.clone();
    host.set(
        "immediateRef",
        Function::new(ctx.clone(), move |id: f64, r: bool| {
            s.lp.borrow_mut().set_immediate_ref(id as u64, r)
        })?,
    )?;
    let s = shared.clone();
    host.set(
        "immediateHasRef",
        Function::new(ctx.clone(), move |id: f64| s.lp.borrow().immediate_has_ref(id as u64))?,
    )?;
    let s = shared.clone();
    host.set(
        "exit",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>| -> rquickjs::Result<()> {
            if s.stopping.get() {
                return Ok(());
            }
            // Node's process.exit: 'exit' is emitted unless the process is
            // already exiting (process.exit() in an 'exit' listener), then
            // the process ends with process.exitCode as the listeners left
            // it, and nothing else runs.
            let glue = s.glue.borrow().clone().and_then(|g| g.restore(&ctx).ok());
            let exit_code = |glue: &Option<Object<'js>>| {
                glue.as_ref()
                    .and_then(|g| g.get::<_, Function>("getExitCode").ok())
                    .and_then(|f| f.call::<_, Option<i32>>(()).ok().flatten())
                    .unwrap_or(0)
            };
            if !s.exit_emitted.replace(true) {
                if let Some(f) = glue.as_ref().and_then(|g| g.get::<_, Function>("emitExit").ok()) {
                    let _ = f.call::<_, ()>((exit_code(&glue), false));
                }
                if s.stopping.get() {
                    // A listener called process.exit(): that call ended it.
                    return Err(throw_error(&ctx, "process.exit()"));
                }
            }
            s.exit_code.set(Some(exit_code(&glue)));
            s.stopping.set(true);
            s.lp.borrow_mut().stop();
            Err(throw_error(&ctx, "process.exit()"))
        })?,
    )?;
    let s = shared.clone();
    host.set(
        "fatal",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>, error: Value<'js>| {
            let host = NodeJsHost { ctx, shared: s.clone() };
            host.fatal(&error, 1);
        })?,
    )?;
    host.set(
        "stat",
        Function::new(ctx.clone(), |path: String| -> Option<&'static str> {
            let m = std::fs::metadata(&path).ok()?;
            Some(if m.is_dir() { "dir" } else { "file" })
        })?,
    )?;
    host.set(
        "readFile",
        Function::new(ctx.clone(), |ctx: Ctx<'js>, path: String| -> rquickjs::Result<String> {
            std::fs::read_to_string(&path).map_err(|e| throw_error(&ctx, &format!("{path}: {e}")))
        })?,
    )?;
    host.set(
        "compileModule",
        Function::new(
            ctx.clone(),
            |ctx: Ctx<'js>, source: String, filename: String| -> rquickjs::Result<Value<'js>> {
                let script = compile_classic_script(&ctx, &wrap_module(&source), &filename)?;
                run_compiled(&ctx, &script)
            },
        )?,
    )?;

    host.set(
        "utf8Encode",
        Function::new(
            ctx.clone(),
            |ctx: Ctx<'js>, text: String| -> rquickjs::Result<rquickjs::ArrayBuffer<'js>> {
                rquickjs::ArrayBuffer::new(ctx, text.into_bytes())
            },
        )?,
    )?;
    host.set(
        "utf8Decode",
        Function::new(ctx.clone(), |bytes: rquickjs::TypedArray<'js, u8>| -> String {
            String::from_utf8_lossy(&typed_bytes(&bytes)).into_owned()
        })?,
    )?;
    host.set(
        "promiseDetails",
        Function::new(ctx.clone(), |ctx: Ctx<'js>, p: Value<'js>| -> rquickjs::Result<Value<'js>> {
            let Some(promise) = p.as_promise() else { return Ok(Value::new_undefined(ctx)) };
            let list = Array::new(ctx.clone())?;
            match promise.state() {
                rquickjs::promise::PromiseState::Pending => list.set(0, 0)?,
                rquickjs::promise::PromiseState::Resolved => {
                    list.set(0, 1)?;
                    list.set(1, promise.result::<Value>().and_then(|r| r.ok()))?;
                }
                rquickjs::promise::PromiseState::Rejected => {
                    list.set(0, 2)?;
                    let reason = match promise.result::<Value>() {
                        Some(Err(rquickjs::Error::Exception)) => ctx.catch(),
                        _ => Value::new_undefined(ctx.clone()),
                    };
                    list.set(1, reason)?;
                }
            }
            Ok(list.into_value())
        })?,
    )?;
    let s = shared.clone();
    host.set(
        "fsAsync",
        Function::new(
            ctx.clone(),
            move |ctx: Ctx<'js>,
                  op: String,
                  path: String,
                  arg: String,
                  data: Value<'js>,
                  flag: bool,
                  cb: Function<'js>| {
                let bytes =
                    data.as_object().and_then(|o| rquickjs::TypedArray::<u8>::from_object(o.clone()).ok());
                let bytes = bytes.map(|b| typed_bytes(&b)).unwrap_or_default();
                let id = s.io.submit(move || fs_ops::run(&op, &path, &arg, &bytes, flag));
                s.fs_callbacks.borrow_mut().insert(id, Persistent::save(&ctx, cb));
            },
        )?,
    )?;
    host.set(
        "fsSync",
        Function::new(
            ctx.clone(),
            |ctx: Ctx<'js>,
             op: String,
             path: String,
             arg: String,
             data: Value<'js>,
             flag: bool|
             -> rquickjs::Result<Value<'js>> {
                let bytes =
                    data.as_object().and_then(|o| rquickjs::TypedArray::<u8>::from_object(o.clone()).ok());
                let bytes = bytes.map(|b| typed_bytes(&b)).unwrap_or_default();
                let result = fs_ops::run(&op, &path, &arg, &bytes, flag);
                let (err, value) = fs_result_to_js(&ctx, &result)?;
                if !err.is_null() {
                    return Err(ctx.throw(err));
                }
                Ok(value)
            },
        )?,
    )?;

    let s = shared.clone();
    host.set(
        "netListen",
        Function::new(
            ctx.clone(),
            move |ctx: Ctx<'js>, address: String, port: u16| -> rquickjs::Result<Value<'js>> {
                let addr = resolve_addr(&address, port);
                match s.io.listen(addr) {
                    Ok((id, local)) => {
                        let o = Object::new(ctx)?;
                        o.set("id", id as f64)?;
                        o.set("address", local.ip().to_string())?;
                        o.set("port", local.port())?;
                        o.set("family", if local.is_ipv4() { "IPv4" } else { "IPv6" })?;
                        Ok(o.into_value())
                    }
                    Err(e) => Err(ctx.throw(net_error_to_js(&ctx, &e)?)),
                }
            },
        )?,
    )?;
    let s = shared.clone();
    host.set(
        "netConnect",
        Function::new(
            ctx.clone(),
            move |ctx: Ctx<'js>, address: String, port: u16| -> rquickjs::Result<f64> {
                match s.io.connect(resolve_addr(&address, port)) {
                    Ok(id) => Ok(id as f64),
                    Err(e) => Err(ctx.throw(net_error_to_js(&ctx, &e)?)),
                }
            },
        )?,
    )?;
    let s = shared.clone();
    host.set(
        "netWrite",
        Function::new(
            ctx.clone(),
            move |id: f64, bytes: rquickjs::TypedArray<'js, u8>, notify: Opt<bool>| {
                s.io.write(id as u64, typed_bytes(&bytes), notify.0.unwrap_or(true)) as f64
            },
        )?,
    )?;
    let s = shared.clone();
    host.set("netEnd", Function::new(ctx.clone(), move |id: f64| s.io.end(id as u64))?)?;
    let s = shared.clone();
    host.set("netClose", Function::new(ctx.clone(), move |id: f64| s.io.close(id as u64))?)?;
    let s = shared.clone();
    host.set("netRef", Function::new(ctx.clone(), move |id: f64, on: bool| s.io.set_ref(id as u64, on))?)?;
    let s = shared.clone();
    host.set(
        "closeHandle",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>, f: Function<'js>| {
            let cb =
                NodeCallback::Call { func: Persistent::save(&ctx, f), args: Rc::new(Vec::new()), this: None };
            s.lp.borrow_mut().close_handle(cb);
        })?,
    )?;

    let global = ctx.globals();
    // Console formatting (Node's util.inspect comes with the util module).
    // A line of a module, for the engine's error messages (00_console.js
    // names the callee of `x.foo is not a function`); a CommonJS module's
    // first line as compiled, inside the wrapper.
    host.set(
        "sourceLine",
        Function::new(ctx.clone(), |file: String, line: u32| {
            let prefix = if esm::is_commonjs(&file) { WRAPPER_PREFIX } else { "" };
            crate::quickjs::source_line(&file, line, prefix)
        })?,
    )?;
    let console_init: Function = crate::quickjs::glue::eval(ctx, "00_console.js")?;
    let con: Object = console_init.call((host.clone(), global.clone()))?;
    host.set("inspect", con.get::<_, Function>("inspect")?)?;
    // The built-in modules' glue is evaluated when a program first needs it
    // (40_node.js reads each factory once): most programs use few of them,
    // and start-up is mostly reading glue.
    let builtins = Object::new(ctx.clone())?;
    for &name in NODE_MODULES {
        lazy_glue(&builtins, name, move |ctx| crate::quickjs::glue::eval(&ctx, &format!("node/{name}.js")))?;
    }
    let buffer_init: Function = crate::quickjs::glue::eval(ctx, "41_buffer.js")?;
    builtins.set("buffer", buffer_init.call::<_, Object>((host.clone(),))?)?;
    lazy_glue(&builtins, "fs", |ctx| crate::quickjs::glue::eval(&ctx, "42_fs.js"))?;
    lazy_glue(&builtins, "net", |ctx| crate::quickjs::glue::eval(&ctx, "43_net.js"))?;
    // Node's global DOMException (what postMessage's DataCloneError is).
    let dom_exception: Value =
        ctx.eval_with_options(DOM_EXCEPTION_JS, eval_options("jsloop:glue/44_worker_threads.js"))?;
    global.set("DOMException", dom_exception.clone())?;
    let inspect: Value = host.get("inspect")?;
    // (What the serializer is made with rides on the object its getter is
    // on: a Persistent captured by a JavaScript function would be a cycle
    // the collector cannot see.)
    builtins.set("serializerDOMException", dom_exception)?;
    builtins.set("serializerInspect", inspect)?;
    builtins.prop(
        "serializer",
        rquickjs::object::Accessor::new_get(|ctx: Ctx<'js>, this: rquickjs::function::This<Object<'js>>| {
            crate::quickjs::serializer(
                &ctx,
                this.get("serializerDOMException")?,
                this.get("serializerInspect")?,
            )
        }),
    )?;
    lazy_glue(&builtins, "worker_threads", |ctx| crate::quickjs::glue::eval(&ctx, "44_worker_threads.js"))?;
    let node_init: Function = crate::quickjs::glue::eval(ctx, "40_node.js")?;
    let glue: Object = node_init.call((host, global.clone(), builtins))?;
    // performance and Date follow the loop's clock, as in the browser host.
    let perf: Object = ctx.eval("({})")?;
    let s = shared.clone();
    perf.set("now", Function::new(ctx.clone(), move || jsloop_core::clock::millis(s.lp.borrow().hrtime()))?)?;
    perf.set("timeOrigin", shared.lp.borrow().clock().time_origin_unix_ms())?;
    global.set("performance", perf)?;
    *shared.glue.borrow_mut() = Some(Persistent::save(ctx, glue));
    Ok(())
}

/// Defines `obj[name]` as a getter that evaluates glue when it is read
/// (40_node.js reads each factory once, when the module is first required).
fn lazy_glue<'js>(
    obj: &Object<'js>,
    name: &'static str,
    load: impl Fn(Ctx<'js>) -> rquickjs::Result<Value<'js>> + 'js,
) -> rquickjs::Result<()> {
    obj.prop(
        name,
        rquickjs::object::Accessor::new_get(rquickjs::function::MutFn::from(move |ctx: Ctx<'js>| load(ctx))),
    )
}

fn callback<'js>(ctx: &Ctx<'js>, f: Function<'js>, args: Array<'js>) -> NodeCallback {
    thread_local! {
        // Most callbacks have no arguments: they share one empty list.
        static NO_ARGS: Rc<Vec<Persistent<Value<'static>>>> = Rc::new(Vec::new());
    }
    let args = if args.is_empty() {
        NO_ARGS.with(Rc::clone)
    } else {
        Rc::new(args.iter::<Value>().filter_map(|a| a.ok()).map(|a| Persistent::save(ctx, a)).collect())
    };
    NodeCallback::Call { func: Persistent::save(ctx, f), args, this: None }
}

/// A callback called with `this` (a timer's Timeout, an immediate's Immediate).
fn callback_on<'js>(
    ctx: &Ctx<'js>,
    f: Function<'js>,
    args: Array<'js>,
    this: Opt<Value<'js>>,
) -> NodeCallback {
    let mut cb = callback(ctx, f, args);
    if let (NodeCallback::Call { this: slot, .. }, Opt(Some(this))) = (&mut cb, this) {
        *slot = Some(Persistent::save(ctx, this));
    }
    cb
}

/// The bytes of a Uint8Array, copied out before any more JavaScript runs.
fn typed_bytes(a: &rquickjs::TypedArray<'_, u8>) -> Vec<u8> {
    // SAFETY: the slice is copied at once; no JavaScript runs while it is
    // borrowed, so the buffer cannot be detached or resized meanwhile.
    unsafe { a.as_bytes() }.map(<[u8]>::to_vec).unwrap_or_default()
}

/// A file system result as Node's callback arguments: (null, value) or
/// (error, undefined), the error shaped as Node's (code, errno, syscall, path).
fn fs_result_to_js<'js>(ctx: &Ctx<'js>, result: &FsResult) -> rquickjs::Result<(Value<'js>, Value<'js>)> {
    match result {
        Ok(v) => Ok((Value::new_null(ctx.clone()), fs_value_to_js(ctx, v)?)),
        Err(e) => Ok((fs_error_to_js(ctx, e)?, Value::new_undefined(ctx.clone()))),
    }
}

fn fs_error_to_js<'js>(ctx: &Ctx<'js>, e: &FsError) -> rquickjs::Result<Value<'js>> {
    let error: Object = ctx.eval::<Function, _>("(m) => new Error(m)")?.call((e.message(),))?;
    error.set("errno", e.errno)?;
    error.set("code", e.code)?;
    error.set("syscall", e.syscall)?;
    if let Some(p) = &e.path {
        error.set("path", p.as_str())?;
    }
    if let Some(d) = &e.dest {
        error.set("dest", d.as_str())?;
    }
    Ok(error.into_value())
}

fn fs_value_to_js<'js>(ctx: &Ctx<'js>, v: &FsValue) -> rquickjs::Result<Value<'js>> {
    Ok(match v {
        FsValue::Unit => Value::new_undefined(ctx.clone()),
        FsValue::Bool(b) => Value::new_bool(ctx.clone(), *b),
        FsValue::Text(t) => rquickjs::String::from_str(ctx.clone(), t)?.into_value(),
        FsValue::Number(n) => Value::new_float(ctx.clone(), *n),
        FsValue::Bytes(b) => rquickjs::TypedArray::<u8>::new(ctx.clone(), b.clone())?.into_value(),
        FsValue::Names(names) => {
            let list = Array::new(ctx.clone())?;
            for (i, n) in names.iter().enumerate() {
                list.set(i, n.as_str())?;
            }
            list.into_value()
        }
        FsValue::Stat(s) => {
            let o = Object::new(ctx.clone())?;
            o.set("isFile", s.is_file)?;
            o.set("isDirectory", s.is_dir)?;
            o.set("isSymbolicLink", s.is_symlink)?;
            o.set("size", s.size as f64)?;
            o.set("mode", s.mode)?;
            o.set("mtimeMs", s.mtime_ms)?;
            o.set("atimeMs", s.atime_ms)?;
            o.set("ctimeMs", s.ctime_ms)?;
            o.set("birthtimeMs", s.birthtime_ms)?;
            o.set("ino", s.ino as f64)?;
            o.set("dev", s.dev as f64)?;
            o.set("nlink", s.nlink as f64)?;
            o.set("uid", s.uid)?;
            o.set("gid", s.gid)?;
            o.into_value()
        }
    })
}

/// `localhost` and other names resolve as the system says; numeric
/// addresses parse directly.
fn resolve_addr(address: &str, port: u16) -> std::net::SocketAddr {
    use std::net::ToSocketAddrs;
    let address = if address.is_empty() { "127.0.0.1" } else { address };
    (address, port)
        .to_socket_addrs()
        .ok()
        .and_then(|mut a| a.next())
        .unwrap_or_else(|| std::net::SocketAddr::from(([127, 0, 0, 1], port)))
}

/// Node's error for a failed socket call: `connect ECONNREFUSED 127.0.0.1:1`
/// with errno, code, syscall, address and port.
fn net_error_to_js<'js>(ctx: &Ctx<'js>, e: &FsError) -> rquickjs::Result<Value<'js>> {
    let message = match &e.path {
        Some(addr) => format!("{} {} {addr}", e.syscall, e.code),
        None => format!("{} {}", e.syscall, e.code),
    };
    let error: Object = ctx.eval::<Function, _>("(m) => new Error(m)")?.call((message,))?;
    error.set("errno", e.errno)?;
    error.set("code", e.code)?;
    error.set("syscall", e.syscall)?;
    if let Some((ip, port)) = e.path.as_deref().and_then(|a| a.rsplit_once(':')) {
        error.set("address", ip)?;
        error.set("port", port.parse::<u16>().unwrap_or(0))?;
    }
    Ok(error.into_value())
}

fn net_event_to_js<'js>(ctx: &Ctx<'js>, event: &NetEvent) -> rquickjs::Result<Value<'js>> {
    let o = Object::new(ctx.clone())?;
    let addr = |o: &Object<'js>, prefix: &str, a: &std::net::SocketAddr| -> rquickjs::Result<()> {
        o.set(format!("{prefix}Address"), a.ip().to_string())?;
        o.set(format!("{prefix}Port"), a.port())?;
        o.set(format!("{prefix}Family"), if a.is_ipv4() { "IPv4" } else { "IPv6" })
    };
    match event {
        NetEvent::Accepted { server, socket, remote, local } => {
            o.set("type", "accepted")?;
            o.set("server", *server as f64)?;
            o.set("socket", *socket as f64)?;
            addr(&o, "remote", remote)?;
            addr(&o, "local", local)?;
        }
        NetEvent::Connected { socket, remote, local } => {
            o.set("type", "connected")?;
            o.set("socket", *socket as f64)?;
            addr(&o, "remote", remote)?;
            addr(&o, "local", local)?;
        }
        NetEvent::Failed { socket, error } => {
            o.set("type", "failed")?;
            o.set("socket", *socket as f64)?;
            o.set("error", net_error_to_js(ctx, error)?)?;
        }
        NetEvent::Data { socket, bytes } => {
            o.set("type", "data")?;
            o.set("socket", *socket as f64)?;
            o.set("data", rquickjs::TypedArray::<u8>::new(ctx.clone(), bytes.clone())?)?;
        }
        NetEvent::End { socket } => {
            o.set("type", "end")?;
            o.set("socket", *socket as f64)?;
        }
        NetEvent::Shutdown { socket } => {
            o.set("type", "shutdown")?;
            o.set("socket", *socket as f64)?;
        }
        NetEvent::Written { socket, request } => {
            o.set("type", "written")?;
            o.set("socket", *socket as f64)?;
            o.set("request", *request as f64)?;
        }
    }
    Ok(o.into_value())
}

/// ES modules: resolution and loading, as Node does for `import`.
mod esm {
    use super::*;
    use rquickjs::loader::{ImportAttributes, Loader, Resolver};
    use rquickjs::module::Declared;
    use rquickjs::Module;

    fn not_found<'js>(ctx: &Ctx<'js>, specifier: &str, base: &str) -> rquickjs::Error {
        let message = format!("Cannot find module '{specifier}' imported from {base}");
        match ctx.eval::<Function, _>(
            "(m) => { const e = new Error(m); e.code = 'ERR_MODULE_NOT_FOUND'; return e; }",
        ) {
            Ok(f) => match f.call::<_, Value>((message,)) {
                Ok(e) => ctx.throw(e),
                Err(e) => e,
            },
            Err(e) => e,
        }
    }

    /// `Error [ERR_UNKNOWN_BUILTIN_MODULE]: No such built-in module: node:x`
    /// (made by the util module's NodeError, as CommonJS's require makes it).
    fn unknown_builtin<'js>(ctx: &Ctx<'js>, specifier: &str) -> rquickjs::Error {
        let message = format!("No such built-in module: {specifier}");
        match ctx.eval::<Function, _>(
            "(m) => globalThis[Symbol.for('jsloop.builtin')]('util')[Symbol.for('jsloop.node.util.internal')]\
             .nodeError(Error, 'ERR_UNKNOWN_BUILTIN_MODULE', m)",
        ) {
            Ok(f) => match f.call::<_, Value>((message,)) {
                Ok(e) => ctx.throw(e),
                Err(e) => e,
            },
            Err(e) => e,
        }
    }

    /// Node's ESM resolution: built-ins (`node:` or bare), relative and
    /// absolute paths as written (no extension guessing), and packages in
    /// node_modules (their `main`, or index.js).
    pub struct NodeResolver {
        pub shared: Rc<Shared>,
    }

    impl Resolver for NodeResolver {
        fn resolve<'js>(
            &mut self,
            ctx: &Ctx<'js>,
            base: &str,
            name: &str,
            _: Option<ImportAttributes<'js>>,
        ) -> rquickjs::Result<String> {
            let glue = self.shared.glue.borrow().clone().and_then(|g| g.restore(ctx).ok());
            let is_builtin = glue
                .as_ref()
                .and_then(|g| g.get::<_, Function>("isBuiltin").ok())
                .and_then(|f| f.call::<_, bool>((name,)).ok())
                .unwrap_or(false);
            if name.starts_with("node:") || (is_builtin && !name.starts_with('.') && !name.starts_with('/')) {
                // A `node:` name that is no built-in is Node's
                // ERR_UNKNOWN_BUILTIN_MODULE (never a module of undefined).
                if !is_builtin {
                    return Err(unknown_builtin(ctx, name));
                }
                return Ok(format!("node:{}", name.trim_start_matches("node:")));
            }
            let base_dir = std::path::Path::new(base).parent().map(|p| p.to_path_buf()).unwrap_or_default();
            let path = if name.starts_with("file://") {
                std::path::PathBuf::from(name.trim_start_matches("file://"))
            } else if name.starts_with('/') {
                std::path::PathBuf::from(name)
            } else if name.starts_with("./") || name.starts_with("../") {
                base_dir.join(name)
            } else {
                // A package: node_modules up the directory chain.
                let mut dir = Some(base_dir.as_path());
                let mut found = None;
                while let Some(d) = dir {
                    let pkg = d.join("node_modules").join(name);
                    if pkg.is_file() {
                        found = Some(pkg);
                        break;
                    }
                    if pkg.is_dir() {
                        let main = std::fs::read_to_string(pkg.join("package.json"))
                            .ok()
                            .and_then(|t| serde_json::from_str::<serde_json::Value>(&t).ok())
                            .and_then(|v| v.get("main").and_then(|m| m.as_str()).map(String::from))
                            .unwrap_or_else(|| "index.js".into());
                        found = Some(pkg.join(main));
                        break;
                    }
                    dir = d.parent();
                }
                found.ok_or_else(|| not_found(ctx, name, base))?
            };
            match std::fs::canonicalize(&path) {
                Ok(p) if p.is_file() => Ok(p.display().to_string()),
                _ => Err(not_found(ctx, &path.display().to_string(), base)),
            }
        }
    }

    /// Loads a module: built-ins and CommonJS files through generated
    /// source that re-exports their exports; `.mjs` (and `.js` under a
    /// `"type": "module"` package) as ES modules.
    pub struct NodeLoader {
        pub shared: Rc<Shared>,
    }

    fn reexport(access: &str, names: &[String]) -> String {
        let mut src = format!("const m = {access};\nexport default m;\n");
        if !names.is_empty() {
            src.push_str(&format!("export const {{ {} }} = m;\n", names.join(", ")));
        }
        src
    }

    impl Loader for NodeLoader {
        fn load<'js>(
            &mut self,
            ctx: &Ctx<'js>,
            name: &str,
            _: Option<ImportAttributes<'js>>,
        ) -> rquickjs::Result<Module<'js, Declared>> {
            let glue = self.shared.glue.borrow().clone().and_then(|g| g.restore(ctx).ok());
            let names = |f: &str, arg: &str| -> rquickjs::Result<Vec<String>> {
                match glue.as_ref().and_then(|g| g.get::<_, Function>(f).ok()) {
                    Some(f) => f.call::<_, Vec<String>>((arg,)),
                    None => Ok(Vec::new()),
                }
            };
            if let Some(builtin) = name.strip_prefix("node:") {
                let keys = names("builtinExportNames", builtin)?;
                let src = reexport(&format!("globalThis[Symbol.for('jsloop.builtin')]({builtin:?})"), &keys);
                return Module::declare(ctx.clone(), name, src);
            }
            if is_commonjs(name) {
                // Like Node's cjs-module-lexer: the names are read from the
                // source, and the module runs when the importer evaluates.
                let keys = if name.ends_with(".json") {
                    Vec::new()
                } else {
                    std::fs::read_to_string(name).map(|s| cjs_export_names(&s)).unwrap_or_default()
                };
                let _ = &names;
                let src = reexport(&format!("globalThis[Symbol.for('jsloop.cjs')]({name:?})"), &keys);
                return Module::declare(ctx.clone(), name, src);
            }
            let source =
                std::fs::read_to_string(name).map_err(|e| throw_error(ctx, &format!("{name}: {e}")))?;
            let module = Module::declare(ctx.clone(), name, source)?;
            if let Ok(meta) = module.meta() {
                let _ = meta.set("url", format!("file://{name}"));
                let _ = meta.set("filename", name);
                let _ =
                    meta.set("dirname", std::path::Path::new(name).parent().map(|p| p.display().to_string()));
            }
            Ok(module)
        }
    }

    /// The names a CommonJS module exports, found in its source as
    /// cjs-module-lexer finds them: `exports.x =`, `module.exports.x =`,
    /// `Object.defineProperty(exports, 'x'`, and the keys of an object
    /// literal assigned to `module.exports`.
    pub fn cjs_export_names(source: &str) -> Vec<String> {
        let mut names: Vec<String> = Vec::new();
        let ident = |s: &str| -> Option<String> {
            let n: String = s.chars().take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '$').collect();
            (!n.is_empty() && !n.starts_with(|c: char| c.is_ascii_digit())).then_some(n)
        };
        let mut add = |n: String| {
            if n != "default" && !names.contains(&n) {
                names.push(n);
            }
        };
        for prefix in ["module.exports.", "exports."] {
            for (i, _) in source.match_indices(prefix) {
                if prefix == "exports." && source[..i].ends_with("module.") {
                    continue;
                }
                let rest = &source[i + prefix.len()..];
                if let Some(n) = ident(rest) {
                    if rest[n.len()..].trim_start().starts_with('=')
                        && !rest[n.len()..].trim_start().starts_with("==")
                    {
                        add(n);
                    }
                }
            }
        }
        for (i, _) in source.match_indices("defineProperty(exports,") {
            let rest = source[i + 23..].trim_start().trim_start_matches(['\'', '"']);
            if let Some(n) = ident(rest) {
                add(n);
            }
        }
        if let Some(i) = source.find("module.exports = {").or_else(|| source.find("module.exports={")) {
            let body = &source[i..];
            let start = body.find('{').unwrap_or(0) + 1;
            let mut depth = 0;
            let mut key_start = true;
            for (j, c) in body[start..].char_indices() {
                match c {
                    '{' | '(' | '[' => depth += 1,
                    '}' | ')' | ']' if depth == 0 => break,
                    '}' | ')' | ']' => depth -= 1,
                    ',' if depth == 0 => key_start = true,
                    c if key_start && depth == 0 && !c.is_whitespace() => {
                        key_start = false;
                        if let Some(n) = ident(&body[start + j..]) {
                            add(n);
                        }
                    }
                    _ => {}
                }
            }
        }
        names
    }

    /// Whether Node treats a file as CommonJS: `.cjs`, `.json`, or `.js`
    /// whose nearest package.json does not say `"type": "module"`.
    pub fn is_commonjs(path: &str) -> bool {
        if path.ends_with(".cjs") || path.ends_with(".json") {
            return true;
        }
        if path.ends_with(".mjs") {
            return false;
        }
        let mut dir = std::path::Path::new(path).parent();
        while let Some(d) = dir {
            if let Ok(text) = std::fs::read_to_string(d.join("package.json")) {
                let typ = serde_json::from_str::<serde_json::Value>(&text)
                    .ok()
                    .and_then(|v| v.get("type").and_then(|t| t.as_str()).map(String::from));
                return typ.as_deref() != Some("module");
            }
            dir = d.parent();
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::esm::{cjs_export_names, is_commonjs};

    #[test]
    fn commonjs_export_names_are_read_from_the_source() {
        let src = "exports.a = 1;\nmodule.exports.b = 2;\nObject.defineProperty(exports, 'c', { value: 3 });\nif (exports.a == 1) {}\n";
        assert_eq!(cjs_export_names(src), ["b", "a", "c"]);
        let src = "module.exports = { one, two: 2, three() {}, nested: { no: 1 }, [computed]: 4 };";
        assert_eq!(cjs_export_names(src), ["one", "two", "three", "nested"]);
    }

    #[test]
    fn module_kinds_follow_extensions() {
        assert!(is_commonjs("/x/a.cjs"));
        assert!(!is_commonjs("/x/a.mjs"));
        assert!(is_commonjs("/nonexistent-dir/a.js"));
    }
}

/// MessagePorts in the node host (Node's src/node_messaging.cc): each port
/// of this loop is an async handle of the loop with its incoming message
/// queue in the core (`uv::UvLoop::open_port`); a message to a port of this
/// loop goes straight into its queue, one to a port of another thread
/// through that loop's inbox (and into the port's queue when it arrives).
fn install_ports<'js>(ctx: &Ctx<'js>, host: &Object<'js>, shared: &Rc<Shared>) -> rquickjs::Result<()> {
    use crate::threads::{bytes_of, port_homes, ship_ports, NEXT_PORT_ID};
    use std::sync::atomic::Ordering;
    let open = |shared: &Rc<Shared>, id: u64| {
        let h = shared.lp.borrow_mut().open_port(NodeCallback::PortClosed(id));
        shared.ports.borrow_mut().handles.insert(id, h);
        port_homes().lock().unwrap_or_else(|e| e.into_inner()).insert(id, shared.inbox.sender());
    };
    let handle = |shared: &Shared, id: f64| shared.ports.borrow().handles.get(&(id as u64)).copied();
    let s = shared.clone();
    host.set(
        "newPortId",
        Function::new(ctx.clone(), move || -> f64 {
            let id = NEXT_PORT_ID.fetch_add(1, Ordering::SeqCst);
            open(&s, id);
            id as f64
        })?,
    )?;
    let s = shared.clone();
    host.set(
        "entanglePorts",
        Function::new(ctx.clone(), move |a: f64, b: f64| {
            let mut ports = s.ports.borrow_mut();
            ports.entangled.insert(a as u64, b as u64);
            ports.entangled.insert(b as u64, a as u64);
        })?,
    )?;
    // A port transferred here: a new handle (last in the order), then
    // (settlePort) the messages it brought, then those that came first.
    let s = shared.clone();
    host.set("adoptPort", Function::new(ctx.clone(), move |id: f64| open(&s, id as u64))?)?;
    let s = shared.clone();
    host.set(
        "settlePort",
        Function::new(ctx.clone(), move |id: f64, records: Vec<Array<'js>>| -> rquickjs::Result<()> {
            let port = id as u64;
            for r in records {
                let record: String = r.get(0)?;
                let buffers = bytes_of(&r.get::<Array>(1)?);
                post_to_local_port(&s, Rc::new(PortRecord { port, record, buffers }));
            }
            let waiting = s.ports.borrow_mut().waiting.remove(&port).unwrap_or_default();
            for m in waiting {
                post_to_local_port(&s, m);
            }
            Ok(())
        })?,
    )?;
    let s = shared.clone();
    host.set(
        "postToPort",
        Function::new(
            ctx.clone(),
            move |target: f64, record: String, buffers: Array<'js>, ports: Vec<f64>| {
                let port = target as u64;
                let buffers = bytes_of(&buffers);
                if s.ports.borrow().handles.contains_key(&port) {
                    ship_ports(&ports, &s.inbox.sender());
                    post_to_local_port(&s, Rc::new(PortRecord { port, record, buffers }));
                    return;
                }
                let home = port_homes().lock().unwrap_or_else(|e| e.into_inner()).get(&port).cloned();
                if let Some(home) = home {
                    ship_ports(&ports, &home);
                    let event = crate::threads::WorkerEvent::PortMessage { port, record, buffers };
                    crate::threads::send(
                        &home,
                        jsloop_core::TaskSource::PostedMessage,
                        "MessagePort message from another thread",
                        event,
                    );
                }
            },
        )?,
    )?;
    let s = shared.clone();
    host.set(
        "portReceiving",
        Function::new(ctx.clone(), move |id: f64, on: bool| {
            if let Some(h) = handle(&s, id) {
                s.lp.borrow_mut().set_port_receiving(h, on);
            }
        })?,
    )?;
    let s = shared.clone();
    host.set(
        "portRef",
        Function::new(ctx.clone(), move |id: f64, on: bool| {
            if let Some(h) = handle(&s, id) {
                s.lp.borrow_mut().set_port_ref(h, on);
            }
        })?,
    )?;
    let s = shared.clone();
    host.set(
        "portHasRef",
        Function::new(ctx.clone(), move |id: f64| {
            handle(&s, id).is_some_and(|h| s.lp.borrow().port_has_ref(h))
        })?,
    )?;
    let s = shared.clone();
    host.set(
        "portClose",
        Function::new(ctx.clone(), move |id: f64| {
            if let Some(h) = handle(&s, id) {
                s.lp.borrow_mut().close_port(h);
            }
        })?,
    )?;
    // A port transferred away: the messages waiting on it, taken (they go
    // with it), and its handle closed here without disentangling it.
    let s = shared.clone();
    host.set(
        "shipPort",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>, id: f64| -> rquickjs::Result<Array<'js>> {
            let out = Array::new(ctx.clone())?;
            let Some(h) = handle(&s, id) else { return Ok(out) };
            s.ports.borrow_mut().entangled.remove(&(id as u64));
            let queued = s.lp.borrow_mut().take_port_queue(h);
            for (i, m) in queued.into_iter().enumerate() {
                if let NodeCallback::PortMessage(m) = m {
                    let pair = Array::new(ctx.clone())?;
                    pair.set(0, m.record.as_str())?;
                    pair.set(1, crate::threads::buffers_to_js(&ctx, m.buffers.clone())?)?;
                    out.set(i, pair)?;
                }
            }
            s.lp.borrow_mut().close_port(h);
            Ok(out)
        })?,
    )?;
    Ok(())
}
