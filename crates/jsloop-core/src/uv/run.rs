//! `uv_run`: the turns of the loop and their phases in libuv's order, Node's
//! `SpinEventLoop` around them, and the call of one callback with the
//! nextTicks and microtasks after it.

use std::time::Duration;

use super::alive::loop_alive;
use super::immediates::run_check;
use super::poll::{backend_timeout, due_by, io_poll};
use super::timers::run_timers;
use super::{CallbackKind, HostLoop, MicrotaskMode, NodeHost, Phase, Running, UvHandle};
use crate::clock::millis;
use crate::run::{LoopEnd, Until};
use crate::trace::TraceEvent;

/// Node's `SpinEventLoop` (src/api/embed_helpers.cc): run the loop; when it
/// is no longer alive, emit `beforeExit`; if that made it alive again, run
/// it again. (`exit` is the host's to emit afterwards.)
pub fn spin_event_loop<H: NodeHost>(lp: &HostLoop<H>, host: &H) {
    loop {
        if stopped(lp, host) {
            break;
        }
        uv_run(lp, host);
        if stopped(lp, host) {
            break;
        }
        if loop_alive(lp, host) {
            continue;
        }
        lp.borrow_mut()
            .trace(TraceEvent::Note { text: "the loop is no longer alive: emit beforeExit".into() });
        host.emit_before_exit(lp);
        process_ticks_and_rejections(lp, host);
        if !loop_alive(lp, host) {
            break;
        }
    }
    // (Node's SpinEventLoop marks NODE_PERFORMANCE_MILESTONE_LOOP_EXIT once
    // the loop is done, before 'exit'.)
    {
        let mut l = lp.borrow_mut();
        l.loop_exit = Some(l.clock.now());
    }
    let reason =
        if lp.borrow().stopped_at_max_time { "--max-time reached" } else { "the loop is no longer alive" };
    lp.borrow_mut().trace(TraceEvent::LoopEnd { reason: reason.into() });
    lp.borrow_mut().tracer.flush();
    // In a world that is over, the next loop may end now.
    if let Some(member) = &lp.borrow().world {
        member.pass_done();
    }
}

/// The loop's phases run until the loop is no longer alive: libuv's
/// `uv_run(loop, UV_RUN_DEFAULT)`.
pub fn uv_run<H: NodeHost>(lp: &HostLoop<H>, host: &H) {
    run_turns(lp, host, None);
}

/// Runs the loop as far as `until` says (see [`Until`]), for an embedder that
/// drives it step by step. [`Until::Done`] is Node's whole run
/// ([`spin_event_loop`], with `beforeExit`); [`Until::Idle`] and
/// [`Until::Time`] run turns as `uv_run` does, but poll waits no later than
/// the pause point, and they return once nothing is due at or before it
/// (`beforeExit` is not emitted: the embedder decides when the run is over).
pub fn run_until<H: NodeHost>(lp: &HostLoop<H>, host: &H, until: Until) -> LoopEnd {
    let pause_at = match until {
        Until::Done => {
            spin_event_loop(lp, host);
            return end_of(lp, host);
        }
        Until::Idle => lp.borrow().clock.now(),
        Until::Time(t) => t,
    };
    let paused = run_turns(lp, host, Some(pause_at));
    if stopped(lp, host) {
        return end_of(lp, host);
    }
    if !paused {
        // The loop is no longer alive: under the virtual clock time still
        // moves to the pause point (as a fake-timer `tick` does).
        let mut l = lp.borrow_mut();
        if l.clock.kind() == crate::clock::ClockKind::Virtual && l.clock.now() < pause_at {
            let from = l.clock.now();
            l.clock.wait_until(pause_at);
            l.trace(TraceEvent::ClockAdvance { from_ms: millis(from), to_ms: millis(pause_at) });
            l.update_time();
        }
        return LoopEnd::Finished;
    }
    LoopEnd::Paused
}

/// Why the loop stopped, once it has.
fn end_of<H: NodeHost>(lp: &HostLoop<H>, host: &H) -> LoopEnd {
    let l = lp.borrow();
    if l.stopped_at_max_time {
        let limit = l.max_time.unwrap_or_default();
        LoopEnd::MaxTime { limit, active_timers: l.active_timers(), queued_tasks: 0 }
    } else if l.stop_flag || host.stopping() {
        LoopEnd::Stopped
    } else {
        LoopEnd::Finished
    }
}

/// `uv_run`'s turns. With `pause_at`, poll blocks no later than it and the
/// turns end once the clock has reached it and nothing is due by then;
/// returns whether they ended so (false: the loop is no longer alive, or
/// it was stopped).
fn run_turns<H: NodeHost>(lp: &HostLoop<H>, host: &H, pause_at: Option<Duration>) -> bool {
    {
        let mut l = lp.borrow_mut();
        // (Script may have run since the loop last read the clock.)
        l.forget_reading();
        if l.loop_start.is_none() {
            l.loop_start = Some(l.clock.now());
        }
    }
    let mut r = loop_alive(lp, host);
    if !r {
        lp.borrow_mut().update_time();
    }
    // Timers run once before the first turn (libuv ≥ 1.45 keeps this for
    // UV_RUN_DEFAULT); afterwards once per turn, after polling.
    if r && !stopped(lp, host) {
        lp.borrow_mut().update_time();
        run_timers(lp, host);
    }
    while r && !stopped(lp, host) {
        if let Some(t) = pause_at {
            if lp.borrow().clock.now() >= t && !due_by(lp, host, t) {
                return true;
            }
        }
        run_pending(lp, host);
        // uv__run_idle, uv__run_prepare: Node's idle handle only keeps poll
        // from blocking while immediates wait (see backend_timeout).
        // (A triggered port's wake-up makes poll return at once, whatever
        // the timeout would be: io_poll's rule. Untraced, the timeout's
        // reasons need not be looked at then.)
        let (timeout, why) = if lp.borrow().ports_pending() && !lp.borrow().tracer.enabled() {
            (Some(Duration::ZERO), "a port was triggered")
        } else {
            backend_timeout(lp, host)
        };
        // (uv__metrics_inc_loop_count, just before uv__io_poll.)
        lp.borrow_mut().turns += 1;
        io_poll(lp, host, timeout, why, pause_at);
        for _ in 0..8 {
            if lp.borrow().pending_queue.is_empty() {
                break;
            }
            run_pending(lp, host);
        }
        run_check(lp, host);
        run_closing_handles(lp, host);
        lp.borrow_mut().update_time();
        run_timers(lp, host);
        r = loop_alive(lp, host);
        if max_time_reached(lp) {
            break;
        }
    }
    false
}

#[inline]
pub(super) fn stopped<H: NodeHost>(lp: &HostLoop<H>, host: &H) -> bool {
    lp.borrow().stop_flag || host.stopping() || lp.borrow().stopped_at_max_time
}

fn max_time_reached<C: Clone, T: Clone>(lp: &UvHandle<C, T>) -> bool {
    let mut l = lp.borrow_mut();
    if let Some(limit) = l.max_time {
        if l.clock.now() >= limit {
            l.stopped_at_max_time = true;
        }
    }
    l.stopped_at_max_time
}

/// Calls one callback, then (Node ≥ 11) drains nextTicks and microtasks;
/// true if either threw.
#[inline]
pub(super) fn call<H: NodeHost>(
    lp: &HostLoop<H>,
    host: &H,
    kind: CallbackKind,
    callback: H::Callback,
) -> bool {
    let called = call_outcome(lp, host, kind, callback);
    called.threw || called.ticks_threw
}

/// What one [`call`] saw.
#[derive(Clone, Copy, Default)]
pub(super) struct Called {
    /// The callback itself threw (an 'uncaughtException' listener handled it).
    pub threw: bool,
    /// The drain of nextTicks and microtasks after it ended at a nextTick
    /// callback that threw (the rest wait for the next callback scope).
    pub ticks_threw: bool,
}

/// [`call`], saying which of the callback and the drain after it threw.
pub(super) fn call_outcome<H: NodeHost>(
    lp: &HostLoop<H>,
    host: &H,
    kind: CallbackKind,
    callback: H::Callback,
) -> Called {
    {
        let mut l = lp.borrow_mut();
        l.running = Some(Running::Callback(kind));
        l.begin_callback(matches!(kind, CallbackKind::PortMessage(_)));
    }
    host.take_threw();
    host.call(lp, kind, callback);
    // A timer callback that threw (an 'uncaughtException' listener handled
    // it) leaves Node's processTimers, which is called again for the rest of
    // the expired timers: the next one runs before the nextTick queue is
    // drained (ranAtLeastOneTimer starts false again). The timers phase
    // drains it at its end in any case.
    let threw = host.take_threw();
    // An immediate that threw likewise leaves processImmediate, which the
    // check phase calls again for the rest of the queue (src/env.cc's
    // CheckImmediate, while the queue has outstanding immediates): the next
    // immediate runs before the nextTick queue is drained. Any other
    // callback that threw is a MakeCallback that failed (a port's
    // emitMessage, an I/O callback: src/api/callback.cc's
    // InternalMakeCallback marks its scope as failed, and the close drains
    // nothing): the ticks and microtasks wait for the next callback scope.
    let skip = threw
        // RunAndClearNativeImmediates (src/env.cc) runs the whole queue in
        // one InternalCallbackScope: its ticks and microtasks come after the
        // last one (run_check).
        || matches!(kind, CallbackKind::NativeImmediate);
    // (Node's InternalMakeCallback fails when the scope's close fails too: a
    // nextTick callback that threw, which a port's OnMessage treats as its
    // callback's throw.)
    let ticks_threw =
        lp.borrow().mode == MicrotaskMode::PerCallback && !skip && process_ticks_and_rejections(lp, host);
    {
        let mut l = lp.borrow_mut();
        l.forget_reading();
        if !host.stopping() {
            l.running = None;
        }
    }
    Called { threw, ticks_threw }
}

/// At the end of a phase, legacy mode drains nextTicks and microtasks.
pub(super) fn end_of_phase<H: NodeHost>(lp: &HostLoop<H>, host: &H, phase: Phase, ran: usize) {
    // (Made only when traced: the poll phase ends so every turn.)
    if (ran > 0 || phase == Phase::Poll) && lp.borrow().tracer.enabled() {
        lp.borrow_mut().trace(TraceEvent::PhaseEnd { phase: phase.name(), callbacks: ran });
    }
    if lp.borrow().mode == MicrotaskMode::Legacy {
        process_ticks_and_rejections(lp, host);
    }
}

/// Node's `processTicksAndRejections` (lib/internal/process/task_queues.js):
/// run every nextTick callback, then the microtask queue, and again while
/// either added more.
///
/// A nextTick callback that throws (an `uncaughtException` listener
/// handled it) ends the call there, as the exception leaves Node's
/// processTicksAndRejections: the ticks after it and the microtask queue
/// wait for the next call (the next callback's, or the immediate that a
/// handled uncaught exception queues, process._fatalException's
/// setImmediate(noop)); true then.
pub fn process_ticks_and_rejections<H: NodeHost>(lp: &HostLoop<H>, host: &H) -> bool {
    // (The trace events are made only when traced: a nextTick is hot.)
    let tracing = {
        let l = lp.borrow();
        l.forget_reading();
        l.tracer.enabled()
    };
    let threw = ticks_and_rejections(lp, host, tracing);
    lp.borrow().forget_reading();
    threw
}

fn ticks_and_rejections<H: NodeHost>(lp: &HostLoop<H>, host: &H, tracing: bool) -> bool {
    loop {
        let mut ticks = 0;
        loop {
            let tick = lp.borrow_mut().next_tick_queue.pop_front();
            let Some(tick) = tick else { break };
            ticks += 1;
            if tracing {
                lp.borrow_mut().trace(TraceEvent::Microtask { kind: "nextTick".into(), origin: None });
            }
            host.take_threw();
            host.call(lp, CallbackKind::NextTick, tick);
            if host.take_threw() {
                return true;
            }
        }
        host.run_microtasks(lp);
        if tracing && ticks > 0 {
            lp.borrow_mut().trace(TraceEvent::Note {
                text: format!("ran {ticks} nextTick callback(s) and the microtask queue"),
            });
        }
        let more = !lp.borrow().next_tick_queue.is_empty();
        if !more && !host.process_promise_rejections(lp) {
            break;
        }
    }
    false
}

/// `uv__run_pending`: the callbacks queued for this phase when it began.
fn run_pending<H: NodeHost>(lp: &HostLoop<H>, host: &H) {
    // (Nothing pending, the usual case: no list to collect.)
    if lp.borrow().pending_queue.is_empty() {
        return end_of_phase(lp, host, Phase::Pending, 0);
    }
    let due: Vec<_> = lp.borrow_mut().pending_queue.drain(..).collect();
    run_all(lp, host, Phase::Pending, CallbackKind::Pending, due);
}

/// `uv__run_closing_handles`: libuv keeps the closing handles in a list
/// that `uv_close` prepends to, so their close callbacks run in the reverse
/// order of the `uv_close` calls (src/unix/core.c).
fn run_closing_handles<H: NodeHost>(lp: &HostLoop<H>, host: &H) {
    if lp.borrow().closing_handles.is_empty() {
        return end_of_phase(lp, host, Phase::Close, 0);
    }
    let due: Vec<_> = lp.borrow_mut().closing_handles.drain(..).rev().collect();
    run_all(lp, host, Phase::Close, CallbackKind::Close, due);
}

fn run_all<H: NodeHost>(
    lp: &HostLoop<H>,
    host: &H,
    phase: Phase,
    kind: CallbackKind,
    callbacks: Vec<H::Callback>,
) {
    let n = callbacks.len();
    // (io_poll has begun the poll phase already.)
    if n > 0 && phase != Phase::Poll {
        lp.borrow_mut().trace(TraceEvent::PhaseStart { phase: phase.name() });
    }
    for callback in callbacks {
        call(lp, host, kind, callback);
        if stopped(lp, host) {
            return;
        }
    }
    end_of_phase(lp, host, phase, n);
}
