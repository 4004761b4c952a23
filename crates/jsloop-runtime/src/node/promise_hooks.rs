//! `v8.promiseHooks` (<https://nodejs.org/api/v8.html#promise-hooks>) on
//! QuickJS's promise hook (`JS_SetPromiseHook`): the engine calls one
//! function of the glue (js/node/v8.js) with the hook's type (0 init,
//! 1 before, 2 after, 3 resolve: V8's settled), the promise and, for init,
//! its parent. One per thread, as each thread has its own runtime. Also
//! `Promise.prototype.then` as it is once a program uses async_hooks: its
//! handlers bound to the AsyncLocalStorage frame of the call.
use std::cell::RefCell;
use std::ffi::c_int;
use std::ptr::NonNull;

use rquickjs::{qjs, Ctx, Function, Object, Persistent, Value};

use crate::quickjs::raw::{arg, is_function};

thread_local! {
    static HOOK: RefCell<Option<Persistent<Function<'static>>>> = const { RefCell::new(None) };
}

unsafe extern "C" fn on_promise(
    ctx: *mut qjs::JSContext,
    kind: qjs::JSPromiseHookType,
    promise: qjs::JSValue,
    parent: qjs::JSValue,
    _opaque: *mut std::ffi::c_void,
) {
    let Some(raw) = NonNull::new(ctx) else { return };
    let Some(hook) = HOOK.with(|h| h.borrow().clone()) else { return };
    // SAFETY: the engine calls this with a live context, on its thread; the
    // promise and parent are borrowed, so each is duplicated before a Value
    // takes ownership of it.
    let ctx = unsafe { Ctx::from_raw(raw) };
    let Ok(func) = hook.restore(&ctx) else { return };
    let promise = unsafe { Value::from_raw(ctx.clone(), qjs::JS_DupValue(raw.as_ptr(), promise)) };
    let parent = unsafe { Value::from_raw(ctx.clone(), qjs::JS_DupValue(raw.as_ptr(), parent)) };
    // (The glue catches what a hook throws and reports it as uncaught.)
    if func.call::<_, ()>((kind as i32, promise, parent)).is_err() {
        let _ = ctx.catch();
    }
}

/// A promise reaction's handler bound to an AsyncLocalStorage frame
/// (`data`: the handler, the frame, the glue's `asyncContext`; `magic`: the
/// atom `frame`, the property of `asyncContext` that holds it): the frame
/// is made current around the handler's call and the one before put back,
/// also when the handler throws (lib/internal/async_context_frame.js:
/// V8 restores a reaction's continuation data around its job).
unsafe extern "C" fn in_frame(
    ctx: *mut qjs::JSContext,
    _this: qjs::JSValue,
    argc: c_int,
    argv: *mut qjs::JSValue,
    magic: c_int,
    data: *mut qjs::JSValue,
) -> qjs::JSValue {
    // SAFETY: the engine passes the three data values the function was made
    // with; JS_SetProperty takes the value it is given; the atom is kept
    // alive by thenInFrame.
    unsafe {
        let frame_atom = magic as qjs::JSAtom;
        let holder = *data.add(2);
        let prior = qjs::JS_GetProperty(ctx, holder, frame_atom);
        if qjs::JS_IsException(prior) {
            return prior;
        }
        if qjs::JS_SetProperty(ctx, holder, frame_atom, qjs::JS_DupValue(ctx, *data.add(1))) < 0 {
            qjs::JS_FreeValue(ctx, prior);
            return qjs::JS_EXCEPTION;
        }
        let result = qjs::JS_Call(ctx, *data, qjs::JS_UNDEFINED, argc, argv);
        // (A plain data property: setting it cannot throw, so an exception
        // the handler threw stays the pending one.)
        qjs::JS_SetProperty(ctx, holder, frame_atom, prior);
        result
    }
}

/// `Promise.prototype.then` under async context tracking (`data`: the
/// engine's `then`, the glue's `asyncContext`; `magic`: the atom `frame`):
/// each handler that is a
/// function is bound to the frame current at this call ([`in_frame`]), then
/// the engine's `then` is called with them.
unsafe extern "C" fn then_in_frame(
    ctx: *mut qjs::JSContext,
    this: qjs::JSValue,
    argc: c_int,
    argv: *mut qjs::JSValue,
    magic: c_int,
    data: *mut qjs::JSValue,
) -> qjs::JSValue {
    // SAFETY: the engine passes the two data values the function was made
    // with and `argc` arguments; every value made here is freed here.
    unsafe {
        let holder = *data.add(1);
        let frame = qjs::JS_GetProperty(ctx, holder, magic as qjs::JSAtom);
        if qjs::JS_IsException(frame) {
            return frame;
        }
        let mut handlers = [qjs::JS_UNDEFINED; 2];
        for (i, slot) in handlers.iter_mut().enumerate() {
            let handler = arg(argc, argv, i);
            *slot = if is_function(ctx, handler) {
                let mut bound = [handler, frame, holder];
                qjs::JS_NewCFunctionData(ctx, Some(in_frame), 1, magic, 3, bound.as_mut_ptr())
            } else {
                qjs::JS_DupValue(ctx, handler)
            };
        }
        qjs::JS_FreeValue(ctx, frame);
        let result = if handlers.iter().any(|&h| qjs::JS_IsException(h)) {
            qjs::JS_EXCEPTION
        } else {
            qjs::JS_Call(ctx, *data, this, 2, handlers.as_mut_ptr())
        };
        for h in handlers {
            qjs::JS_FreeValue(ctx, h);
        }
        result
    }
}

/// `host.setPromiseHook(fn | null)`: the glue's dispatcher, or none (the
/// engine then calls nothing).
pub(super) fn install<'js>(ctx: &Ctx<'js>, host: &Object<'js>) -> rquickjs::Result<()> {
    host.set(
        "setPromiseHook",
        Function::new(ctx.clone(), |ctx: Ctx<'js>, f: Option<Function<'js>>| {
            // SAFETY: the runtime of this live context.
            let rt = unsafe { qjs::JS_GetRuntime(ctx.as_raw().as_ptr()) };
            let on = f.is_some();
            HOOK.with(|h| *h.borrow_mut() = f.map(|f| Persistent::save(&ctx, f)));
            // SAFETY: a callback of the right type; no opaque pointer.
            unsafe {
                qjs::JS_SetPromiseHook(rt, if on { Some(on_promise) } else { None }, std::ptr::null_mut())
            };
        })?,
    )?;
    // `host.thenInFrame(then, asyncContext)`: `Promise.prototype.then`
    // binding its handlers to the AsyncLocalStorage frame of its call
    // ([`then_in_frame`]; 40_node.js bindPromiseReactions), a built-in
    // function as the engine's own is (named `then`, length 2, no
    // `prototype`, not a constructor, `[native code]`).
    host.set(
        "thenInFrame",
        Function::new(ctx.clone(), |ctx: Ctx<'js>, then: Function<'js>, holder: Object<'js>| {
            let raw = ctx.as_raw().as_ptr();
            let mut data = [then.as_raw(), holder.as_raw()];
            // SAFETY: `raw` is the live context; the engine duplicates the
            // data values, and the new value is owned by the returned Value.
            // The atom `frame` is passed as the functions' magic number
            // (atoms fit it) and its reference is kept for the runtime's
            // life: this is made once per thread.
            let value = unsafe {
                let frame_atom = qjs::JS_NewAtom(raw, c"frame".as_ptr());
                qjs::JS_NewCFunctionData2(
                    raw,
                    Some(then_in_frame),
                    c"then".as_ptr(),
                    2,
                    frame_atom as c_int,
                    2,
                    data.as_mut_ptr(),
                )
            };
            if unsafe { qjs::JS_IsException(value) } {
                return Err(rquickjs::Error::Exception);
            }
            Ok(unsafe { Value::from_raw(ctx.clone(), value) })
        })?,
    )?;
    Ok(())
}
