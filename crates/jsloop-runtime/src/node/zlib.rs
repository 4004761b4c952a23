//! The host side of `node:zlib` (js/node/zlib.js converts and checks
//! arguments as Node does): deflate, gzip and raw deflate through `flate2`,
//! Brotli through `brotli`, CRC-32 through `crc32fast`. The convenience
//! functions with a callback (`zlib.gzip(buf, cb)`, …) run on the thread
//! pool (jobs.rs), as Node runs them (`uv_queue_work`).
use std::cell::RefCell;
use std::collections::HashMap;
use std::io::{Read, Write};
use std::rc::Rc;
use std::sync::{Arc, Mutex};

use flate2::read::{DeflateDecoder, MultiGzDecoder, ZlibDecoder};
use flate2::write::{DeflateEncoder, ZlibEncoder};
use flate2::Compression;
use rquickjs::{Ctx, Function, Object, Value};

use super::jobs::{self, bytes_of, ErrorClass, JobError, JobResult};
use super::Shared;

/// zlib's return codes, as `error.errno` carries them.
const Z_DATA_ERROR: i32 = -3;
const Z_BUF_ERROR: i32 = -5;

fn zlib_error(errno: i32, message: &str) -> JobError {
    let code = if errno == Z_BUF_ERROR { "Z_BUF_ERROR" } else { "Z_DATA_ERROR" };
    JobError { class: ErrorClass::Error, message: message.into(), code: Some(code), errno: Some(errno) }
}

/// A decoder's failure as zlib reports it: input that ends early is
/// `unexpected end of file` (Z_BUF_ERROR); a header that is not the
/// format's is `incorrect header check`; other corrupt input is a
/// Z_DATA_ERROR with the decoder's own words.
fn decode_error(e: std::io::Error) -> JobError {
    if e.kind() == std::io::ErrorKind::UnexpectedEof {
        return zlib_error(Z_BUF_ERROR, "unexpected end of file");
    }
    zlib_error(Z_DATA_ERROR, &e.to_string())
}

fn read_all(mut reader: impl Read) -> JobResult {
    let mut out = Vec::new();
    reader.read_to_end(&mut out).map_err(decode_error)?;
    Ok(out)
}

/// RFC 1950's header check: CMF and FLG, read as a big-endian number, are a
/// multiple of 31, and the method is deflate.
fn zlib_header_ok(input: &[u8]) -> bool {
    input.len() < 2 || ((input[0] & 0x0f) == 8 && (u16::from(input[0]) << 8 | u16::from(input[1])) % 31 == 0)
}

/// RFC 1952's magic bytes.
fn gzip_header_ok(input: &[u8]) -> bool {
    input.len() < 2 || (input[0] == 0x1f && input[1] == 0x8b)
}

/// One compression or decompression, by the name of Node's function.
pub(crate) fn run(op: &str, input: &[u8], level: i32) -> JobResult {
    let compression =
        if (0..=9).contains(&level) { Compression::new(level as u32) } else { Compression::new(6) };
    let finish = |r: std::io::Result<Vec<u8>>| r.map_err(|e| zlib_error(Z_DATA_ERROR, &e.to_string()));
    match op {
        "deflate" => {
            let mut e = ZlibEncoder::new(Vec::new(), compression);
            finish(e.write_all(input).and_then(|_| e.finish()))
        }
        "deflateRaw" => {
            let mut e = DeflateEncoder::new(Vec::new(), compression);
            finish(e.write_all(input).and_then(|_| e.finish()))
        }
        "gzip" => {
            // Node's zlib writes OS 3 (Unix) and no file name or time.
            let mut e = flate2::GzBuilder::new().operating_system(3).write(Vec::new(), compression);
            finish(e.write_all(input).and_then(|_| e.finish()))
        }
        "inflate" => {
            if !zlib_header_ok(input) {
                return Err(zlib_error(Z_DATA_ERROR, "incorrect header check"));
            }
            read_all(ZlibDecoder::new(input))
        }
        "inflateRaw" => read_all(DeflateDecoder::new(input)),
        "gunzip" => {
            if !gzip_header_ok(input) {
                return Err(zlib_error(Z_DATA_ERROR, "incorrect header check"));
            }
            read_all(MultiGzDecoder::new(input))
        }
        // unzip: gzip or zlib, by the header (Node's GUNZIP | INFLATE mode).
        "unzip" => {
            if input.len() >= 2 && input[0] == 0x1f && input[1] == 0x8b {
                read_all(MultiGzDecoder::new(input))
            } else if zlib_header_ok(input) {
                read_all(ZlibDecoder::new(input))
            } else {
                Err(zlib_error(Z_DATA_ERROR, "incorrect header check"))
            }
        }
        "brotliCompress" => {
            // BROTLI_DEFAULT_QUALITY (11) unless BROTLI_PARAM_QUALITY says.
            let quality = if (0..=11).contains(&level) { level } else { 11 };
            let params = brotli::enc::BrotliEncoderParams { quality, ..Default::default() };
            let mut out = Vec::new();
            brotli::BrotliCompress(&mut &input[..], &mut out, &params)
                .map_err(|e| zlib_error(Z_DATA_ERROR, &e.to_string()))?;
            Ok(out)
        }
        "brotliDecompress" => brotli_decompress(input),
        _ => Err(JobError::new(
            ErrorClass::TypeError,
            "ERR_INVALID_ARG_VALUE",
            format!("unknown zlib operation {op}"),
        )),
    }
}

/// Brotli decoding, a chunk of output at a time: input that ends before the
/// stream does is `unexpected end of file` (Z_BUF_ERROR), as Node reports
/// it; corrupt input is `Decompression failed`.
fn brotli_decompress(input: &[u8]) -> JobResult {
    use brotli::{BrotliDecompressStream, BrotliResult, BrotliState, HeapAlloc};
    let mut state =
        BrotliState::new(HeapAlloc::<u8>::default(), HeapAlloc::<u32>::default(), HeapAlloc::default());
    let (mut available_in, mut input_offset) = (input.len(), 0usize);
    let mut out = Vec::new();
    let mut chunk = vec![0u8; 64 * 1024];
    let mut written = 0usize;
    loop {
        let (mut available_out, mut output_offset) = (chunk.len(), 0usize);
        let result = BrotliDecompressStream(
            &mut available_in,
            &mut input_offset,
            input,
            &mut available_out,
            &mut output_offset,
            &mut chunk,
            &mut written,
            &mut state,
        );
        out.extend_from_slice(&chunk[..output_offset]);
        match result {
            BrotliResult::NeedsMoreOutput => continue,
            BrotliResult::ResultSuccess => return Ok(out),
            BrotliResult::NeedsMoreInput => return Err(zlib_error(Z_BUF_ERROR, "unexpected end of file")),
            BrotliResult::ResultFailure => {
                return Err(JobError {
                    class: ErrorClass::Error,
                    message: "Decompression failed".into(),
                    code: Some("ERR_BROTLI_DECOMPRESSION_FAILED"),
                    errno: None,
                })
            }
        }
    }
}

/// One zlib or Brotli stream's state (`zlib.createGzip()`, …): chunks go in
/// as they are written, what the coder has produced so far comes out.
trait Coder: Send {
    fn write(&mut self, input: &[u8]) -> std::io::Result<Vec<u8>>;
    fn finish(&mut self) -> std::io::Result<Vec<u8>>;
}

macro_rules! flate_coder {
    ($($t:ty),*) => {$(
        impl Coder for $t {
            fn write(&mut self, input: &[u8]) -> std::io::Result<Vec<u8>> {
                self.write_all(input)?;
                Ok(std::mem::take(self.get_mut()))
            }
            fn finish(&mut self) -> std::io::Result<Vec<u8>> {
                self.try_finish()?;
                Ok(std::mem::take(self.get_mut()))
            }
        }
    )*};
}
flate_coder!(
    flate2::write::ZlibEncoder<Vec<u8>>,
    flate2::write::DeflateEncoder<Vec<u8>>,
    flate2::write::GzEncoder<Vec<u8>>,
    flate2::write::ZlibDecoder<Vec<u8>>,
    flate2::write::DeflateDecoder<Vec<u8>>,
    flate2::write::MultiGzDecoder<Vec<u8>>
);

/// Brotli's encoder; taken when the stream ends (that writes its last block).
struct BrotliEncoder(Option<brotli::CompressorWriter<Vec<u8>>>);

impl Coder for BrotliEncoder {
    fn write(&mut self, input: &[u8]) -> std::io::Result<Vec<u8>> {
        let w = self.0.as_mut().ok_or_else(|| std::io::Error::other("write after end"))?;
        w.write_all(input)?;
        Ok(std::mem::take(w.get_mut()))
    }
    fn finish(&mut self) -> std::io::Result<Vec<u8>> {
        Ok(self.0.take().map(|w| w.into_inner()).unwrap_or_default())
    }
}

struct BrotliDecoder(brotli::DecompressorWriter<Vec<u8>>);

impl Coder for BrotliDecoder {
    fn write(&mut self, input: &[u8]) -> std::io::Result<Vec<u8>> {
        self.0.write_all(input)?;
        Ok(std::mem::take(self.0.get_mut()))
    }
    fn finish(&mut self) -> std::io::Result<Vec<u8>> {
        self.0.close().map_err(|_| std::io::Error::from(std::io::ErrorKind::UnexpectedEof))?;
        Ok(std::mem::take(self.0.get_mut()))
    }
}

/// Checks the format's header on the first bytes, as zlib does before it
/// inflates anything.
struct HeaderChecked {
    inner: Box<dyn Coder>,
    check: fn(&[u8]) -> bool,
    head: Vec<u8>,
    checked: bool,
}

impl Coder for HeaderChecked {
    fn write(&mut self, input: &[u8]) -> std::io::Result<Vec<u8>> {
        if !self.checked {
            self.head.extend_from_slice(&input[..input.len().min(2 - self.head.len().min(2))]);
            if self.head.len() >= 2 {
                self.checked = true;
                if !(self.check)(&self.head) {
                    return Err(std::io::Error::new(
                        std::io::ErrorKind::InvalidData,
                        "incorrect header check",
                    ));
                }
            }
        }
        self.inner.write(input)
    }
    fn finish(&mut self) -> std::io::Result<Vec<u8>> {
        self.inner.finish()
    }
}

/// A decompressor that ends with its compressed stream: bytes after it are
/// an error (zlib's `rejectGarbageAfterEnd`, which Node's
/// `DecompressionStream` sets), from the shared decoders (compression.rs).
/// What came out before a failure is given first, as zlib's callback
/// gives it, and the failure with the next write or the end.
struct Strict(crate::compression::Decompressor, Option<crate::compression::Failure>);

/// The message a [`Strict`] decompressor's trailing bytes give, which
/// [`coder_error`] makes Node's ERR_TRAILING_JUNK_AFTER_STREAM_END.
const TRAILING_JUNK: &str = "Trailing junk found after the end of the compressed stream";

impl Strict {
    fn failure(f: crate::compression::Failure) -> std::io::Error {
        use crate::compression::Failure;
        match f {
            Failure::Invalid(why) => std::io::Error::new(std::io::ErrorKind::InvalidData, why),
            Failure::Truncated => std::io::Error::from(std::io::ErrorKind::UnexpectedEof),
            Failure::TrailingJunk => std::io::Error::other(TRAILING_JUNK),
        }
    }
}

impl Coder for Strict {
    fn write(&mut self, input: &[u8]) -> std::io::Result<Vec<u8>> {
        if let Some(failure) = self.1.take() {
            return Err(Strict::failure(failure));
        }
        let mut out = Vec::new();
        match self.0.write_into(input, &mut out) {
            Ok(()) => Ok(out),
            Err(failure) if !out.is_empty() => {
                self.1 = Some(failure);
                Ok(out)
            }
            Err(failure) => Err(Strict::failure(failure)),
        }
    }
    fn finish(&mut self) -> std::io::Result<Vec<u8>> {
        if let Some(failure) = self.1.take() {
            return Err(Strict::failure(failure));
        }
        self.0.finish().map_err(Strict::failure)
    }
}

fn new_coder(op: &str, level: i32) -> Option<Box<dyn Coder>> {
    let compression =
        if (0..=9).contains(&level) { Compression::new(level as u32) } else { Compression::new(6) };
    let checked = |inner: Box<dyn Coder>, check: fn(&[u8]) -> bool| -> Box<dyn Coder> {
        Box::new(HeaderChecked { inner, check, head: Vec::new(), checked: false })
    };
    Some(match op {
        "deflate" => Box::new(ZlibEncoder::new(Vec::new(), compression)),
        "deflateRaw" => Box::new(DeflateEncoder::new(Vec::new(), compression)),
        "gzip" => Box::new(flate2::GzBuilder::new().operating_system(3).write(Vec::new(), compression)),
        "inflate" => checked(Box::new(flate2::write::ZlibDecoder::new(Vec::new())), zlib_header_ok),
        "inflateRaw" => Box::new(flate2::write::DeflateDecoder::new(Vec::new())),
        "gunzip" => checked(Box::new(flate2::write::MultiGzDecoder::new(Vec::new())), gzip_header_ok),
        "brotliCompress" => {
            let quality = if (0..=11).contains(&level) { level as u32 } else { 11 };
            Box::new(BrotliEncoder(Some(brotli::CompressorWriter::new(Vec::new(), 4096, quality, 22))))
        }
        "brotliDecompress" => Box::new(BrotliDecoder(brotli::DecompressorWriter::new(Vec::new(), 4096))),
        "inflateStrict" | "inflateRawStrict" | "gunzipStrict" => {
            use crate::compression::{Decompressor, Format};
            let format = match op {
                "inflateStrict" => Format::Deflate,
                "inflateRawStrict" => Format::DeflateRaw,
                _ => Format::Gzip,
            };
            Box::new(Strict(Decompressor::new(format), None))
        }
        _ => return None,
    })
}

fn coder_error(e: std::io::Error) -> JobError {
    if e.kind() == std::io::ErrorKind::Other && e.to_string() == TRAILING_JUNK {
        return JobError {
            class: ErrorClass::TypeError,
            message: TRAILING_JUNK.into(),
            code: Some("ERR_TRAILING_JUNK_AFTER_STREAM_END"),
            errno: None,
        };
    }
    if e.kind() == std::io::ErrorKind::UnexpectedEof {
        return zlib_error(Z_BUF_ERROR, "unexpected end of file");
    }
    zlib_error(Z_DATA_ERROR, &e.to_string())
}

/// Installs the zlib host functions on `host`.
pub(crate) fn install<'js>(ctx: &Ctx<'js>, host: &Object<'js>, shared: &Rc<Shared>) -> rquickjs::Result<()> {
    let zlib = Object::new(ctx.clone())?;
    zlib.set(
        "runSync",
        Function::new(ctx.clone(), |ctx: Ctx<'js>, op: String, input: Value<'js>, level: i32| {
            match run(&op, &bytes_of(&input), level) {
                Ok(bytes) => Ok(rquickjs::TypedArray::<u8>::new(ctx.clone(), bytes)?.into_value()),
                Err(e) => Err(e.throw(&ctx)),
            }
        })?,
    )?;
    let s = shared.clone();
    zlib.set(
        "runAsync",
        Function::new(
            ctx.clone(),
            move |ctx: Ctx<'js>, op: String, input: Value<'js>, level: i32, cb: Function<'js>| {
                let input = bytes_of(&input);
                let name = jobs::JobName::new(format!("zlib.{op}"), format!("{} bytes", input.len()));
                jobs::submit(&s, &ctx, name, cb, move || run(&op, &input, level))
            },
        )?,
    )?;
    zlib.set(
        "crc32",
        Function::new(ctx.clone(), |input: Value<'js>, initial: f64| {
            let mut h = crc32fast::Hasher::new_with_initial(initial as u32);
            h.update(&bytes_of(&input));
            h.finalize() as f64
        })?,
    )?;

    // Streams: each write is a pool request, as Node's zlib streams write on
    // libuv's pool; their callbacks come in the poll phase.
    type Coders = Rc<RefCell<(u32, HashMap<u32, Arc<Mutex<Box<dyn Coder>>>>)>>;
    let coders: Coders = Rc::default();
    let c = coders.clone();
    zlib.set(
        "streamNew",
        Function::new(ctx.clone(), move |op: String, level: i32| -> Option<u32> {
            let coder = new_coder(&op, level)?;
            let mut c = c.borrow_mut();
            c.0 += 1;
            let id = c.0;
            c.1.insert(id, Arc::new(Mutex::new(coder)));
            Some(id)
        })?,
    )?;
    let (c, s) = (coders.clone(), shared.clone());
    zlib.set(
        "streamWrite",
        Function::new(
            ctx.clone(),
            move |ctx: Ctx<'js>, id: u32, input: Value<'js>, last: bool, cb: Function<'js>| {
                let Some(coder) = c.borrow().1.get(&id).cloned() else {
                    return Err(JobError::new(
                        ErrorClass::Error,
                        "ERR_ZLIB_BINDING_CLOSED",
                        "zlib binding closed",
                    )
                    .throw(&ctx));
                };
                if last {
                    c.borrow_mut().1.remove(&id);
                }
                let input = bytes_of(&input);
                let name = jobs::JobName::new("zlib.write", format!("stream {id}, {} bytes", input.len()));
                jobs::submit(&s, &ctx, name, cb, move || {
                    let mut coder = coder.lock().unwrap_or_else(|e| e.into_inner());
                    let mut out = coder.write(&input).map_err(coder_error)?;
                    if last {
                        out.extend(coder.finish().map_err(coder_error)?);
                    }
                    Ok(out)
                })
            },
        )?,
    )?;
    let c = coders.clone();
    zlib.set(
        "streamClose",
        Function::new(ctx.clone(), move |id: u32| {
            c.borrow_mut().1.remove(&id);
        })?,
    )?;
    host.set("zlib", zlib)?;
    Ok(())
}
