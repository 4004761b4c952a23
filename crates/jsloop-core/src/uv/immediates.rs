//! `setImmediate` on the loop: the check phase's queue (`uv__run_check`
//! calling Node's `processImmediate`), and Node's native immediates.

use super::run::{call, call_outcome, end_of_phase, process_ticks_and_rejections, stopped, Called};
use super::{CallbackKind, HostLoop, MicrotaskMode, NodeHost, Phase, UvLoop};
use crate::trace::TraceEvent;

/// A pending immediate.
pub(super) struct Immediate<C> {
    callback: C,
    /// Referenced (`immediate.ref()`), the default.
    refed: bool,
    /// Taken by the check phase now running (no longer queued).
    taken: bool,
}

/// An immediate's id.
pub type ImmediateId = u64;

impl<C: Clone, T: Clone> UvLoop<C, T> {
    /// `setImmediate`.
    pub fn set_immediate(&mut self, callback: C) -> ImmediateId {
        let id = self.next_immediate_id;
        self.next_immediate_id += 1;
        self.immediates.push_back(id);
        self.immediate_entries.insert(id, Immediate { callback, refed: true, taken: false });
        self.refed_immediate_count += 1;
        if self.tracer.enabled() {
            self.trace(TraceEvent::Note { text: format!("immediate #{id} queued for the check phase") });
        }
        id
    }

    /// `clearImmediate` (queued, or taken by the check phase now running).
    pub fn clear_immediate(&mut self, id: ImmediateId) {
        if let Some(i) = self.immediate_entries.remove(&id) {
            if i.refed && !i.taken {
                self.refed_immediate_count -= 1;
            }
        }
    }

    /// `immediate.ref()` / `immediate.unref()`: an unreferenced immediate
    /// still runs, but does not keep the loop alive.
    pub fn set_immediate_ref(&mut self, id: ImmediateId, refed: bool) {
        if let Some(i) = self.immediate_entries.get_mut(&id) {
            if !i.taken && i.refed != refed {
                i.refed = refed;
                if refed {
                    self.refed_immediate_count += 1;
                } else {
                    self.refed_immediate_count -= 1;
                }
            }
        }
    }

    /// Whether an immediate is still queued: Node's `_destroyed` is set
    /// when its callback is about to run, or when it is cleared.
    pub fn immediate_active(&self, id: ImmediateId) -> bool {
        self.immediate_entries.contains_key(&id)
    }

    /// `immediate.hasRef()`: false once the check phase has taken the
    /// immediate, or it was cleared.
    pub fn immediate_has_ref(&self, id: ImmediateId) -> bool {
        self.immediate_entries.get(&id).is_some_and(|i| i.refed && !i.taken)
    }

    /// Node's `env->SetImmediate(cb, CallbackFlags::kUnrefed)` (src/env.cc):
    /// `CheckImmediate` runs these first (`RunAndClearNativeImmediates`),
    /// also those queued meanwhile, then the immediates. They do not keep
    /// the loop alive, nor keep poll from waiting. (How Node runs async
    /// hooks' destroy callbacks: `AsyncWrap::EmitDestroy`.)
    pub fn set_native_immediate(&mut self, callback: C) {
        self.native_immediates.push_back((callback, false));
    }

    /// `env->SetImmediate(cb)` with its default flag, `kRefed` (src/env.cc):
    /// as [`Self::set_native_immediate`], but it keeps the loop alive and
    /// poll from waiting until it has run (`immediate_info()->ref_count`), as
    /// a ref'd immediate does. (How cares_wrap.cc's QueueResponseCallback
    /// delivers a DNS answer.)
    pub fn set_native_immediate_refed(&mut self, callback: C) {
        self.refed_native_count += 1;
        self.native_immediates.push_back((callback, true));
    }

    pub(super) fn refed_immediates(&self) -> bool {
        self.refed_immediate_count > 0 || self.refed_native_count > 0
    }
}

/// `uv__run_check`: the immediates queued when the phase began; those
/// queued while it runs wait for the next turn.
pub(super) fn run_check<H: NodeHost>(lp: &HostLoop<H>, host: &H) {
    let mut ran = 0;
    // CheckImmediate: RunAndClearNativeImmediates first.
    loop {
        let next = {
            let mut l = lp.borrow_mut();
            let next = l.native_immediates.pop_front();
            if let Some((_, true)) = next {
                l.refed_native_count -= 1;
            }
            next
        };
        let Some((callback, _)) = next else { break };
        if ran == 0 {
            lp.borrow_mut().trace(TraceEvent::PhaseStart { phase: Phase::Check.name() });
        }
        ran += 1;
        call(lp, host, CallbackKind::NativeImmediate, callback);
        if stopped(lp, host) {
            return;
        }
    }
    // The native immediates' InternalCallbackScope closes: ticks and
    // microtasks now. Node opens that scope at every check phase, native
    // immediates or not (src/env.cc: CheckImmediate calls
    // RunAndClearNativeImmediates first), so what a nextTick that threw
    // left undrained in the poll phase (a port message's, an fs callback's:
    // uv::process_ticks_and_rejections) runs here, before the immediates
    // (tests/node/next_tick_that_throws_leaves_the_rest_for_the_next_callback_as_node_24).
    if lp.borrow().mode == MicrotaskMode::PerCallback {
        process_ticks_and_rejections(lp, host);
        if stopped(lp, host) {
            return;
        }
    }
    let mut last = Called::default();
    // processImmediate (lib/internal/timers.js) takes the queue; CheckImmediate
    // (src/env.cc) calls it again while it left immediates outstanding.
    loop {
        {
            let mut l = lp.borrow_mut();
            let l = &mut *l;
            std::mem::swap(&mut l.immediates, &mut l.check_batch);
            l.immediates.clear();
            for id in &l.check_batch {
                if let Some(i) = l.immediate_entries.get_mut(id) {
                    i.taken = true;
                }
            }
            l.refed_immediate_count = 0;
        }
        loop {
            let next = {
                let mut l = lp.borrow_mut();
                let l = &mut *l;
                loop {
                    match l.check_batch.pop_front() {
                        // A cleared immediate's id: skipped.
                        Some(id) => match l.immediate_entries.remove(&id) {
                            Some(i) => break Some((id, i.callback)),
                            None => continue,
                        },
                        None => break None,
                    }
                }
            };
            let Some((id, callback)) = next else { break };
            if ran == 0 {
                lp.borrow_mut().trace(TraceEvent::PhaseStart { phase: Phase::Check.name() });
            }
            ran += 1;
            last = call_outcome(lp, host, CallbackKind::Immediate(id), callback);
            if stopped(lp, host) {
                return;
            }
        }
        // The last immediate threw: processImmediate left with
        // kHasOutstanding still set, so CheckImmediate calls it again, and
        // with outstandingQueue empty it takes immediateQueue: the
        // immediates queued meanwhile run in this check phase, before the
        // drain of nextTicks and microtasks.
        if !last.threw || lp.borrow().immediates.is_empty() {
            break;
        }
    }
    // (The last processImmediate call returns: its callback scope drains
    // what an immediate that threw left, unless the drain after the last
    // immediate, which is that scope's own, ended at a nextTick callback that
    // threw: the rest wait for the next callback scope.)
    if ran > 0 && lp.borrow().mode == MicrotaskMode::PerCallback && !last.ticks_threw {
        process_ticks_and_rejections(lp, host);
    }
    end_of_phase(lp, host, Phase::Check, ran);
}
