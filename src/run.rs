//! One shared run lifecycle for every mode. A mode starts its run (inserting its [`Rules`]
//! resource when the `Playing` screen opens) and puts its fixed-step systems in the
//! [`Gameplay`] sets; [`RunPlugin`] does the rest: the get-ready countdown, pausing, the
//! intensity mirror, the HUD's status line, deciding the end of the run in the fixed step, and
//! cleaning up when the run is left.

use std::marker::PhantomData;

use bevy::ecs::system::SystemParam;
use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;
use bevy_rapier2d::prelude::PhysicsSet;
use tracing::warn;

use seedfeast_procgen::generator::Opt;

use crate::data::GameData;
use crate::input::Actions;
use crate::intensity::Intensity;
use crate::session::{LastRun, Session};
use crate::state::{Pause, Screen};

/// Seconds of "3, 2, 1" before anything moves (any key or button starts at once).
pub const COUNTDOWN_SECONDS: f32 = 3.0;

/// What happens when the `Playing` screen opens, in order: physics first (gravity, reach), then
/// the mode's own start.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum RunStart {
    Physics,
    Mode,
}

/// The fixed-step sets every mode's gameplay runs in. They run only while the run is on: not
/// paused, and (but for `Prepare`) past the countdown.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Gameplay {
    /// This step's input (the latched keys, or a replay's; see the replay module), then the step
    /// is counted. A bot writes its input after this set. It runs after `Prepare` (and after the
    /// countdown's step count), before `Control`.
    Input,
    /// First of the sets: building what comes into view (track, gates). It runs during the
    /// countdown too, so the level is there to see while the player gets ready.
    Prepare,
    /// Before the physics step: steering, jumps.
    Control,
    /// After the physics step: eating, hitting, scoring, dropping what is left behind.
    React,
    /// The intensity mirror and the end of the run.
    Report,
    /// The step's input recorded and the state hashed, for replays.
    Record,
    /// Last: the drawn places of what moves by a mode's own rules (not by physics) follow their
    /// logical places, once a step. After the hash, so a step hashes the place the step before
    /// left, however many steps a frame takes (placed once a frame, a slow device's hash differed).
    Place,
}

/// The time left before the run moves; gone once it has started.
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct Countdown {
    pub remaining: f32,
    /// Fixed steps in a row, up to the last, in which the level had nothing left to build.
    pub steps: u32,
    /// Fixed steps run since it started.
    pub total_steps: u32,
    /// A key asked to start before the countdown had settled: it ends once it has.
    pub cut: bool,
}

/// A countdown ends, whatever ends it, only after this many fixed steps in a row in which the
/// level had nothing left to build: the pieces in view (a Runner's ground, a tunnel's gates) are
/// built and in the physics world before anything moves, so a run plays out the same whether its
/// countdown was waited out or cut short by a key on the first frame (and so its replay does).
pub const SETTLE_STEPS: u32 = 3;

/// A level still building after this many countdown steps (ten seconds) is a mode's bug; the run
/// starts anyway rather than wait for ever (and a warning says so).
pub(crate) const MAX_SETTLE_STEPS: u32 = 600;

/// Set by a mode's `Prepare` system in a step where its level was not ready yet (it built
/// something, or waited for what it builds on): the countdown waits for it (see
/// [`SETTLE_STEPS`]). Cleared every step.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub(crate) struct LevelBuilding(pub bool);

/// Ends a headless app's countdown as a key press would, once it has settled: what a replay, a
/// ghost and the tests start a run from. Bounded: one fixed step per update in those apps.
pub fn end_countdown(app: &mut App) {
    // The run starts (and its countdown with it) within the app's first updates; the countdown
    // settles within MAX_SETTLE_STEPS.
    for _ in 0..MAX_SETTLE_STEPS + 10 {
        match app.world().get_resource::<Countdown>() {
            Some(countdown) if countdown.settled() => break,
            _ => app.update(),
        }
    }
    app.world_mut().remove_resource::<Countdown>();
}

impl Countdown {
    /// Whether the level has settled, so the run may start.
    pub fn settled(&self) -> bool {
        self.steps >= SETTLE_STEPS || self.total_steps >= MAX_SETTLE_STEPS
    }

    /// The number shown: 3, 2, 1.
    pub fn shown(&self) -> u32 {
        self.remaining.ceil().max(1.0) as u32
    }
}

/// Whether the run is under way: the countdown is over.
pub fn started(countdown: Option<Res<Countdown>>) -> bool {
    countdown.is_none()
}

/// Whether the run's end has been decided. A slow frame runs several fixed steps; those after the
/// one that ended the run play nothing (no movement, no score, no recording), so a run ends with
/// the same score however many steps its last frame held (a slow desktop, a fast browser, a
/// headless replay). The step that ends the run plays out whole, recorded and hashed.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct RunOver {
    /// Decided this step or an earlier one.
    pub decided: bool,
    /// Decided in an earlier step: nothing plays any more.
    pub over: bool,
    /// Fixed steps since it was over: the death beat, at whose end the game-over card comes.
    pub beat: u32,
}

/// Fixed steps (half a second) between the step that ends a run and the game-over card: the
/// crash stays on screen, still, with its shake and sound, before the card covers it. Counted in
/// fixed steps, so a replay, a ghost and a headless test see the card after the same steps.
pub const DEATH_BEAT_STEPS: u32 = 30;

/// Whether the run's end is still to come (as of the start of this step).
pub(crate) fn not_over(over: Res<RunOver>) -> bool {
    !over.over
}

/// At the start of each fixed step: a run whose end was decided in an earlier step is over, and
/// once it has been over for [`DEATH_BEAT_STEPS`] the game-over card comes.
fn close_ended_run(mut over: ResMut<RunOver>, mut next: ResMut<NextState<Screen>>) {
    if over.decided && !over.over {
        over.over = true;
    }
    if over.over {
        over.beat += 1;
        if over.beat == DEATH_BEAT_STEPS {
            next.set(Screen::GameOver);
        }
    }
}

/// The HUD's status line; the run's [`Rules::status`] writes it ("Score 120   42 m").
#[derive(Resource, Default, Debug)]
pub(crate) struct HudStatus {
    pub line: String,
}

/// How a run ended, as the mode tells it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RunEnd {
    pub score: u32,
    /// The game-over heading ("You fell off the table.").
    pub cause: String,
    /// One line of the mode's own results ("412 m run, 30 food eaten"): where a mode's own
    /// figures (the Runner's metres, the maze's floors) go, so the core needs no field for them.
    pub summary: String,
}

/// A mode's run: the resource that exists while the mode is being played.
pub trait Rules: Resource {
    /// The HUD's status line ("Score 120   42 m").
    fn status(&self) -> String;
    /// Intensity now: the pure curve at the run's progress (distance, floor, wave, gate), never
    /// the player's skill or the clock, so a seed's level can't drift.
    fn intensity(&self, data: &GameData) -> f32;
    /// Set once the run is over.
    fn outcome(&self) -> Option<RunEnd>;
    /// How far the run has got, in the mode's own unit (metres, gates, floors or waves cleared),
    /// for the reference bots and the soak test.
    fn progress(&self) -> Progress;
    /// The score so far (what a replay's re-simulation reports).
    fn score(&self) -> u32;
    /// Which of the run's levels the player is on (floor, wave, dungeon), for modes that move
    /// from one level to another: a ghost shows only on the player's own.
    fn stage(&self) -> u32 {
        0
    }
    /// The `gen` options that make the level being played (`seedfeast gen MODE --seed S` with
    /// them): the level *How was this made?* shows being made (issue #33). None by default: the
    /// generator's defaults.
    fn level_options(&self) -> Vec<(Opt, u32)> {
        Vec::new()
    }
    /// How the run ends when it reaches its mode's longest run ("Time's up!"): the score so far,
    /// and the status line as the summary. A mode with figures of its own overrides it.
    fn time_up(&self) -> RunEnd {
        RunEnd { score: self.score(), cause: TIME_UP.to_string(), summary: self.status() }
    }
}

/// The game-over heading of a run that reached its mode's longest run.
pub(crate) const TIME_UP: &str = "Time's up!";

/// How far a run has got: an amount in a unit the mode names (`412 m`, `57 gates`).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct Progress {
    pub amount: f32,
    pub unit: &'static str,
}

/// Gameplay steps taken in the run (the countdown not counted): counted by the replay module at
/// the top of each step, read here to end a run at its mode's longest.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct RunSteps(pub u32);

/// The run's score, mirrored each step from its rules.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct RunScore(pub u32);

/// Which level of the run the player is on (floor, wave, dungeon; 0 in modes of one level).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct RunStage(pub u32);

/// The lifecycle of one mode's run, for the [`Rules`] resource `R`.
pub struct RunPlugin<R>(PhantomData<R>);

impl<R> Default for RunPlugin<R> {
    fn default() -> Self {
        RunPlugin(PhantomData)
    }
}

impl<R: Rules> Plugin for RunPlugin<R> {
    fn build(&self, app: &mut App) {
        app.add_systems(OnExit(Screen::Playing), |mut commands: Commands| commands.remove_resource::<R>())
            // The HUD and the modes read the new run's intensity from its first frame.
            .add_systems(
                OnEnter(Screen::Playing),
                mirror_intensity::<R>.after(RunStart::Mode).run_if(resource_exists::<R>),
            )
            .add_systems(
                FixedUpdate,
                (mirror_intensity::<R>, mirror_progress::<R>, mirror_score::<R>, end_run::<R>)
                    .chain()
                    .in_set(Gameplay::Report)
                    .run_if(resource_exists::<R>),
            )
            .add_systems(Update, (show_status::<R>, show_level::<R>).run_if(resource_exists::<R>));
    }
}

/// The options that make the level the run is on (its [`Rules::level_options`]), kept after the
/// run ends so the game-over screen can show how it was made. Reset as a run starts.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct LevelShown(pub Vec<(Opt, u32)>);

fn show_level<R: Rules>(run: Res<R>, mut shown: ResMut<LevelShown>) {
    if run.is_changed() {
        let now = run.level_options();
        if shown.0 != now {
            shown.0 = now;
        }
    }
}

fn mirror_intensity<R: Rules>(run: Res<R>, data: Res<GameData>, mut intensity: ResMut<Intensity>) {
    let now = run.intensity(&data);
    if intensity.0 != now {
        intensity.0 = now;
    }
}

fn mirror_progress<R: Rules>(run: Res<R>, mut progress: ResMut<Progress>) {
    let now = run.progress();
    if *progress != now {
        *progress = now;
    }
}

fn mirror_score<R: Rules>(run: Res<R>, mut score: ResMut<RunScore>, mut stage: ResMut<RunStage>) {
    let now = run.score();
    if score.0 != now {
        score.0 = now;
    }
    let level = run.stage();
    if stage.0 != level {
        stage.0 = level;
    }
}

/// Decided in the fixed step, so a run ends on the same step wherever it is played; the fixed
/// steps left in the same frame play nothing more ([`RunOver`]).
fn end_run<R: Rules>(
    run: Res<R>,
    session: Res<Session>,
    steps: Res<RunSteps>,
    mut last: ResMut<LastRun>,
    mut over: ResMut<RunOver>,
) {
    // A run ends at its mode's longest run, in the fixed step like any other end: an idle or
    // endless run can't go on for ever, and no replay can claim to (issue #28).
    let time_up = || session.mode.longest_run_steps().is_some_and(|most| steps.0 >= most).then(|| run.time_up());
    if let Some(end) = run.outcome().or_else(time_up) {
        over.decided = true;
        *last = LastRun { score: end.score, cause: end.cause, summary: end.summary, ..default() };
    }
}

fn show_status<R: Rules>(run: Res<R>, mut status: ResMut<HudStatus>) {
    let line = run.status();
    if status.line != line {
        status.line = line;
    }
}

/// The parts of the lifecycle shared by every mode: the sets, the countdown and pausing.
pub(crate) struct RunFlowPlugin;

impl Plugin for RunFlowPlugin {
    fn build(&self, app: &mut App) {
        let on = in_state(Pause::Running).and_then(started).and_then(not_over);
        app.init_resource::<HudStatus>()
            .init_resource::<Progress>()
            .init_resource::<RunScore>()
            .init_resource::<RunStage>()
            .init_resource::<LevelShown>()
            .add_systems(OnEnter(Screen::Playing), |mut shown: ResMut<LevelShown>| *shown = LevelShown::default())
            .configure_sets(OnEnter(Screen::Playing), (RunStart::Physics, RunStart::Mode).chain())
            .configure_sets(
                FixedUpdate,
                (
                    Gameplay::Input.before(Gameplay::Control).after(Gameplay::Prepare).run_if(on.clone()),
                    Gameplay::Prepare.before(Gameplay::Control).run_if(in_state(Pause::Running)),
                    Gameplay::Control.before(PhysicsSet::SyncBackend).run_if(on.clone()),
                    Gameplay::React.after(PhysicsSet::Writeback).run_if(on.clone()),
                    Gameplay::Report.after(Gameplay::React).run_if(on.clone()),
                    Gameplay::Record.after(Gameplay::Report).run_if(on),
                    Gameplay::Place.after(Gameplay::Record).run_if(in_state(Pause::Running)),
                ),
            )
            .add_systems(OnEnter(Screen::Playing), start_countdown.in_set(RunStart::Physics))
            .init_resource::<LevelBuilding>()
            .init_resource::<RunOver>()
            .add_systems(FixedUpdate, close_ended_run.before(Gameplay::Prepare))
            .add_systems(
                FixedUpdate,
                count_countdown_steps.after(Gameplay::Prepare).before(Gameplay::Input).run_if(in_state(Pause::Running)),
            )
            .add_systems(OnExit(Screen::Playing), |mut commands: Commands| {
                commands.remove_resource::<Countdown>();
                commands.insert_resource(RunOver::default());
            })
            .add_systems(
                Update,
                (toggle_pause, tick_countdown.run_if(in_state(Pause::Running))).run_if(in_state(Screen::Playing)),
            )
            // Paused and the pause's settings both hold the clock (the one's exit runs before the
            // other's entry, so going between them never lets a step through).
            .add_systems(OnEnter(Pause::Paused), |mut time: ResMut<Time<Virtual>>| time.pause())
            .add_systems(OnExit(Pause::Paused), |mut time: ResMut<Time<Virtual>>| time.unpause())
            .add_systems(OnEnter(Pause::Settings), |mut time: ResMut<Time<Virtual>>| time.pause())
            .add_systems(OnExit(Pause::Settings), |mut time: ResMut<Time<Virtual>>| time.unpause());
    }
}

fn start_countdown(mut commands: Commands, session: Res<Session>) {
    commands.insert_resource(Countdown { remaining: COUNTDOWN_SECONDS, steps: 0, total_steps: 0, cut: false });
    commands.insert_resource(RunOver::default());
    commands.insert_resource(Progress::default());
    commands.insert_resource(crate::session::RunEntry::of(&session));
}

/// Any key, gamepad button or mouse button pressed this frame.
#[derive(SystemParam)]
struct AnyPress<'w, 's> {
    keys: MessageReader<'w, 's, KeyboardInput>,
    pads: Query<'w, 's, &'static Gamepad>,
    mouse: Option<Res<'w, ButtonInput<MouseButton>>>,
    fingers: Option<Res<'w, crate::touch::Fingers>>,
}

impl AnyPress<'_, '_> {
    fn any(&mut self) -> bool {
        let keyed = self.keys.read().any(|key| key.state.is_pressed() && !key.repeat);
        keyed
            || self.pads.iter().any(|pad| pad.get_just_pressed().next().is_some())
            || self.mouse.as_ref().is_some_and(|mouse| mouse.get_just_pressed().next().is_some())
            || self.fingers.as_ref().is_some_and(|fingers| fingers.down.iter().any(|finger| finger.began))
    }
}

/// Counts down in game time; any key, gamepad button, click or touch starts the run at once. The press
/// that starts it doesn't also jump: keys are latched for gameplay only once the run has started.
fn tick_countdown(
    mut commands: Commands,
    time: Res<Time>,
    countdown: Option<ResMut<Countdown>>,
    mut press: AnyPress,
    actions: Res<Actions>,
) {
    // Read every press, counting or not, so an old one never starts a later countdown.
    let pressed = press.any();
    let Some(mut countdown) = countdown else { return };
    countdown.remaining -= time.delta_secs();
    // Pause keys are the pause's; every other press starts the run (once it has settled).
    countdown.cut |= pressed && !actions.pause;
    if (countdown.cut || countdown.remaining <= 0.0) && countdown.settled() {
        commands.remove_resource::<Countdown>();
    }
}

/// Counts the countdown's fixed steps, and those in a row in which the level had settled (see
/// [`SETTLE_STEPS`]), after the modes' `Prepare` systems have said whether it is still building.
fn count_countdown_steps(countdown: Option<ResMut<Countdown>>, mut building: ResMut<LevelBuilding>) {
    if let Some(mut countdown) = countdown {
        countdown.total_steps += 1;
        countdown.steps = if building.0 { 0 } else { countdown.steps + 1 };
        if countdown.total_steps == MAX_SETTLE_STEPS && building.0 {
            warn!(
                "the level was still building after {MAX_SETTLE_STEPS} steps of the countdown; the run starts anyway"
            );
        }
    }
    building.0 = false;
}

/// The pause key pauses and resumes; from the pause's settings it goes back to the pause. A run
/// whose end is decided can't be paused: its death beat plays out into the game-over card.
fn toggle_pause(
    actions: Res<Actions>,
    pause: Res<State<Pause>>,
    over: Res<RunOver>,
    mut next: ResMut<NextState<Pause>>,
) {
    if actions.pause && !(over.decided && *pause.get() == Pause::Running) {
        next.set(match pause.get() {
            Pause::Running => Pause::Paused,
            Pause::Paused => Pause::Running,
            Pause::Settings => Pause::Paused,
        });
    }
}
