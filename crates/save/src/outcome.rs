//! What loading found and why a save failed, in words the game can show the player as they are.

use std::fmt;

use crate::{Dropped, LeftOut, MAX_SAVE_BYTES, Mended, SaveData, VERSION};

/// How many left-out parts a message names one by one (the rest are counted).
const DROPPED_NAMED: usize = 3;

/// The save as loaded, and what the player should be told about it.
#[derive(Clone, Debug, PartialEq)]
pub struct Loaded {
    /// What to play with: the save (all of it that could be read, when it was damaged), or fresh
    /// data when there was none or it couldn't be used.
    pub data: SaveData,
    pub note: LoadNote,
}

/// What loading found.
#[derive(Clone, Debug, PartialEq)]
pub enum LoadNote {
    /// Nothing saved yet: fresh data.
    Fresh,
    /// The save was read. An older format (`from_version` < [`VERSION`]) is upgraded by the next
    /// save; `mended` lists settings that fell back to a default or were brought into range.
    Loaded { from_version: u32, mended: Vec<Mended> },
    /// The save was damaged in places (a bad value, a broken line, a cut): every entry that could
    /// be read was loaded, the parts in `dropped` were left out, the file as it was was kept
    /// whole as `kept_as` (a path, or a storage key), and only then was it replaced by the
    /// repaired save. `mended` as for [`LoadNote::Loaded`].
    Repaired { dropped: Vec<Dropped>, kept_as: String, mended: Vec<Mended> },
    /// What was read isn't shaped like a save at all (not RON, not text, empty): it was moved
    /// to `moved_to` (a path, or a storage key) and play goes on with fresh data.
    SetAside { reason: String, moved_to: String },
    /// The save is there but can't be used; it is left exactly as it is and no save will
    /// overwrite it (each save re-checks it and refuses). Play goes on with fresh data, or with
    /// what could be read of a damaged save that couldn't be kept aside first.
    ReadOnly(ReadOnly),
}

impl LoadNote {
    /// What to tell the player, if anything (`None` for a quiet load).
    pub fn message(&self) -> Option<String> {
        match self {
            LoadNote::Fresh => None,
            LoadNote::Loaded { mended, .. } if mended.is_empty() => None,
            LoadNote::Loaded { mended, .. } => {
                let list: Vec<String> = mended.iter().map(Mended::to_string).collect();
                Some(format!("Some settings in your save were reset: {}.", list.join("; ")))
            }
            LoadNote::Repaired { dropped, kept_as, mended } => {
                let mut message = format!(
                    "Parts of your scores file couldn't be read and were left out ({}). Everything else was \
                     loaded; the file as it was is kept as {kept_as}.",
                    dropped_summary(dropped)
                );
                if !mended.is_empty() {
                    let list: Vec<String> = mended.iter().map(Mended::to_string).collect();
                    message.push_str(&format!(" Some settings were reset: {}.", list.join("; ")));
                }
                Some(message)
            }
            LoadNote::SetAside { reason, moved_to } => Some(format!(
                "Your scores file was damaged ({reason}); it was kept as {moved_to} and a fresh one started."
            )),
            LoadNote::ReadOnly(why @ ReadOnly::Unavailable { .. }) => {
                Some(format!("{}, so scores from this session won't be kept.", capitalised(&why.describe())))
            }
            LoadNote::ReadOnly(why) => Some(format!(
                "{}. It was left as it is and nothing will be saved over it, so scores from this session won't be kept.",
                capitalised(&why.describe())
            )),
        }
    }

    /// Whether the stored save is being left alone (saves will fail until it is usable).
    pub fn is_read_only(&self) -> bool {
        matches!(self, LoadNote::ReadOnly(_))
    }
}

/// A save that was written: the merged save to play on with, and what of it had to be left out
/// to stay within the bound (nothing, but for a save at its bound: see [`LeftOut`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Saved {
    pub data: SaveData,
    pub left_out: LeftOut,
}

impl Saved {
    /// What to tell the player, if anything was left out.
    pub fn message(&self) -> Option<String> {
        self.left_out.message()
    }
}

/// The entry a repaired save lists for what pruning left out of it (line 0: no one line).
pub(crate) fn left_out_dropped(left_out: &LeftOut) -> Dropped {
    let (what, reason) =
        (left_out.to_string(), format!("left out to keep the file within {} MiB", MAX_SAVE_BYTES >> 20));
    Dropped { line: 0, what, reason }
}

/// Why a stored save can't be used, so it is left alone and never overwritten. `at` is the
/// file's path or the storage key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadOnly {
    /// Reading it failed (permission denied, an I/O error): it may be perfectly good.
    Unreadable { at: String, error: String },
    /// Written by a newer Seedfeast.
    Newer { at: String, version: u32 },
    /// Something other than a regular file is there (`kind`: "a folder", "a named pipe", …).
    NotAFile { at: String, kind: String },
    /// Larger than [`MAX_SAVE_BYTES`].
    TooLarge { at: String, bytes: u64 },
    /// It is damaged (`reason`: what couldn't be read), and keeping a copy of it, to repair it or
    /// set it aside, failed (`why_kept`).
    Corrupt { at: String, reason: String, why_kept: String },
    /// The key-value storage can't be read at all (a browser that blocks it).
    Unavailable { reason: String },
}

impl ReadOnly {
    /// One clause, lower-case and without the consequence (the load and save messages add
    /// their own).
    pub fn describe(&self) -> String {
        match self {
            ReadOnly::Unreadable { at, error } => format!("your scores file {at} can't be read ({error})"),
            ReadOnly::Newer { at, version } => format!(
                "your scores file {at} is from a newer Seedfeast (format {version}; this one reads up to {VERSION}): \
                 update the game to use it"
            ),
            ReadOnly::NotAFile { at, kind } => format!("where your scores file should be, {at} is {kind}"),
            ReadOnly::TooLarge { at, bytes } => format!(
                "your scores file {at} is {:.1} MiB, more than the {} MiB a scores file can be",
                *bytes as f64 / (1u64 << 20) as f64,
                MAX_SAVE_BYTES >> 20
            ),
            ReadOnly::Corrupt { at, reason, why_kept } => {
                format!("your scores file {at} is damaged ({reason}) and couldn't be moved aside ({why_kept})")
            }
            ReadOnly::Unavailable { reason } => format!("scores can't be kept here ({reason})"),
        }
    }
}

/// Why a save wasn't written. Except for [`SaveError::FolderNotFlushed`], what was stored
/// before is intact.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveError {
    /// The stored save can't be merged with (see [`ReadOnly`]), so it was not overwritten.
    ReadOnly(ReadOnly),
    /// Another game kept the lock for `waited_ms` (a hung window?).
    Busy { at: String, waited_ms: u64 },
    /// A step of writing failed (`action`: "create the folder", "write", "replace", "lock"):
    /// a full disk, a read-only folder, storage over its quota.
    Failed { action: String, at: String, error: String },
    /// The new file replaced the old one but the folder couldn't be flushed, so a power cut soon
    /// could still lose this save (not the earlier ones).
    FolderNotFlushed { at: String, error: String },
    /// The merged save would be larger than [`MAX_SAVE_BYTES`] even with everything that can be
    /// pruned left out (only settings and empty maps remain then: never in practice).
    TooLarge { bytes: usize },
    /// The merged save didn't encode to text that reads back the same (a bug, never expected):
    /// not written.
    Unencodable { reason: String },
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SaveError::ReadOnly(why @ ReadOnly::Unavailable { .. }) => {
                write!(f, "Your scores weren't saved: {}.", why.describe())
            }
            SaveError::ReadOnly(why) => {
                write!(f, "Your scores weren't saved: {}. It was left as it is.", why.describe())
            }
            SaveError::Busy { at, waited_ms } => write!(
                f,
                "Your scores weren't saved: another Seedfeast kept {at} locked for {} s. Close it and play again.",
                waited_ms / 1000
            ),
            SaveError::Failed { action, at, error } => {
                write!(f, "Your scores weren't saved: can't {action} {at} ({error}). The previous save is intact.")
            }
            SaveError::FolderNotFlushed { at, error } => write!(
                f,
                "Your scores were written, but the folder {at} couldn't be flushed to disk ({error}): \
                 a power cut now could lose this save."
            ),
            SaveError::TooLarge { bytes } => write!(
                f,
                "Your scores weren't saved: they would take {:.1} MiB, more than the {} MiB a scores file can be.",
                *bytes as f64 / (1u64 << 20) as f64,
                MAX_SAVE_BYTES >> 20
            ),
            SaveError::Unencodable { reason } => write!(
                f,
                "Your scores weren't saved: they couldn't be written in a form this game reads back ({reason}). \
                 The previous save is intact."
            ),
        }
    }
}

impl std::error::Error for SaveError {}

/// The first few left-out parts, each with its line, and how many more: `line 12: the best
/// "runner/X" (…); line 30: the version (…); and 4 more`.
pub(crate) fn dropped_summary(dropped: &[Dropped]) -> String {
    let mut named: Vec<String> = dropped.iter().take(DROPPED_NAMED).map(Dropped::to_string).collect();
    if dropped.len() > crate::DROPPED_LISTED {
        // The last entry counts the parts beyond the listed ones.
        named.push(format!("and over {} more", crate::DROPPED_LISTED - DROPPED_NAMED));
    } else if dropped.len() > DROPPED_NAMED {
        named.push(format!("and {} more", dropped.len() - DROPPED_NAMED));
    }
    named.join("; ")
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| first.to_uppercase().chain(chars).collect())
}
