//! Procgen's integration tests, as one test binary (each module was once a binary of its own):
//! the generators' properties, goldens and validators, the explainers, the puzzle language and
//! the crate layers. `cargo test -p seedfeast-procgen --test procgen maze::` runs one module.

mod arena;
mod arena_threats;
mod dungeon;
mod explain;
mod explain_arena_tunnel;
mod explain_dungeon;
mod explain_every_mode;
mod explain_puzzle;
mod food;
mod intensity;
mod layers;
mod maze;
mod puzzle;
mod puzzle_lang;
mod puzzle_table;
mod puzzle_variants;
mod runner;
mod sketch_every_mode;
mod tunnel;
