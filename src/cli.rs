//! The command-line face of the binary: generate, validate and inspect levels without a window.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use seedfeast_procgen::runner::{PlacedChunk, RunnerConfig, RunnerGenerator, validate_track};
use seedfeast_procgen::{Seed, SeedInput};

use crate::data::{GameData, find_assets};
use seedfeast_procgen::runner::ascii::draw_track;

#[derive(Parser, Debug)]
#[command(
    name = "seedfeast",
    version,
    about = "Food-themed arcade levels generated from shareable seed codes."
)]
#[command(after_help = "Run with no command to play.")]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Play (the default). With --seed, start that level directly.
    Play {
        /// A seed code (1K3F9-QZ2MX) or any text ("pizza party").
        #[arg(long, value_parser = parse_seed)]
        seed: Option<SeedInput>,
        #[arg(long, value_enum, default_value_t = Mode::Runner)]
        mode: Mode,
    },
    /// Generate a level and print it.
    Gen {
        #[arg(value_enum)]
        mode: Mode,
        /// A seed code (1K3F9-QZ2MX) or any text ("pizza party").
        #[arg(long, value_parser = parse_seed)]
        seed: SeedInput,
        /// How many chunks of track to generate.
        #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
        chunks: u32,
        #[arg(long, value_enum, default_value_t = Format::Json)]
        format: Format,
        /// Read the data files from this assets folder instead of the default.
        #[arg(long)]
        assets: Option<PathBuf>,
    },
    /// Generate many seeds and check every fairness rule; exits non-zero on any violation.
    Validate {
        #[arg(value_enum)]
        mode: Mode,
        /// How many seeds to sweep.
        #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..))]
        seeds: u64,
        /// Chunks generated per seed.
        #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u32).range(1..=100_000))]
        chunks: u32,
        #[arg(long)]
        assets: Option<PathBuf>,
    },
    /// Show the seed code for a code or free text.
    Seed {
        /// A seed code or any text.
        #[arg(value_parser = parse_seed)]
        input: SeedInput,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Mode {
    Runner,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Json,
    Ascii,
}

fn parse_seed(text: &str) -> Result<SeedInput, String> {
    SeedInput::parse(text).map_err(|error| error.to_string())
}

/// The JSON document `gen runner` prints; its field names are a stable interface.
#[derive(serde::Serialize)]
struct RunnerJson<'a> {
    seed: String,
    mode: &'static str,
    chunks: &'a [PlacedChunk],
}

fn load_config(assets: Option<&std::path::Path>) -> Result<RunnerConfig, String> {
    GameData::load(find_assets(assets))
        .map(|data| data.runner)
        .map_err(|error| format!("error: {error}"))
}

/// Runs a command-line subcommand (anything but `play`), printing to stdout/stderr.
pub fn run(command: Command) -> ExitCode {
    match command {
        Command::Play { .. } => unreachable!("play is handled by main"),
        Command::Gen {
            mode: Mode::Runner,
            seed,
            chunks,
            format,
            assets,
        } => {
            let config = match load_config(assets.as_deref()) {
                Ok(config) => config,
                Err(message) => return fail(&message),
            };
            let seed = seed.seed();
            let track: Vec<PlacedChunk> = RunnerGenerator::new(config, seed)
                .take(chunks as usize)
                .collect();
            match format {
                Format::Json => {
                    let doc = RunnerJson {
                        seed: seed.code().to_string(),
                        mode: "runner",
                        chunks: &track,
                    };
                    println!(
                        "{}",
                        serde_json::to_string_pretty(&doc).expect("track data serialises")
                    );
                }
                Format::Ascii => print!("{}", draw_track(seed, &track)),
            }
            ExitCode::SUCCESS
        }
        Command::Validate {
            mode: Mode::Runner,
            seeds,
            chunks,
            assets,
        } => {
            let config = match load_config(assets.as_deref()) {
                Ok(config) => config,
                Err(message) => return fail(&message),
            };
            validate_runner(&config, seeds, chunks as usize)
        }
        Command::Seed { input } => {
            let seed = input.seed();
            match &input {
                SeedInput::Code(_) => println!("{}", seed.code()),
                SeedInput::Text(text) => println!("{}  (from the text \"{text}\")", seed.code()),
            }
            ExitCode::SUCCESS
        }
    }
}

fn fail(message: &str) -> ExitCode {
    eprintln!("{message}");
    ExitCode::FAILURE
}

fn validate_runner(config: &RunnerConfig, seeds: u64, chunks: usize) -> ExitCode {
    let progress = indicatif::ProgressBar::new(seeds);
    progress.set_style(
        indicatif::ProgressStyle::with_template(
            "validating runner {bar:40} {pos}/{len} seeds ({eta})",
        )
        .expect("the template is valid"),
    );
    let mut failed_seeds = 0u64;
    let mut total = 0usize;
    for seed in (0..seeds).map(Seed) {
        let track: Vec<PlacedChunk> = RunnerGenerator::new(config.clone(), seed)
            .take(chunks)
            .collect();
        let violations = validate_track(config, &track);
        if !violations.is_empty() {
            failed_seeds += 1;
            total += violations.len();
            for violation in violations {
                progress.suspend(|| println!("seed {}: {violation}", seed.code()));
            }
        }
        progress.inc(1);
    }
    progress.finish_and_clear();
    println!("runner: {seeds} seeds × {chunks} chunks, {total} violations in {failed_seeds} seeds");
    if total == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
