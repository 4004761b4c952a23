//! How often QuickJS collects garbage (issue 15).
//!
//! QuickJS frees an object when its last reference goes; its collector only
//! finds cycles. It collects when its heap passes a threshold, and after each
//! collection sets the next threshold at 1.5 times the heap the collection
//! left (quickjs.c, `js_trigger_gc`). A collection walks every live object.
//! So a program that builds a large heap that stays alive — 300,000 pending
//! timers (bench `timers_scattered`), a million chained promises — is walked
//! again and again for nothing: ten collections on the way to 150 MB, three
//! times the final heap walked in all, a fifth of the run's instructions
//! (callgrind), and more the larger the heap.
//!
//! [`GcPacer`] spaces collections out while they find little: polled by
//! the interrupt handler (QuickJS calls it every 10,000 ticks of bytecode,
//! `JS_INTERRUPT_COUNTER_INIT`), it sees a collection by the threshold
//! QuickJS set after it. When the collection freed less than a quarter of
//! the heap, the next one waits until the heap is 2, then at most 3 times
//! what it left (V8's heap grows by a factor of up to 4 while its
//! collections free little, `kMaxHeapGrowingFactor`); the first collection
//! that frees more leaves QuickJS's own threshold. What a collection frees
//! is only garbage in cycles, which a fruitless collection says there was
//! little of. A program that turns to making garbage in cycles after
//! building a large live heap peaks higher than with QuickJS's 1.5: 200,000
//! objects kept alive and then 3 million two-object cycles peaked at 87 MB
//! of RSS with 3 (68 MB unpaced, Node 24 91 MB); with 4 it was 113 MB.
//!
//! Under a heap limit (`--max-heap`, or the default limit) the threshold is
//! raised to half the limit at most, and never lowered: a collection still
//! comes before the limit, and a threshold at or over the limit is only
//! ever QuickJS's own (which `heap_was_full` reads).
use std::cell::Cell;

use rquickjs::qjs;

/// A collection that frees less than 1/`FRUITLESS` of the heap found little.
const FRUITLESS: usize = 4;

/// The largest factor the heap may grow by between collections.
const MAX_GROWTH: usize = 3;

/// Spaces QuickJS's collections out while they find little (module docs).
pub(crate) struct GcPacer {
    rt: *mut qjs::JSRuntime,
    /// The threshold as last seen (QuickJS's, or the one set here).
    seen: Cell<usize>,
    /// Fruitless collections in a row.
    fruitless: Cell<usize>,
    /// Half the heap limit (usize::MAX: no limit).
    cap: usize,
    /// Collections seen.
    collections: Cell<u32>,
}

impl GcPacer {
    /// A pacer for `rt`, whose threshold is set already.
    ///
    /// # Safety
    /// `rt` must outlive the pacer (the runtime's own interrupt handler
    /// holds it).
    pub(crate) unsafe fn new(rt: *mut qjs::JSRuntime, max_heap: Option<usize>) -> GcPacer {
        let seen = unsafe { qjs::JS_GetGCThreshold(rt) } as usize;
        GcPacer {
            rt,
            seen: Cell::new(seen),
            fruitless: Cell::new(0),
            cap: max_heap.map_or(usize::MAX, |l| l / 2),
            collections: Cell::new(0),
        }
    }

    /// Looks whether QuickJS collected since the last poll, and if that
    /// collection found little, sets when the next one comes.
    #[inline]
    pub(crate) fn poll(&self) {
        // SAFETY: the runtime outlives the pacer (`new`); a field read.
        let threshold = unsafe { qjs::JS_GetGCThreshold(self.rt) } as usize;
        if threshold != self.seen.get() {
            self.collected(threshold);
        }
    }

    #[cold]
    fn collected(&self, threshold: usize) {
        // The collection ran when the heap passed the threshold last seen,
        // and left two thirds of the one QuickJS set after it.
        self.collections.set(self.collections.get() + 1);
        let before = self.seen.get();
        let left = threshold / 3 * 2;
        let fruitless = left >= before - before / FRUITLESS;
        let streak = if fruitless { (self.fruitless.get() + 1).min(MAX_GROWTH - 1) } else { 0 };
        self.fruitless.set(streak);
        let next = if streak == 0 {
            threshold
        } else {
            left.saturating_mul(streak + 1).min(self.cap).max(threshold)
        };
        if next != threshold {
            // SAFETY: as in `poll`; a field write.
            unsafe { qjs::JS_SetGCThreshold(self.rt, next as qjs::size_t) };
        }
        self.seen.set(next);
    }
}

#[cfg(test)]
mod tests {
    use std::rc::Rc;

    use rquickjs::{qjs, Context, Runtime};

    use super::GcPacer;

    /// A runtime that first collects at 256 KiB, its pacer (None: unpaced,
    /// the pacer only counts), and its context.
    fn engine(paced: bool) -> (Runtime, Context, Rc<GcPacer>) {
        let rt = crate::quickjs::alloc::new_runtime().expect("runtime");
        let context = Context::full(&rt).expect("context");
        rt.set_gc_threshold(256 * 1024);
        let raw = context.with(|ctx| unsafe { qjs::JS_GetRuntime(ctx.as_raw().as_ptr()) });
        // SAFETY: the pacer lives in the runtime's interrupt handler (and
        // the test's Rc, dropped before the runtime).
        let pacer = Rc::new(unsafe { GcPacer::new(raw, None) });
        let p = pacer.clone();
        rt.set_interrupt_handler(Some(Box::new(move || {
            if paced {
                p.poll();
            } else {
                // Count, and leave QuickJS's threshold as it set it.
                let t = unsafe { qjs::JS_GetGCThreshold(p.rt) } as usize;
                if t != p.seen.get() {
                    p.seen.set(t);
                    p.collections.set(p.collections.get() + 1);
                }
            }
            false
        })));
        (rt, context, pacer)
    }

    const LIVE: &str = "globalThis.keep = []; for (let i = 0; i < 300000; i++) keep.push({ i });";

    /// A heap that stays alive is walked fewer times than QuickJS alone
    /// walks it.
    #[test]
    fn collections_that_find_nothing_are_spaced_out() {
        let (_rt, context, unpaced) = engine(false);
        context.with(|ctx| ctx.eval::<(), _>(LIVE)).expect("script");
        let (_rt2, context2, paced) = engine(true);
        context2.with(|ctx| ctx.eval::<(), _>(LIVE)).expect("script");
        let (alone, spaced) = (unpaced.collections.get(), paced.collections.get());
        assert!(alone >= 8, "QuickJS alone collected {alone} times");
        assert!(spaced <= alone / 2, "paced: {spaced} collections, QuickJS alone {alone}");
        assert!(paced.fruitless.get() > 0);
    }

    /// Once a collection frees much (garbage in cycles), QuickJS's own
    /// threshold stands again.
    #[test]
    fn a_collection_that_frees_much_ends_the_spacing() {
        let (_rt, context, pacer) = engine(true);
        context.with(|ctx| ctx.eval::<(), _>(LIVE)).expect("script");
        assert!(pacer.fruitless.get() > 0);
        let before = pacer.collections.get();
        context
            .with(|ctx| {
                ctx.eval::<(), _>(
                    "keep = null; for (let i = 0; i < 3000000; i++) { const a = {}; const b = { a }; a.b = b; }",
                )
            })
            .expect("script");
        assert!(pacer.collections.get() > before, "no collection ran");
        assert_eq!(pacer.fruitless.get(), 0);
        let threshold = unsafe { qjs::JS_GetGCThreshold(pacer.rt) } as usize;
        assert_eq!(threshold, pacer.seen.get(), "the threshold is QuickJS's own");
    }
}
