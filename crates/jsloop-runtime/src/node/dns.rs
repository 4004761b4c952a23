//! The host side of `node:dns`'s `lookup`: the system resolver
//! (`getaddrinfo`, through `std::net::ToSocketAddrs`) on the thread pool, as
//! Node runs `uv_getaddrinfo` there, the callback in the poll phase.
use std::net::{IpAddr, ToSocketAddrs};
use std::rc::Rc;

use rquickjs::{Ctx, Function, Object};

use super::jobs::{self, ErrorClass, JobError};
use super::Shared;

/// Addresses of `hostname` of `family` (0: any, 4, 6), in the resolver's
/// order, as JSON `[[address, family], …]` (the glue parses it).
fn lookup(hostname: &str, family: u8) -> jobs::JobResult {
    let failed = |code: &'static str, errno: i32| JobError {
        class: ErrorClass::Error,
        message: format!("getaddrinfo {code} {hostname}"),
        code: Some(code),
        errno: Some(errno),
    };
    let found = (hostname, 0u16).to_socket_addrs().map_err(|e| {
        // getaddrinfo's EAI_AGAIN is a temporary failure; anything else is
        // "not found", as Node names EAI_NONAME and EAI_NODATA.
        if e.to_string().contains("Temporary failure") {
            failed("EAI_AGAIN", -3001)
        } else {
            failed("ENOTFOUND", -3008)
        }
    })?;
    let mut list = Vec::new();
    for addr in found {
        let (text, fam) = match addr.ip() {
            IpAddr::V4(ip) => (ip.to_string(), 4),
            IpAddr::V6(ip) => (ip.to_string(), 6),
        };
        if (family == 0 || family == fam) && !list.iter().any(|(t, _): &(String, u8)| *t == text) {
            list.push((text, fam));
        }
    }
    if list.is_empty() {
        return Err(failed("ENOTFOUND", -3008));
    }
    let json: Vec<String> = list.iter().map(|(t, f)| format!("[\"{t}\",{f}]")).collect();
    Ok(format!("[{}]", json.join(",")).into_bytes())
}

/// Installs `host.dnsLookup(hostname, family, callback)`.
pub(crate) fn install<'js>(ctx: &Ctx<'js>, host: &Object<'js>, shared: &Rc<Shared>) -> rquickjs::Result<()> {
    let s = shared.clone();
    host.set(
        "dnsLookup",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>, hostname: String, family: u8, cb: Function<'js>| {
            jobs::submit(&s, &ctx, cb, move || lookup(&hostname, family))
        })?,
    )?;
    Ok(())
}
