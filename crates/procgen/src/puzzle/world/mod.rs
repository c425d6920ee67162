//! The puzzle world: the ground, the named objects and their state, the rewards and the headers
//! that reveal them, and everything derived from them (where the player can walk, which fire
//! pits burn, where the wind blows). The interpreter, the generator, the solvability check and
//! the pictures all read the world through these few functions, so they can't disagree.
//!
//! Rules (the semantics table of issue #13):
//! - a block or statue that `move`s goes one tile if that tile is floor or a plate with nothing
//!   on it; otherwise it stays (not an error);
//! - a block that `rotate`s is a plank three tiles long around its centre, walkable, laid over
//!   water: facing up/down it lies vertically, left/right horizontally;
//! - a statue blows along its facing up to [`REACH`] tiles, over open ground and water, stopped
//!   by walls and solid objects: fire lights the first fire pit it meets, wind makes the open
//!   tiles it crosses impassable (a gust you can't walk against);
//! - a closed door, a moving gate, a block, a statue and a lever are solid; an open door and a
//!   stopped gate can be walked through;
//! - a plate is pressed while a block or statue stands on it; a lever header is active while
//!   its lever faces the header's direction; a fire header while its pit burns. An active header
//!   reveals its rewards (a hidden key, a secret door, the scroll behind it).

use serde::{Deserialize, Serialize};

use crate::puzzle::ast::{Command, CommandKind, Dir, RelPos};

mod rules;

/// A tile: (x = column, y = row) from the top-left. Signed so offsets need no casts; serializes
/// as `[x, y]`.
pub type Cell = (i32, i32);

/// How far a statue's fire or wind reaches, in tiles.
pub const REACH: i32 = 3;

/// The ground layer: what stays put.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Ground {
    /// Outside the level (or, while generating, not decided yet).
    Void,
    Wall,
    Floor,
    /// Impassable unless a plank lies over it.
    Water,
    /// Pressed while a block or statue stands on it.
    Plate,
    /// A brazier a fire statue can light. Not walkable.
    FirePit,
    /// The player's start, on the level's edge.
    Entry,
    Exit,
    /// The tile where the code panel opens.
    Coding,
    /// A wall that opens once its `door` reward is revealed.
    SecretDoor,
}

impl Ground {
    /// The character in the `ground` rows (the static layer of a level file).
    pub const fn symbol(self) -> char {
        match self {
            Ground::Void => ' ',
            Ground::Wall => '#',
            Ground::Floor => '.',
            Ground::Water => '~',
            Ground::Plate => '_',
            Ground::FirePit => 'o',
            Ground::Entry => '@',
            Ground::Exit => 'X',
            Ground::Coding => 'C',
            Ground::SecretDoor => '+',
        }
    }

    pub fn from_symbol(c: char) -> Option<Ground> {
        Ground::ALL.into_iter().find(|g| g.symbol() == c)
    }

    pub const ALL: [Ground; 10] = [
        Ground::Void,
        Ground::Wall,
        Ground::Floor,
        Ground::Water,
        Ground::Plate,
        Ground::FirePit,
        Ground::Entry,
        Ground::Exit,
        Ground::Coding,
        Ground::SecretDoor,
    ];

    /// Ground the player can stand on when nothing is in the way.
    pub const fn open(self) -> bool {
        matches!(self, Ground::Floor | Ground::Plate | Ground::Entry | Ground::Exit | Ground::Coding)
    }

    /// Ground a block or statue can be moved onto.
    pub(crate) const fn takes_objects(self) -> bool {
        matches!(self, Ground::Floor | Ground::Plate)
    }

    /// Ground fire and wind pass over.
    pub(crate) const fn lets_air_through(self) -> bool {
        self.open() || matches!(self, Ground::Water)
    }
}

/// What an object is: its name without the trailing digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    Block,
    Statue,
    Door,
    Gate,
    Lever,
}

impl Kind {
    pub const ALL: [Kind; 5] = [Kind::Block, Kind::Statue, Kind::Door, Kind::Gate, Kind::Lever];

    pub const fn name(self) -> &'static str {
        match self {
            Kind::Block => "block",
            Kind::Statue => "statue",
            Kind::Door => "door",
            Kind::Gate => "gate",
            Kind::Lever => "lever",
        }
    }

    /// The kind of an object's name (`block12` → block), if the name is a kind and digits.
    pub fn of_name(name: &str) -> Option<Kind> {
        let stem = name.trim_end_matches(|c: char| c.is_ascii_digit());
        Kind::ALL.into_iter().find(|k| k.name() == stem)
    }

    /// The command types this kind can take (a level gives each object exactly one of them).
    pub const fn commands(self) -> &'static [CommandKind] {
        match self {
            Kind::Block => &[CommandKind::Move, CommandKind::Rotate],
            Kind::Statue => &[CommandKind::Rotate, CommandKind::Move],
            Kind::Door => &[CommandKind::Open],
            Kind::Gate => &[CommandKind::Stop],
            Kind::Lever => &[CommandKind::Rotate],
        }
    }
}

/// What a statue blows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Element {
    Fire,
    Wind,
}

/// The part of an object that commands change.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ObjectState {
    pub pos: Cell,
    pub facing: Dir,
    /// A gate moves until it is stopped (false for every other kind).
    pub moving: bool,
    /// A door is open once opened (false for every other kind).
    pub open: bool,
}

/// A named object: what it is, the one command type it takes, and how it starts.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ObjectSpec {
    pub name: String,
    pub kind: Kind,
    pub command: CommandKind,
    /// Statues only.
    pub element: Option<Element>,
    pub start: ObjectState,
    /// The tile its `position` is read from (issue #32): its start tile, except in a level's
    /// variant worlds, where an object may start a tile or two off its mark.
    pub home: Cell,
}

impl ObjectSpec {
    /// A block that rotates is a plank (walkable, over water).
    pub fn is_plank(&self) -> bool {
        self.kind == Kind::Block && self.command == CommandKind::Rotate
    }

    /// Whether the object blocks the player (and other objects) in `state`.
    pub fn solid(&self, state: &ObjectState) -> bool {
        match self.kind {
            Kind::Block => !self.is_plank(),
            Kind::Statue | Kind::Lever => true,
            Kind::Door => !state.open,
            Kind::Gate => state.moving,
        }
    }

    /// The tiles the object covers: its own, or a plank's three.
    pub fn cells(&self, state: &ObjectState) -> Vec<Cell> {
        if self.is_plank() {
            let (dx, dy) = state.facing.delta();
            let (x, y) = state.pos;
            vec![(x - dx, y - dy), (x, y), (x + dx, y + dy)]
        } else {
            vec![state.pos]
        }
    }

    /// The `position` attribute in `state`: where it stands from its mark ([`ObjectSpec::home`]).
    pub fn position(&self, state: &ObjectState) -> RelPos {
        RelPos::from_offset(state.pos.0 - self.home.0, state.pos.1 - self.home.1)
    }
}

/// The kinds of reward.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RewardKind {
    Key,
    /// A secret door in a wall (its tile is [`Ground::SecretDoor`]).
    Door,
    /// The manuscript behind a secret door.
    Scroll,
}

/// A reward: shown from the start (`hidden: false`, e.g. a key behind a closed door) or
/// revealed by a header.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Reward {
    pub kind: RewardKind,
    pub x: i32,
    pub y: i32,
    pub hidden: bool,
}

/// What activates a header.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum HeaderKind {
    Plate,
    Fire,
    Lever,
}

/// The paper's header: a plate, fire pit or lever, the object meant to activate it, and the
/// rewards it reveals (indices into the level's rewards).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Header {
    pub kind: HeaderKind,
    /// The plate's or pit's tile; a lever's own tile.
    pub x: i32,
    pub y: i32,
    pub object: String,
    /// A lever header is active while the lever faces this way.
    pub facing: Option<Dir>,
    pub reveals: Vec<usize>,
}

/// Everything a level is made of, in one flat structure the interpreter mutates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct World {
    pub width: i32,
    pub height: i32,
    /// Row-major, `width * height`.
    pub ground: Vec<Ground>,
    pub objects: Vec<ObjectSpec>,
    pub states: Vec<ObjectState>,
    pub rewards: Vec<Reward>,
    pub headers: Vec<Header>,
    pub entry: Cell,
    pub exit: Cell,
}

/// What the world looks like at one moment: derived from the ground and object states.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    /// Row-major: can the player stand here?
    pub walkable: Vec<bool>,
    /// Row-major: wind blows here.
    pub gust: Vec<bool>,
    /// Row-major: a fire pit burns here.
    pub lit: Vec<bool>,
    /// Per header: active.
    pub active: Vec<bool>,
    /// Per reward: revealed.
    pub revealed: Vec<bool>,
}

impl World {
    /// A world of `width × height` void tiles and nothing else.
    pub fn empty(width: i32, height: i32) -> World {
        let (w, h) = (width.max(0), height.max(0));
        World {
            width: w,
            height: h,
            ground: vec![Ground::Void; (w * h) as usize],
            objects: Vec::new(),
            states: Vec::new(),
            rewards: Vec::new(),
            headers: Vec::new(),
            entry: (0, 0),
            exit: (0, 0),
        }
    }

    pub fn contains(&self, (x, y): Cell) -> bool {
        x >= 0 && y >= 0 && x < self.width && y < self.height
    }

    /// Row-major index of a tile inside the world.
    pub fn index(&self, (x, y): Cell) -> usize {
        (y * self.width + x) as usize
    }

    /// The ground at a tile; outside the world reads as void.
    pub fn ground_at(&self, c: Cell) -> Ground {
        if self.contains(c) { self.ground[self.index(c)] } else { Ground::Void }
    }

    pub fn set_ground(&mut self, c: Cell, g: Ground) {
        if self.contains(c) {
            let i = self.index(c);
            self.ground[i] = g;
        }
    }

    /// Adds an object in its start state; returns its index.
    pub fn add_object(&mut self, spec: ObjectSpec) -> usize {
        self.states.push(spec.start);
        self.objects.push(spec);
        self.objects.len() - 1
    }

    /// Removes outer rows and columns of wall or void while the next one in is wall or void
    /// too, so one wall border stays; everything moves along. Returns the shift applied to
    /// every position (0 or negative).
    pub fn trim(&mut self) -> (i32, i32) {
        let (w, h) = (self.width, self.height);
        let solid = |g: Ground| matches!(g, Ground::Wall | Ground::Void);
        let row = |y: i32| (0..w).all(|x| solid(self.ground_at((x, y))));
        let col = |x: i32| (0..h).all(|y| solid(self.ground_at((x, y))));
        let (mut top, mut bottom, mut left, mut right) = (0, h - 1, 0, w - 1);
        while top + 2 < bottom && row(top) && row(top + 1) {
            top += 1;
        }
        while bottom - 2 > top && row(bottom) && row(bottom - 1) {
            bottom -= 1;
        }
        while left + 2 < right && col(left) && col(left + 1) {
            left += 1;
        }
        while right - 2 > left && col(right) && col(right - 1) {
            right -= 1;
        }
        let (nw, nh) = (right - left + 1, bottom - top + 1);
        if (nw, nh) == (w, h) {
            return (0, 0);
        }
        let mut ground = Vec::with_capacity((nw * nh) as usize);
        for y in top..=bottom {
            for x in left..=right {
                ground.push(self.ground_at((x, y)));
            }
        }
        let shift = |(x, y): Cell| (x - left, y - top);
        self.ground = ground;
        self.width = nw;
        self.height = nh;
        for o in &mut self.objects {
            o.start.pos = shift(o.start.pos);
            o.home = shift(o.home);
        }
        for s in &mut self.states {
            s.pos = shift(s.pos);
        }
        for r in &mut self.rewards {
            (r.x, r.y) = shift((r.x, r.y));
        }
        for hd in &mut self.headers {
            (hd.x, hd.y) = shift((hd.x, hd.y));
        }
        self.entry = shift(self.entry);
        self.exit = shift(self.exit);
        (-left, -top)
    }

    /// Puts every object back in its start state (a wrong run resets the level).
    pub fn reset(&mut self) {
        self.states = self.objects.iter().map(|o| o.start).collect();
    }

    /// The index of the object called `name`.
    pub fn find(&self, name: &str) -> Option<usize> {
        self.objects.iter().position(|o| o.name == name)
    }

    /// The object covering tile `c`, if any (the first, should two overlap).
    pub fn object_at(&self, c: Cell) -> Option<usize> {
        (0..self.objects.len()).find(|&i| self.objects[i].cells(&self.states[i]).contains(&c))
    }
}

/// An object's character in the map rows.
pub(crate) fn object_symbol(spec: &ObjectSpec, state: &ObjectState) -> char {
    match spec.kind {
        Kind::Block if spec.is_plank() => '=',
        Kind::Block => 'B',
        Kind::Statue if spec.element == Some(Element::Wind) => 'W',
        Kind::Statue => 'F',
        Kind::Door if state.open => 'd',
        Kind::Door => 'D',
        Kind::Gate if state.moving => 'G',
        Kind::Gate => 'g',
        Kind::Lever => 'L',
    }
}

/// Whether the player can reach the exit and each reward.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reach {
    pub exit: bool,
    pub rewards: Vec<bool>,
}

impl Reach {
    /// The paper's "working code": the exit and every reward reached.
    pub fn all(&self) -> bool {
        self.exit && self.rewards.iter().all(|&r| r)
    }
}
