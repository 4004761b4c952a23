//! The engine-agnostic core of jsloop.
//!
//! Everything that decides *when* code runs lives here, with no JavaScript
//! engine types: the [`clock`], the [`task`] queues and their sources, the
//! [`timers`] (the HTML Standard's timer initialization steps), the
//! [`microtask`] checkpoint, the HTML event loop processing model
//! ([`html`]) with its [`rendering`] opportunities and [`idle`] periods,
//! Node's libuv-style loop ([`uv`]), work sent from other threads
//! ([`remote`]), and the [`trace`] of every step.
//!
//! An engine binds to the core through one narrow seam per loop: the
//! [`html::Host`] trait (it runs a task's steps, runs the oldest microtask,
//! and notifies about rejected promises) and the [`uv::NodeHost`] trait (it
//! calls a callback and drains the microtask queue). Nothing in either
//! requires JavaScript: the examples below, like this crate's tests, drive
//! both loops with plain Rust closures, which makes the core usable on its
//! own for simulations or to test the scheduling of another engine.
//!
//! A loop and its host live on one thread (they are shared through
//! `Rc<RefCell<…>>` handles, [`html::Loop`] and [`uv::UvHandle`]). What may
//! cross threads is a [`remote::InboxSender`] and its [`remote::KeepAlive`]
//! tickets.
//!
//! # The HTML event loop, with closures for script
//!
//! A host whose "script" is Rust closures and whose microtask queue is a
//! `VecDeque` of them. The first task (as the parser's task runs a page's
//! script, on the networking task source) starts a one-second timer and
//! queues a microtask; under the [`VirtualClock`] the loop jumps straight to
//! the timer's deadline.
//!
//! ```
//! use std::cell::RefCell;
//! use std::collections::VecDeque;
//! use std::rc::Rc;
//! use std::time::Duration;
//!
//! use jsloop_core::html::{self, EventLoop, Host, Loop, LoopEnd, TaskInfo, Until};
//! use jsloop_core::microtask::invoke_callback;
//! use jsloop_core::trace::Tracer;
//! use jsloop_core::{TaskSource, VirtualClock};
//!
//! /// A task's steps, a timer's handler or a microtask: a Rust closure.
//! #[derive(Clone)]
//! struct Steps(Rc<dyn Fn(&Loop<Steps>, &Sim)>);
//!
//! fn steps(f: impl Fn(&Loop<Steps>, &Sim) + 'static) -> Steps {
//!     Steps(Rc::new(f))
//! }
//!
//! /// The host: a log, and a microtask queue.
//! #[derive(Default)]
//! struct Sim {
//!     log: RefCell<Vec<String>>,
//!     microtasks: RefCell<VecDeque<Steps>>,
//! }
//!
//! impl Sim {
//!     fn log(&self, line: &str) {
//!         self.log.borrow_mut().push(line.to_string());
//!     }
//! }
//!
//! impl Host for Sim {
//!     type Steps = Steps;
//!
//!     fn perform_steps(&self, lp: &Loop<Steps>, _task: &TaskInfo, steps: Steps) {
//!         // Calling "script": when the callback returns with an empty stack,
//!         // "clean up after running script" performs a microtask checkpoint.
//!         invoke_callback(lp, self, || (steps.0)(lp, self));
//!     }
//!
//!     fn run_oldest_microtask(&self, lp: &Loop<Steps>) -> bool {
//!         let oldest = self.microtasks.borrow_mut().pop_front();
//!         match oldest {
//!             Some(m) => {
//!                 (m.0)(lp, self);
//!                 true
//!             }
//!             None => false,
//!         }
//!     }
//! }
//!
//! let lp = EventLoop::new(Box::new(VirtualClock::new()), Tracer::off()).into_handle();
//! let sim = Sim::default();
//! lp.borrow_mut().queue_task(TaskSource::Networking, "script", None, steps(|lp, sim| {
//!     // setTimeout(handler, 1000)
//!     let handler = steps(|lp, sim| {
//!         let now = lp.borrow().now();
//!         sim.log(&format!("timeout at {now:?}"));
//!     });
//!     lp.borrow_mut().timer_initialization_steps(handler, 1000, false, None, None);
//!     // queueMicrotask(...)
//!     sim.microtasks.borrow_mut().push_back(steps(|_, sim| sim.log("microtask")));
//!     sim.log("script");
//! }));
//!
//! // Drive the loop by hand: up to 500 ms, the script and its microtask run.
//! let end = html::run_until(&lp, &sim, Until::Time(Duration::from_millis(500)));
//! assert_eq!(end, LoopEnd::Paused);
//! assert_eq!(*sim.log.borrow(), ["script", "microtask"]);
//! assert_eq!(lp.borrow().now(), Duration::from_millis(500));
//!
//! // Then until nothing can ever run again: the clock jumps to the timer.
//! assert_eq!(html::run(&lp, &sim), LoopEnd::Finished);
//! assert_eq!(*sim.log.borrow(), ["script", "microtask", "timeout at 1s"]);
//! ```
//!
//! # Node's loop: libuv's phases, nextTick and microtasks
//!
//! The same idea with [`uv::NodeHost`]. Inside a timer's callback,
//! `setImmediate` always runs before `setTimeout(0)` (the check phase comes
//! before the next timers phase), and `process.nextTick` runs before either,
//! right after the callback, followed by the microtask queue
//! ([`uv::process_ticks_and_rejections`]).
//!
//! ```
//! use std::cell::RefCell;
//! use std::collections::VecDeque;
//! use std::rc::Rc;
//!
//! use jsloop_core::html::{LoopEnd, Until};
//! use jsloop_core::trace::Tracer;
//! use jsloop_core::uv::{self, CallbackKind, NodeHost, UvHandle, UvLoop};
//! use jsloop_core::VirtualClock;
//!
//! #[derive(Clone)]
//! struct Cb(Rc<dyn Fn(&UvHandle<Cb>, &Sim)>);
//!
//! fn cb(f: impl Fn(&UvHandle<Cb>, &Sim) + 'static) -> Cb {
//!     Cb(Rc::new(f))
//! }
//!
//! #[derive(Default)]
//! struct Sim {
//!     log: RefCell<Vec<String>>,
//!     microtasks: RefCell<VecDeque<Cb>>,
//! }
//!
//! impl Sim {
//!     fn log(&self, line: &str) {
//!         self.log.borrow_mut().push(line.to_string());
//!     }
//! }
//!
//! impl NodeHost for Sim {
//!     type Callback = Cb;
//!     type Timer = Cb;
//!
//!     fn call(&self, lp: &UvHandle<Cb>, _kind: CallbackKind, callback: Cb) {
//!         (callback.0)(lp, self)
//!     }
//!
//!     fn run_microtasks(&self, lp: &UvHandle<Cb>) {
//!         loop {
//!             let next = self.microtasks.borrow_mut().pop_front();
//!             let Some(m) = next else { break };
//!             (m.0)(lp, self);
//!         }
//!     }
//! }
//!
//! let lp = UvLoop::new(Box::new(VirtualClock::new()), Tracer::off()).into_handle();
//! let sim = Sim::default();
//!
//! // The main module: setTimeout(..., 10).
//! lp.borrow_mut().start_timer(
//!     cb(|lp, sim| {
//!         sim.log("timer");
//!         lp.borrow_mut().start_timer(cb(|_, sim| sim.log("setTimeout 0")), 0.0, false);
//!         lp.borrow_mut().set_immediate(cb(|_, sim| sim.log("setImmediate")));
//!         sim.microtasks.borrow_mut().push_back(cb(|_, sim| sim.log("promise")));
//!         lp.borrow_mut().next_tick(cb(|_, sim| sim.log("nextTick")));
//!     }),
//!     10.0,
//!     false,
//! );
//! // After the main module, Node drains nextTicks and microtasks, then runs
//! // the loop until it is no longer alive (with `beforeExit`).
//! uv::process_ticks_and_rejections(&lp, &sim);
//! assert_eq!(uv::run_until(&lp, &sim, Until::Done), LoopEnd::Finished);
//!
//! assert_eq!(*sim.log.borrow(), ["timer", "nextTick", "promise", "setImmediate", "setTimeout 0"]);
//! ```
//!
//! # The trace as data
//!
//! Every step the loop takes is a [`trace::TraceEvent`], stamped with the
//! loop's clock. [`trace::CollectSink`] keeps the records in a shared list
//! (any [`trace::TraceSink`] can receive them; the JSON lines form is their
//! `serde` serialization, documented in docs/trace.md).
//!
//! ```
//! # use std::cell::RefCell;
//! # use std::collections::VecDeque;
//! # use std::rc::Rc;
//! # use jsloop_core::html::{self, EventLoop, Host, Loop, TaskInfo};
//! # use jsloop_core::microtask::invoke_callback;
//! # #[derive(Clone)]
//! # struct Steps(Rc<dyn Fn(&Loop<Steps>, &Sim)>);
//! # fn steps(f: impl Fn(&Loop<Steps>, &Sim) + 'static) -> Steps {
//! #     Steps(Rc::new(f))
//! # }
//! # #[derive(Default)]
//! # struct Sim {
//! #     microtasks: RefCell<VecDeque<Steps>>,
//! # }
//! # impl Host for Sim {
//! #     type Steps = Steps;
//! #     fn perform_steps(&self, lp: &Loop<Steps>, _task: &TaskInfo, steps: Steps) {
//! #         invoke_callback(lp, self, || (steps.0)(lp, self));
//! #     }
//! #     fn run_oldest_microtask(&self, lp: &Loop<Steps>) -> bool {
//! #         let oldest = self.microtasks.borrow_mut().pop_front();
//! #         oldest.map(|m| (m.0)(lp, self)).is_some()
//! #     }
//! # }
//! use jsloop_core::trace::{CollectSink, TraceEvent, TraceRecord, Tracer};
//! use jsloop_core::{TaskSource, VirtualClock};
//!
//! // (`Sim`, `Steps` and `steps` as in the first example.)
//! let records: Rc<RefCell<Vec<TraceRecord>>> = Rc::default();
//! let tracer = Tracer::to_sink(Box::new(CollectSink(records.clone())));
//! let lp = EventLoop::new(Box::new(VirtualClock::new()), tracer).into_handle();
//! let sim = Sim::default();
//! lp.borrow_mut().queue_task(TaskSource::Networking, "script", None, steps(|lp, _| {
//!     lp.borrow_mut().timer_initialization_steps(steps(|_, _| {}), 40, false, None, None);
//! }));
//! html::run(&lp, &sim);
//!
//! let records = records.borrow();
//! // Which tasks ran, on which task source, and when.
//! let tasks: Vec<(f64, TaskSource)> = records
//!     .iter()
//!     .filter_map(|r| match &r.event {
//!         TraceEvent::TaskStart { source, .. } => Some((r.at_ms, *source)),
//!         _ => None,
//!     })
//!     .collect();
//! assert_eq!(tasks, [(0.0, TaskSource::Networking), (40.0, TaskSource::Timer)]);
//! // Nothing was runnable between them, so the clock jumped.
//! assert!(records.iter().any(|r| matches!(
//!     r.event,
//!     TraceEvent::ClockAdvance { from_ms, to_ms } if from_ms == 0.0 && to_ms == 40.0
//! )));
//! // The same record as a line of `--trace=json`.
//! let timer = records.iter().find(|r| matches!(r.event, TraceEvent::TimerStart { .. })).unwrap();
//! let json = serde_json::to_string(timer).unwrap();
//! assert!(json.starts_with(r#"{"at_ms":0.0,"event":"timer-start","timer":1,"kind":"setTimeout""#));
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod clock;
pub mod html;
pub mod remote;
pub mod run;
pub mod task_source;
pub mod trace;
pub mod uv;
pub mod world;

// The HTML loop's parts, at the paths they had before they moved into html/.
pub use html::{idle, microtask, rendering, task, timers};

pub use clock::{Clock, ClockKind, RealClock, VirtualClock};
pub use html::{EventLoop, Host, LoopEnd, Until};
pub use task::{Origin, Task, TaskSource, TaskSteps};
