//! Numbers that describe a dungeon, for sweeps and tuning.

use super::level::{Dungeon, NodeRole, RoomShape};

/// `(name, value)` pairs:
/// - `zones`, `rooms` (bridge rooms included), `doors`, `loops` (doors beyond a spanning tree),
///   `nodes`, `caves` (cave rooms);
/// - `tree_depth`: edges on the longest path from the root (the finish) to a leaf;
/// - `backtracking`: steps of the witness that go back to an earlier zone than the step before
///   (a return trip across a bridge); 0 means the zones are played strictly one after another;
/// - `walk_tiles`, `par_seconds`: the witness walk and the par it sets;
/// - `food`, `hazards`, `retries` (layout attempts thrown away).
///
/// ```
/// use seedfeast_procgen::Seed;
/// use seedfeast_procgen::dungeon::{DungeonData, DungeonRequest, generate_dungeon, metrics};
/// let d = generate_dungeon(&DungeonData::default(), Seed(1), &DungeonRequest::new(2)).unwrap();
/// let m = metrics(&d);
/// assert_eq!(m.iter().find(|(k, _)| *k == "nodes").unwrap().1, d.nodes.len() as f64);
/// assert_eq!(m.iter().find(|(k, _)| *k == "retries").unwrap().1, 0.0);
/// ```
pub fn metrics(dungeon: &Dungeon) -> Vec<(&'static str, f64)> {
    let depth_of = |mut id: usize| {
        let mut depth = 0;
        // A tree of N nodes has paths of fewer than N edges; the bound also stops a broken parent
        // loop.
        while let Some(parent) = dungeon.nodes.get(id).and_then(|n| n.parent) {
            if depth > dungeon.nodes.len() {
                break;
            }
            depth += 1;
            id = parent;
        }
        depth
    };
    let tree_depth = (0..dungeon.nodes.len()).map(depth_of).max().unwrap_or(0);
    let zone_of = |id: usize| {
        let node = &dungeon.nodes[id];
        // Where the player goes: a bridge node is played in its bridge room.
        if node.role == NodeRole::Bridge { node.zone.saturating_sub(1) } else { node.zone }
    };
    let backtracking = dungeon.solution.windows(2).filter(|w| zone_of(w[1]) < zone_of(w[0])).count();
    let rooms = dungeon.rooms.len();
    let loops = (dungeon.doors.len() + 1).saturating_sub(rooms);
    vec![
        ("zones", dungeon.zones.len() as f64),
        ("rooms", rooms as f64),
        ("doors", dungeon.doors.len() as f64),
        ("loops", loops as f64),
        ("caves", dungeon.rooms.iter().filter(|r| r.shape == RoomShape::Cave).count() as f64),
        ("nodes", dungeon.nodes.len() as f64),
        ("tree_depth", tree_depth as f64),
        ("backtracking", backtracking as f64),
        ("walk_tiles", dungeon.walk_tiles as f64),
        ("par_seconds", f64::from(dungeon.par_seconds)),
        ("food", dungeon.food.len() as f64),
        ("hazards", dungeon.hazards.len() as f64),
        ("retries", f64::from(dungeon.retries)),
    ]
}
