//! The Runner: a track assembled from hand-authored chunks under fairness rules.
//!
//! - [`library`]: the chunk data and its load-time checks;
//! - [`tuning`]: physics and selection numbers;
//! - [`generate`]: the generator; [`validate`]: the validator that re-checks every rule;
//! - [`clearable`]: the independent check that the track can be run jump after jump;
//! - [`explain`]: the events the generator narrates; [`rebuild`]: the track laid from them alone.

pub mod ascii;
pub mod clearable;
pub mod explain;
pub mod generate;
pub mod level;
pub mod library;
pub mod picture;
pub mod rebuild;
pub mod tuning;
pub mod validate;

use std::path::Path;
use std::sync::Arc;

pub use explain::RunnerStep;
pub use generate::{Food, PlacedChunk, Platform, RunnerGenerator, Span, generate_track, generate_track_traced};
pub use library::{ChunkDef, ChunkLibrary};
pub use rebuild::{rebuild_track, sketch_track};
pub use tuning::RunnerTuning;
pub use validate::{Violation, validate_track};

use crate::data::DataError;
use crate::food::FoodTable;
use crate::generate::{ModeData, Part, SharedData};
use crate::intensity::IntensityCurve;
use crate::tuning::Tuning;

/// The Runner's own part of the data set: its chunk library and its tuning. The library is
/// shared (an `Arc`): every generator and validator of a sweep reads the same one, and putting a
/// [`RunnerConfig`] together copies none of it. (`Arc`'s `Debug` is its content's, so the rules
/// text a replay hashes is the same.)
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RunnerData {
    pub library: Arc<ChunkLibrary>,
    pub tuning: RunnerTuning,
}

impl RunnerData {
    /// Loads and validates the tuning, then the chunk library (checked against that tuning's jump).
    pub fn load(assets_dir: &Path) -> Result<RunnerData, DataError> {
        let tuning = RunnerTuning::load(assets_dir)?;
        Ok(RunnerData { library: Arc::new(ChunkLibrary::load(assets_dir, &tuning)?), tuning })
    }
}

impl ModeData for RunnerData {
    fn shipped() -> RunnerData {
        RunnerData::default()
    }

    fn from_assets(assets_dir: &Path) -> Result<RunnerData, DataError> {
        RunnerData::load(assets_dir)
    }
}

/// Everything the Runner generator reads, all of it designer data: its own part with the curve
/// and food table every mode shares, put together for one generator (see [`RunnerConfig::of`]).
#[derive(Clone, Debug, PartialEq)]
pub struct RunnerConfig {
    /// Shared with the data set's part (`Arc::make_mut` to change one copy).
    pub library: Arc<ChunkLibrary>,
    pub tuning: RunnerTuning,
    pub curve: IntensityCurve,
    pub food: FoodTable,
}

impl RunnerConfig {
    /// The Runner's part of a data set with the set's shared curve and food table.
    pub fn of<D: Part<RunnerData>>(data: &D) -> RunnerConfig {
        let RunnerData { library, tuning } = data.part().clone();
        RunnerConfig { library, tuning, curve: data.curve().clone(), food: data.food().clone() }
    }

    /// Loads and validates the four data files under an assets folder.
    pub fn load(assets_dir: &Path) -> Result<RunnerConfig, DataError> {
        let RunnerData { library, tuning } = RunnerData::load(assets_dir)?;
        let SharedData { curve, food } = SharedData::from_assets(assets_dir)?;
        Ok(RunnerConfig { library, tuning, curve, food })
    }

    /// Intensity at a distance from the start of the run.
    pub fn intensity_at(&self, x: f32) -> f32 {
        self.curve.at(x / self.tuning.distance_per_step)
    }

    /// Running speed at a distance: a pure function of distance, so the track never depends on play.
    pub fn speed_at(&self, x: f32) -> f32 {
        self.tuning.speed_at_intensity(self.intensity_at(x))
    }
}

impl Default for RunnerConfig {
    /// The shipped data, compiled in.
    fn default() -> Self {
        let (RunnerData { library, tuning }, SharedData { curve, food }) = Default::default();
        RunnerConfig { library, tuning, curve, food }
    }
}
