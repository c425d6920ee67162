//! One curriculum step being played, as plain logic: the generated level, the world as it stands,
//! and a program's run played back one statement at a time at a readable pace. No Bevy here:
//! the mode's systems call [`Board::start_run`] and [`Board::tick`] and draw what they find.
//!
//! Every run starts from the level's initial state. A run that doesn't open the way (or stops
//! with an error) shows its end for a moment, then the level goes back to its initial state; a
//! run that opens it leaves the world solved and the exit open. The verdict is the procgen
//! interpreter's (`RunResult::solved`: the exit and every reward reachable).

use seedfeast_procgen::puzzle::interp::{Event, TraceEvent};
use seedfeast_procgen::puzzle::world::{Cell, Ground, World};
use seedfeast_procgen::puzzle::{CodeError, PuzzleLevel, RunError, Session, run};

/// Seconds a command takes to play at the normal pace.
pub const COMMAND_SECONDS: f32 = 0.55;
/// Seconds an assignment or a test (`for`, `if`, `while`) takes at the normal pace.
pub const TEST_SECONDS: f32 = 0.25;
/// The longest a run's playback lasts: a longer run plays faster.
pub const MAX_PLAYBACK_SECONDS: f32 = 8.0;
/// The longest a run that ends in an error (an endless loop) plays before its message shows.
pub const MAX_FAILING_PLAYBACK_SECONDS: f32 = 3.0;
/// Seconds the end of a run stays on screen before the level resets (or the panel closes).
pub const END_HOLD_SECONDS: f32 = 1.4;
/// The most steps taken in one tick, whatever the pace (the interpreter's own cap is larger
/// than this only for runs the pace spreads over many ticks).
const MAX_STEPS_PER_TICK: usize = 400;

/// What the panel says under the code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Note {
    /// Nothing run yet.
    Ready,
    /// A run is playing.
    Running,
    /// The last run opened the way.
    Solved,
    /// The last run finished but the way is still shut.
    Wrong,
    /// The program didn't parse or doesn't fit the level (nothing ran).
    Refused(CodeError),
    /// The run stopped with an error (an endless loop, a variable without a value).
    Failed(CodeError),
    /// The player stopped the run.
    Stopped,
}

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Solved,
    Wrong,
    Failed,
}

/// Something a tick did, for sounds and the HUD.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardEvent {
    /// A statement started playing (the first few of a tick).
    Step(TraceEvent),
    /// The program finished (its end now shows).
    Finished(Verdict),
    /// The end has been shown: a wrong run has reset the level, a solved one stays.
    Concluded(Verdict),
}

/// A run being played back.
pub struct Playback {
    session: Session,
    /// The statement playing now, and the world before it (for the in-between frames).
    pub current: Option<TraceEvent>,
    pub before: World,
    /// Seconds (at the playback's pace) into the current statement.
    pub elapsed: f32,
    /// How many times faster than the normal pace this run plays.
    pub speed: f32,
    /// Set once the program has finished: how, and for how long its end has shown.
    pub finished: Option<(Verdict, f32)>,
    /// Commands and constructs in the program (the score's "statements").
    pub statements: usize,
    /// Steps the whole run takes.
    pub total_steps: usize,
    pub steps_done: usize,
}

impl Playback {
    /// How far (0..1) the current statement has played.
    pub fn progress(&self) -> f32 {
        match &self.current {
            Some(event) => (self.elapsed / duration(event)).clamp(0.0, 1.0),
            None => 1.0,
        }
    }

    /// The source line playing now (from 1), if any.
    pub fn line(&self) -> Option<u32> {
        self.current.as_ref().map(|e| e.pos.line)
    }
}

/// Seconds a statement takes at the normal pace.
pub fn duration(event: &TraceEvent) -> f32 {
    match event.event {
        Event::Command { .. } => COMMAND_SECONDS,
        _ => TEST_SECONDS,
    }
}

/// How many times faster than the normal pace a run of these steps plays, so that it lasts at
/// most `cap` seconds.
pub fn speed_for(steps: &[TraceEvent], cap: f32) -> f32 {
    let normal: f32 = steps.iter().map(duration).sum();
    (normal / cap).max(1.0)
}

/// A level in play.
pub struct Board {
    /// The curriculum step (from 0).
    pub step: u32,
    pub level: PuzzleLevel,
    /// The level before any code runs.
    pub initial: World,
    /// The world as it stands (during a run: after the statement playing now).
    pub world: World,
    /// The exit is open: the last run solved the level.
    pub open: bool,
    /// Statements of the run that opened the exit.
    pub solved_with: Option<usize>,
    pub playback: Option<Playback>,
    pub note: Note,
    /// The error the editor underlines (cleared when the code is edited).
    pub error: Option<CodeError>,
    /// Runs started on this level.
    pub runs: u32,
    /// Statements in the step's own solution (the par).
    pub par: usize,
}

impl Board {
    /// The board for a generated level.
    pub fn new(step: u32, level: PuzzleLevel) -> Result<Board, String> {
        let initial = level.world()?;
        let par = seedfeast_procgen::puzzle::parse(&level.solution).map_or(0, |program| program.size());
        Ok(Board {
            step,
            world: initial.clone(),
            initial,
            level,
            open: false,
            solved_with: None,
            playback: None,
            note: Note::Ready,
            error: None,
            runs: 0,
            par,
        })
    }

    /// Whether a run is playing (or its end is showing).
    pub fn running(&self) -> bool {
        self.playback.is_some()
    }

    /// Starts running `code` from the level's initial state. A program that doesn't parse or
    /// doesn't fit the level runs nothing: its error comes back (and is noted, `line:col`).
    pub fn start_run(&mut self, code: &str) -> Result<(), CodeError> {
        let session = match Session::new(&self.level, code) {
            Ok(session) => session,
            Err(error) => {
                let error = match error {
                    RunError::Code(error) => error,
                    RunError::Level(message) => CodeError::new(Default::default(), message),
                };
                self.note = Note::Refused(error.clone());
                self.error = Some(error.clone());
                return Err(error);
            }
        };
        // The whole run first (bounded by the interpreter's step cap, well under a
        // millisecond), to set the pace; the session then plays it statement by statement.
        let whole = run(&self.level, code).map_err(|e| CodeError::new(Default::default(), e.to_string()))?;
        let cap = if whole.error.is_some() { MAX_FAILING_PLAYBACK_SECONDS } else { MAX_PLAYBACK_SECONDS };
        self.world = self.initial.clone();
        self.open = false;
        self.solved_with = None;
        self.error = None;
        self.note = Note::Running;
        self.runs += 1;
        self.playback = Some(Playback {
            session,
            current: None,
            before: self.initial.clone(),
            elapsed: 0.0,
            speed: speed_for(&whole.trace, cap),
            finished: None,
            statements: whole.statements,
            total_steps: whole.trace.len(),
            steps_done: 0,
        });
        Ok(())
    }

    /// Plays `dt` seconds of the run, if one is playing. Bounded work per call whatever the
    /// program: an endless loop is cut by the interpreter's step cap and the pace.
    pub fn tick(&mut self, dt: f32) -> Vec<BoardEvent> {
        let mut events = Vec::new();
        let Some(playback) = self.playback.as_mut() else { return events };
        if let Some((verdict, shown)) = playback.finished.as_mut() {
            *shown += dt;
            if *shown >= END_HOLD_SECONDS {
                let verdict = *verdict;
                self.conclude(verdict);
                events.push(BoardEvent::Concluded(verdict));
            }
            return events;
        }
        playback.elapsed += dt * playback.speed;
        for _ in 0..MAX_STEPS_PER_TICK {
            let due = playback.current.as_ref().map_or(0.0, duration);
            if playback.elapsed < due {
                break;
            }
            playback.elapsed -= due;
            playback.before = self.world.clone();
            match playback.session.step() {
                Some(event) => {
                    self.world = playback.session.world().clone();
                    playback.steps_done += 1;
                    if events.len() < 8 {
                        events.push(BoardEvent::Step(event.clone()));
                    }
                    playback.current = Some(event);
                }
                None => {
                    playback.current = None;
                    playback.elapsed = 0.0;
                    let verdict = match playback.session.error() {
                        Some(error) => {
                            self.note = Note::Failed(error.clone());
                            self.error = Some(error.clone());
                            Verdict::Failed
                        }
                        None if playback.session.reach().all() => {
                            self.open = true;
                            self.solved_with = Some(playback.statements);
                            self.note = Note::Solved;
                            Verdict::Solved
                        }
                        None => {
                            self.note = Note::Wrong;
                            Verdict::Wrong
                        }
                    };
                    playback.finished = Some((verdict, 0.0));
                    events.push(BoardEvent::Finished(verdict));
                    break;
                }
            }
        }
        events
    }

    /// Plays the rest of the run at once (its end still shows for a moment).
    pub fn fast_forward(&mut self) -> Vec<BoardEvent> {
        let mut events = Vec::new();
        // Each tick takes up to MAX_STEPS_PER_TICK steps; the interpreter stops any run within
        // its step cap, so this ends.
        while self.playback.as_ref().is_some_and(|p| p.finished.is_none()) {
            if let Some(p) = self.playback.as_mut() {
                p.elapsed = f32::MAX / 4.0;
            }
            events.extend(self.tick(0.0));
        }
        events
    }

    /// Stops a run: the level goes back to its initial state.
    pub fn stop(&mut self) {
        if self.playback.take().is_some() {
            self.world = self.initial.clone();
            self.open = false;
            self.solved_with = None;
            self.note = Note::Stopped;
        }
    }

    fn conclude(&mut self, verdict: Verdict) {
        self.playback = None;
        if verdict != Verdict::Solved {
            self.world = self.initial.clone();
            self.open = false;
        }
    }

    /// Where the player may stand now: the world's walkable tiles, the exit only once open.
    pub fn walkable(&self) -> Vec<bool> {
        let mut walkable = self.world.view().walkable;
        if !self.open && self.world.contains(self.level.exit) {
            let exit = self.world.index(self.level.exit);
            walkable[exit] = false;
        }
        walkable
    }

    /// Whether the player may stand on `cell` now.
    pub fn can_stand(&self, walkable: &[bool], cell: Cell) -> bool {
        self.world.contains(cell) && walkable[self.world.index(cell)]
    }

    pub fn ground(&self, cell: Cell) -> Ground {
        self.world.ground_at(cell)
    }

    /// The shortest walk from `from` to `to` over tiles the player may stand on now (both ends
    /// included), if there is one.
    pub fn path(&self, from: Cell, to: Cell) -> Option<Vec<Cell>> {
        let walkable = self.walkable();
        let world = &self.world;
        if !world.contains(from) || !world.contains(to) {
            return None;
        }
        let mut came: Vec<Option<Cell>> = vec![None; world.ground.len()];
        let mut queue = std::collections::VecDeque::from([from]);
        came[world.index(from)] = Some(from);
        while let Some(c) = queue.pop_front() {
            if c == to {
                let mut path = vec![to];
                let mut at = to;
                while at != from {
                    at = came[world.index(at)]?;
                    path.push(at);
                }
                path.reverse();
                return Some(path);
            }
            for (dx, dy) in [(0, -1), (1, 0), (0, 1), (-1, 0)] {
                let n = (c.0 + dx, c.1 + dy);
                if world.contains(n) && came[world.index(n)].is_none() && walkable[world.index(n)] {
                    came[world.index(n)] = Some(c);
                    queue.push_back(n);
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use seedfeast_procgen::Seed;
    use seedfeast_procgen::puzzle::curriculum::Curriculum;

    fn board(step: u32, seed: u64) -> Board {
        let curriculum = Curriculum::default();
        Board::new(step, curriculum.level(step, Seed(seed)).unwrap()).unwrap()
    }

    fn play_out(board: &mut Board) -> Vec<BoardEvent> {
        let mut events = Vec::new();
        for _ in 0..60 * 30 {
            events.extend(board.tick(1.0 / 60.0));
            if !board.running() {
                return events;
            }
        }
        panic!("the run never concluded");
    }

    #[test]
    fn the_solution_opens_the_exit_and_the_world_stays_solved() {
        for step in [0, 4, 8, 15, 19] {
            let mut b = board(step, 3);
            assert!(!b.walkable()[b.world.index(b.level.exit)], "step {step}: the exit starts shut");
            let solution = b.level.solution.clone();
            b.start_run(&solution).unwrap();
            let events = play_out(&mut b);
            assert!(events.contains(&BoardEvent::Finished(Verdict::Solved)), "step {step}: {:?}", b.note);
            assert!(b.open && b.note == Note::Solved);
            assert_eq!(b.world.rows(), b.level.solved, "step {step}");
            assert_eq!(b.solved_with, Some(b.par));
            assert!(b.path(b.level.coding_tile, b.level.exit).is_some(), "step {step}: the way is open");
        }
    }

    #[test]
    fn a_wrong_run_shows_its_end_then_resets() {
        let mut b = board(0, 3);
        b.start_run("// nothing here").unwrap();
        let events = play_out(&mut b);
        assert!(events.contains(&BoardEvent::Concluded(Verdict::Wrong)));
        assert_eq!(b.note, Note::Wrong);
        assert!(!b.open);
        assert_eq!(b.world, b.initial);
    }

    #[test]
    fn a_program_that_does_not_parse_runs_nothing() {
        let mut b = board(1, 3);
        let error = b.start_run("door1.open()").unwrap_err();
        assert_eq!(error.to_string(), "1:13: expected ';' after the command, found the end of the program");
        assert!(!b.running() && b.error == Some(error.clone()) && b.note == Note::Refused(error));
        let error = b.start_run("dor1.open();").unwrap_err();
        assert!(error.message.contains("unknown object 'dor1'"), "{error}");
    }

    #[test]
    fn an_endless_loop_stops_within_the_failing_cap() {
        let mut b = board(0, 3);
        b.start_run("while (block1.position == \"start\") { }").unwrap();
        let mut seconds = 0.0;
        let mut finished = None;
        while b.running() {
            for event in b.tick(1.0 / 60.0) {
                if let BoardEvent::Finished(v) = event {
                    finished = Some((v, seconds));
                }
            }
            seconds += 1.0 / 60.0;
            assert!(seconds < 10.0, "still running");
        }
        let (verdict, at) = finished.unwrap();
        assert_eq!(verdict, Verdict::Failed);
        assert!(at <= MAX_FAILING_PLAYBACK_SECONDS + 0.1, "{at}");
        let Note::Failed(error) = &b.note else { panic!("{:?}", b.note) };
        assert!(error.message.contains("while loop is still running"), "{error}");
        assert_eq!(error.pos.line, 1);
        assert_eq!(b.world, b.initial);
    }

    #[test]
    fn the_pace_is_readable_and_capped() {
        let mut b = board(8, 3); // a for loop: tests and commands
        let solution = b.level.solution.clone();
        b.start_run(&solution).unwrap();
        let speed = b.playback.as_ref().unwrap().speed;
        assert_eq!(speed, 1.0, "a short run plays at the normal pace");
        // One tick: the first statement starts, no more.
        let events = b.tick(1.0 / 60.0);
        assert_eq!(events.len(), 1);
        assert_eq!(b.playback.as_ref().unwrap().line(), Some(1));
        // A long run speeds up to fit the cap.
        let long = format!("for (i = 0; i < 200; i++) {{ block1.move(\"down\"); }}\n{solution}");
        b.start_run(&long).unwrap();
        let p = b.playback.as_ref().unwrap();
        assert!(p.speed > 10.0, "{}", p.speed);
        let mut seconds = 0.0;
        while b.playback.as_ref().is_some_and(|p| p.finished.is_none()) {
            b.tick(1.0 / 60.0);
            seconds += 1.0 / 60.0;
        }
        assert!(seconds <= MAX_PLAYBACK_SECONDS + 0.1, "{seconds}");
    }

    #[test]
    fn stopping_and_fast_forwarding() {
        let mut b = board(4, 3);
        let solution = b.level.solution.clone();
        b.start_run(&solution).unwrap();
        b.tick(0.1);
        b.stop();
        assert!(!b.running() && b.world == b.initial && b.note == Note::Stopped);
        b.start_run(&solution).unwrap();
        let events = b.fast_forward();
        assert!(events.contains(&BoardEvent::Finished(Verdict::Solved)));
        assert!(b.open && b.running(), "the end still shows");
    }
}
