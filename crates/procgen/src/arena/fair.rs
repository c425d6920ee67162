//! The independent check of a wave's moving threats: it shares no code with their generator
//! (`threats.rs`) or their motion (`motion.rs`); it walks each path, integrates each bounce step
//! by step and floods the floor on a grid of its own. The rules, in docs/fairness.md#arena:
//!
//! - `threat count`: no more moving pans or pursuers than the wave's intensity asks for;
//! - `threat speed`: every threat's speed, measured from its path and period (not read from its
//!   `speed` field, which must agree), is above 0 and at most [`MAX_THREAT_SPEED_SHARE`] of the
//!   player's: a player can always outrun a pursuer, and step back from a pan and let it pass;
//! - `threat bounds`: every path in the floor, less the threat's radius;
//! - `safe spawn`: for the first `safe_seconds` of the wave, no threat's centre comes within
//!   the clear radius of the player's start (so a player standing still is not touched);
//! - `track refuge`: a slide's or patrol's track never comes within the clear radius of the
//!   start: the start stays a refuge from them for the whole wave;
//! - `walled in`: a track never walls a food in. On a grid of [`CELL`]-unit squares, a square
//!   is open when all of it is more than a touch away from every static pan and inside the walls
//!   (a player's centre can be anywhere in it); every food reachable from the start over open
//!   squares must stay reachable when the squares a track's band covers (a touch away from its
//!   path) are closed too. Crossing a track is then never needed: there is always a way round.
//!
//! Bounces and pursuers go everywhere in time; they are fair by their speed and the safe spawn.

use std::collections::VecDeque;

use crate::arena::{ArenaTuning, ArenaWave, ItemKind, Motion, Point};
use crate::violation::Violation;

/// The most a threat's speed may be, as a share of the player's.
pub const MAX_THREAT_SPEED_SHARE: f32 = 0.6;
/// The flood's squares, world units (wider on a floor over 6,000 units, so the flood stays
/// within a million squares).
pub const CELL: f32 = 6.0;
/// Steps a second (the fixed step), as the validator counts them.
const HZ: f32 = 60.0;

/// Every broken threat rule of `wave` (see the module's list); empty when it keeps them all.
pub fn validate_threats(tuning: &ArenaTuning, wave: &ArenaWave) -> Vec<Violation> {
    let mut out = Vec::new();
    let mut flag = |rule: &'static str, detail: String| out.push(Violation::new(rule, detail));
    let pursuers = wave.threats.iter().filter(|t| matches!(t.motion, Motion::Pursuer { .. })).count();
    let movers = wave.threats.len() - pursuers;
    let (asked_movers, asked_pursuers) = (tuning.movers_at(wave.intensity), tuning.pursuers_at(wave.intensity));
    if movers > asked_movers || pursuers > asked_pursuers {
        flag(
            "threat count",
            format!(
                "{movers} pans and {pursuers} pursuers; intensity {} asks for {asked_movers} and {asked_pursuers}",
                wave.intensity
            ),
        );
    }
    let start = Point { x: wave.player.0, y: wave.player.1 };
    let limit = MAX_THREAT_SPEED_SHARE * tuning.player_speed;
    for (i, threat) in wave.threats.iter().enumerate() {
        let measured = measured_speed(&threat.motion);
        let said = threat.motion.speed();
        if !(measured > 0.0 && measured <= limit * 1.0001) || (said - measured).abs() > measured * 1e-3 {
            flag(
                "threat speed",
                format!(
                    "threat {i} ({}) moves at {measured} (says {said}); at most {limit}, 0.6 × the player's",
                    threat.motion.kind()
                ),
            );
        }
        let r = threat.radius;
        if let Some(p) = points_of(&threat.motion).into_iter().find(|p| !in_floor(*p, tuning, r)) {
            flag(
                "threat bounds",
                format!("threat {i} ({}) reaches ({}, {}), off the floor less {r}", threat.motion.kind(), p.x, p.y),
            );
        }
        if let Some(step) = first_unsafe_step(&threat.motion, start, wave.clear_radius, tuning.safe_seconds) {
            flag(
                "safe spawn",
                format!(
                    "threat {i} ({}) comes within {} of the start {:.2} s into the wave, before {} s",
                    threat.motion.kind(),
                    wave.clear_radius,
                    step as f32 / HZ,
                    tuning.safe_seconds
                ),
            );
        }
        if let Some((track, closed)) = track_of(&threat.motion) {
            let near = nearest_on_track(start, track, closed);
            if near < wave.clear_radius {
                flag(
                    "track refuge",
                    format!("threat {i}'s track passes {near} from the start, inside {}", wave.clear_radius),
                );
            }
        }
    }
    if let Some(food) = walled_in(tuning, wave) {
        flag("walled in", format!("food {food} can be reached from the start only by crossing a track"));
    }
    out
}

/// A slide's segment (open) or a patrol's loop (closed).
fn track_of(motion: &Motion) -> Option<(&[Point], bool)> {
    match motion {
        Motion::Slide { path, .. } => Some((&path[..], false)),
        Motion::Patrol { path, .. } => Some((&path[..], true)),
        _ => None,
    }
}

fn points_of(motion: &Motion) -> Vec<Point> {
    match motion {
        Motion::Slide { path, .. } => path.to_vec(),
        Motion::Patrol { path, .. } => path.clone(),
        Motion::Bounce { start, bounds, .. } => {
            vec![*start, Point { x: bounds[0], y: bounds[1] }, Point { x: bounds[2], y: bounds[3] }]
        }
        Motion::Pursuer { start, .. } => vec![*start],
    }
}

fn in_floor(p: Point, tuning: &ArenaTuning, r: f32) -> bool {
    p.x >= r && p.y >= r && p.x <= tuning.width - r && p.y <= tuning.height - r
}

fn hypot(dx: f32, dy: f32) -> f32 {
    (dx * dx + dy * dy).sqrt()
}

/// The path's length one way round: a slide there and back, a patrol's loop.
fn cycle_length(points: &[Point], closed: bool) -> f32 {
    let mut total: f32 = points.windows(2).map(|w| hypot(w[1].x - w[0].x, w[1].y - w[0].y)).sum();
    if closed {
        let (a, b) = (points[points.len() - 1], points[0]);
        total += hypot(a.x - b.x, a.y - b.y);
    } else {
        total *= 2.0;
    }
    total
}

/// Speed from the path and its period, not from the `speed` the threat states.
fn measured_speed(motion: &Motion) -> f32 {
    match motion {
        Motion::Slide { path, period, .. } => cycle_length(path, false) * HZ / (*period).max(1) as f32,
        Motion::Patrol { path, period, .. } if path.len() >= 3 => {
            cycle_length(path, true) * HZ / (*period).max(1) as f32
        }
        Motion::Patrol { .. } => f32::NAN,
        Motion::Bounce { velocity, .. } => hypot(velocity.x, velocity.y),
        Motion::Pursuer { speed, .. } => *speed,
    }
}

/// The first step within the safe seconds at which the threat's centre is inside the clear
/// circle, walking each motion by the validator's own rules.
fn first_unsafe_step(motion: &Motion, start: Point, clear: f32, safe_seconds: f32) -> Option<u32> {
    let steps = (safe_seconds * HZ).ceil() as u32;
    let inside = |p: Point| hypot(p.x - start.x, p.y - start.y) < clear - 0.01;
    match motion {
        Motion::Slide { path, period, phase, .. } => {
            (0..=steps).find(|&s| inside(walk(&[path[0], path[1], path[0]], *period, u64::from(*phase) + u64::from(s))))
        }
        Motion::Patrol { path, period, phase, .. } => {
            let mut closed = path.clone();
            closed.push(path[0]);
            (0..=steps).find(|&s| inside(walk(&closed, *period, u64::from(*phase) + u64::from(s))))
        }
        Motion::Bounce { start: from, velocity, bounds, .. } => {
            // Integrated a step at a time, turned round at each wall.
            let (mut at, mut v) = (*from, *velocity);
            for s in 0..=steps {
                if inside(at) {
                    return Some(s);
                }
                at.x += v.x / HZ;
                at.y += v.y / HZ;
                (at.x, v.x) = reflect(at.x, v.x, bounds[0], bounds[2]);
                (at.y, v.y) = reflect(at.y, v.y, bounds[1], bounds[3]);
            }
            None
        }
        Motion::Pursuer { start: from, speed, delay } => {
            // However the player moves, it closes in at most `speed` a second once it sets off.
            let running = (safe_seconds - *delay as f32 / HZ).max(0.0);
            let closest = hypot(from.x - start.x, from.y - start.y) - speed * running;
            (closest < clear - 0.01).then_some((*delay).min(steps))
        }
    }
}

fn reflect(x: f32, v: f32, lo: f32, hi: f32) -> (f32, f32) {
    if x > hi {
        (2.0 * hi - x, -v)
    } else if x < lo {
        (2.0 * lo - x, -v)
    } else {
        (x, v)
    }
}

/// The place a fraction `step / period` of the way along the polyline `points` (by length).
fn walk(points: &[Point], period: u32, step: u64) -> Point {
    let period = u64::from(period.max(1));
    let f = (step % period) as f32 / period as f32;
    let lengths: Vec<f32> = points.windows(2).map(|w| hypot(w[1].x - w[0].x, w[1].y - w[0].y)).collect();
    let mut left = f * lengths.iter().sum::<f32>();
    for (w, len) in points.windows(2).zip(&lengths) {
        if left <= *len && *len > 0.0 {
            let k = left / len;
            return Point { x: w[0].x + (w[1].x - w[0].x) * k, y: w[0].y + (w[1].y - w[0].y) * k };
        }
        left -= len;
    }
    points[points.len() - 1]
}

/// Distance from `p` to the track, segment by segment (projection clamped to each).
fn nearest_on_track(p: Point, track: &[Point], closed: bool) -> f32 {
    let mut pairs: Vec<(Point, Point)> = track.windows(2).map(|w| (w[0], w[1])).collect();
    if closed && track.len() > 2 {
        pairs.push((track[track.len() - 1], track[0]));
    }
    pairs
        .into_iter()
        .map(|(a, b)| {
            let (dx, dy) = (b.x - a.x, b.y - a.y);
            let along = dx * dx + dy * dy;
            let k = if along == 0.0 { 0.0 } else { (((p.x - a.x) * dx + (p.y - a.y) * dy) / along).clamp(0.0, 1.0) };
            hypot(p.x - (a.x + dx * k), p.y - (a.y + dy * k))
        })
        .fold(f32::INFINITY, f32::min)
}

/// The first food (by index among the items) reachable from the start over the open squares
/// with only the static pans in the way, and not once the tracks' bands are closed too.
fn walled_in(tuning: &ArenaTuning, wave: &ArenaWave) -> Option<usize> {
    let tracks: Vec<(&[Point], bool)> = wave.threats.iter().filter_map(|t| track_of(&t.motion)).collect();
    if tracks.is_empty() {
        return None;
    }
    let touch = tuning.player_radius + tuning.item_radius;
    let grid = Grid::new(wave, tuning.player_radius);
    let half_diagonal = grid.cell * std::f32::consts::FRAC_1_SQRT_2;
    let mut open = grid.inside.clone();
    for item in wave.items.iter().filter(|i| i.kind == ItemKind::Hazard) {
        let pan = Point { x: item.x, y: item.y };
        grid.close(&mut open, pan, pan, touch + half_diagonal, |c| hypot(c.x - pan.x, c.y - pan.y));
    }
    let before = grid.flood(&open, wave.player);
    for &(track, closed) in &tracks {
        let (lo, hi) = bounding(track);
        grid.close(&mut open, lo, hi, touch + half_diagonal, |c| nearest_on_track(c, track, closed));
    }
    let after = grid.flood(&open, wave.player);
    let foods = wave.items.iter().enumerate().filter(|(_, i)| matches!(i.kind, ItemKind::Food(_)));
    for (index, item) in foods {
        let food = Point { x: item.x, y: item.y };
        if grid.touches(&before, food, touch) && !grid.touches(&after, food, touch) {
            return Some(index);
        }
    }
    None
}

fn bounding(points: &[Point]) -> (Point, Point) {
    let lo = points
        .iter()
        .fold(Point { x: f32::INFINITY, y: f32::INFINITY }, |m, p| Point { x: m.x.min(p.x), y: m.y.min(p.y) });
    let hi = points
        .iter()
        .fold(Point { x: f32::NEG_INFINITY, y: f32::NEG_INFINITY }, |m, p| Point { x: m.x.max(p.x), y: m.y.max(p.y) });
    (lo, hi)
}

/// The floor in squares of [`CELL`] (or wider), row by row from the bottom.
struct Grid {
    cell: f32,
    columns: usize,
    rows: usize,
    /// Squares wholly inside the walls, less the player's radius.
    inside: Vec<bool>,
}

impl Grid {
    fn new(wave: &ArenaWave, radius: f32) -> Grid {
        let cell = CELL.max(wave.width.max(wave.height) / 1000.0);
        let columns = (wave.width / cell).ceil().clamp(1.0, 1000.0) as usize;
        let rows = (wave.height / cell).ceil().clamp(1.0, 1000.0) as usize;
        let mut inside = vec![false; columns * rows];
        for r in 0..rows {
            for c in 0..columns {
                let (x0, y0) = (c as f32 * cell, r as f32 * cell);
                inside[r * columns + c] = x0 >= radius
                    && y0 >= radius
                    && x0 + cell <= wave.width - radius
                    && y0 + cell <= wave.height - radius;
            }
        }
        Grid { cell, columns, rows, inside }
    }

    fn centre(&self, c: usize, r: usize) -> Point {
        Point { x: (c as f32 + 0.5) * self.cell, y: (r as f32 + 0.5) * self.cell }
    }

    /// Closes every square within `reach` (by `distance` from its centre) of the box `lo`–`hi`.
    fn close(&self, open: &mut [bool], lo: Point, hi: Point, reach: f32, distance: impl Fn(Point) -> f32) {
        let span = |v: f32, n: usize| ((v / self.cell).floor().max(0.0) as usize).min(n - 1);
        let (c0, c1) = (span(lo.x - reach, self.columns), span(hi.x + reach, self.columns));
        let (r0, r1) = (span(lo.y - reach, self.rows), span(hi.y + reach, self.rows));
        for r in r0..=r1 {
            for c in c0..=c1 {
                if distance(self.centre(c, r)) < reach {
                    open[r * self.columns + c] = false;
                }
            }
        }
    }

    /// The squares reachable from the one holding `from`, side to side.
    fn flood(&self, open: &[bool], from: (f32, f32)) -> Vec<bool> {
        let mut seen = vec![false; open.len()];
        let (c, r) = ((from.0 / self.cell) as usize, (from.1 / self.cell) as usize);
        if c >= self.columns || r >= self.rows || !open[r * self.columns + c] {
            return seen;
        }
        let mut queue = VecDeque::from([(c, r)]);
        seen[r * self.columns + c] = true;
        // Each square is queued at most once: at most columns × rows turns.
        while let Some((c, r)) = queue.pop_front() {
            let next = [(c.wrapping_sub(1), r), (c + 1, r), (c, r.wrapping_sub(1)), (c, r + 1)];
            for (nc, nr) in next {
                if nc < self.columns && nr < self.rows && open[nr * self.columns + nc] && !seen[nr * self.columns + nc]
                {
                    seen[nr * self.columns + nc] = true;
                    queue.push_back((nc, nr));
                }
            }
        }
        seen
    }

    /// Whether a reached square's centre touches `food`.
    fn touches(&self, reached: &[bool], food: Point, touch: f32) -> bool {
        let span = |v: f32, n: usize| ((v / self.cell).floor().max(0.0) as usize).min(n - 1);
        let (c0, c1) = (span(food.x - touch, self.columns), span(food.x + touch, self.columns));
        let (r0, r1) = (span(food.y - touch, self.rows), span(food.y + touch, self.rows));
        (r0..=r1).any(|r| {
            (c0..=c1).any(|c| {
                let p = self.centre(c, r);
                reached[r * self.columns + c] && hypot(p.x - food.x, p.y - food.y) < touch
            })
        })
    }
}
