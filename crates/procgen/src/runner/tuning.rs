//! Runner tuning (`assets/runner/tuning.ron`): the physics the game simulates and the rules the
//! generator follows. Gravity and jump speed here are the only copies: the physics plugin reads
//! them to drive rapier, and the generator reads them to size gaps.

use serde::Deserialize;

use crate::data::{DataError, parse_ron};

#[derive(Clone, Debug, PartialEq, Deserialize)]
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

impl RunnerTuning {
    pub fn from_ron(text: &str, file: &str) -> Result<RunnerTuning, DataError> {
        let tuning: RunnerTuning = parse_ron(text, file)?;
        tuning.validate().map_err(|message| DataError::invalid(file, message))?;
        Ok(tuning)
    }

    pub fn validate(&self) -> Result<(), String> {
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
                return Err(format!("{field}: {value} must be a number above 0"));
            }
        }
        if !(self.speed_max.is_finite() && self.speed_max >= self.speed_min) {
            return Err(format!("speed_max: {} must be at least speed_min ({})", self.speed_max, self.speed_min));
        }
        if !(self.window.is_finite() && self.window >= 0.0) {
            return Err(format!("window: {} must be 0 or more", self.window));
        }
        if !(self.top_share > 0.0 && self.top_share <= 1.0) {
            return Err(format!("top_share: {} must be in (0, 1]", self.top_share));
        }
        if !(0.0..=1.0).contains(&self.demanding_above) {
            return Err(format!("demanding_above: {} must be in 0..1", self.demanding_above));
        }
        if self.rest_after == 0 {
            return Err("rest_after: must be at least 1".into());
        }
        if !(self.gap_ratio > 0.0 && self.gap_ratio <= 1.0) {
            return Err(format!("gap_ratio: {} must be in (0, 1]", self.gap_ratio));
        }
        for (field, value) in [("coyote_time", self.coyote_time), ("jump_buffer", self.jump_buffer)] {
            if !(0.0..=0.5).contains(&value) {
                return Err(format!("{field}: {value} must be in 0..0.5 seconds"));
            }
        }
        Ok(())
    }

    /// Horizontal distance covered by a jump at `speed`: speed × 2 × jump_speed / gravity.
    ///
    /// ```
    /// let tuning = seedfeast_procgen::runner::RunnerTuning::default();
    /// let range = tuning.jump_range(300.0);
    /// assert_eq!(range, 300.0 * 2.0 * tuning.jump_speed / tuning.gravity);
    /// ```
    pub fn jump_range(&self, speed: f32) -> f32 {
        speed * 2.0 * self.jump_speed / self.gravity
    }

    /// Peak height of a jump: jump_speed² / (2 × gravity).
    pub fn jump_height(&self) -> f32 {
        self.jump_speed * self.jump_speed / (2.0 * self.gravity)
    }

    /// Running speed at an intensity.
    pub fn speed_at_intensity(&self, intensity: f32) -> f32 {
        self.speed_min + (self.speed_max - self.speed_min) * intensity
    }

    /// The widest gap allowed at a speed.
    pub fn max_gap(&self, speed: f32) -> f32 {
        self.gap_ratio * self.jump_range(speed)
    }
}

impl Default for RunnerTuning {
    fn default() -> Self {
        RunnerTuning::from_ron(crate::assets::RUNNER_TUNING_RON, "assets/runner/tuning.ron")
            .expect("the shipped tuning is validated by tests")
    }
}
