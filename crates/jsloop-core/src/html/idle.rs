//! requestIdleCallback: idle periods and their deadlines.
//!
//! <https://w3c.github.io/requestidlecallback/> and the HTML Standard's event
//! loop step 5, which starts an idle period when a window event loop has no
//! runnable task.
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
