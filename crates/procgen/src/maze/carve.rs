//! Carving: a randomized depth-first search makes a perfect maze, then a bounded share of its
//! walls is knocked out to make loops, and then its dead ends are braided: opened into loops too,
//! so a player chased down a branch has a way round.
//!
//! Carving works on the lattice of cells two apart, starting at `(min(1, W−1), min(1, H−1))`
//! and never leaving `[1, W−2] × [1, H−2]`, so the border stays wall. Each move opens the
//! destination and the wall between. A grid too small to carve (under 3 cells either way) has
//! exactly one open cell, the start.
//!
//! Each function has a `_traced` twin that narrates its decisions ([`MazeStep`]); the plain one
//! passes [`NoTrace`], so untraced carving is the same code with nothing built.

use crate::maze::explain::{BraidSkip, MazeStep};
use crate::maze::{Cell, Grid};
use crate::rng::GenRng;
use crate::trace::{NoTrace, Trace};

/// Where carving starts, and so the first open cell in row-major order.
pub fn carve_start(width: usize, height: usize) -> Cell {
    (width.saturating_sub(1).min(1), height.saturating_sub(1).min(1))
}

/// A perfect maze (every open cell reachable, exactly one path between any two), carved from a
/// grid of walls by a depth-first search with an explicit stack: a 1001×1001 maze needs no
/// recursion. At each step the current cell moves two cells in a direction drawn uniformly
/// among the unvisited ones (`below(k)` over up, right, down, left, with no draw when only one
/// remains), or backtracks when there is none. A 0-wide or 0-high grid has no cells at all.
///
/// ```
/// use seedfeast_procgen::{Seed, maze::carve, rng::{stream, Subsystem}};
/// let grid = carve(7, 5, &mut stream(Seed(1), Subsystem::MazeCarve, 0));
/// // Six lattice cells and the five passages of the tree joining them; the border is wall.
/// assert_eq!(grid.open_count(), 11);
/// assert!(grid.rows()[0].chars().all(|c| c == '#'));
/// assert_eq!(grid, carve(7, 5, &mut stream(Seed(1), Subsystem::MazeCarve, 0)));
/// ```
pub fn carve(width: usize, height: usize, rng: &mut impl GenRng) -> Grid {
    carve_traced(width, height, rng, &mut NoTrace)
}

/// [`carve`], narrating the start, each move and each backtrack.
pub fn carve_traced<T: Trace<MazeStep>>(width: usize, height: usize, rng: &mut impl GenRng, trace: &mut T) -> Grid {
    let mut grid = Grid::walls(width, height);
    if width == 0 || height == 0 {
        return grid;
    }
    let start = carve_start(width, height);
    grid.set_open(start, true);
    trace.note(|| MazeStep::CarveStart { cell: start });
    if width < 3 || height < 3 {
        return grid;
    }
    // Visits are kept on the lattice alone (a quarter of the grid, so it stays in cache), with a
    // ring of visited sentinels around it: no bounds test at all in the loop.
    let (lattice_w, lattice_h) = ((width - 1) / 2, (height - 1) / 2);
    let stride = lattice_w + 2;
    let mut visited = vec![true; stride * (lattice_h + 2)];
    for row in visited.chunks_exact_mut(stride).skip(1).take(lattice_h) {
        row[1..=lattice_w].fill(false);
    }
    // Per direction (up, right, down, left): the step on the lattice and on the grid.
    let lattice_step = [stride.wrapping_neg(), 1, stride, usize::MAX];
    let grid_step = [width.wrapping_neg(), 1, width, usize::MAX];
    let open = grid.cells_mut();
    // Grid indices back to cells, for the narration only.
    let xy = |i: usize| (i % width, i / width);
    let first = (stride + 1, width + 1);
    visited[first.0] = true;
    // The path from the start to the current cell, as (lattice index, grid index).
    let mut stack: Vec<(usize, usize)> = Vec::with_capacity(1024);
    stack.push(first);
    while let Some(&(at, cell)) = stack.last() {
        let free = |d: usize| !visited[at.wrapping_add(lattice_step[d])];
        let mask =
            usize::from(free(0)) | usize::from(free(1)) << 1 | usize::from(free(2)) << 2 | usize::from(free(3)) << 3;
        if mask == 0 {
            stack.pop();
            trace.note(|| MazeStep::Backtrack { from: xy(cell), to: stack.last().map(|&(_, back)| xy(back)) });
            continue;
        }
        let k = mask.count_ones() as usize;
        let pick = if k == 1 { 0 } else { rng.below(k) };
        let d = NTH_DIRECTION[mask][pick] as usize;
        let wall = cell.wrapping_add(grid_step[d]);
        let to = wall.wrapping_add(grid_step[d]);
        open[wall] = true;
        open[to] = true;
        let next = at.wrapping_add(lattice_step[d]);
        visited[next] = true;
        stack.push((next, to));
        trace.note(|| MazeStep::Carve { from: xy(cell), wall: xy(wall), to: xy(to), choices: k });
    }
    grid
}

/// `NTH_DIRECTION[mask][n]`: the n-th set bit of a 4-bit direction mask, so a draw among the
/// free directions keeps the order up, right, down, left.
const NTH_DIRECTION: [[u8; 4]; 16] = {
    let mut table = [[0u8; 4]; 16];
    let mut mask = 0;
    while mask < 16 {
        let (mut bit, mut n) = (0, 0);
        while bit < 4 {
            if mask & (1 << bit) != 0 {
                table[mask][n] = bit as u8;
                n += 1;
            }
            bit += 1;
        }
        mask += 1;
    }
    table
};

/// True when the wall at `cell` separates exactly two open cells facing each other (left and
/// right, or up and down) and touches no other open cell: opening it joins two cells that the
/// maze already connects, so it adds exactly one cycle and never a wider room.
pub(crate) fn is_loop_candidate(grid: &Grid, (x, y): Cell) -> bool {
    if grid.is_open(x, y) || grid.is_border((x, y)) {
        return false;
    }
    let up = grid.is_open(x, y - 1);
    let down = grid.is_open(x, y + 1);
    let left = grid.is_open(x - 1, y);
    let right = grid.is_open(x + 1, y);
    (left && right && !up && !down) || (up && down && !left && !right)
}

/// The number of loops a grid asks for: round(loop_share × inner walls), where the inner walls
/// are the wall cells not on the border.
pub fn loop_target(grid: &Grid, loop_share: f32) -> usize {
    (f64::from(loop_share.clamp(0.0, 1.0)) * inner_walls(grid) as f64).round() as usize
}

/// The wall cells not on the border (none on a grid under 3 cells either way).
fn inner_walls(grid: &Grid) -> usize {
    let (w, h) = (grid.width, grid.height);
    if w < 3 || h < 3 {
        return 0;
    }
    let cells = grid.cells();
    let inner_open: usize = (1..h - 1).map(|y| cells[y * w + 1..y * w + w - 1].iter().filter(|&&o| o).count()).sum();
    (w - 2) * (h - 2) - inner_open
}

/// The two open cells a loop candidate separates, left and right or above and below.
fn joined(grid: &Grid, (x, y): Cell) -> [Cell; 2] {
    if grid.is_open(x - 1, y) && grid.is_open(x + 1, y) { [(x - 1, y), (x + 1, y)] } else { [(x, y - 1), (x, y + 1)] }
}

/// Knocks out [`loop_target`] walls to make loops, and returns them in the order knocked out.
///
/// The candidates are the inner walls that separate two open cells in a straight line and touch
/// no other open cell (so each knock-out adds exactly one cycle), taken from `grid` as given.
/// They are drawn uniformly without replacement; a drawn wall that a previous knock-out has
/// made touch a third open cell is skipped. When the candidates run out first, every one that
/// can still be knocked out is. The border is never touched.
///
/// ```
/// use seedfeast_procgen::{Seed, maze::{add_loops, carve}, rng::{stream, Subsystem}};
/// let mut rng = stream(Seed(3), Subsystem::MazeCarve, 0);
/// let mut grid = carve(21, 15, &mut rng);
/// let before = grid.open_count();
/// let loops = add_loops(&mut grid, 0.02, &mut rng);
/// assert_eq!(loops.len(), 2); // round(0.02 × 108 inner walls)
/// assert_eq!(grid.open_count(), before + 2);
/// ```
pub fn add_loops(grid: &mut Grid, loop_share: f32, rng: &mut impl GenRng) -> Vec<Cell> {
    add_loops_traced(grid, loop_share, rng, &mut NoTrace)
}

/// [`add_loops`], narrating the target, each wall knocked through or skipped, and a shortfall.
pub fn add_loops_traced<T: Trace<MazeStep>>(
    grid: &mut Grid,
    loop_share: f32,
    rng: &mut impl GenRng,
    trace: &mut T,
) -> Vec<Cell> {
    let target = loop_target(grid, loop_share);
    if target == 0 || grid.width < 3 || grid.height < 3 {
        trace.note(|| {
            let candidates = if grid.width < 3 || grid.height < 3 {
                0
            } else {
                (0..grid.width * grid.height).filter(|&i| is_loop_candidate(grid, grid.cell(i))).count()
            };
            MazeStep::LoopTarget { loop_share, inner_walls: inner_walls(grid), target, candidates }
        });
        return Vec::new();
    }
    // Row slices above, at and below each inner row, and a branch-free test per cell: walls
    // and passages alternate unpredictably, so a branch per cell would mostly be mispredicted.
    // Each row's candidates are compacted into `row_pool` and then appended.
    let w = grid.width;
    let cells = grid.cells();
    let mut pool: Vec<u32> = Vec::new();
    let mut row_pool = vec![0u32; w];
    for y in 1..grid.height - 1 {
        let (up, row, down) =
            (&cells[(y - 1) * w..y * w], &cells[y * w..(y + 1) * w], &cells[(y + 1) * w..(y + 2) * w]);
        let mut len = 0;
        for x in 1..w - 1 {
            let (u, d, l, r) = (up[x], down[x], row[x - 1], row[x + 1]);
            let candidate = !row[x] & ((l & r & !(u | d)) | (u & d & !(l | r)));
            row_pool[len] = (y * w + x) as u32;
            len += usize::from(candidate);
        }
        pool.extend_from_slice(&row_pool[..len]);
    }
    trace.note(|| MazeStep::LoopTarget { loop_share, inner_walls: inner_walls(grid), target, candidates: pool.len() });
    let mut loops = Vec::with_capacity(target.min(pool.len()));
    while loops.len() < target && !pool.is_empty() {
        let index = pool.swap_remove(rng.below(pool.len())) as usize;
        let cell = grid.cell(index);
        // An earlier knock-out next to this wall makes it touch a third open cell: skip it.
        if is_loop_candidate(grid, cell) {
            grid.set_open(cell, true);
            trace.note(|| MazeStep::Loop { wall: cell, between: joined(grid, cell) });
            loops.push(cell);
        } else {
            trace.note(|| MazeStep::LoopSkipped { wall: cell });
        }
    }
    if loops.len() < target {
        trace.note(|| MazeStep::LoopsShort { made: loops.len(), target });
    }
    loops
}

/// Opens dead ends into loops (Jamis Buck's braid) and returns the walls knocked out, in order.
///
/// Each dead end of `grid` as given (an open cell with one open neighbour), taken in row-major
/// order, is opened with chance `share` (always at 1, never at 0; a draw only in between) if it is
/// still a dead end: the wall between it and an open cell two steps away in a straight line is
/// knocked out, one that separates just those two cells, preferring a far cell that is itself
/// still a dead end (one knock-out then clears both), drawn uniformly among the preferred. A dead
/// end with no such wall stays: the end of a corridor along a narrow grid, or a corner whose
/// other wall a loop has made touch a third open cell. One pass over the dead ends: bounded by
/// the cells. At `share` 0 nothing is drawn, so the grid and the stream are left exactly as they
/// were.
///
/// ```
/// use seedfeast_procgen::{Seed, maze::{braid, carve}, rng::{stream, Subsystem}};
/// let mut rng = stream(Seed(3), Subsystem::MazeCarve, 0);
/// let mut grid = carve(21, 15, &mut rng);
/// let opened = braid(&mut grid, 1.0, &mut rng);
/// assert!(!opened.is_empty());
/// let dead_ends = grid.open_cells().into_iter().filter(|&c| grid.neighbours(c).count() == 1).count();
/// assert_eq!(dead_ends, 0);
/// ```
pub fn braid(grid: &mut Grid, share: f32, rng: &mut impl GenRng) -> Vec<Cell> {
    braid_traced(grid, share, rng, &mut NoTrace)
}

/// [`braid`], narrating each dead end: opened (through which wall) or left (and why).
pub fn braid_traced<T: Trace<MazeStep>>(
    grid: &mut Grid,
    share: f32,
    rng: &mut impl GenRng,
    trace: &mut T,
) -> Vec<Cell> {
    let is_dead_end = |grid: &Grid, cell: Cell| grid.neighbours(cell).count() == 1;
    if share.is_nan() || share <= 0.0 || grid.width < 3 || grid.height < 3 {
        trace.note(|| {
            let dead_ends = grid.open_cells().into_iter().filter(|&c| is_dead_end(grid, c)).count();
            MazeStep::BraidStart { share, dead_ends }
        });
        return Vec::new();
    }
    let dead_ends: Vec<Cell> = grid.open_cells().into_iter().filter(|&c| is_dead_end(grid, c)).collect();
    trace.note(|| MazeStep::BraidStart { share, dead_ends: dead_ends.len() });
    let mut opened = Vec::new();
    let mut walls: Vec<(Cell, bool)> = Vec::with_capacity(4);
    for cell in dead_ends {
        let skip = |why| MazeStep::BraidSkipped { dead_end: cell, why };
        if !is_dead_end(grid, cell) {
            trace.note(|| skip(BraidSkip::NoLongerDeadEnd));
            continue;
        }
        if share < 1.0 && !rng.chance(share) {
            trace.note(|| skip(BraidSkip::NotDrawn));
            continue;
        }
        walls.clear();
        for (dx, dy) in [(0isize, -1isize), (1, 0), (0, 1), (-1, 0)] {
            let step = |n: isize| cell.0.checked_add_signed(dx * n).zip(cell.1.checked_add_signed(dy * n));
            let (Some(wall), Some(far)) = (step(1), step(2)) else { continue };
            if grid.contains(far) && grid.is_open(far.0, far.1) && is_loop_candidate(grid, wall) {
                walls.push((wall, is_dead_end(grid, far)));
            }
        }
        let preferred = walls.iter().filter(|(_, dead)| *dead).count();
        let pool: Vec<Cell> = walls.iter().filter(|(_, dead)| *dead || preferred == 0).map(|(w, _)| *w).collect();
        let wall = match pool.len() {
            0 => {
                trace.note(|| skip(BraidSkip::NoWall));
                continue;
            }
            1 => pool[0],
            n => pool[rng.below(n)],
        };
        grid.set_open(wall, true);
        trace.note(|| {
            // The far cell lies past the wall, in line with the dead end (inside the grid: checked above).
            let far = (2 * wall.0 - cell.0, 2 * wall.1 - cell.1);
            MazeStep::Braid { dead_end: cell, wall, far, far_dead: preferred > 0, choices: pool.len() }
        });
        opened.push(wall);
    }
    opened
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Seed;
    use crate::rng::{Subsystem, stream};

    fn rng() -> rand_chacha::ChaCha8Rng {
        stream(Seed(9), Subsystem::MazeCarve, 0)
    }

    #[test]
    fn tiny_grids_have_one_open_cell() {
        for (w, h, start) in
            [(1, 1, (0, 0)), (2, 2, (1, 1)), (3, 3, (1, 1)), (1, 7, (0, 1)), (7, 1, (1, 0)), (2, 9, (1, 1))]
        {
            let grid = carve(w, h, &mut rng());
            assert_eq!(grid.open_cells(), vec![start], "{w}x{h}");
        }
        assert_eq!(carve(0, 5, &mut rng()).open_count(), 0);
    }

    #[test]
    fn even_sizes_leave_a_dead_column_and_row() {
        let grid = carve(8, 6, &mut rng());
        // Lattice x in {1, 3, 5}, y in {1, 3}: 6 cells, 5 passages.
        assert_eq!(grid.open_count(), 11);
        assert!((0..6).all(|y| !grid.is_open(6, y)));
    }

    #[test]
    fn loops_never_touch_the_border_and_all_candidates_can_go() {
        let mut grid = carve(31, 21, &mut rng());
        let loops = add_loops(&mut grid, 1.0, &mut rng());
        assert!(!loops.is_empty());
        assert!(loops.iter().all(|&c| !grid.is_border(c)));
        // Every candidate of the perfect maze was knocked out or now touches three open cells.
        let tree = carve(31, 21, &mut rng());
        let left = (1..20)
            .flat_map(|y| (1..30).map(move |x| (x, y)))
            .filter(|&c| is_loop_candidate(&tree, c) && is_loop_candidate(&grid, c))
            .count();
        assert_eq!(left, 0);
    }
}
