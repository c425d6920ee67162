//! What a new player met on the menus and over the playfield (issue #29), played headlessly with
//! real keyboard input: the game-over cursor stays put and ignores keys held from the run, the
//! countdown has a card of its own, toasts keep clear of the screen's content, a score of 0 is no
//! "new best", and the seed box says what it refused.

use crate::common;

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::input::touch::{TouchInput, TouchPhase};
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use common::{connect_gamepad, pad_press, press, screen, type_text};
use seedfeast::data::GameData;
use seedfeast::session::LastRun;
use seedfeast::state::Screen;
use seedfeast::toast::Toast;
use seedfeast::ui::menu::{MenuAction, MenuChosen, MenuCursor};
use seedfeast::ui::seed_entry::{MAX_ENTRY, NOT_A_SEED, SeedEntry};
use seedfeast::{Launch, headless_app};
use seedfeast_procgen::Seed;
use seedfeast_procgen::runner::RunnerConfig;

fn key_event(app: &mut App, code: KeyCode, logical: Key, state: ButtonState) {
    app.world_mut().write_message(KeyboardInput {
        key_code: code,
        logical_key: logical,
        state,
        text: None,
        repeat: false,
        window: Entity::PLACEHOLDER,
    });
}

fn enter(app: &mut App) {
    press(app, KeyCode::Enter, Key::Enter, None);
    app.update();
}

fn down(app: &mut App) {
    press(app, KeyCode::ArrowDown, Key::ArrowDown, None);
}

fn cursor(app: &App) -> usize {
    app.world().resource::<MenuCursor>().0
}

fn texts(app: &mut App) -> Vec<String> {
    let mut query = app.world_mut().query::<&Text>();
    query.iter(app.world()).map(|t| t.0.clone()).collect()
}

/// A Runner run nobody plays, to its game-over screen.
fn game_over_app() -> App {
    let mut app = common::runner_app(Seed(5), RunnerConfig::default());
    until_game_over(&mut app);
    app
}

fn until_game_over(app: &mut App) {
    for _ in 0..3_000 {
        app.update();
        if screen(app) == Screen::GameOver {
            app.update();
            return;
        }
    }
    panic!("the run never ended");
}

/// A headless game on the seed screen of the first mode.
fn seed_screen() -> App {
    let mut app = headless_app(Launch {
        data: Ok(GameData::built_in()),
        start: None,
        save: seedfeast::save::SaveStore::memory(),
        notice: None,
    });
    app.insert_resource(TimeUpdateStrategy::FixedTimesteps(1));
    app.finish();
    app.cleanup();
    app.update();
    enter(&mut app);
    enter(&mut app);
    assert_eq!(screen(&app), Screen::SeedSelect);
    app
}

fn all_texts<C: Component>(app: &mut App) -> Vec<String> {
    let mut query = app.world_mut().query_filtered::<&Text, With<C>>();
    query.iter(app.world()).map(|text| text.0.clone()).collect()
}

fn single_text<C: Component>(app: &mut App) -> String {
    let mut query = app.world_mut().query_filtered::<&Text, With<C>>();
    query.single(app.world()).unwrap().0.clone()
}

#[test]
fn copy_code_and_share_keep_the_game_over_cursor_where_it_was() {
    let mut app = game_over_app();
    assert_eq!(cursor(&app), 0);
    down(&mut app);
    down(&mut app);
    assert_eq!(cursor(&app), 2, "on Copy code");
    enter(&mut app);
    assert!(app.world().resource::<Toast>().visible(), "it copied");
    assert_eq!(screen(&app), Screen::GameOver);
    assert_eq!(cursor(&app), 2, "still on Copy code: the next Enter copies again, it doesn't start a run");
    down(&mut app);
    enter(&mut app);
    assert_eq!((screen(&app), cursor(&app)), (Screen::GameOver, 3), "still on Share");
    // A screen that opens starts on its first item (Main menu: past How was this made?).
    down(&mut app);
    down(&mut app);
    enter(&mut app);
    app.update();
    assert_eq!((screen(&app), cursor(&app)), (Screen::Title, 0));
}

#[test]
fn an_arrow_held_as_the_run_ends_never_moves_the_game_over_cursor() {
    let mut app = common::runner_app(Seed(5), RunnerConfig::default());
    // Held down through the run, to its end and beyond.
    key_event(&mut app, KeyCode::ArrowDown, Key::ArrowDown, ButtonState::Pressed);
    until_game_over(&mut app);
    assert_eq!(cursor(&app), 0);
    // The key repeat of a held key, as some systems send it (a release and a press at once).
    for _ in 0..3 {
        key_event(&mut app, KeyCode::ArrowDown, Key::ArrowDown, ButtonState::Released);
        key_event(&mut app, KeyCode::ArrowDown, Key::ArrowDown, ButtonState::Pressed);
        app.update();
        app.update();
    }
    assert_eq!(cursor(&app), 0, "the held arrow is the run's, not the menu's");
    // Let go, then pressed again: now it is the menu's.
    key_event(&mut app, KeyCode::ArrowDown, Key::ArrowDown, ButtonState::Released);
    app.update();
    down(&mut app);
    assert_eq!(cursor(&app), 1);
}

#[test]
fn get_ready_sits_on_a_card_of_its_own_over_every_playfield() {
    for key in ["tunnel", "maze", "puzzle"] {
        let mut app = common::ready_app(GameData::built_in(), common::mode(key), Seed(3));
        app.update();
        let mut query = app.world_mut().query::<(Entity, &Text)>();
        let line = query
            .iter(app.world())
            .find(|(_, text)| text.0.starts_with("Get ready!"))
            .map(|(entity, _)| entity)
            .unwrap_or_else(|| panic!("{key}: no Get ready! line"));
        // Up from the line: some node behind it is the panel colour, nearly opaque.
        let mut backed = None;
        let mut at = Some(line);
        while let Some(entity) = at {
            let world = app.world();
            if let Some(background) = world.get::<BackgroundColor>(entity)
                && background.0.alpha() > 0.9
            {
                backed = Some(background.0);
                break;
            }
            at = world.get::<ChildOf>(entity).map(ChildOf::parent);
        }
        assert_eq!(backed, Some(seedfeast::palette::PANEL.with_alpha(1.0)), "{key}: Get ready! needs a backing");
    }
}

#[test]
fn toasts_on_the_seed_screen_show_in_its_slot_not_over_its_footer() {
    let mut app = seed_screen();
    app.world_mut().trigger(MenuChosen(MenuAction::CopyCode));
    app.update();
    app.update();
    let toast = app.world().resource::<Toast>().text.clone();
    assert!(toast.starts_with("No clipboard here") || toast.starts_with("Copied"), "{toast}");
    // Every line that shows the toast now is inside the seed screen's slot.
    let mut lines = app.world_mut().query::<(Entity, &Text, &Visibility, &Node)>();
    let showing: Vec<Entity> = lines
        .iter(app.world())
        .filter(|(_, text, visibility, node)| {
            text.0 == toast && **visibility != Visibility::Hidden && node.display != Display::None
        })
        .map(|(entity, ..)| entity)
        .collect();
    assert_eq!(showing.len(), 1, "one toast");
    let parent = app.world().get::<ChildOf>(showing[0]).map(ChildOf::parent).unwrap();
    assert!(app.world().get::<seedfeast::toast::ToastSlot>(parent).is_some(), "in the screen's slot");
}

#[test]
fn a_score_of_zero_is_no_new_best() {
    let mut app = common::mode_app(common::mode("puzzle"), Seed(11));
    app.update();
    // Q leaves the run before a step is cleared: 0 points.
    press(&mut app, KeyCode::KeyQ, Key::Character("q".into()), Some("q"));
    until_game_over(&mut app);
    assert_eq!(app.world().resource::<LastRun>().score, 0);
    let shown = texts(&mut app);
    assert!(!shown.iter().any(|t| t.contains("New best")), "{shown:?}");
    assert!(shown.iter().any(|t| t == "Best for this seed: 0"), "{shown:?}");
}

#[test]
fn a_typo_shows_no_code_and_its_reason_once() {
    use seedfeast::ui::preview::PreviewProblem;
    use seedfeast::ui::screens::{SeedCodeText, SeedErrorText};
    let mut app = seed_screen();
    let code = Seed(555).code().to_string();
    type_text(&mut app, &format!("{}U", &code[..code.len() - 1]));
    for _ in 0..30 {
        app.update();
    }
    assert_eq!(single_text::<SeedCodeText>(&mut app), NOT_A_SEED, "not the random code the screen opened with");
    enter(&mut app);
    for _ in 0..30 {
        app.update();
    }
    assert_eq!(screen(&app), Screen::SeedSelect);
    let reason = app.world().resource::<SeedEntry>().error.clone().expect("refused");
    let shown = texts(&mut app);
    assert_eq!(shown.iter().filter(|t| t.contains(&reason)).count(), 1, "said once: {shown:?}");
    assert_eq!(single_text::<SeedErrorText>(&mut app), reason);
    assert_eq!(single_text::<PreviewProblem>(&mut app), seedfeast::ui::preview::NO_PREVIEW);
}

#[test]
fn text_longer_than_the_box_is_cut_with_a_sign() {
    use seedfeast::ui::screens::{SeedEntryText, SeedErrorText};
    let mut app = seed_screen();
    let long = "the quick brown fox jumps over the lazy dog and keeps on running";
    type_text(&mut app, long);
    let entry = app.world().resource::<SeedEntry>().clone();
    assert_eq!(entry.text.chars().count(), MAX_ENTRY);
    assert!(entry.cut);
    let typed = single_text::<SeedEntryText>(&mut app);
    assert!(typed.ends_with('\u{2026}'), "an ellipsis where the text was cut: {typed}");
    let line = single_text::<SeedErrorText>(&mut app);
    assert!(line.starts_with(&format!("Cut at {MAX_ENTRY} characters.")), "{line}");
    // Deleting a character makes room: no longer cut.
    press(&mut app, KeyCode::Backspace, Key::Backspace, None);
    assert!(single_text::<SeedEntryText>(&mut app).ends_with('_'));
}

#[test]
fn hints_name_the_device_last_used() {
    use seedfeast::ui::hints::{Hint, menus};
    let mut app = headless_app(Launch {
        data: Ok(GameData::built_in()),
        start: None,
        save: seedfeast::save::SaveStore::memory(),
        notice: None,
    });
    app.insert_resource(TimeUpdateStrategy::FixedTimesteps(1));
    app.finish();
    app.cleanup();
    app.update();
    app.update();
    let title_hint = |app: &mut App| single_text::<Hint>(app);
    assert_eq!(title_hint(&mut app), menus::choose().keys);
    let pad = connect_gamepad(&mut app);
    // (Y) does nothing on the title: only the hint changes.
    pad_press(&mut app, pad, GamepadButton::North);
    assert_eq!(title_hint(&mut app), menus::choose().pad, "a button press: buttons named");
    assert_eq!(screen(&app), Screen::Title);
    press(&mut app, KeyCode::ShiftLeft, Key::Shift, None);
    assert_eq!(title_hint(&mut app), menus::choose().keys, "a key press: keys again");

    // The in-run HUD too, from its first frame.
    pad_press(&mut app, pad, GamepadButton::North);
    app.world_mut().trigger(MenuChosen(MenuAction::ChooseMode(common::mode("maze"))));
    app.update();
    app.world_mut().trigger(MenuChosen(MenuAction::Play));
    app.update();
    app.update();
    assert_eq!(screen(&app), Screen::Playing);
    // The HUD's hint and, during the countdown, how to start it.
    let hints = all_texts::<Hint>(&mut app);
    assert!(hints.iter().any(|h| h.starts_with("Stick or D-pad: turn") && h.contains("Start: pause")), "{hints:?}");
    assert!(hints.iter().any(|h| h == "Any button starts at once"), "{hints:?}");
    press(&mut app, KeyCode::ShiftLeft, Key::Shift, None);
    let hints = all_texts::<Hint>(&mut app);
    assert!(hints.iter().any(|h| h.starts_with("Arrows: turn") && h.contains("Esc: pause")), "{hints:?}");
    // A finger on the screen: the touch wording (issue #30).
    for phase in [TouchPhase::Started, TouchPhase::Ended] {
        let touch =
            TouchInput { phase, position: Vec2::new(300.0, 400.0), window: Entity::PLACEHOLDER, force: None, id: 1 };
        app.world_mut().write_message(touch);
        app.update();
    }
    assert_eq!(single_text::<Hint>(&mut app), "Swipe or D-pad: turn");
}

#[test]
fn f11_and_alt_enter_switch_the_window_to_fullscreen_and_back() {
    use bevy::window::WindowMode;
    let mut app = seed_screen();
    let window = app.world_mut().spawn(Window::default()).id();
    let mode = |app: &App| app.world().get::<Window>(window).unwrap().mode;
    press(&mut app, KeyCode::F11, Key::F11, None);
    assert!(matches!(mode(&app), WindowMode::BorderlessFullscreen(_)), "{:?}", mode(&app));
    // Alt+Enter: back to a window, and the Enter is not the menu's (Play stays unchosen).
    key_event(&mut app, KeyCode::AltLeft, Key::Alt, ButtonState::Pressed);
    press(&mut app, KeyCode::Enter, Key::Enter, None);
    key_event(&mut app, KeyCode::AltLeft, Key::Alt, ButtonState::Released);
    app.update();
    assert_eq!(mode(&app), WindowMode::Windowed);
    assert_eq!(screen(&app), Screen::SeedSelect, "Alt+Enter played nothing");
    // The settings screen's entry does the same.
    app.world_mut().trigger(MenuChosen(MenuAction::Fullscreen));
    app.update();
    assert!(matches!(mode(&app), WindowMode::BorderlessFullscreen(_)));
}

#[test]
fn m_mutes_every_sound_and_the_settings_entry_unmutes() {
    use bevy::audio::{GlobalVolume, Volume};
    use seedfeast::ui::shortcuts::Presentation;
    let mut app = game_over_app();
    app.insert_resource(GlobalVolume::new(Volume::Linear(0.8)));
    app.update();
    press(&mut app, KeyCode::KeyM, Key::Character("m".into()), Some("m"));
    assert!(app.world().resource::<Presentation>().muted);
    assert_eq!(app.world().resource::<GlobalVolume>().volume, Volume::Linear(0.0), "silent");
    app.world_mut().trigger(MenuChosen(MenuAction::Mute));
    app.update();
    // Sound again: the effects and the music each play at their own volume (issue #34).
    assert_eq!(app.world().resource::<GlobalVolume>().volume, Volume::Linear(1.0));
    // On the seed screen, m is a letter of a seed.
    let mut app = seed_screen();
    type_text(&mut app, "m");
    assert!(!app.world().resource::<Presentation>().muted);
    assert_eq!(app.world().resource::<SeedEntry>().text, "m");
}

#[test]
fn a_seed_typed_in_the_prompt_plays_and_a_typo_keeps_it_open() {
    use seedfeast::ui::text_prompt::{PromptFor, TextPrompt};
    let mut app = seed_screen();
    app.world_mut().trigger(MenuChosen(MenuAction::TypeSeed));
    app.update();
    assert_eq!(app.world().resource::<TextPrompt>().open, Some(PromptFor::SeedCode));
    let code = Seed(987_654).code().to_string();
    type_text(&mut app, &format!("{}U", &code[..code.len() - 1]));
    enter(&mut app);
    let prompt = app.world().resource::<TextPrompt>();
    assert!(prompt.note.contains("not a seed-code character"), "{}", prompt.note);
    assert_eq!(screen(&app), Screen::SeedSelect, "a typo plays nothing");
    for _ in 0..code.len() {
        press(&mut app, KeyCode::Backspace, Key::Backspace, None);
    }
    type_text(&mut app, "pizza party");
    enter(&mut app);
    assert_eq!(app.world().resource::<TextPrompt>().open, None);
    let session = app.world().resource::<seedfeast::session::Session>();
    assert_eq!(session.origin.as_deref(), Some("from \"pizza party\""), "the words are the seed");
    assert_eq!(screen(&app), Screen::Playing);
}
