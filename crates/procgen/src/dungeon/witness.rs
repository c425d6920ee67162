//! The witness: an order in which a player can solve every node, found by playing the dungeon
//! greedily (always the nearest solvable node, by doors), and the walk that order takes, which
//! sets the par time.

use std::collections::VecDeque;

use super::grid::Canvas;
use super::level::{Cell, Door, Hazard, Item, Node, NodeRole, Object, ObjectKind, Room, Tile};
use super::themes::Mechanic;

/// Node ids in a solvable order, starting with the start. Stops early only if the tree is
/// unsolvable (the validator then says why).
pub fn solve_order(nodes: &[Node], rooms: &[Room], doors: &[Door]) -> Vec<usize> {
    let mut solved = vec![false; nodes.len()];
    let mut order = Vec::with_capacity(nodes.len());
    let Some(start) = nodes.iter().position(|n| n.role == NodeRole::Start) else { return order };
    let mut here = nodes[start].room;
    let mut links: Vec<Vec<(usize, Option<usize>)>> = vec![Vec::new(); rooms.len()];
    for d in doors {
        links[d.a].push((d.b, d.locked_by));
        links[d.b].push((d.a, d.locked_by));
    }
    // One node per pass, so at most `nodes.len()` passes.
    for _ in 0..nodes.len() {
        let hops = room_hops(&links, here, &solved);
        let next = (0..nodes.len())
            .filter(|&id| !solved[id] && nodes[id].children.iter().all(|&c| solved[c]))
            .filter(|&id| hops[nodes[id].room] != usize::MAX)
            .min_by_key(|&id| (hops[nodes[id].room], id));
        let Some(id) = next else { break };
        solved[id] = true;
        order.push(id);
        here = nodes[id].room;
    }
    order
}

/// Doors walked from room `from` to every room, through open doors and locked doors whose bridge
/// node is solved; `usize::MAX` where none leads. `links` lists each room's (neighbour, lock).
fn room_hops(links: &[Vec<(usize, Option<usize>)>], from: usize, solved: &[bool]) -> Vec<usize> {
    let mut hops = vec![usize::MAX; links.len()];
    hops[from] = 0;
    let mut queue = VecDeque::from([from]);
    while let Some(r) = queue.pop_front() {
        for &(other, lock) in &links[r] {
            if hops[other] == usize::MAX && lock.is_none_or(|b| solved[b]) {
                hops[other] = hops[r] + 1;
                queue.push_back(other);
            }
        }
    }
    hops
}

/// The tiles walked following `order` by shortest paths from the player's start: to each item,
/// beside each lever, station, guard, table or locked door, to each crate's push tile and then
/// the push. Pens open as their switches are thrown, locked doors as their bridges are solved;
/// hazards and solid objects are walked around. `None` if a step can't be reached.
pub fn walk_length(
    canvas: &Canvas,
    nodes: &[Node],
    items: &[Item],
    objects: &[Object],
    hazards: &[Hazard],
    start: Cell,
    order: &[usize],
) -> Option<usize> {
    let w = canvas.width;
    // Per tile: walkable, never (rock, pillars, hazards, solid objects), or shut until node
    // `value - GATED` opens it (a pen's gate, a bridge's locked door).
    const WALK: u32 = 0;
    const NEVER: u32 = 1;
    const GATED: u32 = 2;
    let mut rule: Vec<u32> = canvas
        .tiles
        .iter()
        .map(|t| if matches!(t, Tile::Floor | Tile::Corridor | Tile::Decor | Tile::Door) { WALK } else { NEVER })
        .collect();
    for h in hazards {
        rule[h.cell.1 * w + h.cell.0] = NEVER;
    }
    for o in objects.iter().filter(|o| !matches!(o.kind, ObjectKind::Plate { .. })) {
        rule[o.cell.1 * w + o.cell.0] = NEVER;
    }
    for n in nodes {
        for &g in &n.pen {
            rule[g.1 * w + g.0] = GATED + n.id as u32;
        }
        if n.role == NodeRole::Bridge {
            rule[n.objective.1 * w + n.objective.0] = GATED + n.id as u32;
        }
    }
    let mut search = Search { seen: vec![0; canvas.tiles.len()], stamp: 0, queue: VecDeque::new() };
    let mut solved = vec![false; nodes.len()];
    let mut at = start;
    let mut total = 0;
    for &id in order {
        let node = &nodes[id];
        // Which gates are open now: a bridge's door once it is solved, a pen once its node's
        // switches (its children) are.
        let open: Vec<bool> = nodes
            .iter()
            .map(|n| if n.role == NodeRole::Bridge { solved[n.id] } else { n.children.iter().all(|&c| solved[c]) })
            .collect();
        let pass = |i: usize| match rule[i] {
            WALK => true,
            NEVER => false,
            gate => open[(gate - GATED) as usize],
        };
        let o = node.objective;
        let crate_of = objects.iter().find_map(|ob| match ob.kind {
            ObjectKind::Crate { push_from, .. } if ob.node == id => Some((ob.cell, push_from)),
            _ => None,
        });
        let (steps, end) = match (node.role, node.mechanic) {
            (NodeRole::Start, Mechanic::Fetch) => {
                let item = items.iter().find(|i| i.giver == id)?.cell;
                search.run(w, at, &pass, Goal::On(item))?
            }
            (NodeRole::Start, _) => (0, at),
            (_, Mechanic::Fetch) => search.run(w, at, &pass, Goal::On(o))?,
            (_, Mechanic::CratePlate) => {
                let (crate_cell, push_from) = crate_of?;
                let (reach, _) = search.run(w, at, &pass, Goal::On(push_from))?;
                let push = crate_cell.0.abs_diff(o.0) + crate_cell.1.abs_diff(o.1);
                // The player ends on the tile the crate left last, just before the plate.
                (reach + push, step_before(o, crate_cell))
            }
            _ => search.run(w, at, &pass, Goal::Beside(o))?,
        };
        total += steps;
        at = end;
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

/// Where a walk ends.
#[derive(Clone, Copy)]
enum Goal {
    On(Cell),
    Beside(Cell),
}

/// A breadth-first search whose buffers are reused between runs (a stamp marks this run's
/// visits, so nothing is cleared).
struct Search {
    seen: Vec<u32>,
    stamp: u32,
    queue: VecDeque<(usize, usize)>,
}

impl Search {
    /// Steps of the shortest walk from `from` to the goal over tiles where `pass` holds (by
    /// index in a grid `w` wide), and the tile it ends on. The grid's border is rock and never
    /// passable, so a tile that was entered has all four neighbours inside the grid. Each tile
    /// is queued at most once.
    fn run(&mut self, w: usize, from: Cell, pass: &impl Fn(usize) -> bool, goal: Goal) -> Option<(usize, Cell)> {
        let reached = |i: usize| match goal {
            Goal::On(c) => i == c.1 * w + c.0,
            Goal::Beside(c) => {
                let o = c.1 * w + c.0;
                i + 1 == o || i == o + 1 || i + w == o || i == o + w
            }
        };
        let start = from.1 * w + from.0;
        if reached(start) {
            return Some((0, from));
        }
        self.stamp += 1;
        self.queue.clear();
        self.seen[start] = self.stamp;
        self.queue.push_back((start, 0));
        while let Some((at, d)) = self.queue.pop_front() {
            for next in [at + 1, at - 1, at + w, at - w] {
                if self.seen[next] == self.stamp || !pass(next) {
                    continue;
                }
                self.seen[next] = self.stamp;
                if reached(next) {
                    return Some((d + 1, (next % w, next / w)));
                }
                self.queue.push_back((next, d + 1));
            }
        }
        None
    }
}
