//! `seedfeast-board`: the verified score board server (see docs/boards.md).

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use seedfeast_board::Config;
use seedfeast_board::verify::Game;

/// Score boards for Seedfeast where every entry is a run the server re-played from its inputs.
///
/// Exit codes: 0 after a clean shutdown (Ctrl-C or SIGTERM), 1 when the server can't start (the
/// database or the address), 2 for a bad command line.
#[derive(Parser, Debug)]
#[command(name = "seedfeast-board", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Serves the boards' API and pages until stopped.
    Serve {
        /// The database: sqlite:PATH (created if missing) or a postgres:// URL.
        #[arg(long, default_value = "sqlite:seedfeast-board.db")]
        db: String,
        /// The address and port to listen on (port 0 picks a free one; the address is printed).
        #[arg(long, default_value = "127.0.0.1:8080")]
        listen: SocketAddr,
        /// Threads re-playing runs (default: one per core).
        #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
        workers: Option<u16>,
        /// Runs that may wait for a worker; past it a submission is answered 503 with Retry-After.
        #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u32).range(1..=100_000))]
        queue: u32,
        /// Fixed steps one address may have re-played a minute (60 are a second of play).
        #[arg(long, default_value_t = 72_000)]
        steps_per_minute: u64,
        /// Board reads (API and pages) one address may make a minute.
        #[arg(long, default_value_t = 600)]
        reads_per_minute: u64,
        /// A web origin allowed to call the API from a page (the web game's), repeatable.
        #[arg(long = "allow-origin")]
        allow_origins: Vec<String>,
        /// The web game's page, for the boards' *Race this ghost* links.
        #[arg(long)]
        game_url: Option<String>,
        /// Take the client's address from the last X-Forwarded-For hop (behind a reverse proxy
        /// only: anyone can send that header).
        #[arg(long)]
        behind_proxy: bool,
        /// Database connections in the pool.
        #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=1000))]
        connections: u32,
        /// The game binary that re-plays runs (`seedfeast replay verify`); default: `seedfeast`
        /// beside this binary, else on the PATH.
        #[arg(long)]
        game: Option<PathBuf>,
        /// The assets folder the game reads its data from (default: the game's own choice).
        #[arg(long)]
        assets: Option<PathBuf>,
    },
}

fn main() -> ExitCode {
    let Command::Serve {
        db,
        listen,
        workers,
        queue,
        steps_per_minute,
        reads_per_minute,
        allow_origins,
        game_url,
        behind_proxy,
        connections,
        game,
        assets,
    } = Cli::parse().command;
    let workers =
        workers.map(usize::from).unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let config = Config {
        db,
        listen,
        workers,
        queue: queue as usize,
        steps_per_minute,
        reads_per_minute,
        allow_origins,
        game_url,
        behind_proxy,
        connections,
        game: Game { binary: game.unwrap_or_else(game_beside_this_binary), assets },
    };
    match seedfeast_board::run(config) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("seedfeast-board: {error}");
            ExitCode::FAILURE
        }
    }
}

/// `seedfeast` in this binary's folder (where cargo and the release archives put both), else the
/// bare name for the PATH.
fn game_beside_this_binary() -> PathBuf {
    let beside = std::env::current_exe()
        .ok()
        .and_then(|exe| Some(exe.parent()?.join(format!("seedfeast{}", std::env::consts::EXE_SUFFIX))));
    beside.filter(|path| path.is_file()).unwrap_or_else(|| PathBuf::from("seedfeast"))
}
