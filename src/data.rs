//! Where the designer data comes from: the `assets/` folder on disk when there is one (so a
//! designer's edit shows up without a rebuild, and a broken edit is reported), else the copy
//! compiled into the binary (the browser build, or a binary run away from its folder).

use std::path::{Path, PathBuf};

use bevy::prelude::Resource;
use seedfeast_procgen::DataError;
use seedfeast_procgen::arena::ArenaTuning;
use seedfeast_procgen::assets;
use seedfeast_procgen::maze::MazeTuning;
use seedfeast_procgen::runner::RunnerConfig;
use seedfeast_procgen::tunnel::TunnelTuning;

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
    candidates
        .into_iter()
        .find(|dir| dir.join(seedfeast_procgen::assets::RUNNER_CHUNKS_PATH).is_file())
        .map_or(DataSource::BuiltIn, DataSource::Folder)
}

/// All the data the game plays from, validated.
#[derive(Resource, Clone, Debug)]
pub struct GameData {
    /// The Runner's data, and the intensity curve and food table every mode shares.
    pub runner: RunnerConfig,
    pub maze: MazeTuning,
    pub arena: ArenaTuning,
    pub tunnel: TunnelTuning,
    pub source: DataSource,
}

impl GameData {
    /// What the determinism digest reads.
    pub fn digest_data(&self) -> seedfeast_procgen::digest::DigestData<'_> {
        seedfeast_procgen::digest::DigestData {
            runner: &self.runner,
            maze: &self.maze,
            arena: &self.arena,
            tunnel: &self.tunnel,
        }
    }

    /// The data compiled into the binary.
    pub fn built_in() -> GameData {
        GameData {
            runner: RunnerConfig::default(),
            maze: MazeTuning::default(),
            arena: ArenaTuning::default(),
            tunnel: TunnelTuning::default(),
            source: DataSource::BuiltIn,
        }
    }

    pub fn load(source: DataSource) -> Result<GameData, DataError> {
        let DataSource::Folder(dir) = &source else { return Ok(GameData::built_in()) };
        // Reads one file and parses it with the type's own checks, naming the file on any error.
        fn read<T>(
            dir: &Path,
            relative: &str,
            parse: impl Fn(&str, &str) -> Result<T, DataError>,
        ) -> Result<T, DataError> {
            let path = dir.join(relative);
            let shown = path.display().to_string();
            let text = std::fs::read_to_string(&path)
                .map_err(|error| DataError::invalid(&shown, format!("can't read: {error}")))?;
            parse(&text, &shown)
        }
        Ok(GameData {
            runner: RunnerConfig::load(dir)?,
            maze: read(dir, assets::MAZE_TUNING_PATH, MazeTuning::from_ron)?,
            arena: read(dir, assets::ARENA_TUNING_PATH, ArenaTuning::from_ron)?,
            tunnel: read(dir, assets::TUNNEL_TUNING_PATH, TunnelTuning::from_ron)?,
            source,
        })
    }
}

/// Set instead of [`GameData`] when the data failed to load: the error screen shows it.
#[derive(Resource, Clone, Debug)]
pub struct DataProblem {
    pub message: String,
    pub source: DataSource,
}
