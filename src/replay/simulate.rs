//! Headless runs of the real game at the fixed step: a replay re-simulated (what `replay verify`
//! and the browser's check print), and a bot's run recorded as a replay (`replay record`).

use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use seedfeast_procgen::replay::Replay;
use seedfeast_procgen::{GENERATOR_VERSION, Seed};

use super::{Avatar, Playback, Recording, RunSteps, StateHash, StepInput, check_replay, rules_hash};
use crate::data::GameData;
use crate::mode::{Mode, Modes};
use crate::run::{RunScore, end_countdown};
use crate::session::Session;
use crate::state::Screen;
use crate::{Launch, headless_app};

/// What a run came to: the line `replay verify` prints.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub mode: String,
    pub seed: Seed,
    pub score: u32,
    pub steps: u32,
    pub state: u64,
    /// Whether the run ended (rather than its inputs running out).
    pub ended: bool,
}

impl Outcome {
    /// `{"mode":…,"seed":…,"score":…,"steps":…,"final_state_hash":"…"}`
    pub fn json(&self) -> String {
        // Every field is a number, a mode key or a seed code: nothing to escape.
        format!(
            r#"{{"mode":"{}","seed":"{}","score":{},"steps":{},"final_state_hash":"{:016x}"}}"#,
            self.mode,
            self.seed.code(),
            self.score,
            self.steps,
            self.state
        )
    }
}

/// A headless game of `mode` on `seed`, one fixed step per update, started and ready.
pub fn run_app(mode: Mode, seed: Seed, data: GameData) -> App {
    run_app_at(mode, seed, data, None)
}

/// [`run_app`] from a level (a link's `level=`).
pub(crate) fn run_app_at(mode: Mode, seed: Seed, data: GameData, level: Option<u32>) -> App {
    let session = Session { mode, seed, origin: None, daily: None, level };
    let mut app = headless_app(Launch {
        data: Ok(data),
        start: Some(session),
        save: crate::save::SaveStore::memory(),
        notice: None,
    });
    app.insert_resource(TimeUpdateStrategy::FixedTimesteps(1));
    app
}

/// Re-simulates `replay` under `data` (its mode looked up in `modes`): its inputs, step by step, from a skipped countdown.
pub fn simulate(replay: &Replay, data: GameData, modes: &Modes) -> Result<Outcome, String> {
    simulate_traced(replay, data, modes, 0).map(|(outcome, _)| outcome)
}

/// [`simulate`], noting every `every` steps (never for 0) where the avatar is, to the bit:
/// `step x y` with the coordinates' bits in hex, to find where two platforms part.
pub fn simulate_traced(
    replay: &Replay,
    data: GameData,
    modes: &Modes,
    every: u32,
) -> Result<(Outcome, Vec<String>), String> {
    let mode = check_replay(replay, &data, modes)?;
    if let Some((step, error)) =
        replay.inputs.iter().enumerate().find_map(|(i, &word)| StepInput::unpack(word).err().map(|e| (i + 1, e)))
    {
        return Err(format!("the replay's step {step} can't be read: {error}"));
    }
    let mut app = run_app(mode, replay.seed, data);
    app.insert_resource(Playback { inputs: replay.inputs.clone() });
    app.finish();
    app.cleanup();
    on_one_thread(&mut app);
    // However long the recorded countdown was, physics stood still through it.
    end_countdown(&mut app);
    let steps = replay.inputs.len() as u32;
    let mut trace = Vec::new();
    // Bounded: one gameplay step per update once the countdown is gone.
    for _ in 0..=steps {
        if app.world().resource::<RunSteps>().0 >= steps || ended(&app) {
            break;
        }
        app.update();
        let step = app.world().resource::<RunSteps>().0;
        // Every step of the first two seconds (where a divergence shows first), then every `every`.
        if every > 0 && (step <= DETAILED_STEPS || step.is_multiple_of(every)) {
            trace.push(trace_line(app.world_mut(), step));
        }
    }
    Ok((outcome(&app, mode), trace))
}

/// Every schedule on the thread that updates the app, as the browser and the bots run (the fixed
/// step already does everywhere; see `ReplayPlugin`): a replay is re-simulated one step an
/// update, and the parallel executor's hand-offs between threads cost over ten times the game's
/// own work a step (1.1 ms against 73 µs, measured), which bounds what a board can verify.
pub fn on_one_thread(app: &mut App) {
    use bevy::ecs::schedule::SingleThreadedExecutor;
    for (_, schedule) in app.world_mut().resource_mut::<Schedules>().iter_mut() {
        schedule.set_executor(SingleThreadedExecutor::default()).set_apply_final_deferred(true);
    }
}

/// The steps a trace reports one by one before thinning out to every `every`th.
const DETAILED_STEPS: u32 = 120;

/// One step of a trace, bit for bit: the player's position and velocity, and each of its contacts
/// (the other collider, the normal, and each point's depth and impulse). Two platforms' traces
/// show the first step and quantity where they part.
fn trace_line(world: &mut World, step: u32) -> String {
    use bevy::ecs::system::SystemState;
    use bevy_rapier2d::prelude::{ReadRapierContext, Velocity};
    use std::fmt::Write;
    let bits = |v: f32| format!("{:08x}", v.to_bits());
    let avatar = world.query_filtered::<(Entity, &Transform, Option<&Velocity>), With<Avatar>>().iter(world).next();
    let Some((entity, transform, velocity)) = avatar.map(|(e, t, v)| (e, *t, v.copied())) else {
        return format!("{step} no player");
    };
    let at = transform.translation;
    let mut line = format!("{step} {} {} ({} {})", bits(at.x), bits(at.y), at.x, at.y);
    if let Some(velocity) = velocity {
        let _ = write!(line, " v {} {}", bits(velocity.linear.x), bits(velocity.linear.y));
    }
    let mut state = SystemState::<ReadRapierContext>::new(world);
    if let Ok(param) = state.get(world)
        && let Ok(context) = param.single()
    {
        for pair in context.contact_pairs_with(entity) {
            // Which collider rapier took as the first of the pair: its normal points away from it.
            let first = if pair.collider1() == Some(entity) { "player" } else { "other" };
            let _ = write!(line, " | {first} first");
            for manifold in pair.manifolds() {
                let n = manifold.normal();
                let _ = write!(line, " n {} {}", bits(n.x), bits(n.y));
                for point in manifold.points() {
                    let _ = write!(line, " p {} {}", bits(point.dist()), bits(point.impulse()));
                }
            }
        }
    }
    line
}

/// Plays `seed` with `mode`'s bot for at most `max_steps` gameplay steps (or until the run ends)
/// and returns its run as a replay.
pub fn record_bot(mode: Mode, seed: Seed, data: GameData, max_steps: u32) -> Result<(Replay, Outcome), String> {
    record_bot_with(mode, seed, data, max_steps, |_| {})
}

/// [`record_bot`] in an app that `decorate` adds to first (the effects' plugin, in the test that
/// shows they change no run). Frames in which the game's clock stands still (a hit's short
/// freeze) play no step, so the frames are bounded by twice the steps asked for, not once.
pub fn record_bot_with(
    mode: Mode,
    seed: Seed,
    data: GameData,
    max_steps: u32,
    decorate: impl FnOnce(&mut App),
) -> Result<(Replay, Outcome), String> {
    let bot = mode.info().bot.ok_or_else(|| format!("the {} mode has no reference bot", mode.key()))?;
    if !mode.replays() {
        return Err(format!("{} runs can't be replayed", mode.name()));
    }
    let rules = rules_hash(&data);
    let mut app = run_app(mode, seed, data);
    decorate(&mut app);
    (bot.add)(&mut app);
    app.finish();
    app.cleanup();
    on_one_thread(&mut app);
    // The countdown (three seconds) plays out as it does for a player who waits.
    let bound = 2 * max_steps as usize + 10 * 60;
    for _ in 0..bound {
        if app.world().resource::<RunSteps>().0 >= max_steps || ended(&app) {
            break;
        }
        app.update();
    }
    let outcome = outcome(&app, mode);
    let replay = Replay {
        mode: mode.key().to_string(),
        seed,
        version: GENERATOR_VERSION,
        rules,
        score: outcome.score,
        state: outcome.state,
        inputs: app.world().resource::<Recording>().inputs.clone(),
    };
    Ok((replay, outcome))
}

/// Whether the run's end has been decided: the step that decided it is the last one played (the
/// death beat after it plays nothing).
fn ended(app: &App) -> bool {
    app.world().resource::<crate::run::RunOver>().decided
        || *app.world().resource::<State<Screen>>().get() == Screen::GameOver
}

fn outcome(app: &App, mode: Mode) -> Outcome {
    let world = app.world();
    Outcome {
        mode: mode.key().to_string(),
        seed: world.resource::<Session>().seed,
        score: world.resource::<RunScore>().0,
        steps: world.resource::<RunSteps>().0,
        state: world.resource::<StateHash>().0,
        ended: ended(app),
    }
}
