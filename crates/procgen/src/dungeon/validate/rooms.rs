//! The validator's room rules: in each room the doors, pickups, plates, push tiles and the start
//! can be reached around solid things and hazards; a pen really shuts its objective in and
//! opening it frees it; a crate's push line is clear; pens, food and hazards stand where they may.

use std::collections::VecDeque;

use super::Report;
use super::grid::{NONE, around, open_floor};
use crate::dungeon::level::{Cell, Dungeon, ItemSource, Node, NodeRole, ObjectKind, Room, RoomKind, Tile};

/// In each room: doors, pickups, plates, push tiles and the start reachable around solid things
/// and hazards; pens shut their objective in and free it when open; crates can be pushed home.
/// Also where pens, food and hazards may be.
pub(super) fn check_rooms_inside(d: &Dungeon, owner: &[u32], report: &mut Report) {
    let hazard = check_hazards(d, owner, report);
    let solid = check_things(d, owner, &hazard, report);
    let pen_of = check_gates(d, owner, report);
    let tiles = Tiles { d, owner, hazard, solid, pen_of };
    let entries = room_entries(d, owner);
    let mut fills = Fills { mark: vec![0u32; d.width * d.height], stamp: 0 };
    for room in &d.rooms {
        check_room(&tiles, &entries[room.id], room, &mut fills, report);
    }
}

/// Hazards: one a tile, on open floor of their own room, never in a start or bridge room. Gives
/// the tiles with a hazard.
fn check_hazards(d: &Dungeon, owner: &[u32], report: &mut Report) -> Vec<bool> {
    let idx = |c: Cell| c.1 * d.width + c.0;
    let mut hazard = vec![false; d.width * d.height];
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
    hazard
}

/// Objects, items and food: one a tile, on the floor of their room, no hazard under them; nothing
/// on the player's start. Gives the tiles with a solid thing (every object but plates).
fn check_things(d: &Dungeon, owner: &[u32], hazard: &[bool], report: &mut Report) -> Vec<bool> {
    let idx = |c: Cell| c.1 * d.width + c.0;
    let mut solid = vec![false; d.width * d.height];
    let mut taken = vec![false; d.width * d.height];
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
    let mut food_at = vec![false; d.width * d.height];
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
    solid
}

/// Gates: exactly the pens' tiles, each a gate of its node's room alone. Gives each tile's pen
/// (its node), or [`NONE`].
fn check_gates(d: &Dungeon, owner: &[u32], report: &mut Report) -> Vec<u32> {
    let w = d.width;
    let mut pen_of = vec![NONE; w * d.height];
    for n in &d.nodes {
        for &g in &n.pen {
            let i = g.1 * w + g.0;
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
    pen_of
}

/// Every room's entries: its tiles beside a door.
fn room_entries(d: &Dungeon, owner: &[u32]) -> Vec<Vec<Cell>> {
    let mut entries: Vec<Vec<Cell>> = vec![Vec::new(); d.rooms.len()];
    for door in &d.doors {
        for n in around(door.cell, d.width, d.height) {
            let r = owner[n.1 * d.width + n.0];
            if r != NONE {
                entries[r as usize].push(n);
            }
        }
    }
    entries
}

/// The tiles as the room rules see them: each tile's room, hazard, solid thing and pen.
struct Tiles<'a> {
    d: &'a Dungeon,
    owner: &'a [u32],
    hazard: Vec<bool>,
    solid: Vec<bool>,
    pen_of: Vec<u32>,
}

impl Tiles<'_> {
    /// A tile's index.
    fn idx(&self, c: Cell) -> usize {
        c.1 * self.d.width + c.0
    }

    /// Whether the player may stand on `c` in room `r`: open floor without a hazard or a solid
    /// thing, or, when `pen_open`, a gate of `node`'s pen.
    fn free(&self, c: Cell, r: usize, node: Option<&Node>, pen_open: bool) -> bool {
        let i = self.idx(c);
        self.owner[i] == r as u32
            && !self.hazard[i]
            && !self.solid[i]
            && (open_floor(self.d.tiles[i])
                || pen_open && self.d.tiles[i] == Tile::Gate && node.is_some_and(|n| self.pen_of[i] == n.id as u32))
    }
}

/// Flood fills of one room after another, each marking what it reaches with its own stamp.
struct Fills {
    mark: Vec<u32>,
    stamp: u32,
}

impl Fills {
    /// A new fill from `starts` over the tiles where `free` holds; gives its stamp.
    fn fill(&mut self, starts: &[Cell], d: &Dungeon, free: &dyn Fn(Cell) -> bool) -> u32 {
        self.stamp += 1;
        flood(&mut self.mark, self.stamp, starts, d.width, d.height, free);
        self.stamp
    }
}

/// Room by room: a flood fill of the free tiles from the doors, with the pen shut, reaches every
/// door and all the room must offer; then the room's node.
fn check_room(t: &Tiles, entries: &[Cell], room: &Room, fills: &mut Fills, report: &mut Report) {
    let d = t.d;
    let node = room.node.map(|n| &d.nodes[n]).filter(|n| n.room == room.id);
    let shut = fills.fill(entries, d, &|c| t.free(c, room.id, node, false));
    if entries.is_empty() {
        report.flag("access", format!("room {} has no door", room.id));
        return;
    }
    if let Some(&c) = entries.iter().find(|&&c| fills.mark[t.idx(c)] != shut) {
        report.flag("access", format!("room {}: the door beside {c:?} is cut off from its other doors", room.id));
    }
    for (c, is_solid, what) in must_reach(t, room.id, node) {
        if !touches(&fills.mark, shut, c, is_solid, d.width, d.height) {
            report.flag("access", format!("room {}: {what} at {c:?} can't be reached", room.id));
        }
    }
    let Some(node) = node else { return };
    check_node(t, entries, node, shut, fills, report);
}

/// What must be reached in room `r` with the pen shut: (tile, solid, what it is). Names are made
/// only for a report.
fn must_reach(t: &Tiles, r: usize, node: Option<&Node>) -> Vec<(Cell, bool, &'static str)> {
    let d = t.d;
    let inside_pen = |c: Cell| node.is_some_and(|n| !n.pen.is_empty() && n.objective == c);
    let mut must: Vec<(Cell, bool, &'static str)> = Vec::new();
    for f in d.food.iter().filter(|f| f.room == r) {
        must.push((f.cell, false, "food"));
    }
    for it in d.items.iter().filter(|it| t.owner[t.idx(it.cell)] == r as u32 && it.source == ItemSource::Floor) {
        if !inside_pen(it.cell) {
            must.push((it.cell, false, "an item"));
        }
    }
    for o in d.objects.iter().filter(|o| t.owner[t.idx(o.cell)] == r as u32) {
        match o.kind {
            ObjectKind::Crate { .. } => {}
            _ if inside_pen(o.cell) => {}
            ObjectKind::Plate { .. } => must.push((o.cell, false, "a plate")),
            _ => must.push((o.cell, true, "an object")),
        }
    }
    if t.owner[t.idx(d.player_start)] == r as u32 {
        must.push((d.player_start, false, "the player's start"));
    }
    must
}

/// A room's node: shut (fill `shut`), its pen keeps its objective from the player; open, the
/// objective (or, for the crate, its push tile and line) is free.
fn check_node(t: &Tiles, entries: &[Cell], node: &Node, shut: u32, fills: &mut Fills, report: &mut Report) {
    let (w, h) = (t.d.width, t.d.height);
    let o = node.objective;
    let solid_objective = t.solid[t.idx(o)];
    let penned = !node.pen.is_empty();
    if penned && touches(&fills.mark, shut, o, solid_objective, w, h) {
        report.flag("pens", format!("node {}: its pen doesn't shut in {o:?}", node.id));
    }
    // Without a pen, open and shut are the same fill.
    let opened = if penned { fills.fill(entries, t.d, &|c| t.free(c, node.room, Some(node), true)) } else { shut };
    let crate_of = t.d.objects.iter().find_map(|ob| match ob.kind {
        ObjectKind::Crate { plate, push_from } if ob.node == node.id => Some((ob.cell, plate, push_from)),
        _ => None,
    });
    if let Some((crate_cell, plate, push_from)) = crate_of {
        let free = |c: Cell| t.free(c, node.room, Some(node), true);
        if !pushable(crate_cell, plate, push_from, &free) || fills.mark[t.idx(push_from)] != opened {
            report.flag(
                "access",
                format!(
                    "node {}: the crate at {crate_cell:?} can't be pushed from {push_from:?} onto {plate:?}",
                    node.id
                ),
            );
        }
    } else if node.role != NodeRole::Bridge && !touches(&fills.mark, opened, o, solid_objective, w, h) {
        report.flag("access", format!("node {}: its objective at {o:?} can't be reached", node.id));
    }
}

/// Whether a crate at `crate_cell` goes onto `plate` in a straight line, pushed from `push_from`
/// just behind it, over tiles where `free` holds.
fn pushable(crate_cell: Cell, plate: Cell, push_from: Cell, free: &dyn Fn(Cell) -> bool) -> bool {
    let step = (plate.0 as isize - crate_cell.0 as isize, plate.1 as isize - crate_cell.1 as isize);
    let straight = (step.0 == 0) != (step.1 == 0);
    let unit = (step.0.signum(), step.1.signum());
    let behind = (crate_cell.0 as isize - unit.0, crate_cell.1 as isize - unit.1);
    let line_free = straight
        && (1..=step.0.abs().max(step.1.abs())).all(|k| {
            let c = ((crate_cell.0 as isize + unit.0 * k) as usize, (crate_cell.1 as isize + unit.1 * k) as usize);
            free(c)
        });
    straight && behind == (push_from.0 as isize, push_from.1 as isize) && line_free
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
