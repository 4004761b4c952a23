//! Cryptography both hosts can use (the node host's `node:crypto` today; the
//! Web Crypto API's algorithms are the same primitives): digests by name,
//! streaming ciphers, and asymmetric keys (parse, export, generate, sign,
//! verify), all from the RustCrypto crates and the OS's generator. Nothing
//! here knows JavaScript: bytes in, bytes out, errors as OpenSSL and Node
//! name them, for the hosts to throw.
pub(crate) mod bind;
pub mod cipher;
pub mod keys;

use digest::DynDigest;

/// Node's spelling of a digest name, case-insensitively, with OpenSSL's
/// aliases (`RSA-SHA256`, `SHA-256`, `sha256WithRSAEncryption`); None if
/// jsloop does not have it.
pub fn canonical(name: &str) -> Option<&'static str> {
    let lower = name.to_ascii_lowercase();
    let bare = lower.strip_prefix("rsa-").unwrap_or(&lower);
    let bare = bare.strip_suffix("withrsaencryption").unwrap_or(bare);
    let bare = bare.strip_prefix("ecdsa-with-").unwrap_or(bare);
    Some(match bare {
        "md5" => "md5",
        "sha1" | "sha-1" => "sha1",
        "sha224" | "sha-224" => "sha224",
        "sha256" | "sha-256" => "sha256",
        "sha384" | "sha-384" => "sha384",
        "sha512" | "sha-512" => "sha512",
        "sha512-224" | "sha-512/224" => "sha512-224",
        "sha512-256" | "sha-512/256" => "sha512-256",
        "sha3-224" => "sha3-224",
        "sha3-256" => "sha3-256",
        "sha3-384" => "sha3-384",
        "sha3-512" => "sha3-512",
        "ripemd160" | "rmd160" | "ripemd-160" | "ripemd" => "ripemd160",
        _ => return None,
    })
}

/// Runs `$body` with `$D` the digest type of the listed ones that `$name`
/// names (`"name" => Type`), else `$none`.
macro_rules! digest_match {
    ($name:expr, $D:ident => $body:expr, else $none:expr; $($n:literal => $T:ty),* $(,)?) => {
        match $crate::crypto::canonical($name) {
            $(
                Some($n) => {
                    type $D = $T;
                    $body
                }
            )*
            _ => $none,
        }
    };
}
pub(crate) use digest_match;

/// Runs `$body` with `$D` the digest type `$name` names.
macro_rules! with_digest {
    ($name:expr, $D:ident => $body:expr, else $none:expr) => {
        $crate::crypto::digest_match!($name, $D => $body, else $none;
            "md5" => md5::Md5,
            "sha1" => sha1::Sha1,
            "sha224" => sha2::Sha224,
            "sha256" => sha2::Sha256,
            "sha384" => sha2::Sha384,
            "sha512" => sha2::Sha512,
            "sha512-224" => sha2::Sha512_224,
            "sha512-256" => sha2::Sha512_256,
            "sha3-224" => sha3::Sha3_224,
            "sha3-256" => sha3::Sha3_256,
            "sha3-384" => sha3::Sha3_384,
            "sha3-512" => sha3::Sha3_512,
            "ripemd160" => ripemd::Ripemd160)
    };
}
pub(crate) use with_digest;

/// A digest by name, ready for `update`.
pub fn new_digest(name: &str) -> Option<Box<dyn DynDigest>> {
    with_digest!(name, D => Some(Box::new(D::default()) as Box<dyn DynDigest>), else None)
}

/// `data`'s digest under `name`.
pub fn digest(name: &str, data: &[u8]) -> Option<Vec<u8>> {
    let mut d = new_digest(name)?;
    d.update(data);
    Some(d.finalize().to_vec())
}

/// An error as Node reports it: the JavaScript class, `error.code`, the
/// message, and for OpenSSL's errors the `library`/`reason` fields.
#[derive(Debug, Clone)]
pub struct CryptoError {
    pub class: ErrorClass,
    pub code: &'static str,
    pub message: String,
}

/// What kind of JavaScript error a failure is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorClass {
    Error,
    RangeError,
    TypeError,
}

impl CryptoError {
    pub fn new(class: ErrorClass, code: &'static str, message: impl Into<String>) -> Self {
        CryptoError { class, code, message: message.into() }
    }
    /// An OpenSSL error as Node words it: `error:CODE:LIBRARY::reason`,
    /// code `ERR_OSSL_REASON`.
    pub fn ossl(code: &'static str, packed: &str, library: &str, reason: &str) -> Self {
        CryptoError::new(ErrorClass::Error, code, format!("error:{packed}:{library}::{reason}"))
    }
    pub fn type_error(code: &'static str, message: impl Into<String>) -> Self {
        CryptoError::new(ErrorClass::TypeError, code, message)
    }
}

pub type Result<T> = std::result::Result<T, CryptoError>;

/// Fills `out` from the OS's generator.
pub fn fill_random(out: &mut [u8]) -> Result<()> {
    getrandom::fill(out)
        .map_err(|e| CryptoError::new(ErrorClass::Error, "ERR_CRYPTO_OPERATION_FAILED", e.to_string()))
}
