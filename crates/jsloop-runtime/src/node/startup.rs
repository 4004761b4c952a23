//! Host functions the node glue calls once, at start-up, as C functions:
//! they do in a few hundred instructions what took the glue thousands, at
//! every start.
//!
//! `host.lazyGlobals`: the node host's globals whose glue is evaluated when
//! a program first reads them (EventTarget and AbortController, Blob,
//! WebSocket, fetch, the web streams, MessageChannel, crypto, TextEncoder,
//! URL: 40_node.js) are an accessor pair on the global each, whose getter
//! asks the glue's resolver for the value and whose setter replaces the
//! pair with a data property. The pairs were JavaScript closures, two per
//! global and a descriptor object each, made at every start whether or not
//! a program used any of them: about 0.55 M of the node host's 9.7 M
//! start-up instructions (callgrind, 46 globals). Here they are C functions
//! with data (the resolver, the group, the name), made by one host call per
//! group; what a program sees is the same: functions named `get` and `set`,
//! of length 0 and 1, with no prototype, printing `[native code]`.
//!
//! `host.orderOwnProperties`: `process`'s own properties put in Node's
//! order, all enumerable (40_node.js), without a descriptor object per
//! property.
//!
//! `host.defineHidden`: 40_node.js's `define`, which makes the methods of
//! `process` and the node globals non-enumerable, without a descriptor
//! object per property (about 100 properties at every start).
//!
//! `host.bindMethods`: the console's own bound methods (node/console.js),
//! 25 for the global console at every start, without two descriptor
//! objects per method.
use std::ffi::c_int;

use rquickjs::{qjs, Ctx, Object};

use super::hot::{guarded, misuse};
use crate::quickjs::layout::{array_keys, OwnKeys};
use crate::quickjs::raw::{arg, is_function, raw_function};

/// Installs `host.lazyGlobals`, `host.orderOwnProperties` and
/// `host.defineHidden`.
pub(super) fn install<'js>(ctx: &Ctx<'js>, host: &Object<'js>) -> rquickjs::Result<()> {
    host.set("lazyGlobals", raw_function(ctx, c"lazyGlobals", 4, lazy_globals)?)?;
    host.set("orderOwnProperties", raw_function(ctx, c"orderOwnProperties", 3, order_own_properties)?)?;
    host.set("defineHidden", raw_function(ctx, c"defineHidden", 2, define_hidden)?)?;
    host.set("bindMethods", raw_function(ctx, c"bindMethods", 4, bind_methods)?)
}

/// `host.bindMethods(target, receiver, source, names)`: what this does in
/// JS, without the descriptor objects:
/// ```js
/// for (const name of names) {
///   const bound = source[name].bind(receiver);
///   Object.defineProperty(bound, 'name', { value: name });
///   Object.defineProperty(target, name, { value: bound, writable: true, enumerable: true, configurable: true });
/// }
/// ```
unsafe extern "C" fn bind_methods(
    ctx: *mut qjs::JSContext,
    _this: qjs::JSValue,
    argc: c_int,
    argv: *mut qjs::JSValue,
) -> qjs::JSValue {
    guarded(ctx, || unsafe {
        let target = arg(argc, argv, 0);
        let receiver = arg(argc, argv, 1);
        let source = arg(argc, argv, 2);
        let names = arg(argc, argv, 3);
        let mut len: i64 = 0;
        if !qjs::JS_IsObject(target)
            || !qjs::JS_IsObject(source)
            || !qjs::JS_IsArray(names)
            || qjs::JS_GetLength(ctx, names, &mut len) < 0
        {
            return misuse(ctx);
        }
        let name_flags = qjs::JS_PROP_HAS_VALUE | qjs::JS_PROP_THROW;
        let own_flags = qjs::JS_PROP_HAS_VALUE
            | qjs::JS_PROP_HAS_WRITABLE
            | qjs::JS_PROP_WRITABLE
            | qjs::JS_PROP_HAS_ENUMERABLE
            | qjs::JS_PROP_ENUMERABLE
            | qjs::JS_PROP_HAS_CONFIGURABLE
            | qjs::JS_PROP_CONFIGURABLE
            | qjs::JS_PROP_THROW;
        for i in 0..len {
            let name = qjs::JS_GetPropertyInt64(ctx, names, i);
            let atom = qjs::JS_ValueToAtom(ctx, name);
            if atom == qjs::JS_ATOM_NULL {
                qjs::JS_FreeValue(ctx, name);
                return qjs::JS_EXCEPTION;
            }
            let method = qjs::JS_GetProperty(ctx, source, atom);
            let bound = if qjs::JS_IsException(method) {
                qjs::JS_EXCEPTION
            } else {
                let bind = qjs::JS_GetPropertyStr(ctx, method, c"bind".as_ptr());
                let mut args = [receiver];
                let bound = if qjs::JS_IsException(bind) {
                    qjs::JS_EXCEPTION
                } else {
                    qjs::JS_Call(ctx, bind, method, 1, args.as_mut_ptr())
                };
                qjs::JS_FreeValue(ctx, bind);
                bound
            };
            qjs::JS_FreeValue(ctx, method);
            let named = if qjs::JS_IsException(bound) {
                -1
            } else if !qjs::JS_IsObject(bound) {
                // (Object.defineProperty's error for a value that is not an
                // object.)
                qjs::JS_ThrowTypeError(ctx, c"not an object".as_ptr());
                -1
            } else {
                qjs::JS_DefineProperty(
                    ctx,
                    bound,
                    qjs::JS_ATOM_name as qjs::JSAtom,
                    name,
                    qjs::JS_UNDEFINED,
                    qjs::JS_UNDEFINED,
                    name_flags as c_int,
                )
            };
            qjs::JS_FreeValue(ctx, name);
            let defined = named >= 0
                && qjs::JS_DefineProperty(
                    ctx,
                    target,
                    atom,
                    bound,
                    qjs::JS_UNDEFINED,
                    qjs::JS_UNDEFINED,
                    own_flags as c_int,
                ) >= 0;
            qjs::JS_FreeValue(ctx, bound);
            qjs::JS_FreeAtom(ctx, atom);
            if !defined {
                return qjs::JS_EXCEPTION;
            }
        }
        qjs::JS_UNDEFINED
    })
}

/// `host.defineHidden(obj, props)`: what this does in JS, without the
/// descriptor objects:
/// ```js
/// for (const k of Object.keys(props)) {
///   Object.defineProperty(obj, k, { value: props[k], writable: true, configurable: true, enumerable: false });
/// }
/// ```
unsafe extern "C" fn define_hidden(
    ctx: *mut qjs::JSContext,
    _this: qjs::JSValue,
    argc: c_int,
    argv: *mut qjs::JSValue,
) -> qjs::JSValue {
    guarded(ctx, || unsafe {
        let obj = arg(argc, argv, 0);
        let props = arg(argc, argv, 1);
        if !qjs::JS_IsObject(obj) || !qjs::JS_IsObject(props) {
            return misuse(ctx);
        }
        // Object.keys: the own enumerable string keys, in order.
        let keys = (qjs::JS_GPN_STRING_MASK | qjs::JS_GPN_ENUM_ONLY) as u32;
        let Some(keys) = OwnKeys::read(ctx, props, keys) else { return qjs::JS_EXCEPTION };
        let flags = qjs::JS_PROP_HAS_VALUE
            | qjs::JS_PROP_HAS_WRITABLE
            | qjs::JS_PROP_WRITABLE
            | qjs::JS_PROP_HAS_CONFIGURABLE
            | qjs::JS_PROP_CONFIGURABLE
            | qjs::JS_PROP_HAS_ENUMERABLE
            | qjs::JS_PROP_THROW;
        for key in keys.atoms() {
            let value = qjs::JS_GetProperty(ctx, props, key.atom);
            if qjs::JS_IsException(value) {
                return qjs::JS_EXCEPTION;
            }
            let defined = qjs::JS_DefineProperty(
                ctx,
                obj,
                key.atom,
                value,
                qjs::JS_UNDEFINED,
                qjs::JS_UNDEFINED,
                flags as c_int,
            );
            qjs::JS_FreeValue(ctx, value);
            if defined < 0 {
                return qjs::JS_EXCEPTION;
            }
        }
        qjs::JS_UNDEFINED
    })
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

/// `host.orderOwnProperties(obj, order, onlyListed)`: what this does in JS,
/// without the descriptor objects:
/// ```js
/// const rest = new Set(Object.getOwnPropertyNames(obj));
/// const names = [];
/// for (const name of order) if (rest.delete(name)) names.push(name);
/// if (!onlyListed) names.push(...rest);
/// for (const name of names) {
///   const desc = Object.getOwnPropertyDescriptor(obj, name);
///   if (!desc.configurable) continue;
///   delete obj[name];
///   desc.enumerable = true;
///   Object.defineProperty(obj, name, desc);
/// }
/// ```
/// (each configurable own property taken out and defined again at the end,
/// enumerable, in that order; the others stay where they are).
unsafe extern "C" fn order_own_properties(
    ctx: *mut qjs::JSContext,
    _this: qjs::JSValue,
    argc: c_int,
    argv: *mut qjs::JSValue,
) -> qjs::JSValue {
    guarded(ctx, || unsafe {
        let obj = arg(argc, argv, 0);
        let order = arg(argc, argv, 1);
        let only_listed = qjs::JS_ToBool(ctx, arg(argc, argv, 2)) > 0;
        let mut order_len: i64 = 0;
        if !qjs::JS_IsObject(obj)
            || !qjs::JS_IsArray(order)
            || qjs::JS_GetLength(ctx, order, &mut order_len) < 0
        {
            return misuse(ctx);
        }
        let Some(own_keys) = OwnKeys::read(ctx, obj, qjs::JS_GPN_STRING_MASK) else {
            return qjs::JS_EXCEPTION;
        };
        let Some(order) = array_keys(ctx, order, order_len) else { return qjs::JS_EXCEPTION };
        let own = own_keys.atoms();
        let mut taken = vec![false; own.len()];
        let mut names = Vec::with_capacity(own.len());
        for key in &order {
            if let Some(j) = own.iter().position(|p| p.atom == key.get()) {
                if !taken[j] {
                    taken[j] = true;
                    names.push(own[j].atom);
                }
            }
        }
        if !only_listed {
            names.extend(own.iter().zip(&taken).filter(|(_, &t)| !t).map(|(p, _)| p.atom));
        }
        for atom in names {
            let mut failed = false;
            let mut desc: qjs::JSPropertyDescriptor = std::mem::zeroed();
            let found = qjs::JS_GetOwnProperty(ctx, &mut desc, obj, atom);
            if found < 0 {
                return qjs::JS_EXCEPTION;
            }
            if found == 0 {
                continue;
            }
            let kind = if desc.flags as u32 & qjs::JS_PROP_GETSET != 0 {
                qjs::JS_PROP_HAS_GET | qjs::JS_PROP_HAS_SET
            } else {
                qjs::JS_PROP_HAS_VALUE
                    | qjs::JS_PROP_HAS_WRITABLE
                    | (desc.flags as u32 & qjs::JS_PROP_WRITABLE)
            };
            if desc.flags as u32 & qjs::JS_PROP_CONFIGURABLE != 0 {
                let flags = kind
                    | qjs::JS_PROP_HAS_CONFIGURABLE
                    | qjs::JS_PROP_CONFIGURABLE
                    | qjs::JS_PROP_HAS_ENUMERABLE
                    | qjs::JS_PROP_ENUMERABLE
                    | qjs::JS_PROP_THROW;
                failed = qjs::JS_DeleteProperty(ctx, obj, atom, qjs::JS_PROP_THROW as c_int) < 0
                    || qjs::JS_DefineProperty(
                        ctx,
                        obj,
                        atom,
                        desc.value,
                        desc.getter,
                        desc.setter,
                        flags as c_int,
                    ) < 0;
            }
            qjs::JS_FreeValue(ctx, desc.value);
            qjs::JS_FreeValue(ctx, desc.getter);
            qjs::JS_FreeValue(ctx, desc.setter);
            if failed {
                return qjs::JS_EXCEPTION;
            }
        }
        qjs::JS_UNDEFINED
    })
}
