//! The rules that change a dungeon's state: handing items over, opening pens and doors, touching
//! things, pushing crates, arriving on a tile and crates going home (see the parent module).

use super::{Event, Play};
use crate::grid_move::{Dir, step};
use seedfeast_procgen::dungeon::{Cell, Gives, Mechanic, NodeRole, ObjectKind, Tile};

impl Play {
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
        if let Some(node) = self.gate_of(target).or_else(|| self.door_of(target)) {
            return self.touch_barrier(node, events);
        }
        if let Some(c) = self.crate_at(target) {
            self.hint_crate(c, events);
            return true;
        }
        let Some(o) = self.object_at(target) else { return false };
        self.touch_object(o, events)
    }

    /// Touching `node`'s bars or bridge door: it takes what it needs from the bag, opens what it
    /// can, and hints at whatever still lacks. Returns false when it was open already.
    fn touch_barrier(&mut self, node: usize, events: &mut Vec<Event>) -> bool {
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
        true
    }

    /// Touching crate `c` hints where it rests, or onto which plate to push it.
    fn hint_crate(&self, c: usize, events: &mut Vec<Event>) {
        let d = &self.dungeon;
        if let ObjectKind::Crate { plate, .. } = d.objects[c].kind {
            let plate_name = self.object_at(plate).map_or("plate", |p| d.objects[p].name.as_str());
            let text = if self.on_plate[c] {
                format!("The {} rests on the {plate_name}", d.objects[c].name)
            } else {
                format!("Push the {} onto the {plate_name}", d.objects[c].name)
            };
            events.push(Event::Hint(text));
        }
    }

    /// Touching object `o`: shut in its pen it says what the pen needs, else it acts by its kind.
    /// Returns whether there was anything to touch (plates and crates are not).
    fn touch_object(&mut self, o: usize, events: &mut Vec<Event>) -> bool {
        let d = &self.dungeon;
        let object = &d.objects[o];
        let (node, name, kind) = (object.node, object.name.clone(), object.kind.clone());
        let penned_shut = !d.nodes[node].pen.is_empty() && !self.open[node] && !matches!(kind, ObjectKind::Table);
        if penned_shut {
            let who = format!("the {name}");
            events.push(Event::Hint(self.needs_hint(node, &who)));
            return true;
        }
        match kind {
            ObjectKind::Lever { switch } => self.throw_lever(node, switch, &name, events),
            ObjectKind::Station { makes } => self.cook_at_station(node, makes, &name, events),
            ObjectKind::Guard { wants, .. } => self.feed_guard(node, wants, &name, events),
            ObjectKind::Table => self.serve_feast(node, &name, events),
            ObjectKind::Plate { .. } | ObjectKind::Crate { .. } => return false,
        }
        true
    }

    /// Lever `name` of `node` throws `switch` (once; after that it says it is pulled).
    fn throw_lever(&mut self, node: usize, switch: usize, name: &str, events: &mut Vec<Event>) {
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

    /// Station `name` of `node` takes its ingredients from the bag and, with all of them, cooks
    /// item `makes` into the bag; else it hints at what it lacks.
    fn cook_at_station(&mut self, node: usize, makes: usize, name: &str, events: &mut Vec<Event>) {
        if self.solved[node] {
            events.push(Event::Hint(format!("The {name} has made its dish")));
            return;
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

    /// Guard `name` of `node` eats item `wants` from the bag (once), or says he is hungry for it.
    fn feed_guard(&mut self, node: usize, wants: usize, name: &str, events: &mut Vec<Event>) {
        if self.fed[node] {
            return;
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

    /// The feast table (`node`) takes its dishes from the bag and, with all of them, clears the
    /// dungeon; else it hints at what it lacks.
    fn serve_feast(&mut self, node: usize, name: &str, events: &mut Vec<Event>) {
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

    /// Whether crate `c` may be pushed onto `cell`: the stage of its own room (so it never blocks
    /// a doorway), on plain floor, decor, open bars or its own plate, clear of anything else.
    pub(crate) fn crate_may_enter(&self, c: usize, cell: Cell) -> bool {
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
    pub(crate) fn reset_crates(&mut self, room: usize, events: &mut Vec<Event>) {
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
}
