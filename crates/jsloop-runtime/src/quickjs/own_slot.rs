//! An own data property of an ordinary object, read where QuickJS keeps it:
//! an inline cache for the few reads a host's native hot path makes of
//! objects script can change (a port's `_events` and its `message`, a
//! port's glue state's `closed` and `remote`).
//!
//! `JS_GetOwnProperty` (or `JS_GetProperty`) hashes the name into the
//! object's shape, walks its chain, and copies a descriptor out with a
//! reference taken: about 70 instructions, and the shape's hash table is
//! one more cache line. A [`OwnSlot`] remembers where in the shape the
//! property was found the last time, and checks that place first: the
//! shape's entry there is the same name, a plain data property, so the
//! value is the object's property at that index (a shape holds each name
//! at most once; a deleted entry's name is cleared). Anything else (another
//! class, an accessor, a name not there) is the caller's general way, so
//! what is read is exactly what `JS_GetOwnProperty` reads, and no script
//! runs.
//!
//! What this knows of quickjs.c (quickjs-ng as rquickjs-sys 0.14 builds
//! it, 64-bit): `JSObject`'s `class_id` (bytes 18..20), `shape` (24) and
//! `prop` (32, an array of 16-byte `JSProperty`, whose first member is the
//! value of a data property); `JSShape`'s `prop_hash_mask` (24) and
//! `prop_count` (32), its hash table at 56 (`prop_hash_mask + 1` words)
//! and then its `JSShapeProperty` array (8 bytes each: `hash_next` in the
//! low 26 bits and the flags in the high 6 of the first word, the atom in
//! the second). [`check`] compares the reader with `JS_GetOwnProperty` on
//! an object made for it before the reader is used at all; a layout it
//! does not confirm leaves every read to the general way.
use std::cell::Cell;
use std::ffi::c_int;
use std::sync::atomic::{AtomicU8, Ordering};

use rquickjs::qjs;

const OBJECT_CLASS_ID: usize = 18;
const OBJECT_SHAPE: usize = 24;
const OBJECT_PROP: usize = 32;
const PROPERTY_SIZE: usize = 16;
const SHAPE_HASH_MASK: usize = 24;
const SHAPE_PROP_COUNT: usize = 32;
const SHAPE_HASH_TABLE: usize = 56;
const SHAPE_PROPERTY_SIZE: usize = 8;
const FLAGS_SHIFT: u32 = 26;
/// quickjs.h's `JS_PROP_TMASK` (a data property's kind is 0, `JS_PROP_NORMAL`).
const KIND_MASK: u32 = 3 << 4;
/// QuickJS's class of ordinary objects (`JS_CLASS_OBJECT`): no exotic
/// methods.
const ORDINARY_OBJECT: u16 = 1;

/// 0: not checked, 1: the layout is the one above, 2: it is not.
static LAYOUT: AtomicU8 = AtomicU8::new(0);

/// Where an own data property was last found in its object's shape.
pub(crate) struct OwnSlot {
    at: Cell<u32>,
}

impl Default for OwnSlot {
    fn default() -> Self {
        OwnSlot { at: Cell::new(u32::MAX) }
    }
}

impl OwnSlot {
    /// The value of `obj`'s own data property `atom`, borrowed (no
    /// reference taken: valid while `obj` keeps it), when `obj` is an
    /// ordinary object with such a property; None otherwise (not an
    /// ordinary object, an accessor or another kind of property, no such
    /// own property, or a layout [`check`] did not confirm), for the
    /// caller's general way. Reads nothing else and runs no script.
    ///
    /// # Safety
    /// `obj` is a live value.
    #[inline]
    pub(crate) unsafe fn get(&self, obj: qjs::JSValue, atom: qjs::JSAtom) -> Option<qjs::JSValue> {
        if obj.tag != qjs::JS_TAG_OBJECT as i64 || LAYOUT.load(Ordering::Relaxed) != 1 {
            return None;
        }
        unsafe {
            let p = obj.u.ptr as *const u8;
            if (p.add(OBJECT_CLASS_ID) as *const u16).read() != ORDINARY_OBJECT {
                return None;
            }
            let shape = (p.add(OBJECT_SHAPE) as *const *const u8).read();
            let at = self.at.get();
            let found = match entry(shape, at) {
                Some((a, flags)) if a == atom => Some((at, flags)),
                _ => find(shape, atom),
            };
            let (at, flags) = found?;
            self.at.set(at);
            if flags & KIND_MASK != 0 {
                return None;
            }
            let props = (p.add(OBJECT_PROP) as *const *const u8).read();
            Some((props.add(at as usize * PROPERTY_SIZE) as *const qjs::JSValue).read())
        }
    }
}

/// The atom and flags of the shape's entry `at`, if it has one.
///
/// # Safety
/// `shape` is a live object's shape.
#[inline(always)]
unsafe fn entry(shape: *const u8, at: u32) -> Option<(qjs::JSAtom, u32)> {
    unsafe {
        let count = (shape.add(SHAPE_PROP_COUNT) as *const i32).read();
        if at >= count as u32 {
            return None;
        }
        let mask = (shape.add(SHAPE_HASH_MASK) as *const u32).read();
        let props = shape.add(SHAPE_HASH_TABLE + 4 * (mask as usize + 1));
        let e = props.add(at as usize * SHAPE_PROPERTY_SIZE) as *const u32;
        Some((e.add(1).read(), e.read() >> FLAGS_SHIFT))
    }
}

/// The place and flags of `atom` in the shape (deleted entries have no atom).
///
/// # Safety
/// `shape` is a live object's shape.
#[cold]
#[inline(never)]
unsafe fn find(shape: *const u8, atom: qjs::JSAtom) -> Option<(u32, u32)> {
    unsafe {
        let count = (shape.add(SHAPE_PROP_COUNT) as *const i32).read().max(0) as u32;
        (0..count).find_map(|i| match entry(shape, i) {
            Some((a, flags)) if a == atom => Some((i, flags)),
            _ => None,
        })
    }
}

/// Confirms, once per process, that QuickJS keeps objects as this module
/// reads them: an object with data properties, an accessor, a deleted one
/// and enough of them to grow its shape's hash table, each read here and
/// by `JS_GetOwnProperty`. Until it has, and if it does not, every
/// [`OwnSlot::get`] is None.
///
/// # Safety
/// `ctx` is a live context.
pub(crate) unsafe fn check(ctx: *mut qjs::JSContext) {
    if LAYOUT.load(Ordering::Relaxed) != 0 {
        return;
    }
    let ok = unsafe { confirm(ctx) };
    LAYOUT.store(if ok { 1 } else { 2 }, Ordering::Relaxed);
}

#[cold]
unsafe fn confirm(ctx: *mut qjs::JSContext) -> bool {
    unsafe {
        let obj = qjs::JS_NewObject(ctx);
        if qjs::JS_IsException(obj) {
            let e = qjs::JS_GetException(ctx);
            qjs::JS_FreeValue(ctx, e);
            return false;
        }
        let mut atoms = Vec::new();
        let mut ok = qjs::JS_GetClassID(obj) == ORDINARY_OBJECT as qjs::JSClassID;
        for i in 0..24 {
            let name = format!("k{i}\0");
            let atom = qjs::JS_NewAtom(ctx, name.as_ptr() as *const _);
            atoms.push(atom);
            ok &= if i == 5 {
                // An accessor (a getter that is a function: the object itself
                // is not callable, so a plain C function).
                let getter = qjs::JS_NewCFunction2(
                    ctx,
                    Some(noop),
                    c"g".as_ptr(),
                    0,
                    qjs::JSCFunctionEnum_JS_CFUNC_generic,
                    0,
                );
                qjs::JS_DefinePropertyGetSet(
                    ctx,
                    obj,
                    atom,
                    getter,
                    qjs::JS_UNDEFINED,
                    qjs::JS_PROP_C_W_E as c_int,
                ) >= 0
            } else {
                qjs::JS_DefinePropertyValue(
                    ctx,
                    obj,
                    atom,
                    qjs::JS_MKVAL(qjs::JS_TAG_INT, 1000 + i),
                    qjs::JS_PROP_C_W_E as c_int,
                ) >= 0
            };
        }
        ok &= qjs::JS_DeleteProperty(ctx, obj, atoms[3], 0) == 1;
        let absent = qjs::JS_NewAtom(ctx, c"absent".as_ptr());
        atoms.push(absent);
        let slot = OwnSlot::default();
        // (Read as confirmed, to compare; put back below.)
        LAYOUT.store(1, Ordering::Relaxed);
        for (i, &atom) in atoms.iter().enumerate().rev() {
            let mut desc = std::mem::MaybeUninit::<qjs::JSPropertyDescriptor>::uninit();
            let has = qjs::JS_GetOwnProperty(ctx, desc.as_mut_ptr(), obj, atom);
            let expected = if has == 1 {
                let desc = desc.assume_init();
                let data = desc.flags & qjs::JS_PROP_GETSET as c_int == 0;
                let v = data.then(|| qjs::JS_VALUE_GET_INT(desc.value));
                for v in [desc.getter, desc.setter, desc.value] {
                    qjs::JS_FreeValue(ctx, v);
                }
                v
            } else {
                None
            };
            let read = slot.get(obj, atom).map(|v| qjs::JS_VALUE_GET_INT(v));
            let want = match i {
                3 | 5 | 24 => None,
                _ => Some(1000 + i as i32),
            };
            ok &= read == expected && expected == want;
            // (The remembered place, read again.)
            ok &= slot.get(obj, atom).map(|v| qjs::JS_VALUE_GET_INT(v)) == read;
        }
        LAYOUT.store(0, Ordering::Relaxed);
        for atom in atoms {
            qjs::JS_FreeAtom(ctx, atom);
        }
        qjs::JS_FreeValue(ctx, obj);
        ok
    }
}

unsafe extern "C" fn noop(
    _ctx: *mut qjs::JSContext,
    _this: qjs::JSValue,
    _argc: c_int,
    _argv: *mut qjs::JSValue,
) -> qjs::JSValue {
    qjs::JS_UNDEFINED
}

#[cfg(test)]
mod tests {
    use rquickjs::{Context, Object};

    use super::*;

    /// The layout this module reads is QuickJS's: confirmed, then reads of
    /// an object script made, changed and deleted from.
    #[test]
    fn own_slots_read_what_quickjs_reads() {
        let rt = crate::quickjs::alloc::new_runtime().expect("runtime");
        let context = Context::full(&rt).expect("context");
        context.with(|ctx| {
            let raw = ctx.as_raw().as_ptr();
            unsafe {
                check(raw);
                assert_eq!(LAYOUT.load(Ordering::Relaxed), 1, "the layout is confirmed");
                let o: Object =
                    ctx.eval("const o = { a: 1, b: 2, get c() { return 3; } }; o").expect("an object");
                let v = o.as_raw();
                let slot = OwnSlot::default();
                let b = qjs::JS_NewAtom(raw, c"b".as_ptr());
                let c = qjs::JS_NewAtom(raw, c"c".as_ptr());
                let a = qjs::JS_NewAtom(raw, c"a".as_ptr());
                assert_eq!(slot.get(v, b).map(|v| qjs::JS_VALUE_GET_INT(v)), Some(2));
                assert_eq!(slot.get(v, c).map(|v| qjs::JS_VALUE_GET_INT(v)), None, "an accessor");
                let _: () = ctx.eval("o.b = 7; delete o.a; o.d = 4").expect("changed");
                assert_eq!(slot.get(v, b).map(|v| qjs::JS_VALUE_GET_INT(v)), Some(7));
                assert_eq!(slot.get(v, a).map(|v| qjs::JS_VALUE_GET_INT(v)), None, "deleted");
                let _: () = ctx.eval("Object.defineProperty(o, 'b', { get() { return 8; } })").expect("b");
                assert_eq!(slot.get(v, b).map(|v| qjs::JS_VALUE_GET_INT(v)), None, "now an accessor");
                let arr: rquickjs::Array = ctx.eval("[1, 2]").expect("an array");
                assert!(slot.get(arr.as_raw(), b).is_none(), "not an ordinary object");
                for atom in [a, b, c] {
                    qjs::JS_FreeAtom(raw, atom);
                }
            }
        });
    }
}
