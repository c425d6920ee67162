//! The moving threats on screen (windowed game only; decoration reads the threats, never writes
//! what gameplay reads): a moving pan looks like a hot pan, and a slide's or patrol's track is
//! drawn faintly under it so its way reads before it comes; a bouncing pan has a pale rim; a
//! pursuer is a wasp that turns to face the player and beats its wings once it sets off.

use bevy::prelude::*;
use seedfeast_procgen::arena::Motion;

use super::threats::ArenaThreat;
use super::visuals::Glow;
use super::{ArenaPlayer, ArenaRun, WavePiece};
use crate::data::GameData;
use crate::palette::Scheme;
use crate::state::Screen;
use crate::visuals::{Shapes, shape};

/// A wasp's wing, beating while it hunts.
#[derive(Component)]
struct Wing;

/// Adds the threats' looks (from the Arena's visuals).
pub(crate) fn add(app: &mut App) {
    app.add_observer(dress_threat).add_systems(Update, (face_the_player, beat_wings));
}

fn dress_threat(
    add: On<Add, ArenaThreat>,
    mut commands: Commands,
    threats: Query<&ArenaThreat>,
    data: Res<GameData>,
    shapes: Res<Shapes>,
    scheme: Res<Scheme>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    // The tuning's floor, not the run's wave: the first wave's threats are spawned before the
    // run's resource is inserted.
    let Ok(threat) = threats.get(add.entity) else { return };
    let r = threat.radius;
    if let Motion::Pursuer { .. } = threat.motion {
        let body = materials.add(Color::srgb(0.98, 0.78, 0.12));
        let dark = materials.add(Color::srgb(0.12, 0.1, 0.08));
        let wing = materials.add(Color::srgba(0.92, 0.96, 1.0, 0.6));
        commands.entity(add.entity).insert(Visibility::default()).with_children(|wasp| {
            // Drawn facing +x; the whole wasp turns to the player.
            wasp.spawn((
                Wing,
                shape(&shapes.circle, wing.clone(), Vec3::new(-2.0, 0.7 * r, 0.2), Vec2::new(0.6 * r, 0.4 * r)),
            ));
            wasp.spawn((
                Wing,
                shape(&shapes.circle, wing, Vec3::new(-2.0, -0.7 * r, 0.2), Vec2::new(0.6 * r, 0.4 * r)),
            ));
            wasp.spawn(shape(&shapes.circle, body, Vec3::ZERO, Vec2::new(r, 0.75 * r)));
            for x in [-0.35 * r, 0.05 * r] {
                wasp.spawn((
                    Sprite::from_color(Color::srgb(0.12, 0.1, 0.08), Vec2::new(0.18 * r, 1.3 * r)),
                    Transform::from_xyz(x, 0.0, 0.1),
                ));
            }
            wasp.spawn(shape(&shapes.circle, dark.clone(), Vec3::new(0.85 * r, 0.0, 0.15), Vec2::splat(0.45 * r)));
            wasp.spawn(shape(&shapes.triangle, dark, Vec3::new(-1.05 * r, 0.0, 0.05), Vec2::splat(0.35 * r)));
        });
        return;
    }
    let pan = materials.add(scheme.pan);
    let glow = materials.add(Color::srgb(0.95, 0.35, 0.15));
    let bounce = matches!(threat.motion, Motion::Bounce { .. });
    commands.entity(add.entity).insert(Visibility::default()).with_children(|parent| {
        if bounce {
            let rim = materials.add(Color::srgba(1.0, 0.95, 0.85, 0.9));
            parent.spawn(shape(&shapes.circle, rim, Vec3::new(0.0, 0.0, -0.05), Vec2::splat(r + 3.0)));
        }
        parent.spawn(shape(&shapes.circle, pan, Vec3::ZERO, Vec2::splat(r)));
        parent.spawn((Glow, shape(&shapes.ring, glow, Vec3::new(0.0, 0.0, 0.1), Vec2::splat(12.0))));
    });
    if let Some(track) = threat.motion.track() {
        let centre = Vec2::new(data.arena.width, data.arena.height) / 2.0;
        draw_track(&mut commands, centre, track, threat.motion.kind() == "patrol", r);
    }
}

/// A faint band along each segment of a track, and a dot at each turn, under the items.
fn draw_track(commands: &mut Commands, centre: Vec2, track: &[seedfeast_procgen::arena::Point], closed: bool, r: f32) {
    let colour = Color::srgba(0.55, 0.22, 0.1, 0.2);
    let closing = (closed && track.len() > 2).then(|| (track[track.len() - 1], track[0]));
    for (a, b) in track.windows(2).map(|w| (w[0], w[1])).chain(closing) {
        let (from, to) = (Vec2::new(a.x, a.y) - centre, Vec2::new(b.x, b.y) - centre);
        let along = to - from;
        commands.spawn((
            WavePiece,
            DespawnOnExit(Screen::Playing),
            Sprite::from_color(colour, Vec2::new(along.length() + r, r)),
            Transform::from_translation(((from + to) / 2.0).extend(0.4))
                .with_rotation(Quat::from_rotation_z(along.y.atan2(along.x))),
        ));
    }
}

/// A wasp faces the player (decoration: only its drawn rotation turns).
fn face_the_player(player: Query<&ArenaPlayer>, mut threats: Query<(&ArenaThreat, &mut Transform)>) {
    let Ok(player) = player.single() else { return };
    for (threat, mut transform) in &mut threats {
        if matches!(threat.motion, Motion::Pursuer { .. }) {
            let to = player.at - threat.at;
            if to.length_squared() > 1.0 {
                transform.rotation = Quat::from_rotation_z(to.y.atan2(to.x));
            }
        }
    }
}

/// Wings beat once a wasp has set off; before, they rest.
fn beat_wings(
    time: Res<Time>,
    run: Option<Res<ArenaRun>>,
    threats: Query<(&ArenaThreat, &Children)>,
    mut wings: Query<&mut Transform, With<Wing>>,
) {
    let Some(run) = run else { return };
    for (threat, children) in &threats {
        let Motion::Pursuer { delay, .. } = threat.motion else { continue };
        let flap = if run.wave_steps >= delay { 0.55 + 0.45 * (time.elapsed_secs() * 40.0).sin().abs() } else { 1.0 };
        for child in children.iter() {
            if let Ok(mut wing) = wings.get_mut(child) {
                wing.scale.y = 0.4 * threat.radius * flap;
            }
        }
    }
}
