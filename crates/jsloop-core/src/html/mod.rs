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

use crate::clock::Clock;
use crate::remote::{Inbox, InboxSender, RemoteTask};
use crate::trace::{TraceEvent, Tracer};
use crate::world::WorldMember;
use idle::{IdleCallbacks, IdleDeadline};
use rendering::Rendering;
use task::{TaskId, TaskQueues, TaskSource};
use timers::Timers;

mod event_loop;
pub mod idle;
pub mod microtask;
mod ports;
pub mod rendering;
pub mod scheduler;
pub mod task;
pub mod timers;
mod wait;

pub use crate::run::{LoopEnd, Until};
pub use event_loop::{run, run_until};
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

    /// Whether a microtask checkpoint would find nothing to do: the
    /// microtask queue is empty and there are no rejected promises to
    /// notify about (a look that runs nothing). A host that says true must
    /// be one whose [`run_oldest_microtask`](Host::run_oldest_microtask)
    /// would run nothing and whose
    /// [`notify_about_rejected_promises`](Host::notify_about_rejected_promises)
    /// would do nothing but what [`microtask_checkpoint_over`](Host::microtask_checkpoint_over)
    /// does. A host that cannot tell says false (the default): the
    /// checkpoint then runs its steps one by one.
    fn microtask_checkpoint_is_empty(&self) -> bool {
        false
    }

    /// A checkpoint [`microtask_checkpoint_is_empty`](Host::microtask_checkpoint_is_empty)
    /// said had nothing to do is over (what the host does when its queue is
    /// found empty, such as writing out what the task printed).
    fn microtask_checkpoint_over(&self) {}

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

    /// <https://drafts.csswg.org/web-animations-1/#update-animations-and-send-events>,
    /// at `now` (ms, the frame timestamp): the document timeline moves to
    /// `now`, CSS animations and transitions change phase, and their events
    /// are dispatched.
    fn update_animations_and_send_events(&self, _lp: &Loop<Self::Steps>, _now: f64) {}

    /// Step 16.1 of update the rendering, "recalculate styles": a style
    /// change event (CSS animations and transitions start and stop).
    fn recalculate_styles(&self, _lp: &Loop<Self::Steps>) {}

    /// <https://drafts.csswg.org/resize-observer/#gather-active-observations-h>:
    /// each ResizeObserver's observations whose size changed become its
    /// active targets if their target is deeper than `depth` (in the shadow-
    /// including tree), its skipped targets otherwise.
    fn gather_active_resize_observations(&self, _depth: usize) {}

    /// <https://drafts.csswg.org/resize-observer/#has-active-observations-h>
    fn has_active_resize_observations(&self) -> bool {
        false
    }

    /// <https://drafts.csswg.org/resize-observer/#broadcast-active-resize-observations>:
    /// invokes each observer with active targets with their entries;
    /// returns the depth of the shallowest target reported.
    fn broadcast_active_resize_observations(&self, _lp: &Loop<Self::Steps>) -> usize {
        usize::MAX
    }

    /// <https://drafts.csswg.org/resize-observer/#has-skipped-observations-h>
    fn has_skipped_resize_observations(&self) -> bool {
        false
    }

    /// <https://drafts.csswg.org/resize-observer/#deliver-resize-error>
    fn deliver_resize_loop_error(&self, _lp: &Loop<Self::Steps>) {}

    /// <https://w3c.github.io/IntersectionObserver/#run-the-update-intersection-observations-steps>,
    /// at `time` (ms, the document's relative high resolution time): what
    /// changed is queued as IntersectionObserver tasks.
    fn update_intersection_observations(&self, _lp: &Loop<Self::Steps>, _time: f64) {}

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
    pub label: task::Label,
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
    scheduled: BTreeMap<(Duration, TaskId), (TaskSource, task::Label, P)>,
    /// postTask tasks waiting for their delay, by (time, handle).
    delayed_scheduler_tasks:
        BTreeMap<(Duration, scheduler::SchedulerTaskHandle), scheduler::DelayedSchedulerTask<P>>,
    next_scheduler_handle: scheduler::SchedulerTaskHandle,
    max_time: Option<Duration>,
    next_task_id: TaskId,
    /// Microtasks run by the checkpoint in progress (for the trace).
    pub(crate) microtasks_run: u64,
    /// The task now running, for messages about where the loop was stopped
    /// (see `current_task_label`).
    current_task: Option<TaskInfo>,
    /// taskStartTime (processing model Step 2.2) of the task running, or
    /// of the last one.
    task_start: Duration,
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
            delayed_scheduler_tasks: BTreeMap::new(),
            next_scheduler_handle: 1,
            max_time: None,
            next_task_id: 1,
            microtasks_run: 0,
            current_task: None,
            task_start: Duration::ZERO,
            inbox: Inbox::new(),
            world: None,
            closing: false,
            ports: Ports::default(),
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
        self.delayed_scheduler_tasks.clear();
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

    /// The number of the task now running (its steps or the microtask
    /// checkpoint after them); None between tasks.
    pub fn current_task_id(&self) -> Option<TaskId> {
        self.current_task.as_ref().map(|t| t.id)
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

    /// The running task's taskStartTime (processing model Step 2.2; the
    /// last task's between tasks): the moment its steps began, which a host
    /// can take as the time of what those steps create first (a message
    /// event's timeStamp) instead of reading the clock again.
    pub fn task_start_time(&self) -> Duration {
        self.task_start
    }

    /// Writes one trace event, stamped with the current time.
    pub fn trace(&mut self, event: TraceEvent) {
        if self.tracer.enabled() {
            let now = self.clock.now();
            self.tracer.emit(now, event);
        }
    }
}
