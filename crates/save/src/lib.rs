//! Seedfeast's scores and settings kept between runs (issue #11; seed history and favourites
//! from issue #15; what the score boards need from issue #31): the save format, its merge rules
//! and its stores. No Bevy: the game wraps [`Store`] and [`SaveData`] in a thin plugin.
//!
//! # Promises
//! - **Nothing is lost.** Every save re-reads what is stored, merges this window's copy into it
//!   ([`merge`]: bests by their direction, settings and favourites by last change, history by
//!   newest play) and writes the result, so two windows or tabs never erase each other's bests.
//! - **Atomic and durable on disk.** Under an exclusive lock beside the file, the merged save
//!   goes to a unique temporary file that is fsynced, renamed over `scores.ron`, and the folder
//!   fsynced: a crash or power cut leaves the old file or the new one, never half of one. A
//!   `scores.ron` that is a symbolic link is written through to the file it names, and stays a
//!   link ([`replace_file`] is the same rule for any file a tool writes).
//! - **A damaged save loses only its damaged parts** (issue #28). A file that doesn't parse as a
//!   whole is read entry by entry ([`read_save`]): every best, daily best, setting, played seed
//!   and favourite that reads on its own is loaded; the rest are listed with their lines
//!   ([`Dropped`], told to the player by [`LoadNote::Repaired`]). A file cut short keeps every
//!   entry before the cut; a score of -1 loses that best; `version: 0` loses only the version.
//! - **Repaired only after a copy is kept.** At load, under the lock and after reading it again,
//!   a damaged file is copied whole to `scores.ron.corrupt-N` (the first free N: an earlier copy
//!   is never written over) and flushed, and only then replaced, atomically, by what could be
//!   read. A file with nothing of a save in it (not RON, not text, empty) is moved aside whole.
//! - **Never overwritten unread.** A file that can't be read, is from a newer game, is not a
//!   regular file, or is too large is left exactly where it is and the store is read-only for it:
//!   no save ever overwrites it ([`ReadOnly`]). Saves never write over a damaged file either (one
//!   damaged after loading is refused until the next start repairs it); if keeping the copy
//!   fails, the store is read-only for it and play goes on with what could be read.
//! - **Never downgraded.** A newer format is refused, not rewritten in an older one, even when
//!   it is damaged: a `version` above [`VERSION`] anywhere in it is enough.
//! - **Bounded, and a run is always saved.** At most [`MAX_SAVE_BYTES`] are read; a pipe, device
//!   or folder where the file should be is refused without blocking. A save that would be larger
//!   than the bound is pruned, what matters least first: seed history (oldest first, starred
//!   seeds' last), un-star records and stars down to [`TARGET_BYTES`]; then, only if that isn't
//!   enough and only as far as the bound itself, daily bests (oldest day first), seed bests and
//!   waiting runs; the entries this save brings go last of all. So a file at its bound still
//!   records the next run, a real player's history goes long before any best, and a best is never
//!   left out unsaid: [`Store::save_telling`] lists each ([`LeftOut`]) for the game to tell.
//! - **Older saves load and upgrade** (formats 1, 2 and 3, and format 3 from before the keys,
//!   fullscreen, mute and text size settings); an unknown or damaged setting value falls back to
//!   its default without touching the scores or the other settings.
//! - **A board identity and a waiting run are kept like a best** (issue #31). Per board server,
//!   the player's secret ([`SaveData::ensure_board_secret`]) and the runs waiting to be sent
//!   ([`SaveData::queue_run`], at most [`MAX_WAITING`] per server) are saved and merged: two
//!   windows that each made a secret agree on the one made first, and a run the server answered
//!   ([`SaveData::mark_sent`]) keeps a tombstone so that no older copy sends it again. Pruning
//!   drops those tombstones before anything else and waiting runs after every best; secrets
//!   never. They raised the format to 4, so an older game refuses the file instead of saving it
//!   without them.
//!
//! # Use
//! ```
//! use seedfeast_save::{Direction, Store, score_key};
//! # let dir = std::env::temp_dir().join(format!("seedfeast-save-doc-{}", std::process::id()));
//! let store = Store::folder(&dir);
//! let loaded = store.load();
//! if let Some(message) = loaded.note.message() {
//!     println!("{message}"); // the game shows this to the player
//! }
//! let mut data = loaded.data;
//! let now_ms = 1_767_225_600_000; // the caller's clock: this crate never reads one
//! data.record(&score_key("runner", "124MP-ANQ6N"), 300, Direction::Higher);
//! data.played("runner", "124MP-ANQ6N", None, now_ms);
//! data.settings_mut().nudge_volume(-1, now_ms);
//! match store.save(&data) {
//!     Ok(merged) => data = merged, // now with any other window's bests too
//!     Err(error) => println!("{error}"),
//! }
//! # let _ = std::fs::remove_dir_all(&dir);
//! ```
//!
//! # For the game's plugin (replacing `src/save.rs`)
//! - Keep a [`Store`] (`Store::folder(dir)` on desktop, `Store::keyed(Arc::new(LocalStorage))`
//!   in the browser, where the game implements [`TextStorage`] over web-sys) and the
//!   [`SaveData`] in resources; at start-up show [`LoadNote::message`] if it says something.
//! - Record a run with [`SaveData::record`] (`score_key(mode, code)`, `score as u64`,
//!   [`Direction::Higher`]) and, for the daily, [`SaveData::record_daily`]; note the seed with
//!   [`SaveData::played`]. Settings change through [`SaveData::settings_mut`]
//!   (`nudge_volume`, `cycle_jump_key`, …), read through [`SaveData::settings`].
//! - Score boards: the server's address and the player's name are settings
//!   ([`Settings::set_board`], `""` for off; [`Settings::set_player_name`]). Before sending, take
//!   the secret with [`SaveData::ensure_board_secret`] (the game makes a fresh one when asked);
//!   queue each finished run with [`SaveData::queue_run`] and save; send
//!   [`SaveData::waiting_runs`] oldest first and, once the server answers (accepted or refused),
//!   [`SaveData::mark_sent`] and save again.
//! - Every change takes `now_ms`, the caller's wall clock in milliseconds: `SystemTime` on
//!   desktop, but `js_sys::Date::now()` in the browser, where `SystemTime::now()` panics.
//! - After each save, replace the resource with the returned merged save; show a
//!   [`SaveError`]'s `Display` text if it fails. [`JumpKey`] is plain data: map its variants to
//!   key codes on the Bevy side.

mod bindings;
mod boards;
mod data;
#[cfg(all(test, unix))]
mod degrade_tests;
#[cfg(not(target_arch = "wasm32"))]
mod file_store;
mod format;
#[cfg(not(target_arch = "wasm32"))]
mod fs;
mod game_rules;
mod jump_key;
mod keyed_store;
pub mod merge;
mod outcome;
mod prune;
mod score;
mod seeds;
mod settings;
mod store;
#[cfg(test)]
mod test_support;

pub use bindings::{Action, Bindings, Defaults, KEY_NAME_MAX, KeyRefused, PAD_BUTTONS, is_key_name};
pub use boards::{
    BOARD_ADDRESS_MAX_CHARS, Board, MAX_BOARD_SERVERS, MAX_RUN_CODE_BYTES, MAX_WAITING, PLAYER_NAME_MAX_CHARS,
    TOMBSTONES_PER_SERVER, WAITING_READ_MAX, Waiting, board_address,
};
pub use data::{Recorded, SaveData, metric_key, score_key};
#[cfg(not(target_arch = "wasm32"))]
pub use file_store::{FILE_NAME, FileStore, LOCK_NAME, MAX_SET_ASIDE};
pub use format::{
    DROPPED_LISTED, Dropped, MAX_SAVE_BYTES, Mended, ParseError, Parsed, VERSION, encode_save, parse_save,
    parse_save_bytes, read_save, read_save_bytes,
};
#[cfg(not(target_arch = "wasm32"))]
pub use fs::replace::{replace_file, replace_file_with, write_target};
pub use game_rules::GameRules;
pub use jump_key::JumpKey;
pub use keyed_store::{KeyedStore, MAX_SET_ASIDE_ENTRIES, MapStorage, STORAGE_KEY, TextStorage, storage_check};
pub use outcome::{LoadNote, Loaded, ReadOnly, SaveError, Saved};
pub use prune::{LeftOut, TARGET_BYTES};
pub use score::{Best, Direction};
pub use seeds::{Favourite, HISTORY_PER_MODE, ORIGIN_MAX_CHARS, SeedPlay};
pub use settings::{Colours, DEFAULT_MUSIC_VOLUME, DEFAULT_VOLUME, Settings, Stamped, TextSize};
pub use store::Store;
