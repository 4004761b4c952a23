//! Iframes: child navigables whose windows share the page's event loop.
//!
//! The HTML Standard puts every same-origin window of a page in one
//! similar-origin window agent: one event loop, one microtask queue, each
//! window its own realm (global object, Window and Document). Here each
//! iframe's window is a QuickJS context of the page's runtime (a realm of
//! its own: its own `Object`, `Array`, `DOMException`…), with the same glue
//! installed and the same HTML event loop. Objects pass between the realms
//! as they are (`iframe.contentWindow.document`, `window.parent`).
//! <https://html.spec.whatwg.org/multipage/webappapis.html#similar-origin-window-agent>
//! <https://html.spec.whatwg.org/multipage/document-sequences.html#create-a-new-child-navigable>
use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::ptr::NonNull;
use std::rc::Rc;

use rquickjs::runtime::WeakRuntime;
use rquickjs::{qjs, Context, Ctx, Function, Object, Runtime, Value};

use super::Shared;

/// The windows of one event loop beyond the page's own: their contexts and
/// state, kept until the page's session ends (a window lives as long as its
/// agent here: a removed iframe's window is only detached).
pub(crate) struct Agent {
    rt: RefCell<Option<WeakRuntime>>,
    windows: RefCell<Vec<(Context, Rc<Shared>)>>,
    /// The MessagePorts of iframes' windows that other threads reach, by
    /// id: the index of their window (a port not here is the page's).
    ports: RefCell<std::collections::HashMap<u64, usize>>,
    tracing: bool,
}

/// A worker's number, shifted right this far, is its window's index + 1
/// (0: the page's own window).
const WINDOW_SHIFT: u32 = 32;

impl Agent {
    /// The window that started worker number `worker` (None: the page's).
    pub(crate) fn window_of_worker(&self, worker: u64) -> Option<Rc<Shared>> {
        let index = (worker >> WINDOW_SHIFT) as usize;
        if index == 0 {
            return None;
        }
        self.windows.borrow().get(index - 1).map(|(_, s)| s.clone())
    }

    pub(crate) fn new(tracing: bool) -> Self {
        Agent {
            rt: RefCell::new(None),
            windows: RefCell::new(Vec::new()),
            ports: Default::default(),
            tracing,
        }
    }

    /// The index of an iframe's window (None: the page's own).
    pub(crate) fn index_of(&self, window: &Rc<Shared>) -> Option<usize> {
        self.windows.borrow().iter().position(|(_, s)| Rc::ptr_eq(s, window))
    }

    /// Port `port` is reached from other threads and lives in iframe window `index`.
    pub(crate) fn note_port(&self, port: u64, index: usize) {
        self.ports.borrow_mut().insert(port, index);
    }

    /// The window a message for port `port` from another thread is for
    /// (None: the page's).
    pub(crate) fn window_of_port(&self, port: u64) -> Option<Rc<Shared>> {
        let index = *self.ports.borrow().get(&port)?;
        self.windows.borrow().get(index).map(|(_, s)| s.clone())
    }

    /// The runtime the page's context belongs to (held weakly: the session
    /// owns it).
    pub(crate) fn set_runtime(&self, rt: &Runtime) {
        *self.rt.borrow_mut() = Some(rt.weak());
    }

    /// Ends every iframe's window: their glue and queues let go of the
    /// runtime's values, then their contexts are freed (before the page's
    /// context and the runtime).
    pub(crate) fn release(&self) {
        let windows = std::mem::take(&mut *self.windows.borrow_mut());
        for (context, shared) in &windows {
            super::hot::detach(context);
            shared.family.end_children();
            shared.agent.release();
            shared.let_go_of_js_values();
        }
        drop(windows);
    }
}

/// The host functions of frames: `createChildWindow(url, path)` and
/// `locate(src)`.
pub(super) fn install<'js>(
    ctx: &Ctx<'js>,
    host: &Object<'js>,
    shared: &Rc<Shared>,
    dog: &crate::limits::Watchdog,
) -> rquickjs::Result<()> {
    let s = shared.clone();
    let dog = dog.clone();
    host.set(
        "createChildWindow",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>, url: String, path: String| {
            create_child_window(&ctx, &s, url, PathBuf::from(path), &dog)
        })?,
    )?;
    // The file a URL relative to this document names (an iframe's src).
    let s = shared.clone();
    host.set(
        "locate",
        Function::new(ctx.clone(), move |src: String| -> String {
            crate::browser::workers::locate(&s.base_dir, s.family.root.as_deref(), &src).display().to_string()
        })?,
    )?;
    Ok(())
}

/// <https://html.spec.whatwg.org/multipage/document-sequences.html#create-a-new-child-navigable>
/// (the window part: a new realm, its global a Window, with its own
/// Document): a context of this runtime with the browser glue installed.
/// `url` is the document's URL, `path` the file its relative URLs resolve
/// against. Returns the new window's `frame` object (30_page.js).
fn create_child_window<'js>(
    ctx: &Ctx<'js>,
    parent: &Rc<Shared>,
    url: String,
    path: PathBuf,
    dog: &crate::limits::Watchdog,
) -> rquickjs::Result<Value<'js>> {
    let agent = parent.agent.clone();
    let Some(rt) = agent.rt.borrow().as_ref().and_then(WeakRuntime::try_ref) else {
        return Err(rquickjs::Error::Unknown);
    };
    // SAFETY: the runtime is locked (we are called from JavaScript running
    // in it); the new context is owned by `context` (one reference), and
    // `child` takes a reference of its own for this call.
    let (context, child) = unsafe {
        let raw = qjs::JS_NewContext(qjs::JS_GetRuntime(ctx.as_raw().as_ptr()));
        let raw = NonNull::new(raw).ok_or(rquickjs::Error::Allocation)?;
        (Context::from_raw(raw, rt), Ctx::<'js>::from_raw(raw))
    };
    let base_dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
    let pf = &parent.family;
    let family = Rc::new(crate::browser::workers::Family::new(
        None,
        None,
        pf.clock,
        pf.limits.clone(),
        pf.fps,
        parent.out.clone(),
        base_dir.clone(),
        pf.root.clone(),
        pf.trace_workers.clone(),
        Some(pf.agents.clone()),
    ));
    let shared = Shared::new(super::WindowParts {
        lp: parent.lp.clone(),
        out: parent.out.clone(),
        script_name: path.display().to_string(),
        base_dir,
        dog: dog.clone(),
        family,
        loaded: true,
        document_url: Some(url),
        agent: agent.clone(),
    });
    // Its workers are numbered (window index + 1) << 32 on, so that their
    // events, which arrive on the page's loop, find this window.
    let index = agent.windows.borrow().len() as u64;
    shared.family.number_workers_from((index + 1) << WINDOW_SHIFT);
    // Kept first, so that the window is released even if installing fails.
    agent.windows.borrow_mut().push((context, shared.clone()));
    super::globals::install_globals(&child, &shared, agent.tracing, dog)?;
    let frame = shared.glue.borrow().as_ref().and_then(|g| g.frame.clone());
    match frame {
        Some(frame) => Ok(frame.restore(&child)?.into_value()),
        None => Err(rquickjs::Error::Unknown),
    }
}
