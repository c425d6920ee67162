//! Issue #28's reproductions on the command line, each run as the real process: hostile and
//! careless input gets a clear refusal (exit 2) or a note, never a crash, a stall, another level
//! played silently, or a lost recording.

use crate::cli_process;

use std::process::Command;

use seedfeast_procgen::Seed;

use cli_process::{seedfeast, stderr, stdout};

/// 1: the 64-character code that crashed `replay verify` (exit 101).
#[test]
fn the_forged_run_length_code_is_refused_not_a_crash() {
    let code = "AQMGcnVubmVy8nSthkwAAAAJiLoHAAAAAAAAAAAABQGAAv___________wEkPnXT";
    let out = seedfeast(&["replay", "verify", "--code", code]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("bad replay code"), "{}", stderr(&out));
    let out = seedfeast(&["play", "--ghost", code]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
}

/// 2: an hour of recording is refused at once, saying the mode's longest run.
#[test]
fn recording_longer_than_a_run_can_last_is_refused() {
    let out = seedfeast(&["replay", "record", "--mode", "arena", "--seed", "x", "--bot", "--seconds", "3600"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("longer than an Arena run can last (600 seconds)"), "{}", stderr(&out));
}

/// 4: a space for the hyphen and one wrong character played another level with nothing said.
#[test]
fn a_mistyped_code_is_refused_and_wrapped_codes_are_read() {
    let code = Seed(0x00AB_CDEF).code().to_string();
    let (left, right) = code.split_once('-').unwrap();
    let last = right.chars().last().unwrap();
    let typo = format!("{left} {}{}", &right[..4], if last == 'X' { 'Y' } else { 'X' });
    let out = seedfeast(&["gen", "runner", "--seed", &typo]);
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    assert!(stderr(&out).contains("check character does not match"), "{}", stderr(&out));
    for pasted in [format!("\"{code}\""), format!("Seed: {code}"), format!("https://x/play/{code}")] {
        let out = seedfeast(&["seed", &pasted]);
        assert!(out.status.success(), "{pasted}: {}", stderr(&out));
        assert!(stdout(&out).contains(&format!("read as the code {code}")), "{pasted}: {}", stdout(&out));
    }
    // Text shaped like a code, with its first letter read as a digit: played as text, said so.
    let out = seedfeast(&["gen", "runner", "--seed", &format!("l{} {}X", &left[1..], &right[..4])]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stderr(&out).contains("note: read as text"), "{}", stderr(&out));
}

/// 4: a level past the mode's last was clamped without a word.
#[test]
fn a_level_out_of_range_is_refused_with_the_range() {
    let out = seedfeast(&["play", "--mode", "puzzle", "--seed", "x", "--level", "4294967295"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("level 4294967295 is not one of Code puzzle's levels (0..="), "{}", stderr(&out));
    let out = seedfeast(&["play", "--mode", "runner", "--seed", "x", "--level", "2"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("Runner has no levels"), "{}", stderr(&out));
}

/// 6: the messages that misled.
#[test]
fn messages_say_what_was_wrong() {
    // A link without `ghost=` was "the replay code has ':' at character 6".
    let out = seedfeast(&["replay", "verify", "--code", "https://x/?seed=30400-0001S&mode=maze"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("that link holds no replay"), "{}", stderr(&out));
    // A 16 KB link was "a seed is at most 200 characters of text".
    let link = format!("https://x/?seed=1&ghost={}", "A".repeat(16 * 1024));
    let out = seedfeast(&["seed", &link]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("that link is"), "{}", stderr(&out));
    // A rejected 120 KB value was echoed whole.
    let huge = "y".repeat(120_000);
    let out = seedfeast(&["gen", "runner", "--seed", &huge]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stderr.len() < 1_000, "{} bytes of error", out.stderr.len());
    assert!(stderr(&out).contains("(120000 characters)"), "{}", stderr(&out));
}

/// 6: `replay record --out FOLDER` failed after recording and lost the code.
#[test]
fn a_bad_out_path_is_refused_before_recording() {
    let folder = std::env::temp_dir();
    let out = seedfeast(&[
        "replay",
        "record",
        "--mode",
        "runner",
        "--seed",
        "x",
        "--bot",
        "--seconds",
        "2",
        "--out",
        folder.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("is a folder"), "{}", stderr(&out));
}

/// 6: with no display, `play` said nothing useful: a panic from inside Bevy's window code.
#[cfg(all(unix, not(target_os = "macos")))]
#[test]
fn playing_without_a_display_says_so() {
    let out = Command::new(env!("CARGO_BIN_EXE_seedfeast"))
        .args(["play", "--seed", "x"])
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("no display"), "{}", stderr(&out));
}
