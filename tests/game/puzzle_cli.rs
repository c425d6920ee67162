//! The code puzzle's command line, run as a designer would: `puzzle eval`, `puzzle run`,
//! `gen puzzle` and `puzzle range`, as real processes with real exit codes.

use crate::cli_process;

use std::collections::VecDeque;
use std::path::PathBuf;

use serde_json::Value;

use cli_process::{seedfeast, stderr, stdout};

/// A fresh folder for one test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("seedfeast-puzzle-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes `text` to `dir/name` and gives the path as a string.
fn file(dir: &std::path::Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

/// A block moved twice and a door opened: a maze-shaped object and a reward.
const PROGRAM: &str =
    "// a block and a door\nfor (i = 0; i < 2; i++) {\n    block1.move(\"left\");\n}\ndoor1.open();\n";
/// The same program with the `;` after the door's command missing (line 5, column 13).
const BROKEN: &str = "// a block and a door\nfor (i = 0; i < 2; i++) {\n    block1.move(\"left\");\n}\ndoor1.open()\n";

fn rate(doc: &Value, key: &str) -> f64 {
    let value = doc[key].as_f64().unwrap_or_else(|| panic!("{key} is not a number: {doc}"));
    assert!((0.0..=1.0).contains(&value), "{key} = {value}");
    value
}

#[test]
fn puzzle_eval_prints_the_table_2_figures_as_json() {
    let dir = scratch("eval");
    let code = file(&dir, "p.txt", PROGRAM);
    let out = seedfeast(&["puzzle", "eval", "--code", &code, "--runs", "24", "--format", "json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["runs"], 24);
    assert_eq!(doc["no_shorter"], false);
    // Every level is solved by the program it was made from (checked by running it).
    assert_eq!(rate(&doc, "solvable_with_input"), 1.0);
    let shorter = rate(&doc, "shorter");
    rate(&doc, "alt_same_length");
    for key in ["map_size", "walkable", "interactable"] {
        let (min, mean, max) =
            (doc[key]["min"].as_f64().unwrap(), doc[key]["mean"].as_f64().unwrap(), doc[key]["max"].as_f64().unwrap());
        assert!(min > 0.0 && min <= mean && mean <= max, "{key}: {}", doc[key]);
    }
    assert!(doc["map_size"]["min"].as_f64().unwrap() >= 9.0, "{}", doc["map_size"]);
    assert!(doc["walkable"]["max"].as_f64().unwrap() <= 1.0 && doc["interactable"]["max"].as_f64().unwrap() <= 1.0);
    assert!(doc["ms_per_level"].as_f64().unwrap() > 0.0);
    // The paper's alternatives: 4 directions for the move; shorter codes drop a construct.
    assert!(doc["alternative_codes"].as_u64().unwrap() >= 3, "{doc}");
    assert!(doc["shorter_codes"].as_u64().unwrap() >= 1, "{doc}");

    // --no-shorter on the same seeds never leaves more levels a shorter code solves.
    let strict = seedfeast(&["puzzle", "eval", "--code", &code, "--runs", "24", "--no-shorter", "--format", "json"]);
    assert!(strict.status.success(), "{}", stderr(&strict));
    let strict: Value = serde_json::from_slice(&strict.stdout).unwrap();
    assert_eq!(strict["no_shorter"], true);
    assert_eq!(rate(&strict, "solvable_with_input"), 1.0);
    assert!(rate(&strict, "shorter") <= shorter, "{} > {shorter}", strict["shorter"]);

    // --code is required, and a program that doesn't parse is a usage error with line:col.
    let missing = seedfeast(&["puzzle", "eval", "--runs", "10"]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(stderr(&missing).contains("--code"), "{}", stderr(&missing));
    let broken = file(&dir, "broken.txt", BROKEN);
    let refused = seedfeast(&["puzzle", "eval", "--code", &broken, "--runs", "10"]);
    assert_eq!(refused.status.code(), Some(2), "{}", stderr(&refused));
    assert!(stderr(&refused).contains("5:13"), "{}", stderr(&refused));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Whether `to` can be walked to from `from` on `rows`, stepping only on `walkable` characters.
fn reachable(rows: &[String], walkable: &str, from: (i64, i64), to: (i64, i64)) -> bool {
    let grid: Vec<Vec<char>> = rows.iter().map(|r| r.chars().collect()).collect();
    let open = |(x, y): (i64, i64)| {
        usize::try_from(y)
            .ok()
            .and_then(|y| grid.get(y))
            .and_then(|row| usize::try_from(x).ok().and_then(|x| row.get(x)))
            .is_some_and(|c| walkable.contains(*c))
    };
    let mut seen = vec![from];
    let mut queue = VecDeque::from([from]);
    while let Some((x, y)) = queue.pop_front() {
        if (x, y) == to {
            return true;
        }
        for next in [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)] {
            if open(next) && !seen.contains(&next) {
                seen.push(next);
                queue.push_back(next);
            }
        }
    }
    false
}

fn cell(value: &Value) -> (i64, i64) {
    let pair = value.as_array().unwrap_or_else(|| panic!("not [x, y]: {value}"));
    assert_eq!(pair.len(), 2, "{value}");
    (pair[0].as_i64().unwrap(), pair[1].as_i64().unwrap())
}

fn rows(value: &Value) -> Vec<String> {
    value.as_array().unwrap().iter().map(|r| r.as_str().unwrap().to_string()).collect()
}

#[test]
fn gen_puzzle_json_is_the_stable_level_document() {
    let dir = scratch("gen");
    let code = file(&dir, "p.txt", PROGRAM);
    let mut mazes_checked = 0;
    for seed in ["1", "2", "3", "pizza party"] {
        let out = seedfeast(&["gen", "puzzle", "--code", &code, "--seed", seed, "--format", "json"]);
        assert!(out.status.success(), "{}", stderr(&out));
        let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(doc["mode"], "puzzle");
        assert!(doc["seed"].is_u64(), "{}", doc["seed"]);
        assert_eq!(doc["solution"], PROGRAM);
        let (width, height) = (doc["width"].as_u64().unwrap() as usize, doc["height"].as_u64().unwrap() as usize);
        let (initial, solved) = (rows(&doc["initial"]), rows(&doc["solved"]));
        assert_eq!((initial.len(), solved.len()), (height, height));
        assert!(initial.iter().chain(&solved).all(|r| r.chars().count() == width), "rows of {width}");
        let walkable = doc["walkable"].as_str().unwrap();
        assert!(walkable.contains('.'), "{walkable}");
        // The legend names every character either map uses.
        let legend = doc["legend"].as_object().unwrap();
        for c in initial.iter().chain(&solved).flat_map(|r| r.chars()) {
            assert!(legend.contains_key(&c.to_string()), "{c:?} is not in the legend {legend:?}");
        }
        let (entry, exit, coding) = (cell(&doc["entry"]), cell(&doc["exit"]), cell(&doc["coding_tile"]));
        // The exit is reachable once solved; the coding tile before anything runs.
        assert!(reachable(&solved, walkable, entry, exit), "seed {seed}");
        assert!(reachable(&initial, walkable, entry, coding), "seed {seed}");
        let objects = doc["objects"].as_array().unwrap();
        let names: Vec<&str> = objects.iter().map(|o| o["name"].as_str().unwrap()).collect();
        assert!(names.contains(&"block1") && names.contains(&"door1"), "{names:?}");
        for object in objects {
            let name = object["name"].as_str().unwrap();
            assert_eq!(object["kind"], name.trim_end_matches(|c: char| c.is_ascii_digit()), "{object}");
            assert!(["maze", "reward"].contains(&object["shape"].as_str().unwrap()), "{object}");
            let (x, y) = (object["x"].as_u64().unwrap() as usize, object["y"].as_u64().unwrap() as usize);
            assert!(x < width && y < height, "{object}");
        }
        for reward in doc["rewards"].as_array().unwrap() {
            assert!(reward["kind"].is_string() && reward["x"].is_u64() && reward["y"].is_u64(), "{reward}");
        }
        // A maze-shaped object blocks the exit before solving (unless the level reports the
        // bounded repair failed).
        if objects.iter().any(|o| o["shape"] == "maze") && doc["report"]["maze_open"] == false {
            assert!(!reachable(&initial, walkable, entry, exit), "seed {seed}: open before solving");
            mazes_checked += 1;
        }
        // The same command, the same level.
        let again = seedfeast(&["gen", "puzzle", "--code", &code, "--seed", seed, "--format", "json"]);
        assert_eq!(stdout(&again), stdout(&out));
    }
    assert!(mazes_checked > 0, "no maze-shaped level among the seeds");
    // The ASCII view draws both maps.
    let ascii = seedfeast(&["gen", "puzzle", "--code", &code, "--seed", "1", "--format", "ascii"]);
    assert!(ascii.status.success(), "{}", stderr(&ascii));
    assert!(stdout(&ascii).lines().count() >= 2, "{}", stdout(&ascii));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn puzzle_run_solves_with_the_program_and_refuses_a_syntax_error() {
    let dir = scratch("run");
    let code = file(&dir, "p.txt", PROGRAM);
    // A level whose block blocks the way: the program opens it, doing nothing doesn't.
    let (level, doc) = (1..40)
        .find_map(|seed| {
            let out = seedfeast(&["gen", "puzzle", "--code", &code, "--seed", &seed.to_string(), "--format", "json"]);
            assert!(out.status.success(), "{}", stderr(&out));
            let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
            let (walkable, entry, exit) = (doc["walkable"].as_str().unwrap(), cell(&doc["entry"]), cell(&doc["exit"]));
            let blocked = !reachable(&rows(&doc["initial"]), walkable, entry, exit);
            blocked.then(|| (file(&dir, &format!("level{seed}.json"), &stdout(&out)), doc))
        })
        .expect("a level whose exit is closed before solving");
    assert_eq!(doc["mode"], "puzzle");

    let out = seedfeast(&["puzzle", "run", "--level", &level, "--code", &code]);
    assert!(out.status.success(), "{}", stderr(&out));
    let ran: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(ran["solved"], true, "{ran}");
    // Two moves and an open, at least (the loop's own steps may count too).
    assert!(ran["steps"].as_u64().unwrap() >= 3, "{ran}");
    assert!(ran["error"].is_null(), "{ran}");

    let nothing = file(&dir, "nothing.txt", "// not yet\n");
    let out = seedfeast(&["puzzle", "run", "--level", &level, "--code", &nothing]);
    assert!(out.status.success(), "{}", stderr(&out));
    let ran: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!((ran["solved"].clone(), ran["steps"].clone()), (Value::Bool(false), Value::from(0)), "{ran}");

    // A syntax error: exit 2, `line:col` and what was expected on stderr, nothing on stdout.
    let broken = file(&dir, "broken.txt", BROKEN);
    let out = seedfeast(&["puzzle", "run", "--level", &level, "--code", &broken]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("5:13") && stderr(&out).contains("expected ';'"), "{}", stderr(&out));
    assert!(stdout(&out).is_empty(), "{}", stdout(&out));
    // An object the level hasn't: refused too, at its place.
    let unknown = file(&dir, "unknown.txt", "gate7.stop();\n");
    let out = seedfeast(&["puzzle", "run", "--level", &level, "--code", &unknown]);
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    assert!(stderr(&out).contains("1:1: unknown object 'gate7'"), "{}", stderr(&out));
    // Not a level file.
    let out = seedfeast(&["puzzle", "run", "--level", &code, "--code", &code]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("not a puzzle level"), "{}", stderr(&out));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Width and height from a PNG's IHDR chunk, after checking the signature.
fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert!(bytes.len() > 33, "{} bytes", bytes.len());
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "not a PNG");
    assert_eq!(&bytes[12..16], b"IHDR");
    let word = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap());
    (word(16), word(20))
}

#[test]
fn puzzle_range_draws_a_png_heatmap() {
    let dir = scratch("range");
    let code = file(&dir, "p.txt", PROGRAM);
    let png = dir.join("range.png");
    let out = seedfeast(&["puzzle", "range", "--code", &code, "--seeds", "60", "--out", png.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("60 levels"), "{}", stdout(&out));
    let bytes = std::fs::read(&png).unwrap();
    assert_eq!(png_size(&bytes), (960, 720));
    // Labels, ticks, a colour bar and the heatmap: far more than a blank picture compresses to.
    assert!(bytes.len() > 20_000, "{} bytes", bytes.len());

    // Other seeds, another picture; the same seeds, the same bytes.
    let other = dir.join("other.png");
    let out = seedfeast(&[
        "puzzle",
        "range",
        "--code",
        &code,
        "--seeds",
        "60",
        "--start",
        "1000",
        "--out",
        other.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_ne!(std::fs::read(&other).unwrap(), bytes);
    let again = dir.join("again.png");
    let out = seedfeast(&["puzzle", "range", "--code", &code, "--seeds", "60", "--out", again.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(std::fs::read(&again).unwrap(), bytes);

    // A program that doesn't parse: exit 2 with line:col, and no picture.
    let broken = file(&dir, "broken.txt", BROKEN);
    let none = dir.join("none.png");
    let out = seedfeast(&["puzzle", "range", "--code", &broken, "--seeds", "5", "--out", none.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("5:13"), "{}", stderr(&out));
    assert!(!none.exists());
    // --out is required.
    let out = seedfeast(&["puzzle", "range", "--code", &code]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--out"), "{}", stderr(&out));
    let _ = std::fs::remove_dir_all(&dir);
}
