//! The Runner on screen: the ground with its frosting, ledges, forks standing tines up, the chef
//! (who bobs as they run, stretches in the air and squashes on landing) and two rows of soft hills
//! that scroll behind at their own depths; the camera runs ahead of the runner. Windowed only.

use bevy::prelude::*;

use crate::feel::parallax::{CameraMoves, Parallax};
use crate::feel::puppet::{Gait, Puppet};
use crate::modes::runner::RunnerPlayer;
use crate::modes::runner::track::{GROUND_DEPTH, Ground, HAZARD_HEIGHT, Hazard, Ledge, PLATFORM_THICKNESS};
use crate::palette::{self, Scheme};
use crate::state::Screen;
use crate::visuals::{CameraQuery, Shapes, shape};

/// The runner stays this far left of the screen's centre, to show what is coming.
const LOOK_AHEAD: f32 = 330.0;
/// The ground sits this far below the screen's centre.
const CAMERA_Y: f32 = 200.0;

/// Adds the Runner's visuals (the table of modes calls it for the windowed game).
pub fn add(app: &mut App) {
    app.add_systems(OnEnter(Screen::Playing), spawn_backdrop.run_if(crate::session::playing(&super::MODE)))
        .add_systems(PostUpdate, follow_runner.in_set(CameraMoves))
        .add_observer(dress_ground)
        .add_observer(dress_ledge)
        .add_observer(dress_hazard)
        .add_observer(dress_runner);
}

fn follow_runner(runner: Query<&Transform, With<RunnerPlayer>>, mut camera: CameraQuery<RunnerPlayer>) {
    let Ok(runner) = runner.single() else { return };
    for (mut camera, mut projection) in &mut camera {
        camera.translation.x = runner.translation.x + LOOK_AHEAD;
        camera.translation.y = CAMERA_Y;
        // The maze and arena zoom out for big levels; the Runner is always shown at full size.
        if let Projection::Orthographic(ortho) = &mut *projection {
            ortho.scale = 1.0;
        }
    }
}

/// Soft hills in two rows: the far row barely moves, the near one drifts by at a third of the
/// runner's speed; clouds drift slowest of all.
fn spawn_backdrop(
    mut commands: Commands,
    shapes: Res<Shapes>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    camera: Query<Entity, With<Camera2d>>,
) {
    let Ok(camera) = camera.single() else { return };
    let far = materials.add(palette::SKY_FAR);
    let near = materials.add(Color::srgb(0.95, 0.78, 0.62));
    let cloud = materials.add(Color::srgb(1.0, 0.99, 0.97)); // opaque: drawn behind the track
    let mut pieces = Vec::new();
    for (i, radius) in [260.0, 330.0, 280.0, 240.0, 300.0].into_iter().enumerate() {
        let base_x = -1000.0 + 440.0 * i as f32;
        pieces.push((far.clone(), base_x, -CAMERA_Y - 60.0, -150.0, Vec2::splat(radius), 0.08, 2200.0));
    }
    for (i, radius) in [170.0, 210.0, 150.0, 190.0].into_iter().enumerate() {
        let base_x = -900.0 + 500.0 * i as f32;
        pieces.push((near.clone(), base_x, -CAMERA_Y - 110.0, -140.0, Vec2::splat(radius), 0.3, 2000.0));
    }
    for (i, y) in [250.0, 190.0, 280.0].into_iter().enumerate() {
        let base_x = -700.0 + 620.0 * i as f32;
        for (dx, r) in [(-30.0, 24.0), (0.0, 34.0), (34.0, 22.0)] {
            pieces.push((
                cloud.clone(),
                base_x + dx,
                y - CAMERA_Y + 100.0,
                -160.0,
                Vec2::new(r * 1.3, r * 0.8),
                0.04,
                1860.0,
            ));
        }
    }
    for (material, base_x, y, z, scale, depth, span) in pieces {
        let piece = commands
            .spawn((
                Mesh2d(shapes.circle.clone()),
                MeshMaterial2d(material),
                Transform::from_xyz(base_x, y, z).with_scale(scale.extend(1.0)),
                Parallax { depth, span, base_x },
                DespawnOnExit(Screen::Playing),
            ))
            .id();
        commands.entity(camera).add_child(piece);
    }
}

/// A solid slab with a trim strip along one edge (ground with frosting, a ledge with its rim).
fn dress_slab(commands: &mut Commands, entity: Entity, body: (Color, Vec2), trim: (Color, f32), trim_y: f32) {
    commands
        .entity(entity)
        .insert((Sprite::from_color(body.0, body.1), Visibility::default()))
        .with_child((Sprite::from_color(trim.0, Vec2::new(body.1.x, trim.1)), Transform::from_xyz(0.0, trim_y, 0.1)));
}

fn dress_ground(add: On<Add, Ground>, mut commands: Commands, ground: Query<&Ground>) {
    let Ok(ground) = ground.get(add.entity) else { return };
    let size = Vec2::new(ground.width, GROUND_DEPTH);
    dress_slab(&mut commands, add.entity, (palette::GROUND, size), (palette::FROSTING, 14.0), GROUND_DEPTH / 2.0 - 7.0);
}

fn dress_ledge(add: On<Add, Ledge>, mut commands: Commands, ledge: Query<&Ledge>) {
    let Ok(ledge) = ledge.get(add.entity) else { return };
    let size = Vec2::new(ledge.width, PLATFORM_THICKNESS);
    dress_slab(
        &mut commands,
        add.entity,
        (palette::LEDGE, size),
        (palette::LEDGE_EDGE, 4.0),
        -PLATFORM_THICKNESS / 2.0 + 2.0,
    );
}

/// A fork lying tines up: a row of rounded silver tines on a bar, with a shine on each.
fn dress_hazard(
    add: On<Add, Hazard>,
    mut commands: Commands,
    hazard: Query<&Hazard>,
    shapes: Res<Shapes>,
    scheme: Res<Scheme>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let Ok(hazard) = hazard.get(add.entity) else {
        return;
    };
    let width = hazard.half_size.x * 2.0;
    let tines = ((width / 12.0).round() as usize).max(2);
    let pitch = width / tines as f32;
    let steel = materials.add(scheme.fork);
    let shine = Color::srgb(0.85, 0.88, 0.92);
    let base = HAZARD_HEIGHT * 0.3;
    commands.entity(add.entity).insert(Visibility::default()).with_children(|parent| {
        parent.spawn((
            Sprite::from_color(scheme.fork, Vec2::new(width, base)),
            Transform::from_xyz(0.0, -HAZARD_HEIGHT / 2.0 + base / 2.0, 0.0),
        ));
        for i in 0..tines {
            let x = -width / 2.0 + pitch * (i as f32 + 0.5);
            let tine = (pitch * 0.45).max(3.0);
            let length = HAZARD_HEIGHT - tine / 2.0;
            parent.spawn((
                Sprite::from_color(scheme.fork, Vec2::new(tine, length)),
                Transform::from_xyz(x, -HAZARD_HEIGHT / 2.0 + length / 2.0, 0.0),
            ));
            parent.spawn(shape(
                &shapes.circle,
                steel.clone(),
                Vec3::new(x, HAZARD_HEIGHT / 2.0 - tine / 2.0, 0.0),
                Vec2::splat(tine / 2.0),
            ));
            parent.spawn((
                Sprite::from_color(shine, Vec2::new(1.5, length * 0.6)),
                Transform::from_xyz(x - tine * 0.2, -HAZARD_HEIGHT / 2.0 + length * 0.55, 0.1),
            ));
        }
    });
}

fn dress_runner(
    add: On<Add, RunnerPlayer>,
    mut commands: Commands,
    runner: Query<&RunnerPlayer>,
    shapes: Res<Shapes>,
    scheme: Res<Scheme>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let Ok(runner) = runner.get(add.entity) else {
        return;
    };
    let size = runner.size;
    let white = materials.add(palette::EYE);
    let pupil = materials.add(palette::PUPIL);
    // The body is a puppet under the physics body, so squash and stretch never touch physics.
    commands.entity(add.entity).insert(Visibility::default()).with_children(|body| {
        body.spawn((
            Puppet::new(Gait::Jumper, size.y / 2.0),
            Sprite::from_color(scheme.player, size),
            Transform::default(),
        ))
        .with_children(|parent| {
            for x in [2.0, 11.0] {
                parent.spawn(shape(&shapes.circle, white.clone(), Vec3::new(x, 8.0, 0.1), Vec2::splat(5.0)));
                parent.spawn(shape(&shapes.circle, pupil.clone(), Vec3::new(x + 1.5, 8.0, 0.2), Vec2::splat(2.5)));
            }
            parent.spawn(shape(
                &shapes.circle,
                materials.add(palette::PLAYER_CHEEK),
                Vec3::new(13.0, -2.0, 0.1),
                Vec2::splat(3.5),
            ));
            parent.spawn((
                Sprite::from_color(Color::WHITE, Vec2::new(size.x + 6.0, 8.0)),
                Transform::from_xyz(0.0, size.y / 2.0, 0.1),
            ));
            parent.spawn((
                Sprite::from_color(Color::WHITE, Vec2::new(size.x - 8.0, 14.0)),
                Transform::from_xyz(0.0, size.y / 2.0 + 10.0, 0.05),
            ));
        });
    });
}
