//! The Zone dungeon's worn stone, drawn from the level's seed ([`Decor`]): each floor tile's shade
//! shifts a little, about one in seven gains a crack, pebbles or a worn patch, and wall tops show
//! the odd lighter block. Pictures only: the same dungeon always wears the same way, and nothing
//! the game reads is touched.

use bevy::prelude::*;

use crate::feel::decor::Decor;

use super::super::spawn::CELL;
use super::{DARK, WHITE, shade};

/// The questions asked of a tile's [`Decor`] (so two never share an answer).
const TONE: u32 = 1;
const DETAIL: u32 = 2;
const KIND: u32 = 3;
const PLACE_X: u32 = 4;
const PLACE_Y: u32 = 5;
const TURN: u32 = 6;

/// How much lighter a floor tile is than its zone's colour: the checker's step, moved by the seed.
pub(crate) fn floor_lightness(decor: &Decor, at: (u32, u32)) -> f32 {
    let checker = if (at.0 + at.1).is_multiple_of(2) { 0.22 } else { 0.12 };
    checker + 0.05 * (decor.unit(at, TONE) - 0.5)
}

/// The marks on a floor tile of zone colour `c`, as sprites placed on the tile (often none).
pub(crate) fn floor_marks(decor: &Decor, at: (u32, u32), c: (u8, u8, u8)) -> Vec<(Sprite, Transform)> {
    if decor.unit(at, DETAIL) >= 0.15 {
        return Vec::new();
    }
    let spot = Vec2::new(decor.unit(at, PLACE_X) - 0.5, decor.unit(at, PLACE_Y) - 0.5) * CELL * 0.4;
    let turn = decor.unit(at, TURN) * std::f32::consts::PI;
    let mark = |colour: Color, size: Vec2, offset: Vec2, angle: f32| {
        (
            Sprite::from_color(colour, size),
            Transform::from_translation((spot + offset).extend(0.02)).with_rotation(Quat::from_rotation_z(angle)),
        )
    };
    let dark = shade(c, DARK, 0.35);
    match decor.pick(at, KIND, 3) {
        // A crack: two thin strokes, the second crossing the first near its end.
        0 => vec![
            mark(dark, Vec2::new(CELL * 0.34, 2.0), Vec2::ZERO, turn),
            mark(dark, Vec2::new(CELL * 0.22, 2.0), Vec2::from_angle(turn) * CELL * 0.16, turn + 0.7),
        ],
        // Pebbles: three small stones.
        1 => [(-5.0, 2.0, 5.0), (3.0, -3.0, 4.0), (7.0, 4.0, 3.0)]
            .into_iter()
            .map(|(x, y, s)| mark(dark, Vec2::splat(s), Vec2::new(x, y), turn))
            .collect(),
        // A patch worn smooth and pale.
        _ => vec![mark(shade(c, WHITE, 0.4), Vec2::splat(CELL * 0.32), Vec2::ZERO, turn * 0.25)],
    }
}

/// A lighter block on about one wall top in four (a wall top of zone colour `c`).
pub(crate) fn wall_block(decor: &Decor, at: (u32, u32), c: (u8, u8, u8)) -> Option<(Sprite, Transform)> {
    if decor.unit(at, DETAIL) >= 0.25 {
        return None;
    }
    let quarter = Vec2::new(decor.pick(at, PLACE_X, 2) as f32 - 0.5, decor.pick(at, PLACE_Y, 2) as f32 - 0.5);
    Some((
        Sprite::from_color(shade(c, DARK, 0.7), Vec2::splat(CELL * 0.46)),
        Transform::from_translation((quarter * CELL * 0.5).extend(0.01)),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    const ZONE: (u8, u8, u8) = (220, 120, 90);

    fn tiles() -> impl Iterator<Item = (u32, u32)> {
        (0..60).flat_map(|x| (0..40).map(move |y| (x, y)))
    }

    #[test]
    fn about_one_floor_tile_in_seven_is_marked_and_the_marks_stay_on_the_tile() {
        let decor = Decor::new(11, 0);
        let marked = tiles().filter(|&at| !floor_marks(&decor, at, ZONE).is_empty()).count();
        assert!((300..430).contains(&marked), "{marked} of 2,400 tiles marked");
        for at in tiles() {
            for (sprite, transform) in floor_marks(&decor, at, ZONE) {
                let reach = transform.translation.truncate().abs() + sprite.custom_size.unwrap_or_default() / 2.0;
                assert!(reach.max_element() <= CELL / 2.0 + 1.0, "{at:?}: a mark reaches {reach}");
            }
        }
    }

    #[test]
    fn the_checker_stays_a_checker_whatever_the_seed() {
        for seed in 0..20 {
            let decor = Decor::new(seed, 2);
            for at in tiles() {
                let lightness = floor_lightness(&decor, at);
                let (lo, hi) = if (at.0 + at.1) % 2 == 0 { (0.19, 0.25) } else { (0.09, 0.15) };
                assert!((lo..=hi).contains(&lightness), "seed {seed} {at:?}: {lightness}");
            }
        }
    }

    #[test]
    fn another_seed_wears_another_way() {
        let (a, b) = (Decor::new(1, 0), Decor::new(2, 0));
        let blocks = |d: &Decor| tiles().map(|at| wall_block(d, at, ZONE).is_some()).collect::<Vec<_>>();
        assert_ne!(blocks(&a), blocks(&b));
        assert_eq!(blocks(&a), blocks(&Decor::new(1, 0)));
    }
}
