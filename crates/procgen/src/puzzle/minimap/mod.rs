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

use crate::puzzle::ast::{Command, CommandKind, Dir};
use crate::puzzle::grammar::{Prize, ShapeKind};
use crate::puzzle::summary::ObjectSummary;
use crate::puzzle::world::{
    Cell, Element, Ground, Header, HeaderKind, Kind, ObjectSpec, ObjectState, Reward, RewardKind, World,
};
use crate::rng::GenRng;

/// The largest mini-map side, border included.
pub const MAX_MINI_SIDE: i32 = 32;

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
    pub const fn inward(self) -> Dir {
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

/// A shape around its object at (0, 0), before it is put in a mini-map.
struct Stamp {
    /// Reserved tiles and their ground.
    ground: Vec<(Cell, Ground)>,
    spec: ObjectSpec,
    solved: ObjectState,
    chain: Vec<Cell>,
    rewards: Vec<Reward>,
    header: Option<(HeaderKind, Cell, Option<Dir>)>,
    /// A river three tiles wide across the whole map: (vertical, centre line).
    river: Option<(bool, i32)>,
}

impl Stamp {
    fn new(summary: &ObjectSummary, element: Option<Element>, solved: ObjectState) -> Stamp {
        let spec = ObjectSpec {
            name: summary.name.clone(),
            kind: summary.kind,
            command: summary.command,
            element,
            start: solved,
        };
        Stamp { ground: Vec::new(), spec, solved, chain: Vec::new(), rewards: Vec::new(), header: None, river: None }
    }

    fn put(&mut self, c: Cell, g: Ground) {
        match self.ground.iter_mut().find(|(at, _)| *at == c) {
            Some(slot) => slot.1 = g,
            None => self.ground.push((c, g)),
        }
    }

    fn has(&self, c: Cell) -> bool {
        self.ground.iter().any(|(at, _)| *at == c)
    }
}

/// The object's state when the level is solved, before choosing a place or facing.
fn solved_state(summary: &ObjectSummary, pos: Cell, facing: Dir) -> ObjectState {
    let gate = summary.kind == Kind::Gate;
    ObjectState {
        pos,
        facing,
        moving: gate && !summary.commands.contains(&Command::Stop),
        open: summary.commands.contains(&Command::Open),
    }
}

/// The lane of a moving object: its tiles from start (0, 0) to end, without repeats.
fn lane(summary: &ObjectSummary) -> Vec<Cell> {
    let mut out: Vec<Cell> = Vec::new();
    for &c in &summary.trajectory {
        if !out.contains(&c) {
            out.push(c);
        }
    }
    out
}

/// The perpendicular of a direction that points right or down.
fn across(d: Dir) -> Dir {
    if d.is_vertical() { Dir::Right } else { Dir::Down }
}

/// Orders a chain so it starts at its upper-left end (nearer EN on the left or top edge).
fn oriented(mut chain: Vec<Cell>) -> Vec<Cell> {
    if let (Some(a), Some(b)) = (chain.first(), chain.last())
        && a.0 + a.1 > b.0 + b.1
    {
        chain.reverse();
    }
    chain
}

/// For a moved object: two tiles beside its start, off its lane, to cross it by.
fn crossing(summary: &ObjectSummary) -> Option<Vec<Cell>> {
    let lane = lane(summary);
    let p0 = (0, 0);
    let d1 = dir_between(summary.trajectory[0], *summary.trajectory.get(1)?)?;
    let u = across(d1);
    let pairs = [
        (add(p0, u.opposite()), add(p0, u)),
        (add(p0, d1.opposite()), add(p0, u)),
        (add(p0, d1.opposite()), add(p0, u.opposite())),
    ];
    pairs.into_iter().find(|(a, b)| !lane.contains(a) && !lane.contains(b)).map(|(a, b)| oriented(vec![a, p0, b]))
}

/// For a pushed object: in behind its start, along its whole lane, out beside its last tile
/// before the end.
fn push_chain(summary: &ObjectSummary) -> Option<Vec<Cell>> {
    let t = &summary.trajectory;
    let lane = lane(summary);
    if lane.len() != t.len() || t.len() < 2 {
        return None;
    }
    let n = t.len() - 1;
    let d1 = dir_between(t[0], t[1])?;
    let dn = dir_between(t[n - 1], t[n])?;
    let free = |c: &Cell| !lane.contains(c);
    let entry =
        [add(t[0], d1.opposite()), add(t[0], across(d1)), add(t[0], across(d1).opposite())].into_iter().find(free)?;
    let exit = [add(t[n - 1], across(dn)), add(t[n - 1], across(dn).opposite())]
        .into_iter()
        .find(|c| free(c) && *c != entry)?;
    let mut chain = vec![entry];
    chain.extend_from_slice(&t[..n]);
    chain.push(exit);
    Some(oriented(chain))
}

/// The facings a fire statue sliding along its lane can hold so that its end faces a pit two
/// tiles away and its start does not.
fn slide_facings(summary: &ObjectSummary) -> Vec<Dir> {
    let lane = lane(summary);
    let (p0, pn) = ((0, 0), summary.displacement());
    Dir::ALL
        .into_iter()
        .filter(|&f| {
            let pit = add_n(pn, f, 2);
            !lane.contains(&pit) && (1..=3).all(|k| add_n(p0, f, k) != pit) && pn != p0
        })
        .collect()
}

/// Whether `shape` can be built from what the solution does to the object.
pub fn feasible(shape: ShapeKind, summary: &ObjectSummary) -> bool {
    if !shape.fits(summary.kind, summary.command) {
        return false;
    }
    let moved = summary.displacement() != (0, 0);
    let turned = summary.net_turns() != 0;
    match shape {
        ShapeKind::Obstacle => moved && crossing(summary).is_some(),
        ShapeKind::PushThrough => moved && push_chain(summary).is_some(),
        ShapeKind::PlateReward => moved,
        ShapeKind::FireSlide => moved && !slide_facings(summary).is_empty(),
        ShapeKind::ClosedDoor => summary.commands.contains(&Command::Open),
        ShapeKind::MovingGate => summary.commands.contains(&Command::Stop),
        ShapeKind::Vault => summary.commands.iter().any(|c| matches!(c, Command::Open | Command::Stop)),
        ShapeKind::Bridge => summary.net_turns() % 2 == 1,
        ShapeKind::WindStatue | ShapeKind::FireRotate | ShapeKind::LeverReward => turned,
        ShapeKind::Idle => true,
    }
}

fn pick<T: Copy>(items: &[T], rng: &mut impl GenRng) -> T {
    items[rng.below(items.len())]
}

/// The shape around its object, or `None` when it can't be made.
fn stamp(summary: &ObjectSummary, shape: ShapeKind, rng: &mut impl GenRng) -> Option<Stamp> {
    if !feasible(shape, summary) {
        return None;
    }
    let origin = (0, 0);
    let pn = summary.displacement();
    let facing = pick(&Dir::ALL, rng);
    let net = summary.net_turns();
    let mut s = match shape {
        ShapeKind::Obstacle | ShapeKind::PushThrough | ShapeKind::PlateReward => {
            let element = (summary.kind == Kind::Statue).then_some(Element::Fire);
            let mut s = Stamp::new(summary, element, solved_state(summary, pn, facing));
            for c in lane(summary) {
                s.put(c, Ground::Floor);
            }
            match shape {
                ShapeKind::Obstacle => s.chain = crossing(summary)?,
                ShapeKind::PushThrough => s.chain = push_chain(summary)?,
                _ => {
                    s.put(pn, Ground::Plate);
                    s.header = Some((HeaderKind::Plate, pn, None));
                }
            }
            s
        }
        ShapeKind::FireSlide => {
            let f = pick(&slide_facings(summary), rng);
            let mut s = Stamp::new(summary, Some(Element::Fire), solved_state(summary, pn, f));
            for c in lane(summary) {
                s.put(c, Ground::Floor);
            }
            s.put(add(pn, f), Ground::Floor);
            let pit = add_n(pn, f, 2);
            s.put(pit, Ground::FirePit);
            s.header = Some((HeaderKind::Fire, pit, None));
            s
        }
        ShapeKind::ClosedDoor | ShapeKind::MovingGate => {
            let mut s = Stamp::new(summary, None, solved_state(summary, origin, Dir::Up));
            let u = pick(&[Dir::Right, Dir::Down], rng);
            s.put(origin, Ground::Floor);
            s.chain = vec![add(origin, u.opposite()), origin, add(origin, u)];
            // Walls either side make the door a doorway, not a post in a room.
            let side = across(u);
            s.put(add(origin, side), Ground::Wall);
            s.put(add(origin, side.opposite()), Ground::Wall);
            s
        }
        ShapeKind::Vault => {
            let mut s = Stamp::new(summary, None, solved_state(summary, origin, Dir::Up));
            let dv = facing;
            let key = add(origin, dv);
            s.put(origin, Ground::Floor);
            s.put(key, Ground::Floor);
            s.put(add(origin, dv.opposite()), Ground::Floor);
            for c in [add(key, dv), add(key, across(dv)), add(key, across(dv).opposite())] {
                s.put(c, Ground::Wall);
            }
            for c in [add(origin, across(dv)), add(origin, across(dv).opposite())] {
                s.put(c, Ground::Wall);
            }
            s.rewards.push(Reward { kind: RewardKind::Key, x: key.0, y: key.1, hidden: false });
            s
        }
        ShapeKind::Bridge => {
            // Solved, the plank lies along the way across the river; initially (an odd number
            // of quarter turns earlier) it lies along the river and joins nothing.
            let mut s = Stamp::new(summary, None, solved_state(summary, origin, facing));
            let before = if facing.is_vertical() { Dir::Up } else { Dir::Left };
            let after = before.opposite();
            s.chain = vec![
                add_n(origin, before, 2),
                add(origin, before),
                origin,
                add(origin, after),
                add_n(origin, after, 2),
            ];
            s.put(add_n(origin, before, 2), Ground::Floor);
            s.put(add_n(origin, after, 2), Ground::Floor);
            // A vertical plank spans a horizontal river (vertical = false) centred on row 0.
            s.river = Some((!facing.is_vertical(), 0));
            s
        }
        ShapeKind::WindStatue => {
            // Initially the wind blows across the way; solved, the statue faces a wall.
            let f0 = facing;
            let fn_ = f0.turned(net);
            let mut s = Stamp::new(summary, Some(Element::Wind), solved_state(summary, origin, fn_));
            let k = add(origin, f0);
            let u = across(f0);
            s.put(origin, Ground::Floor);
            s.put(k, Ground::Floor);
            s.put(add(origin, fn_), Ground::Wall);
            s.chain = vec![add(k, u.opposite()), k, add(k, u)];
            s
        }
        ShapeKind::FireRotate => {
            let mut s = Stamp::new(summary, Some(Element::Fire), solved_state(summary, origin, facing));
            s.put(origin, Ground::Floor);
            s.put(add(origin, facing), Ground::Floor);
            let pit = add_n(origin, facing, 2);
            s.put(pit, Ground::FirePit);
            s.header = Some((HeaderKind::Fire, pit, None));
            s
        }
        ShapeKind::LeverReward => {
            let mut s = Stamp::new(summary, None, solved_state(summary, origin, facing));
            s.put(origin, Ground::Floor);
            s.header = Some((HeaderKind::Lever, origin, Some(facing)));
            s
        }
        ShapeKind::Idle => {
            let element = (summary.kind == Kind::Statue).then_some(Element::Fire);
            let mut s = Stamp::new(summary, element, solved_state(summary, pn, facing));
            if summary.command == CommandKind::Move {
                for c in lane(summary) {
                    s.put(c, Ground::Floor);
                }
            } else if s.spec.is_plank() {
                // A plank idles in a pond it can turn in.
                s.put(origin, Ground::Water);
                for d in Dir::ALL {
                    s.put(add(origin, d), Ground::Water);
                }
            } else {
                s.put(origin, Ground::Floor);
            }
            s
        }
    };
    // Tiles under the object in both states are reserved too.
    let initial = reverse(&summary.commands, s.solved);
    for state in [initial, s.solved] {
        for c in s.spec.cells(&state) {
            if !s.has(c) {
                s.put(c, if s.spec.is_plank() { Ground::Water } else { Ground::Floor });
            }
        }
    }
    for &c in &s.chain.clone() {
        if !s.has(c) {
            s.put(c, Ground::Floor);
        }
    }
    Some(s)
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
        let initial = reverse(&summary.commands, st.solved);
        // Bounding box of everything the stamp fixes.
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
        let shift = |(x, y): Cell| (x - x0 + 1 + ml, y - y0 + 1 + mt);
        let mut world = World::empty(w, h);
        let mut reserved = vec![false; (w * h) as usize];
        for y in 0..h {
            for x in 0..w {
                if x == 0 || y == 0 || x == w - 1 || y == h - 1 {
                    world.set_ground((x, y), Ground::Wall);
                    reserved[(y * w + x) as usize] = true;
                }
            }
        }
        let mut river = None;
        if let Some((vertical, line)) = st.river {
            // Three tiles wide, wall to wall.
            let centre = if vertical { shift((line, 0)).0 } else { shift((0, line)).1 };
            for k in centre - 1..=centre + 1 {
                for t in 1..(if vertical { h } else { w }) - 1 {
                    let c = if vertical { (k, t) } else { (t, k) };
                    world.set_ground(c, Ground::Water);
                    reserved[(c.1 * w + c.0) as usize] = true;
                }
            }
            river = Some((vertical, centre - 1, centre + 1));
        }
        for &(c, g) in &st.ground {
            let c = shift(c);
            world.set_ground(c, g);
            reserved[(c.1 * w + c.0) as usize] = true;
        }
        let mut spec = st.spec.clone();
        let mut solved = st.solved;
        solved.pos = shift(solved.pos);
        let mut initial = initial;
        initial.pos = shift(initial.pos);
        spec.start = initial;
        world.add_object(spec);
        for r in &st.rewards {
            let (x, y) = shift((r.x, r.y));
            world.rewards.push(Reward { x, y, ..*r });
        }
        if let Some((kind, c, facing)) = st.header {
            let (x, y) = shift(c);
            let reveals = Vec::new();
            world.headers.push(Header { kind, x, y, object: summary.name.clone(), facing, reveals });
        }
        let chain: Vec<Cell> = st.chain.iter().map(|&c| shift(c)).collect();
        let placeholder = Door { cell: (0, 0), inside: (0, 0), edge: Edge::Left };
        let mut map = MiniMap {
            world,
            initial,
            solved,
            reserved,
            chain,
            en: placeholder,
            ex: placeholder,
            shape,
            prize: if shape.wants_prize() { prize.or(Some(Prize::Key)) } else { None },
            commands: summary.commands.clone(),
            river,
            maze_open: false,
            prize_fallback: false,
        };
        map.en = map.choose_door(&[Edge::Left, Edge::Top], true, rng)?;
        map.ex = map.choose_door(&[Edge::Right, Edge::Bottom], false, rng)?;
        map.world.entry = map.en.cell;
        map.world.exit = map.ex.cell;
        for d in [map.en, map.ex] {
            for c in [d.cell, d.inside] {
                map.world.set_ground(c, Ground::Floor);
                let i = map.world.index(c);
                map.reserved[i] = true;
            }
        }
        Some(map)
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
    pub fn world_cell(&self, i: usize) -> Cell {
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
    pub fn solved_ok(&mut self) -> bool {
        self.set(Moment::Solved);
        self.world.reach().all()
    }

    /// Initial: the exit can't be reached from the entry.
    pub fn initially_blocked(&mut self) -> bool {
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
