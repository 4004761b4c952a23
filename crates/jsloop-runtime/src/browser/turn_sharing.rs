//! Under the virtual clock, the loops of a world (a page and its workers)
//! take turns, and running code takes no virtual time (docs/event-loop.md,
//! "Virtual time across loops"). A loop whose script runs on and on
//! (`for (;;) {}` in a worker, a page spinning until a worker answers) would
//! hold the turn forever, so nothing another loop has due *now* could run,
//! not even the `terminate()` that would end the spinning worker.
//!
//! So a loop shares its turn while a task runs long: every
//! [`SHARE_EVERY`]th call of QuickJS's interrupt handler (QuickJS calls it
//! after a fixed amount of bytecode executed, so the count is the same on
//! every run), the loop lets the other loops run what is due at the current
//! time, round-robin as at the end of a turn, and goes on when the turn
//! comes back. Time does not move while it does (the spinning loop is still
//! running, so it is never "waiting"). If the loop was terminated meanwhile,
//! the handler says so and QuickJS stops the script.
use std::cell::Cell;
use std::rc::Weak;

use jsloop_core::clock::ClockKind;
use jsloop_core::html::Loop;
use jsloop_core::world::Turn;

/// Interrupt-handler calls between two shares of the turn.
pub(crate) const SHARE_EVERY: u32 = 64;

/// An interrupt handler: the pacing of collections (quickjs/gc.rs), the
/// watchdog's check, and the sharing of the turn.
pub(crate) fn interrupt_handler<P: Clone + 'static>(
    lp: Weak<std::cell::RefCell<jsloop_core::html::EventLoop<P>>>,
    dog: crate::limits::Watchdog,
    pacer: std::rc::Rc<crate::quickjs::gc::GcPacer>,
) -> Box<dyn FnMut() -> bool + 'static> {
    let calls = Cell::new(0u32);
    Box::new(move || {
        pacer.poll();
        if dog.check() {
            return true;
        }
        calls.set(calls.get().wrapping_add(1));
        if calls.get() % SHARE_EVERY != 0 {
            return false;
        }
        let Some(lp) = lp.upgrade() else { return false };
        share_turn(&lp) == Turn::Done && dog.check()
    })
}

/// Lets the other loops of the world run what is due now; returns when this
/// loop has the turn again ([`Turn::Done`] if the program ended or the loop
/// was terminated meanwhile).
fn share_turn<P: Clone>(lp: &Loop<P>) -> Turn {
    let Ok(l) = lp.try_borrow() else { return Turn::Go };
    if l.clock().kind() != ClockKind::Virtual {
        return Turn::Go;
    }
    let now = l.now();
    match l.world() {
        // Still running: due now, so it is ready whenever the turn comes round.
        Some(member) if member.world().len() > 1 => member.yield_turn(Some(now)),
        _ => Turn::Go,
    }
}
