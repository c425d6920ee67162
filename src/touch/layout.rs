//! Where the on-screen buttons sit: one pure function of the window's size, read both by the
//! gesture reader (which finger landed on which button) and by the overlay that draws them, so
//! what is drawn is what is hit. Headless tests, which have no UI, hit the same rectangles.

use bevy::math::{Rect, Vec2};

use super::gesture::{Button, ButtonKind};

/// The pause button's side (logical px, which are CSS px in the browser): above the 44 px a
/// finger needs.
pub(crate) const PAUSE_SIDE: f32 = 56.0;
/// The action buttons' side, bigger: they are pressed mid-run without looking.
pub(crate) const ACTION_SIDE: f32 = 84.0;
/// Space kept from the window's edges (the page keeps the canvas out of notches already).
pub(crate) const MARGIN: f32 = 16.0;

/// The buttons of a run whose mode has `actions`, in a window of `size`: pause at the top centre
/// (between the HUD's two corner cards), the actions along the bottom right (the first in the
/// corner, under the thumb).
pub fn buttons(actions: &[ButtonKind], size: Vec2) -> Vec<Button> {
    let mut buttons = vec![Button {
        kind: ButtonKind::Pause,
        rect: Rect::from_corners(
            Vec2::new((size.x - PAUSE_SIDE) / 2.0, MARGIN),
            Vec2::new((size.x + PAUSE_SIDE) / 2.0, MARGIN + PAUSE_SIDE),
        ),
    }];
    let mut right = size.x - MARGIN;
    for kind in actions {
        let min = Vec2::new(right - ACTION_SIDE, size.y - MARGIN - ACTION_SIDE);
        buttons.push(Button { kind: *kind, rect: Rect::from_corners(min, min + Vec2::splat(ACTION_SIDE)) });
        right -= ACTION_SIDE + MARGIN;
    }
    buttons
}

/// A button's label.
pub fn label(kind: ButtonKind) -> &'static str {
    match kind {
        ButtonKind::Pause => "II",
        ButtonKind::Use => "USE",
        ButtonKind::Travel => "GO",
        ButtonKind::Code => "CODE",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buttons_fit_every_window_from_a_phone_to_4k_and_never_overlap() {
        let kinds = [ButtonKind::Use, ButtonKind::Travel];
        for size in
            [Vec2::new(390.0, 844.0), Vec2::new(844.0, 390.0), Vec2::new(640.0, 360.0), Vec2::new(3840.0, 2160.0)]
        {
            let buttons = buttons(&kinds, size);
            assert_eq!(buttons.len(), 3);
            let window = Rect::from_corners(Vec2::ZERO, size);
            for (i, button) in buttons.iter().enumerate() {
                assert!(button.rect.width() >= 44.0 && button.rect.height() >= 44.0, "{size}: {button:?} too small");
                assert_eq!(window.union(button.rect), window, "{size}: {button:?} off the window");
                for other in &buttons[..i] {
                    assert!(other.rect.intersect(button.rect).is_empty(), "{size}: {button:?} on {other:?}");
                }
            }
        }
    }
}
