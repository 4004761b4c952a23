//! The host side of `node:crypto` (js/node/crypto.js converts and checks
//! arguments as Node does): hashes and HMACs kept as Rust state between
//! `update` calls, key derivation (PBKDF2, scrypt, HKDF) and random bytes,
//! all from the RustCrypto crates and the OS's generator (`getrandom`).
//! Key derivation and random bytes with a callback run on the thread pool
//! (jobs.rs), as Node runs them with `uv_queue_work`.
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use digest::DynDigest;
use rquickjs::{Array, Ctx, Function, Object, Value};

use super::jobs::{self, JobError};
use super::Shared;
use crate::crypto::bind::{self, bytes_of, new_hmac, opt_bytes, throw, typed, unknown_cipher, MacState};
use crate::crypto::{canonical, cipher, new_digest, CryptoError};

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

    // Jobs (key derivation, random bytes, key pairs, signatures…): at once
    // (runSync, with the key functions, from crypto/bind.rs) or on the pool,
    // the callback in the poll phase.
    bind::install(ctx, &crypto)?;
    let s = shared.clone();
    crypto.set(
        "runAsync",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>, op: String, args: Array<'js>, cb: Function<'js>| {
            let job = bind::job_of(&op, &args)?;
            let name = jobs::JobName::new(format!("crypto.{op}"), "");
            jobs::submit(&s, &ctx, name, cb, move || job().map_err(JobError::from))
        })?,
    )?;
    install_ciphers(ctx, &crypto)?;
    host.set("crypto", crypto)?;
    Ok(())
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
