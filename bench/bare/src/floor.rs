//! `jsloop-bare --floor FILE`: the floor of a loop-bound workload.
//!
//! A loop-bound workload (`bench/workloads/immediate_chain.mjs`,
//! `message_ping.js`, `timer_churn.mjs`, `timers_scattered.mjs`,
//! `next_tick.mjs`) asks any runtime for some least amount of work: N calls
//! from script into native code (setImmediate, postMessage, setTimeout,
//! clearTimeout), N objects allocated (an Immediate or Timeout handle, a
//! MessageEvent) and N calls from native code back into script (the
//! callbacks). `bench/floor/NAME` is the same program written against the
//! primitives below, which do exactly that and nothing more: no event loop
//! semantics, no argument checks, no trace, one queue. What jsloop spends
//! beyond the floor's time is the loop's own overhead (bench/run reports
//! jsloop ÷ floor).
//!
//! The primitives, on `globalThis.__floor`:
//! - `immediate(f)`: queue `f` (FIFO); returns a handle object `{ id, seq }`.
//! - `tick(f)`: queue `f` (FIFO); returns nothing (Node allocates no
//!   handle for a nextTick that script can see).
//! - `post(f, data)`: queue `f` (FIFO) with `data`; when it runs, `f` gets a
//!   new event object `{ data }`.
//! - `timer(f, ms)`: run `f` when `ms` have passed (in due order, then in
//!   the order set); returns a handle object `{ id, seq }`.
//! - `cancel(handle)`: the handle's callback will not run.
//!
//! After the file is evaluated, the floor runs: the job queue is drained
//! after every callback; queued callbacks run first, then due timers; with
//! nothing due, the thread sleeps until the next timer.
use std::cell::RefCell;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};
use std::rc::Rc;
use std::time::{Duration, Instant};

use rquickjs::{Ctx, Function, Object, Persistent, Runtime, Value};

/// One callback waiting to run.
struct Entry {
    f: Persistent<Function<'static>>,
    /// `post`'s data (the event object is made when the callback runs).
    data: Option<Persistent<Value<'static>>>,
    /// Unique per entry: a queue's or the timer heap's reference to an id
    /// whose entry was cancelled and whose slot was reused is stale.
    seq: u64,
}

#[derive(Default)]
struct Floor {
    /// Callbacks by id; a cancelled or run callback leaves `None`.
    slots: Vec<Option<Entry>>,
    /// Free ids, reused.
    free: Vec<u32>,
    fifo: VecDeque<(u32, u64)>,
    /// (due, seq, id): in due order, then in the order set.
    timers: BinaryHeap<Reverse<(Duration, u64, u32)>>,
    seq: u64,
}

impl Floor {
    fn add(
        &mut self,
        f: Persistent<Function<'static>>,
        data: Option<Persistent<Value<'static>>>,
    ) -> (u32, u64) {
        self.seq += 1;
        let seq = self.seq;
        let entry = Entry { f, data, seq };
        let id = match self.free.pop() {
            Some(id) => {
                self.slots[id as usize] = Some(entry);
                id
            }
            None => {
                self.slots.push(Some(entry));
                (self.slots.len() - 1) as u32
            }
        };
        (id, seq)
    }

    /// Takes the entry `id` names, if it is still the one numbered `seq`
    /// (None: any).
    fn take(&mut self, id: u32, seq: Option<u64>) -> Option<Entry> {
        let slot = self.slots.get_mut(id as usize)?;
        if slot.as_ref().is_none_or(|e| seq.is_some_and(|s| s != e.seq)) {
            return None;
        }
        self.free.push(id);
        slot.take()
    }
}

/// A handle object: `{ id, seq }`.
fn handle<'js>(ctx: &Ctx<'js>, id: u32, seq: u64) -> rquickjs::Result<Object<'js>> {
    let h = Object::new(ctx.clone())?;
    h.set("id", id)?;
    h.set("seq", seq as f64)?;
    Ok(h)
}

/// Installs `globalThis.__floor`.
pub fn install<'js>(ctx: &Ctx<'js>, start: Instant) -> Rc<RefCell<FloorState>> {
    let state = Rc::new(RefCell::new(FloorState { floor: Floor::default(), start }));
    let floor = Object::new(ctx.clone()).expect("object");

    let s = state.clone();
    let immediate = Function::new(ctx.clone(), move |ctx: Ctx<'js>, f: Function<'js>| {
        let f = Persistent::save(&ctx, f);
        let mut st = s.borrow_mut();
        let (id, seq) = st.floor.add(f, None);
        st.floor.fifo.push_back((id, seq));
        drop(st);
        handle(&ctx, id, seq)
    })
    .expect("immediate");
    floor.set("immediate", immediate).expect("set");

    let s = state.clone();
    let tick = Function::new(ctx.clone(), move |ctx: Ctx<'js>, f: Function<'js>| {
        let f = Persistent::save(&ctx, f);
        let mut st = s.borrow_mut();
        let (id, seq) = st.floor.add(f, None);
        st.floor.fifo.push_back((id, seq));
    })
    .expect("tick");
    floor.set("tick", tick).expect("set");

    let s = state.clone();
    let post = Function::new(ctx.clone(), move |ctx: Ctx<'js>, f: Function<'js>, data: Value<'js>| {
        let (f, data) = (Persistent::save(&ctx, f), Some(Persistent::save(&ctx, data)));
        let mut st = s.borrow_mut();
        let (id, seq) = st.floor.add(f, data);
        st.floor.fifo.push_back((id, seq));
    })
    .expect("post");
    floor.set("post", post).expect("set");

    let s = state.clone();
    let timer = Function::new(ctx.clone(), move |ctx: Ctx<'js>, f: Function<'js>, ms: f64| {
        let f = Persistent::save(&ctx, f);
        let mut st = s.borrow_mut();
        let due = st.start.elapsed() + Duration::from_secs_f64(ms.max(0.0) / 1000.0);
        let (id, seq) = st.floor.add(f, None);
        st.floor.timers.push(Reverse((due, seq, id)));
        drop(st);
        handle(&ctx, id, seq)
    })
    .expect("timer");
    floor.set("timer", timer).expect("set");

    let s = state.clone();
    let cancel = Function::new(ctx.clone(), move |h: Object<'js>| {
        if let (Ok(id), Ok(seq)) = (h.get::<_, u32>("id"), h.get::<_, f64>("seq")) {
            s.borrow_mut().floor.take(id, Some(seq as u64));
        }
    })
    .expect("cancel");
    floor.set("cancel", cancel).expect("set");

    ctx.globals().set("__floor", floor).expect("global");
    state
}

/// The floor's state, kept by `main` between evaluation and [`run`].
pub struct FloorState {
    floor: Floor,
    start: Instant,
}

fn drain_jobs(rt: &Runtime) -> Result<(), String> {
    while rt.is_job_pending() {
        if rt.execute_pending_job().is_err() {
            return Err("a job threw".into());
        }
    }
    Ok(())
}

/// Runs every queued callback and timer until none is left.
pub fn run(rt: &Runtime, context: &rquickjs::Context, state: &Rc<RefCell<FloorState>>) -> Result<(), String> {
    loop {
        drain_jobs(rt)?;
        let next = {
            let mut st = state.borrow_mut();
            let st = &mut *st;
            let mut next = None;
            while let Some((id, seq)) = st.floor.fifo.pop_front() {
                if let Some(entry) = st.floor.take(id, Some(seq)) {
                    next = Some(entry);
                    break;
                }
            }
            if next.is_none() {
                while let Some(&Reverse((due, seq, id))) = st.floor.timers.peek() {
                    let live = st
                        .floor
                        .slots
                        .get(id as usize)
                        .and_then(|s| s.as_ref())
                        .is_some_and(|e| e.seq == seq);
                    if !live {
                        st.floor.timers.pop();
                        continue;
                    }
                    let now = st.start.elapsed();
                    if due > now {
                        std::thread::sleep(due - now);
                        continue;
                    }
                    st.floor.timers.pop();
                    next = st.floor.take(id, Some(seq));
                    break;
                }
            }
            next
        };
        let Some(entry) = next else { return Ok(()) };
        context.with(|ctx| -> Result<(), String> {
            let f = entry.f.restore(&ctx).map_err(|e| e.to_string())?;
            let called = match entry.data {
                Some(data) => {
                    let event = Object::new(ctx.clone()).map_err(|e| e.to_string())?;
                    event
                        .set("data", data.restore(&ctx).map_err(|e| e.to_string())?)
                        .map_err(|e| e.to_string())?;
                    f.call::<_, ()>((event,))
                }
                None => f.call::<_, ()>(()),
            };
            called.map_err(|_| format!("a callback threw: {:?}", ctx.catch()))
        })?;
    }
}
