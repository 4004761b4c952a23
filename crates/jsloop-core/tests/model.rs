//! Model-based tests: the core's task queues, its timer store and the HTML
//! event loop driven by random operation sequences, each checked against a
//! small reference model of the ordering rules written independently of the
//! implementation (plain vectors and linear scans).
//!
//! The rules checked:
//! - task sources are FIFO, and across sources tasks run in the order they
//!   were queued (`TaskQueues`' selection policy);
//! - timer ids are unique and greater than zero;
//! - due timers queue their tasks in (deadline, start order) when the loop
//!   chooses a task, a zero timeout as it starts: a timer that came due
//!   while a task ran goes after the tasks that task queued;
//! - a cleared timer never fires, even when its task is already queued;
//! - an interval repeats, with the nesting level and the 4 ms clamp after
//!   five levels; a timer started from a microtask has nesting level 0;
//! - `--max-time` stops the loop exactly where the processing model says.
//!
//! The same model is the oracle of the fuzz target `core_model`
//! (fuzz/fuzz_targets/core_model.rs includes this file), which decodes its
//! operations from raw bytes with [`decode_ops`]; the proptest tests below
//! generate them with strategies, and run in the normal `cargo test`.
use std::cell::{Cell, RefCell};
use std::collections::{BTreeMap, HashMap, HashSet, VecDeque};
use std::rc::Rc;
use std::time::Duration;

use jsloop_core::clock::{Clock, ClockKind};
use jsloop_core::html::{self, EventLoop, Host, Loop, LoopEnd, TaskInfo};
use jsloop_core::task::{Task, TaskQueues, TaskSteps};
use jsloop_core::timers::{TimerEntry, Timers};
use jsloop_core::trace::Tracer;
use jsloop_core::TaskSource;

// ---------------------------------------------------------------- task queues

/// An operation on a bare [`TaskQueues`].
#[derive(Debug, Clone)]
pub enum QueueOp {
    Push(usize),
    Take,
    /// Drop the queued tasks whose id is divisible by this (>= 2).
    Retain(u64),
}

/// Runs `ops` on a [`TaskQueues`] and on the model (one list in queue
/// order): every take must return the oldest task of all.
pub fn check_task_queues(ops: &[QueueOp]) -> Result<(), String> {
    let mut real: TaskQueues<u64> = TaskQueues::default();
    let mut model: Vec<(u64, TaskSource)> = Vec::new();
    let mut next_id = 1u64;
    for (step, op) in ops.iter().enumerate() {
        match op {
            QueueOp::Push(s) => {
                let source = TaskSource::ALL[s % TaskSource::ALL.len()];
                real.push(Task {
                    id: next_id,
                    source,
                    label: "".into(),
                    origin: None,
                    timer_nesting_level: None,
                    queued_at: Duration::ZERO,
                    port: None,
                    steps: TaskSteps::Host(next_id),
                });
                model.push((next_id, source));
                next_id += 1;
            }
            QueueOp::Take => {
                let got = real.take_first_runnable_task().map(|t| (t.id, t.source));
                let want = if model.is_empty() { None } else { Some(model.remove(0)) };
                if got != want {
                    return Err(format!("step {step}: took {got:?}, the model says {want:?}"));
                }
            }
            QueueOp::Retain(m) => {
                let m = (*m).max(2);
                real.retain(|t| t.id % m != 0);
                model.retain(|(id, _)| id % m != 0);
            }
        }
        if real.len() != model.len() || real.is_empty() != model.is_empty() {
            return Err(format!("step {step}: {} tasks queued, the model has {}", real.len(), model.len()));
        }
        if real.has_runnable_task() == model.is_empty() {
            return Err(format!("step {step}: has_runnable_task disagrees with the model"));
        }
        for source in TaskSource::ALL {
            let n = model.iter().filter(|(_, s)| *s == source).count();
            if real.len_of(source) != n {
                return Err(format!(
                    "step {step}: {} tasks on {source}, the model has {n}",
                    real.len_of(source)
                ));
            }
        }
    }
    Ok(())
}

// ---------------------------------------------------------------- timer store

/// An operation on a bare [`Timers`] store.
#[derive(Debug, Clone)]
pub enum TimerOp {
    /// A new id, started with this timeout (ms).
    Start(u32),
    /// Start the `n`th id handed out again (a setInterval's next run).
    Restart(usize, u32),
    /// Clear the `n`th id handed out (or an unknown id).
    Clear(usize),
    /// Remove the `n`th id handed out (step 8.9).
    Remove(usize),
    /// Move the time on by this many ms and take what is due.
    TakeDue(u32),
}

#[derive(Debug, Clone)]
struct StoreTimer {
    key: u64,
    deadline: u64,
    active: bool,
}

/// Runs `ops` on a [`Timers`] store and on the model: ids unique and > 0,
/// due timers in (deadline, start order), cleared and removed timers never due.
pub fn check_timer_store(ops: &[TimerOp]) -> Result<(), String> {
    let mut real: Timers<u32> = Timers::default();
    let mut model: BTreeMap<u32, StoreTimer> = BTreeMap::new();
    let mut handed_out: Vec<u32> = Vec::new();
    let mut now = 0u64;
    let mut next_key = 1u64;
    let entry = |ms: u32| TimerEntry {
        key: 0,
        steps: 0u32,
        requested_ms: f64::from(ms),
        timeout: Duration::from_millis(u64::from(ms)),
        repeat: false,
        nesting_level: 1,
        deadline: Duration::ZERO,
        origin: None,
    };
    for (step, op) in ops.iter().enumerate() {
        let pick = |n: usize| {
            if handed_out.is_empty() {
                1_000_000 + (n % 1_000_000) as u32
            } else {
                handed_out[n % handed_out.len()]
            }
        };
        match op {
            TimerOp::Start(ms) | TimerOp::Restart(_, ms) => {
                let id = match op {
                    TimerOp::Restart(n, _) if !handed_out.is_empty() => pick(*n),
                    _ => {
                        let id = real.new_id();
                        if id == 0 || handed_out.contains(&id) {
                            return Err(format!("step {step}: new_id gave {id}, already handed out or zero"));
                        }
                        handed_out.push(id);
                        id
                    }
                };
                let key = real.start(id, Duration::from_millis(now), entry(*ms));
                if key != next_key {
                    return Err(format!("step {step}: start gave key {key}, the model says {next_key}"));
                }
                model.insert(id, StoreTimer { key, deadline: now + u64::from(*ms), active: true });
                next_key += 1;
                if !real.is_current(id, key) {
                    return Err(format!("step {step}: timer {id} is not current right after it started"));
                }
            }
            TimerOp::Clear(n) => {
                let id = pick(*n);
                let got = real.clear(id).map(|e| e.key);
                let want = model.remove(&id).map(|t| t.key);
                if got != want {
                    return Err(format!("step {step}: clear({id}) gave {got:?}, the model says {want:?}"));
                }
            }
            TimerOp::Remove(n) => {
                let id = pick(*n);
                real.remove(id);
                model.remove(&id);
            }
            TimerOp::TakeDue(ms) => {
                now += u64::from(*ms);
                let got: Vec<(u32, u64)> =
                    real.take_due(Duration::from_millis(now)).into_iter().map(|d| (d.id, d.key)).collect();
                let mut want: Vec<(u64, u64, u32)> = model
                    .iter()
                    .filter(|(_, t)| t.active && t.deadline <= now)
                    .map(|(id, t)| (t.deadline, t.key, *id))
                    .collect();
                want.sort();
                for (_, _, id) in &want {
                    model.get_mut(id).unwrap().active = false;
                }
                let want: Vec<(u32, u64)> = want.into_iter().map(|(_, k, id)| (id, k)).collect();
                if got != want {
                    return Err(format!(
                        "step {step}: at {now}ms take_due gave {got:?}, the model says {want:?}"
                    ));
                }
            }
        }
        let active = model.values().filter(|t| t.active).count();
        if real.active_len() != active {
            return Err(format!("step {step}: {} active timers, the model has {active}", real.active_len()));
        }
        let next = model.values().filter(|t| t.active).map(|t| t.deadline).min().map(Duration::from_millis);
        if real.next_deadline() != next {
            return Err(format!(
                "step {step}: next deadline {:?}, the model says {next:?}",
                real.next_deadline()
            ));
        }
        for id in &handed_out {
            let want = model.get(id).map(|t| t.key);
            let got = real.entry(*id).map(|e| e.key);
            if got != want {
                return Err(format!("step {step}: timer {id} maps to run {got:?}, the model says {want:?}"));
            }
        }
    }
    Ok(())
}

// ---------------------------------------------------------------- the event loop

/// One operation of a script driving the HTML event loop. At the top level
/// they are performed between runs of the loop; inside a task, timer or
/// microtask body they are what its steps do when they run.
#[derive(Debug, Clone)]
pub enum Op {
    /// Queue a task on a source whose steps perform `body`.
    Queue(usize, Vec<Op>),
    /// setTimeout / setInterval with this timeout, whose handler performs `body`.
    Start { timeout: i32, repeat: bool, body: Vec<Op> },
    /// clearTimeout of the `n`th id handed out (an unknown id if none yet).
    Clear(usize),
    /// queueMicrotask(body).
    Microtask(Vec<Op>),
    /// The clock moves on by this many ms (at the top level: between runs;
    /// inside a task: a task that takes that long).
    Advance(u32),
    /// Top level only: run the loop with `--max-time` = now + this many ms.
    Run(u32),
}

/// What ran: the body's name, the time, and the source of its task (None
/// for a microtask).
pub type Event = (u32, u64, Option<TaskSource>);

/// What a run of the loop ended with, as compared with the model.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum End {
    Finished,
    MaxTime { limit: u64, active_timers: usize, queued_tasks: usize },
}

#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Observed {
    pub log: Vec<Event>,
    pub ids: Vec<u32>,
    pub ends: Vec<End>,
    pub now: u64,
}

/// Decodes raw bytes (from a fuzzer) into operations on a [`TaskQueues`].
pub fn decode_queue_ops(bytes: &[u8]) -> Vec<QueueOp> {
    bytes
        .iter()
        .map(|b| match b % 16 {
            0..=7 => QueueOp::Push(usize::from(b / 16)),
            8..=14 => QueueOp::Take,
            _ => QueueOp::Retain(u64::from(b / 16) + 2),
        })
        .collect()
}

/// Decodes raw bytes (from a fuzzer) into operations on a [`Timers`] store.
pub fn decode_timer_ops(bytes: &[u8]) -> Vec<TimerOp> {
    bytes
        .chunks(2)
        .map(|c| {
            let (a, b) = (c[0], c.get(1).copied().unwrap_or(0));
            let n = usize::from(b);
            let ms = u32::from(b) * if a & 0x80 != 0 { 10 } else { 1 };
            match a % 8 {
                0..=2 => TimerOp::Start(ms),
                3 => TimerOp::Restart(n, u32::from(a >> 3)),
                4 => TimerOp::Clear(n),
                5 => TimerOp::Remove(n),
                _ => TimerOp::TakeDue(ms),
            }
        })
        .collect()
}

/// Decodes raw bytes (from a fuzzer) into a script of operations.
pub fn decode_ops(bytes: &[u8]) -> Vec<Op> {
    let mut r = Reader { bytes, at: 0, budget: 400 };
    let mut ops = Vec::new();
    while r.at < r.bytes.len() && r.budget > 0 {
        ops.push(r.op(0));
    }
    ops
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
    budget: u32,
}

impl Reader<'_> {
    fn byte(&mut self) -> u8 {
        let b = self.bytes.get(self.at).copied().unwrap_or(0);
        self.at += 1;
        b
    }
    fn body(&mut self, depth: u32) -> Vec<Op> {
        let n = if depth >= 3 { 0 } else { self.byte() % 4 };
        (0..n).map(|_| self.op(depth + 1)).collect()
    }
    fn timeout(&mut self) -> i32 {
        let b = self.byte();
        match b % 8 {
            0 => 0,
            1 => -i32::from(self.byte() % 8),
            2 => i32::from(self.byte() % 5),
            3 => i32::from(self.byte()) * 50,
            4 => i32::MAX - i32::from(self.byte()),
            _ => i32::from(self.byte() % 40),
        }
    }
    fn op(&mut self, depth: u32) -> Op {
        self.budget = self.budget.saturating_sub(1);
        let b = self.byte();
        match b % 11 {
            0 | 1 => Op::Queue(usize::from(self.byte()), self.body(depth)),
            2..=4 => {
                let timeout = self.timeout();
                let repeat = self.byte().is_multiple_of(3);
                Op::Start { timeout, repeat, body: self.body(depth) }
            }
            5 => Op::Clear(usize::from(self.byte())),
            6 => Op::Microtask(self.body(depth)),
            7 => Op::Advance(u32::from(self.byte() % 30)),
            _ if depth > 0 => Op::Advance(u32::from(self.byte() % 3)),
            _ => Op::Run(u32::from(self.byte()) * (1 + u32::from(b / 11 % 4) * 10)),
        }
    }
}

/// How many operations the bodies of one script may perform in all, in the
/// loop and in the model alike: an interval whose handler starts another
/// interval would otherwise grow without bound.
pub const BODY_BUDGET: u32 = 100;

/// The body of a task, a timer handler or a microtask.
#[derive(Debug)]
pub struct Body {
    name: u32,
    ops: Vec<Op>,
}

type Steps = Rc<Body>;

/// A clock the test can move from outside the loop.
struct SharedClock(Rc<Cell<Duration>>);

impl Clock for SharedClock {
    fn now(&self) -> Duration {
        self.0.get()
    }
    fn wait_until(&mut self, deadline: Duration) {
        self.0.set(self.0.get().max(deadline));
    }
    fn time_origin_unix_ms(&self) -> f64 {
        0.0
    }
    fn kind(&self) -> ClockKind {
        ClockKind::Virtual
    }
}

fn ms(d: Duration) -> u64 {
    d.as_millis() as u64
}

#[derive(Default)]
struct RealState {
    clock: Rc<Cell<Duration>>,
    microtasks: RefCell<VecDeque<Steps>>,
    next_name: Cell<u32>,
    obs: RefCell<Observed>,
    /// id → the name of the timer that owns it, and the names cleared so far.
    names: RefCell<HashMap<u32, u32>>,
    cleared: RefCell<HashSet<u32>>,
    intervals: RefCell<HashSet<u32>>,
    violations: RefCell<Vec<String>>,
    /// Operations the bodies may still perform (see [`BODY_BUDGET`]).
    spent: Cell<u32>,
}

#[derive(Clone, Default)]
struct RealHost(Rc<RealState>);

impl RealHost {
    fn body(&self, ops: &[Op]) -> Steps {
        let name = self.0.next_name.get();
        self.0.next_name.set(name + 1);
        Rc::new(Body { name, ops: ops.to_vec() })
    }

    fn perform(&self, lp: &Loop<Steps>, ops: &[Op], in_body: bool) {
        for op in ops {
            if in_body {
                if self.0.spent.get() >= BODY_BUDGET {
                    return;
                }
                self.0.spent.set(self.0.spent.get() + 1);
            }
            match op {
                Op::Queue(s, body) => {
                    let source = TaskSource::ALL[s % TaskSource::ALL.len()];
                    let steps = self.body(body);
                    lp.borrow_mut().queue_task(source, "task", None, steps);
                }
                Op::Start { timeout, repeat, body } => {
                    let steps = self.body(body);
                    let name = steps.name;
                    let id = lp.borrow_mut().timer_initialization_steps(steps, *timeout, *repeat, None, None);
                    let mut obs = self.0.obs.borrow_mut();
                    if id == 0 || obs.ids.contains(&id) {
                        self.0.violations.borrow_mut().push(format!("timer id {id} is zero or not unique"));
                    }
                    obs.ids.push(id);
                    self.0.names.borrow_mut().insert(id, name);
                    if *repeat {
                        self.0.intervals.borrow_mut().insert(id);
                    }
                }
                Op::Clear(n) => {
                    let id = pick_id(&self.0.obs.borrow().ids, *n);
                    lp.borrow_mut().clear_timer(id);
                    if let Some(name) = self.0.names.borrow().get(&id) {
                        self.0.cleared.borrow_mut().insert(*name);
                    }
                    self.0.intervals.borrow_mut().remove(&id);
                }
                Op::Microtask(body) => {
                    let steps = self.body(body);
                    self.0.microtasks.borrow_mut().push_back(steps);
                }
                Op::Advance(n) => {
                    let c = &self.0.clock;
                    c.set(c.get() + Duration::from_millis(u64::from(*n)));
                }
                Op::Run(n) => {
                    let limit = self.0.clock.get() + Duration::from_millis(u64::from(*n));
                    lp.borrow_mut().set_max_time(Some(limit));
                    let end = html::run(lp, self);
                    let end = match end {
                        LoopEnd::Finished => End::Finished,
                        LoopEnd::MaxTime { limit, active_timers, queued_tasks } => {
                            End::MaxTime { limit: ms(limit), active_timers, queued_tasks }
                        }
                        LoopEnd::Stopped | LoopEnd::Paused => {
                            self.0
                                .violations
                                .borrow_mut()
                                .push(format!("the loop ended with {end:?} by itself"));
                            End::Finished
                        }
                    };
                    self.0.obs.borrow_mut().ends.push(end);
                }
            }
        }
    }

    fn ran(&self, steps: &Steps, source: Option<TaskSource>) {
        if self.0.cleared.borrow().contains(&steps.name) {
            self.0
                .violations
                .borrow_mut()
                .push(format!("body {} ran after its timer was cleared", steps.name));
        }
        let now = ms(self.0.clock.get());
        self.0.obs.borrow_mut().log.push((steps.name, now, source));
    }
}

fn pick_id(ids: &[u32], n: usize) -> u32 {
    if ids.is_empty() {
        // An id nobody was given (ids count up from 1).
        1_000_000 + (n % 1_000_000) as u32
    } else {
        ids[n % ids.len()]
    }
}

impl Host for RealHost {
    type Steps = Steps;
    fn perform_steps(&self, lp: &Loop<Steps>, task: &TaskInfo, steps: Steps) {
        self.ran(&steps, Some(task.source));
        self.perform(lp, &steps.ops, true);
    }
    fn run_oldest_microtask(&self, lp: &Loop<Steps>) -> bool {
        let next = self.0.microtasks.borrow_mut().pop_front();
        match next {
            Some(steps) => {
                self.ran(&steps, None);
                self.perform(lp, &steps.ops, true);
                true
            }
            None => false,
        }
    }
}

/// Runs `ops` on the real event loop.
fn run_real(ops: &[Op]) -> Result<Observed, String> {
    let host = RealHost::default();
    let clock = SharedClock(host.0.clock.clone());
    let lp: Loop<Steps> = EventLoop::new(Box::new(clock), Tracer::off()).into_handle();
    host.perform(&lp, ops, false);
    let violations = host.0.violations.borrow().clone();
    if let Some(v) = violations.first() {
        return Err(v.clone());
    }
    // Intervals repeat: every interval not cleared is still in the map of ids.
    for id in host.0.intervals.borrow().iter() {
        if lp.borrow().timers.entry(*id).is_none() {
            return Err(format!("interval {id} was never cleared but is gone from the map of ids"));
        }
    }
    let mut obs = host.0.obs.borrow().clone();
    obs.now = ms(host.0.clock.get());
    Ok(obs)
}

// The reference model: the processing model, the timer initialization steps
// and the microtask checkpoint, written down as plainly as possible.

#[derive(Debug, Clone)]
struct MTimer {
    key: u64,
    deadline: u64,
    requested: i32,
    repeat: bool,
    nesting: u32,
    body: Rc<Body>,
    /// Still waiting (not yet due).
    waiting: bool,
}

#[derive(Debug, Clone)]
enum MTaskKind {
    Host(Rc<Body>),
    Timer { id: u32, key: u64, nesting: u32, body: Rc<Body> },
}

#[derive(Debug, Clone)]
struct MTask {
    source: TaskSource,
    kind: MTaskKind,
}

#[derive(Default)]
struct Model {
    now: u64,
    next_id: u32,
    next_key: u64,
    next_name: u32,
    /// Every task queue, merged: the loop takes the oldest task of all.
    queue: VecDeque<MTask>,
    timers: BTreeMap<u32, MTimer>,
    microtasks: VecDeque<Rc<Body>>,
    /// The currently running task's timer nesting level (None: no task, a
    /// non-timer task, or a microtask).
    running_nesting: Option<u32>,
    max_time: u64,
    spent: u32,
    obs: Observed,
}

impl Model {
    fn body(&mut self, ops: &[Op]) -> Rc<Body> {
        let name = self.next_name;
        self.next_name += 1;
        Rc::new(Body { name, ops: ops.to_vec() })
    }

    /// Every timer whose timeout has elapsed queues its task, in (deadline,
    /// start order).
    fn queue_due_timers(&mut self) {
        let mut due: Vec<(u64, u64, u32)> = self
            .timers
            .iter()
            .filter(|(_, t)| t.waiting && t.deadline <= self.now)
            .map(|(id, t)| (t.deadline, t.key, *id))
            .collect();
        due.sort();
        for (_, _, id) in due {
            self.queue_timer(id);
        }
    }

    /// Timer `id`'s wait is over: its task is queued.
    fn queue_timer(&mut self, id: u32) {
        let t = self.timers.get_mut(&id).unwrap();
        t.waiting = false;
        let kind = MTaskKind::Timer { id, key: t.key, nesting: t.nesting, body: t.body.clone() };
        self.queue.push_back(MTask { source: TaskSource::Timer, kind });
    }

    fn start(&mut self, body: Rc<Body>, timeout: i32, repeat: bool, previous: Option<u32>) -> u32 {
        let id = previous.unwrap_or_else(|| {
            self.next_id += 1;
            self.next_id
        });
        let mut nesting = self.running_nesting.unwrap_or(0);
        let mut t = timeout.max(0);
        if nesting > 5 && t < 4 {
            t = 4;
        }
        nesting += 1;
        self.next_key += 1;
        let timer = MTimer {
            key: self.next_key,
            deadline: self.now + t as u64,
            requested: timeout,
            repeat,
            nesting,
            body,
            waiting: true,
        };
        self.timers.insert(id, timer);
        // A zero timeout is queued as it starts; any other timer only when
        // the loop next chooses a task (even one that came due meanwhile).
        if t == 0 {
            self.queue_timer(id);
        }
        id
    }

    fn perform(&mut self, ops: &[Op], in_body: bool) {
        for op in ops {
            if in_body {
                if self.spent >= BODY_BUDGET {
                    return;
                }
                self.spent += 1;
            }
            match op {
                Op::Queue(s, body) => {
                    let source = TaskSource::ALL[s % TaskSource::ALL.len()];
                    let body = self.body(body);
                    self.queue.push_back(MTask { source, kind: MTaskKind::Host(body) });
                }
                Op::Start { timeout, repeat, body } => {
                    let body = self.body(body);
                    let id = self.start(body, *timeout, *repeat, None);
                    self.obs.ids.push(id);
                }
                Op::Clear(n) => {
                    let id = pick_id(&self.obs.ids, *n);
                    self.timers.remove(&id);
                }
                Op::Microtask(body) => {
                    let body = self.body(body);
                    self.microtasks.push_back(body);
                }
                Op::Advance(n) => self.now += u64::from(*n),
                Op::Run(n) => {
                    self.max_time = self.now + u64::from(*n);
                    let end = self.run();
                    self.obs.ends.push(end);
                }
            }
        }
    }

    fn has_work(&self) -> bool {
        !self.queue.is_empty() || self.timers.values().any(|t| t.waiting)
    }

    fn max_time_end(&self) -> End {
        End::MaxTime {
            limit: self.max_time,
            active_timers: self.timers.values().filter(|t| t.waiting).count(),
            queued_tasks: self.queue.len(),
        }
    }

    fn run(&mut self) -> End {
        loop {
            self.queue_due_timers();
            if let Some(task) = self.queue.pop_front() {
                self.run_task(task);
            } else {
                let Some(next) = self.timers.values().filter(|t| t.waiting).map(|t| t.deadline).min() else {
                    return End::Finished;
                };
                if next > self.max_time {
                    return self.max_time_end();
                }
                self.now = self.now.max(next);
            }
            if self.now >= self.max_time && self.has_work() {
                return self.max_time_end();
            }
        }
    }

    fn run_task(&mut self, task: MTask) {
        match task.kind {
            MTaskKind::Host(body) => {
                self.running_nesting = None;
                self.obs.log.push((body.name, self.now, Some(task.source)));
                self.perform(&body.ops, true);
            }
            MTaskKind::Timer { id, key, nesting, body } => {
                self.running_nesting = Some(nesting);
                if self.timers.get(&id).is_some_and(|t| t.key == key) {
                    self.obs.log.push((body.name, self.now, Some(task.source)));
                    self.perform(&body.ops, true);
                    if let Some(t) = self.timers.get(&id).filter(|t| t.key == key).cloned() {
                        if t.repeat {
                            self.start(t.body, t.requested, true, Some(id));
                        } else {
                            self.timers.remove(&id);
                        }
                    }
                }
            }
        }
        self.running_nesting = None;
        // The microtask checkpoint: until the queue is empty, microtasks
        // queued by microtasks included.
        while let Some(m) = self.microtasks.pop_front() {
            self.obs.log.push((m.name, self.now, None));
            self.perform(&m.ops, true);
        }
    }
}

fn run_model(ops: &[Op]) -> Observed {
    let mut m = Model::default();
    m.perform(ops, false);
    let mut obs = m.obs.clone();
    obs.now = m.now;
    obs
}

/// Runs `ops` on the real event loop and on the model and compares what
/// ran, when, on which source, the ids handed out and how each run ended.
pub fn check_event_loop(ops: &[Op]) -> Result<(), String> {
    let real = run_real(ops)?;
    let model = run_model(ops);
    if real.ids != model.ids {
        return Err(format!("timer ids: real {:?}, model {:?}", real.ids, model.ids));
    }
    if real.log != model.log {
        let at = real
            .log
            .iter()
            .zip(&model.log)
            .position(|(a, b)| a != b)
            .unwrap_or(real.log.len().min(model.log.len()));
        return Err(format!(
            "what ran differs at entry {at}: real {:?}, model {:?} (lengths {} and {})",
            real.log.get(at),
            model.log.get(at),
            real.log.len(),
            model.log.len()
        ));
    }
    if real.ends != model.ends {
        return Err(format!("run ends: real {:?}, model {:?}", real.ends, model.ends));
    }
    if real.now != model.now {
        return Err(format!("final time: real {}ms, model {}ms", real.now, model.now));
    }
    Ok(())
}

// ---------------------------------------------------------------- proptest

#[cfg(test)]
mod props {
    use super::*;
    use proptest::prelude::*;

    fn queue_op() -> impl Strategy<Value = QueueOp> {
        prop_oneof![
            4 => (0usize..8).prop_map(QueueOp::Push),
            3 => Just(QueueOp::Take),
            1 => (2u64..6).prop_map(QueueOp::Retain),
        ]
    }

    fn timer_op() -> impl Strategy<Value = TimerOp> {
        let ms = prop_oneof![Just(0u32), 0u32..10, 0u32..200];
        prop_oneof![
            4 => ms.clone().prop_map(TimerOp::Start),
            1 => (any::<usize>(), ms).prop_map(|(n, t)| TimerOp::Restart(n, t)),
            2 => any::<usize>().prop_map(TimerOp::Clear),
            1 => any::<usize>().prop_map(TimerOp::Remove),
            3 => prop_oneof![Just(0u32), 0u32..20, 0u32..300].prop_map(TimerOp::TakeDue),
        ]
    }

    fn timeout() -> impl Strategy<Value = i32> {
        prop_oneof![Just(0), -5i32..0, 0i32..5, 0i32..40, 0i32..2000, Just(i32::MAX)]
    }

    /// An operation inside a body (no Run), nested up to `depth` levels.
    fn inner_op() -> impl Strategy<Value = Op> {
        let leaf = prop_oneof![
            2 => (0usize..8).prop_map(|s| Op::Queue(s, vec![])),
            3 => (timeout(), prop::bool::weighted(0.1)).prop_map(|(timeout, repeat)| Op::Start { timeout, repeat, body: vec![] }),
            2 => any::<usize>().prop_map(Op::Clear),
            1 => Just(Op::Microtask(vec![])),
            1 => (0u32..3).prop_map(Op::Advance),
        ];
        leaf.prop_recursive(3, 24, 3, |inner| {
            let body = prop::collection::vec(inner, 0..3);
            prop_oneof![
                2 => ((0usize..8), body.clone()).prop_map(|(s, b)| Op::Queue(s, b)),
                3 => (timeout(), prop::bool::weighted(0.05), body.clone())
                    .prop_map(|(timeout, repeat, body)| Op::Start { timeout, repeat, body }),
                2 => any::<usize>().prop_map(Op::Clear),
                1 => body.prop_map(Op::Microtask),
                1 => (0u32..3).prop_map(Op::Advance),
            ]
        })
    }

    fn top_op() -> impl Strategy<Value = Op> {
        prop_oneof![
            6 => inner_op(),
            1 => (0u32..50).prop_map(Op::Advance),
            3 => prop_oneof![Just(0u32), 0u32..30, 0u32..500].prop_map(Op::Run),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

        #[test]
        fn task_queues_are_fifo_per_source_and_oldest_first_across(ops in prop::collection::vec(queue_op(), 0..200)) {
            prop_assert_eq!(check_task_queues(&ops), Ok(()));
        }

        #[test]
        fn the_timer_store_matches_the_model(ops in prop::collection::vec(timer_op(), 0..120)) {
            prop_assert_eq!(check_timer_store(&ops), Ok(()));
        }

        #[test]
        fn the_event_loop_runs_tasks_timers_and_microtasks_as_the_model_says(
            ops in prop::collection::vec(top_op(), 0..60)
        ) {
            prop_assert_eq!(check_event_loop(&ops), Ok(()));
        }

    }

    proptest! {
        // The fuzzer's encoding (nested intervals are common in it, so each
        // case costs more): fewer, shorter cases here; the fuzz target
        // core_model runs it at length.
        #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

        #[test]
        fn decoded_byte_scripts_match_the_model(bytes in prop::collection::vec(any::<u8>(), 0..120)) {
            prop_assert_eq!(check_event_loop(&decode_ops(&bytes)), Ok(()));
        }
    }

    /// A few hand-written scripts that pin the model itself to known
    /// behaviour, so a wrong model cannot agree with a wrong loop.
    #[test]
    fn the_model_knows_the_basic_rules() {
        let t = |timeout, repeat, body| Op::Start { timeout, repeat, body };
        // A 10 ms timeout, a 0 ms timeout, a task: 0 ms timer task first
        // (queued when it started), then the task, then 10 ms.
        let ops = vec![t(10, false, vec![]), t(0, false, vec![]), Op::Queue(0, vec![]), Op::Run(100)];
        let m = run_model(&ops);
        assert_eq!(
            m.log,
            vec![
                (1, 0, Some(TaskSource::Timer)),
                (2, 0, Some(TaskSource::DomManipulation)),
                (0, 10, Some(TaskSource::Timer))
            ]
        );
        assert_eq!(m.ends, vec![End::Finished]);
        assert_eq!(check_event_loop(&ops), Ok(()));
        // An interval of 0 ms: five runs at 0, then clamped to 4 ms.
        let ops = vec![t(0, true, vec![]), Op::Run(12)];
        let m = run_model(&ops);
        let times: Vec<u64> = m.log.iter().map(|e| e.1).collect();
        // Levels 1 to 6 run at 0 ms (a level 6 task's timer is the first
        // clamped), then 4 and 8; the clock reaching 12 ends the run first.
        assert_eq!(times, vec![0, 0, 0, 0, 0, 0, 4, 8]);
        assert_eq!(m.ends, vec![End::MaxTime { limit: 12, active_timers: 1, queued_tasks: 0 }]);
        assert_eq!(check_event_loop(&ops), Ok(()));
        // A timer cleared after its task was queued does nothing.
        let ops = vec![t(0, false, vec![]), Op::Clear(0), Op::Run(5)];
        assert!(run_model(&ops).log.is_empty());
        assert_eq!(check_event_loop(&ops), Ok(()));
        // Microtasks run after the task, before the next one, and a timer
        // started in a microtask has nesting level 0.
        let ops = vec![
            Op::Queue(2, vec![Op::Microtask(vec![Op::Microtask(vec![])])]),
            Op::Queue(3, vec![]),
            Op::Run(1),
        ];
        let m = run_model(&ops);
        assert_eq!(m.log.iter().map(|e| e.0).collect::<Vec<_>>(), vec![0, 2, 3, 1]);
        assert_eq!(m.ends, vec![End::Finished]);
        // --max-time 0 stops after the first task when work remains.
        let ops = vec![Op::Queue(0, vec![]), Op::Queue(1, vec![]), Op::Run(0)];
        let m = run_model(&ops);
        assert_eq!(m.log.len(), 1);
        assert_eq!(m.ends, vec![End::MaxTime { limit: 0, active_timers: 0, queued_tasks: 1 }]);
        assert_eq!(check_event_loop(&ops), Ok(()));
        assert_eq!(check_event_loop(&ops), Ok(()));
    }
}
