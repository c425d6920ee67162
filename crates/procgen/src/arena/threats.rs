//! Placing a wave's moving threats (issue #45): pans that slide or patrol a track, pans that
//! bounce off the walls, and pursuers, from the wave's own `ArenaThreats` stream (indexed by the
//! wave, so wave 7's threats are the same whatever came before, and drawn after its items are
//! placed, which they read but never move).
//!
//! Every threat is tried at most [`TRIES`] times against rules that make it fair by
//! construction; a track that finds no place becomes a bounce, and a bounce or a pursuer that
//! finds none is left out, so a crowded wave holds fewer threats and the work is bounded.
//!
//! - A **track** (a slide's segment, a patrol's convex loop) keeps out of the player's clear
//!   circle for ever, off every food, and a player's width of floor (`gap`) clear between its
//!   band (where a player's centre would be touched) and the walls, every static pan's reach and
//!   every other track's band. So any way to a food that crossed the band can go round it
//!   instead, and the start is a refuge: nothing on a track ever reaches it.
//! - A **bounce** keeps out of the clear circle for the first `safe_seconds` of the wave.
//! - A **pursuer** starts far enough away, and waits long enough, that it can't reach the clear
//!   circle in those seconds either.
//!
//! The validator ([`crate::arena::fair`]) re-checks the promises with code of its own.

use crate::arena::motion::{Motion, STEPS, Threat};
use crate::arena::{ArenaItem, ArenaTuning, ItemKind, Point};
use crate::rng::GenRng;

/// Candidates tried for one threat before it falls back (a track to a bounce) or is left out.
pub const TRIES: u32 = 40;
/// Slack on every distance rule, world units.
const MARGIN: f32 = 4.0;

/// What a wave's threats are placed around.
pub(crate) struct Field<'a> {
    pub tuning: &'a ArenaTuning,
    pub intensity: f32,
    pub clear_radius: f32,
    pub items: &'a [ArenaItem],
}

/// The threats of a wave: `movers` pans then `pursuers` pursuers asked for, each placed or left
/// out within [`TRIES`] candidates (a track then a bounce for a pan).
pub(crate) fn place_threats(field: &Field, movers: usize, pursuers: usize, rng: &mut impl GenRng) -> Vec<Threat> {
    let t = field.tuning;
    let mut placed: Vec<Threat> = Vec::new();
    for _ in 0..movers {
        // Slides most often; a patrol loop covers more floor; a bounce goes anywhere in time.
        let motion = match rng.weighted(&[0.45, 0.3, 0.25]) {
            0 => try_track(field, &placed, false, rng),
            1 => try_track(field, &placed, true, rng),
            _ => None,
        };
        if let Some(motion) = motion.or_else(|| try_bounce(field, rng)) {
            placed.push(Threat { radius: t.item_radius, motion });
        }
    }
    for index in 0..pursuers {
        if let Some(motion) = try_pursuer(field, index as u32, rng) {
            placed.push(Threat { radius: t.item_radius, motion });
        }
    }
    placed
}

/// Where a player's centre is touched by a threat or pan: both radii.
pub(crate) fn reach(t: &ArenaTuning) -> f32 {
    t.player_radius + t.item_radius
}

/// The free floor kept round a track's band for a player to walk round it: a player's width.
pub(crate) fn gap(t: &ArenaTuning) -> f32 {
    2.0 * t.player_radius
}

/// A speed by intensity (`lo` at 0, `hi` at 1), drawn down by up to 15% so pans differ.
fn speed_at(lo: f32, hi: f32, intensity: f32, rng: &mut impl GenRng) -> f32 {
    (lo + (hi - lo) * intensity.clamp(0.0, 1.0)) * rng.range(0.85, 1.0)
}

/// A direction drawn evenly, without trigonometry: a point of the unit disc, normalised.
fn direction(rng: &mut impl GenRng) -> Point {
    for _ in 0..32 {
        let (x, y) = (rng.range(-1.0, 1.0), rng.range(-1.0, 1.0));
        let r2 = x * x + y * y;
        if (0.0625..=1.0).contains(&r2) {
            let r = r2.sqrt();
            return Point { x: x / r, y: y / r };
        }
    }
    Point { x: 0.6, y: 0.8 }
}

fn try_track(field: &Field, placed: &[Threat], patrol: bool, rng: &mut impl GenRng) -> Option<Motion> {
    let t = field.tuning;
    // A track's points keep its band a gap off the walls' reach.
    let m = reach(t) + t.player_radius + gap(t);
    if t.width <= 2.0 * m || t.height <= 2.0 * m {
        return None;
    }
    for _ in 0..TRIES {
        let centre = Point { x: rng.range(m, t.width - m), y: rng.range(m, t.height - m) };
        let path = if patrol { patrol_loop(centre, t, rng) } else { slide_segment(centre, t, rng) };
        let inside = path.iter().all(|p| (m..=t.width - m).contains(&p.x) && (m..=t.height - m).contains(&p.y));
        if !inside || !track_fits(field, placed, &path, patrol) {
            continue;
        }
        let speed = speed_at(t.mover_speed_min, t.mover_speed_max, field.intensity, rng);
        let cycle = if patrol { perimeter(&path) } else { 2.0 * distance(path[0], path[1]) };
        // Whole steps, rounded up: the real speed is at most the one drawn.
        let period = ((cycle / speed * STEPS).ceil() as u32).max(1);
        let phase = rng.below(period as usize) as u32;
        let speed = cycle * STEPS / period as f32;
        return Some(if patrol {
            Motion::Patrol { path, speed, period, phase }
        } else {
            Motion::Slide { path: [path[0], path[1]], speed, period, phase }
        });
    }
    None
}

fn slide_segment(centre: Point, t: &ArenaTuning, rng: &mut impl GenRng) -> Vec<Point> {
    let d = direction(rng);
    let half = rng.range(t.track_min, t.track_max) / 2.0;
    vec![
        Point { x: centre.x - d.x * half, y: centre.y - d.y * half },
        Point { x: centre.x + d.x * half, y: centre.y + d.y * half },
    ]
}

/// A convex loop round `centre`: a rectangle, its corners cut off half the time (an octagon),
/// walked either way round.
fn patrol_loop(centre: Point, t: &ArenaTuning, rng: &mut impl GenRng) -> Vec<Point> {
    let (w, h) = (rng.range(t.track_min, t.track_max) / 2.0, rng.range(t.track_min, t.track_max) / 2.0);
    let cut = if rng.chance(0.5) { w.min(h) * rng.range(0.15, 0.35) } else { 0.0 };
    let (x0, x1, y0, y1) = (centre.x - w / 2.0, centre.x + w / 2.0, centre.y - h / 2.0, centre.y + h / 2.0);
    let corners = [(x0, y0, 1.0, 1.0), (x1, y0, -1.0, 1.0), (x1, y1, -1.0, -1.0), (x0, y1, 1.0, -1.0)];
    let mut path = Vec::with_capacity(8);
    for (i, &(x, y, sx, sy)) in corners.iter().enumerate() {
        if cut == 0.0 {
            path.push(Point { x, y });
        } else if i % 2 == 0 {
            // Going round counter-clockwise: along y first at the corners 0 and 2, x at 1 and 3.
            path.push(Point { x, y: y + sy * cut });
            path.push(Point { x: x + sx * cut, y });
        } else {
            path.push(Point { x: x + sx * cut, y });
            path.push(Point { x, y: y + sy * cut });
        }
    }
    if rng.chance(0.5) {
        path.reverse();
    }
    path
}

/// Whether a track keeps its rules against the wave: off the clear circle and every food,
/// a gap from every static pan's reach and every track already placed, no food or start inside
/// a loop.
fn track_fits(field: &Field, placed: &[Threat], path: &[Point], closed: bool) -> bool {
    let t = field.tuning;
    let player = Point { x: t.width / 2.0, y: t.height / 2.0 };
    let (reach, gap) = (reach(t), gap(t));
    if distance_to_track(player, path, closed) < field.clear_radius + MARGIN {
        return false;
    }
    for item in field.items {
        let p = Point { x: item.x, y: item.y };
        let keep = match item.kind {
            ItemKind::Food(_) => reach + MARGIN,
            ItemKind::Hazard => 2.0 * reach + gap + MARGIN,
        };
        if distance_to_track(p, path, closed) < keep {
            return false;
        }
    }
    if closed && (inside(player, path) || field.items.iter().any(|i| inside(Point { x: i.x, y: i.y }, path))) {
        return false;
    }
    placed
        .iter()
        .filter_map(|other| other.motion.track().map(|o| (o, matches!(other.motion, Motion::Patrol { .. }))))
        .all(|(other, other_closed)| tracks_apart(path, closed, other, other_closed) >= 2.0 * reach + gap + MARGIN)
}

fn try_bounce(field: &Field, rng: &mut impl GenRng) -> Option<Motion> {
    let t = field.tuning;
    let r = t.item_radius;
    let bounds = [r, r, t.width - r, t.height - r];
    if bounds[2] <= bounds[0] || bounds[3] <= bounds[1] {
        return None;
    }
    let player = Point { x: t.width / 2.0, y: t.height / 2.0 };
    let keep = field.clear_radius + MARGIN;
    let safe_steps = (t.safe_seconds * STEPS).ceil() as u32;
    for _ in 0..TRIES {
        let start = Point { x: rng.range(bounds[0], bounds[2]), y: rng.range(bounds[1], bounds[3]) };
        let d = direction(rng);
        // Not along a wall's axis: a bounce that crosses the floor at a slant reads as one.
        if d.x.abs() < 0.3 || d.y.abs() < 0.3 {
            continue;
        }
        let speed = speed_at(t.mover_speed_min, t.mover_speed_max, field.intensity, rng);
        let motion = Motion::Bounce { start, velocity: Point { x: d.x * speed, y: d.y * speed }, speed, bounds };
        if (0..=safe_steps).all(|step| motion.at(step).distance_squared(player) >= keep * keep) {
            return Some(motion);
        }
    }
    None
}

fn try_pursuer(field: &Field, index: u32, rng: &mut impl GenRng) -> Option<Motion> {
    let t = field.tuning;
    let r = t.item_radius;
    let player = Point { x: t.width / 2.0, y: t.height / 2.0 };
    let speed = speed_at(t.pursuer_speed_min, t.pursuer_speed_max, field.intensity, rng);
    // Staggered: a second pursuer sets off 1.5 s after the first, and so on.
    let delay = ((t.pursuer_delay + 1.5 * index as f32) * STEPS).round() as u32;
    let running = (t.safe_seconds - delay as f32 / STEPS).max(0.0);
    // Far enough that it can't reach the clear circle before the safe seconds end, and from
    // across the floor: a third of the way or more.
    let far = (field.clear_radius + MARGIN + speed * running).max(t.width.min(t.height) / 3.0);
    for _ in 0..TRIES {
        let start = Point { x: rng.range(r, t.width - r), y: rng.range(r, t.height - r) };
        if start.distance_squared(player) >= far * far {
            return Some(Motion::Pursuer { start, speed, delay });
        }
    }
    None
}

fn distance(a: Point, b: Point) -> f32 {
    a.distance_squared(b).sqrt()
}

fn perimeter(path: &[Point]) -> f32 {
    edges(path, true).map(|(a, b)| distance(a, b)).sum()
}

/// The track's segments; a closed one's last joins its first.
fn edges(path: &[Point], closed: bool) -> impl Iterator<Item = (Point, Point)> + '_ {
    let open = path.windows(2).map(|w| (w[0], w[1]));
    let closing = (closed && path.len() > 2).then(|| (path[path.len() - 1], path[0]));
    open.chain(closing)
}

fn point_segment(p: Point, a: Point, b: Point) -> f32 {
    let (abx, aby) = (b.x - a.x, b.y - a.y);
    let len2 = abx * abx + aby * aby;
    let s = if len2 > 0.0 { (((p.x - a.x) * abx + (p.y - a.y) * aby) / len2).clamp(0.0, 1.0) } else { 0.0 };
    distance(p, Point { x: a.x + abx * s, y: a.y + aby * s })
}

fn distance_to_track(p: Point, path: &[Point], closed: bool) -> f32 {
    edges(path, closed).map(|(a, b)| point_segment(p, a, b)).fold(f32::INFINITY, f32::min)
}

/// Whether segments `ab` and `cd` cross (strictly, by the signs of the turns).
fn crosses(a: Point, b: Point, c: Point, d: Point) -> bool {
    let turn = |p: Point, q: Point, r: Point| (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x);
    let (d1, d2, d3, d4) = (turn(c, d, a), turn(c, d, b), turn(a, b, c), turn(a, b, d));
    d1 * d2 < 0.0 && d3 * d4 < 0.0
}

fn tracks_apart(a: &[Point], a_closed: bool, b: &[Point], b_closed: bool) -> f32 {
    let mut least = f32::INFINITY;
    for (p, q) in edges(a, a_closed) {
        for (r, s) in edges(b, b_closed) {
            if crosses(p, q, r, s) {
                return 0.0;
            }
            least = least.min(point_segment(p, r, s)).min(point_segment(q, r, s));
            least = least.min(point_segment(r, p, q)).min(point_segment(s, p, q));
        }
    }
    least
}

/// Whether `p` lies inside the closed loop `path` (even-odd rule).
fn inside(p: Point, path: &[Point]) -> bool {
    let mut odd = false;
    for (a, b) in edges(path, true) {
        if (a.y > p.y) != (b.y > p.y) && p.x < a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x) {
            odd = !odd;
        }
    }
    odd
}
