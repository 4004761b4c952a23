//! Node.js's event loop: libuv's phases, Node's timers and immediates, and
//! the nextTick queue.
//!
//! <https://docs.libuv.org/en/v1.x/design.html#the-i-o-loop> and
//! <https://nodejs.org/en/learn/asynchronous-work/event-loop-timers-and-nexttick>.
//!
//! [`uv_run`] reads like libuv's `uv_run` (src/unix/core.c, libuv ≥ 1.45, as
//! in Node 20): timers once before the first turn, then per turn pending →
//! idle → prepare → poll → check → closing handles → timers. Whether the loop
//! is alive ([`loop_alive`]) and how long poll may block ([`backend_timeout`])
//! are named functions with libuv's rules. Within a phase, what is due is
//! collected first and then run, so work added during the phase waits for the
//! next turn.
//!
//! Node's JavaScript layer adds one rule: after every callback the loop runs
//! (each timer, each immediate, each I/O and close callback), the nextTick
//! queue drains, then the microtask queue, until both are empty
//! ([`process_ticks_and_rejections`]).
use std::collections::{BTreeMap, BTreeSet, VecDeque};

// Ids are small sequential integers: a fast non-cryptographic hash.
use rustc_hash::FxHashMap as HashMap;
use std::time::Duration;

use crate::clock::{millis, Clock};
use crate::html::{LoopEnd, Until};
use crate::trace::{TraceEvent, Tracer};
use crate::world::WorldMember;

/// The phases of one turn of the loop.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Phase {
    /// Expired timers' callbacks (`uv__run_timers`).
    Timers,
    /// I/O callbacks deferred to the next turn (`uv__run_pending`).
    Pending,
    /// Idle handles (`uv__run_idle`); Node uses one only to keep poll from
    /// blocking while immediates wait.
    Idle,
    /// Prepare handles (`uv__run_prepare`), run just before polling.
    Prepare,
    /// Waiting for I/O, then its callbacks (`uv__io_poll`).
    Poll,
    /// `setImmediate` callbacks (`uv__run_check`).
    Check,
    /// Close callbacks of closed handles (`uv__run_closing_handles`).
    Close,
}

impl Phase {
    /// The phase's name in Node's documentation ("timers", "pending
    /// callbacks", "poll", "check", "close callbacks", …), as the trace shows it.
    pub fn name(self) -> &'static str {
        match self {
            Phase::Timers => "timers",
            Phase::Pending => "pending callbacks",
            Phase::Idle => "idle",
            Phase::Prepare => "prepare",
            Phase::Poll => "poll",
            Phase::Check => "check",
            Phase::Close => "close callbacks",
        }
    }
}

/// When nextTicks and microtasks run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MicrotaskMode {
    /// Node ≥ 11: after every callback.
    PerCallback,
    /// Node < 11 (a teaching mode): only between phases.
    Legacy,
}

/// A Node timer's id (the `Timeout`'s primitive value).
pub type NodeTimerId = u64;
/// A pending immediate.
struct Immediate<C> {
    callback: C,
    /// Referenced (`immediate.ref()`), the default.
    refed: bool,
    /// Taken by the check phase now running (no longer queued).
    taken: bool,
}

/// An immediate's id.
pub type ImmediateId = u64;

#[derive(Debug, Clone)]
struct NodeTimer<C> {
    callback: C,
    /// `_idleTimeout`: the delay in ms after Node's coercion (1 ≤ after ≤
    /// 2^31−1); −1 once set so (Node's unenroll, or a program), which keeps
    /// an interval from being re-armed.
    after: f64,
    /// `_repeat`: an interval's delay, None for a timeout (a program may set
    /// it: a timeout whose callback sets `_repeat` is re-armed as an interval).
    repeat: Option<f64>,
    refed: bool,
    /// `_idleStart`: the loop time when (re)started.
    start: Duration,
    /// Its place in its duration's list, and that list's duration; None
    /// while its callback runs (Node has removed it from the list,
    /// `L.remove(timer)`, and not yet destroyed it).
    place: Option<(u64, u64)>,
}

impl<C> NodeTimer<C> {
    /// The key of the list it is inserted in: Node truncates the duration
    /// (`MathTrunc(msecs)`).
    fn msecs(&self) -> u64 {
        self.after.trunc().max(0.0) as u64
    }
}

/// Node's `TimersList` (lib/internal/timers.js): the timers of one duration,
/// in the order they were (re)inserted, which is the order they expire in.
#[derive(Debug)]
struct TimersList {
    /// When its first timer expires (or later: it is updated only when the
    /// list is looked at, as Node does).
    expiry: Duration,
    /// `list.id`: orders lists of equal expiry in `timerListQueue`; a new
    /// one each time the list waits again.
    id: u64,
    /// Which list this is (a list removed and made again for the same
    /// duration is another list).
    serial: u64,
    /// Place → timer, in append order (`L.append`).
    timers: BTreeMap<u64, NodeTimerId>,
}

/// A MessagePort's async handle in this loop (Node's `MessagePort` is a
/// handle around a `uv_async_t`): numbered in the order the handles were
/// made, which is the order libuv runs pending async handles in.
pub type PortHandle = u64;

/// What waits in a port's incoming message queue.
enum PortMessage<C> {
    /// A message, as the callback that delivers it.
    Message(C),
    /// The close message (Node's empty `Message`): the entangled port closed.
    Close,
}

/// A MessagePort as Node's src/node_messaging.cc keeps it: an incoming
/// message queue (`MessagePortData::incoming_messages_`), whether it is
/// receiving (`receiving_messages_`: started, and not stopped), its async
/// handle's pending flag and ref.
struct Port<C> {
    queue: VecDeque<PortMessage<C>>,
    /// `uv_async_send` was called and the handle has not run since.
    pending: bool,
    receiving: bool,
    refed: bool,
    /// Run in the close phase once the port is closed (`uv_close`).
    close_callback: C,
}

/// What the loop tells the host about a callback it is about to run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CallbackKind {
    /// A timer's callback (timers phase), with the timer's id.
    Timer(NodeTimerId),
    /// An immediate (check phase), with its id.
    Immediate(ImmediateId),
    /// A native immediate of Node's (`Environment::SetImmediate`, unref'd):
    /// the check phase runs them before the immediates.
    NativeImmediate,
    /// A callback deferred to the pending phase.
    Pending,
    /// An I/O callback (poll phase): what [`NodeHost::poll_io`] returned.
    Io,
    /// A close callback (close phase).
    Close,
    /// A message a port delivers (poll phase, its async handle's turn).
    PortMessage(PortHandle),
    /// A `process.nextTick` callback (between callbacks, see
    /// [`process_ticks_and_rejections`]).
    NextTick,
}

/// The seam between the libuv-style loop and a JavaScript engine.
pub trait NodeHost {
    /// A callback the loop holds for the host.
    type Callback: Clone;

    /// Calls one callback.
    fn call(&self, lp: &UvHandle<Self::Callback>, kind: CallbackKind, callback: Self::Callback);

    /// Runs the engine's microtask queue until it is empty.
    fn run_microtasks(&self, lp: &UvHandle<Self::Callback>);

    /// Node's `processPromiseRejections`: handles (warns about, or raises)
    /// rejections that are still unhandled. Returns true if that scheduled
    /// more nextTicks or microtasks.
    fn process_promise_rejections(&self, _lp: &UvHandle<Self::Callback>) -> bool {
        false
    }

    /// Waits up to `timeout` (None: no limit) for I/O and returns the
    /// callbacks of what completed. With `settle`, waits until every request
    /// in flight has completed and returns them in the order they were made
    /// (the virtual clock's repeatable mode). A host with no I/O returns at once.
    fn poll_io(
        &self,
        _lp: &UvHandle<Self::Callback>,
        _timeout: Option<Duration>,
        _settle: bool,
    ) -> Vec<Self::Callback> {
        Vec::new()
    }

    /// What poll delivers under the virtual clock when its timeout is zero:
    /// the thread pool's requests in flight (a host waits for them, taking
    /// no virtual time: the pool is taken to be idle and quick) and the
    /// messages that have arrived from other threads or ports, without
    /// waiting for any other I/O.
    fn take_messages(&self, _lp: &UvHandle<Self::Callback>) -> Vec<Self::Callback> {
        Vec::new()
    }

    /// Whether an I/O callback `poll_io` returned came through libuv's async
    /// wake-up (a thread-pool completion, a message from another thread),
    /// so that the async handles' pass runs in this poll phase, rather than
    /// from a descriptor of its own (a socket). Default: yes.
    fn is_async_wakeup(&self, _callback: &Self::Callback) -> bool {
        true
    }

    /// How many of the callbacks the last `poll_io` returned come after
    /// libuv's async pass: `uv__io_poll` runs the watchers in the order
    /// `epoll_wait` reported them, and the async handles (`uv__async_io`)
    /// run at the place of the loop's wake-up descriptor among them; the
    /// events reported after it come after the pass. Default 0: the pass
    /// comes after every callback.
    fn run_after_async_pass(&self) -> usize {
        0
    }

    /// Active, referenced I/O handles (listening servers, open sockets):
    /// they wait for events that may never come.
    fn active_handles(&self) -> usize {
        0
    }

    /// The active handles that wait for events from outside the program's
    /// loops (sockets, servers, child processes): under the virtual clock a
    /// loop in a world with such handles keeps the program going.
    fn io_handles(&self) -> usize {
        0
    }

    /// Active requests (file operations in the thread pool, connects,
    /// writes): work in flight that will complete.
    fn active_requests(&self) -> usize {
        0
    }

    /// Whether the callback just called threw and an `uncaughtException`
    /// listener handled it (the flag is cleared by asking).
    fn take_threw(&self) -> bool {
        false
    }

    /// Emits `process`'s `beforeExit` event (its listeners may start more
    /// work, which makes the loop alive again).
    fn emit_before_exit(&self, _lp: &UvHandle<Self::Callback>) {}

    /// Whether the process is exiting (`process.exit()` was called, or a
    /// fatal exception): the loop stops at once.
    fn stopping(&self) -> bool {
        false
    }
}

/// A shared handle to a Node loop.
pub type UvHandle<C> = std::rc::Rc<std::cell::RefCell<UvLoop<C>>>;

/// The loop's state.
pub struct UvLoop<C> {
    clock: Box<dyn Clock>,
    /// Where the loop's trace events go.
    pub tracer: Tracer,
    /// `uv_now`: the loop's cached time, updated at the start of each turn
    /// (`uv__update_time`), in whole milliseconds as libuv keeps it.
    time: Duration,
    /// Every timer not yet destroyed (listed, or running its callback).
    timers: HashMap<NodeTimerId, NodeTimer<C>>,
    /// How many of `timers` are referenced (Node's `refCount`).
    refed_timer_count: usize,
    /// `timerListMap`: a list per duration (in whole ms).
    lists: HashMap<u64, TimersList>,
    /// `timerListQueue`: the lists by (expiry, list id), with their duration.
    list_queue: BTreeSet<(Duration, u64, u64)>,
    /// `timerListId`.
    next_list_id: u64,
    next_list_serial: u64,
    /// The next place in a list (appending is taking the next one).
    next_place: u64,
    next_timer_id: NodeTimerId,
    /// setImmediate's queue (the check phase), in order. A cleared
    /// immediate's id stays here and is skipped: clearImmediate is O(1).
    immediates: VecDeque<ImmediateId>,
    /// The immediates the check phase now running took, in order.
    check_batch: VecDeque<ImmediateId>,
    /// Node's native immediates (unref'd): run at the start of the next
    /// check phase, before the immediates; they keep nothing alive.
    native_immediates: VecDeque<C>,
    /// Every immediate not yet run nor cleared, whether queued or in the
    /// check batch.
    immediate_entries: HashMap<ImmediateId, Immediate<C>>,
    /// How many queued (not yet taken) immediates are referenced.
    refed_immediate_count: usize,
    next_immediate_id: ImmediateId,
    /// Callbacks deferred to the pending phase.
    pending_queue: VecDeque<C>,
    /// Handles closing: their close callbacks run in the close phase.
    closing_handles: VecDeque<C>,
    /// MessagePorts' async handles, by creation order.
    ports: BTreeMap<PortHandle, Port<C>>,
    next_port: PortHandle,
    /// How many ports are referenced (active handles).
    refed_port_count: usize,
    /// The port whose messages `on_message` is delivering, and, if it was
    /// closed meanwhile, the messages still in its queue: Node's
    /// `MessagePort::OnMessage` goes on emitting them (its data is only
    /// dropped in the close callback).
    delivering: Option<(PortHandle, Option<VecDeque<PortMessage<C>>>)>,
    /// `process.nextTick`'s queue.
    pub next_tick_queue: VecDeque<C>,
    /// When nextTicks and microtasks run.
    pub mode: MicrotaskMode,
    stop_flag: bool,
    /// Turns of the loop so far.
    pub turns: u64,
    max_time: Option<Duration>,
    /// Whether --max-time stopped the loop.
    pub stopped_at_max_time: bool,
    /// What the loop is running now, for messages about where it was
    /// stopped (see [`UvLoop::running_description`]).
    pub running: Option<Running>,
    /// The other loops of the program (worker threads), if any.
    world: Option<WorldMember>,
    /// Every loop of the world is idle for good (virtual clock): this loop
    /// is no longer alive.
    world_done: bool,
}

/// What a Node loop is running.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Running {
    /// The main module, run before the loop starts.
    MainModule,
    /// A callback the loop called.
    Callback(CallbackKind),
}

impl<C: Clone> UvLoop<C> {
    /// A loop with no timers, immediates or callbacks, on `clock`, tracing
    /// to `tracer`, in [`MicrotaskMode::PerCallback`] (`uv_loop_init`).
    /// Wrap it with [`into_handle`](UvLoop::into_handle) to run it.
    pub fn new(clock: Box<dyn Clock>, tracer: Tracer) -> Self {
        let mut l = UvLoop {
            clock,
            tracer,
            time: Duration::ZERO,
            timers: HashMap::default(),
            lists: HashMap::default(),
            list_queue: BTreeSet::new(),
            next_list_id: 0,
            next_list_serial: 0,
            next_place: 0,
            next_timer_id: 1,
            immediates: VecDeque::new(),
            immediate_entries: HashMap::default(),
            refed_immediate_count: 0,
            refed_timer_count: 0,
            check_batch: VecDeque::new(),
            native_immediates: VecDeque::new(),
            next_immediate_id: 1,
            pending_queue: VecDeque::new(),
            closing_handles: VecDeque::new(),
            ports: BTreeMap::new(),
            next_port: 1,
            refed_port_count: 0,
            delivering: None,
            next_tick_queue: VecDeque::new(),
            mode: MicrotaskMode::PerCallback,
            stop_flag: false,
            turns: 0,
            max_time: None,
            stopped_at_max_time: false,
            running: Some(Running::MainModule),
            world: None,
            world_done: false,
        };
        l.update_time();
        l
    }

    /// "timer #3's callback in the timers phase", "the main module", …
    pub fn running_description(&self) -> Option<String> {
        self.running.map(|r| match r {
            Running::MainModule => "the main module".into(),
            Running::Callback(kind) => match kind {
                CallbackKind::Timer(id) => format!("timer #{id}'s callback in the timers phase"),
                CallbackKind::Immediate(id) => format!("immediate #{id} in the check phase"),
                CallbackKind::NativeImmediate => "a native immediate in the check phase".into(),
                CallbackKind::Pending => "a pending callback".into(),
                CallbackKind::Io => "an I/O callback in the poll phase".into(),
                CallbackKind::Close => "a close callback".into(),
                CallbackKind::PortMessage(h) => format!("a message of port #{h} in the poll phase"),
                CallbackKind::NextTick => "a nextTick callback".into(),
            },
        })
    }

    /// Wraps the loop in a shared handle.
    pub fn into_handle(self) -> UvHandle<C> {
        std::rc::Rc::new(std::cell::RefCell::new(self))
    }

    /// Stop the loop once its clock reaches `limit` (`--max-time`).
    pub fn set_max_time(&mut self, limit: Option<Duration>) {
        self.max_time = limit;
    }

    /// The loop's clock.
    pub fn clock(&self) -> &dyn Clock {
        self.clock.as_ref()
    }

    /// The clock's current time (not the cached loop time).
    pub fn hrtime(&self) -> Duration {
        self.clock.now()
    }

    /// Script blocked the thread for `d` (`Atomics.wait` timing out): the
    /// clock moves on by `d` (a real one has already; a virtual one jumps).
    /// The loop's cached time stays until it is next updated, as libuv's does.
    pub fn stall(&mut self, d: Duration) {
        let from = self.clock.now();
        self.clock.wait_until(from + d);
        let to = self.clock.now();
        if to > from {
            self.trace(TraceEvent::ClockAdvance { from_ms: millis(from), to_ms: millis(to) });
        }
    }

    /// `uv_now`: the cached loop time.
    pub fn now(&self) -> Duration {
        self.time
    }

    /// `uv__update_time`: cache the clock's time, in whole milliseconds.
    pub fn update_time(&mut self) {
        self.time = Duration::from_millis(self.clock.now().as_millis() as u64);
    }

    /// Writes one trace event, stamped with the clock's current time.
    pub fn trace(&mut self, event: TraceEvent) {
        if self.tracer.enabled() {
            let now = self.clock.now();
            self.tracer.emit(now, event);
        }
    }

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
        self.timers.insert(id, NodeTimer { callback, after, repeat, refed: true, start, place: None });
        self.refed_timer_count += 1;
        self.insert(id, start);
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
        let Some(t) = self.timers.get_mut(&id) else { return };
        let msecs = t.msecs();
        let old = t.place.take();
        t.start = start;
        let place = self.next_place;
        self.next_place += 1;
        t.place = Some((place, msecs));
        if let Some((old, old_msecs)) = old {
            if let Some(list) = self.lists.get_mut(&old_msecs) {
                list.timers.remove(&old);
            }
        }
        let list = match self.lists.entry(msecs) {
            std::collections::hash_map::Entry::Occupied(e) => e.into_mut(),
            std::collections::hash_map::Entry::Vacant(e) => {
                let expiry = start + Duration::from_millis(msecs);
                let id = self.next_list_id;
                self.next_list_id += 1;
                let serial = self.next_list_serial;
                self.next_list_serial += 1;
                self.list_queue.insert((expiry, id, msecs));
                e.insert(TimersList { expiry, id, serial, timers: BTreeMap::new() })
            }
        };
        list.timers.insert(place, id);
    }

    /// `clearTimeout`/`clearInterval`/`timeout.close()`: Node's `unenroll`.
    /// The timer leaves its list, and an empty list is deleted (looked up by
    /// the untruncated duration, as Node does: a list of a fractional delay
    /// stays, empty, until the timers phase reaches it).
    pub fn clear_timer(&mut self, id: NodeTimerId) {
        let Some(t) = self.timers.remove(&id) else { return };
        if t.refed {
            self.refed_timer_count -= 1;
        }
        if let Some((place, msecs)) = t.place {
            if let Some(list) = self.lists.get_mut(&msecs) {
                list.timers.remove(&place);
            }
        }
        // (`timerListMap[item._idleTimeout]`: the list of its present
        // `_idleTimeout`, which a program may have changed.)
        if t.after.fract() == 0.0 && t.after >= 0.0 {
            self.delete_list_if_empty(t.after as u64);
        }
    }

    /// A program's `timeout._repeat = value` (lib/internal/timers.js reads
    /// it when the timer's callback returns): a number that is not 0 nor
    /// NaN makes it an interval of that delay; None a timeout.
    pub fn set_timer_repeat(&mut self, id: NodeTimerId, repeat: Option<f64>) {
        if let Some(t) = self.timers.get_mut(&id) {
            t.repeat = repeat.filter(|r| *r != 0.0 && !r.is_nan());
        }
    }

    /// A program's `timeout._idleTimeout = value`: the duration the timer
    /// is inserted with next (−1: an interval is not re-armed).
    pub fn set_timer_idle_timeout(&mut self, id: NodeTimerId, after: f64) {
        if let Some(t) = self.timers.get_mut(&id) {
            t.after = after;
        }
    }

    /// Whether a live timer is in a list (not while its callback runs,
    /// unless the callback refreshed it).
    pub fn timer_placed(&self, id: NodeTimerId) -> bool {
        self.timers.get(&id).is_some_and(|t| t.place.is_some())
    }

    /// `_idleStart` of a live timer: the loop time (ms) it was last started at.
    pub fn timer_start(&self, id: NodeTimerId) -> Option<f64> {
        self.timers.get(&id).map(|t| millis(t.start))
    }

    fn delete_list_if_empty(&mut self, msecs: u64) {
        if self.lists.get(&msecs).is_some_and(|l| l.timers.is_empty()) {
            if let Some(list) = self.lists.remove(&msecs) {
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
        match self.timers.get(&id) {
            None => return false,
            Some(t) if t.after < 0.0 => return true,
            Some(_) => {}
        }
        self.update_time();
        let now = self.time;
        self.insert(id, now);
        true
    }

    /// `timeout.ref()` / `timeout.unref()`.
    pub fn set_timer_ref(&mut self, id: NodeTimerId, refed: bool) {
        if let Some(t) = self.timers.get_mut(&id) {
            if t.refed != refed {
                if refed {
                    self.refed_timer_count += 1;
                } else {
                    self.refed_timer_count -= 1;
                }
            }
            t.refed = refed;
        }
    }

    /// `timeout.hasRef()`: false for an unknown or finished timer.
    pub fn timer_has_ref(&self, id: NodeTimerId) -> bool {
        self.timers.get(&id).is_some_and(|t| t.refed)
    }

    /// When the nearest list of timers expires (the time libuv's one timer
    /// handle of Node's is due).
    fn next_expiry(&self) -> Option<Duration> {
        self.list_queue.first().map(|(expiry, _, _)| *expiry)
    }

    /// Whether `id` is a timer that has not fired (a `setInterval` stays
    /// active until cleared) nor been cleared.
    pub fn timer_active(&self, id: NodeTimerId) -> bool {
        self.timers.contains_key(&id)
    }

    /// `setImmediate`.
    pub fn set_immediate(&mut self, callback: C) -> ImmediateId {
        let id = self.next_immediate_id;
        self.next_immediate_id += 1;
        self.immediates.push_back(id);
        self.immediate_entries.insert(id, Immediate { callback, refed: true, taken: false });
        self.refed_immediate_count += 1;
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
        self.native_immediates.push_back(callback);
    }

    /// `process.nextTick`.
    pub fn next_tick(&mut self, callback: C) {
        self.next_tick_queue.push_back(callback);
    }

    /// A callback for the pending phase (an I/O callback deferred a turn).
    pub fn defer_to_pending(&mut self, callback: C) {
        self.pending_queue.push_back(callback);
    }

    /// `uv_close`: the handle's close callback runs in the close phase.
    pub fn close_handle(&mut self, close_callback: C) {
        self.closing_handles.push_back(close_callback);
    }

    /// A new MessagePort's async handle (`uv_async_init`), last in the
    /// order async handles run in; not referenced and not receiving (Node
    /// unrefs a port until it has a 'message' listener). `close_callback`
    /// runs in the close phase after the port is closed.
    pub fn open_port(&mut self, close_callback: C) -> PortHandle {
        let h = self.next_port;
        self.next_port += 1;
        let port =
            Port { queue: VecDeque::new(), pending: false, receiving: false, refed: false, close_callback };
        self.ports.insert(h, port);
        h
    }

    /// `AddToIncomingQueue` and `TriggerAsync`: a message for port `h`, run
    /// by `deliver` when the port's async handle next runs (the poll
    /// phase). False if the port is closed.
    pub fn port_post(&mut self, h: PortHandle, deliver: C) -> bool {
        let Some(p) = self.ports.get_mut(&h) else { return false };
        p.queue.push_back(PortMessage::Message(deliver));
        p.pending = true;
        let n = p.queue.len();
        if self.tracer.enabled() {
            self.trace(TraceEvent::Note { text: format!("port #{h}: a message queued ({n} waiting)") });
        }
        true
    }

    /// The entangled port closed (Node's `Disentangle`): a close message
    /// after the messages already queued; port `h` closes when it reaches it.
    pub fn port_post_close(&mut self, h: PortHandle) {
        if let Some(p) = self.ports.get_mut(&h) {
            p.queue.push_back(PortMessage::Close);
            p.pending = true;
        }
    }

    /// `MessagePort::Start` (on) and `Stop` (off): whether the port delivers
    /// its messages; starting a port with messages waiting triggers it.
    pub fn set_port_receiving(&mut self, h: PortHandle, on: bool) {
        if let Some(p) = self.ports.get_mut(&h) {
            p.receiving = on;
            if on && !p.queue.is_empty() {
                p.pending = true;
            }
        }
    }

    /// `port.ref()` / `port.unref()`: a referenced port keeps the loop alive.
    pub fn set_port_ref(&mut self, h: PortHandle, on: bool) {
        if let Some(p) = self.ports.get_mut(&h) {
            if p.refed != on {
                p.refed = on;
                if on {
                    self.refed_port_count += 1;
                } else {
                    self.refed_port_count -= 1;
                }
            }
        }
    }

    /// Whether port `h`'s async handle is triggered and not yet run
    /// (libuv's `pending` flag: `uv_async_send` writes the loop's wake-up
    /// descriptor only when it sets it).
    pub fn port_is_pending(&self, h: PortHandle) -> bool {
        self.ports.get(&h).is_some_and(|p| p.pending)
    }

    /// `port.hasRef()`: referenced and not closed.
    pub fn port_has_ref(&self, h: PortHandle) -> bool {
        self.ports.get(&h).is_some_and(|p| p.refed)
    }

    /// Closes port `h` (`uv_close` of its async handle): its queue is
    /// dropped, it runs no more, and its close callback runs in the close
    /// phase. False if it was closed already.
    pub fn close_port(&mut self, h: PortHandle) -> bool {
        let Some(mut p) = self.ports.remove(&h) else { return false };
        if let Some((d, rest)) = &mut self.delivering {
            if *d == h {
                *rest = Some(std::mem::take(&mut p.queue));
            }
        }
        if p.refed {
            self.refed_port_count -= 1;
        }
        if self.tracer.enabled() {
            self.trace(TraceEvent::Note {
                text: format!("port #{h} closed ({} message(s) dropped)", p.queue.len()),
            });
        }
        self.closing_handles.push_back(p.close_callback);
        true
    }

    /// The messages waiting on port `h`, taken (a port transferred
    /// elsewhere takes them along).
    pub fn take_port_queue(&mut self, h: PortHandle) -> Vec<C> {
        let Some(p) = self.ports.get_mut(&h) else { return Vec::new() };
        p.queue
            .drain(..)
            .filter_map(|m| match m {
                PortMessage::Message(c) => Some(c),
                PortMessage::Close => None,
            })
            .collect()
    }

    /// The first message waiting on port `h`, taken (Node's
    /// `receiveMessageOnPort` and `MessagePort::Drain`); None if there is
    /// none, or the close message is next.
    pub fn port_take_one(&mut self, h: PortHandle) -> Option<C> {
        let p = self.ports.get_mut(&h)?;
        match p.queue.front() {
            Some(PortMessage::Message(_)) => match p.queue.pop_front() {
                Some(PortMessage::Message(c)) => Some(c),
                _ => None,
            },
            _ => None,
        }
    }

    /// Whether a port's async handle has been triggered and not yet run
    /// (its wake-up makes poll return at once).
    fn ports_pending(&self) -> bool {
        self.ports.values().any(|p| p.pending)
    }

    /// `uv_stop`.
    pub fn stop(&mut self) {
        self.stop_flag = true;
    }

    fn refed_timers(&self) -> bool {
        self.refed_timer_count > 0
    }

    fn refed_immediates(&self) -> bool {
        self.refed_immediate_count > 0
    }

    /// Makes this loop one of a [`World`](crate::world::World)'s (worker
    /// threads): under the virtual clock it takes turns with the others
    /// when poll would wait (see [`crate::world`]).
    pub fn join_world(&mut self, member: WorldMember) {
        self.world = Some(member);
    }

    /// Leaves the world (the loop has ended).
    pub fn leave_world(&mut self) -> Option<WorldMember> {
        self.world.take()
    }

    /// Whether the loop is in a world.
    pub fn in_world(&self) -> bool {
        self.world.is_some()
    }

    /// Replaces the loop's clock (a process whose first worker starts moves
    /// to its world's shared virtual clock).
    pub fn set_clock(&mut self, clock: Box<dyn Clock>) {
        self.clock = clock;
        self.update_time();
    }

    /// Drops every callback the loop holds (timers, immediates, pending and
    /// close callbacks, nextTicks): for a host tearing down its engine.
    pub fn clear_callbacks(&mut self) {
        self.timers.clear();
        self.lists.clear();
        self.list_queue.clear();
        self.refed_timer_count = 0;
        self.immediates.clear();
        self.check_batch.clear();
        self.native_immediates.clear();
        self.immediate_entries.clear();
        self.refed_immediate_count = 0;
        self.pending_queue.clear();
        self.closing_handles.clear();
        self.ports.clear();
        self.refed_port_count = 0;
        self.next_tick_queue.clear();
    }

    /// Timers still to fire (referenced or not).
    pub fn active_timers(&self) -> usize {
        self.timers.len()
    }
}

/// `uv__loop_alive`: active referenced handles (a referenced timer, a
/// referenced immediate's check handle, the host's I/O handles), active
/// requests, pending callbacks, or closing handles.
pub fn loop_alive<H: NodeHost>(lp: &UvHandle<H::Callback>, host: &H) -> bool {
    let l = lp.borrow();
    if l.world_done {
        return false;
    }
    l.refed_timers()
        || l.refed_immediates()
        || l.refed_port_count > 0
        || host.active_handles() > 0
        || host.active_requests() > 0
        || !l.pending_queue.is_empty()
        || !l.closing_handles.is_empty()
}

/// What keeps the loop alive, in words (for the trace).
fn alive_reasons<H: NodeHost>(lp: &UvHandle<H::Callback>, host: &H) -> String {
    let l = lp.borrow();
    let mut reasons = Vec::new();
    let timers = l.refed_timer_count;
    if timers > 0 {
        reasons.push(format!("{timers} ref'd timer(s)"));
    }
    let immediates = l.refed_immediate_count;
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

/// `uv__backend_timeout`: how long poll may block.
///
/// Zero when the loop is stopping, when callbacks are pending, when an idle
/// handle is active (Node starts one while referenced immediates wait), or
/// when handles are closing; otherwise until the nearest timer, or without
/// limit (None) if there is no timer.
pub fn backend_timeout<H: NodeHost>(
    lp: &UvHandle<H::Callback>,
    host: &H,
) -> (Option<Duration>, &'static str) {
    let l = lp.borrow();
    if l.stop_flag {
        return (Some(Duration::ZERO), "the loop is stopping");
    }
    if !(l.refed_timers()
        || l.refed_immediates()
        || l.refed_port_count > 0
        || host.active_handles() > 0
        || host.active_requests() > 0)
    {
        return (Some(Duration::ZERO), "no active handles or requests");
    }
    if !l.pending_queue.is_empty() {
        return (Some(Duration::ZERO), "pending callbacks wait");
    }
    if l.refed_immediates() {
        return (Some(Duration::ZERO), "immediates wait (Node's idle handle is active)");
    }
    if !l.closing_handles.is_empty() {
        return (Some(Duration::ZERO), "handles are closing");
    }
    // uv__next_timeout: the nearest timer (referenced or not: libuv keeps one
    // timer handle for all of Node's timers).
    match l.next_expiry() {
        Some(due) => (Some(due.saturating_sub(l.time)), "until the nearest timer"),
        None => (None, "no timer: until I/O arrives"),
    }
}

/// Node's `SpinEventLoop` (src/api/embed_helpers.cc): run the loop; when it
/// is no longer alive, emit `beforeExit`; if that made it alive again, run
/// it again. (`exit` is the host's to emit afterwards.)
pub fn spin_event_loop<H: NodeHost>(lp: &UvHandle<H::Callback>, host: &H) {
    loop {
        if stopped(lp, host) {
            break;
        }
        uv_run(lp, host);
        if stopped(lp, host) {
            break;
        }
        if loop_alive(lp, host) {
            continue;
        }
        lp.borrow_mut()
            .trace(TraceEvent::Note { text: "the loop is no longer alive: emit beforeExit".into() });
        host.emit_before_exit(lp);
        process_ticks_and_rejections(lp, host);
        if !loop_alive(lp, host) {
            break;
        }
    }
    let reason =
        if lp.borrow().stopped_at_max_time { "--max-time reached" } else { "the loop is no longer alive" };
    lp.borrow_mut().trace(TraceEvent::LoopEnd { reason: reason.into() });
    lp.borrow_mut().tracer.flush();
    // In a world that is over, the next loop may end now.
    if let Some(member) = &lp.borrow().world {
        member.pass_done();
    }
}

/// The loop's phases run until the loop is no longer alive: libuv's
/// `uv_run(loop, UV_RUN_DEFAULT)`.
pub fn uv_run<H: NodeHost>(lp: &UvHandle<H::Callback>, host: &H) {
    run_turns(lp, host, None);
}

/// Runs the loop as far as `until` says (see [`Until`]), for an embedder that
/// drives it step by step. [`Until::Done`] is Node's whole run
/// ([`spin_event_loop`], with `beforeExit`); [`Until::Idle`] and
/// [`Until::Time`] run turns as `uv_run` does, but poll waits no later than
/// the pause point, and they return once nothing is due at or before it
/// (`beforeExit` is not emitted: the embedder decides when the run is over).
pub fn run_until<H: NodeHost>(lp: &UvHandle<H::Callback>, host: &H, until: Until) -> LoopEnd {
    let pause_at = match until {
        Until::Done => {
            spin_event_loop(lp, host);
            return end_of(lp, host);
        }
        Until::Idle => lp.borrow().clock.now(),
        Until::Time(t) => t,
    };
    let paused = run_turns(lp, host, Some(pause_at));
    if stopped(lp, host) {
        return end_of(lp, host);
    }
    if !paused {
        // The loop is no longer alive: under the virtual clock time still
        // moves to the pause point (as a fake-timer `tick` does).
        let mut l = lp.borrow_mut();
        if l.clock.kind() == crate::clock::ClockKind::Virtual && l.clock.now() < pause_at {
            let from = l.clock.now();
            l.clock.wait_until(pause_at);
            l.trace(TraceEvent::ClockAdvance { from_ms: millis(from), to_ms: millis(pause_at) });
            l.update_time();
        }
        return LoopEnd::Finished;
    }
    LoopEnd::Paused
}

/// Why the loop stopped, once it has.
fn end_of<H: NodeHost>(lp: &UvHandle<H::Callback>, host: &H) -> LoopEnd {
    let l = lp.borrow();
    if l.stopped_at_max_time {
        let limit = l.max_time.unwrap_or_default();
        LoopEnd::MaxTime { limit, active_timers: l.active_timers(), queued_tasks: 0 }
    } else if l.stop_flag || host.stopping() {
        LoopEnd::Stopped
    } else {
        LoopEnd::Finished
    }
}

/// Whether anything is due at or before `t`: a callback waiting for a
/// phase, a timer, or (under the virtual clock, where it takes no time)
/// a request in flight.
fn due_by<H: NodeHost>(lp: &UvHandle<H::Callback>, host: &H, t: Duration) -> bool {
    let (timeout, _) = backend_timeout(lp, host);
    let l = lp.borrow();
    let virtual_clock = l.clock.kind() == crate::clock::ClockKind::Virtual;
    timeout == Some(Duration::ZERO) && !l.stop_flag && loop_alive_now(&l, host)
        || l.next_expiry().is_some_and(|due| due <= t)
        || l.ports_pending()
        || (virtual_clock && host.active_requests() > 0)
}

fn loop_alive_now<C: Clone, H: NodeHost>(l: &UvLoop<C>, host: &H) -> bool {
    l.refed_timers()
        || l.refed_immediates()
        || l.refed_port_count > 0
        || host.active_handles() > 0
        || host.active_requests() > 0
        || !l.pending_queue.is_empty()
        || !l.closing_handles.is_empty()
}

/// `uv_run`'s turns. With `pause_at`, poll blocks no later than it and the
/// turns end once the clock has reached it and nothing is due by then;
/// returns whether they ended so (false: the loop is no longer alive, or
/// it was stopped).
fn run_turns<H: NodeHost>(lp: &UvHandle<H::Callback>, host: &H, pause_at: Option<Duration>) -> bool {
    let mut r = loop_alive(lp, host);
    if !r {
        lp.borrow_mut().update_time();
    }
    // Timers run once before the first turn (libuv ≥ 1.45 keeps this for
    // UV_RUN_DEFAULT); afterwards once per turn, after polling.
    if r && !stopped(lp, host) {
        lp.borrow_mut().update_time();
        run_timers(lp, host);
    }
    while r && !stopped(lp, host) {
        if let Some(t) = pause_at {
            if lp.borrow().clock.now() >= t && !due_by(lp, host, t) {
                return true;
            }
        }
        lp.borrow_mut().turns += 1;
        run_pending(lp, host);
        // uv__run_idle, uv__run_prepare: Node's idle handle only keeps poll
        // from blocking while immediates wait (see backend_timeout).
        let (timeout, why) = backend_timeout(lp, host);
        io_poll(lp, host, timeout, why, pause_at);
        for _ in 0..8 {
            if lp.borrow().pending_queue.is_empty() {
                break;
            }
            run_pending(lp, host);
        }
        run_check(lp, host);
        run_closing_handles(lp, host);
        lp.borrow_mut().update_time();
        run_timers(lp, host);
        r = loop_alive(lp, host);
        if max_time_reached(lp) {
            break;
        }
    }
    false
}

fn stopped<H: NodeHost>(lp: &UvHandle<H::Callback>, host: &H) -> bool {
    lp.borrow().stop_flag || host.stopping() || lp.borrow().stopped_at_max_time
}

fn max_time_reached<C: Clone>(lp: &UvHandle<C>) -> bool {
    let mut l = lp.borrow_mut();
    if let Some(limit) = l.max_time {
        if l.clock.now() >= limit {
            l.stopped_at_max_time = true;
        }
    }
    l.stopped_at_max_time
}

/// Calls one callback, then (Node ≥ 11) drains nextTicks and microtasks.
fn call<H: NodeHost>(
    lp: &UvHandle<H::Callback>,
    host: &H,
    kind: CallbackKind,
    callback: H::Callback,
) -> bool {
    lp.borrow_mut().running = Some(Running::Callback(kind));
    host.take_threw();
    host.call(lp, kind, callback);
    // A timer callback that threw (an 'uncaughtException' listener handled
    // it) leaves Node's processTimers, which is called again for the rest of
    // the expired timers: the next one runs before the nextTick queue is
    // drained (ranAtLeastOneTimer starts false again). The timers phase
    // drains it at its end in any case.
    let threw = host.take_threw();
    // An immediate that threw likewise leaves processImmediate, which the
    // check phase calls again for the rest of the queue (src/env.cc's
    // CheckImmediate, while the queue has outstanding immediates): the next
    // immediate runs before the nextTick queue is drained.
    let skip = threw && matches!(kind, CallbackKind::Timer(_) | CallbackKind::Immediate(_));
    if lp.borrow().mode == MicrotaskMode::PerCallback && !skip {
        process_ticks_and_rejections(lp, host);
    }
    if !host.stopping() {
        lp.borrow_mut().running = None;
    }
    threw
}

/// At the end of a phase, legacy mode drains nextTicks and microtasks.
fn end_of_phase<H: NodeHost>(lp: &UvHandle<H::Callback>, host: &H, phase: Phase, ran: usize) {
    if ran > 0 || lp.borrow().tracer.enabled() && phase == Phase::Poll {
        lp.borrow_mut().trace(TraceEvent::PhaseEnd { phase: phase.name(), callbacks: ran });
    }
    if lp.borrow().mode == MicrotaskMode::Legacy {
        process_ticks_and_rejections(lp, host);
    }
}

/// Node's `processTicksAndRejections` (lib/internal/process/task_queues.js):
/// run every nextTick callback, then the microtask queue, and again while
/// either added more.
pub fn process_ticks_and_rejections<H: NodeHost>(lp: &UvHandle<H::Callback>, host: &H) {
    loop {
        let mut ticks = 0;
        loop {
            let tick = lp.borrow_mut().next_tick_queue.pop_front();
            let Some(tick) = tick else { break };
            ticks += 1;
            lp.borrow_mut().trace(TraceEvent::Microtask { kind: "nextTick".into(), origin: None });
            host.call(lp, CallbackKind::NextTick, tick);
        }
        host.run_microtasks(lp);
        if ticks > 0 {
            lp.borrow_mut().trace(TraceEvent::Note {
                text: format!("ran {ticks} nextTick callback(s) and the microtask queue"),
            });
        }
        let more = !lp.borrow().next_tick_queue.is_empty();
        if !more && !host.process_promise_rejections(lp) {
            break;
        }
    }
}

/// `uv__run_timers` calling Node's `processTimers(now)`
/// (lib/internal/timers.js): the lists of timers by (expiry, list id); of
/// each expired list, its timers from the front while they are due
/// (`listOnTimeout`), then the next list. A list whose front timer is not
/// yet due waits again with a new id. nextTicks and microtasks run between
/// timers (`runNextTicks`). A timer started during the phase starts at the
/// loop time, so it is due a turn later at the earliest.
fn run_timers<H: NodeHost>(lp: &UvHandle<H::Callback>, host: &H) {
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
                let Some((&place, &id)) = list.timers.first_key_value() else {
                    // Every timer of the list has run: the list goes.
                    l.list_queue.remove(&(list.expiry, list.id, msecs));
                    l.lists.remove(&msecs);
                    break;
                };
                let t = l.timers.get_mut(&id).expect("a listed timer exists");
                let due = t.start + Duration::from_millis(msecs);
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
                list.timers.remove(&place);
                t.place = None;
                let callback = t.callback.clone();
                // An interval restarts from the time read before its callback
                // runs (`if (timer._repeat) start = getLibuvNow()`), and is
                // appended to its list after the callback, behind timers the
                // callback started.
                let start = if t.repeat.is_some() {
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
                match l.timers.get_mut(&id) {
                    // Cleared meanwhile (clearInterval in its callback).
                    None => {}
                    Some(t) => match t.repeat {
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
                        _ if t.place.is_some() => {}
                        _ => {
                            if t.refed {
                                l.refed_timer_count -= 1;
                            }
                            l.timers.remove(&id);
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

/// `uv__run_pending`: the callbacks queued for this phase when it began.
fn run_pending<H: NodeHost>(lp: &UvHandle<H::Callback>, host: &H) {
    let due: Vec<_> = lp.borrow_mut().pending_queue.drain(..).collect();
    run_all(lp, host, Phase::Pending, CallbackKind::Pending, due);
}

/// `uv__io_poll`: wait for I/O up to the timeout, then run what completed.
///
/// With `pause_at`, the wait ends no later than that time (work in flight
/// under the virtual clock is still collected: it takes no virtual time).
fn io_poll<H: NodeHost>(
    lp: &UvHandle<H::Callback>,
    host: &H,
    timeout: Option<Duration>,
    why: &'static str,
    pause_at: Option<Duration>,
) {
    if lp.borrow().tracer.enabled() {
        let alive = alive_reasons(lp, host);
        let mut l = lp.borrow_mut();
        // The poll phase begins before it waits (its end is traced by
        // end_of_phase whether or not a callback ran): the wait is part of
        // the phase, as in uv__io_poll.
        l.trace(TraceEvent::PhaseStart { phase: Phase::Poll.name() });
        let text = match timeout {
            Some(t) => format!("poll: timeout {}ms ({why}); alive: {alive}", millis(t)),
            None => format!("poll: no timeout ({why}); alive: {alive}"),
        };
        l.trace(TraceEvent::Note { text });
    }
    // A port's async handle that was triggered has written to libuv's
    // wake-up descriptor: poll returns at once.
    let timeout = if lp.borrow().ports_pending() { Some(Duration::ZERO) } else { timeout };
    let virtual_clock = lp.borrow().clock.kind() == crate::clock::ClockKind::Virtual;
    let settle = virtual_clock && host.active_requests() > 0 && timeout != Some(Duration::ZERO);
    // The pause point caps the wait.
    let timeout = match pause_at {
        Some(p) => {
            let left = p.saturating_sub(lp.borrow().clock.now());
            Some(timeout.map_or(left, |t| t.min(left)))
        }
        None => timeout,
    };
    let in_virtual_world = virtual_clock && lp.borrow().world.is_some();
    let ready = if settle {
        host.poll_io(lp, None, true)
    } else if in_virtual_world && timeout != Some(Duration::ZERO) {
        // One of several loops under the virtual clock: poll would wait, so
        // this loop passes its turn on until a message arrives or its next
        // timer is due (docs/event-loop.md, "Workers").
        // With sockets or child processes open it first looks for their
        // events without blocking (as a lone loop does); and while it waits
        // on them the program is not over: when nothing else is due in the
        // world, it gets the turn to wait for them (up to 10 ms at a time,
        // then the others look again), time standing still.
        let io = host.io_handles() > 0;
        let early = if io { host.poll_io(lp, Some(Duration::ZERO), false) } else { Vec::new() };
        if !early.is_empty() {
            early
        } else {
            let due = timeout.map(|t| lp.borrow().clock.now() + t);
            let from = lp.borrow().clock.now();
            let turn = lp.borrow().world.as_ref().map(|m| m.yield_turn_waiting_on_io(due, io));
            let to = lp.borrow().clock.now();
            if to > from {
                lp.borrow_mut().trace(TraceEvent::ClockAdvance { from_ms: millis(from), to_ms: millis(to) });
            }
            if turn == Some(crate::world::Turn::Done) {
                lp.borrow_mut().world_done = true;
                Vec::new()
            } else if lp.borrow().world.as_ref().is_some_and(|m| m.io_turn()) {
                host.poll_io(lp, Some(Duration::from_millis(10)), false)
            } else {
                host.poll_io(lp, Some(Duration::ZERO), false)
            }
        }
    } else if host.active_requests() > 0 {
        if virtual_clock {
            // Work in flight will complete: under the virtual clock it takes
            // no virtual time. So that a run is repeatable, it is collected
            // only when the loop would otherwise wait (never on a zero
            // timeout), all of it, in the order it was requested.
            if timeout == Some(Duration::ZERO) {
                // Thread-pool requests made before this poll phase complete
                // in it (in the order they were made), and messages already
                // sent (from this thread, or by a loop whose turn it was)
                // are delivered: their order is fixed.
                host.take_messages(lp)
            } else {
                host.poll_io(lp, None, true)
            }
        } else {
            host.poll_io(lp, timeout, false)
        }
    } else if host.active_handles() > 0 {
        // Handles wait for events that may never come. Under the virtual
        // clock, look without blocking, then let the clock jump to the timer;
        // with no timer, block until an event comes.
        if virtual_clock && timeout.is_some() {
            let ready = host.poll_io(lp, Some(Duration::ZERO), false);
            if ready.is_empty() {
                advance_clock(lp, timeout);
            }
            ready
        } else {
            host.poll_io(lp, timeout, false)
        }
    } else if timeout.is_none() || (!virtual_clock && lp.borrow().refed_port_count > 0) {
        // No timer, or referenced MessagePorts: what keeps the loop alive is
        // an async handle (a port), whose wake-up comes through libuv's
        // async descriptor. uv__io_poll blocks in epoll_wait on it (timeout
        // -1 with no timer, else the nearest timer's) and the process idles:
        // a message from another thread, or a signal, ends the wait.
        host.poll_io(lp, timeout, false)
    } else {
        // Nothing but timers to wait for: the clock waits (a virtual clock
        // jumps) until the nearest one.
        advance_clock(lp, timeout);
        Vec::new()
    };
    lp.borrow_mut().update_time();
    let n = ready.len();
    // libuv's async pass runs in this poll phase if its wake-up descriptor
    // was readable when poll looked: a port was triggered, or a thread-pool
    // request completed (its handle, made with the loop, runs first in the
    // pass: the completed requests' callbacks). It visits the async handles
    // that existed when it began (uv__async_io moves the list aside): a port
    // made during the pass waits for the next one.
    let (async_pass, ports_before) = {
        let l = lp.borrow();
        (l.ports_pending() || ready.iter().any(|c| host.is_async_wakeup(c)), l.next_port)
    };
    // The events epoll reported after the wake-up descriptor run after the
    // async pass (a port triggered before a socket became ready delivers
    // first, as in Node).
    let after = host.run_after_async_pass().min(n);
    let after = if async_pass { after } else { 0 };
    let mut ready = ready;
    let later = ready.split_off(n - after);
    // (The phase's start was traced before the wait: its callbacks run in
    // the same slice, so a `phase-end` has exactly one `phase-start`.)
    for callback in ready {
        call(lp, host, CallbackKind::Io, callback);
        if stopped(lp, host) {
            return;
        }
    }
    let delivered = if async_pass { run_async_handles(lp, host, ports_before) } else { 0 };
    for callback in later {
        if stopped(lp, host) {
            return;
        }
        call(lp, host, CallbackKind::Io, callback);
    }
    end_of_phase(lp, host, Phase::Poll, n + delivered);
}

/// libuv's `uv__async_io` for the MessagePorts' async handles: one pass over
/// the handles made before `before`, in the order they were made, running each whose pending flag
/// is set (and clearing it). A port triggered during the pass runs in it if
/// its turn is still to come, else in the next poll phase. (libuv's
/// threadpool handle, made with the loop, comes first: the host's completed
/// requests were run just before.) Returns how many messages were delivered.
fn run_async_handles<H: NodeHost>(lp: &UvHandle<H::Callback>, host: &H, before: PortHandle) -> usize {
    let mut delivered = 0;
    let mut cursor: PortHandle = 0;
    loop {
        let next = {
            let mut l = lp.borrow_mut();
            let found = l.ports.range_mut(cursor..before).find(|(_, p)| p.pending).map(|(h, p)| {
                p.pending = false;
                *h
            });
            found
        };
        let Some(h) = next else { break };
        cursor = h + 1;
        delivered += on_message(lp, host, h);
        if stopped(lp, host) {
            break;
        }
    }
    delivered
}

/// Node's `MessagePort::OnMessage`: deliver every message in the port's
/// queue, each as a callback with nextTicks and microtasks after it, up to
/// as many as were waiting (at least 1000; the rest trigger the handle
/// again); stop at the close message (the port closes), when the port is
/// not receiving, when it was closed, or after a callback that threw (the
/// handle is triggered again).
fn on_message<H: NodeHost>(lp: &UvHandle<H::Callback>, host: &H, h: PortHandle) -> usize {
    let mut left = match lp.borrow().ports.get(&h) {
        Some(p) => p.queue.len().max(1000),
        None => return 0,
    };
    let mut delivered = 0;
    lp.borrow_mut().delivering = Some((h, None));
    loop {
        let message = {
            let mut l = lp.borrow_mut();
            // Closed by one of its own messages' callbacks: the rest of its
            // queue is still emitted in this run.
            if let Some((_, Some(rest))) = &mut l.delivering {
                match rest.pop_front() {
                    Some(PortMessage::Message(c)) => {
                        drop(l);
                        delivered += 1;
                        call(lp, host, CallbackKind::PortMessage(h), c);
                        if stopped(lp, host) {
                            break;
                        }
                        continue;
                    }
                    _ => break,
                }
            }
            let Some(p) = l.ports.get_mut(&h) else { break };
            if left == 0 {
                p.pending = true;
                break;
            }
            left -= 1;
            match p.queue.front() {
                None => break,
                Some(PortMessage::Close) => {
                    p.queue.pop_front();
                    l.close_port(h);
                    break;
                }
                Some(PortMessage::Message(_)) if !p.receiving => break,
                Some(PortMessage::Message(_)) => match p.queue.pop_front() {
                    Some(PortMessage::Message(c)) => c,
                    _ => break,
                },
            }
        };
        if lp.borrow().tracer.enabled() {
            lp.borrow_mut().trace(TraceEvent::Note { text: format!("port #{h} delivers a message") });
        }
        delivered += 1;
        let threw = call(lp, host, CallbackKind::PortMessage(h), message);
        if stopped(lp, host) {
            break;
        }
        if threw {
            if let Some(p) = lp.borrow_mut().ports.get_mut(&h) {
                p.pending = true;
            }
            break;
        }
    }
    lp.borrow_mut().delivering = None;
    delivered
}

/// The clock waits (a virtual one jumps) for `timeout`, no further than
/// `--max-time`.
fn advance_clock<C: Clone>(lp: &UvHandle<C>, timeout: Option<Duration>) {
    let Some(t) = timeout.filter(|t| !t.is_zero()) else { return };
    let mut l = lp.borrow_mut();
    let from = l.clock.now();
    // Like epoll_wait's timeout: counted from now, not from the loop's
    // (whole-millisecond) cached time, so no timer fires early.
    let mut target = from + t;
    if let Some(limit) = l.max_time {
        target = target.min(limit.max(from));
    }
    l.clock.wait_until(target);
    let to = l.clock.now();
    l.trace(TraceEvent::ClockAdvance { from_ms: millis(from), to_ms: millis(to) });
}

/// `uv__run_check`: the immediates queued when the phase began; those
/// queued while it runs wait for the next turn.
fn run_check<H: NodeHost>(lp: &UvHandle<H::Callback>, host: &H) {
    let mut ran = 0;
    // CheckImmediate: RunAndClearNativeImmediates first.
    loop {
        let next = lp.borrow_mut().native_immediates.pop_front();
        let Some(callback) = next else { break };
        if ran == 0 {
            lp.borrow_mut().trace(TraceEvent::PhaseStart { phase: Phase::Check.name() });
        }
        ran += 1;
        call(lp, host, CallbackKind::NativeImmediate, callback);
        if stopped(lp, host) {
            return;
        }
    }
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
        call(lp, host, CallbackKind::Immediate(id), callback);
        if stopped(lp, host) {
            return;
        }
    }
    // (The last processImmediate call returns: its callback scope drains
    // what an immediate that threw left.)
    if ran > 0 && lp.borrow().mode == MicrotaskMode::PerCallback {
        process_ticks_and_rejections(lp, host);
    }
    end_of_phase(lp, host, Phase::Check, ran);
}

/// `uv__run_closing_handles`: libuv keeps the closing handles in a list
/// that `uv_close` prepends to, so their close callbacks run in the reverse
/// order of the `uv_close` calls (src/unix/core.c).
fn run_closing_handles<H: NodeHost>(lp: &UvHandle<H::Callback>, host: &H) {
    let due: Vec<_> = lp.borrow_mut().closing_handles.drain(..).rev().collect();
    run_all(lp, host, Phase::Close, CallbackKind::Close, due);
}

fn run_all<H: NodeHost>(
    lp: &UvHandle<H::Callback>,
    host: &H,
    phase: Phase,
    kind: CallbackKind,
    callbacks: Vec<H::Callback>,
) {
    let n = callbacks.len();
    // (io_poll has begun the poll phase already.)
    if n > 0 && phase != Phase::Poll {
        lp.borrow_mut().trace(TraceEvent::PhaseStart { phase: phase.name() });
    }
    for callback in callbacks {
        call(lp, host, kind, callback);
        if stopped(lp, host) {
            return;
        }
    }
    end_of_phase(lp, host, phase, n);
}
