//! The browser host's clock as script reads it (`performance.now()`,
//! `Date.now()`, `new Date()`, an event's `timeStamp`), and the one rule
//! that lets a busy-wait end under the virtual clock.
//!
//! The rule is per task: a task's reads are counted from its start.
//!
//! Under `--clock virtual` time moves only when the loop waits, so a script
//! that spins until the clock passes some time (`while (Date.now() < d) {}`,
//! as WPT pages do to hold the main thread) would spin forever. A script
//! that reads the clock [`SPIN_READS`] times in a row in one task and is told the same
//! time each time is taken to be waiting for time to pass: each further read
//! lets [`SPIN_STEP`] pass first. The rule counts reads, not wall time, so a
//! run stays exact and repeatable; a script that reads the clock less often
//! than that between two moves of the clock never sees it (docs/event-loop.md,
//! "The clocks").
use std::cell::Cell;
use std::time::Duration;

use jsloop_core::clock::ClockKind;
use jsloop_core::html::Loop;

/// Reads of an unmoving clock after which a script is taken to be spinning.
pub(crate) const SPIN_READS: u32 = 1000;
/// How much time each read of a spinning script lets pass.
pub(crate) const SPIN_STEP: Duration = Duration::from_millis(1);

thread_local! {
    /// (the time the last read returned, reads in a row that returned it);
    /// one loop per thread.
    static READS: Cell<(Duration, u32)> = const { Cell::new((Duration::ZERO, 0)) };
}

/// A task starts: its reads are counted afresh.
pub(crate) fn task_starts() {
    READS.with(|reads| reads.set((Duration::MAX, 0)));
}

/// The resolution of the times script reads (hr-time's "coarsen time": 100
/// microseconds, since no jsloop page has cross-origin isolated capability).
pub(crate) const TIME_RESOLUTION: Duration = Duration::from_micros(100);

/// <https://w3c.github.io/hr-time/#dfn-coarsen-time>: Step 1. Let time
/// resolution be 100 microseconds (5 with cross-origin isolated capability).
/// Step 2. Let coarse time be floor(timestamp / time resolution) * time
/// resolution (no jitter). Step 3. Return coarse time. (The virtual clock's
/// times are the loop's own, exact and repeatable: they are left as they are.)
fn coarsen(time: Duration) -> Duration {
    let step = TIME_RESOLUTION.as_nanos();
    Duration::from_nanos((time.as_nanos() / step * step) as u64)
}

/// A time of the loop's timeline handed to script (an idle deadline), on
/// the same coarse grid as the times script reads: under the real clock,
/// coarsened as [`script_now`] coarsens the current time, so that a
/// deadline 50 ms after a read is never more than 50 ms after it.
pub(crate) fn script_time<P: Clone>(lp: &Loop<P>, time: Duration) -> Duration {
    if lp.borrow().clock().kind() == ClockKind::Virtual {
        time
    } else {
        coarsen(time)
    }
}

/// The loop's current time as script reads it (coarsened under the real clock).
pub(crate) fn script_now<P: Clone>(lp: &Loop<P>) -> Duration {
    let (now, kind) = {
        let l = lp.borrow();
        (l.now(), l.clock().kind())
    };
    if kind != ClockKind::Virtual {
        return coarsen(now);
    }
    READS.with(|reads| {
        let (last, count) = reads.get();
        let count = if last == now { count.saturating_add(1) } else { 1 };
        if count > SPIN_READS {
            lp.borrow_mut().pass_time(SPIN_STEP);
            let moved = lp.borrow().now();
            // The next read counts on from here: it is still spinning.
            reads.set((moved, count));
            moved
        } else {
            reads.set((now, count));
            now
        }
    })
}
