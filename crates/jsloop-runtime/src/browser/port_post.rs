//! `MessagePort.prototype.postMessage` and the `data` getter of
//! `MessageEvent.prototype` as raw C functions (issue 15, item 3), each with
//! the glue's JavaScript as its fallback.
//!
//! `postMessage` of a primitive (not a symbol) with no transfer list, from
//! a port entangled with a port of this realm, is the message port post
//! message steps with nothing to serialize (a primitive is its own
//! serialization): Step 7, a task in the target port's message queue, as
//! the glue's `postMessage` queues it through `portPost`. The port's state
//! (`entangled`, `id`) is the glue's object, read through the private field
//! `MessagePort` keeps it in. Anything else (no argument, an options
//! object or a transfer list, an object to clone, a port entangled with
//! another realm's or with none, `this` not a port) calls the glue's
//! `postMessage` with the same `this` and arguments. The `data` getter
//! reads a MessageEvent's state array (`Event`'s private field), or the
//! state of an event the host fired (message_event.rs), and calls the
//! glue's getter for anything else (its TypeError).
//!
//! Both are frameless in stack traces (00_console.js, `stackFrameless`):
//! an error the glue's fallback throws shows the program's frames only,
//! as it did when the glue's function was the method itself.
//! <https://html.spec.whatwg.org/multipage/web-messaging.html#message-port-post-message-steps>
use std::ffi::c_int;

use rquickjs::qjs;

use super::JsSteps;
use crate::quickjs::layout::{own_value, private_name};
use crate::quickjs::port_table::{port_states_host, LastTwo, PortStates};
use crate::quickjs::raw::{arg, c_function, raw_fn, Held, HeldAtom};

/// The fields of a MessageEvent's state array (10_browser.js): `data`,
/// and the array's length.
const DATA: u32 = 17;
const MESSAGE_STATE_LENGTH: i64 = 22;

/// What the two functions read, per window.
#[derive(Default)]
pub(crate) struct PostKit {
    /// The glue's `postMessage`, `NO_PORTS`, and the names the fast case
    /// reads (`MessagePort`'s private state field once a port exists).
    post: Option<(Held, Held, HeldAtom, HeldAtom)>,
    /// `MessagePort`'s private state field, and the last two ports
    /// messages were posted from with their states.
    ports: PortStates,
    /// The glue's `data` getter, `Event`'s private state field, and the
    /// class id of an ordinary object.
    data: Option<(Held, HeldAtom, qjs::JSClassID)>,
    /// The last two target ports messages went to (the two ends of a
    /// channel in a ping-pong), with their ids: a port's id is its state's
    /// from its construction on, never changed, so the same object has the
    /// same id and it is not read again.
    last_targets: LastTwo<f64>,
}

impl PostKit {
    /// Lets go of every value (before the runtime goes).
    pub(crate) fn clear(&mut self) {
        *self = PostKit::default();
    }
}

raw_fn!(
    /// `host.nativePostMessage(post, noPorts)`: the raw `postMessage` (named
    /// and with the length of the glue's), with `post` as its fallback.
    pub(super) native_post_message => |ctx, argc, argv| super::hot::guarded(ctx, || unsafe {
        let Some(s) = super::hot::shared(ctx) else { return super::hot::misuse(ctx) };
        let (post, no_ports) = (arg(argc, argv, 0), arg(argc, argv, 1));
        if !crate::quickjs::raw::is_function(ctx, post) || !qjs::JS_IsObject(no_ports) {
            return super::hot::misuse(ctx);
        }
        s.port_post.borrow_mut().post = Some((
            Held::dup(ctx, post),
            Held::dup(ctx, no_ports),
            HeldAtom::new(ctx, c"entangled"),
            HeldAtom::new(ctx, c"id"),
        ));
        c_function(ctx, c"postMessage", 1, post_message)
    })
);

port_states_host!(Ports, c"browser");

/// `host.nativeDataGetter(event, get)`: the raw `data` getter, with the
/// glue's `get` as its fallback; `event` is a MessageEvent the glue made
/// (its one private field is `Event`'s state).
pub(super) unsafe extern "C" fn native_data_getter(
    ctx: *mut qjs::JSContext,
    _this: qjs::JSValue,
    argc: c_int,
    argv: *mut qjs::JSValue,
) -> qjs::JSValue {
    super::hot::guarded(ctx, || unsafe {
        let Some(s) = super::hot::shared(ctx) else { return super::hot::misuse(ctx) };
        let (event, get) = (arg(argc, argv, 0), arg(argc, argv, 1));
        if !qjs::JS_IsObject(event) || !crate::quickjs::raw::is_function(ctx, get) {
            return super::hot::misuse(ctx);
        }
        let Some(state) = private_name(ctx, event) else { return super::hot::misuse(ctx) };
        s.port_post.borrow_mut().data = Some((Held::dup(ctx, get), state, qjs::JS_GetClassID(event)));
        c_function(ctx, c"get data", 0, data_getter)
    })
}

/// Calls `f` (the caller's reference) with the same `this` and arguments
/// (the glue's fallback).
unsafe fn fall_back(
    ctx: *mut qjs::JSContext,
    f: qjs::JSValue,
    this: qjs::JSValue,
    argc: c_int,
    argv: *mut qjs::JSValue,
) -> qjs::JSValue {
    unsafe { qjs::JS_Call(ctx, f, this, argc, argv) }
}

/// Reads `obj[atom]`: a new reference.
unsafe fn get(ctx: *mut qjs::JSContext, obj: qjs::JSValue, atom: &HeldAtom) -> qjs::JSValue {
    unsafe { qjs::JS_GetProperty(ctx, obj, atom.get()) }
}

/// `MessagePort.prototype.postMessage(message, options)`.
unsafe extern "C" fn post_message(
    ctx: *mut qjs::JSContext,
    this: qjs::JSValue,
    argc: c_int,
    argv: *mut qjs::JSValue,
) -> qjs::JSValue {
    super::hot::guarded(ctx, || unsafe {
        let Some(s) = super::hot::shared(ctx) else { return super::hot::misuse(ctx) };
        let kit = s.port_post.borrow();
        let Some((post, no_ports, entangled, id)) = kit.post.as_ref() else { return super::hot::misuse(ctx) };
        let message = arg(argc, argv, 0);
        let options = arg(argc, argv, 1);
        // A primitive that is not a symbol, with no options: its own
        // serialization (the glue's test: message === null or typeof not
        // object, function or symbol).
        let primitive = !qjs::JS_IsObject(message) && !qjs::JS_IsSymbol(message);
        let fast = argc >= 1 && primitive && (qjs::JS_IsUndefined(options) || qjs::JS_IsNull(options));
        // Step 1: targetPort, the port this one is entangled with, here.
        let (state, source) = if fast { kit.ports.state(ctx, this) } else { (qjs::JS_UNDEFINED, None) };
        let target = if qjs::JS_IsObject(state) { get(ctx, state, entangled) } else { qjs::JS_UNDEFINED };
        qjs::JS_FreeValue(ctx, state);
        let last = kit.last_targets.find(target).copied();
        let target_id = if last.is_some() {
            last
        } else if qjs::JS_IsObject(target) {
            let name = kit.ports.field().expect("read above");
            let state = own_value(ctx, target, name.get()).unwrap_or(qjs::JS_UNDEFINED);
            let n = if qjs::JS_IsObject(state) { get(ctx, state, id) } else { qjs::JS_UNDEFINED };
            qjs::JS_FreeValue(ctx, state);
            crate::quickjs::raw::number(n)
        } else {
            None
        };
        let Some(target_id) = target_id else {
            qjs::JS_FreeValue(ctx, target);
            let post = qjs::JS_DupValue(ctx, post.get());
            drop(kit);
            let r = fall_back(ctx, post, this, argc, argv);
            qjs::JS_FreeValue(ctx, post);
            return r;
        };
        // Step 7: add a task that fires the message at targetPort to its
        // port message queue (as portPost does). (target is a reference of
        // its own, which the task takes over.)
        let port = Held::own(ctx, target);
        let remember = last.is_none().then(|| (port.clone(), target_id));
        let steps = JsSteps::PortMessage {
            id: target_id as u64,
            port,
            data: Held::dup(ctx, message),
            ports: no_ports.clone(),
        };
        drop(kit);
        // (The ones they replace let go of their values after the borrow.)
        let old = {
            let mut kit = s.port_post.borrow_mut();
            (
                source.and_then(|source| kit.ports.remember(source)),
                remember.and_then(|(port, id)| kit.last_targets.remember(port, id)),
            )
        };
        drop(old);
        s.lp.borrow_mut().queue_port_message(target_id as u64, super::ports::MESSAGE_LABEL, None, steps);
        qjs::JS_UNDEFINED
    })
}

/// `get MessageEvent.prototype.data`.
unsafe extern "C" fn data_getter(
    ctx: *mut qjs::JSContext,
    this: qjs::JSValue,
    argc: c_int,
    argv: *mut qjs::JSValue,
) -> qjs::JSValue {
    super::hot::guarded(ctx, || unsafe {
        let Some(s) = super::hot::shared(ctx) else { return super::hot::misuse(ctx) };
        let kit = s.port_post.borrow();
        let Some((get_data, state_name, object_class)) = kit.data.as_ref() else {
            return super::hot::misuse(ctx);
        };
        // A host-fired event (message_event.rs): its data, from its state.
        let class = qjs::JS_GetClassID(this);
        if class != *object_class {
            let fire = s.port_fire.borrow();
            if let Some(state) = fire.kit.as_ref().and_then(|k| super::message_event::state_of(this, k.class))
            {
                return super::message_event::data(ctx, state);
            }
        }
        // (An ordinary object: a private name is looked up on nothing else.)
        if class == *object_class {
            // (Its own private field, as `this.#s` reads it.)
            let state = own_value(ctx, this, state_name.get()).unwrap_or(qjs::JS_UNDEFINED);
            let mut len: i64 = -1;
            if qjs::JS_IsArray(state)
                && qjs::JS_GetLength(ctx, state, &mut len) >= 0
                && len == MESSAGE_STATE_LENGTH
            {
                let v = qjs::JS_GetPropertyUint32(ctx, state, DATA);
                qjs::JS_FreeValue(ctx, state);
                return v;
            }
            qjs::JS_FreeValue(ctx, state);
        }
        let f = qjs::JS_DupValue(ctx, get_data.get());
        drop(kit);
        let r = fall_back(ctx, f, this, argc, argv);
        qjs::JS_FreeValue(ctx, f);
        r
    })
}
