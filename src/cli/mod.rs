//! The command-line face of the binary: generate, validate and inspect levels without a window.
//! Every mode comes from the table of modes and every level from procgen's generators, so a new
//! mode is on the command line the moment it is in the table.
//!
//! Exit codes: 0 success (or a reader that closed the pipe early), 1 a failure or a broken rule,
//! 2 a usage error (a flag a mode doesn't read, a value out of range, a bad seed).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Parser, Subcommand, ValueEnum};
use seedfeast_procgen::generate::MAX_FRAMES;
use seedfeast_procgen::generator::{self, Generator, Opt, Picture, Request, check_options};
use seedfeast_procgen::{Seed, SeedInput};

use crate::data::{GameData, find_assets};

mod display;
mod explain;
mod generate;
mod lab;
mod level;
mod messages;
mod puzzle;
mod replay;
mod validate;

pub use display::check_display;
pub use explain::*;
pub use generate::*;
pub use lab::*;
pub use level::*;
pub use puzzle::*;
pub use replay::*;
pub use validate::*;

use crate::mode::Mode;
use crate::modes;
pub use messages::shorten_long_values;

#[cfg(test)]
mod tests;

/// What `--help` says after the commands: how to play, the exit codes and the environment.
const AFTER_HELP: &str = "\
Run with no command to play.

Player commands: play, seed, modes. Designer and developer tools: gen, explain, validate,
digest, replay, puzzle, lab.

Exit codes:
  0  done (also when the reader closes the pipe early, as `| head` does)
  1  something failed, or a level broke a fairness rule
  2  a usage mistake: a bad seed or replay code, a flag a mode doesn't read, a value out of range

Environment:
  SEEDFEAST_ASSETS  the assets folder to read data from (as --assets; default: the one beside
                    the binary, else the built-in data)
  SEEDFEAST_DATA    the folder scores and settings are kept in (default: the OS data folder,
                    ~/.local/share/seedfeast on Linux)
  SEEDFEAST_BOT=1   `play` with the mode's reference bot at the controls, a demo to watch
  SEEDFEAST_FRAME_REPORT=N  `play`: time N frames of the run, print their median and 95th
                    percentile, and quit (docs/performance.md)";

#[derive(Parser, Debug)]
#[command(name = "seedfeast", version, about = "Food-themed arcade levels generated from shareable seed codes.")]
#[command(after_help = AFTER_HELP)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Play (the default). With --seed, start that level directly.
    Play {
        /// A seed code (324MP-ANQ6H), any text ("pizza party"), or a level link (which plays its
        /// own mode and level).
        #[arg(long, value_parser = parse_seed)]
        seed: Option<SeedArg>,
        /// The mode to play (one of `seedfeast modes`; default: a link's own mode, else the
        /// first). A link for another mode is refused.
        #[arg(long, value_parser = mode_parser())]
        mode: Option<Mode>,
        /// Where in the seed's run to start (a code puzzle's curriculum step, 0 the first), as a
        /// link's `level=K`.
        #[arg(long, requires = "seed")]
        level: Option<u32>,
        /// Race a ghost: a replay code (or a link holding one). Without --seed, plays the
        /// replay's own mode and seed.
        #[arg(long)]
        ghost: Option<String>,
    },
    /// List the playable modes (from the table of modes).
    Modes {
        /// Text (a line each) or JSON.
        #[arg(long, value_enum, default_value_t = ListFormat::Text)]
        format: ListFormat,
    },
    /// Generate a level and print it.
    Gen {
        #[command(flatten)]
        level: LevelArgs,
        /// JSON (the stable document), ASCII (a text picture) or PNG (a picture; needs --out or a pipe).
        #[arg(long, value_enum, default_value_t = Format::Json)]
        format: Format,
        /// Write to this file instead of standard output (PNG needs one unless piped).
        #[arg(long, alias = "output")]
        out: Option<PathBuf>,
    },
    /// Tell how a level was made: each decision its generator took, in order, with the rule it
    /// applied and its numbers (the same level flags as `gen`).
    Explain {
        #[command(flatten)]
        level: LevelArgs,
        /// Text (a numbered caption a line, each rule's detail lines under it), JSON (every
        /// event: its rule, caption, details and numbers) or PNG (an animated PNG of the level
        /// being made, a caption under each frame; needs --out or a pipe).
        #[arg(long, value_enum, default_value_t = StoryFormat::Text)]
        format: StoryFormat,
        /// PNG: how many frames, spread evenly over the story (2 to 300, default 120; the last is
        /// the finished level).
        #[arg(long, value_parser = clap::value_parser!(u16).range(2..=MAX_FRAMES as i64))]
        frames: Option<u16>,
        /// Write to this file instead of standard output.
        #[arg(long, alias = "output")]
        out: Option<PathBuf>,
    },
    /// Generate many seeds and check every fairness rule; exits 1 on any violation.
    Validate {
        /// A mode of the table, or a generator.
        #[arg(value_parser = target_parser())]
        mode: Target,
        /// How many seeds to sweep (at most 10,000, and at most a set amount of work: seeds × the
        /// depth flag; a run past either says the largest allowed. `lab sweep` is for big runs).
        #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=MAX_VALIDATE_SEEDS))]
        seeds: u64,
        /// Runner: chunks per seed (default 200).
        #[arg(long)]
        chunks: Option<u32>,
        /// Tunnels: gates per seed (default 200).
        #[arg(long)]
        gates: Option<u32>,
        /// Maze: floors per seed and size (default 3).
        #[arg(long)]
        floors: Option<u32>,
        /// Arena: waves per seed (default 5).
        #[arg(long)]
        waves: Option<u32>,
        /// Read the data files from this assets folder instead of the default (or $SEEDFEAST_ASSETS).
        #[arg(long)]
        assets: Option<PathBuf>,
    },
    /// Print the determinism digest: one hash per mode of the levels a fixed list of seeds makes.
    /// The browser build prints the same digest when the levels are the same.
    Digest {
        /// Read the data files from this assets folder instead of the default (or $SEEDFEAST_ASSETS).
        #[arg(long)]
        assets: Option<PathBuf>,
    },
    /// Code-puzzle tools: evaluate a program like the May's Journey paper's Table 2, run a
    /// program on a level file, or draw a program's expressive range.
    Puzzle {
        #[command(subcommand)]
        action: PuzzleAction,
    },
    /// The seed lab: sweeps of up to millions of seeds through every validator, and
    /// expressive-range plots (the same as the `seedfeast-lab` binary).
    Lab {
        #[command(subcommand)]
        command: GameLab,
    },
    /// Replay codes: record a bot's run as one, or re-simulate one headlessly.
    Replay {
        #[command(subcommand)]
        action: ReplayAction,
    },
    /// Show the seed code for a code, text or link, and how it was read.
    Seed {
        /// A seed code, any text, or a level link.
        #[arg(value_parser = parse_seed)]
        input: SeedArg,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ListFormat {
    Text,
    Json,
}

/// Mode keys from the table, for clap (its help lists them).
fn mode_parser() -> impl TypedValueParser<Value = Mode> {
    let keys: Vec<&'static str> = modes::MODES.iter().map(|m| m.key()).collect();
    PossibleValuesParser::new(keys).map(|key: String| modes::by_key(&key).expect("clap allowed only table keys"))
}

/// Why a command stopped.
enum Stop {
    /// A usage mistake: exit 2.
    Usage(String),
    /// Something failed: exit 1.
    Failed(String),
    /// The reader closed the pipe (`| head`): nothing more to say, exit 0.
    Closed,
}

impl From<std::io::Error> for Stop {
    fn from(error: std::io::Error) -> Stop {
        if error.kind() == std::io::ErrorKind::BrokenPipe {
            Stop::Closed
        } else {
            Stop::Failed(format!("error: {error}"))
        }
    }
}

impl From<seedfeast_lab::output::OutError> for Stop {
    fn from(error: seedfeast_lab::output::OutError) -> Stop {
        use seedfeast_lab::output::OutError;
        match error {
            OutError::Refused(why) => Stop::Usage(format!("error: --out {why}")),
            OutError::Failed(why) => Stop::Failed(format!("error: {why}")),
            OutError::Closed => Stop::Closed,
        }
    }
}

/// Writes text to standard output; a closed pipe stops the command quietly.
fn say(text: &str) -> Result<(), Stop> {
    let mut stdout = std::io::stdout().lock();
    stdout.write_all(text.as_bytes())?;
    stdout.flush()?;
    Ok(())
}

fn load_data(assets: Option<&Path>) -> Result<GameData, Stop> {
    GameData::load(find_assets(assets)).map_err(|error| Stop::Failed(format!("error: {error}")))
}

/// The mode and level `play` starts: `--mode`, else a link's own mode, else the first; a link
/// for another mode than `--mode`, or for another level than `--level`, is refused naming both.
pub fn play_choice(
    seed: Option<&SeedArg>,
    mode: Option<Mode>,
    level: Option<u32>,
) -> Result<(Mode, Option<u32>), String> {
    let asks = seed.map(|seed| seed.asks.clone()).unwrap_or_default();
    let mode = match (mode, asks.mode.as_deref()) {
        (Some(mode), _) => {
            seed.map_or(Ok(()), |seed| seed.check_mode(mode.key()))?;
            mode
        }
        (None, Some(key)) => modes::by_key(key).ok_or_else(|| {
            let keys: Vec<&str> = modes::MODES.iter().map(|m| m.key()).collect();
            format!(
                "error: --seed: the link is for the mode \"{}\", which this version doesn't have (it has {})",
                seedfeast_procgen::shown::shown(key),
                keys.join(", ")
            )
        })?,
        (None, None) => modes::MODES[0],
    };
    match (level, asks.level) {
        (Some(given), Some(linked)) if given != linked => {
            Err(format!("error: --seed: the link asks for level {linked}, but --level {given} was given"))
        }
        (given, linked) => Ok((mode, given.or(linked))),
    }
}

/// Runs a command-line subcommand (anything but `play`).
pub fn run(command: Command) -> ExitCode {
    let result = match command {
        Command::Play { .. } => Err(Stop::Usage("error: play opens a window; run it without a command".into())),
        Command::Modes { format } => list_modes(format),
        Command::Gen { level, format, out } => generate(&level, format, out.as_deref()),
        Command::Explain { level, format, frames, out } => explain(&level, format, frames, out.as_deref()),
        Command::Validate { mode, seeds, chunks, gates, floors, waves, assets } => {
            let depth = Request::default().with_each([
                (Opt::Chunks, chunks),
                (Opt::Gates, gates),
                (Opt::Floors, floors),
                (Opt::Waves, waves),
            ]);
            validate(mode, seeds, &depth, assets.as_deref())
        }
        Command::Digest { assets } => load_data(assets.as_deref()).and_then(|data| {
            let modes = modes::table();
            say(&crate::web::digest_text(&data, &modes))
        }),
        Command::Puzzle { action } => puzzle(action),
        Command::Lab { command: GameLab::Pure(command) } => return seedfeast_lab::cli::run(command),
        Command::Lab { command: GameLab::Soak { mode, frames, seed, format } } => lab_soak(mode, frames, seed, format),
        Command::Lab { command: GameLab::Bots { mode, seeds, start, jobs, goal, seconds, format, assets } } => {
            let jobs = jobs.map_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()), |j| j as usize);
            let plan = BotsPlan { seeds: start..start + seeds, jobs, goal, seconds, format };
            load_data(assets.as_deref()).and_then(|data| lab_bots(mode, &plan, &data))
        }
        Command::Replay { action } => replay(action),
        Command::Seed { input } => {
            let today = input.seed().code();
            let note = match &input.input {
                SeedInput::Code(code) if code.version != today.version => {
                    format!("; {today} is the same seed's code from this version")
                }
                _ => String::new(),
            };
            say(&format!("{today}  ({}{note})\n", input.reading()))
        }
    };
    match result {
        Ok(()) | Err(Stop::Closed) => ExitCode::SUCCESS,
        Err(Stop::Failed(message)) => {
            eprintln!("{}", seedfeast_procgen::shown::printable(&message));
            ExitCode::FAILURE
        }
        Err(Stop::Usage(message)) => {
            eprintln!("{}", seedfeast_procgen::shown::printable(&message));
            ExitCode::from(2)
        }
    }
}

/// The JSON row `seedfeast modes --format json` prints per mode (a stable interface).
#[derive(serde::Serialize)]
struct ModeRow {
    key: &'static str,
    name: &'static str,
    generator: &'static str,
    variant: Option<&'static str>,
    blurb: &'static str,
    controls: String,
    /// The longest a run may last in seconds ("Time's up!"), `null` for no limit: the docs check
    /// (scripts/docs_facts.py) holds the README's and PLAYING.txt's run limits to it.
    longest_run_seconds: Option<u32>,
}

fn list_modes(format: ListFormat) -> Result<(), Stop> {
    let rows: Vec<ModeRow> = modes::MODES
        .iter()
        .map(|mode| {
            let info = mode.info();
            ModeRow {
                key: info.spec.key,
                name: info.spec.name,
                generator: info.spec.generator,
                variant: info.spec.variant,
                blurb: info.blurb,
                controls: format!("{:?}", info.controls).to_lowercase(),
                longest_run_seconds: info.spec.longest_run_seconds,
            }
        })
        .collect();
    match format {
        ListFormat::Json => say(&seedfeast_procgen::generator::to_json(&rows)),
        ListFormat::Text => {
            let lines: String = rows.iter().map(|r| format!("{:<12} {:<14} {}\n", r.key, r.name, r.blurb)).collect();
            say(&lines)
        }
    }
}
