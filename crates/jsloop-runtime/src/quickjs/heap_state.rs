//! A native class's Rust state kept in its runtime's own heap.
//!
//! [`HeapState`]: the state lives in a block of QuickJS's own allocator
//! (`js_malloc`), not in a `Box` of the C library's heap
//! ([`super::raw::OpaqueState`]). Why: QuickJS serves small blocks from
//! arenas of one block size, and a state of an object's size (72 bytes: a
//! Timeout's) takes the block after its object's in the same arena. A
//! program that keeps many objects alive and lets them go in another order
//! than it made them (bench `timers_scattered`: 300,000 timers fired by
//! deadline) then touches one arena, not an arena and a C library chunk
//! with its neighbours, when an object goes; the state costs no `malloc`
//! and `free` (the C library's were about 400 instructions a Timeout,
//! bench/README.md); and QuickJS counts it against the heap limit.
//!
//! A freed state's block is kept for the next object ([`HeapSpares`], a
//! few per thread and type), so a program that makes and drops one object
//! per operation (a `setTimeout` and `clearTimeout` pair) does not go
//! through QuickJS's allocator each time (its `js_malloc` and `js_free`
//! are about 120 instructions together). The blocks belong to one runtime:
//! the spares are that runtime's, and a runtime finalizer frees them with
//! it.
use std::cell::RefCell;
use std::ffi::c_void;
use std::thread::LocalKey;

use rquickjs::qjs;

use super::raw::{free_value_rt, mark_opaque};

/// The Rust state of a native class's objects, in a block of the runtime's
/// heap behind each object's opaque pointer (node/timeout.rs's Timeout):
/// [`heap_state`] makes one, [`finalize_heap_state`] and
/// [`mark_heap_state`] are the class's finalizer and `gc_mark`.
/// (`Copy`: a state owns nothing but the engine values it lists, so its
/// block is freed without dropping it or moving it out.)
pub(crate) trait HeapState: Copy + 'static {
    /// At most this many spare blocks are kept.
    const SPARES: usize;
    /// Every engine value the state holds (undefined where it holds none).
    fn values(&self) -> [qjs::JSValue; 4];
    /// The thread's spare blocks of this type.
    fn spares() -> &'static LocalKey<RefCell<HeapSpares>>;
}

/// Freed blocks of one [`HeapState`] type, kept for the next objects: all
/// of one runtime's (the first that freed one on this thread since the
/// last such runtime went; another runtime on the thread allocates and
/// frees its own).
pub(crate) struct HeapSpares {
    rt: *mut qjs::JSRuntime,
    blocks: Vec<*mut c_void>,
}

impl HeapSpares {
    pub(crate) const fn new() -> HeapSpares {
        HeapSpares { rt: std::ptr::null_mut(), blocks: Vec::new() }
    }
}

/// A spare block of `rt`'s, if the thread has one.
fn take_spare<T: HeapState>(rt: *mut qjs::JSRuntime) -> Option<*mut c_void> {
    T::spares().try_with(|s| s.try_borrow_mut().ok().filter(|s| s.rt == rt)?.blocks.pop()).ok().flatten()
}

/// Keeps `block` (of `rt`'s) as a spare, or frees it.
///
/// # Safety
/// `block` is a block of `rt`'s heap of `T`'s size, no longer used.
unsafe fn give_back<T: HeapState>(rt: *mut qjs::JSRuntime, block: *mut c_void) {
    let kept = T::spares()
        .try_with(|s| {
            let Ok(mut s) = s.try_borrow_mut() else { return false };
            if s.rt != rt {
                if !s.rt.is_null() {
                    return false;
                }
                // (The first block: the runtime frees the spares when it goes.)
                // SAFETY: `rt` is live (it is freeing one of its objects).
                unsafe { qjs::JS_AddRuntimeFinalizer(rt, Some(release_spares::<T>), std::ptr::null_mut()) };
                s.rt = rt;
            }
            if s.blocks.len() >= T::SPARES {
                return false;
            }
            s.blocks.push(block);
            true
        })
        .unwrap_or(false);
    if !kept {
        // SAFETY: the caller's block, of `rt`'s heap.
        unsafe { qjs::js_free_rt(rt, block) };
    }
}

/// A runtime finalizer: frees the spare blocks of `rt`, which is going.
unsafe extern "C" fn release_spares<T: HeapState>(rt: *mut qjs::JSRuntime, _arg: *mut c_void) {
    let _ = T::spares().try_with(|s| {
        let mut s = s.borrow_mut();
        if s.rt == rt {
            for block in s.blocks.drain(..) {
                // SAFETY: a spare block of `rt`'s, which is still live.
                unsafe { qjs::js_free_rt(rt, block) };
            }
            s.rt = std::ptr::null_mut();
        }
    });
}

/// `state` moved into a block of `ctx`'s runtime heap; None (an out of
/// memory error thrown) if QuickJS has no room under its limit.
///
/// # Safety
/// `ctx` must be a live context; the block is the opaque pointer of one
/// object of a class whose finalizer is [`finalize_heap_state`].
pub(crate) unsafe fn heap_state<T: HeapState>(ctx: *mut qjs::JSContext, state: T) -> Option<*mut T> {
    // (QuickJS's blocks are 8-byte aligned.)
    const { assert!(std::mem::align_of::<T>() <= 8) };
    unsafe {
        let rt = qjs::JS_GetRuntime(ctx);
        let p = match take_spare::<T>(rt) {
            Some(block) => block as *mut T,
            None => qjs::js_malloc(ctx, std::mem::size_of::<T>() as qjs::size_t) as *mut T,
        };
        if p.is_null() {
            for v in state.values() {
                qjs::JS_FreeValue(ctx, v);
            }
            return None;
        }
        p.write(state);
        Some(p)
    }
}

/// A finalizer for a class whose opaque pointers are [`heap_state`]
/// blocks (or null): the values freed, then the block (kept as a spare
/// while there is room).
///
/// # Safety
/// As QuickJS calls a finalizer.
pub(crate) unsafe extern "C" fn finalize_heap_state<T: HeapState>(
    rt: *mut qjs::JSRuntime,
    val: qjs::JSValue,
) {
    unsafe {
        let mut class = 0;
        let p = qjs::JS_GetAnyOpaque(val, &mut class) as *mut T;
        if p.is_null() {
            return;
        }
        (*p).values().into_iter().for_each(|v| free_value_rt(rt, v));
        give_back::<T>(rt, p as *mut c_void);
    }
}

/// The `gc_mark` of a class whose opaque pointers are [`heap_state`] blocks.
///
/// # Safety
/// As [`finalize_heap_state`].
pub(crate) unsafe extern "C" fn mark_heap_state<T: HeapState>(
    rt: *mut qjs::JSRuntime,
    val: qjs::JSValue,
    mark: qjs::JS_MarkFunc,
) {
    unsafe { mark_opaque::<T>(rt, val, mark, T::values) }
}
