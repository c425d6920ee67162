//! The data every mode reads, a part of the data set of its own: the intensity curve and the food
//! table. (Until issue #27 they lived inside the Runner's data, so every mode read "the Runner's"
//! curve.)

use std::path::Path;

use super::{ModeData, Shared};
use crate::data::DataError;
use crate::tuning::Tuning;
use crate::{FoodTable, IntensityCurve};

/// The intensity curve and the food table: every mode's difficulty by progress, and what its food
/// is worth and how often each kind is drawn.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SharedData {
    pub curve: IntensityCurve,
    pub food: FoodTable,
}

impl Shared for SharedData {
    fn curve(&self) -> &IntensityCurve {
        &self.curve
    }

    fn food(&self) -> &FoodTable {
        &self.food
    }
}

impl ModeData for SharedData {
    fn shipped() -> SharedData {
        SharedData::default()
    }

    /// The curve's file, then the food table's: the first mistake names its file and line.
    fn from_assets(assets_dir: &Path) -> Result<SharedData, DataError> {
        Ok(SharedData { curve: IntensityCurve::load(assets_dir)?, food: FoodTable::load(assets_dir)? })
    }
}
