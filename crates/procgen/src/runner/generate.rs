//! Runner track generation: windowed chunk selection, forced rest, gaps sized to the jump. Each
//! decision can be narrated to a [`Trace`] ([`RunnerStep`] events); untraced, nothing is built.

use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use crate::Seed;
use crate::food::{FoodKind, FoodPicker};
use crate::physics::JumpReach;
use crate::rng::{GenRng, Subsystem, stream};
use crate::runner::explain::{Candidate, Pick, RunnerStep, Weighted};
use crate::runner::{ChunkDef, RunnerConfig};
use crate::trace::{NoTrace, Trace};

/// A stretch along the track, in world units.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Span {
    pub x: f32,
    pub width: f32,
}

impl Span {
    pub fn end(&self) -> f32 {
        self.x + self.width
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Platform {
    pub x: f32,
    pub y: f32,
    pub width: f32,
}

#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Food {
    pub x: f32,
    pub y: f32,
    pub kind: FoodKind,
}

/// One chunk as laid on the track; lengths in world units, `x` from the start of the run.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlacedChunk {
    pub index: usize,
    pub id: String,
    pub demand: f32,
    /// Intensity at the chunk's left edge; it chose the chunk.
    pub intensity: f32,
    /// Running speed at the chunk's left edge.
    pub speed: f32,
    /// Jump range at that speed.
    pub jump_range: f32,
    pub rest: bool,
    /// True when a rule (forced rest, or the warm-up that opens a run), not the window, chose this chunk.
    pub forced_rest: bool,
    pub x: f32,
    pub width: f32,
    pub gaps: Vec<Span>,
    /// The solid ground: the chunk minus its gaps.
    pub ground: Vec<Span>,
    pub platforms: Vec<Platform>,
    pub hazards: Vec<Span>,
    pub food: Vec<Food>,
}

/// Produces the track chunk by chunk, forever; the game pulls chunks as the player advances,
/// tools collect a fixed number. Each call does a bounded amount of work.
#[derive(Clone, Debug)]
pub struct RunnerGenerator {
    config: RunnerConfig,
    reach: JumpReach,
    chunk_rng: ChaCha8Rng,
    food_rng: ChaCha8Rng,
    food: FoodPicker,
    next_index: usize,
    next_x: f32,
    demanding_streak: u32,
    /// Library indices sorted by demand, hardest first (stable: ties keep library order).
    by_demand: Vec<usize>,
    rest_chunks: Vec<usize>,
    min_demand: f32,
    /// `choose`'s candidates and their weights, kept between calls so picking a chunk allocates
    /// nothing (a sweep picks 200 a track).
    candidates: Vec<usize>,
    weights: Vec<f32>,
}

impl RunnerGenerator {
    /// A run of `seed` for a runner whose jump reaches `reach` (from the physics plugin).
    pub fn new(config: RunnerConfig, reach: JumpReach, seed: Seed) -> RunnerGenerator {
        let mut by_demand: Vec<usize> = (0..config.library.chunks.len()).collect();
        by_demand.sort_by(|&a, &b| config.library.chunks[b].demand.total_cmp(&config.library.chunks[a].demand));
        let rest_chunks = (0..config.library.chunks.len()).filter(|&i| config.library.chunks[i].rest).collect();
        RunnerGenerator {
            chunk_rng: stream(seed, Subsystem::RunnerChunks, 0),
            food_rng: stream(seed, Subsystem::RunnerFood, 0),
            food: FoodPicker::new(config.food.clone()),
            next_index: 0,
            next_x: 0.0,
            demanding_streak: 0,
            by_demand,
            rest_chunks,
            min_demand: config.library.min_demand(),
            candidates: Vec::new(),
            weights: Vec::new(),
            config,
            reach,
        }
    }

    pub fn config(&self) -> &RunnerConfig {
        &self.config
    }

    /// The jump reach the gaps are sized to.
    pub fn reach(&self) -> JumpReach {
        self.reach
    }

    /// Picks the library chunk for the next slot and whether forced rest chose it.
    fn choose<T: Trace<RunnerStep>>(&mut self, intensity: f32, trace: &mut T) -> (usize, bool) {
        let tuning = &self.config.tuning;
        let chunks = &self.config.library.chunks;
        let warming_up = self.next_index < tuning.warmup_chunks as usize;
        if warming_up || self.demanding_streak >= tuning.rest_after {
            let pick = self.rest_chunks[self.chunk_rng.below(self.rest_chunks.len())];
            trace.note(|| {
                let (rest_chunks, pick) = (self.rest_chunks.len(), pick_of(chunks, pick));
                if warming_up {
                    RunnerStep::Warmup {
                        index: self.next_index,
                        warmup_chunks: tuning.warmup_chunks,
                        rest_chunks,
                        pick,
                    }
                } else {
                    let (streak, rest_after) = (self.demanding_streak, tuning.rest_after);
                    RunnerStep::ForcedRest { streak, rest_after, rest_chunks, pick }
                }
            });
            return (pick, true);
        }
        // The window never closes completely: when no chunk is easy enough, the easiest ones stay.
        let limit = (intensity + tuning.window).max(self.min_demand);
        let candidates = &mut self.candidates;
        candidates.clear();
        candidates.extend(self.by_demand.iter().copied().filter(|&i| chunks[i].demand <= limit));
        trace.note(|| {
            let listed = |admitted: bool| {
                let of = |&i: &usize| Candidate { id: chunks[i].id.clone(), demand: chunks[i].demand };
                self.by_demand.iter().filter(|&&i| (chunks[i].demand <= limit) == admitted).map(of).collect()
            };
            let (window, min_demand) = (tuning.window, self.min_demand);
            RunnerStep::Window { intensity, window, min_demand, limit, admitted: listed(true), refused: listed(false) }
        });
        let top = ((candidates.len() as f32 * tuning.top_share).ceil() as usize).clamp(1, candidates.len());
        // Weighted by intensity: at 1 harder chunks are likelier, at 0 easier ones.
        self.weights.clear();
        self.weights.extend(candidates[..top].iter().map(|&i| {
            let demand = chunks[i].demand;
            0.05 + intensity * demand + (1.0 - intensity) * (1.0 - demand)
        }));
        let pick = candidates[self.chunk_rng.weighted(&self.weights)];
        trace.note(|| {
            let weights = candidates[..top]
                .iter()
                .zip(&self.weights)
                .map(|(&i, &weight)| Weighted { id: chunks[i].id.clone(), demand: chunks[i].demand, weight })
                .collect();
            let (top_share, admitted, pick) = (tuning.top_share, candidates.len(), pick_of(chunks, pick));
            RunnerStep::Draw { top_share, admitted, top, weights, pick }
        });
        (pick, false)
    }

    pub fn next_chunk(&mut self) -> PlacedChunk {
        self.next_chunk_traced(&mut NoTrace)
    }

    /// [`RunnerGenerator::next_chunk`], narrating each decision to `trace` (the rules first, before
    /// the first chunk).
    pub(crate) fn next_chunk_traced<T: Trace<RunnerStep>>(&mut self, trace: &mut T) -> PlacedChunk {
        if self.next_index == 0 {
            trace.note(|| self.rules());
        }
        let x0 = self.next_x;
        let intensity = self.config.intensity_at(x0);
        trace.note(|| {
            let speed = self.config.speed_at(x0);
            let progress = x0 / self.config.tuning.distance_per_step;
            let jump_range = self.reach.range(speed);
            RunnerStep::Intensity { index: self.next_index, x: x0, progress, intensity, speed, jump_range }
        });
        let (library_index, forced_rest) = self.choose(intensity, trace);
        let def = &self.config.library.chunks[library_index];
        let tuning = &self.config.tuning;
        let width = self.config.library.chunk_width;

        let gaps = self.lay_gaps(def, x0, trace);
        let ground = ground_around(x0, width, &gaps);
        if T::ON {
            for p in &def.platforms {
                trace.note(|| RunnerStep::Platform { local_x: p.x, x: x0 + p.x, y: p.y, width: p.width });
            }
            for h in &def.hazards {
                trace.note(|| RunnerStep::Hazard { local_x: h.x, x: x0 + h.x, width: h.width });
            }
        }

        let food = pick_food(&mut self.food, &mut self.food_rng, def, x0, trace);
        let speed = self.config.speed_at(x0);
        let chunk = PlacedChunk {
            index: self.next_index,
            id: def.id.clone(),
            demand: def.demand,
            intensity,
            speed,
            jump_range: self.reach.range(speed),
            rest: def.rest,
            forced_rest,
            x: x0,
            width,
            gaps,
            ground,
            platforms: def.platforms.iter().map(|p| Platform { x: x0 + p.x, y: p.y, width: p.width }).collect(),
            hazards: def.hazards.iter().map(|h| Span { x: x0 + h.x, width: h.width }).collect(),
            food,
        };
        self.demanding_streak =
            if !def.rest && def.demand > tuning.demanding_above { self.demanding_streak + 1 } else { 0 };
        trace.note(|| RunnerStep::Streak {
            demand: def.demand,
            rest: def.rest,
            demanding_above: tuning.demanding_above,
            streak: self.demanding_streak,
            rest_after: tuning.rest_after,
        });
        self.next_index += 1;
        self.next_x += width;
        chunk
    }

    /// The gaps of chunk `def` laid from `x0`, each its share of the widest gap the jump clears at
    /// the speed where it lies.
    fn lay_gaps<T: Trace<RunnerStep>>(&self, def: &ChunkDef, x0: f32, trace: &mut T) -> Vec<Span> {
        let tuning = &self.config.tuning;
        def.gaps
            .iter()
            .map(|gap| {
                let x = x0 + gap.x;
                let speed = self.config.speed_at(x);
                let width = gap.size * tuning.max_gap(&self.reach, speed);
                trace.note(|| RunnerStep::Gap {
                    local_x: gap.x,
                    x,
                    intensity: self.config.intensity_at(x),
                    speed,
                    jump_range: self.reach.range(speed),
                    gap_ratio: tuning.gap_ratio,
                    max_gap: tuning.max_gap(&self.reach, speed),
                    size: gap.size,
                    width,
                });
                Span { x, width }
            })
            .collect()
    }

    /// The numbers every later rule reads: the first event of a traced track.
    fn rules(&self) -> RunnerStep {
        let tuning = &self.config.tuning;
        RunnerStep::Rules {
            gravity: self.reach.gravity,
            jump_speed: self.reach.jump_speed,
            speed_min: tuning.speed_min,
            speed_max: tuning.speed_max,
            window: tuning.window,
            top_share: tuning.top_share,
            demanding_above: tuning.demanding_above,
            rest_after: tuning.rest_after,
            warmup_chunks: tuning.warmup_chunks,
            gap_ratio: tuning.gap_ratio,
            chunk_width: self.config.library.chunk_width,
            distance_per_step: tuning.distance_per_step,
        }
    }
}

/// The food of chunk `def` laid from `x0`: a kind drawn for each of its slots, in order.
fn pick_food<T: Trace<RunnerStep>>(
    picker: &mut FoodPicker,
    rng: &mut ChaCha8Rng,
    def: &ChunkDef,
    x0: f32,
    trace: &mut T,
) -> Vec<Food> {
    def.food
        .iter()
        .map(|slot| {
            let (kind, pity) = picker.pick_why(rng);
            let x = x0 + slot.x;
            trace.note(|| RunnerStep::Food { local_x: slot.x, x, y: slot.y, kind, pity });
            Food { x, y: slot.y, kind }
        })
        .collect()
}

/// A chosen library chunk, as the trace names it.
fn pick_of(chunks: &[crate::runner::ChunkDef], library: usize) -> Pick {
    let def = &chunks[library];
    Pick { library, id: def.id.clone(), demand: def.demand, rest: def.rest }
}

/// The solid ground of a chunk from `x0`, `width` wide: the chunk minus its gaps (in order).
/// Shared with [`crate::runner::rebuild`]: ground is no decision, only what the gaps leave.
pub(crate) fn ground_around(x0: f32, width: f32, gaps: &[Span]) -> Vec<Span> {
    let mut ground = Vec::with_capacity(gaps.len() + 1);
    let mut from = x0;
    for gap in gaps {
        ground.push(Span { x: from, width: gap.x - from });
        from = gap.end();
    }
    ground.push(Span { x: from, width: x0 + width - from });
    ground
}

impl Iterator for RunnerGenerator {
    type Item = PlacedChunk;

    fn next(&mut self) -> Option<PlacedChunk> {
        Some(self.next_chunk())
    }
}

/// A whole track of `chunks` chunks for a seed.
///
/// ```
/// use seedfeast_procgen::{Seed, physics::JumpReach, runner::{RunnerConfig, generate_track, validate_track}};
/// let config = RunnerConfig::default();
/// let reach = JumpReach::of(&config.tuning);
/// let track = generate_track(&config, reach, Seed(7), 50);
/// assert_eq!(track.len(), 50);
/// assert_eq!(track, generate_track(&config, reach, Seed(7), 50));
/// assert!(validate_track(&config, reach, &track).is_empty());
/// ```
pub fn generate_track(config: &RunnerConfig, reach: JumpReach, seed: Seed, chunks: usize) -> Vec<PlacedChunk> {
    generate_track_traced(config, reach, seed, chunks, &mut NoTrace)
}

/// [`generate_track`], narrating every decision to `trace`: the same track, bit for bit.
pub fn generate_track_traced<T: Trace<RunnerStep>>(
    config: &RunnerConfig,
    reach: JumpReach,
    seed: Seed,
    chunks: usize,
    trace: &mut T,
) -> Vec<PlacedChunk> {
    let mut generator = RunnerGenerator::new(config.clone(), reach, seed);
    (0..chunks).map(|_| generator.next_chunk_traced(trace)).collect()
}
