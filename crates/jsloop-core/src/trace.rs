//! The trace: every step the loop takes, as text or as JSON lines.
//!
//! The JSON schema is documented in `docs/trace.md`. Times are milliseconds
//! since the time origin; under the virtual clock they are exact, so two runs
//! of a script write byte-identical traces.
use std::io::Write;
use std::time::Duration;

use serde::Serialize;

use crate::clock::millis;
use crate::task::{Origin, TaskSource};

/// The trace's output format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TraceFormat {
    Text,
    Json,
}

/// One step of the loop.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum TraceEvent {
    /// A task was queued on a task source.
    TaskQueued {
        task: u64,
        source: TaskSource,
        label: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        origin: Option<Origin>,
    },
    /// The loop took a task from its queue and began its steps.
    TaskStart {
        task: u64,
        source: TaskSource,
        label: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        origin: Option<Origin>,
        waited_ms: f64,
    },
    /// The task's steps and its microtask checkpoint are done.
    TaskEnd { task: u64, duration_ms: f64, long: bool },
    /// A timer was started by the timer initialization steps.
    TimerStart {
        timer: u32,
        kind: &'static str,
        requested_ms: f64,
        timeout_ms: f64,
        nesting: u32,
        clamped: bool,
        deadline_ms: f64,
        #[serde(skip_serializing_if = "Option::is_none")]
        origin: Option<Origin>,
    },
    /// A timer's timeout elapsed and its task was queued.
    TimerDue { timer: u32, task: u64 },
    /// clearTimeout/clearInterval removed an active timer.
    TimerCleared { timer: u32 },
    /// A timer task ran after its timer was cleared: it does nothing.
    TimerTaskAborted { timer: u32 },
    /// A microtask ran.
    Microtask {
        kind: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        origin: Option<Origin>,
    },
    /// A microtask checkpoint ran `microtasks` microtasks (each traced
    /// before it as a `microtask` event); empty checkpoints are not traced.
    CheckpointEnd { microtasks: u64 },
    /// Nothing was runnable, so the loop waited and the clock moved.
    ClockAdvance { from_ms: f64, to_ms: f64 },
    /// A rendering opportunity: the update-the-rendering task of frame `frame`
    /// began, with this frame timestamp.
    FrameStart { frame: u64, timestamp_ms: f64, animation_frame_callbacks: usize },
    /// One step of update the rendering, and what it did.
    RenderingStep { step: &'static str, note: &'static str },
    /// Update the rendering skipped the document (unnecessary rendering).
    FrameSkipped { frame: u64, reason: &'static str },
    /// An animation frame callback started.
    AnimationFrameCallback { handle: u32, timestamp_ms: f64 },
    /// The document was painted: what changed since the last paint.
    Paint { frame: u64, changes: Vec<String> },
    /// An idle period started.
    IdlePeriodStart { deadline_ms: f64, callbacks: usize },
    /// An idle callback started.
    IdleCallback { handle: u32, time_remaining_ms: f64, did_timeout: bool },
    /// The Node loop entered a phase with callbacks to run.
    PhaseStart { phase: &'static str },
    /// The Node loop left a phase after running `callbacks` callbacks.
    PhaseEnd { phase: &'static str, callbacks: usize },
    /// A free-form note from the host (script start, an uncaught error, ...).
    Note { text: String },
    /// The loop ended.
    LoopEnd { reason: String },
}

/// Writes trace events to a sink, stamped with the loop's time.
pub struct Tracer {
    sink: Option<(Box<dyn Write>, TraceFormat)>,
}

impl Tracer {
    pub fn off() -> Self {
        Tracer { sink: None }
    }

    pub fn new(sink: Box<dyn Write>, format: TraceFormat) -> Self {
        Tracer { sink: Some((sink, format)) }
    }

    pub fn enabled(&self) -> bool {
        self.sink.is_some()
    }

    pub fn emit(&mut self, at: Duration, event: TraceEvent) {
        let Some((sink, format)) = self.sink.as_mut() else {
            return;
        };
        let line = match format {
            TraceFormat::Json => {
                #[derive(Serialize)]
                struct Line<'a> {
                    at_ms: f64,
                    #[serde(flatten)]
                    event: &'a TraceEvent,
                }
                serde_json::to_string(&Line { at_ms: millis(at), event: &event }).unwrap_or_default()
            }
            TraceFormat::Text => format!("[{:>10.3}ms] {}", millis(at), describe(&event)),
        };
        // A trace that cannot be written (a closed pipe) must not stop the loop.
        let _ = writeln!(sink, "{line}");
    }

    pub fn flush(&mut self) {
        if let Some((sink, _)) = self.sink.as_mut() {
            let _ = sink.flush();
        }
    }
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
        TraceEvent::Note { text } => format!("note    {text}"),
        TraceEvent::LoopEnd { reason } => format!("end of loop: {reason}"),
    }
}
