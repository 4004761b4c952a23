//! The trace of the node host's I/O (docs/trace.md): thread-pool requests
//! queued and completed, handles opened, their reads, writes, ends and
//! closes, and HTTP messages, each record written from the typed request
//! or event it is about ([`FsRequest`], [`NetRequest`], [`NetEvent`]), with
//! the phase and turn of the loop whose callback it is. Nothing here runs
//! unless the loop is traced.
use std::net::SocketAddr;

use jsloop_core::trace::TraceEvent;

use super::io::{FsResult, NetEvent, NetReply, NetRequest, RequestId};
use super::Shared;

/// What the trace keeps about requests in flight (only while tracing).
#[derive(Default)]
pub(super) struct IoTrace {
    /// Thread-pool requests: their work's name, and whether their
    /// completion is traced by the job itself (jobs.rs, which sees its error).
    pool: std::collections::HashMap<RequestId, (String, bool)>,
    /// Write requests waiting for completion: their byte counts.
    writes: std::collections::HashMap<(u64, u64), u64>,
}

fn tracing(s: &Shared) -> bool {
    s.lp.borrow().tracer.enabled()
}

fn trace(s: &Shared, event: TraceEvent) {
    s.lp.borrow_mut().trace(event);
}

/// The phase whose callback runs now, and the loop's turn.
fn now(s: &Shared) -> (&'static str, u64) {
    let l = s.lp.borrow();
    (l.phase_now(), l.turns)
}

fn addr(a: &SocketAddr) -> String {
    a.to_string()
}

/// A file system request was queued on the thread pool as request `id`:
/// its name and subject (`FsRequest::name`, `FsRequest::subject`).
pub(super) fn fs_queued(s: &Shared, id: RequestId, name: &str, subject: String) {
    if tracing(s) {
        pool_queued(s, id, name.to_string(), subject, false);
    }
}

/// Work (`crypto.pbkdf2`, `dns.lookup`, `zlib.gzip`) was queued on the
/// thread pool as request `id`; its completion is traced by
/// [`job_done`].
pub(super) fn job_queued(s: &Shared, id: RequestId, work: String, detail: String) {
    if tracing(s) {
        pool_queued(s, id, work, detail, true);
    }
}

fn pool_queued(s: &Shared, id: RequestId, work: String, detail: String, job: bool) {
    s.io_trace.borrow_mut().pool.insert(id, (work.clone(), job));
    trace(s, TraceEvent::PoolQueued { request: id, work, detail });
}

/// A thread-pool request's callback is about to run (a file system
/// request's: the error is its result's).
pub(super) fn pool_done(s: &Shared, id: RequestId, result: &FsResult) {
    if !tracing(s) {
        return;
    }
    let job = s.io_trace.borrow().pool.get(&id).is_some_and(|(_, job)| *job);
    if !job {
        pool_finished(s, id, result.as_ref().err().map(|e| e.code.to_string()));
    }
}

/// A job's callback is about to run, with the error code it failed with.
pub(super) fn job_done(s: &Shared, id: RequestId, error: Option<String>) {
    if tracing(s) {
        pool_finished(s, id, error);
    }
}

fn pool_finished(s: &Shared, id: RequestId, error: Option<String>) {
    let Some((work, _)) = s.io_trace.borrow_mut().pool.remove(&id) else { return };
    let (phase, turn) = now(s);
    trace(s, TraceEvent::PoolDone { request: id, work, error, phase, turn });
}

/// A handle that is not the net module's was opened (a child process's
/// pipe, the SIGCHLD self-pipe, an fs.watch descriptor).
pub(super) fn opened(s: &Shared, handle: u64, kind: &str) {
    opened_at(s, handle, kind, None);
}

/// The same, bound to a local address (a UDP socket).
pub(super) fn opened_at(s: &Shared, handle: u64, kind: &str, local: Option<SocketAddr>) {
    if tracing(s) {
        let local = local.as_ref().map(addr);
        trace(s, TraceEvent::HandleOpen { handle, kind: kind.into(), local, remote: None });
    }
}

/// A UDP send (`uv_udp_try_send`, else queued as request `queued`): its
/// bytes and destination (None: the connected peer).
pub(super) fn udp_send(s: &Shared, socket: u64, bytes: usize, to: Option<&str>, queued: Option<u64>) {
    if !tracing(s) {
        return;
    }
    let (phase, turn) = now(s);
    let to = to.map(|t| format!("to {t}")).unwrap_or_else(|| "to the connected peer".into());
    let (what, detail) = match queued {
        None => ("send", format!("{to}, sent at once")),
        Some(request) => ("send queued", format!("{to}, request {request}")),
    };
    trace(
        s,
        TraceEvent::HandleEvent {
            handle: socket,
            what,
            bytes: Some(bytes as u64),
            detail: Some(detail),
            phase,
            turn,
        },
    );
}

/// A request of the net module was carried out, with this reply: the
/// handles it opened and closed, the writes it queued (a write's bytes
/// counted in `written`: the request given here is without them).
pub(super) fn net_request(s: &Shared, request: &NetRequest, written: usize, reply: &NetReply) {
    if !tracing(s) {
        return;
    }
    let event = match (request, reply) {
        (NetRequest::Listen { .. }, NetReply::Listening { handle, local, .. }) => TraceEvent::HandleOpen {
            handle: *handle,
            kind: "tcp server".into(),
            local: Some(addr(local)),
            remote: None,
        },
        (NetRequest::ListenPath { path }, NetReply::Opened(handle)) => TraceEvent::HandleOpen {
            handle: *handle,
            kind: "pipe server".into(),
            local: Some(path.clone()),
            remote: None,
        },
        (NetRequest::Connect { addr: to, .. }, NetReply::Opened(handle)) => TraceEvent::HandleOpen {
            handle: *handle,
            kind: "tcp socket (connecting)".into(),
            local: None,
            remote: Some(addr(to)),
        },
        (NetRequest::ConnectPath { path }, NetReply::Opened(handle)) => TraceEvent::HandleOpen {
            handle: *handle,
            kind: "pipe socket (connecting)".into(),
            local: None,
            remote: Some(path.clone()),
        },
        (NetRequest::Write { socket, .. }, NetReply::Write(request)) => {
            let bytes = written as u64;
            let (phase, turn) = now(s);
            if *request == 0 {
                TraceEvent::HandleEvent {
                    handle: *socket,
                    what: "write",
                    bytes: Some(bytes),
                    detail: Some("written at once".into()),
                    phase,
                    turn,
                }
            } else {
                s.io_trace.borrow_mut().writes.insert((*socket, *request), bytes);
                TraceEvent::HandleEvent {
                    handle: *socket,
                    what: "write queued",
                    bytes: Some(bytes),
                    detail: Some(format!("request {request}")),
                    phase,
                    turn,
                }
            }
        }
        (NetRequest::End { socket, .. }, _) => {
            let (phase, turn) = now(s);
            TraceEvent::HandleEvent {
                handle: *socket,
                what: "end requested",
                bytes: None,
                detail: None,
                phase,
                turn,
            }
        }
        (NetRequest::Close { handle } | NetRequest::Reset { handle }, _) => {
            TraceEvent::HandleClose { handle: *handle }
        }
        _ => return,
    };
    trace(s, event);
}

/// A socket event's callback is about to run.
pub(super) fn net_event(s: &Shared, event: &NetEvent) {
    if !tracing(s) {
        return;
    }
    let (phase, turn) = now(s);
    let on = |handle: u64, what: &'static str, bytes: Option<u64>, detail: Option<String>| {
        TraceEvent::HandleEvent { handle, what, bytes, detail, phase, turn }
    };
    match event {
        NetEvent::Accepted { server, socket, remote, local } => {
            trace(s, on(*server, "accept", None, Some(format!("connection #{socket}"))));
            trace(
                s,
                TraceEvent::HandleOpen {
                    handle: *socket,
                    kind: "tcp socket (accepted)".into(),
                    local: Some(addr(local)),
                    remote: Some(addr(remote)),
                },
            );
        }
        NetEvent::AcceptedPath { server, socket } => {
            trace(s, on(*server, "accept", None, Some(format!("connection #{socket}"))));
            trace(
                s,
                TraceEvent::HandleOpen {
                    handle: *socket,
                    kind: "pipe socket (accepted)".into(),
                    local: None,
                    remote: None,
                },
            );
        }
        NetEvent::Connected { socket, remote, local } => {
            trace(s, on(*socket, "connect", None, Some(format!("{} -> {}", addr(local), addr(remote)))));
        }
        NetEvent::ConnectedPath { socket } => trace(s, on(*socket, "connect", None, None)),
        NetEvent::Failed { socket, error } => {
            trace(s, on(*socket, "error", None, Some(format!("{} {}", error.syscall, error.code))))
        }
        NetEvent::Data { socket, bytes } => trace(s, on(*socket, "read", Some(bytes.len() as u64), None)),
        NetEvent::End { socket } => trace(s, on(*socket, "end of stream", None, None)),
        NetEvent::Shutdown { socket } => trace(s, on(*socket, "shutdown", None, None)),
        NetEvent::Datagram { socket, bytes, from } => {
            trace(s, on(*socket, "datagram", Some(bytes.len() as u64), Some(format!("from {}", addr(from)))))
        }
        NetEvent::Sent { socket, request, bytes, error } => {
            let detail = match error {
                Some(e) => format!("request {request}, {}", e.code),
                None => format!("request {request}"),
            };
            trace(s, on(*socket, "send", Some(*bytes as u64), Some(detail)))
        }
        NetEvent::Written { socket, request } => {
            let bytes = s.io_trace.borrow_mut().writes.remove(&(*socket, *request));
            trace(s, on(*socket, "write", bytes, Some(format!("request {request}"))));
        }
    }
}

/// A child process was spawned (`file` with `args`).
pub(super) fn process_spawned(s: &Shared, pid: u32, args: &[String]) {
    if tracing(s) {
        let (phase, turn) = now(s);
        trace(s, TraceEvent::ChildProcess { pid, what: "spawned", detail: args.join(" "), phase, turn });
    }
}

/// A child process's exit was seen (reaped after SIGCHLD): its exit code,
/// or the signal that ended it.
pub(super) fn process_exited(s: &Shared, pid: u32, code: i32, signal: Option<&str>) {
    if tracing(s) {
        let (phase, turn) = now(s);
        let detail = match signal {
            Some(sig) => format!("signal {sig}"),
            None => format!("code {code}"),
        };
        trace(s, TraceEvent::ChildProcess { pid, what: "exited", detail, phase, turn });
    }
}

/// An HTTP message on connection `handle` (from the glue, js/node/http.js).
pub(super) fn http(
    s: &Shared,
    handle: u64,
    message: &str,
    method: Option<String>,
    url: Option<String>,
    status: Option<u16>,
) {
    if !tracing(s) {
        return;
    }
    let message = match message {
        "request" => "request parsed",
        "response" => "response received",
        "finish" => "response finished",
        _ => return,
    };
    trace(s, TraceEvent::Http { handle, message, method, url, status });
}
