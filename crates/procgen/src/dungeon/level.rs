//! The generated dungeon as plain data: the tile grid, zones, rooms, doors, the puzzle tree, and
//! everything the game spawns. This is the whole contract with the game mode: nothing it needs
//! to play a dungeon lives anywhere else.
//!
//! Coordinates are tiles: `(x, y)` = (column, row) from the top-left corner, serialized `[x, y]`.
//!
//! How a dungeon plays, in terms of these types:
//! - The player starts on [`Dungeon::player_start`] in zone 0 and walks on every tile whose
//!   [`Tile::walkable`] is true. [`Tile::Gate`] and [`Tile::LockedDoor`] block until opened.
//! - Every [`Node`] is a puzzle in its room. It *needs* what its children *give*: the items in
//!   [`Node::needs_items`] (carried there and handed over) and the switches in
//!   [`Node::needs_switches`] (thrown anywhere). Each item and switch fits exactly one node, its
//!   giver's parent; items are never lost, switches never un-throw, so progress only grows and
//!   no order of play can soft-lock.
//! - Where needs are met depends on the node: a fetch, lever or crate puzzle with needs stands in
//!   a *pen* ([`Node::pen`], gate tiles): its items are handed over by touching a gate tile, and
//!   the pen opens once every item is in and every switch thrown. A station or guard takes its
//!   items itself. The finish's table takes its items; if it also needs switches it stands in a
//!   pen that opens when they are thrown. A bridge node's needs (items handed over at its locked
//!   door, switches) open its door.
//! - Using a node once its needs are met: walk onto a fetch puzzle's item; throw a lever; push the
//!   crate onto its plate; the station hands over its dish; the guard walks off from the item he
//!   guarded; the bridge's door opens; the table clears the dungeon (see [`ObjectKind`]).
//! - [`Food`] scores, a [`Hazard`] costs a life; the par ([`Dungeon::par_seconds`]) comes from
//!   the witness walk.
//! - Solving a node hands its [`Gives`] to its parent; solving the root (the finish) clears the
//!   dungeon. [`Dungeon::solution`] is one order that works (the witness).

use serde::Serialize;

use crate::food::FoodKind;

use super::themes::Mechanic;

/// A tile position: (x = column, y = row) from the top-left. Serializes as `[x, y]`.
pub type Cell = (usize, usize);

/// A rectangle of tiles: columns `x .. x + w`, rows `y .. y + h`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Rect {
    pub x: usize,
    pub y: usize,
    pub w: usize,
    pub h: usize,
}

impl Rect {
    /// Whether `cell` lies inside.
    pub fn contains(&self, (x, y): Cell) -> bool {
        x >= self.x && x < self.x + self.w && y >= self.y && y < self.y + self.h
    }

    /// The last column inside (the rectangle must not be empty).
    pub fn right(&self) -> usize {
        self.x + self.w - 1
    }

    /// The last row inside (the rectangle must not be empty).
    pub fn bottom(&self) -> usize {
        self.y + self.h - 1
    }

    /// Every cell, row by row.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        (self.y..self.y + self.h).flat_map(move |y| (self.x..self.x + self.w).map(move |x| (x, y)))
    }

    /// The rectangle shrunk by `by` on every side (empty sides clamp to 0).
    pub fn shrink(&self, by: usize) -> Rect {
        Rect { x: self.x + by, y: self.y + by, w: self.w.saturating_sub(2 * by), h: self.h.saturating_sub(2 * by) }
    }
}

/// What one tile of the grid is. Rows show each as one character ([`Tile::glyph`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
#[repr(u8)]
pub enum Tile {
    /// `#` solid rock.
    Wall,
    /// `.` a room's floor.
    Floor,
    /// `,` a corridor: floor that leads from a room's body to one of its doors (it belongs to
    /// that room).
    Corridor,
    /// `_` floor with a themed pattern (a rug, tiles): walkable, cosmetic.
    Decor,
    /// `O` a solid pillar or shelf that dresses a filler room (never next to another pillar).
    Pillar,
    /// `+` an open doorway between two rooms.
    Door,
    /// `L` a bridge's locked door into the next zone; opens when its bridge node is solved.
    LockedDoor,
    /// `=` a gate (pen bars) around a puzzle's objective; opens when its node's needs are met.
    Gate,
}

impl Tile {
    /// The character rows use for the tile.
    pub const fn glyph(self) -> char {
        match self {
            Tile::Wall => '#',
            Tile::Floor => '.',
            Tile::Corridor => ',',
            Tile::Decor => '_',
            Tile::Pillar => 'O',
            Tile::Door => '+',
            Tile::LockedDoor => 'L',
            Tile::Gate => '=',
        }
    }

    /// Walkable as generated: floor, corridor, decor and open doors (not gates or locked doors,
    /// which open during play, nor walls and pillars).
    pub const fn walkable(self) -> bool {
        matches!(self, Tile::Floor | Tile::Corridor | Tile::Decor | Tile::Door)
    }
}

/// How a zone's rooms are shaped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Style {
    /// Rectangular chambers in a binary space partition, joined by corridors.
    Rooms,
    /// Random-walk caves smoothed by cellular automata, in the same partition.
    Caves,
}

/// One themed zone, in visiting order (zone 0 holds the start).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Zone {
    pub id: usize,
    /// The theme's id in `themes.ron`.
    pub theme: String,
    /// The theme's colour (RGB), for tinting the zone's floors.
    pub colour: (u8, u8, u8),
    pub style: Style,
    /// Rooms that count toward the zone (its bridge room does not).
    pub rooms: usize,
    /// Puzzle slots: ⌊rooms / 2⌋, the start and the finish included.
    pub slots: usize,
    /// The zone's rectangle, its outer walls included.
    pub region: Rect,
    /// The bridge room leading out of this zone into the next (none for the last zone).
    pub bridge_room: Option<usize>,
    /// The bridge node whose solving opens this zone (none for zone 0).
    pub opened_by: Option<usize>,
}

/// What a room is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RoomKind {
    Start,
    Finish,
    Puzzle,
    Bridge,
    Filler,
}

impl RoomKind {
    /// The name the JSON uses.
    pub const fn name(self) -> &'static str {
        match self {
            RoomKind::Start => "start",
            RoomKind::Finish => "finish",
            RoomKind::Puzzle => "puzzle",
            RoomKind::Bridge => "bridge",
            RoomKind::Filler => "filler",
        }
    }
}

/// How a room was carved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RoomShape {
    /// A rectangular chamber; `rect` is its floor.
    Chamber,
    /// A cave; `rect` is the bounding box of its body (corridors left out).
    Cave,
    /// A bridge room between two zones; `rect` is its floor.
    Bridge,
}

/// A compass direction; a bridge leads east (east–west bridge) or south (north–south bridge).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Direction {
    East,
    South,
}

/// One room. Rooms of a zone come first in id order, then that zone's bridge room.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Room {
    pub id: usize,
    /// For a bridge room, the zone it leads *from*.
    pub zone: usize,
    pub kind: RoomKind,
    pub shape: RoomShape,
    /// The room's body: a chamber's floor, a cave's bounding box, a bridge's floor.
    pub rect: Rect,
    /// Where puzzle objects, pillars and hazards stand. Every body tile around it (a ring one tile
    /// wide) is plain floor, so the doors stay joined whatever stands on the stage.
    pub stage: Rect,
    /// The prefab (themed dressing) from `themes.ron`, of the zone's theme.
    pub prefab: String,
    /// The node that lives here, if any (filler rooms have none).
    pub node: Option<usize>,
    /// Every tile of the room that is not wall (floor, corridor, decor, pillars, gates), row by row.
    pub cells: Vec<Cell>,
    /// A bridge room's way into the next zone.
    pub direction: Option<Direction>,
}

/// A doorway between two rooms: one tile in the wall between them.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Door {
    pub a: usize,
    pub b: usize,
    pub cell: Cell,
    /// For a bridge's locked door (`a` the bridge room, `b` the next zone's room), the bridge
    /// node that opens it.
    pub locked_by: Option<usize>,
}

/// The role of a node in the puzzle tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum NodeRole {
    /// The root: the feast table that clears the dungeon.
    Finish,
    Puzzle,
    /// Opens a locked door into its zone.
    Bridge,
    /// The start room: a leaf, solved first (its item or lever is beside the player).
    Start,
}

impl NodeRole {
    /// The name the JSON uses.
    pub const fn name(self) -> &'static str {
        match self {
            NodeRole::Finish => "finish",
            NodeRole::Puzzle => "puzzle",
            NodeRole::Bridge => "bridge",
            NodeRole::Start => "start",
        }
    }
}

/// What solving a node hands to its parent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Gives {
    /// An item (index into [`Dungeon::items`]) that the parent consumes.
    Item(usize),
    /// A switch (index into [`Dungeon::switches`]) thrown for the parent. A bridge node's
    /// switch is thrown when its locked door opens.
    Switch(usize),
    /// The finish: the dungeon is cleared.
    Clear,
}

/// One puzzle in the tree.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Node {
    pub id: usize,
    /// The zone the node belongs to; for a bridge node, the zone it opens.
    pub zone: usize,
    pub room: usize,
    pub role: NodeRole,
    /// The puzzle kind's id in `themes.ron` (a theme's puzzle, or its start, finish or bridge).
    pub puzzle: String,
    /// The kind's display name.
    pub title: String,
    /// How it is played; a bridge node is a [`Mechanic::Door`], the finish a [`Mechanic::Feast`].
    pub mechanic: Mechanic,
    pub parent: Option<usize>,
    /// In the order the tree grew them.
    pub children: Vec<usize>,
    pub gives: Gives,
    /// Items handed over (the children's items): at the pen's gate for a penned fetch, lever or
    /// crate puzzle; to the station, guard or table; at a bridge's locked door.
    pub needs_items: Vec<usize>,
    /// Switches that must be thrown (the children's switches).
    pub needs_switches: Vec<usize>,
    /// Where the mechanic happens: the item, lever, plate, station, guard or table; a bridge's
    /// locked door; the start's player tile.
    pub objective: Cell,
    /// Gate tiles around the objective: for a fetch, lever or crate puzzle with any needs, and for
    /// the finish when it needs switches; empty otherwise (a bridge's door is its gate). They open
    /// together, once the node's needs are met.
    pub pen: Vec<Cell>,
}

/// Where an item is first seen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ItemSource {
    /// Lying on `cell` from the start (a fetch puzzle's ingredient, the start's item): picked up
    /// by walking onto it.
    Floor,
    /// Handed over by the station on `cell` once it has its ingredients.
    Station,
    /// Lying on `cell` under a guard, uncovered when he has eaten and walked off.
    Guard,
}

/// An item: carried, never lost, fits exactly one consumer.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Item {
    pub id: usize,
    pub name: String,
    /// The node whose solving produces it.
    pub giver: usize,
    /// The node that takes it (the giver's parent).
    pub consumer: usize,
    pub cell: Cell,
    pub source: ItemSource,
}

/// A switch: thrown once, stays thrown.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Switch {
    pub id: usize,
    pub name: String,
    /// The lever, plate, start lever or bridge node that throws it.
    pub giver: usize,
    /// The node it opens: that node's pen, or a bridge's locked door (the giver's parent).
    pub opens: usize,
}

/// An object the game spawns for a node (items are listed in [`Dungeon::items`] instead).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Object {
    pub node: usize,
    pub cell: Cell,
    /// The theme's name for it ("ice lever", "flour sack").
    pub name: String,
    pub kind: ObjectKind,
}

/// The objects, and how the game plays each one. Solid objects block walking; the player uses
/// them from a neighbouring tile.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ObjectKind {
    /// Solid. Throwing it (once the node's pen is open) throws `switch`.
    Lever { switch: usize },
    /// Solid and pushable, starting on `cell`; it returns there whenever the player leaves the
    /// room. Standing on `push_from` and pushing towards `plate` (a straight line, nothing in the
    /// way once the pen is open) lands it on the plate.
    Crate { plate: Cell, push_from: Cell },
    /// Walkable. A crate resting on it throws `switch`, which then stays thrown.
    Plate { switch: usize },
    /// Solid. Takes the node's `needs_items`; with all of them it hands over item `makes`.
    Station { makes: usize },
    /// Solid. Takes item `wants`, then walks off, uncovering item `guards` on his tile.
    Guard { wants: usize, guards: usize },
    /// Solid: the finish. Takes the root's `needs_items`; with every need met, the dungeon is
    /// cleared.
    Table,
}

/// A food pickup, for score.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Food {
    pub cell: Cell,
    pub kind: FoodKind,
    pub room: usize,
}

/// A hazard tile: stepping on it costs a life. It never blocks the only way anywhere.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Hazard {
    pub cell: Cell,
    pub name: String,
    pub room: usize,
}

/// A generated dungeon.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Dungeon {
    /// The dungeon number K (from 1).
    pub dungeon: u32,
    pub width: usize,
    pub height: usize,
    /// Row-major, `width × height`.
    pub tiles: Vec<Tile>,
    pub zones: Vec<Zone>,
    pub rooms: Vec<Room>,
    pub doors: Vec<Door>,
    /// The puzzle tree; node 0 is the root (the finish).
    pub nodes: Vec<Node>,
    pub items: Vec<Item>,
    pub switches: Vec<Switch>,
    pub objects: Vec<Object>,
    pub food: Vec<Food>,
    pub hazards: Vec<Hazard>,
    pub player_start: Cell,
    /// The finish's table.
    pub finish: Cell,
    /// The witness: node ids in an order a player can solve them.
    pub solution: Vec<usize>,
    /// Tiles walked when following the witness by shortest paths.
    pub walk_tiles: usize,
    /// Par time in whole seconds, from the witness walk (see `tuning.ron`).
    pub par_seconds: u32,
    /// Lives at the start.
    pub lives: u32,
    /// The player's walking speed the par assumes, tiles / s.
    pub player_speed: f32,
    /// Layout attempts thrown away before this one (0 in practice; bounded by the tuning).
    pub retries: u32,
}

impl Dungeon {
    /// The tile at `(x, y)`; outside the grid reads as wall.
    pub fn tile(&self, (x, y): Cell) -> Tile {
        if x < self.width && y < self.height { self.tiles[y * self.width + x] } else { Tile::Wall }
    }

    /// The grid as text, top to bottom, one [`Tile::glyph`] per tile.
    pub fn rows(&self) -> Vec<String> {
        self.tiles.chunks(self.width.max(1)).map(|row| row.iter().map(|t| t.glyph()).collect()).collect()
    }

    /// The start node.
    pub fn start_node(&self) -> Option<&Node> {
        self.nodes.iter().find(|n| n.role == NodeRole::Start)
    }
}
