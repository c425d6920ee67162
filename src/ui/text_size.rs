//! The text size setting (issue #29): every text of the UI, on every screen, and every text in the
//! playfield (a score's pop-up, the ghost's label) is drawn at the size it was made with times the
//! setting's factor, as it appears and whenever the setting changes.
//!
//! Text, not the whole UI: the screens are laid out to fill a 1280×720 window, so scaling every
//! box (Bevy's `UiScale`) would push the seed and game-over screens off it; larger letters in
//! boxes that grow with their text (the menu buttons have a minimum size, not a fixed one) fit,
//! and headings, already large, stay as they are ([`DISPLAY_SIZE`]).
//! The code puzzle's editor keeps its size ([`FixedTextSize`]): its cursor and underlines are
//! placed on a grid of its characters' width.

use bevy::prelude::*;
use bevy::text::FontSize;
use seedfeast_save::TextSize;

use crate::save::Save;

/// How much larger text is at the large size.
pub const LARGE_TEXT_SCALE: f32 = 1.25;

/// The factor for a text size.
pub(crate) fn text_scale(size: TextSize) -> f32 {
    match size {
        TextSize::Normal => 1.0,
        TextSize::Large => LARGE_TEXT_SCALE,
    }
}

/// The factor every UI text is drawn at now (from the saved setting).
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct TextScale(pub f32);

impl Default for TextScale {
    fn default() -> Self {
        TextScale(1.0)
    }
}

/// A text (or span) drawn at its own size whatever the setting.
#[derive(Component, Debug, Clone, Copy)]
pub struct FixedTextSize;

/// The size a text was made with, before the setting's factor.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct DesignedSize(pub FontSize);

/// Text this size or larger (headings, the big seed code, the score) is large already and stays
/// as it is; smaller text grows up to this size. That is what keeps the screens, laid out for a
/// 1280×720 window, within it at the large size.
pub const DISPLAY_SIZE: f32 = 40.0;

/// `size` at `factor` (sizes in pixels; the game makes no other kind): see [`DISPLAY_SIZE`].
pub fn scaled(size: FontSize, factor: f32) -> FontSize {
    match size {
        FontSize::Px(px) if px < DISPLAY_SIZE => FontSize::Px((px * factor).min(DISPLAY_SIZE)),
        other => other,
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<TextScale>().add_systems(
        PostUpdate,
        // Before the UI measures text, so a new screen's first frame is already at its size.
        (follow_save, scale_texts).chain().before(bevy::ui::UiSystems::Prepare),
    );
}

fn follow_save(save: Option<Res<Save>>, mut scale: ResMut<TextScale>) {
    if let Some(save) = save.filter(|save| save.is_changed()) {
        let wanted = text_scale(save.settings().text_size());
        if scale.0 != wanted {
            scale.0 = wanted;
        }
    }
}

type Scalable = (Or<(With<Text>, With<TextSpan>, With<Text2d>)>, Without<FixedTextSize>);

fn scale_texts(
    mut commands: Commands,
    scale: Res<TextScale>,
    mut texts: Query<(Entity, &mut TextFont, Option<&DesignedSize>), Scalable>,
) {
    for (entity, mut font, designed) in &mut texts {
        let base = match designed {
            Some(designed) if scale.is_changed() => designed.0,
            Some(_) => continue,
            None => {
                commands.entity(entity).insert(DesignedSize(font.font_size));
                font.font_size
            }
        };
        let wanted = scaled(base, scale.0);
        if font.font_size != wanted {
            font.font_size = wanted;
        }
    }
}
