//! Node's `Immediate` (lib/internal/timers.js) as a native QuickJS class
//! (issue 15, item 3), beside `Timeout` (node/timeout.rs): an Immediate has
//! no state but the loop's immediate id (its opaque pointer), and
//! `setImmediate` is a raw C function with the glue's version as its
//! fallback.
use std::ffi::c_void;

use rquickjs::qjs;

use super::hot::{fast_callback, misuse, shared, with_shared};
use super::{NodeCallback, Shared};
use crate::quickjs::raw::{
    arg, array_of, define_accessor, function_with_data, is_function, new_class, number, raw_fn, RawCall,
};

/// The id of an Immediate of this session (its opaque pointer holds the
/// loop's immediate id itself: an Immediate has no other state).
///
/// # Safety
/// `v` must be a valid value.
unsafe fn immediate_id(s: &Shared, v: qjs::JSValue) -> Option<u64> {
    let class = s.immediate_class.get();
    unsafe {
        if class == 0 || qjs::JS_GetClassID(v) != class {
            return None;
        }
        Some(qjs::JS_GetOpaque(v, class) as usize as u64)
    }
}

raw_fn! {
    /// `setImmediate(callback, ...args)`
    /// (<https://nodejs.org/api/timers.html#setimmediatecallback-args>):
    /// lib/timers.js's `setImmediate` — `new Immediate(callback, args)`, appended
    /// to the immediate queue — for a callback that is a function while async
    /// hooks are off and not under --trace; the loop calls the callback with
    /// the Immediate as `this` and the arguments. `data[0]` is the glue's
    /// version, for everything else (its argument error, an async resource,
    /// the traced call stack).
    fn set_immediate(ctx, this, argc, argv, _magic, data) {
        with_shared(ctx, |s| unsafe {
            let callback = arg(argc, argv, 0);
            if !fast_callback(ctx, s, callback) {
                return qjs::JS_Call(ctx, *data, this, argc, argv);
            }
            let obj = qjs::JS_NewObjectClass(ctx, s.immediate_class.get());
            if qjs::JS_IsException(obj) {
                return obj;
            }
            let args: Box<[qjs::JSValue]> =
                (1..argc.max(1) as usize).map(|i| qjs::JS_DupValue(ctx, *argv.add(i))).collect();
            let id = s.lp.borrow_mut().set_immediate(NodeCallback::Call(RawCall::new(ctx, callback, obj, args)));
            qjs::JS_SetOpaque(obj, id as usize as *mut c_void);
            obj
        })
    }
}

raw_fn! {
    /// The getter of the Immediate's id (the glue's symbol); undefined on
    /// anything else.
    fn get_immediate_id(ctx, this, _argc, _argv) {
        unsafe {
            let Some(s) = shared(ctx) else { return misuse(ctx) };
            match immediate_id(s, this) {
                Some(id) => qjs::JS_NewFloat64(id as f64),
                None => qjs::JS_UNDEFINED,
            }
        }
    }
}

raw_fn! {
    /// Its setter: the glue's setImmediate gives a new Immediate the id the
    /// loop gave its immediate.
    fn set_immediate_id(ctx, this, argc, argv) {
        unsafe {
            let Some(s) = shared(ctx) else { return misuse(ctx) };
            let (Some(_), Some(id)) = (immediate_id(s, this), number(arg(argc, argv, 0))) else {
                return misuse(ctx);
            };
            qjs::JS_SetOpaque(this, id as usize as *mut c_void);
            qjs::JS_UNDEFINED
        }
    }
}

raw_fn! {
    /// `newImmediate()`: an Immediate whose id the glue sets.
    fn new_immediate(ctx, _this, _argc, _argv) {
        unsafe {
            let Some(s) = shared(ctx) else { return misuse(ctx) };
            if s.immediate_class.get() == 0 {
                return misuse(ctx);
            }
            qjs::JS_NewObjectClass(ctx, s.immediate_class.get())
        }
    }
}

raw_fn! {
    /// `host.immediateClass(proto, key, slowSetImmediate)`: makes the Immediate
    /// class with `proto` (the glue's `Immediate.prototype`) as its prototype,
    /// defines the accessor of its id under `key` (the glue's symbol), and
    /// returns `[setImmediate, newImmediate]`.
    pub(super) fn immediate_class(ctx, _this, argc, argv) {
        with_shared(ctx, |s| unsafe {
            let (proto, key, slow) = (arg(argc, argv, 0), arg(argc, argv, 1), arg(argc, argv, 2));
            if !qjs::JS_IsObject(proto) || !is_function(ctx, slow) || s.immediate_class.get() != 0 {
                return misuse(ctx);
            }
            let Some(class) = new_class(ctx, c"Immediate", None, None, proto) else { return misuse(ctx) };
            s.immediate_class.set(class);
            let getter = qjs::JS_NewCFunction2(
                ctx,
                Some(get_immediate_id),
                c"get".as_ptr(),
                0,
                qjs::JSCFunctionEnum_JS_CFUNC_generic,
                0,
            );
            let setter = qjs::JS_NewCFunction2(
                ctx,
                Some(set_immediate_id),
                c"set".as_ptr(),
                1,
                qjs::JSCFunctionEnum_JS_CFUNC_generic,
                0,
            );
            if !define_accessor(ctx, proto, key, getter, setter) {
                return qjs::JS_EXCEPTION;
            }
            // (One kept alive with the function, for its shape: see timeout_class.)
            let keeper = qjs::JS_NewObjectClass(ctx, class);
            if qjs::JS_IsException(keeper) {
                return keeper;
            }
            let fns = [
                function_with_data(ctx, Some(set_immediate), c"setImmediate", 1, 0, &mut [slow, keeper]),
                qjs::JS_NewCFunction2(
                    ctx,
                    Some(new_immediate),
                    c"newImmediate".as_ptr(),
                    0,
                    qjs::JSCFunctionEnum_JS_CFUNC_generic,
                    0,
                ),
            ];
            qjs::JS_FreeValue(ctx, keeper);
            array_of(ctx, fns)
        })
    }
}
