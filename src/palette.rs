//! The game's colours: a warm picnic palette with enough contrast to read at a glance.

use bevy::prelude::*;
use seedfeast_procgen::FoodKind;

pub(crate) const SKY: Color = Color::srgb(0.996, 0.937, 0.851);
pub(crate) const SKY_FAR: Color = Color::srgb(0.98, 0.85, 0.72);
pub(crate) const GROUND: Color = Color::srgb(0.44, 0.27, 0.17);
pub(crate) const FROSTING: Color = Color::srgb(0.96, 0.55, 0.66);
pub(crate) const LEDGE: Color = Color::srgb(0.87, 0.64, 0.35);
pub(crate) const LEDGE_EDGE: Color = Color::srgb(0.70, 0.46, 0.22);
pub(crate) const HAZARD: Color = Color::srgb(0.52, 0.56, 0.62);
pub(crate) const PLAYER: Color = Color::srgb(0.16, 0.62, 0.60);
pub(crate) const PLAYER_CHEEK: Color = Color::srgb(0.98, 0.62, 0.55);
pub(crate) const EYE: Color = Color::WHITE;
pub(crate) const PUPIL: Color = Color::srgb(0.12, 0.1, 0.1);

pub(crate) const TEXT: Color = Color::srgb(0.27, 0.16, 0.10);
pub(crate) const TEXT_DIM: Color = Color::srgb(0.55, 0.42, 0.33);
pub(crate) const TEXT_ERROR: Color = Color::srgb(0.78, 0.12, 0.12);
pub(crate) const ACCENT: Color = Color::srgb(0.91, 0.33, 0.27);
pub const PANEL: Color = Color::srgba(1.0, 0.98, 0.94, 0.94);
pub(crate) const BUTTON: Color = Color::srgb(0.98, 0.88, 0.74);
pub(crate) const BUTTON_SELECTED: Color = Color::srgb(0.96, 0.56, 0.36);
/// The seed preview's frame and the mat behind its picture.
pub(crate) const PREVIEW_FRAME: Color = Color::srgb(0.80, 0.62, 0.45);
pub(crate) const PREVIEW_BACK: Color = Color::srgb(0.30, 0.20, 0.14);
/// Why there is no preview, on the preview's dark mat.
pub(crate) const PREVIEW_PROBLEM: Color = Color::srgb(1.0, 0.74, 0.62);
pub(crate) const OVERLAY: Color = Color::srgba(0.2, 0.1, 0.05, 0.55);

/// The main colour of each food.
pub fn food(kind: FoodKind) -> Color {
    match kind {
        FoodKind::Apple => Color::srgb(0.86, 0.16, 0.16),
        FoodKind::Cherry => Color::srgb(0.62, 0.05, 0.18),
        FoodKind::Donut => Color::srgb(0.96, 0.48, 0.70),
        FoodKind::Pizza => Color::srgb(0.98, 0.74, 0.22),
        FoodKind::Cake => Color::srgb(1.0, 0.97, 0.90),
    }
}
