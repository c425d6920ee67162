//! Re-checks every promise of a puzzle level from the level file alone: the maps agree with the
//! ground and objects, the solution (run in the interpreter on the real rules) solves it, and
//! the text maps say so too when walked character by character with the level's own
//! `walkable` set: exit reachable in `solved`, and not in `initial` when a maze shape is in the
//! level (unless the level reports that the bounded repair failed).

use crate::puzzle::ast::{Attr, CommandKind};
use crate::puzzle::level::{LevelObject, PathKind, PuzzleLevel, WALKABLE, reachable_in_rows};
use crate::puzzle::parse;
use crate::puzzle::solve::run_program;
use crate::puzzle::world::object_symbol;
use crate::puzzle::world::{Kind, World};

pub use crate::violation::Violation;

/// Every broken rule; empty means the level keeps every promise. Rules: `level` (the file is
/// unusable), `size`, `walkable`, `legend`, `initial` (the map doesn't match ground and
/// objects), `objects`, `entry`, `coding tile`, `solution` (doesn't parse, fails or doesn't
/// solve), `solved` (the map isn't what the solution leaves), `exit` (not reachable in
/// `solved` from the entry, or from the coding tile where the player runs the program), `maze`
/// (reachable in `initial` despite a maze shape, unreported), `rewards`, and `variants` (see
/// `validate_variants`: every variant world keeps these too).
///
/// ```
/// use seedfeast_procgen::Seed;
/// use seedfeast_procgen::puzzle::{GenOptions, generate, validate::validate_level};
/// let mut level = generate("door1.open();", Seed(4), &GenOptions::default()).unwrap();
/// assert!(validate_level(&level).is_empty());
/// level.exit = (0, 0); // a wall corner
/// let rules: Vec<_> = validate_level(&level).into_iter().map(|v| v.rule).collect();
/// assert!(rules.contains(&"exit"), "{rules:?}");
/// ```
pub fn validate_level(level: &PuzzleLevel) -> Vec<Violation> {
    let mut out = validate_world(level);
    out.extend(validate_variants(level));
    out
}

/// Every rule above but `variants`, for one world.
fn validate_world(level: &PuzzleLevel) -> Vec<Violation> {
    let mut out = Vec::new();
    let world = match level.world() {
        Ok(w) => w,
        Err(e) => {
            out.push(Violation::new("level", e));
            return out;
        }
    };
    if !validate_size(level, &mut out) {
        return out;
    }
    validate_maps(level, &world, &mut out);
    if validate_solution(level, &world, &mut out) {
        validate_reach(level, &mut out);
    }
    out
}

/// Rule `size`: both maps are `width` × `height`; false (flagged) when one is not.
fn validate_size(level: &PuzzleLevel, out: &mut Vec<Violation>) -> bool {
    let (w, h) = (level.width, level.height);
    for (name, rows) in [("initial", &level.initial), ("solved", &level.solved)] {
        if rows.len() != h || rows.iter().any(|r| r.chars().count() != w) {
            out.push(Violation::new("size", format!("{name} is not {w}x{h}")));
            return false;
        }
    }
    true
}

/// Rules `walkable`, `legend`, `initial`, `objects`, `entry` and `coding tile`: the maps agree
/// with the ground and the objects.
fn validate_maps(level: &PuzzleLevel, world: &World, out: &mut Vec<Violation>) {
    let mut flag = |rule: &'static str, detail: String| out.push(Violation::new(rule, detail));
    if level.walkable != WALKABLE {
        flag("walkable", format!("'{}', expected '{WALKABLE}'", level.walkable));
    }
    for c in level.initial.iter().chain(&level.solved).flat_map(|r| r.chars()) {
        if !level.legend.contains_key(&c.to_string()) {
            flag("legend", format!("'{c}' has no legend entry"));
            break;
        }
    }
    if world.rows() != level.initial {
        flag("initial", "the initial map doesn't match the ground and the objects".into());
    }
    let at = |rows: &[String], (x, y): (i32, i32)| rows.get(y as usize).and_then(|r| r.chars().nth(x as usize));
    for (spec, state) in world.objects.iter().zip(&world.states) {
        let shown = at(&level.initial, state.pos);
        if shown != Some(object_symbol(spec, state)) {
            flag("objects", format!("{} at {:?} shows {shown:?}", spec.name, state.pos));
        }
    }
    if at(&level.initial, level.entry) != Some('@') {
        flag("entry", format!("the entry {:?} is not '@' in initial", level.entry));
    }
    let coding_ok = level.coding_tile == level.entry || at(&level.initial, level.coding_tile) == Some('C');
    if !coding_ok || !reachable_in_rows(&level.initial, &level.walkable, level.entry, level.coding_tile) {
        flag(
            "coding tile",
            format!("{:?} is not a coding tile reachable from the entry before coding", level.coding_tile),
        );
    }
}

/// Rules `solution` and `solved`: the solution parses, runs and solves the level, leaving the
/// `solved` map; false when it can't be run at all.
fn validate_solution(level: &PuzzleLevel, world: &World, out: &mut Vec<Violation>) -> bool {
    let mut flag = |rule: &'static str, detail: String| out.push(Violation::new(rule, detail));
    let result = match parse(&level.solution)
        .map_err(|e| e.to_string())
        .and_then(|p| run_program(world, &p).map_err(|e| e.to_string()))
    {
        Ok(r) => r,
        Err(e) => {
            flag("solution", e);
            return false;
        }
    };
    if !result.solved {
        flag(
            "solution",
            format!("the solution doesn't solve the level (error: {:?})", result.error.map(|e| e.to_string())),
        );
    }
    if result.rows != level.solved {
        flag("solved", "the solved map isn't what the solution leaves".into());
    }
    true
}

/// Rules `exit`, `maze` and `rewards`, by walking the text maps.
fn validate_reach(level: &PuzzleLevel, out: &mut Vec<Violation>) {
    let mut flag = |rule: &'static str, detail: String| out.push(Violation::new(rule, detail));
    if !reachable_in_rows(&level.solved, &level.walkable, level.entry, level.exit) {
        flag("exit", format!("the exit {:?} can't be reached from the entry in solved", level.exit));
    }
    // The player stands on the coding tile when the program runs: from there, too.
    if !reachable_in_rows(&level.solved, &level.walkable, level.coding_tile, level.exit) {
        flag(
            "exit",
            format!(
                "the exit {:?} can't be reached in solved from the coding tile {:?}, where the player runs the program",
                level.exit, level.coding_tile
            ),
        );
    }
    let maze = level.objects.iter().any(|o| o.shape == PathKind::Maze);
    if maze && !level.report.maze_open && reachable_in_rows(&level.initial, &level.walkable, level.entry, level.exit) {
        flag("maze", "a maze shape is in the level but the exit is reachable before the code runs".into());
    }
    for (i, r) in level.rewards.iter().enumerate() {
        if !reachable_in_rows(&level.solved, &level.walkable, level.entry, (r.x, r.y)) {
            flag("rewards", format!("reward {i} ({:?} at ({}, {})) can't be reached in solved", r.kind, r.x, r.y));
        }
    }
}

/// The variant worlds (issue #32): each keeps every promise above on its own, is a world of the
/// same program and objects, and differs from the level's own world only where the program's
/// conditions look: an object whose `position` a condition reads may start off its mark, a
/// gate whose `isMoving` one reads may start still, nothing else, and at least one does (the
/// level's own world has every object on its mark and every gate moving). Rule `variants`; a
/// variant's own violations are named `variants[i]: rule: …`.
fn validate_variants(level: &PuzzleLevel) -> Vec<Violation> {
    let mut out = Vec::new();
    let mut flag = |detail: String| out.push(Violation::new("variants", detail));
    let program = parse(&level.solution).ok();
    let conds: Vec<(String, bool)> = program
        .iter()
        .flat_map(|p| p.conds())
        .map(|c| (c.object.clone(), matches!(c.attr, Attr::Position(_))))
        .collect();
    let has_conditions = !conds.is_empty();
    // (off its mark, a gate standing still), per object of a world.
    let differs = |o: &LevelObject| (o.home.is_some_and(|h| h != (o.x, o.y)), o.kind == Kind::Gate && !o.moving);
    for o in &level.objects {
        if differs(o) != (false, false) {
            flag(format!("{} starts off its mark or still in the level's own world", o.name));
        }
    }
    if !level.variants.is_empty() && !has_conditions {
        flag("a program without conditions has variant worlds".into());
    }
    if level.variants.len() > crate::puzzle::level::MAX_VARIANT_WORLDS {
        flag(format!("{} variant worlds, at most {}", level.variants.len(), crate::puzzle::level::MAX_VARIANT_WORLDS));
    }
    let names = |l: &PuzzleLevel| -> Vec<(String, CommandKind)> {
        l.objects.iter().map(|o| (o.name.clone(), o.command)).collect()
    };
    for (i, v) in level.variants.iter().enumerate() {
        if v.solution != level.solution {
            flag(format!("variants[{i}] is made from another program"));
        }
        if !v.variants.is_empty() {
            flag(format!("variants[{i}] has variant worlds of its own"));
        }
        if names(v) != names(level) {
            flag(format!("variants[{i}]'s objects are not the level's"));
        }
        for inner in validate_world(v) {
            flag(format!("variants[{i}]: {}: {}", inner.rule, inner.detail));
        }
        let mut any = false;
        for o in &v.objects {
            let (off, still) = differs(o);
            let reads = |position: bool| conds.iter().any(|(name, p)| *name == o.name && *p == position);
            if (off && !reads(true)) || (still && !reads(false)) {
                flag(format!("variants[{i}]: {} starts otherwise where no condition looks", o.name));
            }
            any |= off || still;
        }
        if !any {
            flag(format!("variants[{i}] starts like the level's own world"));
        }
    }
    out
}
