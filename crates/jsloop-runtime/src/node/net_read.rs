//! A socket's read in the common case, taken by the host (issue 15): the
//! steps the net module's `_data` takes for a chunk read (js/43_net.js
//! `_data` and `Socket#_onData`; js/node/stream.js `readablePushBuffer`,
//! which is Node's lib/internal/streams/readable.js readableAddChunk,
//! addChunk, maybeReadMore and canPushMore for a new Buffer; and
//! js/node/events.js `emitData`), done here with the stream's fields read
//! and written as the glue reads and writes them, in its order, and the
//! 'data' listener called from here.
//!
//! The common case: the handle's target is a `Socket` whose `_onData`,
//! `_unrefTimer`, `push` and `emit` are the glue's own, with no parent
//! (`_parent`) and no timeout (`setTimeout`) or one whose `refresh` is the
//! Timeout's own (called where `_onData` calls it), a `bytesRead` that is a number; its
//! readable side flowing, not in object mode, ended, destroyed, errored or
//! inside a `_read` (`sync`), with nothing buffered, 'data' listened to by
//! one listener (`_events.data` a function) and no pipe's awaitDrain set;
//! no decoder, or a latin1 one (StringDecoder's own `write`, whose latin1
//! steps are the bytes' latin1 string: the host makes that string at once,
//! without the Buffer). Not under --trace, nor once async_hooks or domain
//! are used. Anything else takes the glue's `_data` with the Buffer, as
//! before; every check is a read with nothing run in between, so the
//! choice is not observable.
use std::ffi::CStr;

use rquickjs::{qjs, Function, Value};

use super::host::NodeJsHost;
use super::io::NetRequest;
use super::{NodeCallback, Shared};
use crate::quickjs::fields::{element, get, set, symbol_atom, Owned};
use crate::quickjs::raw::{
    arg, c_function, dup_value, free_value, is_function, number, raw_fn, Held, HeldAtom, RawCall,
};

/// The glue's values a read compares with and calls (the glue's
/// `netReadSteps`, in this order), and the atoms of the fields it reads.
pub(super) struct ReadSteps {
    handles: Held,
    map_get: Held,
    on_data: Held,
    unref_timer: Held,
    push: Held,
    emit: Held,
    decoder_write: Held,
    maybe_read_more: Held,
    next_tick: Held,
    process: Held,
    emit_watch: Held,
    k_timeout: HeldAtom,
    k_read_stopped: HeldAtom,
    k_native_decoder: HeldAtom,
    k_capture: HeldAtom,
    socket_read: Held,
    readable_read: Held,
    /// Timeout.prototype.refresh (js/40_node.js): a socket's timeout is
    /// refreshed by it when it is the timeout's own.
    timeout_refresh: Held,
    /// [`maybe_read_more`] as a function, the tick a read queues.
    tick: Held,
    a: Atoms,
}

/// The field names, as atoms made once.
struct Atoms {
    on_data: HeldAtom,
    bytes_read: HeldAtom,
    unref_timer: HeldAtom,
    parent: HeldAtom,
    push: HeldAtom,
    readable_state: HeldAtom,
    object_mode: HeldAtom,
    ended: HeldAtom,
    destroyed: HeldAtom,
    errored: HeldAtom,
    reading: HeldAtom,
    decoder: HeldAtom,
    write: HeldAtom,
    encoding: HeldAtom,
    latin1: HeldAtom,
    flowing: HeldAtom,
    sync: HeldAtom,
    data_listening: HeldAtom,
    length: HeldAtom,
    multi_await_drain: HeldAtom,
    await_drain_writers: HeldAtom,
    data_emitted: HeldAtom,
    emit: HeldAtom,
    events: HeldAtom,
    data: HeldAtom,
    reading_more: HeldAtom,
    constructed: HeldAtom,
    high_water_mark: HeldAtom,
    next_tick: HeldAtom,
    handle: HeldAtom,
    id: HeldAtom,
    read: HeldAtom,
    read_: HeldAtom,
    connecting: HeldAtom,
    need_readable: HeldAtom,
    refresh: HeldAtom,
}

impl ReadSteps {
    /// The values from the glue's `netReadSteps()` result; None if it is
    /// not what the glue gives.
    unsafe fn load(ctx: *mut qjs::JSContext, list: qjs::JSValue) -> Option<ReadSteps> {
        unsafe {
            let at = |i: u32| element(ctx, list, i);
            let symbol = |i: u32| symbol_atom(ctx, &at(i)?);
            let atom = |name: &CStr| HeldAtom::new(ctx, name);
            Some(ReadSteps {
                handles: at(0)?,
                map_get: at(1)?,
                on_data: at(2)?,
                unref_timer: at(3)?,
                push: at(4)?,
                emit: at(5)?,
                decoder_write: at(6)?,
                maybe_read_more: at(7)?,
                next_tick: at(8)?,
                process: at(9)?,
                emit_watch: at(10)?,
                k_timeout: symbol(11)?,
                k_read_stopped: symbol(12)?,
                k_native_decoder: symbol(13)?,
                k_capture: symbol(14)?,
                socket_read: at(15)?,
                readable_read: at(16)?,
                timeout_refresh: at(17)?,
                tick: {
                    let f = c_function(ctx, c"maybeReadMore_", 2, maybe_read_more);
                    if qjs::JS_IsException(f) {
                        return None;
                    }
                    Held::own(ctx, f)
                },
                a: Atoms {
                    on_data: atom(c"_onData"),
                    bytes_read: atom(c"bytesRead"),
                    unref_timer: atom(c"_unrefTimer"),
                    parent: atom(c"_parent"),
                    push: atom(c"push"),
                    readable_state: atom(c"_readableState"),
                    object_mode: atom(c"objectMode"),
                    ended: atom(c"ended"),
                    destroyed: atom(c"destroyed"),
                    errored: atom(c"errored"),
                    reading: atom(c"reading"),
                    decoder: atom(c"decoder"),
                    write: atom(c"write"),
                    encoding: atom(c"encoding"),
                    latin1: atom(c"latin1"),
                    flowing: atom(c"flowing"),
                    sync: atom(c"sync"),
                    data_listening: atom(c"dataListening"),
                    length: atom(c"length"),
                    multi_await_drain: atom(c"multiAwaitDrain"),
                    await_drain_writers: atom(c"awaitDrainWriters"),
                    data_emitted: atom(c"dataEmitted"),
                    emit: atom(c"emit"),
                    events: atom(c"_events"),
                    data: atom(c"data"),
                    reading_more: atom(c"readingMore"),
                    constructed: atom(c"constructed"),
                    high_water_mark: atom(c"highWaterMark"),
                    next_tick: atom(c"nextTick"),
                    handle: atom(c"_handle"),
                    id: atom(c"id"),
                    read: atom(c"read"),
                    read_: atom(c"_read"),
                    connecting: atom(c"connecting"),
                    need_readable: atom(c"needReadable"),
                    refresh: atom(c"refresh"),
                },
            })
        }
    }
}

/// What [`read`] did.
pub(super) enum Read {
    /// The steps were taken (the listener ran).
    Done,
    /// Not the common case: the bytes, for the glue's `_data`.
    Glue(Vec<u8>),
    /// A step threw (the exception is the context's).
    Threw,
}

/// The steps of `_data(socket, chunk, length)` for `bytes` read from
/// handle `socket`, when its target is in the common case (the module's
/// note); otherwise the bytes back for the glue.
pub(super) fn read(host: &NodeJsHost<'_>, socket: u64, bytes: Vec<u8>) -> Read {
    let s: &Shared = &host.shared;
    if s.async_context.get() || s.lp.borrow().tracer.enabled() || bytes.is_empty() {
        return Read::Glue(bytes);
    }
    let cached = s.net_read.borrow().clone();
    let steps = match cached {
        Some(steps) => steps,
        None => {
            let Some(steps) = load(host) else { return Read::Glue(bytes) };
            *s.net_read.borrow_mut() = Some(steps.clone());
            steps
        }
    };
    let ctx = host.ctx.as_raw().as_ptr();
    // SAFETY: ctx is the session's live context; the held values are of its
    // runtime (they were loaded from it); every value got is freed once.
    unsafe {
        if qjs::JS_GetRuntime(ctx) != steps.handles.runtime() {
            return Read::Glue(bytes);
        }
        match take_steps(host, ctx, s, &steps, socket, bytes) {
            Ok(read) => read,
            Err(()) => Read::Threw,
        }
    }
}

/// The glue's values, read once.
fn load(host: &NodeJsHost<'_>) -> Option<std::rc::Rc<ReadSteps>> {
    let f = host.glue("netReadSteps")?;
    let list: rquickjs::Value = f.call(()).ok()?;
    let ctx = host.ctx.as_raw().as_ptr();
    // SAFETY: the list is a live value of ctx's runtime.
    unsafe { ReadSteps::load(ctx, list.as_raw()).map(std::rc::Rc::new) }
}

unsafe fn take_steps(
    host: &NodeJsHost<'_>,
    ctx: *mut qjs::JSContext,
    s: &Shared,
    st: &ReadSteps,
    socket: u64,
    bytes: Vec<u8>,
) -> Result<Read, ()> {
    let a = &st.a;
    unsafe {
        // _data: const target = handles.get(id).
        let mut key = [qjs::JS_NewFloat64(socket as f64)];
        let target = qjs::JS_Call(ctx, st.map_get.get(), st.handles.get(), 1, key.as_mut_ptr());
        if qjs::JS_IsException(target) {
            return Err(());
        }
        let target = Owned::new(ctx, target);
        let t = target.v();
        if !qjs::JS_IsObject(t) {
            return Ok(Read::Glue(bytes));
        }
        // The common case's checks (reads only).
        if !st.on_data.is(get(ctx, t, &a.on_data)?.v()) {
            return Ok(Read::Glue(bytes));
        }
        let Some(bytes_read) = number(get(ctx, t, &a.bytes_read)?.v()) else { return Ok(Read::Glue(bytes)) };
        if !st.unref_timer.is(get(ctx, t, &a.unref_timer)?.v()) {
            return Ok(Read::Glue(bytes));
        }
        // The socket's own timeout, if it has one, refreshed by the
        // Timeout's own refresh (which touches nothing of the socket).
        let timeout = get(ctx, t, &st.k_timeout)?;
        if timeout.truthy()
            && (!qjs::JS_IsObject(timeout.v())
                || !st.timeout_refresh.is(get(ctx, timeout.v(), &a.refresh)?.v()))
        {
            return Ok(Read::Glue(bytes));
        }
        if !get(ctx, t, &a.parent)?.nullish() || !st.push.is(get(ctx, t, &a.push)?.v()) {
            return Ok(Read::Glue(bytes));
        }
        let state = get(ctx, t, &a.readable_state)?;
        let rs = state.v();
        if !qjs::JS_IsObject(rs)
            || get(ctx, rs, &a.object_mode)?.truthy()
            || get(ctx, rs, &a.ended)?.truthy()
            || get(ctx, rs, &a.destroyed)?.truthy()
            || get(ctx, rs, &a.errored)?.truthy()
        {
            return Ok(Read::Glue(bytes));
        }
        let decoder = get(ctx, rs, &a.decoder)?;
        let latin1 = decoder.truthy();
        if latin1 {
            let d = decoder.v();
            if !qjs::JS_IsObject(d) || !st.decoder_write.is(get(ctx, d, &a.write)?.v()) {
                return Ok(Read::Glue(bytes));
            }
            let encoding = get(ctx, d, &a.encoding)?;
            if !qjs::JS_IsString(encoding.v()) {
                return Ok(Read::Glue(bytes));
            }
            let atom = qjs::JS_ValueToAtom(ctx, encoding.v());
            let is_latin1 = atom == a.latin1.get();
            qjs::JS_FreeAtom(ctx, atom);
            if !is_latin1 || !get(ctx, d, &st.k_native_decoder)?.truthy() {
                return Ok(Read::Glue(bytes));
            }
        }
        if !get(ctx, rs, &a.flowing)?.truthy()
            || get(ctx, rs, &a.sync)?.truthy()
            || !get(ctx, rs, &a.data_listening)?.truthy()
            || number(get(ctx, rs, &a.length)?.v()) != Some(0.0)
            || get(ctx, rs, &a.multi_await_drain)?.truthy()
            || !st.emit.is(get(ctx, t, &a.emit)?.v())
        {
            return Ok(Read::Glue(bytes));
        }
        let events = get(ctx, t, &a.events)?;
        if !qjs::JS_IsObject(events.v()) {
            return Ok(Read::Glue(bytes));
        }
        let handler = get(ctx, events.v(), &a.data)?;
        if !is_function(ctx, handler.v()) {
            return Ok(Read::Glue(bytes));
        }
        drop(events);
        let length = bytes.len() as f64;
        // _onData: this.bytesRead += length; unrefTimer's steps: the
        // socket's timeout starts again (it has no parent).
        set(ctx, t, &a.bytes_read, qjs::JS_NewFloat64(bytes_read + length))?;
        if timeout.truthy() {
            let r = qjs::JS_Call(ctx, st.timeout_refresh.get(), timeout.v(), 0, std::ptr::null_mut());
            if qjs::JS_IsException(r) {
                return Err(());
            }
            free_value(ctx, r);
        }
        drop(timeout);
        // readablePushBuffer: state.reading = false; a latin1 decoder's
        // write is the bytes' string (never empty: the bytes are not).
        set(ctx, rs, &a.reading, qjs::JS_FALSE)?;
        let chunk = if latin1 {
            crate::encoding::latin1_string(ctx, &bytes)
        } else {
            let Ok(array) = rquickjs::ArrayBuffer::new(host.ctx.clone(), bytes) else { return Err(()) };
            match host.read_buffer(array) {
                Some(buffer) => qjs::JS_DupValue(ctx, buffer.as_raw()),
                None => return Err(()),
            }
        };
        if qjs::JS_IsException(chunk) {
            return Err(());
        }
        let chunk = Owned::new(ctx, chunk);
        // addChunk, flowing with nothing buffered: straight to 'data'.
        set(ctx, rs, &a.await_drain_writers, qjs::JS_NULL)?;
        set(ctx, rs, &a.data_emitted, qjs::JS_TRUE)?;
        // emitData: the one listener, called with the socket as `this`.
        let mut argv = [chunk.v()];
        let result = qjs::JS_Call(ctx, handler.v(), t, 1, argv.as_mut_ptr());
        if qjs::JS_IsException(result) {
            return Err(());
        }
        let result = Owned::new(ctx, result);
        if !result.nullish() && get(ctx, t, &st.k_capture)?.truthy() {
            // (captureRejections: the glue watches the promise.)
            let mut argv = [t, result.v(), qjs::JS_AtomToValue(ctx, a.data.get()), chunk.v()];
            let watched = qjs::JS_Call(ctx, st.emit_watch.get(), qjs::JS_UNDEFINED, 4, argv.as_mut_ptr());
            free_value(ctx, argv[2]);
            if qjs::JS_IsException(watched) {
                return Err(());
            }
            free_value(ctx, watched);
        }
        drop(result);
        drop(handler);
        drop(chunk);
        // maybeReadMore(stream, state).
        if !get(ctx, rs, &a.reading_more)?.truthy() && get(ctx, rs, &a.constructed)?.truthy() {
            set(ctx, rs, &a.reading_more, qjs::JS_TRUE)?;
            // processObject.nextTick(maybeReadMore_, stream, state): the
            // raw process.nextTick's own steps when it is that function and
            // they apply (node/hot.rs process_next_tick), else a call of it.
            let next_tick = get(ctx, st.process.get(), &a.next_tick)?;
            if st.next_tick.is(next_tick.v()) && !s.async_context.get() && !s.lp.borrow().tracer.enabled() {
                let args: Box<[qjs::JSValue]> = Box::new([dup_value(ctx, t), dup_value(ctx, rs)]);
                let call = RawCall::new(ctx, st.tick.get(), qjs::JS_UNDEFINED, args);
                s.lp.borrow_mut().next_tick(NodeCallback::Call(call));
            } else {
                let mut argv = [st.maybe_read_more.get(), t, rs];
                let r = qjs::JS_Call(ctx, next_tick.v(), st.process.get(), 3, argv.as_mut_ptr());
                if qjs::JS_IsException(r) {
                    return Err(());
                }
                free_value(ctx, r);
            }
        }
        // canPushMore(state).
        let more = !get(ctx, rs, &a.ended)?.truthy() && {
            let length = number(get(ctx, rs, &a.length)?.v()).unwrap_or(f64::NAN);
            let hwm = number(get(ctx, rs, &a.high_water_mark)?.v()).unwrap_or(f64::NAN);
            length < hwm || length == 0.0
        };
        // _onData: a full buffer stops the handle's reading.
        if !more {
            let handle = get(ctx, t, &a.handle)?;
            if handle.truthy()
                && !get(ctx, t, &st.k_read_stopped)?.truthy()
                && !get(ctx, t, &a.destroyed)?.truthy()
            {
                set(ctx, t, &st.k_read_stopped, qjs::JS_TRUE)?;
                let handle = get(ctx, t, &a.handle)?;
                let id = get(ctx, handle.v(), &a.id)?;
                if let Some(id) = number(id.v()) {
                    let _ = super::net::net(s, NetRequest::ReadStop { socket: id as u64 });
                }
            }
        }
        Ok(Read::Done)
    }
}

raw_fn! {
    /// The tick a read in the common case queues: stream.js
    /// `maybeReadMore_(stream, state)` (Node's readable.js maybeReadMore_),
    /// whose loop, for a socket's stream not reading, ended, destroyed or
    /// errored, constructed, with nothing buffered and below its high water
    /// mark (or flowing), whose `read` is Readable's own and `_read` the
    /// Socket's own (connected, a handle, reading not stopped: it does
    /// nothing), comes to these field writes: read(0)'s steps then
    /// `_read`, which pushes nothing, so the loop ends after one turn. Any
    /// other stream and state takes the glue's maybeReadMore_ (these checks
    /// only read).
    fn maybe_read_more(ctx, _this, argc, argv) {
        super::hot::with_shared(ctx, |s| unsafe {
            let cached = s.net_read.borrow().clone();
            let Some(st) = cached else { return super::hot::misuse(ctx) };
            let (stream, state) = (arg(argc, argv, 0), arg(argc, argv, 1));
            match tick_steps(ctx, &st, stream, state) {
                Ok(true) => qjs::JS_UNDEFINED,
                Ok(false) => {
                    let mut argv = [stream, state];
                    qjs::JS_Call(ctx, st.maybe_read_more.get(), qjs::JS_UNDEFINED, 2, argv.as_mut_ptr())
                }
                Err(()) => qjs::JS_EXCEPTION,
            }
        })
    }
}

/// maybe_read_more's steps; Ok(false) when they are not the common case's
/// (nothing written then).
unsafe fn tick_steps(
    ctx: *mut qjs::JSContext,
    st: &ReadSteps,
    stream: qjs::JSValue,
    rs: qjs::JSValue,
) -> Result<bool, ()> {
    let a = &st.a;
    unsafe {
        if !qjs::JS_IsObject(stream) || !qjs::JS_IsObject(rs) {
            return Ok(false);
        }
        // The loop's condition, with nothing buffered: `state.length <
        // state.highWaterMark || (state.flowing && state.length === 0)`.
        if get(ctx, rs, &a.reading)?.truthy()
            || get(ctx, rs, &a.ended)?.truthy()
            || number(get(ctx, rs, &a.length)?.v()) != Some(0.0)
        {
            return Ok(false);
        }
        let Some(hwm) = number(get(ctx, rs, &a.high_water_mark)?.v()) else { return Ok(false) };
        if !(0.0 < hwm || get(ctx, rs, &a.flowing)?.truthy()) {
            return Ok(false);
        }
        // read(0) in line, _read the socket's, which does nothing here.
        if !st.readable_read.is(get(ctx, stream, &a.read)?.v())
            || get(ctx, rs, &a.destroyed)?.truthy()
            || get(ctx, rs, &a.errored)?.truthy()
            || !get(ctx, rs, &a.constructed)?.truthy()
            || !st.socket_read.is(get(ctx, stream, &a.read_)?.v())
            || get(ctx, stream, &a.connecting)?.truthy()
            || !get(ctx, stream, &a.handle)?.truthy()
            || get(ctx, stream, &st.k_read_stopped)?.truthy()
        {
            return Ok(false);
        }
        set(ctx, rs, &a.reading, qjs::JS_TRUE)?;
        set(ctx, rs, &a.sync, qjs::JS_TRUE)?;
        set(ctx, rs, &a.need_readable, qjs::JS_TRUE)?;
        set(ctx, rs, &a.sync, qjs::JS_FALSE)?;
        // (The length is still 0, at most the high water mark: needReadable
        // is set again; the length did not change, so the loop ends.)
        set(ctx, rs, &a.need_readable, qjs::JS_TRUE)?;
        set(ctx, rs, &a.reading_more, qjs::JS_FALSE)?;
        Ok(true)
    }
}

impl<'js> NodeJsHost<'js> {
    /// A read's Buffer over `array` (new bytes that only it has): what
    /// `new FastBuffer(array, 0, array.byteLength)` makes, without the
    /// class's constructor frame. FastBuffer's constructor only calls
    /// `super(...)` with its arguments, whose steps (ECMA-262 SuperCall:
    /// GetSuperConstructor, then Construct(func, args, NewTarget)) are this
    /// construct of FastBuffer's [[Prototype]] (Uint8Array) with FastBuffer
    /// as the new target. None: an exception is pending.
    pub(super) fn read_buffer(&self, array: rquickjs::ArrayBuffer<'js>) -> Option<Value<'js>> {
        let cached = self.shared.net_buffer_class.borrow().clone();
        let class = match cached.and_then(|f| f.restore(&self.ctx).ok()) {
            Some(f) => f,
            None => {
                let f: Function = self.glue("netBufferClass")?.call(()).ok()?;
                *self.shared.net_buffer_class.borrow_mut() =
                    Some(rquickjs::Persistent::save(&self.ctx, f.clone()));
                f
            }
        };
        let len = array.len();
        // (A FastBuffer whose [[Prototype]] is no longer an object: the
        // class's own constructor, whose `super` throws as it does.)
        let parent = class.get_prototype().map(Value::from).unwrap_or_else(|| class.clone().into_value());
        let array = array.into_value();
        let mut argv = [array.as_raw(), qjs::JS_NewFloat64(0.0), qjs::JS_NewFloat64(len as f64)];
        // SAFETY: the values are alive for the call (argv borrows them);
        // the result is a new reference that the Value takes.
        unsafe {
            let ctx = self.ctx.as_raw().as_ptr();
            let v = qjs::JS_CallConstructor2(ctx, parent.as_raw(), class.as_raw(), 3, argv.as_mut_ptr());
            if qjs::JS_IsException(v) {
                return None;
            }
            Some(Value::from_raw(self.ctx.clone(), v))
        }
    }
}
