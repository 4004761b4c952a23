//! `jsloop explain`: why each line of output came when it did, told from
//! the trace (the same event stream `--trace` writes), in the words of the
//! HTML Standard or of libuv.
use std::collections::HashMap;

use jsloop_core::trace::{TraceEvent, TraceRecord};
use jsloop_core::Origin;
use jsloop_runtime::HostKind;

/// What was running when a line was printed.
#[derive(Clone)]
enum Context {
    Nothing,
    Task {
        source: String,
        label: String,
        origin: Option<Origin>,
    },
    Microtask {
        kind: String,
        origin: Option<Origin>,
        within: Box<Context>,
    },
    AnimationFrame {
        frame: u64,
        handle: u32,
        timestamp: f64,
    },
    Idle {
        handle: u32,
        remaining: f64,
        did_timeout: bool,
    },
    MainModule,
    /// An event dispatched synchronously by script (`el.click()`), inside
    /// what was running.
    Dispatch {
        note: String,
        within: Box<Context>,
    },
    Phase {
        phase: String,
    },
    /// An I/O callback of a Node phase: what completed (a thread-pool
    /// request, a socket's read), from the trace's I/O records.
    Io {
        phase: String,
        turn: u64,
        what: String,
    },
    NodeEvent {
        name: &'static str,
    },
}

fn at(origin: &Option<Origin>) -> String {
    origin.as_ref().map(|o| format!(" queued at {}", shown(o))).unwrap_or_default()
}

/// Where the script did something, its file as the command line named it:
/// relative to the current directory (the node host knows a module by its
/// absolute path).
fn shown(o: &Origin) -> String {
    let here = std::env::current_dir().ok().map(|d| format!("{}/", d.display()));
    match here.as_deref().and_then(|h| o.file.strip_prefix(h)) {
        Some(rel) => format!("{rel}:{}:{}", o.line, o.column),
        None => o.to_string(),
    }
}

/// A time on the loop's clock: whole milliseconds as they are, else to the
/// microsecond.
fn ms(t: f64) -> String {
    if t.fract() == 0.0 {
        format!("{t}ms")
    } else {
        format!("{t:.3}ms")
    }
}

fn quote(text: &str) -> String {
    let one_line = text.replace('\n', "⏎");
    format!("'{one_line}'")
}

/// The narrative, one numbered paragraph per line of output.
pub fn narrate(records: &[TraceRecord], host: HostKind) -> String {
    let mut out = String::new();
    let mut n = 0;
    let mut ctx = if host == HostKind::Node { Context::MainModule } else { Context::Nothing };
    let mut timers: HashMap<u32, (String, Option<Origin>)> = HashMap::new();
    let mut last_said: Option<String> = None;
    // Counts the callbacks the loop called (tasks, microtasks, animation
    // frame and idle callbacks): a line from another callback is never
    // "still there", even when it is the same kind of callback (the next
    // message of a MessageChannel ping-pong, a second promise reaction).
    let mut callbacks: u64 = 0;
    // Clock jumps since the last line of output: (from, to).
    let mut jumped: Option<(f64, f64)> = None;
    // Whether a Node timer was set with the 1 ms minimum delay.
    let mut node_minimum = false;
    // When each thread-pool request was queued.
    let mut pool_queued: HashMap<u64, f64> = HashMap::new();
    for r in records {
        if matches!(
            r.event,
            TraceEvent::TaskStart { .. }
                | TraceEvent::Microtask { .. }
                | TraceEvent::AnimationFrameCallback { .. }
                | TraceEvent::IdleCallback { .. }
        ) {
            callbacks += 1;
        }
        match &r.event {
            TraceEvent::ClockAdvance { from_ms, to_ms } => {
                jumped = Some((jumped.map_or(*from_ms, |(from, _)| from), *to_ms));
            }
            TraceEvent::Note { text } if text.starts_with("el.click(): ") => {
                let within = match &ctx {
                    Context::Dispatch { within, .. } => within.clone(),
                    other => Box::new(other.clone()),
                };
                ctx = Context::Dispatch { note: text["el.click(): ".len()..].to_string(), within };
            }
            // "timer #N setTimeout(1ms) due at Dms": Node's delay of 1 ms is
            // also what setTimeout(fn, 0) and any delay under 1 become.
            TraceEvent::Note { text }
                if host == HostKind::Node && text.starts_with("timer #") && text.contains("(1ms)") =>
            {
                node_minimum = true;
            }
            TraceEvent::TaskStart { source, label, origin, .. } => {
                ctx = Context::Task {
                    source: source.to_string(),
                    label: label.clone(),
                    origin: origin.clone(),
                };
            }
            TraceEvent::TaskEnd { .. } => ctx = Context::Nothing,
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
                let delay = if *clamped {
                    format!("{kind}({requested_ms}ms), clamped to {timeout_ms}ms because it was nested more than 5 timers deep")
                } else {
                    format!("{kind}({timeout_ms}ms)")
                };
                let text = format!(
                    "{delay}{}, due at {deadline_ms}ms (its task's timer nesting level is {nesting})",
                    origin.as_ref().map(|o| format!(", set at {}", shown(o))).unwrap_or_default()
                );
                timers.insert(*timer, (text, origin.clone()));
            }
            TraceEvent::Microtask { kind, origin } => {
                let within = match &ctx {
                    Context::Microtask { within, .. } | Context::Dispatch { within, .. } => within.clone(),
                    other => Box::new(other.clone()),
                };
                ctx = Context::Microtask { kind: kind.clone(), origin: origin.clone(), within };
            }
            TraceEvent::MicrotaskSource { kind, origin } => {
                if let Context::Microtask { within, .. } = &ctx {
                    ctx = Context::Microtask {
                        kind: kind.clone(),
                        origin: origin.clone(),
                        within: within.clone(),
                    };
                }
            }
            TraceEvent::CheckpointEnd { .. } => {
                if let Context::Microtask { within, .. } = &ctx {
                    ctx = (**within).clone();
                }
            }
            TraceEvent::AnimationFrameCallback { handle, timestamp_ms } => {
                let frame = match &ctx {
                    Context::AnimationFrame { frame, .. } => *frame,
                    _ => 0,
                };
                ctx = Context::AnimationFrame { frame, handle: *handle, timestamp: *timestamp_ms };
            }
            TraceEvent::FrameStart { frame, timestamp_ms, .. } => {
                ctx = Context::AnimationFrame { frame: *frame, handle: 0, timestamp: *timestamp_ms };
            }
            TraceEvent::IdleCallback { handle, time_remaining_ms, did_timeout } => {
                ctx = Context::Idle {
                    handle: *handle,
                    remaining: *time_remaining_ms,
                    did_timeout: *did_timeout,
                };
            }
            TraceEvent::PhaseStart { phase } => ctx = Context::Phase { phase: phase.to_string() },
            TraceEvent::PoolQueued { request, .. } => {
                pool_queued.insert(*request, r.at_ms);
            }
            TraceEvent::PoolDone { request, work, error, phase, turn } => {
                callbacks += 1;
                let queued =
                    pool_queued.remove(request).map(|t| format!(", queued at {}", ms(t))).unwrap_or_default();
                let how =
                    error.as_ref().map(|e| format!("fails with {e}")).unwrap_or_else(|| "completes".into());
                ctx = Context::Io {
                    phase: phase.to_string(),
                    turn: *turn,
                    what: format!("thread-pool request #{request} ({work}{queued}) {how}"),
                };
            }
            TraceEvent::HandleEvent { handle, what, bytes, detail, phase, turn }
                if !matches!(*what, "write queued" | "end requested")
                    && detail.as_deref() != Some("written at once") =>
            {
                callbacks += 1;
                let bytes = bytes.map(|b| format!(" ({b} bytes)")).unwrap_or_default();
                let what = match *what {
                    "read" => format!("handle #{handle} has read data{bytes}"),
                    "accept" => {
                        format!("server #{handle} accepts a connection ({})", detail.as_deref().unwrap_or(""))
                    }
                    "connect" => format!("socket #{handle} has connected"),
                    "end of stream" => format!("handle #{handle} reads the end of its stream"),
                    "shutdown" => format!("handle #{handle}'s write side is shut"),
                    "write" => format!("a write on handle #{handle} completes{bytes}"),
                    "error" => format!("handle #{handle} fails ({})", detail.as_deref().unwrap_or("")),
                    other => format!("handle #{handle}: {other}"),
                };
                ctx = Context::Io { phase: phase.to_string(), turn: *turn, what };
            }
            TraceEvent::ChildProcess { pid, what: "exited", detail, phase, turn } => {
                ctx = Context::Io {
                    phase: phase.to_string(),
                    turn: *turn,
                    what: format!("the SIGCHLD handle reports that child process {pid} exited ({detail})"),
                };
            }
            TraceEvent::Http { message, method, url, status, .. } => {
                if let Context::Io { what, .. } = &mut ctx {
                    let request = [method.as_deref(), url.as_deref()]
                        .into_iter()
                        .flatten()
                        .collect::<Vec<_>>()
                        .join(" ");
                    match (*message, status) {
                        ("request parsed", _) => what.push_str(&format!(": an HTTP request, {request}")),
                        ("response received", Some(s)) => {
                            what.push_str(&format!(": the HTTP response {s} to {request}"))
                        }
                        _ => {}
                    }
                }
            }
            TraceEvent::PhaseEnd { .. } => ctx = Context::Nothing,
            TraceEvent::Note { text } if text.starts_with("the loop is no longer alive") => {
                ctx = Context::NodeEvent { name: "beforeExit" }
            }
            TraceEvent::LoopEnd { .. } if host == HostKind::Node => ctx = Context::NodeEvent { name: "exit" },
            TraceEvent::Output { stream, text } => {
                n += 1;
                let printed = if *stream == 2 {
                    format!("prints {} to stderr", quote(text))
                } else {
                    format!("logs {}", quote(text))
                };
                let mut why = explain_line(&ctx, &timers, host, &printed, r.at_ms);
                if host == HostKind::Node && node_minimum {
                    if let Context::Phase { phase } = &ctx {
                        if phase == "timers" {
                            why.push_str(" (Node's shortest delay is 1 ms: setTimeout(fn, 0), or any delay under 1 ms, is setTimeout(fn, 1), so such a timer is due 1 ms after it was set, never at once.)");
                        }
                    }
                }
                // Say the context once; later lines from the same callback are short.
                let key = format!("{callbacks} {}", context_key(&ctx));
                let mut line = if last_said.as_deref() == Some(key.as_str()) {
                    format!("{n}. Still there, it {printed}.")
                } else {
                    format!("{n}. {why}")
                };
                if let Some((from, to)) = jumped.take() {
                    // Under the virtual clock time does not pass by itself.
                    line = format!(
                        "{n}. Since the last line, the clock jumped from {} to {} (whenever nothing is runnable, the virtual clock skips to the next time something is due). {}",
                        ms(from),
                        ms(to),
                        line.split_once(". ").map_or(line.as_str(), |(_, rest)| rest)
                    );
                }
                last_said = Some(key);
                out.push_str(&line);
                out.push('\n');
            }
            _ => {}
        }
    }
    if n == 0 {
        out.push_str("The run printed nothing.\n");
    }
    out
}

fn context_key(ctx: &Context) -> String {
    match ctx {
        Context::Nothing => "nothing".into(),
        Context::Task { label, .. } => format!("task {label}"),
        Context::Microtask { kind, origin, .. } => format!("microtask {kind} {origin:?}"),
        Context::AnimationFrame { frame, handle, .. } => format!("raf {frame} {handle}"),
        Context::Idle { handle, .. } => format!("idle {handle}"),
        Context::MainModule => "main".into(),
        Context::Dispatch { note, within } => format!("dispatch {note} in {}", context_key(within)),
        Context::Phase { phase } => format!("phase {phase}"),
        Context::Io { phase, turn, what } => format!("io {phase} {turn} {what}"),
        Context::NodeEvent { name } => format!("event {name}"),
    }
}

fn task_sentence(
    source: &str,
    label: &str,
    origin: &Option<Origin>,
    timers: &HashMap<u32, (String, Option<Origin>)>,
) -> String {
    if source == "timer" {
        let id: Option<u32> = label
            .strip_prefix("timer #")
            .and_then(|r| r.split_whitespace().next())
            .and_then(|i| i.parse().ok());
        if let Some((text, _)) = id.and_then(|i| timers.get(&i)) {
            return format!("The timer task source has timer #{}: {text}. Its task runs", id.unwrap_or(0));
        }
        return format!("The timer task source's task \"{label}\" runs");
    }
    if label.starts_with("run a classic script") || label.starts_with("parse the page") {
        return "The page's script runs, in the parser's task on the networking task source,".into();
    }
    match source {
        "posted-message" => {
            format!("A message{} is a task on the posted message task source; its listener", at(origin))
        }
        "user-interaction" => {
            format!("Real input, \"{label}\", is a task on the user interaction task source; a listener")
        }
        "dom-manipulation" => format!("The task \"{label}\" (DOM manipulation task source) runs; a listener"),
        "idle-task" => format!("The task \"{label}\" (idle task source) runs"),
        "posted-task" => format!(
            "The scheduler task \"{label}\"{}, taken from the scheduler task queues by priority, then age, runs",
            at(origin)
        ),
        other => format!("The task \"{label}\" ({other} task source) runs"),
    }
}

fn explain_line(
    ctx: &Context,
    timers: &HashMap<u32, (String, Option<Origin>)>,
    host: HostKind,
    printed: &str,
    at_ms: f64,
) -> String {
    match ctx {
        Context::Nothing => format!("At {at_ms}ms, outside any task, the host {printed}."),
        Context::MainModule => format!("The main module runs (before the loop starts) and {printed}."),
        Context::Dispatch { note, within } => {
            let inside = match &**within {
                Context::Task { label, .. } => format!("inside the running task \"{label}\""),
                Context::Microtask { .. } => "inside the running microtask".into(),
                _ => "inside the running callback".into(),
            };
            format!("The script calls el.click(): {note}: dispatchEvent runs the listeners at once, {inside}, as nested calls on the script's stack; no microtask checkpoint comes between them, since the stack is not empty. A listener {printed}.")
        }
        Context::Task { source, label, origin } => {
            let sentence = task_sentence(source, label, origin, timers);
            if sentence.ends_with("listener") {
                format!("{sentence} {printed}.")
            } else {
                format!("{sentence} and {printed}.")
            }
        }
        Context::NodeEvent { name: "beforeExit" } => {
            format!("The loop is no longer alive (no referenced handle or request is left), so Node emits 'beforeExit'; a listener {printed}.")
        }
        Context::NodeEvent { name } => format!("Node emits '{name}'; a listener {printed}."),
        Context::Microtask { kind, origin, within } => {
            let after = match (&**within, host) {
                (Context::Task { source, label, .. }, _) => {
                    format!("The callback of task \"{label}\" ({source} task source) returns with an empty stack, so the microtask checkpoint runs")
                }
                (Context::MainModule, _) => "The main module ends; Node drains the nextTick queue, then the microtask queue: it runs".into(),
                (Context::Phase { phase } | Context::Io { phase, .. }, HostKind::Node) => {
                    format!("A callback of the {phase} phase returns; Node drains the nextTick queue, then the microtask queue: it runs")
                }
                (Context::AnimationFrame { handle, .. }, _) => {
                    format!("Animation frame callback #{handle} returns; the microtask checkpoint runs")
                }
                (Context::Idle { handle, .. }, _) => format!("Idle callback #{handle} returns; the microtask checkpoint runs"),
                _ => "The microtask checkpoint runs".into(),
            };
            let what = match kind.as_str() {
                "nextTick" => "a nextTick callback".to_string(),
                "promise job" => "a promise job (a reaction, or the rest of an async function after await)".to_string(),
                _ => format!("the {kind}{}", at(origin)),
            };
            format!("{after} {what}, which {printed}.")
        }
        Context::AnimationFrame { frame, handle, timestamp } => format!(
            "A rendering opportunity: frame {frame} updates the rendering at {timestamp:.3}ms; it runs the animation frame callbacks registered before it, and callback #{handle} {printed}."
        ),
        Context::Idle { handle, remaining, did_timeout } => {
            if *did_timeout {
                format!("Idle callback #{handle}'s timeout expires before any idle period; the callback runs with didTimeout true and {printed}.")
            } else {
                format!("Nothing is runnable, so an idle period starts; idle callback #{handle} runs with {remaining:.3}ms remaining and {printed}.")
            }
        }
        Context::Io { phase, turn, what } => {
            format!("In the {phase} phase of turn {turn} of the loop, {what}: its callback {printed}.")
        }
        Context::Phase { phase } => {
            let what = match phase.as_str() {
                "timers" => "a timer whose time has come runs",
                "check" => "a setImmediate callback runs",
                "poll" => "an I/O callback runs (its request completed)",
                "close callbacks" => "a close callback runs",
                "pending callbacks" => "a deferred I/O callback runs",
                _ => "a callback runs",
            };
            format!("The loop enters the {phase} phase: {what} and {printed}.")
        }
    }
}
