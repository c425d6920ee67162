//! Formats 1 and 2, written by the game before this crate: read and upgraded, never lost.
//!
//! ```ron
//! (version: 2, best: {"runner/124MP-ANQ6N": 300}, daily_best: {"maze/2026-11-29": 50},
//!  settings: (volume: 0.3, jump_key: Z))
//! ```
//!
//! Version 1 had only `best` (and often no `version`). Every best was "higher is better". The
//! settings carry no stamps; they get stamp [`LEGACY_STAMP`]: newer than "never changed" (so the
//! player's old choice survives a merge with fresh defaults) and older than any real change.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde::de::IgnoredAny;

use super::lenient::Lenient;
use super::{Mended, ParseError, Parsed, RawSettings, settings_from};
use crate::settings::Stamped;
use crate::{Best, Direction, JumpKey, SaveData, Settings};

/// The change stamp given to settings read from a format without stamps.
pub const LEGACY_STAMP: u64 = 1;

#[derive(Deserialize)]
#[serde(bound(deserialize = "S: Deserialize<'de> + Default"))]
struct FileIn<S> {
    #[serde(default)]
    best: BTreeMap<String, u64>,
    #[serde(default)]
    daily_best: BTreeMap<String, u64>,
    #[serde(default)]
    settings: S,
}

#[derive(Default, Deserialize)]
struct OldSettings {
    #[serde(default)]
    volume: Lenient<f32>,
    #[serde(default)]
    jump_key: Lenient<JumpKey>,
}

fn upgraded(bests: BTreeMap<String, u64>) -> BTreeMap<String, Best> {
    bests.into_iter().map(|(key, score)| (key, Best::new(score, Direction::Higher))).collect()
}

pub(super) fn parse(text: &str, version: u32) -> Result<Parsed, ParseError> {
    let mut mended = Vec::new();
    let (best, daily_best, settings) = match ron::from_str::<FileIn<OldSettings>>(text) {
        Ok(file) => {
            let (volume, jump_key) = (file.settings.volume, file.settings.jump_key);
            let raw = RawSettings {
                volume: Stamped { value: volume, at: LEGACY_STAMP },
                jump_key: Stamped { value: jump_key, at: LEGACY_STAMP },
                ..RawSettings::default()
            };
            let settings = settings_from(raw, &mut mended);
            (file.best, file.daily_best, settings)
        }
        Err(error) => match ron::from_str::<FileIn<IgnoredAny>>(text) {
            Ok(file) => {
                mended.push(Mended::Settings { reason: error.to_string() });
                (file.best, file.daily_best, Settings::default())
            }
            Err(_) => return Err(ParseError::Corrupt { reason: error.to_string() }),
        },
    };
    let data = SaveData { best: upgraded(best), daily_best: upgraded(daily_best), settings, ..SaveData::default() };
    Ok(Parsed { data, from_version: version, mended, dropped: Vec::new() })
}
