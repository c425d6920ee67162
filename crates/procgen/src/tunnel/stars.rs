//! The star field behind the tunnel: drawn from a fixed seed, not the level's, so it is the same
//! in every frame, level and build.

use serde::Serialize;

use crate::Seed;
use crate::rng::{GenRng, Subsystem, stream};

/// The seed of the star field, for every level.
pub const STAR_SEED: Seed = Seed(0x00F1_1E5D_57A2);

/// One star: its centre (y up from the bottom), its size in world units and its brightness in
/// [0.35, 1).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Star {
    pub x: f32,
    pub y: f32,
    pub size: f32,
    pub brightness: f32,
}

/// `count` stars over `width × height`, from the fixed `TunnelStars` stream of [`STAR_SEED`].
/// Each star draws four values in order, so the first stars of a field are the same whatever
/// `count` is. Sizes are 1 to 3 units, small ones commoner (1 + 2u²).
///
/// ```
/// use seedfeast_procgen::tunnel::star_field;
/// let stars = star_field(200, 1280.0, 720.0);
/// assert_eq!(stars.len(), 200);
/// assert_eq!(stars, star_field(200, 1280.0, 720.0));
/// assert_eq!(stars[..50], star_field(50, 1280.0, 720.0)[..]);
/// assert!(stars.iter().all(|s| (0.0..1280.0).contains(&s.x) && (0.0..720.0).contains(&s.y)));
/// assert!(stars.iter().all(|s| (1.0..3.0).contains(&s.size) && (0.35..1.0).contains(&s.brightness)));
/// ```
pub fn star_field(count: usize, width: f32, height: f32) -> Vec<Star> {
    let mut rng = stream(STAR_SEED, Subsystem::TunnelStars, 0);
    (0..count)
        .map(|_| {
            let (x, y) = (rng.range(0.0, width), rng.range(0.0, height));
            let u = rng.unit();
            Star { x, y, size: 1.0 + 2.0 * u * u, brightness: rng.range(0.35, 1.0) }
        })
        .collect()
}
