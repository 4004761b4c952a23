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

/// `getnameinfo(3)` of `address`:`port` with `NI_NAMEREQD`, as Node's
/// `uv_getnameinfo` asks it (on the thread pool): JSON `[host, service]`.
fn lookup_service(address: &str, port: u16) -> jobs::JobResult {
    let failed = |code: &'static str, errno: i32| JobError {
        class: ErrorClass::Error,
        message: format!("getnameinfo {code} {address}"),
        code: Some(code),
        errno: Some(errno),
    };
    let Ok(ip) = address.parse::<IpAddr>() else { return Err(failed("EINVAL", -22)) };
    let sa = socket2::SockAddr::from(std::net::SocketAddr::new(ip, port));
    let mut host = [0 as libc::c_char; 1025];
    let mut serv = [0 as libc::c_char; 32];
    // SAFETY: `sa` is a valid socket address of the length given; the
    // buffers are writable and of the sizes given.
    let r = unsafe {
        libc::getnameinfo(
            sa.as_ptr().cast(),
            sa.len(),
            host.as_mut_ptr(),
            host.len() as libc::socklen_t,
            serv.as_mut_ptr(),
            serv.len() as libc::socklen_t,
            libc::NI_NAMEREQD,
        )
    };
    if r != 0 {
        // libuv's uv__getaddrinfo_translate_error names; Node's
        // dnsException reads EAI_NONAME and EAI_NODATA as ENOTFOUND.
        return Err(match r {
            libc::EAI_AGAIN => failed("EAI_AGAIN", -3001),
            libc::EAI_NONAME => failed("ENOTFOUND", -3008),
            _ => failed("EAI_FAIL", -3004),
        });
    }
    // SAFETY: getnameinfo wrote NUL-terminated strings.
    let text =
        |b: &[libc::c_char]| unsafe { std::ffi::CStr::from_ptr(b.as_ptr()) }.to_string_lossy().into_owned();
    Ok(serde_json::json!([text(&host), text(&serv)]).to_string().into_bytes())
}

/// Installs `host.dnsLookup(hostname, family, callback)` and
/// `host.dnsLookupService(address, port, callback)`.
pub(crate) fn install<'js>(ctx: &Ctx<'js>, host: &Object<'js>, shared: &Rc<Shared>) -> rquickjs::Result<()> {
    let s = shared.clone();
    host.set(
        "dnsLookup",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>, hostname: String, family: u8, cb: Function<'js>| {
            let name = jobs::JobName::new("dns.lookup", hostname.clone());
            jobs::submit(&s, &ctx, name, cb, move || lookup(&hostname, family))
        })?,
    )?;
    let s = shared.clone();
    host.set(
        "dnsLookupService",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>, address: String, port: u16, cb: Function<'js>| {
            let name = jobs::JobName::new("dns.lookupService", format!("{address} port {port}"));
            jobs::submit(&s, &ctx, name, cb, move || lookup_service(&address, port))
        })?,
    )?;
    Ok(())
}

/// `dns.resolve*`'s messages (c-ares's `ares_dns_write` and `ares_dns_parse`
/// in Node): a query encoded, a response decoded, with hickory-proto. The
/// transport is a UDP handle of the I/O driver (js/node/dns.js), as c-ares's
/// socket is a `uv_poll_t` of Node's loop.
mod message {
    use hickory_proto::op::{Message, MessageType, OpCode, Query, ResponseCode};
    use hickory_proto::rr::{Name, RData, RecordType};
    use rquickjs::{Array, Ctx, Object, TypedArray, Value};

    /// The record type `dns.resolve` names (`'A'`, `'AAAA'`, …, `'ANY'`).
    pub(super) fn record_type(name: &str) -> Option<RecordType> {
        Some(match name {
            "A" => RecordType::A,
            "AAAA" => RecordType::AAAA,
            "ANY" => RecordType::ANY,
            "CAA" => RecordType::CAA,
            "CNAME" => RecordType::CNAME,
            "MX" => RecordType::MX,
            "NAPTR" => RecordType::NAPTR,
            "NS" => RecordType::NS,
            "PTR" => RecordType::PTR,
            "SOA" => RecordType::SOA,
            "SRV" => RecordType::SRV,
            "TLSA" => RecordType::TLSA,
            "TXT" => RecordType::TXT,
            _ => return None,
        })
    }

    /// A recursive query (RD set, as c-ares sends it) for `name`'s records
    /// of `rrtype`, with message id `id`; None for a name DNS cannot carry
    /// (c-ares's ARES_EBADNAME).
    pub(super) fn encode(id: u16, name: &str, rrtype: &str) -> Option<Vec<u8>> {
        let rrtype = record_type(rrtype)?;
        let name = Name::from_utf8(name).ok()?;
        let mut m = Message::new(id, MessageType::Query, OpCode::Query);
        m.metadata.recursion_desired = true;
        m.add_query(Query::query(name, rrtype));
        m.to_vec().ok()
    }

    /// A domain name as c-ares gives it (no trailing dot).
    fn name_text(n: &Name) -> String {
        let s = n.to_utf8();
        s.strip_suffix('.').map(str::to_string).unwrap_or(s)
    }

    fn bytes_text(b: &[u8]) -> String {
        String::from_utf8_lossy(b).into_owned()
    }

    /// One record as `resolveAny` shows it (the type's fields, `ttl` for A
    /// and AAAA, then `type`; a CAA record's `type` before its tag, as Node
    /// 24 orders them), or None for a type Node does not show.
    fn record<'js>(ctx: &Ctx<'js>, data: &RData, ttl: u32) -> rquickjs::Result<Option<Object<'js>>> {
        let o = Object::new(ctx.clone())?;
        match data {
            RData::A(a) => {
                o.set("address", a.0.to_string())?;
                o.set("ttl", ttl)?;
                o.set("type", "A")?;
            }
            RData::AAAA(a) => {
                o.set("address", a.0.to_string())?;
                o.set("ttl", ttl)?;
                o.set("type", "AAAA")?;
            }
            RData::CNAME(n) => {
                o.set("value", name_text(&n.0))?;
                o.set("type", "CNAME")?;
            }
            RData::NS(n) => {
                o.set("value", name_text(&n.0))?;
                o.set("type", "NS")?;
            }
            RData::PTR(n) => {
                o.set("value", name_text(&n.0))?;
                o.set("type", "PTR")?;
            }
            RData::MX(mx) => {
                o.set("exchange", name_text(&mx.exchange))?;
                o.set("priority", mx.preference)?;
                o.set("type", "MX")?;
            }
            RData::TXT(txt) => {
                let entries = Array::new(ctx.clone())?;
                for (i, chunk) in txt.txt_data.iter().enumerate() {
                    entries.set(i, bytes_text(chunk))?;
                }
                o.set("entries", entries)?;
                o.set("type", "TXT")?;
            }
            RData::SRV(srv) => {
                o.set("name", name_text(&srv.target))?;
                o.set("port", srv.port)?;
                o.set("priority", srv.priority)?;
                o.set("weight", srv.weight)?;
                o.set("type", "SRV")?;
            }
            RData::SOA(soa) => {
                o.set("nsname", name_text(&soa.mname))?;
                o.set("hostmaster", name_text(&soa.rname))?;
                o.set("serial", soa.serial)?;
                o.set("refresh", soa.refresh)?;
                o.set("retry", soa.retry)?;
                o.set("expire", soa.expire)?;
                o.set("minttl", soa.minimum)?;
                o.set("type", "SOA")?;
            }
            RData::NAPTR(n) => {
                o.set("flags", bytes_text(&n.flags))?;
                o.set("service", bytes_text(&n.services))?;
                o.set("regexp", bytes_text(&n.regexp))?;
                o.set("replacement", name_text(&n.replacement))?;
                o.set("order", n.order)?;
                o.set("preference", n.preference)?;
                o.set("type", "NAPTR")?;
            }
            RData::TLSA(t) => {
                o.set("certUsage", u8::from(t.cert_usage))?;
                o.set("selector", u8::from(t.selector))?;
                o.set("match", u8::from(t.matching))?;
                o.set("data", rquickjs::ArrayBuffer::new(ctx.clone(), t.cert_data.clone())?)?;
                o.set("type", "TLSA")?;
            }
            RData::CAA(caa) => {
                o.set("critical", (if caa.issuer_critical { 128 } else { 0 }) | caa.reserved_flags)?;
                o.set("type", "CAA")?;
                o.set(caa.tag.as_str(), bytes_text(&caa.value))?;
            }
            _ => return Ok(None),
        }
        Ok(Some(o))
    }

    /// A response: `{ id, code }` for a failure (Node's codes: ENOTFOUND for
    /// NXDOMAIN, ESERVFAIL, EREFUSED, ENOTIMP, EFORMERR, EBADRESP for what
    /// cannot be parsed), else `{ id, records }` with the answers of
    /// `rrtype` (every type for ANY); ENODATA when there are none.
    pub(super) fn decode<'js>(
        ctx: &Ctx<'js>,
        bytes: &TypedArray<'js, u8>,
        rrtype: &str,
    ) -> rquickjs::Result<Value<'js>> {
        let o = Object::new(ctx.clone())?;
        // SAFETY: copied at once; no script runs while it is borrowed.
        let raw = unsafe { bytes.as_bytes() }.map(<[u8]>::to_vec).unwrap_or_default();
        let Ok(m) = Message::from_vec(&raw) else {
            o.set(
                "id",
                u32::from(u16::from_be_bytes([
                    raw.first().copied().unwrap_or(0),
                    raw.get(1).copied().unwrap_or(0),
                ])),
            )?;
            o.set("code", "EBADRESP")?;
            return Ok(o.into_value());
        };
        o.set("id", m.metadata.id)?;
        // TC: the answer did not fit a datagram; c-ares asks again over TCP.
        o.set("truncated", m.metadata.truncation)?;
        let code = match m.metadata.response_code {
            ResponseCode::NoError => None,
            ResponseCode::NXDomain => Some("ENOTFOUND"),
            ResponseCode::ServFail => Some("ESERVFAIL"),
            ResponseCode::Refused => Some("EREFUSED"),
            ResponseCode::NotImp => Some("ENOTIMP"),
            ResponseCode::FormErr => Some("EFORMERR"),
            _ => Some("EBADRESP"),
        };
        if let Some(code) = code {
            o.set("code", code)?;
            return Ok(o.into_value());
        }
        let wanted = record_type(rrtype);
        let records = Array::new(ctx.clone())?;
        let mut n = 0;
        for r in &m.answers {
            let matches = match wanted {
                Some(RecordType::ANY) => true,
                Some(t) => r.record_type() == t,
                None => false,
            };
            if !matches {
                continue;
            }
            if let Some(rec) = record(ctx, &r.data, r.ttl)? {
                records.set(n, rec)?;
                n += 1;
            }
        }
        if n == 0 {
            o.set("code", "ENODATA")?;
        } else {
            o.set("records", records)?;
        }
        Ok(o.into_value())
    }
}

/// The system's name servers (`nameserver` lines of /etc/resolv.conf, as
/// c-ares reads them at `ares_init`; 127.0.0.1 when there are none).
fn system_servers() -> Vec<String> {
    let text = std::fs::read_to_string("/etc/resolv.conf").unwrap_or_default();
    let mut servers: Vec<String> = text
        .lines()
        .filter_map(|l| {
            let mut words = l.split_whitespace();
            (words.next() == Some("nameserver")).then(|| words.next().map(str::to_string)).flatten()
        })
        .filter(|s| {
            s.parse::<IpAddr>().is_ok() || s.split('%').next().is_some_and(|ip| ip.parse::<IpAddr>().is_ok())
        })
        .collect();
    if servers.is_empty() {
        servers.push("127.0.0.1".to_string());
    }
    servers
}

/// Installs `host.dnsEncodeQuery`, `host.dnsDecodeResponse` and
/// `host.dnsSystemServers`.
pub(crate) fn install_resolver<'js>(ctx: &Ctx<'js>, host: &Object<'js>) -> rquickjs::Result<()> {
    host.set(
        "dnsEncodeQuery",
        Function::new(ctx.clone(), |ctx: Ctx<'js>, id: u16, name: String, rrtype: String| {
            match message::encode(id, &name, &rrtype) {
                Some(bytes) => rquickjs::Result::Ok(Some(rquickjs::TypedArray::<u8>::new(ctx, bytes)?)),
                None => Ok(None),
            }
        })?,
    )?;
    host.set(
        "dnsDecodeResponse",
        Function::new(ctx.clone(), |ctx: Ctx<'js>, bytes: rquickjs::TypedArray<'js, u8>, rrtype: String| {
            message::decode(&ctx, &bytes, &rrtype)
        })?,
    )?;
    host.set("dnsSystemServers", Function::new(ctx.clone(), system_servers)?)?;
    Ok(())
}
