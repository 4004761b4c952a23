//! Language tags (ECMA-402 6.2, 9.1, 9.2): their canonical form, the
//! locales there is data for, and the host's default locale.
use icu_locale_core::Locale;

/// The locales ICU has data for, as Node 24 (full ICU 77) resolves them:
/// every tag `t` of a language (2 or 3 letters), language-region,
/// language-script and language-script-region for which
/// `new Intl.Segmenter(t).resolvedOptions().locale === t` in Node 24
/// (951 tags, sorted). A script that made this list is in
/// docs/architecture.md ("Intl").
const AVAILABLE: &str = include_str!("locales.txt");

/// CanonicalizeUnicodeLocaleId (6.2.1) of `tag`, if
/// IsStructurallyValidLanguageTag (6.2.2) accepts it: a Unicode BCP 47
/// locale identifier, its subtags in canonical case and order (UTS #35
/// 3.2.1's syntax, ICU4X's parser). Aliases (`iw` for `he`) are kept as
/// written: see docs/deviations.md.
pub(super) fn canonicalize(tag: &str) -> Option<String> {
    // (ECMA-402 takes the "-" separator only; UTS #35's "_" is not a
    // language tag's, nor is a tag with a private use subtag in front.)
    if tag.is_empty() || tag.contains('_') || tag.starts_with("x-") || tag.starts_with("X-") {
        return None;
    }
    Locale::try_from_str(tag).ok().map(|l| l.to_string())
}

/// BestAvailableLocale (9.2.3) of the locale `tag` without its extensions:
/// the longest prefix of it, cut at subtags, that is an available locale
/// (a cut that would leave a singleton last also drops the singleton).
pub(super) fn best_available(tag: &str) -> Option<String> {
    let locale = Locale::try_from_str(tag).ok()?;
    // Step 1. Let candidate be locale (the locale without its Unicode
    // extension sequences: LookupMatcher's noExtensionsLocale).
    let mut candidate = locale.id.to_string();
    // Step 2. Repeat,
    loop {
        // Step 2.a. If availableLocales contains candidate, return candidate.
        if AVAILABLE.lines().any(|l| l == candidate) {
            return Some(candidate);
        }
        // Step 2.b. Let pos be the character index of the last occurrence
        // of "-" within candidate. If that character does not occur,
        // return undefined.
        let mut pos = candidate.rfind('-')?;
        // Step 2.c. If pos ≥ 2 and the character "-" occurs at index
        // pos - 2 of candidate, decrease pos by 2.
        if pos >= 2 && candidate.as_bytes()[pos - 2] == b'-' {
            pos -= 2;
        }
        // Step 2.d. Let candidate be the substring of candidate from
        // position 0, inclusive, to position pos, exclusive.
        candidate.truncate(pos);
    }
}

/// DefaultLocale (9.1): ICU's default locale, as Node's Intl takes it from
/// the environment on POSIX: LC_ALL, else LC_MESSAGES, else LANG (the first
/// that is set, even if empty); language[_territory][.codeset][@modifier]
/// becomes a language tag. The C and POSIX locales, and none at all, are
/// en-US; an empty one is "und". Node 24 takes the tag as it is, whether or
/// not there is data for it (LANG=xx_YY.UTF-8: "xx-YY"), and so does this.
pub(super) fn default_locale() -> String {
    let name = ["LC_ALL", "LC_MESSAGES", "LANG"].iter().find_map(|k| std::env::var(k).ok());
    let Some(name) = name else { return "en-US".into() };
    if name.is_empty() {
        return "und".into();
    }
    let base = name.split(['.', '@']).next().unwrap_or("");
    if base == "C" || base == "POSIX" {
        return "en-US".into();
    }
    canonicalize(&base.replace('_', "-")).unwrap_or_else(|| "en-US".into())
}
