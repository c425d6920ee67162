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
