//! Dresses the game's entities for the screen: the camera, and shapes for ground, ledges,
//! hazards, food and the runner. Only the windowed game adds this plugin; the logic and the
//! headless tests never depend on it.

use bevy::camera::ScalingMode;
use bevy::prelude::*;
use seedfeast_procgen::FoodKind;

use crate::palette;
use crate::runner::RunnerPlayer;
use crate::runner::track::{
    FOOD_RADIUS, FoodItem, GROUND_DEPTH, Ground, HAZARD_HEIGHT, Hazard, Ledge, PLATFORM_THICKNESS,
};
use crate::state::Screen;

/// The height of the world the camera shows, whatever the window size.
pub const VIEW_HEIGHT: f32 = 720.0;
/// The runner stays this far left of the screen's centre, to show what is coming.
const LOOK_AHEAD: f32 = 330.0;
/// The ground sits this far below the screen's centre.
const CAMERA_Y: f32 = 200.0;

/// Meshes shared by every dressed entity (sizes come from each entity's Transform scale).
#[derive(Resource)]
pub(crate) struct Shapes {
    pub circle: Handle<Mesh>,
    pub triangle: Handle<Mesh>,
    pub ring: Handle<Mesh>,
}

pub struct VisualsPlugin;

impl Plugin for VisualsPlugin {
    fn build(&self, app: &mut App) {
        app.insert_resource(ClearColor(palette::SKY))
            .add_systems(Startup, spawn_camera)
            .add_systems(OnEnter(Screen::Playing), spawn_backdrop)
            .add_systems(PostUpdate, follow_runner.before(TransformSystems::Propagate))
            .add_observer(dress_ground)
            .add_observer(dress_ledge)
            .add_observer(dress_hazard)
            .add_observer(dress_food)
            .add_observer(dress_runner)
            .add_plugins((
                crate::maze::visuals::MazeVisualsPlugin,
                crate::arena::visuals::ArenaVisualsPlugin,
                crate::tunnel::visuals::TunnelVisualsPlugin,
            ));
    }

    fn finish(&self, app: &mut App) {
        // After every plugin's build, so the mesh assets exist, and before anything is dressed.
        let mut meshes = app.world_mut().resource_mut::<Assets<Mesh>>();
        let shapes = Shapes {
            circle: meshes.add(Circle::new(1.0)),
            triangle: meshes.add(Triangle2d::new(Vec2::new(-0.5, 0.0), Vec2::new(0.5, 0.0), Vec2::new(0.0, 1.0))),
            ring: meshes.add(Annulus::new(0.42, 1.0)),
        };
        app.insert_resource(shapes);
    }
}

fn spawn_camera(mut commands: Commands) {
    commands.spawn((
        Camera2d,
        Projection::Orthographic(OrthographicProjection {
            scaling_mode: ScalingMode::FixedVertical { viewport_height: VIEW_HEIGHT },
            ..OrthographicProjection::default_2d()
        }),
        Transform::from_xyz(0.0, CAMERA_Y, 100.0),
    ));
}

/// The 2D camera, apart from anything it follows.
pub(crate) type CameraQuery<'w, 's, Other> =
    Query<'w, 's, (&'static mut Transform, &'static mut Projection), (With<Camera2d>, Without<Other>)>;

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
    session: Res<crate::session::Session>,
) {
    let Ok(camera) = camera.single() else { return };
    if session.mode != crate::session::Mode::Runner {
        return;
    }
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

pub(crate) fn shape(mesh: &Handle<Mesh>, material: Handle<ColorMaterial>, at: Vec3, scale: Vec2) -> impl Bundle {
    (Mesh2d(mesh.clone()), MeshMaterial2d(material), Transform::from_translation(at).with_scale(scale.extend(1.0)))
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

/// The chef seen from above (maze and arena): a teal square with two eyes and a hat brim.
pub(crate) fn dress_chef(
    commands: &mut Commands,
    entity: Entity,
    size: Vec2,
    shapes: &Shapes,
    materials: &mut Assets<ColorMaterial>,
) {
    let white = materials.add(palette::EYE);
    let pupil = materials.add(palette::PUPIL);
    let eye_y = size.y * 0.12;
    commands.entity(entity).insert((Sprite::from_color(palette::PLAYER, size), Visibility::default())).with_children(
        |parent| {
            for x in [-5.0, 6.0] {
                parent.spawn(shape(&shapes.circle, white.clone(), Vec3::new(x, eye_y, 0.1), Vec2::splat(4.5)));
                parent.spawn(shape(&shapes.circle, pupil.clone(), Vec3::new(x + 1.0, eye_y, 0.2), Vec2::splat(2.2)));
            }
            parent.spawn((
                Sprite::from_color(Color::WHITE, Vec2::new(size.x + 4.0, 6.0)),
                Transform::from_xyz(0.0, size.y / 2.0, 0.1),
            ));
        },
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

fn dress_food(
    add: On<Add, FoodItem>,
    mut commands: Commands,
    food: Query<&FoodItem>,
    shapes: Res<Shapes>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let Ok(item) = food.get(add.entity) else {
        return;
    };
    let main = materials.add(palette::food(item.kind));
    let r = FOOD_RADIUS;
    commands.entity(add.entity).insert(Visibility::default()).with_children(|parent| match item.kind {
        FoodKind::Apple => {
            parent.spawn(shape(&shapes.circle, main, Vec3::ZERO, Vec2::splat(r)));
            parent.spawn(shape(
                &shapes.circle,
                materials.add(Color::srgb(0.3, 0.65, 0.2)),
                Vec3::new(4.0, r - 1.0, 0.1),
                Vec2::new(5.0, 3.0),
            ));
            parent.spawn((Sprite::from_color(palette::GROUND, Vec2::new(2.0, 6.0)), Transform::from_xyz(0.0, r, 0.05)));
        }
        FoodKind::Cherry => {
            parent.spawn(shape(&shapes.circle, main.clone(), Vec3::new(-5.0, -4.0, 0.0), Vec2::splat(r * 0.6)));
            parent.spawn(shape(&shapes.circle, main, Vec3::new(6.0, -2.0, 0.0), Vec2::splat(r * 0.6)));
            parent.spawn((
                Sprite::from_color(Color::srgb(0.3, 0.55, 0.2), Vec2::new(2.0, 14.0)),
                Transform::from_xyz(1.0, 6.0, -0.1),
            ));
        }
        FoodKind::Donut => {
            parent.spawn(shape(&shapes.ring, materials.add(Color::srgb(0.82, 0.6, 0.36)), Vec3::ZERO, Vec2::splat(r)));
            parent.spawn(shape(&shapes.ring, main, Vec3::new(0.0, 1.0, 0.1), Vec2::splat(r * 0.9)));
        }
        FoodKind::Pizza => {
            parent.spawn(shape(&shapes.triangle, main, Vec3::new(0.0, r, 0.0), Vec2::new(2.0 * r, -2.0 * r)));
            parent.spawn((
                Sprite::from_color(Color::srgb(0.85, 0.55, 0.25), Vec2::new(2.0 * r, 5.0)),
                Transform::from_xyz(0.0, r - 2.0, 0.1),
            ));
            let pepperoni = materials.add(Color::srgb(0.8, 0.2, 0.15));
            for at in [Vec3::new(-3.0, 5.0, 0.2), Vec3::new(3.0, -2.0, 0.2)] {
                parent.spawn(shape(&shapes.circle, pepperoni.clone(), at, Vec2::splat(3.0)));
            }
        }
        FoodKind::Cake => {
            parent.spawn((
                Sprite::from_color(palette::food(FoodKind::Cake), Vec2::new(2.0 * r, 1.4 * r)),
                Transform::from_xyz(0.0, -3.0, 0.0),
            ));
            parent.spawn((
                Sprite::from_color(palette::FROSTING, Vec2::new(2.0 * r, 6.0)),
                Transform::from_xyz(0.0, 0.7 * r - 3.0, 0.1),
            ));
            parent.spawn(shape(
                &shapes.circle,
                materials.add(Color::srgb(0.85, 0.1, 0.2)),
                Vec3::new(0.0, 0.7 * r + 4.0, 0.2),
                Vec2::splat(4.0),
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
