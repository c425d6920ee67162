//! Runner tuning (`assets/runner/tuning.ron`): the physics the game simulates and the rules the
//! generator follows. Gravity and jump speed here are the only copies: the physics plugin reads
//! them to drive rapier, and the generator reads them to size gaps.

use serde::Deserialize;

use crate::physics::JumpReach;
use crate::tuning::{FieldError, Tuning};

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunnerTuning {
    /// Downward acceleration, world units / s².
    pub gravity: f32,
    /// Upward speed given by a jump, world units / s.
    pub jump_speed: f32,
    /// Running speed at intensity 0 and 1, world units / s.
    pub speed_min: f32,
    pub speed_max: f32,
    /// Chunks with demand up to intensity + window are candidates.
    pub window: f32,
    /// Share of the candidates (hardest first) that the pick is drawn from.
    pub top_share: f32,
    /// A chunk with demand above this counts towards the streak that forces rest.
    pub demanding_above: f32,
    /// After this many demanding chunks in a row, the next chunk is a rest chunk.
    pub rest_after: u32,
    /// The run opens with this many rest chunks, so a player can settle in before the first gap.
    pub warmup_chunks: u32,
    /// Gaps are at most this share of the jump range at the speed the player meets them.
    pub gap_ratio: f32,
    /// World units of distance per unit of progress along the intensity curve.
    pub distance_per_step: f32,
    /// Seconds after running off an edge during which a jump still works.
    pub coyote_time: f32,
    /// Seconds a jump pressed too early is remembered until the player lands.
    pub jump_buffer: f32,
    /// The runner's collision box (width, height), world units.
    pub player_size: (f32, f32),
}

/// The runner's collision box sides, world units: at least twice the corner radius, at most what
/// fits under a ledge.
pub(crate) const MIN_PLAYER_SIDE: f32 = 12.0;
pub(crate) const MAX_PLAYER_SIDE: f32 = 200.0;

impl RunnerTuning {
    pub fn validate(&self) -> Result<(), FieldError> {
        let positive = [
            ("gravity", self.gravity),
            ("jump_speed", self.jump_speed),
            ("speed_min", self.speed_min),
            ("distance_per_step", self.distance_per_step),
            ("player_size.0", self.player_size.0),
            ("player_size.1", self.player_size.1),
        ];
        for (field, value) in positive {
            if !(value.is_finite() && value > 0.0) {
                return Err(FieldError::new(field, format!("{value} must be a number above 0")));
            }
        }
        // The body is a box with rounded corners of radius 6 (so it slides over the seams between
        // ground slabs): narrower than 12 it would have negative half-sizes.
        for (field, value) in [("player_size.0", self.player_size.0), ("player_size.1", self.player_size.1)] {
            if !(MIN_PLAYER_SIDE..=MAX_PLAYER_SIDE).contains(&value) {
                return Err(FieldError::new(
                    "player_size",
                    format!("{field} {value} must be in {MIN_PLAYER_SIDE}..={MAX_PLAYER_SIDE}"),
                ));
            }
        }
        // Speeds and forces the physics can step without tunnelling through the ground.
        for (field, value, max) in [
            ("gravity", self.gravity, 20_000.0),
            ("jump_speed", self.jump_speed, 5_000.0),
            ("speed_max", self.speed_max, 2_000.0),
            ("distance_per_step", self.distance_per_step, 1e7),
        ] {
            if value > max {
                return Err(FieldError::new(field, format!("{value} must be at most {max}")));
            }
        }
        if !(self.speed_max.is_finite() && self.speed_max >= self.speed_min) {
            return Err(FieldError::new(
                "speed_max",
                format!("{} must be at least speed_min ({})", self.speed_max, self.speed_min),
            ));
        }
        if !(self.window.is_finite() && self.window >= 0.0) {
            return Err(FieldError::new("window", format!("{} must be 0 or more", self.window)));
        }
        if !(self.top_share > 0.0 && self.top_share <= 1.0) {
            return Err(FieldError::new("top_share", format!("{} must be in (0, 1]", self.top_share)));
        }
        if !(0.0..=1.0).contains(&self.demanding_above) {
            return Err(FieldError::new("demanding_above", format!("{} must be in 0..1", self.demanding_above)));
        }
        if self.rest_after == 0 {
            return Err(FieldError::new("rest_after", "must be at least 1"));
        }
        if !(self.gap_ratio > 0.0 && self.gap_ratio <= 1.0) {
            return Err(FieldError::new("gap_ratio", format!("{} must be in (0, 1]", self.gap_ratio)));
        }
        for (field, value) in [("coyote_time", self.coyote_time), ("jump_buffer", self.jump_buffer)] {
            if !(0.0..=0.5).contains(&value) {
                return Err(FieldError::new(field, format!("{value} must be in 0..0.5 seconds")));
            }
        }
        Ok(())
    }

    /// Running speed at an intensity.
    pub fn speed_at_intensity(&self, intensity: f32) -> f32 {
        self.speed_min + (self.speed_max - self.speed_min) * intensity
    }

    /// The widest gap allowed at a speed: `gap_ratio` of the jump's reach there (the rest of the
    /// reach is the margin for timing and the physics' integration).
    pub fn max_gap(&self, reach: &JumpReach, speed: f32) -> f32 {
        self.gap_ratio * reach.range(speed)
    }
}

impl JumpReach {
    /// The reach of the runner a tuning describes (physics knows no mode: the runner says which
    /// of its numbers are the jump's).
    pub fn of(tuning: &RunnerTuning) -> JumpReach {
        JumpReach::new(tuning.gravity, tuning.jump_speed)
    }
}

impl Tuning for RunnerTuning {
    const PATH: &'static str = "runner/tuning.ron";
    const BUILT_IN: &'static str = include_str!("../../../../assets/runner/tuning.ron");

    fn check(&self) -> Result<(), FieldError> {
        self.validate()
    }
}

impl Default for RunnerTuning {
    /// The shipped data , compiled in.
    fn default() -> Self {
        Self::built_in()
    }
}
