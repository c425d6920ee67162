//! "How was this level made?" for the Zone dungeon (issue #33): the traced generator makes the
//! very dungeon the untraced one makes, its trace alone rebuilds it (1,000 seeds here, dungeons 1
//! to 4 and the sweep's zone layouts; 20,000 behind `--ignored`), an altered trace rebuilds another
//! dungeon or is refused, and every event names its rule in its JSON and its caption.

use std::collections::BTreeSet;

use seedfeast_procgen::Seed;
use seedfeast_procgen::dungeon::generator::SWEEP_LAYOUTS;
use seedfeast_procgen::dungeon::{
    Carving, Dungeon, DungeonData, DungeonRequest, DungeonStep, Tile, generate_dungeon, generate_dungeon_traced,
    rebuild_dungeon,
};
use seedfeast_procgen::trace::{Recorder, Step};

fn spread(i: u64) -> Seed {
    Seed(i.wrapping_mul(0x9E37_79B9_7F4A) & 0xFF_FFFF_FFFF)
}

/// Seed `i`'s case: dungeon 1 to 4 in turn, every third one with a sweep layout of zones.
fn request(i: u64) -> DungeonRequest {
    let request = DungeonRequest::new(1 + (i % 4) as u32);
    if i.is_multiple_of(3) {
        request.with_zones(SWEEP_LAYOUTS[(i / 3) as usize % SWEEP_LAYOUTS.len()])
    } else {
        request
    }
}

fn traced(data: &DungeonData, seed: Seed, request: &DungeonRequest) -> (Dungeon, Vec<DungeonStep>) {
    let mut trace = Recorder::new();
    let dungeon = generate_dungeon_traced(data, seed, request, &mut trace).expect("the dungeon generates");
    (dungeon, trace.into_events())
}

/// Traced equals untraced, and the trace rebuilds it, for `seeds` cases. Returns the rules and
/// carvings seen, so the sweep shows it met every one.
fn sweep(seeds: u64) -> BTreeSet<String> {
    let data = DungeonData::default();
    let mut seen = BTreeSet::new();
    for i in 0..seeds {
        let (seed, request) = (spread(i), request(i));
        let (dungeon, events) = traced(&data, seed, &request);
        let plain = generate_dungeon(&data, seed, &request).unwrap();
        assert!(dungeon == plain, "seed {}: tracing changed the dungeon", seed.0);
        match rebuild_dungeon(&events) {
            Ok(rebuilt) => assert!(
                rebuilt == plain && format!("{rebuilt:?}") == format!("{plain:?}"),
                "seed {} dungeon {}: the trace rebuilt another dungeon",
                seed.0,
                request.dungeon
            ),
            Err(error) => panic!("seed {}: the trace doesn't rebuild: {error}", seed.0),
        }
        for event in &events {
            seen.insert(event.rule().to_string());
            if let DungeonStep::Carve { carving, .. } = event {
                let json = serde_json::to_value(carving).unwrap();
                seen.insert(format!("carve: {}", json["what"].as_str().unwrap()));
            }
        }
    }
    seen
}

#[test]
fn dungeon_traces_rebuild_their_dungeons_over_1000_seeds() {
    let seen = sweep(1_000);
    for rule in [
        "zones",
        "theme",
        "density",
        "grow",
        "canvas",
        "region",
        "carve",
        "room",
        "door",
        "node",
        "item",
        "switch",
        "object",
        "food",
        "hazard",
        "ends",
        "zone",
        "witness",
        "carve: chamber",
        "carve: cave",
        "carve: doors",
        "carve: corridor",
        "carve: bridge",
        "carve: dressing",
        "carve: pen",
    ] {
        assert!(seen.contains(rule), "the sweep never met `{rule}`: {seen:?}");
    }
}

/// The long sweep: `cargo test -p seedfeast-procgen --test procgen explain_dungeon:: -- --ignored`.
#[test]
#[ignore = "20,000 seeds: run with --ignored"]
fn dungeon_traces_rebuild_their_dungeons_over_20000_seeds() {
    sweep(20_000);
}

#[test]
fn an_altered_dungeon_trace_rebuilds_another_dungeon_or_is_refused() {
    let data = DungeonData::default();
    let request = DungeonRequest::new(2);
    let (dungeon, events) = traced(&data, Seed(7), &request);
    assert_eq!(rebuild_dungeon(&events).unwrap(), dungeon);

    // One tile of a chamber turned back into wall: another dungeon.
    let mut altered = events.clone();
    let carve = altered.iter_mut().find_map(|e| match e {
        DungeonStep::Carve { carving: Carving::Chamber { .. } | Carving::Cave { .. }, tiles } => Some(tiles),
        _ => None,
    });
    carve.unwrap()[0].1 = Tile::Wall;
    assert_ne!(rebuild_dungeon(&altered).unwrap(), dungeon);

    // A carving outside the canvas, a par that its own numbers don't give, a witness that skips a
    // puzzle, a trace cut short, and no trace at all: each refused, saying where.
    let mut outside = events.clone();
    if let Some(DungeonStep::Carve { tiles, .. }) = outside.iter_mut().find(|e| e.rule() == "carve") {
        tiles[0].0 = (dungeon.width, 0);
    }
    assert!(rebuild_dungeon(&outside).unwrap_err().reason.contains("outside the canvas"));
    let mut par = events.clone();
    let mut short = events.clone();
    for (trace, change) in [(&mut par, 0usize), (&mut short, 1)] {
        if let Some(DungeonStep::Witness { par_seconds, solution, .. }) = trace.last_mut() {
            if change == 0 {
                *par_seconds += 1;
            } else {
                solution.pop();
            }
        }
    }
    let error = rebuild_dungeon(&par).unwrap_err();
    assert!(error.reason.contains("the par is recorded as") && error.event == events.len() - 1, "{error}");
    assert!(rebuild_dungeon(&short).unwrap_err().reason.contains("solves"));
    assert!(rebuild_dungeon(&events[..events.len() - 1]).unwrap_err().reason.contains("before the witness"));
    assert!(rebuild_dungeon(&[]).is_err());
}

#[test]
fn every_dungeon_event_names_its_rule_in_json_and_captions_carry_the_numbers() {
    let data = DungeonData::default();
    let (dungeon, events) = traced(&data, Seed(7), &DungeonRequest::new(1).with_zones(&[12, 10, 10, 14]));
    for event in &events {
        let json = serde_json::to_value(event).unwrap();
        assert_eq!(json["rule"], event.rule(), "{json}");
        assert!(!event.caption().is_empty(), "{json}");
    }
    let caption = |rule: &str| events.iter().find(|e| e.rule() == rule).unwrap().caption();
    assert_eq!(caption("density"), "density: zone 0's 12 rooms hold ⌊12 / 2⌋ = 6 puzzles (50 %)");
    assert!(caption("grow").starts_with("tree: node 0, the finish ("), "{}", caption("grow"));
    assert!(caption("grow").ends_with("in zone 3, the root: the goal"), "{}", caption("grow"));
    let witness = caption("witness");
    assert!(witness.contains(&format!("= {} s", dungeon.par_seconds)), "{witness}");
    // The tree grows from the goal down: the finish first, every other node under an earlier one.
    let grown: Vec<(usize, Option<usize>)> = events
        .iter()
        .filter_map(|e| match e {
            DungeonStep::Grow { node, parent, .. } => Some((*node, *parent)),
            _ => None,
        })
        .collect();
    assert_eq!(grown.len(), dungeon.nodes.len());
    assert!(grown.iter().skip(1).all(|&(node, parent)| parent.is_some_and(|p| p < node)), "{grown:?}");
}
