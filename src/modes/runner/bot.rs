//! The Runner's reference bot: it reads the track ahead (the same chunks the seed makes, from its
//! own copy of the generator) and jumps as late as it safely can before each gap or hazard, unless
//! that late jump would land on the next one and jumping now lands clear. It presses jump the way
//! a player does, through the step's input; everything else is the game's own systems.

use std::collections::VecDeque;

use bevy::prelude::*;
use seedfeast_procgen::runner::RunnerGenerator;

use super::{RunnerPlayer, START_X};
use crate::data::GameData;
use crate::mode::Bot;
use crate::physics::Reach;
use crate::replay::StepInput;
use crate::run::{Gameplay, RunStart};
use crate::session::Session;
use crate::state::Screen;

/// The Runner's bot row: its generator promises every gap can be jumped, so a stop before
/// 2,000 m on a level the validator passes is a fairness bug.
pub(crate) const BOT: Bot = Bot { add, goal: 2000.0, promised: true, start_level: None };

/// How far ahead the bot reads the track, in world units (several jumps at top speed).
const LOOK_AHEAD: f32 = 3000.0;

/// The bot's view of the track: gaps and hazards as (start, end), oldest first.
#[derive(Resource)]
pub(crate) struct RunnerBot {
    generator: RunnerGenerator,
    obstacles: VecDeque<(f32, f32)>,
    read_to: f32,
}

impl RunnerBot {
    /// Reads chunks until the track is known `LOOK_AHEAD` past `x`, and forgets what is behind.
    fn read_ahead(&mut self, x: f32) {
        // Bounded: each chunk is at least a few units wide, and the look-ahead is fixed.
        for _ in 0..1000 {
            if self.read_to >= x + LOOK_AHEAD {
                break;
            }
            let Some(chunk) = self.generator.next() else { break };
            let mut found: Vec<(f32, f32)> =
                chunk.gaps.iter().chain(chunk.hazards.iter()).map(|s| (s.x, s.end())).collect();
            found.sort_by(|a, b| a.0.total_cmp(&b.0));
            self.obstacles.extend(found);
            self.read_to = chunk.x + chunk.width;
        }
        while self.obstacles.front().is_some_and(|&(_, end)| end < x - 200.0) {
            self.obstacles.pop_front();
        }
    }
}

fn add(app: &mut App) {
    app.add_systems(OnEnter(Screen::Playing), start_bot.after(RunStart::Mode)).add_systems(
        FixedUpdate,
        press_jump.after(Gameplay::Input).before(Gameplay::Control).run_if(resource_exists::<RunnerBot>),
    );
}

fn start_bot(mut commands: Commands, session: Res<Session>, data: Res<GameData>, reach: Res<Reach>) {
    commands.insert_resource(RunnerBot::new(&session, &data, &reach));
}

impl RunnerBot {
    fn new(session: &Session, data: &GameData, reach: &Reach) -> RunnerBot {
        RunnerBot {
            generator: RunnerGenerator::new(data.runner_config(), reach.jump, session.seed),
            obstacles: VecDeque::new(),
            read_to: 0.0,
        }
    }
}

/// Puts the bot at the controls of a run already under way (tests that set up their own run).
pub fn attach(app: &mut App) {
    let world = app.world();
    let bot = RunnerBot::new(world.resource::<Session>(), world.resource::<GameData>(), world.resource::<Reach>());
    app.insert_resource(bot).add_systems(
        FixedUpdate,
        press_jump.after(Gameplay::Input).before(Gameplay::Control).run_if(resource_exists::<RunnerBot>),
    );
}

fn press_jump(
    mut bot: ResMut<RunnerBot>,
    reach: Res<Reach>,
    mut input: ResMut<StepInput>,
    player: Single<(&Transform, &RunnerPlayer)>,
) {
    let (transform, body) = *player;
    let x = transform.translation.x;
    bot.read_ahead(x.max(START_X));
    if wants_jump(&bot.obstacles, x, body.size.x / 2.0, reach.jump.range(bot.generator.config().speed_at(x))) {
        input.jump = true;
    }
}

/// Obstacles planned ahead at once: enough for several jumps' worth of track.
const PLAN_AHEAD: usize = 8;
/// Ground, in units, a landing needs before the next take-off (a few steps to touch down).
const SETTLE: f32 = 6.0;

/// The latest take-off for each of `obstacles` (in order), planned from the farthest back: an
/// obstacle's own latest point, pulled earlier when landing from there would come down in the
/// next obstacle or past its latest take-off (a late jump over a pan that lands in a gap, or too
/// close to one), as long as the earlier jump still clears this obstacle and lands on ground.
pub(crate) fn latest_take_offs(obstacles: &[(f32, f32)], half: f32, range: f32) -> Vec<f32> {
    let lead = 0.12 * range;
    let mut latest = vec![0.0; obstacles.len()];
    for i in (0..obstacles.len()).rev() {
        let (start, end) = obstacles[i];
        let own = start - half - lead;
        let landing = own + range;
        let next = (i + 1..obstacles.len()).find(|&j| obstacles[j].1 > landing - half);
        let on_ground = |at: f32| obstacles.iter().all(|&(s, e)| e < at - half - 4.0 || s > at + half + 4.0);
        latest[i] = match next {
            // Landing in the next obstacle, or short of it but too late to take off for it: take
            // off early enough to land in time, if that jump still clears this obstacle and
            // comes down on ground.
            Some(j) if landing + SETTLE > latest[j] => {
                let pulled = latest[j] - SETTLE - range;
                let works = pulled + range - half > end + lead / 2.0 && on_ground(pulled + range);
                if works { pulled } else { own }
            }
            _ => own,
        };
    }
    latest
}

/// Whether to jump now, at `x` with a body `half` wide, for a jump that carries `range` units.
pub(crate) fn wants_jump(obstacles: &VecDeque<(f32, f32)>, x: f32, half: f32, range: f32) -> bool {
    let Some(first) = obstacles.iter().position(|&(_, end)| end > x - half) else {
        return false;
    };
    let (start, end) = obstacles[first];
    let ahead: Vec<(f32, f32)> = obstacles.iter().skip(first).take(PLAN_AHEAD).copied().collect();
    let latest = latest_take_offs(&ahead, half, range)[0];
    // Time to rise clear of a fork, as a distance: the latest take-off is this far before it.
    let lead = 0.12 * range;
    // A landing on ground; a roomy one also leaves room to take off before the next obstacle.
    let on_ground = |landing: f32| obstacles.iter().all(|&(s, e)| e < landing - half - 4.0 || s > landing + half + 4.0);
    let roomy =
        |landing: f32| obstacles.iter().all(|&(s, e)| e < landing - half - 6.0 || s > landing + half + lead + 6.0);
    let late_landing = latest + range;
    let must = x >= latest;
    let clears = x + range - half > end + lead / 2.0;
    let better_now =
        clears && !roomy(late_landing) && (roomy(x + range) || (on_ground(x + range) && !on_ground(late_landing)));
    x + half < start && (must || better_now)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn it_waits_for_the_latest_safe_take_off_then_jumps() {
        let obstacles: VecDeque<(f32, f32)> = [(1000.0, 1100.0)].into();
        let (half, range) = (16.0, 400.0);
        let latest = 1000.0 - half - 0.12 * range;
        assert!(!wants_jump(&obstacles, 500.0, half, range), "far away: run on");
        assert!(!wants_jump(&obstacles, latest - 1.0, half, range), "not yet");
        assert!(wants_jump(&obstacles, latest, half, range), "now");
        assert!(!wants_jump(&obstacles, 990.0, half, range), "already over the edge: too late to help");
    }

    #[test]
    fn it_plans_back_from_a_gap_just_past_a_pan() {
        // A pan, then a gap where the pan's latest jump lands, and a hazard before both (the
        // pepper-patch at speed, after a cake canyon): each take-off is pulled earlier so the
        // landing leaves time for the next, back to the first.
        let (half, range) = (18.0, 420.0);
        let lead = 0.12 * range;
        let obstacles = [(-240.0, -195.0), (220.0, 270.0), (520.0, 640.0)];
        let plan = latest_take_offs(&obstacles, half, range);
        assert_eq!(plan[2], 520.0 - half - lead, "the gap's own latest point");
        for i in 0..2 {
            assert!(plan[i] < obstacles[i].0 - half - lead, "take-off {i} comes earlier: {plan:?}");
            assert!(plan[i] + range + SETTLE <= plan[i + 1] + 1e-3, "landing {i} in time for the next: {plan:?}");
            assert!(plan[i] + range - half > obstacles[i].1, "and still over obstacle {i}: {plan:?}");
        }
        // Far apart, nothing is pulled.
        let apart = latest_take_offs(&[(220.0, 270.0), (1500.0, 1600.0)], half, range);
        assert_eq!(apart[0], 220.0 - half - lead);
    }

    #[test]
    fn it_jumps_early_when_the_late_landing_is_another_gap() {
        // A second gap where the late jump would land, and clear ground where an early one lands.
        let (half, range) = (16.0, 400.0);
        let latest = 1000.0 - half - 0.12 * range;
        let obstacles: VecDeque<(f32, f32)> = [(1000.0, 1050.0), (latest + range - 30.0, latest + range + 30.0)].into();
        let early = latest - 60.0;
        assert!(wants_jump(&obstacles, early, half, range), "an early jump lands clear of both");
    }
}
