//! MessagePorts in the node host (Node's `src/node_messaging.cc`): each port
//! of this loop is an async handle of the loop with its incoming message
//! queue in the core (`uv::UvLoop::open_port`).
use std::rc::Rc;

use jsloop_core::uv::{self};
use rquickjs::{Array, Ctx, Function, Object};

use super::{NodeCallback, Shared};
use rustc_hash::FxHashMap as HashMap;

/// A message on its way to a port: its process-wide id, the serialized
/// value and its buffers. (A primitive posted to a port of this thread is
/// no record: [`NodeCallback::PortValue`].)
pub struct PortRecord {
    /// The port's process-wide id.
    pub port: u64,
    /// The serialized value (05_serialize.js's record).
    pub record: String,
    /// The bytes of the ArrayBuffers in it.
    pub buffers: Vec<Vec<u8>>,
}

/// The MessagePorts that live in this loop (Node: a `MessagePort` handle
/// each), by process-wide port id.
#[derive(Default)]
pub(crate) struct LocalPorts {
    /// Port id → its async handle in the loop.
    pub handles: HashMap<u64, uv::PortHandle>,
    /// Port id → its entangled port's id, while both are entangled.
    pub entangled: HashMap<u64, u64>,
    /// Messages that arrived for a port not yet here (its transfer is
    /// still on its way), in order.
    pub waiting: HashMap<u64, Vec<Rc<PortRecord>>>,
}

/// A message for a port of this loop: into its incoming queue, or held
/// until the port arrives (a transferred port whose message came first).
pub(super) fn post_to_local_port(shared: &Shared, m: Rc<PortRecord>) {
    let handle = shared.ports.borrow().handles.get(&m.port).copied();
    match handle {
        Some(h) => post_to_handle(shared, h, NodeCallback::PortMessage(m)),
        None => shared.ports.borrow_mut().waiting.entry(m.port).or_default().push(m),
    }
}

/// A primitive for port `port` of this loop, posted from this thread (its
/// own clone: no record, no allocation), into the port's incoming queue.
/// False if the port is not here (the caller serializes it then).
pub(super) fn post_value_to_local_port(shared: &Shared, port: u64, value: crate::quickjs::raw::Held) -> bool {
    let handle = shared.ports.borrow().handles.get(&port).copied();
    let Some(h) = handle else { return false };
    post_to_handle(shared, h, NodeCallback::PortValue(port, value));
    true
}

/// Into the incoming queue of the port whose async handle is `h`, which is
/// triggered (`uv_async_send`) unless it is already.
fn post_to_handle(shared: &Shared, h: uv::PortHandle, m: NodeCallback) {
    // (A closed port's post wakes the loop as before: only a port whose
    // flag was set already does not.)
    let triggered = shared.lp.borrow_mut().port_send(h, m);
    if triggered != Some(false) {
        trigger_async(shared);
    }
}

/// libuv's `uv_async_send` when it sets a handle's pending flag: a write
/// to the loop's wake-up descriptor, so that epoll reports it among the
/// sockets in the order they became ready (the async pass runs at its
/// place: `UvLoop`'s poll phase).
fn trigger_async(shared: &Shared) {
    shared.io.wake_self();
}

/// Port `port` of this loop closed (Node's `MessagePort::OnClose`, then
/// `Disentangle`): the port it was entangled with gets a close message after
/// the messages already queued, here or in the loop that owns it now.
pub(super) fn disentangle(shared: &Shared, port: u64) {
    let (other, local) = {
        let mut ports = shared.ports.borrow_mut();
        ports.handles.remove(&port);
        let Some(other) = ports.entangled.remove(&port) else { return };
        if ports.entangled.get(&other) == Some(&port) {
            ports.entangled.remove(&other);
        }
        (other, ports.handles.get(&other).copied())
    };
    match local {
        // Node's Disentangle: the close message goes into the partner's
        // queue with AddToIncomingQueue, whose TriggerAsync is uv_async_send.
        Some(h) => {
            let was_pending = shared.lp.borrow().port_is_pending(h);
            shared.lp.borrow_mut().port_post_close(h);
            if !was_pending {
                trigger_async(shared);
            }
        }
        None => {
            let home =
                crate::threads::port_homes().lock().unwrap_or_else(|e| e.into_inner()).get(&other).cloned();
            if let Some(home) = home {
                let event = crate::threads::WorkerEvent::PortClose { port: other };
                crate::threads::send(
                    &home,
                    jsloop_core::TaskSource::PostedMessage,
                    "a MessagePort's partner closed",
                    event,
                );
            }
        }
    }
}

/// The close message for port `port` of this loop, from another thread.
pub(super) fn partner_closed(shared: &Shared, port: u64) {
    let h = {
        let mut ports = shared.ports.borrow_mut();
        ports.entangled.remove(&port);
        ports.handles.get(&port).copied()
    };
    if let Some(h) = h {
        shared.lp.borrow_mut().port_post_close(h);
    }
}

/// The loop ends (a worker thread's exit): every port still open here is
/// closed, so the ports entangled with them in other threads close too.
pub(crate) fn close_all(shared: &Shared) {
    let open: Vec<u64> = shared.ports.borrow().handles.keys().copied().collect();
    for port in open {
        disentangle(shared, port);
    }
}

/// A message taken from a port's queue, for script: `[record, buffers]`,
/// or `[value]` for a primitive posted by this thread (not serialized);
/// None for what is no message.
fn message_to_js<'js>(ctx: &Ctx<'js>, m: &NodeCallback) -> rquickjs::Result<Option<Array<'js>>> {
    let pair = Array::new(ctx.clone())?;
    match m {
        NodeCallback::PortValue(_, value) => pair.set(0, value.value(ctx)?)?,
        NodeCallback::PortMessage(m) => {
            pair.set(0, m.record.as_str())?;
            pair.set(1, crate::threads::buffers_to_js(ctx, m.buffers.clone())?)?;
        }
        _ => return Ok(None),
    }
    Ok(Some(pair))
}

/// MessagePorts in the node host (Node's src/node_messaging.cc): each port
/// of this loop is an async handle of the loop with its incoming message
/// queue in the core (`uv::UvLoop::open_port`); a message to a port of this
/// loop goes straight into its queue, one to a port of another thread
/// through that loop's inbox (and into the port's queue when it arrives).
pub(super) fn install_ports<'js>(
    ctx: &Ctx<'js>,
    host: &Object<'js>,
    shared: &Rc<Shared>,
) -> rquickjs::Result<()> {
    use crate::threads::{bytes_of, port_homes, ship_ports, NEXT_PORT_ID};
    use std::sync::atomic::Ordering;
    let open = |shared: &Rc<Shared>, id: u64| {
        let h = shared.lp.borrow_mut().open_port(NodeCallback::PortClosed(id));
        shared.ports.borrow_mut().handles.insert(id, h);
        port_homes().lock().unwrap_or_else(|e| e.into_inner()).insert(id, shared.inbox.sender());
    };
    let handle = |shared: &Shared, id: f64| shared.ports.borrow().handles.get(&(id as u64)).copied();
    let s = shared.clone();
    host.set(
        "newPortId",
        Function::new(ctx.clone(), move || -> f64 {
            let id = NEXT_PORT_ID.fetch_add(1, Ordering::SeqCst);
            open(&s, id);
            id as f64
        })?,
    )?;
    let s = shared.clone();
    host.set(
        "entanglePorts",
        Function::new(ctx.clone(), move |a: f64, b: f64| {
            let mut ports = s.ports.borrow_mut();
            ports.entangled.insert(a as u64, b as u64);
            ports.entangled.insert(b as u64, a as u64);
        })?,
    )?;
    // A port transferred here: a new handle (last in the order), then
    // (settlePort) the messages it brought, then those that came first.
    let s = shared.clone();
    // The port stays entangled with its partner wherever that lives (Node's
    // MessagePortData keeps its sibling across transfers).
    host.set(
        "adoptPort",
        Function::new(ctx.clone(), move |id: f64, partner: Option<f64>| {
            let id = id as u64;
            open(&s, id);
            if let Some(partner) = partner {
                let mut ports = s.ports.borrow_mut();
                ports.entangled.insert(id, partner as u64);
                if ports.handles.contains_key(&(partner as u64)) {
                    ports.entangled.insert(partner as u64, id);
                }
            }
        })?,
    )?;
    let s = shared.clone();
    host.set(
        "settlePort",
        Function::new(ctx.clone(), move |id: f64, records: Vec<Array<'js>>| -> rquickjs::Result<()> {
            let port = id as u64;
            for r in records {
                let record: String = r.get(0)?;
                let buffers = bytes_of(&r.get::<Array>(1)?);
                post_to_local_port(&s, Rc::new(PortRecord { port, record, buffers }));
            }
            let waiting = s.ports.borrow_mut().waiting.remove(&port).unwrap_or_default();
            for m in waiting {
                post_to_local_port(&s, m);
            }
            Ok(())
        })?,
    )?;
    let s = shared.clone();
    host.set(
        "postToPort",
        Function::new(
            ctx.clone(),
            move |target: f64, record: String, buffers: Array<'js>, ports: Vec<f64>| {
                let port = target as u64;
                let buffers = bytes_of(&buffers);
                if s.ports.borrow().handles.contains_key(&port) {
                    ship_ports(&ports, &s.inbox.sender());
                    post_to_local_port(&s, Rc::new(PortRecord { port, record, buffers }));
                    return;
                }
                let home = port_homes().lock().unwrap_or_else(|e| e.into_inner()).get(&port).cloned();
                if let Some(home) = home {
                    ship_ports(&ports, &home);
                    let event = crate::threads::WorkerEvent::PortMessage { port, record, buffers };
                    crate::threads::send(
                        &home,
                        jsloop_core::TaskSource::PostedMessage,
                        "MessagePort message from another thread",
                        event,
                    );
                }
            },
        )?,
    )?;
    // (postValueToPort, a primitive to a port of this thread, is a raw C
    // function: hot.rs.)
    let s = shared.clone();
    host.set(
        "portReceiving",
        Function::new(ctx.clone(), move |id: f64, on: bool| {
            if let Some(h) = handle(&s, id) {
                let was_pending = s.lp.borrow().port_is_pending(h);
                s.lp.borrow_mut().set_port_receiving(h, on);
                if !was_pending && s.lp.borrow().port_is_pending(h) {
                    trigger_async(&s);
                }
            }
        })?,
    )?;
    let s = shared.clone();
    host.set(
        "portRef",
        Function::new(ctx.clone(), move |id: f64, on: bool| {
            if let Some(h) = handle(&s, id) {
                s.lp.borrow_mut().set_port_ref(h, on);
            }
        })?,
    )?;
    let s = shared.clone();
    host.set(
        "portHasRef",
        Function::new(ctx.clone(), move |id: f64| {
            handle(&s, id).is_some_and(|h| s.lp.borrow().port_has_ref(h))
        })?,
    )?;
    let s = shared.clone();
    host.set(
        "portClose",
        Function::new(ctx.clone(), move |id: f64| {
            if let Some(h) = handle(&s, id) {
                s.lp.borrow_mut().close_port(h);
            }
        })?,
    )?;
    // receiveMessageOnPort (and Drain): the first message waiting on the
    // port, taken, as [record, buffers]; null if none.
    let s = shared.clone();
    host.set(
        "portTakeOne",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>, id: f64| -> rquickjs::Result<Option<Array<'js>>> {
            let Some(h) = handle(&s, id) else { return Ok(None) };
            let taken = s.lp.borrow_mut().port_take_one(h);
            let Some(m) = taken else { return Ok(None) };
            message_to_js(&ctx, &m)
        })?,
    )?;
    // A port transferred away: the messages waiting on it, taken (they go
    // with it), and its handle closed here without disentangling it.
    let s = shared.clone();
    host.set(
        "shipPort",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>, id: f64| -> rquickjs::Result<Array<'js>> {
            s.port_fire.borrow_mut().forget(id as u64);
            let out = Array::new(ctx.clone())?;
            let Some(h) = handle(&s, id) else { return Ok(out) };
            {
                // Gone from here at once: a message posted to it from now on
                // follows it to its new home.
                let mut ports = s.ports.borrow_mut();
                ports.entangled.remove(&(id as u64));
                ports.handles.remove(&(id as u64));
            }
            let queued = s.lp.borrow_mut().take_port_queue(h);
            for (i, m) in queued.iter().enumerate() {
                if let Some(m) = message_to_js(&ctx, m)? {
                    out.set(i, m)?;
                }
            }
            s.lp.borrow_mut().close_port(h);
            Ok(out)
        })?,
    )?;
    Ok(())
}
