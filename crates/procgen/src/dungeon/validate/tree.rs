//! The validator's tree rules: the tree's shape, roles, density, lock subtrees, what each
//! mechanic needs and gives, items and switches fitting one consumer each, and themes.

use super::Report;
use crate::dungeon::data::DungeonData;
use crate::dungeon::level::{Dungeon, Gives, ItemSource, Node, NodeRole, ObjectKind, RoomKind};
use crate::dungeon::themes::Mechanic;

/// One root (node 0, the only one without a parent), parents and children agreeing, no cycles.
/// `false` if a walk up the tree could loop (the other rules would not be safe).
pub(super) fn check_tree(d: &Dungeon, report: &mut Report) -> bool {
    let before = report.0.len();
    let n = d.nodes.len();
    if n == 0 {
        report.flag("tree", "no nodes");
        return false;
    }
    if d.nodes[0].parent.is_some() {
        report.flag("tree", "node 0 (the root) has a parent");
    }
    for node in &d.nodes[1..] {
        match node.parent {
            None => report.flag("tree", format!("node {} has no parent but is not the root", node.id)),
            Some(p) if d.nodes[p].children.iter().filter(|&&c| c == node.id).count() != 1 => {
                report.flag("tree", format!("node {}'s parent {p} doesn't list it once among its children", node.id))
            }
            _ => {}
        }
    }
    for node in &d.nodes {
        for &c in &node.children {
            if d.nodes[c].parent != Some(node.id) {
                report
                    .flag("tree", format!("node {} lists child {c}, whose parent is {:?}", node.id, d.nodes[c].parent));
            }
        }
        // Every walk up reaches the root within n steps.
        let mut at = node.id;
        let mut steps = 0;
        while let Some(p) = d.nodes[at].parent {
            at = p;
            steps += 1;
            if steps > n {
                report.flag("tree", format!("node {} is on a cycle", node.id));
                break;
            }
        }
    }
    report.0.len() == before
}

/// The nodes of the subtree under `root` (itself included).
fn subtree(d: &Dungeon, root: usize) -> Vec<usize> {
    let mut out = vec![root];
    let mut i = 0;
    // The tree is acyclic (checked), so each node is pushed once.
    while i < out.len() {
        out.extend(d.nodes[out[i]].children.iter().copied());
        i += 1;
    }
    out
}

/// Roles, density, lock subtrees, mechanics, items, switches, objects, themes.
pub(super) fn check_nodes(data: &DungeonData, d: &Dungeon, report: &mut Report) {
    check_roles(d, report);
    check_density(d, report);
    check_locks(d, report);
    check_mechanics(d, report);
    check_gifts(d, report);
    check_objects(d, report);
    check_themes(data, d, report);
}

/// Density: ⌊rooms / 2⌋ nodes per zone, each in its own room of that zone; fillers empty, every
/// other room but bridges holding a node.
fn check_density(d: &Dungeon, report: &mut Report) {
    for zone in &d.zones {
        let rooms = d.rooms.iter().filter(|r| r.zone == zone.id && r.kind != RoomKind::Bridge).count();
        let nodes = d.nodes.iter().filter(|n| n.zone == zone.id && n.role != NodeRole::Bridge).count();
        if rooms != zone.rooms || zone.slots != zone.rooms / 2 || nodes != zone.slots {
            report.flag(
                "density",
                format!(
                    "zone {}: {rooms} rooms (says {}), {nodes} nodes, {} slots; ⌊rooms / 2⌋ = {}",
                    zone.id,
                    zone.rooms,
                    zone.slots,
                    zone.rooms / 2
                ),
            );
        }
    }
    let mut room_taken = vec![None; d.rooms.len()];
    for node in d.nodes.iter().filter(|n| n.role != NodeRole::Bridge) {
        let room = &d.rooms[node.room];
        if let Some(other) = room_taken[node.room].replace(node.id) {
            report.flag("density", format!("nodes {other} and {} share room {}", node.id, node.room));
        }
        let kind = match node.role {
            NodeRole::Start => RoomKind::Start,
            NodeRole::Finish => RoomKind::Finish,
            _ => RoomKind::Puzzle,
        };
        if room.zone != node.zone || room.kind != kind || room.node != Some(node.id) {
            report.flag(
                "density",
                format!(
                    "node {} (zone {}) is in room {}: a {:?} room of zone {}",
                    node.id, node.zone, room.id, room.kind, room.zone
                ),
            );
        }
    }
    for room in &d.rooms {
        if room.kind == RoomKind::Filler && (room.node.is_some() || room_taken[room.id].is_some()) {
            report.flag("density", format!("filler room {} holds a node", room.id));
        }
        if room.kind != RoomKind::Filler && room.kind != RoomKind::Bridge && room_taken[room.id].is_none() {
            report.flag("density", format!("{:?} room {} holds no node", room.kind, room.id));
        }
    }
}

/// Locks: a bridge's subtree holds only earlier zones, and at least one node of the zone just
/// before, so that zone must be entered first.
fn check_locks(d: &Dungeon, report: &mut Report) {
    let zones = d.zones.len();
    let bridges: Vec<&Node> = d.nodes.iter().filter(|n| n.role == NodeRole::Bridge).collect();
    if bridges.len() + 1 != zones {
        report.flag("bridges", format!("{} bridge nodes for {zones} zones", bridges.len()));
    }
    for b in bridges {
        let z = b.zone;
        if z == 0 || d.zones[z - 1].bridge_room != Some(b.room) {
            report.flag("bridges", format!("bridge node {} (zone {z}) is not in the bridge room into its zone", b.id));
            continue;
        }
        let under = subtree(d, b.id);
        if let Some(&late) = under.iter().find(|&&id| id != b.id && d.nodes[id].zone >= z) {
            report.flag(
                "lock subtree",
                format!(
                    "bridge node {} opens zone {z} but node {late} under it is in zone {}",
                    b.id, d.nodes[late].zone
                ),
            );
        }
        if !under.iter().any(|&id| d.nodes[id].zone == z - 1 && d.nodes[id].role != NodeRole::Bridge) {
            report.flag("lock subtree", format!("bridge node {} holds no node of zone {} under it", b.id, z - 1));
        }
    }
}

/// One finish (the root, in the last zone) and one start (a leaf in zone 0).
fn check_roles(d: &Dungeon, report: &mut Report) {
    let last = d.zones.len() - 1;
    let root = &d.nodes[0];
    let finishes = d.nodes.iter().filter(|n| n.role == NodeRole::Finish).count();
    if root.role != NodeRole::Finish || finishes != 1 || root.zone != last || root.mechanic != Mechanic::Feast {
        report.flag("finish", format!("the root is a {:?} in zone {}; {finishes} finish nodes", root.role, root.zone));
    }
    if d.finish != root.objective {
        report.flag("finish", format!("the finish tile {:?} is not the root's table {:?}", d.finish, root.objective));
    }
    let starts: Vec<&Node> = d.nodes.iter().filter(|n| n.role == NodeRole::Start).collect();
    match starts.as_slice() {
        [start] => {
            if start.zone != 0 || d.rooms[start.room].zone != 0 {
                report.flag("start", format!("the start is in zone {}", start.zone));
            }
            if !start.children.is_empty() {
                report.flag("start leaf", format!("the start (node {}) has children {:?}", start.id, start.children));
            }
            if d.player_start != start.objective {
                report.flag("start", "the player's start is not the start node's tile".to_string());
            }
        }
        _ => report.flag("start", format!("{} start nodes", starts.len())),
    }
}

/// What each mechanic takes from its children and gives its parent.
fn check_mechanics(d: &Dungeon, report: &mut Report) {
    for node in &d.nodes {
        let kids: Vec<Gives> = node.children.iter().map(|&c| d.nodes[c].gives).collect();
        let items = kids.iter().filter(|g| matches!(g, Gives::Item(_))).count();
        let switches = kids.iter().filter(|g| matches!(g, Gives::Switch(_))).count();
        let others = kids.len() - items - switches;
        let (takes_ok, gives_ok) = match (node.role, node.mechanic) {
            (NodeRole::Start, Mechanic::Fetch) => (kids.is_empty(), matches!(node.gives, Gives::Item(_))),
            (NodeRole::Start, Mechanic::Lever) => (kids.is_empty(), matches!(node.gives, Gives::Switch(_))),
            (NodeRole::Puzzle, Mechanic::Fetch) => (others == 0, matches!(node.gives, Gives::Item(_))),
            (NodeRole::Puzzle, Mechanic::Lever | Mechanic::CratePlate) => {
                (others == 0, matches!(node.gives, Gives::Switch(_)))
            }
            (NodeRole::Puzzle, Mechanic::Combine) => {
                (items == 2 && kids.len() == 2, matches!(node.gives, Gives::Item(_)))
            }
            (NodeRole::Puzzle, Mechanic::Guard) => {
                (items == 1 && kids.len() == 1, matches!(node.gives, Gives::Item(_)))
            }
            (NodeRole::Bridge, Mechanic::Door) => {
                (!kids.is_empty() && others == 0, matches!(node.gives, Gives::Switch(_)))
            }
            (NodeRole::Finish, Mechanic::Feast) => (!kids.is_empty() && others == 0, node.gives == Gives::Clear),
            _ => (false, false),
        };
        if !takes_ok || !gives_ok {
            report.flag(
                "mechanics",
                format!(
                    "node {} ({:?} {:?}) takes {items} items and {switches} switches and gives {:?}",
                    node.id, node.role, node.mechanic, node.gives
                ),
            );
        }
        let want_items: Vec<usize> =
            kids.iter().filter_map(|g| if let Gives::Item(i) = g { Some(*i) } else { None }).collect();
        let want_switches: Vec<usize> =
            kids.iter().filter_map(|g| if let Gives::Switch(s) = g { Some(*s) } else { None }).collect();
        if node.needs_items != want_items || node.needs_switches != want_switches {
            report.flag(
                "mechanics",
                format!(
                    "node {} needs items {:?} and switches {:?}; its children give {want_items:?} and {want_switches:?}",
                    node.id, node.needs_items, node.needs_switches
                ),
            );
        }
        // Fetch, lever and crate puzzles with needs stand in a pen; the finish's table is penned by
        // switches; nothing else is.
        let penned = !node.pen.is_empty();
        let should = match (node.role, node.mechanic) {
            (NodeRole::Puzzle, Mechanic::Fetch | Mechanic::Lever | Mechanic::CratePlate) => !kids.is_empty(),
            (NodeRole::Finish, _) => !node.needs_switches.is_empty(),
            _ => false,
        };
        if penned != should {
            report.flag(
                "pens",
                format!(
                    "node {} needs {} switches but has a pen of {}",
                    node.id,
                    node.needs_switches.len(),
                    node.pen.len()
                ),
            );
        }
    }
}

/// Each item and switch comes from one node and fits exactly one other: the giver's parent.
fn check_gifts(d: &Dungeon, report: &mut Report) {
    for it in &d.items {
        let giver = &d.nodes[it.giver];
        let consumer = &d.nodes[it.consumer];
        let uses = consumer.needs_items.iter().filter(|&&i| i == it.id).count();
        let needed_elsewhere = d.nodes.iter().filter(|n| n.needs_items.contains(&it.id)).count();
        if giver.gives != Gives::Item(it.id) || giver.parent != Some(it.consumer) || uses != 1 || needed_elsewhere != 1
        {
            report.flag(
                "items",
                format!(
                    "item {} ({}) from node {} must fit exactly one consumer, its parent; says {}",
                    it.id, it.name, it.giver, it.consumer
                ),
            );
        }
        let source_ok = match (giver.role, giver.mechanic) {
            (NodeRole::Start, _) => {
                it.source == ItemSource::Floor
                    && it.cell.0.abs_diff(d.player_start.0) + it.cell.1.abs_diff(d.player_start.1) <= 1
            }
            (_, Mechanic::Fetch) => it.source == ItemSource::Floor && it.cell == giver.objective,
            (_, Mechanic::Combine) => it.source == ItemSource::Station && it.cell == giver.objective,
            (_, Mechanic::Guard) => it.source == ItemSource::Guard && it.cell == giver.objective,
            _ => false,
        };
        if !source_ok {
            report.flag(
                "items",
                format!(
                    "item {} lies at {:?} as {:?}, not where node {} gives it",
                    it.id, it.cell, it.source, it.giver
                ),
            );
        }
    }
    for s in &d.switches {
        let giver = &d.nodes[s.giver];
        let uses = d.nodes.iter().filter(|n| n.needs_switches.contains(&s.id)).count();
        if giver.gives != Gives::Switch(s.id)
            || giver.parent != Some(s.opens)
            || uses != 1
            || !d.nodes[s.opens].needs_switches.contains(&s.id)
        {
            report.flag(
                "switches",
                format!("switch {} from node {} must open exactly its parent; says {}", s.id, s.giver, s.opens),
            );
        }
    }
    for node in &d.nodes {
        let back = match node.gives {
            Gives::Item(i) => d.items[i].giver == node.id,
            Gives::Switch(s) => d.switches[s].giver == node.id,
            Gives::Clear => node.id == 0,
        };
        if !back {
            report.flag("items", format!("node {} gives {:?}, which names another giver", node.id, node.gives));
        }
    }
}

/// The objects each node's mechanic calls for, and nothing else.
fn check_objects(d: &Dungeon, report: &mut Report) {
    for node in &d.nodes {
        let mine: Vec<_> = d.objects.iter().filter(|o| o.node == node.id).collect();
        let item = match node.gives {
            Gives::Item(i) => Some(i),
            _ => None,
        };
        let switch = match node.gives {
            Gives::Switch(s) => Some(s),
            _ => None,
        };
        let o = node.objective;
        let at = |c: (usize, usize)| mine.iter().find(|ob| ob.cell == c).map(|ob| &ob.kind);
        let near_start = |c: (usize, usize)| c.0.abs_diff(d.player_start.0) + c.1.abs_diff(d.player_start.1) == 1;
        let ok = match (node.role, node.mechanic) {
            (NodeRole::Start, Mechanic::Lever) => {
                mine.len() == 1
                    && near_start(mine[0].cell)
                    && matches!(mine[0].kind, ObjectKind::Lever { switch: s } if Some(s) == switch)
            }
            (NodeRole::Start, _) | (NodeRole::Bridge, _) | (_, Mechanic::Fetch) => mine.is_empty(),
            (NodeRole::Finish, _) => mine.len() == 1 && matches!(at(o), Some(ObjectKind::Table)),
            (_, Mechanic::Lever) => {
                mine.len() == 1 && matches!(at(o), Some(ObjectKind::Lever { switch: s }) if Some(*s) == switch)
            }
            (_, Mechanic::CratePlate) => {
                mine.len() == 2
                    && matches!(at(o), Some(ObjectKind::Plate { switch: s }) if Some(*s) == switch)
                    && mine.iter().any(|ob| matches!(ob.kind, ObjectKind::Crate { plate, .. } if plate == o))
            }
            (_, Mechanic::Combine) => {
                mine.len() == 1 && matches!(at(o), Some(ObjectKind::Station { makes }) if Some(*makes) == item)
            }
            (_, Mechanic::Guard) => {
                mine.len() == 1
                    && matches!(at(o), Some(ObjectKind::Guard { wants, guards })
                        if Some(*guards) == item && node.needs_items.first() == Some(wants))
            }
            _ => false,
        };
        if !ok {
            report.flag(
                "objects",
                format!(
                    "node {} ({:?}) has objects {:?}",
                    node.id,
                    node.mechanic,
                    mine.iter().map(|ob| &ob.kind).collect::<Vec<_>>()
                ),
            );
        }
    }
}

/// Prefabs and puzzles only in their own theme's zone; zones' themes known and distinct.
fn check_themes(data: &DungeonData, d: &Dungeon, report: &mut Report) {
    let mut seen: Vec<&str> = Vec::new();
    for zone in &d.zones {
        match data.themes.themes.iter().find(|t| t.id == zone.theme) {
            None => report.flag("theme", format!("zone {} has unknown theme \"{}\"", zone.id, zone.theme)),
            Some(theme) if theme.style != zone.style || theme.colour != zone.colour => report.flag(
                "theme",
                format!(
                    "zone {} is {:?} {:?}, its theme is {:?} {:?}",
                    zone.id, zone.style, zone.colour, theme.style, theme.colour
                ),
            ),
            _ => {}
        }
        if seen.contains(&zone.theme.as_str()) {
            report.flag("theme", format!("theme \"{}\" is used by two zones", zone.theme));
        }
        seen.push(&zone.theme);
    }
    for room in &d.rooms {
        let Some(theme) = data.themes.themes.iter().find(|t| t.id == d.zones[room.zone].theme) else { continue };
        match theme.prefabs.iter().find(|p| p.id == room.prefab) {
            None => report.flag(
                "theme",
                format!(
                    "room {} (zone {}, {}) uses prefab \"{}\" of another theme",
                    room.id, room.zone, theme.id, room.prefab
                ),
            ),
            Some(p) if !p.rooms.contains(&room.kind) => report
                .flag("theme", format!("prefab \"{}\" doesn't dress {:?} rooms (room {})", p.id, room.kind, room.id)),
            _ => {}
        }
    }
    for node in &d.nodes {
        let Some(theme) = data.themes.themes.iter().find(|t| t.id == d.zones[node.zone].theme) else { continue };
        let ok = match node.role {
            NodeRole::Start => theme.start.id == node.puzzle,
            NodeRole::Finish => theme.finish.id == node.puzzle,
            NodeRole::Bridge => theme.bridge.id == node.puzzle,
            NodeRole::Puzzle => theme.puzzles.iter().any(|p| p.id == node.puzzle && p.mechanic == node.mechanic),
        };
        if !ok {
            report.flag(
                "theme",
                format!(
                    "node {} (zone {}, {}) plays \"{}\", not a {:?} of its theme",
                    node.id, node.zone, theme.id, node.puzzle, node.mechanic
                ),
            );
        }
    }
}
