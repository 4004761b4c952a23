//! Secure contexts: `tls.createSecureContext(options)` as a rustls client or
//! server configuration (roots, certificates and keys, versions, ciphers,
//! ALPN, client certificates).
use std::sync::{Arc, OnceLock};

use rquickjs::{Array, Object, Value};
use rustls::crypto::{CryptoProvider, WebPkiSupportedAlgorithms};
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer, ServerName};
use rustls::RootCertStore;

use super::errors::{no_start_line, ossl_error, tls_error};
use super::verify::{RecordingClientVerifier, RecordingServerVerifier, VerifySlot};
use super::Session;
use crate::node::jobs::{bytes_of, ErrorClass, JobError};

pub(super) fn provider() -> Arc<CryptoProvider> {
    static PROVIDER: OnceLock<Arc<CryptoProvider>> = OnceLock::new();
    PROVIDER.get_or_init(|| Arc::new(rustls::crypto::ring::default_provider())).clone()
}

/// Node's bundled root certificates are Mozilla's; so are webpki-roots'.
pub(super) fn default_roots() -> Arc<RootCertStore> {
    static ROOTS: OnceLock<Arc<RootCertStore>> = OnceLock::new();
    ROOTS.get_or_init(|| Arc::new(RootCertStore { roots: webpki_roots::TLS_SERVER_ROOTS.to_vec() })).clone()
}

pub(super) fn algorithms() -> WebPkiSupportedAlgorithms {
    provider().signature_verification_algorithms
}

// ------------------------------------------------------------ options

/// `tls.createSecureContext(options)`'s fields the host reads, as the glue
/// passes them: PEM bytes, ALPN names, versions.
pub(super) struct ContextOptions {
    pub(super) ca: Vec<Vec<u8>>,
    pub(super) cert: Vec<Vec<u8>>,
    pub(super) key: Vec<Vec<u8>>,
    pub(super) alpn: Vec<Vec<u8>>,
    pub(super) min_version: Option<String>,
    pub(super) max_version: Option<String>,
    pub(super) request_cert: bool,
}

impl ContextOptions {
    pub(super) fn from_js(o: &Object<'_>) -> rquickjs::Result<Self> {
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
    pub(super) fn versions(&self) -> Result<Vec<&'static rustls::SupportedProtocolVersion>, JobError> {
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

    pub(super) fn roots(&self) -> Result<Arc<RootCertStore>, JobError> {
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

    pub(super) fn chain(&self) -> Result<Vec<CertificateDer<'static>>, JobError> {
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

    pub(super) fn private_key(&self) -> Result<Option<PrivateKeyDer<'static>>, JobError> {
        match self.key.first() {
            None => Ok(None),
            Some(pem) => PrivateKeyDer::from_pem_slice(pem).map(Some).map_err(|_| {
                ossl_error("ERR_OSSL_UNSUPPORTED", "error:1E08010C:DECODER routines::unsupported")
            }),
        }
    }
}

pub(super) fn key_mismatch() -> JobError {
    ossl_error(
        "ERR_OSSL_X509_KEY_VALUES_MISMATCH",
        "error:05800074:x509 certificate routines::key values mismatch",
    )
}

pub(super) fn client_session(options: &ContextOptions, servername: &str) -> Result<Session, JobError> {
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

pub(super) type ServerContext = (Arc<rustls::ServerConfig>, Option<Arc<RootCertStore>>);

pub(super) fn server_config(options: &ContextOptions) -> Result<ServerContext, JobError> {
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
