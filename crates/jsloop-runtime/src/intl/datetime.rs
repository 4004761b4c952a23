//! Intl.DateTimeFormat's formatting (ECMA-402 11, "DateTimeFormat
//! Objects"): ICU4X's datetime formatter, given the options bag as a UTS
//! #35 skeleton (icu_datetime's DateTimeFieldBag mirrors ECMA-402's bag),
//! and the instant in its time zone by jiff, from the system's time zone
//! database (IANA names; the TZ environment variable, as Node).
use std::fmt;

use icu_datetime::fieldbag::DateTimeFieldBag;
use icu_datetime::preferences::HourCycle;
use icu_datetime::{DateTimeFormatter, DateTimeFormatterPreferences};
use icu_locale_core::Locale;
use writeable::{Part, PartsWrite, Writeable};

/// A formatted date's parts: (ECMA-402's [[Type]], [[Value]]), in order,
/// adjacent text of one type in one part.
#[derive(Default)]
struct Parts {
    out: Vec<(&'static str, String)>,
    // The datetime fields being written (outermost first).
    open: Vec<&'static str>,
}

impl fmt::Write for Parts {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        match self.out.last_mut() {
            // Inside a field: its part (opened by with_part).
            Some((_, v)) if !self.open.is_empty() => v.push_str(s),
            // Between fields: one literal part.
            Some(("literal", v)) => v.push_str(s),
            _ => self.out.push(("literal", s.to_string())),
        }
        Ok(())
    }
}

impl PartsWrite for Parts {
    type SubPartsWrite = Self;
    fn with_part(&mut self, part: Part, mut f: impl FnMut(&mut Self) -> fmt::Result) -> fmt::Result {
        let field = (part.category == "datetime").then_some(part.value);
        if let Some(field) = field {
            self.open.push(field);
            // (A field's text starts a part of its own.)
            if self.open.len() == 1 {
                self.out.push((field, String::new()));
            }
        }
        let r = f(self);
        if field.is_some() {
            self.open.pop();
        }
        r
    }
}

/// Why a format could not be made.
pub(super) enum DateTimeError {
    /// A time zone that is not in the database (a RangeError).
    TimeZone,
    /// Options ICU4X has no pattern for, or a locale it cannot take.
    Unsupported(String),
}

/// Formats the instant `ms` (milliseconds since the epoch, a time value)
/// in the time zone `tz` (an IANA name) for `locale` (a canonical tag,
/// with its Unicode extensions: -u-ca, -u-nu, -u-hc), with the fields of
/// `skeleton` (UTS #35) and, when `hour12` is 1 or 0, a 12- or 24-hour
/// clock. The parts, as (type, value) pairs.
pub(super) fn format(
    locale: &str,
    skeleton: &str,
    hour12: i32,
    ms: f64,
    tz: &str,
) -> Result<Vec<(&'static str, String)>, DateTimeError> {
    let locale = Locale::try_from_str(locale).map_err(|e| DateTimeError::Unsupported(format!("{e:?}")))?;
    let mut prefs = DateTimeFormatterPreferences::from(&locale);
    // (The field bag's hour_kind is not used by its conversion: the
    // clock is a preference.)
    match hour12 {
        1 => prefs.hour_cycle = Some(HourCycle::Clock12),
        0 => prefs.hour_cycle = Some(HourCycle::Clock24),
        _ => {}
    }
    let bag = DateTimeFieldBag::try_from_skeleton(skeleton)
        .map_err(|e| DateTimeError::Unsupported(format!("{e:?}")))?;
    let formatter = DateTimeFormatter::try_new(prefs, bag.to_composite_field_set())
        .map_err(|e| DateTimeError::Unsupported(format!("{e:?}")))?;
    let zone = jiff::tz::TimeZone::get(tz).map_err(|_| DateTimeError::TimeZone)?;
    let instant = jiff::Timestamp::from_millisecond(ms as i64)
        .map_err(|e| DateTimeError::Unsupported(e.to_string()))?;
    let zoned = instant.to_zoned(zone);
    let mut parts = Parts::default();
    formatter
        .format(&zoned)
        .write_to_parts(&mut parts)
        .map_err(|e| DateTimeError::Unsupported(e.to_string()))?;
    Ok(parts.out.into_iter().filter(|(_, v)| !v.is_empty()).collect())
}

/// Whether `locale`'s clock is a 12-hour one: its pattern for the skeleton
/// "j" (the locale's preferred hour) has a day period.
pub(super) fn uses_12_hour_clock(locale: &str) -> bool {
    format(locale, "j", -1, 13.0 * 3_600_000.0, "UTC")
        .map(|parts| parts.iter().any(|(k, _)| *k == "dayPeriod"))
        .unwrap_or(false)
}

/// The canonical IANA name of the time zone `name` (case-insensitive, as
/// ECMA-402 6.5.2 GetAvailableNamedTimeZoneIdentifier), or None if the
/// database has no such zone.
pub(super) fn time_zone(name: &str) -> Option<String> {
    let zone = jiff::tz::TimeZone::get(name).ok()?;
    let iana = zone.iana_name()?.to_string();
    // UTC's names are "UTC" (ECMA-402 6.5.1 IsTimeZoneOffsetString's
    // neighbour: "Etc/UTC", "Etc/GMT" and "GMT" are UTC in V8).
    Some(match iana.as_str() {
        "Etc/UTC" | "Etc/GMT" | "GMT" | "Etc/Universal" | "Etc/Zulu" | "UCT" | "Universal" | "Zulu"
        | "Etc/UCT" | "Etc/GMT0" | "Etc/GMT+0" | "Etc/GMT-0" | "GMT0" | "GMT+0" | "GMT-0"
        | "Etc/Greenwich" | "Greenwich" => "UTC".to_string(),
        _ => iana,
    })
}

/// The host's time zone (DefaultTimeZone, ECMA-402 6.5.3): TZ, else the
/// system's (/etc/localtime), as Node; UTC when neither names one.
pub(super) fn default_time_zone() -> String {
    if let Ok(tz) = std::env::var("TZ") {
        let name = tz.strip_prefix(':').unwrap_or(&tz);
        if let Some(zone) = time_zone(name) {
            return zone;
        }
    }
    jiff::tz::TimeZone::try_system()
        .ok()
        .and_then(|z| z.iana_name().map(str::to_string))
        .and_then(|n| time_zone(&n))
        .unwrap_or_else(|| "UTC".to_string())
}
