//! The Runner mode: the character runs by itself across a generated track; jump the gaps and
//! hazards, eat the food. Physics steps at a fixed rate; the track streams in ahead and is
//! dropped behind, so a run of any length keeps a bounded number of entities.

pub mod bot;
pub mod jump;
pub mod track;
pub mod visuals;

use seedfeast_procgen::generator::Opt;
use std::collections::VecDeque;

use bevy::prelude::*;
use bevy_rapier2d::prelude::*;
use seedfeast_music::{Scale, Style, Wave};
use seedfeast_procgen::modes;
use seedfeast_procgen::physics::JumpReach;
use seedfeast_procgen::runner::{RunnerConfig, RunnerGenerator};

use crate::data::GameData;
use crate::intensity::Intensity;
use crate::mode::{Controls, Feel, ModeInfo, Orientation, Physics};
use crate::physics::{Reach, launch};
use crate::replay::StepInput;
use crate::run::{Gameplay, LevelBuilding, Progress, Rules, RunEnd, RunPlugin, RunStart};
use crate::session::Session;
use crate::session::playing;
use crate::sound::Sfx;
use crate::state::Screen;
use jump::JumpControl;
use track::{ChunkPiece, FoodItem, Hazard, Ledge, OpenGround, boxes_overlap, spawn_chunk};

/// The Runner's row in the table of modes.
pub const MODE: ModeInfo = ModeInfo {
    spec: &modes::RUNNER,
    blurb: "Dash across a picnic, hop the gaps, eat everything",
    controls: Controls::Jump,
    physics: Physics::Gravity(|data| data.runner.tuning.gravity),
    plugin: |app| {
        app.add_plugins(RunnerPlugin);
    },
    visuals: visuals::add,
    bot: Some(bot::BOT),
    levels: None,
    orientation: Orientation::Landscape,
    feel: Feel {
        music: Style {
            tempo_bpm: 140,
            root: 60,
            scale: Scale::Major,
            progression: [0, 4, 5, 3],
            lead: Wave::Square,
            bass: Wave::Triangle,
            busyness: 0.5,
            drums: true,
        },
        stage: None,
    },
};

/// Where the runner starts, inside the first chunk's leading ground.
pub const START_X: f32 = 60.0;
/// Track is generated this far ahead of the runner, and dropped this far behind.
pub const VIEW_AHEAD: f32 = 2_400.0;
pub(crate) const KEEP_BEHIND: f32 = 800.0;
/// Falling this far below the ground ends the run.
pub(crate) const FALL_LIMIT: f32 = -300.0;
/// World units per metre shown to the player.
pub(crate) const UNITS_PER_METRE: f32 = 50.0;
/// Hazard boxes shrink by this much on each side: touching a hazard's very corner is forgiven.
const HAZARD_FORGIVENESS: f32 = 4.0;
/// Feet this far below a ledge's top still land on it (a falling body sinks a little per step).
const LEDGE_SNAP: f32 = 4.0;
/// At most this many chunks are spawned in one step (the first step fills the view).
const MAX_CHUNKS_PER_STEP: usize = 8;

/// The runner's body.
#[derive(Component, Debug, Clone, Copy)]
pub struct RunnerPlayer {
    pub size: Vec2,
}

/// The state of the run in progress.
#[derive(Resource, Debug)]
pub struct RunnerRun {
    pub generator: RunnerGenerator,
    /// Chunks alive on the track: (index, right edge), oldest first.
    pub live: VecDeque<(usize, f32)>,
    pub track_end: f32,
    /// The ground slab at the track's end, which the next chunk's ground grows where it
    /// continues it (see [`track::OpenGround`]).
    pub open_ground: Option<OpenGround>,
    pub jump: JumpControl,
    pub distance: f32,
    pub food_points: u32,
    pub food_eaten: u32,
    /// Set when the run is over, with the reason shown to the player.
    pub ended: Option<String>,
}

impl RunnerRun {
    /// A run of the session's seed, its gaps sized to `reach` (the physics plugin's).
    pub fn new(config: RunnerConfig, reach: JumpReach, session: &Session) -> RunnerRun {
        let jump = JumpControl::new(config.tuning.coyote_time, config.tuning.jump_buffer);
        RunnerRun {
            generator: RunnerGenerator::new(config, reach, session.seed),
            live: VecDeque::new(),
            track_end: 0.0,
            open_ground: None,
            jump,
            distance: 0.0,
            food_points: 0,
            food_eaten: 0,
            ended: None,
        }
    }

    pub(crate) fn distance_m(&self) -> u32 {
        (self.distance / UNITS_PER_METRE) as u32
    }

    /// Food points plus one point a metre.
    pub fn score(&self) -> u32 {
        self.food_points + self.distance_m()
    }
}

impl Rules for RunnerRun {
    fn status(&self) -> String {
        format!("Score {}   {} m", self.score(), self.distance_m())
    }

    /// The curve at the distance run.
    fn intensity(&self, _data: &GameData) -> f32 {
        self.generator.config().intensity_at(START_X + self.distance)
    }

    fn outcome(&self) -> Option<RunEnd> {
        self.ended.as_ref().map(|cause| RunEnd {
            score: self.score(),
            cause: cause.clone(),
            summary: format!("{} m run, {} food eaten", self.distance_m(), self.food_eaten),
        })
    }

    fn progress(&self) -> Progress {
        Progress { amount: self.distance / UNITS_PER_METRE, unit: "m" }
    }

    fn score(&self) -> u32 {
        RunnerRun::score(self)
    }

    /// The track laid so far, up to its first `EXPLAINED_CHUNKS`: a picture of a longer one is
    /// too thin to read on a screen.
    fn level_options(&self) -> Vec<(Opt, u32)> {
        let made = self.live.back().map_or(1, |(index, _)| index + 1);
        vec![(Opt::Chunks, made.clamp(1, EXPLAINED_CHUNKS) as u32)]
    }
}

pub(crate) struct RunnerPlugin;

/// The most chunks *How was this made?* shows being laid.
pub(crate) const EXPLAINED_CHUNKS: usize = 8;

impl Plugin for RunnerPlugin {
    fn build(&self, app: &mut App) {
        let running = resource_exists::<RunnerRun>;
        app.add_plugins(RunPlugin::<RunnerRun>::default())
            .add_systems(OnEnter(Screen::Playing), start_run.in_set(RunStart::Mode).run_if(playing(&MODE)))
            .add_systems(FixedUpdate, extend_track.in_set(Gameplay::Prepare).run_if(running))
            .add_systems(
                FixedUpdate,
                (drive_runner, pass_through_ledges).chain().in_set(Gameplay::Control).run_if(running),
            )
            .add_systems(
                FixedUpdate,
                (eat_food, hit_hazards, track_progress, drop_behind).chain().in_set(Gameplay::React).run_if(running),
            );
    }
}

fn start_run(mut commands: Commands, session: Res<Session>, data: Res<GameData>, reach: Res<Reach>) {
    let tuning = &data.runner.tuning;
    let size = Vec2::new(tuning.player_size.0, tuning.player_size.1);
    commands.insert_resource(RunnerRun::new(data.runner_config(), reach.jump, &session));
    // A rounded box, so no corner of it catches on an edge it slides over (unbroken ground has
    // no seams: it is one slab, see `track::GroundSlab`).
    let radius = 6.0;
    commands.spawn((
        RunnerPlayer { size },
        crate::replay::Avatar,
        DespawnOnExit(Screen::Playing),
        Transform::from_xyz(START_X, size.y / 2.0 + 0.5, 3.0),
        RigidBody::Dynamic,
        Collider::round_cuboid(size.x / 2.0 - radius, size.y / 2.0 - radius, radius),
        Velocity::zero(),
        LockedAxes::ROTATION_LOCKED,
        Friction::coefficient(0.0),
        Restitution::coefficient(0.0),
        // No CCD: it snags a body resting on the ground as it takes off, and at these speeds
        // (under 10 units a step) nothing can tunnel through an 18-unit ledge.
    ));
}

/// Builds the track up to the view's horizon.
///
/// Not before the player is in rapier's world: rapier orders each contact pair by collider, and
/// which of the player and the first stretch of ground went in first was up to the order the ECS
/// hands new colliders to bevy_rapier, which differed between the desktop and the browser (the
/// contact normals came out mirrored, and the resting height drifted in its last bits). With the
/// player always first, a Runner replay plays out to the same bits on both.
fn extend_track(
    mut commands: Commands,
    mut run: ResMut<RunnerRun>,
    data: Res<GameData>,
    player: Single<(&Transform, Has<RapierColliderHandle>), With<RunnerPlayer>>,
    mut building: ResMut<LevelBuilding>,
) {
    let (player, in_physics) = *player;
    if !in_physics {
        building.0 = true;
        return;
    }
    let horizon = player.translation.x + VIEW_AHEAD;
    for _ in 0..MAX_CHUNKS_PER_STEP {
        if run.track_end >= horizon {
            break;
        }
        building.0 = true;
        let chunk = run.generator.next_chunk();
        let run = &mut *run;
        spawn_chunk(&mut commands, &chunk, data.food(), &mut run.open_ground);
        let end = chunk.x + chunk.width;
        run.track_end = end;
        run.live.push_back((chunk.index, end));
    }
}

/// Sets the running speed from the run's intensity and starts jumps.
fn drive_runner(
    context: ReadRapierContext,
    time: Res<Time>,
    intensity: Res<Intensity>,
    mut run: ResMut<RunnerRun>,
    input: Res<StepInput>,
    player: Single<(Entity, &Transform, &RunnerPlayer, &mut Velocity)>,
    mut sfx: MessageWriter<Sfx>,
) {
    let (entity, transform, body, mut velocity) = player.into_inner();
    let position = transform.translation.truncate();
    let tuning = &run.generator.config().tuning;
    // The intensity the run has reached (mirrored each step from the curve at the distance).
    velocity.linear.x = tuning.speed_at_intensity(intensity.0);
    let jump_speed = tuning.jump_speed;
    let on_ground = context.single().is_ok_and(|context| standing_on_something(&context, entity, position, body.size));
    let grounded = on_ground && velocity.linear.y <= 1.0;
    let pressed = input.jump;
    if run.jump.tick(time.delta_secs(), grounded, pressed) {
        launch(&mut velocity, jump_speed);
        sfx.write(Sfx::Jump);
    }
}

/// Ledges are jump-through: solid only while the runner's feet are above their top, so running
/// or jumping into one from below or the side never stops the run.
fn pass_through_ledges(
    player: Single<(&Transform, &RunnerPlayer)>,
    mut ledges: Query<(&Transform, &mut CollisionGroups), With<Ledge>>,
) {
    let (transform, body) = *player;
    let feet = transform.translation.y - body.size.y / 2.0;
    for (ledge, mut groups) in &mut ledges {
        let top = ledge.translation.y + track::PLATFORM_THICKNESS / 2.0;
        let wanted = if feet >= top - LEDGE_SNAP { Group::ALL } else { Group::NONE };
        if groups.filters != wanted {
            groups.filters = wanted;
        }
    }
}

/// A thin box cast a few units down from the feet.
fn standing_on_something(context: &RapierContext, player: Entity, position: Vec2, size: Vec2) -> bool {
    let feet = Collider::cuboid(size.x / 2.0 - 2.0, 1.0);
    let filter = QueryFilter::default().exclude_rigid_body(player).exclude_sensors();
    context
        .cast_shape(
            position - Vec2::new(0.0, size.y / 2.0 - 2.0),
            0.0,
            Vec2::NEG_Y,
            &*feet.raw,
            ShapeCastOptions::with_max_time_of_impact(4.0),
            filter,
        )
        .is_some()
}

fn eat_food(
    mut commands: Commands,
    mut run: ResMut<RunnerRun>,
    player: Single<(&Transform, &RunnerPlayer)>,
    food: Query<(Entity, &Transform, &FoodItem)>,
    mut sfx: MessageWriter<Sfx>,
) {
    let (transform, body) = *player;
    let position = transform.translation.truncate();
    for (entity, item_transform, item) in &food {
        let reach = Vec2::splat(track::FOOD_RADIUS);
        if boxes_overlap(position, body.size / 2.0, item_transform.translation.truncate(), reach) {
            commands.entity(entity).despawn();
            run.food_points = run.food_points.saturating_add(item.points);
            run.food_eaten += 1;
            sfx.write(Sfx::Eat);
        }
    }
}

fn hit_hazards(
    mut run: ResMut<RunnerRun>,
    player: Single<(&Transform, &RunnerPlayer)>,
    hazards: Query<(&Transform, &Hazard)>,
    mut sfx: MessageWriter<Sfx>,
) {
    let (transform, body) = *player;
    let position = transform.translation.truncate();
    let touched = hazards.iter().any(|(hazard_transform, hazard)| {
        let half = (hazard.half_size - Vec2::splat(HAZARD_FORGIVENESS)).max(Vec2::ONE);
        boxes_overlap(position, body.size / 2.0, hazard_transform.translation.truncate(), half)
    });
    if touched && run.ended.is_none() {
        run.ended = Some("Ouch! You ran into a fork.".into());
        sfx.write(Sfx::Hit);
    }
}

fn track_progress(mut run: ResMut<RunnerRun>, player: Single<&Transform, With<RunnerPlayer>>) {
    let position = player.translation;
    run.distance = run.distance.max(position.x - START_X);
    if position.y < FALL_LIMIT && run.ended.is_none() {
        run.ended = Some("You fell off the table.".into());
    }
}

fn drop_behind(
    mut commands: Commands,
    mut run: ResMut<RunnerRun>,
    player: Single<&Transform, With<RunnerPlayer>>,
    pieces: Query<(Entity, &ChunkPiece)>,
) {
    let cutoff = player.translation.x - KEEP_BEHIND;
    while let Some(&(index, end)) = run.live.front() {
        if end >= cutoff {
            break;
        }
        run.live.pop_front();
        for (entity, piece) in &pieces {
            if piece.index == index {
                commands.entity(entity).despawn();
            }
        }
    }
}
