//! Signatures, key agreement and RSA encryption with the keys of
//! [`super`]: RSASSA-PKCS1-v1_5 and RSASSA-PSS (RFC 8017, section 8), ECDSA
//! on P-256 and P-384 (FIPS 186-5; DER or IEEE P1363 signatures), Ed25519
//! (RFC 8032), ECDH (SEC 1, section 3.3.1), RSAES-OAEP and PKCS#1 v1.5.
use ecdsa::signature::hazmat::{PrehashSigner, PrehashVerifier};
use ed25519_dalek::Signer as _;
use pkcs8::DecodePrivateKey;
use rand_core::OsRng;
use rsa::traits::PublicKeyParts;
use rsa::{RsaPrivateKey, RsaPublicKey};
use spki::DecodePublicKey;

use super::{failed, private_kind, public_kind, unsupported, x25519_public, x25519_secret, Kind};
use crate::crypto::{CryptoError, ErrorClass, Result};

/// How a signature is made or checked.
#[derive(Debug, Clone)]
pub struct SignOptions {
    /// The digest (None: Ed25519, or a default).
    pub digest: Option<String>,
    /// RSA: PSS (with this salt length; -1 the digest's length, -2 the
    /// largest when signing and any when verifying), else PKCS#1 v1.5.
    pub pss_salt: Option<i64>,
    /// ECDSA: IEEE P1363 (r || s) instead of DER.
    pub p1363: bool,
}

/// OpenSSL's error for a signature with a key that cannot sign (X25519).
fn not_for_signing() -> CryptoError {
    CryptoError::ossl(
        "ERR_OSSL_EVP_OPERATION_NOT_SUPPORTED_FOR_THIS_KEYTYPE",
        "03000096",
        "digital envelope routines",
        "operation not supported for this keytype",
    )
}

fn invalid_digest_ossl() -> CryptoError {
    CryptoError::ossl("ERR_OSSL_INVALID_DIGEST", "1C80007A", "Provider routines", "invalid digest")
}

/// Runs `$body` with `$D` the digest type `$name` names: every digest jsloop
/// has can sign with RSA (PKCS#1 v1.5 names it by its OID in the DigestInfo,
/// RFC 8017 section 9.2; PSS and OAEP hash with it), as OpenSSL's can.
macro_rules! with_rsa_digest {
    ($name:expr, $D:ident => $body:expr) => {
        $crate::crypto::with_digest!($name, $D => $body, else return Err(invalid_digest_ossl()))
    };
}

fn hashed(digest: &str, data: &[u8]) -> Result<Vec<u8>> {
    crate::crypto::digest(digest, data).ok_or_else(invalid_digest_ossl)
}

/// The digest a signature with a `kind` key hashes with, after what OpenSSL
/// refuses first: an X25519 key does not sign, and Ed25519 (RFC 8032's
/// PureEdDSA, which hashes the message itself) takes no digest. RSA and
/// ECDSA take the one given, SHA-256 by default.
fn signature_digest(kind: Kind, opts: &SignOptions) -> Result<&str> {
    match kind {
        Kind::X25519 => Err(not_for_signing()),
        Kind::Ed25519 if opts.digest.is_some() => Err(invalid_digest_ossl()),
        _ => Ok(opts.digest.as_deref().unwrap_or("sha256")),
    }
}

/// `crypto.sign` / `sign.sign`: a signature of `data` with a PKCS#8 key.
pub fn sign(pkcs8: &[u8], data: &[u8], opts: &SignOptions) -> Result<Vec<u8>> {
    let kind = private_kind(pkcs8)?;
    let digest = signature_digest(kind, opts)?;
    match kind {
        Kind::X25519 => Err(not_for_signing()),
        Kind::Ed25519 => {
            let k = ed25519_dalek::SigningKey::from_pkcs8_der(pkcs8).map_err(failed)?;
            Ok(k.sign(data).to_bytes().to_vec())
        }
        Kind::Rsa => {
            let key = RsaPrivateKey::from_pkcs8_der(pkcs8).map_err(failed)?;
            let h = hashed(digest, data)?;
            match opts.pss_salt {
                None => {
                    with_rsa_digest!(digest, D => key.sign(rsa::Pkcs1v15Sign::new::<D>(), &h).map_err(failed))
                }
                Some(salt) => {
                    let em_len = key.size();
                    let max = em_len.saturating_sub(h.len() + 2);
                    let salt = match salt {
                        -1 => h.len(),
                        s if s < 0 => max,
                        s => s as usize,
                    };
                    if salt > max {
                        return Err(CryptoError::ossl(
                            "ERR_OSSL_RSA_DATA_TOO_LARGE_FOR_KEY_SIZE",
                            "02000070",
                            "rsa routines",
                            "data too large for key size",
                        ));
                    }
                    with_rsa_digest!(digest, D => key.sign_with_rng(&mut OsRng, rsa::Pss::new_with_salt::<D>(salt), &h).map_err(failed))
                }
            }
        }
        Kind::P256 | Kind::P384 => {
            let h = hashed(digest, data)?;
            macro_rules! ecdsa_sign {
                ($c:ident) => {{
                    let key = $c::ecdsa::SigningKey::from_pkcs8_der(pkcs8).map_err(failed)?;
                    let sig: $c::ecdsa::Signature = key.sign_prehash(&h).map_err(failed)?;
                    if opts.p1363 {
                        sig.to_bytes().to_vec()
                    } else {
                        sig.to_der().as_bytes().to_vec()
                    }
                }};
            }
            Ok(if kind == Kind::P256 { ecdsa_sign!(p256) } else { ecdsa_sign!(p384) })
        }
    }
}

/// `crypto.verify` / `verify.verify` with an SPKI key.
pub fn verify(spki: &[u8], data: &[u8], signature: &[u8], opts: &SignOptions) -> Result<bool> {
    let kind = public_kind(spki)?;
    let digest = signature_digest(kind, opts)?;
    match kind {
        Kind::X25519 => Err(not_for_signing()),
        Kind::Ed25519 => {
            let k = ed25519_dalek::VerifyingKey::from_public_key_der(spki).map_err(failed)?;
            let Ok(sig) = ed25519_dalek::Signature::from_slice(signature) else { return Ok(false) };
            Ok(k.verify_strict(data, &sig).is_ok())
        }
        Kind::Rsa => {
            let key = RsaPublicKey::from_public_key_der(spki).map_err(failed)?;
            let h = hashed(digest, data)?;
            match opts.pss_salt {
                None => {
                    with_rsa_digest!(digest, D => Ok(key.verify(rsa::Pkcs1v15Sign::new::<D>(), &h, signature).is_ok()))
                }
                Some(salt) => {
                    let max = key.size().saturating_sub(h.len() + 2);
                    // RSA_PSS_SALTLEN_AUTO: the salt is whatever length the
                    // encoded message has; each length is tried.
                    let lengths: Vec<usize> = match salt {
                        -1 => vec![h.len()],
                        -2 => std::iter::once(h.len()).chain(std::iter::once(max)).chain(0..=max).collect(),
                        s if s < 0 => vec![max],
                        s => vec![s as usize],
                    };
                    for salt in lengths {
                        let ok = with_rsa_digest!(digest, D => key.verify(rsa::Pss::new_with_salt::<D>(salt), &h, signature).is_ok());
                        if ok {
                            return Ok(true);
                        }
                    }
                    Ok(false)
                }
            }
        }
        Kind::P256 | Kind::P384 => {
            let h = hashed(digest, data)?;
            macro_rules! ecdsa_verify {
                ($c:ident) => {{
                    let key = $c::ecdsa::VerifyingKey::from_public_key_der(spki).map_err(failed)?;
                    let sig = if opts.p1363 {
                        $c::ecdsa::Signature::from_slice(signature)
                    } else {
                        $c::ecdsa::Signature::from_der(signature)
                    };
                    match sig {
                        Ok(sig) => key.verify_prehash(&h, &sig).is_ok(),
                        Err(_) => false,
                    }
                }};
            }
            Ok(if kind == Kind::P256 { ecdsa_verify!(p256) } else { ecdsa_verify!(p384) })
        }
    }
}

/// ECDH (SEC 1, section 3.3.1): the shared secret's x coordinate.
pub fn ecdh(pkcs8: &[u8], spki: &[u8]) -> Result<Vec<u8>> {
    let (a, b) = (private_kind(pkcs8)?, public_kind(spki)?);
    if a != b {
        return Err(CryptoError::new(
            ErrorClass::Error,
            "ERR_CRYPTO_INCOMPATIBLE_KEY",
            "Incompatible key types for Diffie-Hellman: ec and ec",
        ));
    }
    Ok(match a {
        Kind::P256 => {
            let s = p256::SecretKey::from_pkcs8_der(pkcs8).map_err(failed)?;
            let p = p256::PublicKey::from_public_key_der(spki).map_err(failed)?;
            p256::ecdh::diffie_hellman(s.to_nonzero_scalar(), p.as_affine()).raw_secret_bytes().to_vec()
        }
        Kind::P384 => {
            let s = p384::SecretKey::from_pkcs8_der(pkcs8).map_err(failed)?;
            let p = p384::PublicKey::from_public_key_der(spki).map_err(failed)?;
            p384::ecdh::diffie_hellman(s.to_nonzero_scalar(), p.as_affine()).raw_secret_bytes().to_vec()
        }
        // RFC 7748, section 6.1.
        Kind::X25519 => {
            let secret = x25519_dalek::StaticSecret::from(x25519_secret(pkcs8)?);
            let public = x25519_dalek::PublicKey::from(x25519_public(spki)?);
            secret.diffie_hellman(&public).as_bytes().to_vec()
        }
        _ => {
            return Err(CryptoError::new(
                ErrorClass::Error,
                "ERR_CRYPTO_INVALID_KEY_OBJECT_TYPE",
                "Unsupported key type",
            ))
        }
    })
}

/// The OAEP padding `oaep` names (its digest and label; RFC 8017, section
/// 7.1), or `None` for PKCS#1 v1.5 (section 7.2).
fn oaep_padding(oaep: Option<(&str, Option<Vec<u8>>)>) -> Result<Option<rsa::Oaep>> {
    let Some((digest, label)) = oaep else { return Ok(None) };
    let label = label.map(|l| String::from_utf8_lossy(&l).into_owned());
    Ok(Some(with_rsa_digest!(digest, D => {
        let mut p = rsa::Oaep::new::<D>();
        p.label = label;
        p
    })))
}

/// RSA encryption (`publicEncrypt`, Web Crypto's RSA-OAEP): OAEP with
/// `digest` (RFC 8017, section 7.1) or PKCS#1 v1.5 (section 7.2).
pub fn rsa_encrypt(spki: &[u8], data: &[u8], oaep: Option<(&str, Option<Vec<u8>>)>) -> Result<Vec<u8>> {
    let key = RsaPublicKey::from_public_key_der(spki).map_err(|_| unsupported())?;
    let r = match oaep_padding(oaep)? {
        Some(p) => key.encrypt(&mut OsRng, p, data),
        None => key.encrypt(&mut OsRng, rsa::Pkcs1v15Encrypt, data),
    };
    r.map_err(|_| {
        CryptoError::ossl(
            "ERR_OSSL_RSA_DATA_TOO_LARGE_FOR_KEY_SIZE",
            "0200006E",
            "rsa routines",
            "data too large for key size",
        )
    })
}

/// RSA decryption (`privateDecrypt`, RSA-OAEP).
pub fn rsa_decrypt(pkcs8: &[u8], data: &[u8], oaep: Option<(&str, Option<Vec<u8>>)>) -> Result<Vec<u8>> {
    let key = RsaPrivateKey::from_pkcs8_der(pkcs8).map_err(|_| unsupported())?;
    let r = match oaep_padding(oaep)? {
        Some(p) => key.decrypt(p, data),
        None => key.decrypt(rsa::Pkcs1v15Encrypt, data),
    };
    r.map_err(|_| {
        CryptoError::ossl(
            "ERR_OSSL_RSA_OAEP_DECODING_ERROR",
            "02000079",
            "rsa routines",
            "oaep decoding error",
        )
    })
}

fn rsa_error(code: &'static str, packed: &str, reason: &str) -> CryptoError {
    CryptoError::ossl(code, packed, "rsa routines", reason)
}

/// `privateEncrypt` (OpenSSL's RSA_private_encrypt): the private operation
/// (RFC 8017 section 5.1.2, RSADP) on the data with PKCS#1 v1.5 block type 1
/// padding (`00 01 FF… 00 data`, the signature padding of section 9.2 with no
/// DigestInfo), or on the data as it is (`RSA_NO_PADDING`: exactly the
/// modulus's length, less than the modulus).
pub fn rsa_private_encrypt(pkcs8: &[u8], data: &[u8], no_padding: bool) -> Result<Vec<u8>> {
    let key = RsaPrivateKey::from_pkcs8_der(pkcs8).map_err(|_| unsupported())?;
    let k = key.size();
    if !no_padding {
        if data.len() + 11 > k {
            return Err(rsa_error(
                "ERR_OSSL_RSA_DATA_TOO_LARGE_FOR_KEY_SIZE",
                "0200006E",
                "data too large for key size",
            ));
        }
        return key.sign(rsa::Pkcs1v15Sign::new_unprefixed(), data).map_err(failed);
    }
    if data.len() < k {
        return Err(rsa_error(
            "ERR_OSSL_RSA_DATA_TOO_SMALL_FOR_KEY_SIZE",
            "0200007A",
            "data too small for key size",
        ));
    }
    if data.len() > k {
        return Err(rsa_error(
            "ERR_OSSL_RSA_DATA_TOO_LARGE_FOR_KEY_SIZE",
            "0200006E",
            "data too large for key size",
        ));
    }
    let m = below_modulus(data, key.n())?;
    let c = rsa::hazmat::rsa_decrypt_and_check(&key, Some(&mut OsRng), &m).map_err(failed)?;
    Ok(left_pad(&c.to_bytes_be(), k))
}

/// `publicDecrypt` (OpenSSL's RSA_public_decrypt): the public operation
/// (RSAEP) on the data, then the block type 1 padding removed (any other is
/// "invalid padding"), or the whole block (`RSA_NO_PADDING`).
pub fn rsa_public_decrypt(spki: &[u8], data: &[u8], no_padding: bool) -> Result<Vec<u8>> {
    let key = RsaPublicKey::from_public_key_der(spki).map_err(|_| unsupported())?;
    let k = key.size();
    let invalid = || rsa_error("ERR_OSSL_RSA_INVALID_PADDING", "0200008A", "invalid padding");
    if data.len() > k {
        return Err(rsa_error(
            "ERR_OSSL_RSA_DATA_GREATER_THAN_MOD_LEN",
            "0200006C",
            "data greater than mod len",
        ));
    }
    let c = below_modulus(data, key.n())?;
    let em = left_pad(&rsa::hazmat::rsa_encrypt(&key, &c).map_err(failed)?.to_bytes_be(), k);
    if no_padding {
        return Ok(em);
    }
    // 00 01, at least eight FF, 00, the data.
    if data.len() != k || em[0] != 0 || em[1] != 1 {
        return Err(invalid());
    }
    let ones = em[2..].iter().take_while(|&&b| b == 0xff).count();
    if ones < 8 || 2 + ones >= k || em[2 + ones] != 0 {
        return Err(invalid());
    }
    Ok(em[3 + ones..].to_vec())
}

/// `data` as an integer, which must be less than the modulus `n`.
fn below_modulus(data: &[u8], n: &rsa::BigUint) -> Result<rsa::BigUint> {
    let v = rsa::BigUint::from_bytes_be(data);
    if &v >= n {
        return Err(rsa_error(
            "ERR_OSSL_RSA_DATA_TOO_LARGE_FOR_MODULUS",
            "02000084",
            "data too large for modulus",
        ));
    }
    Ok(v)
}

/// `bytes` with zeros in front, `len` long.
fn left_pad(bytes: &[u8], len: usize) -> Vec<u8> {
    let mut out = vec![0u8; len.saturating_sub(bytes.len())];
    out.extend_from_slice(bytes);
    out
}
