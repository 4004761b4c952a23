//! The scheduler task queues of the Prioritized Task Scheduling API
//! (`scheduler.postTask`, `scheduler.yield`, `TaskController`).
//!
//! <https://wicg.github.io/scheduling-apis/#sec-scheduling-tasks-and-continuations>
//!
//! A scheduler task queue is not one of the event loop's task queues: it has
//! a [`TaskPriority`] and an *is continuation* flag, and the spec's patch to
//! the HTML event loop lets step 1 take a task either from a task queue or
//! from "the task queue of the next scheduler task" (chosen by effective
//! priority, then age). How the two kinds compare is
//! implementation-defined; [`super::task::TaskQueues`] says what jsloop does
//! (Chromium's order, recorded).
//!
//! A queue is keyed as the spec keys its two maps: the *static priority task
//! queue map* by (priority, is continuation) and the *dynamic priority task
//! queue map* by (`TaskSignal`, is continuation). A dynamic queue's priority
//! is its signal's, which the host sets with
//! [`EventLoop::set_task_signal_priority`] (the spec's priority change
//! algorithm "set queue's priority to signal's priority").
use std::collections::{HashMap, VecDeque};
use std::time::Duration;

use super::task::{Label, Task, TaskId, TaskSource, TaskSteps};
use super::EventLoop;
use crate::task_source::Origin;
use crate::trace::TraceEvent;

/// <https://wicg.github.io/scheduling-apis/#enumdef-taskpriority>, lowest
/// first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum TaskPriority {
    /// `"background"`
    Background,
    /// `"user-visible"` (the default)
    UserVisible,
    /// `"user-blocking"`
    UserBlocking,
}

impl TaskPriority {
    /// The IDL enumeration value: `"user-visible"`.
    pub fn name(self) -> &'static str {
        match self {
            TaskPriority::Background => "background",
            TaskPriority::UserVisible => "user-visible",
            TaskPriority::UserBlocking => "user-blocking",
        }
    }

    /// The priority named by an IDL enumeration value.
    pub fn from_name(name: &str) -> Option<TaskPriority> {
        match name {
            "background" => Some(TaskPriority::Background),
            "user-visible" => Some(TaskPriority::UserVisible),
            "user-blocking" => Some(TaskPriority::UserBlocking),
            _ => None,
        }
    }
}

/// A `TaskSignal`, as the host numbers them.
pub type TaskSignalId = u64;

/// Where a scheduler task queue's priority comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PrioritySource {
    /// A signal that has fixed priority (the static priority task queue map).
    Fixed(TaskPriority),
    /// A `TaskSignal` whose priority can change (the dynamic priority task
    /// queue map).
    Signal(TaskSignalId),
}

/// The key of a scheduler task queue in the scheduler's two maps.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SchedulerQueueKey {
    /// Its priority, fixed or its signal's.
    pub priority_source: PrioritySource,
    /// <https://wicg.github.io/scheduling-apis/#scheduler-task-queue-is-continuation>
    pub is_continuation: bool,
}

/// A task handle's number: how the host removes a task that is aborted
/// (<https://wicg.github.io/scheduling-apis/#task-handle-abort-steps>).
pub type SchedulerTaskHandle = u64;

/// <https://wicg.github.io/scheduling-apis/#scheduler-task-queue>
struct SchedulerTaskQueue<P> {
    key: SchedulerQueueKey,
    /// Its tasks, oldest first (a task's enqueue order is its [`TaskId`]).
    tasks: VecDeque<(SchedulerTaskHandle, Task<P>)>,
}

/// The scheduler task queues of a loop's one `Scheduler`.
pub struct SchedulerQueues<P> {
    /// The queues that hold tasks. An empty queue is removed, as the spec's
    /// removal steps remove it from its map.
    queues: Vec<SchedulerTaskQueue<P>>,
    /// The priority of each `TaskSignal` a dynamic queue was made for.
    signal_priorities: HashMap<TaskSignalId, TaskPriority>,
    len: usize,
}

impl<P> Default for SchedulerQueues<P> {
    fn default() -> Self {
        SchedulerQueues { queues: Vec::new(), signal_priorities: HashMap::new(), len: 0 }
    }
}

impl<P> SchedulerQueues<P> {
    /// How many scheduler tasks are queued.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether no scheduler task is queued.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// A queue's priority: fixed, or its signal's now.
    fn priority(&self, key: SchedulerQueueKey) -> TaskPriority {
        match key.priority_source {
            PrioritySource::Fixed(p) => p,
            PrioritySource::Signal(s) => {
                self.signal_priorities.get(&s).copied().unwrap_or(TaskPriority::UserVisible)
            }
        }
    }

    /// <https://wicg.github.io/scheduling-apis/#scheduler-task-queue-effective-priority>:
    /// 0 (background) to 5 (a user-blocking continuation).
    pub fn effective_priority(&self, key: SchedulerQueueKey) -> u8 {
        let base = match self.priority(key) {
            TaskPriority::Background => 0,
            TaskPriority::UserVisible => 2,
            TaskPriority::UserBlocking => 4,
        };
        base + u8::from(key.is_continuation)
    }

    /// <https://wicg.github.io/scheduling-apis/#queue-a-scheduler-task>, on
    /// the queue `key` (made if the map does not hold it).
    pub(crate) fn push(&mut self, key: SchedulerQueueKey, handle: SchedulerTaskHandle, task: Task<P>) {
        self.len += 1;
        if let Some(q) = self.queues.iter_mut().find(|q| q.key == key) {
            q.tasks.push_back((handle, task));
        } else {
            self.queues.push(SchedulerTaskQueue { key, tasks: VecDeque::from([(handle, task)]) });
        }
    }

    /// <https://wicg.github.io/scheduling-apis/#select-the-next-scheduler-task-queue-from-all-schedulers>:
    /// the effective priority of the chosen queue and its first task's
    /// enqueue order, or None if no scheduler task is queued.
    pub(crate) fn select_next(&self) -> Option<(u8, TaskId)> {
        // Step 5. Remove from queues any queue whose effective priority is
        // less than any other's. Step 6. Take the queue whose first runnable
        // task is the oldest.
        self.queues
            .iter()
            .filter_map(|q| q.tasks.front().map(|(_, t)| (self.effective_priority(q.key), t.id)))
            .max_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)))
    }

    /// Removes and returns the first task of the queue `select_next`
    /// chose.
    pub(crate) fn take_next(&mut self) -> Option<Task<P>> {
        let (_, id) = self.select_next()?;
        let i = self.queues.iter().position(|q| q.tasks.front().is_some_and(|(_, t)| t.id == id))?;
        let (_, task) = self.queues[i].tasks.pop_front()?;
        self.len -= 1;
        if self.queues[i].tasks.is_empty() {
            // The queue's removal steps: remove it from its map.
            self.queues.swap_remove(i);
        }
        Some(task)
    }

    /// Removes the task `handle` (<https://wicg.github.io/scheduling-apis/#scheduler-task-queue-remove>);
    /// false if it is not queued.
    pub(crate) fn remove(&mut self, handle: SchedulerTaskHandle) -> bool {
        for i in 0..self.queues.len() {
            if let Some(at) = self.queues[i].tasks.iter().position(|(h, _)| *h == handle) {
                self.queues[i].tasks.remove(at);
                self.len -= 1;
                if self.queues[i].tasks.is_empty() {
                    self.queues.swap_remove(i);
                }
                return true;
            }
        }
        false
    }

    /// Keeps only the tasks `keep` says true of.
    pub(crate) fn retain(&mut self, mut keep: impl FnMut(&Task<P>) -> bool) {
        for q in &mut self.queues {
            q.tasks.retain(|(_, t)| keep(t));
        }
        self.queues.retain(|q| !q.tasks.is_empty());
        self.len = self.queues.iter().map(|q| q.tasks.len()).sum();
    }
}

/// A postTask task waiting for its delay: what its enqueue steps need.
pub(super) struct DelayedSchedulerTask<P> {
    key: SchedulerQueueKey,
    label: Label,
    origin: Option<Origin>,
    steps: P,
}

impl<P: Clone> EventLoop<P> {
    /// <https://wicg.github.io/scheduling-apis/#schedule-a-task-to-invoke-an-algorithm>
    /// on the queue `key` (the spec's "select the scheduler task queue"),
    /// after `delay` if it is not zero ("run steps after a timeout" given
    /// "scheduler-postTask": the enqueue steps run when it has elapsed, and
    /// a dynamic queue's priority is its signal's at that time). Returns the
    /// task's handle, for [`remove_scheduler_task`](Self::remove_scheduler_task).
    pub fn queue_scheduler_task(
        &mut self,
        key: SchedulerQueueKey,
        delay: Duration,
        label: impl Into<Label>,
        origin: Option<Origin>,
        steps: P,
    ) -> SchedulerTaskHandle {
        let handle = self.next_scheduler_handle;
        self.next_scheduler_handle += 1;
        let label = label.into();
        if delay.is_zero() {
            self.enqueue_scheduler_task(key, handle, label, origin, steps);
        } else {
            let at = self.now() + delay;
            self.delayed_scheduler_tasks
                .insert((at, handle), DelayedSchedulerTask { key, label, origin, steps });
        }
        handle
    }

    /// Steps 4–6 of "schedule a task to invoke an algorithm": the next
    /// enqueue order (the loop's next task number), then queue a scheduler
    /// task on the posted task task source.
    fn enqueue_scheduler_task(
        &mut self,
        key: SchedulerQueueKey,
        handle: SchedulerTaskHandle,
        label: Label,
        origin: Option<Origin>,
        steps: P,
    ) {
        let id = self.next_task_id;
        self.next_task_id += 1;
        if self.closing {
            self.trace(TraceEvent::Note {
                text: format!("task discarded (the closing flag is set): {label}"),
            });
            return;
        }
        let source = TaskSource::PostedTask;
        // (When it was queued is the trace's alone: its waited_ms.)
        let mut queued_at = Duration::ZERO;
        if self.tracer.enabled() {
            self.trace(TraceEvent::TaskQueued {
                task: id,
                source,
                label: label.to_string(),
                origin: origin.clone(),
            });
            queued_at = self.now();
        }
        let task = Task {
            id,
            source,
            label,
            origin,
            timer_nesting_level: None,
            queued_at,
            port: None,
            steps: TaskSteps::Host(steps),
        };
        self.task_queues.scheduler.push(key, handle, task);
    }

    /// The enqueue steps of every delayed postTask task whose delay has
    /// elapsed, in the order their timeouts end.
    pub(super) fn queue_due_scheduler_tasks(&mut self, now: Duration) {
        while let Some(entry) = self.delayed_scheduler_tasks.first_entry() {
            if entry.key().0 > now {
                break;
            }
            let (_, handle) = *entry.key();
            let t = entry.remove();
            self.enqueue_scheduler_task(t.key, handle, t.label, t.origin, t.steps);
        }
    }

    /// When the next delayed postTask task is due.
    pub(super) fn next_scheduler_delay(&self) -> Option<Duration> {
        self.delayed_scheduler_tasks.first_key_value().map(|((at, _), _)| *at)
    }

    /// Removes a scheduler task that has not run (a task handle's abort
    /// steps: "remove task from queue"), whether it waits for its delay or
    /// is queued. False if it is neither.
    pub fn remove_scheduler_task(&mut self, handle: SchedulerTaskHandle) -> bool {
        let delayed = self.delayed_scheduler_tasks.keys().find(|(_, h)| *h == handle).copied();
        if let Some(k) = delayed {
            self.delayed_scheduler_tasks.remove(&k);
            return true;
        }
        self.task_queues.scheduler.remove(handle)
    }

    /// A `TaskSignal`'s priority, which the dynamic queues made for it take
    /// (<https://wicg.github.io/scheduling-apis/#tasksignal-signal-priority-change>
    /// step 6 runs the priority change algorithm that sets it).
    pub fn set_task_signal_priority(&mut self, signal: TaskSignalId, priority: TaskPriority) {
        self.task_queues.scheduler.signal_priorities.insert(signal, priority);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::VirtualClock;
    use crate::trace::Tracer;

    fn fixed(p: TaskPriority, is_continuation: bool) -> SchedulerQueueKey {
        SchedulerQueueKey { priority_source: PrioritySource::Fixed(p), is_continuation }
    }

    fn drain(l: &mut EventLoop<&'static str>) -> Vec<&'static str> {
        std::iter::from_fn(|| l.task_queues.take_first_runnable_task())
            .map(|t| match t.steps {
                TaskSteps::Host(s) => s,
                _ => "?",
            })
            .collect()
    }

    fn new_loop() -> EventLoop<&'static str> {
        EventLoop::new(Box::new(VirtualClock::new()), Tracer::off())
    }

    #[test]
    fn effective_priority_orders_the_scheduler_queues_and_age_breaks_ties() {
        let mut l = new_loop();
        use TaskPriority::*;
        l.queue_scheduler_task(fixed(Background, false), Duration::ZERO, "", None, "bg");
        l.queue_scheduler_task(fixed(UserVisible, false), Duration::ZERO, "", None, "uv");
        l.queue_scheduler_task(fixed(UserBlocking, false), Duration::ZERO, "", None, "ub");
        l.queue_scheduler_task(fixed(UserVisible, true), Duration::ZERO, "", None, "uv-continuation");
        l.queue_scheduler_task(fixed(Background, true), Duration::ZERO, "", None, "bg-continuation");
        l.queue_scheduler_task(fixed(UserBlocking, true), Duration::ZERO, "", None, "ub-continuation");
        l.queue_scheduler_task(fixed(UserVisible, false), Duration::ZERO, "", None, "uv2");
        assert_eq!(
            drain(&mut l),
            ["ub-continuation", "ub", "uv-continuation", "uv", "uv2", "bg-continuation", "bg"]
        );
        assert!(l.task_queues.is_empty());
    }

    #[test]
    fn user_visible_tasks_take_turns_with_the_task_queues_by_age() {
        let mut l = new_loop();
        use TaskPriority::*;
        l.queue_task(TaskSource::Timer, "", None, "timer");
        l.queue_scheduler_task(fixed(Background, false), Duration::ZERO, "", None, "bg");
        l.queue_scheduler_task(fixed(UserVisible, false), Duration::ZERO, "", None, "uv");
        l.queue_task(TaskSource::PostedMessage, "", None, "message");
        l.queue_scheduler_task(fixed(UserBlocking, false), Duration::ZERO, "", None, "ub");
        l.queue_scheduler_task(fixed(UserVisible, true), Duration::ZERO, "", None, "continuation");
        assert_eq!(drain(&mut l), ["ub", "continuation", "timer", "uv", "message", "bg"]);
    }

    #[test]
    fn a_signals_queue_moves_with_its_priority_and_an_aborted_task_is_removed() {
        let mut l = new_loop();
        let dynamic =
            SchedulerQueueKey { priority_source: PrioritySource::Signal(7), is_continuation: false };
        l.set_task_signal_priority(7, TaskPriority::Background);
        l.queue_scheduler_task(dynamic, Duration::ZERO, "", None, "signal 1");
        let aborted = l.queue_scheduler_task(dynamic, Duration::ZERO, "", None, "aborted");
        l.queue_scheduler_task(dynamic, Duration::ZERO, "", None, "signal 2");
        l.queue_scheduler_task(fixed(TaskPriority::UserVisible, false), Duration::ZERO, "", None, "uv");
        assert!(l.remove_scheduler_task(aborted));
        assert!(!l.remove_scheduler_task(aborted));
        l.set_task_signal_priority(7, TaskPriority::UserBlocking);
        assert_eq!(drain(&mut l), ["signal 1", "signal 2", "uv"]);
    }

    #[test]
    fn a_delayed_task_is_queued_when_its_delay_has_elapsed_and_can_be_removed_before() {
        let mut l = new_loop();
        let key = fixed(TaskPriority::UserBlocking, false);
        l.queue_scheduler_task(key, Duration::from_millis(10), "", None, "late");
        let gone = l.queue_scheduler_task(key, Duration::from_millis(5), "", None, "gone");
        assert_eq!(l.next_scheduler_delay(), Some(Duration::from_millis(5)));
        assert!(l.remove_scheduler_task(gone));
        l.queue_due_scheduler_tasks(l.now());
        assert!(l.task_queues.is_empty());
        l.pass_time(Duration::from_millis(10));
        l.queue_due_scheduler_tasks(l.now());
        assert_eq!(drain(&mut l), ["late"]);
        assert_eq!(l.next_scheduler_delay(), None);
    }
}
