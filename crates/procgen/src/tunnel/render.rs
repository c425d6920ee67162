//! Pictures of a run of gates for designers and tests: text, and an RGB8 buffer the CLI encodes
//! as PNG. Both need the screen height, which the gates don't carry.
//!
//! Text: one column per 25 world units of x, one row per 30 units of height, the top row at the
//! top of the screen. `#` a gate's wall, `-` its gap's centre, a space the rest of its gap,
//! `>` the flyer's start (x = 0, level with the first gap), `.` open sky.

use crate::tunnel::{Gate, star_field};

/// World units per text column and per text row.
pub(crate) const TEXT_CELL: (f32, f32) = (25.0, 30.0);

/// The gates as text under a header, from x = 0 to one column past the last gate.
///
/// ```
/// use seedfeast_procgen::{IntensityCurve, Seed, physics::FlyerReach, tunnel::{TunnelTuning, draw_tunnel, generate_gates}};
/// let tuning = TunnelTuning::default();
/// let gates = generate_gates(&tuning, &IntensityCurve::default(), FlyerReach::of(&tuning), Seed(4), 12, false);
/// let text = draw_tunnel(&gates, tuning.screen_height);
/// let lines: Vec<&str> = text.lines().collect();
/// assert_eq!(lines[0], "tunnel: 12 gates, screen 720, x 0 to 3758, 25 units a column, 30 a row");
/// assert_eq!(lines.len(), 1 + 24);
/// assert_eq!(lines[1 + 12].chars().next(), Some('>'));
/// assert_eq!(text.matches('-').count(), 12);
/// ```
pub fn draw_tunnel(gates: &[Gate], screen_height: f32) -> String {
    let end = gates.last().map_or(0.0, |g| g.x);
    let cols = (end / TEXT_CELL.0) as usize + 2;
    let rows = ((screen_height / TEXT_CELL.1).ceil().max(1.0)) as usize;
    let mut grid = vec!['.'; cols * rows];
    // Row r holds heights from screen_height − (r + 1) × 30 to screen_height − r × 30.
    let row_of = |y: f32| ((screen_height - y) / TEXT_CELL.1).max(0.0).min((rows - 1) as f32) as usize;
    grid[row_of(screen_height / 2.0) * cols] = '>';
    for gate in gates {
        let col = ((gate.x / TEXT_CELL.0).max(0.0) as usize).min(cols - 1);
        let (bottom, top) = (gate.gap_center - gate.gap_height / 2.0, gate.gap_center + gate.gap_height / 2.0);
        for row in 0..rows {
            let y = screen_height - (row as f32 + 0.5) * TEXT_CELL.1;
            grid[row * cols + col] = if (bottom..=top).contains(&y) { ' ' } else { '#' };
        }
        grid[row_of(gate.gap_center) * cols + col] = '-';
    }
    let mut out = format!(
        "tunnel: {} gates, screen {screen_height}, x 0 to {}, {} units a column, {} a row\n",
        gates.len(),
        end.round(),
        TEXT_CELL.0,
        TEXT_CELL.1
    );
    for row in grid.chunks(cols) {
        out.extend(row);
        out.push('\n');
    }
    out
}

const SKY: [u8; 3] = [18, 20, 48];
const WALL: [u8; 3] = [96, 168, 72]; // celery
const CENTRE: [u8; 3] = [255, 200, 20]; // golden syrup
const START: [u8; 3] = [240, 120, 160]; // strawberry
/// Gates are drawn this wide, in world units (the model treats them as thin lines).
const WALL_WIDTH: f32 = 12.0;

/// The size [`tunnel_rgb`] draws `gates` at, `(width, height)`, worked out without drawing them.
pub fn tunnel_size(gates: &[Gate], screen_height: f32, px_per_unit: f32) -> (u64, u64) {
    let scale = if px_per_unit > 0.0 && px_per_unit.is_finite() { px_per_unit } else { 1.0 };
    let world_width = gates.last().map_or(0.0, |g| g.x) + 100.0;
    (((world_width * scale).round() as u64).max(1), ((screen_height * scale).round() as u64).max(1))
}

/// The gates as an RGB8 image at `px_per_unit` pixels per world unit, from x = 0 to 100 units
/// past the last gate: `(width, height, pixels)`, rows top to bottom. A night sky with the fixed
/// star field, each gate a wall with its gap cut out and a dot at the gap's centre, and the
/// flyer's start.
///
/// ```
/// use seedfeast_procgen::{IntensityCurve, Seed, physics::FlyerReach, tunnel::{TunnelTuning, generate_gates, tunnel_rgb}};
/// let tuning = TunnelTuning::default();
/// let gates = generate_gates(&tuning, &IntensityCurve::default(), FlyerReach::of(&tuning), Seed(4), 5, false);
/// let (w, h, rgb) = tunnel_rgb(&gates, tuning.screen_height, 0.5);
/// assert_eq!(h, 360);
/// assert_eq!(w, ((gates[4].x + 100.0) * 0.5).round() as u32);
/// assert_eq!(rgb.len(), (w * h * 3) as usize);
/// ```
pub fn tunnel_rgb(gates: &[Gate], screen_height: f32, px_per_unit: f32) -> (u32, u32, Vec<u8>) {
    let scale = if px_per_unit > 0.0 && px_per_unit.is_finite() { px_per_unit } else { 1.0 };
    let world_width = gates.last().map_or(0.0, |g| g.x) + 100.0;
    let (width, height) = tunnel_size(gates, screen_height, px_per_unit);
    let (width, height) = (width as usize, height as usize);
    let mut rgb: Vec<u8> = SKY.iter().copied().cycle().take(width * height * 3).collect();
    let paint = |x0: f32, x1: f32, y0: f32, y1: f32, colour: [u8; 3], rgb: &mut Vec<u8>| {
        // World rectangle [x0, x1] × [y0, y1] (y up) to pixels, at least one pixel each way.
        let (c0, c1) =
            ((x0 * scale).max(0.0) as usize, ((x1 * scale).max(0.0) as usize).max((x0 * scale) as usize + 1));
        let (r0, r1) = (
            ((screen_height - y1) * scale).max(0.0) as usize,
            (((screen_height - y0) * scale).max(0.0) as usize).max(((screen_height - y1) * scale) as usize + 1),
        );
        for row in r0..r1.min(height) {
            for col in c0..c1.min(width) {
                rgb[(row * width + col) * 3..][..3].copy_from_slice(&colour);
            }
        }
    };
    // One star per 3,000 square units of screen: the same sky behind every level.
    let stars = star_field((world_width * screen_height / 3000.0) as usize, world_width, screen_height);
    for star in &stars {
        let level = (star.brightness * 255.0) as u8;
        paint(
            star.x,
            star.x + star.size,
            star.y,
            star.y + star.size,
            [level, level, level.saturating_sub(20)],
            &mut rgb,
        );
    }
    for gate in gates {
        let (x0, x1) = (gate.x - WALL_WIDTH / 2.0, gate.x + WALL_WIDTH / 2.0);
        let (bottom, top) = (gate.gap_center - gate.gap_height / 2.0, gate.gap_center + gate.gap_height / 2.0);
        paint(x0, x1, 0.0, bottom, WALL, &mut rgb);
        paint(x0, x1, top, screen_height, WALL, &mut rgb);
        paint(gate.x - 3.0, gate.x + 3.0, gate.gap_center - 3.0, gate.gap_center + 3.0, CENTRE, &mut rgb);
    }
    let mid = screen_height / 2.0;
    paint(0.0, 16.0, mid - 8.0, mid + 8.0, START, &mut rgb);
    (width as u32, height as u32, rgb)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::physics::FlyerReach;
    use crate::tunnel::{TunnelTuning, generate_gates};
    use crate::{IntensityCurve, Seed};

    #[test]
    fn every_gap_shows_in_its_column() {
        let tuning = TunnelTuning::default();
        let gates = generate_gates(&tuning, &IntensityCurve::default(), FlyerReach::of(&tuning), Seed(11), 40, true);
        let text = draw_tunnel(&gates, 720.0);
        let body: Vec<Vec<char>> = text.lines().skip(1).map(|l| l.chars().collect()).collect();
        for gate in &gates {
            let col = (gate.x / 25.0) as usize;
            let column: String = body.iter().map(|row| row[col]).collect();
            assert_eq!(column.matches('-').count(), 1, "{column:?}");
            let open = column.chars().filter(|&c| c == ' ' || c == '-').count() as f32;
            assert!((open * 30.0 - gate.gap_height).abs() <= 30.0, "{column:?} for {gate:?}");
        }
        let (w, h, rgb) = tunnel_rgb(&gates, 720.0, 0.25);
        let pixel = |x: f32, y: f32| {
            let (col, row) = ((x * 0.25) as usize, ((720.0 - y) * 0.25) as usize);
            assert!(col < w as usize && row < h as usize);
            rgb[(row * w as usize + col) * 3..][..3].to_vec()
        };
        let gate = &gates[7];
        assert_eq!(pixel(gate.x, gate.gap_center), CENTRE);
        assert_eq!(pixel(gate.x, 1.0), WALL);
        assert_eq!(pixel(gate.x, gate.gap_center + gate.gap_height / 2.0 + 10.0), WALL);
    }
}
