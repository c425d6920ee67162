//! Steps 3 and 4: each object's shape placed in its own mini-map as it stands when the level is
//! solved, then the solution's actions applied in reverse (a `move("up")` undone by moving
//! down, a `rotate("right")` by turning left, an opened door closed, a stopped gate set moving)
//! to get the initial map. [`MiniMap::verify`] then runs the actions forwards on the real rules
//! and checks every promise of the mini-map.
//!
//! Mini-maps never mirror or rotate: a `move("left")` must stay a move to the left.
//! Coordinates: a shape is built around its object at (0, 0) and shifted into the mini-map,
//! which has a wall border with an entry door (EN) on its left or top edge and an exit door (EX)
//! on its right or bottom edge.

use serde::{Deserialize, Serialize};

use crate::puzzle::ast::{Command, Dir};
use crate::puzzle::grammar::{Prize, ShapeKind};
use crate::puzzle::summary::ObjectSummary;
use crate::puzzle::world::{Cell, Ground, Header, Kind, ObjectState, Reward, World};
use crate::rng::GenRng;

mod stamp;

pub use stamp::feasible;
use stamp::{Stamp, stamp};

/// The largest mini-map side, border included.
pub(crate) const MAX_MINI_SIDE: i32 = 32;

/// A side of a rectangle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Edge {
    Left,
    Top,
    Right,
    Bottom,
}

impl Edge {
    /// The step from the door into the map.
    pub(crate) const fn inward(self) -> Dir {
        match self {
            Edge::Left => Dir::Right,
            Edge::Top => Dir::Down,
            Edge::Right => Dir::Left,
            Edge::Bottom => Dir::Up,
        }
    }

    /// The edge that faces this one across a shared wall.
    pub const fn opposite(self) -> Edge {
        match self {
            Edge::Left => Edge::Right,
            Edge::Top => Edge::Bottom,
            Edge::Right => Edge::Left,
            Edge::Bottom => Edge::Top,
        }
    }
}

/// A door in a mini-map's border and the tile just inside it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Door {
    pub cell: Cell,
    pub inside: Cell,
    pub edge: Edge,
}

/// One object's mini-map.
#[derive(Clone, Debug)]
pub struct MiniMap {
    /// Ground (`Void` = not decided yet), the one object (its start = the initial state), the
    /// rewards and header. `entry`/`exit` are the doors.
    pub world: World,
    pub initial: ObjectState,
    pub solved: ObjectState,
    /// Tiles the path algorithms must leave as they are.
    pub reserved: Vec<bool>,
    /// Maze shapes: tiles the solution path goes through, in order.
    pub chain: Vec<Cell>,
    pub en: Door,
    pub ex: Door,
    pub shape: ShapeKind,
    pub prize: Option<Prize>,
    pub commands: Vec<Command>,
    /// A river splits the map: EN must be before `(vertical, first, last)` lines, EX after.
    pub river: Option<(bool, i32, i32)>,
    /// Set by the maze-path algorithm: the initial map still lets the player through.
    pub maze_open: bool,
    /// A secret door was asked for but no wall could hold it: a key was placed instead.
    pub prize_fallback: bool,
}

/// Which moment of the level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Moment {
    Initial,
    Solved,
}

fn add((x, y): Cell, d: Dir) -> Cell {
    let (dx, dy) = d.delta();
    (x + dx, y + dy)
}

fn add_n((x, y): Cell, d: Dir, n: i32) -> Cell {
    let (dx, dy) = d.delta();
    (x + dx * n, y + dy * n)
}

/// The direction from `a` to the neighbouring `b`.
fn dir_between(a: Cell, b: Cell) -> Option<Dir> {
    Dir::ALL.into_iter().find(|&d| add(a, d) == b)
}

/// The solution's actions undone, last first: the initial state from the solved one.
pub fn reverse(commands: &[Command], solved: ObjectState) -> ObjectState {
    let mut s = solved;
    for c in commands.iter().rev() {
        match c {
            Command::Move(d) => s.pos = add(s.pos, d.opposite()),
            Command::Rotate(t) => s.facing = s.facing.turned(-t.sign()),
            Command::Open => s.open = false,
            Command::Stop => s.moving = true,
        }
    }
    s
}

/// Where a stamp lands in its mini-map: the map's size, border included, and the shift from
/// the stamp's coordinates to the map's.
#[derive(Clone, Copy)]
struct Frame {
    w: i32,
    h: i32,
    dx: i32,
    dy: i32,
}

impl Frame {
    /// The stamp's bounding box with a random margin each side (left, top, right, bottom) and
    /// a wall border; `None` when it would be larger than [`MAX_MINI_SIDE`].
    fn around(st: &Stamp, margin: (u32, u32), rng: &mut impl GenRng) -> Option<Frame> {
        let mut cells: Vec<Cell> = st.ground.iter().map(|(c, _)| *c).collect();
        cells.extend(st.chain.iter().copied());
        let (mut x0, mut y0, mut x1, mut y1) = (0, 0, 0, 0);
        for &(x, y) in &cells {
            (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
        }
        let (lo, hi) = (margin.0.max(1) as i32, margin.1.max(margin.0).max(1) as i32);
        let mut m = || lo + rng.below((hi - lo + 1) as usize) as i32;
        let (ml, mt, mr, mb) = (m(), m(), m(), m());
        let (w, h) = (x1 - x0 + 1 + ml + mr + 2, y1 - y0 + 1 + mt + mb + 2);
        if w > MAX_MINI_SIDE || h > MAX_MINI_SIDE {
            return None;
        }
        Some(Frame { w, h, dx: 1 + ml - x0, dy: 1 + mt - y0 })
    }

    /// A stamp's tile in the map.
    fn shift(&self, (x, y): Cell) -> Cell {
        (x + self.dx, y + self.dy)
    }
}

impl MiniMap {
    /// Steps 3 and 4 for one object: the shape placed in a mini-map of random margins, the
    /// initial state by reversing the actions, doors chosen. `None` when the shape can't be
    /// made from these commands or no door fits.
    pub fn place(
        summary: &ObjectSummary,
        shape: ShapeKind,
        prize: Option<Prize>,
        margin: (u32, u32),
        rng: &mut impl GenRng,
    ) -> Option<MiniMap> {
        let st = stamp(summary, shape, rng)?;
        let frame = Frame::around(&st, margin, rng)?;
        let mut map = MiniMap::walled(frame, summary, &st, shape, prize);
        if let Some((vertical, line)) = st.river {
            map.river = Some(map.lay_river(frame, vertical, line));
        }
        map.lay_stamp(frame, summary, &st);
        map.open_doors(rng)?;
        Some(map)
    }

    /// A mini-map of `frame`'s size walled all round, with the object's states shifted into it
    /// (the initial one by reversing the actions); no object, door or inside ground yet.
    fn walled(frame: Frame, summary: &ObjectSummary, st: &Stamp, shape: ShapeKind, prize: Option<Prize>) -> MiniMap {
        let mut initial = reverse(&summary.commands, st.solved);
        if summary.kind == Kind::Gate {
            // A variant's gate may stand still from the start: a `stop` on it changes nothing.
            initial.moving = summary.start_moving;
        }
        initial.pos = frame.shift(initial.pos);
        let mut solved = st.solved;
        solved.pos = frame.shift(solved.pos);
        let placeholder = Door { cell: (0, 0), inside: (0, 0), edge: Edge::Left };
        let (w, h) = (frame.w, frame.h);
        let mut map = MiniMap {
            world: World::empty(w, h),
            initial,
            solved,
            reserved: vec![false; (w * h) as usize],
            chain: Vec::new(),
            en: placeholder,
            ex: placeholder,
            shape,
            prize: if shape.wants_prize() { prize.or(Some(Prize::Key)) } else { None },
            commands: summary.commands.clone(),
            river: None,
            maze_open: false,
            prize_fallback: false,
        };
        for y in 0..h {
            for x in 0..w {
                if x == 0 || y == 0 || x == w - 1 || y == h - 1 {
                    map.fix((x, y), Ground::Wall);
                }
            }
        }
        map
    }

    /// Sets a tile's ground and reserves it.
    fn fix(&mut self, c: Cell, g: Ground) {
        self.world.set_ground(c, g);
        let i = self.world.index(c);
        self.reserved[i] = true;
    }

    /// A river three tiles wide, wall to wall, centred on the stamp's `line`: its first and
    /// last lines in the map.
    fn lay_river(&mut self, frame: Frame, vertical: bool, line: i32) -> (bool, i32, i32) {
        let centre = if vertical { frame.shift((line, 0)).0 } else { frame.shift((0, line)).1 };
        for k in centre - 1..=centre + 1 {
            for t in 1..(if vertical { frame.h } else { frame.w }) - 1 {
                let c = if vertical { (k, t) } else { (t, k) };
                self.fix(c, Ground::Water);
            }
        }
        (vertical, centre - 1, centre + 1)
    }

    /// The stamp shifted into the map: its ground (reserved), the object at its initial state,
    /// its rewards, header and chain.
    fn lay_stamp(&mut self, frame: Frame, summary: &ObjectSummary, st: &Stamp) {
        for &(c, g) in &st.ground {
            self.fix(frame.shift(c), g);
        }
        let mut spec = st.spec.clone();
        let initial = self.initial;
        spec.start = initial;
        // The mark `position` is read from: the start, or where the variant's start is off it.
        spec.home = (initial.pos.0 + summary.home.0, initial.pos.1 + summary.home.1);
        self.world.add_object(spec);
        for r in &st.rewards {
            let (x, y) = frame.shift((r.x, r.y));
            self.world.rewards.push(Reward { x, y, ..*r });
        }
        if let Some((kind, c, facing)) = st.header {
            let (x, y) = frame.shift(c);
            let reveals = Vec::new();
            self.world.headers.push(Header { kind, x, y, object: summary.name.clone(), facing, reveals });
        }
        self.chain = st.chain.iter().map(|&c| frame.shift(c)).collect();
    }

    /// The entry door on the left or top edge, the exit on the right or bottom, both made
    /// floor with the tiles inside them; `None` when no door fits.
    fn open_doors(&mut self, rng: &mut impl GenRng) -> Option<()> {
        self.en = self.choose_door(&[Edge::Left, Edge::Top], true, rng)?;
        self.ex = self.choose_door(&[Edge::Right, Edge::Bottom], false, rng)?;
        self.world.entry = self.en.cell;
        self.world.exit = self.ex.cell;
        for d in [self.en, self.ex] {
            for c in [d.cell, d.inside] {
                self.fix(c, Ground::Floor);
            }
        }
        Some(())
    }

    /// A door on one of `edges` whose inside tile is free, on the right side of a river.
    fn choose_door(&self, edges: &[Edge], entry: bool, rng: &mut impl GenRng) -> Option<Door> {
        let (w, h) = (self.world.width, self.world.height);
        let mut options = Vec::new();
        for &edge in edges {
            let cells: Vec<Cell> = match edge {
                Edge::Left => (1..h - 1).map(|y| (0, y)).collect(),
                Edge::Top => (1..w - 1).map(|x| (x, 0)).collect(),
                Edge::Right => (1..h - 1).map(|y| (w - 1, y)).collect(),
                Edge::Bottom => (1..w - 1).map(|x| (x, h - 1)).collect(),
            };
            for cell in cells {
                let inside = add(cell, edge.inward());
                let i = self.world.index(inside);
                if self.reserved[i] {
                    continue;
                }
                if let Some((vertical, first, last)) = self.river {
                    let t = if vertical { inside.0 } else { inside.1 };
                    if (entry && t >= first) || (!entry && t <= last) {
                        continue;
                    }
                }
                if !entry && (inside == self.en.inside || cell == self.en.cell) {
                    continue;
                }
                options.push(Door { cell, inside, edge });
            }
        }
        (!options.is_empty()).then(|| options[rng.below(options.len())])
    }

    pub fn index(&self, c: Cell) -> usize {
        self.world.index(c)
    }

    /// The tile at a row-major index.
    pub(crate) fn world_cell(&self, i: usize) -> Cell {
        let w = self.world.width.max(1) as usize;
        ((i % w) as i32, (i / w) as i32)
    }

    /// Puts the object in its state at `moment`.
    pub fn set(&mut self, moment: Moment) {
        self.world.states[0] = match moment {
            Moment::Initial => self.initial,
            Moment::Solved => self.solved,
        };
    }

    /// Where the player can stand at `moment`.
    pub fn walkable(&mut self, moment: Moment) -> Vec<bool> {
        self.set(moment);
        self.world.view().walkable
    }

    /// Solved: the exit and every reward reachable from the entry.
    pub(crate) fn solved_ok(&mut self) -> bool {
        self.set(Moment::Solved);
        self.world.reach().all()
    }

    /// Initial: the exit can't be reached from the entry.
    pub(crate) fn initially_blocked(&mut self) -> bool {
        self.set(Moment::Initial);
        !self.world.reach().exit
    }

    /// Runs the solution's commands forwards on the real rules and checks every promise of a
    /// finished mini-map; the first broken one, in words.
    pub fn verify(&mut self) -> Result<(), &'static str> {
        self.set(Moment::Initial);
        for &c in &self.commands.clone() {
            let changed = self.world.apply(0, c);
            if matches!(c, Command::Move(_)) && !changed {
                return Err("a move of the solution is blocked");
            }
        }
        if self.world.states[0] != self.solved {
            return Err("the commands don't lead to the solved state");
        }
        if self.world.ground.contains(&Ground::Void) {
            return Err("undecided tiles left");
        }
        for moment in [Moment::Initial, Moment::Solved] {
            let walk = self.walkable(moment);
            let doors: Vec<Cell> = match moment {
                Moment::Initial => vec![self.en.cell, self.en.inside],
                Moment::Solved => vec![self.en.cell, self.en.inside, self.ex.cell, self.ex.inside],
            };
            if doors.iter().any(|&c| !walk[self.index(c)]) {
                return Err("a door or the tile inside it is blocked");
            }
            // Fire and wind must stay inside the mini-map, away from its doors.
            let (crossed, _) = self.world.blow(0);
            if crossed.iter().any(|c| [self.en.cell, self.en.inside, self.ex.cell, self.ex.inside].contains(c)) {
                return Err("a statue blows through a door");
            }
            let view = self.world.view();
            let active = view.active.iter().any(|&a| a);
            if active != (moment == Moment::Solved) && !self.world.headers.is_empty() {
                return Err("the header is not active exactly when solved");
            }
        }
        if !self.solved_ok() {
            return Err("solved, the exit or a reward can't be reached");
        }
        self.maze_open = self.shape.is_maze() && !self.initially_blocked();
        Ok(())
    }
}
