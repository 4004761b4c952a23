//! Node's loop (libuv's phases, timers, immediates, nextTick) driven with
//! plain Rust closures.
use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use std::rc::Rc;
use std::time::Duration;

use jsloop_core::clock::VirtualClock;
use jsloop_core::trace::Tracer;
use jsloop_core::uv::{self, CallbackKind, MicrotaskMode, NodeHost, UvHandle, UvLoop};

#[derive(Clone)]
struct Cb(Rc<dyn Fn(&UvHandle<Cb>, &Host)>);

fn cb(f: impl Fn(&UvHandle<Cb>, &Host) + 'static) -> Cb {
    Cb(Rc::new(f))
}

#[derive(Clone, Default)]
struct Host {
    log: Rc<RefCell<Vec<String>>>,
    microtasks: Rc<RefCell<VecDeque<Cb>>>,
    /// I/O that "completes" at the first poll.
    io: Rc<RefCell<Vec<Cb>>>,
    before_exit: Rc<RefCell<Option<Cb>>>,
    before_exit_count: Rc<Cell<u32>>,
}

impl Host {
    fn log(&self, s: impl Into<String>) {
        self.log.borrow_mut().push(s.into());
    }
    fn microtask(&self, f: impl Fn(&UvHandle<Cb>, &Host) + 'static) {
        self.microtasks.borrow_mut().push_back(cb(f));
    }
}

impl NodeHost for Host {
    type Callback = Cb;
    type Timer = Cb;
    fn call(&self, lp: &UvHandle<Cb>, _kind: CallbackKind, callback: Cb) {
        (callback.0)(lp, self)
    }
    fn run_microtasks(&self, lp: &UvHandle<Cb>) {
        loop {
            let m = self.microtasks.borrow_mut().pop_front();
            match m {
                Some(m) => (m.0)(lp, self),
                None => break,
            }
        }
    }
    fn poll_io(&self, _lp: &UvHandle<Cb>, _timeout: Option<Duration>, _settle: bool) -> Vec<Cb> {
        self.io.borrow_mut().drain(..).collect()
    }
    fn active_requests(&self) -> usize {
        self.io.borrow().len()
    }
    fn emit_before_exit(&self, lp: &UvHandle<Cb>) {
        self.before_exit_count.set(self.before_exit_count.get() + 1);
        let f = self.before_exit.borrow().clone();
        if let Some(f) = f {
            (f.0)(lp, self);
        }
    }
}

fn node(mode: MicrotaskMode, main: impl Fn(&UvHandle<Cb>, &Host)) -> (Vec<String>, UvHandle<Cb>, Host) {
    let mut l = UvLoop::new(Box::new(VirtualClock::new()), Tracer::off());
    l.mode = mode;
    let lp = l.into_handle();
    let host = Host::default();
    // The main module runs, then its nextTicks and microtasks, then the loop.
    main(&lp, &host);
    uv::process_ticks_and_rejections(&lp, &host);
    uv::spin_event_loop(&lp, &host);
    let log = host.log.borrow().clone();
    (log, lp, host)
}

fn run(main: impl Fn(&UvHandle<Cb>, &Host)) -> Vec<String> {
    node(MicrotaskMode::PerCallback, main).0
}

fn timeout(lp: &UvHandle<Cb>, ms: f64, f: impl Fn(&UvHandle<Cb>, &Host) + 'static) -> u64 {
    lp.borrow_mut().start_timer(cb(f), ms, false)
}

/// An interval of `ms` whose callback is given its run's number (from 1),
/// cleared at the end of its `runs`th run.
fn interval_runs(lp: &UvHandle<Cb>, ms: f64, runs: u32, f: impl Fn(&UvHandle<Cb>, &Host, u32) + 'static) {
    let id = Rc::new(Cell::new(0));
    let own = id.clone();
    let n = Rc::new(Cell::new(0));
    id.set(lp.borrow_mut().start_timer(
        cb(move |lp, h| {
            n.set(n.get() + 1);
            f(lp, h, n.get());
            if n.get() == runs {
                lp.borrow_mut().clear_timer(own.get());
            }
        }),
        ms,
        true,
    ));
}

fn immediate(lp: &UvHandle<Cb>, f: impl Fn(&UvHandle<Cb>, &Host) + 'static) -> u64 {
    lp.borrow_mut().set_immediate(cb(f))
}

fn tick(lp: &UvHandle<Cb>, f: impl Fn(&UvHandle<Cb>, &Host) + 'static) {
    lp.borrow_mut().next_tick(cb(f))
}

#[test]
fn next_tick_runs_before_promise_reactions_and_both_before_the_loop() {
    let log = run(|lp, h| {
        timeout(lp, 0.0, |_, h| h.log("timeout"));
        immediate(lp, |_, h| h.log("immediate"));
        h.microtask(|_, h| h.log("promise"));
        tick(lp, |_, h| h.log("nextTick"));
        h.log("main");
    });
    // Under the virtual clock the 1 ms timer is not due at the first timers
    // phase, so the immediate comes first.
    assert_eq!(log, ["main", "nextTick", "promise", "immediate", "timeout"]);
}

#[test]
fn a_next_tick_queued_by_a_microtask_runs_after_the_microtask_queue() {
    let log = run(|lp, h| {
        let lp2 = lp.clone();
        h.microtask(move |_, h| {
            h.log("promise 1");
            tick(&lp2, |_, h| h.log("tick from promise"));
            h.microtask(|_, h| h.log("promise 2"));
        });
        tick(lp, |lp, h| {
            h.log("tick 1");
            tick(lp, |_, h| h.log("tick 2"));
        });
    });
    assert_eq!(log, ["tick 1", "tick 2", "promise 1", "promise 2", "tick from promise"]);
}

#[test]
fn microtasks_run_between_two_timers_that_expire_together() {
    let both = |mode| {
        node(mode, |lp, _| {
            timeout(lp, 5.0, |lp, h| {
                h.log("timer 1");
                h.microtask(|_, h| h.log("promise 1"));
                tick(lp, |_, h| h.log("tick 1"));
            });
            timeout(lp, 5.0, |_, h| {
                h.log("timer 2");
                h.microtask(|_, h| h.log("promise 2"));
            });
        })
        .0
    };
    assert_eq!(both(MicrotaskMode::PerCallback), ["timer 1", "tick 1", "promise 1", "timer 2", "promise 2"]);
    // Before Node 11: only between phases.
    assert_eq!(both(MicrotaskMode::Legacy), ["timer 1", "timer 2", "tick 1", "promise 1", "promise 2"]);
}

#[test]
fn inside_an_io_callback_set_immediate_runs_before_a_zero_timeout() {
    let log = run(|_, h| {
        h.io.borrow_mut().push(cb(|lp, h| {
            h.log("io");
            timeout(lp, 0.0, |_, h| h.log("timeout"));
            immediate(lp, |_, h| h.log("immediate"));
        }));
    });
    assert_eq!(log, ["io", "immediate", "timeout"]);
}

#[test]
fn immediates_queued_during_check_wait_for_the_next_turn() {
    let log = run(|lp, _| {
        immediate(lp, |lp, h| {
            h.log("immediate 1");
            immediate(lp, |_, h| h.log("immediate 3 (next turn)"));
            timeout(lp, 0.0, |_, h| h.log("timeout (between)"));
        });
        immediate(lp, |_, h| h.log("immediate 2"));
    });
    // The timeout set in turn 1 is due 1 ms later: poll waits for it, and the
    // timers phase at the end of turn 2 runs it, after immediate 3.
    assert_eq!(log, ["immediate 1", "immediate 2", "immediate 3 (next turn)", "timeout (between)"]);
}

#[test]
fn clear_immediate_during_the_check_phase_cancels_a_later_one() {
    let log = run(|lp, _| {
        let second = Rc::new(Cell::new(0));
        let s = second.clone();
        immediate(lp, move |lp, h| {
            h.log("first clears second");
            lp.borrow_mut().clear_immediate(s.get());
        });
        second.set(immediate(lp, |_, h| h.log("second")));
    });
    assert_eq!(log, ["first clears second"]);
}

#[test]
fn close_callbacks_run_after_check() {
    let log = run(|lp, _| {
        immediate(lp, |lp, h| {
            h.log("immediate");
            lp.borrow_mut().close_handle(cb(|_, h| h.log("close")));
            immediate(lp, |_, h| h.log("immediate next turn"));
        });
        timeout(lp, 0.0, |_, h| h.log("timeout"));
    });
    // The 1 ms timeout is not due until the clock moves, and poll does not
    // wait while an immediate is queued.
    assert_eq!(log, ["immediate", "close", "immediate next turn", "timeout"]);
}

#[test]
fn an_unrefed_timer_does_not_keep_the_loop_alive() {
    let (log, lp, _) = node(MicrotaskMode::PerCallback, |lp, _| {
        let id = lp.borrow_mut().start_timer(cb(|_, h| h.log("unref'd interval")), 10.0, true);
        lp.borrow_mut().set_timer_ref(id, false);
        timeout(lp, 25.0, |_, h| h.log("ref'd timeout"));
    });
    // The interval fires at 10 and 20 while the ref'd timeout keeps the loop
    // alive, and not after it.
    assert_eq!(log, ["unref'd interval", "unref'd interval", "ref'd timeout"]);
    assert_eq!(lp.borrow().now(), Duration::from_millis(25));
}

#[test]
fn before_exit_can_rearm_the_loop_and_fires_again() {
    let (log, _, host) = node(MicrotaskMode::PerCallback, |_, h| {
        let count = Rc::new(Cell::new(0));
        *h.before_exit.borrow_mut() = Some(cb(move |lp, h| {
            count.set(count.get() + 1);
            h.log(format!("beforeExit {}", count.get()));
            if count.get() < 3 {
                timeout(lp, 10.0, |_, h| h.log("timer from beforeExit"));
            }
        }));
    });
    assert_eq!(
        log,
        ["beforeExit 1", "timer from beforeExit", "beforeExit 2", "timer from beforeExit", "beforeExit 3"]
    );
    assert_eq!(host.before_exit_count.get(), 3);
}

#[test]
fn node_delays_below_one_or_too_large_become_one_millisecond() {
    assert_eq!(UvLoop::<Cb>::coerce_delay(0.0), 1.0);
    assert_eq!(UvLoop::<Cb>::coerce_delay(-5.0), 1.0);
    assert_eq!(UvLoop::<Cb>::coerce_delay(f64::NAN), 1.0);
    assert_eq!(UvLoop::<Cb>::coerce_delay(2_147_483_648.0), 1.0);
    assert_eq!(UvLoop::<Cb>::coerce_delay(1.5), 1.5);
    let log = run(|lp, _| {
        timeout(lp, 2.0, |_, h| h.log("2 ms"));
        timeout(lp, 0.0, |_, h| h.log("0 → 1 ms"));
        timeout(lp, 2.0, |_, h| h.log("2 ms, started second"));
    });
    assert_eq!(log, ["0 → 1 ms", "2 ms", "2 ms, started second"]);
}

#[test]
fn an_interval_repeats_from_the_loop_time_and_clear_stops_it() {
    let (log, lp, _) = node(MicrotaskMode::PerCallback, |lp, _| {
        interval_runs(lp, 7.0, 3, |lp, h, n| {
            h.log(format!("tick {n} at {}", lp.borrow().now().as_millis()));
        });
    });
    assert_eq!(log, ["tick 1 at 7", "tick 2 at 14", "tick 3 at 21"]);
    assert_eq!(lp.borrow().active_timers(), 0);
}

#[test]
fn refresh_restarts_a_timer_from_now() {
    let log = run(|lp, _| {
        let t = timeout(lp, 10.0, |lp, h| h.log(format!("fired at {}", lp.borrow().now().as_millis())));
        timeout(lp, 6.0, move |lp, _| {
            lp.borrow_mut().refresh_timer(t);
        });
    });
    assert_eq!(log, ["fired at 16"]);
}

#[test]
fn run_until_steps_the_node_loop_by_virtual_time() {
    use jsloop_core::html::{LoopEnd, Until};
    let lp = UvLoop::new(Box::new(VirtualClock::new()), Tracer::off()).into_handle();
    let host = Host::default();
    timeout(&lp, 10.0, |_, h| h.log("timeout 10"));
    timeout(&lp, 0.0, |lp, h| {
        h.log("timeout 1");
        immediate(lp, |_, h| h.log("immediate"));
    });
    // At time 0 nothing is due (Node's 0 is 1 ms).
    assert_eq!(uv::run_until(&lp, &host, Until::Idle), LoopEnd::Paused);
    assert!(host.log.borrow().is_empty());
    assert_eq!(uv::run_until(&lp, &host, Until::Time(Duration::from_millis(5))), LoopEnd::Paused);
    assert_eq!(*host.log.borrow(), ["timeout 1", "immediate"]);
    assert_eq!(lp.borrow().clock().now(), Duration::from_millis(5));
    assert_eq!(uv::run_until(&lp, &host, Until::Time(Duration::from_millis(50))), LoopEnd::Finished);
    assert_eq!(*host.log.borrow(), ["timeout 1", "immediate", "timeout 10"]);
    assert_eq!(lp.borrow().clock().now(), Duration::from_millis(50));
    assert_eq!(host.before_exit_count.get(), 0, "beforeExit is the embedder's to decide");
}

#[test]
fn cleared_and_unrefed_immediates_and_timers_do_not_keep_the_loop_alive() {
    // Liveness is counted, not searched for: each clear, unref, ref and run
    // must keep the counts right. 100,000 immediates and timers, cleared in
    // reverse order (the worst case for a queue searched on each clear).
    let (log, lp, _) = node(MicrotaskMode::PerCallback, |lp, _| {
        let ids: Vec<u64> =
            (0..100_000).map(|_| immediate(lp, |_, h| h.log("cleared immediate ran"))).collect();
        let timers: Vec<u64> =
            (0..100_000).map(|_| timeout(lp, 5.0, |_, h| h.log("cleared timer ran"))).collect();
        for id in ids.iter().rev() {
            lp.borrow_mut().clear_immediate(*id);
        }
        for id in timers.iter().rev() {
            lp.borrow_mut().clear_timer(*id);
        }
        // Unref'd: runs only while something else keeps the loop alive.
        let unrefed = immediate(lp, |_, h| h.log("unref'd immediate"));
        lp.borrow_mut().set_immediate_ref(unrefed, false);
        assert!(!lp.borrow().immediate_has_ref(unrefed));
        // Unref'd then ref'd again: keeps the loop alive.
        let again = immediate(lp, |_, h| h.log("ref'd again"));
        lp.borrow_mut().set_immediate_ref(again, false);
        lp.borrow_mut().set_immediate_ref(again, true);
        assert!(lp.borrow().immediate_has_ref(again));
        let t = timeout(lp, 10.0, |_, h| h.log("unref'd timer"));
        lp.borrow_mut().set_timer_ref(t, false);
        assert!(!lp.borrow().timer_has_ref(t));
    });
    assert_eq!(log, ["unref'd immediate", "ref'd again"]);
    // Nothing was left to wait for: the clock never moved to the timers.
    assert_eq!(lp.borrow().now(), Duration::ZERO);
}

/// Node 24 prints "interval 1, timeout started by interval run 1, interval 2, …"
/// (conformance/node/interval_rearms_after_its_callback_behind_timers_it_started).
#[test]
fn an_interval_is_appended_to_its_list_after_its_callback() {
    let log = run(|lp, _| {
        interval_runs(lp, 50.0, 3, |lp, h, k| {
            h.log(format!("interval {k}"));
            timeout(lp, 50.0, move |_, h| h.log(format!("timeout from run {k}")));
        });
    });
    assert_eq!(
        log,
        [
            "interval 1",
            "timeout from run 1",
            "interval 2",
            "timeout from run 2",
            "interval 3",
            "timeout from run 3"
        ]
    );
}

/// Node's test-timers-refresh-in-callback: refresh() in the timer's own
/// callback re-arms it.
#[test]
fn refresh_inside_the_callback_keeps_the_timer() {
    let log = run(|lp, _| {
        let id = Rc::new(Cell::new(0));
        let i2 = id.clone();
        let n = Rc::new(Cell::new(0));
        id.set(timeout(lp, 20.0, move |lp, h| {
            n.set(n.get() + 1);
            h.log(format!("run {} at {}", n.get(), lp.borrow().now().as_millis()));
            if n.get() == 1 {
                assert!(lp.borrow_mut().refresh_timer(i2.get()));
            }
        }));
    });
    assert_eq!(log, ["run 1 at 20", "run 2 at 40"]);
    let log = run(|lp, _| {
        let t = timeout(lp, 5.0, |_, h| h.log("fired"));
        lp.borrow_mut().clear_timer(t);
        assert!(!lp.borrow_mut().refresh_timer(t));
    });
    assert!(log.is_empty());
}

/// Lists, not timers, are ordered by expiry: a list whose front timer is
/// not yet due waits again with a new list id, behind a list made meanwhile
/// that expires at the same time (lib/internal/timers.js, listOnTimeout).
#[test]
fn a_list_that_waits_again_goes_behind_lists_of_the_same_expiry() {
    let log = run(|lp, _| {
        // The 100 ms list: p (due 100), q (started at 5, due 105).
        timeout(lp, 5.0, |lp, _| {
            timeout(lp, 100.0, |_, h| h.log("q (100 ms list)"));
        });
        timeout(lp, 100.0, |lp, h| {
            h.log("p (100 ms list)");
            // A 5 ms list, made before the 100 ms list waits again: both
            // expire at 105, and this one has the lower id.
            timeout(lp, 5.0, |_, h| h.log("r (5 ms list)"));
        });
    });
    assert_eq!(log, ["p (100 ms list)", "r (5 ms list)", "q (100 ms list)"]);
}

/// MessagePorts as async handles (Node's node_messaging.cc, libuv's
/// uv__async_io): the ping-pong of
/// conformance/node/message_port_replies_to_a_later_made_port_come_in_the_same_poll,
/// whose order Node 24 printed: a reply to the later-made port comes in the
/// same poll phase, one to the earlier-made port after the immediate.
#[test]
fn ports_run_in_creation_order_in_one_pass_and_close_a_turn_apart() {
    type Ports = Rc<Cell<(u64, u64)>>;
    fn message(ports: Ports, at: usize, v: u32) -> Cb {
        cb(move |lp, h| {
            let (p1, p2) = ports.get();
            h.log(format!("M{v} at port{at}"));
            let to = if at == 1 { p2 } else { p1 };
            if v < 4 {
                lp.borrow_mut().port_post(to, message(ports.clone(), 3 - at, v + 1));
            } else {
                lp.borrow_mut().close_port(p1);
            }
        })
    }
    let log = run(|lp, _| {
        let ports: Ports = Rc::new(Cell::new((0, 0)));
        let p = ports.clone();
        // port1's close callback disentangles: port2 gets a close message.
        let p1 = lp.borrow_mut().open_port(cb(move |lp, h| {
            h.log("port1 close");
            lp.borrow_mut().port_post_close(p.get().1);
        }));
        let p2 = lp.borrow_mut().open_port(cb(|_, h| h.log("port2 close")));
        ports.set((p1, p2));
        for port in [p1, p2] {
            lp.borrow_mut().set_port_ref(port, true);
            lp.borrow_mut().set_port_receiving(port, true);
        }
        lp.borrow_mut().port_post(p1, message(ports.clone(), 1, 0));
        immediate(lp, |_, h| h.log("immediate"));
    });
    assert_eq!(
        log,
        [
            "M0 at port1",
            "M1 at port2",
            "immediate",
            "M2 at port1",
            "M3 at port2",
            "M4 at port1",
            "port1 close",
            "port2 close"
        ]
    );
}

#[test]
fn the_loop_counts_its_waits_in_poll_as_idle_time_from_its_start() {
    // The main module sees no loop start; the loop waits 10 ms for the
    // first timer, then 15 ms for the second; an immediate takes no wait.
    let (log, lp, _) = node(MicrotaskMode::PerCallback, |lp, h| {
        h.log(format!("main: start {:?}", lp.borrow().loop_start()));
        timeout(lp, 10.0, |lp, h| {
            let l = lp.borrow();
            h.log(format!("10ms: idle {:?}", l.idle_time()));
        });
        timeout(lp, 25.0, |lp, h| {
            let l = lp.borrow();
            h.log(format!("25ms: idle {:?}, start {:?}", l.idle_time(), l.loop_start()));
        });
        immediate(lp, |lp, h| h.log(format!("immediate: idle {:?}", lp.borrow().idle_time())));
    });
    assert_eq!(
        log,
        ["main: start None", "immediate: idle 0ns", "10ms: idle 10ms", "25ms: idle 25ms, start Some(0ns)"]
    );
    assert_eq!(lp.borrow().idle_time(), Duration::from_millis(25));
}
