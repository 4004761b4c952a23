//! A port's `message` fired by the host itself (issue 15, item 3): when a
//! `MessagePort`'s one event listener is its `onmessage` handler, a
//! function, the port message task makes the `MessageEvent` and calls the
//! handler from Rust, with no JavaScript between.
//!
//! The glue's `firePortMessage` (js/10_browser.js) fires a port's first
//! message the general way; when that port's event listener list is then
//! one event handler's listener (type `message`, not capturing, not once,
//! not passive) whose value is a function, it hands the host what the
//! next dispatch reads (`host.portFire`): the port, its listener list, the
//! listener, the event handler (and its value, the function) and the
//! listener's one-struct event path. From then on the glue tells the host
//! of every change to a listener list or to an event handler's value
//! (`host.portFireChanged`, at the only places that make them:
//! `addAnEventListener`, `removeAnEventListener` and the event handler's
//! value steps), and a port whose list or handler changed is forgotten:
//! its next message goes the glue's way again, which registers it anew if
//! it still qualifies. So while a port is registered its list is that one
//! listener and its handler's value that function, with nothing to read
//! per message.
//! What script can observe is what the glue's one-struct dispatch does
//! (`dispatch` in 10_browser.js, its short path for a parentless target
//! with at most one listener, and its event handler call): an event object
//! script cannot tell from the glue's (`MessageEvent.prototype`, the own
//! `isTrusted` accessor, its state in Rust until the glue first reads it:
//! message_event.rs), the same state while the
//! handler runs (eventPhase AT_TARGET, target and currentTarget the port,
//! the dispatch flag, the path, `window.event`), the handler called with
//! the port as `this` as the host calls script (a microtask checkpoint
//! when the stack is empty again; an exception reported), then Step 6–9
//! of dispatch.
//!
//! <https://dom.spec.whatwg.org/#concept-event-dispatch>,
//! <https://html.spec.whatwg.org/multipage/webappapis.html#the-event-handler-processing-algorithm>
use std::ffi::c_int;

use jsloop_core::microtask::invoke_callback;
use rquickjs::qjs;

use super::host::JsHost;
use super::message_event::{self, Lazy};
use crate::quickjs::port_table::{registration, PortTable};
use crate::quickjs::raw::{arg, is_function, raw_fn, Held, HeldAtom as Atom};

/// What every event this window fires this way is made of (the glue's,
/// handed over with the first registration).
pub(crate) struct Kit {
    /// The class of the events (message_event.rs), whose prototype is
    /// `MessageEvent.prototype`.
    pub(super) class: qjs::JSClassID,
    /// `isTrusted`, and the getter every event's own accessor has.
    is_trusted: Atom,
    is_trusted_getter: Held,
    /// `value` (an event handler's).
    value: Atom,
    /// The empty event path every event has between dispatches.
    pub(super) empty_path: Held,
    /// The glue's holder of the global's current event (`window.event`).
    current: Held,
    /// The strings `message` and the empty string.
    pub(super) message: Held,
    pub(super) empty: Held,
    /// The glue's empty list of ports (`NO_PORTS`) a primitive is posted with.
    no_ports: Held,
    /// An object of the class (no state, no property), never handed out:
    /// it keeps alive the shape every new event has, so that each one
    /// finds it rather than making it again (QuickJS frees a shape with
    /// the last object that has it).
    _shape: Held,
}

/// One port whose messages the host fires.
pub(crate) struct Entry {
    port: Held,
    /// Its event listener list (the glue's array: one per target, for good).
    list: Held,
    /// The event handler the listener runs (`{ value, listener }`).
    handler: Held,
    /// The handler's value when registered (a function; unchanged while
    /// the entry is here, see the module's note).
    callback: Held,
    /// The listener's one-struct event path.
    path: Held,
}

/// The ports of a window whose messages the host fires, by port id.
pub(crate) type PortFire = PortTable<Kit, Entry>;

/// `host.portFire(id, port, list, listener, handler, path, event, proto,
/// isTrustedGetter, emptyPath, current, noPorts)`: from now on the host fires port
/// `id`'s messages itself while its listener list is `listener` alone
/// (see the module's note). `event` is the event just dispatched; `proto`
/// (`MessageEvent.prototype`) is the prototype of the events the host
/// makes (message_event.rs's class, made with the first registration).
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
        let Some(id) = registration(ctx, argc, argv, &[1, 2, 3, 4, 5, 6, 7, 9, 10, 11], &[8]) else {
            return super::hot::misuse(ctx);
        };
        let a = |i| arg(argc, argv, i);
        let mut fire = s.port_fire.borrow_mut();
        if fire.kit.is_none() {
            let atom = |name: &std::ffi::CStr| Atom::new(ctx, name);
            let string = |text: &str| {
                let v = qjs::JS_NewStringLen(ctx, text.as_ptr() as *const _, text.len() as _);
                let held = Held::dup(ctx, v);
                qjs::JS_FreeValue(ctx, v);
                held
            };
            let Some(class) = message_event::new_class(ctx, a(7)) else { return super::hot::misuse(ctx) };
            let is_trusted = atom(c"isTrusted");
            let shape = qjs::JS_NewObjectClass(ctx, class);
            if qjs::JS_IsException(shape) {
                return qjs::JS_EXCEPTION;
            }
            fire.kit = Some(Kit {
                _shape: Held::own(ctx, shape),
                class,
                is_trusted,
                is_trusted_getter: Held::dup(ctx, a(8)),
                value: atom(c"value"),
                empty_path: Held::dup(ctx, a(9)),
                current: Held::dup(ctx, a(10)),
                message: string("message"),
                empty: string(""),
                no_ports: Held::dup(ctx, a(11)),
            });
        }
        let Some(kit) = fire.kit.as_ref() else { return super::hot::misuse(ctx) };
        let callback = qjs::JS_GetProperty(ctx, a(4), kit.value.get());
        if !is_function(ctx, callback) {
            qjs::JS_FreeValue(ctx, callback);
            return super::hot::misuse(ctx);
        }
        let entry = Entry {
            port: Held::dup(ctx, a(1)),
            list: Held::dup(ctx, a(2)),
            handler: Held::dup(ctx, a(4)),
            callback: Held::own(ctx, callback),
            path: Held::dup(ctx, a(5)),
        };
        let old = fire.ports.insert(id, entry);
        drop(fire);
        // (An entry replaced lets go of its values after the borrow.)
        drop(old);
        qjs::JS_UNDEFINED
    })
}

/// Fires port `id`'s message the host's way, if it is registered and its
/// listener list is still what it was; false if the glue must fire it.
pub(super) fn fire(
    host: &JsHost<'_>,
    id: u64,
    port: qjs::JSValue,
    data: qjs::JSValue,
    ports: qjs::JSValue,
) -> bool {
    let ctx = host.ctx.as_raw().as_ptr();
    // SAFETY: ctx is the live context of the running task; every value
    // below is a live value of its runtime (the task holds port, data and
    // ports; the entry and the kit hold theirs, and what is used after
    // script runs has a reference of its own).
    unsafe {
        let fire = host.shared.port_fire.borrow();
        let Some((kit, entry)) = fire.get(id) else { return false };
        if !entry.port.is(port) {
            return false;
        }
        // The message carried no ports (an empty array: NO_PORTS, for a
        // primitive).
        let mut n: i64 = -1;
        if !kit.no_ports.is(ports) && (qjs::JS_GetLength(ctx, ports, &mut n) < 0 || n != 0) {
            clear_exception(ctx);
            return false;
        }
        // (The port's listener list is the registered listener alone, and
        // the handler's value the registered function: any change to
        // either forgot the entry, see the module's note.)
        let callback = qjs::JS_DupValue(ctx, entry.callback.get());
        // The user agent's MessageEvent (firePortMessage's: the state
        // messageState('message', true, data, '', null, ports) makes, in a
        // host-fired event, message_event.rs), made in the state dispatch
        // puts it in before it calls the one listener: Step 1 (the dispatch
        // flag), Step 5.2 (the one-struct path), Step 5.12 (eventPhase
        // AT_TARGET, target), invoke's Step 4 (currentTarget).
        let d = |v: qjs::JSValue| qjs::JS_DupValue(ctx, v);
        // (Its creation time: the task's start, read once for the task by
        // the loop.)
        let created = host.shared.lp.borrow().task_start_time();
        let lazy = Lazy {
            target: d(port),
            path: d(entry.path.get()),
            event_phase: 2,
            stop: false,
            stop_immediate: false,
            dispatching: true,
            created,
            data: crate::quickjs::raw::dup_value(ctx, data),
        };
        // (With Event's constructor's own isTrusted: is_trusted.rs.)
        let event =
            message_event::new_event(ctx, kit.class, lazy, kit.is_trusted.get(), kit.is_trusted_getter.get());
        if qjs::JS_IsException(event) {
            qjs::JS_FreeValue(ctx, callback);
            drop(fire);
            host.report_caught();
            return true;
        }
        let class = kit.class;
        let current = d(kit.current.get());
        drop(fire);
        // Inner invoke, Step 2.7–2.8: the global's current event. (With
        // the glue's holder empty, as it is between dispatches, the event
        // is the host's: the glue's window.event getter reads it when its
        // holder is empty, and a dispatch the handler makes fills the
        // holder and empties it again.)
        let saved = qjs::JS_GetPropertyUint32(ctx, current, 0);
        let in_host = qjs::JS_IsUndefined(saved);
        let host_event = if in_host {
            host.shared.host_event.replace(event)
        } else {
            qjs::JS_SetPropertyUint32(ctx, current, 0, d(event));
            qjs::JS_UNDEFINED
        };
        // Step 2.11: the event handler processing algorithm, which for this
        // handler (a function, an event that cannot be canceled, not
        // "error") is calling it with the port as this and the event.
        let lp = host.shared.lp.clone();
        let mut args = [event];
        invoke_callback(&lp, host, || {
            let result = qjs::JS_Call(ctx, callback, port, 1, args.as_mut_ptr());
            if qjs::JS_IsException(result) {
                host.report_caught();
            } else {
                qjs::JS_FreeValue(ctx, result);
            }
        });
        // Step 2.12–2.13: the passive flag unset (it is unset already: the
        // listener is not passive, and only a dispatch sets it, which this
        // event cannot have while its dispatch flag is set), the current
        // event back.
        if in_host {
            host.shared.host_event.set(host_event);
        } else {
            qjs::JS_SetPropertyUint32(ctx, current, 0, saved);
        }
        // Dispatch, Step 6–9: eventPhase NONE, currentTarget null, the path
        // empty, the dispatch and stop flags unset.
        if let Some(state) = message_event::state_of(event, class) {
            // (The empty path, which a state the glue made its array gets:
            // the kit's, read again now that script has run. A Rust state
            // needs none.)
            let empty_path = match state {
                message_event::State::Lazy(_) => None,
                message_event::State::Array(_) => {
                    host.shared.port_fire.borrow().kit.as_ref().map(|kit| kit.empty_path.clone())
                }
            };
            let undefined = qjs::JS_UNDEFINED;
            message_event::after_dispatch(ctx, state, empty_path.as_ref().map_or(undefined, Held::get));
        }
        for v in [event, callback, current] {
            qjs::JS_FreeValue(ctx, v);
        }
        true
    }
}

/// Drops a pending exception a failed check left (a check that fails
/// means the glue's way, which meets the same condition itself).
unsafe fn clear_exception(ctx: *mut qjs::JSContext) {
    unsafe {
        if qjs::JS_HasException(ctx) {
            let e = qjs::JS_GetException(ctx);
            qjs::JS_FreeValue(ctx, e);
        }
    }
}

raw_fn!(
    /// `host.portFireChanged(object)`: `object` (a listener list or an
    /// event handler) has changed; a port whose list or handler it is goes
    /// the glue's way from now on (see the module's note).
    pub(super) changed => |ctx, argc, argv| super::hot::guarded(ctx, || unsafe {
        let Some(s) = super::hot::shared(ctx) else { return super::hot::misuse(ctx) };
        let object = arg(argc, argv, 0);
        let gone: Vec<Entry> = {
            let mut fire = s.port_fire.borrow_mut();
            let ids: Vec<u64> =
                fire.ports.iter().filter(|(_, e)| e.list.is(object) || e.handler.is(object)).map(|(&id, _)| id).collect();
            ids.into_iter().filter_map(|id| fire.ports.remove(&id)).collect()
        };
        // (Their values are let go of after the borrow.)
        drop(gone);
        qjs::JS_UNDEFINED
    })
);

raw_fn!(
    /// `host.hostEvent()`: the global's current event while a message the
    /// host fires runs its handler (see `fire`), undefined otherwise.
    pub(super) host_event => |ctx, _argc, _argv| super::hot::guarded(ctx, || unsafe {
        let Some(s) = super::hot::shared(ctx) else { return super::hot::misuse(ctx) };
        qjs::JS_DupValue(ctx, s.host_event.get())
    })
);
