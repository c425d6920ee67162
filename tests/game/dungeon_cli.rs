//! The Zone dungeon's command line, run as a designer would: `validate dungeon` sweeps clean and
//! says what it checked, `gen dungeon --zones 12,10,10,14` keeps the article's arithmetic (26
//! puzzle nodes), and every map glyph `gen dungeon` prints is explained by `gen --help`.

use crate::cli_process;

use std::collections::BTreeSet;

use seedfeast_procgen::Seed;
use seedfeast_procgen::dungeon::{DungeonData, DungeonRequest, generate_dungeon, validate_dungeon};

use cli_process::{seedfeast, stderr, stdout};

#[test]
fn validate_dungeon_sweeps_seeds_and_layouts_clean_and_says_what_it_checked() {
    let out = seedfeast(&["validate", "dungeon", "--seeds", "6"]);
    assert!(out.status.success(), "{}{}", stdout(&out), stderr(&out));
    // Each seed: its first dungeon with the default layout, and one of the sweep's fixed layouts.
    assert_eq!(stdout(&out).trim_end(), "dungeon: 6 seeds, 12 levels, 0 violations");
    // The same dungeons, checked here by procgen's validator, keep every promise too.
    let data = DungeonData::default();
    for seed in 0..6 {
        let d = generate_dungeon(&data, Seed(seed), &DungeonRequest::new(1)).unwrap();
        assert!(validate_dungeon(&data, &d).is_empty(), "seed {seed}");
    }
    // Out of range: refused as a usage error, not swept.
    let out = seedfeast(&["validate", "dungeon", "--seeds", "0"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
}

#[test]
fn gen_dungeon_with_the_articles_zones_gives_26_puzzle_nodes() {
    let out = seedfeast(&["gen", "dungeon", "--seed", "pizza party", "--zones", "12,10,10,14", "--format", "json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["mode"], "dungeon");
    assert_eq!(doc["seed"], Seed::from_text("pizza party").code().to_string());
    let zones = doc["zones"].as_array().unwrap();
    let rooms: Vec<u64> = zones.iter().map(|z| z["rooms"].as_u64().unwrap()).collect();
    let slots: Vec<u64> = zones.iter().map(|z| z["slots"].as_u64().unwrap()).collect();
    assert_eq!(rooms, [12, 10, 10, 14]);
    assert_eq!(slots, [6, 5, 5, 7]);
    // 6 + 5 + 5 + 7 puzzles plus 3 bridges: 26 nodes, each solved once by the witness.
    let nodes = doc["nodes"].as_array().unwrap();
    assert_eq!(nodes.len(), 26);
    let count = |kind: &str| nodes.iter().filter(|n| n["kind"] == kind).count();
    assert_eq!((count("bridge"), count("start"), count("finish")), (3, 1, 1));
    for z in 0..4u64 {
        let in_zone = nodes.iter().filter(|n| n["zone"] == z && n["kind"] != "bridge").count() as u64;
        assert_eq!(in_zone, slots[z as usize], "zone {z}");
    }
    let solution: BTreeSet<u64> = doc["solution"].as_array().unwrap().iter().map(|s| s.as_u64().unwrap()).collect();
    assert_eq!(solution, (0..26).collect());
    // Bridge rooms don't count toward their zones: 46 rooms and 3 bridge rooms.
    let all_rooms = doc["rooms"].as_array().unwrap();
    assert_eq!(all_rooms.len(), 46 + 3);
    assert_eq!(all_rooms.iter().filter(|r| r["kind"] == "bridge").count(), 3);
}

#[test]
fn gen_help_explains_every_glyph_of_a_dungeon_map() {
    // Lines wrapped to the terminal's width read as one line.
    let help = stdout(&seedfeast(&["gen", "--help"])).split_whitespace().collect::<Vec<_>>().join(" ");
    let legend = &help[help.find("Dungeon maps").unwrap_or_else(|| panic!("no dungeon legend in:\n{help}"))..];
    for (glyph, meaning) in [
        ('#', "wall"),
        ('.', "floor"),
        (',', "corridor"),
        ('_', "decor"),
        ('O', "pillar"),
        ('+', "door"),
        ('L', "locked door"),
        ('=', "gate"),
        ('@', "start"),
        ('*', "item"),
        ('/', "lever"),
        ('C', "crate"),
        ('^', "plate"),
        ('&', "station"),
        ('G', "guard"),
        ('T', "table"),
        ('!', "hazard"),
        ('%', "food"),
    ] {
        assert!(legend.contains(&format!("{glyph} {meaning}")), "no \"{glyph} {meaning}\" in:\n{legend}");
    }
    // Every character a map really shows, in JSON rows and in the ASCII drawing, is in the legend.
    let json = seedfeast(&["gen", "dungeon", "--seed", "7", "--dungeon", "3", "--format", "json"]);
    let ascii = seedfeast(&["gen", "dungeon", "--seed", "7", "--dungeon", "3", "--format", "ascii"]);
    assert!(json.status.success() && ascii.status.success());
    let doc: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    let height = doc["height"].as_u64().unwrap() as usize;
    let rows: BTreeSet<char> =
        doc["rows"].as_array().unwrap().iter().flat_map(|r| r.as_str().unwrap().chars()).collect();
    // The ASCII view: a title line, the header, then the map.
    let text = stdout(&ascii);
    let map: BTreeSet<char> = text.lines().skip(2).take(height).flat_map(str::chars).collect();
    assert!(rows.contains(&'L') && map.contains(&'@') && map.contains(&'T'), "{rows:?} {map:?}");
    for glyph in rows.union(&map) {
        assert!(legend.contains(&format!("{glyph} ")), "the map shows {glyph:?}, the help doesn't say what it is");
    }
}
