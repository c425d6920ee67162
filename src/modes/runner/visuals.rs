//! The Runner on screen: the ground with its frosting, ledges, fork tines, the runner and soft
//! hills far behind; the camera runs ahead of the runner. Windowed game only.

use bevy::prelude::*;

use crate::modes::runner::RunnerPlayer;
use crate::modes::runner::track::{GROUND_DEPTH, Ground, HAZARD_HEIGHT, Hazard, Ledge, PLATFORM_THICKNESS};
use crate::palette;
use crate::state::Screen;
use crate::visuals::{CameraQuery, Shapes, shape};

/// The runner stays this far left of the screen's centre, to show what is coming.
const LOOK_AHEAD: f32 = 330.0;
/// The ground sits this far below the screen's centre.
const CAMERA_Y: f32 = 200.0;

/// Adds the Runner's visuals (the table of modes calls it for the windowed game).
pub fn add(app: &mut App) {
    app.add_systems(OnEnter(Screen::Playing), spawn_backdrop.run_if(crate::session::playing(&super::MODE)))
        .add_systems(PostUpdate, follow_runner.before(TransformSystems::Propagate))
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

/// Soft hills far away, fixed to the camera so they read as a distant backdrop.
fn spawn_backdrop(
    mut commands: Commands,
    shapes: Res<Shapes>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    camera: Query<Entity, With<Camera2d>>,
) {
    let Ok(camera) = camera.single() else { return };
    let hill = materials.add(palette::SKY_FAR);
    for (x, radius) in [(-560.0, 260.0), (-120.0, 330.0), (380.0, 280.0), (760.0, 240.0)] {
        let backdrop = commands
            .spawn((
                Mesh2d(shapes.circle.clone()),
                MeshMaterial2d(hill.clone()),
                Transform::from_xyz(x, -CAMERA_Y - 60.0, -150.0).with_scale(Vec3::splat(radius)),
                DespawnOnExit(Screen::Playing),
            ))
            .id();
        commands.entity(camera).add_child(backdrop);
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

/// A row of fork tines.
fn dress_hazard(
    add: On<Add, Hazard>,
    mut commands: Commands,
    hazard: Query<&Hazard>,
    shapes: Res<Shapes>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let Ok(hazard) = hazard.get(add.entity) else {
        return;
    };
    let width = hazard.half_size.x * 2.0;
    let tines = ((width / 12.0).round() as usize).max(2);
    let tine = width / tines as f32;
    let steel = materials.add(palette::HAZARD);
    commands.entity(add.entity).insert(Visibility::default()).with_children(|parent| {
        for i in 0..tines {
            let x = -width / 2.0 + tine * (i as f32 + 0.5);
            parent.spawn(shape(
                &shapes.triangle,
                steel.clone(),
                Vec3::new(x, -HAZARD_HEIGHT / 2.0, 0.0),
                Vec2::new(tine, HAZARD_HEIGHT),
            ));
        }
    });
}

fn dress_runner(
    add: On<Add, RunnerPlayer>,
    mut commands: Commands,
    runner: Query<&RunnerPlayer>,
    shapes: Res<Shapes>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let Ok(runner) = runner.get(add.entity) else {
        return;
    };
    let size = runner.size;
    let white = materials.add(palette::EYE);
    let pupil = materials.add(palette::PUPIL);
    commands
        .entity(add.entity)
        .insert((Sprite::from_color(palette::PLAYER, size), Visibility::default()))
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
}
