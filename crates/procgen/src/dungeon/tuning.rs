//! Dungeon tuning (`assets/dungeon/tuning.ron`): the default zone layouts per dungeon number, room
//! and partition sizes, cave carving, how the puzzle tree branches, food, hazards and the par.
//! Lengths are in tiles, speeds in tiles per second.

use serde::Deserialize;

use crate::tuning::{FieldError, Tuning, within};

/// The most zones a dungeon may have (one theme each).
pub(crate) const MAX_ZONES: usize = 6;
/// The fewest rooms a zone may have: one puzzle slot.
pub(crate) const MIN_ZONE_ROOMS: u32 = 2;
/// The fewest rooms a one-zone dungeon may have: two slots, the start and the finish.
pub(crate) const MIN_SINGLE_ZONE_ROOMS: u32 = 4;
/// The most rooms a zone may have.
pub const MAX_ZONE_ROOMS: u32 = 64;
/// The highest dungeon number.
pub const MAX_DUNGEON: u32 = 99_999;
/// The smallest room side: a 4 × 4 stage inside a ring of free floor, enough for a penned crate
/// puzzle.
pub(crate) const MIN_ROOM_SIDE: usize = 6;
/// The largest room side.
pub(crate) const MAX_ROOM_SIDE: usize = 16;
/// The most spare tiles per partition cell (how long corridors may get).
pub(crate) const MAX_CORRIDOR_SLACK: usize = 8;

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DungeonTuning {
    /// Rooms per zone, in visiting order, for dungeon 1, 2, … (the last entry goes on growing).
    pub layouts: Vec<Vec<u32>>,
    /// Rooms added to every zone per dungeon past the end of `layouts` (capped at the maximum).
    pub growth_rooms: u32,
    /// A room's floor is `room_min` to `room_max` tiles a side.
    pub room_min: usize,
    pub room_max: usize,
    /// Spare tiles per partition cell beyond the smallest room and its wall: room for corridors.
    pub corridor_slack: usize,
    /// Extra partition capacity as a share of a zone's rooms: cells are bigger and more varied.
    pub spare_cells: f32,
    /// Extra doors (making loops) as a share of a zone's rooms.
    pub loop_share: f32,
    /// A bridge room's floor length along its way (its width across is 3).
    pub bridge_length: usize,
    /// Random-walk steps per tile of a cave's cell.
    pub cave_walk_share: f32,
    /// Cellular-automaton passes over a cave.
    pub cave_passes: u32,
    /// A cave tile with at least this many wall neighbours (of 8) becomes wall …
    pub cave_wall_at: u32,
    /// … and with at most this many becomes floor.
    pub cave_floor_at: u32,
    /// How often a new node has 0, 1 or 2 children (leaves only while 3 links are open).
    pub branch_weights: (f32, f32, f32),
    /// Weight of choosing a zone this many zones from the parent's (index 0: the same zone); the
    /// last entry covers every farther zone. Higher near weights mean less travel.
    pub zone_weights: Vec<f32>,
    /// Extra weight for the zone being filled (zones fill from the last visited down).
    pub fill_bias: f32,
    /// Share of a room's free tiles that carry food.
    pub food_share: f32,
    /// Share of a puzzle or filler room's stage tiles that are hazards, at dungeon 1 …
    pub hazard_share: f32,
    /// … plus this per dungeon after the first …
    pub hazard_growth: f32,
    /// … up to this.
    pub hazard_share_max: f32,
    /// The player's speed the par assumes.
    pub player_speed: f32,
    /// Seconds the par allows per node for using it.
    pub action_seconds: f32,
    /// Par = (walk / speed + nodes × action) × this, rounded up to whole seconds.
    pub par_slack: f32,
    pub lives: u32,
    /// Layout attempts before giving up (each failed attempt is counted in `retries`).
    pub max_layout_tries: u32,
}

impl DungeonTuning {
    /// Checks every field; the error names the field.
    pub fn validate(&self) -> Result<(), FieldError> {
        let bad = |field: &str, message: String| Err(FieldError::new(field, message));
        if self.layouts.is_empty() {
            return bad("layouts", "at least one layout is needed".into());
        }
        for (i, layout) in self.layouts.iter().enumerate() {
            let field = format!("layouts[{i}]");
            if layout.is_empty() || layout.len() > MAX_ZONES {
                return bad(&field, format!("{} zones, allowed 1 to {MAX_ZONES}", layout.len()));
            }
            let min = if layout.len() == 1 { MIN_SINGLE_ZONE_ROOMS } else { MIN_ZONE_ROOMS };
            if let Some(&rooms) = layout.iter().find(|&&r| !(min..=MAX_ZONE_ROOMS).contains(&r)) {
                return bad(&field, format!("a zone of {rooms} rooms, allowed {min} to {MAX_ZONE_ROOMS}"));
            }
        }
        if !(MIN_ROOM_SIDE..=MAX_ROOM_SIDE).contains(&self.room_min) {
            return bad("room_min", format!("{} must be in {MIN_ROOM_SIDE}..={MAX_ROOM_SIDE}", self.room_min));
        }
        if !(self.room_min..=MAX_ROOM_SIDE).contains(&self.room_max) {
            return bad(
                "room_max",
                format!("{} must be in room_min ({})..={MAX_ROOM_SIDE}", self.room_max, self.room_min),
            );
        }
        if self.corridor_slack > MAX_CORRIDOR_SLACK {
            return bad("corridor_slack", format!("{} must be at most {MAX_CORRIDOR_SLACK}", self.corridor_slack));
        }
        if !(1..=8).contains(&self.bridge_length) {
            return bad("bridge_length", format!("{} must be in 1..=8", self.bridge_length));
        }
        within("spare_cells", self.spare_cells, 0.0, 1.0)?;
        within("loop_share", self.loop_share, 0.0, 1.0)?;
        within("cave_walk_share", self.cave_walk_share, 0.0, 4.0)?;
        within("food_share", self.food_share, 0.0, 0.5)?;
        within("hazard_share", self.hazard_share, 0.0, 0.5)?;
        within("hazard_growth", self.hazard_growth, 0.0, 0.5)?;
        within("hazard_share_max", self.hazard_share_max, 0.0, 0.5)?;
        within("fill_bias", self.fill_bias, 0.0, 100.0)?;
        if self.cave_passes > 8 {
            return bad("cave_passes", format!("{} must be at most 8", self.cave_passes));
        }
        if self.cave_wall_at > 8 {
            return bad("cave_wall_at", format!("{} must be at most 8", self.cave_wall_at));
        }
        if self.cave_floor_at >= self.cave_wall_at {
            return bad(
                "cave_floor_at",
                format!("{} must be below cave_wall_at ({})", self.cave_floor_at, self.cave_wall_at),
            );
        }
        let (leaf, one, two) = self.branch_weights;
        for value in [leaf, one, two] {
            within("branch_weights", value, 0.0, 1000.0)?;
        }
        if one <= 0.0 {
            // One child is the move that always keeps the tree growable: it must stay possible.
            return bad("branch_weights", format!("the one-child weight {one} must be above 0"));
        }
        if self.zone_weights.is_empty() || self.zone_weights.len() > 8 {
            return bad("zone_weights", "1 to 8 weights are needed".into());
        }
        for (i, &w) in self.zone_weights.iter().enumerate() {
            within(&format!("zone_weights[{i}]"), w, f32::MIN_POSITIVE, 1000.0)?;
        }
        within("player_speed", self.player_speed, f32::MIN_POSITIVE, 1000.0)?;
        within("action_seconds", self.action_seconds, 0.0, 1000.0)?;
        within("par_slack", self.par_slack, 1.0, 1000.0)?;
        if self.lives == 0 || self.lives > 99 {
            return bad("lives", format!("{} must be in 1..=99", self.lives));
        }
        if !(1..=16).contains(&self.max_layout_tries) {
            return bad("max_layout_tries", format!("{} must be in 1..=16", self.max_layout_tries));
        }
        Ok(())
    }

    /// The default rooms per zone for dungeon `k` (from 1): the `k`-th layout, or past the end
    /// the last one with `growth_rooms` more per zone for every extra dungeon, capped.
    ///
    /// ```
    /// use seedfeast_procgen::dungeon::DungeonTuning;
    /// let tuning = DungeonTuning::default();
    /// assert_eq!(tuning.layout_for(1), tuning.layouts[0]);
    /// let last = tuning.layouts.len() as u32;
    /// assert!(tuning.layout_for(last + 3).iter().sum::<u32>() > tuning.layout_for(last).iter().sum::<u32>());
    /// ```
    pub fn layout_for(&self, k: u32) -> Vec<u32> {
        let index = (k.max(1) - 1) as usize;
        match self.layouts.get(index) {
            Some(layout) => layout.clone(),
            None => {
                let last = self.layouts.last().cloned().unwrap_or_else(|| vec![MIN_SINGLE_ZONE_ROOMS]);
                let extra = u64::from(self.growth_rooms) * (index + 1 - self.layouts.len()) as u64;
                last.iter().map(|&r| (u64::from(r) + extra).min(u64::from(MAX_ZONE_ROOMS)) as u32).collect()
            }
        }
    }

    /// Hazard share of stage tiles in dungeon `k`.
    pub(crate) fn hazard_share_at(&self, k: u32) -> f32 {
        let grown = self.hazard_share + self.hazard_growth * (k.max(1) - 1).min(1000) as f32;
        grown.min(self.hazard_share_max)
    }

    /// The partition cell: the smallest room, its shared wall and the corridor slack.
    pub(crate) fn cell_unit(&self) -> usize {
        self.room_min + 1 + self.corridor_slack
    }
}

impl Tuning for DungeonTuning {
    const PATH: &'static str = super::data::TUNING_PATH;
    const BUILT_IN: &'static str = super::data::TUNING_RON;

    fn check(&self) -> Result<(), FieldError> {
        self.validate()
    }
}

impl Default for DungeonTuning {
    /// The shipped tuning (`assets/dungeon/tuning.ron`), compiled in.
    fn default() -> Self {
        Self::built_in()
    }
}
