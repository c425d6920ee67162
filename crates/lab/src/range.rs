//! Expressive range (Smith & Whitehead, 2010): two metrics of one level per seed over many
//! seeds, binned into a 2D histogram.
//!
//! Bins: a metric whose values sit on a lattice (whole numbers, or shares such as `k / 200`) of
//! at most [`MAX_LATTICE_BINS`] steps gets one bin per lattice point, centred on it; any other
//! gets [`BINS`] equal bins from its smallest to its largest value (the largest falls in the
//! last bin); a metric with one value gets one bin. The CSV holds every bin, empty ones too, so
//! its counts add up to the seed count.

use std::fmt::Write as _;

use rayon::prelude::*;
use seedfeast_procgen::{DataSet, Seed};

use crate::modes::LabMode;
use crate::sweep::reproduce;

/// Bins per axis for a continuous metric.
pub const BINS: usize = 40;
/// The most one-per-value bins an axis of lattice values gets.
pub const MAX_LATTICE_BINS: usize = 60;

/// One point per seed: the two metrics of that seed's range level.
#[derive(Clone, Debug, PartialEq)]
pub struct Points {
    pub x: Vec<f64>,
    pub y: Vec<f64>,
}

/// The (x, y) metrics of seeds `start .. start + seeds` of `mode` (its [`LabMode::range_request`]
/// level each), on the current rayon pool, in seed order.
pub fn collect(
    mode: &LabMode,
    data: &DataSet,
    (x_name, y_name): (&str, &str),
    start: u64,
    seeds: u64,
) -> Result<Points, String> {
    let pairs: Result<Vec<(f64, f64)>, String> = (0..seeds)
        .into_par_iter()
        .map(|i| {
            let request = mode.range_request(Seed(start + i));
            let command = || reproduce(mode.key, &request, None);
            let level = mode.generator.generate(data, &request).map_err(|e| format!("{}: {e}", command()))?;
            let metrics = level.metrics();
            let value = |name: &str| {
                let value = metrics.iter().find(|(n, _)| *n == name).map(|(_, v)| *v);
                match value {
                    Some(v) if v.is_finite() => Ok(v),
                    Some(v) => Err(format!("metric {name} is {v} for {}", command())),
                    None => Err(format!("{} has no metric {name}", mode.key)),
                }
            };
            Ok((value(x_name)?, value(y_name)?))
        })
        .collect();
    let (x, y) = pairs?.into_iter().unzip();
    Ok(Points { x, y })
}

/// Equal-width bin edges over one metric's values (see the module docs).
#[derive(Clone, Debug, PartialEq)]
pub struct Axis {
    pub edges: Vec<f64>,
}

impl Axis {
    pub fn of(values: &[f64]) -> Axis {
        let lo = values.iter().copied().fold(f64::INFINITY, f64::min);
        let hi = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        if !(lo.is_finite() && hi.is_finite()) {
            return Axis { edges: vec![-0.5, 0.5] };
        }
        if hi == lo {
            return Axis { edges: vec![lo - 0.5, hi + 0.5] };
        }
        if let Some(step) = lattice_step(values, lo, hi) {
            let n = ((hi - lo) / step).round() as usize + 1;
            return Axis { edges: (0..=n).map(|i| lo + (i as f64 - 0.5) * step).collect() };
        }
        Axis { edges: (0..=BINS).map(|i| lo + (hi - lo) * i as f64 / BINS as f64).collect() }
    }

    /// `bins` equal bins from `low` to `high` whatever the values, so that plots compare (the
    /// code puzzle's axes are the May's Journey paper's Figure 3's). Values past either end
    /// fall in the end bins; [`Axis::contains`] tells them apart.
    pub fn fixed(low: f64, high: f64, bins: usize) -> Axis {
        assert!(low < high && bins > 0, "a fixed axis needs low < high and a bin");
        Axis { edges: (0..=bins).map(|i| low + (high - low) * i as f64 / bins as f64).collect() }
    }

    /// Whether `value` lies on the axis (its ends included).
    pub fn contains(&self, value: f64) -> bool {
        (self.low()..=self.high()).contains(&value)
    }

    pub fn bins(&self) -> usize {
        self.edges.len() - 1
    }

    pub fn low(&self) -> f64 {
        self.edges[0]
    }

    pub fn high(&self) -> f64 {
        self.edges[self.bins()]
    }

    /// The bin of `value` (values past either end go to the end bins).
    pub fn bin(&self, value: f64) -> usize {
        let t = (value - self.low()) / (self.high() - self.low()) * self.bins() as f64;
        (t.max(0.0) as usize).min(self.bins() - 1)
    }
}

/// The spacing of the lattice every value sits on, when there is one of at most
/// [`MAX_LATTICE_BINS`] points from `lo` to `hi` (the smallest gap between distinct values,
/// every value a whole number of steps from `lo` within rounding).
fn lattice_step(values: &[f64], lo: f64, hi: f64) -> Option<f64> {
    let mut distinct: Vec<f64> = Vec::new();
    for &v in values {
        if !distinct.contains(&v) {
            if distinct.len() == MAX_LATTICE_BINS {
                return None;
            }
            distinct.push(v);
        }
    }
    distinct.sort_by(f64::total_cmp);
    let step = distinct.windows(2).map(|w| w[1] - w[0]).fold(f64::INFINITY, f64::min);
    let points = (hi - lo) / step;
    let on_lattice = |v: &f64| {
        let k = (v - lo) / step;
        (k - k.round()).abs() < 1e-6 * points.max(1.0)
    };
    (points.round() < MAX_LATTICE_BINS as f64 && distinct.iter().all(on_lattice)).then_some(step)
}

/// Counts of points per (x bin, y bin).
#[derive(Clone, Debug, PartialEq)]
pub struct Histogram {
    pub x: Axis,
    pub y: Axis,
    /// Row-major by y bin: `counts[yi * x.bins() + xi]`.
    pub counts: Vec<u64>,
}

impl Histogram {
    pub fn of(points: &Points) -> Histogram {
        let (x, y) = (Axis::of(&points.x), Axis::of(&points.y));
        let mut counts = vec![0; x.bins() * y.bins()];
        for (&px, &py) in points.x.iter().zip(&points.y) {
            counts[y.bin(py) * x.bins() + x.bin(px)] += 1;
        }
        Histogram { x, y, counts }
    }

    /// Counts on given axes (a point past an axis goes to its end bin).
    pub fn with_axes(points: &Points, x: Axis, y: Axis) -> Histogram {
        let mut counts = vec![0; x.bins() * y.bins()];
        for (&px, &py) in points.x.iter().zip(&points.y) {
            counts[y.bin(py) * x.bins() + x.bin(px)] += 1;
        }
        Histogram { x, y, counts }
    }

    /// Points that lie past either axis (counted in an end bin).
    pub fn outside(&self, points: &Points) -> usize {
        points.x.iter().zip(&points.y).filter(|&(&px, &py)| !(self.x.contains(px) && self.y.contains(py))).count()
    }

    pub fn count(&self, xi: usize, yi: usize) -> u64 {
        self.counts[yi * self.x.bins() + xi]
    }

    pub fn max_count(&self) -> u64 {
        self.counts.iter().copied().max().unwrap_or(0)
    }

    /// `x_bin_low,x_bin_high,y_bin_low,y_bin_high,count`, a row per bin (empty bins too), x
    /// varying fastest.
    pub fn csv(&self) -> String {
        let mut out = String::from("x_bin_low,x_bin_high,y_bin_low,y_bin_high,count\n");
        for yi in 0..self.y.bins() {
            for xi in 0..self.x.bins() {
                let (x, y) = (&self.x.edges, &self.y.edges);
                let _ = writeln!(out, "{},{},{},{},{}", x[xi], x[xi + 1], y[yi], y[yi + 1], self.count(xi, yi));
            }
        }
        out
    }
}

/// The code puzzle's expressive range for one program, on the axes of the May's Journey paper's
/// Figure 3: the walkable share of the map from 0 to 0.5 along x, the interactable share from 0
/// to 0.1 along y.
pub mod puzzle {
    use rayon::prelude::*;
    use seedfeast_procgen::Seed;
    use seedfeast_procgen::puzzle::{GenError, GenOptions, generate, metrics};

    use super::{Axis, Histogram, Points};

    /// The x axis: walkable tiles of the solved map over the map size.
    pub const X: (&str, f64, f64) = ("walkable tiles / map size", 0.0, 0.5);
    /// The y axis: objects, plates, fire pits and rewards over the map size.
    pub const Y: (&str, f64, f64) = ("interactable tiles / map size", 0.0, 0.1);
    /// Bins per axis: 0.02 of walkable share, 0.005 of interactable share each.
    pub const BINS: (usize, usize) = (25, 20);

    /// Why no plot: the program is refused (a usage error), or a level failed to generate.
    #[derive(Debug, PartialEq)]
    pub enum RangeError {
        Code(String),
        Failed(String),
    }

    /// The (walkable, interactable) shares of the levels `code` makes from seeds `start ..
    /// start + seeds`, in seed order, on the current rayon pool.
    pub fn points(code: &str, options: &GenOptions, start: u64, seeds: u64) -> Result<Points, RangeError> {
        let pairs: Result<Vec<(f64, f64)>, RangeError> = (0..seeds)
            .into_par_iter()
            .map(|i| {
                let seed = Seed(start.wrapping_add(i));
                let level = generate(code, seed, options).map_err(|e| match e {
                    GenError::Failed(why) => RangeError::Failed(format!("seed {}: {why}", seed.0)),
                    refused => RangeError::Code(refused.to_string()),
                })?;
                let m = metrics(&level);
                let get = |name: &str| m.iter().find(|(n, _)| *n == name).map_or(f64::NAN, |(_, v)| *v);
                Ok((get("walkable"), get("interactable")))
            })
            .collect();
        let (x, y) = pairs?.into_iter().unzip();
        Ok(Points { x, y })
    }

    /// The histogram on the fixed axes.
    pub fn histogram(points: &Points) -> Histogram {
        Histogram::with_axes(points, Axis::fixed(X.1, X.2, BINS.0), Axis::fixed(Y.1, Y.2, BINS.1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lattice_values_get_a_bin_each() {
        let axis = Axis::of(&[3.0, 5.0, 4.0, 3.0]);
        assert_eq!(axis.edges, [2.5, 3.5, 4.5, 5.5]);
        assert_eq!((axis.bin(3.0), axis.bin(4.0), axis.bin(5.0)), (0, 1, 2));
        // Shares of 200 chunks: 38, 39 and 40 of them.
        let axis = Axis::of(&[38.0 / 200.0, 0.2, 39.0 / 200.0]);
        assert_eq!(axis.bins(), 3);
        assert!((axis.low() - 0.1875).abs() < 1e-12 && (axis.high() - 0.2025).abs() < 1e-12, "{axis:?}");
        assert_eq!((axis.bin(0.19), axis.bin(0.195), axis.bin(0.2)), (0, 1, 2));
        // Even numbers: a bin each, none for the odd ones between.
        assert_eq!(Axis::of(&[0.0, 4.0, 2.0]).edges, [-1.0, 1.0, 3.0, 5.0]);
    }

    #[test]
    fn continuous_values_get_equal_bins_and_the_top_is_inside() {
        let axis = Axis::of(&[0.0, 0.37, 1.0]);
        assert_eq!(axis.bins(), BINS);
        assert_eq!((axis.low(), axis.high()), (0.0, 1.0));
        assert_eq!((axis.bin(0.0), axis.bin(0.5), axis.bin(1.0)), (0, BINS / 2, BINS - 1));
        assert_eq!(Axis::of(&[0.25, 0.25]).edges, [-0.25, 0.75]);
        // A wide spread of whole numbers is binned like any other, and so are values off a lattice.
        let spread: Vec<f64> = (0..=1000).map(f64::from).collect();
        assert_eq!(Axis::of(&spread).bins(), BINS);
        assert_eq!(Axis::of(&[0.0, 0.3, 1.0]).bins(), BINS);
    }

    #[test]
    fn fixed_axes_ignore_the_values_and_count_the_points_past_them() {
        let axis = Axis::fixed(0.0, 0.5, 25);
        assert_eq!(axis.bins(), 25);
        assert_eq!((axis.low(), axis.high()), (0.0, 0.5));
        assert_eq!((axis.bin(0.0), axis.bin(0.03), axis.bin(0.5), axis.bin(0.9), axis.bin(-1.0)), (0, 1, 24, 24, 0));
        assert!(axis.contains(0.5) && axis.contains(0.0) && !axis.contains(0.51) && !axis.contains(-0.01));
        let points = Points { x: vec![0.1, 0.1, 0.7], y: vec![0.05, 0.05, 0.012] };
        let h = Histogram::with_axes(&points, axis.clone(), Axis::fixed(0.0, 0.1, 20));
        assert_eq!((h.x.bins(), h.y.bins()), (25, 20));
        assert_eq!(h.count(axis.bin(0.1), 10), 2);
        // The point past the x axis is counted in the last column, and reported.
        assert_eq!(h.count(24, 2), 1);
        assert_eq!(h.counts.iter().sum::<u64>(), 3);
        assert_eq!(h.outside(&points), 1);
    }

    #[test]
    fn a_puzzle_range_is_on_the_papers_axes_one_point_per_seed() {
        let options = seedfeast_procgen::puzzle::GenOptions::default();
        let code = "block1.move(\"left\");\ndoor1.open();";
        let points = puzzle::points(code, &options, 0, 12).unwrap();
        assert_eq!((points.x.len(), points.y.len()), (12, 12));
        assert!(points.x.iter().chain(&points.y).all(|v| v.is_finite() && *v > 0.0 && *v < 1.0), "{points:?}");
        // Not all alike: the seed varies the level.
        assert!(points.x.iter().any(|&v| v != points.x[0]) || points.y.iter().any(|&v| v != points.y[0]));
        let h = puzzle::histogram(&points);
        assert_eq!((h.x.low(), h.x.high(), h.y.low(), h.y.high()), (0.0, 0.5, 0.0, 0.1));
        assert_eq!(h.counts.iter().sum::<u64>(), 12);
        // The same seeds, the same points (levels are a function of code and seed).
        assert_eq!(puzzle::points(code, &options, 0, 12).unwrap(), points);
        let refused = puzzle::points("block1.move(\"left\")", &options, 0, 3).unwrap_err();
        assert!(matches!(&refused, puzzle::RangeError::Code(m) if m.contains("1:20")), "{refused:?}");
    }

    #[test]
    fn histogram_counts_every_point_once() {
        let points = Points { x: vec![0.0, 1.0, 1.0, 2.0], y: vec![0.1, 0.2, 0.2, 0.9] };
        let h = Histogram::of(&points);
        assert_eq!(h.counts.iter().sum::<u64>(), 4);
        assert_eq!(h.count(1, h.y.bin(0.2)), 2);
        assert_eq!(h.max_count(), 2);
        let csv = h.csv();
        // x on a lattice of 3, y of 9 (tenths from 0.1 to 0.9).
        assert_eq!((h.x.bins(), h.y.bins()), (3, 9));
        assert_eq!(csv.lines().count(), 1 + 3 * 9);
        let total: u64 = csv.lines().skip(1).map(|l| l.rsplit(',').next().unwrap().parse::<u64>().unwrap()).sum();
        assert_eq!(total, 4);
    }
}
