//! `path.posix.join(...paths)` (<https://nodejs.org/api/path.html#pathjoinpaths>)
//! as a raw C function for its common case: every argument an ASCII
//! string. Node's join (lib/path.js) joins the non-empty arguments with '/'
//! and normalizes the result; the glue's (js/node/path.js) does the same in
//! JavaScript, which QuickJS interprets at about 12,700 instructions a call
//! (two arguments: the rest array, the argument checks, the joined array,
//! two `includes` scans); this is under a thousand. Anything else (an
//! argument that is not a string, which throws ERR_INVALID_ARG_TYPE, or a
//! string with a character beyond ASCII) is the glue's function's, called
//! with the same arguments, so every result and every error is the glue's.
//!
//! Only '/' and '.' decide the result, and in an ASCII string each code
//! unit is one byte: working on the bytes is working on the code units.
use std::borrow::Cow;

use rquickjs::qjs;

use crate::quickjs::raw::{self, arg, is_function, raw_fn};

/// posixNormalize (js/node/path.js) of a non-empty ASCII path: a path with
/// no empty, '.' or '..' part (no "//", no "/.", not starting with '.') is
/// its own normal form; otherwise the parts are collapsed ('.' and empty
/// parts dropped, each '..' cancelling the part before it, kept when there
/// is none and the path is relative), and the root and a trailing '/' kept.
fn normalize(path: &[u8]) -> Cow<'_, [u8]> {
    if path.is_empty() {
        return Cow::Borrowed(b".");
    }
    let has = |pair: &[u8; 2]| path.windows(2).any(|w| w == pair);
    if path[0] != b'.' && !has(b"//") && !has(b"/.") {
        return Cow::Borrowed(path);
    }
    let rooted = path[0] == b'/';
    let trailing = path[path.len() - 1] == b'/';
    // collapseParts(path.split('/'), !rooted)
    let mut kept: Vec<&[u8]> = Vec::new();
    for part in path.split(|&b| b == b'/') {
        if part.is_empty() || part == b"." {
            continue;
        }
        if part != b".." {
            kept.push(part);
        } else if kept.last().is_some_and(|last| *last != b"..") {
            kept.pop();
        } else if !rooted {
            kept.push(b"..");
        }
    }
    let body = kept.join(&b'/');
    if body.is_empty() {
        return Cow::Borrowed(if rooted {
            b"/"
        } else if trailing {
            b"./"
        } else {
            b"."
        });
    }
    let mut out = Vec::with_capacity(body.len() + 2);
    if rooted {
        out.push(b'/');
    }
    out.extend_from_slice(&body);
    if trailing {
        out.push(b'/');
    }
    Cow::Owned(out)
}

/// The arguments joined with '/' (the empty ones left out), or Ok(None)
/// when one is not a string or not ASCII (the glue's function takes the
/// call); Err when QuickJS could not give a string's bytes (out of
/// memory: its exception is pending).
///
/// # Safety
/// `ctx` must be the live context calling with `argc` values in `argv`.
unsafe fn joined(
    ctx: *mut qjs::JSContext,
    argc: i32,
    argv: *mut qjs::JSValue,
) -> Result<Option<Vec<u8>>, ()> {
    let mut out: Vec<u8> = Vec::with_capacity(64);
    for i in 0..argc.max(0) as usize {
        let v = unsafe { *argv.add(i) };
        if !qjs::JS_IsString(v) {
            return Ok(None);
        }
        let mut len = 0;
        // (An ASCII string's own bytes: no copy, and no allocation to fail.)
        let ptr = unsafe { qjs::JS_ToCStringLen2(ctx, &mut len, v, false) };
        if ptr.is_null() {
            return Err(());
        }
        let bytes = unsafe { std::slice::from_raw_parts(ptr as *const u8, len as usize) };
        let ascii = bytes.is_ascii();
        if ascii && !bytes.is_empty() {
            if !out.is_empty() {
                out.push(b'/');
            }
            out.extend_from_slice(bytes);
        }
        unsafe { qjs::JS_FreeCString(ctx, ptr) };
        if !ascii {
            return Ok(None);
        }
    }
    Ok(Some(out))
}

raw_fn! {
    /// `path.posix.join(...paths)`: `data[0]` is the glue's join, called
    /// for what this does not take (see the module's comment).
    fn path_join(ctx, this, argc, argv, _magic, data) {
        raw::guarded(ctx, c"node", || unsafe {
            let whole = match joined(ctx, argc, argv) {
                Ok(Some(whole)) => whole,
                Ok(None) => return qjs::JS_Call(ctx, *data, this, argc, argv),
                Err(()) => return qjs::JS_EXCEPTION,
            };
            if whole.is_empty() {
                return qjs::JS_NewStringLen(ctx, c".".as_ptr(), 1);
            }
            let normal = normalize(&whole);
            qjs::JS_NewStringLen(ctx, normal.as_ptr() as *const _, normal.len() as _)
        })
    }
}

raw_fn! {
    /// `host.fastPathJoin(slow)`: the `path.posix.join` function, with
    /// `slow` (the glue's) as its fallback.
    fn make_path_join(ctx, _this, argc, argv) {
        raw::guarded(ctx, c"node", || unsafe {
            let slow = arg(argc, argv, 0);
            if !is_function(ctx, slow) {
                return raw::misuse(ctx, c"node");
            }
            raw::function_with_data(ctx, Some(path_join), c"join", 0, 0, &mut [slow])
        })
    }
}

/// Installs `fastPathJoin` on the glue's `host` object.
pub(super) fn install<'js>(ctx: &rquickjs::Ctx<'js>, host: &rquickjs::Object<'js>) -> rquickjs::Result<()> {
    host.set("fastPathJoin", raw::raw_function(ctx, c"fastPathJoin", 1, make_path_join)?)
}

#[cfg(test)]
mod tests {
    use super::normalize;

    #[test]
    fn normalizes_as_the_glue_does() {
        let cases: &[(&str, &str)] = &[
            ("/tmp/dir/f1.txt", "/tmp/dir/f1.txt"),
            ("a/b", "a/b"),
            ("/a//b/./c/../d/", "/a/b/d/"),
            ("./a", "a"),
            ("..", ".."),
            ("../../a/..", "../.."),
            ("/..", "/"),
            ("/../a", "/a"),
            ("./", "./"),
            (".", "."),
            ("a/..", "."),
            ("a/../", "./"),
            ("//", "/"),
            ("a/.b/..c", "a/.b/..c"),
            ("a/.b/../c", "a/c"),
        ];
        for (input, want) in cases {
            assert_eq!(std::str::from_utf8(&normalize(input.as_bytes())).unwrap(), *want, "{input}");
        }
    }
}
