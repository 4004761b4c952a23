//! Certificate verification as Node's OpenSSL verify callback does it: the
//! chain is checked against the trusted roots and its result recorded as
//! Node's code, and the handshake goes on (the glue decides).
use std::sync::{Arc, Mutex};

use super::context::algorithms;
use super::errors::verify_error;
use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::crypto::{verify_tls12_signature, verify_tls13_signature};
use rustls::pki_types::{CertificateDer, ServerName, UnixTime};
use rustls::server::danger::{ClientCertVerified, ClientCertVerifier};
use rustls::{DigitallySignedStruct, DistinguishedName, RootCertStore, SignatureScheme};

/// A chain verification's outcome as Node reports it: `authorizationError`
/// is the code; the error destroying the socket carries the message.
#[derive(Clone, Debug)]
pub(super) struct VerifyError {
    pub(super) code: &'static str,
    pub(super) message: &'static str,
}

pub(super) type VerifySlot = Arc<Mutex<Option<VerifyError>>>;

// ------------------------------------------------------------ verifiers

/// The handshake-signature methods both verifiers share (the
/// `ServerCertVerifier` and `ClientCertVerifier` traits each ask for them):
/// TLS 1.2 and 1.3 signatures checked with the provider's algorithms, whose
/// schemes are the ones offered.
macro_rules! handshake_signatures {
    ($($check:ident),*) => {
        $(
            fn $check(
                &self,
                message: &[u8],
                cert: &CertificateDer<'_>,
                dss: &DigitallySignedStruct,
            ) -> Result<HandshakeSignatureValid, rustls::Error> {
                $check(message, cert, dss, &algorithms())
            }
        )*

        fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
            algorithms().supported_schemes()
        }
    };
}

/// A client's verifier: checks the server's chain, records Node's code,
/// never fails the handshake (the glue decides).
#[derive(Debug)]
pub(super) struct RecordingServerVerifier {
    pub(super) roots: Arc<RootCertStore>,
    pub(super) slot: VerifySlot,
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

    handshake_signatures!(verify_tls12_signature, verify_tls13_signature);
}

/// A server's verifier of client certificates (`requestCert`): asks for
/// one, does not require it and accepts any chain (the handshake's
/// signatures are still checked); the chain is checked against the
/// context's roots when the handshake ends (the glue rejects per
/// `rejectUnauthorized`).
#[derive(Debug)]
pub(super) struct RecordingClientVerifier;

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

    handshake_signatures!(verify_tls12_signature, verify_tls13_signature);
}
