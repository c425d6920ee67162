//! Arena on screen: a picnic blanket (gingham over the wave's noise tint) on a wooden table, food,
//! hot pans that glow, pulse and steam, and the player. Windowed game only.

use bevy::prelude::*;
use seedfeast_procgen::arena::ItemKind;

use crate::data::GameData;
use crate::feel::FxRng;
use crate::feel::parallax::CameraMoves;
use crate::feel::particles::{Burst, Particle, throw};
use crate::feel::reactions::camera_scale;
use crate::food::FoodItem;
use crate::modes::arena::{ArenaPiece, ArenaPlayer, ArenaRun, WavePiece, to_world};
use crate::palette::Scheme;
use crate::visuals::{Shapes, dress_chef, shape};

/// The floor tiles, drawn once a run (the tint belongs to the run, not the wave).
#[derive(Component)]
struct FloorTile;

/// Adds the Arena's visuals (the table of modes calls it for the windowed game).
pub fn add(app: &mut App) {
    app.add_systems(PostUpdate, frame_arena.in_set(CameraMoves))
        .add_systems(PostUpdate, paint_floor.before(TransformSystems::Propagate))
        .add_systems(Update, sizzle)
        .add_observer(dress_piece)
        .add_observer(dress_player);
    super::threat_visuals::add(app);
}

fn frame_arena(run: Option<Res<ArenaRun>>, mut camera: Query<(&mut Transform, &mut Projection), With<Camera2d>>) {
    let (Some(run), Ok((mut transform, mut projection))) = (run, camera.single_mut()) else { return };
    let Projection::Orthographic(ortho) = &mut *projection else { return };
    ortho.scale = (run.wave.height / (crate::visuals::VIEW_HEIGHT - 120.0)).max(run.wave.width / 1220.0).max(1.0);
    transform.translation.x = 0.0;
    transform.translation.y = 40.0 * ortho.scale;
}

/// Paints the floor once a run (the tint belongs to the run, not the wave) as one picture: the
/// wave's elevation and moisture fields (drier and higher is warmer) under gingham, red bands
/// across and down, darker where they cross. One image rather than a sprite per square: the
/// 48 × 27 tint cells and the gingham were 1,700 sprites, a sixth of a software-rendered frame.
fn paint_floor(
    mut commands: Commands,
    run: Option<Res<ArenaRun>>,
    tiles: Query<(), With<FloorTile>>,
    mut images: ResMut<Assets<Image>>,
) {
    let Some(run) = run else { return };
    if !tiles.is_empty() {
        return;
    }
    let wave = &run.wave;
    let image = images.add(floor_image(wave));
    commands.spawn((
        FloorTile,
        DespawnOnExit(crate::state::Screen::Playing),
        Sprite { image, custom_size: Some(Vec2::new(wave.width, wave.height)), ..default() },
        Transform::from_translation(to_world(wave, wave.width / 2.0, wave.height / 2.0).extend(-1.0)),
    ));
    // The table's wooden edge round the blanket.
    let edge = 16.0;
    for (centre, size) in [
        (Vec2::new(0.0, wave.height / 2.0 + edge / 2.0), Vec2::new(wave.width + 2.0 * edge, edge)),
        (Vec2::new(0.0, -wave.height / 2.0 - edge / 2.0), Vec2::new(wave.width + 2.0 * edge, edge)),
        (Vec2::new(wave.width / 2.0 + edge / 2.0, 0.0), Vec2::new(edge, wave.height)),
        (Vec2::new(-wave.width / 2.0 - edge / 2.0, 0.0), Vec2::new(edge, wave.height)),
    ] {
        commands.spawn((
            FloorTile,
            DespawnOnExit(crate::state::Screen::Playing),
            Sprite::from_color(crate::palette::LEDGE_EDGE, size),
            Transform::from_translation(centre.extend(-0.8)),
        ));
    }
}

/// World units a pixel of the floor's picture covers.
const FLOOR_PIXEL: f32 = 5.0;

/// The floor's picture, top row first, sampled nearest so the squares stay crisp.
fn floor_image(wave: &seedfeast_procgen::arena::ArenaWave) -> Image {
    use bevy::asset::RenderAssetUsages;
    use bevy::image::ImageSampler;
    let tint = &wave.tint;
    let (cols, rows) = (tint.cols.max(1), tint.rows.max(1));
    let width = ((wave.width / FLOOR_PIXEL).ceil() as u32).clamp(1, 1024);
    let height = ((wave.height / FLOOR_PIXEL).ceil() as u32).clamp(1, 1024);
    let mut rgba = Vec::with_capacity((width * height * 4) as usize);
    for py in 0..height {
        // Arena coordinates run up from the bottom edge; the picture's rows down from the top.
        let y = wave.height * (1.0 - (py as f32 + 0.5) / height as f32);
        for px in 0..width {
            let x = wave.width * (px as f32 + 0.5) / width as f32;
            let col = ((x / wave.width * cols as f32) as usize).min(cols - 1);
            let row = ((y / wave.height * rows as f32) as usize).min(rows - 1);
            let at = row * tint.cols + col;
            let (elevation, moisture) =
                (tint.elevation.get(at).copied().unwrap_or(0.5), tint.moisture.get(at).copied().unwrap_or(0.5));
            let base = [0.93 + 0.05 * elevation, 0.82 + 0.08 * moisture, 0.66 + 0.1 * moisture];
            let bands =
                u8::from(((x / GINGHAM) as u32).is_multiple_of(2)) + u8::from(((y / GINGHAM) as u32).is_multiple_of(2));
            let a = 0.07 * f32::from(bands);
            let red = [0.85, 0.25, 0.2];
            for channel in 0..3 {
                let value = base[channel] * (1.0 - a) + red[channel] * a;
                // The colours are sRGB already, as the sprites' were; the texture stores them so.
                rgba.push((value.clamp(0.0, 1.0) * 255.0).round() as u8);
            }
            rgba.push(255);
        }
    }
    crate::pixels::rgba_image(width, height, rgba, ImageSampler::nearest(), RenderAssetUsages::default())
}

/// The gingham's squares, in world units.
const GINGHAM: f32 = 40.0;

/// A pan's hot ring: it pulses, and the pan steams now and then (moving pans' too).
#[derive(Component)]
pub(crate) struct Glow;

/// Grey enough to show on the pale blanket.
const STEAM: &[Color] = &[Color::srgba(0.55, 0.55, 0.6, 0.55), Color::srgba(0.7, 0.7, 0.75, 0.45)];

fn sizzle(
    mut commands: Commands,
    time: Res<Time>,
    mut since: Local<f32>,
    mut rings: Query<(&mut Transform, &GlobalTransform), With<Glow>>,
    camera: Query<&Projection, With<Camera2d>>,
    particles: Query<(), With<Particle>>,
    mut rng: ResMut<FxRng>,
) {
    let t = time.elapsed_secs();
    *since += time.delta_secs();
    let puff = *since > 0.35;
    if puff {
        *since = 0.0;
    }
    let scale = camera_scale(&camera);
    for (mut transform, at) in &mut rings {
        let pulse = 12.0 * (1.0 + 0.12 * (t * 7.0 + at.translation().x * 0.05).sin());
        transform.scale = Vec3::new(pulse, pulse, 1.0);
        if puff && rng.unit() < 0.6 {
            let burst = Burst {
                at: at.translation().truncate() + Vec2::new(0.0, 10.0),
                count: 1,
                colours: STEAM,
                speed: (25.0, 50.0),
                spread: 0.35,
                gravity: -15.0,
                size: 7.0,
                life: 0.9,
            };
            throw(&mut commands, &mut rng, &burst, scale, particles.iter().len());
        }
    }
}

fn dress_piece(
    add: On<Add, ArenaPiece>,
    mut commands: Commands,
    pieces: Query<&ArenaPiece, With<WavePiece>>,
    shapes: Res<Shapes>,
    scheme: Res<Scheme>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let Ok(piece) = pieces.get(add.entity) else { return };
    match piece.kind {
        // Food looks as it does in the Runner.
        ItemKind::Food(kind) => {
            commands.entity(add.entity).insert(FoodItem { kind, points: 0 });
        }
        ItemKind::Hazard => {
            let pan = materials.add(scheme.pan);
            let glow = materials.add(Color::srgb(0.95, 0.35, 0.15));
            commands.entity(add.entity).insert(Visibility::default()).with_children(|parent| {
                parent.spawn(shape(&shapes.circle, pan, Vec3::ZERO, Vec2::splat(18.0)));
                parent.spawn((Glow, shape(&shapes.ring, glow, Vec3::new(0.0, 0.0, 0.1), Vec2::splat(12.0))));
                parent.spawn((
                    Sprite::from_color(scheme.pan, Vec2::new(18.0, 5.0)),
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
    scheme: Res<Scheme>,
    data: Res<GameData>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let size = Vec2::splat(data.arena.player_radius * 2.0);
    dress_chef(&mut commands, add.entity, size, scheme.player, &shapes, &mut materials);
}
