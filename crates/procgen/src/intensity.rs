//! Intensity: how hard the game pushes, in [0, 1], as a pure function of progress.
//!
//! Progress is whatever a mode counts (distance for the Runner, floors for the Maze …), so the
//! same seed always produces the same level whatever the player does. The curve is data
//! (`assets/intensity.ron`), shared by every mode; each mode says how much of its own progress
//! makes one step along the curve.

use serde::Deserialize;

use crate::tuning::{FieldError, Tuning};

/// A piecewise-linear curve through `points` (progress, intensity), flat beyond either end.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IntensityCurve {
    pub points: Vec<(f32, f32)>,
}

impl IntensityCurve {
    pub fn validate(&self) -> Result<(), FieldError> {
        if self.points.is_empty() {
            return Err(FieldError::new("points", "the curve needs at least one point"));
        }
        for (i, &(x, y)) in self.points.iter().enumerate() {
            if !x.is_finite() || !(0.0..=1.0).contains(&y) {
                return Err(FieldError::new(
                    format!("points[{i}]"),
                    format!("({x}, {y}) needs finite progress and intensity in 0..1"),
                ));
            }
            if i > 0 && x <= self.points[i - 1].0 {
                return Err(FieldError::new(
                    format!("points[{i}]"),
                    format!("progress {x} must be greater than the point before it"),
                ));
            }
        }
        Ok(())
    }

    /// Intensity at `progress`.
    ///
    /// ```
    /// use seedfeast_procgen::IntensityCurve;
    /// let curve = IntensityCurve { points: vec![(0.0, 0.1), (10.0, 0.6)] };
    /// assert_eq!(curve.at(-5.0), 0.1);
    /// assert_eq!(curve.at(5.0), 0.35);
    /// assert_eq!(curve.at(99.0), 0.6);
    /// ```
    pub fn at(&self, progress: f32) -> f32 {
        let points = &self.points;
        let Some(&(first_x, first_y)) = points.first() else {
            return 0.0;
        };
        if progress <= first_x {
            return first_y;
        }
        for pair in points.windows(2) {
            let ((x0, y0), (x1, y1)) = (pair[0], pair[1]);
            if progress <= x1 {
                return y0 + (y1 - y0) * (progress - x0) / (x1 - x0);
            }
        }
        points[points.len() - 1].1
    }
}

impl Tuning for IntensityCurve {
    const PATH: &'static str = "intensity.ron";
    const BUILT_IN: &'static str = include_str!("../../../assets/intensity.ron");

    fn check(&self) -> Result<(), FieldError> {
        self.validate()
    }
}

impl Default for IntensityCurve {
    /// The shipped data , compiled in.
    fn default() -> Self {
        Self::built_in()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shipped_curve_is_valid_and_rises() {
        let curve = IntensityCurve::default();
        assert!(curve.at(0.0) < curve.at(10.0));
        assert!((0.0..=1.0).contains(&curve.at(1e9)));
    }

    #[test]
    fn rejects_bad_curves_with_the_field() {
        let error = IntensityCurve::from_ron("(points: [(0.0, 0.2), (0.0, 0.3)])", "x.ron").unwrap_err();
        assert!(error.to_string().contains("x.ron") && error.to_string().contains("points[1]"), "{error}");
        let error = IntensityCurve::from_ron("(points: [(0.0, 1.5)])", "x.ron").unwrap_err();
        assert!(error.to_string().contains("points[0]"), "{error}");
        let error = IntensityCurve::from_ron("(points: [(0.0, 0.5)", "x.ron").unwrap_err();
        assert!(error.to_string().contains("x.ron:1:"), "{error}");
    }
}
