//! The host side of `node:vm` (<https://nodejs.org/api/vm.html>): contexts as
//! separate QuickJS contexts (realms) of the same runtime, each with its own
//! global object and intrinsics (`Array`, `Object`, …), as V8 gives each vm
//! context its own. Values cross freely between the realms of one runtime.
//!
//! A vm context is only ever driven with QuickJS's own calls (JS_Eval in
//! it, JS_GetGlobalObject): it has none of rquickjs's per-context state, and
//! functions made in the main context keep running in the main context when
//! called from it (a C function runs in its own realm).
use std::cell::RefCell;
use std::collections::HashMap;
use std::ffi::CString;

use rquickjs::{qjs, Ctx, Function, Object, Value};

thread_local! {
    /// This thread's vm contexts by id; freed when the session ends (or at
    /// once, for a context nobody can reach again).
    static CONTEXTS: RefCell<(u32, HashMap<u32, usize>)> = RefCell::new((0, HashMap::new()));
}

fn context(id: u32) -> Option<*mut qjs::JSContext> {
    CONTEXTS.with(|c| c.borrow().1.get(&id).map(|p| *p as *mut qjs::JSContext))
}

fn throw_type_error<'js>(ctx: &Ctx<'js>, message: &str) -> rquickjs::Error {
    rquickjs::Exception::throw_type(ctx, message)
}

/// Runs `source` as a global script named `filename` in `target` (a raw
/// context of this runtime); the completion value, or the exception (which
/// the runtime holds, whichever realm threw it).
fn eval_in<'js>(
    ctx: &Ctx<'js>,
    target: *mut qjs::JSContext,
    source: &str,
    filename: &str,
) -> rquickjs::Result<Value<'js>> {
    let mut bytes = Vec::with_capacity(source.len() + 1);
    bytes.extend_from_slice(source.as_bytes());
    bytes.push(0);
    let name = CString::new(filename.replace('\0', "")).unwrap_or_default();
    // SAFETY: `target` is a live context of `ctx`'s runtime (it is only
    // freed through `vmFreeContext` or at the session's end, and ids are
    // never reused); `bytes` is NUL-terminated and outlives the call; the
    // result is an owned value, valid in every context of the runtime.
    unsafe {
        let v = qjs::JS_Eval(
            target,
            bytes.as_ptr().cast(),
            source.len() as _,
            name.as_ptr(),
            qjs::JS_EVAL_TYPE_GLOBAL as i32,
        );
        if qjs::JS_IsException(v) {
            return Err(rquickjs::Error::Exception);
        }
        Ok(Value::from_raw(ctx.clone(), v))
    }
}

/// Installs `host.vm`: `newContext()`, `global(id)`, `run(id, source,
/// filename)`, `freeContext(id)`, `compile(source, filename)` (a syntax check
/// in this realm) and `runHere(source, filename)` (runInThisContext).
pub(crate) fn install<'js>(ctx: &Ctx<'js>, host: &Object<'js>) -> rquickjs::Result<()> {
    let vm = Object::new(ctx.clone())?;
    vm.set(
        "newContext",
        Function::new(ctx.clone(), |ctx: Ctx<'js>| -> rquickjs::Result<u32> {
            // SAFETY: a new context of the runtime `ctx` belongs to, owned by
            // CONTEXTS until it is freed.
            let raw = unsafe { qjs::JS_NewContext(qjs::JS_GetRuntime(ctx.as_raw().as_ptr())) };
            if raw.is_null() {
                return Err(throw_type_error(&ctx, "vm: the engine could not make a context"));
            }
            Ok(CONTEXTS.with(|c| {
                let mut c = c.borrow_mut();
                c.0 += 1;
                let id = c.0;
                c.1.insert(id, raw as usize);
                id
            }))
        })?,
    )?;
    vm.set(
        "global",
        Function::new(ctx.clone(), |ctx: Ctx<'js>, id: u32| -> rquickjs::Result<Value<'js>> {
            let raw = context(id).ok_or_else(|| throw_type_error(&ctx, "vm: no such context"))?;
            // SAFETY: `raw` is live (see eval_in); the global object is
            // returned as a new reference.
            Ok(unsafe { Value::from_raw(ctx.clone(), qjs::JS_GetGlobalObject(raw)) })
        })?,
    )?;
    vm.set(
        "run",
        Function::new(
            ctx.clone(),
            |ctx: Ctx<'js>, id: u32, source: String, filename: String| -> rquickjs::Result<Value<'js>> {
                let raw = context(id).ok_or_else(|| throw_type_error(&ctx, "vm: no such context"))?;
                eval_in(&ctx, raw, &source, &filename)
            },
        )?,
    )?;
    vm.set(
        "freeContext",
        Function::new(ctx.clone(), |id: u32| {
            if let Some(raw) = CONTEXTS.with(|c| c.borrow_mut().1.remove(&id)) {
                // SAFETY: the context was made by newContext and is dropped
                // once; objects that still need it (its functions) hold
                // references of their own.
                unsafe { qjs::JS_FreeContext(raw as *mut qjs::JSContext) };
            }
        })?,
    )?;
    vm.set(
        "compile",
        Function::new(
            ctx.clone(),
            |ctx: Ctx<'js>, source: String, filename: String| -> rquickjs::Result<()> {
                crate::quickjs::compile_classic_script(&ctx, &source, &filename).map(|_| ())
            },
        )?,
    )?;
    vm.set(
        "runHere",
        Function::new(
            ctx.clone(),
            |ctx: Ctx<'js>, source: String, filename: String| -> rquickjs::Result<Value<'js>> {
                let script = crate::quickjs::compile_classic_script(&ctx, &source, &filename)?;
                crate::quickjs::run_compiled(&ctx, &script)
            },
        )?,
    )?;
    host.set("vm", vm)?;
    Ok(())
}

/// Frees this thread's vm contexts (before the runtime goes).
pub(crate) fn teardown() {
    let all: Vec<usize> = CONTEXTS.with(|c| c.borrow_mut().1.drain().map(|(_, p)| p).collect());
    for raw in all {
        // SAFETY: each was made by newContext and not freed yet.
        unsafe { qjs::JS_FreeContext(raw as *mut qjs::JSContext) };
    }
}
