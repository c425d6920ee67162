//! Maze tuning (`assets/maze/tuning.ron`): the grid size, how floors are dressed, and the numbers
//! the game plays them with. Speeds are in grid cells per second.

use serde::Deserialize;

use crate::intensity::IntensityCurve;
use crate::tuning::{FieldError, Tuning};

/// The largest width or height accepted: a floor this size needs about 100 MB of buffers, and a
/// typo such as `width: 100001` should be refused rather than exhaust memory.
pub const MAX_SIDE: usize = 4001;
/// The largest width or height the game plays (`assets/maze/tuning.ron`): every wall is an
/// entity, and a 201 × 201 floor (~20,000 walls) still runs at 60 frames a second.
pub const MAX_GAME_SIDE: usize = 201;
/// The smallest: a 5 × 5 grid carves nine open cells, room for a start, three stars and crumbs.
pub(crate) const MIN_GAME_SIDE: usize = 5;
/// The most points any one thing scores: a run of thousands of floors stays far from overflow.
pub(crate) const MAX_POINTS: u32 = 100_000;
/// The fastest anything moves in a maze, cells a second.
pub(crate) const MAX_SPEED: f32 = 30.0;

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MazeTuning {
    /// Grid cells across, border walls included. Odd sizes leave no dead wall column.
    pub width: usize,
    /// Grid cells down, border walls included.
    pub height: usize,
    /// Share of the inner walls (wall cells not on the border) knocked out to make loops.
    pub loop_share: f32,
    /// Share of the dead ends left after the loops that are opened into loops too (the braid):
    /// 1 leaves none a wall can open, 0 keeps them all.
    pub braid: f32,
    /// Share of the open cells that carry a token.
    pub token_share: f32,
    /// Pursuers at intensity 0 and at intensity 1 (rounded in between).
    pub hazards_min: u32,
    pub hazards_max: u32,
    /// Pursuers start at least this many steps (path distance) from the player's start.
    pub min_hazard_distance: u32,
    /// Pursuer speed at intensity 0 and 1, cells / s.
    pub pursuer_speed_min: f32,
    pub pursuer_speed_max: f32,
    /// The player's speed, cells / s.
    pub player_speed: f32,
    /// How long the power-up lasts, seconds.
    pub power_up_seconds: f32,
    /// Lives at the start of a run.
    pub lives: u32,
    /// Floors per unit of progress along the intensity curve.
    pub floors_per_step: f32,
    /// Points for a crumb, a golden star, the chilli, a pursuer eaten while it lasts, a floor
    /// cleared.
    pub token_points: u32,
    pub star_points: u32,
    pub power_up_points: u32,
    pub pursuer_points: u32,
    pub floor_points: u32,
    /// The player eats what is within this many cells of a cell's centre (steps summed).
    pub eat_radius: f32,
    /// A pursuer touches the player within this distance, in cells.
    pub touch_radius: f32,
    /// Seconds the pursuers hold still at the start of a floor and after a life is lost.
    pub respawn_grace: f32,
    /// Seconds an eaten pursuer waits at home before chasing again.
    pub eaten_wait: f32,
    /// The wanderer goes home for `scatter_for` seconds out of every `scatter_every`.
    pub scatter_every: f32,
    pub scatter_for: f32,
    /// Pots hunting the player at once at intensity 0 and 1 (rounded in between); the others go
    /// home and wait there. Two hunters can close a corridor from both ends, so early floors have one.
    pub hunters_min: u32,
    pub hunters_max: u32,
    /// Seconds before the hunt passes on to the next pots, so each takes its turn.
    pub hunt_turn: f32,
}

impl MazeTuning {
    /// Checks every field; the message starts with the field's name.
    pub fn validate(&self) -> Result<(), FieldError> {
        self.check_floor()?;
        self.check_speeds()?;
        self.check_play()
    }

    /// The floor: its size, its crumbs, its loops and braids, and its hazards.
    fn check_floor(&self) -> Result<(), FieldError> {
        for (field, value) in [("width", self.width), ("height", self.height)] {
            if !(MIN_GAME_SIDE..=MAX_GAME_SIDE).contains(&value) {
                return Err(FieldError::new(
                    field,
                    format!("{value} must be in {MIN_GAME_SIDE}..={MAX_GAME_SIDE} to be played at full speed"),
                ));
            }
        }
        if !(self.token_share.is_finite() && self.token_share > 0.0 && self.token_share <= 1.0) {
            return Err(FieldError::new(
                "token_share",
                format!("{} must be in (0, 1]: a floor needs crumbs to clear", self.token_share),
            ));
        }
        if self.hazards_max > 64 {
            return Err(FieldError::new("hazards_max", format!("{} must be at most 64", self.hazards_max)));
        }
        for (field, value) in
            [("loop_share", self.loop_share), ("braid", self.braid), ("token_share", self.token_share)]
        {
            if !(0.0..=1.0).contains(&value) {
                return Err(FieldError::new(field, format!("{value} must be in 0..1")));
            }
        }
        if self.hazards_max < self.hazards_min {
            return Err(FieldError::new(
                "hazards_max",
                format!("{} must be at least hazards_min ({})", self.hazards_max, self.hazards_min),
            ));
        }
        Ok(())
    }

    /// The speeds of the player and the pursuers, the curve's step and the power-up's time.
    fn check_speeds(&self) -> Result<(), FieldError> {
        for (field, value) in [
            ("pursuer_speed_min", self.pursuer_speed_min),
            ("player_speed", self.player_speed),
            ("floors_per_step", self.floors_per_step),
        ] {
            if !(value.is_finite() && value > 0.0) {
                return Err(FieldError::new(field, format!("{value} must be a number above 0")));
            }
        }
        // Speeds in cells a second: past 30 a mover crosses a cell every two frames or faster.
        for (field, value) in [("player_speed", self.player_speed), ("pursuer_speed_max", self.pursuer_speed_max)] {
            if value > MAX_SPEED {
                return Err(FieldError::new(field, format!("{value} must be at most {MAX_SPEED} cells a second")));
            }
        }
        if !(self.pursuer_speed_max.is_finite() && self.pursuer_speed_max >= self.pursuer_speed_min) {
            return Err(FieldError::new(
                "pursuer_speed_max",
                format!("{} must be at least pursuer_speed_min ({})", self.pursuer_speed_max, self.pursuer_speed_min),
            ));
        }
        if !(self.power_up_seconds.is_finite() && (0.0..=600.0).contains(&self.power_up_seconds)) {
            return Err(FieldError::new("power_up_seconds", format!("{} must be in 0..=600", self.power_up_seconds)));
        }
        Ok(())
    }

    /// The play: points, touch and eat radii, the pursuers' timings and hunters, and lives.
    fn check_play(&self) -> Result<(), FieldError> {
        let points = [
            ("token_points", self.token_points),
            ("star_points", self.star_points),
            ("power_up_points", self.power_up_points),
            ("pursuer_points", self.pursuer_points),
            ("floor_points", self.floor_points),
        ];
        for (field, value) in points {
            if value > MAX_POINTS {
                return Err(FieldError::new(field, format!("{value} must be at most {MAX_POINTS}")));
            }
        }
        crate::tuning::within("eat_radius", self.eat_radius, 0.05, 0.5)?;
        crate::tuning::within("touch_radius", self.touch_radius, 0.05, 1.5)?;
        crate::tuning::within("respawn_grace", self.respawn_grace, 0.0, 10.0)?;
        crate::tuning::within("eaten_wait", self.eaten_wait, 0.0, 60.0)?;
        crate::tuning::within("scatter_every", self.scatter_every, 1.0, 600.0)?;
        crate::tuning::within("scatter_for", self.scatter_for, 0.0, self.scatter_every)?;
        if self.hunters_max < self.hunters_min || self.hunters_max > 64 {
            return Err(FieldError::new(
                "hunters_max",
                format!("{} must be in hunters_min ({})..=64", self.hunters_max, self.hunters_min),
            ));
        }
        crate::tuning::within("hunt_turn", self.hunt_turn, 1.0, 600.0)?;
        if !(1..=99).contains(&self.lives) {
            return Err(FieldError::new("lives", format!("{} must be in 1..=99", self.lives)));
        }
        Ok(())
    }

    /// Intensity of a floor: the curve at `floor / floors_per_step`.
    ///
    /// ```
    /// use seedfeast_procgen::{IntensityCurve, maze::MazeTuning};
    /// let curve = IntensityCurve { points: vec![(0.0, 0.0), (10.0, 1.0)] };
    /// let mut tuning = MazeTuning::default();
    /// tuning.floors_per_step = 2.0;
    /// assert_eq!(tuning.intensity_at(&curve, 10), 0.5);
    /// ```
    pub fn intensity_at(&self, curve: &IntensityCurve, floor: u32) -> f32 {
        curve.at(floor as f32 / self.floors_per_step)
    }

    /// Pursuers on a floor at `intensity`: hazards_min to hazards_max, rounded to the nearest.
    ///
    /// ```
    /// let tuning = seedfeast_procgen::maze::MazeTuning::default(); // 2 to 6
    /// assert_eq!((tuning.hazards_at(0.0), tuning.hazards_at(0.5), tuning.hazards_at(1.0)), (2, 4, 6));
    /// assert_eq!(tuning.hazards_at(0.6), 4); // 4.4 rounds down
    /// ```
    pub fn hazards_at(&self, intensity: f32) -> usize {
        // f64: exact for every u32 span, so a huge hazards_max still rounds predictably.
        let (lo, hi) = (f64::from(self.hazards_min), f64::from(self.hazards_max));
        let t = f64::from(intensity.clamp(0.0, 1.0));
        (lo + (hi - lo) * t).round() as usize
    }

    /// Pots hunting at once at `intensity`: hunters_min to hunters_max, rounded to the nearest.
    ///
    /// ```
    /// let tuning = seedfeast_procgen::maze::MazeTuning::default(); // 1 to 4
    /// assert_eq!((tuning.hunters_at(0.0), tuning.hunters_at(0.14), tuning.hunters_at(1.0)), (1, 1, 4));
    /// assert_eq!(tuning.hunters_at(0.6), 3); // 2.8 rounds up
    /// ```
    pub fn hunters_at(&self, intensity: f32) -> usize {
        let (lo, hi) = (f64::from(self.hunters_min), f64::from(self.hunters_max));
        (lo + (hi - lo) * f64::from(intensity.clamp(0.0, 1.0))).round() as usize
    }

    /// Pursuer speed at `intensity`, cells / s, linear from min to max.
    pub(crate) fn pursuer_speed_at(&self, intensity: f32) -> f32 {
        let t = intensity.clamp(0.0, 1.0);
        self.pursuer_speed_min + (self.pursuer_speed_max - self.pursuer_speed_min) * t
    }
}

impl Tuning for MazeTuning {
    const PATH: &'static str = "maze/tuning.ron";
    const BUILT_IN: &'static str = include_str!("../../../../assets/maze/tuning.ron");

    fn check(&self) -> Result<(), FieldError> {
        self.validate()
    }
}

impl Default for MazeTuning {
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
        let t = MazeTuning::default();
        assert_eq!((t.width, t.height), (21, 15));
        assert_eq!((t.loop_share, t.token_share), (0.02, 0.62));
        assert_eq!((t.hazards_min, t.hazards_max, t.min_hazard_distance), (2, 6, 8));
        assert_eq!((t.pursuer_speed_min, t.pursuer_speed_max), (3.0, 6.0));
        assert_eq!((t.player_speed, t.power_up_seconds, t.lives), (6.5, 6.0, 3));
        assert_eq!(t.floors_per_step, 1.0);
        assert_eq!(
            (t.token_points, t.star_points, t.power_up_points, t.pursuer_points, t.floor_points),
            (10, 100, 50, 200, 500)
        );
        assert_eq!((t.eat_radius, t.touch_radius, t.respawn_grace, t.eaten_wait), (0.35, 0.6, 2.0, 3.0));
        assert_eq!((t.scatter_every, t.scatter_for), (10.0, 3.0));
    }

    #[test]
    fn speeds_follow_intensity() {
        let t = MazeTuning::default();
        assert_eq!(t.pursuer_speed_at(0.0), 3.0);
        assert_eq!(t.pursuer_speed_at(0.5), 4.5);
        assert_eq!(t.pursuer_speed_at(7.0), 6.0);
        let mut huge = t.clone();
        huge.hazards_max = u32::MAX;
        assert_eq!(huge.hazards_at(1.0), u32::MAX as usize);
    }
}
