//! Reading one value of a damaged save the way a whole save reads it (both formats' shapes), and
//! how messages show the keys and values they are about (clipped: a message never echoes a huge
//! value whole).

use serde::de::DeserializeOwned;

use super::super::legacy::LEGACY_STAMP;
use super::super::lenient::Lenient;
use super::KEY_SHOWN_CHARS;
use super::scan::clipped;
use crate::settings::Stamped;
use crate::{Best, Direction};

/// `text` as a `T`, or RON's reason why not.
pub(super) fn read<T: DeserializeOwned>(text: &str) -> Result<T, String> {
    ron::from_str(text).map_err(|error| clipped(&crate::format::ron_words(&error.code)))
}

/// A best in either format: `(score: 300, better: Higher)`, or format 1 and 2's bare `300`.
pub(super) fn read_best(text: &str) -> Result<Best, String> {
    match ron::from_str::<Best>(text) {
        Ok(best) => Ok(best),
        Err(error) => match ron::from_str::<u64>(text) {
            Ok(score) => Ok(Best::new(score, Direction::Higher)),
            Err(_) => Err(clipped(&crate::format::ron_words(&error.code))),
        },
    }
}

/// A setting in either format: `(value: 0.3, at: 17)`, or format 2's bare `0.3` (then stamped
/// [`LEGACY_STAMP`], as [`super::super::legacy`] does).
///
/// A stamped setting that doesn't read (a stamp of -5, or past `u64`) is an error, not a bare
/// value: read as one, `(value: true, at: -5)` would be "a map" and quietly become the default,
/// where it is damage to be kept a copy of and told with its line (issue #51).
pub(super) fn read_setting<T>(text: &str) -> Result<Stamped<Lenient<T>>, String>
where
    for<'de> Lenient<T>: serde::Deserialize<'de>,
{
    match ron::from_str::<Stamped<Lenient<T>>>(text) {
        Ok(stamped) => Ok(stamped),
        Err(error) if ron::from_str::<StampedShape>(text).is_ok() => Err(stamp_reason(&error, text)),
        Err(error) => match ron::from_str::<Lenient<T>>(text) {
            Ok(value) => Ok(Stamped { value, at: LEGACY_STAMP }),
            Err(_) => Err(clipped(&crate::format::ron_words(&error.code))),
        },
    }
}

/// Any `(value: …, at: …)`, whatever its two hold: the shape of a format 3 or 4 setting.
#[derive(serde::Deserialize)]
struct StampedShape {
    #[allow(dead_code, reason = "only the shape is checked")]
    value: serde::de::IgnoredAny,
    #[allow(dead_code, reason = "only the shape is checked")]
    at: serde::de::IgnoredAny,
}

/// Why a stamped setting didn't read: its time, when that is what is wrong (a value of the wrong
/// shape is read leniently, so a stamped setting that fails is almost always its time).
fn stamp_reason(error: &ron::error::SpannedError, text: &str) -> String {
    if ron::from_str::<Stamped<serde::de::IgnoredAny>>(text).is_err() {
        "its time `at` is not a whole number from 0 to 18446744073709551615".to_string()
    } else {
        clipped(&crate::format::ron_words(&error.code))
    }
}

/// `reason`, and the value it is about, clipped to [`KEY_SHOWN_CHARS`] characters.
pub(super) fn quoting(reason: String, value: &str) -> String {
    // On one line (a hand-written value may span several), looking no further than needed.
    let head: String = value.chars().take(KEY_SHOWN_CHARS * 4).collect();
    let words = head.split_whitespace().collect::<Vec<_>>().join(" ");
    let shown = match words.char_indices().nth(KEY_SHOWN_CHARS) {
        Some((end, _)) => format!("{}…", &words[..end]),
        None if head.len() < value.len() => format!("{words}…"),
        None => words,
    };
    format!("{reason}: `{shown}`")
}

/// A key as a message shows it: quoted, and clipped to [`KEY_SHOWN_CHARS`] characters.
pub(super) fn shown(key: &str) -> String {
    match key.char_indices().nth(KEY_SHOWN_CHARS) {
        Some((end, _)) => format!("{:?}…", &key[..end]),
        None => format!("{key:?}"),
    }
}

pub(super) fn seed(mode: &str, code: &str) -> String {
    shown(&format!("{mode}/{code}"))
}
