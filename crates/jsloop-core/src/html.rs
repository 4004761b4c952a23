//! The HTML Standard's event loop.
//!
//! <https://html.spec.whatwg.org/multipage/webappapis.html#event-loop-processing-model>
//!
//! [`EventLoop`] holds the loop's state (its task queues, the timers of its
//! one global, the currently running task, the clock and the trace); [`run`]
//! is the processing model, one iteration per turn, step by step. The state
//! is shared with the host through a [`Loop`] handle, because the host's
//! callbacks (a script calling `setTimeout`, say) change it while a task runs.
use std::cell::RefCell;
use std::rc::Rc;
use std::time::Duration;

use crate::clock::{from_millis, millis, Clock};
use crate::microtask::perform_a_microtask_checkpoint;
use crate::task::{Origin, Task, TaskId, TaskQueues, TaskSource};
use crate::timers::{TimerEntry, TimerId, TimerKey, Timers};
use crate::trace::{TraceEvent, Tracer};

/// A task that takes longer than this is a long task
/// (<https://w3c.github.io/longtasks/#report-long-tasks>).
pub const LONG_TASK_THRESHOLD: Duration = Duration::from_millis(50);

/// The seam between the core and a JavaScript engine.
///
/// The loop decides what runs when; the host runs it. Every method takes
/// `&self`: a host is re-entered (a task's steps call into script, which
/// calls back into the host), so it keeps its own state behind shared
/// references, and a callback can hold a clone of it.
pub trait Host {
    /// What a task's steps are to this host (for a JS engine: the callback
    /// and its arguments). Cloned when a setInterval queues its next task.
    type Steps: Clone;

    /// Performs a task's steps.
    fn perform_steps(&self, lp: &Loop<Self::Steps>, task: &TaskInfo, steps: Self::Steps);

    /// Dequeues the oldest microtask from the microtask queue and runs it.
    /// Returns false, running nothing, when the microtask queue is empty.
    fn run_oldest_microtask(&self, lp: &Loop<Self::Steps>) -> bool;

    /// <https://html.spec.whatwg.org/multipage/webappapis.html#notify-about-rejected-promises>
    fn notify_about_rejected_promises(&self, _lp: &Loop<Self::Steps>) {}

}

/// What the loop tells the host about the task whose steps it performs.
#[derive(Debug, Clone)]
pub struct TaskInfo {
    pub id: TaskId,
    pub source: TaskSource,
    pub label: String,
    pub timer: Option<(TimerId, TimerKey)>,
}

/// <https://html.spec.whatwg.org/multipage/webappapis.html#currently-running-task>
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RunningTask {
    Task { id: TaskId, timer_nesting_level: Option<u32> },
    Microtask,
}

/// Why [`run`] returned.
#[derive(Debug, Clone, PartialEq)]
pub enum LoopEnd {
    /// Nothing can ever run again: no queued task, no active timer, no pending
    /// callback of any kind.
    Finished,
    /// `--max-time` was reached while work remained.
    MaxTime { limit: Duration, active_timers: usize, queued_tasks: usize },
}

/// A shared handle to an event loop.
pub type Loop<P> = Rc<RefCell<EventLoop<P>>>;

/// <https://html.spec.whatwg.org/multipage/webappapis.html#window-event-loop>
pub struct EventLoop<P> {
    clock: Box<dyn Clock>,
    /// <https://html.spec.whatwg.org/multipage/webappapis.html#task-queue>
    pub task_queues: TaskQueues<P>,
    pub timers: Timers<P>,
    /// <https://html.spec.whatwg.org/multipage/webappapis.html#currently-running-task>
    pub currently_running_task: Option<RunningTask>,
    /// <https://html.spec.whatwg.org/multipage/webappapis.html#performing-a-microtask-checkpoint>
    pub performing_a_microtask_checkpoint: bool,
    /// How many host-invoked callbacks are on the JavaScript execution context
    /// stack. Zero means the stack is empty, which is when "clean up after
    /// running script" performs a microtask checkpoint.
    pub callback_depth: u32,
    pub tracer: Tracer,
    max_time: Option<Duration>,
    next_task_id: TaskId,
    /// Microtasks run by the checkpoint in progress (for the trace).
    pub(crate) microtasks_run: u64,
}

impl<P: Clone> EventLoop<P> {
    pub fn new(clock: Box<dyn Clock>, tracer: Tracer) -> Self {
        EventLoop {
            clock,
            task_queues: TaskQueues::default(),
            timers: Timers::default(),
            currently_running_task: None,
            performing_a_microtask_checkpoint: false,
            callback_depth: 0,
            tracer,
            max_time: None,
            next_task_id: 1,
            microtasks_run: 0,
        }
    }

    /// Wraps the loop in a shared handle.
    pub fn into_handle(self) -> Loop<P> {
        Rc::new(RefCell::new(self))
    }

    /// Stop the loop once its clock reaches `limit` (`--max-time`).
    pub fn set_max_time(&mut self, limit: Option<Duration>) {
        self.max_time = limit;
    }

    pub fn clock(&self) -> &dyn Clock {
        self.clock.as_ref()
    }

    /// The current time, relative to the time origin.
    pub fn now(&self) -> Duration {
        self.clock.now()
    }

    /// Writes one trace event, stamped with the current time.
    pub fn trace(&mut self, event: TraceEvent) {
        if self.tracer.enabled() {
            let now = self.clock.now();
            self.tracer.emit(now, event);
        }
    }

    /// <https://html.spec.whatwg.org/multipage/webappapis.html#queue-a-task>
    pub fn queue_task(
        &mut self,
        source: TaskSource,
        label: impl Into<String>,
        origin: Option<Origin>,
        steps: P,
    ) -> TaskId {
        // Timers whose timeout has already elapsed queued their tasks the
        // moment it did, so they go ahead of this one.
        self.queue_tasks_of_due_timers();
        self.queue(source, label.into(), origin, None, None, steps)
    }

    fn queue(
        &mut self,
        source: TaskSource,
        label: String,
        origin: Option<Origin>,
        timer_nesting_level: Option<u32>,
        timer: Option<(TimerId, TimerKey)>,
        steps: P,
    ) -> TaskId {
        let id = self.next_task_id;
        self.next_task_id += 1;
        self.trace(TraceEvent::TaskQueued { task: id, source, label: label.clone(), origin: origin.clone() });
        let queued_at = self.now();
        self.task_queues.push(Task {
            id,
            source,
            label,
            origin,
            timer_nesting_level,
            queued_at,
            steps,
            timer,
        });
        id
    }

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
        // A timeout that has already elapsed (zero, under either clock) ends
        // its wait now: its task is queued at once, in order with any task
        // the script queues after it.
        self.queue_tasks_of_due_timers();
        // Step 14. Return id.
        id
    }

    /// `clearTimeout(id)` / `clearInterval(id)`: "remove this's map of
    /// setTimeout and setInterval IDs[id]". The two are interchangeable, and
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
    /// The waits run "in parallel"; jsloop ends them whenever the loop looks:
    /// when a timer starts, before any other task is queued, and at the start
    /// of every turn. So a timer's task is queued at the time its timeout
    /// elapses, as seen by the loop's clock.
    fn queue_tasks_of_due_timers(&mut self) {
        let now = self.now();
        for due in self.timers.take_due(now) {
            let entry = due.entry;
            let kind = if entry.repeat { "setInterval" } else { "setTimeout" };
            let label = format!(
                "timer #{} {kind}({}ms, nesting {})",
                due.id,
                millis(entry.timeout),
                entry.nesting_level
            );
            let task = self.queue(
                TaskSource::Timer,
                label,
                entry.origin,
                Some(entry.nesting_level),
                Some((due.id, due.key)),
                entry.steps,
            );
            self.trace(TraceEvent::TimerDue { timer: due.id, task });
        }
    }

    /// Whether anything can ever run again: a queued task, an active timer.
    fn has_work(&self) -> bool {
        self.task_queues.has_runnable_task() || self.timers.active_len() > 0
    }
}

/// Runs the event loop until nothing can ever run again (or `--max-time`).
///
/// <https://html.spec.whatwg.org/multipage/webappapis.html#event-loop-processing-model>
///
/// A browser's window event loop "must continually run through the following
/// steps for as long as it exists"; a command-line runtime must stop, so
/// jsloop ends the loop when no task is queued, no timer is active, and the
/// host holds no other pending callback (see docs/event-loop.md).
pub fn run<H: Host>(lp: &Loop<H::Steps>, host: &H) -> LoopEnd {
    loop {
        // The timers' "in parallel" waits: every timer whose timeout has
        // elapsed queues its task on the timer task source now.
        lp.borrow_mut().queue_tasks_of_due_timers();

        // Step 1. Let oldestTask and taskStartTime be null.
        // Step 2. If the event loop has a task queue with at least one runnable
        // task, then:
        //   Step 2.1. Let taskQueue be one such task queue, chosen in an
        //   implementation-defined manner (see TaskQueues: oldest first).
        //   Step 2.3. Set oldestTask to the first runnable task in taskQueue,
        //   and remove it from taskQueue.
        let oldest_task = lp.borrow_mut().task_queues.take_first_runnable_task();
        if let Some(task) = oldest_task {
            run_a_task(lp, host, task);
        } else {
            // Step 5. If this is a window event loop that has no runnable task in
            // this event loop's task queues, then start an idle period.
            // TODO: Step 5.1–5.3 (requestIdleCallback, with the browser host issue).
            if let Some(end) = wait_for_work(lp) {
                let reason = match &end {
                    LoopEnd::Finished => "nothing can ever run again".to_string(),
                    LoopEnd::MaxTime { limit, .. } => {
                        format!("--max-time {}ms reached", millis(*limit))
                    }
                };
                let mut l = lp.borrow_mut();
                l.trace(TraceEvent::LoopEnd { reason });
                l.tracer.flush();
                return end;
            }
        }
        if let Some(end) = check_max_time(lp) {
            lp.borrow_mut().tracer.flush();
            return end;
        }
    }
}

/// Steps 2.2–2.8, 3 and 4 of the processing model, for one task.
fn run_a_task<H: Host>(lp: &Loop<H::Steps>, host: &H, task: Task<H::Steps>) {
    let info = TaskInfo { id: task.id, source: task.source, label: task.label.clone(), timer: task.timer };
    // Step 2.2. Set taskStartTime to the unsafe shared current time.
    let task_start_time = {
        let mut l = lp.borrow_mut();
        let now = l.now();
        l.trace(TraceEvent::TaskStart {
            task: task.id,
            source: task.source,
            label: task.label,
            origin: task.origin,
            waited_ms: millis(now.saturating_sub(task.queued_at)),
        });
        // Step 2.4. If oldestTask's document is not null, then record task start
        // time given taskStartTime and oldestTask's document. (No timing entries.)
        // Step 2.5. Set the event loop's currently running task to oldestTask.
        l.currently_running_task =
            Some(RunningTask::Task { id: task.id, timer_nesting_level: task.timer_nesting_level });
        now
    };
    // Step 2.6. Perform oldestTask's steps.
    match task.timer {
        Some((id, key)) => run_timer_task(lp, host, &info, id, key, task.steps),
        None => host.perform_steps(lp, &info, task.steps),
    }
    // Step 2.7. Set the event loop's currently running task back to null.
    lp.borrow_mut().currently_running_task = None;
    // Step 2.8. Perform a microtask checkpoint.
    perform_a_microtask_checkpoint(lp, host);
    // Step 3. Let taskEndTime be the unsafe shared current time.
    let mut l = lp.borrow_mut();
    let task_end_time = l.now();
    // Step 4.3. Report long tasks, given taskStartTime, taskEndTime, top-level
    // browsing contexts, and oldestTask.
    let duration = task_end_time.saturating_sub(task_start_time);
    l.trace(TraceEvent::TaskEnd {
        task: info.id,
        duration_ms: millis(duration),
        long: duration > LONG_TASK_THRESHOLD,
    });
    // Step 4.4. If oldestTask's document is not null, then record task end time.
}

/// The timer task's substeps (step 8 of the timer initialization steps).
fn run_timer_task<H: Host>(
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

/// No task is runnable: wait for the next timer, or say that the loop is over.
fn wait_for_work<P: Clone>(lp: &Loop<P>) -> Option<LoopEnd> {
    let mut l = lp.borrow_mut();
    let Some(deadline) = l.timers.next_deadline() else {
        // No queued task, no active timer, and (between turns) no microtask:
        // nothing can ever run again. (Hosts with other event sources —
        // workers, I/O — will add theirs to this rule.)
        return Some(LoopEnd::Finished);
    };
    if let Some(limit) = l.max_time {
        if deadline > limit {
            return Some(max_time_end(&l, limit));
        }
    }
    let from = l.now();
    if deadline > from {
        l.clock.wait_until(deadline);
        let to = l.now();
        l.trace(TraceEvent::ClockAdvance { from_ms: millis(from), to_ms: millis(to) });
    }
    None
}

fn max_time_end<P: Clone>(l: &EventLoop<P>, limit: Duration) -> LoopEnd {
    LoopEnd::MaxTime { limit, active_timers: l.timers.active_len(), queued_tasks: l.task_queues.len() }
}

fn check_max_time<P: Clone>(lp: &Loop<P>) -> Option<LoopEnd> {
    let mut l = lp.borrow_mut();
    let limit = l.max_time?;
    if l.now() >= limit && l.has_work() {
        let end = max_time_end(&l, limit);
        l.trace(TraceEvent::LoopEnd { reason: format!("--max-time {}ms reached", millis(limit)) });
        return Some(end);
    }
    None
}
