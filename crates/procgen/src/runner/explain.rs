//! What the Runner's generator says while it lays a track ([`RunnerStep`]): the rules it reads,
//! then per chunk the intensity there, how the chunk was chosen (warm-up, forced rest, or the
//! window and a weighted draw among its hardest share), each gap sized against the jump, the
//! pieces laid, and the demanding streak that forces rest. Every number is the one the generator
//! used; [`crate::runner::rebuild`] lays the track again from these events alone.

use serde::Serialize;

use crate::food::FoodKind;
use crate::trace::Step;

/// A library chunk a rule chose.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Pick {
    /// Its place in the chunk library.
    pub library: usize,
    pub id: String,
    pub demand: f32,
    pub rest: bool,
}

/// A library chunk the window weighed.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Candidate {
    pub id: String,
    pub demand: f32,
}

/// A chunk of the top share and its weight in the draw.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Weighted {
    pub id: String,
    pub demand: f32,
    /// 0.05 + intensity × demand + (1 − intensity) × (1 − demand).
    pub weight: f32,
}

/// One decision of the Runner's generator, in the order made. Serialized with its rule's name in
/// a `rule` field (`{"rule": "window", …}`).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "rule", rename_all = "kebab-case")]
pub enum RunnerStep {
    /// Once, before the first chunk: the numbers every later rule reads. `gravity` and
    /// `jump_speed` are the jump's (the physics the game simulates).
    Rules {
        gravity: f32,
        jump_speed: f32,
        speed_min: f32,
        speed_max: f32,
        window: f32,
        top_share: f32,
        demanding_above: f32,
        rest_after: u32,
        warmup_chunks: u32,
        gap_ratio: f32,
        chunk_width: f32,
        distance_per_step: f32,
    },
    /// A chunk's slot opens at `x`: the intensity there (the curve at `x / distance_per_step`), the
    /// running speed it gives and the jump's range at that speed.
    Intensity { index: usize, x: f32, progress: f32, intensity: f32, speed: f32, jump_range: f32 },
    /// The run opens with rest chunks: one drawn uniformly among the library's rest chunks.
    Warmup { index: usize, warmup_chunks: u32, rest_chunks: usize, pick: Pick },
    /// After `rest_after` demanding chunks in a row, a rest chunk drawn uniformly.
    ForcedRest { streak: u32, rest_after: u32, rest_chunks: usize, pick: Pick },
    /// The window: the chunks with demand ≤ `limit` = max(intensity + window, the easiest demand)
    /// are admitted, hardest first.
    Window {
        intensity: f32,
        window: f32,
        min_demand: f32,
        limit: f32,
        admitted: Vec<Candidate>,
        refused: Vec<Candidate>,
    },
    /// The draw: among the hardest `top` = ceil(admitted × top_share) admitted chunks, one picked in
    /// proportion to its weight.
    Draw { top_share: f32, admitted: usize, top: usize, weights: Vec<Weighted>, pick: Pick },
    /// A gap sized against the jump: at `x` the speed gives the range (speed × 2 × jump speed /
    /// gravity), at most `gap_ratio` of it is allowed (`max_gap`), and the chunk's authored `size`
    /// of that is the gap's `width`.
    Gap {
        local_x: f32,
        x: f32,
        intensity: f32,
        speed: f32,
        jump_range: f32,
        gap_ratio: f32,
        max_gap: f32,
        size: f32,
        width: f32,
    },
    /// A platform of the chosen chunk, laid at the chunk's `x` plus its own.
    Platform { local_x: f32, x: f32, y: f32, width: f32 },
    /// A hazard standing on the ground.
    Hazard { local_x: f32, x: f32, width: f32 },
    /// A food on one of the chunk's food slots: drawn by the food table's weights, or forced by
    /// its pity rule (`pity`: the entry appears at least once in every that many picks).
    Food { local_x: f32, x: f32, y: f32, kind: FoodKind, pity: Option<u32> },
    /// The chunk counted (or not) towards the demanding streak that forces rest.
    Streak { demand: f32, rest: bool, demanding_above: f32, streak: u32, rest_after: u32 },
}

impl Step for RunnerStep {
    fn rule(&self) -> &'static str {
        match self {
            RunnerStep::Rules { .. } => "rules",
            RunnerStep::Intensity { .. } => "intensity",
            RunnerStep::Warmup { .. } => "warmup",
            RunnerStep::ForcedRest { .. } => "forced-rest",
            RunnerStep::Window { .. } => "window",
            RunnerStep::Draw { .. } => "draw",
            RunnerStep::Gap { .. } => "gap",
            RunnerStep::Platform { .. } => "platform",
            RunnerStep::Hazard { .. } => "hazard",
            RunnerStep::Food { .. } => "food",
            RunnerStep::Streak { .. } => "streak",
        }
    }

    fn caption(&self) -> String {
        match self {
            RunnerStep::Rules { gravity, jump_speed, window, top_share, rest_after, gap_ratio, .. } => format!(
                "rules: jump speed {jump_speed} under gravity {gravity}; window +{window}, top {:.0}%, rest after \
                 {rest_after} demanding chunks, gaps at most {:.0}% of the jump",
                top_share * 100.0,
                gap_ratio * 100.0
            ),
            RunnerStep::Intensity { index, x, progress, intensity, speed, jump_range } => format!(
                "chunk {index} at x {x:.0}: intensity {intensity:.2} (curve at {progress:.2}), speed {speed:.0}, \
                 jump range {jump_range:.0}"
            ),
            RunnerStep::Warmup { index, warmup_chunks, rest_chunks, pick } => format!(
                "warm-up: chunk {index} of the first {warmup_chunks} is a rest chunk: \"{}\" (1 of {rest_chunks})",
                pick.id
            ),
            RunnerStep::ForcedRest { streak, rest_after, rest_chunks, pick } => format!(
                "forced rest: {streak} demanding chunks in a row ≥ {rest_after}: \"{}\" (1 of {rest_chunks} rest chunks)",
                pick.id
            ),
            RunnerStep::Window { intensity, window, min_demand, limit, admitted, refused } => {
                let floor = if *limit > intensity + window {
                    format!(", raised to the easiest {min_demand:.2}")
                } else {
                    String::new()
                };
                format!(
                    "window: demand ≤ intensity {intensity:.2} + {window:.2} = {:.2}{floor}: {} of {} chunks admitted",
                    intensity + window,
                    admitted.len(),
                    admitted.len() + refused.len()
                )
            }
            RunnerStep::Draw { top_share, admitted, top, weights, pick } => {
                let total: f32 = weights.iter().map(|w| w.weight).sum();
                let weight = weights.iter().find(|w| w.id == pick.id).map_or(0.0, |w| w.weight);
                format!(
                    "draw: from the hardest {top} of {admitted} (top {:.0}%): \"{}\" at weight {weight:.2} of {total:.2}",
                    top_share * 100.0,
                    pick.id
                )
            }
            RunnerStep::Gap { x, speed, jump_range, gap_ratio, max_gap, size, width, .. } => format!(
                "gap at x {x:.0}: speed {speed:.0} → jump range {jump_range:.1} → {:.0}% = {max_gap:.1}; size {size} → \
                 {width:.1} wide",
                gap_ratio * 100.0
            ),
            RunnerStep::Platform { x, y, width, .. } => format!("platform at x {x:.0}, {y:.0} up, {width:.0} wide"),
            RunnerStep::Hazard { x, width, .. } => format!("hazard at x {x:.0}, {width:.0} wide"),
            RunnerStep::Food { x, y, kind, pity, .. } => {
                let why = match pity {
                    Some(n) => format!("its pity rule: at least one in every {n}"),
                    None => "drawn by the food table's weights".to_string(),
                };
                format!("food at x {x:.0}, {y:.0} up: {kind:?} ({why})")
            }
            RunnerStep::Streak { demand, rest, demanding_above, streak, rest_after } => {
                if *rest {
                    "streak: a rest chunk: back to 0".to_string()
                } else if demand > demanding_above {
                    format!("streak: demand {demand:.2} > {demanding_above:.2}: {streak} of {rest_after} before rest")
                } else {
                    format!("streak: demand {demand:.2} ≤ {demanding_above:.2}: back to 0")
                }
            }
        }
    }

    fn weight(&self) -> usize {
        match self {
            RunnerStep::Window { admitted, refused, .. } => 1 + admitted.len() + refused.len(),
            RunnerStep::Draw { weights, .. } => 1 + weights.len(),
            _ => 1,
        }
    }

    /// The window's verdict on each chunk (`demand 0.41 ≤ intensity 0.25 + 0.22: admitted`) and
    /// the draw's weight of each chunk it drew from.
    fn details(&self) -> Vec<String> {
        match self {
            RunnerStep::Window { intensity, window, limit, admitted, refused, .. } => {
                let floor =
                    if *limit > intensity + window { format!(" (the easiest: {limit:.2})") } else { String::new() };
                let admitted = admitted.iter().map(|c| {
                    format!(
                        "\"{}\": demand {:.2} ≤ intensity {intensity:.2} + {window:.2}{floor}: admitted",
                        c.id, c.demand
                    )
                });
                let refused = refused.iter().map(|c| {
                    format!(
                        "\"{}\": demand {:.2} > intensity {intensity:.2} + {window:.2}{floor}: refused",
                        c.id, c.demand
                    )
                });
                admitted.chain(refused).collect()
            }
            RunnerStep::Draw { weights, .. } => weights
                .iter()
                .map(|w| format!("\"{}\": demand {:.2}, weight {:.3}", w.id, w.demand, w.weight))
                .collect(),
            _ => Vec::new(),
        }
    }
}
