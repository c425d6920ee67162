//! Best scores and settings kept between runs: a RON file in the OS data folder on desktop.
//!
//! Writes are atomic (write a temporary file beside it, then rename), so a crash mid-write never
//! leaves half a file. A file that can't be read or parsed is moved aside (`scores.ron.corrupt-N`),
//! the player is told, and play goes on with fresh data; nothing is ever silently overwritten.
//! Older formats are read through `#[serde(default)]` fields and upgraded on the next write.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

/// The current file format. Version 1 had only `best`.
pub const SAVE_VERSION: u32 = 2;
const FILE_NAME: &str = "scores.ron";

/// Everything kept between runs.
#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SaveData {
    #[serde(default = "old_version")]
    pub version: u32,
    /// Best score per "mode/seed code".
    #[serde(default)]
    pub best: BTreeMap<String, u32>,
    /// Best daily-challenge score per "mode/YYYY-MM-DD".
    #[serde(default)]
    pub daily_best: BTreeMap<String, u32>,
    #[serde(default)]
    pub settings: Settings,
}

fn old_version() -> u32 {
    1
}

impl Default for SaveData {
    fn default() -> Self {
        SaveData {
            version: SAVE_VERSION,
            best: BTreeMap::new(),
            daily_best: BTreeMap::new(),
            settings: Settings::default(),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Settings {
    /// Master volume, 0 to 1.
    pub volume: f32,
}

impl Default for Settings {
    fn default() -> Self {
        Settings { volume: 0.8 }
    }
}

impl SaveData {
    /// Records a score; true when it beats the best for that key.
    pub fn record(&mut self, key: &str, score: u32) -> bool {
        let best = self.best.entry(key.to_string()).or_insert(0);
        let improved = score > *best;
        *best = (*best).max(score);
        improved
    }

    pub fn best_for(&self, key: &str) -> Option<u32> {
        self.best.get(key).copied()
    }

    pub fn record_daily(&mut self, key: &str, score: u32) -> bool {
        let best = self.daily_best.entry(key.to_string()).or_insert(0);
        let improved = score > *best;
        *best = (*best).max(score);
        improved
    }
}

/// Where the save lives. `Memory` keeps nothing (tests, or no data folder on this system).
#[derive(Resource, Clone, Debug, PartialEq)]
pub enum SaveStore {
    Folder(PathBuf),
    Memory,
}

/// Loads the save at startup, tells the player when a bad file was set aside, and records each
/// finished run.
pub struct SavePlugin;

impl Plugin for SavePlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(Startup, load_save);
    }
}

fn load_save(mut commands: Commands, store: Res<SaveStore>, mut toast: ResMut<crate::ui::toast::Toast>) {
    let (data, note) = store.load();
    if let LoadNote::MovedAside { reason, moved_to } = &note {
        let message = format!(
            "Your scores file couldn't be read ({reason}); it was kept as {} and a fresh one started",
            moved_to.display()
        );
        warn!("{message}");
        toast.show(message);
    }
    commands.insert_resource(data);
}

/// Records the run that just ended (best per seed, and per day for the daily challenge) and
/// fills in the best scores the game-over screen shows. Runs as the game-over screen opens.
pub fn record_result(
    session: Res<crate::session::Session>,
    store: Res<SaveStore>,
    mut data: ResMut<SaveData>,
    mut last: ResMut<crate::session::LastRun>,
    mut toast: ResMut<crate::ui::toast::Toast>,
) {
    let key = format!("{}/{}", session.mode.key(), session.seed.code());
    last.new_best = data.record(&key, last.score);
    last.best = data.best_for(&key).unwrap_or(last.score);
    if let Some(day) = &session.daily {
        data.record_daily(&format!("{}/{day}", session.mode.key()), last.score);
    }
    if let Err(error) = store.save(&data) {
        toast.show(format!("Couldn't save your score: {error}"));
    }
}

/// What loading found, beside the data.
#[derive(Clone, Debug, PartialEq)]
pub enum LoadNote {
    Fresh,
    Loaded,
    /// The file was unreadable; it now lives at `moved_to`.
    MovedAside {
        reason: String,
        moved_to: PathBuf,
    },
}

impl SaveStore {
    /// The OS data folder (`~/.local/share/seedfeast` on Linux), or `$SEEDFEAST_DATA`.
    pub fn default_for_os() -> SaveStore {
        if let Some(dir) = std::env::var_os("SEEDFEAST_DATA") {
            return SaveStore::Folder(PathBuf::from(dir));
        }
        #[cfg(not(target_arch = "wasm32"))]
        if let Some(dir) = dirs::data_dir() {
            return SaveStore::Folder(dir.join("seedfeast"));
        }
        SaveStore::Memory
    }

    fn path(dir: &Path) -> PathBuf {
        dir.join(FILE_NAME)
    }

    /// Loads the save. Never fails: a bad file is moved aside and fresh data returned.
    pub fn load(&self) -> (SaveData, LoadNote) {
        let SaveStore::Folder(dir) = self else { return (SaveData::default(), LoadNote::Fresh) };
        let path = Self::path(dir);
        let text = match std::fs::read(&path) {
            Ok(bytes) => String::from_utf8(bytes).map_err(|_| "it is not text".to_string()),
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
                return (SaveData::default(), LoadNote::Fresh);
            }
            Err(error) => Err(error.to_string()),
        };
        let parsed = text.and_then(|text| ron::from_str::<SaveData>(&text).map_err(|e| e.to_string()));
        match parsed {
            Ok(mut data) => {
                data.version = SAVE_VERSION;
                (data, LoadNote::Loaded)
            }
            Err(reason) => {
                let moved_to = Self::set_aside(&path);
                (SaveData::default(), LoadNote::MovedAside { reason, moved_to })
            }
        }
    }

    /// Renames a bad file to the first free `scores.ron.corrupt-N`.
    fn set_aside(path: &Path) -> PathBuf {
        for n in 1..1000 {
            let aside = path.with_extension(format!("ron.corrupt-{n}"));
            if !aside.exists() {
                if std::fs::rename(path, &aside).is_ok() {
                    return aside;
                }
                break;
            }
        }
        path.to_path_buf()
    }

    /// Writes atomically: a temporary file in the same folder, then a rename over the old one.
    pub fn save(&self, data: &SaveData) -> Result<(), String> {
        let SaveStore::Folder(dir) = self else { return Ok(()) };
        std::fs::create_dir_all(dir).map_err(|e| format!("can't create {}: {e}", dir.display()))?;
        let text = ron::ser::to_string_pretty(data, ron::ser::PrettyConfig::default())
            .map_err(|e| format!("can't encode the save: {e}"))?;
        let path = Self::path(dir);
        let temporary = path.with_extension("ron.tmp");
        std::fs::write(&temporary, text).map_err(|e| format!("can't write {}: {e}", temporary.display()))?;
        std::fs::rename(&temporary, &path).map_err(|e| format!("can't replace {}: {e}", path.display()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("seedfeast-save-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn round_trip_and_two_writes_in_a_row() {
        let dir = scratch("round");
        let store = SaveStore::Folder(dir.clone());
        assert_eq!(store.load(), (SaveData::default(), LoadNote::Fresh));
        let mut data = SaveData::default();
        assert!(data.record("runner/124MP-ANQ6N", 300));
        assert!(!data.record("runner/124MP-ANQ6N", 200));
        data.record_daily("maze/2026-11-29", 50);
        data.settings.volume = 0.3;
        store.save(&data).unwrap();
        data.record("maze/1D76J-BVX2Y", 90);
        store.save(&data).unwrap();
        assert_eq!(store.load(), (data.clone(), LoadNote::Loaded));
        assert_eq!(data.best_for("runner/124MP-ANQ6N"), Some(300));
        assert!(!dir.join("scores.ron.tmp").exists(), "no temporary file left behind");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_corrupt_file_is_moved_aside_and_play_goes_on() {
        let dir = scratch("corrupt");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("scores.ron"), "(best: {\"runner/x\": 12,, oops").unwrap();
        let store = SaveStore::Folder(dir.clone());
        let (data, note) = store.load();
        assert_eq!(data, SaveData::default());
        let LoadNote::MovedAside { moved_to, .. } = note else { panic!("{note:?}") };
        assert_eq!(std::fs::read_to_string(&moved_to).unwrap(), "(best: {\"runner/x\": 12,, oops");
        assert!(!dir.join("scores.ron").exists());
        // A second bad file goes beside the first, never over it.
        std::fs::write(dir.join("scores.ron"), [0xff, 0xfe, 0x00]).unwrap();
        let (_, note) = store.load();
        let LoadNote::MovedAside { moved_to: second, reason } = note else { panic!() };
        assert_ne!(second, moved_to);
        assert!(reason.contains("not text"), "{reason}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn an_older_format_is_read_and_upgraded() {
        let dir = scratch("old");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("scores.ron"), "(best: {\"runner/124MP-ANQ6N\": 77})").unwrap();
        let store = SaveStore::Folder(dir.clone());
        let (data, note) = store.load();
        assert_eq!(note, LoadNote::Loaded);
        assert_eq!(data.best_for("runner/124MP-ANQ6N"), Some(77));
        assert_eq!(data.version, SAVE_VERSION);
        assert_eq!(data.settings, Settings::default());
        store.save(&data).unwrap();
        assert!(std::fs::read_to_string(dir.join("scores.ron")).unwrap().contains("version: 2"));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
