//! Host functions the browser glue calls at start-up, as C functions: they
//! do in a few hundred instructions what took the glue thousands, at every
//! start of a window or worker.
//!
//! `host.finishMembers`: the Web IDL attributes of one interface object's
//! or interface prototype object's members (10_browser.js,
//! `finishInterfaces`), without a descriptor object per member: every
//! interface of the global goes through it once, about 10 M of the browser
//! host's 51 M start-up instructions when it was JavaScript (callgrind, an
//! empty script).
//!
//! `host.defineAccessors`: the accessor properties the glue makes by the
//! hundred at every start (every event handler IDL attribute, 10_browser.js;
//! every CSS property's attributes of CSSStyleDeclaration, 20_dom.js), with
//! C functions for getter and setter: a descriptor object and two closures
//! each in JavaScript.
use std::ffi::c_int;

use rquickjs::{qjs, Ctx, Object};

use super::hot::{guarded, misuse};
use crate::quickjs::layout::{array_keys, OwnKeys};
use crate::quickjs::raw::{arg, is_function, raw_function};

/// Installs `host.finishMembers` and `host.defineAccessors`.
pub(super) fn install<'js>(ctx: &Ctx<'js>, host: &Object<'js>) -> rquickjs::Result<()> {
    host.set("finishMembers", raw_function(ctx, c"finishMembers", 2, finish_members)?)?;
    host.set("defineAccessors", raw_function(ctx, c"defineAccessors", 5, define_accessors)?)
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
            return getter;
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
            return setter;
        }
        let flags = (qjs::JS_PROP_HAS_GET
            | qjs::JS_PROP_HAS_SET
            | qjs::JS_PROP_HAS_CONFIGURABLE
            | qjs::JS_PROP_CONFIGURABLE
            | qjs::JS_PROP_HAS_ENUMERABLE
            | qjs::JS_PROP_ENUMERABLE
            | qjs::JS_PROP_THROW) as c_int;
        let mut result = qjs::JS_UNDEFINED;
        for i in 0..len {
            let name = if qjs::JS_IsString(names) {
                qjs::JS_DupValue(ctx, names)
            } else {
                qjs::JS_GetPropertyInt64(ctx, names, i)
            };
            if !qjs::JS_IsString(name) {
                qjs::JS_FreeValue(ctx, name);
                result = misuse(ctx);
                break;
            }
            let atom = qjs::JS_ValueToAtom(ctx, name);
            qjs::JS_FreeValue(ctx, name);
            if atom == qjs::JS_ATOM_NULL {
                result = qjs::JS_EXCEPTION;
                break;
            }
            let defined = qjs::JS_DefineProperty(ctx, obj, atom, qjs::JS_UNDEFINED, getter, setter, flags);
            qjs::JS_FreeAtom(ctx, atom);
            if defined < 0 {
                result = qjs::JS_EXCEPTION;
                break;
            }
        }
        qjs::JS_FreeValue(ctx, getter);
        qjs::JS_FreeValue(ctx, setter);
        result
    })
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

/// `host.finishMembers(obj, skip)`: what this does in JS, without the
/// descriptor objects:
/// ```js
/// for (const key of Object.getOwnPropertyNames(obj)) {
///   if (skip.includes(key)) continue;
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
unsafe extern "C" fn finish_members(
    ctx: *mut qjs::JSContext,
    _this: qjs::JSValue,
    argc: c_int,
    argv: *mut qjs::JSValue,
) -> qjs::JSValue {
    guarded(ctx, || unsafe {
        let obj = arg(argc, argv, 0);
        let skip = arg(argc, argv, 1);
        let mut skip_len: i64 = 0;
        if !qjs::JS_IsObject(obj) || !qjs::JS_IsArray(skip) || qjs::JS_GetLength(ctx, skip, &mut skip_len) < 0
        {
            return misuse(ctx);
        }
        let Some(skipped) = array_keys(ctx, skip, skip_len) else { return qjs::JS_EXCEPTION };
        let Some(keys) = OwnKeys::read(ctx, obj, qjs::JS_GPN_STRING_MASK) else {
            return qjs::JS_EXCEPTION;
        };
        for key in keys.atoms() {
            let atom = key.atom;
            if skipped.iter().any(|s| s.get() == atom) {
                continue;
            }
            let mut desc: qjs::JSPropertyDescriptor = std::mem::zeroed();
            let found = qjs::JS_GetOwnProperty(ctx, &mut desc, obj, atom);
            if found < 0 {
                return qjs::JS_EXCEPTION;
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
                    return qjs::JS_EXCEPTION;
                }
            }
        }
        qjs::JS_UNDEFINED
    })
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
