//! The run every mode shares: it opens with a countdown (or the first key) before anything
//! moves, Retry counts down again, and each mode's intensity resource mirrors the pure curve at
//! the run's progress — the same value its generator made the current piece for.

use crate::common;

use bevy::input::keyboard::Key;
use bevy::prelude::*;
use common::*;
use seedfeast::data::GameData;
use seedfeast::intensity::Intensity;
use seedfeast::modes::arena::ArenaRun;
use seedfeast::modes::maze::MazeRun;
use seedfeast::modes::runner::START_X;
use seedfeast::modes::tunnel::TunnelRun;
use seedfeast::modes::tunnel::pilot::autopilot;
use seedfeast::run::{COUNTDOWN_SECONDS, Countdown};
use seedfeast::state::Screen;
use seedfeast::ui::menu::{MenuAction, MenuChosen};
use seedfeast_procgen::Seed;

fn counting(app: &App) -> bool {
    app.world().contains_resource::<Countdown>()
}

#[test]
fn nothing_moves_until_the_countdown_ends_on_its_own() {
    let mut app = ready_app(GameData::built_in(), mode("runner"), Seed(4));
    let start = player(&mut app).0;
    let steps = (COUNTDOWN_SECONDS * 60.0) as usize;
    for _ in 0..steps - 5 {
        app.update();
    }
    assert!(counting(&app), "still counting after {} steps", steps - 5);
    assert!((player(&mut app).0.x - start.x).abs() < 0.5, "the runner waits");
    for _ in 0..10 {
        app.update();
    }
    assert!(!counting(&app), "the countdown ends by itself");
    for _ in 0..30 {
        app.update();
    }
    assert!(player(&mut app).0.x > start.x + 50.0, "then the runner runs");
}

#[test]
fn any_key_starts_at_once_and_is_not_also_a_jump() {
    let mut app = ready_app(GameData::built_in(), mode("runner"), Seed(4));
    for _ in 0..20 {
        app.update();
    }
    tap_key(&mut app, KeyCode::Space, Key::Space);
    assert!(!counting(&app), "a key ends the countdown");
    app.update();
    assert!(player(&mut app).1.y.abs() < 1.0, "the key that started the run didn't jump");
    // Escape pauses rather than starting.
    let mut app = ready_app(GameData::built_in(), mode("maze"), Seed(4));
    tap_key(&mut app, KeyCode::Escape, Key::Escape);
    assert!(counting(&app), "pausing doesn't start the run");
}

#[test]
fn retry_counts_down_again() {
    let mut app = runner_app(Seed(5), seedfeast_procgen::runner::RunnerConfig::default());
    for _ in 0..900 {
        app.update();
        if screen(&app) == Screen::GameOver {
            break;
        }
    }
    assert_eq!(screen(&app), Screen::GameOver, "nobody jumps: the run ends");
    app.world_mut().trigger(MenuChosen(MenuAction::Retry));
    app.update();
    app.update();
    assert_eq!(screen(&app), Screen::Playing);
    assert!(counting(&app), "a retry opens with the countdown too");
}

fn intensity(app: &App) -> f32 {
    app.world().resource::<Intensity>().0
}

#[test]
fn every_mode_mirrors_its_curve_into_the_intensity_resource() {
    let data = GameData::built_in();
    // Runner: the curve at the distance run.
    let mut app = runner_app(Seed(6), data.runner_config());
    add_autopilot(&mut app);
    for _ in 0..1_200 {
        app.update();
    }
    let run = run(&app);
    assert!(run.distance > 3_000.0);
    assert_eq!(intensity(&app), data.runner_config().intensity_at(START_X + run.distance));
    assert!(intensity(&app) > data.runner_config().intensity_at(0.0), "it rises as the run goes on");

    // Maze and arena: the floor's and wave's own intensity.
    let mut app = maze_app(Seed(6));
    app.update();
    assert_eq!(intensity(&app), app.world().resource::<MazeRun>().floor.intensity);
    let mut app = mode_app(mode("arena"), Seed(6));
    app.update();
    assert_eq!(intensity(&app), app.world().resource::<ArenaRun>().wave.intensity);

    // Tunnel: the intensity of the gate the flyer meets next, as that gate was made for.
    let mut app = mode_app(mode("food-tunnel"), Seed(6));
    app.add_systems(
        FixedUpdate,
        autopilot.after(seedfeast::run::Gameplay::Input).before(seedfeast::run::Gameplay::Control),
    );
    for _ in 0..1_500 {
        app.update();
    }
    let run = app.world().resource::<TunnelRun>();
    assert!(run.passed > 10, "{:?}", run.ended);
    let next = run.live.iter().find(|g| g.index == run.passed).expect("the next gate is on screen");
    assert_eq!(intensity(&app), next.intensity);
}

#[test]
fn the_screen_log_names_the_run_a_link_started() {
    // The browser test reads this log from the page to know a run really began.
    let seed = Seed::from_text("pizza party");
    let mut app = ready_app(GameData::built_in(), mode("maze"), seed);
    app.update();
    let log = &app.world().resource::<seedfeast::web::ScreenLog>().0;
    assert_eq!(log.last().map(String::as_str), Some(format!("Playing maze {}", seed.code()).as_str()), "{log:?}");
}

/// A run ends on the step that ends it, whatever else its last frame held: a slow frame (many
/// fixed steps, as on a software-rendered desktop) and a fast one (one step) give the same score,
/// distance, step count and state hash, for a Runner nobody jumps in.
#[test]
fn a_run_ends_with_the_same_score_however_many_steps_its_last_frame_held() {
    use bevy::time::TimeUpdateStrategy;
    use seedfeast::session::LastRun;
    let end = |steps_per_frame: u32| {
        let mut app = ready_app(GameData::built_in(), mode("runner"), Seed::from_text("pizza party"));
        skip_countdown(&mut app);
        app.insert_resource(TimeUpdateStrategy::FixedTimesteps(steps_per_frame));
        for _ in 0..60 * 60 {
            if screen(&app) == Screen::GameOver {
                break;
            }
            app.update();
        }
        assert_eq!(screen(&app), Screen::GameOver, "the run ended ({steps_per_frame} steps a frame)");
        let last = app.world().resource::<LastRun>().clone();
        let steps = app.world().resource::<seedfeast::replay::RunSteps>().0;
        let state = app.world().resource::<seedfeast::replay::StateHash>().0;
        // The run's replay holds the step that ended it: re-simulated, it ends there too.
        let replay = app.world().resource::<seedfeast::replay::LastReplay>().0.clone();
        assert_eq!((replay.inputs.len() as u32, replay.score, replay.state), (steps, last.score, state));
        let replayed =
            seedfeast::replay::simulate::simulate(&replay, GameData::built_in(), &seedfeast::modes::table()).unwrap();
        assert!(replayed.ended, "the replay ends the run ({steps_per_frame} steps a frame)");
        assert_eq!((replayed.score, replayed.steps, replayed.state), (last.score, steps, state));
        (last.score, last.summary, steps, state)
    };
    let one = end(1);
    for steps in [2, 7, 16] {
        assert_eq!(end(steps), one, "{steps} steps a frame");
    }
}
