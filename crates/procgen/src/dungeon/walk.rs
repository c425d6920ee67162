//! The length of the witness walk, which sets the par: the player walks from the start to each
//! node in solving order by shortest paths, around hazards and solid things, through pens once
//! they open and locked doors once their bridges are solved.
//!
//! Walking tile by tile across the whole dungeon for every step would cost a search of the
//! world per node. Instead the walk runs on a small graph: its points are the doors, the
//! player's start and, per node, where the player arrives to use it and where they stand after.
//! Inside each room a breadth-first search over that room's tiles alone joins its points; a
//! shortest route between two points then goes room to room through doors, which is exactly how
//! tiles connect (rooms touch only at doors).

use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};

use super::grid::Canvas;
use super::level::{Cell, Door, Hazard, Item, Node, NodeRole, Object, ObjectKind, Room, Tile};
use super::themes::Mechanic;

/// Where the player arrives to use each node and where they stand afterwards, plus the steps of
/// using it (a crate's push).
struct Use {
    arrive: Cell,
    leave: Cell,
    extra: usize,
}

/// Tiles walked following `order` (see the module docs). `None` if some step can't be reached.
pub(crate) fn walk_length(
    canvas: &Canvas,
    rooms: &[Room],
    doors: &[Door],
    nodes: &[Node],
    items: &[Item],
    objects: &[Object],
    hazards: &[Hazard],
    start: Cell,
    order: &[usize],
) -> Option<usize> {
    let w = canvas.width;
    let idx = |c: Cell| c.1 * w + c.0;
    const NONE: u32 = u32::MAX;
    let mut owner = vec![NONE; canvas.tiles.len()];
    for room in rooms {
        for &c in &room.cells {
            owner[idx(c)] = room.id as u32;
        }
    }
    let mut blocked = vec![false; canvas.tiles.len()];
    for h in hazards {
        blocked[idx(h.cell)] = true;
    }
    for o in objects.iter().filter(|o| !matches!(o.kind, ObjectKind::Plate { .. })) {
        blocked[idx(o.cell)] = true;
    }
    // A tile of room `r` the player may stand on; a pen's gates count when `pen` is that room's
    // node (its pen is open when the player comes to use it).
    // Gates are pens' tiles, and a room holds one node's pen at most: a gate of room `r` is its
    // node's.
    let walkable = |c: Cell, r: usize, pen_open: bool| {
        let i = idx(c);
        owner[i] == r as u32
            && !blocked[i]
            && match canvas.tiles[i] {
                Tile::Floor | Tile::Corridor | Tile::Decor => true,
                Tile::Gate => pen_open,
                _ => false,
            }
    };

    // Each node's use.
    let mut uses: Vec<Use> = Vec::with_capacity(nodes.len());
    for node in nodes {
        let o = node.objective;
        let beside = |room: usize| canvas.neighbours(o).find(|&c| walkable(c, room, true)).unwrap_or(o);
        let used = match (node.role, node.mechanic) {
            (NodeRole::Start, Mechanic::Fetch) => {
                let item = items.iter().find(|i| i.giver == node.id)?.cell;
                Use { arrive: item, leave: item, extra: 0 }
            }
            (NodeRole::Start, _) => Use { arrive: start, leave: start, extra: 0 },
            (NodeRole::Bridge, _) | (NodeRole::Finish, _) => {
                let b = beside(node.room);
                Use { arrive: b, leave: b, extra: 0 }
            }
            (_, Mechanic::Fetch) => Use { arrive: o, leave: o, extra: 0 },
            (_, Mechanic::CratePlate) => {
                let (crate_cell, push_from) = objects.iter().find_map(|ob| match ob.kind {
                    ObjectKind::Crate { push_from, .. } if ob.node == node.id => Some((ob.cell, push_from)),
                    _ => None,
                })?;
                let push = crate_cell.0.abs_diff(o.0) + crate_cell.1.abs_diff(o.1);
                // The player ends on the tile the crate left last, just before the plate.
                Use { arrive: push_from, leave: step_before(o, crate_cell), extra: push }
            }
            _ => {
                let b = beside(node.room);
                Use { arrive: b, leave: b, extra: 0 }
            }
        };
        uses.push(used);
    }

    // The graph's points: doors, then the start, then each node's arrival and leaving points.
    let start_point = doors.len();
    let arrive_point = |n: usize| doors.len() + 1 + 2 * n;
    let leave_point = |n: usize| doors.len() + 2 + 2 * n;
    let points = doors.len() + 1 + 2 * nodes.len();
    let mut edges: Vec<Vec<(usize, usize)>> = vec![Vec::new(); points];
    let mut in_room: Vec<Vec<(usize, Cell, bool)>> = vec![Vec::new(); rooms.len()];
    for (i, d) in doors.iter().enumerate() {
        in_room[d.a].push((i, d.cell, true));
        in_room[d.b].push((i, d.cell, true));
    }
    if let Some(&r) = owner.get(idx(start)).filter(|&&r| r != NONE) {
        in_room[r as usize].push((start_point, start, false));
    }
    for node in nodes {
        in_room[node.room].push((arrive_point(node.id), uses[node.id].arrive, false));
        // Most nodes are left where they were used: one point serves both.
        if uses[node.id].leave != uses[node.id].arrive {
            in_room[node.room].push((leave_point(node.id), uses[node.id].leave, false));
        }
    }
    // Per tile, the search that last reached it and its distance there: stamped, never cleared.
    let mut seen = vec![0u32; canvas.tiles.len()];
    let mut dist = vec![0usize; canvas.tiles.len()];
    let mut stamp = 0u32;
    let mut queue: VecDeque<Cell> = VecDeque::new();
    for (r, here) in in_room.iter().enumerate() {
        for &(from, cell, from_door) in here {
            // Door to door with the pen shut; anything to or from the room's node with it open.
            let is_node_point = from > start_point;
            stamp += 1;
            queue.clear();
            let seeds: Vec<(Cell, usize)> = if from_door {
                canvas.neighbours(cell).filter(|&n| walkable(n, r, is_node_point)).map(|n| (n, 1)).collect()
            } else {
                vec![(cell, 0)]
            };
            for (c, d) in seeds {
                seen[idx(c)] = stamp;
                dist[idx(c)] = d;
                queue.push_back(c);
            }
            while let Some(c) = queue.pop_front() {
                let d = dist[idx(c)];
                for n in canvas.neighbours(c) {
                    if seen[idx(n)] != stamp && walkable(n, r, is_node_point) {
                        seen[idx(n)] = stamp;
                        dist[idx(n)] = d + 1;
                        queue.push_back(n);
                    }
                }
            }
            let at = |c: Cell| (seen[idx(c)] == stamp).then(|| dist[idx(c)]);
            for &(to, target, to_door) in here.iter().filter(|p| p.0 != from) {
                if !is_node_point && to > start_point {
                    // Reached from the node's side instead, with its pen open.
                    continue;
                }
                let found =
                    if to_door { canvas.neighbours(target).filter_map(at).min().map(|d| d + 1) } else { at(target) };
                if let Some(d) = found {
                    edges[from].push((to, d));
                    if is_node_point {
                        edges[to].push((from, d));
                    }
                }
            }
        }
    }

    // Walk the order: Dijkstra on the points, locked doors passable once their bridge is solved.
    let lock: Vec<Option<usize>> = doors.iter().map(|d| d.locked_by).collect();
    let mut solved = vec![false; nodes.len()];
    let mut at = start_point;
    let mut total = 0;
    for &id in order {
        let target = arrive_point(id);
        let mut best = vec![usize::MAX; points];
        best[at] = 0;
        let mut heap = BinaryHeap::from([Reverse((0usize, at))]);
        let mut found = None;
        while let Some(Reverse((d, p))) = heap.pop() {
            if d > best[p] {
                continue;
            }
            if p == target {
                found = Some(d);
                break;
            }
            for &(q, step) in &edges[p] {
                let shut = q < doors.len() && lock[q].is_some_and(|b| !solved[b]);
                if !shut && d + step < best[q] {
                    best[q] = d + step;
                    heap.push(Reverse((d + step, q)));
                }
            }
        }
        let steps = found?;
        let used = &uses[id];
        let leave = if used.leave == used.arrive { target } else { leave_point(id) };
        total += steps + used.extra;
        at = leave;
        solved[id] = true;
    }
    Some(total)
}

/// The tile one step before `plate` coming from `from` (in a straight line).
fn step_before(plate: Cell, from: Cell) -> Cell {
    let step = |p: usize, f: usize| {
        if f < p {
            p - 1
        } else if f > p {
            p + 1
        } else {
            p
        }
    };
    (step(plate.0, from.0), step(plate.1, from.1))
}
