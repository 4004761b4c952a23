//! Whether the loop is alive: libuv's `uv__loop_alive`, the one rule both
//! `uv_run` and poll's timeout (`backend_timeout`) read.

use super::{HostLoop, NodeHost, UvLoop};

/// `uv__loop_alive`: active referenced handles (a referenced timer, a
/// referenced immediate's check handle, the host's I/O handles), active
/// requests, pending callbacks, or closing handles.
pub fn loop_alive<H: NodeHost>(lp: &HostLoop<H>, host: &H) -> bool {
    let l = lp.borrow();
    !l.world_done && loop_alive_now(&l, host)
}

/// `uv__loop_alive` on a borrowed loop (a world that is over is not asked).
pub(super) fn loop_alive_now<C: Clone, T: Clone, H: NodeHost>(l: &UvLoop<C, T>, host: &H) -> bool {
    has_active_handles_or_requests(l, host) || !l.pending_queue.is_empty() || !l.closing_handles.is_empty()
}

/// libuv's `uv__has_active_handles(loop) || uv__has_active_reqs(loop)`: a
/// referenced timer, immediate (Node's check handle) or MessagePort, the
/// host's I/O handles, or its requests in flight.
pub(super) fn has_active_handles_or_requests<C: Clone, T: Clone, H: NodeHost>(
    l: &UvLoop<C, T>,
    host: &H,
) -> bool {
    l.refed_timers()
        || l.refed_immediates()
        || l.refed_port_count > 0
        || host.active_handles() > 0
        || host.active_requests() > 0
}

/// What keeps the loop alive, in words (for the trace).
pub(super) fn alive_reasons<H: NodeHost>(lp: &HostLoop<H>, host: &H) -> String {
    let l = lp.borrow();
    let mut reasons = Vec::new();
    let timers = l.refed_timer_count;
    if timers > 0 {
        reasons.push(format!("{timers} ref'd timer(s)"));
    }
    let immediates = l.refed_immediate_count + l.refed_native_count;
    if immediates > 0 {
        reasons.push(format!("{immediates} ref'd immediate(s)"));
    }
    if l.refed_port_count > 0 {
        reasons.push(format!("{} ref'd MessagePort(s)", l.refed_port_count));
    }
    if host.active_handles() > 0 {
        reasons.push(format!("{} I/O handle(s)", host.active_handles()));
    }
    if host.active_requests() > 0 {
        reasons.push(format!("{} request(s) in flight", host.active_requests()));
    }
    if !l.pending_queue.is_empty() {
        reasons.push(format!("{} pending callback(s)", l.pending_queue.len()));
    }
    if !l.closing_handles.is_empty() {
        reasons.push(format!("{} closing handle(s)", l.closing_handles.len()));
    }
    if reasons.is_empty() {
        "nothing".into()
    } else {
        reasons.join(", ")
    }
}
