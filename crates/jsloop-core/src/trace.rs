//! The trace: every step the loop takes, as text or as JSON lines.
//!
//! The JSON schema is documented in `docs/trace.md`. Times are milliseconds
//! since the time origin; under the virtual clock they are exact, so two runs
//! of a script write byte-identical traces.
use std::cell::RefCell;
use std::io::Write;
use std::rc::Rc;
use std::time::Duration;

use serde::Serialize;

use crate::clock::millis;
use crate::task_source::{Origin, TaskSource};

/// The trace's output format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TraceFormat {
    /// One human-readable line per step ([`TextSink`], [`describe`]).
    Text,
    /// One JSON object per line ([`JsonLinesSink`]; docs/trace.md).
    Json,
}

/// One step of the loop.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum TraceEvent {
    /// A task was queued on a task source.
    TaskQueued {
        /// The task's number in the loop.
        task: u64,
        /// The task source it was queued on.
        source: TaskSource,
        /// What the task is (`timer #3 setTimeout(0ms, nesting 2)`).
        label: String,
        /// Where the script queued it from, when jsloop can tell.
        #[serde(skip_serializing_if = "Option::is_none")]
        origin: Option<Origin>,
    },
    /// The loop took a task from its queue and began its steps.
    TaskStart {
        /// The task's number in the loop.
        task: u64,
        /// The task source it was queued on.
        source: TaskSource,
        /// What the task is.
        label: String,
        /// Where the script queued it from, when jsloop can tell.
        #[serde(skip_serializing_if = "Option::is_none")]
        origin: Option<Origin>,
        /// How long it waited in its queue.
        waited_ms: f64,
    },
    /// The task's steps and its microtask checkpoint are done.
    TaskEnd {
        /// The task's number in the loop.
        task: u64,
        /// How long it took, its checkpoint included (0 under the virtual
        /// clock, where running code takes no time).
        duration_ms: f64,
        /// Whether it was a long task (over [`LONG_TASK_THRESHOLD`](crate::html::LONG_TASK_THRESHOLD)).
        long: bool,
    },
    /// A timer was started by the timer initialization steps.
    TimerStart {
        /// The timer's ID.
        timer: u32,
        /// `setTimeout` or `setInterval`.
        kind: &'static str,
        /// The timeout the script asked for.
        requested_ms: f64,
        /// The timeout after steps 4–5 (negative to 0, the 4 ms clamp).
        timeout_ms: f64,
        /// The timer nesting level of the task it will queue.
        nesting: u32,
        /// Whether the 4 ms minimum applied (nesting level > 5).
        clamped: bool,
        /// When the timeout elapses.
        deadline_ms: f64,
        /// Where the script set it, when jsloop can tell.
        #[serde(skip_serializing_if = "Option::is_none")]
        origin: Option<Origin>,
    },
    /// A timer's timeout elapsed and its task was queued.
    TimerDue {
        /// The timer's ID.
        timer: u32,
        /// The task it queued on the timer task source.
        task: u64,
    },
    /// clearTimeout/clearInterval removed an active timer.
    TimerCleared {
        /// The timer's ID.
        timer: u32,
    },
    /// A timer task ran after its timer was cleared: it does nothing.
    TimerTaskAborted {
        /// The timer's ID.
        timer: u32,
    },
    /// A microtask ran.
    Microtask {
        /// `promise job` (QuickJS's job queue), or `nextTick` in the Node loop.
        kind: String,
        /// Where the script queued it from, when jsloop can tell.
        #[serde(skip_serializing_if = "Option::is_none")]
        origin: Option<Origin>,
    },
    /// The microtask just started says what it is (a promise reaction and
    /// where `.then` was called, a queueMicrotask callback, a mutation
    /// observer notification).
    MicrotaskSource {
        /// `promise reaction`, `queueMicrotask`, `mutation observer
        /// notification (N records)`.
        kind: String,
        /// Where the script registered it (where `.then` was called), when jsloop can tell.
        #[serde(skip_serializing_if = "Option::is_none")]
        origin: Option<Origin>,
    },
    /// A microtask checkpoint ran `microtasks` microtasks (each traced
    /// before it as a `microtask` event); empty checkpoints are not traced.
    CheckpointEnd {
        /// How many microtasks it ran (at least 1).
        microtasks: u64,
    },
    /// Nothing was runnable, so the loop waited and the clock moved.
    ClockAdvance {
        /// The time before the wait.
        from_ms: f64,
        /// The time after it.
        to_ms: f64,
    },
    /// A rendering opportunity: the update-the-rendering task of frame `frame`
    /// began, with this frame timestamp.
    FrameStart {
        /// The frame's number, from 1.
        frame: u64,
        /// The frame timestamp (the last rendering opportunity's time) that
        /// animation frame callbacks get.
        timestamp_ms: f64,
        /// How many animation frame callbacks are waiting.
        animation_frame_callbacks: usize,
    },
    /// One step of update the rendering, and what it did.
    RenderingStep {
        /// The step's name in the standard.
        step: &'static str,
        /// What jsloop did for it (usually: nothing to do, and why).
        note: &'static str,
    },
    /// Update the rendering skipped the document (unnecessary rendering).
    FrameSkipped {
        /// The frame's number.
        frame: u64,
        /// Why it was skipped.
        reason: &'static str,
    },
    /// An animation frame callback started.
    AnimationFrameCallback {
        /// `requestAnimationFrame`'s handle.
        handle: u32,
        /// The frame timestamp passed to the callback.
        timestamp_ms: f64,
    },
    /// The document was painted: what changed since the last paint.
    Paint {
        /// The frame's number.
        frame: u64,
        /// What the host's [`paint`](crate::html::Host::paint) said changed.
        changes: Vec<String>,
    },
    /// An idle period started.
    IdlePeriodStart {
        /// The idle period's deadline.
        deadline_ms: f64,
        /// How many idle callbacks are runnable in it.
        callbacks: usize,
    },
    /// An idle callback started.
    IdleCallback {
        /// `requestIdleCallback`'s handle.
        handle: u32,
        /// `timeRemaining()` as the callback starts.
        time_remaining_ms: f64,
        /// Whether it runs because its `timeout` elapsed.
        did_timeout: bool,
    },
    /// The Node loop entered a phase with callbacks to run.
    PhaseStart {
        /// The phase's [name](crate::uv::Phase::name).
        phase: &'static str,
    },
    /// The Node loop left a phase after running `callbacks` callbacks.
    PhaseEnd {
        /// The phase's [name](crate::uv::Phase::name).
        phase: &'static str,
        /// How many callbacks it ran.
        callbacks: usize,
    },
    /// A request was handed to the thread pool (libuv's `uv_fs_t`,
    /// `uv_work_t`, `uv_getaddrinfo_t`): what the work is (`fs.open`,
    /// `crypto.pbkdf2`, `dns.lookup`) and what it works on.
    PoolQueued {
        /// The request's number (in the order requests were made).
        request: u64,
        /// What the work is: `fs.open`, `fs.read`, `crypto.pbkdf2`, `dns.lookup`, `zlib.gzip`.
        work: String,
        /// What it works on (a path, a descriptor, a host name), if anything.
        #[serde(skip_serializing_if = "String::is_empty")]
        detail: String,
    },
    /// A thread-pool request completed: its callback runs now, in this phase
    /// of this turn of the loop.
    PoolDone {
        /// The request's number ([`TraceEvent::PoolQueued`]'s).
        request: u64,
        /// What the work was.
        work: String,
        /// The error it ended with (`ENOENT`), if it failed.
        #[serde(skip_serializing_if = "Option::is_none")]
        error: Option<String>,
        /// The phase whose callback it is (`poll`).
        phase: &'static str,
        /// The turn of the loop (1 for the first).
        turn: u64,
    },
    /// A handle was opened: a server listening, a socket connecting or
    /// accepted, a child process's pipe.
    HandleOpen {
        /// The handle's number.
        handle: u64,
        /// What it is (`tcp server`, `tcp socket`, `pipe`, …).
        kind: String,
        /// Its local address, when it has one.
        #[serde(skip_serializing_if = "Option::is_none")]
        local: Option<String>,
        /// The peer's address, when it has one.
        #[serde(skip_serializing_if = "Option::is_none")]
        remote: Option<String>,
    },
    /// Something happened on a handle: its callback runs now (`connect`,
    /// `accept`, `read`, `end`, `write`, `shutdown`, `error`, in the phase and
    /// turn given), or a write was queued on it (`write queued`, in the
    /// callback that wrote).
    HandleEvent {
        /// The handle's number.
        handle: u64,
        /// What happened.
        what: &'static str,
        /// How many bytes (a read, a write).
        #[serde(skip_serializing_if = "Option::is_none")]
        bytes: Option<u64>,
        /// More about it (the connection accepted, the error, the write request).
        #[serde(skip_serializing_if = "Option::is_none")]
        detail: Option<String>,
        /// The phase running (`poll`, `pending callbacks`; `main module`
        /// before the loop starts).
        phase: &'static str,
        /// The turn of the loop (0 before the first).
        turn: u64,
    },
    /// A handle was closed.
    HandleClose {
        /// The handle's number.
        handle: u64,
    },
    /// A child process was spawned, or its exit was seen (libuv's SIGCHLD
    /// handle: the exit callback runs in this phase of this turn).
    ChildProcess {
        /// The process id.
        pid: u32,
        /// `spawned` or `exited`.
        what: &'static str,
        /// The command line (spawned), or the exit code or signal (exited).
        detail: String,
        /// The phase running.
        phase: &'static str,
        /// The turn of the loop (0 before the first).
        turn: u64,
    },
    /// An HTTP message on a connection: a request parsed (method, URL), a
    /// response received (status), a response finished (status).
    Http {
        /// The connection's socket handle.
        handle: u64,
        /// `request parsed`, `response received` or `response finished`.
        message: &'static str,
        /// The request's method.
        #[serde(skip_serializing_if = "Option::is_none")]
        method: Option<String>,
        /// The request's URL (its target).
        #[serde(skip_serializing_if = "Option::is_none")]
        url: Option<String>,
        /// The response's status code.
        #[serde(skip_serializing_if = "Option::is_none")]
        status: Option<u16>,
    },
    /// The script printed a line (console.log to stdout is stream 1, errors 2).
    Output {
        /// 1 for stdout, 2 for stderr.
        stream: u8,
        /// The line, without its newline.
        text: String,
    },
    /// A quantity at this moment, such as how many tasks are queued.
    Counter {
        /// What is counted (`queued tasks`, `active timers`).
        name: &'static str,
        /// Its value.
        value: u64,
    },
    /// The script's frames on the stack when it called the host function
    /// whose record comes next (a `console.log`'s output, a timer started, a
    /// task queued, a note such as `el.click()`'s): innermost first, the
    /// host's own JavaScript (its glue) and native functions left out. The
    /// outermost frame is the callback the loop called (or the script).
    CallStack {
        /// The frames, innermost first.
        frames: Vec<StackFrame>,
    },
    /// A free-form note from the host (script start, an uncaught error, ...).
    Note {
        /// The note.
        text: String,
    },
    /// The loop ended.
    LoopEnd {
        /// Why, in words (`nothing can ever run again`, `--max-time 100ms reached`, …).
        reason: String,
    },
}

/// One frame of the script's stack ([`TraceEvent::CallStack`]).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StackFrame {
    /// The function's name as the engine reports it (`<anonymous>` for an
    /// arrow function or a module's top level, `<eval>` for a script's).
    pub function: String,
    /// Where it is running now: its file, line and column.
    #[serde(flatten)]
    pub at: Origin,
}

/// One recorded event: when, and what.
#[derive(Debug, Clone, Serialize)]
pub struct TraceRecord {
    /// The loop's clock when it happened: milliseconds since the time origin.
    pub at_ms: f64,
    /// Which loop it happened in, when a program has several (a worker's:
    /// `worker 1 (w.js)`); none for the page's or main thread's loop.
    #[serde(rename = "loop", skip_serializing_if = "Option::is_none")]
    pub loop_name: Option<String>,
    /// What happened (serialized flat, with its `event` tag).
    #[serde(flatten)]
    pub event: TraceEvent,
    /// The host's own time when it happened: wall-clock milliseconds since
    /// the process's first trace record (a monotonic clock). Under the
    /// virtual clock, the difference between two records is how long the
    /// host's work between them really took. Not written to text or JSON
    /// lines (they stay identical from run to run); the Chrome trace draws a
    /// track of it.
    #[serde(skip)]
    pub host_ms: f64,
}

/// The host time of a record: since the first record of the process.
fn host_now_ms() -> f64 {
    static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    START.get_or_init(std::time::Instant::now).elapsed().as_secs_f64() * 1000.0
}

/// Where trace events go: implement it to receive the loop's steps as data.
///
/// jsloop's own outputs are implementations: [`TextSink`] and
/// [`JsonLinesSink`] write as the loop runs; [`CollectSink`] keeps every
/// record for the views that need the whole run (the Chrome trace, the HTML
/// viewer, `jsloop explain`).
pub trait TraceSink {
    /// One step of the loop, at `at_ms` milliseconds since the time origin.
    fn record(&mut self, record: TraceRecord);
    /// Called when the loop ends or pauses.
    fn flush(&mut self) {}
}

/// The text form, one line per step.
pub struct TextSink(pub Box<dyn Write>);

impl TraceSink for TextSink {
    fn record(&mut self, r: TraceRecord) {
        // The text form is one line per step: call stacks are for the views
        // (JSON lines, the HTML viewer).
        if matches!(r.event, TraceEvent::CallStack { .. }) {
            return;
        }
        // One write per line (loops on other threads may share the writer).
        // A trace that cannot be written (a closed pipe) must not stop the loop.
        let line = match &r.loop_name {
            Some(name) => format!("[{:>10.3}ms] [{name}] {}\n", r.at_ms, describe(&r.event)),
            None => format!("[{:>10.3}ms] {}\n", r.at_ms, describe(&r.event)),
        };
        let _ = self.0.write_all(line.as_bytes());
    }
    fn flush(&mut self) {
        let _ = self.0.flush();
    }
}

/// JSON lines (docs/trace.md), one object per step.
pub struct JsonLinesSink(pub Box<dyn Write>);

impl TraceSink for JsonLinesSink {
    fn record(&mut self, r: TraceRecord) {
        let line = serde_json::to_string(&r).unwrap_or_default() + "\n";
        let _ = self.0.write_all(line.as_bytes());
    }
    fn flush(&mut self) {
        let _ = self.0.flush();
    }
}

/// Keeps every record in a shared list.
pub struct CollectSink(pub Rc<RefCell<Vec<TraceRecord>>>);

impl TraceSink for CollectSink {
    fn record(&mut self, r: TraceRecord) {
        self.0.borrow_mut().push(r);
    }
}

/// Stamps trace events with the loop's time and hands them to a sink.
pub struct Tracer {
    sink: Option<Box<dyn TraceSink>>,
    label: Option<String>,
}

impl Tracer {
    /// No trace: events cost nothing.
    pub fn off() -> Self {
        Tracer { sink: None, label: None }
    }

    /// A trace written as text or JSON lines.
    pub fn new(out: Box<dyn Write>, format: TraceFormat) -> Self {
        match format {
            TraceFormat::Text => Tracer::to_sink(Box::new(TextSink(out))),
            TraceFormat::Json => Tracer::to_sink(Box::new(JsonLinesSink(out))),
        }
    }

    /// A tracer that keeps every event in `records`.
    pub fn collecting(records: Rc<RefCell<Vec<TraceRecord>>>) -> Self {
        Tracer::to_sink(Box::new(CollectSink(records)))
    }

    /// A trace handed to any sink.
    pub fn to_sink(sink: Box<dyn TraceSink>) -> Self {
        Tracer { sink: Some(sink), label: None }
    }

    /// Labels every record with the loop it comes from (a worker's loop).
    pub fn labeled(mut self, label: &str) -> Self {
        self.label = Some(label.into());
        self
    }

    /// Whether events go anywhere (callers skip building costly events
    /// when not).
    pub fn enabled(&self) -> bool {
        self.sink.is_some()
    }

    /// Hands `event`, stamped `at` (since the time origin), to the sink.
    pub fn emit(&mut self, at: Duration, event: TraceEvent) {
        if let Some(sink) = self.sink.as_mut() {
            sink.record(TraceRecord {
                at_ms: millis(at),
                loop_name: self.label.clone(),
                event,
                host_ms: host_now_ms(),
            });
        }
    }

    /// Flushes the sink ([`TraceSink::flush`]).
    pub fn flush(&mut self) {
        if let Some(sink) = self.sink.as_mut() {
            sink.flush();
        }
    }
}

/// A loop's host-time track in a Chrome trace is its thread id plus this.
pub const HOST_TRACK: u64 = 1000;

/// The Trace Event Format (JSON) that Perfetto and chrome://tracing open
/// (each loop's slices twice: on the loop's clock, and on a host-time track
/// as long as the host's work really took, which under the virtual clock is
/// the only width they have):
/// tasks, update-the-rendering, and Node's phases as slices; thread-pool
/// requests as async slices from queued to completed; microtasks, timers,
/// paints, clock jumps, sockets and output as instant events; queue lengths
/// as counters. Times are microseconds.
pub fn to_chrome_trace(records: &[TraceRecord]) -> serde_json::Value {
    use serde_json::json;
    let mut events = Vec::new();
    let us = |ms: f64| (ms * 1000.0 * 1000.0).round() / 1000.0;
    events.push(json!({"name": "process_name", "ph": "M", "pid": 1, "tid": 1, "args": {"name": "jsloop"}}));
    events
        .push(json!({"name": "thread_name", "ph": "M", "pid": 1, "tid": 1, "args": {"name": "event loop"}}));
    // One thread (one group of lanes) per loop: the page's or main thread's
    // is tid 1, each worker's the next, in the order they first appear.
    let mut tids: Vec<String> = Vec::new();
    let mut open_tasks: Vec<(u64, u64)> = Vec::new();
    // The loops (tids) with a phase slice open.
    let mut open_phases: Vec<u64> = Vec::new();
    let mut host_tracks: Vec<u64> = Vec::new();
    let host_origin = records.iter().map(|r| r.host_ms).fold(f64::INFINITY, f64::min);
    let host_origin = if host_origin.is_finite() { host_origin } else { 0.0 };
    let host_end = records.iter().map(|r| r.host_ms).fold(0.0, f64::max);
    for r in records {
        let tid = match &r.loop_name {
            None => 1,
            Some(name) => match tids.iter().position(|t| t == name) {
                Some(i) => i as u64 + 2,
                None => {
                    tids.push(name.clone());
                    let tid = tids.len() as u64 + 1;
                    events.push(json!({"name": "thread_name", "ph": "M", "pid": 1, "tid": tid, "args": {"name": name}}));
                    tid
                }
            },
        };
        let ts = us(r.at_ms);
        // The same slice on the loop's host-time track (its thread id +
        // HOST_TRACK): as long as the host's work really took.
        let host_tid = tid + HOST_TRACK;
        if !host_tracks.contains(&host_tid) {
            host_tracks.push(host_tid);
            let name = r.loop_name.as_deref().unwrap_or("event loop");
            events.push(json!({"name": "thread_name", "ph": "M", "pid": 1, "tid": host_tid, "args": {"name": format!("{name}: host time")}}));
        }
        // Call stacks belong to the record after them (the viewer shows
        // them); Perfetto shows that record.
        if matches!(r.event, TraceEvent::CallStack { .. }) {
            continue;
        }
        let host_ts = us(r.host_ms - host_origin);
        let args = serde_json::to_value(&r.event).unwrap_or_default();
        let e = match &r.event {
            TraceEvent::TaskStart { task, source, label, .. } => {
                open_tasks.push((*task, tid));
                json!({"name": label, "cat": format!("task,{source}"), "ph": "B", "ts": ts, "pid": 1, "tid": tid, "args": args})
            }
            TraceEvent::TaskEnd { long, task, .. } => match open_tasks.iter().rposition(|(_, t)| *t == tid) {
                Some(at) => {
                    open_tasks.remove(at);
                    json!({"ph": "E", "ts": ts, "pid": 1, "tid": tid, "args": {"long": long}})
                }
                None => {
                    json!({"name": format!("end of task {task}"), "cat": "task", "ph": "i", "s": "t", "ts": ts, "pid": 1, "tid": tid, "args": {"long": long}})
                }
            },
            TraceEvent::PhaseStart { phase } => {
                open_phases.push(tid);
                json!({"name": phase, "cat": "phase", "ph": "B", "ts": ts, "pid": 1, "tid": tid})
            }
            TraceEvent::PhaseEnd { phase, callbacks } => match open_phases.iter().rposition(|t| *t == tid) {
                Some(at) => {
                    open_phases.remove(at);
                    json!({"ph": "E", "ts": ts, "pid": 1, "tid": tid, "args": {"callbacks": callbacks}})
                }
                // An end with no beginning (a trace that starts mid-phase):
                // a mark, so that every E has its B.
                None => {
                    json!({"name": format!("{phase} done"), "cat": "phase", "ph": "i", "s": "t", "ts": ts, "pid": 1, "tid": tid, "args": {"callbacks": callbacks}})
                }
            },
            TraceEvent::Counter { name, value } => {
                json!({"name": name, "ph": "C", "ts": ts, "pid": 1, "tid": tid, "args": {"value": value}})
            }
            TraceEvent::Microtask { kind, .. } => {
                json!({"name": format!("microtask: {kind}"), "cat": "microtask", "ph": "i", "s": "t", "ts": ts, "pid": 1, "tid": tid, "args": args})
            }
            // A thread-pool request is an async slice from when it was
            // queued to when its callback ran (one track per request).
            TraceEvent::PoolQueued { request, work, .. } => {
                json!({"name": work, "cat": "pool", "ph": "b", "id": format!("pool-{tid}-{request}"), "ts": ts, "pid": 1, "tid": tid, "args": args})
            }
            TraceEvent::PoolDone { request, work, .. } => {
                json!({"name": work, "cat": "pool", "ph": "e", "id": format!("pool-{tid}-{request}"), "ts": ts, "pid": 1, "tid": tid, "args": args})
            }
            TraceEvent::Paint { frame, .. } => {
                json!({"name": format!("paint (frame {frame})"), "cat": "rendering", "ph": "i", "s": "t", "ts": ts, "pid": 1, "tid": tid, "args": args})
            }
            other => {
                let name = describe(other);
                json!({"name": name, "cat": "loop", "ph": "i", "s": "t", "ts": ts, "pid": 1, "tid": tid, "args": args})
            }
        };
        // Slices (B and E) are drawn again on the host-time track.
        if matches!(e["ph"].as_str(), Some("B" | "E")) {
            let mut copy = e.clone();
            copy["tid"] = json!(host_tid);
            copy["ts"] = json!(host_ts);
            events.push(copy);
        }
        events.push(e);
    }
    // A run stopped mid-task still closes its slices.
    let end = records.last().map(|r| us(r.at_ms)).unwrap_or(0.0);
    let host_end = us(host_end - host_origin);
    for (_, tid) in open_tasks {
        events.push(json!({"ph": "E", "ts": end, "pid": 1, "tid": tid}));
        events.push(json!({"ph": "E", "ts": host_end, "pid": 1, "tid": tid + HOST_TRACK}));
    }
    for tid in open_phases {
        events.push(json!({"ph": "E", "ts": end, "pid": 1, "tid": tid}));
        events.push(json!({"ph": "E", "ts": host_end, "pid": 1, "tid": tid + HOST_TRACK}));
    }
    json!({"traceEvents": events, "displayTimeUnit": "ms"})
}

fn from(origin: &Option<Origin>) -> String {
    origin.as_ref().map(|o| format!(" from {o}")).unwrap_or_default()
}

/// The text form of one event.
pub fn describe(event: &TraceEvent) -> String {
    match event {
        TraceEvent::TaskQueued { task, source, label, origin } => {
            format!("queue   task {task} on {source} task source: {label}{}", from(origin))
        }
        TraceEvent::TaskStart { task, source, label, origin, waited_ms } => {
            let waited = if *waited_ms > 0.0 { format!(" (waited {waited_ms}ms)") } else { String::new() };
            format!("task    {task} [{source}] {label}{}{waited}", from(origin))
        }
        TraceEvent::TaskEnd { task, duration_ms, long } => {
            let long = if *long { " LONG TASK (> 50ms)" } else { "" };
            format!("end     task {task} after {duration_ms:.3}ms{long}")
        }
        TraceEvent::TimerStart {
            timer,
            kind,
            requested_ms,
            timeout_ms,
            nesting,
            clamped,
            deadline_ms,
            origin,
        } => {
            let clamp = if *clamped {
                format!(", clamped from {requested_ms}ms: nesting level > 5")
            } else {
                String::new()
            };
            format!(
                "timer   #{timer} {kind}({timeout_ms}ms, nesting {nesting}{clamp}) due at {deadline_ms}ms{}",
                from(origin)
            )
        }
        TraceEvent::TimerDue { timer, task } => format!("timer   #{timer} due: queued task {task}"),
        TraceEvent::TimerCleared { timer } => format!("timer   #{timer} cleared"),
        TraceEvent::TimerTaskAborted { timer } => {
            format!("timer   #{timer} was cleared: its task does nothing")
        }
        TraceEvent::Microtask { kind, origin } => format!("  microtask {kind}{}", from(origin)),
        TraceEvent::MicrotaskSource { kind, origin } => format!("    ↳ it is the {kind}{}", from(origin)),
        TraceEvent::CheckpointEnd { microtasks } => {
            format!("checkpoint: ran {microtasks} microtask(s)")
        }
        TraceEvent::ClockAdvance { from_ms, to_ms } => {
            format!("clock   {from_ms}ms -> {to_ms}ms (nothing runnable: wait for the next timer)")
        }
        TraceEvent::FrameStart { frame, timestamp_ms, animation_frame_callbacks } => format!(
            "frame   {frame}: update the rendering (frame timestamp {timestamp_ms:.3}ms, {animation_frame_callbacks} animation frame callback(s))"
        ),
        TraceEvent::RenderingStep { step, note } => format!("  render step: {step}: {note}"),
        TraceEvent::FrameSkipped { frame, reason } => format!("frame   {frame} skipped: {reason}"),
        TraceEvent::AnimationFrameCallback { handle, timestamp_ms } => {
            format!("  animation frame callback #{handle} (timestamp {timestamp_ms:.3}ms)")
        }
        TraceEvent::Paint { frame, changes } => {
            if changes.is_empty() {
                format!("paint   frame {frame}: nothing changed")
            } else {
                format!("paint   frame {frame}: {}", changes.join(", "))
            }
        }
        TraceEvent::IdlePeriodStart { deadline_ms, callbacks } => {
            format!("idle    period starts, deadline {deadline_ms:.3}ms, {callbacks} callback(s) runnable")
        }
        TraceEvent::IdleCallback { handle, time_remaining_ms, did_timeout } => format!(
            "  idle callback #{handle} (timeRemaining {time_remaining_ms:.3}ms{})",
            if *did_timeout { ", didTimeout" } else { "" }
        ),
        TraceEvent::PhaseStart { phase } => format!("phase   {phase}"),
        TraceEvent::PhaseEnd { phase, callbacks } => format!("phase   {phase} done: {callbacks} callback(s)"),
        TraceEvent::PoolQueued { request, work, detail } => {
            let on = if detail.is_empty() { String::new() } else { format!(" {detail}") };
            format!("pool    #{request} {work}{on} queued on the thread pool")
        }
        TraceEvent::PoolDone { request, work, error, phase, turn } => {
            let how = error.as_ref().map(|e| format!(" failed ({e})")).unwrap_or_else(|| " done".into());
            format!("pool    #{request} {work}{how}: its callback runs in the {phase} phase of turn {turn}")
        }
        TraceEvent::HandleOpen { handle, kind, local, remote } => {
            let mut at = String::new();
            if let Some(l) = local {
                at.push_str(&format!(" local {l}"));
            }
            if let Some(r) = remote {
                at.push_str(&format!(" remote {r}"));
            }
            format!("handle  #{handle} {kind} opened{at}")
        }
        TraceEvent::HandleEvent { handle, what, bytes, detail, phase, turn } => {
            let bytes = bytes.map(|b| format!(" {b} bytes")).unwrap_or_default();
            let detail = detail.as_ref().map(|d| format!(" ({d})")).unwrap_or_default();
            let when = if *turn == 0 { format!("in the {phase}") } else { format!("{phase} phase of turn {turn}") };
            format!("handle  #{handle} {what}{bytes}{detail}, {when}")
        }
        TraceEvent::HandleClose { handle } => format!("handle  #{handle} closed"),
        TraceEvent::ChildProcess { pid, what, detail, phase, turn } => {
            let when = if *turn == 0 { format!("in the {phase}") } else { format!("{phase} phase of turn {turn}") };
            format!("process {pid} {what} ({detail}), {when}")
        }
        TraceEvent::Http { handle, message, method, url, status } => {
            let mut what = String::new();
            if let Some(m) = method {
                what.push_str(&format!(" {m}"));
            }
            if let Some(u) = url {
                what.push_str(&format!(" {u}"));
            }
            if let Some(s) = status {
                what.push_str(&format!(" {s}"));
            }
            format!("http    #{handle} {message}:{what}")
        }
        TraceEvent::Output { stream, text } => {
            format!("output  {}{text}", if *stream == 2 { "(stderr) " } else { "" })
        }
        TraceEvent::Counter { name, value } => format!("count   {name} = {value}"),
        TraceEvent::CallStack { frames } => {
            let frames: Vec<String> = frames.iter().map(|f| format!("{} ({})", f.function, f.at)).collect();
            format!("stack   {}", frames.join(" <- "))
        }
        TraceEvent::Note { text } => format!("note    {text}"),
        TraceEvent::LoopEnd { reason } => format!("end of loop: {reason}"),
    }
}

/// A writer shared by the loops of one program (each on its own thread),
/// for a trace they all write to: every `write` goes through one lock, and
/// the sinks write each record with one `write_all`.
#[derive(Clone)]
pub struct SharedWriter(std::sync::Arc<std::sync::Mutex<Box<dyn Write + Send>>>);

impl SharedWriter {
    /// Shares `out`.
    pub fn new(out: Box<dyn Write + Send>) -> Self {
        SharedWriter(std::sync::Arc::new(std::sync::Mutex::new(out)))
    }
}

impl Write for SharedWriter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).write(buf)
    }
    fn write_all(&mut self, buf: &[u8]) -> std::io::Result<()> {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).write_all(buf)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).flush()
    }
}

/// Makes the tracer of each worker's loop, given the loop's name (`Send`,
/// so a worker's thread can call it).
pub type TraceFactory = std::sync::Arc<dyn Fn(&str) -> Tracer + Send + Sync>;

/// Keeps every record in a list shared across threads (the workers' loops
/// of a run whose whole trace is written at the end).
#[derive(Clone, Default)]
pub struct SharedCollectSink(pub std::sync::Arc<std::sync::Mutex<Vec<TraceRecord>>>);

impl TraceSink for SharedCollectSink {
    fn record(&mut self, r: TraceRecord) {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).push(r);
    }
}
