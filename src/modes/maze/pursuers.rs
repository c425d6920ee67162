//! How the pots choose their way: each has a habit (chaser, ambusher, wanderer) so they spread
//! out, follows shortest paths to its target, never turns back unless it must, and flees while
//! the chilli lasts. Pure functions of the grid and positions, so they are unit-tested.

use bevy::prelude::*;
use seedfeast_procgen::maze::Grid;

use crate::grid_move::{Cell, Dir, Mover, can_move, step};

/// How a pursuer picks its target, so they spread out instead of stacking into one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hunt {
    /// Straight for the player.
    Chase,
    /// For the cell a couple of steps ahead of the player.
    Ambush,
    /// Chases, but goes home for a while every few seconds.
    Wander,
}

/// The habits, handed out in turn.
pub(crate) const HUNTS: [Hunt; 3] = [Hunt::Chase, Hunt::Ambush, Hunt::Wander];

#[derive(Component, Debug, Clone)]
pub struct Pursuer {
    pub mover: Mover,
    pub home: Cell,
    pub hunt: Hunt,
    /// The pot's place in the floor's order, for taking turns at the hunt.
    pub order: usize,
    /// Whether it is this pot's turn at the hunt: a pot off its turn goes home, waits there and
    /// catches no one (see [`is_hunting`]).
    pub hunting: bool,
    /// Seconds left waiting at home after being eaten.
    pub resting: f32,
}

/// When the wanderer goes home: for `scatter_for` seconds out of every `scatter_every`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Scatter {
    pub every: f32,
    pub for_seconds: f32,
}

/// Whether `cell` is an open cell of `grid`.
pub fn open_in(grid: &Grid) -> impl Fn(Cell) -> bool + '_ {
    |(x, y)| x < grid.width && y < grid.height && grid.is_open(x, y)
}

/// The cell a pursuer heads for, given where the player is, which way it goes and the clock.
pub(crate) fn target_of(
    hunt: Hunt,
    home: Cell,
    player_at: Cell,
    player_heading: Option<Dir>,
    grid: &Grid,
    clock: f32,
    scatter: Scatter,
) -> Cell {
    match hunt {
        Hunt::Chase => player_at,
        Hunt::Ambush => {
            // Two open cells ahead of the player, along its way.
            let mut cell = player_at;
            if let Some(dir) = player_heading {
                for _ in 0..2 {
                    match step(cell, dir) {
                        Some(next) if can_move(&open_in(grid), cell, dir) => cell = next,
                        _ => break,
                    }
                }
            }
            cell
        }
        Hunt::Wander if clock % scatter.every < scatter.for_seconds => home,
        Hunt::Wander => player_at,
    }
}

/// Whether pot `order` of `count` hunts at `clock`: `hunters` of them at a time, the first ones
/// at the start, the hunt passing on by one pot every `turn` seconds; the others go home and
/// wait there ([`homing_choice`]), harmless until their turn. Two hunters can close a corridor
/// from both ends, so how many hunt is what makes a floor hard, more than how many pots there
/// are.
pub fn is_hunting(order: usize, count: usize, hunters: usize, clock: f32, turn: f32) -> bool {
    if hunters >= count {
        return true;
    }
    let shift = if turn > 0.0 && clock.is_finite() && clock > 0.0 { (clock / turn) as usize % count } else { 0 };
    (order + count - shift) % count < hunters
}

/// The way home for a pot whose turn at the hunt it is not: the shortest path's first step,
/// back the way it came if need be, and none once home, where it waits for its turn.
pub fn homing_choice(grid: &Grid, cell: Cell, home: Cell) -> Option<Dir> {
    if cell == home {
        return None;
    }
    grid.path(cell, home).and_then(|path| path.get(1).and_then(|&next| Dir::between(cell, next)))
}

/// A pursuer's choice at a cell centre: the way on whose cell is nearest its target by path
/// (the shortest path's first step whenever that is not back the way it came), or, while
/// frightened, the open neighbour furthest from the player. It never turns back unless it must
/// (a dead end), and if another pursuer is already heading into the cell its way takes, it goes
/// another way when there is one.
pub(crate) fn pursuer_choice(
    grid: &Grid,
    cell: Cell,
    arrived: Option<Dir>,
    target: Cell,
    flee_from: Option<Cell>,
    taken: &[Cell],
) -> Option<Dir> {
    let open = open_in(grid);
    let options: Vec<Dir> =
        Dir::ALL.into_iter().filter(|d| can_move(&open, cell, *d) && Some(d.opposite()) != arrived).collect();
    let options =
        if options.is_empty() { Dir::ALL.into_iter().filter(|d| can_move(&open, cell, *d)).collect() } else { options };
    if let Some(threat) = flee_from {
        let distances = grid.distances_from(threat);
        return options.into_iter().max_by_key(|d| {
            let (x, y) = step(cell, *d).expect("open neighbour");
            distances[y * grid.width + x].unwrap_or(0)
        });
    }
    // The way on that leads closest to the target: the shortest path's first step when it is
    // not back the way the pot came, else the next-best way (so a wanderer sent home for a
    // while circles there instead of running off while its shortest way home is behind it).
    let to_target = grid.distances_from(target);
    let best = options.iter().copied().min_by_key(|d| {
        let (x, y) = step(cell, *d).expect("open neighbour");
        to_target[y * grid.width + x].unwrap_or(u32::MAX)
    });
    match best {
        Some(dir) if !taken.contains(&step(cell, dir).expect("open neighbour")) => Some(dir),
        Some(dir) => options.iter().copied().find(|d| *d != dir).or(Some(dir)),
        None => options.first().copied(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A ring around a block, with a spur: `S` marks nothing, it is just open.
    ///
    /// ```text
    /// #######
    /// #.....#
    /// #.###.#
    /// #.....#
    /// ###.###
    /// ###.###
    /// #######
    /// ```
    fn ring() -> Grid {
        Grid::from_rows(&["#######", "#.....#", "#.###.#", "#.....#", "###.###", "###.###", "#######"])
    }

    const SCATTER: Scatter = Scatter { every: 10.0, for_seconds: 3.0 };

    #[test]
    fn a_pot_off_the_hunt_goes_home_even_back_the_way_it_came_and_waits() {
        let grid = ring();
        // At the bottom of the spur, home at the top-left corner: up the spur (back) it goes.
        assert_eq!(homing_choice(&grid, (3, 5), (1, 1)), Some(Dir::Up));
        assert_eq!(homing_choice(&grid, (1, 3), (1, 1)), Some(Dir::Up));
        assert_eq!(homing_choice(&grid, (1, 1), (1, 1)), None, "home: it waits");
    }

    #[test]
    fn the_hunt_passes_from_pot_to_pot() {
        let hunting = |clock: f32| (0..3).filter(|&i| is_hunting(i, 3, 1, clock, 10.0)).collect::<Vec<_>>();
        assert_eq!(hunting(0.0), [0]);
        assert_eq!(hunting(9.9), [0]);
        assert_eq!(hunting(10.0), [1]);
        assert_eq!(hunting(25.0), [2]);
        assert_eq!(hunting(31.0), [0], "round again");
        assert_eq!((0..3).filter(|&i| is_hunting(i, 3, 2, 12.0, 10.0)).collect::<Vec<_>>(), [1, 2]);
        assert!((0..3).all(|i| is_hunting(i, 3, 5, 0.0, 10.0)), "more hunters than pots: all hunt");
        assert!(!(0..3).any(|i| is_hunting(i, 3, 0, 0.0, 10.0)), "no hunters: none hunts");
    }

    #[test]
    fn a_chaser_takes_the_shortest_path() {
        let grid = ring();
        // From the top-left corner to the bottom of the spur: down the left side is shorter.
        assert_eq!(pursuer_choice(&grid, (1, 1), None, (3, 5), None, &[]), Some(Dir::Down));
        // From the top-right corner it goes down the right side.
        assert_eq!(pursuer_choice(&grid, (5, 1), None, (3, 5), None, &[]), Some(Dir::Down));
    }

    #[test]
    fn it_never_turns_back_unless_it_must() {
        let grid = ring();
        // Arrived at (3, 1) moving right; the target is behind it to the left: it keeps right.
        assert_eq!(pursuer_choice(&grid, (3, 1), Some(Dir::Right), (1, 1), None, &[]), Some(Dir::Right));
        // At the end of the spur it has no way on but back.
        assert_eq!(pursuer_choice(&grid, (3, 5), Some(Dir::Down), (1, 1), None, &[]), Some(Dir::Up));
    }

    #[test]
    fn a_second_pursuer_takes_the_other_way_round() {
        let grid = ring();
        let first = pursuer_choice(&grid, (1, 1), None, (3, 5), None, &[]).unwrap();
        let taken = [step((1, 1), first).unwrap()];
        let second = pursuer_choice(&grid, (1, 1), None, (3, 5), None, &taken).unwrap();
        assert_ne!(first, second, "it spreads out");
    }

    #[test]
    fn a_frightened_pursuer_runs_from_the_player() {
        let grid = ring();
        // At (3, 3) with the player at (3, 4) below: the furthest way is left or right, not down.
        let choice = pursuer_choice(&grid, (3, 3), None, (3, 4), Some((3, 4)), &[]).unwrap();
        assert!(matches!(choice, Dir::Left | Dir::Right), "{choice:?}");
    }

    #[test]
    fn habits_pick_their_targets() {
        let grid = ring();
        assert_eq!(target_of(Hunt::Chase, (5, 1), (1, 3), Some(Dir::Right), &grid, 0.0, SCATTER), (1, 3));
        // Two cells ahead of a player heading right along the bottom of the ring.
        assert_eq!(target_of(Hunt::Ambush, (5, 1), (1, 3), Some(Dir::Right), &grid, 0.0, SCATTER), (3, 3));
        // Ahead is a wall: the ambusher aims at the player.
        assert_eq!(target_of(Hunt::Ambush, (5, 1), (1, 3), Some(Dir::Left), &grid, 0.0, SCATTER), (1, 3));
        // The wanderer goes home for the first 3 s of every 10.
        assert_eq!(target_of(Hunt::Wander, (5, 1), (1, 3), None, &grid, 1.0, SCATTER), (5, 1));
        assert_eq!(target_of(Hunt::Wander, (5, 1), (1, 3), None, &grid, 5.0, SCATTER), (1, 3));
        assert_eq!(target_of(Hunt::Wander, (5, 1), (1, 3), None, &grid, 12.5, SCATTER), (5, 1));
    }
}
