//! The `seedfeast` binary: plays the game, or with a command generates and checks levels.

use std::process::ExitCode;

use seedfeast::{Launch, load_data, windowed_app};

/// A message on standard error as every command prints one: hidden characters escaped and a
/// value pasted in whole cut (issue #51, 9).
#[cfg(not(target_arch = "wasm32"))]
fn print_error(message: &str) {
    eprintln!("{}", seedfeast_procgen::shown::printable(message));
}

#[cfg(not(target_arch = "wasm32"))]
fn main() -> ExitCode {
    use clap::Parser;
    use seedfeast::cli::{Cli, Command};
    use seedfeast::data::find_assets;
    use seedfeast::session::Session;

    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        // Help and the version go to standard output as clap prints them.
        Err(error) if !error.use_stderr() => error.exit(),
        // A refused value is quoted in the message: cut to a readable size, never echoed whole.
        Err(error) => {
            let message = seedfeast::cli::shorten_long_values(&error.render().to_string());
            eprint!("{}", seedfeast_procgen::shown::printable(&message));
            return ExitCode::from(2);
        }
    };
    let (start, ghost) = match cli.command {
        None => (None, None),
        Some(Command::Play { seed, mode, level, ghost }) => {
            let ghost = match ghost.as_deref().map(seedfeast::replay::ghost::read_ghost).transpose() {
                Ok(ghost) => ghost,
                Err(message) => {
                    print_error(&format!("error: --ghost: {message}"));
                    return ExitCode::from(2);
                }
            };
            // A link plays its own mode and level, or is refused saying why (issue #51, 7).
            let what = if level.is_some() { "--level" } else { "--seed: the link's level" };
            let (mode, level) = match seedfeast::cli::play_choice(seed.as_ref(), mode, level) {
                Ok(choice) => choice,
                Err(message) => {
                    print_error(&message);
                    return ExitCode::from(2);
                }
            };
            // A level is checked against the mode's own, never clamped without a word (issue #28).
            if let Some(level) = level {
                let checked = seedfeast::data::GameData::load(find_assets(None))
                    .map_err(|error| error.to_string())
                    .and_then(|data| mode.check_level(level, &data));
                if let Err(message) = checked {
                    print_error(&format!("error: {what}: {message}"));
                    return ExitCode::from(2);
                }
            }
            if let Some(note) = seed.as_ref().and_then(|seed| seed.doubt()) {
                print_error(&format!("note: {note}"));
            }
            let start = match (seed, &ghost) {
                (Some(seed), _) => match Session::from_input(mode, &seed.input) {
                    Ok(session) => Some(Session { level, ..session }),
                    Err(message) => {
                        print_error(&format!("error: {message}"));
                        return ExitCode::from(2);
                    }
                },
                (None, Some(ghost)) => match ghost.session(&seedfeast::modes::table()) {
                    Ok(session) => Some(session),
                    Err(message) => {
                        print_error(&format!("error: --ghost: {message}"));
                        return ExitCode::from(2);
                    }
                },
                (None, None) => None,
            };
            (start, ghost)
        }
        Some(command) => return seedfeast::cli::run(command),
    };
    play(
        Launch {
            data: load_data(find_assets(None)),
            start,
            save: seedfeast::save::SaveStore::default_for_os(),
            notice: None,
        },
        ghost,
    )
}

#[cfg(target_arch = "wasm32")]
fn main() -> ExitCode {
    use seedfeast::save::browser::LocalStorage;
    use seedfeast::save::storage_check;
    use seedfeast::web::{LinkRequest, digest_text, page_query, parse_query, publish, wants_digest};
    let query = page_query();
    let modes = seedfeast::modes::table();
    if wants_digest(&query) {
        publish("digest", &digest_text(&seedfeast::data::GameData::built_in(), &modes));
        publish("storage", &storage_check(&LocalStorage).map_or_else(|error| error, |()| "ok".to_string()));
        let sound = seedfeast::sound::browser::WebAudio::open();
        publish("sound", &sound.map_or_else(|error| error, |audio| format!("ok: {} cues", audio.cues())));
        // With a ghost, the page re-simulates it and publishes what `replay verify` prints natively.
        if let Ok(Some(ghost)) = seedfeast::replay::ghost::ghost_in_link(&query) {
            let data = seedfeast::data::GameData::built_in();
            match seedfeast::replay::simulate::simulate_traced(&ghost.0, data, &modes, 10) {
                Ok((outcome, trace)) => {
                    publish("replay", &outcome.json());
                    publish("replay-trace", &trace.join("\n"));
                }
                Err(error) => publish("replay", &error),
            }
        }
    }
    // A link such as ?seed=324MP-ANQ6H&mode=maze starts that level; a bad one explains itself.
    let (start, mut notice) = match parse_query(&query, &modes) {
        LinkRequest::None => (None, None),
        LinkRequest::Start(session) => (Some(session), None),
        LinkRequest::Problem(message) => (None, Some(message)),
    };
    // A link's ghost=: a bad one is explained, and the level still opens.
    let ghost = match seedfeast::replay::ghost::ghost_in_link(&query) {
        Ok(ghost) => ghost,
        Err(message) => {
            notice = notice.or(Some(format!("The link's ghost can't race: {message}")));
            None
        }
    };
    play(
        Launch {
            data: load_data(seedfeast::data::DataSource::BuiltIn),
            start,
            // Scores and settings live in the browser's localStorage.
            save: seedfeast::save::SaveStore::keyed(std::sync::Arc::new(LocalStorage)),
            notice,
        },
        ghost,
    )
}

fn play(launch: Launch, ghost: Option<seedfeast::replay::ghost::GhostReplay>) -> ExitCode {
    // Without a usable display winit panics deep inside Bevy's window code: the display is opened
    // first, as winit will open it, and a failure said plainly instead.
    #[cfg(not(target_arch = "wasm32"))]
    if let Err(message) = seedfeast::cli::check_display() {
        print_error(&message);
        return ExitCode::FAILURE;
    }
    let mut app = windowed_app(launch);
    if let Some(ghost) = ghost {
        app.insert_resource(ghost);
    }
    match app.run() {
        bevy::app::AppExit::Success => ExitCode::SUCCESS,
        bevy::app::AppExit::Error(code) => ExitCode::from(code.get()),
    }
}
