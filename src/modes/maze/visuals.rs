//! Maze chase on screen: frame the whole floor (zooming out for big ones) and dress walls,
//! crumbs, stars, the chilli, the pots and the player. Only the windowed game adds this.

use bevy::prelude::*;

use crate::modes::maze::pursuers::Pursuer;
use crate::modes::maze::{CELL, MazePlayer, MazeRun, MazeWall, Pickup, to_world};
use crate::palette;
use crate::visuals::{Shapes, VIEW_HEIGHT, dress_chef, shape};

/// Adds the Maze chase's visuals (the table of modes calls it for the windowed game).
pub fn add(app: &mut App) {
    app.add_systems(PostUpdate, (frame_maze, tint_pursuers).before(TransformSystems::Propagate))
        .add_observer(dress_wall)
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

fn dress_wall(add: On<Add, MazeWall>, mut commands: Commands) {
    commands
        .entity(add.entity)
        .insert((Sprite::from_color(palette::GROUND, Vec2::splat(CELL)), Visibility::default()))
        .with_child((
            Sprite::from_color(palette::LEDGE_EDGE, Vec2::new(CELL, 6.0)),
            Transform::from_xyz(0.0, CELL / 2.0 - 3.0, 0.1),
        ));
}

fn dress_pickup(
    add: On<Add, Pickup>,
    mut commands: Commands,
    pickups: Query<&Pickup>,
    shapes: Res<Shapes>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let Ok(pickup) = pickups.get(add.entity) else { return };
    commands.entity(add.entity).insert(Visibility::default()).with_children(|parent| match pickup {
        Pickup::Token => {
            parent.spawn(shape(&shapes.circle, materials.add(palette::LEDGE), Vec3::ZERO, Vec2::splat(CELL * 0.12)));
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

const POT: Color = Color::srgb(0.35, 0.36, 0.42);
const POT_SCARED: Color = Color::srgb(0.45, 0.6, 0.95);
/// A pot waiting for its turn at the hunt: faded, since it catches no one.
const POT_OFF_TURN: Color = Color::srgba(0.35, 0.36, 0.42, 0.4);

fn dress_pursuer(
    add: On<Add, Pursuer>,
    mut commands: Commands,
    shapes: Res<Shapes>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let white = materials.add(palette::EYE);
    let pupil = materials.add(palette::PUPIL);
    let size = CELL * 0.8;
    commands
        .entity(add.entity)
        .insert((Sprite::from_color(POT, Vec2::new(size, size * 0.8)), Visibility::default()))
        .with_children(|parent| {
            parent.spawn((
                Sprite::from_color(POT, Vec2::new(size * 1.3, 5.0)),
                Transform::from_xyz(0.0, size * 0.4, 0.05),
            ));
            for x in [-6.0, 6.0] {
                parent.spawn(shape(&shapes.circle, white.clone(), Vec3::new(x, 3.0, 0.1), Vec2::splat(5.0)));
                parent.spawn(shape(&shapes.circle, pupil.clone(), Vec3::new(x, 2.0, 0.2), Vec2::splat(2.5)));
            }
        });
}

fn tint_pursuers(run: Option<Res<MazeRun>>, mut pots: Query<(&Pursuer, &mut Sprite)>) {
    let Some(run) = run else { return };
    // Blink back to normal in the last second, as a warning.
    let scared = run.frightened > 1.0 || (run.frightened > 0.0 && ((run.frightened * 8.0) as u32).is_multiple_of(2));
    for (pot, mut sprite) in &mut pots {
        sprite.color = if scared {
            POT_SCARED
        } else if pot.hunting {
            POT
        } else {
            POT_OFF_TURN
        };
    }
}

fn dress_maze_player(
    add: On<Add, MazePlayer>,
    mut commands: Commands,
    shapes: Res<Shapes>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    dress_chef(&mut commands, add.entity, Vec2::splat(CELL * 0.7), &shapes, &mut materials);
}
