//! The game's binary as a real process, for the command-line tests: run with arguments (and never
//! the caller's `SEEDFEAST_ASSETS`), and what it printed, as text. Shared by the five CLI test
//! files, which each had their own copy.

#![allow(dead_code)]

use std::process::{Command, Output};

/// Runs `seedfeast` with `args` and waits for it.
pub fn seedfeast(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_seedfeast"))
        .args(args)
        .env_remove("SEEDFEAST_ASSETS")
        .output()
        .expect("the binary runs")
}

pub fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}
