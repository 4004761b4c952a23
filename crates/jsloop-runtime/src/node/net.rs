//! Sockets as Node's net module sees them: addresses, errors and events.

use rquickjs::{Ctx, Function, Object, Value};

use super::io::{FsError, NetEvent};

/// `localhost` and other names resolve as the system says; numeric
/// addresses parse directly.
pub(super) fn resolve_addr(address: &str, port: u16) -> std::net::SocketAddr {
    use std::net::ToSocketAddrs;
    let address = if address.is_empty() { "127.0.0.1" } else { address };
    (address, port)
        .to_socket_addrs()
        .ok()
        .and_then(|mut a| a.next())
        .unwrap_or_else(|| std::net::SocketAddr::from(([127, 0, 0, 1], port)))
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
    let message = match &e.path {
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
