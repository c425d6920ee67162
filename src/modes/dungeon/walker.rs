//! The player on the tile grid: walks while a direction is held (gliding centre to centre with
//! [`Mover`]), pushes crates and touches things by walking into them, uses what it faces with
//! the use key, and bounces off a hazard back to the tile it came from. Pure: the run feeds it
//! one fixed step at a time.

use crate::grid_move::{Cell, Dir, Mover, step};

use super::play::{Event, Play};

/// Steps the player stands dazed after a hazard (half a second at 60 Hz).
pub(crate) const DAZED_STEPS: u32 = 30;

/// The player's input for one fixed step, from the keyboard, a gamepad or a bot.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pad {
    /// Directions held, the first preferred (two for a diagonal).
    pub held: [Option<Dir>; 2],
    /// The use key was pressed.
    pub act: bool,
    /// The quick-travel key was pressed.
    pub travel: bool,
}

impl Pad {
    /// Holding one direction.
    pub fn holding(dir: Option<Dir>) -> Pad {
        Pad { held: [dir, None], ..Pad::default() }
    }
}

/// The player.
#[derive(Clone, Debug, PartialEq)]
pub struct Walker {
    pub mover: Mover,
    /// The way the player looks: what the use key uses.
    pub facing: Dir,
    /// The last touch by walking into something, so holding against it touches it once.
    last_bump: Option<(Cell, Dir)>,
    /// Steps left dazed after a hazard.
    pub dazed: u32,
}

/// What one step of walking did beyond [`Event`]s: a hazard hit, by index.
pub(crate) type Hurt = Option<usize>;

impl Walker {
    pub fn at(cell: Cell, speed: f32) -> Walker {
        Walker { mover: Mover::at(cell, speed), facing: Dir::Down, last_bump: None, dazed: 0 }
    }

    /// Moves the player to `cell` at once (quick travel, a new dungeon).
    pub fn place(&mut self, cell: Cell) {
        self.mover = Mover::at(cell, self.mover.speed);
        self.last_bump = None;
    }

    /// One fixed step of `dt` seconds.
    pub fn walk(&mut self, play: &mut Play, pad: Pad, dt: f32, events: &mut Vec<Event>) -> Hurt {
        let held: Vec<Dir> = pad.held.iter().flatten().copied().collect();
        if self.last_bump.is_some_and(|(_, d)| held.first() != Some(&d)) {
            self.last_bump = None;
        }
        if self.dazed > 0 {
            self.dazed -= 1;
            return None;
        }
        if let Some(&first) = held.first()
            && self.mover.dir.is_none()
        {
            let cell = self.mover.cell;
            let walks = held.iter().any(|&d| step(cell, d).is_some_and(|t| play.open(t)));
            if !walks {
                self.facing = first;
                self.bump(play, cell, first, events);
            }
        }
        if pad.act {
            let at = self.mover.nearest_cell();
            if let Some(target) = step(at, self.facing)
                && !play.touch(target, events)
            {
                events.push(Event::Hint("Nothing to use there: walk up to a lever, a bar, a guard…".into()));
            }
        }
        // Turning back needs no centre.
        if let (Some(dir), Some(&first)) = (self.mover.dir, held.first())
            && first == dir.opposite()
            && !held.contains(&dir)
        {
            self.mover.reverse();
        }
        let mut arrivals: Vec<(Cell, Dir)> = Vec::new();
        {
            let open = |c: Cell| play.open(c);
            self.mover.advance(&open, dt, |cell, arrived| {
                if let Some(dir) = arrived {
                    arrivals.push((cell, dir));
                }
                choose(&open, &held, cell, arrived)
            });
        }
        if let Some(dir) = self.mover.dir {
            self.facing = dir;
            self.last_bump = None;
        }
        for (cell, dir) in arrivals {
            self.last_bump = None;
            play.arrive(cell, events);
            if let Some(hazard) = play.hazard_at(cell) {
                let back = step(cell, dir.opposite()).unwrap_or(cell);
                self.place(back);
                self.dazed = DAZED_STEPS;
                return Some(hazard);
            }
        }
        None
    }

    /// Walking into `dir` from `cell` is blocked: push the crate there, or touch what is there
    /// (once, until the player lets go or moves).
    fn bump(&mut self, play: &mut Play, cell: Cell, dir: Dir, events: &mut Vec<Event>) {
        let Some(target) = step(cell, dir) else { return };
        if play.crate_at(target).is_some() && play.push(cell, dir, events) {
            return;
        }
        if self.last_bump != Some((cell, dir)) {
            self.last_bump = Some((cell, dir));
            play.touch(target, events);
        }
    }
}

/// The way to go at a centre: a held direction that is open, preferring a turn (so a diagonal
/// hold walks a staircase); none, and the player stops.
fn choose(open: &impl Fn(Cell) -> bool, held: &[Dir], cell: Cell, arrived: Option<Dir>) -> Option<Dir> {
    let ok = |d: &&Dir| step(cell, **d).is_some_and(open);
    let turn = held.iter().filter(ok).find(|d| Some(**d) != arrived);
    turn.or_else(|| held.iter().find(ok)).copied()
}

#[cfg(test)]
mod tests {
    use super::super::play::tests::{dungeon, find};
    use super::*;
    use seedfeast_procgen::dungeon::{Mechanic, ObjectKind};

    const DT: f32 = 1.0 / 60.0;

    fn walk_to(walker: &mut Walker, play: &mut Play, path: &[Dir], events: &mut Vec<Event>) -> Hurt {
        for &dir in path {
            let from = walker.mover.cell;
            let target = step(from, dir).unwrap();
            for _ in 0..60 {
                let hurt = walker.walk(play, Pad::holding(Some(dir)), DT, events);
                if hurt.is_some() {
                    return hurt;
                }
                if walker.mover.cell == target && walker.mover.dir.is_none_or(|d| d == dir) {
                    break;
                }
            }
        }
        // Let go and settle on a centre.
        for _ in 0..30 {
            walker.walk(play, Pad::default(), DT, events);
        }
        None
    }

    #[test]
    fn holding_a_direction_walks_and_letting_go_stops_on_a_tile() {
        let mut play = Play::new(dungeon(4, 1));
        let start = play.dungeon.player_start;
        let dir = Dir::ALL.into_iter().find(|&d| step(start, d).is_some_and(|c| play.open(c))).unwrap();
        let mut walker = Walker::at(start, 5.0);
        let mut events = Vec::new();
        for _ in 0..12 {
            walker.walk(&mut play, Pad::holding(Some(dir)), DT, &mut events);
        }
        // Let go: it glides to the next centre and stops there.
        for _ in 0..30 {
            walker.walk(&mut play, Pad::default(), DT, &mut events);
        }
        assert_eq!(walker.mover.dir, None);
        assert_ne!(walker.mover.cell, start);
        assert!(play.open(walker.mover.cell));
        assert_eq!(walker.facing, dir);
    }

    #[test]
    fn walls_stop_the_player_and_never_let_it_through() {
        let mut play = Play::new(dungeon(4, 1));
        let mut walker = Walker::at(play.dungeon.player_start, 5.0);
        let mut events = Vec::new();
        for dir in Dir::ALL {
            for _ in 0..600 {
                walker.walk(&mut play, Pad::holding(Some(dir)), DT, &mut events);
                assert!(play.open(walker.mover.cell));
            }
            assert_eq!(walker.mover.dir, None, "stopped against something");
        }
    }

    #[test]
    fn a_hazard_costs_and_throws_the_player_back_dazed() {
        let play = Play::new(dungeon(2, 1));
        let hazard = play.dungeon.hazards[0].cell;
        let (from, dir) = Dir::ALL
            .into_iter()
            .find_map(|d| step(hazard, d).filter(|&c| play.open(c) && play.hazard_at(c).is_none()).map(|c| (c, d)))
            .unwrap();
        let mut play = play;
        let mut walker = Walker::at(from, 5.0);
        let mut events = Vec::new();
        let hurt = walk_to(&mut walker, &mut play, &[dir.opposite()], &mut events);
        assert_eq!(hurt, Some(0));
        assert_eq!(walker.mover.cell, from, "back where it came from");
        assert_eq!(walker.dazed, DAZED_STEPS);
        walker.walk(&mut play, Pad::holding(Some(dir.opposite())), DT, &mut events);
        assert_eq!(walker.mover.dir, None, "dazed: it doesn't move");
    }

    #[test]
    fn walking_into_a_lever_pulls_it_once_and_the_use_key_uses_what_is_faced() {
        let (mut play, node) = find(|d, n| d.nodes[n].mechanic == Mechanic::Lever && d.nodes[n].pen.is_empty());
        let o = play.dungeon.objects.iter().position(|o| o.node == node).unwrap();
        let ObjectKind::Lever { switch } = play.dungeon.objects[o].kind else { panic!() };
        let lever = play.dungeon.objects[o].cell;
        let (stand, dir) = Dir::ALL
            .into_iter()
            .find_map(|d| step(lever, d).filter(|&c| play.open(c)).map(|c| (c, d.opposite())))
            .unwrap();
        let mut walker = Walker::at(stand, 5.0);
        let mut events = Vec::new();
        for _ in 0..10 {
            walker.walk(&mut play, Pad::holding(Some(dir)), DT, &mut events);
        }
        assert!(play.thrown[switch]);
        let hints = events.iter().filter(|e| matches!(e, Event::Hint(_))).count();
        assert_eq!(hints, 0, "held against it, it was touched once: {events:?}");
        // The use key on the pulled lever says so.
        let mut events = Vec::new();
        walker.walk(&mut play, Pad { act: true, ..Pad::default() }, DT, &mut events);
        assert!(matches!(events.as_slice(), [Event::Hint(h)] if h.contains("already")), "{events:?}");
    }
}
