//! Fuzz targets over every parser that reads text from outside the game (issue #14), as plain
//! functions of the input bytes: each must return, never panic, never hang, whatever it is fed.
//! Where a parser promises more (a code prints back to itself, a save writes back to the same
//! data), the target asserts that too, so the fuzzer catches a broken promise as a crash.
//!
//! Two drivers run them:
//! - `fuzz/` (outside the workspace), a cargo-fuzz project: libFuzzer's coverage-guided
//!   mutation on the stable toolchain (`cargo fuzz run --sanitizer none`), see `scripts/fuzz.sh`;
//! - this crate's tests, under `cargo test`: every file of `fuzz/corpus/<target>/` (real inputs
//!   and what the fuzzer kept), and every prefix of each, through every target (the CI smoke).
//!
//! Adding a target: a `pub fn` in a module here, a line in [`TARGETS`],
//! a file `fuzz/fuzz_targets/<name>.rs` with one `fuzz_target!` line and a `[[bin]]` entry in
//! `fuzz/Cargo.toml`, and a few real inputs in `fuzz/corpus/<name>/`.

pub mod data_files;
pub mod puzzle;
pub mod replay;
pub mod replay_body;
pub mod save;
pub mod seed_paste;
pub mod seeds;

/// A named target: its name is its corpus folder and its fuzz binary.
pub struct Target {
    pub name: &'static str,
    pub run: fn(&[u8]),
}

/// Every target.
pub const TARGETS: &[Target] = &[
    Target { name: "seeds", run: seeds::seeds },
    Target { name: "data_files", run: data_files::data_files },
    Target { name: "save", run: save::save },
    Target { name: "save_structured", run: save::save_structured },
    Target { name: "puzzle", run: puzzle::puzzle },
    Target { name: "replay", run: replay::replay },
    Target { name: "replay_body", run: replay_body::replay_body },
    Target { name: "seed_paste", run: seed_paste::seed_paste },
];

/// The input as text: UTF-8 when it is, else with each bad sequence replaced (so byte-level
/// mutations still reach the parsers, which only ever see text).
pub fn text(data: &[u8]) -> std::borrow::Cow<'_, str> {
    String::from_utf8_lossy(data)
}
