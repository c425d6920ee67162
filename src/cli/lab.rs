//! `seedfeast lab`: the Bevy-free lab's commands, and those that need the game (bots playing
//! levels, the soak test).

use super::*;

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

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum BotsFormat {
    Text,
    Json,
}

pub(super) fn parse_goal(text: &str) -> Result<f32, String> {
    match text.parse::<f32>() {
        Ok(goal) if goal.is_finite() && goal > 0.0 && goal <= 1.0e6 => Ok(goal),
        _ => Err(format!("'{text}' is not a goal: a number above 0, at most 1000000")),
    }
}

pub(super) fn progress_bar(len: u64, what: &str) -> indicatif::ProgressBar {
    let progress = indicatif::ProgressBar::new(len);
    progress.set_style(
        indicatif::ProgressStyle::with_template(&format!("{what} {{bar:40}} {{pos}}/{{len}} seeds ({{eta}})"))
            .expect("the template is valid"),
    );
    progress
}

/// The modes a `lab bots`/`lab soak` list names, or every mode with a bot.
pub(super) fn modes_with_bots(chosen: Vec<Mode>) -> Vec<Mode> {
    if chosen.is_empty() { modes::MODES.iter().copied().filter(|m| m.info().bot.is_some()).collect() } else { chosen }
}

/// `seedfeast lab soak`: each mode's bot for `frames` frames, a sample every 1% of them.
pub(super) fn lab_soak(modes: Vec<Mode>, frames: u64, seed: u64, format: BotsFormat) -> Result<(), Stop> {
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
pub(super) struct BotsPlan {
    pub(super) seeds: std::ops::Range<u64>,
    pub(super) jobs: usize,
    pub(super) goal: Option<f32>,
    pub(super) seconds: u32,
    pub(super) format: BotsFormat,
}

/// Runs short of their goal a text report lists, each with its seed and why it stopped.
pub(super) const MISSES_SHOWN: usize = 5;

/// `seedfeast lab bots`: every chosen mode's bot over the plan's seeds, a line (or JSON rows) per
/// mode.
pub(super) fn lab_bots(modes: Vec<Mode>, plan: &BotsPlan, data: &GameData) -> Result<(), Stop> {
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
