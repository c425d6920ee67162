//! Arena on screen: the noise-tinted floor, food, hot pans and the player. Windowed game only.

use bevy::prelude::*;
use seedfeast_procgen::arena::ItemKind;

use crate::food::FoodItem;
use crate::modes::arena::{ArenaPiece, ArenaPlayer, ArenaRun, PLAYER_RADIUS, WavePiece, to_world};
use crate::visuals::{Shapes, dress_chef, shape};

/// The floor tiles, drawn once a run (the tint belongs to the run, not the wave).
#[derive(Component)]
struct FloorTile;

/// Adds the Arena's visuals (the table of modes calls it for the windowed game).
pub fn add(app: &mut App) {
    app.add_systems(PostUpdate, (frame_arena, paint_floor).before(TransformSystems::Propagate))
        .add_observer(dress_piece)
        .add_observer(dress_player);
}

fn frame_arena(run: Option<Res<ArenaRun>>, mut camera: Query<(&mut Transform, &mut Projection), With<Camera2d>>) {
    let (Some(run), Ok((mut transform, mut projection))) = (run, camera.single_mut()) else { return };
    let Projection::Orthographic(ortho) = &mut *projection else { return };
    ortho.scale = (run.wave.height / (crate::visuals::VIEW_HEIGHT - 120.0)).max(run.wave.width / 1220.0).max(1.0);
    transform.translation.x = 0.0;
    transform.translation.y = 40.0 * ortho.scale;
}

/// Tints the floor from the wave's elevation and moisture fields: drier and higher is warmer.
fn paint_floor(mut commands: Commands, run: Option<Res<ArenaRun>>, tiles: Query<(), With<FloorTile>>) {
    let Some(run) = run else { return };
    if !tiles.is_empty() {
        return;
    }
    let wave = &run.wave;
    let tint = &wave.tint;
    let (cw, ch) = (wave.width / tint.cols.max(1) as f32, wave.height / tint.rows.max(1) as f32);
    for row in 0..tint.rows {
        for col in 0..tint.cols {
            let (elevation, moisture) = (tint.elevation[row * tint.cols + col], tint.moisture[row * tint.cols + col]);
            let colour = Color::srgb(0.93 + 0.05 * elevation, 0.82 + 0.08 * moisture, 0.66 + 0.1 * moisture);
            let centre = to_world(wave, (col as f32 + 0.5) * cw, (row as f32 + 0.5) * ch);
            commands.spawn((
                FloorTile,
                DespawnOnExit(crate::state::Screen::Playing),
                Sprite::from_color(colour, Vec2::new(cw + 0.5, ch + 0.5)),
                Transform::from_translation(centre.extend(-1.0)),
            ));
        }
    }
}

fn dress_piece(
    add: On<Add, ArenaPiece>,
    mut commands: Commands,
    pieces: Query<&ArenaPiece, With<WavePiece>>,
    shapes: Res<Shapes>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let Ok(piece) = pieces.get(add.entity) else { return };
    match piece.kind {
        // Food looks as it does in the Runner.
        ItemKind::Food(kind) => {
            commands.entity(add.entity).insert(FoodItem { kind, points: 0 });
        }
        ItemKind::Hazard => {
            let pan = materials.add(Color::srgb(0.25, 0.25, 0.28));
            let glow = materials.add(Color::srgb(0.95, 0.35, 0.15));
            commands.entity(add.entity).insert(Visibility::default()).with_children(|parent| {
                parent.spawn(shape(&shapes.circle, pan, Vec3::ZERO, Vec2::splat(18.0)));
                parent.spawn(shape(&shapes.ring, glow, Vec3::new(0.0, 0.0, 0.1), Vec2::splat(12.0)));
                parent.spawn((
                    Sprite::from_color(Color::srgb(0.25, 0.25, 0.28), Vec2::new(18.0, 5.0)),
                    Transform::from_xyz(24.0, 0.0, -0.1),
                ));
            });
        }
    }
}

fn dress_player(
    add: On<Add, ArenaPlayer>,
    mut commands: Commands,
    shapes: Res<Shapes>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    dress_chef(&mut commands, add.entity, Vec2::splat(PLAYER_RADIUS * 2.0), &shapes, &mut materials);
}
