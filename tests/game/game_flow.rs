//! Menus and data problems, played headlessly with real keyboard input.

use crate::common;

use bevy::input::keyboard::Key;
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use common::{press, screen, type_text};
use seedfeast::data::{DataProblem, DataSource, GameData};
use seedfeast::session::Session;
use seedfeast::state::Screen;
use seedfeast::{Launch, headless_app, load_data};
use seedfeast_procgen::Seed;

fn menu_app(data: Result<GameData, DataProblem>) -> App {
    let mut app = headless_app(Launch { data, start: None, save: seedfeast::save::SaveStore::memory(), notice: None });
    app.insert_resource(TimeUpdateStrategy::FixedTimesteps(1));
    app.finish();
    app.cleanup();
    app.update();
    app
}

fn builtin() -> Result<GameData, DataProblem> {
    Ok(GameData::built_in())
}

fn enter(app: &mut App) {
    press(app, KeyCode::Enter, Key::Enter, None);
    app.update();
}

#[test]
fn title_to_a_run_from_typed_free_text() {
    let mut app = menu_app(builtin());
    assert_eq!(screen(&app), Screen::Title);
    enter(&mut app);
    assert_eq!(screen(&app), Screen::ModeSelect);
    enter(&mut app);
    assert_eq!(screen(&app), Screen::SeedSelect);
    type_text(&mut app, "pizza party");
    enter(&mut app);
    assert_eq!(screen(&app), Screen::Playing);
    assert_eq!(app.world().resource::<Session>().seed, Seed::from_text("pizza party"));
}

#[test]
fn a_mistyped_code_is_explained_and_play_does_not_start() {
    let mut app = menu_app(builtin());
    enter(&mut app);
    enter(&mut app);
    let before = app.world().resource::<Session>().seed;
    let code = Seed(555).code().to_string();
    let typo = format!("{}U", &code[..code.len() - 1]);
    type_text(&mut app, &typo);
    enter(&mut app);
    assert_eq!(screen(&app), Screen::SeedSelect);
    let entry = app.world().resource::<seedfeast::ui::seed_entry::SeedEntry>();
    assert!(entry.error.as_deref().unwrap_or("").contains("not a seed-code character"), "{entry:?}");
    assert_eq!(app.world().resource::<Session>().seed, before);
    // Fixing the last character plays the friend's level.
    press(&mut app, KeyCode::Backspace, Key::Backspace, None);
    type_text(&mut app, &code[code.len() - 1..]);
    enter(&mut app);
    assert_eq!(screen(&app), Screen::Playing);
    assert_eq!(app.world().resource::<Session>().seed, Seed(555));
}

#[test]
fn the_new_seed_item_changes_the_seed_and_escape_goes_back() {
    let mut app = menu_app(builtin());
    enter(&mut app);
    enter(&mut app);
    let before = app.world().resource::<Session>().seed;
    press(&mut app, KeyCode::ArrowDown, Key::ArrowDown, None);
    enter(&mut app);
    assert_eq!(screen(&app), Screen::SeedSelect);
    assert_ne!(app.world().resource::<Session>().seed, before);
    press(&mut app, KeyCode::Escape, Key::Escape, None);
    app.update();
    assert_eq!(screen(&app), Screen::ModeSelect);
}

#[test]
fn broken_data_shows_the_error_screen_and_reload_recovers() {
    let dir = std::env::temp_dir().join(format!("seedfeast-flow-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let assets = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
    // Every data file, whatever the modes read.
    fn copy_ron(from: &std::path::Path, to: &std::path::Path) {
        for entry in std::fs::read_dir(from).unwrap() {
            let path = entry.unwrap().path();
            let target = to.join(path.file_name().unwrap());
            if path.is_dir() {
                copy_ron(&path, &target);
            } else if path.extension().is_some_and(|e| e == "ron") {
                std::fs::create_dir_all(to).unwrap();
                std::fs::copy(&path, &target).unwrap();
            }
        }
    }
    copy_ron(&assets, &dir);
    let tuning = dir.join("runner/tuning.ron");
    let good = std::fs::read_to_string(&tuning).unwrap();
    std::fs::write(&tuning, good.replace("gravity: 2000.0,", "gravity: \"heavy\",")).unwrap();

    let data = load_data(DataSource::Folder(dir.clone()));
    let problem = data.as_ref().unwrap_err().message.clone();
    assert!(problem.contains("runner/tuning.ron:") && problem.contains(':'), "{problem}");
    let mut app = menu_app(data);
    assert_eq!(screen(&app), Screen::DataError);
    enter(&mut app);
    assert_eq!(screen(&app), Screen::DataError, "still broken");

    std::fs::write(&tuning, good).unwrap();
    enter(&mut app);
    assert_eq!(screen(&app), Screen::Title, "reloaded after the fix");
    assert!(app.world().contains_resource::<GameData>());
    let _ = std::fs::remove_dir_all(&dir);
}

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("seedfeast-flow-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn run_until_game_over(app: &mut App) {
    for _ in 0..2_000 {
        app.update();
        if screen(app) == Screen::GameOver {
            return;
        }
    }
    panic!("the run never ended");
}

#[test]
fn best_scores_are_kept_per_seed_across_runs_and_restarts() {
    use seedfeast::save::{Save, SaveStore};
    use seedfeast::session::LastRun;
    let dir = scratch("scores");
    let seed = Seed(5);
    let start = || Session { mode: common::mode("runner"), seed, origin: None, daily: None, level: None };
    let launch = |dir: &std::path::Path| Launch {
        data: Ok(GameData::built_in()),
        start: Some(start()),
        save: SaveStore::folder(dir),
        notice: None,
    };
    let mut app = headless_app(launch(&dir));
    app.insert_resource(TimeUpdateStrategy::FixedTimesteps(1));
    app.finish();
    app.cleanup();
    run_until_game_over(&mut app);
    let first = app.world().resource::<LastRun>().clone();
    assert!(first.new_best && first.best == first.score && first.score > 0, "{first:?}");
    let key = format!("runner/{}", seed.code());
    let best = app.world().resource::<Save>().best(&key).map(|b| b.score);
    assert_eq!(best, Some(u64::from(first.score)));
    let history = app.world().resource::<Save>().history("runner");
    assert_eq!(
        history.first().map(|(code, _)| *code),
        Some(seed.code().to_string().as_str()),
        "the seed is in the history"
    );

    // A restart reads the file back: the same run is not a new best.
    let mut app = headless_app(launch(&dir));
    app.insert_resource(TimeUpdateStrategy::FixedTimesteps(1));
    app.finish();
    app.cleanup();
    run_until_game_over(&mut app);
    let second = app.world().resource::<LastRun>().clone();
    assert_eq!(second.score, first.score, "the same seed, no input: the same run");
    assert!(!second.new_best);
    assert_eq!(second.best, first.score);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_corrupt_scores_file_is_set_aside_and_the_player_told() {
    use seedfeast::save::SaveStore;
    let dir = scratch("corrupt");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("scores.ron"), "(best: {oops").unwrap();
    let mut app = headless_app(Launch {
        data: Ok(GameData::built_in()),
        start: None,
        save: SaveStore::folder(&dir),
        notice: None,
    });
    app.finish();
    app.cleanup();
    app.update();
    let toast = app.world().resource::<seedfeast::toast::Toast>();
    // Nothing in it could be read as an entry: the player is told, and the file kept whole.
    let told = toast.text.contains("damaged") || toast.text.contains("couldn't be read");
    assert!(toast.visible() && told && toast.text.contains("corrupt-1"), "{}", toast.text);
    assert!(dir.join("scores.ron.corrupt-1").exists());
    assert_eq!(screen(&app), Screen::Title, "play goes on");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_bad_link_is_explained_and_the_menu_opens() {
    use seedfeast::web::{LinkRequest, parse_query};
    let modes = seedfeast::modes::table();
    let LinkRequest::Problem(message) = parse_query("?seed=1ABCU-00000&mode=maze", &modes) else {
        panic!("a bad code")
    };
    let mut app = headless_app(Launch {
        data: Ok(GameData::built_in()),
        start: None,
        save: seedfeast::save::SaveStore::memory(),
        notice: Some(message.clone()),
    });
    app.finish();
    app.cleanup();
    app.update();
    app.update();
    let toast = app.world().resource::<seedfeast::toast::Toast>();
    assert!(toast.visible() && toast.text == message, "{}", toast.text);
    assert_eq!(screen(&app), Screen::Title);
}

#[test]
fn settings_change_from_the_menu_are_saved_at_once_and_used_after_a_restart() {
    use seedfeast::save::{MapStorage, STORAGE_KEY, Save, SaveStore, TextStorage};
    use seedfeast_save::Action;
    use std::sync::Arc;
    let storage = Arc::new(MapStorage::default());
    let launch = |start: Option<Session>| Launch {
        data: Ok(GameData::built_in()),
        start,
        save: SaveStore::keyed(storage.clone()),
        notice: None,
    };
    let mut app = headless_app(launch(None));
    app.insert_resource(TimeUpdateStrategy::FixedTimesteps(1));
    app.finish();
    app.cleanup();
    common::listen(&mut app);
    app.update();
    press(&mut app, KeyCode::ArrowDown, Key::ArrowDown, None);
    enter(&mut app);
    assert_eq!(screen(&app), Screen::Settings);
    let settings = |app: &App| app.world().resource::<Save>().settings().clone();
    let volume = settings(&app).volume();
    enter(&mut app);
    assert!((settings(&app).volume() - (volume + 0.1)).abs() < 1e-4, "Enter turns the volume up a step");
    press(&mut app, KeyCode::ArrowLeft, Key::ArrowLeft, None);
    press(&mut app, KeyCode::ArrowLeft, Key::ArrowLeft, None);
    assert!((settings(&app).volume() - (volume - 0.1)).abs() < 1e-4, "Left turns it down");
    // The music's row is next, with a volume of its own (issue #34).
    press(&mut app, KeyCode::ArrowDown, Key::ArrowDown, None);
    let music = settings(&app).music_volume();
    press(&mut app, KeyCode::ArrowLeft, Key::ArrowLeft, None);
    assert!((settings(&app).music_volume() - (music - 0.1)).abs() < 1e-4, "Left turns the music down");
    assert!((settings(&app).volume() - (volume - 0.1)).abs() < 1e-4, "and leaves the effects alone");
    // Down to the jump's row (after the effects, music, fullscreen, sound, text size, colours,
    // reduced motion, board, name and the four moves), Enter, then the new key.
    for _ in 0..12 {
        press(&mut app, KeyCode::ArrowDown, Key::ArrowDown, None);
    }
    enter(&mut app);
    press(&mut app, KeyCode::KeyZ, Key::Character("z".into()), Some("z"));
    assert_eq!(settings(&app).key(Action::Jump), "KeyZ");
    let saved = storage.get(STORAGE_KEY).unwrap().expect("saved at once");
    assert!(saved.contains("Jump: \"KeyZ\""), "{saved}");
    assert!(app.world().resource::<common::Heard>().0.contains(&seedfeast::sound::Sfx::Click), "menu choices click");
    let label = {
        let mut texts = app.world_mut().query::<&Text>();
        texts.iter(app.world()).map(|t| t.0.clone()).filter(|t| t.starts_with("Jump / flap:")).collect::<Vec<_>>()
    };
    assert_eq!(label, ["Jump / flap: Z"], "the button shows the new choice");
    press(&mut app, KeyCode::Escape, Key::Escape, None);
    app.update();
    assert_eq!(screen(&app), Screen::Title);

    // A restart straight into a run: Space no longer jumps, Z does, and the jump is heard.
    let session = Session { mode: common::mode("runner"), seed: Seed(9), origin: None, daily: None, level: None };
    let mut app = headless_app(launch(Some(session)));
    app.insert_resource(TimeUpdateStrategy::FixedTimesteps(1));
    app.finish();
    app.cleanup();
    common::listen(&mut app);
    for _ in 0..30 {
        app.update();
    }
    common::skip_countdown(&mut app);
    assert_eq!(app.world().resource::<Save>().settings().key(Action::Jump), "KeyZ");
    assert_eq!(app.world().resource::<Save>().settings().music_volume(), 0.4, "the music's volume too");
    common::tap_key(&mut app, KeyCode::Space, Key::Space);
    app.update();
    assert!(common::player(&mut app).1.y.abs() < 1.0, "Space is not the jump key any more");
    common::tap_key(&mut app, KeyCode::KeyZ, Key::Character("z".into()));
    app.update();
    assert!(common::player(&mut app).1.y > 100.0, "Z jumps");
    assert!(app.world().resource::<common::Heard>().0.contains(&seedfeast::sound::Sfx::Jump));
}

#[test]
fn the_game_asks_for_the_sounds_of_what_happens() {
    use seedfeast::sound::Sfx;
    let mut app = common::runner_app(Seed(5), seedfeast_procgen::runner::RunnerConfig::default());
    common::listen(&mut app);
    run_until_game_over(&mut app);
    app.update();
    let heard = &app.world().resource::<common::Heard>().0;
    assert_eq!(heard.iter().filter(|c| **c == Sfx::GameOver).count(), 1, "{heard:?}");
    assert!(!heard.contains(&Sfx::Jump), "nobody jumped: {heard:?}");
}

#[test]
fn a_resting_mouse_never_steals_the_selection_but_a_moving_one_does() {
    use seedfeast::ui::menu::{MenuCursor, MenuItem};
    let mut app = menu_app(builtin());
    app.update();
    let hover = |app: &mut App, order: usize| {
        let mut items = app.world_mut().query::<(&MenuItem, &mut Interaction)>();
        for (item, mut interaction) in items.iter_mut(app.world_mut()) {
            *interaction = if item.order == order { Interaction::Hovered } else { Interaction::None };
        }
    };
    // The pointer rests over "Settings" as the title appears (as under a window's centre).
    let window = app.world_mut().spawn(Window::default()).id();
    app.world_mut().get_mut::<Window>(window).unwrap().set_cursor_position(Some(Vec2::new(640.0, 400.0)));
    app.update();
    hover(&mut app, 1);
    app.update();
    app.update();
    assert_eq!(app.world().resource::<MenuCursor>().0, 0, "the keyboard's choice stays");
    app.world_mut().get_mut::<Window>(window).unwrap().set_cursor_position(Some(Vec2::new(650.0, 402.0)));
    app.update();
    assert_eq!(app.world().resource::<MenuCursor>().0, 1, "moving the mouse over a button selects it");
}

#[test]
fn ctrl_c_copies_the_code_during_a_run_as_the_hud_says() {
    let mut app = common::mode_app(common::mode("maze"), Seed(31));
    app.world_mut().resource_mut::<ButtonInput<KeyCode>>().press(KeyCode::ControlLeft);
    press(&mut app, KeyCode::KeyC, Key::Character("c".into()), Some("c"));
    let toast = app.world().resource::<seedfeast::toast::Toast>();
    // Headless apps have no clipboard: the game says so and shows the code instead.
    assert!(toast.visible() && toast.text.contains(&Seed(31).code().to_string()), "{}", toast.text);
    assert_eq!(screen(&app), Screen::Playing);
}

#[test]
fn a_save_from_a_newer_game_is_left_alone_and_the_player_told() {
    use seedfeast::save::SaveStore;
    let dir = scratch("newer");
    std::fs::create_dir_all(&dir).unwrap();
    let newer = "(version: 5, best: {\"runner/224MP-ANQ6K\": (score: 9000, better: Higher)}, jetpacks: true)";
    std::fs::write(dir.join("scores.ron"), newer).unwrap();
    let start = Session { mode: common::mode("runner"), seed: Seed(5), origin: None, daily: None, level: None };
    let mut app = headless_app(Launch {
        data: Ok(GameData::built_in()),
        start: Some(start),
        save: SaveStore::folder(&dir),
        notice: None,
    });
    app.insert_resource(TimeUpdateStrategy::FixedTimesteps(1));
    app.finish();
    app.cleanup();
    app.update();
    let toast = app.world().resource::<seedfeast::toast::Toast>().text.clone();
    assert!(toast.contains("newer Seedfeast") && toast.contains("nothing will be saved over it"), "{toast}");
    run_until_game_over(&mut app);
    // A finished run is not saved over the newer file: it is exactly as it was.
    assert_eq!(std::fs::read_to_string(dir.join("scores.ron")).unwrap(), newer);
    let toast = app.world().resource::<seedfeast::toast::Toast>().text.clone();
    assert!(toast.contains("weren't saved"), "the player is told again when a score can't be kept: {toast}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn your_seeds_lists_what_was_played_stars_one_and_plays_it() {
    use seedfeast::save::Save;
    use seedfeast::ui::seed_history::HistoryRow;
    let seed = Seed(5);
    let session = Session { mode: common::mode("runner"), seed, origin: None, daily: None, level: None };
    let mut app = headless_app(Launch {
        data: builtin(),
        start: Some(session),
        save: seedfeast::save::SaveStore::memory(),
        notice: None,
    });
    app.insert_resource(TimeUpdateStrategy::FixedTimesteps(1));
    app.finish();
    app.cleanup();
    run_until_game_over(&mut app);
    // Game over → title → Runner → the seed screen → down to "Your seeds".
    press(&mut app, KeyCode::Escape, Key::Escape, None);
    app.update();
    assert_eq!(screen(&app), Screen::Title);
    enter(&mut app);
    enter(&mut app);
    assert_eq!(screen(&app), Screen::SeedSelect);
    for _ in 0..5 {
        press(&mut app, KeyCode::ArrowDown, Key::ArrowDown, None);
        app.update();
    }
    enter(&mut app);
    app.update();
    assert_eq!(screen(&app), Screen::SeedHistory);
    let rows: Vec<String> =
        app.world_mut().query::<&HistoryRow>().iter(app.world()).map(|row| row.0.code.clone()).collect();
    assert_eq!(rows, [seed.code().to_string()], "the seed just played, and only it");
    // F stars it, in the save at once; the row says so.
    press(&mut app, KeyCode::KeyF, Key::Character("f".into()), Some("f"));
    app.update();
    assert!(app.world().resource::<Save>().is_favourite("runner", &seed.code().to_string()));
    let row = app.world_mut().query::<&HistoryRow>().single(app.world()).unwrap().0.clone();
    assert!(row.starred && row.label().starts_with('*'), "{row:?}");
    // Enter plays it.
    app.world_mut().resource_mut::<Session>().seed = Seed(99);
    enter(&mut app);
    app.update();
    assert_eq!(screen(&app), Screen::Playing);
    assert_eq!(app.world().resource::<Session>().seed, seed);
}

/// A run a link started part-way (dungeon 3) keeps its best apart from the seed's whole runs; a
/// mode without levels ignores the link's level.
#[test]
fn a_run_started_part_way_keeps_its_own_best() {
    use seedfeast::save::{Save, SaveStore};
    use seedfeast::session::LastRun;
    let seed = Seed(9);
    let ended_with = |mode: &str, level: Option<u32>, score: u32| {
        let start = Session { mode: common::mode(mode), seed, origin: None, daily: None, level };
        let mut app = headless_app(Launch {
            data: Ok(GameData::built_in()),
            start: Some(start),
            save: SaveStore::memory(),
            notice: None,
        });
        app.insert_resource(TimeUpdateStrategy::FixedTimesteps(1));
        app.finish();
        app.cleanup();
        app.update();
        app.update();
        assert_eq!(screen(&app), Screen::Playing, "{mode}");
        // The run ends with this score (as its rules would say at the end of a step).
        app.world_mut().resource_mut::<LastRun>().score = score;
        app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::GameOver);
        app.update();
        assert_eq!(screen(&app), Screen::GameOver);
        app
    };
    let code = seed.code();
    let app = ended_with("dungeon", Some(3), 70);
    let save = app.world().resource::<Save>();
    assert_eq!(save.best(&format!("dungeon/{code}@3")).map(|b| b.score), Some(70));
    assert_eq!(save.best(&format!("dungeon/{code}")), None, "not the whole run's best");
    let app = ended_with("dungeon", Some(0), 40);
    assert_eq!(app.world().resource::<Save>().best(&format!("dungeon/{code}")).map(|b| b.score), Some(40));
    let app = ended_with("maze", Some(3), 50);
    let save = app.world().resource::<Save>();
    assert_eq!(save.best(&format!("maze/{code}")).map(|b| b.score), Some(50), "the maze has no levels");
    assert_eq!(save.best(&format!("maze/{code}@3")), None);
}
