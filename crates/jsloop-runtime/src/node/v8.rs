//! What the `v8` module (js/node/v8.js) reads from the engine: the heap's
//! figures (QuickJS's `JS_ComputeMemoryUsage`, the numbers behind
//! `v8.getHeapStatistics()` and `getHeapSpaceStatistics()`).
use std::cell::Cell;

use rquickjs::{qjs, Ctx, Function, Object};

/// The head of QuickJS's `JSMallocState`, which quickjs.c keeps right
/// after the `JSMallocFunctions` at the start of its `JSRuntime`: what the
/// runtime has allocated, counted at every allocation.
#[repr(C)]
struct MallocState {
    malloc_count: usize,
    malloc_size: usize,
    malloc_limit: usize,
}

thread_local! {
    /// Whether this thread's runtime was seen to keep its counters where
    /// `malloc_state` reads them (checked once, against
    /// JS_ComputeMemoryUsage, which copies the same fields).
    static LAYOUT_CHECKED: Cell<Option<bool>> = const { Cell::new(None) };
}

fn compute_usage(rt: *mut qjs::JSRuntime) -> qjs::JSMemoryUsage {
    // SAFETY: JS_ComputeMemoryUsage only reads the live runtime `rt` and
    // fills the struct.
    unsafe {
        let mut u: qjs::JSMemoryUsage = std::mem::zeroed();
        qjs::JS_ComputeMemoryUsage(rt, &mut u);
        u
    }
}

/// The runtime's allocation counters, read without walking its heap (what
/// JS_ComputeMemoryUsage does, in time proportional to the heap); None if
/// the runtime's layout is not the one this reads.
fn malloc_state(rt: *mut qjs::JSRuntime) -> Option<(usize, usize, usize)> {
    // SAFETY: `rt` is a live JSRuntime, whose first fields are a
    // JSMallocFunctions and a JSMallocState (quickjs.c); the read is checked
    // against JS_ComputeMemoryUsage's copy of the same fields before its
    // figures are ever used.
    let read = || unsafe {
        let at = (rt as *const u8).add(std::mem::size_of::<qjs::JSMallocFunctions>()) as *const MallocState;
        let m = std::ptr::read(at);
        (m.malloc_count, m.malloc_size, m.malloc_limit)
    };
    let ok = LAYOUT_CHECKED.with(|c| match c.get() {
        Some(ok) => ok,
        None => {
            let (count, size, limit) = read();
            let u = compute_usage(rt);
            let ok = u.malloc_count == count as i64
                && u.malloc_size == size as i64
                && (u.malloc_limit == limit as i64 || (u.malloc_limit < 0 && limit == usize::MAX));
            c.set(Some(ok));
            ok
        }
    });
    ok.then(read)
}

/// The bytes this thread's QuickJS heap has allocated now (its allocation
/// counter, or, if that cannot be read in constant time, its full count):
/// what `process.memoryUsage()`'s heapTotal and heapUsed and
/// `v8.getHeapStatistics()`'s heap sizes report.
pub(super) fn heap_bytes(ctx: &Ctx<'_>) -> f64 {
    // SAFETY: the runtime `ctx` belongs to, live while `ctx` is.
    let rt = unsafe { qjs::JS_GetRuntime(ctx.as_raw().as_ptr()) };
    match malloc_state(rt) {
        Some((_, size, _)) => size as f64,
        None => compute_usage(rt).malloc_size as f64,
    }
}

/// Installs `host.v8`: `memoryUsage()`, `mallocState()` and `isProxy(value)`.
pub(crate) fn install<'js>(ctx: &Ctx<'js>, host: &Object<'js>) -> rquickjs::Result<()> {
    let v8 = Object::new(ctx.clone())?;
    // [malloc_size, malloc_limit (-1: none), memory_used_size, object
    // bytes, string bytes, function bytes (its objects and bytecode),
    // bytecode bytes, array buffer bytes, atom bytes, shape bytes, property
    // bytes, objects, properties]: this runtime's heap, as QuickJS counts it
    // now.
    v8.set(
        "memoryUsage",
        Function::new(ctx.clone(), |ctx: Ctx<'js>| -> Vec<f64> {
            // SAFETY: the runtime `ctx` belongs to, live while `ctx` is.
            let u = compute_usage(unsafe { qjs::JS_GetRuntime(ctx.as_raw().as_ptr()) });
            let limit =
                if u.malloc_limit <= 0 || u.malloc_limit == i64::MAX { -1.0 } else { u.malloc_limit as f64 };
            vec![
                u.malloc_size as f64,
                limit,
                u.memory_used_size as f64,
                u.obj_size as f64,
                u.str_size as f64,
                (u.js_func_size + u.js_func_code_size + u.js_func_pc2line_size) as f64,
                u.js_func_code_size as f64,
                u.binary_object_size as f64,
                u.atom_size as f64,
                u.shape_size as f64,
                u.prop_size as f64,
                u.obj_count as f64,
                u.prop_count as f64,
            ]
        })?,
    )?;
    // [allocated bytes, limit (-1: none), allocations] now, in constant
    // time; null if they cannot be read so.
    v8.set(
        "mallocState",
        Function::new(ctx.clone(), |ctx: Ctx<'js>| -> Option<Vec<f64>> {
            // SAFETY: the runtime `ctx` belongs to, live while `ctx` is.
            let (count, size, limit) = malloc_state(unsafe { qjs::JS_GetRuntime(ctx.as_raw().as_ptr()) })?;
            let limit = if limit == usize::MAX || limit == 0 { -1.0 } else { limit as f64 };
            Some(vec![size as f64, limit, count as f64])
        })?,
    )?;
    // Whether a value is a Proxy (the heap snapshot's walk reads an
    // object's properties without running a proxy's traps).
    v8.set(
        "isProxy",
        Function::new(ctx.clone(), |v: rquickjs::Value<'js>| -> bool {
            // SAFETY: reads the tag and class of a live value.
            unsafe { qjs::JS_IsProxy(v.as_raw()) }
        })?,
    )?;
    // A Proxy's [target, handler] without running its traps (V8's
    // GetProxyDetails, which util.inspect and util.types.isProxy read),
    // [null, null] for a revoked one; undefined for anything else.
    v8.set(
        "proxyDetails",
        Function::new(ctx.clone(), |ctx: Ctx<'js>, v: rquickjs::Value<'js>| -> rquickjs::Result<rquickjs::Value<'js>> {
            // SAFETY: reads the tag and class of a live value.
            if !unsafe { qjs::JS_IsProxy(v.as_raw()) } {
                return Ok(rquickjs::Value::new_undefined(ctx));
            }
            let raw = ctx.as_raw().as_ptr();
            // SAFETY: `v` is a live proxy of this context; each call returns
            // a new reference (owned by the Value made from it) or throws
            // for a revoked proxy (the exception is taken and dropped).
            let field = |get: unsafe extern "C" fn(*mut qjs::JSContext, qjs::JSValue) -> qjs::JSValue| unsafe {
                let value = get(raw, v.as_raw());
                if qjs::JS_IsException(value) {
                    let _ = ctx.catch();
                    rquickjs::Value::new_null(ctx.clone())
                } else {
                    rquickjs::Value::from_raw(ctx.clone(), value)
                }
            };
            let list = rquickjs::Array::new(ctx.clone())?;
            list.set(0, field(qjs::JS_GetProxyTarget))?;
            list.set(1, field(qjs::JS_GetProxyHandler))?;
            Ok(list.into_value())
        })?,
    )?;
    host.set("v8", v8)?;
    Ok(())
}
