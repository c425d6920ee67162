//! The hand-authored chunk library (`assets/runner/chunks.ron`) and the checks it must pass.
//!
//! Chunk coordinates: `x` from the chunk's left edge, `y` upward from the ground surface.
//! A gap is authored as a take-off edge and a `size` in (0, 1]: its width is that share of the
//! widest gap allowed at the speed the player meets it, so gaps stretch as the run speeds up.

use serde::Deserialize;

use std::path::Path;

use crate::data::{DataError, parse_ron};
use crate::physics::JumpReach;
use crate::runner::RunnerTuning;
use crate::tuning::{DataFile, FieldError, non_negative, positive, read_data_file};

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChunkLibrary {
    /// Every chunk is this wide.
    pub chunk_width: f32,
    /// Solid ground required before and after every gap, at the widest gap size.
    pub min_landing: f32,
    pub chunks: Vec<ChunkDef>,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChunkDef {
    pub id: String,
    /// How hard the chunk is, 0 (a stroll) to 1 (the hardest).
    pub demand: f32,
    /// A rest chunk: flat ground, no hazards, a trail of food.
    #[serde(default)]
    pub rest: bool,
    #[serde(default)]
    pub gaps: Vec<GapDef>,
    #[serde(default)]
    pub platforms: Vec<PlatformDef>,
    #[serde(default)]
    pub hazards: Vec<HazardDef>,
    #[serde(default)]
    pub food: Vec<FoodSlot>,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GapDef {
    pub x: f32,
    pub size: f32,
}

/// A ledge the player can jump onto; `y` is its top surface.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlatformDef {
    pub x: f32,
    pub y: f32,
    pub width: f32,
}

/// A hazard standing on the ground, to be jumped over.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HazardDef {
    pub x: f32,
    pub width: f32,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FoodSlot {
    pub x: f32,
    pub y: f32,
}

/// The most chunks a library may hold: far more than a designer writes, few enough to check fast.
pub(crate) const MAX_CHUNKS: usize = 1000;
/// Where the library lives, relative to `assets/`.
pub const CHUNKS_PATH: &str = "runner/chunks.ron";
/// The shipped library, compiled in.
pub(crate) const CHUNKS_RON: &str = include_str!("../../../../assets/runner/chunks.ron");
/// The library as the registry lists it: a text of it is checked against the shipped tuning (a
/// loaded data set checks it against the tuning it is played with).
pub(crate) const CHUNKS_FILE: DataFile = DataFile { path: CHUNKS_PATH, built_in: CHUNKS_RON, check: check_chunks };

fn check_chunks(text: &str, file: &str) -> Result<(), DataError> {
    ChunkLibrary::from_ron(text, file, &<RunnerTuning as crate::tuning::Tuning>::built_in()).map(|_| ())
}
/// The fewest food slots that make a rest chunk's trail.
pub(crate) const REST_FOOD_TRAIL: usize = 3;
/// Platforms are slabs this thick under their top surface.
pub const PLATFORM_THICKNESS: f32 = 18.0;
/// Room left between the runner's head and a platform's underside, so running under one never snags.
pub const PLATFORM_HEADROOM: f32 = 8.0;
/// Platform tops are kept within this share of the jump height, so they can be reached.
pub(crate) const PLATFORM_REACH: f32 = 0.8;
/// Food is hung at most this share of a jump above the surface below it.
pub(crate) const FOOD_REACH: f32 = 0.9;

impl ChunkLibrary {
    /// Parses and validates the library against the tuning it will be played with; a mistake
    /// names the file and the line of the chunk it is in.
    pub fn from_ron(text: &str, file: &str, tuning: &RunnerTuning) -> Result<ChunkLibrary, DataError> {
        let library: ChunkLibrary = parse_ron(text, file)?;
        library.validate(tuning).map_err(|error| error.locate(text, file))?;
        Ok(library)
    }

    /// Reads and validates `runner/chunks.ron` under an assets folder.
    pub fn load(assets_dir: &Path, tuning: &RunnerTuning) -> Result<ChunkLibrary, DataError> {
        let path = assets_dir.join(CHUNKS_PATH);
        let shown = path.display().to_string();
        let text = read_data_file(&path).map_err(|reason| DataError::invalid(&shown, reason))?;
        ChunkLibrary::from_ron(&text, &shown, tuning)
    }

    pub fn validate(&self, tuning: &RunnerTuning) -> Result<(), FieldError> {
        positive("chunk_width", self.chunk_width)?;
        non_negative("min_landing", self.min_landing)?;
        if self.chunks.is_empty() {
            return Err(FieldError::new("chunks", "the library is empty"));
        }
        if self.chunks.len() > MAX_CHUNKS {
            return Err(FieldError::new("chunks", format!("{} chunks is more than {MAX_CHUNKS}", self.chunks.len())));
        }
        if !self.chunks.iter().any(|c| c.rest) {
            return Err(FieldError::new("chunks", "no rest chunk (at least one chunk needs `rest: true`)"));
        }
        for (i, chunk) in self.chunks.iter().enumerate() {
            let at = format!("chunks[{i}] \"{}\"", chunk.id);
            let marked = |message: String| FieldError::new(at.clone(), message).marked(format!("\"{}\"", chunk.id));
            if self.chunks[..i].iter().any(|c| c.id == chunk.id) {
                return Err(marked("the id is used twice".into()));
            }
            self.validate_chunk(chunk, tuning).map_err(marked)?;
        }
        Ok(())
    }

    /// One chunk's rules: its numbers, its demand, a rest chunk's flat trail, then its gaps, hazards,
    /// platforms and food against the tuning's jump.
    fn validate_chunk(&self, chunk: &ChunkDef, tuning: &RunnerTuning) -> Result<(), String> {
        finite_numbers(chunk)?;
        if !(0.0..=1.0).contains(&chunk.demand) {
            return Err(format!("demand {} is outside 0..1", chunk.demand));
        }
        if chunk.rest {
            if !chunk.gaps.is_empty() || !chunk.hazards.is_empty() || !chunk.platforms.is_empty() {
                return Err("a rest chunk has flat ground: no gaps, hazards or platforms".into());
            }
            if chunk.food.len() < REST_FOOD_TRAIL {
                return Err(format!("a rest chunk needs a trail of at least {REST_FOOD_TRAIL} food"));
            }
        }
        // Gaps are widest at top speed: they must fit with landing room on both sides then.
        let reach = JumpReach::of(tuning);
        let widest_gap = tuning.max_gap(&reach, tuning.speed_max);
        self.check_gaps(chunk, widest_gap)?;
        self.check_hazards(chunk, tuning, &reach, widest_gap)?;
        self.check_reach(chunk, &reach)
    }

    /// Each gap's size, with landing ground before it and after it at its widest.
    fn check_gaps(&self, chunk: &ChunkDef, widest_gap: f32) -> Result<(), String> {
        let width = self.chunk_width;
        let mut ground_from = self.min_landing;
        for (g, gap) in chunk.gaps.iter().enumerate() {
            if !(gap.size > 0.0 && gap.size <= 1.0) {
                return Err(format!("gaps[{g}].size {} must be in (0, 1]", gap.size));
            }
            if gap.x < ground_from {
                return Err(format!(
                    "gaps[{g}].x {} leaves less than min_landing ({}) of ground before it",
                    gap.x, self.min_landing
                ));
            }
            ground_from = gap.x + gap.size * widest_gap + self.min_landing;
            if ground_from > width {
                return Err(format!(
                    "gaps[{g}] can't fit: at top speed it is {:.0} wide and needs ground up to x = {ground_from:.0}, past the chunk width {width}",
                    gap.size * widest_gap
                ));
            }
        }
        Ok(())
    }

    /// Each hazard jumpable at the slowest speed, inside the chunk and clear of every gap.
    fn check_hazards(
        &self,
        chunk: &ChunkDef,
        tuning: &RunnerTuning,
        reach: &JumpReach,
        widest_gap: f32,
    ) -> Result<(), String> {
        let width = self.chunk_width;
        let jumpable = tuning.max_gap(reach, tuning.speed_min);
        for (h, hazard) in chunk.hazards.iter().enumerate() {
            if !(hazard.width > 0.0 && hazard.width <= jumpable) {
                return Err(format!(
                    "hazards[{h}].width {} must be in (0, {jumpable:.0}] to be jumped at the slowest speed",
                    hazard.width
                ));
            }
            if hazard.x < 0.0 || hazard.x + hazard.width > width {
                return Err(format!("hazards[{h}] lies outside the chunk"));
            }
            let over_gap = chunk
                .gaps
                .iter()
                .any(|gap| hazard.x < gap.x + gap.size * widest_gap && gap.x < hazard.x + hazard.width);
            if over_gap {
                return Err(format!("hazards[{h}] overlaps a gap"));
            }
        }
        Ok(())
    }

    /// Each platform and each food inside the chunk and within a jump's reach.
    fn check_reach(&self, chunk: &ChunkDef, reach: &JumpReach) -> Result<(), String> {
        let width = self.chunk_width;
        let top = PLATFORM_REACH * reach.height();
        for (p, platform) in chunk.platforms.iter().enumerate() {
            if !(platform.y > 0.0 && platform.y <= top) {
                return Err(format!("platforms[{p}].y {} must be in (0, {top:.0}] to be reached", platform.y));
            }
            if platform.x < 0.0 || platform.width <= 0.0 || platform.x + platform.width > width {
                return Err(format!("platforms[{p}] lies outside the chunk"));
            }
        }
        for (f, food) in chunk.food.iter().enumerate() {
            if food.x < 0.0 || food.x > width {
                return Err(format!("food[{f}].x {} lies outside the chunk", food.x));
            }
            let surface = chunk
                .platforms
                .iter()
                .filter(|p| (p.x..=p.x + p.width).contains(&food.x) && p.y <= food.y)
                .map(|p| p.y)
                .fold(0.0, f32::max);
            let highest = surface + FOOD_REACH * reach.height();
            if !(food.y >= 0.0 && food.y <= highest) {
                return Err(format!("food[{f}].y {} can't be reached (at most {highest:.0} here)", food.y));
            }
        }
        Ok(())
    }

    /// The lowest demand in the library: the floor the window never goes below.
    pub(crate) fn min_demand(&self) -> f32 {
        self.chunks.iter().map(|c| c.demand).fold(f32::INFINITY, f32::min)
    }
}

/// Every number of a chunk finite, checked first: NaN passes no comparison, so it would slip
/// past the range checks.
fn finite_numbers(chunk: &ChunkDef) -> Result<(), String> {
    let numbers = std::iter::once(("demand".to_string(), chunk.demand))
        .chain(
            chunk
                .gaps
                .iter()
                .enumerate()
                .flat_map(|(g, gap)| [(format!("gaps[{g}].x"), gap.x), (format!("gaps[{g}].size"), gap.size)]),
        )
        .chain(chunk.platforms.iter().enumerate().flat_map(|(p, platform)| {
            [
                (format!("platforms[{p}].x"), platform.x),
                (format!("platforms[{p}].y"), platform.y),
                (format!("platforms[{p}].width"), platform.width),
            ]
        }))
        .chain(chunk.hazards.iter().enumerate().flat_map(|(h, hazard)| {
            [(format!("hazards[{h}].x"), hazard.x), (format!("hazards[{h}].width"), hazard.width)]
        }))
        .chain(
            chunk
                .food
                .iter()
                .enumerate()
                .flat_map(|(f, food)| [(format!("food[{f}].x"), food.x), (format!("food[{f}].y"), food.y)]),
        );
    for (field, value) in numbers {
        if !value.is_finite() {
            return Err(format!("{field} is {value}: every number must be finite"));
        }
    }
    Ok(())
}

impl Default for ChunkLibrary {
    fn default() -> Self {
        ChunkLibrary::from_ron(CHUNKS_RON, &format!("assets/{CHUNKS_PATH}"), &RunnerTuning::default())
            .expect("the shipped chunk library is validated by tests")
    }
}
