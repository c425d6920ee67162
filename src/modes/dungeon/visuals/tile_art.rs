//! A dungeon tile's look by its kind: wall tops and faces, worn floor, corridors, decor, pillars,
//! open doorways, gates' bars and locked doors with their padlocks.

use seedfeast_procgen::dungeon::Tile;

use super::*;

use crate::grid_move::Cell;

/// Dresses one freshly spawned tile by its kind, tinted by its zone and worn by `decor`.
pub(super) fn dress_tile(e: &mut EntityCommands, run: &DungeonRun, decor: &Decor, tile: &DungeonTile, cell: Cell) {
    let d = &run.play.dungeon;
    let (x, y) = cell;
    let place = (x as u32, y as u32);
    let c = zone_colour(run, tile.zone);
    let checker = wear::floor_lightness(decor, place);
    let floor = shade(c, WHITE, checker);
    let open_below = d.tile((x, y + 1)) != Tile::Wall;
    e.insert(Visibility::default());
    match tile.tile {
        Tile::Wall => dress_wall(e, decor, place, c, open_below),
        Tile::Floor => dress_floor(e, decor, place, c, floor),
        Tile::Corridor => {
            e.insert(Sprite::from_color(shade(c, WHITE, (checker - 0.12).max(0.0)), Vec2::splat(CELL)));
        }
        Tile::Decor => dress_decor(e, c, floor),
        Tile::Pillar => dress_pillar(e, c, floor),
        Tile::Door => dress_doorway(e, run, cell, floor),
        Tile::Gate => dress_gate(e, cell, c, floor),
        Tile::LockedDoor => dress_locked_door(e, run, tile, cell),
    }
}

/// The wall's top, and where a floor lies below it its face, seen from above.
fn dress_wall(e: &mut EntityCommands, decor: &Decor, place: (u32, u32), c: (u8, u8, u8), open_below: bool) {
    e.insert(Sprite::from_color(shade(c, DARK, 0.78), Vec2::splat(CELL)));
    if let Some(block) = wear::wall_block(decor, place, c) {
        e.with_child(block);
    }
    if open_below {
        e.with_children(|p| {
            p.spawn((
                Sprite::from_color(shade(c, DARK, 0.5), Vec2::new(CELL, CELL * 0.42)),
                Transform::from_xyz(0.0, -CELL * 0.29, 0.05),
            ));
            p.spawn((
                Sprite::from_color(shade(c, WHITE, 0.1), Vec2::new(CELL, 3.0)),
                Transform::from_xyz(0.0, -CELL * 0.08, 0.06),
            ));
        });
    }
}

/// A floor tile in its shade, with the odd crack, pebbles or worn patch.
fn dress_floor(e: &mut EntityCommands, decor: &Decor, place: (u32, u32), c: (u8, u8, u8), floor: Color) {
    e.insert(Sprite::from_color(floor, Vec2::splat(CELL))).with_children(|p| {
        for mark in wear::floor_marks(decor, place, c) {
            p.spawn(mark);
        }
    });
}

/// A decor tile: a darker inset with a light diamond on the floor.
fn dress_decor(e: &mut EntityCommands, c: (u8, u8, u8), floor: Color) {
    e.insert(Sprite::from_color(floor, Vec2::splat(CELL))).with_child((
        Sprite::from_color(shade(c, DARK, 0.12), Vec2::splat(CELL * 0.86)),
        Transform::from_xyz(0.0, 0.0, 0.05),
        children![(
            Sprite::from_color(shade(c, WHITE, 0.55), Vec2::splat(CELL * 0.3)),
            Transform::from_xyz(0.0, 0.0, 0.05).with_rotation(Quat::from_rotation_z(0.785)),
        )],
    ));
}

/// A pillar: a dark block with a lighter band on the floor.
fn dress_pillar(e: &mut EntityCommands, c: (u8, u8, u8), floor: Color) {
    e.insert(Sprite::from_color(floor, Vec2::splat(CELL))).with_child((
        Sprite::from_color(shade(c, DARK, 0.6), Vec2::splat(CELL * 0.8)),
        Transform::from_xyz(0.0, 0.0, 0.05),
        children![(
            Sprite::from_color(shade(c, DARK, 0.35), Vec2::new(CELL * 0.8, CELL * 0.2)),
            Transform::from_xyz(0.0, CELL * 0.3, 0.05),
        )],
    ));
}

/// An open doorway: a plank threshold between two posts, laid across the passage.
fn dress_doorway(e: &mut EntityCommands, run: &DungeonRun, cell: Cell, floor: Color) {
    let d = &run.play.dungeon;
    let (x, y) = cell;
    let across = d.tile((x + 1, y)) == Tile::Wall || x.checked_sub(1).is_some_and(|l| d.tile((l, y)) == Tile::Wall);
    e.insert(Sprite::from_color(floor, Vec2::splat(CELL))).with_children(|p| {
        for i in [-1.0, 0.0, 1.0] {
            let (size, at) = if across {
                (Vec2::new(CELL * 0.86, CELL * 0.26), Vec3::new(0.0, i * CELL * 0.29, 0.05))
            } else {
                (Vec2::new(CELL * 0.26, CELL * 0.86), Vec3::new(i * CELL * 0.29, 0.0, 0.05))
            };
            p.spawn((Sprite::from_color(WOOD, size), Transform::from_translation(at)));
        }
        for side in [-1.0, 1.0] {
            let at =
                if across { Vec3::new(side * CELL * 0.46, 0.0, 0.1) } else { Vec3::new(0.0, side * CELL * 0.46, 0.1) };
            p.spawn((Sprite::from_color(WOOD_DARK, Vec2::splat(CELL * 0.14)), Transform::from_translation(at)));
        }
    });
}

/// A gate: bars in the zone's dark tint over the floor, hidden once it opens.
fn dress_gate(e: &mut EntityCommands, cell: Cell, c: (u8, u8, u8), floor: Color) {
    e.insert(Sprite::from_color(floor, Vec2::splat(CELL))).with_children(|parent| {
        parent.spawn((Bars(cell), Transform::from_xyz(0.0, 0.0, 0.6), Visibility::default())).with_children(|bars| {
            for dx in [-15.0, -5.0, 5.0, 15.0] {
                bars.spawn((
                    Sprite::from_color(shade(c, DARK, 0.65), Vec2::new(5.0, CELL * 0.9)),
                    Transform::from_xyz(dx, 0.0, 0.0),
                ));
            }
            bars.spawn((
                Sprite::from_color(shade(c, DARK, 0.75), Vec2::new(CELL * 0.9, 5.0)),
                Transform::from_xyz(0.0, 8.0, 0.01),
            ));
        });
    });
}

/// The door into the next zone, in that zone's colour, with a padlock.
fn dress_locked_door(e: &mut EntityCommands, run: &DungeonRun, tile: &DungeonTile, cell: Cell) {
    let d = &run.play.dungeon;
    let into = run.play.door_of(cell).map_or(tile.zone, |n| d.nodes[n].zone);
    let next = zone_colour(run, into);
    e.insert(Sprite::from_color(shade(next, WHITE, 0.3), Vec2::splat(CELL))).with_children(|parent| {
        parent.spawn((Bars(cell), Transform::from_xyz(0.0, 0.0, 0.6), Visibility::default())).with_children(|door| {
            door.spawn(Sprite::from_color(IRON, Vec2::splat(CELL)));
            door.spawn((
                Sprite::from_color(shade(next, DARK, 0.25), Vec2::splat(CELL * 0.8)),
                Transform::from_xyz(0.0, 0.0, 0.01),
            ));
            door.spawn((Sprite::from_color(GOLD, Vec2::new(16.0, 14.0)), Transform::from_xyz(0.0, -4.0, 0.02)));
            door.spawn((Sprite::from_color(IRON, Vec2::new(4.0, 7.0)), Transform::from_xyz(0.0, -5.0, 0.03)));
            door.spawn((Sprite::from_color(GOLD, Vec2::new(10.0, 8.0)), Transform::from_xyz(0.0, 6.0, 0.015)));
        });
    });
}
