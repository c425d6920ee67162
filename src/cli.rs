//! The command-line face of the binary: generate, validate and inspect levels without a window.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use seedfeast_procgen::arena::{ArenaGenerator, ArenaJson, arena_rgb, draw_arena, generate_wave, validate_wave};
use seedfeast_procgen::maze::{Cell, MazeTuning, draw_ascii, generate_floor, to_rgb, validate_floor};
use seedfeast_procgen::runner::{PlacedChunk, RunnerConfig, RunnerGenerator, validate_track};
use seedfeast_procgen::tunnel::{TunnelJson, draw_tunnel, generate_gates, tunnel_rgb, validate_gates};
use seedfeast_procgen::{Seed, SeedInput};

use crate::data::{GameData, find_assets};
use seedfeast_procgen::runner::ascii::draw_track;

#[derive(Parser, Debug)]
#[command(name = "seedfeast", version, about = "Food-themed arcade levels generated from shareable seed codes.")]
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
        /// Runner: how many chunks of track to generate.
        #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
        chunks: u32,
        /// Maze: which floor (1 is the first).
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
        floor: u32,
        /// Arena: which wave (1 is the first).
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
        wave: u32,
        /// Tunnel: how many gates.
        #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
        gates: u32,
        /// Tunnel: the Food Tunnel squeeze (gaps as the flyer meets them).
        #[arg(long)]
        squeeze: bool,
        /// Maze: grid width and height in cells, instead of the tuning's.
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=4001))]
        width: Option<u32>,
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=4001))]
        height: Option<u32>,
        #[arg(long, value_enum, default_value_t = Format::Json)]
        format: Format,
        /// Write to this file instead of standard output (PNG needs one unless piped).
        #[arg(long)]
        output: Option<PathBuf>,
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
    /// Print the determinism digest: a hash of the levels a fixed list of seeds makes in every
    /// mode. The browser build prints the same digest when the levels are the same.
    Digest {
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
    Maze,
    Arena,
    Tunnel,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Json,
    Ascii,
    /// A picture (maze only).
    Png,
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

/// The JSON document `gen maze` prints; its field names are a stable interface.
#[derive(serde::Serialize)]
struct MazeJson<'a> {
    seed: String,
    mode: &'static str,
    floor: u32,
    width: usize,
    height: usize,
    rows: Vec<String>,
    start: Cell,
    tokens: &'a [Cell],
    stars: &'a [Cell],
    hazards: &'a [Cell],
    power_up: Option<Cell>,
}

fn load_data(assets: Option<&Path>) -> Result<GameData, String> {
    GameData::load(find_assets(assets)).map_err(|error| format!("error: {error}"))
}

/// Pixels per maze cell in `--format png`.
const PNG_CELL: usize = 12;

/// Runs a command-line subcommand (anything but `play`), printing to stdout/stderr.
pub fn run(command: Command) -> ExitCode {
    let result = match command {
        Command::Play { .. } => unreachable!("play is handled by main"),
        Command::Gen { mode, seed, chunks, floor, wave, gates, squeeze, width, height, format, output, assets } => {
            let request = GenRequest { seed: seed.seed(), chunks, floor, wave, gates, squeeze, width, height, format };
            load_data(assets.as_deref())
                .and_then(|data| generate(mode, &request, &data))
                .and_then(|bytes| write_out(&bytes, output.as_deref()))
        }
        Command::Validate { mode, seeds, chunks, assets } => {
            return match load_data(assets.as_deref()) {
                Ok(data) => match mode {
                    Mode::Runner => validate_runner(&data.runner, seeds, chunks as usize),
                    Mode::Maze => validate_maze(&data, seeds),
                    Mode::Arena => validate_arena(&data, seeds),
                    Mode::Tunnel => validate_tunnel(&data, seeds),
                },
                Err(message) => fail(&message),
            };
        }
        Command::Digest { assets } => load_data(assets.as_deref()).map(|data| {
            for (mode, digest) in seedfeast_procgen::digest::all_digests(&data.digest_data()) {
                println!("{mode} {digest}");
            }
        }),
        Command::Seed { input } => {
            let seed = input.seed();
            match &input {
                SeedInput::Code(_) => println!("{}", seed.code()),
                SeedInput::Text(text) => println!("{}  (from the text \"{text}\")", seed.code()),
            }
            Ok(())
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => fail(&message),
    }
}

struct GenRequest {
    seed: Seed,
    chunks: u32,
    floor: u32,
    wave: u32,
    gates: u32,
    squeeze: bool,
    width: Option<u32>,
    height: Option<u32>,
    format: Format,
}

/// The bytes `gen` prints for a request.
fn generate(mode: Mode, request: &GenRequest, data: &GameData) -> Result<Vec<u8>, String> {
    let seed = request.seed;
    match mode {
        Mode::Runner => {
            let track: Vec<PlacedChunk> =
                RunnerGenerator::new(data.runner.clone(), seed).take(request.chunks as usize).collect();
            match request.format {
                Format::Json => {
                    let doc = RunnerJson { seed: seed.code().to_string(), mode: "runner", chunks: &track };
                    Ok(json_bytes(&doc))
                }
                Format::Ascii => Ok(draw_track(seed, &track).into_bytes()),
                Format::Png => Err("error: the runner draws as json or ascii; png is for the maze".into()),
            }
        }
        Mode::Maze => {
            let mut tuning = data.maze.clone();
            if let Some(width) = request.width {
                tuning.width = width as usize;
            }
            if let Some(height) = request.height {
                tuning.height = height as usize;
            }
            tuning.validate().map_err(|message| format!("error: {message}"))?;
            let floor = generate_floor(&tuning, &data.runner.curve, seed, request.floor);
            match request.format {
                Format::Json => {
                    let doc = MazeJson {
                        seed: seed.code().to_string(),
                        mode: "maze",
                        floor: floor.floor,
                        width: floor.grid.width,
                        height: floor.grid.height,
                        rows: floor.rows(),
                        start: floor.start,
                        tokens: &floor.tokens,
                        stars: &floor.stars,
                        hazards: &floor.hazards,
                        power_up: floor.power_up,
                    };
                    Ok(json_bytes(&doc))
                }
                Format::Ascii => Ok(format!("maze floor, seed {}\n{}", seed.code(), draw_ascii(&floor)).into_bytes()),
                Format::Png => encode_png(to_rgb(&floor, PNG_CELL)),
            }
        }
        Mode::Arena => {
            let wave = generate_wave(&data.arena, &data.runner.curve, &data.runner.food, seed, request.wave);
            match request.format {
                Format::Json => Ok(json_bytes(&ArenaJson::new(seed, &wave))),
                Format::Ascii => Ok(format!("arena, seed {}\n{}", seed.code(), draw_arena(&wave)).into_bytes()),
                Format::Png => encode_png(arena_rgb(&wave, 0.5)),
            }
        }
        Mode::Tunnel => {
            let gates = generate_gates(&data.tunnel, &data.runner.curve, seed, request.gates as usize, request.squeeze);
            match request.format {
                Format::Json => Ok(json_bytes(&TunnelJson::new(seed, &data.tunnel, &gates))),
                Format::Ascii => {
                    Ok(format!("tunnel, seed {}\n{}", seed.code(), draw_tunnel(&gates, data.tunnel.screen_height))
                        .into_bytes())
                }
                Format::Png => encode_png(tunnel_rgb(&gates, data.tunnel.screen_height, 0.25)),
            }
        }
    }
}

fn json_bytes(doc: &impl serde::Serialize) -> Vec<u8> {
    let mut bytes = serde_json::to_vec_pretty(doc).expect("level data serialises");
    bytes.push(b'\n');
    bytes
}

fn encode_png((width, height, pixels): (u32, u32, Vec<u8>)) -> Result<Vec<u8>, String> {
    let mut bytes = Vec::new();
    let mut encoder = png::Encoder::new(&mut bytes, width, height);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().map_err(|e| format!("error: png: {e}"))?;
    writer.write_image_data(&pixels).map_err(|e| format!("error: png: {e}"))?;
    writer.finish().map_err(|e| format!("error: png: {e}"))?;
    Ok(bytes)
}

fn write_out(bytes: &[u8], output: Option<&Path>) -> Result<(), String> {
    match output {
        Some(path) => std::fs::write(path, bytes).map_err(|e| format!("error: can't write {}: {e}", path.display())),
        None => {
            use std::io::{IsTerminal, Write};
            let mut stdout = std::io::stdout();
            if bytes.starts_with(b"\x89PNG") && stdout.is_terminal() {
                return Err("error: a PNG can't go to the terminal: add --output FILE or redirect it".into());
            }
            stdout.write_all(bytes).map_err(|e| format!("error: can't write: {e}"))
        }
    }
}

fn fail(message: &str) -> ExitCode {
    eprintln!("{message}");
    ExitCode::FAILURE
}

/// Grid sizes the maze sweep covers: tiny, odd, even, the game's own, and large.
const MAZE_SIZES: [(usize, usize); 8] = [(1, 1), (2, 2), (3, 3), (7, 1), (6, 4), (21, 15), (22, 16), (51, 51)];

fn validate_maze(data: &GameData, seeds: u64) -> ExitCode {
    let progress = progress_bar(seeds, "validating maze");
    let mut total = 0usize;
    for seed in (0..seeds).map(Seed) {
        let (width, height) = MAZE_SIZES[(seed.0 % MAZE_SIZES.len() as u64) as usize];
        let tuning = MazeTuning { width, height, ..data.maze.clone() };
        for floor in 1..=3 {
            let maze = generate_floor(&tuning, &data.runner.curve, seed, floor);
            for violation in validate_floor(&tuning, &maze) {
                total += 1;
                progress.suspend(|| println!("seed {} floor {floor} ({width}×{height}): {violation}", seed.code()));
            }
        }
        progress.inc(1);
    }
    progress.finish_and_clear();
    println!("maze: {seeds} seeds × 3 floors over {} sizes, {total} violations", MAZE_SIZES.len());
    if total == 0 { ExitCode::SUCCESS } else { ExitCode::FAILURE }
}

fn validate_arena(data: &GameData, seeds: u64) -> ExitCode {
    let progress = progress_bar(seeds, "validating arena");
    let mut total = 0usize;
    for seed in (0..seeds).map(Seed) {
        let waves = ArenaGenerator::new(data.arena.clone(), data.runner.curve.clone(), data.runner.food.clone(), seed);
        for wave in waves.take(5) {
            for violation in validate_wave(&data.arena, &wave) {
                total += 1;
                progress.suspend(|| println!("seed {} wave {}: {violation}", seed.code(), wave.wave));
            }
        }
        progress.inc(1);
    }
    progress.finish_and_clear();
    println!("arena: {seeds} seeds × 5 waves, {total} violations");
    if total == 0 { ExitCode::SUCCESS } else { ExitCode::FAILURE }
}

fn validate_tunnel(data: &GameData, seeds: u64) -> ExitCode {
    let progress = progress_bar(seeds, "validating tunnel");
    let mut total = 0usize;
    for seed in (0..seeds).map(Seed) {
        for squeeze in [false, true] {
            let gates = generate_gates(&data.tunnel, &data.runner.curve, seed, 200, squeeze);
            for violation in validate_gates(&data.tunnel, &gates, squeeze) {
                total += 1;
                progress.suspend(|| println!("seed {} (squeeze {squeeze}): {violation}", seed.code()));
            }
        }
        progress.inc(1);
    }
    progress.finish_and_clear();
    println!("tunnel: {seeds} seeds × 200 gates, with and without the squeeze, {total} violations");
    if total == 0 { ExitCode::SUCCESS } else { ExitCode::FAILURE }
}

fn progress_bar(len: u64, what: &str) -> indicatif::ProgressBar {
    let progress = indicatif::ProgressBar::new(len);
    progress.set_style(
        indicatif::ProgressStyle::with_template(&format!("{what} {{bar:40}} {{pos}}/{{len}} seeds ({{eta}})"))
            .expect("the template is valid"),
    );
    progress
}

fn validate_runner(config: &RunnerConfig, seeds: u64, chunks: usize) -> ExitCode {
    let progress = progress_bar(seeds, "validating runner");
    let mut failed_seeds = 0u64;
    let mut total = 0usize;
    for seed in (0..seeds).map(Seed) {
        let track: Vec<PlacedChunk> = RunnerGenerator::new(config.clone(), seed).take(chunks).collect();
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
    if total == 0 { ExitCode::SUCCESS } else { ExitCode::FAILURE }
}
