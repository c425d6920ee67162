//! "How was this level made?" for the Code puzzle (issue #33; the other modes are in
//! `explain.rs` and `explain_arena_tunnel.rs`): a traced generator makes the very level the
//! untraced one makes, its trace alone rebuilds that level (1,000 seeds over the curriculum's
//! steps, some with other draws and `no_shorter`), an altered trace rebuilds a different level or
//! is refused, and every event names its rule.

use std::collections::BTreeSet;

use seedfeast_procgen::Seed;
use seedfeast_procgen::puzzle::curriculum::Curriculum;
use seedfeast_procgen::puzzle::explain::{PuzzleStep, Verdict};
use seedfeast_procgen::puzzle::generate::{generate_traced, shipped_grammar};
use seedfeast_procgen::puzzle::grammar::Distribution;
use seedfeast_procgen::puzzle::rebuild::rebuild_level;
use seedfeast_procgen::puzzle::{GenOptions, PuzzleLevel, generate};
use seedfeast_procgen::trace::{Recorder, ReplayError, Step};

fn spread(i: u64) -> Seed {
    Seed(i.wrapping_mul(0x9E37_79B9_7F4A) & 0xFF_FFFF_FFFF)
}

/// The options a sweep cycles through: the game's (most seeds); rules favouring complex shapes
/// with each rule usable once (penalty overrides); simple shapes; levels a shorter code solves
/// rejected.
fn options(i: u64, step: u32) -> GenOptions {
    let mut options = GenOptions { level: step, ..GenOptions::default() };
    match i % 10 {
        3 => (options.distribution, options.penalty) = (Some(Distribution::Complex), Some(1.0)),
        6 => options.distribution = Some(Distribution::Simple),
        9 => options.no_shorter = true,
        _ => {}
    }
    options
}

fn traced(code: &str, seed: Seed, options: &GenOptions) -> Option<(PuzzleLevel, Vec<PuzzleStep>)> {
    let mut trace = Recorder::new();
    let level = generate_traced(shipped_grammar(), code, seed, options, &mut trace).ok()?;
    Some((level, trace.into_events()))
}

/// The level, its trace and how it was asked for, for seed number `i`: the curriculum's steps in
/// turn.
fn case(i: u64) -> (String, Seed, GenOptions) {
    let curriculum = Curriculum::default();
    let step = (i % curriculum.steps.len() as u64) as u32;
    (curriculum.step(step).code.clone(), spread(i), options(i, step))
}

fn sweep(seeds: u64) -> (BTreeSet<&'static str>, u64) {
    let mut rules = BTreeSet::new();
    let mut failed = 0;
    for i in 0..seeds {
        let (code, seed, options) = case(i);
        let plain = generate(&code, seed, &options);
        let Some((made, events)) = traced(&code, seed, &options) else {
            assert!(plain.is_err(), "seed {} step {}: tracing made generation fail", seed.0, options.level);
            failed += 1;
            continue;
        };
        let at = format!("seed {} step {} ({options:?})", seed.0, options.level);
        assert_eq!(Ok(&made), plain.as_ref(), "{at}: tracing changed the level");
        match rebuild_level(&events) {
            Ok(rebuilt) => assert!(rebuilt == made, "{at}: the trace rebuilt another level"),
            Err(error) => panic!("{at}: {error}"),
        }
        rules.extend(events.iter().map(|e| e.rule()));
        // The attempt loop's rarer turns, by name: a level rejected, a fallback chosen.
        for event in &events {
            match event {
                PuzzleStep::Checked { verdict: Verdict::Rejected, .. } => rules.insert("checked: rejected"),
                PuzzleStep::Checked { verdict: Verdict::Unsolved, .. } => rules.insert("checked: unsolved"),
                PuzzleStep::Chosen { fallback: true, .. } => rules.insert("chosen: fallback"),
                PuzzleStep::Expand { overridden: true, .. } => rules.insert("expand: overridden"),
                _ => false,
            };
        }
    }
    (rules, failed)
}

#[test]
fn puzzle_traces_rebuild_their_levels_over_1000_seeds() {
    let (rules, failed) = sweep(1_000);
    assert_eq!(failed, 0, "every curriculum step makes a level");
    for rule in ["rules", "attempt", "expand", "shape", "mini-retry", "mini-map", "merge", "coding", "trim", "checked"]
    {
        assert!(rules.contains(rule), "no `{rule}` event in 1,000 seeds: {rules:?}");
    }
    assert!(rules.contains("chosen"), "{rules:?}");
    println!("rules met: {rules:?}");
}

#[test]
#[ignore = "10,000 seeds: about 6 s"]
fn puzzle_traces_rebuild_their_levels_over_10000_seeds() {
    sweep(10_000);
}

/// A recorded trace, its level, and a way to rebuild a copy altered by `change`.
struct Subject {
    level: PuzzleLevel,
    events: Vec<PuzzleStep>,
}

impl Subject {
    fn new(i: u64) -> Subject {
        let (code, seed, options) = case(i);
        let (level, events) = traced(&code, seed, &options).expect("a level");
        Subject { level, events }
    }

    fn altered(&self, change: impl Fn(&mut Vec<PuzzleStep>) -> bool) -> Option<Result<PuzzleLevel, ReplayError>> {
        let mut events = self.events.clone();
        change(&mut events).then(|| rebuild_level(&events))
    }

    /// The alteration must be refused, at an event of the trace.
    fn refused(&self, what: &str, change: impl Fn(&mut Vec<PuzzleStep>) -> bool) -> Option<ReplayError> {
        let result = self.altered(change)?;
        match result {
            Err(error) => Some(error),
            Ok(level) => panic!("{what}: the altered trace rebuilt a level (the same: {})", level == self.level),
        }
    }
}

fn last_mut<T>(events: &mut [PuzzleStep], find: impl Fn(&mut PuzzleStep) -> Option<&mut T>) -> Option<&mut T> {
    events.iter_mut().rev().find_map(find)
}

#[test]
fn an_altered_puzzle_trace_rebuilds_another_level_or_is_refused() {
    let (mut different, mut refusals) = (0, BTreeSet::new());
    for i in 0..40 {
        let subject = Subject::new(i);
        if another_coding_tile_rebuilds_another_level(&subject, i) {
            different += 1;
        }
        for refusal in &REFUSALS {
            let refused = subject.refused(refusal.what, |events| (refusal.change)(events));
            refusals.extend(refused.map(|e| (refusal.name, (refusal.own_reason)(&e.reason))));
        }
        // A cut trace: no level is chosen.
        let cut = subject.refused("a cut trace", |events| events.pop().is_some()).expect("a trace");
        assert_eq!(cut.event, subject.events.len() - 1, "{cut}");
    }
    assert!(different >= 10, "only {different} of 40 levels rebuilt with their coding tile elsewhere");
    for what in ["roll", "penalty", "moved", "cost", "coding", "trim", "verdict"] {
        assert!(refusals.contains(&(what, true)), "{what}: never refused for its reason: {refusals:?}");
        assert!(!refusals.contains(&(what, false)), "{what}: refused for another reason: {refusals:?}");
    }
}

/// Another candidate of the coding tile: whether it rebuilt a level with its coding tile
/// elsewhere (it must not rebuild the same level), or it was refused (at an event of the trace)
/// when the solution's way out no longer starts there.
fn another_coding_tile_rebuilds_another_level(subject: &Subject, i: u64) -> bool {
    match subject.altered(|events| another_coding_candidate(events)) {
        Some(Ok(level)) => {
            assert_ne!(level, subject.level, "seed {i}: another coding tile rebuilt the same level");
            true
        }
        Some(Err(error)) => {
            assert!(error.event < subject.events.len(), "{error}");
            false
        }
        None => false,
    }
}

/// An alteration of a trace that must be refused: its name among the refusals, what it is (in a
/// failure's message), the change (false when the trace holds nothing to change) and whether a
/// refusal's reason is its own.
struct Refusal {
    name: &'static str,
    what: &'static str,
    change: fn(&mut [PuzzleStep]) -> bool,
    own_reason: fn(&str) -> bool,
}

const REFUSALS: [Refusal; 7] = [
    Refusal {
        name: "roll",
        what: "another roll",
        change: roll_onto_another_rule,
        own_reason: |r| r.contains("lands on"),
    },
    Refusal {
        name: "penalty",
        what: "a penalty",
        change: penalty_never_gathered,
        own_reason: |r| r.contains("gathered"),
    },
    Refusal {
        name: "moved",
        what: "a moved object",
        change: mini_map_object_moved,
        own_reason: |r| r.contains("promise") || r.contains("outside"),
    },
    Refusal { name: "cost", what: "a merge cost", change: merge_costs_one_more, own_reason: |r| r.contains("plan") },
    Refusal {
        name: "coding",
        what: "a coding tile",
        change: coding_tile_no_candidate,
        own_reason: |r| r.contains("candidate"),
    },
    Refusal { name: "trim", what: "a trim", change: trim_shifted, own_reason: |r| r.contains("trim") },
    Refusal { name: "verdict", what: "a verdict", change: verdict_turned, own_reason: |r| r.contains("solved") },
];

/// The last coding tile with other candidates moved onto the next of them.
fn another_coding_candidate(events: &mut [PuzzleStep]) -> bool {
    let Some(PuzzleStep::Coding { near, pick, cell, .. }) =
        events.iter_mut().rev().find(|e| matches!(e, PuzzleStep::Coding { near, .. } if near.len() > 1))
    else {
        return false;
    };
    *pick = (*pick + 1) % near.len();
    *cell = near[*pick];
    true
}

/// The last expansion's roll moved onto another rule (the start of its share).
fn roll_onto_another_rule(events: &mut [PuzzleStep]) -> bool {
    let Some(PuzzleStep::Expand { candidates, roll, picked, .. }) =
        last_mut(events, |e| matches!(e, PuzzleStep::Expand { candidates, .. } if candidates.len() > 1).then_some(e))
    else {
        return false;
    };
    let mut before = 0;
    for c in candidates.iter() {
        if c.weight > 0 && c.rule != *picked {
            *roll = before;
            return true;
        }
        before += c.weight;
    }
    false
}

/// A penalty the trace never gathered.
fn penalty_never_gathered(events: &mut [PuzzleStep]) -> bool {
    let Some(PuzzleStep::Expand { candidates, .. }) =
        last_mut(events, |e| Some(e).filter(|e| matches!(e, PuzzleStep::Expand { .. })))
    else {
        return false;
    };
    candidates[0].gathered += 1;
    true
}

/// The object of the first mini-map moved one tile: its commands no longer lead to its solved
/// state, or a promise breaks.
fn mini_map_object_moved(events: &mut [PuzzleStep]) -> bool {
    let Some(PuzzleStep::MiniMap { map, .. }) = events.iter_mut().find(|e| matches!(e, PuzzleStep::MiniMap { .. }))
    else {
        return false;
    };
    map.object.start.pos.0 += 1;
    map.solved.pos.0 += 1;
    map.object.start.pos.0 -= 2;
    true
}

/// A merge that costs one tile more than its corridors.
fn merge_costs_one_more(events: &mut [PuzzleStep]) -> bool {
    let Some(PuzzleStep::Merge { cost, .. }) = events.iter_mut().rev().find(|e| matches!(e, PuzzleStep::Merge { .. }))
    else {
        return false;
    };
    *cost += 1;
    true
}

/// A coding tile that was no candidate.
fn coding_tile_no_candidate(events: &mut [PuzzleStep]) -> bool {
    let Some(PuzzleStep::Coding { cell, .. }) =
        events.iter_mut().rev().find(|e| matches!(e, PuzzleStep::Coding { .. }))
    else {
        return false;
    };
    cell.0 += 1000;
    true
}

/// A trim that shifts the level elsewhere.
fn trim_shifted(events: &mut [PuzzleStep]) -> bool {
    let Some(PuzzleStep::Trim { shift, .. }) = events.iter_mut().rev().find(|e| matches!(e, PuzzleStep::Trim { .. }))
    else {
        return false;
    };
    shift.0 -= 1;
    true
}

/// A verdict turned round.
fn verdict_turned(events: &mut [PuzzleStep]) -> bool {
    let Some(PuzzleStep::Checked { solved, .. }) =
        events.iter_mut().rev().find(|e| matches!(e, PuzzleStep::Checked { .. }))
    else {
        return false;
    };
    *solved = !*solved;
    true
}

#[test]
fn every_puzzle_event_names_its_rule_in_json_and_captions_carry_the_numbers() {
    for i in 0..20 {
        let subject = Subject::new(i);
        for event in &subject.events {
            let json = serde_json::to_value(event).unwrap();
            assert_eq!(json["rule"], event.rule(), "{json}");
            let caption = event.caption();
            assert!(!caption.is_empty());
            match event {
                PuzzleStep::Expand { roll, total, picked, candidates, .. } => {
                    assert!(caption.contains(&format!("roll {roll} of {total} → rule {picked}")), "{caption}");
                    assert_eq!(event.details().len(), candidates.len());
                }
                PuzzleStep::Merge { cost, .. } => assert!(caption.contains(&format!("cost {cost}")), "{caption}"),
                PuzzleStep::Coding { cell, .. } => {
                    assert!(caption.ends_with(&format!("({}, {})", cell.0, cell.1)), "{caption}")
                }
                _ => {}
            }
        }
    }
    let subject = Subject::new(0);
    for rule in ["expand", "mini-map", "merge", "coding", "checked"] {
        let caption = subject.events.iter().find(|e| e.rule() == rule).map(Step::caption);
        println!("{caption:?}");
    }
}

/// Programs with many objects of one kind, each rule usable once: the grammar runs out of unused
/// rules (penalty overrides), shapes are given up and levels rejected; the traces still rebuild.
#[test]
fn crowded_programs_traces_rebuild_their_levels() {
    let codes = [
        "block1.move(\"left\");\nblock2.move(\"left\");\nblock3.move(\"up\");\nblock4.move(\"right\");\nblock5.move(\"down\");",
        "statue1.rotate(\"left\");\nstatue2.rotate(\"right\");\nstatue3.rotate(\"left\");\ndoor1.open();\ngate1.stop();",
        "for (i = 0; i < 3; i++) {\n  block1.move(\"right\");\n}\nlever1.rotate(\"left\");\nblock2.rotate(\"right\");",
    ];
    let mut rules = BTreeSet::new();
    for i in 0..150u64 {
        let code = codes[(i % 3) as usize];
        let mut options = GenOptions { level: (i % 7) as u32, no_shorter: i % 5 == 0, ..GenOptions::default() };
        (options.distribution, options.penalty) = (Some(Distribution::Complex), Some(1.0));
        let plain = generate(code, spread(i), &options);
        let Some((made, events)) = traced(code, spread(i), &options) else {
            assert!(plain.is_err(), "seed {i}: tracing made generation fail");
            rules.insert("no level");
            continue;
        };
        assert_eq!(Ok(&made), plain.as_ref(), "seed {i}: tracing changed the level");
        assert_eq!(rebuild_level(&events), Ok(made), "seed {i}: the trace rebuilt another level");
        rules.extend(events.iter().map(|e| e.rule()));
        for event in &events {
            match event {
                PuzzleStep::Checked { verdict: Verdict::Rejected, .. } => rules.insert("checked: rejected"),
                PuzzleStep::Chosen { fallback: true, .. } => rules.insert("chosen: fallback"),
                PuzzleStep::Expand { overridden: true, .. } => rules.insert("expand: overridden"),
                _ => false,
            };
        }
    }
    for rule in ["expand: overridden", "mini-retry", "checked"] {
        assert!(rules.contains(rule), "no `{rule}` in the crowded programs: {rules:?}");
    }
}
