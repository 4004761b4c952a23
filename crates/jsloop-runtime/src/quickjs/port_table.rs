//! What both hosts' `port_fire.rs` keep of the ports whose messages they
//! deliver themselves: a table by port id, the registration the glue
//! makes, and the private state field of a port.
use std::ffi::{c_int, CStr};

use rquickjs::qjs;

use super::layout::private_name;
use super::raw::{arg, is_function, number, Held, HeldAtom};

/// The ports whose messages a host delivers itself (its `port_fire.rs`),
/// by port id: an entry `E` per port, and the kit `K` every delivery reads
/// (the glue's values, handed over with the first registration).
pub(crate) struct PortTable<K, E> {
    pub(crate) kit: Option<K>,
    pub(crate) ports: rustc_hash::FxHashMap<u64, E>,
}

impl<K, E> Default for PortTable<K, E> {
    fn default() -> Self {
        PortTable { kit: None, ports: Default::default() }
    }
}

impl<K, E> PortTable<K, E> {
    /// Lets go of every value (before the runtime goes).
    pub(crate) fn clear(&mut self) {
        self.ports.clear();
        self.kit = None;
    }

    /// Port `id` closed or left this realm or thread: the glue's way from
    /// now on.
    pub(crate) fn forget(&mut self, id: u64) {
        self.ports.remove(&id);
    }

    /// The kit and port `id`'s entry, if both are there.
    #[inline]
    pub(crate) fn get(&self, id: u64) -> Option<(&K, &E)> {
        Some((self.kit.as_ref()?, self.ports.get(&id)?))
    }
}

/// Checks the arguments of a port's registration (`host.portFire`,
/// `host.portValueFire`): argument 0 the port's id, a number; the
/// arguments at `objects` objects and those at `functions` functions.
/// The id, or None (a glue bug: the caller throws).
///
/// # Safety
/// `ctx` live; `argv` holds `argc` values, as QuickJS passes them.
pub(crate) unsafe fn registration(
    ctx: *mut qjs::JSContext,
    argc: c_int,
    argv: *mut qjs::JSValue,
    objects: &[usize],
    functions: &[usize],
) -> Option<u64> {
    unsafe {
        let id = number(arg(argc, argv, 0))?;
        let ok = objects.iter().all(|&i| qjs::JS_IsObject(arg(argc, argv, i)))
            && functions.iter().all(|&i| is_function(ctx, arg(argc, argv, i)));
        ok.then_some(id as u64)
    }
}

/// What a host's raw `postMessage` knows of the ports it is called on:
/// the private state field of a port and a port's class id (an ordinary
/// object's), from the first port made (`host.portPostKit`), and the last
/// two ports posted from with their states (a port's private field is set
/// by its constructor and never again, so the same object has the same
/// state, which is not looked up again).
#[derive(Default)]
pub(crate) struct PortStates {
    field: Option<(HeldAtom, qjs::JSClassID)>,
    last: LastTwo<Held>,
}

impl PortStates {
    /// The private state field, once a port has been made.
    pub(crate) fn field(&self) -> Option<&HeldAtom> {
        self.field.as_ref().map(|(name, _)| name)
    }

    /// The state of `port` (a new reference; undefined if `port` is not an
    /// ordinary object with the field as its own), and, when it was looked
    /// up rather than remembered, the port and its state, for
    /// [`PortStates::remember`] once the caller may change the table.
    ///
    /// # Safety
    /// `ctx` live, `port` a value of its runtime.
    #[inline]
    pub(crate) unsafe fn state(
        &self,
        ctx: *mut qjs::JSContext,
        port: qjs::JSValue,
    ) -> (qjs::JSValue, Option<(Held, Held)>) {
        unsafe {
            // (An ordinary object, as a port is: a private name is looked
            // up on nothing else.)
            let Some((name, class)) = &self.field else { return (qjs::JS_UNDEFINED, None) };
            if qjs::JS_GetClassID(port) != *class {
                return (qjs::JS_UNDEFINED, None);
            }
            if let Some(state) = self.last.find(port) {
                return (qjs::JS_DupValue(ctx, state.get()), None);
            }
            look_up(ctx, port, name)
        }
    }

    /// Remembers a port and its state ([`PortStates::state`]'s), and
    /// returns the older entry it replaces (for the caller to drop when it
    /// may let go of engine values).
    pub(crate) fn remember(&mut self, (port, state): (Held, Held)) -> Option<(Held, Held)> {
        self.last.remember(port, state)
    }
}

/// [`PortStates::state`] for a port it does not remember: its own private
/// field `name` (never a prototype's, as the glue's WeakMap reads the port
/// alone), and the port and state to remember if it is an object.
///
/// # Safety
/// As [`PortStates::state`].
#[cold]
#[inline(never)]
unsafe fn look_up(
    ctx: *mut qjs::JSContext,
    port: qjs::JSValue,
    name: &HeldAtom,
) -> (qjs::JSValue, Option<(Held, Held)>) {
    unsafe {
        let state = super::layout::own_value(ctx, port, name.get()).unwrap_or(qjs::JS_UNDEFINED);
        let found = qjs::JS_IsObject(state).then(|| (Held::dup(ctx, port), Held::dup(ctx, state)));
        (state, found)
    }
}

/// A host whose raw `postMessage` keeps a [`PortStates`] in its session's
/// state (which the context's opaque pointer reaches).
pub(crate) trait PortStatesHost {
    /// The host's name in the TypeError a glue bug throws.
    const NAME: &'static CStr;

    /// Runs `f` with the host's port states; None once the session's state
    /// has gone.
    ///
    /// # Safety
    /// `ctx` must be a live context of the host.
    unsafe fn with_port_states<R>(
        ctx: *mut qjs::JSContext,
        f: impl FnOnce(&mut PortStates) -> R,
    ) -> Option<R>;
}

/// Declares `$name`, the [`PortStatesHost`] of the host whose module
/// invokes it (named `$host`): its `super::hot::shared(ctx)` state's
/// `port_post.ports`.
macro_rules! port_states_host {
    ($name:ident, $host:literal) => {
        /// This host's port states, for `host.portPostKit`
        /// (quickjs/port_table.rs's `port_post_kit`).
        pub(super) struct $name;

        impl $crate::quickjs::port_table::PortStatesHost for $name {
            const NAME: &'static std::ffi::CStr = $host;

            unsafe fn with_port_states<R>(
                ctx: *mut rquickjs::qjs::JSContext,
                f: impl FnOnce(&mut $crate::quickjs::port_table::PortStates) -> R,
            ) -> Option<R> {
                let s = unsafe { super::hot::shared(ctx)? };
                Some(f(&mut s.port_post.borrow_mut().ports))
            }
        }
    };
}
pub(crate) use port_states_host;

/// Both hosts' `host.portPostKit(port)`: reads the private state field of
/// the first port made (see [`port_state_kit`]) into the host's
/// [`PortStates`]; a TypeError if `port` is not an object (a glue bug).
///
/// # Safety
/// As any raw function: called by QuickJS with `argc` values at `argv`.
pub(crate) unsafe extern "C" fn port_post_kit<H: PortStatesHost>(
    ctx: *mut qjs::JSContext,
    _this: qjs::JSValue,
    argc: c_int,
    argv: *mut qjs::JSValue,
) -> qjs::JSValue {
    super::raw::guarded(ctx, H::NAME, || unsafe {
        let set = H::with_port_states(ctx, |ports| {
            port_state_kit(ctx, argc, argv).map(|field| ports.field = field)
        });
        match set {
            Some(Some(())) => qjs::JS_UNDEFINED,
            _ => super::raw::misuse(ctx, H::NAME),
        }
    })
}

/// What `host.portPostKit(port)` hands a host's raw `postMessage`: the
/// private name of the one private field of `port` (the first port made;
/// its state's) and its class id (an ordinary object's). Outer None if
/// `port` is not an object (a glue bug: the caller throws); inner None if
/// it has not exactly one private field.
///
/// # Safety
/// `ctx` live; `argv` holds `argc` values, as QuickJS passes them.
pub(crate) unsafe fn port_state_kit(
    ctx: *mut qjs::JSContext,
    argc: c_int,
    argv: *mut qjs::JSValue,
) -> Option<Option<(HeldAtom, qjs::JSClassID)>> {
    unsafe {
        let port = arg(argc, argv, 0);
        if !qjs::JS_IsObject(port) {
            return None;
        }
        Some(private_name(ctx, port).map(|a| (a, qjs::JS_GetClassID(port))))
    }
}

/// The last two objects a host's raw `postMessage` looked something up for
/// (the two ends of a channel in a ping-pong), each with what it found,
/// for what never changes once the object is made (a port's state, set by
/// its constructor and never again): the same object is not looked up
/// again. The older one is replaced.
pub(crate) struct LastTwo<T>([Option<(Held, T)>; 2]);

impl<T> Default for LastTwo<T> {
    fn default() -> Self {
        LastTwo([None, None])
    }
}

impl<T> LastTwo<T> {
    /// What was found for `obj` (this very object), if it is one of the two.
    #[inline]
    pub(crate) fn find(&self, obj: qjs::JSValue) -> Option<&T> {
        self.0.iter().flatten().find(|(o, _)| o.is(obj)).map(|(_, t)| t)
    }

    /// Puts `obj` and what was found for it first, and returns the older
    /// entry it replaces (for the caller to drop when it may let go of
    /// engine values).
    pub(crate) fn remember(&mut self, obj: Held, found: T) -> Option<(Held, T)> {
        let [a, b] = &mut self.0;
        std::mem::swap(a, b);
        a.replace((obj, found))
    }
}
