//! The shipped data files' paths and texts under their old names, kept for procgen's tests (the
//! game finds an assets folder by [`crate::modes::data_files`]). Each file is now
//! declared by what reads it (a [`crate::tuning::Tuning`]'s `PATH` and `BUILT_IN`, the runner's
//! [`crate::runner::library::CHUNKS_PATH`]), and the registry lists them all
//! ([`crate::modes::data_files`]). Paths are relative to the `assets/` folder.

use crate::tuning::Tuning;
use crate::{FoodTable, IntensityCurve, arena, maze, runner, tunnel};

pub const RUNNER_CHUNKS_PATH: &str = runner::library::CHUNKS_PATH;
pub const RUNNER_TUNING_PATH: &str = runner::RunnerTuning::PATH;
pub const INTENSITY_PATH: &str = IntensityCurve::PATH;
pub const FOOD_PATH: &str = FoodTable::PATH;
pub const MAZE_TUNING_PATH: &str = maze::MazeTuning::PATH;
pub const ARENA_TUNING_PATH: &str = arena::ArenaTuning::PATH;
pub const TUNNEL_TUNING_PATH: &str = tunnel::TunnelTuning::PATH;

pub const RUNNER_CHUNKS_RON: &str = runner::library::CHUNKS_RON;
pub const RUNNER_TUNING_RON: &str = runner::RunnerTuning::BUILT_IN;
pub const INTENSITY_RON: &str = IntensityCurve::BUILT_IN;
pub const FOOD_RON: &str = FoodTable::BUILT_IN;
pub const MAZE_TUNING_RON: &str = maze::MazeTuning::BUILT_IN;
pub const ARENA_TUNING_RON: &str = arena::ArenaTuning::BUILT_IN;
pub const TUNNEL_TUNING_RON: &str = tunnel::TunnelTuning::BUILT_IN;
