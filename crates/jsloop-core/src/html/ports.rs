//! Message ports' queues.
//!
//! <https://html.spec.whatwg.org/multipage/web-messaging.html#message-ports>
//!
//! Every `MessagePort` has a port message queue: a task source of its own,
//! disabled when the port is made and enabled once and for good by
//! `start()` (or by setting `onmessage`). The loop keeps each port's queue,
//! its enabled flag and the port it is entangled with, by a process-wide
//! [`PortId`] the host hands out; the host keeps the port objects script
//! sees. A message posted to an enabled port's queue is a task on the
//! posted message task source at once; one posted to a disabled queue
//! waits there, in order, until the queue is enabled (jsloop's selection
//! policy then queues the waiting messages, in order, as tasks at that
//! moment, so an enabled port message queue is one FIFO source among the
//! others, see [`crate::task::TaskQueues`]).
//!
//! A port's partner may live in another loop (a worker's): the loop only
//! knows its id, and [`EventLoop::has_port`] tells the host which ports are
//! here. Shipping a port (transferring it in a message) takes it out of
//! this loop with the messages waiting in its queue; the loop that receives
//! the message opens it again under the same id.
use std::collections::VecDeque;

use rustc_hash::FxHashMap as HashMap;

use super::EventLoop;
use crate::task::{Origin, TaskSource};
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
    /// The port message queue while it is disabled: (label, origin, steps).
    waiting: VecDeque<(String, Option<Origin>, P)>,
}

impl<P> Default for MessagePortState<P> {
    fn default() -> Self {
        MessagePortState { enabled: false, closed: false, entangled: None, waiting: VecDeque::new() }
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
        label: impl Into<String>,
        origin: Option<Origin>,
        steps: P,
    ) -> bool {
        let Some(state) = self.ports.get_mut(&port) else { return false };
        if state.closed {
            return false;
        }
        if !state.enabled {
            state.waiting.push_back((label.into(), origin, steps));
            let n = state.waiting.len();
            if self.tracer.enabled() {
                self.trace(TraceEvent::Note {
                    text: format!(
                        "port #{port}: a message waits in its disabled port message queue ({n} waiting)"
                    ),
                });
            }
            return true;
        }
        self.queue_task(TaskSource::PostedMessage, label, origin, steps);
        true
    }

    /// <https://html.spec.whatwg.org/multipage/web-messaging.html#dom-messageport-start>:
    /// "enable this's port message queue, if it is not already enabled".
    /// What waits in it joins the loop's task queues, in order.
    pub fn enable_port(&mut self, port: PortId) {
        let Some(state) = self.ports.get_mut(&port) else { return };
        if state.enabled {
            return;
        }
        state.enabled = true;
        let waiting: Vec<_> = state.waiting.drain(..).collect();
        if self.tracer.enabled() {
            self.trace(TraceEvent::Note {
                text: format!(
                    "port #{port}: its port message queue is enabled ({} message(s) queued)",
                    waiting.len()
                ),
            });
        }
        for (label, origin, steps) in waiting {
            self.queue_task(TaskSource::PostedMessage, label, origin, steps);
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

    /// How many messages wait in `port`'s disabled queue.
    pub fn port_messages_waiting(&self, port: PortId) -> usize {
        self.ports.get(&port).map_or(0, |s| s.waiting.len())
    }
}
