//! Placement: what stands where on a carved floor. Every rule is a plain function of the grid,
//! the tuning and the intensity; only the tokens draw random numbers.
//!
//! - start: the first open cell in row-major order;
//! - stars: the three open cells furthest from the start (breadth-first path distance), ties
//!   broken by row-major order, never the start (fewer on a smaller maze);
//! - power-up: the middle of the open-cell list, `open[len / 2]`, none when that is the start
//!   or a star (so two pick-ups never share a cell);
//! - tokens: round(token_share × open cells), at most as many as there are cells left, drawn
//!   uniformly without replacement from the open cells other than the start, the stars and the
//!   power-up; listed in row-major order;
//! - hazards: `hazards_at(intensity)` of the open cells at least `min_hazard_distance` steps
//!   from the start (and never the start itself, even at distance 0), spaced evenly along that
//!   row-major list: index `i × len / count`. Fewer when there are not enough such cells.
//!   Hazards may share a cell with a token, star or power-up: pursuers walk off them at once.
//!
//! [`place_traced`] narrates each rule as it applies it ([`MazeStep`]).

use serde::Serialize;

use crate::maze::explain::MazeStep;
use crate::maze::grid::Levels;
use crate::maze::{Cell, Grid, MazeTuning};
use crate::rng::GenRng;
use crate::trace::{NoTrace, Trace};

/// How many golden stars a floor has, when the maze is large enough.
pub const STARS: usize = 3;

/// Everything placed on a floor.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Placement {
    pub start: Cell,
    pub tokens: Vec<Cell>,
    pub stars: Vec<Cell>,
    pub hazards: Vec<Cell>,
    pub power_up: Option<Cell>,
}

/// Places the start, stars, power-up, tokens and hazards on `grid` (which needs an open cell).
///
/// ```
/// use seedfeast_procgen::{Seed, maze::{Grid, MazeTuning, place}, rng::{stream, Subsystem}};
/// let grid = Grid::from_rows(&["#######", "#.....#", "#######"]);
/// let mut tuning = MazeTuning::default();
/// tuning.token_share = 1.0;
/// tuning.min_hazard_distance = 3;
/// let placed = place(&grid, &tuning, 0.0, &mut stream(Seed(1), Subsystem::MazePlacement, 0));
/// assert_eq!(placed.start, (1, 1));
/// assert_eq!(placed.stars, [(5, 1), (4, 1), (3, 1)]);
/// assert_eq!(placed.power_up, None); // open[2] = (3, 1) is a star
/// assert_eq!(placed.tokens, [(2, 1)]);
/// assert_eq!(placed.hazards, [(4, 1), (5, 1)]);
/// ```
///
/// # Panics
/// When `grid` has no open cell.
pub fn place(grid: &Grid, tuning: &MazeTuning, intensity: f32, rng: &mut impl GenRng) -> Placement {
    place_traced(grid, tuning, intensity, rng, &mut NoTrace)
}

/// [`place`], narrating the start, each star, the power-up, the tokens, the pursuers' rule and
/// each pursuer.
pub fn place_traced<T: Trace<MazeStep>>(
    grid: &Grid,
    tuning: &MazeTuning,
    intensity: f32,
    rng: &mut impl GenRng,
    trace: &mut T,
) -> Placement {
    // Work on positions in the row-major open-cell list: half the size of the grid at most, and
    // sorted by construction, so every result comes out in row-major order without a sort.
    let open = open_indices(grid);
    let start = *open.first().expect("a carved grid has at least one open cell") as usize;
    let search = grid.bfs_levels(start);
    trace.note(|| MazeStep::Start { cell: grid.cell(start), open_cells: open.len() });

    let stars = place_stars(grid, &open, &search, trace);
    let power_up = place_power_up(grid, &open, &stars, trace);
    let tokens = place_tokens(grid, tuning, &open, &stars, power_up, rng, trace);
    let hazards = place_hazards(grid, tuning, intensity, &open, search, trace);

    let cell_at = |position: usize| grid.cell(open[position] as usize);
    Placement {
        start: cell_at(0),
        tokens,
        stars: stars.into_iter().map(cell_at).collect(),
        hazards,
        power_up: power_up.map(cell_at),
    }
}

/// The stars: the open-list positions of the cells furthest from the start, each narrated.
fn place_stars<T: Trace<MazeStep>>(grid: &Grid, open: &[u32], search: &Levels, trace: &mut T) -> Vec<usize> {
    let position = |index: u32| open.binary_search(&index).expect("searches reach open cells only");
    let stars: Vec<usize> = furthest(search).into_iter().map(position).collect();
    if T::ON {
        for (rank, &star) in stars.iter().enumerate() {
            let index = open[star];
            trace.note(|| MazeStep::Star { cell: grid.cell(index as usize), distance: distance(search, index), rank });
        }
    }
    stars
}

/// The power-up: the middle of the open-cell list, unless that is the start or a star.
fn place_power_up<T: Trace<MazeStep>>(grid: &Grid, open: &[u32], stars: &[usize], trace: &mut T) -> Option<usize> {
    let middle = open.len() / 2;
    let power_up = (middle != 0 && !stars.contains(&middle)).then_some(middle);
    trace.note(|| MazeStep::PowerUp {
        cell: power_up.map(|p| grid.cell(open[p] as usize)),
        middle,
        open_cells: open.len(),
    });
    power_up
}

/// The tokens: the share of the open cells, drawn among those the start, the stars and the
/// power-up leave free.
fn place_tokens<T: Trace<MazeStep>>(
    grid: &Grid,
    tuning: &MazeTuning,
    open: &[u32],
    stars: &[usize],
    power_up: Option<usize>,
    rng: &mut impl GenRng,
    trace: &mut T,
) -> Vec<Cell> {
    let mut reserved = vec![false; open.len()];
    reserved[0] = true;
    for &s in stars {
        reserved[s] = true;
    }
    if let Some(p) = power_up {
        reserved[p] = true;
    }
    let tokens = token_cells(grid, open, &choose_tokens(&reserved, tuning.token_share, rng));
    trace.note(|| MazeStep::Tokens {
        token_share: tuning.token_share,
        open_cells: open.len(),
        reserved: reserved.iter().filter(|&&r| r).count(),
        wanted: tokens_wanted(tuning.token_share, open.len()),
        cells: tokens.clone(),
    });
    tokens
}

/// The hazards: as many as the intensity asks, spaced evenly along the open cells at least
/// `min_hazard_distance` steps from the start.
fn place_hazards<T: Trace<MazeStep>>(
    grid: &Grid,
    tuning: &MazeTuning,
    intensity: f32,
    open: &[u32],
    search: Levels,
    trace: &mut T,
) -> Vec<Cell> {
    // Hazards: the reached cells outside the first `min_distance` levels of the search. The
    // search's own buffer marks them: it is already false for every reached cell.
    let min_distance = tuning.min_hazard_distance.max(1) as usize;
    let near_end = search.ends.get(min_distance - 1).map_or(search.order.len(), |&e| e as usize);
    let mut not_far = search.unvisited;
    for &i in &search.order[..near_end] {
        not_far[i as usize] = true;
    }
    let far_len = open.iter().filter(|&&i| !not_far[i as usize]).count();
    let count = tuning.hazards_at(intensity).min(far_len);
    trace.note(|| MazeStep::HazardRule {
        intensity,
        hazards_min: tuning.hazards_min,
        hazards_max: tuning.hazards_max,
        wanted: tuning.hazards_at(intensity),
        min_distance: min_distance as u32,
        far_cells: far_len,
        count,
    });
    // Evenly spaced ranks i × len / count along the far cells, picked in one more pass (in u64:
    // the product overflows a 32-bit usize on a big floor in the browser).
    let mut ranks = (0..count as u64).map(|i| (i * far_len as u64 / count as u64) as usize).peekable();
    let mut hazards = Vec::with_capacity(count);
    for (rank, &i) in open.iter().filter(|&&i| !not_far[i as usize]).enumerate() {
        if ranks.peek().is_none() {
            break;
        }
        if ranks.peek() == Some(&rank) {
            ranks.next();
            hazards.push(grid.cell(i as usize));
            trace.note(|| MazeStep::Hazard { cell: grid.cell(i as usize), rank });
        }
    }
    hazards
}

/// Row-major indices of the open cells, compacted without a branch per cell.
fn open_indices(grid: &Grid) -> Vec<u32> {
    let cells = grid.cells();
    let mut open = vec![0u32; grid.open_count() + 1];
    let mut len = 0;
    for (i, &o) in cells.iter().enumerate() {
        open[len] = i as u32;
        len += usize::from(o);
    }
    open.truncate(len);
    open
}

/// The cells of the chosen positions, in row-major order. Written without a branch per
/// position (chosen and not are interleaved at random), and tracking the row rather than
/// dividing, since the open list is sorted.
fn token_cells(grid: &Grid, open: &[u32], chosen: &[bool]) -> Vec<Cell> {
    let count = chosen.iter().filter(|&&c| c).count();
    let mut cells = vec![(0, 0); count + 1];
    let (mut y, mut row_start, mut len) = (0, 0, 0);
    for (&i, &c) in open.iter().zip(chosen) {
        let i = i as usize;
        while i >= row_start + grid.width {
            y += 1;
            row_start += grid.width;
        }
        cells[len] = (i - row_start, y);
        len += usize::from(c);
    }
    cells.truncate(len);
    cells
}

/// The [`STARS`] reached cells furthest from the start (never the start), furthest first and
/// row-major among equals: the last levels of the search, each level sorted.
fn furthest(search: &Levels) -> Vec<u32> {
    let mut stars = Vec::with_capacity(STARS);
    for d in (1..search.ends.len()).rev() {
        if stars.len() == STARS {
            break;
        }
        let mut level = search.order[search.ends[d - 1] as usize..search.ends[d] as usize].to_vec();
        level.sort_unstable();
        stars.extend(level.into_iter().take(STARS - stars.len()));
    }
    stars
}

/// The path distance of a reached cell (a row-major index) from the search's start: the level of
/// the search it was reached in. Linear, for the narration only.
fn distance(search: &Levels, index: u32) -> u32 {
    let reached = search.order.iter().position(|&i| i == index).unwrap_or(usize::MAX);
    search.ends.iter().position(|&end| reached < end as usize).unwrap_or(search.ends.len()) as u32
}

/// The tokens a floor of `open_cells` asks for: round(share × open cells).
fn tokens_wanted(share: f32, open_cells: usize) -> usize {
    (f64::from(share.clamp(0.0, 1.0)) * open_cells as f64).round() as usize
}

/// Marks round(share × open cells) of the positions not `reserved` (at most all of them),
/// chosen uniformly without replacement.
fn choose_tokens(reserved: &[bool], share: f32, rng: &mut impl GenRng) -> Vec<bool> {
    let mut pool: Vec<u32> = (0..reserved.len() as u32).filter(|&p| !reserved[p as usize]).collect();
    let wanted = tokens_wanted(share, reserved.len());
    let n = pool.len();
    let count = wanted.min(n);
    // A partial Fisher–Yates shuffle moves a uniform subset to the front. Drawing the smaller of
    // the chosen set and its complement halves the draws at the shipped 62%; either way the
    // chosen set is uniform among all sets of `count` cells.
    let (draws, keep_front) = if count * 2 <= n { (count, true) } else { (n - count, false) };
    for i in 0..draws {
        let j = i + rng.below(n - i);
        pool.swap(i, j);
    }
    let chosen = if keep_front { &pool[..draws] } else { &pool[draws..] };
    // A mark per position puts the choice back in row-major order: linear, no sort.
    let mut marked = vec![false; reserved.len()];
    for &p in chosen {
        marked[p as usize] = true;
    }
    marked
}
