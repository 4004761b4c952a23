//! The poll phase (`uv__io_poll`) and how long it may block
//! (`uv__backend_timeout`): the one place that decides what poll waits for,
//! under the real clock and the virtual one (docs/event-loop.md, "Under the
//! virtual clock").

use std::time::Duration;

use super::alive::{alive_reasons, has_active_handles_or_requests, loop_alive_now};
use super::ports::run_async_handles;
use super::run::{call, end_of_phase, stopped};
use super::{CallbackKind, HostLoop, NodeHost, Phase, UvHandle};
use crate::clock::millis;
use crate::trace::TraceEvent;

/// `uv__backend_timeout`: how long poll may block.
///
/// Zero when the loop is stopping, when callbacks are pending, when an idle
/// handle is active (Node starts one while referenced immediates wait), or
/// when handles are closing; otherwise until the nearest timer, or without
/// limit (None) if there is no timer.
pub fn backend_timeout<H: NodeHost>(lp: &HostLoop<H>, host: &H) -> (Option<Duration>, &'static str) {
    let l = lp.borrow();
    if l.stop_flag {
        return (Some(Duration::ZERO), "the loop is stopping");
    }
    if !has_active_handles_or_requests(&l, host) {
        return (Some(Duration::ZERO), "no active handles or requests");
    }
    if !l.pending_queue.is_empty() {
        return (Some(Duration::ZERO), "pending callbacks wait");
    }
    if l.refed_immediates() {
        return (Some(Duration::ZERO), "immediates wait (Node's idle handle is active)");
    }
    if !l.closing_handles.is_empty() {
        return (Some(Duration::ZERO), "handles are closing");
    }
    // uv__next_timeout: the nearest timer (referenced or not: libuv keeps one
    // timer handle for all of Node's timers).
    match l.next_expiry() {
        Some(due) => (Some(due.saturating_sub(l.now())), "until the nearest timer"),
        None => (None, "no timer: until I/O arrives"),
    }
}

/// Whether anything is due at or before `t`: a callback waiting for a
/// phase, a timer, or (under the virtual clock, where it takes no time)
/// a request in flight.
pub(super) fn due_by<H: NodeHost>(lp: &HostLoop<H>, host: &H, t: Duration) -> bool {
    let (timeout, _) = backend_timeout(lp, host);
    let l = lp.borrow();
    let virtual_clock = l.clock.kind() == crate::clock::ClockKind::Virtual;
    timeout == Some(Duration::ZERO) && !l.stop_flag && loop_alive_now(&l, host)
        || l.next_expiry().is_some_and(|due| due <= t)
        || l.ports_pending()
        || (virtual_clock && host.requests_in_flight() > 0)
}

/// `uv__io_poll`: wait for I/O up to the timeout, then run what completed.
///
/// With `pause_at`, the wait ends no later than that time (work in flight
/// under the virtual clock is still collected: it takes no virtual time).
pub(super) fn io_poll<H: NodeHost>(
    lp: &HostLoop<H>,
    host: &H,
    timeout: Option<Duration>,
    why: &'static str,
    pause_at: Option<Duration>,
) {
    if lp.borrow().tracer.enabled() {
        let alive = alive_reasons(lp, host);
        let mut l = lp.borrow_mut();
        // The poll phase begins before it waits (its end is traced by
        // end_of_phase whether or not a callback ran): the wait is part of
        // the phase, as in uv__io_poll.
        l.trace(TraceEvent::PhaseStart { phase: Phase::Poll.name() });
        let text = match timeout {
            Some(t) => format!("poll: timeout {}ms ({why}); alive: {alive}", millis(t)),
            None => format!("poll: no timeout ({why}); alive: {alive}"),
        };
        l.trace(TraceEvent::Note { text });
    }
    // A port's async handle that was triggered has written to libuv's
    // wake-up descriptor: poll returns at once.
    let timeout = if lp.borrow().ports_pending() { Some(Duration::ZERO) } else { timeout };
    let virtual_clock = lp.borrow().clock.kind() == crate::clock::ClockKind::Virtual;
    let settle = virtual_clock && host.requests_in_flight() > 0 && timeout != Some(Duration::ZERO);
    // The pause point caps the wait.
    let timeout = match pause_at {
        Some(p) => {
            let left = p.saturating_sub(lp.borrow().clock.now());
            Some(timeout.map_or(left, |t| t.min(left)))
        }
        None => timeout,
    };
    let in_virtual_world = virtual_clock && lp.borrow().world.is_some();
    // (uv__metrics_update_idle_time: a wait that may block is idle time.)
    let wait_from = (timeout != Some(Duration::ZERO)).then(|| lp.borrow().clock.now());
    let ready = if !virtual_clock && (timeout.is_none() || lp.borrow().refed_port_count > 0) {
        // (Under the real clock every branch below polls so when the wait
        // has no limit or a referenced port keeps the loop alive: the cheap
        // checks first, for a port ping-pong's every turn.)
        host.poll_io(lp, timeout, false)
    } else if settle {
        host.poll_io(lp, None, true)
    } else if in_virtual_world && timeout != Some(Duration::ZERO) {
        // One of several loops under the virtual clock: poll would wait, so
        // this loop passes its turn on until a message arrives or its next
        // timer is due (docs/event-loop.md, "Workers").
        // With sockets or child processes open it first looks for their
        // events without blocking (as a lone loop does); and while it waits
        // on them the program is not over: when nothing else is due in the
        // world, it gets the turn to wait for them (up to 10 ms at a time,
        // then the others look again), time standing still.
        let io = host.io_handles() > 0;
        let early = if io { host.poll_io(lp, Some(Duration::ZERO), false) } else { Vec::new() };
        if !early.is_empty() {
            early
        } else {
            let due = timeout.map(|t| lp.borrow().clock.now() + t);
            let from = lp.borrow().clock.now();
            let turn = lp.borrow().world.as_ref().map(|m| m.yield_turn_waiting_on_io(due, io));
            let to = lp.borrow().clock.now();
            if to > from {
                lp.borrow_mut().trace(TraceEvent::ClockAdvance { from_ms: millis(from), to_ms: millis(to) });
            }
            if turn == Some(crate::world::Turn::Done) {
                lp.borrow_mut().world_done = true;
                Vec::new()
            } else if lp.borrow().world.as_ref().is_some_and(|m| m.io_turn()) {
                host.poll_io(lp, Some(Duration::from_millis(10)), false)
            } else {
                host.poll_io(lp, Some(Duration::ZERO), false)
            }
        }
    } else if (if virtual_clock { host.requests_in_flight() } else { host.active_requests() }) > 0 {
        if virtual_clock {
            // Work in flight will complete: under the virtual clock it takes
            // no virtual time. So that a run is repeatable, it is collected
            // only when the loop would otherwise wait (never on a zero
            // timeout), all of it, in the order it was requested.
            if timeout == Some(Duration::ZERO) {
                // Thread-pool requests made before this poll phase complete
                // in it (in the order they were made), and messages already
                // sent (from this thread, or by a loop whose turn it was)
                // are delivered: their order is fixed.
                host.take_messages(lp)
            } else {
                host.poll_io(lp, None, true)
            }
        } else {
            host.poll_io(lp, timeout, false)
        }
    } else if host.active_handles() > 0 {
        // Handles wait for events that may never come. Under the virtual
        // clock, look without blocking, then let the clock jump to the timer;
        // with no timer, block until an event comes.
        if virtual_clock && timeout.is_some() {
            let ready = host.poll_io(lp, Some(Duration::ZERO), false);
            if ready.is_empty() {
                advance_clock(lp, timeout);
            }
            ready
        } else {
            host.poll_io(lp, timeout, false)
        }
    } else if timeout.is_none() || (!virtual_clock && lp.borrow().refed_port_count > 0) {
        // No timer, or referenced MessagePorts: what keeps the loop alive is
        // an async handle (a port), whose wake-up comes through libuv's
        // async descriptor. uv__io_poll blocks in epoll_wait on it (timeout
        // -1 with no timer, else the nearest timer's) and the process idles:
        // a message from another thread, or a signal, ends the wait.
        host.poll_io(lp, timeout, false)
    } else {
        // Nothing but timers to wait for: the clock waits (a virtual clock
        // jumps) until the nearest one.
        advance_clock(lp, timeout);
        Vec::new()
    };
    {
        let mut l = lp.borrow_mut();
        l.update_time_after_poll(wait_from.is_none() && timeout == Some(Duration::ZERO) && ready.is_empty());
        if let Some(from) = wait_from {
            let waited = l.clock.now().saturating_sub(from);
            l.idle_time += waited;
        }
    }
    let n = ready.len();
    // libuv's async pass runs in this poll phase if its wake-up descriptor
    // was readable when poll looked: a port was triggered, or a thread-pool
    // request completed (its handle, made with the loop, runs first in the
    // pass: the completed requests' callbacks). It visits the async handles
    // that existed when it began (uv__async_io moves the list aside): a port
    // made during the pass waits for the next one.
    let (async_pass, ports_before) = {
        let l = lp.borrow();
        (l.ports_pending() || ready.iter().any(|c| host.is_async_wakeup(c)), l.next_port)
    };
    // The events epoll reported after the wake-up descriptor run after the
    // async pass (a port triggered before a socket became ready delivers
    // first, as in Node).
    // (uv__metrics_inc_events, and _events_waiting for a poll that did not
    // block, once the callbacks have run: one event a ready callback, one
    // the async wake-up.)
    let async_wakeups = ready.iter().filter(|c| host.is_async_wakeup(c)).count();
    let events = (n - async_wakeups + usize::from(async_pass)) as u64;
    let after = host.run_after_async_pass().min(n);
    let after = if async_pass { after } else { 0 };
    let mut ready = ready;
    let later = ready.split_off(n - after);
    // (The phase's start was traced before the wait: its callbacks run in
    // the same slice, so a `phase-end` has exactly one `phase-start`.)
    for callback in ready {
        call(lp, host, CallbackKind::Io, callback);
        if stopped(lp, host) {
            return;
        }
    }
    let delivered = if async_pass { run_async_handles(lp, host, ports_before) } else { 0 };
    for callback in later {
        if stopped(lp, host) {
            return;
        }
        call(lp, host, CallbackKind::Io, callback);
    }
    {
        let mut l = lp.borrow_mut();
        l.events += events;
        if wait_from.is_none() {
            l.events_waiting += events;
        }
    }
    end_of_phase(lp, host, Phase::Poll, n + delivered);
}

/// The clock waits (a virtual one jumps) for `timeout`, no further than
/// `--max-time`.
fn advance_clock<C: Clone, T: Clone>(lp: &UvHandle<C, T>, timeout: Option<Duration>) {
    let Some(t) = timeout.filter(|t| !t.is_zero()) else { return };
    let mut l = lp.borrow_mut();
    let from = l.clock.now();
    // Like epoll_wait's timeout: counted from now, not from the loop's
    // (whole-millisecond) cached time, so no timer fires early.
    let mut target = from + t;
    if let Some(limit) = l.max_time {
        target = target.min(limit.max(from));
    }
    l.clock.wait_until(target);
    let to = l.clock.now();
    l.trace(TraceEvent::ClockAdvance { from_ms: millis(from), to_ms: millis(to) });
}
