//! Maze chase on screen: frame the whole floor (zooming out for big ones) and dress walls,
//! crumbs, stars, the chilli, the pots and the player. The pot on the hunt frowns and steams; the
//! pots waiting their turn are faded and calm; the pots hop as they go. The walls' boards and the
//! floor's tiles are one picture a floor ([`picture`]), varied by the level's seed ([`Decor`]:
//! nothing the game reads). Only the windowed game adds this.

use bevy::prelude::*;

use crate::feel::FxRng;
use crate::feel::decor::Decor;
use crate::feel::parallax::CameraMoves;
use crate::feel::particles::{Burst, Particle, throw};
use crate::feel::puppet::{Gait, Puppet};
use crate::feel::reactions::camera_scale;
use crate::modes::maze::picture;
use crate::modes::maze::pursuers::Pursuer;
use crate::modes::maze::{CELL, FloorPiece, MazePlayer, MazeRun, Pickup, to_world};
use crate::palette::{self, Scheme};
use crate::state::Screen;
use crate::visuals::{Shapes, VIEW_HEIGHT, dress_chef, shape};

/// Adds the Maze chase's visuals (the table of modes calls it for the windowed game).
pub fn add(app: &mut App) {
    app.add_systems(PostUpdate, frame_maze.in_set(CameraMoves))
        .add_systems(PostUpdate, tint_pursuers.before(TransformSystems::Propagate))
        .add_systems(Update, (steam_from_hunters, paint_floor).run_if(resource_exists::<MazeRun>))
        .add_observer(dress_pickup)
        .add_observer(dress_pursuer)
        .add_observer(dress_maze_player);
}

fn frame_maze(run: Option<Res<MazeRun>>, mut camera: Query<(&mut Transform, &mut Projection), With<Camera2d>>) {
    let Ok((mut transform, mut projection)) = camera.single_mut() else { return };
    let Projection::Orthographic(ortho) = &mut *projection else { return };
    let Some(run) = run else { return };
    let grid = &run.floor.grid;
    let (width, height) = (grid.width as f32 * CELL, grid.height as f32 * CELL);
    // Leave room for the HUD along the top.
    ortho.scale = (height / (VIEW_HEIGHT - 140.0)).max(width / (VIEW_HEIGHT * 16.0 / 9.0 - 60.0)).max(1.0);
    let centre = to_world((grid.width as f32 - 1.0) / 2.0, (grid.height as f32 - 1.0) / 2.0);
    transform.translation.x = centre.x;
    transform.translation.y = centre.y + 40.0 * ortho.scale;
}

/// The decoration numbers of the floor being played: the level's seed and the floor's number.
fn floor_decor(session: &crate::session::Session, run: &MazeRun) -> Decor {
    Decor::new(session.seed.0, run.floor.floor)
}

/// Paints each new floor (walls and tiles) as one picture under everything on it.
fn paint_floor(
    mut commands: Commands,
    session: Res<crate::session::Session>,
    run: Res<MazeRun>,
    players: Query<(), Added<MazePlayer>>,
    mut images: ResMut<Assets<Image>>,
) {
    if players.is_empty() {
        return;
    }
    let grid = &run.floor.grid;
    let image = images.add(picture::image(grid, &floor_decor(&session, &run)));
    let (width, height) = (grid.width as f32 * CELL, grid.height as f32 * CELL);
    let centre = to_world((grid.width as f32 - 1.0) / 2.0, (grid.height as f32 - 1.0) / 2.0);
    commands.spawn((
        FloorPiece,
        DespawnOnExit(Screen::Playing),
        Sprite { image, custom_size: Some(Vec2::new(width, height)), ..default() },
        Transform::from_translation(centre.extend(-1.0)),
    ));
}

fn dress_pickup(
    add: On<Add, Pickup>,
    mut commands: Commands,
    pickups: Query<&Pickup>,
    shapes: Res<Shapes>,
    scheme: Res<Scheme>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let Ok(pickup) = pickups.get(add.entity) else { return };
    commands.entity(add.entity).insert(Visibility::default()).with_children(|parent| match pickup {
        Pickup::Token => {
            parent.spawn(shape(&shapes.circle, materials.add(scheme.crumb), Vec3::ZERO, Vec2::splat(CELL * 0.12)));
        }
        Pickup::Star => {
            let gold = materials.add(Color::srgb(1.0, 0.78, 0.15));
            parent.spawn(shape(
                &shapes.triangle,
                gold.clone(),
                Vec3::new(0.0, -CELL * 0.2, 0.0),
                Vec2::splat(CELL * 0.6),
            ));
            parent.spawn(shape(
                &shapes.triangle,
                gold,
                Vec3::new(0.0, CELL * 0.25, 0.1),
                Vec2::new(CELL * 0.6, -CELL * 0.6),
            ));
        }
        Pickup::PowerUp => {
            let chilli = materials.add(Color::srgb(0.85, 0.1, 0.1));
            parent.spawn(shape(&shapes.circle, chilli.clone(), Vec3::new(-4.0, 2.0, 0.0), Vec2::splat(CELL * 0.22)));
            parent.spawn(shape(&shapes.circle, chilli, Vec3::new(4.0, -4.0, 0.0), Vec2::splat(CELL * 0.18)));
            parent.spawn((
                Sprite::from_color(Color::srgb(0.3, 0.6, 0.2), Vec2::new(4.0, 10.0)),
                Transform::from_xyz(-8.0, 10.0, 0.1),
            ));
        }
    });
}

/// A pot in the scheme's colours (`Scheme::pot`, `pot_waiting`, `pot_scared`): `tint_pursuers`
/// recolours its body each frame; the lid keeps the hunting colour.
fn dress_pursuer(
    add: On<Add, Pursuer>,
    mut commands: Commands,
    shapes: Res<Shapes>,
    scheme: Res<Scheme>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let white = materials.add(palette::EYE);
    let pupil = materials.add(palette::PUPIL);
    let size = CELL * 0.8;
    // The drawn pot is a hopping puppet under the entity the game moves.
    let body =
        (PotBody, Puppet::new(Gait::Hopper, size * 0.4), Sprite::from_color(scheme.pot, Vec2::new(size, size * 0.8)));
    commands.entity(add.entity).insert(Visibility::default()).with_children(|pot| {
        pot.spawn((body, Transform::default(), Visibility::default())).with_children(|parent| {
            parent.spawn((
                Sprite::from_color(scheme.pot, Vec2::new(size * 1.3, 5.0)),
                Transform::from_xyz(0.0, size * 0.4, 0.05),
            ));
            for x in [-6.0, 6.0] {
                parent.spawn(shape(&shapes.circle, white.clone(), Vec3::new(x, 3.0, 0.1), Vec2::splat(5.0)));
                parent.spawn(shape(&shapes.circle, pupil.clone(), Vec3::new(x, 2.0, 0.2), Vec2::splat(2.5)));
                // A frown, shown only while this pot hunts.
                parent.spawn((
                    Brow,
                    Sprite::from_color(palette::PUPIL, Vec2::new(7.0, 2.5)),
                    Transform::from_xyz(x, 9.0, 0.3).with_rotation(Quat::from_rotation_z(if x < 0.0 {
                        -0.45
                    } else {
                        0.45
                    })),
                    Visibility::Hidden,
                ));
            }
        });
    });
}

/// A pot's drawn body (its colour tells hunting, waiting and scared apart).
#[derive(Component)]
struct PotBody;

/// A hunting pot's frown.
#[derive(Component)]
struct Brow;

/// Grey enough to show on the pale floor.
const STEAM: &[Color] = &[Color::srgba(0.55, 0.55, 0.6, 0.6), Color::srgba(0.7, 0.7, 0.75, 0.5)];

/// The hunting pot lets off steam, a puff every few frames.
fn steam_from_hunters(
    mut commands: Commands,
    time: Res<Time>,
    mut since: Local<f32>,
    run: Res<MazeRun>,
    pots: Query<(&Pursuer, &GlobalTransform)>,
    camera: Query<&Projection, With<Camera2d>>,
    particles: Query<(), With<Particle>>,
    mut rng: ResMut<FxRng>,
) {
    *since += time.delta_secs();
    if *since < 0.15 || run.frightened > 0.0 {
        return;
    }
    *since = 0.0;
    let scale = camera_scale(&camera);
    for (pot, at) in &pots {
        if pot.hunting {
            let at = at.translation().truncate() + Vec2::new(0.0, CELL * 0.4);
            let puff = Burst {
                at,
                count: 1,
                colours: STEAM,
                speed: (30.0, 60.0),
                spread: 0.4,
                gravity: -20.0,
                size: 6.0,
                life: 0.7,
            };
            throw(&mut commands, &mut rng, &puff, scale, particles.iter().len());
        }
    }
}

fn tint_pursuers(
    run: Option<Res<MazeRun>>,
    pots: Query<&Pursuer>,
    mut bodies: Query<(&ChildOf, &mut Sprite, &Children), With<PotBody>>,
    mut brows: Query<&mut Visibility, With<Brow>>,
    scheme: Res<Scheme>,
) {
    let Some(run) = run else { return };
    // Blink back to normal in the last second, as a warning.
    let scared = run.frightened > 1.0 || (run.frightened > 0.0 && ((run.frightened * 8.0) as u32).is_multiple_of(2));
    for (child_of, mut sprite, children) in &mut bodies {
        let Ok(pot) = pots.get(child_of.parent()) else { continue };
        for child in children {
            if let Ok(mut visibility) = brows.get_mut(*child) {
                visibility.set_if_neq(if pot.hunting && !scared { Visibility::Inherited } else { Visibility::Hidden });
            }
        }
        sprite.color = if scared {
            scheme.pot_scared
        } else if pot.hunting {
            scheme.pot
        } else {
            scheme.pot_waiting()
        };
    }
}

fn dress_maze_player(
    add: On<Add, MazePlayer>,
    mut commands: Commands,
    shapes: Res<Shapes>,
    scheme: Res<Scheme>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    dress_chef(&mut commands, add.entity, Vec2::splat(CELL * 0.7), scheme.player, &shapes, &mut materials);
}
