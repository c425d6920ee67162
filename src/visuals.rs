//! Dresses the game's shared entities for the screen: the camera, the shapes every mode draws
//! with, food and the chef. Each mode dresses its own things in its `visuals` module. Only the
//! windowed game adds these plugins; the logic and the headless tests never depend on them.

use bevy::camera::ScalingMode;
use bevy::prelude::*;
use seedfeast_procgen::FoodKind;

use crate::feel::puppet::{Gait, Puppet};
use crate::food::{FOOD_RADIUS, FoodItem};
use crate::palette::{self, Scheme};
use crate::save::Save;
use crate::state::Screen;

/// The height of the world the camera shows, whatever the window size.
pub(crate) const VIEW_HEIGHT: f32 = 720.0;
/// Where the camera starts: the Runner's view of the ground (each mode moves it).
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
            .init_resource::<Scheme>()
            .add_systems(Startup, spawn_camera)
            .add_systems(PreUpdate, read_scheme)
            .add_observer(dress_food);
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

/// The colour scheme follows the Colours setting (issue #29), in `PreUpdate`, before the state
/// transitions that spawn a run's pieces, which read the scheme as they spawn. Never during a
/// run: a save merged mid-run (another window's Settings, an M or F11 here) must not give the
/// pieces spawned later (a Runner's chunks, a tunnel's gates) other colours than the first ones;
/// the change comes with the next run.
fn read_scheme(save: Option<Res<Save>>, screen: Option<Res<State<Screen>>>, mut scheme: ResMut<Scheme>) {
    let Some(save) = save else { return };
    if screen.is_some_and(|screen| *screen.get() == Screen::Playing) {
        return;
    }
    let wanted = Scheme::of(save.settings().colours());
    if *scheme != wanted {
        *scheme = wanted;
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

pub fn shape(mesh: &Handle<Mesh>, material: Handle<ColorMaterial>, at: Vec3, scale: Vec2) -> impl Bundle {
    (Mesh2d(mesh.clone()), MeshMaterial2d(material), Transform::from_translation(at).with_scale(scale.extend(1.0)))
}

/// The chef seen from above (maze, arena, dungeon, puzzle): a square in the scheme's `player`
/// colour (teal, or blue when colour-safe) with two eyes and a hat brim, drawn as a walking puppet
/// under the entity the game moves.
pub(crate) fn dress_chef(
    commands: &mut Commands,
    entity: Entity,
    size: Vec2,
    colour: Color,
    shapes: &Shapes,
    materials: &mut Assets<ColorMaterial>,
) {
    let white = materials.add(palette::EYE);
    let pupil = materials.add(palette::PUPIL);
    let eye_y = size.y * 0.12;
    let puppet = (Puppet::new(Gait::Walker, size.y / 2.0), Sprite::from_color(colour, size), Transform::default());
    commands.entity(entity).insert(Visibility::default()).with_children(|body| {
        body.spawn(puppet).with_children(|parent| {
            for x in [-5.0, 6.0] {
                parent.spawn(shape(&shapes.circle, white.clone(), Vec3::new(x, eye_y, 0.1), Vec2::splat(4.5)));
                parent.spawn(shape(&shapes.circle, pupil.clone(), Vec3::new(x + 1.0, eye_y, 0.2), Vec2::splat(2.2)));
            }
            parent.spawn((
                Sprite::from_color(Color::WHITE, Vec2::new(size.x + 4.0, 6.0)),
                Transform::from_xyz(0.0, size.y / 2.0, 0.1),
            ));
        });
    });
}

fn dress_food(
    add: On<Add, FoodItem>,
    mut commands: Commands,
    food: Query<&FoodItem>,
    shapes: Res<Shapes>,
    scheme: Res<Scheme>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let Ok(item) = food.get(add.entity) else {
        return;
    };
    let main = materials.add(scheme.food(item.kind));
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
                Sprite::from_color(scheme.cake, Vec2::new(2.0 * r, 1.4 * r)),
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
