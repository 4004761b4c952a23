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

mod datetime;
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
    install_date_time(ctx, &intl)?;
    host.set("intl", intl)
}

/// Intl.DateTimeFormat's functions (datetime.rs).
fn install_date_time<'js>(ctx: &Ctx<'js>, intl: &Object<'js>) -> rquickjs::Result<()> {
    // The parts of a time value formatted (11.5.5 FormatDateTimePattern),
    // flat: type, value, type, value...
    intl.set(
        "formatDateTime",
        Function::new(
            ctx.clone(),
            |ctx: Ctx<'js>, locale: String, skeleton: String, hour12: i32, ms: f64, tz: String| {
                match datetime::format(&locale, &skeleton, hour12, ms, &tz) {
                    Ok(parts) => {
                        Ok(parts.into_iter().flat_map(|(k, v)| [k.to_string(), v]).collect::<Vec<_>>())
                    }
                    Err(datetime::DateTimeError::TimeZone) => {
                        Err(Exception::throw_range(&ctx, &format!("Invalid time zone specified: {tz}")))
                    }
                    Err(datetime::DateTimeError::Unsupported(why)) => {
                        Err(Exception::throw_range(&ctx, &format!("Unsupported date-time format ({why})")))
                    }
                }
            },
        )?,
    )?;
    // GetAvailableNamedTimeZoneIdentifier's primary name, or undefined.
    intl.set("timeZone", Function::new(ctx.clone(), |name: String| datetime::time_zone(&name))?)?;
    // DefaultTimeZone (TZ, else the system's).
    intl.set("defaultTimeZone", Function::new(ctx.clone(), datetime::default_time_zone)?)?;
    // Whether a locale's preferred clock is a 12-hour one.
    intl.set(
        "uses12HourClock",
        Function::new(ctx.clone(), |locale: String| datetime::uses_12_hour_clock(&locale))?,
    )
}
