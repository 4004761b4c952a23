//! Node's timers on the loop: `setTimeout`/`setInterval` as
//! lib/internal/timers.js keeps them (a `TimersList` per duration, queued by
//! expiry), and the timers phase (`uv__run_timers` calling `processTimers`).

use std::collections::VecDeque;
use std::time::Duration;

use super::run::{call, end_of_phase, process_ticks_and_rejections, stopped};
use super::{CallbackKind, HashMap, MicrotaskMode, NodeHost, Phase, UvHandle, UvLoop};
use crate::clock::millis;
use crate::trace::TraceEvent;

/// A Node timer's id (the `Timeout`'s primitive value).
pub type NodeTimerId = u64;

/// No slot: the end of a list.
const NIL: u32 = u32::MAX;

#[derive(Debug, Clone)]
pub(super) struct NodeTimer<C> {
    id: NodeTimerId,
    callback: C,
    /// `_idleTimeout`: the delay in ms after Node's coercion (1 ≤ after ≤
    /// 2^31−1); −1 once set so (Node's unenroll, or a program), which keeps
    /// an interval from being re-armed.
    after: f64,
    /// `_repeat`: an interval's delay, 0 for a timeout (a program may set
    /// it: a timeout whose callback sets `_repeat` is re-armed as an
    /// interval). (Not an Option: a timer's entry stays under 128 bytes.)
    repeat: f64,
    refed: bool,
    /// `_idleStart`: the loop time (whole ms) when (re)started.
    start: u64,
    /// The duration of the list it is in; None while its callback runs
    /// (Node has removed it from the list, `L.remove(timer)`, and not yet
    /// destroyed it).
    list: Option<u64>,
    /// Its neighbours in that list (`_idlePrev`, `_idleNext`): slots, or
    /// [`NIL`] at an end.
    prev: u32,
    next: u32,
}

impl<C> NodeTimer<C> {
    /// The key of the list it is inserted in: Node truncates the duration
    /// (`MathTrunc(msecs)`).
    fn msecs(&self) -> u64 {
        // (A float-to-integer cast truncates toward zero and takes NaN and
        // negatives to 0: `trunc().max(0.0)`, without a call to libm's trunc.)
        self.after as u64
    }

    /// The key of `timerListMap[item._idleTimeout]` (Node looks the list up
    /// by the untruncated duration): its `_idleTimeout` if that is a whole
    /// number ≥ 0.
    fn list_key(&self) -> Option<u64> {
        let after = self.after;
        let whole = if (0.0..9_007_199_254_740_992.0).contains(&after) {
            (after as u64) as f64 == after
        } else {
            after >= 0.0 && after.fract() == 0.0
        };
        whole.then_some(after as u64)
    }

    /// An interval's delay, None for a timeout.
    fn repeat(&self) -> Option<f64> {
        (self.repeat != 0.0).then_some(self.repeat)
    }

    /// When it is due in a list of duration `msecs`.
    fn due(&self, msecs: u64) -> Duration {
        Duration::from_millis(self.start.saturating_add(msecs))
    }
}

/// Node's `TimersList` (lib/internal/timers.js): the timers of one duration,
/// in the order they were (re)inserted, which is the order they expire in.
/// As Node's, a doubly linked list through the timers themselves
/// (lib/internal/linkedlist.js): appending and removing allocate nothing.
#[derive(Debug)]
pub(super) struct TimersList {
    /// When its first timer expires (or later: it is updated only when the
    /// list is looked at, as Node does).
    expiry: Duration,
    /// `list.id`: orders lists of equal expiry in `timerListQueue`; a new
    /// one each time the list waits again.
    id: u64,
    /// Which list this is (a list removed and made again for the same
    /// duration is another list).
    serial: u64,
    /// Its first and last timers' slots ([`NIL`]: none).
    head: u32,
    tail: u32,
}

/// The timers not yet destroyed, each in a slot of one table (a freed slot
/// is reused first: a program that sets and clears timers touches the same
/// few), found by id. Ids are handed out in order, so the slots of recent
/// ids are a window indexed by `id - base` (4 bytes an id, no hashing: the
/// timers phase looks each timer up as it fires); the window's front moves
/// on as its oldest timers go, and the few old timers that would hold a
/// mostly empty window open (a long interval among many short timeouts)
/// move to a map.
#[derive(Debug)]
pub(super) struct TimerTable<C> {
    slots: Vec<Option<NodeTimer<C>>>,
    free: Vec<u32>,
    /// The slots of ids `base..base + recent.len()` ([`NIL`]: destroyed).
    recent: VecDeque<u32>,
    base: NodeTimerId,
    /// How many of `recent` are live.
    recent_live: usize,
    /// The slots of live timers older than `base`.
    old: HashMap<NodeTimerId, u32>,
}

impl<C> Default for TimerTable<C> {
    fn default() -> Self {
        TimerTable {
            slots: Vec::new(),
            free: Vec::new(),
            recent: VecDeque::new(),
            base: 0,
            recent_live: 0,
            old: HashMap::default(),
        }
    }
}

impl<C> TimerTable<C> {
    fn slot(&self, id: NodeTimerId) -> Option<u32> {
        if id >= self.base {
            let i = usize::try_from(id - self.base).ok()?;
            self.recent.get(i).copied().filter(|s| *s != NIL)
        } else {
            self.old.get(&id).copied()
        }
    }

    fn get(&self, id: NodeTimerId) -> Option<&NodeTimer<C>> {
        self.slot(id).map(|s| self.at(s))
    }

    fn get_mut(&mut self, id: NodeTimerId) -> Option<&mut NodeTimer<C>> {
        self.slot(id).map(|s| self.at_mut(s))
    }

    fn at(&self, slot: u32) -> &NodeTimer<C> {
        self.slots[slot as usize].as_ref().expect("a used slot")
    }

    fn at_mut(&mut self, slot: u32) -> &mut NodeTimer<C> {
        self.slots[slot as usize].as_mut().expect("a used slot")
    }

    /// Adds a timer whose id is newer than every id added before.
    fn add(&mut self, timer: NodeTimer<C>) -> u32 {
        let id = timer.id;
        let slot = match self.free.pop() {
            Some(slot) => {
                self.slots[slot as usize] = Some(timer);
                slot
            }
            None => {
                self.slots.push(Some(timer));
                (self.slots.len() - 1) as u32
            }
        };
        if self.recent.is_empty() {
            self.base = id;
        }
        let end = self.base + self.recent.len() as u64;
        debug_assert!(id >= end, "timer ids are added in order");
        for _ in end..id {
            self.recent.push_back(NIL);
        }
        self.recent.push_back(slot);
        self.recent_live += 1;
        slot
    }

    /// Takes the timer out of its slot (the caller has unlinked it).
    fn remove(&mut self, id: NodeTimerId) -> Option<NodeTimer<C>> {
        let slot = self.slot(id)?;
        self.remove_slot(id, slot)
    }

    /// [`remove`](Self::remove) of the timer `id` in `slot` (its slot, looked up).
    fn remove_slot(&mut self, id: NodeTimerId, slot: u32) -> Option<NodeTimer<C>> {
        if id >= self.base {
            self.recent[(id - self.base) as usize] = NIL;
            self.recent_live -= 1;
            self.trim();
        } else {
            self.old.remove(&id);
        }
        let t = self.slots[slot as usize].take();
        if self.len() == 0 {
            // No timer left: the table starts again, small (a burst of
            // timers does not keep its memory).
            if self.slots.capacity() > 1024 {
                self.slots = Vec::new();
                self.free = Vec::new();
                self.recent = VecDeque::new();
            } else {
                self.slots.clear();
                self.free.clear();
            }
        } else {
            self.free.push(slot);
        }
        t
    }

    /// The window's front moves past destroyed timers; a window mostly
    /// empty moves its oldest live timers to the map until it is at most
    /// half empty (each timer moves at most once).
    fn trim(&mut self) {
        while self.recent.front() == Some(&NIL) {
            self.recent.pop_front();
            self.base += 1;
        }
        if self.recent.len() >= 1024 && self.recent.len() > 4 * self.recent_live {
            while self.recent.len() > 2 * self.recent_live {
                let Some(slot) = self.recent.pop_front() else { break };
                if slot != NIL {
                    self.old.insert(self.base, slot);
                    self.recent_live -= 1;
                }
                self.base += 1;
            }
            while self.recent.front() == Some(&NIL) {
                self.recent.pop_front();
                self.base += 1;
            }
        }
    }

    pub(super) fn len(&self) -> usize {
        self.recent_live + self.old.len()
    }

    pub(super) fn clear(&mut self) {
        self.slots.clear();
        self.free.clear();
        self.recent.clear();
        self.recent_live = 0;
        self.old.clear();
    }
}

/// `timerListQueue`: the lists by (expiry, list id), with their duration,
/// in order (a sorted vector: there is one list per duration in use, few,
/// and inserting or removing one allocates nothing once it has grown).
#[derive(Debug, Default)]
pub(super) struct ListQueue(Vec<(Duration, u64, u64)>);

impl ListQueue {
    pub(super) fn first(&self) -> Option<&(Duration, u64, u64)> {
        self.0.first()
    }

    fn insert(&mut self, key: (Duration, u64, u64)) {
        if let Err(at) = self.0.binary_search(&key) {
            self.0.insert(at, key);
        }
    }

    fn remove(&mut self, key: &(Duration, u64, u64)) {
        if let Ok(at) = self.0.binary_search(key) {
            self.0.remove(at);
        }
    }

    pub(super) fn clear(&mut self) {
        self.0.clear();
    }
}

impl<C: Clone> UvLoop<C> {
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
    pub fn start_timer(&mut self, callback: C, after: f64, repeat: bool) -> NodeTimerId {
        self.update_time();
        let id = self.next_timer_id;
        self.next_timer_id += 1;
        let after = Self::coerce_delay(after);
        let start = self.time;
        let repeat = repeat.then_some(after);
        let slot = self.timers.add(NodeTimer {
            id,
            callback,
            after,
            repeat: repeat.unwrap_or(0.0),
            refed: true,
            start: 0,
            list: None,
            prev: NIL,
            next: NIL,
        });
        self.refed_timer_count += 1;
        // (New: in no list yet.)
        self.append(slot, start);
        if self.tracer.enabled() {
            let kind = if repeat.is_some() { "setInterval" } else { "setTimeout" };
            let due = millis(start) + after.trunc();
            self.trace(TraceEvent::Note { text: format!("timer #{id} {kind}({after}ms) due at {due}ms") });
        }
        id
    }

    /// Node's `insert(item, msecs, start)`: (re)start timer `id` at `start`,
    /// appended to the list of its duration (made, and queued by its expiry,
    /// if there is none). A timer already in the list leaves its place first
    /// (`L.append`).
    fn insert(&mut self, id: NodeTimerId, start: Duration) {
        if let Some(slot) = self.timers.slot(id) {
            self.insert_slot(slot, start);
        }
    }

    fn insert_slot(&mut self, slot: u32, start: Duration) {
        self.unlink(slot);
        self.append(slot, start);
    }

    /// The rest of `insert` for the timer in `slot`, which is in no list.
    fn append(&mut self, slot: u32, start: Duration) {
        let t = self.timers.at_mut(slot);
        let msecs = t.msecs();
        t.start = start.as_millis() as u64;
        let list = match self.lists.entry(msecs) {
            std::collections::hash_map::Entry::Occupied(e) => e.into_mut(),
            std::collections::hash_map::Entry::Vacant(e) => {
                let expiry = start + Duration::from_millis(msecs);
                let id = self.next_list_id;
                self.next_list_id += 1;
                let serial = self.next_list_serial;
                self.next_list_serial += 1;
                self.list_queue.insert((expiry, id, msecs));
                e.insert(TimersList { expiry, id, serial, head: NIL, tail: NIL })
            }
        };
        // L.append(list, item)
        let tail = std::mem::replace(&mut list.tail, slot);
        if tail == NIL {
            list.head = slot;
        } else {
            self.timers.at_mut(tail).next = slot;
        }
        let t = self.timers.at_mut(slot);
        t.prev = tail;
        t.next = NIL;
        t.list = Some(msecs);
    }

    /// `L.remove(item)`: the timer in `slot` leaves the list it is in, if
    /// any (the list stays, even empty).
    fn unlink(&mut self, slot: u32) {
        let t = self.timers.at_mut(slot);
        let Some(msecs) = t.list.take() else { return };
        let (prev, next) = (t.prev, t.next);
        t.prev = NIL;
        t.next = NIL;
        let list = self.lists.get_mut(&msecs).expect("a listed timer's list exists");
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
        let slot = self.timers.slot(id)?;
        let t = self.timers.at(slot);
        // (`timerListMap[item._idleTimeout]`: the list of its present
        // `_idleTimeout`, which a program may have changed.)
        let key = t.list_key();
        let placed = match t.list {
            // The list it leaves is the one to delete if empty (the usual
            // case): one lookup does both.
            Some(msecs) if key == Some(msecs) => {
                self.unlink_deleting_empty(slot, msecs);
                true
            }
            listed => {
                self.unlink(slot);
                if let Some(key) = key {
                    self.delete_list_if_empty(key);
                }
                listed.is_some()
            }
        };
        let t = self.timers.remove_slot(id, slot).expect("a timer in the table");
        if t.refed {
            self.refed_timer_count -= 1;
        }
        Some(placed)
    }

    /// [`unlink`](Self::unlink) of the timer in `slot` from its list
    /// `msecs`, and that list's deletion if it is left empty (Node's
    /// `unenroll`).
    fn unlink_deleting_empty(&mut self, slot: u32, msecs: u64) {
        let t = self.timers.at_mut(slot);
        t.list = None;
        let (prev, next) = (t.prev, t.next);
        t.prev = NIL;
        t.next = NIL;
        let std::collections::hash_map::Entry::Occupied(mut e) = self.lists.entry(msecs) else {
            unreachable!("a listed timer's list exists")
        };
        let list = e.get_mut();
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
        if list.head == NIL {
            let list = e.remove();
            self.list_queue.remove(&(list.expiry, list.id, msecs));
        }
    }

    /// A program's `timeout._repeat = value` (lib/internal/timers.js reads
    /// it when the timer's callback returns): a number that is not 0 nor
    /// NaN makes it an interval of that delay; None a timeout.
    pub fn set_timer_repeat(&mut self, id: NodeTimerId, repeat: Option<f64>) {
        if let Some(t) = self.timers.get_mut(id) {
            t.repeat = repeat.filter(|r| *r != 0.0 && !r.is_nan()).unwrap_or(0.0);
        }
    }

    /// A program's `timeout._idleTimeout = value`: the duration the timer
    /// is inserted with next (−1: an interval is not re-armed).
    pub fn set_timer_idle_timeout(&mut self, id: NodeTimerId, after: f64) {
        if let Some(t) = self.timers.get_mut(id) {
            t.after = after;
        }
    }

    /// Whether a live timer is in a list (not while its callback runs,
    /// unless the callback refreshed it).
    pub fn timer_placed(&self, id: NodeTimerId) -> bool {
        self.timers.get(id).is_some_and(|t| t.list.is_some())
    }

    /// The callback of a live timer (for a host that finds its timer object
    /// from an id, as Node's `knownTimersById`).
    pub fn timer_callback(&self, id: NodeTimerId) -> Option<&C> {
        self.timers.get(id).map(|t| &t.callback)
    }

    /// `_idleStart` of a live timer: the loop time (ms) it was last started at.
    pub fn timer_start(&self, id: NodeTimerId) -> Option<f64> {
        self.timers.get(id).map(|t| t.start as f64)
    }

    fn delete_list_if_empty(&mut self, msecs: u64) {
        if let std::collections::hash_map::Entry::Occupied(e) = self.lists.entry(msecs) {
            if e.get().head == NIL {
                let list = e.remove();
                self.list_queue.remove(&(list.expiry, list.id, msecs));
            }
        }
    }

    /// `timeout.refresh()`: restart at the current loop time, same delay, at
    /// the end of its list; also inside its own callback (the timer is then
    /// not destroyed when the callback returns). Returns false if the timer
    /// is not there to refresh (it fired, or was cleared).
    pub fn refresh_timer(&mut self, id: NodeTimerId) -> bool {
        // (`insertGuarded`: a timer whose `_idleTimeout` is negative is not inserted.)
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
        self.timers.get(id).is_some_and(|t| t.refed)
    }

    /// When the nearest list of timers expires (the time libuv's one timer
    /// handle of Node's is due).
    pub(super) fn next_expiry(&self) -> Option<Duration> {
        self.list_queue.first().map(|(expiry, _, _)| *expiry)
    }

    /// Whether `id` is a timer that has not fired (a `setInterval` stays
    /// active until cleared) nor been cleared.
    pub fn timer_active(&self, id: NodeTimerId) -> bool {
        self.timers.slot(id).is_some()
    }

    pub(super) fn refed_timers(&self) -> bool {
        self.refed_timer_count > 0
    }

    /// Timers still to fire (referenced or not).
    pub fn active_timers(&self) -> usize {
        self.timers.len()
    }
}

/// `uv__run_timers` calling Node's `processTimers(now)`
/// (lib/internal/timers.js): the lists of timers by (expiry, list id); of
/// each expired list, its timers from the front while they are due
/// (`listOnTimeout`), then the next list. A list whose front timer is not
/// yet due waits again with a new id. nextTicks and microtasks run between
/// timers (`runNextTicks`). A timer started during the phase starts at the
/// loop time, so it is due a turn later at the earliest.
pub(super) fn run_timers<H: NodeHost>(lp: &UvHandle<H::Callback>, host: &H) {
    let mut ran = 0;
    // `now` is read once, when the phase calls processTimers (the caller
    // has just updated the loop time, as Node's GetNow does).
    let now = lp.borrow().time;
    loop {
        // timerListQueue.peek(): stop at the first list not yet expired.
        let head = {
            let l = lp.borrow();
            match l.list_queue.first().copied() {
                Some((expiry, _, msecs)) if expiry <= now => {
                    l.lists.get(&msecs).map(|list| (msecs, list.serial))
                }
                _ => None,
            }
        };
        let Some((msecs, serial)) = head else { break };
        // listOnTimeout(list, now)
        loop {
            let next = {
                let mut l = lp.borrow_mut();
                let l = &mut *l;
                // The list may have been deleted (every timer cleared) and
                // made again by a callback: the one being run is then empty.
                let Some(list) = l.lists.get_mut(&msecs).filter(|list| list.serial == serial) else { break };
                let slot = list.head;
                if slot == NIL {
                    // Every timer of the list has run: the list goes.
                    l.list_queue.remove(&(list.expiry, list.id, msecs));
                    l.lists.remove(&msecs);
                    break;
                }
                let due = l.timers.at(slot).due(msecs);
                if due > now {
                    // Too early for this one: the list waits, with a new id.
                    l.list_queue.remove(&(list.expiry, list.id, msecs));
                    list.expiry = due.max(now + Duration::from_millis(1));
                    list.id = l.next_list_id;
                    l.next_list_id += 1;
                    l.list_queue.insert((list.expiry, list.id, msecs));
                    break;
                }
                // L.remove(timer): out of the list, not yet destroyed.
                l.unlink(slot);
                let t = l.timers.at(slot);
                let id = t.id;
                let callback = t.callback.clone();
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
            call(lp, host, CallbackKind::Timer(id), callback);
            {
                // The `finally` of listOnTimeout: `if (timer._repeat &&
                // timer._idleTimeout !== -1)` it is inserted again with
                // `_idleTimeout = _repeat`, from `start` (or now, when the
                // callback made it an interval); else, unless it is in a list
                // again (refresh() in its callback), it is destroyed.
                let mut l = lp.borrow_mut();
                let l = &mut *l;
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
                        _ if t.list.is_some() => {}
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
    if ran > 0 && lp.borrow().mode == MicrotaskMode::PerCallback {
        process_ticks_and_rejections(lp, host);
    }
    end_of_phase(lp, host, Phase::Timers, ran);
}

#[cfg(test)]
mod tests {
    use super::{NodeTimer, TimerTable, NIL};

    fn timer(id: u64) -> NodeTimer<u64> {
        NodeTimer {
            id,
            callback: id,
            after: 1.0,
            repeat: 0.0,
            refed: true,
            start: 0,
            list: None,
            prev: NIL,
            next: NIL,
        }
    }

    /// A long-lived timer among many short ones moves to the map and is
    /// still found; the window does not grow with the ids handed out.
    #[test]
    fn an_old_timer_outlives_the_window() {
        let mut t = TimerTable::default();
        t.add(timer(1));
        for id in 2..10_000u64 {
            t.add(timer(id));
            assert_eq!(t.remove(id).map(|t| t.callback), Some(id));
        }
        assert_eq!(t.len(), 1);
        assert_eq!(t.get(1).map(|t| t.callback), Some(1));
        assert!(t.recent.len() < 1024, "window of {} ids", t.recent.len());
        for id in 10_000..12_000u64 {
            t.add(timer(id));
        }
        for id in (10_000..12_000u64).rev().step_by(2) {
            assert_eq!(t.remove(id).map(|t| t.callback), Some(id));
        }
        assert_eq!(t.len(), 1001);
        for id in 10_000..12_000u64 {
            assert_eq!(t.get(id).is_some(), id % 2 == 0, "timer {id}");
        }
        assert!(t.get(9_999).is_none() && t.get(12_000).is_none());
        assert_eq!(t.remove(1).map(|t| t.callback), Some(1));
        for id in (10_000..12_000u64).step_by(2) {
            assert_eq!(t.remove(id).map(|t| t.callback), Some(id));
        }
        assert_eq!(t.len(), 0);
        assert!(t.remove(1).is_none());
    }
}

#[cfg(test)]
mod keys {
    use super::{NodeTimer, NIL};

    fn with_after(after: f64) -> NodeTimer<()> {
        NodeTimer {
            id: 1,
            callback: (),
            after,
            repeat: 0.0,
            refed: true,
            start: 0,
            list: None,
            prev: NIL,
            next: NIL,
        }
    }

    /// A list's key and the key a timer's list is deleted by are what
    /// `trunc`/`fract` give, for every kind of `_idleTimeout`.
    #[test]
    fn list_keys_are_as_trunc_and_fract_make_them() {
        let values = [
            0.0,
            -0.0,
            0.5,
            1.0,
            1.5,
            2.9,
            100.0,
            2_147_483_647.0,
            2_147_483_647.5,
            -1.0,
            -0.5,
            -2.5,
            4_503_599_627_370_495.5,
            9_007_199_254_740_991.0,
            9_007_199_254_740_992.0,
            1e19,
            1.8446744073709552e19,
            1e20,
            1e300,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
            f64::MIN_POSITIVE,
        ];
        for after in values {
            let t = with_after(after);
            assert_eq!(t.msecs(), after.trunc().max(0.0) as u64, "msecs of {after}");
            let old = (after.fract() == 0.0 && after >= 0.0).then_some(after as u64);
            assert_eq!(t.list_key(), old, "list key of {after}");
        }
    }
}
