//! The save as one entry of key-value text storage: the browser's localStorage in the web build
//! (the game implements [`TextStorage`] over it), [`MapStorage`] in tests.
//!
//! The same rules as the file store: each save re-reads the entry, merges into it and writes the
//! whole entry back (one `set`, atomic in every browser); an entry from a newer game, too large,
//! or unreadable is never overwritten by a save. Loading repairs an entry damaged in places: it
//! is copied whole to `<key>.corrupt-N` (and the copy read back) before what could be read of it
//! is written over it. One with nothing of a save in it is copied the same way, then removed. There is no lock: a browser runs each tab's code in one thread, and the re-read and
//! the write happen in one call, so two tabs lose nothing unless both save in the same instant
//! (the game can also reload on the `storage` event and merge with [`SaveData::merge`]).

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use crate::outcome::dropped_summary;
use crate::{
    LeftOut, LoadNote, Loaded, MAX_SAVE_BYTES, ParseError, Parsed, ReadOnly, SaveData, SaveError, Saved, VERSION,
    read_save,
};

/// The entry's key in the browser's localStorage.
pub const STORAGE_KEY: &str = "seedfeast.scores";
/// How many `<key>.corrupt-N` entries may pile up before setting aside gives up.
pub const MAX_SET_ASIDE_ENTRIES: u32 = 999;

/// Key-value text storage the way browsers offer it (localStorage): each `set` replaces one
/// whole entry at once, so writes are atomic without a rename. Errors are the storage's own
/// words ("QuotaExceededError", "blocked by the browser").
pub trait TextStorage: Send + Sync {
    fn get(&self, key: &str) -> Result<Option<String>, String>;
    fn set(&self, key: &str, value: &str) -> Result<(), String>;
    fn remove(&self, key: &str) -> Result<(), String>;
}

/// Writes, reads back and removes a probe entry: proof that `storage` really keeps text (the
/// browser end-to-end test runs it against localStorage).
pub fn storage_check(storage: &dyn TextStorage) -> Result<(), String> {
    let (key, value) = ("seedfeast.probe", "pizza party");
    storage.set(key, value)?;
    let read = storage.get(key)?;
    storage.remove(key)?;
    match (read.as_deref(), storage.get(key)?) {
        (Some(read), None) if read == value => Ok(()),
        (read, left) => Err(format!("storage gave back {read:?} and kept {left:?}")),
    }
}

/// [`TextStorage`] in memory: what the browser store's tests run against natively.
#[derive(Debug, Default)]
pub struct MapStorage(pub Mutex<BTreeMap<String, String>>);

impl TextStorage for MapStorage {
    fn get(&self, key: &str) -> Result<Option<String>, String> {
        Ok(self.0.lock().map_err(|e| e.to_string())?.get(key).cloned())
    }
    fn set(&self, key: &str, value: &str) -> Result<(), String> {
        self.0.lock().map_err(|e| e.to_string())?.insert(key.to_string(), value.to_string());
        Ok(())
    }
    fn remove(&self, key: &str) -> Result<(), String> {
        self.0.lock().map_err(|e| e.to_string())?.remove(key);
        Ok(())
    }
}

/// The save as one entry of [`TextStorage`].
#[derive(Clone)]
pub struct KeyedStore {
    storage: Arc<dyn TextStorage>,
    key: String,
}

impl std::fmt::Debug for KeyedStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "KeyedStore({})", self.key)
    }
}

/// What is stored, classified.
enum Found {
    Missing,
    Usable(Parsed),
    /// Damaged in places ([`Parsed::dropped`]): may be repaired, keeping this text.
    Damaged(Parsed, String),
    /// Nothing of a save: may be set aside.
    Corrupt {
        reason: String,
        text: String,
    },
    Unusable(ReadOnly),
}

impl KeyedStore {
    /// The save under [`STORAGE_KEY`].
    pub fn new(storage: Arc<dyn TextStorage>) -> KeyedStore {
        KeyedStore::with_key(storage, STORAGE_KEY)
    }

    /// The save under another key.
    pub fn with_key(storage: Arc<dyn TextStorage>, key: &str) -> KeyedStore {
        KeyedStore { storage, key: key.to_string() }
    }

    pub fn key(&self) -> &str {
        &self.key
    }

    fn examine(&self) -> Found {
        let at = self.key.clone();
        match self.storage.get(&self.key) {
            Err(reason) => Found::Unusable(ReadOnly::Unavailable { reason }),
            Ok(None) => Found::Missing,
            Ok(Some(text)) if text.len() > MAX_SAVE_BYTES => {
                Found::Unusable(ReadOnly::TooLarge { at, bytes: text.len() as u64 })
            }
            Ok(Some(text)) => match read_save(&text) {
                Ok(parsed) if parsed.dropped.is_empty() => Found::Usable(parsed),
                Ok(parsed) => Found::Damaged(parsed, text),
                Err(ParseError::Newer { version }) => Found::Unusable(ReadOnly::Newer { at, version }),
                Err(ParseError::Corrupt { reason }) => Found::Corrupt { reason, text },
            },
        }
    }

    /// Loads the save; never fails (see [`LoadNote`]).
    pub fn load(&self) -> Loaded {
        let fresh = |note| Loaded { data: SaveData::default(), note };
        match self.examine() {
            Found::Missing => fresh(LoadNote::Fresh),
            Found::Usable(parsed) => Loaded {
                data: parsed.data,
                note: LoadNote::Loaded { from_version: parsed.from_version, mended: parsed.mended },
            },
            Found::Unusable(why) => fresh(LoadNote::ReadOnly(why)),
            Found::Damaged(parsed, text) => self.repair(parsed, &text),
            Found::Corrupt { reason, text } => fresh(self.set_aside(reason, &text)),
        }
    }

    /// Copies a damaged entry to the first free `<key>.corrupt-N`, then writes what could be
    /// read of it over it. Any failure (a full quota, say) leaves the entry as it was,
    /// read-only, with the copy this call made removed; play goes on with what could be read.
    fn repair(&self, parsed: Parsed, text: &str) -> Loaded {
        let reason = dropped_summary(&parsed.dropped);
        let kept = |why_kept: String| Loaded {
            data: parsed.data.clone(),
            note: LoadNote::ReadOnly(ReadOnly::Corrupt { at: self.key.clone(), reason: reason.clone(), why_kept }),
        };
        // What could be read is all there is to keep: nothing of it is news to protect.
        let (data, repaired, left_out) = match crate::format::checked_text_noting(parsed.data.clone(), &parsed.data) {
            Ok(fitted) => fitted,
            Err(error) => return kept(format!("the repaired save couldn't be made: {error}")),
        };
        let copy = match self.keep_copy(text) {
            Ok(copy) => copy,
            Err(why) => return kept(why),
        };
        if let Err(error) = self.storage.set(&self.key, &repaired) {
            let _ = self.storage.remove(&copy);
            return kept(format!("the repaired save couldn't be written: {error}"));
        }
        let mut dropped = parsed.dropped;
        if !left_out.is_empty() {
            dropped.push(crate::outcome::left_out_dropped(&left_out));
        }
        Loaded { data, note: LoadNote::Repaired { dropped, kept_as: copy, mended: parsed.mended } }
    }

    /// Copies an entry with nothing of a save in it to the first free `<key>.corrupt-N`, then
    /// removes it. Any failure (a full quota, say) leaves the entry where it is, read-only: it
    /// is never reported as kept when it wasn't, and never overwritten.
    fn set_aside(&self, reason: String, text: &str) -> LoadNote {
        let kept = |why_kept: String| {
            LoadNote::ReadOnly(ReadOnly::Corrupt { at: self.key.clone(), reason: reason.clone(), why_kept })
        };
        let aside = match self.keep_copy(text) {
            Ok(aside) => aside,
            Err(why) => return kept(why),
        };
        if let Err(error) = self.storage.remove(&self.key) {
            return kept(format!("copied to {aside} but can't remove it: {error}"));
        }
        LoadNote::SetAside { reason, moved_to: aside }
    }

    /// Writes `text` to the first free `<key>.corrupt-N` and reads it back: only a copy read
    /// back whole counts as kept. The error says why not (and no partial copy is left).
    fn keep_copy(&self, text: &str) -> Result<String, String> {
        for n in 1..=MAX_SET_ASIDE_ENTRIES {
            let aside = format!("{}.corrupt-{n}", self.key);
            match self.storage.get(&aside) {
                Ok(Some(_)) => continue,
                Ok(None) => {}
                Err(error) => return Err(format!("can't check {aside}: {error}")),
            }
            if let Err(error) = self.storage.set(&aside, text) {
                return Err(format!("can't copy it to {aside}: {error}"));
            }
            match self.storage.get(&aside) {
                Ok(Some(copy)) if copy == text => return Ok(aside),
                other => {
                    let _ = self.storage.remove(&aside);
                    return Err(format!("the copy in {aside} didn't read back ({other:?})"));
                }
            }
        }
        Err(format!("{}.corrupt-1 to -{MAX_SET_ASIDE_ENTRIES} are all taken", self.key))
    }

    /// Merges `data` into the stored entry and writes it back whole; returns the merged save.
    /// Never overwrites an entry it couldn't read and parse.
    pub fn save(&self, data: &SaveData) -> Result<SaveData, SaveError> {
        self.save_telling(data).map(|saved| saved.data)
    }

    /// [`KeyedStore::save`], also telling what had to be left out to stay within the bound
    /// ([`Saved::left_out`]: the player must be told).
    pub fn save_telling(&self, data: &SaveData) -> Result<Saved, SaveError> {
        let (stored, up_to_date) = match self.examine() {
            Found::Missing => (SaveData::default(), false),
            Found::Usable(parsed) => {
                let up_to_date = parsed.from_version == VERSION && parsed.mended.is_empty();
                (parsed.data, up_to_date)
            }
            Found::Corrupt { reason, .. } => return Err(self.damaged_since_loading(reason)),
            Found::Damaged(parsed, _) => return Err(self.damaged_since_loading(dropped_summary(&parsed.dropped))),
            Found::Unusable(why) => return Err(SaveError::ReadOnly(why)),
        };
        let merged = stored.merge(data);
        if up_to_date && merged == stored {
            return Ok(Saved { data: merged, left_out: LeftOut::default() });
        }
        let (merged, text, left_out) = crate::format::checked_text_noting(merged, &stored)?;
        self.storage.set(&self.key, &text).map_err(|error| SaveError::Failed {
            action: "write".into(),
            at: self.key.clone(),
            error,
        })?;
        Ok(Saved { data: merged, left_out })
    }

    /// An entry damaged after this game loaded it: the player hasn't been told what it lost, so
    /// it is not repaired by a save.
    fn damaged_since_loading(&self, reason: String) -> SaveError {
        let why_kept = "damaged saves are repaired or set aside only when the game starts".to_string();
        SaveError::ReadOnly(ReadOnly::Corrupt { at: self.key.clone(), reason, why_kept })
    }
}

#[cfg(test)]
mod tests;
