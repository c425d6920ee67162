//! *How was this made?* (issue #33), headless, in every mode: chosen on the pause screen, the
//! step-through opens on the level the run is on, steps and goes to either end by keys, and its
//! last frame is the picture of the level the run plays (`gen` with the options the run reports);
//! closing it leaves the run paused; on the game-over screen it opens on the level the run ended
//! on.

use crate::common;

use bevy::input::keyboard::Key;
use bevy::prelude::*;
use common::*;
use seedfeast::data::GameData;
use seedfeast::run::{LevelShown, RunStage};
use seedfeast::session::Session;
use seedfeast::state::{Pause, Screen};
use seedfeast::ui::how_made::{FRAMES, HowMade, level_request};
use seedfeast::ui::menu::{MenuAction, MenuCursor, MenuItem};
use seedfeast_procgen::Seed;
use seedfeast_procgen::generator::Opt;

fn key(app: &mut App, code: KeyCode, logical: Key) {
    press(app, code, logical, None);
    app.update();
}

/// Puts the menu cursor on *How was this made?* and presses Enter.
fn choose_how_made(app: &mut App) {
    let order = {
        let world = app.world_mut();
        let mut items = world.query::<(&MenuItem, &MenuAction)>();
        items.iter(world).find(|(_, action)| **action == MenuAction::HowMade).map(|(item, _)| item.order)
    };
    app.world_mut().resource_mut::<MenuCursor>().0 = order.expect("the screen offers How was this made?");
    key(app, KeyCode::Enter, Key::Enter);
    app.update();
}

fn how(app: &App) -> &HowMade {
    app.world().get_resource::<HowMade>().expect("the step-through is open")
}

/// The picture `gen` draws of the level the run reports it is on.
fn played_picture(app: &App) -> seedfeast_procgen::generator::Picture {
    let world = app.world();
    let session = world.resource::<Session>();
    let request = level_request(session, world.resource::<LevelShown>());
    let data = world.resource::<GameData>();
    session.mode.generator().generate(data, &request).unwrap().picture().unwrap()
}

/// The level the run holds, drawn by its mode's renderer at the size `gen` draws it: the modes
/// whose run keeps its whole level (the Runner's and the tunnels' keep only what is in view).
fn own_picture(app: &App, key: &str) -> Option<seedfeast_procgen::generator::Picture> {
    use seedfeast_procgen::generate::Picture;
    let world = app.world();
    let parts = match key {
        "maze" => seedfeast_procgen::maze::to_rgb(&world.resource::<seedfeast::modes::maze::MazeRun>().floor, 12),
        "arena" => seedfeast_procgen::arena::render::arena_rgb(
            &world.resource::<seedfeast::modes::arena::ArenaRun>().wave,
            0.5,
        ),
        "dungeon" => seedfeast_procgen::dungeon::to_rgb(
            &world.resource::<seedfeast::modes::dungeon::run::DungeonRun>().play.dungeon,
            6,
        ),
        "puzzle" => seedfeast_procgen::puzzle::render::to_rgb(
            &world.resource::<seedfeast::modes::puzzle::PuzzleRun>().board.level,
            16,
        ),
        _ => return None,
    };
    Some(Picture { width: parts.0, height: parts.1, rgb: parts.2 })
}

#[test]
fn every_mode_shows_how_the_level_being_played_was_made() {
    for key_name in ["runner", "maze", "arena", "tunnel", "food-tunnel", "dungeon", "puzzle"] {
        let mut app = playing_app(GameData::built_in(), mode(key_name), Seed::from_text("pizza party"));
        for _ in 0..90 {
            app.update();
        }
        // The run says which level it is on: the stage it is at, or the track laid so far.
        let shown = app.world().resource::<LevelShown>().0.clone();
        let stage = app.world().resource::<RunStage>().0;
        match key_name {
            "maze" => assert_eq!(shown, [(Opt::Floor, stage)], "{key_name}"),
            "arena" => assert_eq!(shown, [(Opt::Wave, stage)], "{key_name}"),
            "dungeon" => assert_eq!(shown, [(Opt::Dungeon, stage)], "{key_name}"),
            "puzzle" => assert_eq!(shown, [(Opt::Level, 0)], "{key_name}"),
            "runner" => assert!(matches!(shown[..], [(Opt::Chunks, n)] if (2..=8).contains(&n)), "{shown:?}"),
            _ => assert!(matches!(shown[..], [(Opt::Gates, n)] if (1..=16).contains(&n)), "{key_name}: {shown:?}"),
        }
        key(&mut app, KeyCode::Escape, Key::Escape);
        assert_eq!(*app.world().resource::<State<Pause>>().get(), Pause::Paused, "{key_name}");
        choose_how_made(&mut app);
        let opened = how(&app);
        assert!(opened.frames > 1 && opened.frames <= FRAMES, "{key_name}: {} frames", opened.frames);
        assert!(opened.command.starts_with("seedfeast explain "), "{}", opened.command);
        // Stepping: right goes on a frame, left back one, both stop the playing.
        let (at, step) = (how(&app).index, how(&app).shown.as_ref().unwrap().step);
        key(&mut app, KeyCode::ArrowRight, Key::ArrowRight);
        assert_eq!(how(&app).index, at + 1, "{key_name}");
        assert!(!how(&app).playing);
        assert!(how(&app).shown.as_ref().unwrap().step > step, "{key_name}: a later step is drawn");
        key(&mut app, KeyCode::ArrowLeft, Key::ArrowLeft);
        assert_eq!((how(&app).index, how(&app).shown.as_ref().unwrap().step), (at, step), "{key_name}");
        // Up goes to the first frame, the level not begun; down to the last: the level played.
        key(&mut app, KeyCode::ArrowUp, Key::ArrowUp);
        let first = how(&app).shown.clone().unwrap();
        assert_eq!((how(&app).index, first.step), (0, 1), "{key_name}");
        key(&mut app, KeyCode::ArrowDown, Key::ArrowDown);
        let last = how(&app).shown.clone().unwrap();
        assert_eq!(how(&app).index, how(&app).frames - 1, "{key_name}");
        assert_eq!(last.step, last.of, "{key_name}: the last frame is the finished level");
        assert_eq!(last.picture, played_picture(&app), "{key_name}: the drawn level is gen's");
        if let Some(own) = own_picture(&app, key_name) {
            assert_eq!(last.picture, own, "{key_name}: the drawn level is the one the run plays");
        }
        assert_ne!(first.picture, last.picture, "{key_name}: the level is seen being made");
        // Escape closes it, and the run stays paused under it.
        key(&mut app, KeyCode::Escape, Key::Escape);
        assert!(!app.world().contains_resource::<HowMade>(), "{key_name}");
        assert_eq!(*app.world().resource::<State<Pause>>().get(), Pause::Paused, "{key_name}: still paused");
        assert_eq!(screen(&app), Screen::Playing);
    }
}

#[test]
fn playing_runs_to_the_end_and_the_game_over_screen_offers_it_too() {
    // The Runner, left alone, falls into its first gap: the run ends.
    let mut app = playing_app(GameData::built_in(), mode("runner"), Seed::from_text("pizza party"));
    for _ in 0..3_000 {
        app.update();
        if screen(&app) == Screen::GameOver {
            break;
        }
    }
    assert_eq!(screen(&app), Screen::GameOver);
    choose_how_made(&mut app);
    assert!(how(&app).playing, "it opens playing");
    // Played at the fastest speed, it stops on the finished level.
    app.world_mut().resource_mut::<HowMade>().speed = 2;
    for _ in 0..2_000 {
        app.update();
        if !how(&app).playing {
            break;
        }
    }
    let done = how(&app);
    assert_eq!(done.index, done.frames - 1, "played to the end");
    assert_eq!(done.shown.as_ref().unwrap().picture, played_picture(&app));
    // Confirm plays again from the start.
    key(&mut app, KeyCode::Enter, Key::Enter);
    assert!(how(&app).playing && how(&app).index < 3, "index {}", how(&app).index);
    key(&mut app, KeyCode::Escape, Key::Escape);
    assert!(!app.world().contains_resource::<HowMade>());
    assert_eq!(screen(&app), Screen::GameOver, "closing it does not leave the screen");
}

#[test]
fn the_seed_screen_shows_how_its_previews_level_was_made() {
    let mut app = menu_app();
    key(&mut app, KeyCode::Enter, Key::Enter); // Play
    key(&mut app, KeyCode::ArrowDown, Key::ArrowDown);
    key(&mut app, KeyCode::Enter, Key::Enter); // the Maze chase
    assert_eq!(screen(&app), Screen::SeedSelect);
    // Nothing typed: the preview is of the seed *Play this seed* plays.
    let seed = app.world().resource::<Session>().seed;
    choose_how_made(&mut app);
    key(&mut app, KeyCode::ArrowDown, Key::ArrowDown);
    let last = how(&app).shown.clone().unwrap();
    let maze = mode("maze").generator();
    let preview = maze.generate(&GameData::built_in(), &maze.preview_request(seed, None)).unwrap().picture().unwrap();
    assert_eq!(last.picture, preview, "the level the preview shows");
    assert!(how(&app).command.contains(&seed.code().to_string()), "{}", how(&app).command);
    // Keys typed while it is open go to it, not into the seed box.
    let typed = app.world().resource::<seedfeast::ui::seed_entry::SeedEntry>().text.clone();
    type_text(&mut app, "x");
    assert_eq!(app.world().resource::<seedfeast::ui::seed_entry::SeedEntry>().text, typed);
    key(&mut app, KeyCode::Escape, Key::Escape);
    assert!(!app.world().contains_resource::<HowMade>());
    assert_eq!(screen(&app), Screen::SeedSelect, "closing it stays on the seed screen");
}
