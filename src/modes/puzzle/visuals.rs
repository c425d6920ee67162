//! Code puzzle on screen.

use bevy::prelude::*;

/// Adds the Code puzzle's visuals (the table of modes calls it for the windowed game).
pub fn add(_app: &mut App) {}
