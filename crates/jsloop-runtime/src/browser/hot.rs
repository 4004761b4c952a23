//! The browser host's hottest host functions as raw QuickJS C functions
//! (issue 15, item 3): the ones every message of a `MessagePort` goes
//! through (10_browser.js): `host.now` (each event's `timeStamp`),
//! `host.invoke1` (each listener call), `host.portPost` (each
//! `postMessage`) and `host.defineIsTrusted` (each event). They do what the rquickjs closures they replace did, at a
//! fraction of the calling cost (see `quickjs/raw.rs`). Their state is the
//! window's (or worker global's) [`Shared`], found through the context's
//! opaque pointer, which `install_globals` sets and the session (or the
//! iframe's window) clears before it lets the state go.
use std::ffi::c_int;
use std::rc::Rc;

use jsloop_core::clock::millis;
use jsloop_core::microtask::invoke_callback;
use rquickjs::{qjs, Ctx, FromJs, Object, Value};

use super::{JsHost, JsSteps, Shared};
use crate::quickjs::parse_origin;
use crate::quickjs::raw::{self, arg, is_function, number, raw_function, Held};

/// Makes `shared` the state the raw functions of `ctx` use.
pub(super) fn attach(ctx: &Ctx<'_>, shared: &Rc<Shared>) {
    // SAFETY: the pointer stays valid while the window lives: its session
    // (or the page's list of iframe windows) owns an Rc of it and calls
    // `detach` before it drops it.
    unsafe { raw::attach_state(ctx.as_raw().as_ptr(), shared) };
}

/// The raw functions of `context` find no state any more (they throw).
pub(super) fn detach(context: &rquickjs::Context) {
    // SAFETY: the context is alive (context holds it); setting its opaque
    // pointer runs no script.
    unsafe { raw::detach_state(context.as_raw().as_ptr()) };
}

/// The window's state, or None once it has gone.
///
/// # Safety
/// `ctx` must be a context `attach` was called on (or none was).
pub(super) unsafe fn shared<'a>(ctx: *mut qjs::JSContext) -> Option<&'a Shared> {
    unsafe { raw::context_state(ctx) }
}

/// A new counted reference to the window's state (a [`JsHost`] holds one).
///
/// # Safety
/// As [`shared`].
unsafe fn shared_rc(ctx: *mut qjs::JSContext) -> Option<Rc<Shared>> {
    unsafe {
        let p = qjs::JS_GetContextOpaque(ctx) as *const Shared;
        if p.is_null() {
            return None;
        }
        // The pointer is `Rc::as_ptr` of a live Rc (see `attach`): one more
        // strong count, owned by the Rc made from it.
        Rc::increment_strong_count(p);
        Some(Rc::from_raw(p))
    }
}

/// Throws a TypeError naming the host function (a glue bug: the glue passes
/// these what they expect).
pub(super) unsafe fn misuse(ctx: *mut qjs::JSContext) -> qjs::JSValue {
    unsafe { raw::misuse(ctx, c"browser") }
}

/// Runs `body`, turning a panic (a bug) into an exception: a panic must not
/// unwind through QuickJS's C frames.
pub(super) fn guarded(ctx: *mut qjs::JSContext, body: impl FnOnce() -> qjs::JSValue) -> qjs::JSValue {
    raw::guarded(ctx, c"browser", body)
}

/// An rquickjs view of the calling context.
///
/// # Safety
/// `ctx` must be the live context calling a raw function.
unsafe fn ctx_of<'js>(ctx: *mut qjs::JSContext) -> Ctx<'js> {
    unsafe { Ctx::from_raw(std::ptr::NonNull::new_unchecked(ctx)) }
}

/// `host.now()`: the loop's current time as script reads it, in
/// milliseconds (hr-time's current high resolution time, coarsened:
/// `clock_reads::script_now`).
unsafe extern "C" fn now(
    ctx: *mut qjs::JSContext,
    _this: qjs::JSValue,
    _argc: c_int,
    _argv: *mut qjs::JSValue,
) -> qjs::JSValue {
    guarded(ctx, || unsafe {
        let Some(s) = shared(ctx) else { return misuse(ctx) };
        qjs::JS_NewFloat64(millis(super::clock_reads::script_now(&s.lp)))
    })
}

/// `host.invoke1(f, this, arg)`: calls `f` with `this` and one argument the
/// way the host calls script (`invoke_callback`: a microtask checkpoint
/// when the stack is empty again); an exception is reported, and the
/// result is undefined then. Returns what `f` returned.
unsafe extern "C" fn invoke1(
    ctx: *mut qjs::JSContext,
    _this: qjs::JSValue,
    argc: c_int,
    argv: *mut qjs::JSValue,
) -> qjs::JSValue {
    guarded(ctx, || unsafe {
        let Some(s) = shared_rc(ctx) else { return misuse(ctx) };
        let f = arg(argc, argv, 0);
        if !is_function(ctx, f) {
            return misuse(ctx);
        }
        let this = arg(argc, argv, 1);
        let mut args = [arg(argc, argv, 2)];
        let lp = s.lp.clone();
        let host = JsHost { ctx: ctx_of(ctx), shared: s };
        invoke_callback(&lp, &host, || {
            // (JS_Call takes no ownership of f, this or the argument.)
            let result = qjs::JS_Call(ctx, f, this, 1, args.as_mut_ptr());
            if qjs::JS_IsException(result) {
                host.report_caught();
                qjs::JS_UNDEFINED
            } else {
                result
            }
        })
    })
}

/// `host.portPost(target, port, data, ports, origin)`: the message port
/// post message steps, step 7: a task that fires the message at `port` goes
/// into the port message queue of port `target` (`origin`: under --trace,
/// where the script called postMessage).
unsafe extern "C" fn port_post(
    ctx: *mut qjs::JSContext,
    _this: qjs::JSValue,
    argc: c_int,
    argv: *mut qjs::JSValue,
) -> qjs::JSValue {
    guarded(ctx, || unsafe {
        let Some(s) = shared(ctx) else { return misuse(ctx) };
        let Some(target) = number(arg(argc, argv, 0)) else { return misuse(ctx) };
        let port = arg(argc, argv, 1);
        if !qjs::JS_IsObject(port) {
            return misuse(ctx);
        }
        let rctx = ctx_of(ctx);
        let value = |v: qjs::JSValue| Value::from_raw(rctx.clone(), qjs::JS_DupValue(ctx, v));
        // (Each value gets one more reference, owned by the task.)
        let steps = JsSteps::PortMessage {
            id: target as u64,
            port: Held::dup(ctx, port),
            data: Held::dup(ctx, arg(argc, argv, 2)),
            ports: Held::dup(ctx, arg(argc, argv, 3)),
        };
        let origin = arg(argc, argv, 4);
        let origin = if qjs::JS_IsUndefined(origin) || qjs::JS_IsNull(origin) {
            None
        } else {
            match String::from_js(&rctx, value(origin)) {
                Ok(text) => parse_origin(&text),
                Err(_) => return misuse(ctx),
            }
        };
        super::globals::trace_call_stack(&rctx, s);
        s.lp.borrow_mut().queue_port_message(target as u64, super::ports::MESSAGE_LABEL, origin, steps);
        qjs::JS_UNDEFINED
    })
}

/// `host.defineIsTrusted(event, getter)`: Web IDL's unforgeable `isTrusted`
/// on a new event, an own accessor property with `getter` (the same
/// function on every event), enumerable, not configurable, no setter: what
/// `Object.defineProperty(event, 'isTrusted', { get: getter, enumerable:
/// true, configurable: false })` defines, without reading a descriptor
/// object.
unsafe extern "C" fn define_is_trusted(
    ctx: *mut qjs::JSContext,
    _this: qjs::JSValue,
    argc: c_int,
    argv: *mut qjs::JSValue,
) -> qjs::JSValue {
    guarded(ctx, || unsafe {
        let (event, getter) = (arg(argc, argv, 0), arg(argc, argv, 1));
        if !qjs::JS_IsObject(event) || !is_function(ctx, getter) {
            return misuse(ctx);
        }
        let atom = qjs::JS_NewAtom(ctx, c"isTrusted".as_ptr());
        // (JS_DefinePropertyGetSet takes the getter's reference and the setter's.)
        let done = qjs::JS_DefinePropertyGetSet(
            ctx,
            event,
            atom,
            qjs::JS_DupValue(ctx, getter),
            qjs::JS_UNDEFINED,
            qjs::JS_PROP_ENUMERABLE as c_int,
        );
        qjs::JS_FreeAtom(ctx, atom);
        if done < 0 {
            qjs::JS_EXCEPTION
        } else {
            qjs::JS_UNDEFINED
        }
    })
}

/// Installs `now`, `invoke1`, `portPost`, `defineIsTrusted`, `portFire`,
/// `portFireChanged`, `hostEvent` (port_fire.rs), `materializeEvent` (message_event.rs), `nativePostMessage`, `portPostKit` and
/// `nativeDataGetter` (port_post.rs) on `host` (replacing the
/// rquickjs closures of the same names).
pub(super) fn install<'js>(ctx: &Ctx<'js>, host: &Object<'js>) -> rquickjs::Result<()> {
    host.set("now", raw_function(ctx, c"now", 0, now)?)?;
    host.set("invoke1", raw_function(ctx, c"invoke1", 3, invoke1)?)?;
    host.set("portPost", raw_function(ctx, c"portPost", 5, port_post)?)?;
    host.set("defineIsTrusted", raw_function(ctx, c"defineIsTrusted", 2, define_is_trusted)?)?;
    host.set("portFire", raw_function(ctx, c"portFire", 12, super::port_fire::register)?)?;
    host.set("portFireChanged", raw_function(ctx, c"portFireChanged", 1, super::port_fire::changed)?)?;
    host.set("hostEvent", raw_function(ctx, c"hostEvent", 0, super::port_fire::host_event)?)?;
    host.set(
        "nativePostMessage",
        raw_function(ctx, c"nativePostMessage", 2, super::port_post::native_post_message)?,
    )?;
    super::message_event::install(ctx, host)?;
    host.set(
        "portPostKit",
        raw_function(
            ctx,
            c"portPostKit",
            1,
            crate::quickjs::port_table::port_post_kit::<super::port_post::Ports>,
        )?,
    )?;
    host.set(
        "nativeDataGetter",
        raw_function(ctx, c"nativeDataGetter", 2, super::port_post::native_data_getter)?,
    )?;
    Ok(())
}
