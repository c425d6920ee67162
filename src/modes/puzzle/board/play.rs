//! A run played back a tick at a time: its statements at their pace, each world's end when its
//! session is over, and that end held on screen before the run moves on or concludes.

use super::*;

impl Board {
    /// Plays `dt` seconds of the run, if one is playing. Bounded work per call whatever the
    /// program: an endless loop is cut by the interpreter's step cap and the pace.
    pub fn tick(&mut self, dt: f32) -> Vec<BoardEvent> {
        let Some(playback) = self.playback.as_ref() else { return Vec::new() };
        if playback.finished.is_some() {
            return self.hold_end(dt);
        }
        self.play_statements(dt)
    }

    /// A finished world's end showing: after its hold, on to the next world, or the run concludes.
    fn hold_end(&mut self, dt: f32) -> Vec<BoardEvent> {
        let mut events = Vec::new();
        let Some(playback) = self.playback.as_mut() else { return events };
        let last_world = playback.world + 1 >= self.worlds.len();
        let Some((verdict, shown)) = playback.finished.as_mut() else { return events };
        *shown += dt;
        let (verdict, shown) = (*verdict, *shown);
        if verdict == Verdict::Solved && !last_world {
            if shown >= WORLD_HOLD_SECONDS {
                match self.next_world() {
                    Some(next) => events.push(BoardEvent::ShowWorld(next)),
                    // Only for a level whose worlds disagree on the objects (the
                    // validator's `variants` rule): the run ends, not solved.
                    None => {
                        self.note = Note::Wrong;
                        self.failed_world = Some(self.shown + 1);
                        self.conclude(Verdict::Wrong);
                        events.push(BoardEvent::Concluded(Verdict::Wrong));
                    }
                }
            }
            return events;
        }
        if shown >= END_HOLD_SECONDS {
            let from = self.shown;
            self.conclude(verdict);
            events.push(BoardEvent::Concluded(verdict));
            if self.shown != from {
                events.push(BoardEvent::ShowWorld(self.shown));
            }
        }
        events
    }

    /// The statements that fall due in `dt` seconds at the run's pace, then the world's end if its
    /// session is over.
    fn play_statements(&mut self, dt: f32) -> Vec<BoardEvent> {
        let mut events = Vec::new();
        let Some(playback) = self.playback.as_mut() else { return events };
        let last_world = playback.world + 1 >= self.worlds.len();
        playback.elapsed += dt * playback.speed;
        let mut over = false;
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
                    over = true;
                    break;
                }
            }
        }
        if over {
            self.end_world(last_world, &mut events);
        }
        events
    }

    /// The session of the world being played is over: its verdict, noted (and, on the last world
    /// or a failure, the run's).
    fn end_world(&mut self, last_world: bool, events: &mut Vec<BoardEvent>) {
        let Some(playback) = self.playback.as_mut() else { return };
        playback.current = None;
        playback.elapsed = 0.0;
        let k = playback.world;
        let verdict = match playback.session.error() {
            Some(error) => {
                self.note = Note::Failed(error.clone());
                self.error = Some(error.clone());
                Verdict::Failed
            }
            None if playback.session.reach().all() => Verdict::Solved,
            None => {
                self.note = Note::Wrong;
                Verdict::Wrong
            }
        };
        playback.finished = Some((verdict, 0.0));
        self.passed[k] = Some(verdict == Verdict::Solved);
        if verdict != Verdict::Solved {
            self.failed_world = Some(k);
        } else if k == 0 {
            self.own_end = Some(self.world.clone());
        }
        if verdict == Verdict::Solved && !last_world {
            events.push(BoardEvent::WorldPassed(k));
            return;
        }
        if verdict == Verdict::Solved {
            self.open = true;
            self.solved_with = Some(playback.statements);
            self.note = Note::Solved;
        }
        events.push(BoardEvent::Finished(verdict));
    }
}
