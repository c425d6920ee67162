//! Distributions of a metric over many levels, kept per worker and merged: count, exact min, max
//! and mean, and a median from every value kept as `f32` (4 bytes a level: 20 MB for five
//! million levels, where levels themselves are never kept).

use serde::Serialize;

/// The values one metric took.
#[derive(Clone, Debug, Default)]
pub struct Distribution {
    count: u64,
    /// Values that were NaN or infinite: left out of every figure, and counted.
    non_finite: u64,
    min: f64,
    max: f64,
    sum: f64,
    /// Every finite value, for the median. `f32` keeps 7 significant digits, more than any
    /// figure printed.
    values: Vec<f32>,
}

/// What a sweep reports for a metric (the JSON's `{"min", "median", "max", "mean"}`).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Summary {
    pub min: f64,
    pub median: f64,
    pub max: f64,
    pub mean: f64,
}

impl Distribution {
    pub fn add(&mut self, value: f64) {
        if !value.is_finite() {
            self.non_finite += 1;
            return;
        }
        if self.count == 0 {
            (self.min, self.max) = (value, value);
        } else {
            self.min = self.min.min(value);
            self.max = self.max.max(value);
        }
        self.count += 1;
        self.sum += value;
        self.values.push(value as f32);
    }

    /// Adds every value of `other` (worker accumulators meet this way).
    pub fn merge(&mut self, mut other: Distribution) {
        if other.count > 0 {
            if self.count == 0 {
                (self.min, self.max) = (other.min, other.max);
            } else {
                self.min = self.min.min(other.min);
                self.max = self.max.max(other.max);
            }
        }
        self.count += other.count;
        self.non_finite += other.non_finite;
        self.sum += other.sum;
        self.values.append(&mut other.values);
    }

    /// Finite values seen.
    pub fn count(&self) -> u64 {
        self.count
    }

    /// NaN or infinite values seen (a metric should never give one).
    pub fn non_finite(&self) -> u64 {
        self.non_finite
    }

    /// Min, median (the mean of the two middle values for an even count), max and mean; `None`
    /// without a finite value. Sorts the kept values, whatever order workers merged them in,
    /// so the figures don't depend on the thread count.
    pub fn summary(&mut self) -> Option<Summary> {
        if self.count == 0 {
            return None;
        }
        self.values.sort_unstable_by(f32::total_cmp);
        let n = self.values.len();
        let median = if n % 2 == 1 {
            f64::from(self.values[n / 2])
        } else {
            (f64::from(self.values[n / 2 - 1]) + f64::from(self.values[n / 2])) / 2.0
        };
        Some(Summary { min: self.min, median, max: self.max, mean: self.sum / self.count as f64 })
    }
}

/// Every metric's distribution, in the order the levels report them.
#[derive(Clone, Debug, Default)]
pub struct Metrics {
    entries: Vec<(&'static str, Distribution)>,
}

impl Metrics {
    pub fn add(&mut self, name: &'static str, value: f64) {
        match self.entries.iter_mut().find(|(n, _)| *n == name) {
            Some((_, distribution)) => distribution.add(value),
            None => {
                let mut distribution = Distribution::default();
                distribution.add(value);
                self.entries.push((name, distribution));
            }
        }
    }

    pub fn merge(&mut self, other: Metrics) {
        for (name, distribution) in other.entries {
            match self.entries.iter_mut().find(|(n, _)| *n == name) {
                Some((_, mine)) => mine.merge(distribution),
                None => self.entries.push((name, distribution)),
            }
        }
    }

    pub fn entries_mut(&mut self) -> impl Iterator<Item = (&'static str, &mut Distribution)> {
        self.entries.iter_mut().map(|(name, d)| (*name, d))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_of_odd_and_even_counts() {
        let mut d = Distribution::default();
        for v in [5.0, 1.0, 3.0] {
            d.add(v);
        }
        assert_eq!(d.summary(), Some(Summary { min: 1.0, median: 3.0, max: 5.0, mean: 3.0 }));
        d.add(7.0);
        assert_eq!(d.summary().map(|s| s.median), Some(4.0));
        assert_eq!(Distribution::default().summary(), None);
    }

    #[test]
    fn merging_in_any_order_gives_the_same_figures() {
        let values: Vec<f64> = (0..101).map(|i| f64::from((i * 37) % 101) / 4.0).collect();
        let mut whole = Distribution::default();
        values.iter().for_each(|&v| whole.add(v));
        let (mut a, mut b) = (Distribution::default(), Distribution::default());
        values[..30].iter().for_each(|&v| a.add(v));
        values[30..].iter().for_each(|&v| b.add(v));
        b.merge(a);
        assert_eq!(b.summary(), whole.summary());
        assert_eq!(whole.summary().map(|s| (s.min, s.median, s.max)), Some((0.0, 12.5, 25.0)));
    }

    #[test]
    fn non_finite_values_are_counted_not_mixed_in() {
        let mut d = Distribution::default();
        d.add(f64::NAN);
        d.add(2.0);
        d.add(f64::INFINITY);
        assert_eq!((d.count(), d.non_finite()), (1, 2));
        assert_eq!(d.summary(), Some(Summary { min: 2.0, median: 2.0, max: 2.0, mean: 2.0 }));
    }

    #[test]
    fn metrics_keep_first_seen_order() {
        let mut m = Metrics::default();
        m.add("b", 1.0);
        m.add("a", 2.0);
        let mut other = Metrics::default();
        other.add("a", 4.0);
        other.add("c", 0.0);
        m.merge(other);
        let names: Vec<&str> = m.entries_mut().map(|(n, _)| n).collect();
        assert_eq!(names, ["b", "a", "c"]);
        let a = m.entries_mut().find(|(n, _)| *n == "a").and_then(|(_, d)| d.summary());
        assert_eq!(a.map(|s| s.mean), Some(3.0));
    }
}
