//! Host functions the browser glue calls at start-up, as C functions: they
//! do in a few hundred instructions what took the glue thousands, at every
//! start of a window or worker.
//!
//! `host.finishInterfaces`: the Web IDL attributes of every interface
//! object's and interface prototype object's members and of the global's
//! operations (10_browser.js, `finishInterfaces`), without a descriptor
//! object per member: every interface of the global goes through it once,
//! about 10 M of the browser host's 51 M start-up instructions when it was
//! JavaScript (callgrind, an empty script); the loop over the global's
//! names too, since it was 2 M of 44 M (a descriptor object and a regular
//! expression test for each of about 700 names).
//!
//! `host.defineAccessors`: the accessor properties the glue makes by the
//! hundred at every start (every event handler IDL attribute, 10_browser.js),
//! with C functions for getter and setter: a descriptor object and two
//! closures each in JavaScript. `host.defineStyleAttributes` does the same
//! for every CSS property's attributes of CSSStyleDeclaration (20_dom.js),
//! converting the names in Rust.
use std::ffi::c_int;
use std::sync::atomic::{AtomicU32, Ordering};

use rquickjs::{qjs, Ctx, Object};

use super::hot::{guarded, misuse};
use crate::quickjs::layout::{array_keys, OwnKeys};
use crate::quickjs::raw::{arg, is_function, raw_function, HeldAtom};

/// Installs `host.defineAccessors`, `host.defineStyleAttributes`,
/// `host.finishInterfaces` and `host.isAccessorFunction`.
pub(super) fn install<'js>(ctx: &Ctx<'js>, host: &Object<'js>) -> rquickjs::Result<()> {
    host.set("defineAccessors", raw_function(ctx, c"defineAccessors", 5, define_accessors)?)?;
    host.set(
        "defineStyleAttributes",
        raw_function(ctx, c"defineStyleAttributes", 4, define_style_attributes)?,
    )?;
    host.set("finishInterfaces", raw_function(ctx, c"finishInterfaces", 3, finish_interfaces)?)?;
    host.set("isAccessorFunction", raw_function(ctx, c"isAccessorFunction", 1, is_accessor_function)?)
}

/// The class of the C functions with data (`JS_CLASS_C_FUNCTION_DATA`),
/// once [`accessor_class`] has confirmed where QuickJS keeps such a
/// function's C function: 0 not yet looked at, u32::MAX not confirmed.
static ACCESSOR_CLASS: AtomicU32 = AtomicU32::new(0);

/// `host.isAccessorFunction(f)`: whether `f` is a getter or setter
/// [`define_pair`] made. 00_console.js leaves their frames out of error
/// stacks, as it leaves out the glue's: the glue's own `get()` and `set(v)`
/// were glue frames, and a browser's native accessors have none.
unsafe extern "C" fn is_accessor_function(
    ctx: *mut qjs::JSContext,
    _this: qjs::JSValue,
    argc: c_int,
    argv: *mut qjs::JSValue,
) -> qjs::JSValue {
    unsafe {
        let f = arg(argc, argv, 0);
        let class = accessor_class(ctx);
        let made = class != u32::MAX
            && qjs::JS_GetClassID(f) == class
            && matches!(c_function_of(f, class), Some(p) if p == accessor_get as *const () as usize || p == accessor_set as *const () as usize);
        if made {
            qjs::JS_TRUE
        } else {
            qjs::JS_FALSE
        }
    }
}

/// The C function of a C function with data `f` of class `class`: the
/// first member of quickjs.c's `JSCFunctionDataRecord`, the object's opaque
/// pointer.
unsafe fn c_function_of(f: qjs::JSValue, class: qjs::JSClassID) -> Option<usize> {
    unsafe {
        let record = qjs::JS_GetOpaque(f, class) as *const usize;
        (!record.is_null()).then(|| record.read())
    }
}

/// [`ACCESSOR_CLASS`], found with a getter made for it: its class, if its
/// record holds [`accessor_get`] where [`c_function_of`] reads it.
unsafe fn accessor_class(ctx: *mut qjs::JSContext) -> qjs::JSClassID {
    let known = ACCESSOR_CLASS.load(Ordering::Relaxed);
    if known != 0 {
        return known;
    }
    unsafe {
        let mut data = [qjs::JS_UNDEFINED, qjs::JS_UNDEFINED];
        let probe =
            qjs::JS_NewCFunctionData2(ctx, Some(accessor_get), c"get".as_ptr(), 0, 0, 2, data.as_mut_ptr());
        if qjs::JS_IsException(probe) {
            qjs::JS_FreeValue(ctx, qjs::JS_GetException(ctx));
            return u32::MAX;
        }
        let class = qjs::JS_GetClassID(probe);
        let confirmed = c_function_of(probe, class) == Some(accessor_get as *const () as usize);
        qjs::JS_FreeValue(ctx, probe);
        let class = if confirmed { class } else { u32::MAX };
        ACCESSOR_CLASS.store(class, Ordering::Relaxed);
        class
    }
}

/// `host.defineAccessors(obj, key, names, get, set)`: what this does in JS,
/// without the descriptor object and the two closures:
/// ```js
/// const desc = {
///   configurable: true, enumerable: true,
///   get() { return get.call(this, key); },
///   set(v) { set.call(this, key, v); },
/// };
/// for (const name of typeof names === 'string' ? [names] : names) Object.defineProperty(obj, name, desc);
/// ```
/// The getter and setter are C functions named `get` and `set`, of length
/// 0 and 1, with no prototype and not constructors, as the glue's methods
/// `get() {}` and `set(v) {}` are; both print `function get() { [native
/// code] }` (the glue's bytecode keeps no source). Every name gets the same
/// two functions.
unsafe extern "C" fn define_accessors(
    ctx: *mut qjs::JSContext,
    _this: qjs::JSValue,
    argc: c_int,
    argv: *mut qjs::JSValue,
) -> qjs::JSValue {
    guarded(ctx, || unsafe {
        let obj = arg(argc, argv, 0);
        let key = arg(argc, argv, 1);
        let names = arg(argc, argv, 2);
        let get = arg(argc, argv, 3);
        let set = arg(argc, argv, 4);
        let mut len: i64 = 1;
        if !qjs::JS_IsObject(obj)
            || !is_function(ctx, get)
            || !is_function(ctx, set)
            || !(qjs::JS_IsString(names)
                || (qjs::JS_IsArray(names) && qjs::JS_GetLength(ctx, names, &mut len) >= 0))
        {
            return misuse(ctx);
        }
        let names = if qjs::JS_IsString(names) {
            vec![qjs::JS_ValueToAtom(ctx, names)]
        } else {
            let mut atoms = Vec::with_capacity(len as usize);
            for i in 0..len {
                let name = qjs::JS_GetPropertyInt64(ctx, names, i);
                let atom =
                    if qjs::JS_IsString(name) { qjs::JS_ValueToAtom(ctx, name) } else { qjs::JS_ATOM_NULL };
                qjs::JS_FreeValue(ctx, name);
                atoms.push(atom);
            }
            atoms
        };
        let names: Vec<HeldAtom> = names.into_iter().map(|a| HeldAtom::own(ctx, a)).collect();
        if names.iter().any(|a| a.get() == qjs::JS_ATOM_NULL) {
            return misuse(ctx);
        }
        if define_pair(ctx, obj, key, &names, get, set) {
            qjs::JS_UNDEFINED
        } else {
            qjs::JS_EXCEPTION
        }
    })
}

/// Defines on `obj`, under each of `names`, one enumerable, configurable
/// accessor whose getter calls `get.call(this, key)` and whose setter
/// `set.call(this, key, v)`; false with an exception pending if one was
/// thrown.
unsafe fn define_pair(
    ctx: *mut qjs::JSContext,
    obj: qjs::JSValue,
    key: qjs::JSValue,
    names: &[HeldAtom],
    get: qjs::JSValue,
    set: qjs::JSValue,
) -> bool {
    unsafe {
        let mut get_data = [get, key];
        let getter = qjs::JS_NewCFunctionData2(
            ctx,
            Some(accessor_get),
            c"get".as_ptr(),
            0,
            0,
            2,
            get_data.as_mut_ptr(),
        );
        if qjs::JS_IsException(getter) {
            return false;
        }
        let mut set_data = [set, key];
        let setter = qjs::JS_NewCFunctionData2(
            ctx,
            Some(accessor_set),
            c"set".as_ptr(),
            1,
            0,
            2,
            set_data.as_mut_ptr(),
        );
        if qjs::JS_IsException(setter) {
            qjs::JS_FreeValue(ctx, getter);
            return false;
        }
        let flags = (qjs::JS_PROP_HAS_GET
            | qjs::JS_PROP_HAS_SET
            | qjs::JS_PROP_HAS_CONFIGURABLE
            | qjs::JS_PROP_CONFIGURABLE
            | qjs::JS_PROP_HAS_ENUMERABLE
            | qjs::JS_PROP_ENUMERABLE
            | qjs::JS_PROP_THROW) as c_int;
        let mut ok = true;
        for name in names {
            if qjs::JS_DefineProperty(ctx, obj, name.get(), qjs::JS_UNDEFINED, getter, setter, flags) < 0 {
                ok = false;
                break;
            }
        }
        qjs::JS_FreeValue(ctx, getter);
        qjs::JS_FreeValue(ctx, setter);
        ok
    }
}

/// `host.defineStyleAttributes(proto, properties, get, set)`: for each CSS
/// property `p` of the array `properties`, in order,
/// `host.defineAccessors(proto, p, names, get, set)` where `names` is the
/// camel-cased attribute ([`css_to_idl`]), then `p` itself if it holds a
/// "-" (the dashed attribute), then the webkit-cased attribute if `p` starts
/// with "webkit-" (<https://drafts.csswg.org/cssom/#the-cssstyledeclaration-interface>:
/// the camel-cased, webkit-cased and dashed attributes): 20_dom.js's
/// CSSStyleDeclaration, 247 properties at every start, without converting
/// each name in JavaScript (about 10 k instructions a property).
unsafe extern "C" fn define_style_attributes(
    ctx: *mut qjs::JSContext,
    _this: qjs::JSValue,
    argc: c_int,
    argv: *mut qjs::JSValue,
) -> qjs::JSValue {
    guarded(ctx, || unsafe {
        let proto = arg(argc, argv, 0);
        let properties = arg(argc, argv, 1);
        let get = arg(argc, argv, 2);
        let set = arg(argc, argv, 3);
        let mut len: i64 = 0;
        if !qjs::JS_IsObject(proto)
            || !is_function(ctx, get)
            || !is_function(ctx, set)
            || !qjs::JS_IsArray(properties)
            || qjs::JS_GetLength(ctx, properties, &mut len) < 0
        {
            return misuse(ctx);
        }
        for i in 0..len {
            let p = qjs::JS_GetPropertyInt64(ctx, properties, i);
            let mut n = 0;
            let text =
                if qjs::JS_IsString(p) { qjs::JS_ToCStringLen(ctx, &mut n, p) } else { std::ptr::null() };
            if text.is_null() {
                qjs::JS_FreeValue(ctx, p);
                return misuse(ctx);
            }
            let bytes = std::slice::from_raw_parts(text as *const u8, n);
            let idl = css_to_idl(bytes);
            let mut names = vec![new_atom(ctx, &idl)];
            if bytes.contains(&b'-') {
                names.push(HeldAtom::own(ctx, qjs::JS_ValueToAtom(ctx, p)));
            }
            if bytes.starts_with(b"webkit-") {
                let mut webkit = b"Webkit".to_vec();
                webkit.extend_from_slice(&idl[6..]);
                names.push(new_atom(ctx, &webkit));
            }
            qjs::JS_FreeCString(ctx, text);
            let ok = names.iter().all(|a| a.get() != qjs::JS_ATOM_NULL)
                && define_pair(ctx, proto, p, &names, get, set);
            qjs::JS_FreeValue(ctx, p);
            if !ok {
                return qjs::JS_EXCEPTION;
            }
        }
        qjs::JS_UNDEFINED
    })
}

/// The atom of the UTF-8 name `name`.
unsafe fn new_atom(ctx: *mut qjs::JSContext, name: &[u8]) -> HeldAtom {
    unsafe { HeldAtom::own(ctx, qjs::JS_NewAtomLen(ctx, name.as_ptr() as *const _, name.len() as _)) }
}

/// <https://drafts.csswg.org/cssom/#css-property-to-idl-attribute> (20_dom.js's
/// `cssToIdl`): a custom property ("--" first) is itself; otherwise every
/// "-" followed by an ASCII lower alpha becomes that letter in upper case.
/// (On UTF-8 bytes: "-" and the letters are ASCII, which no byte of a
/// longer sequence is.)
fn css_to_idl(property: &[u8]) -> Vec<u8> {
    if property.starts_with(b"--") {
        return property.to_vec();
    }
    let mut out = Vec::with_capacity(property.len());
    let mut i = 0;
    while i < property.len() {
        match property.get(i + 1) {
            Some(&next) if property[i] == b'-' && next.is_ascii_lowercase() => {
                out.push(next.to_ascii_uppercase());
                i += 2;
            }
            _ => {
                out.push(property[i]);
                i += 1;
            }
        }
    }
    out
}

/// A [`define_accessors`] getter: `get.call(this, key)` (data: get, key).
unsafe extern "C" fn accessor_get(
    ctx: *mut qjs::JSContext,
    this: qjs::JSValue,
    _argc: c_int,
    _argv: *mut qjs::JSValue,
    _magic: c_int,
    data: *mut qjs::JSValue,
) -> qjs::JSValue {
    unsafe {
        let mut args = [*data.add(1)];
        qjs::JS_Call(ctx, *data, this, 1, args.as_mut_ptr())
    }
}

/// A [`define_accessors`] setter: `set.call(this, key, v)`, returning
/// undefined (data: set, key).
unsafe extern "C" fn accessor_set(
    ctx: *mut qjs::JSContext,
    this: qjs::JSValue,
    argc: c_int,
    argv: *mut qjs::JSValue,
    _magic: c_int,
    data: *mut qjs::JSValue,
) -> qjs::JSValue {
    unsafe {
        let mut args = [*data.add(1), arg(argc, argv, 0)];
        let result = qjs::JS_Call(ctx, *data, this, 2, args.as_mut_ptr());
        if qjs::JS_IsException(result) {
            return result;
        }
        qjs::JS_FreeValue(ctx, result);
        qjs::JS_UNDEFINED
    }
}

/// The members of one interface object or interface prototype object
/// `obj`, less the keys `skipped`: what this does in JS, without the
/// descriptor objects:
/// ```js
/// for (const key of Object.getOwnPropertyNames(obj)) {
///   if (skipped.includes(key)) continue;
///   const d = Object.getOwnPropertyDescriptor(obj, key);
///   if (!d.configurable) continue;
///   if ('value' in d && typeof d.value !== 'function') {
///     // A constant: its name is in capitals (NONE, AT_TARGET, ...).
///     if (typeof d.value === 'number' && /^[A-Z][A-Z0-9_]*$/.test(key)) {
///       Object.defineProperty(obj, key, { writable: false, enumerable: true, configurable: false });
///     }
///   } else if (!d.enumerable) {
///     Object.defineProperty(obj, key, { enumerable: true });
///   }
/// }
/// ```
/// (Web IDL: operations and attributes are enumerable, constants read-only,
/// enumerable and not configurable.)
/// (False with an exception pending if one was thrown.)
unsafe fn finish(ctx: *mut qjs::JSContext, obj: qjs::JSValue, skipped: &[HeldAtom]) -> bool {
    unsafe {
        let Some(keys) = OwnKeys::read(ctx, obj, qjs::JS_GPN_STRING_MASK) else {
            return false;
        };
        for key in keys.atoms() {
            let atom = key.atom;
            if skipped.iter().any(|s| s.get() == atom) {
                continue;
            }
            let mut desc: qjs::JSPropertyDescriptor = std::mem::zeroed();
            let found = qjs::JS_GetOwnProperty(ctx, &mut desc, obj, atom);
            if found < 0 {
                return false;
            }
            if found == 0 {
                continue;
            }
            let flags = desc.flags as u32;
            let change = if flags & qjs::JS_PROP_CONFIGURABLE == 0 {
                None
            } else if flags & qjs::JS_PROP_GETSET == 0 && !qjs::JS_IsFunction(ctx, desc.value) {
                (qjs::JS_IsNumber(desc.value) && is_constant_name(ctx, atom)).then_some(
                    qjs::JS_PROP_HAS_WRITABLE
                        | qjs::JS_PROP_HAS_ENUMERABLE
                        | qjs::JS_PROP_ENUMERABLE
                        | qjs::JS_PROP_HAS_CONFIGURABLE,
                )
            } else if flags & qjs::JS_PROP_ENUMERABLE == 0 {
                Some(qjs::JS_PROP_HAS_ENUMERABLE | qjs::JS_PROP_ENUMERABLE)
            } else {
                None
            };
            qjs::JS_FreeValue(ctx, desc.value);
            qjs::JS_FreeValue(ctx, desc.getter);
            qjs::JS_FreeValue(ctx, desc.setter);
            if let Some(change) = change {
                let flags = (change | qjs::JS_PROP_THROW) as c_int;
                if qjs::JS_DefineProperty(
                    ctx,
                    obj,
                    atom,
                    qjs::JS_UNDEFINED,
                    qjs::JS_UNDEFINED,
                    qjs::JS_UNDEFINED,
                    flags,
                ) < 0
                {
                    return false;
                }
            }
        }
        true
    }
}

/// `host.finishInterfaces(g, ecmascriptGlobals, toStringTag)`: 10_browser.js's
/// `finishInterfaces` (see there), what this does in JS without a
/// descriptor object per global and a regular expression test per name:
/// ```js
/// for (const name of Object.getOwnPropertyNames(g)) {
///   if (ecmascriptGlobals.includes(name)) continue;
///   const d = Object.getOwnPropertyDescriptor(g, name);
///   if (!/^[A-Z]/.test(name)) {
///     if (d && typeof d.value === 'function' && !d.enumerable && d.configurable) Object.defineProperty(g, name, { enumerable: true });
///     continue;
///   }
///   const ctor = d && d.value;
///   if (typeof ctor !== 'function' || !ctor.prototype || typeof ctor.prototype !== 'object') continue;
///   if (!Object.prototype.hasOwnProperty.call(ctor.prototype, toStringTag)) {
///     Object.defineProperty(ctor.prototype, toStringTag, { value: name, writable: false, enumerable: false, configurable: true });
///   }
///   finish(ctor, ['length', 'name', 'prototype']);
///   finish(ctor.prototype, ['constructor']);
/// }
/// ```
/// (`ctor.prototype` is read once: an interface object's `prototype` is a
/// data property.)
unsafe extern "C" fn finish_interfaces(
    ctx: *mut qjs::JSContext,
    _this: qjs::JSValue,
    argc: c_int,
    argv: *mut qjs::JSValue,
) -> qjs::JSValue {
    guarded(ctx, || unsafe {
        let g = arg(argc, argv, 0);
        let ecmascript = arg(argc, argv, 1);
        let tag = arg(argc, argv, 2);
        let mut len: i64 = 0;
        if !qjs::JS_IsObject(g)
            || !qjs::JS_IsArray(ecmascript)
            || !qjs::JS_IsSymbol(tag)
            || qjs::JS_GetLength(ctx, ecmascript, &mut len) < 0
        {
            return misuse(ctx);
        }
        let Some(ecmascript) = array_keys(ctx, ecmascript, len) else { return qjs::JS_EXCEPTION };
        let tag = HeldAtom::own(ctx, qjs::JS_ValueToAtom(ctx, tag));
        let ctor_skip =
            [HeldAtom::new(ctx, c"length"), HeldAtom::new(ctx, c"name"), HeldAtom::new(ctx, c"prototype")];
        let proto_skip = [HeldAtom::new(ctx, c"constructor")];
        let Some(keys) = OwnKeys::read(ctx, g, qjs::JS_GPN_STRING_MASK) else {
            return qjs::JS_EXCEPTION;
        };
        for key in keys.atoms() {
            let atom = key.atom;
            if ecmascript.iter().any(|s| s.get() == atom) {
                continue;
            }
            let mut desc: qjs::JSPropertyDescriptor = std::mem::zeroed();
            let found = qjs::JS_GetOwnProperty(ctx, &mut desc, g, atom);
            if found < 0 {
                return qjs::JS_EXCEPTION;
            }
            if found == 0 {
                continue;
            }
            qjs::JS_FreeValue(ctx, desc.getter);
            qjs::JS_FreeValue(ctx, desc.setter);
            let flags = desc.flags as u32;
            let is_function = flags & qjs::JS_PROP_GETSET == 0 && is_function(ctx, desc.value);
            if !starts_with_capital(ctx, atom) {
                // An operation of the global's interface.
                qjs::JS_FreeValue(ctx, desc.value);
                if is_function
                    && flags & qjs::JS_PROP_ENUMERABLE == 0
                    && flags & qjs::JS_PROP_CONFIGURABLE != 0
                {
                    let flags = qjs::JS_PROP_HAS_ENUMERABLE | qjs::JS_PROP_ENUMERABLE | qjs::JS_PROP_THROW;
                    let undefined = qjs::JS_UNDEFINED;
                    if qjs::JS_DefineProperty(ctx, g, atom, undefined, undefined, undefined, flags as c_int)
                        < 0
                    {
                        return qjs::JS_EXCEPTION;
                    }
                }
                continue;
            }
            if !is_function {
                qjs::JS_FreeValue(ctx, desc.value);
                continue;
            }
            let ctor = desc.value;
            let proto = qjs::JS_GetPropertyStr(ctx, ctor, c"prototype".as_ptr());
            if qjs::JS_IsException(proto) {
                qjs::JS_FreeValue(ctx, ctor);
                return proto;
            }
            let skip = !qjs::JS_IsObject(proto) || qjs::JS_IsFunction(ctx, proto);
            let done = skip || finish_interface(ctx, atom, ctor, proto, tag.get(), &ctor_skip, &proto_skip);
            qjs::JS_FreeValue(ctx, proto);
            qjs::JS_FreeValue(ctx, ctor);
            if !done {
                return qjs::JS_EXCEPTION;
            }
        }
        qjs::JS_UNDEFINED
    })
}

/// One interface object `ctor` named `name` and its interface prototype
/// object `proto`: the prototype's Symbol.toStringTag (`tag`) if it has
/// none, then both objects' members; false with an exception pending if
/// one was thrown.
unsafe fn finish_interface(
    ctx: *mut qjs::JSContext,
    name: qjs::JSAtom,
    ctor: qjs::JSValue,
    proto: qjs::JSValue,
    tag: qjs::JSAtom,
    ctor_skip: &[HeldAtom],
    proto_skip: &[HeldAtom],
) -> bool {
    unsafe {
        let has = qjs::JS_GetOwnProperty(ctx, std::ptr::null_mut(), proto, tag);
        if has < 0 {
            return false;
        }
        if has == 0 {
            let flags = (qjs::JS_PROP_CONFIGURABLE | qjs::JS_PROP_THROW) as c_int;
            if qjs::JS_DefinePropertyValue(ctx, proto, tag, qjs::JS_AtomToString(ctx, name), flags) < 0 {
                return false;
            }
        }
        finish(ctx, ctor, ctor_skip) && finish(ctx, proto, proto_skip)
    }
}

/// Whether the key's first character is an ASCII capital (`/^[A-Z]/`).
unsafe fn starts_with_capital(ctx: *mut qjs::JSContext, atom: qjs::JSAtom) -> bool {
    unsafe {
        let mut len = 0;
        let name = qjs::JS_AtomToCStringLen(ctx, &mut len, atom);
        if name.is_null() {
            qjs::JS_FreeValue(ctx, qjs::JS_GetException(ctx));
            return false;
        }
        let capital = len > 0 && (*name as u8).is_ascii_uppercase();
        qjs::JS_FreeCString(ctx, name);
        capital
    }
}

/// Whether the key matches `/^[A-Z][A-Z0-9_]*$/` (a Web IDL constant's name).
unsafe fn is_constant_name(ctx: *mut qjs::JSContext, atom: qjs::JSAtom) -> bool {
    unsafe {
        let mut len = 0;
        let name = qjs::JS_AtomToCStringLen(ctx, &mut len, atom);
        if name.is_null() {
            // (Out of memory: the exception is dropped, and the key left as
            // it is.)
            qjs::JS_FreeValue(ctx, qjs::JS_GetException(ctx));
            return false;
        }
        let bytes = std::slice::from_raw_parts(name as *const u8, len as usize);
        let matches = bytes.first().is_some_and(|b| b.is_ascii_uppercase())
            && bytes.iter().all(|&b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_');
        qjs::JS_FreeCString(ctx, name);
        matches
    }
}
