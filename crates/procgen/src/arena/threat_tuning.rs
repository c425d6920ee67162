//! The moving threats' part of the Arena tuning: its checks (each refused value names its field,
//! so a data file's mistake is reported at its line) and how many threats a wave asks for.

use crate::arena::ArenaTuning;
use crate::arena::fair::MAX_THREAT_SPEED_SHARE;
use crate::tuning::FieldError;

/// The most moving pans or pursuers a tuning may ask a wave for.
pub const MAX_THREATS: u32 = 16;
/// The longest a player may be kept waiting: a pursuer's delay or the safe start, seconds.
const MAX_SECONDS: f32 = 60.0;

impl ArenaTuning {
    /// The threats' fields: the player (speed above 0, radius 0 or more), counts in order and at
    /// most [`MAX_THREATS`], speeds above 0, in order and at most [`MAX_THREAT_SPEED_SHARE`] of
    /// the player's, the delay and safe seconds in 0..=60, the track lengths in order and within
    /// the floor.
    pub(crate) fn check_threats(&self) -> Result<(), FieldError> {
        if !(self.player_speed.is_finite() && self.player_speed > 0.0 && self.player_speed <= 10_000.0) {
            return Err(FieldError::new(
                "player_speed",
                format!("{} must be above 0 and at most 10000", self.player_speed),
            ));
        }
        if !(self.player_radius.is_finite() && self.player_radius >= 0.0 && self.player_radius <= 1_000.0) {
            return Err(FieldError::new("player_radius", format!("{} must be in 0..=1000", self.player_radius)));
        }
        for (low, high, lo, hi) in [
            ("movers_min", "movers_max", self.movers_min, self.movers_max),
            ("pursuers_min", "pursuers_max", self.pursuers_min, self.pursuers_max),
        ] {
            if lo > hi || hi > MAX_THREATS {
                return Err(FieldError::new(
                    high,
                    format!("{hi} must be at least {low} ({lo}) and at most {MAX_THREATS}"),
                ));
            }
        }
        let fastest = MAX_THREAT_SPEED_SHARE * self.player_speed;
        for (low, high, lo, hi) in [
            ("mover_speed_min", "mover_speed_max", self.mover_speed_min, self.mover_speed_max),
            ("pursuer_speed_min", "pursuer_speed_max", self.pursuer_speed_min, self.pursuer_speed_max),
        ] {
            if !(lo.is_finite() && lo > 0.0) {
                return Err(FieldError::new(low, format!("{lo} must be a number above 0")));
            }
            if !(hi >= lo && hi <= fastest) {
                return Err(FieldError::new(
                    high,
                    format!(
                        "{hi} must be at least {low} ({lo}) and at most {MAX_THREAT_SPEED_SHARE} × player_speed \
                         ({fastest}): a threat as fast as the player could not be got away from"
                    ),
                ));
            }
        }
        for (field, value) in [("pursuer_delay", self.pursuer_delay), ("safe_seconds", self.safe_seconds)] {
            if !(0.0..=MAX_SECONDS).contains(&value) {
                return Err(FieldError::new(field, format!("{value} must be in 0..={MAX_SECONDS} seconds")));
            }
        }
        if !(self.track_min.is_finite() && self.track_min > 0.0) {
            return Err(FieldError::new("track_min", format!("{} must be a number above 0", self.track_min)));
        }
        let side = self.width.min(self.height);
        if !(self.track_max >= self.track_min && self.track_max <= side) {
            return Err(FieldError::new(
                "track_max",
                format!(
                    "{} must be at least track_min ({}) and at most the floor's side ({side})",
                    self.track_max, self.track_min
                ),
            ));
        }
        Ok(())
    }

    /// Moving pans a wave asks for at `intensity`: `movers_min` to `movers_max`, rounded.
    ///
    /// ```
    /// let tuning = seedfeast_procgen::arena::ArenaTuning::default(); // 1 to 6
    /// assert_eq!((tuning.movers_at(0.08), tuning.movers_at(0.5), tuning.movers_at(1.0)), (1, 4, 6));
    /// ```
    pub fn movers_at(&self, intensity: f32) -> usize {
        by_intensity(self.movers_min, self.movers_max, intensity)
    }

    /// Pursuers a wave asks for at `intensity`: `pursuers_min` to `pursuers_max`, rounded.
    ///
    /// ```
    /// let tuning = seedfeast_procgen::arena::ArenaTuning::default(); // 0 to 3
    /// assert_eq!((tuning.pursuers_at(0.08), tuning.pursuers_at(0.2), tuning.pursuers_at(1.0)), (0, 1, 3));
    /// ```
    pub fn pursuers_at(&self, intensity: f32) -> usize {
        by_intensity(self.pursuers_min, self.pursuers_max, intensity)
    }
}

/// `lo` to `hi` by intensity, rounded; at most [`MAX_THREATS`] whatever the tuning.
fn by_intensity(lo: u32, hi: u32, intensity: f32) -> usize {
    let t = f64::from(intensity.clamp(0.0, 1.0));
    let (lo, hi) = (f64::from(lo), f64::from(hi));
    ((lo + (hi - lo) * t).round() as usize).min(MAX_THREATS as usize)
}
