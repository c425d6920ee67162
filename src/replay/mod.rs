//! Replays: every run is recorded as the player's input per fixed step, so it can be shared as a
//! replay code, re-simulated headlessly (`seedfeast replay verify`) and raced as a ghost.
//!
//! Gameplay reads its input only from [`StepInput`], one value per fixed step: the frames'
//! presses are latched between steps (none lost, none used twice), a replay being played back
//! overwrites it, and a bot writes it after the [`Gameplay::Input`] set. What a step did is then
//! a function of the level, the rules and the inputs so far, on every platform.

pub mod ghost;
pub mod simulate;
pub mod step;

use bevy::ecs::schedule::{ScheduleLabel, SingleThreadedExecutor};
use bevy::prelude::*;
use bevy_rapier2d::prelude::{PhysicsSet, RapierConfiguration};
use seedfeast_procgen::GENERATOR_VERSION;
use seedfeast_procgen::replay::Replay;
use seedfeast_procgen::seed::fnv1a64;

use crate::data::GameData;
use crate::mode::{Mode, Modes};
pub use crate::run::RunSteps;
use crate::run::{Countdown, Gameplay, Progress, RunScore, RunStage};
use crate::session::{LastRun, Session};
use crate::state::{Pause, Screen};
pub use step::StepInput;

/// Bump when a change to gameplay code (not data) makes the same inputs play out differently:
/// replays recorded before are then refused instead of replaying wrongly.
///
/// - 2: the Runner's track goes into the physics world after its player (the same contacts on
///   every platform); the countdown waits for the level in view; the steps after the one that
///   ended a run play nothing.
/// - 3: the Runner's unbroken ground is one slab across chunks (no seam for a landing to catch
///   on).
/// - 4: the Maze's pots take turns at the hunt (the others keep to their homes).
/// - 5: the Arena's threats move and hit, and their places are part of the state hash.
/// - 6: the Food Tunnel's treats between its gates are eaten and score.
pub const RULES_REVISION: u32 = 6;

/// The body a ghost copies and the state hash follows: each mode marks its player with it.
#[derive(Component, Debug, Default, Clone, Copy)]
pub struct Avatar;

/// Something besides the avatar whose place decides the run (an Arena threat that moves): its
/// logical place, kept by its mode each step, hashed into [`StateHash`] in `order`.
#[derive(Component, Debug, Default, Clone, Copy, PartialEq)]
pub struct HashedPlace {
    pub order: u32,
    pub at: Vec2,
}

/// The presses since the last fixed step, and the direction held now.
#[derive(Resource, Default, Debug)]
pub(crate) struct InputLatch(pub StepInput);

/// The inputs of the run under way, one per gameplay step.
#[derive(Resource, Default, Debug)]
pub struct Recording {
    pub inputs: Vec<u16>,
}

/// A replay being played back into [`StepInput`] instead of the player's keys.
#[derive(Resource, Debug)]
pub struct Playback {
    pub inputs: Vec<u16>,
}

/// A hash of the run's state after the last step: steps, score, progress, where the avatar is and
/// every [`HashedPlace`], to the bit. Two simulations that agree on it played the same run.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct StateHash(pub u64);

/// The replay of the run that just ended (set on the game-over screen).
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct LastReplay(pub Replay);

/// A hash of the rules and tuning a run is played under: the data (every number a designer can
/// change) and [`RULES_REVISION`].
pub fn rules_hash(data: &GameData) -> u32 {
    // `Debug` of plain structs, vectors and floats (shortest round-trip digits) is the same
    // text on every platform; the data holds no hash maps.
    let text = format!("{RULES_REVISION}|{}", data.set.rules_text());
    let hash = fnv1a64(text.as_bytes());
    (hash ^ (hash >> 32)) as u32
}

/// The mode of the table `modes` that can play `replay` under `data`, or why none can.
pub(crate) fn check_replay(replay: &Replay, data: &GameData, modes: &Modes) -> Result<Mode, String> {
    let mode = modes.by_key(&replay.mode).ok_or_else(|| {
        format!("the replay is of a mode called \"{}\", which this version doesn't have", replay.mode)
    })?;
    if !mode.replays() {
        return Err(format!("{} runs can't be replayed: share the level's code instead", mode.name()));
    }
    if replay.version != GENERATOR_VERSION {
        return Err(format!(
            "the replay was played on generator version {} levels; this version makes version {GENERATOR_VERSION} levels",
            replay.version
        ));
    }
    if replay.rules != rules_hash(data) {
        return Err(
            "the replay was played under other rules or tuning than this version's, so it would not play out the same"
                .to_string(),
        );
    }
    Ok(mode)
}

/// The replay code in pasted text: a link's `ghost=` part, or the text itself. A link without a
/// ghost is said to be one (it was read as a code before, and refused for its `:` at character 6).
pub fn code_in(text: &str) -> Result<String, String> {
    match seedfeast_procgen::link::parse_link(text) {
        Some(link) => link.ghost.ok_or_else(|| "that link holds no replay (a replay link has ghost=CODE)".to_string()),
        None => Ok(text.trim().to_string()),
    }
}

pub struct ReplayPlugin;

impl Plugin for ReplayPlugin {
    fn build(&self, app: &mut App) {
        // The fixed step runs its systems one at a time, in the schedule's one topological order:
        // the desktop's multi-threaded executor would run systems the graph leaves unordered in
        // whatever order its threads reach them, and the browser has one thread anyway.
        for schedule in [
            FixedFirst.intern(),
            FixedPreUpdate.intern(),
            FixedUpdate.intern(),
            FixedPostUpdate.intern(),
            FixedLast.intern(),
        ] {
            app.edit_schedule(schedule, |schedule| {
                schedule.set_executor(SingleThreadedExecutor::default()).set_apply_final_deferred(true);
            });
        }
        let live = in_state(Pause::Running).and_then(crate::run::started).and_then(in_state(Screen::Playing));
        app.init_resource::<StepInput>()
            .init_resource::<InputLatch>()
            .init_resource::<Recording>()
            .init_resource::<RunSteps>()
            .init_resource::<StateHash>()
            .add_systems(
                RunFixedMainLoop,
                latch_input.in_set(RunFixedMainLoopSystems::BeforeFixedMainLoop).run_if(live),
            )
            .add_systems(OnEnter(Screen::Playing), start_recording)
            .add_systems(
                FixedUpdate,
                (
                    (take_input, play_back.run_if(resource_exists::<Playback>), count_step)
                        .chain()
                        .in_set(Gameplay::Input),
                    (record_step, hash_state).chain().in_set(Gameplay::Record),
                ),
            )
            .add_systems(FixedUpdate, freeze_during_countdown.before(PhysicsSet::SyncBackend))
            .add_systems(OnEnter(Screen::GameOver), seal_replay);
        ghost::plugin(app);
    }
}

/// A new run records from its first step, with nothing latched from before.
fn start_recording(
    mut recording: ResMut<Recording>,
    mut latch: ResMut<InputLatch>,
    mut input: ResMut<StepInput>,
    mut steps: ResMut<RunSteps>,
    mut score: ResMut<RunScore>,
    mut stage: ResMut<RunStage>,
    mut hash: ResMut<StateHash>,
) {
    recording.inputs.clear();
    latch.0 = StepInput::default();
    *input = StepInput::default();
    *steps = RunSteps::default();
    *score = RunScore::default();
    *stage = RunStage::default();
    *hash = StateHash::default();
}

fn latch_input(actions: Res<crate::input::Actions>, mut latch: ResMut<InputLatch>) {
    latch.0.add(&StepInput::from_actions(&actions));
}

/// This step's input: the presses latched since the last step (used up) and the held direction.
fn take_input(mut latch: ResMut<InputLatch>, mut input: ResMut<StepInput>) {
    *input = latch.0;
    latch.0 = StepInput { axis: latch.0.axis, ..default() };
}

/// A replay's input for this step replaces the keys'; past its end, nothing is pressed.
fn play_back(playback: Res<Playback>, steps: Res<RunSteps>, mut input: ResMut<StepInput>) {
    let word = playback.inputs.get(steps.0 as usize).copied().unwrap_or(0);
    *input = StepInput::unpack(word).unwrap_or_default();
}

fn count_step(mut steps: ResMut<RunSteps>) {
    steps.0 += 1;
}

fn record_step(input: Res<StepInput>, mut recording: ResMut<Recording>) {
    recording.inputs.push(input.pack());
}

fn hash_state(
    steps: Res<RunSteps>,
    score: Res<RunScore>,
    progress: Res<Progress>,
    avatar: Query<&Transform, With<Avatar>>,
    places: Query<&HashedPlace>,
    mut hash: ResMut<StateHash>,
) {
    let mut bytes = Vec::with_capacity(32);
    bytes.extend_from_slice(&steps.0.to_le_bytes());
    bytes.extend_from_slice(&score.0.to_le_bytes());
    bytes.extend_from_slice(&progress.amount.to_bits().to_le_bytes());
    for transform in &avatar {
        bytes.extend_from_slice(&transform.translation.x.to_bits().to_le_bytes());
        bytes.extend_from_slice(&transform.translation.y.to_bits().to_le_bytes());
    }
    // In their own order, not the query's: the same on every platform and every re-play.
    let mut places: Vec<HashedPlace> = places.iter().copied().collect();
    places.sort_by_key(|place| place.order);
    for place in places {
        bytes.extend_from_slice(&place.at.x.to_bits().to_le_bytes());
        bytes.extend_from_slice(&place.at.y.to_bits().to_le_bytes());
    }
    hash.0 = fnv1a64(&bytes);
}

/// Physics stands still during the countdown, so however long it lasts (a key cuts it short),
/// the run's first step starts from the same state. Decided at the top of every fixed step, so
/// not even the first frame's steps move anything.
fn freeze_during_countdown(
    countdown: Option<Res<Countdown>>,
    over: Option<Res<crate::run::RunOver>>,
    screen: Option<Res<State<Screen>>>,
    mut config: Query<&mut RapierConfiguration>,
) {
    // And once the run's end is decided: the frame's remaining steps move nothing; and on the
    // game-over card, where the ended run's scene stays on screen, still (`ui::game_over`).
    let on_card = screen.is_some_and(|screen| *screen.get() == Screen::GameOver);
    let active = countdown.is_none() && !over.is_some_and(|over| over.decided) && !on_card;
    for mut config in &mut config {
        if config.physics_pipeline_active != active {
            config.physics_pipeline_active = active;
        }
    }
}

/// The replay of the run just ended, for sharing, racing and submitting (the game-over screen
/// is built after it, to offer *Submit to board* only for a run that has one).
pub(crate) fn seal_replay(
    mut commands: Commands,
    session: Res<Session>,
    data: Option<Res<GameData>>,
    recording: Res<Recording>,
    last: Res<LastRun>,
    hash: Res<StateHash>,
) {
    let Some(data) = data else { return };
    // A run that started part-way (a link's level) isn't a replay of the seed's run.
    if !session.mode.replays() || session.level.is_some() {
        commands.remove_resource::<LastReplay>();
        return;
    }
    commands.insert_resource(LastReplay(Replay {
        mode: session.mode.key().to_string(),
        seed: session.seed,
        version: GENERATOR_VERSION,
        rules: rules_hash(&data),
        score: last.score,
        state: hash.0,
        inputs: recording.inputs.clone(),
    }));
}
