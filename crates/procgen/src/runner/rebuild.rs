//! A Runner track laid again from its trace alone ([`rebuild_track`]): no generator, no random
//! stream and no chunk library, only the events' own numbers and the rules they name. Each number
//! a caption shows is checked against the rule that makes it from the trace's other numbers
//! (speed from intensity, range from speed, the gap from the range), to the bit, so a trace
//! rebuilds exactly the track the generator returned or says which event does not add up.

use crate::generate::Picture;
use crate::physics::JumpReach;
use crate::runner::explain::RunnerStep;
use crate::runner::generate::ground_around;
use crate::runner::{Food, PlacedChunk, Platform, Span};
use crate::trace::{ReplayError, Step, same_number};

/// The numbers of the trace's `rules` event that laying a track reads.
struct Rules {
    reach: JumpReach,
    speed_min: f32,
    speed_max: f32,
    demanding_above: f32,
    rest_after: u32,
    gap_ratio: f32,
    chunk_width: f32,
    distance_per_step: f32,
}

impl Rules {
    /// Running speed at an intensity: the tuning's line from `speed_min` to `speed_max`, written
    /// as the tuning writes it so the bits agree.
    fn speed_at(&self, intensity: f32) -> f32 {
        self.speed_min + (self.speed_max - self.speed_min) * intensity
    }
}

/// The track `events` describe: the chunks in order, each laid from its `intensity` event, the
/// rule that chose it (`warmup`, `forced-rest` or `draw`) and its pieces.
///
/// ```
/// use seedfeast_procgen::{Seed, physics::JumpReach, trace::Recorder};
/// use seedfeast_procgen::runner::{RunnerConfig, generate_track_traced, rebuild_track};
/// let config = RunnerConfig::default();
/// let mut trace = Recorder::new();
/// let track = generate_track_traced(&config, JumpReach::of(&config.tuning), Seed(7), 30, &mut trace);
/// assert_eq!(rebuild_track(trace.events()), Ok(track));
/// ```
pub fn rebuild_track(events: &[RunnerStep]) -> Result<Vec<PlacedChunk>, ReplayError> {
    let (mut track, open, rules) = lay_track(events)?;
    match &rules {
        Some(rules) => finish(&mut track, open, rules, events.len())?,
        None if events.is_empty() => {}
        None => return Err(ReplayError::new(0, "no `rules` event")),
    }
    Ok(track)
}

/// The track as far as `events` (a prefix of a trace, for `explain --format png`) have laid it,
/// the chunk being laid with the pieces it has so far.
pub fn sketch_track(events: &[RunnerStep]) -> Result<Picture, ReplayError> {
    let (mut track, open, rules) = lay_track(events)?;
    if let (Some(rules), Some((mut chunk, _))) = (&rules, open) {
        chunk.ground = ground_around(chunk.x, rules.chunk_width, &chunk.gaps);
        track.push(chunk);
    }
    Ok(Picture::from_parts(crate::runner::picture::track_rgb(&track)))
}

/// A chunk being laid, and whether a rule has chosen it yet.
type OpenChunk = Option<(PlacedChunk, bool)>;

/// The chunks the events close, the one still open, and the rules once read.
fn lay_track(events: &[RunnerStep]) -> Result<(Vec<PlacedChunk>, OpenChunk, Option<Rules>), ReplayError> {
    let mut rules: Option<Rules> = None;
    let mut track: Vec<PlacedChunk> = Vec::new();
    let mut open: OpenChunk = None;
    let mut streak = 0u32;
    for (at, event) in events.iter().enumerate() {
        let fail = |reason: String| ReplayError::new(at, reason);
        if let RunnerStep::Rules { .. } = event {
            if rules.is_some() || !track.is_empty() || open.is_some() {
                return Err(fail("a second `rules` event".into()));
            }
            rules = Some(rules_of(event));
            continue;
        }
        let Some(rules) = &rules else {
            return Err(fail(format!("a `{}` event before the `rules`", event.rule())));
        };
        if let RunnerStep::Intensity { .. } = event {
            finish(&mut track, open.take(), rules, at)?;
            open = Some((open_chunk(&track, rules, at, event)?, false));
            continue;
        }
        let Some((chunk, chosen)) = &mut open else {
            return Err(fail(format!("a `{}` event before any chunk's `intensity`", event.rule())));
        };
        match event {
            RunnerStep::Rules { .. } | RunnerStep::Intensity { .. } => unreachable!("handled above"),
            RunnerStep::Warmup { .. }
            | RunnerStep::ForcedRest { .. }
            | RunnerStep::Window { .. }
            | RunnerStep::Draw { .. } => choose_by_rule(chunk, chosen, rules, streak, event).map_err(fail)?,
            RunnerStep::Gap { .. }
            | RunnerStep::Platform { .. }
            | RunnerStep::Hazard { .. }
            | RunnerStep::Food { .. }
            | RunnerStep::Streak { .. } => {
                if !*chosen {
                    return Err(fail(format!("no rule chose chunk {} before its `{}`", chunk.index, event.rule())));
                }
                lay_piece(chunk, rules, &mut streak, at, event)?
            }
        }
    }
    Ok((track, open, rules))
}

/// The chunk an `intensity` event (event `at`) begins, once its place, progress, speed and jump
/// range are checked against the track so far and the rules.
fn open_chunk(track: &[PlacedChunk], rules: &Rules, at: usize, event: &RunnerStep) -> Result<PlacedChunk, ReplayError> {
    let RunnerStep::Intensity { index, x, progress, intensity, speed, jump_range } = *event else {
        unreachable!("called on an intensity event")
    };
    if index != track.len() {
        return Err(ReplayError::new(at, format!("chunk {index} comes where chunk {} belongs", track.len())));
    }
    // Chunks are laid end to end from 0, the next one's left edge summed as the generator sums it.
    let expected_x = track.last().map_or(0.0, |c| c.x + rules.chunk_width);
    same_number(at, "the chunk's x", x, expected_x)?;
    same_number(at, "the progress along the curve", progress, x / rules.distance_per_step)?;
    same_number(at, "the speed", speed, rules.speed_at(intensity))?;
    same_number(at, "the jump range", jump_range, rules.reach.range(speed))?;
    Ok(blank_chunk(index, x, intensity, speed, jump_range, rules.chunk_width))
}

/// Names the chunk the rule an event states chose (the warm-up, a forced rest after `streak`
/// demanding chunks, or a weighted draw), once checked against that rule.
fn choose_by_rule(
    chunk: &mut PlacedChunk,
    chosen: &mut bool,
    rules: &Rules,
    streak: u32,
    event: &RunnerStep,
) -> Result<(), String> {
    match event {
        RunnerStep::Warmup { pick, .. } | RunnerStep::ForcedRest { pick, .. } => {
            if let RunnerStep::ForcedRest { streak: recorded, rest_after, .. } = event
                && (*recorded != streak || *rest_after != rules.rest_after || streak < rules.rest_after)
            {
                return Err(format!(
                    "forced rest after a streak of {recorded} (rest after {rest_after}), but the streak is {streak} \
                     (rest after {})",
                    rules.rest_after
                ));
            }
            if !pick.rest {
                return Err(format!("\"{}\" is not a rest chunk", pick.id));
            }
            choose(chunk, chosen, pick, true)?;
        }
        RunnerStep::Window { .. } => {}
        RunnerStep::Draw { weights, pick, .. } => {
            if !weights.iter().any(|w| w.id == pick.id) {
                return Err(format!("\"{}\" was drawn but is not among the chunks weighed", pick.id));
            }
            choose(chunk, chosen, pick, false)?;
        }
        _ => unreachable!("only the choosing rules' events come here"),
    }
    Ok(())
}

/// Lays one piece of the chosen chunk (event `at`: a gap, platform, hazard or food, each at the
/// chunk's x plus its own), or checks its demand and moves the demanding `streak` on.
fn lay_piece(
    chunk: &mut PlacedChunk,
    rules: &Rules,
    streak: &mut u32,
    at: usize,
    event: &RunnerStep,
) -> Result<(), ReplayError> {
    match event {
        RunnerStep::Gap { local_x, x, intensity, speed, jump_range, gap_ratio, max_gap, size, width } => {
            same_number(at, "the gap's x", *x, chunk.x + local_x)?;
            same_number(at, "the speed at the gap", *speed, rules.speed_at(*intensity))?;
            same_number(at, "the jump range at the gap", *jump_range, rules.reach.range(*speed))?;
            same_number(at, "the gap ratio", *gap_ratio, rules.gap_ratio)?;
            // The tuning's `max_gap` and the chunk's share of it, in the generator's order.
            let widest = rules.gap_ratio * rules.reach.range(*speed);
            same_number(at, "the widest gap", *max_gap, widest)?;
            same_number(at, "the gap's width", *width, size * widest)?;
            chunk.gaps.push(Span { x: chunk.x + local_x, width: size * widest });
        }
        RunnerStep::Platform { local_x, x, y, width } => {
            same_number(at, "the platform's x", *x, chunk.x + local_x)?;
            chunk.platforms.push(Platform { x: chunk.x + local_x, y: *y, width: *width });
        }
        RunnerStep::Hazard { local_x, x, width } => {
            same_number(at, "the hazard's x", *x, chunk.x + local_x)?;
            chunk.hazards.push(Span { x: chunk.x + local_x, width: *width });
        }
        RunnerStep::Food { local_x, x, y, kind, .. } => {
            same_number(at, "the food's x", *x, chunk.x + local_x)?;
            chunk.food.push(Food { x: chunk.x + local_x, y: *y, kind: *kind });
        }
        RunnerStep::Streak { demand, rest, streak: recorded, .. } => {
            same_number(at, "the chunk's demand", *demand, chunk.demand)?;
            // The streak counts demanding chunks in a row; rest and easy chunks end it.
            *streak = if !rest && *demand > rules.demanding_above { *streak + 1 } else { 0 };
            if *rest != chunk.rest || *recorded != *streak {
                return Err(ReplayError::new(at, format!("the streak is recorded as {recorded} but counts {streak}")));
            }
        }
        _ => unreachable!("only a chunk's pieces come here"),
    }
    Ok(())
}

fn rules_of(event: &RunnerStep) -> Rules {
    let RunnerStep::Rules {
        gravity,
        jump_speed,
        speed_min,
        speed_max,
        demanding_above,
        rest_after,
        gap_ratio,
        chunk_width,
        distance_per_step,
        ..
    } = *event
    else {
        unreachable!("called on the rules event")
    };
    Rules {
        reach: JumpReach::new(gravity, jump_speed),
        speed_min,
        speed_max,
        demanding_above,
        rest_after,
        gap_ratio,
        chunk_width,
        distance_per_step,
    }
}

fn blank_chunk(index: usize, x: f32, intensity: f32, speed: f32, jump_range: f32, width: f32) -> PlacedChunk {
    PlacedChunk {
        index,
        id: String::new(),
        demand: 0.0,
        intensity,
        speed,
        jump_range,
        rest: false,
        forced_rest: false,
        x,
        width,
        gaps: Vec::new(),
        ground: Vec::new(),
        platforms: Vec::new(),
        hazards: Vec::new(),
        food: Vec::new(),
    }
}

/// Names the chunk a rule chose; each chunk is chosen once.
fn choose(
    chunk: &mut PlacedChunk,
    chosen: &mut bool,
    pick: &crate::runner::explain::Pick,
    forced_rest: bool,
) -> Result<(), String> {
    if *chosen {
        return Err(format!("chunk {} is chosen twice", chunk.index));
    }
    *chosen = true;
    chunk.id.clone_from(&pick.id);
    chunk.demand = pick.demand;
    chunk.rest = pick.rest;
    chunk.forced_rest = forced_rest;
    Ok(())
}

/// Closes the chunk being laid: its ground is what its gaps leave.
fn finish(track: &mut Vec<PlacedChunk>, open: OpenChunk, rules: &Rules, at: usize) -> Result<(), ReplayError> {
    let Some((mut chunk, chosen)) = open else { return Ok(()) };
    if !chosen {
        return Err(ReplayError::new(at, format!("no rule chose chunk {}", chunk.index)));
    }
    chunk.ground = ground_around(chunk.x, rules.chunk_width, &chunk.gaps);
    track.push(chunk);
    Ok(())
}
