//! Furnishing the skeleton: which room each node lives in, the prefabs' dressing, every pen,
//! object, item and switch (those three in [`gifts`](super::gifts)), then food and hazards.
//!
//! Objects stand on a room's stage, whose surrounding ring of floor stays free, so a room's doors
//! stay joined whatever stands on the stage. Every placement (and every hazard) is still checked
//! by a flood fill of the room's free tiles: candidates that would cut something off are skipped,
//! which is a bounded filter, not a retry.

use std::collections::VecDeque;

use crate::rng::GenRng;

use super::explain::Carving;
use super::gifts::{hand_out, needs, set_objects};
use super::grid::Canvas;
use super::layout::{Body, Doorway, Failed, Skeleton};
use super::level::{
    Cell, Door, Food, Gives, Hazard, Item, Node, NodeRole, Object, Room, RoomKind, RoomShape, Switch, Tile,
};
use super::stage::{HAZARD, RESERVED, Spot, connected, dress, locally_safe, near, place_node};
use super::themes::{Mechanic, PuzzleKind, Theme};
use super::tree::{Out, TreeNode};
use super::tuning::DungeonTuning;

/// Everything placed on the skeleton.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Furnished {
    pub rooms: Vec<Room>,
    pub doors: Vec<Door>,
    pub nodes: Vec<Node>,
    pub items: Vec<Item>,
    pub switches: Vec<Switch>,
    pub objects: Vec<Object>,
    pub food: Vec<Food>,
    pub hazards: Vec<Hazard>,
    pub player_start: Cell,
    pub finish: Cell,
}

/// Furnishes `skeleton` (dressing and pens are drawn on its canvas) for the grown `tree`.
/// An error means no placement passed the checks (never seen; the caller retries, counted).
pub(crate) fn furnish(
    skeleton: &mut Skeleton,
    tree: &[TreeNode],
    themes: &[&Theme],
    tuning: &DungeonTuning,
    k: u32,
    rng: &mut impl GenRng,
    food_rng: &mut impl GenRng,
) -> Result<Furnished, Failed> {
    let cells = room_cells(skeleton);
    let (room_of, start) = rooms_for_nodes(skeleton, tree, rng)?;
    let plan = Plan::new(tree, themes, &skeleton.bodies, room_of);
    let canvas = &mut skeleton.canvas;
    let prefabs = dress_rooms(canvas, &plan, rng)?;
    let (spots, mut marks) = stand_nodes(canvas, &skeleton.doors, &plan, rng)?;
    let gifts = hand_out(&plan, &spots)?;
    let objects = set_objects(&plan, &spots, &gifts.gives)?;
    let (hazards, food) =
        scatter(canvas, &mut marks, &plan, &cells, tuning.food_share, tuning.hazard_share_at(k), food_rng);
    Ok(Furnished {
        rooms: room_data(&plan, prefabs, cells),
        doors: door_data(&skeleton.doors, &plan),
        nodes: node_data(&plan, &spots, &gifts.gives),
        items: gifts.items,
        switches: gifts.switches,
        objects,
        food,
        hazards,
        player_start: spots[start].objective,
        finish: spots[0].objective,
    })
}

/// Which room each node lives in, and so what kind each room is, with the data they are themed by.
pub(super) struct Plan<'a> {
    pub(super) tree: &'a [TreeNode],
    pub(super) themes: &'a [&'a Theme],
    pub(super) bodies: &'a [Body],
    /// Every node's room (a bridge node's is the bridge room behind its locked door).
    pub(super) room_of: Vec<usize>,
    /// The node living in every room (bridge nodes left out).
    pub(super) node_in: Vec<Option<usize>>,
}

impl<'a> Plan<'a> {
    /// The plan for nodes seated in `room_of`.
    fn new(tree: &'a [TreeNode], themes: &'a [&'a Theme], bodies: &'a [Body], room_of: Vec<usize>) -> Plan<'a> {
        let mut node_in = vec![None; bodies.len()];
        for (id, &room) in room_of.iter().enumerate() {
            if tree[id].role != NodeRole::Bridge {
                node_in[room] = Some(id);
            }
        }
        Plan { tree, themes, bodies, room_of, node_in }
    }

    /// A room's kind: a bridge, the start's, the finish's, a puzzle's or a filler.
    fn kind_of_room(&self, r: usize) -> RoomKind {
        match (self.bodies[r].shape, self.node_in[r].map(|id| self.tree[id].role)) {
            (RoomShape::Bridge, _) => RoomKind::Bridge,
            (_, Some(NodeRole::Start)) => RoomKind::Start,
            (_, Some(NodeRole::Finish)) => RoomKind::Finish,
            (_, Some(_)) => RoomKind::Puzzle,
            (_, None) => RoomKind::Filler,
        }
    }

    /// The theme of a node's zone.
    pub(super) fn theme_of(&self, node: &TreeNode) -> &'a Theme {
        self.themes[node.zone]
    }

    /// A puzzle node's kind, from its zone's theme.
    pub(super) fn kind_of(&self, node: &TreeNode) -> Option<&'a PuzzleKind> {
        node.kind.map(|i| &self.theme_of(node).puzzles[i])
    }

    /// The bridge node of zone `z` (the one whose door leads into zone `z`), if any.
    fn bridge_of_zone(&self, z: usize) -> Option<usize> {
        self.tree.iter().position(|t| t.role == NodeRole::Bridge && t.zone == z)
    }
}

/// Every room's tiles: the non-wall tiles of its own area.
fn room_cells(skeleton: &Skeleton) -> Vec<Vec<Cell>> {
    let canvas = &skeleton.canvas;
    skeleton.bodies.iter().map(|b| b.area.cells().filter(|&c| canvas.get(c) != Tile::Wall).collect()).collect()
}

/// The rooms each room shares a door with.
fn door_links(skeleton: &Skeleton) -> Vec<Vec<usize>> {
    let mut links: Vec<Vec<usize>> = vec![Vec::new(); skeleton.bodies.len()];
    for d in &skeleton.doors {
        if d.b < skeleton.bodies.len() {
            links[d.a].push(d.b);
            links[d.b].push(d.a);
        }
    }
    links
}

/// A room for every node: the finish far from the way into the last zone, the start far from
/// the way out of zone 0, the rest at random within their zone. Gives the rooms and the start node.
fn rooms_for_nodes(
    skeleton: &Skeleton,
    tree: &[TreeNode],
    rng: &mut impl GenRng,
) -> Result<(Vec<usize>, usize), Failed> {
    let n = skeleton.zones.len();
    let links = door_links(skeleton);
    let mut room_of = vec![usize::MAX; tree.len()];
    let mut taken = vec![false; skeleton.bodies.len()];
    let zone_rooms = |z: usize| skeleton.zones[z].rooms.clone();
    let finish_room = finish_room(skeleton, &links, rng);
    room_of[0] = finish_room;
    taken[finish_room] = true;
    let start = tree.iter().position(|t| t.role == NodeRole::Start).ok_or(Failed("placement"))?;
    let anchor = skeleton.zones[0].bridge_room.unwrap_or(finish_room);
    let start_room = farthest(&links, anchor, zone_rooms(0).filter(|&r| !taken[r]).collect(), rng);
    room_of[start] = start_room;
    taken[start_room] = true;
    for z in 0..n {
        let mut rooms: Vec<usize> = zone_rooms(z).filter(|&r| !taken[r]).collect();
        for (id, node) in tree.iter().enumerate() {
            if node.zone != z || room_of[id] != usize::MAX {
                continue;
            }
            if node.role == NodeRole::Bridge {
                room_of[id] = skeleton.zones[z - 1].bridge_room.ok_or(Failed("placement"))?;
                continue;
            }
            if rooms.is_empty() {
                return Err(Failed("placement"));
            }
            let room = rooms.swap_remove(rng.below(rooms.len()));
            room_of[id] = room;
            taken[room] = true;
        }
    }
    Ok((room_of, start))
}

/// The finish's room: one of the last zone's rooms farthest from its way in (any of them when
/// there is a single zone).
fn finish_room(skeleton: &Skeleton, links: &[Vec<usize>], rng: &mut impl GenRng) -> usize {
    let n = skeleton.zones.len();
    let bodies = &skeleton.bodies;
    let entry_of_last =
        if n > 1 { skeleton.doors.iter().find(|d| d.locked && bodies[d.a].zone == n - 2).map(|d| d.b) } else { None };
    let last_rooms = || skeleton.zones[n - 1].rooms.clone();
    match entry_of_last {
        Some(entry) => farthest(links, entry, last_rooms().collect(), rng),
        None => {
            let rooms: Vec<usize> = last_rooms().collect();
            rooms[rng.below(rooms.len())]
        }
    }
}

/// A prefab of the zone's theme for every room, and its dressing. Gives the prefabs' ids.
fn dress_rooms(canvas: &mut Canvas, plan: &Plan, rng: &mut impl GenRng) -> Result<Vec<String>, Failed> {
    let mut prefabs = Vec::with_capacity(plan.bodies.len());
    for (r, body) in plan.bodies.iter().enumerate() {
        let kind = plan.kind_of_room(r);
        let fitting: Vec<_> = plan.themes[body.zone].prefabs.iter().filter(|p| p.rooms.contains(&kind)).collect();
        let prefab = fitting.get(rng.below(fitting.len().max(1))).ok_or(Failed("placement"))?;
        canvas.mark(Carving::Dressing { room: r });
        dress(canvas, body.rect, body.stage, prefab.dressing);
        prefabs.push(prefab.id.clone());
    }
    Ok(prefabs)
}

/// Where each node's things stand, checked by a flood fill of its room (a bridge's objective is
/// its locked door); pens are drawn as gates. Gives the spots and the marks they left.
fn stand_nodes(
    canvas: &mut Canvas,
    doors: &[Doorway],
    plan: &Plan,
    rng: &mut impl GenRng,
) -> Result<(Vec<Spot>, Vec<u8>), Failed> {
    let mut marks = vec![0u8; canvas.width * canvas.height];
    let mut spots: Vec<Spot> = vec![Spot::default(); plan.tree.len()];
    for (id, node) in plan.tree.iter().enumerate() {
        let room = plan.room_of[id];
        if node.role == NodeRole::Bridge {
            let door = doors.iter().find(|d| d.locked && d.a == room).ok_or(Failed("placement"))?;
            spots[id].objective = door.cell;
            continue;
        }
        let body = &plan.bodies[room];
        let spot = place_node(canvas, &mut marks, body.area, body.stage, node, penned(plan.tree, node), rng)?;
        canvas.mark(Carving::Pen { node: id });
        for &g in &spot.pen {
            canvas.set(g, Tile::Gate);
        }
        spots[id] = spot;
    }
    Ok((spots, marks))
}

/// Whether a node stands in a pen: a fetch, lever or crate puzzle with needs (its needs open it);
/// the finish's table is penned by switches (items go to the table itself).
fn penned(tree: &[TreeNode], node: &TreeNode) -> bool {
    let switches = node.children.iter().any(|&c| tree[c].gives == Out::Switch);
    (match node.mechanic {
        Mechanic::Fetch | Mechanic::Lever | Mechanic::CratePlate => !node.children.is_empty(),
        Mechanic::Feast => switches,
        _ => false,
    }) && node.role != NodeRole::Start
}

/// Hazards on puzzle, filler and finish stages, then food on free tiles, room by room.
fn scatter(
    canvas: &Canvas,
    marks: &mut [u8],
    plan: &Plan,
    cells: &[Vec<Cell>],
    food_share: f32,
    hazard_share: f32,
    food_rng: &mut impl GenRng,
) -> (Vec<Hazard>, Vec<Food>) {
    let mut hazards = Vec::new();
    let mut food = Vec::new();
    for (r, body) in plan.bodies.iter().enumerate() {
        let theme = plan.themes[body.zone];
        if matches!(plan.kind_of_room(r), RoomKind::Puzzle | RoomKind::Filler | RoomKind::Finish) {
            for cell in hazard_cells(canvas, marks, body, hazard_share, food_rng) {
                hazards.push(Hazard { cell, name: theme.hazard.clone(), room: r });
            }
        }
        for cell in food_cells(canvas, marks, &cells[r], food_share, food_rng) {
            let kind = theme.food[food_rng.below(theme.food.len())];
            food.push(Food { cell, kind, room: r });
        }
    }
    (hazards, food)
}

/// A `share` of a stage's tiles for hazards, away from reserved tiles and other hazards, each
/// kept only if the room stays joined (marked on `marks`). Each candidate is looked at once:
/// bounded by the stage.
fn hazard_cells(canvas: &Canvas, marks: &mut [u8], body: &Body, share: f32, rng: &mut impl GenRng) -> Vec<Cell> {
    let wanted = (share * (body.stage.w * body.stage.h) as f32).round() as usize;
    let mut candidates: Vec<Cell> = body
        .stage
        .cells()
        .filter(|&c| matches!(canvas.get(c), Tile::Floor | Tile::Decor) && !near(marks, canvas, c, RESERVED))
        .collect();
    let mut placed = Vec::new();
    while placed.len() < wanted && !candidates.is_empty() {
        let c = candidates.swap_remove(rng.below(candidates.len()));
        if near(marks, canvas, c, HAZARD) {
            continue;
        }
        let i = c.1 * canvas.width + c.0;
        let safe = locally_safe(canvas, marks, c);
        marks[i] |= HAZARD;
        if safe || connected(canvas, marks, body.area) {
            placed.push(c);
        } else {
            marks[i] &= !HAZARD;
        }
    }
    placed
}

/// A `share` of a room's free, unmarked tiles for food, drawn at random and listed row by row.
fn food_cells(canvas: &Canvas, marks: &[u8], cells: &[Cell], share: f32, rng: &mut impl GenRng) -> Vec<Cell> {
    let mut free: Vec<Cell> = cells
        .iter()
        .copied()
        .filter(|&c| {
            let m = marks[c.1 * canvas.width + c.0];
            matches!(canvas.get(c), Tile::Floor | Tile::Corridor | Tile::Decor) && m == 0
        })
        .collect();
    let wanted = (share * free.len() as f32).round() as usize;
    let mut picked = Vec::with_capacity(wanted);
    for _ in 0..wanted.min(free.len()) {
        picked.push(free.swap_remove(rng.below(free.len())));
    }
    picked.sort_unstable_by_key(|&(x, y)| (y, x));
    picked
}

/// The rooms as furnished, as plain data.
fn room_data(plan: &Plan, prefabs: Vec<String>, cells: Vec<Vec<Cell>>) -> Vec<Room> {
    plan.bodies
        .iter()
        .zip(prefabs.into_iter().zip(cells))
        .enumerate()
        .map(|(r, (b, (prefab, cells)))| Room {
            id: r,
            zone: b.zone,
            kind: plan.kind_of_room(r),
            shape: b.shape,
            rect: b.rect,
            stage: b.stage,
            prefab,
            node: if b.shape == RoomShape::Bridge { plan.bridge_of_zone(b.zone + 1) } else { plan.node_in[r] },
            cells,
            direction: b.direction,
        })
        .collect()
}

/// The doors as plain data, a locked one opened by the bridge node of the zone it leads into.
fn door_data(doors: &[Doorway], plan: &Plan) -> Vec<Door> {
    doors
        .iter()
        .map(|d| Door {
            a: d.a,
            b: d.b,
            cell: d.cell,
            locked_by: if d.locked { plan.bridge_of_zone(plan.bodies[d.b].zone) } else { None },
        })
        .collect()
}

/// The nodes as plain data: each with its puzzle, room, gift, needs and spot.
fn node_data(plan: &Plan, spots: &[Spot], gives: &[Gives]) -> Vec<Node> {
    plan.tree
        .iter()
        .enumerate()
        .map(|(id, t)| {
            let theme = plan.theme_of(t);
            let (puzzle, title) = match (t.role, plan.kind_of(t)) {
                (NodeRole::Start, _) => (theme.start.id.clone(), theme.start.title.clone()),
                (NodeRole::Finish, _) => (theme.finish.id.clone(), theme.finish.title.clone()),
                (NodeRole::Bridge, _) => (theme.bridge.id.clone(), theme.bridge.title.clone()),
                (_, Some(kind)) => (kind.id.clone(), kind.title.clone()),
                _ => (String::new(), String::new()),
            };
            Node {
                id,
                zone: t.zone,
                room: plan.room_of[id],
                role: t.role,
                puzzle,
                title,
                mechanic: t.mechanic,
                parent: t.parent,
                children: t.children.clone(),
                gives: gives[id],
                needs_items: needs(plan.tree, gives, id, true),
                needs_switches: needs(plan.tree, gives, id, false),
                objective: spots[id].objective,
                pen: spots[id].pen.clone(),
            }
        })
        .collect()
}

/// Among `rooms`, one of those farthest (in doors) from `from`, ties broken by the stream.
fn farthest(links: &[Vec<usize>], from: usize, rooms: Vec<usize>, rng: &mut impl GenRng) -> usize {
    let mut dist = vec![usize::MAX; links.len()];
    dist[from] = 0;
    let mut queue = VecDeque::from([from]);
    while let Some(r) = queue.pop_front() {
        for &next in &links[r] {
            if dist[next] == usize::MAX {
                dist[next] = dist[r] + 1;
                queue.push_back(next);
            }
        }
    }
    let reach = |r: usize| if dist[r] == usize::MAX { 0 } else { dist[r] };
    let best = rooms.iter().map(|&r| reach(r)).max().unwrap_or(0);
    let far: Vec<usize> = rooms.iter().copied().filter(|&r| reach(r) == best).collect();
    // `rooms` is never empty (every zone has a room left for its nodes), so neither is `far`.
    far[rng.below(far.len())]
}
