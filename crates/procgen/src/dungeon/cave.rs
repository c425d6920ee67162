//! Cave rooms: a random walk carves floor inside a cell, cellular-automaton passes smooth it, and
//! only the piece joined to a guaranteed core survives. The core is a `side × side` square kept
//! as floor through every pass, so a cave always holds a stage for its puzzle (the core less its
//! outer ring) and a ring of floor around that stage.
//!
//! Integer grid maths only, on a buffer the size of the cell, so it is cheap and identical on
//! every platform.

use std::collections::VecDeque;

use crate::rng::GenRng;

use super::level::Rect;

/// The carving rules (from the tuning).
#[derive(Clone, Copy, Debug)]
pub struct CaveRules {
    /// The core's side (the smallest room side).
    pub core: usize,
    /// Walk steps per tile of the area.
    pub walk_share: f32,
    pub passes: u32,
    /// At least this many wall neighbours (of 8) make a wall …
    pub wall_at: u32,
    /// … at most this many make floor.
    pub floor_at: u32,
}

/// A carved cave, in the area's coordinates made absolute.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cave {
    /// Floor tiles, row by row.
    pub floor: Vec<(usize, usize)>,
    /// The guaranteed core square.
    pub core: Rect,
    /// Bounding box of the floor.
    pub bounds: Rect,
}

/// Carves a cave inside `area` (a cell's interior, at least `rules.core` a side).
///
/// ```
/// use seedfeast_procgen::dungeon::{cave::{CaveRules, carve_cave}, level::Rect};
/// use seedfeast_procgen::{Seed, rng::{stream, Subsystem}};
/// let rules = CaveRules { core: 6, walk_share: 1.2, passes: 2, wall_at: 5, floor_at: 3 };
/// let area = Rect { x: 10, y: 4, w: 14, h: 12 };
/// let cave = carve_cave(area, &rules, &mut stream(Seed(1), Subsystem::DungeonLayout, 1));
/// assert!(cave.core.cells().all(|c| cave.floor.contains(&c)));
/// assert!(cave.floor.iter().all(|&c| area.contains(c)));
/// ```
pub fn carve_cave(area: Rect, rules: &CaveRules, rng: &mut impl GenRng) -> Cave {
    let (w, h) = (area.w, area.h);
    let side = rules.core.min(w).min(h);
    let core_local = Rect { x: rng.below(w - side + 1), y: rng.below(h - side + 1), w: side, h: side };
    let mut open = vec![false; w * h];
    stamp(&mut open, w, core_local);
    walk(&mut open, w, h, core_local, ((w * h) as f32 * rules.walk_share) as usize, rng);
    smooth(&mut open, w, h, core_local, rules);
    let keep = joined(&open, w, h, core_local.y * w + core_local.x);

    let floor: Vec<(usize, usize)> =
        (0..w * h).filter(|&i| keep[i]).map(|i| (area.x + i % w, area.y + i / w)).collect();
    let (x0, x1) = floor.iter().fold((usize::MAX, 0), |(lo, hi), &(x, _)| (lo.min(x), hi.max(x)));
    let (y0, y1) = (floor[0].1, floor[floor.len() - 1].1);
    Cave {
        core: Rect { x: area.x + core_local.x, y: area.y + core_local.y, w: side, h: side },
        bounds: Rect { x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1 },
        floor,
    }
}

/// Opens the core's tiles (in the area's own coordinates, rows `w` wide).
fn stamp(open: &mut [bool], w: usize, core: Rect) {
    for (x, y) in core.cells() {
        open[y * w + x] = true;
    }
}

/// The drunkard's walk from the core's centre: a bounded number of unit steps, clamped inside.
fn walk(open: &mut [bool], w: usize, h: usize, core: Rect, steps: usize, rng: &mut impl GenRng) {
    let (mut x, mut y) = (core.x + core.w / 2, core.y + core.h / 2);
    for _ in 0..steps.min(4 * w * h) {
        match rng.below(4) {
            0 if x + 1 < w => x += 1,
            1 if x > 0 => x -= 1,
            2 if y + 1 < h => y += 1,
            3 if y > 0 => y -= 1,
            _ => {}
        }
        open[y * w + x] = true;
    }
}

/// Smoothing: count wall neighbours, outside the area counting as wall, the core opened again
/// after each pass. A copy padded with a ring of wall makes every tile's eight neighbours plain
/// index offsets.
fn smooth(open: &mut [bool], w: usize, h: usize, core: Rect, rules: &CaveRules) {
    let pw = w + 2;
    let mut padded = vec![false; pw * (h + 2)];
    for _ in 0..rules.passes {
        for ty in 0..h {
            padded[(ty + 1) * pw + 1..(ty + 1) * pw + 1 + w].copy_from_slice(&open[ty * w..(ty + 1) * w]);
        }
        for ty in 0..h {
            for tx in 0..w {
                let centre = (ty + 1) * pw + tx + 1;
                let floors = [centre - pw - 1, centre - pw, centre - pw + 1, centre - 1, centre + 1]
                    .into_iter()
                    .chain([centre + pw - 1, centre + pw, centre + pw + 1])
                    .filter(|&i| padded[i])
                    .count() as u32;
                let walls = 8 - floors;
                if walls >= rules.wall_at {
                    open[ty * w + tx] = false;
                } else if walls <= rules.floor_at {
                    open[ty * w + tx] = true;
                }
            }
        }
        stamp(open, w, core);
    }
}

/// The piece joined to tile `seed` (4-connected): islands go back to rock.
fn joined(open: &[bool], w: usize, h: usize, seed: usize) -> Vec<bool> {
    let mut keep = vec![false; w * h];
    keep[seed] = true;
    let mut queue = VecDeque::from([seed]);
    while let Some(i) = queue.pop_front() {
        let (cx, cy) = (i % w, i / w);
        let mut visit = |j: usize| {
            if open[j] && !keep[j] {
                keep[j] = true;
                queue.push_back(j);
            }
        };
        if cx + 1 < w {
            visit(i + 1);
        }
        if cx > 0 {
            visit(i - 1);
        }
        if cy + 1 < h {
            visit(i + w);
        }
        if cy > 0 {
            visit(i - w);
        }
    }
    keep
}
