//! The tunnels' ceiling and floor, drawn where the run ends: the flyer that touches either lip
//! has flown out of the tunnel. A band of rock (by night) or a picnic cloth and a table (at
//! sunset) past each edge of the flight band, with a bright lip on the line itself and marks
//! that scroll with the world, so the edges read as solid and the speed shows. Decoration only:
//! the run's end is decided by the band's numbers (`pass_gates`), never by these sprites.

use bevy::prelude::*;

use crate::feel::parallax::Parallax;

/// How one tunnel's edges look.
pub(crate) struct Edges {
    ceiling: Color,
    ceiling_lip: Color,
    ceiling_mark: Color,
    floor: Color,
    floor_lip: Color,
    floor_mark: Color,
}

const NIGHT_EDGES: Edges = Edges {
    ceiling: Color::srgb(0.08, 0.06, 0.13),
    ceiling_lip: Color::srgb(0.62, 0.52, 0.84),
    ceiling_mark: Color::srgb(0.17, 0.13, 0.26),
    floor: Color::srgb(0.10, 0.08, 0.15),
    floor_lip: Color::srgb(0.62, 0.52, 0.84),
    floor_mark: Color::srgb(0.20, 0.15, 0.30),
};

const SUNSET_EDGES: Edges = Edges {
    // A red-and-white picnic cloth above, a wooden table below.
    ceiling: Color::srgb(0.93, 0.90, 0.86),
    ceiling_lip: Color::srgb(0.74, 0.16, 0.14),
    ceiling_mark: Color::srgb(0.84, 0.24, 0.20),
    floor: Color::srgb(0.47, 0.29, 0.15),
    floor_lip: Color::srgb(0.80, 0.56, 0.32),
    floor_mark: Color::srgb(0.38, 0.22, 0.11),
};

/// The edges of the Food Tunnel (`squeeze`) or the Flying tunnel.
pub(crate) fn edges_of(squeeze: bool) -> Edges {
    if squeeze { SUNSET_EDGES } else { NIGHT_EDGES }
}

/// How deep each band is drawn past its edge: past anything the camera shows.
const BAND_DEPTH: f32 = 400.0;
/// The lip's thickness, inside the band (its inner side is the edge itself).
const LIP: f32 = 6.0;
/// The scrolling marks: one every `MARK_EVERY` world units over a span wider than any window.
const MARK_EVERY: f32 = 64.0;
const MARKS: usize = 36;

/// Spawns both bands for a flight band `height` high, as pieces of the camera, which sits `lift`
/// above the band's middle; returns them for the caller to scope and parent.
pub(crate) fn spawn_edges(commands: &mut Commands, edges: &Edges, height: f32, lift: f32) -> Vec<Entity> {
    let mut pieces = Vec::new();
    let sides = [
        (1.0, edges.ceiling, edges.ceiling_lip, edges.ceiling_mark),
        (-1.0, edges.floor, edges.floor_lip, edges.floor_mark),
    ];
    for (sign, body, lip, mark) in sides {
        // The edge in the camera's frame; the band grows away from the flight band.
        let edge = sign * height / 2.0 - lift;
        for (colour, depth, z) in [(body, BAND_DEPTH, 20.0), (lip, LIP, 21.0)] {
            let at = Transform::from_xyz(0.0, edge + sign * depth / 2.0, z);
            pieces.push(commands.spawn((Sprite::from_color(colour, Vec2::new(4000.0, depth)), at)).id());
        }
        let span = MARK_EVERY * MARKS as f32;
        for k in 0..MARKS {
            let base_x = -span / 2.0 + MARK_EVERY * k as f32;
            // Blocks set back from the lip, half a step apart, that move with the world.
            let size = Vec2::new(MARK_EVERY * 0.5, 14.0 + 8.0 * (k % 2) as f32);
            let y = edge + sign * (LIP + 6.0 + size.y / 2.0);
            let scrolls = Parallax { depth: 1.0, span, base_x };
            let at = Transform::from_xyz(base_x, y, 20.5);
            pieces.push(commands.spawn((Sprite::from_color(mark, size), at, scrolls)).id());
        }
    }
    pieces
}
