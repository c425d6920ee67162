//! The Code puzzle's variant worlds (issue #32): a level of a program with conditions comes with
//! worlds where the objects its conditions read start otherwise, the solution solves them all,
//! no shorter code does, a straight-line program that solves one world is refused naming the
//! world it fails, and a level whose variants break a rule is caught by the validator.

use seedfeast_procgen::Seed;
use seedfeast_procgen::puzzle::curriculum::Curriculum;
use seedfeast_procgen::puzzle::explain::PuzzleStep;
use seedfeast_procgen::puzzle::generate::{generate_traced, shipped_grammar};
use seedfeast_procgen::puzzle::rebuild::rebuild_level;
use seedfeast_procgen::puzzle::variants::shorter;
use seedfeast_procgen::puzzle::world::Kind;
use seedfeast_procgen::puzzle::worlds::one_solves_all;
use seedfeast_procgen::puzzle::{GenOptions, PuzzleLevel, first_failure, generate, parse, run_worlds, validate_level};
use seedfeast_procgen::trace::Recorder;

/// The curriculum steps whose programs have conditions.
fn condition_steps(curriculum: &Curriculum) -> Vec<u32> {
    (0..curriculum.steps.len() as u32)
        .filter(|&k| !parse(&curriculum.step(k).code).unwrap().conds().is_empty())
        .collect()
}

fn level(step: u32, seed: u64) -> PuzzleLevel {
    Curriculum::default().level(step, Seed(seed)).unwrap()
}

fn step_titled(title: &str) -> u32 {
    let curriculum = Curriculum::default();
    (0..curriculum.steps.len() as u32).find(|&k| curriculum.step(k).title == title).unwrap()
}

#[test]
fn the_condition_steps_are_the_six_that_teach_conditions_and_loops() {
    let curriculum = Curriculum::default();
    let titles: Vec<&str> = condition_steps(&curriculum).iter().map(|&k| curriculum.step(k).title.as_str()).collect();
    assert_eq!(titles, ["Is it moving?", "Which way?", "Check first", "Back to the mark", "Push until", "Everything"]);
}

#[test]
fn a_straight_line_program_that_solves_one_world_is_refused_naming_the_other() {
    // "Is it moving?": stopping the gate is all the level's own world needs; the world where
    // the gate stands still needs the door opened instead.
    let step = step_titled("Is it moving?");
    for seed in 0..20 {
        let level = level(step, seed);
        assert_eq!(level.variants.len(), 1, "seed {seed}");
        assert!(!level.variants[0].objects.iter().find(|o| o.kind == Kind::Gate).unwrap().moving);
        let results = run_worlds(&level, "gate1.stop();").unwrap();
        assert!(results[0].solved, "seed {seed}: the straight line solves world 1");
        let (world, why) = first_failure(&results).expect("refused");
        assert_eq!(world, 1);
        assert!(why.starts_with("world 2: "), "{why}");
        let other = run_worlds(&level, "door1.open();").unwrap();
        assert_eq!(first_failure(&other).map(|f| f.0), Some(0), "seed {seed}: the other half fails world 1");
        assert!(first_failure(&run_worlds(&level, &level.solution).unwrap()).is_none());
    }
    // "Push until": one push suits the world where the block starts on its mark, not the
    // one where it starts further off.
    let step = step_titled("Push until");
    for seed in 0..20 {
        let level = level(step, seed);
        let results = run_worlds(&level, "block1.move(\"right\");\ndoor1.open();").unwrap();
        let failed = first_failure(&results).map(|f| f.0);
        assert!(matches!(failed, Some(i) if i >= 1), "seed {seed}: {failed:?}");
        assert!(results[0].solved);
        assert!(level.variants.iter().any(|v| v.objects[0].home.is_some_and(|h| h.0 > v.objects[0].x)));
    }
}

#[test]
fn no_shorter_code_solves_every_world_of_a_condition_level() {
    let curriculum = Curriculum::default();
    for step in condition_steps(&curriculum) {
        let code = &curriculum.step(step).code;
        let program = parse(code).unwrap();
        let codes = shorter(&program);
        let mut own_world_alone = 0;
        for seed in 0..100 {
            let level = level(step, seed);
            let violations = validate_level(&level);
            assert!(violations.is_empty(), "step {step} seed {seed}: {}", violations[0]);
            let worlds = level.worlds().unwrap();
            assert!((2..=3).contains(&worlds.len()), "step {step} seed {seed}: {} worlds", worlds.len());
            assert!(!one_solves_all(&worlds, &codes), "step {step} seed {seed}: a shorter code solves them all");
            own_world_alone += usize::from(one_solves_all(&worlds[..1], &codes));
        }
        // Without the variants a shorter code solves nearly every one (the flaw of issue #32).
        assert!(own_world_alone >= 90, "step {step}: only {own_world_alone} of 100 own worlds");
    }
}

#[test]
fn programs_without_conditions_keep_their_one_world() {
    for seed in 0..50 {
        for step in [0, 4, 8, 12, 13] {
            let level = level(step, seed);
            assert!(level.variants.is_empty() && level.report.variant_rounds == 0);
        }
    }
}

#[test]
fn a_level_whose_variants_break_a_rule_is_caught() {
    let step = step_titled("Which way?");
    let good = level(step, 7);
    assert!(validate_level(&good).is_empty());
    let rules = |l: &PuzzleLevel| -> Vec<String> {
        validate_level(l).into_iter().filter(|v| v.rule == "variants").map(|v| v.detail).collect()
    };
    // The door, which no condition reads, starting off its mark in a variant.
    let mut moved = good.clone();
    let door = moved.variants[0].objects.iter_mut().find(|o| o.kind == Kind::Door).unwrap();
    door.home = Some((door.x + 1, door.y));
    assert!(
        rules(&moved).iter().any(|d| d.contains("door1 starts otherwise where no condition looks")),
        "{:?}",
        rules(&moved)
    );
    // A variant that starts just like the level's own world.
    let mut same = good.clone();
    for o in &mut same.variants[0].objects {
        o.home = None;
    }
    assert!(rules(&same).iter().any(|d| d.contains("starts like the level's own world")), "{:?}", rules(&same));
    // A variant made from another program, and one whose own map is wrong.
    let mut other = good.clone();
    other.variants[0].solution = "gate1.stop();".into();
    assert!(rules(&other).iter().any(|d| d.contains("another program")), "{:?}", rules(&other));
    let mut broken = good.clone();
    broken.variants[0].exit = (0, 0);
    assert!(rules(&broken).iter().any(|d| d.starts_with("variants[0]: exit")), "{:?}", rules(&broken));
    // A gate standing still in the level's own world.
    let mut still = level(step_titled("Is it moving?"), 3);
    still.objects.iter_mut().find(|o| o.kind == Kind::Gate).unwrap().moving = false;
    assert!(rules(&still).iter().any(|d| d.contains("in the level's own world")), "{:?}", rules(&still));
    // A hand-edited file whose variant lacks an object: running code on it names the world.
    let mut renamed = good.clone();
    let door = renamed.variants[0].objects.iter_mut().find(|o| o.kind == Kind::Door).unwrap();
    door.name = "door9".into();
    let error = run_worlds(&renamed, &renamed.solution).unwrap_err().to_string();
    assert!(error.contains("in world 2: unknown object 'door1'"), "{error}");
    // Variant worlds on a program without conditions.
    let mut stray = level(0, 7);
    stray.variants.push(level(0, 8));
    assert!(rules(&stray).iter().any(|d| d.contains("without conditions")), "{:?}", rules(&stray));
}

#[test]
fn variant_traces_rebuild_their_levels_and_a_changed_world_is_refused() {
    let curriculum = Curriculum::default();
    for step in condition_steps(&curriculum) {
        for seed in 0..10u64 {
            let options = GenOptions { level: step, no_shorter: seed % 2 == 0, ..GenOptions::default() };
            let code = &curriculum.step(step).code;
            let mut trace = Recorder::new();
            let level = generate_traced(shipped_grammar(), code, Seed(seed), &options, &mut trace).unwrap();
            assert_eq!(level, generate(code, Seed(seed), &options).unwrap());
            let events = trace.into_events();
            assert_eq!(rebuild_level(&events), Ok(level.clone()), "step {step} seed {seed}");
            // Another seed for a variant world: refused at its marker.
            let mut changed = events.clone();
            let at = changed.iter().position(|e| matches!(e, PuzzleStep::World { .. })).unwrap();
            if let PuzzleStep::World { seed, .. } = &mut changed[at] {
                *seed ^= 1;
            }
            let error = rebuild_level(&changed).unwrap_err();
            assert_eq!(error.event, at, "{error}");
            // A round's verdict turned round: refused at the round.
            let mut flipped = events.clone();
            let at = flipped.iter().rposition(|e| matches!(e, PuzzleStep::Round { .. })).unwrap();
            if let PuzzleStep::Round { shorter, .. } = &mut flipped[at] {
                *shorter = !*shorter;
            }
            assert_eq!(rebuild_level(&flipped).unwrap_err().event, at);
            // The variants event dropped: a program with conditions needs it.
            let split = events.iter().position(|e| matches!(e, PuzzleStep::Variants { .. })).unwrap();
            let error = rebuild_level(&events[..split]).unwrap_err();
            assert!(error.reason.contains("needs a `variants` event"), "{error}");
        }
    }
}
