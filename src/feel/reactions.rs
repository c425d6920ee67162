//! What the screen does when something happens: it reads the same [`Sfx`] cues the speakers play
//! and answers each with a burst at the player, a shake, a freeze or a flash, and every rise of
//! the score with a "+N" that floats up from the player.

use bevy::prelude::*;

use super::particles::{Burst, Particle, throw};
use super::shake::Shake;
use super::{FxRng, Motion};
use crate::palette;
use crate::replay::Avatar;
use crate::run::RunScore;
use crate::sound::{Sfx, this_frames_cues};
use crate::state::Screen;

pub fn plugin(app: &mut App) {
    app.init_resource::<HitStop>().add_systems(
        Update,
        (react_to_cues, pop_up_score.run_if(in_state(Screen::Playing)), fade_flashes, float_pop_ups, end_hit_stop),
    );
}

const CRUMBS: &[Color] = &[
    Color::srgb(0.98, 0.74, 0.22),
    Color::srgb(0.96, 0.48, 0.70),
    Color::srgb(0.86, 0.16, 0.16),
    Color::srgb(1.0, 0.93, 0.75),
];
const GOLD: &[Color] = &[Color::srgb(1.0, 0.84, 0.2), Color::srgb(1.0, 0.95, 0.6)];
const CHILLI: &[Color] = &[Color::srgb(0.9, 0.15, 0.1), Color::srgb(1.0, 0.55, 0.1)];
const SHARDS: &[Color] = &[Color::srgb(0.9, 0.2, 0.15), Color::srgb(0.45, 0.45, 0.5), Color::WHITE];
const SPARKS: &[Color] = &[Color::srgb(0.96, 0.55, 0.66), Color::srgb(1.0, 0.97, 0.9)];
const CONFETTI: &[Color] = &[
    Color::srgb(0.91, 0.33, 0.27),
    Color::srgb(0.16, 0.62, 0.60),
    Color::srgb(0.98, 0.74, 0.22),
    Color::srgb(0.45, 0.6, 0.95),
    Color::srgb(0.96, 0.55, 0.66),
];
const DUST: &[Color] = &[Color::srgba(0.75, 0.62, 0.5, 0.8)];
const FEATHERS: &[Color] = &[Color::srgb(1.0, 0.93, 0.7), Color::WHITE];

/// The burst a cue throws at the player, if any.
fn burst_for(cue: Sfx, at: Vec2) -> Option<Burst> {
    let burst = |count, colours, speed, spread, gravity, size, life| Burst {
        at,
        count,
        colours,
        speed,
        spread,
        gravity,
        size,
        life,
    };
    use std::f32::consts::PI;
    Some(match cue {
        Sfx::Eat => burst(10, CRUMBS, (90.0, 220.0), PI, 420.0, 6.0, 0.55),
        Sfx::Bonus => burst(16, GOLD, (120.0, 280.0), PI, 200.0, 7.0, 0.8),
        Sfx::PowerUp => burst(22, CHILLI, (140.0, 320.0), PI, 150.0, 8.0, 0.9),
        Sfx::Hit => burst(18, SHARDS, (160.0, 340.0), PI, 500.0, 7.0, 0.7),
        Sfx::Gate => burst(14, SPARKS, (120.0, 240.0), PI, 0.0, 5.0, 0.5),
        Sfx::Clear => burst(60, CONFETTI, (220.0, 480.0), 0.9, 420.0, 9.0, 1.4),
        Sfx::Jump => Burst { at: at - Vec2::new(0.0, 20.0), ..burst(6, DUST, (40.0, 90.0), 1.3, 60.0, 6.0, 0.35) },
        Sfx::Flap => burst(3, FEATHERS, (30.0, 80.0), PI, 120.0, 4.0, 0.45),
        Sfx::GameOver | Sfx::Click => return None,
    })
}

/// A full-screen tint that fades out: red for a hit, gold for a stage cleared.
#[derive(Component)]
pub struct Flash {
    age: f32,
    strength: f32,
}

/// How long a flash and a freeze last, in real seconds.
const FLASH_SECONDS: f32 = 0.3;
const HIT_STOP_SECONDS: f32 = 0.07;

/// A short freeze of the game's clock on a hit (the fixed step simply waits: a run plays the same
/// however its frames fall, so a freeze can't change it).
#[derive(Resource, Default, Debug)]
pub(crate) struct HitStop {
    pub left: f32,
}

/// The camera's zoom (1 in the Runner and the tunnels, more in a big maze or arena).
pub(crate) fn camera_scale(camera: &Query<&Projection, With<Camera2d>>) -> f32 {
    match camera.single() {
        Ok(Projection::Orthographic(ortho)) => ortho.scale,
        _ => 1.0,
    }
}

fn react_to_cues(
    mut commands: Commands,
    mut cues: MessageReader<Sfx>,
    avatar: Query<&GlobalTransform, With<Avatar>>,
    camera: Query<&Projection, With<Camera2d>>,
    particles: Query<(), With<Particle>>,
    motion: Res<Motion>,
    mut rng: ResMut<FxRng>,
    mut shake: ResMut<Shake>,
    mut stop: ResMut<HitStop>,
    mut time: ResMut<Time<Virtual>>,
) {
    let scale = camera_scale(&camera);
    let at = avatar.iter().next().map(|avatar| avatar.translation().truncate());
    // Each cue once a frame, as the speakers hear it (three tokens eaten at once are one burst).
    for cue in this_frames_cues(&mut cues) {
        if let Some(burst) = at.and_then(|at| burst_for(cue, at)) {
            throw(&mut commands, &mut rng, &burst, scale, particles.iter().len());
        }
        match cue {
            Sfx::Hit => {
                stop.left = HIT_STOP_SECONDS;
                time.set_relative_speed(0.0);
                if !motion.reduced {
                    shake.add(0.55);
                    commands.spawn(flash(Color::srgba(0.9, 0.15, 0.1, 1.0), 0.35));
                }
            }
            // The run's end, at the start of its death beat: a heavier shake than a hit's.
            Sfx::GameOver if !motion.reduced => shake.add(0.8),
            Sfx::Clear if !motion.reduced => {
                commands.spawn(flash(Color::srgba(1.0, 0.9, 0.5, 1.0), 0.3));
            }
            _ => {}
        }
    }
}

fn flash(colour: Color, strength: f32) -> impl Bundle {
    (
        Flash { age: 0.0, strength },
        Node { position_type: PositionType::Absolute, width: percent(100), height: percent(100), ..default() },
        BackgroundColor(colour.with_alpha(strength)),
        GlobalZIndex(40),
        bevy::ui::FocusPolicy::Pass,
    )
}

fn fade_flashes(
    mut commands: Commands,
    time: Res<Time<Real>>,
    mut flashes: Query<(Entity, &mut Flash, &mut BackgroundColor)>,
) {
    for (entity, mut flash, mut colour) in &mut flashes {
        flash.age += time.delta_secs();
        let left = 1.0 - flash.age / FLASH_SECONDS;
        if left <= 0.0 {
            commands.entity(entity).despawn();
        } else {
            colour.0.set_alpha(flash.strength * left);
        }
    }
}

fn end_hit_stop(real: Res<Time<Real>>, mut stop: ResMut<HitStop>, mut time: ResMut<Time<Virtual>>) {
    if stop.left > 0.0 {
        stop.left -= real.delta_secs();
        if stop.left <= 0.0 {
            time.set_relative_speed(1.0);
        }
    }
}

/// A "+N" rising from the player.
#[derive(Component)]
pub struct PopUp {
    age: f32,
}

const POP_UP_SECONDS: f32 = 0.8;
/// The least rise that pops up.
const POP_UP_LEAST: u32 = 5;

/// A rise the same as the one before, within this many seconds of it, doesn't pop: the maze's
/// crumbs, eaten one after another, are a trail, not a shower of "+10"s (the trail's first crumb,
/// a star, a pot or a gate a second or more after the last still pops).
const POP_UP_REPEAT_SECONDS: f32 = 1.0;

/// The last rise, and the seconds since.
#[derive(Default)]
struct LastPopUp {
    gained: u32,
    since: f32,
}

fn pop_up_score(
    mut commands: Commands,
    score: Res<RunScore>,
    time: Res<Time>,
    mut last: Local<u32>,
    mut popped: Local<LastPopUp>,
    avatar: Query<&GlobalTransform, With<Avatar>>,
    camera: Query<&Projection, With<Camera2d>>,
) {
    let gained = score.0.saturating_sub(*last);
    *last = score.0;
    popped.since += time.delta_secs();
    if gained == 0 {
        return;
    }
    let repeated = gained == popped.gained && popped.since < POP_UP_REPEAT_SECONDS;
    *popped = LastPopUp { gained, since: 0.0 };
    // Points for something done (food, a gate, a pot), not the Runner's point a metre.
    let Some(avatar) = avatar.iter().next().filter(|_| gained >= POP_UP_LEAST && !repeated) else { return };
    let scale = camera_scale(&camera);
    commands.spawn((
        PopUp { age: 0.0 },
        Text2d::new(format!("+{gained}")),
        TextFont::from_font_size(22.0),
        TextColor(palette::ACCENT),
        Transform::from_translation((avatar.translation().truncate() + Vec2::new(0.0, 34.0 * scale)).extend(70.0))
            .with_scale(Vec3::splat(scale)),
        DespawnOnExit(Screen::Playing),
    ));
}

fn float_pop_ups(
    mut commands: Commands,
    time: Res<Time<Real>>,
    mut pop_ups: Query<(Entity, &mut PopUp, &mut Transform, &mut TextColor)>,
) {
    for (entity, mut pop_up, mut transform, mut colour) in &mut pop_ups {
        pop_up.age += time.delta_secs();
        if pop_up.age >= POP_UP_SECONDS {
            commands.entity(entity).despawn();
            continue;
        }
        transform.translation.y += 50.0 * transform.scale.y * time.delta_secs();
        colour.0.set_alpha(1.0 - (pop_up.age / POP_UP_SECONDS).powi(2));
    }
}
