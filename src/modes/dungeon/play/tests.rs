//! The dungeon's rules, one mechanic a test, on generated dungeons.

use super::*;
use seedfeast_procgen::Seed;
use seedfeast_procgen::dungeon::{DungeonData, DungeonRequest, Gives, generate_dungeon};

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
    let (mut play, node) = find(|d, n| d.nodes[n].role == NodeRole::Start && d.nodes[n].mechanic == Mechanic::Fetch);
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
