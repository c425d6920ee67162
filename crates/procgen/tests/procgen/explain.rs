//! "How was this level made?" (issue #33): a traced generator makes the very level the untraced
//! one makes, its trace alone rebuilds that level (1,000 seeds per mode here; 20,000 behind
//! `--ignored`), an altered trace rebuilds a different level or is refused, and every event
//! names its rule in its JSON and its caption.

use std::collections::BTreeSet;

use seedfeast_procgen::maze::explain::BraidSkip;
use seedfeast_procgen::maze::{MazeFloor, MazeStep, MazeTuning, generate_floor, generate_floor_traced, rebuild_floor};
use seedfeast_procgen::physics::JumpReach;
use seedfeast_procgen::runner::{
    PlacedChunk, RunnerConfig, RunnerStep, generate_track, generate_track_traced, rebuild_track,
};
use seedfeast_procgen::trace::{Recorder, Step};
use seedfeast_procgen::{FoodKind, IntensityCurve, Seed};

/// Equal to the bit: `==` on floats would let 0.0 stand for -0.0, their Debug forms do not.
fn assert_same<T: PartialEq + std::fmt::Debug>(a: &T, b: &T, what: &str) {
    assert!(a == b && format!("{a:?}") == format!("{b:?}"), "{what}");
}

/// Every float of a track by its bits (a cheaper [`assert_same`] for 200,000 chunks).
fn track_bits(track: &[PlacedChunk]) -> Vec<u32> {
    let mut bits = Vec::new();
    for c in track {
        bits.extend([c.demand, c.intensity, c.speed, c.jump_range, c.x, c.width].map(f32::to_bits));
        for span in c.gaps.iter().chain(&c.ground).chain(&c.hazards) {
            bits.extend([span.x.to_bits(), span.width.to_bits()]);
        }
        bits.extend(c.platforms.iter().flat_map(|p| [p.x, p.y, p.width].map(f32::to_bits)));
        bits.extend(c.food.iter().flat_map(|f| [f.x, f.y].map(f32::to_bits)));
    }
    bits
}

fn spread(i: u64) -> Seed {
    Seed(i.wrapping_mul(0x9E37_79B9_7F4A) & 0xFF_FFFF_FFFF)
}

fn traced_track(seed: Seed, chunks: usize) -> (Vec<PlacedChunk>, Vec<RunnerStep>) {
    let config = RunnerConfig::default();
    let mut trace = Recorder::new();
    let track = generate_track_traced(&config, JumpReach::of(&config.tuning), seed, chunks, &mut trace);
    (track, trace.into_events())
}

/// `seeds` tracks of 200 chunks (a sweep's depth): traced equals untraced, and the trace rebuilds
/// it. Returns the rules seen, so the sweep shows it met every one.
fn runner_sweep(seeds: u64) -> BTreeSet<&'static str> {
    let config = RunnerConfig::default();
    let mut rules = BTreeSet::new();
    for i in 0..seeds {
        let seed = spread(i);
        let (track, events) = traced_track(seed, 200);
        let plain = generate_track(&config, JumpReach::of(&config.tuning), seed, 200);
        let plain_bits = track_bits(&plain);
        assert!(track == plain && track_bits(&track) == plain_bits, "seed {}: tracing changed the track", seed.0);
        match rebuild_track(&events) {
            Ok(rebuilt) => assert!(
                rebuilt == plain && track_bits(&rebuilt) == plain_bits,
                "seed {}: the trace rebuilt another track",
                seed.0
            ),
            Err(error) => panic!("seed {}: {error}", seed.0),
        }
        rules.extend(events.iter().map(|e| e.rule()));
        if events.iter().any(|e| matches!(e, RunnerStep::Food { pity: Some(_), .. })) {
            rules.insert("food by pity");
        }
    }
    rules
}

/// The sizes and tunings a maze sweep cycles through: the game's, the edge sizes, and tunings
/// whose loops run short and whose braid passes dead ends over.
fn maze_case(i: u64) -> MazeTuning {
    const SIZES: [(usize, usize); 9] = [(21, 15), (1, 1), (2, 2), (3, 3), (7, 1), (1, 7), (6, 4), (22, 16), (51, 51)];
    let (width, height) = SIZES[(i % SIZES.len() as u64) as usize];
    let mut tuning = MazeTuning { width, height, ..MazeTuning::default() };
    match i % 4 {
        1 => (tuning.loop_share, tuning.braid) = (0.4, 0.5),
        2 => (tuning.braid, tuning.min_hazard_distance) = (0.0, 200),
        _ => {}
    }
    tuning
}

fn traced_floor(tuning: &MazeTuning, seed: Seed, floor: u32) -> (MazeFloor, Vec<MazeStep>) {
    let mut trace = Recorder::new();
    let made = generate_floor_traced(tuning, &IntensityCurve::default(), seed, floor, &mut trace);
    (made, trace.into_events())
}

fn maze_sweep(seeds: u64) -> BTreeSet<&'static str> {
    let curve = IntensityCurve::default();
    let mut rules = BTreeSet::new();
    for i in 0..seeds {
        let (seed, tuning, number) = (spread(i), maze_case(i), 1 + (i % 7) as u32);
        let (floor, events) = traced_floor(&tuning, seed, number);
        let plain = generate_floor(&tuning, &curve, seed, number);
        let at = format!("{}x{} seed {} floor {number}", tuning.width, tuning.height, seed.0);
        assert_same(&floor, &plain, &format!("{at}: tracing changed the floor"));
        match rebuild_floor(&events) {
            Ok(rebuilt) => assert_same(&rebuilt, &plain, &format!("{at}: the trace rebuilt another floor")),
            Err(error) => panic!("{at}: {error}"),
        }
        rules.extend(events.iter().map(|e| e.rule()));
        for event in &events {
            if let MazeStep::BraidSkipped { why, .. } = event {
                rules.insert(match why {
                    BraidSkip::NoLongerDeadEnd => "braid: healed",
                    BraidSkip::NotDrawn => "braid: not drawn",
                    BraidSkip::NoWall => "braid: no wall",
                });
            }
        }
    }
    rules
}

#[test]
fn runner_traces_rebuild_their_tracks_over_1000_seeds() {
    let rules = runner_sweep(1_000);
    let every = [
        "rules",
        "intensity",
        "warmup",
        "forced-rest",
        "window",
        "draw",
        "gap",
        "platform",
        "hazard",
        "food",
        "food by pity",
        "streak",
    ];
    assert_eq!(rules, every.into_iter().collect(), "the sweep should meet every rule");
}

#[test]
fn maze_traces_rebuild_their_floors_over_1000_seeds() {
    let rules = maze_sweep(1_000);
    for rule in [
        "floor",
        "carve-start",
        "carve",
        "backtrack",
        "loop-target",
        "loop",
        "loop-skipped",
        "loops-short",
        "braid-start",
        "braid",
        "braid: healed",
        "braid: not drawn",
        "braid: no wall",
        "start",
        "star",
        "power-up",
        "tokens",
        "hazard-rule",
        "hazard",
        "pursuer-speed",
    ] {
        assert!(rules.contains(rule), "the sweep never met `{rule}`: {rules:?}");
    }
}

/// The long sweep: `cargo test -p seedfeast-procgen --test procgen explain:: -- --ignored`.
#[test]
#[ignore = "20,000 seeds per mode: run with --ignored"]
fn traces_rebuild_their_levels_over_20000_seeds() {
    runner_sweep(20_000);
    maze_sweep(20_000);
}

#[test]
fn an_altered_runner_trace_rebuilds_another_track_or_is_refused() {
    let (track, events) = traced_track(Seed(7), 60);
    // Another chunk drawn from the same weights, as demanding (so the streak counts alike): the
    // rebuilt track lays it there and is otherwise the same.
    let mut altered = events.clone();
    let demanding = |demand: f32| demand > RunnerConfig::default().tuning.demanding_above;
    let (at, other, demand) = altered
        .iter_mut()
        .enumerate()
        .find_map(|(at, e)| match e {
            RunnerStep::Draw { weights, pick, .. } => {
                let w = weights.iter().find(|w| w.id != pick.id && demanding(w.demand) == demanding(pick.demand))?;
                (pick.id, pick.demand) = (w.id.clone(), w.demand);
                Some((at, w.id.clone(), w.demand))
            }
            _ => None,
        })
        .expect("a draw among two chunks alike");
    let streak = at + altered[at..].iter().position(|e| e.rule() == "streak").unwrap();
    let RunnerStep::Streak { demand: counted, .. } = &mut altered[streak] else { unreachable!() };
    *counted = demand;
    let chunk = events[..at].iter().filter(|e| matches!(e, RunnerStep::Intensity { .. })).count() - 1;
    let rebuilt = rebuild_track(&altered).unwrap();
    assert_ne!(rebuilt, track);
    assert_eq!((rebuilt[chunk].id.as_str(), rebuilt[chunk].demand), (other.as_str(), demand));
    assert_eq!((&rebuilt[..chunk], &rebuilt[chunk + 1..]), (&track[..chunk], &track[chunk + 1..]));

    // Another food: a different track.
    let mut altered = events.clone();
    let kind = altered.iter_mut().find_map(|e| match e {
        RunnerStep::Food { kind, .. } => Some(kind),
        _ => None,
    });
    *kind.unwrap() = FoodKind::Cake;
    let food = |t: &[PlacedChunk]| t.iter().flat_map(|c| c.food.iter().map(|f| f.kind)).next();
    assert_ne!(food(&track), Some(FoodKind::Cake), "pick a seed whose first food is not cake");
    assert_eq!(food(&rebuild_track(&altered).unwrap()), Some(FoodKind::Cake));

    // A gap wider than its rule allows: the caption would lie, so the trace is refused.
    let mut altered = events.clone();
    let (at, width) = altered
        .iter_mut()
        .enumerate()
        .find_map(|(at, e)| match e {
            RunnerStep::Gap { width, .. } => Some((at, width)),
            _ => None,
        })
        .unwrap();
    *width *= 1.01;
    let error = rebuild_track(&altered).unwrap_err();
    assert_eq!(error.event, at);
    assert!(error.reason.contains("the gap's width"), "{error}");

    // A cut trace: the chunk whose choice was cut away is refused.
    let first_choice = events.iter().position(|e| matches!(e, RunnerStep::Warmup { .. })).unwrap();
    let mut cut = events.clone();
    cut.remove(first_choice);
    assert!(rebuild_track(&cut).unwrap_err().reason.contains("no rule chose chunk 0"));
    assert_eq!(rebuild_track(&[]), Ok(Vec::new()));
    assert!(rebuild_track(&events[1..]).unwrap_err().reason.contains("before the `rules`"));
}

#[test]
fn an_altered_maze_trace_rebuilds_another_floor_or_is_refused() {
    let (floor, events) = traced_floor(&MazeTuning::default(), Seed::from_text("pizza party"), 7);
    // The carve's last move made from another side: the same cell reached through another wall
    // (every other cell is carved by then).
    let mut altered = events.clone();
    let last = altered.iter().rposition(|e| matches!(e, MazeStep::Carve { .. })).unwrap();
    let MazeStep::Carve { from, wall, to, .. } = &mut altered[last] else { unreachable!() };
    let other = [(0isize, -2isize), (2, 0), (0, 2), (-2, 0)].into_iter().find_map(|(dx, dy)| {
        let cell = (to.0.checked_add_signed(dx)?, to.1.checked_add_signed(dy)?);
        let between = ((to.0 + cell.0) / 2, (to.1 + cell.1) / 2);
        let inside = (1..floor.grid.width - 1).contains(&cell.0) && (1..floor.grid.height - 1).contains(&cell.1);
        (inside && cell != *from && !floor.grid.is_open(between.0, between.1)).then_some((cell, between))
    });
    let old_wall = *wall;
    (*from, *wall) = other.expect("the last carved cell has another neighbour behind a wall");
    // The cell the carve no longer opens holds a token, so the trace's placements no longer fit.
    assert!(floor.tokens.contains(&old_wall) || floor.stars.contains(&old_wall));
    let error = rebuild_floor(&altered).unwrap_err();
    assert!(error.event > last && error.reason.contains(&format!("({}, {}) is a wall", old_wall.0, old_wall.1)));
    // Without the placements the rebuilt maze is another maze with as many open cells.
    let carved: Vec<MazeStep> =
        altered.into_iter().filter(|e| !matches!(e, MazeStep::Tokens { .. } | MazeStep::Star { .. })).collect();
    let rebuilt = rebuild_floor(&carved).unwrap();
    assert_ne!(rebuilt.grid, floor.grid);
    assert_eq!(rebuilt.grid.open_count(), floor.grid.open_count());

    // The first move sent elsewhere: the carve then moves on from cells it never reached, refused.
    let mut altered = events.clone();
    let first = altered.iter().position(|e| matches!(e, MazeStep::Carve { .. })).unwrap();
    let MazeStep::Carve { from, wall, to, .. } = &mut altered[first] else { unreachable!() };
    let (down, right) = ((from.0, from.1 + 2), (from.0 + 2, from.1));
    *to = if *to == down { right } else { down };
    *wall = ((from.0 + to.0) / 2, (from.1 + to.1) / 2);
    assert!(rebuild_floor(&altered).unwrap_err().reason.contains("has not reached"));

    // A token moved to another open cell: the floor differs.
    let mut altered = events.clone();
    let MazeStep::Tokens { cells, .. } = altered.iter_mut().find(|e| matches!(e, MazeStep::Tokens { .. })).unwrap()
    else {
        unreachable!()
    };
    cells[0] = floor.start;
    let rebuilt = rebuild_floor(&altered).unwrap();
    assert_ne!(rebuilt, floor);
    assert_eq!(rebuilt.tokens[0], floor.start);

    // A loop through a cell already open is refused, naming the event.
    let mut altered = events.clone();
    let at = altered.iter().position(|e| matches!(e, MazeStep::Loop { .. })).unwrap();
    let MazeStep::Loop { wall, .. } = &mut altered[at] else { unreachable!() };
    *wall = floor.start;
    let error = rebuild_floor(&altered).unwrap_err();
    assert_eq!(error.event, at);
    assert!(error.reason.contains("already open"), "{error}");
    assert!(rebuild_floor(&[]).is_err());
    assert!(rebuild_floor(&events[..events.len() - 1]).unwrap_err().reason.contains("pursuer-speed"));
}

#[test]
fn every_event_names_its_rule_in_json_and_captions_carry_the_numbers() {
    let (_, runner) = traced_track(Seed(7), 60);
    let (_, maze) = traced_floor(&MazeTuning::default(), Seed(7), 3);
    for (json, rule, caption) in runner
        .iter()
        .map(|e| (serde_json::to_value(e).unwrap(), e.rule(), e.caption()))
        .chain(maze.iter().map(|e| (serde_json::to_value(e).unwrap(), e.rule(), e.caption())))
    {
        assert_eq!(json["rule"], rule, "{json}");
        assert!(!caption.is_empty() && !rule.is_empty(), "{json}");
    }
    let window = runner.iter().find(|e| e.rule() == "window").unwrap();
    assert!(
        window.caption().contains("demand ≤ intensity 0.") && window.caption().contains("+ 0.22"),
        "{}",
        window.caption()
    );
    let lines = window.details();
    assert!(lines.iter().any(|l| l.ends_with("admitted")) && lines.iter().any(|l| l.ends_with("refused")), "{lines:?}");
    let gap = runner.iter().find(|e| e.rule() == "gap").unwrap().caption();
    assert!(gap.contains("62%") && gap.contains("jump range"), "{gap}");
    let loops = maze.iter().find(|e| e.rule() == "loop-target").unwrap().caption();
    assert!(loops.starts_with("loops: 2% of 1") && loops.contains("= 2,"), "{loops}");
    let start = maze.iter().find(|e| e.rule() == "start").unwrap().caption();
    assert!(start.starts_with("start: (1, 1), the first of "), "{start}");
}
