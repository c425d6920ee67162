//! Arena threats that move: what a threat is ([`Threat`], [`Motion`]) and where it is at a fixed
//! step ([`Motion::at`], [`pursue`]).
//!
//! Motion is data in the level and a pure function of the fixed step (1/60 s), so the game, its
//! replays and `seedfeast gen arena --format json` agree to the bit. Only `+ − × ÷`, `sqrt` and
//! `%` on f32 decide a place: IEEE 754 rounds each of them exactly, on every platform and in the
//! browser, unlike the trigonometry of a platform's libm, so every path is piecewise linear
//! (segments and polygons, no circles). Periods and phases are whole steps, so a slide or a
//! patrol repeats exactly, however long a wave lasts.

use serde::Serialize;

use crate::arena::Point;
use crate::physics::STEP_HZ;

/// Fixed steps a second, as f32.
pub(crate) const STEPS: f32 = STEP_HZ as f32;

/// A moving hazard of a wave: a hot pan on a path, or a pursuer. Touching its circle costs a
/// life as a static pan does.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Threat {
    /// Its hit circle (an item's radius).
    pub radius: f32,
    #[serde(flatten)]
    pub motion: Motion,
}

/// How a threat moves. Serialized with its kind in a `kind` field (`"slide"`, `"patrol"`,
/// `"bounce"`, `"pursuer"`); `period`, `phase` and `delay` count fixed steps (1/60 s), speeds are
/// world units a second.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Motion {
    /// Back and forth along `path[0]`–`path[1]` at an even `speed`: there and back takes
    /// `period` steps, and the wave starts `phase` steps into it (at `path[0]` when 0).
    Slide { path: [Point; 2], speed: f32, period: u32, phase: u32 },
    /// Round the closed loop `path[0]`, `path[1]` … back to `path[0]` at an even `speed`, once
    /// every `period` steps, starting `phase` steps in.
    Patrol { path: Vec<Point>, speed: f32, period: u32, phase: u32 },
    /// A straight line from `start` at `velocity` (units a second), reflecting off the walls of
    /// `bounds` (`[x0, y0, x1, y1]`, where its centre may go): each axis folds back and forth
    /// between its bounds.
    Bounce { start: Point, velocity: Point, speed: f32, bounds: [f32; 4] },
    /// Waits at `start` for `delay` steps, then heads straight for the player at `speed`, below
    /// the player's ([`pursue`]).
    Pursuer { start: Point, speed: f32, delay: u32 },
}

impl Motion {
    /// The kind's name, as serialized.
    pub fn kind(&self) -> &'static str {
        match self {
            Motion::Slide { .. } => "slide",
            Motion::Patrol { .. } => "patrol",
            Motion::Bounce { .. } => "bounce",
            Motion::Pursuer { .. } => "pursuer",
        }
    }

    /// Its speed, world units a second.
    pub fn speed(&self) -> f32 {
        match self {
            Motion::Slide { speed, .. }
            | Motion::Patrol { speed, .. }
            | Motion::Bounce { speed, .. }
            | Motion::Pursuer { speed, .. } => *speed,
        }
    }

    /// The track it follows for ever: a slide's segment or a patrol's loop (closed: the last
    /// point joins the first). None for a bounce or a pursuer.
    pub fn track(&self) -> Option<&[Point]> {
        match self {
            Motion::Slide { path, .. } => Some(path),
            Motion::Patrol { path, .. } => Some(path),
            Motion::Bounce { .. } | Motion::Pursuer { .. } => None,
        }
    }

    /// Where it is `step` fixed steps into its wave. A pursuer's place depends on the player's:
    /// this is its start, where it waits; the game moves it with [`pursue`].
    ///
    /// ```
    /// use seedfeast_procgen::arena::{Motion, Point};
    /// let (a, b) = (Point { x: 0.0, y: 0.0 }, Point { x: 100.0, y: 0.0 });
    /// let slide = Motion::Slide { path: [a, b], speed: 50.0, period: 240, phase: 0 };
    /// assert_eq!(slide.at(0), a);
    /// assert_eq!(slide.at(120), b); // half a period: the far end
    /// assert_eq!(slide.at(60), Point { x: 50.0, y: 0.0 });
    /// assert_eq!(slide.at(240 * 7 + 60), slide.at(60)); // whole periods repeat exactly
    /// ```
    pub fn at(&self, step: u32) -> Point {
        match self {
            Motion::Slide { path, period, phase, .. } => {
                // Out and back: the first half of the cycle walks a → b, the second b → a.
                let f = cycle_fraction(step, *period, *phase) * 2.0;
                if f < 1.0 { lerp(path[0], path[1], f) } else { lerp(path[1], path[0], f - 1.0) }
            }
            Motion::Patrol { path, period, phase, .. } => along_loop(path, cycle_fraction(step, *period, *phase)),
            Motion::Bounce { start, velocity, bounds, .. } => {
                let t = step as f32 / STEPS;
                Point {
                    x: fold(start.x + velocity.x * t, bounds[0], bounds[2]),
                    y: fold(start.y + velocity.y * t, bounds[1], bounds[3]),
                }
            }
            Motion::Pursuer { start, .. } => *start,
        }
    }
}

/// A pursuer's next place: from `at`, one step of `speed` (units a second) straight towards
/// `target`, landing on it when it is nearer than a step; it stays put for the first `delay`
/// steps of its wave (`step` counts from 0).
///
/// ```
/// use seedfeast_procgen::arena::{Point, pursue};
/// let (at, player) = (Point { x: 0.0, y: 0.0 }, Point { x: 30.0, y: 40.0 });
/// assert_eq!(pursue(at, player, 60.0, 10, 20), at); // still waiting
/// let next = pursue(at, player, 60.0, 20, 20); // a unit a step, along (0.6, 0.8)
/// assert!((next.x - 0.6).abs() < 1e-6 && (next.y - 0.8).abs() < 1e-6);
/// assert_eq!(pursue(Point { x: 29.5, y: 40.0 }, player, 60.0, 99, 0), player);
/// ```
pub fn pursue(at: Point, target: Point, speed: f32, step: u32, delay: u32) -> Point {
    if step < delay {
        return at;
    }
    let (dx, dy) = (target.x - at.x, target.y - at.y);
    let distance = (dx * dx + dy * dy).sqrt();
    let reach = speed / STEPS;
    if distance <= reach {
        return target;
    }
    let k = reach / distance;
    Point { x: at.x + dx * k, y: at.y + dy * k }
}

/// How far through its cycle of `period` steps a path is at `step`, started `phase` steps in:
/// a whole-number remainder, so it repeats exactly.
fn cycle_fraction(step: u32, period: u32, phase: u32) -> f32 {
    let period = u64::from(period.max(1));
    let k = (u64::from(step) + u64::from(phase)) % period;
    k as f32 / period as f32
}

fn lerp(a: Point, b: Point, t: f32) -> Point {
    Point { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t }
}

fn length(a: Point, b: Point) -> f32 {
    a.distance_squared(b).sqrt()
}

/// The point a fraction `f` (0..1) of the way round the closed loop `points`, by length.
fn along_loop(points: &[Point], f: f32) -> Point {
    let Some(&first) = points.first() else { return Point { x: 0.0, y: 0.0 } };
    let edges = || points.iter().zip(points.iter().cycle().skip(1));
    let total: f32 = edges().map(|(&a, &b)| length(a, b)).sum();
    let mut left = total * f;
    for (&a, &b) in edges() {
        let edge = length(a, b);
        if left < edge {
            return lerp(a, b, left / edge);
        }
        left -= edge;
    }
    first
}

/// `u` folded into `[lo, hi]` as a ball bounces between two walls: the triangle wave of period
/// `2 (hi − lo)`. `%` on floats is exact (IEEE's remainder of the division, not a rounded one).
fn fold(u: f32, lo: f32, hi: f32) -> f32 {
    let width = hi - lo;
    if width <= 0.0 {
        return lo;
    }
    let m = (u - lo).rem_euclid(2.0 * width);
    lo + if m > width { 2.0 * width - m } else { m }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(x: f32, y: f32) -> Point {
        Point { x, y }
    }

    #[test]
    fn a_patrol_walks_its_loop_evenly_and_repeats() {
        let square = vec![p(0.0, 0.0), p(100.0, 0.0), p(100.0, 100.0), p(0.0, 100.0)];
        let patrol = Motion::Patrol { path: square, speed: 100.0, period: 400, phase: 100 };
        // A quarter in: the second corner; each quarter of the period is one side.
        assert_eq!(patrol.at(0), p(100.0, 0.0));
        assert_eq!(patrol.at(100), p(100.0, 100.0));
        assert_eq!(patrol.at(150), p(50.0, 100.0));
        assert_eq!(patrol.at(300), p(0.0, 0.0));
        assert_eq!(patrol.at(400 * 1000 + 150), patrol.at(150));
    }

    #[test]
    fn a_bounce_reflects_off_the_walls() {
        let bounce = Motion::Bounce {
            start: p(50.0, 50.0),
            velocity: p(60.0, -30.0),
            speed: 67.08,
            bounds: [0.0, 0.0, 100.0, 100.0],
        };
        // One second: x 110 folds to 90, y 20.
        assert_eq!(bounce.at(60), p(90.0, 20.0));
        // Three seconds: x 230 → 230 − 200 = 30, y −40 → 40.
        assert_eq!(bounce.at(180), p(30.0, 40.0));
        for step in 0..2000 {
            let at = bounce.at(step);
            assert!((0.0..=100.0).contains(&at.x) && (0.0..=100.0).contains(&at.y), "{step}: {at:?}");
        }
    }

    #[test]
    fn kinds_serialize_with_their_path_and_rule() {
        let slide = Threat {
            radius: 18.0,
            motion: Motion::Slide { path: [p(1.0, 2.0), p(3.0, 4.0)], speed: 5.0, period: 60, phase: 7 },
        };
        let json = serde_json::to_value(&slide).unwrap();
        assert_eq!(json["kind"], "slide");
        assert_eq!(json["path"][1]["x"], 3.0);
        assert_eq!(
            (json["period"].as_u64(), json["phase"].as_u64(), json["radius"].as_f64()),
            (Some(60), Some(7), Some(18.0))
        );
        let chaser = Motion::Pursuer { start: p(0.0, 0.0), speed: 100.0, delay: 90 };
        assert_eq!(serde_json::to_value(&chaser).unwrap()["delay"], 90);
        assert_eq!(chaser.kind(), "pursuer");
        assert!(chaser.track().is_none());
    }
}
