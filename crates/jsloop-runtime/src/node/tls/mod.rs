//! The host side of `node:tls` (<https://nodejs.org/api/tls.html>): a TLS
//! session (rustls) per socket, run over the socket's own mio handle.
//!
//! The poll phase sees the ciphertext: when a TLS socket's bytes arrive,
//! [`intercept`] feeds them to its session and turns what the session
//! produced into the events the glue sees (the handshake's end, plaintext,
//! the end of the peer's data, a TLS error), delivered in that one poll
//! callback as Node's TLSWrap delivers them from its read callback. Records
//! the session has to send (handshake flights, alerts, tickets) go out after
//! the glue handled those events (its `tlsflush` event), so a socket the
//! glue destroyed on the handshake's end (a certificate it rejects) sends
//! nothing more, as in Node, where `onhandshakedone` runs inside SSL_read,
//! before the encrypted output is written.
//!
//! Certificate verification does not fail the handshake: Node's OpenSSL
//! verify callback accepts every chain and the glue decides afterwards
//! (`rejectUnauthorized`, `authorizationError`). So the verifiers here check
//! the chain against the trusted roots, record the result as Node's error
//! code, and let the handshake finish; the host name is checked by the glue
//! (tls.checkServerIdentity, with Node's CN fallback).
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::io::{Read, Write};
use std::rc::Rc;
use std::sync::Arc;

use rquickjs::{Array, Ctx, Function, Object, Value};
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, UnixTime};
use rustls::RootCertStore;

use crate::node::io::{NetEvent, NetReply, NetRequest};
use crate::node::jobs::{bytes_of, JobError};
use crate::node::Shared;

mod certificate;
mod context;
mod errors;
mod verify;
use certificate::certificate_object;
use context::{algorithms, client_session, server_config, ContextOptions, ServerContext};
use errors::{ossl_error, tls_error, verify_error};
use verify::{VerifyError, VerifySlot};

/// One socket's TLS session.
struct Session {
    conn: rustls::Connection,
    /// The handshake's end was reported to the glue.
    secure: bool,
    /// The peer's data ended (close_notify or the socket's EOF), reported.
    ended: bool,
    /// A TLS error was reported: nothing more is read.
    failed: bool,
    /// The server's chain as verified (a client's session).
    verify: VerifySlot,
    /// The roots a server checks a client's chain against (`requestCert`).
    client_roots: Option<Arc<RootCertStore>>,
}

/// The TLS sessions and server contexts of one node host.
#[derive(Default)]
pub(crate) struct Sessions {
    sessions: RefCell<HashMap<u64, Session>>,
    servers: RefCell<HashMap<u64, ServerContext>>,
    next_context: Cell<u64>,
}

// ------------------------------------------------------------ the session over the socket

/// Sends what the session has to send (handshake flights, alerts, tickets,
/// encrypted writes) on the socket. `notify`: the caller waits for this
/// write (Io::write's request, 0 when written at once).
fn send(s: &Shared, socket: u64, session: &mut Session, notify: bool) -> u64 {
    let mut out = Vec::new();
    while session.conn.wants_write() {
        match session.conn.write_tls(&mut out) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
    }
    if out.is_empty() {
        return 0;
    }
    match crate::node::net::net(s, NetRequest::Write { socket, data: out, notify }) {
        Ok(NetReply::Write(request)) => request,
        _ => 0,
    }
}

fn protocol_name(v: Option<rustls::ProtocolVersion>) -> Option<&'static str> {
    match v? {
        rustls::ProtocolVersion::TLSv1_3 => Some("TLSv1.3"),
        rustls::ProtocolVersion::TLSv1_2 => Some("TLSv1.2"),
        _ => None,
    }
}

/// OpenSSL's (and so Node's `getCipher().name`) name of a suite, and its
/// IANA (standard) name.
fn cipher_names(suite: rustls::SupportedCipherSuite) -> (String, String) {
    let standard = format!("{:?}", suite.suite()).replace("TLS13_", "TLS_");
    let openssl = match standard.as_str() {
        "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256" => "ECDHE-RSA-AES128-GCM-SHA256",
        "TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384" => "ECDHE-RSA-AES256-GCM-SHA384",
        "TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256" => "ECDHE-RSA-CHACHA20-POLY1305",
        "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256" => "ECDHE-ECDSA-AES128-GCM-SHA256",
        "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384" => "ECDHE-ECDSA-AES256-GCM-SHA384",
        "TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256" => "ECDHE-ECDSA-CHACHA20-POLY1305",
        other => other,
    }
    .to_string();
    (openssl, standard)
}

fn event<'js>(ctx: &Ctx<'js>, kind: &str, socket: u64) -> rquickjs::Result<Object<'js>> {
    let o = Object::new(ctx.clone())?;
    o.set("type", kind)?;
    o.set("socket", socket as f64)?;
    Ok(o)
}

/// A socket event of a TLS socket, as the glue's events: `handshake`,
/// `data` (plaintext), `end`, `tlsError`, then `tlsflush` (send what the
/// session has to send, unless the glue destroyed the socket meanwhile).
/// None for a socket without a session (plain TCP) or an event TLS does not
/// change (connects, write completions, shutdowns).
pub(crate) fn intercept<'js>(
    ctx: &Ctx<'js>,
    sessions: &Sessions,
    net_event: &NetEvent,
) -> rquickjs::Result<Option<Vec<Value<'js>>>> {
    let (socket, bytes) = match net_event {
        NetEvent::Data { socket, bytes } => (*socket, Some(bytes)),
        NetEvent::End { socket } => (*socket, None),
        _ => return Ok(None),
    };
    let mut all = sessions.sessions.borrow_mut();
    let Some(session) = all.get_mut(&socket) else { return Ok(None) };
    let mut out = Vec::new();
    let Some(bytes) = bytes else {
        // The socket's EOF: the end of the peer's data if close_notify did
        // not already say so.
        if !session.ended && !session.failed {
            session.ended = true;
            out.push(event(ctx, "end", socket)?.into_value());
        }
        return Ok(Some(out));
    };
    if session.failed || session.ended {
        return Ok(Some(out));
    }
    let mut plain = Vec::new();
    let mut rest: &[u8] = bytes;
    let mut error = None;
    let mut clean_end = false;
    while !rest.is_empty() && error.is_none() {
        match session.conn.read_tls(&mut rest) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) => {
                error = Some(ossl_error("ERR_SSL_RECORD_OVERFLOW", format!("SSL routines::{e}")));
                break;
            }
        }
        if let Err(e) = session.conn.process_new_packets() {
            error = Some(tls_error(&e));
            break;
        }
        if !session.secure && !session.conn.is_handshaking() {
            session.secure = true;
            out.push(handshake_event(ctx, socket, session)?);
        }
        let mut buf = [0u8; 16 * 1024];
        loop {
            match session.conn.reader().read(&mut buf) {
                Ok(0) => {
                    clean_end = true;
                    break;
                }
                Ok(n) => plain.extend_from_slice(&buf[..n]),
                Err(_) => break,
            }
        }
    }
    if !plain.is_empty() {
        let o = event(ctx, "data", socket)?;
        o.set("data", rquickjs::TypedArray::<u8>::new(ctx.clone(), plain)?)?;
        out.push(o.into_value());
    }
    if let Some(e) = error {
        session.failed = true;
        let o = event(ctx, "tlsError", socket)?;
        o.set("error", e.to_js(ctx)?)?;
        out.push(o.into_value());
    } else if clean_end {
        session.ended = true;
        out.push(event(ctx, "end", socket)?.into_value());
    }
    if session.conn.wants_write() {
        out.push(event(ctx, "tlsflush", socket)?.into_value());
    }
    Ok(Some(out))
}

fn handshake_event<'js>(ctx: &Ctx<'js>, socket: u64, session: &Session) -> rquickjs::Result<Value<'js>> {
    let o = event(ctx, "handshake", socket)?;
    let conn = &session.conn;
    o.set("protocol", protocol_name(conn.protocol_version()))?;
    match conn.alpn_protocol() {
        Some(p) => o.set("alpnProtocol", String::from_utf8_lossy(p).into_owned())?,
        None => o.set("alpnProtocol", false)?,
    }
    if let Some(suite) = conn.negotiated_cipher_suite() {
        let (name, standard) = cipher_names(suite);
        o.set("cipher", name)?;
        o.set("standardName", standard)?;
    }
    if let rustls::Connection::Server(s) = conn {
        match s.server_name() {
            Some(name) => o.set("servername", name)?,
            None => o.set("servername", false)?,
        }
    }
    let verify = match &session.client_roots {
        // Node's TLSWrap::VerifyError: no certificate from the client is
        // UNABLE_TO_GET_ISSUER_CERT.
        Some(roots) => match conn.peer_certificates() {
            Some([leaf, intermediates @ ..]) => {
                let now = UnixTime::now();
                rustls::server::ParsedCertificate::try_from(leaf)
                    .and_then(|cert| {
                        rustls::client::verify_server_cert_signed_by_trust_anchor(
                            &cert,
                            roots,
                            intermediates,
                            now,
                            algorithms().all,
                        )
                    })
                    .err()
                    .map(|e| verify_error(&e, leaf, intermediates))
            }
            _ => Some(VerifyError {
                code: "UNABLE_TO_GET_ISSUER_CERT",
                message: "unable to get issuer certificate",
            }),
        },
        None => session.verify.lock().unwrap_or_else(|e| e.into_inner()).clone(),
    };
    if let Some(v) = verify {
        let e = Object::new(ctx.clone())?;
        e.set("code", v.code)?;
        e.set("message", v.message)?;
        o.set("verifyError", e)?;
    }
    o.set("peerCertificate", conn.peer_certificates().is_some_and(|c| !c.is_empty()))?;
    Ok(o.into_value())
}

// ------------------------------------------------------------ host functions

/// Installs the `tls*` host functions the glue (js/node/tls.js) calls.
pub(crate) fn install<'js>(ctx: &Ctx<'js>, host: &Object<'js>, shared: &Rc<Shared>) -> rquickjs::Result<()> {
    let throw = |ctx: &Ctx<'js>, e: JobError| -> rquickjs::Error {
        match e.to_js(ctx) {
            Ok(v) => ctx.throw(v),
            Err(e) => e,
        }
    };
    // tlsServerContext(options) -> id: a server's configuration, made once.
    let s = shared.clone();
    host.set(
        "tlsServerContext",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>, options: Object<'js>| -> rquickjs::Result<f64> {
            let options = ContextOptions::from_js(&options)?;
            let config = server_config(&options).map_err(|e| throw(&ctx, e))?;
            let id = s.tls.next_context.get() + 1;
            s.tls.next_context.set(id);
            s.tls.servers.borrow_mut().insert(id, config);
            Ok(id as f64)
        })?,
    )?;
    let s = shared.clone();
    host.set(
        "tlsDropContext",
        Function::new(ctx.clone(), move |id: f64| {
            s.tls.servers.borrow_mut().remove(&(id as u64));
        })?,
    )?;
    // tlsCheckContext(options): what createSecureContext rejects at once.
    host.set(
        "tlsCheckContext",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>, options: Object<'js>| -> rquickjs::Result<()> {
            let options = ContextOptions::from_js(&options)?;
            options.versions().map_err(|e| throw(&ctx, e))?;
            if !options.ca.is_empty() {
                options.roots().map_err(|e| throw(&ctx, e))?;
            }
            options.chain().map_err(|e| throw(&ctx, e))?;
            options.private_key().map_err(|e| throw(&ctx, e))?;
            Ok(())
        })?,
    )?;
    // tlsClient(socket, options, servername): a client session on a
    // connected socket; its ClientHello goes out at once.
    let s = shared.clone();
    host.set(
        "tlsClient",
        Function::new(
            ctx.clone(),
            move |ctx: Ctx<'js>,
                  socket: f64,
                  options: Object<'js>,
                  servername: String|
                  -> rquickjs::Result<()> {
                let options = ContextOptions::from_js(&options)?;
                let mut session = client_session(&options, &servername).map_err(|e| throw(&ctx, e))?;
                send(&s, socket as u64, &mut session, false);
                s.tls.sessions.borrow_mut().insert(socket as u64, session);
                Ok(())
            },
        )?,
    )?;
    // tlsServer(socket, context): a server session on an accepted socket.
    let s = shared.clone();
    host.set(
        "tlsServer",
        Function::new(
            ctx.clone(),
            move |ctx: Ctx<'js>, socket: f64, context: f64| -> rquickjs::Result<()> {
                let servers = s.tls.servers.borrow();
                let Some((config, roots)) = servers.get(&(context as u64)) else {
                    return Err(throw(
                        &ctx,
                        ossl_error("ERR_TLS_INVALID_CONTEXT", "context must be a SecureContext"),
                    ));
                };
                let conn =
                    rustls::ServerConnection::new(config.clone()).map_err(|e| throw(&ctx, tls_error(&e)))?;
                let session = Session {
                    conn: conn.into(),
                    secure: false,
                    ended: false,
                    failed: false,
                    verify: Arc::default(),
                    client_roots: roots.clone(),
                };
                drop(servers);
                s.tls.sessions.borrow_mut().insert(socket as u64, session);
                Ok(())
            },
        )?,
    )?;
    // tlsWrite(socket, bytes) -> the socket write's request (0: written at once).
    let s = shared.clone();
    host.set(
        "tlsWrite",
        Function::new(ctx.clone(), move |socket: f64, bytes: Value<'js>| -> f64 {
            let mut all = s.tls.sessions.borrow_mut();
            let Some(session) = all.get_mut(&(socket as u64)) else { return 0.0 };
            let _ = session.conn.writer().write_all(&bytes_of(&bytes));
            send(&s, socket as u64, session, true) as f64
        })?,
    )?;
    // tlsFlush(socket): what the session has to send, after the glue saw
    // the events of a read.
    let s = shared.clone();
    host.set(
        "tlsFlush",
        Function::new(ctx.clone(), move |socket: f64| {
            if let Some(session) = s.tls.sessions.borrow_mut().get_mut(&(socket as u64)) {
                send(&s, socket as u64, session, false);
            }
        })?,
    )?;
    // tlsEnd(socket): close_notify, then the socket's end.
    let s = shared.clone();
    host.set(
        "tlsEnd",
        Function::new(ctx.clone(), move |socket: f64| {
            let mut trailer = Vec::new();
            if let Some(session) = s.tls.sessions.borrow_mut().get_mut(&(socket as u64)) {
                send(&s, socket as u64, session, false);
                session.conn.send_close_notify();
                while session.conn.wants_write() {
                    match session.conn.write_tls(&mut trailer) {
                        Ok(0) | Err(_) => break,
                        Ok(_) => {}
                    }
                }
            }
            // The close_notify goes out with the shutdown (the peer sees it
            // after this side's shutdown, as from Node, whose shutdown
            // follows at once), from the pending queue (netEnd).
            if let Ok(NetReply::End(true)) =
                crate::node::net::net(&s, NetRequest::End { socket: socket as u64, trailer })
            {
                s.lp.borrow_mut().defer_to_pending(super::NodeCallback::Net(std::rc::Rc::new(
                    super::io::NetEvent::Shutdown { socket: socket as u64 },
                )));
            }
        })?,
    )?;
    let s = shared.clone();
    host.set(
        "tlsClose",
        Function::new(ctx.clone(), move |socket: f64| {
            s.tls.sessions.borrow_mut().remove(&(socket as u64));
        })?,
    )?;
    // tlsPeerCertificates(socket) -> the peer's chain as sent, each as
    // Node's certificate object.
    let s = shared.clone();
    host.set(
        "tlsPeerCertificates",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>, socket: f64| -> rquickjs::Result<Array<'js>> {
            let list = Array::new(ctx.clone())?;
            if let Some(session) = s.tls.sessions.borrow().get(&(socket as u64)) {
                for (i, der) in session.conn.peer_certificates().unwrap_or(&[]).iter().enumerate() {
                    list.set(i, certificate_object(&ctx, der)?)?;
                }
            }
            Ok(list)
        })?,
    )?;
    // tlsCertificate(pem) -> the first certificate of a PEM as Node's
    // object (getCertificate(): the socket's own).
    host.set(
        "tlsCertificateOf",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>, pem: Value<'js>| -> rquickjs::Result<Value<'js>> {
            match CertificateDer::pem_slice_iter(&bytes_of(&pem)).find_map(Result::ok) {
                Some(der) => certificate_object(&ctx, &der),
                None => Ok(Value::new_null(ctx)),
            }
        })?,
    )?;
    Ok(())
}
