//! Code puzzle on screen: the level as a little kitchen floor on a board (tiles, water, plates,
//! braziers, the coding terminal, the exit), its named objects with name tags (crates, planks,
//! statues, doors, gates, levers), what the world derives (lit braziers, gusts, revealed keys and
//! secret doors), the object the running statement acts on ringed and captioned, and the code
//! panel (`panel`). Only the windowed game adds this; the rules never depend on it.

use std::f32::consts::{FRAC_PI_2, PI};

use bevy::prelude::*;
use seedfeast_procgen::puzzle::ast::Dir as FaceDir;
use seedfeast_procgen::puzzle::interp::Event;
use seedfeast_procgen::puzzle::world::{Element, Ground, Kind, RewardKind};

use crate::modes::puzzle::PuzzleRun;
use crate::modes::puzzle::chip_pad::PadLayout;
use crate::modes::puzzle::panel;
use crate::modes::puzzle::spawn::{CELL, PuzzleObject, PuzzlePiece, PuzzlePlayer, RewardMark, Tile, to_world};
use crate::modes::puzzle::walk::ease;
use crate::palette::{self, Scheme};
use crate::run::RunStart;
use crate::state::Screen;
use crate::visuals::{Shapes, VIEW_HEIGHT, dress_chef, shape};

mod dress;

/// Where the map sits on the screen, in UI pixels: the left part, under the HUD (the code panel
/// takes the right).
const MAP_LEFT: f32 = 16.0;
const MAP_TOP: f32 = 96.0;
const MAP_BOTTOM_MARGIN: f32 = 16.0;
/// The closest the camera comes: small levels don't fill the screen with giant tiles.
const MIN_SCALE: f32 = 0.62;

const FLOOR_A: Color = Color::srgb(0.97, 0.88, 0.70);
const FLOOR_B: Color = Color::srgb(0.94, 0.84, 0.65);
const GROUT: Color = Color::srgb(0.84, 0.70, 0.50);
const WALL: Color = Color::srgb(0.45, 0.29, 0.19);
const WALL_TOP: Color = Color::srgb(0.60, 0.40, 0.25);
const WALL_FACE: Color = Color::srgb(0.34, 0.21, 0.13);
const WATER_LIGHT: Color = Color::srgb(0.62, 0.82, 0.96);
const METAL: Color = Color::srgb(0.62, 0.65, 0.70);
const METAL_DARK: Color = Color::srgb(0.40, 0.42, 0.47);
const SLATE: Color = Color::srgb(0.16, 0.19, 0.25);
const TERMINAL: Color = Color::srgb(0.40, 0.93, 0.88);
const GOLD: Color = Color::srgb(1.0, 0.78, 0.2);
const CRATE: Color = Color::srgb(0.78, 0.52, 0.28);
const CRATE_DARK: Color = Color::srgb(0.55, 0.34, 0.17);
const PLANK: Color = Color::srgb(0.84, 0.62, 0.36);
const STONE: Color = Color::srgb(0.66, 0.64, 0.62);
const FIRE: Color = Color::srgb(0.95, 0.38, 0.15);
const FLAME: Color = Color::srgb(1.0, 0.78, 0.25);
const WIND: Color = Color::srgb(0.55, 0.78, 0.95);
const DOOR: Color = Color::srgb(0.62, 0.38, 0.20);
const GATE: Color = Color::srgb(0.30, 0.32, 0.38);
const HAZARD: Color = Color::srgb(0.98, 0.76, 0.18);
const BOARD: Color = Color::srgb(0.82, 0.66, 0.46);
const BOARD_SHADOW: Color = Color::srgba(0.35, 0.2, 0.1, 0.25);
const ACTING: Color = Color::srgb(1.0, 0.62, 0.18);

/// Adds the Code puzzle's visuals (the table of modes calls it for the windowed game).
pub fn add(app: &mut App) {
    app.add_systems(
        PostUpdate,
        (frame_map, look_objects, look_tiles, look_rewards, look_acting)
            .before(TransformSystems::Propagate)
            .run_if(resource_exists::<PuzzleRun>),
    )
    .add_systems(PostUpdate, place_tags.after(TransformSystems::Propagate).run_if(resource_exists::<PuzzleRun>))
    .add_systems(OnEnter(Screen::Playing), spawn_effects.after(RunStart::Mode).run_if(resource_exists::<PuzzleRun>))
    .add_observer(dress::dress_tile)
    .add_observer(dress::dress_object)
    .add_observer(dress::dress_reward)
    .add_observer(dress::dress_mark)
    .add_observer(dress::dress_player);
    panel::add(app);
    super::world_strip::add(app);
}

fn sq(color: Color, size: Vec2, at: Vec3) -> (Sprite, Transform) {
    (Sprite::from_color(color, size), Transform::from_translation(at))
}

/// The board under the map, sized by `frame_map`.
#[derive(Component)]
struct Backdrop;
/// The ring around the object the running statement acts on.
#[derive(Component)]
struct ActingRing;
/// The caption over it: the command playing.
#[derive(Component)]
struct ActingCaption;
/// An object's name tag (a UI label that follows it).
#[derive(Component)]
struct NameTag(Entity);

/// The tile decorations that change with the world.
#[derive(Component, Clone, Copy, PartialEq, Eq)]
enum TileLook {
    Flame,
    Gust,
    ExitShut,
    ExitOpen,
    PlatePressed,
    CodingGlow,
    SecretOpen,
    SecretShut,
}

/// The parts of an object that change with its state.
#[derive(Component, Clone, Copy, PartialEq, Eq)]
enum Part {
    /// Turned to the object's facing (a statue's head, a lever's stick, a plank).
    Turn,
    DoorShut,
    DoorOpen,
    /// The bars of a gate: they slide while it moves.
    Bars,
    BarsStopped,
}

fn spawn_effects(
    mut commands: Commands,
    shapes: Res<Shapes>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    commands.spawn((
        Backdrop,
        Sprite::from_color(BOARD, Vec2::ONE),
        Transform::from_xyz(0.0, 0.0, -2.0),
        Visibility::default(),
        DespawnOnExit(Screen::Playing),
        children![(Sprite::from_color(BOARD_SHADOW, Vec2::ONE), Transform::from_xyz(0.012, -0.02, -0.1))],
    ));
    // A thin ring and a soft glow under the object a command is acting on.
    let ring = meshes.add(Annulus::new(0.86, 1.0));
    commands.spawn((
        ActingRing,
        Transform::from_xyz(0.0, 0.0, 1.9),
        Visibility::Hidden,
        DespawnOnExit(Screen::Playing),
        children![
            (Mesh2d(ring), MeshMaterial2d(materials.add(ACTING)), Transform::from_xyz(0.0, 0.0, 1.2)),
            shape(&shapes.circle, materials.add(ACTING.with_alpha(0.28)), Vec3::ZERO, Vec2::splat(0.92)),
        ],
    ));
    commands.spawn((
        ActingCaption,
        Node {
            position_type: PositionType::Absolute,
            padding: UiRect::axes(px(8), px(3)),
            border_radius: BorderRadius::all(px(6)),
            ..default()
        },
        BackgroundColor(Color::srgba(0.16, 0.13, 0.12, 0.92)),
        Visibility::Hidden,
        DespawnOnExit(Screen::Playing),
        children![(Text::new(""), TextFont::from_font_size(15.0), TextColor(ACTING))],
    ));
}

/// Frames the whole map in the left part of the screen (the code panel has the right), zooming
/// out for big levels, and sizes the board under it.
fn frame_map(
    run: Res<PuzzleRun>,
    windows: Query<&Window>,
    ui_scale: Option<Res<UiScale>>,
    pad: Option<Res<PadLayout>>,
    mut camera: Query<(&mut Transform, &mut Projection), (With<Camera2d>, Without<Backdrop>)>,
    mut backdrop: Query<&mut Transform, (With<Backdrop>, Without<Camera2d>)>,
) {
    let Ok((mut transform, mut projection)) = camera.single_mut() else { return };
    let Projection::Orthographic(ortho) = &mut *projection else { return };
    let world = &run.board.world;
    let (w, h) = (world.width as f32 * CELL, world.height as f32 * CELL);
    // The map's area, left of the panel and under the HUD: laid out in UI pixels (the panel's
    // are), then in window pixels, which are those times the UI's scale (`ui::fit`).
    let (win_w, win_h) = windows.iter().next().map_or((1280.0, 720.0), |w| (w.width(), w.height()));
    let ui = ui_scale.map_or(1.0, |s| s.0.max(0.01));
    let (left, right) = (MAP_LEFT, (win_w / ui - panel::PANEL_WIDTH - 32.0).max(MAP_LEFT + 200.0));
    // Above the touch pad's chips while they show (their height is in window pixels).
    let free_h = win_h - pad.map_or(0.0, |pad| pad.height);
    let (top, bottom) = (MAP_TOP, (free_h / ui - MAP_BOTTOM_MARGIN).max(MAP_TOP + 200.0));
    let (left, right, top, bottom) = (left * ui, right * ui, top * ui, bottom * ui);
    let (area_w, area_h) = (right - left - 32.0 * ui, bottom - top - 32.0 * ui);
    // World units per UI pixel at scale 1 (the camera shows VIEW_HEIGHT units, whatever the height).
    let unit = VIEW_HEIGHT / win_h.max(1.0);
    let scale = (w / (area_w * unit)).max(h / (area_h * unit)).max(MIN_SCALE);
    ortho.scale = scale;
    let centre = to_world((world.width as f32 - 1.0) / 2.0, (world.height as f32 - 1.0) / 2.0);
    let offset = Vec2::new((left + right) / 2.0 - win_w / 2.0, (top + bottom) / 2.0 - win_h / 2.0) * unit * scale;
    transform.translation.x = centre.x - offset.x;
    transform.translation.y = centre.y + offset.y;
    for mut board in &mut backdrop {
        board.translation = centre.extend(-2.0);
        board.scale = Vec3::new(w + CELL * 0.6, h + CELL * 0.6, 1.0);
    }
}

/// The angle a part drawn facing up turns to face `dir`.
fn angle(dir: FaceDir) -> f32 {
    match dir {
        FaceDir::Up => 0.0,
        FaceDir::Right => -FRAC_PI_2,
        FaceDir::Down => PI,
        FaceDir::Left => FRAC_PI_2,
    }
}

/// Objects as their state has them: facings (turning through a rotate as it plays), doors,
/// gates (sliding while they move).
fn look_objects(
    run: Res<PuzzleRun>,
    time: Res<Time>,
    objects: Query<(&PuzzleObject, &Children)>,
    mut parts: Query<(&Part, &mut Transform, &mut Visibility)>,
) {
    let board = &run.board;
    let playback = board.playback.as_ref();
    let t = time.elapsed_secs();
    for (object, children) in &objects {
        let Some(state) = board.world.states.get(object.index) else { continue };
        let mut turn = angle(state.facing);
        if let Some(p) = playback
            && let Some(before) = p.before.states.get(object.index)
            && before.facing != state.facing
        {
            let from = angle(before.facing);
            let mut delta = turn - from;
            if delta > PI {
                delta -= 2.0 * PI;
            } else if delta < -PI {
                delta += 2.0 * PI;
            }
            turn = from + delta * ease(p.progress() / 0.8);
        }
        for child in children.iter() {
            let Ok((part, mut transform, mut visibility)) = parts.get_mut(child) else { continue };
            let shown = match part {
                Part::Turn => {
                    transform.rotation = Quat::from_rotation_z(turn);
                    true
                }
                Part::DoorShut => !state.open,
                Part::DoorOpen => state.open,
                Part::Bars => {
                    transform.translation.x = (t * 5.0 + object.index as f32).sin() * CELL * 0.08;
                    state.moving
                }
                Part::BarsStopped => !state.moving,
            };
            let want = if shown { Visibility::Inherited } else { Visibility::Hidden };
            if *visibility != want {
                *visibility = want;
            }
        }
    }
}

/// Tiles as the world has them now: lit braziers, gusts, pressed plates, the exit shut or open,
/// revealed secret doors, and the coding tile's glow while there is code to write.
fn look_tiles(
    run: Res<PuzzleRun>,
    time: Res<Time>,
    tiles: Query<(&Tile, &Children)>,
    mut looks: Query<(&TileLook, &mut Visibility, &mut Transform), Without<Tile>>,
) {
    let board = &run.board;
    let world = &board.world;
    let view = world.view();
    let pressed: Vec<(i32, i32)> = world
        .objects
        .iter()
        .zip(&world.states)
        .filter(|(spec, _)| spec.command == seedfeast_procgen::puzzle::ast::CommandKind::Move)
        .map(|(_, state)| state.pos)
        .collect();
    let revealed_doors: Vec<(i32, i32)> = world
        .rewards
        .iter()
        .zip(&view.revealed)
        .filter(|(r, shown)| **shown && r.kind == RewardKind::Door)
        .map(|(r, _)| (r.x, r.y))
        .collect();
    let pulse = 1.0 + 0.12 * (time.elapsed_secs() * 4.0).sin();
    for (tile, children) in &tiles {
        if !world.contains(tile.cell) {
            continue;
        }
        let i = world.index(tile.cell);
        for child in children.iter() {
            let Ok((look, mut visibility, mut transform)) = looks.get_mut(child) else { continue };
            let shown = match look {
                TileLook::Flame => {
                    transform.scale = Vec3::new(1.0, pulse, 1.0);
                    view.lit[i]
                }
                TileLook::Gust => view.gust[i],
                TileLook::ExitShut => !board.open,
                TileLook::ExitOpen => {
                    transform.scale = Vec3::splat(pulse);
                    board.open
                }
                TileLook::PlatePressed => pressed.contains(&tile.cell),
                TileLook::CodingGlow => {
                    transform.scale = Vec3::splat(CELL * 0.62 * pulse);
                    !board.open && !run.panel_open
                }
                TileLook::SecretOpen => revealed_doors.contains(&tile.cell),
                TileLook::SecretShut => !revealed_doors.contains(&tile.cell),
            };
            let want = if shown { Visibility::Inherited } else { Visibility::Hidden };
            if *visibility != want {
                *visibility = want;
            }
        }
    }
}

/// Keys and scrolls show once revealed, until picked up.
fn look_rewards(run: Res<PuzzleRun>, mut rewards: Query<(&RewardMark, &mut Visibility)>) {
    let view = run.board.world.view();
    for (reward, mut visibility) in &mut rewards {
        let shown = view.revealed.get(reward.index).copied().unwrap_or(false)
            && !run.collected.get(reward.index).copied().unwrap_or(false);
        let want = if shown { Visibility::Inherited } else { Visibility::Hidden };
        if *visibility != want {
            *visibility = want;
        }
    }
}

/// The object the running command acts on, ringed.
fn look_acting(
    run: Res<PuzzleRun>,
    time: Res<Time>,
    objects: Query<(&PuzzleObject, &Transform), Without<ActingRing>>,
    mut ring: Query<(&mut Transform, &mut Visibility), With<ActingRing>>,
) {
    let Ok((mut transform, mut visibility)) = ring.single_mut() else { return };
    let acting = acting_object(&run);
    let at = acting.and_then(|index| objects.iter().find(|(o, _)| o.index == index).map(|(_, t)| t.translation));
    match at {
        Some(at) => {
            transform.translation = at.truncate().extend(1.9);
            transform.scale = Vec3::splat(CELL * (0.66 + 0.04 * (time.elapsed_secs() * 8.0).sin()));
            *visibility = Visibility::Inherited;
        }
        None => *visibility = Visibility::Hidden,
    }
}

/// The object the statement playing now commands, if it is a command.
fn acting_object(run: &PuzzleRun) -> Option<usize> {
    let playback = run.board.playback.as_ref()?;
    match &playback.current.as_ref()?.event {
        Event::Command { index, .. } => Some(*index),
        _ => None,
    }
}

/// Name tags over the objects and the caption over the acting one, in screen space.
fn place_tags(
    run: Res<PuzzleRun>,
    camera: Query<(&Camera, &GlobalTransform), With<Camera2d>>,
    objects: Query<(&PuzzleObject, &GlobalTransform)>,
    mut tags: Query<(&NameTag, &mut Node, &mut Visibility, &ComputedNode), Without<ActingCaption>>,
    mut caption: Query<(&mut Node, &mut Visibility, &Children, &ComputedNode), With<ActingCaption>>,
    mut texts: Query<&mut Text>,
    ui_scale: Option<Res<UiScale>>,
) {
    let Ok((camera, view)) = camera.single() else { return };
    // The viewport's pixels are the window's; the nodes' are those over the UI's scale.
    let ui = ui_scale.map_or(1.0, |s| s.0.max(0.01));
    let to_screen = |world: Vec3| camera.world_to_viewport(view, world).ok().map(|spot| spot / ui);
    let acting = acting_object(&run);
    for (tag, mut node, mut visibility, computed) in &mut tags {
        let Ok((object, at)) = objects.get(tag.0) else { continue };
        let lift = if object.plank { CELL * 0.3 } else { CELL * 0.5 };
        let spot = to_screen(at.translation() + Vec3::new(0.0, lift, 0.0));
        let width = computed.size().x * computed.inverse_scale_factor();
        match spot {
            Some(spot) if acting != Some(object.index) => {
                node.left = px(spot.x - width / 2.0);
                node.top = px(spot.y - 20.0);
                *visibility = Visibility::Inherited;
            }
            _ => *visibility = Visibility::Hidden,
        }
    }
    let Ok((mut node, mut visibility, children, computed)) = caption.single_mut() else { return };
    let command = run.board.playback.as_ref().and_then(|p| match &p.current.as_ref()?.event {
        Event::Command { object, command, index, .. } => Some((*index, format!("{object}.{}", command.source()))),
        _ => None,
    });
    let spot = command.as_ref().and_then(|(index, _)| {
        objects.iter().find(|(o, _)| o.index == *index).and_then(|(_, at)| to_screen(at.translation()))
    });
    match (command, spot) {
        (Some((_, text)), Some(spot)) => {
            for child in children.iter() {
                if let Ok(mut shown) = texts.get_mut(child)
                    && shown.0 != text
                {
                    shown.0 = text.clone();
                }
            }
            let width = computed.size().x * computed.inverse_scale_factor();
            node.left = px(spot.x - width / 2.0);
            node.top = px(spot.y - 62.0);
            *visibility = Visibility::Inherited;
        }
        _ => *visibility = Visibility::Hidden,
    }
}
