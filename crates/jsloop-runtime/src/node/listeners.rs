//! `EventEmitter.prototype.addListener` (`on`) and `removeListener` as raw
//! C functions (issue 15, item 3): an HTTP request adds about fourteen
//! listeners and removes eight (Node's tickOnSocket and responseOnEnd
//! listen to the socket per request). Their common cases are taken here
//! with the glue's field reads and writes in the glue's order
//! (js/node/events.js); the rest goes to the glue's steps.
//!
//! Node's `emitter.on(eventName, listener)`
//! (<https://nodejs.org/api/events.html#emitteroneventname-listener>,
//! lib/events.js `_addListener`): with no 'newListener' listener and no
//! listener of that type yet, `events[type] = listener` and
//! `this._eventsCount++`. A type with listeners already goes to the glue's
//! `addToExisting` (the list, the MaxListenersExceededWarning); an emitter
//! with no `_events` or with 'newListener' listeners to the glue's
//! `addListener` itself.
//!
//! `emitter.removeListener(eventName, listener)`
//! (<https://nodejs.org/api/events.html#emitterremovelistenereventname-listener>):
//! when the type's one listener is `listener` or a once() wrapper of it,
//! `this._eventsCount--`, the key cleared (kShapeMode), `_events` replaced
//! (the last one) or the key deleted, then 'removeListener' emitted if
//! anyone listens; a stored list goes to the glue's `removeFromList`.
//!
//! Both take a string or symbol type on an object and a function listener
//! only; anything else goes to the glue's method (which throws
//! ERR_INVALID_ARG_TYPE for a listener that is not a function).
use rquickjs::{qjs, Ctx, Object};

use super::hot::{guarded, misuse};
use crate::quickjs::raw::{
    arg, array_of, dup_value, free_value, function_with_data, is_function, raw_fn, raw_function, truthy,
};

const SLOW: usize = 0; // the glue's method
const REST: usize = 1; // addToExisting or removeFromList
const K_SHAPE_MODE: usize = 2; // the kShapeMode symbol
/// The field names the steps read, kept with the functions as strings
/// (atoms already: their atom is an index away, where `JS_NewAtom` of a C
/// string hashes and looks it up each time).
const NAMES: [&std::ffi::CStr; 6] =
    [c"_events", c"newListener", c"_eventsCount", c"listener", c"removeListener", c"emit"];
const EVENTS: usize = 3;
const NEW_LISTENER: usize = 4;
const EVENTS_COUNT: usize = 5;
const LISTENER: usize = 6;
const REMOVE_LISTENER: usize = 7;
const EMIT: usize = 8;

/// Installs `host.fastListeners`.
pub(super) fn install<'js>(ctx: &Ctx<'js>, host: &Object<'js>) -> rquickjs::Result<()> {
    host.set("fastListeners", raw_function(ctx, c"fastListeners", 5, make_listeners)?)
}

raw_fn! {
    /// `host.fastListeners(addListener, addToExisting, removeListener,
    /// removeFromList, kShapeMode)`: `[addListener, removeListener]`, named
    /// as the glue's and Node's, length 2.
    fn make_listeners(ctx, _this, argc, argv) {
        guarded(ctx, || unsafe {
            let a = |i: usize| arg(argc, argv, i);
            if !(0..4).all(|i| is_function(ctx, a(i))) || !qjs::JS_IsSymbol(a(4)) {
                return misuse(ctx);
            }
            let names: Vec<V> = NAMES.iter().map(|n| V(ctx, qjs::JS_NewAtomString(ctx, n.as_ptr()))).collect();
            if names.iter().any(|n| qjs::JS_IsException(n.1)) {
                return qjs::JS_EXCEPTION;
            }
            let mut add = vec![a(0), a(1), a(4)];
            let mut remove = vec![a(2), a(3), a(4)];
            add.extend(names.iter().map(|n| n.1));
            remove.extend(names.iter().map(|n| n.1));
            let on = function_with_data(ctx, Some(add_listener), c"addListener", 2, 0, &mut add);
            let off = function_with_data(ctx, Some(remove_listener), c"removeListener", 2, 0, &mut remove);
            array_of(ctx, [on, off])
        })
    }
}

/// A held atom, freed when dropped.
struct Atom(*mut qjs::JSContext, qjs::JSAtom);

impl Drop for Atom {
    fn drop(&mut self) {
        // SAFETY: the reference this holds, freed once, in its live context.
        unsafe { qjs::JS_FreeAtom(self.0, self.1) };
    }
}

/// The atom of the function's name string `i` (see [`NAMES`]).
unsafe fn named(ctx: *mut qjs::JSContext, data: *mut qjs::JSValue, i: usize) -> Atom {
    Atom(ctx, unsafe { qjs::JS_ValueToAtom(ctx, *data.add(i)) })
}

/// A value held, freed when dropped.
struct V(*mut qjs::JSContext, qjs::JSValue);

impl Drop for V {
    fn drop(&mut self) {
        // SAFETY: the reference this holds, freed once, in its live context.
        unsafe { free_value(self.0, self.1) };
    }
}

/// `obj[atom]`, held; None when it threw.
unsafe fn get(ctx: *mut qjs::JSContext, obj: qjs::JSValue, atom: &Atom) -> Option<V> {
    unsafe {
        let v = qjs::JS_GetProperty(ctx, obj, atom.1);
        if qjs::JS_IsException(v) {
            None
        } else {
            Some(V(ctx, v))
        }
    }
}

/// `obj[atom] = value` (`value` taken); false when it threw.
unsafe fn set(ctx: *mut qjs::JSContext, obj: qjs::JSValue, atom: &Atom, value: qjs::JSValue) -> bool {
    unsafe { qjs::JS_SetProperty(ctx, obj, atom.1, value) >= 0 }
}

/// `obj[atom]++` or `obj[atom]--` (ToNumeric, then plus `by`): false when
/// it threw. (Also emit.rs's `handler[kEmitting]++` and `--`.)
pub(super) unsafe fn step(ctx: *mut qjs::JSContext, obj: qjs::JSValue, atom: qjs::JSAtom, by: i32) -> bool {
    unsafe {
        let n = qjs::JS_GetProperty(ctx, obj, atom);
        if qjs::JS_IsException(n) {
            return false;
        }
        let next = if qjs::JS_VALUE_GET_TAG(n) == qjs::JS_TAG_INT {
            let i = qjs::JS_VALUE_GET_INT(n) as i64 + by as i64;
            match i32::try_from(i) {
                Ok(i) => qjs::JS_MKVAL(qjs::JS_TAG_INT, i),
                Err(_) => qjs::JS_NewFloat64(i as f64),
            }
        } else {
            let mut f = 0.0;
            let r = qjs::JS_ToFloat64(ctx, &mut f, n);
            free_value(ctx, n);
            if r < 0 {
                return false;
            }
            qjs::JS_NewFloat64(f + by as f64)
        };
        qjs::JS_SetProperty(ctx, obj, atom, next) >= 0
    }
}

/// The type's atom when the call is one these take (a string or symbol
/// type, an object `this`, a function listener).
unsafe fn taken(
    ctx: *mut qjs::JSContext,
    this: qjs::JSValue,
    ty: qjs::JSValue,
    listener: qjs::JSValue,
) -> Option<Atom> {
    unsafe {
        if !(qjs::JS_IsString(ty) || qjs::JS_IsSymbol(ty))
            || !qjs::JS_IsObject(this)
            || !is_function(ctx, listener)
        {
            return None;
        }
        let atom = qjs::JS_ValueToAtom(ctx, ty);
        (atom != qjs::JS_ATOM_NULL).then_some(Atom(ctx, atom))
    }
}

/// What both methods read first: the call's type and listener, the
/// type's atom, and `this._events` with its atom.
struct Call {
    ty: qjs::JSValue,
    listener: qjs::JSValue,
    ty_atom: Atom,
    events_atom: Atom,
    events: V,
}

/// Both methods' first steps: a call these do not take is the glue's
/// method's (its result, or its exception); then `this._events` is read
/// (Err(JS_EXCEPTION) when that threw).
#[inline(always)]
unsafe fn start(
    ctx: *mut qjs::JSContext,
    this: qjs::JSValue,
    argc: std::ffi::c_int,
    argv: *mut qjs::JSValue,
    data: *mut qjs::JSValue,
) -> Result<Call, qjs::JSValue> {
    unsafe {
        let (ty, listener) = (arg(argc, argv, 0), arg(argc, argv, 1));
        let Some(ty_atom) = taken(ctx, this, ty, listener) else {
            return Err(qjs::JS_Call(ctx, *data.add(SLOW), this, argc, argv));
        };
        let events_atom = named(ctx, data, EVENTS);
        let Some(events) = get(ctx, this, &events_atom) else { return Err(qjs::JS_EXCEPTION) };
        Ok(Call { ty, listener, ty_atom, events_atom, events })
    }
}

raw_fn! {
    /// `emitter.addListener(type, listener)` (and `on`).
    fn add_listener(ctx, this, argc, argv, _magic, data) {
        guarded(ctx, || unsafe {
            let d = |i: usize| *data.add(i);
            let Call { ty, listener, ty_atom, events_atom: _, events } = match start(ctx, this, argc, argv, data) {
                Ok(call) => call,
                Err(returned) => return returned,
            };
            if qjs::JS_IsUndefined(events.1) {
                return qjs::JS_Call(ctx, d(SLOW), this, argc, argv);
            }
            let Some(new_listener) = get(ctx, events.1, &named(ctx, data, NEW_LISTENER)) else { return qjs::JS_EXCEPTION };
            if !qjs::JS_IsUndefined(new_listener.1) {
                return qjs::JS_Call(ctx, d(SLOW), this, argc, argv);
            }
            let Some(existing) = get(ctx, events.1, &ty_atom) else { return qjs::JS_EXCEPTION };
            if !qjs::JS_IsUndefined(existing.1) {
                // addToExisting(emitter, events, type, existing, listener, false)
                let mut args = [this, events.1, ty, existing.1, listener, qjs::JS_FALSE];
                return qjs::JS_Call(ctx, d(REST), qjs::JS_UNDEFINED, 6, args.as_mut_ptr());
            }
            // events[type] = listener; emitter._eventsCount++.
            if !set(ctx, events.1, &ty_atom, dup_value(ctx, listener)) {
                return qjs::JS_EXCEPTION;
            }
            let count = named(ctx, data, EVENTS_COUNT);
            if !step(ctx, this, count.1, 1) {
                return qjs::JS_EXCEPTION;
            }
            dup_value(ctx, this)
        })
    }
}

raw_fn! {
    /// `emitter.removeListener(type, listener)` (and `off`).
    fn remove_listener(ctx, this, argc, argv, _magic, data) {
        guarded(ctx, || unsafe {
            let d = |i: usize| *data.add(i);
            let Call { ty, listener, ty_atom, events_atom, events } = match start(ctx, this, argc, argv, data) {
                Ok(call) => call,
                Err(returned) => return returned,
            };
            if qjs::JS_IsUndefined(events.1) {
                return dup_value(ctx, this);
            }
            let Some(stored) = get(ctx, events.1, &ty_atom) else { return qjs::JS_EXCEPTION };
            if qjs::JS_IsUndefined(stored.1) {
                return dup_value(ctx, this);
            }
            let listener_atom = named(ctx, data, LISTENER);
            // stored === listener || stored.listener === listener
            let mut matches = qjs::JS_IsStrictEqual(ctx, stored.1, listener);
            if !matches {
                let Some(inner) = get(ctx, stored.1, &listener_atom) else { return qjs::JS_EXCEPTION };
                matches = qjs::JS_IsStrictEqual(ctx, inner.1, listener);
            }
            if !matches {
                if is_function(ctx, stored.1) {
                    return dup_value(ctx, this);
                }
                // removeFromList.call(this, events, type, stored, listener)
                let mut args = [events.1, ty, stored.1, listener];
                return qjs::JS_Call(ctx, d(REST), this, 4, args.as_mut_ptr());
            }
            // this._eventsCount--
            let count = named(ctx, data, EVENTS_COUNT);
            if !step(ctx, this, count.1, -1) {
                return qjs::JS_EXCEPTION;
            }
            let shape_atom = Atom(ctx, qjs::JS_ValueToAtom(ctx, d(K_SHAPE_MODE)));
            let Some(shape_mode) = get(ctx, this, &shape_atom) else { return qjs::JS_EXCEPTION };
            if truthy(ctx, shape_mode.1) {
                // events[type] = undefined
                if !set(ctx, events.1, &ty_atom, qjs::JS_UNDEFINED) {
                    return qjs::JS_EXCEPTION;
                }
            } else {
                let Some(left) = get(ctx, this, &count) else { return qjs::JS_EXCEPTION };
                // this._eventsCount === 0 (a number 0, either zero)
                let none_left = match qjs::JS_VALUE_GET_TAG(left.1) {
                    qjs::JS_TAG_INT => qjs::JS_VALUE_GET_INT(left.1) == 0,
                    qjs::JS_TAG_FLOAT64 => qjs::JS_VALUE_GET_FLOAT64(left.1) == 0.0,
                    _ => false,
                };
                if none_left {
                    // this._events = { __proto__: null }
                    let fresh = qjs::JS_NewObjectProto(ctx, qjs::JS_NULL);
                    if qjs::JS_IsException(fresh) || !set(ctx, this, &events_atom, fresh) {
                        return qjs::JS_EXCEPTION;
                    }
                } else if qjs::JS_DeleteProperty(ctx, events.1, ty_atom.1, qjs::JS_PROP_THROW as _) < 0 {
                    // delete events[type] (strict: a failure throws)
                    return qjs::JS_EXCEPTION;
                }
            }
            // 'removeListener' listeners hear of it, with the listener given
            // (or the once() wrapper's).
            let Some(heard) = get(ctx, events.1, &named(ctx, data, REMOVE_LISTENER)) else { return qjs::JS_EXCEPTION };
            if !qjs::JS_IsUndefined(heard.1) {
                let Some(inner) = get(ctx, stored.1, &listener_atom) else { return qjs::JS_EXCEPTION };
                let removed = if truthy(ctx, inner.1) { inner.1 } else { listener };
                let Some(emit) = get(ctx, this, &named(ctx, data, EMIT)) else { return qjs::JS_EXCEPTION };
                let mut args = [d(REMOVE_LISTENER), ty, removed];
                let r = qjs::JS_Call(ctx, emit.1, this, 3, args.as_mut_ptr());
                if qjs::JS_IsException(r) {
                    return r;
                }
                free_value(ctx, r);
            }
            dup_value(ctx, this)
        })
    }
}
