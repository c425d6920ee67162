//! A headless Seedfeast for tests: no window or renderer, one 1/60 s physics step per update.

#![allow(dead_code)]

pub mod puzzle;

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use seedfeast::data::GameData;
use seedfeast::modes::runner::{RunnerPlayer, RunnerRun};
use seedfeast::run::Countdown;
use seedfeast::session::{Mode, Session};
use seedfeast::state::Screen;
use seedfeast::{Launch, headless_app};
use seedfeast_procgen::Seed;
use seedfeast_procgen::runner::RunnerConfig;

/// The mode with this key in the table of modes.
pub fn mode(key: &str) -> Mode {
    seedfeast::modes::by_key(key).unwrap_or_else(|| panic!("no mode {key}"))
}

/// A headless game already in a Runner run of `seed` with `config`.
pub fn runner_app(seed: Seed, config: RunnerConfig) -> App {
    let mut data = GameData::built_in();
    data.set_runner_config(config);
    playing_app(data, mode("runner"), seed)
}

/// A headless game already playing `mode` from `seed` with `data`, one physics step per update,
/// past the get-ready countdown.
pub fn playing_app(data: GameData, mode: Mode, seed: Seed) -> App {
    let mut app = ready_app(data, mode, seed);
    skip_countdown(&mut app);
    app
}

/// A headless game that has just entered a run of `mode`: the countdown is on.
pub fn ready_app(data: GameData, mode: Mode, seed: Seed) -> App {
    let session = Session { mode, seed, origin: None, daily: None, level: None };
    let mut app = headless_app(Launch {
        data: Ok(data),
        start: Some(session),
        save: seedfeast::save::SaveStore::memory(),
        notice: None,
    });
    app.insert_resource(TimeUpdateStrategy::FixedTimesteps(1));
    app.finish();
    app.cleanup();
    app.update(); // startup; asks for the run
    app.update(); // enters Playing
    assert_eq!(screen(&app), Screen::Playing);
    assert!(app.world().contains_resource::<Countdown>(), "every run opens with the countdown");
    app
}

/// A headless game on its title screen (no run asked for), keeping its save in memory.
pub fn menu_app() -> App {
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
    assert_eq!(screen(&app), Screen::Title);
    app
}

/// Ends the get-ready countdown, as a key press would.
pub fn skip_countdown(app: &mut App) {
    seedfeast::run::end_countdown(app);
}

/// Plays out a decided run's death beat (its end stays on screen before the game-over card):
/// updates until the card, at most the beat's steps and two; asserts it came.
pub fn to_game_over(app: &mut App) {
    for _ in 0..seedfeast::run::DEATH_BEAT_STEPS + 2 {
        if screen(app) == Screen::GameOver {
            return;
        }
        app.update();
    }
    assert_eq!(screen(app), Screen::GameOver, "no game-over card after the run's death beat");
}

pub fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

pub fn player(app: &mut App) -> (Vec2, Vec2) {
    let mut query =
        app.world_mut().query_filtered::<(&Transform, &bevy_rapier2d::prelude::Velocity), With<RunnerPlayer>>();
    let (transform, velocity) = query.single(app.world()).expect("one runner");
    (transform.translation.truncate(), velocity.linear)
}

pub fn run(app: &App) -> &RunnerRun {
    app.world().resource::<RunnerRun>()
}

/// Presses (then releases, next frame) a key through Bevy's real keyboard input.
pub fn tap_key(app: &mut App, code: KeyCode, logical: Key) {
    press(app, code, logical, None);
}

/// Presses a key with the text it types (then releases it, next frame), through Bevy's real
/// keyboard input.
pub fn press(app: &mut App, code: KeyCode, logical: Key, text: Option<&str>) {
    for state in [ButtonState::Pressed, ButtonState::Released] {
        app.world_mut().write_message(KeyboardInput {
            key_code: code,
            logical_key: logical.clone(),
            state,
            text: if state == ButtonState::Pressed { text.map(Into::into) } else { None },
            repeat: false,
            window: Entity::PLACEHOLDER,
        });
        app.update();
    }
}

/// A gamepad, connected as gilrs would connect it.
pub fn connect_gamepad(app: &mut App) -> Entity {
    use bevy::input::gamepad::{GamepadConnection, GamepadConnectionEvent};
    let pad = app.world_mut().spawn_empty().id();
    let connected = GamepadConnection::Connected { name: "test pad".into(), vendor_id: None, product_id: None };
    app.world_mut().write_message(GamepadConnectionEvent::new(pad, connected));
    app.update();
    assert!(app.world().get::<Gamepad>(pad).is_some(), "connected");
    pad
}

/// Presses and releases a gamepad button, a frame each.
pub fn pad_press(app: &mut App, pad: Entity, button: GamepadButton) {
    use bevy::input::gamepad::{RawGamepadButtonChangedEvent, RawGamepadEvent};
    for value in [1.0, 0.0] {
        app.world_mut().write_message(RawGamepadEvent::Button(RawGamepadButtonChangedEvent::new(pad, button, value)));
        app.update();
    }
}

/// Types text a key at a time, as a keyboard does.
pub fn type_text(app: &mut App, text: &str) {
    for c in text.chars() {
        let s = c.to_string();
        let logical = if c == ' ' { Key::Space } else { Key::Character(s.as_str().into()) };
        press(app, KeyCode::KeyA, logical, Some(&s));
    }
}

/// What the autopilot jumps over: (start, end) of every gap and hazard, in order.
/// Puts the Runner's reference bot at the controls: it jumps as late as it safely can before
/// each gap or hazard (see `seedfeast::modes::runner::bot`).
pub fn add_autopilot(app: &mut App) {
    seedfeast::modes::runner::bot::attach(app);
}

/// A headless game already on floor 1 of a Maze chase from `seed`.
pub fn maze_app(seed: Seed) -> App {
    mode_app(mode("maze"), seed)
}

/// A headless game already playing `mode` from `seed`, with the built-in data.
pub fn mode_app(mode: Mode, seed: Seed) -> App {
    playing_app(GameData::built_in(), mode, seed)
}

/// Every sound cue the game asked for, in order (see [`listen`]).
#[derive(Resource, Default)]
pub struct Heard(pub Vec<seedfeast::sound::Sfx>);

impl Heard {
    pub fn count(&self, cue: seedfeast::sound::Sfx) -> usize {
        self.0.iter().filter(|c| **c == cue).count()
    }
}

/// Starts collecting the app's sound cues into [`Heard`].
pub fn listen(app: &mut App) {
    app.init_resource::<Heard>()
        .add_systems(Last, |mut cues: MessageReader<seedfeast::sound::Sfx>, mut heard: ResMut<Heard>| {
            heard.0.extend(cues.read())
        });
}

pub fn heard(app: &App) -> &Heard {
    app.world().resource::<Heard>()
}
