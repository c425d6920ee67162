//! The dungeon's designer data: the shipped RON compiled in, and [`DungeonData`], the tuning and
//! the themes together (what generation and validation read).

use std::path::Path;

use crate::data::DataError;
use crate::tuning::Tuning;

use super::themes::DungeonThemes;
use super::tuning::DungeonTuning;

/// Where the shipped files live, relative to the repository (as errors name them).
pub const TUNING_FILE: &str = "assets/dungeon/tuning.ron";
pub const THEMES_FILE: &str = "assets/dungeon/themes.ron";
/// The same paths relative to the `assets/` folder.
pub(crate) const TUNING_PATH: &str = "dungeon/tuning.ron";
pub(crate) const THEMES_PATH: &str = "dungeon/themes.ron";

/// The shipped files, compiled in so the CLI, tests and the browser need no files.
pub const TUNING_RON: &str = include_str!("../../../../assets/dungeon/tuning.ron");
pub const THEMES_RON: &str = include_str!("../../../../assets/dungeon/themes.ron");

/// Everything generation reads besides the seed and the request.
#[derive(Clone, Debug, PartialEq)]
pub struct DungeonData {
    pub tuning: DungeonTuning,
    pub themes: DungeonThemes,
}

impl DungeonData {
    /// Loads both files from text (e.g. read from disk by the game); errors name `file:line`.
    ///
    /// ```
    /// use seedfeast_procgen::dungeon::{DungeonData, data};
    /// let loaded = DungeonData::from_ron(data::TUNING_RON, "t.ron", data::THEMES_RON, "th.ron").unwrap();
    /// assert_eq!(loaded, DungeonData::default());
    /// let error = DungeonData::from_ron("(", "t.ron", data::THEMES_RON, "th.ron").unwrap_err();
    /// assert!(error.to_string().starts_with("t.ron:"));
    /// ```
    pub fn from_ron(
        tuning_text: &str,
        tuning_file: &str,
        themes_text: &str,
        themes_file: &str,
    ) -> Result<DungeonData, DataError> {
        Ok(DungeonData {
            tuning: DungeonTuning::from_ron(tuning_text, tuning_file)?,
            themes: DungeonThemes::from_ron(themes_text, themes_file)?,
        })
    }
}

impl DungeonData {
    /// Reads and checks both files under an assets folder (`dungeon/tuning.ron`, `dungeon/themes.ron`).
    pub fn load(assets_dir: &Path) -> Result<DungeonData, DataError> {
        Ok(DungeonData { tuning: DungeonTuning::load(assets_dir)?, themes: DungeonThemes::load(assets_dir)? })
    }
}

impl crate::generate::ModeData for DungeonData {
    fn shipped() -> DungeonData {
        DungeonData::default()
    }

    fn from_assets(assets_dir: &Path) -> Result<DungeonData, DataError> {
        DungeonData::load(assets_dir)
    }
}

impl Default for DungeonData {
    /// The shipped tuning and themes.
    fn default() -> Self {
        DungeonData { tuning: DungeonTuning::default(), themes: DungeonThemes::default() }
    }
}
