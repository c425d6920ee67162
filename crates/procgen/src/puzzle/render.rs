//! Pictures of a level for designers and tests: the initial and solved maps side by side, as
//! text and as an RGB8 buffer the CLI encodes as PNG. Characters are the level file's own (see
//! [`super::level::legend`]).

use crate::puzzle::level::PuzzleLevel;

/// The widest picture [`to_rgb`] draws, in pixels: the cell size shrinks to fit.
pub const MAX_PICTURE_SIDE: usize = 4096;

/// A header naming the size and objects, then `initial` and `solved` side by side under their
/// titles, then the legend of the characters used.
///
/// ```
/// use seedfeast_procgen::Seed;
/// use seedfeast_procgen::puzzle::{GenOptions, generate, render::draw_ascii};
/// let level = generate("gate1.stop();", Seed(1), &GenOptions::default()).unwrap();
/// let text = draw_ascii(&level);
/// assert!(text.starts_with(&format!("puzzle level 0: {}x{}", level.width, level.height)));
/// assert!(text.contains(&level.initial[0]));
/// assert!(text.contains("G = gate, moving"));
/// ```
pub fn draw_ascii(level: &PuzzleLevel) -> String {
    let names: Vec<String> =
        level.objects.iter().map(|o| format!("{} ({}, {})", o.name, o.design, o.facing.name())).collect();
    let mut out = format!("puzzle level {}: {}x{}, {}\n", level.level, level.width, level.height, names.join(", "));
    let pad = level.width.max(7);
    out.push_str(&format!("{:<pad$}   {}\n", "initial", "solved"));
    for y in 0..level.height {
        let a = level.initial.get(y).map_or("", String::as_str);
        let b = level.solved.get(y).map_or("", String::as_str);
        out.push_str(&format!("{a:<pad$}   {b}\n"));
    }
    let used: Vec<char> = {
        let mut v: Vec<char> = level.initial.iter().chain(&level.solved).flat_map(|r| r.chars()).collect();
        v.sort_unstable();
        v.dedup();
        v
    };
    for c in used {
        if let Some(meaning) = level.legend.get(&c.to_string())
            && c != ' '
        {
            out.push_str(&format!("{c} = {meaning}\n"));
        }
    }
    out
}

/// The colour of a map character: food palette, objects bright against a cream floor.
fn colour(c: char) -> [u8; 3] {
    match c {
        ' ' => [40, 32, 36],
        '#' => [74, 44, 28],
        '.' => [250, 238, 214],
        '~' => [90, 150, 220],
        '_' => [200, 190, 150],
        'o' => [120, 80, 60],
        '*' => [255, 120, 20],
        '@' => [64, 178, 120],
        'X' => [40, 120, 200],
        'C' => [150, 90, 200],
        'h' => [210, 170, 120],
        'k' => [255, 200, 20],
        '$' => [240, 220, 160],
        '%' => [200, 230, 240],
        'B' => [160, 100, 60],
        '=' => [190, 140, 80],
        'F' => [214, 48, 40],
        'W' => [120, 200, 220],
        'D' | 'd' => [130, 70, 30],
        'G' | 'g' => [100, 100, 110],
        'L' => [232, 140, 40],
        _ => [255, 0, 255],
    }
}

/// Whether a point `(u, v)` (−0.5..0.5 from the tile's centre) is inside the character's
/// marker; outside, the floor colour shows, so objects read as shapes on the floor.
fn inside(c: char, u: f32, v: f32) -> bool {
    let round = |r: f32| u * u + v * v <= r * r;
    match c {
        'k' | '$' => round(0.25),
        'B' => u.abs().max(v.abs()) <= 0.4,
        'F' | 'W' | 'L' => round(0.42),
        'd' => u.abs() >= 0.35,
        'g' => v.abs() <= 0.12,
        '*' => round(0.4),
        _ => true,
    }
}

/// `initial` and `solved` side by side (one empty column between), `cell_px` pixels a tile
/// (at least 1, shrunk so neither side exceeds [`MAX_PICTURE_SIDE`]): `(width, height, RGB8)`,
/// rows top to bottom. A tile's centre pixel always has its character's colour.
///
/// ```
/// use seedfeast_procgen::Seed;
/// use seedfeast_procgen::puzzle::{GenOptions, generate, render::to_rgb};
/// let level = generate("door1.open();", Seed(2), &GenOptions::default()).unwrap();
/// let (w, h, rgb) = to_rgb(&level, 8);
/// assert_eq!((w as usize, h as usize), ((2 * level.width + 1) * 8, level.height * 8));
/// assert_eq!(rgb.len(), (w * h * 3) as usize);
/// ```
pub fn to_rgb(level: &PuzzleLevel, cell_px: usize) -> (u32, u32, Vec<u8>) {
    pair_rgb(&level.initial, &level.solved, (level.width, level.height), cell_px)
}

/// The size [`to_rgb`] draws `level` at, `(width, height)`, worked out without drawing it.
pub fn picture_size(level: &PuzzleLevel, cell_px: usize) -> (u64, u64) {
    let (_, (width, height)) = pair_scale((level.width, level.height), cell_px);
    (width as u64, height as u64)
}

/// The pixels a tile and the picture's size for two maps of `width × height` tiles.
fn pair_scale((map_width, map_height): (usize, usize), cell_px: usize) -> (usize, (usize, usize)) {
    let cols = 2 * map_width + 1;
    let rows = map_height.max(1);
    let px = cell_px.max(1).min((MAX_PICTURE_SIDE / cols.max(rows)).max(1));
    (px, (cols * px, rows * px))
}

/// Two maps of `width × height` tiles side by side, as [`to_rgb`] draws a level's start and
/// solution (a level part-made draws what it has: a merged world, its mini-maps).
pub(crate) fn pair_rgb(
    initial: &[String],
    solved: &[String],
    (map_width, map_height): (usize, usize),
    cell_px: usize,
) -> (u32, u32, Vec<u8>) {
    let (px, (width, height)) = pair_scale((map_width, map_height), cell_px);
    let maps = [PuzzleLevel::chars(initial), PuzzleLevel::chars(solved)];
    let floor = colour('.');
    let mut rgb = Vec::with_capacity(width * height * 3);
    for y in 0..height {
        let (ty, dy) = (y / px, y % px);
        for x in 0..width {
            let (tx, dx) = (x / px, x % px);
            let (map, col) = if tx < map_width {
                (0, tx)
            } else if tx > map_width {
                (1, tx - map_width - 1)
            } else {
                (2, 0)
            };
            let c = if map == 2 { ' ' } else { maps[map].get(ty).and_then(|r| r.get(col)).copied().unwrap_or(' ') };
            let (u, v) = ((dx as f32 + 0.5) / px as f32 - 0.5, (dy as f32 + 0.5) / px as f32 - 0.5);
            let centre = dx == px / 2 && dy == px / 2;
            let pixel = if centre || inside(c, u, v) { colour(c) } else { floor };
            rgb.extend_from_slice(&pixel);
        }
    }
    (width as u32, height as u32, rgb)
}
