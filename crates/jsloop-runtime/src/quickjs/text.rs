//! A string's text as UTF-8 the way the platforms write it out: QuickJS's
//! UTF-8 of a string (`JS_ToCStringLen2` without CESU-8) writes a lone
//! surrogate as its own three bytes (0xED, then 0xA0..=0xBF, then a
//! continuation byte), which UTF-8 never holds and Rust's `String` refuses.
//! Node writes such a string with V8's `REPLACE_INVALID_UTF8` (a path in
//! src/util.cc's BufferValue, a stream's text in StreamBase::WriteString,
//! process.stdout's writes), and `String.prototype.toWellFormed` does the
//! same: each lone surrogate becomes U+FFFD.
use std::borrow::Cow;

use rquickjs::{qjs, Ctx, FromJs, Value};

/// QuickJS's UTF-8 of a string with each lone surrogate U+FFFD.
pub(crate) fn well_formed(bytes: &[u8]) -> Cow<'_, str> {
    if let Ok(text) = std::str::from_utf8(bytes) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(bytes.len());
    let mut rest = bytes;
    loop {
        match std::str::from_utf8(rest) {
            Ok(text) => {
                out.push_str(text);
                return Cow::Owned(out);
            }
            Err(e) => {
                let (valid, after) = rest.split_at(e.valid_up_to());
                // SAFETY: from_utf8 checked these bytes.
                out.push_str(unsafe { std::str::from_utf8_unchecked(valid) });
                out.push('\u{fffd}');
                let surrogate = matches!(after, [0xED, 0xA0..=0xBF, 0x80..=0xBF, ..]);
                rest = &after[if surrogate { 3 } else { e.error_len().unwrap_or(after.len()).max(1) }..];
            }
        }
    }
}

/// What `f` makes of a string's UTF-8 as QuickJS writes it, or None when
/// QuickJS could not give it (out of memory; its exception is cleared).
///
/// # Safety
/// `ctx` must be a live context and `v` a string of its runtime.
pub(crate) unsafe fn with_bytes<R>(
    ctx: *mut qjs::JSContext,
    v: qjs::JSValue,
    f: impl FnOnce(&[u8]) -> R,
) -> Option<R> {
    let mut len = 0;
    let ptr = unsafe { qjs::JS_ToCStringLen2(ctx, &mut len, v, false) };
    if ptr.is_null() {
        unsafe { qjs::JS_FreeValue(ctx, qjs::JS_GetException(ctx)) };
        return None;
    }
    let out = f(unsafe { std::slice::from_raw_parts(ptr as *const u8, len as usize) });
    unsafe { qjs::JS_FreeCString(ctx, ptr) };
    Some(out)
}

/// A host function's string argument as well-formed UTF-8 (lone surrogates
/// U+FFFD); a value that is not a string converts as `String` does.
pub(crate) struct WellFormed(pub String);

impl<'js> FromJs<'js> for WellFormed {
    fn from_js(ctx: &Ctx<'js>, value: Value<'js>) -> rquickjs::Result<Self> {
        if value.is_string() {
            // SAFETY: ctx is live and value one of its strings.
            let text =
                unsafe { with_bytes(ctx.as_raw().as_ptr(), value.as_raw(), |b| well_formed(b).into_owned()) };
            if let Some(text) = text {
                return Ok(WellFormed(text));
            }
        }
        String::from_js(ctx, value).map(WellFormed)
    }
}

#[cfg(test)]
mod tests {
    use super::well_formed;

    #[test]
    fn lone_surrogates_become_replacement_characters() {
        // QuickJS's UTF-8 of "a\ud800b\udc00" and of a pair, U+1F600.
        assert_eq!(well_formed(b"a\xed\xa0\x80b\xed\xb0\x80"), "a\u{fffd}b\u{fffd}");
        assert_eq!(well_formed("\u{1f600}x".as_bytes()), "\u{1f600}x");
        assert_eq!(well_formed(b"\xed\xa0\x80"), "\u{fffd}");
        assert!(matches!(well_formed(b"plain"), std::borrow::Cow::Borrowed("plain")));
    }
}
