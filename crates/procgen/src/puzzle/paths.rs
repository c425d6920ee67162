//! Step 5: the paths through a mini-map, by the paper's two algorithms, and the prize a reward
//! shape reveals.
//!
//! - [`maze_path`] (maze shapes): with EN and EX fixed, draw shortest routes EN → a, a → b along
//!   the shape's chain (the tiles the solution opens) and b → EX; while the *initial* map still
//!   lets the player from EN to EX, wall a tile of that way that the *solved* map can spare; then
//!   add tiles back for variety as long as both promises hold.
//! - [`reward_path`] (reward shapes): fill every free tile with floor, then from the corners
//!   remove tiles, moving on to their neighbours, while the solved map keeps its paths (EN to EX
//!   and to every reward) and no pocket is cut off, down to a drawn share of the inside.
//!
//! Every loop is bounded by the mini-map's tile count; every check runs the real world rules.

use std::collections::VecDeque;

use crate::puzzle::ast::Dir;
use crate::puzzle::grammar::Prize;
use crate::puzzle::minimap::{MiniMap, Moment};
use crate::puzzle::world::{Cell, Ground, Reward, RewardKind};
use crate::rng::GenRng;

fn add((x, y): Cell, d: Dir) -> Cell {
    let (dx, dy) = d.delta();
    (x + dx, y + dy)
}

fn interior(map: &MiniMap, (x, y): Cell) -> bool {
    x > 0 && y > 0 && x < map.world.width - 1 && y < map.world.height - 1
}

/// A shortest route from `from` to `to` over tiles `pass` allows (both ends always allowed),
/// as the list of its tiles; ties broken by the fixed direction order, so it is deterministic.
fn route(map: &MiniMap, from: Cell, to: Cell, pass: &dyn Fn(Cell) -> bool) -> Option<Vec<Cell>> {
    let n = map.world.ground.len();
    let mut parent: Vec<Option<Cell>> = vec![None; n];
    let mut seen = vec![false; n];
    seen[map.index(from)] = true;
    let mut queue = VecDeque::from([from]);
    while let Some(c) = queue.pop_front() {
        if c == to {
            let mut path = vec![c];
            let mut at = c;
            while let Some(p) = parent[map.index(at)] {
                path.push(p);
                at = p;
            }
            path.reverse();
            return Some(path);
        }
        for d in Dir::ALL {
            let next = add(c, d);
            if !map.world.contains(next) {
                continue;
            }
            let i = map.index(next);
            if !seen[i] && (next == to || pass(next)) {
                seen[i] = true;
                parent[i] = Some(c);
                queue.push_back(next);
            }
        }
    }
    None
}

/// The tiles reached from `from` over `walk`, with how many.
fn flood(map: &MiniMap, walk: &[bool], from: Cell) -> (Vec<bool>, usize) {
    let mut seen = vec![false; walk.len()];
    if !map.world.contains(from) || !walk[map.index(from)] {
        return (seen, 0);
    }
    seen[map.index(from)] = true;
    let mut count = 1;
    let mut queue = VecDeque::from([from]);
    while let Some(c) = queue.pop_front() {
        for d in Dir::ALL {
            let next = add(c, d);
            if map.world.contains(next) {
                let i = map.index(next);
                if walk[i] && !seen[i] {
                    seen[i] = true;
                    count += 1;
                    queue.push_back(next);
                }
            }
        }
    }
    (seen, count)
}

/// The maze-path algorithm. Sets `maze_open` when the initial map could not be closed without
/// breaking the solved one (the paper then lets solvability win).
pub fn maze_path(map: &mut MiniMap, variety_percent: (u32, u32), rng: &mut impl GenRng) -> Result<(), &'static str> {
    let length = draw_ways(map)?;
    close_initial(map, rng);
    let blocked = map.initially_blocked();
    map.maze_open = !blocked;
    let percent = draw_between(variety_percent, rng);
    let wanted = length as u32 * percent / 100;
    add_variety(map, wanted, blocked, rng);
    fill_void(map, Ground::Wall);
    Ok(())
}

/// A tile inside the mini-map that the shape left free.
fn free(m: &MiniMap, c: Cell) -> bool {
    interior(m, c) && !m.reserved[m.index(c)]
}

/// The ways from the entry to the shape's chain and from it to the exit (kept apart where it
/// can be) laid as floor, so the solved map is solved; the tiles they take.
fn draw_ways(map: &mut MiniMap) -> Result<usize, &'static str> {
    let (Some(&a), Some(&b)) = (map.chain.first(), map.chain.last()) else { return Err("a maze shape has no chain") };
    let first = route(map, map.en.inside, a, &|c| free(map, c)).ok_or("no route from the entry to the shape")?;
    // Keep the way out apart from the way in, so the initial map has no way around the shape.
    let mut near = vec![false; map.world.ground.len()];
    for &c in &first {
        near[map.index(c)] = true;
        for d in Dir::ALL {
            let n = add(c, d);
            if map.world.contains(n) {
                near[map.index(n)] = true;
            }
        }
    }
    let second = route(map, b, map.ex.inside, &|c| free(map, c) && !near[map.index(c)])
        .or_else(|| route(map, b, map.ex.inside, &|c| free(map, c)))
        .ok_or("no route from the shape to the exit")?;
    for &c in first.iter().chain(&second) {
        if map.world.ground_at(c) == Ground::Void {
            map.world.set_ground(c, Ground::Floor);
        }
    }
    if !map.solved_ok() {
        return Err("the drawn path does not solve the mini-map");
    }
    Ok(first.len() + second.len())
}

/// Breaks the initial map's way without breaking the solved one. Each round walls one tile
/// or stops, so it ends within the tile count.
fn close_initial(map: &mut MiniMap, rng: &mut impl GenRng) {
    for _ in 0..map.world.ground.len() {
        map.set(Moment::Initial);
        let walk = map.world.view().walkable;
        let Some(way) = route(map, map.en.cell, map.ex.cell, &|c| walk[map.index(c)]) else { break };
        let mut candidates: Vec<Cell> = way.into_iter().filter(|&c| free(map, c)).collect();
        let mut removed = false;
        while !candidates.is_empty() {
            let c = candidates.swap_remove(rng.below(candidates.len()));
            map.world.set_ground(c, Ground::Wall);
            if map.solved_ok() {
                removed = true;
                break;
            }
            map.world.set_ground(c, Ground::Floor);
        }
        if !removed {
            break;
        }
    }
}

/// Up to `wanted` tiles back for variety: wider, less regular ways, never undoing either
/// promise (the initial map stays closed when it was, `blocked`).
fn add_variety(map: &mut MiniMap, wanted: u32, blocked: bool, rng: &mut impl GenRng) {
    let mut added = 0;
    for _ in 0..wanted * 3 {
        if added >= wanted {
            break;
        }
        let candidates: Vec<Cell> = (0..map.world.ground.len())
            .map(|i| map.world_cell(i))
            .filter(|&c| {
                free(map, c)
                    && map.world.ground_at(c) == Ground::Void
                    && Dir::ALL.into_iter().any(|d| map.world.ground_at(add(c, d)) == Ground::Floor)
            })
            .collect();
        if candidates.is_empty() {
            break;
        }
        let c = candidates[rng.below(candidates.len())];
        map.world.set_ground(c, Ground::Floor);
        if (blocked && !map.initially_blocked()) || !map.solved_ok() {
            // Never tried again.
            map.world.set_ground(c, Ground::Wall);
        } else {
            added += 1;
        }
    }
}

fn fill_void(map: &mut MiniMap, g: Ground) {
    for slot in map.world.ground.iter_mut() {
        if *slot == Ground::Void {
            *slot = g;
        }
    }
}

/// A number drawn between the bounds (inclusive).
fn draw_between((lo, hi): (u32, u32), rng: &mut impl GenRng) -> u32 {
    let hi = hi.max(lo);
    lo + rng.below((hi - lo + 1) as usize) as u32
}

/// The reward-path algorithm.
pub fn reward_path(map: &mut MiniMap, keep_percent: (u32, u32), rng: &mut impl GenRng) -> Result<(), &'static str> {
    fill_void(map, Ground::Floor);
    if !map.solved_ok() {
        return Err("the open mini-map is not solved by the code");
    }
    let inside = ((map.world.width - 2) * (map.world.height - 2)).max(0) as usize;
    let target = inside * draw_between(keep_percent, rng) as usize / 100;
    map.set(Moment::Solved);
    let mut walk = map.world.view().walkable;
    let goals: Vec<Cell> = map.world.rewards.iter().map(|r| (r.x, r.y)).chain([map.ex.cell]).collect();
    let (_, mut reached) = flood(map, &walk, map.en.cell);
    let mut corners =
        vec![(1, 1), (map.world.width - 2, 1), (1, map.world.height - 2), (map.world.width - 2, map.world.height - 2)];
    // The paper picks a valid corner; a drawn order makes the rooms vary.
    let mut order = Vec::new();
    while !corners.is_empty() {
        order.push(corners.swap_remove(rng.below(corners.len())));
    }
    'corners: for corner in order {
        let mut seen = vec![false; walk.len()];
        let mut queue = VecDeque::from([corner]);
        seen[map.index(corner)] = true;
        while let Some(c) = queue.pop_front() {
            if reached <= target {
                break 'corners;
            }
            let i = map.index(c);
            if map.reserved[i] || map.world.ground[i] != Ground::Floor {
                continue;
            }
            // Walls don't change where wind blows here (reward shapes have no wind statue),
            // so the walkable map is updated in place rather than recomputed.
            map.world.ground[i] = Ground::Wall;
            let was = walk[i];
            walk[i] = false;
            let (seen_now, count) = flood(map, &walk, map.en.cell);
            let goals_ok = goals.iter().all(|&g| seen_now[map.index(g)]);
            if goals_ok && count + usize::from(was) == reached {
                reached = count;
                for d in Dir::ALL {
                    let n = add(c, d);
                    if interior(map, n) && !seen[map.index(n)] {
                        seen[map.index(n)] = true;
                        queue.push_back(n);
                    }
                }
            } else {
                map.world.ground[i] = Ground::Floor;
                walk[i] = was;
            }
        }
    }
    Ok(())
}

/// Places the prize a reward shape reveals and ties it to the shape's header: a hidden key on
/// a reachable floor tile, or a secret door in a reachable wall with a scroll behind it (a key
/// when no wall can hold a door; `prize_fallback` says so).
pub(crate) fn place_prize(map: &mut MiniMap, rng: &mut impl GenRng) {
    let Some(prize) = map.prize else { return };
    if map.world.headers.is_empty() {
        return;
    }
    map.set(Moment::Solved);
    let walk = map.world.view().walkable;
    let (reach, _) = flood(map, &walk, map.en.cell);
    let occupied = [map.initial.pos, map.solved.pos];
    if prize == Prize::Door {
        let mut spots = Vec::new();
        for i in 0..map.world.ground.len() {
            let w = map.world_cell(i);
            if !interior(map, w) || map.reserved[i] || map.world.ground[i] != Ground::Wall {
                continue;
            }
            for d in Dir::ALL {
                let (front, back) = (add(w, d.opposite()), add(w, d));
                let front_ok = map.world.contains(front) && reach[map.index(front)];
                let back_ok = interior(map, back)
                    && map.world.ground_at(back) == Ground::Wall
                    && !map.reserved[map.index(back)]
                    && Dir::ALL
                        .into_iter()
                        .map(|e| add(back, e))
                        .filter(|&n| n != w)
                        .all(|n| map.world.ground_at(n) == Ground::Wall);
                if front_ok && back_ok {
                    spots.push((w, back));
                }
            }
        }
        if !spots.is_empty() {
            let (w, back) = spots[rng.below(spots.len())];
            map.world.set_ground(w, Ground::SecretDoor);
            map.world.set_ground(back, Ground::Floor);
            for c in [w, back] {
                let i = map.index(c);
                map.reserved[i] = true;
            }
            let first = map.world.rewards.len();
            map.world.rewards.push(Reward { kind: RewardKind::Door, x: w.0, y: w.1, hidden: true });
            map.world.rewards.push(Reward { kind: RewardKind::Scroll, x: back.0, y: back.1, hidden: true });
            map.world.headers[0].reveals.extend([first, first + 1]);
            return;
        }
        map.prize_fallback = true;
    }
    let floor = |m: &MiniMap, i: usize, free_only: bool| {
        let c = m.world_cell(i);
        interior(m, c)
            && reach[i]
            && m.world.ground[i] == Ground::Floor
            && !occupied.contains(&c)
            && !(free_only && m.reserved[i])
            && !m.world.rewards.iter().any(|r| (r.x, r.y) == c)
    };
    let mut spots: Vec<usize> = (0..map.world.ground.len()).filter(|&i| floor(map, i, true)).collect();
    if spots.is_empty() {
        spots = (0..map.world.ground.len()).filter(|&i| floor(map, i, false)).collect();
    }
    if spots.is_empty() {
        return;
    }
    let c = map.world_cell(spots[rng.below(spots.len())]);
    let i = map.index(c);
    map.reserved[i] = true;
    map.world.rewards.push(Reward { kind: RewardKind::Key, x: c.0, y: c.1, hidden: true });
    let last = map.world.rewards.len() - 1;
    map.world.headers[0].reveals.push(last);
}
