//! jsloop's runtime: the engine-agnostic core bound to QuickJS (through
//! `rquickjs`).
//!
//! The seam is [`jsloop_core::Host`]: [`engine::JsHost`] performs a task's
//! steps by calling into QuickJS, runs the oldest microtask from QuickJS's
//! job queue, and hands rejected promises to the glue. Everything about
//! *when* things run stays in the core.
#![deny(missing_docs)]
pub mod api;
pub mod engine;
pub mod host_fn;
pub mod html_parser;
pub mod input;
pub mod io;
pub mod limits;
pub mod node;
pub mod output;

pub use api::{Error, HostKind, PendingTask, Runtime, RuntimeBuilder, RuntimeHandle};
pub use engine::{run_classic_script, run_page, Options, Outcome, Page};
pub use host_fn::{HostFunction, RemoteJob};
pub use jsloop_core::{ClockKind, LoopEnd, TaskSource};
pub use output::Output;
