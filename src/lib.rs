//! Seedfeast, the game: a core (states, input, physics, the shared run, menus, save, sound,
//! visuals) that never names a mode, and one folder per mode under [`modes`], all listed in one
//! table ([`modes::MODES`]) and fed by `seedfeast-procgen`.
//!
//! [`logic_plugins`] is everything but drawing and is what the headless tests run;
//! [`windowed_app`] adds the window, the renderer and the visuals.

pub mod board;
#[cfg(not(target_arch = "wasm32"))]
pub mod bots;
#[cfg(target_arch = "wasm32")]
pub mod browser_log;
#[cfg(not(target_arch = "wasm32"))]
pub mod cli;
pub mod data;
pub mod feel;
pub mod font;
pub mod food;
#[cfg(not(target_arch = "wasm32"))]
pub mod frame_report;
pub mod grid_move;
pub mod input;
pub mod intensity;
pub mod mode;
pub mod modes;
pub mod palette;
pub mod pause_on_leave;
pub mod physics;
pub mod pixels;
pub mod replay;
pub mod run;
pub mod save;
pub mod session;
pub mod sound;
pub mod state;
pub mod toast;
pub mod touch;
pub mod ui;
pub mod visuals;
pub mod web;
pub mod web_lockstep;
pub mod web_probe;
#[cfg(target_arch = "wasm32")]
pub mod web_scale;
#[cfg(target_arch = "wasm32")]
pub mod web_text;
pub mod words;

use bevy::prelude::*;
use tracing::error;

use data::{DataProblem, GameData};
use session::{LastRun, Session};
use state::Screen;

/// How a game starts: the loaded data (or why it failed), and optionally a run to start at once.
pub struct Launch {
    pub data: Result<GameData, DataProblem>,
    pub start: Option<Session>,
    /// Where scores are kept.
    pub save: save::SaveStore,
    /// A message to show at start (e.g. why a link's seed was refused).
    pub notice: Option<String>,
}

/// The game without any drawing: add to an app that already has time, input, transforms and states.
pub fn logic_plugins(app: &mut App, launch: Launch) {
    let modes = modes::table();
    let initial = if launch.data.is_ok() { Screen::Title } else { Screen::DataError };
    // A run asked for at launch starts on the first frame, after every Startup system has run
    // (the initial state is entered before Startup, too early for physics and visuals).
    if launch.start.is_some() && launch.data.is_ok() {
        app.add_systems(Startup, |mut next: ResMut<NextState<Screen>>| next.set(Screen::Playing));
    }
    match launch.data {
        Ok(data) => app.insert_resource(data),
        Err(problem) => {
            error!("{}", problem.message);
            app.insert_resource(problem)
        }
    };
    if let Some(notice) = launch.notice {
        app.add_systems(Startup, move |mut toast: ResMut<toast::Toast>| toast.show(notice.clone()));
    }
    app.insert_resource(launch.start.unwrap_or_else(|| Session::random(modes.first())))
        .insert_resource(modes)
        .insert_resource(launch.save)
        .init_resource::<LastRun>()
        .init_resource::<intensity::Intensity>()
        .add_plugins((
            state::StatePlugin { initial },
            input::ActionsPlugin,
            physics::PhysicsPlugin,
            run::RunFlowPlugin,
            replay::ReplayPlugin,
            ui::UiPlugin,
            save::SavePlugin,
            sound::SoundPlugin,
            web::ScreenLogPlugin,
            touch::plugin,
            pause_on_leave::plugin,
            web_probe::plugin,
            board::plugin,
        ));
    for mode in modes.iter() {
        (mode.info().plugin)(app);
    }
}

/// The game in a window (or the browser's canvas).
pub fn windowed_app(launch: Launch) -> App {
    let mut app = App::new();
    let demo = launch.start.as_ref().map(|session| session.mode);
    #[cfg(target_arch = "wasm32")]
    app.add_plugins(browser_log::BrowserLogPlugin);
    app.add_plugins(DefaultPlugins.set(WindowPlugin {
        primary_window: Some(Window {
            title: "Seedfeast".into(),
            resolution: (1280, 720).into(),
            canvas: Some("#seedfeast".into()),
            fit_canvas_to_parent: true,
            prevent_default_event_handling: true,
            ..default()
        }),
        ..default()
    }));
    // Before any text is laid out: every text uses the default font, which this replaces.
    app.add_plugins(font::GameFontPlugin);
    logic_plugins(&mut app, launch);
    app.add_plugins((
        visuals::VisualsPlugin,
        ui::touch_controls::plugin,
        ui::fit::plugin,
        ui::scroll::plugin,
        feel::plugin,
    ));
    #[cfg(target_arch = "wasm32")]
    app.add_plugins((web_scale::plugin, web_text::plugin, web_lockstep::plugin));
    replay::ghost::add_visuals(&mut app);
    #[cfg(not(target_arch = "wasm32"))]
    frame_report::add_if_asked(&mut app);
    for mode in modes::table().iter() {
        (mode.info().visuals)(&mut app);
    }
    // `SEEDFEAST_BOT=1 seedfeast play --mode M …`: the mode's reference bot plays, a demo to watch
    // (and how the README's screenshots are taken).
    if std::env::var_os("SEEDFEAST_BOT").is_some()
        && let Some(bot) = demo.and_then(|mode| mode.info().bot)
    {
        (bot.add)(&mut app);
    }
    app
}

/// The game with no window or renderer, for tests: call `update()` to step one frame.
pub fn headless_app(launch: Launch) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, bevy::state::app::StatesPlugin, bevy::input::InputPlugin, TransformPlugin));
    logic_plugins(&mut app, launch);
    app
}

/// Loads the data for a launch, turning a failure into the problem the error screen shows.
pub fn load_data(source: data::DataSource) -> Result<GameData, DataProblem> {
    GameData::load(source.clone()).map_err(|error| DataProblem { message: error.to_string(), source })
}
