//! The validator's tile rules: the grid's shape, rooms as a partition of the open tiles, doors as
//! the only openings between rooms, zones sealed from each other but by their locked doors, the
//! bridges, and in each room that everything can be reached around what stands in the way.

use std::collections::VecDeque;

use super::Report;
use crate::dungeon::level::{Cell, Door, Dungeon, ObjectKind, RoomKind, RoomShape, Tile};

pub(super) const NONE: u32 = u32::MAX;

/// Whether a tile can be walked on as generated (gates and locked doors shut).
pub(super) fn open_floor(t: Tile) -> bool {
    matches!(t, Tile::Floor | Tile::Corridor | Tile::Decor)
}

fn is_door(t: Tile) -> bool {
    matches!(t, Tile::Door | Tile::LockedDoor)
}

/// The 4-neighbours of `c` inside a `w × h` grid.
pub(super) fn around((x, y): Cell, w: usize, h: usize) -> impl Iterator<Item = Cell> {
    [
        (x + 1 < w).then(|| (x + 1, y)),
        x.checked_sub(1).map(|x| (x, y)),
        (y + 1 < h).then(|| (x, y + 1)),
        y.checked_sub(1).map(|y| (x, y)),
    ]
    .into_iter()
    .flatten()
}

/// Sizes and every index the other rules follow; `false` if an index is out of range (the other
/// rules would index out of bounds).
pub(super) fn check_shape(d: &Dungeon, report: &mut Report) -> bool {
    let (w, h) = (d.width, d.height);
    if w == 0 || h == 0 || d.tiles.len() != w * h {
        report.flag("shape", format!("{} tiles for a {w}x{h} grid", d.tiles.len()));
        return false;
    }
    let border = (0..w).flat_map(|x| [(x, 0), (x, h - 1)]).chain((0..h).flat_map(|y| [(0, y), (w - 1, y)]));
    if let Some(c) = border.into_iter().find(|&(x, y)| d.tiles[y * w + x] != Tile::Wall) {
        report.flag("shape", format!("the border is open at {c:?}"));
    }
    let before = report.0.len();
    let bounds = Bounds {
        w,
        h,
        zones: d.zones.len(),
        rooms: d.rooms.len(),
        nodes: d.nodes.len(),
        items: d.items.len(),
        switches: d.switches.len(),
    };
    check_map_indices(d, &bounds, report);
    check_node_indices(d, &bounds, report);
    check_thing_indices(d, &bounds, report);
    report.0.len() == before
}

/// What a dungeon's indices must stay below: its grid's size and how many of each thing it lists.
struct Bounds {
    w: usize,
    h: usize,
    zones: usize,
    rooms: usize,
    nodes: usize,
    items: usize,
    switches: usize,
}

impl Bounds {
    /// Whether `c` lies in the grid.
    fn in_grid(&self, c: Cell) -> bool {
        c.0 < self.w && c.1 < self.h
    }
}

/// The zones', rooms' and doors' indices.
fn check_map_indices(d: &Dungeon, b: &Bounds, report: &mut Report) {
    if b.zones == 0 {
        report.flag("shape", "no zones");
    }
    for (i, z) in d.zones.iter().enumerate() {
        if z.id != i || z.bridge_room.is_some_and(|r| r >= b.rooms) || z.opened_by.is_some_and(|n| n >= b.nodes) {
            report.flag("shape", format!("zone {i}: id {} or its bridge room or node is out of range", z.id));
        }
    }
    for (i, r) in d.rooms.iter().enumerate() {
        if r.id != i
            || r.zone >= b.zones
            || r.node.is_some_and(|n| n >= b.nodes)
            || !r.cells.iter().all(|&c| b.in_grid(c))
        {
            report.flag("shape", format!("room {i}: id, zone, node or a tile is out of range"));
        }
    }
    for (i, door) in d.doors.iter().enumerate() {
        if door.a >= b.rooms
            || door.b >= b.rooms
            || !b.in_grid(door.cell)
            || door.locked_by.is_some_and(|n| n >= b.nodes)
        {
            report.flag("shape", format!("door {i}: a room, its tile or its node is out of range"));
        }
    }
}

/// The nodes' indices: ids, zones, rooms, relatives, tiles, needs and gifts.
fn check_node_indices(d: &Dungeon, b: &Bounds, report: &mut Report) {
    for (i, n) in d.nodes.iter().enumerate() {
        let gives_ok = match n.gives {
            crate::dungeon::level::Gives::Item(x) => x < b.items,
            crate::dungeon::level::Gives::Switch(x) => x < b.switches,
            crate::dungeon::level::Gives::Clear => true,
        };
        let ok = n.id == i
            && n.zone < b.zones
            && n.room < b.rooms
            && n.parent.is_none_or(|p| p < b.nodes)
            && n.children.iter().all(|&c| c < b.nodes)
            && b.in_grid(n.objective)
            && n.pen.iter().all(|&c| b.in_grid(c))
            && n.needs_items.iter().all(|&x| x < b.items)
            && n.needs_switches.iter().all(|&x| x < b.switches)
            && gives_ok;
        if !ok {
            report.flag("shape", format!("node {i}: an id, zone, room, relative, tile, need or gift is out of range"));
        }
    }
}

/// The indices of items, switches, objects, food, hazards, the ends and the solution.
fn check_thing_indices(d: &Dungeon, b: &Bounds, report: &mut Report) {
    for (i, it) in d.items.iter().enumerate() {
        if it.id != i || it.giver >= b.nodes || it.consumer >= b.nodes || !b.in_grid(it.cell) {
            report.flag("shape", format!("item {i}: out of range"));
        }
    }
    for (i, s) in d.switches.iter().enumerate() {
        if s.id != i || s.giver >= b.nodes || s.opens >= b.nodes {
            report.flag("shape", format!("switch {i}: out of range"));
        }
    }
    for (i, o) in d.objects.iter().enumerate() {
        let kind_ok = match &o.kind {
            ObjectKind::Lever { switch } | ObjectKind::Plate { switch } => *switch < b.switches,
            ObjectKind::Crate { plate, push_from } => b.in_grid(*plate) && b.in_grid(*push_from),
            ObjectKind::Station { makes } => *makes < b.items,
            ObjectKind::Guard { wants, guards } => *wants < b.items && *guards < b.items,
            ObjectKind::Table => true,
        };
        if o.node >= b.nodes || !b.in_grid(o.cell) || !kind_ok {
            report.flag("shape", format!("object {i}: out of range"));
        }
    }
    for f in &d.food {
        if !b.in_grid(f.cell) || f.room >= b.rooms {
            report.flag("shape", format!("food at {:?} is out of range", f.cell));
        }
    }
    for hz in &d.hazards {
        if !b.in_grid(hz.cell) || hz.room >= b.rooms {
            report.flag("shape", format!("hazard at {:?} is out of range", hz.cell));
        }
    }
    if !b.in_grid(d.player_start) || !b.in_grid(d.finish) || d.solution.iter().any(|&n| n >= b.nodes) {
        report.flag("shape", "the start, finish or a solution step is out of range");
    }
}

/// Every tile rule (the indices were checked by [`check_shape`]).
pub(super) fn check_grid(d: &Dungeon, report: &mut Report) {
    let (w, h) = (d.width, d.height);
    let tile = |c: Cell| d.tiles[c.1 * w + c.0];

    // Which room owns each tile.
    let mut owner = vec![NONE; w * h];
    for room in &d.rooms {
        if room.cells.is_empty() {
            report.flag("rooms", format!("room {} has no tiles", room.id));
        }
        for &c in &room.cells {
            let i = c.1 * w + c.0;
            if owner[i] != NONE {
                report.flag("rooms", format!("tile {c:?} belongs to rooms {} and {}", owner[i], room.id));
            }
            owner[i] = room.id as u32;
            if matches!(tile(c), Tile::Wall | Tile::Door | Tile::LockedDoor) {
                report.flag("rooms", format!("room {} lists {c:?}, a {:?} tile", room.id, tile(c)));
            }
        }
        // The body is everything but its corridors; its bounding box is the room's rectangle.
        let body: Vec<Cell> = room.cells.iter().copied().filter(|&c| tile(c) != Tile::Corridor).collect();
        if let Some(&first) = body.first() {
            let (mut x0, mut y0, mut x1, mut y1) = (first.0, first.1, first.0, first.1);
            for &(x, y) in &body {
                (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
            }
            let r = room.rect;
            if (r.x, r.y, r.w, r.h) != (x0, y0, x1 - x0 + 1, y1 - y0 + 1) {
                report.flag("rooms", format!("room {} says {r:?}, its body spans {x0},{y0} to {x1},{y1}", room.id));
            }
        } else {
            report.flag("rooms", format!("room {} has no body", room.id));
        }
    }

    // Partition: every open tile but a door is some room's, and rooms meet only at doors.
    let solid_or_door = |t: Tile| t == Tile::Wall || is_door(t);
    for i in 0..w * h {
        if solid_or_door(d.tiles[i]) {
            continue;
        }
        let here = owner[i];
        let (x, y) = (i % w, i / w);
        if here == NONE {
            report.flag("partition", format!("open tile ({x}, {y}) belongs to no room"));
            continue;
        }
        // The right and lower neighbours (each pair is seen once).
        let right = (x + 1 < w).then_some(i + 1);
        let below = (y + 1 < h).then_some(i + w);
        for j in [right, below].into_iter().flatten() {
            let there = owner[j];
            if !solid_or_door(d.tiles[j]) && there != NONE && there != here {
                report.flag("partition", format!("rooms {here} and {there} touch at ({x}, {y}) without a door"));
            }
        }
    }

    check_doors(d, &owner, report);
    check_separation(d, &owner, report);
    check_bridges(d, report);
    super::rooms::check_rooms_inside(d, &owner, report);
}

/// Each door record is a door tile between its two rooms; every door tile is recorded once.
fn check_doors(d: &Dungeon, owner: &[u32], report: &mut Report) {
    let (w, h) = (d.width, d.height);
    let mut recorded = vec![0u32; w * h];
    for (i, door) in d.doors.iter().enumerate() {
        let c = door.cell;
        recorded[c.1 * w + c.0] += 1;
        let t = d.tiles[c.1 * w + c.0];
        let expected = if door.locked_by.is_some() { Tile::LockedDoor } else { Tile::Door };
        if t != expected {
            report.flag("doors", format!("door {i} at {c:?} is a {t:?} tile, expected {expected:?}"));
        }
        let mut sides: Vec<u32> = around(c, w, h).map(|n| owner[n.1 * w + n.0]).filter(|&r| r != NONE).collect();
        sides.sort_unstable();
        let mut expected_sides = vec![door.a as u32, door.b as u32];
        expected_sides.sort_unstable();
        if door.a == door.b || sides != expected_sides {
            report.flag(
                "doors",
                format!("door {i} at {c:?} joins rooms {sides:?}, its record says {} and {}", door.a, door.b),
            );
        }
    }
    for y in 0..h {
        for x in 0..w {
            let n = recorded[y * w + x];
            if is_door(d.tiles[y * w + x]) && n != 1 {
                report.flag("doors", format!("door tile ({x}, {y}) has {n} records"));
            }
        }
    }
    for (i, door) in d.doors.iter().enumerate() {
        let (za, zb) = (d.rooms[door.a].zone, d.rooms[door.b].zone);
        if door.locked_by.is_none() && za != zb {
            report.flag("separation", format!("open door {i} joins zone {za} to zone {zb}"));
        }
    }
}

/// Flood fill with locked doors shut: no piece holds two zones, and each zone is one piece.
fn check_separation(d: &Dungeon, owner: &[u32], report: &mut Report) {
    let (w, h) = (d.width, d.height);
    let mut piece = vec![NONE; w * h];
    let mut pieces = 0u32;
    for start in 0..w * h {
        let t = d.tiles[start];
        if piece[start] != NONE || t == Tile::Wall || t == Tile::LockedDoor {
            continue;
        }
        piece[start] = pieces;
        let mut zones_seen: Vec<usize> = Vec::new();
        let mut queue = VecDeque::from([start]);
        while let Some(i) = queue.pop_front() {
            if owner[i] != NONE {
                let z = d.rooms[owner[i] as usize].zone;
                if !zones_seen.contains(&z) {
                    zones_seen.push(z);
                }
            }
            for n in around((i % w, i / w), w, h) {
                let j = n.1 * w + n.0;
                let tn = d.tiles[j];
                if piece[j] == NONE && tn != Tile::Wall && tn != Tile::LockedDoor {
                    piece[j] = pieces;
                    queue.push_back(j);
                }
            }
        }
        if zones_seen.len() > 1 {
            report.flag(
                "separation",
                format!(
                    "with locked doors shut, zones {zones_seen:?} are joined (from tile {:?})",
                    (start % w, start / w)
                ),
            );
        }
        pieces += 1;
    }
    for zone in &d.zones {
        let mut first: Option<(usize, u32)> = None;
        for room in d.rooms.iter().filter(|r| r.zone == zone.id) {
            let Some(&c) = room.cells.first() else { continue };
            let p = piece[c.1 * w + c.0];
            match first {
                None => first = Some((room.id, p)),
                Some((r0, p0)) if p0 != p => report.flag(
                    "reachable",
                    format!(
                        "room {} can't be reached from room {r0} of zone {} with locked doors shut",
                        room.id, zone.id
                    ),
                ),
                _ => {}
            }
        }
    }
}

/// One bridge room per boundary, directional, with an open door into its zone and a locked door
/// into the next, opened by the next zone's bridge node.
fn check_bridges(d: &Dungeon, report: &mut Report) {
    let n = d.zones.len();
    for zone in &d.zones {
        let z = zone.id;
        match (zone.bridge_room, z + 1 < n) {
            (None, false) => continue,
            (None, true) => {
                report.flag("bridges", format!("zone {z} has no bridge room into zone {}", z + 1));
                continue;
            }
            (Some(r), false) => {
                report.flag("bridges", format!("the last zone has a bridge room {r}"));
                continue;
            }
            (Some(_), true) => {}
        }
        check_bridge_room(d, z, zone.bridge_room.unwrap_or_default(), report);
    }
    if let Some(zone) = d.zones.first()
        && zone.opened_by.is_some()
    {
        report.flag("bridges", "zone 0 is open from the start; no bridge opens it".to_string());
    }
    let bridge_rooms = d.rooms.iter().filter(|r| r.kind == RoomKind::Bridge).count();
    if bridge_rooms + 1 != n {
        report.flag("bridges", format!("{bridge_rooms} bridge rooms for {n} zones"));
    }
}

/// Zone `z`'s bridge room `r`: a bridge of zone `z`, one open door from zone `z` and one locked
/// door into zone `z + 1` in a straight line across it, the lock opened by the next zone's node.
fn check_bridge_room(d: &Dungeon, z: usize, r: usize, report: &mut Report) {
    let room = &d.rooms[r];
    if room.kind != RoomKind::Bridge || room.shape != RoomShape::Bridge || room.zone != z {
        report.flag("bridges", format!("bridge room {r} of zone {z} is a {:?} room of zone {}", room.kind, room.zone));
    }
    let touching: Vec<&Door> = d.doors.iter().filter(|x| x.a == r || x.b == r).collect();
    let other = |door: &Door| if door.a == r { door.b } else { door.a };
    let inward: Vec<_> = touching.iter().filter(|x| x.locked_by.is_none()).collect();
    let outward: Vec<_> = touching.iter().filter(|x| x.locked_by.is_some()).collect();
    if touching.len() != 2 || inward.len() != 1 || outward.len() != 1 {
        report.flag(
            "bridges",
            format!(
                "bridge room {r} has {} open and {} locked doors, expected one of each",
                inward.len(),
                outward.len()
            ),
        );
        return;
    }
    let (open, locked) = (inward[0], outward[0]);
    if d.rooms[other(open)].zone != z || d.rooms[other(locked)].zone != z + 1 || locked.a != r {
        report
            .flag("bridges", format!("bridge room {r} must lead from zone {z} (open door) to zone {} (locked)", z + 1));
    }
    let (a, b, rect) = (open.cell, locked.cell, room.rect);
    let east_west =
        a.1 == b.1 && a.0 + 1 == rect.x && b.0 == rect.x + rect.w && (rect.y..rect.y + rect.h).contains(&a.1);
    let north_south =
        a.0 == b.0 && a.1 + 1 == rect.y && b.1 == rect.y + rect.h && (rect.x..rect.x + rect.w).contains(&a.0);
    let direction = room.direction.map(|x| x == crate::dungeon::level::Direction::East);
    if !(east_west && direction == Some(true) || north_south && direction == Some(false)) {
        report
            .flag("bridges", format!("bridge room {r} is not a straight {:?} way from {a:?} to {b:?}", room.direction));
    }
    check_opener(d, z, r, locked, report);
}

/// Zone `z + 1`'s locked door opens with the node the zone names: its bridge node, in room `r`.
fn check_opener(d: &Dungeon, z: usize, r: usize, locked: &Door, report: &mut Report) {
    let opener = d.zones[z + 1].opened_by;
    if locked.locked_by != opener || opener.is_none() {
        report.flag(
            "bridges",
            format!("zone {}'s locked door opens with {:?}, the zone says {opener:?}", z + 1, locked.locked_by),
        );
    }
    if let Some(node) = opener.map(|o| &d.nodes[o])
        && (node.role != crate::dungeon::level::NodeRole::Bridge || node.zone != z + 1 || node.room != r)
    {
        report.flag("bridges", format!("node {} opens zone {} but is not its bridge node in room {r}", node.id, z + 1));
    }
}
