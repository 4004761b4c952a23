//! The `MessageEvent` the poll phase hands a port's `onmessage` itself
//! (port_fire.rs) as an engine object of a native class whose private
//! state is Rust's until script first reads it (issue 15, item 3; the
//! browser host's browser/message_event.rs is the model).
//!
//! An event the glue makes (js/node/event_target.js, js/node/websocket.js:
//! Node's `Event`, undici's `MessageEvent`) keeps its state in two arrays
//! in two private fields: `Event`'s `#s` (cancelable, bubbles, composed,
//! defaultPrevented, timeStamp, propagationStopped) and `MessageEvent`'s
//! `#m` (data, origin, lastEventId, source, ports). Script never sees a
//! private field; it sees the getters that read them. An event the host
//! makes is an object of the class made here, with `MessageEvent.prototype`
//! as its prototype and the same own properties as the glue's, in the same
//! order (Node's `kType`, `kTarget`, `kIsBeingDispatched` and
//! `kInPassiveListener` symbols: port_fire.rs defines them), but no private
//! field: what the two arrays would hold is a [`Lazy`] behind the object's
//! opaque pointer (its data and its timeStamp; the rest is what every port
//! message's event has: not cancelable, not bubbling, not composed, not
//! canceled, propagation not stopped, origin and lastEventId empty, source
//! null, no ports). The glue's getters read an event's state through
//! `Event.#of` and `MessageEvent.#state`, which for an object of this class
//! call `host.nodeEventState(event, which)` (below): it makes both arrays
//! from the Rust state once, and from then on they are the state (kept
//! here, marked for the cycle collector). The `data` getter (below) reads
//! the Rust state directly. (No private field is added to the object: a
//! non-extensible object can get none, and `Object.preventExtensions(event)`
//! must not lose its state.)
use std::ffi::c_int;

use rquickjs::qjs;

use super::hot::{guarded, misuse, shared};
use crate::quickjs::raw::{
    self, arg, boxed_state, finalize_state, is_function, mark_state, opaque_state, raw_fn, Held,
};

/// The state of a host-made event.
pub(crate) enum State {
    /// No array yet: its data and when it was made (the clock Event's
    /// timeStamp reads, made milliseconds when the array is made).
    Lazy { data: qjs::JSValue, made: std::time::Duration },
    /// `Event`'s state array and `MessageEvent`'s, made by
    /// `host.nodeEventState`.
    Arrays(qjs::JSValue, qjs::JSValue),
}

// (An event made and dropped per message takes a spare box and gives it
// back.)
opaque_state!(State, spares: 8, |state| match state {
    State::Lazy { data, .. } => [*data, qjs::JS_UNDEFINED, qjs::JS_UNDEFINED, qjs::JS_UNDEFINED],
    State::Arrays(event, message) => [*event, *message, qjs::JS_UNDEFINED, qjs::JS_UNDEFINED],
});

/// The class of host-made events, with `proto` (`MessageEvent.prototype`)
/// as their prototype. None if QuickJS could not make it.
///
/// # Safety
/// `ctx` must be a live context and `proto` an object of its runtime.
pub(super) unsafe fn new_class(ctx: *mut qjs::JSContext, proto: qjs::JSValue) -> Option<qjs::JSClassID> {
    unsafe {
        raw::new_class(ctx, c"MessageEvent", Some(finalize_state::<State>), Some(mark_state::<State>), proto)
    }
}

/// A new event of `class` (prototype `proto`) whose data is `data` (a new
/// reference is taken), made at `made` (its timeStamp), with no
/// property yet; an exception if QuickJS could not make it.
///
/// # Safety
/// `ctx` must be a live context, `class` made by [`new_class`] for it, and
/// the values of its runtime.
pub(super) unsafe fn new_event(
    ctx: *mut qjs::JSContext,
    class: qjs::JSClassID,
    proto: qjs::JSValue,
    data: qjs::JSValue,
    made: std::time::Duration,
) -> qjs::JSValue {
    unsafe {
        let event = qjs::JS_NewObjectProtoClass(ctx, proto, class);
        if qjs::JS_IsException(event) {
            return event;
        }
        let state = State::Lazy { data: qjs::JS_DupValue(ctx, data), made };
        qjs::JS_SetOpaque(event, Box::into_raw(boxed_state(state)) as *mut _);
        event
    }
}

/// The state of `event` if it is an object of `class`.
///
/// # Safety
/// The state lives while the event does: the caller holds it, and runs no
/// script while it uses the state.
unsafe fn state_of<'a>(event: qjs::JSValue, class: qjs::JSClassID) -> Option<&'a mut State> {
    unsafe { (qjs::JS_GetOpaque(event, class) as *mut State).as_mut() }
}

/// The class of host-made events, once port_fire.rs has made it.
///
/// # Safety
/// `ctx` must be a live context.
unsafe fn class_of(ctx: *mut qjs::JSContext) -> Option<qjs::JSClassID> {
    unsafe { shared(ctx)?.port_fire.borrow().kit.as_ref().map(|k| k.class()) }
}

raw_fn!(
    /// `host.nodeEventState(event, which)`: a host-made event's `Event`
    /// state array (`which` 0) or `MessageEvent`'s (1), both made from its
    /// Rust state the first time (the same arrays after); undefined for
    /// any other value (the glue then reads its private field, and throws
    /// what it throws for it).
    node_event_state => |ctx, argc, argv| guarded(ctx, || unsafe {
        let Some(s) = shared(ctx) else { return misuse(ctx) };
        let fire = s.port_fire.borrow();
        let found = fire.kit.as_ref().and_then(|kit| Some((state_of(arg(argc, argv, 0), kit.class())?, kit.empty())));
        let Some((state, empty)) = found else { return qjs::JS_UNDEFINED };
        let message = qjs::JS_ToBool(ctx, arg(argc, argv, 1)) > 0;
        if let State::Lazy { data, made } = *state {
            // Event's (event_target.js): [cancelable, bubbles, composed,
            // defaultPrevented, timestamp, propagationStopped].
            let event_values = [
                qjs::JS_FALSE,
                qjs::JS_FALSE,
                qjs::JS_FALSE,
                qjs::JS_FALSE,
                qjs::JS_NewFloat64(jsloop_core::clock::millis(made)),
                qjs::JS_FALSE,
            ];
            // MessageEvent's (websocket.js): [data, origin, lastEventId,
            // source, ports: null, none carried (a new frozen empty array
            // when first read)].
            let message_values = [
                qjs::JS_DupValue(ctx, data),
                qjs::JS_DupValue(ctx, empty),
                qjs::JS_DupValue(ctx, empty),
                qjs::JS_NULL,
                qjs::JS_NULL,
            ];
            let a = qjs::JS_NewArrayFrom(ctx, event_values.len() as c_int, event_values.as_ptr());
            let m = qjs::JS_NewArrayFrom(ctx, message_values.len() as c_int, message_values.as_ptr());
            if qjs::JS_IsException(a) || qjs::JS_IsException(m) {
                qjs::JS_FreeValue(ctx, a);
                qjs::JS_FreeValue(ctx, m);
                return qjs::JS_EXCEPTION;
            }
            *state = State::Arrays(a, m);
            // (The data now lives in the array.)
            qjs::JS_FreeValue(ctx, data);
        }
        let State::Arrays(a, m) = *state else { return qjs::JS_UNDEFINED };
        qjs::JS_DupValue(ctx, if message { m } else { a })
    })
);

raw_fn!(
    /// `host.isNodeEvent(value)`: whether `value` is a host-made event (for
    /// `Event`'s and `MessageEvent`'s brand checks).
    is_node_event => |ctx, argc, argv| guarded(ctx, || unsafe {
        let found = class_of(ctx).is_some_and(|class| state_of(arg(argc, argv, 0), class).is_some());
        if found { qjs::JS_TRUE } else { qjs::JS_FALSE }
    })
);

raw_fn!(
    /// `host.nodeDataGetter(get)`: `MessageEvent.prototype.data`'s getter
    /// as a raw C function (named `get data`, length 0, as the glue's),
    /// with the glue's `get` as its fallback for anything but a host-made
    /// event.
    node_data_getter => |ctx, argc, argv| guarded(ctx, || unsafe {
        let Some(s) = shared(ctx) else { return misuse(ctx) };
        let get = arg(argc, argv, 0);
        if !is_function(ctx, get) {
            return misuse(ctx);
        }
        s.port_post.borrow_mut().data_get = Some(Held::dup(ctx, get));
        qjs::JS_NewCFunction2(ctx, Some(data_getter), c"get data".as_ptr(), 0, qjs::JSCFunctionEnum_JS_CFUNC_generic, 0)
    })
);

raw_fn!(
    /// `get MessageEvent.prototype.data`: a host-made event's data from its
    /// state; the glue's getter for any other receiver (its
    /// ERR_INVALID_THIS for a foreign one).
    fn data_getter(ctx, this, argc, argv) {
        guarded(ctx, || unsafe {
            let Some(s) = shared(ctx) else { return misuse(ctx) };
            if let Some(class) = class_of(ctx) {
                match state_of(this, class) {
                    Some(State::Lazy { data, .. }) => return qjs::JS_DupValue(ctx, *data),
                    Some(State::Arrays(_, m)) => return qjs::JS_GetPropertyUint32(ctx, *m, 0),
                    None => {}
                }
            }
            let Some(get) = s.port_post.borrow().data_get.as_ref().map(|g| qjs::JS_DupValue(ctx, g.get())) else {
                return misuse(ctx);
            };
            let r = qjs::JS_Call(ctx, get, this, argc, argv);
            qjs::JS_FreeValue(ctx, get);
            r
        })
    }
);

/// Installs `host.nodeEventState`, `host.isNodeEvent` and
/// `host.nodeDataGetter`.
pub(super) fn install<'js>(ctx: &rquickjs::Ctx<'js>, host: &rquickjs::Object<'js>) -> rquickjs::Result<()> {
    host.set("nodeEventState", raw::raw_function(ctx, c"nodeEventState", 2, node_event_state)?)?;
    host.set("isNodeEvent", raw::raw_function(ctx, c"isNodeEvent", 1, is_node_event)?)?;
    host.set("nodeDataGetter", raw::raw_function(ctx, c"nodeDataGetter", 1, node_data_getter)?)
}
