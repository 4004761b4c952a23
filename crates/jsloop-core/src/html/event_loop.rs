//! The processing model of the HTML event loop: one turn after another,
//! each taking the oldest runnable task and running it, then the microtask
//! checkpoint; and queueing a task.
//!
//! <https://html.spec.whatwg.org/multipage/webappapis.html#event-loop-processing-model>
//! and <https://html.spec.whatwg.org/multipage/webappapis.html#queue-a-task>.
use std::time::Duration;

use super::idle::{invoke_idle_callback_timeout, invoke_idle_callbacks, start_an_idle_period};
use super::microtask::perform_a_microtask_checkpoint;
use super::rendering::{rendering_wanted, update_the_rendering};
use super::task::{Label, Origin, Task, TaskId, TaskSource, TaskSteps};
use super::timers::run_timer_task;
use super::wait::wait_for_work;
use super::{EventLoop, Host, Loop, LoopEnd, RunningTask, TaskInfo, Until, LONG_TASK_THRESHOLD};
use crate::clock::{millis, ClockKind};
use crate::remote::RemoteTask;
use crate::trace::TraceEvent;

impl<P: Clone> EventLoop<P> {
    /// <https://html.spec.whatwg.org/multipage/webappapis.html#queue-a-task>
    pub fn queue_task(
        &mut self,
        source: TaskSource,
        label: impl Into<Label>,
        origin: Option<Origin>,
        steps: P,
    ) -> TaskId {
        // A timer whose timeout elapsed while the current task ran is not
        // queued ahead of this task: the loop looks at timers when it chooses
        // the next task (`queue_due_work`), as Chromium's scheduler moves a
        // delayed task to its queue only then (docs/event-loop.md, "Task
        // queues and the selection policy").
        self.queue(source, label.into(), origin, None, TaskSteps::Host(steps))
    }

    /// Queues a task at a later time `at` (relative to the time origin): the
    /// way real user input arrives. It keeps the loop alive until then.
    pub fn queue_task_at(&mut self, at: Duration, source: TaskSource, label: impl Into<Label>, steps: P) {
        let order = self.next_task_id;
        self.next_task_id += 1;
        self.scheduled.insert((at, order), (source, label.into(), steps));
    }

    pub(super) fn queue(
        &mut self,
        source: TaskSource,
        label: Label,
        origin: Option<Origin>,
        timer_nesting_level: Option<u32>,
        steps: TaskSteps<P>,
    ) -> TaskId {
        self.queue_from(source, label, origin, timer_nesting_level, None, steps)
    }

    /// [`queue`](Self::queue) for a task that may come from `port`'s port
    /// message queue (see [`Task::port`]).
    #[inline]
    pub(super) fn queue_from(
        &mut self,
        source: TaskSource,
        label: Label,
        origin: Option<Origin>,
        timer_nesting_level: Option<u32>,
        port: Option<super::PortId>,
        steps: TaskSteps<P>,
    ) -> TaskId {
        let id = self.next_task_id;
        self.next_task_id += 1;
        // Once a worker's closing flag is set, "the event loop's task queues
        // must discard any further tasks that would be added to them".
        if self.closing {
            self.trace_discarded(&label);
            return id;
        }
        // (When it was queued is the trace's alone: its waited_ms.)
        let mut queued_at = Duration::ZERO;
        if self.tracer.enabled() {
            queued_at = self.trace_queued(id, source, &label, origin.as_ref());
        }
        self.task_queues.push(Task {
            id,
            source,
            label,
            origin,
            timer_nesting_level,
            queued_at,
            port,
            steps,
        });
        id
    }

    /// The trace of a task the closing flag discarded. (Out of line, as
    /// every trace step of a turn: the loop's hot code stays together.)
    #[cold]
    #[inline(never)]
    fn trace_discarded(&mut self, label: &Label) {
        self.trace(TraceEvent::Note { text: format!("task discarded (the closing flag is set): {label}") });
    }

    /// The trace of a task queued; returns the time it was queued at.
    #[cold]
    #[inline(never)]
    fn trace_queued(
        &mut self,
        id: TaskId,
        source: TaskSource,
        label: &Label,
        origin: Option<&Origin>,
    ) -> Duration {
        self.trace(TraceEvent::TaskQueued {
            task: id,
            source,
            label: label.to_string(),
            origin: origin.cloned(),
        });
        self.now()
    }

    /// Everything that waits "in parallel" and whose wait is over at `now`
    /// joins its task queue: timers, postTask delays, scheduled input, idle
    /// callback timeouts, and the rendering opportunity watcher (one reading
    /// of the clock serves them all: they look at the same moment).
    #[inline]
    pub(super) fn queue_due_work(&mut self, rendering_wanted: bool, now: Duration) {
        // (Nothing waits, as in a loop of messages: none of the looks below
        // could find anything due.)
        if !rendering_wanted
            && self.timers.active_len() == 0
            && self.delayed_scheduler_tasks.is_empty()
            && self.scheduled.is_empty()
            && self.idle.timeouts.is_empty()
        {
            return;
        }
        self.queue_what_is_due(rendering_wanted, now);
    }

    /// [`queue_due_work`](Self::queue_due_work)'s looks, when something
    /// waits (out of line: a turn that has nothing waiting runs none of it).
    #[inline(never)]
    fn queue_what_is_due(&mut self, rendering_wanted: bool, now: Duration) {
        self.queue_tasks_of_due_timers(now);
        self.queue_due_scheduler_tasks(now);
        while let Some(entry) = self.scheduled.first_entry() {
            if entry.key().0 > now {
                break;
            }
            let (source, label, steps) = entry.remove();
            self.queue(source, label, None, None, TaskSteps::Host(steps));
        }
        // requestIdleCallback step 6.4: queue a task on the idle-task task source
        // to invoke the idle callback timeout algorithm.
        while let Some(&(at, order, handle)) = self.idle.timeouts.first() {
            if at > now {
                break;
            }
            self.idle.timeouts.remove(&(at, order, handle));
            let label = format!("idle callback #{handle} timeout");
            self.queue(
                TaskSource::IdleTask,
                label.into(),
                None,
                None,
                TaskSteps::IdleCallbackTimeout { handle },
            );
        }
        // The rendering opportunity watcher: "wait until at least one navigable
        // might have a rendering opportunity", then queue a global task on the
        // rendering task source to update the rendering.
        if rendering_wanted && !self.rendering.task_queued && self.rendering.take_opportunity(now).is_some() {
            self.rendering.task_queued = true;
            let label = format!("update the rendering (frame {})", self.rendering.frames + 1);
            self.queue(TaskSource::Rendering, label.into(), None, None, TaskSteps::UpdateTheRendering);
        }
    }

    /// Whether anything can ever run again.
    pub(super) fn has_work(&self) -> bool {
        self.task_queues.has_runnable_task()
            || self.timers.active_len() > 0
            || !self.scheduled.is_empty()
            || !self.delayed_scheduler_tasks.is_empty()
            || self.idle.pending() > 0
            || !self.rendering.map_of_animation_frame_callbacks.is_empty()
            || self.inbox.outstanding() > 0
            || self.inbox.has_arrived()
    }
}

/// Runs the event loop until nothing can ever run again (or `--max-time`).
///
/// <https://html.spec.whatwg.org/multipage/webappapis.html#event-loop-processing-model>
///
/// A browser's window event loop "must continually run through the following
/// steps for as long as it exists"; a command-line runtime must stop, so
/// jsloop ends the loop when nothing can ever run again (see docs/event-loop.md).
pub fn run<H: Host>(lp: &Loop<H::Steps>, host: &H) -> LoopEnd {
    run_until(lp, host, Until::Done)
}

/// Runs the event loop's processing model until `until` (see [`Until`]);
/// it can be called again to go on from where it returned.
///
/// The clock is read once per turn: the time a task ended (its Step 3) is
/// also the moment the next turn looks at what is due and the next task's
/// start (its Step 2.2), since nothing runs between them; a turn that
/// waits or runs no task reads it afresh.
pub fn run_until<H: Host>(lp: &Loop<H::Steps>, host: &H, until: Until) -> LoopEnd {
    // The reading the last task ended at, if the turn ran one.
    let mut carried: Option<Duration> = None;
    loop {
        if host.should_stop() {
            return end_the_loop(lp, LoopEnd::Stopped);
        }
        // Tasks other threads sent join their task queues (under the real
        // clock, as they arrive; under the virtual clock, only when the loop
        // would wait: see wait_for_work).
        // (The inbox's look first: a load, where the clock's kind is two
        // dynamic calls.)
        let arrived = {
            let l = lp.borrow();
            l.inbox.has_arrived() && l.clock.kind() == ClockKind::Real
        };
        if arrived {
            let arrived = lp.borrow().inbox.take_arrived();
            accept_remote_tasks(lp, host, arrived);
        }
        // The waits that run "in parallel" (timers, input, idle timeouts, the
        // rendering opportunity watcher): what is due joins its task queue.
        let rendering_wanted = rendering_wanted(lp, host);
        let now = carried.take().unwrap_or_else(|| lp.borrow().now());
        lp.borrow_mut().queue_due_work(rendering_wanted, now);

        // Step 1. Let oldestTask and taskStartTime be null.
        // Step 2. If the event loop has a task queue with at least one runnable
        // task, then:
        //   Step 2.1. Let taskQueue be one such task queue, chosen in an
        //   implementation-defined manner (see TaskQueues: oldest first).
        //   Step 2.3. Set oldestTask to the first runnable task in taskQueue,
        //   and remove it from taskQueue.
        let oldest_task = lp.borrow_mut().task_queues.take_first_runnable_task();
        if let Some(task) = oldest_task {
            carried = Some(run_a_task(lp, host, task, now));
        } else if !start_an_idle_period(lp, rendering_wanted) {
            // Nothing is runnable and no idle period starts: wait for what
            // comes next, or end.
            if let Some(end) = wait_for_work(lp, host, rendering_wanted, until) {
                return end_the_loop(lp, end);
            }
        }
        if let Some(end) = check_max_time(lp, carried) {
            lp.borrow_mut().tracer.flush();
            return end;
        }
    }
}

/// Traces why [`run_until`] returned, and flushes the trace.
#[cold]
#[inline(never)]
fn end_the_loop<P: Clone>(lp: &Loop<P>, end: LoopEnd) -> LoopEnd {
    let reason = match &end {
        LoopEnd::Finished => Some("nothing can ever run again".to_string()),
        LoopEnd::MaxTime { limit, .. } => Some(format!("--max-time {}ms reached", millis(*limit))),
        LoopEnd::Stopped => Some("stopped by the host".to_string()),
        LoopEnd::Paused => None,
    };
    let mut l = lp.borrow_mut();
    match reason {
        Some(reason) => l.trace(TraceEvent::LoopEnd { reason }),
        None => {
            l.trace(TraceEvent::Note { text: "paused: the embedder's run_until reached its point".into() })
        }
    }
    l.tracer.flush();
    // In a world that is over, the next loop may end now.
    if let Some(member) = &l.world {
        member.pass_done();
    }
    end
}

/// Queues tasks sent from other threads on their task sources.
#[inline(never)]
pub(super) fn accept_remote_tasks<H: Host>(lp: &Loop<H::Steps>, host: &H, tasks: Vec<RemoteTask>) {
    for mut task in tasks {
        if let Some(steps) = host.accept_remote(lp, &mut task) {
            let mut l = lp.borrow_mut();
            l.queue_task(task.source, task.label, None, steps);
        }
    }
}

/// Steps 2.2–2.8, 3 and 4 of the processing model, for one task taken
/// from its queue at `now`; returns taskEndTime. (Inlined into the turn, its
/// one caller: the task is then not copied again to be handed over.)
#[inline(always)]
fn run_a_task<H: Host>(lp: &Loop<H::Steps>, host: &H, task: Task<H::Steps>, now: Duration) -> Duration {
    let info = TaskInfo { id: task.id, source: task.source, label: task.label };
    let port = task.port;
    // Step 2.2. Set taskStartTime to the unsafe shared current time (the
    // reading the task was chosen at: nothing ran since).
    let task_start_time = {
        let mut l = lp.borrow_mut();
        l.task_start = now;
        if l.tracer.enabled() {
            trace_task_start(&mut l, &info, task.origin, now.saturating_sub(task.queued_at));
        }
        // Step 2.4. If oldestTask's document is not null, then record task start
        // time given taskStartTime and oldestTask's document. (No timing entries.)
        // Step 2.5. Set the event loop's currently running task to oldestTask.
        l.currently_running_task =
            Some(RunningTask::Task { id: task.id, timer_nesting_level: task.timer_nesting_level });
        l.current_task = Some(info.clone());
        if l.tracer.enabled() {
            trace_counters(&mut l);
        }
        now
    };
    // Step 2.6. Perform oldestTask's steps.
    match task.steps {
        TaskSteps::Host(steps) => host.perform_steps(lp, &info, steps),
        steps => perform_the_loops_steps(lp, host, &info, steps),
    }
    // Step 2.7. Set the event loop's currently running task back to null.
    lp.borrow_mut().currently_running_task = None;
    // Step 2.8. Perform a microtask checkpoint.
    perform_a_microtask_checkpoint(lp, host);
    // (The messages waiting in a port's queue become tasks now: see html::ports.)
    if let Some(port) = port {
        lp.borrow_mut().port_task_done(port);
    }
    // (Kept when the host is stopping the loop, to say where it stopped.)
    if !host.should_stop() {
        lp.borrow_mut().current_task = None;
    }
    // Step 3. Let taskEndTime be the unsafe shared current time.
    let mut l = lp.borrow_mut();
    let task_end_time = l.now();
    // Step 4.3. Report long tasks, given taskStartTime, taskEndTime, top-level
    // browsing contexts, and oldestTask.
    if l.tracer.enabled() {
        trace_task_end(&mut l, info.id, task_end_time.saturating_sub(task_start_time));
    }
    // Step 4.4. If oldestTask's document is not null, then record task end time.
    task_end_time
}

/// Step 2.6 for a task whose steps are the loop's own algorithms (a
/// timer's task, update the rendering, the idle callbacks): out of line,
/// so that a turn running host steps (a message) runs compact code.
#[inline(never)]
fn perform_the_loops_steps<H: Host>(
    lp: &Loop<H::Steps>,
    host: &H,
    info: &TaskInfo,
    steps: TaskSteps<H::Steps>,
) {
    match steps {
        TaskSteps::Host(steps) => host.perform_steps(lp, info, steps),
        TaskSteps::Timer { id, key, steps } => run_timer_task(lp, host, info, id, key, steps),
        TaskSteps::UpdateTheRendering => update_the_rendering(lp, host),
        TaskSteps::InvokeIdleCallbacks => invoke_idle_callbacks(lp, host),
        TaskSteps::IdleCallbackTimeout { handle } => invoke_idle_callback_timeout(lp, host, handle),
    }
}

/// The trace's TaskStart (Step 2.2): `waited`, how long the task was queued.
#[cold]
#[inline(never)]
fn trace_task_start<P: Clone>(
    l: &mut EventLoop<P>,
    info: &TaskInfo,
    origin: Option<Origin>,
    waited: Duration,
) {
    l.trace(TraceEvent::TaskStart {
        task: info.id,
        source: info.source,
        label: info.label.to_string(),
        origin,
        waited_ms: millis(waited),
    });
}

/// The trace's counters at a task's start.
#[cold]
#[inline(never)]
fn trace_counters<P: Clone>(l: &mut EventLoop<P>) {
    let queued = l.task_queues.len() as u64;
    l.trace(TraceEvent::Counter { name: "queued tasks", value: queued });
    let timers = l.timers.active_len() as u64;
    l.trace(TraceEvent::Counter { name: "active timers", value: timers });
}

/// The trace's TaskEnd (Step 4.3's long task report).
#[cold]
#[inline(never)]
fn trace_task_end<P: Clone>(l: &mut EventLoop<P>, task: TaskId, duration: Duration) {
    l.trace(TraceEvent::TaskEnd {
        task,
        duration_ms: millis(duration),
        long: duration > LONG_TASK_THRESHOLD,
    });
}

pub(super) fn max_time_end<P: Clone>(l: &EventLoop<P>, limit: Duration) -> LoopEnd {
    LoopEnd::MaxTime { limit, active_timers: l.timers.active_len(), queued_tasks: l.task_queues.len() }
}

/// `now`: the reading the turn's task ended at, if it ran one.
#[inline]
fn check_max_time<P: Clone>(lp: &Loop<P>, now: Option<Duration>) -> Option<LoopEnd> {
    let limit = lp.borrow().max_time?;
    max_time_reached(lp, limit, now)
}

/// [`check_max_time`] with a `--max-time` set.
#[inline(never)]
fn max_time_reached<P: Clone>(lp: &Loop<P>, limit: Duration, now: Option<Duration>) -> Option<LoopEnd> {
    let mut l = lp.borrow_mut();
    let now = now.unwrap_or_else(|| l.now());
    if now >= limit && l.has_work() {
        let end = max_time_end(&l, limit);
        l.trace(TraceEvent::LoopEnd { reason: format!("--max-time {}ms reached", millis(limit)) });
        return Some(end);
    }
    None
}
