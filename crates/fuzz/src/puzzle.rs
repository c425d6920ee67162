//! The code puzzle's language: a player's program, parsed, checked and run on real levels.

use std::sync::OnceLock;

use seedfeast_procgen::Seed;
use seedfeast_procgen::puzzle::curriculum::Curriculum;
use seedfeast_procgen::puzzle::interp::MAX_STEPS;
use seedfeast_procgen::puzzle::solve::{run_program, solves};
use seedfeast_procgen::puzzle::world::World;
use seedfeast_procgen::puzzle::{PuzzleLevel, parse};
use seedfeast_procgen::tuning::Tuning;

/// Levels a program is run on: curriculum steps with one, two and three objects.
fn worlds() -> &'static [World] {
    static WORLDS: OnceLock<Vec<World>> = OnceLock::new();
    WORLDS.get_or_init(|| {
        let curriculum = Curriculum::built_in();
        [0, 7, 15]
            .into_iter()
            .filter_map(|step| curriculum.level(step, Seed(1)).ok())
            .filter_map(|level: PuzzleLevel| level.world().ok())
            .collect()
    })
}

/// Parses the text as a program; one that parses is run on each level, which must finish
/// within the interpreter's step cap (a `while` that never ends is stopped, not hung).
pub fn puzzle(data: &[u8]) {
    let text = crate::text(data);
    let Ok(program) = parse(&text) else { return };
    for world in worlds() {
        if let Ok(result) = run_program(world, &program) {
            assert!(result.steps <= MAX_STEPS + 1, "{} steps ran past the cap of {MAX_STEPS}", result.steps);
        }
        let _ = solves(world, &program, Some(0));
    }
}
