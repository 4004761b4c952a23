//! ECMA-402, the ECMAScript Internationalization API (`Intl`), for both
//! hosts: QuickJS-ng ships none. The objects and their algorithms are
//! JavaScript glue (`src/js/intl.js`, evaluated when a program first reads
//! `Intl`); what needs Unicode's and CLDR's data is here, in Rust, on
//! ICU4X (the `icu` 2.x crates, with their compiled data): the locales
//! ICU has data for, the canonical form of a language tag, and text
//! segmentation (UAX #29: grapheme clusters, words, sentences).
//!
//! A host installs [`install`]'s functions on its `host` object when its
//! glue first loads `intl.js` (the node host's `install_for_glue`, the
//! browser host's glue loader); neither host imports the other.
use rquickjs::{Ctx, Exception, Function, Object};

use crate::quickjs::text::WellFormed;

mod locale;
mod segmenter;

/// Installs `host.intl`, the functions `intl.js` calls, once.
pub(crate) fn install<'js>(ctx: &Ctx<'js>, host: &Object<'js>) -> rquickjs::Result<()> {
    if host.contains_key("intl")? {
        return Ok(());
    }
    let intl = Object::new(ctx.clone())?;
    // The host's default locale (ECMA-402 9.1 DefaultLocale).
    intl.set("defaultLocale", Function::new(ctx.clone(), || locale::default_locale())?)?;
    // CanonicalizeUnicodeLocaleId of a tag that IsStructurallyValidLanguageTag
    // accepts; a RangeError otherwise (V8's message).
    intl.set(
        "canonicalize",
        Function::new(ctx.clone(), |ctx: Ctx<'js>, tag: WellFormed| -> rquickjs::Result<String> {
            locale::canonicalize(&tag.0)
                .ok_or_else(|| Exception::throw_range(&ctx, "Incorrect locale information provided"))
        })?,
    )?;
    // BestAvailableLocale (9.2.3) of a canonical tag's language, script,
    // region and variants, among the locales ICU has data for.
    intl.set("bestAvailable", Function::new(ctx.clone(), |tag: String| locale::best_available(&tag))?)?;
    // The boundaries of a string's segments (18.8.1 FindBoundary's answers,
    // all at once): see segmenter::boundaries.
    intl.set(
        "segment",
        Function::new(ctx.clone(), |granularity: u32, text: WellFormed| {
            segmenter::boundaries(granularity, &text.0)
        })?,
    )?;
    host.set("intl", intl)
}
