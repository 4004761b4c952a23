//! Limits on a run: a wall-clock watchdog (`--timeout`), Ctrl-C, and the
//! engine's memory and stack limits.
//!
//! The watchdog is checked by QuickJS's interrupt handler (so it stops even
//! `while (true) {}`), by the loops at every turn, and by the clock while it
//! waits (so a long timer does not outlast it).
use std::cell::Cell;
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use jsloop_core::clock::{Clock, ClockKind, RealClock};

/// The limits of one run.
#[derive(Debug, Clone, Default)]
pub struct Limits {
    /// `--timeout`: wall-clock time the whole run may take.
    pub timeout: Option<Duration>,
    /// `--max-heap`: bytes QuickJS may allocate.
    pub max_heap: Option<usize>,
    /// `--max-stack`: bytes of stack script may use.
    pub max_stack: Option<usize>,
    /// Set by a SIGINT handler (Ctrl-C).
    pub interrupt: Option<Arc<AtomicBool>>,
    /// Set when a worker is terminated by its parent.
    pub terminate: Option<Arc<AtomicBool>>,
}

/// Why a run was stopped from outside the script.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StopReason {
    /// The `--timeout` watchdog fired after this much wall-clock time.
    Timeout(Duration),
    /// The interrupt flag was set (Ctrl-C).
    Interrupt,
    /// A worker's parent called `terminate()`.
    Terminated,
}

impl StopReason {
    /// The process exit code: 124 like `timeout(1)`, 130 like a shell for SIGINT.
    pub fn exit_code(self) -> i32 {
        match self {
            StopReason::Timeout(_) => 124,
            StopReason::Interrupt => 130,
            StopReason::Terminated => 0,
        }
    }

    /// In words, for the message the run ends with.
    pub fn describe(self) -> String {
        match self {
            StopReason::Timeout(t) => format!("--timeout {}ms reached", t.as_millis()),
            StopReason::Interrupt => "interrupted (SIGINT)".to_string(),
            StopReason::Terminated => "terminated".to_string(),
        }
    }
}

/// Decides, whenever asked, whether the run must stop now.
#[derive(Clone)]
pub struct Watchdog {
    deadline: Option<(Instant, Duration)>,
    interrupt: Option<Arc<AtomicBool>>,
    terminate: Option<Arc<AtomicBool>>,
    fired: Rc<Cell<Option<StopReason>>>,
}

impl Watchdog {
    /// A watchdog for `limits` (its timeout counts from now).
    pub fn new(limits: &Limits) -> Self {
        Watchdog {
            deadline: limits.timeout.map(|t| (Instant::now() + t, t)),
            interrupt: limits.interrupt.clone(),
            terminate: limits.terminate.clone(),
            fired: Rc::new(Cell::new(None)),
        }
    }

    /// Whether the run must stop; once it must, it always must.
    pub fn check(&self) -> bool {
        if self.fired.get().is_some() {
            return true;
        }
        if self.terminate.as_ref().is_some_and(|f| f.load(Ordering::Relaxed)) {
            self.fired.set(Some(StopReason::Terminated));
        } else if self.interrupt.as_ref().is_some_and(|f| f.load(Ordering::Relaxed)) {
            self.fired.set(Some(StopReason::Interrupt));
        } else if let Some((deadline, t)) = self.deadline {
            if Instant::now() >= deadline {
                self.fired.set(Some(StopReason::Timeout(t)));
            }
        }
        self.fired.get().is_some()
    }

    /// Why it fired, once it has.
    pub fn fired(&self) -> Option<StopReason> {
        self.fired.get()
    }
}

/// A clock whose waits end early when the watchdog fires.
pub struct WatchedClock {
    inner: Box<dyn Clock>,
    dog: Watchdog,
    /// For the real clock [`WatchedClock::real`] makes: `CLOCK_MONOTONIC`
    /// (in ns) at the inner clock's time zero, or a hair before. `now`
    /// then reads the system clock itself: the loop reads the clock for
    /// every timer it starts (Node's `getLibuvNow`) and for `Date.now()`
    /// and `performance.now()`, and `Instant`'s checked arithmetic was
    /// most of a read's cost.
    monotonic_origin: Option<u64>,
}

/// `CLOCK_MONOTONIC` in nanoseconds: the clock `Instant`, and so
/// [`RealClock`], reads on Linux (and libuv's `uv_hrtime`).
#[cfg(target_os = "linux")]
fn monotonic_ns() -> u64 {
    let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `ts` is a timespec to write; CLOCK_MONOTONIC exists on Linux.
    unsafe { libc::clock_gettime(libc::CLOCK_MONOTONIC, &mut ts) };
    (ts.tv_sec as u64).wrapping_mul(1_000_000_000).wrapping_add(ts.tv_nsec as u64)
}

impl WatchedClock {
    /// Wraps `inner`, whose real waits `dog` cuts short.
    pub fn new(inner: Box<dyn Clock>, dog: Watchdog) -> Self {
        WatchedClock { inner, dog, monotonic_origin: None }
    }

    /// The system's monotonic clock ([`RealClock`]), whose waits `dog`
    /// cuts short.
    pub fn real(dog: Watchdog) -> Self {
        let inner = RealClock::new();
        // (Read before the inner clock: this clock is then never behind it,
        // so a wait the inner clock ends has ended by this one too.)
        #[cfg(target_os = "linux")]
        let monotonic_origin = {
            let before = monotonic_ns();
            Some(before.saturating_sub(inner.now().as_nanos() as u64))
        };
        #[cfg(not(target_os = "linux"))]
        let monotonic_origin = None;
        WatchedClock { inner: Box::new(inner), dog, monotonic_origin }
    }
}

impl Clock for WatchedClock {
    fn now(&self) -> Duration {
        #[cfg(target_os = "linux")]
        if let Some(origin) = self.monotonic_origin {
            return Duration::from_nanos(monotonic_ns().saturating_sub(origin));
        }
        self.inner.now()
    }

    fn wait_until(&mut self, deadline: Duration) {
        if self.inner.kind() == ClockKind::Virtual {
            return self.inner.wait_until(deadline);
        }
        // Sleep in slices, looking at the watchdog between them. (The real
        // clock is read once per slice: read twice, it could pass the
        // deadline between the check and the subtraction, which panicked.)
        loop {
            let now = self.now();
            if now >= deadline || self.dog.check() {
                break;
            }
            let step = (deadline - now).min(Duration::from_millis(20));
            self.inner.wait_until(now + step);
        }
    }

    fn time_origin_unix_ms(&self) -> f64 {
        self.inner.time_origin_unix_ms()
    }

    fn kind(&self) -> ClockKind {
        self.inner.kind()
    }

    fn pass_time(&mut self, d: Duration) {
        self.inner.pass_time(d);
    }
}
