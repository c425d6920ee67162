//! One attempt of the generator ([`generate`](mod@crate::puzzle::generate)), steps 2–7: each
//! object's shape from the grammar, its mini-map and paths (retried, then other shapes, then
//! the idle fallback), the mini-maps merged at minimum cost, the objects back in the program's
//! order, the coding tile and the trim to one wall border.

use rand_chacha::ChaCha8Rng;

use crate::Seed;
use crate::puzzle::explain::{MiniRecord, PuzzleStep};
use crate::puzzle::generate::Built;
use crate::puzzle::grammar::{Draw, Grammar, Penalties, Prize, ShapeKind};
use crate::puzzle::level::{GenReport, PathKind};
use crate::puzzle::merge::{self, Outline};
use crate::puzzle::minimap::{MiniMap, feasible};
use crate::puzzle::paths::{maze_path, place_prize, reward_path};
use crate::puzzle::summary::ObjectSummary;
use crate::puzzle::world::{Cell, Ground, World};
use crate::rng::{GenRng, Subsystem, stream};
use crate::trace::Trace;

/// Tries at one shape's mini-map before the grammar is asked for another shape.
const MINI_TRIES: u32 = 6;
/// Shapes tried per object before it stands idle.
const DESIGN_TRIES: u32 = 3;

/// One attempt's world, steps 2–7: every object's mini-map, merged, the coding tile placed and
/// the world trimmed; the attempt's streams start at index `level · 4096 + attempt · 64`.
pub(crate) fn build<T: Trace<PuzzleStep>>(
    grammar: &Grammar,
    draw: Draw,
    summaries: &[ObjectSummary],
    seed: Seed,
    level: u32,
    attempt: u32,
    report: &mut GenReport,
    trace: &mut T,
) -> Result<Built, &'static str> {
    let base = level.wrapping_mul(4096).wrapping_add(attempt * 64);
    trace.note(|| PuzzleStep::Attempt { attempt, base });
    let mut shaping =
        Shaping { grammar, draw, penalties: Penalties::default(), rng: stream(seed, Subsystem::PuzzleShapes, base) };
    let mut maps = Vec::with_capacity(summaries.len());
    for (i, summary) in summaries.iter().enumerate() {
        let mut paths_rng = stream(seed, Subsystem::PuzzlePaths, base + i as u32);
        let mut rewards_rng = stream(seed, Subsystem::PuzzleRewards, base + i as u32);
        let rngs = (&mut paths_rng, &mut rewards_rng);
        let map = mini_map(&mut shaping, summary, i, rngs, report, trace)?;
        trace.note(|| PuzzleStep::MiniMap { object: i, map: Box::new(MiniRecord::of(&map, &summary.trajectory)) });
        maps.push(map);
    }
    let outlines: Vec<Outline> = maps.iter().map(Outline::of).collect();
    let mut merge_rng = stream(seed, Subsystem::PuzzleMerge, base);
    let (plan, tied, pick) = merge::plan_tied(&outlines, &mut merge_rng).ok_or("the mini-maps could not be merged")?;
    trace.note(|| PuzzleStep::Merge {
        order: plan.order.clone(),
        offsets: plan.offsets.clone(),
        corridors: plan.corridors.clone(),
        cost: plan.cost,
        bounds: plan.bounds,
        tied,
        pick,
    });
    report.merge_cost = plan.cost;
    let merged = merge::build(&maps, &plan);
    let mut world = merged.world;
    // Objects back in the order the program first names them (the merge laid them in chain
    // order).
    let mut objects = Vec::new();
    let mut states = Vec::new();
    let mut shapes = Vec::new();
    for (i, summary) in summaries.iter().enumerate() {
        let at = world.find(&summary.name).ok_or("an object went missing in the merge")?;
        objects.push(world.objects[at].clone());
        states.push(world.states[at]);
        let kind = if maps[i].shape.is_maze() { PathKind::Maze } else { PathKind::Reward };
        shapes.push((kind, maps[i].shape.name().to_string()));
    }
    world.objects = objects;
    world.states = states;

    let mut extra_rng = stream(seed, Subsystem::PuzzleExtra, base);
    let coding = coding_tile(&mut world, &merged.reserved, summaries, &mut extra_rng, report, trace);
    // Mini-maps' corners removed by the reward path can leave bands of solid wall at the
    // level's edge: keep one wall border.
    let (dx, dy) = world.trim();
    trace.note(|| PuzzleStep::Trim { shift: (dx, dy), width: world.width, height: world.height });
    Ok(Built { world, shapes, coding: (coding.0 + dx, coding.1 + dy) })
}

/// The grammar side of one level attempt: rules, how they are drawn, the penalties gathered
/// so far and the `PuzzleShapes` stream.
struct Shaping<'g> {
    grammar: &'g Grammar,
    draw: Draw,
    penalties: Penalties,
    rng: ChaCha8Rng,
}

/// Steps 2–5 for one object (`object` in the program's order): a shape from the grammar, its
/// mini-map and paths, retried a bounded number of times, then other shapes, then the idle
/// fallback.
fn mini_map<T: Trace<PuzzleStep>>(
    shaping: &mut Shaping,
    summary: &ObjectSummary,
    object: usize,
    (paths_rng, rewards_rng): (&mut ChaCha8Rng, &mut ChaCha8Rng),
    report: &mut GenReport,
    trace: &mut T,
) -> Result<MiniMap, &'static str> {
    let grammar = shaping.grammar;
    let mut excluded: Vec<ShapeKind> = Vec::new();
    let mut rngs = (paths_rng, rewards_rng);
    for _ in 0..DESIGN_TRIES {
        let feasible_here = |s: ShapeKind| s != ShapeKind::Idle && feasible(s, summary) && !excluded.contains(&s);
        let Some(d) = grammar.derive_traced(
            summary.kind,
            summary.command,
            shaping.draw,
            &mut shaping.penalties,
            &feasible_here,
            &mut shaping.rng,
            object,
            trace,
        ) else {
            trace.note(|| PuzzleStep::NoShape { object });
            break;
        };
        trace.note(|| PuzzleStep::Shape { object, shape: d.shape, prize: d.prize });
        report.penalty_overrides += d.penalty_overrides;
        if let Some(map) = tries(grammar, summary, object, (d.shape, d.prize), report, &mut rngs, trace) {
            if map.prize_fallback {
                report.prize_fallbacks += 1;
            }
            return Ok(map);
        }
        trace.note(|| PuzzleStep::ShapeGivenUp { object, shape: d.shape });
        excluded.push(d.shape);
    }
    report.idle_objects += 1;
    trace.note(|| PuzzleStep::Idle { object });
    tries(grammar, summary, object, (ShapeKind::Idle, None), report, &mut rngs, trace)
        .ok_or("not even an idle mini-map could be made")
}

/// Up to [`MINI_TRIES`] mini-maps of one shape: the first that keeps every promise, else the
/// first whose only fault is a maze left open, else none.
fn tries<T: Trace<PuzzleStep>>(
    grammar: &Grammar,
    summary: &ObjectSummary,
    object: usize,
    (shape, prize): (ShapeKind, Option<Prize>),
    report: &mut GenReport,
    (paths_rng, rewards_rng): &mut (&mut ChaCha8Rng, &mut ChaCha8Rng),
    trace: &mut T,
) -> Option<MiniMap> {
    let mut open: Option<MiniMap> = None;
    let mut retry = |try_index: u32, reason: &str, report: &mut GenReport| {
        report.mini_retries += 1;
        trace.note(|| PuzzleStep::MiniRetry { object, shape, try_index, reason: reason.to_string() });
    };
    for try_index in 0..MINI_TRIES {
        let Some(mut map) = MiniMap::place(summary, shape, prize, grammar.margin, &mut **paths_rng) else {
            retry(try_index, "the shape does not fit a mini-map", report);
            continue;
        };
        let drawn = if shape.is_maze() {
            maze_path(&mut map, grammar.variety_percent, &mut **paths_rng)
        } else {
            reward_path(&mut map, grammar.reward_keep_percent, &mut **paths_rng)
                .map(|()| place_prize(&mut map, &mut **rewards_rng))
        };
        if let Err(reason) = drawn.and_then(|()| map.verify()) {
            retry(try_index, reason, report);
            continue;
        }
        if map.maze_open {
            retry(try_index, "a maze shape leaves the exit open: kept in case every try does", report);
            open.get_or_insert(map);
            continue;
        }
        return Some(map);
    }
    open
}

/// Step 7's coding tile: a free floor tile near the entry that the player reaches before
/// coding (in the initial map), off every object's way and every reward. Falls back to the
/// entry itself.
fn coding_tile<T: Trace<PuzzleStep>>(
    world: &mut World,
    reserved: &[bool],
    summaries: &[ObjectSummary],
    rng: &mut impl GenRng,
    report: &mut GenReport,
    trace: &mut T,
) -> Cell {
    let Some((free_only, nearest, near)) = coding_spots(world, reserved, summaries.iter().map(|s| &s.trajectory[..]))
    else {
        report.coding_fallback = true;
        trace.note(|| PuzzleStep::CodingFallback { entry: world.entry });
        return world.entry;
    };
    let pick = rng.below(near.len());
    let c = near[pick];
    trace.note(|| PuzzleStep::Coding { free_only, nearest, near: near.clone(), pick, cell: c });
    world.set_ground(c, Ground::Coding);
    c
}

/// The coding tile's candidates: whether only tiles no mini-map reserved were taken, the
/// nearest one's steps from the entry, and every one within 2 steps more, in row-major order.
/// `None` when there is none. `trajectories` go with the world's objects, in order.
pub(crate) fn coding_spots<'a>(
    world: &World,
    reserved: &[bool],
    trajectories: impl Iterator<Item = &'a [Cell]>,
) -> Option<(bool, u32, Vec<Cell>)> {
    let view = world.view();
    let dist = world.distances(&view.walkable, world.entry);
    let mut keep_off: Vec<Cell> = world.rewards.iter().map(|r| (r.x, r.y)).collect();
    for (spec, trajectory) in world.objects.iter().zip(trajectories) {
        let (x, y) = spec.start.pos;
        keep_off.extend(trajectory.iter().map(|&(dx, dy)| (x + dx, y + dy)));
        keep_off.extend(spec.cells(&spec.start));
    }
    let pick = |free_only: bool| -> Vec<(u32, Cell)> {
        (0..world.ground.len())
            .filter_map(|i| {
                let c = ((i as i32) % world.width, (i as i32) / world.width);
                let d = dist[i]?;
                let ok =
                    d > 0 && world.ground[i] == Ground::Floor && !keep_off.contains(&c) && !(free_only && reserved[i]);
                ok.then_some((d, c))
            })
            .collect()
    };
    let mut free_only = true;
    let mut spots = pick(true);
    if spots.is_empty() {
        free_only = false;
        spots = pick(false);
    }
    let nearest = spots.iter().map(|s| s.0).min()?;
    Some((free_only, nearest, spots.iter().filter(|s| s.0 <= nearest + 2).map(|s| s.1).collect()))
}
