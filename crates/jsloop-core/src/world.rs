//! Several event loops, each on its own thread: a page and its workers.
//!
//! The HTML Standard gives every agent its own event loop (a window event
//! loop, and one worker event loop per worker); they talk only through
//! messages, which are tasks queued on the receiving loop. A [`World`] is the
//! set of loops of one program. It answers two questions no single loop can:
//!
//! - **When is the program over?** A loop with nothing to do may still get
//!   a message from another loop. The program is over when every loop is
//!   waiting with nothing due — no task, no timer, no promised work — and no
//!   message is on its way: then every loop ends at once. (A loop that has
//!   timers, or is running, keeps the program going.)
//! - **How does virtual time pass?** Under the virtual clock every loop
//!   reads the same time, and the loops take turns: one loop runs at a time,
//!   until it has nothing runnable at the current time; then the next loop
//!   (in the order they joined, round-robin) that has a task due or a
//!   message waiting runs. When no loop has anything runnable, time jumps to
//!   the earliest due time over all loops. Messages are therefore delivered at
//!   the instant they are sent, and a program prints the same output on every
//!   run. Running code takes no virtual time, so a loop that never stops
//!   running (an infinite loop) would hold its turn forever; a host may let
//!   it share the turn from inside the running task
//!   ([`WorldMember::yield_turn`] with the current time as its due time: the
//!   browser host's `turn_sharing`).
//!
//! Under the real clock the loops run in parallel and only the first
//! question is the world's.
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::Duration;

use crate::clock::{Clock, ClockKind, VIRTUAL_TIME_ORIGIN_UNIX_MS};
use crate::remote::InboxSender;

/// A loop's identity in its world (1 for the first loop to join).
pub type LoopId = u64;

#[derive(Debug, Clone, Copy, PartialEq)]
enum Waiting {
    /// Running, or about to.
    No,
    /// Waiting; with the time something of its own is next due, if any.
    Until(Option<Duration>),
}

struct Member {
    waiting: Waiting,
    /// Waiting with I/O handles open (sockets, child processes): events may
    /// come from outside the world (the kernel), so the program is not over
    /// while it waits.
    io: bool,
    /// Terminated by another loop: it is to end, and until it has left the
    /// world it counts as ready (it gets the turn, and is told
    /// [`Turn::Done`]), so what it sends as it ends (a worker's exit) is
    /// in its parent's inbox before the program can be declared over.
    terminated: bool,
    inbox: InboxSender,
    name: String,
}

struct State {
    members: BTreeMap<LoopId, Member>,
    next_id: LoopId,
    /// Under the virtual clock: the loop whose turn it is.
    holder: Option<LoopId>,
    /// Every loop is idle for good: the program is over.
    done: bool,
    /// Under the virtual clock: the loop given the turn only to wait for its
    /// I/O (no loop had anything else to do).
    io_turn: Option<LoopId>,
}

struct Inner {
    kind: ClockKind,
    state: Mutex<State>,
    turn: Condvar,
    /// The shared virtual time, in nanoseconds since the time origin.
    virtual_now: AtomicU64,
}

/// The loops of one program (cheap to clone, `Send`).
#[derive(Clone)]
pub struct World {
    inner: Arc<Inner>,
}

/// One loop's membership of a [`World`]; the loop leaves when it is dropped.
pub struct WorldMember {
    world: World,
    id: LoopId,
}

/// What a waiting loop is told.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Turn {
    /// Go on: it is this loop's turn (a message arrived, or something of
    /// its own is due; under the virtual clock time may have moved).
    Go,
    /// The program is over: end the loop.
    Done,
}

impl std::fmt::Debug for World {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("World").field("clock", &self.inner.kind).finish_non_exhaustive()
    }
}

impl World {
    /// A world whose loops use `kind` of clock.
    pub fn new(kind: ClockKind) -> Self {
        World {
            inner: Arc::new(Inner {
                kind,
                state: Mutex::new(State {
                    members: BTreeMap::new(),
                    next_id: 1,
                    holder: None,
                    done: false,
                    io_turn: None,
                }),
                turn: Condvar::new(),
                virtual_now: AtomicU64::new(0),
            }),
        }
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.inner.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Which clock the world's loops use.
    pub fn clock_kind(&self) -> ClockKind {
        self.inner.kind
    }

    /// A loop joins, with the sender of its inbox (the world wakes it
    /// through it). The first loop to join holds the first turn; a loop that
    /// joins later is ready to run, and runs when its turn comes.
    pub fn join(&self, name: impl Into<String>, inbox: InboxSender) -> WorldMember {
        let mut s = self.lock();
        let id = s.next_id;
        s.next_id += 1;
        s.members.insert(
            id,
            Member { waiting: Waiting::No, io: false, terminated: false, inbox, name: name.into() },
        );
        if s.holder.is_none() && self.inner.kind == ClockKind::Virtual {
            s.holder = Some(id);
        }
        WorldMember { world: self.clone(), id }
    }

    /// A clock that reads the world's shared virtual time (for loops of a
    /// virtual world; the world moves it).
    pub fn virtual_clock(&self) -> WorldClock {
        WorldClock { world: self.clone() }
    }

    /// The shared virtual time.
    pub fn virtual_now(&self) -> Duration {
        Duration::from_nanos(self.inner.virtual_now.load(Ordering::SeqCst))
    }

    /// Terminates a loop from any thread (a worker terminated by its
    /// parent's script): it is told [`Turn::Done`] when it next waits for
    /// its turn (under the virtual clock it is given the turn for that), and
    /// stays a member until it leaves (its [`WorldMember`] is dropped), so
    /// the program is not over before the loop has ended and what it sends
    /// as it ends (a worker's exit) has arrived.
    pub fn terminate(&self, id: LoopId) {
        let mut s = self.lock();
        let Some(m) = s.members.get_mut(&id) else { return };
        m.terminated = true;
        m.inbox.wake();
        self.inner.turn.notify_all();
    }

    /// Takes a loop out of the world from any thread (a worker ended with
    /// the loop that started it): it is told [`Turn::Done`] if it waits for
    /// its turn.
    pub fn remove(&self, id: LoopId) {
        let mut s = self.lock();
        if s.members.remove(&id).is_none() {
            return;
        }
        match self.inner.kind {
            ClockKind::Virtual => {
                if s.holder == Some(id) {
                    if s.done {
                        s.holder = s.members.range(id + 1..).next().map(|(id, _)| *id);
                    } else {
                        self.schedule(&mut s, id);
                    }
                }
            }
            ClockKind::Real => self.check_done(&mut s),
        }
        self.inner.turn.notify_all();
    }

    /// Sets the shared virtual time (a world made while its first loop was
    /// already running starts at that loop's time).
    pub fn set_virtual_now(&self, now: Duration) {
        self.inner.virtual_now.store(now.as_nanos() as u64, Ordering::SeqCst);
    }

    /// How many loops are in the world.
    pub fn len(&self) -> usize {
        self.lock().members.len()
    }

    /// Whether no loop is in the world.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether the program is over.
    pub fn is_done(&self) -> bool {
        self.lock().done
    }

    /// The names of the loops, in the order they joined.
    pub fn names(&self) -> Vec<String> {
        self.lock().members.values().map(|m| m.name.clone()).collect()
    }

    /// Whether a waiting loop has something to do now.
    fn ready(&self, m: &Member, now: Duration) -> bool {
        if m.terminated {
            return true;
        }
        match m.waiting {
            Waiting::No => true,
            Waiting::Until(due) => m.inbox.has_arrived() || due.is_some_and(|d| d <= now),
        }
    }

    /// Under the virtual clock: hands the turn to the next loop that is
    /// ready (round-robin after `after`), moving time on if none is; or
    /// declares the program over.
    fn schedule(&self, s: &mut State, after: LoopId) {
        loop {
            let now = self.virtual_now();
            let next = s
                .members
                .range(after + 1..)
                .chain(s.members.range(..=after))
                .find(|(_, m)| self.ready(m, now))
                .map(|(id, _)| *id);
            if let Some(id) = next {
                s.holder = Some(id);
                break;
            }
            let earliest = s
                .members
                .values()
                .filter_map(|m| match m.waiting {
                    Waiting::Until(due) => due,
                    Waiting::No => None,
                })
                .min();
            // Nothing due at all, but a loop waits on I/O (a socket, a child
            // process): it gets the turn to wait for it (round-robin), and
            // time stands still, as a single loop's poll blocks for events
            // when it has no timer.
            let io_waiter = s
                .members
                .range(after + 1..)
                .chain(s.members.range(..=after))
                .find(|(_, m)| m.io && matches!(m.waiting, Waiting::Until(_)))
                .map(|(id, _)| *id);
            match earliest {
                Some(t) if t > now => {
                    self.inner.virtual_now.store(t.as_nanos() as u64, Ordering::SeqCst);
                }
                _ if io_waiter.is_some() => {
                    s.holder = io_waiter;
                    s.io_turn = io_waiter;
                    break;
                }
                _ => {
                    // Over: the loops end one after another, in the order
                    // they joined (each passes the turn on as it ends), so
                    // even their last steps are traced in a fixed order.
                    s.holder = s.members.keys().next().copied();
                    s.done = true;
                    break;
                }
            }
        }
        self.inner.turn.notify_all();
        if s.done {
            for m in s.members.values() {
                m.inbox.wake();
            }
        }
    }

    /// Under the real clock: the program is over when every loop waits with
    /// nothing due and no message waiting.
    fn check_done(&self, s: &mut State) {
        let idle = s
            .members
            .values()
            .all(|m| m.waiting == Waiting::Until(None) && !m.inbox.has_arrived() && !m.terminated);
        if idle && !s.done {
            s.done = true;
            for m in s.members.values() {
                m.inbox.wake();
            }
            self.inner.turn.notify_all();
        }
    }
}

impl WorldMember {
    /// This loop's id.
    pub fn id(&self) -> LoopId {
        self.id
    }

    /// The world.
    pub fn world(&self) -> &World {
        &self.world
    }

    /// Under the virtual clock, blocks until it is this loop's turn (a loop
    /// that joined later calls this before it runs anything). Returns
    /// [`Turn::Done`] if the program ended first.
    pub fn wait_for_turn(&self) -> Turn {
        if self.world.inner.kind != ClockKind::Virtual {
            return if self.world.is_done() { Turn::Done } else { Turn::Go };
        }
        let mut s = self.world.lock();
        loop {
            if !s.members.contains_key(&self.id) || (s.done && s.holder.is_none_or(|h| h == self.id)) {
                return Turn::Done;
            }
            if s.holder == Some(self.id) && s.members.get(&self.id).is_some_and(|m| m.terminated) {
                return Turn::Done;
            }
            if s.holder == Some(self.id) && !s.done {
                if let Some(m) = s.members.get_mut(&self.id) {
                    m.waiting = Waiting::No;
                }
                return Turn::Go;
            }
            s = self.world.inner.turn.wait(s).unwrap_or_else(|e| e.into_inner());
        }
    }

    /// Under the virtual clock: this loop has nothing runnable now, and
    /// `due` is when something of its own is next due. Passes the turn on
    /// and blocks until it comes back.
    pub fn yield_turn(&self, due: Option<Duration>) -> Turn {
        self.yield_turn_waiting_on_io(due, false)
    }

    /// [`yield_turn`](WorldMember::yield_turn) for a loop that also waits on
    /// I/O handles (`io`): while it does, the program is not over; when no
    /// loop has anything due, it is given the turn to wait for its I/O
    /// ([`io_turn`](WorldMember::io_turn) says so).
    pub fn yield_turn_waiting_on_io(&self, due: Option<Duration>, io: bool) -> Turn {
        {
            let mut s = self.world.lock();
            if s.done {
                drop(s);
                return self.wait_for_turn();
            }
            if let Some(m) = s.members.get_mut(&self.id) {
                m.waiting = Waiting::Until(due);
                m.io = io;
            }
            if s.holder == Some(self.id) || s.holder.is_none() {
                self.world.schedule(&mut s, self.id);
            }
        }
        self.wait_for_turn()
    }

    /// Whether this loop was given its turn only to wait for its I/O
    /// (nothing else was due in the world); asking clears it.
    pub fn io_turn(&self) -> bool {
        let mut s = self.world.lock();
        if s.io_turn == Some(self.id) {
            s.io_turn = None;
            true
        } else {
            false
        }
    }

    /// Under the virtual clock, once the program is over: this loop has
    /// ended, and the next loop (in join order) may end.
    pub fn pass_done(&self) {
        let mut s = self.world.lock();
        if s.done && s.holder == Some(self.id) {
            s.holder = s.members.range(self.id + 1..).next().map(|(id, _)| *id);
            self.world.inner.turn.notify_all();
        }
    }

    /// Under the real clock: this loop has nothing due and no promised work.
    /// Marks it idle and says whether the program is over; if it is not, the
    /// caller waits on its inbox and calls [`busy`](WorldMember::busy) when
    /// a message wakes it.
    pub fn idle(&self) -> Turn {
        let mut s = self.world.lock();
        if let Some(m) = s.members.get_mut(&self.id) {
            m.waiting = Waiting::Until(None);
        }
        self.world.check_done(&mut s);
        if s.done {
            Turn::Done
        } else {
            Turn::Go
        }
    }

    /// Under the real clock: this loop has work again.
    pub fn busy(&self) {
        let mut s = self.world.lock();
        if let Some(m) = s.members.get_mut(&self.id) {
            m.waiting = Waiting::No;
        }
    }
}

impl Drop for WorldMember {
    fn drop(&mut self) {
        let mut s = self.world.lock();
        if s.members.remove(&self.id).is_none() {
            return;
        }
        match self.world.inner.kind {
            ClockKind::Virtual => {
                if s.holder == Some(self.id) {
                    if s.done {
                        s.holder = s.members.range(self.id + 1..).next().map(|(id, _)| *id);
                        self.world.inner.turn.notify_all();
                    } else {
                        self.world.schedule(&mut s, self.id);
                    }
                }
            }
            ClockKind::Real => {
                if !s.members.is_empty() {
                    self.world.check_done(&mut s);
                }
            }
        }
    }
}

/// A loop's view of its world's shared virtual time.
pub struct WorldClock {
    world: World,
}

impl Clock for WorldClock {
    fn now(&self) -> Duration {
        self.world.virtual_now()
    }
    /// The world moves time, when every loop waits: a loop's own wait does not.
    fn wait_until(&mut self, _deadline: Duration) {}
    /// Only the loop whose turn it is runs script, so it may move the
    /// shared time on (a busy-wait on the clock).
    fn pass_time(&mut self, d: Duration) {
        self.world.inner.virtual_now.fetch_add(d.as_nanos() as u64, Ordering::SeqCst);
    }
    fn time_origin_unix_ms(&self) -> f64 {
        VIRTUAL_TIME_ORIGIN_UNIX_MS
    }
    fn kind(&self) -> ClockKind {
        ClockKind::Virtual
    }
}
