//! `setTimeout`, `setInterval`, `clearTimeout` and `clearInterval` of the
//! window (or worker global) as raw QuickJS C functions (issue 15, item 3):
//! <https://html.spec.whatwg.org/multipage/timers-and-user-prompts.html#timers>.
//!
//! Each takes the common case itself — called on the global (or with no
//! `this`), a function handler, a timeout that is missing or a number, not
//! under --trace — and calls the glue's version (10_browser.js, the
//! function's `data[0]`) for everything else: a string handler, a timeout
//! that needs ToNumber (an object's `valueOf`, a string, a symbol's
//! TypeError), a missing argument's TypeError, another `this` (Illegal
//! invocation), and the traced call stack and place of the call. Both do
//! the same steps: Web IDL's argument conversion, in order, then the
//! timer initialization steps (`EventLoop::timer_initialization_steps`,
//! jsloop-core's html/timers.rs) or the clear steps.

use rquickjs::{qjs, Ctx, Object};

use super::hot::misuse;
use super::{JsSteps, Shared};
use crate::quickjs::raw::{
    self, arg, function_with_data, is_function, number, raw_fn, raw_function, to_int32, RawCall,
};

/// Runs `body` with the window's state (see `quickjs::raw::with_state`).
fn with_shared(ctx: *mut qjs::JSContext, body: impl FnOnce(&Shared) -> qjs::JSValue) -> qjs::JSValue {
    // SAFETY: the context's opaque pointer is its window's state or null (hot.rs's `attach`).
    unsafe { raw::with_state(ctx, c"browser", body) }
}

/// Whether `this` is what Web IDL's operations of the global accept as
/// their receiver without a look at the glue: undefined or null (the
/// global, for a bare call) or the global object itself.
///
/// # Safety
/// `ctx` must be the live context calling a raw function.
unsafe fn on_global(ctx: *mut qjs::JSContext, this: qjs::JSValue) -> bool {
    unsafe {
        if qjs::JS_IsUndefined(this) || qjs::JS_IsNull(this) {
            return true;
        }
        let global = qjs::JS_GetGlobalObject(ctx);
        let same = qjs::JS_VALUE_GET_TAG(this) == qjs::JS_TAG_OBJECT
            && qjs::JS_VALUE_GET_PTR(this) == qjs::JS_VALUE_GET_PTR(global);
        qjs::JS_FreeValue(ctx, global);
        same
    }
}

/// A timeout or handle that Web IDL's `long` conversion
/// (<https://webidl.spec.whatwg.org/#js-long>) takes without calling script:
/// a missing argument (the IDL default, 0) or a number (ToInt32's modulo
/// 2^32). None for anything that needs ToNumber.
///
/// # Safety
/// `v` must be a valid value.
unsafe fn long_of_number(v: qjs::JSValue) -> Option<i32> {
    unsafe {
        if qjs::JS_IsUndefined(v) {
            return Some(0);
        }
        if qjs::JS_VALUE_GET_TAG(v) == qjs::JS_TAG_INT {
            return Some(qjs::JS_VALUE_GET_INT(v));
        }
        number(v).map(to_int32)
    }
}

raw_fn! {
    /// `setTimeout(handler, timeout, ...arguments)` and `setInterval(...)`
    /// (`magic` 1): <https://html.spec.whatwg.org/multipage/timers-and-user-prompts.html#dom-settimeout>,
    /// "return the result of running the timer initialization steps given
    /// this, handler, timeout, arguments, and false" (true for setInterval).
    fn set_timer(ctx, this, argc, argv, magic, data) {
        with_shared(ctx, |s| unsafe {
            let handler = arg(argc, argv, 0);
            // (Web IDL: the handler, then the timeout; both taken as they are here.)
            let timeout = long_of_number(arg(argc, argv, 1));
            let fast = argc >= 1 && is_function(ctx, handler) && on_global(ctx, this);
            let (Some(timeout), true) = (timeout, fast) else {
                return qjs::JS_Call(ctx, *data, this, argc, argv);
            };
            if s.lp.borrow().tracer.enabled() {
                return qjs::JS_Call(ctx, *data, this, argc, argv);
            }
            // Step 1. Let thisArg be global if that is a WorkerGlobalScope object;
            // otherwise let thisArg be the WindowProxy that corresponds to global
            // (the global object itself here: script sees no other WindowProxy).
            let global = qjs::JS_GetGlobalObject(ctx);
            // (Step 8.4's callback and arguments, held by the timer's task: the
            // arguments after the timeout, unconverted.)
            let args: Box<[qjs::JSValue]> = if argc > 2 {
                (2..argc as usize).map(|i| qjs::JS_DupValue(ctx, *argv.add(i))).collect()
            } else {
                Box::new([])
            };
            let call = RawCall::new(ctx, handler, global, args);
            qjs::JS_FreeValue(ctx, global);
            // Steps 2–14: the loop's (jsloop-core html/timers.rs).
            let id = s.lp.borrow_mut().timer_initialization_steps(
                JsSteps::Call(call),
                timeout,
                magic == 1,
                None,
                None,
            );
            match i32::try_from(id) {
                Ok(id) => qjs::JS_MKVAL(qjs::JS_TAG_INT, id),
                Err(_) => qjs::JS_NewFloat64(f64::from(id)),
            }
        })
    }
}

raw_fn! {
    /// `clearTimeout(id)` and `clearInterval(id)`:
    /// <https://html.spec.whatwg.org/multipage/timers-and-user-prompts.html#dom-cleartimeout>,
    /// "remove this's map of setTimeout and setInterval IDs\[id\]" (an unknown
    /// id, 0 included, is none there).
    fn clear_timer(ctx, this, argc, argv, _magic, data) {
        with_shared(ctx, |s| unsafe {
            let (Some(id), true) = (long_of_number(arg(argc, argv, 0)), on_global(ctx, this)) else {
                return qjs::JS_Call(ctx, *data, this, argc, argv);
            };
            if id > 0 {
                s.lp.borrow_mut().clear_timer(id as u32);
            }
            qjs::JS_UNDEFINED
        })
    }
}

raw_fn! {
    /// `host.timerFunctions(setTimeout, setInterval, clearTimeout,
    /// clearInterval)`: the four raw functions, each with the glue's version
    /// (the arguments, in that order) as its fallback, named and with the
    /// lengths of the glue's (Web IDL's: 1, 1, 0, 0).
    fn timer_functions(ctx, _this, argc, argv) {
        raw::guarded(ctx, c"browser", || unsafe {
            let slow: [qjs::JSValue; 4] = std::array::from_fn(|i| arg(argc, argv, i));
            if !slow.iter().all(|f| is_function(ctx, *f)) {
                return misuse(ctx);
            }
            let fns = [
                function_with_data(ctx, Some(set_timer), c"setTimeout", 1, 0, &mut [slow[0]]),
                function_with_data(ctx, Some(set_timer), c"setInterval", 1, 1, &mut [slow[1]]),
                function_with_data(ctx, Some(clear_timer), c"clearTimeout", 0, 0, &mut [slow[2]]),
                function_with_data(ctx, Some(clear_timer), c"clearInterval", 0, 0, &mut [slow[3]]),
            ];
            crate::quickjs::raw::array_of(ctx, fns)
        })
    }
}

/// Installs `host.timerFunctions`.
pub(super) fn install<'js>(ctx: &Ctx<'js>, host: &Object<'js>) -> rquickjs::Result<()> {
    host.set("timerFunctions", raw_function(ctx, c"timerFunctions", 4, timer_functions)?)
}
