//! Turns a generated floor into entities: walls, crumbs, stars, the chilli, the player and the
//! pots. Nothing here draws; `visuals` dresses them.

use bevy::prelude::*;
use seedfeast_procgen::maze::MazeFloor;

use crate::data::GameData;
use crate::grid_move::{Cell, Mover};
use crate::modes::maze::pursuers::{HUNTS, Pursuer};
use crate::state::Screen;

/// World units per maze cell.
pub const CELL: f32 = 40.0;

/// The world position of a cell (or a fractional position in cells).
pub fn to_world(x: f32, y: f32) -> Vec2 {
    Vec2::new(x * CELL, -y * CELL)
}

#[derive(Component)]
pub struct MazePlayer {
    pub mover: Mover,
    pub wanted: Option<crate::grid_move::Dir>,
}

#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pickup {
    Token,
    Star,
    PowerUp,
}

/// A maze item at a cell.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct AtCell(pub Cell);

#[derive(Component)]
pub struct MazeWall;

/// Every entity of the current floor, dropped when the next floor is carved.
#[derive(Component)]
pub struct FloorPiece;

/// Spawns the walls, pickups, player and pursuers of a floor.
pub fn spawn_floor(commands: &mut Commands, floor: &MazeFloor, data: &GameData) {
    let piece = || (FloorPiece, DespawnOnExit(Screen::Playing));
    let grid = &floor.grid;
    for y in 0..grid.height {
        for x in 0..grid.width {
            if !grid.is_open(x, y) {
                commands.spawn((
                    MazeWall,
                    AtCell((x, y)),
                    piece(),
                    Transform::from_translation(to_world(x as f32, y as f32).extend(0.0)),
                ));
            }
        }
    }
    let mut place = |kind: Pickup, cell: Cell| {
        commands.spawn((
            kind,
            AtCell(cell),
            piece(),
            Transform::from_translation(to_world(cell.0 as f32, cell.1 as f32).extend(1.0)),
        ));
    };
    for &cell in &floor.tokens {
        place(Pickup::Token, cell);
    }
    for &cell in &floor.stars {
        place(Pickup::Star, cell);
    }
    if let Some(cell) = floor.power_up {
        place(Pickup::PowerUp, cell);
    }
    let start = floor.start;
    commands.spawn((
        MazePlayer { mover: Mover::at(start, data.maze.player_speed), wanted: None },
        crate::replay::Avatar,
        piece(),
        Transform::from_translation(to_world(start.0 as f32, start.1 as f32).extend(3.0)),
    ));
    for (i, &home) in floor.hazards.iter().enumerate() {
        commands.spawn((
            Pursuer {
                mover: Mover::at(home, floor.pursuer_speed),
                home,
                hunt: HUNTS[i % HUNTS.len()],
                order: i,
                hunting: false,
                resting: 0.0,
            },
            piece(),
            Transform::from_translation(to_world(home.0 as f32, home.1 as f32).extend(2.0)),
        ));
    }
}
