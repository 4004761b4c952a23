//! Hot paths through QuickJS's own C API, below rquickjs (issue 15, item 3):
//! a function installed with [`raw_function`] is called by the engine with
//! its arguments as they are (no context duplication, no argument
//! conversion, no per-call closure object), and a [`RawCall`] is a callback
//! the loop holds as engine values, called with one `JS_Call`. rquickjs's
//! calling convention costs about 700–1,100 instructions per host call and
//! about 500 per call back into script (bench/README.md); these cost tens.
//!
//! Safety: a `RawCall` frees its values against the runtime it was made in,
//! so it must be dropped before that runtime (as a `Persistent` must: the
//! hosts clear their loops' callbacks before the runtime goes).
use std::ffi::{c_int, CStr};

use rquickjs::{qjs, Ctx, Function, Value};

/// A C function as QuickJS calls it.
pub(crate) type RawFn =
    unsafe extern "C" fn(*mut qjs::JSContext, qjs::JSValue, c_int, *mut qjs::JSValue) -> qjs::JSValue;

/// Declares a raw C function as QuickJS calls it, its signature written
/// once: `fn name(ctx, this, argc, argv) { body }` is a `JSCFunction` and
/// `fn name(ctx, this, argc, argv, magic, data) { body }` a
/// `JSCFunctionData` (made with [`function_with_data`]), the parameters
/// named as given (`_this` when unused); `name => body` is a [`RawFn`]
/// that calls `body(ctx, argc, argv)`.
macro_rules! raw_fn {
    ($(#[$meta:meta])* $vis:vis fn $name:ident($ctx:ident, $this:ident, $argc:ident, $argv:ident $(, $magic:ident, $data:ident)?) $body:block) => {
        $(#[$meta])*
        $vis unsafe extern "C" fn $name(
            $ctx: *mut rquickjs::qjs::JSContext,
            $this: rquickjs::qjs::JSValue,
            $argc: std::ffi::c_int,
            $argv: *mut rquickjs::qjs::JSValue,
            $($magic: std::ffi::c_int, $data: *mut rquickjs::qjs::JSValue,)?
        ) -> rquickjs::qjs::JSValue $body
    };
    ($(#[$meta:meta])* $vis:vis $name:ident => $body:expr) => {
        $crate::quickjs::raw::raw_fn! {
            $(#[$meta])*
            $vis fn $name(ctx, _this, argc, argv) {
                // SAFETY: QuickJS calls it with its live context and `argc`
                // arguments in `argv`.
                #[allow(unused_unsafe)]
                unsafe {
                    ($body)(ctx, argc, argv)
                }
            }
        }
    };
}
pub(crate) use raw_fn;

/// A function object for `f`, named `name`, with `length` declared
/// parameters, as an engine value (a new reference, or an exception).
///
/// # Safety
/// `ctx` must be a live context.
pub(crate) unsafe fn c_function(
    ctx: *mut qjs::JSContext,
    name: &CStr,
    length: i32,
    f: RawFn,
) -> qjs::JSValue {
    unsafe {
        qjs::JS_NewCFunction2(ctx, Some(f), name.as_ptr(), length, qjs::JSCFunctionEnum_JS_CFUNC_generic, 0)
    }
}

/// A function object for `f`, named `name`, with `length` declared
/// parameters (what `f.name` and `f.length` report).
pub(crate) fn raw_function<'js>(
    ctx: &Ctx<'js>,
    name: &CStr,
    length: i32,
    f: RawFn,
) -> rquickjs::Result<Function<'js>> {
    let raw = ctx.as_raw().as_ptr();
    // SAFETY: `raw` is the live context of `ctx`; the new value is owned by
    // the returned Function.
    let value = unsafe { c_function(raw, name, length, f) };
    if unsafe { qjs::JS_IsException(value) } {
        return Err(rquickjs::Error::Exception);
    }
    let value = unsafe { Value::from_raw(ctx.clone(), value) };
    value.into_function().ok_or(rquickjs::Error::Unknown)
}

/// A C function with `data` (new references taken) and `magic`, named
/// `name`, with `length` declared parameters.
///
/// # Safety
/// `ctx` must be a live context and `data` values of its runtime.
pub(crate) unsafe fn function_with_data(
    ctx: *mut qjs::JSContext,
    f: qjs::JSCFunctionData,
    name: &CStr,
    length: c_int,
    magic: c_int,
    data: &mut [qjs::JSValue],
) -> qjs::JSValue {
    unsafe {
        let func = qjs::JS_NewCFunctionData(ctx, f, length, magic, data.len() as c_int, data.as_mut_ptr());
        if qjs::JS_IsException(func) {
            return func;
        }
        // (A C function made with data has no name of its own.)
        let key = qjs::JS_NewAtom(ctx, c"name".as_ptr());
        let value = qjs::JS_NewAtomString(ctx, name.as_ptr());
        qjs::JS_DefinePropertyValue(ctx, func, key, value, qjs::JS_PROP_CONFIGURABLE as c_int);
        qjs::JS_FreeAtom(ctx, key);
        func
    }
}

/// An array of new values (taken); an exception if one is.
///
/// # Safety
/// `ctx` must be a live context and the values of its runtime.
pub(crate) unsafe fn array_of<const N: usize>(
    ctx: *mut qjs::JSContext,
    values: [qjs::JSValue; N],
) -> qjs::JSValue {
    unsafe {
        let array = qjs::JS_NewArray(ctx);
        let mut failed = qjs::JS_IsException(array);
        for (i, f) in values.into_iter().enumerate() {
            if qjs::JS_IsException(f) || failed {
                failed = true;
                qjs::JS_FreeValue(ctx, f);
                continue;
            }
            failed |= qjs::JS_SetPropertyInt64(ctx, array, i as i64, f) < 0;
        }
        if failed {
            qjs::JS_FreeValue(ctx, array);
            return qjs::JS_EXCEPTION;
        }
        array
    }
}

/// ToInt32 (ECMA-262 7.1.6) of a number: what Web IDL's `long` makes of
/// one (<https://webidl.spec.whatwg.org/#js-long>, not [EnforceRange]):
/// NaN and the infinities 0, else the integer part modulo 2^32, signed.
#[inline]
pub(crate) fn to_int32(n: f64) -> i32 {
    if !n.is_finite() {
        return 0;
    }
    n.trunc().rem_euclid(4_294_967_296.0) as u32 as i32
}

/// A native class named `name` whose objects have `proto` (borrowed) as
/// their prototype, for a host's platform objects kept as engine objects
/// with Rust state behind their opaque pointer (node/timeout.rs's Timeout,
/// node/immediate.rs's Immediate). None if QuickJS could not make it.
///
/// # Safety
/// `ctx` must be a live context and `proto` an object of its runtime.
pub(crate) unsafe fn new_class(
    ctx: *mut qjs::JSContext,
    name: &'static CStr,
    finalizer: qjs::JSClassFinalizer,
    gc_mark: qjs::JSClassGCMark,
    proto: qjs::JSValue,
) -> Option<qjs::JSClassID> {
    unsafe { new_exotic_class(ctx, name, finalizer, gc_mark, None, proto) }
}

/// [`new_class`] with `exotic` methods (quickjs.h's JSClassExoticMethods:
/// own properties its objects present beyond their shape's, as
/// node/message_event.rs's events present Node's own symbols).
///
/// # Safety
/// As [`new_class`].
pub(crate) unsafe fn new_exotic_class(
    ctx: *mut qjs::JSContext,
    name: &'static CStr,
    finalizer: qjs::JSClassFinalizer,
    gc_mark: qjs::JSClassGCMark,
    exotic: Option<&'static qjs::JSClassExoticMethods>,
    proto: qjs::JSValue,
) -> Option<qjs::JSClassID> {
    unsafe {
        let rt = qjs::JS_GetRuntime(ctx);
        let mut class: qjs::JSClassID = 0;
        qjs::JS_NewClassID(rt, &mut class);
        let def = qjs::JSClassDef {
            class_name: name.as_ptr(),
            finalizer,
            gc_mark,
            call: None,
            // (QuickJS only reads them.)
            exotic: exotic.map_or(std::ptr::null_mut(), |e| e as *const _ as *mut _),
        };
        if qjs::JS_NewClass(rt, class, &def) < 0 {
            return None;
        }
        qjs::JS_SetClassProto(ctx, class, qjs::JS_DupValue(ctx, proto));
        Some(class)
    }
}

/// Defines on `obj` a configurable, non-enumerable accessor under `key`
/// (a string or symbol, borrowed) with `getter` and `setter` (taken;
/// undefined for none). False if either is an exception or the
/// definition failed.
///
/// # Safety
/// `ctx` must be a live context and the values of its runtime.
pub(crate) unsafe fn define_accessor(
    ctx: *mut qjs::JSContext,
    obj: qjs::JSValue,
    key: qjs::JSValue,
    getter: qjs::JSValue,
    setter: qjs::JSValue,
) -> bool {
    unsafe {
        if qjs::JS_IsException(getter) || qjs::JS_IsException(setter) {
            qjs::JS_FreeValue(ctx, getter);
            qjs::JS_FreeValue(ctx, setter);
            return false;
        }
        let atom = qjs::JS_ValueToAtom(ctx, key);
        let r =
            qjs::JS_DefinePropertyGetSet(ctx, obj, atom, getter, setter, qjs::JS_PROP_CONFIGURABLE as c_int);
        qjs::JS_FreeAtom(ctx, atom);
        r >= 0
    }
}

/// Makes `state` what the raw functions of `ctx` find through
/// [`context_state`] (each host's session state, kept in the context's
/// opaque pointer).
///
/// # Safety
/// The pointer must stay valid while the context can call a raw function:
/// the caller owns an Rc of `state` and calls [`detach_state`] before it
/// drops it.
pub(crate) unsafe fn attach_state<T>(ctx: *mut qjs::JSContext, state: &std::rc::Rc<T>) {
    unsafe { qjs::JS_SetContextOpaque(ctx, std::rc::Rc::as_ptr(state) as *mut std::ffi::c_void) };
}

/// The raw functions of `ctx` find no state any more (they throw).
///
/// # Safety
/// `ctx` must be a live context.
pub(crate) unsafe fn detach_state(ctx: *mut qjs::JSContext) {
    unsafe { qjs::JS_SetContextOpaque(ctx, std::ptr::null_mut()) };
}

/// The state [`attach_state`] gave `ctx`, or None once it has gone.
///
/// # Safety
/// `ctx` must be a context whose opaque pointer is null or a `T` that
/// [`attach_state`] set.
pub(crate) unsafe fn context_state<'a, T>(ctx: *mut qjs::JSContext) -> Option<&'a T> {
    unsafe { (qjs::JS_GetContextOpaque(ctx) as *const T).as_ref() }
}

/// Throws a TypeError naming the host whose raw function got what it does
/// not take (a glue bug: the glue passes these what they expect).
///
/// # Safety
/// `ctx` must be the live context calling a raw function.
pub(crate) unsafe fn misuse(ctx: *mut qjs::JSContext, host: &CStr) -> qjs::JSValue {
    unsafe {
        qjs::JS_ThrowTypeError(ctx, c"jsloop: bad arguments to a %s host function".as_ptr(), host.as_ptr())
    }
}

/// Runs `body`, turning a panic (a bug) into an InternalError naming the
/// host: a panic must not unwind through QuickJS's C frames.
pub(crate) fn guarded(
    ctx: *mut qjs::JSContext,
    host: &CStr,
    body: impl FnOnce() -> qjs::JSValue,
) -> qjs::JSValue {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(body)) {
        Ok(v) => v,
        Err(_) => unsafe {
            qjs::JS_ThrowInternalError(ctx, c"jsloop: a %s host function panicked".as_ptr(), host.as_ptr())
        },
    }
}

/// [`guarded`] with the state [`attach_state`] gave `ctx`: `body` runs
/// with it, or the call throws [`misuse`]'s TypeError once it has gone.
///
/// # Safety
/// As [`context_state`].
pub(crate) unsafe fn with_state<'a, T: 'a>(
    ctx: *mut qjs::JSContext,
    host: &CStr,
    body: impl FnOnce(&'a T) -> qjs::JSValue,
) -> qjs::JSValue {
    guarded(ctx, host, || match unsafe { context_state::<T>(ctx) } {
        Some(s) => body(s),
        None => unsafe { misuse(ctx, host) },
    })
}

/// Frees `v` (`JS_FreeValue`), with no call for a value without a
/// reference count (a number, a boolean, undefined, null): a Timeout's
/// fields mostly hold those.
///
/// # Safety
/// `ctx` must be a live context and `v` a value of its runtime, one
/// reference of which the caller gives up.
#[inline]
pub(crate) unsafe fn free_value(ctx: *mut qjs::JSContext, v: qjs::JSValue) {
    unsafe {
        if qjs::JS_VALUE_HAS_REF_COUNT(v) {
            qjs::JS_FreeValue(ctx, v);
        }
    }
}

/// A new reference to `v` (`JS_DupValue`), with no call for a value without
/// a reference count.
///
/// # Safety
/// `ctx` must be a live context and `v` a live value of its runtime.
#[inline]
pub(crate) unsafe fn dup_value(ctx: *mut qjs::JSContext, v: qjs::JSValue) -> qjs::JSValue {
    unsafe {
        if qjs::JS_VALUE_HAS_REF_COUNT(v) {
            qjs::JS_DupValue(ctx, v)
        } else {
            v
        }
    }
}

/// [`free_value`] against a runtime (a finalizer has no context).
///
/// # Safety
/// As [`free_value`], with `rt` the value's runtime.
#[inline]
pub(crate) unsafe fn free_value_rt(rt: *mut qjs::JSRuntime, v: qjs::JSValue) {
    unsafe {
        if qjs::JS_VALUE_HAS_REF_COUNT(v) {
            qjs::JS_FreeValueRT(rt, v);
        }
    }
}

/// Argument `i` of a raw call, or `undefined` past the ones given (borrowed:
/// not to be freed).
///
/// # Safety
/// `argv` must hold `argc` values, as QuickJS passes them.
#[inline]
pub(crate) unsafe fn arg(argc: c_int, argv: *mut qjs::JSValue, i: usize) -> qjs::JSValue {
    if (i as c_int) < argc {
        unsafe { *argv.add(i) }
    } else {
        qjs::JS_UNDEFINED
    }
}

/// The bytes a Uint8Array views (borrowed: read them before any script
/// runs again, which could detach or resize its buffer); None, with a
/// TypeError thrown, for anything else.
///
/// # Safety
/// `ctx` must be a live context and `v` a value of its runtime; the slice
/// must not outlive `v` nor be used after script has run.
pub(crate) unsafe fn uint8_bytes<'a>(ctx: *mut qjs::JSContext, v: qjs::JSValue) -> Option<&'a [u8]> {
    unsafe {
        let mut len = 0;
        let ptr = qjs::JS_GetUint8Array(ctx, &mut len, v);
        if !ptr.is_null() {
            Some(std::slice::from_raw_parts(ptr, len as usize))
        } else if qjs::JS_HasException(ctx) {
            None
        } else {
            // (An empty view of a buffer that has no storage.)
            Some(&[])
        }
    }
}

/// Whether a value is a function (`typeof v === 'function'`).
///
/// # Safety
/// `ctx` must be a live context and `v` a value of its runtime.
#[inline]
pub(crate) unsafe fn is_function(ctx: *mut qjs::JSContext, v: qjs::JSValue) -> bool {
    unsafe { qjs::JS_IsObject(v) && qjs::JS_IsFunction(ctx, v) }
}

/// ToBoolean(v) (ECMA-262 7.1.2) without a call for the common cases: an
/// object is true (QuickJS's [[IsHTMLDDA]] objects exist only in its
/// test262 harness), undefined and null false; the rest as QuickJS says.
///
/// # Safety
/// `ctx` must be a live context and `v` a value of its runtime.
#[inline]
pub(crate) unsafe fn truthy(ctx: *mut qjs::JSContext, v: qjs::JSValue) -> bool {
    unsafe {
        if qjs::JS_IsObject(v) {
            true
        } else if qjs::JS_IsUndefined(v) || qjs::JS_IsNull(v) {
            false
        } else {
            qjs::JS_ToBool(ctx, v) > 0
        }
    }
}

/// The number a value holds, if it is one (no coercion).
///
/// # Safety
/// `v` must be a valid value.
#[inline]
pub(crate) unsafe fn number(v: qjs::JSValue) -> Option<f64> {
    unsafe {
        match qjs::JS_VALUE_GET_TAG(v) {
            qjs::JS_TAG_INT => Some(qjs::JS_VALUE_GET_INT(v) as f64),
            qjs::JS_TAG_FLOAT64 => Some(qjs::JS_VALUE_GET_FLOAT64(v)),
            _ => None,
        }
    }
}

/// A function to call later with its `this` and arguments, held as engine
/// values (each counted once: cloning duplicates them, dropping frees them).
pub struct RawCall {
    rt: *mut qjs::JSRuntime,
    func: qjs::JSValue,
    this: qjs::JSValue,
    args: Box<[qjs::JSValue]>,
}

impl RawCall {
    /// Takes new references to `func` and `this`, and the references
    /// `args` holds (the caller's: they are freed with the call).
    ///
    /// # Safety
    /// `ctx` must be a live context; the values must belong to its runtime.
    pub(crate) unsafe fn new(
        ctx: *mut qjs::JSContext,
        func: qjs::JSValue,
        this: qjs::JSValue,
        args: Box<[qjs::JSValue]>,
    ) -> RawCall {
        unsafe {
            let rt = qjs::JS_GetRuntime(ctx);
            RawCall { rt, func: qjs::JS_DupValueRT(rt, func), this: qjs::JS_DupValueRT(rt, this), args }
        }
    }

    /// A call of a function that rquickjs holds (arguments none, `this`
    /// undefined).
    pub(crate) fn of_function(ctx: &Ctx<'_>, func: &Function<'_>) -> RawCall {
        // SAFETY: both are live values of ctx's runtime.
        unsafe { RawCall::new(ctx.as_raw().as_ptr(), func.as_raw(), qjs::JS_UNDEFINED, Box::new([])) }
    }

    /// Calls the function; `Err` when it threw (the exception is the
    /// context's, for `ctx.catch()`).
    pub(crate) fn call(&self, ctx: &Ctx<'_>) -> Result<(), ()> {
        let raw = ctx.as_raw().as_ptr();
        // SAFETY: the values are alive (counted by self) and of ctx's runtime
        // (checked); JS_Call does not take ownership of its arguments.
        unsafe {
            if qjs::JS_GetRuntime(raw) != self.rt {
                return Err(());
            }
            let result = qjs::JS_Call(
                raw,
                self.func,
                self.this,
                self.args.len() as c_int,
                self.args.as_ptr() as *mut _,
            );
            if qjs::JS_IsException(result) {
                return Err(());
            }
            qjs::JS_FreeValue(raw, result);
        }
        Ok(())
    }
}

impl Clone for RawCall {
    fn clone(&self) -> RawCall {
        // SAFETY: self's values are alive; each gets one more reference.
        unsafe {
            for a in self.args.iter() {
                qjs::JS_DupValueRT(self.rt, *a);
            }
            RawCall {
                rt: self.rt,
                func: qjs::JS_DupValueRT(self.rt, self.func),
                this: qjs::JS_DupValueRT(self.rt, self.this),
                args: self.args.clone(),
            }
        }
    }
}

impl Drop for RawCall {
    fn drop(&mut self) {
        // SAFETY: the references self counted, freed once, while the runtime
        // lives (see the module's note).
        unsafe {
            qjs::JS_FreeValueRT(self.rt, self.func);
            qjs::JS_FreeValueRT(self.rt, self.this);
            for a in self.args.iter() {
                qjs::JS_FreeValueRT(self.rt, *a);
            }
        }
    }
}

/// An engine value the host keeps, with one reference of its own (freed
/// when it is dropped, against the runtime it was made in: so, as a
/// [`RawCall`], dropped before that runtime).
pub struct Held {
    rt: *mut qjs::JSRuntime,
    value: qjs::JSValue,
}

impl Held {
    /// Takes a new reference to `value`.
    ///
    /// # Safety
    /// `ctx` must be a live context and `value` a live value of its runtime.
    pub(crate) unsafe fn dup(ctx: *mut qjs::JSContext, value: qjs::JSValue) -> Held {
        // (A number, boolean, undefined or null has no reference to take.)
        unsafe { Held { rt: qjs::JS_GetRuntime(ctx), value: dup_value(ctx, value) } }
    }

    /// Takes over the reference `value` is (the caller's: not to be freed
    /// by it).
    ///
    /// # Safety
    /// `ctx` must be a live context and `value` a live value of its runtime.
    pub(crate) unsafe fn own(ctx: *mut qjs::JSContext, value: qjs::JSValue) -> Held {
        unsafe { Held { rt: qjs::JS_GetRuntime(ctx), value } }
    }

    /// The value (borrowed: the caller takes a reference of its own to keep it).
    #[inline]
    pub(crate) fn get(&self) -> qjs::JSValue {
        self.value
    }

    /// The value as rquickjs holds it (a new reference), or an error if
    /// `ctx` is not of the runtime it was made in (as `Persistent::restore`).
    pub(crate) fn value<'js>(&self, ctx: &Ctx<'js>) -> rquickjs::Result<Value<'js>> {
        let raw = ctx.as_raw().as_ptr();
        // SAFETY: raw is ctx's live context; the value is alive (counted by
        // self) and of raw's runtime (checked).
        unsafe {
            if qjs::JS_GetRuntime(raw) != self.rt {
                return Err(rquickjs::Error::UnrelatedRuntime);
            }
            Ok(Value::from_raw(ctx.clone(), qjs::JS_DupValue(raw, self.value)))
        }
    }

    /// The runtime it belongs to.
    #[inline]
    pub(crate) fn runtime(&self) -> *mut qjs::JSRuntime {
        self.rt
    }

    /// Whether `v` is this very object (or the same primitive bits).
    #[inline]
    pub(crate) fn is(&self, v: qjs::JSValue) -> bool {
        // SAFETY: reading a value's tag and pointer reads no memory.
        unsafe {
            qjs::JS_VALUE_GET_TAG(self.value) == qjs::JS_VALUE_GET_TAG(v)
                && qjs::JS_VALUE_GET_PTR(self.value) == qjs::JS_VALUE_GET_PTR(v)
        }
    }
}

impl Clone for Held {
    fn clone(&self) -> Held {
        // SAFETY: self's value is alive; it gets one more reference (a
        // number, boolean, undefined or null has none to take).
        unsafe {
            if qjs::JS_VALUE_HAS_REF_COUNT(self.value) {
                qjs::JS_DupValueRT(self.rt, self.value);
            }
            Held { rt: self.rt, value: self.value }
        }
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        // SAFETY: the reference self counted, freed once, while the runtime
        // lives (see the type's note).
        unsafe { free_value_rt(self.rt, self.value) };
    }
}

/// An atom the host keeps (one reference of its own, freed when dropped,
/// before the runtime goes, as a [`Held`]).
pub(crate) struct HeldAtom {
    rt: *mut qjs::JSRuntime,
    atom: qjs::JSAtom,
}

impl HeldAtom {
    /// The atom of the property name `name`.
    ///
    /// # Safety
    /// `ctx` must be a live context.
    pub(crate) unsafe fn new(ctx: *mut qjs::JSContext, name: &CStr) -> HeldAtom {
        unsafe { HeldAtom { rt: qjs::JS_GetRuntime(ctx), atom: qjs::JS_NewAtom(ctx, name.as_ptr()) } }
    }

    /// Holds the reference to `atom` the caller has (one the engine just
    /// returned: JS_ValueToAtom's, JS_NewAtom's), freed when this drops.
    ///
    /// # Safety
    /// `ctx` must be a live context and `atom` a live atom of its runtime
    /// whose reference the caller owns and hands over.
    pub(crate) unsafe fn own(ctx: *mut qjs::JSContext, atom: qjs::JSAtom) -> HeldAtom {
        unsafe { HeldAtom { rt: qjs::JS_GetRuntime(ctx), atom } }
    }

    /// A new reference to `atom`.
    ///
    /// # Safety
    /// `ctx` must be a live context and `atom` a live atom of its runtime.
    pub(crate) unsafe fn dup(ctx: *mut qjs::JSContext, atom: qjs::JSAtom) -> HeldAtom {
        unsafe { HeldAtom { rt: qjs::JS_GetRuntime(ctx), atom: qjs::JS_DupAtom(ctx, atom) } }
    }

    #[inline]
    pub(crate) fn get(&self) -> qjs::JSAtom {
        self.atom
    }
}

impl Drop for HeldAtom {
    fn drop(&mut self) {
        // SAFETY: the reference self counted, freed once while the runtime lives.
        unsafe { qjs::JS_FreeAtomRT(self.rt, self.atom) };
    }
}

/// The Rust state of a native class's objects, a `Box<Self>` behind each
/// object's opaque pointer (node/timeout.rs's Timeout,
/// browser/message_event.rs's MessageEvent), with the engine values it
/// holds: [`finalize_state`] frees them and [`mark_state`] marks them for
/// the cycle collector; a freed state's box is kept for the next object
/// ([`boxed_state`]), so that an object made and dropped per operation
/// allocates none.
pub(crate) trait OpaqueState: Sized + 'static {
    /// At most this many spare boxes are kept.
    const SPARES: usize;
    /// Every engine value the state holds (undefined where it holds none).
    fn values(&self) -> [qjs::JSValue; 4];
    /// The thread's spare boxes (their values are stale, never read).
    fn spares() -> &'static std::thread::LocalKey<std::cell::RefCell<Vec<Box<Self>>>>;
}

/// Implements [`OpaqueState`] for a state type: `opaque_state!(Type,
/// spares: N, |state| values)` keeps at most N spare boxes in a
/// thread-local of its own, and `values` (an expression of `state: &Type`)
/// is [`OpaqueState::values`].
macro_rules! opaque_state {
    ($t:ty, spares: $n:expr, |$state:ident| $values:expr) => {
        const _: () = {
            thread_local! {
                static SPARE: std::cell::RefCell<Vec<Box<$t>>> = const { std::cell::RefCell::new(Vec::new()) };
            }
            impl $crate::quickjs::raw::OpaqueState for $t {
                const SPARES: usize = $n;
                fn values(&self) -> [rquickjs::qjs::JSValue; 4] {
                    let $state = self;
                    $values
                }
                fn spares() -> &'static std::thread::LocalKey<std::cell::RefCell<Vec<Box<Self>>>> {
                    &SPARE
                }
            }
        };
    };
}
pub(crate) use opaque_state;

/// A box holding `state`: a spare one if there is one.
pub(crate) fn boxed_state<T: OpaqueState>(state: T) -> Box<T> {
    match T::spares().try_with(|spare| spare.borrow_mut().pop()) {
        Ok(Some(mut boxed)) => {
            *boxed = state;
            boxed
        }
        _ => Box::new(state),
    }
}

/// A native class's finalizer: the state's values freed, its box kept
/// while there is room.
///
/// # Safety
/// As QuickJS calls a finalizer, for a class whose opaque pointers are
/// `Box<T>`s (or null).
pub(crate) unsafe extern "C" fn finalize_state<T: OpaqueState>(rt: *mut qjs::JSRuntime, val: qjs::JSValue) {
    unsafe {
        let mut class = 0;
        let p = qjs::JS_GetAnyOpaque(val, &mut class) as *mut T;
        if p.is_null() {
            return;
        }
        let boxed = Box::from_raw(p);
        boxed.values().into_iter().for_each(|v| free_value_rt(rt, v));
        let _ = T::spares().try_with(|spare| {
            let mut spare = spare.borrow_mut();
            if spare.len() < T::SPARES {
                spare.push(boxed);
            }
        });
    }
}

/// A native class's `gc_mark`: the state's values, for the cycle collector.
///
/// # Safety
/// As [`finalize_state`].
pub(crate) unsafe extern "C" fn mark_state<T: OpaqueState>(
    rt: *mut qjs::JSRuntime,
    val: qjs::JSValue,
    mark: qjs::JS_MarkFunc,
) {
    unsafe { mark_opaque::<T>(rt, val, mark, T::values) }
}

/// Marks for the cycle collector the values of the state behind `val`'s
/// opaque pointer (a `T`, or null), as `values` lists them: the body of
/// [`mark_state`] and of quickjs/heap_state.rs's `mark_heap_state`.
///
/// # Safety
/// As QuickJS calls a class's `gc_mark`, for a class whose opaque pointers
/// are `T`s (or null).
pub(crate) unsafe fn mark_opaque<T>(
    rt: *mut qjs::JSRuntime,
    val: qjs::JSValue,
    mark: qjs::JS_MarkFunc,
    values: fn(&T) -> [qjs::JSValue; 4],
) {
    unsafe {
        let mut class = 0;
        if let Some(state) = (qjs::JS_GetAnyOpaque(val, &mut class) as *const T).as_ref() {
            // (Only an object or function bytecode is marked, JS_MarkValue's
            // own test: a Timeout's delay, `null` and `undefined` make no call.)
            for v in values(state) {
                let tag = qjs::JS_VALUE_GET_TAG(v);
                if tag == qjs::JS_TAG_OBJECT || tag == qjs::JS_TAG_FUNCTION_BYTECODE {
                    qjs::JS_MarkValue(rt, v, mark);
                }
            }
        }
    }
}
