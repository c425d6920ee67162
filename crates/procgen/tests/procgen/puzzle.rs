//! Code puzzle generation: every curriculum program over many seeds gives levels its code
//! solves (checked by running the interpreter and walking the map, never by trusting the
//! generator), whose exit is reachable in `solved` and, with a maze shape, not in `initial`;
//! the validator catches broken levels; levels are reproducible, pinned, loadable from their
//! JSON; the evaluation and its `--no-shorter` mode report what they promise.

use seedfeast_procgen::puzzle::curriculum::{Curriculum, Goal};
use seedfeast_procgen::puzzle::eval::{EvalOptions, evaluate};
use seedfeast_procgen::puzzle::grammar::Distribution;
use seedfeast_procgen::puzzle::level::{PathKind, WALKABLE, reachable_in_rows};
use seedfeast_procgen::puzzle::variants::shorter_solves;
use seedfeast_procgen::puzzle::{
    GenOptions, PuzzleLevel, draw_ascii, generate, metrics, parse, run, to_rgb, validate_level,
};
use seedfeast_procgen::seed::fnv1a64;
use seedfeast_procgen::{Seed, Tuning};

/// Every promise of one level: the independent validator, the interpreter run, and the text
/// maps walked with the level's own walkable set. Returns whether a maze shape's exit was
/// reachable before solving (the bounded repair failed and the level says so).
fn check(level: &PuzzleLevel, code: &str) -> bool {
    let violations = validate_level(level);
    assert!(violations.is_empty(), "{code}: {}\n{}", violations[0], draw_ascii(level));
    let result = run(level, code).unwrap();
    assert!(result.solved && result.error.is_none(), "{code}\n{}", draw_ascii(level));
    assert!(reachable_in_rows(&level.solved, &level.walkable, level.entry, level.exit));
    assert!(reachable_in_rows(&level.initial, &level.walkable, level.entry, level.coding_tile));
    // The player runs the code standing on the coding tile: the way out starts there.
    assert!(reachable_in_rows(&level.solved, &level.walkable, level.coding_tile, level.exit), "{code}");
    let maze = level.objects.iter().any(|o| o.shape == PathKind::Maze);
    let open = maze && reachable_in_rows(&level.initial, &level.walkable, level.entry, level.exit);
    assert_eq!(open, level.report.maze_open, "{code}\n{}", draw_ascii(level));
    open
}

fn sweep(seeds: u64) {
    let curriculum = Curriculum::default();
    let mut open_total = 0;
    for (k, step) in curriculum.steps.iter().enumerate() {
        let mut open = 0;
        for s in 0..seeds {
            let level = curriculum.level(k as u32, Seed(s.wrapping_mul(0x9E37_79B9_7F4A_7C15))).unwrap();
            open += usize::from(check(&level, &step.code));
        }
        if open > 0 {
            eprintln!("step {k} {:?}: exit reachable before solving in {open} of {seeds} levels", step.title);
        }
        open_total += open;
    }
    let levels = seeds as usize * curriculum.steps.len();
    eprintln!(
        "{levels} levels, maze repair failed in {open_total} ({:.3}%)",
        open_total as f64 * 100.0 / levels as f64
    );
    // Measured: no failure in 20,000 levels. The rate is reported, and must stay rare.
    assert!(open_total * 1000 <= levels, "{open_total} of {levels}");
}

#[test]
fn every_curriculum_program_over_200_seeds() {
    sweep(200);
}

#[test]
#[ignore = "the lead's long run: 1000 seeds per program"]
fn every_curriculum_program_over_1000_seeds() {
    sweep(1000);
}

#[test]
fn the_curriculum_is_a_ladder_of_at_least_16_programs_by_goal() {
    let curriculum = Curriculum::default();
    assert!(curriculum.steps.len() >= 16);
    for goal in [Goal::Sequence, Goal::Repetition, Goal::Variables, Goal::Conditions, Goal::WhileLoops] {
        assert!(curriculum.steps.iter().any(|s| s.goal == goal), "{goal:?}");
    }
    for step in &curriculum.steps {
        let program = parse(&step.code).unwrap_or_else(|e| panic!("{}: {e}", step.title));
        assert!(program.size() >= 1 && !step.hint.is_empty() && !step.title.is_empty());
    }
    // The goals climb: no step teaches an earlier goal after a later one started.
    let goals: Vec<Goal> = curriculum.steps.iter().map(|s| s.goal).collect();
    assert!(goals.windows(2).all(|w| w[0] <= w[1]), "{goals:?}");
    assert_eq!(curriculum.step(curriculum.steps.len() as u32).title, curriculum.steps[0].title);
}

#[test]
fn bad_curricula_are_refused_with_the_step() {
    let text = seedfeast_procgen::puzzle::curriculum::CURRICULUM_RON;
    let broken = text.replacen("code: r#\"door1.open();\"#", "code: r#\"door1.open()\"#", 1);
    let error = Curriculum::from_ron(&broken, "c.ron").unwrap_err().to_string();
    let line = text.lines().position(|l| l.contains("\"Open sesame\"")).unwrap() + 1;
    assert_eq!(
        error,
        format!(
            "c.ron:{line}: steps: step 1 \"Open sesame\": code 1:13: expected ';' after the command, found the end of the program"
        )
    );
    let unknown = text.replacen("hint:", "hints:", 1);
    assert!(Curriculum::from_ron(&unknown, "c.ron").unwrap_err().to_string().contains("hints"));
    // Loaded from an assets folder like every data file.
    let dir = std::env::temp_dir().join(format!("seedfeast-puzzle-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("puzzle")).unwrap();
    std::fs::write(dir.join("puzzle/curriculum.ron"), &broken).unwrap();
    assert!(Curriculum::load(&dir).unwrap_err().to_string().contains("step 1 \"Open sesame\""));
    let _ = std::fs::remove_dir_all(&dir);
}

// ---------------------------------------------------------------- reproducible and pinned

#[test]
fn same_inputs_same_level_other_seeds_other_levels() {
    let code = "for (i = 0; i < 2; i++) {\n    statue1.move(\"right\");\n}\nblock1.move(\"up\");";
    let options = GenOptions::default();
    let a = generate(code, Seed(42), &options).unwrap();
    // Generating other levels in between changes nothing (no hidden state).
    for s in 0..5 {
        generate("door1.open();", Seed(s), &options).unwrap();
    }
    assert_eq!(a, generate(code, Seed(42), &options).unwrap());
    let maps: Vec<Vec<String>> = (0..20).map(|s| generate(code, Seed(s), &options).unwrap().initial).collect();
    let distinct: std::collections::BTreeSet<&Vec<String>> = maps.iter().collect();
    assert!(distinct.len() >= 18, "{}", distinct.len());
    // Another curriculum step with the same seed is another variation.
    let other = generate(code, Seed(42), &GenOptions { level: 3, ..GenOptions::default() }).unwrap();
    assert_ne!(a.initial, other.initial);
    assert_eq!(other.level, 3);
}

fn fingerprint(level: &PuzzleLevel) -> u64 {
    fnv1a64(serde_json::to_string(level).unwrap().as_bytes())
}

#[test]
fn golden_levels_are_pinned() {
    // Changing these is a versioned act: bump GENERATOR_VERSION along with the new values.
    let curriculum = Curriculum::default();
    let level = curriculum.level(11, Seed::from_text("pizza party")).unwrap();
    assert_eq!(
        level.initial,
        GOLDEN_SLIDE_THE_FIRE.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
        "\n{}",
        level.initial.join("\n")
    );
    assert_eq!((level.entry, level.exit, level.coding_tile), GOLDEN_SLIDE_POINTS);
    let cases: [(u32, u64, u64); 4] = GOLDEN_FINGERPRINTS;
    for (k, seed, expected) in cases {
        let level = curriculum.level(k, Seed(seed)).unwrap();
        assert_eq!(fingerprint(&level), expected, "step {k} seed {seed}\n{}", draw_ascii(&level));
    }
}

/// "Slide the fire" for "pizza party": the statue slides onto a plate (bottom left), the block
/// blocks the corridor to the exit (top right) until it moves up.
const GOLDEN_SLIDE_THE_FIRE: [&str; 9] = [
    "      #######",
    "      #..####",
    "      #....##",
    "#@######B...#",
    "#..C..#..#.##",
    "##F._.#.##.##",
    "####....#..##",
    "####..####X##",
    "#######      ",
];
const GOLDEN_SLIDE_POINTS: ((i32, i32), (i32, i32), (i32, i32)) = ((1, 3), (10, 7), (3, 4));
/// (curriculum step, seed, FNV-1a of the level's JSON).
const GOLDEN_FINGERPRINTS: [(u32, u64, u64); 4] = [
    (0, 1, 2910510311647762702),
    (5, 2, 478113912477786520),
    (13, 3, 2615930932015605273),
    (19, 4, 11549584647131876908),
];

// ---------------------------------------------------------------- the checker catches broken levels

fn sample() -> PuzzleLevel {
    let level = generate("block1.move(\"left\");\ndoor1.open();", Seed(2024), &GenOptions::default()).unwrap();
    assert!(validate_level(&level).is_empty());
    level
}

fn rules(level: &PuzzleLevel) -> Vec<&'static str> {
    validate_level(level).into_iter().map(|v| v.rule).collect()
}

fn set_char(rows: &mut [String], (x, y): (i32, i32), c: char) {
    let row = &mut rows[y as usize];
    *row = row.chars().enumerate().map(|(i, old)| if i == x as usize { c } else { old }).collect();
}

/// The tile just inside a door on the level's edge (its only walkable neighbour).
fn inside(level: &PuzzleLevel, door: (i32, i32)) -> (i32, i32) {
    let rows = PuzzleLevel::chars(&level.solved);
    let (x, y) = door;
    [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]
        .into_iter()
        .find(|&(a, b)| {
            a >= 0
                && b >= 0
                && rows.get(b as usize).and_then(|r| r.get(a as usize)).is_some_and(|c| WALKABLE.contains(*c))
        })
        .unwrap()
}

#[test]
fn walling_a_tile_of_the_solved_path_is_caught_by_running_the_code() {
    let mut level = sample();
    let tile = inside(&level, level.exit);
    set_char(&mut level.ground, tile, '#');
    // The maps still claim a solvable level; the interpreter and the walk disagree.
    assert!(!run(&level, &level.solution).unwrap().solved);
    let broken = rules(&level);
    assert!(broken.contains(&"solution") && broken.contains(&"initial"), "{broken:?}");
}

#[test]
fn moving_the_exit_is_caught() {
    let mut level = sample();
    level.exit = (0, 0);
    assert!(!run(&level, &level.solution).unwrap().solved);
    assert!(rules(&level).contains(&"exit"));
}

#[test]
fn an_initial_map_that_lies_is_caught() {
    let mut level = sample();
    // Open the closed door in the initial map only: the text walk would now reach the exit.
    let door = level.objects.iter().find(|o| o.name == "door1").unwrap();
    set_char(&mut level.initial, (door.x, door.y), 'd');
    let broken = rules(&level);
    assert!(broken.contains(&"initial") && broken.contains(&"objects"), "{broken:?}");
    let mut level = sample();
    level.solved = level.initial.clone();
    assert!(rules(&level).contains(&"solved"));
}

#[test]
fn a_block_moved_out_of_its_lane_or_a_lost_reward_is_caught() {
    let mut level = sample();
    let block = level.objects.iter_mut().find(|o| o.name == "block1").unwrap();
    block.x += 1;
    let broken = rules(&level);
    assert!(broken.contains(&"initial"), "{broken:?}");
    // A level whose header reveals nothing keeps its key hidden: the reward can't be reached.
    let curriculum = Curriculum::default();
    let mut with_key = (0..50)
        .map(|s| curriculum.level(3, Seed(s)).unwrap())
        .find(|l| l.rewards.iter().any(|r| r.hidden))
        .expect("a statue level with a hidden reward");
    for h in &mut with_key.headers {
        h.reveals.clear();
    }
    assert!(!run(&with_key, &with_key.solution).unwrap().solved);
    // The interpreter says the code no longer solves it, and the solved map is not what the
    // code leaves.
    let broken = rules(&with_key);
    assert!(broken.contains(&"solution") && broken.contains(&"solved"), "{broken:?}");
}

/// Seed `20000-002E6`'s first step as the generator made it before 2026-12-02: the block comes
/// to rest beside the coding tile and walls the player in once the code has run (the seed
/// lab's bot stalled there). The validator must say so; the generator now makes that seed
/// a level whose way out starts at the coding tile.
#[test]
fn a_block_that_walls_in_the_coding_tile_is_caught_and_no_longer_made() {
    let old: PuzzleLevel = serde_json::from_str(include_str!("fixtures/puzzle_walled_in.json")).unwrap();
    let violations = validate_level(&old);
    assert_eq!(violations.iter().map(|v| v.rule).collect::<Vec<_>>(), ["exit"], "{violations:?}");
    assert!(violations[0].detail.contains("from the coding tile"), "{}", violations[0]);
    // The code still solves it, and the exit is still reachable from the entry: only the
    // player's own position after running it is shut in.
    assert!(run(&old, &old.solution).unwrap().solved);
    assert!(reachable_in_rows(&old.solved, &old.walkable, old.entry, old.exit));
    let now = Curriculum::default().level(0, Seed(old.seed)).unwrap();
    check(&now, &now.solution);
    assert_ne!(now.initial, old.initial);
}

#[test]
fn a_maze_level_open_before_solving_must_say_so() {
    let mut level = generate("door1.open();", Seed(8), &GenOptions::default()).unwrap();
    assert_eq!(level.objects[0].shape, PathKind::Maze);
    // The door starts open, and the maps agree: the exit is reachable before the code runs.
    level.objects[0].open = true;
    level.initial = level.world().unwrap().rows();
    assert!(reachable_in_rows(&level.initial, &level.walkable, level.entry, level.exit));
    assert_eq!(rules(&level), ["maze"]);
    // Reported as a failed repair, it is allowed (the paper lets solvability win).
    level.report.maze_open = true;
    assert!(rules(&level).is_empty());
}

#[test]
fn hostile_level_files_are_refused_by_field() {
    let level = sample();
    let mut wide = level.clone();
    wide.width = 100_000;
    assert!(run(&wide, "door1.open();").unwrap_err().to_string().starts_with("level: width, height: 100000x"));
    let mut ragged = level.clone();
    ragged.ground[2].push('.');
    assert!(run(&ragged, "door1.open();").unwrap_err().to_string().contains("ground: row 2 has"));
    let mut odd = level.clone();
    odd.ground[1] = odd.ground[1].replacen('#', "Q", 1);
    assert!(run(&odd, "door1.open();").unwrap_err().to_string().contains("'Q' is not a ground character"));
    let mut renamed = level.clone();
    renamed.objects[0].name = "robot1".into();
    assert!(
        run(&renamed, "door1.open();").unwrap_err().to_string().contains("objects[0]: 'robot1' is not a block name")
    );
    let mut twice = level.clone();
    twice.objects[1].name = twice.objects[0].name.clone();
    twice.objects[1].kind = twice.objects[0].kind;
    twice.objects[1].command = twice.objects[0].command;
    assert!(run(&twice, "door1.open();").unwrap_err().to_string().contains("used twice"));
    let mut outside = level.clone();
    outside.exit = (-1, 3);
    assert!(run(&outside, "door1.open();").unwrap_err().to_string().contains("exit: (-1, 3) is outside"));
    let mut header = level;
    if let Some(h) = header.headers.first_mut() {
        h.reveals.push(99);
        assert!(run(&header, "door1.open();").unwrap_err().to_string().contains("reveals reward 99"));
    }
}

// ---------------------------------------------------------------- the CLI's JSON

#[test]
fn json_has_the_stable_fields_and_loads_back() {
    let code = "block1.move(\"left\");\ndoor1.open();";
    let level = generate(code, Seed(7), &GenOptions::default()).unwrap();
    let json = serde_json::to_value(&level).unwrap();
    assert_eq!(json["mode"], "puzzle");
    assert_eq!(json["seed"], 7);
    assert_eq!(json["level"], 0);
    assert_eq!(json["width"], level.width);
    assert_eq!(json["height"], level.height);
    assert_eq!(json["initial"].as_array().unwrap().len(), level.height);
    assert_eq!(json["solved"][0].as_str().unwrap().chars().count(), level.width);
    assert_eq!(json["entry"], serde_json::json!([level.entry.0, level.entry.1]));
    assert_eq!(json["exit"].as_array().unwrap().len(), 2);
    assert_eq!(json["coding_tile"].as_array().unwrap().len(), 2);
    assert_eq!(json["walkable"], WALKABLE);
    let object = &json["objects"][0];
    assert_eq!(object["name"], "block1");
    assert_eq!(object["kind"], "block");
    assert!(object["shape"] == "maze" || object["shape"] == "reward");
    assert!(object["x"].is_i64() && object["y"].is_i64());
    assert_eq!(json["objects"][1]["kind"], "door");
    for r in json["rewards"].as_array().unwrap() {
        assert!(["key", "door", "scroll"].contains(&r["kind"].as_str().unwrap()));
        assert!(r["x"].is_i64() && r["y"].is_i64());
    }
    assert_eq!(json["legend"]["#"].as_str().unwrap().split(' ').next(), Some("wall"));
    // Every character of both maps is in the legend.
    for c in level.initial.iter().chain(&level.solved).flat_map(|r| r.chars()) {
        assert!(json["legend"][c.to_string()].is_string(), "{c:?}");
    }
    // The first keys are the issue's, in its order.
    let text = serde_json::to_string(&level).unwrap();
    assert!(text.starts_with("{\"seed\":7,\"mode\":\"puzzle\",\"level\":0,\"width\":"), "{}", &text[..60]);
    // Loadable back: `puzzle run --level L.json --code FILE`.
    let loaded: PuzzleLevel = serde_json::from_str(&text).unwrap();
    assert_eq!(loaded, level);
    let result = run(&loaded, code).unwrap();
    let out = serde_json::to_value(&result).unwrap();
    assert_eq!(out["solved"], true);
    assert_eq!(out["steps"], 2);
    assert!(!run(&loaded, "block1.move(\"right\");").unwrap().solved);
    assert_eq!(
        run(&loaded, "block1.move(\"left\")").unwrap_err().to_string(),
        "1:20: expected ';' after the command, found the end of the program"
    );
}

#[test]
fn pictures_and_metrics() {
    let curriculum = Curriculum::default();
    let level = curriculum.level(19, Seed(5)).unwrap();
    let text = draw_ascii(&level);
    for (a, b) in level.initial.iter().zip(&level.solved) {
        assert!(text.contains(&format!("{a:<w$}   {b}", w = level.width.max(7))));
    }
    let (w, h, rgb) = to_rgb(&level, 6);
    assert_eq!((w as usize, h as usize), ((2 * level.width + 1) * 6, level.height * 6));
    assert_eq!(rgb.len(), (w * h * 3) as usize);
    // The entry's centre pixel is mint, the exit's blue.
    let pixel = |(x, y): (i32, i32)| {
        let (px, py) = (x as usize * 6 + 3, y as usize * 6 + 3);
        rgb[(py * w as usize + px) * 3..][..3].to_vec()
    };
    assert_eq!(pixel(level.entry), [64, 178, 120]);
    assert_eq!(pixel(level.exit), [40, 120, 200]);
    // A huge cell size is shrunk to the picture cap.
    let (w, _, _) = to_rgb(&level, 10_000);
    assert!(w as usize <= seedfeast_procgen::puzzle::render::MAX_PICTURE_SIDE);

    let m = metrics(&level);
    let get = |name: &str| m.iter().find(|(n, _)| *n == name).unwrap().1;
    assert_eq!(get("map_size"), (level.width * level.height) as f64);
    assert!((0.05..0.9).contains(&get("walkable")), "{}", get("walkable"));
    assert!((0.0..0.3).contains(&get("interactable")) && get("interactable") > 0.0);
    assert_eq!(get("objects"), level.objects.len() as f64);
}

// ---------------------------------------------------------------- grammar options, evaluation

#[test]
fn distributions_shift_the_shapes() {
    let count = |distribution| {
        let options = GenOptions { distribution: Some(distribution), ..GenOptions::default() };
        (0..200)
            .filter(|&s| {
                let level = generate("block1.move(\"left\");\nblock1.move(\"left\");", Seed(s), &options).unwrap();
                level.objects[0].design == "obstacle"
            })
            .count()
    };
    let (simple, complex) = (count(Distribution::Simple), count(Distribution::Complex));
    assert!(simple > complex + 20, "{simple} {complex}");
}

#[test]
fn penalty_one_gives_every_object_another_rule() {
    let code = "block1.move(\"up\");\nblock2.move(\"up\");";
    let options = GenOptions { penalty: Some(1.0), ..GenOptions::default() };
    for s in 0..50 {
        let level = generate(code, Seed(s), &options).unwrap();
        // block.move -> push.maze or push.reward: with each rule once, the two blocks differ.
        assert_ne!(level.objects[0].shape, level.objects[1].shape, "seed {s}");
    }
}

#[test]
fn no_shorter_removes_levels_a_shorter_code_solves() {
    let code = "block1.move(\"up\");\nblock1.move(\"up\");";
    let (mut plain, mut strict) = (0, 0);
    for s in 0..100 {
        let a = generate(code, Seed(s), &GenOptions::default()).unwrap();
        let b = generate(code, Seed(s), &GenOptions { no_shorter: true, ..GenOptions::default() }).unwrap();
        let program = parse(code).unwrap();
        plain += usize::from(shorter_solves(&a.world().unwrap(), &program));
        let solves = shorter_solves(&b.world().unwrap(), &program);
        assert_eq!(solves, b.report.shorter_solves);
        strict += usize::from(solves);
        check(&b, code);
    }
    assert!(plain > 10 && strict == 0, "{plain} {strict}");
    // An `if` whose condition always holds can't be designed away: no attempts are wasted.
    let level = generate(
        "if (gate1.isMoving == true) { gate1.stop(); }",
        Seed(1),
        &GenOptions { no_shorter: true, ..GenOptions::default() },
    )
    .unwrap();
    assert!(level.report.shorter_solves && level.report.attempts == 1);
}

#[test]
fn the_evaluation_reports_table_2_figures() {
    let mut ticks = 0.0;
    let mut clock = || {
        ticks += 0.5;
        ticks
    };
    let code = "for (i = 0; i < 2; i++) {\n    statue1.rotate(\"left\");\n}";
    let report = evaluate(code, 40, &EvalOptions::default(), &mut clock).unwrap();
    assert_eq!(report.runs, 40);
    assert_eq!(report.solvable_with_input, 1.0);
    // Two quarter turns either way face the same way: every level has an alternative.
    assert_eq!(report.alt_same_length, 1.0);
    assert!((0.0..=1.0).contains(&report.shorter));
    assert_eq!(report.ms_per_level, 0.5);
    assert_eq!((report.alternative_codes, report.shorter_codes), (1, 3));
    assert!(report.map_size.min <= report.map_size.mean && report.map_size.mean <= report.map_size.max);
    let json = serde_json::to_value(&report).unwrap();
    for key in [
        "runs",
        "solvable_with_input",
        "alt_same_length",
        "shorter",
        "map_size",
        "walkable",
        "interactable",
        "ms_per_level",
    ] {
        assert!(!json[key].is_null(), "{key}");
    }
    assert!(json["walkable"]["min"].is_f64() && json["walkable"]["mean"].is_f64() && json["walkable"]["max"].is_f64());
    assert!(evaluate("door1.open()", 1, &EvalOptions::default(), &mut || 0.0).is_err());
}
