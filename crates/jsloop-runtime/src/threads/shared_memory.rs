//! SharedArrayBuffers shared between the threads of one program (Node's
//! worker_threads: a SharedArrayBuffer posted to another thread is the same
//! memory there, ECMAScript's shared Data Block).
//!
//! <https://tc39.es/ecma262/#sec-sharedarraybuffer-objects>
//!
//! QuickJS lets an embedder allocate the memory of every SharedArrayBuffer
//! (`JS_SetSharedArrayBufferFunctions`): here each block is counted, one
//! reference per SharedArrayBuffer object of any runtime over it, and freed
//! when the last is collected. Posting one takes a reference for the message
//! (a token in [`in_flight`]); the receiving runtime makes a
//! SharedArrayBuffer over the same block (QuickJS takes its own reference
//! through `sab_dup`) and drops the message's. `Atomics.wait` and
//! `Atomics.notify` of QuickJS keep their waiters in one process-wide list
//! keyed by address, so they work across runtimes over the same block.
use std::alloc::{alloc_zeroed, dealloc, Layout};
use std::collections::HashMap;
use std::ffi::c_void;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};

use rquickjs::{qjs, Ctx, Function, Object, Value};

/// The header before a block's bytes: its reference count and the size of
/// the whole allocation.
#[repr(C)]
struct Header {
    refs: AtomicUsize,
    size: usize,
}

/// Room for the header, keeping the bytes 16-byte aligned (Atomics on
/// BigInt64Array need 8).
const HEADER: usize = 16;

fn header(ptr: *mut c_void) -> *mut Header {
    // SAFETY (callers): `ptr` was returned by `sab_alloc`, so a header
    // precedes it in the same allocation.
    unsafe { (ptr as *mut u8).sub(HEADER) as *mut Header }
}

unsafe extern "C" fn sab_alloc(_opaque: *mut c_void, size: qjs::size_t) -> *mut c_void {
    let total = size as usize + HEADER;
    let Ok(layout) = Layout::from_size_align(total, 16) else { return std::ptr::null_mut() };
    // SAFETY: the layout has a non-zero size.
    let base = unsafe { alloc_zeroed(layout) };
    if base.is_null() {
        return std::ptr::null_mut();
    }
    // SAFETY: `base` is a fresh allocation at least HEADER bytes long.
    unsafe {
        (base as *mut Header).write(Header { refs: AtomicUsize::new(1), size: total });
        base.add(HEADER) as *mut c_void
    }
}

unsafe extern "C" fn sab_dup(_opaque: *mut c_void, ptr: *mut c_void) {
    // SAFETY: QuickJS passes a block made by sab_alloc, still referenced.
    unsafe { (*header(ptr)).refs.fetch_add(1, Ordering::AcqRel) };
}

unsafe extern "C" fn sab_free(_opaque: *mut c_void, ptr: *mut c_void) {
    let h = header(ptr);
    // SAFETY: as for sab_dup; the last reference frees the allocation.
    unsafe {
        if (*h).refs.fetch_sub(1, Ordering::AcqRel) == 1 {
            let size = (*h).size;
            dealloc(h as *mut u8, Layout::from_size_align_unchecked(size, 16));
        }
    }
}

/// A block on its way to another thread, with the reference its message holds.
struct InFlight {
    ptr: usize,
    len: usize,
}

fn in_flight() -> &'static Mutex<HashMap<u64, InFlight>> {
    static MAP: OnceLock<Mutex<HashMap<u64, InFlight>>> = OnceLock::new();
    MAP.get_or_init(|| Mutex::new(HashMap::new()))
}

static NEXT_TOKEN: AtomicU64 = AtomicU64::new(1);

/// Makes `ctx`'s runtime allocate SharedArrayBuffers as shared blocks and
/// lets its script block in `Atomics.wait` (Node allows it on every
/// thread, the main one included).
pub(crate) fn install<'js>(ctx: &Ctx<'js>, host: &Object<'js>) -> rquickjs::Result<()> {
    let funcs = qjs::JSSharedArrayBufferFunctions {
        sab_alloc: Some(sab_alloc),
        sab_free: Some(sab_free),
        sab_dup: Some(sab_dup),
        sab_opaque: std::ptr::null_mut(),
    };
    // SAFETY: the runtime is live (ctx belongs to it); QuickJS copies the
    // functions.
    unsafe {
        let rt = qjs::JS_GetRuntime(ctx.as_raw().as_ptr());
        qjs::JS_SetSharedArrayBufferFunctions(rt, &funcs);
        qjs::JS_SetCanBlock(rt, true);
    }
    // A SharedArrayBuffer posted: a token for its block (with a reference).
    host.set(
        "shareSab",
        Function::new(ctx.clone(), |ctx: Ctx<'js>, sab: Value<'js>| -> rquickjs::Result<f64> {
            let mut len: qjs::size_t = 0;
            // SAFETY: `sab` is a live value of ctx; the pointer is only
            // kept with a reference of its own (sab_dup).
            let ptr = unsafe { qjs::JS_GetArrayBuffer(ctx.as_raw().as_ptr(), &mut len, sab.as_raw()) };
            if ptr.is_null() {
                return Err(rquickjs::Error::Exception);
            }
            // SAFETY: a SharedArrayBuffer's data was made by sab_alloc
            // (installed before any script ran).
            unsafe { sab_dup(std::ptr::null_mut(), ptr as *mut c_void) };
            let token = NEXT_TOKEN.fetch_add(1, Ordering::SeqCst);
            in_flight()
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .insert(token, InFlight { ptr: ptr as usize, len: len as usize });
            Ok(token as f64)
        })?,
    )?;
    // The receiving side: a SharedArrayBuffer over the posted block.
    host.set(
        "adoptSab",
        Function::new(ctx.clone(), |ctx: Ctx<'js>, token: f64| -> rquickjs::Result<Value<'js>> {
            let Some(block) = in_flight().lock().unwrap_or_else(|e| e.into_inner()).remove(&(token as u64))
            else {
                return Err(rquickjs::Exception::throw_type(
                    &ctx,
                    "jsloop: a SharedArrayBuffer was received twice",
                ));
            };
            // SAFETY: the block is live (the message's reference); QuickJS
            // takes its own through sab_dup, and the message's is dropped.
            unsafe {
                let v = qjs::JS_NewArrayBuffer(
                    ctx.as_raw().as_ptr(),
                    block.ptr as *mut u8,
                    block.len as qjs::size_t,
                    0,
                    None,
                    std::ptr::null_mut(),
                    true,
                );
                sab_free(std::ptr::null_mut(), block.ptr as *mut c_void);
                if qjs::JS_IsException(v) {
                    return Err(rquickjs::Error::Exception);
                }
                Ok(Value::from_raw(ctx.clone(), v))
            }
        })?,
    )?;
    Ok(())
}
