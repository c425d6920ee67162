//! The dungeon's reference player: it follows the witness (procgen's solving order) through the
//! real game, pressing only what a player presses. For the next node not yet done it picks a
//! goal — hand items over at bars or a door, stand on an item, walk into a lever, station, guard
//! or table, push a crate from behind — finds the shortest way there on the grid around hazards,
//! crates and everything solid, and holds the direction of the next tile. Used by the headless
//! tests and, later, the seed lab's bots.

use std::collections::VecDeque;

use bevy::prelude::*;
use seedfeast_procgen::dungeon::{Gives, Mechanic, NodeRole, ObjectKind};

use crate::grid_move::{Cell, Dir, step};

use super::DungeonRun;
use super::play::Play;
use super::walker::{Pad, Walker};
use crate::replay::StepInput;

/// What the bot is after next.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Goal {
    /// Walk onto this tile (an item).
    Stand(Cell),
    /// Walk into one of these tiles from beside it (bars, a door, a lever, a station, a guard,
    /// the table).
    Touch(Vec<Cell>),
    /// Stand on `from` and push towards `dir` (a crate on its way to its plate).
    Push { from: Cell, dir: Dir },
    /// Nothing to do (everything is done, or the next node can't be played yet).
    Wait,
}

/// Whether the bot counts `node` as done: what it gives is in hand (an item taken, a switch
/// thrown, the feast served).
pub fn done(play: &Play, node: usize) -> bool {
    match play.dungeon.nodes[node].gives {
        Gives::Item(i) => play.taken[i],
        Gives::Switch(s) => play.thrown[s],
        Gives::Clear => play.cleared,
    }
}

/// The witness's first node not yet done.
pub fn next_node(play: &Play) -> Option<usize> {
    play.dungeon.solution.iter().copied().find(|&n| !done(play, n))
}

/// The goal for the next node of the witness.
pub fn goal(play: &Play) -> Goal {
    let Some(id) = next_node(play) else { return Goal::Wait };
    let d = &play.dungeon;
    let node = &d.nodes[id];
    let object = |want: fn(&ObjectKind) -> bool| d.objects.iter().position(|o| o.node == id && want(&o.kind));
    // Bars and doors take items: hand over what the bag holds for them first.
    let takes_at_bars = node.role == NodeRole::Bridge || (!node.pen.is_empty() && node.mechanic != Mechanic::Feast);
    let carried = node.needs_items.iter().any(|i| play.held.contains(i));
    if takes_at_bars && !play.open[id] {
        if carried {
            let bars = if node.role == NodeRole::Bridge { vec![node.objective] } else { node.pen.clone() };
            return Goal::Touch(bars);
        }
        return Goal::Wait;
    }
    match (node.role, node.mechanic) {
        (_, Mechanic::Fetch) => match node.gives {
            Gives::Item(i) => Goal::Stand(d.items[i].cell),
            _ => Goal::Wait,
        },
        (_, Mechanic::Lever) => match object(|k| matches!(k, ObjectKind::Lever { .. })) {
            Some(o) => Goal::Touch(vec![d.objects[o].cell]),
            None => Goal::Wait,
        },
        (_, Mechanic::CratePlate) => {
            let Some(c) = object(|k| matches!(k, ObjectKind::Crate { .. })) else { return Goal::Wait };
            let ObjectKind::Crate { plate, .. } = d.objects[c].kind else { return Goal::Wait };
            let at = play.object_cell[c];
            let dir = Dir::ALL.into_iter().find(|&dir| {
                let mut cell = at;
                (0..d.width.max(d.height)).any(|_| match step(cell, dir) {
                    Some(next) => {
                        cell = next;
                        next == plate
                    }
                    None => false,
                })
            });
            match dir.and_then(|dir| step(at, dir.opposite()).map(|from| (from, dir))) {
                Some((from, dir)) => Goal::Push { from, dir },
                None => Goal::Wait,
            }
        }
        (_, Mechanic::Combine) | (_, Mechanic::Feast) => Goal::Touch(vec![node.objective]),
        (_, Mechanic::Guard) => {
            if play.fed[id] {
                match node.gives {
                    Gives::Item(i) => Goal::Stand(d.items[i].cell),
                    _ => Goal::Wait,
                }
            } else {
                Goal::Touch(vec![node.objective])
            }
        }
        (_, Mechanic::Door) => Goal::Touch(vec![node.objective]),
    }
}

/// Where the bot may walk: open, and no hazard.
fn safe(play: &Play, cell: Cell) -> bool {
    play.open(cell) && play.hazard_at(cell).is_none()
}

/// The shortest safe way from `from` to any tile `is_target` accepts, `from` included; `None`
/// when there is none.
pub fn path(play: &Play, from: Cell, is_target: impl Fn(Cell) -> bool) -> Option<Vec<Cell>> {
    let w = play.dungeon.width;
    let index = |(x, y): Cell| y * w + x;
    let mut came: Vec<Option<Cell>> = vec![None; w * play.dungeon.height];
    came[index(from)] = Some(from);
    let mut queue = VecDeque::from([from]);
    while let Some(cell) = queue.pop_front() {
        if is_target(cell) {
            let mut way = vec![cell];
            let mut at = cell;
            while at != from {
                at = came[index(at)]?;
                way.push(at);
            }
            way.reverse();
            return Some(way);
        }
        for dir in Dir::ALL {
            if let Some(next) = step(cell, dir)
                && next.0 < w
                && next.1 < play.dungeon.height
                && came[index(next)].is_none()
                && safe(play, next)
            {
                came[index(next)] = Some(cell);
                queue.push_back(next);
            }
        }
    }
    None
}

/// The bot's memory between steps: the way it is following and what for.
#[derive(Default, Debug, Clone)]
pub struct Bot {
    way: Vec<Cell>,
    goal: Option<Goal>,
}

impl Bot {
    /// The pad for this step.
    pub fn decide(&mut self, play: &Play, walker: &Walker) -> Pad {
        let goal = goal(play);
        let mover = &walker.mover;
        // Plan from where the player will next stand still.
        let origin = mover.dir.and_then(|d| step(mover.cell, d)).unwrap_or(mover.cell);
        // Where the goal is met, and the direction to hold there.
        let finish = |cell: Cell| -> Option<Option<Dir>> {
            match &goal {
                Goal::Stand(target) => (cell == *target).then_some(None),
                Goal::Touch(targets) => targets.iter().find_map(|&t| Dir::between(cell, t)).map(Some),
                Goal::Push { from, dir } => (cell == *from).then_some(Some(*dir)),
                Goal::Wait => Some(None),
            }
        };
        if let Some(hold) = finish(origin) {
            self.way.clear();
            return Pad::holding(hold);
        }
        let on_way = self.way.iter().position(|&c| c == origin);
        let fresh = self.goal.as_ref() == Some(&goal)
            && on_way.is_some_and(|i| self.way.get(i + 1).is_some_and(|&next| safe(play, next)));
        if !fresh {
            self.goal = Some(goal.clone());
            self.way = path(play, origin, |c| finish(c).is_some()).unwrap_or_default();
        }
        let i = self.way.iter().position(|&c| c == origin);
        let next = i.and_then(|i| self.way.get(i + 1)).copied();
        let dir = next.and_then(|n| Dir::between(origin, n));
        // Never turn back between two tiles: the turn would land on the tile just left with a
        // direction meant for the one ahead. Stop ahead instead, and plan again from there.
        if dir.is_some_and(|d| mover.dir == Some(d.opposite())) {
            return Pad::default();
        }
        Pad::holding(dir)
    }
}

/// The Zone dungeon's bot row: the generator promises every dungeon can be cleared (its
/// witness walk is checked), so a feast not served is a fairness bug.
pub(crate) const BOT: crate::mode::Bot =
    crate::mode::Bot { add: add_bot, goal: 1.0, promised: true, start_level: None };

fn add_bot(app: &mut App) {
    app.add_systems(FixedUpdate, autoplay.after(crate::run::Gameplay::Input).before(crate::run::Gameplay::Control));
}

/// The bot as a fixed-step system: run it before [`crate::run::Gameplay::Control`]. It writes
/// the step's input the keyboard would: the directions held, the first of two pressed last.
pub fn autoplay(run: Option<Res<DungeonRun>>, mut input: ResMut<StepInput>, mut bot: Local<Bot>) {
    let Some(run) = run else { return };
    let pad = bot.decide(&run.play, &run.walker);
    let mut axis = IVec2::ZERO;
    for dir in pad.held.into_iter().flatten() {
        axis += match dir {
            Dir::Up => IVec2::Y,
            Dir::Down => IVec2::NEG_Y,
            Dir::Left => IVec2::NEG_X,
            Dir::Right => IVec2::X,
        };
    }
    *input = StepInput { act: pad.act, alt: pad.travel, steer: pad.held[1].and(pad.held[0]), axis, ..default() };
}

#[cfg(test)]
mod tests {
    use super::super::play::tests::dungeon;
    use super::super::walker::Walker;
    use super::*;
    use crate::modes::dungeon::play::Event;

    /// Plays dungeon `k` of `seed` with the bot on the pure rules alone: the steps it took, or
    /// why it got stuck.
    fn bot_clears(seed: u64, k: u32) -> Result<u32, String> {
        let mut play = Play::new(dungeon(seed, k));
        let mut walker = Walker::at(play.dungeon.player_start, play.dungeon.player_speed);
        let mut bot = Bot::default();
        let mut events: Vec<Event> = Vec::new();
        let par = play.dungeon.par_seconds * 60;
        for steps in 0..par {
            let pad = bot.decide(&play, &walker);
            if walker.walk(&mut play, pad, 1.0 / 60.0, &mut events).is_some() {
                return Err(format!("seed {seed}, dungeon {k}: stepped on a hazard at {:?}", walker.mover.cell));
            }
            events.clear();
            if play.cleared {
                return Ok(steps);
            }
        }
        Err(format!(
            "seed {seed}, dungeon {k}: not cleared within the par, on node {:?}, goal {:?}, at {:?}",
            next_node(&play),
            goal(&play),
            walker.mover
        ))
    }

    #[test]
    fn the_bot_clears_every_dungeon_it_meets_within_the_par_and_never_gets_hurt() {
        // 750 dungeons (150 seeds, dungeons 1 to 5) were checked once; these stay in the suite.
        let failures: Vec<String> =
            (0..40).flat_map(|seed| (1..=4).map(move |k| bot_clears(seed, k))).filter_map(Result::err).collect();
        assert!(failures.is_empty(), "{failures:#?}");
    }
}
