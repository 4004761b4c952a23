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
use std::sync::{Arc, Mutex, OnceLock};

use rquickjs::{Array, Ctx, Function, Object, Value};
use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::crypto::{
    verify_tls12_signature, verify_tls13_signature, CryptoProvider, WebPkiSupportedAlgorithms,
};
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer, ServerName, UnixTime};
use rustls::server::danger::{ClientCertVerified, ClientCertVerifier};
use rustls::{CertificateError, DigitallySignedStruct, DistinguishedName, RootCertStore, SignatureScheme};
use sha2::Digest;

use super::io::{Io, NetEvent};
use super::jobs::{bytes_of, ErrorClass, JobError};
use super::Shared;

/// A chain verification's outcome as Node reports it: `authorizationError`
/// is the code; the error destroying the socket carries the message.
#[derive(Clone, Debug)]
struct VerifyError {
    code: &'static str,
    message: &'static str,
}

type VerifySlot = Arc<Mutex<Option<VerifyError>>>;

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

fn provider() -> Arc<CryptoProvider> {
    static PROVIDER: OnceLock<Arc<CryptoProvider>> = OnceLock::new();
    PROVIDER.get_or_init(|| Arc::new(rustls::crypto::ring::default_provider())).clone()
}

/// Node's bundled root certificates are Mozilla's; so are webpki-roots'.
fn default_roots() -> Arc<RootCertStore> {
    static ROOTS: OnceLock<Arc<RootCertStore>> = OnceLock::new();
    ROOTS.get_or_init(|| Arc::new(RootCertStore { roots: webpki_roots::TLS_SERVER_ROOTS.to_vec() })).clone()
}

fn algorithms() -> WebPkiSupportedAlgorithms {
    provider().signature_verification_algorithms
}

// ------------------------------------------------------------ errors

/// An OpenSSL-shaped error: Node's `error:…:PEM routines::no start line`
/// messages carry the library and reason; the code is `ERR_OSSL_…`.
fn ossl_error(code: &'static str, message: impl Into<String>) -> JobError {
    JobError::new(ErrorClass::Error, code, message.into())
}

fn no_start_line() -> JobError {
    ossl_error("ERR_OSSL_PEM_NO_START_LINE", "error:0480006C:PEM routines::no start line")
}

/// Node's code for a failed chain (OpenSSL's X509_V_ERR_* names).
fn verify_error(
    e: &rustls::Error,
    leaf: &CertificateDer<'_>,
    intermediates: &[CertificateDer<'_>],
) -> VerifyError {
    let self_signed = |der: &CertificateDer<'_>| {
        x509_parser::parse_x509_certificate(der)
            .map(|(_, c)| c.subject().as_raw() == c.issuer().as_raw())
            .unwrap_or(false)
    };
    let (code, message) = match e {
        rustls::Error::InvalidCertificate(c) => match c {
            CertificateError::Expired | CertificateError::ExpiredContext { .. } => {
                ("CERT_HAS_EXPIRED", "certificate has expired")
            }
            CertificateError::NotValidYet | CertificateError::NotValidYetContext { .. } => {
                ("CERT_NOT_YET_VALID", "certificate is not yet valid")
            }
            CertificateError::BadSignature => ("CERT_SIGNATURE_FAILURE", "certificate signature failure"),
            CertificateError::UnknownIssuer => {
                if intermediates.is_empty() && self_signed(leaf) {
                    ("DEPTH_ZERO_SELF_SIGNED_CERT", "self-signed certificate")
                } else if intermediates.last().is_some_and(self_signed) {
                    ("SELF_SIGNED_CERT_IN_CHAIN", "self-signed certificate in certificate chain")
                } else if intermediates.is_empty() {
                    ("UNABLE_TO_VERIFY_LEAF_SIGNATURE", "unable to verify the first certificate")
                } else {
                    ("UNABLE_TO_GET_ISSUER_CERT_LOCALLY", "unable to get local issuer certificate")
                }
            }
            _ => ("CERT_REJECTED", "certificate rejected"),
        },
        _ => ("CERT_REJECTED", "certificate rejected"),
    };
    VerifyError { code, message }
}

/// A rustls error as Node's TLS errors look (`ERR_SSL_…`, OpenSSL's reason
/// text).
fn tls_error(e: &rustls::Error) -> JobError {
    use rustls::AlertDescription as A;
    let (code, reason): (String, String) = match e {
        rustls::Error::AlertReceived(alert) => {
            let name = match alert {
                A::HandshakeFailure => "sslv3 alert handshake failure".to_string(),
                A::BadCertificate => "sslv3 alert bad certificate".to_string(),
                A::CertificateUnknown => "sslv3 alert certificate unknown".to_string(),
                A::UnknownCA => "tlsv1 alert unknown ca".to_string(),
                A::ProtocolVersion => "tlsv1 alert protocol version".to_string(),
                A::DecryptError => "tlsv1 alert decrypt error".to_string(),
                A::InternalError => "tlsv1 alert internal error".to_string(),
                A::NoApplicationProtocol => "tlsv1 alert no application protocol".to_string(),
                A::CertificateRequired => "tlsv13 alert certificate required".to_string(),
                A::UnrecognisedName => "tlsv1 unrecognized name".to_string(),
                A::AccessDenied => "tlsv1 alert access denied".to_string(),
                other => format!("alert {}", u8::from(*other)),
            };
            (format!("ERR_SSL_{}", name.to_uppercase().replace(' ', "_")), name)
        }
        rustls::Error::InvalidMessage(_) | rustls::Error::InappropriateMessage { .. } => {
            ("ERR_SSL_WRONG_VERSION_NUMBER".into(), "wrong version number".into())
        }
        rustls::Error::PeerIncompatible(_) => ("ERR_SSL_NO_SHARED_CIPHER".into(), "no shared cipher".into()),
        rustls::Error::NoApplicationProtocol => {
            ("ERR_SSL_NO_APPLICATION_PROTOCOL".into(), "no application protocol".into())
        }
        rustls::Error::DecryptError => ("ERR_SSL_DECRYPTION_FAILED".into(), "decryption failed".into()),
        other => ("ERR_SSL_SSL_HANDSHAKE_FAILURE".into(), other.to_string()),
    };
    JobError::new(ErrorClass::Error, Box::leak(code.into_boxed_str()), format!("SSL routines::{reason}"))
}

// ------------------------------------------------------------ verifiers

/// A client's verifier: checks the server's chain, records Node's code,
/// never fails the handshake (the glue decides).
#[derive(Debug)]
struct RecordingServerVerifier {
    roots: Arc<RootCertStore>,
    slot: VerifySlot,
}

impl ServerCertVerifier for RecordingServerVerifier {
    fn verify_server_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        intermediates: &[CertificateDer<'_>],
        _server_name: &ServerName<'_>,
        _ocsp_response: &[u8],
        now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        let result = rustls::server::ParsedCertificate::try_from(end_entity).and_then(|cert| {
            rustls::client::verify_server_cert_signed_by_trust_anchor(
                &cert,
                &self.roots,
                intermediates,
                now,
                algorithms().all,
            )
        });
        *self.slot.lock().unwrap_or_else(|e| e.into_inner()) =
            result.err().map(|e| verify_error(&e, end_entity, intermediates));
        Ok(ServerCertVerified::assertion())
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        verify_tls12_signature(message, cert, dss, &algorithms())
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        verify_tls13_signature(message, cert, dss, &algorithms())
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        algorithms().supported_schemes()
    }
}

/// A server's verifier of client certificates (`requestCert`): asks for
/// one, does not require it and accepts any chain (the handshake's
/// signatures are still checked); the chain is checked against the
/// context's roots when the handshake ends (the glue rejects per
/// `rejectUnauthorized`).
#[derive(Debug)]
struct RecordingClientVerifier;

impl ClientCertVerifier for RecordingClientVerifier {
    fn root_hint_subjects(&self) -> &[DistinguishedName] {
        &[]
    }

    fn client_auth_mandatory(&self) -> bool {
        false
    }

    fn verify_client_cert(
        &self,
        _end_entity: &CertificateDer<'_>,
        _intermediates: &[CertificateDer<'_>],
        _now: UnixTime,
    ) -> Result<ClientCertVerified, rustls::Error> {
        Ok(ClientCertVerified::assertion())
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        verify_tls12_signature(message, cert, dss, &algorithms())
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        verify_tls13_signature(message, cert, dss, &algorithms())
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        algorithms().supported_schemes()
    }
}

// ------------------------------------------------------------ options

/// `tls.createSecureContext(options)`'s fields the host reads, as the glue
/// passes them: PEM bytes, ALPN names, versions.
struct ContextOptions {
    ca: Vec<Vec<u8>>,
    cert: Vec<Vec<u8>>,
    key: Vec<Vec<u8>>,
    alpn: Vec<Vec<u8>>,
    min_version: Option<String>,
    max_version: Option<String>,
    request_cert: bool,
}

impl ContextOptions {
    fn from_js(o: &Object<'_>) -> rquickjs::Result<Self> {
        let list = |name: &str| -> rquickjs::Result<Vec<Vec<u8>>> {
            let Ok(a) = o.get::<_, Array>(name) else { return Ok(Vec::new()) };
            a.iter::<Value>().map(|v| v.map(|v| bytes_of(&v))).collect()
        };
        let text = |name: &str| -> Option<String> { o.get::<_, Option<String>>(name).ok().flatten() };
        let alpn = match o.get::<_, Array>("alpn") {
            Ok(a) => {
                a.iter::<String>().map(|s| s.map(String::into_bytes)).collect::<rquickjs::Result<_>>()?
            }
            Err(_) => Vec::new(),
        };
        Ok(ContextOptions {
            ca: list("ca")?,
            cert: list("cert")?,
            key: list("key")?,
            alpn,
            min_version: text("minVersion"),
            max_version: text("maxVersion"),
            request_cert: o.get::<_, Option<bool>>("requestCert").ok().flatten().unwrap_or(false),
        })
    }

    /// TLS 1.2 and 1.3 are what rustls speaks: a minimum below 1.2 still
    /// negotiates 1.2 or 1.3 (Node's default minimum is TLSv1.2 too).
    fn versions(&self) -> Result<Vec<&'static rustls::SupportedProtocolVersion>, JobError> {
        let rank = |v: &str| match v {
            "TLSv1" => Some(10),
            "TLSv1.1" => Some(11),
            "TLSv1.2" => Some(12),
            "TLSv1.3" => Some(13),
            _ => None,
        };
        let bad = |name: &str, v: &str| {
            JobError::new(
                ErrorClass::TypeError,
                "ERR_TLS_INVALID_PROTOCOL_VERSION",
                format!("{v} is not a valid {name} TLS protocol version"),
            )
        };
        let min = match &self.min_version {
            Some(v) => rank(v).ok_or_else(|| bad("minimum", v))?,
            None => 12,
        };
        let max = match &self.max_version {
            Some(v) => rank(v).ok_or_else(|| bad("maximum", v))?,
            None => 13,
        };
        let mut versions = Vec::new();
        if max >= 13 && min <= 13 {
            versions.push(&rustls::version::TLS13);
        }
        if max >= 12 && min <= 12 {
            versions.push(&rustls::version::TLS12);
        }
        if versions.is_empty() {
            return Err(ossl_error("ERR_SSL_NO_PROTOCOLS_AVAILABLE", "SSL routines::no protocols available"));
        }
        Ok(versions)
    }

    fn roots(&self) -> Result<Arc<RootCertStore>, JobError> {
        if self.ca.is_empty() {
            return Ok(default_roots());
        }
        let mut store = RootCertStore::empty();
        for pem in &self.ca {
            let certs: Vec<CertificateDer<'static>> =
                CertificateDer::pem_slice_iter(pem).filter_map(Result::ok).collect();
            if certs.is_empty() {
                return Err(no_start_line());
            }
            store.add_parsable_certificates(certs);
        }
        Ok(Arc::new(store))
    }

    fn chain(&self) -> Result<Vec<CertificateDer<'static>>, JobError> {
        let mut chain = Vec::new();
        for pem in &self.cert {
            let certs: Vec<CertificateDer<'static>> =
                CertificateDer::pem_slice_iter(pem).filter_map(Result::ok).collect();
            if certs.is_empty() {
                return Err(no_start_line());
            }
            chain.extend(certs);
        }
        Ok(chain)
    }

    fn private_key(&self) -> Result<Option<PrivateKeyDer<'static>>, JobError> {
        match self.key.first() {
            None => Ok(None),
            Some(pem) => PrivateKeyDer::from_pem_slice(pem).map(Some).map_err(|_| {
                ossl_error("ERR_OSSL_UNSUPPORTED", "error:1E08010C:DECODER routines::unsupported")
            }),
        }
    }
}

fn key_mismatch() -> JobError {
    ossl_error(
        "ERR_OSSL_X509_KEY_VALUES_MISMATCH",
        "error:05800074:x509 certificate routines::key values mismatch",
    )
}

fn client_session(options: &ContextOptions, servername: &str) -> Result<Session, JobError> {
    let slot: VerifySlot = Arc::default();
    let verifier = Arc::new(RecordingServerVerifier { roots: options.roots()?, slot: slot.clone() });
    let builder = rustls::ClientConfig::builder_with_provider(provider())
        .with_protocol_versions(&options.versions()?)
        .map_err(|e| tls_error(&e))?
        .dangerous()
        .with_custom_certificate_verifier(verifier);
    let chain = options.chain()?;
    let mut config = match options.private_key()? {
        Some(key) if !chain.is_empty() => {
            builder.with_client_auth_cert(chain, key).map_err(|_| key_mismatch())?
        }
        _ => builder.with_no_client_auth(),
    };
    config.alpn_protocols = options.alpn.clone();
    // No SNI for an IP address or an empty name, as Node.
    let name = if servername.is_empty() { "localhost" } else { servername };
    config.enable_sni = !servername.is_empty() && name.parse::<std::net::IpAddr>().is_err();
    let server_name = ServerName::try_from(name.to_string())
        .unwrap_or_else(|_| ServerName::try_from("invalid.invalid".to_string()).expect("a DNS name"));
    let conn = rustls::ClientConnection::new(Arc::new(config), server_name).map_err(|e| tls_error(&e))?;
    Ok(Session {
        conn: conn.into(),
        secure: false,
        ended: false,
        failed: false,
        verify: slot,
        client_roots: None,
    })
}

type ServerContext = (Arc<rustls::ServerConfig>, Option<Arc<RootCertStore>>);

fn server_config(options: &ContextOptions) -> Result<ServerContext, JobError> {
    let builder =
        rustls::ServerConfig::builder_with_provider(provider()).with_protocol_versions(&options.versions()?);
    let builder = builder.map_err(|e| tls_error(&e))?;
    let (builder, roots) = if options.request_cert {
        (builder.with_client_cert_verifier(Arc::new(RecordingClientVerifier)), Some(options.roots()?))
    } else {
        (builder.with_no_client_auth(), None)
    };
    let chain = options.chain()?;
    let Some(key) = options.private_key()? else {
        return Err(ossl_error(
            "ERR_OSSL_SSL_NO_CERTIFICATE_ASSIGNED",
            "SSL routines::no certificate assigned",
        ));
    };
    if chain.is_empty() {
        return Err(ossl_error(
            "ERR_OSSL_SSL_NO_CERTIFICATE_ASSIGNED",
            "SSL routines::no certificate assigned",
        ));
    }
    let mut config = builder.with_single_cert(chain, key).map_err(|_| key_mismatch())?;
    config.alpn_protocols = options.alpn.clone();
    Ok((Arc::new(config), roots))
}

// ------------------------------------------------------------ certificates

const MONTHS: [&str; 12] =
    ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/// A time as OpenSSL's ASN1_TIME_print writes it: `Sep  3 21:40:37 2022 GMT`.
fn openssl_time(unix: i64) -> String {
    let days = unix.div_euclid(86_400);
    let secs = unix.rem_euclid(86_400);
    // Civil date from days since 1970-01-01 (proleptic Gregorian).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{} {:>2} {:02}:{:02}:{:02} {} GMT",
        MONTHS[(month - 1) as usize],
        day,
        secs / 3600,
        secs / 60 % 60,
        secs % 60,
        year
    )
}

fn hex_colons(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02X}")).collect::<Vec<_>>().join(":")
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02X}")).collect()
}

/// A distinguished name as Node's legacy certificate object has it: short
/// names as keys, a repeated attribute as an array.
fn name_object<'js>(ctx: &Ctx<'js>, name: &x509_parser::x509::X509Name<'_>) -> rquickjs::Result<Object<'js>> {
    let o = Object::new(ctx.clone())?;
    for rdn in name.iter_rdn() {
        for attr in rdn.iter() {
            let oid = attr.attr_type().to_id_string();
            let key = match oid.as_str() {
                "2.5.4.6" => "C",
                "2.5.4.8" => "ST",
                "2.5.4.7" => "L",
                "2.5.4.10" => "O",
                "2.5.4.11" => "OU",
                "2.5.4.3" => "CN",
                "2.5.4.5" => "serialNumber",
                "2.5.4.9" => "street",
                "2.5.4.17" => "postalCode",
                "2.5.4.4" => "SN",
                "2.5.4.42" => "GN",
                "0.9.2342.19200300.100.1.25" => "DC",
                "1.2.840.113549.1.9.1" => "emailAddress",
                other => other,
            }
            .to_string();
            let value = attr.as_str().map(str::to_string).unwrap_or_default();
            match o.get::<_, Value>(key.as_str())? {
                v if v.is_undefined() => o.set(key, value)?,
                v if v.is_array() => {
                    let a = v.into_array().expect("an array");
                    a.set(a.len(), value)?;
                }
                v => {
                    let a = Array::new(ctx.clone())?;
                    a.set(0, v)?;
                    a.set(1, value)?;
                    o.set(key, a)?;
                }
            }
        }
    }
    Ok(o)
}

/// `IP Address:` as OpenSSL prints it (IPv6 as eight uncompressed groups).
fn ip_text(bytes: &[u8]) -> String {
    match bytes.len() {
        4 => format!("{}.{}.{}.{}", bytes[0], bytes[1], bytes[2], bytes[3]),
        16 => bytes
            .chunks(2)
            .map(|g| format!("{:X}", u16::from_be_bytes([g[0], g[1]])))
            .collect::<Vec<_>>()
            .join(":"),
        _ => "<invalid>".into(),
    }
}

/// One certificate as Node's `getPeerCertificate()` describes it
/// (<https://nodejs.org/api/tls.html#certificate-object>).
fn certificate_object<'js>(ctx: &Ctx<'js>, der: &[u8]) -> rquickjs::Result<Value<'js>> {
    let Ok((_, cert)) = x509_parser::parse_x509_certificate(der) else {
        return Ok(Object::new(ctx.clone())?.into_value());
    };
    let o = Object::new(ctx.clone())?;
    o.set("subject", name_object(ctx, cert.subject())?)?;
    o.set("issuer", name_object(ctx, cert.issuer())?)?;
    if let Ok(Some(san)) = cert.subject_alternative_name() {
        use x509_parser::extensions::GeneralName as G;
        let names: Vec<String> = san
            .value
            .general_names
            .iter()
            .filter_map(|n| match n {
                G::DNSName(s) => Some(format!("DNS:{s}")),
                G::IPAddress(b) => Some(format!("IP Address:{}", ip_text(b))),
                G::URI(s) => Some(format!("URI:{s}")),
                G::RFC822Name(s) => Some(format!("email:{s}")),
                _ => None,
            })
            .collect();
        o.set("subjectaltname", names.join(", "))?;
    }
    let ca = matches!(cert.basic_constraints(), Ok(Some(b)) if b.value.ca);
    o.set("ca", ca)?;
    if let Ok(x509_parser::public_key::PublicKey::RSA(rsa)) = cert.public_key().parsed() {
        let modulus = rsa.modulus.iter().skip_while(|&&b| b == 0).copied().collect::<Vec<u8>>();
        o.set("modulus", hex(&modulus))?;
        o.set("bits", modulus.len() * 8 - modulus.first().map_or(0, |b| b.leading_zeros() as usize))?;
        let exponent = rsa.exponent.iter().fold(0u64, |acc, &b| (acc << 8) | u64::from(b));
        o.set("exponent", format!("0x{exponent:x}"))?;
        o.set("pubkey", rquickjs::TypedArray::<u8>::new(ctx.clone(), cert.public_key().raw.to_vec())?)?;
    }
    o.set("valid_from", openssl_time(cert.validity().not_before.timestamp()))?;
    o.set("valid_to", openssl_time(cert.validity().not_after.timestamp()))?;
    o.set("fingerprint", hex_colons(&sha1::Sha1::digest(der)))?;
    o.set("fingerprint256", hex_colons(&sha2::Sha256::digest(der)))?;
    o.set("fingerprint512", hex_colons(&sha2::Sha512::digest(der)))?;
    // OpenSSL's BN_bn2hex: whole bytes, leading zero bytes left out.
    let serial: Vec<u8> = cert.raw_serial().iter().skip_while(|&&b| b == 0).copied().collect();
    o.set("serialNumber", if serial.is_empty() { "00".to_string() } else { hex(&serial) })?;
    o.set("raw", rquickjs::TypedArray::<u8>::new(ctx.clone(), der.to_vec())?)?;
    Ok(o.into_value())
}

// ------------------------------------------------------------ the session over the socket

/// Sends what the session has to send (handshake flights, alerts, tickets,
/// encrypted writes) on the socket. `notify`: the caller waits for this
/// write (Io::write's request, 0 when written at once).
fn send(io: &Io, socket: u64, session: &mut Session, notify: bool) -> u64 {
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
    io.write(socket, out, notify)
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
                send(&s.io, socket as u64, &mut session, false);
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
            send(&s.io, socket as u64, session, true) as f64
        })?,
    )?;
    // tlsFlush(socket): what the session has to send, after the glue saw
    // the events of a read.
    let s = shared.clone();
    host.set(
        "tlsFlush",
        Function::new(ctx.clone(), move |socket: f64| {
            if let Some(session) = s.tls.sessions.borrow_mut().get_mut(&(socket as u64)) {
                send(&s.io, socket as u64, session, false);
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
                send(&s.io, socket as u64, session, false);
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
            if s.io.end_with(socket as u64, trailer) {
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
