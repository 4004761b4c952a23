//! The engine-agnostic core of jsloop.
//!
//! Everything that decides *when* code runs lives here, with no JavaScript
//! engine types: the [`clock`], the [`task`] queues and their sources, the
//! [`timers`] (the HTML Standard's timer initialization steps), the
//! [`microtask`] checkpoint, the HTML event loop processing model
//! ([`html`]) with its [`rendering`] opportunities and [`idle`] periods, and
//! the [`trace`] of every step.
//!
//! An engine binds to the core through one narrow seam, the [`html::Host`]
//! trait: it runs a task's steps, runs the oldest microtask, and notifies
//! about rejected promises. The tests in this crate drive the loop with plain
//! Rust closures as callbacks.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod clock;
pub mod html;
pub mod idle;
pub mod microtask;
pub mod remote;
pub mod rendering;
pub mod task;
pub mod timers;
pub mod trace;
pub mod uv;

pub use clock::{Clock, ClockKind, RealClock, VirtualClock};
pub use html::{EventLoop, Host, LoopEnd, Until};
pub use task::{Origin, Task, TaskSource, TaskSteps};
