//! Where the on-screen buttons sit: one pure function of the window's size, read both by the
//! gesture reader (which finger landed on which button) and by the overlay that draws them, so
//! what is drawn is what is hit. Headless tests, which have no UI, hit the same rectangles.

use bevy::math::{Rect, Vec2};

use super::gesture::{Button, ButtonKind};
use crate::grid_move::Dir;

/// The pause button's side (logical px, which are CSS px in the browser): above the 44 px a
/// finger needs.
pub(crate) const PAUSE_SIDE: f32 = 56.0;
/// The action buttons' side, bigger: they are pressed mid-run without looking.
pub(crate) const ACTION_SIDE: f32 = 84.0;
/// Space kept from the window's edges (the page keeps the canvas out of notches already).
pub(crate) const MARGIN: f32 = 16.0;
/// Each arm of the D-pad: a thumb's width, the cross three of them across.
pub(crate) const D_PAD_SIDE: f32 = 60.0;

/// The Maze's D-pad, its arms in this order.
pub const D_PAD: [ButtonKind; 4] =
    [ButtonKind::Turn(Dir::Up), ButtonKind::Turn(Dir::Down), ButtonKind::Turn(Dir::Left), ButtonKind::Turn(Dir::Right)];

/// A button's side.
pub(crate) fn side(kind: ButtonKind) -> f32 {
    match kind {
        ButtonKind::Pause => PAUSE_SIDE,
        ButtonKind::Turn(_) => D_PAD_SIDE,
        ButtonKind::Use | ButtonKind::Travel | ButtonKind::Code => ACTION_SIDE,
    }
}

/// The buttons of a run whose mode has `actions`, in a window of `size`: pause at the top centre
/// (between the HUD's two corner cards), the actions along the bottom right (the first in the
/// corner, under the thumb), a D-pad's arms in a cross in the bottom left corner (under the other
/// thumb).
pub fn buttons(actions: &[ButtonKind], size: Vec2) -> Vec<Button> {
    let mut buttons = vec![Button {
        kind: ButtonKind::Pause,
        rect: Rect::from_corners(
            Vec2::new((size.x - PAUSE_SIDE) / 2.0, MARGIN),
            Vec2::new((size.x + PAUSE_SIDE) / 2.0, MARGIN + PAUSE_SIDE),
        ),
    }];
    let mut right = size.x - MARGIN;
    // The cross's middle: its arms around it, one side apart, the whole 3 sides across.
    let hub = Vec2::new(MARGIN + 1.5 * D_PAD_SIDE, size.y - MARGIN - 1.5 * D_PAD_SIDE);
    for kind in actions {
        let rect = match kind {
            ButtonKind::Turn(dir) => {
                let arm = match dir {
                    Dir::Up => Vec2::NEG_Y,
                    Dir::Down => Vec2::Y,
                    Dir::Left => Vec2::NEG_X,
                    Dir::Right => Vec2::X,
                };
                Rect::from_center_half_size(hub + arm * D_PAD_SIDE, Vec2::splat(D_PAD_SIDE / 2.0))
            }
            _ => {
                let min = Vec2::new(right - ACTION_SIDE, size.y - MARGIN - ACTION_SIDE);
                right -= ACTION_SIDE + MARGIN;
                Rect::from_corners(min, min + Vec2::splat(ACTION_SIDE))
            }
        };
        buttons.push(Button { kind: *kind, rect });
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
        // The game's font has no arrows.
        ButtonKind::Turn(Dir::Up) => "^",
        ButtonKind::Turn(Dir::Down) => "v",
        ButtonKind::Turn(Dir::Left) => "<",
        ButtonKind::Turn(Dir::Right) => ">",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buttons_fit_every_window_from_a_phone_to_4k_and_never_overlap() {
        use crate::mode::Controls;
        let sizes =
            [Vec2::new(390.0, 844.0), Vec2::new(844.0, 390.0), Vec2::new(640.0, 360.0), Vec2::new(3840.0, 2160.0)];
        // Every mode's buttons: the explore modes' actions, the Code puzzle's, the Maze's D-pad.
        let controls =
            [Controls::Jump, Controls::Flap, Controls::Turn, Controls::Move, Controls::Explore, Controls::Code];
        for (kinds, size) in controls.into_iter().flat_map(|c| sizes.map(|size| (super::super::scheme(c).1, size))) {
            let buttons = buttons(kinds, size);
            assert_eq!(buttons.len(), kinds.len() + 1);
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
