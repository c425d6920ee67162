//! Turns a level into entities: a tile per map cell, the named objects, the rewards and the
//! player. Nothing here draws; `visuals` dresses them, and `place_pieces` moves them as the
//! board's world changes.

use bevy::prelude::*;
use seedfeast_procgen::puzzle::world::{Cell, Element, Ground, Kind, RewardKind};

use crate::grid_move::Mover;
use crate::modes::puzzle::board::Board;
use crate::state::Screen;

/// World units per tile.
pub const CELL: f32 = 48.0;
/// Tiles per second the player walks.
pub(crate) const WALK_SPEED: f32 = 6.0;

/// The world position of a tile (or a fractional position in tiles).
pub fn to_world(x: f32, y: f32) -> Vec2 {
    Vec2::new(x * CELL, -y * CELL)
}

/// A grid cell of the game's movement from a puzzle tile (puzzle tiles are never negative).
pub fn to_grid(cell: Cell) -> crate::grid_move::Cell {
    (cell.0.max(0) as usize, cell.1.max(0) as usize)
}

pub fn from_grid(cell: crate::grid_move::Cell) -> Cell {
    (cell.0 as i32, cell.1 as i32)
}

/// Every entity of the current level, dropped when the next level is built.
#[derive(Component)]
pub struct PuzzlePiece;

/// A map tile and its ground.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tile {
    pub cell: Cell,
    pub ground: Ground,
    /// A wall whose front shows: the tile below it is not wall (for the picture's depth).
    pub face: bool,
}

/// One of the level's named objects: its index in the world, and what it is (so it can be
/// dressed without the board).
#[derive(Component, Clone, Debug, PartialEq, Eq)]
pub struct PuzzleObject {
    pub index: usize,
    pub name: String,
    pub kind: Kind,
    /// A block that rotates: a plank over water.
    pub plank: bool,
    pub element: Option<Element>,
}

/// One of the level's rewards (its index in the level).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct RewardMark {
    pub index: usize,
    pub kind: RewardKind,
}

/// An object's mark, the tile its `position` is read from (issue #32): drawn for each object a
/// condition of the level's program asks the position of, so a variant world's block that
/// starts off its mark shows where "start" is.
#[derive(Component, Clone, Debug, PartialEq, Eq)]
pub(crate) struct HomeMark {
    pub object: String,
}

/// The player: walks tile to tile.
#[derive(Component, Debug)]
pub struct PuzzlePlayer {
    pub mover: Mover,
    /// A direction tapped since the last tile centre: taken at the next one.
    pub queued: Option<crate::grid_move::Dir>,
    /// Frames a direction has been held for: it walks on by itself only from the second, so a
    /// press within one frame walks the one tile its tap queues, however many fixed steps that
    /// frame holds (a flick of the stick on a slow phone, a quick key).
    pub held_frames: u32,
}

/// A piece of the world on screen (a tile, an object, a reward, an object's name tag): drawn
/// again when another of the level's worlds comes on screen.
#[derive(Component)]
pub(crate) struct WorldPiece;

/// Spawns the tiles, objects, rewards and player of a board.
pub(crate) fn spawn_level(commands: &mut Commands, board: &Board) {
    spawn_world(commands, board);
    let entry = board.level.entry;
    commands.spawn((
        PuzzlePlayer { mover: Mover::at(to_grid(entry), WALK_SPEED), queued: None, held_frames: 0 },
        PuzzlePiece,
        DespawnOnExit(Screen::Playing),
        Transform::from_translation(to_world(entry.0 as f32, entry.1 as f32).extend(4.0)),
        Visibility::default(),
    ));
}

/// When another world comes on screen (issue #32's variant worlds): its tiles, objects and
/// rewards replace the last one's; the player shows only in its own world.
pub(crate) fn redraw_world(
    mut commands: Commands,
    run: Res<crate::modes::puzzle::PuzzleRun>,
    mut drawn: Local<Option<(u32, u32)>>,
    pieces: Query<Entity, With<WorldPiece>>,
    mut player: Query<&mut Visibility, With<PuzzlePlayer>>,
) {
    let board = &run.board;
    let now = (board.step, board.view);
    // The first look at a level: `spawn_level` drew it.
    if drawn.is_none_or(|(step, _)| step != board.step) {
        *drawn = Some(now);
        return;
    }
    if *drawn == Some(now) {
        return;
    }
    *drawn = Some(now);
    for entity in &pieces {
        commands.entity(entity).despawn();
    }
    spawn_world(&mut commands, board);
    for mut visibility in &mut player {
        *visibility = if board.shown == 0 { Visibility::Inherited } else { Visibility::Hidden };
    }
}

/// Spawns the tiles, objects and rewards of the world on screen.
fn spawn_world(commands: &mut Commands, board: &Board) {
    let piece = || (PuzzlePiece, WorldPiece, DespawnOnExit(Screen::Playing));
    let world = &board.initial;
    for y in 0..world.height {
        for x in 0..world.width {
            let ground = world.ground_at((x, y));
            if ground == Ground::Void {
                continue;
            }
            let solid = |g: Ground| matches!(g, Ground::Wall | Ground::SecretDoor | Ground::Void);
            let face = solid(ground) && !solid(world.ground_at((x, y + 1)));
            commands.spawn((
                Tile { cell: (x, y), ground, face },
                piece(),
                Transform::from_translation(to_world(x as f32, y as f32).extend(0.0)),
            ));
        }
    }
    for (index, (spec, state)) in world.objects.iter().zip(&world.states).enumerate() {
        let (x, y) = state.pos;
        commands.spawn((
            PuzzleObject {
                index,
                name: spec.name.clone(),
                kind: spec.kind,
                plank: spec.is_plank(),
                element: spec.element,
            },
            piece(),
            Transform::from_translation(to_world(x as f32, y as f32).extend(2.0)),
        ));
    }
    let read: Vec<String> = seedfeast_procgen::puzzle::parse(&board.level.solution)
        .map(|p| {
            p.conds()
                .into_iter()
                .filter(|c| matches!(c.attr, seedfeast_procgen::puzzle::ast::Attr::Position(_)))
                .map(|c| c.object.clone())
                .collect()
        })
        .unwrap_or_default();
    for spec in world.objects.iter().filter(|o| read.contains(&o.name)) {
        let (x, y) = spec.home;
        commands.spawn((
            HomeMark { object: spec.name.clone() },
            piece(),
            Transform::from_translation(to_world(x as f32, y as f32).extend(0.5)),
        ));
    }
    for (index, reward) in world.rewards.iter().enumerate() {
        commands.spawn((
            RewardMark { index, kind: reward.kind },
            piece(),
            Transform::from_translation(to_world(reward.x as f32, reward.y as f32).extend(1.0)),
        ));
    }
}
