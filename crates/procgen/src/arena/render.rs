//! Pictures of a wave for designers and tests: text, and an RGB8 buffer the CLI encodes as PNG.
//!
//! Text: one character per 20 × 40 world units (characters are about twice as tall as wide),
//! top row at the top of the arena. `@` the player, `X` a hazard, a food's letter (`a` apple,
//! `c` cherry, `d` donut, `p` pizza, `K` cake), `.` the floor; decoration is left out (it would
//! cover nearly every character). Items are more than a character's diagonal apart, so only the
//! player can hide one.

use crate::FoodKind;
use crate::arena::{ArenaWave, ItemKind};

/// World units per text column and per text row.
pub(crate) const TEXT_CELL: (f32, f32) = (20.0, 40.0);

/// The wave as text under a header naming the wave, size and mix (nothing seed-specific but the
/// picture). Only +, ×, ÷ and truncation place a character, so the text is the same everywhere.
///
/// ```
/// use seedfeast_procgen::{FoodTable, IntensityCurve, Seed, arena::{ArenaTuning, draw_arena, generate_wave}};
/// let wave = generate_wave(&ArenaTuning::default(), &IntensityCurve::default(), &FoodTable::default(), Seed(2), 5);
/// let text = draw_arena(&wave);
/// let lines: Vec<&str> = text.lines().collect();
/// assert!(lines[0].starts_with("arena wave 5: 1200x680, intensity 0.20, challenge"), "{}", lines[0]);
/// assert_eq!(lines.len(), 1 + 17);
/// assert_eq!(lines[1].len(), 60);
/// assert_eq!(text.matches('@').count(), 1);
/// assert_eq!(text.matches('X').count(), wave.hazards());
/// ```
pub fn draw_arena(wave: &ArenaWave) -> String {
    let cols = (wave.width / TEXT_CELL.0).ceil().max(1.0) as usize;
    let rows = (wave.height / TEXT_CELL.1).ceil().max(1.0) as usize;
    let mut grid = vec!['.'; cols * rows];
    let mut put = |x: f32, y: f32, c: char| {
        if !(x >= 0.0 && y >= 0.0) {
            return;
        }
        let col = ((x / TEXT_CELL.0) as usize).min(cols - 1);
        // y up: the top text row holds the highest y.
        let row = rows - 1 - ((y / TEXT_CELL.1) as usize).min(rows - 1);
        grid[row * cols + col] = c;
    };
    for item in &wave.items {
        let c = match item.kind {
            ItemKind::Hazard => 'X',
            ItemKind::Food(kind) => kind.letter(),
        };
        put(item.x, item.y, c);
    }
    put(wave.player.0, wave.player.1, '@');

    let mut out = format!(
        "arena wave {}: {}x{}, intensity {:.2}{}, {} items ({} hazards) of {} requested, clear radius {}\n",
        wave.wave,
        wave.width,
        wave.height,
        wave.intensity,
        if wave.challenge { ", challenge" } else { "" },
        wave.items.len(),
        wave.hazards(),
        wave.items_requested,
        wave.clear_radius
    );
    for row in grid.chunks(cols) {
        out.extend(row);
        out.push('\n');
    }
    out
}

const SAND: [f32; 3] = [236.0, 214.0, 168.0];
const MOSS: [f32; 3] = [156.0, 196.0, 120.0];
const DECOR: [u8; 3] = [120, 98, 70];
const HAZARD: [u8; 3] = [58, 40, 46]; // burnt
const HAZARD_CORE: [u8; 3] = [214, 48, 40]; // tomato
const PLAYER: [u8; 3] = [64, 178, 120]; // mint
const RING: [u8; 3] = [90, 90, 90];
/// A place the scatter accepted, not yet made hazard or food (only in a wave part-made).
const PENDING: [u8; 3] = [150, 150, 150];

fn food_colour(kind: FoodKind) -> [u8; 3] {
    match kind {
        FoodKind::Apple => [200, 30, 45],
        FoodKind::Cherry => [150, 10, 60],
        FoodKind::Donut => [232, 140, 180],
        FoodKind::Pizza => [245, 180, 40],
        FoodKind::Cake => [250, 240, 250],
    }
}

/// Radius of an item's disc when the tuning's item radius isn't at hand: the arena's default.
const ITEM_RADIUS: f32 = 18.0;

/// The wave as an RGB8 image at `px_per_unit` pixels per world unit (at least one pixel a side):
/// `(width, height, pixels)`, rows top to bottom (the top row is the highest y). The floor takes
/// its colour from the tint, blended between cell centres (moisture: sand to moss; elevation:
/// darker to lighter), with dots for decoration, discs for items (dark with a red core for
/// hazards), a ring at the clear radius and a square for the player.
///
/// ```
/// use seedfeast_procgen::{FoodTable, IntensityCurve, Seed, arena::{ArenaTuning, arena_rgb, generate_wave}};
/// let wave = generate_wave(&ArenaTuning::default(), &IntensityCurve::default(), &FoodTable::default(), Seed(2), 5);
/// let (w, h, rgb) = arena_rgb(&wave, 0.5);
/// assert_eq!((w, h, rgb.len()), (600, 340, 600 * 340 * 3));
/// let centre = (170 * 600 + 300) * 3;
/// assert_eq!(&rgb[centre..centre + 3], &[64, 178, 120]); // the player
/// ```
pub fn arena_rgb(wave: &ArenaWave, px_per_unit: f32) -> (u32, u32, Vec<u8>) {
    sketch_rgb(wave, &[], px_per_unit)
}

/// The size [`arena_rgb`] draws `wave` at, `(width, height)`, worked out without drawing it.
pub fn arena_size(wave: &ArenaWave, px_per_unit: f32) -> (u64, u64) {
    let scale = if px_per_unit > 0.0 && px_per_unit.is_finite() { px_per_unit } else { 1.0 };
    (((wave.width * scale).round() as u64).max(1), ((wave.height * scale).round() as u64).max(1))
}

/// [`arena_rgb`] with `pending`, places the scatter accepted that are not yet hazard or food,
/// drawn grey (a wave part-made).
pub(crate) fn sketch_rgb(wave: &ArenaWave, pending: &[crate::arena::Point], px_per_unit: f32) -> (u32, u32, Vec<u8>) {
    let scale = if px_per_unit > 0.0 && px_per_unit.is_finite() { px_per_unit } else { 1.0 };
    let (width, height) = arena_size(wave, px_per_unit);
    let (width, height) = (width as usize, height as usize);
    let mut rgb = Vec::with_capacity(width * height * 3);
    for py in 0..height {
        let y = wave.height - (py as f32 + 0.5) / scale;
        for px in 0..width {
            let x = (px as f32 + 0.5) / scale;
            let (elevation, moisture) = wave.tint.blended(x, y, wave.width, wave.height);
            let shade = 0.8 + 0.2 * elevation;
            for c in 0..3 {
                rgb.push(((SAND[c] + (MOSS[c] - SAND[c]) * moisture) * shade) as u8);
            }
        }
    }
    let mut canvas = Canvas { rgb, width, height, scale, world_height: wave.height };
    for p in &wave.decor {
        canvas.disc(p.x, p.y, 2.5, DECOR);
    }
    let (cx, cy) = wave.player;
    canvas.ring(cx, cy, wave.clear_radius, 1.5 / scale, RING);
    for item in &wave.items {
        match item.kind {
            ItemKind::Hazard => {
                canvas.disc(item.x, item.y, ITEM_RADIUS, HAZARD);
                canvas.disc(item.x, item.y, ITEM_RADIUS * 0.4, HAZARD_CORE);
            }
            ItemKind::Food(kind) => canvas.disc(item.x, item.y, ITEM_RADIUS * 0.8, food_colour(kind)),
        }
    }
    for p in pending {
        canvas.disc(p.x, p.y, ITEM_RADIUS * 0.8, PENDING);
    }
    canvas.square(cx, cy, 14.0, PLAYER);
    (width as u32, height as u32, canvas.rgb)
}

/// An RGB8 buffer addressed in world units (y up).
struct Canvas {
    rgb: Vec<u8>,
    width: usize,
    height: usize,
    scale: f32,
    world_height: f32,
}

impl Canvas {
    /// Colours every pixel whose centre (in world units, relative to (x, y)) passes `inside`,
    /// over the bounding box `x ± reach, y ± reach`; always the pixel under (x, y) itself.
    fn stamp(&mut self, x: f32, y: f32, reach: f32, colour: [u8; 3], inside: impl Fn(f32, f32) -> bool) {
        let (col, row) = (x * self.scale, (self.world_height - y) * self.scale);
        let r = reach * self.scale + 1.0;
        let x_lo = (col - r).max(0.0) as usize;
        let x_hi = ((col + r).max(0.0) as usize).min(self.width);
        let y_lo = (row - r).max(0.0) as usize;
        let y_hi = ((row + r).max(0.0) as usize).min(self.height);
        for py in y_lo..y_hi {
            for px in x_lo..x_hi {
                let (u, v) =
                    ((px as f32 + 0.5) / self.scale - x, self.world_height - (py as f32 + 0.5) / self.scale - y);
                let centre = px == col as usize && py == row as usize;
                if inside(u, v) || centre {
                    self.rgb[(py * self.width + px) * 3..][..3].copy_from_slice(&colour);
                }
            }
        }
    }

    fn disc(&mut self, x: f32, y: f32, radius: f32, colour: [u8; 3]) {
        self.stamp(x, y, radius, colour, |u, v| u * u + v * v <= radius * radius);
    }

    fn square(&mut self, x: f32, y: f32, half: f32, colour: [u8; 3]) {
        self.stamp(x, y, half, colour, |u, v| u.abs() <= half && v.abs() <= half);
    }

    fn ring(&mut self, x: f32, y: f32, radius: f32, thickness: f32, colour: [u8; 3]) {
        let (inner, outer) = ((radius - thickness).max(0.0), radius + thickness);
        self.stamp(x, y, outer, colour, |u, v| {
            let d2 = u * u + v * v;
            d2 >= inner * inner && d2 <= outer * outer
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::{ArenaTuning, generate_wave};
    use crate::{FoodTable, IntensityCurve, Seed};

    #[test]
    fn every_item_shows_where_it_stands() {
        let wave =
            generate_wave(&ArenaTuning::default(), &IntensityCurve::default(), &FoodTable::default(), Seed(8), 30);
        let text = draw_arena(&wave);
        let body: Vec<Vec<char>> = text.lines().skip(1).map(|l| l.chars().collect()).collect();
        for item in &wave.items {
            let (col, row) = ((item.x / 20.0) as usize, body.len() - 1 - (item.y / 40.0) as usize);
            let expected = match item.kind {
                ItemKind::Hazard => 'X',
                ItemKind::Food(kind) => kind.letter(),
            };
            // Spacing 52 exceeds a text cell's diagonal (44.7): only the player can cover an item.
            assert!(body[row][col] == expected || body[row][col] == '@', "{item:?}\n{text}");
        }
        let (w, h, rgb) = arena_rgb(&wave, 0.25);
        assert_eq!((w, h), (300, 170));
        let hazard = wave.items.iter().find(|i| i.kind == ItemKind::Hazard).unwrap();
        let (px, py) = ((hazard.x * 0.25) as usize, ((680.0 - hazard.y) * 0.25) as usize);
        assert_eq!(&rgb[(py * 300 + px) * 3..][..3], &HAZARD_CORE);
    }
}
