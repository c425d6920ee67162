//! The registry of modes: every mode's Bevy-free row ([`ModeSpec`], declared in the mode's own
//! folder), one line each. The game's `MODES` row refers to one of these rows and adds only the
//! Bevy parts; the replay decoder, the command line, the lab, the fuzz targets and a board
//! server read the same rows.
//!
//! Adding a mode to procgen: its folder (a [`crate::generate::Generate`] and its `MODE` row), a
//! line in [`MODES`] (and in [`crate::generator::GENERATORS`] for a new generator), and its part
//! of the [`crate::DataSet`].

use crate::generate::SHARED_DATA_FILES;
use crate::generator::Generator;
use crate::tuning::DataFile;

pub use crate::generate::{ARCADE_RUN_SECONDS, MAX_VALIDATE_SEEDS, ModeSpec, STEPS_PER_SECOND, ValidateCap};
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

    /// The options `gen` reads for this mode, as its generator declares them.
    pub fn options(&self) -> &'static [crate::generate::OptionSpec] {
        self.generator().options()
    }

    /// The options `validate` reads for this mode (how far each seed is played).
    pub fn sweep_options(&self) -> &'static [crate::generate::OptionSpec] {
        self.generator().sweep_options()
    }
}

/// The mode with this key.
pub fn by_key(key: &str) -> Option<&'static ModeSpec> {
    MODES.iter().copied().find(|mode| mode.key == key)
}

/// Every designer data file, each once: the shared ones, then each generator's in menu order.
/// What an assets folder holds, what the fuzz targets feed, and what `--assets` reads.
pub fn data_files() -> Vec<&'static DataFile> {
    let mut files: Vec<&'static DataFile> = SHARED_DATA_FILES.iter().collect();
    for mode in MODES {
        for file in mode.data_files {
            if !files.iter().any(|f| f.path == file.path) {
                files.push(file);
            }
        }
    }
    files
}

/// How much one `seedfeast validate` of `generator` may do: its first mode's cap, or only the
/// seeds' cap for a key no row has.
pub fn validate_cap(generator: &str) -> ValidateCap {
    MODES.iter().find(|m| m.generator == generator).map_or(ValidateCap::SEEDS_ONLY, |m| m.validate_cap)
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
    fn the_rows_of_one_generator_agree_and_generators_have_their_own_streams() {
        for mode in MODES {
            let first = MODES.iter().find(|m| m.generator == mode.generator).unwrap();
            let paths = |m: &ModeSpec| m.data_files.iter().map(|f| f.path).collect::<Vec<_>>();
            assert_eq!(paths(mode), paths(first), "{}", mode.key);
            assert_eq!((mode.rng_stream, mode.validate_cap), (first.rng_stream, first.validate_cap), "{}", mode.key);
            assert!(
                MODES.iter().all(|m| m.generator == mode.generator || m.rng_stream != mode.rng_stream),
                "{}: stream byte {} is another generator's",
                mode.key,
                mode.rng_stream
            );
            assert!(mode.validate_cap.seeds <= MAX_VALIDATE_SEEDS, "{}", mode.key);
        }
        assert_eq!(validate_cap("tunnel").work, 2_000_000);
        assert_eq!(validate_cap("tetris"), ValidateCap::SEEDS_ONLY);
    }

    /// Stream ids are part of every shared level: the numbers each generator's streams had when
    /// they were one enum.
    #[test]
    fn stream_ids_are_pinned() {
        use crate::rng::Subsystem as S;
        let ids: Vec<u16> = [
            S::RunnerChunks,
            S::RunnerFood,
            S::MazeCarve,
            S::MazePlacement,
            S::ArenaScatter,
            S::ArenaFood,
            S::ArenaNoise,
            S::ArenaDecor,
            S::TunnelGates,
            S::TunnelStars,
            S::DungeonLayout,
            S::DungeonTree,
            S::DungeonPlacement,
            S::DungeonFood,
            S::DungeonExtra,
            S::PuzzleShapes,
            S::PuzzlePaths,
            S::PuzzleMerge,
            S::PuzzleRewards,
            S::PuzzleExtra,
            S::PuzzleVariants,
        ]
        .iter()
        .map(|s| s.id())
        .collect();
        let pinned = [
            0x0101, 0x0102, 0x0201, 0x0202, 0x0301, 0x0302, 0x0303, 0x0304, 0x0401, 0x0402, 0x0501, 0x0502, 0x0503,
            0x0504, 0x0505, 0x0601, 0x0602, 0x0603, 0x0604, 0x0605, 0x0606,
        ];
        assert_eq!(ids, pinned);
        assert_eq!(S::DungeonTree.generator(), DUNGEON.rng_stream);
    }

    #[test]
    fn every_data_file_is_listed_once_and_its_shipped_text_passes_its_check() {
        let files = data_files();
        let paths: Vec<&str> = files.iter().map(|f| f.path).collect();
        // The shared files first, then each generator's; each once; and they are every data file
        // of the assets folder.
        assert_eq!(paths[..2], ["intensity.ron", "food.ron"]);
        for (i, path) in paths.iter().enumerate() {
            assert!(!paths[..i].contains(path), "{path} twice");
        }
        assert!(MODES.iter().all(|m| m.data_files.iter().all(|f| paths.contains(&f.path))));
        let assets = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets");
        let mut on_disk = Vec::new();
        let mut folders = vec![assets.clone()];
        while let Some(folder) = folders.pop() {
            for entry in std::fs::read_dir(folder).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    folders.push(path);
                } else if path.extension().is_some_and(|e| e == "ron") {
                    on_disk.push(path.strip_prefix(&assets).unwrap().to_string_lossy().replace('\\', "/"));
                }
            }
        }
        let mut listed: Vec<String> = paths.iter().map(|p| p.to_string()).collect();
        on_disk.sort();
        listed.sort();
        assert_eq!(listed, on_disk);
        for file in files {
            (file.check)(file.built_in, file.path).unwrap_or_else(|e| panic!("{}: {e}", file.path));
            let on_disk = std::fs::read_to_string(format!("{}/../../assets/{}", env!("CARGO_MANIFEST_DIR"), file.path));
            assert_eq!(on_disk.as_deref().ok(), Some(file.built_in), "{}", file.path);
            let error = (file.check)("(", file.path).unwrap_err().to_string();
            assert!(error.contains(file.path), "{error}");
        }
    }

    #[test]
    fn range_pairs_are_metrics_of_the_range_levels() {
        let data = crate::DataSet::built_in();
        for mode in MODES {
            let request = (mode.range_level)(crate::Seed(0));
            assert_eq!(request.variant, mode.variant, "{}", mode.key);
            let level = mode.generator().generate(&data, &request).unwrap();
            let names: Vec<&str> = level.metrics().into_iter().map(|(name, _)| name).collect();
            assert!(
                names.contains(&mode.range_pair.0) && names.contains(&mode.range_pair.1),
                "{}: {names:?}",
                mode.key
            );
        }
    }

    #[test]
    fn the_longest_replay_is_the_dungeons() {
        assert_eq!(Some(longest_replay_steps()), DUNGEON.longest_run_steps());
        assert_eq!(RUNNER.longest_run_steps(), Some(36_000));
    }
}
