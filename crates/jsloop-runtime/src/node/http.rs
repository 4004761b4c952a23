//! The host side of `node:http`: an HTTP/1 message head (request line or
//! status line, then header fields) parsed by `httparse`, the parser hyper
//! uses. Bodies (Content-Length, chunked) are framed by the glue
//! (js/node/http.js), which sees every byte anyway.
use rquickjs::{Array, Ctx, Function, Object, Value};

use super::jobs::{bytes_of, ErrorClass, JobError};

/// At most this many header fields (Node's default `maxHeadersCount` is
/// 2000; its parser's limit is the header size, 16 KiB, checked by the glue).
const MAX_HEADERS: usize = 2000;

/// Parses the head at the start of `bytes`. Returns None while the head is
/// incomplete; else `{ length, method, url, versionMajor, versionMinor,
/// statusCode, statusMessage, rawHeaders }` (rawHeaders as Node gives them:
/// name, value, name, value, …), with `connection` and `transferEncoding`
/// (each field's values joined with ", ") and `contentLength` (the last)
/// with `contentLengthCount` when the head has those fields.
fn parse<'js>(ctx: &Ctx<'js>, bytes: &[u8], request: bool) -> Result<Option<Object<'js>>, JobError> {
    match parse_fields(ctx, bytes, request) {
        // llhttp takes HTTP/0.9 and HTTP/2.0 in a head besides 1.0 and 1.1
        // (its version check), httparse only 1.x: such a head is parsed
        // again as HTTP/1.1 from a copy, and its version given as it was.
        Err(e) if e.code == Some("HPE_INVALID_VERSION") => {
            let (at, major, minor) = match other_version(bytes, request) {
                OtherVersion::At(at, major, minor) => (at, major, minor),
                // (Not all of it has come: the head is not complete yet.)
                OtherVersion::Partial => return Ok(None),
                OtherVersion::No => return Err(e),
            };
            let copy = [&bytes[..at], b"HTTP/1.1", &bytes[at + 8..]].concat();
            let head = parse_fields(ctx, &copy, request)?;
            if let Some(head) = &head {
                let js = |e: rquickjs::Error| {
                    JobError::new(ErrorClass::Error, "ERR_INTERNAL_ASSERTION", e.to_string())
                };
                head.set("versionMajor", major).map_err(js)?;
                head.set("versionMinor", minor).map_err(js)?;
            }
            Ok(head)
        }
        result => result,
    }
}

fn parse_fields<'js>(ctx: &Ctx<'js>, bytes: &[u8], request: bool) -> Result<Option<Object<'js>>, JobError> {
    // Most heads have a few fields: a small array on the stack first (a
    // 2000-field array is 64 KB to allocate and fill per message), the
    // whole limit only for a head that has more.
    let mut few = [httparse::EMPTY_HEADER; FEW_HEADERS];
    match parse_with(ctx, bytes, request, &mut few) {
        Err(Overflow) => {
            let mut headers = vec![httparse::EMPTY_HEADER; MAX_HEADERS];
            parse_with(ctx, bytes, request, &mut headers).map_err(|e| match e {
                Overflow => {
                    JobError::new(ErrorClass::Error, "HPE_HEADER_OVERFLOW", "Parse Error: Header overflow")
                }
                Failed(e) => e,
            })
        }
        Err(Failed(e)) => Err(e),
        Ok(head) => Ok(head),
    }
}

/// A head's version that llhttp takes and httparse does not.
enum OtherVersion {
    /// `HTTP/0.9` or `HTTP/2.0` at this offset, with that version.
    At(usize, u8, u8),
    /// The start of one of them, the rest still to come.
    Partial,
    No,
}

/// Whether a head's version is `HTTP/0.9` or `HTTP/2.0`: at a status
/// line's start, or at the end of a request line.
fn other_version(bytes: &[u8], request: bool) -> OtherVersion {
    const OTHER: [(&[u8], u8, u8); 2] = [(b"HTTP/0.9", 0, 9), (b"HTTP/2.0", 2, 0)];
    let (at, end) = if request {
        let line_end = bytes.windows(2).position(|w| w == b"\r\n");
        let end = line_end.unwrap_or(bytes.len());
        // (The version follows the target after a space.)
        let Some(space) = bytes[..end].iter().rposition(|&b| b == b' ') else { return OtherVersion::No };
        if line_end.is_none() {
            let tail = &bytes[space + 1..];
            return if OTHER.iter().any(|(v, _, _)| v.starts_with(tail)) {
                OtherVersion::Partial
            } else {
                OtherVersion::No
            };
        }
        (space + 1, end)
    } else {
        if bytes.len() < 8 {
            return if OTHER.iter().any(|(v, _, _)| v.starts_with(bytes)) {
                OtherVersion::Partial
            } else {
                OtherVersion::No
            };
        }
        (0, 8)
    };
    match OTHER.iter().find(|(v, _, _)| *v == &bytes[at..end]) {
        Some(&(_, major, minor)) => OtherVersion::At(at, major, minor),
        None => OtherVersion::No,
    }
}

/// Heads with up to this many fields are parsed without a heap array.
const FEW_HEADERS: usize = 32;

/// Why [`parse_with`] gave no head.
enum ParseFailure {
    /// More fields than the array it was given.
    Overflow,
    Failed(JobError),
}
use ParseFailure::{Failed, Overflow};

fn parse_with<'js, 'b>(
    ctx: &Ctx<'js>,
    bytes: &'b [u8],
    request: bool,
    headers: &mut [httparse::Header<'b>],
) -> Result<Option<Object<'js>>, ParseFailure> {
    let invalid = |what: &str, code: &'static str| {
        Failed(JobError::new(ErrorClass::Error, code, format!("Parse Error: {what}")))
    };
    // llhttp (Node's parser) wants LF after every CR of the head.
    let head_end = bytes.windows(4).position(|w| w == b"\r\n\r\n").map_or(bytes.len(), |p| p + 4);
    let head_bytes = &bytes[..head_end];
    if head_bytes
        .iter()
        .enumerate()
        .any(|(i, &b)| b == b'\r' && head_bytes.get(i + 1).is_some_and(|&n| n != b'\n'))
    {
        return Err(invalid("Missing expected LF after header value", "HPE_LF_EXPECTED"));
    }
    let js = |e: rquickjs::Error| {
        Failed(JobError::new(ErrorClass::Error, "ERR_INTERNAL_ASSERTION", e.to_string()))
    };
    let head = Object::new(ctx.clone()).map_err(js)?;
    let (length, parsed_headers): (usize, &[httparse::Header]) = if request {
        let mut req = httparse::Request::new(headers);
        let status = req.parse(bytes).map_err(|e| match e {
            httparse::Error::Version => invalid("Invalid HTTP version", "HPE_INVALID_VERSION"),
            // A method that is not a token (RFC 9110 section 9.1) is llhttp's
            // HPE_INVALID_METHOD; other token errors are in the fields.
            httparse::Error::Token if !method_is_token(bytes) => {
                invalid("Invalid method encountered", "HPE_INVALID_METHOD")
            }
            httparse::Error::Token | httparse::Error::HeaderName => {
                invalid("Invalid header token", "HPE_INVALID_HEADER_TOKEN")
            }
            httparse::Error::TooManyHeaders => Overflow,
            _ => invalid("Invalid request line", "HPE_INVALID_CONSTANT"),
        })?;
        let httparse::Status::Complete(length) = status else { return Ok(None) };
        head.set("method", req.method.unwrap_or("GET")).map_err(js)?;
        head.set("url", req.path.unwrap_or("/")).map_err(js)?;
        head.set("versionMinor", req.version.unwrap_or(1)).map_err(js)?;
        let count = req.headers.len();
        (length, &headers[..count])
    } else {
        let mut res = httparse::Response::new(headers);
        // Folded (obs-fold) field lines, which llhttp takes in responses.
        let status = httparse::ParserConfig::default()
            .allow_obsolete_multiline_headers_in_responses(true)
            .parse_response(&mut res, bytes)
            .map_err(|e| match e {
                httparse::Error::Status => invalid("Invalid status code", "HPE_INVALID_STATUS"),
                httparse::Error::Version if !bytes.starts_with(b"HTTP/") => {
                    invalid("Expected HTTP/, RTSP/ or ICE/", "HPE_INVALID_CONSTANT")
                }
                httparse::Error::Version => invalid("Invalid HTTP version", "HPE_INVALID_VERSION"),
                httparse::Error::TooManyHeaders => Overflow,
                _ => invalid("Invalid header value char", "HPE_INVALID_HEADER_TOKEN"),
            })?;
        let httparse::Status::Complete(length) = status else { return Ok(None) };
        head.set("statusCode", res.code.unwrap_or(0)).map_err(js)?;
        head.set("statusMessage", res.reason.unwrap_or("")).map_err(js)?;
        head.set("versionMinor", res.version.unwrap_or(1)).map_err(js)?;
        let count = res.headers.len();
        (length, &headers[..count])
    };
    head.set("length", length).map_err(js)?;
    head.set("versionMajor", 1).map_err(js)?;
    let raw = Array::new(ctx.clone()).map_err(js)?;
    // The fields the glue frames the body and keeps the connection by, as
    // Node's `headers` would join them (', '): Connection,
    // Transfer-Encoding, and the last Content-Length with how many there
    // were (llhttp's checks), so that the glue need not walk rawHeaders.
    let mut connection: Option<String> = None;
    let mut transfer_encoding: Option<String> = None;
    let mut content_length: Option<String> = None;
    let mut content_lengths = 0u32;
    let join = |to: &mut Option<String>, value: &str| match to {
        Some(joined) => {
            joined.push_str(", ");
            joined.push_str(value);
        }
        None => *to = Some(value.to_string()),
    };
    for (i, h) in parsed_headers.iter().enumerate() {
        raw.set(2 * i, h.name).map_err(js)?;
        // Field values are Latin-1 on the wire (Node reads them as such).
        let value: String = h.value.iter().map(|&b| b as char).collect();
        let value = value.trim_matches([' ', '\t']);
        // A folded value reads as one line, each fold a single space.
        let value = if value.contains('\r') || value.contains('\n') {
            value
                .split(['\r', '\n'])
                .map(|part| part.trim_matches([' ', '\t']))
                .filter(|part| !part.is_empty())
                .collect::<Vec<_>>()
                .join(" ")
        } else {
            value.to_string()
        };
        if h.name.eq_ignore_ascii_case("connection") {
            join(&mut connection, &value);
        } else if h.name.eq_ignore_ascii_case("transfer-encoding") {
            join(&mut transfer_encoding, &value);
        } else if h.name.eq_ignore_ascii_case("content-length") {
            content_lengths += 1;
            content_length = Some(value.clone());
        }
        raw.set(2 * i + 1, value).map_err(js)?;
    }
    head.set("rawHeaders", raw).map_err(js)?;
    if let Some(value) = connection {
        head.set("connection", value).map_err(js)?;
    }
    if let Some(value) = transfer_encoding {
        head.set("transferEncoding", value).map_err(js)?;
    }
    if let Some(value) = content_length {
        head.set("contentLength", value).map_err(js)?;
        head.set("contentLengthCount", content_lengths).map_err(js)?;
    }
    Ok(Some(head))
}

/// The methods llhttp knows (Node's `http.METHODS`, and PRI for HTTP/2's
/// preface): any other request is an error as soon as its method is seen.
const METHODS: &[&[u8]] = &[
    b"ACL",
    b"BIND",
    b"CHECKOUT",
    b"CONNECT",
    b"COPY",
    b"DELETE",
    b"GET",
    b"HEAD",
    b"LINK",
    b"LOCK",
    b"M-SEARCH",
    b"MERGE",
    b"MKACTIVITY",
    b"MKCALENDAR",
    b"MKCOL",
    b"MOVE",
    b"NOTIFY",
    b"OPTIONS",
    b"PATCH",
    b"POST",
    b"PROPFIND",
    b"PROPPATCH",
    b"PURGE",
    b"PUT",
    b"QUERY",
    b"REBIND",
    b"REPORT",
    b"SEARCH",
    b"SOURCE",
    b"SUBSCRIBE",
    b"TRACE",
    b"UNBIND",
    b"UNLINK",
    b"UNLOCK",
    b"UNSUBSCRIBE",
    b"PRI",
];

/// RTSP's methods, which llhttp's request parser matches too (and refuses
/// once the protocol is HTTP).
const RTSP_METHODS: &[&[u8]] = &[
    b"DESCRIBE",
    b"ANNOUNCE",
    b"SETUP",
    b"PLAY",
    b"PAUSE",
    b"TEARDOWN",
    b"GET_PARAMETER",
    b"SET_PARAMETER",
    b"REDIRECT",
    b"RECORD",
    b"FLUSH",
];

/// A request's method as llhttp refuses it: its code, its words and where
/// it stopped (bytes from the start of `bytes`, empty lines before the
/// request included), or None while the start is, or may still become, a
/// method it takes. llhttp matches the methods it knows (HTTP's and RTSP's)
/// a byte at a time: it stops at the first byte no method goes on with
/// ("Invalid method encountered"), or after a whole method not followed by
/// a space ("Expected space after method"); an RTSP method is refused when
/// the protocol turns out to be HTTP, after its four letters ("Invalid
/// method for HTTP/x.x request", HPE_INVALID_CONSTANT).
fn method_error(bytes: &[u8]) -> Option<(&'static str, &'static str, usize)> {
    // (The usual request: a known HTTP method and a space.)
    if known_method_prefix(bytes) {
        return None;
    }
    let start = bytes.iter().position(|&b| b != b'\r' && b != b'\n').unwrap_or(bytes.len());
    let rest = &bytes[start..];
    let methods = || METHODS.iter().chain(RTSP_METHODS.iter());
    // How far some method goes along with the request.
    let mut n = 0;
    while n < rest.len() && methods().any(|m| m.len() > n && m[..=n] == rest[..=n]) {
        n += 1;
    }
    if n == rest.len() {
        return None;
    }
    let Some(method) = methods().find(|m| ***m == rest[..n]) else {
        return Some(("HPE_INVALID_METHOD", "Invalid method encountered", start + n));
    };
    if rest[n] != b' ' {
        return Some(("HPE_INVALID_METHOD", "Expected space after method", start + n));
    }
    // An RTSP method: its target, then the protocol's four letters.
    let target = n + 1;
    let space = target + rest[target..].iter().position(|&b| b == b' ')?;
    let protocol = rest.get(space + 1..space + 5)?;
    if protocol == b"HTTP" && RTSP_METHODS.contains(method) {
        return Some(("HPE_INVALID_CONSTANT", "Invalid method for HTTP/x.x request", start + space + 5));
    }
    // (An RTSP request itself, which llhttp takes, is not one jsloop reads.)
    Some(("HPE_INVALID_METHOD", "Invalid method encountered", start))
}

/// Whether the start of a request (after empty lines) is, or may still
/// become, a known method followed by a space.
fn known_method_prefix(bytes: &[u8]) -> bool {
    let start = bytes.iter().position(|&b| b != b'\r' && b != b'\n').unwrap_or(bytes.len());
    let rest = &bytes[start..];
    match rest.iter().position(|&b| b == b' ') {
        Some(space) => METHODS.contains(&&rest[..space]),
        None => rest.is_empty() || METHODS.iter().any(|m| m.starts_with(rest)),
    }
}

/// Whether the request line starts with a method made of token characters
/// (RFC 9110 section 5.6.2), up to its first space.
fn method_is_token(bytes: &[u8]) -> bool {
    let method = bytes.split(|&b| b == b' ').next().unwrap_or(bytes);
    !method.is_empty() && method.iter().all(|&b| b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b))
}

/// Installs `host.httpParse(bytes, isRequest)` and `host.httpInvalidChar(text)`.
pub(crate) fn install<'js>(ctx: &Ctx<'js>, host: &Object<'js>) -> rquickjs::Result<()> {
    host.set(
        "httpParse",
        Function::new(
            ctx.clone(),
            |ctx: Ctx<'js>, bytes: Value<'js>, request: bool| -> rquickjs::Result<Value<'js>> {
                let bytes = bytes_of(&bytes);
                if let Some((code, words, at)) = if request { method_error(&bytes) } else { None } {
                    // (`at`, where llhttp stopped: the glue makes it the
                    // error's bytesParsed.)
                    let error = JobError::new(ErrorClass::Error, code, format!("Parse Error: {words}"))
                        .to_js(&ctx)?;
                    if let Some(object) = error.as_object() {
                        object.set("at", at)?;
                    }
                    return Err(ctx.throw(error));
                }
                match parse(&ctx, &bytes, request) {
                    Ok(Some(head)) => Ok(head.into_value()),
                    Ok(None) => Ok(Value::new_null(ctx.clone())),
                    Err(e) => Err(e.throw(&ctx)),
                }
            },
        )?,
    )?;
    // host.httpInvalidChar(text): Node's checkInvalidHeaderChar
    // (lib/_http_common.js, /[^\t\x20-\x7e\x80-\xff]/): a code unit
    // other than HTAB, SP to '~' or 0x80 to 0xff. (A lone surrogate, which
    // is no Rust char, is outside them too.)
    host.set(
        "httpInvalidChar",
        Function::new(ctx.clone(), |text: rquickjs::String<'js>| -> bool {
            match text.to_string() {
                Ok(text) => text.chars().any(|c| !field_value_char(c)),
                Err(_) => true,
            }
        })?,
    )?;
    Ok(())
}

/// A character a field value may have (HTAB, VCHAR, SP, obs-text: RFC 9110
/// section 5.5, as Node checks it).
fn field_value_char(c: char) -> bool {
    c == '\t' || (' '..='~').contains(&c) || ('\u{80}'..='\u{ff}').contains(&c)
}
