//! Asymmetric keys as Node's KeyObject holds them (lib/internal/crypto/
//! keys.js, src/crypto/crypto_keys.cc): a private key kept as PKCS#8 DER
//! (RFC 5208), a public key as SubjectPublicKeyInfo DER (RFC 5280, section
//! 4.1.2.7), whatever form they came in: PEM (RFC 7468) or DER, PKCS#1
//! (RFC 8017, appendix A.1), SEC 1 (RFC 5915), encrypted PKCS#8 (RFC 5958,
//! PBES2 of RFC 8018), JWK (RFC 7517/7518, RFC 8037 for OKP). Signatures:
//! RSASSA-PKCS1-v1_5 and RSASSA-PSS (RFC 8017, section 8), ECDSA on P-256
//! and P-384 (FIPS 186-5; DER or IEEE P1363 signatures), Ed25519 (RFC 8032).
use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64;
use base64::Engine as _;
use pkcs8::der::asn1::ObjectIdentifier;
use pkcs8::der::Decode;
use pkcs8::{DecodePrivateKey, EncodePrivateKey, EncodePublicKey, LineEnding, PrivateKeyInfo};
use rand_core::OsRng;
use rsa::pkcs1::{DecodeRsaPrivateKey, DecodeRsaPublicKey, EncodeRsaPrivateKey, EncodeRsaPublicKey};
use rsa::traits::{PrivateKeyParts, PublicKeyParts};
use rsa::{BigUint, RsaPrivateKey, RsaPublicKey};
use spki::{DecodePublicKey, SubjectPublicKeyInfoRef};

use super::{CryptoError, ErrorClass, Result};

mod sign;
pub use sign::{
    ecdh, rsa_decrypt, rsa_encrypt, rsa_private_encrypt, rsa_public_decrypt, sign, verify, SignOptions,
};

const RSA: ObjectIdentifier = ObjectIdentifier::new_unwrap("1.2.840.113549.1.1.1");
const EC: ObjectIdentifier = ObjectIdentifier::new_unwrap("1.2.840.10045.2.1");
const P256: ObjectIdentifier = ObjectIdentifier::new_unwrap("1.2.840.10045.3.1.7");
const P384: ObjectIdentifier = ObjectIdentifier::new_unwrap("1.3.132.0.34");
const ED25519: ObjectIdentifier = ObjectIdentifier::new_unwrap("1.3.101.112");
const X25519: ObjectIdentifier = ObjectIdentifier::new_unwrap("1.3.101.110");

/// What kind of asymmetric key a DER key is (`keyObject.asymmetricKeyType`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Rsa,
    P256,
    P384,
    Ed25519,
    X25519,
}

impl Kind {
    pub fn type_name(self) -> &'static str {
        match self {
            Kind::Rsa => "rsa",
            Kind::P256 | Kind::P384 => "ec",
            Kind::Ed25519 => "ed25519",
            Kind::X25519 => "x25519",
        }
    }
    /// OpenSSL's curve name (`asymmetricKeyDetails.namedCurve`).
    pub fn curve(self) -> Option<&'static str> {
        match self {
            Kind::P256 => Some("prime256v1"),
            Kind::P384 => Some("secp384r1"),
            _ => None,
        }
    }
    /// JWK's curve name (RFC 7518, section 6.2.1.1; RFC 8037).
    fn jwk_crv(self) -> &'static str {
        match self {
            Kind::P256 => "P-256",
            Kind::P384 => "P-384",
            Kind::X25519 => "X25519",
            _ => "Ed25519",
        }
    }
}

/// A curve by any of the names Node accepts.
pub fn curve_kind(name: &str) -> Option<Kind> {
    match name {
        "P-256" | "prime256v1" | "secp256r1" => Some(Kind::P256),
        "P-384" | "secp384r1" => Some(Kind::P384),
        _ => None,
    }
}

fn kind_of(oid: ObjectIdentifier, params: Option<ObjectIdentifier>) -> Result<Kind> {
    match (oid, params) {
        (RSA, _) => Ok(Kind::Rsa),
        (EC, Some(P256)) => Ok(Kind::P256),
        (EC, Some(P384)) => Ok(Kind::P384),
        (ED25519, _) => Ok(Kind::Ed25519),
        (X25519, _) => Ok(Kind::X25519),
        _ => Err(unsupported()),
    }
}

/// OpenSSL's error for input no decoder takes.
pub fn unsupported() -> CryptoError {
    CryptoError::ossl("ERR_OSSL_UNSUPPORTED", "1E08010C", "DECODER routines", "unsupported")
}

fn failed(e: impl std::fmt::Display) -> CryptoError {
    CryptoError::new(ErrorClass::Error, "ERR_CRYPTO_OPERATION_FAILED", e.to_string())
}

/// The kind of a PKCS#8 private key.
pub fn private_kind(pkcs8: &[u8]) -> Result<Kind> {
    let info = PrivateKeyInfo::from_der(pkcs8).map_err(|_| unsupported())?;
    kind_of(info.algorithm.oid, info.algorithm.parameters_oid().ok())
}

/// The kind of an SPKI public key.
pub fn public_kind(spki: &[u8]) -> Result<Kind> {
    let info = SubjectPublicKeyInfoRef::from_der(spki).map_err(|_| unsupported())?;
    kind_of(info.algorithm.oid, info.algorithm.parameters_oid().ok())
}

/// Key encoding as Node's options give it: `format` and `type`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Pem,
    Der,
}

fn pem_decode(data: &[u8]) -> Result<(String, Vec<u8>)> {
    let (label, der) = pem_rfc7468::decode_vec(trim_pem(data)).map_err(|_| unsupported())?;
    Ok((label.to_string(), der))
}

/// The first PEM block of `data` (text before and after it is allowed, as
/// OpenSSL allows it).
fn trim_pem(data: &[u8]) -> &[u8] {
    let text = data;
    let start = find(text, b"-----BEGIN ").unwrap_or(0);
    let rest = &text[start..];
    match find(rest, b"-----END ") {
        Some(end) => {
            let tail = &rest[end + 9..];
            let close = find(tail, b"-----").map(|i| i + 5).unwrap_or(tail.len());
            &rest[..end + 9 + close]
        }
        None => rest,
    }
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

fn rsa_private_to_pkcs8(key: &RsaPrivateKey) -> Result<Vec<u8>> {
    Ok(key.to_pkcs8_der().map_err(failed)?.as_bytes().to_vec())
}

/// A SEC 1 `ECPrivateKey` (RFC 5915) as PKCS#8, whichever curve it names.
fn sec1_to_pkcs8(der: &[u8]) -> Result<Vec<u8>> {
    if let Ok(k) = p256::SecretKey::from_sec1_der(der) {
        return Ok(k.to_pkcs8_der().map_err(failed)?.as_bytes().to_vec());
    }
    if let Ok(k) = p384::SecretKey::from_sec1_der(der) {
        return Ok(k.to_pkcs8_der().map_err(failed)?.as_bytes().to_vec());
    }
    Err(unsupported())
}

/// Checks a PKCS#8 key parses as its kind, and gives it back.
fn checked_pkcs8(der: Vec<u8>) -> Result<Vec<u8>> {
    match private_kind(&der)? {
        Kind::Rsa => {
            RsaPrivateKey::from_pkcs8_der(&der).map_err(|_| unsupported())?;
        }
        Kind::P256 => {
            p256::SecretKey::from_pkcs8_der(&der).map_err(|_| unsupported())?;
        }
        Kind::P384 => {
            p384::SecretKey::from_pkcs8_der(&der).map_err(|_| unsupported())?;
        }
        Kind::Ed25519 => {
            ed25519_dalek::SigningKey::from_pkcs8_der(&der).map_err(|_| unsupported())?;
        }
        Kind::X25519 => {
            x25519_secret(&der)?;
        }
    }
    Ok(der)
}

fn decrypt_pkcs8(der: &[u8], passphrase: Option<&[u8]>) -> Result<Vec<u8>> {
    let Some(pass) = passphrase else {
        return Err(CryptoError::ossl(
            "ERR_OSSL_CRYPTO_INTERRUPTED_OR_CANCELLED",
            "07880109",
            "common libcrypto routines",
            "interrupted or cancelled",
        ));
    };
    let info = pkcs8::EncryptedPrivateKeyInfo::from_der(der).map_err(|_| unsupported())?;
    let doc = info.decrypt(pass).map_err(|_| {
        CryptoError::ossl("ERR_OSSL_BAD_DECRYPT", "1C800064", "Provider routines", "bad decrypt")
    })?;
    Ok(doc.as_bytes().to_vec())
}

/// A key's PEM label and DER: a PEM block's own label, or for DER
/// (`format: 'der'`) the label `der_label` gives it from its `type`.
fn labelled(
    data: &[u8],
    format: Format,
    der_label: impl FnOnce() -> &'static str,
) -> Result<(String, Vec<u8>)> {
    match format {
        Format::Pem => pem_decode(data),
        Format::Der => Ok((der_label().to_string(), data.to_vec())),
    }
}

/// `createPrivateKey(key)`: PEM (any private label) or DER of `der_type`
/// (`pkcs1`, `pkcs8`, `sec1`), to PKCS#8.
pub fn import_private(
    data: &[u8],
    format: Format,
    der_type: &str,
    passphrase: Option<&[u8]>,
) -> Result<Vec<u8>> {
    let (label, der) = labelled(data, format, || match der_type {
        "pkcs1" => "RSA PRIVATE KEY",
        "sec1" => "EC PRIVATE KEY",
        _ if pkcs8::EncryptedPrivateKeyInfo::from_der(data).is_ok() => "ENCRYPTED PRIVATE KEY",
        _ => "PRIVATE KEY",
    })?;
    match label.as_str() {
        "PRIVATE KEY" => checked_pkcs8(der),
        "ENCRYPTED PRIVATE KEY" => checked_pkcs8(decrypt_pkcs8(&der, passphrase)?),
        "RSA PRIVATE KEY" => {
            rsa_private_to_pkcs8(&RsaPrivateKey::from_pkcs1_der(&der).map_err(|_| unsupported())?)
        }
        "EC PRIVATE KEY" => sec1_to_pkcs8(&der),
        _ => Err(unsupported()),
    }
}

/// `createPublicKey(key)`: a public key (SPKI, PKCS#1), a certificate's key,
/// or the public half of a private key; as SPKI.
pub fn import_public(
    data: &[u8],
    format: Format,
    der_type: &str,
    passphrase: Option<&[u8]>,
) -> Result<Vec<u8>> {
    // DER that is no public key is a private key's, whose public half it is.
    let der_label = match der_type {
        _ if format == Format::Pem => "", // (PEM names its own.)
        "pkcs1" if RsaPublicKey::from_pkcs1_der(data).is_ok() => "RSA PUBLIC KEY",
        "spki" => "PUBLIC KEY",
        _ if SubjectPublicKeyInfoRef::from_der(data).is_ok() => "PUBLIC KEY",
        _ => return public_of(&import_private(data, format, der_type, passphrase)?),
    };
    let (label, der) = labelled(data, format, || der_label)?;
    match label.as_str() {
        "PUBLIC KEY" => {
            let kind = public_kind(&der)?;
            let ok = match kind {
                Kind::Rsa => RsaPublicKey::from_public_key_der(&der).is_ok(),
                Kind::P256 => p256::PublicKey::from_public_key_der(&der).is_ok(),
                Kind::P384 => p384::PublicKey::from_public_key_der(&der).is_ok(),
                Kind::Ed25519 => ed25519_dalek::VerifyingKey::from_public_key_der(&der).is_ok(),
                Kind::X25519 => x25519_public(&der).is_ok(),
            };
            if ok {
                Ok(der)
            } else {
                Err(unsupported())
            }
        }
        "RSA PUBLIC KEY" => Ok(RsaPublicKey::from_pkcs1_der(&der)
            .map_err(|_| unsupported())?
            .to_public_key_der()
            .map_err(failed)?
            .as_bytes()
            .to_vec()),
        "CERTIFICATE" => {
            let (_, cert) = x509_parser::parse_x509_certificate(&der).map_err(|_| unsupported())?;
            let spki = cert.tbs_certificate.subject_pki.raw.to_vec();
            public_kind(&spki)?;
            Ok(spki)
        }
        _ => public_of(&import_private(data, format, der_type, passphrase)?),
    }
}

/// The SPKI of a PKCS#8 private key's public half.
pub fn public_of(pkcs8: &[u8]) -> Result<Vec<u8>> {
    let doc = match private_kind(pkcs8)? {
        Kind::X25519 => return x25519_spki(&x25519_public_of(x25519_secret(pkcs8)?)),
        Kind::Rsa => {
            RsaPrivateKey::from_pkcs8_der(pkcs8).map_err(failed)?.to_public_key().to_public_key_der()
        }
        Kind::P256 => {
            p256::SecretKey::from_pkcs8_der(pkcs8).map_err(failed)?.public_key().to_public_key_der()
        }
        Kind::P384 => {
            p384::SecretKey::from_pkcs8_der(pkcs8).map_err(failed)?.public_key().to_public_key_der()
        }
        Kind::Ed25519 => ed25519_dalek::SigningKey::from_pkcs8_der(pkcs8)
            .map_err(failed)?
            .verifying_key()
            .to_public_key_der(),
    };
    Ok(doc.map_err(failed)?.as_bytes().to_vec())
}

fn incompatible(encoding: &str, only: &str) -> CryptoError {
    CryptoError::new(
        ErrorClass::Error,
        "ERR_CRYPTO_INCOMPATIBLE_KEY_OPTIONS",
        format!("The selected key encoding {encoding} can only be used for {only} keys."),
    )
}

fn pem(label: &str, der: &[u8]) -> Result<Vec<u8>> {
    Ok(pem_rfc7468::encode_string(label, LineEnding::LF, der).map_err(failed)?.into_bytes())
}

/// `keyObject.export()` of a private key: `der_type` `pkcs8` (optionally
/// encrypted under `passphrase` with PBES2: PBKDF2-HMAC-SHA256 and
/// AES-256-CBC), `pkcs1` (RSA) or `sec1` (EC).
pub fn export_private(
    pkcs8: &[u8],
    format: Format,
    der_type: &str,
    passphrase: Option<&[u8]>,
) -> Result<Vec<u8>> {
    let kind = private_kind(pkcs8)?;
    let (label, der) = match der_type {
        "pkcs1" => {
            if kind != Kind::Rsa {
                return Err(incompatible("pkcs1", "RSA"));
            }
            let key = RsaPrivateKey::from_pkcs8_der(pkcs8).map_err(failed)?;
            ("RSA PRIVATE KEY", key.to_pkcs1_der().map_err(failed)?.as_bytes().to_vec())
        }
        "sec1" => {
            let (der, curve) = match kind {
                Kind::P256 => (
                    p256::SecretKey::from_pkcs8_der(pkcs8)
                        .map_err(failed)?
                        .to_sec1_der()
                        .map_err(failed)?
                        .to_vec(),
                    P256,
                ),
                Kind::P384 => (
                    p384::SecretKey::from_pkcs8_der(pkcs8)
                        .map_err(failed)?
                        .to_sec1_der()
                        .map_err(failed)?
                        .to_vec(),
                    P384,
                ),
                _ => return Err(incompatible("sec1", "EC")),
            };
            // RFC 5915, section 3: OpenSSL writes the curve's name in the
            // `parameters` field; the RustCrypto encoder leaves it out.
            let mut key = sec1::EcPrivateKey::from_der(&der).map_err(failed)?;
            key.parameters = Some(sec1::EcParameters::NamedCurve(curve));
            ("EC PRIVATE KEY", pkcs8::der::Encode::to_der(&key).map_err(failed)?)
        }
        _ => match passphrase {
            Some(pass) => {
                let mut salt = [0u8; 16];
                let mut iv = [0u8; 16];
                super::fill_random(&mut salt)?;
                super::fill_random(&mut iv)?;
                let params =
                    pkcs5::pbes2::Parameters::pbkdf2_sha256_aes256cbc(2048, &salt, &iv).map_err(failed)?;
                let info = PrivateKeyInfo::from_der(pkcs8).map_err(failed)?;
                let doc = info.encrypt_with_params(params, pass).map_err(failed)?;
                ("ENCRYPTED PRIVATE KEY", doc.as_bytes().to_vec())
            }
            None => ("PRIVATE KEY", pkcs8.to_vec()),
        },
    };
    match format {
        Format::Pem => pem(label, &der),
        Format::Der => Ok(der),
    }
}

/// `keyObject.export()` of a public key: `spki`, or `pkcs1` for RSA.
pub fn export_public(spki: &[u8], format: Format, der_type: &str) -> Result<Vec<u8>> {
    let kind = public_kind(spki)?;
    let (label, der) = if der_type == "pkcs1" {
        if kind != Kind::Rsa {
            return Err(incompatible("pkcs1", "RSA"));
        }
        let key = RsaPublicKey::from_public_key_der(spki).map_err(failed)?;
        ("RSA PUBLIC KEY", key.to_pkcs1_der().map_err(failed)?.as_bytes().to_vec())
    } else {
        ("PUBLIC KEY", spki.to_vec())
    };
    match format {
        Format::Pem => pem(label, &der),
        Format::Der => Ok(der),
    }
}

/// `keyObject.asymmetricKeyDetails`: modulus length and public exponent
/// (big-endian bytes) of RSA, the curve of EC.
pub struct Details {
    pub modulus_length: Option<usize>,
    pub public_exponent: Option<Vec<u8>>,
    pub named_curve: Option<&'static str>,
}

pub fn details(der: &[u8], private: bool) -> Result<Details> {
    let kind = if private { private_kind(der)? } else { public_kind(der)? };
    let mut d = Details { modulus_length: None, public_exponent: None, named_curve: kind.curve() };
    if kind == Kind::Rsa {
        let key = if private {
            RsaPrivateKey::from_pkcs8_der(der).map_err(failed)?.to_public_key()
        } else {
            RsaPublicKey::from_public_key_der(der).map_err(failed)?
        };
        d.modulus_length = Some(key.n().bits());
        d.public_exponent = Some(key.e().to_bytes_be());
    }
    Ok(d)
}

fn b64(bytes: &[u8]) -> String {
    B64.encode(bytes)
}

/// `export({ format: 'jwk' })`, as JSON with Node's member order.
pub fn to_jwk(der: &[u8], private: bool) -> Result<String> {
    let kind = if private { private_kind(der)? } else { public_kind(der)? };
    let value = match kind {
        Kind::Rsa => {
            if private {
                let k = RsaPrivateKey::from_pkcs8_der(der).map_err(failed)?;
                let p = &k.primes()[0];
                let q = &k.primes()[1];
                let one = BigUint::from(1u8);
                let dp = k.d() % (p - &one);
                let dq = k.d() % (q - &one);
                let qi = k.crt_coefficient().ok_or_else(|| failed("no CRT coefficient"))?;
                serde_json::json!({
                    "kty": "RSA", "n": b64(&k.n().to_bytes_be()), "e": b64(&k.e().to_bytes_be()),
                    "d": b64(&k.d().to_bytes_be()), "p": b64(&p.to_bytes_be()), "q": b64(&q.to_bytes_be()),
                    "dp": b64(&dp.to_bytes_be()), "dq": b64(&dq.to_bytes_be()), "qi": b64(&qi.to_bytes_be()),
                })
            } else {
                let k = RsaPublicKey::from_public_key_der(der).map_err(failed)?;
                serde_json::json!({ "kty": "RSA", "n": b64(&k.n().to_bytes_be()), "e": b64(&k.e().to_bytes_be()) })
            }
        }
        Kind::P256 | Kind::P384 => {
            let (point, d) = ec_parts(kind, der, private)?;
            let n = (point.len() - 1) / 2;
            let mut v = serde_json::json!({
                "kty": "EC", "x": b64(&point[1..1 + n]), "y": b64(&point[1 + n..]), "crv": kind.jwk_crv(),
            });
            if let Some(d) = d {
                v["d"] = b64(&d).into();
            }
            v
        }
        Kind::X25519 => {
            if private {
                let secret = x25519_secret(der)?;
                serde_json::json!({
                    "crv": "X25519", "d": b64(&secret), "x": b64(&x25519_public_of(secret)), "kty": "OKP",
                })
            } else {
                serde_json::json!({ "crv": "X25519", "x": b64(&x25519_public(der)?), "kty": "OKP" })
            }
        }
        Kind::Ed25519 => {
            if private {
                let k = ed25519_dalek::SigningKey::from_pkcs8_der(der).map_err(failed)?;
                serde_json::json!({
                    "crv": "Ed25519", "d": b64(k.as_bytes()), "x": b64(k.verifying_key().as_bytes()), "kty": "OKP",
                })
            } else {
                let k = ed25519_dalek::VerifyingKey::from_public_key_der(der).map_err(failed)?;
                serde_json::json!({ "crv": "Ed25519", "x": b64(k.as_bytes()), "kty": "OKP" })
            }
        }
    };
    Ok(value.to_string())
}

/// An EC key's uncompressed point (SEC 1, section 2.3.3) and, for a private
/// key, its scalar.
fn ec_parts(kind: Kind, der: &[u8], private: bool) -> Result<(Vec<u8>, Option<Vec<u8>>)> {
    use p256::elliptic_curve::sec1::ToEncodedPoint;
    Ok(match (kind, private) {
        (Kind::P256, true) => {
            let k = p256::SecretKey::from_pkcs8_der(der).map_err(failed)?;
            (k.public_key().to_encoded_point(false).as_bytes().to_vec(), Some(k.to_bytes().to_vec()))
        }
        (Kind::P256, false) => {
            let k = p256::PublicKey::from_public_key_der(der).map_err(failed)?;
            (k.to_encoded_point(false).as_bytes().to_vec(), None)
        }
        (Kind::P384, true) => {
            let k = p384::SecretKey::from_pkcs8_der(der).map_err(failed)?;
            (k.public_key().to_encoded_point(false).as_bytes().to_vec(), Some(k.to_bytes().to_vec()))
        }
        _ => {
            let k = p384::PublicKey::from_public_key_der(der).map_err(failed)?;
            (k.to_encoded_point(false).as_bytes().to_vec(), None)
        }
    })
}

/// An EC public key as an uncompressed or compressed point (for ECDH and
/// Web Crypto's raw format).
pub fn ec_point(spki: &[u8], compressed: bool) -> Result<Vec<u8>> {
    use p256::elliptic_curve::sec1::ToEncodedPoint;
    Ok(match public_kind(spki)? {
        Kind::X25519 => x25519_public(spki)?.to_vec(),
        Kind::P256 => p256::PublicKey::from_public_key_der(spki)
            .map_err(failed)?
            .to_encoded_point(compressed)
            .as_bytes()
            .to_vec(),
        Kind::P384 => p384::PublicKey::from_public_key_der(spki)
            .map_err(failed)?
            .to_encoded_point(compressed)
            .as_bytes()
            .to_vec(),
        Kind::Ed25519 => {
            ed25519_dalek::VerifyingKey::from_public_key_der(spki).map_err(failed)?.as_bytes().to_vec()
        }
        Kind::Rsa => return Err(unsupported()),
    })
}

/// An SPKI from a raw public key (an EC point, or Ed25519's 32 bytes).
pub fn public_from_raw(kind: Kind, raw: &[u8]) -> Result<Vec<u8>> {
    let invalid = || CryptoError::type_error("ERR_CRYPTO_INVALID_KEYTYPE", "Invalid key");
    let doc = match kind {
        Kind::P256 => p256::PublicKey::from_sec1_bytes(raw).map_err(|_| invalid())?.to_public_key_der(),
        Kind::P384 => p384::PublicKey::from_sec1_bytes(raw).map_err(|_| invalid())?.to_public_key_der(),
        Kind::Ed25519 => {
            let bytes: [u8; 32] = raw.try_into().map_err(|_| invalid())?;
            ed25519_dalek::VerifyingKey::from_bytes(&bytes).map_err(|_| invalid())?.to_public_key_der()
        }
        Kind::X25519 => return x25519_spki(&raw.try_into().map_err(|_| invalid())?),
        Kind::Rsa => return Err(invalid()),
    };
    Ok(doc.map_err(failed)?.as_bytes().to_vec())
}

/// An X25519 private key's 32 bytes from its PKCS#8 (RFC 8410, section 7:
/// the privateKey field holds a CurvePrivateKey OCTET STRING).
pub(super) fn x25519_secret(pkcs8: &[u8]) -> Result<[u8; 32]> {
    let info = PrivateKeyInfo::from_der(pkcs8).map_err(|_| unsupported())?;
    let inner = info.private_key;
    match inner {
        [0x04, 32, rest @ ..] if rest.len() == 32 => Ok(rest.try_into().expect("32 bytes")),
        _ => Err(unsupported()),
    }
}

/// An X25519 public key's 32 bytes from its SPKI.
pub(super) fn x25519_public(spki: &[u8]) -> Result<[u8; 32]> {
    let info = SubjectPublicKeyInfoRef::from_der(spki).map_err(|_| unsupported())?;
    info.subject_public_key.raw_bytes().try_into().map_err(|_| unsupported())
}

fn x25519_pkcs8(secret: &[u8; 32]) -> Result<Vec<u8>> {
    let mut inner = vec![0x04, 32];
    inner.extend_from_slice(secret);
    let info = PrivateKeyInfo::new(pkcs8::AlgorithmIdentifierRef { oid: X25519, parameters: None }, &inner);
    pkcs8::der::Encode::to_der(&info).map_err(failed)
}

fn x25519_spki(public: &[u8; 32]) -> Result<Vec<u8>> {
    let info = spki::SubjectPublicKeyInfoRef {
        algorithm: spki::AlgorithmIdentifierRef { oid: X25519, parameters: None },
        subject_public_key: pkcs8::der::asn1::BitStringRef::from_bytes(public).map_err(failed)?,
    };
    pkcs8::der::Encode::to_der(&info).map_err(failed)
}

fn x25519_public_of(secret: [u8; 32]) -> [u8; 32] {
    x25519_dalek::PublicKey::from(&x25519_dalek::StaticSecret::from(secret)).to_bytes()
}

/// An Ed25519 key as OpenSSL writes it: PKCS#8 version 1, the seed only
/// (RFC 8410, section 7), not the version 2 form with the public key.
fn ed25519_pkcs8(key: &ed25519_dalek::SigningKey) -> pkcs8::Result<pkcs8::SecretDocument> {
    ed25519_dalek::pkcs8::KeypairBytes { secret_key: key.to_bytes(), public_key: None }.to_pkcs8_der()
}

/// A PKCS#8 key from an EC scalar (`ecdh.setPrivateKey`).
pub fn private_from_scalar(kind: Kind, scalar: &[u8]) -> Result<Vec<u8>> {
    let invalid = || {
        CryptoError::type_error("ERR_CRYPTO_INVALID_KEYTYPE", "Private key is not valid for specified curve.")
    };
    let doc = match kind {
        Kind::P256 => p256::SecretKey::from_slice(scalar).map_err(|_| invalid())?.to_pkcs8_der(),
        Kind::P384 => p384::SecretKey::from_slice(scalar).map_err(|_| invalid())?.to_pkcs8_der(),
        Kind::Ed25519 => {
            let bytes: [u8; 32] = scalar.try_into().map_err(|_| invalid())?;
            ed25519_pkcs8(&ed25519_dalek::SigningKey::from_bytes(&bytes))
        }
        Kind::X25519 => return x25519_pkcs8(&scalar.try_into().map_err(|_| invalid())?),
        Kind::Rsa => return Err(invalid()),
    };
    Ok(doc.map_err(failed)?.as_bytes().to_vec())
}

/// A private scalar (EC) or seed (Ed25519).
pub fn private_scalar(pkcs8: &[u8]) -> Result<Vec<u8>> {
    Ok(match private_kind(pkcs8)? {
        Kind::X25519 => x25519_secret(pkcs8)?.to_vec(),
        Kind::P256 => p256::SecretKey::from_pkcs8_der(pkcs8).map_err(failed)?.to_bytes().to_vec(),
        Kind::P384 => p384::SecretKey::from_pkcs8_der(pkcs8).map_err(failed)?.to_bytes().to_vec(),
        Kind::Ed25519 => {
            ed25519_dalek::SigningKey::from_pkcs8_der(pkcs8).map_err(failed)?.as_bytes().to_vec()
        }
        Kind::Rsa => return Err(unsupported()),
    })
}

fn invalid_jwk(what: &str) -> CryptoError {
    CryptoError::type_error("ERR_CRYPTO_INVALID_JWK", format!("Invalid JWK {what} key"))
}

/// The end of an EC or OKP JWK's import (`kty` names it in the errors): the
/// public key from its point, or for a private JWK the private key from `d`
/// (read only then). As Node 24's import (src/crypto/crypto_keys.cc), a
/// private JWK's `d` is not checked against its public point: the key is
/// the one `d` makes (its public half derived from it).
fn jwk_point_key(
    kind: Kind,
    point: &[u8],
    private: bool,
    d: impl FnOnce() -> Option<Vec<u8>>,
    kty: &str,
) -> Result<Vec<u8>> {
    let spki = public_from_raw(kind, point).map_err(|_| invalid_jwk(kty))?;
    if !private {
        return Ok(spki);
    }
    private_from_scalar(kind, &d().ok_or_else(|| invalid_jwk(kty))?).map_err(|_| invalid_jwk(kty))
}

/// A private RSA JWK's key: every member of RFC 7518 section 6.3.2 but
/// `oth` must be there (Node 24: "Invalid JWK RSA key" otherwise); the
/// members are not checked against each other, as OpenSSL does not when
/// Node imports them: the key is the one `n`, `e` and `d` make with `p` and
/// `q`, else with the primes recovered from `d`, else the one `p`, `q` and
/// `e` make (whose `d` is then computed) when their product is `n`.
fn jwk_rsa_private(field: impl Fn(&str) -> Option<Vec<u8>>) -> Result<RsaPrivateKey> {
    let bad = || invalid_jwk("RSA");
    let int = |name: &str| field(name).map(|b| BigUint::from_bytes_be(&b)).ok_or_else(bad);
    let (n, e, d, p, q) = (int("n")?, int("e")?, int("d")?, int("p")?, int("q")?);
    for member in ["dp", "dq", "qi"] {
        int(member)?;
    }
    RsaPrivateKey::from_components(n.clone(), e.clone(), d.clone(), vec![p.clone(), q.clone()])
        .or_else(|_| RsaPrivateKey::from_components(n.clone(), e.clone(), d, Vec::new()))
        .or_else(|_| {
            if &p * &q == n {
                RsaPrivateKey::from_p_q(p, q, e)
            } else {
                Err(rsa::Error::InvalidModulus)
            }
        })
        .map_err(|_| bad())
}

/// A key from a JWK (`createPrivateKey({ key, format: 'jwk' })`): PKCS#8 if
/// `private`, else SPKI.
pub fn from_jwk(json: &str, private: bool) -> Result<Vec<u8>> {
    let v: serde_json::Value = serde_json::from_str(json).map_err(|_| invalid_jwk(""))?;
    let field =
        |name: &str| -> Option<Vec<u8>> { B64.decode(v.get(name)?.as_str()?.trim_end_matches('=')).ok() };
    let kty = v.get("kty").and_then(|k| k.as_str()).unwrap_or("");
    match kty {
        "RSA" => {
            let bad = || invalid_jwk("RSA");
            if private {
                return rsa_private_to_pkcs8(&jwk_rsa_private(field)?);
            }
            let n = BigUint::from_bytes_be(&field("n").ok_or_else(bad)?);
            let e = BigUint::from_bytes_be(&field("e").ok_or_else(bad)?);
            let key = RsaPublicKey::new(n, e).map_err(|_| bad())?;
            Ok(key.to_public_key_der().map_err(failed)?.as_bytes().to_vec())
        }
        "EC" => {
            let kind = v
                .get("crv")
                .and_then(|c| c.as_str())
                .and_then(curve_kind)
                .ok_or_else(|| invalid_jwk("EC"))?;
            let (x, y) =
                (field("x").ok_or_else(|| invalid_jwk("EC"))?, field("y").ok_or_else(|| invalid_jwk("EC"))?);
            let mut point = vec![4u8];
            point.extend_from_slice(&x);
            point.extend_from_slice(&y);
            jwk_point_key(kind, &point, private, || field("d"), "EC")
        }
        "OKP" => {
            let kind = match v.get("crv").and_then(|c| c.as_str()) {
                Some("Ed25519") => Kind::Ed25519,
                Some("X25519") => Kind::X25519,
                _ => return Err(CryptoError::type_error("ERR_CRYPTO_INVALID_JWK", "Invalid JWK OKP key")),
            };
            let x = field("x").ok_or_else(|| invalid_jwk("OKP"))?;
            jwk_point_key(kind, &x, private, || field("d"), "OKP")
        }
        _ => Err(CryptoError::type_error(
            "ERR_INVALID_ARG_VALUE",
            "The property 'key.kty' must be one of: 'RSA', 'EC', 'OKP'. Received undefined",
        )),
    }
}

/// `generateKeyPair`: a new key pair as (PKCS#8, SPKI).
pub fn generate(kind: Kind, modulus_length: usize, public_exponent: u64) -> Result<(Vec<u8>, Vec<u8>)> {
    let pkcs8 = match kind {
        Kind::Rsa => {
            let key =
                RsaPrivateKey::new_with_exp(&mut OsRng, modulus_length, &BigUint::from(public_exponent))
                    .map_err(failed)?;
            rsa_private_to_pkcs8(&key)?
        }
        Kind::P256 => p256::SecretKey::random(&mut OsRng).to_pkcs8_der().map_err(failed)?.as_bytes().to_vec(),
        Kind::P384 => p384::SecretKey::random(&mut OsRng).to_pkcs8_der().map_err(failed)?.as_bytes().to_vec(),
        Kind::Ed25519 => ed25519_pkcs8(&ed25519_dalek::SigningKey::generate(&mut OsRng))
            .map_err(failed)?
            .as_bytes()
            .to_vec(),
        Kind::X25519 => x25519_pkcs8(&x25519_dalek::StaticSecret::random_from_rng(OsRng).to_bytes())?,
    };
    let spki = public_of(&pkcs8)?;
    Ok((pkcs8, spki))
}
