//! The floor tint: two fields of fractal (fBm) Perlin noise from the `fastnoise-lite` crate,
//! `elevation` and `moisture`, sampled on a coarse grid and normalised to [0, 1].
//!
//! Cosmetic only. Noise code uses float operations whose last bits may differ between platforms
//! and releases, so the tint is left out of every golden test and digest; nothing that decides
//! play (items, spacing, hazards, food) reads it.

use fastnoise_lite::{FastNoiseLite, FractalType, NoiseType};
use serde::Serialize;

use crate::Seed;
use crate::arena::ArenaTuning;
use crate::arena::tuning::MAX_TINT_SIDE;
use crate::rng::{GenRng, Subsystem, stream};

/// Two noise fields on a `cols × rows` grid, row-major; row 0 runs along the bottom edge
/// (y = 0) and column 0 along the left, each cell sampled at its centre. Values are in [0, 1].
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TintField {
    pub cols: usize,
    pub rows: usize,
    pub elevation: Vec<f32>,
    pub moisture: Vec<f32>,
}

impl TintField {
    /// The (elevation, moisture) of the cell holding world point (x, y) on a `width × height`
    /// floor; points outside are read at the nearest edge cell.
    pub fn at(&self, x: f32, y: f32, width: f32, height: f32) -> (f32, f32) {
        if self.cols == 0 || self.rows == 0 {
            return (0.5, 0.5);
        }
        let col = ((x / width * self.cols as f32).max(0.0) as usize).min(self.cols - 1);
        let row = ((y / height * self.rows as f32).max(0.0) as usize).min(self.rows - 1);
        let i = row * self.cols + col;
        (self.elevation[i], self.moisture[i])
    }

    /// Like [`at`](Self::at), blended bilinearly between the four nearest cell centres (for
    /// pictures; still in [0, 1]).
    pub fn blended(&self, x: f32, y: f32, width: f32, height: f32) -> (f32, f32) {
        if self.cols == 0 || self.rows == 0 {
            return (0.5, 0.5);
        }
        // Position in cell units, measured from the first cell's centre.
        let u = (x / width * self.cols as f32 - 0.5).clamp(0.0, (self.cols - 1) as f32);
        let v = (y / height * self.rows as f32 - 0.5).clamp(0.0, (self.rows - 1) as f32);
        let (c0, r0) = (u as usize, v as usize);
        let (c1, r1) = ((c0 + 1).min(self.cols - 1), (r0 + 1).min(self.rows - 1));
        let (fu, fv) = (u - c0 as f32, v - r0 as f32);
        let mix = |field: &[f32]| {
            let at = |c: usize, r: usize| field[r * self.cols + c];
            let bottom = at(c0, r0) + (at(c1, r0) - at(c0, r0)) * fu;
            let top = at(c0, r1) + (at(c1, r1) - at(c0, r1)) * fu;
            (bottom + (top - bottom) * fv).clamp(0.0, 1.0)
        };
        (mix(&self.elevation), mix(&self.moisture))
    }
}

/// Noise seeds are drawn from disjoint ranges: fBm seeds its octaves `seed, seed + 1, …`, so two
/// fields must not start within 16 of each other or they would share octaves and line up.
const ELEVATION_SEEDS: (usize, u32) = (1 << 30, 0);
const MOISTURE_SEEDS: (usize, u32) = ((1 << 30) - 64, 1 << 30);

/// The floor tint of a run (the same under every wave), from its own stream (`ArenaNoise`,
/// index 0). Sizes beyond [`MAX_TINT_SIDE`] are read as that size.
///
/// Normalisation: each field is stretched so the lowest sample of its grid is 0 and the highest
/// is 1 (a constant field, such as a 1×1 grid, is 0.5 everywhere). The range of fBm noise
/// depends on its octaves and persistence; per-grid min/max always uses the whole tint range.
///
/// ```
/// use seedfeast_procgen::{Seed, arena::{ArenaTuning, tint_field}};
/// let tint = tint_field(&ArenaTuning::default(), Seed(5));
/// assert_eq!((tint.cols, tint.rows, tint.elevation.len()), (48, 27, 48 * 27));
/// assert!(tint.elevation.iter().chain(&tint.moisture).all(|v| (0.0..=1.0).contains(v)));
/// assert_ne!(tint.elevation, tint.moisture);
/// ```
pub fn tint_field(tuning: &ArenaTuning, seed: Seed) -> TintField {
    let (cols, rows) = (tuning.tint_cols.min(MAX_TINT_SIDE), tuning.tint_rows.min(MAX_TINT_SIDE));
    let mut rng = stream(seed, Subsystem::ArenaNoise, 0);
    let elevation = field(tuning, cols, rows, ELEVATION_SEEDS, &mut rng);
    let moisture = field(tuning, cols, rows, MOISTURE_SEEDS, &mut rng);
    TintField { cols, rows, elevation, moisture }
}

fn field(tuning: &ArenaTuning, cols: usize, rows: usize, seeds: (usize, u32), rng: &mut impl GenRng) -> Vec<f32> {
    // Below 2³¹ by construction, so the crate's `seed + octave` never overflows an i32.
    let noise_seed = (seeds.1 + rng.below(seeds.0) as u32) as i32;
    // A random offset as well: Perlin noise is 0 on its integer lattice, and shifting each field
    // keeps the two lattices from lining up.
    let (ox, oy) = (f64::from(rng.range(0.0, 256.0)), f64::from(rng.range(0.0, 256.0)));
    let mut fbm = FastNoiseLite::with_seed(noise_seed);
    fbm.set_noise_type(Some(NoiseType::Perlin));
    fbm.set_fractal_type(Some(FractalType::FBm));
    fbm.set_fractal_octaves(Some(tuning.noise_octaves.clamp(1, 16) as i32));
    fbm.set_frequency(Some(tuning.noise_frequency as f32));
    fbm.set_fractal_lacunarity(Some(tuning.noise_lacunarity as f32));
    fbm.set_fractal_gain(Some(tuning.noise_persistence as f32));
    // Coordinates in arena widths (both axes), so features are round whatever the aspect.
    let (width, height) = (f64::from(tuning.width), f64::from(tuning.height));
    let span = if width > 0.0 { width } else { 1.0 };
    let mut values: Vec<f64> = Vec::with_capacity(cols * rows);
    for row in 0..rows {
        let y = (row as f64 + 0.5) / rows as f64 * height / span;
        for col in 0..cols {
            let x = (col as f64 + 0.5) / cols as f64 * width / span;
            let (nx, ny) = (x + ox / tuning.noise_frequency, y + oy / tuning.noise_frequency);
            values.push(f64::from(fbm.get_noise_2d(nx as f32, ny as f32)));
        }
    }
    let finite = values.iter().copied().filter(|v| v.is_finite());
    let (lo, hi) = finite.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| (lo.min(v), hi.max(v)));
    values
        .into_iter()
        .map(|v| if hi > lo && v.is_finite() { ((v - lo) / (hi - lo)).clamp(0.0, 1.0) as f32 } else { 0.5 })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn correlation(a: &[f32], b: &[f32]) -> f32 {
        let n = a.len() as f32;
        let (ma, mb) = (a.iter().sum::<f32>() / n, b.iter().sum::<f32>() / n);
        let cov: f32 = a.iter().zip(b).map(|(x, y)| (x - ma) * (y - mb)).sum();
        let va: f32 = a.iter().map(|x| (x - ma) * (x - ma)).sum();
        let vb: f32 = b.iter().map(|y| (y - mb) * (y - mb)).sum();
        cov / (va * vb).sqrt()
    }

    #[test]
    fn fields_span_the_range_and_do_not_line_up() {
        let tuning = ArenaTuning::default();
        let mut total = 0.0;
        for seed in 0..40 {
            let tint = tint_field(&tuning, Seed(seed));
            for field in [&tint.elevation, &tint.moisture] {
                let lo = field.iter().copied().fold(f32::INFINITY, f32::min);
                let hi = field.iter().copied().fold(f32::NEG_INFINITY, f32::max);
                assert_eq!((lo, hi), (0.0, 1.0));
            }
            total += correlation(&tint.elevation, &tint.moisture).abs();
        }
        assert!(total / 40.0 < 0.35, "mean |correlation| {}", total / 40.0);
    }

    #[test]
    fn neighbouring_cells_are_smooth_and_seeds_differ() {
        let tuning = ArenaTuning::default();
        let tint = tint_field(&tuning, Seed(7));
        let steps: Vec<f32> = tint.elevation.windows(2).map(|w| (w[0] - w[1]).abs()).collect();
        let mean_step = steps.iter().sum::<f32>() / steps.len() as f32;
        assert!(mean_step < 0.12, "{mean_step}");
        assert_ne!(tint, tint_field(&tuning, Seed(8)));
        assert_eq!(tint, tint_field(&tuning, Seed(7)));
    }

    #[test]
    fn a_single_cell_is_half_tone() {
        let tuning = ArenaTuning { tint_cols: 1, tint_rows: 1, ..ArenaTuning::default() };
        let tint = tint_field(&tuning, Seed(1));
        assert_eq!((tint.elevation.as_slice(), tint.moisture.as_slice()), ([0.5].as_slice(), [0.5].as_slice()));
        assert_eq!(tint.at(-5.0, 1e9, 1200.0, 680.0), (0.5, 0.5));
    }
}
