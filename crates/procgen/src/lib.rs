//! Seedfeast level generation: seeds and seed codes, RNG streams and every generator.
//!
//! Pure Rust with no engine: each generator is a function of its parameters and a seeded RNG
//! stream that returns plain data, with a validator beside it that re-checks every promise.

pub mod arena;
pub mod assets;
pub mod data;
pub mod dataset;
pub mod digest;
pub mod dungeon;
pub mod food;
pub mod generate;
pub mod generator;
pub mod intensity;
pub mod link;
pub mod maze;
pub mod modes;
mod pasted;
pub mod physics;
pub mod player_name;
pub mod puzzle;
pub mod replay;
pub mod rng;
pub mod runner;
pub mod seed;
pub mod shown;
pub mod trace;
pub mod tuning;
pub mod tunnel;
pub mod violation;

pub use data::DataError;
pub use dataset::DataSet;
pub use food::{FoodKind, FoodTable};
pub use intensity::IntensityCurve;
pub use seed::{GENERATOR_VERSION, Seed, SeedCode, SeedCodeError, SeedInput, SeedInputError};
pub use tuning::{FieldError, Tuning};
