//! `seedfeast explain` as the real process (issue #33): every mode tells how its level was made,
//! as numbered captions or as JSON events, the same level `gen` prints; bad input (an unknown mode,
//! a mistyped code, a story too long, an unwritable path, frames or pixels past their bounds) gets
//! a clear error and its exit code; `--format png` writes an animation of every mode's level being
//! made.

use crate::cli_process;

use cli_process::{seedfeast, stderr, stdout};

fn json(args: &[&str]) -> serde_json::Value {
    let out = seedfeast(args);
    assert!(out.status.success(), "{args:?}: {}", stderr(&out));
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{args:?}: {e}"))
}

#[test]
fn every_mode_tells_its_story_as_captions_and_as_json() {
    for mode in ["runner", "maze", "arena", "tunnel", "food-tunnel", "dungeon", "puzzle"] {
        let out = seedfeast(&["explain", mode, "--seed", "pizza party"]);
        assert!(out.status.success(), "{mode}: {}", stderr(&out));
        let text = stdout(&out);
        let numbered: Vec<&str> =
            text.lines().filter(|l| !l.starts_with(' ') || l.trim_start().starts_with(char::is_numeric)).collect();
        let events = json(&["explain", mode, "--seed", "pizza party", "--format", "json"]);
        let events = events.as_array().unwrap();
        assert!(events.len() >= 5, "{mode}: {} events", events.len());
        assert_eq!(numbered.len(), events.len(), "{mode}: a numbered line an event");
        for (i, (line, event)) in numbered.iter().zip(events).enumerate() {
            let caption = event["caption"].as_str().unwrap();
            assert_eq!(line.trim_start(), format!("{}  {caption}", i + 1), "{mode}");
            assert_eq!(event["rule"], event["event"]["rule"], "{mode}: {event}");
        }
    }
}

#[test]
fn the_story_is_of_the_level_gen_prints() {
    let args = ["--seed", "pizza party", "--dungeon", "2"];
    let level = json(&[&["gen", "dungeon"][..], &args].concat());
    let story = json(&[&["explain", "dungeon", "--format", "json"][..], &args].concat());
    let witness = story.as_array().unwrap().iter().find(|e| e["rule"] == "witness").unwrap();
    assert_eq!(witness["event"]["solution"], level["solution"]);
    let maze = json(&["explain", "maze", "--seed", "7", "--width", "9", "--height", "7", "--format", "json"]);
    assert_eq!(maze[0]["event"]["width"], 9, "{}", maze[0]);
}

#[test]
fn bad_requests_get_a_clear_error() {
    let cases: [(&[&str], i32, &str); 9] = [
        (&["explain", "tetris", "--seed", "1"], 2, "invalid value 'tetris'"),
        (&["explain", "runner", "--seed", "30400-0001X"], 2, "check character"),
        (&["explain", "runner", "--seed", "1", "--floor", "2"], 2, "--floor does not apply"),
        (&["explain", "runner", "--seed", "1", "--chunks", "20000"], 2, "longer than one explanation holds"),
        // A name in a folder that doesn't exist is refused before the level is made, as every
        // writer refuses it (issue #51).
        (
            &["explain", "maze", "--seed", "1", "--out", "/nonexistent/dir/story.txt"],
            2,
            "--out /nonexistent/dir/story.txt: its folder doesn't exist",
        ),
        (
            &["explain", "maze", "--seed", "1", "--format", "png", "--out", "/nonexistent/dir/made.png"],
            2,
            "--out /nonexistent/dir/made.png: its folder doesn't exist",
        ),
        (&["explain", "maze", "--seed", "1", "--frames", "30"], 2, "--frames is for --format png"),
        (&["explain", "maze", "--seed", "1", "--format", "png", "--frames", "301"], 2, "301 is not in 2..=300"),
        (
            &[
                "explain", "maze", "--seed", "1", "--width", "401", "--height", "301", "--format", "png", "--out",
                "x.png",
            ],
            2,
            "a frame may hold: ask for a smaller level (a smaller --width and --height)",
        ),
    ];
    for (args, code, says) in cases {
        let out = seedfeast(args);
        assert_eq!(out.status.code(), Some(code), "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).contains(says), "{args:?}: {}", stderr(&out));
        assert!(out.stdout.is_empty(), "{args:?}: nothing on stdout");
    }
}

/// Every mode's making as an animated PNG, read back: the frames asked for (or one an event), a
/// caption band under the level, and only the finished file left in the folder.
#[test]
fn every_mode_animates_the_making_of_its_level() {
    let dir = std::env::temp_dir().join(format!("seedfeast-explain-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for mode in ["runner", "maze", "arena", "tunnel", "food-tunnel", "dungeon", "puzzle"] {
        let path = dir.join(format!("{mode}.png"));
        let path_text = path.to_str().unwrap();
        let args = ["explain", mode, "--seed", "pizza party", "--format", "png", "--frames", "24", "--out", path_text];
        let out = seedfeast(&args);
        assert!(out.status.success(), "{mode}: {}", stderr(&out));
        let events = json(&["explain", mode, "--seed", "pizza party", "--format", "json"]);
        let file = std::fs::File::open(&path).unwrap();
        let decoder = png::Decoder::new(std::io::BufReader::new(file)).read_info().unwrap();
        let control = decoder.info().animation_control.expect("an animated PNG");
        assert_eq!(control.num_frames as usize, events.as_array().unwrap().len().min(24), "{mode}");
        assert!(decoder.info().width >= 720 && decoder.info().height > 66, "{mode}: the level over its caption");
    }
    let mut left: Vec<String> =
        std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    left.sort();
    assert_eq!(left.len(), 7, "no .part file is left: {left:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}
