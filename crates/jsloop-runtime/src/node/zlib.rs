//! The host side of `node:zlib` (js/node/zlib.js converts and checks
//! arguments as Node does): deflate, gzip and raw deflate through `flate2`,
//! Brotli through `brotli`, CRC-32 through `crc32fast`. The convenience
//! functions with a callback (`zlib.gzip(buf, cb)`, …) run on the thread
//! pool (jobs.rs), as Node runs them (`uv_queue_work`).
use std::io::{Read, Write};
use std::rc::Rc;

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
                jobs::submit(&s, &ctx, cb, move || run(&op, &input, level))
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
    host.set("zlib", zlib)?;
    Ok(())
}
