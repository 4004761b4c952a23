//! Node's timers on the loop: `setTimeout`/`setInterval` as
//! lib/internal/timers.js keeps them (a `TimersList` per duration, queued by
//! expiry), and the timers phase (`uv__run_timers` calling `processTimers`).

use std::time::Duration;

use super::run::{call_outcome, end_of_phase, process_ticks_and_rejections, stopped, Called};
use super::timer_table::{NodeTimer, NodeTimerId, NIL};
use super::{CallbackKind, HostLoop, MicrotaskMode, NodeHost, Phase, UvLoop};
use crate::trace::TraceEvent;

impl<C: Clone, T: Clone> UvLoop<C, T> {
    /// Node's `setTimeout`/`setInterval` delay coercion: a delay that is not
    /// a number in [1, 2^31−1] becomes 1 ms.
    pub fn coerce_delay(after: f64) -> f64 {
        if (1.0..=2_147_483_647.0).contains(&after) {
            after
        } else {
            1.0
        }
    }

    /// `setTimeout`/`setInterval`: start a timer now. Node's
    /// `getLibuvNow()` updates the loop's time before reading it, so a
    /// timer set late in a long callback starts from then.
    ///
    /// The new timer is *staged* (see `settle`): it goes
    /// into its list when the loop next looks at its timers, or at once if
    /// it is cleared first.
    pub fn start_timer(&mut self, callback: T, after: f64, repeat: bool) -> NodeTimerId {
        self.settle();
        self.update_time();
        let id = self.next_timer_id;
        self.next_timer_id += 1;
        let after = Self::coerce_delay(after);
        let start = self.time;
        let repeat = repeat.then_some(after);
        self.staged = Some(NodeTimer {
            id,
            callback,
            after,
            repeat: repeat.unwrap_or(0.0),
            refed: true,
            start,
            list: NIL,
            prev: NIL,
            next: NIL,
        });
        self.refed_timer_count += 1;
        if self.tracer.enabled() {
            let kind = if repeat.is_some() { "setInterval" } else { "setTimeout" };
            let due = start as f64 + after.trunc();
            self.trace(TraceEvent::Note { text: format!("timer #{id} {kind}({after}ms) due at {due}ms") });
        }
        id
    }

    /// Node's `insert(item, msecs, start)` of the timer [`start_timer`]
    /// staged, at the loop time it started at. A timer that is started and
    /// cleared before the loop looks at its timers again (a debounce, a
    /// request's timeout) never enters a list: Node's `insert` then
    /// `unenroll` of it leaves the lists as they were (a list made for it
    /// is deleted with it; the only trace of it, a list id used, is not
    /// observable: list ids only order lists), except that an empty list
    /// it joined and left is deleted, which [`clear_timer_if_active`] does.
    /// Every method that reads or changes the loop's timers settles the
    /// staged timer first (or, for the read-only ones, counts it as in its
    /// list), so the lists, their ids and their order are Node's.
    ///
    /// [`start_timer`]: Self::start_timer
    /// [`clear_timer_if_active`]: Self::clear_timer_if_active
    #[inline]
    pub(super) fn settle(&mut self) {
        if self.staged.is_some() {
            self.settle_staged();
        }
    }

    fn settle_staged(&mut self) {
        if let Some(t) = self.staged.take() {
            let start = t.start;
            let slot = self.timers.add(t);
            self.append(slot, start);
        }
    }

    /// The staged timer, if it is `id`.
    fn staged(&self, id: NodeTimerId) -> Option<&NodeTimer<T>> {
        self.staged.as_ref().filter(|t| t.id == id)
    }

    /// Node's `insert(item, msecs, start)`: (re)start timer `id` at `start`,
    /// appended to the list of its duration (made, and queued by its expiry,
    /// if there is none). A timer already in the list leaves its place first
    /// (`L.append`).
    fn insert(&mut self, id: NodeTimerId, start: u64) {
        if let Some(slot) = self.timers.slot(id) {
            self.insert_slot(slot, start);
        }
    }

    fn insert_slot(&mut self, slot: u32, start: u64) {
        self.unlink(slot);
        self.append(slot, start);
    }

    /// The rest of `insert` for the timer in `slot`, which is in no list.
    fn append(&mut self, slot: u32, start: u64) {
        let msecs = self.timers.at(slot).msecs();
        let index = self.lists.list_for(msecs, start);
        let list = self.lists.at_mut(index);
        // L.append(list, item)
        let tail = std::mem::replace(&mut list.tail, slot);
        if tail == NIL {
            list.head = slot;
        } else {
            self.timers.at_mut(tail).next = slot;
        }
        let t = self.timers.at_mut(slot);
        t.start = start;
        t.prev = tail;
        t.next = NIL;
        t.list = index;
    }

    /// `L.remove(item)`: the timer in `slot` leaves the list it is in, if
    /// any (the list stays, even empty); returns that list's index.
    fn unlink(&mut self, slot: u32) -> Option<u32> {
        let t = self.timers.at_mut(slot);
        let index = std::mem::replace(&mut t.list, NIL);
        if index == NIL {
            return None;
        }
        let (prev, next) = (t.prev, t.next);
        t.prev = NIL;
        t.next = NIL;
        let list = self.lists.at_mut(index);
        if prev == NIL {
            list.head = next;
        } else {
            self.timers.at_mut(prev).next = next;
        }
        if next == NIL {
            list.tail = prev;
        } else {
            self.timers.at_mut(next).prev = prev;
        }
        Some(index)
    }

    /// `clearTimeout`/`clearInterval`/`timeout.close()`: Node's `unenroll`.
    /// The timer leaves its list, and an empty list is deleted (looked up by
    /// the untruncated duration, as Node does: a list of a fractional delay
    /// stays, empty, until the timers phase reaches it).
    pub fn clear_timer(&mut self, id: NodeTimerId) {
        self.clear_timer_if_active(id);
    }

    /// [`clear_timer`](Self::clear_timer), saying whether the timer was
    /// active (None if not) and then whether it was in a list (false while
    /// its callback runs).
    pub fn clear_timer_if_active(&mut self, id: NodeTimerId) -> Option<bool> {
        if let Some(t) = self.staged(id) {
            let msecs = t.msecs();
            // (A whole duration: `timerListMap[item._idleTimeout]` is the
            // list it would have joined. Else that list stays, so it is made.)
            if t.list_key() == Some(msecs) {
                let refed = t.refed;
                // Its list, had it joined it, would be deleted if left empty:
                // as it was unless it was empty before.
                if self.lists.any_live() {
                    self.delete_list_if_empty(msecs);
                }
                self.staged = None;
                if refed {
                    self.refed_timer_count -= 1;
                }
                return Some(true);
            }
        }
        self.settle();
        let slot = self.timers.slot(id)?;
        // (`timerListMap[item._idleTimeout]`: the list of its present
        // `_idleTimeout`, which a program may have changed.)
        let key = self.timers.at(slot).list_key();
        let placed = match self.unlink(slot) {
            // The list it leaves is the one to delete if empty (the usual
            // case): no lookup.
            Some(index) if key == Some(self.lists.at(index).msecs) => {
                if self.lists.at(index).head == NIL {
                    self.lists.delete(index);
                }
                true
            }
            listed => {
                if let Some(key) = key {
                    self.delete_list_if_empty(key);
                }
                listed.is_some()
            }
        };
        if self.timers.free(id, slot) {
            self.refed_timer_count -= 1;
        }
        Some(placed)
    }

    /// A program's `timeout._repeat = value` (lib/internal/timers.js reads
    /// it when the timer's callback returns): a number that is not 0 nor
    /// NaN makes it an interval of that delay; None a timeout.
    pub fn set_timer_repeat(&mut self, id: NodeTimerId, repeat: Option<f64>) {
        self.settle();
        if let Some(t) = self.timers.get_mut(id) {
            t.repeat = repeat.filter(|r| *r != 0.0 && !r.is_nan()).unwrap_or(0.0);
        }
    }

    /// A program's `timeout._idleTimeout = value`: the duration the timer
    /// is inserted with next (−1: an interval is not re-armed).
    pub fn set_timer_idle_timeout(&mut self, id: NodeTimerId, after: f64) {
        self.settle();
        if let Some(t) = self.timers.get_mut(id) {
            t.after = after;
        }
    }

    /// Whether a live timer is in a list (not while its callback runs,
    /// unless the callback refreshed it).
    pub fn timer_placed(&self, id: NodeTimerId) -> bool {
        self.staged(id).is_some() || self.timers.get(id).is_some_and(|t| t.list != NIL)
    }

    /// The callback of a live timer (for a host that finds its timer object
    /// from an id, as Node's `knownTimersById`).
    pub fn timer_callback(&self, id: NodeTimerId) -> Option<&T> {
        self.staged(id).or_else(|| self.timers.get(id)).map(|t| &t.callback)
    }

    /// `_idleStart` of a live timer: the loop time (ms) it was last started at.
    pub fn timer_start(&self, id: NodeTimerId) -> Option<f64> {
        self.staged(id).or_else(|| self.timers.get(id)).map(|t| t.start as f64)
    }

    fn delete_list_if_empty(&mut self, msecs: u64) {
        if let Some(index) = self.lists.live(msecs) {
            if self.lists.at(index).head == NIL {
                self.lists.delete(index);
            }
        }
    }

    /// `timeout.refresh()`: restart at the current loop time, same delay, at
    /// the end of its list; also inside its own callback (the timer is then
    /// not destroyed when the callback returns). Returns false if the timer
    /// is not there to refresh (it fired, or was cleared).
    pub fn refresh_timer(&mut self, id: NodeTimerId) -> bool {
        // (`insertGuarded`: a timer whose `_idleTimeout` is negative is not inserted.)
        self.settle();
        let Some(slot) = self.timers.slot(id) else { return false };
        if self.timers.at(slot).after < 0.0 {
            return true;
        }
        self.update_time();
        let now = self.time;
        self.insert_slot(slot, now);
        true
    }

    /// `timeout.ref()` / `timeout.unref()`.
    pub fn set_timer_ref(&mut self, id: NodeTimerId, refed: bool) {
        self.settle();
        if let Some(t) = self.timers.get_mut(id) {
            let was = std::mem::replace(&mut t.refed, refed);
            if was != refed {
                if refed {
                    self.refed_timer_count += 1;
                } else {
                    self.refed_timer_count -= 1;
                }
            }
        }
    }

    /// `timeout.hasRef()`: false for an unknown or finished timer.
    pub fn timer_has_ref(&self, id: NodeTimerId) -> bool {
        self.staged(id).or_else(|| self.timers.get(id)).is_some_and(|t| t.refed)
    }

    /// When the nearest list of timers expires (the time libuv's one timer
    /// handle of Node's is due).
    pub(super) fn next_expiry(&self) -> Option<Duration> {
        let first = self.lists.first().map(|(expiry, _)| expiry);
        // (The staged timer's list, if it would make one.)
        let staged = self.staged.as_ref().and_then(|t| {
            let msecs = t.msecs();
            self.lists.live(msecs).is_none().then(|| t.due(msecs))
        });
        first.into_iter().chain(staged).min().map(Duration::from_millis)
    }

    /// Whether `id` is a timer that has not fired (a `setInterval` stays
    /// active until cleared) nor been cleared.
    pub fn timer_active(&self, id: NodeTimerId) -> bool {
        self.staged(id).is_some() || self.timers.slot(id).is_some()
    }

    pub(super) fn refed_timers(&self) -> bool {
        self.refed_timer_count > 0
    }

    /// Timers still to fire (referenced or not).
    pub fn active_timers(&self) -> usize {
        self.timers.len() + usize::from(self.staged.is_some())
    }
}

/// How many timers down a list the timers phase hints to the host
/// ([`NodeHost::prefetch_timer`]): a level of the memory a timer's callback
/// reads (a chain of pointers: the record, the host's object, its state,
/// the function, what the function holds) is warmed at each place.
const TIMER_LOOKAHEAD: usize = 6;

/// `uv__run_timers` calling Node's `processTimers(now)`
/// (lib/internal/timers.js): the lists of timers by (expiry, list id); of
/// each expired list, its timers from the front while they are due
/// (`listOnTimeout`), then the next list. A list whose front timer is not
/// yet due waits again with a new id. nextTicks and microtasks run between
/// timers (`runNextTicks`). A timer started during the phase starts at the
/// loop time, so it is due a turn later at the earliest.
pub(super) fn run_timers<H: NodeHost>(lp: &HostLoop<H>, host: &H) {
    let mut ran = 0;
    let mut last = Called::default();
    // `now` is read once, when the phase calls processTimers (the caller
    // has just updated the loop time, as Node's GetNow does).
    let now = lp.borrow().time;
    loop {
        // timerListQueue.peek(): stop at the first list not yet expired.
        let head = {
            let mut l = lp.borrow_mut();
            l.settle();
            match l.lists.first() {
                Some((expiry, index)) if expiry <= now => Some((index, l.lists.at(index).serial)),
                _ => None,
            }
        };
        let Some((index, serial)) = head else { break };
        // listOnTimeout(list, now)
        loop {
            let next = {
                let mut l = lp.borrow_mut();
                let l = &mut *l;
                l.settle();
                // The list may have been deleted (every timer cleared) and
                // made again by a callback: the one being run is then empty.
                let list = l.lists.at(index);
                if !list.live || list.serial != serial {
                    break;
                }
                let slot = list.head;
                if slot == NIL {
                    // Every timer of the list has run: the list goes.
                    l.lists.delete(index);
                    break;
                }
                let due = l.timers.at(slot).due(list.msecs);
                if due > now {
                    // Too early for this one: the list waits, with a new id.
                    l.lists.requeue(index, due.max(now + 1));
                    break;
                }
                // (Hints to the host: the timers after this one in the
                // list, each a place nearer firing; their records were
                // fetched a turn of this loop ago, and the record after
                // them is fetched now.)
                let mut ahead = l.timers.at(slot).next;
                for place in 1..=TIMER_LOOKAHEAD {
                    if ahead == NIL {
                        break;
                    }
                    let t = l.timers.at(ahead);
                    host.prefetch_timer(&t.callback, place);
                    ahead = t.next;
                }
                if ahead != NIL {
                    host.prefetch(l.timers.record_address(ahead));
                }
                // L.remove(timer): out of the list, not yet destroyed.
                l.unlink(slot);
                let t = l.timers.at(slot);
                host.prefetch_timer(&t.callback, 0);
                let id = t.id;
                let callback: H::Callback = t.callback.clone().into();
                let repeats = t.repeat().is_some();
                // An interval restarts from the time read before its callback
                // runs (`if (timer._repeat) start = getLibuvNow()`), and is
                // appended to its list after the callback, behind timers the
                // callback started.
                let start = if repeats {
                    l.update_time();
                    Some(l.time)
                } else {
                    None
                };
                (id, callback, start)
            };
            let (id, callback, start) = next;
            if ran == 0 {
                lp.borrow_mut().trace(TraceEvent::PhaseStart { phase: Phase::Timers.name() });
            }
            ran += 1;
            last = call_outcome(lp, host, CallbackKind::Timer(id), callback);
            {
                // The `finally` of listOnTimeout: `if (timer._repeat &&
                // timer._idleTimeout !== -1)` it is inserted again with
                // `_idleTimeout = _repeat`, from `start` (or now, when the
                // callback made it an interval); else, unless it is in a list
                // again (refresh() in its callback), it is destroyed.
                let mut l = lp.borrow_mut();
                let l = &mut *l;
                // (Timers its callback started are in their lists first.)
                l.settle();
                match l.timers.get_mut(id) {
                    // Cleared meanwhile (clearInterval in its callback).
                    None => {}
                    Some(t) => match t.repeat() {
                        Some(repeat) if t.after != -1.0 => {
                            t.after = repeat;
                            let start = match start {
                                Some(start) => start,
                                None => {
                                    l.update_time();
                                    l.time
                                }
                            };
                            l.insert(id, start);
                        }
                        _ if t.list != NIL => {}
                        _ => {
                            if t.refed {
                                l.refed_timer_count -= 1;
                            }
                            l.timers.remove(id);
                        }
                    },
                }
            }
            if stopped(lp, host) {
                return;
            }
        }
    }
    // RunTimers' InternalCallbackScope closes (src/env.cc,
    // src/api/callback.cc): it drains what a timer that threw left. The
    // drain after the last timer is that close's own (the ones before it are
    // listOnTimeout's runNextTicks between timers): if a nextTick callback
    // threw there, the close failed, and the ticks after it and the
    // microtasks wait for the next callback scope (at the latest the check
    // phase's, CheckImmediate's RunAndClearNativeImmediates).
    if ran > 0 && lp.borrow().mode == MicrotaskMode::PerCallback && !last.ticks_threw {
        process_ticks_and_rejections(lp, host);
    }
    end_of_phase(lp, host, Phase::Timers, ran);
}

#[cfg(test)]
mod lists {
    use crate::clock::VirtualClock;
    use crate::trace::Tracer;
    use crate::uv::UvLoop;

    /// A timer started and cleared before the loop looks makes no list; a
    /// list deleted when emptied keeps its entry for the next list of its
    /// duration, and deleted entries do not pile up.
    #[test]
    fn deleted_lists_are_reused_and_do_not_pile_up() {
        let mut l = UvLoop::<u64>::new(Box::new(VirtualClock::new()), Tracer::off());
        let keep = l.start_timer(0, 7.0, false);
        let id = l.start_timer(1, 3.0, false);
        l.clear_timer(id);
        assert!(l.staged.is_none());
        assert_eq!(l.lists.by_msecs.len(), 1, "only list 7 was made");
        for d in 1..2000u64 {
            let a = l.start_timer(d, (d + 10) as f64, false);
            let b = l.start_timer(d, 3.0, false); // `a` goes into its list
            l.clear_timer(a);
            assert!(l.lists.live(d + 10).is_none(), "list {} deleted", d + 10);
            l.clear_timer(b);
            assert!(l.lists.by_msecs.len() <= 1 + 9, "{} entries", l.lists.by_msecs.len());
        }
        // A list made again takes a new id, after the lists made before it.
        let a = l.start_timer(1, 20.0, false);
        l.settle();
        let first = l.lists.at(l.lists.live(20).unwrap()).id;
        l.clear_timer(a);
        let b = l.start_timer(1, 20.0, false);
        l.settle();
        assert!(l.lists.at(l.lists.live(20).unwrap()).id > first);
        assert!(l.timer_active(b) && l.timer_active(keep));
        assert_eq!(l.active_timers(), 2);
    }
}
