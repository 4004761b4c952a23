//! `EventEmitter.prototype.emit` as a raw C function (issue 15, item 3;
//! issue 18's http_hello emits about twenty events a request): the steps of
//! the glue's `emit` (js/node/events.js) for its common case, an event that
//! is not `'error'` whose one listener is a function, without the rest
//! array and `Function.prototype.apply` the glue's version makes per call.
//!
//! Node's `EventEmitter.prototype.emit(type, ...args)`
//! (<https://nodejs.org/api/events.html#emitteremiteventname-args>,
//! lib/events.js): `this._events[type]`; none: false; a function: called
//! with `this` the emitter and the arguments; an array: each listener of a
//! copy, in order. Anything but a string or a symbol as the type, an
//! `'error'` (the errorMonitor listeners first, the throw when none
//! listens) and a `this` that is not an object go to the glue's `emit`
//! itself; a listener array goes to the glue's `emitList`, which takes the
//! array's steps (the `kEmitting` count that makes an add or remove during
//! the emit replace the array) with the listener already read. A promise a
//! listener returns is handed to the glue's `watchForRejection` when the
//! emitter captures rejections, as the glue's emit does.
//!
//! The function is frameless in stack traces (00_console.js,
//! `stackFrameless`), as the glue's emit is (glue frames are left out).
use rquickjs::{qjs, Ctx, Object};

use super::hot::{guarded, misuse};
use crate::quickjs::raw::{arg, free_value, function_with_data, is_function, raw_fn, raw_function, truthy};

/// The values `host.fastEmit` keeps with the function, in this order.
const SLOW: usize = 0; // the glue's emit
const LIST: usize = 1; // emitList(handler, type, ...args), `this` the emitter
const WATCH: usize = 2; // watchForRejection(emitter, result, type, args)
const K_CAPTURE: usize = 3; // the kCapture symbol
const EVENTS: usize = 4; // the string '_events'
const ERROR: usize = 5; // the string 'error'
const K_EMITTING: usize = 6; // the kEmitting symbol (Node's `Symbol(events.emitting)`)
const DATA_LEN: usize = 7;

/// Installs `host.fastEmit`.
pub(super) fn install<'js>(ctx: &Ctx<'js>, host: &Object<'js>) -> rquickjs::Result<()> {
    host.set("fastEmit", raw_function(ctx, c"fastEmit", DATA_LEN as i32, make_emit)?)
}

raw_fn! {
    /// `host.fastEmit(emit, emitList, watchForRejection, kCapture, '_events',
    /// 'error', kEmitting)`: the `emit` function (named `emit`, length 1, as the glue's
    /// and Node's).
    fn make_emit(ctx, _this, argc, argv) {
        guarded(ctx, || unsafe {
            let mut data: [qjs::JSValue; DATA_LEN] = std::array::from_fn(|i| arg(argc, argv, i));
            let ok = is_function(ctx, data[SLOW])
                && is_function(ctx, data[LIST])
                && is_function(ctx, data[WATCH])
                && qjs::JS_IsSymbol(data[K_CAPTURE])
                && qjs::JS_IsString(data[EVENTS])
                && qjs::JS_IsString(data[ERROR])
                && qjs::JS_IsSymbol(data[K_EMITTING]);
            if !ok {
                return misuse(ctx);
            }
            // (JS_NewCFunctionData takes references of its own.)
            function_with_data(ctx, Some(emit), c"emit", 1, 0, &mut data)
        })
    }
}

/// The atom of a string or symbol value (a new reference; the strings here
/// are atoms already, so this is a lookup of their index).
unsafe fn atom_of(ctx: *mut qjs::JSContext, v: qjs::JSValue) -> qjs::JSAtom {
    unsafe { qjs::JS_ValueToAtom(ctx, v) }
}

raw_fn! {
    /// `emitter.emit(type, ...args)`.
    fn emit(ctx, this, argc, argv, _magic, data) {
        guarded(ctx, || unsafe { emit_steps(ctx, this, argc, argv, data) })
    }
}

unsafe fn emit_steps(
    ctx: *mut qjs::JSContext,
    this: qjs::JSValue,
    argc: std::ffi::c_int,
    argv: *mut qjs::JSValue,
    data: *mut qjs::JSValue,
) -> qjs::JSValue {
    unsafe {
        let d = |i: usize| *data.add(i);
        let slow = || qjs::JS_Call(ctx, d(SLOW), this, argc, argv);
        let ty = arg(argc, argv, 0);
        // (A type of another kind becomes a key only when `events[type]` is
        // read, after `this._events`: the glue's order, kept there.)
        if !(qjs::JS_IsString(ty) || qjs::JS_IsSymbol(ty)) || !qjs::JS_IsObject(this) {
            return slow();
        }
        let ty_atom = atom_of(ctx, ty);
        if ty_atom == qjs::JS_ATOM_NULL {
            return qjs::JS_EXCEPTION;
        }
        let error_atom = atom_of(ctx, d(ERROR));
        let is_error = ty_atom == error_atom;
        qjs::JS_FreeAtom(ctx, error_atom);
        if is_error {
            qjs::JS_FreeAtom(ctx, ty_atom);
            return slow();
        }
        // Step: const events = this._events.
        let events_atom = atom_of(ctx, d(EVENTS));
        let events = qjs::JS_GetProperty(ctx, this, events_atom);
        qjs::JS_FreeAtom(ctx, events_atom);
        if qjs::JS_IsException(events) {
            qjs::JS_FreeAtom(ctx, ty_atom);
            return events;
        }
        // Step: no events at all (and not 'error'): false.
        if qjs::JS_IsUndefined(events) {
            qjs::JS_FreeAtom(ctx, ty_atom);
            return qjs::JS_FALSE;
        }
        // Step: const handler = events[type].
        let handler = qjs::JS_GetProperty(ctx, events, ty_atom);
        free_value(ctx, events);
        qjs::JS_FreeAtom(ctx, ty_atom);
        if qjs::JS_IsException(handler) {
            return handler;
        }
        if qjs::JS_IsUndefined(handler) {
            return qjs::JS_FALSE;
        }
        let rest = if argc > 1 { argv.add(1) } else { argv };
        let rest_len = (argc - 1).max(0);
        if !is_function(ctx, handler) {
            // A list whose listeners are all functions: its steps here;
            // anything else stored: the glue's emitList(handler, type, ...args).
            if let Some(len) = function_list(ctx, handler) {
                let r = emit_list(ctx, this, handler, len, ty, rest_len, rest, data);
                free_value(ctx, handler);
                return r;
            }
            let mut list_args = Vec::with_capacity(argc as usize + 1);
            list_args.push(handler);
            list_args.push(ty);
            for i in 0..rest_len as usize {
                list_args.push(*rest.add(i));
            }
            let r = qjs::JS_Call(ctx, d(LIST), this, list_args.len() as _, list_args.as_mut_ptr());
            free_value(ctx, handler);
            return r;
        }
        // Step: the one listener, called with the emitter and the arguments.
        let result = qjs::JS_Call(ctx, handler, this, rest_len, rest);
        free_value(ctx, handler);
        if qjs::JS_IsException(result) {
            return result;
        }
        if watched(ctx, this, result, ty, rest_len, rest, data) {
            qjs::JS_TRUE
        } else {
            qjs::JS_EXCEPTION
        }
    }
}

/// The length of `list` if it is an Array (not a Proxy of one) whose
/// elements are all functions (borrowed).
unsafe fn function_list(ctx: *mut qjs::JSContext, list: qjs::JSValue) -> Option<u32> {
    unsafe {
        if !qjs::JS_IsArray(list) || qjs::JS_IsProxy(list) {
            return None;
        }
        let mut len: i64 = 0;
        if qjs::JS_GetLength(ctx, list, &mut len) < 0 {
            qjs::JS_FreeValue(ctx, qjs::JS_GetException(ctx));
            return None;
        }
        for i in 0..len {
            let v = qjs::JS_GetPropertyInt64(ctx, list, i);
            let f = is_function(ctx, v);
            free_value(ctx, v);
            if !f {
                return None;
            }
        }
        u32::try_from(len).ok()
    }
}

/// The glue's emitList for an Array of functions: `handler[kEmitting]++`,
/// each listener while `i < handler.length` (an add or remove during the
/// emit replaces the array, so this one stays as it began), then
/// `handler[kEmitting]--` however the loop ended (the glue's `finally`).
#[allow(clippy::too_many_arguments)]
unsafe fn emit_list(
    ctx: *mut qjs::JSContext,
    this: qjs::JSValue,
    handler: qjs::JSValue,
    _len: u32,
    ty: qjs::JSValue,
    rest_len: std::ffi::c_int,
    rest: *mut qjs::JSValue,
    data: *mut qjs::JSValue,
) -> qjs::JSValue {
    unsafe {
        let emitting = qjs::JS_ValueToAtom(ctx, *data.add(K_EMITTING));
        // (`handler[kEmitting]++` and `--`: listeners.rs's step.)
        let bump = |by: i32| -> bool { super::listeners::step(ctx, handler, emitting, by) };
        if !bump(1) {
            qjs::JS_FreeAtom(ctx, emitting);
            return qjs::JS_EXCEPTION;
        }
        let mut failed = false;
        let mut i: i64 = 0;
        loop {
            let mut len: i64 = 0;
            if qjs::JS_GetLength(ctx, handler, &mut len) < 0 {
                failed = true;
                break;
            }
            if i >= len {
                break;
            }
            let f = qjs::JS_GetPropertyInt64(ctx, handler, i);
            if qjs::JS_IsException(f) {
                failed = true;
                break;
            }
            let result = qjs::JS_Call(ctx, f, this, rest_len, rest);
            free_value(ctx, f);
            if qjs::JS_IsException(result) || !watched(ctx, this, result, ty, rest_len, rest, data) {
                failed = true;
                break;
            }
            i += 1;
        }
        // The `finally`: the count goes down even after a throw (an
        // exception there replaces the loop's, as in the glue).
        let pending = if failed { Some(qjs::JS_GetException(ctx)) } else { None };
        let ok = bump(-1);
        qjs::JS_FreeAtom(ctx, emitting);
        if !ok {
            if let Some(e) = pending {
                free_value(ctx, e);
            }
            return qjs::JS_EXCEPTION;
        }
        if let Some(e) = pending {
            return qjs::JS_Throw(ctx, e);
        }
        qjs::JS_TRUE
    }
}

/// After a listener returned `result` (taken): watchForRejection(this,
/// result, type, args) when the result is not undefined or null and the
/// emitter captures rejections (the glue's watchForRejection returns at
/// once otherwise: no arguments array made for it then). False when it threw.
unsafe fn watched(
    ctx: *mut qjs::JSContext,
    this: qjs::JSValue,
    result: qjs::JSValue,
    ty: qjs::JSValue,
    rest_len: std::ffi::c_int,
    rest: *mut qjs::JSValue,
    data: *mut qjs::JSValue,
) -> bool {
    unsafe {
        if qjs::JS_IsUndefined(result) || qjs::JS_IsNull(result) {
            return true;
        }
        let capture_atom = atom_of(ctx, *data.add(K_CAPTURE));
        let capture = qjs::JS_GetProperty(ctx, this, capture_atom);
        qjs::JS_FreeAtom(ctx, capture_atom);
        if qjs::JS_IsException(capture) {
            free_value(ctx, result);
            return false;
        }
        let captures = truthy(ctx, capture);
        free_value(ctx, capture);
        if !captures {
            free_value(ctx, result);
            return true;
        }
        let args = qjs::JS_NewArray(ctx);
        if qjs::JS_IsException(args) {
            free_value(ctx, result);
            return false;
        }
        for i in 0..rest_len as usize {
            let v = qjs::JS_DupValue(ctx, *rest.add(i));
            if qjs::JS_SetPropertyUint32(ctx, args, i as u32, v) < 0 {
                free_value(ctx, args);
                free_value(ctx, result);
                return false;
            }
        }
        let mut watch_args = [this, result, ty, args];
        let r = qjs::JS_Call(ctx, *data.add(WATCH), qjs::JS_UNDEFINED, 4, watch_args.as_mut_ptr());
        free_value(ctx, args);
        free_value(ctx, result);
        if qjs::JS_IsException(r) {
            return false;
        }
        free_value(ctx, r);
        true
    }
}
