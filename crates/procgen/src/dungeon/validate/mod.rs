//! Re-checks every promise of a dungeon from its plain data and the RON data alone. It shares no
//! code with the generator: its own flood fills, its own tree walks, its own solver.
//!
//! Rules, by the name a [`Violation`] carries:
//! - grid ([`grid`]): `shape` (size, rock border), `rooms` (ids, tiles, rectangles), `partition`
//!   (every open tile in one room; rooms touch only at doors), `doors` (each door record is a door
//!   tile between its two rooms, and every door tile is recorded), `separation` (with locked doors
//!   shut, no open path joins two zones), `reachable` (each zone is one piece, every room in it),
//!   `bridges` (one directional bridge room per zone boundary: an open door in, a locked door out);
//! - rooms ([`rooms`]): `access` (in each room the doors, items, plates, push tiles, food and
//!   start are reachable around solid things and hazards; a pen really shuts its objective in,
//!   and opening it frees it; a crate's push line is clear), `pens`, `objects`, `food`,
//!   `hazards`;
//! - tree ([`tree`]): `tree` (one root, parents and children agree, no cycles), `finish`,
//!   `start`, `start leaf`, `density` (⌊rooms / 2⌋ nodes per zone, one per room, fillers empty),
//!   `lock subtree` (a bridge's subtree holds only earlier zones, and the zone just before),
//!   `mechanics` (needs are exactly what children give, in types each mechanic takes), `items`,
//!   `switches` (each fits exactly one consumer, its giver's parent), `theme` (prefabs and
//!   puzzles only in their theme's zone);
//! - play ([`solve`]): `solvable` (a fixpoint over rooms reachable and items held solves every
//!   node: every item is obtainable before it is needed), `zone order` (zones are entered strictly
//!   in order, each only after its bridge is opened), `witness` (the solution replays), `par`.
//!
//! Reachability while solving uses the room graph; the grid rules above prove that graph is the
//! grid's (doors are the only openings between rooms, each room is internally connected), so
//! the solve holds on the tiles too, and stays fast.

pub mod grid;
pub mod rooms;
pub mod solve;
pub mod tree;

use super::data::DungeonData;
use super::level::Dungeon;

pub use crate::violation::Violation;

/// Collects violations.
pub(crate) struct Report(pub Vec<Violation>);

impl Report {
    pub(crate) fn flag(&mut self, rule: &'static str, detail: impl Into<String>) {
        self.0.push(Violation::new(rule, detail));
    }
}

/// Every broken rule of `dungeon` against `data`; empty means it keeps every promise.
///
/// ```
/// use seedfeast_procgen::Seed;
/// use seedfeast_procgen::dungeon::{DungeonData, DungeonRequest, generate_dungeon, validate_dungeon};
/// let data = DungeonData::default();
/// let mut dungeon = generate_dungeon(&data, Seed(3), &DungeonRequest::new(2)).unwrap();
/// assert!(validate_dungeon(&data, &dungeon).is_empty());
/// dungeon.solution.reverse();
/// let rules: Vec<_> = validate_dungeon(&data, &dungeon).into_iter().map(|v| v.rule).collect();
/// assert!(rules.contains(&"witness"), "{rules:?}");
/// ```
pub fn validate_dungeon(data: &DungeonData, dungeon: &Dungeon) -> Vec<Violation> {
    let mut report = Report(Vec::new());
    let shape_ok = grid::check_shape(dungeon, &mut report);
    let tree_ok = tree::check_tree(dungeon, &mut report);
    if !shape_ok || !tree_ok {
        // Indices can't be trusted: the remaining rules would only echo the same fault.
        return report.0;
    }
    grid::check_grid(dungeon, &mut report);
    tree::check_nodes(data, dungeon, &mut report);
    solve::check_play(data, dungeon, &mut report);
    report.0
}
