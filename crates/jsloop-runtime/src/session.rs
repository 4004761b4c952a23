//! What both hosts' sessions set up alike: the clock their loop runs on,
//! and the embedder's host functions and modules. It imports neither host
//! (docs/architecture.md, "Boundaries").
//!
//! What stays in each host's session is what the two standards do
//! differently: the rejection tracker (HTML's "notify about rejected
//! promises" keeps every event for the microtask checkpoint; Node's
//! `processPromiseRejections` cancels a rejection handled before it was
//! looked at), the interrupt handler (a page's long task shares its world's
//! turn; a Node process stops on `process.exit()`), the module loader, and
//! the globals.
use std::rc::Rc;

use jsloop_core::clock::{Clock, ClockKind, VirtualClock};
use jsloop_core::remote::InboxSender;
use jsloop_core::world::World;
use rquickjs::{Ctx, Object};

use crate::limits::{Watchdog, WatchedClock};
use crate::quickjs::host_fn::{self, AsyncCalls, HostFunction, HostModule};

/// The clock of a session's loop: real, or virtual; a worker's virtual
/// clock is its world's shared one. The watchdog watches it, so that
/// `--timeout` and Ctrl-C also end a wait on it.
pub(crate) fn loop_clock(kind: ClockKind, world: Option<&World>, dog: &Watchdog) -> Box<dyn Clock> {
    let clock: Box<dyn Clock> = match (kind, world) {
        (ClockKind::Virtual, Some(world)) => Box::new(world.virtual_clock()),
        (ClockKind::Virtual, None) => Box::new(VirtualClock::new()),
        (ClockKind::Real, _) => return Box::new(WatchedClock::real(dog.clone())),
    };
    Box::new(WatchedClock::new(clock, dog.clone()))
}

/// Installs the embedder's host functions (`RuntimeBuilder::function`) as
/// globals, and makes each of its modules (`RuntimeBuilder::module`) an
/// object of exports that `register` hands to script (the browser host as
/// a global, the node host as a built-in module).
pub(crate) fn install_host_functions<'js>(
    ctx: &Ctx<'js>,
    functions: &[(String, HostFunction)],
    modules: &[HostModule],
    calls: &Rc<AsyncCalls>,
    sender: &InboxSender,
    register: impl Fn(&str, Object<'js>) -> rquickjs::Result<()>,
) -> rquickjs::Result<()> {
    host_fn::install(ctx, functions, calls, sender)?;
    for (name, functions) in modules {
        let exports = host_fn::module_exports(ctx, name, functions, calls, sender)?;
        register(name.as_str(), exports)?;
    }
    Ok(())
}
