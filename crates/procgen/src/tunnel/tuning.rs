//! Flying-tunnel tuning (`assets/tunnel/tuning.ron`): the screen, how gates are sized, spaced and
//! shifted as intensity rises, the squeeze, and the flyer's physics. Heights are world units
//! measured up from the bottom of the screen; times are seconds.

use serde::{Deserialize, Serialize};

use crate::intensity::IntensityCurve;
use crate::physics::{FlyerReach, flyer_reach, step_seconds};
use crate::tuning::{FieldError, Tuning};

// Serialize: a tunnel trace's `rules` event carries the whole tuning, the numbers its rebuild reads.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct TunnelTuning {
    pub screen_height: f32,
    /// Every gap stays at least this far inside the top and the bottom of the screen.
    pub screen_margin: f32,
    /// Gap heights are drawn in [gap_min, gap_max], linear in intensity from the `_start`
    /// values (intensity 0) to the `_end` values (intensity 1).
    pub gap_min_start: f32,
    pub gap_max_start: f32,
    pub gap_min_end: f32,
    pub gap_max_end: f32,
    /// Distance from one gate to the next: drawn in [spacing_min, spacing_max], then scaled by
    /// `1 − spacing_tighten × intensity`.
    pub spacing_min: f32,
    pub spacing_max: f32,
    pub spacing_tighten: f32,
    /// Consecutive gap centres differ by at most
    /// `min(shift_screen_share × screen_height, shift_spacing_share × spacing)`.
    pub shift_screen_share: f32,
    pub shift_spacing_share: f32,
    /// Squeeze mode: a gate's gap is narrower by `squeeze_max × (intensity − squeeze_from) /
    /// (1 − squeeze_from)` (nothing below `squeeze_from`), but never below `squeeze_floor`,
    /// which must stay above twice `flyer_height`. Intensity, not the gate number, drives it.
    pub squeeze_from: f32,
    pub squeeze_max: f32,
    pub squeeze_floor: f32,
    /// The flyer's collision box height.
    pub flyer_height: f32,
    /// Downward acceleration, units / s².
    pub gravity: f32,
    /// A flap sets the upward speed to this, units / s.
    pub flap_speed: f32,
    /// The shortest time between two flaps, s.
    pub flap_interval: f32,
    /// Terminal falling speed, units / s.
    pub max_fall_speed: f32,
    /// Horizontal speed at intensity 0 and 1, units / s.
    pub horizontal_speed_min: f32,
    pub horizontal_speed_max: f32,
    /// Gates per unit of progress along the intensity curve.
    pub gates_per_step: f32,
}

impl TunnelTuning {
    /// Checks every field, then that the generator can always keep every rule: the message
    /// starts with the field's name.
    pub fn validate(&self) -> Result<(), FieldError> {
        self.check_ranges()?;
        self.check_fit()?;
        self.check_room_to_move()
    }

    /// Each field on its own: positive, in its range, and each maximum at least its minimum.
    fn check_ranges(&self) -> Result<(), FieldError> {
        let positive = [
            ("screen_height", self.screen_height),
            ("gap_min_start", self.gap_min_start),
            ("gap_min_end", self.gap_min_end),
            ("spacing_min", self.spacing_min),
            ("shift_screen_share", self.shift_screen_share),
            ("shift_spacing_share", self.shift_spacing_share),
            ("flyer_height", self.flyer_height),
            ("gravity", self.gravity),
            ("flap_speed", self.flap_speed),
            ("flap_interval", self.flap_interval),
            ("max_fall_speed", self.max_fall_speed),
            ("horizontal_speed_min", self.horizontal_speed_min),
            ("gates_per_step", self.gates_per_step),
        ];
        for (field, value) in positive {
            if !(value.is_finite() && value > 0.0) {
                return Err(FieldError::new(field, format!("{value} must be a number above 0")));
            }
        }
        if !(self.squeeze_from.is_finite() && (0.0..1.0).contains(&self.squeeze_from)) {
            return Err(FieldError::new("squeeze_from", format!("{} must be in 0..1 (1 excluded)", self.squeeze_from)));
        }
        for (field, value) in [("screen_margin", self.screen_margin), ("squeeze_max", self.squeeze_max)] {
            if !(value.is_finite() && value >= 0.0) {
                return Err(FieldError::new(field, format!("{value} must be a number, 0 or more")));
            }
        }
        let at_least = [
            ("gap_max_start", self.gap_max_start, "gap_min_start", self.gap_min_start),
            ("gap_max_end", self.gap_max_end, "gap_min_end", self.gap_min_end),
            ("spacing_max", self.spacing_max, "spacing_min", self.spacing_min),
            ("horizontal_speed_max", self.horizontal_speed_max, "horizontal_speed_min", self.horizontal_speed_min),
        ];
        for (field, value, other, bound) in at_least {
            if !(value.is_finite() && value >= bound) {
                return Err(FieldError::new(field, format!("{value} must be at least {other} ({bound})")));
            }
        }
        if !(0.0..1.0).contains(&self.spacing_tighten) {
            return Err(FieldError::new(
                "spacing_tighten",
                format!("{} must be in 0..1 (1 excluded)", self.spacing_tighten),
            ));
        }
        Ok(())
    }

    /// The fields together: the gaps fit the screen, the squeeze leaves the flyer room, and a
    /// flap climbs.
    fn check_fit(&self) -> Result<(), FieldError> {
        let room = self.screen_height - 2.0 * self.screen_margin;
        for (field, value) in [("gap_max_start", self.gap_max_start), ("gap_max_end", self.gap_max_end)] {
            if value > room {
                return Err(FieldError::new(
                    field,
                    format!("{value} does not fit the screen: at most screen_height − 2 × screen_margin ({room})"),
                ));
            }
        }
        if self.squeeze_floor.is_nan() || self.squeeze_floor <= 2.0 * self.flyer_height {
            return Err(FieldError::new(
                "squeeze_floor",
                format!("{} must be more than twice flyer_height ({})", self.squeeze_floor, self.flyer_height),
            ));
        }
        let narrowest = self.gap_min_start.min(self.gap_min_end);
        if self.squeeze_floor > narrowest {
            return Err(FieldError::new(
                "squeeze_floor",
                format!(
                    "{} must be at most the narrowest gap, min(gap_min_start, gap_min_end) ({narrowest})",
                    self.squeeze_floor
                ),
            ));
        }
        if !(self.flap_interval >= step_seconds() && self.flap_interval <= 10.0) {
            return Err(FieldError::new(
                "flap_interval",
                format!(
                    "{} must be at least one physics step ({}) and at most 10 s",
                    self.flap_interval,
                    step_seconds()
                ),
            ));
        }
        let per_flap = FlyerReach::of(self).climb_per_flap();
        if per_flap.is_nan() || per_flap <= 0.0 {
            return Err(FieldError::new(
                "flap_speed",
                format!(
                    "{} can't climb: flapping every {} s against gravity {} loses height",
                    self.flap_speed, self.flap_interval, self.gravity
                ),
            ));
        }
        Ok(())
    }

    /// Feasibility: from any gap the next gap's screen range is within reach of both the shift
    /// cap and the flyer, so the generator's allowed range is never empty. The next range starts
    /// at most `need` = (widest gap − narrowest gap) / 2 from the last centre.
    fn check_room_to_move(&self) -> Result<(), FieldError> {
        let widest = self.gap_max_start.max(self.gap_max_end);
        let narrowest = self.gap_min_start.min(self.gap_min_end);
        let need = (widest - narrowest) / 2.0;
        let shortest = self.spacing_min * (1.0 - self.spacing_tighten);
        let cap = self.shift_cap(shortest);
        if cap < need {
            return Err(FieldError::new(
                "shift_spacing_share",
                format!(
                    "the shift cap {cap} (at the shortest spacing {shortest}) is below {need}, half the \
                 spread of gap heights, so a wide gap after a narrow one might not fit"
                ),
            ));
        }
        let t = shortest / self.horizontal_speed_max;
        let flyer = FlyerReach::of(self);
        let reach = self.squeeze_floor - self.flyer_height + flyer.max_climb(t).min(flyer.max_drop(t));
        if reach < need {
            return Err(FieldError::new(
                "horizontal_speed_max",
                format!(
                    "at {} the flyer moves {reach} up or down between the closest gates, less \
                 than {need}, half the spread of gap heights",
                    self.horizontal_speed_max
                ),
            ));
        }
        Ok(())
    }

    /// Intensity at gate `index`: the curve at `index / gates_per_step`.
    pub fn intensity_at(&self, curve: &IntensityCurve, index: u32) -> f32 {
        curve.at(index as f32 / self.gates_per_step)
    }

    /// The range gap heights are drawn from at `intensity`.
    ///
    /// ```
    /// let tuning = seedfeast_procgen::tunnel::TunnelTuning::default();
    /// assert_eq!(tuning.gap_range(0.0), (135.0, 250.0));
    /// assert_eq!(tuning.gap_range(1.0), (110.0, 180.0));
    /// ```
    pub fn gap_range(&self, intensity: f32) -> (f32, f32) {
        let t = intensity.clamp(0.0, 1.0);
        (
            self.gap_min_start + (self.gap_min_end - self.gap_min_start) * t,
            self.gap_max_start + (self.gap_max_end - self.gap_max_start) * t,
        )
    }

    /// The range spacings are drawn from at `intensity`: tightened by up to `spacing_tighten`.
    ///
    /// ```
    /// let tuning = seedfeast_procgen::tunnel::TunnelTuning::default(); // 300..330, 18%
    /// assert_eq!(tuning.spacing_range(0.0), (300.0, 330.0));
    /// let (lo, hi) = tuning.spacing_range(1.0);
    /// assert!((lo - 246.0).abs() < 1e-3 && (hi - 270.6).abs() < 1e-3);
    /// ```
    pub fn spacing_range(&self, intensity: f32) -> (f32, f32) {
        let factor = self.spacing_factor(intensity);
        (self.spacing_min * factor, self.spacing_max * factor)
    }

    pub(crate) fn spacing_factor(&self, intensity: f32) -> f32 {
        1.0 - self.spacing_tighten * intensity.clamp(0.0, 1.0)
    }

    /// The largest vertical shift between consecutive gap centres `spacing` apart:
    /// `min(shift_screen_share × screen_height, shift_spacing_share × spacing)`.
    pub fn shift_cap(&self, spacing: f32) -> f32 {
        (self.shift_screen_share * self.screen_height).min(self.shift_spacing_share * spacing)
    }

    /// Horizontal speed at `intensity`, linear from min to max.
    pub fn speed_at(&self, intensity: f32) -> f32 {
        let t = intensity.clamp(0.0, 1.0);
        self.horizontal_speed_min + (self.horizontal_speed_max - self.horizontal_speed_min) * t
    }

    /// A gap of `height` at `intensity` as the flyer meets it in squeeze mode: narrowed by
    /// `squeeze_max × (intensity − squeeze_from) / (1 − squeeze_from)` once intensity passes
    /// `squeeze_from`, never below `squeeze_floor` (nor widened if already below).
    ///
    /// ```
    /// let tuning = seedfeast_procgen::tunnel::TunnelTuning::default(); // from 0.1, 100 at 1, floor 96
    /// assert_eq!(tuning.squeezed(200.0, 0.05), 200.0);
    /// assert_eq!(tuning.squeezed(200.0, 0.55), 150.0);
    /// assert_eq!(tuning.squeezed(150.0, 1.0), 96.0);
    /// ```
    pub fn squeezed(&self, height: f32, intensity: f32) -> f32 {
        let narrowed = height - self.squeeze_by(intensity);
        narrowed.max(self.squeeze_floor.min(height))
    }

    /// How much the squeeze narrows a gap at `intensity`, before the floor:
    /// `squeeze_max × (intensity − squeeze_from) / (1 − squeeze_from)`, 0 below `squeeze_from`.
    /// One function for [`TunnelTuning::squeezed`] and the trace's caption, so their bits agree.
    pub(crate) fn squeeze_by(&self, intensity: f32) -> f32 {
        let t = ((intensity.clamp(0.0, 1.0) - self.squeeze_from) / (1.0 - self.squeeze_from)).max(0.0);
        self.squeeze_max * t
    }
}

impl FlyerReach {
    /// The reach of the flyer a tunnel tuning describes (physics knows no mode: the tunnel says
    /// which of its numbers are the flight's).
    pub fn of(tuning: &TunnelTuning) -> FlyerReach {
        flyer_reach(tuning.gravity, tuning.flap_speed, tuning.flap_interval, tuning.max_fall_speed)
    }
}

impl Tuning for TunnelTuning {
    const PATH: &'static str = "tunnel/tuning.ron";
    const BUILT_IN: &'static str = include_str!("../../../../assets/tunnel/tuning.ron");

    fn check(&self) -> Result<(), FieldError> {
        self.validate()
    }
}

impl Default for TunnelTuning {
    /// The shipped data , compiled in.
    fn default() -> Self {
        Self::built_in()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shipped_tuning_is_the_documented_one() {
        let t = TunnelTuning::default();
        assert_eq!((t.screen_height, t.gap_min_start, t.gap_max_start), (720.0, 135.0, 250.0));
        assert_eq!((t.spacing_min, t.spacing_max, t.spacing_tighten), (300.0, 330.0, 0.18));
        assert_eq!((t.shift_screen_share, t.shift_spacing_share), (0.30, 0.55));
        assert_eq!((t.squeeze_floor, t.flyer_height), (96.0, 40.0));
        assert_eq!(t.shift_cap(300.0), 165.0);
        assert_eq!(t.shift_cap(1000.0), 0.30 * 720.0);
        assert!(t.speed_at(0.0) < t.speed_at(1.0));
    }

    #[test]
    fn impossible_tunings_are_refused() {
        let t = TunnelTuning::default();
        let refuse = |change: &dyn Fn(&mut TunnelTuning), field: &str| {
            let mut bad = t.clone();
            change(&mut bad);
            let message = bad.validate().unwrap_err();
            assert_eq!(message.field, field, "{message}");
        };
        refuse(&|b| b.squeeze_floor = 80.0, "squeeze_floor");
        refuse(&|b| b.squeeze_floor = 120.0, "squeeze_floor");
        refuse(&|b| b.flap_speed = 100.0, "flap_speed");
        refuse(&|b| b.gap_max_start = 700.0, "gap_max_start");
        refuse(&|b| b.shift_spacing_share = 0.1, "shift_spacing_share");
        refuse(&|b| b.horizontal_speed_max = 5000.0, "horizontal_speed_max");
        refuse(&|b| b.spacing_tighten = 1.0, "spacing_tighten");
        refuse(&|b| b.gravity = f32::NAN, "gravity");
    }
}
