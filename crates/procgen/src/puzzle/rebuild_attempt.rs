//! The events inside one attempt of a rebuilt level ([`super::rebuild`]): each grammar
//! expansion, shape, mini-map, merge, coding tile, trim and verdict checked against the attempt
//! so far and applied, one method a kind of event ([`Turn`]).

use std::collections::BTreeMap;

use crate::Seed;
use crate::puzzle::attempt::coding_spots;
use crate::puzzle::explain::{Candidate, DoorAt, MiniRecord, PuzzleStep, Verdict};
use crate::puzzle::generate::{Built, assemble};
use crate::puzzle::grammar::{ShapeKind, rule_weight};
use crate::puzzle::level::{GenReport, PathKind, PuzzleLevel};
use crate::puzzle::merge::{self, Merged, Outline, Plan};
use crate::puzzle::minimap::{Door, MAX_MINI_SIDE, MiniMap};
use crate::puzzle::rebuild::{Rules, check};
use crate::puzzle::summary::ObjectSummary;
use crate::puzzle::variants::any_solves;
use crate::puzzle::world::{Cell, Ground, World};
use crate::trace::Step;

/// The best rejected level so far: its attempt, the level, open, shorter.
pub(super) type Fallback = (u32, PuzzleLevel, bool, bool);

/// A kept level: its attempt, the level and whether a shorter code solves it.
pub(super) type Kept = (u32, PuzzleLevel, bool);

/// One attempt's state.
#[derive(Default)]
pub(super) struct Attempt {
    pub(super) number: u32,
    /// Penalty gathered per rule index, in thousandths.
    pub(super) penalties: BTreeMap<usize, u32>,
    /// The shape the grammar derived for the current object (`Idle` once it stands idle).
    pub(super) shape: Option<ShapeKind>,
    /// Overridden expansions of the derivation under way: counted once it gives a shape.
    pub(super) overrides: u32,
    pub(super) maps: Vec<MiniMap>,
    pub(super) merged: Option<Merged>,
    pub(super) coding: Option<Cell>,
    /// The assembled level and whether the solution solved it.
    pub(super) built: Option<(PuzzleLevel, bool)>,
    pub(super) done: bool,
}

/// One event inside the attempt under way, with everything it may check or change.
pub(super) struct Turn<'a> {
    pub(super) rules: &'a Rules,
    pub(super) now: &'a mut Attempt,
    pub(super) report: &'a mut GenReport,
    pub(super) kept: &'a mut Option<Kept>,
    pub(super) fallback: &'a mut Option<Fallback>,
}

impl Turn<'_> {
    /// The event checked and applied by the method for its kind.
    pub(super) fn apply(&mut self, event: &PuzzleStep) -> Result<(), String> {
        match event {
            PuzzleStep::Rules { .. } | PuzzleStep::Attempt { .. } | PuzzleStep::Chosen { .. } => {
                unreachable!("handled above")
            }
            PuzzleStep::Variants { .. } | PuzzleStep::World { .. } | PuzzleStep::Round { .. } => {
                Err(format!("a `{}` event inside an attempt", event.rule()))
            }
            PuzzleStep::Expand { object: o, symbol: _, candidates, overridden, roll, total, picked } => {
                self.expand(*o, candidates, *overridden, (*roll, *total), *picked)
            }
            &PuzzleStep::Shape { object: o, shape, .. } => self.shape(o, shape),
            &PuzzleStep::NoShape { object: o } => self.no_shape(o),
            &PuzzleStep::MiniRetry { object: o, shape, .. } => self.retry_or_give_up(o, shape, true),
            &PuzzleStep::ShapeGivenUp { object: o, shape } => self.retry_or_give_up(o, shape, false),
            &PuzzleStep::Idle { object: o } => self.idle(o),
            PuzzleStep::MiniMap { object: o, map } => self.add_map(*o, map),
            PuzzleStep::Merge { order, offsets, corridors, cost, bounds, tied, pick } => {
                let plan = Plan {
                    order: order.clone(),
                    offsets: offsets.clone(),
                    corridors: corridors.clone(),
                    cost: *cost,
                    bounds: *bounds,
                };
                self.merge(plan, *tied, *pick)
            }
            PuzzleStep::Coding { free_only, nearest, near, pick, cell } => {
                self.coding(*free_only, *nearest, near, *pick, *cell)
            }
            PuzzleStep::CodingFallback { entry } => self.coding_fallback(*entry),
            &PuzzleStep::Trim { shift, width, height } => self.trim(shift, (width, height)),
            PuzzleStep::Failed { attempt, .. } => self.failed(*attempt),
            &PuzzleStep::Checked { attempt, solved, open, shorter, verdict, fallback } => {
                self.checked(attempt, solved, (open, shorter), verdict, fallback)
            }
        }
    }

    /// The event is about the object whose mini-map comes next.
    fn at_object(&self, o: usize) -> Result<(), String> {
        let object = self.now.maps.len();
        check(o == object, || format!("object {o} comes where object {object} should"))
    }

    /// An `expand` event: every candidate's penalty is the one gathered in this attempt, its
    /// weight the distribution's, the roll lands on the rule picked; the rule gathers a penalty.
    fn expand(
        &mut self,
        o: usize,
        candidates: &[Candidate],
        overridden: bool,
        (roll, total): (u32, u32),
        rule: usize,
    ) -> Result<(), String> {
        self.at_object(o)?;
        check(self.now.shape.is_none() && !candidates.is_empty(), || "an expansion with no shape to seek".into())?;
        let distribution = self.rules.distribution;
        let zero = candidates.iter().all(|c| rule_weight(distribution, c.complexity, c.gathered) == 0);
        check(overridden == zero, || "the override does not follow the weights".into())?;
        let mut sum = 0u32;
        let mut landed = None;
        for c in candidates {
            let gathered = self.now.penalties.get(&c.rule).copied().unwrap_or(0);
            check(c.gathered == gathered, || format!("rule {} has gathered another penalty", c.rule))?;
            let weight = rule_weight(distribution, c.complexity, if zero { 0 } else { c.gathered });
            check(c.weight == weight, || format!("rule {} weighs {weight}, not {}", c.rule, c.weight))?;
            if landed.is_none() && roll < sum + weight {
                landed = Some(c.rule);
            }
            sum += weight;
        }
        let landed = landed.unwrap_or(candidates[candidates.len() - 1].rule);
        check(total == sum && roll < sum.max(1), || format!("roll {roll} of {total}: the weights sum to {sum}"))?;
        check(rule == landed, || format!("roll {roll} lands on rule {landed}, not {rule}"))?;
        self.now.overrides += u32::from(overridden);
        let slot = self.now.penalties.entry(rule).or_insert(0);
        *slot = slot.saturating_add(self.rules.penalty);
        Ok(())
    }

    /// A `shape` event: the derivation's shape is the one tried now, its overrides counted.
    fn shape(&mut self, o: usize, shape: ShapeKind) -> Result<(), String> {
        self.at_object(o)?;
        check(self.now.shape.is_none() && shape != ShapeKind::Idle, || "a shape while one is tried".into())?;
        self.now.shape = Some(shape);
        self.report.penalty_overrides += std::mem::take(&mut self.now.overrides);
        Ok(())
    }

    /// A `no-shape` event: the derivation's overrides are dropped.
    fn no_shape(&mut self, o: usize) -> Result<(), String> {
        self.at_object(o)?;
        check(self.now.shape.is_none(), || "no shape while one is tried".into())?;
        self.now.overrides = 0;
        Ok(())
    }

    /// A `mini-retry` (`retry`) or `shape-given-up` event about the shape tried: a retry
    /// counted, or the shape let go.
    fn retry_or_give_up(&mut self, o: usize, shape: ShapeKind, retry: bool) -> Result<(), String> {
        self.at_object(o)?;
        check(self.now.shape == Some(shape), || format!("{} is not the shape tried", shape.name()))?;
        if retry {
            self.report.mini_retries += 1;
        } else {
            self.now.shape = None;
        }
        Ok(())
    }

    /// An `idle` event: the object stands idle, no shape tried.
    fn idle(&mut self, o: usize) -> Result<(), String> {
        self.at_object(o)?;
        check(self.now.shape.is_none(), || "idle while a shape is tried".into())?;
        self.report.idle_objects += 1;
        self.now.shape = Some(ShapeKind::Idle);
        Ok(())
    }

    /// A `mini-map` event: the map of the shape derived, made from its record and checked.
    fn add_map(&mut self, o: usize, map: &MiniRecord) -> Result<(), String> {
        self.at_object(o)?;
        let summary = self.rules.summaries.get(o).ok_or("more mini-maps than objects")?;
        check(self.now.shape == Some(map.shape), || format!("{} is not the shape derived", map.shape.name()))?;
        let mini = mini_map(map, summary)?;
        if map.shape != ShapeKind::Idle && map.prize_fallback {
            self.report.prize_fallbacks += 1;
        }
        self.now.maps.push(mini);
        self.now.shape = None;
        Ok(())
    }

    /// A `merge` event after every map: the plan is the one its order gives, the pick among
    /// those tied; the maps merged and their objects put back in the program's order.
    fn merge(&mut self, plan: Plan, tied: usize, pick: usize) -> Result<(), String> {
        let (rules, now) = (self.rules, &mut *self.now);
        check(now.maps.len() == rules.summaries.len() && now.merged.is_none(), || "a merge before every map".into())?;
        let outlines: Vec<Outline> = now.maps.iter().map(Outline::of).collect();
        let order = &plan.order;
        check(valid_order(order, outlines.len()), || format!("{order:?} is not an order of the maps"))?;
        check(merge::plan_order(&outlines, order).as_ref() == Some(&plan), || {
            format!("the plan is not the one the order {order:?} gives")
        })?;
        check(pick < tied && (tied == 1 || outlines.len() <= merge::EXHAUSTIVE), || {
            format!("plan {pick} of {tied} tied")
        })?;
        self.report.merge_cost = plan.cost;
        let mut merged = merge::build(&now.maps, &plan);
        reorder(&mut merged.world, &rules.summaries)?;
        now.merged = Some(merged);
        Ok(())
    }

    /// A `coding` event: the candidates are the merged world's, the pick the tile; it becomes
    /// the coding tile.
    fn coding(&mut self, free_only: bool, nearest: u32, near: &[Cell], pick: usize, cell: Cell) -> Result<(), String> {
        let now = &mut *self.now;
        let merged = now.merged.as_mut().filter(|_| now.coding.is_none()).ok_or("a coding tile out of turn")?;
        let spots = spots(&merged.world, &merged.reserved, &self.rules.summaries);
        check(spots == Some((free_only, nearest, near.to_vec())), || "other coding candidates".into())?;
        check(near.get(pick) == Some(&cell), || format!("candidate {pick} is not {cell:?}"))?;
        merged.world.set_ground(cell, Ground::Coding);
        now.coding = Some(cell);
        Ok(())
    }

    /// A `coding-fallback` event: no tile was free, and the coding tile is the entry.
    fn coding_fallback(&mut self, entry: Cell) -> Result<(), String> {
        let now = &mut *self.now;
        let merged = now.merged.as_ref().filter(|_| now.coding.is_none()).ok_or("a coding tile out of turn")?;
        let summaries = &self.rules.summaries;
        check(spots(&merged.world, &merged.reserved, summaries).is_none(), || "a tile was free".into())?;
        check(entry == merged.world.entry, || "the fallback is not the entry".into())?;
        self.report.coding_fallback = true;
        now.coding = Some(entry);
        Ok(())
    }

    /// A `trim` event: the merged world trimmed as recorded, then the level assembled.
    fn trim(&mut self, shift: Cell, (width, height): (i32, i32)) -> Result<(), String> {
        let (Some(merged), Some(coding)) = (self.now.merged.take(), self.now.coding) else {
            return Err("a trim before the coding tile".into());
        };
        let mut world = merged.world;
        let (dx, dy) = world.trim();
        check((dx, dy) == shift && (world.width, world.height) == (width, height), || {
            format!("the trim gives {:?} and {} × {}", (dx, dy), world.width, world.height)
        })?;
        let shapes = self
            .now
            .maps
            .iter()
            .map(|m| {
                let kind = if m.shape.is_maze() { PathKind::Maze } else { PathKind::Reward };
                (kind, m.shape.name().to_string())
            })
            .collect();
        let built = Built { world, shapes, coding: (coding.0 + dx, coding.1 + dy) };
        let rules = self.rules;
        self.now.built = Some(assemble(built, &rules.program, &rules.code, Seed(rules.seed), rules.level));
        Ok(())
    }

    /// A `failed` event: the attempt ends before a level was built.
    fn failed(&mut self, attempt: u32) -> Result<(), String> {
        check(attempt == self.now.number && self.now.built.is_none(), || "a failure after the level was built".into())?;
        self.now.done = true;
        Ok(())
    }

    /// A `checked` event: solved, open and shorter recomputed on the built level, the verdict
    /// and the fallback following from them; the level kept, or the fallback if better.
    fn checked(
        &mut self,
        attempt: u32,
        solved: bool,
        (open, shorter): (bool, bool),
        verdict: Verdict,
        fallback: bool,
    ) -> Result<(), String> {
        let (level, was_solved) = self.now.built.take().ok_or("a check before the level was built")?;
        check(attempt == self.now.number && solved == was_solved, || format!("solved is {was_solved}"))?;
        self.now.done = true;
        if !solved {
            return check(!open && !shorter && verdict == Verdict::Unsolved && !fallback, || {
                "an unsolved level is only thrown away".into()
            });
        }
        let rules = self.rules;
        let world = level.world()?;
        let has_maze = level.objects.iter().any(|o| o.shape == PathKind::Maze);
        let was_open = has_maze && world.reach().exit;
        let was_shorter = rules.no_shorter && any_solves(&world, &rules.shorter_codes, Some(1));
        check((open, shorter) == (was_open, was_shorter), || format!("open is {was_open} and shorter {was_shorter}"))?;
        let keep = !open && (!shorter || rules.futile);
        check((verdict == Verdict::Kept) == keep, || format!("the verdict is not {verdict:?}"))?;
        if keep {
            check(!fallback, || "a kept level is no fallback".into())?;
            *self.kept = Some((attempt, level, shorter));
            return Ok(());
        }
        self.report.maze_repairs += u32::from(open);
        self.report.shorter_rejections += u32::from(shorter && !rules.futile);
        let better = self.fallback.as_ref().is_none_or(|f| f.2 && !open);
        check(fallback == better, || format!("fallback is {better}"))?;
        if better {
            *self.fallback = Some((attempt, level, open, shorter));
        }
        Ok(())
    }
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
