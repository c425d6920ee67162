//! Issue #51's reproductions on the command line (items 3, 7, 8 and 9; item 1 is `cli_out`), each
//! run as the real process: no panic without a display, a link read as meant or refused, a
//! picture too large refused before it is drawn, and messages that say what is wrong in words.

use crate::cli_process;

use std::io::Read;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use cli_process::{seedfeast, stderr, stdout};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("seedfeast-hostile51-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Waits for `child` at most `limit`, killing it past that (a window opened after all).
fn wait_at_most(mut child: std::process::Child, limit: Duration) -> Output {
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > limit {
            let _ = child.kill();
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    child.wait_with_output().unwrap()
}

/// 3: `DISPLAY=:99` (no such display) and `DISPLAY= WAYLAND_DISPLAY=` (set, empty) panicked in
/// winit (exit 101, "Failed to build event loop").
#[test]
fn play_without_a_usable_display_says_so_and_exits_1() {
    let data = scratch("display");
    // A display number no X server here listens on.
    let unused = (7300..7400).find(|n| !std::path::Path::new(&format!("/tmp/.X11-unix/X{n}")).exists()).unwrap();
    let gone = format!(":{unused}");
    for (display, wayland) in [(gone.as_str(), None), ("", Some(""))] {
        let mut play = Command::new(env!("CARGO_BIN_EXE_seedfeast"));
        play.arg("play").env("DISPLAY", display).env("SEEDFEAST_DATA", &data).env_remove("SEEDFEAST_ASSETS");
        match wayland {
            Some(value) => play.env("WAYLAND_DISPLAY", value),
            None => play.env_remove("WAYLAND_DISPLAY"),
        };
        let child = play.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
        let out = wait_at_most(child, Duration::from_secs(60));
        let said = stderr(&out);
        assert_eq!(out.status.code(), Some(1), "DISPLAY={display:?}: {said}");
        assert!(said.contains("no display to open the game's window on") && !said.contains("panicked"), "{said}");
        let why = if display.is_empty() { "DISPLAY is set but empty".to_string() } else { format!("\"{display}\"") };
        assert!(said.contains(&why), "{said}");
    }
    let _ = std::fs::remove_dir_all(&data);
}

fn refused(args: &[&str], says: &[&str]) {
    let out = seedfeast(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
    for needle in says {
        assert!(stderr(&out).contains(needle), "{args:?}: {}", stderr(&out));
    }
}

/// 7: a link's mode, level, repeated and unknown keys were dropped without a word.
#[test]
fn a_link_is_read_as_meant_or_refused_saying_why() {
    refused(&["gen", "runner", "--seed", "?seed=424MP-ANQ6Z&mode=maze&level=5"], &["\"maze\"", "runner"]);
    refused(&["gen", "maze", "--seed", "?seed=424MP-ANQ6Z&mode=maze&level=5"], &["level 5", "no levels"]);
    refused(&["gen", "runner", "--seed", "?seed=x&mode=zzz"], &["\"zzz\""]);
    refused(&["gen", "runner", "--seed", "?seed=x&level=99999999999"], &["\"99999999999\"", "level number"]);
    refused(&["gen", "runner", "--seed", "?seed=A&seed=B"], &["\"seed\" twice"]);
    refused(&["gen", "runner", "--seed", "?seed=A&zzz=1"], &["\"zzz\"", "seed, mode, level"]);
    refused(&["gen", "dungeon", "--seed", "?seed=x&mode=dungeon&level=2", "--dungeon", "3"], &["--dungeon 3"]);
    refused(&["play", "--seed", "?seed=x&mode=maze", "--mode", "runner"], &["\"maze\"", "runner"]);
    refused(&["play", "--seed", "?seed=x&mode=zzz"], &["\"zzz\"", "food-tunnel"]);
    refused(&["play", "--seed", "?seed=x&mode=dungeon&level=3", "--level", "4"], &["level 3", "--level 4"]);
    refused(&["replay", "record", "--mode", "maze", "--seed", "?seed=x&mode=runner", "--bot"], &["\"runner\""]);
    // A link's level is used where the mode's run starts at one: the dungeon's number.
    let linked = seedfeast(&["gen", "dungeon", "--seed", "?seed=x&mode=dungeon&level=2", "--format", "json"]);
    let flagged = seedfeast(&["gen", "dungeon", "--seed", "x", "--dungeon", "2", "--format", "json"]);
    assert!(linked.status.success(), "{}", stderr(&linked));
    assert_eq!(stdout(&linked), stdout(&flagged));
}

/// 8: `explain tunnel --gates 20000 --format png` drew the whole tunnel (746 MB) before refusing
/// it; it now refuses first, within a 300 MB data limit that the drawing broke (an abort).
#[test]
fn a_picture_too_large_is_refused_before_it_is_drawn() {
    let dir = scratch("large");
    let out = dir.join("t.png");
    let script = "ulimit -d 300000 && exec \"$0\" \"$@\"";
    let ran = Command::new("sh")
        .args(["-c", script, env!("CARGO_BIN_EXE_seedfeast")])
        .args(["explain", "tunnel", "--seed", "x", "--gates", "20000", "--format", "png", "--out"])
        .arg(&out)
        .env_remove("SEEDFEAST_ASSETS")
        .output()
        .unwrap();
    assert_eq!(ran.status.code(), Some(2), "{:?}: {}", ran.status, stderr(&ran));
    assert!(stderr(&ran).contains("a frame may hold") && stderr(&ran).contains("--gates"), "{}", stderr(&ran));
    assert!(!out.exists());
    let _ = std::fs::remove_dir_all(&dir);
}

/// 9: `explain … --format png | head -c 10` exited 1, "Broken pipe"; the docs promise 0.
#[test]
fn a_reader_that_closes_the_pipe_early_ends_explain_with_0() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_seedfeast"))
        .args(["explain", "maze", "--seed", "x", "--format", "png"])
        .env_remove("SEEDFEAST_ASSETS")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 10];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap();
    // The pipe is closed with ten bytes of the 600 KB animation read.
    let out = child.wait_with_output().unwrap();
    assert_eq!(&first[..4], b"\x89PNG");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stderr(&out).is_empty(), "{}", stderr(&out));
}

/// Copies the game's assets to `to`, for a test to spoil one file.
fn copy_assets(to: &std::path::Path) {
    fn copy_dir(from: &std::path::Path, to: &std::path::Path) {
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
    copy_dir(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets"), to);
}

/// 9: an empty data file, and one a Windows editor began with a byte-order mark, were refused
/// as "Expected opening `(` for struct `ArenaTuning`".
#[test]
fn an_empty_data_file_says_so_and_a_byte_order_mark_is_read_past() {
    let dir = scratch("data");
    let assets = dir.join("assets");
    copy_assets(&assets);
    let tuning = assets.join("arena/tuning.ron");
    let shipped = std::fs::read(&tuning).unwrap();
    std::fs::write(&tuning, "").unwrap();
    let out = seedfeast(&["gen", "arena", "--seed", "x", "--assets", assets.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("arena/tuning.ron: the file is empty"), "{}", stderr(&out));
    assert!(!stderr(&out).contains("ArenaTuning"), "{}", stderr(&out));
    std::fs::write(&tuning, [b"\xEF\xBB\xBF".as_slice(), &shipped].concat()).unwrap();
    let out = seedfeast(&["gen", "arena", "--seed", "x", "--assets", assets.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let _ = std::fs::remove_dir_all(&dir);
}

/// 9: what `puzzle run` and `gen puzzle` said of a level and a program: a type's name, a
/// program's length as a flag out of range, a limit of 65536 where it is 4096, and a file of 600
/// variant worlds run as 601 (the game makes and shows at most three).
#[test]
fn puzzle_files_are_refused_in_words() {
    let dir = scratch("puzzle");
    let file = |name: &str, text: &str| {
        std::fs::write(dir.join(name), text).unwrap();
        dir.join(name).to_str().unwrap().to_string()
    };
    let program = file("p.txt", "door1.open();\n");
    let list = file("list.json", "[]");
    refused(&["puzzle", "run", "--level", &list, "--code", &program], &["not a puzzle level"]);
    assert!(!stderr(&seedfeast(&["puzzle", "run", "--level", &list, "--code", &program])).contains("struct"));
    let long = file("long.txt", &format!("door1.open();{}", " ".repeat(4097 - 13)));
    refused(&["gen", "puzzle", "--seed", "x", "--code", &long], &["the program is 4,097 bytes", "4,096"]);
    let huge = file("huge.txt", &format!("door1.open();{}", " ".repeat(70_000 - 13)));
    refused(&["gen", "puzzle", "--seed", "x", "--code", &huge], &["70,000 bytes", "the 4,096 a program may hold"]);
    assert!(!stderr(&seedfeast(&["gen", "puzzle", "--seed", "x", "--code", &huge])).contains("65536"));
    // A level of the curriculum, its own world copied 600 times as variants.
    let level = seedfeast(&["gen", "puzzle", "--seed", "x", "--level", "3", "--format", "json"]);
    let mut doc: serde_json::Value = serde_json::from_str(&stdout(&level)).unwrap();
    let solution = doc["solution"].as_str().unwrap().to_string();
    doc["variants"] = serde_json::Value::Array(vec![doc.clone(); 600]);
    let many = file("many.json", &doc.to_string());
    let solution = file("solution.txt", &solution);
    refused(&["puzzle", "run", "--level", &many, "--code", &solution], &["600 variant worlds", "at most 2"]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// 9: a value pasted in whole was echoed whole (a 100,000-character name), invisible characters
/// were printed raw, and a forged score past `u32` was "cut off when copied?".
#[test]
fn messages_cut_long_values_escape_invisible_ones_and_call_a_forgery_one() {
    let name = "n".repeat(100_000);
    let out = seedfeast(&["lab", "range", "--mode", "maze", "--x", &name, "--out", "r.png"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stderr.len() < 2_000 && stderr(&out).contains("(100000 characters)"), "{} bytes", out.stderr.len());
    for hidden in ['\u{FEFF}', '\u{200B}', '\u{202E}'] {
        let out = seedfeast(&["lab", "range", "--mode", "maze", "--x", &format!("a{hidden}b"), "--out", "r.png"]);
        let escape = format!("a\\u{{{:x}}}b", hidden as u32);
        assert!(stderr(&out).contains(&escape) && !stderr(&out).contains(hidden), "{hidden:?}: {}", stderr(&out));
        let out = seedfeast(&["gen", "runner", "--seed", &format!("?seed=x&{hidden}=1")]);
        assert!(!stderr(&out).contains(hidden), "{hidden:?}: {}", stderr(&out));
    }
    let mut body = vec![seedfeast_procgen::replay::REPLAY_FORMAT, 2, 6];
    body.extend_from_slice(b"runner");
    body.extend_from_slice(&[0; 12]);
    seedfeast_procgen::replay::push_varint(&mut body, u64::from(u32::MAX) + 1);
    body.extend_from_slice(&[0; 8]);
    seedfeast_procgen::replay::push_varint(&mut body, 0);
    let code = seedfeast_procgen::replay::frame(body);
    refused(&["replay", "verify", "--code", &code], &["the score as 4294967296"]);
    assert!(!stderr(&seedfeast(&["replay", "verify", "--code", &code])).contains("cut off"));
}

/// 9: an unwritable name said "No such file" of a `.part` file it never named.
#[cfg(target_os = "linux")]
#[test]
fn a_name_that_takes_no_file_beside_it_says_which_file_failed() {
    let out =
        seedfeast(&["explain", "maze", "--seed", "x", "--format", "png", "--frames", "2", "--out", "/proc/version"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let said = stderr(&out);
    assert!(
        said.contains("can't write /proc/version") && said.contains("/proc/version.") && said.contains(".part"),
        "{said}"
    );
}
