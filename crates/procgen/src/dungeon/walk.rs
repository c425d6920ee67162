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
    let floor = Floor::new(canvas, rooms, objects, hazards);
    let uses: Vec<Use> = nodes.iter().map(|node| use_of(&floor, node, items, objects, start)).collect::<Option<_>>()?;
    let points = Points { doors: doors.len() };
    let in_room = points_by_room(&floor, rooms.len(), doors, nodes, &uses, start);
    let edges = join_rooms(&floor, &in_room, points, points.count(nodes.len()));
    walk_order(&edges, doors, &uses, points, order)
}

/// Which room owns no tile.
const NONE: u32 = u32::MAX;

/// The tiles the player may stand on: the room owning each tile, and the tiles blocked by hazards
/// and solid things (every object but plates).
struct Floor<'a> {
    canvas: &'a Canvas,
    owner: Vec<u32>,
    blocked: Vec<bool>,
}

impl<'a> Floor<'a> {
    /// The floor of `rooms` with `objects` and `hazards` on it.
    fn new(canvas: &'a Canvas, rooms: &[Room], objects: &[Object], hazards: &[Hazard]) -> Floor<'a> {
        let mut floor =
            Floor { canvas, owner: vec![NONE; canvas.tiles.len()], blocked: vec![false; canvas.tiles.len()] };
        for room in rooms {
            for &c in &room.cells {
                let i = floor.idx(c);
                floor.owner[i] = room.id as u32;
            }
        }
        for h in hazards {
            let i = floor.idx(h.cell);
            floor.blocked[i] = true;
        }
        for o in objects.iter().filter(|o| !matches!(o.kind, ObjectKind::Plate { .. })) {
            let i = floor.idx(o.cell);
            floor.blocked[i] = true;
        }
        floor
    }

    /// A tile's index in the canvas.
    fn idx(&self, c: Cell) -> usize {
        c.1 * self.canvas.width + c.0
    }

    /// A tile of room `r` the player may stand on; a pen's gates count when `pen_open` (a node's
    /// pen is open when the player comes to use it). Gates are pens' tiles, and a room holds one
    /// node's pen at most: a gate of room `r` is its node's.
    fn walkable(&self, c: Cell, r: usize, pen_open: bool) -> bool {
        let i = self.idx(c);
        self.owner[i] == r as u32
            && !self.blocked[i]
            && match self.canvas.tiles[i] {
                Tile::Floor | Tile::Corridor | Tile::Decor => true,
                Tile::Gate => pen_open,
                _ => false,
            }
    }
}

/// A node's use: where the player arrives and leaves, and the steps of using it. `None` if a
/// start's item or a crate is missing.
fn use_of(floor: &Floor, node: &Node, items: &[Item], objects: &[Object], start: Cell) -> Option<Use> {
    let o = node.objective;
    let beside = |room: usize| floor.canvas.neighbours(o).find(|&c| floor.walkable(c, room, true)).unwrap_or(o);
    Some(match (node.role, node.mechanic) {
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
    })
}

/// The walk graph's points: doors, then the start, then each node's arrival and leaving points.
#[derive(Clone, Copy)]
struct Points {
    doors: usize,
}

impl Points {
    /// The player's start.
    fn start(self) -> usize {
        self.doors
    }

    /// Where the player arrives to use node `n`.
    fn arrive(self, n: usize) -> usize {
        self.doors + 1 + 2 * n
    }

    /// Where the player stands after using node `n`.
    fn leave(self, n: usize) -> usize {
        self.doors + 2 + 2 * n
    }

    /// How many points there are with `nodes` nodes.
    fn count(self, nodes: usize) -> usize {
        self.doors + 1 + 2 * nodes
    }
}

/// A point in a room: its index, its tile, and whether it is a door.
type RoomPoint = (usize, Cell, bool);

/// Every room's points: its doors, the start if it lies there, and its node's arrival and (where
/// different) leaving points.
fn points_by_room(
    floor: &Floor,
    rooms: usize,
    doors: &[Door],
    nodes: &[Node],
    uses: &[Use],
    start: Cell,
) -> Vec<Vec<RoomPoint>> {
    let points = Points { doors: doors.len() };
    let mut in_room: Vec<Vec<RoomPoint>> = vec![Vec::new(); rooms];
    for (i, d) in doors.iter().enumerate() {
        in_room[d.a].push((i, d.cell, true));
        in_room[d.b].push((i, d.cell, true));
    }
    if let Some(&r) = floor.owner.get(floor.idx(start)).filter(|&&r| r != NONE) {
        in_room[r as usize].push((points.start(), start, false));
    }
    for node in nodes {
        in_room[node.room].push((points.arrive(node.id), uses[node.id].arrive, false));
        // Most nodes are left where they were used: one point serves both.
        if uses[node.id].leave != uses[node.id].arrive {
            in_room[node.room].push((points.leave(node.id), uses[node.id].leave, false));
        }
    }
    in_room
}

/// The graph's edges: inside each room, a breadth-first search from each point to the others.
/// Door to door with the pen shut; anything to or from the room's node with it open.
fn join_rooms(floor: &Floor, in_room: &[Vec<RoomPoint>], points: Points, count: usize) -> Vec<Vec<(usize, usize)>> {
    let mut edges: Vec<Vec<(usize, usize)>> = vec![Vec::new(); count];
    let mut search = RoomSearch::new(floor.canvas.tiles.len());
    for (r, here) in in_room.iter().enumerate() {
        for &(from, cell, from_door) in here {
            let is_node_point = from > points.start();
            search.run(floor, r, cell, from_door, is_node_point);
            for &(to, target, to_door) in here.iter().filter(|p| p.0 != from) {
                if !is_node_point && to > points.start() {
                    // Reached from the node's side instead, with its pen open.
                    continue;
                }
                let at = |c: Cell| search.at(floor, c);
                let found = if to_door {
                    floor.canvas.neighbours(target).filter_map(at).min().map(|d| d + 1)
                } else {
                    at(target)
                };
                if let Some(d) = found {
                    edges[from].push((to, d));
                    if is_node_point {
                        edges[to].push((from, d));
                    }
                }
            }
        }
    }
    edges
}

/// Breadth-first searches inside one room: per tile, the search that last reached it and its
/// distance there, stamped, never cleared.
struct RoomSearch {
    seen: Vec<u32>,
    dist: Vec<usize>,
    stamp: u32,
    queue: VecDeque<Cell>,
}

impl RoomSearch {
    /// Searches over a canvas of `tiles` tiles.
    fn new(tiles: usize) -> RoomSearch {
        RoomSearch { seen: vec![0u32; tiles], dist: vec![0usize; tiles], stamp: 0, queue: VecDeque::new() }
    }

    /// Searches room `r` from `cell` (from a door: from its walkable neighbours, one step in),
    /// through the pen's gates when `pen_open`.
    fn run(&mut self, floor: &Floor, r: usize, cell: Cell, from_door: bool, pen_open: bool) {
        self.stamp += 1;
        self.queue.clear();
        let seeds: Vec<(Cell, usize)> = if from_door {
            floor.canvas.neighbours(cell).filter(|&n| floor.walkable(n, r, pen_open)).map(|n| (n, 1)).collect()
        } else {
            vec![(cell, 0)]
        };
        for (c, d) in seeds {
            self.seen[floor.idx(c)] = self.stamp;
            self.dist[floor.idx(c)] = d;
            self.queue.push_back(c);
        }
        while let Some(c) = self.queue.pop_front() {
            let d = self.dist[floor.idx(c)];
            for n in floor.canvas.neighbours(c) {
                if self.seen[floor.idx(n)] != self.stamp && floor.walkable(n, r, pen_open) {
                    self.seen[floor.idx(n)] = self.stamp;
                    self.dist[floor.idx(n)] = d + 1;
                    self.queue.push_back(n);
                }
            }
        }
    }

    /// The distance to `c` in the last search, if it reached it.
    fn at(&self, floor: &Floor, c: Cell) -> Option<usize> {
        (self.seen[floor.idx(c)] == self.stamp).then(|| self.dist[floor.idx(c)])
    }
}

/// Walks the order: shortest routes on the points, locked doors passable once their bridge is
/// solved. Gives the tiles walked, with each use's extra steps.
fn walk_order(
    edges: &[Vec<(usize, usize)>],
    doors: &[Door],
    uses: &[Use],
    points: Points,
    order: &[usize],
) -> Option<usize> {
    let lock: Vec<Option<usize>> = doors.iter().map(|d| d.locked_by).collect();
    let mut solved = vec![false; uses.len()];
    let mut at = points.start();
    let mut total = 0;
    for &id in order {
        let target = points.arrive(id);
        let shut = |q: usize| q < doors.len() && lock[q].is_some_and(|b| !solved[b]);
        let steps = shortest(edges, at, target, shut)?;
        let used = &uses[id];
        let leave = if used.leave == used.arrive { target } else { points.leave(id) };
        total += steps + used.extra;
        at = leave;
        solved[id] = true;
    }
    Some(total)
}

/// The length of a shortest route from `from` to `target` (Dijkstra), never entering a `shut`
/// point. `None` if there is none.
fn shortest(edges: &[Vec<(usize, usize)>], from: usize, target: usize, shut: impl Fn(usize) -> bool) -> Option<usize> {
    let mut best = vec![usize::MAX; edges.len()];
    best[from] = 0;
    let mut heap = BinaryHeap::from([Reverse((0usize, from))]);
    while let Some(Reverse((d, p))) = heap.pop() {
        if d > best[p] {
            continue;
        }
        if p == target {
            return Some(d);
        }
        for &(q, step) in &edges[p] {
            if !shut(q) && d + step < best[q] {
                best[q] = d + step;
                heap.push(Reverse((d + step, q)));
            }
        }
    }
    None
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
