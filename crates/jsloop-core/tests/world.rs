//! Two HTML event loops on two threads (a page and its worker), talking
//! through messages: deterministic under the virtual clock, and ending
//! together when the whole program is idle.
use std::collections::VecDeque;
use std::rc::Rc;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use jsloop_core::clock::{millis, ClockKind, RealClock};
use jsloop_core::html::{self, EventLoop, Host, Loop, LoopEnd, TaskInfo};
use jsloop_core::microtask::invoke_callback;
use jsloop_core::remote::{InboxSender, RemoteTask};
use jsloop_core::trace::Tracer;
use jsloop_core::world::{Turn, World};
use jsloop_core::TaskSource;

type Log = Arc<Mutex<Vec<String>>>;

#[derive(Clone)]
struct Steps(Rc<dyn Fn(&Loop<Steps>, &H)>);

/// A message: what the receiving loop does with it.
type Message = Box<dyn FnOnce(&Loop<Steps>, &H) + Send>;

#[derive(Clone)]
struct H {
    name: &'static str,
    log: Log,
    /// The other loop's inbox.
    peer: Arc<Mutex<Option<InboxSender>>>,
}

impl H {
    fn log(&self, lp: &Loop<Steps>, what: &str) {
        let at = millis(lp.borrow().now());
        self.log.lock().unwrap().push(format!("{} {what} @{at}", self.name));
    }
    fn send(&self, m: impl FnOnce(&Loop<Steps>, &H) + Send + 'static) {
        let peer = self.peer.lock().unwrap().clone().unwrap();
        let m: Message = Box::new(m);
        peer.send(TaskSource::PostedMessage, "message", Box::new(m)).unwrap();
    }
}

impl Host for H {
    type Steps = Steps;
    fn perform_steps(&self, lp: &Loop<Steps>, _task: &TaskInfo, steps: Steps) {
        invoke_callback(lp, self, || (steps.0)(lp, self));
    }
    fn run_oldest_microtask(&self, _lp: &Loop<Steps>) -> bool {
        false
    }
    fn accept_remote(&self, _lp: &Loop<Steps>, task: &mut RemoteTask) -> Option<Steps> {
        let payload = std::mem::replace(&mut task.payload, Box::new(()));
        let m = payload.downcast::<Message>().ok()?;
        let once = std::cell::RefCell::new(VecDeque::from([*m]));
        Some(Steps(Rc::new(move |lp, h| {
            if let Some(m) = once.borrow_mut().pop_front() {
                m(lp, h)
            }
        })))
    }
}

fn steps(f: impl Fn(&Loop<Steps>, &H) + 'static) -> Steps {
    Steps(Rc::new(f))
}

fn set_timeout(lp: &Loop<Steps>, ms: i32, f: impl Fn(&Loop<Steps>, &H) + 'static) {
    lp.borrow_mut().timer_initialization_steps(steps(f), ms, false, None, None);
}

/// The page pings the worker at 10 ms; the worker answers; each also has a
/// timer of its own. Returns the log and both loops' ends.
fn ping_pong(kind: ClockKind) -> (Vec<String>, LoopEnd, LoopEnd) {
    let world = World::new(kind);
    let log: Log = Arc::default();
    let clock = |w: &World| -> Box<dyn jsloop_core::Clock> {
        match w.clock_kind() {
            ClockKind::Virtual => Box::new(w.virtual_clock()),
            ClockKind::Real => Box::new(RealClock::new()),
        }
    };
    let page_inbox: Arc<Mutex<Option<InboxSender>>> = Arc::default();
    let worker_inbox: Arc<Mutex<Option<InboxSender>>> = Arc::default();

    let page = EventLoop::new(clock(&world), Tracer::off()).into_handle();
    *page_inbox.lock().unwrap() = Some(page.borrow().remote_sender());
    let member = world.join("page", page.borrow().remote_sender());
    page.borrow_mut().join_world(member);

    // The worker joins from the page's thread (a deterministic order), then
    // runs on its own thread once its turn comes.
    let (tx, rx) = std::sync::mpsc::channel::<InboxSender>();
    let worker = {
        let world = world.clone();
        let log = log.clone();
        let page_inbox = page_inbox.clone();
        let worker_inbox = worker_inbox.clone();
        std::thread::spawn(move || {
            let lp: Loop<Steps> = EventLoop::new(clock(&world), Tracer::off()).into_handle();
            tx.send(lp.borrow().remote_sender()).unwrap();
            let member = world.join("worker", lp.borrow().remote_sender());
            *worker_inbox.lock().unwrap() = Some(lp.borrow().remote_sender());
            if member.wait_for_turn() == Turn::Done {
                return LoopEnd::Finished;
            }
            lp.borrow_mut().join_world(member);
            let host = H { name: "worker", log, peer: page_inbox };
            lp.borrow_mut().queue_task(
                TaskSource::Networking,
                "worker script",
                None,
                steps(|lp, h| {
                    h.log(lp, "script");
                    set_timeout(lp, 5, |lp, h| h.log(lp, "timeout 5"));
                }),
            );
            html::run(&lp, &host)
        })
    };
    let _ = rx.recv().unwrap();
    // Wait until the worker has joined, so join order is fixed.
    while world.len() < 2 {
        std::thread::yield_now();
    }
    let host = H { name: "page", log: log.clone(), peer: worker_inbox };
    page.borrow_mut().queue_task(
        TaskSource::Networking,
        "page script",
        None,
        steps(|lp, h| {
            h.log(lp, "script");
            set_timeout(lp, 10, |lp, h| {
                h.log(lp, "timeout 10, ping");
                h.send(|lp, h| {
                    h.log(lp, "got ping, pong");
                    h.send(|lp, h| h.log(lp, "got pong"));
                });
            });
        }),
    );
    let page_end = html::run(&page, &host);
    let worker_end = worker.join().unwrap();
    let lines = log.lock().unwrap().clone();
    (lines, page_end, worker_end)
}

#[test]
fn under_the_virtual_clock_two_loops_take_turns_and_share_time() {
    let expected = [
        "page script @0",
        "worker script @0",
        "worker timeout 5 @5",
        "page timeout 10, ping @10",
        "worker got ping, pong @10",
        "page got pong @10",
    ];
    for _ in 0..20 {
        let (lines, page_end, worker_end) = ping_pong(ClockKind::Virtual);
        assert_eq!(lines, expected);
        assert_eq!((page_end, worker_end), (LoopEnd::Finished, LoopEnd::Finished));
    }
}

#[test]
fn under_the_real_clock_the_loops_end_together_when_all_are_idle() {
    let (lines, page_end, worker_end) = ping_pong(ClockKind::Real);
    let names: Vec<String> =
        lines.iter().map(|l| l.rsplit_once(" @").map(|(a, _)| a.to_string()).unwrap()).collect();
    // The worker's script and timer run in parallel with the page's, so
    // only the message exchange's order is fixed.
    let at = |what: &str| names.iter().position(|n| n == what).unwrap();
    assert!(at("page timeout 10, ping") < at("worker got ping, pong"));
    assert!(at("worker got ping, pong") < at("page got pong"));
    assert_eq!(names.len(), 6);
    assert_eq!((page_end, worker_end), (LoopEnd::Finished, LoopEnd::Finished));
    let _ = Duration::ZERO;
}

#[test]
/// <https://html.spec.whatwg.org/multipage/workers.html#dom-workerglobalscope-close>:
/// close() discards the tasks already queued (Step 1) and sets the closing
/// flag, so tasks queued later are discarded too (Step 2).
fn a_closing_worker_loop_discards_queued_and_new_tasks_and_ends() {
    let lp: Loop<Steps> =
        EventLoop::new(Box::new(jsloop_core::VirtualClock::new()), Tracer::off()).into_handle();
    let log: Log = Arc::default();
    let host = H { name: "worker", log: log.clone(), peer: Arc::default() };
    lp.borrow_mut().queue_task(
        TaskSource::Networking,
        "script",
        None,
        steps(|lp, h| {
            lp.borrow_mut().queue_task(
                TaskSource::PostedMessage,
                "queued before close",
                None,
                steps(|lp, h| h.log(lp, "discarded too")),
            );
            lp.borrow_mut().set_closing();
            lp.borrow_mut().queue_task(
                TaskSource::PostedMessage,
                "queued after close",
                None,
                steps(|lp, h| h.log(lp, "discarded")),
            );
            set_timeout(lp, 0, |lp, h| h.log(lp, "timer discarded"));
            h.log(lp, "script");
        }),
    );
    assert_eq!(html::run(&lp, &host), LoopEnd::Finished);
    assert_eq!(*log.lock().unwrap(), ["worker script @0"]);
}
