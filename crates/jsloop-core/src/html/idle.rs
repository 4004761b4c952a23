//! requestIdleCallback: idle periods and their deadlines.
//!
//! <https://w3c.github.io/requestidlecallback/> and the HTML Standard's event
//! loop step 5, which starts an idle period when a window event loop has no
//! runnable task.
use super::rendering::rendering_wanted;
use super::task::{TaskSource, TaskSteps};
use super::{EventLoop, Host, Loop};
use crate::clock::millis;
use crate::trace::TraceEvent;
use std::collections::{BTreeSet, VecDeque};
use std::time::Duration;

/// An idle callback's handle (`requestIdleCallback`'s result).
pub type IdleHandle = u32;

/// The longest an idle period may last (HTML event loop step 5.2.1).
pub const MAX_IDLE_PERIOD: Duration = Duration::from_millis(50);

/// What an idle callback is told: its deadline and whether it timed out.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct IdleDeadline {
    /// The deadline in milliseconds since the time origin, as computed when
    /// the callback was invoked (`timeRemaining()` recomputes it).
    pub deadline_ms: f64,
    /// `IdleDeadline.didTimeout`: true when the callback runs because its
    /// `timeout` elapsed, not in an idle period.
    pub did_timeout: bool,
}

/// The idle callback state of the loop's one window.
#[derive(Debug)]
pub struct IdleCallbacks<P> {
    /// <https://w3c.github.io/requestidlecallback/#dfn-idle-callback-identifier>
    identifier: IdleHandle,
    /// <https://w3c.github.io/requestidlecallback/#dfn-list-of-idle-request-callbacks>
    pub list_of_idle_request_callbacks: VecDeque<(IdleHandle, P)>,
    /// <https://w3c.github.io/requestidlecallback/#dfn-list-of-runnable-idle-callbacks>
    pub list_of_runnable_idle_callbacks: VecDeque<(IdleHandle, P)>,
    /// Pending `timeout` options: (posted time + timeout, post order, handle).
    pub(crate) timeouts: BTreeSet<(Duration, u64, IdleHandle)>,
    timeout_order: u64,
    /// <https://html.spec.whatwg.org/multipage/webappapis.html#last-idle-period-start-time>
    pub last_idle_period_start_time: Duration,
    /// The deadline of the last idle period: a new one does not start before
    /// it (the "last_deadline" rule of the requestIdleCallback algorithm).
    pub last_deadline: Duration,
    /// Whether an "invoke idle callbacks" task is queued and has not run yet.
    pub(crate) invoke_task_queued: bool,
}

impl<P> Default for IdleCallbacks<P> {
    fn default() -> Self {
        IdleCallbacks {
            identifier: 0,
            list_of_idle_request_callbacks: VecDeque::new(),
            list_of_runnable_idle_callbacks: VecDeque::new(),
            timeouts: BTreeSet::new(),
            timeout_order: 0,
            last_idle_period_start_time: Duration::ZERO,
            last_deadline: Duration::ZERO,
            invoke_task_queued: false,
        }
    }
}

impl<P> IdleCallbacks<P> {
    /// <https://w3c.github.io/requestidlecallback/#the-requestidlecallback-method>
    pub fn request_idle_callback(
        &mut self,
        now: Duration,
        callback: P,
        timeout_ms: Option<f64>,
    ) -> IdleHandle {
        // Step 2. Increment the window's idle callback identifier by one.
        self.identifier += 1;
        // Step 3. Let handle be the current value of window's idle callback identifier.
        let handle = self.identifier;
        // Step 4. Push callback to the end of window's list of idle request
        // callbacks, associated with handle.
        self.list_of_idle_request_callbacks.push_back((handle, callback));
        // Step 5. Return handle and then continue running this algorithm asynchronously.
        // Step 6. If the timeout property is present in options and has a positive value:
        if let Some(ms) = timeout_ms.filter(|t| *t > 0.0) {
            // Step 6.1–6.2. Wait for timeout milliseconds, and for earlier
            // timeouts: kept ordered by (posted time + timeout, post order).
            self.timeout_order += 1;
            self.timeouts.insert((now + crate::clock::from_millis(ms), self.timeout_order, handle));
        }
        handle
    }

    /// <https://w3c.github.io/requestidlecallback/#the-cancelidlecallback-method>
    pub fn cancel_idle_callback(&mut self, handle: IdleHandle) -> bool {
        // Step 2. Find the entry in either the list of idle request callbacks or
        // list of runnable idle callbacks associated with handle.
        // Step 3. If there is such an entry, remove it from both lists.
        let before = self.pending();
        self.list_of_idle_request_callbacks.retain(|(h, _)| *h != handle);
        self.list_of_runnable_idle_callbacks.retain(|(h, _)| *h != handle);
        self.timeouts.retain(|(_, _, h)| *h != handle);
        self.pending() < before
    }

    /// Removes the callback for `handle` from both lists, for its timeout.
    pub(crate) fn take(&mut self, handle: IdleHandle) -> Option<P> {
        let mut found = None;
        for list in [&mut self.list_of_idle_request_callbacks, &mut self.list_of_runnable_idle_callbacks] {
            if let Some(i) = list.iter().position(|(h, _)| *h == handle) {
                found = list.remove(i).map(|(_, p)| p);
            }
        }
        found
    }

    /// Callbacks waiting in either list.
    pub fn pending(&self) -> usize {
        self.list_of_idle_request_callbacks.len() + self.list_of_runnable_idle_callbacks.len()
    }

    /// When the earliest pending `timeout` option elapses.
    pub fn next_timeout(&self) -> Option<Duration> {
        self.timeouts.first().map(|(d, _, _)| *d)
    }
}

// Idle periods and the idle callbacks' algorithms, on the event loop.

impl<P: Clone> EventLoop<P> {
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
#[inline(never)]
pub(super) fn start_an_idle_period<P: Clone>(lp: &Loop<P>, rendering_wanted: bool) -> bool {
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
pub(super) fn invoke_idle_callbacks<H: Host>(lp: &Loop<H::Steps>, host: &H) {
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
pub(super) fn invoke_idle_callback_timeout<H: Host>(lp: &Loop<H::Steps>, host: &H, handle: u32) {
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
