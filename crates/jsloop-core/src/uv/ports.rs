//! MessagePorts on the loop, as Node's src/node_messaging.cc keeps them: an
//! async handle each (`uv_async_t`), an incoming message queue, and the
//! async handles' pass of the poll phase (`uv__async_io`).

use std::collections::VecDeque;

use super::run::{call, stopped};
use super::{CallbackKind, HostLoop, NodeHost, UvLoop};
use crate::trace::TraceEvent;

/// A MessagePort's async handle in this loop (Node's `MessagePort` is a
/// handle around a `uv_async_t`): numbered in the order the handles were
/// made, which is the order libuv runs pending async handles in.
pub type PortHandle = u64;

/// What waits in a port's incoming message queue.
pub(super) enum PortMessage<C> {
    /// A message, as the callback that delivers it.
    Message(C),
    /// The close message (Node's empty `Message`): the entangled port closed.
    Close,
}

/// Sets port `p`'s pending flag (`uv_async_send`), counted in `pending`
/// (`UvLoop::pending_ports`) if it was not set; true if it was not.
fn trigger<C>(p: &mut Port<C>, pending: &mut usize) -> bool {
    if !p.pending {
        p.pending = true;
        *pending += 1;
        return true;
    }
    false
}

/// A MessagePort as Node's src/node_messaging.cc keeps it: an incoming
/// message queue (`MessagePortData::incoming_messages_`), whether it is
/// receiving (`receiving_messages_`: started, and not stopped), its async
/// handle's pending flag and ref.
pub(super) struct Port<C> {
    queue: VecDeque<PortMessage<C>>,
    /// `uv_async_send` was called and the handle has not run since.
    pending: bool,
    receiving: bool,
    refed: bool,
    /// Run in the close phase once the port is closed (`uv_close`).
    close_callback: C,
}

impl<C: Clone, T: Clone> UvLoop<C, T> {
    /// A new MessagePort's async handle (`uv_async_init`), last in the
    /// order async handles run in; not referenced and not receiving (Node
    /// unrefs a port until it has a 'message' listener). `close_callback`
    /// runs in the close phase after the port is closed.
    pub fn open_port(&mut self, close_callback: C) -> PortHandle {
        let h = self.next_port;
        self.next_port += 1;
        let port =
            Port { queue: VecDeque::new(), pending: false, receiving: false, refed: false, close_callback };
        self.ports.insert(h, port);
        h
    }

    /// `AddToIncomingQueue` and `TriggerAsync`: a message for port `h`, run
    /// by `deliver` when the port's async handle next runs (the poll
    /// phase). False if the port is closed.
    pub fn port_post(&mut self, h: PortHandle, deliver: C) -> bool {
        self.port_send(h, deliver).is_some()
    }

    /// [`UvLoop::port_post`], saying whether the post set the port's
    /// pending flag (`Some(true)`: `uv_async_send` writes the loop's wake-up
    /// descriptor then, and only then); None if the port is closed. (One
    /// look-up of the port where asking [`UvLoop::port_is_pending`] first
    /// took two.)
    pub fn port_send(&mut self, h: PortHandle, deliver: C) -> Option<bool> {
        let p = self.ports.get_mut(&h)?;
        p.queue.push_back(PortMessage::Message(deliver));
        let triggered = trigger(p, &mut self.pending_ports);
        self.fed(h);
        if self.tracer.enabled() {
            let n = self.ports.get(&h).map_or(0, |p| p.queue.len());
            self.trace(TraceEvent::Note { text: format!("port #{h}: a message queued ({n} waiting)") });
        }
        Some(triggered)
    }

    /// Something was put in port `h`'s queue: if `on_message` is delivering
    /// its messages, it must look at the queue again after the callback.
    #[inline]
    fn fed(&mut self, h: PortHandle) {
        if let Some((d, _)) = &self.delivering {
            if *d == h {
                self.delivering_fed = true;
            }
        }
    }

    /// The entangled port closed (Node's `Disentangle`): a close message
    /// after the messages already queued; port `h` closes when it reaches it.
    pub fn port_post_close(&mut self, h: PortHandle) {
        if let Some(p) = self.ports.get_mut(&h) {
            p.queue.push_back(PortMessage::Close);
            trigger(p, &mut self.pending_ports);
            self.fed(h);
        }
    }

    /// `MessagePort::Start` (on) and `Stop` (off): whether the port delivers
    /// its messages; starting a port with messages waiting triggers it.
    pub fn set_port_receiving(&mut self, h: PortHandle, on: bool) {
        if let Some(p) = self.ports.get_mut(&h) {
            p.receiving = on;
            if on && !p.queue.is_empty() {
                trigger(p, &mut self.pending_ports);
            }
        }
    }

    /// `port.ref()` / `port.unref()`: a referenced port keeps the loop alive.
    pub fn set_port_ref(&mut self, h: PortHandle, on: bool) {
        if let Some(p) = self.ports.get_mut(&h) {
            if p.refed != on {
                p.refed = on;
                if on {
                    self.refed_port_count += 1;
                } else {
                    self.refed_port_count -= 1;
                }
            }
        }
    }

    /// Whether port `h`'s async handle is triggered and not yet run
    /// (libuv's `pending` flag: `uv_async_send` writes the loop's wake-up
    /// descriptor only when it sets it).
    pub fn port_is_pending(&self, h: PortHandle) -> bool {
        self.ports.get(&h).is_some_and(|p| p.pending)
    }

    /// `port.hasRef()`: referenced and not closed.
    pub fn port_has_ref(&self, h: PortHandle) -> bool {
        self.ports.get(&h).is_some_and(|p| p.refed)
    }

    /// Closes port `h` (`uv_close` of its async handle): its queue is
    /// dropped, it runs no more, and its close callback runs in the close
    /// phase. False if it was closed already.
    pub fn close_port(&mut self, h: PortHandle) -> bool {
        let Some(mut p) = self.ports.remove(&h) else { return false };
        if p.pending {
            self.pending_ports -= 1;
        }
        if let Some((d, rest)) = &mut self.delivering {
            if *d == h {
                *rest = Some(std::mem::take(&mut p.queue));
            }
        }
        if p.refed {
            self.refed_port_count -= 1;
        }
        if self.tracer.enabled() {
            self.trace(TraceEvent::Note {
                text: format!("port #{h} closed ({} message(s) dropped)", p.queue.len()),
            });
        }
        self.closing_handles.push_back(p.close_callback);
        true
    }

    /// The messages waiting on port `h`, taken (a port transferred
    /// elsewhere takes them along).
    pub fn take_port_queue(&mut self, h: PortHandle) -> Vec<C> {
        let Some(p) = self.ports.get_mut(&h) else { return Vec::new() };
        p.queue
            .drain(..)
            .filter_map(|m| match m {
                PortMessage::Message(c) => Some(c),
                PortMessage::Close => None,
            })
            .collect()
    }

    /// The first message waiting on port `h`, taken (Node's
    /// `receiveMessageOnPort` and `MessagePort::Drain`); None if there is
    /// none, or the close message is next.
    pub fn port_take_one(&mut self, h: PortHandle) -> Option<C> {
        let p = self.ports.get_mut(&h)?;
        match p.queue.front() {
            Some(PortMessage::Message(_)) => match p.queue.pop_front() {
                Some(PortMessage::Message(c)) => Some(c),
                _ => None,
            },
            _ => None,
        }
    }

    /// Whether a port's async handle has been triggered and not yet run
    /// (its wake-up makes poll return at once).
    pub(super) fn ports_pending(&self) -> bool {
        debug_assert_eq!(self.pending_ports, self.ports.values().filter(|p| p.pending).count());
        self.pending_ports > 0
    }
}

/// libuv's `uv__async_io` for the MessagePorts' async handles: one pass over
/// the handles made before `before`, in the order they were made, running each whose pending flag
/// is set (and clearing it). A port triggered during the pass runs in it if
/// its turn is still to come, else in the next poll phase. (libuv's
/// threadpool handle, made with the loop, comes first: the host's completed
/// requests were run just before.) Returns how many messages were delivered.
pub(super) fn run_async_handles<H: NodeHost>(lp: &HostLoop<H>, host: &H, before: PortHandle) -> usize {
    let mut delivered = 0;
    let mut cursor: PortHandle = 0;
    loop {
        let next = {
            let mut l = lp.borrow_mut();
            let l = &mut *l;
            // (None pending, the pass's last look: no search.)
            if l.pending_ports == 0 {
                break;
            }
            let found = l.ports.range_mut(cursor..before).find(|(_, p)| p.pending).map(|(h, p)| {
                p.pending = false;
                (*h, p.queue.len())
            });
            if found.is_some() {
                l.pending_ports -= 1;
            }
            found
        };
        let Some((h, waiting)) = next else { break };
        cursor = h + 1;
        delivered += on_message(lp, host, h, waiting);
        if stopped(lp, host) {
            break;
        }
    }
    delivered
}

/// Node's `MessagePort::OnMessage`: deliver every message in the port's
/// queue, each as a callback with nextTicks and microtasks after it, up to
/// as many as were waiting (at least 1000; the rest trigger the handle
/// again); stop at the close message (the port closes), when the port is
/// not receiving, when it was closed, or after a callback that threw (the
/// handle is triggered again).
///
/// `waiting` is the length of the port's queue as the pass found it.
fn on_message<H: NodeHost>(lp: &HostLoop<H>, host: &H, h: PortHandle, waiting: usize) -> usize {
    let mut left = waiting.max(1000);
    let mut delivered = 0;
    let mut last;
    lp.borrow_mut().delivering = Some((h, None));
    loop {
        let message = {
            let mut l = lp.borrow_mut();
            // Closed by one of its own messages' callbacks: the rest of its
            // queue is still emitted in this run.
            if let Some((_, Some(rest))) = &mut l.delivering {
                match rest.pop_front() {
                    Some(PortMessage::Message(c)) => {
                        drop(l);
                        delivered += 1;
                        call(lp, host, CallbackKind::PortMessage(h), c);
                        if stopped(lp, host) {
                            break;
                        }
                        continue;
                    }
                    _ => break,
                }
            }
            let l = &mut *l;
            let Some(p) = l.ports.get_mut(&h) else { break };
            if left == 0 {
                trigger(p, &mut l.pending_ports);
                break;
            }
            left -= 1;
            let message = match p.queue.front() {
                None => break,
                Some(PortMessage::Close) => {
                    p.queue.pop_front();
                    l.close_port(h);
                    break;
                }
                Some(PortMessage::Message(_)) if !p.receiving => break,
                Some(PortMessage::Message(_)) => match p.queue.pop_front() {
                    Some(PortMessage::Message(c)) => c,
                    _ => break,
                },
            };
            // (Whether this is the last message unless the callback puts
            // another in the queue: see `last` below.)
            last = p.queue.is_empty() && left > 0;
            l.delivering_fed = false;
            message
        };
        if lp.borrow().tracer.enabled() {
            lp.borrow_mut().trace(TraceEvent::Note { text: format!("port #{h} delivers a message") });
        }
        delivered += 1;
        let threw = call(lp, host, CallbackKind::PortMessage(h), message);
        if stopped(lp, host) {
            break;
        }
        if threw {
            let mut l = lp.borrow_mut();
            let l = &mut *l;
            if let Some(p) = l.ports.get_mut(&h) {
                trigger(p, &mut l.pending_ports);
            }
            break;
        }
        // The queue was empty after this message and nothing was put in it
        // since (port_send, port_post_close: the only ways in), with messages
        // still allowed: the next look would find it empty (or the port
        // closed, its rest empty) and end the run, so it ends here. (A
        // port ping-pong's every message: one look-up of the port less.)
        if last && !lp.borrow().delivering_fed {
            break;
        }
    }
    lp.borrow_mut().delivering = None;
    delivered
}
