//! An HTTP/1.1 client for the loopback interface, shared by the hosts that
//! need one (today the browser host's `fetch()` and `XMLHttpRequest`; see
//! `browser/fetch.rs`). It runs on a thread of its own (or inside a
//! synchronous `XMLHttpRequest`'s `send()`), never on a loop's thread while
//! the loop waits: the caller hands its result back to the loop as a task.
//!
//! What it does is the network part of the Fetch Standard's "HTTP-network
//! fetch" (<https://fetch.spec.whatwg.org/#http-network-fetch>) for one
//! connection per request (`Connection: close`): it writes the request,
//! reads the response head with `httparse` (the parser the node host's HTTP
//! uses too), and reads the body framed by `Transfer-Encoding: chunked`,
//! `Content-Length`, or the end of the connection (RFC 9112, section 6.3).
//! Redirects are the caller's to follow (Fetch's "HTTP-redirect fetch").
//! Only loopback hosts are reached (`127.0.0.0/8`, `::1`, `localhost`):
//! anything else is a network error, so a page run by jsloop never talks to
//! the outside world.
use std::io::{Read, Write};
use std::net::{IpAddr, SocketAddr, TcpStream};
use std::time::Duration;

/// A request to send.
#[derive(Debug, Clone)]
pub struct Request {
    pub method: String,
    /// An absolute `http:` URL.
    pub url: String,
    /// The header list, in order (names as given).
    pub headers: Vec<(String, String)>,
    pub body: Option<Vec<u8>>,
}

/// A response as it came off the connection.
#[derive(Debug, Clone, PartialEq)]
pub struct Response {
    pub status: u16,
    pub status_text: String,
    /// The header list, in order, names lowercased (as Fetch's header list
    /// is read back through `Headers`: byte-case-insensitive names).
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

/// How long a connection may stay silent before the request is a network
/// error (a server that never answers does not hold the loop forever).
const SILENCE: Duration = Duration::from_secs(30);
/// The largest response head read (bytes).
const MAX_HEAD: usize = 64 * 1024;
const MAX_HEADERS: usize = 128;

/// The address of a loopback URL's host and port, or why it is refused.
fn loopback_address(url: &url::Url) -> Result<SocketAddr, String> {
    if url.scheme() != "http" {
        return Err(format!("{}: only http: URLs are fetched over the network", url.scheme()));
    }
    let port = url.port_or_known_default().unwrap_or(80);
    let ip: IpAddr = match url.host() {
        Some(url::Host::Ipv4(a)) => IpAddr::V4(a),
        Some(url::Host::Ipv6(a)) => IpAddr::V6(a),
        Some(url::Host::Domain(d)) if d.eq_ignore_ascii_case("localhost") => IpAddr::from([127, 0, 0, 1]),
        _ => return Err(format!("{}: jsloop reaches loopback hosts only", url.host_str().unwrap_or(""))),
    };
    if !ip.is_loopback() {
        return Err(format!("{ip}: jsloop reaches loopback hosts only"));
    }
    Ok(SocketAddr::new(ip, port))
}

/// Sends `request` and reads its response (Err: a network error, with why).
pub fn send(request: &Request) -> Result<Response, String> {
    let url = url::Url::parse(&request.url).map_err(|e| e.to_string())?;
    let address = loopback_address(&url)?;
    let mut stream = TcpStream::connect_timeout(&address, SILENCE).map_err(|e| e.to_string())?;
    stream.set_read_timeout(Some(SILENCE)).map_err(|e| e.to_string())?;
    stream.set_write_timeout(Some(SILENCE)).map_err(|e| e.to_string())?;
    let _ = stream.set_nodelay(true);
    stream.write_all(&serialize(request, &url)).map_err(|e| e.to_string())?;
    read_response(&mut stream, request.method.eq_ignore_ascii_case("HEAD"))
}

/// The request's bytes: the request line with the URL's path and query,
/// `Host`, the header list, `Connection: close`, the body's length.
fn serialize(request: &Request, url: &url::Url) -> Vec<u8> {
    let mut target = url.path().to_string();
    if let Some(q) = url.query() {
        target.push('?');
        target.push_str(q);
    }
    let host = match url.port() {
        Some(p) => format!("{}:{p}", url.host_str().unwrap_or("")),
        None => url.host_str().unwrap_or("").to_string(),
    };
    let mut head = format!("{} {target} HTTP/1.1\r\nHost: {host}\r\n", request.method);
    for (name, value) in &request.headers {
        head.push_str(name);
        head.push_str(": ");
        head.push_str(value);
        head.push_str("\r\n");
    }
    head.push_str("Connection: close\r\n");
    // https://fetch.spec.whatwg.org/#http-network-or-cache-fetch Step 8.8-8.9:
    // a null body with POST or PUT is `Content-Length: 0`; a body its length.
    match &request.body {
        Some(b) => head.push_str(&format!("Content-Length: {}\r\n", b.len())),
        None if request.method == "POST" || request.method == "PUT" => head.push_str("Content-Length: 0\r\n"),
        None => {}
    }
    head.push_str("\r\n");
    let mut bytes = head.into_bytes();
    if let Some(b) = &request.body {
        bytes.extend_from_slice(b);
    }
    bytes
}

/// Reads one response: its head (1xx interim responses skipped), then its body.
fn read_response(stream: &mut impl Read, head_only: bool) -> Result<Response, String> {
    let mut buf: Vec<u8> = Vec::with_capacity(4096);
    loop {
        // The head, as far as it has come.
        let parsed = {
            let mut headers = [httparse::EMPTY_HEADER; MAX_HEADERS];
            let mut res = httparse::Response::new(&mut headers);
            match res.parse(&buf).map_err(|e| format!("invalid response: {e}"))? {
                httparse::Status::Complete(length) => Some((
                    length,
                    res.code.unwrap_or(0),
                    res.reason.unwrap_or("").to_string(),
                    res.headers
                        .iter()
                        .map(|h| (h.name.to_ascii_lowercase(), String::from_utf8_lossy(h.value).into_owned()))
                        .collect::<Vec<_>>(),
                )),
                httparse::Status::Partial => None,
            }
        };
        let Some((length, status, status_text, headers)) = parsed else {
            if buf.len() > MAX_HEAD {
                return Err("response head too large".into());
            }
            if read_more(stream, &mut buf)? == 0 {
                return Err("connection closed before the response head".into());
            }
            continue;
        };
        buf.drain(..length);
        // An interim (1xx) response other than 101: skip it, read the next head.
        if (100..200).contains(&status) && status != 101 {
            continue;
        }
        let header = |name: &str| headers.iter().find(|(n, _)| n == name).map(|(_, v)| v.trim().to_string());
        // RFC 9112 section 6.3: no body for HEAD, 1xx, 204 and 304.
        let body = if head_only || status == 204 || status == 304 || status < 200 {
            Vec::new()
        } else if header("transfer-encoding").is_some_and(|v| v.to_ascii_lowercase().ends_with("chunked")) {
            read_chunked(stream, buf)?
        } else if let Some(length) = header("content-length") {
            let length: usize = length.parse().map_err(|_| format!("invalid Content-Length: {length}"))?;
            while buf.len() < length {
                if read_more(stream, &mut buf)? == 0 {
                    return Err("connection closed before the end of the body".into());
                }
            }
            buf.truncate(length);
            buf
        } else {
            while read_more(stream, &mut buf)? > 0 {}
            buf
        };
        return Ok(Response { status, status_text, headers, body });
    }
}

fn read_more(stream: &mut impl Read, buf: &mut Vec<u8>) -> Result<usize, String> {
    let mut chunk = [0u8; 16 * 1024];
    let n = stream.read(&mut chunk).map_err(|e| e.to_string())?;
    buf.extend_from_slice(&chunk[..n]);
    Ok(n)
}

/// A chunked body (RFC 9112 section 7.1), `buf` holding what followed the head.
fn read_chunked(stream: &mut impl Read, mut buf: Vec<u8>) -> Result<Vec<u8>, String> {
    let mut body = Vec::new();
    loop {
        let line_end = loop {
            if let Some(i) = buf.windows(2).position(|w| w == b"\r\n") {
                break i;
            }
            if read_more(stream, &mut buf)? == 0 {
                return Err("connection closed inside a chunked body".into());
            }
        };
        let line = String::from_utf8_lossy(&buf[..line_end]).into_owned();
        let size_text = line.split(';').next().unwrap_or("").trim();
        let size =
            usize::from_str_radix(size_text, 16).map_err(|_| format!("invalid chunk size: {size_text}"))?;
        buf.drain(..line_end + 2);
        if size == 0 {
            // The trailer section, up to its empty line (read and dropped).
            return Ok(body);
        }
        while buf.len() < size + 2 {
            if read_more(stream, &mut buf)? == 0 {
                return Err("connection closed inside a chunk".into());
            }
        }
        body.extend_from_slice(&buf[..size]);
        buf.drain(..size + 2);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_three_framings_and_skips_interim_responses() {
        let fixed = b"HTTP/1.1 200 OK\r\nContent-Length: 5\r\nX-A: b\r\n\r\nhelloEXTRA";
        let r = read_response(&mut &fixed[..], false).unwrap();
        assert_eq!((r.status, r.status_text.as_str(), r.body.as_slice()), (200, "OK", &b"hello"[..]));
        assert_eq!(r.headers, vec![("content-length".into(), "5".into()), ("x-a".into(), "b".into())]);
        let chunked = b"HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 201 Created\r\nTransfer-Encoding: chunked\r\n\r\n3;x=y\r\nabc\r\n2\r\nde\r\n0\r\n\r\n";
        let r = read_response(&mut &chunked[..], false).unwrap();
        assert_eq!((r.status, r.body.as_slice()), (201, &b"abcde"[..]));
        let to_close = b"HTTP/1.0 404 Not Found\r\n\r\nall of it";
        let r = read_response(&mut &to_close[..], false).unwrap();
        assert_eq!((r.status, r.body.as_slice()), (404, &b"all of it"[..]));
        let head = b"HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n";
        assert_eq!(read_response(&mut &head[..], true).unwrap().body, b"");
        assert!(read_response(&mut &b"HTTP/1.1 200 OK\r\nContent-Length: 9\r\n\r\nshort"[..], false).is_err());
    }

    #[test]
    fn reaches_loopback_hosts_only() {
        let at = |u: &str| loopback_address(&url::Url::parse(u).unwrap());
        assert_eq!(at("http://127.0.0.1:8080/x").unwrap().port(), 8080);
        assert!(at("http://localhost/").unwrap().ip().is_loopback());
        assert!(at("http://[::1]:9/").is_ok());
        assert!(at("http://192.0.2.1/").is_err());
        assert!(at("http://example.invalid/").is_err());
        assert!(at("https://127.0.0.1/").is_err());
    }
}
