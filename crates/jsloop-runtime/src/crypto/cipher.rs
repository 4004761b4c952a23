//! Streaming symmetric ciphers as OpenSSL's EVP_CipherUpdate/Final behave
//! under Node's `Cipheriv`/`Decipheriv` (lib/internal/crypto/cipher.js,
//! src/crypto/crypto_cipher.cc): block modes (ECB, CBC; PKCS#7 padding that
//! `setAutoPadding(false)` turns off) hold back what is not yet a whole
//! block; stream and AEAD modes (CTR, GCM, ChaCha20-Poly1305) give out as
//! many bytes as they take in, and AEAD modes check or make their tag at the
//! end.
//!
//! GCM (NIST SP 800-38D, section 7) and ChaCha20-Poly1305 (RFC 8439,
//! section 2.8) are put together here from the RustCrypto block/stream
//! ciphers and universal hashes (`ctr`, `ghash`, `chacha20`, `poly1305`),
//! because the `aes-gcm` and `chacha20poly1305` crates only seal or open a
//! whole message at once, while Node gives out ciphertext at each update.
use aes::cipher::typenum::U16;
use aes::cipher::{
    generic_array::GenericArray, BlockCipher, BlockDecrypt, BlockDecryptMut, BlockEncrypt, BlockEncryptMut,
    BlockSizeUser, KeyInit, KeyIvInit, StreamCipher, StreamCipherSeek,
};
use aes::{Aes128, Aes192, Aes256};
use ghash::universal_hash::UniversalHash;
use ghash::GHash;
use poly1305::Poly1305;
use subtle::ConstantTimeEq;

use super::{CryptoError, ErrorClass, Result};

/// How a cipher works on its data.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Ecb,
    Cbc,
    Ctr,
    Gcm,
    ChaCha20Poly1305,
}

/// What `crypto.getCipherInfo()` tells of a cipher.
#[derive(Debug, Clone, Copy)]
pub struct Info {
    pub name: &'static str,
    pub mode: Mode,
    pub key_len: usize,
    /// The IV length OpenSSL expects (0: none).
    pub iv_len: usize,
    pub block_size: usize,
    pub nid: u32,
}

impl Mode {
    pub fn name(self) -> &'static str {
        match self {
            Mode::Ecb => "ecb",
            Mode::Cbc => "cbc",
            Mode::Ctr => "ctr",
            Mode::Gcm => "gcm",
            Mode::ChaCha20Poly1305 => "stream",
        }
    }
    pub fn is_aead(self) -> bool {
        matches!(self, Mode::Gcm | Mode::ChaCha20Poly1305)
    }
}

/// The ciphers jsloop has, by Node's names (`crypto.getCiphers()`), with
/// OpenSSL's NIDs.
pub const CIPHERS: [Info; 13] = [
    Info { name: "aes-128-cbc", mode: Mode::Cbc, key_len: 16, iv_len: 16, block_size: 16, nid: 419 },
    Info { name: "aes-128-ctr", mode: Mode::Ctr, key_len: 16, iv_len: 16, block_size: 1, nid: 904 },
    Info { name: "aes-128-ecb", mode: Mode::Ecb, key_len: 16, iv_len: 0, block_size: 16, nid: 418 },
    Info { name: "aes-128-gcm", mode: Mode::Gcm, key_len: 16, iv_len: 12, block_size: 1, nid: 895 },
    Info { name: "aes-192-cbc", mode: Mode::Cbc, key_len: 24, iv_len: 16, block_size: 16, nid: 423 },
    Info { name: "aes-192-ctr", mode: Mode::Ctr, key_len: 24, iv_len: 16, block_size: 1, nid: 905 },
    Info { name: "aes-192-ecb", mode: Mode::Ecb, key_len: 24, iv_len: 0, block_size: 16, nid: 422 },
    Info { name: "aes-192-gcm", mode: Mode::Gcm, key_len: 24, iv_len: 12, block_size: 1, nid: 898 },
    Info { name: "aes-256-cbc", mode: Mode::Cbc, key_len: 32, iv_len: 16, block_size: 16, nid: 427 },
    Info { name: "aes-256-ctr", mode: Mode::Ctr, key_len: 32, iv_len: 16, block_size: 1, nid: 906 },
    Info { name: "aes-256-ecb", mode: Mode::Ecb, key_len: 32, iv_len: 0, block_size: 16, nid: 426 },
    Info { name: "aes-256-gcm", mode: Mode::Gcm, key_len: 32, iv_len: 12, block_size: 1, nid: 901 },
    Info {
        name: "chacha20-poly1305",
        mode: Mode::ChaCha20Poly1305,
        key_len: 32,
        iv_len: 12,
        block_size: 1,
        nid: 1018,
    },
];

/// A cipher by name, case-insensitively, with OpenSSL's aliases
/// (`aes128` for aes-128-cbc, `id-aes128-GCM`).
pub fn info(name: &str) -> Option<Info> {
    let lower = name.to_ascii_lowercase();
    let name = match lower.as_str() {
        "aes128" => "aes-128-cbc",
        "aes192" => "aes-192-cbc",
        "aes256" => "aes-256-cbc",
        "id-aes128-gcm" => "aes-128-gcm",
        "id-aes192-gcm" => "aes-192-gcm",
        "id-aes256-gcm" => "aes-256-gcm",
        other => other,
    };
    CIPHERS.iter().find(|c| c.name == name).copied()
}

/// One block step of a block mode (ECB or CBC, either direction).
trait BlockStep: Send {
    fn step(&mut self, block: &mut [u8]);
}
struct CbcEnc<C: BlockEncrypt + BlockCipher>(cbc::Encryptor<C>);
struct CbcDec<C: BlockDecrypt + BlockCipher>(cbc::Decryptor<C>);
struct EcbEnc<C>(C);
struct EcbDec<C>(C);
impl<C: BlockEncrypt + BlockCipher + BlockSizeUser<BlockSize = U16> + Send> BlockStep for CbcEnc<C> {
    fn step(&mut self, block: &mut [u8]) {
        self.0.encrypt_block_mut(GenericArray::from_mut_slice(block));
    }
}
impl<C: BlockDecrypt + BlockCipher + BlockSizeUser<BlockSize = U16> + Send> BlockStep for CbcDec<C> {
    fn step(&mut self, block: &mut [u8]) {
        self.0.decrypt_block_mut(GenericArray::from_mut_slice(block));
    }
}
impl<C: BlockEncrypt + BlockSizeUser<BlockSize = U16> + Send> BlockStep for EcbEnc<C> {
    fn step(&mut self, block: &mut [u8]) {
        self.0.encrypt_block(GenericArray::from_mut_slice(block));
    }
}
impl<C: BlockDecrypt + BlockSizeUser<BlockSize = U16> + Send> BlockStep for EcbDec<C> {
    fn step(&mut self, block: &mut [u8]) {
        self.0.decrypt_block(GenericArray::from_mut_slice(block));
    }
}

/// A keystream (CTR, GCM's CTR, ChaCha20).
trait Keystream: Send {
    fn apply(&mut self, data: &mut [u8]);
}
impl<S: StreamCipher + Send> Keystream for S {
    fn apply(&mut self, data: &mut [u8]) {
        self.apply_keystream(data);
    }
}

/// A universal hash fed in pieces of any length: whole 16-byte blocks go
/// in as they fill, and `pad` zero-pads what is left (both GHASH and
/// Poly1305 as AEADs use them pad each part to 16 bytes).
struct Padded<U: UniversalHash<BlockSize = U16>> {
    hash: U,
    partial: Vec<u8>,
}
trait MacDyn: Send {
    fn feed(&mut self, data: &[u8]);
    fn pad(&mut self);
    fn finish(self: Box<Self>) -> [u8; 16];
}
impl<U: UniversalHash<BlockSize = U16> + Send> MacDyn for Padded<U> {
    fn feed(&mut self, data: &[u8]) {
        self.partial.extend_from_slice(data);
        let whole = self.partial.len() / 16 * 16;
        if whole > 0 {
            self.hash.update_padded(&self.partial[..whole]);
            self.partial.drain(..whole);
        }
    }
    fn pad(&mut self) {
        if !self.partial.is_empty() {
            self.hash.update_padded(&self.partial);
            self.partial.clear();
        }
    }
    fn finish(self: Box<Self>) -> [u8; 16] {
        self.hash.finalize().into()
    }
}

/// An AEAD's running state: the MAC, the lengths, and how the end looks.
struct Aead {
    mac: Box<dyn MacDyn>,
    /// GCM: E_K(J0), XORed onto GHASH's output; ChaCha20-Poly1305: none.
    mask: Option<[u8; 16]>,
    /// The length block's byte order: big-endian bits (GCM) or
    /// little-endian bytes (RFC 8439).
    gcm: bool,
    aad_len: u64,
    text_len: u64,
    tag_len: usize,
    /// Decryption: the tag `setAuthTag` gave.
    expected: Option<Vec<u8>>,
    /// Encryption: the tag `final` made.
    tag: Option<Vec<u8>>,
}

enum Engine {
    Block(Box<dyn BlockStep>),
    Stream(Box<dyn Keystream>),
}

/// A Cipheriv or Decipheriv in progress.
pub struct Cipher {
    pub decrypt: bool,
    engine: Engine,
    /// Block modes: input not yet a whole block (decryption also keeps the
    /// last whole block back, for its padding).
    pending: Vec<u8>,
    pub auto_padding: bool,
    aead: Option<Aead>,
    /// Whether update has run (AAD must come first).
    updated: bool,
}

fn invalid_iv() -> CryptoError {
    CryptoError::type_error("ERR_CRYPTO_INVALID_IV", "Invalid initialization vector")
}

/// Node's error for an auth tag length GCM does not allow.
pub fn invalid_tag_len(len: usize) -> CryptoError {
    CryptoError::type_error(
        "ERR_CRYPTO_INVALID_AUTH_TAG",
        format!("Invalid authentication tag length: {len}"),
    )
}

/// The tag lengths NIST SP 800-38D (section 5.2.1.2) allows, as OpenSSL
/// checks them: 4, 8, and 12 to 16 bytes.
pub fn gcm_tag_len_ok(len: usize) -> bool {
    matches!(len, 4 | 8 | 12..=16)
}

/// GCM's set-up for an AES key (NIST SP 800-38D, section 7.1): H, J0, the
/// CTR stream from inc32(J0), and E_K(J0).
fn gcm<C>(key: &[u8], iv: &[u8]) -> (Box<dyn Keystream>, Box<dyn MacDyn>, [u8; 16])
where
    C: BlockEncrypt + BlockCipher + BlockSizeUser<BlockSize = U16> + KeyInit + Clone + Send + 'static,
{
    let cipher = C::new_from_slice(key).expect("key length checked");
    // Step 1. H = CIPH_K(0^128).
    let mut h = GenericArray::default();
    cipher.encrypt_block(&mut h);
    // Step 2. J0: IV || 0^31 || 1 for a 96-bit IV; else GHASH_H(IV || 0^(s+64) || [len(IV)]_64).
    let mut j0 = [0u8; 16];
    if iv.len() == 12 {
        j0[..12].copy_from_slice(iv);
        j0[15] = 1;
    } else {
        let mut g = GHash::new(&h);
        g.update_padded(iv);
        let mut lens = [0u8; 16];
        lens[8..].copy_from_slice(&((iv.len() as u64) * 8).to_be_bytes());
        g.update_padded(&lens);
        j0 = g.finalize().into();
    }
    // Step 3. The text is encrypted with GCTR from inc32(J0).
    let mut icb = j0;
    let counter = u32::from_be_bytes([j0[12], j0[13], j0[14], j0[15]]).wrapping_add(1);
    icb[12..].copy_from_slice(&counter.to_be_bytes());
    let stream = ctr::Ctr32BE::<C>::new_from_slices(key, &icb).expect("lengths checked");
    // Step 6. T = MSB_t(GCTR_K(J0, S)): the mask is CIPH_K(J0).
    let mut mask = GenericArray::clone_from_slice(&j0);
    cipher.encrypt_block(&mut mask);
    let mac = Padded { hash: GHash::new(&h), partial: Vec::new() };
    (Box::new(stream), Box::new(mac), mask.into())
}

impl Cipher {
    /// Node's `createCipheriv`/`createDecipheriv` with an already known
    /// cipher: checks the key and IV lengths as OpenSSL does.
    pub fn new(
        info: Info,
        key: &[u8],
        iv: Option<&[u8]>,
        decrypt: bool,
        tag_len: Option<usize>,
    ) -> Result<Cipher> {
        if key.len() != info.key_len {
            return Err(CryptoError::new(
                ErrorClass::RangeError,
                "ERR_CRYPTO_INVALID_KEYLEN",
                "Invalid key length",
            ));
        }
        let iv = iv.unwrap_or(&[]);
        let iv_ok = match info.mode {
            Mode::Ecb => true,
            Mode::Cbc | Mode::Ctr | Mode::ChaCha20Poly1305 => iv.len() == info.iv_len,
            Mode::Gcm => !iv.is_empty(),
        };
        if !iv_ok {
            return Err(invalid_iv());
        }
        if let Some(t) = tag_len {
            if !gcm_tag_len_ok(t) || (info.mode == Mode::ChaCha20Poly1305 && t > 16) {
                return Err(invalid_tag_len(t));
            }
        }
        macro_rules! aes {
            ($f:ident) => {
                match info.key_len {
                    16 => $f!(Aes128),
                    24 => $f!(Aes192),
                    _ => $f!(Aes256),
                }
            };
        }
        let mut aead = None;
        let engine = match info.mode {
            Mode::Cbc => {
                macro_rules! cbc {
                    ($C:ty) => {
                        if decrypt {
                            Engine::Block(Box::new(CbcDec(
                                cbc::Decryptor::<$C>::new_from_slices(key, iv).map_err(|_| invalid_iv())?,
                            )))
                        } else {
                            Engine::Block(Box::new(CbcEnc(
                                cbc::Encryptor::<$C>::new_from_slices(key, iv).map_err(|_| invalid_iv())?,
                            )))
                        }
                    };
                }
                aes!(cbc)
            }
            Mode::Ecb => {
                macro_rules! ecb {
                    ($C:ty) => {{
                        let c = <$C>::new_from_slice(key).expect("key length checked");
                        if decrypt {
                            Engine::Block(Box::new(EcbDec(c)))
                        } else {
                            Engine::Block(Box::new(EcbEnc(c)))
                        }
                    }};
                }
                aes!(ecb)
            }
            Mode::Ctr => {
                macro_rules! ctr {
                    ($C:ty) => {
                        Engine::Stream(Box::new(
                            ctr::Ctr128BE::<$C>::new_from_slices(key, iv).map_err(|_| invalid_iv())?,
                        ))
                    };
                }
                aes!(ctr)
            }
            Mode::Gcm => {
                macro_rules! g {
                    ($C:ty) => {
                        gcm::<$C>(key, iv)
                    };
                }
                let (stream, mac, mask) = aes!(g);
                aead = Some(Aead {
                    mac,
                    mask: Some(mask),
                    gcm: true,
                    aad_len: 0,
                    text_len: 0,
                    tag_len: tag_len.unwrap_or(16),
                    expected: None,
                    tag: None,
                });
                Engine::Stream(stream)
            }
            Mode::ChaCha20Poly1305 => {
                // RFC 8439, section 2.6: the one-time Poly1305 key is the first
                // 32 bytes of the block with counter 0; the text starts at
                // counter 1 (section 2.8).
                let mut stream = chacha20::ChaCha20::new_from_slices(key, iv).map_err(|_| invalid_iv())?;
                let mut otk = [0u8; 32];
                stream.apply_keystream(&mut otk);
                stream.seek(64u64);
                let mac = Padded { hash: Poly1305::new(GenericArray::from_slice(&otk)), partial: Vec::new() };
                aead = Some(Aead {
                    mac: Box::new(mac),
                    mask: None,
                    gcm: false,
                    aad_len: 0,
                    text_len: 0,
                    tag_len: tag_len.unwrap_or(16),
                    expected: None,
                    tag: None,
                });
                Engine::Stream(Box::new(stream))
            }
        };
        Ok(Cipher { decrypt, engine, pending: Vec::new(), auto_padding: true, aead, updated: false })
    }

    fn state_error(op: &str) -> CryptoError {
        CryptoError::new(
            ErrorClass::Error,
            "ERR_CRYPTO_INVALID_STATE",
            format!("Invalid state for operation {op}"),
        )
    }

    /// `setAAD`: additional data, before any update.
    pub fn set_aad(&mut self, aad: &[u8]) -> Result<()> {
        let updated = self.updated;
        let aead = self.aead.as_mut().filter(|_| !updated).ok_or_else(|| Self::state_error("setAAD"))?;
        aead.mac.feed(aad);
        aead.aad_len += aad.len() as u64;
        Ok(())
    }

    /// `setAuthTag` (decryption): the tag `final` checks.
    pub fn set_auth_tag(&mut self, tag: &[u8]) -> Result<()> {
        let decrypt = self.decrypt;
        let aead = self
            .aead
            .as_mut()
            .filter(|a| decrypt && a.expected.is_none())
            .ok_or_else(|| Self::state_error("setAuthTag"))?;
        if !gcm_tag_len_ok(tag.len()) || tag.len() > 16 {
            return Err(invalid_tag_len(tag.len()));
        }
        aead.expected = Some(tag.to_vec());
        Ok(())
    }

    /// `getAuthTag` (encryption, after final).
    pub fn auth_tag(&self) -> Result<Vec<u8>> {
        self.aead
            .as_ref()
            .filter(|_| !self.decrypt)
            .and_then(|a| a.tag.clone())
            .ok_or_else(|| Self::state_error("getAuthTag"))
    }

    /// The additional data ends at the first `update` or `final` (after it
    /// `setAAD` is refused): an AEAD mode's MAC pads it to a whole block
    /// (RFC 8439 section 2.8's padding1; GCM's GHASH input, SP 800-38D
    /// section 7.1 step 5).
    fn end_aad(&mut self) {
        if !self.updated {
            self.updated = true;
            if let Some(a) = self.aead.as_mut() {
                a.mac.pad();
            }
        }
    }

    /// `update`: what the cipher gives out for `data`.
    pub fn update(&mut self, data: &[u8]) -> Vec<u8> {
        self.end_aad();
        match &mut self.engine {
            Engine::Stream(s) => {
                let mut out = data.to_vec();
                let aead = self.aead.as_mut();
                if self.decrypt {
                    if let Some(a) = aead {
                        a.mac.feed(data);
                        a.text_len += data.len() as u64;
                    }
                    s.apply(&mut out);
                } else {
                    s.apply(&mut out);
                    if let Some(a) = aead {
                        a.mac.feed(&out);
                        a.text_len += out.len() as u64;
                    }
                }
                out
            }
            Engine::Block(b) => {
                self.pending.extend_from_slice(data);
                // Decryption with padding keeps the last whole block back: it
                // may be the padded one.
                let keep =
                    if self.decrypt && self.auto_padding && self.pending.len() % 16 == 0 { 16 } else { 0 };
                let whole = (self.pending.len() / 16 * 16).saturating_sub(keep);
                let mut out: Vec<u8> = self.pending.drain(..whole).collect();
                for block in out.chunks_mut(16) {
                    b.step(block);
                }
                out
            }
        }
    }

    /// `final`: the last bytes (block modes' padding), the tag made or
    /// checked (AEAD modes).
    pub fn finish(&mut self) -> Result<Vec<u8>> {
        self.end_aad();
        match &mut self.engine {
            Engine::Stream(_) => {
                let Some(a) = self.aead.as_mut() else { return Ok(Vec::new()) };
                a.mac.pad();
                let mut lens = [0u8; 16];
                if a.gcm {
                    lens[..8].copy_from_slice(&(a.aad_len * 8).to_be_bytes());
                    lens[8..].copy_from_slice(&(a.text_len * 8).to_be_bytes());
                } else {
                    lens[..8].copy_from_slice(&a.aad_len.to_le_bytes());
                    lens[8..].copy_from_slice(&a.text_len.to_le_bytes());
                }
                a.mac.feed(&lens);
                let mac = std::mem::replace(
                    &mut a.mac,
                    Box::new(Padded { hash: GHash::new(&Default::default()), partial: Vec::new() }),
                );
                let mut tag = mac.finish();
                if let Some(mask) = a.mask {
                    for (t, m) in tag.iter_mut().zip(mask) {
                        *t ^= m;
                    }
                }
                if self.decrypt {
                    let ok =
                        a.expected.as_ref().is_some_and(|e| bool::from(e.as_slice().ct_eq(&tag[..e.len()])));
                    if !ok {
                        return Err(CryptoError::new(
                            ErrorClass::Error,
                            "",
                            "Unsupported state or unable to authenticate data",
                        ));
                    }
                } else {
                    a.tag = Some(tag[..a.tag_len].to_vec());
                }
                Ok(Vec::new())
            }
            Engine::Block(b) => {
                let wrong_length = || {
                    CryptoError::ossl(
                        "ERR_OSSL_WRONG_FINAL_BLOCK_LENGTH",
                        "1C80006B",
                        "Provider routines",
                        "wrong final block length",
                    )
                };
                if !self.auto_padding {
                    if !self.pending.is_empty() {
                        return Err(wrong_length());
                    }
                    return Ok(Vec::new());
                }
                if self.decrypt {
                    if self.pending.len() != 16 {
                        return Err(wrong_length());
                    }
                    let mut block = std::mem::take(&mut self.pending);
                    b.step(&mut block);
                    // PKCS#7 (RFC 5652, section 6.3): n bytes of value n.
                    let n = block[15] as usize;
                    if n == 0 || n > 16 || block[16 - n..].iter().any(|&x| x as usize != n) {
                        return Err(CryptoError::ossl(
                            "ERR_OSSL_BAD_DECRYPT",
                            "1C800064",
                            "Provider routines",
                            "bad decrypt",
                        ));
                    }
                    block.truncate(16 - n);
                    Ok(block)
                } else {
                    let mut block = std::mem::take(&mut self.pending);
                    let n = 16 - block.len();
                    block.resize(16, n as u8);
                    b.step(&mut block);
                    Ok(block)
                }
            }
        }
    }
}
