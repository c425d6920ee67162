//! Step 6: the mini-maps merged into one level at minimum cost.
//!
//! The maps are chained: each map's exit door leads to the next map's entry door. Two maps cost
//! 0 when the exit and the entry lie on opposing edges (right/left or bottom/top) and the maps
//! can share that wall, door on door. Otherwise the level grows: the next map goes further out
//! and a corridor joins the doors, costing one per corridor tile. Every order of up to
//! [`EXHAUSTIVE`] maps is tried (the paper's "best combination"); beyond that the cheapest next
//! map is taken greedily. Among the cheapest, the smallest bounding box wins, then the stream
//! picks.
//!
//! Each new map goes to the right of or below everything placed so far (or shares the last
//! map's wall), so corridors run through empty space; the placement is still checked tile by
//! tile, and a corridor never touches another corridor or a door other than its own two.

use crate::puzzle::ast::Dir;
use crate::puzzle::minimap::{Edge, MiniMap};
use crate::puzzle::world::{Cell, Ground, Header, Reward, World};
use crate::rng::GenRng;

/// Orders of at most this many maps are all tried (5! = 120 plans).
pub const EXHAUSTIVE: usize = 5;

/// The part of a mini-map the merge needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outline {
    pub w: i32,
    pub h: i32,
    pub en: (Cell, Edge),
    pub ex: (Cell, Edge),
}

impl Outline {
    pub fn of(map: &MiniMap) -> Outline {
        Outline {
            w: map.world.width,
            h: map.world.height,
            en: (map.en.cell, map.en.edge),
            ex: (map.ex.cell, map.ex.edge),
        }
    }
}

/// Where every map goes and how they are joined.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The maps in chain order (indices into the input).
    pub order: Vec<usize>,
    /// Top-left corner of each input map (by input index), in level coordinates.
    pub offsets: Vec<Cell>,
    /// Corridor tiles.
    pub corridors: Vec<Cell>,
    /// Corridor tiles in all: 0 when every pair shared a door.
    pub cost: u32,
    /// Bounding box: (min x, min y, max x, max y).
    pub bounds: (i32, i32, i32, i32),
}

impl Plan {
    fn area(&self) -> i64 {
        let (x0, y0, x1, y1) = self.bounds;
        i64::from(x1 - x0 + 1) * i64::from(y1 - y0 + 1)
    }
}

#[derive(Clone, Copy, Debug)]
struct Rect {
    x: i32,
    y: i32,
    w: i32,
    h: i32,
}

impl Rect {
    fn contains(&self, (x, y): Cell) -> bool {
        x >= self.x && y >= self.y && x < self.x + self.w && y < self.y + self.h
    }

    fn inner(&self, (x, y): Cell) -> bool {
        x > self.x && y > self.y && x < self.x + self.w - 1 && y < self.y + self.h - 1
    }

    fn right(&self) -> i32 {
        self.x + self.w - 1
    }

    fn bottom(&self) -> i32 {
        self.y + self.h - 1
    }
}

fn add((x, y): Cell, d: Dir) -> Cell {
    let (dx, dy) = d.delta();
    (x + dx, y + dy)
}

/// Placed maps so far, for the checks.
struct Layout {
    rects: Vec<Rect>,
    doors: Vec<Cell>,
    corridors: Vec<Cell>,
    bounds: (i32, i32, i32, i32),
}

impl Layout {
    /// Whether map `b` at `r` and a corridor `path` fit: the map's inside overlaps nothing, its
    /// border only other borders (never a door other than `joined`), and the corridor runs
    /// through empty tiles, touching no other corridor and no door but its own two.
    fn fits(&self, r: Rect, b: &Outline, from: Cell, joined: Option<Cell>, path: &[Cell]) -> bool {
        let b_doors = [(r.x + b.en.0.0, r.y + b.en.0.1), (r.x + b.ex.0.0, r.y + b.ex.0.1)];
        // The new exit must open onto empty space, not onto a corridor or another map.
        let out = add(
            b_doors[1],
            match b.ex.1 {
                Edge::Right => Dir::Right,
                Edge::Bottom => Dir::Down,
                Edge::Left => Dir::Left,
                Edge::Top => Dir::Up,
            },
        );
        if self.corridors.contains(&out) || path.contains(&out) || self.rects.iter().any(|p| p.contains(out)) {
            return false;
        }
        for p in &self.rects {
            let (x0, y0) = (r.x.max(p.x), r.y.max(p.y));
            let (x1, y1) = (r.right().min(p.right()), r.bottom().min(p.bottom()));
            if x0 > x1 || y0 > y1 {
                continue;
            }
            // An overlap is allowed only along a shared border line.
            for y in y0..=y1 {
                for x in x0..=x1 {
                    let c = (x, y);
                    if r.inner(c) || p.inner(c) {
                        return false;
                    }
                    let door_here = self.doors.contains(&c) || b_doors.contains(&c);
                    if door_here && Some(c) != joined {
                        return false;
                    }
                }
            }
        }
        for &c in path {
            if self.rects.iter().any(|p| p.contains(c)) || r.contains(c) {
                return false;
            }
            for d in Dir::ALL {
                let n = add(c, d);
                if self.corridors.contains(&n) || (self.doors.contains(&n) && n != from) {
                    return false;
                }
            }
        }
        if self.corridors.iter().any(|&c| r.contains(c)) {
            return false;
        }
        true
    }

    fn add(&mut self, r: Rect, b: &Outline, path: &[Cell]) {
        self.rects.push(r);
        self.doors.push((r.x + b.en.0.0, r.y + b.en.0.1));
        self.doors.push((r.x + b.ex.0.0, r.y + b.ex.0.1));
        self.corridors.extend_from_slice(path);
        let (x0, y0, x1, y1) = self.bounds;
        self.bounds = (x0.min(r.x), y0.min(r.y), x1.max(r.right()), y1.max(r.bottom()));
        for &(x, y) in path {
            let (x0, y0, x1, y1) = self.bounds;
            self.bounds = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
        }
    }
}

/// The cheapest way to put `b` after the map at `a` (whose exit door is at `exit`): its rect,
/// the corridor and the door it shares with `a`, if any.
fn next_to(layout: &Layout, a: Rect, a_out: &Outline, b: &Outline) -> Option<(Rect, Vec<Cell>, Option<Cell>)> {
    let exit = (a.x + a_out.ex.0.0, a.y + a_out.ex.0.1);
    let (en, en_edge) = b.en;
    let (gx1, gy1) = (layout.bounds.2, layout.bounds.3);
    // Far enough out that nothing placed can be in the way: the loops below end by then.
    let (gx0, gy0) = (layout.bounds.0, layout.bounds.1);
    let far = (gx1 - gx0) + (gy1 - gy0) + b.w + b.h + 4;
    match (a_out.ex.1, en_edge) {
        (Edge::Right, Edge::Left) | (Edge::Bottom, Edge::Top) => {
            let right = a_out.ex.1 == Edge::Right;
            // Shared wall first, then a straight corridor of growing length.
            for len in 0..=far {
                let r = if right {
                    let x = a.right() + if len == 0 { 0 } else { len + 1 };
                    Rect { x, y: exit.1 - en.1, w: b.w, h: b.h }
                } else {
                    let y = a.bottom() + if len == 0 { 0 } else { len + 1 };
                    Rect { x: exit.0 - en.0, y, w: b.w, h: b.h }
                };
                let path: Vec<Cell> =
                    (1..=len).map(|k| if right { (exit.0 + k, exit.1) } else { (exit.0, exit.1 + k) }).collect();
                let joined = (len == 0).then_some(exit);
                if layout.fits(r, b, exit, joined, &path) {
                    return Some((r, path, joined));
                }
            }
            None
        }
        (Edge::Right, Edge::Top) => {
            // Along the exit's row, then down into the top door.
            for len in 1..=far {
                let cx = exit.0 + len;
                let r = Rect { x: cx - en.0, y: exit.1 + 1, w: b.w, h: b.h };
                let path: Vec<Cell> = (1..=len).map(|k| (exit.0 + k, exit.1)).collect();
                if layout.fits(r, b, exit, None, &path) {
                    return Some((r, path, None));
                }
            }
            None
        }
        (Edge::Bottom, Edge::Left) => {
            for len in 1..=far {
                let ry = exit.1 + len;
                let r = Rect { x: exit.0 + 1, y: ry - en.1, w: b.w, h: b.h };
                let path: Vec<Cell> = (1..=len).map(|k| (exit.0, exit.1 + k)).collect();
                if layout.fits(r, b, exit, None, &path) {
                    return Some((r, path, None));
                }
            }
            None
        }
        // Entries are on the left or top edge, exits on the right or bottom: nothing else.
        _ => None,
    }
}

/// Plans one order; `None` if some map can't be placed. The trace's rebuild checks a recorded
/// plan against it.
pub fn plan_order(maps: &[Outline], order: &[usize]) -> Option<Plan> {
    let first = maps[*order.first()?];
    let mut layout = Layout {
        rects: Vec::new(),
        doors: Vec::new(),
        corridors: Vec::new(),
        bounds: (0, 0, first.w - 1, first.h - 1),
    };
    let mut offsets = vec![(0, 0); maps.len()];
    let mut prev = Rect { x: 0, y: 0, w: first.w, h: first.h };
    layout.add(prev, &first, &[]);
    let mut cost = 0u32;
    for pair in order.windows(2) {
        let (a, b) = (&maps[pair[0]], &maps[pair[1]]);
        let (r, path, _) = next_to(&layout, prev, a, b)?;
        cost += path.len() as u32;
        layout.add(r, b, &path);
        offsets[pair[1]] = (r.x, r.y);
        prev = r;
    }
    Some(Plan { order: order.to_vec(), offsets, corridors: layout.corridors, cost, bounds: layout.bounds })
}

/// The next permutation in lexicographic order; false after the last.
fn next_permutation(p: &mut [usize]) -> bool {
    let Some(i) = (1..p.len()).rev().find(|&i| p[i - 1] < p[i]) else { return false };
    let j = (i..p.len()).rev().find(|&j| p[j] > p[i - 1]).unwrap_or(i);
    p.swap(i - 1, j);
    p[i..].reverse();
    true
}

/// The minimum-cost plan for these maps.
pub fn plan(maps: &[Outline], rng: &mut impl GenRng) -> Option<Plan> {
    plan_tied(maps, rng).map(|(plan, _, _)| plan)
}

/// [`plan`], with how many plans tied for the least cost and area and which one the stream drew
/// (1 and 0 beyond [`EXHAUSTIVE`] maps, where the greedy order is the only plan).
pub(crate) fn plan_tied(maps: &[Outline], rng: &mut impl GenRng) -> Option<(Plan, usize, usize)> {
    let n = maps.len();
    if n == 0 {
        return None;
    }
    let key = |p: &Plan| (p.cost, p.area());
    if n <= EXHAUSTIVE {
        let mut order: Vec<usize> = (0..n).collect();
        let mut best: Vec<Plan> = Vec::new();
        loop {
            if let Some(p) = plan_order(maps, &order) {
                match best.first().map(key) {
                    Some(k) if key(&p) > k => {}
                    Some(k) if key(&p) == k => best.push(p),
                    _ => best = vec![p],
                }
            }
            if !next_permutation(&mut order) {
                break;
            }
        }
        if best.is_empty() {
            return None;
        }
        let (tied, i) = (best.len(), rng.below(best.len()));
        return Some((best.swap_remove(i), tied, i));
    }
    // Greedy: start with each map in turn? The paper's merge is small; for many maps take the
    // cheapest next map at each step from map 0.
    let mut order = vec![0];
    let mut left: Vec<usize> = (1..n).collect();
    while !left.is_empty() {
        let mut best: Option<(usize, Plan)> = None;
        for (k, &m) in left.iter().enumerate() {
            let mut trial = order.clone();
            trial.push(m);
            if let Some(p) = plan_order(maps, &trial)
                && best.as_ref().is_none_or(|(_, b)| key(&p) < key(b))
            {
                best = Some((k, p));
            }
        }
        let (k, _) = best?;
        order.push(left.remove(k));
    }
    plan_order(maps, &order).map(|p| (p, 1, 0))
}

/// What merging gives: the level's world and, per tile, whether a mini-map reserved it.
pub struct Merged {
    pub world: World,
    pub reserved: Vec<bool>,
    /// For each input map, where its (0, 0) went.
    pub offsets: Vec<Cell>,
    pub plan: Plan,
}

/// Builds the level from the mini-maps and a plan: maps pasted (shared walls stay wall, a
/// shared door stays open), corridors carved with walls beside them, the first entry marked as
/// the level's entry and the last exit as its exit, objects, rewards and headers moved along.
pub fn build(maps: &[MiniMap], plan: &Plan) -> Merged {
    let (x0, y0, x1, y1) = plan.bounds;
    let (w, h) = (x1 - x0 + 1, y1 - y0 + 1);
    let mut world = World::empty(w, h);
    let mut reserved = vec![false; (w * h).max(0) as usize];
    let offsets: Vec<Cell> = plan.offsets.iter().map(|&(x, y)| (x - x0, y - y0)).collect();
    for &m in &plan.order {
        let map = &maps[m];
        let (ox, oy) = offsets[m];
        let doors = [map.en.cell, map.ex.cell];
        for y in 0..map.world.height {
            for x in 0..map.world.width {
                let c = (x + ox, y + oy);
                let g = map.world.ground_at((x, y));
                let existing = world.ground_at(c);
                // A border tile already laid by a neighbour stays, unless this one is a door.
                if existing == Ground::Void || doors.contains(&(x, y)) {
                    world.set_ground(c, g);
                }
                if map.reserved[map.index((x, y))] && world.contains(c) {
                    let i = world.index(c);
                    reserved[i] = true;
                }
            }
        }
        let first_reward = world.rewards.len();
        for r in &map.world.rewards {
            world.rewards.push(Reward { x: r.x + ox, y: r.y + oy, ..*r });
        }
        for hd in &map.world.headers {
            world.headers.push(Header {
                x: hd.x + ox,
                y: hd.y + oy,
                reveals: hd.reveals.iter().map(|r| r + first_reward).collect(),
                ..hd.clone()
            });
        }
        for (spec, _) in map.world.objects.iter().zip(&map.world.states) {
            let mut spec = spec.clone();
            spec.start.pos = (spec.start.pos.0 + ox, spec.start.pos.1 + oy);
            spec.home = (spec.home.0 + ox, spec.home.1 + oy);
            world.add_object(spec);
        }
    }
    for &(x, y) in &plan.corridors {
        let c = (x - x0, y - y0);
        world.set_ground(c, Ground::Floor);
    }
    for &(x, y) in &plan.corridors {
        let c = (x - x0, y - y0);
        for dy in -1..=1 {
            for dx in -1..=1 {
                let n = (c.0 + dx, c.1 + dy);
                if world.ground_at(n) == Ground::Void && world.contains(n) {
                    world.set_ground(n, Ground::Wall);
                }
            }
        }
    }
    let first = &maps[plan.order[0]];
    let last = &maps[plan.order[plan.order.len() - 1]];
    let (fo, lo) = (offsets[plan.order[0]], offsets[plan.order[plan.order.len() - 1]]);
    world.entry = (first.en.cell.0 + fo.0, first.en.cell.1 + fo.1);
    world.exit = (last.ex.cell.0 + lo.0, last.ex.cell.1 + lo.1);
    world.set_ground(world.entry, Ground::Entry);
    world.set_ground(world.exit, Ground::Exit);
    Merged { world, reserved, offsets, plan: plan.clone() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Seed;
    use crate::rng::{Subsystem, stream};

    fn outline(w: i32, h: i32, en: (Cell, Edge), ex: (Cell, Edge)) -> Outline {
        Outline { w, h, en, ex }
    }

    #[test]
    fn opposing_doors_cost_nothing() {
        let a = outline(5, 5, ((0, 2), Edge::Left), ((4, 3), Edge::Right));
        let b = outline(6, 4, ((0, 1), Edge::Left), ((2, 3), Edge::Bottom));
        let p = plan(&[a, b], &mut stream(Seed(1), Subsystem::PuzzleMerge, 0)).unwrap();
        assert_eq!((p.cost, p.order.clone()), (0, vec![0, 1]));
        // b shares a's right wall, door on door.
        assert_eq!(p.offsets[1], (4, 2));
    }

    #[test]
    fn the_cheapest_order_wins() {
        // a goes top to bottom, b top to right, c left to right: only a, b, c joins every pair
        // door on door.
        let a = outline(5, 5, ((2, 0), Edge::Top), ((2, 4), Edge::Bottom));
        let b = outline(5, 5, ((2, 0), Edge::Top), ((4, 2), Edge::Right));
        let c = outline(5, 5, ((0, 2), Edge::Left), ((4, 1), Edge::Right));
        let p = plan(&[c, a, b], &mut stream(Seed(2), Subsystem::PuzzleMerge, 0)).unwrap();
        assert_eq!(p.cost, 0);
        assert_eq!(p.order, vec![1, 2, 0]);
    }

    #[test]
    fn mismatched_doors_grow_and_connect() {
        let a = outline(5, 5, ((0, 2), Edge::Left), ((4, 2), Edge::Right));
        let b = outline(5, 5, ((2, 0), Edge::Top), ((4, 2), Edge::Right));
        let p = plan_order(&[a, b], &[0, 1]).unwrap();
        assert!(p.cost > 0);
        assert!(p.corridors.contains(&(5, 2)));
        assert_eq!(*p.corridors.last().unwrap(), (p.offsets[1].0 + 2, p.offsets[1].1 - 1));
    }
}
