//! The validator's room rules: in each room the doors, pickups, plates, push tiles and the start
//! can be reached around solid things and hazards; a pen really shuts its objective in and
//! opening it frees it; a crate's push line is clear; pens, food and hazards stand where they may.

use std::collections::VecDeque;

use super::Report;
use super::grid::{NONE, around, open_floor};
use crate::dungeon::level::{Cell, Dungeon, ItemSource, ObjectKind, RoomKind, Tile};

/// In each room: doors, pickups, plates, push tiles and the start reachable around solid things
/// and hazards; pens shut their objective in and free it when open; crates can be pushed home.
/// Also where pens, food and hazards may be.
pub(super) fn check_rooms_inside(d: &Dungeon, owner: &[u32], report: &mut Report) {
    let (w, h) = (d.width, d.height);
    let idx = |c: Cell| c.1 * w + c.0;
    let mut hazard = vec![false; w * h];
    for hz in &d.hazards {
        let i = idx(hz.cell);
        if hazard[i] {
            report.flag("hazards", format!("two hazards at {:?}", hz.cell));
        }
        hazard[i] = true;
        let kind = d.rooms[hz.room].kind;
        if owner[i] != hz.room as u32 || !open_floor(d.tiles[i]) || matches!(kind, RoomKind::Start | RoomKind::Bridge) {
            report.flag("hazards", format!("hazard at {:?} is not on open floor of a puzzle or filler room", hz.cell));
        }
    }
    let mut solid = vec![false; w * h];
    let mut taken = vec![false; w * h];
    for o in &d.objects {
        let i = idx(o.cell);
        if taken[i] {
            report.flag("objects", format!("two objects at {:?}", o.cell));
        }
        taken[i] = true;
        solid[i] = !matches!(o.kind, ObjectKind::Plate { .. });
        if owner[i] != d.nodes[o.node].room as u32 || !open_floor(d.tiles[i]) && d.tiles[i] != Tile::Gate {
            report.flag("objects", format!("{} at {:?} is not on the floor of node {}'s room", o.name, o.cell, o.node));
        }
        if hazard[i] {
            report.flag("hazards", format!("a hazard under {} at {:?}", o.name, o.cell));
        }
    }
    for it in &d.items {
        taken[idx(it.cell)] = true;
        if hazard[idx(it.cell)] {
            report.flag("hazards", format!("a hazard under item {} at {:?}", it.id, it.cell));
        }
    }
    let mut food_at = vec![false; w * h];
    for f in &d.food {
        let i = idx(f.cell);
        if food_at[i] || taken[i] || hazard[i] || owner[i] != f.room as u32 || !open_floor(d.tiles[i]) {
            report.flag("food", format!("food at {:?} is not alone on open floor of room {}", f.cell, f.room));
        }
        food_at[i] = true;
    }
    if hazard[idx(d.player_start)] || solid[idx(d.player_start)] {
        report.flag("hazards", "something stands on the player's start".to_string());
    }

    // Gates: exactly the pens' tiles.
    let mut pen_of = vec![NONE; w * h];
    for n in &d.nodes {
        for &g in &n.pen {
            let i = idx(g);
            if pen_of[i] != NONE || d.tiles[i] != Tile::Gate || owner[i] != n.room as u32 {
                report.flag("pens", format!("pen tile {g:?} of node {} is not a gate of its room alone", n.id));
            }
            pen_of[i] = n.id as u32;
        }
    }
    for (i, &t) in d.tiles.iter().enumerate() {
        if t == Tile::Gate && pen_of[i] == NONE {
            report.flag("pens", format!("gate ({}, {}) belongs to no pen", i % w, i / w));
        }
    }

    // Room by room: a flood fill of the free tiles from the doors.
    let mut entries: Vec<Vec<Cell>> = vec![Vec::new(); d.rooms.len()];
    for door in &d.doors {
        for n in around(door.cell, w, h) {
            let r = owner[idx(n)];
            if r != NONE {
                entries[r as usize].push(n);
            }
        }
    }
    let mut mark = vec![0u32; w * h];
    let mut stamp = 0u32;
    for room in &d.rooms {
        let r = room.id as u32;
        let node = room.node.map(|n| &d.nodes[n]).filter(|n| n.room == room.id);
        let free = |c: Cell, pen_open: bool| {
            let i = idx(c);
            owner[i] == r
                && !hazard[i]
                && !solid[i]
                && (open_floor(d.tiles[i])
                    || pen_open && d.tiles[i] == Tile::Gate && node.is_some_and(|n| pen_of[i] == n.id as u32))
        };
        stamp += 1;
        let shut = stamp;
        flood(&mut mark, shut, &entries[room.id], w, h, &|c| free(c, false));
        if entries[room.id].is_empty() {
            report.flag("access", format!("room {} has no door", room.id));
            continue;
        }
        if let Some(&c) = entries[room.id].iter().find(|&&c| mark[idx(c)] != shut) {
            report.flag("access", format!("room {}: the door beside {c:?} is cut off from its other doors", room.id));
        }
        let penned = node.is_some_and(|n| !n.pen.is_empty());
        let inside_pen = |c: Cell| node.is_some_and(|n| !n.pen.is_empty() && n.objective == c);
        // What must be reached with the pen shut: (tile, solid, what it is). Names are made only
        // for a report.
        let mut must: Vec<(Cell, bool, &'static str)> = Vec::new();
        for f in d.food.iter().filter(|f| f.room == room.id) {
            must.push((f.cell, false, "food"));
        }
        for it in d.items.iter().filter(|it| owner[idx(it.cell)] == r && it.source == ItemSource::Floor) {
            if !inside_pen(it.cell) {
                must.push((it.cell, false, "an item"));
            }
        }
        for o in d.objects.iter().filter(|o| owner[idx(o.cell)] == r) {
            match o.kind {
                ObjectKind::Crate { .. } => {}
                _ if inside_pen(o.cell) => {}
                ObjectKind::Plate { .. } => must.push((o.cell, false, "a plate")),
                _ => must.push((o.cell, true, "an object")),
            }
        }
        if owner[idx(d.player_start)] == r {
            must.push((d.player_start, false, "the player's start"));
        }
        for &(c, is_solid, what) in &must {
            if !touches(&mark, shut, c, is_solid, w, h) {
                report.flag("access", format!("room {}: {what} at {c:?} can't be reached", room.id));
            }
        }
        let Some(node) = node else { continue };
        let o = node.objective;
        let solid_objective = solid[idx(o)];
        if penned {
            // Shut, the pen keeps its objective from the player …
            if touches(&mark, shut, o, solid_objective, w, h) {
                report.flag("pens", format!("node {}: its pen doesn't shut in {o:?}", node.id));
            }
        }
        // Without a pen, open and shut are the same fill.
        let opened = if penned {
            stamp += 1;
            flood(&mut mark, stamp, &entries[room.id], w, h, &|c| free(c, true));
            stamp
        } else {
            shut
        };
        // … and open, the objective (or, for the crate, its push tile and line) is free.
        let crate_of = d.objects.iter().find_map(|ob| match ob.kind {
            ObjectKind::Crate { plate, push_from } if ob.node == node.id => Some((ob.cell, plate, push_from)),
            _ => None,
        });
        if let Some((crate_cell, plate, push_from)) = crate_of {
            let step = (plate.0 as isize - crate_cell.0 as isize, plate.1 as isize - crate_cell.1 as isize);
            let straight = (step.0 == 0) != (step.1 == 0);
            let unit = (step.0.signum(), step.1.signum());
            let behind = (crate_cell.0 as isize - unit.0, crate_cell.1 as isize - unit.1);
            let line_free = straight
                && (1..=step.0.abs().max(step.1.abs())).all(|k| {
                    let c =
                        ((crate_cell.0 as isize + unit.0 * k) as usize, (crate_cell.1 as isize + unit.1 * k) as usize);
                    free(c, true)
                });
            if !straight
                || behind != (push_from.0 as isize, push_from.1 as isize)
                || !line_free
                || mark[idx(push_from)] != opened
            {
                report.flag(
                    "access",
                    format!(
                        "node {}: the crate at {crate_cell:?} can't be pushed from {push_from:?} onto {plate:?}",
                        node.id
                    ),
                );
            }
        } else if node.role != crate::dungeon::level::NodeRole::Bridge
            && !touches(&mark, opened, o, solid_objective, w, h)
        {
            report.flag("access", format!("node {}: its objective at {o:?} can't be reached", node.id));
        }
    }
}

/// Marks with `stamp` every tile reached from `starts` over tiles where `free` holds.
fn flood(mark: &mut [u32], stamp: u32, starts: &[Cell], w: usize, h: usize, free: &dyn Fn(Cell) -> bool) {
    let mut queue: VecDeque<Cell> = VecDeque::new();
    for &c in starts.iter().filter(|&&c| free(c)) {
        mark[c.1 * w + c.0] = stamp;
        queue.push_back(c);
    }
    while let Some(c) = queue.pop_front() {
        for n in around(c, w, h) {
            if mark[n.1 * w + n.0] != stamp && free(n) {
                mark[n.1 * w + n.0] = stamp;
                queue.push_back(n);
            }
        }
    }
}

/// Whether the player reaches `c` (walkable things) or a tile beside it (solid things).
fn touches(mark: &[u32], stamp: u32, c: Cell, solid: bool, w: usize, h: usize) -> bool {
    if solid { around(c, w, h).any(|n| mark[n.1 * w + n.0] == stamp) } else { mark[c.1 * w + c.0] == stamp }
}
