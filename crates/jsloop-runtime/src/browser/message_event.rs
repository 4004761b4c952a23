//! The `MessageEvent` a port message task fires itself (port_fire.rs) as an
//! engine object of a native class whose state is Rust's (issue 15, item
//! 3: "MessageEvent with lazily created properties").
//!
//! An event the glue makes (js/10_browser.js) keeps its state in an array
//! in `Event`'s private field `#s` (type, flags, targets, path, then
//! MessageEvent's data, origin, lastEventId, source, ports). An event the
//! host fires is an object of the class made here, whose prototype is
//! `MessageEvent.prototype` and whose one own property is the unforgeable
//! `isTrusted` accessor, as the glue's (presented by the class's exotic
//! methods until script adds a property: is_trusted.rs); what such an event's state can
//! differ in (its targets, path, phase, the dispatch and stop flags, its
//! time stamp and data) is a Rust [`Lazy`] behind the object's opaque
//! pointer, and the rest is what every fired port message has (type
//! `message`, not bubbling, not cancelable, not composed, no related
//! target, not canceled, initialized, trusted, origin and lastEventId
//! empty, source null, no ports). Nothing is a property of the object, so
//! nothing script can see differs from the glue's event: the attributes are
//! `Event.prototype`'s and `MessageEvent.prototype`'s accessors, which read
//! the state through the glue's `stateOf`; for an object of this class that
//! is `host.materializeEvent(event)` (below), which makes the state array
//! the glue's events have from the Rust state once, and from then on the
//! array is the state (kept here, marked for the cycle collector). The
//! data getter (port_post.rs) and the end of the dispatch (port_fire.rs)
//! read and write the Rust state directly while there is no array.
//! (No private field is added to the object: a non-extensible object can
//! get none, and `Object.preventExtensions(event)` must not lose its state.)
use std::cell::RefCell;
use std::ffi::c_int;

use jsloop_core::clock::millis;
use rquickjs::qjs;

use super::clock_reads::script_time;
use super::hot::{guarded, misuse, shared};
use super::is_trusted::Presented;
use crate::quickjs::raw::{self, arg, boxed_state, finalize_state, mark_state, raw_fn, OpaqueState};

// The fields of an event's state array (10_browser.js: TYPE … PORTS).
const CURRENT_TARGET: u32 = 6;
const EVENT_PHASE: u32 = 7;
const PATH: u32 = 8;
const STOP: u32 = 10;
const STOP_IMMEDIATE: u32 = 11;
const DISPATCHING: u32 = 12;
const DATA: u32 = 17;

/// The state of a host-fired event while it has no state array.
pub(crate) struct Lazy {
    /// The port (target and srcElement; currentTarget too while it is
    /// dispatched, null after, as the dispatch flag says).
    pub(crate) target: qjs::JSValue,
    /// Its event path while it is dispatched, the listener's one struct
    /// (the glue's empty path after, as the dispatch flag says: the value
    /// is kept until the event goes).
    pub(crate) path: qjs::JSValue,
    pub(crate) event_phase: i32,
    pub(crate) stop: bool,
    pub(crate) stop_immediate: bool,
    pub(crate) dispatching: bool,
    /// Its creation time: the start of the task that fired it, on the
    /// loop's timeline (made the time script reads, timeStamp, when the
    /// state array is made: `clock_reads::script_time` is a function of it
    /// alone).
    pub(crate) created: std::time::Duration,
    pub(crate) data: qjs::JSValue,
}

/// What is behind a host-fired event's opaque pointer.
pub(crate) enum State {
    Lazy(Lazy),
    /// The glue's state array, made by `materializeEvent`.
    Array(qjs::JSValue),
}

/// A host-fired event's opaque state: its [`State`] and its own
/// `isTrusted` (is_trusted.rs).
pub(crate) struct Event {
    state: State,
    is_trusted: Presented,
}

thread_local! {
    /// Spare boxes of freed events (an event made and dropped per message
    /// takes one and gives it back).
    static SPARE: RefCell<Vec<Box<Event>>> = const { RefCell::new(Vec::new()) };
}

impl OpaqueState for Event {
    const SPARES: usize = 8;
    fn values(&self) -> [qjs::JSValue; 4] {
        let getter = self.is_trusted.getter();
        match &self.state {
            State::Lazy(l) => [l.target, l.path, l.data, getter],
            State::Array(a) => [*a, getter, qjs::JS_UNDEFINED, qjs::JS_UNDEFINED],
        }
    }
    fn spares() -> &'static std::thread::LocalKey<RefCell<Vec<Box<Self>>>> {
        &SPARE
    }
}

/// The class's finalizer: the event's `isTrusted` atom, then its values
/// and box.
unsafe extern "C" fn finalize(rt: *mut qjs::JSRuntime, val: qjs::JSValue) {
    unsafe {
        if let Some(event) = (qjs::JS_GetAnyOpaque(val, &mut 0) as *const Event).as_ref() {
            event.is_trusted.release(rt);
        }
        finalize_state::<Event>(rt, val)
    }
}

/// The class of host-fired events, with `proto` (`MessageEvent.prototype`)
/// as their prototype and the exotic methods that present each one's own
/// `isTrusted` (is_trusted.rs). None if QuickJS could not make it.
///
/// # Safety
/// `ctx` must be a live context and `proto` an object of its runtime.
pub(super) unsafe fn new_class(ctx: *mut qjs::JSContext, proto: qjs::JSValue) -> Option<qjs::JSClassID> {
    unsafe {
        raw::new_exotic_class(
            ctx,
            c"MessageEvent",
            Some(finalize),
            Some(mark_state::<Event>),
            Some(&super::is_trusted::METHODS),
            proto,
        )
    }
}

/// A new event of `class` with `state` (whose values it takes over), and
/// the own `isTrusted` accessor with `getter` (`atom` and `getter`
/// borrowed); an exception if QuickJS could not make it (the values are
/// freed then).
///
/// # Safety
/// `ctx` must be a live context, `class` made by [`new_class`] for it, and
/// the values of its runtime.
pub(super) unsafe fn new_event(
    ctx: *mut qjs::JSContext,
    class: qjs::JSClassID,
    state: Lazy,
    atom: qjs::JSAtom,
    getter: qjs::JSValue,
) -> qjs::JSValue {
    unsafe {
        let event = qjs::JS_NewObjectClass(ctx, class);
        let state = State::Lazy(state);
        if qjs::JS_IsException(event) {
            if let State::Lazy(l) = state {
                for v in [l.target, l.path, l.data] {
                    qjs::JS_FreeValue(ctx, v);
                }
            }
            return event;
        }
        let is_trusted = Presented::new(ctx, atom, getter);
        qjs::JS_SetOpaque(event, Box::into_raw(boxed_state(Event { state, is_trusted })) as *mut _);
        event
    }
}

/// The state of `event` if it is an object of `class`.
///
/// # Safety
/// `class` must be this window's class (the state lives while the event
/// does: the caller holds it, and runs no script while it uses the state).
pub(super) unsafe fn state_of<'a>(event: qjs::JSValue, class: qjs::JSClassID) -> Option<&'a mut State> {
    unsafe { (qjs::JS_GetOpaque(event, class) as *mut Event).as_mut().map(|e| &mut e.state) }
}

/// The own `isTrusted` of `event`, an object of the class (its exotic
/// methods are asked about no other object); None for the one object of
/// the class made without a state (port_fire.rs's `Kit`).
///
/// # Safety
/// As [`state_of`].
pub(super) unsafe fn presented<'a>(event: qjs::JSValue) -> Option<&'a mut Presented> {
    unsafe { (qjs::JS_GetAnyOpaque(event, &mut 0) as *mut Event).as_mut().map(|e| &mut e.is_trusted) }
}

/// MessageEvent's `data` of a host-fired event: a new reference.
///
/// # Safety
/// `ctx` must be a live context and `state` an event's of its runtime.
pub(super) unsafe fn data(ctx: *mut qjs::JSContext, state: &State) -> qjs::JSValue {
    unsafe {
        match state {
            State::Lazy(l) => qjs::JS_DupValue(ctx, l.data),
            State::Array(a) => qjs::JS_GetPropertyUint32(ctx, *a, DATA),
        }
    }
}

/// The end of the event's dispatch (dispatch, Step 6–9): eventPhase NONE,
/// currentTarget null, the path `empty_path` (borrowed; read for a state
/// array alone), the dispatch and stop flags unset. (While the state is Rust's, the unset dispatch flag
/// says that currentTarget is null and the path empty: nothing else reads
/// them.)
///
/// # Safety
/// `ctx` must be a live context and the values of its runtime.
pub(super) unsafe fn after_dispatch(ctx: *mut qjs::JSContext, state: &mut State, empty_path: qjs::JSValue) {
    unsafe {
        match state {
            State::Lazy(l) => {
                l.event_phase = 0;
                l.dispatching = false;
                l.stop = false;
                l.stop_immediate = false;
            }
            State::Array(a) => {
                let a = *a;
                qjs::JS_SetPropertyUint32(ctx, a, EVENT_PHASE, qjs::JS_MKVAL(qjs::JS_TAG_INT, 0));
                qjs::JS_SetPropertyUint32(ctx, a, CURRENT_TARGET, qjs::JS_NULL);
                qjs::JS_SetPropertyUint32(ctx, a, PATH, qjs::JS_DupValue(ctx, empty_path));
                qjs::JS_SetPropertyUint32(ctx, a, DISPATCHING, qjs::JS_FALSE);
                qjs::JS_SetPropertyUint32(ctx, a, STOP, qjs::JS_FALSE);
                qjs::JS_SetPropertyUint32(ctx, a, STOP_IMMEDIATE, qjs::JS_FALSE);
            }
        }
    }
}

raw_fn!(
    /// `host.materializeEvent(event)`: the state array of a host-fired event
    /// (made from its Rust state the first time; the same array after), or
    /// undefined for any other value (the glue's `stateOf` then reads the
    /// private field, and throws what it throws for it).
    materialize => |ctx, argc, argv| guarded(ctx, || unsafe {
        let Some(s) = shared(ctx) else { return misuse(ctx) };
        let fire = s.port_fire.borrow();
        let Some(kit) = fire.kit.as_ref() else { return qjs::JS_UNDEFINED };
        let event = arg(argc, argv, 0);
        let Some(state) = state_of(event, kit.class) else { return qjs::JS_UNDEFINED };
        let lazy = match state {
            State::Array(a) => return qjs::JS_DupValue(ctx, *a),
            State::Lazy(l) => l,
        };
        let d = |v: qjs::JSValue| qjs::JS_DupValue(ctx, v);
        let int = |n: i32| qjs::JS_MKVAL(qjs::JS_TAG_INT, n);
        // (currentTarget and the path after the dispatch: see Lazy.)
        let (current_target, path) = if lazy.dispatching {
            (d(lazy.target), d(lazy.path))
        } else {
            (qjs::JS_NULL, d(kit.empty_path.get()))
        };
        let bool = |b: bool| if b { qjs::JS_TRUE } else { qjs::JS_FALSE };
        // (firePortMessage's array: messageState('message', true, data, '',
        // null, ports) as the dispatch has changed it.)
        let values = [
            d(kit.message.get()),                                         // type
            qjs::JS_FALSE,                                                // bubbles
            qjs::JS_FALSE,                                                // cancelable
            qjs::JS_FALSE,                                                // composed
            d(lazy.target),                                               // target
            qjs::JS_NULL,                                                 // relatedTarget
            current_target,                                               // currentTarget
            int(lazy.event_phase),                                        // eventPhase
            path,                                                         // path
            qjs::JS_FALSE,                                                // canceled
            bool(lazy.stop),                                              // stop propagation
            bool(lazy.stop_immediate),                                    // stop immediate propagation
            bool(lazy.dispatching),                                       // dispatch flag
            qjs::JS_TRUE,                                                 // initialized
            qjs::JS_FALSE,                                                // in passive listener
            qjs::JS_TRUE,                                                 // isTrusted
            qjs::JS_NewFloat64(millis(script_time(&s.lp, lazy.created))), // timeStamp
            d(lazy.data),                                                 // data
            d(kit.empty.get()),                                           // origin
            d(kit.empty.get()),                                           // lastEventId
            qjs::JS_NULL,                                                 // source
            qjs::JS_NULL, // ports (none: made when first read)
        ];
        let array = qjs::JS_NewArrayFrom(ctx, values.len() as c_int, values.as_ptr());
        if qjs::JS_IsException(array) {
            return array;
        }
        let old = std::mem::replace(state, State::Array(qjs::JS_DupValue(ctx, array)));
        drop(fire);
        if let State::Lazy(l) = old {
            for v in [l.target, l.path, l.data] {
                qjs::JS_FreeValue(ctx, v);
            }
        }
        array
    })
);

/// Installs `host.materializeEvent`.
pub(super) fn install<'js>(ctx: &rquickjs::Ctx<'js>, host: &rquickjs::Object<'js>) -> rquickjs::Result<()> {
    host.set("materializeEvent", raw::raw_function(ctx, c"materializeEvent", 1, materialize)?)
}
