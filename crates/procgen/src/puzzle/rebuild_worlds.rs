//! A level with variant worlds made again from its trace (issue #32): the level's own world
//! from its events (`rebuild_world`); then the `variants` event checked against the program
//! (every start is one its conditions read, and `futile` is what those starts leave); each
//! `world` marker's seed recomputed and its world rebuilt from its own events; each `round`'s
//! verdict recomputed by running every shorter code on every world. A program with conditions
//! must have a `variants` event; one without, none.

use crate::Seed;
use crate::puzzle::explain::PuzzleStep;
use crate::puzzle::level::PuzzleLevel;
use crate::puzzle::parse;
use crate::puzzle::rebuild::{check, rebuild_world};
use crate::puzzle::summary::{Start, end_states, object_specs, started};
use crate::puzzle::variants::shorter;
use crate::puzzle::worlds::{MAX_ROUNDS, MAX_WORLDS, ON_MARK, choices, one_solves_all, world_seed};
use crate::trace::ReplayError;

/// The level `events` describe, variant worlds included.
pub fn rebuild_level(events: &[PuzzleStep]) -> Result<PuzzleLevel, ReplayError> {
    let split = events.iter().position(|e| matches!(e, PuzzleStep::Variants { .. })).unwrap_or(events.len());
    let mut level = rebuild_world(&events[..split], 0)?;
    let fail = |at: usize, reason: String| ReplayError::new(at, reason);
    let program = parse(&level.solution).map_err(|e| fail(0, format!("the code does not parse: {e}")))?;
    let Some(PuzzleStep::Variants { starts, futile }) = events.get(split) else {
        return if program.conds().is_empty() {
            Ok(level)
        } else {
            Err(fail(split, "a program with conditions needs a `variants` event".into()))
        };
    };
    let no_shorter = matches!(events.first(), Some(PuzzleStep::Rules { no_shorter: true, .. }));
    let codes = shorter(&program);
    let was_futile = futile_with(&program, &codes, starts).map_err(|reason| fail(split, reason))?;
    check(*futile == was_futile, || format!("futile is {was_futile}")).map_err(|r| fail(split, r))?;
    if starts.is_empty() {
        return match events.len() == split + 1 {
            true => Ok(level),
            false => Err(fail(split + 1, "an event after a `variants` event with no world".into())),
        };
    }
    let own = level.world().map_err(|r| fail(0, r))?;
    let mut at = split + 1;
    for round in 0..MAX_ROUNDS {
        let (variants, failed) = round_worlds(events, &mut at, round, starts, Seed(level.seed))?;
        let Some(&PuzzleStep::Round { round: r, shorter: was, kept }) = events.get(at) else {
            return Err(fail(at, format!("round {round} has no `round` event")));
        };
        check(r == round, || format!("round {r} comes where {round} should")).map_err(|reason| fail(at, reason))?;
        if failed || variants.len() < starts.len() {
            check(failed && was && !kept, || "a round with a world missing is only rejected".into())
                .map_err(|reason| fail(at, reason))?;
            at += 1;
            continue;
        }
        let mut worlds = vec![own.clone()];
        for v in &variants {
            worlds.push(v.world().map_err(|reason| fail(at, reason))?);
        }
        let shorter = one_solves_all(&worlds, &codes);
        let keep = !shorter || *futile || round + 1 == MAX_ROUNDS;
        check((was, kept) == (shorter, keep), || format!("shorter is {shorter} and kept {keep}"))
            .map_err(|reason| fail(at, reason))?;
        at += 1;
        if keep {
            check(at == events.len(), || "an event after the kept round".into()).map_err(|r| fail(at, r))?;
            level.report.variant_rounds = round + 1;
            level.report.shorter_solves = no_shorter && shorter;
            level.variants = variants;
            return Ok(level);
        }
    }
    Err(fail(at, "no round was kept".into()))
}

/// Round `round`'s variant worlds from `events[*at..]`, one a start of `starts`, each after its
/// `world` marker (its seed recomputed from the level's `seed`); `at` moves past them. The worlds
/// rebuilt, and whether one could not be made (its events stop short and the round ends there).
fn round_worlds(
    events: &[PuzzleStep],
    at: &mut usize,
    round: u32,
    starts: &[Vec<Start>],
    seed: Seed,
) -> Result<(Vec<PuzzleLevel>, bool), ReplayError> {
    let fail = |at: usize, reason: String| ReplayError::new(at, reason);
    let mut variants = Vec::new();
    let mut failed = false;
    for index in 1..=starts.len() {
        let Some(&PuzzleStep::World { round: r, index: i, seed: got }) = events.get(*at) else {
            break;
        };
        let want = world_seed(seed, round, index).0;
        check((r, i, got) == (round, index, want), || format!("world {index} of round {round} at seed {want}"))
            .map_err(|reason| fail(*at, reason))?;
        let end = (*at + 1..events.len())
            .find(|&k| matches!(events[k], PuzzleStep::World { .. } | PuzzleStep::Round { .. }))
            .unwrap_or(events.len());
        match rebuild_world(&events[*at + 1..end], *at + 1) {
            Ok(v) => {
                let ok = matches!(&events[*at + 1], PuzzleStep::Rules { starts: s, .. } if *s == starts[index - 1]);
                check(ok, || "the world's starts are not the `variants` event's".into())
                    .map_err(|reason| fail(*at + 1, reason))?;
                variants.push(v);
            }
            // A world the generator could not make: its events stop short, and the round
            // ends there.
            Err(_) if !events[*at + 1..end].iter().any(|s| matches!(s, PuzzleStep::Chosen { .. })) => {
                failed = true;
            }
            Err(e) => return Err(e),
        }
        *at = end;
        if failed {
            break;
        }
    }
    Ok((variants, failed))
}

/// Whether some shorter code does what the solution does in the level's own world and in every
/// world `starts` gives, on the map-free model; an error when a start is one the program's
/// conditions don't read (or too many worlds).
fn futile_with(
    program: &crate::puzzle::Program,
    codes: &[crate::puzzle::Program],
    starts: &[Vec<Start>],
) -> Result<bool, String> {
    let specs = object_specs(program).map_err(|e| e.to_string())?;
    let allowed = choices(program, &specs);
    check(starts.len() < MAX_WORLDS, || format!("{} variant worlds, at most {}", starts.len(), MAX_WORLDS - 1))?;
    for (w, world) in starts.iter().enumerate() {
        let fits = world.len() == specs.len() && world.iter().zip(&allowed).all(|(s, a)| a.contains(s));
        check(fits && world.iter().any(|s| *s != ON_MARK), || format!("world {} starts as no condition reads", w + 1))?;
    }
    let mut all = vec![Vec::new()];
    all.extend(starts.iter().cloned());
    let goals: Vec<_> = all.iter().map(|s| end_states(program, &started(&specs, s), None)).collect();
    check(goals.iter().all(Option::is_some), || "the solution does not finish in every world".into())?;
    Ok(codes.iter().any(|c| all.iter().zip(&goals).all(|(s, g)| end_states(c, &started(&specs, s), Some(1)) == *g)))
}
