//! The Compression Standard's formats (<https://compression.spec.whatwg.org/>):
//! "deflate" (RFC 1950, ZLIB), "deflate-raw" (RFC 1951, DEFLATE) and
//! "gzip" (RFC 1952), as streams of chunks, for `CompressionStream` and
//! `DecompressionStream` on the browser host (`js/23_compression.js`); the
//! node host's zlib streams use the decompressor for Node's
//! `DecompressionStream` (zlib's `rejectGarbageAfterEnd`).
//!
//! The DEFLATE coding is `flate2`'s; the ZLIB and GZIP framing is read here,
//! since the standard asks a decompressor what zlib's one-member inflate
//! does not say alone: whether the end of the compressed stream has been
//! reached, and whether bytes follow it.
use std::cell::RefCell;
use std::collections::HashMap;

use flate2::{Compress, Compression, Decompress, FlushCompress, FlushDecompress, Status};
use rquickjs::{Ctx, Function, Object};

/// <https://compression.spec.whatwg.org/#enumdef-compressionformat>
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Format {
    Deflate,
    DeflateRaw,
    Gzip,
}

impl Format {
    pub(crate) fn parse(name: &str) -> Option<Format> {
        match name {
            "deflate" => Some(Format::Deflate),
            "deflate-raw" => Some(Format::DeflateRaw),
            "gzip" => Some(Format::Gzip),
            _ => None,
        }
    }
}

/// Why a decompression failed (each a TypeError, worded by the glue).
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Failure {
    /// The data is not of the format (zlib's words for why).
    Invalid(String),
    /// The input ended before the end of the compressed stream.
    Truncated,
    /// Bytes follow the end of the compressed stream.
    TrailingJunk,
}

/// The GZIP member header a compressor writes (RFC 1952 §2.3): no flags,
/// no modification time, no extra flags, OS 3 (Unix), as zlib writes it.
const GZIP_HEADER: [u8; 10] = [0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3];

/// <https://compression.spec.whatwg.org/#compress-and-enqueue-a-chunk> and
/// #compress-flush-and-enqueue: one format's compressor.
struct Compressor {
    format: Format,
    deflate: Compress,
    crc: crc32fast::Hasher,
    size: u32,
    header_written: bool,
}

impl Compressor {
    fn new(format: Format) -> Compressor {
        Compressor {
            format,
            deflate: Compress::new(Compression::default(), format == Format::Deflate),
            crc: crc32fast::Hasher::new(),
            size: 0,
            header_written: false,
        }
    }

    fn header(&mut self, out: &mut Vec<u8>) {
        if self.format == Format::Gzip && !self.header_written {
            out.extend_from_slice(&GZIP_HEADER);
        }
        self.header_written = true;
    }

    /// Compresses `input` with flush mode "none": what the compressor can
    /// give so far.
    fn write(&mut self, input: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        self.header(&mut out);
        self.crc.update(input);
        self.size = self.size.wrapping_add(input.len() as u32);
        let deflate = &mut self.deflate;
        let total_in = deflate.total_in();
        let mut consumed = 0u64;
        while (consumed as usize) < input.len() {
            out.reserve(input.len() + 64);
            let before = deflate.total_in();
            // (A compressor never fails on its own input.)
            let _ = deflate.compress_vec(&input[consumed as usize..], &mut out, FlushCompress::None);
            consumed = deflate.total_in() - total_in;
            if deflate.total_in() == before && out.len() < out.capacity() {
                break;
            }
        }
        out
    }

    /// Flush mode "finish": the rest, and the format's trailer.
    fn finish(&mut self) -> Vec<u8> {
        let mut out = Vec::new();
        self.header(&mut out);
        loop {
            out.reserve(1024);
            match self.deflate.compress_vec(&[], &mut out, FlushCompress::Finish) {
                Ok(Status::StreamEnd) | Err(_) => break,
                Ok(_) => {}
            }
        }
        if self.format == Format::Gzip {
            // RFC 1952 §2.3.1: CRC32 and ISIZE, little-endian.
            out.extend_from_slice(&self.crc.clone().finalize().to_le_bytes());
            out.extend_from_slice(&self.size.to_le_bytes());
        }
        out
    }
}

/// Where a decompressor is in its input.
enum Stage {
    /// The GZIP header so far.
    Header(Vec<u8>),
    /// DEFLATE data (for "deflate", the ZLIB header and trailer too: the
    /// inflater reads them).
    Body,
    /// The GZIP trailer so far.
    Trailer(Vec<u8>),
    /// After the end of the compressed stream.
    Done,
}

/// <https://compression.spec.whatwg.org/#decompress-and-enqueue-a-chunk> and
/// #decompress-flush-and-enqueue: one format's decompressor.
pub(crate) struct Decompressor {
    format: Format,
    inflate: Decompress,
    stage: Stage,
    /// The first two bytes of a ZLIB stream, kept until both are checked.
    zlib_head: Vec<u8>,
    crc: crc32fast::Hasher,
    size: u32,
}

/// The length of a complete GZIP member header at the start of `bytes`
/// (RFC 1952 §2.3), `Ok(None)` if more bytes are needed.
fn gzip_header_length(bytes: &[u8]) -> Result<Option<usize>, Failure> {
    if bytes.len() >= 2 && (bytes[0] != 0x1f || bytes[1] != 0x8b) {
        return Err(Failure::Invalid("incorrect header check".into()));
    }
    if bytes.len() >= 3 && bytes[2] != 8 {
        return Err(Failure::Invalid("unknown compression method".into()));
    }
    if bytes.len() < 10 {
        return Ok(None);
    }
    let flags = bytes[3];
    if flags & 0xe0 != 0 {
        return Err(Failure::Invalid("unknown header flags set".into()));
    }
    let mut at = 10;
    // FEXTRA: a two-byte length, then that many bytes.
    if flags & 4 != 0 {
        let Some(len) = bytes.get(at..at + 2) else { return Ok(None) };
        at += 2 + usize::from(u16::from_le_bytes([len[0], len[1]]));
    }
    // FNAME and FCOMMENT: zero-terminated.
    for flag in [8, 16] {
        if flags & flag != 0 {
            let Some(rest) = bytes.get(at..) else { return Ok(None) };
            let Some(end) = rest.iter().position(|&b| b == 0) else { return Ok(None) };
            at += end + 1;
        }
    }
    // FHCRC: two bytes.
    if flags & 2 != 0 {
        at += 2;
    }
    Ok((bytes.len() >= at).then_some(at))
}

/// RFC 1950 §2.2: CM is 8 and CMF·256 + FLG is a multiple of 31.
fn check_zlib_header(cmf: u8, flg: u8) -> Result<(), Failure> {
    if (u16::from(cmf) << 8 | u16::from(flg)) % 31 != 0 {
        return Err(Failure::Invalid("incorrect header check".into()));
    }
    if cmf & 0x0f != 8 {
        return Err(Failure::Invalid("unknown compression method".into()));
    }
    Ok(())
}

impl Decompressor {
    pub(crate) fn new(format: Format) -> Decompressor {
        Decompressor {
            format,
            inflate: Decompress::new(format == Format::Deflate),
            stage: if format == Format::Gzip { Stage::Header(Vec::new()) } else { Stage::Body },
            zlib_head: Vec::new(),
            crc: crc32fast::Hasher::new(),
            size: 0,
        }
    }

    /// Decompresses the next chunk of input into `out` (which keeps what
    /// came out before a failure).
    pub(crate) fn write_into(&mut self, mut input: &[u8], out: &mut Vec<u8>) -> Result<(), Failure> {
        if self.format == Format::Deflate && self.zlib_head.len() < 2 {
            let take = (2 - self.zlib_head.len()).min(input.len());
            self.zlib_head.extend_from_slice(&input[..take]);
            if self.zlib_head.len() == 2 {
                check_zlib_header(self.zlib_head[0], self.zlib_head[1])?;
            }
        }
        while !input.is_empty() {
            match &mut self.stage {
                Stage::Header(seen) => {
                    let had = seen.len();
                    seen.extend_from_slice(input);
                    match gzip_header_length(seen)? {
                        None => return Ok(()),
                        Some(len) => {
                            input = &input[len - had..];
                            self.stage = Stage::Body;
                        }
                    }
                }
                Stage::Body => {
                    let used = self.inflate_body(input, out)?;
                    input = &input[used..];
                }
                Stage::Trailer(seen) => {
                    let take = (8 - seen.len()).min(input.len());
                    seen.extend_from_slice(&input[..take]);
                    input = &input[take..];
                    if seen.len() == 8 {
                        // RFC 1952 §2.3.1: CRC32 and ISIZE, little-endian.
                        let crc = u32::from_le_bytes([seen[0], seen[1], seen[2], seen[3]]);
                        let size = u32::from_le_bytes([seen[4], seen[5], seen[6], seen[7]]);
                        if crc != self.crc.clone().finalize() {
                            return Err(Failure::Invalid("incorrect data check".into()));
                        }
                        if size != self.size {
                            return Err(Failure::Invalid("incorrect length check".into()));
                        }
                        self.stage = Stage::Done;
                    }
                }
                Stage::Done => return Err(Failure::TrailingJunk),
            }
        }
        Ok(())
    }

    /// Decompresses the next chunk of input.
    pub(crate) fn write(&mut self, input: &[u8]) -> Result<Vec<u8>, Failure> {
        let mut out = Vec::new();
        self.write_into(input, &mut out)?;
        Ok(out)
    }

    /// Inflates from `input` into `out`: how much of `input` it used (all
    /// of it, unless the DEFLATE stream ended inside it).
    fn inflate_body(&mut self, input: &[u8], out: &mut Vec<u8>) -> Result<usize, Failure> {
        let mut used = 0usize;
        loop {
            out.reserve((input.len() - used).max(256) * 4);
            let (in_before, out_before) = (self.inflate.total_in(), out.len());
            let status = self
                .inflate
                .decompress_vec(&input[used..], out, FlushDecompress::None)
                .map_err(|e| Failure::Invalid(e.message().unwrap_or("invalid compressed data").to_owned()))?;
            used += (self.inflate.total_in() - in_before) as usize;
            self.crc.update(&out[out_before..]);
            self.size = self.size.wrapping_add((out.len() - out_before) as u32);
            if status == Status::StreamEnd {
                self.stage =
                    if self.format == Format::Gzip { Stage::Trailer(Vec::new()) } else { Stage::Done };
                return Ok(used);
            }
            let progressed = self.inflate.total_in() != in_before || out.len() != out_before;
            // All input used and room left for output: nothing more to give.
            if !progressed || (used == input.len() && out.len() < out.capacity()) {
                return Ok(used);
            }
        }
    }

    /// The end of the input: an error unless the compressed stream ended.
    pub(crate) fn finish(&mut self) -> Result<Vec<u8>, Failure> {
        match self.stage {
            Stage::Done => Ok(Vec::new()),
            _ => Err(Failure::Truncated),
        }
    }
}

/// A coder of a stream in progress.
enum Coder {
    Compress(Compressor),
    Decompress(Decompressor),
}

thread_local! {
    /// The coders of this thread's (de)compression streams, by the id their
    /// glue holds.
    static CODERS: RefCell<(u32, HashMap<u32, Coder>)> = RefCell::new((0, HashMap::new()));
}

/// Sets the host functions `compressionOpen(format, decompress)` (an id, or
/// 0 for an unknown format), `compressionWrite(id, bytes)` and
/// `compressionFinish(id)` (a Uint8Array, or a string naming the failure:
/// "invalid:<zlib's words>", "truncated" or "junk"), and
/// `compressionClose(id)` on `obj`.
pub(crate) fn install<'js>(ctx: &Ctx<'js>, obj: &Object<'js>) -> rquickjs::Result<()> {
    obj.set(
        "compressionOpen",
        Function::new(ctx.clone(), |format: String, decompress: bool| -> u32 {
            let Some(format) = Format::parse(&format) else { return 0 };
            let coder = if decompress {
                Coder::Decompress(Decompressor::new(format))
            } else {
                Coder::Compress(Compressor::new(format))
            };
            CODERS.with_borrow_mut(|(next, coders)| {
                *next = next.wrapping_add(1).max(1);
                coders.insert(*next, coder);
                *next
            })
        })?,
    )?;
    fn result<'js>(
        ctx: &Ctx<'js>,
        r: Option<Result<Vec<u8>, Failure>>,
    ) -> rquickjs::Result<rquickjs::Value<'js>> {
        match r {
            None => Ok(rquickjs::Value::new_undefined(ctx.clone())),
            Some(Ok(bytes)) => Ok(rquickjs::TypedArray::<u8>::new(ctx.clone(), bytes)?.into_value()),
            Some(Err(failure)) => {
                let words = match failure {
                    Failure::Invalid(why) => format!("invalid:{why}"),
                    Failure::Truncated => "truncated".into(),
                    Failure::TrailingJunk => "junk".into(),
                };
                Ok(rquickjs::String::from_str(ctx.clone(), &words)?.into_value())
            }
        }
    }
    obj.set(
        "compressionWrite",
        Function::new(ctx.clone(), |ctx: Ctx<'js>, id: u32, bytes: rquickjs::TypedArray<'js, u8>| {
            // SAFETY: the bytes are read at once; no JavaScript runs while
            // they are borrowed.
            let input = unsafe { bytes.as_bytes() }.unwrap_or_default();
            let r = CODERS.with_borrow_mut(|(_, coders)| {
                coders.get_mut(&id).map(|coder| match coder {
                    Coder::Compress(c) => Ok(c.write(input)),
                    Coder::Decompress(d) => d.write(input),
                })
            });
            result(&ctx, r)
        })?,
    )?;
    obj.set(
        "compressionFinish",
        Function::new(ctx.clone(), |ctx: Ctx<'js>, id: u32| {
            let r = CODERS.with_borrow_mut(|(_, coders)| {
                coders.remove(&id).map(|coder| match coder {
                    Coder::Compress(mut c) => Ok(c.finish()),
                    Coder::Decompress(mut d) => d.finish(),
                })
            });
            result(&ctx, r)
        })?,
    )?;
    obj.set(
        "compressionClose",
        Function::new(ctx.clone(), |id: u32| {
            CODERS.with_borrow_mut(|(_, coders)| coders.remove(&id));
        })?,
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip(format: Format, text: &[u8], piece: usize) -> Vec<u8> {
        let mut c = Compressor::new(format);
        let mut packed = Vec::new();
        for chunk in text.chunks(piece.max(1)) {
            packed.extend(c.write(chunk));
        }
        packed.extend(c.finish());
        let mut d = Decompressor::new(format);
        let mut out = Vec::new();
        for chunk in packed.chunks(piece.max(1)) {
            out.extend(d.write(chunk).unwrap());
        }
        out.extend(d.finish().unwrap());
        out
    }

    #[test]
    fn every_format_round_trips_whole_and_byte_by_byte() {
        let text = b"hello hello hello compression ".repeat(200);
        for format in [Format::Deflate, Format::DeflateRaw, Format::Gzip] {
            assert_eq!(round_trip(format, &text, text.len()), text);
            assert_eq!(round_trip(format, &text, 1), text);
            assert_eq!(round_trip(format, b"", 1), b"");
        }
    }

    #[test]
    fn a_gzip_member_from_elsewhere_decompresses_with_its_header_fields() {
        // "hello", with FNAME "a.txt" in the header.
        let mut member = vec![0x1f, 0x8b, 8, 8, 0, 0, 0, 0, 0, 3];
        member.extend_from_slice(b"a.txt\0");
        member.extend_from_slice(&[0xcb, 0x48, 0xcd, 0xc9, 0xc9, 7, 0, 0x86, 0xa6, 0x10, 0x36, 5, 0, 0, 0]);
        let mut d = Decompressor::new(Format::Gzip);
        assert_eq!(d.write(&member).unwrap(), b"hello");
        assert!(d.finish().is_ok());
    }

    #[test]
    fn failures_are_told_apart() {
        let mut packed = Compressor::new(Format::Gzip).finish();
        let mut d = Decompressor::new(Format::Gzip);
        assert_eq!(d.write(&packed[..5]), Ok(vec![]));
        assert_eq!(d.finish(), Err(Failure::Truncated));
        packed.push(1);
        assert_eq!(Decompressor::new(Format::Gzip).write(&packed), Err(Failure::TrailingJunk));
        assert_eq!(
            Decompressor::new(Format::Deflate).write(&[1, 2, 3]),
            Err(Failure::Invalid("incorrect header check".into()))
        );
        assert_eq!(
            Decompressor::new(Format::Gzip).write(&[0x78, 0x9c]),
            Err(Failure::Invalid("incorrect header check".into()))
        );
        let mut bad_crc = Compressor::new(Format::Gzip);
        let mut bytes = bad_crc.write(b"abc");
        bytes.extend(bad_crc.finish());
        let n = bytes.len();
        bytes[n - 8] ^= 1;
        assert_eq!(
            Decompressor::new(Format::Gzip).write(&bytes),
            Err(Failure::Invalid("incorrect data check".into()))
        );
    }
}
