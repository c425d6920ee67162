//! Furnishing the skeleton: which room each node lives in, the prefabs' dressing, every pen,
//! object, item and switch, then food and hazards.
//!
//! Objects stand on a room's stage, whose surrounding ring of floor stays free, so a room's doors
//! stay joined whatever stands on the stage. Every placement (and every hazard) is still checked
//! by a flood fill of the room's free tiles: candidates that would cut something off are skipped,
//! which is a bounded filter, not a retry.

use std::collections::VecDeque;

use crate::rng::GenRng;

use super::explain::Carving;
use super::layout::{Failed, Skeleton};
use super::level::{
    Cell, Door, Food, Gives, Hazard, Item, ItemSource, Node, NodeRole, Object, ObjectKind, Room, RoomKind, RoomShape,
    Switch, Tile,
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
    let n = skeleton.zones.len();
    let canvas = &mut skeleton.canvas;
    let bodies = &skeleton.bodies;

    // Rooms' tiles: every non-wall tile of the room's own area.
    let cells: Vec<Vec<Cell>> =
        bodies.iter().map(|b| b.area.cells().filter(|&c| canvas.get(c) != Tile::Wall).collect()).collect();
    let mut links: Vec<Vec<usize>> = vec![Vec::new(); bodies.len()];
    for d in &skeleton.doors {
        if d.b < bodies.len() {
            links[d.a].push(d.b);
            links[d.b].push(d.a);
        }
    }

    // 1. A room for every node: the start far from the way out of zone 0, the finish far from the
    //    way into the last zone, the rest at random within their zone.
    let mut room_of = vec![usize::MAX; tree.len()];
    let mut taken = vec![false; bodies.len()];
    let entry_of_last =
        if n > 1 { skeleton.doors.iter().find(|d| d.locked && bodies[d.a].zone == n - 2).map(|d| d.b) } else { None };
    let zone_rooms = |z: usize| skeleton.zones[z].rooms.clone();
    let finish_room = match entry_of_last {
        Some(entry) => farthest(&links, entry, zone_rooms(n - 1).collect(), rng),
        None => {
            let rooms: Vec<usize> = zone_rooms(n - 1).collect();
            rooms[rng.below(rooms.len())]
        }
    };
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
    let mut node_in = vec![None; bodies.len()];
    for (id, &room) in room_of.iter().enumerate() {
        if tree[id].role != NodeRole::Bridge {
            node_in[room] = Some(id);
        }
    }
    let kind_of_room = |r: usize| match (bodies[r].shape, node_in[r].map(|id| tree[id].role)) {
        (RoomShape::Bridge, _) => RoomKind::Bridge,
        (_, Some(NodeRole::Start)) => RoomKind::Start,
        (_, Some(NodeRole::Finish)) => RoomKind::Finish,
        (_, Some(_)) => RoomKind::Puzzle,
        (_, None) => RoomKind::Filler,
    };

    // 2. A prefab of the zone's theme for every room, and its dressing.
    let mut prefabs = Vec::with_capacity(bodies.len());
    for (r, body) in bodies.iter().enumerate() {
        let kind = kind_of_room(r);
        let fitting: Vec<_> = themes[body.zone].prefabs.iter().filter(|p| p.rooms.contains(&kind)).collect();
        let prefab = fitting.get(rng.below(fitting.len().max(1))).ok_or(Failed("placement"))?;
        canvas.mark(Carving::Dressing { room: r });
        dress(canvas, body.rect, body.stage, prefab.dressing);
        prefabs.push(prefab.id.clone());
    }

    // 3. Where each node's things stand, checked by a flood fill of its room.
    let mut marks = vec![0u8; canvas.width * canvas.height];
    let mut spots: Vec<Spot> = vec![Spot::default(); tree.len()];
    for (id, node) in tree.iter().enumerate() {
        let room = room_of[id];
        if node.role == NodeRole::Bridge {
            let door = skeleton.doors.iter().find(|d| d.locked && d.a == room).ok_or(Failed("placement"))?;
            spots[id].objective = door.cell;
            continue;
        }
        // A fetch, lever or crate puzzle with needs stands in a pen (its needs open it); the
        // finish's table is penned by switches (items go to the table itself).
        let switches = node.children.iter().any(|&c| tree[c].gives == Out::Switch);
        let penned = match node.mechanic {
            Mechanic::Fetch | Mechanic::Lever | Mechanic::CratePlate => !node.children.is_empty(),
            Mechanic::Feast => switches,
            _ => false,
        } && node.role != NodeRole::Start;
        let spot = place_node(canvas, &mut marks, bodies[room].area, bodies[room].stage, node, penned, rng)?;
        canvas.mark(Carving::Pen { node: id });
        for &g in &spot.pen {
            canvas.set(g, Tile::Gate);
        }
        spots[id] = spot;
    }

    // 4. Items and switches, each for the giver's parent; then the objects that use them.
    let theme_of = |node: &TreeNode| themes[node.zone];
    let kind_of = |node: &TreeNode| -> Option<&PuzzleKind> { node.kind.map(|i| &theme_of(node).puzzles[i]) };
    let mut items: Vec<Item> = Vec::new();
    let mut switches: Vec<Switch> = Vec::new();
    let mut gives = vec![Gives::Clear; tree.len()];
    for (id, node) in tree.iter().enumerate() {
        let parent = node.parent.unwrap_or(0);
        let spot = &spots[id];
        match node.gives {
            Out::Item => {
                let (name, cell, source) = match (node.role, kind_of(node)) {
                    (NodeRole::Start, _) => {
                        (theme_of(node).start.item.clone(), spot.beside.ok_or(Failed("placement"))?, ItemSource::Floor)
                    }
                    (_, Some(kind)) => {
                        let source = match kind.mechanic {
                            Mechanic::Combine => ItemSource::Station,
                            Mechanic::Guard => ItemSource::Guard,
                            _ => ItemSource::Floor,
                        };
                        (kind.gives.clone(), spot.objective, source)
                    }
                    _ => return Err(Failed("placement")),
                };
                gives[id] = Gives::Item(items.len());
                items.push(Item { id: items.len(), name, giver: id, consumer: parent, cell, source });
            }
            Out::Switch => {
                let name = match (node.role, kind_of(node)) {
                    (NodeRole::Start, _) => theme_of(node).start.lever.clone(),
                    (NodeRole::Bridge, _) => theme_of(node).bridge.door.clone(),
                    (_, Some(kind)) => kind.gives.clone(),
                    _ => return Err(Failed("placement")),
                };
                gives[id] = Gives::Switch(switches.len());
                switches.push(Switch { id: switches.len(), name, giver: id, opens: parent });
            }
            Out::Clear => {}
        }
    }
    let needs = |id: usize, want_items: bool| -> Vec<usize> {
        tree[id]
            .children
            .iter()
            .filter_map(|&c| match gives[c] {
                Gives::Item(i) if want_items => Some(i),
                Gives::Switch(s) if !want_items => Some(s),
                _ => None,
            })
            .collect()
    };
    let mut objects = Vec::new();
    for (id, node) in tree.iter().enumerate() {
        let spot = &spots[id];
        let o = spot.objective;
        let own_item = || match gives[id] {
            Gives::Item(i) => i,
            _ => usize::MAX,
        };
        let own_switch = || match gives[id] {
            Gives::Switch(s) => s,
            _ => usize::MAX,
        };
        let mut put = |cell: Cell, name: &str, kind: ObjectKind| {
            objects.push(Object { node: id, cell, name: name.to_string(), kind });
        };
        match (node.role, node.mechanic, kind_of(node)) {
            (NodeRole::Start, Mechanic::Lever, _) => {
                put(
                    spot.beside.ok_or(Failed("placement"))?,
                    &theme_of(node).start.lever,
                    ObjectKind::Lever { switch: own_switch() },
                );
            }
            (NodeRole::Finish, _, _) => put(o, &theme_of(node).finish.table, ObjectKind::Table),
            (_, Mechanic::Lever, Some(kind)) => put(o, &kind.object, ObjectKind::Lever { switch: own_switch() }),
            (_, Mechanic::CratePlate, Some(kind)) => {
                let (crate_cell, push_from) = spot.crate_at.ok_or(Failed("placement"))?;
                put(o, &kind.object, ObjectKind::Plate { switch: own_switch() });
                let name = kind.pushes.clone().unwrap_or_default();
                put(crate_cell, &name, ObjectKind::Crate { plate: o, push_from });
            }
            (_, Mechanic::Combine, Some(kind)) => put(o, &kind.object, ObjectKind::Station { makes: own_item() }),
            (_, Mechanic::Guard, Some(kind)) => {
                let wants = needs(id, true).first().copied().ok_or(Failed("placement"))?;
                put(o, &kind.object, ObjectKind::Guard { wants, guards: own_item() });
            }
            _ => {}
        }
    }

    // 5. Hazards on puzzle and filler stages, then food on free tiles.
    let mut hazards = Vec::new();
    let mut food = Vec::new();
    let share = tuning.hazard_share_at(k);
    for (r, body) in bodies.iter().enumerate() {
        let kind = kind_of_room(r);
        let theme = themes[body.zone];
        if matches!(kind, RoomKind::Puzzle | RoomKind::Filler | RoomKind::Finish) {
            let wanted = (share * (body.stage.w * body.stage.h) as f32).round() as usize;
            let mut candidates: Vec<Cell> = body
                .stage
                .cells()
                .filter(|&c| matches!(canvas.get(c), Tile::Floor | Tile::Decor) && !near(&marks, canvas, c, RESERVED))
                .collect();
            let mut placed = 0;
            // Each candidate is looked at once: bounded by the stage.
            while placed < wanted && !candidates.is_empty() {
                let c = candidates.swap_remove(food_rng.below(candidates.len()));
                if near(&marks, canvas, c, HAZARD) {
                    continue;
                }
                let i = c.1 * canvas.width + c.0;
                let safe = locally_safe(canvas, &marks, c);
                marks[i] |= HAZARD;
                if safe || connected(canvas, &marks, body.area) {
                    hazards.push(Hazard { cell: c, name: theme.hazard.clone(), room: r });
                    placed += 1;
                } else {
                    marks[i] &= !HAZARD;
                }
            }
        }
        let mut free: Vec<Cell> = cells[r]
            .iter()
            .copied()
            .filter(|&c| {
                let m = marks[c.1 * canvas.width + c.0];
                matches!(canvas.get(c), Tile::Floor | Tile::Corridor | Tile::Decor) && m == 0
            })
            .collect();
        let wanted = (tuning.food_share * free.len() as f32).round() as usize;
        let mut picked = Vec::with_capacity(wanted);
        for _ in 0..wanted.min(free.len()) {
            picked.push(free.swap_remove(food_rng.below(free.len())));
        }
        picked.sort_unstable_by_key(|&(x, y)| (y, x));
        for cell in picked {
            let kind = theme.food[food_rng.below(theme.food.len())];
            food.push(Food { cell, kind, room: r });
        }
    }

    // 6. The plain data.
    let bridge_of_zone = |z: usize| tree.iter().position(|t| t.role == NodeRole::Bridge && t.zone == z);
    let doors = skeleton
        .doors
        .iter()
        .map(|d| Door {
            a: d.a,
            b: d.b,
            cell: d.cell,
            locked_by: if d.locked { bridge_of_zone(bodies[d.b].zone) } else { None },
        })
        .collect();
    let rooms = bodies
        .iter()
        .enumerate()
        .map(|(r, b)| Room {
            id: r,
            zone: b.zone,
            kind: kind_of_room(r),
            shape: b.shape,
            rect: b.rect,
            stage: b.stage,
            prefab: prefabs[r].clone(),
            node: if b.shape == RoomShape::Bridge { bridge_of_zone(b.zone + 1) } else { node_in[r] },
            cells: cells[r].clone(),
            direction: b.direction,
        })
        .collect();
    let nodes = tree
        .iter()
        .enumerate()
        .map(|(id, t)| {
            let theme = theme_of(t);
            let (puzzle, title) = match (t.role, kind_of(t)) {
                (NodeRole::Start, _) => (theme.start.id.clone(), theme.start.title.clone()),
                (NodeRole::Finish, _) => (theme.finish.id.clone(), theme.finish.title.clone()),
                (NodeRole::Bridge, _) => (theme.bridge.id.clone(), theme.bridge.title.clone()),
                (_, Some(kind)) => (kind.id.clone(), kind.title.clone()),
                _ => (String::new(), String::new()),
            };
            Node {
                id,
                zone: t.zone,
                room: room_of[id],
                role: t.role,
                puzzle,
                title,
                mechanic: t.mechanic,
                parent: t.parent,
                children: t.children.clone(),
                gives: gives[id],
                needs_items: needs(id, true),
                needs_switches: needs(id, false),
                objective: spots[id].objective,
                pen: spots[id].pen.clone(),
            }
        })
        .collect();
    Ok(Furnished {
        rooms,
        doors,
        nodes,
        items,
        switches,
        objects,
        food,
        hazards,
        player_start: spots[start].objective,
        finish: spots[0].objective,
    })
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
