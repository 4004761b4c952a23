//! What the HTML loop does when no task is runnable and no idle period
//! starts: wait (the real clock) or jump (the virtual clock) to whatever is
//! due next, take tasks other threads sent, pass the turn on in a world of
//! loops, or say that the loop is over.
use std::time::Duration;

use super::event_loop::{accept_remote_tasks, max_time_end};
use super::{EventLoop, Host, Loop, LoopEnd, Until};
use crate::clock::{millis, ClockKind};
use crate::trace::TraceEvent;
use crate::world::Turn;

impl<P: Clone> EventLoop<P> {
    /// When the next thing waiting in parallel is due, if anything is.
    pub(super) fn next_wakeup(&self, rendering_wanted: bool, idle_waiting: bool) -> Option<Duration> {
        let now = self.now();
        [
            self.timers.next_deadline(),
            self.scheduled.first_key_value().map(|((at, _), _)| *at),
            self.next_scheduler_delay(),
            self.idle.next_timeout(),
            (rendering_wanted && !self.rendering.task_queued).then(|| self.rendering.next_opportunity(now)),
            idle_waiting.then_some(self.idle.last_deadline),
        ]
        .into_iter()
        .flatten()
        .min()
    }
}

/// No task is runnable and no idle period started: wait for whatever comes
/// next, or say that the loop is over (or, for [`run_until`], paused).
#[inline(never)]
pub(super) fn wait_for_work<H: Host>(
    lp: &Loop<H::Steps>,
    host: &H,
    rendering_wanted: bool,
    until: Until,
) -> Option<LoopEnd> {
    let is_virtual = lp.borrow().clock.kind() == ClockKind::Virtual;
    // Work from other threads. Under the virtual clock it takes no time: the
    // loop waits for every promised task (KeepAlive) before it moves time
    // on, and takes them in the order they were promised.
    {
        let l = lp.borrow();
        let waiting = l.inbox.has_arrived() || (is_virtual && l.inbox.outstanding() > 0);
        if waiting {
            let tasks = if is_virtual {
                l.inbox.take_settled(&|| host.should_stop())
            } else {
                l.inbox.take_arrived()
            };
            drop(l);
            accept_remote_tasks(lp, host, tasks);
            return None;
        }
    }
    let mut l = lp.borrow_mut();
    let now = l.now();
    let idle_waiting = l.idle.pending() > 0 && l.idle.last_deadline > now;
    let next = l.next_wakeup(rendering_wanted, idle_waiting);
    let pause_at = match until {
        Until::Done => None,
        Until::Idle => return Some(LoopEnd::Paused),
        Until::Time(t) => Some(t),
    };
    let promised = !is_virtual && l.inbox.outstanding() > 0;
    // Worker event loop step 6.2: if there are no tasks in the event loop's
    // task queues and the WorkerGlobalScope's closing flag is true, then
    // destroy the event loop.
    if l.closing {
        return Some(LoopEnd::Finished);
    }
    if until == Until::Done && l.world.is_some() {
        if let (Some(limit), Some(deadline)) = (l.max_time, next) {
            if deadline > limit {
                return Some(max_time_end(&l, limit));
            }
        }
        drop(l);
        return wait_in_world(lp, host, next, promised, is_virtual);
    }
    if next.is_none() && pause_at.is_none() && !promised {
        // No queued task, no active timer, no frame to render, no idle
        // callback, no promised work from another thread, and (between
        // turns) no microtask: nothing can ever run again.
        return Some(LoopEnd::Finished);
    }
    if let (Some(limit), Some(deadline)) = (l.max_time, next) {
        if deadline > limit && pause_at.is_none_or(|p| p > limit) {
            return Some(max_time_end(&l, limit));
        }
    }
    // Wait until the next thing is due, or the pause point, whichever is first.
    let target = match (next, pause_at) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    };
    if target.is_none_or(|t| t > now) {
        if is_virtual {
            if let Some(t) = target {
                l.clock.wait_until(t);
            }
        } else {
            // The real clock waits on the inbox, so a task sent meanwhile
            // wakes the loop; in slices, so the host can stop it.
            drop(l);
            loop {
                let l = lp.borrow();
                let now = l.now();
                if l.inbox.has_arrived() || target.is_some_and(|t| now >= t) || host.should_stop() {
                    break;
                }
                if target.is_none() && l.inbox.outstanding() == 0 {
                    break;
                }
                let slice =
                    target.map_or(Duration::from_millis(20), |t| (t - now).min(Duration::from_millis(20)));
                l.inbox.wait(Some(slice));
            }
            l = lp.borrow_mut();
        }
        let to = l.now();
        if to > now {
            l.trace(TraceEvent::ClockAdvance { from_ms: millis(now), to_ms: millis(to) });
        }
    }
    if let Some(p) = pause_at {
        if l.now() >= p && next.is_none_or(|n| n > p) {
            return Some(if l.has_work() { LoopEnd::Paused } else { LoopEnd::Finished });
        }
    }
    None
}

/// [`wait_for_work`] for a loop in a world (a page with workers, a worker):
/// under the virtual clock the loop passes its turn on; under the real
/// clock a loop with nothing due waits for a message or the program's end.
fn wait_in_world<H: Host>(
    lp: &Loop<H::Steps>,
    host: &H,
    next: Option<Duration>,
    promised: bool,
    is_virtual: bool,
) -> Option<LoopEnd> {
    if is_virtual {
        let from = lp.borrow().now();
        // Other loops take their turns on their own threads meanwhile; this
        // thread does nothing else, so holding the borrow is harmless.
        let turn = lp.borrow().world.as_ref()?.yield_turn(next);
        if turn == Turn::Done {
            return Some(LoopEnd::Finished);
        }
        let mut l = lp.borrow_mut();
        let to = l.now();
        if to > from {
            l.trace(TraceEvent::ClockAdvance { from_ms: millis(from), to_ms: millis(to) });
        }
        return None;
    }
    if next.is_some() || promised {
        // Something of its own is due: wait for it (or a message), busy.
        let l = lp.borrow();
        let now = l.now();
        let slice =
            next.map_or(Duration::from_millis(20), |t| t.saturating_sub(now).min(Duration::from_millis(20)));
        if !slice.is_zero() {
            l.inbox.wait(Some(slice));
        }
        return None;
    }
    if lp.borrow().world.as_ref()?.idle() == Turn::Done {
        return Some(LoopEnd::Finished);
    }
    loop {
        let l = lp.borrow();
        if l.inbox.has_arrived() {
            l.world.as_ref()?.busy();
            return None;
        }
        let member = l.world.as_ref()?;
        if member.world().is_done() {
            return Some(LoopEnd::Finished);
        }
        if host.should_stop() {
            return None;
        }
        l.inbox.wait(Some(Duration::from_millis(20)));
    }
}
