//! What a caller asks for (dungeon number, zone sizes, themes) and why a request is refused.

use std::fmt;

use super::tuning::{DungeonTuning, MAX_DUNGEON, MAX_ZONE_ROOMS, MAX_ZONES, MIN_SINGLE_ZONE_ROOMS, MIN_ZONE_ROOMS};

/// A dungeon to generate.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DungeonRequest {
    /// The dungeon number K, from 1: picks the default layout and indexes the RNG streams.
    pub dungeon: u32,
    /// Rooms per zone in visiting order; `None` takes the tuning's layout for K.
    pub zones: Option<Vec<u32>>,
    /// Theme ids per zone in visiting order; `None` draws distinct themes from the seed.
    pub themes: Option<Vec<String>>,
}

impl DungeonRequest {
    /// Dungeon `k` with the default layout and drawn themes.
    pub fn new(dungeon: u32) -> DungeonRequest {
        DungeonRequest { dungeon, zones: None, themes: None }
    }

    /// The same request with these zone sizes.
    pub fn with_zones(mut self, zones: &[u32]) -> DungeonRequest {
        self.zones = Some(zones.to_vec());
        self
    }

    /// The same request with these themes.
    pub fn with_themes(mut self, themes: &[&str]) -> DungeonRequest {
        self.themes = Some(themes.iter().map(|t| t.to_string()).collect());
        self
    }

    /// The zone sizes this request means, checked.
    pub(crate) fn zone_sizes(&self, tuning: &DungeonTuning) -> Result<Vec<u32>, DungeonError> {
        if !(1..=MAX_DUNGEON).contains(&self.dungeon) {
            return Err(DungeonError::DungeonNumber(self.dungeon));
        }
        let zones = match &self.zones {
            Some(zones) => zones.clone(),
            None => tuning.layout_for(self.dungeon),
        };
        if zones.is_empty() {
            return Err(DungeonError::NoZones);
        }
        if zones.len() > MAX_ZONES {
            return Err(DungeonError::TooManyZones(zones.len()));
        }
        let min = if zones.len() == 1 { MIN_SINGLE_ZONE_ROOMS } else { MIN_ZONE_ROOMS };
        for (zone, &rooms) in zones.iter().enumerate() {
            if rooms < min {
                return Err(DungeonError::ZoneTooSmall { zone, rooms, min });
            }
            if rooms > MAX_ZONE_ROOMS {
                return Err(DungeonError::ZoneTooLarge { zone, rooms });
            }
        }
        Ok(zones)
    }
}

/// Why a dungeon could not be generated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DungeonError {
    /// The dungeon number is 0 or above [`MAX_DUNGEON`].
    DungeonNumber(u32),
    NoZones,
    TooManyZones(usize),
    /// A zone has too few rooms for one puzzle (or, alone, for the start and the finish).
    ZoneTooSmall {
        zone: usize,
        rooms: u32,
        min: u32,
    },
    ZoneTooLarge {
        zone: usize,
        rooms: u32,
    },
    /// The themes asked for don't match the zones (count, unknown id, repeated id).
    Themes(String),
    /// No valid layout within the tuning's tries (never seen; the tries are counted).
    LayoutFailed {
        tries: u32,
    },
}

impl fmt::Display for DungeonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DungeonError::DungeonNumber(k) => write!(f, "dungeon {k} is out of range: dungeons are 1 to {MAX_DUNGEON}"),
            DungeonError::NoZones => write!(f, "a dungeon needs at least one zone"),
            DungeonError::TooManyZones(n) => {
                write!(f, "{n} zones asked for: a dungeon has at most {MAX_ZONES} (one theme each)")
            }
            DungeonError::ZoneTooSmall { zone, rooms, min } if *min == MIN_SINGLE_ZONE_ROOMS => write!(
                f,
                "zone {zone} has {rooms} rooms: a dungeon of one zone needs at least {min} (2 puzzle slots, the start and the finish)"
            ),
            DungeonError::ZoneTooSmall { zone, rooms, min } => {
                write!(f, "zone {zone} has {rooms} rooms: a zone needs at least {min} (1 puzzle slot per 2 rooms)")
            }
            DungeonError::ZoneTooLarge { zone, rooms } => {
                write!(f, "zone {zone} has {rooms} rooms: a zone has at most {MAX_ZONE_ROOMS}")
            }
            DungeonError::Themes(why) => write!(f, "themes: {why}"),
            DungeonError::LayoutFailed { tries } => write!(f, "no valid layout in {tries} tries"),
        }
    }
}

impl std::error::Error for DungeonError {}
