//! Runner generation: every rule holds over many seeds and extreme tunings, the validator
//! catches each broken rule, bad data is refused clearly, and fixed seeds give pinned tracks.

use seedfeast_procgen::Seed;
use seedfeast_procgen::Tuning;
use seedfeast_procgen::food::FoodKind;
use seedfeast_procgen::physics::JumpReach;
use seedfeast_procgen::runner::clearable::sequence_violations;
use seedfeast_procgen::runner::{
    ChunkLibrary, PlacedChunk, RunnerConfig, RunnerTuning, Span, generate_track, validate_track,
};

const SEEDS: u64 = 10_000;
const CHUNKS: usize = 120;

fn sweep(config: &RunnerConfig, seeds: u64, chunks: usize) {
    for seed in 0..seeds {
        let track = generate_track(config, JumpReach::of(&config.tuning), Seed(seed), chunks);
        let violations = validate_track(config, JumpReach::of(&config.tuning), &track);
        assert!(violations.is_empty(), "seed {seed}: {}", violations[0]);
    }
}

#[test]
fn shipped_data_gives_fair_tracks_over_ten_thousand_seeds() {
    sweep(&RunnerConfig::default(), SEEDS, CHUNKS);
}

fn tuned(change: impl Fn(&mut RunnerTuning)) -> RunnerConfig {
    let mut config = RunnerConfig::default();
    change(&mut config.tuning);
    config.tuning.validate().unwrap();
    config.library.validate(&config.tuning).unwrap();
    config
}

#[test]
fn extreme_tunings_stay_fair() {
    let extremes = [
        tuned(|t| t.window = 0.0),
        tuned(|t| t.window = 5.0),
        tuned(|t| t.demanding_above = 0.0),
        tuned(|t| {
            t.demanding_above = 0.0;
            t.window = 0.0;
            t.rest_after = 1;
        }),
        tuned(|t| t.top_share = 1e-6),
        tuned(|t| t.top_share = 1.0),
        tuned(|t| t.speed_max = t.speed_min),
        tuned(|t| t.warmup_chunks = 0),
        tuned(|t| t.warmup_chunks = 50),
        tuned(|t| t.speed_min = t.speed_max),
        // Intensity reaches its maximum within the first chunk.
        tuned(|t| t.distance_per_step = 1e-3),
    ];
    for config in &extremes {
        sweep(config, SEEDS / 5, CHUNKS);
    }
}

#[test]
fn a_library_where_every_chunk_is_demanding_still_rests() {
    let mut config = RunnerConfig::default();
    for chunk in &mut std::sync::Arc::make_mut(&mut config.library).chunks {
        chunk.demand = chunk.demand.max(0.9);
    }
    config.tuning.window = 0.0;
    sweep(&config, SEEDS / 5, CHUNKS);
    let track = generate_track(&config, JumpReach::of(&config.tuning), Seed(3), 50);
    assert!(track.iter().any(|c| c.forced_rest), "rest was never forced");
    assert!(track.iter().all(|c| c.demand >= 0.9));
}

#[test]
fn gaps_track_the_speed_where_the_player_meets_them() {
    let config = RunnerConfig::default();
    let track = generate_track(&config, JumpReach::of(&config.tuning), Seed(11), 200);
    let gaps: Vec<&Span> = track.iter().flat_map(|c| c.gaps.iter()).collect();
    assert!(gaps.len() > 20);
    for gap in &gaps {
        let allowed = config.tuning.gap_ratio * JumpReach::of(&config.tuning).range(config.speed_at(gap.x));
        assert!(gap.width <= allowed + 1e-3, "{gap:?} wider than {allowed}");
    }
    // Later gaps are met faster, so the same authored gap grows.
    let widest =
        |from: f32, to: f32| gaps.iter().filter(|g| g.x >= from && g.x < to).map(|g| g.width).fold(0.0, f32::max);
    assert!(widest(100_000.0, f32::MAX) > widest(0.0, 10_000.0));
}

fn fair_track() -> (RunnerConfig, Vec<PlacedChunk>) {
    let config = RunnerConfig::default();
    let track = generate_track(&config, JumpReach::of(&config.tuning), Seed(2024), 150);
    assert!(validate_track(&config, JumpReach::of(&config.tuning), &track).is_empty());
    (config, track)
}

fn rules_broken(config: &RunnerConfig, track: &[PlacedChunk]) -> Vec<&'static str> {
    validate_track(config, JumpReach::of(&config.tuning), track).into_iter().map(|v| v.rule).collect()
}

#[test]
fn validator_catches_a_gap_too_wide() {
    let (config, mut track) = fair_track();
    let chunk = track.iter_mut().find(|c| !c.gaps.is_empty()).unwrap();
    chunk.gaps[0].width = chunk.jump_range * 0.63;
    assert!(rules_broken(&config, &track).contains(&"gap"));
}

#[test]
fn validator_catches_a_missing_rest() {
    let (config, mut track) = fair_track();
    let i = (4..track.len()).find(|&i| track[i].forced_rest).expect("a forced rest in 150 chunks");
    let intensity = track[i].intensity;
    let hard = config.library.chunks.iter().find(|c| c.demand > 0.3 && c.demand <= intensity + 0.22).unwrap();
    track[i].id = hard.id.clone();
    track[i].demand = hard.demand;
    track[i].rest = false;
    assert!(rules_broken(&config, &track).contains(&"forced rest"));
}

#[test]
fn validator_catches_a_chunk_outside_the_window() {
    let (config, mut track) = fair_track();
    let hardest = config.library.chunks.iter().find(|c| c.demand == 1.0).unwrap();
    // The second chunk: chosen by the window at intensity 0.05.
    assert!(!track[1].forced_rest);
    track[1].id = hardest.id.clone();
    track[1].demand = 1.0;
    track[1].rest = false;
    assert_eq!(rules_broken(&config, &track), ["window"]);
}

#[test]
fn runs_open_with_a_rest_chunk_and_the_validator_insists() {
    let (config, mut track) = fair_track();
    assert!(track[0].rest && track[0].forced_rest);
    let easy = config.library.chunks.iter().find(|c| !c.rest && c.demand < 0.2).unwrap();
    track[0].id = easy.id.clone();
    track[0].demand = easy.demand;
    track[0].rest = false;
    assert!(rules_broken(&config, &track).contains(&"warm-up"));
}

#[test]
fn validator_catches_a_hazard_in_a_rest_chunk_and_withheld_cake() {
    let (config, mut track) = fair_track();
    let rest = track.iter_mut().find(|c| c.rest).unwrap();
    rest.hazards.push(Span { x: rest.x + 100.0, width: 30.0 });
    assert!(rules_broken(&config, &track).contains(&"rest chunk"));

    let (config, mut track) = fair_track();
    for chunk in &mut track {
        for food in &mut chunk.food {
            food.kind = FoodKind::Apple;
        }
    }
    assert!(rules_broken(&config, &track).contains(&"food pity"));
}

#[test]
fn food_draws_never_move_the_chunks() {
    let config = RunnerConfig::default();
    let mut less_food = config.clone();
    for chunk in &mut std::sync::Arc::make_mut(&mut less_food.library).chunks {
        chunk.food.truncate(1);
    }
    let ids = |c: &RunnerConfig| {
        generate_track(c, JumpReach::of(&c.tuning), Seed(77), 300).into_iter().map(|c| c.id).collect::<Vec<_>>()
    };
    assert_eq!(ids(&config), ids(&less_food));
}

#[test]
fn same_seed_same_track_other_seed_other_track() {
    let config = RunnerConfig::default();
    assert_eq!(
        generate_track(&config, JumpReach::of(&config.tuning), Seed(5), 100),
        generate_track(&config, JumpReach::of(&config.tuning), Seed(5), 100)
    );
    assert_ne!(
        generate_track(&config, JumpReach::of(&config.tuning), Seed(5), 100),
        generate_track(&config, JumpReach::of(&config.tuning), Seed(6), 100)
    );
}

#[test]
fn golden_tracks_are_pinned() {
    // Changing these is a versioned act: bump GENERATOR_VERSION along with the new values.
    let config = RunnerConfig::default();
    let track = generate_track(&config, JumpReach::of(&config.tuning), Seed::from_text("pizza party"), 12);
    let ids: Vec<&str> = track.iter().map(|c| c.id.as_str()).collect();
    assert_eq!(
        ids,
        [
            "bread-basket",
            "toaster-step",
            "crumb-hop",
            "toaster-step",
            "toaster-step",
            "crumb-hop",
            "crumb-hop",
            "syrup-gap",
            "fork-row",
            "syrup-gap",
            "toaster-step",
            "toaster-step"
        ]
    );
    let food: Vec<FoodKind> = track.iter().flat_map(|c| c.food.iter().map(|f| f.kind)).take(8).collect();
    use FoodKind::*;
    assert_eq!(food, [Cherry, Cherry, Apple, Apple, Apple, Apple, Cherry, Cake]);
    let long = generate_track(&config, JumpReach::of(&config.tuning), Seed(1), 400);
    let gap_total: f32 = long.iter().flat_map(|c| &c.gaps).map(|g| g.width).sum();
    assert_eq!(gap_total.to_bits(), 1_200_124_160);
}

fn load_error(chunks: &str) -> String {
    ChunkLibrary::from_ron(chunks, "assets/runner/chunks.ron", &RunnerTuning::default()).unwrap_err().to_string()
}

#[test]
fn bad_libraries_are_refused_with_file_line_and_field() {
    let shipped = seedfeast_procgen::assets::RUNNER_CHUNKS_RON;
    let error = load_error(&shipped.replacen("demand: 0.58", "demand: 1.3", 1));
    let line = shipped.lines().position(|l| l.contains("\"pepper-patch\"")).unwrap() + 1;
    assert!(error.starts_with(&format!("assets/runner/chunks.ron:{line}:")), "{error}");
    assert!(error.contains("\"pepper-patch\"") && error.contains("demand 1.3 is outside 0..1"), "{error}");

    let error = load_error(&shipped.replace("rest: true", "rest: false"));
    assert!(error.contains("no rest chunk"), "{error}");

    let error = load_error(&shipped.replacen("(x: 540.0, size: 0.9)", "(x: 700.0, size: 0.9)", 1));
    assert!(error.contains("\"chef-gauntlet\"") && error.contains("gaps[1] can't fit"), "{error}");

    let error = load_error(&shipped.replacen("demand: 0.15,", "demand: 0.15", 1));
    let line = error.split(':').nth(1).unwrap();
    assert!(error.starts_with("assets/runner/chunks.ron:") && line.parse::<usize>().is_ok(), "{error}");

    let error = load_error(&shipped.replacen("(x: 700.0, width: 36.0)", "(x: 700.0, width: 360.0)", 1));
    assert!(error.contains("hazards[0].width 360"), "{error}");
}

#[test]
fn bad_tuning_is_refused() {
    let shipped = seedfeast_procgen::assets::RUNNER_TUNING_RON;
    let error = RunnerTuning::from_ron(&shipped.replace("gravity: 2000.0", "gravity: -1.0"), "tuning.ron")
        .unwrap_err()
        .to_string();
    assert!(error.starts_with("tuning.ron:4: gravity: -1"), "{error}");
    let error = RunnerTuning::from_ron(&shipped.replace("rest_after: 4,", ""), "tuning.ron").unwrap_err().to_string();
    assert!(error.contains("rest_after"), "{error}");
}

#[test]
fn every_number_must_be_finite_and_every_field_known() {
    let shipped = seedfeast_procgen::assets::RUNNER_CHUNKS_RON;
    // NaN passes no comparison: before the finite check it slipped past every range check, and
    // the runner always fell while `validate runner` reported nothing.
    let error = load_error(&shipped.replacen("gaps: [(x: 420.0", "gaps: [(x: NaN", 1));
    assert!(error.contains("gaps[0].x is NaN: every number must be finite"), "{error}");
    let line = error.split(':').nth(1).unwrap();
    assert!(line.parse::<usize>().is_ok(), "the file's line is named: {error}");
    let error = load_error(&shipped.replacen("y: 74.0, width: 240.0", "y: 74.0, width: NaN", 1));
    assert!(error.contains("platforms[0].width is NaN: every number must be finite"), "{error}");
    let error = load_error(&shipped.replacen("chunk_width: 960.0", "chunk_width: inf", 1));
    assert!(error.contains("chunk_width: inf must be a number above 0"), "{error}");

    // Unknown fields are refused, with the line, in every file.
    let error = load_error(&shipped.replacen("demand: 0.58", "demand: 0.58, pitty: Some(30)", 1));
    assert!(error.contains("pitty"), "{error}");
    let food = seedfeast_procgen::assets::FOOD_RON.replace("pity: Some(30)", "pitty: Some(30)");
    let error = seedfeast_procgen::FoodTable::from_ron(&food, "assets/food.ron").unwrap_err().to_string();
    assert!(error.starts_with("assets/food.ron:") && error.contains("pitty"), "{error}");
    let tuning = seedfeast_procgen::assets::RUNNER_TUNING_RON.replace("window: 0.22", "windo: 0.22");
    let error = RunnerTuning::from_ron(&tuning, "tuning.ron").unwrap_err().to_string();
    assert!(error.contains("windo"), "{error}");
    let curve = "(points: [(0.0, 0.1)], extra: 1)";
    assert!(seedfeast_procgen::IntensityCurve::from_ron(curve, "i.ron").unwrap_err().to_string().contains("extra"));
}

#[test]
fn a_runner_too_thin_for_its_rounded_corners_is_refused() {
    let shipped = seedfeast_procgen::assets::RUNNER_TUNING_RON;
    let error =
        RunnerTuning::from_ron(&shipped.replace("player_size: (36.0, 44.0)", "player_size: (8.0, 44.0)"), "t.ron")
            .unwrap_err()
            .to_string();
    assert!(error.contains("player_size") && error.contains("player_size.0 8 must be in 12..=200"), "{error}");
}

/// Seeds played well past 2,000 m (100,000 units; the top speed from about 1,600 m on) for the
/// sequence check alone: every landing lines up so the whole run can be jumped.
#[test]
fn long_runs_at_top_speed_can_be_jumped_end_to_end() {
    let shipped = RunnerConfig::default();
    let configs = [
        shipped.clone(),
        tuned(|t| t.speed_min = t.speed_max),
        tuned(|t| t.distance_per_step = 1e-3),
        tuned(|t| t.top_share = 1e-6),
        tuned(|t| {
            t.demanding_above = 1.0;
            t.window = 5.0;
        }),
    ];
    for config in &configs {
        let reach = JumpReach::of(&config.tuning);
        for seed in 0..200 {
            let track = generate_track(config, reach, Seed(seed), 300);
            let violations = sequence_violations(config, reach, &track);
            assert!(violations.is_empty(), "seed {seed}: {}", violations[0]);
        }
    }
}
