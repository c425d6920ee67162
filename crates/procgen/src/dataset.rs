//! All the designer data every generator reads, loaded and checked together: the built-in copy
//! compiled into the binary, or the files of an assets folder (a designer's edits).

use std::path::Path;

use crate::arena::ArenaTuning;
use crate::data::DataError;
use crate::dungeon::DungeonData;
use crate::maze::MazeTuning;
use crate::physics::{FlyerReach, JumpReach};
use crate::puzzle::curriculum::Curriculum;
use crate::puzzle::grammar::Grammar;
use crate::runner::RunnerConfig;
use crate::tuning::Tuning;
use crate::tunnel::TunnelTuning;
use crate::{FoodTable, IntensityCurve};

#[derive(Clone, Debug, PartialEq)]
pub struct DataSet {
    /// The Runner's chunks and tuning, with the intensity curve and food table every mode shares.
    pub runner: RunnerConfig,
    pub maze: MazeTuning,
    pub arena: ArenaTuning,
    pub tunnel: TunnelTuning,
    pub dungeon: DungeonData,
    pub puzzle: PuzzleData,
}

/// The code puzzle's data: the shape grammar levels are built from, and the ladder of programs.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleData {
    pub grammar: Grammar,
    pub curriculum: Curriculum,
}

impl DataSet {
    /// The shipped data, compiled in (tests prove it passes every check).
    pub fn built_in() -> DataSet {
        DataSet {
            runner: RunnerConfig::default(),
            maze: MazeTuning::built_in(),
            arena: ArenaTuning::built_in(),
            tunnel: TunnelTuning::built_in(),
            dungeon: DungeonData::default(),
            puzzle: PuzzleData { grammar: Grammar::built_in(), curriculum: Curriculum::built_in() },
        }
    }

    /// Every file under an assets folder, checked; the first mistake names its file and line.
    pub fn load(assets_dir: &Path) -> Result<DataSet, DataError> {
        Ok(DataSet {
            runner: RunnerConfig::load(assets_dir)?,
            maze: MazeTuning::load(assets_dir)?,
            arena: ArenaTuning::load(assets_dir)?,
            tunnel: TunnelTuning::load(assets_dir)?,
            dungeon: DungeonData::load(assets_dir)?,
            puzzle: PuzzleData { grammar: Grammar::load(assets_dir)?, curriculum: Curriculum::load(assets_dir)? },
        })
    }

    /// The intensity curve every mode shares.
    pub fn curve(&self) -> &IntensityCurve {
        &self.runner.curve
    }

    /// The food table every mode shares.
    pub fn food(&self) -> &FoodTable {
        &self.runner.food
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

impl Default for DataSet {
    fn default() -> Self {
        DataSet::built_in()
    }
}
