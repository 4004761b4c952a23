//! Sockets as Node's net module sees them: addresses, errors and events.

use std::rc::Rc;

use std::ffi::c_int;

use rquickjs::function::Opt;
use rquickjs::{qjs, Ctx, Function, Object, Value};

use super::hot::{guarded, misuse, shared};
use super::io::{FsError, NetEvent, NetReply, NetRequest};
use super::{NodeCallback, Shared};
use crate::quickjs::raw::{arg, number, raw_fn, raw_function, truthy, uint8_bytes};
use crate::quickjs::text::{well_formed, WellFormed};

/// A socket address the glue has resolved (an IP address, which its
/// dns.lookup gave for a name: js/43_net.js's lookupAndConnect and
/// lookupAndListen), parsed as libuv's `uv_ip4_addr`/`uv_ip6_addr` parse it
/// (an IPv6 address may have a `%scope`). Nothing is looked up here, on
/// the loop's thread, and nothing falls back to 127.0.0.1: anything else is
/// EINVAL, as Node's TCPWrap bind and connect return it for an address
/// libuv cannot parse, with the call's `syscall` (`listen`, `connect`,
/// `bind`) and the text as given.
pub(super) fn resolve_addr(
    address: &str,
    port: u16,
    syscall: &'static str,
) -> Result<std::net::SocketAddr, FsError> {
    super::io::parse_ip(address, port).ok_or_else(|| {
        let e = std::io::Error::from_raw_os_error(libc::EINVAL);
        FsError::of(&e, syscall, Some(format!("{address}:{port}")), None)
    })
}

/// `e` thrown in `ctx` as Node's error for it ([`net_error_to_js`]); the
/// error of making that error, if it could not be made.
fn throw_net_error(ctx: &Ctx<'_>, e: &FsError) -> rquickjs::Error {
    match net_error_to_js(ctx, e) {
        Ok(v) => ctx.throw(v),
        Err(e) => e,
    }
}

/// Node's error for a failed socket call: `connect ECONNREFUSED 127.0.0.1:1`
/// with errno, code, syscall, address and port.
pub(super) fn net_error_to_js<'js>(ctx: &Ctx<'js>, e: &FsError) -> rquickjs::Result<Value<'js>> {
    // Node makes a listen error with uvExceptionWithHostPort (the
    // description after the code: `listen EADDRINUSE: address already in
    // use 127.0.0.1:80`) and a connect error with exceptionWithHostPort
    // (`connect ECONNREFUSED 127.0.0.1:1`): lib/internal/errors.js.
    let code = match e.syscall {
        "listen" => format!("{}: {}", e.code, e.description),
        _ => e.code.to_string(),
    };
    // (exceptionWithHostPort names the port only when it is above 0: a
    // bind to a local address alone says `bind EADDRNOTAVAIL 1.2.3.4`.)
    let path = e.path.as_deref().map(|p| p.strip_suffix(":0").unwrap_or(p));
    let message = match path {
        Some(addr) => format!("{} {code} {addr}", e.syscall),
        None => format!("{} {code}", e.syscall),
    };
    let error: Object = ctx.eval::<Function, _>("(m) => new Error(m)")?.call((message,))?;
    error.set("errno", e.errno)?;
    error.set("code", e.code)?;
    error.set("syscall", e.syscall)?;
    match e.path.as_deref() {
        // A Unix domain socket's path is the address (no port).
        Some(path) if path.starts_with('/') || path.starts_with('.') => error.set("address", path)?,
        Some(addr) if addr.ends_with(":0") => error.set("address", &addr[..addr.len() - 2])?,
        Some(addr) => {
            if let Some((ip, port)) = addr.rsplit_once(':') {
                error.set("address", ip)?;
                error.set("port", port.parse::<u16>().unwrap_or(0))?;
            }
        }
        None => {}
    }
    Ok(error.into_value())
}

pub(super) fn net_event_to_js<'js>(ctx: &Ctx<'js>, event: &NetEvent) -> rquickjs::Result<Value<'js>> {
    let o = Object::new(ctx.clone())?;
    let addr = |o: &Object<'js>, prefix: &str, a: &std::net::SocketAddr| -> rquickjs::Result<()> {
        o.set(format!("{prefix}Address"), a.ip().to_string())?;
        o.set(format!("{prefix}Port"), a.port())?;
        o.set(format!("{prefix}Family"), if a.is_ipv4() { "IPv4" } else { "IPv6" })
    };
    match event {
        NetEvent::Accepted { server, socket, remote, local } => {
            o.set("type", "accepted")?;
            o.set("server", *server as f64)?;
            o.set("socket", *socket as f64)?;
            addr(&o, "remote", remote)?;
            addr(&o, "local", local)?;
        }
        NetEvent::AcceptedPath { server, socket } => {
            o.set("type", "accepted")?;
            o.set("server", *server as f64)?;
            o.set("socket", *socket as f64)?;
        }
        NetEvent::ConnectedPath { socket } => {
            o.set("type", "connected")?;
            o.set("socket", *socket as f64)?;
        }
        NetEvent::Connected { socket, remote, local } => {
            o.set("type", "connected")?;
            o.set("socket", *socket as f64)?;
            addr(&o, "remote", remote)?;
            addr(&o, "local", local)?;
        }
        NetEvent::Failed { socket, error } => {
            o.set("type", "failed")?;
            o.set("socket", *socket as f64)?;
            o.set("error", net_error_to_js(ctx, error)?)?;
        }
        NetEvent::Data { socket, bytes } => {
            o.set("type", "data")?;
            o.set("socket", *socket as f64)?;
            o.set("data", rquickjs::TypedArray::<u8>::new(ctx.clone(), bytes.clone())?)?;
        }
        NetEvent::End { socket } => {
            o.set("type", "end")?;
            o.set("socket", *socket as f64)?;
        }
        NetEvent::Shutdown { socket } => {
            o.set("type", "shutdown")?;
            o.set("socket", *socket as f64)?;
        }
        NetEvent::Datagram { socket, bytes, from } => {
            o.set("type", "message")?;
            o.set("socket", *socket as f64)?;
            o.set("data", rquickjs::TypedArray::<u8>::new(ctx.clone(), bytes.clone())?)?;
            o.set("address", from.ip().to_string())?;
            o.set("port", from.port())?;
            o.set("family", if from.is_ipv4() { "IPv4" } else { "IPv6" })?;
        }
        NetEvent::Sent { socket, request, bytes, error } => {
            o.set("type", "sent")?;
            o.set("socket", *socket as f64)?;
            o.set("request", *request as f64)?;
            o.set("bytes", *bytes as f64)?;
            if let Some(e) = error {
                o.set("error", net_error_to_js(ctx, e)?)?;
            }
        }
        NetEvent::Written { socket, request } => {
            o.set("type", "written")?;
            o.set("socket", *socket as f64)?;
            o.set("request", *request as f64)?;
        }
    }
    Ok(o.into_value())
}

/// Installs the net module's host functions (`netListen`, `netConnect`,
/// `netWrite`, `netEnd`, `netClose`, …) and `traceHttp`.
pub(super) fn install<'js>(ctx: &Ctx<'js>, host: &Object<'js>, shared: &Rc<Shared>) -> rquickjs::Result<()> {
    // The net module's requests (node/io/request.rs), one host function
    // each; `net` carries one out and traces it.
    let s = shared.clone();
    host.set(
        "netListen",
        Function::new(
            ctx.clone(),
            move |ctx: Ctx<'js>, address: String, port: u16| -> rquickjs::Result<Value<'js>> {
                let addr = resolve_addr(&address, port, "listen").map_err(|e| throw_net_error(&ctx, &e))?;
                match net(&s, NetRequest::Listen { addr }) {
                    Ok(NetReply::Listening { handle, local, fd }) => {
                        let o = Object::new(ctx)?;
                        o.set("id", handle as f64)?;
                        o.set("fd", fd)?;
                        o.set("address", local.ip().to_string())?;
                        o.set("port", local.port())?;
                        o.set("family", if local.is_ipv4() { "IPv4" } else { "IPv6" })?;
                        Ok(o.into_value())
                    }
                    Ok(_) => Ok(Value::new_undefined(ctx)),
                    Err(e) => Err(ctx.throw(net_error_to_js(&ctx, &e)?)),
                }
            },
        )?,
    )?;
    let s = shared.clone();
    host.set(
        "netConnect",
        Function::new(
            ctx.clone(),
            move |ctx: Ctx<'js>,
                  address: String,
                  port: u16,
                  local_address: Opt<Option<String>>,
                  local_port: Opt<Option<u16>>|
                  -> rquickjs::Result<f64> {
                let addr = resolve_addr(&address, port, "connect").map_err(|e| throw_net_error(&ctx, &e))?;
                let (local_address, local_port) = (local_address.0.flatten(), local_port.0.flatten());
                // (Node binds the family's any-address when only a local port
                // is given; a local address is parsed as the address is.)
                let local = match (&local_address, local_port.unwrap_or(0)) {
                    (Some(a), port) => {
                        Some(resolve_addr(a, port, "bind").map_err(|e| throw_net_error(&ctx, &e))?)
                    }
                    (None, 0) => None,
                    (None, port) if addr.is_ipv4() => Some(std::net::SocketAddr::from(([0, 0, 0, 0], port))),
                    (None, port) => Some(std::net::SocketAddr::from((std::net::Ipv6Addr::UNSPECIFIED, port))),
                };
                match net(&s, NetRequest::Connect { addr, local }) {
                    Ok(reply) => Ok(reply.handle() as f64),
                    Err(mut e) => {
                        // (Node's bind error names the local address as given,
                        // an IPv6 scope's name too: `bind EINVAL fe80::1%eth9`.)
                        if let (Some(a), Some(local), "bind") = (&local_address, local, e.syscall) {
                            e.path = Some(format!("{a}:{}", local.port()));
                        }
                        Err(ctx.throw(net_error_to_js(&ctx, &e)?))
                    }
                }
            },
        )?,
    )?;
    // A socket's writes, the hottest of these (a write per message): raw
    // C functions (quickjs/raw.rs), below.
    host.set("netWrite", raw_function(ctx, c"netWrite", 3, net_write)?)?;
    host.set("netWriteString", raw_function(ctx, c"netWriteString", 3, net_write_string)?)?;
    super::net_write::install(ctx, host)?;
    let s = shared.clone();
    host.set(
        "netEnd",
        Function::new(ctx.clone(), move |id: f64| {
            // uv_shutdown with nothing left to write: uv__io_feed, the
            // loop's pending queue (run after this poll phase if called in
            // it, else in the next turn's pending phase).
            if let Ok(NetReply::End(true)) =
                net(&s, NetRequest::End { socket: id as u64, trailer: Vec::new() })
            {
                s.lp.borrow_mut().defer_to_pending(NodeCallback::Net(Rc::new(
                    super::io::NetEvent::Shutdown { socket: id as u64 },
                )));
            }
        })?,
    )?;
    host.set("netClose", handle_request(ctx, shared, |handle, _| NetRequest::Close { handle })?)?;
    host.set("netListenPath", path_request(ctx, shared, |path| NetRequest::ListenPath { path })?)?;
    host.set("netConnectPath", path_request(ctx, shared, |path| NetRequest::ConnectPath { path })?)?;
    host.set("netNoDelay", handle_request(ctx, shared, |socket, on| NetRequest::NoDelay { socket, on })?)?;
    host.set("netReset", handle_request(ctx, shared, |handle, _| NetRequest::Reset { handle })?)?;
    host.set("netRef", handle_request(ctx, shared, |handle, on| NetRequest::Ref { handle, on })?)?;
    // An HTTP message, for the trace (js/node/http.js calls it only when
    // the loop is traced): `request`, `response` or `finish`.
    let s = shared.clone();
    host.set(
        "traceHttp",
        Function::new(
            ctx.clone(),
            move |handle: f64,
                  message: String,
                  method: Option<String>,
                  url: Option<String>,
                  status: Option<f64>| {
                let status = status.map(|n| n as u16);
                super::io_trace::http(&s, handle as u64, &message, method, url, status);
            },
        )?,
    )?;
    Ok(())
}

/// A host function `(path)` for a request on a Unix domain socket's path
/// (`netListenPath`, `netConnectPath`: an IPC path, net.Server.listen(path)
/// and net.connect(path)): the handle,
/// or Node's error thrown.
fn path_request<'js>(
    ctx: &Ctx<'js>,
    shared: &Rc<Shared>,
    request: fn(String) -> NetRequest,
) -> rquickjs::Result<Function<'js>> {
    let s = shared.clone();
    // (A lone surrogate in the path is U+FFFD, as Node's BufferValue
    // writes it: quickjs/text.rs.)
    Function::new(ctx.clone(), move |ctx: Ctx<'js>, WellFormed(path): WellFormed| -> rquickjs::Result<f64> {
        net(&s, request(path)).map(|r| r.handle() as f64).map_err(|e| throw_net_error(&ctx, &e))
    })
}

/// A host function `(id, on)` for a request on a handle whose reply says
/// nothing (`netClose`, `netReset`: `on` unused; `netNoDelay`, `netRef`).
fn handle_request<'js>(
    ctx: &Ctx<'js>,
    shared: &Rc<Shared>,
    request: fn(u64, bool) -> NetRequest,
) -> rquickjs::Result<Function<'js>> {
    let s = shared.clone();
    Function::new(ctx.clone(), move |id: f64, on: rquickjs::function::Opt<bool>| {
        let _ = net(&s, request(id as u64, on.0.unwrap_or(false)));
    })
}

/// The socket write functions' common steps: the session and the socket
/// id (argument 0), then `body` with arguments 1 and 2, guarded.
unsafe fn socket_write(
    ctx: *mut qjs::JSContext,
    argc: c_int,
    argv: *mut qjs::JSValue,
    body: impl FnOnce(&Shared, u64, qjs::JSValue, qjs::JSValue) -> qjs::JSValue,
) -> qjs::JSValue {
    guarded(ctx, || unsafe {
        let Some(s) = shared(ctx) else { return misuse(ctx) };
        let Some(id) = number(arg(argc, argv, 0)) else { return misuse(ctx) };
        body(s, id as u64, arg(argc, argv, 1), arg(argc, argv, 2))
    })
}

/// Writes `bytes` to stream handle `socket` (traced under --trace): the
/// write request, or 0 when the kernel took every byte at once (only what
/// it did not take is copied, into the handle's queue).
pub(super) fn write_bytes(s: &Shared, socket: u64, bytes: &[u8], notify: bool) -> u64 {
    if !s.lp.borrow().tracer.enabled() {
        return s.io.write_slice(socket, bytes, notify);
    }
    match net(s, NetRequest::Write { socket, data: bytes.to_vec(), notify }) {
        Ok(NetReply::Write(request)) => request,
        _ => 0,
    }
}

raw_fn!(
    /// `host.netWrite(id, bytes, notify)`: a stream handle's write of a
    /// Uint8Array's bytes (js/43_net.js's hostWrite, a child's IPC channel, a
    /// DNS query over TCP): the write request whose completion is reported
    /// (when `notify`, the default), or, when the kernel took every byte at
    /// once, minus the number of bytes (0 for none; the glue counts them, as
    /// netWriteString's caller does). The bytes are read before any script
    /// runs again.
    net_write => |ctx, argc, argv| socket_write(ctx, argc, argv, |s, socket, bytes, notify| {
            let Some(bytes) = uint8_bytes(ctx, bytes) else { return qjs::JS_EXCEPTION };
            let notify = qjs::JS_IsUndefined(notify) || truthy(ctx, notify);
            let request = write_bytes(s, socket, bytes, notify);
            let result = if request == 0 { -(bytes.len() as i64) } else { request as i64 };
            qjs::JS_NewNumber(ctx, result as f64)
        })
);

raw_fn!(
    /// `host.netWriteString(id, text, latin1)`: a string written as UTF-8 (a
    /// lone surrogate as U+FFFD, as Node's UTF-8 encoding of a string and
    /// `text.toWellFormed()` make it) or, `latin1`, as Node's latin1 and
    /// ascii (the low byte of each code unit; the glue passes only
    /// well-formed strings), encoded here rather than made a Buffer first,
    /// as Node's StreamBase::WriteString writes a string: the write request,
    /// or, written at once, minus the number of bytes written (the glue
    /// counts them, as Node's streamBaseState[kBytesWritten]).
    net_write_string => |ctx, argc, argv| socket_write(ctx, argc, argv, |s, socket, text, latin1| {
            if !qjs::JS_IsString(text) {
                return misuse(ctx);
            }
            let latin1 = truthy(ctx, latin1);
            let mut len = 0;
            let ptr = qjs::JS_ToCStringLen2(ctx, &mut len, text, false);
            if ptr.is_null() {
                return qjs::JS_EXCEPTION;
            }
            let utf8 = well_formed(std::slice::from_raw_parts(ptr as *const u8, len as usize));
            let bytes = if latin1 {
                crate::encoding::latin1_bytes(&utf8)
            } else {
                std::borrow::Cow::Borrowed(utf8.as_bytes())
            };
            let request = write_bytes(s, socket, &bytes, true);
            let written = bytes.len();
            drop(bytes);
            drop(utf8);
            qjs::JS_FreeCString(ctx, ptr);
            qjs::JS_NewNumber(ctx, if request == 0 { -(written as f64) } else { request as f64 })
        })
);

/// Carries out one request of the net module ([`NetRequest`]) and traces
/// it (node/io_trace.rs).
pub(super) fn net(s: &Shared, request: NetRequest) -> Result<NetReply, FsError> {
    if !s.lp.borrow().tracer.enabled() {
        return s.io.net(request);
    }
    // (A write's bytes move into the driver: the trace keeps the request
    // without them, and their count.)
    let (traced, bytes) = match &request {
        NetRequest::Write { socket, data, notify } => {
            (NetRequest::Write { socket: *socket, data: Vec::new(), notify: *notify }, data.len())
        }
        other => (other.clone(), 0),
    };
    let reply = s.io.net(request)?;
    super::io_trace::net_request(s, &traced, bytes, &reply);
    Ok(reply)
}
