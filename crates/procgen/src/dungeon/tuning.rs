//! Dungeon tuning (`assets/dungeon/tuning.ron`): the default zone layouts per dungeon number, room
//! and partition sizes, cave carving, how the puzzle tree branches, food, hazards and the par.
//! Lengths are in tiles, speeds in tiles per second.

use serde::Deserialize;

use crate::data::{DataError, parse_ron};

/// The most zones a dungeon may have (one theme each).
pub const MAX_ZONES: usize = 6;
/// The fewest rooms a zone may have: one puzzle slot.
pub const MIN_ZONE_ROOMS: u32 = 2;
/// The fewest rooms a one-zone dungeon may have: two slots, the start and the finish.
pub const MIN_SINGLE_ZONE_ROOMS: u32 = 4;
/// The most rooms a zone may have.
pub const MAX_ZONE_ROOMS: u32 = 64;
/// The highest dungeon number.
pub const MAX_DUNGEON: u32 = 99_999;
/// The smallest room side: a 4 × 4 stage inside a ring of free floor, enough for a penned crate
/// puzzle.
pub const MIN_ROOM_SIDE: usize = 6;
/// The largest room side.
pub const MAX_ROOM_SIDE: usize = 16;
/// The most spare tiles per partition cell (how long corridors may get).
pub const MAX_CORRIDOR_SLACK: usize = 8;

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
    /// Parses and validates; a refused value names the file, the field's line and the field.
    pub fn from_ron(text: &str, file: &str) -> Result<DungeonTuning, DataError> {
        let tuning: DungeonTuning = parse_ron(text, file)?;
        tuning.validate().map_err(|message| DataError::invalid_field(text, file, message))?;
        Ok(tuning)
    }

    /// Checks every field; the message starts with the field's name.
    pub fn validate(&self) -> Result<(), String> {
        if self.layouts.is_empty() {
            return Err("layouts: at least one layout is needed".into());
        }
        for (i, layout) in self.layouts.iter().enumerate() {
            if layout.is_empty() || layout.len() > MAX_ZONES {
                return Err(format!("layouts: layout {i} has {} zones, allowed 1 to {MAX_ZONES}", layout.len()));
            }
            let min = if layout.len() == 1 { MIN_SINGLE_ZONE_ROOMS } else { MIN_ZONE_ROOMS };
            if let Some(&rooms) = layout.iter().find(|&&r| !(min..=MAX_ZONE_ROOMS).contains(&r)) {
                return Err(format!(
                    "layouts: layout {i} has a zone of {rooms} rooms, allowed {min} to {MAX_ZONE_ROOMS}"
                ));
            }
        }
        if !(MIN_ROOM_SIDE..=MAX_ROOM_SIDE).contains(&self.room_min) {
            return Err(format!("room_min: {} must be in {MIN_ROOM_SIDE}..={MAX_ROOM_SIDE}", self.room_min));
        }
        if !(self.room_min..=MAX_ROOM_SIDE).contains(&self.room_max) {
            return Err(format!(
                "room_max: {} must be in room_min ({})..={MAX_ROOM_SIDE}",
                self.room_max, self.room_min
            ));
        }
        if self.corridor_slack > MAX_CORRIDOR_SLACK {
            return Err(format!("corridor_slack: {} must be at most {MAX_CORRIDOR_SLACK}", self.corridor_slack));
        }
        if !(1..=8).contains(&self.bridge_length) {
            return Err(format!("bridge_length: {} must be in 1..=8", self.bridge_length));
        }
        let shares = [
            ("spare_cells", self.spare_cells, 1.0),
            ("loop_share", self.loop_share, 1.0),
            ("cave_walk_share", self.cave_walk_share, 4.0),
            ("food_share", self.food_share, 0.5),
            ("hazard_share", self.hazard_share, 0.5),
            ("hazard_growth", self.hazard_growth, 0.5),
            ("hazard_share_max", self.hazard_share_max, 0.5),
            ("fill_bias", self.fill_bias, 100.0),
        ];
        for (field, value, max) in shares {
            if !(value.is_finite() && (0.0..=max).contains(&value)) {
                return Err(format!("{field}: {value} must be a number in 0..={max}"));
            }
        }
        if self.cave_passes > 8 {
            return Err(format!("cave_passes: {} must be at most 8", self.cave_passes));
        }
        if self.cave_wall_at > 8 {
            return Err(format!("cave_wall_at: {} must be at most 8", self.cave_wall_at));
        }
        if self.cave_floor_at >= self.cave_wall_at {
            return Err(format!(
                "cave_floor_at: {} must be below cave_wall_at ({})",
                self.cave_floor_at, self.cave_wall_at
            ));
        }
        let (leaf, one, two) = self.branch_weights;
        for value in [leaf, one, two] {
            if !(value.is_finite() && (0.0..=1000.0).contains(&value)) {
                return Err(format!("branch_weights: {value} must be a number in 0..=1000"));
            }
        }
        if one <= 0.0 {
            // One child is the move that always keeps the tree growable: it must stay possible.
            return Err(format!("branch_weights: the one-child weight {one} must be above 0"));
        }
        if self.zone_weights.is_empty() || self.zone_weights.len() > 8 {
            return Err("zone_weights: 1 to 8 weights are needed".into());
        }
        if let Some(w) = self.zone_weights.iter().find(|w| !(w.is_finite() && **w > 0.0 && **w <= 1000.0)) {
            return Err(format!("zone_weights: {w} must be a number above 0 and at most 1000"));
        }
        for (field, value) in [
            ("player_speed", self.player_speed),
            ("action_seconds", self.action_seconds),
            ("par_slack", self.par_slack),
        ] {
            if !(value.is_finite() && value > 0.0 && value <= 1000.0) {
                return Err(format!("{field}: {value} must be a number above 0 and at most 1000"));
            }
        }
        if self.par_slack < 1.0 {
            return Err(format!("par_slack: {} must be at least 1", self.par_slack));
        }
        if self.lives == 0 || self.lives > 99 {
            return Err(format!("lives: {} must be in 1..=99", self.lives));
        }
        if !(1..=16).contains(&self.max_layout_tries) {
            return Err(format!("max_layout_tries: {} must be in 1..=16", self.max_layout_tries));
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
    pub fn hazard_share_at(&self, k: u32) -> f32 {
        let grown = self.hazard_share + self.hazard_growth * (k.max(1) - 1).min(1000) as f32;
        grown.min(self.hazard_share_max)
    }

    /// The partition cell: the smallest room, its shared wall and the corridor slack.
    pub fn cell_unit(&self) -> usize {
        self.room_min + 1 + self.corridor_slack
    }
}

impl Default for DungeonTuning {
    /// The shipped tuning (`assets/dungeon/tuning.ron`), compiled in.
    fn default() -> Self {
        DungeonTuning::from_ron(super::data::TUNING_RON, super::data::TUNING_FILE)
            .expect("the shipped dungeon tuning is checked by tests")
    }
}
