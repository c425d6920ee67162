//! Running a program on a level: [`run`] for the CLI and the checks (everything at once, with
//! the trace), [`Session`] for the game (one statement at a time, reset on a wrong run) and
//! [`solves`] for the evaluation's thousands of runs. The verdict always comes from running
//! the interpreter and walking the resulting map; nothing the generator says is trusted.

use std::fmt;

use serde::Serialize;

use crate::puzzle::ast::{CodeError, Program};
use crate::puzzle::interp::{Machine, Step, TraceEvent};
use crate::puzzle::level::PuzzleLevel;
use crate::puzzle::parse;
use crate::puzzle::world::{Reach, World};

/// What running a program on a level gave.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RunResult {
    /// The run finished without error, the exit is reachable from the entry and every reward
    /// is revealed and reachable.
    pub solved: bool,
    pub exit_reachable: bool,
    /// Per reward (the level's order): revealed and reachable.
    pub rewards_reached: Vec<bool>,
    /// Statements executed (commands, assignments, loop and `if` tests).
    pub steps: usize,
    /// Commands executed.
    pub commands: usize,
    /// Commands and constructs in the program (the score's "fewest statements").
    pub statements: usize,
    /// What stopped the run early (the step cap, a variable with no value).
    pub error: Option<CodeError>,
    pub trace: Vec<TraceEvent>,
    /// The map after the run, one character a tile.
    pub rows: Vec<String>,
}

/// Why a program could not be run on a level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RunError {
    /// The level file is unusable (the message names the field).
    Level(String),
    /// The program doesn't parse or doesn't fit the level's objects: `line:col: …`.
    Code(CodeError),
}

impl fmt::Display for RunError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RunError::Level(m) => write!(f, "level: {m}"),
            RunError::Code(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for RunError {}

/// Parses `code`, runs it on the level from its initial state and walks the result.
///
/// ```
/// use seedfeast_procgen::Seed;
/// use seedfeast_procgen::puzzle::{GenOptions, generate, run};
/// let level = generate("door1.open();", Seed(3), &GenOptions::default()).unwrap();
/// assert!(run(&level, "door1.open();").unwrap().solved);
/// assert!(!run(&level, "// nothing").unwrap().solved);
/// assert_eq!(run(&level, "door1.open()").unwrap_err().to_string(), "1:13: expected ';' after the command, found the end of the program");
/// ```
pub fn run(level: &PuzzleLevel, code: &str) -> Result<RunResult, RunError> {
    let world = level.world().map_err(RunError::Level)?;
    let program = parse(code).map_err(RunError::Code)?;
    run_program(&world, &program).map_err(RunError::Code)
}

/// One world's name for players and messages: `world 1` is the level's own, `world 2` its first
/// variant (issue #32).
pub fn world_name(index: usize) -> String {
    format!("world {}", index + 1)
}

/// Runs `code` on every world of the level, its own first: the level is solved only when every
/// result is. [`first_failure`] names the world a wrong program fails in.
pub fn run_worlds(level: &PuzzleLevel, code: &str) -> Result<Vec<RunResult>, RunError> {
    let worlds = level.worlds().map_err(RunError::Level)?;
    let program = parse(code).map_err(RunError::Code)?;
    worlds
        .iter()
        .enumerate()
        .map(|(k, w)| {
            // A variant whose objects differ from the level's (a hand-edited file) says which.
            run_program(w, &program).map_err(|e| match k {
                0 => RunError::Code(e),
                _ => RunError::Code(CodeError::new(e.pos, format!("in {}: {}", world_name(k), e.message))),
            })
        })
        .collect()
}

/// The first world a set of results is not solved in, and why, in words: `world 2: the exit
/// can't be reached` or `world 2: 3:5: …` (the run's error, with its line and column).
pub fn first_failure(results: &[RunResult]) -> Option<(usize, String)> {
    let (i, r) = results.iter().enumerate().find(|(_, r)| !r.solved)?;
    let why = match (&r.error, r.exit_reachable) {
        (Some(e), _) => e.to_string(),
        (None, false) => "the way to the exit is still shut".to_string(),
        (None, true) => "a reward is still out of reach".to_string(),
    };
    Some((i, format!("{}: {why}", world_name(i))))
}

/// Runs a parsed program on a world (from the world's current state).
pub fn run_program(world: &World, program: &Program) -> Result<RunResult, CodeError> {
    let mut machine = Machine::new(program, world.clone())?;
    let (trace, error) = machine.run();
    let steps = machine.steps().min(trace.len());
    let world = machine.into_env();
    let reach = world.reach();
    let commands = trace.iter().filter(|e| matches!(e.event, crate::puzzle::interp::Event::Command { .. })).count();
    Ok(RunResult {
        solved: error.is_none() && reach.all(),
        exit_reachable: reach.exit,
        rewards_reached: reach.rewards,
        steps,
        commands,
        statements: program.size(),
        error,
        trace,
        rows: world.rows(),
    })
}

/// Whether `program` solves the world (the paper's "working code"), as fast as possible: no
/// check (the caller made the program from a checked one), no trace. Variables never assigned
/// read as `unset` when given.
pub fn solves(world: &World, program: &Program, unset: Option<i64>) -> bool {
    let mut machine = Machine::unchecked(program, world.clone());
    if let Some(v) = unset {
        machine = machine.with_unset_default(v);
    }
    loop {
        match machine.step() {
            Step::Ran(_) => {}
            Step::Done => break,
            Step::Failed(_) => return false,
        }
    }
    machine.into_env().reach().all()
}

/// A program running on a level for the game: one statement per [`Session::step`], the map
/// after each, and [`Session::reset`] back to the level's initial state.
///
/// ```
/// use seedfeast_procgen::Seed;
/// use seedfeast_procgen::puzzle::{GenOptions, Session, generate};
/// let level = generate("gate1.stop();", Seed(5), &GenOptions::default()).unwrap();
/// let mut session = Session::new(&level, "gate1.stop();").unwrap();
/// assert!(!session.reach().exit);
/// while session.step().is_some() {}
/// assert!(session.reach().exit && session.error().is_none());
/// assert_eq!(session.rows(), level.solved);
/// session.reset();
/// assert_eq!(session.rows(), level.initial);
/// ```
pub struct Session {
    machine: Machine<World>,
    start: World,
    error: Option<CodeError>,
}

impl Session {
    /// Parses and checks `code` against the level; errors carry `line:col`.
    pub fn new(level: &PuzzleLevel, code: &str) -> Result<Session, RunError> {
        let world = level.world().map_err(RunError::Level)?;
        let program = parse(code).map_err(RunError::Code)?;
        let machine = Machine::new(&program, world.clone()).map_err(RunError::Code)?;
        Ok(Session { machine, start: world, error: None })
    }

    /// Runs one statement; `None` once the program has finished or failed (see
    /// [`Session::error`]).
    pub fn step(&mut self) -> Option<TraceEvent> {
        match self.machine.step() {
            Step::Ran(e) => Some(e),
            Step::Done => None,
            Step::Failed(e) => {
                self.error = Some(e);
                None
            }
        }
    }

    /// The world now: object states, ground, rewards.
    pub fn world(&self) -> &World {
        self.machine.env()
    }

    /// The map now, one character a tile.
    pub fn rows(&self) -> Vec<String> {
        self.machine.env().rows()
    }

    /// Whether the exit and each reward can be reached now.
    pub fn reach(&self) -> Reach {
        self.machine.env().reach()
    }

    /// What stopped the run, if it failed.
    pub fn error(&self) -> Option<&CodeError> {
        self.error.as_ref()
    }

    pub fn is_finished(&self) -> bool {
        self.machine.is_finished()
    }

    /// Steps run so far.
    pub fn steps(&self) -> usize {
        self.machine.steps()
    }

    /// Back to the level's initial state and the program's first statement.
    pub fn reset(&mut self) {
        *self.machine.env_mut() = self.start.clone();
        self.machine.restart();
        self.error = None;
    }
}
