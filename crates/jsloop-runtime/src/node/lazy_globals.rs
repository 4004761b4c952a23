//! The node host's globals whose glue is evaluated when a program first
//! reads them (EventTarget and AbortController, Blob, WebSocket, fetch, the
//! web streams, MessageChannel, crypto, TextEncoder, URL: 40_node.js): an
//! accessor pair on the global each, whose getter asks the glue's resolver
//! for the value and whose setter replaces the pair with a data property.
//!
//! The pairs were JavaScript closures, two per global and a descriptor
//! object each, made at every start whether or not a program used any of
//! them: about 0.55 M of the node host's 9.7 M start-up instructions
//! (callgrind, 46 globals). Here they are C functions with data (the
//! resolver, the group, the name), made by one host call per group; what a
//! program sees is the same: functions named `get` and `set`, of length 0
//! and 1, with no prototype, printing `[native code]`.
use std::ffi::c_int;

use rquickjs::{qjs, Ctx, Object};

use super::hot::{guarded, misuse};
use crate::quickjs::raw::{arg, is_function, raw_function};

/// Installs `host.lazyGlobals`.
pub(super) fn install<'js>(ctx: &Ctx<'js>, host: &Object<'js>) -> rquickjs::Result<()> {
    host.set("lazyGlobals", raw_function(ctx, c"lazyGlobals", 4, lazy_globals)?)
}

/// `host.lazyGlobals(g, resolve, group, names)`: for each name of the array
/// `names`, in order, what
/// `Object.defineProperty(g, name, { configurable: true, enumerable: false,
/// get() { return resolve(group, name); }, set(v) {
/// Object.defineProperty(g, name, { value: v, writable: true, configurable:
/// true }); } })` defines.
unsafe extern "C" fn lazy_globals(
    ctx: *mut qjs::JSContext,
    _this: qjs::JSValue,
    argc: c_int,
    argv: *mut qjs::JSValue,
) -> qjs::JSValue {
    guarded(ctx, || unsafe {
        let g = arg(argc, argv, 0);
        let resolve = arg(argc, argv, 1);
        let group = arg(argc, argv, 2);
        let names = arg(argc, argv, 3);
        let mut len: i64 = 0;
        if !qjs::JS_IsObject(g)
            || !is_function(ctx, resolve)
            || !qjs::JS_IsArray(names)
            || qjs::JS_GetLength(ctx, names, &mut len) < 0
        {
            return misuse(ctx);
        }
        for i in 0..len {
            let name = qjs::JS_GetPropertyInt64(ctx, names, i);
            if !qjs::JS_IsString(name) {
                qjs::JS_FreeValue(ctx, name);
                return misuse(ctx);
            }
            let mut get_data = [resolve, group, name];
            let get = qjs::JS_NewCFunctionData2(
                ctx,
                Some(lazy_get),
                c"get".as_ptr(),
                0,
                0,
                3,
                get_data.as_mut_ptr(),
            );
            let mut set_data = [g, name];
            let set = qjs::JS_NewCFunctionData2(
                ctx,
                Some(lazy_set),
                c"set".as_ptr(),
                1,
                0,
                2,
                set_data.as_mut_ptr(),
            );
            let atom = qjs::JS_ValueToAtom(ctx, name);
            qjs::JS_FreeValue(ctx, name);
            let defined = if qjs::JS_IsException(get) || qjs::JS_IsException(set) || atom == qjs::JS_ATOM_NULL
            {
                -1
            } else {
                let flags = qjs::JS_PROP_HAS_GET
                    | qjs::JS_PROP_HAS_SET
                    | qjs::JS_PROP_HAS_CONFIGURABLE
                    | qjs::JS_PROP_CONFIGURABLE
                    | qjs::JS_PROP_HAS_ENUMERABLE
                    | qjs::JS_PROP_THROW;
                qjs::JS_DefineProperty(ctx, g, atom, qjs::JS_UNDEFINED, get, set, flags as c_int)
            };
            if atom != qjs::JS_ATOM_NULL {
                qjs::JS_FreeAtom(ctx, atom);
            }
            qjs::JS_FreeValue(ctx, get);
            qjs::JS_FreeValue(ctx, set);
            if defined < 0 {
                return qjs::JS_EXCEPTION;
            }
        }
        qjs::JS_UNDEFINED
    })
}

/// A lazy global's getter: `resolve(group, name)` (data: resolve, group,
/// name).
unsafe extern "C" fn lazy_get(
    ctx: *mut qjs::JSContext,
    _this: qjs::JSValue,
    _argc: c_int,
    _argv: *mut qjs::JSValue,
    _magic: c_int,
    data: *mut qjs::JSValue,
) -> qjs::JSValue {
    unsafe {
        let mut args = [*data.add(1), *data.add(2)];
        qjs::JS_Call(ctx, *data, qjs::JS_UNDEFINED, 2, args.as_mut_ptr())
    }
}

/// A lazy global's setter: the global becomes a writable, configurable data
/// property holding the value (its enumerability unchanged), as
/// `Object.defineProperty(g, name, { value, writable: true, configurable:
/// true })` makes it (data: g, name).
unsafe extern "C" fn lazy_set(
    ctx: *mut qjs::JSContext,
    _this: qjs::JSValue,
    argc: c_int,
    argv: *mut qjs::JSValue,
    _magic: c_int,
    data: *mut qjs::JSValue,
) -> qjs::JSValue {
    unsafe {
        let value = arg(argc, argv, 0);
        let atom = qjs::JS_ValueToAtom(ctx, *data.add(1));
        if atom == qjs::JS_ATOM_NULL {
            return qjs::JS_EXCEPTION;
        }
        let flags = qjs::JS_PROP_HAS_VALUE
            | qjs::JS_PROP_HAS_WRITABLE
            | qjs::JS_PROP_WRITABLE
            | qjs::JS_PROP_HAS_CONFIGURABLE
            | qjs::JS_PROP_CONFIGURABLE
            | qjs::JS_PROP_THROW;
        let defined = qjs::JS_DefineProperty(
            ctx,
            *data,
            atom,
            value,
            qjs::JS_UNDEFINED,
            qjs::JS_UNDEFINED,
            flags as c_int,
        );
        qjs::JS_FreeAtom(ctx, atom);
        if defined < 0 {
            qjs::JS_EXCEPTION
        } else {
            qjs::JS_UNDEFINED
        }
    }
}
