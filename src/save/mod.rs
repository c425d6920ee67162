//! Scores, settings, seed history and favourites kept between runs: a thin Bevy plugin over the
//! `seedfeast-save` crate, which owns the format, the merge rules and the stores (a file in the
//! OS data folder on desktop, localStorage in the browser). Every save merges with what is
//! stored, so two windows never erase each other's bests.

#[cfg(target_arch = "wasm32")]
pub mod browser;
pub mod buttons;
pub mod clock;
pub mod keys;
pub mod migrate;

#[cfg(not(target_arch = "wasm32"))]
use std::path::PathBuf;

use bevy::prelude::*;
use seedfeast_save::{Direction, Store};
use tracing::warn;

pub use seedfeast_save::{JumpKey, LoadNote, MapStorage, STORAGE_KEY, SaveData, TextStorage, storage_check};

use crate::mode::Modes;
use crate::session::{LastRun, Session};
use crate::toast::Toast;

/// Where the save lives (chosen once at start-up).
#[derive(Resource, Clone, Debug)]
pub struct SaveStore(pub Store);

impl SaveStore {
    /// Keeps nothing: tests, or a system with nowhere to keep data.
    pub fn memory() -> SaveStore {
        SaveStore(Store::Memory)
    }

    /// The save in `dir/scores.ron`.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn folder(dir: impl Into<PathBuf>) -> SaveStore {
        SaveStore(Store::folder(dir))
    }

    /// The save in key-value storage (localStorage in the browser, a map in tests).
    pub fn keyed(storage: std::sync::Arc<dyn TextStorage>) -> SaveStore {
        SaveStore(Store::keyed(storage))
    }

    /// The OS data folder (`~/.local/share/seedfeast` on Linux), or `$SEEDFEAST_DATA`.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn default_for_os() -> SaveStore {
        let dir = std::env::var_os("SEEDFEAST_DATA")
            .map(PathBuf::from)
            .or_else(|| dirs::data_dir().map(|dir| dir.join("seedfeast")));
        dir.map_or_else(SaveStore::memory, SaveStore::folder)
    }
}

/// Everything kept between runs, as loaded (and merged with every save since).
#[derive(Resource, Clone, Debug, Default, PartialEq, Deref, DerefMut)]
pub struct Save(pub SaveData);

impl Save {
    /// Writes the save (merged with what is stored, so another window's bests are kept and
    /// picked up); a failure is shown, and the change still holds for this session.
    pub fn commit(&mut self, store: &SaveStore, toast: &mut Toast) {
        match store.0.save_telling(&self.0) {
            Ok(saved) => {
                // A save at its bound says which bests it had to leave out (issue #51).
                if let Some(message) = saved.message() {
                    warn!("{message}");
                    toast.show(message);
                }
                self.0 = saved.data;
            }
            Err(error) => {
                warn!("{error}");
                toast.show(error.to_string());
            }
        }
    }

    /// The label of the key that does `action` now ("Space", "Z").
    pub(crate) fn key_label(&self, action: seedfeast_save::Action) -> String {
        keys::label_of_name(self.settings().key(action))
    }

    /// The label of `action`'s gamepad button now ("(A)", "RB").
    pub(crate) fn button_label(&self, action: seedfeast_save::Action) -> String {
        buttons::label_of_name(self.settings().button(action))
    }
}

/// Loads the save at start-up (telling the player anything they should know about it) and
/// records each finished run.
pub(crate) struct SavePlugin;

impl Plugin for SavePlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Save>().add_systems(Startup, load_save);
    }
}

fn load_save(mut save: ResMut<Save>, store: Res<SaveStore>, modes: Option<Res<Modes>>, mut toast: ResMut<Toast>) {
    let mut loaded = store.0.load();
    // The game's own rules for what the save can only check the shape of (issue #51): a kept
    // key, a button an action can't have, a name no board takes are reset, and said so.
    let rules = seedfeast_save::GameRules {
        key: &|_, name| keys::refusal(name),
        button: &buttons::refusal,
        player_name: &|name| seedfeast_procgen::player_name::check_name(name).map(|_| ()),
    };
    loaded.check_settings(&rules, clock::now_ms());
    if let Some(message) = loaded.note.message() {
        warn!("{message}");
        toast.show(message);
    }
    save.0 = loaded.data;
    if let Some(modes) = modes {
        migrate::carry_bests_to_current_codes(&mut save.0, &modes);
    }
}

/// Records the run that just ended (best per seed, per day for the daily challenge, the seed in
/// the mode's history) and fills in the best the game-over screen shows. Runs as the game-over
/// screen opens.
pub(crate) fn record_result(
    session: Res<Session>,
    store: Res<SaveStore>,
    mut save: ResMut<Save>,
    mut last: ResMut<LastRun>,
    mut toast: ResMut<Toast>,
    entry: Option<Res<crate::session::RunEntry>>,
) {
    let code = session.seed.code().to_string();
    let mode = session.mode.key();
    // A run a link started part-way (dungeon 3) has its own best, not the seed's whole run's.
    let key = entry.map_or_else(|| seedfeast_save::score_key(mode, &code), |entry| entry.score_key(mode, &code));
    last.previous_best = save.best(&key).map(|best| u32::try_from(best.score).unwrap_or(u32::MAX));
    let recorded = save.record(&key, u64::from(last.score), Direction::Higher);
    last.new_best = recorded.new_best;
    last.best = u32::try_from(recorded.best.score).unwrap_or(u32::MAX);
    if let Some(day) = &session.daily {
        save.record_daily(&format!("{mode}/{day}"), u64::from(last.score), Direction::Higher);
    }
    let origin = session.origin.clone();
    save.played(mode, &code, origin.as_deref(), clock::now_ms());
    save.commit(&store, &mut toast);
}
