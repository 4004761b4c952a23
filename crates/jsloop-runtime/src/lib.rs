//! jsloop's runtime: the engine-agnostic core ([`jsloop_core`]) bound to
//! QuickJS (through `rquickjs`), with either event loop: the HTML
//! Standard's window event loop (the *browser host*: a document, the DOM,
//! timers, `MessageChannel`, rendering opportunities, idle callbacks) or
//! Node's libuv loop (the *node host*: phases, `process.nextTick`,
//! `setImmediate`, `require` and `import`, `fs`, `net`).
//!
//! The embedding API is [`Runtime`], made by a [`RuntimeBuilder`]:
//!
//! - load scripts with [`Runtime::run_source`] / [`Runtime::run_file`];
//! - run the loop as far as you want: [`Runtime::run_until_idle`] (what is
//!   due now), [`Runtime::advance`] / [`Runtime::run_for`] (a stretch of
//!   clock time), [`Runtime::run_to_end`] (until nothing can ever run again,
//!   as the `jsloop` command does);
//! - feed real user input with [`Runtime::user_input`], queue host-side
//!   events with [`Runtime::queue_task`], and read or change globals with
//!   [`Runtime::with`];
//! - install functions written in Rust with [`RuntimeBuilder::function`] and
//!   [`RuntimeBuilder::async_function`];
//! - observe every step of the loop as data with [`RuntimeBuilder::trace`]
//!   and a [`jsloop_core::trace::TraceSink`] such as
//!   [`jsloop_core::trace::CollectSink`].
//!
//! Under [`ClockKind::Virtual`] time moves only when the loop has nothing
//! runnable, and then it jumps: a run is exact and repeatable, and an
//! embedder can step it like a fake-timer library.
//!
//! **Threads.** A [`Runtime`] lives on the thread that built it: it is
//! neither `Send` nor `Sync`, because the engine's values may not leave
//! their thread. What may cross threads is a [`RuntimeHandle`] (`Send +
//! Sync + Clone`), which queues work on the loop and wakes it, and a
//! [`PendingTask`] (`Send`), a task promised to the loop that keeps it alive
//! until delivered.
//!
//! # Embedding the browser host
//!
//! A page with a button; clicks fed from Rust as real user input (each
//! listener gets its own microtask checkpoint, unlike `el.click()` from
//! script); the paints read from the trace.
//!
//! ```
//! use std::cell::RefCell;
//! use std::rc::Rc;
//! use std::time::Duration;
//!
//! use jsloop_core::trace::{CollectSink, TraceEvent, TraceRecord};
//! use jsloop_runtime::input::InputAction;
//! use jsloop_runtime::{ClockKind, HostKind, Runtime};
//!
//! let records: Rc<RefCell<Vec<TraceRecord>>> = Rc::default();
//! let mut rt = Runtime::builder()
//!     .host(HostKind::Browser)
//!     .clock(ClockKind::Virtual)
//!     .trace(CollectSink(records.clone()))
//!     .build()?;
//! rt.run_source("page.html", r#"<!doctype html>
//!     <button id="b">add</button> <p id="count">0</p>
//!     <script>
//!       globalThis.log = [];
//!       const b = document.getElementById('b');
//!       b.addEventListener('click', () => {
//!         Promise.resolve().then(() => log.push('microtask'));
//!         log.push('listener 1');
//!         const p = document.getElementById('count');
//!         p.textContent = String(Number(p.textContent) + 1);
//!       });
//!       b.addEventListener('click', () => log.push('listener 2'));
//!     </script>"#)?;
//!
//! // A click at 100 ms on the loop's clock, then 200 ms of virtual time.
//! let click = InputAction { at_ms: 100.0, kind: "click".into(), target: "#b".into(), detail: None };
//! rt.user_input(click)?;
//! rt.advance(Duration::from_millis(200))?;
//! assert_eq!(rt.now(), Duration::from_millis(200));
//!
//! let log = rt.with(|ctx| ctx.globals().get::<_, Vec<String>>("log"))?.unwrap();
//! assert_eq!(log, ["listener 1", "microtask", "listener 2"]);
//!
//! // The paint that followed the click, as the trace reports it.
//! let paints: Vec<(f64, Vec<String>)> = records
//!     .borrow()
//!     .iter()
//!     .filter_map(|r| match &r.event {
//!         TraceEvent::Paint { changes, .. } if r.at_ms >= 100.0 => Some((r.at_ms, changes.clone())),
//!         _ => None,
//!     })
//!     .collect();
//! assert_eq!(paints.len(), 1);
//! assert!(paints[0].1.iter().any(|change| change.contains('1')));
//! # Ok::<(), jsloop_runtime::Error>(())
//! ```
//!
//! # Embedding the node host
//!
//! The main module runs at once, then its nextTicks and microtasks; the
//! loop's phases then run as far as the embedder asks.
//!
//! ```
//! use std::time::Duration;
//! use jsloop_runtime::{ClockKind, HostKind, Runtime};
//!
//! let mut rt = Runtime::builder().host(HostKind::Node).clock(ClockKind::Virtual).build()?;
//! rt.run_source("main.js", r#"
//!     globalThis.log = [];
//!     setTimeout(() => log.push('timeout 1000'), 1000);
//!     setImmediate(() => log.push('immediate'));
//!     Promise.resolve().then(() => log.push('promise'));
//!     process.nextTick(() => log.push('nextTick'));
//!     log.push('main');
//! "#)?;
//! let log = |rt: &mut Runtime| rt.with(|ctx| ctx.globals().get::<_, Vec<String>>("log")).unwrap().unwrap();
//!
//! // run_source ran everything due at time 0: the check phase, not the timer.
//! assert_eq!(log(&mut rt), ["main", "nextTick", "promise", "immediate"]);
//! rt.advance(Duration::from_millis(999))?;
//! assert_eq!(log(&mut rt).len(), 4);
//! rt.advance(Duration::from_millis(1))?;
//! assert_eq!(log(&mut rt).last().unwrap(), "timeout 1000");
//!
//! // Run to the end as `jsloop run` would: `beforeExit`, `exit`, the exit code.
//! let outcome = rt.run_to_end()?;
//! assert_eq!(outcome.exit_code, 0);
//! assert_eq!(rt.exit_code(), Some(0));
//! # Ok::<(), jsloop_runtime::Error>(())
//! ```
//!
//! # Host functions, and work from other threads
//!
//! A synchronous host function runs on the loop's thread and returns a
//! value; an async one returns a promise, runs on a thread of its own with
//! JSON arguments, and settles the promise in a task (browser host) or a
//! poll-phase callback (node host). A [`RuntimeHandle`] queues work from
//! any thread.
//!
//! ```
//! use jsloop_runtime::{ClockKind, HostKind, Runtime, TaskSource};
//! use rquickjs::{Ctx, Value};
//!
//! let mut rt = Runtime::builder()
//!     .host(HostKind::Browser)
//!     .clock(ClockKind::Virtual)
//!     .function("app.twice", |ctx: Ctx<'_>, args: Vec<Value<'_>>| {
//!         let n = args.first().and_then(|v| v.as_number()).unwrap_or(0.0);
//!         Ok(Value::new_number(ctx, n * 2.0))
//!     })
//!     .async_function("app.greet", |args| {
//!         let name = args.first().and_then(|v| v.as_str()).unwrap_or("nobody");
//!         Ok(serde_json::json!(format!("hello, {name}")))
//!     })
//!     .build()?;
//! rt.run_source("page.js", r#"
//!     globalThis.log = [String(app.twice(21))];
//!     app.greet('Ada').then((greeting) => log.push(greeting));
//! "#)?;
//!
//! // A task promised from another thread keeps the loop alive until it
//! // arrives; under the virtual clock the loop waits for it.
//! let promised = rt.handle().pending()?;
//! let thread = std::thread::spawn(move || {
//!     promised.complete(TaskSource::PostedMessage, "from a thread", |ctx| {
//!         ctx.eval::<(), _>("log.push('from a thread')")
//!     })
//! });
//! rt.run_until_idle()?;
//! thread.join().unwrap()?;
//!
//! let log = rt.with(|ctx| ctx.globals().get::<_, Vec<String>>("log"))?.unwrap();
//! assert_eq!(log, ["42", "hello, Ada", "from a thread"]);
//! # Ok::<(), jsloop_runtime::Error>(())
//! ```
//!
//! # How it is built
//!
//! The seam is [`jsloop_core::Host`]: the browser host's `engine::JsHost`
//! performs a task's steps by calling into QuickJS, runs the oldest
//! microtask from QuickJS's job queue, and hands rejected promises to the
//! glue; the node host implements [`jsloop_core::uv::NodeHost`] the same
//! way. Everything about *when* things run stays in the core. The modules
//! behind the [`Runtime`] (`engine`, `node`, `io`, `html_parser`) are
//! public for jsloop's own fuzz targets, hidden from these docs, and not
//! part of the stable API (docs/semver.md).
#![deny(missing_docs)]
pub mod api;
#[doc(hidden)]
pub mod browser;
pub(crate) mod compression;
pub(crate) mod crypto;
pub(crate) mod encoding;
#[doc(hidden)]
pub(crate) mod http_client;
pub(crate) mod intl;
pub mod limits;
#[doc(hidden)]
pub mod node;
pub mod output;
pub mod quickjs;
pub(crate) mod session;
pub(crate) mod sys;
pub(crate) mod threads;

pub use api::{Error, HostKind, ModuleBuilder, PendingTask, Runtime, RuntimeBuilder, RuntimeHandle};
pub use browser::input;
#[doc(hidden)]
pub use browser::parser as html_parser;
pub use browser::Outcome;
#[doc(hidden)]
pub use browser::{run_classic_script, run_page, Options, Page};
pub use input::InputAction;
/// The engine-agnostic core (trace events and sinks, the loops themselves),
/// so an embedder needs only this crate.
pub use jsloop_core as core;
pub use jsloop_core::uv::MicrotaskMode;
pub use jsloop_core::{ClockKind, LoopEnd, TaskSource};
#[doc(hidden)]
pub use node::io;
pub use node::UnhandledRejections;
pub use output::Output;
pub use quickjs::host_fn::{HostFunction, RemoteJob};

/// The README's code blocks: its Rust snippet ("Use it as a library") is
/// compiled and run with the other doctests, so it stays as shown.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeDoctests;
