//! Node's timers on the loop: `setTimeout`/`setInterval` as
//! lib/internal/timers.js keeps them (a `TimersList` per duration, queued by
//! expiry), and the timers phase (`uv__run_timers` calling `processTimers`).

use std::collections::VecDeque;
use std::time::Duration;

use super::run::{call, end_of_phase, process_ticks_and_rejections, stopped};
use super::{CallbackKind, HashMap, MicrotaskMode, NodeHost, Phase, UvHandle, UvLoop};
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
    /// The list it is in (its index in [`TimerLists`]); [`NIL`] while its
    /// callback runs (Node has removed it from the list, `L.remove(timer)`,
    /// and not yet destroyed it).
    list: u32,
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

    /// When it is due in a list of duration `msecs` (loop time, ms).
    fn due(&self, msecs: u64) -> u64 {
        self.start.saturating_add(msecs)
    }
}

/// Node's `TimersList` (lib/internal/timers.js): the timers of one duration,
/// in the order they were (re)inserted, which is the order they expire in.
/// As Node's, a doubly linked list through the timers themselves
/// (lib/internal/linkedlist.js): appending and removing allocate nothing.
#[derive(Debug)]
pub(super) struct TimersList {
    /// When its first timer expires, in loop time (ms; or later: it is
    /// updated only when the list is looked at, as Node does).
    expiry: u64,
    /// `list.id`: orders lists of equal expiry in `timerListQueue`; a new
    /// one each time the list waits again.
    id: u64,
    /// Which list this is (a list deleted and made again for the same
    /// duration is another list).
    serial: u64,
    /// `list.msecs`: its duration.
    msecs: u64,
    /// Its first and last timers' slots ([`NIL`]: none).
    head: u32,
    tail: u32,
    /// In `timerListMap` and `timerListQueue`; false once deleted (its
    /// entry is kept, empty, for the next list of its duration).
    live: bool,
}

/// `timerListMap` (a list per duration) and `timerListQueue` (the lists by
/// expiry, then id). The lists are kept in one table, found by duration
/// through the map and by index from their timers and the queue. Node
/// deletes a list as soon as it is empty and makes a new one, with a new
/// id, for the next timer of that duration; here a deleted list leaves the
/// queue and is marked deleted, and a new list of the same duration takes
/// its entry again (a program that sets and clears one timer at a time,
/// or whose timers fire one at a time, does no map insertion or removal).
/// Deleted entries are dropped once they outnumber the live lists.
#[derive(Debug, Default)]
pub(super) struct TimerLists {
    /// Duration -> index in `lists` (of a live or a deleted list).
    by_msecs: HashMap<u64, u32>,
    lists: Vec<TimersList>,
    /// Indices of `lists` that no map entry names.
    free: Vec<u32>,
    /// How many of the map's lists are deleted.
    deleted: usize,
    /// `timerListQueue`: (expiry, list id, index) of the live lists, in
    /// order (a sorted vector: there is one list per duration in use, few,
    /// and inserting or removing one allocates nothing once it has grown).
    queue: Vec<(u64, u64, u32)>,
    /// `timerListId`.
    next_id: u64,
    next_serial: u64,
}

impl TimerLists {
    fn at(&self, list: u32) -> &TimersList {
        &self.lists[list as usize]
    }

    fn at_mut(&mut self, list: u32) -> &mut TimersList {
        &mut self.lists[list as usize]
    }

    /// `timerListMap[msecs]`: the live list of a duration.
    fn live(&self, msecs: u64) -> Option<u32> {
        self.by_msecs.get(&msecs).copied().filter(|l| self.at(*l).live)
    }

    /// The list of duration `msecs`, made if there is none (`new
    /// TimersList(expiry, msecs)` with `expiry = start + msecs` and the
    /// next id, queued).
    fn list_for(&mut self, msecs: u64, start: u64) -> u32 {
        let index = match self.by_msecs.entry(msecs) {
            std::collections::hash_map::Entry::Occupied(e) => {
                let index = *e.get();
                if self.lists[index as usize].live {
                    return index;
                }
                self.deleted -= 1;
                index
            }
            std::collections::hash_map::Entry::Vacant(e) => {
                let blank =
                    TimersList { expiry: 0, id: 0, serial: 0, msecs, head: NIL, tail: NIL, live: false };
                let index = match self.free.pop() {
                    Some(index) => {
                        self.lists[index as usize] = blank;
                        index
                    }
                    None => {
                        self.lists.push(blank);
                        (self.lists.len() - 1) as u32
                    }
                };
                e.insert(index);
                index
            }
        };
        let expiry = start.saturating_add(msecs);
        let (id, serial) = (self.next_id, self.next_serial);
        self.next_id += 1;
        self.next_serial += 1;
        let list = &mut self.lists[index as usize];
        *list = TimersList { expiry, id, serial, msecs, head: NIL, tail: NIL, live: true };
        self.enqueue((expiry, id, index));
        index
    }

    /// `delete timerListMap[msecs]` and `timerListQueue.removeAt(...)` of
    /// an empty list.
    fn delete(&mut self, index: u32) {
        let list = &mut self.lists[index as usize];
        debug_assert!(list.live && list.head == NIL, "a live, empty list is deleted");
        list.live = false;
        let key = (list.expiry, list.id, index);
        self.dequeue(&key);
        self.deleted += 1;
        let live = self.by_msecs.len() - self.deleted;
        if self.deleted > live.max(8) {
            // (Each entry dropped here was deleted since the last sweep,
            // which keeps the sweeps' cost in proportion to the deletions.)
            let (lists, free) = (&self.lists, &mut self.free);
            self.by_msecs.retain(|_, index| {
                let keep = lists[*index as usize].live;
                if !keep {
                    free.push(*index);
                }
                keep
            });
            self.deleted = 0;
        }
    }

    /// The list waits again from `expiry`, with a new id (`list.expiry =
    /// ...; list.id = timerListId++; timerListQueue.percolateDown(1)`).
    fn requeue(&mut self, index: u32, expiry: u64) {
        let list = &mut self.lists[index as usize];
        let old = (list.expiry, list.id, index);
        list.expiry = expiry;
        list.id = self.next_id;
        self.next_id += 1;
        let new = (list.expiry, list.id, index);
        self.dequeue(&old);
        self.enqueue(new);
    }

    /// The first list in the queue: (expiry, index).
    /// Whether any list is live.
    fn any_live(&self) -> bool {
        !self.queue.is_empty()
    }

    fn first(&self) -> Option<(u64, u32)> {
        self.queue.first().map(|(expiry, _, index)| (*expiry, *index))
    }

    fn enqueue(&mut self, key: (u64, u64, u32)) {
        // (A new list or id is the newest: usually the last place.)
        if self.queue.last().is_none_or(|last| *last < key) {
            self.queue.push(key);
        } else if let Err(at) = self.queue.binary_search(&key) {
            self.queue.insert(at, key);
        }
    }

    fn dequeue(&mut self, key: &(u64, u64, u32)) {
        if self.queue.last() == Some(key) {
            self.queue.pop();
        } else if let Ok(at) = self.queue.binary_search(key) {
            self.queue.remove(at);
        }
    }

    pub(super) fn clear(&mut self) {
        self.by_msecs.clear();
        self.lists.clear();
        self.free.clear();
        self.deleted = 0;
        self.queue.clear();
    }
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
        let t = self.slots[slot as usize].take();
        self.release(id, slot);
        t
    }

    /// Destroys the timer `id` in `slot` (unlinked) where it is: its
    /// callback is dropped in place, not moved out. Says whether it was
    /// referenced.
    fn free(&mut self, id: NodeTimerId, slot: u32) -> bool {
        let refed = self.at(slot).refed;
        self.slots[slot as usize] = None;
        self.release(id, slot);
        refed
    }

    /// The table forgets the timer `id`, whose `slot` has been emptied.
    fn release(&mut self, id: NodeTimerId, slot: u32) {
        if id >= self.base {
            self.recent[(id - self.base) as usize] = NIL;
            self.recent_live -= 1;
            self.trim();
        } else {
            self.old.remove(&id);
        }
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
    ///
    /// The new timer is *staged* (see [`settle`](Self::settle)): it goes
    /// into its list when the loop next looks at its timers, or at once if
    /// it is cleared first.
    pub fn start_timer(&mut self, callback: C, after: f64, repeat: bool) -> NodeTimerId {
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
    fn staged(&self, id: NodeTimerId) -> Option<&NodeTimer<C>> {
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
    pub fn timer_callback(&self, id: NodeTimerId) -> Option<&C> {
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
            list: NIL,
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
            list: NIL,
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
