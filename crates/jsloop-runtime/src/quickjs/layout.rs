//! Objects' own properties as the hosts' native paths read them, below
//! rquickjs: private names, own keys and their layout (flags and
//! accessors), and one own value, so that an object a host makes from Rust
//! can be checked against the one the glue's constructors make.
use std::ffi::c_int;

use rquickjs::qjs;

use super::raw::HeldAtom;

/// The private name of the one private field `obj` has (a class's state
/// field, `#s`: what native code reads it by), or None if it has none or
/// several.
///
/// # Safety
/// `ctx` must be a live context and `obj` an object of its runtime.
pub(crate) unsafe fn private_name(ctx: *mut qjs::JSContext, obj: qjs::JSValue) -> Option<HeldAtom> {
    let mut names = unsafe { own_keys(ctx, obj, qjs::JS_GPN_PRIVATE_MASK)? };
    if names.len() == 1 {
        names.pop()
    } else {
        None
    }
}

/// The keys of `obj`'s own properties of the kinds `mask` selects
/// (`JS_GPN_STRING_MASK`, `JS_GPN_SYMBOL_MASK`, `JS_GPN_PRIVATE_MASK`),
/// strings and symbols in the order the object got them (as QuickJS keeps
/// them; a private name is a symbol there), or None if they could not be
/// read.
///
/// # Safety
/// `ctx` must be a live context and `obj` an object of its runtime.
pub(crate) unsafe fn own_keys(
    ctx: *mut qjs::JSContext,
    obj: qjs::JSValue,
    mask: u32,
) -> Option<Vec<HeldAtom>> {
    unsafe {
        let Some(keys) = OwnKeys::read(ctx, obj, mask) else {
            let e = qjs::JS_GetException(ctx);
            qjs::JS_FreeValue(ctx, e);
            return None;
        };
        Some(keys.atoms().iter().map(|p| HeldAtom::dup(ctx, p.atom)).collect())
    }
}

/// An object's own keys as QuickJS lists them (JS_GetOwnPropertyNames),
/// held until this drops: for a C function that walks them once (no
/// reference taken per key).
pub(crate) struct OwnKeys {
    ctx: *mut qjs::JSContext,
    tab: *mut qjs::JSPropertyEnum,
    len: u32,
}

impl OwnKeys {
    /// The keys of `obj`'s own properties of the kinds `mask` selects, as
    /// [`own_keys`] reads them (`JS_GPN_ENUM_ONLY` in `mask` keeps the
    /// enumerable ones only: Object.keys with `JS_GPN_STRING_MASK`); None,
    /// with the exception left pending (a proxy's ownKeys trap threw, out
    /// of memory), for a C function to return `JS_EXCEPTION`.
    ///
    /// # Safety
    /// `ctx` must be a live context, `obj` an object of its runtime, and the
    /// context must outlive the keys.
    pub(crate) unsafe fn read(ctx: *mut qjs::JSContext, obj: qjs::JSValue, mask: u32) -> Option<OwnKeys> {
        let mut tab: *mut qjs::JSPropertyEnum = std::ptr::null_mut();
        let mut len: u32 = 0;
        // SAFETY: as the caller promises; on success the table is ours.
        if unsafe { qjs::JS_GetOwnPropertyNames(ctx, &mut tab, &mut len, obj, mask as c_int) } < 0 {
            return None;
        }
        Some(OwnKeys { ctx, tab, len })
    }

    /// The keys, in order (each entry's `atom`).
    pub(crate) fn atoms(&self) -> &[qjs::JSPropertyEnum] {
        if self.len == 0 || self.tab.is_null() {
            return &[];
        }
        // SAFETY: QuickJS's table of `len` entries, live until drop.
        unsafe { std::slice::from_raw_parts(self.tab, self.len as usize) }
    }
}

impl Drop for OwnKeys {
    fn drop(&mut self) {
        // SAFETY: the table JS_GetOwnPropertyNames made, freed once.
        unsafe { qjs::JS_FreePropertyEnum(self.ctx, self.tab, self.len) };
    }
}

/// The first `len` elements of the array `array` as property keys, in
/// order (what `Object.defineProperty(o, array[i], ...)` would make of
/// each); None, with the exception pending, if one could not be read or
/// made a key.
///
/// # Safety
/// `ctx` must be a live context and `array` a value of its runtime.
pub(crate) unsafe fn array_keys(
    ctx: *mut qjs::JSContext,
    array: qjs::JSValue,
    len: i64,
) -> Option<Vec<HeldAtom>> {
    unsafe {
        let mut keys = Vec::with_capacity(len.max(0) as usize);
        for i in 0..len {
            let value = qjs::JS_GetPropertyInt64(ctx, array, i);
            let atom = qjs::JS_ValueToAtom(ctx, value);
            qjs::JS_FreeValue(ctx, value);
            if atom == qjs::JS_ATOM_NULL {
                return None;
            }
            keys.push(HeldAtom::own(ctx, atom));
        }
        Some(keys)
    }
}

/// The keys of `obj`'s own properties, private names too, in order, each
/// with its flags (`JS_PROP_*`) and whether it is a private name: what
/// decides the object's shape. Two objects of one prototype with the same
/// layout are alike to script but for their values. None if it could not
/// be read.
///
/// # Safety
/// `ctx` must be a live context and `obj` an object of its runtime.
pub(crate) unsafe fn own_layout(
    ctx: *mut qjs::JSContext,
    obj: qjs::JSValue,
) -> Option<Vec<(HeldAtom, c_int, bool)>> {
    unsafe {
        let all = qjs::JS_GPN_STRING_MASK | qjs::JS_GPN_SYMBOL_MASK | qjs::JS_GPN_PRIVATE_MASK;
        let keys = own_keys(ctx, obj, all)?;
        let private = own_keys(ctx, obj, qjs::JS_GPN_PRIVATE_MASK)?;
        let mut layout = Vec::with_capacity(keys.len());
        for key in keys {
            let mut desc = std::mem::MaybeUninit::<qjs::JSPropertyDescriptor>::uninit();
            if qjs::JS_GetOwnProperty(ctx, desc.as_mut_ptr(), obj, key.get()) != 1 {
                if qjs::JS_HasException(ctx) {
                    let e = qjs::JS_GetException(ctx);
                    qjs::JS_FreeValue(ctx, e);
                }
                return None;
            }
            let desc = desc.assume_init();
            for v in [desc.value, desc.getter, desc.setter] {
                qjs::JS_FreeValue(ctx, v);
            }
            let is_private = private.iter().any(|p| p.get() == key.get());
            layout.push((key, desc.flags, is_private));
        }
        Some(layout)
    }
}

/// Whether two layouts ([`own_layout`], or some of its entries) are the
/// same keys, flags and kinds in the same order.
pub(crate) fn same_layout<'a, 'b>(
    a: impl IntoIterator<Item = &'a (HeldAtom, c_int, bool)>,
    b: impl IntoIterator<Item = &'b (HeldAtom, c_int, bool)>,
) -> bool {
    fn key((atom, flags, private): &(HeldAtom, c_int, bool)) -> (qjs::JSAtom, c_int, bool) {
        (atom.get(), *flags, *private)
    }
    a.into_iter().map(key).eq(b.into_iter().map(key))
}

/// The value of `obj`'s own data property `atom` (a new reference), or
/// None if it has none (as a private field is read: own properties only,
/// never the prototype's).
///
/// # Safety
/// `ctx` must be a live context and `obj` an object of its runtime.
pub(crate) unsafe fn own_value(
    ctx: *mut qjs::JSContext,
    obj: qjs::JSValue,
    atom: qjs::JSAtom,
) -> Option<qjs::JSValue> {
    unsafe {
        let mut desc = std::mem::MaybeUninit::<qjs::JSPropertyDescriptor>::uninit();
        match qjs::JS_GetOwnProperty(ctx, desc.as_mut_ptr(), obj, atom) {
            1 => {
                let desc = desc.assume_init();
                qjs::JS_FreeValue(ctx, desc.getter);
                qjs::JS_FreeValue(ctx, desc.setter);
                Some(desc.value)
            }
            0 => None,
            _ => {
                let e = qjs::JS_GetException(ctx);
                qjs::JS_FreeValue(ctx, e);
                None
            }
        }
    }
}

/// What a class's `get_own_property_names` exotic method gives QuickJS
/// for keys its objects present beyond their shape's: a table of `atoms`
/// (each enumerable; a reference to each taken), made with `js_malloc` as
/// QuickJS frees it. 0, or -1 if it could not be made (`*ptab` null and
/// `*plen` 0 then, as for no key).
///
/// # Safety
/// `ctx` must be a live context, the atoms of its runtime, and `ptab` and
/// `plen` QuickJS's.
pub(crate) unsafe fn presented_keys(
    ctx: *mut qjs::JSContext,
    atoms: &[qjs::JSAtom],
    ptab: *mut *mut qjs::JSPropertyEnum,
    plen: *mut u32,
) -> c_int {
    unsafe {
        *ptab = std::ptr::null_mut();
        *plen = 0;
        if atoms.is_empty() {
            return 0;
        }
        let size = std::mem::size_of::<qjs::JSPropertyEnum>() * atoms.len();
        let tab = qjs::js_malloc(ctx, size as _) as *mut qjs::JSPropertyEnum;
        if tab.is_null() {
            return -1;
        }
        for (i, &atom) in atoms.iter().enumerate() {
            tab.add(i).write(qjs::JSPropertyEnum { is_enumerable: true, atom: qjs::JS_DupAtom(ctx, atom) });
        }
        *ptab = tab;
        *plen = atoms.len() as u32;
        0
    }
}
