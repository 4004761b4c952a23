//! File system results as Node's callback arguments.

use rquickjs::{Array, Ctx, Function, Object, Value};

use super::io::{FsError, FsResult, FsValue};

/// The bytes of a Uint8Array, copied out before any more JavaScript runs.
pub(super) fn typed_bytes(a: &rquickjs::TypedArray<'_, u8>) -> Vec<u8> {
    // SAFETY: the slice is copied at once; no JavaScript runs while it is
    // borrowed, so the buffer cannot be detached or resized meanwhile.
    unsafe { a.as_bytes() }.map(<[u8]>::to_vec).unwrap_or_default()
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

pub(super) fn fs_value_to_js<'js>(ctx: &Ctx<'js>, v: &FsValue) -> rquickjs::Result<Value<'js>> {
    Ok(match v {
        FsValue::Unit => Value::new_undefined(ctx.clone()),
        FsValue::Bool(b) => Value::new_bool(ctx.clone(), *b),
        FsValue::Text(t) => rquickjs::String::from_str(ctx.clone(), t)?.into_value(),
        FsValue::Number(n) => Value::new_float(ctx.clone(), *n),
        FsValue::Bytes(b) => rquickjs::TypedArray::<u8>::new(ctx.clone(), b.clone())?.into_value(),
        FsValue::Names(names) => {
            let list = Array::new(ctx.clone())?;
            for (i, n) in names.iter().enumerate() {
                list.set(i, n.as_str())?;
            }
            list.into_value()
        }
        FsValue::Stat(s) => {
            let o = Object::new(ctx.clone())?;
            o.set("isFile", s.is_file)?;
            o.set("isDirectory", s.is_dir)?;
            o.set("isSymbolicLink", s.is_symlink)?;
            o.set("size", s.size as f64)?;
            o.set("mode", s.mode)?;
            o.set("mtimeMs", s.mtime_ms)?;
            o.set("atimeMs", s.atime_ms)?;
            o.set("ctimeMs", s.ctime_ms)?;
            o.set("birthtimeMs", s.birthtime_ms)?;
            o.set("ino", s.ino as f64)?;
            o.set("dev", s.dev as f64)?;
            o.set("nlink", s.nlink as f64)?;
            o.set("uid", s.uid)?;
            o.set("gid", s.gid)?;
            o.into_value()
        }
    })
}
