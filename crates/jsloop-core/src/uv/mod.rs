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
use std::collections::{BTreeMap, VecDeque};

// Ids are small sequential integers: a fast non-cryptographic hash.
use rustc_hash::FxHashMap as HashMap;
use std::time::Duration;

use crate::clock::{millis, Clock};
use crate::trace::{TraceEvent, Tracer};
use crate::world::WorldMember;

mod alive;
mod immediates;
mod poll;
mod ports;
mod run;
mod timer_table;
mod timers;

pub use alive::loop_alive;
use immediates::Immediate;
pub use immediates::ImmediateId;
pub use poll::backend_timeout;
pub use ports::PortHandle;
use ports::{Port, PortMessage};
pub use run::{process_ticks_and_rejections, run_until, spin_event_loop, uv_run};
pub use timer_table::NodeTimerId;
use timer_table::{TimerLists, TimerTable};

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
    /// What a timer holds for the host until it fires, when it becomes the
    /// callback called (a host may hold less for a timer than for any
    /// callback: a pending timer's entry is the loop's per-timer memory).
    type Timer: Clone + Into<Self::Callback>;

    /// Calls one callback.
    fn call(&self, lp: &HostLoop<Self>, kind: CallbackKind, callback: Self::Callback);

    /// Runs the engine's microtask queue until it is empty.
    fn run_microtasks(&self, lp: &HostLoop<Self>);

    /// A hint: the timers phase will soon read the memory at `at` (the
    /// record of a timer a few places down the list it is running). A host
    /// may ask the processor to fetch it into its cache; it must not read
    /// through it. Default: nothing.
    fn prefetch(&self, _at: *const u8) {}

    /// A hint: `timer` fires `ahead` timers from now (0: it is the one
    /// about to be called), in the list the timers phase is running. A
    /// host may warm the memory its callback will touch, a level further
    /// each time it is asked (`ahead` counts down as the timer comes
    /// nearer), reading only what the earlier calls warmed. Default:
    /// nothing. (A list's timers fire in the order they joined it, which is
    /// rarely the order their memory was made in: a program that sets
    /// timers of scattered delays finds each cold.)
    fn prefetch_timer(&self, _timer: &Self::Timer, _ahead: usize) {}

    /// Node's `processPromiseRejections`: handles (warns about, or raises)
    /// rejections that are still unhandled. Returns true if that scheduled
    /// more nextTicks or microtasks.
    fn process_promise_rejections(&self, _lp: &HostLoop<Self>) -> bool {
        false
    }

    /// Waits up to `timeout` (None: no limit) for I/O and returns the
    /// callbacks of what completed. With `settle`, waits until every request
    /// in flight has completed and returns them in the order they were made
    /// (the virtual clock's repeatable mode). A host with no I/O returns at once.
    fn poll_io(
        &self,
        _lp: &HostLoop<Self>,
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
    fn take_messages(&self, _lp: &HostLoop<Self>) -> Vec<Self::Callback> {
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

    /// The active requests that complete without the program doing more
    /// (under the virtual clock the clock does not move while one is in
    /// flight): every active request unless the host knows better (a write
    /// waiting for a reader the program stopped is not).
    fn requests_in_flight(&self) -> usize {
        self.active_requests()
    }

    /// Whether the callback just called threw and an `uncaughtException`
    /// listener handled it (the flag is cleared by asking).
    fn take_threw(&self) -> bool {
        false
    }

    /// Emits `process`'s `beforeExit` event (its listeners may start more
    /// work, which makes the loop alive again).
    fn emit_before_exit(&self, _lp: &HostLoop<Self>) {}

    /// Whether the process is exiting (`process.exit()` was called, or a
    /// fatal exception): the loop stops at once.
    fn stopping(&self) -> bool {
        false
    }
}

/// A shared handle to a Node loop.
pub type UvHandle<C, T = C> = std::rc::Rc<std::cell::RefCell<UvLoop<C, T>>>;

/// The loop of a [`NodeHost`]: its callbacks and timers are the host's.
pub type HostLoop<H> = UvHandle<<H as NodeHost>::Callback, <H as NodeHost>::Timer>;

/// The loop's state: `C` is a callback it holds, `T` what a timer holds
/// until it fires (then made a `C`).
pub struct UvLoop<C, T = C> {
    clock: Box<dyn Clock>,
    /// Where the loop's trace events go.
    pub tracer: Tracer,
    /// `uv_now`: the loop's cached time, updated at the start of each turn
    /// (`uv__update_time`), in whole milliseconds as libuv keeps it.
    time: u64,
    /// Every timer not yet destroyed (listed, or running its callback).
    timers: TimerTable<T>,
    /// How many of `timers` are referenced (Node's `refCount`).
    refed_timer_count: usize,
    /// The timer `start_timer` made last, not yet in `timers` nor its list
    /// (see `settle`).
    staged: Option<timer_table::NodeTimer<T>>,
    /// `timerListMap` (a list per duration, in whole ms) and
    /// `timerListQueue` (the lists by expiry and list id).
    lists: TimerLists,
    next_timer_id: NodeTimerId,
    /// setImmediate's queue (the check phase), in order. A cleared
    /// immediate's id stays here and is skipped: clearImmediate is O(1).
    immediates: VecDeque<ImmediateId>,
    /// The immediates the check phase now running took, in order.
    check_batch: VecDeque<ImmediateId>,
    /// Node's native immediates (unref'd): run at the start of the next
    /// check phase, before the immediates; they keep nothing alive.
    /// Node's native immediates, each with whether it is ref'd.
    native_immediates: VecDeque<(C, bool)>,
    /// The ref'd ones among them.
    refed_native_count: usize,
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
    /// How many ports' async handles are pending (their `pending` flags
    /// set): the loop asks whether any is several times a turn.
    pending_ports: usize,
    /// The port whose messages `on_message` is delivering, and, if it was
    /// closed meanwhile, the messages still in its queue: Node's
    /// `MessagePort::OnMessage` goes on emitting them (its data is only
    /// dropped in the close callback).
    delivering: Option<(PortHandle, Option<VecDeque<PortMessage<C>>>)>,
    /// Something was put in the queue of the port `delivering` names since
    /// its last message was taken (`on_message` looks at the queue again).
    delivering_fed: bool,
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
    /// When the loop first ran a turn (Node's loopStart milestone), if it has.
    loop_start: Option<Duration>,
    /// How long the loop has waited in poll for events (libuv's
    /// `uv_metrics_idle_time`, which Node turns on for every loop).
    idle_time: Duration,
    /// When the loop stopped running (Node's loopExit milestone), if it has.
    loop_exit: Option<Duration>,
    /// libuv's `uv_metrics_t` events and events_waiting (see
    /// [`UvLoop::metrics_info`]).
    events: u64,
    events_waiting: u64,
    /// The clock's reading the last `update_time` took, while nothing has
    /// happened since that could tell it from a later one (see
    /// [`UvLoop::update_time_after_poll`] and [`UvLoop::take_callback_stamp`]).
    still: std::cell::Cell<Option<Duration>>,
    /// `still`, handed to the port message callback running now (before any
    /// of its script; see [`UvLoop::take_callback_stamp`]).
    stamp: std::cell::Cell<Option<Duration>>,
}

/// What a Node loop is running.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Running {
    /// The main module, run before the loop starts.
    MainModule,
    /// A callback the loop called.
    Callback(CallbackKind),
}

impl<C: Clone, T: Clone> UvLoop<C, T> {
    /// A loop with no timers, immediates or callbacks, on `clock`, tracing
    /// to `tracer`, in [`MicrotaskMode::PerCallback`] (`uv_loop_init`).
    /// Wrap it with [`into_handle`](UvLoop::into_handle) to run it.
    pub fn new(clock: Box<dyn Clock>, tracer: Tracer) -> Self {
        let mut l = UvLoop {
            clock,
            tracer,
            time: 0,
            timers: TimerTable::default(),
            staged: None,
            lists: TimerLists::default(),
            next_timer_id: 1,
            immediates: VecDeque::new(),
            immediate_entries: HashMap::default(),
            refed_immediate_count: 0,
            refed_timer_count: 0,
            check_batch: VecDeque::new(),
            native_immediates: VecDeque::new(),
            refed_native_count: 0,
            next_immediate_id: 1,
            pending_queue: VecDeque::new(),
            closing_handles: VecDeque::new(),
            ports: BTreeMap::new(),
            next_port: 1,
            refed_port_count: 0,
            pending_ports: 0,
            delivering: None,
            delivering_fed: false,
            next_tick_queue: VecDeque::new(),
            mode: MicrotaskMode::PerCallback,
            stop_flag: false,
            turns: 0,
            max_time: None,
            stopped_at_max_time: false,
            running: Some(Running::MainModule),
            world: None,
            world_done: false,
            loop_start: None,
            idle_time: Duration::ZERO,
            loop_exit: None,
            events: 0,
            events_waiting: 0,
            still: std::cell::Cell::new(None),
            stamp: std::cell::Cell::new(None),
        };
        l.update_time();
        l
    }

    /// When the loop began to run (since the time origin): Node's
    /// `performance.nodeTiming.loopStart`; None while the main module runs.
    pub fn loop_start(&self) -> Option<Duration> {
        self.loop_start
    }

    /// When the loop stopped running, the last time it did (since the time
    /// origin): Node's `performance.nodeTiming.loopExit` (SpinEventLoop
    /// marks it before 'exit' is emitted); None until then.
    pub fn loop_exit(&self) -> Option<Duration> {
        self.loop_exit
    }

    /// `uv_metrics_info`: the loop's turns that reached poll (`loop_count`,
    /// counted as uv_run counts it, just before `uv__io_poll`), the events
    /// poll handed to callbacks (`events`: each I/O callback one, and the
    /// async wake-up of ports and thread-pool requests one per poll, as
    /// epoll reports libuv's one descriptor for them), and of those the ones
    /// already waiting when poll was entered without blocking
    /// (`events_waiting`).
    pub fn metrics_info(&self) -> (u64, u64, u64) {
        (self.turns, self.events, self.events_waiting)
    }

    /// `uv_metrics_idle_time`: how long the loop has waited in poll for an
    /// event or its next timer (a virtual clock's jumps included), what
    /// `performance.eventLoopUtilization()` counts as idle.
    pub fn idle_time(&self) -> Duration {
        self.idle_time
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

    /// The phase whose callback is running now, by its name (a nextTick or
    /// a microtask counts as the callback it follows): `main module` before
    /// the first turn, `loop` between callbacks (`beforeExit`). For the trace
    /// of I/O: which phase a completion's callback ran in.
    pub fn phase_now(&self) -> &'static str {
        match self.running {
            None => "loop",
            Some(Running::MainModule) => "main module",
            Some(Running::Callback(kind)) => match kind {
                CallbackKind::Timer(_) => Phase::Timers.name(),
                CallbackKind::Immediate(_) | CallbackKind::NativeImmediate => Phase::Check.name(),
                CallbackKind::Pending => Phase::Pending.name(),
                CallbackKind::Io | CallbackKind::PortMessage(_) => Phase::Poll.name(),
                CallbackKind::Close => Phase::Close.name(),
                CallbackKind::NextTick => "nextTick",
            },
        }
    }

    /// Wraps the loop in a shared handle.
    pub fn into_handle(self) -> UvHandle<C, T> {
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
        Duration::from_millis(self.time)
    }

    /// `uv__update_time`: cache the clock's time, in whole milliseconds.
    pub fn update_time(&mut self) {
        let now = self.clock.now();
        self.still.set(Some(now));
        self.set_time(now);
    }

    fn set_time(&mut self, now: Duration) {
        // (Whole milliseconds, truncated, as `as_millis` gives them, in u64
        // arithmetic: `as_millis` divides a u128.)
        self.time = now.as_secs() * 1000 + u64::from(now.subsec_millis());
    }

    /// `uv__update_time` after a poll that did not wait and brought nothing
    /// in (no I/O, nothing from another thread): if no script has run since
    /// the clock was last read (the turn's end, its timers phase calling
    /// nothing), that reading is used again. Nothing that happened between
    /// the two could tell them apart: no script ran to read a clock, and
    /// nothing came from outside; the clock is non-decreasing, not
    /// strictly increasing, so the same reading twice is what a fast enough
    /// machine reads. (The clock read costs about 45 ns on a KVM guest,
    /// the loop's whole turn about 200.)
    pub(crate) fn update_time_after_poll(&mut self, nothing_came: bool) {
        match self.still.get() {
            Some(now) if nothing_came => self.set_time(now),
            _ => self.update_time(),
        }
    }

    /// The time for what a port message callback makes before any of its
    /// script runs (Node's MessageEvent, whose timeStamp
    /// lib/internal/event_target.js reads at construction): the loop's last
    /// reading if nothing has happened since it was taken (see
    /// `UvLoop::update_time_after_poll`: the first message a poll phase
    /// delivers), else None (the caller reads the clock, [`UvLoop::hrtime`]).
    /// Once a callback, and only while no script has run in it.
    pub fn take_callback_stamp(&self) -> Option<Duration> {
        self.stamp.take()
    }

    /// Something that could tell one reading from the next may have
    /// happened (script ran, or is about to): the next time is read.
    pub(crate) fn forget_reading(&self) {
        self.still.set(None);
        self.stamp.set(None);
    }

    /// A callback begins: a port message callback may take the last
    /// reading ([`UvLoop::take_callback_stamp`]), nothing after it.
    pub(crate) fn begin_callback(&self, port_message: bool) {
        let still = self.still.take();
        self.stamp.set(if port_message { still } else { None });
    }

    /// Writes one trace event, stamped with the clock's current time.
    pub fn trace(&mut self, event: TraceEvent) {
        if self.tracer.enabled() {
            let now = self.clock.now();
            self.tracer.emit(now, event);
        }
    }

    /// `process.nextTick`.
    pub fn next_tick(&mut self, callback: C) {
        self.next_tick_queue.push_back(callback);
        if self.tracer.enabled() {
            let n = self.next_tick_queue.len();
            self.trace(TraceEvent::Note { text: format!("nextTick callback queued ({n} waiting)") });
        }
    }

    /// A callback for the pending phase (an I/O callback deferred a turn).
    pub fn defer_to_pending(&mut self, callback: C) {
        self.pending_queue.push_back(callback);
    }

    /// `uv_close`: the handle's close callback runs in the close phase.
    pub fn close_handle(&mut self, close_callback: C) {
        self.closing_handles.push_back(close_callback);
    }

    /// `uv_stop`.
    pub fn stop(&mut self) {
        self.stop_flag = true;
    }

    /// Makes this loop one of a [`World`](crate::world::World)'s (worker
    /// threads): under the virtual clock it takes turns with the others
    /// when poll would wait (see [`crate::world`]).
    pub fn join_world(&mut self, member: WorldMember) {
        self.world = Some(member);
    }

    /// The world this loop is in.
    pub fn world(&self) -> Option<&WorldMember> {
        self.world.as_ref()
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
        self.staged = None;
        self.lists.clear();
        self.refed_timer_count = 0;
        self.immediates.clear();
        self.check_batch.clear();
        self.native_immediates.clear();
        self.refed_native_count = 0;
        self.immediate_entries.clear();
        self.refed_immediate_count = 0;
        self.pending_queue.clear();
        self.closing_handles.clear();
        self.ports.clear();
        self.refed_port_count = 0;
        self.pending_ports = 0;
        self.next_tick_queue.clear();
    }
}
