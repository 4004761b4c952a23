//! Intl.Segmenter's boundaries (ECMA-402 18, "Segmenter Objects"): UAX #29
//! grapheme clusters, words and sentences, by ICU4X's segmenter and its
//! compiled data. Words in Chinese, Japanese, Thai, Lao, Khmer and Burmese
//! are found with ICU's dictionaries, as ICU4C (and so Node and Chromium)
//! finds them.
use icu_properties::props::WordBreak;
use icu_properties::CodePointMapData;
use icu_segmenter::options::{SentenceBreakInvariantOptions, WordBreakInvariantOptions};
use icu_segmenter::{GraphemeClusterSegmenter, SentenceSegmenter, WordSegmenter};

/// The granularities, as `intl.js` numbers them.
const GRAPHEME: u32 = 0;
const WORD: u32 = 1;

/// The boundaries of `text`'s segments in UTF-16 code units, from 0 to
/// its length. For word granularity each boundary `b` is `2 * b + w`, where
/// `w` is 1 when the segment that ends there is word-like (18.7.1
/// CreateSegmentDataObject's [[IsWordLike]]: ICU's rule status is a
/// number, letter, kana or ideograph word); `intl.js` keeps the list and
/// answers `containing()` and the iterator from it.
pub(super) fn boundaries(granularity: u32, text: &str) -> Vec<f64> {
    // (A lone surrogate came as U+FFFD: one code unit either way, so the
    // boundaries are the string's own.)
    let utf16: Vec<u16> = text.encode_utf16().collect();
    match granularity {
        GRAPHEME => GraphemeClusterSegmenter::new().segment_utf16(&utf16).map(|b| b as f64).collect(),
        WORD => {
            let segmenter = WordSegmenter::new_dictionary(WordBreakInvariantOptions::default());
            let mut it = segmenter.segment_utf16(&utf16);
            let mut out = Vec::new();
            let mut start = 0;
            while let Some(b) = it.next() {
                let word_like = b > 0 && (it.is_word_like() || word_like_before_extenders(&utf16[start..b]));
                out.push((2 * b + usize::from(word_like)) as f64);
                start = b;
            }
            out
        }
        _ => SentenceSegmenter::new(SentenceBreakInvariantOptions::default())
            .segment_utf16(&utf16)
            .map(|b| b as f64)
            .collect(),
    }
}

/// Whether a word segment that ends in Extend, Format or ZWJ characters
/// (UAX #29 WB4: they belong to the character before them) is word-like
/// as what comes before them is: ICU4C keeps the status of the rule that
/// matched the base ("e\u0301" is a word, as "e" is), while ICU4X 2.4
/// answers the status of the last character's state (none). Found when
/// Node 24's "e\u0301" was word-like and ours not
/// (tests/node/intl_segmenter_splits_text_as_node_24.js).
fn word_like_before_extenders(segment: &[u16]) -> bool {
    let map = CodePointMapData::<WordBreak>::new();
    let mut end = segment.len();
    while end > 0 {
        // The last code point before `end` (a surrogate pair is one).
        let (c, len) = match segment[..end] {
            [.., hi @ 0xD800..=0xDBFF, lo @ 0xDC00..=0xDFFF] => {
                (0x10000 + ((u32::from(hi) - 0xD800) << 10) + (u32::from(lo) - 0xDC00), 2)
            }
            [.., unit] => (u32::from(unit), 1),
            [] => unreachable!(),
        };
        let wb = map.get32(c);
        if wb != WordBreak::Extend && wb != WordBreak::Format && wb != WordBreak::ZWJ {
            break;
        }
        end -= len;
    }
    if end == 0 || end == segment.len() {
        return false;
    }
    let segmenter = WordSegmenter::new_dictionary(WordBreakInvariantOptions::default());
    let mut it = segmenter.segment_utf16(&segment[..end]);
    let mut word_like = false;
    while let Some(b) = it.next() {
        if b == end {
            word_like = it.is_word_like();
        }
    }
    word_like
}
