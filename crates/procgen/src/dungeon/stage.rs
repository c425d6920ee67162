//! What stands on a room's stage: a prefab's dressing, and where a node's objective, pen, crate
//! and start item go. Every candidate is checked by a flood fill of the room's free tiles (a
//! bounded filter over the stage's tiles, not a retry); the same fill vets hazards.

use std::collections::VecDeque;

use crate::rng::GenRng;

use super::grid::Canvas;
use super::layout::Failed;
use super::level::{Cell, NodeRole, Rect, Tile};
use super::themes::{Dressing, Mechanic};
use super::tree::TreeNode;

/// Marks on the tiles of the canvas while furnishing.
pub(super) const SOLID: u8 = 1;
/// The objective inside a pen (unreachable until the pen opens).
pub(super) const PENNED: u8 = 2;
/// Kept clear: objects, the crate's push line, the player's start.
pub(super) const RESERVED: u8 = 4;
pub(super) const HAZARD: u8 = 8;

/// Where one node's things stand.
#[derive(Clone, Debug, Default)]
pub(super) struct Spot {
    pub(super) objective: Cell,
    pub(super) pen: Vec<Cell>,
    /// Crate puzzles: the crate's start and the tile the player pushes from.
    pub(super) crate_at: Option<(Cell, Cell)>,
    /// The start: the tile beside the player with its item or lever.
    pub(super) beside: Option<Cell>,
}

/// A cell moved by `(dx, dy)` times `times`, if it stays non-negative.
fn offset(c: Cell, d: (isize, isize), times: isize) -> Option<Cell> {
    let x = c.0 as isize + d.0 * times;
    let y = c.1 as isize + d.1 * times;
    (x >= 0 && y >= 0).then_some((x as usize, y as usize))
}

const DIRECTIONS: [(isize, isize); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

/// Draws a prefab's dressing: a rug on the stage, a checkered body, or pillars on the stage
/// (every other tile: never two side by side, never on the ring of floor around the stage).
pub(super) fn dress(canvas: &mut Canvas, rect: Rect, stage: Rect, dressing: Dressing) {
    let (area, tile): (Rect, Tile) = match dressing {
        Dressing::Plain => return,
        Dressing::Rug => (stage, Tile::Decor),
        Dressing::Checker => (rect, Tile::Decor),
        Dressing::Pillars => (stage, Tile::Pillar),
    };
    let chosen = |c: Cell| match dressing {
        Dressing::Checker => (c.0 + c.1).is_multiple_of(2),
        Dressing::Pillars => (c.0 - stage.x) % 2 == 1 && (c.1 - stage.y) % 2 == 1,
        _ => true,
    };
    let cells: Vec<Cell> = area.cells().filter(|&c| chosen(c) && canvas.get(c) == Tile::Floor).collect();
    for c in cells {
        canvas.set(c, tile);
    }
}

/// Candidate places for one node's things, in a shuffled order; the first whose room stays
/// joined is taken (the marks are updated).
pub(super) fn place_node(
    canvas: &Canvas,
    marks: &mut [u8],
    area: Rect,
    stage: Rect,
    node: &TreeNode,
    penned: bool,
    rng: &mut impl GenRng,
) -> Result<Spot, Failed> {
    let mut candidates = candidate_spots(stage, node, penned);
    // Shuffled by repeated draws: each candidate is tried at most once.
    while !candidates.is_empty() {
        let spot = candidates.swap_remove(rng.below(candidates.len()));
        let set = spot_marks(&spot, node, penned);
        let saved: Vec<(usize, u8)> = set
            .iter()
            .map(|&(c, _)| {
                let i = c.1 * canvas.width + c.0;
                (i, marks[i])
            })
            .collect();
        for &(c, m) in &set {
            marks[c.1 * canvas.width + c.0] |= m;
        }
        let walkable = set.iter().all(|&(c, _)| matches!(canvas.get(c), Tile::Floor | Tile::Decor));
        if walkable && connected(canvas, marks, area) {
            return Ok(spot);
        }
        for &(i, m) in &saved {
            marks[i] = m;
        }
    }
    Err(Failed("placement"))
}

/// Every place a node's things may stand on `stage` (a penned objective off its outer ring, with
/// the pen's eight gates around it): the start with a tile beside it, a plate with its crate two
/// tiles off and the push tile behind (on the ring at most), anything else alone.
fn candidate_spots(stage: Rect, node: &TreeNode, penned: bool) -> Vec<Spot> {
    let ring = Rect { x: stage.x - 1, y: stage.y - 1, w: stage.w + 2, h: stage.h + 2 };
    let inner = if penned { stage.shrink(1) } else { stage };
    let mut candidates: Vec<Spot> = Vec::new();
    for o in inner.cells() {
        let pen: Vec<Cell> = if penned {
            (o.1 - 1..=o.1 + 1).flat_map(|y| (o.0 - 1..=o.0 + 1).map(move |x| (x, y))).filter(|&c| c != o).collect()
        } else {
            Vec::new()
        };
        match (node.role, node.mechanic) {
            (NodeRole::Start, _) => {
                for d in DIRECTIONS {
                    if let Some(b) = offset(o, d, 1).filter(|&b| stage.contains(b)) {
                        candidates.push(Spot { objective: o, pen: Vec::new(), crate_at: None, beside: Some(b) });
                    }
                }
            }
            (_, Mechanic::CratePlate) => {
                for d in DIRECTIONS {
                    let (Some(c), Some(s)) = (offset(o, d, -2), offset(o, d, -3)) else { continue };
                    if stage.contains(c) && ring.contains(s) {
                        candidates.push(Spot { objective: o, pen: pen.clone(), crate_at: Some((c, s)), beside: None });
                    }
                }
            }
            _ => candidates.push(Spot { objective: o, pen, crate_at: None, beside: None }),
        }
    }
    candidates
}

/// The marks a spot sets: its objective (penned, solid for levers, stations, guards and the
/// table), the pen's gates, the crate with its push tile and line, and the start's neighbour.
fn spot_marks(spot: &Spot, node: &TreeNode, penned: bool) -> Vec<(Cell, u8)> {
    let solid_objective =
        matches!(node.mechanic, Mechanic::Lever | Mechanic::Combine | Mechanic::Guard | Mechanic::Feast)
            && node.role != NodeRole::Start;
    let mut set: Vec<(Cell, u8)> = Vec::new();
    let objective_mark = RESERVED | if penned { PENNED } else { 0 } | if solid_objective { SOLID } else { 0 };
    set.push((spot.objective, objective_mark));
    for &g in &spot.pen {
        set.push((g, RESERVED | SOLID));
    }
    if let Some((c, s)) = spot.crate_at {
        set.push((c, RESERVED | SOLID));
        set.push((s, RESERVED));
        let d = (spot.objective.0 as isize - c.0 as isize, spot.objective.1 as isize - c.1 as isize);
        if let Some(mid) = offset(c, (d.0.signum(), d.1.signum()), 1) {
            set.push((mid, RESERVED));
        }
    }
    if let Some(b) = spot.beside {
        let lever = node.mechanic == Mechanic::Lever;
        set.push((b, RESERVED | if lever { SOLID } else { 0 }));
    }
    set
}

/// Whether any tile within one step (8 neighbours or itself) of `c` carries `mark`.
pub(super) fn near(marks: &[u8], canvas: &Canvas, c: Cell, mark: u8) -> bool {
    (c.1.saturating_sub(1)..=c.1 + 1).any(|y| {
        (c.0.saturating_sub(1)..=c.0 + 1)
            .any(|x| x < canvas.width && y < canvas.height && marks[y * canvas.width + x] & mark != 0)
    })
}

/// Whether blocking the free tile `c` surely keeps its room's free tiles in one piece: its free
/// 4-neighbours are joined by free tiles among its 8 neighbours (one run around the ring), so any
/// path through `c` can step around it. When this says no, a full flood fill decides.
pub(super) fn locally_safe(canvas: &Canvas, marks: &[u8], c: Cell) -> bool {
    let w = canvas.width;
    let free = |x: usize, y: usize| {
        matches!(canvas.get((x, y)), Tile::Floor | Tile::Corridor | Tile::Decor)
            && marks[y * w + x] & (SOLID | HAZARD | PENNED) == 0
    };
    let (x, y) = c;
    // The ring, clockwise from north; even positions are the 4-neighbours. Stages sit inside a
    // ring of floor, so their tiles are never on the grid's edge.
    let ring = [
        free(x, y - 1),
        free(x + 1, y - 1),
        free(x + 1, y),
        free(x + 1, y + 1),
        free(x, y + 1),
        free(x - 1, y + 1),
        free(x - 1, y),
        free(x - 1, y - 1),
    ];
    if ring.iter().all(|&f| f) {
        return true;
    }
    // Count the runs of free ring tiles that hold a 4-neighbour, starting just after a blocked one.
    let Some(blocked) = ring.iter().position(|&f| !f) else { return true };
    let mut runs = 0;
    let (mut in_run, mut counted) = (false, false);
    for k in 1..=8 {
        let i = (blocked + k) % 8;
        if ring[i] {
            if !in_run {
                (in_run, counted) = (true, false);
            }
            if i % 2 == 0 && !counted {
                runs += 1;
                counted = true;
            }
        } else {
            in_run = false;
        }
    }
    runs <= 1
}

/// Whether a room's free tiles (walkable, not solid, not a hazard, not penned in) form one piece.
/// Every open tile of `area` is the room's (a cell belongs to one room), so the search stays in
/// the area and indexes it directly.
pub(super) fn connected(canvas: &Canvas, marks: &[u8], area: Rect) -> bool {
    let w = canvas.width;
    let free = |c: Cell| {
        matches!(canvas.get(c), Tile::Floor | Tile::Corridor | Tile::Decor)
            && marks[c.1 * w + c.0] & (SOLID | HAZARD | PENNED) == 0
    };
    let local = |c: Cell| (c.1 - area.y) * area.w + (c.0 - area.x);
    let total = area.cells().filter(|&c| free(c)).count();
    let Some(first) = area.cells().find(|&c| free(c)) else { return false };
    let mut seen = vec![false; area.w * area.h];
    seen[local(first)] = true;
    let mut count = 1;
    let mut queue = VecDeque::from([first]);
    while let Some(at) = queue.pop_front() {
        for next in canvas.neighbours(at) {
            if area.contains(next) && !seen[local(next)] && free(next) {
                seen[local(next)] = true;
                count += 1;
                queue.push_back(next);
            }
        }
    }
    count == total
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Seed;
    use crate::rng::{Subsystem, stream};

    #[test]
    fn the_local_check_never_lets_a_hazard_split_a_room() {
        // Random rooms of floor and rock: whenever the ring test says a tile may be blocked, a
        // full flood fill agrees the room stays in one piece.
        let area = Rect { x: 1, y: 1, w: 7, h: 7 };
        let mut agreed = 0;
        for seed in 0..4_000u64 {
            let mut rng = stream(Seed(seed), Subsystem::DungeonExtra, 3);
            let mut canvas = Canvas::new(9, 9);
            for c in area.cells() {
                if rng.below(10) < 7 {
                    canvas.set(c, Tile::Floor);
                }
            }
            let mut marks = vec![0u8; 81];
            if !connected(&canvas, &marks, area) {
                continue;
            }
            let stage = area.shrink(1);
            let c = (stage.x + rng.below(stage.w), stage.y + rng.below(stage.h));
            if canvas.get(c) != Tile::Floor || !locally_safe(&canvas, &marks, c) {
                continue;
            }
            marks[c.1 * 9 + c.0] |= HAZARD;
            let rest = area.cells().any(|t| t != c && canvas.get(t) == Tile::Floor);
            assert!(!rest || connected(&canvas, &marks, area), "seed {seed} at {c:?}");
            agreed += 1;
        }
        assert!(agreed > 500, "{agreed}");
    }
}
