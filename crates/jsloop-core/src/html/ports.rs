//! Message ports' queues.
//!
//! <https://html.spec.whatwg.org/multipage/web-messaging.html#message-ports>
//!
//! Every `MessagePort` has a port message queue: a task source of its own,
//! disabled when the port is made and enabled once and for good by
//! `start()` (or by setting `onmessage`). The loop keeps each port's queue,
//! its enabled flag and the port it is entangled with, by a process-wide
//! [`PortId`] the host hands out; the host keeps the port objects script
//! sees. A port's messages become tasks on the posted message task source
//! in rounds, as Chromium hands them to its event loop (recorded with
//! Chromium 156: `port_messages_become_tasks_in_rounds`): a message posted
//! to an enabled queue while none of the port's tasks is in the loop is a
//! task at once, alone; the messages posted after it wait in the queue, and
//! when the port's last task in the loop has run (its steps and its
//! microtask checkpoint) every message waiting then becomes a task, in
//! order, one after the other. So across sources (see
//! [`crate::task::TaskQueues`]) a round is as old as the moment the round
//! before it was done. A disabled queue keeps its messages until it is
//! enabled; its first message then becomes a task, alone.
//!
//! A port's partner may live in another loop (a worker's): the loop only
//! knows its id, and [`EventLoop::has_port`] tells the host which ports are
//! here. Shipping a port (transferring it in a message) takes it out of
//! this loop with the messages waiting in its queue; the loop that receives
//! the message opens it again under the same id.
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
    /// The messages of the port message queue that are not tasks yet:
    /// (label, origin, steps).
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
                "for the port's next round"
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
    /// if it was the last of the port's round, every message waiting in
    /// the port's queue becomes a task, in order (the next round).
    pub(super) fn port_task_done(&mut self, port: PortId) {
        let Some(state) = self.ports.get_mut(&port) else { return };
        state.in_loop = state.in_loop.saturating_sub(1);
        if state.in_loop > 0 || !state.enabled || state.waiting.is_empty() {
            return;
        }
        let round: Vec<_> = state.waiting.drain(..).collect();
        state.in_loop = round.len() as u32;
        for (label, origin, steps) in round {
            self.queue_port_task(port, label, origin, steps);
        }
    }

    /// <https://html.spec.whatwg.org/multipage/web-messaging.html#dom-messageport-start>:
    /// "enable this's port message queue, if it is not already enabled".
    /// Its first waiting message becomes a task, alone (the others follow
    /// it in the next round).
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
    /// held it is gone): its partner and the messages waiting in its queue
    /// (their steps, in order) go with it. Its partner, if here, stays
    /// entangled with it by id.
    pub fn ship_port(&mut self, port: PortId) -> (Option<PortId>, Vec<P>) {
        match self.ports.remove(&port) {
            Some(state) => (state.entangled, state.waiting.into_iter().map(|(_, _, steps)| steps).collect()),
            None => (None, Vec::new()),
        }
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
