//! Best scores and settings kept between runs: a RON file in the OS data folder on desktop, a
//! localStorage entry (`seedfeast.scores`) in the browser.
//!
//! Writes are atomic (on disk: write a temporary file beside it, then rename; localStorage
//! replaces an entry whole), so a crash mid-write never leaves half a file. A save that can't be
//! read or parsed is moved aside (`scores.ron.corrupt-N`, `seedfeast.scores.corrupt-N`), the player
//! is told, and play goes on with fresh data; nothing is ever silently overwritten.
//! Older formats are read through `#[serde(default)]` fields and upgraded on the next write.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use bevy::prelude::*;
use serde::{Deserialize, Serialize};
use tracing::warn;

/// The current file format. Version 1 had only `best`.
pub const SAVE_VERSION: u32 = 2;
const FILE_NAME: &str = "scores.ron";
/// The localStorage key in the browser.
pub const STORAGE_KEY: &str = "seedfeast.scores";

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
    /// Which keys jump and flap (the gamepad's (A) always does).
    #[serde(default)]
    pub jump_key: JumpKey,
}

impl Default for Settings {
    fn default() -> Self {
        Settings { volume: 0.8, jump_key: JumpKey::default() }
    }
}

impl Settings {
    /// Turns the volume up (`steps` > 0) or down, staying within 0..=1 on whole tenths (divided,
    /// not multiplied by 0.1, so the file says 0.9 rather than 0.90000004).
    pub fn nudge_volume(&mut self, steps: i32) {
        let tenths = (self.volume * 10.0).round() as i32 + steps;
        self.volume = tenths.clamp(0, 10) as f32 / 10.0;
    }

    /// Mends values a hand-edited file may hold (a volume of 7, or NaN).
    fn sanitised(mut self) -> Settings {
        self.volume = if self.volume.is_finite() { self.volume.clamp(0.0, 1.0) } else { Settings::default().volume };
        self
    }
}

/// The keyboard keys that jump (Runner) and flap (tunnels).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum JumpKey {
    #[default]
    SpaceUpW,
    Space,
    Z,
    X,
    J,
}

impl JumpKey {
    pub const ALL: [JumpKey; 5] = [JumpKey::SpaceUpW, JumpKey::Space, JumpKey::Z, JumpKey::X, JumpKey::J];

    pub fn keys(self) -> &'static [KeyCode] {
        match self {
            JumpKey::SpaceUpW => &[KeyCode::Space, KeyCode::ArrowUp, KeyCode::KeyW],
            JumpKey::Space => &[KeyCode::Space],
            JumpKey::Z => &[KeyCode::KeyZ],
            JumpKey::X => &[KeyCode::KeyX],
            JumpKey::J => &[KeyCode::KeyJ],
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            JumpKey::SpaceUpW => "Space, Up or W",
            JumpKey::Space => "Space only",
            JumpKey::Z => "Z",
            JumpKey::X => "X",
            JumpKey::J => "J",
        }
    }

    /// The key's name for on-screen hints.
    pub fn hint(self) -> &'static str {
        match self {
            JumpKey::SpaceUpW | JumpKey::Space => "Space",
            JumpKey::Z => "Z",
            JumpKey::X => "X",
            JumpKey::J => "J",
        }
    }

    /// The next (`steps` > 0) or previous choice, wrapping around.
    pub fn cycled(self, steps: i32) -> JumpKey {
        let count = Self::ALL.len() as i32;
        let at = Self::ALL.iter().position(|k| *k == self).unwrap_or(0) as i32;
        Self::ALL[(at + steps).rem_euclid(count) as usize]
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

/// Where the save lives.
#[derive(Resource, Clone)]
pub enum SaveStore {
    /// A folder on disk (the OS data folder on desktop).
    Folder(PathBuf),
    /// Named texts in key-value storage: the browser's localStorage, or a map in tests.
    Keyed(Arc<dyn TextStorage>),
    /// Keeps nothing (tests, or a system with nowhere to keep data).
    Memory,
}

impl std::fmt::Debug for SaveStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SaveStore::Folder(dir) => write!(f, "Folder({})", dir.display()),
            SaveStore::Keyed(_) => write!(f, "Keyed"),
            SaveStore::Memory => write!(f, "Memory"),
        }
    }
}

/// Key-value text storage the way browsers offer it (localStorage): each `set` replaces one whole
/// entry at once, so writes are atomic without a rename.
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
#[derive(Default)]
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

/// The browser's localStorage (looked up on each call: its handle can't be shared across threads).
#[cfg(target_arch = "wasm32")]
pub struct LocalStorage;

#[cfg(target_arch = "wasm32")]
impl LocalStorage {
    fn storage() -> Result<web_sys::Storage, String> {
        web_sys::window()
            .ok_or("no browser window")?
            .local_storage()
            .map_err(|e| format!("localStorage is not allowed here ({e:?})"))?
            .ok_or_else(|| "this browser has no localStorage".to_string())
    }
}

#[cfg(target_arch = "wasm32")]
impl TextStorage for LocalStorage {
    fn get(&self, key: &str) -> Result<Option<String>, String> {
        Self::storage()?.get_item(key).map_err(|e| format!("can't read {key} ({e:?})"))
    }
    fn set(&self, key: &str, value: &str) -> Result<(), String> {
        Self::storage()?.set_item(key, value).map_err(|e| format!("can't write {key} ({e:?}); is storage full?"))
    }
    fn remove(&self, key: &str) -> Result<(), String> {
        Self::storage()?.remove_item(key).map_err(|e| format!("can't remove {key} ({e:?})"))
    }
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
        let message =
            format!("Your scores file couldn't be read ({reason}); it was kept as {moved_to} and a fresh one started");
        warn!("{message}");
        toast.show(message);
    }
    if let LoadNote::Unavailable { reason } = &note {
        let message = format!("Scores can't be kept here: {reason}");
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
        /// The file path or storage key it was kept under.
        moved_to: String,
    },
    /// The storage itself can't be read (a browser that blocks it, say): play goes on unsaved.
    Unavailable {
        reason: String,
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

    /// Loads the save. Never fails: a bad save is moved aside and fresh data returned.
    pub fn load(&self) -> (SaveData, LoadNote) {
        match self {
            SaveStore::Memory => (SaveData::default(), LoadNote::Fresh),
            SaveStore::Folder(dir) => {
                let path = Self::path(dir);
                let text = match std::fs::read(&path) {
                    Ok(bytes) => String::from_utf8(bytes).map_err(|_| "it is not text".to_string()),
                    Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
                        return (SaveData::default(), LoadNote::Fresh);
                    }
                    Err(error) => Err(error.to_string()),
                };
                Self::parse_or_set_aside(text, || Self::set_aside(&path).display().to_string())
            }
            SaveStore::Keyed(storage) => match storage.get(STORAGE_KEY) {
                Ok(None) => (SaveData::default(), LoadNote::Fresh),
                Ok(Some(text)) => {
                    let kept = text.clone();
                    Self::parse_or_set_aside(Ok(text), || Self::set_aside_key(storage.as_ref(), &kept))
                }
                // Unreadable storage (blocked by privacy settings, say): nothing to move aside.
                Err(reason) => (SaveData::default(), LoadNote::Unavailable { reason }),
            },
        }
    }

    fn parse_or_set_aside(text: Result<String, String>, set_aside: impl FnOnce() -> String) -> (SaveData, LoadNote) {
        match text.and_then(|text| ron::from_str::<SaveData>(&text).map_err(|e| e.to_string())) {
            Ok(mut data) => {
                data.version = SAVE_VERSION;
                data.settings = data.settings.sanitised();
                (data, LoadNote::Loaded)
            }
            Err(reason) => (SaveData::default(), LoadNote::MovedAside { reason, moved_to: set_aside() }),
        }
    }

    /// Copies a bad entry to the first free `seedfeast.scores.corrupt-N` and removes the original.
    fn set_aside_key(storage: &dyn TextStorage, text: &str) -> String {
        for n in 1..1000 {
            let aside = format!("{STORAGE_KEY}.corrupt-{n}");
            if let Ok(None) = storage.get(&aside) {
                if storage.set(&aside, text).is_ok() && storage.remove(STORAGE_KEY).is_ok() {
                    return aside;
                }
                break;
            }
        }
        STORAGE_KEY.to_string()
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

    /// Writes atomically: on disk a temporary file in the same folder, then a rename over the old
    /// one; in key-value storage one whole-entry replace.
    pub fn save(&self, data: &SaveData) -> Result<(), String> {
        let text = || {
            ron::ser::to_string_pretty(data, ron::ser::PrettyConfig::default())
                .map_err(|e| format!("can't encode the save: {e}"))
        };
        let dir = match self {
            SaveStore::Memory => return Ok(()),
            SaveStore::Keyed(storage) => return storage.set(STORAGE_KEY, &text()?),
            SaveStore::Folder(dir) => dir,
        };
        std::fs::create_dir_all(dir).map_err(|e| format!("can't create {}: {e}", dir.display()))?;
        let text = text()?;
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

    fn keyed() -> (Arc<MapStorage>, SaveStore) {
        let storage = Arc::new(MapStorage::default());
        (storage.clone(), SaveStore::Keyed(storage))
    }

    #[test]
    fn the_browser_store_round_trips_and_writes_twice() {
        let (storage, store) = keyed();
        assert_eq!(store.load(), (SaveData::default(), LoadNote::Fresh));
        let mut data = SaveData::default();
        data.record("arena/124MP-ANQ6N", 40);
        data.settings.volume = 0.1;
        store.save(&data).unwrap();
        data.record("arena/124MP-ANQ6N", 41);
        store.save(&data).unwrap();
        assert_eq!(store.load(), (data, LoadNote::Loaded));
        assert_eq!(storage.0.lock().unwrap().keys().collect::<Vec<_>>(), [STORAGE_KEY]);
    }

    #[test]
    fn a_corrupt_browser_entry_is_moved_aside_never_over_an_earlier_one() {
        let (storage, store) = keyed();
        storage.set(STORAGE_KEY, "(best: {\"maze/x\": 3").unwrap();
        let (data, note) = store.load();
        assert_eq!(data, SaveData::default());
        let LoadNote::MovedAside { moved_to, .. } = note else { panic!("{note:?}") };
        assert_eq!(moved_to, "seedfeast.scores.corrupt-1");
        assert_eq!(storage.get(&moved_to).unwrap().as_deref(), Some("(best: {\"maze/x\": 3"));
        assert_eq!(storage.get(STORAGE_KEY).unwrap(), None);
        storage.set(STORAGE_KEY, "nonsense").unwrap();
        let (_, note) = store.load();
        assert!(matches!(note, LoadNote::MovedAside { moved_to, .. } if moved_to == "seedfeast.scores.corrupt-2"));
        assert_eq!(storage.get("seedfeast.scores.corrupt-1").unwrap().as_deref(), Some("(best: {\"maze/x\": 3"));
    }

    #[test]
    fn an_older_browser_entry_is_read_and_upgraded() {
        let (storage, store) = keyed();
        storage.set(STORAGE_KEY, "(best: {\"tunnel/124MP-ANQ6N\": 9})").unwrap();
        let (data, note) = store.load();
        assert_eq!(
            (note, data.best_for("tunnel/124MP-ANQ6N"), data.version),
            (LoadNote::Loaded, Some(9), SAVE_VERSION)
        );
        store.save(&data).unwrap();
        assert!(storage.get(STORAGE_KEY).unwrap().unwrap().contains("version: 2"));
    }

    /// Storage that refuses every call, like a browser that blocks it.
    struct Blocked;
    impl TextStorage for Blocked {
        fn get(&self, _: &str) -> Result<Option<String>, String> {
            Err("blocked by the browser".into())
        }
        fn set(&self, _: &str, _: &str) -> Result<(), String> {
            Err("blocked by the browser".into())
        }
        fn remove(&self, _: &str) -> Result<(), String> {
            Err("blocked by the browser".into())
        }
    }

    #[test]
    fn the_storage_check_passes_on_working_storage_and_fails_on_blocked() {
        assert_eq!(storage_check(&MapStorage::default()), Ok(()));
        assert_eq!(storage_check(&Blocked), Err("blocked by the browser".into()));
    }

    #[test]
    fn blocked_storage_is_reported_and_play_goes_on() {
        let store = SaveStore::Keyed(Arc::new(Blocked));
        let (data, note) = store.load();
        assert_eq!(data, SaveData::default());
        assert_eq!(note, LoadNote::Unavailable { reason: "blocked by the browser".into() });
        assert_eq!(store.save(&data), Err("blocked by the browser".into()));
    }

    #[test]
    fn settings_stay_in_range_and_survive_a_reload() {
        let mut settings = Settings::default();
        settings.nudge_volume(5);
        assert_eq!(settings.volume, 1.0);
        settings.nudge_volume(-3);
        assert_eq!(settings.volume, 0.7);
        settings.nudge_volume(-20);
        assert_eq!(settings.volume, 0.0);
        assert_eq!(JumpKey::SpaceUpW.cycled(-1), JumpKey::J);
        assert_eq!(JumpKey::J.cycled(1), JumpKey::SpaceUpW);
        assert_eq!(JumpKey::Space.cycled(2), JumpKey::X);

        let (storage, store) = keyed();
        let data = SaveData { settings: Settings { volume: 0.3, jump_key: JumpKey::Z }, ..SaveData::default() };
        store.save(&data).unwrap();
        assert_eq!(store.load().0.settings, data.settings);
        // A hand-edited file with an impossible volume is mended, not refused.
        storage.set(STORAGE_KEY, "(version: 2, settings: (volume: 7.0, jump_key: X))").unwrap();
        assert_eq!(store.load().0.settings, Settings { volume: 1.0, jump_key: JumpKey::X });
        storage.set(STORAGE_KEY, "(version: 2, settings: (volume: NaN))").unwrap();
        assert_eq!(store.load().0.settings, Settings::default());
    }
}
