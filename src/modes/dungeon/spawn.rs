//! Turns a generated dungeon into entities: its tiles (every open tile and the walls that face
//! one), the puzzles' objects, the items on the floor (a guard's under him), food, hazards and the
//! player. Nothing here draws; `visuals` dresses them.

use bevy::prelude::*;
use seedfeast_procgen::dungeon::{ItemSource, Tile};

use crate::food::FoodItem;
use crate::grid_move::Cell;
use crate::state::Screen;

use super::DungeonRun;
use super::play::Play;

/// World units per tile.
pub const CELL: f32 = 48.0;

/// The world position of a tile (or a fractional position in tiles): x right, rows down.
pub fn to_world(x: f32, y: f32) -> Vec2 {
    Vec2::new(x * CELL, -y * CELL)
}

/// Every entity of the current dungeon, dropped when the next one is generated.
#[derive(Component)]
pub struct DungeonPiece;

/// The tile a piece stands on.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct AtCell(pub Cell);

/// One tile of the grid, with the zone whose region holds it (for its tint).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct DungeonTile {
    pub tile: Tile,
    pub zone: usize,
}

/// An object of the dungeon (index into its objects).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct DungeonObject(pub usize);

/// An item lying on the floor (or under its guard), by id.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct DungeonItem(pub usize);

/// A piece of food (index into the dungeon's food).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct DungeonFood(pub usize);

/// A hazard (index into the dungeon's hazards).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct DungeonHazard(pub usize);

#[derive(Component, Clone, Copy, Debug)]
pub struct DungeonPlayer;

/// The zone whose region holds `cell` (the first zone if none does).
pub(crate) fn zone_at(play: &Play, cell: Cell) -> usize {
    play.dungeon.zones.iter().position(|z| z.region.contains(cell)).unwrap_or(0)
}

/// The tiles that get an entity: every tile that isn't rock, and rock beside one that isn't.
pub fn shown_tiles(play: &Play) -> Vec<(Cell, Tile)> {
    let d = &play.dungeon;
    let mut shown = Vec::new();
    for y in 0..d.height {
        for x in 0..d.width {
            let tile = d.tile((x, y));
            let faces_open = || {
                (-1isize..=1).any(|dy| {
                    (-1isize..=1).any(|dx| {
                        let (Some(nx), Some(ny)) = (x.checked_add_signed(dx), y.checked_add_signed(dy)) else {
                            return false;
                        };
                        nx < d.width && ny < d.height && d.tile((nx, ny)) != Tile::Wall
                    })
                })
            };
            if tile != Tile::Wall || faces_open() {
                shown.push(((x, y), tile));
            }
        }
    }
    shown
}

/// Spawns the dungeon's entities and the player.
pub fn spawn_dungeon(commands: &mut Commands, play: &Play) {
    let piece = || (DungeonPiece, DespawnOnExit(Screen::Playing));
    let at = |cell: Cell, z: f32| Transform::from_translation(to_world(cell.0 as f32, cell.1 as f32).extend(z));
    let d = &play.dungeon;
    for (cell, tile) in shown_tiles(play) {
        commands.spawn((DungeonTile { tile, zone: zone_at(play, cell) }, AtCell(cell), piece(), at(cell, 0.0)));
    }
    for (i, hazard) in d.hazards.iter().enumerate() {
        commands.spawn((DungeonHazard(i), AtCell(hazard.cell), piece(), at(hazard.cell, 1.0)));
    }
    for (i, food) in d.food.iter().enumerate() {
        let item = FoodItem { kind: food.kind, points: 0 };
        commands.spawn((DungeonFood(i), item, AtCell(food.cell), piece(), at(food.cell, 1.5)));
    }
    for item in d.items.iter().filter(|i| i.source != ItemSource::Station) {
        commands.spawn((DungeonItem(item.id), AtCell(item.cell), piece(), at(item.cell, 2.0)));
    }
    for (i, object) in d.objects.iter().enumerate() {
        commands.spawn((DungeonObject(i), AtCell(object.cell), piece(), at(object.cell, 2.5)));
    }
    commands.spawn((DungeonPlayer, crate::replay::Avatar, piece(), at(d.player_start, 5.0)));
}

/// Puts the player where its walk has got to (crates glide to their tiles in `visuals`).
pub fn place_pieces(run: Res<DungeonRun>, mut player: Query<&mut Transform, With<DungeonPlayer>>) {
    for mut transform in &mut player {
        let (x, y) = run.walker.mover.position();
        transform.translation = to_world(x, y).extend(transform.translation.z);
    }
}
