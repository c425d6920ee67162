//! `seedfeast puzzle`: the code-puzzle tools (evaluate a program, run one on a level, draw a
//! program's expressive range).

use super::*;

#[derive(Subcommand, Debug)]
pub enum PuzzleAction {
    /// Generates `--runs` levels from a program and reports, as the paper's Table 2: how many its
    /// own code solves (by running it), how many an alternative of the same length or a shorter
    /// code solves, the map figures and the time per level.
    Eval {
        /// A file holding the solution program.
        #[arg(long)]
        code: PathBuf,
        /// How many levels to generate from the program.
        #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u32).range(1..=100_000))]
        runs: u32,
        /// Reject (within a bound) levels that a shorter code solves.
        #[arg(long)]
        no_shorter: bool,
        /// JSON (the report's fields) or text.
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

pub(super) fn puzzle(action: PuzzleAction) -> Result<(), Stop> {
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
            let level: PuzzleLevel = serde_json::from_str(&text).map_err(|e| {
                let shown = seedfeast_lab::output::shown_path(&level);
                Stop::Usage(format!("error: --level {shown}: not a puzzle level: {}", json_words(&e)))
            })?;
            // Every world the level has (issue #32): solved only when the code solves them all.
            let results =
                seedfeast_procgen::puzzle::run_worlds(&level, &code).map_err(|e| Stop::Usage(format!("error: {e}")))?;
            #[derive(serde::Serialize)]
            struct Ran {
                solved: bool,
                /// Steps run in the level's own world.
                steps: usize,
                statements: usize,
                worlds: usize,
                /// The first world the code fails in, and why: `world 2: …`.
                failed: Option<String>,
                error: Option<String>,
            }
            let failure = seedfeast_procgen::puzzle::first_failure(&results);
            let ran = Ran {
                solved: failure.is_none(),
                steps: results.first().map_or(0, |r| r.steps),
                statements: results.first().map_or(0, |r| r.statements),
                worlds: results.len(),
                failed: failure.map(|f| f.1),
                error: results.iter().find_map(|r| r.error.as_ref()).map(|e| e.to_string()),
            };
            say(&generator::to_json(&ran))
        }
        PuzzleAction::Range { code: path, out, seeds, start, no_shorter } => {
            use seedfeast_lab::range::puzzle::{self as range, RangeError};
            let code = read_code(Some(&path))?.unwrap_or_default();
            // A bad --out is refused before the seeds are generated.
            seedfeast_lab::output::check(&out)?;
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
            seedfeast_lab::output::write_bytes(&out, &png)?;
            let note =
                if outside > 0 { format!(", {outside} past the axes (drawn in the edge bins)") } else { String::new() };
            say(&format!("puzzle: {} levels{note} -> {}\n", seeds, seedfeast_lab::output::shown_path(&out)))
        }
    }
}

/// Why JSON is not a level, in words: `struct PuzzleLevel` (the type it was read into) said
/// nothing to whoever wrote the file (issue #51, 9).
fn json_words(error: &serde_json::Error) -> String {
    let text = error.to_string();
    let text = text.replace("struct PuzzleLevel", "a level: a JSON object as `gen puzzle --format json` prints it");
    let mut out = text.clone();
    // Other types read inside a level (an object, a world) are named as parts of it.
    while let Some(at) = out.find("struct ") {
        let end = out[at + 7..].find(|c: char| !(c.is_alphanumeric() || c == '_')).map_or(out.len(), |n| at + 7 + n);
        out.replace_range(at..end, "an object");
    }
    out
}

/// A level file, read with a size cap (levels are a few kilobytes).
pub(super) fn read_level_file(path: &Path) -> Result<String, Stop> {
    let bad = |why: String| Stop::Usage(format!("error: --level {}: {why}", path.display()));
    let metadata = std::fs::metadata(path).map_err(|e| bad(e.to_string()))?;
    if !metadata.is_file() || metadata.len() > 4 * 1024 * 1024 {
        return Err(bad("not a regular file of at most 4 MiB".into()));
    }
    std::fs::read_to_string(path).map_err(|e| bad(e.to_string()))
}
