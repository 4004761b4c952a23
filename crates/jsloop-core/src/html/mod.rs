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

use std::collections::BTreeMap;

use crate::clock::{from_millis, millis, Clock, ClockKind};
use crate::idle::{IdleCallbacks, IdleDeadline, MAX_IDLE_PERIOD};
use crate::microtask::perform_a_microtask_checkpoint;
use crate::remote::{Inbox, InboxSender, RemoteTask};
use crate::rendering::Rendering;
use crate::task::{Origin, Task, TaskId, TaskQueues, TaskSource, TaskSteps};
use crate::timers::{TimerEntry, TimerId, TimerKey, Timers};
use crate::trace::{TraceEvent, Tracer};
use crate::world::{Turn, WorldMember};

pub mod idle;
pub mod microtask;
mod ports;
pub mod rendering;
pub mod task;
pub mod timers;
pub use crate::run::{LoopEnd, Until};
pub use ports::{MessagePortState, PortId, Ports};

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

    /// Invokes an animation frame callback with the frame timestamp (ms).
    fn run_animation_frame_callback(
        &self,
        _lp: &Loop<Self::Steps>,
        _callback: Self::Steps,
        _timestamp_ms: f64,
    ) {
    }

    /// Invokes an idle callback with its IdleDeadline.
    fn run_idle_callback(&self, _lp: &Loop<Self::Steps>, _callback: Self::Steps, _deadline: IdleDeadline) {}

    /// Whether the document changed since its last paint ("the user agent
    /// believes that updating the rendering would have a visible effect").
    fn has_rendering_updates(&self) -> bool {
        false
    }

    /// "Update the rendering or user interface": paint, and say what changed
    /// since the last paint.
    fn paint(&self, _lp: &Loop<Self::Steps>) -> Vec<String> {
        Vec::new()
    }

    /// Whether the loop must stop now (a watchdog fired, or an interrupt).
    fn should_stop(&self) -> bool {
        false
    }

    /// Turns a task sent from another thread (see [`crate::remote`]) into
    /// steps to queue on its task source; None drops it.
    fn accept_remote(&self, _lp: &Loop<Self::Steps>, _task: &mut RemoteTask) -> Option<Self::Steps> {
        None
    }
}

/// What the loop tells the host about the task whose steps it performs.
#[derive(Debug, Clone)]
pub struct TaskInfo {
    /// The task's number in the loop (the `task` of its trace events).
    pub id: TaskId,
    /// The task source it was queued on.
    pub source: TaskSource,
    /// What the trace calls it.
    pub label: String,
}

/// <https://html.spec.whatwg.org/multipage/webappapis.html#currently-running-task>
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RunningTask {
    /// A task taken from a task queue (processing model step 2.5).
    Task {
        /// The task's number in the loop.
        id: TaskId,
        /// Its timer nesting level, if the timer initialization steps
        /// created it (read by their step 3).
        timer_nesting_level: Option<u32>,
    },
    /// A microtask, run by the microtask checkpoint (its step 3.2).
    Microtask,
}

/// A shared handle to an event loop.
pub type Loop<P> = Rc<RefCell<EventLoop<P>>>;

/// <https://html.spec.whatwg.org/multipage/webappapis.html#window-event-loop>
pub struct EventLoop<P> {
    clock: Box<dyn Clock>,
    /// <https://html.spec.whatwg.org/multipage/webappapis.html#task-queue>
    pub task_queues: TaskQueues<P>,
    /// The timers of the loop's one global: the map of setTimeout and
    /// setInterval IDs and the map of active timers.
    pub timers: Timers<P>,
    /// <https://html.spec.whatwg.org/multipage/webappapis.html#currently-running-task>
    pub currently_running_task: Option<RunningTask>,
    /// <https://html.spec.whatwg.org/multipage/webappapis.html#performing-a-microtask-checkpoint>
    pub performing_a_microtask_checkpoint: bool,
    /// How many host-invoked callbacks are on the JavaScript execution context
    /// stack. Zero means the stack is empty, which is when "clean up after
    /// running script" performs a microtask checkpoint.
    pub callback_depth: u32,
    /// Where the loop's trace events go.
    pub tracer: Tracer,
    /// Rendering opportunities and the map of animation frame callbacks.
    pub rendering: Rendering<P>,
    /// The lists of idle callbacks.
    pub idle: IdleCallbacks<P>,
    /// Host tasks to be queued at a later time (real user input), by
    /// (time, order).
    scheduled: BTreeMap<(Duration, TaskId), (TaskSource, String, P)>,
    max_time: Option<Duration>,
    next_task_id: TaskId,
    /// Microtasks run by the checkpoint in progress (for the trace).
    pub(crate) microtasks_run: u64,
    /// The task now running, for messages about where the loop was stopped
    /// (see `current_task_label`).
    current_task: Option<TaskInfo>,
    /// Tasks sent from other threads.
    inbox: Inbox,
    /// The other loops of the program (a page's workers), if any.
    world: Option<WorldMember>,
    /// <https://html.spec.whatwg.org/multipage/workers.html#dom-workerglobalscope-closing>
    closing: bool,
    /// The message ports of this loop's globals, with their port message
    /// queues (see [`ports`]).
    ports: Ports<P>,
}

impl<P: Clone> EventLoop<P> {
    /// A loop with empty task queues and no timers, on `clock`, tracing to
    /// `tracer`, with 60 rendering opportunities per second. Wrap it with
    /// [`into_handle`](EventLoop::into_handle) to run it.
    pub fn new(clock: Box<dyn Clock>, tracer: Tracer) -> Self {
        EventLoop {
            clock,
            task_queues: TaskQueues::default(),
            timers: Timers::default(),
            currently_running_task: None,
            performing_a_microtask_checkpoint: false,
            callback_depth: 0,
            tracer,
            rendering: Rendering::new(60),
            idle: IdleCallbacks::default(),
            scheduled: BTreeMap::new(),
            max_time: None,
            next_task_id: 1,
            microtasks_run: 0,
            current_task: None,
            inbox: Inbox::new(),
            world: None,
            closing: false,
            ports: Ports::new(),
        }
    }

    /// Makes this loop one of a [`World`](crate::world::World)'s: it ends
    /// when the whole program is over, and under the virtual clock takes
    /// turns with the others (see [`crate::world`]).
    pub fn join_world(&mut self, member: WorldMember) {
        self.world = Some(member);
    }

    /// The world this loop is in.
    pub fn world(&self) -> Option<&WorldMember> {
        self.world.as_ref()
    }

    /// Leaves the world (the loop has ended): the membership is returned,
    /// and the loop is out when it is dropped.
    pub fn leave_world(&mut self) -> Option<WorldMember> {
        self.world.take()
    }

    /// <https://html.spec.whatwg.org/multipage/workers.html#dom-workerglobalscope-close>:
    /// Step 1. Discard any tasks that have been added to the event loop's
    /// task queues. Step 2. Set the closing flag: tasks queued from now on
    /// are discarded, and once no task is left the loop is destroyed
    /// (worker event loop step 6.2).
    pub fn set_closing(&mut self) {
        self.task_queues.retain(|_| false);
        self.closing = true;
    }

    /// Whether the closing flag is set.
    pub fn closing(&self) -> bool {
        self.closing
    }

    /// A `Send` handle that queues tasks on this loop from other threads and
    /// wakes it (see [`crate::remote`]).
    pub fn remote_sender(&self) -> InboxSender {
        self.inbox.sender()
    }

    /// The receiving end of the tasks other threads send.
    pub fn inbox(&self) -> &Inbox {
        &self.inbox
    }

    /// Uses `inbox` for tasks from other threads (one made before the loop,
    /// whose senders were handed out already).
    pub fn set_inbox(&mut self, inbox: Inbox) {
        self.inbox = inbox;
    }

    /// Rendering opportunities per second (`--fps`).
    pub fn set_fps(&mut self, fps: u32) {
        self.rendering = Rendering::new(fps);
    }

    /// Replaces the loop's clock (a page whose first worker starts moves to
    /// its world's shared virtual clock).
    pub fn set_clock(&mut self, clock: Box<dyn Clock>) {
        self.clock = clock;
    }

    /// Wraps the loop in a shared handle.
    pub fn into_handle(self) -> Loop<P> {
        Rc::new(RefCell::new(self))
    }

    /// Stop the loop once its clock reaches `limit` (`--max-time`).
    pub fn set_max_time(&mut self, limit: Option<Duration>) {
        self.max_time = limit;
    }

    /// The loop's clock.
    pub fn clock(&self) -> &dyn Clock {
        self.clock.as_ref()
    }

    /// What the task now running is ("task 3 \[timer\] timer #1 …"), for
    /// messages about where the loop was stopped; None between tasks.
    pub fn current_task_label(&self) -> Option<String> {
        self.current_task.as_ref().map(|t| format!("task {} [{}] {}", t.id, t.source, t.label))
    }

    /// The current time, relative to the time origin.
    pub fn now(&self) -> Duration {
        self.clock.now()
    }

    /// Lets `d` pass while a task runs (under the virtual clock: a script
    /// busy-waiting on the clock; see [`Clock::pass_time`]).
    pub fn pass_time(&mut self, d: Duration) {
        self.clock.pass_time(d);
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
        self.queue(source, label.into(), origin, None, TaskSteps::Host(steps))
    }

    /// Queues a task at a later time `at` (relative to the time origin): the
    /// way real user input arrives. It keeps the loop alive until then.
    pub fn queue_task_at(&mut self, at: Duration, source: TaskSource, label: impl Into<String>, steps: P) {
        let order = self.next_task_id;
        self.next_task_id += 1;
        self.scheduled.insert((at, order), (source, label.into(), steps));
    }

    fn queue(
        &mut self,
        source: TaskSource,
        label: String,
        origin: Option<Origin>,
        timer_nesting_level: Option<u32>,
        steps: TaskSteps<P>,
    ) -> TaskId {
        let id = self.next_task_id;
        self.next_task_id += 1;
        // Once a worker's closing flag is set, "the event loop's task queues
        // must discard any further tasks that would be added to them".
        if self.closing {
            self.trace(TraceEvent::Note {
                text: format!("task discarded (the closing flag is set): {label}"),
            });
            return id;
        }
        if self.tracer.enabled() {
            self.trace(TraceEvent::TaskQueued {
                task: id,
                source,
                label: label.clone(),
                origin: origin.clone(),
            });
        }
        let queued_at = self.now();
        self.task_queues.push(Task { id, source, label, origin, timer_nesting_level, queued_at, steps });
        id
    }

    /// `requestAnimationFrame(callback)`.
    pub fn request_animation_frame(&mut self, callback: P) -> u32 {
        self.rendering.request_animation_frame(callback)
    }

    /// `cancelAnimationFrame(handle)`.
    pub fn cancel_animation_frame(&mut self, handle: u32) {
        self.rendering.cancel_animation_frame(handle);
    }

    /// `requestIdleCallback(callback, { timeout })`.
    pub fn request_idle_callback(&mut self, callback: P, timeout_ms: Option<f64>) -> u32 {
        let now = self.now();
        self.idle.request_idle_callback(now, callback, timeout_ms)
    }

    /// `cancelIdleCallback(handle)`.
    pub fn cancel_idle_callback(&mut self, handle: u32) {
        self.idle.cancel_idle_callback(handle);
    }

    /// The deadline of the current idle period, computed now (HTML event loop
    /// step 5.2, "computeDeadline"): `IdleDeadline.timeRemaining()` asks this.
    pub fn compute_deadline(&self, has_pending_renders: bool) -> Duration {
        // Step 5.2.1. Let deadline be this event loop's last idle period start time plus 50.
        let mut deadline = self.idle.last_idle_period_start_time + MAX_IDLE_PERIOD;
        // Step 5.2.2. Let hasPendingRenders be false.
        // Step 5.2.3. For each windowInSameLoop of the same-loop windows:
        //   Step 5.2.3.1. If its map of animation frame callbacks is not empty, or
        //   if it might have pending rendering updates, set hasPendingRenders to true.
        let has_pending_renders =
            has_pending_renders || !self.rendering.map_of_animation_frame_callbacks.is_empty();
        //   Step 5.2.3.2–3. For each timeoutDeadline of its map of active timers,
        //   if timeoutDeadline is less than deadline, set deadline to timeoutDeadline.
        if let Some(t) = self.timers.next_deadline() {
            deadline = deadline.min(t);
        }
        // Step 5.2.4. If hasPendingRenders is true, then: let nextRenderDeadline be
        // this event loop's last render opportunity time plus (1000 divided by the
        // current refresh rate); if it is less than deadline, return it.
        if has_pending_renders {
            let next_render =
                self.rendering.last_render_opportunity_time(self.now()) + self.rendering.opportunity_time(1);
            deadline = deadline.min(next_render);
        }
        // Step 5.2.5. Return deadline.
        deadline
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
            let steps = TaskSteps::Timer { id: due.id, key: due.key, steps: entry.steps };
            let task = self.queue(TaskSource::Timer, label, entry.origin, Some(entry.nesting_level), steps);
            self.trace(TraceEvent::TimerDue { timer: due.id, task });
        }
    }

    /// Everything that waits "in parallel" and whose wait is over joins its
    /// task queue: timers, scheduled input, idle callback timeouts, and the
    /// rendering opportunity watcher.
    fn queue_due_work(&mut self, rendering_wanted: bool) {
        self.queue_tasks_of_due_timers();
        let now = self.now();
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
            self.queue(TaskSource::IdleTask, label, None, None, TaskSteps::IdleCallbackTimeout { handle });
        }
        // The rendering opportunity watcher: "wait until at least one navigable
        // might have a rendering opportunity", then queue a global task on the
        // rendering task source to update the rendering.
        if rendering_wanted && !self.rendering.task_queued && self.rendering.take_opportunity(now).is_some() {
            self.rendering.task_queued = true;
            let label = format!("update the rendering (frame {})", self.rendering.frames + 1);
            self.queue(TaskSource::Rendering, label, None, None, TaskSteps::UpdateTheRendering);
        }
    }

    /// When the next thing waiting in parallel is due, if anything is.
    fn next_wakeup(&self, rendering_wanted: bool, idle_waiting: bool) -> Option<Duration> {
        let now = self.now();
        [
            self.timers.next_deadline(),
            self.scheduled.first_key_value().map(|((at, _), _)| *at),
            self.idle.next_timeout(),
            (rendering_wanted && !self.rendering.task_queued).then(|| self.rendering.next_opportunity(now)),
            idle_waiting.then_some(self.idle.last_deadline),
        ]
        .into_iter()
        .flatten()
        .min()
    }

    /// Whether anything can ever run again.
    fn has_work(&self) -> bool {
        self.task_queues.has_runnable_task()
            || self.timers.active_len() > 0
            || !self.scheduled.is_empty()
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
pub fn run_until<H: Host>(lp: &Loop<H::Steps>, host: &H, until: Until) -> LoopEnd {
    loop {
        if host.should_stop() {
            return end_the_loop(lp, LoopEnd::Stopped);
        }
        // Tasks other threads sent join their task queues (under the real
        // clock, as they arrive; under the virtual clock, only when the loop
        // would wait: see wait_for_work).
        if lp.borrow().clock.kind() == ClockKind::Real && lp.borrow().inbox.has_arrived() {
            let arrived = lp.borrow().inbox.take_arrived();
            accept_remote_tasks(lp, host, arrived);
        }
        // The waits that run "in parallel" (timers, input, idle timeouts, the
        // rendering opportunity watcher): what is due joins its task queue.
        let rendering_wanted = rendering_wanted(lp, host);
        lp.borrow_mut().queue_due_work(rendering_wanted);

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
        } else if !start_an_idle_period(lp, rendering_wanted) {
            // Nothing is runnable and no idle period starts: wait for what
            // comes next, or end.
            if let Some(end) = wait_for_work(lp, host, rendering_wanted, until) {
                return end_the_loop(lp, end);
            }
        }
        if let Some(end) = check_max_time(lp) {
            lp.borrow_mut().tracer.flush();
            return end;
        }
    }
}

/// Traces why [`run_until`] returned, and flushes the trace.
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
fn accept_remote_tasks<H: Host>(lp: &Loop<H::Steps>, host: &H, tasks: Vec<RemoteTask>) {
    for mut task in tasks {
        if let Some(steps) = host.accept_remote(lp, &mut task) {
            let mut l = lp.borrow_mut();
            l.queue_task(task.source, task.label, None, steps);
        }
    }
}

/// Whether the document has something to render: animation frame callbacks,
/// or changes since its last paint.
fn rendering_wanted<H: Host>(lp: &Loop<H::Steps>, host: &H) -> bool {
    !lp.borrow().rendering.map_of_animation_frame_callbacks.is_empty() || host.has_rendering_updates()
}

/// Steps 2.2–2.8, 3 and 4 of the processing model, for one task.
fn run_a_task<H: Host>(lp: &Loop<H::Steps>, host: &H, task: Task<H::Steps>) {
    let info = TaskInfo { id: task.id, source: task.source, label: task.label.clone() };
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
        l.current_task = Some(info.clone());
        if l.tracer.enabled() {
            let queued = l.task_queues.len() as u64;
            l.trace(TraceEvent::Counter { name: "queued tasks", value: queued });
            let timers = l.timers.active_len() as u64;
            l.trace(TraceEvent::Counter { name: "active timers", value: timers });
        }
        now
    };
    // Step 2.6. Perform oldestTask's steps.
    match task.steps {
        TaskSteps::Host(steps) => host.perform_steps(lp, &info, steps),
        TaskSteps::Timer { id, key, steps } => run_timer_task(lp, host, &info, id, key, steps),
        TaskSteps::UpdateTheRendering => update_the_rendering(lp, host),
        TaskSteps::InvokeIdleCallbacks => invoke_idle_callbacks(lp, host),
        TaskSteps::IdleCallbackTimeout { handle } => invoke_idle_callback_timeout(lp, host, handle),
    }
    // Step 2.7. Set the event loop's currently running task back to null.
    lp.borrow_mut().currently_running_task = None;
    // Step 2.8. Perform a microtask checkpoint.
    perform_a_microtask_checkpoint(lp, host);
    // (Kept when the host is stopping the loop, to say where it stopped.)
    if !host.should_stop() {
        lp.borrow_mut().current_task = None;
    }
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

/// <https://html.spec.whatwg.org/multipage/webappapis.html#update-the-rendering>:
/// the task the rendering opportunity watcher queues on the rendering task
/// source. Steps jsloop has nothing to do for (no layout, no viewport) are
/// named and traced as such.
fn update_the_rendering<H: Host>(lp: &Loop<H::Steps>, host: &H) {
    let (frame, frame_timestamp) = {
        let mut l = lp.borrow_mut();
        l.rendering.task_queued = false;
        l.rendering.frames += 1;
        // Step 1. Let frameTimestamp be eventLoop's last render opportunity time.
        let now = l.now();
        let ts = millis(l.rendering.last_render_opportunity_time(now));
        let callbacks = l.rendering.map_of_animation_frame_callbacks.len();
        let frame = l.rendering.frames;
        l.trace(TraceEvent::FrameStart { frame, timestamp_ms: ts, animation_frame_callbacks: callbacks });
        (frame, ts)
    };
    // Step 2. Let docs be all fully active Document objects whose relevant
    // agent's event loop is eventLoop: the one document.
    // Step 3. Filter non-renderable documents: the document is never hidden,
    // render-blocked or suppressed.
    // Step 4. Unnecessary rendering: remove documents for which updating the
    // rendering would have no visible effect and whose map of animation frame
    // callbacks is empty.
    if lp.borrow().rendering.map_of_animation_frame_callbacks.is_empty() && !host.has_rendering_updates() {
        lp.borrow_mut().trace(TraceEvent::FrameSkipped { frame, reason: "unnecessary rendering" });
        return;
    }
    // Step 5. Remove documents the user agent prefers to skip: none.
    let no_op = |step: &'static str, note: &'static str| {
        lp.borrow_mut().trace(TraceEvent::RenderingStep { step, note });
    };
    // Step 6. For each doc of docs, reveal doc.
    no_op("reveal", "nothing to do (the document is already revealed)");
    // Step 7. Flush autofocus candidates.
    no_op("flush autofocus candidates", "nothing to do (no focusable areas)");
    // Step 8. Run the resize steps.
    no_op("resize steps", "nothing to do (the viewport never changes size)");
    // Step 9. Run the scroll steps.
    no_op("scroll steps", "nothing to do (nothing scrolls)");
    // Step 10. Evaluate media queries and report changes.
    no_op("evaluate media queries and report changes", "nothing to do (no media queries)");
    // Step 11. Update animations and send events.
    no_op("update animations and send events", "nothing to do (no CSS or web animations)");
    // Step 12. Run the fullscreen steps.
    no_op("fullscreen steps", "nothing to do (no fullscreen)");
    // Step 13. Canvas context lost steps.
    no_op("canvas context lost steps", "nothing to do (no canvas)");
    // Step 14. For each doc of docs, run the animation frame callbacks for doc,
    // passing in frameTimestamp.
    run_the_animation_frame_callbacks(lp, host, frame_timestamp);
    // Step 15. Let unsafeLayoutStartTime be the unsafe shared current time.
    // Step 16. Recalculate styles and update layout; the ResizeObserver loop.
    no_op("style, layout and ResizeObserver", "nothing to do (no layout engine)");
    // Step 17. Focus fixup.
    no_op("focus fixup", "nothing to do");
    // Step 18. Perform pending transition operations.
    no_op("pending transition operations", "nothing to do (no view transitions)");
    // Step 19. Run the update intersection observations steps.
    no_op("update intersection observations", "nothing to do (no IntersectionObserver)");
    // Step 20. Record rendering time. Step 21. Mark paint timing.
    // Step 22. Update the rendering or user interface of doc to reflect the
    // current state: the paint, with what changed since the last one.
    let changes = host.paint(lp);
    let mut l = lp.borrow_mut();
    l.rendering.rendered_since_idle = true;
    l.trace(TraceEvent::Paint { frame, changes });
    // Step 23. Process top layer removals: nothing to do (no top layer).
}

/// <https://html.spec.whatwg.org/multipage/imagebitmap-and-animations.html#run-the-animation-frame-callbacks>
fn run_the_animation_frame_callbacks<H: Host>(lp: &Loop<H::Steps>, host: &H, now: f64) {
    // Step 1. Let callbacks be target's map of animation frame callbacks.
    // Step 2. Let callbackHandles be the result of getting the keys of callbacks.
    let handles: Vec<u32> = lp.borrow().rendering.map_of_animation_frame_callbacks.keys().copied().collect();
    // Step 3. For each handle in callbackHandles, if handle exists in callbacks:
    for handle in handles {
        // Step 3.1. Let callback be callbacks[handle].
        // Step 3.2. Remove callbacks[handle].
        let callback = lp.borrow_mut().rendering.map_of_animation_frame_callbacks.remove(&handle);
        let Some(callback) = callback else { continue };
        // Step 3.3. Invoke callback with « now » and "report".
        lp.borrow_mut().trace(TraceEvent::AnimationFrameCallback { handle, timestamp_ms: now });
        host.run_animation_frame_callback(lp, callback, now);
    }
}

/// HTML event loop step 5 (a window event loop with no runnable task starts
/// an idle period) and the requestIdleCallback "start an idle period
/// algorithm". Returns whether an idle period started.
///
/// Two optional delays of the requestIdleCallback spec ("the user agent may
/// delay the idle period") are taken, as Chromium does: an idle period does
/// not start while a frame is owed (something to render and no frame
/// rendered since the last idle period), nor before the last idle period's
/// deadline.
fn start_an_idle_period<P: Clone>(lp: &Loop<P>, rendering_wanted: bool) -> bool {
    let mut l = lp.borrow_mut();
    let now = l.now();
    if l.idle.pending() == 0 || l.idle.invoke_task_queued {
        return false;
    }
    if (rendering_wanted && !l.rendering.rendered_since_idle) || l.idle.last_deadline > now {
        return false;
    }
    // Step 5.1. Set this event loop's last idle period start time to the unsafe
    // shared current time.
    l.idle.last_idle_period_start_time = now;
    l.rendering.rendered_since_idle = false;
    // Step 5.2. Let computeDeadline be the steps of EventLoop::compute_deadline.
    let deadline = l.compute_deadline(rendering_wanted);
    // Step 5.3. Perform the start an idle period algorithm for the window:
    //   Step 1. Let pending_list be window's list of idle request callbacks.
    //   Step 2. Let run_list be window's list of runnable idle callbacks.
    //   Step 3. Append all entries from pending_list into run_list preserving order.
    //   Step 4. Clear pending_list.
    let pending: Vec<_> = l.idle.list_of_idle_request_callbacks.drain(..).collect();
    l.idle.list_of_runnable_idle_callbacks.extend(pending);
    l.idle.last_deadline = deadline;
    let callbacks = l.idle.list_of_runnable_idle_callbacks.len();
    l.trace(TraceEvent::IdlePeriodStart { deadline_ms: millis(deadline), callbacks });
    //   Step 5. Queue a task on the queue associated with the idle-task task
    //   source, which performs the steps defined in the invoke idle callbacks
    //   algorithm with window and getDeadline as parameters.
    l.idle.invoke_task_queued = true;
    l.queue(TaskSource::IdleTask, "invoke idle callbacks".into(), None, None, TaskSteps::InvokeIdleCallbacks);
    true
}

/// <https://w3c.github.io/requestidlecallback/#invoke-idle-callbacks-algorithm>
fn invoke_idle_callbacks<H: Host>(lp: &Loop<H::Steps>, host: &H) {
    let rendering_wanted = rendering_wanted(lp, host);
    let mut l = lp.borrow_mut();
    l.idle.invoke_task_queued = false;
    // Step 1. If the user-agent believes it should end the idle period early due
    // to newly scheduled high-priority work, return. (It never does.)
    // Step 2. Let now be the current time.
    let now = l.now();
    // Step 3. If now is less than the result of calling getDeadline and the
    // window's list of runnable idle callbacks is not empty:
    let deadline = l.compute_deadline(rendering_wanted);
    if now >= deadline {
        return;
    }
    // Step 3.1. Pop the top callback from window's list of runnable idle callbacks.
    let Some((handle, callback)) = l.idle.list_of_runnable_idle_callbacks.pop_front() else { return };
    l.idle.timeouts.retain(|(_, _, h)| *h != handle);
    // Step 3.2. Let deadlineArg be a new IdleDeadline whose get deadline time
    // algorithm is getDeadline.
    let arg = IdleDeadline { deadline_ms: millis(deadline), did_timeout: false };
    l.trace(TraceEvent::IdleCallback {
        handle,
        time_remaining_ms: millis(deadline - now),
        did_timeout: false,
    });
    drop(l);
    // Step 3.3. Call callback with deadlineArg as its argument. If an uncaught
    // runtime script error occurs, then report the exception.
    host.run_idle_callback(lp, callback, arg);
    // Step 3.4. If window's list of runnable idle callbacks is not empty, queue a
    // task which performs the steps in the invoke idle callbacks algorithm.
    let mut l = lp.borrow_mut();
    if !l.idle.list_of_runnable_idle_callbacks.is_empty() {
        l.idle.invoke_task_queued = true;
        l.queue(
            TaskSource::IdleTask,
            "invoke idle callbacks".into(),
            None,
            None,
            TaskSteps::InvokeIdleCallbacks,
        );
    }
}

/// <https://w3c.github.io/requestidlecallback/#invoke-idle-callback-timeout-algorithm>
fn invoke_idle_callback_timeout<H: Host>(lp: &Loop<H::Steps>, host: &H, handle: u32) {
    let mut l = lp.borrow_mut();
    // Step 1. Let callback be the result of finding the entry in window's list
    // of idle request callbacks or the list of runnable idle callbacks that is
    // associated with the value handle.
    // Step 2. If callback is present: remove it from both lists,
    let Some(callback) = l.idle.take(handle) else { return };
    // Step 2.2. Let now be the current time.
    let now = l.now();
    // Step 2.3. Let deadlineArg be a new IdleDeadline whose deadline is now and
    // whose timeout is true.
    let arg = IdleDeadline { deadline_ms: millis(now), did_timeout: true };
    l.trace(TraceEvent::IdleCallback { handle, time_remaining_ms: 0.0, did_timeout: true });
    drop(l);
    // Step 2.4. Call callback with deadlineArg; report an uncaught exception.
    host.run_idle_callback(lp, callback, arg);
}

/// No task is runnable and no idle period started: wait for whatever comes
/// next, or say that the loop is over (or, for [`run_until`], paused).
fn wait_for_work<H: Host>(
    lp: &Loop<H::Steps>,
    host: &H,
    rendering_wanted: bool,
    until: Until,
) -> Option<LoopEnd> {
    let is_virtual = lp.borrow().clock.kind() == ClockKind::Virtual;
    // Work from other threads. Under the virtual clock it takes no time: the
    // loop waits for every promised task (KeepAlive) before it moves time
    // on, and takes them in the order they were promised.
    {
        let l = lp.borrow();
        let waiting = l.inbox.has_arrived() || (is_virtual && l.inbox.outstanding() > 0);
        if waiting {
            let tasks = if is_virtual {
                l.inbox.take_settled(&|| host.should_stop())
            } else {
                l.inbox.take_arrived()
            };
            drop(l);
            accept_remote_tasks(lp, host, tasks);
            return None;
        }
    }
    let mut l = lp.borrow_mut();
    let now = l.now();
    let idle_waiting = l.idle.pending() > 0 && l.idle.last_deadline > now;
    let next = l.next_wakeup(rendering_wanted, idle_waiting);
    let pause_at = match until {
        Until::Done => None,
        Until::Idle => return Some(LoopEnd::Paused),
        Until::Time(t) => Some(t),
    };
    let promised = !is_virtual && l.inbox.outstanding() > 0;
    // Worker event loop step 6.2: if there are no tasks in the event loop's
    // task queues and the WorkerGlobalScope's closing flag is true, then
    // destroy the event loop.
    if l.closing {
        return Some(LoopEnd::Finished);
    }
    if until == Until::Done && l.world.is_some() {
        if let (Some(limit), Some(deadline)) = (l.max_time, next) {
            if deadline > limit {
                return Some(max_time_end(&l, limit));
            }
        }
        drop(l);
        return wait_in_world(lp, host, next, promised, is_virtual);
    }
    if next.is_none() && pause_at.is_none() && !promised {
        // No queued task, no active timer, no frame to render, no idle
        // callback, no promised work from another thread, and (between
        // turns) no microtask: nothing can ever run again.
        return Some(LoopEnd::Finished);
    }
    if let (Some(limit), Some(deadline)) = (l.max_time, next) {
        if deadline > limit && pause_at.is_none_or(|p| p > limit) {
            return Some(max_time_end(&l, limit));
        }
    }
    // Wait until the next thing is due, or the pause point, whichever is first.
    let target = match (next, pause_at) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    };
    if target.is_none_or(|t| t > now) {
        if is_virtual {
            if let Some(t) = target {
                l.clock.wait_until(t);
            }
        } else {
            // The real clock waits on the inbox, so a task sent meanwhile
            // wakes the loop; in slices, so the host can stop it.
            drop(l);
            loop {
                let l = lp.borrow();
                let now = l.now();
                if l.inbox.has_arrived() || target.is_some_and(|t| now >= t) || host.should_stop() {
                    break;
                }
                if target.is_none() && l.inbox.outstanding() == 0 {
                    break;
                }
                let slice =
                    target.map_or(Duration::from_millis(20), |t| (t - now).min(Duration::from_millis(20)));
                l.inbox.wait(Some(slice));
            }
            l = lp.borrow_mut();
        }
        let to = l.now();
        if to > now {
            l.trace(TraceEvent::ClockAdvance { from_ms: millis(now), to_ms: millis(to) });
        }
    }
    if let Some(p) = pause_at {
        if l.now() >= p && next.is_none_or(|n| n > p) {
            return Some(if l.has_work() { LoopEnd::Paused } else { LoopEnd::Finished });
        }
    }
    None
}

/// [`wait_for_work`] for a loop in a world (a page with workers, a worker):
/// under the virtual clock the loop passes its turn on; under the real
/// clock a loop with nothing due waits for a message or the program's end.
fn wait_in_world<H: Host>(
    lp: &Loop<H::Steps>,
    host: &H,
    next: Option<Duration>,
    promised: bool,
    is_virtual: bool,
) -> Option<LoopEnd> {
    if is_virtual {
        let from = lp.borrow().now();
        // Other loops take their turns on their own threads meanwhile; this
        // thread does nothing else, so holding the borrow is harmless.
        let turn = lp.borrow().world.as_ref()?.yield_turn(next);
        if turn == Turn::Done {
            return Some(LoopEnd::Finished);
        }
        let mut l = lp.borrow_mut();
        let to = l.now();
        if to > from {
            l.trace(TraceEvent::ClockAdvance { from_ms: millis(from), to_ms: millis(to) });
        }
        return None;
    }
    if next.is_some() || promised {
        // Something of its own is due: wait for it (or a message), busy.
        let l = lp.borrow();
        let now = l.now();
        let slice =
            next.map_or(Duration::from_millis(20), |t| t.saturating_sub(now).min(Duration::from_millis(20)));
        if !slice.is_zero() {
            l.inbox.wait(Some(slice));
        }
        return None;
    }
    if lp.borrow().world.as_ref()?.idle() == Turn::Done {
        return Some(LoopEnd::Finished);
    }
    loop {
        let l = lp.borrow();
        if l.inbox.has_arrived() {
            l.world.as_ref()?.busy();
            return None;
        }
        let member = l.world.as_ref()?;
        if member.world().is_done() {
            return Some(LoopEnd::Finished);
        }
        if host.should_stop() {
            return None;
        }
        l.inbox.wait(Some(Duration::from_millis(20)));
    }
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
