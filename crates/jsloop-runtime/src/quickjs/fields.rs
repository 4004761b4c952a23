//! Reading and writing a JavaScript object's fields from Rust by atom, as
//! the glue's `obj.name` and `obj.name = value` do (getters and setters
//! run, the prototype chain is walked): the host's steps for a socket's
//! read and write in the common case (node/net_read.rs, node/net_write.rs)
//! take the glue's field reads and writes with these.
use rquickjs::qjs;

use super::raw::{free_value, truthy, Held, HeldAtom};

/// A value the caller owns (one reference), freed when dropped.
pub(crate) struct Owned(*mut qjs::JSContext, qjs::JSValue);

impl Drop for Owned {
    fn drop(&mut self) {
        // SAFETY: the reference this holds, freed once, in its live context.
        unsafe { free_value(self.0, self.1) };
    }
}

impl Owned {
    /// Holds `v`, a reference the caller hands over.
    ///
    /// # Safety
    /// `ctx` must be a live context and `v` a value of its runtime.
    #[inline]
    pub(crate) unsafe fn new(ctx: *mut qjs::JSContext, v: qjs::JSValue) -> Owned {
        Owned(ctx, v)
    }

    /// The value (borrowed).
    #[inline]
    pub(crate) fn v(&self) -> qjs::JSValue {
        self.1
    }

    /// ToBoolean of the value.
    #[inline]
    pub(crate) fn truthy(&self) -> bool {
        // SAFETY: a live value of the context.
        unsafe { truthy(self.0, self.1) }
    }

    /// Whether the value is undefined or null (`v == null`).
    #[inline]
    pub(crate) fn nullish(&self) -> bool {
        // SAFETY: reading a value's tag reads no memory.
        unsafe { qjs::JS_IsUndefined(self.1) || qjs::JS_IsNull(self.1) }
    }
}

/// `obj[atom]`; Err when it threw (the exception is the context's).
///
/// # Safety
/// `ctx` must be a live context, `obj` a value and `atom` an atom of its
/// runtime.
#[inline]
pub(crate) unsafe fn get(ctx: *mut qjs::JSContext, obj: qjs::JSValue, atom: &HeldAtom) -> Result<Owned, ()> {
    let v = unsafe { qjs::JS_GetProperty(ctx, obj, atom.get()) };
    if unsafe { qjs::JS_IsException(v) } {
        return Err(());
    }
    Ok(Owned(ctx, v))
}

/// `obj[atom] = value` (`value` taken); Err when it threw.
///
/// # Safety
/// As [`get`]; `value` a value of the runtime whose reference the caller
/// hands over.
#[inline]
pub(crate) unsafe fn set(
    ctx: *mut qjs::JSContext,
    obj: qjs::JSValue,
    atom: &HeldAtom,
    value: qjs::JSValue,
) -> Result<(), ()> {
    if unsafe { qjs::JS_SetProperty(ctx, obj, atom.get(), value) } < 0 {
        return Err(());
    }
    Ok(())
}

/// Element `i` of the array `list`, held; None when reading it threw.
///
/// # Safety
/// `ctx` must be a live context and `list` a value of its runtime.
pub(crate) unsafe fn element(ctx: *mut qjs::JSContext, list: qjs::JSValue, i: u32) -> Option<Held> {
    unsafe {
        let v = qjs::JS_GetPropertyUint32(ctx, list, i);
        if qjs::JS_IsException(v) {
            return None;
        }
        Some(Held::own(ctx, v))
    }
}

/// The atom of a symbol value, held; None for anything else.
///
/// # Safety
/// `ctx` must be a live context and `v` a value of its runtime.
pub(crate) unsafe fn symbol_atom(ctx: *mut qjs::JSContext, v: &Held) -> Option<HeldAtom> {
    unsafe {
        if !qjs::JS_IsSymbol(v.get()) {
            return None;
        }
        Some(HeldAtom::own(ctx, qjs::JS_ValueToAtom(ctx, v.get())))
    }
}
