//! All the designer data every generator reads, loaded and checked together: the built-in copy
//! compiled into the binary, or the files of an assets folder (a designer's edits).

use std::path::Path;

use crate::arena::ArenaTuning;
use crate::data::DataError;
use crate::dungeon::DungeonData;
use crate::generate::{ModeData, Part, Shared, SharedData};
use crate::maze::MazeTuning;
use crate::physics::{FlyerReach, JumpReach};
use crate::runner::{RunnerConfig, RunnerData};
use crate::tunnel::TunnelTuning;
use crate::{FoodTable, IntensityCurve};

pub use crate::puzzle::PuzzleData;

/// The data set: the shared part and one part per mode, each a line of `data_set!` (its field and
/// type). The parts' order is the struct's: the order `Debug` prints them and an assets folder is
/// loaded and checked in. What replay codes hash is [`DataSet::rules_text`], a layout of its own.
macro_rules! data_set {
    ($($(#[$doc:meta])* $field:ident: $part:ty,)*) => {
        /// All the designer data every generator reads: one part per mode.
        #[derive(Clone, Debug, PartialEq)]
        pub struct DataSet {
            $($(#[$doc])* pub $field: $part,)*
        }

        impl DataSet {
            /// The shipped data, compiled in (tests prove it passes every check).
            pub fn built_in() -> DataSet {
                DataSet { $($field: <$part as ModeData>::shipped(),)* }
            }

            /// Every file under an assets folder, checked; the first mistake names its file and line.
            pub fn load(assets_dir: &Path) -> Result<DataSet, DataError> {
                Ok(DataSet { $($field: <$part as ModeData>::from_assets(assets_dir)?,)* })
            }
        }

        /// Each mode's part, by its type: what a mode's generator asks for (`D: Part<MazeTuning>`).
        $(impl Part<$part> for DataSet {
            fn part(&self) -> &$part {
                &self.$field
            }
        })*
    };
}

data_set! {
    /// The intensity curve and food table every mode reads.
    shared: SharedData,
    /// The Runner's chunks and tuning.
    runner: RunnerData,
    maze: MazeTuning,
    arena: ArenaTuning,
    tunnel: TunnelTuning,
    dungeon: DungeonData,
    puzzle: PuzzleData,
}

impl DataSet {
    /// The text a replay's rules hash is taken of (the game's `rules_hash` hashes
    /// `"{RULES_REVISION}|{rules_text}"`): every value of every part a replayed run plays under,
    /// as `Debug` prints plain structs, vectors and floats (the same text on every platform).
    /// Moving a field, renaming a part's type or changing any `Debug` here changes every replay
    /// code's hash: the test below pins it.
    ///
    /// The Code puzzle records no replay, so its grammar and curriculum are left out: a new
    /// puzzle program must not refuse every Runner replay shared before (issue #32 changed the
    /// curriculum; the field list without `..` makes a new part a compile error here).
    pub fn rules_text(&self) -> String {
        let DataSet { shared, runner, maze, arena, tunnel, dungeon, puzzle: _ } = self;
        // The layout of rules revision 4, when the curve and the food table were fields of the
        // Runner's part: kept as it was so that every code shared since still verifies (moving
        // them to a part of their own, issue #27, changed no rule). Destructured without `..`,
        // so a new field is a compile error here rather than a rule left out of the hash.
        let (RunnerData { library, tuning }, SharedData { curve, food }) = (runner, shared);
        format!(
            "DataSet {{ runner: RunnerConfig {{ library: {library:?}, tuning: {tuning:?}, curve: {curve:?}, food: \
             {food:?} }}, maze: {maze:?}, arena: {arena:?}, tunnel: {tunnel:?}, dungeon: {dungeon:?} }}"
        )
    }

    /// The intensity curve every mode shares.
    pub fn curve(&self) -> &IntensityCurve {
        &self.shared.curve
    }

    /// The food table every mode shares.
    pub fn food(&self) -> &FoodTable {
        &self.shared.food
    }

    /// What the Runner's generator reads: its part with the shared curve and food table.
    pub fn runner_config(&self) -> RunnerConfig {
        RunnerConfig::of(self)
    }

    /// Puts a Runner config back as parts: its chunks and tuning into the Runner's part, its
    /// curve and food table into the shared one (for tests and tools that tune it as a whole).
    pub fn set_runner_config(&mut self, config: RunnerConfig) {
        let RunnerConfig { library, tuning, curve, food } = config;
        (self.runner, self.shared) = (RunnerData { library, tuning }, SharedData { curve, food });
    }

    /// The runner's jump, from the physics model (what the game's physics plugin also uses).
    pub fn jump_reach(&self) -> JumpReach {
        JumpReach::of(&self.runner.tuning)
    }

    /// The flyer's climb and fall, from the physics model.
    pub fn flyer_reach(&self) -> FlyerReach {
        FlyerReach::of(&self.tunnel)
    }
}

impl Shared for DataSet {
    fn curve(&self) -> &IntensityCurve {
        DataSet::curve(self)
    }

    fn food(&self) -> &FoodTable {
        DataSet::food(self)
    }
}

impl Default for DataSet {
    fn default() -> Self {
        DataSet::built_in()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seed::fnv1a64;

    /// The built-in data's rules text, pinned: replay codes shared today carry its hash, and
    /// `tests/game/digest.txt` and the browser's digest check it. A change here is a change of rules
    /// (bump the game's `RULES_REVISION`), never a side effect of moving code.
    #[test]
    fn the_rules_text_of_the_built_in_data_is_pinned() {
        let text = DataSet::built_in().rules_text();
        let data = DataSet::built_in();
        let whole = format!("{data:?}");
        let DataSet { maze, arena, tunnel, dungeon, .. } = &data;
        assert_eq!(
            text,
            format!(
                "DataSet {{ runner: {:?}, maze: {maze:?}, arena: {arena:?}, tunnel: {tunnel:?}, dungeon: {dungeon:?} }}",
                data.runner_config()
            ),
            "the rules text is revision 4's layout: the Runner's config with the curve and food inside"
        );
        for changed in [
            |d: &mut DataSet| d.shared.curve.points[0].1 += 0.01,
            |d: &mut DataSet| d.shared.food.entries[0].points += 1,
        ] {
            let mut data = DataSet::built_in();
            changed(&mut data);
            assert_ne!(data.rules_text(), text, "the shared curve and food table are rules");
        }
        assert!(!text.contains("PuzzleData") && whole.contains("PuzzleData"));
        let mut puzzle_changed = DataSet::built_in();
        puzzle_changed.puzzle.curriculum.steps.pop();
        assert_eq!(puzzle_changed.rules_text(), text, "the puzzle replays nothing: its data is no rule");
        assert!(text.starts_with("DataSet { runner: RunnerConfig { library: ChunkLibrary { chunk_width: 960.0,"));
        assert_eq!(
            (text.len(), format!("{:016x}", fnv1a64(text.as_bytes()))),
            (17_526, "babe275fbc9a5518".to_string())
        );
    }
}
