//! `seedfeast validate`: many seeds through every fairness rule, within caps of seeds and work
//! that keep a run to seconds; and `Target`, what `gen` and `validate` make (a mode or a generator).

use super::*;
use seedfeast_procgen::generate::reproduce;

/// Seeds `validate` sweeps at most, and each generator's caps of seeds and work (seeds × the depth
/// of [`validate_depth`]: chunks, gates, floors or waves): procgen's registry of modes holds them,
/// one per row (`ModeSpec::validate_cap`, with the measurement behind each). Each keeps the
/// largest run it allows to a few seconds and ~40 MB in the debug build the tests use
/// (`tests/game/cli_bounds.rs` runs every extreme); `lab sweep` runs bigger sweeps, in parallel.
pub use seedfeast_procgen::generate::{MAX_VALIDATE_SEEDS, ValidateCap};
pub use seedfeast_procgen::modes::validate_cap;

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

    pub(super) fn since_version(&self) -> u8 {
        self.generator.since_version(self.variant)
    }
}

pub(super) fn target_parser() -> impl TypedValueParser<Value = Target> {
    let keys: Vec<&'static str> = Target::all().iter().map(|t| t.key).collect();
    PossibleValuesParser::new(keys)
        .map(|key: String| Target::all().into_iter().find(|t| t.key == key).expect("clap allowed only known keys"))
}

pub(super) fn validate(mode: Target, seeds: u64, depth: &Request, assets: Option<&Path>) -> Result<(), Stop> {
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
                let line = format!("{violation}\n  reproduce: {}\n", reproduce(mode.key, &request, assets));
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
pub(super) fn check_validate_work(mode: Target, seeds: u64, depth: &Request) -> Result<(), Stop> {
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
