//! The crypto host functions both hosts install (this file, unlike the rest
//! of `crypto/`, knows JavaScript values): key objects' functions, the jobs
//! by name that the glue runs (digests, HMACs, key derivation, key pairs,
//! signatures, RSA, ECDH, whole-message ciphers) and errors as Node's. How
//! a job runs is the host's: the node host on its thread pool, completing
//! in the poll phase; the browser host at once, settling its promise in a
//! task on the crypto task source.
use digest::Mac;
use rquickjs::{Array, Ctx, Function, Object, Value};

use super::{cipher, keys, CryptoError, ErrorClass, Result};
use crate::crypto::with_digest;

/// A job: its work, to run on whatever thread the host picks.
pub(crate) type Job = Box<dyn FnOnce() -> Result<Vec<u8>> + Send>;

/// The bytes of a Uint8Array (or any view the glue passes as one), copied.
pub(crate) fn bytes_of(value: &Value<'_>) -> Vec<u8> {
    value
        .as_object()
        .and_then(|o| rquickjs::TypedArray::<u8>::from_object(o.clone()).ok())
        // SAFETY: the slice is copied at once; no JavaScript runs while it
        // is borrowed, so the buffer cannot be detached or resized meanwhile.
        .and_then(|a| unsafe { a.as_bytes() }.map(<[u8]>::to_vec))
        .unwrap_or_default()
}

pub(crate) fn typed<'js>(ctx: &Ctx<'js>, bytes: Vec<u8>) -> rquickjs::Result<Value<'js>> {
    Ok(rquickjs::TypedArray::<u8>::new(ctx.clone(), bytes)?.into_value())
}

fn args_bytes(args: &Array<'_>, i: usize) -> Vec<u8> {
    args.get::<Value>(i).map(|v| bytes_of(&v)).unwrap_or_default()
}

/// An HMAC's running state, whatever its digest.
pub(crate) trait MacState {
    fn update(&mut self, data: &[u8]);
    fn finish(self: Box<Self>) -> Vec<u8>;
}

impl<M: Mac> MacState for M {
    fn update(&mut self, data: &[u8]) {
        Mac::update(self, data);
    }
    fn finish(self: Box<Self>) -> Vec<u8> {
        self.finalize().into_bytes().to_vec()
    }
}

pub(crate) fn new_hmac(name: &str, key: &[u8]) -> Option<Box<dyn MacState>> {
    with_digest!(name, D => {
        let mac = hmac::SimpleHmac::<D>::new_from_slice(key).ok()?;
        Some(Box::new(mac) as Box<dyn MacState>)
    }, else None)
}

pub(crate) fn invalid_digest(name: &str) -> CryptoError {
    CryptoError::new(ErrorClass::TypeError, "ERR_CRYPTO_INVALID_DIGEST", format!("Invalid digest: {name}"))
}

/// PBKDF2 with HMAC over `digest` (RFC 8018, section 5.2).
fn pbkdf2(password: &[u8], salt: &[u8], iterations: u32, len: usize, digest: &str) -> Result<Vec<u8>> {
    let mut out = vec![0u8; len];
    with_digest!(digest, D => {
        pbkdf2::pbkdf2::<hmac::SimpleHmac<D>>(password, salt, iterations, &mut out)
            .map_err(|e| CryptoError::new(ErrorClass::Error, "ERR_CRYPTO_OPERATION_FAILED", e.to_string()))?;
    }, else return Err(invalid_digest(digest)));
    Ok(out)
}

/// HKDF over `digest` (RFC 5869): extract, then expand to `len` bytes.
fn hkdf(digest: &str, ikm: &[u8], salt: &[u8], info: &[u8], len: usize) -> Result<Vec<u8>> {
    let mut out = vec![0u8; len];
    with_digest!(digest, D => {
        hkdf::SimpleHkdf::<D>::new(Some(salt), ikm).expand(info, &mut out).map_err(|_| {
            CryptoError::new(ErrorClass::RangeError, "ERR_CRYPTO_INVALID_KEYLEN", "Invalid key length")
        })?;
    }, else return Err(invalid_digest(digest)));
    Ok(out)
}

/// scrypt (RFC 7914). N is a power of two, checked by the glue.
fn scrypt(password: &[u8], salt: &[u8], n: u64, r: u32, p: u32, len: usize) -> Result<Vec<u8>> {
    let invalid = || {
        CryptoError::new(ErrorClass::RangeError, "ERR_CRYPTO_INVALID_SCRYPT_PARAMS", "Invalid scrypt params")
    };
    let log_n = n.trailing_zeros() as u8;
    let params = scrypt::Params::new(log_n, r, p, len.max(10)).map_err(|_| invalid())?;
    let mut out = vec![0u8; len];
    scrypt::scrypt(password, salt, &params, &mut out).map_err(|_| invalid())?;
    Ok(out)
}

pub(crate) fn random(len: usize) -> Result<Vec<u8>> {
    let mut out = vec![0u8; len];
    getrandom::fill(&mut out)
        .map_err(|e| CryptoError::new(ErrorClass::Error, "ERR_CRYPTO_OPERATION_FAILED", e.to_string()))?;
    Ok(out)
}

/// Two byte strings as one: each after its length (u32, little-endian).
fn pair(a: &[u8], b: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(8 + a.len() + b.len());
    for part in [a, b] {
        out.extend_from_slice(&(part.len() as u32).to_le_bytes());
        out.extend_from_slice(part);
    }
    out
}

pub(crate) fn unknown_cipher() -> CryptoError {
    CryptoError::new(ErrorClass::Error, "ERR_CRYPTO_UNKNOWN_CIPHER", "Unknown cipher")
}

/// A signature's options from `args[at..]`: digest, PSS salt length (null:
/// PKCS#1 v1.5), IEEE P1363 encoding.
fn sign_options(args: &Array<'_>, at: usize) -> rquickjs::Result<keys::SignOptions> {
    Ok(keys::SignOptions {
        digest: args.get::<Option<String>>(at)?,
        pss_salt: args.get::<Option<f64>>(at + 1)?.map(|s| s as i64),
        p1363: args.get::<Option<bool>>(at + 2)?.unwrap_or(false),
    })
}

/// One key-derivation or random job from its arguments (as the glue passes
/// them, already checked).
pub(crate) fn job_of(op: &str, args: &Array<'_>) -> rquickjs::Result<Job> {
    let num = |i: usize| args.get::<f64>(i);
    let text = |i: usize| args.get::<String>(i);
    Ok(match op {
        "pbkdf2" => {
            let (password, salt) = (args_bytes(args, 0), args_bytes(args, 1));
            let (iterations, len, digest) = (num(2)? as u32, num(3)? as usize, text(4)?);
            Box::new(move || pbkdf2(&password, &salt, iterations, len, &digest))
        }
        "hkdf" => {
            let digest = text(0)?;
            let (ikm, salt, info) = (args_bytes(args, 1), args_bytes(args, 2), args_bytes(args, 3));
            let len = num(4)? as usize;
            Box::new(move || hkdf(&digest, &ikm, &salt, &info, len))
        }
        "scrypt" => {
            let (password, salt) = (args_bytes(args, 0), args_bytes(args, 1));
            let (n, r, p, len) = (num(2)? as u64, num(3)? as u32, num(4)? as u32, num(5)? as usize);
            Box::new(move || scrypt(&password, &salt, n, r, p, len))
        }
        "random" => {
            let len = num(0)? as usize;
            Box::new(move || random(len))
        }
        // [digest, data]
        "digest" => {
            let (name, data) = (text(0)?, args_bytes(args, 1));
            Box::new(move || crate::crypto::digest(&name, &data).ok_or_else(|| invalid_digest(&name)))
        }
        // [digest, key, data]
        "hmac" => {
            let (name, key, data) = (text(0)?, args_bytes(args, 1), args_bytes(args, 2));
            Box::new(move || {
                let mut mac = new_hmac(&name, &key).ok_or_else(|| invalid_digest(&name))?;
                mac.update(&data);
                Ok(mac.finish())
            })
        }
        // [kind ('rsa' | 'ec' | 'ed25519'), modulusLength, publicExponent,
        // namedCurve]: PKCS#8 and SPKI, each after its u32 length.
        "generateKeyPair" => {
            let kind = match text(0)?.as_str() {
                "rsa" => keys::Kind::Rsa,
                "ed25519" => keys::Kind::Ed25519,
                "x25519" => keys::Kind::X25519,
                _ => keys::curve_kind(&text(3)?).unwrap_or(keys::Kind::P256),
            };
            let (bits, exponent) = (num(1)? as usize, num(2)? as u64);
            Box::new(move || {
                let (private, public) = keys::generate(kind, bits, exponent)?;
                Ok(pair(&private, &public))
            })
        }
        // [pkcs8, data, digest | null, pssSalt | null, p1363]
        "sign" => {
            let (key, data) = (args_bytes(args, 0), args_bytes(args, 1));
            let opts = sign_options(args, 2)?;
            Box::new(move || Ok(keys::sign(&key, &data, &opts)?))
        }
        // [spki, data, signature, digest | null, pssSalt | null, p1363]:
        // one byte, 1 if the signature holds.
        "verify" => {
            let (key, data, sig) = (args_bytes(args, 0), args_bytes(args, 1), args_bytes(args, 2));
            let opts = sign_options(args, 3)?;
            Box::new(move || Ok(vec![keys::verify(&key, &data, &sig, &opts)? as u8]))
        }
        // [pkcs8, spki]
        "ecdh" => {
            let (private, public) = (args_bytes(args, 0), args_bytes(args, 1));
            Box::new(move || Ok(keys::ecdh(&private, &public)?))
        }
        // [key, data, decrypt, oaepDigest | null, label | null]
        "rsa" => {
            let (key, data) = (args_bytes(args, 0), args_bytes(args, 1));
            let decrypt = args.get::<bool>(2)?;
            let digest = args.get::<Option<String>>(3)?;
            let label = args.get::<Value>(4)?;
            let label = (!label.is_null() && !label.is_undefined()).then(|| bytes_of(&label));
            Box::new(move || {
                let oaep = digest.as_deref().map(|d| (d, label));
                Ok(if decrypt {
                    keys::rsa_decrypt(&key, &data, oaep)?
                } else {
                    keys::rsa_encrypt(&key, &data, oaep)?
                })
            })
        }
        // [key, data, private, noPadding]: privateEncrypt (a PKCS#8 key)
        // or publicDecrypt (SPKI).
        "rsaRaw" => {
            let (key, data) = (args_bytes(args, 0), args_bytes(args, 1));
            let (private, no_padding) = (args.get::<bool>(2)?, args.get::<bool>(3)?);
            Box::new(move || {
                Ok(if private {
                    keys::rsa_private_encrypt(&key, &data, no_padding)?
                } else {
                    keys::rsa_public_decrypt(&key, &data, no_padding)?
                })
            })
        }
        // [cipher, key, iv, decrypt, aad | null, tag | null, tagLength]:
        // a whole message through a cipher (Web Crypto's encrypt and
        // decrypt); encryption appends the tag.
        "cipher" => {
            let name = text(0)?;
            let (key, iv) = (args_bytes(args, 1), args_bytes(args, 2));
            let decrypt = args.get::<bool>(3)?;
            let aad = args.get::<Value>(4)?;
            let aad = (!aad.is_null() && !aad.is_undefined()).then(|| bytes_of(&aad));
            let tag = args.get::<Value>(5)?;
            let tag = (!tag.is_null() && !tag.is_undefined()).then(|| bytes_of(&tag));
            let tag_len = args.get::<Option<usize>>(6)?;
            let data = args_bytes(args, 7);
            Box::new(move || {
                let info = cipher::info(&name).ok_or_else(unknown_cipher)?;
                let mut c = cipher::Cipher::new(info, &key, Some(&iv), decrypt, tag_len)?;
                if let Some(aad) = aad {
                    c.set_aad(&aad)?;
                }
                if let Some(tag) = tag {
                    c.set_auth_tag(&tag)?;
                }
                let mut out = c.update(&data);
                out.extend(c.finish()?);
                if info.mode.is_aead() && !decrypt {
                    out.extend(c.auth_tag()?);
                }
                Ok(out)
            })
        }
        _ => return Err(rquickjs::Error::new_from_js("string", "crypto job")),
    })
}

/// A crypto error as a JavaScript error: its class, `code` (none for an
/// empty code), and for OpenSSL's errors their `library` and `reason`, as
/// Node's carry them.
pub(crate) fn to_js<'js>(ctx: &Ctx<'js>, e: &CryptoError) -> rquickjs::Result<Value<'js>> {
    let make = match e.class {
        ErrorClass::Error => "(m) => new Error(m)",
        ErrorClass::RangeError => "(m) => new RangeError(m)",
        ErrorClass::TypeError => "(m) => new TypeError(m)",
    };
    let error: Object = ctx.eval::<Function, _>(make)?.call((e.message.as_str(),))?;
    if !e.code.is_empty() {
        set_code(&error, e.code, &e.message)?;
    }
    Ok(error.into_value())
}

/// Sets `error.code`; an OpenSSL error (`error:1C800064:Provider
/// routines::bad decrypt`) first gets its `library` and `reason`, in the
/// order Node's src/crypto/crypto_util.cc decorates it (library, reason,
/// then code).
pub(crate) fn set_code(error: &Object<'_>, code: &str, message: &str) -> rquickjs::Result<()> {
    if code.starts_with("ERR_OSSL_") {
        let mut parts = message.splitn(4, ':').skip(2);
        if let (Some(library), Some(reason)) = (parts.next(), parts.next()) {
            error.set("library", library)?;
            error.set("reason", reason.trim_start_matches(':'))?;
        }
    }
    error.set("code", code)
}

/// Throws a crypto error (see `to_js`).
pub(crate) fn throw(ctx: &Ctx<'_>, e: CryptoError) -> rquickjs::Error {
    match to_js(ctx, &e) {
        Ok(v) => ctx.throw(v),
        Err(err) => err,
    }
}

pub(crate) fn opt_bytes(value: &Value<'_>) -> Option<Vec<u8>> {
    (!value.is_null() && !value.is_undefined()).then(|| bytes_of(value))
}

fn format_of(name: &str) -> keys::Format {
    if name == "der" {
        keys::Format::Der
    } else {
        keys::Format::Pem
    }
}

/// Key objects' host side: keys are PKCS#8 (private) or SPKI (public) DER
/// bytes the glue keeps; these functions read and write them.
pub(crate) fn install_keys<'js>(ctx: &Ctx<'js>, crypto: &Object<'js>) -> rquickjs::Result<()> {
    crypto.set(
        "keyImport",
        Function::new(
            ctx.clone(),
            |ctx: Ctx<'js>,
             private: bool,
             data: Value<'js>,
             format: String,
             der_type: String,
             pass: Value<'js>| {
                let (data, pass) = (bytes_of(&data), opt_bytes(&pass));
                let r = if private {
                    keys::import_private(&data, format_of(&format), &der_type, pass.as_deref())
                } else {
                    keys::import_public(&data, format_of(&format), &der_type, pass.as_deref())
                };
                typed(&ctx, r.map_err(|e| throw(&ctx, e))?)
            },
        )?,
    )?;
    crypto.set(
        "keyFromJwk",
        Function::new(ctx.clone(), |ctx: Ctx<'js>, json: String, private: bool| {
            typed(&ctx, keys::from_jwk(&json, private).map_err(|e| throw(&ctx, e))?)
        })?,
    )?;
    crypto.set(
        "keyFromRaw",
        Function::new(ctx.clone(), |ctx: Ctx<'js>, curve: String, data: Value<'js>, private: bool| {
            let kind = match curve.as_str() {
                "Ed25519" => Some(keys::Kind::Ed25519),
                "X25519" => Some(keys::Kind::X25519),
                _ => keys::curve_kind(&curve),
            };
            let kind = kind.ok_or_else(|| throw(&ctx, keys::unsupported()))?;
            let r = if private {
                keys::private_from_scalar(kind, &bytes_of(&data))
            } else {
                keys::public_from_raw(kind, &bytes_of(&data))
            };
            typed(&ctx, r.map_err(|e| throw(&ctx, e))?)
        })?,
    )?;
    crypto.set(
        "keyRaw",
        Function::new(ctx.clone(), |ctx: Ctx<'js>, der: Value<'js>, private: bool, compressed: bool| {
            let der = bytes_of(&der);
            let r = if private { keys::private_scalar(&der) } else { keys::ec_point(&der, compressed) };
            typed(&ctx, r.map_err(|e| throw(&ctx, e))?)
        })?,
    )?;
    crypto.set(
        "keyInfo",
        Function::new(
            ctx.clone(),
            |ctx: Ctx<'js>, der: Value<'js>, private: bool| -> rquickjs::Result<Object<'js>> {
                let der = bytes_of(&der);
                let kind = if private { keys::private_kind(&der) } else { keys::public_kind(&der) };
                let kind = kind.map_err(|e| throw(&ctx, e))?;
                let d = keys::details(&der, private).map_err(|e| throw(&ctx, e))?;
                let o = Object::new(ctx.clone())?;
                o.set("type", kind.type_name())?;
                if let Some(bits) = d.modulus_length {
                    o.set("modulusLength", bits)?;
                }
                if let Some(e) = d.public_exponent {
                    let hex: String = e.iter().map(|b| format!("{b:02x}")).collect();
                    o.set("publicExponent", hex)?;
                }
                if let Some(curve) = d.named_curve {
                    o.set("namedCurve", curve)?;
                }
                Ok(o)
            },
        )?,
    )?;
    crypto.set(
        "keyExport",
        Function::new(
            ctx.clone(),
            |ctx: Ctx<'js>,
             der: Value<'js>,
             private: bool,
             format: String,
             der_type: String,
             pass: Value<'js>| {
                let (der, pass) = (bytes_of(&der), opt_bytes(&pass));
                let r = if private {
                    keys::export_private(&der, format_of(&format), &der_type, pass.as_deref())
                } else {
                    keys::export_public(&der, format_of(&format), &der_type)
                };
                typed(&ctx, r.map_err(|e| throw(&ctx, e))?)
            },
        )?,
    )?;
    crypto.set(
        "keyJwk",
        Function::new(ctx.clone(), |ctx: Ctx<'js>, der: Value<'js>, private: bool| {
            keys::to_jwk(&bytes_of(&der), private).map_err(|e| throw(&ctx, e))
        })?,
    )?;
    crypto.set(
        "keyPublicOf",
        Function::new(ctx.clone(), |ctx: Ctx<'js>, der: Value<'js>| {
            typed(&ctx, keys::public_of(&bytes_of(&der)).map_err(|e| throw(&ctx, e))?)
        })?,
    )?;
    Ok(())
}

/// Installs the functions both hosts share on `crypto`: the key functions,
/// `runSync(op, args)` (a job now; it throws what it fails with),
/// `fillRandom` and `timingSafeEqual`.
pub(crate) fn install<'js>(ctx: &Ctx<'js>, crypto: &Object<'js>) -> rquickjs::Result<()> {
    install_keys(ctx, crypto)?;
    crypto.set(
        "runSync",
        Function::new(
            ctx.clone(),
            |ctx: Ctx<'js>, op: String, args: Array<'js>| -> rquickjs::Result<Value<'js>> {
                match job_of(&op, &args)?() {
                    Ok(bytes) => typed(&ctx, bytes),
                    Err(e) => Err(throw(&ctx, e)),
                }
            },
        )?,
    )?;
    crypto.set(
        "fillRandom",
        Function::new(ctx.clone(), |ctx: Ctx<'js>, view: Object<'js>, offset: usize, len: usize| {
            // The glue checked offset and len against the view's bytes.
            let array = rquickjs::TypedArray::<u8>::from_object(view)?;
            let bytes = random(len).map_err(|e| throw(&ctx, e))?;
            if let Some(raw) = array.as_raw() {
                if offset.checked_add(len).is_some_and(|end| end <= raw.len()) {
                    // SAFETY: the range is inside the view's bytes, and no
                    // JavaScript runs while they are written.
                    unsafe {
                        std::ptr::copy_nonoverlapping(
                            bytes.as_ptr(),
                            raw.cast::<u8>().as_ptr().add(offset),
                            len,
                        )
                    };
                }
            }
            Ok::<_, rquickjs::Error>(())
        })?,
    )?;
    crypto.set(
        "timingSafeEqual",
        Function::new(ctx.clone(), |a: Value<'js>, b: Value<'js>| {
            // Every byte is compared, whatever differs first.
            let (a, b) = (bytes_of(&a), bytes_of(&b));
            a.len() == b.len() && a.iter().zip(&b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
        })?,
    )?;
    Ok(())
}
