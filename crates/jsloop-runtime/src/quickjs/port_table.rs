//! What both hosts' `port_fire.rs` keep of the ports whose messages they
//! deliver themselves: a table by port id, the registration the glue
//! makes, and the private state field of a port.
use std::ffi::c_int;

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
