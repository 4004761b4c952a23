//! The HTML event loop driven with plain Rust closures as callbacks.
use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;
use std::time::Duration;

use jsloop_core::clock::{millis, VirtualClock};
use jsloop_core::html::{self, EventLoop, Host, Loop, LoopEnd, TaskInfo};
use jsloop_core::microtask::{invoke_callback, perform_a_microtask_checkpoint};
use jsloop_core::trace::Tracer;
use jsloop_core::TaskSource;

#[derive(Clone)]
struct Steps(Rc<dyn Fn(&Loop<Steps>, &TestHost)>);

impl Steps {
    fn call(&self, lp: &Loop<Steps>, h: &TestHost) {
        (self.0)(lp, h)
    }
}

/// A host whose "script" is Rust closures, with its own microtask queue.
#[derive(Clone, Default)]
struct TestHost {
    microtasks: Rc<RefCell<VecDeque<Box<dyn FnOnce(&Loop<Steps>, &TestHost)>>>>,
    log: Rc<RefCell<Vec<String>>>,
}

impl TestHost {
    fn log(&self, s: impl Into<String>) {
        self.log.borrow_mut().push(s.into());
    }
    fn queue_microtask(&self, f: impl FnOnce(&Loop<Steps>, &TestHost) + 'static) {
        self.microtasks.borrow_mut().push_back(Box::new(f));
    }
    fn lines(&self) -> Vec<String> {
        self.log.borrow().clone()
    }
}

impl Host for TestHost {
    type Steps = Steps;
    fn perform_steps(&self, lp: &Loop<Steps>, _task: &TaskInfo, steps: Steps) {
        // A task's steps call one callback, as the host calls script.
        invoke_callback(lp, self, || steps.call(lp, self));
    }
    fn run_oldest_microtask(&self, lp: &Loop<Steps>) -> bool {
        let next = self.microtasks.borrow_mut().pop_front();
        match next {
            Some(m) => {
                m(lp, self);
                true
            }
            None => false,
        }
    }
}

fn new_loop() -> Loop<Steps> {
    EventLoop::new(Box::new(VirtualClock::new()), Tracer::off()).into_handle()
}

fn steps(f: impl Fn(&Loop<Steps>, &TestHost) + 'static) -> Steps {
    Steps(Rc::new(f))
}

fn set_timeout(lp: &Loop<Steps>, timeout: i32, f: impl Fn(&Loop<Steps>, &TestHost) + 'static) -> u32 {
    lp.borrow_mut().timer_initialization_steps(steps(f), timeout, false, None, None)
}

/// Queues `f` as a task on the networking task source, labelled "script"
/// (the classic script).
fn queue_script(lp: &Loop<Steps>, f: impl Fn(&Loop<Steps>, &TestHost) + 'static) {
    lp.borrow_mut().queue_task(TaskSource::Networking, "script", None, steps(f));
}

/// Queues `f` as the first task (the classic script) and runs the loop.
fn run_script(f: impl Fn(&Loop<Steps>, &TestHost) + 'static) -> (Vec<String>, LoopEnd, Loop<Steps>) {
    let lp = new_loop();
    let host = TestHost::default();
    queue_script(&lp, f);
    let end = html::run(&lp, &host);
    (host.lines(), end, lp)
}

/// Queues a task on `source`, labelled `label`, whose steps log the label.
fn queue_logging_task(lp: &Loop<Steps>, source: TaskSource, label: &'static str) {
    lp.borrow_mut().queue_task(source, label, None, steps(move |_, h| h.log(label)));
}

fn now_ms(lp: &Loop<Steps>) -> f64 {
    millis(lp.borrow().now())
}

#[test]
fn timeout_runs_after_the_microtasks_of_the_script_task() {
    let (log, end, _) = run_script(|lp, host| {
        set_timeout(lp, 0, |_, h| h.log("timeout"));
        host.queue_microtask(|_, h| h.log("promise"));
        host.log("script");
    });
    assert_eq!(log, ["script", "promise", "timeout"]);
    assert_eq!(end, LoopEnd::Finished);
}

#[test]
fn microtasks_queued_by_microtasks_run_in_the_same_checkpoint() {
    let (log, _, _) = run_script(|lp, host| {
        set_timeout(lp, 0, |_, h| h.log("timeout"));
        host.queue_microtask(|_, h| {
            h.log("m1");
            h.queue_microtask(|_, h| h.log("m3"));
        });
        host.queue_microtask(|_, h| h.log("m2"));
    });
    assert_eq!(log, ["m1", "m2", "m3", "timeout"]);
}

#[test]
fn a_checkpoint_inside_a_checkpoint_returns_at_once() {
    let (log, _, _) = run_script(|_, host| {
        host.queue_microtask(|lp, h| {
            h.log("outer start");
            h.queue_microtask(|_, h| h.log("queued"));
            // Step 1: performing a microtask checkpoint is true, so return.
            perform_a_microtask_checkpoint(lp, h);
            h.log("outer end");
        });
    });
    assert_eq!(log, ["outer start", "outer end", "queued"]);
}

/// Two listeners called by the host (a real click): the stack is empty after
/// each, so microtasks run between them.
#[test]
fn host_invoked_listeners_get_a_checkpoint_after_each() {
    let (log, _, _) = run_script(|lp, host| {
        host.log("script");
        lp.borrow_mut().queue_task(
            TaskSource::UserInteraction,
            "click",
            None,
            steps(|_, h| {
                // perform_steps already counts as one callback; a real event
                // dispatch calls each listener from the host instead.
                for id in ["inner", "outer"] {
                    h.log(format!("click {id}"));
                    h.queue_microtask(move |_, h| h.log(format!("resolved {id}")));
                }
            }),
        );
    });
    // Through perform_steps the whole task is one callback: microtasks after.
    assert_eq!(log, ["script", "click inner", "click outer", "resolved inner", "resolved outer"]);

    // Now the host calls each listener itself, with an empty stack.
    let lp = new_loop();
    let host = TestHost::default();
    let listeners: Vec<Steps> = ["inner", "outer"]
        .into_iter()
        .map(|id| {
            steps(move |_, h: &TestHost| {
                h.log(format!("click {id}"));
                h.queue_microtask(move |_, h| h.log(format!("resolved {id}")));
            })
        })
        .collect();
    for l in &listeners {
        invoke_callback(&lp, &host, || l.call(&lp, &host));
    }
    assert_eq!(host.lines(), ["click inner", "resolved inner", "click outer", "resolved outer"]);

    // And from inside a callback (el.click() in a script): no checkpoint
    // until the script itself returns.
    let host = TestHost::default();
    invoke_callback(&lp, &host, || {
        host.log("script");
        for l in &listeners {
            invoke_callback(&lp, &host, || l.call(&lp, &host));
        }
    });
    assert_eq!(host.lines(), ["script", "click inner", "click outer", "resolved inner", "resolved outer"]);
}

fn chain(lp: &Loop<Steps>, depth: u32, last: f64, out: Rc<RefCell<Vec<f64>>>) {
    set_timeout(lp, 0, move |lp, _| {
        let now = now_ms(lp);
        out.borrow_mut().push(now - last);
        if depth < 10 {
            chain(lp, depth + 1, now, out.clone());
        }
    });
}

#[test]
fn nested_timeouts_are_clamped_to_4ms_after_five_levels() {
    let deltas = Rc::new(RefCell::new(Vec::new()));
    let d = deltas.clone();
    run_script(move |lp, _| chain(lp, 1, 0.0, d.clone()));
    assert_eq!(*deltas.borrow(), [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 4.0, 4.0, 4.0, 4.0]);
}

#[test]
fn interval_repeats_carry_the_nesting_level_and_get_clamped() {
    let times = Rc::new(RefCell::new(Vec::new()));
    let t = times.clone();
    let (_, end, _) = run_script(move |lp, _| {
        let t = t.clone();
        let id = Rc::new(RefCell::new(0));
        let id2 = id.clone();
        *id.borrow_mut() = lp.borrow_mut().timer_initialization_steps(
            steps(move |lp, _| {
                t.borrow_mut().push(now_ms(lp));
                if t.borrow().len() == 8 {
                    lp.borrow_mut().clear_timer(*id2.borrow());
                }
            }),
            0,
            true,
            None,
            None,
        );
    });
    assert_eq!(*times.borrow(), [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 4.0, 8.0]);
    assert_eq!(end, LoopEnd::Finished);
}

#[test]
fn a_timer_set_from_a_microtask_does_not_inherit_the_nesting_level() {
    let log = Rc::new(RefCell::new(Vec::new()));
    let l = log.clone();
    fn nest(lp: &Loop<Steps>, n: u32, log: Rc<RefCell<Vec<String>>>) {
        set_timeout(lp, 0, move |lp, h| {
            if n < 8 {
                nest(lp, n + 1, log.clone());
            } else {
                let start = now_ms(lp);
                let log2 = log.clone();
                // From the task itself: nesting 9 > 5, clamped to 4 ms.
                set_timeout(lp, 0, {
                    let log = log.clone();
                    move |lp, _| log.borrow_mut().push(format!("from task +{}", now_ms(lp) - start))
                });
                h.queue_microtask(move |lp, _| {
                    // From a microtask: nesting level 0, not clamped.
                    set_timeout(lp, 0, move |lp, _| {
                        log2.borrow_mut().push(format!("from microtask +{}", now_ms(lp) - start))
                    });
                });
            }
        });
    }
    run_script(move |lp, _| nest(lp, 1, l.clone()));
    assert_eq!(*log.borrow(), ["from microtask +0", "from task +4"]);
}

#[test]
fn equal_timeouts_fire_in_start_order_and_shorter_ones_first() {
    let (log, _, _) = run_script(|lp, _| {
        set_timeout(lp, 10, |_, h| h.log("a 10"));
        set_timeout(lp, 5, |_, h| h.log("b 5"));
        set_timeout(lp, 10, |_, h| h.log("c 10"));
        set_timeout(lp, 0, |_, h| h.log("d 0"));
        set_timeout(lp, -20, |_, h| h.log("e -20"));
    });
    assert_eq!(log, ["d 0", "e -20", "b 5", "a 10", "c 10"]);
}

#[test]
fn clear_ignores_unknown_ids_and_a_cleared_timer_never_runs() {
    let (log, end, _) = run_script(|lp, _| {
        let a = set_timeout(lp, 5, |_, h| h.log("a"));
        let b = set_timeout(lp, 0, move |lp, h| {
            h.log("b clears a");
            lp.borrow_mut().clear_timer(a);
        });
        assert!(a > 0 && b > a);
        lp.borrow_mut().clear_timer(9999);
    });
    assert_eq!(log, ["b clears a"]);
    assert_eq!(end, LoopEnd::Finished);
}

#[test]
fn a_timer_cleared_after_its_task_was_queued_does_nothing() {
    // Both timers are due at 0; the first clears the second, whose task is
    // already queued: step 8.1 aborts it.
    let (log, _, _) = run_script(|lp, _| {
        let second = Rc::new(RefCell::new(0));
        let s = second.clone();
        set_timeout(lp, 0, move |lp, h| {
            h.log("first");
            lp.borrow_mut().clear_timer(*s.borrow());
        });
        *second.borrow_mut() = set_timeout(lp, 0, |_, h| h.log("second"));
    });
    assert_eq!(log, ["first"]);
}

#[test]
fn the_virtual_clock_jumps_over_a_one_hour_timer() {
    let started = std::time::Instant::now();
    let (log, end, lp) = run_script(|lp, _| {
        set_timeout(lp, 3_600_000, |lp, h| h.log(format!("at {}", now_ms(lp))));
    });
    assert_eq!(log, ["at 3600000"]);
    assert_eq!(end, LoopEnd::Finished);
    assert_eq!(lp.borrow().now(), Duration::from_secs(3600));
    // Not a duration assertion on the loop: only that it did not sleep an hour.
    assert!(started.elapsed() < Duration::from_secs(60));
}

#[test]
fn max_time_stops_an_interval_that_never_ends() {
    let lp = new_loop();
    lp.borrow_mut().set_max_time(Some(Duration::from_millis(100)));
    let host = TestHost::default();
    lp.borrow_mut().timer_initialization_steps(steps(|_, h| h.log("tick")), 30, true, None, None);
    let end = html::run(&lp, &host);
    assert_eq!(host.lines().len(), 3, "ticks at 30, 60 and 90 ms");
    assert_eq!(
        end,
        LoopEnd::MaxTime { limit: Duration::from_millis(100), active_timers: 1, queued_tasks: 0 }
    );
}

#[test]
fn the_loop_ends_when_nothing_can_run_again() {
    let (log, end, lp) = run_script(|_, h| h.log("only"));
    assert_eq!(log, ["only"]);
    assert_eq!(end, LoopEnd::Finished);
    assert_eq!(lp.borrow().now(), Duration::ZERO);
}

#[test]
fn tasks_from_different_sources_run_in_queue_order_each_source_fifo() {
    let (log, _, _) = run_script(|lp, _| {
        let mut l = lp.borrow_mut();
        l.queue_task(TaskSource::PostedMessage, "m1", None, steps(|_, h| h.log("m1")));
        l.queue_task(TaskSource::DomManipulation, "d1", None, steps(|_, h| h.log("d1")));
        l.queue_task(TaskSource::PostedMessage, "m2", None, steps(|_, h| h.log("m2")));
    });
    assert_eq!(log, ["m1", "d1", "m2"]);
}

#[test]
fn a_zero_timeout_is_queued_when_it_starts_ahead_of_later_tasks() {
    let (log, _, _) = run_script(|lp, _| {
        set_timeout(lp, 0, |_, h| h.log("timeout 0"));
        queue_logging_task(lp, TaskSource::PostedMessage, "message");
        set_timeout(lp, 1, |_, h| h.log("timeout 1"));
        queue_logging_task(lp, TaskSource::PostedMessage, "message 2");
    });
    assert_eq!(log, ["timeout 0", "message", "message 2", "timeout 1"]);
}

/// A timer whose timeout elapses while a task runs joins the timer queue
/// when the loop next chooses a task, so the tasks the running task queued
/// after its deadline (a message, a zero timeout) still go first, whatever
/// the task's length: as in Chromium
/// (tests/ordering/timer_due_during_a_task_runs_after_the_tasks_it_queued).
#[test]
fn a_timer_due_during_a_task_is_queued_after_the_tasks_that_task_queued() {
    let (log, _, lp) = run_script(|lp, _| {
        set_timeout(lp, 10, |_, h| h.log("timeout 10"));
        set_timeout(lp, 5, |_, h| h.log("timeout 5"));
        // The task runs on past both deadlines.
        lp.borrow_mut().pass_time(Duration::from_millis(40));
        queue_logging_task(lp, TaskSource::PostedMessage, "message");
        set_timeout(lp, 0, |_, h| h.log("timeout 0"));
        queue_logging_task(lp, TaskSource::DomManipulation, "dom");
    });
    assert_eq!(log, ["message", "timeout 0", "dom", "timeout 5", "timeout 10"]);
    assert_eq!(now_ms(&lp), 40.0);
}

#[test]
fn timer_ids_are_unique_and_greater_than_zero() {
    let lp = new_loop();
    let ids: Vec<u32> = (0..100).map(|_| set_timeout(&lp, 0, |_, _| {})).collect();
    let mut sorted = ids.clone();
    sorted.dedup();
    assert_eq!(sorted.len(), 100);
    assert!(ids.iter().all(|&i| i > 0));
}

#[test]
fn a_virtual_run_writes_an_identical_trace_twice() {
    fn traced() -> String {
        #[derive(Clone, Default)]
        struct Buf(Rc<RefCell<Vec<u8>>>);
        impl std::io::Write for Buf {
            fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
                self.0.borrow_mut().extend_from_slice(b);
                Ok(b.len())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let buf = Buf::default();
        let tracer = Tracer::new(Box::new(buf.clone()), jsloop_core::trace::TraceFormat::Json);
        let lp: Loop<Steps> = EventLoop::new(Box::new(VirtualClock::new()), tracer).into_handle();
        let host = TestHost::default();
        queue_script(&lp, |lp, h| {
            set_timeout(lp, 7, |_, h| h.log("t"));
            h.queue_microtask(|_, h| h.log("m"));
        });
        html::run(&lp, &host);
        let s = String::from_utf8(buf.0.borrow().clone()).unwrap();
        s
    }
    let a = traced();
    assert_eq!(a, traced());
    assert!(a.contains("\"event\":\"clock-advance\""), "{a}");
    assert!(a.contains("\"event\":\"timer-start\""), "{a}");
}

/// A host with a "document": one style value, painted at each frame.
#[derive(Clone, Default)]
struct PaintingHost {
    inner: TestHost,
    style: Rc<RefCell<(String, String)>>, // (painted, current)
    arg: Rc<RefCell<String>>,
    resize: Rc<RefCell<ResizeModel>>,
}

/// ResizeObserver observations as depths: those whose size changed
/// (`pending`), and what the last gather made of them.
#[derive(Default)]
struct ResizeModel {
    pending: Vec<usize>,
    active: Vec<usize>,
    skipped: Vec<usize>,
    /// Runs as an observer's callback, with the depths it was given.
    callback: Option<Rc<dyn Fn(&PaintingHost, &[usize])>>,
}

impl PaintingHost {
    fn set_style(&self, v: &str) {
        self.style.borrow_mut().1 = v.to_string();
    }
}

#[derive(Clone)]
struct PSteps(Rc<dyn Fn(&Loop<PSteps>, &PaintingHost)>);

fn p(f: impl Fn(&Loop<PSteps>, &PaintingHost) + 'static) -> PSteps {
    PSteps(Rc::new(f))
}

impl Host for PaintingHost {
    type Steps = PSteps;
    fn perform_steps(&self, lp: &Loop<PSteps>, _task: &TaskInfo, steps: PSteps) {
        invoke_callback(lp, self, || (steps.0)(lp, self));
    }
    fn run_oldest_microtask(&self, _lp: &Loop<PSteps>) -> bool {
        let next = self.inner.microtasks.borrow_mut().pop_front();
        match next {
            Some(m) => {
                m(&new_loop(), &self.inner);
                true
            }
            None => false,
        }
    }
    fn run_animation_frame_callback(&self, lp: &Loop<PSteps>, callback: PSteps, ts: f64) {
        *self.arg.borrow_mut() = format!("{ts:.3}");
        invoke_callback(lp, self, || (callback.0)(lp, self));
    }
    fn run_idle_callback(&self, lp: &Loop<PSteps>, callback: PSteps, d: jsloop_core::idle::IdleDeadline) {
        let now = millis(lp.borrow().now());
        *self.arg.borrow_mut() =
            format!("remaining {:.3}, didTimeout {}", (d.deadline_ms - now).max(0.0), d.did_timeout);
        invoke_callback(lp, self, || (callback.0)(lp, self));
    }
    fn has_rendering_updates(&self) -> bool {
        let s = self.style.borrow();
        s.0 != s.1
    }
    fn gather_active_resize_observations(&self, depth: usize) {
        let mut m = self.resize.borrow_mut();
        let (active, skipped) = m.pending.iter().partition(|d| **d > depth);
        m.active = active;
        m.skipped = skipped;
    }
    fn has_active_resize_observations(&self) -> bool {
        !self.resize.borrow().active.is_empty()
    }
    fn broadcast_active_resize_observations(&self, lp: &Loop<PSteps>) -> usize {
        let (active, callback) = {
            let mut m = self.resize.borrow_mut();
            let active = std::mem::take(&mut m.active);
            m.pending.retain(|d| !active.contains(d));
            (active, m.callback.clone())
        };
        self.inner.log(format!("ResizeObserver callback {active:?}"));
        if let Some(f) = callback {
            invoke_callback(lp, self, || f(self, &active));
        }
        active.into_iter().min().unwrap_or(usize::MAX)
    }
    fn has_skipped_resize_observations(&self) -> bool {
        !self.resize.borrow().skipped.is_empty()
    }
    fn deliver_resize_loop_error(&self, _lp: &Loop<PSteps>) {
        self.inner.log("ResizeObserver loop error");
    }
    fn update_intersection_observations(&self, _lp: &Loop<PSteps>, time: f64) {
        // (Logged for a page with observers only.)
        if self.resize.borrow().callback.is_some() {
            self.inner.log(format!("update intersection observations at {time}"));
        }
    }
    fn paint(&self, lp: &Loop<PSteps>) -> Vec<String> {
        let mut s = self.style.borrow_mut();
        let change = format!("{:?} -> {:?}", s.0, s.1);
        s.0 = s.1.clone();
        self.inner.log(format!("paint at {}: {change}", now_ms_p(lp)));
        vec![change]
    }
}

fn now_ms_p(lp: &Loop<PSteps>) -> f64 {
    (millis(lp.borrow().now()) * 1000.0).round() / 1000.0
}

fn run_page(fps: u32, f: impl Fn(&Loop<PSteps>, &PaintingHost) + 'static) -> Vec<String> {
    let lp: Loop<PSteps> = EventLoop::new(Box::new(VirtualClock::new()), Tracer::off()).into_handle();
    lp.borrow_mut().set_fps(fps);
    let host = PaintingHost::default();
    lp.borrow_mut().queue_task(TaskSource::Networking, "script", None, p(f));
    assert_eq!(html::run(&lp, &host), LoopEnd::Finished);
    host.inner.lines()
}

#[test]
fn a_frame_paints_only_the_last_style_set_before_it() {
    let log = run_page(50, |_, h| {
        h.set_style("red");
        h.set_style("blue");
    });
    assert_eq!(log, ["paint at 20: \"\" -> \"blue\""]);
}

#[test]
fn double_request_animation_frame_paints_red_then_blue_a_frame_later() {
    let log = run_page(50, |lp, h| {
        h.set_style("red");
        lp.borrow_mut().request_animation_frame(p(|lp, h| {
            h.inner.log(format!("rAF 1 at {}", h.arg.borrow()));
            lp.borrow_mut().request_animation_frame(p(|_, h| {
                h.inner.log(format!("rAF 2 at {}", h.arg.borrow()));
                h.set_style("blue");
            }));
        }));
    });
    assert_eq!(
        log,
        [
            "rAF 1 at 20.000",
            "paint at 20: \"\" -> \"red\"",
            "rAF 2 at 40.000",
            "paint at 40: \"red\" -> \"blue\""
        ]
    );
}

#[test]
fn the_resize_observer_loop_runs_after_the_animation_frame_callbacks_deeper_each_round() {
    let log = run_page(50, |lp, h| {
        h.set_style("red");
        lp.borrow_mut().request_animation_frame(p(|_, h| h.inner.log("rAF")));
        let mut m = h.resize.borrow_mut();
        // An observation at depth 3 whose size changed; its callback makes
        // one at depth 5 (deeper: the next round) and one at depth 2 (no
        // deeper than 3: skipped, the loop error).
        m.pending = vec![3];
        m.callback = Some(Rc::new(|h, depths| {
            h.inner.queue_microtask(|_, h| h.log("microtask after the callback"));
            if depths == [3] {
                h.resize.borrow_mut().pending.extend([5, 2]);
            }
        }));
    });
    assert_eq!(
        log,
        [
            "rAF",
            "ResizeObserver callback [3]",
            "microtask after the callback",
            "ResizeObserver callback [5]",
            "microtask after the callback",
            "ResizeObserver loop error",
            "update intersection observations at 20",
            "paint at 20: \"\" -> \"red\""
        ]
    );
}

#[test]
fn animation_frame_callbacks_get_a_checkpoint_each_and_cancel_works_mid_frame() {
    let log = run_page(50, |lp, _| {
        let second = Rc::new(RefCell::new(0));
        let s2 = second.clone();
        lp.borrow_mut().request_animation_frame(p(move |lp, h| {
            h.inner.log("rAF a");
            h.inner.queue_microtask(|_, h| h.log("microtask after a"));
            // Cancelling a callback of this same frame: it never runs.
            lp.borrow_mut().cancel_animation_frame(*s2.borrow());
        }));
        *second.borrow_mut() = lp.borrow_mut().request_animation_frame(p(|_, h| h.inner.log("rAF b")));
        lp.borrow_mut().request_animation_frame(p(|_, h| h.inner.log("rAF c")));
    });
    assert_eq!(log, ["rAF a", "microtask after a", "rAF c", "paint at 20: \"\" -> \"\""]);
}

/// The seed's requestIdleCallback demo: whether the idle callbacks run
/// before the timer that cancels the animation frame depends on its delay.
fn ric_demo(span: i32) -> Vec<String> {
    run_page(60, move |lp, h| {
        let mut l = lp.borrow_mut();
        l.timer_initialization_steps(p(|_, h| h.inner.log("setTimeout callback")), 0, false, None, None);
        h.inner.queue_microtask(|_, h| h.log("promise callback before rAF"));
        h.inner.log("before trigger rAF");
        let raf = l.request_animation_frame(p(|_, h| h.inner.log("execute rAF")));
        let i1 = l.request_idle_callback(p(|_, h| h.inner.log("execute requestIdleCallback")), Some(2000.0));
        let i2 =
            l.request_idle_callback(p(|_, h| h.inner.log("execute requestIdleCallback 2")), Some(2000.0));
        h.inner.queue_microtask(|_, h| h.log("promise callback after MutationObserver"));
        l.timer_initialization_steps(
            p(move |lp, h| {
                lp.borrow_mut().cancel_animation_frame(raf);
                h.inner.log("calcel rAF");
            }),
            span,
            false,
            None,
            None,
        );
        l.timer_initialization_steps(
            p(move |lp, h| {
                lp.borrow_mut().cancel_idle_callback(i1);
                lp.borrow_mut().cancel_idle_callback(i2);
                h.inner.log("calcel requestIdleCallback");
            }),
            2000,
            false,
            None,
            None,
        );
    })
    .into_iter()
    .filter(|l| !l.starts_with("paint"))
    .collect()
}

#[test]
fn idle_callbacks_wait_for_a_frame_and_for_the_timers_around_them() {
    let head =
        ["before trigger rAF", "promise callback before rAF", "promise callback after MutationObserver"];
    let mut span0 = head.to_vec();
    span0.extend([
        "setTimeout callback",
        "calcel rAF",
        "execute requestIdleCallback",
        "execute requestIdleCallback 2",
        "calcel requestIdleCallback",
    ]);
    assert_eq!(ric_demo(0), span0);
    let mut later = head.to_vec();
    later.extend([
        "setTimeout callback",
        "execute rAF",
        "execute requestIdleCallback",
        "execute requestIdleCallback 2",
        "calcel rAF",
        "calcel requestIdleCallback",
    ]);
    assert_eq!(ric_demo(20), later);
    assert_eq!(ric_demo(200), later);
}

#[test]
fn idle_deadline_is_capped_by_timers_and_50ms_and_timeouts_fire() {
    let log = run_page(60, |lp, _| {
        let mut l = lp.borrow_mut();
        l.timer_initialization_steps(p(|_, _| {}), 30, false, None, None);
        l.request_idle_callback(
            p(|lp, h| {
                h.inner.log(format!("idle 1: {} at {}", h.arg.borrow(), now_ms_p(lp)));
                // Posted during an idle period: waits for the next one.
                lp.borrow_mut().request_idle_callback(
                    p(|lp, h| h.inner.log(format!("idle 2: {} at {}", h.arg.borrow(), now_ms_p(lp)))),
                    None,
                );
            }),
            None,
        );
    });
    assert_eq!(
        log,
        [
            "idle 1: remaining 30.000, didTimeout false at 0",
            "idle 2: remaining 50.000, didTimeout false at 30"
        ]
    );

    // An idle period starts only when no task is runnable: the zero-delay
    // timers all run first.
    let log = run_page(60, |lp, _| {
        fn tick(lp: &Loop<PSteps>, n: u32) {
            if n == 0 {
                return;
            }
            lp.borrow_mut().timer_initialization_steps(p(move |lp, _| tick(lp, n - 1)), 0, false, None, None);
        }
        tick(lp, 3);
        lp.borrow_mut().request_idle_callback(
            p(|lp, h| h.inner.log(format!("idle: {} at {}", h.arg.borrow(), now_ms_p(lp)))),
            Some(100.0),
        );
        lp.borrow_mut().timer_initialization_steps(p(|_, h| h.inner.log("timer at 0")), 0, false, None, None);
    });
    assert_eq!(log, ["timer at 0", "idle: remaining 50.000, didTimeout false at 0"]);
}

#[test]
fn an_idle_callback_timeout_runs_it_with_did_timeout() {
    // A frame is owed (an animation frame callback is pending), so no idle
    // period starts before the frame at 16.67 ms; the 5 ms timeout comes first.
    let log = run_page(60, |lp, _| {
        lp.borrow_mut().request_animation_frame(p(|lp, h| h.inner.log(format!("rAF at {}", now_ms_p(lp)))));
        lp.borrow_mut().request_idle_callback(
            p(|lp, h| h.inner.log(format!("idle: {} at {}", h.arg.borrow(), now_ms_p(lp)))),
            Some(5.0),
        );
    });
    assert_eq!(
        log,
        ["idle: remaining 0.000, didTimeout true at 5", "rAF at 16.667", "paint at 16.667: \"\" -> \"\""]
    );
}

#[test]
fn after_a_frame_an_idle_period_fits_between_timers() {
    let log = run_page(60, |lp, _| {
        fn frame(lp: &Loop<PSteps>, n: u32) {
            if n > 0 {
                lp.borrow_mut().request_animation_frame(p(move |lp, _| frame(lp, n - 1)));
            }
        }
        frame(lp, 3);
        // A timer every millisecond until 100 ms.
        fn busy(lp: &Loop<PSteps>) {
            if millis(lp.borrow().now()) < 100.0 {
                lp.borrow_mut().timer_initialization_steps(p(|lp, _| busy(lp)), 1, false, None, None);
            }
        }
        busy(lp);
        lp.borrow_mut().request_idle_callback(
            p(|lp, h| h.inner.log(format!("idle: {} at {}", h.arg.borrow(), now_ms_p(lp)))),
            Some(40.0),
        );
    })
    .into_iter()
    .filter(|l| l.starts_with("idle"))
    .collect::<Vec<_>>();
    // No idle period before the first frame (one is owed); right after it, the
    // period lasts until the next timer: the chain ran at 1, 2, … 6 ms, then,
    // nested deeper than 5, every 4 ms (10, 14, 18): 18 − 16.667 = 1.333.
    assert_eq!(log, ["idle: remaining 1.333, didTimeout false at 16.667"]);
}

// ---- Driving the loop step by step (run_until) and work from other threads.

/// A host that also accepts remote tasks whose payload is a line to log.
#[derive(Clone, Default)]
struct RemoteHost(TestHost);

impl Host for RemoteHost {
    type Steps = Steps;
    fn perform_steps(&self, lp: &Loop<Steps>, task: &TaskInfo, steps: Steps) {
        self.0.perform_steps(lp, task, steps)
    }
    fn run_oldest_microtask(&self, lp: &Loop<Steps>) -> bool {
        self.0.run_oldest_microtask(lp)
    }
    fn accept_remote(&self, _lp: &Loop<Steps>, task: &mut jsloop_core::remote::RemoteTask) -> Option<Steps> {
        let line = task.payload.downcast_ref::<String>()?.clone();
        Some(steps(move |_, h| h.log(line.clone())))
    }
}

#[test]
fn run_until_idle_runs_what_is_due_now_and_leaves_the_clock() {
    let lp = new_loop();
    let host = TestHost::default();
    queue_script(&lp, |lp, h| {
        h.log("script");
        h.queue_microtask(|_, h| h.log("microtask"));
        set_timeout(lp, 0, |_, h| h.log("timeout 0"));
        set_timeout(lp, 10, |_, h| h.log("timeout 10"));
    });
    let end = html::run_until(&lp, &host, html::Until::Idle);
    assert_eq!(end, LoopEnd::Paused);
    assert_eq!(host.lines(), ["script", "microtask", "timeout 0"]);
    assert_eq!(now_ms(&lp), 0.0);
    // Advancing to 9 ms runs nothing; to 10 ms runs the timer and ends.
    assert_eq!(html::run_until(&lp, &host, html::Until::Time(Duration::from_millis(9))), LoopEnd::Paused);
    assert_eq!(now_ms(&lp), 9.0);
    assert_eq!(host.lines().len(), 3);
    assert_eq!(html::run_until(&lp, &host, html::Until::Time(Duration::from_millis(10))), LoopEnd::Finished);
    assert_eq!(host.lines(), ["script", "microtask", "timeout 0", "timeout 10"]);
    assert_eq!(now_ms(&lp), 10.0);
    // With nothing left, the virtual clock still moves to the point asked for.
    assert_eq!(html::run_until(&lp, &host, html::Until::Time(Duration::from_secs(60))), LoopEnd::Finished);
    assert_eq!(now_ms(&lp), 60_000.0);
}

#[test]
fn tasks_sent_from_another_thread_are_queued_on_their_source() {
    let lp = new_loop();
    let host = RemoteHost::default();
    let tx = lp.borrow().remote_sender();
    let promised = tx.keep_alive().unwrap();
    let thread = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(20));
        tx.send(TaskSource::PostedMessage, "untracked", Box::new("untracked".to_string())).unwrap();
        promised.complete(TaskSource::Networking, "promised", Box::new("promised".to_string())).unwrap();
    });
    set_timeout(&lp, 5, |_, h| h.log("timeout 5"));
    // The virtual clock does not move while promised work is outstanding:
    // the promised task comes first (ticket order), then the untracked one,
    // both at time 0, then the timer.
    let end = html::run(&lp, &host);
    thread.join().unwrap();
    assert_eq!(end, LoopEnd::Finished);
    assert_eq!(host.0.lines(), ["promised", "untracked", "timeout 5"]);
}

#[test]
fn a_promise_of_remote_work_keeps_the_loop_alive_until_kept() {
    let lp = new_loop();
    let host = RemoteHost::default();
    let promised = lp.borrow().remote_sender().keep_alive().unwrap();
    let thread = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(30));
        promised.complete(TaskSource::Networking, "done", Box::new("done".to_string())).unwrap();
    });
    assert_eq!(html::run(&lp, &host), LoopEnd::Finished);
    thread.join().unwrap();
    assert_eq!(host.0.lines(), ["done"]);
}
