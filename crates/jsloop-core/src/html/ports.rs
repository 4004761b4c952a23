//! Message ports' queues.
//!
//! <https://html.spec.whatwg.org/multipage/web-messaging.html#message-ports>
//!
//! Every `MessagePort` has a port message queue: a task source of its own,
//! disabled when the port is made and enabled once and for good by
//! `start()` (or by setting `onmessage`). The loop keeps each port's queue,
//! its enabled flag and the port it is entangled with, by a process-wide
//! [`PortId`] the host hands out; the host keeps the port objects script
//! sees.
//!
//! When a port's messages become tasks is the user agent's choice (the spec
//! only says that an enabled port message queue's tasks go to the event
//! loop in order); jsloop makes them tasks on the posted message task
//! source as Chromium does. Chromium's port is a mojo `Connector` on a
//! message pipe, which reads one message per task: a message written to a
//! pipe nobody is reading wakes the connector's watcher, which posts one
//! task; each of the port's tasks reads the pipe's first message and
//! dispatches it (its microtask checkpoint included), then counts the
//! messages left in the pipe and posts tasks until the port has as many
//! tasks queued as messages unread, or, if none are left, watches the pipe
//! again. In this loop's terms: a message posted to an enabled queue while
//! none of the port's tasks is queued or running is a task at once; any
//! other waits in the queue, and when one of the port's tasks has run,
//! every message waiting then becomes a task, in order. So across sources
//! (see [`crate::task::TaskQueues`]) a waiting message is as old as the
//! moment the port's task before it was done. (Recorded with Chromium 156:
//! `port_messages_become_tasks_in_rounds`,
//! `port_message_posted_while_two_wait_goes_before_a_timer_the_second_queues`
//! and the `port_message_*` cases beside them.) A disabled queue keeps its
//! messages until it is enabled; its first message then becomes a task,
//! alone (the watcher finds the pipe readable).
//!
//! A port's partner may live in another loop (a worker's): the loop only
//! knows its id, and [`EventLoop::has_port`] tells the host which ports are
//! here. Shipping a port (transferring it in a message) takes it out of
//! this loop with every message of its queue not yet delivered: the ones
//! waiting and the ones already tasks, whose tasks leave the task queue
//! (the spec moves a shipped port's port message queue with it; Chromium's
//! pipe goes with the port, unread, and the old connector's tasks do
//! nothing: `port_messages_queued_as_tasks_go_with_a_transferred_port`).
//! The loop that receives the message opens it again under the same id.
use std::collections::VecDeque;

use rustc_hash::FxHashMap as HashMap;

use super::EventLoop;
use crate::task::{Label, Origin, TaskSource, TaskSteps};
use crate::trace::TraceEvent;

/// A port's process-wide number (ports move between the loops of one
/// program, so the host numbers them across threads).
pub type PortId = u64;

/// One port's state in this loop.
#[derive(Debug)]
pub struct MessagePortState<P> {
    /// The port message queue's enabled flag ("initially disabled"; once
    /// enabled, never disabled again).
    enabled: bool,
    /// `close()` was called: the port is disentangled and what is sent to
    /// it from now on is dropped.
    closed: bool,
    /// The port it is entangled with (here or in another loop).
    entangled: Option<PortId>,
    /// The messages of the port message queue that are not tasks yet
    /// (the unread messages a Chromium port has no task for): (label,
    /// origin, steps).
    waiting: VecDeque<(Label, Option<Origin>, P)>,
    /// How many of this port's tasks are queued or running.
    in_loop: u32,
}

impl<P> Default for MessagePortState<P> {
    fn default() -> Self {
        MessagePortState {
            enabled: false,
            closed: false,
            entangled: None,
            waiting: VecDeque::new(),
            in_loop: 0,
        }
    }
}

/// The ports that live in a loop.
pub type Ports<P> = HashMap<PortId, MessagePortState<P>>;

impl<P: Clone> EventLoop<P> {
    /// A port of this loop (a new `MessagePort`, or one that has arrived
    /// here): its queue disabled, entangled with nothing. A port already
    /// here (a message for it arrived before it did) keeps what waits.
    pub fn open_port(&mut self, port: PortId) {
        self.ports.entry(port).or_default();
    }

    /// Whether `port` lives in this loop.
    pub fn has_port(&self, port: PortId) -> bool {
        self.ports.contains_key(&port)
    }

    /// <https://html.spec.whatwg.org/multipage/web-messaging.html#entangle>
    /// for a port of this loop: `port` is entangled with `other`, which may
    /// live elsewhere. Both are entangled when both are here.
    pub fn entangle_ports(&mut self, port: PortId, other: PortId) {
        // Step 1. If one of the ports is already entangled, disentangle it
        // (and the port it was entangled with).
        for p in [port, other] {
            if let Some(old) = self.ports.get_mut(&p).and_then(|s| s.entangled.take()) {
                if let Some(o) = self.ports.get_mut(&old) {
                    o.entangled = None;
                }
            }
        }
        // Step 2. Associate the two ports to be entangled.
        self.ports.entry(port).or_default().entangled = Some(other);
        if let Some(o) = self.ports.get_mut(&other) {
            o.entangled = Some(port);
        }
    }

    /// The port `port` is entangled with, if any.
    pub fn entangled_port(&self, port: PortId) -> Option<PortId> {
        self.ports.get(&port).and_then(|s| s.entangled)
    }

    /// Step 7 of the message port post message steps: "add a task that runs
    /// the following steps to the port message queue of targetPort". An
    /// enabled queue hands it to the loop as a task on the posted message
    /// task source now; a disabled one keeps it. False if the port is not
    /// here or is closed (the message is dropped).
    pub fn queue_port_message(
        &mut self,
        port: PortId,
        label: impl Into<Label>,
        origin: Option<Origin>,
        steps: P,
    ) -> bool {
        let Some(state) = self.ports.get_mut(&port) else { return false };
        if state.closed {
            return false;
        }
        if !state.enabled || state.in_loop > 0 {
            state.waiting.push_back((label.into(), origin, steps));
            let n = state.waiting.len();
            let why = if state.enabled {
                "until the port's task in the loop has run"
            } else {
                "in its disabled port message queue"
            };
            if self.tracer.enabled() {
                self.trace(TraceEvent::Note {
                    text: format!("port #{port}: a message waits {why} ({n} waiting)"),
                });
            }
            return true;
        }
        state.in_loop = 1;
        self.queue_port_task(port, label.into(), origin, steps);
        true
    }

    /// Queues one message of `port` as a task, which says whose it is
    /// ([`Task::port`](crate::task::Task::port)).
    fn queue_port_task(&mut self, port: PortId, label: Label, origin: Option<Origin>, steps: P) {
        self.queue_from(TaskSource::PostedMessage, label, origin, None, Some(port), TaskSteps::Host(steps));
    }

    /// A task of `port` has run (its steps and its microtask checkpoint):
    /// every message waiting in the port's queue becomes a task, in order
    /// (Chromium's connector tops its tasks up to the number of messages
    /// left unread after each one it dispatches).
    pub(super) fn port_task_done(&mut self, port: PortId) {
        let Some(state) = self.ports.get_mut(&port) else { return };
        state.in_loop = state.in_loop.saturating_sub(1);
        if !state.enabled || state.waiting.is_empty() {
            return;
        }
        let now: Vec<_> = state.waiting.drain(..).collect();
        state.in_loop += now.len() as u32;
        for (label, origin, steps) in now {
            self.queue_port_task(port, label, origin, steps);
        }
    }

    /// <https://html.spec.whatwg.org/multipage/web-messaging.html#dom-messageport-start>:
    /// "enable this's port message queue, if it is not already enabled".
    /// Its first waiting message becomes a task, alone (the others become
    /// tasks when it has run).
    pub fn enable_port(&mut self, port: PortId) {
        let Some(state) = self.ports.get_mut(&port) else { return };
        if state.enabled {
            return;
        }
        state.enabled = true;
        let n = state.waiting.len();
        let first = if state.in_loop > 0 { None } else { state.waiting.pop_front() };
        if first.is_some() {
            state.in_loop = 1;
        }
        if self.tracer.enabled() {
            self.trace(TraceEvent::Note {
                text: format!("port #{port}: its port message queue is enabled ({n} message(s) waiting)"),
            });
        }
        if let Some((label, origin, steps)) = first {
            self.queue_port_task(port, label, origin, steps);
        }
    }

    /// <https://html.spec.whatwg.org/multipage/web-messaging.html#dom-messageport-close>:
    /// the port is disentangled (its partner, if here, too); messages sent
    /// to it from now on are dropped.
    pub fn close_port(&mut self, port: PortId) {
        let Some(state) = self.ports.get_mut(&port) else { return };
        state.closed = true;
        if let Some(other) = state.entangled.take() {
            if let Some(o) = self.ports.get_mut(&other) {
                o.entangled = None;
            }
        }
    }

    /// The port leaves this loop (it was transferred, or the object that
    /// held it is gone): its partner and every message of its queue not yet
    /// delivered (their steps, in order) go with it: its tasks still in the
    /// task queue first, then the messages waiting. Its partner, if here,
    /// stays entangled with it by id.
    pub fn ship_port(&mut self, port: PortId) -> (Option<PortId>, Vec<P>) {
        let Some(state) = self.ports.remove(&port) else { return (None, Vec::new()) };
        let mut messages = Vec::new();
        if state.in_loop > 0 {
            messages = self.task_queues.take_port_tasks(port);
            if self.tracer.enabled() && !messages.is_empty() {
                let n = messages.len();
                self.trace(TraceEvent::Note {
                    text: format!("port #{port}: {n} of its message task(s) leave the task queue with it"),
                });
            }
        }
        messages.extend(state.waiting.into_iter().map(|(_, _, steps)| steps));
        (state.entangled, messages)
    }

    /// The global that owns the ports goes (a worker ends, a session is
    /// released): every port and what waits in its queue is dropped.
    pub fn drop_all_ports(&mut self) {
        self.ports.clear();
    }

    /// How many of `port`'s messages are not tasks yet (its queue is
    /// disabled, or they wait behind the one in the loop).
    pub fn port_messages_waiting(&self, port: PortId) -> usize {
        self.ports.get(&port).map_or(0, |s| s.waiting.len())
    }
}
