//! Arena tuning (`assets/arena/tuning.ron`): the floor's size, the scatter rules, how waves grow
//! with intensity, the floor decoration and its tint. Lengths are world units.

use serde::{Deserialize, Serialize};

use crate::arena::scatter::Area;
use crate::intensity::IntensityCurve;
use crate::tuning::{FieldError, Tuning};

/// The largest width or height accepted.
pub const MAX_SIDE: f32 = 20_000.0;
/// The most items a wave asks for; generation reads a larger request as this many, so even an
/// unchecked tuning does a bounded amount of work.
pub const MAX_ITEMS: usize = 10_000;
/// The most decorations on a floor (a dense fill is capped here, whatever the spacing).
pub const MAX_DECOR: usize = 100_000;
/// The most cells in a side of the tint grid.
pub const MAX_TINT_SIDE: usize = 1024;
/// The most items a tuning may ask a wave for: more than a player can see or eat, and each is a
/// body in the game's physics world.
pub const MAX_ITEMS_MAX: u32 = 1_000;
/// The most scatter candidates a wave may draw (`items_max × max_attempts`): about a millisecond
/// of placement. The shipped tuning draws at most 1,200; 10,000 × 10,000 took 11.9 s a wave.
pub const MAX_WAVE_CANDIDATES: u64 = 100_000;
/// The most decoration candidates a floor may draw (the most points its spacing allows ×
/// `decor_attempts`): about 50 ms of fill. The shipped floor draws about 33,000 (1.7 ms).
pub const MAX_DECOR_CANDIDATES: u64 = 1_000_000;

// Serialize: an arena trace's `rules` event carries the whole tuning, the numbers its rebuild reads.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ArenaTuning {
    /// The arena, from its bottom-left corner; the player starts at the centre.
    pub width: f32,
    pub height: f32,
    /// Items keep this margin from the walls.
    pub item_radius: f32,
    /// Items are at least this far apart, centre to centre.
    pub min_spacing: f32,
    /// No item's centre is closer than this to the player's start.
    pub clear_radius: f32,
    /// A challenge round's clear radius at intensity 1 (linear from `clear_radius` at 0).
    pub challenge_clear_radius: f32,
    /// Candidate positions drawn for one item before giving up on it.
    pub max_attempts: u32,
    /// Items asked for at intensity 0 and 1 (rounded in between).
    pub items_min: u32,
    pub items_max: u32,
    /// Share of the placed items that are hazards at intensity 0 and 1.
    pub hazard_share_min: f32,
    pub hazard_share_max: f32,
    /// Challenge rounds come every `challenge_every_start` waves at intensity 0, closing in to
    /// every `challenge_every_end` at intensity 1 (rounded in between): the next challenge after
    /// wave `c` is `c + every(intensity of wave c + 1)`. Both 0 means none.
    pub challenge_every_start: u32,
    pub challenge_every_end: u32,
    /// Extra hazard share in a challenge round (the share is capped at 1).
    pub challenge_hazard_bonus: f32,
    /// Waves per unit of progress along the intensity curve.
    pub waves_per_step: f32,
    /// Floor decorations are Poisson-disk points at least this far apart.
    pub decor_spacing: f32,
    /// Bridson's k: candidates tried around each decoration before it is retired.
    pub decor_attempts: u32,
    /// The tint grid's columns and rows.
    pub tint_cols: usize,
    pub tint_rows: usize,
    /// Fractal (fBm) noise of the tint: octaves, base-octave features across the arena's width,
    /// frequency factor and amplitude factor from one octave to the next.
    pub noise_octaves: usize,
    pub noise_frequency: f64,
    pub noise_lacunarity: f64,
    pub noise_persistence: f64,
    /// The player the game moves: its speed (world units a second) and hit circle. The
    /// threats' fairness is reasoned about for this player ([`crate::arena::fair`]).
    pub player_speed: f32,
    pub player_radius: f32,
    /// Moving pans (slide, patrol, bounce) a wave asks for at intensity 0 and 1 (rounded).
    pub movers_min: u32,
    pub movers_max: u32,
    /// Their speed at intensity 0 and 1 (each drawn up to 15% slower), at most
    /// [`MAX_THREAT_SPEED_SHARE`](crate::arena::fair::MAX_THREAT_SPEED_SHARE) of the player's.
    pub mover_speed_min: f32,
    pub mover_speed_max: f32,
    /// Pursuers a wave asks for at intensity 0 and 1 (rounded), their speed the same way.
    pub pursuers_min: u32,
    pub pursuers_max: u32,
    pub pursuer_speed_min: f32,
    pub pursuer_speed_max: f32,
    /// Seconds the first pursuer waits at its start (each next one 1.5 s more).
    pub pursuer_delay: f32,
    /// A slide's length, and a patrol loop's sides (half of this), shortest and longest.
    pub track_min: f32,
    pub track_max: f32,
    /// No threat comes within the clear radius of the player's start for this long.
    pub safe_seconds: f32,
}

impl ArenaTuning {
    /// Checks every field; the message starts with the field's name.
    ///
    /// Over-constrained values are accepted on purpose (a clear radius wider than the arena,
    /// spacing 0, thousands of items): the scatter then places fewer items, promptly.
    pub fn validate(&self) -> Result<(), FieldError> {
        self.check_scatter()?;
        self.check_waves()?;
        let decor_cells = self.check_decor()?;
        self.check_cost(decor_cells)?;
        self.check_threats()?;
        self.check_tint()
    }

    /// The floor's size and the scatter's rules: radii, tries, and room for an item outside the
    /// widest clear zone.
    fn check_scatter(&self) -> Result<(), FieldError> {
        for (field, value) in [("width", self.width), ("height", self.height)] {
            if !(value > 0.0 && value <= MAX_SIDE) {
                return Err(FieldError::new(field, format!("{value} must be above 0 and at most {MAX_SIDE}")));
            }
        }
        for (field, value) in
            [("item_radius", self.item_radius), ("min_spacing", self.min_spacing), ("clear_radius", self.clear_radius)]
        {
            if !(value.is_finite() && value >= 0.0) {
                return Err(FieldError::new(field, format!("{value} must be a number, 0 or more")));
            }
        }
        if !(self.challenge_clear_radius.is_finite() && self.challenge_clear_radius >= self.clear_radius) {
            return Err(FieldError::new(
                "challenge_clear_radius",
                format!("{} must be at least clear_radius ({})", self.challenge_clear_radius, self.clear_radius),
            ));
        }
        if !(1..=10_000).contains(&self.max_attempts) {
            return Err(FieldError::new("max_attempts", format!("{} must be in 1..=10000", self.max_attempts)));
        }
        if self.items_min == 0 {
            return Err(FieldError::new("items_min", "must be at least 1: a wave needs food to clear"));
        }
        // Some of the item area must lie outside the widest clear zone, or no item can be placed.
        let (reach_x, reach_y) = (self.width / 2.0 - self.item_radius, self.height / 2.0 - self.item_radius);
        let widest_clear = self.clear_radius.max(self.challenge_clear_radius);
        if reach_x <= 0.0 || reach_y <= 0.0 || reach_x * reach_x + reach_y * reach_y <= widest_clear * widest_clear {
            return Err(FieldError::new(
                "clear_radius",
                format!(
                    "a clear zone of {widest_clear} covers the whole {}x{} arena (less item_radius {}): no food could be placed",
                    self.width, self.height, self.item_radius
                ),
            ));
        }
        Ok(())
    }

    /// How waves grow: the challenge rounds' spacing, the items asked for, the hazard shares and
    /// the waves per step of the curve.
    fn check_waves(&self) -> Result<(), FieldError> {
        if (self.challenge_every_start == 0) != (self.challenge_every_end == 0) {
            return Err(FieldError::new(
                "challenge_every_end",
                "set both challenge_every_start and challenge_every_end to 0 for no challenge rounds, or both above 0",
            ));
        }
        if self.challenge_every_end > self.challenge_every_start || self.challenge_every_start > 1000 {
            return Err(FieldError::new(
                "challenge_every_end",
                format!(
                    "{} must be at most challenge_every_start ({}, itself at most 1000): rounds come closer as intensity rises",
                    self.challenge_every_end, self.challenge_every_start
                ),
            ));
        }
        if self.items_max < self.items_min || self.items_max as usize > MAX_ITEMS {
            return Err(FieldError::new(
                "items_max",
                format!("{} must be at least items_min ({}) and at most {MAX_ITEMS}", self.items_max, self.items_min),
            ));
        }
        for (field, value) in [
            ("hazard_share_min", self.hazard_share_min),
            ("hazard_share_max", self.hazard_share_max),
            ("challenge_hazard_bonus", self.challenge_hazard_bonus),
        ] {
            if !(0.0..=1.0).contains(&value) {
                return Err(FieldError::new(field, format!("{value} must be in 0..1")));
            }
        }
        if self.hazard_share_max < self.hazard_share_min {
            return Err(FieldError::new(
                "hazard_share_max",
                format!("{} must be at least hazard_share_min ({})", self.hazard_share_max, self.hazard_share_min),
            ));
        }
        if !(self.waves_per_step.is_finite() && self.waves_per_step > 0.0) {
            return Err(FieldError::new("waves_per_step", format!("{} must be a number above 0", self.waves_per_step)));
        }
        Ok(())
    }

    /// The floor decoration's spacing and tries; gives how many spacing² cells the floor holds.
    fn check_decor(&self) -> Result<f32, FieldError> {
        if !(self.decor_spacing.is_finite() && self.decor_spacing > 0.0) {
            return Err(FieldError::new("decor_spacing", format!("{} must be a number above 0", self.decor_spacing)));
        }
        // A Poisson-disk fill holds fewer than one point per spacing² of floor.
        let decor_cells = self.width * self.height / (self.decor_spacing * self.decor_spacing);
        if decor_cells > MAX_DECOR as f32 {
            return Err(FieldError::new(
                "decor_spacing",
                format!(
                    "{} is too small for a {}x{} arena (at most {MAX_DECOR} decorations)",
                    self.decor_spacing, self.width, self.height
                ),
            ));
        }
        if !(1..=1000).contains(&self.decor_attempts) {
            return Err(FieldError::new("decor_attempts", format!("{} must be in 1..=1000", self.decor_attempts)));
        }
        Ok(decor_cells)
    }

    /// The tint's grid and its fractal noise.
    fn check_tint(&self) -> Result<(), FieldError> {
        for (field, value) in [("tint_cols", self.tint_cols), ("tint_rows", self.tint_rows)] {
            if !(1..=MAX_TINT_SIDE).contains(&value) {
                return Err(FieldError::new(field, format!("{value} must be in 1..={MAX_TINT_SIDE}")));
            }
        }
        if !(1..=16).contains(&self.noise_octaves) {
            return Err(FieldError::new("noise_octaves", format!("{} must be in 1..=16", self.noise_octaves)));
        }
        for (field, value) in [
            ("noise_frequency", self.noise_frequency),
            ("noise_lacunarity", self.noise_lacunarity),
            ("noise_persistence", self.noise_persistence),
        ] {
            if !(value.is_finite() && value > 0.0 && value <= 1000.0) {
                return Err(FieldError::new(field, format!("{value} must be above 0 and at most 1000")));
            }
        }
        Ok(())
    }

    /// Intensity of a wave: the curve at `wave / waves_per_step`.
    ///
    /// ```
    /// use seedfeast_procgen::{IntensityCurve, arena::ArenaTuning};
    /// let curve = IntensityCurve { points: vec![(0.0, 0.0), (10.0, 1.0)] };
    /// let tuning = ArenaTuning { waves_per_step: 2.0, ..ArenaTuning::default() };
    /// assert_eq!(tuning.intensity_at(&curve, 10), 0.5);
    /// ```
    pub fn intensity_at(&self, curve: &IntensityCurve, wave: u32) -> f32 {
        curve.at(wave as f32 / self.waves_per_step)
    }

    /// Waves from one challenge round to the next at `intensity` (0 when there are none).
    pub fn challenge_interval(&self, intensity: f32) -> u32 {
        if self.challenge_every_start == 0 {
            return 0;
        }
        let (start, end) = (f64::from(self.challenge_every_start), f64::from(self.challenge_every_end));
        let t = f64::from(intensity.clamp(0.0, 1.0));
        ((start + (end - start) * t).round() as u32).max(1)
    }

    /// Whether `wave` (from 1) is a challenge round. Rounds come closer as intensity rises: the
    /// first after `challenge_every_start` waves, each next one `challenge_interval` of the
    /// intensity of the wave after the last. A pure function of the wave (O(wave) steps).
    ///
    /// ```
    /// use seedfeast_procgen::{IntensityCurve, arena::ArenaTuning};
    /// let tuning = ArenaTuning::default(); // every 5 at intensity 0, every 3 at 1
    /// let calm = IntensityCurve { points: vec![(0.0, 0.0)] };
    /// let wild = IntensityCurve { points: vec![(0.0, 1.0)] };
    /// let at = |curve: &IntensityCurve| (1..=16).filter(|&w| tuning.is_challenge(curve, w)).collect::<Vec<u32>>();
    /// assert_eq!(at(&calm), [5, 10, 15]);
    /// assert_eq!(at(&wild), [3, 6, 9, 12, 15]);
    /// ```
    pub fn is_challenge(&self, curve: &IntensityCurve, wave: u32) -> bool {
        if self.challenge_every_start == 0 || wave == 0 {
            return false;
        }
        let mut challenge = 0u64;
        // Each turn moves on by at least one wave, so this ends within `wave` turns.
        while challenge < u64::from(wave) {
            let next = u32::try_from(challenge + 1).unwrap_or(u32::MAX);
            challenge += u64::from(self.challenge_interval(self.intensity_at(curve, next)));
        }
        challenge == u64::from(wave)
    }

    /// What the game can survive, beyond what is well formed: a wave's items and the work its
    /// scatter and its floor's decoration may take (issue #28: a tuning of 10,000 items and
    /// 10,000 attempts validated, then took 11.9 s a wave).
    fn check_cost(&self, decor_cells: f32) -> Result<(), FieldError> {
        if self.items_max > MAX_ITEMS_MAX {
            return Err(FieldError::new(
                "items_max",
                format!("{} is more items than a wave can hold (at most {MAX_ITEMS_MAX})", self.items_max),
            ));
        }
        let candidates = u64::from(self.items_max) * u64::from(self.max_attempts);
        if candidates > MAX_WAVE_CANDIDATES {
            return Err(FieldError::new(
                "max_attempts",
                format!(
                    "{} attempts for each of items_max ({}) is {candidates} draws a wave; at most {MAX_WAVE_CANDIDATES}                      keep a wave's placement within a millisecond or so",
                    self.max_attempts, self.items_max
                ),
            ));
        }
        let decor = (decor_cells.ceil() as u64).min(MAX_DECOR as u64) * u64::from(self.decor_attempts);
        if decor > MAX_DECOR_CANDIDATES {
            return Err(FieldError::new(
                "decor_attempts",
                format!(
                    "{} attempts around each of up to {} decorations is {decor} draws a floor; at most \
                     {MAX_DECOR_CANDIDATES} keep a floor's fill within 50 ms or so (space them wider or try fewer)",
                    self.decor_attempts,
                    decor_cells.ceil() as u64
                ),
            ));
        }
        Ok(())
    }

    /// Items asked for at `intensity`: items_min to items_max, rounded, at most [`MAX_ITEMS`].
    ///
    /// ```
    /// let tuning = seedfeast_procgen::arena::ArenaTuning::default(); // 6 to 30
    /// assert_eq!((tuning.items_at(0.0), tuning.items_at(0.5), tuning.items_at(1.0)), (6, 18, 30));
    /// ```
    pub fn items_at(&self, intensity: f32) -> usize {
        // f64: exact for every u32, so huge values still round predictably.
        let (lo, hi) = (f64::from(self.items_min), f64::from(self.items_max));
        let t = f64::from(intensity.clamp(0.0, 1.0));
        ((lo + (hi - lo) * t).round() as usize).min(MAX_ITEMS)
    }

    /// Share of the placed items that are hazards: linear in intensity, plus the bonus in a
    /// challenge round, at most 1.
    pub(crate) fn hazard_share_at(&self, intensity: f32, challenge: bool) -> f32 {
        let t = intensity.clamp(0.0, 1.0);
        let share = self.hazard_share_min + (self.hazard_share_max - self.hazard_share_min) * t;
        let bonus = if challenge { self.challenge_hazard_bonus } else { 0.0 };
        (share + bonus).clamp(0.0, 1.0)
    }

    /// Hazards among `placed` items: the share, rounded to the nearest.
    ///
    /// ```
    /// let tuning = seedfeast_procgen::arena::ArenaTuning::default(); // 0.1 to 0.4, +0.15
    /// assert_eq!(tuning.hazards_among(30, 1.0, false), 12);
    /// assert_eq!(tuning.hazards_among(30, 1.0, true), 17); // 16.5 rounds up
    /// assert_eq!(tuning.hazards_among(6, 0.0, false), 1);
    /// ```
    pub fn hazards_among(&self, placed: usize, intensity: f32, challenge: bool) -> usize {
        let share = f64::from(self.hazard_share_at(intensity, challenge));
        // At least one food stays: a wave of nothing but pans could never be cleared.
        ((placed as f64 * share).round() as usize).min(placed.saturating_sub(1))
    }

    /// The clear radius around the player: `clear_radius`, or in a challenge round the radius
    /// growing from `clear_radius` at intensity 0 to `challenge_clear_radius` at 1.
    ///
    /// ```
    /// let tuning = seedfeast_procgen::arena::ArenaTuning::default(); // 80, challenge up to 140
    /// assert_eq!(tuning.clear_radius_at(0.5, false), 80.0);
    /// assert_eq!(tuning.clear_radius_at(0.5, true), 110.0);
    /// assert_eq!(tuning.clear_radius_at(1.0, true), 140.0);
    /// ```
    pub fn clear_radius_at(&self, intensity: f32, challenge: bool) -> f32 {
        if !challenge {
            return self.clear_radius;
        }
        let t = intensity.clamp(0.0, 1.0);
        self.clear_radius + (self.challenge_clear_radius - self.clear_radius) * t
    }

    /// Where the player starts: the centre.
    pub fn player(&self) -> (f32, f32) {
        (self.width / 2.0, self.height / 2.0)
    }

    /// Where item centres may fall: the arena less `item_radius` on every side (empty when the
    /// arena is narrower than two radii).
    pub fn item_area(&self) -> Area {
        Area::new(0.0, 0.0, self.width, self.height).inset(self.item_radius)
    }

    /// The whole floor, where decorations fall.
    pub fn floor_area(&self) -> Area {
        Area::new(0.0, 0.0, self.width, self.height)
    }
}

impl Tuning for ArenaTuning {
    const PATH: &'static str = "arena/tuning.ron";
    const BUILT_IN: &'static str = include_str!("../../../../assets/arena/tuning.ron");

    fn check(&self) -> Result<(), FieldError> {
        self.validate()
    }
}

impl Default for ArenaTuning {
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
        let t = ArenaTuning::default();
        assert_eq!((t.width, t.height, t.item_radius), (1200.0, 680.0, 18.0));
        assert_eq!((t.min_spacing, t.clear_radius, t.challenge_clear_radius), (52.0, 80.0, 140.0));
        assert_eq!((t.max_attempts, t.items_min, t.items_max), (40, 6, 30));
        assert_eq!((t.hazard_share_min, t.hazard_share_max), (0.1, 0.4));
        assert_eq!((t.challenge_every_start, t.challenge_every_end), (5, 3));
        assert_eq!((t.waves_per_step, t.decor_spacing, t.decor_attempts), (1.0, 24.0, 30));
        assert_eq!((t.tint_cols, t.tint_rows, t.noise_octaves), (48, 27, 4));
        assert_eq!((t.noise_lacunarity, t.noise_persistence), (2.0, 0.5));
        assert_eq!(t.player(), (600.0, 340.0));
    }

    #[test]
    fn waves_grow_with_intensity() {
        let t = ArenaTuning::default();
        assert!(t.items_at(0.2) < t.items_at(0.8));
        assert!(t.hazard_share_at(0.2, false) < t.hazard_share_at(0.8, false));
        assert!(t.hazard_share_at(0.5, false) < t.hazard_share_at(0.5, true));
        assert!(t.clear_radius_at(0.2, true) < t.clear_radius_at(0.8, true));
        let never = ArenaTuning { challenge_every_start: 0, challenge_every_end: 0, ..t.clone() };
        assert!((0..100).all(|w| !never.is_challenge(&IntensityCurve::default(), w)));
        // Over a whole run, challenges come closer together as intensity rises.
        let curve = IntensityCurve::default();
        let rounds: Vec<u32> = (1..=120).filter(|&w| t.is_challenge(&curve, w)).collect();
        let gaps: Vec<u32> = rounds.windows(2).map(|p| p[1] - p[0]).collect();
        assert_eq!(rounds[0], 5);
        assert!(gaps.windows(2).all(|g| g[1] <= g[0]) && gaps.last() == Some(&3), "{rounds:?}");
        let huge = ArenaTuning { items_min: u32::MAX, items_max: u32::MAX, ..t };
        assert_eq!(huge.items_at(0.5), MAX_ITEMS);
    }
}
