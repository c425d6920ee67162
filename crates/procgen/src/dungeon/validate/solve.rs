//! The validator's play rules: a simulated solve, the zones' order, the witness and the par.
//!
//! The solve is a fixpoint: in each round, every room reachable from the start (through open
//! doors, and locked doors whose bridge node is solved) is visited, and every node there whose
//! needed items are held and needed switches thrown is solved. Progress only grows (items are
//! never lost, switches never un-throw, doors never close), so the fixpoint is exactly what any
//! order of play can reach: if it solves the finish, the dungeon can't soft-lock.

use std::collections::VecDeque;

use super::Report;
use crate::dungeon::data::DungeonData;
use crate::dungeon::level::{Dungeon, NodeRole};

/// Each room's doors: (the room beyond, the bridge node that locks it, if any).
fn links(d: &Dungeon) -> Links {
    let mut links = vec![Vec::new(); d.rooms.len()];
    for door in &d.doors {
        links[door.a].push((door.b, door.locked_by));
        links[door.b].push((door.a, door.locked_by));
    }
    links
}

/// Rooms reachable from `from` through open doors and doors whose bridge node is solved.
fn reach(links: &[Vec<(usize, Option<usize>)>], from: usize, solved: &[bool]) -> Vec<bool> {
    let mut seen = vec![false; links.len()];
    seen[from] = true;
    let mut queue = VecDeque::from([from]);
    while let Some(r) = queue.pop_front() {
        for &(next, lock) in &links[r] {
            if !seen[next] && lock.is_none_or(|b| solved[b]) {
                seen[next] = true;
                queue.push_back(next);
            }
        }
    }
    seen
}

/// Whether `id`'s needs are met: its items' givers and its switches' givers are solved.
fn ready(d: &Dungeon, id: usize, solved: &[bool]) -> bool {
    let node = &d.nodes[id];
    node.needs_items.iter().all(|&i| solved[d.items[i].giver])
        && node.needs_switches.iter().all(|&s| solved[d.switches[s].giver])
}

/// Each room's doors, as [`links`] gives them.
type Links = Vec<Vec<(usize, Option<usize>)>>;

/// The play rules: the simulated solve and the zones' order, the witness, then the par.
pub(super) fn check_play(data: &DungeonData, d: &Dungeon, report: &mut Report) {
    let Some(start) = d.nodes.iter().find(|x| x.role == NodeRole::Start) else { return };
    let start_room = start.room;
    let links = links(d);
    let Some((solved, entered_in)) = solve(d, &links, start_room, report) else { return };
    check_solved(d, &links, start_room, &solved, report);
    for z in 1..d.zones.len() {
        if entered_in[z] != usize::MAX && entered_in[z] <= entered_in[z - 1] {
            report.flag("zone order", format!("zone {z} is entered no later than zone {}", z - 1));
        }
    }
    check_witness(d, &links, start_room, report);
    check_par(data, d, report);
}

/// The fixpoint, round by round; each round solves at least one node or stops. Gives the nodes
/// solved and the round each zone was entered in, or `None` (reported) when a zone is reached
/// before its bridge is opened.
fn solve(d: &Dungeon, links: &Links, start_room: usize, report: &mut Report) -> Option<(Vec<bool>, Vec<usize>)> {
    let n = d.nodes.len();
    let mut solved = vec![false; n];
    let mut entered_in = vec![usize::MAX; d.zones.len()];
    for round in 0..=n {
        let rooms = reach(links, start_room, &solved);
        for (r, _) in rooms.iter().enumerate().filter(|(_, seen)| **seen) {
            let z = d.rooms[r].zone;
            // A bridge room belongs to the zone it leads from; entering zone z means a room of z
            // that is not the previous zone's bridge room.
            if entered_in[z] == usize::MAX {
                entered_in[z] = round;
            }
            if z > 0 {
                let opener = d.zones[z].opened_by;
                if opener.is_none_or(|b| !solved[b]) {
                    report.flag("zone order", format!("room {r} of zone {z} is reachable before its bridge is opened"));
                    return None;
                }
            }
        }
        let now: Vec<usize> =
            (0..n).filter(|&id| !solved[id] && rooms[d.nodes[id].room] && ready(d, id, &solved)).collect();
        if now.is_empty() {
            break;
        }
        for id in now {
            solved[id] = true;
        }
    }
    Some((solved, entered_in))
}

/// Every node is solved by the fixpoint; the first that isn't is reported with what it misses.
fn check_solved(d: &Dungeon, links: &Links, start_room: usize, solved: &[bool], report: &mut Report) {
    let n = d.nodes.len();
    if let Some(stuck) = (0..n).find(|&id| !solved[id]) {
        let node = &d.nodes[stuck];
        let missing_items: Vec<usize> =
            node.needs_items.iter().copied().filter(|&i| !solved[d.items[i].giver]).collect();
        let missing_switches: Vec<usize> =
            node.needs_switches.iter().copied().filter(|&s| !solved[d.switches[s].giver]).collect();
        report.flag(
            "solvable",
            format!(
                "{} of {n} nodes can be solved; node {stuck} ({}) never: items {missing_items:?} and switches {missing_switches:?} out of reach, room {} reachable: {}",
                solved.iter().filter(|&&s| s).count(),
                node.title,
                node.room,
                reach(links, start_room, solved)[node.room]
            ),
        );
    }
}

/// The witness: every node once, each solvable when its turn comes.
fn check_witness(d: &Dungeon, links: &Links, start_room: usize, report: &mut Report) {
    let n = d.nodes.len();
    let mut count = vec![0usize; n];
    for &id in &d.solution {
        count[id] += 1;
    }
    if count.iter().any(|&c| c != 1) {
        report.flag(
            "witness",
            format!("the solution lists {} steps for {n} nodes, not each node once", d.solution.len()),
        );
    }
    let mut done = vec![false; n];
    for (step, &id) in d.solution.iter().enumerate() {
        let rooms = reach(links, start_room, &done);
        let node = &d.nodes[id];
        if done[id] || !rooms[node.room] || !ready(d, id, &done) {
            report.flag(
                "witness",
                format!(
                    "step {step}: node {id} ({}) can't be solved yet (room reachable: {})",
                    node.title, rooms[node.room]
                ),
            );
            break;
        }
        done[id] = true;
    }
}

/// The par, from the witness walk, and a walk no shorter than the straight-line hops.
fn check_par(data: &DungeonData, d: &Dungeon, report: &mut Report) {
    let n = d.nodes.len();
    let t = &data.tuning;
    let expected = ((d.walk_tiles as f32 / t.player_speed + n as f32 * t.action_seconds) * t.par_slack).ceil() as u32;
    if d.par_seconds != expected || d.lives != t.lives || d.player_speed != t.player_speed {
        report.flag(
            "par",
            format!(
                "par {} s, lives {}, speed {}: the tuning gives {expected} s, {}, {}",
                d.par_seconds, d.lives, d.player_speed, t.lives, t.player_speed
            ),
        );
    }
    let mut at = d.player_start;
    let mut least = 0usize;
    for &id in &d.solution {
        let o = d.nodes[id].objective;
        least += (at.0.abs_diff(o.0) + at.1.abs_diff(o.1)).saturating_sub(2);
        at = o;
    }
    if d.walk_tiles < least {
        report.flag("par", format!("the witness walk of {} tiles is shorter than its hops ({least})", d.walk_tiles));
    }
}
