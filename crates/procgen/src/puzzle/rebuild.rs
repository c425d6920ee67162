//! A Code puzzle level made again from its trace alone ([`rebuild_level`]): no grammar and no
//! random stream, only the events (the program's text is in the `rules` event). Each grammar
//! expansion is checked against the draw rule (every candidate's penalty is the one the trace's
//! earlier picks gathered in this attempt, its weight the distribution's, the roll lands on the
//! rule picked); each mini-map is made from its recorded tiles and checked against its object
//! (the program's commands and trajectory, a shape that fits the object, the shape the grammar
//! derived) and against its promises by running its commands on the real rules
//! ([`MiniMap::verify`]); the merge's plan must be the one its chain order gives
//! ([`merge::plan_order`]); the coding tile's candidates are recomputed from the merged world;
//! the trim, the solution's run, the open exit, the shorter codes and each verdict are
//! recomputed. So a trace rebuilds exactly the level the generator returned, report included,
//! or says which event does not fit.

use std::collections::BTreeMap;

use crate::Seed;
use crate::generate::Picture;
use crate::puzzle::ast::Program;
use crate::puzzle::attempt::coding_spots;
use crate::puzzle::explain::{DoorAt, MiniRecord, PuzzleStep, Verdict};
use crate::puzzle::generate::{Built, assemble};
use crate::puzzle::grammar::{Distribution, ShapeKind, rule_weight};
use crate::puzzle::level::{GenReport, PathKind, PuzzleLevel};
use crate::puzzle::merge::{self, Merged, Outline, Plan};
use crate::puzzle::minimap::{Door, MAX_MINI_SIDE, MiniMap};
use crate::puzzle::parse;
use crate::puzzle::render::{pair_rgb, to_rgb};
use crate::puzzle::summary::{ObjectSummary, summarize_from};
use crate::puzzle::variants::{any_solves, shorter, shorter_unavoidable};
use crate::puzzle::world::{Cell, Ground, World};
use crate::trace::{ReplayError, Step};

/// What the `rules` event says, with the program parsed and summarised from its code.
struct Rules {
    code: String,
    seed: u64,
    level: u32,
    distribution: Distribution,
    penalty: u32,
    no_shorter: bool,
    futile: bool,
    attempts: u32,
    program: Program,
    summaries: Vec<ObjectSummary>,
    shorter_codes: Vec<Program>,
}

/// One attempt's state.
#[derive(Default)]
struct Attempt {
    number: u32,
    /// Penalty gathered per rule index, in thousandths.
    penalties: BTreeMap<usize, u32>,
    /// The shape the grammar derived for the current object (`Idle` once it stands idle).
    shape: Option<ShapeKind>,
    /// Overridden expansions of the derivation under way: counted once it gives a shape.
    overrides: u32,
    maps: Vec<MiniMap>,
    merged: Option<Merged>,
    coding: Option<Cell>,
    /// The assembled level and whether the solution solved it.
    built: Option<(PuzzleLevel, bool)>,
    done: bool,
}

#[derive(Default)]
struct Replay {
    rules: Option<Rules>,
    report: GenReport,
    attempt: Option<Attempt>,
    /// The best rejected level so far: its attempt, the level, open, shorter.
    fallback: Option<(u32, PuzzleLevel, bool, bool)>,
    /// A kept level: its attempt, the level and whether a shorter code solves it.
    kept: Option<(u32, PuzzleLevel, bool)>,
    chosen: Option<PuzzleLevel>,
}

/// The level `events` describe, its variant worlds included ([`super::rebuild_worlds`]).
pub fn rebuild_level(events: &[PuzzleStep]) -> Result<PuzzleLevel, ReplayError> {
    super::rebuild_worlds::rebuild_level(events)
}

/// One world from its events, `rules` to `chosen` (`first` is the first event's place in the
/// whole trace, for the error).
pub(crate) fn rebuild_world(events: &[PuzzleStep], first: usize) -> Result<PuzzleLevel, ReplayError> {
    let mut replay = Replay::default();
    for (at, event) in events.iter().enumerate() {
        if replay.chosen.is_some() {
            return Err(ReplayError::new(first + at, "an event after the level was chosen"));
        }
        replay.apply(event).map_err(|reason| ReplayError::new(first + at, reason))?;
    }
    replay.chosen.ok_or_else(|| ReplayError::new(first + events.len(), "no `chosen` event"))
}

/// The level as far as `events` (a prefix of a trace, for `explain --format png`) have made it,
/// `cell_px` pixels a tile: the attempt under way's level once assembled, else its merged world,
/// else its mini-maps side by side (an attempt thrown away starts again from nothing). The
/// variant worlds that follow the level's own are not drawn: the frames go on showing the level.
pub fn sketch_level(events: &[PuzzleStep], cell_px: usize) -> Result<Picture, ReplayError> {
    let split = events.iter().position(|e| matches!(e, PuzzleStep::Variants { .. })).unwrap_or(events.len());
    let mut replay = Replay::default();
    for (at, event) in events[..split].iter().enumerate() {
        if replay.chosen.is_some() {
            return Err(ReplayError::new(at, "an event after the level was chosen"));
        }
        replay.apply(event).map_err(|reason| ReplayError::new(at, reason))?;
    }
    let attempt = replay.attempt.as_ref();
    let level = replay.chosen.as_ref().or_else(|| attempt.and_then(|a| a.built.as_ref().map(|(level, _)| level)));
    if let Some(level) = level {
        return Ok(Picture::from_parts(to_rgb(level, cell_px)));
    }
    let worlds: Vec<&World> = match attempt {
        Some(Attempt { merged: Some(merged), .. }) => vec![&merged.world],
        Some(attempt) => attempt.maps.iter().map(|map| &map.world).collect(),
        None => Vec::new(),
    };
    // Side by side, a column of nothing between them.
    let height = worlds.iter().map(|w| w.height.max(0) as usize).max().unwrap_or(1);
    let mut rows = vec![String::new(); height];
    for (i, world) in worlds.iter().enumerate() {
        let lines = world.rows();
        for (y, row) in rows.iter_mut().enumerate() {
            if i > 0 {
                row.push(' ');
            }
            let line = lines.get(y).map_or("", String::as_str);
            row.push_str(&format!("{line:<width$}", width = world.width.max(0) as usize));
        }
    }
    let width = rows.iter().map(|r| r.chars().count()).max().unwrap_or(1);
    Ok(Picture::from_parts(pair_rgb(&rows, &rows, (width, height), cell_px)))
}

pub(crate) fn check(ok: bool, reason: impl FnOnce() -> String) -> Result<(), String> {
    if ok { Ok(()) } else { Err(reason()) }
}

impl Replay {
    fn apply(&mut self, event: &PuzzleStep) -> Result<(), String> {
        if let PuzzleStep::Rules { .. } = event {
            check(self.rules.is_none(), || "a second `rules` event".into())?;
            self.rules = Some(rules_of(event)?);
            return Ok(());
        }
        let Some(rules) = &self.rules else { return Err(format!("a `{}` event before the `rules`", event.rule())) };
        if let &PuzzleStep::Attempt { attempt, base } = event {
            let next = self.attempt.as_ref().map_or(0, |a| a.number + 1);
            check(attempt == next && attempt < rules.attempts, || format!("attempt {attempt} comes where {next}"))?;
            check(self.attempt.as_ref().is_none_or(|a| a.done), || "an attempt before the last one ended".into())?;
            let want = rules.level.wrapping_mul(4096).wrapping_add(attempt * 64);
            check(base == want, || format!("streams at {base}, the rule gives {want}"))?;
            self.report.attempts = attempt + 1;
            self.attempt = Some(Attempt { number: attempt, ..Attempt::default() });
            return Ok(());
        }
        if let &PuzzleStep::Chosen { attempt, fallback } = event {
            let now = self.attempt.as_ref().filter(|a| a.done).ok_or("a level chosen in the middle of an attempt")?;
            let mut level = if fallback {
                let last = now.number + 1 == rules.attempts;
                let (at, level, open, shorter) = self.fallback.take().ok_or("no fallback to choose")?;
                check(last && at == attempt, || format!("the fallback is attempt {at}, after every attempt"))?;
                level.clone_with(GenReport { maze_open: open, shorter_solves: shorter, ..self.report.clone() })
            } else {
                let (at, level, shorter) = self.kept.take().ok_or("no kept level")?;
                check(at == attempt, || format!("attempt {at} was kept"))?;
                level.clone_with(GenReport { shorter_solves: shorter, ..self.report.clone() })
            };
            level.report.attempts = self.report.attempts;
            self.chosen = Some(level);
            return Ok(());
        }
        let Some(now) = self.attempt.as_mut().filter(|a| !a.done) else {
            return Err(format!("a `{}` event outside an attempt", event.rule()));
        };
        let object = now.maps.len();
        let at_object = |o: usize| check(o == object, || format!("object {o} comes where object {object} should"));
        match event {
            PuzzleStep::Rules { .. } | PuzzleStep::Attempt { .. } | PuzzleStep::Chosen { .. } => {
                unreachable!("handled above")
            }
            PuzzleStep::Variants { .. } | PuzzleStep::World { .. } | PuzzleStep::Round { .. } => {
                return Err(format!("a `{}` event inside an attempt", event.rule()));
            }
            PuzzleStep::Expand { object: o, symbol: _, candidates, overridden, roll, total, picked: rule } => {
                at_object(*o)?;
                check(now.shape.is_none() && !candidates.is_empty(), || "an expansion with no shape to seek".into())?;
                let gathered = |r: usize| now.penalties.get(&r).copied().unwrap_or(0);
                let zero = candidates.iter().all(|c| rule_weight(rules.distribution, c.complexity, c.gathered) == 0);
                check(*overridden == zero, || "the override does not follow the weights".into())?;
                let mut sum = 0u32;
                let mut landed = None;
                for c in candidates {
                    check(c.gathered == gathered(c.rule), || format!("rule {} has gathered another penalty", c.rule))?;
                    let weight = rule_weight(rules.distribution, c.complexity, if zero { 0 } else { c.gathered });
                    check(c.weight == weight, || format!("rule {} weighs {weight}, not {}", c.rule, c.weight))?;
                    if landed.is_none() && *roll < sum + weight {
                        landed = Some(c.rule);
                    }
                    sum += weight;
                }
                let landed = landed.unwrap_or(candidates[candidates.len() - 1].rule);
                check(*total == sum && *roll < sum.max(1), || {
                    format!("roll {roll} of {total}: the weights sum to {sum}")
                })?;
                check(*rule == landed, || format!("roll {roll} lands on rule {landed}, not {rule}"))?;
                now.overrides += u32::from(*overridden);
                let slot = now.penalties.entry(*rule).or_insert(0);
                *slot = slot.saturating_add(rules.penalty);
            }
            &PuzzleStep::Shape { object: o, shape, .. } => {
                at_object(o)?;
                check(now.shape.is_none() && shape != ShapeKind::Idle, || "a shape while one is tried".into())?;
                now.shape = Some(shape);
                self.report.penalty_overrides += std::mem::take(&mut now.overrides);
            }
            &PuzzleStep::NoShape { object: o } => {
                at_object(o)?;
                check(now.shape.is_none(), || "no shape while one is tried".into())?;
                now.overrides = 0;
            }
            &PuzzleStep::MiniRetry { object: o, shape, .. } | &PuzzleStep::ShapeGivenUp { object: o, shape } => {
                at_object(o)?;
                check(now.shape == Some(shape), || format!("{} is not the shape tried", shape.name()))?;
                if let PuzzleStep::MiniRetry { .. } = event {
                    self.report.mini_retries += 1;
                } else {
                    now.shape = None;
                }
            }
            &PuzzleStep::Idle { object: o } => {
                at_object(o)?;
                check(now.shape.is_none(), || "idle while a shape is tried".into())?;
                self.report.idle_objects += 1;
                now.shape = Some(ShapeKind::Idle);
            }
            PuzzleStep::MiniMap { object: o, map } => {
                at_object(*o)?;
                let summary = rules.summaries.get(object).ok_or("more mini-maps than objects")?;
                check(now.shape == Some(map.shape), || format!("{} is not the shape derived", map.shape.name()))?;
                let mini = mini_map(map, summary)?;
                if map.shape != ShapeKind::Idle && map.prize_fallback {
                    self.report.prize_fallbacks += 1;
                }
                now.maps.push(mini);
                now.shape = None;
            }
            PuzzleStep::Merge { order, offsets, corridors, cost, bounds, tied, pick } => {
                check(object == rules.summaries.len() && now.merged.is_none(), || "a merge before every map".into())?;
                let outlines: Vec<Outline> = now.maps.iter().map(Outline::of).collect();
                let plan = Plan {
                    order: order.clone(),
                    offsets: offsets.clone(),
                    corridors: corridors.clone(),
                    cost: *cost,
                    bounds: *bounds,
                };
                check(valid_order(order, outlines.len()), || format!("{order:?} is not an order of the maps"))?;
                check(merge::plan_order(&outlines, order).as_ref() == Some(&plan), || {
                    format!("the plan is not the one the order {order:?} gives")
                })?;
                check(pick < tied && (*tied == 1 || outlines.len() <= merge::EXHAUSTIVE), || {
                    format!("plan {pick} of {tied} tied")
                })?;
                self.report.merge_cost = *cost;
                let mut merged = merge::build(&now.maps, &plan);
                reorder(&mut merged.world, &rules.summaries)?;
                now.merged = Some(merged);
            }
            PuzzleStep::Coding { free_only, nearest, near, pick, cell } => {
                let merged = now.merged.as_mut().filter(|_| now.coding.is_none()).ok_or("a coding tile out of turn")?;
                let spots = spots(&merged.world, &merged.reserved, &rules.summaries);
                check(spots == Some((*free_only, *nearest, near.clone())), || "other coding candidates".into())?;
                check(near.get(*pick) == Some(cell), || format!("candidate {pick} is not {cell:?}"))?;
                merged.world.set_ground(*cell, Ground::Coding);
                now.coding = Some(*cell);
            }
            PuzzleStep::CodingFallback { entry } => {
                let merged = now.merged.as_ref().filter(|_| now.coding.is_none()).ok_or("a coding tile out of turn")?;
                check(spots(&merged.world, &merged.reserved, &rules.summaries).is_none(), || "a tile was free".into())?;
                check(*entry == merged.world.entry, || "the fallback is not the entry".into())?;
                self.report.coding_fallback = true;
                now.coding = Some(*entry);
            }
            &PuzzleStep::Trim { shift, width, height } => {
                let (Some(merged), Some(coding)) = (now.merged.take(), now.coding) else {
                    return Err("a trim before the coding tile".into());
                };
                let mut world = merged.world;
                let (dx, dy) = world.trim();
                check((dx, dy) == shift && (world.width, world.height) == (width, height), || {
                    format!("the trim gives {:?} and {} × {}", (dx, dy), world.width, world.height)
                })?;
                let shapes = now
                    .maps
                    .iter()
                    .map(|m| {
                        let kind = if m.shape.is_maze() { PathKind::Maze } else { PathKind::Reward };
                        (kind, m.shape.name().to_string())
                    })
                    .collect();
                let built = Built { world, shapes, coding: (coding.0 + dx, coding.1 + dy) };
                now.built = Some(assemble(built, &rules.program, &rules.code, Seed(rules.seed), rules.level));
            }
            PuzzleStep::Failed { attempt, .. } => {
                check(*attempt == now.number && now.built.is_none(), || "a failure after the level was built".into())?;
                now.done = true;
            }
            &PuzzleStep::Checked { attempt, solved, open, shorter, verdict, fallback } => {
                let (level, was_solved) = now.built.take().ok_or("a check before the level was built")?;
                check(attempt == now.number && solved == was_solved, || format!("solved is {was_solved}"))?;
                now.done = true;
                if !solved {
                    return check(!open && !shorter && verdict == Verdict::Unsolved && !fallback, || {
                        "an unsolved level is only thrown away".into()
                    });
                }
                let world = level.world()?;
                let has_maze = level.objects.iter().any(|o| o.shape == PathKind::Maze);
                let was_open = has_maze && world.reach().exit;
                let was_shorter = rules.no_shorter && any_solves(&world, &rules.shorter_codes, Some(1));
                check((open, shorter) == (was_open, was_shorter), || {
                    format!("open is {was_open} and shorter {was_shorter}")
                })?;
                let keep = !open && (!shorter || rules.futile);
                check((verdict == Verdict::Kept) == keep, || format!("the verdict is not {verdict:?}"))?;
                if keep {
                    check(!fallback, || "a kept level is no fallback".into())?;
                    self.kept = Some((attempt, level, shorter));
                    return Ok(());
                }
                self.report.maze_repairs += u32::from(open);
                self.report.shorter_rejections += u32::from(shorter && !rules.futile);
                let better = self.fallback.as_ref().is_none_or(|f| f.2 && !open);
                check(fallback == better, || format!("fallback is {better}"))?;
                if better {
                    self.fallback = Some((attempt, level, open, shorter));
                }
            }
        }
        Ok(())
    }
}

impl PuzzleLevel {
    fn clone_with(self, report: GenReport) -> PuzzleLevel {
        PuzzleLevel { report, ..self }
    }
}

/// The `rules` event, its program parsed and summarised.
fn rules_of(event: &PuzzleStep) -> Result<Rules, String> {
    let PuzzleStep::Rules {
        code,
        seed,
        level,
        distribution,
        penalty_per_mille,
        no_shorter,
        futile,
        attempts,
        objects,
        starts,
    } = event
    else {
        unreachable!("only called on a `rules` event")
    };
    let program = parse(code).map_err(|e| format!("the code does not parse: {e}"))?;
    // A variant world leaves `no_shorter` to its level: only the worlds together count.
    check(starts.is_empty() || !*no_shorter, || "a variant world checks shorter codes on its own".into())?;
    let summaries = summarize_from(&program, starts).map_err(|e| format!("the code can't be summarised: {e}"))?;
    let names: Vec<&String> = summaries.iter().map(|s| &s.name).collect();
    check(names == objects.iter().collect::<Vec<_>>() && !names.is_empty(), || format!("the objects are {names:?}"))?;
    let shorter_codes = if *no_shorter { shorter(&program) } else { Vec::new() };
    let was_futile = *no_shorter && shorter_unavoidable(&program, &shorter_codes);
    let want = if *no_shorter && !was_futile { 16 } else { 8 };
    check(*futile == was_futile && *attempts == want && *penalty_per_mille <= 1000, || {
        format!("futile is {was_futile} and {want} attempts are allowed")
    })?;
    Ok(Rules {
        code: code.clone(),
        seed: *seed,
        level: *level,
        distribution: *distribution,
        penalty: *penalty_per_mille,
        no_shorter: *no_shorter,
        futile: was_futile,
        attempts: *attempts,
        program,
        summaries,
        shorter_codes,
    })
}

fn door(d: &DoorAt) -> Door {
    Door { cell: d.cell, inside: d.inside, edge: d.edge }
}

/// A mini-map from its record, checked against its object and run on the real rules.
fn mini_map(map: &MiniRecord, summary: &ObjectSummary) -> Result<MiniMap, String> {
    let o = &map.object;
    check(o.name == summary.name && o.kind == summary.kind && o.command == summary.command, || {
        format!("the mini-map's object is not {}", summary.name)
    })?;
    check(map.commands == summary.commands && map.trajectory == summary.trajectory, || {
        format!("{}'s commands or trajectory are not the program's", o.name)
    })?;
    check(map.shape.fits(o.kind, o.command), || format!("a {} can't be {}", o.kind.name(), map.shape.name()))?;
    let h = map.ground.len() as i32;
    let w = map.ground.first().map_or(0, |r| r.chars().count()) as i32;
    check((3..=MAX_MINI_SIDE).contains(&w) && (3..=MAX_MINI_SIDE).contains(&h), || format!("a {w} × {h} mini-map"))?;
    let mut world = World::empty(w, h);
    let mut reserved = Vec::with_capacity((w * h) as usize);
    for (y, (row, marks)) in map.ground.iter().zip(&map.reserved).enumerate() {
        check(row.chars().count() == w as usize && marks.chars().count() == w as usize, || {
            format!("row {y} is not {w} wide")
        })?;
        for (x, ch) in row.chars().enumerate() {
            let g = Ground::from_symbol(ch).ok_or_else(|| format!("'{ch}' is no ground"))?;
            world.set_ground((x as i32, y as i32), g);
        }
        reserved.extend(marks.chars().map(|c| c == 'r'));
    }
    check(map.reserved.len() == h as usize, || "the reserved rows are not the ground's".into())?;
    let inside = |c: Cell| world.contains(c);
    let mut cells = vec![o.start.pos, map.solved.pos, map.en.cell, map.en.inside, map.ex.cell, map.ex.inside];
    cells.extend(map.rewards.iter().map(|r| (r.x, r.y)));
    cells.extend(map.headers.iter().map(|hd| (hd.x, hd.y)));
    check(cells.into_iter().all(inside), || "a position outside the mini-map".into())?;
    check(map.headers.iter().flat_map(|hd| &hd.reveals).all(|&r| r < map.rewards.len()), || "a lost reward".into())?;
    world.add_object(o.clone());
    world.rewards = map.rewards.clone();
    world.headers = map.headers.clone();
    (world.entry, world.exit) = (map.en.cell, map.ex.cell);
    let mut mini = MiniMap {
        world,
        initial: o.start,
        solved: map.solved,
        reserved,
        chain: Vec::new(),
        en: door(&map.en),
        ex: door(&map.ex),
        shape: map.shape,
        prize: map.prize,
        commands: map.commands.clone(),
        river: None,
        maze_open: false,
        prize_fallback: map.prize_fallback,
    };
    mini.verify().map_err(|e| format!("{}'s mini-map breaks a promise: {e}", o.name))?;
    check(mini.maze_open == map.maze_open, || format!("the maze is open: {}", mini.maze_open))?;
    Ok(mini)
}

fn valid_order(order: &[usize], n: usize) -> bool {
    let mut seen = vec![false; n];
    order.len() == n && order.iter().all(|&i| i < n && !std::mem::replace(&mut seen[i], true))
}

/// The merged world's objects back in the order the program names them, as the generator does.
fn reorder(world: &mut World, summaries: &[ObjectSummary]) -> Result<(), String> {
    let mut objects = Vec::new();
    let mut states = Vec::new();
    for summary in summaries {
        let at = world.find(&summary.name).ok_or("an object went missing in the merge")?;
        objects.push(world.objects[at].clone());
        states.push(world.states[at]);
    }
    (world.objects, world.states) = (objects, states);
    Ok(())
}

fn spots(world: &World, reserved: &[bool], summaries: &[ObjectSummary]) -> Option<(bool, u32, Vec<Cell>)> {
    coding_spots(world, reserved, summaries.iter().map(|s| &s.trajectory[..]))
}
