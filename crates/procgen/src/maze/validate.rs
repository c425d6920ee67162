//! Re-checks every promise of a maze floor from the tuning alone. It shares no code with the
//! generator beyond reading the grid: its own search, its own loop rule, its own counts.

use std::collections::VecDeque;

use crate::maze::{Cell, Grid, MazeFloor, MazeTuning, STARS};

pub use crate::violation::Violation;

/// Every broken rule on `floor`; empty means the floor keeps every promise. Rules:
/// `size`, `border` (or `tiny grid`), `start`, `reachable`, `perfect`, `loop border`,
/// `loop shape`, `loop count`, `braid shape`, `braid count`, `dead end`, `on wall`, `stars`,
/// `tokens`, `overlap`, `hazard distance`, `hazard count`, `power-up`, `pursuer speed`.
///
/// ```
/// use seedfeast_procgen::{IntensityCurve, Seed, maze::{MazeTuning, generate_floor, validate_floor}};
/// let tuning = MazeTuning::default();
/// let mut floor = generate_floor(&tuning, &IntensityCurve::default(), Seed(1), 0);
/// assert!(validate_floor(&tuning, &floor).is_empty());
/// floor.stars[0] = floor.start;
/// let rules: Vec<_> = validate_floor(&tuning, &floor).into_iter().map(|v| v.rule).collect();
/// assert!(rules.contains(&"stars") && rules.contains(&"overlap"));
/// ```
pub fn validate_floor(tuning: &MazeTuning, floor: &MazeFloor) -> Vec<Violation> {
    let mut out = Vec::new();
    let mut flag = |rule: &'static str, detail: String| out.push(Violation::new(rule, detail));
    let Some(survey) = check_shape(tuning, floor, &mut flag) else {
        return out;
    };
    check_loops(tuning, floor, &mut flag);
    check_on_open(floor, &mut flag);
    check_stars(floor, &survey, &mut flag);
    check_overlaps(floor, &mut flag);
    check_tokens(tuning, floor, &survey, &mut flag);
    check_hazards(tuning, floor, &survey, &mut flag);
    check_power_up(floor, &survey, &mut flag);
    let speed = tuning.pursuer_speed_at(floor.intensity);
    if !(0.0..=1.0).contains(&floor.intensity) || (floor.pursuer_speed - speed).abs() > 1e-4 {
        flag(
            "pursuer speed",
            format!("speed {} at intensity {}, the tuning gives {speed}", floor.pursuer_speed, floor.intensity),
        );
    }
    out
}

/// The floor's open cells as the validator's own search sees them from the first one.
struct Survey<'a> {
    grid: &'a Grid,
    open: Vec<Cell>,
    first: Cell,
    dist: Vec<Option<u32>>,
}

impl Survey<'_> {
    /// Steps from the first open cell to `c`; none for a wall or a cell out of reach.
    fn distance_of(&self, c: Cell) -> Option<u32> {
        if self.grid.is_open(c.0, c.1) { self.dist[c.1 * self.grid.width + c.0] } else { None }
    }
}

/// The grid's shape (`size`, `border` or `tiny grid`, `start`, `reachable`); gives the open cells
/// and their distances from the start, or none when no cell is open.
fn check_shape<'a>(
    tuning: &MazeTuning,
    floor: &'a MazeFloor,
    flag: &mut impl FnMut(&'static str, String),
) -> Option<Survey<'a>> {
    let grid = &floor.grid;
    let (w, h) = (grid.width, grid.height);
    if (w, h) != (tuning.width, tuning.height) {
        flag("size", format!("the grid is {w}x{h}, the tuning asks for {}x{}", tuning.width, tuning.height));
    }
    let open = grid.open_cells();
    let Some(&first) = open.first() else {
        flag("start", "the grid has no open cell".into());
        return None;
    };

    // Shape: the border stays wall; a grid too small to carve is its carving start alone.
    if w >= 3 && h >= 3 {
        let border_open: Vec<Cell> = open.iter().copied().filter(|&c| on_border(grid, c)).collect();
        if let Some(c) = border_open.first() {
            flag("border", format!("{} open border cells, the first at {c:?}", border_open.len()));
        }
    } else {
        let only = (w.saturating_sub(1).min(1), h.saturating_sub(1).min(1));
        if open != [only] {
            flag("tiny grid", format!("a {w}x{h} grid has one open cell, {only:?}; found {open:?}"));
        }
    }
    if floor.start != first {
        flag("start", format!("start {:?}, but the first open cell is {first:?}", floor.start));
    }

    let dist = distances(grid, first);
    let unreachable: Vec<Cell> = open.iter().copied().filter(|&c| dist[c.1 * w + c.0].is_none()).collect();
    if let Some(c) = unreachable.first() {
        flag("reachable", format!("{} open cells can't be reached from the start, e.g. {c:?}", unreachable.len()));
    }
    Some(Survey { grid, open, first, dist })
}

/// Everything placed stands on an open cell (`on wall`).
fn check_on_open(floor: &MazeFloor, flag: &mut impl FnMut(&'static str, String)) {
    let placed = std::iter::once(("start", floor.start))
        .chain(floor.tokens.iter().map(|&c| ("token", c)))
        .chain(floor.stars.iter().map(|&c| ("star", c)))
        .chain(floor.hazards.iter().map(|&c| ("hazard", c)))
        .chain(floor.power_up.map(|c| ("power-up", c)));
    for (what, c) in placed {
        if !floor.grid.is_open(c.0, c.1) {
            flag("on wall", format!("{what} at {c:?} is not on an open cell"));
        }
    }
}

/// Stars: the furthest cells from the start, by distance (any of tied cells will do).
fn check_stars(floor: &MazeFloor, survey: &Survey, flag: &mut impl FnMut(&'static str, String)) {
    let mut others: Vec<u32> =
        survey.open.iter().filter(|&&c| c != survey.first).filter_map(|&c| survey.distance_of(c)).collect();
    others.sort_unstable_by(|a, b| b.cmp(a));
    others.truncate(STARS);
    let mut star_distances: Vec<Option<u32>> = floor.stars.iter().map(|&c| survey.distance_of(c)).collect();
    star_distances.sort_unstable_by(|a, b| b.cmp(a));
    let expected: Vec<Option<u32>> = others.iter().map(|&d| Some(d)).collect();
    if star_distances != expected || has_duplicates(&floor.stars) {
        flag(
            "stars",
            format!("stars {:?} at distances {star_distances:?}; the furthest cells are at {others:?}", floor.stars),
        );
    }
}

/// Overlaps the rules forbid (`overlap`): pick-ups share no cell with each other or the start.
fn check_overlaps(floor: &MazeFloor, flag: &mut impl FnMut(&'static str, String)) {
    let pickups = floor.stars.iter().map(|&c| ("star", c)).chain(floor.power_up.map(|c| ("power-up", c)));
    for (what, c) in pickups {
        if c == floor.start {
            flag("overlap", format!("a {what} on the start {c:?}"));
        }
        if floor.tokens.contains(&c) {
            flag("overlap", format!("a token on the {what} at {c:?}"));
        }
    }
    if let Some(p) = floor.power_up
        && floor.stars.contains(&p)
    {
        flag("overlap", format!("the power-up shares {p:?} with a star"));
    }
    if floor.tokens.contains(&floor.start) {
        flag("overlap", format!("a token on the start {:?}", floor.start));
    }
    if floor.hazards.contains(&floor.start) {
        flag("overlap", format!("a hazard on the start {:?}", floor.start));
    }
}

/// Tokens: the share of the open cells, capped by the cells left once the start, stars and
/// power-up are out.
fn check_tokens(tuning: &MazeTuning, floor: &MazeFloor, survey: &Survey, flag: &mut impl FnMut(&'static str, String)) {
    let open = &survey.open;
    let reserved = 1
        + floor.stars.iter().filter(|&&s| s != floor.start).count()
        + usize::from(floor.power_up.is_some_and(|p| p != floor.start && !floor.stars.contains(&p)));
    let wanted = (f64::from(tuning.token_share) * open.len() as f64).round() as usize;
    let expected_tokens = wanted.min(open.len().saturating_sub(reserved));
    if floor.tokens.len() != expected_tokens || has_duplicates(&floor.tokens) {
        flag(
            "tokens",
            format!(
                "{} tokens (distinct: {}), expected {expected_tokens} = round({} × {} open cells), capped",
                floor.tokens.len(),
                !has_duplicates(&floor.tokens),
                tuning.token_share,
                open.len()
            ),
        );
    }
}

/// Hazards: far enough from the start, as many as the intensity asks where there is room.
fn check_hazards(tuning: &MazeTuning, floor: &MazeFloor, survey: &Survey, flag: &mut impl FnMut(&'static str, String)) {
    let min_distance = tuning.min_hazard_distance.max(1);
    for &c in &floor.hazards {
        match survey.distance_of(c) {
            Some(d) if d >= min_distance => {}
            d => flag(
                "hazard distance",
                format!("hazard at {c:?} is {d:?} steps from the start, fewer than {min_distance}"),
            ),
        }
    }
    let room = survey.open.iter().filter(|&&c| survey.distance_of(c).is_some_and(|d| d >= min_distance)).count();
    let expected_hazards = tuning.hazards_at(floor.intensity).min(room);
    if floor.hazards.len() != expected_hazards || has_duplicates(&floor.hazards) {
        flag(
            "hazard count",
            format!(
                "{} hazards, expected {expected_hazards} ({} at intensity {}, {room} cells far enough)",
                floor.hazards.len(),
                tuning.hazards_at(floor.intensity),
                floor.intensity
            ),
        );
    }
}

/// The power-up: the middle of the open-cell list, unless that is the start or a star.
fn check_power_up(floor: &MazeFloor, survey: &Survey, flag: &mut impl FnMut(&'static str, String)) {
    let middle = survey.open[survey.open.len() / 2];
    let expected_power_up = (middle != survey.first && !floor.stars.contains(&middle)).then_some(middle);
    if floor.power_up != expected_power_up {
        flag("power-up", format!("power-up {:?}, expected {expected_power_up:?}", floor.power_up));
    }
}

/// The loop rules: the grid with its loops walled again is a perfect maze; each loop was an inner
/// wall between two facing open cells and nothing else, no two loops touch (so each added
/// exactly one cycle), and there are as many as the share asks or no more could be made.
fn check_loops(tuning: &MazeTuning, floor: &MazeFloor, flag: &mut impl FnMut(&'static str, String)) {
    let looped = check_braid(tuning, floor, flag);
    let grid = &looped;
    let mut tree = grid.clone();
    for &c in &floor.loops {
        if !grid.contains(c) {
            flag("loop shape", format!("loop {c:?} lies outside the grid"));
            continue;
        }
        if on_border(grid, c) {
            flag("loop border", format!("loop {c:?} is on the border"));
        }
        if !grid.is_open(c.0, c.1) {
            flag("loop shape", format!("loop {c:?} is still a wall"));
        }
        tree.set_open(c, false);
    }
    if has_duplicates(&floor.loops) {
        flag("loop shape", "a loop is listed twice".into());
    }

    let tree_open = tree.open_cells();
    let tree_edges = edges(&tree);
    let connected = tree_open.first().is_some_and(|&root| {
        let dist = distances(&tree, root);
        tree_open.iter().all(|c| dist[c.1 * tree.width + c.0].is_some())
    });
    if !connected || tree_edges + 1 != tree_open.len() {
        flag(
            "perfect",
            format!(
                "without its loops the maze has {} open cells and {tree_edges} links{}: a perfect maze has one link fewer than cells and is connected",
                tree_open.len(),
                if connected { "" } else { ", in several pieces" }
            ),
        );
    }

    for (i, &c) in floor.loops.iter().enumerate() {
        if !tree.contains(c) || on_border(grid, c) {
            continue;
        }
        if !separates_two(&tree, c) {
            flag("loop shape", format!("loop {c:?} did not separate exactly two facing open cells"));
        }
        if floor.loops[..i].iter().any(|&o| o.0.abs_diff(c.0) + o.1.abs_diff(c.1) == 1) {
            flag("loop shape", format!("loop {c:?} touches another loop: it adds more than one cycle"));
        }
    }
    let final_grid = &floor.grid;
    let cycles = (edges(final_grid) + 1) as i64 - final_grid.open_count() as i64;
    let knocked = floor.loops.len() + floor.braids.len();
    if cycles != knocked as i64 {
        flag(
            "loop shape",
            format!("the maze has {cycles} independent cycles for {knocked} walls knocked out (loops and braid)"),
        );
    }

    let inner_walls = (0..tree.height)
        .flat_map(|y| (0..tree.width).map(move |x| (x, y)))
        .filter(|&c| !tree.is_open(c.0, c.1) && !on_border(&tree, c))
        .count();
    let target = (f64::from(tuning.loop_share) * inner_walls as f64).round() as usize;
    let could_still = (0..tree.height)
        .flat_map(|y| (0..tree.width).map(move |x| (x, y)))
        .find(|&c| separates_two(&tree, c) && separates_two(grid, c));
    let short_but_exhausted = floor.loops.len() < target && could_still.is_none();
    if floor.loops.len() != target && !short_but_exhausted {
        flag(
            "loop count",
            format!(
                "{} loops; round({} × {inner_walls} inner walls) = {target}{}",
                floor.loops.len(),
                tuning.loop_share,
                could_still.map_or(String::new(), |c| format!(", and the wall at {c:?} could still go"))
            ),
        );
    }
}

/// The braid rules, and the grid as it was before the braid (its knock-outs walled again):
/// each braid, replayed in order, was an inner wall between two facing open cells, at least one
/// of them a dead end then; none at a braid share of 0; at a share of 1, no dead end is left
/// that a wall between it and an open cell two steps away could have opened.
fn check_braid(tuning: &MazeTuning, floor: &MazeFloor, flag: &mut impl FnMut(&'static str, String)) -> Grid {
    let grid = &floor.grid;
    let mut looped = grid.clone();
    for &c in &floor.braids {
        if !grid.contains(c) || on_border(grid, c) || !grid.is_open(c.0, c.1) {
            flag("braid shape", format!("braid {c:?} is not an open inner cell"));
            continue;
        }
        looped.set_open(c, false);
    }
    let all: Vec<Cell> = floor.loops.iter().chain(&floor.braids).copied().collect();
    if has_duplicates(&all) {
        flag("braid shape", "a wall is listed twice among the loops and the braid".into());
    }
    // Replayed in order: each braid, when it was knocked out, joined a dead end of the grid as
    // it stood then to one facing open cell.
    let mut replay = looped.clone();
    for &c in floor.braids.iter().filter(|&&c| looped.contains(c) && !on_border(&looped, c)) {
        let (x, y) = c;
        let sides = if replay.is_open(x - 1, y) { [(x - 1, y), (x + 1, y)] } else { [(x, y - 1), (x, y + 1)] };
        let dead_side = sides.iter().any(|&s| open_neighbours(&replay, s) == 1);
        if !separates_two(&replay, c) || !dead_side {
            flag("braid shape", format!("braid {c:?} did not open a dead end onto one facing open cell"));
        }
        replay.set_open(c, true);
    }
    if tuning.braid <= 0.0 && !floor.braids.is_empty() {
        flag("braid count", format!("{} braid walls at a braid share of 0", floor.braids.len()));
    }
    if tuning.braid >= 1.0 {
        let openable = |c: Cell| {
            let (x, y) = (c.0 as isize, c.1 as isize);
            [(0, -1), (1, 0), (0, 1), (-1, 0)].iter().any(|&(dx, dy)| {
                let (wx, wy, fx, fy) = (x + dx, y + dy, x + 2 * dx, y + 2 * dy);
                let inside =
                    |a: isize, b: isize| a >= 0 && b >= 0 && (a as usize) < grid.width && (b as usize) < grid.height;
                inside(fx, fy)
                    && grid.is_open(fx as usize, fy as usize)
                    && separates_two(grid, (wx as usize, wy as usize))
            })
        };
        let left: Vec<Cell> =
            grid.open_cells().into_iter().filter(|&c| open_neighbours(grid, c) == 1 && openable(c)).collect();
        if let Some(c) = left.first() {
            flag(
                "dead end",
                format!("{} dead ends left that a wall could open at a braid share of 1, e.g. {c:?}", left.len()),
            );
        }
    }
    looped
}

/// Open cells beside `(x, y)`, up, down, left and right.
fn open_neighbours(grid: &Grid, (x, y): Cell) -> usize {
    [(x.wrapping_sub(1), y), (x + 1, y), (x, y.wrapping_sub(1)), (x, y + 1)]
        .iter()
        .filter(|&&(nx, ny)| nx < grid.width && ny < grid.height && grid.is_open(nx, ny))
        .count()
}

fn on_border(grid: &Grid, (x, y): Cell) -> bool {
    x == 0 || y == 0 || x + 1 == grid.width || y + 1 == grid.height
}

/// An inner wall whose only open neighbours are two facing cells.
fn separates_two(grid: &Grid, (x, y): Cell) -> bool {
    if on_border(grid, (x, y)) || grid.is_open(x, y) {
        return false;
    }
    let [up, down, left, right] =
        [grid.is_open(x, y - 1), grid.is_open(x, y + 1), grid.is_open(x - 1, y), grid.is_open(x + 1, y)];
    (up && down && !left && !right) || (left && right && !up && !down)
}

/// Links between open cells side by side or one above the other.
fn edges(grid: &Grid) -> usize {
    let mut count = 0;
    for y in 0..grid.height {
        for x in 0..grid.width {
            if grid.is_open(x, y) {
                count += usize::from(grid.is_open(x + 1, y)) + usize::from(grid.is_open(x, y + 1));
            }
        }
    }
    count
}

/// Breadth-first steps from `from` over open cells, row-major.
fn distances(grid: &Grid, from: Cell) -> Vec<Option<u32>> {
    let mut dist = vec![None; grid.width * grid.height];
    let mut queue = VecDeque::from([(from, 0u32)]);
    dist[from.1 * grid.width + from.0] = Some(0);
    while let Some(((x, y), d)) = queue.pop_front() {
        let steps = [(x.wrapping_sub(1), y), (x + 1, y), (x, y.wrapping_sub(1)), (x, y + 1)];
        for (nx, ny) in steps {
            if grid.is_open(nx, ny) && dist[ny * grid.width + nx].is_none() {
                dist[ny * grid.width + nx] = Some(d + 1);
                queue.push_back(((nx, ny), d + 1));
            }
        }
    }
    dist
}

fn has_duplicates(cells: &[Cell]) -> bool {
    let mut sorted = cells.to_vec();
    sorted.sort_unstable();
    sorted.windows(2).any(|p| p[0] == p[1])
}
