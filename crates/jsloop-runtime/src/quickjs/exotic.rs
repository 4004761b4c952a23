//! Native classes whose objects present own properties beyond their
//! shape's through QuickJS's exotic methods (quickjs.h's
//! `JSClassExoticMethods`): the browser host's port message events
//! present their own `isTrusted` (browser/is_trusted.rs), the node host's
//! Node's four own symbols (node/message_event.rs).
//!
//! QuickJS asks these methods only about a key the object's shape does
//! not hold: it answers from the shape first. It lists the keys
//! `own_property_names` gives after the shape's, and leaves to
//! `define_own_property` and `delete_property` every definition and
//! deletion of a key the shape does not hold (a definition the method
//! passes on with `JS_PROP_NO_EXOTIC` is QuickJS's own). Has, get and set
//! go through `own_property`, as for any object.
use std::ffi::c_int;

use rquickjs::qjs;

/// The object a method is asked about, and its context.
#[derive(Clone, Copy)]
pub(crate) struct On {
    pub(crate) ctx: *mut qjs::JSContext,
    pub(crate) obj: qjs::JSValue,
}

/// A definition QuickJS asks `define_own_property` to make: the key, the
/// value, the getter and setter, and JS_DefineProperty's flags.
#[derive(Clone, Copy)]
pub(crate) struct Definition {
    pub(crate) prop: qjs::JSAtom,
    pub(crate) val: qjs::JSValue,
    pub(crate) getter: qjs::JSValue,
    pub(crate) setter: qjs::JSValue,
    pub(crate) flags: c_int,
}

impl Definition {
    /// QuickJS's own definition of it on `on` (or another object), with
    /// `extra` flags (`JS_PROP_NO_EXOTIC` for QuickJS's, not the methods').
    ///
    /// # Safety
    /// As JS_DefineProperty.
    pub(crate) unsafe fn on(&self, ctx: *mut qjs::JSContext, obj: qjs::JSValue, extra: c_int) -> c_int {
        unsafe {
            qjs::JS_DefineProperty(
                ctx,
                obj,
                self.prop,
                self.val,
                self.getter,
                self.setter,
                self.flags | extra,
            )
        }
    }
}

/// What a class's objects present; [`methods`] makes QuickJS's table of it.
pub(crate) trait Presents {
    /// [[GetOwnProperty]] of `prop` (`desc` may be null): -1, 0 or 1.
    unsafe fn own_property(on: On, prop: qjs::JSAtom, desc: *mut qjs::JSPropertyDescriptor) -> c_int;
    /// The keys presented (a table [`super::layout::presented_keys`] makes): 0 or -1.
    unsafe fn own_property_names(on: On, ptab: *mut *mut qjs::JSPropertyEnum, plen: *mut u32) -> c_int;
    /// [[DefineOwnProperty]]: -1, 0 or 1.
    unsafe fn define_own_property(on: On, def: Definition) -> c_int;
    /// [[Delete]] of `prop`: -1, 0 or 1.
    unsafe fn delete_property(on: On, prop: qjs::JSAtom) -> c_int;
}

/// QuickJS's table of `T`'s methods (for a static: QuickJS keeps the pointer).
pub(crate) const fn methods<T: Presents>() -> qjs::JSClassExoticMethods {
    qjs::JSClassExoticMethods {
        get_own_property: Some(get_own_property::<T>),
        get_own_property_names: Some(get_own_property_names::<T>),
        delete_property: Some(delete_property::<T>),
        define_own_property: Some(define_own_property::<T>),
        has_property: None,
        get_property: None,
        set_property: None,
    }
}

unsafe extern "C" fn get_own_property<T: Presents>(
    ctx: *mut qjs::JSContext,
    desc: *mut qjs::JSPropertyDescriptor,
    obj: qjs::JSValue,
    prop: qjs::JSAtom,
) -> c_int {
    unsafe { T::own_property(On { ctx, obj }, prop, desc) }
}

unsafe extern "C" fn get_own_property_names<T: Presents>(
    ctx: *mut qjs::JSContext,
    ptab: *mut *mut qjs::JSPropertyEnum,
    plen: *mut u32,
    obj: qjs::JSValue,
) -> c_int {
    unsafe { T::own_property_names(On { ctx, obj }, ptab, plen) }
}

unsafe extern "C" fn delete_property<T: Presents>(
    ctx: *mut qjs::JSContext,
    obj: qjs::JSValue,
    prop: qjs::JSAtom,
) -> c_int {
    unsafe { T::delete_property(On { ctx, obj }, prop) }
}

unsafe extern "C" fn define_own_property<T: Presents>(
    ctx: *mut qjs::JSContext,
    obj: qjs::JSValue,
    prop: qjs::JSAtom,
    val: qjs::JSValue,
    getter: qjs::JSValue,
    setter: qjs::JSValue,
    flags: c_int,
) -> c_int {
    unsafe { T::define_own_property(On { ctx, obj }, Definition { prop, val, getter, setter, flags }) }
}
