//! The designer data files (every `Tuning` type and the runner's chunk library), as a designer's
//! edit under `--assets` or `$SEEDFEAST_ASSETS` reaches them.
//!
//! Input: the first byte picks the file (modulo [`FILES`]), the rest is its text. The corpus
//! holds each shipped file behind its byte.

use seedfeast_procgen::DataError;
use seedfeast_procgen::dungeon::{DungeonThemes, DungeonTuning};
use seedfeast_procgen::maze::MazeTuning;
use seedfeast_procgen::puzzle::curriculum::Curriculum;
use seedfeast_procgen::puzzle::grammar::Grammar;
use seedfeast_procgen::runner::{ChunkLibrary, RunnerTuning};
use seedfeast_procgen::tunnel::TunnelTuning;
use seedfeast_procgen::{FoodTable, IntensityCurve, Tuning, arena::ArenaTuning};

/// The files, in the order of their selector byte.
pub const FILES: [&str; 11] = [
    RunnerTuning::PATH,
    "runner/chunks.ron",
    IntensityCurve::PATH,
    FoodTable::PATH,
    MazeTuning::PATH,
    ArenaTuning::PATH,
    TunnelTuning::PATH,
    DungeonTuning::PATH,
    DungeonThemes::PATH,
    Grammar::PATH,
    Curriculum::PATH,
];

fn load<T: Tuning>(text: &str, file: &str) -> Result<(), DataError> {
    T::from_ron(text, file).map(|_| ())
}

/// Loads the text as the file the first byte picks. The error (what the game's error screen
/// shows) is formatted too: locating a field's line in odd text must not panic either.
pub fn data_files(data: &[u8]) {
    let Some((&which, rest)) = data.split_first() else { return };
    let text = crate::text(rest);
    let index = usize::from(which) % FILES.len();
    let file = format!("assets/{}", FILES[index]);
    let result = match index {
        0 => load::<RunnerTuning>(&text, &file),
        1 => ChunkLibrary::from_ron(&text, &file, &RunnerTuning::built_in()).map(|_| ()),
        2 => load::<IntensityCurve>(&text, &file),
        3 => load::<FoodTable>(&text, &file),
        4 => load::<MazeTuning>(&text, &file),
        5 => load::<ArenaTuning>(&text, &file),
        6 => load::<TunnelTuning>(&text, &file),
        7 => load::<DungeonTuning>(&text, &file),
        8 => load::<DungeonThemes>(&text, &file),
        9 => load::<Grammar>(&text, &file),
        _ => load::<Curriculum>(&text, &file),
    };
    if let Err(error) = result {
        let message = error.to_string();
        assert!(message.contains(&file), "the message doesn't name the file: {message}");
    }
}
