//! `fs.readFile(path[, options], callback)`'s request chain taken by the
//! host (Node 24's lib/fs.js `readFile` and lib/internal/fs/read/context.js
//! `ReadFileContext`): open, fstat, read until the size is read (512 KiB at
//! a time; 64 KiB at a time until a read returns nothing when the size is
//! unknown), close — the same thread-pool requests as the glue's chain
//! (js/42_fs.js), each submitted by the previous one's completion in the
//! poll phase, so each completes in a poll phase of its own. What the
//! glue's intermediate callbacks did (keep the descriptor and the size,
//! land the bytes) is done here without calling into JavaScript, as Node's
//! callbacks between the steps run none of the program's code; only the
//! program's callback is called, after the close.
//!
//! The glue asks for it (`host.fsReadFile`) for a path (not a descriptor),
//! with no AbortSignal, the result a Buffer or UTF-8 text, and not while
//! the trace is on (which shows each request through the glue's chain).
//! `fs.readFile` itself is a raw C function (`host.fastReadFile`) for its
//! commonest calls, `fs.readFile(path, 'utf8', callback)` and
//! `fs.readFile(path, callback)` with a string path: it starts the chain
//! with no JavaScript run, and calls the glue's readFile for every other
//! call (whose checks, errors and options are the glue's).
//! The common end (no error; UTF-8 text, or a Buffer of the whole size)
//! is made here; every other end (an error, a size that changed, text near
//! the string limit) goes to the glue's `readFileFinish`, which takes the
//! glue chain's last steps.
use std::cell::RefCell;
use std::rc::Rc;

use rquickjs::{qjs, Ctx, Function, Object, Persistent, Value};

use super::ops::{self, FsRequest, FsResult, FsValue};
use super::{with_bytes, FsPath};
use crate::node::host::NodeJsHost;
use crate::node::io::{FsError, RequestId};
use crate::node::{NodeCallback, Shared};
use crate::quickjs::raw::{self, arg, is_function, raw_fn, Held};

/// lib/internal/fs/utils.js kReadFileBufferLength.
const READ_LENGTH: usize = 512 * 1024;
/// kReadFileUnknownBufferLength.
const UNKNOWN_READ_LENGTH: usize = 64 * 1024;
/// kIoMaxLength (2 ** 31 - 1).
const IO_MAX_LENGTH: f64 = 2_147_483_647.0;
/// Buffer's kStringMaxLength / 4 (js/41_buffer.js): longer bytes are
/// checked against the string limit by the glue's decode.
const DIRECT_TEXT_MAX: usize = ((1 << 29) - 24) / 4;
/// S_IFMT and S_IFREG.
const S_IFMT: u32 = libc::S_IFMT;
const S_IFREG: u32 = libc::S_IFREG;

/// Why a chain ends in error before its close.
enum Failure {
    /// A request failed.
    Fs(FsError),
    /// fstat gave a size over kIoMaxLength (ERR_FS_FILE_TOO_LARGE).
    TooLarge(f64),
}

/// The request a chain waits for.
#[derive(Clone, Copy)]
enum At {
    Open,
    Fstat,
    Read,
    Close,
}

/// One readFile in flight (ReadFileContext's fields).
pub struct ReadFile {
    callback: Held,
    /// The request in flight.
    at: At,
    /// The result is UTF-8 text (else a Buffer).
    utf8: bool,
    fd: i32,
    /// fstat's size of a regular file; 0: unknown.
    size: usize,
    /// The bytes read so far.
    bytes: Vec<u8>,
    /// The error the close comes after.
    failure: Option<Failure>,
    /// The result of the request that completed, for its step (kept here,
    /// not in the loop's callback, which is cloneable).
    result: Option<FsResult>,
}

fn submit(s: &Shared, state: Rc<RefCell<ReadFile>>, request: FsRequest) {
    state.borrow_mut().at = match request {
        FsRequest::Open { .. } => At::Open,
        FsRequest::Fstat { .. } => At::Fstat,
        FsRequest::Read { .. } => At::Read,
        _ => At::Close,
    };
    let id = s.io.submit(move || ops::run(&request));
    s.read_files.borrow_mut().insert(id, state);
}

/// The loop's callback for a completed request of a chain (None: not one).
pub(crate) fn completed(s: &Shared, id: RequestId, result: FsResult) -> Option<NodeCallback> {
    let state = s.read_files.borrow_mut().remove(&id)?;
    state.borrow_mut().result = Some(result);
    Some(NodeCallback::ReadFile(state))
}

/// ReadFileContext.read: the next read, its length as Node's.
fn read(s: &Shared, state: Rc<RefCell<ReadFile>>) {
    let (fd, length) = {
        let st = state.borrow();
        let length =
            if st.size == 0 { UNKNOWN_READ_LENGTH } else { READ_LENGTH.min(st.size - st.bytes.len()) };
        (st.fd, length)
    };
    submit(s, state, FsRequest::Read { fd, length, position: -1 });
}

/// ReadFileContext.close: the close, the chain's error kept for after it.
fn close(s: &Shared, state: Rc<RefCell<ReadFile>>, failure: Option<Failure>) {
    let fd = {
        let mut st = state.borrow_mut();
        st.failure = failure;
        st.fd
    };
    submit(s, state, FsRequest::Close { fd });
}

/// A step's completion in the poll phase: the next request (readFileAfterOpen,
/// readFileAfterStat, readFileAfterRead), or, after the open failed or the
/// close completed, the program's callback with its arguments.
pub(crate) fn step<'js>(
    host: &NodeJsHost<'js>,
    state: Rc<RefCell<ReadFile>>,
) -> rquickjs::Result<Option<(Function<'js>, Vec<Value<'js>>)>> {
    let s = &*host.shared;
    let ctx = &host.ctx;
    let (at, result) = {
        let mut st = state.borrow_mut();
        (st.at, st.result.take())
    };
    // (Each request completes once: its result is always there.)
    let Some(result) = result else { return Ok(None) };
    match at {
        At::Open => match result {
            Err(e) => {
                let callback = callback_of(ctx, &state.borrow().callback)?;
                let err = super::fs_error_to_js(ctx, &e)?;
                return Ok(Some((callback, vec![err])));
            }
            Ok(v) => {
                let fd = match v {
                    FsValue::Number(n) => n as i32,
                    _ => -1,
                };
                state.borrow_mut().fd = fd;
                submit(s, state, FsRequest::Fstat { fd });
            }
        },
        At::Fstat => match result {
            Err(e) => close(s, state, Some(Failure::Fs(e))),
            Ok(v) => {
                let size = match v {
                    FsValue::Stat(st) if (st.fields[1] as u32) & S_IFMT == S_IFREG => st.fields[8],
                    _ => 0.0,
                };
                if size > IO_MAX_LENGTH {
                    close(s, state, Some(Failure::TooLarge(size)));
                } else {
                    // (The first read's bytes become the chain's: no
                    // buffer is reserved before it.)
                    state.borrow_mut().size = size as usize;
                    read(s, state);
                }
            }
        },
        At::Read => match result {
            Err(e) => close(s, state, Some(Failure::Fs(e))),
            Ok(v) => {
                let n = match v {
                    FsValue::Bytes(b) => {
                        let n = b.len();
                        let mut st = state.borrow_mut();
                        if st.bytes.is_empty() {
                            st.bytes = b;
                        } else {
                            let rest = st.size.saturating_sub(st.bytes.len());
                            st.bytes.reserve_exact(rest.max(n));
                            st.bytes.extend_from_slice(&b);
                        }
                        n
                    }
                    _ => 0,
                };
                let done = {
                    let st = state.borrow();
                    st.bytes.len() == st.size || n == 0
                };
                if done {
                    close(s, state, None);
                } else {
                    read(s, state);
                }
            }
        },
        At::Close => return finish(host, state, result.as_ref().err()).map(Some),
    }
    Ok(None)
}

/// readFileAfterClose: the program's callback and its arguments.
fn finish<'js>(
    host: &NodeJsHost<'js>,
    state: Rc<RefCell<ReadFile>>,
    close_error: Option<&FsError>,
) -> rquickjs::Result<(Function<'js>, Vec<Value<'js>>)> {
    let ctx = &host.ctx;
    let callback = callback_of(ctx, &state.borrow().callback)?;
    let state = Rc::try_unwrap(state).map(RefCell::into_inner).unwrap_or_else(|rc| {
        let mut st = rc.borrow_mut();
        // SAFETY: the callback is a live value of this context's runtime
        // (restored just above).
        let callback = unsafe { Held::dup(ctx.as_raw().as_ptr(), st.callback.get()) };
        ReadFile {
            callback,
            at: st.at,
            utf8: st.utf8,
            fd: st.fd,
            size: st.size,
            bytes: std::mem::take(&mut st.bytes),
            failure: st.failure.take(),
            result: None,
        }
    });
    let whole = state.size != 0 && state.bytes.len() == state.size;
    if state.failure.is_none() && close_error.is_none() {
        let null = Value::new_null(ctx.clone());
        // The text, decoded as Buffer's toString('utf8') does (each maximal
        // ill-formed subpart one U+FFFD).
        if state.utf8 && state.bytes.len() <= DIRECT_TEXT_MAX {
            let text = match std::str::from_utf8(&state.bytes) {
                Ok(text) => rquickjs::String::from_str(ctx.clone(), text)?,
                Err(_) => rquickjs::String::from_str(ctx.clone(), &String::from_utf8_lossy(&state.bytes))?,
            };
            return Ok((callback, vec![null, text.into_value()]));
        }
        // Buffer.allocUnsafeSlow(size), filled: a FastBuffer of its own
        // ArrayBuffer of the size.
        if !state.utf8 && whole {
            let array = rquickjs::ArrayBuffer::new(ctx.clone(), state.bytes)?;
            let Some(buffer) = host.read_buffer(array) else { return Err(rquickjs::Error::Exception) };
            return Ok((callback, vec![null, buffer]));
        }
    }
    let Some(glue_finish) = host.shared.read_file_finish.borrow().clone() else {
        return Err(rquickjs::Error::Exception);
    };
    let glue_finish = glue_finish.restore(ctx)?;
    let undefined = || Value::new_undefined(ctx.clone());
    let (err, too_large) = match &state.failure {
        Some(Failure::Fs(e)) => (super::fs_error_to_js(ctx, e)?, undefined()),
        Some(Failure::TooLarge(size)) => (undefined(), Value::new_float(ctx.clone(), *size)),
        None => (undefined(), undefined()),
    };
    let close_err = match close_error {
        Some(e) => super::fs_error_to_js(ctx, e)?,
        None => Value::new_null(ctx.clone()),
    };
    let encoding =
        if state.utf8 { rquickjs::String::from_str(ctx.clone(), "utf8")?.into_value() } else { undefined() };
    let size = Value::new_float(ctx.clone(), state.size as f64);
    let bytes = rquickjs::TypedArray::<u8>::new(ctx.clone(), state.bytes)?.into_value();
    let args = vec![callback.into_value(), encoding, err, too_large, close_err, bytes, size];
    Ok((glue_finish, args))
}

/// The program's callback, as rquickjs holds it.
fn callback_of<'js>(ctx: &Ctx<'js>, callback: &Held) -> rquickjs::Result<Function<'js>> {
    callback.value(ctx)?.into_function().ok_or(rquickjs::Error::Unknown)
}

/// Whether the host takes a readFile's chain (not while the trace is on,
/// nor before the glue has given its readFileFinish).
fn takes_read_files(s: &Shared) -> bool {
    !s.lp.borrow().tracer.enabled() && s.read_file_finish.borrow().is_some()
}

/// A chain's first request: the open of `path` (ReadFileContext's
/// `binding.open(path, flags, 0o666, req)`).
fn start(s: &Shared, path: String, flags: i32, utf8: bool, callback: Held) {
    let state = Rc::new(RefCell::new(ReadFile {
        callback,
        at: At::Open,
        utf8,
        fd: -1,
        size: 0,
        bytes: Vec::new(),
        failure: None,
        result: None,
    }));
    submit(s, state, FsRequest::Open { path, flags, mode: 0o666 });
}

/// The arguments of a `fs.readFile` call this takes: `(path, 'utf8' or
/// 'utf-8', callback)` (text), `(path, callback)` or `(path, undefined or
/// null, callback)` (a Buffer), the path a string with no NUL character.
/// What the glue's readFile makes of these calls: the callback checked,
/// the encoding valid, the path a string (toPath), not a descriptor
/// (isFd), no signal, the flag 'r' (O_RDONLY); so, as it does, the host's
/// chain with `utf8` as the encoding is given or not.
///
/// # Safety
/// `ctx` must be the live context calling with `argc` values in `argv`.
unsafe fn common_call(
    ctx: *mut qjs::JSContext,
    argc: i32,
    argv: *mut qjs::JSValue,
) -> Option<(String, bool, qjs::JSValue)> {
    let (path, options, callback) = unsafe { (arg(argc, argv, 0), arg(argc, argv, 1), arg(argc, argv, 2)) };
    if !qjs::JS_IsString(path) {
        return None;
    }
    let (utf8, callback) = if unsafe { is_function(ctx, callback) } {
        if qjs::JS_IsUndefined(options) || qjs::JS_IsNull(options) {
            (false, callback)
        } else if qjs::JS_IsString(options) {
            if !unsafe { with_bytes(ctx, options, |b| b == b"utf8" || b == b"utf-8") }? {
                return None;
            }
            (true, callback)
        } else {
            return None;
        }
    } else if qjs::JS_IsUndefined(callback) && unsafe { is_function(ctx, options) } {
        (false, options)
    } else {
        return None;
    };
    // (A path with a NUL the glue's toPath refuses.)
    let path = unsafe { with_bytes(ctx, path, |b| super::well_formed(b).into_owned()) }?;
    if path.contains('\0') {
        return None;
    }
    Some((path, utf8, callback))
}

raw_fn! {
    /// `fs.readFile(path[, options], callback)`
    /// (<https://nodejs.org/api/fs.html#fsreadfilepath-options-callback>):
    /// the calls `common_call` takes start the host's chain here; `data[0]`
    /// is the glue's readFile, called for every other.
    fn read_file(ctx, this, argc, argv, _magic, data) {
        crate::node::hot::with_shared(ctx, |s| unsafe {
            if takes_read_files(s) {
                if let Some((path, utf8, callback)) = common_call(ctx, argc, argv) {
                    start(s, path, libc::O_RDONLY, utf8, Held::dup(ctx, callback));
                    return qjs::JS_UNDEFINED;
                }
            }
            qjs::JS_Call(ctx, *data, this, argc, argv)
        })
    }
}

raw_fn! {
    /// `host.fastReadFile(slow)`: the `fs.readFile` function, with `slow`
    /// (the glue's) for the calls it does not take.
    fn make_read_file(ctx, _this, argc, argv) {
        raw::guarded(ctx, c"node", || unsafe {
            let slow = arg(argc, argv, 0);
            if !is_function(ctx, slow) {
                return raw::misuse(ctx, c"node");
            }
            raw::function_with_data(ctx, Some(read_file), c"readFile", 3, 0, &mut [slow])
        })
    }
}

/// Installs `fsReadFile(path, flags, utf8, callback)` (true: the host took
/// the readFile; false: the glue's chain takes it), `fastReadFile(slow)`
/// and
/// `fsReadFileFinish(fn)` (the glue's readFileFinish).
pub(crate) fn install<'js>(ctx: &Ctx<'js>, host: &Object<'js>, shared: &Rc<Shared>) -> rquickjs::Result<()> {
    let s = shared.clone();
    host.set(
        "fsReadFile",
        Function::new(
            ctx.clone(),
            move |ctx: Ctx<'js>, path: FsPath, flags: f64, utf8: bool, callback: Function<'js>| -> bool {
                if !takes_read_files(&s) {
                    return false;
                }
                // SAFETY: the callback is a live value of ctx's runtime.
                let callback = unsafe { Held::dup(ctx.as_raw().as_ptr(), callback.as_raw()) };
                start(&s, path.0, flags as i32, utf8, callback);
                true
            },
        )?,
    )?;
    host.set("fastReadFile", raw::raw_function(ctx, c"fastReadFile", 1, make_read_file)?)?;
    let s = shared.clone();
    host.set(
        "fsReadFileFinish",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>, finish: Function<'js>| {
            *s.read_file_finish.borrow_mut() = Some(Persistent::save(&ctx, finish));
        })?,
    )?;
    Ok(())
}
