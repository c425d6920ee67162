//! A side view of a Runner track as an RGB8 picture: sky, ground with frosting, gaps, ledges,
//! forks and food, with a thin line at each chunk boundary.

use crate::food::FoodKind;
use crate::runner::PlacedChunk;
use crate::runner::library::PLATFORM_THICKNESS;

/// World units per pixel, both ways.
pub(crate) const UNITS_PER_PIXEL: f32 = 4.0;
/// Pixels from top to bottom: world heights from `BELOW` under the ground up to the sky.
pub const HEIGHT: u32 = 160;
/// World units shown below the ground surface.
const BELOW: f32 = 80.0;
/// Hazards stand this tall (as in the game).
const HAZARD_HEIGHT: f32 = 30.0;

const SKY: [u8; 3] = [254, 239, 217];
const GROUND: [u8; 3] = [112, 69, 43];
const FROSTING: [u8; 3] = [245, 140, 168];
const LEDGE: [u8; 3] = [222, 163, 89];
const FORK: [u8; 3] = [133, 143, 158];
const BOUNDARY: [u8; 3] = [235, 215, 190];

fn food_colour(kind: FoodKind) -> [u8; 3] {
    match kind {
        FoodKind::Apple => [219, 41, 41],
        FoodKind::Cherry => [158, 13, 46],
        FoodKind::Donut => [245, 122, 179],
        FoodKind::Pizza => [250, 189, 56],
        FoodKind::Cake => [120, 60, 160],
    }
}

/// The size [`track_rgb`] draws `track` at, `(width, height)`, worked out without drawing it.
pub fn track_size(track: &[PlacedChunk]) -> (u64, u64) {
    let origin = track.first().map_or(0.0, |c| c.x);
    let end = track.last().map_or(origin + 1.0, |c| c.x + c.width);
    ((((end - origin) / UNITS_PER_PIXEL).ceil() as u64).max(1), u64::from(HEIGHT))
}

/// The track as `(width, height, pixels)`, rows top to bottom; x from the first chunk's left edge.
///
/// ```
/// use seedfeast_procgen::{Seed, physics::JumpReach, runner::{RunnerConfig, generate_track, picture::track_rgb}};
/// let config = RunnerConfig::default();
/// let track = generate_track(&config, JumpReach::of(&config.tuning), Seed(3), 4);
/// let (w, h, rgb) = track_rgb(&track);
/// assert_eq!((w, h), (4 * 960 / 4, 160));
/// assert_eq!(rgb.len(), (w * h * 3) as usize);
/// ```
pub fn track_rgb(track: &[PlacedChunk]) -> (u32, u32, Vec<u8>) {
    let origin = track.first().map_or(0.0, |c| c.x);
    let (width, height) = track_size(track);
    let (width, height) = (width as usize, height as usize);
    let mut rgb: Vec<u8> = SKY.iter().copied().cycle().take(width * height * 3).collect();
    let top = height as f32 * UNITS_PER_PIXEL - BELOW;
    // World box [x0, x1] × [y0, y1] (y up from the ground) to pixels, at least one pixel each way.
    let mut paint = |x0: f32, x1: f32, y0: f32, y1: f32, colour: [u8; 3]| {
        let c0 = ((x0 - origin) / UNITS_PER_PIXEL).max(0.0) as usize;
        let c1 = (((x1 - origin) / UNITS_PER_PIXEL).max(0.0) as usize).max(c0 + 1).min(width);
        let r0 = ((top - y1) / UNITS_PER_PIXEL).max(0.0) as usize;
        let r1 = (((top - y0) / UNITS_PER_PIXEL).max(0.0) as usize).max(r0 + 1).min(height);
        for row in r0..r1 {
            for col in c0..c1 {
                rgb[(row * width + col) * 3..][..3].copy_from_slice(&colour);
            }
        }
    };
    for chunk in track {
        paint(chunk.x, chunk.x + 1.0, -BELOW, top, BOUNDARY);
        for span in chunk.ground.iter().filter(|s| s.width > 0.0) {
            paint(span.x, span.end(), -BELOW, 0.0, GROUND);
            paint(span.x, span.end(), -8.0, 0.0, FROSTING);
        }
        for platform in &chunk.platforms {
            paint(platform.x, platform.x + platform.width, platform.y - PLATFORM_THICKNESS, platform.y, LEDGE);
        }
        for hazard in &chunk.hazards {
            paint(hazard.x, hazard.end(), 0.0, HAZARD_HEIGHT, FORK);
        }
        for food in &chunk.food {
            paint(food.x - 8.0, food.x + 8.0, food.y + 6.0, food.y + 22.0, food_colour(food.kind));
        }
    }
    (width as u32, height as u32, rgb)
}
