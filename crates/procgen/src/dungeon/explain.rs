//! What the Zone dungeon's generator says while it makes a dungeon ([`DungeonStep`]): the zones
//! and their themes, the 50 % density rule, the puzzle tree grown from the goal down node by node,
//! the layout attempts thrown away, then the world carved piece by piece (each BSP cell's chamber
//! or cave, the doors and corridors joining a zone's cells, each bridge, each room's dressing and
//! each pen's gates), the rooms, doors and puzzles it filled, and the witness walk that sets the
//! par. Every tile and number is the one the generator used; [`crate::dungeon::rebuild`] makes
//! the dungeon again from these events alone.

use serde::Serialize;

use super::level::{Cell, Door, Food, Hazard, Item, Node, NodeRole, Object, Rect, Room, Style, Switch, Tile, Zone};
use super::themes::Mechanic;
use crate::trace::{Step, at};

/// What a stretch of tile writes was for, named by the generator before it carves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "what", rename_all = "kebab-case")]
pub enum Carving {
    /// A rooms-style zone's BSP cell: a chamber of random size at a random place in the cell.
    Chamber { room: usize, zone: usize },
    /// A caves-style zone's BSP cell: a random walk in the cell, smoothed by cellular automata.
    Cave { room: usize, zone: usize },
    /// A door wherever two of a zone's cells touch (a spanning tree of them, plus loops at the
    /// tuning's `loop_share`) and a corridor from each door to the room on either side.
    Doors { zone: usize },
    /// The corridor from a bridge's door to the room behind it.
    Corridor { room: usize },
    /// The bridge out of a zone: its floor, an open door at this end, a locked one at the other.
    Bridge { zone: usize },
    /// A room's dressing from its theme's prefab (pillars, counters, puddles …).
    Dressing { room: usize },
    /// The gates of a pen round a puzzle that opens when what it needs is brought or thrown.
    Pen { node: usize },
}

/// One decision of the Zone dungeon's generator, in the order made. Serialized with its rule's
/// name in a `rule` field; cells are `[x, y]` from the top-left.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "rule", rename_all = "kebab-case")]
pub enum DungeonStep {
    /// Dungeon `dungeon` of the seed, with this many rooms in each zone, in visiting order.
    Zones { dungeon: u32, rooms: Vec<u32> },
    /// A zone's theme: the request's, or drawn (each zone a different one).
    Theme { zone: usize, theme: String, style: Style, requested: bool },
    /// The density rule: ⌊rooms / 2⌋ of a zone's rooms hold a puzzle (the start and the finish
    /// count).
    Density { zone: usize, rooms: u32, slots: usize },
    /// The puzzle tree grows from the goal down: this node fills a link its parent left open.
    Grow { node: usize, zone: usize, role: NodeRole, mechanic: Mechanic, kind: Option<String>, parent: Option<usize> },
    /// A layout or furnishing attempt thrown away, and the step that failed.
    Retry { attempt: u32, failed: &'static str },
    /// The world's size, every tile wall to begin with.
    Canvas { width: usize, height: usize },
    /// A zone's rectangle in the staircase of zones.
    Region { zone: usize, region: Rect },
    /// Tiles carved, in order, and what for.
    Carve { carving: Carving, tiles: Vec<(Cell, Tile)> },
    /// A room as furnished: its kind, shape, stage, prefab and node.
    Room { room: Room },
    /// A door between two rooms (locked: a bridge's far end).
    Door { door: Door },
    /// A puzzle of the tree, placed in its room with what it gives and needs.
    Node { node: Node },
    /// An item a puzzle hands on.
    Item { item: Item },
    /// A switch a puzzle throws.
    Switch { switch: Switch },
    /// An object that stands in a room (shelf, lever, plate, crate, station, guard, table).
    Object { object: Object },
    /// Food, for score.
    Food { food: Food },
    /// A hazard, for lives.
    Hazard { hazard: Hazard },
    /// Where the player starts and where the feast stands.
    Ends { start: Cell, finish: Cell },
    /// A zone as played: its theme, rooms, slots, region, bridge and the node that opens it.
    Zone { zone: Zone },
    /// The witness: an order a player can solve the puzzles in, the tiles walked following it,
    /// and the par, ⌈(`walk_tiles` / `player_speed` + puzzles × `action_seconds`) × `par_slack`⌉.
    Witness {
        solution: Vec<usize>,
        walk_tiles: usize,
        player_speed: f32,
        action_seconds: f32,
        par_slack: f32,
        par_seconds: u32,
        lives: u32,
        retries: u32,
    },
}

/// "1 item", "2 items", "1 switch", "0 switches".
fn count(n: usize, what: &str) -> String {
    match (n, what.ends_with("ch")) {
        (1, _) => format!("1 {what}"),
        (_, true) => format!("{n} {what}es"),
        _ => format!("{n} {what}s"),
    }
}

fn carving_caption(carving: &Carving, tiles: &[(Cell, Tile)]) -> String {
    let n = tiles.len();
    let (xs, ys) = (tiles.iter().map(|t| t.0.0), tiles.iter().map(|t| t.0.1));
    let (x0, x1, y0, y1) = (xs.clone().min(), xs.max(), ys.clone().min(), ys.max());
    let size = match (x0, x1, y0, y1) {
        (Some(x0), Some(x1), Some(y0), Some(y1)) => format!("{} × {} at {}", x1 - x0 + 1, y1 - y0 + 1, at((x0, y0))),
        _ => "nothing".to_string(),
    };
    match carving {
        Carving::Chamber { room, zone } => {
            format!("chamber: room {room} of zone {zone}, {size}: a random size at a random place in its BSP cell")
        }
        Carving::Cave { room, zone } => format!(
            "cave: room {room} of zone {zone}, {n} floor tiles within {size}: a random walk smoothed by cellular \
             automata"
        ),
        Carving::Doors { zone } => {
            format!(
                "doors: zone {zone}'s cells joined where they touch, with corridors to each room ({})",
                count(n, "tile")
            )
        }
        Carving::Corridor { room } => format!("corridor: from a bridge's door to room {room} ({})", count(n, "tile")),
        Carving::Bridge { zone } => {
            format!("bridge: from zone {zone} to zone {}, {size}: an open door here, a locked one there", zone + 1)
        }
        Carving::Dressing { room } => format!("dressing: room {room}'s prefab ({})", count(n, "tile")),
        Carving::Pen { node } => format!("pen: {n} gates round puzzle {node}, open once its needs are met"),
    }
}

/// The chart's zones: how many, and their sizes in visiting order.
fn zones_caption(dungeon: u32, rooms: &[u32]) -> String {
    let list: Vec<String> = rooms.iter().map(u32::to_string).collect();
    format!("dungeon {dungeon}: {} of {} rooms, in visiting order", count(rooms.len(), "zone"), list.join(", "))
}

/// A zone's region on the staircase.
fn region_caption(zone: usize, region: &Rect) -> String {
    format!(
        "region: zone {zone} is {} × {} at {}, {} step of the staircase",
        region.w,
        region.h,
        at((region.x, region.y)),
        if zone == 0 { "the first" } else { "the next" }
    )
}

/// A door: where, between which rooms, and what opens it if locked.
fn door_caption(door: &Door) -> String {
    match door.locked_by {
        Some(node) => format!(
            "door: locked, at {} from bridge room {} into room {}, opened by bridge node {node}",
            at(door.cell),
            door.a,
            door.b
        ),
        None => format!("door: at {}, between rooms {} and {}", at(door.cell), door.a, door.b),
    }
}

/// A puzzle node: its title, mechanic, room and needs.
fn node_caption(node: &Node) -> String {
    format!(
        "puzzle {}: {} ({:?}) in room {}, needs {} and {}",
        node.id,
        node.title,
        node.mechanic,
        node.room,
        count(node.needs_items.len(), "item"),
        count(node.needs_switches.len(), "switch")
    )
}

/// An item: where it lies, where it comes from, its giver and its consumer.
fn item_caption(item: &Item) -> String {
    format!(
        "item: {} at {} ({:?}), from puzzle {} for puzzle {}",
        item.name,
        at(item.cell),
        item.source,
        item.giver,
        item.consumer
    )
}

/// A zone as built: its rooms, puzzles and what opens it.
fn zone_caption(zone: &Zone) -> String {
    format!(
        "zone {}: {}, {}, opened by {}",
        zone.id,
        count(zone.rooms, "room"),
        count(zone.slots, "puzzle"),
        zone.opened_by.map_or("nothing (the first zone)".to_string(), |n| format!("node {n}"))
    )
}

fn role_name(role: NodeRole) -> &'static str {
    match role {
        NodeRole::Start => "the start",
        NodeRole::Finish => "the finish",
        NodeRole::Bridge => "a bridge",
        _ => "a puzzle",
    }
}

impl Step for DungeonStep {
    fn rule(&self) -> &'static str {
        match self {
            DungeonStep::Zones { .. } => "zones",
            DungeonStep::Theme { .. } => "theme",
            DungeonStep::Density { .. } => "density",
            DungeonStep::Grow { .. } => "grow",
            DungeonStep::Retry { .. } => "retry",
            DungeonStep::Canvas { .. } => "canvas",
            DungeonStep::Region { .. } => "region",
            DungeonStep::Carve { .. } => "carve",
            DungeonStep::Room { .. } => "room",
            DungeonStep::Door { .. } => "door",
            DungeonStep::Node { .. } => "node",
            DungeonStep::Item { .. } => "item",
            DungeonStep::Switch { .. } => "switch",
            DungeonStep::Object { .. } => "object",
            DungeonStep::Food { .. } => "food",
            DungeonStep::Hazard { .. } => "hazard",
            DungeonStep::Ends { .. } => "ends",
            DungeonStep::Zone { .. } => "zone",
            DungeonStep::Witness { .. } => "witness",
        }
    }

    fn weight(&self) -> usize {
        match self {
            DungeonStep::Carve { tiles, .. } => 1 + tiles.len(),
            DungeonStep::Zones { rooms, .. } => 1 + rooms.len(),
            _ => 1,
        }
    }

    fn caption(&self) -> String {
        match self {
            DungeonStep::Zones { dungeon, rooms } => zones_caption(*dungeon, rooms),
            DungeonStep::Theme { zone, theme, style, requested } => {
                let how = if *requested { "as asked" } else { "drawn, each zone its own" };
                format!("theme: zone {zone} is {theme} ({style:?}), {how}")
            }
            DungeonStep::Density { zone, rooms, slots } => {
                format!("density: zone {zone}'s {rooms} rooms hold ⌊{rooms} / 2⌋ = {} (50 %)", count(*slots, "puzzle"))
            }
            DungeonStep::Grow { node, zone, role, mechanic, kind, parent } => {
                let what = kind.clone().unwrap_or_else(|| format!("{mechanic:?}").to_lowercase());
                let under = parent.map_or("the root: the goal".to_string(), |p| format!("under node {p}"));
                format!("tree: node {node}, {} ({what}) in zone {zone}, {under}", role_name(*role))
            }
            DungeonStep::Retry { attempt, failed } => {
                format!("retry: layout attempt {attempt} thrown away at its {failed} step")
            }
            DungeonStep::Canvas { width, height } => format!("canvas: {width} × {height} tiles of wall"),
            DungeonStep::Region { zone, region } => region_caption(*zone, region),
            DungeonStep::Carve { carving, tiles } => carving_caption(carving, tiles),
            DungeonStep::Room { room } => format!(
                "room {}: {:?} {:?} in zone {}, dressed as {}",
                room.id, room.kind, room.shape, room.zone, room.prefab
            ),
            DungeonStep::Door { door } => door_caption(door),
            DungeonStep::Node { node } => node_caption(node),
            DungeonStep::Item { item } => item_caption(item),
            DungeonStep::Switch { switch } => {
                format!("switch: {}, thrown by puzzle {}, opens puzzle {}", switch.name, switch.giver, switch.opens)
            }
            DungeonStep::Object { object } => {
                format!("object: {} at {} for puzzle {}", object.name, at(object.cell), object.node)
            }
            DungeonStep::Food { food } => format!("food: {:?} at {} in room {}", food.kind, at(food.cell), food.room),
            DungeonStep::Hazard { hazard } => {
                format!("hazard: {} at {} in room {}, never on the only way", hazard.name, at(hazard.cell), hazard.room)
            }
            DungeonStep::Ends { start, finish } => {
                format!("ends: the start at {}, the feast at {}", at(*start), at(*finish))
            }
            DungeonStep::Zone { zone } => zone_caption(zone),
            DungeonStep::Witness {
                solution, walk_tiles, player_speed, action_seconds, par_slack, par_seconds, ..
            } => {
                format!(
                    "witness: {} solved in order, {walk_tiles} tiles walked; par ⌈({walk_tiles} / \
                     {player_speed} + {} × {action_seconds}) × {par_slack}⌉ = {par_seconds} s",
                    count(solution.len(), "puzzle"),
                    solution.len()
                )
            }
        }
    }
}
