//! The generator: a solution program and a seed to a level, by the paper's steps.
//!
//! 1. parse and summarise (per object `(command, args, n)` and attributes);
//! 2. derive each object's shape from the grammar; 3–4. place it in its solution mini-map and
//!    reverse the actions for the initial one; 5. draw paths (maze or reward algorithm);
//! 6. merge the mini-maps at minimum cost; 7. the player at the entry, the coding tile
//!    reachable from it, rewards and headers.
//!
//! Then the level is checked by running the solution in the interpreter and walking the map.
//! A level that fails is thrown away and the next attempt (fresh streams) is made; so is one
//! whose exit can be reached before solving although a maze shape should block it (a bounded
//! repair: when every attempt leaves it open, the last solvable level is kept and
//! `report.maze_open` says so, the paper's "solvability wins"). With `no_shorter`, levels a
//! shorter code solves are rejected the same way.
//!
//! Streams: attempt `a` of curriculum step `k` uses index `k·4096 + a·64` (+ the object's
//! number for per-object streams) of `PuzzleShapes`, `PuzzlePaths`, `PuzzleRewards`,
//! `PuzzleMerge` and `PuzzleExtra`.

use std::sync::OnceLock;

use crate::Seed;
use crate::puzzle::ast::Program;
use rand_chacha::ChaCha8Rng;

use crate::puzzle::explain::{MiniRecord, PuzzleStep, Verdict};
use crate::puzzle::grammar::{Distribution, Draw, Grammar, Penalties, Prize, ShapeKind, per_mille};
use crate::puzzle::interp::Machine;
use crate::puzzle::level::{GenReport, PathKind, PuzzleLevel};
use crate::puzzle::merge::{self, Outline};
use crate::puzzle::minimap::{MiniMap, feasible};
use crate::puzzle::parse;
use crate::puzzle::paths::{maze_path, place_prize, reward_path};
use crate::puzzle::summary::{GenError, ObjectSummary, Start, summarize_from};
use crate::puzzle::variants::{any_solves, shorter, shorter_unavoidable};
use crate::puzzle::world::{Cell, Ground, World};
use crate::rng::{GenRng, Subsystem, stream};
use crate::trace::{NoTrace, Trace};

/// Whole-level attempts before giving up on the maze repair.
pub(crate) const MAX_ATTEMPTS: u32 = 8;
/// Whole-level attempts with `no_shorter`.
pub(crate) const MAX_NO_SHORTER_ATTEMPTS: u32 = 16;
/// Tries at one shape's mini-map before the grammar is asked for another shape.
const MINI_TRIES: u32 = 6;
/// Shapes tried per object before it stands idle.
const DESIGN_TRIES: u32 = 3;

/// What the caller can change.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GenOptions {
    /// Overrides the grammar's rule distribution.
    pub distribution: Option<Distribution>,
    /// Overrides the grammar's penalty (0..=1).
    pub penalty: Option<f32>,
    /// Reject levels a shorter code solves (bounded; see [`GenReport::shorter_solves`]).
    pub no_shorter: bool,
    /// The curriculum step: the same seed gives each step its own variation.
    pub level: u32,
}

/// The shipped grammar, parsed once.
pub fn shipped_grammar() -> &'static Grammar {
    static GRAMMAR: OnceLock<Grammar> = OnceLock::new();
    GRAMMAR.get_or_init(Grammar::default)
}

/// A level from a solution program and a seed, with the shipped grammar.
///
/// ```
/// use seedfeast_procgen::Seed;
/// use seedfeast_procgen::puzzle::{GenOptions, generate, level::reachable_in_rows};
/// let level = generate("block1.move(\"left\");\ndoor1.open();", Seed(7), &GenOptions::default()).unwrap();
/// assert_eq!(level.mode, "puzzle");
/// assert!(reachable_in_rows(&level.solved, &level.walkable, level.entry, level.exit));
/// assert_eq!(level, generate("block1.move(\"left\");\ndoor1.open();", Seed(7), &GenOptions::default()).unwrap());
/// ```
pub fn generate(code: &str, seed: Seed, options: &GenOptions) -> Result<PuzzleLevel, GenError> {
    generate_with(shipped_grammar(), code, seed, options)
}

/// A level with a given grammar.
pub fn generate_with(grammar: &Grammar, code: &str, seed: Seed, options: &GenOptions) -> Result<PuzzleLevel, GenError> {
    generate_traced(grammar, code, seed, options, &mut NoTrace)
}

/// [`generate_with`], narrating every decision into `trace` ([`PuzzleStep`]); the events alone
/// rebuild the level ([`crate::puzzle::rebuild::rebuild_level`]).
///
/// ```
/// use seedfeast_procgen::Seed;
/// use seedfeast_procgen::puzzle::{GenOptions, generate, generate::{generate_traced, shipped_grammar}};
/// use seedfeast_procgen::puzzle::rebuild::rebuild_level;
/// use seedfeast_procgen::trace::Recorder;
/// let (code, options) = ("block1.move(\"left\");\ndoor1.open();", GenOptions::default());
/// let mut trace = Recorder::new();
/// let level = generate_traced(shipped_grammar(), code, Seed(7), &options, &mut trace).unwrap();
/// assert_eq!(level, generate(code, Seed(7), &options).unwrap());
/// assert_eq!(rebuild_level(trace.events()), Ok(level));
/// ```
pub fn generate_traced<T: Trace<PuzzleStep>>(
    grammar: &Grammar,
    code: &str,
    seed: Seed,
    options: &GenOptions,
    trace: &mut T,
) -> Result<PuzzleLevel, GenError> {
    let program = parse(code)?;
    let level = generate_world(grammar, code, &program, &[], seed, options, trace)?;
    crate::puzzle::worlds::add_variants(grammar, level, &program, seed, options, trace)
}

/// One world of a level: the level's own (`starts` empty) or a variant whose objects start as
/// `starts` says (then `no_shorter` is the caller's business: only the worlds together count).
pub(crate) fn generate_world<T: Trace<PuzzleStep>>(
    grammar: &Grammar,
    code: &str,
    program: &Program,
    starts: &[Start],
    seed: Seed,
    options: &GenOptions,
    trace: &mut T,
) -> Result<PuzzleLevel, GenError> {
    let program = program.clone();
    let summaries = summarize_from(&program, starts)?;
    if summaries.is_empty() {
        return Err(GenError::Unsupported("the program uses no object: a level needs at least one".into()));
    }
    // A shorter code that does exactly what the solution does can't be designed away: don't
    // spend attempts on it (the level still reports `shorter_solves`).
    let no_shorter = options.no_shorter && starts.is_empty();
    let shorter_codes = if no_shorter { shorter(&program) } else { Vec::new() };
    let futile = no_shorter && shorter_unavoidable(&program, &shorter_codes);
    let attempts = if no_shorter && !futile { MAX_NO_SHORTER_ATTEMPTS } else { MAX_ATTEMPTS };
    let draw = Draw {
        distribution: options.distribution.unwrap_or(grammar.distribution),
        penalty_per_mille: per_mille(options.penalty.unwrap_or(grammar.penalty)),
    };
    trace.note(|| PuzzleStep::Rules {
        code: code.to_string(),
        seed: seed.0,
        level: options.level,
        distribution: draw.distribution,
        penalty_per_mille: draw.penalty_per_mille,
        no_shorter,
        futile,
        attempts,
        objects: summaries.iter().map(|s| s.name.clone()).collect(),
        starts: starts.to_vec(),
    });
    let mut report = GenReport::default();
    let mut fallback: Option<PuzzleLevel> = None;
    let mut last_error = "no attempt made";
    let mut chosen = 0;
    for attempt in 0..attempts {
        report.attempts = attempt + 1;
        let built = match build(grammar, draw, &summaries, seed, options.level, attempt, &mut report, trace) {
            Ok(b) => b,
            Err(e) => {
                trace.note(|| PuzzleStep::Failed { attempt, reason: e.to_string() });
                last_error = e;
                continue;
            }
        };
        // Never trust the generator: run the solution and walk the map.
        let (level, solved) = assemble(built, &program, code, seed, options.level);
        if !solved {
            trace.note(|| checked(attempt, false, false, false, Verdict::Unsolved, false));
            last_error = "the solution does not solve the level";
            continue;
        }
        let has_maze = level.objects.iter().any(|o| o.shape == PathKind::Maze);
        let world = level.world().map_err(GenError::Failed)?;
        let open = has_maze && world.reach().exit;
        let shorter = no_shorter && any_solves(&world, &shorter_codes, Some(1));
        if open {
            report.maze_repairs += 1;
        }
        if !open && (!shorter || futile) {
            trace.note(|| checked(attempt, true, open, shorter, Verdict::Kept, false));
            trace.note(|| PuzzleStep::Chosen { attempt, fallback: false });
            let mut level = level;
            level.report = GenReport { shorter_solves: shorter, ..report.clone() };
            return Ok(level);
        }
        if shorter && !futile {
            report.shorter_rejections += 1;
        }
        // Keep the best fallback: blocked initially beats open.
        let better = match &fallback {
            None => true,
            Some(f) => f.report.maze_open && !open,
        };
        trace.note(|| checked(attempt, true, open, shorter, Verdict::Rejected, better));
        if better {
            chosen = attempt;
            let mut level = level;
            level.report = GenReport { maze_open: open, shorter_solves: shorter, ..report.clone() };
            fallback = Some(level);
        }
    }
    match fallback {
        Some(mut level) => {
            trace.note(|| PuzzleStep::Chosen { attempt: chosen, fallback: true });
            let (open, shorter) = (level.report.maze_open, level.report.shorter_solves);
            level.report = GenReport { maze_open: open, shorter_solves: shorter, ..report };
            Ok(level)
        }
        None => Err(GenError::Failed(format!("no level after {attempts} attempts: {last_error}"))),
    }
}

fn checked(attempt: u32, solved: bool, open: bool, shorter: bool, verdict: Verdict, fallback: bool) -> PuzzleStep {
    PuzzleStep::Checked { attempt, solved, open, shorter, verdict, fallback }
}

/// One attempt's merged world and what the level file needs to know about its objects.
pub(crate) struct Built {
    pub(crate) world: World,
    pub(crate) shapes: Vec<(PathKind, String)>,
    pub(crate) coding: Cell,
}

fn build<T: Trace<PuzzleStep>>(
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

/// The level file for a built world, and whether the solution solves it (run in the
/// interpreter on the real rules, the map walked from the entry, and the exit from the coding
/// tile).
pub(crate) fn assemble(built: Built, program: &Program, code: &str, seed: Seed, level: u32) -> (PuzzleLevel, bool) {
    let Built { world, shapes, coding } = built;
    let (solved_rows, solved) = match Machine::new(program, world.clone()) {
        Ok(mut machine) => {
            let (_, error) = machine.run();
            let after = machine.into_env();
            // The player runs the program standing on the coding tile, so the way out must
            // start there: an object that comes to rest beside it can wall it in.
            (after.rows(), error.is_none() && after.reach().all() && after.exit_reachable_from(coding))
        }
        Err(_) => (world.rows(), false),
    };
    let level_number = level;
    let mut level = PuzzleLevel::from_world(&world, solved_rows, &shapes, coding);
    level.seed = seed.0;
    level.level = level_number;
    level.solution = code.to_string();
    (level, solved)
}
