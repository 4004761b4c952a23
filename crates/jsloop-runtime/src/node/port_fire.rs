//! A port's `'message'` for a primitive posted on this thread, called by
//! the host itself (issue 15, item 3): when a `MessagePort`'s one
//! `'message'` listener is its `onmessage` wrapper, the poll phase makes
//! the event and calls the handler from Rust, with no JavaScript between.
//!
//! The glue's `portValueMessage` (js/44_worker_threads.js) delivers a
//! port's first such message the general way (`dispatchPort`, Node's
//! NodeEventTarget dispatch, which never reads the port's `emit`); then,
//! when the port's `'message'` listener is its `onmessage` wrapper alone,
//! it hands the host what the next delivery reads (`host.portValueFire`).
//! Each next message checks, before it takes this path, what the dispatch
//! and the wrapper read: the port's `_events` object's `message` is still
//! that wrapper (so no other listener), the port has not moved to a vm
//! context, and the handler is a function whose `call` is
//! `Function.prototype.call`; anything else is the glue's way again (which
//! registers anew). What script observes is what the glue does: the
//! handler called with the port as `this` and a new `MessageEvent` (the
//! glue's `make`: Node's kCreateEvent, lib/internal/worker/io.js, with the
//! glue's current list of received ports as its `ports`, the port as its
//! target and being dispatched until the handler returns); an exception it
//! throws is handed to the glue's `report` (thrown again on the next tick,
//! Node's emitUncaughtException in lib/internal/event_target.js), and a
//! result that is not undefined or null to the glue's `watch` (Node's
//! addCatch: a thenable's rejection is reported the same way).
//!
//! <https://nodejs.org/docs/latest-v24.x/api/worker_threads.html#event-message>
use std::ffi::c_int;

use rquickjs::qjs;

use super::host::NodeJsHost;
use crate::quickjs::raw::{
    arg, is_function, port_state_kit, registration, Held, HeldAtom, HeldAtom as Atom, PortTable,
};

/// What every delivery this way reads (the glue's, handed over with the
/// first registration), and the names it reads.
pub(crate) struct Kit {
    /// `(error)`: an error a handler threw, thrown again on the next tick.
    report: Held,
    /// `Function.prototype.call`.
    call: Held,
    /// `(type, data, ports, target)`: a port's MessageEvent, being dispatched.
    make: Held,
    /// Event's "being dispatched" field (Node's kIsBeingDispatched symbol),
    /// cleared when the handler returns.
    dispatching: Atom,
    /// The glue's holder of the ports the message being delivered carried.
    receiving: Held,
    /// `(port, result, value)`: emit's rejection watch of a result.
    watch: Held,
    /// The string `message`.
    message: Held,
    names: Names,
}

struct Names {
    events: Atom,
    message: Atom,
    moved: Atom,
    call: Atom,
}

/// One port whose value messages the host delivers.
pub(crate) struct Entry {
    port: Held,
    /// Its glue state (`portState`'s object).
    state: Held,
    /// Its `onmessage` wrapper, the `'message'` listener.
    wrapper: Held,
    /// Its handlers by type (`s.handlers`).
    handlers: Held,
}

/// The ports whose value messages the host delivers itself, by port id.
pub(crate) type PortFire = PortTable<Kit, Entry>;

/// `host.portValueFire(id, port, state, wrapper, handlers, report,
/// call, make, receiving, watch, kIsBeingDispatched)`: from now on the host delivers port
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
        let Some(id) = registration(ctx, argc, argv, &[1, 2, 4, 8], &[3, 5, 6, 7, 9]) else {
            return super::hot::misuse(ctx);
        };
        let a = |i| arg(argc, argv, i);
        if !qjs::JS_IsSymbol(a(10)) {
            return super::hot::misuse(ctx);
        }
        let mut fire = s.port_fire.borrow_mut();
        if fire.kit.is_none() {
            let v = qjs::JS_NewStringLen(ctx, c"message".as_ptr(), 7);
            let message = Held::dup(ctx, v);
            qjs::JS_FreeValue(ctx, v);
            fire.kit = Some(Kit {
                report: Held::dup(ctx, a(5)),
                call: Held::dup(ctx, a(6)),
                make: Held::dup(ctx, a(7)),
                dispatching: {
                    let atom = qjs::JS_ValueToAtom(ctx, a(10));
                    let held = Atom::dup(ctx, atom);
                    qjs::JS_FreeAtom(ctx, atom);
                    held
                },
                receiving: Held::dup(ctx, a(8)),
                watch: Held::dup(ctx, a(9)),
                message,
                names: Names {
                    events: Atom::new(ctx, c"_events"),
                    message: Atom::new(ctx, c"message"),
                    moved: Atom::new(ctx, c"moved"),
                    call: Atom::new(ctx, c"call"),
                },
            });
        }
        let entry = Entry {
            port: Held::dup(ctx, a(1)),
            state: Held::dup(ctx, a(2)),
            wrapper: Held::dup(ctx, a(3)),
            handlers: Held::dup(ctx, a(4)),
        };
        let old = fire.ports.insert(id, entry);
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
        let Some((kit, entry)) = fire.get(id) else { return false };
        let n = &kit.names;
        let port = entry.port.get();
        // The dispatch's check: the one 'message' listener is the
        // onmessage wrapper; the port has not moved (portValueMessage's
        // check).
        let events = qjs::JS_GetProperty(ctx, port, n.events.get());
        let ok = qjs::JS_IsObject(events) && property_is(ctx, events, n.message.get(), &entry.wrapper) && {
            let moved = qjs::JS_GetProperty(ctx, entry.state.get(), n.moved.get());
            let none = qjs::JS_IsUndefined(moved);
            qjs::JS_FreeValue(ctx, moved);
            none
        };
        qjs::JS_FreeValue(ctx, events);
        // The wrapper's `s.handlers.message.call(port, event)`: a function
        // whose call is Function.prototype.call.
        let handler = if ok {
            qjs::JS_GetProperty(ctx, entry.handlers.get(), n.message.get())
        } else {
            qjs::JS_UNDEFINED
        };
        if !is_function(ctx, handler) || !property_is(ctx, handler, n.call.get(), &kit.call) {
            qjs::JS_FreeValue(ctx, handler);
            if qjs::JS_HasException(ctx) {
                let e = qjs::JS_GetException(ctx);
                qjs::JS_FreeValue(ctx, e);
            }
            drop(fire);
            host.shared.port_fire.borrow_mut().forget(id);
            return false;
        }
        // make('message', value, receivingPorts, port): the MessageEvent.
        let d = |v: qjs::JSValue| qjs::JS_DupValue(ctx, v);
        let ports = qjs::JS_GetPropertyUint32(ctx, kit.receiving.get(), 0);
        let port = d(port);
        let watch = d(kit.watch.get());
        let report = d(kit.report.get());
        let make = d(kit.make.get());
        let dispatching = Atom::dup(ctx, kit.dispatching.get());
        let message = d(kit.message.get());
        drop(fire);
        let mut make_args = [message, value, ports, port];
        let event = qjs::JS_Call(ctx, make, qjs::JS_UNDEFINED, 4, make_args.as_mut_ptr());
        for v in [make, message, ports] {
            qjs::JS_FreeValue(ctx, v);
        }
        if qjs::JS_IsException(event) {
            for v in [handler, port, watch, report] {
                qjs::JS_FreeValue(ctx, v);
            }
            host.uncaught();
            return true;
        }
        let mut args = [event];
        let result = qjs::JS_Call(ctx, handler, port, 1, args.as_mut_ptr());
        // (Node's dispatch clears kIsBeingDispatched after a listener that
        // returned.)
        if !qjs::JS_IsException(result) {
            qjs::JS_SetProperty(ctx, event, dispatching.get(), qjs::JS_FALSE);
        }
        qjs::JS_FreeValue(ctx, event);
        qjs::JS_FreeValue(ctx, handler);
        if qjs::JS_IsException(result) {
            qjs::JS_FreeValue(ctx, port);
            qjs::JS_FreeValue(ctx, watch);
            // Node's [kHybridDispatch] catches what a listener throws and
            // throws it again on the next tick (emitUncaughtException);
            // what no script may catch (process.exit's, the watchdog's) goes
            // on up.
            let error = qjs::JS_GetException(ctx);
            if qjs::JS_IsUncatchableError(error) {
                qjs::JS_Throw(ctx, error);
                qjs::JS_FreeValue(ctx, report);
                host.uncaught();
                return true;
            }
            let mut args = [error];
            let r = qjs::JS_Call(ctx, report, qjs::JS_UNDEFINED, 1, args.as_mut_ptr());
            qjs::JS_FreeValue(ctx, error);
            qjs::JS_FreeValue(ctx, report);
            if qjs::JS_IsException(r) {
                host.uncaught();
            } else {
                qjs::JS_FreeValue(ctx, r);
            }
            return true;
        }
        qjs::JS_FreeValue(ctx, report);
        // A result that is not undefined or null: the glue's `watch`
        // (Node's addCatch).
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

/// What the raw `MessagePort.prototype.postMessage` reads (see
/// [`native_post_message`]).
#[derive(Default)]
pub(crate) struct PostKit {
    /// The glue's `postMessage` (the fallback), and the names read.
    post: Option<(Held, HeldAtom, HeldAtom)>,
    /// `PortImpl`'s private state field and a port's class id (an ordinary
    /// object's), from the first port made.
    port_state: Option<(HeldAtom, qjs::JSClassID)>,
}

impl PostKit {
    /// Lets go of every value (before the runtime goes).
    pub(crate) fn clear(&mut self) {
        *self = PostKit::default();
    }
}

/// `host.nativePostMessage(post)`: `MessagePort.prototype.postMessage` as a
/// raw C function (name `postMessage`, length 0, as Node's C++ method),
/// with the glue's `post` as its fallback. A primitive (not a symbol) with
/// no transfer list, from an open port entangled with a port of this
/// thread, is queued as it is (what the glue does through
/// `postValueToPort`; from a closed or unentangled port, nothing);
/// anything else calls `post` with the same `this` and arguments. It is
/// frameless in stack traces (00_console.js, `stackFrameless`), so an
/// error the fallback throws shows the program's frames only.
pub(super) unsafe extern "C" fn native_post_message(
    ctx: *mut qjs::JSContext,
    _this: qjs::JSValue,
    argc: c_int,
    argv: *mut qjs::JSValue,
) -> qjs::JSValue {
    super::hot::guarded(ctx, || unsafe {
        let Some(s) = super::hot::shared(ctx) else { return super::hot::misuse(ctx) };
        let post = arg(argc, argv, 0);
        if !is_function(ctx, post) {
            return super::hot::misuse(ctx);
        }
        s.port_post.borrow_mut().post =
            Some((Held::dup(ctx, post), Atom::new(ctx, c"closed"), Atom::new(ctx, c"remote")));
        qjs::JS_NewCFunction2(
            ctx,
            Some(post_message),
            c"postMessage".as_ptr(),
            0,
            qjs::JSCFunctionEnum_JS_CFUNC_generic,
            0,
        )
    })
}

/// `host.portPostKit(port)`: the first port made, whose one private field
/// is its state's.
pub(super) unsafe extern "C" fn port_post_kit(
    ctx: *mut qjs::JSContext,
    _this: qjs::JSValue,
    argc: c_int,
    argv: *mut qjs::JSValue,
) -> qjs::JSValue {
    super::hot::guarded(ctx, || unsafe {
        let Some(s) = super::hot::shared(ctx) else { return super::hot::misuse(ctx) };
        let Some(kit) = port_state_kit(ctx, argc, argv) else { return super::hot::misuse(ctx) };
        s.port_post.borrow_mut().port_state = kit;
        qjs::JS_UNDEFINED
    })
}

/// `MessagePort.prototype.postMessage(value, transferList)`.
unsafe extern "C" fn post_message(
    ctx: *mut qjs::JSContext,
    this: qjs::JSValue,
    argc: c_int,
    argv: *mut qjs::JSValue,
) -> qjs::JSValue {
    super::hot::guarded(ctx, || unsafe {
        let Some(s) = super::hot::shared(ctx) else { return super::hot::misuse(ctx) };
        let kit = s.port_post.borrow();
        let Some((post, closed_name, remote_name)) = kit.post.as_ref() else {
            return super::hot::misuse(ctx);
        };
        let (value, list) = (arg(argc, argv, 0), arg(argc, argv, 1));
        // (The glue's test: a primitive that is not a symbol, and no
        // transfer list.)
        let fast = argc >= 1
            && !qjs::JS_IsObject(value)
            && !qjs::JS_IsSymbol(value)
            && (qjs::JS_IsUndefined(list) || qjs::JS_IsNull(list));
        // (An ordinary object, as a port is: a private name is looked up on
        // nothing else.)
        let state = match &kit.port_state {
            // (Its own private field, never a prototype's, as the glue's
            // WeakMap reads this alone.)
            Some((name, class)) if fast && qjs::JS_GetClassID(this) == *class => {
                crate::quickjs::raw::own_value(ctx, this, name.get()).unwrap_or(qjs::JS_UNDEFINED)
            }
            _ => qjs::JS_UNDEFINED,
        };
        // (closed, remote): `if (s.closed || s.remote === null) return;`.
        let target = if qjs::JS_IsObject(state) {
            let closed = qjs::JS_GetProperty(ctx, state, closed_name.get());
            let remote = qjs::JS_GetProperty(ctx, state, remote_name.get());
            let out = match (qjs::JS_VALUE_GET_TAG(closed) == qjs::JS_TAG_BOOL, qjs::JS_IsNull(remote)) {
                (true, _) if qjs::JS_VALUE_GET_BOOL(closed) => Some(None),
                (true, true) => Some(None),
                (true, false) => crate::quickjs::raw::number(remote).map(|r| Some(r as u64)),
                _ => None,
            };
            qjs::JS_FreeValue(ctx, closed);
            qjs::JS_FreeValue(ctx, remote);
            out
        } else {
            None
        };
        qjs::JS_FreeValue(ctx, state);
        match target {
            // Closed, or entangled with no port: nothing is sent.
            Some(None) => return qjs::JS_UNDEFINED,
            // A port of this thread: the value itself is queued.
            Some(Some(port)) if s.ports.borrow().handles.contains_key(&port) => {
                drop(kit);
                super::hot::queue_value(ctx, s, port, value);
                return qjs::JS_UNDEFINED;
            }
            _ => {}
        }
        let post = qjs::JS_DupValue(ctx, post.get());
        drop(kit);
        let r = qjs::JS_Call(ctx, post, this, argc, argv);
        qjs::JS_FreeValue(ctx, post);
        r
    })
}
