//! The code puzzle (issue #13): levels generated backwards from a solution program.

pub mod ast;
pub mod curriculum;
pub mod eval;
pub mod generate;
pub mod grammar;
pub mod interp;
pub mod level;
pub mod lexer;
pub mod merge;
pub mod minimap;
pub mod parser;
pub mod paths;
pub mod render;
pub mod solve;
pub mod summary;
pub mod variants;
pub mod world;

pub use ast::{CodeError, Pos, Program};
pub use generate::{GenOptions, generate, generate_with};
pub use level::{PuzzleLevel, metrics};
pub use parser::parse;
pub use render::{draw_ascii, to_rgb};
pub use solve::{RunError, RunResult, Session, run};
pub use summary::GenError;
