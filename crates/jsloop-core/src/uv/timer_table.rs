//! The tables behind Node's timers (lib/internal/timers.js): a timer's
//! record, `TimersList` (the timers of one duration, a linked list through
//! them), the lists by duration and by expiry (`timerListMap`,
//! `timerListQueue`), and the table of live timers by id. The loop's
//! operations on them and the timers phase are in `timers.rs`.

use std::collections::VecDeque;

use super::HashMap;

/// A Node timer's id (the `Timeout`'s primitive value).
pub type NodeTimerId = u64;

/// No slot: the end of a list.
pub(super) const NIL: u32 = u32::MAX;

#[derive(Debug, Clone)]
pub(super) struct NodeTimer<C> {
    pub(super) id: NodeTimerId,
    pub(super) callback: C,
    /// `_idleTimeout`: the delay in ms after Node's coercion (1 ≤ after ≤
    /// 2^31−1); −1 once set so (Node's unenroll, or a program), which keeps
    /// an interval from being re-armed.
    pub(super) after: f64,
    /// `_repeat`: an interval's delay, 0 for a timeout (a program may set
    /// it: a timeout whose callback sets `_repeat` is re-armed as an
    /// interval). (Not an Option: a timer's entry stays under 128 bytes.)
    pub(super) repeat: f64,
    pub(super) refed: bool,
    /// `_idleStart`: the loop time (whole ms) when (re)started.
    pub(super) start: u64,
    /// The list it is in (its index in [`TimerLists`]); [`NIL`] while its
    /// callback runs (Node has removed it from the list, `L.remove(timer)`,
    /// and not yet destroyed it).
    pub(super) list: u32,
    /// Its neighbours in that list (`_idlePrev`, `_idleNext`): slots, or
    /// [`NIL`] at an end.
    pub(super) prev: u32,
    pub(super) next: u32,
}

impl<C> NodeTimer<C> {
    /// The key of the list it is inserted in: Node truncates the duration
    /// (`MathTrunc(msecs)`).
    pub(super) fn msecs(&self) -> u64 {
        // (A float-to-integer cast truncates toward zero and takes NaN and
        // negatives to 0: `trunc().max(0.0)`, without a call to libm's trunc.)
        self.after as u64
    }

    /// The key of `timerListMap[item._idleTimeout]` (Node looks the list up
    /// by the untruncated duration): its `_idleTimeout` if that is a whole
    /// number ≥ 0.
    pub(super) fn list_key(&self) -> Option<u64> {
        let after = self.after;
        let whole = if (0.0..9_007_199_254_740_992.0).contains(&after) {
            (after as u64) as f64 == after
        } else {
            after >= 0.0 && after.fract() == 0.0
        };
        whole.then_some(after as u64)
    }

    /// An interval's delay, None for a timeout.
    pub(super) fn repeat(&self) -> Option<f64> {
        (self.repeat != 0.0).then_some(self.repeat)
    }

    /// When it is due in a list of duration `msecs` (loop time, ms).
    pub(super) fn due(&self, msecs: u64) -> u64 {
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
    pub(super) expiry: u64,
    /// `list.id`: orders lists of equal expiry in `timerListQueue`; a new
    /// one each time the list waits again.
    pub(super) id: u64,
    /// Which list this is (a list deleted and made again for the same
    /// duration is another list).
    pub(super) serial: u64,
    /// `list.msecs`: its duration.
    pub(super) msecs: u64,
    /// Its first and last timers' slots ([`NIL`]: none).
    pub(super) head: u32,
    pub(super) tail: u32,
    /// In `timerListMap` and `timerListQueue`; false once deleted (its
    /// entry is kept, empty, for the next list of its duration).
    pub(super) live: bool,
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
    pub(super) by_msecs: HashMap<u64, u32>,
    pub(super) lists: Vec<TimersList>,
    /// Indices of `lists` that no map entry names.
    pub(super) free: Vec<u32>,
    /// How many of the map's lists are deleted.
    pub(super) deleted: usize,
    /// `timerListQueue`: (expiry, list id, index) of the live lists, in
    /// order (a sorted vector: there is one list per duration in use, few,
    /// and inserting or removing one allocates nothing once it has grown).
    pub(super) queue: Vec<(u64, u64, u32)>,
    /// `timerListId`.
    pub(super) next_id: u64,
    pub(super) next_serial: u64,
}

impl TimerLists {
    pub(super) fn at(&self, list: u32) -> &TimersList {
        &self.lists[list as usize]
    }

    pub(super) fn at_mut(&mut self, list: u32) -> &mut TimersList {
        &mut self.lists[list as usize]
    }

    /// `timerListMap[msecs]`: the live list of a duration.
    pub(super) fn live(&self, msecs: u64) -> Option<u32> {
        self.by_msecs.get(&msecs).copied().filter(|l| self.at(*l).live)
    }

    /// The list of duration `msecs`, made if there is none (`new
    /// TimersList(expiry, msecs)` with `expiry = start + msecs` and the
    /// next id, queued).
    pub(super) fn list_for(&mut self, msecs: u64, start: u64) -> u32 {
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
    pub(super) fn delete(&mut self, index: u32) {
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
    pub(super) fn requeue(&mut self, index: u32, expiry: u64) {
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
    pub(super) fn any_live(&self) -> bool {
        !self.queue.is_empty()
    }

    pub(super) fn first(&self) -> Option<(u64, u32)> {
        self.queue.first().map(|(expiry, _, index)| (*expiry, *index))
    }

    pub(super) fn enqueue(&mut self, key: (u64, u64, u32)) {
        // (A new list or id is the newest: usually the last place.)
        if self.queue.last().is_none_or(|last| *last < key) {
            self.queue.push(key);
        } else if let Err(at) = self.queue.binary_search(&key) {
            self.queue.insert(at, key);
        }
    }

    pub(super) fn dequeue(&mut self, key: &(u64, u64, u32)) {
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
    pub(super) slots: Vec<Option<NodeTimer<C>>>,
    pub(super) free: Vec<u32>,
    /// The slots of ids `base..base + recent.len()` ([`NIL`]: destroyed).
    pub(super) recent: VecDeque<u32>,
    pub(super) base: NodeTimerId,
    /// How many of `recent` are live.
    pub(super) recent_live: usize,
    /// The slots of live timers older than `base`.
    pub(super) old: HashMap<NodeTimerId, u32>,
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
    pub(super) fn slot(&self, id: NodeTimerId) -> Option<u32> {
        if id >= self.base {
            let i = usize::try_from(id - self.base).ok()?;
            self.recent.get(i).copied().filter(|s| *s != NIL)
        } else {
            self.old.get(&id).copied()
        }
    }

    pub(super) fn get(&self, id: NodeTimerId) -> Option<&NodeTimer<C>> {
        self.slot(id).map(|s| self.at(s))
    }

    pub(super) fn get_mut(&mut self, id: NodeTimerId) -> Option<&mut NodeTimer<C>> {
        self.slot(id).map(|s| self.at_mut(s))
    }

    /// Where the record in `slot` is (for a prefetch hint; not read).
    pub(super) fn record_address(&self, slot: u32) -> *const u8 {
        self.slots.as_ptr().wrapping_add(slot as usize) as *const u8
    }

    pub(super) fn at(&self, slot: u32) -> &NodeTimer<C> {
        self.slots[slot as usize].as_ref().expect("a used slot")
    }

    pub(super) fn at_mut(&mut self, slot: u32) -> &mut NodeTimer<C> {
        self.slots[slot as usize].as_mut().expect("a used slot")
    }

    /// Adds a timer whose id is newer than every id added before.
    pub(super) fn add(&mut self, timer: NodeTimer<C>) -> u32 {
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
    pub(super) fn remove(&mut self, id: NodeTimerId) -> Option<NodeTimer<C>> {
        let slot = self.slot(id)?;
        self.remove_slot(id, slot)
    }

    /// [`remove`](Self::remove) of the timer `id` in `slot` (its slot, looked up).
    pub(super) fn remove_slot(&mut self, id: NodeTimerId, slot: u32) -> Option<NodeTimer<C>> {
        let t = self.slots[slot as usize].take();
        self.release(id, slot);
        t
    }

    /// Destroys the timer `id` in `slot` (unlinked) where it is: its
    /// callback is dropped in place, not moved out. Says whether it was
    /// referenced.
    pub(super) fn free(&mut self, id: NodeTimerId, slot: u32) -> bool {
        let refed = self.at(slot).refed;
        self.slots[slot as usize] = None;
        self.release(id, slot);
        refed
    }

    /// The table forgets the timer `id`, whose `slot` has been emptied.
    pub(super) fn release(&mut self, id: NodeTimerId, slot: u32) {
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
    pub(super) fn trim(&mut self) {
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
