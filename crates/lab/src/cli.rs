//! The lab's command line: `sweep` and `range`, as a clap [`LabCommand`] that both the
//! `seedfeast-lab` binary and the game's `seedfeast lab …` run through [`run`].
//!
//! Exit codes: 0 success, 1 a broken rule (or a failure such as an unwritable file), 2 a usage
//! error (clap's own for unknown flags and values out of range; ours for unknown metrics).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::builder::PossibleValuesParser;
use clap::{Args, Subcommand, ValueEnum};
use seedfeast_procgen::DataSet;
use seedfeast_procgen::generate::thousands;

use crate::modes::{self, LabMode};
use crate::report::{ModeSummary, SweepSummary};
use crate::sweep::{SweepOptions, sweep_mode};
use crate::{plot, range};

/// Seeds a sweep may ask for: a billion is days of work, and still bounded.
pub const MAX_SWEEP_SEEDS: u64 = 1_000_000_000;
/// Seeds a range plot may ask for (a point each is kept).
pub const MAX_RANGE_SEEDS: u64 = 10_000_000;

#[derive(Subcommand, Debug, Clone)]
pub enum LabCommand {
    /// Sweep many seeds of every level through its validator; exits 1 on any broken rule.
    Sweep(SweepArgs),
    /// Expressive-range heatmap of two metrics over many seeds (PNG, or CSV of the bins).
    Range(RangeArgs),
}

#[derive(Args, Debug, Clone)]
pub struct SweepArgs {
    /// A mode key, several separated by commas, or `all` (every mode, the dungeon and the
    /// code puzzle included).
    #[arg(long, required = true, value_delimiter = ',', value_parser = mode_keys(true))]
    pub mode: Vec<String>,
    /// How many seeds per mode: seeds START .. START + N.
    #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(1..=MAX_SWEEP_SEEDS))]
    pub seeds: u64,
    /// The first seed (as a number; the report gives each seed's code).
    #[arg(long, default_value_t = 0)]
    pub start: u64,
    /// Worker threads (default: every core).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub jobs: Option<u64>,
    /// Text (a report per mode) or JSON.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Read the data files from this assets folder instead of the built-in copy.
    #[arg(long)]
    pub assets: Option<PathBuf>,
}

#[derive(Args, Debug, Clone)]
pub struct RangeArgs {
    /// The mode to plot (one).
    #[arg(long, value_parser = mode_keys(false), required_unless_present = "all", conflicts_with = "all")]
    pub mode: Option<String>,
    /// The metric along x (default: the mode's usual pair).
    #[arg(long, requires = "mode")]
    pub x: Option<String>,
    /// The metric along y.
    #[arg(long, requires = "mode")]
    pub y: Option<String>,
    /// Where to write: a `.png` picture, or a `.csv` of the bins.
    #[arg(long, required_unless_present = "all", conflicts_with = "all")]
    pub out: Option<PathBuf>,
    /// Every mode's default pair, as PNG files in --out-dir.
    #[arg(long, requires = "out_dir")]
    pub all: bool,
    /// Where `--all` writes `<mode>.png`.
    #[arg(long, requires = "all")]
    pub out_dir: Option<PathBuf>,
    /// How many seeds (one level each).
    #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(1..=MAX_RANGE_SEEDS))]
    pub seeds: u64,
    /// The first seed, as a number.
    #[arg(long, default_value_t = 0)]
    pub start: u64,
    /// Threads to use (default: every core).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub jobs: Option<u64>,
    /// Read the data files from this assets folder instead of the built-in data.
    #[arg(long)]
    pub assets: Option<PathBuf>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Text,
    Json,
}

fn mode_keys(with_all: bool) -> PossibleValuesParser {
    let mut keys = modes::keys();
    if with_all {
        keys.push("all");
    }
    PossibleValuesParser::new(keys)
}

/// Why a command stopped.
#[derive(Debug, PartialEq, Eq)]
pub enum LabError {
    /// A usage mistake (exit 2).
    Usage(String),
    /// Something failed (exit 1).
    Failed(String),
    /// The reader closed the pipe (`| head`): nothing more to say, exit 0, as the game's
    /// command line does.
    Closed,
}

impl From<crate::output::OutError> for LabError {
    fn from(error: crate::output::OutError) -> LabError {
        use crate::output::OutError;
        match error {
            OutError::Refused(why) => LabError::Usage(format!("--out {why}")),
            OutError::Failed(why) => LabError::Failed(why),
            OutError::Closed => LabError::Closed,
        }
    }
}

/// What a finished command found.
#[derive(Debug, PartialEq, Eq)]
pub enum Outcome {
    Clean,
    /// Rules were broken (exit 1).
    Violations(u64),
}

impl Outcome {
    /// 0 when clean, 1 when a rule was broken.
    pub fn of(violations: u64) -> Outcome {
        if violations == 0 { Outcome::Clean } else { Outcome::Violations(violations) }
    }
}

/// The exit status of a finished or stopped command: 0, 1 (broken rules, failures) or 2 (usage).
pub fn exit_status(result: &Result<Outcome, LabError>) -> u8 {
    match result {
        Ok(Outcome::Clean) | Err(LabError::Closed) => 0,
        Ok(Outcome::Violations(_)) | Err(LabError::Failed(_)) => 1,
        Err(LabError::Usage(_)) => 2,
    }
}

/// Runs a lab command, printing to stdout (progress and errors on stderr), and says how the
/// process should exit.
pub fn run(command: LabCommand) -> ExitCode {
    let mut stdout = std::io::stdout().lock();
    let result = execute(command, &mut stdout, true);
    if let Err(LabError::Failed(message) | LabError::Usage(message)) = &result {
        // Hidden characters escaped, a value pasted in whole cut (issue #51, 9).
        eprintln!("error: {}", seedfeast_procgen::shown::printable(message));
    }
    ExitCode::from(exit_status(&result))
}

/// Runs a lab command, writing its report to `out`; `progress` shows progress on stderr.
pub fn execute(command: LabCommand, out: &mut dyn Write, progress: bool) -> Result<Outcome, LabError> {
    match command {
        LabCommand::Sweep(args) => sweep(&args, out, progress),
        LabCommand::Range(args) => range_command(&args, out),
    }
}

fn load(assets: Option<&Path>) -> Result<DataSet, LabError> {
    match assets {
        Some(dir) => DataSet::load(dir).map_err(|error| LabError::Failed(error.to_string())),
        None => Ok(DataSet::built_in()),
    }
}

fn jobs(jobs: Option<u64>) -> usize {
    jobs.map_or_else(|| std::thread::available_parallelism().map_or(1, usize::from), |j| j as usize)
}

fn last_seed_fits(start: u64, seeds: u64) -> Result<(), LabError> {
    start.checked_add(seeds - 1).map(|_| ()).ok_or_else(|| {
        LabError::Usage(format!("--start {start} with --seeds {seeds} runs past the last seed ({})", u64::MAX))
    })
}

/// The modes a `--mode` list names, each once, in the order given (`all` expands in place).
fn chosen_modes(keys: &[String]) -> Vec<LabMode> {
    let mut chosen: Vec<LabMode> = Vec::new();
    for key in keys {
        let add: Vec<LabMode> = if key == "all" { modes::all() } else { modes::by_key(key).into_iter().collect() };
        for mode in add {
            if !chosen.iter().any(|m| m.key == mode.key) {
                chosen.push(mode);
            }
        }
    }
    chosen
}

fn write(out: &mut dyn Write, text: &str) -> Result<(), LabError> {
    out.write_all(text.as_bytes()).and_then(|()| out.flush()).map_err(|e| match e.kind() {
        std::io::ErrorKind::BrokenPipe => LabError::Closed,
        _ => LabError::Failed(format!("writing the report: {e}")),
    })
}

fn sweep(args: &SweepArgs, out: &mut dyn Write, progress: bool) -> Result<Outcome, LabError> {
    last_seed_fits(args.start, args.seeds)?;
    let data = load(args.assets.as_deref())?;
    let options = SweepOptions {
        seeds: args.seeds,
        start: args.start,
        jobs: jobs(args.jobs),
        assets: args.assets.clone(),
        progress,
    };
    let mut generators = Vec::new();
    for mode in chosen_modes(&args.mode) {
        let report = sweep_mode(&mode, &data, &options).map_err(LabError::Failed)?;
        let summary = ModeSummary::of(report);
        // Text goes out as each mode finishes; JSON once, whole.
        if args.format == Format::Text {
            write(out, &summary.text())?;
        }
        generators.push(summary);
    }
    let summary = SweepSummary { generators };
    match args.format {
        Format::Text => write(out, &format!("total: {} violations\n", summary.violations()))?,
        Format::Json => {
            let text = serde_json::to_string_pretty(&summary).map_err(|e| LabError::Failed(e.to_string()))?;
            write(out, &format!("{text}\n"))?;
        }
    }
    Ok(Outcome::of(summary.violations()))
}

/// `name` if `mode` reports it, else a usage error listing what it does report.
fn metric<'a>(mode: &LabMode, names: &[&'static str], name: &'a str, axis: &str) -> Result<&'a str, LabError> {
    if names.contains(&name) {
        Ok(name)
    } else {
        let name = seedfeast_procgen::shown::shown(name);
        Err(LabError::Usage(format!("--{axis} {name}: {} has no such metric; it has {}", mode.key, names.join(", "))))
    }
}

fn range_command(args: &RangeArgs, out: &mut dyn Write) -> Result<Outcome, LabError> {
    last_seed_fits(args.start, args.seeds)?;
    let data = load(args.assets.as_deref())?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs(args.jobs))
        .build()
        .map_err(|e| LabError::Failed(format!("can't start worker threads: {e}")))?;
    // Each plot: the mode, its pair, and where it goes.
    let mut plots: Vec<(LabMode, &str, &str, PathBuf)> = Vec::new();
    if args.all {
        let dir = args.out_dir.clone().unwrap_or_default();
        std::fs::create_dir_all(&dir).map_err(|e| LabError::Failed(format!("can't create {}: {e}", dir.display())))?;
        for mode in modes::all() {
            let (x, y) = mode.range_pair;
            plots.push((mode, x, y, dir.join(format!("{}.png", mode.key))));
        }
    } else {
        let key = args.mode.as_deref().unwrap_or_default();
        let mode = modes::by_key(key).ok_or_else(|| LabError::Usage(format!("unknown mode {key}")))?;
        let names = mode.metric_names(&data);
        let x = metric(&mode, &names, args.x.as_deref().unwrap_or(mode.range_pair.0), "x")?;
        let y = metric(&mode, &names, args.y.as_deref().unwrap_or(mode.range_pair.1), "y")?;
        let path = args.out.clone().unwrap_or_default();
        let kind = path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase);
        if !matches!(kind.as_deref(), Some("png" | "csv")) {
            return Err(LabError::Usage(format!("--out {}: the name must end in .png or .csv", path.display())));
        }
        plots.push((mode, x, y, path));
    }
    // A bad --out is refused before the seeds are swept, not after.
    for (_, _, _, path) in &plots {
        crate::output::check(path)?;
    }
    for (mode, x, y, path) in plots {
        let points =
            pool.install(|| range::collect(&mode, &data, (x, y), args.start, args.seeds)).map_err(LabError::Failed)?;
        let histogram = range::Histogram::of(&points);
        let bytes = if path.extension().is_some_and(|e| e.eq_ignore_ascii_case("csv")) {
            histogram.csv().into_bytes()
        } else {
            let title = format!("{}: expressive range over {} seeds", mode.key, thousands(args.seeds));
            plot::heatmap_png(&histogram, &title, x, y).map_err(LabError::Failed)?
        };
        crate::output::write_bytes(&path, &bytes)?;
        let shown = crate::output::shown_path(&path);
        write(out, &format!("{}: {x} × {y} over {} seeds → {shown}\n", mode.key, args.seeds))?;
    }
    Ok(Outcome::Clean)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reader that closed the pipe (`seedfeast-lab sweep … | head`).
    struct ClosedPipe;

    impl Write for ClosedPipe {
        fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
            Err(std::io::ErrorKind::BrokenPipe.into())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    /// Issue #28, 6: the lab exited 1 on a closed pipe where the command line documents 0.
    #[test]
    fn a_closed_pipe_ends_the_report_quietly() {
        let result = write(&mut ClosedPipe, "report\n");
        assert_eq!(result, Err(LabError::Closed));
        assert_eq!(exit_status(&result.map(|()| Outcome::Clean)), 0);
    }

    #[test]
    fn thousands_are_grouped() {
        assert_eq!(thousands(7), "7");
        assert_eq!(thousands(10_000), "10,000");
        assert_eq!(thousands(1_000_000), "1,000,000");
    }

    #[test]
    fn all_expands_and_repeats_are_dropped() {
        let keys: Vec<&str> = chosen_modes(&["maze".into(), "all".into()]).iter().map(|m| m.key).collect();
        let rest = modes::keys().into_iter().filter(|k| *k != "maze");
        assert_eq!(keys, std::iter::once("maze").chain(rest).collect::<Vec<_>>());
        assert_eq!(keys[..3], ["maze", "runner", "arena"]);
    }
}
