//! A port's `'message'` for a primitive posted on this thread, called by
//! the host itself (issue 15, item 3): when a `MessagePort`'s one
//! `'message'` listener is its `onmessage` wrapper, the poll phase makes
//! the event and calls the handler from Rust, with no JavaScript between.
//!
//! The glue's `portValueMessage` (js/44_worker_threads.js) delivers a
//! port's first such message the general way (`dispatchPort`, Node's
//! NodeEventTarget dispatch, which never reads the port's `emit`); then,
//! when the port's `'message'` listener is its `onmessage` wrapper alone,
//! it hands the host what the next delivery reads (`host.portValueFire`).
//! What only the glue changes, it tells the host (`host.portValueForget`,
//! from `setHandler` when a port's handler changes and from `moveInto`
//! when a port moves to a vm context), and the port is forgotten: its next
//! message goes the glue's way, which registers it anew if it still
//! qualifies. So while a port is registered its handler is the function it
//! had then, and the port has not moved, with nothing to read per message.
//! A program cannot change the port's listeners without the glue: they
//! are the port's private state (Node's kEvents, no `_events` property),
//! changed only by the port's methods, which forget the port whenever its
//! `'message'` list changes; so a message checks nothing. (The wrapper calls the handler with the
//! glue's `callFunction`, Function.prototype.call uncurried before any
//! program ran, as Node's calls it with a primordial: neither a replaced
//! `Function.prototype.call` nor the handler's own `call` is read.)
//! What script observes is what the glue does: the handler called with
//! the port as `this` and a new `MessageEvent` (Node's kCreateEvent,
//! lib/internal/worker/io.js: `new MessageEvent(type, { data, ports })`,
//! no ports carried, the port as its target and being
//! dispatched until the handler returns); an exception it throws is handed
//! to the glue's `report` (thrown again on the next tick, Node's
//! emitUncaughtException in lib/internal/event_target.js), and a result
//! that is not undefined or null to the glue's `watch` (Node's addCatch: a
//! thenable's rejection is reported the same way).
//!
//! The event is made here, not by the glue's `Event` and `MessageEvent`
//! constructors (js/node/event_target.js, js/node/websocket.js), as an
//! object of message_event.rs's native class whose private state (the
//! glue's two state arrays) is Rust's until script reads it: its prototype
//! `MessageEvent.prototype`, and the own `kType`, `kTarget`,
//! `kIsBeingDispatched` and `kInPassiveListener` symbols (Node's) in that
//! order, each property as the constructor adds it (presented by the
//! class's exotic methods until a program changes one). The first registration
//! has the glue make one event (`make`) and reads those names and the
//! prototype from it; it makes one here and compares the two (every own
//! key, its flags and order; the glue's has its two private fields around
//! them, holding arrays as long as the ones message_event.rs makes): if
//! they differ (glue that changed without this), the host never takes this
//! path. `ports` is null in MessageEvent's state, as the glue's own event
//! for a message that carried none: its getter makes a new frozen empty
//! array when first read.
//!
//! <https://nodejs.org/docs/latest-v24.x/api/worker_threads.html#event-message>
use std::ffi::c_int;

use rquickjs::qjs;

use super::host::NodeJsHost;
use crate::quickjs::layout::{own_layout, own_value, same_layout};
use crate::quickjs::own_slot::OwnSlot;
use crate::quickjs::port_table::{port_states_host, registration, PortStates, PortTable};
use crate::quickjs::raw::{arg, c_function, is_function, raw_fn, Held, HeldAtom, HeldAtom as Atom};

/// The length of Event's state array (event_target.js: CANCELABLE …
/// PROPAGATION_STOPPED).
const EVENT_STATE_LEN: i64 = 6;
/// The length of MessageEvent's state array (websocket.js: data, origin,
/// lastEventId, source, ports).
const MESSAGE_STATE_LEN: i64 = 5;

/// What every delivery this way reads (the glue's, handed over with the
/// first registration), and the names it reads.
pub(crate) struct Kit {
    /// `(error)`: an error a handler threw, thrown again on the next tick.
    report: Held,
    /// `(port, result, value)`: emit's rejection watch of a result.
    watch: Held,
    /// `MessageEvent.prototype`.
    proto: Held,
    /// The class of the events made here (message_event.rs).
    class: qjs::JSClassID,
    /// Event's `kType`, `kTarget`, `kIsBeingDispatched` (cleared when the
    /// handler returns) and `kInPassiveListener` symbols.
    kind: Atom,
    target: Atom,
    dispatching: Atom,
    in_passive: Atom,
    /// The strings `message` and the empty string.
    message: Held,
    empty: Held,
    /// An event of the class (its data and target undefined), never handed
    /// out: it keeps alive the shape every event starts with (QuickJS
    /// frees a shape with the last object that has it, and a port's
    /// events are made and freed one at a time).
    _shape: Held,
}

impl Kit {
    /// The class of the events made here.
    pub(crate) fn class(&self) -> qjs::JSClassID {
        self.class
    }

    /// The empty string (borrowed).
    pub(crate) fn empty(&self) -> qjs::JSValue {
        self.empty.get()
    }

    /// The atoms of Node's four own symbols of an event, in their order,
    /// and the string `'message'` (borrowed).
    pub(crate) fn own_names(&self) -> ([qjs::JSAtom; 4], qjs::JSValue) {
        let keys = [self.kind.get(), self.target.get(), self.dispatching.get(), self.in_passive.get()];
        (keys, self.message.get())
    }

    /// A port's MessageEvent for `data`, as the glue's `make('message',
    /// data, null, port)` makes it, being dispatched; made at `now`
    /// (the clock Event's timeStamp reads): an object of
    /// message_event.rs's class, its private state in Rust, its own
    /// properties the glue's event's (Event's constructor: `this[kType] =
    /// 'message'; this[kTarget] = null; this[kIsBeingDispatched] = false;
    /// this[kInPassiveListener] = false`, then the port and true,
    /// setDispatching), presented by the class until a program changes
    /// one. A new reference, or an exception.
    ///
    /// # Safety
    /// `ctx` live; `data` and `port` live values of its runtime.
    unsafe fn event(
        &self,
        ctx: *mut qjs::JSContext,
        data: qjs::JSValue,
        port: qjs::JSValue,
        now: std::time::Duration,
    ) -> qjs::JSValue {
        unsafe { super::message_event::new_event(ctx, self.class, self.proto.get(), data, port, now) }
    }
}

/// One port whose value messages the host delivers.
pub(crate) struct Entry {
    port: Held,
    /// Its `onmessage` handler when registered (a function; the glue
    /// forgets the port when it changes, see the module's note).
    handler: Held,
}

/// The ports whose value messages the host delivers itself, by port id.
pub(crate) type PortFire = PortTable<Kit, Entry>;

/// An object's own keys with their flags and kinds ([`own_layout`]).
type Layout = Vec<(HeldAtom, c_int, bool)>;

/// Reads the kit from the glue's values (the registration's arguments; see
/// the module's note), with the glue's event's public layout (what
/// [`kit_makes`] checks): None if the glue's event is not what
/// [`Kit::event`] makes (the host then never delivers this way), Err if the
/// glue's `make` threw.
///
/// # Safety
/// `ctx` live; `argv` holds `argc` values, as QuickJS passes them.
unsafe fn new_kit(
    ctx: *mut qjs::JSContext,
    argc: c_int,
    argv: *mut qjs::JSValue,
) -> Result<Option<(Kit, Layout)>, ()> {
    unsafe {
        let a = |i| arg(argc, argv, i);
        let string = |text: &str| {
            Held::own(ctx, qjs::JS_NewStringLen(ctx, text.as_ptr() as *const _, text.len() as _))
        };
        let symbol = |v: qjs::JSValue| {
            let atom = qjs::JS_ValueToAtom(ctx, v);
            let held = Atom::dup(ctx, atom);
            qjs::JS_FreeAtom(ctx, atom);
            held
        };
        let message = string("message");
        let port = a(1);
        // The glue's event: make('message', undefined, null, port).
        let mut args = [message.get(), qjs::JS_UNDEFINED, qjs::JS_NULL, port];
        let sample = qjs::JS_Call(ctx, a(6), qjs::JS_UNDEFINED, 4, args.as_mut_ptr());
        if qjs::JS_IsException(sample) {
            return Err(());
        }
        let sample = Held::own(ctx, sample);
        let Some(layout) = own_layout(ctx, sample.get()) else { return Ok(None) };
        let (kind, target, dispatching, in_passive) =
            (symbol(a(8)), symbol(a(9)), symbol(a(10)), symbol(a(11)));
        // [Event's field, kType, kTarget, kIsBeingDispatched,
        // kInPassiveListener, MessageEvent's field].
        let [(event_state, _, true), (k, _, false), (t, _, false), (d, _, false), (p, _, false), (message_state, _, true)] =
            &layout[..]
        else {
            return Ok(None);
        };
        let names = [(k, &kind), (t, &target), (d, &dispatching), (p, &in_passive)];
        if names.iter().any(|(a, b)| a.get() != b.get()) {
            return Ok(None);
        }
        // Its two state arrays are as long as the ones
        // message_event.rs's nodeEventState makes.
        let length = |atom: &Atom| {
            let Some(v) = own_value(ctx, sample.get(), atom.get()) else { return -1 };
            let mut n: i64 = -1;
            if qjs::JS_GetLength(ctx, v, &mut n) < 0 {
                let e = qjs::JS_GetException(ctx);
                qjs::JS_FreeValue(ctx, e);
            }
            qjs::JS_FreeValue(ctx, v);
            n
        };
        if length(event_state) != EVENT_STATE_LEN || length(message_state) != MESSAGE_STATE_LEN {
            return Ok(None);
        }
        let proto = Held::own(ctx, qjs::JS_GetPrototype(ctx, sample.get()));
        let Some(class) = super::message_event::new_class(ctx, proto.get()) else { return Err(()) };
        let undefined = qjs::JS_UNDEFINED;
        let shape = super::message_event::new_event(
            ctx,
            class,
            proto.get(),
            undefined,
            undefined,
            std::time::Duration::ZERO,
        );
        if qjs::JS_IsException(shape) {
            return Err(());
        }
        let kit = Kit {
            report: Held::dup(ctx, a(5)),
            watch: Held::dup(ctx, a(7)),
            proto,
            class,
            kind,
            target,
            dispatching,
            in_passive,
            message,
            empty: string(""),
            _shape: Held::own(ctx, shape),
        };
        let public = layout.into_iter().filter(|(_, _, private)| !private).collect();
        Ok(Some((kit, public)))
    }
}

/// Whether an event [`Kit::event`] makes has the glue's event's own
/// properties `public` (its private fields aside: its state is Rust's),
/// the kit being the session's (its class's exotic methods read it).
///
/// # Safety
/// `ctx` live, `port` a live value of its runtime.
unsafe fn kit_makes(
    ctx: *mut qjs::JSContext,
    kit: &Kit,
    port: qjs::JSValue,
    public: &Layout,
) -> Result<bool, ()> {
    unsafe {
        let made = kit.event(ctx, qjs::JS_UNDEFINED, port, std::time::Duration::ZERO);
        if qjs::JS_IsException(made) {
            return Err(());
        }
        let made = Held::own(ctx, made);
        Ok(own_layout(ctx, made.get()).is_some_and(|l| same_layout(&l, public)))
    }
}

/// `host.portValueFire(id, port, state, wrapper, handlers, report, make,
/// watch, kType, kTarget, kIsBeingDispatched, kInPassiveListener)`: from
/// now on the host delivers port `id`'s value messages itself while its
/// `'message'` listener is `wrapper` alone (see the module's note).
///
/// # Safety
/// As any raw function: called by QuickJS with `argc` values at `argv`.
pub(super) unsafe extern "C" fn register(
    ctx: *mut qjs::JSContext,
    _this: qjs::JSValue,
    argc: c_int,
    argv: *mut qjs::JSValue,
) -> qjs::JSValue {
    super::hot::guarded(ctx, || unsafe {
        let Some(s) = super::hot::shared(ctx) else { return super::hot::misuse(ctx) };
        let Some(id) = registration(ctx, argc, argv, &[1, 2, 4], &[3, 5, 6, 7]) else {
            return super::hot::misuse(ctx);
        };
        let a = |i| arg(argc, argv, i);
        if !(8..12).all(|i| qjs::JS_IsSymbol(a(i))) {
            return super::hot::misuse(ctx);
        }
        if s.port_fire.borrow().kit.is_none() {
            // (The glue's make runs script: no borrow across it.)
            match new_kit(ctx, argc, argv) {
                Err(()) => return qjs::JS_EXCEPTION,
                Ok(None) => {
                    // (A glue bug the tests catch; a release build keeps the
                    // glue's way.)
                    debug_assert!(
                        false,
                        "node/port_fire.rs: the glue's MessageEvent is not the one made here"
                    );
                    return qjs::JS_UNDEFINED;
                }
                Ok(Some((kit, public))) => {
                    let old = s.port_fire.borrow_mut().kit.replace(kit);
                    drop(old);
                    // (Its events' own symbols are read through the
                    // session's kit: it is checked once it is there.)
                    let fire = s.port_fire.borrow();
                    let same = fire.kit.as_ref().map(|kit| kit_makes(ctx, kit, a(1), &public));
                    drop(fire);
                    match same {
                        Some(Ok(true)) => {}
                        Some(Err(())) => {
                            let old = s.port_fire.borrow_mut().kit.take();
                            drop(old);
                            return qjs::JS_EXCEPTION;
                        }
                        _ => {
                            let old = s.port_fire.borrow_mut().kit.take();
                            drop(old);
                            debug_assert!(
                                false,
                                "node/port_fire.rs: the glue's MessageEvent is not the one made here"
                            );
                            return qjs::JS_UNDEFINED;
                        }
                    }
                }
            }
        }
        // (The glue registers a port whose handler is a function.)
        let handler = qjs::JS_GetPropertyStr(ctx, a(4), c"message".as_ptr());
        if !is_function(ctx, handler) {
            qjs::JS_FreeValue(ctx, handler);
            return super::hot::misuse(ctx);
        }
        let entry = Entry { port: Held::dup(ctx, a(1)), handler: Held::own(ctx, handler) };
        let old = s.port_fire.borrow_mut().ports.insert(id, entry);
        // (An entry replaced lets go of its values after the borrow.)
        drop(old);
        qjs::JS_UNDEFINED
    })
}

raw_fn!(
    /// `host.portValueForget(id)`: port `id`'s handler changed, or the port
    /// moved to a vm context; its next value message goes the glue's way
    /// (see the module's note).
    pub(super) forget => |ctx, argc, argv| super::hot::guarded(ctx, || unsafe {
        let Some(s) = super::hot::shared(ctx) else { return super::hot::misuse(ctx) };
        let Some(id) = crate::quickjs::raw::number(arg(argc, argv, 0)) else { return super::hot::misuse(ctx) };
        let gone = s.port_fire.borrow_mut().ports.remove(&(id as u64));
        // (Its values are let go of after the borrow.)
        drop(gone);
        qjs::JS_UNDEFINED
    })
);

/// Delivers port `id`'s value message the host's way, if the port is
/// registered and still as it was; false if the glue must deliver it.
pub(super) fn fire(host: &NodeJsHost<'_>, id: u64, value: qjs::JSValue) -> bool {
    let ctx = host.ctx.as_raw().as_ptr();
    // SAFETY: ctx is the live context of the running callback; every value
    // below is a live value of its runtime (the message holds value; the
    // entry and the kit hold theirs, and what is used while script runs
    // has a reference of its own).
    unsafe {
        let fire = host.shared.port_fire.borrow();
        let Some((kit, entry)) = fire.get(id) else { return false };
        let port = entry.port.get();
        // (Nothing to check: the port's listener lists are the glue's
        // private state, which script reaches only through the port's
        // methods, and every change to its 'message' list, its handler or
        // where it lives forgets the port: the glue's portValueForget.)
        // The event's time: the loop's last reading when no script has run
        // since (the poll phase's first message: UvLoop::take_callback_stamp),
        // else the clock's.
        let stamp = host.shared.lp.borrow().take_callback_stamp();
        // The MessageEvent (the glue's make('message', value, null,
        // port)), made now: Event's timeStamp reads the clock
        // performance.now() reads (node/hot.rs), or is the loop's reading
        // taken above.
        let now = stamp.unwrap_or_else(|| host.shared.lp.borrow().hrtime());
        let event = kit.event(ctx, value, port, now);
        let d = |v: qjs::JSValue| qjs::JS_DupValue(ctx, v);
        let handler = d(entry.handler.get());
        let port = d(port);
        // (The kit, made once, stays for the session: its atom is alive
        // after the borrow ends.)
        let dispatching = kit.dispatching.get();
        drop(fire);
        // (The glue's report and watch, needed only after a throw or a
        // result, are read from the kit then: it stays for the session.)
        let glue = |pick: fn(&Kit) -> &Held| {
            let fire = host.shared.port_fire.borrow();
            fire.kit.as_ref().map_or(qjs::JS_UNDEFINED, |kit| d(pick(kit).get()))
        };
        if qjs::JS_IsException(event) {
            for v in [handler, port] {
                qjs::JS_FreeValue(ctx, v);
            }
            host.uncaught();
            return true;
        }
        let mut args = [event];
        let mut result = qjs::JS_Call(ctx, handler, port, 1, args.as_mut_ptr());
        // (Node's dispatch clears kIsBeingDispatched after a listener that
        // returned, inside the try that catches what the listener threw:
        // on a frozen event that assignment throws, and the result is not
        // watched.)
        if !qjs::JS_IsException(result) {
            super::message_event::end_dispatch(ctx, event, dispatching);
            if qjs::JS_HasException(ctx) {
                qjs::JS_FreeValue(ctx, result);
                result = qjs::JS_EXCEPTION;
            }
        }
        qjs::JS_FreeValue(ctx, handler);
        // (And again after the loop, outside that try: what it throws leaves
        // the dispatch, an uncaught exception now, after the one above is
        // handed to `report`.)
        let end = || {
            super::message_event::end_dispatch(ctx, event, dispatching);
            qjs::JS_FreeValue(ctx, event);
            if qjs::JS_HasException(ctx) {
                host.uncaught();
            }
        };
        if qjs::JS_IsException(result) {
            qjs::JS_FreeValue(ctx, port);
            // Node's [kHybridDispatch] catches what a listener throws and
            // throws it again on the next tick (emitUncaughtException);
            // what no script may catch (process.exit's, the watchdog's) goes
            // on up.
            let error = qjs::JS_GetException(ctx);
            let report =
                if qjs::JS_IsUncatchableError(error) { qjs::JS_UNDEFINED } else { glue(|k| &k.report) };
            if qjs::JS_IsUndefined(report) {
                qjs::JS_Throw(ctx, error);
                qjs::JS_FreeValue(ctx, event);
                host.uncaught();
                return true;
            }
            let mut args = [error];
            let r = qjs::JS_Call(ctx, report, qjs::JS_UNDEFINED, 1, args.as_mut_ptr());
            qjs::JS_FreeValue(ctx, error);
            qjs::JS_FreeValue(ctx, report);
            if qjs::JS_IsException(r) {
                host.uncaught();
            } else {
                qjs::JS_FreeValue(ctx, r);
            }
            end();
            return true;
        }
        // A result that is not undefined or null: the glue's `watch`
        // (Node's addCatch).
        if !qjs::JS_IsUndefined(result) && !qjs::JS_IsNull(result) {
            let watch = glue(|k| &k.watch);
            let mut args = [port, result, value];
            let r = qjs::JS_Call(ctx, watch, qjs::JS_UNDEFINED, 3, args.as_mut_ptr());
            qjs::JS_FreeValue(ctx, watch);
            if qjs::JS_IsException(r) {
                host.uncaught();
            } else {
                qjs::JS_FreeValue(ctx, r);
            }
        }
        for v in [result, port] {
            qjs::JS_FreeValue(ctx, v);
        }
        end();
        true
    }
}

/// What the raw `MessagePort.prototype.postMessage` reads (see
/// [`native_post_message`]).
#[derive(Default)]
pub(crate) struct PostKit {
    /// The glue's `postMessage` (the fallback), and the names read.
    post: Option<(Held, HeldAtom, HeldAtom)>,
    /// `PortImpl`'s private state field, and the last two ports posted
    /// from with their states.
    ports: PortStates,
    /// The glue's `MessageEvent.prototype.data` getter, the raw getter's
    /// fallback (message_event.rs).
    pub(super) data_get: Option<Held>,
    /// Where a port state's `closed` and `remote` were last found (see
    /// [`OwnSlot`]).
    closed_slot: OwnSlot,
    remote_slot: OwnSlot,
}

impl PostKit {
    /// Lets go of every value (before the runtime goes).
    pub(crate) fn clear(&mut self) {
        *self = PostKit::default();
    }
}

raw_fn!(
    /// `host.nativePostMessage(post)`: `MessagePort.prototype.postMessage` as a
    /// raw C function (name `postMessage`, length 0, as Node's C++ method),
    /// with the glue's `post` as its fallback. A primitive (not a symbol) with
    /// no transfer list, from an open port entangled with a port of this
    /// thread, is queued as it is (what the glue does through
    /// `postValueToPort`; from a closed or unentangled port, nothing);
    /// anything else calls `post` with the same `this` and arguments. It is
    /// frameless in stack traces (00_console.js, `stackFrameless`), so an
    /// error the fallback throws shows the program's frames only.
    pub(super) native_post_message => |ctx, argc, argv| super::hot::guarded(ctx, || unsafe {
        let Some(s) = super::hot::shared(ctx) else { return super::hot::misuse(ctx) };
        let post = arg(argc, argv, 0);
        if !is_function(ctx, post) {
            return super::hot::misuse(ctx);
        }
        crate::quickjs::own_slot::check(ctx);
        s.port_post.borrow_mut().post =
            Some((Held::dup(ctx, post), Atom::new(ctx, c"closed"), Atom::new(ctx, c"remote")));
        c_function(ctx, c"postMessage", 0, post_message)
    })
);

port_states_host!(Ports, c"node");

/// `MessagePort.prototype.postMessage(value, transferList)`.
unsafe extern "C" fn post_message(
    ctx: *mut qjs::JSContext,
    this: qjs::JSValue,
    argc: c_int,
    argv: *mut qjs::JSValue,
) -> qjs::JSValue {
    super::hot::guarded(ctx, || unsafe {
        let Some(s) = super::hot::shared(ctx) else { return super::hot::misuse(ctx) };
        let mut kit = s.port_post.borrow();
        let Some((_, closed_name, remote_name)) = kit.post.as_ref() else {
            return super::hot::misuse(ctx);
        };
        let (value, list) = (arg(argc, argv, 0), arg(argc, argv, 1));
        // (The glue's test: a primitive that is not a symbol, and no
        // transfer list.)
        let fast = argc >= 1
            && !qjs::JS_IsObject(value)
            && !qjs::JS_IsSymbol(value)
            && (qjs::JS_IsUndefined(list) || qjs::JS_IsNull(list));
        let (state, source) = if fast { kit.ports.state(ctx, this) } else { (qjs::JS_UNDEFINED, None) };
        // (closed, remote): `if (s.closed || s.remote === null) return;`.
        let target = if qjs::JS_IsObject(state) {
            // (Own data properties where they were found the last time:
            // what JS_GetProperty reads then, borrowed.)
            let fast = kit
                .closed_slot
                .get(state, closed_name.get())
                .and_then(|c| Some((c, kit.remote_slot.get(state, remote_name.get())?)));
            let (closed, remote) = fast.unwrap_or_else(|| {
                (
                    qjs::JS_GetProperty(ctx, state, closed_name.get()),
                    qjs::JS_GetProperty(ctx, state, remote_name.get()),
                )
            });
            let out = match (qjs::JS_VALUE_GET_TAG(closed) == qjs::JS_TAG_BOOL, qjs::JS_IsNull(remote)) {
                (true, _) if qjs::JS_VALUE_GET_BOOL(closed) => Some(None),
                (true, true) => Some(None),
                (true, false) => crate::quickjs::raw::number(remote).map(|r| Some(r as u64)),
                _ => None,
            };
            if fast.is_none() {
                qjs::JS_FreeValue(ctx, closed);
                qjs::JS_FreeValue(ctx, remote);
            }
            out
        } else {
            None
        };
        qjs::JS_FreeValue(ctx, state);
        if let Some(source) = source {
            drop(kit);
            // (The one it replaces lets go of its values after the borrow.)
            let old = s.port_post.borrow_mut().ports.remember(source);
            drop(old);
            kit = s.port_post.borrow();
        }
        match target {
            // Closed, or entangled with no port: nothing is sent.
            Some(None) => return qjs::JS_UNDEFINED,
            // A port of this thread: the value itself is queued.
            Some(Some(port)) => {
                drop(kit);
                if super::hot::queue_value(ctx, s, port, value) {
                    return qjs::JS_UNDEFINED;
                }
                kit = s.port_post.borrow();
            }
            _ => {}
        }
        let Some((post, _, _)) = kit.post.as_ref() else { return super::hot::misuse(ctx) };
        let post = qjs::JS_DupValue(ctx, post.get());
        drop(kit);
        let r = qjs::JS_Call(ctx, post, this, argc, argv);
        qjs::JS_FreeValue(ctx, post);
        r
    })
}
