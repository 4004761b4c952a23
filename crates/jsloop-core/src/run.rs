//! What both loops share about how far they run: [`Until`], the point an
//! embedder runs a loop to, and [`LoopEnd`], why the run returned. The HTML
//! loop ([`crate::html`]) and the Node loop ([`crate::uv`]) both use them and
//! import nothing of each other.
use std::time::Duration;

/// Why a loop's run returned ([`html::run`](crate::html::run),
/// [`html::run_until`](crate::html::run_until), [`uv::run_until`](crate::uv::run_until)).
#[derive(Debug, Clone, PartialEq)]
pub enum LoopEnd {
    /// Nothing can ever run again: no queued task, no active timer, no pending
    /// callback of any kind.
    Finished,
    /// `--max-time` was reached while work remained.
    MaxTime {
        /// The limit that was reached.
        limit: Duration,
        /// Timers still active then.
        active_timers: usize,
        /// Tasks still queued then (always 0 for the Node loop).
        queued_tasks: usize,
    },
    /// The host asked the loop to stop (a watchdog, an interrupt).
    Stopped,
    /// `run_until` reached the point it was asked to run to
    /// ([`Until::Idle`] or [`Until::Time`]); work remains and the loop can be
    /// run again.
    Paused,
}

/// How far a loop's `run_until` runs it (the HTML loop's or the Node loop's).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Until {
    /// Until nothing can ever run again (or `--max-time`, or a stop).
    Done,
    /// Until no task is runnable at the current time: the clock does not
    /// move (under the virtual clock, work other threads promised with a
    /// [`crate::remote::KeepAlive`] is waited for, as it takes no virtual time).
    Idle,
    /// Until the clock reaches this time (relative to the time origin):
    /// everything due up to and at it runs, then the clock is left at it.
    /// The virtual clock jumps; the real clock waits.
    Time(Duration),
}
