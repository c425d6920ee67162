//! The registry of modes: every mode's Bevy-free row ([`ModeSpec`], declared in the mode's own
//! folder), one line each. The game's `MODES` row refers to one of these rows and adds only the
//! Bevy parts; the replay decoder, the command line, the lab, the fuzz targets and a board
//! server read the same rows.
//!
//! Adding a mode to procgen: its folder (a [`crate::generate::Generate`] and its `MODE` row), a
//! line in [`MODES`] (and in [`crate::generator::GENERATORS`] for a new generator), and its part
//! of the [`crate::DataSet`].

use crate::generator::Generator;

pub use crate::generate::{ARCADE_RUN_SECONDS, ModeSpec, STEPS_PER_SECOND};
pub use crate::{
    arena::level::MODE as ARENA, dungeon::generator::MODE as DUNGEON, maze::level::MODE as MAZE,
    puzzle::generator::MODE as PUZZLE, runner::level::MODE as RUNNER, tunnel::level::FOOD_TUNNEL,
    tunnel::level::MODE as TUNNEL,
};

/// Every mode, in menu order.
pub const MODES: &[&ModeSpec] = &[&RUNNER, &MAZE, &ARENA, &TUNNEL, &FOOD_TUNNEL, &DUNGEON, &PUZZLE];

impl ModeSpec {
    /// The generator behind the mode.
    pub fn generator(&self) -> &'static dyn Generator {
        // Every row names a generator of `GENERATORS`: the tests below check each one.
        crate::generator::by_key(self.generator).unwrap_or_else(|| panic!("mode {} names no generator", self.key))
    }
}

/// The mode with this key.
pub fn by_key(key: &str) -> Option<&'static ModeSpec> {
    MODES.iter().copied().find(|mode| mode.key == key)
}

/// The longest run of any mode that replays, in steps: what a replay of a mode this build doesn't
/// know may claim before it is refused for its mode.
pub fn longest_replay_steps() -> u32 {
    MODES.iter().filter_map(|m| m.longest_run_steps()).max().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generator::GENERATORS;

    #[test]
    fn every_row_is_unique_and_names_a_real_generator_and_variant() {
        for (i, mode) in MODES.iter().enumerate() {
            assert!(MODES[..i].iter().all(|m| m.key != mode.key && m.name != mode.name), "{mode:?}");
            let generator = mode.generator();
            assert_eq!(generator.key(), mode.generator);
            if let Some(variant) = mode.variant {
                assert!(generator.variants().contains(&variant), "{}: {variant}", mode.key);
            }
            assert_eq!(mode.replays, mode.longest_run_seconds.is_some(), "{}: a replayed run has a bound", mode.key);
            assert!(mode.longest_run_seconds.is_none_or(|s| s >= 60), "{}: a run lasts at least a minute", mode.key);
        }
        assert_eq!(by_key("food-tunnel").map(|m| m.variant), Some(Some("squeeze")));
        assert!(by_key("tetris").is_none());
    }

    #[test]
    fn every_generator_has_a_mode() {
        for (i, generator) in GENERATORS.iter().enumerate() {
            assert!(GENERATORS[..i].iter().all(|g| g.key() != generator.key()), "{}", generator.key());
            assert!(MODES.iter().any(|m| m.generator == generator.key()), "{}", generator.key());
        }
    }

    #[test]
    fn the_longest_replay_is_the_dungeons() {
        assert_eq!(Some(longest_replay_steps()), DUNGEON.longest_run_steps());
        assert_eq!(RUNNER.longest_run_steps(), Some(36_000));
    }
}
