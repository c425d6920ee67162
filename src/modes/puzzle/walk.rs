//! Which way a held direction walks the Code puzzle's player on its grid: one axis at a time.

use bevy::prelude::*;

use crate::grid_move::Dir;

/// The direction the player holds, on the grid: one axis (the one it already walks along, when
/// both are held).
pub(crate) fn held_dir(axis: Vec2, walking: Option<Dir>) -> Option<Dir> {
    let horizontal = if axis.x > 0.0 {
        Some(Dir::Right)
    } else if axis.x < 0.0 {
        Some(Dir::Left)
    } else {
        None
    };
    let vertical = if axis.y > 0.0 {
        Some(Dir::Up)
    } else if axis.y < 0.0 {
        Some(Dir::Down)
    } else {
        None
    };
    match (horizontal, vertical) {
        (Some(h), Some(v)) => Some(if walking == Some(v) { v } else { h }),
        (h, v) => h.or(v),
    }
}

/// Smooth in and out, 0..1 (a step's glide, an object's move).
pub(crate) fn ease(t: f32) -> f32 {
    let t = t.clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn held_directions_pick_one_axis() {
        assert_eq!(held_dir(Vec2::ZERO, None), None);
        assert_eq!(held_dir(Vec2::new(1.0, 0.0), None), Some(Dir::Right));
        assert_eq!(held_dir(Vec2::new(0.0, -1.0), None), Some(Dir::Down));
        let diagonal = Vec2::new(-0.7, 0.7);
        assert_eq!(held_dir(diagonal, None), Some(Dir::Left));
        assert_eq!(held_dir(diagonal, Some(Dir::Up)), Some(Dir::Up), "keeps its way along the other axis");
    }
}
