//! File system requests from JavaScript and their results as Node's
//! callback arguments. The glue (js/42_fs.js) describes a request as an
//! object (`{ op: 'open', path, flags, mode }`); it becomes a typed
//! [`FsRequest`] here, before it goes to the thread pool.

use rquickjs::{Array, Ctx, Function, Object, Value};

use super::io::FsError;
use ops::{FsRequest, FsResult, FsValue};

pub(super) mod event;
pub(super) mod ops;
pub(super) mod read_file;

/// The bytes of a Uint8Array, copied out before any more JavaScript runs.
pub(super) fn typed_bytes(a: &rquickjs::TypedArray<'_, u8>) -> Vec<u8> {
    // SAFETY: the slice is copied at once; no JavaScript runs while it is
    // borrowed, so the buffer cannot be detached or resized meanwhile.
    unsafe { a.as_bytes() }.map(<[u8]>::to_vec).unwrap_or_default()
}

/// A path as Node hands one to libuv: a string's UTF-8 with each lone
/// surrogate replaced by U+FFFD (Node's BufferValue, src/util.cc, writes
/// the string with V8's `REPLACE_INVALID_UTF8`), so `'/tmp/\ud800'` names
/// `/tmp/\u{fffd}` and its errors carry that path. Every path the fs glue
/// gives the host is read as one of these.
pub(super) use crate::quickjs::text::WellFormed as FsPath;
pub(super) use crate::quickjs::text::{well_formed, with_bytes};

/// A request described by the glue, typed. A missing or mistyped field is a
/// TypeError (the glue validates arguments as Node does before this).
pub(super) fn request_from_js<'js>(ctx: &Ctx<'js>, o: &Object<'js>) -> rquickjs::Result<FsRequest> {
    let op: String = o.get("op")?;
    let s = |k: &str| -> rquickjs::Result<String> { o.get::<_, FsPath>(k).map(|p| p.0) };
    let n = |k: &str| -> rquickjs::Result<f64> { o.get::<_, Option<f64>>(k).map(|v| v.unwrap_or(0.0)) };
    let b = |k: &str| -> rquickjs::Result<bool> { o.get::<_, Option<bool>>(k).map(|v| v.unwrap_or(false)) };
    let fd = || -> rquickjs::Result<i32> { Ok(n("fd")? as i32) };
    Ok(match op.as_str() {
        "open" => FsRequest::Open { path: s("path")?, flags: n("flags")? as i32, mode: n("mode")? as u32 },
        "close" => FsRequest::Close { fd: fd()? },
        "read" => FsRequest::Read { fd: fd()?, length: n("length")? as usize, position: position(o)? },
        "write" => {
            let data: Value = o.get("data")?;
            let bytes = data
                .as_object()
                .and_then(|d| rquickjs::TypedArray::<u8>::from_object(d.clone()).ok())
                .map(|a| typed_bytes(&a))
                .unwrap_or_default();
            FsRequest::Write { fd: fd()?, data: bytes, position: position(o)? }
        }
        "stat" => FsRequest::Stat { path: s("path")?, follow: true },
        "lstat" => FsRequest::Stat { path: s("path")?, follow: false },
        "fstat" => FsRequest::Fstat { fd: fd()? },
        "readdir" => FsRequest::Readdir { path: s("path")? },
        "mkdir" => FsRequest::Mkdir { path: s("path")?, mode: n("mode")? as u32, recursive: b("recursive")? },
        "rmdir" => FsRequest::Rmdir { path: s("path")? },
        "unlink" => FsRequest::Unlink { path: s("path")? },
        "rm" => FsRequest::Rm { path: s("path")?, recursive: b("recursive")?, force: b("force")? },
        "rename" => FsRequest::Rename { from: s("path")?, to: s("dest")? },
        "copyFile" => FsRequest::CopyFile { from: s("path")?, to: s("dest")?, flags: n("mode")? as i32 },
        "access" => FsRequest::Access { path: s("path")?, mode: n("mode")? as i32 },
        "exists" => FsRequest::Exists { path: s("path")? },
        "truncate" => FsRequest::Truncate { path: s("path")?, len: n("len")? as i64 },
        "ftruncate" => FsRequest::Ftruncate { fd: fd()?, len: n("len")? as i64 },
        "fsync" => FsRequest::Fsync { fd: fd()?, data: false },
        "fdatasync" => FsRequest::Fsync { fd: fd()?, data: true },
        "chmod" => FsRequest::Chmod { path: s("path")?, mode: n("mode")? as u32 },
        "fchmod" => FsRequest::Fchmod { fd: fd()?, mode: n("mode")? as u32 },
        "chown" | "lchown" => FsRequest::Chown {
            path: s("path")?,
            uid: n("uid")? as i64 as u32,
            gid: n("gid")? as i64 as u32,
            follow: op == "chown",
        },
        "fchown" => {
            FsRequest::Fchown { fd: fd()?, uid: n("uid")? as i64 as u32, gid: n("gid")? as i64 as u32 }
        }
        "link" => FsRequest::Link { from: s("path")?, to: s("dest")? },
        "symlink" => FsRequest::Symlink { target: s("path")?, path: s("dest")? },
        "readlink" => FsRequest::Readlink { path: s("path")? },
        "realpath" => FsRequest::Realpath { path: s("path")? },
        "mkdtemp" => FsRequest::Mkdtemp { prefix: s("path")? },
        "utimes" | "lutimes" => FsRequest::Utimes {
            path: s("path")?,
            atime: n("atime")?,
            mtime: n("mtime")?,
            follow: op == "utimes",
        },
        "futimes" => FsRequest::Futimes { fd: fd()?, atime: n("atime")?, mtime: n("mtime")? },
        "statfs" => FsRequest::Statfs { path: s("path")? },
        other => {
            return Err(rquickjs::Exception::throw_type(
                ctx,
                &format!("unknown file system request '{other}'"),
            ))
        }
    })
}

/// A position: a number, or a bigint's decimal digits (exact to 2^63 - 1).
fn position(o: &Object<'_>) -> rquickjs::Result<i64> {
    let v: Value = o.get("position")?;
    if let Some(s) = v.as_string() {
        return Ok(s.to_string()?.parse().unwrap_or(-1));
    }
    Ok(v.as_number().unwrap_or(-1.0) as i64)
}

/// A file system result as Node's callback arguments: (null, value) or
/// (error, undefined), the error shaped as Node's (code, errno, syscall, path).
pub(super) fn fs_result_to_js<'js>(
    ctx: &Ctx<'js>,
    result: &FsResult,
) -> rquickjs::Result<(Value<'js>, Value<'js>)> {
    match result {
        Ok(v) => Ok((Value::new_null(ctx.clone()), fs_value_to_js(ctx, v)?)),
        Err(e) => Ok((fs_error_to_js(ctx, e)?, Value::new_undefined(ctx.clone()))),
    }
}

pub(super) fn fs_error_to_js<'js>(ctx: &Ctx<'js>, e: &FsError) -> rquickjs::Result<Value<'js>> {
    let error: Object = ctx.eval::<Function, _>("(m) => new Error(m)")?.call((e.message(),))?;
    error.set("errno", e.errno)?;
    error.set("code", e.code)?;
    error.set("syscall", e.syscall)?;
    if let Some(p) = &e.path {
        error.set("path", p.as_str())?;
    }
    if let Some(d) = &e.dest {
        error.set("dest", d.as_str())?;
    }
    Ok(error.into_value())
}

/// A name or path: a string when it is UTF-8, else its bytes (a Uint8Array).
fn name_to_js<'js>(ctx: &Ctx<'js>, bytes: &[u8]) -> rquickjs::Result<Value<'js>> {
    match std::str::from_utf8(bytes) {
        Ok(t) => Ok(rquickjs::String::from_str(ctx.clone(), t)?.into_value()),
        Err(_) => Ok(rquickjs::TypedArray::<u8>::new(ctx.clone(), bytes.to_vec())?.into_value()),
    }
}

pub(super) fn fs_value_to_js<'js>(ctx: &Ctx<'js>, v: &FsValue) -> rquickjs::Result<Value<'js>> {
    Ok(match v {
        FsValue::Unit => Value::new_undefined(ctx.clone()),
        FsValue::Bool(b) => Value::new_bool(ctx.clone(), *b),
        FsValue::Text(t) => name_to_js(ctx, t)?,
        FsValue::Number(n) => Value::new_float(ctx.clone(), *n),
        FsValue::Bytes(b) => rquickjs::TypedArray::<u8>::new(ctx.clone(), b.clone())?.into_value(),
        FsValue::Numbers(list) => {
            let out = Array::new(ctx.clone())?;
            for (i, n) in list.iter().enumerate() {
                out.set(i, *n)?;
            }
            out.into_value()
        }
        FsValue::Entries(entries) => {
            // [names, types]
            let names = Array::new(ctx.clone())?;
            let types = Array::new(ctx.clone())?;
            for (i, (name, kind)) in entries.iter().enumerate() {
                names.set(i, name_to_js(ctx, name)?)?;
                types.set(i, *kind)?;
            }
            let out = Array::new(ctx.clone())?;
            out.set(0, names)?;
            out.set(1, types)?;
            out.into_value()
        }
        FsValue::Stat(s) => {
            // Node's statValues order: ten fields, then sec and nsec of
            // atime, mtime, ctime and birthtime.
            let out = Array::new(ctx.clone())?;
            for (i, f) in s.fields.iter().enumerate() {
                out.set(i, *f)?;
            }
            for (i, (sec, nsec)) in s.times.iter().enumerate() {
                out.set(10 + 2 * i, *sec as f64)?;
                out.set(11 + 2 * i, *nsec as f64)?;
            }
            out.into_value()
        }
    })
}
