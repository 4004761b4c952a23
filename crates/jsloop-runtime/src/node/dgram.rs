//! The host side of `node:dgram` (Node's src/udp_wrap.cc over libuv's
//! `uv_udp_t`): the glue (js/node/dgram.js) calls these; the socket lives
//! in the I/O driver (io/udp.rs), its datagrams and queued sends' completions
//! come back as events of the poll phase (`netDispatch`).
use std::rc::Rc;

use rquickjs::function::Opt;
use rquickjs::{Ctx, Function, Object, TypedArray, Value};

use super::fs::typed_bytes;
use super::io::{FsError, SendOutcome, UdpFlags, UdpOption};
use super::net::net_error_to_js;
use super::Shared;

fn throw<'js>(ctx: &Ctx<'js>, e: &FsError) -> rquickjs::Error {
    match net_error_to_js(ctx, e) {
        Ok(v) => ctx.throw(v),
        Err(e) => e,
    }
}

fn address_object<'js>(ctx: &Ctx<'js>, a: std::net::SocketAddr) -> rquickjs::Result<Value<'js>> {
    let o = Object::new(ctx.clone())?;
    o.set("address", a.ip().to_string())?;
    o.set("family", if a.is_ipv4() { "IPv4" } else { "IPv6" })?;
    o.set("port", a.port())?;
    Ok(o.into_value())
}

/// Installs the `udp*` host functions.
pub(crate) fn install<'js>(ctx: &Ctx<'js>, host: &Object<'js>, shared: &Rc<Shared>) -> rquickjs::Result<()> {
    // UDPWrap::Bind + recvStart: the handle's id and the bound address.
    let s = shared.clone();
    host.set(
        "udpBind",
        Function::new(
            ctx.clone(),
            move |ctx: Ctx<'js>, ipv6: bool, address: String, port: u16, flags: Object<'js>| {
                let flags = UdpFlags {
                    reuse_addr: flags.get::<_, Option<bool>>("reuseAddr")?.unwrap_or(false),
                    reuse_port: flags.get::<_, Option<bool>>("reusePort")?.unwrap_or(false),
                    ipv6_only: flags.get::<_, Option<bool>>("ipv6Only")?.unwrap_or(false),
                };
                match s.io.udp_bind(ipv6, &address, port, flags) {
                    Ok((id, local)) => {
                        super::io_trace::opened_at(&s, id, "udp socket", Some(local));
                        let o = address_object(&ctx, local)?;
                        o.as_object().map(|o| o.set("id", id as f64)).transpose()?;
                        Ok(o)
                    }
                    Err(e) => Err(throw(&ctx, &e)),
                }
            },
        )?,
    )?;
    // UDPWrap::Connect / Disconnect (no address).
    let s = shared.clone();
    host.set(
        "udpConnect",
        Function::new(
            ctx.clone(),
            move |ctx: Ctx<'js>, id: f64, address: Option<String>, port: Opt<u16>| {
                let to = address.as_deref().map(|a| (a, port.0.unwrap_or(0)));
                s.io.udp_connect(id as u64, to).map_err(|e| throw(&ctx, &e))
            },
        )?,
    )?;
    // getsockname / getpeername.
    let s = shared.clone();
    host.set(
        "udpAddress",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>, id: f64, peer: bool| {
            match s.io.udp_address(id as u64, peer) {
                Ok(a) => address_object(&ctx, a),
                Err(e) => Err(throw(&ctx, &e)),
            }
        })?,
    )?;
    // UDPWrap::Send: n + 1 when sent at once (Node's synchronous finish),
    // else minus the request's id (0: nobody waits); a failure is thrown.
    let s = shared.clone();
    host.set(
        "udpSend",
        Function::new(
            ctx.clone(),
            move |ctx: Ctx<'js>,
                  id: f64,
                  bytes: TypedArray<'js, u8>,
                  address: Option<String>,
                  port: u16,
                  shown: String,
                  notify: bool| {
                let to = address.as_deref().map(|a| (a, port));
                let data = typed_bytes(&bytes);
                let len = data.len();
                let shown_to = to.map(|(a, p)| format!("{a}:{p}"));
                let outcome = s.io.udp_send(id as u64, data, to, &shown, notify);
                match outcome {
                    Ok(SendOutcome::Sent(n)) => {
                        super::io_trace::udp_send(&s, id as u64, n, shown_to.as_deref(), None);
                        Ok(n as f64 + 1.0)
                    }
                    Ok(SendOutcome::Queued(request)) => {
                        super::io_trace::udp_send(&s, id as u64, len, shown_to.as_deref(), Some(request));
                        Ok(-(request as f64))
                    }
                    Err(e) => Err(throw(&ctx, &e)),
                }
            },
        )?,
    )?;
    let s = shared.clone();
    host.set(
        "udpReceiving",
        Function::new(ctx.clone(), move |id: f64, on: bool| s.io.udp_receiving(id as u64, on))?,
    )?;
    let s = shared.clone();
    host.set(
        "udpSendQueue",
        Function::new(ctx.clone(), move |id: f64, count: bool| {
            let (size, n) = s.io.udp_send_queue(id as u64);
            (if count { n } else { size }) as f64
        })?,
    )?;
    // The socket options: name, then its arguments.
    let s = shared.clone();
    host.set(
        "udpOption",
        Function::new(
            ctx.clone(),
            move |ctx: Ctx<'js>,
                  id: f64,
                  name: String,
                  a: Value<'js>,
                  b: Opt<Value<'js>>,
                  c: Opt<Value<'js>>| {
                let text = |v: &Value<'js>| v.as_string().and_then(|s| s.to_string().ok());
                let opt_text = |v: &Opt<Value<'js>>| v.0.as_ref().and_then(text);
                let int = a.as_number().unwrap_or(0.0);
                let option = match name.as_str() {
                    "broadcast" => UdpOption::Broadcast(a.as_bool().unwrap_or(false)),
                    "ttl" => UdpOption::Ttl(int as i32),
                    "multicastTTL" => UdpOption::MulticastTtl(int as i32),
                    "multicastLoopback" => UdpOption::MulticastLoopback(a.as_bool().unwrap_or(false)),
                    "multicastInterface" => UdpOption::MulticastInterface(text(&a).unwrap_or_default()),
                    "addMembership" | "dropMembership" => UdpOption::Membership {
                        join: name == "addMembership",
                        group: text(&a).unwrap_or_default(),
                        interface: opt_text(&b),
                    },
                    "addSourceSpecificMembership" | "dropSourceSpecificMembership" => {
                        UdpOption::SourceMembership {
                            join: name == "addSourceSpecificMembership",
                            source: text(&a).unwrap_or_default(),
                            group: opt_text(&b).unwrap_or_default(),
                            interface: opt_text(&c),
                        }
                    }
                    "recvBufferSize" | "sendBufferSize" => {
                        UdpOption::BufferSize { recv: name == "recvBufferSize", size: int as u32 }
                    }
                    _ => return Err(rquickjs::Exception::throw_type(&ctx, "unknown UDP option")),
                };
                s.io.udp_option(id as u64, &option).map(|v| v as f64).map_err(|e| throw(&ctx, &e))
            },
        )?,
    )?;
    Ok(())
}
