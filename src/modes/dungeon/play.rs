//! The dungeon's puzzles as plain state: what is held, handed over, thrown, opened, pushed and
//! eaten, and the rules that change it. No Bevy here, so every mechanic is unit-tested; the
//! systems feed it the player's steps and touches and turn its [`Event`]s into sounds, banners
//! and hints.
//!
//! The rules follow procgen's `dungeon::level` docs: items are never lost and switches never
//! un-throw, so progress only grows; pens and bridge doors open by themselves once their node's
//! needs are met (items are handed over by touching their bars or door); crates go back to where
//! they started whenever the player leaves their room, unless they rest on their plate.

use std::collections::BTreeMap;

use seedfeast_procgen::dungeon::{Cell, Dungeon, ItemSource, Mechanic, NodeRole, ObjectKind, Tile};

use crate::grid_move::{Dir, step};

/// Something that happened, for sounds, banners, hints and the score.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// An item went into the bag (picked up, or handed over by a station).
    Picked(usize),
    /// Items handed over to their consumer.
    Handed(Vec<usize>),
    /// A switch was thrown (a lever, a plate, a bridge's door).
    Thrown(usize),
    /// A crate (object index) moved one tile.
    Pushed(usize),
    /// A crate went back to its start: the player left its room.
    Reset(usize),
    /// A pen's bars opened (node).
    PenOpened(usize),
    /// A bridge's locked door opened (node), letting the player into `zone`.
    DoorOpened { node: usize, zone: usize },
    /// A guard (node) took his dish and stepped aside.
    Fed(usize),
    /// A station (node) made its dish.
    Cooked(usize),
    /// A node's puzzle is done.
    Solved(usize),
    /// The player walked into a room for the first time.
    Discovered(usize),
    /// The player walked into a zone for the first time.
    EnteredZone(usize),
    /// A piece of food (index into the dungeon's food) was eaten.
    Ate(usize),
    /// What a touched puzzle still needs, or what it is.
    Hint(String),
    /// The feast is served: the dungeon is cleared.
    Cleared,
    /// The player stepped on a hazard (index).
    Hurt(usize),
    /// Quick travel took the player to a zone's entrance.
    Travelled(usize),
}

/// One dungeon being played.
#[derive(Clone, Debug)]
pub struct Play {
    pub dungeon: Dungeon,
    /// The room of each tile (doors and walls have none), row-major.
    room_at: Vec<Option<usize>>,
    /// Gate tile → the node whose pen it bars.
    gate_of: BTreeMap<Cell, usize>,
    /// Locked door tile → its bridge node.
    door_of: BTreeMap<Cell, usize>,
    /// Objects that never move (everything but crates), by tile.
    object_at: BTreeMap<Cell, usize>,
    /// Items that lie on the floor at some point (floor and guard items), by tile.
    item_at: BTreeMap<Cell, usize>,
    hazard_at: BTreeMap<Cell, usize>,
    food_at: BTreeMap<Cell, usize>,
    /// The crates (object indices).
    crates: Vec<usize>,
    /// Where each object stands now (only crates move).
    pub object_cell: Vec<Cell>,
    /// Per crate object: it rests on its plate for good.
    pub on_plate: Vec<bool>,
    /// Per item: it has left its source (picked up or handed over by a station).
    pub taken: Vec<bool>,
    /// Per item: handed over to its consumer.
    pub delivered: Vec<bool>,
    /// Per switch: thrown.
    pub thrown: Vec<bool>,
    /// Per node: its puzzle is done.
    pub solved: Vec<bool>,
    /// Per node: its pen's bars or its bridge's door are open.
    pub open: Vec<bool>,
    /// Per node: its guard has eaten.
    pub fed: Vec<bool>,
    /// Per room: the player has been in it.
    pub visited: Vec<bool>,
    /// Per zone: the player has been in it.
    pub entered: Vec<bool>,
    /// Per food: eaten.
    pub eaten: Vec<bool>,
    /// The bag: items held, in the order they were picked up.
    pub held: Vec<usize>,
    /// The room the player is in (the last one, while on a doorway).
    pub room: Option<usize>,
    pub cleared: bool,
}

impl Play {
    /// The dungeon as generated, with the player on its start.
    pub fn new(dungeon: Dungeon) -> Play {
        let d = &dungeon;
        let mut room_at = vec![None; d.width * d.height];
        for room in &d.rooms {
            for &(x, y) in &room.cells {
                room_at[y * d.width + x] = Some(room.id);
            }
        }
        let mut gate_of = BTreeMap::new();
        let mut door_of = BTreeMap::new();
        for node in &d.nodes {
            for &g in &node.pen {
                gate_of.insert(g, node.id);
            }
            if node.role == NodeRole::Bridge {
                door_of.insert(node.objective, node.id);
            }
        }
        let object_at = d
            .objects
            .iter()
            .enumerate()
            .filter(|(_, o)| !matches!(o.kind, ObjectKind::Crate { .. }))
            .map(|(i, o)| (o.cell, i))
            .collect();
        let item_at = d.items.iter().filter(|i| i.source != ItemSource::Station).map(|i| (i.cell, i.id)).collect();
        let crates = (0..d.objects.len()).filter(|&i| matches!(d.objects[i].kind, ObjectKind::Crate { .. })).collect();
        let hazard_at = d.hazards.iter().enumerate().map(|(i, h)| (h.cell, i)).collect();
        let food_at = d.food.iter().enumerate().map(|(i, f)| (f.cell, i)).collect();
        let mut play = Play {
            room_at,
            gate_of,
            door_of,
            object_at,
            item_at,
            hazard_at,
            food_at,
            crates,
            object_cell: d.objects.iter().map(|o| o.cell).collect(),
            on_plate: vec![false; d.objects.len()],
            taken: vec![false; d.items.len()],
            delivered: vec![false; d.items.len()],
            thrown: vec![false; d.switches.len()],
            solved: vec![false; d.nodes.len()],
            open: vec![false; d.nodes.len()],
            fed: vec![false; d.nodes.len()],
            visited: vec![false; d.rooms.len()],
            entered: vec![false; d.zones.len()],
            eaten: vec![false; d.food.len()],
            held: Vec::new(),
            room: None,
            cleared: false,
            dungeon,
        };
        let start = play.dungeon.player_start;
        play.arrive(start, &mut Vec::new());
        play
    }

    fn index(&self, (x, y): Cell) -> Option<usize> {
        (x < self.dungeon.width && y < self.dungeon.height).then_some(y * self.dungeon.width + x)
    }

    /// The room a tile belongs to (none for doors and walls).
    pub(crate) fn room_of(&self, cell: Cell) -> Option<usize> {
        self.index(cell).and_then(|i| self.room_at[i])
    }

    /// The zone the player counts as being in at `cell` (a bridge room is its "from" zone).
    pub fn zone_of(&self, cell: Cell) -> Option<usize> {
        self.room_of(cell).map(|r| self.dungeon.rooms[r].zone)
    }

    /// The crate (object index) standing on `cell` now.
    pub(crate) fn crate_at(&self, cell: Cell) -> Option<usize> {
        self.crates.iter().copied().find(|&c| self.object_cell[c] == cell)
    }

    /// The object that never moves standing on `cell`.
    pub(crate) fn object_at(&self, cell: Cell) -> Option<usize> {
        self.object_at.get(&cell).copied()
    }

    /// The item lying on `cell` now: a floor item not yet taken, or a guard's once he has eaten.
    pub(crate) fn item_lying(&self, cell: Cell) -> Option<usize> {
        let &id = self.item_at.get(&cell)?;
        let item = &self.dungeon.items[id];
        let uncovered = item.source == ItemSource::Floor || self.fed[item.giver];
        (uncovered && !self.taken[id]).then_some(id)
    }

    /// The hazard (index) on `cell`.
    pub fn hazard_at(&self, cell: Cell) -> Option<usize> {
        self.hazard_at.get(&cell).copied()
    }

    /// The food (index) still on `cell`.
    pub(crate) fn food_at(&self, cell: Cell) -> Option<usize> {
        self.food_at.get(&cell).copied().filter(|&f| !self.eaten[f])
    }

    /// The node whose pen `cell` bars, if it is a gate tile.
    pub(crate) fn gate_of(&self, cell: Cell) -> Option<usize> {
        self.gate_of.get(&cell).copied()
    }

    /// The bridge node whose locked door is `cell`.
    pub(crate) fn door_of(&self, cell: Cell) -> Option<usize> {
        self.door_of.get(&cell).copied()
    }

    /// Whether the player can't stand on `cell`: rock, pillars, closed bars and doors, solid
    /// objects (levers, stations, hungry guards, tables) and crates. Hazards can be walked on, at
    /// a price.
    pub fn solid(&self, cell: Cell) -> bool {
        let solid_tile = match self.dungeon.tile(cell) {
            Tile::Wall | Tile::Pillar => true,
            Tile::Gate => self.gate_of(cell).is_none_or(|n| !self.open[n]),
            Tile::LockedDoor => self.door_of(cell).is_none_or(|n| !self.open[n]),
            Tile::Floor | Tile::Corridor | Tile::Decor | Tile::Door => false,
        };
        solid_tile
            || self.crate_at(cell).is_some()
            || self.object_at(cell).is_some_and(|o| match self.dungeon.objects[o].kind {
                ObjectKind::Plate { .. } => false,
                ObjectKind::Guard { .. } => !self.fed[self.dungeon.objects[o].node],
                _ => true,
            })
    }

    /// Whether the player may step onto `cell`.
    pub fn open(&self, cell: Cell) -> bool {
        self.index(cell).is_some() && !self.solid(cell)
    }

    /// Whether `node`'s needs are met: every item handed over, every switch thrown.
    pub(crate) fn needs_met(&self, node: usize) -> bool {
        let n = &self.dungeon.nodes[node];
        n.needs_items.iter().all(|&i| self.delivered[i]) && n.needs_switches.iter().all(|&s| self.thrown[s])
    }

    /// What `node` still lacks: items not handed over and switches not thrown.
    pub fn missing(&self, node: usize) -> (Vec<usize>, Vec<usize>) {
        let n = &self.dungeon.nodes[node];
        (
            n.needs_items.iter().copied().filter(|&i| !self.delivered[i]).collect(),
            n.needs_switches.iter().copied().filter(|&s| !self.thrown[s]).collect(),
        )
    }

    /// The hint for a touched puzzle: `who` and what it still lacks ("The hungry mouse wants the
    /// club sandwich").
    pub(crate) fn needs_hint(&self, node: usize, who: &str) -> String {
        let (items, switches) = self.missing(node);
        let d = &self.dungeon;
        let mut wants: Vec<String> = items.iter().map(|&i| format!("the {}", d.items[i].name)).collect();
        for &s in &switches {
            let giver = &d.nodes[d.switches[s].giver];
            let verb = match giver.mechanic {
                Mechanic::CratePlate => "weighed down",
                Mechanic::Door => "opened",
                _ => "pulled",
            };
            wants.push(format!("the {} {verb}", d.switches[s].name));
        }
        let list = match wants.len() {
            0 => return format!("{} is ready", capitalised(who)),
            1 => wants.remove(0),
            _ => {
                let last = wants.pop().unwrap_or_default();
                format!("{} and {last}", wants.join(", "))
            }
        };
        format!("{} needs {list}", capitalised(who))
    }
}

impl Play {
    /// Where quick travel lands in `zone`: the start for zone 0, else the first tile past the
    /// zone's bridge door.
    pub fn entrance(&self, zone: usize) -> Cell {
        let d = &self.dungeon;
        let door = d.zones[zone].opened_by.and_then(|b| d.doors.iter().find(|door| door.locked_by == Some(b)));
        let Some(door) = door else { return d.player_start };
        Dir::ALL
            .into_iter()
            .filter_map(|dir| step(door.cell, dir))
            .find(|&c| self.room_of(c) == Some(door.b))
            .unwrap_or(d.player_start)
    }

    /// Quick travel from `zone`: the entrance of the next zone the player has been in (cycling
    /// through them in visiting order, back round to `zone`'s own).
    pub(crate) fn travel_from(&self, zone: usize) -> Cell {
        let zones = self.dungeon.zones.len();
        let next = (1..=zones).map(|k| (zone + k) % zones).find(|&z| self.entered[z]).unwrap_or(zone);
        self.entrance(next)
    }

    /// The nodes solved so far.
    pub(crate) fn solved_count(&self) -> usize {
        self.solved.iter().filter(|&&s| s).count()
    }
}

/// `text` with its first letter upper case.
pub fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| first.to_uppercase().chain(chars).collect())
}

mod rules;

#[cfg(test)]
pub(crate) mod tests;
