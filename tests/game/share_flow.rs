//! *Share* on the game-over screen, chosen with real keys: it copies the share text of the run
//! that just ended (a spoiler-free result line for the daily challenge).

use crate::common;

use bevy::input::keyboard::Key;
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use common::*;
use seedfeast::data::GameData;
use seedfeast::replay::LastReplay;
use seedfeast::run::Progress;
use seedfeast::session::{LastRun, Session};
use seedfeast::state::Screen;
use seedfeast::toast::Toast;
use seedfeast::ui::clipboard::Copied;
use seedfeast::ui::share::{ghost_line, share_text, toast_line};
use seedfeast::{Launch, headless_app};
use seedfeast_procgen::Seed;

/// A Runner run of `session` that nobody plays, left to end.
fn game_over(session: Session) -> App {
    let mut app = headless_app(Launch {
        data: Ok(GameData::built_in()),
        start: Some(session),
        save: seedfeast::save::SaveStore::memory(),
        notice: None,
    });
    app.insert_resource(TimeUpdateStrategy::FixedTimesteps(1));
    app.finish();
    app.cleanup();
    app.update();
    app.update();
    seedfeast::run::end_countdown(&mut app);
    for _ in 0..1_200 {
        app.update();
        if screen(&app) == Screen::GameOver {
            break;
        }
    }
    assert_eq!(screen(&app), Screen::GameOver, "nobody jumps: the run ends");
    app.update();
    app
}

/// Down to *Share* (the fourth item), then Enter.
fn choose_share(app: &mut App) {
    for _ in 0..3 {
        tap_key(app, KeyCode::ArrowDown, Key::ArrowDown);
    }
    tap_key(app, KeyCode::Enter, Key::Enter);
    app.update();
}

/// The run's text, then the line inviting a friend to race its ghost.
fn expected(app: &App) -> String {
    let world = app.world();
    let session = world.resource::<Session>();
    let text = share_text(session, world.resource::<LastRun>(), *world.resource::<Progress>(), None);
    if session.daily.is_some() {
        return text; // spoiler-free: no ghost
    }
    let code = world.resource::<LastReplay>().0.encode();
    format!("{text}\n{}", ghost_line(session, &code, None))
}

#[test]
fn share_copies_the_runs_text() {
    let session = Session { mode: mode("runner"), seed: Seed(31), origin: None, daily: None, level: None };
    let mut app = game_over(session);
    assert_eq!(app.world().resource::<Copied>().0, None);
    choose_share(&mut app);
    assert_eq!(screen(&app), Screen::GameOver, "sharing stays on the screen");
    let copied = app.world().resource::<Copied>().0.clone().expect("Share copied something");
    assert_eq!(copied, expected(&app));
    let score = app.world().resource::<LastRun>().score;
    assert!(copied.starts_with(&format!("Seedfeast · Runner · {score} points")), "{copied}");
    assert!(copied.contains(&Seed(31).code().to_string()) && copied.contains("--mode runner"), "{copied}");
    // Headless apps have no clipboard: the game says so, naming what it would have copied.
    let toast = app.world().resource::<Toast>();
    assert!(toast.visible() && toast.text.contains(&toast_line(&copied)), "{}", toast.text);
}

#[test]
fn the_daily_shares_its_result_line() {
    let session = Session {
        mode: mode("runner"),
        seed: Seed::daily(2026, 12, 1),
        origin: Some("daily challenge 2026-12-01 (UTC)".into()),
        daily: Some("2026-12-01".into()),
        level: None,
    };
    let mut app = game_over(session);
    choose_share(&mut app);
    let copied = app.world().resource::<Copied>().0.clone().expect("Share copied something");
    assert_eq!(copied, expected(&app));
    assert!(copied.starts_with("Seedfeast daily 2026-12-01 · Runner · "), "{copied}");
    let metres = app.world().resource::<Progress>().amount.floor();
    assert!(metres > 0.0 && copied.contains(&format!("{metres} m")), "the run's own progress: {copied}");
    assert!(copied.contains('🟥'), "the bar shows where the run ended, short of the goal: {copied}");
}
