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

use crate::quickjs::exotic::{self, Definition, On};

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
pub(super) static METHODS: qjs::JSClassExoticMethods = exotic::methods::<IsTrusted>();

/// What the events present: their own isTrusted.
struct IsTrusted;

/// The presented accessor of `obj`, while it is not a property.
unsafe fn presented<'a>(obj: qjs::JSValue) -> Option<&'a mut Presented> {
    unsafe { super::message_event::presented(obj).filter(|p| !p.defined) }
}

impl exotic::Presents for IsTrusted {
    unsafe fn own_property(on: On, prop: qjs::JSAtom, desc: *mut qjs::JSPropertyDescriptor) -> c_int {
        unsafe {
            let Some(p) = presented(on.obj).filter(|p| p.atom == prop) else { return 0 };
            if let Some(desc) = desc.as_mut() {
                // (What QuickJS gives for the real accessor: enumerable, not
                // configurable, a getter and no setter.)
                desc.flags = (qjs::JS_PROP_GETSET | qjs::JS_PROP_ENUMERABLE) as c_int;
                desc.getter = qjs::JS_DupValue(on.ctx, p.getter);
                desc.setter = qjs::JS_UNDEFINED;
                desc.value = qjs::JS_UNDEFINED;
            }
            1
        }
    }

    /// (Listed after the object's own properties: it has none while the
    /// accessor is presented.)
    unsafe fn own_property_names(on: On, ptab: *mut *mut qjs::JSPropertyEnum, plen: *mut u32) -> c_int {
        unsafe {
            let atoms = presented(on.obj).map(|p| p.atom);
            crate::quickjs::layout::presented_keys(on.ctx, atoms.as_slice(), ptab, plen)
        }
    }

    unsafe fn delete_property(on: On, prop: qjs::JSAtom) -> c_int {
        unsafe { c_int::from(presented(on.obj).is_none_or(|p| p.atom != prop)) }
    }

    /// (A definition that would create a property.)
    unsafe fn define_own_property(on: On, def: Definition) -> c_int {
        // (QuickJS's own definition, without these methods.)
        let no_exotic = qjs::JS_PROP_NO_EXOTIC as c_int;
        unsafe {
            if let Some(p) = presented(on.obj) {
                if qjs::JS_IsExtensible(on.ctx, on.obj) > 0 {
                    // Event's constructor's own isTrusted, before the
                    // property script adds.
                    let is_trusted = Definition {
                        prop: p.atom,
                        val: qjs::JS_UNDEFINED,
                        getter: p.getter,
                        setter: qjs::JS_UNDEFINED,
                        flags: (qjs::JS_PROP_HAS_GET
                            | qjs::JS_PROP_HAS_SET
                            | qjs::JS_PROP_HAS_CONFIGURABLE
                            | qjs::JS_PROP_HAS_ENUMERABLE
                            | qjs::JS_PROP_ENUMERABLE) as c_int,
                    };
                    if is_trusted.on(on.ctx, on.obj, no_exotic) < 0 {
                        return -1;
                    }
                    p.defined = true;
                } else if p.atom == def.prop {
                    return redefine(on.ctx, p, def.getter, def.setter, def.flags);
                }
            }
            def.on(on.ctx, on.obj, no_exotic)
        }
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
