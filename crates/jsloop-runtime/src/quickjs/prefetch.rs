//! Prefetch hints for memory QuickJS is about to read or free.
//!
//! A program whose objects are used in another order than they were made
//! in finds each cold: 300,000 timers set in one order and fired by
//! deadline (bench `timers_scattered`) spent about half their user time
//! waiting for memory when a timer fired (the same program with its delays
//! rising in the order the timers are made: 0.42 -> 0.19 s of user time,
//! `jsloop-rusage`). What a fired timer touches is a chain of pointers (its
//! object, the object's state, the callback, the callback's captured
//! variables), and QuickJS's frees read each block's arena header, at the
//! start of the 4 KiB arena the block was carved from. The timers phase
//! knows which timers come next (`NodeHost::prefetch_timer`), so each is
//! warmed a level a turn, every read here one of memory an earlier hint
//! fetched.
//!
//! What this knows of quickjs.c (quickjs-ng as rquickjs-sys 0.14 builds
//! it): the 8-byte header before every block QuickJS allocates (its index
//! in its arena, then its size class: `JSMallocBlockHeader`), the arenas'
//! block sizes and header (`arena_block_sizes`, `JSArena`), and where a
//! `JSObject` keeps its property array and, for a bytecode function, its
//! captured variables. Only addresses are computed from them and handed to
//! the processor's prefetch, which never faults; the reads are of fields
//! inside blocks that are alive (an object's own fields, a block's header).
//! [`Layout::check`] compares what it can with QuickJS's answers first.
use rquickjs::qjs;

/// `arena_block_sizes` (quickjs.c): the block size of each size class.
const ARENA_BLOCK_SIZES: [u16; 31] = [
    16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128, 144, 160, 176, 192, 208, 224, 240, 256,
    288, 320, 352, 384, 416, 448, 480, 512,
];

/// `sizeof(JSArena)`: two list heads, then its counts and free list at
/// bytes 32..40 (what a free reads and writes).
const ARENA_HEADER: usize = 40;
/// Where in the arena header a free's fields are.
const ARENA_COUNTS: usize = 32;
/// `JSMallocBlockHeader`'s size; its first field is the block's index in
/// its arena (0xffff: a block of its own), its third byte the size class.
const BLOCK_HEADER: usize = 8;
const NOT_IN_ARENA: u16 = 0xffff;

/// `JSObject`'s fields (quickjs.c, 64-bit): `prop`, then the union whose
/// first word is `opaque` (a class's state) and, for a bytecode function,
/// `func.var_refs` after `func.function_bytecode`.
const OBJECT_CLASS_ID: usize = 18;
const OBJECT_PROP: usize = 32;
const OBJECT_OPAQUE: usize = 48;
const FUNCTION_VAR_REFS: usize = 56;
/// `JS_CLASS_BYTECODE_FUNCTION`.
const BYTECODE_FUNCTION: qjs::JSClassID = 13;

/// Asks the processor to fetch the cache line holding `at`.
#[inline(always)]
pub(crate) fn line(at: *const u8) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch reads nothing the program sees and never faults,
    // whatever the address.
    unsafe {
        std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(at as *const i8)
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = at;
}

/// Fetches the block at `ptr` of `size` bytes with its header.
#[inline(always)]
pub(crate) fn block(ptr: *const u8, size: usize) {
    let start = ptr.wrapping_sub(BLOCK_HEADER);
    line(start);
    line(start.wrapping_add(64));
    if size + BLOCK_HEADER > 128 {
        line(ptr.wrapping_add(size - 1));
    }
}

/// The object a value is, if it is one.
#[inline(always)]
pub(crate) fn object(v: qjs::JSValue) -> Option<*const u8> {
    // SAFETY: the union's pointer is what an object's tag says it holds.
    (v.tag == qjs::JS_TAG_OBJECT as i64).then(|| unsafe { v.u.ptr } as *const u8)
}

/// Whether quickjs.c's layout is the one this module knows (checked once).
#[derive(Default)]
pub(crate) struct Layout {
    /// None: not yet checked.
    ok: std::cell::Cell<Option<bool>>,
}

impl Layout {
    /// The state of `obj` if it is an object of class `class` (as
    /// `JS_GetOpaque`), read where this module takes QuickJS to keep it;
    /// None if it is not, or if the layout is not the one this module
    /// knows (checked against `JS_GetOpaque` and `JS_GetClassID` the first
    /// time, on an object of `class`).
    ///
    /// # Safety
    /// `obj` is a live object.
    #[inline(always)]
    pub(crate) unsafe fn opaque(&self, obj: qjs::JSValue, class: qjs::JSClassID) -> Option<*const u8> {
        let p = object(obj)?;
        unsafe {
            let ok = match self.ok.get() {
                Some(ok) => ok,
                None => self.check(obj, class)?,
            };
            (ok && class_of(p) == class).then(|| (p.add(OBJECT_OPAQUE) as *const *const u8).read())
        }
    }

    #[cold]
    unsafe fn check(&self, obj: qjs::JSValue, class: qjs::JSClassID) -> Option<bool> {
        unsafe {
            let opaque = qjs::JS_GetOpaque(obj, class);
            if opaque.is_null() {
                return None;
            }
            let p = obj.u.ptr as *const u8;
            let ok = qjs::JS_GetClassID(obj) == class_of(p)
                && (p.add(OBJECT_OPAQUE) as *const *const u8).read() == opaque as *const u8;
            self.ok.set(Some(ok));
            Some(ok)
        }
    }
}

/// An object's class id.
///
/// # Safety
/// `obj` is a live object.
#[inline(always)]
unsafe fn class_of(obj: *const u8) -> qjs::JSClassID {
    unsafe { (obj.add(OBJECT_CLASS_ID) as *const u16).read() as qjs::JSClassID }
}

/// Whether the block at `ptr` has one reference (QuickJS's count is in
/// its header).
///
/// # Safety
/// `ptr` is a live block of QuickJS's allocator that counts references.
#[inline(always)]
pub(crate) unsafe fn single(ptr: *const u8) -> bool {
    unsafe { (ptr.sub(4) as *const i32).read() == 1 }
}

/// Fetches the arena header a free of the block at `ptr` writes.
///
/// # Safety
/// `ptr` is a live block of QuickJS's allocator (its header is read).
#[inline(always)]
pub(crate) unsafe fn arena_of(ptr: *const u8) {
    unsafe {
        let header = ptr.sub(BLOCK_HEADER);
        let index = (header as *const u16).read();
        let class = header.add(2).read() as usize;
        if index == NOT_IN_ARENA || class >= ARENA_BLOCK_SIZES.len() {
            return;
        }
        let size = ARENA_BLOCK_SIZES[class] as usize;
        let arena = header.wrapping_sub(size * index as usize + ARENA_HEADER);
        line(arena.wrapping_add(ARENA_COUNTS));
    }
}

/// Fetches the two objects next to `obj` in QuickJS's list of objects
/// (`JSGCObjectHeader.link`, first in every object, closure variable and
/// function's bytecode), which a free of `obj` unlinks it from.
///
/// # Safety
/// `obj` is a live object or closure variable.
#[inline(always)]
pub(crate) unsafe fn neighbours(obj: *const u8) {
    unsafe {
        let link = obj as *const *const u8;
        line(link.read());
        line(link.add(1).read());
    }
}

/// An object's property array (null if it has none).
///
/// # Safety
/// `obj` is a live object, and the layout checked.
#[inline(always)]
pub(crate) unsafe fn properties(obj: *const u8) -> *const u8 {
    unsafe { (obj.add(OBJECT_PROP) as *const *const u8).read() }
}

/// A bytecode function's array of captured variables (null if the value
/// is not such a function or captures none).
///
/// # Safety
/// `f` is a live value, and the layout checked.
#[inline(always)]
pub(crate) unsafe fn captured(f: qjs::JSValue) -> *const *const u8 {
    unsafe {
        let Some(obj) = object(f) else { return std::ptr::null() };
        if class_of(obj) != BYTECODE_FUNCTION {
            return std::ptr::null();
        }
        (obj.add(FUNCTION_VAR_REFS) as *const *const *const u8).read()
    }
}

/// How many pointers the block at `ptr` has room for (from its size class).
///
/// # Safety
/// `ptr` is a live block of QuickJS's allocator.
#[inline(always)]
pub(crate) unsafe fn pointers_in(ptr: *const u8) -> usize {
    unsafe {
        let header = ptr.sub(BLOCK_HEADER);
        let index = (header as *const u16).read();
        let class = header.add(2).read() as usize;
        if index == NOT_IN_ARENA || class >= ARENA_BLOCK_SIZES.len() {
            return 0;
        }
        (ARENA_BLOCK_SIZES[class] as usize - BLOCK_HEADER) / 8
    }
}

#[cfg(test)]
mod tests {
    use rquickjs::{qjs, Context, Function};

    use super::*;

    /// What this module takes quickjs.c's layout to be is what QuickJS
    /// does: a bytecode function's class, where its captured variables and
    /// an object's state are, a block's size class and arena index.
    #[test]
    fn the_layout_is_quickjs_own() {
        let rt = crate::quickjs::alloc::new_runtime().expect("runtime");
        let context = Context::full(&rt).expect("context");
        context.with(|ctx| {
            let f: Function = ctx
                .eval("(() => { let a = 1; let b = 2, c = 3; return () => a + b + c; })()")
                .expect("a closure");
            let raw = ctx.as_raw().as_ptr();
            let v = f.as_raw();
            unsafe {
                assert_eq!(qjs::JS_GetClassID(v), BYTECODE_FUNCTION);
                let vars = captured(v);
                assert!(!vars.is_null());
                assert_eq!(pointers_in(vars as *const u8), 3, "three captured variables");
                for i in 0..3 {
                    assert!(!vars.add(i).read().is_null());
                }
                // An arrow function has `length` and `name`.
                assert!(!properties(v.u.ptr as *const u8).is_null());
                // A block's header: its arena index, and the arena's header
                // just before the arena's first block.
                let header = (vars as *const u8).sub(BLOCK_HEADER);
                let index = (header as *const u16).read();
                assert_ne!(index, NOT_IN_ARENA);
                // An object of a class with a state keeps it at `opaque`.
                assert_eq!(class_of(v.u.ptr as *const u8), BYTECODE_FUNCTION);
                // (A closure's variable has one reference, from the closure.)
                assert!(single(vars.read()));
                let class = crate::quickjs::raw::new_class(raw, c"PrefetchTest", None, None, qjs::JS_NULL)
                    .expect("a class");
                let obj = qjs::JS_NewObjectClass(raw, class);
                let mut state = 7u64;
                assert!(qjs::JS_SetOpaque(obj, &mut state as *mut u64 as *mut _) == 0);
                let layout = Layout::default();
                let at = layout.opaque(obj, class);
                assert_eq!(at, Some(&state as *const u64 as *const u8));
                assert_eq!(layout.ok.get(), Some(true));
                assert_eq!(layout.opaque(v, class), None, "not of the class");
                qjs::JS_SetOpaque(obj, std::ptr::null_mut());
                qjs::JS_FreeValue(raw, obj);
            }
        });
    }
}
