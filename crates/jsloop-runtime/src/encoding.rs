//! The host functions under `TextEncoder` and `TextDecoder` (the Encoding
//! Standard, <https://encoding.spec.whatwg.org/>), shared by both hosts: the
//! glue (`src/js/encoding.js`) calls them through its `deps`.
use rquickjs::{Ctx, Function, Object};

/// Sets `utf8Encode` and `utf8Decode` on `obj`.
pub(crate) fn install<'js>(ctx: &Ctx<'js>, obj: &Object<'js>) -> rquickjs::Result<()> {
    // https://encoding.spec.whatwg.org/#utf-8-encode (the glue passes a
    // well-formed string: lone surrogates are U+FFFD already).
    obj.set(
        "utf8Encode",
        Function::new(
            ctx.clone(),
            |ctx: Ctx<'js>, text: String| -> rquickjs::Result<rquickjs::ArrayBuffer<'js>> {
                rquickjs::ArrayBuffer::new(ctx, text.into_bytes())
            },
        )?,
    )?;
    // https://encoding.spec.whatwg.org/#utf-8-decode-without-bom: each
    // maximal ill-formed subpart is one U+FFFD, as the standard's decoder
    // (and Rust's lossy conversion) give.
    obj.set(
        "utf8Decode",
        Function::new(ctx.clone(), |bytes: rquickjs::TypedArray<'js, u8>| -> String {
            // SAFETY: the bytes are read at once; no JavaScript runs while
            // they are borrowed, so the buffer cannot be detached meanwhile.
            let slice = unsafe { bytes.as_bytes() }.unwrap_or_default();
            String::from_utf8_lossy(slice).into_owned()
        })?,
    )?;
    Ok(())
}
