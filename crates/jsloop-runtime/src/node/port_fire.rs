//! A port's `'message'` for a primitive posted on this thread, called by
//! the host itself (issue 15, item 3): when a `MessagePort`'s one
//! `'message'` listener is its `onmessage` wrapper, the poll phase makes
//! the event and calls the handler from Rust, with no JavaScript between.
//!
//! The glue's `portValueMessage` (js/44_worker_threads.js) delivers a
//! port's first such message the general way (`emitOne`: EventEmitter's
//! `emit` for one listener function); then, when the port's `'message'`
//! listener is its `onmessage` wrapper alone, it hands the host what the
//! next delivery reads (`host.portValueFire`). Each next message checks,
//! before it takes this path, what `emitOne` and the wrapper check or
//! read: the port's `emit` is still EventEmitter's own, its `_events`
//! object's `message` is still that wrapper (so no other listener), the
//! port has not moved to a vm context, and the handler is a function whose
//! `call` is `Function.prototype.call`; anything else is the glue's way
//! again (which registers anew). What script observes is what the glue
//! does: the handler called with the port as `this` and a new
//! `PortMessageEvent` (`type`, `data`, `target`, `ports` own data
//! properties, in that order; `ports` the glue's current list of received
//! ports), and a result that is not undefined or null watched for a
//! rejection as `emit` does (the glue's `watch`).
//!
//! <https://nodejs.org/docs/latest-v24.x/api/worker_threads.html#event-message>
use std::collections::HashMap;
use std::ffi::c_int;

use rquickjs::qjs;

use super::host::NodeJsHost;
use crate::quickjs::raw::{arg, is_function, Held};

/// An atom the host keeps (one reference, freed when dropped).
struct Atom {
    rt: *mut qjs::JSRuntime,
    atom: qjs::JSAtom,
}

impl Atom {
    /// # Safety
    /// `ctx` must be a live context.
    unsafe fn new(ctx: *mut qjs::JSContext, name: &std::ffi::CStr) -> Atom {
        unsafe { Atom { rt: qjs::JS_GetRuntime(ctx), atom: qjs::JS_NewAtom(ctx, name.as_ptr()) } }
    }
}

impl Drop for Atom {
    fn drop(&mut self) {
        // SAFETY: the reference this atom holds, freed once while the
        // runtime lives (the session clears its PortFire first).
        unsafe { qjs::JS_FreeAtomRT(self.rt, self.atom) };
    }
}

/// What every delivery this way reads (the glue's, handed over with the
/// first registration), and the names it reads.
struct Kit {
    /// EventEmitter's own `emit`.
    own_emit: Held,
    /// `Function.prototype.call`.
    call: Held,
    /// `PortMessageEvent.prototype`.
    proto: Held,
    /// The glue's holder of the ports the message being delivered carried.
    receiving: Held,
    /// `(port, result, value)`: emit's rejection watch of a result.
    watch: Held,
    /// The string `message`.
    message: Held,
    names: Names,
}

struct Names {
    emit: Atom,
    events: Atom,
    message: Atom,
    moved: Atom,
    call: Atom,
    type_: Atom,
    data: Atom,
    target: Atom,
    ports: Atom,
}

/// One port whose value messages the host delivers.
struct Entry {
    port: Held,
    /// Its glue state (`portState`'s object).
    state: Held,
    /// Its `onmessage` wrapper, the `'message'` listener.
    wrapper: Held,
    /// Its handlers by type (`s.handlers`).
    handlers: Held,
}

/// The ports whose value messages the host delivers itself, by port id.
#[derive(Default)]
pub(crate) struct PortFire {
    kit: Option<Kit>,
    ports: HashMap<u64, Entry>,
}

impl PortFire {
    /// Lets go of every value (before the runtime goes).
    pub(crate) fn clear(&mut self) {
        self.ports.clear();
        self.kit = None;
    }

    /// Port `id` closed or left this thread: the glue's way from now on.
    pub(crate) fn forget(&mut self, id: u64) {
        self.ports.remove(&id);
    }
}

/// `host.portValueFire(id, port, state, wrapper, handlers, ownEmit,
/// call, proto, receiving, watch)`: from now on the host delivers port
/// `id`'s value messages itself while its `'message'` listener is
/// `wrapper` alone (see the module's note).
///
/// # Safety
/// As any raw function: called by QuickJS with `argc` values at `argv`.
pub(super) unsafe extern "C" fn register(
    ctx: *mut qjs::JSContext,
    _this: qjs::JSValue,
    argc: c_int,
    argv: *mut qjs::JSValue,
) -> qjs::JSValue {
    super::hot::guarded(ctx, || unsafe {
        let Some(s) = super::hot::shared(ctx) else { return super::hot::misuse(ctx) };
        let Some(id) = crate::quickjs::raw::number(arg(argc, argv, 0)) else {
            return super::hot::misuse(ctx);
        };
        let a = |i| arg(argc, argv, i);
        for i in [1, 2, 4, 7, 8] {
            if !qjs::JS_IsObject(a(i)) {
                return super::hot::misuse(ctx);
            }
        }
        for i in [3, 5, 6, 9] {
            if !is_function(ctx, a(i)) {
                return super::hot::misuse(ctx);
            }
        }
        let mut fire = s.port_fire.borrow_mut();
        if fire.kit.is_none() {
            let v = qjs::JS_NewStringLen(ctx, c"message".as_ptr(), 7);
            let message = Held::dup(ctx, v);
            qjs::JS_FreeValue(ctx, v);
            fire.kit = Some(Kit {
                own_emit: Held::dup(ctx, a(5)),
                call: Held::dup(ctx, a(6)),
                proto: Held::dup(ctx, a(7)),
                receiving: Held::dup(ctx, a(8)),
                watch: Held::dup(ctx, a(9)),
                message,
                names: Names {
                    emit: Atom::new(ctx, c"emit"),
                    events: Atom::new(ctx, c"_events"),
                    message: Atom::new(ctx, c"message"),
                    moved: Atom::new(ctx, c"moved"),
                    call: Atom::new(ctx, c"call"),
                    type_: Atom::new(ctx, c"type"),
                    data: Atom::new(ctx, c"data"),
                    target: Atom::new(ctx, c"target"),
                    ports: Atom::new(ctx, c"ports"),
                },
            });
        }
        let entry = Entry {
            port: Held::dup(ctx, a(1)),
            state: Held::dup(ctx, a(2)),
            wrapper: Held::dup(ctx, a(3)),
            handlers: Held::dup(ctx, a(4)),
        };
        let old = fire.ports.insert(id as u64, entry);
        drop(fire);
        // (An entry replaced lets go of its values after the borrow.)
        drop(old);
        qjs::JS_UNDEFINED
    })
}

/// Reads `obj[atom]` and tells whether it is `expected` (the value read is freed).
///
/// # Safety
/// `ctx` live, `obj` a live value of its runtime.
unsafe fn property_is(
    ctx: *mut qjs::JSContext,
    obj: qjs::JSValue,
    atom: qjs::JSAtom,
    expected: &Held,
) -> bool {
    unsafe {
        let v = qjs::JS_GetProperty(ctx, obj, atom);
        let same = expected.is(v);
        qjs::JS_FreeValue(ctx, v);
        same
    }
}

/// Delivers port `id`'s value message the host's way, if the port is
/// registered and still as it was; false if the glue must deliver it.
pub(super) fn fire(host: &NodeJsHost<'_>, id: u64, value: qjs::JSValue) -> bool {
    let ctx = host.ctx.as_raw().as_ptr();
    // SAFETY: ctx is the live context of the running callback; every value
    // below is a live value of its runtime (the message holds value; the
    // entry and the kit hold theirs, and what is used while script runs
    // has a reference of its own).
    unsafe {
        let fire = host.shared.port_fire.borrow();
        let (Some(kit), Some(entry)) = (fire.kit.as_ref(), fire.ports.get(&id)) else { return false };
        let n = &kit.names;
        let port = entry.port.get();
        // emitOne's checks: emit is EventEmitter's own, and the one
        // 'message' listener is the onmessage wrapper; the port has not
        // moved (portValueMessage's check).
        let events = qjs::JS_GetProperty(ctx, port, n.events.atom);
        let ok = property_is(ctx, port, n.emit.atom, &kit.own_emit)
            && qjs::JS_IsObject(events)
            && property_is(ctx, events, n.message.atom, &entry.wrapper)
            && {
                let moved = qjs::JS_GetProperty(ctx, entry.state.get(), n.moved.atom);
                let none = qjs::JS_IsUndefined(moved);
                qjs::JS_FreeValue(ctx, moved);
                none
            };
        qjs::JS_FreeValue(ctx, events);
        // The wrapper's `s.handlers.message.call(port, event)`: a function
        // whose call is Function.prototype.call.
        let handler = if ok {
            qjs::JS_GetProperty(ctx, entry.handlers.get(), n.message.atom)
        } else {
            qjs::JS_UNDEFINED
        };
        if !is_function(ctx, handler) || !property_is(ctx, handler, n.call.atom, &kit.call) {
            qjs::JS_FreeValue(ctx, handler);
            if qjs::JS_HasException(ctx) {
                let e = qjs::JS_GetException(ctx);
                qjs::JS_FreeValue(ctx, e);
            }
            drop(fire);
            host.shared.port_fire.borrow_mut().forget(id);
            return false;
        }
        // new PortMessageEvent('message', value, port, receivingPorts).
        let d = |v: qjs::JSValue| qjs::JS_DupValue(ctx, v);
        let event = qjs::JS_NewObjectProto(ctx, kit.proto.get());
        let ports = qjs::JS_GetPropertyUint32(ctx, kit.receiving.get(), 0);
        let port = d(port);
        let watch = d(kit.watch.get());
        let flags = qjs::JS_PROP_C_W_E as c_int;
        let made = !qjs::JS_IsException(event)
            && qjs::JS_DefinePropertyValue(ctx, event, n.type_.atom, d(kit.message.get()), flags) >= 0
            && qjs::JS_DefinePropertyValue(ctx, event, n.data.atom, d(value), flags) >= 0
            && qjs::JS_DefinePropertyValue(ctx, event, n.target.atom, d(port), flags) >= 0
            && qjs::JS_DefinePropertyValue(ctx, event, n.ports.atom, ports, flags) >= 0;
        drop(fire);
        if !made {
            for v in [event, handler, port, watch] {
                qjs::JS_FreeValue(ctx, v);
            }
            host.uncaught();
            return true;
        }
        let mut args = [event];
        let result = qjs::JS_Call(ctx, handler, port, 1, args.as_mut_ptr());
        qjs::JS_FreeValue(ctx, event);
        qjs::JS_FreeValue(ctx, handler);
        if qjs::JS_IsException(result) {
            qjs::JS_FreeValue(ctx, port);
            qjs::JS_FreeValue(ctx, watch);
            host.uncaught();
            return true;
        }
        // emit: a result that is not undefined or null is watched for a
        // rejection (captureRejections).
        if !qjs::JS_IsUndefined(result) && !qjs::JS_IsNull(result) {
            let mut args = [port, result, value];
            let r = qjs::JS_Call(ctx, watch, qjs::JS_UNDEFINED, 3, args.as_mut_ptr());
            if qjs::JS_IsException(r) {
                host.uncaught();
            } else {
                qjs::JS_FreeValue(ctx, r);
            }
        }
        for v in [result, port, watch] {
            qjs::JS_FreeValue(ctx, v);
        }
        true
    }
}
