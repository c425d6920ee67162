//! Food on the table, as every mode shows it: a piece of food is an entity with [`FoodItem`];
//! the visuals dress it the same way in every mode.

use bevy::prelude::*;

/// One piece of food: what it is and what eating it scores.
#[derive(Component, Debug, Clone, Copy)]
pub struct FoodItem {
    pub kind: seedfeast_procgen::FoodKind,
    pub points: u32,
}

/// Food is drawn (and, in the Runner, picked up) within this radius.
pub const FOOD_RADIUS: f32 = 14.0;
