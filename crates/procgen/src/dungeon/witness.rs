//! The witness: an order in which a player can solve every node, found by playing the dungeon
//! greedily (always the nearest solvable node, counted in doors). [`super::walk`] measures the
//! walk it takes.

use std::collections::VecDeque;

use super::level::{Door, Node, NodeRole, Room};

/// Node ids in a solvable order, starting with the start. Stops early only if the tree is
/// unsolvable (the validator then says why).
pub(crate) fn solve_order(nodes: &[Node], rooms: &[Room], doors: &[Door]) -> Vec<usize> {
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
