//! The host side of `node:crypto` (js/node/crypto.js converts and checks
//! arguments as Node does): hashes and HMACs kept as Rust state between
//! `update` calls, key derivation (PBKDF2, scrypt, HKDF) and random bytes,
//! all from the RustCrypto crates and the OS's generator (`getrandom`).
//! Key derivation and random bytes with a callback run on the thread pool
//! (jobs.rs), as Node runs them with `uv_queue_work`.
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use digest::{DynDigest, Mac};
use rquickjs::{Array, Ctx, Function, Object, Value};

use super::jobs::{self, bytes_of, ErrorClass, JobError};
use super::Shared;
use crate::crypto::with_digest;
use crate::crypto::{canonical, cipher, keys, new_digest, CryptoError};

/// The digests jsloop has, by the names Node's `crypto.getHashes()` gives
/// them (lowercase; `RSA-` aliases are accepted too).
pub(crate) const HASHES: [&str; 14] = [
    "md5",
    "ripemd160",
    "sha1",
    "sha224",
    "sha256",
    "sha3-224",
    "sha3-256",
    "sha3-384",
    "sha3-512",
    "sha384",
    "sha512",
    "sha512-224",
    "sha512-256",
    "rmd160",
];

/// An HMAC's running state, whatever its digest.
trait MacState {
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

fn new_hmac(name: &str, key: &[u8]) -> Option<Box<dyn MacState>> {
    with_digest!(name, D => {
        let mac = hmac::SimpleHmac::<D>::new_from_slice(key).ok()?;
        Some(Box::new(mac) as Box<dyn MacState>)
    }, else None)
}

fn invalid_digest(name: &str) -> JobError {
    JobError::new(ErrorClass::TypeError, "ERR_CRYPTO_INVALID_DIGEST", format!("Invalid digest: {name}"))
}

/// PBKDF2 with HMAC over `digest` (RFC 8018, section 5.2).
fn pbkdf2(password: &[u8], salt: &[u8], iterations: u32, len: usize, digest: &str) -> jobs::JobResult {
    let mut out = vec![0u8; len];
    with_digest!(digest, D => {
        pbkdf2::pbkdf2::<hmac::SimpleHmac<D>>(password, salt, iterations, &mut out)
            .map_err(|e| JobError::new(ErrorClass::Error, "ERR_CRYPTO_OPERATION_FAILED", e.to_string()))?;
    }, else return Err(invalid_digest(digest)));
    Ok(out)
}

/// HKDF over `digest` (RFC 5869): extract, then expand to `len` bytes.
fn hkdf(digest: &str, ikm: &[u8], salt: &[u8], info: &[u8], len: usize) -> jobs::JobResult {
    let mut out = vec![0u8; len];
    with_digest!(digest, D => {
        hkdf::SimpleHkdf::<D>::new(Some(salt), ikm).expand(info, &mut out).map_err(|_| {
            JobError::new(ErrorClass::RangeError, "ERR_CRYPTO_INVALID_KEYLEN", "Invalid key length")
        })?;
    }, else return Err(invalid_digest(digest)));
    Ok(out)
}

/// scrypt (RFC 7914). N is a power of two, checked by the glue.
fn scrypt(password: &[u8], salt: &[u8], n: u64, r: u32, p: u32, len: usize) -> jobs::JobResult {
    let invalid =
        || JobError::new(ErrorClass::RangeError, "ERR_CRYPTO_INVALID_SCRYPT_PARAMS", "Invalid scrypt params");
    let log_n = n.trailing_zeros() as u8;
    let params = scrypt::Params::new(log_n, r, p, len.max(10)).map_err(|_| invalid())?;
    let mut out = vec![0u8; len];
    scrypt::scrypt(password, salt, &params, &mut out).map_err(|_| invalid())?;
    Ok(out)
}

fn random(len: usize) -> jobs::JobResult {
    let mut out = vec![0u8; len];
    getrandom::fill(&mut out)
        .map_err(|e| JobError::new(ErrorClass::Error, "ERR_CRYPTO_OPERATION_FAILED", e.to_string()))?;
    Ok(out)
}

fn typed<'js>(ctx: &Ctx<'js>, bytes: Vec<u8>) -> rquickjs::Result<Value<'js>> {
    Ok(rquickjs::TypedArray::<u8>::new(ctx.clone(), bytes)?.into_value())
}

fn args_bytes(args: &Array<'_>, i: usize) -> Vec<u8> {
    args.get::<Value>(i).map(|v| bytes_of(&v)).unwrap_or_default()
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

fn unknown_cipher() -> CryptoError {
    CryptoError::new(crate::crypto::ErrorClass::Error, "ERR_CRYPTO_UNKNOWN_CIPHER", "Unknown cipher")
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
fn job_of(op: &str, args: &Array<'_>) -> rquickjs::Result<Box<dyn FnOnce() -> jobs::JobResult + Send>> {
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

/// Installs the crypto host functions on `host`.
pub(crate) fn install<'js>(ctx: &Ctx<'js>, host: &Object<'js>, shared: &Rc<Shared>) -> rquickjs::Result<()> {
    let crypto = Object::new(ctx.clone())?;
    let hashes = Array::new(ctx.clone())?;
    for (i, h) in HASHES.iter().enumerate() {
        hashes.set(i, *h)?;
    }
    crypto.set("hashes", hashes)?;
    crypto.set("hasDigest", Function::new(ctx.clone(), |name: String| canonical(&name).is_some())?)?;

    // Hash and Hmac objects: their state lives here, by id, until digest().
    enum State {
        Hash(Box<dyn DynDigest>),
        Hmac(Box<dyn MacState>),
    }
    type States = Rc<RefCell<(u32, HashMap<u32, State>)>>;
    let states: States = Rc::default();
    // Keeps a new state; its id is what script holds.
    fn keep(states: &States, state: State) -> u32 {
        let mut st = states.borrow_mut();
        st.0 += 1;
        let id = st.0;
        st.1.insert(id, state);
        id
    }
    let st = states.clone();
    crypto.set(
        "hashNew",
        Function::new(ctx.clone(), move |name: String| -> Option<u32> {
            Some(keep(&st, State::Hash(new_digest(&name)?)))
        })?,
    )?;
    let st = states.clone();
    crypto.set(
        "hmacNew",
        Function::new(ctx.clone(), move |name: String, key: Value<'js>| -> Option<u32> {
            Some(keep(&st, State::Hmac(new_hmac(&name, &bytes_of(&key))?)))
        })?,
    )?;
    let (st, states_for_copy) = (states.clone(), states.clone());
    crypto.set(
        "hashCopy",
        Function::new(ctx.clone(), move |id: u32| -> Option<u32> {
            let st = st.borrow();
            let copy = match st.1.get(&id)? {
                State::Hash(d) => State::Hash(d.box_clone()),
                State::Hmac(_) => return None,
            };
            drop(st);
            Some(keep(&states_for_copy, copy))
        })?,
    )?;
    let st = states.clone();
    crypto.set(
        "update",
        Function::new(ctx.clone(), move |id: u32, data: Value<'js>| {
            let bytes = bytes_of(&data);
            match st.borrow_mut().1.get_mut(&id) {
                Some(State::Hash(d)) => d.update(&bytes),
                Some(State::Hmac(m)) => m.update(&bytes),
                None => {}
            }
        })?,
    )?;
    let st = states.clone();
    crypto.set(
        "digest",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>, id: u32| -> rquickjs::Result<Value<'js>> {
            let bytes = match st.borrow_mut().1.remove(&id) {
                Some(State::Hash(mut d)) => d.finalize_reset().to_vec(),
                Some(State::Hmac(m)) => m.finish(),
                None => Vec::new(),
            };
            typed(&ctx, bytes)
        })?,
    )?;

    // Key derivation and random bytes: at once (the *Sync functions) or on
    // the pool, the callback in the poll phase.
    crypto.set(
        "runSync",
        Function::new(
            ctx.clone(),
            |ctx: Ctx<'js>, op: String, args: Array<'js>| -> rquickjs::Result<Value<'js>> {
                match job_of(&op, &args)?() {
                    Ok(bytes) => typed(&ctx, bytes),
                    Err(e) => Err(e.throw(&ctx)),
                }
            },
        )?,
    )?;
    let s = shared.clone();
    crypto.set(
        "runAsync",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>, op: String, args: Array<'js>, cb: Function<'js>| {
            let job = job_of(&op, &args)?;
            jobs::submit(&s, &ctx, cb, job)
        })?,
    )?;
    crypto.set(
        "fillRandom",
        Function::new(ctx.clone(), |ctx: Ctx<'js>, view: Object<'js>, offset: usize, len: usize| {
            // The glue checked offset and len against the view's bytes.
            let array = rquickjs::TypedArray::<u8>::from_object(view)?;
            let bytes = random(len).map_err(|e| e.throw(&ctx))?;
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
    install_ciphers(ctx, &crypto)?;
    install_keys(ctx, &crypto)?;
    host.set("crypto", crypto)?;
    Ok(())
}

/// Throws a crypto error as Node's (class, code, OpenSSL's library and
/// reason).
fn throw(ctx: &Ctx<'_>, e: CryptoError) -> rquickjs::Error {
    JobError::from(e).throw(ctx)
}

fn opt_bytes(value: &Value<'_>) -> Option<Vec<u8>> {
    (!value.is_null() && !value.is_undefined()).then(|| bytes_of(value))
}

/// Cipheriv and Decipheriv: their state lives here, by id, until final
/// (or until script drops the object: `cipherFree`).
fn install_ciphers<'js>(ctx: &Ctx<'js>, crypto: &Object<'js>) -> rquickjs::Result<()> {
    type Ciphers = Rc<RefCell<(u32, HashMap<u32, cipher::Cipher>)>>;
    let ciphers: Ciphers = Rc::default();
    let names = Array::new(ctx.clone())?;
    for (i, c) in cipher::CIPHERS.iter().enumerate() {
        names.set(i, c.name)?;
    }
    crypto.set("ciphers", names)?;
    crypto.set(
        "cipherInfo",
        Function::new(ctx.clone(), |ctx: Ctx<'js>, name: String| -> rquickjs::Result<Option<Object<'js>>> {
            let Some(info) = cipher::info(&name) else { return Ok(None) };
            let o = Object::new(ctx)?;
            o.set("mode", info.mode.name())?;
            o.set("name", info.name)?;
            o.set("nid", info.nid)?;
            o.set("blockSize", info.block_size)?;
            if info.iv_len > 0 {
                o.set("ivLength", info.iv_len)?;
            }
            o.set("keyLength", info.key_len)?;
            Ok(Some(o))
        })?,
    )?;
    let cs = ciphers.clone();
    crypto.set(
        "cipherNew",
        Function::new(
            ctx.clone(),
            move |ctx: Ctx<'js>,
                  name: String,
                  key: Value<'js>,
                  iv: Value<'js>,
                  decrypt: bool,
                  tag_len: Option<usize>| {
                let info = cipher::info(&name).ok_or_else(|| throw(&ctx, unknown_cipher()))?;
                let iv = opt_bytes(&iv);
                let c = cipher::Cipher::new(info, &bytes_of(&key), iv.as_deref(), decrypt, tag_len)
                    .map_err(|e| throw(&ctx, e))?;
                let mut st = cs.borrow_mut();
                st.0 += 1;
                let id = st.0;
                st.1.insert(id, c);
                Ok::<_, rquickjs::Error>(id)
            },
        )?,
    )?;
    // Runs `f` on the cipher `id` (an error if it is gone: final ran).
    fn with<'js, T>(
        cs: &Ciphers,
        ctx: &Ctx<'js>,
        id: u32,
        f: impl FnOnce(&mut cipher::Cipher) -> crate::crypto::Result<T>,
    ) -> rquickjs::Result<T> {
        let mut st = cs.borrow_mut();
        let c = st.1.get_mut(&id).ok_or_else(|| {
            throw(
                ctx,
                CryptoError::new(
                    crate::crypto::ErrorClass::Error,
                    "ERR_CRYPTO_INVALID_STATE",
                    "Invalid state",
                ),
            )
        })?;
        f(c).map_err(|e| throw(ctx, e))
    }
    let cs = ciphers.clone();
    crypto.set(
        "cipherUpdate",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>, id: u32, data: Value<'js>| {
            let out = with(&cs, &ctx, id, |c| Ok(c.update(&bytes_of(&data))))?;
            typed(&ctx, out)
        })?,
    )?;
    let cs = ciphers.clone();
    crypto.set(
        "cipherFinal",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>, id: u32| {
            let out = with(&cs, &ctx, id, |c| c.finish())?;
            typed(&ctx, out)
        })?,
    )?;
    let cs = ciphers.clone();
    crypto.set(
        "cipherSetAAD",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>, id: u32, data: Value<'js>| {
            with(&cs, &ctx, id, |c| c.set_aad(&bytes_of(&data)))
        })?,
    )?;
    let cs = ciphers.clone();
    crypto.set(
        "cipherSetAuthTag",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>, id: u32, tag: Value<'js>| {
            with(&cs, &ctx, id, |c| c.set_auth_tag(&bytes_of(&tag)))
        })?,
    )?;
    let cs = ciphers.clone();
    crypto.set(
        "cipherAuthTag",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>, id: u32| {
            let tag = with(&cs, &ctx, id, |c| c.auth_tag())?;
            typed(&ctx, tag)
        })?,
    )?;
    let cs = ciphers.clone();
    crypto.set(
        "cipherSetAutoPadding",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>, id: u32, on: bool| {
            with(&cs, &ctx, id, |c| {
                c.auto_padding = on;
                Ok(())
            })
        })?,
    )?;
    let cs = ciphers;
    crypto.set(
        "cipherFree",
        Function::new(ctx.clone(), move |id: u32| {
            cs.borrow_mut().1.remove(&id);
        })?,
    )?;
    Ok(())
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
fn install_keys<'js>(ctx: &Ctx<'js>, crypto: &Object<'js>) -> rquickjs::Result<()> {
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
            let kind = if curve == "Ed25519" { Some(keys::Kind::Ed25519) } else { keys::curve_kind(&curve) };
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
