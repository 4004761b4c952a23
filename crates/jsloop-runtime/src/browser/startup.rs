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
use std::ffi::c_int;

use rquickjs::{qjs, Ctx, Object};

use super::hot::{guarded, misuse};
use crate::quickjs::layout::{array_keys, OwnKeys};
use crate::quickjs::raw::{arg, raw_function};

/// Installs `host.finishMembers`.
pub(super) fn install<'js>(ctx: &Ctx<'js>, host: &Object<'js>) -> rquickjs::Result<()> {
    host.set("finishMembers", raw_function(ctx, c"finishMembers", 2, finish_members)?)
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
