//! Small builders for the game's UI: screens, headings, lines of text and menu buttons.

use bevy::prelude::*;

use crate::palette;
use crate::ui::menu::{MenuAction, MenuItem};

/// A full-screen column centred on the screen, despawned when `state` is left.
pub(crate) fn screen_root<S: States>(state: S, background: Option<Color>) -> impl Bundle {
    (
        Node {
            width: percent(100),
            height: percent(100),
            position_type: PositionType::Absolute,
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            justify_content: JustifyContent::Center,
            row_gap: px(10),
            ..default()
        },
        BackgroundColor(background.unwrap_or(Color::NONE)),
        DespawnOnExit(state),
    )
}

/// A rounded card that holds a screen's content.
pub fn panel() -> impl Bundle {
    wide_panel(900.0)
}

/// A card that may grow to `max_width` (the seed screen's two columns).
pub(crate) fn wide_panel(max_width: f32) -> impl Bundle {
    (
        Node {
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            padding: UiRect::axes(px(48), px(28)),
            row_gap: px(10),
            border_radius: BorderRadius::all(px(18)),
            max_width: px(max_width),
            ..default()
        },
        BackgroundColor(palette::PANEL),
        crate::ui::fit::FitContent,
    )
}

pub fn text(content: impl Into<String>, size: f32, color: Color) -> impl Bundle {
    (Text::new(content), TextFont::from_font_size(size), TextColor(color), TextLayout::justify(Justify::Center))
}

/// `text` cut to at most `max` characters, an ellipsis saying so where it was cut.
pub(crate) fn ellipsized(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let kept: String = text.chars().take(max.saturating_sub(1)).collect();
    format!("{}\u{2026}", kept.trim_end())
}

pub fn heading(content: impl Into<String>) -> impl Bundle {
    text(content, 44.0, palette::ACCENT)
}

/// A menu button: `order` is its place for keyboard and gamepad navigation.
pub fn button(order: usize, label: impl Into<String>, action: MenuAction) -> impl Bundle {
    sized_button(order, label, action, Vec2::new(360.0, 48.0), 24.0)
}

/// A menu button of another size and font size (a list's rows). The size is a minimum: the
/// button grows with its text at the large text size.
pub(crate) fn sized_button(
    order: usize,
    label: impl Into<String>,
    action: MenuAction,
    size: Vec2,
    font: f32,
) -> impl Bundle {
    (Button, MenuItem { order }, action, button_face(size), children![text(label, font, palette::TEXT)])
}

/// A button's shape and colour, at least `size`, its content centred: the menus' and the other
/// screens' buttons (*How was this made?*'s controls) look alike.
pub(crate) fn button_face(size: Vec2) -> (Node, BackgroundColor) {
    (
        Node {
            min_width: px(size.x),
            min_height: px(size.y),
            padding: UiRect::horizontal(px(8)),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            border_radius: BorderRadius::all(px(12)),
            ..default()
        },
        BackgroundColor(palette::BUTTON),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_text_is_cut_with_an_ellipsis_and_short_text_is_kept() {
        assert_eq!(ellipsized("pizza party", 11), "pizza party");
        assert_eq!(ellipsized("pizza party", 10), "pizza par\u{2026}");
        assert_eq!(ellipsized("crème brûlée", 7), "crème\u{2026}", "cut by characters, not bytes; no space before it");
        assert_eq!(ellipsized(&"a".repeat(200), 60).chars().count(), 60);
    }
}
