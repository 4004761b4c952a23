//! Work that reaches a loop from other threads.
//!
//! A loop lives on one thread, and nothing of it (its queues, its engine's
//! values) may leave that thread. What may cross threads is an
//! [`InboxSender`]: it is `Send + Sync + Clone`, it carries
//! [`RemoteTask`]s whose payloads are `Send`, and sending one wakes the loop
//! if it is waiting. The loop owns the receiving [`Inbox`]; the HTML loop
//! queues each arriving task on its task source (as the HTML Standard's
//! "queue a global task" from in-parallel steps does), the Node host
//! delivers each in its poll phase, as libuv delivers a completed request.
//!
//! The HTML loop owns an inbox ([`EventLoop::remote_sender`](crate::html::EventLoop::remote_sender))
//! and hands each arriving task to [`Host::accept_remote`](crate::html::Host::accept_remote),
//! whose default drops it. The libuv-style loop has none of its own: a
//! [`NodeHost`](crate::uv::NodeHost) that takes work from other threads owns
//! an `Inbox`, returns what arrived from
//! [`poll_io`](crate::uv::NodeHost::poll_io), and counts outstanding tickets
//! in [`active_requests`](crate::uv::NodeHost::active_requests), as
//! jsloop-runtime's node host does.
//!
//! A sender does not keep a loop alive: a loop with nothing else to do ends
//! even if a sender somewhere might send later. Work that *will* complete
//! holds a [`KeepAlive`] ticket (libuv's "active request"): the loop stays
//! alive until the ticket is completed or dropped. Under the virtual clock
//! the loop waits for every outstanding ticket before it moves time on, and
//! takes completed tickets in the order they were issued, so a run that
//! uses them stays repeatable (docs/event-loop.md, "Work from other threads").
use std::any::Any;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use crate::task_source::TaskSource;

/// A task sent from another thread.
pub struct RemoteTask {
    /// The task source it is queued on (the HTML loop); the Node host
    /// delivers every remote task in the poll phase.
    pub source: TaskSource,
    /// What the trace calls it.
    pub label: String,
    /// What the host makes of it (the host downcasts it).
    pub payload: Box<dyn Any + Send>,
    /// The [`KeepAlive`] ticket it completes, if any (tickets order the
    /// deliveries under the virtual clock).
    pub ticket: Option<u64>,
}

impl std::fmt::Debug for RemoteTask {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RemoteTask")
            .field("source", &self.source)
            .field("label", &self.label)
            .field("ticket", &self.ticket)
            .finish_non_exhaustive()
    }
}

#[derive(Default)]
struct State {
    arrived: VecDeque<RemoteTask>,
    /// Tickets issued and not yet completed or dropped.
    outstanding: usize,
    next_ticket: u64,
    /// The receiving loop is gone: sends are refused.
    closed: bool,
    /// The thread that takes from this inbox (the loop's), once it has
    /// taken or waited: a send from that thread needs no wake-up, since the
    /// loop is running (and looks at its inbox before it next blocks).
    receiver: Option<std::thread::ThreadId>,
}

type WakeHook = Box<dyn Fn() + Send + Sync>;

struct Shared {
    state: Mutex<State>,
    /// Whether `state.arrived` is not empty, written under the lock with
    /// every change to it: the loop looks at it every turn without the
    /// lock (`has_arrived`).
    nonempty: AtomicBool,
    arrived: Condvar,
    /// Also called on every send (the Node host wakes its I/O poller).
    wake: Mutex<Option<WakeHook>>,
}

impl State {
    fn bind_receiver(&mut self) {
        if self.receiver.is_none() {
            self.receiver = Some(std::thread::current().id());
        }
    }
}

impl Shared {
    /// Notes whether tasks wait in `state` (its lock held: after any
    /// change to `arrived`).
    fn note_arrived(&self, state: &State) {
        self.nonempty.store(!state.arrived.is_empty(), Ordering::Release);
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        // A panic on another thread while it held the lock leaves the state
        // consistent (every change is one statement), so poisoning is ignored.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn notify(&self) {
        self.arrived.notify_all();
        if let Some(wake) = self.wake.lock().unwrap_or_else(|e| e.into_inner()).as_ref() {
            wake();
        }
    }
}

/// The receiving end, owned by the loop's thread.
pub struct Inbox {
    shared: Arc<Shared>,
    /// Whether a take or a wait has bound the receiver (`State::receiver`,
    /// which never changes after): a take then needs no lock when nothing
    /// has arrived.
    bound: AtomicBool,
}

/// The sending end: `Send`, `Sync` and cheap to clone.
#[derive(Clone)]
pub struct InboxSender {
    shared: Arc<Shared>,
}

/// A promise that a task will be sent: keeps the loop alive until it is
/// [completed](KeepAlive::complete) or dropped.
pub struct KeepAlive {
    shared: Arc<Shared>,
    ticket: u64,
    done: bool,
}

/// Sending failed: the loop that would receive it has ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoopGone;

impl std::fmt::Display for LoopGone {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the event loop this was sent to has shut down")
    }
}

impl std::error::Error for LoopGone {}

impl Default for Inbox {
    fn default() -> Self {
        Self::new()
    }
}

impl Inbox {
    /// A new, empty inbox.
    pub fn new() -> Self {
        Inbox {
            shared: Arc::new(Shared {
                state: Mutex::new(State::default()),
                nonempty: AtomicBool::new(false),
                arrived: Condvar::new(),
                wake: Mutex::new(None),
            }),
            bound: AtomicBool::new(false),
        }
    }

    /// A sender for other threads.
    pub fn sender(&self) -> InboxSender {
        InboxSender { shared: self.shared.clone() }
    }

    /// Also call `wake` whenever a task arrives (from the sending thread).
    pub fn set_wake_hook(&self, wake: impl Fn() + Send + Sync + 'static) {
        *self.shared.wake.lock().unwrap_or_else(|e| e.into_inner()) = Some(Box::new(wake));
    }

    /// Tickets issued and not yet completed or dropped.
    pub fn outstanding(&self) -> usize {
        self.shared.lock().outstanding
    }

    /// Whether a task has arrived and not been taken.
    pub fn has_arrived(&self) -> bool {
        // (Without the lock: a task sent as this reads is seen next time,
        // as one sent just after the lock was let go of would be.)
        self.shared.nonempty.load(Ordering::Acquire)
    }

    /// The state's lock, taken by the receiving loop's thread (bound as the
    /// receiver the first time).
    fn lock_as_receiver(&self) -> MutexGuard<'_, State> {
        let mut state = self.shared.lock();
        state.bind_receiver();
        self.bound.store(true, Ordering::Relaxed);
        state
    }

    /// Takes every task that has arrived, in arrival order.
    pub fn take_arrived(&self) -> Vec<RemoteTask> {
        // Nothing there, the receiver bound (a loop's every turn without
        // work from other threads): what the steps below come to, without
        // the lock. (A task sent as this reads is taken next time, as one
        // sent just after the lock was let go of would be; its send has
        // woken the loop.)
        if self.bound.load(Ordering::Relaxed) && !self.has_arrived() {
            return Vec::new();
        }
        let mut state = self.lock_as_receiver();
        let arrived = state.arrived.drain(..).collect();
        self.shared.note_arrived(&state);
        arrived
    }

    /// Takes the tasks that have arrived and complete no ticket (messages,
    /// not the results of promised work), in arrival order.
    pub fn take_untracked(&self) -> Vec<RemoteTask> {
        let mut state = self.lock_as_receiver();
        let (untracked, tracked): (Vec<_>, Vec<_>) =
            state.arrived.drain(..).partition(|t| t.ticket.is_none());
        state.arrived.extend(tracked);
        self.shared.note_arrived(&state);
        untracked
    }

    /// Waits until a task arrives, for at most `timeout` (None: no limit
    /// while a ticket is outstanding; with no ticket and no limit it returns
    /// at once, since nothing is sure to come). Returns whether a task is
    /// there.
    pub fn wait(&self, timeout: Option<Duration>) -> bool {
        let start = Instant::now();
        let mut state = self.lock_as_receiver();
        loop {
            if !state.arrived.is_empty() {
                return true;
            }
            let left = match timeout {
                Some(t) => match t.checked_sub(start.elapsed()) {
                    Some(left) if !left.is_zero() => left,
                    _ => return false,
                },
                None if state.outstanding == 0 => return false,
                // Wake now and then, so a caller can look at its watchdog.
                None => Duration::from_millis(250),
            };
            let slice = left.min(Duration::from_millis(250));
            state = self.shared.arrived.wait_timeout(state, slice).unwrap_or_else(|e| e.into_inner()).0;
            if timeout.is_none() && state.arrived.is_empty() {
                return false;
            }
        }
    }

    /// Waits until no ticket is outstanding (or `stop` says to give up), then
    /// takes every task that has arrived: first those that completed
    /// tickets, in ticket order, then the others in arrival order. The
    /// virtual clock's repeatable delivery.
    pub fn take_settled(&self, stop: &dyn Fn() -> bool) -> Vec<RemoteTask> {
        let mut state = self.lock_as_receiver();
        while state.outstanding > 0 && !stop() {
            state = self
                .shared
                .arrived
                .wait_timeout(state, Duration::from_millis(50))
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
        let mut all: Vec<RemoteTask> = state.arrived.drain(..).collect();
        self.shared.note_arrived(&state);
        // A stable sort: untracked tasks (ticket None) keep their order, after
        // the tracked ones.
        all.sort_by_key(|t| t.ticket.unwrap_or(u64::MAX));
        all
    }
}

impl Drop for Inbox {
    fn drop(&mut self) {
        let mut state = self.shared.lock();
        state.closed = true;
        state.arrived.clear();
        self.shared.note_arrived(&state);
    }
}

impl InboxSender {
    /// Sends a task to the loop and wakes it.
    pub fn send(
        &self,
        source: TaskSource,
        label: impl Into<String>,
        payload: Box<dyn Any + Send>,
    ) -> Result<(), LoopGone> {
        self.push(RemoteTask { source, label: label.into(), payload, ticket: None })
    }

    /// A ticket that keeps the loop alive until it is completed or dropped.
    pub fn keep_alive(&self) -> Result<KeepAlive, LoopGone> {
        let mut state = self.shared.lock();
        if state.closed {
            return Err(LoopGone);
        }
        state.outstanding += 1;
        state.next_ticket += 1;
        Ok(KeepAlive { shared: self.shared.clone(), ticket: state.next_ticket, done: false })
    }

    /// Whether a task has arrived at the inbox and not been taken.
    pub fn has_arrived(&self) -> bool {
        self.shared.nonempty.load(Ordering::Acquire)
    }

    /// Wakes the loop if it is waiting, with nothing sent (it then looks at
    /// whatever else it waits for: its world ending, say).
    pub fn wake(&self) {
        self.shared.notify();
    }

    /// Whether the receiving loop has ended.
    pub fn is_closed(&self) -> bool {
        self.shared.lock().closed
    }

    fn push(&self, task: RemoteTask) -> Result<(), LoopGone> {
        let from_receiver = {
            let mut state = self.shared.lock();
            if state.closed {
                return Err(LoopGone);
            }
            state.arrived.push_back(task);
            self.shared.note_arrived(&state);
            state.receiver.is_some_and(|r| r == std::thread::current().id())
        };
        // A loop sending to itself (a MessagePort whose partner is on the
        // same thread) is not waiting: no wake-up (three system calls a
        // message on the node host: the condvar's, the poller's write and
        // its wait).
        if !from_receiver {
            self.shared.notify();
        }
        Ok(())
    }
}

impl std::fmt::Debug for InboxSender {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("InboxSender").finish_non_exhaustive()
    }
}

impl KeepAlive {
    /// Sends the task this ticket promised; the loop need not stay alive for
    /// it any longer.
    pub fn complete(
        mut self,
        source: TaskSource,
        label: impl Into<String>,
        payload: Box<dyn Any + Send>,
    ) -> Result<(), LoopGone> {
        self.done = true;
        let task = RemoteTask { source, label: label.into(), payload, ticket: Some(self.ticket) };
        let result = {
            let mut state = self.shared.lock();
            state.outstanding -= 1;
            if state.closed {
                Err(LoopGone)
            } else {
                state.arrived.push_back(task);
                self.shared.note_arrived(&state);
                Ok(())
            }
        };
        self.shared.notify();
        result
    }
}

impl Drop for KeepAlive {
    fn drop(&mut self) {
        if !self.done {
            self.shared.lock().outstanding -= 1;
            self.shared.notify();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn payload(n: u32) -> Box<dyn Any + Send> {
        Box::new(n)
    }

    fn numbers(tasks: Vec<RemoteTask>) -> Vec<u32> {
        tasks.into_iter().map(|t| *t.payload.downcast::<u32>().unwrap()).collect()
    }

    #[test]
    fn settled_tasks_come_in_ticket_order_whatever_order_they_complete_in() {
        let inbox = Inbox::new();
        let tx = inbox.sender();
        let first = tx.keep_alive().unwrap();
        let second = tx.keep_alive().unwrap();
        assert_eq!(inbox.outstanding(), 2);
        let t = std::thread::spawn(move || {
            second.complete(TaskSource::Networking, "second", payload(2)).unwrap();
            std::thread::sleep(Duration::from_millis(20));
            first.complete(TaskSource::Networking, "first", payload(1)).unwrap();
        });
        tx.send(TaskSource::PostedMessage, "untracked", payload(9)).unwrap();
        let got = numbers(inbox.take_settled(&|| false));
        t.join().unwrap();
        assert_eq!(got, vec![1, 2, 9]);
        assert_eq!(inbox.outstanding(), 0);
    }

    #[test]
    fn a_dropped_ticket_stops_keeping_the_loop_alive() {
        let inbox = Inbox::new();
        let ticket = inbox.sender().keep_alive().unwrap();
        assert_eq!(inbox.outstanding(), 1);
        drop(ticket);
        assert_eq!(inbox.outstanding(), 0);
        assert!(inbox.take_settled(&|| false).is_empty());
    }

    #[test]
    fn wait_returns_when_a_task_arrives_and_at_once_when_nothing_is_sure_to_come() {
        let inbox = Inbox::new();
        assert!(!inbox.wait(None));
        let tx = inbox.sender();
        let t = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(10));
            tx.send(TaskSource::PostedMessage, "hello", payload(1)).unwrap();
        });
        assert!(inbox.wait(Some(Duration::from_secs(30))));
        t.join().unwrap();
        assert_eq!(numbers(inbox.take_arrived()), vec![1]);
    }

    #[test]
    fn sending_to_a_dropped_inbox_is_an_error() {
        let inbox = Inbox::new();
        let tx = inbox.sender();
        let ticket = tx.keep_alive().unwrap();
        drop(inbox);
        assert!(tx.is_closed());
        assert_eq!(tx.send(TaskSource::PostedMessage, "late", payload(1)), Err(LoopGone));
        assert_eq!(ticket.complete(TaskSource::Networking, "late", payload(2)), Err(LoopGone));
        assert!(tx.keep_alive().is_err());
    }
}
