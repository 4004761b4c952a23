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

/// Node's spelling of a digest name, case-insensitively, with OpenSSL's
/// aliases; None if jsloop does not have it.
fn canonical(name: &str) -> Option<&'static str> {
    let lower = name.to_ascii_lowercase();
    let bare = lower.strip_prefix("rsa-").unwrap_or(&lower);
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

/// Runs `$body` with `$D` the digest type `$name` names.
macro_rules! with_digest {
    ($name:expr, $D:ident => $body:expr, else $none:expr) => {
        match canonical($name) {
            Some("md5") => {
                type $D = md5::Md5;
                $body
            }
            Some("sha1") => {
                type $D = sha1::Sha1;
                $body
            }
            Some("sha224") => {
                type $D = sha2::Sha224;
                $body
            }
            Some("sha256") => {
                type $D = sha2::Sha256;
                $body
            }
            Some("sha384") => {
                type $D = sha2::Sha384;
                $body
            }
            Some("sha512") => {
                type $D = sha2::Sha512;
                $body
            }
            Some("sha512-224") => {
                type $D = sha2::Sha512_224;
                $body
            }
            Some("sha512-256") => {
                type $D = sha2::Sha512_256;
                $body
            }
            Some("sha3-224") => {
                type $D = sha3::Sha3_224;
                $body
            }
            Some("sha3-256") => {
                type $D = sha3::Sha3_256;
                $body
            }
            Some("sha3-384") => {
                type $D = sha3::Sha3_384;
                $body
            }
            Some("sha3-512") => {
                type $D = sha3::Sha3_512;
                $body
            }
            Some("ripemd160") => {
                type $D = ripemd::Ripemd160;
                $body
            }
            _ => $none,
        }
    };
}

fn new_digest(name: &str) -> Option<Box<dyn DynDigest>> {
    with_digest!(name, D => Some(Box::new(D::default()) as Box<dyn DynDigest>), else None)
}

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
    host.set("crypto", crypto)?;
    Ok(())
}
