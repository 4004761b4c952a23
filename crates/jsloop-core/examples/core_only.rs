//! The core's HTML event loop with no JavaScript at all: a simulation in
//! which "script" is Rust closures, run under the virtual clock, with the
//! loop's trace printed as text.
//!
//! The simulated page chains `setTimeout(0)` seven times, queues a
//! microtask and posts a message. Once the timer nesting level is greater
//! than 5, the HTML Standard's timer initialization steps clamp the timeout
//! to 4 ms, so the seventh timer of the chain is due at 4 ms. The trace shows each task with its task
//! source, each timer with its nesting level and clamp, each microtask
//! checkpoint and each jump of the clock.
//!
//! ```text
//! cargo run -p jsloop-core --example core_only
//! ```
use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;

use jsloop_core::clock::millis;
use jsloop_core::html::{self, EventLoop, Host, Loop, LoopEnd, TaskInfo};
use jsloop_core::microtask::invoke_callback;
use jsloop_core::trace::{TraceFormat, Tracer};
use jsloop_core::{TaskSource, VirtualClock};

/// What "script" is in this simulation: a Rust closure.
type Script = dyn Fn(&Loop<Steps>, &Sim);

/// A task's steps, a timer handler or a microtask.
#[derive(Clone)]
struct Steps(Rc<Script>);

fn steps(f: impl Fn(&Loop<Steps>, &Sim) + 'static) -> Steps {
    Steps(Rc::new(f))
}

/// The simulated engine: a microtask queue and a console.
#[derive(Default)]
struct Sim {
    microtasks: RefCell<VecDeque<Steps>>,
    console: RefCell<Vec<String>>,
}

impl Sim {
    fn log(&self, lp: &Loop<Steps>, line: String) {
        println!("  console.log at {:>3} ms: {line}", millis(lp.borrow().now()));
        self.console.borrow_mut().push(line);
    }

    fn queue_microtask(&self, f: impl Fn(&Loop<Steps>, &Sim) + 'static) {
        self.microtasks.borrow_mut().push_back(steps(f));
    }
}

impl Host for Sim {
    type Steps = Steps;

    fn perform_steps(&self, lp: &Loop<Steps>, _task: &TaskInfo, steps: Steps) {
        invoke_callback(lp, self, || (steps.0)(lp, self));
    }

    fn run_oldest_microtask(&self, lp: &Loop<Steps>) -> bool {
        let oldest = self.microtasks.borrow_mut().pop_front();
        match oldest {
            Some(m) => {
                (m.0)(lp, self);
                true
            }
            None => false,
        }
    }
}

/// `setTimeout(f, timeout)`.
fn set_timeout(lp: &Loop<Steps>, timeout: i32, f: impl Fn(&Loop<Steps>, &Sim) + 'static) {
    lp.borrow_mut().timer_initialization_steps(steps(f), timeout, false, None, None);
}

/// A timer handler that logs, and starts the next timer of the chain.
fn chain(n: u32) -> impl Fn(&Loop<Steps>, &Sim) + 'static {
    move |lp, sim| {
        sim.log(lp, format!("timeout {n}"));
        if n < 7 {
            set_timeout(lp, 0, chain(n + 1));
        }
    }
}

// `pub`: tests/examples.rs runs it.
pub fn main() {
    let tracer = Tracer::new(Box::new(std::io::stdout()), TraceFormat::Text);
    let lp = EventLoop::new(Box::new(VirtualClock::new()), tracer).into_handle();
    let sim = Sim::default();

    // The page's script, run by the parser's task on the networking task source.
    let script = steps(|lp, sim| {
        set_timeout(lp, 0, chain(1));
        sim.queue_microtask(|lp, sim| sim.log(lp, "microtask".into()));
        // postMessage: a task on the posted message task source.
        lp.borrow_mut().queue_task(
            TaskSource::PostedMessage,
            "message event",
            None,
            steps(|lp, sim| sim.log(lp, "message".into())),
        );
        sim.log(lp, "script".into());
    });
    lp.borrow_mut().queue_task(TaskSource::Networking, "run the page's script", None, script);

    let end = html::run(&lp, &sim);
    println!("loop ended: {end:?} at {} ms of virtual time", millis(lp.borrow().now()));

    let console = sim.console.borrow();
    assert_eq!(console[..4], ["script", "microtask", "timeout 1", "message"]);
    assert_eq!(end, LoopEnd::Finished);
    assert_eq!(console.len(), 10);
    // Timers 1–6 ran at 0 ms; the seventh was clamped to 4 ms.
    assert_eq!(millis(lp.borrow().now()), 4.0);
}
