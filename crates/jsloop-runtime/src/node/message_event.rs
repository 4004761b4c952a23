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
//! `kInPassiveListener` symbols: see below), but no private
//! field: what the two arrays would hold is a [`Body::Lazy`] behind the object's
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
//!
//! The four symbols are not defined on each event (four definitions, a
//! property array to grow and free: about 1.5 k instructions a message):
//! the class has exotic methods (quickjs.h's `JSClassExoticMethods`,
//! [`OWN_SYMBOLS`]) that present them, from the Rust state, as own data
//! properties, writable, enumerable and configurable, after the keys of the
//! object's shape ([`Own::Virtual`]). QuickJS asks those methods only about
//! a key its shape does not hold, so an event stays an ordinary object to
//! script: the first definition or deletion a program makes on it (a new
//! key, a symbol changed, frozen or sealed) makes the four ordinary own
//! properties first, in their order ([`Own::Real`]), and QuickJS's own
//! steps then do what they do for any object; if the event is no longer
//! extensible by then (`Object.preventExtensions`, or the first step of
//! `Object.freeze` and `Object.seal`), they move to an ordinary object with
//! no prototype ([`Own::Shadow`]) whose properties the methods present and
//! to which they forward definitions and deletions of those keys (no key
//! can be added to the event then, so their order stays last). The end of
//! the dispatch (`kIsBeingDispatched` set to false) is a Rust write while
//! they are virtual.
use std::ffi::c_int;

use rquickjs::qjs;

use crate::quickjs::exotic::{self, Definition, On};

use super::hot::{guarded, misuse, shared};
use crate::quickjs::raw::{
    self, arg, boxed_state, finalize_state, is_function, mark_state, opaque_state, raw_fn, Held,
};

/// The state of a host-made event: what its private fields would hold,
/// and its four own symbols.
pub(crate) struct State {
    body: Body,
    own: Own,
}

/// What `Event`'s and `MessageEvent`'s private fields would hold.
enum Body {
    /// No array yet: its data and when it was made (the clock Event's
    /// timeStamp reads, made milliseconds when the array is made).
    Lazy { data: qjs::JSValue, made: std::time::Duration },
    /// `Event`'s state array and `MessageEvent`'s, made by
    /// `host.nodeEventState`.
    Arrays(qjs::JSValue, qjs::JSValue),
}

/// Node's four own symbols of an event (Event's constructor, as
/// lib/internal/event_target.js runs it: `this[kType] = type`,
/// `this[kTarget] = null`, `this[kIsBeingDispatched] = false`,
/// `this[kInPassiveListener] = false`, all writable, enumerable and
/// configurable, in that order; the dispatch then sets the target and
/// kIsBeingDispatched): where they are (see the module's note on the
/// class's exotic methods).
enum Own {
    /// As the constructor and the dispatch left them: kType `'message'`,
    /// kTarget `target`, kIsBeingDispatched `dispatching`,
    /// kInPassiveListener false, each writable, enumerable and
    /// configurable. Only the exotic methods present them.
    Virtual { target: qjs::JSValue, dispatching: bool },
    /// Changed while the event was not extensible (they could not become
    /// its own properties then): an ordinary object with no prototype
    /// holds them, in their order and with their attributes, and the
    /// exotic methods present its properties as the event's.
    Shadow(qjs::JSValue),
    /// Ordinary own properties of the event (made the first time a
    /// program changed the event while it was extensible).
    Real,
}

// (An event made and dropped per message takes a spare box and gives it
// back.)
opaque_state!(State, spares: 8, |state| {
    let (a, b) = match state.body {
        Body::Lazy { data, .. } => (data, qjs::JS_UNDEFINED),
        Body::Arrays(event, message) => (event, message),
    };
    let own = match state.own {
        Own::Virtual { target, .. } => target,
        Own::Shadow(shadow) => shadow,
        Own::Real => qjs::JS_UNDEFINED,
    };
    [a, b, own, qjs::JS_UNDEFINED]
});

/// The class of host-made events, with `proto` (`MessageEvent.prototype`)
/// as their prototype. None if QuickJS could not make it.
///
/// # Safety
/// `ctx` must be a live context and `proto` an object of its runtime.
pub(super) unsafe fn new_class(ctx: *mut qjs::JSContext, proto: qjs::JSValue) -> Option<qjs::JSClassID> {
    unsafe {
        raw::new_exotic_class(
            ctx,
            c"MessageEvent",
            Some(finalize_state::<State>),
            Some(mark_state::<State>),
            Some(&OWN_SYMBOLS),
            proto,
        )
    }
}

/// A new event of `class` (prototype `proto`) whose data is `data` and
/// whose kTarget is `target` (new references are taken), made at `made`
/// (its timeStamp), being dispatched (kIsBeingDispatched true): Node's
/// four own symbols are its, presented by the class's exotic methods; an
/// exception if QuickJS could not make it.
///
/// # Safety
/// `ctx` must be a live context, `class` made by [`new_class`] for it, and
/// the values of its runtime.
pub(super) unsafe fn new_event(
    ctx: *mut qjs::JSContext,
    class: qjs::JSClassID,
    proto: qjs::JSValue,
    data: qjs::JSValue,
    target: qjs::JSValue,
    made: std::time::Duration,
) -> qjs::JSValue {
    unsafe {
        let event = qjs::JS_NewObjectProtoClass(ctx, proto, class);
        if qjs::JS_IsException(event) {
            return event;
        }
        let state = State {
            body: Body::Lazy { data: qjs::JS_DupValue(ctx, data), made },
            own: Own::Virtual { target: qjs::JS_DupValue(ctx, target), dispatching: true },
        };
        qjs::JS_SetOpaque(event, Box::into_raw(boxed_state(state)) as *mut _);
        event
    }
}

/// The end of a host-made event's dispatch (Node's dispatch after a
/// listener that returned: `event[kIsBeingDispatched] = false`, the
/// property `dispatching` names). A set that fails is not reported (as
/// before the symbols were the class's).
///
/// # Safety
/// `ctx` must be a live context and `event` made by [`new_event`].
pub(super) unsafe fn end_dispatch(ctx: *mut qjs::JSContext, event: qjs::JSValue, dispatching: qjs::JSAtom) {
    unsafe {
        if let Some(State { own: Own::Virtual { dispatching, .. }, .. }) = any_state(event) {
            *dispatching = false;
            return;
        }
        qjs::JS_SetProperty(ctx, event, dispatching, qjs::JS_FALSE);
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

/// The state of `obj`, an object of the class made here (the exotic
/// methods are called for its objects alone).
///
/// # Safety
/// As [`state_of`].
unsafe fn any_state<'a>(obj: qjs::JSValue) -> Option<&'a mut State> {
    unsafe {
        let mut class = 0;
        (qjs::JS_GetAnyOpaque(obj, &mut class) as *mut State).as_mut()
    }
}

/// The four symbols' atoms (kType, kTarget, kIsBeingDispatched,
/// kInPassiveListener) and the string `'message'` (borrowed: the kit holds
/// them while the session lasts).
///
/// # Safety
/// `ctx` must be a live context.
unsafe fn own_names(ctx: *mut qjs::JSContext) -> Option<([qjs::JSAtom; 4], qjs::JSValue)> {
    unsafe { shared(ctx)?.port_fire.try_borrow().ok()?.kit.as_ref().map(|k| k.own_names()) }
}

/// The class's exotic methods (quickjs.h's JSClassExoticMethods): they
/// present a [`Own::Virtual`] or [`Own::Shadow`] event's four symbols as
/// its own properties. QuickJS calls them only for a key the event's shape
/// does not hold, lists the keys they give after the shape's (so a key a
/// program adds must come after them: the first definition on an
/// extensible event makes them ordinary properties first), and leaves to
/// them every definition and deletion of a key it does not hold. What
/// QuickJS does for has, get and set it does through `get_own_property`,
/// as for any object (a getter called on the receiver, a write to a
/// writable data property a definition on the event).
static OWN_SYMBOLS: qjs::JSClassExoticMethods = exotic::methods::<OwnSymbols>();

/// What the events present: Node's four own symbols.
struct OwnSymbols;

impl exotic::Presents for OwnSymbols {
    /// [[GetOwnProperty]] for a key the event's shape does not hold.
    unsafe fn own_property(on: On, prop: qjs::JSAtom, desc: *mut qjs::JSPropertyDescriptor) -> c_int {
        let (ctx, obj) = (on.ctx, on.obj);
        unsafe {
            let Some(state) = any_state(obj) else { return 0 };
            match state.own {
                Own::Real => 0,
                Own::Shadow(shadow) => qjs::JS_GetOwnProperty(ctx, desc, shadow, prop),
                Own::Virtual { target, dispatching } => {
                    let Some((keys, message)) = own_names(ctx) else { return 0 };
                    let Some(i) = keys.iter().position(|&k| k == prop) else { return 0 };
                    if !desc.is_null() {
                        let value = match i {
                            0 => qjs::JS_DupValue(ctx, message),
                            1 => qjs::JS_DupValue(ctx, target),
                            2 => {
                                if dispatching {
                                    qjs::JS_TRUE
                                } else {
                                    qjs::JS_FALSE
                                }
                            }
                            _ => qjs::JS_FALSE,
                        };
                        *desc = qjs::JSPropertyDescriptor {
                            flags: qjs::JS_PROP_C_W_E as c_int,
                            value,
                            getter: qjs::JS_UNDEFINED,
                            setter: qjs::JS_UNDEFINED,
                        };
                    }
                    1
                }
            }
        }
    }

    /// [[OwnPropertyKeys]]' keys beyond the event's shape: the four symbols in
    /// their order (or the shadow's keys in theirs).
    unsafe fn own_property_names(on: On, ptab: *mut *mut qjs::JSPropertyEnum, plen: *mut u32) -> c_int {
        let (ctx, obj) = (on.ctx, on.obj);
        unsafe {
            *ptab = std::ptr::null_mut();
            *plen = 0;
            let Some(state) = any_state(obj) else { return 0 };
            match state.own {
                Own::Real => 0,
                Own::Shadow(shadow) => {
                    let mask = (qjs::JS_GPN_STRING_MASK | qjs::JS_GPN_SYMBOL_MASK) as c_int;
                    qjs::JS_GetOwnPropertyNames(ctx, ptab, plen, shadow, mask)
                }
                Own::Virtual { .. } => {
                    let Some((keys, _)) = own_names(ctx) else { return 0 };
                    crate::quickjs::layout::presented_keys(ctx, &keys, ptab, plen)
                }
            }
        }
    }

    /// [[DefineOwnProperty]] for a key the event's shape does not hold.
    unsafe fn define_own_property(on: On, def: Definition) -> c_int {
        let (ctx, obj, prop) = (on.ctx, on.obj, def.prop);
        unsafe {
            let ordinary = |on: qjs::JSValue, extra: c_int| def.on(ctx, on, extra);
            let no_exotic = qjs::JS_PROP_NO_EXOTIC as c_int;
            let Some(state) = any_state(obj) else { return ordinary(obj, no_exotic) };
            if let Own::Virtual { .. } = state.own {
                let moved = if qjs::JS_IsExtensible(ctx, obj) > 0 {
                    make_real(ctx, obj, state)
                } else if own_names(ctx).is_some_and(|(keys, _)| keys.contains(&prop)) {
                    make_shadow(ctx, state)
                } else {
                    0
                };
                if moved < 0 {
                    return -1;
                }
            }
            match state.own {
                Own::Shadow(shadow)
                    if qjs::JS_GetOwnProperty(ctx, std::ptr::null_mut(), shadow, prop) > 0 =>
                {
                    ordinary(shadow, 0)
                }
                _ => ordinary(obj, no_exotic),
            }
        }
    }

    /// [[Delete]] for a key the event's shape does not hold.
    unsafe fn delete_property(on: On, prop: qjs::JSAtom) -> c_int {
        let (ctx, obj) = (on.ctx, on.obj);
        unsafe {
            let Some(state) = any_state(obj) else { return 1 };
            if let Own::Virtual { .. } = state.own {
                if !own_names(ctx).is_some_and(|(keys, _)| keys.contains(&prop)) {
                    return 1;
                }
                if qjs::JS_IsExtensible(ctx, obj) > 0 {
                    if make_real(ctx, obj, state) < 0 {
                        return -1;
                    }
                    return qjs::JS_DeleteProperty(ctx, obj, prop, 0);
                }
                if make_shadow(ctx, state) < 0 {
                    return -1;
                }
            }
            match state.own {
                Own::Shadow(shadow) => qjs::JS_DeleteProperty(ctx, shadow, prop, 0),
                _ => 1,
            }
        }
    }
}

/// Makes a virtual event's four symbols ordinary own properties of `obj`
/// (it is extensible), in their order and with their values; -1 if QuickJS
/// could not.
///
/// # Safety
/// `ctx` live, `obj` the event whose state is `state`.
unsafe fn make_real(ctx: *mut qjs::JSContext, obj: qjs::JSValue, state: &mut State) -> c_int {
    unsafe { move_symbols(ctx, obj, state, Own::Real, qjs::JS_PROP_NO_EXOTIC as c_int) }
}

/// Moves a virtual event's four symbols to a new shadow object (the event
/// is not extensible); -1 if QuickJS could not.
///
/// # Safety
/// As [`make_real`].
unsafe fn make_shadow(ctx: *mut qjs::JSContext, state: &mut State) -> c_int {
    unsafe {
        let shadow = qjs::JS_NewObjectProto(ctx, qjs::JS_NULL);
        if qjs::JS_IsException(shadow) {
            return -1;
        }
        move_symbols(ctx, shadow, state, Own::Shadow(shadow), 0)
    }
}

/// Defines a virtual event's four symbols on `to` and leaves `own` as the
/// event's (from before the first definition, so that none comes back to
/// the exotic methods); -1 if one failed.
///
/// # Safety
/// As [`make_real`]; `own` holds `to` if it is a shadow.
unsafe fn move_symbols(
    ctx: *mut qjs::JSContext,
    to: qjs::JSValue,
    state: &mut State,
    own: Own,
    flags: c_int,
) -> c_int {
    unsafe {
        let Own::Virtual { target, dispatching } = std::mem::replace(&mut state.own, own) else { return 0 };
        let Some((keys, message)) = own_names(ctx) else {
            qjs::JS_FreeValue(ctx, target);
            return -1;
        };
        let values = [
            qjs::JS_DupValue(ctx, message),
            target,
            if dispatching { qjs::JS_TRUE } else { qjs::JS_FALSE },
            qjs::JS_FALSE,
        ];
        let mut ok = true;
        for (key, value) in keys.into_iter().zip(values) {
            // (Each takes its value, freed if it fails.)
            ok = ok
                && qjs::JS_DefinePropertyValue(ctx, to, key, value, qjs::JS_PROP_C_W_E as c_int | flags) >= 0;
            if !ok {
                qjs::JS_FreeValue(ctx, value);
            }
        }
        if ok {
            0
        } else {
            -1
        }
    }
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
        if let Body::Lazy { data, made } = state.body {
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
            state.body = Body::Arrays(a, m);
            // (The data now lives in the array.)
            qjs::JS_FreeValue(ctx, data);
        }
        let Body::Arrays(a, m) = state.body else { return qjs::JS_UNDEFINED };
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
        raw::c_function(ctx, c"get data", 0, data_getter)
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
                match state_of(this, class).map(|s| &s.body) {
                    Some(Body::Lazy { data, .. }) => return qjs::JS_DupValue(ctx, *data),
                    Some(Body::Arrays(_, m)) => return qjs::JS_GetPropertyUint32(ctx, *m, 0),
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
