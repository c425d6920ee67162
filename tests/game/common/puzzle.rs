//! A headless Code puzzle for tests: a run of a seed from a curriculum step (a link's `level=`),
//! past the countdown, with the puzzle's bot at the keys when asked; and the arrow key for a way.

use bevy::input::keyboard::Key;
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use seedfeast::data::GameData;
use seedfeast::modes::puzzle::bot::{BotProgram, PuzzleBot, PuzzleBotPlugin};
use seedfeast::save::SaveStore;
use seedfeast::session::Session;
use seedfeast::state::Screen;
use seedfeast::{Launch, headless_app};
use seedfeast_procgen::Seed;

use super::{mode, screen, skip_countdown};

/// A headless Code puzzle run of `seed` from curriculum step `level`, past the countdown.
pub fn puzzle_app_with(seed: Seed, level: Option<u32>, bot: Option<BotProgram>) -> App {
    let session = Session { mode: mode("puzzle"), seed, origin: None, daily: None, level };
    let mut app = headless_app(Launch {
        data: Ok(GameData::built_in()),
        start: Some(session),
        save: SaveStore::memory(),
        notice: None,
    });
    app.insert_resource(TimeUpdateStrategy::FixedTimesteps(1));
    if let Some(program) = bot {
        app.insert_resource(PuzzleBot::new(program));
        app.add_plugins(PuzzleBotPlugin);
    }
    app.finish();
    app.cleanup();
    app.update();
    app.update();
    assert_eq!(screen(&app), Screen::Playing);
    skip_countdown(&mut app);
    app.update();
    app
}

/// The arrow key that walks one way.
pub fn arrow(dir: seedfeast::grid_move::Dir) -> (KeyCode, Key) {
    use seedfeast::grid_move::Dir;
    match dir {
        Dir::Up => (KeyCode::ArrowUp, Key::ArrowUp),
        Dir::Down => (KeyCode::ArrowDown, Key::ArrowDown),
        Dir::Left => (KeyCode::ArrowLeft, Key::ArrowLeft),
        Dir::Right => (KeyCode::ArrowRight, Key::ArrowRight),
    }
}
