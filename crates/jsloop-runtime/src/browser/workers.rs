//! Dedicated workers in the browser host.
//!
//! <https://html.spec.whatwg.org/multipage/workers.html>
//!
//! `new Worker(url)` starts a thread that runs a [`BrowserSession`] whose
//! global is a DedicatedWorkerGlobalScope: its own QuickJS runtime, its own
//! HTML event loop (a worker event loop), the same core. The page and its
//! workers are the loops of one [`World`]: the program ends when all of them
//! are idle, and under the virtual clock they take turns and share one time
//! (see `jsloop_core::world`). A message is serialized where it is posted
//! (StructuredSerializeWithTransfer, in the glue), crosses threads as a
//! [`WorkerEvent`] in the receiving loop's inbox, becomes a task on its
//! posted message task source, and is deserialized in the receiving realm.
use std::cell::{Cell, RefCell};
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use jsloop_core::clock::ClockKind;
use jsloop_core::remote::{Inbox, InboxSender};
use jsloop_core::world::{Turn, World, WorldMember};
use jsloop_core::{TaskSource, Until};
use rquickjs::function::Opt;
use rquickjs::{Array, Ctx, Function, Object, Value};

use crate::browser::agents;
use crate::browser::{BrowserSession, Options, Page};
use crate::limits::Limits;
use crate::output::SharedOutput;
use crate::threads::{bytes_of, install_ports, send, ship_ports, world_for_child, Children, WorkerEvent};

/// What a worker's global knows about itself.
#[derive(Clone)]
pub(crate) struct WorkerScope {
    /// Its id in its parent's list of workers.
    pub id: u64,
    /// The parent's loop.
    pub parent: InboxSender,
    /// `name` from the Worker's options.
    pub name: String,
    /// The script's path (importScripts is relative to it).
    pub url: PathBuf,
    /// The script's URL (its `location`; with a query, as given).
    pub href: String,
    /// A module worker (`{ type: "module" }`).
    pub module: bool,
    /// A shared worker (its global a SharedWorkerGlobalScope).
    pub shared: bool,
    /// What the page's agents share.
    pub agents: crate::browser::agents::SharedAgents,
}

/// What a session needs to start as a worker.
pub(crate) struct WorkerInit {
    pub scope: WorkerScope,
    pub member: WorldMember,
    pub world: World,
}

/// A global's workers, and its place among the loops of its program.
pub(crate) struct Family {
    pub world: RefCell<Option<World>>,
    children: Children,
    next_child: Cell<u64>,
    /// Set when this global is a worker's.
    pub scope: Option<WorkerScope>,
    /// How workers are started: the page's clock, limits, fps and output.
    pub clock: ClockKind,
    pub limits: Limits,
    pub fps: u32,
    pub out: SharedOutput,
    /// The directory worker URLs are relative to.
    pub base_dir: PathBuf,
    /// `--root`: the document root the page is served from.
    pub root: Option<PathBuf>,
    /// Makes each worker's tracer.
    pub trace_workers: Option<jsloop_core::trace::TraceFactory>,
    /// What the page's agents share (BroadcastChannels, the lock
    /// manager), and this global's numbering of its channels.
    pub agents: crate::browser::agents::SharedAgents,
    pub channels: crate::browser::broadcast::Channels,
}

impl Family {
    pub(crate) fn new(
        scope: Option<WorkerScope>,
        world: Option<World>,
        clock: ClockKind,
        limits: Limits,
        fps: u32,
        out: SharedOutput,
        base_dir: PathBuf,
        root: Option<PathBuf>,
        trace_workers: Option<jsloop_core::trace::TraceFactory>,
        agents: Option<crate::browser::agents::SharedAgents>,
    ) -> Self {
        // (A worker's is its page's; a page's own is new.)
        let agents = agents.or_else(|| scope.as_ref().map(|s| s.agents.clone())).unwrap_or_default();
        Family {
            world: RefCell::new(world),
            children: Children::default(),
            next_child: Cell::new(1),
            scope,
            clock,
            limits,
            fps,
            out,
            base_dir,
            root,
            trace_workers,
            agents,
            channels: Default::default(),
        }
    }

    /// Numbers this global's workers from `first` on (an iframe's window
    /// numbers its workers apart from the page's: their events arrive on
    /// the one loop, and the number says whose worker it is).
    pub(crate) fn number_workers_from(&self, first: u64) {
        self.next_child.set(first);
        self.channels.number_from(first);
    }

    /// A worker said its loop ended: join its thread.
    pub(crate) fn exited(&self, id: u64) {
        self.children.exited(id);
    }

    /// Ends every worker this global started (when the global goes).
    pub(crate) fn end_children(&self) {
        let world = self.world.borrow().clone();
        self.children.end_all(world.as_ref());
    }
}

/// A blob: or data: URL's script, fetched by the caller: its text, or
/// null when the URL names nothing (the worker fails to load); undefined:
/// the worker reads its file.
fn fetched_text(fetched: Opt<Value<'_>>) -> Option<Option<String>> {
    match fetched.0 {
        Some(v) if !v.is_undefined() => Some(v.as_string().and_then(|s| s.to_string().ok())),
        _ => None,
    }
}

/// Starts a worker of `f` (a dedicated worker, or with `shared` a shared
/// worker): its loop joins the world, its thread runs it. Returns its id
/// among `f`'s workers, its loop's inbox and its terminate flag.
#[allow(clippy::too_many_arguments)]
fn start_worker(
    f: &Family,
    parent: &InboxSender,
    join_world: &dyn Fn(&World),
    url: String,
    kind: &str,
    name: String,
    fetched: Option<Option<String>>,
    shared: bool,
) -> (u64, InboxSender, Arc<AtomicBool>) {
    let world = world_for_child(&f.world, f.clock, join_world);
    let id = f.next_child.get();
    f.next_child.set(id + 1);
    // (A fetched worker's imports are relative to its creator's directory.)
    let path =
        if fetched.is_some() { f.base_dir.join("_") } else { locate(&f.base_dir, f.root.as_deref(), &url) };
    let href = match f.root.as_deref() {
        _ if fetched.is_some() => url.clone(),
        Some(root) => served_url(&f.base_dir, root, &url).map(String::from).unwrap_or_else(|| url.clone()),
        None => url_of(&path, None),
    };
    let inbox = Inbox::new();
    let member = world.join(format!("worker ({url})"), inbox.sender());
    let loop_id = member.id();
    // Workers are numbered across the program (the page is loop 1).
    let n = loop_id - 1;
    let label =
        if name.is_empty() { format!("worker {n} ({url})") } else { format!("worker {n} \"{name}\"") };
    let terminate = Arc::new(AtomicBool::new(false));
    let mut limits = f.limits.clone();
    limits.terminate = Some(terminate.clone());
    let spec = Spawn {
        inbox,
        init: WorkerInit {
            scope: WorkerScope {
                id,
                parent: parent.clone(),
                name,
                url: path,
                href,
                module: kind == "module",
                shared,
                agents: f.agents.clone(),
            },
            member,
            world,
        },
        module: kind == "module",
        clock: f.clock,
        limits,
        fps: f.fps,
        out: f.out.clone(),
        trace: f.trace_workers.clone(),
        label,
        root: f.root.clone(),
        fetched,
    };
    let child_inbox = spec.inbox.sender();
    f.children.spawn(
        id,
        format!("jsloop worker {id}"),
        child_inbox.clone(),
        terminate.clone(),
        loop_id,
        move || run_worker(spec),
    );
    (id, child_inbox, terminate)
}

/// Where a script URL (a `<script src>`, a worker's, an `importScripts`
/// one) is read from. `base` is the directory of the page or script it is
/// relative to. A local page (`root` None) treats `/` as its own directory,
/// a server root. A page served from a document root (`--root DIR`, as a
/// web server serves DIR) parses the URL against its own
/// ([`served_url`]); a URL of its origin ([`SERVED_ORIGIN`]) is the file
/// at its path beneath DIR, and any other (`data:`, another origin) names
/// no file: reading it fails.
pub(crate) fn locate(base: &Path, root: Option<&Path>, url: &str) -> PathBuf {
    let Some(root) = root else {
        let url = url.strip_prefix("file://").unwrap_or(url);
        let rel = url.trim_start_matches("./").trim_start_matches('/');
        return base.join(rel);
    };
    match served_url(base, root, url) {
        Some(u) if u.origin().ascii_serialization() == SERVED_ORIGIN => {
            let path = percent_encoding::percent_decode_str(u.path()).decode_utf8_lossy().into_owned();
            root.join(path.trim_start_matches('/'))
        }
        Some(u) if u.scheme() == "file" => u.to_file_path().unwrap_or_else(|_| PathBuf::from(url)),
        _ => PathBuf::from(url),
    }
}

/// With `--root`: `input` parsed against the URL of a file in the
/// directory `base` (the URL Standard's parser; None if it fails).
pub(crate) fn served_url(base: &Path, root: &Path, input: &str) -> Option<url::Url> {
    url::Url::parse(&url_of(&base.join("_"), Some(root))).ok()?.join(input).ok()
}

/// The URL of the file at `path`: beneath the document root `root` (a page
/// served with `--root`), `http://127.0.0.1:8000/` and its path there;
/// otherwise its `file:` URL.
pub(crate) fn url_of(path: &Path, root: Option<&Path>) -> String {
    let path = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    if let Some(rel) = root
        .and_then(|r| std::path::absolute(r).ok())
        .and_then(|r| path.strip_prefix(r).ok().map(Path::to_path_buf))
    {
        return format!("{SERVED_ORIGIN}/{}", rel.display());
    }
    format!("file://{}", path.display())
}

/// The origin of a page served with `--root`.
pub const SERVED_ORIGIN: &str = "http://127.0.0.1:8000";

/// The host functions the worker glue (15_workers.js) calls.
pub(crate) fn install<'js>(
    ctx: &Ctx<'js>,
    host: &Object<'js>,
    family: &Rc<Family>,
    lp_sender: InboxSender,
    on_close: Rc<dyn Fn()>,
    join_world: Rc<dyn Fn(&World)>,
) -> rquickjs::Result<()> {
    host.set("isWorker", family.scope.is_some())?;
    host.set("workerName", family.scope.as_ref().map(|s| s.name.clone()).unwrap_or_default())?;
    host.set("workerModule", family.scope.as_ref().is_some_and(|s| s.module))?;
    host.set("workerShared", family.scope.as_ref().is_some_and(|s| s.shared))?;
    // The name the worker's classic script runs under (run_worker's: its
    // URL when served or fetched, else its path): the place of an error
    // that carries none of its own.
    if let Some(s) = &family.scope {
        let from_url = s
            .href
            .get(..5)
            .is_some_and(|p| p.eq_ignore_ascii_case("blob:") || p.eq_ignore_ascii_case("data:"));
        let name =
            if family.root.is_some() || from_url { s.href.clone() } else { s.url.display().to_string() };
        host.set("workerScriptName", name)?;
    }

    let f = family.clone();
    let sender = lp_sender.clone();
    let join = join_world.clone();
    host.set(
        "createWorker",
        Function::new(
            ctx.clone(),
            move |url: String, kind: String, name: String, fetched: Opt<Value<'js>>| -> f64 {
                let fetched = fetched_text(fetched);
                start_worker(&f, &sender, join.as_ref(), url, &kind, name, fetched, false).0 as f64
            },
        )?,
    )?;

    let f = family.clone();
    let sender = lp_sender.clone();
    host.set(
        "connectSharedWorker",
        Function::new(
            ctx.clone(),
            move |url: String,
                  kind: String,
                  name: String,
                  fetched: Opt<Value<'js>>,
                  record: String,
                  buffers: Array<'js>,
                  ports: Vec<f64>|
                  -> f64 {
                // https://html.spec.whatwg.org/multipage/workers.html#dom-sharedworker
                // Step 12.4. If there is a SharedWorkerGlobalScope whose
                // constructor URL and name are these (and not closing), it
                // is the worker connected to; otherwise (Step 12.5) a new
                // worker is run, as this global's child.
                let key = (url.clone(), name.clone());
                let found = agents::lock(&f.agents)
                    .shared_workers
                    .get(&key)
                    .filter(|w| !w.terminate.load(std::sync::atomic::Ordering::SeqCst))
                    .map(|w| w.inbox.clone());
                let (id, inbox) = match found {
                    Some(inbox) => (0, inbox),
                    None => {
                        let fetched = fetched_text(fetched);
                        let (id, inbox, terminate) =
                            start_worker(&f, &sender, join_world.as_ref(), url, &kind, name, fetched, true);
                        let worker = agents::SharedWorker { inbox: inbox.clone(), terminate };
                        agents::lock(&f.agents).shared_workers.insert(key, worker);
                        (id, inbox)
                    }
                };
                // Step 12.4.3 / 12.5: queue a global task on the DOM
                // manipulation task source given the worker's global to fire
                // connect with the inside port (the message's one port).
                ship_ports(&ports, &inbox);
                let event = WorkerEvent::ToWorker { record, buffers: bytes_of(&buffers) };
                send(&inbox, TaskSource::DomManipulation, "connect to a shared worker", event);
                id as f64
            },
        )?,
    )?;

    let f = family.clone();
    host.set(
        "postToWorker",
        Function::new(ctx.clone(), move |id: f64, record: String, buffers: Array<'js>, ports: Vec<f64>| {
            f.children.post(id as u64, record, bytes_of(&buffers), &ports);
        })?,
    )?;

    let f = family.clone();
    host.set(
        "terminateWorker",
        Function::new(ctx.clone(), move |id: f64| {
            // https://html.spec.whatwg.org/multipage/workers.html#terminate-a-worker
            // The worker stops at its next check (its interrupt handler stops
            // running script); its thread is joined when it says it ended,
            // or when this global goes.
            f.children.terminate(id as u64, f.world.borrow().as_ref());
        })?,
    )?;

    install_ports(ctx, host, &lp_sender)?;

    let Some(scope) = family.scope.clone() else { return Ok(()) };
    let parent = scope.parent.clone();
    let id = scope.id;
    host.set(
        "postToParent",
        Function::new(ctx.clone(), move |record: String, buffers: Array<'js>, ports: Vec<f64>| {
            ship_ports(&ports, &parent);
            let event = WorkerEvent::FromWorker { worker: id, record, buffers: bytes_of(&buffers) };
            send(&parent, TaskSource::PostedMessage, "message from a worker", event);
        })?,
    )?;
    let parent = scope.parent.clone();
    host.set(
        "workerError",
        Function::new(ctx.clone(), move |message: String, filename: String, lineno: u32, colno: u32| {
            let event = WorkerEvent::Error { worker: id, message, filename, lineno, colno };
            send(&parent, TaskSource::DomManipulation, "error in a worker", event);
        })?,
    )?;
    host.set("closeWorker", Function::new(ctx.clone(), move || on_close())?)?;
    let dir = scope.url.parent().map(Path::to_path_buf).unwrap_or_default();
    let root = family.root.clone();
    host.set(
        "importScript",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>, url: String| -> rquickjs::Result<()> {
            // https://html.spec.whatwg.org/multipage/workers.html#import-scripts-into-worker-global-scope
            // A data: URL carries the script itself (the Fetch Standard's
            // data: URL processor; the body decoded as UTF-8).
            let is_data = url.get(..5).is_some_and(|p| p.eq_ignore_ascii_case("data:"));
            let path = locate(&dir, root.as_deref(), &url);
            let fetched = if is_data {
                crate::browser::url::data_url_body(&url).map(|b| String::from_utf8_lossy(&b).into_owned())
            } else {
                // (UTF-8 decode: an invalid byte sequence is U+FFFD.)
                std::fs::read(&path).ok().map(|b| String::from_utf8_lossy(&b).into_owned())
            };
            let Some(source) = fetched else {
                let message = format!(
                    "Failed to execute 'importScripts' on 'WorkerGlobalScope': The script at '{url}' failed to load."
                );
                let ctor: rquickjs::function::Constructor = ctx.globals().get("DOMException")?;
                let e: Value = ctor.construct((message, "NetworkError"))?;
                return Err(ctx.throw(e));
            };
            let name = match root.as_deref() {
                _ if is_data => url.clone(),
                Some(r) => served_url(&dir, r, &url).map(String::from).unwrap_or_else(|| url.clone()),
                None => path.display().to_string(),
            };
            let script = crate::quickjs::compile_classic_script(&ctx, &source, &name)?;
            crate::quickjs::run_compiled(&ctx, &script)?;
            Ok(())
        })?,
    )?;
    Ok(())
}

struct Spawn {
    inbox: Inbox,
    init: WorkerInit,
    module: bool,
    clock: ClockKind,
    limits: Limits,
    fps: u32,
    out: SharedOutput,
    trace: Option<jsloop_core::trace::TraceFactory>,
    label: String,
    root: Option<PathBuf>,
    /// The script of a blob: or data: URL (None inside: it named nothing);
    /// None: read the file at the worker's path.
    fetched: Option<Option<String>>,
}

/// A worker's thread: "run a worker", from fetching its script to the end
/// of its event loop.
fn run_worker(spec: Spawn) {
    let Spawn { inbox, init, module, clock, limits, fps, out, trace, label, root, fetched } = spec;
    let scope = init.scope.clone();
    let parent = scope.parent.clone();
    // Under the virtual clock nothing runs before this loop's turn.
    if init.member.wait_for_turn() == Turn::Done {
        return;
    }
    let name = scope.url.display().to_string();
    let from_url = fetched.is_some();
    let source = match fetched {
        Some(text) => text,
        // https://html.spec.whatwg.org/multipage/webappapis.html#fetch-a-classic-worker-script
        // Step 5 (process response): "UTF-8 decode" the body (an invalid
        // byte sequence is U+FFFD, never a failure).
        None => std::fs::read(&scope.url).ok().map(|b| String::from_utf8_lossy(&b).into_owned()),
    };
    let Some(source) = source else {
        // The fetch failed: an error event at the Worker object, and the
        // worker never runs.
        send(
            &parent,
            TaskSource::DomManipulation,
            "worker script failed to load",
            WorkerEvent::LoadFailed { worker: scope.id },
        );
        return;
    };
    let terminated = limits.terminate.clone();
    let mut options = Options::new(clock);
    options.fps = fps;
    options.limits = limits;
    options.inbox = Some(inbox);
    options.worker = Some(init);
    if let Some(factory) = &trace {
        options.tracer = factory(&label);
    }
    options.trace_workers = trace;
    let served = root.is_some();
    options.root = root;
    let Ok(session) = BrowserSession::new(&name, options, out) else {
        return;
    };
    // A served classic worker's script is named by its URL in errors and
    // stacks (a module keeps its path: its imports are files beside it).
    let script_name = if served || from_url { scope.href.clone() } else { name.clone() };
    let page = if module {
        Page::Module { name: &name, source: &source }
    } else {
        Page::Script { name: &script_name, source: &source }
    };
    if session.load(page).is_ok() {
        session.run_until(Until::Done);
    }
    // Its Web Locks locks are released, its lock requests dropped.
    crate::browser::locks::thread_ended(&scope.agents);
    // Tell the parent before leaving the world, so that (under the virtual
    // clock) the parent has it when its turn comes.
    let had_error = session.had_error();
    send(
        &parent,
        TaskSource::DomManipulation,
        "a worker ended",
        WorkerEvent::Exited { worker: scope.id, had_error, code: 0 },
    );
    let member = session.event_loop().borrow_mut().leave_world();
    drop(member);
    if terminated.is_some_and(|t| t.load(std::sync::atomic::Ordering::SeqCst)) {
        // A worker terminated while a module or a dynamic import was being
        // evaluated leaves QuickJS's async frames referenced, and freeing
        // its runtime then aborts the process (JS_FreeRuntime asserts that
        // every object is gone). A terminated worker's heap is left to the
        // process instead (docs/deviations.md).
        session.abandon();
    } else {
        drop(session);
    }
}
