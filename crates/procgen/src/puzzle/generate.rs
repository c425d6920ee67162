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

use crate::puzzle::attempt::build;
use crate::puzzle::explain::{PuzzleStep, Verdict};
use crate::puzzle::grammar::{Distribution, Draw, Grammar, per_mille};
use crate::puzzle::interp::Machine;
use crate::puzzle::level::{GenReport, PathKind, PuzzleLevel};
use crate::puzzle::parse;
use crate::puzzle::summary::{GenError, ObjectSummary, Start, summarize_from};
use crate::puzzle::variants::{any_solves, shorter, shorter_unavoidable};
use crate::puzzle::world::{Cell, World};
use crate::trace::{NoTrace, Trace};

/// Whole-level attempts before giving up on the maze repair.
pub(crate) const MAX_ATTEMPTS: u32 = 8;
/// Whole-level attempts with `no_shorter`.
pub(crate) const MAX_NO_SHORTER_ATTEMPTS: u32 = 16;

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
    let judge = Judge::new(grammar, &program, starts, options)?;
    trace.note(|| PuzzleStep::Rules {
        code: code.to_string(),
        seed: seed.0,
        level: options.level,
        distribution: judge.draw.distribution,
        penalty_per_mille: judge.draw.penalty_per_mille,
        no_shorter: judge.no_shorter,
        futile: judge.futile,
        attempts: judge.attempts,
        objects: judge.summaries.iter().map(|s| s.name.clone()).collect(),
        starts: starts.to_vec(),
    });
    let mut best = Best { report: GenReport::default(), fallback: None, chosen: 0, last_error: "no attempt made" };
    for attempt in 0..judge.attempts {
        best.report.attempts = attempt + 1;
        let built =
            match build(grammar, judge.draw, &judge.summaries, seed, options.level, attempt, &mut best.report, trace) {
                Ok(b) => b,
                Err(e) => {
                    trace.note(|| PuzzleStep::Failed { attempt, reason: e.to_string() });
                    best.last_error = e;
                    continue;
                }
            };
        // Never trust the generator: run the solution and walk the map.
        let (level, solved) = assemble(built, &program, code, seed, options.level);
        if !solved {
            trace.note(|| checked(attempt, false, false, false, Verdict::Unsolved, false));
            best.last_error = "the solution does not solve the level";
            continue;
        }
        if let Some(level) = best.judge(level, attempt, &judge, trace)? {
            return Ok(level);
        }
    }
    best.fall_back(judge.attempts, trace)
}

/// What one world's attempts are made and judged by: its objects, how rules are drawn, the
/// shorter codes to refuse and whether refusing them is futile, the attempts allowed.
struct Judge {
    summaries: Vec<ObjectSummary>,
    draw: Draw,
    no_shorter: bool,
    shorter_codes: Vec<Program>,
    futile: bool,
    attempts: u32,
}

impl Judge {
    /// The world's objects (at least one) and rules, from the program, the starts and the options.
    fn new(grammar: &Grammar, program: &Program, starts: &[Start], options: &GenOptions) -> Result<Judge, GenError> {
        let summaries = summarize_from(program, starts)?;
        if summaries.is_empty() {
            return Err(GenError::Unsupported("the program uses no object: a level needs at least one".into()));
        }
        // A shorter code that does exactly what the solution does can't be designed away: don't
        // spend attempts on it (the level still reports `shorter_solves`).
        let no_shorter = options.no_shorter && starts.is_empty();
        let shorter_codes = if no_shorter { shorter(program) } else { Vec::new() };
        let futile = no_shorter && shorter_unavoidable(program, &shorter_codes);
        let attempts = if no_shorter && !futile { MAX_NO_SHORTER_ATTEMPTS } else { MAX_ATTEMPTS };
        let draw = Draw {
            distribution: options.distribution.unwrap_or(grammar.distribution),
            penalty_per_mille: per_mille(options.penalty.unwrap_or(grammar.penalty)),
        };
        Ok(Judge { summaries, draw, no_shorter, shorter_codes, futile, attempts })
    }
}

/// The attempts so far: the report, the best rejected level (and its attempt), the last failure.
struct Best {
    report: GenReport,
    fallback: Option<PuzzleLevel>,
    chosen: u32,
    last_error: &'static str,
}

impl Best {
    /// A solved level judged: kept (returned) when no maze shape leaves its exit open and no
    /// shorter code solves it (or that is futile), else rejected and kept as the fallback when
    /// it is better than the one so far (blocked initially beats open).
    fn judge<T: Trace<PuzzleStep>>(
        &mut self,
        mut level: PuzzleLevel,
        attempt: u32,
        judge: &Judge,
        trace: &mut T,
    ) -> Result<Option<PuzzleLevel>, GenError> {
        let has_maze = level.objects.iter().any(|o| o.shape == PathKind::Maze);
        let world = level.world().map_err(GenError::Failed)?;
        let open = has_maze && world.reach().exit;
        let shorter = judge.no_shorter && any_solves(&world, &judge.shorter_codes, Some(1));
        if open {
            self.report.maze_repairs += 1;
        }
        if !open && (!shorter || judge.futile) {
            trace.note(|| checked(attempt, true, open, shorter, Verdict::Kept, false));
            trace.note(|| PuzzleStep::Chosen { attempt, fallback: false });
            level.report = GenReport { shorter_solves: shorter, ..self.report.clone() };
            return Ok(Some(level));
        }
        if shorter && !judge.futile {
            self.report.shorter_rejections += 1;
        }
        let better = match &self.fallback {
            None => true,
            Some(f) => f.report.maze_open && !open,
        };
        trace.note(|| checked(attempt, true, open, shorter, Verdict::Rejected, better));
        if better {
            self.chosen = attempt;
            level.report = GenReport { maze_open: open, shorter_solves: shorter, ..self.report.clone() };
            self.fallback = Some(level);
        }
        Ok(None)
    }

    /// After every attempt: the fallback with the whole report, or why there is none.
    fn fall_back<T: Trace<PuzzleStep>>(self, attempts: u32, trace: &mut T) -> Result<PuzzleLevel, GenError> {
        match self.fallback {
            Some(mut level) => {
                trace.note(|| PuzzleStep::Chosen { attempt: self.chosen, fallback: true });
                let (open, shorter) = (level.report.maze_open, level.report.shorter_solves);
                level.report = GenReport { maze_open: open, shorter_solves: shorter, ..self.report };
                Ok(level)
            }
            None => Err(GenError::Failed(format!("no level after {attempts} attempts: {}", self.last_error))),
        }
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
