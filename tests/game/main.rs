//! The game's integration tests, as one test binary: each module was once a binary of its own,
//! and each of those linked Bevy and the game again (28 links, most of a cold `cargo test`).
//! `cargo test --test game replay::` runs one module's tests.
//!
//! - the headless app: `MinimalPlugins`, fixed 1/60 s steps, every mode, menus, links, replays
//!   and bots (`common` builds the app);
//! - the command line as a real process (`cli_process` runs it);
//! - the layers of `src/`, read from the source.

mod cli_process;
mod common;

mod arena_app;
mod board_client;
mod bots;
mod cli;
mod cli_bounds;
mod cli_explain;
mod cli_hostile;
#[cfg(unix)]
mod cli_hostile51;
#[cfg(unix)]
mod cli_out;
mod colours;
mod dungeon_app;
mod dungeon_cli;
mod feel;
mod game_flow;
mod how_made;
mod layers;
mod maze_app;
mod puzzle_app;
mod puzzle_cli;
mod puzzle_worlds;
mod replay;
mod replay_bounds;
mod retry;
mod run_flow;
mod runner_app;
mod seed_preview;
mod settings_flow;
mod share_flow;
mod touch_input;
mod tunnel_app;
mod ui_flow;
