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
use seedfeast_procgen::generator::{self, Generator, Opt, Picture, Request, check_options};
use seedfeast_procgen::{Seed, SeedInput};

use crate::data::{GameData, find_assets};

mod messages;
use crate::mode::Mode;
use crate::modes;
pub use messages::shorten_long_values;

#[derive(Parser, Debug)]
#[command(name = "seedfeast", version, about = "Food-themed arcade levels generated from shareable seed codes.")]
#[command(after_help = "Run with no command to play.")]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// Seeds `validate` sweeps at most: enough to check a change; `lab sweep` is the tool for big runs.
pub const MAX_VALIDATE_SEEDS: u64 = 10_000;

/// How much one `validate` of a generator may do: how many seeds, and how much work in all
/// (seeds × the depth of [`validate_depth`]: chunks, gates, floors or waves). Each cap keeps the
/// largest run it allows to a few seconds and ~40 MB in the debug build the tests use
/// (`tests/cli_bounds.rs` runs every extreme); `lab sweep` runs bigger sweeps, in parallel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ValidateCap {
    pub seeds: u64,
    /// `u64::MAX` for a generator without a depth flag (its seeds are the cap).
    pub work: u64,
}

/// The caps of `generator`, from runs of the debug build on a loaded 2-core machine.
pub fn validate_cap(generator: &str) -> ValidateCap {
    let (seeds, work) = match generator {
        // 200,000 chunks in 1.4 s.
        "runner" => (MAX_VALIDATE_SEEDS, 500_000),
        // 1,000,000 gates in 1.0 s.
        "tunnel" => (MAX_VALIDATE_SEEDS, 2_000_000),
        // 30,000 floors of the shipped tuning in 1.8 s, but 24 s with a 201 × 201 tuning (every
        // ninth seed plays the tuning's own size): 10,000 then take about 8.
        "maze" => (MAX_VALIDATE_SEEDS, 10_000),
        // Each seed's floor (decoration, tint) takes about 5 ms to check; waves next to nothing.
        "arena" => (1_000, 50_000),
        // About 5 ms a seed.
        "dungeon" => (1_000, u64::MAX),
        // 10,000 seeds in 5 s.
        "puzzle" => (5_000, u64::MAX),
        _ => (MAX_VALIDATE_SEEDS, u64::MAX),
    };
    ValidateCap { seeds, work }
}

/// How far `validate` plays each seed at `depth`, and in what unit: the generator's depth flag
/// (`chunks`, `gates`, `floors`, `waves`) summed over a seed's levels, or `levels` for a
/// generator without one.
pub fn validate_depth(target: &Target, depth: &Request) -> (u64, &'static str) {
    let requests = target.generator.sweep_requests(Seed(0), target.variant, depth);
    match target.generator.sweep_options().first() {
        Some(spec) => (requests.iter().map(|r| u64::from(r.get(spec.option).unwrap_or(1))).sum(), spec.option.flag()),
        None => (requests.len() as u64, "levels"),
    }
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Play (the default). With --seed, start that level directly.
    Play {
        /// A seed code (324MP-ANQ6H), any text ("pizza party"), or a level link.
        #[arg(long, value_parser = parse_seed)]
        seed: Option<SeedInput>,
        #[arg(long, value_parser = mode_parser(), default_value = "runner")]
        mode: Mode,
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
        #[arg(long, value_enum, default_value_t = ListFormat::Text)]
        format: ListFormat,
    },
    /// Generate a level and print it.
    Gen {
        /// A mode of the table (`food-tunnel` is the tunnel's squeeze), or a generator.
        #[arg(value_parser = target_parser())]
        mode: Target,
        /// A seed code (324MP-ANQ6H), any text ("pizza party"), or a level link.
        #[arg(long, value_parser = parse_seed)]
        seed: SeedInput,
        /// Runner: how many chunks of track (default 20).
        #[arg(long)]
        chunks: Option<u32>,
        /// Maze: which floor, 1 the first.
        #[arg(long)]
        floor: Option<u32>,
        /// Arena: which wave, 1 the first.
        #[arg(long)]
        wave: Option<u32>,
        /// Tunnels: how many gates (default 20).
        #[arg(long)]
        gates: Option<u32>,
        /// Tunnel: the Food Tunnel's squeeze; the same as `gen food-tunnel` (kept for old scripts).
        #[arg(long, hide = true)]
        squeeze: bool,
        /// Maze: grid width in cells, instead of the tuning's.
        #[arg(long)]
        width: Option<u32>,
        /// Maze: grid height in cells, instead of the tuning's.
        #[arg(long)]
        height: Option<u32>,
        /// Dungeon: which dungeon of the seed (1 the first; later ones have more zones or rooms).
        ///
        /// Dungeon maps (JSON rows and --format ascii): # wall, . floor, , corridor, _ decor,
        /// O pillar, + door, L locked door (a bridge's door into the next zone), = gate (a pen's
        /// bars). The ASCII view draws what stands on a tile over it: @ start, * item, / lever,
        /// C crate, ^ plate, & station, G guard, T table (the feast), ! hazard, % food.
        #[arg(long)]
        dungeon: Option<u32>,
        /// Dungeon: rooms per zone in visiting order, e.g. 12,10,10,14 (default: the tuning's).
        #[arg(long, value_delimiter = ',')]
        zones: Option<Vec<u32>>,
        /// Code puzzle: the curriculum step (0 the first).
        #[arg(long)]
        level: Option<u32>,
        /// Code puzzle: a file holding the solution program to build the level from.
        #[arg(long)]
        code: Option<PathBuf>,
        #[arg(long, value_enum, default_value_t = Format::Json)]
        format: Format,
        /// Write to this file instead of standard output (PNG needs one unless piped).
        #[arg(long)]
        output: Option<PathBuf>,
        /// Read the data files from this assets folder instead of the default.
        #[arg(long)]
        assets: Option<PathBuf>,
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
        #[arg(long)]
        assets: Option<PathBuf>,
    },
    /// Print the determinism digest: one hash per mode of the levels a fixed list of seeds makes.
    /// The browser build prints the same digest when the levels are the same.
    Digest {
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
        input: SeedInput,
    },
}

/// `seedfeast lab …`: the Bevy-free lab's commands, flattened in (`sweep`, `range`); commands
/// that need the game (bots playing levels) become variants beside `Pure`.
#[derive(Subcommand, Debug)]
pub enum GameLab {
    #[command(flatten)]
    Pure(seedfeast_lab::cli::LabCommand),
    /// Plays seeds with each mode's reference bot through the real game, headlessly at the fixed
    /// 1/60 s step, and reports how far each got. A bot stopped short of its goal on a mode whose
    /// generator promises the goal is reachable is a fairness failure (exit 1).
    Bots {
        /// Mode keys, comma separated (every mode with a bot when left out).
        #[arg(long, value_delimiter = ',', value_parser = mode_parser())]
        mode: Vec<Mode>,
        /// Seeds to play per mode (seeds START, START + 1, …).
        #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=100_000))]
        seeds: u64,
        /// The first seed, as a number (a report gives each seed's code).
        #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u64).range(0..(1 << seedfeast_procgen::seed::SEED_BITS)))]
        start: u64,
        /// Runs played at once, each on its own thread (default: every core).
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256))]
        jobs: Option<u64>,
        /// The goal, in each mode's unit, instead of its bot's own (2,000 m, 100 gates, …).
        #[arg(long, value_parser = parse_goal)]
        goal: Option<f32>,
        /// Game seconds each run may take.
        #[arg(long, default_value_t = 600, value_parser = clap::value_parser!(u32).range(1..=36_000))]
        seconds: u32,
        /// Text (a line per mode) or JSON (every run).
        #[arg(long, value_enum, default_value_t = BotsFormat::Text)]
        format: BotsFormat,
        /// Read the data files from this assets folder instead of the default.
        #[arg(long)]
        assets: Option<PathBuf>,
    },
    /// Keeps each mode's bot playing run after run for many frames (headless, fixed step),
    /// sampling the entity count and resident memory: both must stay flat (exit 1 if either grows).
    Soak {
        /// Mode keys, comma separated (every mode with a bot when left out).
        #[arg(long, value_delimiter = ',', value_parser = mode_parser())]
        mode: Vec<Mode>,
        /// Frames to run per mode.
        #[arg(long, default_value_t = 100_000, value_parser = clap::value_parser!(u64).range(100..=10_000_000))]
        frames: u64,
        /// The seed the first run plays.
        #[arg(long, default_value_t = 7)]
        seed: u64,
        /// Text (a line per mode) or JSON (every sample).
        #[arg(long, value_enum, default_value_t = BotsFormat::Text)]
        format: BotsFormat,
    },
}

#[derive(Subcommand, Debug)]
pub enum ReplayAction {
    /// Plays a seed with the mode's reference bot (headless, at the fixed step) and prints the
    /// run's replay code.
    Record {
        #[arg(long, value_parser = mode_parser())]
        mode: Mode,
        /// A seed code, any text, or a level link.
        #[arg(long, value_parser = parse_seed)]
        seed: SeedInput,
        /// The mode's reference bot plays (the only player the command has).
        #[arg(long, required = true)]
        bot: bool,
        /// Game seconds to record at most (the run may end sooner); at most the mode's longest
        /// run (10 minutes, the dungeon 20).
        #[arg(long, default_value_t = 120, value_parser = clap::value_parser!(u32).range(1..=3600))]
        seconds: u32,
        /// Write the code to this file instead of standard output.
        #[arg(long)]
        out: Option<PathBuf>,
        #[arg(long)]
        assets: Option<PathBuf>,
    },
    /// Re-simulates a replay headlessly and prints
    /// `{"mode","seed","score","steps","final_state_hash"}`; exit 2 for a code that can't be
    /// read or played, 1 when the run doesn't end where the replay says it did.
    Verify {
        /// A file holding a replay code.
        #[arg(long, conflicts_with = "code", required_unless_present = "code")]
        file: Option<PathBuf>,
        /// A replay code (or a link holding one in `ghost=`).
        #[arg(long)]
        code: Option<String>,
        /// Also print, to standard error, where the player is every N steps (to the bit), to
        /// compare two platforms' runs.
        #[arg(long, default_value_t = 0)]
        trace: u32,
        #[arg(long)]
        assets: Option<PathBuf>,
    },
}

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum BotsFormat {
    Text,
    Json,
}

fn parse_goal(text: &str) -> Result<f32, String> {
    match text.parse::<f32>() {
        Ok(goal) if goal.is_finite() && goal > 0.0 && goal <= 1.0e6 => Ok(goal),
        _ => Err(format!("'{text}' is not a goal: a number above 0, at most 1000000")),
    }
}

#[derive(Subcommand, Debug)]
pub enum PuzzleAction {
    /// Generates `--runs` levels from a program and reports, as the paper's Table 2: how many its
    /// own code solves (by running it), how many an alternative of the same length or a shorter
    /// code solves, the map figures and the time per level.
    Eval {
        /// A file holding the solution program.
        #[arg(long)]
        code: PathBuf,
        #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u32).range(1..=100_000))]
        runs: u32,
        /// Reject (within a bound) levels that a shorter code solves.
        #[arg(long)]
        no_shorter: bool,
        #[arg(long, value_enum, default_value_t = ListFormat::Json)]
        format: ListFormat,
    },
    /// Runs a program on a level (as `gen puzzle --format json` prints it): `{"solved", "steps"}`.
    Run {
        /// The level's JSON file.
        #[arg(long)]
        level: PathBuf,
        /// A file holding the program.
        #[arg(long)]
        code: PathBuf,
    },
    /// Draws a program's expressive range over many seeds as a PNG heatmap, on the May's Journey
    /// paper's Figure 3 axes: walkable share 0..0.5 by interactable share 0..0.1.
    Range {
        /// A file holding the solution program.
        #[arg(long)]
        code: PathBuf,
        /// Where to write the PNG.
        #[arg(long)]
        out: PathBuf,
        /// How many seeds (one level each).
        #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=100_000))]
        seeds: u64,
        /// The first seed.
        #[arg(long, default_value_t = 0)]
        start: u64,
        /// Generate as `eval --no-shorter` does.
        #[arg(long)]
        no_shorter: bool,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Json,
    Ascii,
    /// A picture, scaled to fit (or refused with the largest size that fits).
    Png,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ListFormat {
    Text,
    Json,
}

/// What `gen` and `validate` make: a mode of the table, or a generator no mode plays yet.
#[derive(Clone, Copy)]
pub struct Target {
    pub key: &'static str,
    pub generator: &'static dyn Generator,
    pub variant: Option<&'static str>,
}

impl std::fmt::Debug for Target {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Target({})", self.key)
    }
}

impl Target {
    fn of(mode: Mode) -> Target {
        Target { key: mode.key(), generator: mode.generator(), variant: mode.variant() }
    }

    /// Every target: the modes, then the generators no mode has the key of.
    pub fn all() -> Vec<Target> {
        let mut all: Vec<Target> = modes::MODES.iter().map(|m| Target::of(*m)).collect();
        for generator in generator::all() {
            if !all.iter().any(|t| t.key == generator.key()) {
                all.push(Target { key: generator.key(), generator, variant: None });
            }
        }
        all
    }

    fn since_version(&self) -> u8 {
        self.generator.since_version(self.variant)
    }
}

fn target_parser() -> impl TypedValueParser<Value = Target> {
    let keys: Vec<&'static str> = Target::all().iter().map(|t| t.key).collect();
    PossibleValuesParser::new(keys)
        .map(|key: String| Target::all().into_iter().find(|t| t.key == key).expect("clap allowed only known keys"))
}

/// Mode keys from the table, for clap (its help lists them).
fn mode_parser() -> impl TypedValueParser<Value = Mode> {
    let keys: Vec<&'static str> = modes::MODES.iter().map(|m| m.key()).collect();
    PossibleValuesParser::new(keys).map(|key: String| modes::by_key(&key).expect("clap allowed only table keys"))
}

fn parse_seed(text: &str) -> Result<SeedInput, String> {
    SeedInput::parse(text).map_err(|error| error.to_string())
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

/// Runs a command-line subcommand (anything but `play`).
pub fn run(command: Command) -> ExitCode {
    let result = match command {
        Command::Play { .. } => Err(Stop::Usage("error: play opens a window; run it without a command".into())),
        Command::Modes { format } => list_modes(format),
        Command::Gen {
            mode,
            seed,
            chunks,
            floor,
            wave,
            gates,
            squeeze,
            width,
            height,
            dungeon,
            zones,
            level,
            code,
            format,
            output,
            assets,
        } => read_code(code.as_deref()).and_then(|code| {
            let request = Request {
                chunks,
                floor,
                wave,
                gates,
                width,
                height,
                dungeon,
                zones,
                level,
                code,
                ..Request::default()
            };
            let target = squeezed(mode, squeeze)?;
            generate(target, &seed, request, format, output.as_deref(), assets.as_deref())
        }),
        Command::Validate { mode, seeds, chunks, gates, floors, waves, assets } => {
            let depth = Request { chunks, gates, floors, waves, ..Request::default() };
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
            let note = match &input {
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
            eprintln!("{message}");
            ExitCode::FAILURE
        }
        Err(Stop::Usage(message)) => {
            eprintln!("{message}");
            ExitCode::from(2)
        }
    }
}

fn replay(action: ReplayAction) -> Result<(), Stop> {
    use crate::replay::simulate::{record_bot, simulate_traced};
    use seedfeast_procgen::replay::Replay;
    match action {
        ReplayAction::Record { mode, seed, bot: _, seconds, out, assets } => {
            let steps = recording_steps(mode, seconds).map_err(Stop::Usage)?;
            // Checked before the run is played, so a bad --out never costs the recording.
            if let Some(path) = &out {
                check_out_path(path).map_err(Stop::Usage)?;
            }
            let data = load_data(assets.as_deref())?;
            let session =
                crate::session::Session::from_input(mode, &seed).map_err(|e| Stop::Usage(format!("error: {e}")))?;
            if let Some(note) = seed.doubt() {
                eprintln!("note: {note}");
            }
            let (replay, outcome) =
                record_bot(mode, session.seed, data, steps).map_err(|e| Stop::Usage(format!("error: {e}")))?;
            let code = replay.encode();
            let fits = if Replay::fits_link(&code) { "fits a link" } else { "too long for a link: share it as a file" };
            eprintln!(
                "{} {}: {} steps, score {}, {} characters ({fits})",
                mode.key(),
                session.seed.code(),
                outcome.steps,
                outcome.score,
                code.len()
            );
            match out {
                Some(path) => std::fs::write(&path, format!("{code}\n")).or_else(|e| {
                    // The run is recorded: print it rather than lose it.
                    say(&format!("{code}\n"))?;
                    Err(Stop::Failed(format!(
                        "error: --out {}: {e} (the code is printed above instead)",
                        path.display()
                    )))
                }),
                None => say(&format!("{code}\n")),
            }
        }
        ReplayAction::Verify { file, code, trace, assets } => {
            let text = match (file, code) {
                (Some(path), _) => read_replay_file(&path)?,
                (None, Some(code)) => code,
                (None, None) => return Err(Stop::Usage("error: give --file or --code".into())),
            };
            let text = crate::replay::code_in(&text).map_err(|e| Stop::Usage(format!("error: {e}")))?;
            let replay = Replay::decode(&text).map_err(|e| Stop::Usage(format!("error: bad replay code: {e}")))?;
            let data = load_data(assets.as_deref())?;
            let (outcome, lines) = simulate_traced(&replay, data, &modes::table(), trace)
                .map_err(|e| Stop::Usage(format!("error: {e}")))?;
            for line in lines {
                eprintln!("{line}");
            }
            say(&format!("{}\n", outcome.json()))?;
            if (outcome.score, outcome.state) != (replay.score, replay.state) {
                return Err(Stop::Failed(format!(
                    "error: the replay says it scored {} (state {:016x}) but plays out to {} (state {:016x}): it \
                     was changed, or recorded by a build whose game plays differently",
                    replay.score, replay.state, outcome.score, outcome.state
                )));
            }
            Ok(())
        }
    }
}

/// The steps `replay record --seconds` asks of `mode`, or why that is longer than its runs last.
pub fn recording_steps(mode: Mode, seconds: u32) -> Result<u32, String> {
    let steps = seconds.saturating_mul(seedfeast_procgen::modes::STEPS_PER_SECOND);
    match mode.longest_run_steps() {
        Some(most) if steps > most => Err(format!(
            "error: --seconds {seconds} is longer than a {} run can last ({} seconds)",
            mode.name(),
            most / seedfeast_procgen::modes::STEPS_PER_SECOND
        )),
        _ => Ok(steps),
    }
}

/// Whether `path` can take a file: not a folder, in a folder that exists.
pub fn check_out_path(path: &Path) -> Result<(), String> {
    let bad = |why: &str| Err(format!("error: --out {}: {why}", path.display()));
    if path.is_dir() {
        return bad("is a folder; give a file name");
    }
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() && !parent.is_dir() => bad("its folder doesn't exist"),
        _ => Ok(()),
    }
}

/// A replay file, read with a size cap (codes are at most 64 KiB of text).
fn read_replay_file(path: &Path) -> Result<String, Stop> {
    let bad = |why: String| Stop::Usage(format!("error: --file {}: {why}", path.display()));
    let metadata = std::fs::metadata(path).map_err(|e| bad(e.to_string()))?;
    if !metadata.is_file() || metadata.len() > seedfeast_procgen::replay::MAX_CODE_CHARS as u64 + 1024 {
        return Err(bad("not a replay file (a replay code is at most 64 KiB of text)".into()));
    }
    std::fs::read_to_string(path).map_err(|e| bad(e.to_string()))
}

fn puzzle(action: PuzzleAction) -> Result<(), Stop> {
    use seedfeast_procgen::puzzle::{GenOptions, PuzzleLevel, eval};
    match action {
        PuzzleAction::Eval { code, runs, no_shorter, format } => {
            let code = read_code(Some(&code))?.unwrap_or_default();
            let options = eval::EvalOptions {
                generation: GenOptions { no_shorter, ..GenOptions::default() },
                ..Default::default()
            };
            // The tool reads the clock to time generation; generation itself never does.
            let started = std::time::Instant::now();
            let mut clock = || started.elapsed().as_secs_f64() * 1000.0;
            let report =
                eval::evaluate(&code, runs, &options, &mut clock).map_err(|e| Stop::Usage(format!("error: {e}")))?;
            match format {
                ListFormat::Json => say(&generator::to_json(&report)),
                ListFormat::Text => say(&format!("{report:#?}\n")),
            }
        }
        PuzzleAction::Run { level, code } => {
            let code = read_code(Some(&code))?.unwrap_or_default();
            let text = read_level_file(&level)?;
            let level: PuzzleLevel = serde_json::from_str(&text)
                .map_err(|e| Stop::Usage(format!("error: {}: not a puzzle level: {e}", level.display())))?;
            let result =
                seedfeast_procgen::puzzle::run(&level, &code).map_err(|e| Stop::Usage(format!("error: {e}")))?;
            #[derive(serde::Serialize)]
            struct Ran {
                solved: bool,
                steps: usize,
                statements: usize,
                error: Option<String>,
            }
            let ran = Ran {
                solved: result.solved,
                steps: result.steps,
                statements: result.statements,
                error: result.error.map(|e| e.to_string()),
            };
            say(&generator::to_json(&ran))
        }
        PuzzleAction::Range { code: path, out, seeds, start, no_shorter } => {
            use seedfeast_lab::range::puzzle::{self as range, RangeError};
            let code = read_code(Some(&path))?.unwrap_or_default();
            let options = GenOptions { no_shorter, ..GenOptions::default() };
            let points = range::points(&code, &options, start, seeds).map_err(|e| match e {
                RangeError::Code(m) => Stop::Usage(format!("error: {}: {m}", path.display())),
                RangeError::Failed(m) => Stop::Failed(format!("error: {m}")),
            })?;
            let histogram = range::histogram(&points);
            let outside = histogram.outside(&points);
            let name = path.file_name().map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into());
            let title = format!("puzzle {name}: expressive range over {seeds} seeds");
            let png = seedfeast_lab::plot::heatmap_png(&histogram, &title, range::X.0, range::Y.0)
                .map_err(|e| Stop::Failed(format!("error: {e}")))?;
            std::fs::write(&out, png)
                .map_err(|e| Stop::Failed(format!("error: can't write {}: {e}", out.display())))?;
            let note =
                if outside > 0 { format!(", {outside} past the axes (drawn in the edge bins)") } else { String::new() };
            say(&format!("puzzle: {} levels{note} -> {}\n", seeds, out.display()))
        }
    }
}

/// A level file, read with a size cap (levels are a few kilobytes).
fn read_level_file(path: &Path) -> Result<String, Stop> {
    let bad = |why: String| Stop::Usage(format!("error: --level {}: {why}", path.display()));
    let metadata = std::fs::metadata(path).map_err(|e| bad(e.to_string()))?;
    if !metadata.is_file() || metadata.len() > 4 * 1024 * 1024 {
        return Err(bad("not a regular file of at most 4 MiB".into()));
    }
    std::fs::read_to_string(path).map_err(|e| bad(e.to_string()))
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

/// `gen tunnel --squeeze` as it was before the table of modes: the Food Tunnel.
fn squeezed(target: Target, squeeze: bool) -> Result<Target, Stop> {
    if !squeeze {
        return Ok(target);
    }
    Target::all()
        .into_iter()
        .find(|t| t.generator.key() == target.generator.key() && t.variant == Some("squeeze"))
        .ok_or_else(|| Stop::Usage(format!("error: --squeeze does not apply to {}", target.key)))
}

/// The most program text `--code` reads: far more than any level's solution.
const MAX_CODE_FILE: u64 = 64 * 1024;

/// The program in a `--code` file, read with a size cap; the generator's own limits follow.
fn read_code(path: Option<&Path>) -> Result<Option<String>, Stop> {
    let Some(path) = path else { return Ok(None) };
    let bad = |why: String| Stop::Usage(format!("error: --code {}: {why}", path.display()));
    let metadata = std::fs::metadata(path).map_err(|e| bad(e.to_string()))?;
    if !metadata.is_file() {
        return Err(bad("not a regular file".into()));
    }
    if metadata.len() > MAX_CODE_FILE {
        return Err(bad(format!("{} bytes is more than a program may hold ({MAX_CODE_FILE})", metadata.len())));
    }
    let bytes = std::fs::read(path).map_err(|e| bad(e.to_string()))?;
    String::from_utf8(bytes).map(Some).map_err(|_| bad("not UTF-8 text".into()))
}

/// The seed a mode plays for some input: refused when the code is from a version whose levels of
/// this mode this build makes differently.
fn seed_for(target: Target, input: &SeedInput) -> Result<Seed, Stop> {
    if let SeedInput::Code(code) = input {
        code.check_since(target.since_version()).map_err(|error| Stop::Usage(format!("error: {error}")))?;
    }
    Ok(input.seed())
}

fn generate(
    mode: Target,
    input: &SeedInput,
    mut request: Request,
    format: Format,
    output: Option<&Path>,
    assets: Option<&Path>,
) -> Result<(), Stop> {
    let generator = mode.generator;
    check_options(mode.key, generator.options(), &request).map_err(|e| Stop::Usage(format!("error: {e}")))?;
    request.seed = seed_for(mode, input)?;
    if let Some(note) = input.doubt() {
        eprintln!("note: {note}");
    }
    request.variant = mode.variant;
    let data = load_data(assets)?;
    let level = generator.generate(&data, &request).map_err(|e| Stop::Usage(format!("error: {e}")))?;
    let bytes = match format {
        Format::Json => level.json().into_bytes(),
        Format::Ascii => level.ascii().into_bytes(),
        Format::Png => encode_png(&level.picture().map_err(|e| Stop::Usage(format!("error: {e}")))?)?,
    };
    write_out(&bytes, output)
}

fn encode_png(picture: &Picture) -> Result<Vec<u8>, Stop> {
    let failed = |e: png::EncodingError| Stop::Failed(format!("error: png: {e}"));
    let mut bytes = Vec::new();
    let mut encoder = png::Encoder::new(&mut bytes, picture.width, picture.height);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().map_err(failed)?;
    writer.write_image_data(&picture.rgb).map_err(failed)?;
    writer.finish().map_err(failed)?;
    Ok(bytes)
}

fn write_out(bytes: &[u8], output: Option<&Path>) -> Result<(), Stop> {
    match output {
        Some(path) => {
            std::fs::write(path, bytes).map_err(|e| Stop::Failed(format!("error: can't write {}: {e}", path.display())))
        }
        None => {
            use std::io::IsTerminal;
            if bytes.starts_with(b"\x89PNG") && std::io::stdout().is_terminal() {
                return Err(Stop::Usage(
                    "error: a PNG can't go to the terminal: add --output FILE or redirect it".into(),
                ));
            }
            let mut stdout = std::io::stdout().lock();
            stdout.write_all(bytes)?;
            stdout.flush()?;
            Ok(())
        }
    }
}

/// The command that reproduces one swept level: what a violation report prints.
pub fn reproduce(key: &str, request: &Request) -> String {
    let mut command = format!("seedfeast gen {key} --seed {}", request.seed.code());
    for option in [Opt::Chunks, Opt::Floor, Opt::Wave, Opt::Gates, Opt::Width, Opt::Height, Opt::Dungeon, Opt::Level] {
        if let Some(value) = request.get(option) {
            command.push_str(&format!(" --{} {value}", option.flag()));
        }
    }
    if let Some(zones) = &request.zones {
        let list: Vec<String> = zones.iter().map(u32::to_string).collect();
        command.push_str(&format!(" --zones {}", list.join(",")));
    }
    command
}

fn validate(mode: Target, seeds: u64, depth: &Request, assets: Option<&Path>) -> Result<(), Stop> {
    let generator = mode.generator;
    check_options(mode.key, generator.sweep_options(), depth).map_err(|e| Stop::Usage(format!("error: {e}")))?;
    check_validate_work(mode, seeds, depth)?;
    let data = load_data(assets)?;
    let progress = progress_bar(seeds, &format!("validating {}", mode.key));
    let (mut levels, mut total) = (0usize, 0usize);
    for seed in (0..seeds).map(Seed) {
        let swept =
            generator.sweep(&data, seed, mode.variant, depth).map_err(|e| Stop::Failed(format!("error: {e}")))?;
        for (request, level) in swept {
            levels += 1;
            for violation in level.violations(&data) {
                total += 1;
                let line = format!("{violation}\n  reproduce: {}\n", reproduce(mode.key, &request));
                progress.suspend(|| say(&line))?;
            }
        }
        progress.inc(1);
    }
    progress.finish_and_clear();
    say(&format!("{}: {seeds} seeds, {levels} levels, {total} violations\n", mode.key))?;
    if total == 0 { Ok(()) } else { Err(Stop::Failed(format!("{}: {total} broken rules", mode.key))) }
}

/// Refuses a `validate` past [`validate_cap`], naming the largest run allowed.
fn check_validate_work(mode: Target, seeds: u64, depth: &Request) -> Result<(), Stop> {
    let key = mode.key;
    let limits = validate_cap(mode.generator.key());
    if seeds > limits.seeds {
        return Err(Stop::Usage(format!(
            "error: validate {key} sweeps at most {} seeds; `seedfeast lab sweep --mode {key} --seeds {seeds}` runs \
             bigger sweeps, in parallel.",
            limits.seeds
        )));
    }
    let (per_seed, unit) = validate_depth(&mode, depth);
    let (cap, work) = (limits.work, seeds.saturating_mul(per_seed));
    if work <= cap {
        return Ok(());
    }
    // (Generators without a depth flag have no cap on work but their seeds.)
    Err(Stop::Usage(format!(
        "error: validate {key} plays at most {cap} {unit} (--seeds × --{unit}); --seeds {seeds} at {per_seed} {unit} a seed is {work}. \
         At this depth use --seeds {} or fewer; `seedfeast lab sweep --mode {key}` runs bigger sweeps, in parallel.",
        cap / per_seed.max(1)
    )))
}

fn progress_bar(len: u64, what: &str) -> indicatif::ProgressBar {
    let progress = indicatif::ProgressBar::new(len);
    progress.set_style(
        indicatif::ProgressStyle::with_template(&format!("{what} {{bar:40}} {{pos}}/{{len}} seeds ({{eta}})"))
            .expect("the template is valid"),
    );
    progress
}

/// The modes a `lab bots`/`lab soak` list names, or every mode with a bot.
fn modes_with_bots(chosen: Vec<Mode>) -> Vec<Mode> {
    if chosen.is_empty() { modes::MODES.iter().copied().filter(|m| m.info().bot.is_some()).collect() } else { chosen }
}

/// `seedfeast lab soak`: each mode's bot for `frames` frames, a sample every 1% of them.
fn lab_soak(modes: Vec<Mode>, frames: u64, seed: u64, format: BotsFormat) -> Result<(), Stop> {
    let every = (frames / 100).max(1);
    let mut rows = Vec::new();
    let mut grew = Vec::new();
    for mode in modes_with_bots(modes) {
        let started = std::time::Instant::now();
        let samples = crate::bots::soak(mode, Seed(seed), GameData::built_in(), frames, every).map_err(Stop::Failed)?;
        // Wall time per frame of the whole headless app (logic, no drawing): a figure, not a check.
        let ms_per_frame = started.elapsed().as_secs_f64() * 1000.0 / frames as f64;
        let verdict = crate::bots::soak_verdict(&samples, 0.1);
        if let Err(why) = &verdict {
            grew.push(format!("{}: {why}", mode.key()));
        }
        let peak = |f: fn(&crate::bots::SoakSample) -> u64| samples.iter().map(f).max().unwrap_or(0);
        let runs = samples.last().map_or(0, |s| s.runs);
        match format {
            BotsFormat::Text => say(&format!(
                "{:<12} {frames} frames, {runs} runs: entities at most {}, memory at most {} MiB, {ms_per_frame:.3} ms a frame: {}\n",
                mode.key(),
                peak(|s| s.entities as u64),
                peak(|s| s.memory_kib) / 1024,
                verdict.as_ref().map_or_else(|why| why.clone(), |()| "flat".to_string())
            ))?,
            BotsFormat::Json => rows.push(serde_json::json!({
                "mode": mode.key(),
                "frames": frames,
                "runs": runs,
                "ms_per_frame": ms_per_frame,
                "flat": verdict.is_ok(),
                "samples": samples.iter().map(|s| serde_json::json!({
                    "frame": s.frame, "entities": s.entities, "memory_kib": s.memory_kib, "runs": s.runs
                })).collect::<Vec<_>>(),
            })),
        }
    }
    if format == BotsFormat::Json {
        say(&format!("{}\n", serde_json::Value::Array(rows)))?;
    }
    if grew.is_empty() { Ok(()) } else { Err(Stop::Failed(format!("error: a soak grew:\n  {}", grew.join("\n  ")))) }
}

/// What `lab bots` plays: which seeds, on how many threads, to which goal, for how long.
struct BotsPlan {
    seeds: std::ops::Range<u64>,
    jobs: usize,
    goal: Option<f32>,
    seconds: u32,
    format: BotsFormat,
}

/// Runs short of their goal a text report lists, each with its seed and why it stopped.
const MISSES_SHOWN: usize = 5;

/// `seedfeast lab bots`: every chosen mode's bot over the plan's seeds, a line (or JSON rows) per
/// mode.
fn lab_bots(modes: Vec<Mode>, plan: &BotsPlan, data: &GameData) -> Result<(), Stop> {
    let format = plan.format;
    let modes = modes_with_bots(modes);
    let mut rows = Vec::new();
    let mut unfair = Vec::new();
    for mode in modes {
        let bot = mode.info().bot.ok_or_else(|| Stop::Usage(format!("error: the {} mode has no bot", mode.key())))?;
        let goal = plan.goal.unwrap_or(bot.goal);
        let bar = indicatif::ProgressBar::new(plan.seeds.end - plan.seeds.start).with_message(mode.key());
        let started = std::time::Instant::now();
        let runs =
            crate::bots::play_bots(mode, plan.seeds.clone(), plan.jobs, data, goal, plan.seconds as f32, &|| {
                bar.inc(1)
            })
            .map_err(Stop::Failed)?;
        let took = started.elapsed().as_secs_f64();
        bar.finish_and_clear();
        for run in runs.iter().filter(|run| bot.promised && !run.reached) {
            unfair.push(format!("{} seed {}: {}", mode.key(), run.seed.code(), run.stopped));
        }
        let reached = runs.iter().filter(|r| r.reached).count();
        let mut amounts: Vec<f32> = runs.iter().map(|r| r.progress.amount).collect();
        amounts.sort_by(f32::total_cmp);
        let median = amounts[amounts.len() / 2];
        let unit = runs.iter().map(|r| r.progress.unit).find(|u| !u.is_empty()).unwrap_or("");
        match format {
            BotsFormat::Text => {
                say(&format!(
                    "{:<12} {reached}/{} reached {goal} {unit}; least {:.1}, median {median:.1} {unit}{} ({took:.0} s, {} jobs)\n",
                    mode.key(),
                    runs.len(),
                    amounts[0],
                    if bot.promised { " (promised)" } else { "" },
                    plan.jobs,
                ))?;
                for run in runs.iter().filter(|run| !run.reached).take(MISSES_SHOWN) {
                    say(&format!(
                        "    seed {} ({}): {:.1} {unit} at {:.0} s, {}\n",
                        run.seed.code(),
                        run.seed.0,
                        run.progress.amount,
                        run.seconds,
                        run.stopped
                    ))?;
                }
            }
            BotsFormat::Json => rows.extend(runs.iter().map(|r| {
                serde_json::json!({
                    "mode": mode.key(),
                    "seed": r.seed.code().to_string(),
                    "goal": r.goal,
                    "progress": r.progress.amount,
                    "unit": r.progress.unit,
                    "reached": r.reached,
                    "promised": bot.promised,
                    "stopped": r.stopped,
                    "seconds": r.seconds,
                })
            })),
        }
    }
    if format == BotsFormat::Json {
        say(&format!("{}\n", serde_json::Value::Array(rows)))?;
    }
    if unfair.is_empty() {
        Ok(())
    } else {
        Err(Stop::Failed(format!("error: a bot fell short where its goal is promised:\n  {}", unfair.join("\n  "))))
    }
}
