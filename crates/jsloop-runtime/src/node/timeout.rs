//! Node's `Timeout` (lib/internal/timers.js) as a native QuickJS class
//! (issue 15, item 3): a Timeout is an engine object of its own class whose
//! state — the fields the timers phase and `clearTimeout` read — is a Rust
//! struct ([`TimeoutData`], in a block of QuickJS's own heap next to the
//! object's: quickjs/heap_state.rs) behind its opaque pointer, not four own
//! properties (each a shape transition and a property-array resize when the
//! object was made, about 2 k instructions per `setTimeout`). The glue's
//! `class Timeout` (js/40_node.js) is the class's prototype: its methods,
//! and accessors made here for the fields (`_onTimeout`, `_timerArgs`, and
//! the glue's own symbols for `_idleTimeout`, `_repeat` and the timer's id).
//!
//! `setTimeout`, `clearTimeout` and `clearInterval` are raw C functions
//! here with the glue's JS versions as their fallbacks (as
//! `process.nextTick` is, node/hot.rs): the JS runs when a program passes
//! what needs Node's argument errors or delay warnings, when async hooks
//! are on (a Timeout is then an async resource), and under --trace. The
//! loop's timer holds its Timeout ([`NodeCallback::Timeout`]) and the host
//! calls [`fire`] with it, which does listOnTimeout's part for one timer:
//! `timer._onTimeout(...timer._timerArgs)`, then the `finally` that re-arms
//! an interval.
//!
//! Node's `Immediate` is a native class too (node/immediate.rs).
use std::ffi::{c_int, c_void};

use rquickjs::{qjs, Ctx, Object};

use super::hot::{fast_callback, misuse, shared, with_shared};
use super::{NodeCallback, Shared};
use crate::quickjs::heap_state::{finalize_heap_state, heap_state, mark_heap_state, HeapSpares, HeapState};
use crate::quickjs::raw::{
    arg, array_of, define_accessor, dup_value, free_value, function_with_data, is_function, new_class,
    number, raw_fn, raw_function, truthy, Held,
};

/// A Timeout's state (Node keeps the same fields as own properties): its
/// timer's id and four engine values — `_onTimeout` (what the timers phase
/// calls), `_timerArgs` (undefined, or the array of the callback's
/// arguments), `_idleTimeout` (the delay after Node's coercion; −1 once
/// cleared) and `_repeat` (an interval's delay, else null) — read with
/// [`get`](Self::get) and written with [`set`](Self::set) by their
/// [`ON_TIMEOUT`]… index. Each value is kept as its 8-byte payload and a
/// one-byte tag (QuickJS's tags are −9 to 8): 48 bytes, a 56-byte block of
/// QuickJS's heap with its header, where four 16-byte `JSValue`s made 72
/// and an 80-byte block (a pending timer's memory, bench
/// `timers_scattered`).
#[derive(Clone, Copy)]
struct TimeoutData {
    /// The loop's timer (`UvLoop::start_timer`'s id, the Timeout's primitive
    /// value); 0 until it is armed (the loop's ids start at 1). `refresh()`
    /// of a Timeout that fired arms a new one.
    id: u64,
    /// The values' payloads.
    payloads: [qjs::JSValueUnion; 4],
    /// The values' tags.
    tags: [i8; 4],
}

// (Every tag QuickJS has fits the one byte a value keeps of it.)
const _: () = assert!(qjs::JS_TAG_FIRST >= i8::MIN as i32 && qjs::JS_TAG_FLOAT64 <= i8::MAX as i32);
const _: () = assert!(std::mem::size_of::<TimeoutData>() == 48);

thread_local! {
    /// Blocks of freed Timeouts' states, for the next ones: a program that
    /// sets and clears timers (a debounce, a request's timeout) allocates
    /// none.
    static SPARE: std::cell::RefCell<HeapSpares> = const { std::cell::RefCell::new(HeapSpares::new()) };
}

impl HeapState for TimeoutData {
    const SPARES: usize = 32;
    fn values(&self) -> [qjs::JSValue; 4] {
        [0, 1, 2, 3].map(|i| self.get(i))
    }
    fn spares() -> &'static std::thread::LocalKey<std::cell::RefCell<HeapSpares>> {
        &SPARE
    }
}

/// The fields behind the accessors (the `magic` of their functions).
const ON_TIMEOUT: c_int = 0;
const TIMER_ARGS: c_int = 1;
const IDLE_TIMEOUT: c_int = 2;
const REPEAT: c_int = 3;
const TIMER_ID: c_int = 4;

impl TimeoutData {
    /// A state with these values (taken: the state owns them).
    fn new(values: [qjs::JSValue; 4]) -> TimeoutData {
        let mut d = TimeoutData { id: 0, payloads: [qjs::JSValueUnion { int32: 0 }; 4], tags: [0; 4] };
        for (i, v) in values.into_iter().enumerate() {
            d.put(i as c_int, v);
        }
        d
    }

    /// Whether `which` names one of the values (not [`TIMER_ID`]).
    fn is_value(which: c_int) -> bool {
        (ON_TIMEOUT..=REPEAT).contains(&which)
    }

    /// The value `which` (not a new reference).
    fn get(&self, which: c_int) -> qjs::JSValue {
        let i = which as usize;
        qjs::JSValue { u: self.payloads[i], tag: self.tags[i] as i64 }
    }

    /// Stores `v` as the value `which`, without freeing the old one.
    fn put(&mut self, which: c_int, v: qjs::JSValue) {
        let i = which as usize;
        debug_assert!(i8::try_from(v.tag).is_ok(), "a QuickJS tag fits a byte");
        self.payloads[i] = v.u;
        self.tags[i] = v.tag as i8;
    }

    /// The value `which` becomes `v` (taken); the old one is freed.
    ///
    /// # Safety
    /// `ctx` must be the live context of the values.
    unsafe fn set(&mut self, ctx: *mut qjs::JSContext, which: c_int, v: qjs::JSValue) {
        let old = self.get(which);
        self.put(which, v);
        unsafe { free_value(ctx, old) }
    }

    fn on_timeout(&self) -> qjs::JSValue {
        self.get(ON_TIMEOUT)
    }

    fn timer_args(&self) -> qjs::JSValue {
        self.get(TIMER_ARGS)
    }

    fn idle_timeout(&self) -> qjs::JSValue {
        self.get(IDLE_TIMEOUT)
    }

    fn repeat(&self) -> qjs::JSValue {
        self.get(REPEAT)
    }
}

/// The Timeout state of `v`, if it is a Timeout of this session.
///
/// # Safety
/// `v` must be a valid value; the reference must not outlive the object.
unsafe fn state<'a>(s: &Shared, v: qjs::JSValue) -> Option<&'a mut TimeoutData> {
    let class = s.timeout_class.get();
    if class == 0 {
        return None;
    }
    unsafe { (qjs::JS_GetOpaque(v, class) as *mut TimeoutData).as_mut() }
}

/// A new Timeout (not armed), with its state: Node's `new
/// Timeout(callback, after, args, isRepeat)` once the delay is coerced.
/// Takes new references to the values. None (an exception thrown) if it
/// could not be made.
unsafe fn new_timeout<'a>(
    ctx: *mut qjs::JSContext,
    s: &Shared,
    callback: qjs::JSValue,
    after: qjs::JSValue,
    args: qjs::JSValue,
    repeat: qjs::JSValue,
) -> Option<(qjs::JSValue, &'a mut TimeoutData)> {
    unsafe {
        let obj = qjs::JS_NewObjectClass(ctx, s.timeout_class.get());
        if qjs::JS_IsException(obj) {
            return None;
        }
        let data = TimeoutData::new([
            dup_value(ctx, callback),
            dup_value(ctx, args),
            dup_value(ctx, after),
            dup_value(ctx, repeat),
        ]);
        let Some(data) = heap_state(ctx, data) else {
            qjs::JS_FreeValue(ctx, obj);
            return None;
        };
        qjs::JS_SetOpaque(obj, data as *mut c_void);
        Some((obj, &mut *data))
    }
}

/// Node's `insert(timeout, timeout._idleTimeout)`: the loop's timer for
/// `obj`, which the host fires with [`fire`]; an interval's is armed as
/// one. Returns the id.
unsafe fn arm(
    ctx: *mut qjs::JSContext,
    s: &Shared,
    obj: qjs::JSValue,
    d: &mut TimeoutData,
    untraced: bool,
) -> u64 {
    unsafe {
        // (A number delay and no `_repeat`, as setTimeout's own Timeout has:
        // nothing to convert; untraced, no call stack to record. `untraced`:
        // the caller has just looked.)
        let plain = qjs::JS_IsNull(d.repeat()) && (untraced || !s.lp.borrow().tracer.enabled());
        if let (Some(after), true) = (number(d.idle_timeout()), plain) {
            let cb = Held::dup(ctx, obj);
            let id = s.lp.borrow_mut().start_timer(cb, after, false);
            d.id = id;
            return id;
        }
        let mut after = 1.0;
        if qjs::JS_ToFloat64(ctx, &mut after, d.idle_timeout()) < 0 {
            // (A symbol: NaN to the loop, which makes it 1.)
            qjs::JS_FreeValue(ctx, qjs::JS_GetException(ctx));
            after = f64::NAN;
        }
        // (An interval's `_repeat`, which a program may have set to
        // another delay than `_idleTimeout`, or to a value that is not a
        // number: the loop's repeat as `timeout._repeat = v` sets it.)
        let repeat = if truthy(ctx, d.repeat()) {
            let mut r = f64::NAN;
            if qjs::JS_ToFloat64(ctx, &mut r, d.repeat()) < 0 {
                qjs::JS_FreeValue(ctx, qjs::JS_GetException(ctx));
            }
            Some(r)
        } else {
            None
        };
        let cb = Held::dup(ctx, obj);
        super::hot::trace_call_stack(ctx, s);
        let mut l = s.lp.borrow_mut();
        let id = l.start_timer(cb, after, repeat.is_some());
        if let Some(r) = repeat.filter(|r| *r != jsloop_core::uv::UvLoop::<NodeCallback>::coerce_delay(after))
        {
            l.set_timer_repeat(id, Some(r));
        }
        d.id = id;
        id
    }
}

raw_fn! {
    /// `setTimeout(callback, delay, ...args)`
    /// (<https://nodejs.org/api/timers.html#settimeoutcallback-delay-args>):
    /// lib/timers.js's `setTimeout` — `new Timeout(callback, after, args,
    /// false, true)` and `insert(timeout, timeout._idleTimeout)` — for a
    /// callback that is a function and a delay that is undefined or a number
    /// in [1, 2^31−1] (Node's coercion leaves it as it is), or `null` or a
    /// number in [0, 1) (`setTimeout(f, 0)`: Node's `after *= 1` makes it
    /// 0 to 1, which is not in [1, TIMEOUT_MAX], neither too large, negative
    /// nor NaN, so no warning, and the delay becomes 1, as undefined's does).
    /// `data[0]` is the glue's version, for everything else (a negative or
    /// NaN delay warns, one too large warns, a string or an object converts).
    fn set_timeout(ctx, this, argc, argv, _magic, data) {
        with_shared(ctx, |s| unsafe {
            let callback = arg(argc, argv, 0);
            let after = arg(argc, argv, 1);
            let (plain, one) = match number(after) {
                Some(n) if (1.0..=2_147_483_647.0).contains(&n) => (true, false),
                // (-0 too: Node's `after < 0` is false for it.)
                Some(n) => (0.0 <= n && n < 1.0, true),
                None => (qjs::JS_IsUndefined(after) || qjs::JS_IsNull(after), true),
            };
            if !plain || !fast_callback(ctx, s, callback) {
                return qjs::JS_Call(ctx, *data, this, argc, argv);
            }
            // (`_timerArgs`: the arguments after the delay, as an array.)
            let args = if argc > 2 {
                let array = qjs::JS_NewArray(ctx);
                if qjs::JS_IsException(array) {
                    return array;
                }
                for i in 2..argc as usize {
                    if qjs::JS_SetPropertyInt64(ctx, array, (i - 2) as i64, qjs::JS_DupValue(ctx, *argv.add(i)))
                        < 0
                    {
                        qjs::JS_FreeValue(ctx, array);
                        return qjs::JS_EXCEPTION;
                    }
                }
                array
            } else {
                qjs::JS_UNDEFINED
            };
            let after = if one { qjs::JS_MKVAL(qjs::JS_TAG_INT, 1) } else { after };
            let made = new_timeout(ctx, s, callback, after, args, qjs::JS_NULL);
            free_value(ctx, args);
            let Some((obj, d)) = made else { return qjs::JS_EXCEPTION };
            arm(ctx, s, obj, d, true);
            obj
        })
    }
}

raw_fn! {
    /// `clearTimeout(timeout)` and `clearInterval(timeout)` for a Timeout, as
    /// Node 24's lib/timers.js: `if (timer?._onTimeout) { timer._onTimeout =
    /// null; unenroll(timer); }`, where `unenroll` — out of its list,
    /// `_idleTimeout = -1` — empties `_onTimeout` and `_timerArgs`
    /// (`cleanTimer`) of a Timeout that was in a list or had already been
    /// destroyed. `data[0]` is the glue's version, for anything else (an id, a
    /// string) and when async hooks are on (the Timeout's destroy hook).
    fn clear_timeout(ctx, this, argc, argv, _magic, data) {
        with_shared(ctx, |s| unsafe {
            let timer = arg(argc, argv, 0);
            let Some(d) = state(s, timer).filter(|_| !s.async_context.get()) else {
                return qjs::JS_Call(ctx, *data, this, argc, argv);
            };
            if !truthy(ctx, d.on_timeout()) {
                return qjs::JS_UNDEFINED;
            }
            d.set(ctx, ON_TIMEOUT, qjs::JS_NULL);
            // (Out of its list and the loop's table; None if it was not active.)
            let cleared = if d.id == 0 { None } else { s.lp.borrow_mut().clear_timer_if_active(d.id) };
            let Some(placed) = cleared else {
                clean(ctx, d);
                return qjs::JS_UNDEFINED;
            };
            if placed {
                clean(ctx, d);
            }
            d.set(ctx, IDLE_TIMEOUT, qjs::JS_MKVAL(qjs::JS_TAG_INT, -1));
            qjs::JS_UNDEFINED
        })
    }
}

/// Node's `cleanTimer`: `_onTimeout` and `_timerArgs` undefined.
unsafe fn clean(ctx: *mut qjs::JSContext, d: &mut TimeoutData) {
    unsafe {
        d.set(ctx, ON_TIMEOUT, qjs::JS_UNDEFINED);
        d.set(ctx, TIMER_ARGS, qjs::JS_UNDEFINED);
    }
}

/// What the host calls for a Timeout whose timer fired (`this`), from
/// listOnTimeout (lib/internal/timers.js): `timer._onTimeout(...timer._timerArgs)`;
/// in the `finally`, an interval whose `_idleTimeout` is not −1 takes
/// `_repeat` as its `_idleTimeout` (the loop re-arms it). The glue's version
/// (`timeoutCallback`, kept in [`Shared`]) runs instead for a Timeout whose
/// `_onTimeout` a program emptied or replaced by what is not a function, for
/// `_timerArgs` that are not an array, when async hooks are on and under
/// --trace. Returns what the call returned (an exception: the callback threw).
///
/// # Safety
/// `ctx` must be the session's live context and `this` a live value of it.
pub(super) unsafe fn fire(ctx: *mut qjs::JSContext, s: &Shared, this: qjs::JSValue) -> qjs::JSValue {
    unsafe {
        let Some(d) = state(s, this) else { return misuse(ctx) };
        let callback = d.on_timeout();
        let args = d.timer_args();
        let plain_args = qjs::JS_IsUndefined(args) || qjs::JS_IsArray(args);
        if !plain_args
            || s.async_context.get()
            || !is_function(ctx, callback)
            || s.lp.borrow().tracer.enabled()
        {
            let slow = s.timeout_fire.borrow().as_ref().map(Held::get);
            return match slow {
                Some(slow) => qjs::JS_Call(ctx, slow, this, 0, std::ptr::null_mut()),
                None => misuse(ctx),
            };
        }
        // (Held while it runs: the callback may replace both.)
        let callback = qjs::JS_DupValue(ctx, callback);
        let args = qjs::JS_DupValue(ctx, args);
        let list: Option<Box<[qjs::JSValue]>> =
            if qjs::JS_IsUndefined(args) { Some(Box::new([])) } else { super::hot::elements(ctx, args) };
        qjs::JS_FreeValue(ctx, args);
        let result = match &list {
            Some(list) => qjs::JS_Call(ctx, callback, this, list.len() as c_int, list.as_ptr() as *mut _),
            None => qjs::JS_EXCEPTION,
        };
        if let Some(list) = list {
            for v in list.iter() {
                qjs::JS_FreeValue(ctx, *v);
            }
        }
        qjs::JS_FreeValue(ctx, callback);
        // The finally: `if (timer._repeat && timer._idleTimeout !== -1)
        // timer._idleTimeout = timer._repeat` (read again: the callback may
        // have changed them).
        // Else, one destroyed while it ran (cleared, not refreshed) is
        // emptied: `timer._onTimeout = undefined; timer._timerArgs = undefined`.
        if let Some(d) = state(s, this) {
            let cleared = number(d.idle_timeout()) == Some(-1.0);
            if truthy(ctx, d.repeat()) && !cleared {
                d.set(ctx, IDLE_TIMEOUT, qjs::JS_DupValue(ctx, d.repeat()));
            } else if !s.lp.borrow().timer_active(d.id) {
                clean(ctx, d);
            }
        }
        result
    }
}

/// The timers phase's hint (`NodeHost::prefetch_timer`) for the Timeout
/// `this`, `ahead` timers from firing: each call reads what the call
/// before it (one timer earlier) fetched, and fetches the next level of
/// what [`fire`] and the frees after it touch: at 6 the object, at 5 its
/// state and property array, at 4 the callback, at 3 the callback's
/// property array and array of captured variables, at 2 the variables;
/// from 4 on, the arena headers the frees of those blocks write, and at 1
/// the neighbours in QuickJS's list of objects that the frees of the
/// object, the callback and the variables unlink them from
/// (quickjs/prefetch.rs).
pub(super) fn prefetch(s: &Shared, this: qjs::JSValue, ahead: usize) {
    use crate::quickjs::prefetch as pf;
    let Some(obj) = pf::object(this) else { return };
    if ahead >= 6 {
        return pf::block(obj, 72);
    }
    if ahead == 0 {
        return;
    }
    // SAFETY: the Timeout is alive (the loop's timer holds it), so are its
    // state, its property array and the callback the state holds, and the
    // callback's own blocks; the layout is checked before any field is read
    // by offset; every block read was fetched by an earlier call.
    unsafe {
        let Some(state_ptr) = s.timeout_layout.opaque(this, s.timeout_class.get()) else { return };
        let d = &*(state_ptr as *const TimeoutData);
        let props = pf::properties(obj);
        if ahead == 5 {
            pf::block(state_ptr, std::mem::size_of::<TimeoutData>());
            // (No property array: no address to derive from it.)
            if !props.is_null() {
                pf::line(props.wrapping_sub(8));
            }
            return;
        }
        let callback = d.on_timeout();
        let Some(f) = pf::object(callback) else { return };
        if ahead == 4 {
            pf::block(f, 72);
            pf::arena_of(obj);
            pf::arena_of(state_ptr);
            if !props.is_null() {
                pf::arena_of(props);
            }
            return;
        }
        let f_props = pf::properties(f);
        let vars = pf::captured(callback);
        let vars: &[*const u8] = if vars.is_null() {
            &[]
        } else {
            std::slice::from_raw_parts(vars, pf::pointers_in(vars as *const u8).min(8))
        };
        match ahead {
            3 => {
                pf::arena_of(f);
                if !f_props.is_null() {
                    pf::line(f_props.wrapping_sub(8));
                }
                if let Some(first) = vars.first() {
                    pf::block(first as *const *const u8 as *const u8, 16);
                }
            }
            2 => {
                if !f_props.is_null() {
                    pf::arena_of(f_props);
                }
                if let Some(first) = vars.first() {
                    pf::arena_of(first as *const *const u8 as *const u8);
                }
                for var in vars.iter().filter(|v| !v.is_null()) {
                    pf::block(*var, 48);
                }
            }
            _ => {
                pf::neighbours(obj);
                pf::neighbours(f);
                // (A variable other closures share is not freed with it.)
                for var in vars.iter().filter(|v| !v.is_null() && pf::single(**v)) {
                    pf::arena_of(*var);
                    pf::neighbours(*var);
                }
            }
        }
    }
}

raw_fn! {
    /// The getter of a field: `magic` says which; undefined on an object that is
    /// not a Timeout (`Object.create(timeout)` before it has an own one).
    fn get_field(ctx, this, _argc, _argv, magic, _data) {
        unsafe {
            let Some(s) = shared(ctx) else { return misuse(ctx) };
            let Some(d) = state(s, this) else { return qjs::JS_UNDEFINED };
            if magic == TIMER_ID {
                return if d.id == 0 { qjs::JS_UNDEFINED } else { qjs::JS_NewFloat64(d.id as f64) };
            }
            if TimeoutData::is_value(magic) {
                qjs::JS_DupValue(ctx, d.get(magic))
            } else {
                qjs::JS_UNDEFINED
            }
        }
    }
}

raw_fn! {
    /// The setter of a field; on an object that is not a Timeout, the value
    /// becomes its own data property (what assigning a data property Node's
    /// Timeout has would do to an object inheriting from one). `data[0]` is
    /// the property's key.
    fn set_field(ctx, this, argc, argv, magic, data) {
        unsafe {
            let Some(s) = shared(ctx) else { return misuse(ctx) };
            let v = arg(argc, argv, 0);
            match state(s, this).filter(|_| TimeoutData::is_value(magic)) {
                Some(d) => d.set(ctx, magic, qjs::JS_DupValue(ctx, v)),
                None => {
                    if !qjs::JS_IsObject(this) {
                        return qjs::JS_ThrowTypeError(ctx, c"not an object".as_ptr());
                    }
                    let atom = qjs::JS_ValueToAtom(ctx, *data);
                    let flags = (qjs::JS_PROP_C_W_E | qjs::JS_PROP_THROW) as c_int;
                    let r = qjs::JS_DefinePropertyValue(ctx, this, atom, qjs::JS_DupValue(ctx, v), flags);
                    qjs::JS_FreeAtom(ctx, atom);
                    if r < 0 {
                        return qjs::JS_EXCEPTION;
                    }
                }
            }
            qjs::JS_UNDEFINED
        }
    }
}

raw_fn! {
    /// `host.timeoutClass(proto, keys, slowSetTimeout, slowClear,
    /// timeoutCallback)`: makes the Timeout class with `proto` (the glue's
    /// `Timeout.prototype`) as its prototype, defines on it the accessors of
    /// `_onTimeout`, `_timerArgs` and of `keys` (`[timerId, idleTimeout,
    /// repeat]`, the glue's symbols), and returns `[setTimeout, clearTimeout,
    /// clearInterval, newTimeout, armTimeout]`.
    fn timeout_class(ctx, _this, argc, argv) {
        with_shared(ctx, |s| unsafe {
            let proto = arg(argc, argv, 0);
            let keys = arg(argc, argv, 1);
            let (slow_set, slow_clear, slow_fire) = (arg(argc, argv, 2), arg(argc, argv, 3), arg(argc, argv, 4));
            if !qjs::JS_IsObject(proto)
                || !is_function(ctx, slow_set)
                || !is_function(ctx, slow_clear)
                || !is_function(ctx, slow_fire)
                || s.timeout_class.get() != 0
            {
                return misuse(ctx);
            }
            let Some(keys) = super::hot::elements(ctx, keys) else { return misuse(ctx) };
            let Some(class) = new_class(
                ctx,
                c"Timeout",
                Some(finalize_heap_state::<TimeoutData>),
                Some(mark_heap_state::<TimeoutData>),
                proto,
            ) else {
                for k in keys.iter() {
                    qjs::JS_FreeValue(ctx, *k);
                }
                return misuse(ctx);
            };
            s.timeout_class.set(class);
            // The accessors.
            let named = [(c"_onTimeout", ON_TIMEOUT), (c"_timerArgs", TIMER_ARGS)];
            let mut ok = true;
            for (name, magic) in named {
                let key = qjs::JS_NewAtomString(ctx, name.as_ptr());
                ok &= define_field_accessor(ctx, proto, key, magic, true);
                qjs::JS_FreeValue(ctx, key);
            }
            for (key, magic) in keys.iter().zip([TIMER_ID, IDLE_TIMEOUT, REPEAT]) {
                ok &= define_field_accessor(ctx, proto, *key, magic, magic != TIMER_ID);
            }
            for k in keys.iter() {
                qjs::JS_FreeValue(ctx, *k);
            }
            if !ok {
                return qjs::JS_EXCEPTION;
            }
            *s.timeout_fire.borrow_mut() = Some(Held::dup(ctx, slow_fire));
            // (One Timeout kept alive with the functions: QuickJS frees a shape
            // with the last object that has it, and a program that holds one
            // Timeout at a time would make it again for every one; see
            // keepShapes in 40_node.js.)
            let made = new_timeout(ctx, s, qjs::JS_UNDEFINED, qjs::JS_UNDEFINED, qjs::JS_UNDEFINED, qjs::JS_NULL);
            let Some((keeper, _)) = made else { return qjs::JS_EXCEPTION };
            let mut set_data = [slow_set, keeper];
            let mut clear_data = [slow_clear];
            let fns = [
                function_with_data(ctx, Some(set_timeout), c"setTimeout", 2, 0, &mut set_data),
                function_with_data(ctx, Some(clear_timeout), c"clearTimeout", 1, 0, &mut clear_data),
                function_with_data(ctx, Some(clear_timeout), c"clearInterval", 1, 0, &mut clear_data),
                c_function(ctx, new_timeout_fn, c"newTimeout", 4),
                c_function(ctx, arm_timeout, c"armTimeout", 1),
            ];
            qjs::JS_FreeValue(ctx, keeper);
            array_of(ctx, fns)
        })
    }
}

/// Defines the accessor of field `magic` under `key` on `proto`.
unsafe fn define_field_accessor(
    ctx: *mut qjs::JSContext,
    proto: qjs::JSValue,
    key: qjs::JSValue,
    magic: c_int,
    settable: bool,
) -> bool {
    unsafe {
        let mut key_data = [key];
        let getter = qjs::JS_NewCFunctionData(ctx, Some(get_field), 0, magic, 0, std::ptr::null_mut());
        let setter = if settable {
            qjs::JS_NewCFunctionData(ctx, Some(set_field), 1, magic, 1, key_data.as_mut_ptr())
        } else {
            qjs::JS_UNDEFINED
        };
        define_accessor(ctx, proto, key, getter, setter)
    }
}

raw_fn! {
    /// `newTimeout(callback, after, args, repeat)`: a Timeout, not armed (the
    /// glue's `Timeout` constructor, once it has coerced the delay).
    fn new_timeout_fn(ctx, _this, argc, argv) {
        with_shared(ctx, |s| unsafe {
            if s.timeout_class.get() == 0 {
                return misuse(ctx);
            }
            let (callback, after) = (arg(argc, argv, 0), arg(argc, argv, 1));
            new_timeout(ctx, s, callback, after, arg(argc, argv, 2), arg(argc, argv, 3))
                .map_or(qjs::JS_EXCEPTION, |(obj, _)| obj)
        })
    }
}

/// A function object of the raw C function `f`.
unsafe fn c_function(
    ctx: *mut qjs::JSContext,
    f: unsafe extern "C" fn(*mut qjs::JSContext, qjs::JSValue, c_int, *mut qjs::JSValue) -> qjs::JSValue,
    name: &std::ffi::CStr,
    length: c_int,
) -> qjs::JSValue {
    unsafe {
        qjs::JS_NewCFunction2(ctx, Some(f), name.as_ptr(), length, qjs::JSCFunctionEnum_JS_CFUNC_generic, 0)
    }
}

raw_fn! {
    /// `armTimeout(timeout)`: arms it (a new Timeout, or one `refresh()` arms
    /// again after it fired); returns the timer's id.
    fn arm_timeout(ctx, _this, argc, argv) {
        with_shared(ctx, |s| unsafe {
            let obj = arg(argc, argv, 0);
            let Some(d) = state(s, obj) else { return misuse(ctx) };
            let id = arm(ctx, s, obj, d, false);
            qjs::JS_NewFloat64(id as f64)
        })
    }
}

raw_fn! {
    /// `host.timerObject(id)`: the Timeout of an active timer, else undefined.
    /// Node's `clearTimeout(id)` for a number or string finds the Timeout in
    /// `knownTimersById` (lib/timers.js) and unenrolls it as it would the
    /// object; here the loop's timer holds its Timeout (the `this` it is fired
    /// with).
    fn timer_object(ctx, _this, argc, argv) {
        with_shared(ctx, |s| unsafe {
            let Some(id) = number(arg(argc, argv, 0)) else { return misuse(ctx) };
            if !(id >= 1.0 && id.fract() == 0.0) {
                return qjs::JS_UNDEFINED;
            }
            let l = s.lp.borrow();
            match l.timer_callback(id as u64) {
                Some(timeout) if state(s, timeout.get()).is_some() => {
                    qjs::JS_DupValue(ctx, timeout.get())
                }
                _ => qjs::JS_UNDEFINED,
            }
        })
    }
}

/// Installs `host.timeoutClass`, `host.timerObject` and `host.immediateClass`.
pub(super) fn install<'js>(ctx: &Ctx<'js>, host: &Object<'js>) -> rquickjs::Result<()> {
    host.set("timerObject", raw_function(ctx, c"timerObject", 1, timer_object)?)?;
    host.set("timeoutClass", raw_function(ctx, c"timeoutClass", 5, timeout_class)?)?;
    host.set("immediateClass", raw_function(ctx, c"immediateClass", 3, super::immediate::immediate_class)?)?;
    Ok(())
}
