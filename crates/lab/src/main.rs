//! `seedfeast-lab`: the seed lab without the game (`seedfeast lab …` runs the same commands).

use std::process::ExitCode;

use clap::Parser;
use seedfeast_lab::cli::{LabCommand, run};

#[derive(Parser, Debug)]
#[command(
    name = "seedfeast-lab",
    version,
    about = "Seedfeast's seed lab: sweeps of many seeds and expressive-range plots."
)]
struct Cli {
    #[command(subcommand)]
    command: LabCommand,
}

fn main() -> ExitCode {
    run(Cli::parse().command)
}
