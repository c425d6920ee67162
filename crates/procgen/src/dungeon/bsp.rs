//! Count-driven binary space partition: a zone's rectangle cut into exactly as many cells as the
//! zone has rooms, every cell at least one unit a side.
//!
//! Cells include their boundary walls, which neighbours share: a cut at column `c` makes the left
//! cell end and the right cell begin on `c`. A rectangle spanning `w - 1 = k·unit + e` tiles
//! (`e < unit`) holds `k` units across. Cutting only at whole units from the left edge (plus any
//! part of the spare `e`) keeps the two halves' units summing to the whole, so the capacity
//! `units across × units down` is never lost and every count up to it can be cut exactly, with
//! no retries.

use crate::rng::GenRng;

use super::level::Rect;

/// One cut: its line and the cells on either side (index ranges into [`Partition::cells`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cut {
    /// A vertical line (a column) or a horizontal one (a row).
    pub vertical: bool,
    pub line: usize,
    pub before: std::ops::Range<usize>,
    pub after: std::ops::Range<usize>,
}

/// A zone's cells and the cuts that made them (one per pair of sibling subtrees).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Partition {
    pub cells: Vec<Rect>,
    pub cuts: Vec<Cut>,
}

/// Units across a span of `side` tiles, boundary walls included.
fn units(side: usize, unit: usize) -> usize {
    side.saturating_sub(1) / unit
}

/// Cuts `region` into exactly `count` cells. Needs `units(w) × units(h) ≥ count ≥ 1` (the caller
/// sizes the region so); a smaller region gets as many cells as fit.
///
/// ```
/// use seedfeast_procgen::dungeon::{bsp::partition, level::Rect};
/// use seedfeast_procgen::{Seed, rng::{stream, Subsystem}};
/// let region = Rect { x: 0, y: 0, w: 41, h: 31 }; // 4 × 3 units of 10
/// let p = partition(region, 9, 10, &mut stream(Seed(3), Subsystem::DungeonLayout, 0));
/// assert_eq!(p.cells.len(), 9);
/// assert_eq!(p.cuts.len(), 8);
/// assert!(p.cells.iter().all(|c| c.w >= 11 && c.h >= 11));
/// ```
pub fn partition(region: Rect, count: usize, unit: usize, rng: &mut impl GenRng) -> Partition {
    let mut out = Partition { cells: Vec::new(), cuts: Vec::new() };
    let capacity = units(region.w, unit) * units(region.h, unit);
    let count = count.clamp(1, capacity.max(1));
    split(region, count, unit, rng, &mut out);
    out
}

/// Recursive: each call emits a cell or splits `count` into two smaller counts, so there are
/// exactly `2·count − 1` calls and the depth is below `count` (at most a zone's 64 rooms).
fn split(rect: Rect, count: usize, unit: usize, rng: &mut impl GenRng, out: &mut Partition) {
    if count <= 1 {
        out.cells.push(rect);
        return;
    }
    let (across, down) = (units(rect.w, unit), units(rect.h, unit));
    // Cut across the longer side, in units; a side of one unit can't be cut.
    let vertical = if across < 2 {
        false
    } else if down < 2 {
        true
    } else if rect.w != rect.h {
        rect.w > rect.h
    } else {
        rng.below(2) == 0
    };
    let (span_units, other_units, side) = if vertical { (across, down, rect.w) } else { (down, across, rect.h) };
    // Units before the cut: near the middle, never 0 or all.
    let lo = (span_units / 3).max(1);
    let hi = (span_units - span_units / 3).clamp(lo, span_units - 1);
    let k = lo + rng.below(hi - lo + 1);
    let spare = side - 1 - span_units * unit;
    let offset = k * unit + rng.below(spare + 1);
    let (cap_before, cap_after) = (k * other_units, (span_units - k) * other_units);
    // Cells before the cut: in proportion to capacity, within what each half can hold.
    let lo_n = count.saturating_sub(cap_after).max(1);
    let hi_n = cap_before.min(count - 1);
    let proportional = (count * cap_before + (cap_before + cap_after) / 2) / (cap_before + cap_after);
    let n_before = proportional.clamp(lo_n, hi_n.max(lo_n));
    let (first, second) = if vertical {
        (Rect { w: offset + 1, ..rect }, Rect { x: rect.x + offset, w: rect.w - offset, ..rect })
    } else {
        (Rect { h: offset + 1, ..rect }, Rect { y: rect.y + offset, h: rect.h - offset, ..rect })
    };
    let line = if vertical { rect.x + offset } else { rect.y + offset };
    let start = out.cells.len();
    split(first, n_before, unit, rng, out);
    let middle = out.cells.len();
    split(second, count - n_before, unit, rng, out);
    out.cuts.push(Cut { vertical, line, before: start..middle, after: middle..out.cells.len() });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Seed;
    use crate::rng::{Subsystem, stream};

    #[test]
    fn every_count_up_to_capacity_is_cut_exactly() {
        for (cw, ch) in [(1, 1), (1, 5), (5, 1), (3, 3), (8, 9)] {
            for extra in [0, 4, 9] {
                let region = Rect { x: 2, y: 3, w: cw * 10 + 1 + extra, h: ch * 10 + 1 + extra / 2 };
                for count in 1..=cw * ch {
                    let mut rng = stream(Seed(count as u64), Subsystem::DungeonLayout, 0);
                    let p = partition(region, count, 10, &mut rng);
                    assert_eq!(p.cells.len(), count, "{cw}x{ch} +{extra}");
                    assert_eq!(p.cuts.len(), count - 1);
                    // Every cell is at least a unit a side and inside the region; together they
                    // tile it, sharing only their boundary walls.
                    let mut covered = vec![0u32; region.w * region.h];
                    for c in &p.cells {
                        assert!(c.w > 10 && c.h > 10, "{c:?}");
                        for y in c.y + 1..c.bottom() {
                            for x in c.x + 1..c.right() {
                                covered[(y - region.y) * region.w + x - region.x] += 1;
                            }
                        }
                    }
                    assert!(covered.iter().all(|&n| n <= 1));
                    for cut in &p.cuts {
                        assert!(cut.before.end == cut.after.start && !cut.before.is_empty() && !cut.after.is_empty());
                    }
                }
            }
        }
    }
}
