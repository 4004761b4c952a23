//! Timers: the map of setTimeout and setInterval IDs and the map of active
//! timers of one global.
//!
//! <https://html.spec.whatwg.org/multipage/timers-and-user-prompts.html#timers>
//!
//! The timer state answers "which timers are due, in which order"; the
//! timer initialization steps, which need the event loop's currently running
//! task, are
//! [`EventLoop::timer_initialization_steps`](crate::html::EventLoop::timer_initialization_steps),
//! below with the timer task's substeps.
use std::collections::BTreeSet;

// Ids are small sequential integers: a fast non-cryptographic hash.
use rustc_hash::FxHashMap as HashMap;
use std::time::Duration;

use super::task::{TaskSource, TaskSteps};
use super::{EventLoop, Host, Loop, RunningTask, TaskInfo};
use crate::clock::{from_millis, millis};
use crate::task::Origin;
use crate::trace::TraceEvent;

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
    active: ActiveTimers,
    next_id: TimerId,
    next_key: TimerKey,
}

impl<P> Default for Timers<P> {
    fn default() -> Self {
        Timers { ids: HashMap::default(), active: ActiveTimers::default(), next_id: 1, next_key: 1 }
    }
}

/// One entry of the map of active timers: its deadline, its uniqueHandle
/// (start order) and its ID. Keys grow with every start, so no two are equal.
type ActiveTimer = (Duration, TimerKey, TimerId);

/// The map of active timers in (deadline, start order), with the newest
/// timer kept apart until another one starts: a timer cleared before then
/// (`clearTimeout(setTimeout(f, d))`, a debounce) never enters or leaves
/// the ordered set. What the map answers (its first entry, its length,
/// whether it holds an entry) counts the newest timer in, so the order in
/// which timers are due is the same.
#[derive(Debug, Default)]
struct ActiveTimers {
    ordered: BTreeSet<ActiveTimer>,
    newest: Option<ActiveTimer>,
}

impl ActiveTimers {
    fn insert(&mut self, timer: ActiveTimer) {
        if let Some(previous) = self.newest.replace(timer) {
            self.ordered.insert(previous);
        }
    }

    /// Whether `timer` was there.
    fn remove(&mut self, timer: &ActiveTimer) -> bool {
        if self.newest.as_ref() == Some(timer) {
            self.newest = None;
            return true;
        }
        self.ordered.remove(timer)
    }

    fn first(&self) -> Option<ActiveTimer> {
        match (self.ordered.first(), self.newest) {
            (Some(&first), Some(newest)) => Some(first.min(newest)),
            (first, newest) => first.copied().or(newest),
        }
    }

    fn pop_first(&mut self) -> Option<ActiveTimer> {
        let first = self.first()?;
        self.remove(&first);
        Some(first)
    }

    fn len(&self) -> usize {
        self.ordered.len() + usize::from(self.newest.is_some())
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
        self.active.first().map(|(d, _, _)| d)
    }

    /// The number of timers whose timeout has not yet elapsed.
    pub fn active_len(&self) -> usize {
        self.active.len()
    }

    /// Removes timer `id` from the map of active timers if its deadline is at
    /// or before `now`, for its task to be queued.
    pub fn take_if_due(&mut self, id: TimerId, now: Duration) -> Option<DueTimer<P>> {
        let entry = self.ids.get(&id)?;
        if entry.deadline > now || !self.active.remove(&(entry.deadline, entry.key, id)) {
            return None;
        }
        Some(DueTimer { id, key: entry.key, entry: entry.clone() })
    }

    /// Removes from the map of active timers every timer whose deadline is at
    /// or before `now`, in (deadline, start order), for their tasks to be
    /// queued.
    pub fn take_due(&mut self, now: Duration) -> Vec<DueTimer<P>> {
        let mut due = Vec::new();
        while let Some((deadline, key, id)) = self.active.first() {
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

// The timer initialization steps and the timer task, on the event loop.

impl<P: Clone> EventLoop<P> {
    /// <https://html.spec.whatwg.org/multipage/timers-and-user-prompts.html#timer-initialisation-steps>
    ///
    /// Steps 1, 6 and 7 (this, the realm, the initiating script) and the
    /// handler itself belong to the host, which passes the timer task's
    /// `steps`; `timeout` is already converted to a WebIDL `long`.
    pub fn timer_initialization_steps(
        &mut self,
        steps: P,
        timeout: i32,
        repeat: bool,
        previous_id: Option<TimerId>,
        origin: Option<Origin>,
    ) -> TimerId {
        // Step 2. If previousId was given, let id be previousId; otherwise, let
        // id be an implementation-defined integer that is greater than zero and
        // does not already exist in global's map of setTimeout and setInterval IDs.
        let id = previous_id.unwrap_or_else(|| self.timers.new_id());
        // Step 3. If the surrounding agent's event loop's currently running task
        // is a task that was created by this algorithm, then let nesting level be
        // the task's timer nesting level. Otherwise, let nesting level be 0.
        let mut nesting_level = match self.currently_running_task {
            Some(RunningTask::Task { timer_nesting_level: Some(level), .. }) => level,
            _ => 0,
        };
        // Step 4. If timeout is less than 0, then set timeout to 0.
        let mut timeout_ms = timeout.max(0);
        // Step 5. If nesting level is greater than 5, and timeout is less than 4,
        // then set timeout to 4.
        let clamped = nesting_level > 5 && timeout_ms < 4;
        if clamped {
            timeout_ms = 4;
        }
        // Step 6–7. (The realm and the initiating script: the host's.)
        // Step 8. Let task be a task that runs the following substeps: the
        // host's `steps`, wrapped by `run_timer_task` for substeps 8.1–8.2 and 8.6–8.9.
        // Step 9. Increment nesting level by one.
        nesting_level += 1;
        // Step 10. Set task's timer nesting level to nesting level.
        let entry = TimerEntry {
            key: 0,
            steps,
            requested_ms: f64::from(timeout),
            timeout: from_millis(f64::from(timeout_ms)),
            repeat,
            nesting_level,
            deadline: Duration::ZERO,
            origin: origin.clone(),
        };
        // Step 11. Let completionStep be an algorithm step which queues a global
        // task on the timer task source given global to run task.
        // Step 12. Set uniqueHandle to the result of running steps after a
        // timeout given global, "setTimeout/setInterval", timeout, and completionStep.
        // Step 13. Set global's map of setTimeout and setInterval IDs[id] to uniqueHandle.
        let now = self.now();
        self.timers.start(id, now, entry);
        // (The trace's record is made only when it is on.)
        if self.tracer.enabled() {
            let deadline = self.timers.entry(id).map(|e| e.deadline).unwrap_or(now);
            self.trace(TraceEvent::TimerStart {
                timer: id,
                kind: if repeat { "setInterval" } else { "setTimeout" },
                requested_ms: f64::from(timeout),
                timeout_ms: f64::from(timeout_ms),
                nesting: nesting_level,
                clamped,
                deadline_ms: millis(deadline),
                origin,
            });
        }
        // A zero timeout has elapsed as it starts: its wait ends now and its
        // task is queued at once, in order with any task the script queues
        // after it. Only this timer: one whose timeout elapsed while this
        // task ran waits until the loop chooses the next task.
        if timeout_ms == 0 {
            self.queue_task_of_timer(id);
        }
        // Step 14. Return id.
        id
    }

    /// `clearTimeout(id)` / `clearInterval(id)`: "remove this's map of
    /// setTimeout and setInterval IDs\[id\]". The two are interchangeable, and
    /// an unknown id is ignored.
    pub fn clear_timer(&mut self, id: TimerId) {
        if self.timers.clear(id).is_some() {
            self.trace(TraceEvent::TimerCleared { timer: id });
        }
    }

    /// <https://html.spec.whatwg.org/multipage/timers-and-user-prompts.html#run-steps-after-a-timeout>,
    /// steps 4.1–4.4, for every timer whose wait is over: queue its task on
    /// the timer task source, in (deadline, start) order.
    ///
    /// The waits run "in parallel"; jsloop ends them when the loop looks: at
    /// the start of every turn, before it chooses a task, and (for a zero
    /// timeout only) when the timer starts. A timer whose timeout elapses
    /// while a task runs is therefore queued after the tasks that task
    /// queued, even those queued after its deadline: Chromium's scheduler
    /// does the same (a delayed task joins its queue, and gets its place in
    /// the order across queues, only when the scheduler next selects a
    /// task), so the order does not depend on how long a task took.
    pub(super) fn queue_tasks_of_due_timers(&mut self, now: Duration) {
        for due in self.timers.take_due(now) {
            self.queue_due_timer(due);
        }
    }

    /// Queues the task of timer `id` if its timeout has elapsed (a zero
    /// timeout, as it starts).
    fn queue_task_of_timer(&mut self, id: TimerId) {
        let now = self.now();
        if let Some(due) = self.timers.take_if_due(id, now) {
            self.queue_due_timer(due);
        }
    }

    /// Steps 4.1–4.4 of run steps after a timeout for one timer whose wait is
    /// over: its completion step queues the timer task.
    fn queue_due_timer(&mut self, due: DueTimer<P>) {
        let entry = due.entry;
        let kind = if entry.repeat { "setInterval" } else { "setTimeout" };
        let label =
            format!("timer #{} {kind}({}ms, nesting {})", due.id, millis(entry.timeout), entry.nesting_level);
        let steps = TaskSteps::Timer { id: due.id, key: due.key, steps: entry.steps };
        let task =
            self.queue(TaskSource::Timer, label.into(), entry.origin, Some(entry.nesting_level), steps);
        self.trace(TraceEvent::TimerDue { timer: due.id, task });
    }
}

/// The timer task's substeps (step 8 of the timer initialization steps).
pub(super) fn run_timer_task<H: Host>(
    lp: &Loop<H::Steps>,
    host: &H,
    info: &TaskInfo,
    id: TimerId,
    key: TimerKey,
    steps: H::Steps,
) {
    // Step 8.1. If id does not exist in global's map of setTimeout and
    // setInterval IDs, then abort these steps.
    // Step 8.2. If global's map of setTimeout and setInterval IDs[id] does not
    // equal uniqueHandle, then abort these steps.
    if !lp.borrow().timers.is_current(id, key) {
        lp.borrow_mut().trace(TraceEvent::TimerTaskAborted { timer: id });
        return;
    }
    // Step 8.3. Record timing info for timer handler given handler, ...
    // Step 8.4–8.5. Invoke the handler (a function, or a string compiled as a
    // classic script): the host's steps.
    host.perform_steps(lp, info, steps);
    let mut l = lp.borrow_mut();
    // Step 8.6. If id does not exist in global's map of setTimeout and
    // setInterval IDs, then abort these steps.
    // Step 8.7. If global's map of setTimeout and setInterval IDs[id] does not
    // equal uniqueHandle, then abort these steps.
    let Some(entry) = l.timers.entry(id).filter(|e| e.key == key).cloned() else {
        return;
    };
    if entry.repeat {
        // Step 8.8. If repeat is true, then perform the timer initialization
        // steps again, given global, handler, timeout, arguments, true, and id.
        let timeout = entry.requested_ms as i32;
        l.timer_initialization_steps(entry.steps, timeout, true, Some(id), entry.origin);
    } else {
        // Step 8.9. Otherwise, remove global's map of setTimeout and setInterval IDs[id].
        l.timers.remove(id);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(ms: u64, key: TimerKey) -> ActiveTimer {
        (Duration::from_millis(ms), key, key as TimerId)
    }

    #[test]
    fn the_newest_timer_kept_apart_is_still_ordered_by_deadline_then_start() {
        let mut active = ActiveTimers::default();
        active.insert(at(5, 1));
        active.insert(at(3, 2));
        active.insert(at(5, 3));
        active.insert(at(1, 4));
        assert_eq!(active.len(), 4);
        let order: Vec<TimerKey> = std::iter::from_fn(|| active.pop_first()).map(|t| t.1).collect();
        assert_eq!(order, [4, 2, 1, 3]);
        assert_eq!(active.len(), 0);
    }

    #[test]
    fn a_timer_cleared_while_newest_leaves_the_others_in_place() {
        let mut active = ActiveTimers::default();
        active.insert(at(2, 1));
        active.insert(at(1, 2));
        assert!(active.remove(&at(1, 2)));
        assert!(!active.remove(&at(1, 2)));
        assert_eq!(active.first(), Some(at(2, 1)));
        active.insert(at(2, 3));
        assert!(active.remove(&at(2, 1)));
        assert_eq!((active.len(), active.first()), (1, Some(at(2, 3))));
    }
}
