//! A socket's write in the common case, taken by the host (issue 15):
//! `host.netWriteNow(stream, state, chunk)`, the stream's `state.writeNow`
//! (js/43_net.js sets it on a Socket's writable state), which Writable's
//! write (js/node/stream.js) calls for a write without a callback or an
//! encoding. For an idle stream (nothing written or queued, not corked,
//! ending, destroyed or errored, no 'drain' owed, constructed) and a Buffer
//! or a string in UTF-8, latin1, binary or ascii (the socket's writable
//! does not decode strings), to a connected Socket whose `_write`,
//! `_writeGeneric`, `_unrefTimer` and `_hostWrite` are its own, it takes
//! the steps Node's lib/internal/streams/writable.js `_write`,
//! `writeOrBuffer` and `onwrite` take then, with the socket's (js/43_net.js
//! writeGeneric, writeData, writeBytes, hostWrite: the bytes to the kernel
//! at once, what it does not take queued by the host), with the same field
//! reads and writes in the same order as the glue's; it says the write's
//! return value. Anything else reads fields only and says undefined, and
//! Writable's write takes its own steps.
use std::ffi::CStr;

use rquickjs::{qjs, Ctx, Object};

use super::hot::{misuse, with_shared};
use super::Shared;
use crate::quickjs::fields::{element, get, set, symbol_atom, Owned};
use crate::quickjs::raw::{arg, number, raw_fn, raw_function, Held, HeldAtom};

/// The glue's values a write compares with and calls (given once with
/// `host.netWriteSteps(list)`, in this order), and the fields' atoms.
pub(super) struct WriteSteps {
    socket_write: Held,
    write_generic: Held,
    unref_timer: Held,
    host_write: Held,
    buffer: Held,
    nop: Held,
    map_set: Held,
    k_timeout: HeldAtom,
    a: Atoms,
}

struct Atoms {
    writing: HeldAtom,
    length: HeldAtom,
    corked: HeldAtom,
    ending: HeldAtom,
    destroyed: HeldAtom,
    errored: HeldAtom,
    need_drain: HeldAtom,
    constructed: HeldAtom,
    buffered: HeldAtom,
    buffered_index: HeldAtom,
    decode_strings: HeldAtom,
    default_encoding: HeldAtom,
    write_: HeldAtom,
    write_generic: HeldAtom,
    connecting: HeldAtom,
    handle: HeldAtom,
    unref_timer: HeldAtom,
    host_write: HeldAtom,
    pending_data: HeldAtom,
    pending_encoding: HeldAtom,
    parent: HeldAtom,
    refresh: HeldAtom,
    id: HeldAtom,
    bytes_dispatched: HeldAtom,
    writes: HeldAtom,
    onwrite: HeldAtom,
    writecb: HeldAtom,
    writelen: HeldAtom,
    expect_write_cb: HeldAtom,
    sync: HeldAtom,
    pendingcb: HeldAtom,
    high_water_mark: HeldAtom,
    utf8: HeldAtom,
    utf_8: HeldAtom,
    latin1: HeldAtom,
    binary: HeldAtom,
    ascii: HeldAtom,
}

/// Installs `host.netWriteSteps` and `host.netWriteNow`.
pub(super) fn install<'js>(ctx: &Ctx<'js>, host: &Object<'js>) -> rquickjs::Result<()> {
    host.set("netWriteSteps", raw_function(ctx, c"netWriteSteps", 1, net_write_steps)?)?;
    host.set("netWriteNow", raw_function(ctx, c"netWriteNow", 3, net_write_now)?)?;
    Ok(())
}

/// A string value's atom is `atom`'s.
unsafe fn is_atom(ctx: *mut qjs::JSContext, v: qjs::JSValue, atom: &HeldAtom) -> bool {
    unsafe {
        let a = qjs::JS_ValueToAtom(ctx, v);
        let same = a == atom.get();
        qjs::JS_FreeAtom(ctx, a);
        same
    }
}

raw_fn! {
    /// `host.netWriteSteps(list)`: the glue's values the write compares with
    /// (js/43_net.js, once, when the net module is made).
    fn net_write_steps(ctx, _this, argc, argv) {
        with_shared(ctx, |s| unsafe {
            let list = arg(argc, argv, 0);
            let at = |i: u32| element(ctx, list, i);
            let atom = |name: &CStr| HeldAtom::new(ctx, name);
            let steps = (|| {
                let k_timeout = symbol_atom(ctx, &at(7)?)?;
                Some(WriteSteps {
                    socket_write: at(0)?,
                    write_generic: at(1)?,
                    unref_timer: at(2)?,
                    host_write: at(3)?,
                    buffer: at(4)?,
                    nop: at(5)?,
                    map_set: at(6)?,
                    k_timeout,
                    a: Atoms {
                        writing: atom(c"writing"),
                        length: atom(c"length"),
                        corked: atom(c"corked"),
                        ending: atom(c"ending"),
                        destroyed: atom(c"destroyed"),
                        errored: atom(c"errored"),
                        need_drain: atom(c"needDrain"),
                        constructed: atom(c"constructed"),
                        buffered: atom(c"buffered"),
                        buffered_index: atom(c"bufferedIndex"),
                        decode_strings: atom(c"decodeStrings"),
                        default_encoding: atom(c"defaultEncoding"),
                        write_: atom(c"_write"),
                        write_generic: atom(c"_writeGeneric"),
                        connecting: atom(c"connecting"),
                        handle: atom(c"_handle"),
                        unref_timer: atom(c"_unrefTimer"),
                        host_write: atom(c"_hostWrite"),
                        pending_data: atom(c"_pendingData"),
                        pending_encoding: atom(c"_pendingEncoding"),
                        parent: atom(c"_parent"),
                        refresh: atom(c"refresh"),
                        id: atom(c"id"),
                        bytes_dispatched: atom(c"_bytesDispatched"),
                        writes: atom(c"_writes"),
                        onwrite: atom(c"onwrite"),
                        writecb: atom(c"writecb"),
                        writelen: atom(c"writelen"),
                        expect_write_cb: atom(c"expectWriteCb"),
                        sync: atom(c"sync"),
                        pendingcb: atom(c"pendingcb"),
                        high_water_mark: atom(c"highWaterMark"),
                        utf8: atom(c"utf8"),
                        utf_8: atom(c"utf-8"),
                        latin1: atom(c"latin1"),
                        binary: atom(c"binary"),
                        ascii: atom(c"ascii"),
                    },
                })
            })();
            let Some(steps) = steps else { return misuse(ctx) };
            *s.net_write.borrow_mut() = Some(std::rc::Rc::new(steps));
            qjs::JS_UNDEFINED
        })
    }
}

raw_fn! {
    /// `host.netWriteNow(stream, state, chunk)`: the write's steps in the
    /// common case (the module's note): true or false, what write returns;
    /// undefined, having only read fields, for any other case.
    fn net_write_now(ctx, _this, argc, argv) {
        with_shared(ctx, |s| unsafe {
            let cached = s.net_write.borrow().clone();
            let Some(st) = cached else { return qjs::JS_UNDEFINED };
            if qjs::JS_GetRuntime(ctx) != st.nop.runtime() {
                return qjs::JS_UNDEFINED;
            }
            match write_now(ctx, s, &st, arg(argc, argv, 0), arg(argc, argv, 1), arg(argc, argv, 2)) {
                Ok(Some(ret)) => if ret { qjs::JS_TRUE } else { qjs::JS_FALSE },
                Ok(None) => qjs::JS_UNDEFINED,
                Err(()) => qjs::JS_EXCEPTION,
            }
        })
    }
}

/// The bytes a write sends.
enum Bytes<'a> {
    /// A Buffer's (read before any script runs).
    View(&'a [u8]),
    /// A string's, encoded (the C string is freed after the write).
    Text(Vec<u8>),
}

unsafe fn write_now(
    ctx: *mut qjs::JSContext,
    s: &Shared,
    st: &WriteSteps,
    stream: qjs::JSValue,
    state: qjs::JSValue,
    chunk: qjs::JSValue,
) -> Result<Option<bool>, ()> {
    let a = &st.a;
    unsafe {
        if !qjs::JS_IsObject(stream) || !qjs::JS_IsObject(state) {
            return Ok(None);
        }
        // Writable's write: an idle stream.
        if get(ctx, state, &a.writing)?.truthy()
            || number(get(ctx, state, &a.length)?.v()) != Some(0.0)
            || get(ctx, state, &a.corked)?.truthy()
            || get(ctx, state, &a.ending)?.truthy()
            || get(ctx, state, &a.destroyed)?.truthy()
            || get(ctx, state, &a.errored)?.truthy()
            || get(ctx, state, &a.need_drain)?.truthy()
            || !get(ctx, state, &a.constructed)?.truthy()
        {
            return Ok(None);
        }
        let buffered = get(ctx, state, &a.buffered)?;
        if !qjs::JS_IsObject(buffered.v()) {
            return Ok(None);
        }
        let queued = number(get(ctx, buffered.v(), &a.length)?.v());
        if queued.is_none() || queued != number(get(ctx, state, &a.buffered_index)?.v()) {
            return Ok(None);
        }
        drop(buffered);
        // The chunk: a string the stream does not decode, in an encoding
        // the host writes (latin1, binary and ascii only when well-formed,
        // as writeData asks), or a Buffer.
        let is_text = qjs::JS_IsString(chunk);
        let mut latin1 = false;
        if is_text {
            if get(ctx, state, &a.decode_strings)?.truthy() {
                return Ok(None);
            }
            let enc = get(ctx, state, &a.default_encoding)?;
            if !qjs::JS_IsString(enc.v()) {
                return Ok(None);
            }
            if is_atom(ctx, enc.v(), &a.latin1)
                || is_atom(ctx, enc.v(), &a.binary)
                || is_atom(ctx, enc.v(), &a.ascii)
            {
                latin1 = true;
            } else if !is_atom(ctx, enc.v(), &a.utf8) && !is_atom(ctx, enc.v(), &a.utf_8) {
                return Ok(None);
            }
        } else {
            let r = qjs::JS_IsInstanceOf(ctx, chunk, st.buffer.get());
            if r < 0 {
                return Err(());
            }
            if r == 0 {
                return Ok(None);
            }
        }
        // The socket's writeNow: its own _write, _writeGeneric, _unrefTimer
        // and _hostWrite, connected.
        if !st.socket_write.is(get(ctx, stream, &a.write_)?.v())
            || !st.write_generic.is(get(ctx, stream, &a.write_generic)?.v())
            || get(ctx, stream, &a.connecting)?.truthy()
            || !get(ctx, stream, &a.handle)?.truthy()
            || !st.unref_timer.is(get(ctx, stream, &a.unref_timer)?.v())
            || !st.host_write.is(get(ctx, stream, &a.host_write)?.v())
        {
            return Ok(None);
        }
        let bytes = if is_text {
            let mut len = 0;
            let ptr = qjs::JS_ToCStringLen2(ctx, &mut len, chunk, false);
            if ptr.is_null() {
                return Err(());
            }
            let raw = std::slice::from_raw_parts(ptr as *const u8, len as usize);
            // (A lone surrogate makes QuickJS's bytes ill-formed UTF-8: the
            // string is not well-formed, and latin1 takes Buffer.from's
            // steps in the glue.)
            let bytes = if latin1 {
                std::str::from_utf8(raw).ok().map(|t| crate::encoding::latin1_bytes(t).into_owned())
            } else {
                Some(crate::quickjs::text::well_formed(raw).into_owned().into_bytes())
            };
            qjs::JS_FreeCString(ctx, ptr);
            match bytes {
                Some(b) => Bytes::Text(b),
                None => return Ok(None),
            }
        } else {
            let mut len = 0;
            let ptr = qjs::JS_GetUint8Array(ctx, &mut len, chunk);
            if ptr.is_null() {
                if qjs::JS_HasException(ctx) {
                    qjs::JS_FreeValue(ctx, qjs::JS_GetException(ctx));
                    return Ok(None);
                }
                Bytes::View(&[])
            } else {
                Bytes::View(std::slice::from_raw_parts(ptr, len as usize))
            }
        };
        // chunk.length, as Writable counts it (a string's in code units).
        let chunk_len = if is_text {
            number(get(ctx, chunk, &a.length)?.v()).unwrap_or(0.0)
        } else {
            match &bytes {
                Bytes::View(b) => b.len() as f64,
                Bytes::Text(b) => b.len() as f64,
            }
        };
        // Nothing has been written so far: from here the steps are taken.
        set(ctx, stream, &a.pending_data, qjs::JS_NULL)?;
        set(ctx, stream, &a.pending_encoding, qjs::JS_NewStringLen(ctx, c"".as_ptr(), 0))?;
        // unrefTimer's steps: the socket's timeout and its parents' start again.
        let mut holder = Owned::new(ctx, qjs::JS_DupValue(ctx, stream));
        loop {
            let timeout = get(ctx, holder.v(), &st.k_timeout)?;
            if timeout.truthy() {
                let refresh = get(ctx, timeout.v(), &a.refresh)?;
                let r = qjs::JS_Call(ctx, refresh.v(), timeout.v(), 0, std::ptr::null_mut());
                if qjs::JS_IsException(r) {
                    return Err(());
                }
                qjs::JS_FreeValue(ctx, r);
            }
            let parent = get(ctx, holder.v(), &a.parent)?;
            if qjs::JS_IsUndefined(parent.v()) || qjs::JS_IsNull(parent.v()) {
                break;
            }
            holder = parent;
        }
        drop(holder);
        // writeBytes / writeData: the bytes to the host.
        let handle = get(ctx, stream, &a.handle)?;
        let Some(id) = number(get(ctx, handle.v(), &a.id)?.v()) else { return Err(()) };
        drop(handle);
        let sent: &[u8] = match &bytes {
            Bytes::View(b) => b,
            Bytes::Text(b) => b,
        };
        let written = sent.len() as f64;
        let request = super::net::write_bytes(s, id as u64, sent, true);
        drop(bytes);
        let dispatched = number(get(ctx, stream, &a.bytes_dispatched)?.v()).unwrap_or(f64::NAN);
        set(ctx, stream, &a.bytes_dispatched, qjs::JS_NewFloat64(dispatched + written))?;
        if request == 0 {
            // Written at once: onwrite would only undo what _write did.
            set(ctx, state, &a.writecb, qjs::JS_NULL)?;
            set(ctx, state, &a.writelen, qjs::JS_NewFloat64(0.0))?;
            set(ctx, state, &a.expect_write_cb, qjs::JS_FALSE)?;
            set(ctx, state, &a.sync, qjs::JS_FALSE)?;
            return Ok(Some(true));
        }
        // socket._writes.set(request, state.onwrite).
        let writes = get(ctx, stream, &a.writes)?;
        let onwrite = get(ctx, state, &a.onwrite)?;
        let mut argv = [qjs::JS_NewFloat64(request as f64), onwrite.v()];
        let r = qjs::JS_Call(ctx, st.map_set.get(), writes.v(), 2, argv.as_mut_ptr());
        if qjs::JS_IsException(r) {
            return Err(());
        }
        qjs::JS_FreeValue(ctx, r);
        drop(onwrite);
        drop(writes);
        // A write in progress, as _write leaves it.
        let pendingcb = number(get(ctx, state, &a.pendingcb)?.v()).unwrap_or(f64::NAN);
        set(ctx, state, &a.pendingcb, qjs::JS_NewFloat64(pendingcb + 1.0))?;
        let length = number(get(ctx, state, &a.length)?.v()).unwrap_or(f64::NAN) + chunk_len;
        set(ctx, state, &a.length, qjs::JS_NewFloat64(length))?;
        set(ctx, state, &a.writelen, qjs::JS_NewFloat64(chunk_len))?;
        set(ctx, state, &a.writecb, qjs::JS_DupValue(ctx, st.nop.get()))?;
        set(ctx, state, &a.writing, qjs::JS_TRUE)?;
        set(ctx, state, &a.expect_write_cb, qjs::JS_TRUE)?;
        set(ctx, state, &a.sync, qjs::JS_FALSE)?;
        let length = number(get(ctx, state, &a.length)?.v()).unwrap_or(f64::NAN);
        let hwm = number(get(ctx, state, &a.high_water_mark)?.v()).unwrap_or(f64::NAN);
        let ret = length < hwm || length == 0.0;
        if !ret {
            set(ctx, state, &a.need_drain, qjs::JS_TRUE)?;
        }
        Ok(Some(ret))
    }
}
