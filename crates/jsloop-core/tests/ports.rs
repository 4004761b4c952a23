//! Port message queues in the HTML event loop (`html::ports`), driven with
//! plain Rust closures as the messages' steps.
use std::cell::RefCell;
use std::rc::Rc;

use jsloop_core::clock::VirtualClock;
use jsloop_core::html::{self, EventLoop, Host, Loop, TaskInfo};
use jsloop_core::microtask::invoke_callback;
use jsloop_core::trace::Tracer;
use jsloop_core::TaskSource;

#[derive(Clone)]
struct Steps(Rc<dyn Fn(&Loop<Steps>, &Log)>);

#[derive(Clone, Default)]
struct Log(Rc<RefCell<Vec<String>>>);

impl Log {
    fn push(&self, s: impl Into<String>) {
        self.0.borrow_mut().push(s.into());
    }
}

impl Host for Log {
    type Steps = Steps;
    fn perform_steps(&self, lp: &Loop<Steps>, task: &TaskInfo, steps: Steps) {
        self.push(format!("task {} [{}] {}", task.id, task.source, task.label));
        invoke_callback(lp, self, || (steps.0)(lp, self));
    }
    fn run_oldest_microtask(&self, _lp: &Loop<Steps>) -> bool {
        false
    }
}

fn steps(f: impl Fn(&Loop<Steps>, &Log) + 'static) -> Steps {
    Steps(Rc::new(f))
}

fn message(text: &'static str) -> Steps {
    steps(move |_, log| log.push(format!("  message {text}")))
}

/// Runs `script` as the first task, then the loop until it is idle.
fn run(script: impl Fn(&Loop<Steps>, &Log) + 'static) -> Vec<String> {
    let lp: Loop<Steps> = EventLoop::new(Box::new(VirtualClock::new()), Tracer::off()).into_handle();
    let log = Log::default();
    lp.borrow_mut().queue_task(TaskSource::Networking, "script", None, steps(script));
    html::run(&lp, &log);
    let lines = log.0.borrow().clone();
    lines
}

/// A MessageChannel: ports 1 and 2, entangled.
fn channel(lp: &Loop<Steps>) {
    let mut l = lp.borrow_mut();
    l.open_port(1);
    l.open_port(2);
    l.entangle_ports(1, 2);
}

#[test]
fn a_message_to_a_disabled_port_waits_until_start_and_then_queues_behind_earlier_tasks() {
    let lines = run(|lp, _| {
        channel(lp);
        let mut l = lp.borrow_mut();
        assert!(l.queue_port_message(2, "MessagePort message", None, message("a")));
        assert!(l.queue_port_message(2, "MessagePort message", None, message("b")));
        assert_eq!(l.port_messages_waiting(2), 2);
        l.queue_task(TaskSource::DomManipulation, "queued before start()", None, steps(|_, _| {}));
        l.enable_port(2);
        // (The first is a task now; the second waits for it to be done.)
        assert_eq!(l.port_messages_waiting(2), 1);
    });
    assert_eq!(
        lines,
        [
            "task 1 [networking] script",
            "task 2 [dom-manipulation] queued before start()",
            "task 3 [posted-message] MessagePort message",
            "  message a",
            "task 4 [posted-message] MessagePort message",
            "  message b",
        ]
    );
}

#[test]
fn an_enabled_ports_first_message_is_a_task_at_once_and_the_rest_wait_for_it() {
    // The first message is a task alone; the second and third become tasks
    // together when it is done: after a task queued before that (Chromium's
    // order).
    let lines = run(|lp, _| {
        channel(lp);
        let mut l = lp.borrow_mut();
        l.enable_port(1);
        l.queue_port_message(1, "MessagePort message", None, message("first"));
        l.queue_port_message(1, "MessagePort message", None, message("second"));
        assert_eq!(l.port_messages_waiting(1), 1);
        l.queue_task(TaskSource::DomManipulation, "between", None, steps(|_, _| {}));
        l.queue_port_message(1, "MessagePort message", None, message("third"));
    });
    assert_eq!(
        lines,
        [
            "task 1 [networking] script",
            "task 2 [posted-message] MessagePort message",
            "  message first",
            "task 3 [dom-manipulation] between",
            "task 4 [posted-message] MessagePort message",
            "  message second",
            "task 5 [posted-message] MessagePort message",
            "  message third",
        ]
    );
}

#[test]
fn a_message_waiting_behind_two_tasks_becomes_a_task_when_the_first_has_run() {
    // Two of port 1's messages are tasks; another task posts a third to it,
    // which waits; when the first of the two has run it is a task, so it
    // goes before a task the second queues (Chromium's connector tops its
    // tasks up after every message).
    let lines = run(|lp, _| {
        channel(lp);
        let mut l = lp.borrow_mut();
        l.enable_port(1);
        l.queue_port_message(1, "MessagePort message", None, message("first"));
        l.queue_port_message(1, "MessagePort message", None, message("a"));
        l.queue_port_message(
            1,
            "MessagePort message",
            None,
            steps(|lp, log| {
                log.push("  message b");
                lp.borrow_mut().queue_task(
                    TaskSource::DomManipulation,
                    "queued by b",
                    None,
                    steps(|_, _| {}),
                );
            }),
        );
        l.queue_task(
            TaskSource::DomManipulation,
            "posts c",
            None,
            steps(|lp, _| {
                let mut l = lp.borrow_mut();
                l.queue_port_message(1, "MessagePort message", None, message("c"));
                assert_eq!(l.port_messages_waiting(1), 1);
            }),
        );
    });
    assert_eq!(
        lines,
        [
            "task 1 [networking] script",
            "task 2 [posted-message] MessagePort message",
            "  message first",
            "task 3 [dom-manipulation] posts c",
            "task 4 [posted-message] MessagePort message",
            "  message a",
            "task 5 [posted-message] MessagePort message",
            "  message b",
            "task 6 [posted-message] MessagePort message",
            "  message c",
            "task 7 [dom-manipulation] queued by b",
        ]
    );
}

#[test]
fn close_disentangles_both_ports_and_drops_later_messages_but_not_queued_tasks() {
    let lines = run(|lp, _| {
        channel(lp);
        let mut l = lp.borrow_mut();
        l.enable_port(2);
        assert_eq!(l.entangled_port(1), Some(2));
        l.queue_port_message(2, "MessagePort message", None, message("before close"));
        l.close_port(2);
        assert_eq!(l.entangled_port(1), None);
        assert_eq!(l.entangled_port(2), None);
        assert!(!l.queue_port_message(2, "MessagePort message", None, message("after close")));
    });
    assert_eq!(
        lines,
        [
            "task 1 [networking] script",
            "task 2 [posted-message] MessagePort message",
            "  message before close"
        ]
    );
}

#[test]
fn a_shipped_port_takes_its_waiting_messages_and_its_partner_stays_entangled_by_id() {
    let lines = run(|lp, log| {
        channel(lp);
        let mut l = lp.borrow_mut();
        l.queue_port_message(2, "MessagePort message", None, message("carried"));
        let (partner, waiting) = l.ship_port(2);
        assert_eq!(partner, Some(1));
        assert_eq!(waiting.len(), 1);
        assert!(!l.has_port(2));
        assert_eq!(l.entangled_port(1), Some(2));
        // The port arrives again (a message carried it back): the messages
        // go into its new queue, which start() enables.
        l.open_port(2);
        l.entangle_ports(2, 1);
        for steps in waiting {
            l.queue_port_message(2, "MessagePort message", None, steps);
        }
        l.enable_port(2);
        log.push("shipped and back");
    });
    assert_eq!(
        lines,
        [
            "task 1 [networking] script",
            "shipped and back",
            "task 2 [posted-message] MessagePort message",
            "  message carried"
        ]
    );
}

#[test]
fn a_shipped_port_takes_the_messages_already_tasks_out_of_the_task_queue() {
    // Port 2's first message is running when the port is shipped: its two
    // other messages are tasks by then (they became tasks when an earlier
    // one ran) and go with the port, ahead of one still waiting.
    let lines = run(|lp, _| {
        channel(lp);
        let mut l = lp.borrow_mut();
        l.enable_port(2);
        l.queue_port_message(2, "MessagePort message", None, message("zero"));
        l.queue_port_message(
            2,
            "MessagePort message",
            None,
            steps(|lp, log| {
                log.push("  message one ships its port");
                let mut l = lp.borrow_mut();
                l.queue_port_message(2, "MessagePort message", None, message("four"));
                let (partner, carried) = l.ship_port(2);
                assert_eq!(partner, Some(1));
                assert_eq!(carried.len(), 3);
                l.open_port(2);
                l.entangle_ports(2, 1);
                for steps in carried {
                    l.queue_port_message(2, "MessagePort message", None, steps);
                }
                l.queue_task(
                    TaskSource::DomManipulation,
                    "enables the port again",
                    None,
                    steps(|lp, _| lp.borrow_mut().enable_port(2)),
                );
            }),
        );
        l.queue_port_message(2, "MessagePort message", None, message("two"));
        l.queue_port_message(2, "MessagePort message", None, message("three"));
    });
    assert_eq!(
        lines,
        [
            "task 1 [networking] script",
            "task 2 [posted-message] MessagePort message",
            "  message zero",
            "task 3 [posted-message] MessagePort message",
            "  message one ships its port",
            "task 6 [dom-manipulation] enables the port again",
            "task 7 [posted-message] MessagePort message",
            "  message two",
            "task 8 [posted-message] MessagePort message",
            "  message three",
            "task 9 [posted-message] MessagePort message",
            "  message four",
        ]
    );
}

#[test]
fn entangling_a_port_again_disentangles_its_old_partner() {
    run(|lp, _| {
        channel(lp);
        let mut l = lp.borrow_mut();
        l.open_port(3);
        l.entangle_ports(1, 3);
        assert_eq!(l.entangled_port(1), Some(3));
        assert_eq!(l.entangled_port(3), Some(1));
        assert_eq!(l.entangled_port(2), None);
        // A partner in another loop is known by its id only.
        l.entangle_ports(2, 99);
        assert_eq!(l.entangled_port(2), Some(99));
        assert!(!l.has_port(99));
    });
}

#[test]
fn dropping_all_ports_drops_what_waits_in_them() {
    run(|lp, _| {
        channel(lp);
        let mut l = lp.borrow_mut();
        l.queue_port_message(2, "MessagePort message", None, message("never"));
        l.drop_all_ports();
        assert!(!l.has_port(1) && !l.has_port(2));
        assert_eq!(l.port_messages_waiting(2), 0);
        assert!(!l.queue_port_message(2, "MessagePort message", None, message("nowhere")));
    });
}
