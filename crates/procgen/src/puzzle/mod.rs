//! The code puzzle (issue #13): a small programming language and levels generated backwards
//! from a solution program, by the method of the May's Journey paper.
//!
//! The language (see [`parser`] for the grammar): commands on named objects
//! (`block1.move("up");`, `statue1.rotate("right");`, `door1.open();`, `gate1.stop();`),
//! variables (`n = 3;`), `for`, `if`/`else` and `while` over the attributes `isMoving` and
//! `position`, `//` comments. An object's kind is its name without the digits; each object
//! takes one type of command. Errors carry `line:col` and what was expected.
//!
//! - [`lexer`], [`parser`], [`ast`]: text to a checked syntax tree;
//! - [`world`]: the rules (ground, objects, fire and wind, plates, rewards, walkability);
//! - [`interp`]: runs a program one statement at a time with a step cap;
//! - [`summary`] (step 1), [`grammar`] (step 2), [`minimap`] (steps 3–4), [`paths`] (step 5),
//!   [`merge`] (step 6) and [`generate`](mod@generate) (step 7 and the whole): the generator;
//! - [`level`]: the level as plain data (the CLI's JSON, loadable back), [`validate`]: its
//!   independent checks, [`solve`]: running code on a level ([`run`], [`Session`]);
//! - [`variants`], [`eval`]: the paper's alternative and shorter codes and its Table 2;
//! - [`curriculum`]: the ladder of programs the mode walks through; [`render`]: pictures.
//! - [`worlds`]: a level's variant worlds, so a program with conditions must really test them;
//! - [`explain`], [`rebuild`]: the generator's narration (issue #33) and the level rebuilt from
//!   it alone.
//!
//! Generation is a pure function of the program, the seed and the options: streams from
//! `PuzzleShapes`, `PuzzlePaths`, `PuzzleRewards`, `PuzzleMerge` and `PuzzleExtra`, integer
//! grid maths, no clock, every loop and retry bounded.

pub mod ast;
mod attempt;
pub mod check;
pub mod curriculum;
pub mod eval;
pub mod explain;
pub mod generate;
pub mod generator;
pub mod grammar;
pub mod interp;
pub mod level;
pub mod lexer;
pub mod merge;
pub mod minimap;
pub mod parser;
pub mod paths;
pub mod rebuild;
mod rebuild_attempt;
pub mod rebuild_worlds;
pub mod render;
pub mod solve;
pub mod summary;
pub mod validate;
pub mod variants;
pub mod world;
pub mod worlds;

pub use ast::{CodeError, Pos, Program};
pub use generate::{GenOptions, generate, generate_with};
pub use level::{PuzzleLevel, metrics};
pub use parser::parse;
pub use render::{draw_ascii, to_rgb};
pub use solve::{RunError, RunResult, Session, first_failure, run, run_worlds, world_name};
pub use summary::GenError;
pub use validate::validate_level;

use crate::tuning::Tuning;

/// The code puzzle's data: the shape grammar levels are built from, and the ladder of programs.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleData {
    pub grammar: grammar::Grammar,
    pub curriculum: curriculum::Curriculum,
}

impl crate::generate::ModeData for PuzzleData {
    /// The shipped grammar and curriculum, compiled in.
    fn shipped() -> PuzzleData {
        PuzzleData { grammar: grammar::Grammar::built_in(), curriculum: curriculum::Curriculum::built_in() }
    }

    /// The grammar and curriculum under an assets folder, checked.
    fn from_assets(assets_dir: &std::path::Path) -> Result<PuzzleData, crate::DataError> {
        Ok(PuzzleData {
            grammar: grammar::Grammar::load(assets_dir)?,
            curriculum: curriculum::Curriculum::load(assets_dir)?,
        })
    }
}
