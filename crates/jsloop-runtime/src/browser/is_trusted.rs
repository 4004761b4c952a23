//! The own `isTrusted` of a host-fired `MessageEvent` (message_event.rs)
//! without a property definition per event: the event's class has
//! exotic methods (QuickJS's `JSClassExoticMethods`) that present the
//! accessor `Event`'s constructor defines on every event (Web IDL's
//! [LegacyUnforgeable]: `{ get: IS_TRUSTED_GETTER, set: undefined,
//! enumerable: true, configurable: false }`, js/10_browser.js) while the
//! event has no other own property, and define it for real, first, as
//! soon as script gives the event one.
//!
//! What script can observe is what it observes of the glue's events,
//! whose accessor is a property from the start:
//! - `[[GetOwnProperty]]` (`Object.getOwnPropertyDescriptor`, a get or
//!   set of `isTrusted`, `in`, `hasOwnProperty`, enumerability checks):
//!   QuickJS looks at the object's own properties first and asks
//!   `get_own_property` only when the name is not one of them, which
//!   answers the accessor for `isTrusted` and nothing for any other name.
//!   A set finds the accessor with no setter, as the real one: ignored,
//!   or a TypeError in strict code.
//! - `[[OwnPropertyKeys]]` (`Reflect.ownKeys`, `Object.keys`, for-in,
//!   spread, `JSON.stringify`, freezing): QuickJS lists an object's own
//!   properties, then what `get_own_property_names` lists. That is
//!   `isTrusted` alone while it is not a property; and it is not one only
//!   while the object has no other own property (private names are never
//!   listed), so the order is `isTrusted` first, as the glue's events
//!   have it.
//! - `[[DefineOwnProperty]]` of a name that is not an own property (every
//!   way script adds one: assignment, `Object.defineProperty`,
//!   `Reflect.defineProperty`, `Object.assign`, class fields) comes to
//!   `define_own_property`, which defines the real accessor first (so it
//!   stays first in the key order; from then on it is an ordinary
//!   property and the exotic methods present nothing) and then the new
//!   property as QuickJS would. A redefinition of `isTrusted` itself does
//!   the same and QuickJS then checks it against the real, non-configurable
//!   accessor. On an event that is not extensible (where no property can
//!   be added, so the accessor can stay presented) a redefinition of
//!   `isTrusted` is checked here, with QuickJS's own rules for a
//!   non-configurable accessor (`check_define_prop_flags` and the getter
//!   and setter identity it checks next) and its message.
//! - `[[Delete]]` of `isTrusted` fails (false; a TypeError in strict
//!   code, as QuickJS throws for any non-configurable property); of any
//!   other name that is not an own property it succeeds.
//!
//! <https://webidl.spec.whatwg.org/#LegacyUnforgeable>,
//! <https://dom.spec.whatwg.org/#dom-event-istrusted>
use std::ffi::c_int;

use rquickjs::qjs;

/// The presented accessor of one event: `isTrusted` and the getter, a
/// reference each (freed with the event: [`Presented::release`]), and
/// whether it is a property of the object yet.
pub(crate) struct Presented {
    atom: qjs::JSAtom,
    getter: qjs::JSValue,
    defined: bool,
}

impl Presented {
    /// The accessor of a new event: `atom` and `getter` borrowed (a
    /// reference of its own is taken to each).
    ///
    /// # Safety
    /// `ctx` must be a live context, the atom and the getter of its runtime.
    pub(crate) unsafe fn new(ctx: *mut qjs::JSContext, atom: qjs::JSAtom, getter: qjs::JSValue) -> Presented {
        unsafe {
            Presented {
                atom: qjs::JS_DupAtom(ctx, atom),
                getter: qjs::JS_DupValue(ctx, getter),
                defined: false,
            }
        }
    }

    /// The getter (for the state's values: freed and marked with them).
    pub(crate) fn getter(&self) -> qjs::JSValue {
        self.getter
    }

    /// Lets go of the atom (the getter goes with the state's values).
    ///
    /// # Safety
    /// `rt` must be the atom's runtime; called once, as the event is freed.
    pub(crate) unsafe fn release(&self, rt: *mut qjs::JSRuntime) {
        unsafe { qjs::JS_FreeAtomRT(rt, self.atom) }
    }
}

/// The exotic methods of the class of host-fired events (message_event.rs:
/// its opaque state holds each event's [`Presented`]).
pub(super) static METHODS: qjs::JSClassExoticMethods = qjs::JSClassExoticMethods {
    get_own_property: Some(get_own_property),
    get_own_property_names: Some(get_own_property_names),
    delete_property: Some(delete_property),
    define_own_property: Some(define_own_property),
    has_property: None,
    get_property: None,
    set_property: None,
};

/// The presented accessor of `obj`, while it is not a property.
unsafe fn presented<'a>(obj: qjs::JSValue) -> Option<&'a mut Presented> {
    unsafe { super::message_event::presented(obj).filter(|p| !p.defined) }
}

/// `get_own_property`: QuickJS asks only for a name that is not an own
/// property of the object.
unsafe extern "C" fn get_own_property(
    ctx: *mut qjs::JSContext,
    desc: *mut qjs::JSPropertyDescriptor,
    obj: qjs::JSValue,
    prop: qjs::JSAtom,
) -> c_int {
    unsafe {
        let Some(p) = presented(obj).filter(|p| p.atom == prop) else { return 0 };
        if let Some(desc) = desc.as_mut() {
            // (What QuickJS gives for the real accessor: enumerable, not
            // configurable, a getter and no setter.)
            desc.flags = (qjs::JS_PROP_GETSET | qjs::JS_PROP_ENUMERABLE) as c_int;
            desc.getter = qjs::JS_DupValue(ctx, p.getter);
            desc.setter = qjs::JS_UNDEFINED;
            desc.value = qjs::JS_UNDEFINED;
        }
        1
    }
}

/// `get_own_property_names`: listed after the object's own properties
/// (it has none while the accessor is presented).
unsafe extern "C" fn get_own_property_names(
    ctx: *mut qjs::JSContext,
    ptab: *mut *mut qjs::JSPropertyEnum,
    plen: *mut u32,
    obj: qjs::JSValue,
) -> c_int {
    unsafe {
        *ptab = std::ptr::null_mut();
        *plen = 0;
        let Some(p) = presented(obj) else { return 0 };
        // (QuickJS takes the table, frees it with js_free, and takes the
        // atom's reference.)
        let tab =
            qjs::js_malloc(ctx, std::mem::size_of::<qjs::JSPropertyEnum>() as _) as *mut qjs::JSPropertyEnum;
        if tab.is_null() {
            return -1;
        }
        tab.write(qjs::JSPropertyEnum { is_enumerable: true, atom: qjs::JS_DupAtom(ctx, p.atom) });
        *ptab = tab;
        *plen = 1;
        0
    }
}

/// `delete_property`: QuickJS asks only for a name that is not an own
/// property of the object.
unsafe extern "C" fn delete_property(
    _ctx: *mut qjs::JSContext,
    obj: qjs::JSValue,
    prop: qjs::JSAtom,
) -> c_int {
    unsafe { c_int::from(presented(obj).is_none_or(|p| p.atom != prop)) }
}

/// `define_own_property`: QuickJS asks only for a name that is not an own
/// property of the object (a definition that would create it).
unsafe extern "C" fn define_own_property(
    ctx: *mut qjs::JSContext,
    obj: qjs::JSValue,
    prop: qjs::JSAtom,
    val: qjs::JSValue,
    getter: qjs::JSValue,
    setter: qjs::JSValue,
    flags: c_int,
) -> c_int {
    // (QuickJS's own definition, without these methods.)
    let flags_here = flags | qjs::JS_PROP_NO_EXOTIC as c_int;
    unsafe {
        if let Some(p) = presented(obj) {
            if qjs::JS_IsExtensible(ctx, obj) > 0 {
                // Event's constructor's own isTrusted, before the property
                // script adds.
                let defined = qjs::JS_DefineProperty(
                    ctx,
                    obj,
                    p.atom,
                    qjs::JS_UNDEFINED,
                    p.getter,
                    qjs::JS_UNDEFINED,
                    (qjs::JS_PROP_HAS_GET
                        | qjs::JS_PROP_HAS_SET
                        | qjs::JS_PROP_HAS_CONFIGURABLE
                        | qjs::JS_PROP_HAS_ENUMERABLE
                        | qjs::JS_PROP_ENUMERABLE
                        | qjs::JS_PROP_NO_EXOTIC) as c_int,
                );
                if defined < 0 {
                    return -1;
                }
                p.defined = true;
            } else if p.atom == prop {
                return redefine(ctx, p, getter, setter, flags);
            }
        }
        qjs::JS_DefineProperty(ctx, obj, prop, val, getter, setter, flags_here)
    }
}

/// A definition of the presented `isTrusted` on an object that is not
/// extensible: what QuickJS's JS_DefineProperty does for the real
/// accessor (enumerable, not configurable, a getter, no setter), which
/// changes nothing when it succeeds.
unsafe fn redefine(
    ctx: *mut qjs::JSContext,
    p: &Presented,
    getter: qjs::JSValue,
    setter: qjs::JSValue,
    flags: c_int,
) -> c_int {
    let has = |bit: u32| flags & bit as c_int != 0;
    unsafe {
        let function = |v: qjs::JSValue| qjs::JS_IsObject(v) && qjs::JS_IsFunction(ctx, v);
        let same_getter =
            function(getter) && qjs::JS_VALUE_GET_PTR(getter) == qjs::JS_VALUE_GET_PTR(p.getter);
        let accessor = has(qjs::JS_PROP_HAS_GET) || has(qjs::JS_PROP_HAS_SET);
        let data = has(qjs::JS_PROP_HAS_VALUE) || has(qjs::JS_PROP_HAS_WRITABLE);
        let refused = (has(qjs::JS_PROP_HAS_CONFIGURABLE) && has(qjs::JS_PROP_CONFIGURABLE))
            || (has(qjs::JS_PROP_HAS_ENUMERABLE) && !has(qjs::JS_PROP_ENUMERABLE))
            || (data && !accessor)
            || (has(qjs::JS_PROP_HAS_GET) && !same_getter)
            || (has(qjs::JS_PROP_HAS_SET) && function(setter));
        if !refused {
            return 1;
        }
        // (JS_ThrowTypeErrorOrFalse's. Only a set passes THROW_STRICT, and
        // a set of isTrusted finds the accessor and never comes here.)
        if has(qjs::JS_PROP_THROW) || has(qjs::JS_PROP_THROW_STRICT) {
            qjs::JS_ThrowTypeError(ctx, c"property is not configurable".as_ptr());
            return -1;
        }
        0
    }
}
