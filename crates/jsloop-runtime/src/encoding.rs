//! The host functions under `TextEncoder` and `TextDecoder` (the Encoding
//! Standard, <https://encoding.spec.whatwg.org/>), shared by both hosts: the
//! glue (`src/js/encoding.js`) calls them through its `deps`.
//!
//! Decoding is `encoding_rs`'s, for every encoding the standard names: the
//! glue asks for an encoding's name from a label (`encodingForLabel`),
//! decodes a whole input at once (`decode`), and for `{ stream: true }`
//! keeps a decoder here between calls (`decoderOpen`, `decoderDecode`,
//! `decoderClose`), since a multi-byte decoder's state (a lead byte, an
//! ISO-2022-JP mode) is the decoder's own.
use std::cell::RefCell;
use std::collections::HashMap;
use std::ffi::c_int;

use encoding_rs::{DecoderResult, Encoding};

use rquickjs::{qjs, Ctx, Function, Object, Value};

use crate::quickjs::raw::{self, raw_fn, raw_function};

thread_local! {
    /// The decoders of streams in progress on this thread, by the id the
    /// glue holds (a `TextDecoder`'s "decoder" between `stream` calls).
    static DECODERS: RefCell<(u32, HashMap<u32, encoding_rs::Decoder>)> = RefCell::new((0, HashMap::new()));
}

/// <https://encoding.spec.whatwg.org/#concept-encoding-get>, with the
/// replacement encoding as failure (TextDecoder's constructor, step 2).
fn for_label(label: &str) -> Option<&'static Encoding> {
    Encoding::for_label_no_replacement(label.as_bytes())
}

/// A new instance of `encoding`'s decoder, with BOM handling as
/// <https://encoding.spec.whatwg.org/#concept-td-serialize> and
/// TextDecoder's "ignore BOM" ask: the encoding's own BOM is dropped at
/// the start of the stream unless `ignore_bom`; no BOM sniffing either way.
fn new_decoder(encoding: &'static Encoding, ignore_bom: bool) -> encoding_rs::Decoder {
    if ignore_bom {
        encoding.new_decoder_without_bom_handling()
    } else {
        encoding.new_decoder_with_bom_removal()
    }
}

/// <https://encoding.spec.whatwg.org/#decode-and-encode>: runs `decoder` over
/// `bytes` (`last`: the end of the stream, an incomplete sequence is an
/// error). Error mode replacement gives U+FFFD for each error; error mode
/// fatal gives `None` at the first.
fn run(decoder: &mut encoding_rs::Decoder, bytes: &[u8], last: bool, fatal: bool) -> Option<String> {
    let capacity = decoder.max_utf8_buffer_length(bytes.len()).unwrap_or(bytes.len() * 3 + 16);
    let mut out = String::with_capacity(capacity);
    if fatal {
        let (result, _read) = decoder.decode_to_string_without_replacement(bytes, &mut out, last);
        match result {
            DecoderResult::InputEmpty => Some(out),
            // (The capacity is the decoder's own worst case.)
            DecoderResult::OutputFull | DecoderResult::Malformed(..) => None,
        }
    } else {
        let (_result, _read, _replaced) = decoder.decode_to_string(bytes, &mut out, last);
        Some(out)
    }
}

/// Node's latin1 (and ascii) encoding of a well-formed string: the low byte
/// of each UTF-16 code unit (src/string_bytes.cc writes a string's units so),
/// a character outside the BMP being its two surrogates.
pub(crate) fn latin1_bytes(text: &str) -> std::borrow::Cow<'_, [u8]> {
    if text.is_ascii() {
        return std::borrow::Cow::Borrowed(text.as_bytes());
    }
    let mut units = [0u16; 2];
    let mut out = Vec::with_capacity(text.len());
    for c in text.chars() {
        out.extend(c.encode_utf16(&mut units).iter().map(|u| *u as u8));
    }
    std::borrow::Cow::Owned(out)
}

/// A string of UTF-8 `text` (QuickJS keeps it in one byte a character when
/// every character fits).
unsafe fn new_string(ctx: *mut qjs::JSContext, text: &str) -> qjs::JSValue {
    unsafe { qjs::JS_NewStringLen(ctx, text.as_ptr().cast(), text.len() as _) }
}

/// The decoders' common steps: `decode` of the bytes of the Uint8Array
/// that is argument 0 (read before any script runs), guarded.
unsafe fn decode_bytes(
    ctx: *mut qjs::JSContext,
    argc: c_int,
    argv: *mut qjs::JSValue,
    decode: impl FnOnce(&[u8]) -> qjs::JSValue,
) -> qjs::JSValue {
    raw::guarded(ctx, c"encoding", || unsafe {
        match raw::uint8_bytes(ctx, raw::arg(argc, argv, 0)) {
            Some(bytes) => decode(bytes),
            None => qjs::JS_EXCEPTION,
        }
    })
}

raw_fn!(
    /// `utf8Decode(bytes)`: https://encoding.spec.whatwg.org/#utf-8-decode-without-bom
    /// of a Uint8Array's bytes; each maximal ill-formed subpart is one U+FFFD,
    /// as the standard's decoder (and Rust's lossy conversion) give.
    utf8_decode => |ctx, argc, argv| decode_bytes(ctx, argc, argv, |bytes| new_string(ctx, &String::from_utf8_lossy(bytes)))
);

/// Node's latin1 (`binary`) decoding of `bytes`: each byte is the code
/// point of the same value (src/string_bytes.cc makes a one-byte string of
/// the bytes).
pub(crate) unsafe fn latin1_string(ctx: *mut qjs::JSContext, bytes: &[u8]) -> qjs::JSValue {
    if bytes.is_ascii() {
        // SAFETY: ASCII is UTF-8.
        unsafe { new_string(ctx, std::str::from_utf8_unchecked(bytes)) }
    } else {
        unsafe { new_string(ctx, &bytes.iter().map(|&b| char::from(b)).collect::<String>()) }
    }
}

raw_fn!(
    /// `latin1Decode(bytes, lenient)`: Node's latin1 (`binary`) decoding
    /// (Buffer#toString('latin1')) of a Uint8Array's bytes. `lenient`: a
    /// value that is not a Uint8Array in bounds (of any prototype: a Buffer
    /// or not), or is none, gives undefined instead of a TypeError, for a
    /// caller that then takes its own steps for it (StringDecoder#write,
    /// js/node/string_decoder.js, whose check this is in one call).
    latin1_decode => |ctx, argc, argv| {
        if argc > 1 && raw::truthy(ctx, raw::arg(argc, argv, 1)) {
            return raw::guarded(ctx, c"encoding", || unsafe { latin1_view(ctx, raw::arg(argc, argv, 0)) });
        }
        decode_bytes(ctx, argc, argv, |bytes| latin1_string(ctx, bytes))
    }
);

/// latin1Decode's lenient steps: the string of a Uint8Array's bytes (as
/// latin1Decode gives it), or undefined for anything else and for one that
/// latin1Decode would throw for (out of bounds).
unsafe fn latin1_view(ctx: *mut qjs::JSContext, value: qjs::JSValue) -> qjs::JSValue {
    unsafe {
        let kind = qjs::JS_GetTypedArrayType(value);
        if kind != qjs::JSTypedArrayEnum_JS_TYPED_ARRAY_UINT8 as c_int
            && kind != qjs::JSTypedArrayEnum_JS_TYPED_ARRAY_UINT8C as c_int
        {
            return qjs::JS_UNDEFINED;
        }
        match raw::uint8_bytes(ctx, value) {
            Some(bytes) => latin1_string(ctx, bytes),
            None => {
                qjs::JS_FreeValue(ctx, qjs::JS_GetException(ctx));
                qjs::JS_UNDEFINED
            }
        }
    }
}

/// Sets `utf8Encode`, `latin1Encode`, `utf8Length`, `utf8Decode`, `latin1Decode` and the decoder functions on `obj`.
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
    // Buffer.from(string, 'latin1' | 'ascii') of a well-formed string (the
    // glue encodes one with lone surrogates itself).
    obj.set(
        "latin1Encode",
        Function::new(
            ctx.clone(),
            |ctx: Ctx<'js>, text: String| -> rquickjs::Result<rquickjs::ArrayBuffer<'js>> {
                rquickjs::ArrayBuffer::new(ctx, latin1_bytes(&text).into_owned())
            },
        )?,
    )?;
    // The length of utf8Encode's result, without making it (Buffer.byteLength).
    obj.set("utf8Length", Function::new(ctx.clone(), |text: String| text.len() as f64)?)?;
    // Where `needle` occurs in `haystack` (both byte views): the first
    // occurrence at or after `from` (`forward`), or the last that starts at
    // or before it; -1 if none. Buffer's indexOf, lastIndexOf and includes
    // (src/node_buffer.cc's IndexOfBuffer and IndexOfString, which search
    // the bytes natively too); the glue handles an empty needle and the
    // offsets' coercion.
    obj.set(
        "bytesIndexOf",
        Function::new(
            ctx.clone(),
            |haystack: rquickjs::TypedArray<'js, u8>,
             needle: rquickjs::TypedArray<'js, u8>,
             from: f64,
             forward: bool|
             -> f64 {
                // SAFETY: both are read at once; no JavaScript runs while
                // they are borrowed.
                let (hay, needle) = unsafe {
                    (haystack.as_bytes().unwrap_or_default(), needle.as_bytes().unwrap_or_default())
                };
                if needle.is_empty() || needle.len() > hay.len() || from < 0.0 {
                    return -1.0;
                }
                let from = from as usize;
                let found = if forward {
                    hay.get(from..).and_then(|rest| memchr::memmem::find(rest, needle)).map(|i| i + from)
                } else {
                    memchr::memmem::rfind(&hay[..from.saturating_add(needle.len()).min(hay.len())], needle)
                };
                found.map_or(-1.0, |i| i as f64)
            },
        )?,
    )?;
    // https://encoding.spec.whatwg.org/#utf-8-decode-without-bom: each
    // maximal ill-formed subpart is one U+FFFD, as the standard's decoder
    // (and Rust's lossy conversion) give.
    // (Raw C functions, below: a socket's reads decode a chunk each.)
    obj.set("utf8Decode", raw_function(ctx, c"utf8Decode", 1, utf8_decode)?)?;
    // Node's latin1 (`binary`) decoding (Buffer#toString('latin1')): each
    // byte is the code point of the same value (src/string_bytes.cc makes a
    // one-byte string of the bytes).
    obj.set("latin1Decode", raw_function(ctx, c"latin1Decode", 1, latin1_decode)?)?;
    // An encoding's name (https://encoding.spec.whatwg.org/#names-and-labels,
    // lowercase as TextDecoder's `encoding` getter gives it), or undefined
    // for failure and the replacement encoding.
    obj.set(
        "encodingForLabel",
        Function::new(ctx.clone(), |label: String| -> Option<String> {
            for_label(&label).map(|encoding| encoding.name().to_ascii_lowercase())
        })?,
    )?;
    // A whole input through a new decoder: a string, or undefined for a fatal
    // decoder's error.
    obj.set(
        "decode",
        Function::new(
            ctx.clone(),
            |label: String,
             bytes: rquickjs::TypedArray<'js, u8>,
             ignore_bom: bool,
             fatal: bool|
             -> Option<String> {
                let encoding = for_label(&label)?;
                let mut decoder = new_decoder(encoding, ignore_bom);
                // SAFETY: as utf8Decode's.
                let slice = unsafe { bytes.as_bytes() }.unwrap_or_default();
                run(&mut decoder, slice, true, fatal)
            },
        )?,
    )?;
    // A decoder kept for a stream: its id (0 for an unknown label).
    obj.set(
        "decoderOpen",
        Function::new(ctx.clone(), |label: String, ignore_bom: bool| -> u32 {
            let Some(encoding) = for_label(&label) else { return 0 };
            DECODERS.with_borrow_mut(|(next, decoders)| {
                *next = next.wrapping_add(1).max(1);
                decoders.insert(*next, new_decoder(encoding, ignore_bom));
                *next
            })
        })?,
    )?;
    // The next chunk of a stream; `last` flushes and forgets the decoder. A
    // string, or undefined for a fatal decoder's error (the decoder is forgotten:
    // the glue starts a new one, as a TextDecoder whose decode threw does).
    obj.set(
        "decoderDecode",
        Function::new(
            ctx.clone(),
            |id: u32, bytes: rquickjs::TypedArray<'js, u8>, last: bool, fatal: bool| -> Option<String> {
                // SAFETY: as utf8Decode's.
                let slice = unsafe { bytes.as_bytes() }.unwrap_or_default();
                DECODERS.with_borrow_mut(|(_, decoders)| {
                    let decoder = decoders.get_mut(&id)?;
                    let text = run(decoder, slice, last, fatal);
                    if last || text.is_none() {
                        decoders.remove(&id);
                    }
                    text
                })
            },
        )?,
    )?;
    // Forgets a stream's decoder (its TextDecoder was collected mid-stream).
    obj.set(
        "decoderClose",
        Function::new(ctx.clone(), |id: Value<'js>| {
            if let Some(id) = id.as_int() {
                DECODERS.with_borrow_mut(|(_, decoders)| decoders.remove(&(id as u32)));
            }
        })?,
    )?;
    Ok(())
}
