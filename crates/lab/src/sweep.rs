//! The sweep: every seed of a range through a mode's generator and its validator, on a rayon
//! pool, with metrics streamed into per-worker accumulators (levels are dropped as soon as they
//! are measured, so memory stays bounded at a million seeds).
//!
//! Seed `i` of a sweep of `--seeds N --start S` is `Seed(S + i)`, `i` in `0..N`: the same seeds
//! `seedfeast validate` sweeps when `S` is 0, whatever the thread count.

use std::path::PathBuf;
use std::time::Instant;

use rayon::prelude::*;
use seedfeast_procgen::generator::Request;
use seedfeast_procgen::{DataSet, Seed};

/// The command that makes a swept level again (procgen's, which `seedfeast validate` prints too).
pub use seedfeast_procgen::generate::reproduce;

use crate::modes::LabMode;
use crate::progress::Progress;
use crate::stats::Metrics;

/// Broken rules a report lists in full (with the command that reproduces each); the rest are
/// counted.
pub const FIRST_SHOWN: usize = 5;
/// Seeds a worker takes at a time: few enough that the pool stays balanced, enough that the
/// progress counter isn't touched per seed.
const CHUNK: u64 = 64;

/// What to sweep and how.
#[derive(Clone, Debug)]
pub struct SweepOptions {
    pub seeds: u64,
    pub start: u64,
    /// Worker threads.
    pub jobs: usize,
    /// The assets folder the data came from, if not the built-in copy: reproduce commands name
    /// it so they make the same level.
    pub assets: Option<PathBuf>,
    /// Show progress on stderr.
    pub progress: bool,
}

/// One broken rule, where it broke and how to see it again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// Which seed of the sweep (`i`, the seed being `start + i`) and which of its levels.
    pub index: u64,
    pub level: usize,
    pub seed: Seed,
    pub rule: String,
    /// The validator's message, with the part it broke at.
    pub detail: String,
    /// `seedfeast gen KEY --seed CODE …`: the level, made again.
    pub command: String,
}

/// A mode's sweep, summed over every worker.
#[derive(Debug)]
pub struct ModeReport {
    pub mode: &'static str,
    pub seeds: u64,
    pub start: u64,
    pub levels: u64,
    /// Broken rules, every one counted (a level may break several).
    pub violations: u64,
    /// The first [`FIRST_SHOWN`] broken rules in seed order.
    pub first: Vec<Found>,
    pub metrics: Metrics,
    /// Wall-clock seconds the sweep took, and the threads it had.
    pub seconds: f64,
    pub threads: usize,
}

impl ModeReport {
    pub fn levels_per_second(&self) -> f64 {
        self.levels as f64 / self.seconds.max(1e-9)
    }
}

/// One worker's share.
#[derive(Default)]
struct Tally {
    seeds: u64,
    levels: u64,
    violations: u64,
    first: Vec<Found>,
    metrics: Metrics,
}

impl Tally {
    fn found(&mut self, found: Found) {
        self.violations += 1;
        // Kept sorted by (seed, level) and cut to the first few, so which ones a report shows
        // doesn't depend on how the pool split the work.
        let key = |f: &Found| (f.index, f.level);
        if self.first.len() < FIRST_SHOWN || self.first.last().is_some_and(|last| key(&found) < key(last)) {
            let at = self.first.partition_point(|f| key(f) <= key(&found));
            self.first.insert(at, found);
            self.first.truncate(FIRST_SHOWN);
        }
    }

    fn merge(mut self, other: Tally) -> Tally {
        self.seeds += other.seeds;
        self.levels += other.levels;
        let violations = self.violations + other.violations;
        for found in other.first {
            self.found(found);
        }
        self.violations = violations;
        self.metrics.merge(other.metrics);
        self
    }
}

/// Plays seed `index` of the sweep into `tally`.
fn sweep_seed(mode: &LabMode, data: &DataSet, options: &SweepOptions, depth: &Request, index: u64, tally: &mut Tally) {
    let seed = Seed(options.start + index);
    let assets = options.assets.as_deref();
    tally.seeds += 1;
    match mode.generator.sweep(data, seed, mode.variant, depth) {
        Ok(levels) => {
            for (level_index, (request, level)) in levels.iter().enumerate() {
                tally.levels += 1;
                for violation in level.violations(data) {
                    tally.found(Found {
                        index,
                        level: level_index,
                        seed,
                        rule: violation.rule.to_string(),
                        detail: violation.to_string(),
                        command: reproduce(mode.key, request, assets),
                    });
                }
                for (name, value) in level.metrics() {
                    tally.metrics.add(name, value);
                }
            }
        }
        // A level the generator refuses to make is a broken promise too.
        Err(error) => {
            let request = mode.generator.sweep_requests(seed, mode.variant, depth).into_iter().next();
            tally.found(Found {
                index,
                level: 0,
                seed,
                rule: "generate".to_string(),
                detail: error.to_string(),
                command: request.map_or_else(String::new, |r| reproduce(mode.key, &r, assets)),
            });
        }
    }
}

/// Sweeps one mode over the seeds of `options` on a pool of `options.jobs` threads.
pub fn sweep_mode(mode: &LabMode, data: &DataSet, options: &SweepOptions) -> Result<ModeReport, String> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(options.jobs)
        .build()
        .map_err(|error| format!("can't start {} worker threads: {error}", options.jobs))?;
    let depth = mode.depth();
    let progress = if options.progress { Progress::start(mode.key, options.seeds) } else { Progress::Quiet };
    let started = Instant::now();
    let chunks = options.seeds.div_ceil(CHUNK);
    let tally = pool.install(|| {
        (0..chunks)
            .into_par_iter()
            .fold(Tally::default, |mut tally, chunk| {
                let end = ((chunk + 1) * CHUNK).min(options.seeds);
                for index in chunk * CHUNK..end {
                    sweep_seed(mode, data, options, &depth, index, &mut tally);
                }
                progress.advance(end - chunk * CHUNK);
                tally
            })
            .reduce(Tally::default, Tally::merge)
    });
    let seconds = started.elapsed().as_secs_f64();
    progress.finish();
    Ok(ModeReport {
        mode: mode.key,
        seeds: tally.seeds,
        start: options.start,
        levels: tally.levels,
        violations: tally.violations,
        first: tally.first,
        metrics: tally.metrics,
        seconds,
        threads: options.jobs,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::{Outcome, exit_status};
    use crate::report::ModeSummary;
    use seedfeast_procgen::generator::{Generate, Generator, Level, Opt, OptionSpec, Picture, RequestError, by_key};
    use seedfeast_procgen::violation::Violation;

    /// The maze, except that floor 2 of every seventh seed breaks a rule its validator invents:
    /// a generator bug as a sweep meets one.
    struct BrokenMaze;

    struct BrokenLevel(Box<dyn Level<DataSet>>);

    impl Level<DataSet> for BrokenLevel {
        fn json(&self) -> String {
            self.0.json()
        }
        fn ascii(&self) -> String {
            self.0.ascii()
        }
        fn picture(&self) -> Result<Picture, RequestError> {
            self.0.picture()
        }
        fn violations(&self, data: &DataSet) -> Vec<Violation> {
            let mut found = self.0.violations(data);
            found.push(Violation::at("cell", 3, "injected", "a wall where the start should be"));
            found
        }
        fn metrics(&self) -> Vec<(&'static str, f64)> {
            self.0.metrics()
        }
    }

    fn maze() -> &'static dyn Generator {
        by_key("maze").expect("the maze generator")
    }

    impl Generate<DataSet> for BrokenMaze {
        fn key(&self) -> &'static str {
            "maze"
        }
        fn options(&self) -> &'static [OptionSpec] {
            maze().options()
        }
        fn sweep_options(&self) -> &'static [OptionSpec] {
            maze().sweep_options()
        }
        fn generate(&self, data: &DataSet, request: &Request) -> Result<Box<dyn Level<DataSet>>, RequestError> {
            let level = maze().generate(data, request)?;
            let broken = request.seed.0.is_multiple_of(7) && request.get(Opt::Floor) == Some(2);
            Ok(if broken { Box::new(BrokenLevel(level)) } else { level })
        }
        fn explain(
            &self,
            data: &DataSet,
            request: &Request,
        ) -> Result<Vec<seedfeast_procgen::generate::Explained>, RequestError> {
            maze().explain(data, request)
        }
        fn sketch(
            &self,
            data: &DataSet,
            request: &Request,
            frames: usize,
        ) -> Result<seedfeast_procgen::generate::Sketches, RequestError> {
            maze().sketch(data, request, frames)
        }
        fn sweep_requests(&self, seed: Seed, variant: Option<&'static str>, depth: &Request) -> Vec<Request> {
            maze().sweep_requests(seed, variant, depth)
        }
        fn digest(&self, data: &DataSet, variant: Option<&'static str>) -> u64 {
            maze().digest(data, variant)
        }
    }

    #[test]
    fn a_broken_level_is_reported_with_its_reproduce_command_and_fails_the_run() {
        let mut mode = crate::modes::by_key("maze").expect("maze");
        mode.generator = &BrokenMaze;
        let options = SweepOptions { seeds: 30, start: 1, jobs: 2, assets: None, progress: false };
        let summary = ModeSummary::of(sweep_mode(&mode, &DataSet::built_in(), &options).expect("sweeps"));
        // Seeds 7, 14, 21 and 28: one broken floor each.
        assert_eq!((summary.seeds, summary.levels, summary.violations), (30, 90, 4));
        let first = &summary.first_violations[0];
        let code = Seed(7).code();
        assert_eq!((first.seed.as_str(), first.level, first.rule.as_str()), (code.to_string().as_str(), 1, "injected"));
        assert!(
            first.command.starts_with(&format!("seedfeast gen maze --seed {code} --floor 2 --width ")),
            "{}",
            first.command
        );
        let text = summary.text();
        assert!(text.contains("cell 3: injected: a wall where the start should be"), "{text}");
        assert!(text.contains(&format!("reproduce: {}", first.command)), "{text}");
        assert_eq!(exit_status(&Ok(Outcome::of(summary.violations))), 1);
    }

    fn found(index: u64, level: usize) -> Found {
        Found { index, level, seed: Seed(index), rule: "r".into(), detail: String::new(), command: String::new() }
    }

    #[test]
    fn the_first_few_are_kept_in_seed_order_whatever_the_merge_order() {
        let mut a = Tally::default();
        let mut b = Tally::default();
        for i in [9, 3, 7, 1] {
            a.found(found(i, 0));
        }
        for i in [8, 2, 6, 0, 5] {
            b.found(found(i, 1));
        }
        let merged = b.merge(a);
        assert_eq!(merged.violations, 9);
        let order: Vec<u64> = merged.first.iter().map(|f| f.index).collect();
        assert_eq!(order, [0, 1, 2, 3, 5]);
    }
}
