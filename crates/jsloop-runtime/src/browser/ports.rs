//! The host functions behind `MessagePort` and `MessageChannel`
//! (`10_browser.js`): each port's message queue, its enabled flag and its
//! entanglement are the loop's (`jsloop_core::html::ports`), by the port's
//! process-wide id; the glue keeps the port objects and serializes.
//!
//! <https://html.spec.whatwg.org/multipage/web-messaging.html#message-ports>
use std::rc::Rc;
use std::sync::atomic::Ordering;

use rquickjs::{Array, Ctx, Function, Object, Value};

use super::{JsSteps, Shared};
use crate::quickjs::host_fn::Delivery;
use crate::quickjs::raw::Held;
use crate::threads::{buffers_to_js, WorkerEvent, NEXT_PORT_ID};

/// What the trace calls a port's message task.
pub(super) const MESSAGE_LABEL: &str = "MessagePort message";

/// Installs `portOpen`, `portEntangle`, `portEnable`,
/// `portClose`, `portTake`, `portReopen` and `portSettle` on `host`.
pub(super) fn install_port_functions<'js>(
    ctx: &Ctx<'js>,
    host: &Object<'js>,
    shared: &Rc<Shared>,
) -> rquickjs::Result<()> {
    // A new port of this realm (new MessageChannel, or a transferred one):
    // a process-wide id, and a disabled port message queue.
    let s = shared.clone();
    host.set(
        "portOpen",
        Function::new(ctx.clone(), move || -> f64 {
            let id = NEXT_PORT_ID.fetch_add(1, Ordering::SeqCst);
            s.lp.borrow_mut().open_port(id);
            id as f64
        })?,
    )?;
    // The MessageChannel constructor, step 3: entangle port1 and port2.
    let s = shared.clone();
    host.set(
        "portEntangle",
        Function::new(ctx.clone(), move |a: f64, b: f64| {
            s.lp.borrow_mut().entangle_ports(a as u64, b as u64)
        })?,
    )?;
    // (portPost, the message port post message steps' step 7, is a raw C
    // function: hot.rs.)
    // start(), and setting onmessage.
    let s = shared.clone();
    host.set(
        "portEnable",
        Function::new(ctx.clone(), move |id: f64| s.lp.borrow_mut().enable_port(id as u64))?,
    )?;
    // close().
    let s = shared.clone();
    host.set(
        "portClose",
        Function::new(ctx.clone(), move |id: f64| {
            s.port_fire.borrow_mut().forget(id as u64);
            s.lp.borrow_mut().close_port(id as u64)
        })?,
    )?;
    // Shipping a port to another realm: it leaves this loop, and the
    // messages waiting in its queue go with it, each as [0, data] (posted
    // here) or [1, record, buffers] (arrived serialized from elsewhere).
    let s = shared.clone();
    host.set(
        "portTake",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>, id: f64| -> rquickjs::Result<Array<'js>> {
            s.port_fire.borrow_mut().forget(id as u64);
            let (_, waiting) = s.lp.borrow_mut().ship_port(id as u64);
            let list = Array::new(ctx.clone())?;
            for steps in waiting {
                let entry = Array::new(ctx.clone())?;
                match steps {
                    JsSteps::PortMessage { data, .. } => {
                        entry.set(0, 0)?;
                        entry.set(1, data.value(&ctx)?)?;
                    }
                    JsSteps::Delivered(d) => {
                        let Some(Delivery::Worker(WorkerEvent::PortMessage { record, buffers, .. })) =
                            d.take()
                        else {
                            continue;
                        };
                        entry.set(0, 1)?;
                        entry.set(1, record)?;
                        entry.set(2, buffers_to_js(&ctx, buffers)?)?;
                    }
                    _ => continue,
                }
                list.set(list.len(), entry)?;
            }
            Ok(list)
        })?,
    )?;
    // A port transferred within this realm: a new object takes over its id
    // and a fresh (disabled) queue, entangled with the same partner; what
    // waited is now for the new object.
    let s = shared.clone();
    host.set(
        "portReopen",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>, id: f64, port: Object<'js>| {
            let id = id as u64;
            s.port_fire.borrow_mut().forget(id);
            let mut l = s.lp.borrow_mut();
            let (partner, waiting) = l.ship_port(id);
            reopen(&mut l, id, partner);
            for steps in waiting {
                let steps = match steps {
                    JsSteps::PortMessage { data, ports, .. } => {
                        // SAFETY: port is a live object of ctx.
                        let port = unsafe { Held::dup(ctx.as_raw().as_ptr(), port.as_raw()) };
                        JsSteps::PortMessage { id, port, data, ports }
                    }
                    other => other,
                };
                l.queue_port_message(id, MESSAGE_LABEL, None, steps);
            }
        })?,
    )?;
    // A port arrived from another realm (`adopt`), entangled with `partner`
    // (here or elsewhere); `queued` are the messages it carried, which go
    // ahead of any that reached it before it did.
    let s = shared.clone();
    host.set(
        "portSettle",
        Function::new(
            ctx.clone(),
            move |ctx: Ctx<'js>, id: f64, partner: Option<f64>, port: Object<'js>, queued: Array<'js>| {
                let id = id as u64;
                s.port_fire.borrow_mut().forget(id);
                let mut l = s.lp.borrow_mut();
                let (_, arrived) = l.ship_port(id);
                reopen(&mut l, id, partner.map(|p| p as u64));
                let empty = Array::new(ctx.clone())?.into_value();
                let raw = ctx.as_raw().as_ptr();
                for data in queued.iter::<Value>() {
                    let data = data?;
                    // SAFETY: live values of ctx, each with a new reference.
                    let steps = unsafe {
                        JsSteps::PortMessage {
                            id,
                            port: Held::dup(raw, port.as_raw()),
                            data: Held::dup(raw, data.as_raw()),
                            ports: Held::dup(raw, empty.as_raw()),
                        }
                    };
                    l.queue_port_message(id, MESSAGE_LABEL, None, steps);
                }
                for steps in arrived {
                    l.queue_port_message(id, MESSAGE_LABEL, None, steps);
                }
                Ok::<(), rquickjs::Error>(())
            },
        )?,
    )?;
    Ok(())
}

/// Port `id` opened again in this loop with a fresh (disabled) queue,
/// entangled with `partner` if it has one.
fn reopen(l: &mut jsloop_core::html::EventLoop<JsSteps>, id: u64, partner: Option<u64>) {
    l.open_port(id);
    if let Some(p) = partner {
        l.entangle_ports(id, p);
    }
}
