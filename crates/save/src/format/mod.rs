//! The save file's text: format 4 in RON, the older formats it upgrades, [`parse_save`], the
//! strict reader (a store writes only text it reads back), and [`read_save`], the reader every
//! store loads through, which reads a damaged file entry by entry instead of losing it whole.
//!
//! Reading order: the declared `version` first (a file from a newer game is refused before its
//! contents are looked at, never downgraded), then the whole file. A setting's value this
//! version doesn't know falls back to the default and is reported in [`Parsed::mended`]; if the
//! settings are unreadable as a whole, the file is read again without them, so that scores are
//! never thrown away because of a setting. If the file still doesn't parse, [`read_save`] reads
//! it entry by entry (`salvage`) and lists what it left out in [`Parsed::dropped`].

mod legacy;
mod lenient;
mod salvage;
mod settings;
mod stamped;

use std::fmt;

use serde::Deserialize;

use crate::{JumpKey, SaveData};
use settings::{RawSettings, settings_from};

/// The format written today. Version 1 had only `best`; version 2 added `daily_best` and
/// `settings`; version 3 gave bests a direction, settings stamps, and added seed history and
/// favourites; version 4 added `boards`, the score boards' secrets and waiting runs (issue #31).
pub const VERSION: u32 = 4;

pub use salvage::DROPPED_LISTED;

/// The largest save read or written: 4 MiB.
///
/// A real save is far smaller (about 60 bytes per best: 4 MiB is some 70,000 seeds), and the
/// browser's localStorage holds about 5 MB per site anyway, so nothing real is refused; the cap
/// keeps a wrong file (a disk image, `/dev/zero`, a log written over it) from eating memory and
/// start-up time. Writing keeps within it too, pruning what matters least (see
/// [`crate::TARGET_BYTES`]), so that a save that couldn't be read back is never written and a full
/// save still records the next run.
pub const MAX_SAVE_BYTES: usize = 4 * 1024 * 1024;

/// A save that was read.
#[derive(Clone, Debug, PartialEq)]
pub struct Parsed {
    pub data: SaveData,
    /// The version the text declared (1 when it declared none): below [`VERSION`], the next
    /// save upgrades it.
    pub from_version: u32,
    /// Settings that fell back to a default or were brought into range.
    pub mended: Vec<Mended>,
    /// Parts of a damaged file that were left out ([`read_save`] only; empty when the whole
    /// file parsed). At most [`DROPPED_LISTED`] are listed; one more entry counts the rest.
    pub dropped: Vec<Dropped>,
}

/// A part of a damaged save that couldn't be read and was left out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dropped {
    /// The line it starts on in the file (from 1); 0 for what is on no one line (the bests a
    /// repaired save had to leave out to stay within the bound).
    pub line: usize,
    /// What it was: `the best "runner/124MP-ANQ6N"`, `the version`, `the end of the save`.
    pub what: String,
    /// Why it was left out, in the parser's words (clipped: a value is never echoed whole).
    pub reason: String,
}

impl fmt::Display for Dropped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            0 => write!(f, "{} ({})", self.what, self.reason),
            line => write!(f, "line {line}: {} ({})", self.what, self.reason),
        }
    }
}

/// Why a text is not a save this version can use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// Written by a newer game (declares `version` above [`VERSION`]): never read, never
    /// overwritten, so that a newer game's data is never downgraded.
    Newer { version: u32 },
    /// Not a save: broken syntax, wrong types, not UTF-8, too large, an unknown old version.
    Corrupt { reason: String },
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::Newer { version } => {
                write!(f, "it was written by a newer Seedfeast (format {version}; this one reads up to {VERSION})")
            }
            ParseError::Corrupt { reason } => f.write_str(reason),
        }
    }
}

/// A setting that was mended while reading.
#[derive(Clone, Debug, PartialEq)]
pub enum Mended {
    /// The volume was NaN or not a number (now the default, as if never set) or out of 0..=1
    /// (now clamped, keeping its stamp).
    Volume { found: String, now: f32 },
    /// The music's volume, likewise (issue #34).
    MusicVolume { found: String, now: f32 },
    /// A jump key name this version doesn't know: back to the default, as if never set.
    JumpKey { found: String },
    /// The settings as a whole couldn't be read (a value of the wrong shape): all defaults.
    Settings { reason: String },
    /// A setting added with remapping (`fullscreen`, `muted`, `text_size`, `keys`) or with the
    /// score boards (`board`, `player_name`) had a value this version doesn't understand: back
    /// to its default, as if never set. (For text longer than its bound, `now` says it was cut,
    /// keeping its stamp.)
    Setting { name: &'static str, found: String, now: &'static str },
    /// One chosen key was left out (an unknown action, not a key's name, a key another action
    /// has): that action is back on its default key.
    Key { found: String, why: &'static str },
    /// One chosen gamepad button was left out, likewise: back on its default button.
    Button { found: String, why: &'static str },
    /// The player's name is not one a board takes (the game's rule, issue #51): back to none,
    /// so the game asks for one before sending a run.
    PlayerName { found: String, why: String },
}

impl fmt::Display for Mended {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Mended::Volume { found, now } => write!(f, "the volume ({found}) was not usable and is now {now}"),
            Mended::MusicVolume { found, now } => {
                write!(f, "the music volume ({found}) was not usable and is now {now}")
            }
            Mended::JumpKey { found } => {
                write!(f, "the jump key \"{found}\" is unknown; it is back to {}", JumpKey::default().label())
            }
            Mended::Settings { reason } => {
                write!(f, "the settings couldn't be read ({reason}) and are back to defaults")
            }
            Mended::Setting { name, found, now } => {
                write!(f, "the setting {name} ({found}) was not usable and is now {now}")
            }
            Mended::Key { found, why } => write!(f, "the key {found} was left out ({why}); it is back to its default"),
            Mended::Button { found, why } => {
                write!(f, "the gamepad button {found} was left out ({why}); it is back to its default")
            }
            Mended::PlayerName { found, why } => write!(
                f,
                "the player name {:?} was left out ({why}); the game asks for one before sending a run",
                crate::settings::cut_chars(found, 40)
            ),
        }
    }
}

/// Reads a save from its text. Pure and total: never panics, never touches a file, and takes
/// time and memory in proportion to the text (RON's recursion limit bounds nesting).
pub fn parse_save(text: &str) -> Result<Parsed, ParseError> {
    if text.len() > MAX_SAVE_BYTES {
        return Err(ParseError::Corrupt { reason: format!("it is larger than {} MiB", MAX_SAVE_BYTES >> 20) });
    }
    // Editors on some systems put a byte-order mark first; it means nothing here.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let version = match ron::from_str::<Probe>(text) {
        Ok(probe) => probe.version,
        // Broken syntax: still refuse to touch it if it says it is from a newer game (whose
        // syntax this version may simply not know).
        Err(error) => {
            return Err(match declared_version(text) {
                Some(version) if version > VERSION => ParseError::Newer { version },
                _ => ParseError::Corrupt { reason: ron_reason(&error) },
            });
        }
    };
    match version {
        1 | 2 => legacy::parse(text, version),
        3 | VERSION => stamped::parse(text, version),
        0 => Err(ParseError::Corrupt { reason: "it declares version 0, which never existed".into() }),
        version => Err(ParseError::Newer { version }),
    }
}

/// [`parse_save`] on raw bytes (what a file gives): text that isn't UTF-8 is corrupt.
pub fn parse_save_bytes(bytes: &[u8]) -> Result<Parsed, ParseError> {
    match std::str::from_utf8(bytes) {
        Ok(text) => parse_save(text),
        Err(error) => Err(ParseError::Corrupt { reason: format!("it is not text ({error})") }),
    }
}

/// Reads a save as the stores do: [`parse_save`], and if the file doesn't parse as a whole
/// (damage, a bad value, a cut), entry by entry, keeping every entry that reads on its own and
/// listing the rest in [`Parsed::dropped`]. Pure and total like [`parse_save`]. Settings that
/// [`parse_save`] could only read as a whole back to defaults ([`Mended::Settings`]: a stamp of
/// -5, a value of the wrong shape) are read entry by entry too, so that only the bad setting is
/// left out.
///
/// `Err(Newer)` as [`parse_save`] (any `version` above [`VERSION`], even in a damaged file);
/// `Err(Corrupt)` only for text that isn't shaped like a save at all (it doesn't open with `(`).
/// For a damaged `version`, [`Parsed::from_version`] is [`VERSION`] (each entry is read by its
/// own shape, whichever format it has).
pub fn read_save(text: &str) -> Result<Parsed, ParseError> {
    match parse_save(text) {
        // Settings unreadable as a whole (one bad stamp is enough): read entry by entry instead,
        // so that only the bad setting goes back to its default, told with its line, and the
        // file is kept whole before it is repaired (issue #51), rather than all twelve reset.
        Ok(parsed) if parsed.mended.iter().any(|m| matches!(m, Mended::Settings { .. })) => {
            let text = text.strip_prefix('\u{feff}').unwrap_or(text);
            match salvage::salvage(text, &[]) {
                Ok(salvaged) if !salvaged.dropped.is_empty() => Ok(salvaged),
                _ => Ok(parsed),
            }
        }
        Err(ParseError::Corrupt { reason }) if text.len() <= MAX_SAVE_BYTES => {
            let text = text.strip_prefix('\u{feff}').unwrap_or(text);
            // Text that isn't shaped like a save keeps the whole-file reader's reason.
            salvage::salvage(text, &[]).map_err(|error| match error {
                ParseError::Corrupt { .. } => ParseError::Corrupt { reason },
                newer => newer,
            })
        }
        other => other,
    }
}

/// [`read_save`] on raw bytes (what a file gives). Bytes that aren't UTF-8 don't lose the file:
/// it is read with each bad sequence as U+FFFD, every key or origin holding one of those is left
/// out, and the bad bytes are listed in [`Parsed::dropped`] themselves. A U+FFFD that was written
/// as text (a player may type one) is kept: only the stand-ins for bad bytes are damage.
pub fn read_save_bytes(bytes: &[u8]) -> Result<Parsed, ParseError> {
    let error = match std::str::from_utf8(bytes) {
        Ok(text) => return read_save(text),
        Err(error) => error,
    };
    let not_text = || ParseError::Corrupt { reason: format!("it is not text ({error})") };
    if bytes.len() > MAX_SAVE_BYTES {
        return Err(parse_save_bytes(bytes).err().unwrap_or_else(not_text));
    }
    let (text, not_text_at) = lossy_text(bytes);
    let text_after_bom = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let bom = text.len() - text_after_bom.len();
    let not_text_at: Vec<usize> = not_text_at.into_iter().map(|at| at - bom).collect();
    let text = text_after_bom;
    if let Some(version) = declared_version(text).filter(|&version| version > VERSION) {
        return Err(ParseError::Newer { version });
    }
    let mut parsed = salvage::salvage(text, &not_text_at).map_err(|error| match error {
        ParseError::Corrupt { .. } => not_text(),
        newer => newer,
    })?;
    let line = 1 + bytes[..error.valid_up_to()].iter().filter(|&&b| b == b'\n').count();
    let (what, reason) = ("bytes that aren't UTF-8 text".to_string(), "the first of them is on this line".to_string());
    parsed.dropped.insert(0, Dropped { line, what, reason });
    Ok(parsed)
}

/// `bytes` as text with each sequence that isn't UTF-8 as one U+FFFD (as
/// `String::from_utf8_lossy` reads them), and the byte offset of each of those stand-ins, in
/// order. Only these are damage: a U+FFFD the file holds as text is a character like any other,
/// and a file cut inside a character must not cost every earlier entry that holds one.
fn lossy_text(bytes: &[u8]) -> (String, Vec<usize>) {
    let mut text = String::with_capacity(bytes.len());
    let mut not_text_at = Vec::new();
    for chunk in bytes.utf8_chunks() {
        text.push_str(chunk.valid());
        if !chunk.invalid().is_empty() {
            not_text_at.push(text.len());
            text.push(char::REPLACEMENT_CHARACTER);
        }
    }
    (text, not_text_at)
}

/// The text of `data` in the current format. (Maps of strings and numbers always encode; the
/// error is RON's, should that ever change.)
pub fn encode_save(data: &SaveData) -> Result<String, String> {
    stamped::encode(data)
}

/// [`checked_text_noting`] without what was left out, for the tests that look only at the text.
#[cfg(test)]
pub(crate) fn checked_text(merged: SaveData, stored: &SaveData) -> Result<(SaveData, String), crate::SaveError> {
    checked_text_noting(merged, stored).map(|(data, text, _)| (data, text))
}

/// The text a store writes for `merged`: encoded, within [`MAX_SAVE_BYTES`] (pruned in
/// [`crate::prune`]'s order if it has to be; `stored` is what the store held before, whose
/// entries go before this save's news), and read back to the same data, so that no store ever
/// writes a save it couldn't load again. Returns the data the text holds, the text, and the
/// bests, daily bests and waiting runs pruning had to leave out, which the player must be told
/// of ([`crate::LeftOut`]).
pub(crate) fn checked_text_noting(
    merged: SaveData,
    stored: &SaveData,
) -> Result<(SaveData, String, crate::LeftOut), crate::SaveError> {
    let unusable = |reason: String| crate::SaveError::Unencodable { reason };
    let mut merged = merged;
    crate::boards::bounded_for_saving(&mut merged);
    let (data, text, left_out) = crate::prune::fitted(merged, stored, |data| encode_save(data).map_err(unusable))?;
    match parse_save(&text) {
        Ok(again) if again.data == data => Ok((data, text, left_out)),
        Ok(_) => Err(unusable("it reads back different".into())),
        Err(error) => Err(unusable(format!("it doesn't read back: {error}"))),
    }
}

/// RON's message for text that isn't a save, without the name of the type it was read into (the
/// player saw "Expected struct `Probe`": an internal name that says nothing to them).
fn ron_reason(error: &ron::error::SpannedError) -> String {
    if matches!(error.code, ron::Error::ExceededRecursionLimit) {
        return format!("line {}: {}", error.span.start.line, ron_words(&error.code));
    }
    error.to_string().replace("struct `Probe`", &format!("a save, `(version: {VERSION}, …)`"))
}

/// RON's complaint as the player is told it. RON's own words for brackets nested past its limit
/// advise a programmer to raise `ron::Options::recursion_limit` and use `serde_stacker`, which
/// means nothing to a player (procgen words its data files' errors likewise, in `data.rs`; that
/// wording is a designer's and this crate can't depend on procgen, so it is not shared).
pub(crate) fn ron_words(code: &ron::Error) -> String {
    match code {
        ron::Error::ExceededRecursionLimit => "brackets are nested too deeply (no save needs that many)".into(),
        other => other.to_string(),
    }
}

/// Only the declared version; every other field is skipped unread.
#[derive(Deserialize)]
struct Probe {
    #[serde(default = "first_version")]
    version: u32,
}

fn first_version() -> u32 {
    1
}

/// The number after the first `version:` in a text RON couldn't parse.
fn declared_version(text: &str) -> Option<u32> {
    let rest = text[text.find("version")? + "version".len()..].trim_start();
    let rest = rest.strip_prefix(':')?.trim_start();
    let digits = rest.find(|c: char| !c.is_ascii_digit()).map_or(rest, |end| &rest[..end]);
    digits.parse().ok()
}

#[cfg(test)]
mod tests;
