//! Timers: the map of setTimeout and setInterval IDs and the map of active
//! timers of one global.
//!
//! <https://html.spec.whatwg.org/multipage/timers-and-user-prompts.html#timers>
//!
//! This module keeps the timer state and answers "which timers are due, in
//! which order". The timer initialization steps themselves, which need the
//! event loop's currently running task, are
//! [`EventLoop::timer_initialization_steps`](crate::html::EventLoop::timer_initialization_steps).
use std::collections::BTreeSet;

// Ids are small sequential integers: a fast non-cryptographic hash.
use rustc_hash::FxHashMap as HashMap;
use std::time::Duration;

use crate::task::Origin;

/// An ID returned by `setTimeout`/`setInterval`: an integer greater than zero.
pub type TimerId = u32;

/// The spec's *uniqueHandle*: the key of one run of "run steps after a
/// timeout". Keys increase with every start, so they also record start order.
pub type TimerKey = u64;

/// One entry of the map of setTimeout and setInterval IDs.
#[derive(Debug, Clone)]
pub struct TimerEntry<P> {
    /// The uniqueHandle of the timer's current run of steps after a timeout.
    pub key: TimerKey,
    /// The timer task's steps (the handler and its arguments, held by the host).
    pub steps: P,
    /// The timeout as requested by the script, in milliseconds, before clamping.
    pub requested_ms: f64,
    /// The timeout after steps 4 and 5 of the initialization steps.
    pub timeout: Duration,
    /// Whether it is a `setInterval` (the task restarts it).
    pub repeat: bool,
    /// The timer nesting level of the task this run will queue.
    pub nesting_level: u32,
    /// When the timeout elapses (relative to the time origin).
    pub deadline: Duration,
    /// Where the script called `setTimeout`/`setInterval`.
    pub origin: Option<Origin>,
}

/// A timer whose timeout has elapsed, ready to have its task queued.
#[derive(Debug, Clone)]
pub struct DueTimer<P> {
    /// The timer's ID.
    pub id: TimerId,
    /// The uniqueHandle of the run whose timeout elapsed.
    pub key: TimerKey,
    /// The timer's entry as it was then.
    pub entry: TimerEntry<P>,
}

/// The timers of one global object.
#[derive(Debug)]
pub struct Timers<P> {
    /// <https://html.spec.whatwg.org/multipage/timers-and-user-prompts.html#map-of-settimeout-and-setinterval-ids>
    ids: HashMap<TimerId, TimerEntry<P>>,
    /// <https://html.spec.whatwg.org/multipage/timers-and-user-prompts.html#map-of-active-timers>,
    /// ordered by (deadline, start order). Equal deadlines fire in start
    /// order, which is what "wait until any invocations of this algorithm ...
    /// whose milliseconds is equal to or less than this one's have completed"
    /// asks for on a monotonic clock.
    active: BTreeSet<(Duration, TimerKey, TimerId)>,
    next_id: TimerId,
    next_key: TimerKey,
}

impl<P> Default for Timers<P> {
    fn default() -> Self {
        Timers { ids: HashMap::default(), active: BTreeSet::new(), next_id: 1, next_key: 1 }
    }
}

impl<P: Clone> Timers<P> {
    /// Step 2 of the initialization steps: "an implementation-defined integer
    /// that is greater than zero and does not already exist in global's map
    /// of setTimeout and setInterval IDs". jsloop counts up from 1, as
    /// browsers do.
    pub fn new_id(&mut self) -> TimerId {
        loop {
            let id = self.next_id;
            self.next_id = self.next_id.checked_add(1).unwrap_or(1);
            if !self.ids.contains_key(&id) {
                return id;
            }
        }
    }

    /// Runs steps after a timeout for `id` (its steps 1–3: a new key, the
    /// deadline in the map of active timers) and records `id → uniqueHandle`.
    pub fn start(&mut self, id: TimerId, now: Duration, mut entry: TimerEntry<P>) -> TimerKey {
        let key = self.next_key;
        self.next_key += 1;
        entry.key = key;
        entry.deadline = now + entry.timeout;
        self.active.insert((entry.deadline, key, id));
        if let Some(old) = self.ids.insert(id, entry) {
            self.active.remove(&(old.deadline, old.key, id));
        }
        key
    }

    /// `clearTimeout`/`clearInterval`: remove `id` from the map of IDs.
    ///
    /// The spec leaves the timer's steps after a timeout running and lets its
    /// task do nothing (step 8.1); jsloop also drops the pending deadline, so
    /// a cleared timer neither keeps the loop alive nor queues an empty task.
    /// Unknown IDs are ignored.
    pub fn clear(&mut self, id: TimerId) -> Option<TimerEntry<P>> {
        let entry = self.ids.remove(&id)?;
        self.active.remove(&(entry.deadline, entry.key, id));
        Some(entry)
    }

    /// Whether `id` still maps to the run `key` (steps 8.1–8.2 and 8.6–8.7).
    pub fn is_current(&self, id: TimerId, key: TimerKey) -> bool {
        self.ids.get(&id).is_some_and(|e| e.key == key)
    }

    /// The entry `id` maps to, if it is still in the map of IDs.
    pub fn entry(&self, id: TimerId) -> Option<&TimerEntry<P>> {
        self.ids.get(&id)
    }

    /// Step 8.9: remove `id` from the map of IDs once a timeout has run.
    pub fn remove(&mut self, id: TimerId) {
        if let Some(e) = self.ids.remove(&id) {
            self.active.remove(&(e.deadline, e.key, id));
        }
    }

    /// The earliest deadline among the active timers.
    pub fn next_deadline(&self) -> Option<Duration> {
        self.active.first().map(|(d, _, _)| *d)
    }

    /// The number of timers whose timeout has not yet elapsed.
    pub fn active_len(&self) -> usize {
        self.active.len()
    }

    /// Removes from the map of active timers every timer whose deadline is at
    /// or before `now`, in (deadline, start order), for their tasks to be
    /// queued.
    pub fn take_due(&mut self, now: Duration) -> Vec<DueTimer<P>> {
        let mut due = Vec::new();
        while let Some(&(deadline, key, id)) = self.active.first() {
            if deadline > now {
                break;
            }
            self.active.pop_first();
            if let Some(entry) = self.ids.get(&id) {
                due.push(DueTimer { id, key, entry: entry.clone() });
            }
        }
        due
    }
}
