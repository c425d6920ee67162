//! Pictures of a floor for designers and tests: text, and an RGB8 buffer the CLI encodes as PNG.
//!
//! Text: `#` wall, `.` open, `S` start, `H` hazard, `*` star, `P` power-up, `o` token. When two
//! share a cell (a pursuer may start on a token), the first in that order is drawn.

use crate::maze::{Cell, MazeFloor};

/// What a cell shows, highest priority first; `Open` and `Wall` are the ground.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mark {
    Wall,
    Open,
    Token,
    PowerUp,
    Star,
    Hazard,
    Start,
}

/// The mark on every cell, row-major, higher priorities overwriting lower ones.
fn marks(floor: &MazeFloor, show_start: bool) -> Vec<Mark> {
    let grid = &floor.grid;
    let mut marks: Vec<Mark> = (0..grid.height)
        .flat_map(|y| (0..grid.width).map(move |x| (x, y)))
        .map(|(x, y)| if grid.is_open(x, y) { Mark::Open } else { Mark::Wall })
        .collect();
    let mut put = |cells: &mut dyn Iterator<Item = Cell>, mark: Mark| {
        for c in cells {
            if grid.contains(c) {
                marks[grid.index(c)] = mark;
            }
        }
    };
    put(&mut floor.tokens.iter().copied(), Mark::Token);
    put(&mut floor.power_up.into_iter(), Mark::PowerUp);
    put(&mut floor.stars.iter().copied(), Mark::Star);
    put(&mut floor.hazards.iter().copied(), Mark::Hazard);
    put(&mut std::iter::once(floor.start).filter(|_| show_start), Mark::Start);
    marks
}

/// The floor as text under a header naming the floor and size (nothing that depends on the seed).
///
/// ```
/// use seedfeast_procgen::{IntensityCurve, Seed, maze::{MazeTuning, draw_ascii, generate_floor}};
/// let floor = generate_floor(&MazeTuning::default(), &IntensityCurve::default(), Seed(2), 5);
/// let text = draw_ascii(&floor);
/// let lines: Vec<&str> = text.lines().collect();
/// assert_eq!(lines[0], "maze floor 5: 21x15, intensity 0.20");
/// assert_eq!(lines.len(), 16);
/// assert_eq!(lines[2].chars().nth(1), Some('S'));
/// assert_eq!(text.matches('*').count(), 3);
/// ```
pub fn draw_ascii(floor: &MazeFloor) -> String {
    let grid = &floor.grid;
    let mut out =
        format!("maze floor {}: {}x{}, intensity {:.2}\n", floor.floor, grid.width, grid.height, floor.intensity);
    out.reserve((grid.width + 1) * grid.height);
    let marks = marks(floor, true);
    for row in marks.chunks(grid.width.max(1)).take(grid.height) {
        out.extend(row.iter().map(|&m| match m {
            Mark::Wall => '#',
            Mark::Open => '.',
            Mark::Token => 'o',
            Mark::PowerUp => 'P',
            Mark::Star => '*',
            Mark::Hazard => 'H',
            Mark::Start => 'S',
        }));
        out.push('\n');
    }
    out
}

/// The food palette: chocolate walls on a cream floor, so every marker reads against both.
const WALL: [u8; 3] = [74, 44, 28]; // dark chocolate
const FLOOR: [u8; 3] = [250, 238, 214]; // cream
const START: [u8; 3] = [64, 178, 120]; // mint
const TOKEN: [u8; 3] = [232, 140, 40]; // caramel
const STAR: [u8; 3] = [255, 200, 20]; // golden syrup
const HAZARD: [u8; 3] = [214, 48, 40]; // tomato
const POWER_UP: [u8; 3] = [88, 72, 196]; // blueberry

/// Colour and shape of a marker: a point `(u, v)` measured from the cell's centre in cell
/// widths (−0.5 to 0.5) is coloured when inside the shape.
fn marker(mark: Mark, u: f32, v: f32) -> Option<[u8; 3]> {
    let round = |r: f32| u * u + v * v <= r * r;
    let inside = match mark {
        Mark::Wall | Mark::Open => false,
        Mark::Token => round(0.17),
        Mark::PowerUp => round(0.36),
        Mark::Star => u.abs() + v.abs() <= 0.44,
        Mark::Hazard => round(0.42),
        Mark::Start => u.abs().max(v.abs()) <= 0.38,
    };
    inside.then_some(match mark {
        Mark::Token => TOKEN,
        Mark::PowerUp => POWER_UP,
        Mark::Star => STAR,
        Mark::Hazard => HAZARD,
        _ => START,
    })
}

/// The floor as an RGB8 image, `cell_px` pixels a cell (at least 1): `(width, height, pixels)`,
/// rows top to bottom. A marker always covers its cell's centre pixel, so even at one pixel a
/// cell every pick-up shows.
///
/// ```
/// use seedfeast_procgen::{IntensityCurve, Seed, maze::{MazeTuning, generate_floor, to_rgb}};
/// let floor = generate_floor(&MazeTuning::default(), &IntensityCurve::default(), Seed(2), 5);
/// let (w, h, rgb) = to_rgb(&floor, 8);
/// assert_eq!((w, h, rgb.len()), (21 * 8, 15 * 8, 21 * 8 * 15 * 8 * 3));
/// assert_eq!(&rgb[..3], &[74, 44, 28]); // the top-left corner is wall
/// ```
pub fn to_rgb(floor: &MazeFloor, cell_px: usize) -> (u32, u32, Vec<u8>) {
    rgb(floor, cell_px, true)
}

/// The size [`to_rgb`] draws `floor` at, `(width, height)`, worked out without drawing it.
pub fn picture_size(floor: &MazeFloor, cell_px: usize) -> (u64, u64) {
    let px = cell_px.max(1) as u64;
    (floor.grid.width as u64 * px, floor.grid.height as u64 * px)
}

/// [`to_rgb`], the start drawn or not (a floor part-made has none yet).
pub(crate) fn rgb(floor: &MazeFloor, cell_px: usize, show_start: bool) -> (u32, u32, Vec<u8>) {
    let px = cell_px.max(1);
    let grid = &floor.grid;
    let (width, height) = (grid.width * px, grid.height * px);
    let marks = marks(floor, show_start);
    // One cell's pixels per mark, worked out once: the picture is then row copies.
    let tile = |mark: Mark| -> Vec<[u8; 3]> {
        let ground = if mark == Mark::Wall { WALL } else { FLOOR };
        (0..px * px)
            .map(|i| {
                let (u, v) = (((i % px) as f32 + 0.5) / px as f32 - 0.5, ((i / px) as f32 + 0.5) / px as f32 - 0.5);
                marker(mark, u, v).unwrap_or(ground)
            })
            .collect()
    };
    let all = [Mark::Wall, Mark::Open, Mark::Token, Mark::PowerUp, Mark::Star, Mark::Hazard, Mark::Start];
    let tiles: Vec<Vec<[u8; 3]>> = all.iter().map(|&m| tile(m)).collect();
    let mut rgb = Vec::with_capacity(width * height * 3);
    for y in 0..height {
        let (row, dy) = (y / px, y % px);
        for x in 0..grid.width {
            let mark = marks[row * grid.width + x];
            // `all` lists the marks in declaration order, so a mark's number is its tile.
            let t = &tiles[mark as usize];
            for pixel in &t[dy * px..(dy + 1) * px] {
                rgb.extend_from_slice(pixel);
            }
        }
    }
    (width as u32, height as u32, rgb)
}
