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

use seedfeast_procgen::dungeon::{Cell, Dungeon, Gives, ItemSource, Mechanic, NodeRole, ObjectKind, Tile};

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
    pub fn room_of(&self, cell: Cell) -> Option<usize> {
        self.index(cell).and_then(|i| self.room_at[i])
    }

    /// The zone the player counts as being in at `cell` (a bridge room is its "from" zone).
    pub fn zone_of(&self, cell: Cell) -> Option<usize> {
        self.room_of(cell).map(|r| self.dungeon.rooms[r].zone)
    }

    /// The crate (object index) standing on `cell` now.
    pub fn crate_at(&self, cell: Cell) -> Option<usize> {
        self.crates.iter().copied().find(|&c| self.object_cell[c] == cell)
    }

    /// The object that never moves standing on `cell`.
    pub fn object_at(&self, cell: Cell) -> Option<usize> {
        self.object_at.get(&cell).copied()
    }

    /// The item lying on `cell` now: a floor item not yet taken, or a guard's once he has eaten.
    pub fn item_lying(&self, cell: Cell) -> Option<usize> {
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
    pub fn food_at(&self, cell: Cell) -> Option<usize> {
        self.food_at.get(&cell).copied().filter(|&f| !self.eaten[f])
    }

    /// The node whose pen `cell` bars, if it is a gate tile.
    pub fn gate_of(&self, cell: Cell) -> Option<usize> {
        self.gate_of.get(&cell).copied()
    }

    /// The bridge node whose locked door is `cell`.
    pub fn door_of(&self, cell: Cell) -> Option<usize> {
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
    pub fn needs_met(&self, node: usize) -> bool {
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
    pub fn needs_hint(&self, node: usize, who: &str) -> String {
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

    /// Hands `node` every item it needs that the bag holds. Returns whether any went.
    fn hand_over(&mut self, node: usize, events: &mut Vec<Event>) -> bool {
        let wanted = &self.dungeon.nodes[node].needs_items;
        let given: Vec<usize> = self.held.iter().copied().filter(|i| wanted.contains(i)).collect();
        if given.is_empty() {
            return false;
        }
        self.held.retain(|i| !given.contains(i));
        for &i in &given {
            self.delivered[i] = true;
        }
        events.push(Event::Handed(given));
        true
    }

    /// Opens every pen and bridge door whose needs are met (a door's switch may open more).
    fn settle(&mut self, events: &mut Vec<Event>) {
        for _ in 0..=self.dungeon.nodes.len() {
            let ready = (0..self.dungeon.nodes.len()).find(|&n| {
                let node = &self.dungeon.nodes[n];
                // The table takes its items itself: its pen waits only for switches.
                let ready = match node.mechanic {
                    Mechanic::Feast => node.needs_switches.iter().all(|&s| self.thrown[s]),
                    _ => self.needs_met(n),
                };
                !self.open[n] && (node.role == NodeRole::Bridge || !node.pen.is_empty()) && ready
            });
            let Some(n) = ready else { return };
            self.open[n] = true;
            let node = &self.dungeon.nodes[n];
            if node.role == NodeRole::Bridge {
                let (zone, gives) = (node.zone, node.gives);
                self.solved[n] = true;
                events.push(Event::DoorOpened { node: n, zone });
                events.push(Event::Solved(n));
                if let Gives::Switch(s) = gives {
                    self.thrown[s] = true;
                    events.push(Event::Thrown(s));
                }
            } else {
                events.push(Event::PenOpened(n));
            }
        }
    }

    /// The player touches `target` (walks into it, or presses use facing it): bars and doors take
    /// what they need from the bag, levers throw, stations cook, guards eat, the table serves the
    /// feast. Whatever still lacks something says what, as a hint. Returns whether there was
    /// anything to touch.
    pub fn touch(&mut self, target: Cell, events: &mut Vec<Event>) -> bool {
        let d = &self.dungeon;
        if let Some(node) = self.gate_of(target).or_else(|| self.door_of(target)) {
            if self.open[node] {
                return false;
            }
            self.hand_over(node, events);
            self.settle(events);
            if !self.open[node] {
                let who = match self.dungeon.nodes[node].role {
                    NodeRole::Bridge => self.dungeon.nodes[node].title.clone(),
                    _ => format!("the pen of the {}", self.dungeon.nodes[node].title.to_lowercase()),
                };
                events.push(Event::Hint(self.needs_hint(node, &who)));
            }
            return true;
        }
        if let Some(c) = self.crate_at(target) {
            if let ObjectKind::Crate { plate, .. } = d.objects[c].kind {
                let plate_name = self.object_at(plate).map_or("plate", |p| d.objects[p].name.as_str());
                let text = if self.on_plate[c] {
                    format!("The {} rests on the {plate_name}", d.objects[c].name)
                } else {
                    format!("Push the {} onto the {plate_name}", d.objects[c].name)
                };
                events.push(Event::Hint(text));
            }
            return true;
        }
        let Some(o) = self.object_at(target) else { return false };
        let object = &d.objects[o];
        let (node, name, kind) = (object.node, object.name.clone(), object.kind.clone());
        let penned_shut = !d.nodes[node].pen.is_empty() && !self.open[node] && !matches!(kind, ObjectKind::Table);
        if penned_shut {
            let who = format!("the {name}");
            events.push(Event::Hint(self.needs_hint(node, &who)));
            return true;
        }
        match kind {
            ObjectKind::Lever { switch } => {
                if self.thrown[switch] {
                    events.push(Event::Hint(format!("The {name} is already pulled")));
                } else {
                    self.thrown[switch] = true;
                    self.solved[node] = true;
                    events.push(Event::Thrown(switch));
                    events.push(Event::Solved(node));
                    self.settle(events);
                }
            }
            ObjectKind::Station { makes } => {
                if self.solved[node] {
                    events.push(Event::Hint(format!("The {name} has made its dish")));
                    return true;
                }
                self.hand_over(node, events);
                if self.needs_met(node) {
                    self.solved[node] = true;
                    self.taken[makes] = true;
                    self.held.push(makes);
                    events.push(Event::Cooked(node));
                    events.push(Event::Picked(makes));
                    events.push(Event::Solved(node));
                } else {
                    events.push(Event::Hint(self.needs_hint(node, &format!("the {name}"))));
                }
            }
            ObjectKind::Guard { wants, .. } => {
                if self.fed[node] {
                    return true;
                }
                if self.held.contains(&wants) {
                    self.held.retain(|&i| i != wants);
                    self.delivered[wants] = true;
                    self.fed[node] = true;
                    self.solved[node] = true;
                    events.push(Event::Handed(vec![wants]));
                    events.push(Event::Fed(node));
                    events.push(Event::Solved(node));
                } else {
                    let item = &self.dungeon.items[wants].name;
                    events.push(Event::Hint(format!("The {name} is hungry: it wants the {item}")));
                }
            }
            ObjectKind::Table => {
                self.hand_over(node, events);
                if self.needs_met(node) {
                    self.solved[node] = true;
                    self.cleared = true;
                    events.push(Event::Solved(node));
                    events.push(Event::Cleared);
                } else {
                    events.push(Event::Hint(self.needs_hint(node, &format!("the {name}"))));
                }
            }
            ObjectKind::Plate { .. } | ObjectKind::Crate { .. } => return false,
        }
        true
    }

    /// Whether crate `c` may be pushed onto `cell`: the stage of its own room (so it never blocks
    /// a doorway), on plain floor, decor, open bars or its own plate, clear of anything else.
    pub fn crate_may_enter(&self, c: usize, cell: Cell) -> bool {
        let d = &self.dungeon;
        let ObjectKind::Crate { plate, .. } = d.objects[c].kind else { return false };
        let room = d.nodes[d.objects[c].node].room;
        let tile_ok = match d.tile(cell) {
            Tile::Floor | Tile::Decor => true,
            Tile::Gate => self.gate_of(cell).is_some_and(|n| self.open[n]),
            _ => false,
        };
        d.rooms[room].stage.contains(cell)
            && tile_ok
            && self.object_at(cell).is_none_or(|_| cell == plate)
            && self.crate_at(cell).is_none()
            && self.hazard_at(cell).is_none()
            && self.item_lying(cell).is_none()
            && self.food_at(cell).is_none()
    }

    /// The player at `from` pushes towards `dir`: the crate there moves one tile if it may. A
    /// crate that lands on its plate throws the plate's switch and stays there. Returns whether
    /// the crate moved.
    pub fn push(&mut self, from: Cell, dir: Dir, events: &mut Vec<Event>) -> bool {
        let Some(c) = step(from, dir).and_then(|at| self.crate_at(at)) else { return false };
        if self.on_plate[c] {
            return false;
        }
        let Some(to) = step(self.object_cell[c], dir) else { return false };
        if !self.crate_may_enter(c, to) {
            return false;
        }
        self.object_cell[c] = to;
        events.push(Event::Pushed(c));
        let object = &self.dungeon.objects[c];
        let node = object.node;
        let ObjectKind::Crate { plate, .. } = object.kind else { return true };
        if to == plate {
            self.on_plate[c] = true;
            if let Some(ObjectKind::Plate { switch }) = self.object_at(plate).map(|p| &self.dungeon.objects[p].kind) {
                let switch = *switch;
                self.thrown[switch] = true;
                events.push(Event::Thrown(switch));
            }
            self.solved[node] = true;
            events.push(Event::Solved(node));
            self.settle(events);
        }
        true
    }

    /// The player has just stepped onto `cell`: into a room (leaving the last one resets its
    /// crates), onto an item (into the bag) or food (eaten).
    pub fn arrive(&mut self, cell: Cell, events: &mut Vec<Event>) {
        if let Some(room) = self.room_of(cell)
            && self.room != Some(room)
        {
            if let Some(old) = self.room {
                self.reset_crates(old, events);
            }
            self.room = Some(room);
            if !self.visited[room] {
                self.visited[room] = true;
                events.push(Event::Discovered(room));
            }
            let zone = self.dungeon.rooms[room].zone;
            if !self.entered[zone] {
                self.entered[zone] = true;
                events.push(Event::EnteredZone(zone));
            }
        }
        if let Some(id) = self.item_lying(cell) {
            self.taken[id] = true;
            self.held.push(id);
            events.push(Event::Picked(id));
            let giver = self.dungeon.items[id].giver;
            if !self.solved[giver] {
                self.solved[giver] = true;
                events.push(Event::Solved(giver));
            }
        }
        if let Some(f) = self.food_at(cell) {
            self.eaten[f] = true;
            events.push(Event::Ate(f));
        }
    }

    /// Puts every crate of `room` that is off its plate back where it started.
    pub fn reset_crates(&mut self, room: usize, events: &mut Vec<Event>) {
        for (c, object) in self.dungeon.objects.iter().enumerate() {
            let in_room = self.dungeon.nodes[object.node].room == room;
            if in_room
                && matches!(object.kind, ObjectKind::Crate { .. })
                && !self.on_plate[c]
                && self.object_cell[c] != object.cell
            {
                self.object_cell[c] = object.cell;
                events.push(Event::Reset(c));
            }
        }
    }

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
    pub fn travel_from(&self, zone: usize) -> Cell {
        let zones = self.dungeon.zones.len();
        let next = (1..=zones).map(|k| (zone + k) % zones).find(|&z| self.entered[z]).unwrap_or(zone);
        self.entrance(next)
    }

    /// The nodes solved so far.
    pub fn solved_count(&self) -> usize {
        self.solved.iter().filter(|&&s| s).count()
    }
}

/// `text` with its first letter upper case.
pub fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| first.to_uppercase().chain(chars).collect())
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use seedfeast_procgen::Seed;
    use seedfeast_procgen::dungeon::{DungeonData, DungeonRequest, generate_dungeon};

    pub fn dungeon(seed: u64, k: u32) -> Dungeon {
        generate_dungeon(&DungeonData::default(), Seed(seed), &DungeonRequest::new(k)).expect("a dungeon")
    }

    /// The first seed whose first dungeon has a node matching `want`, and that node.
    pub fn find(want: impl Fn(&Dungeon, usize) -> bool) -> (Play, usize) {
        for seed in 0..400 {
            let d = dungeon(seed, 1 + (seed % 3) as u32);
            if let Some(n) = (0..d.nodes.len()).find(|&n| want(&d, n)) {
                return (Play::new(d), n);
            }
        }
        panic!("no dungeon has such a node");
    }

    /// Marks every node below `node` done, as if played: items in the bag, switches thrown.
    fn give_children(play: &mut Play, node: usize) {
        for &child in &play.dungeon.nodes[node].children.clone() {
            play.solved[child] = true;
            match play.dungeon.nodes[child].gives {
                Gives::Item(i) => {
                    play.taken[i] = true;
                    play.held.push(i);
                }
                Gives::Switch(s) => play.thrown[s] = true,
                Gives::Clear => {}
            }
        }
    }

    /// A walkable tile beside `cell` (from where the player touches it).
    fn beside(play: &Play, cell: Cell) -> (Cell, Dir) {
        Dir::ALL
            .into_iter()
            .find_map(|d| step(cell, d).filter(|&c| play.open(c)).map(|c| (c, d.opposite())))
            .expect("something to stand on beside it")
    }

    #[test]
    fn the_start_is_visited_and_solid_things_block() {
        let play = Play::new(dungeon(3, 1));
        let d = &play.dungeon;
        let start_room = play.room_of(d.player_start).unwrap();
        assert!(play.visited[start_room] && play.entered[0]);
        assert_eq!(play.visited.iter().filter(|&&v| v).count(), 1);
        for (i, tile) in d.tiles.iter().enumerate() {
            let cell = (i % d.width, i / d.width);
            match tile {
                Tile::Wall | Tile::Pillar | Tile::Gate | Tile::LockedDoor => assert!(play.solid(cell), "{cell:?}"),
                _ => {}
            }
        }
        for o in &d.objects {
            let solid = !matches!(o.kind, ObjectKind::Plate { .. });
            assert_eq!(play.solid(o.cell), solid, "{o:?}");
        }
        for h in &d.hazards {
            assert!(play.open(h.cell), "hazards can be walked on");
        }
    }

    #[test]
    fn levers_throw_once_and_open_what_they_are_for() {
        let (mut play, lever) = find(|d, n| d.nodes[n].mechanic == Mechanic::Lever && d.nodes[n].children.is_empty());
        let o = play.dungeon.objects.iter().position(|o| o.node == lever).unwrap();
        let ObjectKind::Lever { switch } = play.dungeon.objects[o].kind else { panic!() };
        let opens = play.dungeon.switches[switch].opens;
        let cell = play.dungeon.objects[o].cell;
        let mut events = Vec::new();
        assert!(play.touch(cell, &mut events));
        assert!(play.thrown[switch] && play.solved[lever]);
        assert!(events.contains(&Event::Thrown(switch)));
        // Its parent opens once everything else it needs is there too.
        give_children(&mut play, opens);
        let mut events = Vec::new();
        let target = match play.dungeon.nodes[opens].role {
            NodeRole::Bridge => play.dungeon.nodes[opens].objective,
            _ => play.dungeon.nodes[opens].pen.first().copied().unwrap_or(play.dungeon.nodes[opens].objective),
        };
        play.touch(target, &mut events);
        if !play.dungeon.nodes[opens].pen.is_empty() || play.dungeon.nodes[opens].role == NodeRole::Bridge {
            assert!(play.open[opens], "{events:?}");
            assert!(!play.solid(target));
        }
        // Pulling again changes nothing.
        let mut events = Vec::new();
        play.touch(cell, &mut events);
        assert!(matches!(events.as_slice(), [Event::Hint(_)]), "{events:?}");
    }

    #[test]
    fn a_pen_stays_shut_and_says_what_it_needs_until_its_needs_are_met() {
        let (mut play, node) = find(|d, n| {
            let node = &d.nodes[n];
            !node.pen.is_empty() && !node.needs_items.is_empty() && node.role == NodeRole::Puzzle
        });
        let gate = play.dungeon.nodes[node].pen[0];
        let mut events = Vec::new();
        assert!(play.touch(gate, &mut events));
        assert!(!play.open[node] && play.solid(gate));
        let Some(Event::Hint(hint)) = events.last() else { panic!("{events:?}") };
        let first = &play.dungeon.items[play.dungeon.nodes[node].needs_items[0]].name;
        assert!(hint.contains(first.as_str()), "{hint}");
        // With everything in the bag, one touch hands it over and the bars open.
        give_children(&mut play, node);
        let held = play.held.len();
        let mut events = Vec::new();
        play.touch(gate, &mut events);
        assert!(play.open[node] && !play.solid(gate), "{events:?}");
        assert!(events.contains(&Event::PenOpened(node)));
        let wanted = play.dungeon.nodes[node].needs_items.clone();
        assert_eq!(play.held.len(), held - wanted.len(), "the items are consumed");
        assert!(wanted.iter().all(|&i| play.delivered[i] && !play.held.contains(&i)));
    }

    #[test]
    fn crates_push_in_straight_lines_onto_their_plate_and_stay() {
        let (mut play, node) = find(|d, n| d.nodes[n].mechanic == Mechanic::CratePlate && d.nodes[n].pen.is_empty());
        let c = play.dungeon.objects.iter().position(|o| o.node == node && matches!(o.kind, ObjectKind::Crate { .. }));
        let c = c.unwrap();
        let ObjectKind::Crate { plate, push_from } = play.dungeon.objects[c].kind else { panic!() };
        let start = play.dungeon.objects[c].cell;
        let dir = Dir::between(push_from, start).expect("push_from is beside the crate");
        // The crate is solid; the plate is not.
        assert!(play.solid(start) && !play.solid(plate));
        let mut events = Vec::new();
        // Pushing from the wrong side into a wall or off the stage fails; from push_from it goes.
        assert!(play.push(push_from, dir, &mut events));
        assert_eq!(play.object_cell[c], step(start, dir).unwrap());
        assert!(!play.on_plate[c]);
        let from = start;
        assert!(play.push(from, dir, &mut events));
        assert_eq!(play.object_cell[c], plate);
        assert!(play.on_plate[c] && play.solved[node]);
        let ObjectKind::Plate { switch } = play.dungeon.objects[play.object_at(plate).unwrap()].kind else { panic!() };
        assert!(play.thrown[switch]);
        // On its plate for good: it can't be pushed on, and leaving the room leaves it there.
        assert!(!play.push(step(plate, dir.opposite()).unwrap(), dir, &mut events));
        let room = play.dungeon.nodes[node].room;
        play.reset_crates(room, &mut events);
        assert_eq!(play.object_cell[c], plate);
    }

    #[test]
    fn a_crate_never_leaves_its_stage_and_resets_when_the_player_leaves_its_room() {
        let (mut play, node) = find(|d, n| d.nodes[n].mechanic == Mechanic::CratePlate);
        let c = play.dungeon.objects.iter().position(|o| o.node == node && matches!(o.kind, ObjectKind::Crate { .. }));
        let c = c.unwrap();
        let room = play.dungeon.nodes[node].room;
        let stage = play.dungeon.rooms[room].stage;
        let start = play.dungeon.objects[c].cell;
        // Push it about in every direction as far as it goes: it stays on the stage.
        let mut moved = false;
        let mut events = Vec::new();
        for dir in Dir::ALL {
            for _ in 0..20 {
                let at = play.object_cell[c];
                let Some(from) = step(at, dir.opposite()) else { break };
                if !play.push(from, dir, &mut events) {
                    break;
                }
                moved = true;
                assert!(stage.contains(play.object_cell[c]), "{:?} left {stage:?}", play.object_cell[c]);
            }
        }
        assert!(moved, "the crate moves at all");
        if play.on_plate[c] {
            return;
        }
        assert_ne!(play.object_cell[c], start);
        // Walk into the room, then out through a door: the crate is back.
        let inside = play.dungeon.rooms[room].cells[0];
        play.arrive(inside, &mut events);
        let door = play.dungeon.doors.iter().find(|d| d.a == room || d.b == room).unwrap();
        let other = if door.a == room { door.b } else { door.a };
        let outside = play.dungeon.rooms[other].cells[0];
        let mut events = Vec::new();
        play.arrive(outside, &mut events);
        assert_eq!(play.object_cell[c], start);
        assert!(events.contains(&Event::Reset(c)), "{events:?}");
    }

    #[test]
    fn stations_take_both_ingredients_and_hand_over_their_dish() {
        let (mut play, node) = find(|d, n| d.nodes[n].mechanic == Mechanic::Combine);
        let o = play.dungeon.objects.iter().position(|o| o.node == node).unwrap();
        let ObjectKind::Station { makes } = play.dungeon.objects[o].kind else { panic!() };
        let cell = play.dungeon.objects[o].cell;
        let needs = play.dungeon.nodes[node].needs_items.clone();
        assert_eq!(needs.len(), 2);
        // With one ingredient: it is taken, the station waits and names the other.
        play.taken[needs[0]] = true;
        play.held.push(needs[0]);
        let mut events = Vec::new();
        play.touch(cell, &mut events);
        assert!(play.delivered[needs[0]] && play.held.is_empty() && !play.solved[node]);
        let Some(Event::Hint(hint)) = events.last() else { panic!("{events:?}") };
        assert!(hint.contains(play.dungeon.items[needs[1]].name.as_str()), "{hint}");
        // With the second: the dish goes into the bag.
        play.taken[needs[1]] = true;
        play.held.push(needs[1]);
        let mut events = Vec::new();
        play.touch(cell, &mut events);
        assert_eq!(play.held, vec![makes]);
        assert!(play.solved[node] && play.taken[makes]);
        assert!(events.contains(&Event::Cooked(node)) && events.contains(&Event::Picked(makes)));
    }

    #[test]
    fn a_guard_takes_his_dish_steps_aside_and_leaves_what_he_guarded() {
        let (mut play, node) = find(|d, n| d.nodes[n].mechanic == Mechanic::Guard);
        let o = play.dungeon.objects.iter().position(|o| o.node == node).unwrap();
        let ObjectKind::Guard { wants, guards } = play.dungeon.objects[o].kind else { panic!() };
        let cell = play.dungeon.objects[o].cell;
        assert!(play.solid(cell) && play.item_lying(cell).is_none(), "the guard covers his item");
        let mut events = Vec::new();
        play.touch(cell, &mut events);
        assert!(!play.fed[node]);
        assert!(matches!(&events[..], [Event::Hint(h)] if h.contains(play.dungeon.items[wants].name.as_str())));
        play.taken[wants] = true;
        play.held.push(wants);
        let mut events = Vec::new();
        play.touch(cell, &mut events);
        assert!(play.fed[node] && play.delivered[wants] && play.held.is_empty());
        assert!(!play.solid(cell), "he stepped aside");
        assert_eq!(play.item_lying(cell), Some(guards));
        let mut events = Vec::new();
        play.arrive(cell, &mut events);
        assert_eq!(play.held, vec![guards]);
        assert!(events.contains(&Event::Picked(guards)));
    }

    #[test]
    fn a_bridge_door_opens_when_its_node_is_solved_and_throws_its_switch() {
        let (mut play, bridge) = find(|d, n| d.nodes[n].role == NodeRole::Bridge && !d.nodes[n].needs_items.is_empty());
        let door = play.dungeon.nodes[bridge].objective;
        assert_eq!(play.dungeon.tile(door), Tile::LockedDoor);
        let mut events = Vec::new();
        play.touch(door, &mut events);
        assert!(!play.open[bridge] && play.solid(door));
        assert!(matches!(events.last(), Some(Event::Hint(_))), "{events:?}");
        give_children(&mut play, bridge);
        let mut events = Vec::new();
        play.touch(door, &mut events);
        assert!(play.open[bridge] && play.solved[bridge] && !play.solid(door), "{events:?}");
        let zone = play.dungeon.nodes[bridge].zone;
        assert!(events.contains(&Event::DoorOpened { node: bridge, zone }));
        let Gives::Switch(s) = play.dungeon.nodes[bridge].gives else { panic!("a bridge gives a switch") };
        assert!(play.thrown[s]);
        // Through the door is the zone's entrance, where quick travel lands.
        let entrance = play.entrance(zone);
        assert_eq!(play.zone_of(entrance), Some(zone));
        let (_, _) = beside(&play, door);
    }

    #[test]
    fn the_table_clears_the_dungeon_only_with_every_need_met() {
        let mut play = Play::new(dungeon(5, 1));
        let table = play.dungeon.finish;
        let mut events = Vec::new();
        play.touch(table, &mut events);
        assert!(!play.cleared);
        give_children(&mut play, 0);
        play.touch(table, &mut events);
        assert!(play.cleared && events.contains(&Event::Cleared));
    }

    #[test]
    fn items_and_food_are_picked_up_by_walking_onto_them() {
        let (mut play, node) =
            find(|d, n| d.nodes[n].role == NodeRole::Start && d.nodes[n].mechanic == Mechanic::Fetch);
        let Gives::Item(item) = play.dungeon.nodes[node].gives else { panic!() };
        let cell = play.dungeon.items[item].cell;
        let mut events = Vec::new();
        play.arrive(cell, &mut events);
        assert_eq!(play.held, vec![item]);
        assert!(play.solved[node] && play.item_lying(cell).is_none());
        let food = play.dungeon.food[0].cell;
        play.arrive(food, &mut events);
        assert!(play.eaten[0] && play.food_at(food).is_none());
        assert!(events.contains(&Event::Ate(0)));
    }

    #[test]
    fn quick_travel_cycles_through_the_zones_entered() {
        let mut play = Play::new(dungeon(8, 2));
        assert!(play.dungeon.zones.len() >= 2);
        assert_eq!(play.travel_from(0), play.dungeon.player_start, "one zone: back to its start");
        play.entered[1] = true;
        let entrance = play.entrance(1);
        assert_eq!(play.travel_from(0), entrance);
        assert_eq!(play.travel_from(1), play.dungeon.player_start);
        assert!(!play.solid(entrance) || play.dungeon.tile(entrance) != Tile::Wall);
    }
}
