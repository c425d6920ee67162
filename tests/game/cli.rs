//! The command-line face, run as a player or designer would: real process, real exit codes.

use crate::cli_process;

use std::path::{Path, PathBuf};
use std::process::Command;

use seedfeast_procgen::physics::JumpReach;
use seedfeast_procgen::runner::{RunnerConfig, generate_track};
use seedfeast_procgen::{Seed, SeedInput};

use cli_process::{seedfeast, stderr, stdout};

#[test]
fn gen_runner_json_has_the_stable_shape_and_matches_procgen() {
    let out = seedfeast(&["gen", "runner", "--seed", "pizza party", "--chunks", "30", "--format", "json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let seed = Seed::from_text("pizza party");
    assert_eq!(doc["seed"], seed.code().to_string());
    assert_eq!(doc["mode"], "runner");
    let chunks = doc["chunks"].as_array().unwrap();
    assert_eq!(chunks.len(), 30);
    let config = RunnerConfig::default();
    let expected = generate_track(&config, JumpReach::of(&config.tuning), seed, 30);
    for (json, chunk) in chunks.iter().zip(&expected) {
        for key in ["index", "id", "demand", "intensity", "speed", "jump_range", "rest", "gaps"] {
            assert!(json.get(key).is_some(), "missing {key}");
        }
        assert_eq!(json["id"], chunk.id.as_str());
        assert_eq!(json["index"], chunk.index);
        let range = json["jump_range"].as_f64().unwrap();
        for gap in json["gaps"].as_array().unwrap() {
            let (x, width) = (gap["x"].as_f64().unwrap(), gap["width"].as_f64().unwrap());
            assert!(x >= chunk.x as f64 && width > 0.0 && width <= 0.62 * range * 1.5);
        }
    }
    // The same code, typed as a code, gives the same document.
    let again = seedfeast(&["gen", "runner", "--seed", &seed.code().to_string(), "--chunks", "30"]);
    assert_eq!(stdout(&again), stdout(&out));
}

#[test]
fn gen_runner_ascii_draws_the_track() {
    let code = Seed(77).code().to_string();
    let out = seedfeast(&["gen", "runner", "--seed", &code, "--chunks", "8", "--format", "ascii"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("runner track, seed") && text.contains("8 chunks"), "{text}");
    assert!(text.contains("|#0 ") && text.contains("|#7 ") && text.contains('='), "{text}");
}

#[test]
fn bad_codes_and_flags_are_usage_errors() {
    let code = Seed(424_242).code().to_string();
    let typo = format!("{}U", &code[..code.len() - 1]);
    let out = seedfeast(&["gen", "runner", "--seed", &typo]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("not a seed-code character"), "{}", stderr(&out));

    let mut swapped: Vec<char> = code.chars().collect();
    let last = swapped.len() - 1;
    swapped[last] = if swapped[last] == '0' { '1' } else { '0' };
    let out = seedfeast(&["gen", "runner", "--seed", &swapped.into_iter().collect::<String>()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("check character"), "{}", stderr(&out));

    for args in [
        &["gen", "runner", "--seed", "x", "--format", "xml"][..],
        &["gen", "runner", "--seed", "x", "--chunks", "0"],
        &["gen", "tetris", "--seed", "x"],
        &["gen", "runner"],
        &["validate", "runner", "--seeds", "-3"],
        &["--frobnicate"],
    ] {
        let out = seedfeast(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains("Usage") || stderr(&out).contains("error:"), "{args:?}: {}", stderr(&out));
    }
}

#[test]
fn validate_sweeps_seeds_and_reports_zero_violations() {
    let out = seedfeast(&["validate", "runner", "--seeds", "200", "--chunks", "100"]);
    assert!(out.status.success(), "{}{}", stdout(&out), stderr(&out));
    assert!(stdout(&out).contains("runner: 200 seeds, 200 levels, 0 violations"), "{}", stdout(&out));
}

/// Copies the shipped assets folder, every file, so a test can break one of them.
fn copy_assets(to: &Path) {
    fn copy_dir(from: &Path, to: &Path) {
        std::fs::create_dir_all(to).unwrap();
        for entry in std::fs::read_dir(from).unwrap() {
            let entry = entry.unwrap();
            let target = to.join(entry.file_name());
            if entry.file_type().unwrap().is_dir() {
                copy_dir(&entry.path(), &target);
            } else {
                std::fs::copy(entry.path(), target).unwrap();
            }
        }
    }
    copy_dir(&Path::new(env!("CARGO_MANIFEST_DIR")).join("assets"), to);
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("seedfeast-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn broken_data_is_reported_with_file_and_line() {
    let dir = scratch("broken");
    copy_assets(&dir);
    let chunks = dir.join("runner/chunks.ron");
    let text = std::fs::read_to_string(&chunks).unwrap().replacen("demand: 0.58", "demand: 1.7", 1);
    std::fs::write(&chunks, text).unwrap();
    let out = seedfeast(&["validate", "runner", "--seeds", "5", "--assets", dir.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let message = stderr(&out);
    assert!(message.contains("runner/chunks.ron:") && message.contains("demand 1.7 is outside 0..1"), "{message}");

    let text = std::fs::read_to_string(&chunks).unwrap().replacen("chunks: [", "chunks: [[", 1);
    std::fs::write(&chunks, text).unwrap();
    let out = seedfeast(&["gen", "runner", "--seed", "x", "--assets", dir.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("runner/chunks.ron:"), "{}", stderr(&out));

    let out = seedfeast(&["gen", "runner", "--seed", "x", "--assets", "/no/such/folder"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("can't read"), "{}", stderr(&out));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn edited_data_changes_the_level_through_assets() {
    let dir = scratch("edited");
    copy_assets(&dir);
    let tuning = dir.join("runner/tuning.ron");
    let text = std::fs::read_to_string(&tuning).unwrap().replace("window: 0.22", "window: 1.0");
    std::fs::write(&tuning, text).unwrap();
    let args = ["gen", "runner", "--seed", "edited", "--chunks", "40"];
    let shipped = seedfeast(&args);
    let edited = seedfeast(&[&args[..], &["--assets", dir.to_str().unwrap()]].concat());
    assert!(shipped.status.success() && edited.status.success());
    assert_ne!(stdout(&shipped), stdout(&edited));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn seed_command_shows_the_code_for_text() {
    let out = seedfeast(&["seed", "pizza party"]);
    assert!(out.status.success());
    let code = Seed::from_text("pizza party").code().to_string();
    assert!(stdout(&out).starts_with(&code), "{}", stdout(&out));
    assert_eq!(SeedInput::parse(&code).unwrap().seed(), Seed::from_text("pizza party"));
}

#[test]
fn gen_maze_json_matches_procgen_and_has_the_stable_shape() {
    let out = seedfeast(&["gen", "maze", "--seed", "maze night", "--floor", "3", "--format", "json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let seed = Seed::from_text("maze night");
    let data = seedfeast::data::GameData::built_in();
    let floor = seedfeast_procgen::maze::generate_floor(&data.maze, data.curve(), seed, 3);
    assert_eq!(doc["seed"], seed.code().to_string());
    assert_eq!(doc["mode"], "maze");
    assert_eq!(doc["floor"], 3);
    assert_eq!(doc["width"], floor.grid.width);
    assert_eq!(doc["height"], floor.grid.height);
    let rows: Vec<String> = serde_json::from_value(doc["rows"].clone()).unwrap();
    assert_eq!(rows, floor.rows());
    assert!(rows.iter().all(|r| r.len() == floor.grid.width && r.chars().all(|c| c == '#' || c == '.')));
    assert_eq!(doc["start"], serde_json::json!([floor.start.0, floor.start.1]));
    let tokens: Vec<(usize, usize)> = serde_json::from_value(doc["tokens"].clone()).unwrap();
    assert_eq!(tokens, floor.tokens);
    let stars: Vec<(usize, usize)> = serde_json::from_value(doc["stars"].clone()).unwrap();
    assert_eq!(stars, floor.stars);
    for (x, y) in tokens.iter().chain(&stars) {
        assert_eq!(rows[*y].as_bytes()[*x], b'.', "({x}, {y}) is on a wall");
    }
}

#[test]
fn gen_maze_draws_ascii_and_png() {
    let out = seedfeast(&["gen", "maze", "--seed", "x", "--width", "9", "--height", "7", "--format", "ascii"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains('S') && text.contains('#'), "{text}");

    let file = std::env::temp_dir().join(format!("seedfeast-maze-{}.png", std::process::id()));
    let out = seedfeast(&[
        "gen",
        "maze",
        "--seed",
        "x",
        "--width",
        "9",
        "--height",
        "7",
        "--format",
        "png",
        "--out",
        file.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let bytes = std::fs::read(&file).unwrap();
    assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"));
    let width = u32::from_be_bytes(bytes[16..20].try_into().unwrap());
    let height = u32::from_be_bytes(bytes[20..24].try_into().unwrap());
    assert_eq!((width % 9, height % 7), (0, 0), "{width}×{height} is a whole number of cells");
    assert!(width >= 9 && height >= 7);
    let _ = std::fs::remove_file(&file);

    let out = seedfeast(&["gen", "maze", "--seed", "x", "--width", "0"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn every_mode_draws_a_picture() {
    for mode in seedfeast::modes::MODES {
        let file = std::env::temp_dir().join(format!("seedfeast-{}-{}.png", mode.key(), std::process::id()));
        let out = seedfeast(&["gen", mode.key(), "--seed", "x", "--format", "png", "--out", file.to_str().unwrap()]);
        assert!(out.status.success(), "{}: {}", mode.key(), stderr(&out));
        let bytes = std::fs::read(&file).unwrap();
        assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"), "{}", mode.key());
        let _ = std::fs::remove_file(&file);
    }
}

#[test]
fn validate_maze_sweeps_sizes_with_zero_violations() {
    let out = seedfeast(&["validate", "maze", "--seeds", "64"]);
    assert!(out.status.success(), "{}{}", stdout(&out), stderr(&out));
    assert!(stdout(&out).contains("0 violations"), "{}", stdout(&out));
}

#[test]
fn digest_prints_one_pinned_hash_per_mode() {
    let out = seedfeast(&["digest"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let data = seedfeast::data::GameData::built_in();
    let expected = seedfeast::web::digest_text(&data, &seedfeast::modes::table());
    assert_eq!(stdout(&out), expected);
    let keys: Vec<&str> = expected.lines().map(|l| l.split(' ').next().unwrap()).collect();
    assert_eq!(keys, ["runner", "maze", "arena", "tunnel", "food-tunnel", "dungeon", "puzzle"]);
    // The levels of version 1 that version 3 still makes: their digests never moved.
    assert!(expected.contains("runner c6907b41c74d962a\n"), "{expected}");
    assert!(expected.contains("tunnel a08a5e6ff6d1450b\n"), "{expected}");
    // The release workflow compares every desktop build's digest with this file.
    assert_eq!(expected, include_str!("digest.txt"), "tests/game/digest.txt differs from `seedfeast digest`");
}

#[test]
fn gen_arena_and_tunnel_print_their_stable_shapes() {
    let out = seedfeast(&["gen", "arena", "--seed", "arena", "--wave", "5", "--format", "json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["mode"], "arena");
    assert_eq!(doc["wave"], 5);
    let (width, height) = (doc["width"].as_f64().unwrap(), doc["height"].as_f64().unwrap());
    let player = doc["player"].as_array().unwrap();
    let (px, py) = (player[0].as_f64().unwrap(), player[1].as_f64().unwrap());
    let (clear, spacing) = (doc["clear_radius"].as_f64().unwrap(), doc["min_spacing"].as_f64().unwrap());
    let items = doc["items"].as_array().unwrap();
    assert!(!items.is_empty());
    let points: Vec<(f64, f64)> = items.iter().map(|i| (i["x"].as_f64().unwrap(), i["y"].as_f64().unwrap())).collect();
    for (n, &(x, y)) in points.iter().enumerate() {
        assert!((0.0..=width).contains(&x) && (0.0..=height).contains(&y));
        assert!((x - px).hypot(y - py) >= clear - 1e-3, "item {n} inside the clear zone");
        assert!(items[n]["kind"].is_string());
        for &(ox, oy) in &points[..n] {
            assert!((x - ox).hypot(y - oy) >= spacing - 1e-3, "items closer than {spacing}");
        }
    }

    let out = seedfeast(&["gen", "tunnel", "--seed", "tunnel", "--gates", "30", "--squeeze"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["mode"], "tunnel");
    let screen = doc["screen_height"].as_f64().unwrap();
    let gates = doc["gates"].as_array().unwrap();
    assert_eq!(gates.len(), 30);
    for (i, gate) in gates.iter().enumerate() {
        assert_eq!(gate["index"], i);
        let (centre, gap) = (gate["gap_center"].as_f64().unwrap(), gate["gap_height"].as_f64().unwrap());
        assert!((0.0..=screen).contains(&centre) && gap >= 96.0 - 1e-3, "gate {i}: {gate}");
        for key in ["x", "spacing", "intensity"] {
            assert!(gate[key].is_number(), "gate {i} lacks {key}");
        }
    }
    for mode in ["arena", "tunnel"] {
        let out = seedfeast(&["gen", mode, "--seed", "x", "--format", "ascii"]);
        assert!(out.status.success() && !stdout(&out).is_empty(), "{mode}: {}", stderr(&out));
    }
}

#[test]
fn validate_arena_and_tunnel_report_zero_violations() {
    for mode in ["arena", "tunnel"] {
        let out = seedfeast(&["validate", mode, "--seeds", "50"]);
        assert!(out.status.success(), "{mode}: {}{}", stdout(&out), stderr(&out));
        assert!(stdout(&out).contains(", 0 violations"), "{}", stdout(&out));
    }
}

#[test]
fn the_table_of_modes_is_on_the_command_line() {
    let out = seedfeast(&["modes", "--format", "json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let rows: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let rows = rows.as_array().unwrap();
    let keys: Vec<&str> = rows.iter().map(|r| r["key"].as_str().unwrap()).collect();
    assert_eq!(keys, ["runner", "maze", "arena", "tunnel", "food-tunnel", "dungeon", "puzzle"]);
    for row in rows {
        for field in ["key", "name", "generator", "variant"] {
            assert!(row.get(field).is_some(), "{row}: no {field}");
        }
    }
    let food = rows.iter().find(|r| r["key"] == "food-tunnel").unwrap();
    assert_eq!((food["generator"].as_str(), food["variant"].as_str()), (Some("tunnel"), Some("squeeze")));
    assert_eq!(rows[0]["variant"], serde_json::Value::Null);
    // The run limits the docs check holds README.md and PLAYING.txt to.
    let limit = |key: &str| rows.iter().find(|r| r["key"] == key).unwrap()["longest_run_seconds"].clone();
    assert_eq!((limit("runner"), limit("dungeon")), (600.into(), 1200.into()));
    assert_eq!(limit("puzzle"), serde_json::Value::Null, "a puzzle is never hurried");

    // `gen food-tunnel` is `gen tunnel --squeeze`.
    let food = seedfeast(&["gen", "food-tunnel", "--seed", "squeeze me", "--gates", "90"]);
    let squeezed = seedfeast(&["gen", "tunnel", "--seed", "squeeze me", "--gates", "90", "--squeeze"]);
    assert!(food.status.success() && squeezed.status.success());
    assert_eq!(food.stdout, squeezed.stdout);
    let plain = seedfeast(&["gen", "tunnel", "--seed", "squeeze me", "--gates", "90"]);
    assert_ne!(food.stdout, plain.stdout, "the squeeze narrows gaps");
}

#[test]
fn each_flag_means_what_it_says_or_is_refused_for_that_mode() {
    for (args, says) in [
        (&["gen", "maze", "--seed", "x", "--chunks", "3"][..], "--chunks does not apply to the maze generator"),
        (&["gen", "runner", "--seed", "x", "--floor", "2"], "--floor does not apply to the runner generator"),
        (&["gen", "arena", "--seed", "x", "--gates", "2"], "--gates does not apply to the arena generator"),
        (
            &["gen", "arena", "--seed", "x", "--wave", "4294967295"],
            "--wave 4294967295 is out of range for arena: 1..=1000",
        ),
        (&["gen", "maze", "--seed", "x", "--floor", "0"], "--floor 0 is out of range"),
        (
            &["gen", "tunnel", "--seed", "x", "--gates", "1000000"],
            "--gates 1000000 is out of range for tunnel: 1..=20000",
        ),
        (
            &["gen", "runner", "--seed", "x", "--chunks", "1000000"],
            "--chunks 1000000 is out of range for runner: 1..=20000",
        ),
        (&["validate", "maze", "--seeds", "3", "--chunks", "5"], "--chunks does not apply to the maze generator"),
        (&["validate", "tunnel", "--seeds", "3", "--chunks", "5"], "--chunks does not apply to the tunnel generator"),
        (&["validate", "runner", "--seeds", "3", "--chunks", "5000"], "--chunks 5000 is out of range for runner"),
        (&["validate", "runner", "--seeds", "18446744073709551615"], "10000"),
        (&["gen", "maze", "--seed", "x", "--squeeze"], "--squeeze does not apply to maze"),
        // Arena codes from before the moving threats (version 5) are refused, saying why.
        (&["gen", "arena", "--seed", "424MP-ANQ6Z"], "since version 5"),
    ] {
        let out = seedfeast(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).contains(says), "{args:?}: {}", stderr(&out));
    }
    // Validate's depth flags set how far each seed is played.
    let out = seedfeast(&["validate", "tunnel", "--seeds", "3", "--gates", "40"]);
    assert!(
        out.status.success() && stdout(&out).contains("tunnel: 3 seeds, 3 levels, 0 violations"),
        "{}",
        stdout(&out)
    );
    let out = seedfeast(&["validate", "maze", "--seeds", "3", "--floors", "2"]);
    assert!(out.status.success() && stdout(&out).contains("maze: 3 seeds, 6 levels, 0 violations"), "{}", stdout(&out));
    let out = seedfeast(&["validate", "arena", "--seeds", "2", "--waves", "7"]);
    assert!(
        out.status.success() && stdout(&out).contains("arena: 2 seeds, 14 levels, 0 violations"),
        "{}",
        stdout(&out)
    );
    // A version-1 code still plays the modes whose levels it still makes.
    let out = seedfeast(&["gen", "runner", "--seed", "124MP-ANQ6N", "--chunks", "2"]);
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn a_reader_that_stops_early_is_not_an_error() {
    use std::io::Read;
    for args in
        [&["digest"][..], &["gen", "maze", "--seed", "x", "--width", "401", "--height", "401", "--format", "ascii"]]
    {
        let mut child = Command::new(env!("CARGO_BIN_EXE_seedfeast"))
            .args(args)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        // Read one byte, then close the pipe, as `| head -c1` does.
        let mut stdout = child.stdout.take().unwrap();
        let mut byte = [0u8; 1];
        let _ = stdout.read(&mut byte);
        drop(stdout);
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
        assert!(!stderr(&out).contains("panicked"), "{args:?}: {}", stderr(&out));
    }
}

#[test]
fn lab_sweeps_and_plots_through_the_game_and_its_reproduce_commands_run() {
    let out = seedfeast(&["lab", "sweep", "--mode", "maze,food-tunnel", "--seeds", "16", "--format", "json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["generators"][0]["mode"], "maze");
    assert_eq!(doc["generators"][1]["violations"], 0);
    let dir = scratch("lab-range");
    std::fs::create_dir_all(&dir).unwrap();
    let csv = dir.join("runner.csv");
    let out = seedfeast(&["lab", "range", "--mode", "runner", "--seeds", "12", "--out", csv.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(std::fs::read_to_string(&csv).unwrap().starts_with("x_bin_low,x_bin_high,y_bin_low,y_bin_high,count\n"));
    let out = seedfeast(&["lab", "sweep", "--mode", "chess", "--seeds", "3"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    // What the lab prints to reproduce a level is a command this binary runs.
    for key in ["maze", "arena", "food-tunnel", "dungeon", "puzzle"] {
        let mode = seedfeast_lab::modes::by_key(key).unwrap();
        let request = &mode.generator.sweep_requests(Seed(9), mode.variant, &mode.depth())[0];
        let command = seedfeast_lab::sweep::reproduce(key, request, None);
        let args: Vec<&str> = command.split_whitespace().skip(1).collect();
        let out = seedfeast(&args);
        assert!(out.status.success(), "{command}: {}", stderr(&out));
    }
}

#[test]
fn lab_bots_play_seeds_through_the_game_and_a_promised_goal_missed_fails() {
    let out = seedfeast(&["lab", "bots", "--mode", "tunnel", "--seeds", "2", "--goal", "3", "--format", "json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let rows: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let rows = rows.as_array().unwrap();
    assert_eq!(rows.len(), 2);
    for row in rows {
        assert_eq!(row["mode"], "tunnel");
        assert_eq!(row["reached"], true, "{row}");
        assert!(row["progress"].as_f64().unwrap() >= 3.0 && row["unit"] == "gates", "{row}");
    }
    // One game second is too short for 50 gates: the tunnel promises them, so that is a failure.
    let out = seedfeast(&["lab", "bots", "--mode", "tunnel", "--seeds", "1", "--goal", "50", "--seconds", "1"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("fell short") && stderr(&out).contains("tunnel seed"), "{}", stderr(&out));
    for bad in [["--goal", "-1"], ["--goal", "NaN"], ["--seeds", "0"], ["--mode", "chess"]] {
        let out = seedfeast(&["lab", "bots", bad[0], bad[1]]);
        assert_eq!(out.status.code(), Some(2), "{bad:?}: {}", stderr(&out));
    }
}

#[test]
fn lab_bots_give_each_seed_the_same_run_on_any_number_of_threads() {
    let rows = |jobs: &str| {
        let args = ["lab", "bots", "--mode", "tunnel", "--start", "5", "--seeds", "3", "--goal", "2", "--jobs", jobs];
        let out = seedfeast(&[&args[..], &["--format", "json"]].concat());
        assert!(out.status.success(), "{}", stderr(&out));
        serde_json::from_slice::<serde_json::Value>(&out.stdout).unwrap()
    };
    let one = rows("1");
    let seeds: Vec<_> = one.as_array().unwrap().iter().map(|row| row["seed"].as_str().unwrap().to_string()).collect();
    let codes: Vec<_> = (5..8).map(|n| Seed(n).code().to_string()).collect();
    assert_eq!(seeds, codes, "seeds START.. in order");
    assert_eq!(rows("3"), one, "three threads play every seed as one does");
}

#[test]
fn lab_soak_samples_the_world_and_says_whether_it_stayed_flat() {
    let out = seedfeast(&["lab", "soak", "--mode", "arena", "--frames", "800", "--format", "json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let rows: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let row = &rows[0];
    assert_eq!(row["mode"], "arena");
    assert_eq!(row["flat"], true, "{row}");
    let samples = row["samples"].as_array().unwrap();
    assert_eq!(samples.len(), 100, "a sample every 1% of the frames");
    assert!(samples.iter().all(|s| s["entities"].as_u64().unwrap() > 0), "{row}");
    for bad in [["--frames", "0"], ["--frames", "x"], ["--mode", "chess"]] {
        let out = seedfeast(&["lab", "soak", bad[0], bad[1]]);
        assert_eq!(out.status.code(), Some(2), "{bad:?}: {}", stderr(&out));
    }
}

#[test]
fn replay_record_then_verify_prints_the_stable_shape() {
    let dir = scratch("replay");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("run.replay");
    let file_arg = file.to_str().unwrap();
    let out = seedfeast(&[
        "replay",
        "record",
        "--mode",
        "tunnel",
        "--seed",
        "pizza party",
        "--bot",
        "--seconds",
        "6",
        "--out",
        file_arg,
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stderr(&out).contains("fits a link"), "{}", stderr(&out));
    let verify = seedfeast(&["replay", "verify", "--file", file_arg]);
    assert!(verify.status.success(), "{}", stderr(&verify));
    let doc: serde_json::Value = serde_json::from_slice(&verify.stdout).unwrap();
    assert_eq!(doc["mode"], "tunnel");
    assert_eq!(doc["seed"], Seed::from_text("pizza party").code().to_string());
    assert_eq!(doc["steps"], 360);
    assert!(doc["score"].is_u64());
    assert_eq!(doc["final_state_hash"].as_str().map(str::len), Some(16));
    // The same run from its code in a link gives the same line.
    let code = std::fs::read_to_string(&file).unwrap();
    let link = format!("https://example.org/?seed=x&mode=tunnel&ghost={}", code.trim());
    let again = seedfeast(&["replay", "verify", "--code", &link]);
    assert_eq!(stdout(&again), stdout(&verify));

    // `replay rules` names what this run was recorded under (a board server asks it).
    let rules = seedfeast(&["replay", "rules"]);
    assert!(rules.status.success(), "{}", stderr(&rules));
    let rules: serde_json::Value = serde_json::from_slice(&rules.stdout).unwrap();
    let replay = seedfeast_procgen::replay::Replay::decode(&code).unwrap();
    assert_eq!(rules["rules"], format!("{:08x}", replay.rules));
    assert_eq!(rules["generator_version"], replay.version);
}

#[test]
fn bad_replay_codes_are_usage_errors_that_say_why() {
    let cut = seedfeast(&["replay", "verify", "--code", "AQIGcnVubm"]);
    assert_eq!(cut.status.code(), Some(2));
    assert!(stderr(&cut).contains("bad replay code") && stderr(&cut).contains("cut off"), "{}", stderr(&cut));
    let junk = seedfeast(&["replay", "verify", "--code", "not a code!"]);
    assert_eq!(junk.status.code(), Some(2));
    assert!(stderr(&junk).contains("character 4"), "{}", stderr(&junk));
    let missing = seedfeast(&["replay", "verify", "--file", "/nonexistent/run.replay"]);
    assert_eq!(missing.status.code(), Some(2));
    let puzzle = seedfeast(&["replay", "record", "--mode", "puzzle", "--seed", "1", "--bot"]);
    assert_eq!(puzzle.status.code(), Some(2));
    assert!(stderr(&puzzle).contains("can't be replayed"), "{}", stderr(&puzzle));
    let no_bot = seedfeast(&["replay", "record", "--mode", "runner", "--seed", "1"]);
    assert_eq!(no_bot.status.code(), Some(2), "--bot is required: {}", stderr(&no_bot));
}

#[test]
fn validate_refuses_more_work_than_its_cap_and_names_the_largest_run() {
    use seedfeast::cli::{Target, validate_cap, validate_depth};
    for (args, unit) in [
        (["validate", "runner", "--seeds", "10000", "--chunks", "1000"], "chunks"),
        (["validate", "tunnel", "--seeds", "10000", "--gates", "2000"], "gates"),
        (["validate", "maze", "--seeds", "10000", "--floors", "20"], "floors"),
    ] {
        let out = seedfeast(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        let target = Target::all().into_iter().find(|t| t.key == args[1]).unwrap();
        let cap = validate_cap(target.generator.key()).work;
        let depth: u64 = args[5].parse().unwrap();
        let message = stderr(&out);
        assert!(message.contains(&format!("plays at most {cap} {unit} (--seeds × --{unit})")), "{message}");
        assert!(message.contains(&format!("use --seeds {} or fewer", cap / depth)), "{message}");
        assert!(message.contains("lab sweep"), "{message}");
        // The depth a flag's absence means counts too.
        let (per_seed, _) = validate_depth(&target, &seedfeast_procgen::generator::Request::default());
        assert!(per_seed > 1, "{}: the default depth is counted", target.key);
    }
    // Modes whose cost is mostly per seed cap the seeds themselves.
    for key in ["arena", "dungeon"] {
        let most = validate_cap(key).seeds;
        let out = seedfeast(&["validate", key, "--seeds", &(most + 1).to_string()]);
        assert_eq!(out.status.code(), Some(2), "{key}: {}", stderr(&out));
        let message = stderr(&out);
        assert!(message.contains(&format!("validate {key} sweeps at most {most} seeds")), "{message}");
        assert!(message.contains(&format!("lab sweep --mode {key}")), "{message}");
    }
    // (The largest runs the caps allow are run by tests/game/cli_bounds.rs.)
}
