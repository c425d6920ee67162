//! The hand-authored chunk library (`assets/runner/chunks.ron`) and the checks it must pass.
//!
//! Chunk coordinates: `x` from the chunk's left edge, `y` upward from the ground surface.
//! A gap is authored as a take-off edge and a `size` in (0, 1]: its width is that share of the
//! widest gap allowed at the speed the player meets it, so gaps stretch as the run speeds up.

use serde::Deserialize;

use crate::data::{DataError, parse_ron};
use crate::runner::RunnerTuning;

#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct ChunkLibrary {
    /// Every chunk is this wide.
    pub chunk_width: f32,
    /// Solid ground required before and after every gap, at the widest gap size.
    pub min_landing: f32,
    pub chunks: Vec<ChunkDef>,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
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
pub struct GapDef {
    pub x: f32,
    pub size: f32,
}

/// A ledge the player can jump onto; `y` is its top surface.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct PlatformDef {
    pub x: f32,
    pub y: f32,
    pub width: f32,
}

/// A hazard standing on the ground, to be jumped over.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct HazardDef {
    pub x: f32,
    pub width: f32,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct FoodSlot {
    pub x: f32,
    pub y: f32,
}

/// The fewest food slots that make a rest chunk's trail.
pub const REST_FOOD_TRAIL: usize = 3;
/// Platforms are slabs this thick under their top surface.
pub const PLATFORM_THICKNESS: f32 = 18.0;
/// Room left between the runner's head and a platform's underside, so running under one never snags.
pub const PLATFORM_HEADROOM: f32 = 8.0;
/// Platform tops are kept within this share of the jump height, so they can be reached.
pub const PLATFORM_REACH: f32 = 0.8;
/// Food is hung at most this share of a jump above the surface below it.
pub const FOOD_REACH: f32 = 0.9;

impl ChunkLibrary {
    /// Parses and validates the library against the tuning it will be played with.
    pub fn from_ron(text: &str, file: &str, tuning: &RunnerTuning) -> Result<ChunkLibrary, DataError> {
        let library: ChunkLibrary = parse_ron(text, file)?;
        library.validate(tuning).map_err(|message| {
            // Point at the chunk's line when the message names a chunk id.
            let line =
                message.split('"').nth(1).and_then(|id| text.lines().position(|l| l.contains(&format!("\"{id}\""))));
            match line {
                Some(line) => DataError::invalid(&format!("{file}:{}", line + 1), message),
                None => DataError::invalid(file, message),
            }
        })?;
        Ok(library)
    }

    pub fn validate(&self, tuning: &RunnerTuning) -> Result<(), String> {
        if !(self.chunk_width.is_finite() && self.chunk_width > 0.0) {
            return Err(format!("chunk_width: {} must be above 0", self.chunk_width));
        }
        if !(self.min_landing.is_finite() && self.min_landing >= 0.0) {
            return Err(format!("min_landing: {} must be 0 or more", self.min_landing));
        }
        if self.chunks.is_empty() {
            return Err("chunks: the library is empty".into());
        }
        if !self.chunks.iter().any(|c| c.rest) {
            return Err("chunks: no rest chunk (at least one chunk needs `rest: true`)".into());
        }
        for (i, chunk) in self.chunks.iter().enumerate() {
            let at = format!("chunks[{i}] \"{}\"", chunk.id);
            if self.chunks[..i].iter().any(|c| c.id == chunk.id) {
                return Err(format!("{at}: the id is used twice"));
            }
            self.validate_chunk(chunk, tuning).map_err(|e| format!("{at}: {e}"))?;
        }
        Ok(())
    }

    fn validate_chunk(&self, chunk: &ChunkDef, tuning: &RunnerTuning) -> Result<(), String> {
        let width = self.chunk_width;
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
        let widest_gap = tuning.max_gap(tuning.speed_max);
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
        let jumpable = tuning.max_gap(tuning.speed_min);
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
        let reach = PLATFORM_REACH * tuning.jump_height();
        for (p, platform) in chunk.platforms.iter().enumerate() {
            if !(platform.y > 0.0 && platform.y <= reach) {
                return Err(format!("platforms[{p}].y {} must be in (0, {reach:.0}] to be reached", platform.y));
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
            let highest = surface + FOOD_REACH * tuning.jump_height();
            if !(food.y >= 0.0 && food.y <= highest) {
                return Err(format!("food[{f}].y {} can't be reached (at most {highest:.0} here)", food.y));
            }
        }
        Ok(())
    }

    /// The lowest demand in the library: the floor the window never goes below.
    pub fn min_demand(&self) -> f32 {
        self.chunks.iter().map(|c| c.demand).fold(f32::INFINITY, f32::min)
    }
}

impl Default for ChunkLibrary {
    fn default() -> Self {
        ChunkLibrary::from_ron(crate::assets::RUNNER_CHUNKS_RON, "assets/runner/chunks.ron", &RunnerTuning::default())
            .expect("the shipped chunk library is validated by tests")
    }
}
