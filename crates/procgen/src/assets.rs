//! The shipped data files, compiled in so the CLI, the tests and the browser build need no files.
//! Paths are relative to the `assets/` folder; the desktop game and `--assets` read them from disk.

pub const RUNNER_CHUNKS_PATH: &str = "runner/chunks.ron";
pub const RUNNER_TUNING_PATH: &str = "runner/tuning.ron";
pub const INTENSITY_PATH: &str = "intensity.ron";
pub const FOOD_PATH: &str = "food.ron";
pub const MAZE_TUNING_PATH: &str = "maze/tuning.ron";
pub const ARENA_TUNING_PATH: &str = "arena/tuning.ron";
pub const TUNNEL_TUNING_PATH: &str = "tunnel/tuning.ron";

pub const RUNNER_CHUNKS_RON: &str = include_str!("../../../assets/runner/chunks.ron");
pub const RUNNER_TUNING_RON: &str = include_str!("../../../assets/runner/tuning.ron");
pub const INTENSITY_RON: &str = include_str!("../../../assets/intensity.ron");
pub const FOOD_RON: &str = include_str!("../../../assets/food.ron");
pub const MAZE_TUNING_RON: &str = include_str!("../../../assets/maze/tuning.ron");
pub const ARENA_TUNING_RON: &str = include_str!("../../../assets/arena/tuning.ron");
pub const TUNNEL_TUNING_RON: &str = include_str!("../../../assets/tunnel/tuning.ron");
