//! Scattering points over a rectangle with a minimum spacing, behind one function, [`scatter`]:
//! rejection sampling for a handful of items, Bridson's Poisson-disk sampling for dense fills.
//!
//! Both keep their points in a uniform grid of cells just under `min_spacing / √2` wide, so a
//! cell holds at most one point and a candidate is checked against the 5 × 5 cells around it in
//! O(1). Only `+ − × ÷` on f32 decide where a point goes, so results are the same on every
//! platform.

use serde::Serialize;

use crate::arena::explain::ArenaStep;
use crate::rng::GenRng;
use crate::trace::{NoTrace, Trace};

/// A position in world units.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Point {
    pub x: f32,
    pub y: f32,
}

impl Point {
    pub fn distance_squared(self, other: Point) -> f32 {
        let (dx, dy) = (self.x - other.x, self.y - other.y);
        dx * dx + dy * dy
    }
}

/// The rectangle `[x0, x1] × [y0, y1]` points fall in. An area with `x1 < x0` or `y1 < y0`, or a
/// bound that is not finite, is empty.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Area {
    pub x0: f32,
    pub y0: f32,
    pub x1: f32,
    pub y1: f32,
}

impl Area {
    pub fn new(x0: f32, y0: f32, x1: f32, y1: f32) -> Area {
        Area { x0, y0, x1, y1 }
    }

    /// The area shrunk by `margin` on every side.
    pub(crate) fn inset(self, margin: f32) -> Area {
        Area::new(self.x0 + margin, self.y0 + margin, self.x1 - margin, self.y1 - margin)
    }

    pub fn is_empty(&self) -> bool {
        let finite = [self.x0, self.y0, self.x1, self.y1].iter().all(|v| v.is_finite());
        !(finite && self.x1 >= self.x0 && self.y1 >= self.y0)
    }

    pub fn contains(&self, p: Point) -> bool {
        (self.x0..=self.x1).contains(&p.x) && (self.y0..=self.y1).contains(&p.y)
    }

    fn width(&self) -> f32 {
        self.x1 - self.x0
    }

    fn height(&self) -> f32 {
        self.y1 - self.y0
    }
}

/// A circle no point may fall inside (a point exactly `radius` from `centre` is allowed).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct KeepOut {
    pub centre: Point,
    pub radius: f32,
}

/// What every scattered point respects.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rules {
    /// Points are at least this far apart, centre to centre; 0 (or less) means no spacing.
    pub min_spacing: f32,
    /// An optional circle kept clear, such as the player's start.
    pub keep_out: Option<KeepOut>,
    /// At most this many points.
    pub max_points: usize,
}

impl Rules {
    fn allows(&self, p: Point) -> bool {
        self.keep_out.is_none_or(|k| p.distance_squared(k.centre) >= k.radius * k.radius)
    }
}

/// How the points are drawn. Both respect the same [`Rules`]; they differ in how the field fills.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sampler {
    /// `max_points` items, one after another: each tries up to `max_attempts` uniform positions
    /// and is given up when none fits, so a crowded field yields fewer items and never hangs.
    /// At most `max_points × max_attempts` attempts in all.
    Rejection { max_attempts: u32 },
    /// Bridson's Poisson-disk sampling: grows from one point, trying up to `attempts_per_point`
    /// candidates between one and two spacings from a random active point before retiring it.
    /// Linear time; fills the area (up to `max_points`) with points about `min_spacing` apart.
    /// It grows from a single point, so a region the keep-out circle cuts off stays empty. Needs
    /// `min_spacing > 0` (else it places nothing). At most `(2 × points + 1) × attempts_per_point`
    /// attempts.
    Bridson { attempts_per_point: u32 },
}

/// The points placed, in order, and how many candidates were tried.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Scatter {
    pub points: Vec<Point>,
    pub attempts: u64,
}

/// Scatters points over `area` under `rules`, drawing from `rng`.
///
/// ```
/// use seedfeast_procgen::{Seed, rng::{stream, Subsystem}};
/// use seedfeast_procgen::arena::{Area, Rules, Sampler, scatter};
/// let area = Area::new(0.0, 0.0, 400.0, 300.0);
/// let rules = Rules { min_spacing: 30.0, keep_out: None, max_points: 20 };
/// let mut rng = stream(Seed(3), Subsystem::ArenaScatter, 1);
/// let few = scatter(area, &rules, Sampler::Rejection { max_attempts: 40 }, &mut rng);
/// assert_eq!(few.points.len(), 20);
/// assert!(few.attempts <= 20 * 40);
/// let dense = Rules { max_points: usize::MAX, ..rules };
/// let fill = scatter(area, &dense, Sampler::Bridson { attempts_per_point: 30 }, &mut rng);
/// assert!(fill.points.len() > 60);
/// for (i, a) in fill.points.iter().enumerate() {
///     assert!(fill.points[i + 1..].iter().all(|b| a.distance_squared(*b) >= 30.0 * 30.0));
/// }
/// ```
pub fn scatter(area: Area, rules: &Rules, sampler: Sampler, rng: &mut impl GenRng) -> Scatter {
    scatter_traced(area, rules, sampler, rng, &mut NoTrace)
}

/// [`scatter`], narrating rejection sampling's candidates to `trace` one by one (accepted, too
/// close, inside the keep-out circle) and each item given up: the same points, bit for bit.
/// Bridson's candidates are not narrated: a floor's fill tries tens of thousands, and the Arena
/// records its points as one event instead.
pub fn scatter_traced<T: Trace<ArenaStep>>(
    area: Area,
    rules: &Rules,
    sampler: Sampler,
    rng: &mut impl GenRng,
    trace: &mut T,
) -> Scatter {
    if area.is_empty() || rules.max_points == 0 {
        return Scatter::default();
    }
    match sampler {
        Sampler::Rejection { max_attempts } => rejection(area, rules, max_attempts, rng, trace),
        Sampler::Bridson { attempts_per_point } => bridson(area, rules, attempts_per_point, rng),
    }
}

fn uniform(area: Area, rng: &mut impl GenRng) -> Point {
    Point { x: rng.range(area.x0, area.x1), y: rng.range(area.y0, area.y1) }
}

fn rejection<T: Trace<ArenaStep>>(
    area: Area,
    rules: &Rules,
    max_attempts: u32,
    rng: &mut impl GenRng,
    trace: &mut T,
) -> Scatter {
    let mut grid = Grid::new(area, rules.min_spacing);
    let mut attempts = 0;
    for slot in 0..rules.max_points {
        let before = grid.points.len();
        for attempt in 0..max_attempts {
            attempts += 1;
            let p = uniform(area, rng);
            if rules.allows(p) && grid.is_clear(p) {
                trace.note(|| ArenaStep::Accepted { slot, attempt, point: p, index: grid.points.len() });
                grid.insert(p);
                break;
            }
            trace.note(|| refused(rules, &grid.points, slot, attempt, p));
        }
        // Only a listener needs to know (a loop that ran out); untraced, `before` is never read.
        if T::ON && grid.points.len() == before {
            trace.note(|| ArenaStep::GaveUp { slot, max_attempts });
        }
    }
    Scatter { points: grid.points, attempts }
}

/// Why rejection sampling refused candidate `p`, for a listener: inside the keep-out circle
/// (checked first, as [`Rules::allows`] is), or too close to a placed point, named as the nearest
/// (the grid only says that one is too close; the nearest is then one of them).
fn refused(rules: &Rules, points: &[Point], slot: usize, attempt: u32, p: Point) -> ArenaStep {
    match rules.keep_out {
        Some(k) if !rules.allows(p) => {
            let distance = p.distance_squared(k.centre).sqrt();
            ArenaStep::InClearRadius { slot, attempt, point: p, distance, radius: k.radius }
        }
        _ => {
            let (near, d2) = points
                .iter()
                .enumerate()
                .map(|(i, q)| (i, q.distance_squared(p)))
                .min_by(|a, b| a.1.total_cmp(&b.1))
                .unwrap_or((usize::MAX, f32::INFINITY));
            ArenaStep::TooClose { slot, attempt, point: p, near, distance: d2.sqrt(), min_spacing: rules.min_spacing }
        }
    }
}

/// Draws in the square around the centre until one lands in the annulus [r, 2r): 59% of draws
/// do; the cap keeps the work bounded, and 16 misses in a row (one chance in two million) count
/// as a failed candidate. (Sampling an angle would need sin and cos, which differ by platform.)
fn annulus(centre: Point, r: f32, rng: &mut impl GenRng) -> Option<Point> {
    let (inner, outer) = (r * r, 4.0 * r * r);
    for _ in 0..16 {
        let (dx, dy) = (rng.range(-2.0 * r, 2.0 * r), rng.range(-2.0 * r, 2.0 * r));
        let d2 = dx * dx + dy * dy;
        if d2 >= inner && d2 < outer {
            return Some(Point { x: centre.x + dx, y: centre.y + dy });
        }
    }
    None
}

fn bridson(area: Area, rules: &Rules, k: u32, rng: &mut impl GenRng) -> Scatter {
    let r = rules.min_spacing;
    if !(r > 0.0 && r.is_finite()) || k == 0 {
        return Scatter::default();
    }
    let mut grid = Grid::new(area, r);
    let mut attempts = 0;
    // The first point: anywhere the keep-out allows, within k tries.
    for _ in 0..k {
        attempts += 1;
        let p = uniform(area, rng);
        if rules.allows(p) {
            grid.insert(p);
            break;
        }
    }
    let mut active: Vec<u32> = (0..grid.points.len() as u32).collect();
    while !active.is_empty() && grid.points.len() < rules.max_points {
        let slot = rng.below(active.len());
        let centre = grid.points[active[slot] as usize];
        let mut placed = false;
        for _ in 0..k {
            attempts += 1;
            let Some(p) = annulus(centre, r, rng) else { continue };
            if area.contains(p) && rules.allows(p) && grid.is_clear(p) {
                active.push(grid.points.len() as u32);
                grid.insert(p);
                placed = true;
                break;
            }
        }
        if !placed {
            active.swap_remove(slot);
        }
    }
    Scatter { points: grid.points, attempts }
}

/// The most grid cells allocated, border included: beyond it (a tiny spacing on a huge area)
/// cells grow and share their points through the overflow lists, so memory stays bounded.
const MAX_GRID_CELLS: f32 = (1 << 22) as f32;
/// Cells are `0.7 × spacing` wide, a little under r/√2: a cell's diagonal (0.99 r) stays below
/// the spacing even after float rounding, so two accepted points never share a cell, and a
/// neighbour closer than r is never more than two cells away.
const CELL_SHARE: f32 = 0.7;
/// The cells looked at on each side of a candidate's cell at [`CELL_SHARE`] (`⌈1 / 0.7⌉`; cells
/// only grow from there, so never more): the common case, checked as five rows of [`ROW`]
/// cells without a branch per cell.
const NEAR: usize = 2;
/// Cells read per row in that case: the five in reach and three more to the right, which hold
/// no point closer than two cells (1.4 spacings) and so never change the answer, but make the
/// row two whole 4-lane vectors with no odd cell to branch on.
const ROW: usize = 8;
const NONE: u32 = u32::MAX;

/// The placed points, bucketed by cell for O(1) neighbour checks.
///
/// Cells are stored with a border `reach` cells wide on every side (and [`ROW`]` − 5` more on the
/// right) that never holds a point, so the block of cells around any candidate lies inside the
/// arrays and needs no clamping.
struct Grid {
    points: Vec<Point>,
    x0: f32,
    y0: f32,
    inv_cell: f32,
    cols: usize,
    rows: usize,
    /// Cells per stored row: `cols`, the border on both sides and room for a row read's extra
    /// cells on the right.
    stride: usize,
    /// Each cell's first point, its x in `first_x` and its y in `first_y` (two arrays, so a row
    /// of cells is compared at once), or NaN when empty: a NaN distance is never "too close",
    /// so the check reads every cell in reach without a branch.
    first_x: Vec<f32>,
    first_y: Vec<f32>,
    /// Any further points of a cell (only when cells had to grow): `overflow_head[cell]`, then
    /// `overflow[i] = (point, next)`. Left unallocated until needed.
    overflow_head: Vec<u32>,
    overflow: Vec<(Point, u32)>,
    /// Cells to look at on each side of a candidate's cell.
    reach: usize,
    spacing2: f32,
    /// Without spacing nothing is ever too close, and nothing needs bucketing.
    spaced: bool,
}

impl Grid {
    fn new(area: Area, spacing: f32) -> Grid {
        let spaced = spacing > 0.0 && spacing.is_finite();
        let (cols, rows, cell) = if spaced {
            let mut cell = spacing * CELL_SHARE;
            // The border is at most NEAR cells a side (cells only grow from here), and rows
            // have room for a whole row read on the right.
            let (border_x, border_y) = ((2 * NEAR + ROW) as f32, (2 * NEAR + 1) as f32);
            while (area.width() / cell + border_x) * (area.height() / cell + border_y) > MAX_GRID_CELLS {
                cell *= 2.0;
            }
            ((area.width() / cell) as usize + 1, (area.height() / cell) as usize + 1, cell)
        } else {
            (1, 1, 1.0)
        };
        let reach = if spaced { (spacing / cell).ceil() as usize } else { 0 };
        // The border, and on the right room for the extra cells a row read takes.
        let stride = cols + 2 * reach + (ROW - (2 * NEAR + 1));
        let cells = if spaced { stride * (rows + 2 * reach) } else { 0 };
        Grid {
            points: Vec::new(),
            x0: area.x0,
            y0: area.y0,
            inv_cell: 1.0 / cell,
            cols,
            rows,
            stride,
            first_x: vec![f32::NAN; cells],
            first_y: vec![f32::NAN; cells],
            overflow_head: Vec::new(),
            overflow: Vec::new(),
            reach,
            spacing2: spacing * spacing,
            spaced,
        }
    }

    /// The stored index of the top-left cell of the block around `p`'s cell (reach cells each
    /// side); `p`'s own cell is `reach` rows and columns on from it.
    fn block_of(&self, p: Point) -> usize {
        let cx = (((p.x - self.x0) * self.inv_cell) as usize).min(self.cols - 1);
        let cy = (((p.y - self.y0) * self.inv_cell) as usize).min(self.rows - 1);
        cy * self.stride + cx
    }

    fn is_clear(&self, p: Point) -> bool {
        if !self.spaced {
            return true;
        }
        let top_left = self.block_of(p);
        let side = 2 * self.reach + 1;
        let near = |x: f32, y: f32| (x - p.x) * (x - p.x) + (y - p.y) * (y - p.y) < self.spacing2;
        let too_close = if self.reach == NEAR {
            // Five rows of eight cells folded without short-circuiting: ten 4-lane vector
            // compares and one branch, instead of 25 unpredictable ones.
            (0..2 * NEAR + 1).fold(false, |hit, row| {
                let at = top_left + row * self.stride;
                let xs: &[f32; ROW] = self.first_x[at..at + ROW].try_into().unwrap();
                let ys: &[f32; ROW] = self.first_y[at..at + ROW].try_into().unwrap();
                xs.iter().zip(ys).fold(hit, |hit, (&x, &y)| hit | near(x, y))
            })
        } else {
            (0..side).any(|row| {
                let at = top_left + row * self.stride;
                self.first_x[at..at + side].iter().zip(&self.first_y[at..at + side]).any(|(&x, &y)| near(x, y))
            })
        };
        if too_close {
            return false;
        }
        if self.overflow.is_empty() {
            return true;
        }
        for row in 0..side {
            for cell in top_left + row * self.stride..top_left + row * self.stride + side {
                let mut i = self.overflow_head[cell];
                while i != NONE {
                    let (q, next) = self.overflow[i as usize];
                    if q.distance_squared(p) < self.spacing2 {
                        return false;
                    }
                    i = next;
                }
            }
        }
        true
    }

    fn insert(&mut self, p: Point) {
        if self.spaced {
            let cell = self.block_of(p) + self.reach * self.stride + self.reach;
            if self.first_x[cell].is_nan() {
                (self.first_x[cell], self.first_y[cell]) = (p.x, p.y);
            } else {
                if self.overflow_head.is_empty() {
                    self.overflow_head = vec![NONE; self.first_x.len()];
                }
                self.overflow.push((p, self.overflow_head[cell]));
                self.overflow_head[cell] = (self.overflow.len() - 1) as u32;
            }
        }
        self.points.push(p);
    }
}

#[cfg(test)]
mod tests;
