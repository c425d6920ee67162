//! The lab as a user meets it: sweeps of every mode, their JSON, range files, and the binary's
//! exit codes and messages for bad flags.

use std::path::PathBuf;
use std::process::{Command, Output};

use clap::Parser;
use seedfeast_lab::cli::{LabCommand, Outcome, execute, exit_status};
use serde_json::Value;

#[derive(Parser)]
struct Cli {
    #[command(subcommand)]
    command: LabCommand,
}

/// Runs `seedfeast-lab ARGS` in process: (exit status, stdout).
fn lab(args: &[&str]) -> (u8, String) {
    let cli = Cli::try_parse_from(std::iter::once("seedfeast-lab").chain(args.iter().copied())).expect("flags parse");
    let mut out = Vec::new();
    let result = execute(cli.command, &mut out, false);
    (exit_status(&result), String::from_utf8(out).expect("UTF-8"))
}

fn binary(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_seedfeast-lab")).args(args).output().expect("the binary runs")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("seedfeast-lab-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

#[test]
fn every_mode_sweeps_clean_with_sane_metrics_and_stable_json() {
    let (status, text) = lab(&["sweep", "--mode", "all", "--seeds", "300", "--jobs", "2", "--format", "json"]);
    assert_eq!(status, 0, "{text}");
    let json: Value = serde_json::from_str(&text).expect("JSON");
    let generators = json["generators"].as_array().expect("generators");
    let modes: Vec<&str> = generators.iter().map(|g| g["mode"].as_str().unwrap()).collect();
    assert_eq!(modes, seedfeast_lab::modes::keys(), "every mode of the registry, in its order");
    for g in generators {
        let mode = g["mode"].as_str().unwrap();
        for field in ["seeds", "levels", "violations", "first_violations", "levels_per_s", "metrics"] {
            assert!(g.get(field).is_some(), "{mode} lacks {field}");
        }
        assert_eq!(g["seeds"], 300);
        assert_eq!(g["violations"], 0, "{mode}: {}", g["first_violations"]);
        assert!(g["levels"].as_u64().unwrap() >= 300);
        assert!(g["levels_per_s"].as_f64().unwrap() > 0.0);
        for (name, figures) in g["metrics"].as_object().unwrap() {
            let (min, median, max) = (
                figures["min"].as_f64().unwrap(),
                figures["median"].as_f64().unwrap(),
                figures["max"].as_f64().unwrap(),
            );
            assert!(min <= median && median <= max, "{mode} {name}: {figures}");
        }
    }
    let metric = |mode: &str, name: &str| {
        let g = generators.iter().find(|g| g["mode"] == mode).unwrap();
        let m = &g["metrics"][name];
        (m["min"].as_f64().unwrap_or(f64::NAN), m["max"].as_f64().unwrap_or(f64::NAN))
    };
    // The promises the metrics measure: gaps within 62% of the jump, shifts within their cap,
    // shares between 0 and 1, the plain tunnel never squeezed.
    assert!(metric("runner", "widest_gap").1 <= 0.62);
    assert!(metric("runner", "rest_share").1 < 0.5 && metric("runner", "mean_demand").0 > 0.0);
    assert!(metric("tunnel", "max_shift").1 <= 1.0 + 1e-6);
    assert_eq!(metric("tunnel", "floor_hits"), (0.0, 0.0));
    assert!(metric("food-tunnel", "floor_hits").1 > 0.0);
    for (mode, name) in
        [("maze", "dead_end_share"), ("arena", "hazard_share"), ("puzzle", "walkable"), ("puzzle", "interactable")]
    {
        let (min, max) = metric(mode, name);
        assert!(min >= 0.0 && max <= 1.0, "{mode} {name}: {min}..{max}");
    }
    assert!(metric("arena", "items").0 >= 1.0 && metric("arena", "mean_nearest").0 >= 52.0);
    assert!(metric("dungeon", "zones").0 >= 1.0 && metric("dungeon", "tree_depth").0 >= 1.0);
    assert!(metric("maze", "star_path").1 > 0.0 && metric("maze", "loops").1 > 0.0);
}

#[test]
fn text_sweep_gives_every_figure_and_the_total() {
    let (status, text) = lab(&["sweep", "--mode", "tunnel,maze", "--seeds", "40", "--start", "1000"]);
    assert_eq!(status, 0);
    assert!(text.starts_with("tunnel: 40 seeds (1000..=1039), 40 levels, 0 violations;"), "{text}");
    assert!(text.contains("\nmaze: 40 seeds (1000..=1039), 120 levels, 0 violations;"), "{text}");
    assert!(text.contains("  dead_end_share  min "), "{text}");
    assert!(text.ends_with("total: 0 violations\n"), "{text}");
}

#[test]
fn range_writes_a_png_of_the_stated_size_and_a_csv_whose_counts_are_the_seeds() {
    let dir = scratch("range");
    let png = dir.join("maze.png");
    let csv = dir.join("arena.csv");
    let (status, _) = lab(&["range", "--mode", "maze", "--seeds", "150", "--out", png.to_str().unwrap()]);
    assert_eq!(status, 0);
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&png).unwrap()));
    let reader = decoder.read_info().expect("a PNG");
    assert_eq!((reader.info().width, reader.info().height), (seedfeast_lab::plot::WIDTH, seedfeast_lab::plot::HEIGHT));

    let (status, said) = lab(&[
        "range",
        "--mode",
        "arena",
        "--x",
        "hazard_share",
        "--y",
        "items",
        "--seeds",
        "250",
        "--out",
        csv.to_str().unwrap(),
    ]);
    assert_eq!(status, 0, "{said}");
    let text = std::fs::read_to_string(&csv).unwrap();
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("x_bin_low,x_bin_high,y_bin_low,y_bin_high,count"));
    let counts: Vec<u64> = lines.map(|l| l.rsplit(',').next().unwrap().parse().unwrap()).collect();
    assert_eq!(counts.iter().sum::<u64>(), 250);

    let all = dir.join("all");
    let (status, said) = lab(&["range", "--all", "--out-dir", all.to_str().unwrap(), "--seeds", "40"]);
    assert_eq!(status, 0);
    for key in ["runner", "maze", "arena", "tunnel", "food-tunnel", "dungeon", "puzzle"] {
        assert!(all.join(format!("{key}.png")).is_file(), "{key}: {said}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_unknown_metric_is_a_usage_error_naming_the_modes_metrics() {
    let cli = Cli::try_parse_from(["lab", "range", "--mode", "maze", "--x", "fun", "--out", "x.png"]).unwrap();
    let result = execute(cli.command, &mut Vec::new(), false);
    assert_eq!(exit_status(&result), 2);
    let Err(seedfeast_lab::cli::LabError::Usage(message)) = result else { panic!("{result:?}") };
    assert!(
        message.contains("--x fun: maze has no such metric; it has dead_end_share, loops, star_path, tokens"),
        "{message}"
    );
    assert_ne!(exit_status(&Ok(Outcome::Violations(1))), 0);
}

/// The binary's exit status and standard error.
fn refused(args: &[&str]) -> (Option<i32>, String) {
    let output = binary(args);
    (output.status.code(), String::from_utf8_lossy(&output.stderr).into_owned())
}

#[test]
fn bad_flags_exit_2_with_a_clear_message() {
    let (code, err) = refused(&["sweep", "--mode", "tetris", "--seeds", "10"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("invalid value 'tetris' for '--mode") && err.contains("food-tunnel"), "{err}");

    let (code, err) = refused(&["sweep", "--mode", "maze", "--seeds", "0"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("invalid value '0' for '--seeds"), "{err}");

    let (code, err) = refused(&["sweep", "--mode", "maze", "--seeds", "10", "--jobs", "0"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("invalid value '0' for '--jobs"), "{err}");

    let (code, err) = refused(&["range", "--mode", "runner", "--y", "speed", "--out", "r.png"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("--y speed: runner has no such metric; it has mean_demand, rest_share"), "{err}");

    let (code, err) = refused(&["range", "--mode", "runner", "--out", "r.gif"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("must end in .png or .csv"), "{err}");

    let (code, err) = refused(&["sweep", "--mode", "maze", "--seeds", "10", "--start", "18446744073709551615"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("runs past the last seed"), "{err}");

    let (code, err) = refused(&["sweep", "--mode", "maze", "--seeds", "5", "--assets", "/nonexistent/assets"]);
    assert_eq!(code, Some(1));
    assert!(err.contains("/nonexistent/assets"), "{err}");
}

#[test]
fn the_binary_sweeps_and_exits_0() {
    let output = binary(&["sweep", "--mode", "runner", "--seeds", "20", "--format", "json"]);
    assert_eq!(output.status.code(), Some(0));
    let json: Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(json["generators"][0]["mode"], "runner");
}
