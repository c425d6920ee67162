//! Where the designer data comes from: the `assets/` folder on disk when there is one (so a
//! designer's edit shows up without a rebuild, and a broken edit is reported), else the copy
//! compiled into the binary (the browser build, or a binary run away from its folder).

use std::path::{Path, PathBuf};

use bevy::prelude::Resource;
use seedfeast_procgen::{DataError, DataSet};

/// Where the data was read from, for messages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DataSource {
    Folder(PathBuf),
    BuiltIn,
}

impl std::fmt::Display for DataSource {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DataSource::Folder(path) => write!(f, "{}", path.display()),
            DataSource::BuiltIn => write!(f, "the built-in data"),
        }
    }
}

/// The assets folder to read: `explicit` (from `--assets`), else `$SEEDFEAST_ASSETS`, else the
/// `assets/` of the source tree (when started by cargo) or beside the executable.
pub fn find_assets(explicit: Option<&Path>) -> DataSource {
    if let Some(path) = explicit {
        return DataSource::Folder(path.to_path_buf());
    }
    if let Some(path) = std::env::var_os("SEEDFEAST_ASSETS") {
        return DataSource::Folder(PathBuf::from(path));
    }
    let mut candidates = Vec::new();
    if let Some(dir) = std::env::var_os("CARGO_MANIFEST_DIR") {
        candidates.push(PathBuf::from(dir).join("assets"));
    }
    if let Some(dir) = std::env::current_exe().ok().and_then(|exe| exe.parent().map(Path::to_path_buf)) {
        candidates.push(dir.join("assets"));
    }
    // A folder holding any of the registry's data files is the assets folder; one it lacks is
    // then reported by the loader, never silently replaced by the built-in copy.
    let files = seedfeast_procgen::modes::data_files();
    candidates
        .into_iter()
        .find(|dir| files.iter().any(|file| dir.join(file.path).is_file()))
        .map_or(DataSource::BuiltIn, DataSource::Folder)
}

/// All the data the game plays from, validated, and where it came from. Derefs to the
/// [`DataSet`] every generator reads (`data.runner`, `data.maze` …).
#[derive(Resource, Clone, Debug)]
pub struct GameData {
    pub set: DataSet,
    pub source: DataSource,
}

impl std::ops::Deref for GameData {
    type Target = DataSet;

    fn deref(&self) -> &DataSet {
        &self.set
    }
}

impl std::ops::DerefMut for GameData {
    fn deref_mut(&mut self) -> &mut DataSet {
        &mut self.set
    }
}

impl GameData {
    /// The data compiled into the binary.
    pub fn built_in() -> GameData {
        GameData { set: DataSet::built_in(), source: DataSource::BuiltIn }
    }

    /// The data from `source`: a folder's files, checked, or the built-in copy.
    pub fn load(source: DataSource) -> Result<GameData, DataError> {
        match &source {
            DataSource::Folder(dir) => Ok(GameData { set: DataSet::load(dir)?, source }),
            DataSource::BuiltIn => Ok(GameData::built_in()),
        }
    }
}

/// Set instead of [`GameData`] when the data failed to load: the error screen shows it.
#[derive(Resource, Clone, Debug)]
pub struct DataProblem {
    pub message: String,
    pub source: DataSource,
}
