//! A Code puzzle level made again from its trace alone ([`rebuild_level`]): no grammar and no
//! random stream, only the events (the program's text is in the `rules` event). Each grammar
//! expansion is checked against the draw rule (every candidate's penalty is the one the trace's
//! earlier picks gathered in this attempt, its weight the distribution's, the roll lands on the
//! rule picked); each mini-map is made from its recorded tiles and checked against its object
//! (the program's commands and trajectory, a shape that fits the object, the shape the grammar
//! derived) and against its promises by running its commands on the real rules
//! ([`MiniMap::verify`](crate::puzzle::minimap::MiniMap::verify)); the merge's plan must be the
//! one its chain order gives ([`merge::plan_order`](crate::puzzle::merge::plan_order)); the
//! coding tile's candidates are recomputed from the merged world; the trim, the solution's run,
//! the open exit, the shorter codes and each verdict are recomputed. So a trace rebuilds exactly
//! the level the generator returned, report included, or says which event does not fit.

use crate::generate::Picture;
use crate::puzzle::ast::Program;
use crate::puzzle::explain::PuzzleStep;
use crate::puzzle::grammar::Distribution;
use crate::puzzle::level::{GenReport, PuzzleLevel};
use crate::puzzle::parse;
use crate::puzzle::rebuild_attempt::{Attempt, Fallback, Kept, Turn};
use crate::puzzle::render::{pair_rgb, to_rgb};
use crate::puzzle::summary::{ObjectSummary, summarize_from};
use crate::puzzle::variants::{shorter, shorter_unavoidable};
use crate::puzzle::world::World;
use crate::trace::{ReplayError, Step};

/// What the `rules` event says, with the program parsed and summarised from its code.
pub(super) struct Rules {
    pub(super) code: String,
    pub(super) seed: u64,
    pub(super) level: u32,
    pub(super) distribution: Distribution,
    pub(super) penalty: u32,
    pub(super) no_shorter: bool,
    pub(super) futile: bool,
    pub(super) attempts: u32,
    pub(super) program: Program,
    pub(super) summaries: Vec<ObjectSummary>,
    pub(super) shorter_codes: Vec<Program>,
}

/// What the events after the `rules` have made so far.
#[derive(Default)]
struct Progress {
    report: GenReport,
    attempt: Option<Attempt>,
    /// The best rejected level so far.
    fallback: Option<Fallback>,
    /// A kept level.
    kept: Option<Kept>,
    chosen: Option<PuzzleLevel>,
}

#[derive(Default)]
struct Replay {
    rules: Option<Rules>,
    made: Progress,
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
        if replay.made.chosen.is_some() {
            return Err(ReplayError::new(first + at, "an event after the level was chosen"));
        }
        replay.apply(event).map_err(|reason| ReplayError::new(first + at, reason))?;
    }
    replay.made.chosen.ok_or_else(|| ReplayError::new(first + events.len(), "no `chosen` event"))
}

/// The level as far as `events` (a prefix of a trace, for `explain --format png`) have made it,
/// `cell_px` pixels a tile: the attempt under way's level once assembled, else its merged world,
/// else its mini-maps side by side (an attempt thrown away starts again from nothing). The
/// variant worlds that follow the level's own are not drawn: the frames go on showing the level.
pub fn sketch_level(events: &[PuzzleStep], cell_px: usize) -> Result<Picture, ReplayError> {
    let split = events.iter().position(|e| matches!(e, PuzzleStep::Variants { .. })).unwrap_or(events.len());
    let mut replay = Replay::default();
    for (at, event) in events[..split].iter().enumerate() {
        if replay.made.chosen.is_some() {
            return Err(ReplayError::new(at, "an event after the level was chosen"));
        }
        replay.apply(event).map_err(|reason| ReplayError::new(at, reason))?;
    }
    let attempt = replay.made.attempt.as_ref();
    let level = replay.made.chosen.as_ref().or_else(|| attempt.and_then(|a| a.built.as_ref().map(|(level, _)| level)));
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
    /// One event checked against the events before it and applied: the `rules` first, then
    /// every other event against them.
    fn apply(&mut self, event: &PuzzleStep) -> Result<(), String> {
        if let PuzzleStep::Rules { .. } = event {
            check(self.rules.is_none(), || "a second `rules` event".into())?;
            self.rules = Some(rules_of(event)?);
            return Ok(());
        }
        let Some(rules) = &self.rules else { return Err(format!("a `{}` event before the `rules`", event.rule())) };
        match *event {
            PuzzleStep::Attempt { attempt, base } => self.made.start_attempt(rules, attempt, base),
            PuzzleStep::Chosen { attempt, fallback } => self.made.choose(rules, attempt, fallback),
            _ => self.made.step(rules, event),
        }
    }
}

impl Progress {
    /// An `attempt` event: the next attempt after the last one ended, its streams where the
    /// rule puts them.
    fn start_attempt(&mut self, rules: &Rules, attempt: u32, base: u32) -> Result<(), String> {
        let next = self.attempt.as_ref().map_or(0, |a| a.number + 1);
        check(attempt == next && attempt < rules.attempts, || format!("attempt {attempt} comes where {next}"))?;
        check(self.attempt.as_ref().is_none_or(|a| a.done), || "an attempt before the last one ended".into())?;
        let want = rules.level.wrapping_mul(4096).wrapping_add(attempt * 64);
        check(base == want, || format!("streams at {base}, the rule gives {want}"))?;
        self.report.attempts = attempt + 1;
        self.attempt = Some(Attempt { number: attempt, ..Attempt::default() });
        Ok(())
    }

    /// A `chosen` event after an attempt ended: the kept level, or the fallback after every
    /// attempt, with the report so far.
    fn choose(&mut self, rules: &Rules, attempt: u32, fallback: bool) -> Result<(), String> {
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
        Ok(())
    }

    /// Any other event, inside the attempt under way ([`Turn::apply`]).
    fn step(&mut self, rules: &Rules, event: &PuzzleStep) -> Result<(), String> {
        let Some(now) = self.attempt.as_mut().filter(|a| !a.done) else {
            return Err(format!("a `{}` event outside an attempt", event.rule()));
        };
        let mut turn =
            Turn { rules, now, report: &mut self.report, kept: &mut self.kept, fallback: &mut self.fallback };
        turn.apply(event)
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
