//! Reading a save that doesn't parse as a whole, entry by entry (issue #28): every best, daily
//! best, setting, played seed, favourite and board server (issue #31) that reads on its own is
//! kept, and each part that doesn't is left out and listed in [`Parsed::dropped`] with its line.
//! A file cut short keeps every entry before the cut; `version: 0` loses only the version; a
//! score of -1 only its best.
//!
//! The walk knows the save's shape (a struct of known fields holding maps, and maps of maps) but
//! reads each value with RON itself, so a value reads exactly as [`super::parse_save`] would read
//! it. Both formats' shapes are accepted wherever they can appear (a best as `300` or as
//! `(score: 300, better: Higher)`, a setting with or without its stamp), so an entry never
//! depends on a version field that may be the damaged part. After damage, reading goes on at the
//! next entry ([`Cursor::recover`]): one broken line costs that line.

mod boards;
mod kept;
mod scan;
#[cfg(test)]
mod tests;
mod values;

use scan::{Cursor, Kind, clipped};
use serde::de::DeserializeOwned;
use values::{quoting, read_setting, seed, shown};

use super::{Dropped, ParseError, Parsed, RawSettings, VERSION, settings_from};
use crate::SaveData;

const FIELDS: &[&str] = &["version", "best", "daily_best", "settings", "history", "favourites", "boards"];
const SETTINGS: &[&str] = &[
    "volume",
    "jump_key",
    "keys",
    "fullscreen",
    "muted",
    "text_size",
    "board",
    "player_name",
    "music_volume",
    "reduced_motion",
    "buttons",
    "colours",
];

/// How many left-out parts are listed one by one; the rest are counted in one more entry, so a
/// file of garbage can't make a message (or the memory behind it) grow without end.
pub const DROPPED_LISTED: usize = 100;

/// The longest key shown in a message, in characters.
const KEY_SHOWN_CHARS: usize = 40;

/// What a map's entries hold.
#[derive(Clone, Copy)]
enum Entries {
    Bests {
        daily: bool,
    },
    /// Modes, each a map of seed codes.
    Modes {
        favourites: bool,
    },
    /// Board servers (format 4's `boards`).
    Boards,
}

/// The walk's state: the cursor and everything read so far.
struct Walk<'a> {
    cur: Cursor<'a>,
    data: SaveData,
    /// The declared version, once read (`None`: absent or unreadable).
    version: Option<u32>,
    version_bad: bool,
    newer: Option<u32>,
    settings: RawSettings,
    dropped: Vec<Dropped>,
    /// Parts left out beyond [`DROPPED_LISTED`]: how many, and the first one's line.
    unlisted: (usize, usize),
    /// Where the text holds a U+FFFD standing for bytes that weren't UTF-8 (byte offsets, in
    /// order): an entry holding one is damage. Any other U+FFFD is the player's text (an origin
    /// may hold one), and is kept: otherwise a file cut inside a character, anywhere, would lose
    /// every earlier entry holding one.
    not_text_at: &'a [usize],
    /// What the entry the file was cut in was, once known.
    cut_in: Option<(usize, String)>,
}

/// Reads what can be read of `text`; `not_text_at` are the offsets of the U+FFFD that stand for
/// bytes that weren't UTF-8 (none for text given as text). `Err(Newer)` if any `version` field
/// says a newer game wrote it; `Err(Corrupt)` only if the text isn't shaped like a save at all
/// (no opening `(`).
pub(super) fn salvage(text: &str, not_text_at: &[usize]) -> Result<Parsed, ParseError> {
    let mut walk = Walk {
        cur: Cursor::new(text),
        data: SaveData::default(),
        version: None,
        version_bad: false,
        newer: None,
        settings: RawSettings::default(),
        dropped: Vec::new(),
        unlisted: (0, 0),
        not_text_at,
        cut_in: None,
    };
    walk.cur.skip_blank();
    if !walk.cur.eat(b'(') {
        return Err(ParseError::Corrupt { reason: "it doesn't start with `(`: it isn't a save".into() });
    }
    walk.top();
    if let Some(version) = walk.newer {
        return Err(ParseError::Newer { version });
    }
    Ok(walk.finish())
}

impl Walk<'_> {
    fn top(&mut self) {
        let depth = self.cur.enter(b')', Kind::Fields(FIELDS));
        loop {
            self.cur.unwinding(depth);
            self.cur.skip_blank();
            match self.cur.peek() {
                None => return self.cut_short(),
                Some(b')') => {
                    self.cur.pos += 1;
                    self.cur.skip_blank();
                    if !self.cur.at_end() {
                        let at = self.cur.pos;
                        self.drop(
                            at,
                            "the text after the save's closing `)`".into(),
                            "it isn't part of the save".into(),
                        );
                    }
                    return;
                }
                Some(b',') => self.cur.pos += 1,
                _ => self.field(depth),
            }
            if self.newer.is_some() {
                return;
            }
        }
    }

    /// One field of the top-level struct.
    fn field(&mut self, depth: usize) {
        let start = self.cur.pos;
        self.cur.entry_starts(depth);
        let Some(name) = self.cur.ident() else {
            return self.damaged(start, "a part of the save".into(), "a field name was expected here".into());
        };
        self.cur.skip_blank();
        if !self.cur.eat(b':') {
            return self.damaged(start, format!("the field `{name}`"), "`:` was expected after it".into());
        }
        self.cur.skip_blank();
        match name {
            "version" => self.version(start),
            "best" => self.map(start, "the bests", Entries::Bests { daily: false }, None),
            "daily_best" => self.map(start, "the daily bests", Entries::Bests { daily: true }, None),
            "settings" => self.settings(start),
            "history" => self.map(start, "the seed history", Entries::Modes { favourites: false }, None),
            "favourites" => self.map(start, "the favourites", Entries::Modes { favourites: true }, None),
            "boards" => self.map(start, "the board servers", Entries::Boards, None),
            // A field this version doesn't know is skipped, as the whole-file reader does.
            _ => {
                if let Err(reason) = self.cur.value() {
                    self.damaged(start, format!("the field `{name}`"), reason);
                }
            }
        }
    }

    fn version(&mut self, start: usize) {
        let text = match self.cur.value() {
            Ok(text) => text,
            Err(reason) => return self.damaged(start, "the version".into(), reason),
        };
        match ron::from_str::<u32>(text) {
            Ok(0) => {
                self.version_bad = true;
                let why = "version 0 never existed; each entry was read by its own shape".into();
                self.drop(start, "the version".into(), why);
            }
            Ok(version) if version > VERSION => self.newer = Some(version),
            Ok(version) => self.version = Some(version),
            // Digits too many for a number: from no game yet, so from a newer one if anything.
            Err(_) if text.bytes().all(|b| b.is_ascii_digit()) => self.newer = Some(u32::MAX),
            Err(error) => {
                self.version_bad = true;
                self.drop(start, "the version".into(), quoting(clipped(&crate::format::ron_words(&error.code)), text));
            }
        }
    }

    /// A map `{ key: value, … }` of `what`; `mode` when it is one mode's seeds.
    fn map(&mut self, start: usize, what: &str, entries: Entries, mode: Option<&str>) {
        if !self.cur.eat(b'{') {
            return match self.cur.value() {
                Ok(_) => self.drop(start, what.into(), "it isn't a map `{…}`".into()),
                Err(reason) => self.damaged(start, what.into(), reason),
            };
        }
        if let (Some(mode), Entries::Modes { favourites }) = (mode, entries) {
            // As the whole-file reader does, an empty mode is kept as written.
            if favourites {
                self.data.favourites.entry(mode.to_string()).or_default();
            } else {
                self.data.history.entry(mode.to_string()).or_default();
            }
        }
        let depth = self.cur.enter(b'}', Kind::Map);
        loop {
            if self.cur.unwinding(depth) {
                return self.cur.leave();
            }
            self.cur.skip_blank();
            match self.cur.peek() {
                None => return self.cur.leave(),
                Some(b'}') => {
                    self.cur.pos += 1;
                    return self.cur.leave();
                }
                Some(b',') => self.cur.pos += 1,
                _ => self.entry(depth, what, entries, mode),
            }
        }
    }

    /// One `key: value` of a map.
    fn entry(&mut self, depth: usize, what: &str, entries: Entries, mode: Option<&str>) {
        let start = self.cur.pos;
        self.cur.entry_starts(depth);
        let Some(key) = self.entry_key(start, what) else {
            return;
        };
        let label = entry_label(&key, what, entries, mode);
        self.cur.skip_blank();
        if !self.cur.eat(b':') {
            return self.damaged(start, label, "`:` was expected after the key".into());
        }
        self.cur.skip_blank();
        let key = match key {
            Ok(_) if self.holds_not_text(start) => Err("it holds bytes that aren't text".to_string()),
            Ok(key) => Ok(key),
            Err(reason) => Err(format!("its key isn't text in quotes ({reason})")),
        };
        let key = match (key, entries, mode) {
            (Ok(key), Entries::Modes { .. }, None) => return self.map(start, &label, entries, Some(&key)),
            (Ok(key), ..) => key,
            // A bad key: its value is skipped (it may be damage too).
            (Err(reason), ..) => {
                return match self.cur.value() {
                    Ok(_) => self.drop(start, label, reason),
                    Err(more) => self.damaged(start, label, more),
                };
            }
        };
        if let Some(Err(reason)) = self.entry_value(start, &label, key, entries, mode) {
            self.drop(start, label, reason);
        }
    }

    /// The key of the entry at `start`: `Ok` when it is text in quotes, `Err` (why, clipped) when
    /// it is another value. `None` when it isn't a value at all or its closing quote is missing:
    /// that damage is dealt with here.
    fn entry_key(&mut self, start: usize, what: &str) -> Option<Result<String, String>> {
        let key = match self.cur.typed::<String>() {
            Some(key) => Ok(key),
            None => match self.cur.value() {
                Ok(text) => Err(ron::from_str::<String>(text)
                    .err()
                    .map_or_else(String::new, |e| crate::format::ron_words(&e.code))),
                Err(reason) => {
                    self.damaged(start, unnamed(what), reason);
                    return None;
                }
            },
        };
        // The save never writes a raw line break inside a key (it writes `\n`): a quote is
        // missing. (The text is checked, not the key: a key may hold an escaped line break.)
        if self.cur.text[start..self.cur.pos].contains('\n') {
            self.damaged(start, unnamed(what), "its key's closing quote is missing".into());
            return None;
        }
        Some(key.map_err(|reason| clipped(&reason)))
    }

    /// The value at the cursor as a `T`: read once when it is one (the common case), else read as
    /// text and given to `fallback` (another format's shape, or the reason it isn't one).
    /// `None` when it isn't a value at all: that damage is dealt with here.
    fn value_as<T: DeserializeOwned>(
        &mut self,
        start: usize,
        label: &str,
        fallback: fn(&str) -> Result<T, String>,
    ) -> Option<Result<T, String>> {
        if let Some(value) = self.cur.typed::<T>() {
            return Some(Ok(value));
        }
        match self.cur.value() {
            Ok(text) => Some(fallback(text).map_err(|reason| quoting(reason, text))),
            Err(reason) => {
                self.damaged(start, label.to_string(), reason);
                None
            }
        }
    }

    /// The settings struct, each setting on its own.
    fn settings(&mut self, start: usize) {
        if !self.cur.eat(b'(') {
            return match self.cur.value() {
                Ok(_) => self.drop(start, "the settings".into(), "they aren't a struct `(…)`".into()),
                Err(reason) => self.damaged(start, "the settings".into(), reason),
            };
        }
        let depth = self.cur.enter(b')', Kind::Fields(SETTINGS));
        loop {
            if self.cur.unwinding(depth) {
                return self.cur.leave();
            }
            self.cur.skip_blank();
            match self.cur.peek() {
                None => return self.cur.leave(),
                Some(b')') => {
                    self.cur.pos += 1;
                    return self.cur.leave();
                }
                Some(b',') => self.cur.pos += 1,
                _ => self.setting(depth),
            }
        }
    }

    fn setting(&mut self, depth: usize) {
        let start = self.cur.pos;
        self.cur.entry_starts(depth);
        let Some(name) = self.cur.ident() else {
            return self.damaged(start, "a setting".into(), "a setting's name was expected here".into());
        };
        let label = format!("the setting `{name}`");
        self.cur.skip_blank();
        if !self.cur.eat(b':') {
            return self.damaged(start, label, "`:` was expected after it".into());
        }
        self.cur.skip_blank();
        let value = match self.cur.value() {
            Ok(value) => value,
            Err(reason) => return self.damaged(start, label, reason),
        };
        let read = match name {
            "volume" => read_setting(value).map(|v| self.settings.volume = v),
            "jump_key" => read_setting(value).map(|v| self.settings.jump_key = v),
            "keys" => read_setting(value).map(|v| self.settings.keys = v),
            "fullscreen" => read_setting(value).map(|v| self.settings.fullscreen = v),
            "muted" => read_setting(value).map(|v| self.settings.muted = v),
            "text_size" => read_setting(value).map(|v| self.settings.text_size = v),
            "board" => read_setting(value).map(|v| self.settings.board = v),
            "player_name" => read_setting(value).map(|v| self.settings.player_name = v),
            "music_volume" => read_setting(value).map(|v| self.settings.music_volume = v),
            "reduced_motion" => read_setting(value).map(|v| self.settings.reduced_motion = v),
            "buttons" => read_setting(value).map(|v| self.settings.buttons = v),
            "colours" => read_setting(value).map(|v| self.settings.colours = v),
            _ => Ok(()), // A setting this version doesn't know: skipped.
        };
        if let Err(reason) = read {
            self.drop(start, label, quoting(reason, value));
        }
    }

    /// Whether the text from `start` to the cursor holds a character that stands for bytes that
    /// weren't UTF-8 (by where it is, not what it is: see [`Walk::not_text_at`]).
    fn holds_not_text(&self, start: usize) -> bool {
        let first_after = self.not_text_at.partition_point(|&at| at < start);
        self.not_text_at.get(first_after).is_some_and(|&at| at < self.cur.pos)
    }

    /// A part at `start` that couldn't be read and whose end isn't known: left out, and reading
    /// goes on after it. If that runs into the end, the file was cut there.
    fn damaged(&mut self, start: usize, what: String, reason: String) {
        self.cur.recover(start);
        if self.cur.hit_end {
            self.cut_in.get_or_insert((start, what));
        } else {
            self.drop(start, what, reason);
        }
    }

    /// A part at `start` that was read but isn't usable: left out.
    fn drop(&mut self, start: usize, what: String, reason: String) {
        let line = self.cur.line_at(start);
        if self.dropped.len() < DROPPED_LISTED {
            self.dropped.push(Dropped { line, what, reason });
        } else {
            self.unlisted = (self.unlisted.0 + 1, if self.unlisted.0 == 0 { line } else { self.unlisted.1 });
        }
    }

    /// The text ended before the save's closing `)`.
    fn cut_short(&mut self) {
        let (at, what) = self.cut_in.take().unwrap_or_else(|| (self.cur.text.len(), "the end of the save".into()));
        let reason = "the file stops here, cut short; whatever came after is missing".into();
        self.drop(at, what, reason);
    }

    fn finish(mut self) -> Parsed {
        if self.unlisted.0 > 0 {
            let (count, line) = self.unlisted;
            let what = format!("{count} more parts, the first at line {line}");
            self.dropped.push(Dropped { line, what, reason: "too many to list".into() });
        }
        let mut mended = Vec::new();
        self.data.settings = settings_from(std::mem::take(&mut self.settings), &mut mended);
        // A hand-edited file may list more seeds than the history keeps.
        self.data.history.values_mut().for_each(crate::merge::cap_history);
        let from_version = match (self.version, self.version_bad) {
            (Some(version), _) => version,
            (None, true) => VERSION,
            (None, false) => 1,
        };
        Parsed { data: self.data, from_version, mended, dropped: self.dropped }
    }
}

/// How an entry of `what` whose key can't be read is named.
fn unnamed(what: &str) -> String {
    format!("an entry of {what}")
}

/// How the entry `key` of `what` is named in what is left out.
fn entry_label(key: &Result<String, String>, what: &str, entries: Entries, mode: Option<&str>) -> String {
    match (key, entries, mode) {
        (Err(_), ..) => unnamed(what),
        (Ok(key), Entries::Bests { daily: false }, _) => format!("the best {}", shown(key)),
        (Ok(key), Entries::Bests { daily: true }, _) => format!("the daily best {}", shown(key)),
        (Ok(key), Entries::Modes { favourites: false }, None) => format!("the seed history of {}", shown(key)),
        (Ok(key), Entries::Modes { favourites: true }, None) => format!("the favourites of {}", shown(key)),
        (Ok(key), Entries::Modes { favourites: false }, Some(m)) => format!("the played seed {}", seed(m, key)),
        (Ok(key), Entries::Modes { favourites: true }, Some(m)) => format!("the favourite {}", seed(m, key)),
        (Ok(key), Entries::Boards, _) => format!("the board server {}", shown(key)),
    }
}
