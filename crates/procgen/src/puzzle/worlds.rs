//! A level's variant worlds (issue #32): when the solution has conditions, one world knows every
//! condition's answer before the program runs, so the straight-line code that skips the `if`
//! is always shorter. A level of such a program therefore comes with up to
//! [`MAX_WORLDS`] worlds, each generated backwards from the same solution with the objects its
//! conditions read starting otherwise: a gate moving or still (`isMoving`), a block or statue a
//! tile or two off its mark (`position` is read from the mark). The program must solve every
//! world, so a code that skips a condition fails the world whose answer it got wrong.
//!
//! Which starts: on the map-free model (every move succeeds) each shorter code either ends with
//! every object as the solution leaves it in every world chosen so far (it can't be told apart
//! yet) or not. Worlds are added greedily, the one that tells apart the most codes still alive
//! first (ties in an order the seed shuffles), until none is alive or the worlds run out.
//! Codes still alive then can't be designed away (`futile`). Every search here is bounded.

use crate::Seed;
use crate::puzzle::ast::{Attr, CommandKind, Program};
use crate::puzzle::explain::PuzzleStep;
use crate::puzzle::generate::{GenOptions, generate_world};
use crate::puzzle::grammar::Grammar;
use crate::puzzle::level::PuzzleLevel;
use crate::puzzle::solve::solves;
use crate::puzzle::summary::{GenError, Start, end_states, object_specs, started, summarize_from};
use crate::puzzle::variants::{combinations, shorter};
use crate::puzzle::world::{Cell, Kind, ObjectSpec, ObjectState, World};
use crate::rng::{GenRng, Subsystem, stream};
use crate::trace::Trace;

/// The most worlds a level has: its own and two variants.
pub const MAX_WORLDS: usize = 3;
/// The offsets from its mark a variant may start a moved object at.
pub(crate) const OFFSETS: [Cell; 9] = [(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1), (-2, 0), (2, 0), (0, -2), (0, 2)];
/// The most start combinations looked at.
pub const MAX_CANDIDATES: usize = 256;

/// The start every object has in a level's own world.
pub(crate) const ON_MARK: Start = Start { offset: (0, 0), moving: true };

/// What each object may start as in a variant: only what the program's conditions read, and
/// only where a command can change it (a gate's `isMoving`, a moved object's `position`).
pub fn choices(program: &Program, specs: &[ObjectSpec]) -> Vec<Vec<Start>> {
    let conds = program.conds();
    specs
        .iter()
        .map(|spec| {
            let reads = |moving: bool| {
                conds.iter().any(|c| c.object == spec.name && matches!(c.attr, Attr::IsMoving(_)) == moving)
            };
            let movings: &[bool] = if spec.kind == Kind::Gate && reads(true) { &[true, false] } else { &[true] };
            let offsets: &[Cell] =
                if spec.command == CommandKind::Move && reads(false) { &OFFSETS } else { &OFFSETS[..1] };
            offsets.iter().flat_map(|&offset| movings.iter().map(move |&moving| Start { offset, moving })).collect()
        })
        .collect()
}

/// Every combination of the choices but the level's own (all on their marks, gates moving),
/// at most [`MAX_CANDIDATES`], in a fixed order.
pub fn candidates(choices: &[Vec<Start>]) -> Vec<Vec<Start>> {
    let mut out = Vec::new();
    combinations(choices, |combo| {
        if combo.iter().any(|s| *s != ON_MARK) {
            out.push(combo.to_vec());
        }
        out.len() < MAX_CANDIDATES
    });
    out
}

/// The variant worlds' starts, and whether some shorter code can't be told apart from the
/// solution even so (`futile`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Picked {
    pub starts: Vec<Vec<Start>>,
    pub futile: bool,
}

/// Each object's end state in one world's model, per code (`None`: the code fails there).
fn ends(program: &Program, specs: &[ObjectSpec], starts: &[Start], unset: Option<i64>) -> Option<Vec<ObjectState>> {
    end_states(program, &started(specs, starts), unset)
}

/// Picks the variant worlds for `program` among `shorter_codes` (its [`super::variants::shorter`]
/// codes), the seed's stream ordering ties. A program without conditions gets none.
pub fn pick(program: &Program, shorter_codes: &[Program], rng: &mut impl GenRng) -> Picked {
    let Ok(specs) = object_specs(program) else { return Picked::default() };
    let Some(goal) = ends(program, &specs, &[], None) else { return Picked::default() };
    // Codes doing exactly what the solution does in the level's own world.
    let mut alive: Vec<&Program> =
        shorter_codes.iter().filter(|c| ends(c, &specs, &[], Some(1)).as_ref() == Some(&goal)).collect();
    if alive.is_empty() || program.conds().is_empty() {
        return Picked { starts: Vec::new(), futile: !alive.is_empty() };
    }
    // (starts, the solution's end states, the commands it runs there)
    let mut pool: Vec<(Vec<Start>, Vec<ObjectState>, usize)> = candidates(&choices(program, &specs))
        .into_iter()
        .filter_map(|starts| {
            // A start the solution can't finish from (a loop that never ends) is no world.
            let end = ends(program, &specs, &starts, None)?;
            let commands = summarize_from(program, &starts).ok()?.iter().map(|s| s.commands.len()).sum();
            Some((starts, end, commands))
        })
        .collect();
    // Fisher–Yates on the seed's stream: which of equally good worlds is taken.
    for i in (1..pool.len()).rev() {
        pool.swap(i, rng.below(i + 1));
    }
    let mut picked = Vec::new();
    while picked.len() + 1 < MAX_WORLDS && !alive.is_empty() {
        // Most codes told apart first; then the world where the solution does the most, as a
        // backwards-built world needs each of its commands, while one that skips an object
        // may not mind what a wrong code does to it.
        let score = |(starts, end, commands): &(Vec<Start>, Vec<ObjectState>, usize)| {
            (alive.iter().filter(|c| ends(c, &specs, starts, Some(1)).as_ref() != Some(end)).count(), *commands)
        };
        let Some((best, (told_apart, _))) =
            pool.iter().enumerate().map(|(i, w)| (i, score(w))).reduce(|a, b| if b.1 > a.1 { b } else { a })
        else {
            break;
        };
        if told_apart == 0 {
            break;
        }
        let (starts, end, _) = pool.swap_remove(best);
        alive.retain(|c| ends(c, &specs, &starts, Some(1)).as_ref() == Some(&end));
        picked.push(starts);
    }
    Picked { starts: picked, futile: !alive.is_empty() }
}

/// Rounds of variant worlds tried (a world that can't be made, or one shorter code solving them
/// all) before giving up or keeping the last.
pub(crate) const MAX_ROUNDS: u32 = 16;

/// Variant world `index` (1 the first) of round `round`: its seed, a fixed function of the
/// level's (a golden-ratio step apart, so no two worlds of a level share streams).
pub fn world_seed(seed: Seed, round: u32, index: usize) -> Seed {
    let k = u64::from(round) * MAX_WORLDS as u64 + index as u64;
    Seed(seed.0.wrapping_add(k.wrapping_mul(0x9E37_79B9_7F4A_7C15)))
}

/// Whether one of `codes` solves every world (unassigned variables read as 1). The variants
/// are tried first: the codes that matter are the ones the level's own world lets through.
pub fn one_solves_all(worlds: &[World], codes: &[Program]) -> bool {
    codes.iter().any(|c| worlds.iter().rev().all(|w| solves(w, c, Some(1))))
}

/// The level's variant worlds, when its solution has conditions: picked, generated (each its
/// own level from the solution and a derived seed) and rebuilt in fresh rounds while one
/// shorter code solves every world (bounded; the report says what was kept).
pub(crate) fn add_variants<T: Trace<PuzzleStep>>(
    grammar: &Grammar,
    mut level: PuzzleLevel,
    program: &Program,
    seed: Seed,
    options: &GenOptions,
    trace: &mut T,
) -> Result<PuzzleLevel, GenError> {
    if program.conds().is_empty() {
        return Ok(level);
    }
    let codes = shorter(program);
    let picked = pick(program, &codes, &mut stream(seed, Subsystem::PuzzleVariants, options.level));
    trace.note(|| PuzzleStep::Variants { starts: picked.starts.clone(), futile: picked.futile });
    if picked.starts.is_empty() {
        return Ok(level);
    }
    let own = level.world().map_err(GenError::Failed)?;
    let variant_options = GenOptions { no_shorter: false, ..options.clone() };
    let mut kept: Option<(Vec<PuzzleLevel>, bool)> = None;
    let mut last_error = None;
    // A round is retried when one of its worlds can't be made, or when one shorter code solves
    // every world: telling such codes apart is what variant worlds are for, so this holds
    // with or without `no_shorter` (which adds the same check to single-world levels).
    for round in 0..MAX_ROUNDS {
        let mut variants = Vec::new();
        for (i, starts) in picked.starts.iter().enumerate() {
            let world_seed = world_seed(seed, round, i + 1);
            trace.note(|| PuzzleStep::World { round, index: i + 1, seed: world_seed.0 });
            match generate_world(grammar, &level.solution, program, starts, world_seed, &variant_options, trace) {
                Ok(v) => variants.push(v),
                Err(e) => {
                    last_error = Some(e);
                    break;
                }
            }
        }
        if variants.len() < picked.starts.len() {
            trace.note(|| PuzzleStep::Round { round, shorter: true, kept: false });
            continue;
        }
        let mut worlds = vec![own.clone()];
        for v in &variants {
            worlds.push(v.world().map_err(GenError::Failed)?);
        }
        let shorter = one_solves_all(&worlds, &codes);
        let keep = !shorter || picked.futile || round + 1 == MAX_ROUNDS;
        trace.note(|| PuzzleStep::Round { round, shorter, kept: keep });
        level.report.variant_rounds = round + 1;
        if keep {
            kept = Some((variants, shorter));
            break;
        }
    }
    let Some((variants, shorter)) = kept else {
        return Err(last_error.unwrap_or_else(|| GenError::Failed("no round of variant worlds could be made".into())));
    };
    level.report.shorter_solves = options.no_shorter && shorter;
    level.variants = variants;
    Ok(level)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::parse;

    fn picked(code: &str) -> Picked {
        let p = parse(code).unwrap();
        pick(&p, &shorter(&p), &mut stream(Seed(1), Subsystem::PuzzleVariants, 0))
    }

    #[test]
    fn a_program_without_conditions_has_one_world() {
        assert_eq!(picked("block1.move(\"up\"); door1.open();"), Picked::default());
    }

    #[test]
    fn an_if_else_on_a_gate_gets_a_world_with_the_gate_still() {
        let p = picked("if (gate1.isMoving == true) { gate1.stop(); } else { door1.open(); }");
        assert!(!p.futile);
        assert_eq!(p.starts.len(), 1);
        assert!(!p.starts[0][0].moving, "{:?}", p.starts);
    }

    #[test]
    fn an_idempotent_guard_stays_futile() {
        // `gate1.stop();` does what the `if` does in every world: no variant can tell them apart.
        let p = picked("if (gate1.isMoving == true) { gate1.stop(); }");
        assert!(p.futile);
    }

    #[test]
    fn a_push_until_loop_gets_a_world_that_needs_more_than_one_push() {
        let p = picked("while (block1.position != \"right\") { block1.move(\"right\"); } door1.open();");
        assert!(!p.futile, "{p:?}");
        assert!(p.starts.iter().any(|s| s[0].offset.0 < 0), "{:?}", p.starts);
    }

    #[test]
    fn candidates_are_bounded_and_leave_out_the_own_world() {
        let p = parse("if (block1.position == \"left\") { block1.move(\"up\"); } if (block2.position == \"up\") { block2.move(\"up\"); } if (block3.position == \"up\") { block3.move(\"up\"); }").unwrap();
        let all = candidates(&choices(&p, &object_specs(&p).unwrap()));
        assert_eq!(all.len(), MAX_CANDIDATES.min(9 * 9 * 9 - 1));
        assert!(all.iter().all(|c| c.iter().any(|s| *s != ON_MARK)));
    }
}
