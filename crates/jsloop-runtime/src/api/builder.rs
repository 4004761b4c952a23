//! Building a [`Runtime`](super::Runtime): [`RuntimeBuilder`](super::RuntimeBuilder)'s
//! settings and the host functions and modules an embedder adds.
use std::cell::RefCell;
use std::time::Duration;

use jsloop_core::remote::Inbox;
use jsloop_core::trace::{TraceSink, Tracer};
use jsloop_core::uv::MicrotaskMode;
use jsloop_core::ClockKind;
use rquickjs::{Ctx, Value};

use super::{Config, Error, HostKind, ModuleBuilder, Runtime, RuntimeBuilder, State};
use crate::browser::input::InputAction;
use crate::limits::Limits;
use crate::output::Output;
use crate::quickjs::host_fn::{AsyncHostFn, HostFunction, SyncHostFn};

impl Default for RuntimeBuilder {
    fn default() -> Self {
        RuntimeBuilder {
            host: HostKind::Node,
            clock: ClockKind::Real,
            tracer: Tracer::off(),
            fps: 60,
            max_time: None,
            input: Vec::new(),
            limits: Limits::default(),
            output: None,
            args: Vec::new(),
            microtasks: MicrotaskMode::PerCallback,
            unhandled_rejections: Default::default(),
            input_type: None,
            functions: Vec::new(),
            modules: Vec::new(),
            error: None,
            trace_workers: None,
            root: None,
        }
    }
}

impl RuntimeBuilder {
    /// Which event loop (default: [`HostKind::Node`]).
    pub fn host(mut self, host: HostKind) -> Self {
        self.host = host;
        self
    }

    /// The real clock (default) or the virtual one, which moves only when
    /// the loop waits, and then jumps.
    pub fn clock(mut self, clock: ClockKind) -> Self {
        self.clock = clock;
        self
    }

    /// Sends every step of the loop to `sink` (see [`jsloop_core::trace`]).
    pub fn trace(mut self, sink: impl TraceSink + 'static) -> Self {
        self.tracer = Tracer::to_sink(Box::new(sink));
        self
    }

    /// Uses an already made tracer (text, JSON lines, collecting).
    pub fn tracer(mut self, tracer: Tracer) -> Self {
        self.tracer = tracer;
        self
    }

    /// Traces every worker's loop too: `make` is called on the worker's
    /// thread with the loop's name (`worker 1 (w.js)`, `worker thread 1`)
    /// and returns its tracer (see [`Tracer::labeled`] and
    /// [`jsloop_core::trace::SharedWriter`] for one stream shared by all loops).
    pub fn trace_workers(mut self, make: impl Fn(&str) -> Tracer + Send + Sync + 'static) -> Self {
        self.trace_workers = Some(std::sync::Arc::new(make));
        self
    }

    /// Serves the page from the document root `dir`, as a web server would
    /// (browser host): its URL is `http://127.0.0.1:8000/` and its path
    /// beneath `dir`, and URLs beginning with `/` are read beneath `dir`.
    pub fn root(mut self, dir: impl Into<std::path::PathBuf>) -> Self {
        self.root = Some(dir.into());
        self
    }

    /// Rendering opportunities per second (browser host; default 60).
    pub fn fps(mut self, fps: u32) -> Self {
        self.fps = fps;
        self
    }

    /// Ends [`Runtime::run_to_end`] once the loop's clock reaches `limit`.
    pub fn max_time(mut self, limit: Duration) -> Self {
        self.max_time = Some(limit);
        self
    }

    /// Real user input, each action queued at its time on the user
    /// interaction task source (browser host; see [`crate::browser::input`]).
    pub fn input(mut self, input: Vec<InputAction>) -> Self {
        self.input = input;
        self
    }

    /// The watchdog, the interrupt flag, and the engine's memory and stack limits.
    pub fn limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    /// Where `console` (and error reports) write (default: the process's
    /// stdout and stderr).
    pub fn output(mut self, output: Output) -> Self {
        self.output = Some(output);
        self
    }

    /// `process.argv` after the script's path (node host).
    pub fn args(mut self, args: Vec<String>) -> Self {
        self.args = args;
        self
    }

    /// When nextTicks and microtasks run (node host; default: after every
    /// callback, as Node ≥ 11).
    pub fn node_microtasks(mut self, mode: MicrotaskMode) -> Self {
        self.microtasks = mode;
        self
    }

    /// What the node host does with a promise rejection no handler took
    /// (Node's `--unhandled-rejections`; default: throw).
    pub fn node_unhandled_rejections(mut self, mode: crate::node::UnhandledRejections) -> Self {
        self.unhandled_rejections = mode;
        self
    }

    /// Node host: `--input-type` (<https://nodejs.org/api/cli.html#--input-typetype>)
    /// for a main script that is no file (`[eval]`, `[stdin]`): `Some(true)`
    /// runs it as an ES module, `Some(false)` as CommonJS; `None` (the
    /// default) as CommonJS unless it only compiles as a module (Node 24's
    /// syntax detection).
    pub fn node_input_type(mut self, module: Option<bool>) -> Self {
        self.input_type = module;
        self
    }

    /// Installs a function written in Rust as a global (`"app.log"` makes
    /// `app` an object if it is not one). It runs on the loop's thread; a
    /// panic in it is thrown to the script as an `Error` (`host function
    /// NAME panicked: …`) and the loop goes on.
    ///
    /// ```
    /// use jsloop_runtime::{HostKind, Runtime};
    /// use rquickjs::{Ctx, Value};
    ///
    /// let mut rt = Runtime::builder()
    ///     .host(HostKind::Browser)
    ///     .function("math.twice", |ctx: Ctx<'_>, args: Vec<Value<'_>>| {
    ///         let n = args.first().and_then(|v| v.as_number()).unwrap_or(0.0);
    ///         Ok(Value::new_number(ctx, n * 2.0))
    ///     })
    ///     .build()?;
    /// rt.run_source("page.js", "globalThis.result = math.twice(21)")?;
    /// let result = rt.with(|ctx| ctx.globals().get::<_, i32>("result"))?;
    /// assert_eq!(result.unwrap(), 42);
    /// # Ok::<(), jsloop_runtime::Error>(())
    /// ```
    pub fn function<F>(self, name: &str, f: F) -> Self
    where
        F: for<'js> Fn(Ctx<'js>, Vec<Value<'js>>) -> rquickjs::Result<Value<'js>> + 'static,
    {
        let f: SyncHostFn = std::rc::Rc::new(f);
        self.register(name, HostFunction::Sync(f))
    }

    /// Installs an async function written in Rust as a global: it returns a
    /// promise, runs `f` on a thread of its own with the arguments as JSON,
    /// and settles the promise in a task on the networking task source
    /// (browser host) or a poll-phase callback (node host). The call keeps the
    /// loop alive until then; under the virtual clock it takes no virtual time.
    pub fn async_function<F>(self, name: &str, f: F) -> Self
    where
        F: Fn(Vec<serde_json::Value>) -> Result<serde_json::Value, String> + Send + Sync + 'static,
    {
        let f: AsyncHostFn = std::sync::Arc::new(f);
        self.register(name, HostFunction::Async(f))
    }

    /// Adds a module written in Rust: `require(name)` and `import { f } from
    /// name` in the node host (a built-in module, as `fs` is); in the browser
    /// host, whose classic scripts have no module loader, a global object of
    /// that name.
    ///
    /// ```
    /// use jsloop_runtime::{HostKind, Runtime};
    /// use rquickjs::{Ctx, Value};
    ///
    /// let mut rt = Runtime::builder()
    ///     .host(HostKind::Node)
    ///     .module("units", |m| {
    ///         m.function("toCelsius", |ctx: Ctx<'_>, args: Vec<Value<'_>>| {
    ///             let f = args.first().and_then(|v| v.as_number()).unwrap_or(0.0);
    ///             Ok(Value::new_number(ctx, (f - 32.0) * 5.0 / 9.0))
    ///         })
    ///     })
    ///     .build()?;
    /// rt.run_source("main.js", "globalThis.c = require('units').toCelsius(212)")?;
    /// assert_eq!(rt.with(|ctx| ctx.globals().get::<_, f64>("c"))?.unwrap(), 100.0);
    /// # Ok::<(), jsloop_runtime::Error>(())
    /// ```
    pub fn module(mut self, name: &str, build: impl FnOnce(ModuleBuilder) -> ModuleBuilder) -> Self {
        if self.error.is_some() {
            return self;
        }
        let m = build(ModuleBuilder { functions: Vec::new(), error: None });
        if let Some(e) = m.error {
            self.error = Some(e);
        } else if name.is_empty() || name.starts_with('.') || name.starts_with('/') {
            self.error = Some(Error::InvalidFunctionName(name.to_string()));
        } else if self.modules.iter().any(|(n, _)| n == name) {
            self.error = Some(Error::DuplicateFunction(name.to_string()));
        } else {
            self.modules.push((name.to_string(), m.functions));
        }
        self
    }

    fn register(mut self, name: &str, f: HostFunction) -> Self {
        if self.error.is_some() {
            return self;
        }
        if !name.split('.').all(is_identifier) {
            self.error = Some(Error::InvalidFunctionName(name.to_string()));
        } else if self.functions.iter().any(|(n, _)| n == name) {
            self.error = Some(Error::DuplicateFunction(name.to_string()));
        } else {
            self.functions.push((name.to_string(), f));
        }
        self
    }

    /// Builds the runtime. The engine starts when the first script is
    /// loaded (its name is the page's or main module's name).
    pub fn build(self) -> Result<Runtime, Error> {
        if let Some(e) = self.error {
            return Err(e);
        }
        let inbox = Inbox::new();
        let sender = inbox.sender();
        Ok(Runtime {
            state: RefCell::new(State::Configured(Box::new(Config { builder: self, inbox }))),
            sender,
        })
    }
}

impl ModuleBuilder {
    /// An export: a synchronous function (as [`RuntimeBuilder::function`]).
    pub fn function<F>(self, name: &str, f: F) -> Self
    where
        F: for<'js> Fn(Ctx<'js>, Vec<Value<'js>>) -> rquickjs::Result<Value<'js>> + 'static,
    {
        let f: SyncHostFn = std::rc::Rc::new(f);
        self.export(name, HostFunction::Sync(f))
    }

    /// An export: an async function (as [`RuntimeBuilder::async_function`]).
    pub fn async_function<F>(self, name: &str, f: F) -> Self
    where
        F: Fn(Vec<serde_json::Value>) -> Result<serde_json::Value, String> + Send + Sync + 'static,
    {
        let f: AsyncHostFn = std::sync::Arc::new(f);
        self.export(name, HostFunction::Async(f))
    }

    fn export(mut self, name: &str, f: HostFunction) -> Self {
        if self.error.is_some() {
        } else if !is_identifier(name) {
            self.error = Some(Error::InvalidFunctionName(name.to_string()));
        } else if self.functions.iter().any(|(n, _)| n == name) {
            self.error = Some(Error::DuplicateFunction(name.to_string()));
        } else {
            self.functions.push((name.to_string(), f));
        }
        self
    }
}

/// Whether `s` is a JavaScript identifier (as host function names must be).
fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_alphabetic() || c == '_' || c == '$')
        && chars.all(|c| c.is_alphanumeric() || c == '_' || c == '$')
}
