//! Tasks, task sources and task queues.
//!
//! <https://html.spec.whatwg.org/multipage/webappapis.html#concept-task>
//!
//! Task sources are data, not types: one [`TaskSource`] enum and one generic
//! [`TaskQueues`] holding a FIFO queue per source. What a task *does* is the
//! host's business: the core keeps it as an opaque payload `P`, which the
//! host gets back when the loop runs the task.
use std::borrow::Cow;
use std::collections::VecDeque;
use std::fmt;
use std::time::Duration;

pub use crate::task_source::{Origin, TaskSource};

use super::scheduler::SchedulerQueues;

/// A unique, increasing number for every task queued in a loop.
pub type TaskId = u64;

/// What a task is, for the trace: most tasks name themselves with a
/// constant (`"message"`), which costs no allocation; a label made per task
/// (`timer #3 setTimeout(0ms, nesting 2)`) is owned.
pub type Label = Cow<'static, str>;

/// <https://html.spec.whatwg.org/multipage/webappapis.html#concept-task>
pub struct Task<P> {
    /// The task's number in its loop (also its place in the selection
    /// policy of [`TaskQueues`]).
    pub id: TaskId,
    /// <https://html.spec.whatwg.org/multipage/webappapis.html#concept-task-source>
    pub source: TaskSource,
    /// What the task is, for the trace: `timer #3 setTimeout(0ms, nesting 2)`.
    pub label: Label,
    /// Where the script queued it from, when a script did.
    pub origin: Option<Origin>,
    /// <https://html.spec.whatwg.org/multipage/timers-and-user-prompts.html#timer-nesting-level>
    /// Set only on tasks created by the timer initialization steps.
    pub timer_nesting_level: Option<u32>,
    /// When it was queued (relative to the time origin), for the trace's
    /// `waited_ms`: read only while the trace is on (zero otherwise).
    pub queued_at: Duration,
    /// The message port whose port message queue the task came from (the
    /// port's waiting messages become tasks when it has run, and it leaves
    /// with the port if the port is shipped: see `html::ports`); None for
    /// every other task.
    pub port: Option<crate::html::PortId>,
    /// The task's steps.
    pub steps: TaskSteps<P>,
}

/// What a task does: the host's steps, or one of the algorithms the loop
/// itself performs.
pub enum TaskSteps<P> {
    /// Steps the host performs (a script, a message delivery, an event).
    Host(P),
    /// A timer's task: step 8 of the timer initialization steps, for timer
    /// `id` started as run `key`, with the host's handler steps.
    Timer {
        /// The timer's ID (`setTimeout`'s return value).
        id: crate::timers::TimerId,
        /// The uniqueHandle of the run that queued this task.
        key: crate::timers::TimerKey,
        /// The handler's steps, held by the host.
        steps: P,
    },
    /// <https://html.spec.whatwg.org/multipage/webappapis.html#update-the-rendering>
    UpdateTheRendering,
    /// <https://w3c.github.io/requestidlecallback/#invoke-idle-callbacks-algorithm>
    InvokeIdleCallbacks,
    /// <https://w3c.github.io/requestidlecallback/#invoke-idle-callback-timeout-algorithm>
    IdleCallbackTimeout {
        /// The idle callback whose timeout elapsed.
        handle: crate::idle::IdleHandle,
    },
}

impl<P> fmt::Debug for Task<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Task")
            .field("id", &self.id)
            .field("source", &self.source)
            .field("label", &self.label)
            .finish()
    }
}

/// The event loop's task queues, one per [`TaskSource`].
///
/// <https://html.spec.whatwg.org/multipage/webappapis.html#task-queue>
///
/// **Selection policy.** The spec lets the user agent choose which task queue
/// to take a task from ("chosen in an implementation-defined manner") as long
/// as each source stays in order. jsloop chooses the queue whose first task
/// was queued earliest: each source is FIFO, and across sources tasks run in
/// the order they were queued. Every task in this loop is runnable (its
/// document is always fully active), so "the first runnable task" is the
/// first task.
///
/// **Scheduler tasks** (`scheduler.postTask`, `scheduler.yield`) wait in
/// the scheduler task queues ([`SchedulerQueues`]), which step 1 may choose
/// too (the Prioritized Task Scheduling API's patch to the processing
/// model). Which of the two kinds goes first is implementation-defined;
/// jsloop does what Chromium does (recorded: `conformance/browser/scheduler_*`):
/// every task source ranks with a `"user-visible"` task, so a scheduler
/// queue of higher effective priority (user-blocking tasks, any
/// continuation but a background one) goes before every task queue, one of
/// lower (background) after them, and one of the same by age.
pub struct TaskQueues<P> {
    queues: Vec<VecDeque<Task<P>>>,
    len: usize,
    /// Bit `i` is set while `queues[i]` is not empty: the choice looks at
    /// those queues alone (most turns find one or two of the thirteen).
    nonempty: u32,
    /// The scheduler task queues (<https://wicg.github.io/scheduling-apis/#scheduler-task-queue>).
    pub(crate) scheduler: SchedulerQueues<P>,
}

// (TaskQueues::nonempty has a bit per source.)
const _: () = assert!(TaskSource::ALL.len() <= 32);

/// The effective priority of a user-visible scheduler task queue, which the
/// event loop's task queues share (see [`TaskQueues`]).
const TASK_QUEUE_EFFECTIVE_PRIORITY: u8 = 2;

impl<P> Default for TaskQueues<P> {
    fn default() -> Self {
        TaskQueues {
            queues: TaskSource::ALL.iter().map(|_| VecDeque::new()).collect(),
            len: 0,
            nonempty: 0,
            scheduler: SchedulerQueues::default(),
        }
    }
}

impl<P> TaskQueues<P> {
    /// Appends `task` to its source's queue.
    #[inline]
    pub fn push(&mut self, task: Task<P>) {
        let i = task.source.index();
        self.queues[i].push_back(task);
        self.nonempty |= 1 << i;
        self.len += 1;
    }

    /// Whether any task queue (or scheduler task queue) has at least one
    /// runnable task.
    pub fn has_runnable_task(&self) -> bool {
        self.len > 0 || !self.scheduler.is_empty()
    }

    /// The number of tasks queued, on every source.
    pub fn len(&self) -> usize {
        self.len + self.scheduler.len()
    }

    /// Whether no task is queued on any source.
    pub fn is_empty(&self) -> bool {
        self.len == 0 && self.scheduler.is_empty()
    }

    /// The number of tasks queued on one source (for the posted task task
    /// source, in the scheduler task queues).
    pub fn len_of(&self, source: TaskSource) -> usize {
        if source == TaskSource::PostedTask {
            return self.scheduler.len();
        }
        self.queues[source.index()].len()
    }

    /// Chooses a task queue (or scheduler task queue) by the selection
    /// policy above and removes its first task.
    #[inline]
    pub fn take_first_runnable_task(&mut self) -> Option<Task<P>> {
        // (One task queue not empty and no scheduler task, as in a loop of
        // messages: its first task is the oldest, and nothing else is
        // there to compare it with.)
        let i = if self.nonempty.is_power_of_two() && self.scheduler.is_empty() {
            self.nonempty.trailing_zeros() as usize
        } else {
            match self.choose() {
                Ok(i) => i,
                Err(scheduler_task) => return scheduler_task,
            }
        };
        // (The one place a task leaves its queue, last: it is copied once,
        // straight to the caller.)
        self.len -= 1;
        if self.queues[i].len() == 1 {
            self.nonempty &= !(1 << i);
        }
        self.queues[i].pop_front()
    }

    /// The task queue [`take_first_runnable_task`](Self::take_first_runnable_task)
    /// takes from, when there is more than one to choose from; or, as the
    /// error, the scheduler task that goes first (taken from its queue),
    /// or None if no task is queued.
    #[inline(never)]
    fn choose(&mut self) -> Result<usize, Option<Task<P>>> {
        // The queue whose first task is the oldest, among the ones not empty.
        let mut oldest: Option<(TaskId, usize)> = None;
        let mut bits = self.nonempty;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if let Some(t) = self.queues[i].front() {
                if oldest.is_none_or(|(id, _)| t.id < id) {
                    oldest = Some((t.id, i));
                }
            }
        }
        if let Some((priority, first)) = self.scheduler.select_next() {
            let scheduler_first = match oldest {
                None => true,
                Some((id, _)) => {
                    priority > TASK_QUEUE_EFFECTIVE_PRIORITY
                        || (priority == TASK_QUEUE_EFFECTIVE_PRIORITY && first < id)
                }
            };
            if scheduler_first {
                return Err(self.scheduler.take_next());
            }
        }
        oldest.map(|(_, i)| i).ok_or(None)
    }

    /// Removes the tasks of `port`'s port message queue from the posted
    /// message task source's queue (where they all are), and returns their
    /// steps in order: the port was shipped, and its messages go with it.
    pub fn take_port_tasks(&mut self, port: crate::html::PortId) -> Vec<P> {
        let i = TaskSource::PostedMessage.index();
        let q = &mut self.queues[i];
        let mut taken = Vec::new();
        let mut kept = VecDeque::with_capacity(q.len());
        for task in q.drain(..) {
            match task {
                Task { port: Some(p), steps: TaskSteps::Host(steps), .. } if p == port => taken.push(steps),
                other => kept.push_back(other),
            }
        }
        *q = kept;
        self.len -= taken.len();
        if q.is_empty() {
            self.nonempty &= !(1 << i);
        }
        taken
    }

    /// Removes every queued task for which `keep` says false.
    pub fn retain(&mut self, mut keep: impl FnMut(&Task<P>) -> bool) {
        self.nonempty = 0;
        for (i, q) in self.queues.iter_mut().enumerate() {
            q.retain(&mut keep);
            if !q.is_empty() {
                self.nonempty |= 1 << i;
            }
        }
        self.len = self.queues.iter().map(VecDeque::len).sum();
        self.scheduler.retain(keep);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A task whose host steps are its id, for `port`'s message if any.
    fn port_task(id: TaskId, source: TaskSource, port: Option<crate::html::PortId>) -> Task<TaskId> {
        Task {
            id,
            source,
            label: Label::Borrowed(""),
            origin: None,
            timer_nesting_level: None,
            queued_at: Duration::ZERO,
            port,
            steps: TaskSteps::Host(id),
        }
    }

    fn task(id: TaskId, source: TaskSource) -> Task<TaskId> {
        port_task(id, source, None)
    }

    #[test]
    fn each_source_is_fifo_and_sources_interleave_in_queue_order() {
        let mut q = TaskQueues::default();
        q.push(task(1, TaskSource::Timer));
        q.push(task(2, TaskSource::PostedMessage));
        q.push(task(3, TaskSource::Timer));
        q.push(task(4, TaskSource::DomManipulation));
        let order: Vec<_> = std::iter::from_fn(|| q.take_first_runnable_task()).map(|t| t.id).collect();
        assert_eq!(order, vec![1, 2, 3, 4]);
        assert!(!q.has_runnable_task());
    }

    #[test]
    fn a_ports_tasks_are_taken_in_order_and_the_rest_stay() {
        let mut q = TaskQueues::default();
        for i in 1..=5 {
            q.push(port_task(i, TaskSource::PostedMessage, Some(if i % 2 == 1 { 7 } else { 8 })));
        }
        q.push(port_task(6, TaskSource::Timer, None));
        assert_eq!(q.take_port_tasks(7), vec![1, 3, 5]);
        assert_eq!(q.len(), 3);
        let order: Vec<_> = std::iter::from_fn(|| q.take_first_runnable_task()).map(|t| t.id).collect();
        assert_eq!(order, vec![2, 4, 6]);
        assert!(q.take_port_tasks(8).is_empty());
    }

    #[test]
    fn retain_drops_tasks_and_keeps_the_count() {
        let mut q = TaskQueues::default();
        for i in 1..=4 {
            q.push(task(i, if i % 2 == 0 { TaskSource::Timer } else { TaskSource::PostedMessage }));
        }
        q.retain(|t| t.id != 2);
        assert_eq!(q.len(), 3);
        assert_eq!(q.len_of(TaskSource::Timer), 1);
    }
}
