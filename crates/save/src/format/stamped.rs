//! Formats 3 and 4, the formats with stamps; 4 is the one written today:
//!
//! ```ron
//! (
//!     version: 4,
//!     best: {
//!         "runner/124MP-ANQ6N": (score: 300, better: Higher),
//!         "puzzle/1D76J-BVX2Y/time_ms": (score: 8120, better: Lower),
//!     },
//!     daily_best: {"maze/2026-11-29": (score: 50, better: Higher)},
//!     settings: (
//!         volume: (value: 0.3, at: 1767225600000),
//!         jump_key: (value: Z, at: 1767225601000),
//!         keys: (value: {Up: "KeyI", Pause: "Digit0"}, at: 1767225603000),
//!         fullscreen: (value: true, at: 1767225604000),
//!         muted: (value: false, at: 0),
//!         text_size: (value: Large, at: 1767225605000),
//!         board: (value: "https://scores.example.org", at: 1767225606000),
//!         player_name: (value: "Ann", at: 1767225607000),
//!         music_volume: (value: 0.4, at: 1767225608000),
//!         reduced_motion: (value: true, at: 1767225609000),
//!         buttons: (value: {Jump: "RightTrigger"}, at: 1767225610000),
//!         colours: (value: ColourSafe, at: 1767225611000),
//!     ),
//!     history: {"runner": {"124MP-ANQ6N": (played_at: 1767225600000, origin: Some("pizza party"))}},
//!     favourites: {"runner": {"124MP-ANQ6N": (starred: true, at: 1767225602000)}},
//!     boards: {
//!         "https://scores.example.org": (secret: "q8Xw2LrTz0vB7nKc4mYs9dHf3jGa6pUe", made_at: 1767225606000, waiting: {"AQEGcnVubmVyKM9x": (name: "Ann", queued_at: 1767225608000, sent_at: None)}),
//!     },
//! )
//! ```
//!
//! Every section may be left out (empty or defaults), and so may every setting: `keys`,
//! `fullscreen`, `muted` and `text_size` came later (issue #29) and a format 3 file from before
//! them loads with their defaults. Fields this version doesn't know are ignored and not written
//! back; so a change that adds scores or seeds must raise [`VERSION`], which older games then
//! refuse to touch. The four later settings did not: an older game that saves this file leaves
//! them out, which costs the player those settings (back to defaults), never a score, while
//! raising the version would have made every older game refuse the file outright.
//!
//! Format 4 (issue #31) is format 3 with `boards`, the score boards' secrets and waiting runs, and
//! the settings `board` and `player_name`. It did raise the version: an older game saving the
//! file would drop `boards`, and a lost secret is a lost identity on a board, a lost waiting run a
//! lost run; so an older game refuses a format 4 file instead. `music_volume` and `reduced_motion`
//! (issue #34), then `buttons` and `colours` (issue #29), came later within format 4, as settings
//! that an older game may drop. A format 3 file reads as before
//! (it has no `boards`) and is written back as format 4. `boards` comes last, so that a file cut
//! short loses the newest section first.

use std::collections::BTreeMap;

use serde::de::IgnoredAny;
use serde::{Deserialize, Serialize};

use super::{Mended, ParseError, Parsed, RawSettings, VERSION, settings_from};
use crate::{Best, Board, Favourite, SaveData, SeedPlay, Settings};

type History = BTreeMap<String, BTreeMap<String, SeedPlay>>;
type Favourites = BTreeMap<String, BTreeMap<String, Favourite>>;
type Boards = BTreeMap<String, Board>;

#[derive(Serialize)]
struct FileOut<'a> {
    version: u32,
    best: &'a BTreeMap<String, Best>,
    daily_best: &'a BTreeMap<String, Best>,
    settings: &'a Settings,
    history: &'a History,
    favourites: &'a Favourites,
    boards: &'a Boards,
}

/// The file as read, with the settings as `S`: [`RawSettings`], or [`IgnoredAny`] for the
/// second reading that leaves unreadable settings out.
#[derive(Deserialize)]
#[serde(bound(deserialize = "S: Deserialize<'de> + Default"))]
struct FileIn<S> {
    #[serde(default)]
    best: BTreeMap<String, Best>,
    #[serde(default)]
    daily_best: BTreeMap<String, Best>,
    #[serde(default)]
    settings: S,
    #[serde(default)]
    history: History,
    #[serde(default)]
    favourites: Favourites,
    /// Format 4's; none in a format 3 file.
    #[serde(default)]
    boards: Boards,
}

pub(super) fn encode(data: &SaveData) -> Result<String, String> {
    let file = FileOut {
        version: VERSION,
        best: &data.best,
        daily_best: &data.daily_best,
        settings: &data.settings,
        history: &data.history,
        favourites: &data.favourites,
        boards: &data.boards,
    };
    // One line per best, setting, mode of history or favourites, and board server: readable,
    // and about half the size of one line per field.
    ron::ser::to_string_pretty(&file, ron::ser::PrettyConfig::default().depth_limit(2)).map_err(|e| e.to_string())
}

/// Reads a format 3 or 4 file (`version` is the one it declares).
pub(super) fn parse(text: &str, version: u32) -> Result<Parsed, ParseError> {
    let mut mended = Vec::new();
    let (file, settings) = match ron::from_str::<FileIn<RawSettings>>(text) {
        Ok(mut file) => {
            let raw = std::mem::take(&mut file.settings);
            let settings = settings_from(raw, &mut mended);
            (without_settings(file), settings)
        }
        Err(error) => match ron::from_str::<FileIn<IgnoredAny>>(text) {
            // Only the settings were at fault: keep everything else.
            Ok(file) => {
                mended.push(Mended::Settings { reason: error.to_string() });
                (file, Settings::default())
            }
            Err(_) => return Err(ParseError::Corrupt { reason: error.to_string() }),
        },
    };
    let mut data = SaveData {
        best: file.best,
        daily_best: file.daily_best,
        settings,
        history: file.history,
        favourites: file.favourites,
        boards: Boards::new(),
    };
    // A hand-edited file may list more seeds than the history keeps, or more servers and runs
    // than the boards keep: cut to the bounds (a damaged file read entry by entry lists them).
    data.history.values_mut().for_each(crate::merge::cap_history);
    for (server, board) in file.boards {
        let _ = crate::boards::add_read(&mut data.boards, &server, board);
    }
    Ok(Parsed { data, from_version: version, mended, dropped: Vec::new() })
}

fn without_settings(file: FileIn<RawSettings>) -> FileIn<IgnoredAny> {
    FileIn {
        best: file.best,
        daily_best: file.daily_best,
        settings: IgnoredAny,
        history: file.history,
        favourites: file.favourites,
        boards: file.boards,
    }
}
