//! Re-checks every rule the Runner generator promises, on any track, from the config alone.

use crate::food::{FoodKind, pity_violations};
use crate::physics::JumpReach;
use crate::runner::clearable::sequence_violations;
use crate::runner::library::{ChunkDef, REST_FOOD_TRAIL};
use crate::runner::{PlacedChunk, RunnerConfig};

/// Float slack for comparisons of values recomputed along a different path.
const EPS: f32 = 1e-3;

pub use crate::violation::Violation;

/// Every violation on `track` (which must start at chunk 0); an empty list means fair.
pub fn validate_track(config: &RunnerConfig, reach: JumpReach, track: &[PlacedChunk]) -> Vec<Violation> {
    let library = &config.library;
    let mut violations = Vec::new();
    let mut flag =
        |chunk: usize, rule: &'static str, detail: String| violations.push(Violation::at("chunk", chunk, rule, detail));
    let mut pace = Pace { streak: 0, expected_x: 0.0 };
    for (i, chunk) in track.iter().enumerate() {
        let Some(def) = library.chunks.iter().find(|c| c.id == chunk.id) else {
            flag(i, "library", format!("\"{}\" is not in the library", chunk.id));
            continue;
        };
        let intensity = check_layout(config, reach, i, chunk, def, &mut pace, &mut flag);
        check_pacing(config, i, chunk, intensity, &mut pace, &mut flag);
        check_ground(config, reach, i, chunk, &mut flag);
    }
    // Each obstacle alone is jumpable by the rules above; the sequence check asks whether the
    // landings line up so the runner can get past all of them, one after another.
    violations.extend(sequence_violations(config, reach, track));
    violations.extend(food_pity_violations(config, track));
    violations
}

/// What the walk along the track carries from one chunk to the next.
struct Pace {
    /// Demanding chunks in a row just before this one.
    streak: u32,
    /// Where this chunk should start: the end of the one before.
    expected_x: f32,
}

/// Chunk `i`'s place, intensity, speed and jump range by the curve, and its flags by the
/// library (`layout`, `intensity`, `jump range`, `library`); gives the curve's intensity there.
fn check_layout(
    config: &RunnerConfig,
    reach: JumpReach,
    i: usize,
    chunk: &PlacedChunk,
    def: &ChunkDef,
    pace: &mut Pace,
    flag: &mut impl FnMut(usize, &'static str, String),
) -> f32 {
    let expected_x = pace.expected_x;
    if chunk.index != i || (chunk.x - expected_x).abs() > EPS || chunk.width != config.library.chunk_width {
        flag(
            i,
            "layout",
            format!("chunk {} at x {} width {}: expected x {expected_x}", chunk.index, chunk.x, chunk.width),
        );
    }
    pace.expected_x = chunk.x + chunk.width;
    let intensity = config.intensity_at(chunk.x);
    let speed = config.speed_at(chunk.x);
    if (chunk.intensity - intensity).abs() > EPS || (chunk.speed - speed).abs() > EPS {
        flag(
            i,
            "intensity",
            format!("intensity {} speed {}, the curve gives {intensity} {speed}", chunk.intensity, chunk.speed),
        );
    }
    if (chunk.jump_range - reach.range(speed)).abs() > EPS {
        flag(i, "jump range", format!("{} is not speed × 2 × jump_speed / gravity", chunk.jump_range));
    }
    if chunk.rest != def.rest || chunk.demand != def.demand {
        flag(i, "library", "demand or rest flag differs from the library".into());
    }
    intensity
}

/// The pacing rules on chunk `i` (`warm-up`, `forced rest`, `window`, `rest chunk`), moving the
/// demanding streak on past it.
fn check_pacing(
    config: &RunnerConfig,
    i: usize,
    chunk: &PlacedChunk,
    intensity: f32,
    pace: &mut Pace,
    flag: &mut impl FnMut(usize, &'static str, String),
) {
    let tuning = &config.tuning;
    let streak = pace.streak;
    // The run opens with rest chunks; then never more than `rest_after` demanding chunks in a row.
    let warming_up = i < tuning.warmup_chunks as usize;
    if warming_up && !chunk.rest {
        flag(i, "warm-up", format!("\"{}\" opens the run instead of a rest chunk", chunk.id));
    }
    if streak >= tuning.rest_after && !chunk.rest {
        flag(
            i,
            "forced rest",
            format!("{streak} demanding chunks in a row, then \"{}\" instead of a rest chunk", chunk.id),
        );
    }
    // Windowed selection (the forced rest chunk is exempt).
    let limit = (intensity + tuning.window).max(config.library.min_demand());
    let rule_chose_rest = chunk.rest && (warming_up || streak >= tuning.rest_after);
    if !rule_chose_rest && chunk.demand > limit + EPS {
        flag(i, "window", format!("demand {} above intensity {intensity:.3} + window {}", chunk.demand, tuning.window));
    }
    pace.streak = if !chunk.rest && chunk.demand > tuning.demanding_above { streak + 1 } else { 0 };

    // Rest chunks: flat ground, no hazards, a food trail.
    if chunk.rest
        && (!chunk.gaps.is_empty()
            || !chunk.hazards.is_empty()
            || !chunk.platforms.is_empty()
            || chunk.food.len() < REST_FOOD_TRAIL)
    {
        flag(i, "rest chunk", "a rest chunk must be flat, hazard-free and carry a food trail".into());
    }
}

/// Reachability on chunk `i` (`gap`, `hazard`, `ground`, `food`): each gap within gap_ratio of
/// the jump range where the player meets it, with landing ground before and after, inside the
/// chunk; ground and gaps tiling it; each hazard jumpable; the food inside it.
fn check_ground(
    config: &RunnerConfig,
    reach: JumpReach,
    i: usize,
    chunk: &PlacedChunk,
    flag: &mut impl FnMut(usize, &'static str, String),
) {
    let (tuning, library) = (&config.tuning, &config.library);
    let chunk_end = chunk.x + chunk.width;
    let mut ground_from = chunk.x + library.min_landing;
    for gap in &chunk.gaps {
        let allowed = tuning.gap_ratio * reach.range(config.speed_at(gap.x));
        if !(gap.width > 0.0 && gap.width <= allowed + EPS) {
            flag(i, "gap", format!("gap at {} is {} wide, allowed {allowed}", gap.x, gap.width));
        }
        if gap.x + EPS < ground_from || gap.end() + library.min_landing > chunk_end + EPS {
            flag(i, "gap", format!("gap at {} leaves under {} of landing ground", gap.x, library.min_landing));
        }
        ground_from = gap.end() + library.min_landing;
        if chunk.hazards.iter().any(|h| h.x < gap.end() && gap.x < h.end()) {
            flag(i, "hazard", format!("a hazard overlaps the gap at {}", gap.x));
        }
    }
    let ground_total: f32 =
        chunk.ground.iter().map(|g| g.width).sum::<f32>() + chunk.gaps.iter().map(|g| g.width).sum::<f32>();
    if (ground_total - chunk.width).abs() > EPS * chunk.width.max(1.0) || chunk.ground.iter().any(|g| g.width < 0.0) {
        flag(i, "ground", "ground and gaps do not tile the chunk".into());
    }
    let jumpable = tuning.gap_ratio * reach.range(tuning.speed_min);
    for hazard in &chunk.hazards {
        if hazard.width > jumpable + EPS || hazard.x < chunk.x || hazard.end() > chunk_end + EPS {
            flag(
                i,
                "hazard",
                format!("hazard at {} ({} wide) can't be jumped or lies outside", hazard.x, hazard.width),
            );
        }
    }
    for food in &chunk.food {
        if food.x < chunk.x - EPS || food.x > chunk_end + EPS {
            flag(i, "food", format!("food at {} lies outside the chunk", food.x));
        }
    }
}

/// The food table's pity rule over the whole track's food, in order (`food pity`), each at the
/// chunk that holds the pick.
fn food_pity_violations(config: &RunnerConfig, track: &[PlacedChunk]) -> Vec<Violation> {
    let mut violations = Vec::new();
    let picks: Vec<FoodKind> = track.iter().flat_map(|c| c.food.iter().map(|f| f.kind)).collect();
    for (kind, pick) in pity_violations(&config.food, &picks) {
        let chunk = track
            .iter()
            .scan(0, |seen, c| {
                *seen += c.food.len();
                Some((c.index, *seen))
            })
            .find(|&(_, seen)| seen > pick)
            .map_or(0, |(index, _)| index);
        violations.push(Violation::at(
            "chunk",
            chunk,
            "food pity",
            format!("{kind:?} withheld past its pity limit at food #{pick}"),
        ));
    }
    violations
}
