//! The node host's hottest host functions as raw QuickJS C functions
//! (issue 15, item 3): the ones the glue's `clearTimeout`,
//! `setImmediate` and `process.nextTick` calls (40_node.js), and
//! `postValueToPort`, which a port's `postMessage` of a primitive calls
//! (44_worker_threads.js). They do what
//! the rquickjs closures they replace did, at a fraction of the calling
//! cost (see `quickjs/raw.rs`). Their state is the session's [`Shared`],
//! found through the context's opaque pointer, which the session sets when
//! it installs them and clears before it goes.
use std::rc::Rc;

use rquickjs::{qjs, Ctx, Object, Persistent, Value};

use super::{NodeCallback, Shared};
use crate::quickjs::raw::{self, arg, is_function, number, raw_fn, raw_function, RawCall};

/// Makes `shared` the state the raw functions of `ctx` use.
pub(super) fn attach(ctx: &Ctx<'_>, shared: &Rc<Shared>) {
    // SAFETY: the pointer stays valid while the session lives: the session
    // owns an Rc of it and calls `detach` before it drops it.
    unsafe { raw::attach_state(ctx.as_raw().as_ptr(), shared) };
}

/// The raw functions of `ctx` find no state any more (they throw).
pub(super) fn detach(ctx: &Ctx<'_>) {
    unsafe { raw::detach_state(ctx.as_raw().as_ptr()) };
}

/// The session's state, or None once it has gone.
///
/// # Safety
/// `ctx` must be a context `attach` was called on (or none was).
pub(super) unsafe fn shared<'a>(ctx: *mut qjs::JSContext) -> Option<&'a Shared> {
    unsafe { raw::context_state(ctx) }
}

/// Throws a TypeError naming the host function (a glue bug: the glue checks
/// what programs pass before calling these).
pub(super) unsafe fn misuse(ctx: *mut qjs::JSContext) -> qjs::JSValue {
    unsafe { raw::misuse(ctx, c"node") }
}

/// The elements of an array argument (new references, for `RawCall::new`
/// to own). An empty list makes no allocation.
pub(super) unsafe fn elements(ctx: *mut qjs::JSContext, array: qjs::JSValue) -> Option<Box<[qjs::JSValue]>> {
    unsafe {
        if qjs::JS_IsUndefined(array) {
            return Some(Box::new([]));
        }
        let mut len: i64 = 0;
        if !qjs::JS_IsArray(array) || qjs::JS_GetLength(ctx, array, &mut len) < 0 {
            return None;
        }
        if len == 0 {
            return Some(Box::new([]));
        }
        let mut out = Vec::with_capacity(len as usize);
        for i in 0..len {
            let v = qjs::JS_GetPropertyInt64(ctx, array, i);
            if qjs::JS_IsException(v) {
                for v in out {
                    qjs::JS_FreeValue(ctx, v);
                }
                return None;
            }
            out.push(v);
        }
        Some(out.into_boxed_slice())
    }
}

/// Under --trace, the script's call stack before the record of what the
/// host function queued (see `globals::trace_call_stack`).
pub(super) unsafe fn trace_call_stack(ctx: *mut qjs::JSContext, s: &Shared) {
    if s.lp.borrow().tracer.enabled() {
        // SAFETY: ctx is the live context calling us.
        let rctx = unsafe { Ctx::from_raw(std::ptr::NonNull::new_unchecked(ctx)) };
        super::globals::trace_call_stack(&rctx, s);
    }
}

/// What `host.nextTick` and `host.setImmediate` queue: the
/// function `f`, called with `this` and the elements of the array `args`
/// (recorded, under --trace, after the script's call stack); None if `f` is
/// not a function or `args` not an array.
unsafe fn queued_callback(
    ctx: *mut qjs::JSContext,
    s: &Shared,
    f: qjs::JSValue,
    args: qjs::JSValue,
    this: qjs::JSValue,
) -> Option<NodeCallback> {
    unsafe {
        if !is_function(ctx, f) {
            return None;
        }
        let args = elements(ctx, args)?;
        let cb = NodeCallback::Call(RawCall::new(ctx, f, this, args));
        trace_call_stack(ctx, s);
        Some(cb)
    }
}

/// Runs `body`, turning a panic (a bug) into an exception: a panic must not
/// unwind through QuickJS's C frames.
pub(super) fn guarded(ctx: *mut qjs::JSContext, body: impl FnOnce() -> qjs::JSValue) -> qjs::JSValue {
    raw::guarded(ctx, c"node", body)
}

/// Runs `body` with the session's state, as [`guarded`] runs a body (a
/// TypeError once the state has gone).
pub(super) fn with_shared(
    ctx: *mut qjs::JSContext,
    body: impl FnOnce(&Shared) -> qjs::JSValue,
) -> qjs::JSValue {
    // SAFETY: the context's opaque pointer is the session's state or null (`attach`).
    unsafe { raw::with_state(ctx, c"node", body) }
}

/// Whether a callback takes a raw function's own path: a function, while
/// no program has used async_hooks or domain (it would be an async
/// resource) and not under --trace (the glue reads the call stack).
pub(super) unsafe fn fast_callback(ctx: *mut qjs::JSContext, s: &Shared, callback: qjs::JSValue) -> bool {
    unsafe { !s.async_context.get() && is_function(ctx, callback) && !s.lp.borrow().tracer.enabled() }
}

raw_fn! {
    /// `host.nextTick(callback, args)`: Node's `process.nextTick` queues a
    /// TickObject on the nextTick queue (lib/internal/process/task_queues.js,
    /// `nextTick`); here the callback and its arguments go on the loop's queue.
    fn next_tick(ctx, _this, argc, argv) {
        with_shared(ctx, |s| unsafe {
            let Some(cb) = queued_callback(ctx, s, arg(argc, argv, 0), arg(argc, argv, 1), qjs::JS_UNDEFINED)
            else {
                return misuse(ctx);
            };
            s.lp.borrow_mut().next_tick(cb);
            qjs::JS_UNDEFINED
        })
    }
}

raw_fn! {
    /// `host.clearActiveTimer(id)`: Node's `unenroll` for a Timeout (clearTimeout,
    /// clearInterval, `close()`): the timer leaves its list if it is still
    /// active; says whether it was.
    fn clear_active_timer(ctx, _this, argc, argv) {
        with_shared(ctx, |s| unsafe {
            let Some(id) = number(arg(argc, argv, 0)) else { return misuse(ctx) };
            let id = id as u64;
            if s.lp.borrow_mut().clear_timer_if_active(id).is_some() {
                qjs::JS_TRUE
            } else {
                qjs::JS_FALSE
            }
        })
    }
}

raw_fn! {
    /// `host.setImmediate(callback, args, this)`: Node's `new Immediate(callback,
    /// args)` appended to the immediate queue (lib/internal/timers.js,
    /// `ImmediateList.append`); returns its id.
    fn set_immediate(ctx, _this, argc, argv) {
        with_shared(ctx, |s| unsafe {
            let Some(cb) = queued_callback(ctx, s, arg(argc, argv, 0), arg(argc, argv, 1), arg(argc, argv, 2))
            else {
                return misuse(ctx);
            };
            let id = s.lp.borrow_mut().set_immediate(cb);
            qjs::JS_NewFloat64(id as f64)
        })
    }
}

raw_fn! {
    /// `process.nextTick(callback, ...args)`
    /// (<https://nodejs.org/api/process.html#processnexttickcallback-args>): the
    /// callback and its arguments go on the loop's nextTick queue, as Node's
    /// `nextTick` pushes a TickObject (lib/internal/process/task_queues.js).
    /// `data[0]` is the JS version (40_node.js), called instead when the
    /// callback is not a function (it throws ERR_INVALID_ARG_TYPE), once a
    /// program uses async_hooks or domain (the tick becomes a resource), and
    /// under --trace.
    fn process_next_tick(ctx, this, argc, argv, _magic, data) {
        with_shared(ctx, |s| unsafe {
            let f = arg(argc, argv, 0);
            // (Traced, it takes the JS path too: the call stack is read there.)
            if !fast_callback(ctx, s, f) {
                return qjs::JS_Call(ctx, *data, this, argc, argv);
            }
            let args: Box<[qjs::JSValue]> =
                (1..argc as usize).map(|i| qjs::JS_DupValue(ctx, *argv.add(i))).collect();
            s.lp.borrow_mut().next_tick(NodeCallback::Call(RawCall::new(ctx, f, qjs::JS_UNDEFINED, args)));
            qjs::JS_UNDEFINED
        })
    }
}

raw_fn! {
    /// `host.fastNextTick(slow)`: the `process.nextTick` function, with `slow`
    /// (the JS version) as its fallback.
    fn make_next_tick(ctx, _this, argc, argv) {
        guarded(ctx, || unsafe {
            let slow = arg(argc, argv, 0);
            if !is_function(ctx, slow) {
                return misuse(ctx);
            }
            raw::function_with_data(ctx, Some(process_next_tick), c"nextTick", 1, 0, &mut [slow])
        })
    }
}

raw_fn! {
    /// `host.asyncContextActive()`: a program has used async_hooks or domain.
    fn async_context_active(ctx, _this, _argc, _argv) {
        unsafe {
            if let Some(s) = shared(ctx) {
                s.async_context.set(true);
            }
            qjs::JS_UNDEFINED
        }
    }
}

raw_fn! {
    /// `host.postValueToPort(target, value)`: a primitive (not a symbol) with no
    /// transfer list, to a port of this thread, is queued as it is, with no
    /// serialization (a primitive is its own structured clone). False if the
    /// port lives elsewhere: the caller serializes and posts it with
    /// postToPort.
    fn post_value_to_port(ctx, _this, argc, argv) {
        with_shared(ctx, |s| unsafe {
            let Some(target) = number(arg(argc, argv, 0)) else { return misuse(ctx) };
            if queue_value(ctx, s, target as u64, arg(argc, argv, 1)) {
                qjs::JS_TRUE
            } else {
                qjs::JS_FALSE
            }
        })
    }
}

/// Queues `value` (a primitive) for `port` as it is, if that is a port of
/// this thread (false if not: nothing is queued).
///
/// # Safety
/// `ctx` must be the live context calling a raw function and `value` a
/// live value of its runtime (borrowed: it gets a reference of its own).
pub(super) unsafe fn queue_value(
    ctx: *mut qjs::JSContext,
    s: &Shared,
    port: u64,
    value: qjs::JSValue,
) -> bool {
    // (The value gets one more reference, the queue's.)
    unsafe { super::ports::post_value_to_local_port(s, port, raw::Held::dup(ctx, value)) }
}

raw_fn! {
    /// `host.setPortValueMessage(f)`: the glue's function the host calls for a
    /// primitive a port of this thread posted, with the port's id and the value
    /// (`NodeJsHost::call`).
    fn set_port_value_message(ctx, _this, argc, argv) {
        with_shared(ctx, |s| unsafe {
            let f = arg(argc, argv, 0);
            if !is_function(ctx, f) {
                return misuse(ctx);
            }
            let rctx = Ctx::from_raw(std::ptr::NonNull::new_unchecked(ctx));
            let Some(f) = Value::from_raw(rctx.clone(), qjs::JS_DupValue(ctx, f)).into_function() else {
                return misuse(ctx);
            };
            *s.port_value_message.borrow_mut() = Some(Persistent::save(&rctx, f));
            qjs::JS_UNDEFINED
        })
    }
}

raw_fn! {
    /// `Date.now()` (ECMA-262 21.4.3.1), by the loop's clock (virtual or
    /// real): the time value of now, in whole milliseconds. The glue makes it
    /// `Date.now` itself (named `now`, length 0, not a constructor, as
    /// Node's), and its `Date` constructor reads it.
    fn date_now(ctx, _this, _argc, _argv) {
        with_shared(ctx, |s| qjs::JS_NewFloat64(s.lp.borrow().clock().unix_ms()))
    }
}

raw_fn! {
    /// `performance.now()`: the loop's high-resolution time in milliseconds
    /// since the time origin (what the rquickjs closure it replaces returned:
    /// an event's timeStamp reads it, so a MessagePort reads it per message).
    fn performance_now(ctx, _this, _argc, _argv) {
        with_shared(ctx, |s| qjs::JS_NewFloat64(jsloop_core::clock::millis(s.lp.borrow().hrtime())))
    }
}

/// `performance.now` as a raw C function (named `now`, length 0).
pub(super) fn performance_now_function<'js>(ctx: &Ctx<'js>) -> rquickjs::Result<rquickjs::Function<'js>> {
    raw_function(ctx, c"now", 0, performance_now)
}

/// Installs the raw functions on the glue's `host` object.
pub(super) fn install<'js>(ctx: &Ctx<'js>, host: &Object<'js>) -> rquickjs::Result<()> {
    let date_now = raw_function(ctx, c"now", 0, date_now)?;
    host.set("dateNow", date_now.clone())?;
    host.set("dateNowFn", date_now)?;
    host.set("fastNextTick", raw_function(ctx, c"fastNextTick", 1, make_next_tick)?)?;
    host.set("asyncContextActive", raw_function(ctx, c"asyncContextActive", 0, async_context_active)?)?;
    host.set("nextTick", raw_function(ctx, c"nextTick", 2, next_tick)?)?;
    host.set("clearActiveTimer", raw_function(ctx, c"clearActiveTimer", 1, clear_active_timer)?)?;
    host.set("setImmediate", raw_function(ctx, c"setImmediate", 3, set_immediate)?)?;
    super::timeout::install(ctx, host)?;
    super::emit::install(ctx, host)?;
    super::listeners::install(ctx, host)?;
    host.set("postValueToPort", raw_function(ctx, c"postValueToPort", 2, post_value_to_port)?)?;
    host.set("setPortValueMessage", raw_function(ctx, c"setPortValueMessage", 1, set_port_value_message)?)?;
    host.set("portValueFire", raw_function(ctx, c"portValueFire", 12, super::port_fire::register)?)?;
    host.set("portValueForget", raw_function(ctx, c"portValueForget", 1, super::port_fire::forget)?)?;
    host.set(
        "nativePostMessage",
        raw_function(ctx, c"nativePostMessage", 1, super::port_fire::native_post_message)?,
    )?;
    host.set(
        "portPostKit",
        raw_function(
            ctx,
            c"portPostKit",
            1,
            crate::quickjs::port_table::port_post_kit::<super::port_fire::Ports>,
        )?,
    )?;
    super::path::install(ctx, host)?;
    super::message_event::install(ctx, host)
}
