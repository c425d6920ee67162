//! The shared intensity every mode reports and the HUD shows, in [0, 1].

use bevy::prelude::*;

/// The current intensity of the active run: a pure function of the run's progress, written by
/// the active mode (never by time or player skill, so a seed's level can't drift).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq)]
pub struct Intensity(pub f32);
