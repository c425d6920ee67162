//! "How was this level made?" for the Arena and the tunnels (issue #33; the Runner and the Maze
//! are in `explain.rs`): a traced generator makes the very level the untraced one makes, its trace
//! alone rebuilds that level (1,000 seeds per mode and variant; 20,000 behind `--ignored`), an
//! altered trace rebuilds a different level or is refused, and every event names its rule.

use std::collections::BTreeSet;

use seedfeast_procgen::arena::{
    ArenaGenerator, ArenaStep, ArenaTuning, ArenaWave, Point, generate_wave, generate_wave_traced, rebuild_wave,
};
use seedfeast_procgen::physics::FlyerReach;
use seedfeast_procgen::trace::{Recorder, Step};
use seedfeast_procgen::tunnel::{Gate, TunnelStep, TunnelTuning, generate_gates, generate_gates_traced, rebuild_gates};
use seedfeast_procgen::{FoodKind, FoodTable, IntensityCurve, Seed};

fn spread(i: u64) -> Seed {
    Seed(i.wrapping_mul(0x9E37_79B9_7F4A) & 0xFF_FFFF_FFFF)
}

/// Every float of a wave by its bits (`==` on floats would let 0.0 stand for −0.0), with the rest
/// compared by `==`.
fn wave_bits(wave: &ArenaWave) -> Vec<u32> {
    let mut bits = vec![wave.intensity, wave.width, wave.height, wave.player.0, wave.player.1, wave.clear_radius]
        .into_iter()
        .chain([wave.min_spacing])
        .map(f32::to_bits)
        .collect::<Vec<u32>>();
    bits.extend(wave.items.iter().flat_map(|i| [i.x, i.y].map(f32::to_bits)));
    bits.extend(wave.decor.iter().flat_map(|p| [p.x, p.y].map(f32::to_bits)));
    bits.extend(wave.tint.elevation.iter().chain(&wave.tint.moisture).map(|v| v.to_bits()));
    bits
}

fn gate_bits(gates: &[Gate]) -> Vec<u32> {
    gates.iter().flat_map(|g| [g.x, g.gap_center, g.gap_height, g.spacing, g.intensity].map(f32::to_bits)).collect()
}

/// The tunings an arena sweep cycles through: the game's; a crowded field (items given up); a
/// wide clear circle; no challenge rounds and no spacing; an arena too narrow for any item.
fn arena_case(i: u64) -> ArenaTuning {
    let mut tuning = ArenaTuning::default();
    match i % 6 {
        1 => (tuning.min_spacing, tuning.max_attempts, tuning.items_max) = (150.0, 6, 40),
        2 => (tuning.clear_radius, tuning.challenge_clear_radius) = (250.0, 330.0),
        3 => (tuning.challenge_every_start, tuning.challenge_every_end, tuning.min_spacing) = (0, 0, 0.0),
        4 => (tuning.width, tuning.height, tuning.item_radius) = (30.0, 900.0, 20.0),
        _ => {}
    }
    tuning
}

fn traced_wave(tuning: &ArenaTuning, seed: Seed, wave: u32) -> (ArenaWave, Vec<ArenaStep>) {
    let (curve, food) = (IntensityCurve::default(), FoodTable::default());
    let mut trace = Recorder::new();
    let made = generate_wave_traced(tuning, &curve, &food, seed, wave, &mut trace);
    (made, trace.into_events())
}

fn check_wave(made: &ArenaWave, events: &[ArenaStep], plain: &ArenaWave, at: &str) {
    assert!(made == plain && wave_bits(made) == wave_bits(plain), "{at}: tracing changed the wave");
    match rebuild_wave(events) {
        Ok(rebuilt) => assert!(
            rebuilt == *plain && wave_bits(&rebuilt) == wave_bits(plain),
            "{at}: the trace rebuilt another wave"
        ),
        Err(error) => panic!("{at}: {error}"),
    }
}

fn arena_sweep(seeds: u64) -> BTreeSet<&'static str> {
    let (curve, food) = (IntensityCurve::default(), FoodTable::default());
    let mut rules = BTreeSet::new();
    for i in 0..seeds {
        let (seed, tuning, wave) = (spread(i), arena_case(i), 1 + (i % 40) as u32);
        let (made, events) = traced_wave(&tuning, seed, wave);
        let plain = generate_wave(&tuning, &curve, &food, seed, wave);
        check_wave(&made, &events, &plain, &format!("case {} seed {} wave {wave}", i % 6, seed.0));
        rules.extend(events.iter().map(|e| e.rule()));
        for event in &events {
            match event {
                ArenaStep::Food { pity: Some(_), .. } => rules.insert("food by pity"),
                ArenaStep::Challenge { challenge: true, .. } => rules.insert("a challenge round"),
                _ => false,
            };
        }
    }
    rules
}

/// The tunings a tunnel sweep cycles through: the game's, and a broken one (a tiny shift cap,
/// gaps from a sliver to most of the screen) whose centres are sometimes boxed in.
fn tunnel_case(i: u64) -> TunnelTuning {
    let mut tuning = TunnelTuning::default();
    if i % 5 == 4 {
        (tuning.shift_screen_share, tuning.gap_min_start, tuning.gap_max_start) = (0.01, 100.0, 600.0);
        (tuning.gap_min_end, tuning.gap_max_end) = (100.0, 600.0);
    }
    tuning
}

fn traced_gates(tuning: &TunnelTuning, seed: Seed, n: usize, squeeze: bool) -> (Vec<Gate>, Vec<TunnelStep>) {
    let mut trace = Recorder::new();
    let reach = FlyerReach::of(tuning);
    let gates = generate_gates_traced(tuning, &IntensityCurve::default(), reach, seed, n, squeeze, &mut trace);
    (gates, trace.into_events())
}

/// `seeds` runs of 200 gates (a sweep's depth) in the variant `squeeze` says.
fn tunnel_sweep(seeds: u64, squeeze: bool) -> BTreeSet<&'static str> {
    let curve = IntensityCurve::default();
    let mut rules = BTreeSet::new();
    for i in 0..seeds {
        let (seed, tuning) = (spread(i), tunnel_case(i));
        let (gates, events) = traced_gates(&tuning, seed, 200, squeeze);
        let plain = generate_gates(&tuning, &curve, FlyerReach::of(&tuning), seed, 200, squeeze);
        let (plain_bits, at) = (gate_bits(&plain), format!("seed {} squeeze {squeeze}", seed.0));
        assert!(gates == plain && gate_bits(&gates) == plain_bits, "{at}: tracing changed the gates");
        match rebuild_gates(&events) {
            Ok(rebuilt) => {
                assert!(rebuilt == plain && gate_bits(&rebuilt) == plain_bits, "{at}: the trace rebuilt other gates")
            }
            Err(error) => panic!("{at}: {error}"),
        }
        rules.extend(events.iter().map(|e| e.rule()));
        for event in &events {
            match event {
                TunnelStep::Centre { range, .. } if range.boxed_in => rules.insert("centre: boxed in"),
                TunnelStep::Squeeze { narrowed_by, .. } if *narrowed_by == 0.0 => rules.insert("squeeze: none"),
                TunnelStep::Squeeze { height, narrowed_by, squeezed, .. } if *squeezed > height - narrowed_by => {
                    rules.insert("squeeze: the floor")
                }
                _ => false,
            };
        }
    }
    rules
}

#[test]
fn arena_traces_rebuild_their_waves_over_1000_seeds() {
    let rules = arena_sweep(1_000);
    let every = [
        "rules",
        "wave",
        "challenge",
        "a challenge round",
        "items",
        "clear-radius",
        "scatter",
        "accepted",
        "too-close",
        "in-clear-radius",
        "gave-up",
        "hazards",
        "hazard",
        "food",
        "food by pity",
        "threats",
        "decor",
        "tint",
    ];
    assert_eq!(rules, every.into_iter().collect(), "the sweep should meet every rule");
}

#[test]
fn an_arena_run_traced_wave_by_wave_rebuilds_each_wave() {
    let (tuning, curve, food) = (ArenaTuning::default(), IntensityCurve::default(), FoodTable::default());
    let mut run = ArenaGenerator::new(tuning.clone(), curve.clone(), food.clone(), Seed(11));
    for wave in 1..=12 {
        let mut trace = Recorder::new();
        let made = run.next_wave_traced(&mut trace);
        let plain = generate_wave(&tuning, &curve, &food, Seed(11), wave);
        check_wave(&made, trace.events(), &plain, &format!("wave {wave}"));
        // The floor is made with the first wave and kept.
        let fresh = trace.events().iter().any(|e| matches!(e, ArenaStep::Decor { fresh: true, .. }));
        assert_eq!(fresh, wave == 1);
    }
}

#[test]
fn tunnel_traces_rebuild_their_gates_over_1000_seeds() {
    let rules = tunnel_sweep(1_000, false);
    let every = ["rules", "gate", "squeeze", "squeeze: none", "first-centre", "centre", "centre: boxed in"];
    for rule in every {
        assert!(rules.contains(rule), "the sweep never met `{rule}`: {rules:?}");
    }
}

#[test]
fn food_tunnel_traces_rebuild_their_gates_over_1000_seeds() {
    let rules = tunnel_sweep(1_000, true);
    let every = [
        "rules",
        "gate",
        "squeeze",
        "squeeze: none",
        "squeeze: the floor",
        "first-centre",
        "centre",
        "centre: boxed in",
    ];
    assert_eq!(rules, every.into_iter().collect(), "the sweep should meet every rule");
}

/// The long sweep: `cargo test -p seedfeast-procgen --test procgen explain_arena_tunnel:: -- --ignored`.
#[test]
#[ignore = "20,000 seeds per mode: run with --ignored"]
fn arena_and_tunnel_traces_rebuild_their_levels_over_20000_seeds() {
    arena_sweep(20_000);
    tunnel_sweep(20_000, false);
    tunnel_sweep(20_000, true);
}

#[test]
fn an_altered_arena_trace_rebuilds_another_wave_or_is_refused() {
    let tuning = ArenaTuning::default();
    let (wave, events) = traced_wave(&tuning, Seed(7), 6);
    let accepted = |events: &[ArenaStep], n: usize| {
        events.iter().enumerate().filter(|(_, e)| matches!(e, ArenaStep::Accepted { .. })).nth(n).unwrap().0
    };
    // The last item nudged a unit to the right, in the scatter and in its food: still keeping
    // every rule, so another wave, differing in that item alone.
    let mut altered = events.clone();
    let last = wave.items.len() - 1;
    for event in &mut altered {
        if let ArenaStep::Accepted { point, index, .. } | ArenaStep::Food { point, index, .. } = event
            && *index == last
        {
            point.x += 1.0;
        }
    }
    let rebuilt = rebuild_wave(&altered).unwrap();
    assert_ne!(rebuilt, wave);
    assert_eq!((rebuilt.items[last].x, &rebuilt.items[..last]), (wave.items[last].x + 1.0, &wave.items[..last]));

    // Another food: another wave.
    let mut altered = events.clone();
    let kind = altered.iter_mut().find_map(|e| match e {
        ArenaStep::Food { kind, .. } => Some(kind),
        _ => None,
    });
    let kind = kind.unwrap();
    let other = if *kind == FoodKind::Cake { FoodKind::Apple } else { FoodKind::Cake };
    *kind = other;
    let rebuilt = rebuild_wave(&altered).unwrap();
    assert_ne!(rebuilt, wave);
    assert_eq!(rebuilt.foods().next(), Some(other));

    // An item moved onto the player: inside the clear circle, refused at its event.
    let mut altered = events.clone();
    let at = accepted(&altered, 0);
    let ArenaStep::Accepted { point, .. } = &mut altered[at] else { unreachable!() };
    *point = Point { x: wave.player.0 + 1.0, y: wave.player.1 };
    let error = rebuild_wave(&altered).unwrap_err();
    assert_eq!(error.event, at);
    assert!(error.reason.contains("inside the clear circle"), "{error}");

    // The second item placed on the first: too close.
    let mut altered = events.clone();
    let (first, second) = (wave.items[0], accepted(&altered, 1));
    let ArenaStep::Accepted { point, .. } = &mut altered[second] else { unreachable!() };
    *point = Point { x: first.x, y: first.y };
    let error = rebuild_wave(&altered).unwrap_err();
    assert!(error.event == second && error.reason.contains("too close to item 0"), "{error}");

    // More hazards than the share gives: the caption would lie, refused.
    let mut altered = events.clone();
    let at = altered.iter().position(|e| e.rule() == "hazards").unwrap();
    let ArenaStep::Hazards { hazards, .. } = &mut altered[at] else { unreachable!() };
    *hazards += 1;
    assert_eq!(rebuild_wave(&altered).unwrap_err().event, at);

    // A cut trace: a candidate missing leaves the next out of turn; no floor, no wave.
    let mut cut = events.clone();
    cut.remove(accepted(&events, 0));
    assert!(rebuild_wave(&cut).unwrap_err().reason.contains("should"));
    assert!(rebuild_wave(&events[..events.len() - 1]).unwrap_err().reason.contains("`tint`"));
    assert!(rebuild_wave(&events[1..]).unwrap_err().reason.contains("before the `rules`"));
    assert!(rebuild_wave(&[]).is_err());
}

#[test]
fn an_altered_tunnel_trace_rebuilds_other_gates_or_is_refused() {
    let tuning = TunnelTuning::default();
    let (gates, events) = traced_gates(&tuning, Seed(7), 60, true);
    let centres = |events: &[TunnelStep]| -> Vec<usize> {
        events.iter().enumerate().filter(|(_, e)| e.rule() == "centre").map(|(at, _)| at).collect()
    };
    // The last centre drawn elsewhere in its range: another last gate, the rest the same.
    let mut altered = events.clone();
    let last = *centres(&altered).last().unwrap();
    let TunnelStep::Centre { range, u, centre, .. } = &mut altered[last] else { unreachable!() };
    *u = if *u < 0.5 { 0.9 } else { 0.1 };
    *centre = range.draw(*u);
    let rebuilt = rebuild_gates(&altered).unwrap();
    let n = gates.len() - 1;
    assert_ne!(rebuilt, gates);
    assert_eq!(&rebuilt[..n], &gates[..n]);
    assert_ne!(rebuilt[n].gap_center, gates[n].gap_center);

    // An earlier centre moved the same way: the next gate's range, recorded from the old one, no
    // longer follows from it.
    let mut altered = events.clone();
    let middle = centres(&altered)[20];
    let TunnelStep::Centre { range, u, centre, .. } = &mut altered[middle] else { unreachable!() };
    *u = if *u < 0.5 { 0.9 } else { 0.1 };
    *centre = range.draw(*u);
    let error = rebuild_gates(&altered).unwrap_err();
    assert!(error.event > middle && error.reason.contains("the centre's range"), "{error}");

    // A centre outside its range: refused at its event.
    let mut altered = events.clone();
    let TunnelStep::Centre { range, centre, .. } = &mut altered[last] else { unreachable!() };
    *centre = range.hi + 5.0;
    assert_eq!(rebuild_gates(&altered).unwrap_err().event, last);

    // A gap squeezed past its floor: refused, naming the event.
    let mut altered = events.clone();
    let at = altered.iter().rposition(|e| e.rule() == "squeeze").unwrap();
    let TunnelStep::Squeeze { squeezed, .. } = &mut altered[at] else { unreachable!() };
    *squeezed = tuning.squeeze_floor - 10.0;
    let error = rebuild_gates(&altered).unwrap_err();
    assert!(error.event == at && error.reason.contains("the squeezed gap"), "{error}");

    // The Food Tunnel's rules flipped to the plain tunnel's: the squeezes say otherwise.
    let mut altered = events.clone();
    let TunnelStep::Rules { squeeze, .. } = &mut altered[0] else { unreachable!() };
    *squeeze = false;
    assert!(rebuild_gates(&altered).unwrap_err().reason.contains("the rules say false"));

    // Cut traces.
    let mut cut = events.clone();
    cut.remove(events.iter().position(|e| e.rule() == "squeeze").unwrap());
    assert!(rebuild_gates(&cut).unwrap_err().reason.contains("before its squeeze"));
    assert!(rebuild_gates(&events[..events.len() - 1]).unwrap_err().reason.contains("has no centre"));
    assert!(rebuild_gates(&events[1..]).unwrap_err().reason.contains("before the `rules`"));
    assert_eq!(rebuild_gates(&[]), Ok(Vec::new()));
}

#[test]
fn every_arena_and_tunnel_event_names_its_rule_in_json_and_captions_carry_the_numbers() {
    let (_, arena) = traced_wave(&arena_case(1), Seed(7), 5);
    let (_, tunnel) = traced_gates(&TunnelTuning::default(), Seed(7), 200, true);
    for (json, rule, caption) in arena
        .iter()
        .map(|e| (serde_json::to_value(e).unwrap(), e.rule(), e.caption()))
        .chain(tunnel.iter().map(|e| (serde_json::to_value(e).unwrap(), e.rule(), e.caption())))
    {
        assert_eq!(json["rule"], rule, "{json}");
        assert!(!caption.is_empty() && !rule.is_empty(), "{json}");
    }
    let caption = |events: &[ArenaStep], rule: &str| events.iter().find(|e| e.rule() == rule).unwrap().caption();
    let close = caption(&arena, "too-close");
    assert!(close.contains("< 150: too close"), "{close}");
    let scatter = caption(&arena, "scatter");
    assert!(scatter.contains("at least 150 apart") && scatter.contains("6 tries each"), "{scatter}");
    let centre = tunnel.iter().find(|e| e.rule() == "centre").unwrap().caption();
    assert!(centre.contains("up min(cap ") && centre.contains("climb") && centre.contains("drawn at"), "{centre}");
    let squeezes: Vec<String> = tunnel.iter().filter(|e| e.rule() == "squeeze").map(|e| e.caption()).collect();
    assert!(squeezes.iter().any(|c| c.contains("held at the floor 96")), "{squeezes:?}");
    assert!(squeezes[0].contains("not narrowed"), "{}", squeezes[0]);
}
