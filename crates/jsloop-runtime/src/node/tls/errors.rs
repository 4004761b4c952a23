//! TLS errors as Node shows them: OpenSSL's reason strings and codes
//! (`ERR_SSL_…`, `error:…:PEM routines::no start line`, X509_V_ERR_* names).

use rustls::pki_types::CertificateDer;
use rustls::CertificateError;

use super::verify::VerifyError;
use crate::node::jobs::{ErrorClass, JobError};

// ------------------------------------------------------------ errors

/// An OpenSSL-shaped error: Node's `error:…:PEM routines::no start line`
/// messages carry the library and reason; the code is `ERR_OSSL_…`.
pub(super) fn ossl_error(code: &'static str, message: impl Into<String>) -> JobError {
    JobError::new(ErrorClass::Error, code, message.into())
}

pub(super) fn no_start_line() -> JobError {
    ossl_error("ERR_OSSL_PEM_NO_START_LINE", "error:0480006C:PEM routines::no start line")
}

/// Node's code for a failed chain (OpenSSL's X509_V_ERR_* names).
pub(super) fn verify_error(
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
pub(super) fn tls_error(e: &rustls::Error) -> JobError {
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
