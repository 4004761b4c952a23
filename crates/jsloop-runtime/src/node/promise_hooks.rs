//! `v8.promiseHooks` (<https://nodejs.org/api/v8.html#promise-hooks>) on
//! QuickJS's promise hook (`JS_SetPromiseHook`): the engine calls one
//! function of the glue (js/node/v8.js) with the hook's type (0 init,
//! 1 before, 2 after, 3 resolve: V8's settled), the promise and, for init,
//! its parent. One per thread, as each thread has its own runtime.
use std::cell::RefCell;
use std::ffi::{c_int, CString};
use std::ptr::NonNull;

use rquickjs::{qjs, Ctx, Function, Object, Persistent, Value};

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

/// A native function's call: `data[0]`, the glue's implementation, with the
/// same `this` and arguments.
unsafe extern "C" fn forward(
    ctx: *mut qjs::JSContext,
    this: qjs::JSValue,
    argc: c_int,
    argv: *mut qjs::JSValue,
    _magic: c_int,
    data: *mut qjs::JSValue,
) -> qjs::JSValue {
    // SAFETY: the engine passes the one data value the function was made with.
    unsafe { qjs::JS_Call(ctx, *data, this, argc, argv) }
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
    // `host.nativeFunction(impl, name, length)`: a built-in function object
    // (no `prototype`, not a constructor, `[native code]` as its source
    // text) named `name` with `length`, whose calls are `impl`'s: for a
    // method the glue replaces on a built-in prototype
    // (`Promise.prototype.then` under async context tracking, 40_node.js),
    // so that it still looks as the engine's own does.
    host.set(
        "nativeFunction",
        Function::new(ctx.clone(), |ctx: Ctx<'js>, f: Function<'js>, name: String, length: i32| {
            let name = CString::new(name).map_err(|_| rquickjs::Error::Unknown)?;
            let raw = ctx.as_raw().as_ptr();
            let mut data = f.as_raw();
            // SAFETY: `raw` is the live context; the data value is duplicated
            // by the engine, and the new value is owned by the returned Value.
            let value = unsafe {
                qjs::JS_NewCFunctionData2(raw, Some(forward), name.as_ptr(), length, 0, 1, &mut data)
            };
            if unsafe { qjs::JS_IsException(value) } {
                return Err(rquickjs::Error::Exception);
            }
            Ok(unsafe { Value::from_raw(ctx.clone(), value) })
        })?,
    )?;
    Ok(())
}
