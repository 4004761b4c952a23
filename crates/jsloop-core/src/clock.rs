//! Clocks, injected everywhere: the core never reads the system time itself.
//!
//! Time is measured as a [`Duration`] since the *time origin* (the HTML
//! Standard's "time origin" of the global object, which `performance.now()`
//! is relative to). Two clocks implement [`Clock`]:
//!
//! - [`RealClock`] follows a monotonic system clock and really waits;
//! - [`VirtualClock`] moves only when the loop has nothing runnable and asks
//!   it to wait, and then it jumps straight to the deadline. Running code takes
//!   no virtual time at all, so every run of a script is exact and repeatable.
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// The Unix time (in milliseconds) of the virtual clock's time origin:
/// 2026-01-01T00:00:00Z. `Date.now()` under `--clock virtual` starts here.
pub const VIRTUAL_TIME_ORIGIN_UNIX_MS: f64 = 1_767_225_600_000.0;

/// Which clock a run uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClockKind {
    /// [`RealClock`]: the system's monotonic clock; waits really wait.
    Real,
    /// [`VirtualClock`]: moves only when the loop waits, and then jumps.
    Virtual,
}

/// A source of time for an event loop.
pub trait Clock {
    /// The current time, relative to the time origin.
    fn now(&self) -> Duration;
    /// Block until `deadline` (relative to the time origin). A real clock
    /// sleeps; a virtual clock jumps. Never moves time backwards.
    fn wait_until(&mut self, deadline: Duration);
    /// The time origin as milliseconds since the Unix epoch
    /// (`performance.timeOrigin`).
    fn time_origin_unix_ms(&self) -> f64;
    /// Which kind of clock this is. The loops use it to decide how to wait:
    /// under a [`ClockKind::Virtual`] clock, work from other threads takes no
    /// time and is waited for before time moves on.
    fn kind(&self) -> ClockKind;
    /// Lets `d` pass while script runs: a virtual clock moves forward by `d`
    /// (a script that busy-waits on the clock, docs/event-loop.md "The
    /// clocks"); a real clock has no need to.
    fn pass_time(&mut self, d: Duration) {
        let _ = d;
    }

    /// `Date.now()`: the Unix time in whole milliseconds.
    fn unix_ms(&self) -> f64 {
        floor(self.time_origin_unix_ms() + millis(self.now()))
    }
}

/// A [`Duration`] as fractional milliseconds, exact for whole microseconds.
pub fn millis(d: Duration) -> f64 {
    // (In u64 nanoseconds while they fit, 584 years: the same number, and
    // converting a u128 to f64 is a call of about 45 instructions,
    // `__floattidf`, twice a timer in bench `timers_scattered`.)
    match d.as_secs().checked_mul(1_000_000_000).and_then(|n| n.checked_add(u64::from(d.subsec_nanos()))) {
        Some(nanos) => nanos as f64 / 1_000_000.0,
        None => d.as_nanos() as f64 / 1_000_000.0,
    }
}

/// `x.floor()`, inline for the numbers `Date.now()` sees: a whole number
/// at or above zero and below 2^53 is its own truncation (a cast); the
/// rest go to `f64::floor`, which x86-64's baseline makes a call of libm's
/// `floor`.
fn floor(x: f64) -> f64 {
    if (0.0..9_007_199_254_740_992.0).contains(&x) {
        x as u64 as f64
    } else {
        x.floor()
    }
}

/// Milliseconds (as a JavaScript number) to a [`Duration`]; negative and NaN
/// become zero.
pub fn from_millis(ms: f64) -> Duration {
    if ms.is_nan() || ms <= 0.0 {
        Duration::ZERO
    } else {
        Duration::from_nanos((ms * 1_000_000.0).min(u64::MAX as f64) as u64)
    }
}

/// The system's monotonic clock.
#[derive(Debug)]
pub struct RealClock {
    origin: Instant,
    origin_unix_ms: f64,
}

impl RealClock {
    /// A clock whose time origin is now (the monotonic instant, and the
    /// system's Unix time for `performance.timeOrigin`).
    pub fn new() -> Self {
        let origin_unix_ms =
            SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs_f64() * 1000.0).unwrap_or(0.0);
        RealClock { origin: Instant::now(), origin_unix_ms }
    }
}

impl Default for RealClock {
    fn default() -> Self {
        Self::new()
    }
}

impl Clock for RealClock {
    fn now(&self) -> Duration {
        self.origin.elapsed()
    }
    fn wait_until(&mut self, deadline: Duration) {
        let now = self.now();
        if deadline > now {
            std::thread::sleep(deadline - now);
        }
    }
    fn time_origin_unix_ms(&self) -> f64 {
        self.origin_unix_ms
    }
    fn kind(&self) -> ClockKind {
        ClockKind::Real
    }
}

/// A clock that moves only when asked to wait, and then jumps.
#[derive(Debug, Default, Clone)]
pub struct VirtualClock {
    now: Duration,
}

impl VirtualClock {
    /// A clock at zero, whose time origin is [`VIRTUAL_TIME_ORIGIN_UNIX_MS`].
    pub fn new() -> Self {
        VirtualClock { now: Duration::ZERO }
    }
}

impl Clock for VirtualClock {
    fn now(&self) -> Duration {
        self.now
    }
    fn wait_until(&mut self, deadline: Duration) {
        self.now = self.now.max(deadline);
    }
    fn pass_time(&mut self, d: Duration) {
        self.now += d;
    }
    fn time_origin_unix_ms(&self) -> f64 {
        VIRTUAL_TIME_ORIGIN_UNIX_MS
    }
    fn kind(&self) -> ClockKind {
        ClockKind::Virtual
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn virtual_clock_jumps_to_deadline_and_never_back() {
        let mut c = VirtualClock::new();
        assert_eq!(c.now(), Duration::ZERO);
        c.wait_until(Duration::from_secs(3600));
        assert_eq!(c.now(), Duration::from_secs(3600));
        c.wait_until(Duration::from_secs(1));
        assert_eq!(c.now(), Duration::from_secs(3600));
        assert_eq!(c.unix_ms(), VIRTUAL_TIME_ORIGIN_UNIX_MS + 3_600_000.0);
    }

    #[test]
    fn millis_is_exact_for_whole_milliseconds() {
        assert_eq!(millis(Duration::from_millis(4)), 4.0);
        assert_eq!(from_millis(4.0), Duration::from_millis(4));
        assert_eq!(from_millis(-5.0), Duration::ZERO);
        assert_eq!(from_millis(f64::NAN), Duration::ZERO);
    }

    #[test]
    fn real_clock_is_monotonic() {
        let c = RealClock::new();
        let a = c.now();
        let b = c.now();
        assert!(b >= a);
    }
}
