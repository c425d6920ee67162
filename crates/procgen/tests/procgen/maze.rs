//! Maze generation: every promise holds over ten thousand (seed, floor) pairs at every size and
//! at extreme tunings, the validator catches each broken rule, floors are reproducible and
//! pinned, and bad tuning is refused clearly.

use seedfeast_procgen::Tuning;
use seedfeast_procgen::maze::{
    Cell, Grid, MazeFloor, MazeTuning, carve, draw_ascii, generate_floor, to_rgb, validate_floor,
};
use seedfeast_procgen::rng::{Subsystem, stream};
use seedfeast_procgen::seed::fnv1a64;
use seedfeast_procgen::{IntensityCurve, Seed};

/// The tuning at another size. The generator carves any size from 1 × 1 (the CLI's `--width`
/// and `--height`); the game plays only sizes its checks accept, so this skips them.
fn sized(tuning: &MazeTuning, width: usize, height: usize) -> MazeTuning {
    let mut tuning = tuning.clone();
    tuning.width = width;
    tuning.height = height;
    tuning
}

/// Generates and validates `pairs` (seed, floor) pairs at one size; returns the floors' total
/// of loops, tokens and hazards so callers can check the extremes really bite.
fn sweep(tuning: &MazeTuning, width: usize, height: usize, pairs: u64) -> (usize, usize, usize) {
    let tuning = sized(tuning, width, height);
    let curve = IntensityCurve::default();
    let mut totals = (0, 0, 0);
    for i in 0..pairs {
        // Spread seeds over the 40-bit range and walk the floors along the intensity curve.
        let seed = Seed(i.wrapping_mul(0x9E37_79B9_7F4A) & 0xFF_FFFF_FFFF);
        let floor_number = (i % 97) as u32;
        let floor = generate_floor(&tuning, &curve, seed, floor_number);
        let violations = validate_floor(&tuning, &floor);
        assert!(
            violations.is_empty(),
            "{width}x{height} seed {} floor {floor_number}: {}\n{}",
            seed.0,
            violations[0],
            draw_ascii(&floor)
        );
        totals.0 += floor.loops.len() + floor.braids.len();
        totals.1 += floor.tokens.len();
        totals.2 += floor.hazards.len();
    }
    totals
}

/// Every size the issue names, with fewer seeds for the big ones: 10,400 pairs in all.
const SIZES: [(usize, usize, u64); 11] = [
    (1, 1, 600),
    (2, 2, 600),
    (3, 3, 600),
    (1, 7, 600),
    (7, 1, 600),
    (4, 6, 1000),
    (5, 5, 1000),
    (21, 15, 3000),
    (22, 16, 1500),
    (51, 51, 800),
    (201, 201, 100),
];

#[test]
fn shipped_tuning_keeps_every_promise_over_ten_thousand_pairs() {
    let tuning = MazeTuning::default();
    let mut pairs = 0;
    for (w, h, n) in SIZES {
        let (loops, tokens, hazards) = sweep(&tuning, w, h, n);
        if w >= 21 {
            assert!(loops > 0 && tokens > 0 && hazards > 0, "{w}x{h}");
        }
        pairs += n;
    }
    assert!(pairs >= 10_000);
}

#[test]
fn extreme_tunings_keep_every_promise() {
    let shipped = MazeTuning::default();
    // Some of these the game refuses to play (no tokens, thousands of pursuers); the
    // generator must still keep every promise it makes, promptly.
    let with = |change: &dyn Fn(&mut MazeTuning)| {
        let mut t = shipped.clone();
        change(&mut t);
        t
    };
    let extremes = [
        ("no loops", with(&|t| t.loop_share = 0.0)),
        ("every loop", with(&|t| t.loop_share = 1.0)),
        ("no braid", with(&|t| t.braid = 0.0)),
        ("half braid", with(&|t| t.braid = 0.5)),
        ("no loops, no braid", with(&|t| (t.loop_share, t.braid) = (0.0, 0.0))),
        ("no tokens", with(&|t| t.token_share = 0.0)),
        ("all tokens", with(&|t| t.token_share = 1.0)),
        (
            "huge hazards",
            with(&|t| {
                t.hazards_min = 1_000;
                t.hazards_max = u32::MAX;
            }),
        ),
        (
            "no hazards",
            with(&|t| {
                t.hazards_min = 0;
                t.hazards_max = 0;
            }),
        ),
        ("far hazards", with(&|t| t.min_hazard_distance = u32::MAX)),
        ("near hazards", with(&|t| t.min_hazard_distance = 0)),
    ];
    for (name, tuning) in &extremes {
        let mut totals = (0, 0, 0);
        for &(w, h, n) in &SIZES {
            let t = sweep(tuning, w, h, (n / 8).max(20));
            totals = (totals.0 + t.0, totals.1 + t.1, totals.2 + t.2);
        }
        match *name {
            "no loops, no braid" => assert_eq!(totals.0, 0),
            "every loop" => assert!(totals.0 > 1000, "{totals:?}"),
            "no tokens" => assert_eq!(totals.1, 0),
            "far hazards" | "no hazards" => assert_eq!(totals.2, 0),
            "huge hazards" => assert!(totals.2 > 10_000, "{totals:?}"),
            _ => {}
        }
    }
}

#[test]
fn extremes_place_what_they_promise() {
    let curve = IntensityCurve::default();
    let all = sized(&MazeTuning { token_share: 1.0, ..MazeTuning::default() }, 21, 15);
    let floor = generate_floor(&all, &curve, Seed(4), 2);
    let open = floor.grid.open_count();
    // Every open cell but the start, the stars and the power-up.
    let reserved = 1 + floor.stars.len() + usize::from(floor.power_up.is_some());
    assert_eq!(floor.tokens.len(), open - reserved);

    let crowd = MazeTuning { hazards_min: 1_000_000, hazards_max: u32::MAX, min_hazard_distance: 0, ..all.clone() };
    let floor = generate_floor(&crowd, &curve, Seed(4), 2);
    // A pursuer on every open cell except the start.
    assert_eq!(floor.hazards.len(), open - 1);
    assert!(validate_floor(&crowd, &floor).is_empty());
}

#[test]
fn a_1001_square_floor_is_carved_without_recursion() {
    let tuning = sized(&MazeTuning::default(), 1001, 1001);
    let floor = generate_floor(&tuning, &IntensityCurve::default(), Seed(1001), 40);
    let violations = validate_floor(&tuning, &floor);
    assert!(violations.is_empty(), "{}", violations[0]);
    // 500 × 500 lattice cells joined by 249,999 passages, plus the loops and the braid.
    assert_eq!(floor.grid.open_count(), 499_999 + floor.loops.len() + floor.braids.len());
    assert!(floor.loops.len() > 9_000, "{}", floor.loops.len());
    assert!(floor.braids.len() > 20_000, "{}", floor.braids.len());
}

fn valid_floor() -> (MazeTuning, MazeFloor) {
    let tuning = sized(&MazeTuning::default(), 31, 21);
    let floor = generate_floor(&tuning, &IntensityCurve::default(), Seed(2024), 12);
    assert!(validate_floor(&tuning, &floor).is_empty());
    assert!(!floor.loops.is_empty() && floor.hazards.len() >= 2);
    (tuning, floor)
}

fn rules(tuning: &MazeTuning, floor: &MazeFloor) -> Vec<&'static str> {
    validate_floor(tuning, floor).into_iter().map(|v| v.rule).collect()
}

fn open_neighbours(grid: &Grid, cell: Cell) -> Vec<Cell> {
    grid.neighbours(cell).collect()
}

#[test]
fn validator_catches_an_open_border_cell() {
    let (tuning, mut floor) = valid_floor();
    floor.grid.set_open((0, 5), true);
    assert!(rules(&tuning, &floor).contains(&"border"));
}

#[test]
fn validator_catches_a_moved_star() {
    let (tuning, mut floor) = valid_floor();
    let near = open_neighbours(&floor.grid, floor.start)[0];
    floor.tokens.retain(|&t| t != near);
    floor.stars[1] = near;
    assert!(rules(&tuning, &floor).contains(&"stars"));
}

#[test]
fn validator_catches_a_hazard_next_to_the_start() {
    let (tuning, mut floor) = valid_floor();
    floor.hazards[0] = open_neighbours(&floor.grid, floor.start)[0];
    assert_eq!(rules(&tuning, &floor), ["hazard distance"]);
    floor.hazards[0] = floor.start;
    let broken = rules(&tuning, &floor);
    assert!(broken.contains(&"hazard distance") && broken.contains(&"overlap"), "{broken:?}");
}

#[test]
fn validator_catches_a_walled_off_region() {
    let (tuning, mut floor) = valid_floor();
    // Wall in the first star: every open neighbour becomes wall.
    let star = floor.stars[0];
    for n in open_neighbours(&floor.grid, star) {
        floor.grid.set_open(n, false);
    }
    let broken = rules(&tuning, &floor);
    assert!(broken.contains(&"reachable"), "{broken:?}");
}

/// An inner wall with exactly two facing open neighbours, away from every loop.
fn knockable(floor: &MazeFloor) -> Cell {
    let grid = &floor.grid;
    (1..grid.height - 1)
        .flat_map(|y| (1..grid.width - 1).map(move |x| (x, y)))
        .find(|&(x, y)| {
            let [u, d, l, r] =
                [grid.is_open(x, y - 1), grid.is_open(x, y + 1), grid.is_open(x - 1, y), grid.is_open(x + 1, y)];
            !grid.is_open(x, y)
                && ((u && d && !l && !r) || (l && r && !u && !d))
                && floor.loops.iter().all(|&o| o.0.abs_diff(x) + o.1.abs_diff(y) > 1)
        })
        .expect("a wall to knock out")
}

#[test]
fn validator_catches_an_extra_loop() {
    let (tuning, mut floor) = valid_floor();
    let wall = knockable(&floor);
    floor.grid.set_open(wall, true);
    floor.loops.push(wall);
    // The extra open cell also shifts the token count and the middle of the open list.
    assert!(rules(&tuning, &floor).contains(&"loop count"));
}

#[test]
fn validator_catches_an_unrecorded_loop_and_a_loop_on_the_border() {
    let (tuning, mut floor) = valid_floor();
    floor.grid.set_open(knockable(&floor), true);
    let broken = rules(&tuning, &floor);
    assert!(broken.contains(&"perfect") && broken.contains(&"loop shape"), "{broken:?}");

    let (tuning, mut floor) = valid_floor();
    let spare = floor.loops.pop().unwrap();
    floor.grid.set_open(spare, false);
    floor.grid.set_open((5, 0), true);
    floor.loops.push((5, 0));
    assert!(rules(&tuning, &floor).contains(&"loop border"));
}

#[test]
fn validator_catches_wrong_tokens_power_up_and_speed() {
    let (tuning, floor) = valid_floor();
    let mut fewer = floor.clone();
    fewer.tokens.pop();
    assert_eq!(rules(&tuning, &fewer), ["tokens"]);

    let mut on_start = floor.clone();
    on_start.tokens[0] = on_start.start;
    assert!(rules(&tuning, &on_start).contains(&"overlap"));

    let mut on_wall = floor.clone();
    on_wall.tokens[0] = (0, 0);
    assert!(rules(&tuning, &on_wall).contains(&"on wall"));

    let mut moved = floor.clone();
    moved.power_up = Some(floor.tokens[0]);
    assert!(rules(&tuning, &moved).contains(&"power-up"));

    let mut fast = floor.clone();
    fast.pursuer_speed += 1.0;
    assert_eq!(rules(&tuning, &fast), ["pursuer speed"]);

    let mut crowded = floor;
    crowded.hazards.push(crowded.hazards[0]);
    assert!(rules(&tuning, &crowded).contains(&"hazard count"));
}

#[test]
fn same_pair_same_floor_other_floor_other_maze() {
    let (tuning, curve) = (MazeTuning::default(), IntensityCurve::default());
    let seed = Seed(0xC0FFEE);
    assert_eq!(generate_floor(&tuning, &curve, seed, 7), generate_floor(&tuning, &curve, seed, 7));
    let grids: Vec<Grid> = (0..30).map(|f| generate_floor(&tuning, &curve, seed, f).grid).collect();
    for (i, a) in grids.iter().enumerate() {
        for b in &grids[i + 1..] {
            assert_ne!(a, b);
        }
    }
    assert_ne!(generate_floor(&tuning, &curve, Seed(1), 0).grid, generate_floor(&tuning, &curve, Seed(2), 0).grid);
}

#[test]
fn placement_never_moves_a_wall() {
    let curve = IntensityCurve::default();
    let shipped = MazeTuning::default();
    let other =
        MazeTuning { token_share: 0.3, hazards_min: 0, hazards_max: 40, min_hazard_distance: 2, ..shipped.clone() };
    for f in 0..50 {
        let a = generate_floor(&shipped, &curve, Seed(77), f);
        let b = generate_floor(&other, &curve, Seed(77), f);
        assert_eq!((&a.grid, &a.loops, &a.braids), (&b.grid, &b.loops, &b.braids));
        assert_ne!(a.tokens.len(), b.tokens.len());
    }
    // The carving stream alone decides the perfect maze.
    let direct = carve(21, 15, &mut stream(Seed(77), Subsystem::MazeCarve, 3));
    let floor = generate_floor(&shipped, &curve, Seed(77), 3);
    let mut tree = floor.grid.clone();
    for &c in floor.loops.iter().chain(&floor.braids) {
        tree.set_open(c, false);
    }
    assert_eq!(tree, direct);
}

#[test]
fn golden_floor_is_pinned() {
    // Changing these is a versioned act: bump GENERATOR_VERSION along with the new values.
    // Version 3: the braid opens the dead ends (version 2's floor is pinned with the braid off).
    let floor = generate_floor(&MazeTuning::default(), &IntensityCurve::default(), Seed::from_text("pizza party"), 7);
    let rows = floor.rows().join("\n");
    assert_eq!(fnv1a64(rows.as_bytes()), 17551702132648864043, "{rows}");
    assert_eq!(floor.start, (1, 1));
    assert_eq!(floor.stars, [(1, 9), (17, 13), (2, 9)]);
    assert_eq!(floor.hazards, [(9, 1), (11, 6), (15, 10)]);
    assert_eq!(floor.power_up, Some((8, 7)));
    assert_eq!(floor.loops, [(10, 11), (3, 2)]);
    assert_eq!(floor.braids, [(2, 1), (12, 1), (6, 3), (14, 5), (18, 7), (3, 12), (8, 13), (18, 13)]);
    assert_eq!(floor.tokens.len(), 92);
    assert_eq!(floor.tokens[..5], [(2, 1), (3, 1), (5, 1), (8, 1), (10, 1)]);
    assert_eq!(floor.pursuer_speed, 3.75);
}

#[test]
fn pursuers_find_the_shortest_way_to_the_player() {
    let (_, floor) = valid_floor();
    let distances = floor.grid.distances_from(floor.start);
    for &hazard in &floor.hazards {
        let path = floor.grid.path(hazard, floor.start).unwrap();
        let steps = distances[floor.grid.index(hazard)].unwrap() as usize;
        assert_eq!(path.len(), steps + 1);
        assert_eq!((path[0], path[steps]), (hazard, floor.start));
        assert!(path.windows(2).all(|p| p[0].0.abs_diff(p[1].0) + p[0].1.abs_diff(p[1].1) == 1));
    }
}

#[test]
fn json_view_has_cells_as_pairs_and_rows() {
    let (_, floor) = valid_floor();
    let json = serde_json::to_value(&floor).unwrap();
    assert_eq!(json["start"], serde_json::json!([1, 1]));
    assert_eq!(json["stars"][0].as_array().unwrap().len(), 2);
    assert_eq!(json["grid"]["rows"].as_array().unwrap().len(), floor.rows().len());
    assert_eq!(json["grid"]["width"], 31);
    assert_eq!(floor.rows()[0], "#".repeat(31));
}

#[test]
fn pictures_show_every_marker() {
    let (_, floor) = valid_floor();
    let text = draw_ascii(&floor);
    let body: Vec<&str> = text.lines().skip(1).collect();
    assert_eq!(body.len(), floor.rows().len());
    let at = |c: Cell| body[c.1].chars().nth(c.0).unwrap();
    assert_eq!(at(floor.start), 'S');
    for &h in &floor.hazards {
        assert_eq!(at(h), 'H');
    }
    for &s in floor.stars.iter().filter(|s| !floor.hazards.contains(s)) {
        assert_eq!(at(s), '*');
    }
    let tokens_shown: usize = body.iter().map(|row| row.matches('o').count()).sum();
    let tokens_hidden = floor.tokens.iter().filter(|t| floor.hazards.contains(t)).count();
    assert_eq!(tokens_shown + tokens_hidden, floor.tokens.len());
    // Walls and floors agree with the grid wherever nothing stands.
    for (y, row) in floor.rows().iter().enumerate() {
        for (x, ch) in row.chars().enumerate() {
            if ch == '#' {
                assert_eq!(at((x, y)), '#');
            }
        }
    }
    let (w, h, rgb) = to_rgb(&floor, 1);
    assert_eq!((w, h), (31, 21));
    let pixel = |c: Cell| &rgb[(c.1 * 31 + c.0) * 3..][..3];
    assert_ne!(pixel(floor.start), pixel((0, 0)));
    assert_ne!(pixel(floor.stars[0]), pixel(floor.start));
}

fn tuning_error(text: &str) -> String {
    MazeTuning::from_ron(text, "assets/maze/tuning.ron").unwrap_err().to_string()
}

fn line_of(text: &str, needle: &str) -> usize {
    text.lines().position(|l| l.contains(needle)).unwrap() + 1
}

#[test]
fn bad_tuning_is_refused_with_file_line_and_field() {
    let shipped = seedfeast_procgen::assets::MAZE_TUNING_RON;
    let error = tuning_error(&shipped.replace("width: 21,", "width: 0,"));
    let line = line_of(shipped, "width: 21");
    assert_eq!(error, format!("assets/maze/tuning.ron:{line}: width: 0 must be in 5..=201 to be played at full speed"));
    let error = tuning_error(&shipped.replace("width: 21,", "width: 4001,"));
    assert!(error.contains("width: 4001 must be in 5..=201"), "{error}");
    let error = tuning_error(&shipped.replace("token_share: 0.62", "token_share: 0.0"));
    assert!(error.contains("token_share: 0 must be in (0, 1]: a floor needs crumbs to clear"), "{error}");
    let error = tuning_error(&shipped.replace("player_speed: 6.5", "player_speed: NaN"));
    assert!(error.contains("player_speed: NaN must be a number above 0"), "{error}");

    let error = tuning_error(&shipped.replace("loop_share: 0.02", "loop_share: 1.5"));
    let line = line_of(shipped, "loop_share:");
    assert!(error.starts_with(&format!("assets/maze/tuning.ron:{line}: loop_share: 1.5")), "{error}");

    let error = tuning_error(&shipped.replace("hazards_max: 6", "hazards_max: 1"));
    let line = line_of(shipped, "hazards_max:");
    assert!(error.starts_with(&format!("assets/maze/tuning.ron:{line}: hazards_max: 1")), "{error}");
    assert!(error.contains("hazards_min (2)"), "{error}");

    let error = tuning_error(&shipped.replace("    lives: 3,", ""));
    assert!(error.starts_with("assets/maze/tuning.ron:") && error.contains("lives"), "{error}");

    let error = tuning_error(&shipped.replace("lives: 3", "livez: 3"));
    let line = line_of(shipped, "lives:");
    assert!(error.starts_with(&format!("assets/maze/tuning.ron:{line}:")) && error.contains("livez"), "{error}");

    let error = tuning_error(&shipped.replace("height: 15,", "height: 15"));
    let line = error.split(':').nth(1).unwrap();
    assert!(line.parse::<usize>().is_ok(), "{error}");

    let error = tuning_error(&shipped.replace("pursuer_speed_max: 6.0", "pursuer_speed_max: 2.0"));
    assert!(error.contains("pursuer_speed_max: 2"), "{error}");

    // The braid and the pots' turns (version 3).
    let error = tuning_error(&shipped.replace("braid: 1.0", "braid: 1.5"));
    let line = line_of(shipped, "braid:");
    assert!(error.starts_with(&format!("assets/maze/tuning.ron:{line}: braid: 1.5 must be in 0..1")), "{error}");
    let error = tuning_error(&shipped.replace("hunters_max: 4", "hunters_max: 0"));
    let line = line_of(shipped, "hunters_max:");
    assert!(error.starts_with(&format!("assets/maze/tuning.ron:{line}: hunters_max: 0")), "{error}");
    assert!(error.contains("hunters_min (1)"), "{error}");
    let error = tuning_error(&shipped.replace("hunt_turn: 10.0", "hunt_turn: 0.0"));
    assert!(error.starts_with(&format!("assets/maze/tuning.ron:{}:", line_of(shipped, "hunt_turn:"))), "{error}");
    assert!(error.contains("hunt_turn"), "{error}");
}

fn dead_ends(grid: &Grid) -> usize {
    grid.open_cells().into_iter().filter(|&c| open_neighbours(grid, c).len() == 1).count()
}

#[test]
fn the_braid_share_decides_how_many_dead_ends_stay() {
    let curve = IntensityCurve::default();
    let count = |braid: f32| {
        let tuning = MazeTuning { braid, ..MazeTuning::default() };
        (0..300).map(|i| dead_ends(&generate_floor(&tuning, &curve, Seed(i), (i % 20) as u32).grid)).sum::<usize>()
    };
    let (none, half, all) = (count(0.0), count(0.5), count(1.0));
    // At 1 the only dead ends left are the rare ones no wall can open (a corner whose other wall
    // a loop has made touch a third cell); the validator checks that of each floor.
    assert!(all * 100 < none, "{all} of {none}");
    assert!(none > 300 * 5, "a perfect maze with two loops has many dead ends: {none}");
    // Each opened dead end usually clears its neighbour too, so half the share clears more than half.
    assert!(half > 0 && half < none / 2, "{none} {half}");
}

#[test]
fn a_braid_share_of_0_makes_the_floors_of_generator_version_2() {
    // The braid draws after the loops, so without it the stream and the walls are as before:
    // the golden of version 2 (before the braid) still holds.
    let tuning = MazeTuning { braid: 0.0, ..MazeTuning::default() };
    let floor = generate_floor(&tuning, &IntensityCurve::default(), Seed::from_text("pizza party"), 7);
    assert_eq!(fnv1a64(floor.rows().join("\n").as_bytes()), 14665931545142130029);
    assert!(floor.braids.is_empty());
}

#[test]
fn validator_catches_a_dead_end_the_braid_left() {
    let (tuning, mut floor) = valid_floor();
    let wall = floor.braids.pop().expect("the shipped braid opens dead ends");
    floor.grid.set_open(wall, false);
    let broken = rules(&tuning, &floor);
    assert!(broken.contains(&"dead end"), "{broken:?}");
    // At a braid share below 1, a dead end left is allowed.
    let partial = MazeTuning { braid: 0.5, ..tuning };
    assert!(!rules(&partial, &floor).contains(&"dead end"));
}

#[test]
fn validator_catches_a_braid_that_opened_no_dead_end_and_one_at_share_0() {
    let (tuning, mut floor) = valid_floor();
    // A wall knocked out between two cells neither of which was a dead end, listed as a braid.
    let wall = knockable(&floor);
    floor.grid.set_open(wall, true);
    floor.braids.push(wall);
    let broken = rules(&tuning, &floor);
    assert!(broken.contains(&"braid shape"), "{broken:?}");
    let (tuning, floor) = valid_floor();
    let unbraided = MazeTuning { braid: 0.0, ..tuning };
    assert!(rules(&unbraided, &floor).contains(&"braid count"));
}
