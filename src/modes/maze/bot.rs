//! The Maze chase's reference bot: it walks the shortest path to the nearest crumb that keeps it
//! clear of the pots, flees along the way that keeps it furthest from them when no such path
//! exists, and hunts the pots while the chilli lasts. It knows the pots' rules as a player learns
//! them: a hunter never turns back, and a pot off its turn is harmless until its turn comes. It
//! steers like a player (a direction, kept until the next junction); the game's own systems do
//! the rest.

use std::collections::VecDeque;

use bevy::prelude::*;
use seedfeast_procgen::maze::Grid;

use super::pursuers::{is_hunting, open_in};
use super::{AtCell, MazePlayer, MazeRun, Pickup, Pursuer};
use crate::data::GameData;
use crate::grid_move::{Cell, Dir, Mover, step};
use crate::mode::Bot;
use crate::replay::StepInput;
use crate::run::Gameplay;

/// The Maze's bot row: pursuers can corner anyone, so how far it gets is a figure, not a promise.
pub(crate) const BOT: Bot = Bot { add, goal: 3.0, promised: false, start_level: None };

/// The bot's plans keep this many cells of head start on every pot: a cell is usable only if
/// the player gets there while the nearest pot is still this far from it (at the pots' pace).
const HEAD_START: f32 = 1.0;
/// A goal must leave the player this share (1 / N) of the open cells to run in, ahead of the pots.
const ROOM_SHARE: usize = 12;
/// Past this share of the way into a cell the player has eaten what is there, and may turn back.
const ARRIVING: f32 = 0.7;
/// The chilli is trusted while this many seconds of it are left.
const CHILLI_MARGIN: f32 = 1.0;

fn add(app: &mut App) {
    app.add_systems(
        FixedUpdate,
        steer.after(Gameplay::Input).before(Gameplay::React).run_if(resource_exists::<MazeRun>),
    );
}

/// Steps since the bot last turned the player round: a fresh turn-round waits a cell's walk, so
/// two plans that disagree can't shake the player on the spot.
#[derive(Default)]
struct Steering {
    since_turn_round: u32,
    /// Crumbs left when last counted, and steps since one was eaten.
    goals_left: usize,
    since_eaten: u32,
}

/// After this many steps (10 s) without eating, the bot stops asking a crumb to leave it room
/// to run and cuts its head start on the pots to nothing: the last crumbs are often in a pocket
/// by a pot's home, and a player takes the risk.
const PATIENCE: u32 = 600;

/// Steps to walk one cell, about (6.5 cells a second at 60 steps).
const TURN_ROUND_COOLDOWN: u32 = 10;

fn steer(
    run: Res<MazeRun>,
    data: Res<GameData>,
    mut input: ResMut<StepInput>,
    player: Single<&MazePlayer>,
    pursuers: Query<&Pursuer>,
    pickups: Query<(&Pickup, &AtCell)>,
    mut steering: Local<Steering>,
) {
    let grid = &run.floor.grid;
    let mover = player.mover;
    let hunting = run.frightened > CHILLI_MARGIN;
    let pots: Vec<Cell> = pursuers.iter().filter(|p| p.resting <= 0.0).map(|p| p.mover.nearest_cell()).collect();
    let pot_speed = pursuers.iter().map(|p| p.mover.speed).fold(0.0, f32::max);
    let mut danger = if hunting {
        vec![u32::MAX; grid.width * grid.height]
    } else {
        // A pot off its turn at the hunt catches no one until its turn comes: as far again as it
        // walks in that time.
        let (count, hunters) = (pursuers.iter().len(), data.maze.hunters_at(run.floor.intensity));
        let waits = pursuers.iter().filter(|p| p.resting <= 0.0).map(|p| {
            let wait = until_turn(p.order, count, hunters, run.clock, data.maze.hunt_turn);
            // A hunter never turns back: it is heading for the cell ahead of it.
            let heading = p.mover.dir.filter(|_| p.hunting).map(|d| (d, p.mover.progress));
            (p.mover.cell, heading, (wait * p.mover.speed).min(1e6) as u32)
        });
        danger_with_waits(grid, waits)
    };
    // While the grace lasts the pots stand still and can't catch: that much further away.
    let grace = (run.grace * pot_speed).floor() as u32;
    danger.iter_mut().for_each(|d| *d = d.saturating_add(grace));
    let goals: Vec<Cell> = if hunting {
        pots.clone()
    } else {
        pickups.iter().filter(|(p, _)| matches!(p, Pickup::Token | Pickup::Star)).map(|(_, c)| c.0).collect()
    };
    let chilli: Vec<Cell> = pickups.iter().filter(|(p, _)| **p == Pickup::PowerUp).map(|(_, c)| c.0).collect();
    let pace = pot_speed / mover.speed.max(0.1);
    if goals.len() != steering.goals_left {
        (steering.goals_left, steering.since_eaten) = (goals.len(), 0);
    }
    steering.since_eaten = steering.since_eaten.saturating_add(1);
    // Impatient: no room asked for, and only just ahead of the pots.
    let caution =
        if steering.since_eaten > PATIENCE { Caution { room_share: usize::MAX, head_start: 0.0 } } else { CAREFUL };
    let mut choice = decide(grid, mover, &goals, &danger, pace, caution)
        .or_else(|| decide(grid, mover, &chilli, &danger, pace, caution))
        .or_else(|| escape(grid, mover, &danger, pace));
    let turns_round = mover.dir.is_some() && choice == mover.dir.map(Dir::opposite);
    if turns_round && steering.since_turn_round < TURN_ROUND_COOLDOWN && !cornered(grid, mover, &danger) {
        choice = mover.dir;
    }
    steering.since_turn_round =
        if turns_round && choice != mover.dir { 0 } else { steering.since_turn_round.saturating_add(1) };
    input.steer = choice;
}

/// Whether a pot is about to meet the player in the cell it is entering, and the cell it left is
/// safer.
fn cornered(grid: &Grid, mover: Mover, danger: &[u32]) -> bool {
    let Some(ahead) = mover.dir.and_then(|d| step(mover.cell, d)) else { return false };
    grid.contains(ahead) && danger[grid.index(ahead)] <= 1 && danger[grid.index(mover.cell)] > danger[grid.index(ahead)]
}

/// How careful a plan is: the goal must leave the player 1 / `room_share` of the open cells to
/// run in (at least 4; `usize::MAX` asks for none), and each cell must be reached with
/// `head_start` cells to spare on the nearest pot.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Caution {
    pub room_share: usize,
    pub head_start: f32,
}

/// The bot's usual care.
pub(crate) const CAREFUL: Caution = Caution { room_share: ROOM_SHARE, head_start: HEAD_START };

/// The direction to press for a player moving as `mover`, towards the nearest goal through
/// cells it reaches well before any pot can (`danger`: steps to the nearest pot, per cell;
/// `pace`: the pots' speed over the player's).
///
/// Plans are made for the cell being entered, where the turn will be taken. A crumb in that cell
/// is walked into, and a plan to come back out of it waits until the player has all but
/// arrived, or the player would turn round for ever short of a crumb at the end of a dead end;
/// only a pot about to meet the player turns it round at once.
///
/// `None` when no goal can be reached safely; `caution` says how safe is safe enough.
pub fn decide(grid: &Grid, mover: Mover, goals: &[Cell], danger: &[u32], pace: f32, caution: Caution) -> Option<Dir> {
    let open = open_in(grid);
    let ahead = mover.dir.and_then(|d| step(mover.cell, d)).filter(|&c| open(c)).unwrap_or(mover.cell);
    let back = mover.dir.map(Dir::opposite);
    let safe = |cell: Cell, steps: u32| {
        let pot = danger[grid.index(cell)];
        pot > 1 && pot as f32 > (steps as f32 + caution.head_start) * pace
    };
    let arriving = mover.dir.is_none() || mover.progress >= ARRIVING;
    if cornered(grid, mover, danger) {
        return back;
    }
    // A goal is worth it only if, once there, the player still has room to run ahead of the pots:
    // not a crumb at the end of a pocket a pot is about to close.
    let open_cells = grid.open_count();
    // (A floor smaller than the least room asks only for all of it.)
    let needed =
        if caution.room_share == usize::MAX { 1 } else { (open_cells / caution.room_share).max(4).min(open_cells) };
    let roomy = |goal: Cell, steps: u32| room_from(grid, goal, steps, &safe) >= needed;
    let plan = first_step_where(grid, ahead, goals, &safe, roomy);
    // Into the crumb ahead, so it is eaten (turning short of its centre would leave it): when a
    // plan goes on from it, or when it is safe and roomy itself (the last crumb of a region
    // plans no further).
    if mover.dir.is_some() && goals.contains(&ahead) && (plan.is_some() || safe(ahead, 1) && roomy(ahead, 1)) {
        return mover.dir;
    }
    let plan = plan?;
    if Some(plan) == back && !arriving { mover.dir } else { Some(plan) }
}

/// With no safe way to anything worth eating: the way out of the cell being entered that leads
/// to the most room the player can still reach ahead of the pots (never into a pocket they are
/// closing), the furthest from them on a tie.
pub fn escape(grid: &Grid, mover: Mover, danger: &[u32], pace: f32) -> Option<Dir> {
    let open = open_in(grid);
    let here = mover.nearest_cell();
    let safe = |cell: Cell, steps: u32| {
        let pot = danger[grid.index(cell)];
        pot > 1 && pot as f32 > steps as f32 * pace
    };
    Dir::ALL
        .into_iter()
        .filter_map(|d| step(here, d).filter(|&c| open(c)).map(|c| (d, c)))
        .max_by_key(|&(_, c)| (room(grid, here, c, &safe), danger[grid.index(c)]))
        .map(|(d, _)| d)
}

/// How many cells the player can reach ahead of the pots from `start`, reached after `steps`.
/// Bounded: each open cell is visited once.
fn room_from(grid: &Grid, start: Cell, steps: u32, safe: &impl Fn(Cell, u32) -> bool) -> usize {
    let open = open_in(grid);
    let mut reached = vec![u32::MAX; grid.width * grid.height];
    reached[grid.index(start)] = steps;
    let mut queue = VecDeque::from([start]);
    let mut count = 1;
    while let Some(cell) = queue.pop_front() {
        let next = reached[grid.index(cell)] + 1;
        for to in Dir::ALL.into_iter().filter_map(|d| step(cell, d)) {
            if open(to) && reached[grid.index(to)] == u32::MAX && safe(to, next) {
                reached[grid.index(to)] = next;
                count += 1;
                queue.push_back(to);
            }
        }
    }
    count
}

/// How many cells the player can reach ahead of the pots by way of `first`, leaving `from`.
fn room(grid: &Grid, from: Cell, first: Cell, safe: &impl Fn(Cell, u32) -> bool) -> usize {
    let open = open_in(grid);
    if !safe(first, 1) {
        return 0;
    }
    let mut steps = vec![u32::MAX; grid.width * grid.height];
    steps[grid.index(from)] = 0;
    steps[grid.index(first)] = 1;
    let mut queue = VecDeque::from([first]);
    let mut count = 1;
    while let Some(cell) = queue.pop_front() {
        let next = steps[grid.index(cell)] + 1;
        for to in Dir::ALL.into_iter().filter_map(|d| step(cell, d)) {
            if open(to) && steps[grid.index(to)] == u32::MAX && safe(to, next) {
                steps[grid.index(to)] = next;
                count += 1;
                queue.push_back(to);
            }
        }
    }
    count
}

/// Seconds until pot `order` next hunts: 0 while it does, infinite if it never will.
pub(crate) fn until_turn(order: usize, count: usize, hunters: usize, clock: f32, turn: f32) -> f32 {
    if is_hunting(order, count, hunters, clock, turn) {
        return 0.0;
    }
    let next = ((clock / turn).floor() + 1.0) * turn;
    (0..count)
        .map(|k| next + k as f32 * turn)
        .find(|&t| is_hunting(order, count, hunters, t + turn * 1e-3, turn))
        .map_or(f32::INFINITY, |t| t - clock)
}

/// Steps to the nearest pot from every cell. Each pot is given as the cell it last left, the
/// way it is heading and how far along, if it never turns back (a hunter: it can come back only
/// round a loop), and the steps it is harmless for yet (off its turn at the hunt), which count
/// as distance.
pub(crate) fn danger_with_waits(grid: &Grid, pots: impl Iterator<Item = (Cell, Option<(Dir, f32)>, u32)>) -> Vec<u32> {
    let mut danger = vec![u32::MAX; grid.width * grid.height];
    for (cell, heading, wait) in pots {
        let plain = distances(grid, &[cell]);
        let ahead = heading
            .and_then(|(d, progress)| step(cell, d).map(|c| (c, progress)))
            .filter(|&(c, _)| grid.contains(c) && grid.is_open(c.0, c.1));
        let from_pot = match ahead {
            Some((ahead, progress)) => {
                // Under half way there, it is a step short of the cell ahead.
                let short = u32::from(progress < 0.5);
                // Walled behind it: the cells it left are reached only the long way round
                // (or, where no loop leads back, as if it could turn: a rare dead end).
                let mut walled = grid.clone();
                walled.set_open(cell, false);
                let onward = distances(&walled, &[ahead]);
                let mut from_pot: Vec<u32> =
                    onward.iter().zip(&plain).map(|(&o, &p)| if o == u32::MAX { p } else { o + short }).collect();
                from_pot[grid.index(cell)] = 0;
                from_pot
            }
            None => plain,
        };
        for (d, from_pot) in danger.iter_mut().zip(from_pot) {
            *d = (*d).min(from_pot.saturating_add(wait));
        }
    }
    danger
}

/// Steps from every cell to the nearest of `sources` (u32::MAX where none is reachable).
pub fn distances(grid: &Grid, sources: &[Cell]) -> Vec<u32> {
    let open = open_in(grid);
    let mut distance = vec![u32::MAX; grid.width * grid.height];
    let mut queue = VecDeque::new();
    for &cell in sources.iter().filter(|&&c| open(c)) {
        distance[grid.index(cell)] = 0;
        queue.push_back(cell);
    }
    while let Some(cell) = queue.pop_front() {
        let next = distance[grid.index(cell)] + 1;
        for to in Dir::ALL.into_iter().filter_map(|d| step(cell, d)).filter(|&c| open(c)) {
            if distance[grid.index(to)] > next {
                distance[grid.index(to)] = next;
                queue.push_back(to);
            }
        }
    }
    distance
}

/// The first step of a shortest path from `from` to any goal through cells `safe` accepts
/// (given each cell and the steps it takes to get there).
pub fn first_step(grid: &Grid, from: Cell, goals: &[Cell], safe: &impl Fn(Cell, u32) -> bool) -> Option<Dir> {
    first_step_where(grid, from, goals, safe, |_, _| true)
}

/// As [`first_step`], to the nearest goal `worth` accepts (given the goal and the steps to it).
pub(crate) fn first_step_where(
    grid: &Grid,
    from: Cell,
    goals: &[Cell],
    safe: &impl Fn(Cell, u32) -> bool,
    mut worth: impl FnMut(Cell, u32) -> bool,
) -> Option<Dir> {
    let open = open_in(grid);
    let mut first: Vec<Option<Dir>> = vec![None; grid.width * grid.height];
    let mut steps = vec![u32::MAX; grid.width * grid.height];
    let mut queue = VecDeque::from([from]);
    steps[grid.index(from)] = 0;
    while let Some(cell) = queue.pop_front() {
        if cell != from && goals.contains(&cell) && worth(cell, steps[grid.index(cell)]) {
            return first[grid.index(cell)];
        }
        for dir in Dir::ALL {
            let next = steps[grid.index(cell)] + 1;
            let Some(to) = step(cell, dir).filter(|&c| open(c) && safe(c, next)) else { continue };
            if steps[grid.index(to)] == u32::MAX {
                steps[grid.index(to)] = next;
                first[grid.index(to)] = first[grid.index(cell)].or(Some(dir));
                queue.push_back(to);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid() -> Grid {
        Grid::from_rows(&["#######", "#.....#", "#.###.#", "#.....#", "#######"])
    }

    #[test]
    fn a_pot_off_its_turn_is_as_far_again_as_it_walks_until_then() {
        let grid = Grid::from_rows(&["#######", "#.....#", "#######"]);
        let danger = danger_with_waits(&grid, [((3, 1), None, 10)].into_iter());
        assert_eq!(danger[grid.index((3, 1))], 10, "harmless where it stands, for now");
        assert_eq!(danger[grid.index((1, 1))], 12);
        let danger = danger_with_waits(&grid, [((3, 1), None, 10), ((5, 1), None, 0)].into_iter());
        assert_eq!(danger[grid.index((4, 1))], 1);
        assert_eq!(danger[grid.index((1, 1))], 4, "the nearest pot counts, the hunter here");
    }

    #[test]
    fn a_hunter_that_never_turns_back_is_far_from_the_cells_behind_it() {
        // A ring round a block, 5 × 3: the pot at (1, 1) heads right.
        let grid = Grid::from_rows(&["#######", "#.....#", "#.###.#", "#.....#", "#######"]);
        let danger = danger_with_waits(&grid, [((1, 1), Some((Dir::Right, 0.6)), 0)].into_iter());
        assert_eq!(danger[grid.index((2, 1))], 0, "the cell ahead, more than half way there");
        assert_eq!(danger[grid.index((3, 1))], 1);
        assert_eq!(danger[grid.index((1, 2))], 10, "just behind it, but only the long way round");
        let starting = danger_with_waits(&grid, [((1, 1), Some((Dir::Right, 0.1)), 0)].into_iter());
        assert_eq!((starting[grid.index((2, 1))], starting[grid.index((1, 2))]), (1, 11), "a step further");
        let turning = danger_with_waits(&grid, [((1, 1), None, 0)].into_iter());
        assert_eq!(turning[grid.index((1, 2))], 1, "a pot that may turn back is one step away");
    }

    #[test]
    fn it_knows_when_a_pot_takes_its_turn() {
        // Two pots, one hunter, turns of 10 s: pot 1 hunts from 10 s to 20 s.
        assert_eq!(until_turn(0, 2, 1, 3.0, 10.0), 0.0);
        assert_eq!(until_turn(1, 2, 1, 3.0, 10.0), 7.0);
        assert_eq!(until_turn(0, 2, 1, 12.0, 10.0), 8.0);
        assert_eq!(until_turn(1, 2, 0, 3.0, 10.0), f32::INFINITY, "no hunters: never");
    }

    #[test]
    fn it_takes_the_short_way_to_a_crumb() {
        let grid = grid();
        assert_eq!(first_step(&grid, (1, 1), &[(5, 1)], &|_, _| true), Some(Dir::Right));
        assert_eq!(first_step(&grid, (1, 1), &[(1, 3)], &|_, _| true), Some(Dir::Down));
    }

    #[test]
    fn it_goes_round_the_block_when_a_pot_is_on_the_short_way() {
        let grid = grid();
        let pot = [(3, 1)];
        let danger = distances(&grid, &pot);
        assert_eq!(danger[grid.index((5, 1))], 2);
        let safe = |c: Cell, _| danger[grid.index(c)] > 1;
        assert_eq!(first_step(&grid, (1, 1), &[(5, 3)], &safe), Some(Dir::Down), "the long way, below the block");
    }

    #[test]
    fn it_eats_the_crumb_at_a_dead_end_before_turning_back() {
        let grid = Grid::from_rows(&["#####", "#...#", "#####"]);
        let far = distances(&grid, &[]);
        // Heading right into the dead end at (3, 1), with the last crumb behind, at (1, 1).
        let mover = Mover { cell: (2, 1), dir: Some(Dir::Right), progress: 0.3, speed: 6.0 };
        assert_eq!(
            decide(&grid, mover, &[(1, 1), (3, 1)], &far, 0.5, CAREFUL),
            Some(Dir::Right),
            "on into the crumb at the dead end"
        );
        assert_eq!(decide(&grid, mover, &[(1, 1)], &far, 0.5, CAREFUL), Some(Dir::Right), "not back before arriving");
        let mover = Mover { progress: 0.8, ..mover };
        assert_eq!(decide(&grid, mover, &[(1, 1)], &far, 0.5, CAREFUL), Some(Dir::Left), "then back");
    }

    #[test]
    fn it_eats_the_last_crumb_ahead_though_no_plan_goes_on_from_it() {
        // The other crumb, at (1, 1), lies past a pot: no safe plan reaches it from the crumb
        // ahead at (4, 1), but that crumb is safe and is walked into.
        let grid = Grid::from_rows(&["#######", "#.....#", "#######"]);
        let danger = distances(&grid, &[(2, 1)]);
        let mover = Mover { cell: (5, 1), dir: Some(Dir::Left), progress: 0.1, speed: 6.0 };
        let impatient = Caution { room_share: usize::MAX, head_start: 0.0 };
        assert_eq!(decide(&grid, mover, &[(1, 1), (4, 1)], &danger, 0.5, impatient), Some(Dir::Left));
    }

    #[test]
    fn a_pot_about_to_meet_it_turns_it_round_at_once() {
        let grid = Grid::from_rows(&["#######", "#.....#", "#######"]);
        let danger = distances(&grid, &[(4, 1)]);
        let mover = Mover { cell: (2, 1), dir: Some(Dir::Right), progress: 0.2, speed: 6.0 };
        assert_eq!(decide(&grid, mover, &[(5, 1)], &danger, 0.5, CAREFUL), Some(Dir::Left));
    }

    #[test]
    fn it_escapes_into_the_open_not_into_a_pocket() {
        // From (3, 1): a pocket to the left ((1..2, 1), a dead end) and the loop round the block
        // to the right; the pot comes up from below-left, closing the pocket.
        let grid = Grid::from_rows(&["#########", "#.......#", "###.###.#", "#...#...#", "#########"]);
        let danger = distances(&grid, &[(1, 3)]);
        let still = Mover::at((3, 1), 6.0);
        assert_eq!(escape(&grid, still, &danger, 0.5), Some(Dir::Right));
    }

    #[test]
    fn with_no_safe_path_it_runs_away() {
        let grid = grid();
        let danger = distances(&grid, &[(2, 1)]);
        assert_eq!(first_step(&grid, (1, 1), &[(5, 1)], &|c, _| danger[grid.index(c)] > 3), None);
        let still = Mover::at((1, 1), 6.0);
        assert_eq!(escape(&grid, still, &danger, 0.5), Some(Dir::Down), "away from the pot beside it");
    }
}
