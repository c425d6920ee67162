//! Arena: a top-down floor filled wave by wave. Eat every piece of food, keep off the hot pans;
//! each cleared wave scatters the next, bigger one from the same seed.

pub mod visuals;

use bevy::prelude::*;
use seedfeast_procgen::arena::{ArenaGenerator, ArenaWave, ItemKind};

use crate::data::GameData;
use crate::input::Actions;
use crate::intensity::Intensity;
use crate::session::{LastRun, Mode, Session};
use crate::sound::Sfx;
use crate::state::{Pause, Screen};
use crate::ui::hud::HudStatus;

/// World units a second the player moves.
pub const PLAYER_SPEED: f32 = 320.0;
/// The player's collision circle.
pub const PLAYER_RADIUS: f32 = 16.0;
pub const LIVES: u32 = 3;
/// After a burn the pans can't hurt for this long.
const GRACE: f32 = 1.5;

/// Arena coordinates (from the corner, y up) to world coordinates (centred on the arena).
pub fn to_world(wave: &ArenaWave, x: f32, y: f32) -> Vec2 {
    Vec2::new(x - wave.width / 2.0, y - wave.height / 2.0)
}

#[derive(Component, Debug)]
pub struct ArenaPlayer {
    /// Position in arena coordinates.
    pub at: Vec2,
}

/// An item of the current wave, at arena coordinates.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct ArenaPiece {
    pub at: Vec2,
    pub kind: ItemKind,
}

/// Every entity of the current wave, dropped when the next is scattered.
#[derive(Component)]
pub struct WavePiece;

#[derive(Resource, Debug)]
pub struct ArenaRun {
    pub generator: ArenaGenerator,
    pub wave: ArenaWave,
    pub food_left: usize,
    pub score: u32,
    pub lives: u32,
    pub grace: f32,
    pub ended: Option<String>,
}

pub struct ArenaPlugin;

impl Plugin for ArenaPlugin {
    fn build(&self, app: &mut App) {
        let running = in_state(Pause::Running).and_then(resource_exists::<ArenaRun>);
        app.add_systems(OnEnter(Screen::Playing), start_arena.run_if(|s: Res<Session>| s.mode == Mode::Arena))
            .add_systems(OnExit(Screen::Playing), |mut commands: Commands| commands.remove_resource::<ArenaRun>())
            .add_systems(FixedUpdate, (move_player, touch_items, next_wave).chain().run_if(running))
            .add_systems(Update, (place_player, show_status, end_arena).chain().run_if(resource_exists::<ArenaRun>));
    }
}

fn start_arena(mut commands: Commands, session: Res<Session>, data: Res<GameData>, mut intensity: ResMut<Intensity>) {
    let mut generator =
        ArenaGenerator::new(data.arena.clone(), data.runner.curve.clone(), data.runner.food.clone(), session.seed);
    let wave = generator.next_wave();
    intensity.0 = wave.intensity;
    spawn_wave(&mut commands, &wave);
    commands.spawn((
        ArenaPlayer { at: Vec2::new(wave.player.0, wave.player.1) },
        DespawnOnExit(Screen::Playing),
        Transform::from_translation(to_world(&wave, wave.player.0, wave.player.1).extend(3.0)),
    ));
    commands.insert_resource(ArenaRun {
        generator,
        food_left: food_count(&wave),
        wave,
        score: 0,
        lives: LIVES,
        grace: GRACE,
        ended: None,
    });
}

fn food_count(wave: &ArenaWave) -> usize {
    wave.items.iter().filter(|i| matches!(i.kind, ItemKind::Food(_))).count()
}

/// Spawns a wave's items.
pub fn spawn_wave(commands: &mut Commands, wave: &ArenaWave) {
    for item in &wave.items {
        commands.spawn((
            ArenaPiece { at: Vec2::new(item.x, item.y), kind: item.kind },
            WavePiece,
            DespawnOnExit(Screen::Playing),
            Transform::from_translation(to_world(wave, item.x, item.y).extend(1.0)),
        ));
    }
}

fn move_player(time: Res<Time>, actions: Res<Actions>, run: Res<ArenaRun>, mut player: Single<&mut ArenaPlayer>) {
    let step = actions.move_axis.clamp_length_max(1.0) * PLAYER_SPEED * time.delta_secs();
    let (w, h) = (run.wave.width, run.wave.height);
    player.at = (player.at + step).clamp(Vec2::splat(PLAYER_RADIUS), Vec2::new(w - PLAYER_RADIUS, h - PLAYER_RADIUS));
}

fn touch_items(
    mut commands: Commands,
    data: Res<GameData>,
    mut run: ResMut<ArenaRun>,
    time: Res<Time>,
    player: Single<&ArenaPlayer>,
    items: Query<(Entity, &ArenaPiece)>,
    mut sfx: MessageWriter<Sfx>,
) {
    run.grace = (run.grace - time.delta_secs()).max(0.0);
    let reach = PLAYER_RADIUS + data.arena.item_radius;
    for (entity, item) in &items {
        if player.at.distance(item.at) >= reach {
            continue;
        }
        match item.kind {
            ItemKind::Food(kind) => {
                commands.entity(entity).despawn();
                run.score += data.runner.food.points(kind);
                run.food_left = run.food_left.saturating_sub(1);
                sfx.write(Sfx::Eat);
            }
            ItemKind::Hazard if run.grace <= 0.0 => {
                run.lives = run.lives.saturating_sub(1);
                run.grace = GRACE;
                sfx.write(Sfx::Hit);
                if run.lives == 0 {
                    run.ended = Some("Burnt on a hot pan!".into());
                }
            }
            ItemKind::Hazard => {}
        }
    }
}

fn next_wave(
    mut commands: Commands,
    mut run: ResMut<ArenaRun>,
    mut intensity: ResMut<Intensity>,
    pieces: Query<Entity, With<WavePiece>>,
    mut sfx: MessageWriter<Sfx>,
) {
    if run.food_left > 0 || run.ended.is_some() {
        return;
    }
    for entity in &pieces {
        commands.entity(entity).despawn();
    }
    run.score += 100 * run.wave.wave;
    sfx.write(Sfx::Clear);
    let wave = run.generator.next_wave();
    intensity.0 = wave.intensity;
    spawn_wave(&mut commands, &wave);
    run.food_left = food_count(&wave);
    run.wave = wave;
    run.grace = GRACE;
}

fn place_player(run: Res<ArenaRun>, mut player: Query<(&ArenaPlayer, &mut Transform)>) {
    for (player, mut transform) in &mut player {
        transform.translation = to_world(&run.wave, player.at.x, player.at.y).extend(transform.translation.z);
    }
}

fn show_status(run: Res<ArenaRun>, mut status: ResMut<HudStatus>) {
    let challenge = if run.wave.challenge { " (challenge!)" } else { "" };
    let line = format!("Score {}   Wave {}{challenge}   Lives {}", run.score, run.wave.wave, run.lives);
    if status.line != line {
        status.line = line;
    }
}

fn end_arena(run: Res<ArenaRun>, mut last: ResMut<LastRun>, mut next: ResMut<NextState<Screen>>) {
    if let Some(cause) = &run.ended {
        *last = LastRun {
            score: run.score,
            cause: cause.clone(),
            summary: format!("reached wave {}", run.wave.wave),
            ..default()
        };
        next.set(Screen::GameOver);
    }
}
