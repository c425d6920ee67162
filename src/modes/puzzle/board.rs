//! One curriculum step being played, as plain logic: the generated level, the world as it stands,
//! and a program's run played back one statement at a time at a readable pace. No Bevy here:
//! the mode's systems call [`Board::start_run`] and [`Board::tick`] and draw what they find.
//!
//! Every run starts from the level's initial state. A run that doesn't open the way (or stops
//! with an error) shows its end for a moment, then the level goes back to its initial state; a
//! run that opens it leaves the world solved and the exit open. The verdict is the procgen
//! interpreter's (`RunResult::solved`: the exit and every reward reachable).
//!
//! A level of a program with conditions has more than one world (issue #32): the run plays in
//! each in turn, the player's own first, and the way opens only when the program solves them
//! all; a world it fails is named ([`Board::failed_world`]). Between runs any world can be
//! looked at ([`Board::show_world`]); the player walks only in the first.

use seedfeast_procgen::puzzle::interp::{Event, TraceEvent};
use seedfeast_procgen::puzzle::world::{Cell, Ground, World};
use seedfeast_procgen::puzzle::{CodeError, PuzzleLevel, RunError, Session, run};

/// Seconds a world's solved end shows before the run moves on to the next world.
pub(crate) const WORLD_HOLD_SECONDS: f32 = 0.9;

/// Seconds a command takes to play at the normal pace.
pub(crate) const COMMAND_SECONDS: f32 = 0.55;
/// Seconds an assignment or a test (`for`, `if`, `while`) takes at the normal pace.
pub(crate) const TEST_SECONDS: f32 = 0.25;
/// The longest a run's playback lasts: a longer run plays faster.
pub(crate) const MAX_PLAYBACK_SECONDS: f32 = 8.0;
/// The longest a run that ends in an error (an endless loop) plays before its message shows.
pub(crate) const MAX_FAILING_PLAYBACK_SECONDS: f32 = 3.0;
/// Seconds the end of a run stays on screen before the level resets (or the panel closes).
pub(crate) const END_HOLD_SECONDS: f32 = 1.4;
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
    /// The program solved this world (of several); the run moves on to the next.
    WorldPassed(usize),
    /// Another world is on screen now (its pieces must be drawn again).
    ShowWorld(usize),
}

/// A run being played back.
pub struct Playback {
    session: Session,
    /// The world it plays in (0: the player's own).
    pub world: usize,
    /// The program, for the next world's session.
    code: String,
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
pub(crate) fn duration(event: &TraceEvent) -> f32 {
    match event.event {
        Event::Command { .. } => COMMAND_SECONDS,
        _ => TEST_SECONDS,
    }
}

/// How many times faster than the normal pace a run of these steps plays, so that it lasts at
/// most `cap` seconds.
pub(crate) fn speed_for(steps: &[TraceEvent], cap: f32) -> f32 {
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
    /// Every world's initial state, the player's own first (one for a level without
    /// conditions).
    pub worlds: Vec<World>,
    /// The world on screen (`initial` and `world` are its).
    pub shown: usize,
    /// Bumped whenever another world comes on screen, for the pieces to be drawn again.
    pub view: u32,
    /// Per world: what the last run did there (`None`: not reached).
    pub passed: Vec<Option<bool>>,
    /// The world the last run failed in, if it failed.
    pub failed_world: Option<usize>,
    /// The player's own world as the solving run left it.
    own_end: Option<World>,
}

impl Board {
    /// The board for a generated level.
    pub fn new(step: u32, level: PuzzleLevel) -> Result<Board, String> {
        let worlds = level.worlds()?;
        let initial = worlds[0].clone();
        let par = seedfeast_procgen::puzzle::parse(&level.solution).map_or(0, |program| program.size());
        Ok(Board {
            step,
            world: initial.clone(),
            initial,
            passed: vec![None; worlds.len()],
            worlds,
            shown: 0,
            view: 0,
            failed_world: None,
            own_end: None,
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
        self.set_shown(0);
        self.open = false;
        self.solved_with = None;
        self.error = None;
        self.failed_world = None;
        self.own_end = None;
        self.passed = vec![None; self.worlds.len()];
        self.note = Note::Running;
        self.runs += 1;
        self.playback = Some(self.playback_in(0, session, code)?);
        Ok(())
    }

    /// The level of world `k` (0: the player's own).
    pub(crate) fn level_of(&self, k: usize) -> &PuzzleLevel {
        if k == 0 { &self.level } else { self.level.variants.get(k - 1).unwrap_or(&self.level) }
    }

    /// The level of the world on screen.
    pub(crate) fn shown_level(&self) -> &PuzzleLevel {
        self.level_of(self.shown)
    }

    /// Puts world `k` on screen in its initial state (bumping `view` when it changes).
    fn set_shown(&mut self, k: usize) {
        if k != self.shown {
            self.shown = k;
            self.view = self.view.wrapping_add(1);
        }
        self.initial = self.worlds[k].clone();
        self.world = self.initial.clone();
    }

    /// Looks at world `k` between runs (the player's own shows as the last run left it).
    /// Nothing happens during a run or for a world the level doesn't have.
    pub fn show_world(&mut self, k: usize) -> bool {
        if self.running() || k >= self.worlds.len() || k == self.shown {
            return false;
        }
        self.set_shown(k);
        if k == 0
            && self.open
            && let Some(end) = &self.own_end
        {
            self.world = end.clone();
        }
        true
    }

    /// A run of `code` in world `k`, its pace set from the whole run (made first, bounded by
    /// the interpreter's step cap, well under a millisecond).
    fn playback_in(&self, k: usize, session: Session, code: &str) -> Result<Playback, CodeError> {
        let whole = run(self.level_of(k), code).map_err(|e| CodeError::new(Default::default(), e.to_string()))?;
        let cap = if whole.error.is_some() { MAX_FAILING_PLAYBACK_SECONDS } else { MAX_PLAYBACK_SECONDS };
        Ok(Playback {
            session,
            world: k,
            code: code.to_string(),
            current: None,
            before: self.initial.clone(),
            elapsed: 0.0,
            speed: speed_for(&whole.trace, cap),
            finished: None,
            statements: whole.statements,
            total_steps: whole.trace.len(),
            steps_done: 0,
        })
    }

    /// After a world's solved end has shown: the next world's run, if there is one.
    fn next_world(&mut self) -> Option<usize> {
        let playback = self.playback.as_ref()?;
        let next = playback.world + 1;
        if next >= self.worlds.len() {
            return None;
        }
        let code = playback.code.clone();
        let session = Session::new(self.level_of(next), &code).ok()?;
        self.set_shown(next);
        self.playback = self.playback_in(next, session, &code).ok();
        self.note = Note::Running;
        Some(next)
    }

    /// Plays the rest of the run at once (its end still shows for a moment).
    pub(crate) fn fast_forward(&mut self) -> Vec<BoardEvent> {
        let mut events = Vec::new();
        // Each tick takes up to MAX_STEPS_PER_TICK steps; the interpreter stops any run within
        // its step cap, and each world is passed once, so this ends.
        while let Some(p) = self.playback.as_mut() {
            match p.finished {
                None => p.elapsed = f32::MAX / 4.0,
                // A world solved with more to come: on to the next at once.
                Some((Verdict::Solved, _)) if p.world + 1 < self.worlds.len() => {
                    match self.next_world() {
                        Some(next) => events.push(BoardEvent::ShowWorld(next)),
                        None => break,
                    }
                    continue;
                }
                Some(_) => break,
            }
            events.extend(self.tick(0.0));
        }
        events
    }

    /// Stops a run: the level goes back to its initial state, the player's own world on screen.
    pub fn stop(&mut self) {
        if self.playback.take().is_some() {
            self.set_shown(0);
            self.open = false;
            self.solved_with = None;
            self.note = Note::Stopped;
        }
    }

    /// The run's end has shown: a solved level shows the player's own world solved, any other
    /// goes back to its initial state.
    fn conclude(&mut self, verdict: Verdict) {
        self.playback = None;
        self.set_shown(0);
        if verdict == Verdict::Solved {
            if let Some(end) = &self.own_end {
                self.world = end.clone();
            }
        } else {
            self.open = false;
        }
    }

    /// Where the player may stand now: the world's walkable tiles, the exit only once open.
    pub fn walkable(&self) -> Vec<bool> {
        let mut walkable = self.world.view().walkable;
        let exit = self.shown_level().exit;
        if !self.open && self.world.contains(exit) {
            let exit = self.world.index(exit);
            walkable[exit] = false;
        }
        walkable
    }

    /// Whether the player may stand on `cell` now.
    pub(crate) fn can_stand(&self, walkable: &[bool], cell: Cell) -> bool {
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

mod play;

#[cfg(test)]
#[path = "board_tests.rs"]
mod tests;
