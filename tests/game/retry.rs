//! Retry in one press (issue #45): a run's end stays on screen for its death beat, then the
//! game-over card takes the jump key, the pad's (A) or a tap off its buttons to play the same
//! seed again at once; the pause offers *Restart* and the settings over the waiting run.

use crate::common;

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::input::touch::{TouchInput, TouchPhase};
use bevy::prelude::*;
use common::*;
use seedfeast::data::GameData;
use seedfeast::input::TypingFocus;
use seedfeast::modes::table;
use seedfeast::replay::simulate::simulate;
use seedfeast::replay::{LastReplay, RunSteps};
use seedfeast::run::{Countdown, DEATH_BEAT_STEPS, RunOver};
use seedfeast::session::{LastRun, Session};
use seedfeast::state::{Pause, Screen};
use seedfeast::ui::game_over::best_line;
use seedfeast::ui::menu::{MenuAction, MenuCursor, MenuItem};
use seedfeast_procgen::Seed;
use seedfeast_procgen::runner::RunnerConfig;

/// A Runner run that nobody jumps in, played until its end is decided (the first gap or fork).
fn ended_run(seed: u64) -> App {
    let mut app = runner_app(Seed(seed), RunnerConfig::default());
    for _ in 0..900 {
        if app.world().resource::<RunOver>().decided {
            return app;
        }
        app.update();
    }
    panic!("nobody jumped and the run went on for 900 steps");
}

/// Plays the death beat out: the updates it took to reach the game-over card.
fn to_card(app: &mut App) -> usize {
    for updates in 1..=DEATH_BEAT_STEPS as usize * 2 {
        app.update();
        if screen(app) == Screen::GameOver {
            return updates;
        }
    }
    panic!("no game-over card within twice the death beat");
}

fn pause(app: &App) -> Pause {
    *app.world().resource::<State<Pause>>().get()
}

/// The run left was the same seed, started again: back in play, counting down, no step taken.
fn assert_restarted(app: &App, seed: Seed) {
    assert_eq!(screen(app), Screen::Playing);
    assert_eq!(app.world().resource::<Session>().seed, seed, "the same seed");
    assert!(app.world().contains_resource::<Countdown>(), "a new run, counting down");
    assert_eq!(app.world().resource::<RunSteps>().0, 0, "from its start");
}

#[test]
fn the_crash_stays_on_screen_for_the_death_beat_before_the_card() {
    let mut app = ended_run(5);
    let updates = to_card(&mut app);
    // One fixed step an update: the card comes after the beat's steps, give or take the step
    // the state change takes to apply.
    let beat = DEATH_BEAT_STEPS as usize;
    assert!((beat..=beat + 2).contains(&updates), "the card came {updates} updates after the end");
}

#[test]
fn during_the_beat_the_run_stands_still_and_cannot_be_paused() {
    let mut app = ended_run(5);
    let at_end = player(&mut app).0;
    let steps = app.world().resource::<RunSteps>().0;
    tap_key(&mut app, KeyCode::Escape, Key::Escape);
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(screen(&app), Screen::Playing, "still the beat");
    assert_eq!(pause(&app), Pause::Running, "a decided run's beat plays out");
    assert_eq!(app.world().resource::<RunSteps>().0, steps, "no step is played in the beat");
    assert!(player(&mut app).0.distance(at_end) < 40.0, "the crash is shown where it happened");
}

#[test]
fn the_jump_key_on_the_card_plays_the_same_seed_again() {
    let mut app = ended_run(5);
    to_card(&mut app);
    app.update();
    tap_key(&mut app, KeyCode::Space, Key::Space);
    app.update();
    assert_restarted(&app, Seed(5));
}

#[test]
fn a_jump_held_as_the_run_ended_does_not_retry_until_let_go() {
    let mut app = ended_run(5);
    let space = |state, repeat| KeyboardInput {
        key_code: KeyCode::Space,
        logical_key: Key::Space,
        state,
        text: None,
        repeat,
        window: Entity::PLACEHOLDER,
    };
    // Held down through the crash and the beat, with the system's key repeats arriving.
    app.world_mut().write_message(space(ButtonState::Pressed, false));
    to_card(&mut app);
    for _ in 0..10 {
        app.world_mut().write_message(space(ButtonState::Pressed, true));
        app.update();
    }
    assert_eq!(screen(&app), Screen::GameOver, "the jump that crashed is no retry");
    app.world_mut().write_message(space(ButtonState::Released, false));
    app.update();
    tap_key(&mut app, KeyCode::Space, Key::Space);
    app.update();
    assert_restarted(&app, Seed(5));
}

#[test]
fn the_pads_south_button_retries_from_the_card() {
    let mut app = ended_run(7);
    let pad = connect_gamepad(&mut app);
    to_card(&mut app);
    app.update();
    pad_press(&mut app, pad, GamepadButton::South);
    app.update();
    assert_restarted(&app, Seed(7));
}

#[test]
fn a_tap_off_the_buttons_retries_but_not_while_a_prompt_types() {
    let mut app = ended_run(5);
    to_card(&mut app);
    app.update();
    let tap = |app: &mut App, id: u64| {
        for phase in [TouchPhase::Started, TouchPhase::Ended] {
            let at = Vec2::new(40.0, 40.0);
            app.world_mut().write_message(TouchInput {
                phase,
                position: at,
                window: Entity::PLACEHOLDER,
                force: None,
                id,
            });
        }
        app.update();
        app.update();
    };
    app.world_mut().resource_mut::<TypingFocus>().0 = true;
    tap(&mut app, 1);
    assert_eq!(screen(&app), Screen::GameOver, "a tap beside an open prompt stays");
    app.world_mut().resource_mut::<TypingFocus>().0 = false;
    tap(&mut app, 2);
    assert_restarted(&app, Seed(5));
}

/// Presses a key and lets the frame after it apply what it chose.
fn key(app: &mut App, code: KeyCode, logical: Key) {
    tap_key(app, code, logical);
    app.update();
}

fn has_item(app: &mut App, action: MenuAction) -> bool {
    let mut items = app.world_mut().query::<(&MenuItem, &MenuAction)>();
    items.iter(app.world()).any(|(_, a)| *a == action)
}

#[test]
fn restart_in_the_pause_plays_the_seed_again_from_its_start() {
    let mut app = runner_app(Seed(9), RunnerConfig::default());
    for _ in 0..30 {
        app.update();
    }
    assert!(app.world().resource::<RunSteps>().0 > 0);
    key(&mut app, KeyCode::Escape, Key::Escape);
    assert_eq!(pause(&app), Pause::Paused);
    key(&mut app, KeyCode::ArrowDown, Key::ArrowDown);
    key(&mut app, KeyCode::Enter, Key::Enter);
    assert_restarted(&app, Seed(9));
    assert_eq!(pause(&app), Pause::Running, "the new run is not paused");
}

#[test]
fn settings_open_over_the_paused_run_and_back_returns_to_the_pause() {
    let mut app = runner_app(Seed(9), RunnerConfig::default());
    for _ in 0..30 {
        app.update();
    }
    key(&mut app, KeyCode::Escape, Key::Escape);
    let steps = app.world().resource::<RunSteps>().0;
    let at = player(&mut app).0;
    key(&mut app, KeyCode::ArrowDown, Key::ArrowDown);
    key(&mut app, KeyCode::ArrowDown, Key::ArrowDown);
    key(&mut app, KeyCode::Enter, Key::Enter);
    assert_eq!((screen(&app), pause(&app)), (Screen::Playing, Pause::Settings), "over the run, not instead of it");
    assert!(has_item(&mut app, MenuAction::Volume) && has_item(&mut app, MenuAction::BackToPause));
    for _ in 0..30 {
        app.update();
    }
    assert_eq!(app.world().resource::<RunSteps>().0, steps, "the run waits under the settings");
    app.world_mut().trigger(seedfeast::ui::menu::MenuChosen(MenuAction::BackToPause));
    app.update();
    app.update();
    assert_eq!(pause(&app), Pause::Paused);
    assert_eq!(app.world().resource::<MenuCursor>().0, 2, "the cursor back on Settings");
    // Escape from the settings goes back to the pause too.
    key(&mut app, KeyCode::Enter, Key::Enter);
    assert_eq!(pause(&app), Pause::Settings);
    key(&mut app, KeyCode::Escape, Key::Escape);
    assert_eq!(pause(&app), Pause::Paused);
    assert_eq!(app.world().resource::<MenuCursor>().0, 2, "Escape comes back to Settings too");
    key(&mut app, KeyCode::Escape, Key::Escape);
    assert_eq!(pause(&app), Pause::Running);
    for _ in 0..3 {
        app.update();
    }
    assert!(app.world().resource::<RunSteps>().0 > steps, "and the same run goes on");
    assert!(player(&mut app).0.x > at.x, "from where it was");
}

#[test]
fn the_card_says_the_best_and_how_far_the_run_was_from_it() {
    let last =
        |score, best, new_best, previous_best| LastRun { score, best, new_best, previous_best, ..LastRun::default() };
    assert_eq!(best_line(&last(340, 340, true, Some(300))), "New best for this seed! +40 on 300");
    assert_eq!(best_line(&last(120, 120, true, None)), "New best for this seed!");
    assert_eq!(best_line(&last(0, 0, true, None)), "Best for this seed: 0");
    assert_eq!(best_line(&last(220, 340, false, Some(340))), "Best for this seed: 340 (120 short)");
    assert_eq!(best_line(&last(340, 340, false, Some(340))), "Best for this seed: 340 (matched)");
}

#[test]
fn the_card_after_a_real_run_shows_the_gap_to_the_best() {
    let mut app = ended_run(5);
    to_card(&mut app);
    app.update();
    let first = app.world().resource::<LastRun>().clone();
    assert!(first.previous_best.is_none(), "the seed's first run");
    tap_key(&mut app, KeyCode::Space, Key::Space);
    app.update();
    seedfeast::run::end_countdown(&mut app);
    for _ in 0..900 {
        if screen(&app) == Screen::GameOver {
            break;
        }
        app.update();
    }
    assert_eq!(screen(&app), Screen::GameOver);
    let second = app.world().resource::<LastRun>().clone();
    assert_eq!(second.previous_best, Some(first.best), "the second run knows the first's best");
    let mut texts = app.world_mut().query::<&Text>();
    let shown: Vec<String> = texts.iter(app.world()).map(|t| t.0.clone()).collect();
    assert!(shown.contains(&best_line(&second)), "{shown:?}");
}

/// Plays until the run's end is decided, jumping every `every` updates.
fn play_to_end(app: &mut App, every: usize) {
    for update in 0..3000 {
        if app.world().resource::<RunOver>().decided {
            return;
        }
        if update % every == 0 {
            tap_key(app, KeyCode::Space, Key::Space);
        } else {
            app.update();
        }
    }
    panic!("the run went on for 3,000 updates");
}

/// The ended run's replay re-played from nothing (as the board server does) ends where it did.
fn assert_replays_as_played(app: &App) {
    let replay = app.world().resource::<LastReplay>().0.clone();
    assert!(replay.inputs.iter().any(|word| word & 1 == 1), "the run jumped");
    let fresh = simulate(&replay, GameData::built_in(), &table()).expect("the replay plays");
    assert_eq!((fresh.score, fresh.state), (replay.score, replay.state), "a fresh world plays the run the same");
}

#[test]
fn a_run_retried_from_the_card_replays_as_played() {
    // The second run starts in the world the first one ended in (its bodies just gone).
    let mut app = ended_run(5);
    to_card(&mut app);
    app.update();
    tap_key(&mut app, KeyCode::Space, Key::Space);
    app.update();
    assert_restarted(&app, Seed(5));
    play_to_end(&mut app, 37);
    to_card(&mut app);
    assert_replays_as_played(&app);
}

#[test]
fn a_run_restarted_from_the_pause_replays_as_played() {
    let mut app = runner_app(Seed(9), RunnerConfig::default());
    for _ in 0..200 {
        app.update();
    }
    key(&mut app, KeyCode::Escape, Key::Escape);
    key(&mut app, KeyCode::ArrowDown, Key::ArrowDown);
    key(&mut app, KeyCode::Enter, Key::Enter);
    assert_restarted(&app, Seed(9));
    play_to_end(&mut app, 29);
    to_card(&mut app);
    assert_replays_as_played(&app);
}

#[test]
fn a_first_run_replays_as_played() {
    let mut app = runner_app(Seed(5), RunnerConfig::default());
    play_to_end(&mut app, 37);
    to_card(&mut app);
    assert_replays_as_played(&app);
}
