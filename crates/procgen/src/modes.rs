//! The Bevy-free table of modes: what a mode is without the engine — its key and name, the
//! generator (and variant) that makes its levels, whether its runs replay, and the longest run
//! the game lets it last. The game's `MODES` row refers to one of these and adds only the Bevy
//! parts; the replay decoder, the command line and a board server read the same row.

use crate::generator::{Generator, by_key as generator_by_key};

/// Fixed simulation steps a second: every mode's gameplay runs at this rate.
pub const STEPS_PER_SECOND: u32 = 60;

/// One mode, as procgen knows it.
#[derive(Debug, PartialEq, Eq)]
pub struct ModeSpec {
    /// The key in links, save keys, replay codes and the command line: `food-tunnel`.
    pub key: &'static str,
    /// Its name on screen: `Food Tunnel`.
    pub name: &'static str,
    /// The generator that makes its levels, and which variant of it.
    pub generator: &'static str,
    pub variant: Option<&'static str>,
    /// Whether its runs are recorded as step inputs that replay (the Code puzzle's run is a
    /// typed program instead).
    pub replays: bool,
    /// The longest a run may last, in seconds of play (the countdown not counted), for a mode
    /// whose runs replay: the game ends a run that reaches it ("Time's up!"), as arcade games end
    /// an idle or endless run, and a replay claiming more steps is refused before anything is
    /// simulated. This bounds what verifying any replay code can cost (see `docs/replays.md` for
    /// the measured cost a step). `None` for a mode whose runs don't replay: nothing to verify,
    /// and a player thinking over a puzzle is never hurried.
    pub longest_run_seconds: Option<u32>,
}

impl ModeSpec {
    /// [`ModeSpec::longest_run_seconds`] in fixed steps.
    pub const fn longest_run_steps(&self) -> Option<u32> {
        match self.longest_run_seconds {
            Some(seconds) => Some(seconds * STEPS_PER_SECOND),
            None => None,
        }
    }

    /// The generator behind the mode.
    pub fn generator(&self) -> &'static dyn Generator {
        // Every row names a generator of `generator::all()`: the tests below check each one.
        generator_by_key(self.generator).unwrap_or_else(|| panic!("mode {} names no generator", self.key))
    }
}

/// Ten minutes: far past what a good arcade run lasts (the bots' two-minute runs, players' bests
/// of a few minutes), and about three seconds to re-simulate on one core (`docs/replays.md`).
const ARCADE_RUN_SECONDS: u32 = 10 * 60;

pub const RUNNER: ModeSpec = ModeSpec {
    key: "runner",
    name: "Runner",
    generator: "runner",
    variant: None,
    replays: true,
    longest_run_seconds: Some(ARCADE_RUN_SECONDS),
};
pub const MAZE: ModeSpec = ModeSpec {
    key: "maze",
    name: "Maze chase",
    generator: "maze",
    variant: None,
    replays: true,
    longest_run_seconds: Some(ARCADE_RUN_SECONDS),
};
pub const ARENA: ModeSpec = ModeSpec {
    key: "arena",
    name: "Arena",
    generator: "arena",
    variant: None,
    replays: true,
    longest_run_seconds: Some(ARCADE_RUN_SECONDS),
};
pub const TUNNEL: ModeSpec = ModeSpec {
    key: "tunnel",
    name: "Flying tunnel",
    generator: "tunnel",
    variant: None,
    replays: true,
    longest_run_seconds: Some(ARCADE_RUN_SECONDS),
};
pub const FOOD_TUNNEL: ModeSpec =
    ModeSpec { key: "food-tunnel", name: "Food Tunnel", variant: Some(crate::tunnel::level::SQUEEZE), ..TUNNEL };
/// A dungeon is explored at the player's pace: a dungeon's par is a few minutes, so twice the
/// arcade bound.
pub const DUNGEON: ModeSpec = ModeSpec {
    key: "dungeon",
    name: "Zone dungeon",
    generator: "dungeon",
    variant: None,
    replays: true,
    longest_run_seconds: Some(2 * ARCADE_RUN_SECONDS),
};
/// The puzzle's run is a program typed in its editor: no replay, no bound.
pub const PUZZLE: ModeSpec = ModeSpec {
    key: "puzzle",
    name: "Code puzzle",
    generator: "puzzle",
    variant: None,
    replays: false,
    longest_run_seconds: None,
};

/// Every mode, in menu order.
pub const MODES: &[&ModeSpec] = &[&RUNNER, &MAZE, &ARENA, &TUNNEL, &FOOD_TUNNEL, &DUNGEON, &PUZZLE];

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
        for generator in crate::generator::all() {
            assert!(MODES.iter().any(|m| m.generator == generator.key()), "{}", generator.key());
        }
    }

    #[test]
    fn the_longest_replay_is_the_dungeons() {
        assert_eq!(Some(longest_replay_steps()), DUNGEON.longest_run_steps());
        assert_eq!(RUNNER.longest_run_steps(), Some(36_000));
    }
}
