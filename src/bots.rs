//! The seed lab's reference bots, mode-agnostic: a headless game (the real systems, the fixed
//! 1/60 s step) plays a seed with the mode's bot at the controls until the bot reaches its goal,
//! the run ends, or the time allowed runs out; and a soak that keeps bots playing run after run
//! while sampling the entity count and memory.

use bevy::prelude::*;
use seedfeast_procgen::Seed;

use crate::data::GameData;
use crate::mode::{BotStuck, Mode};
use crate::run::Progress;
use crate::session::LastRun;
use crate::state::Screen;

/// Fixed steps a second, as the game plays.
const STEPS_PER_SECOND: f32 = 60.0;

/// How one bot run went.
#[derive(Clone, Debug, PartialEq)]
pub struct BotRun {
    pub seed: Seed,
    /// How far it got, in the mode's unit.
    pub progress: Progress,
    /// The bot's goal, in the same unit.
    pub goal: f32,
    pub reached: bool,
    /// Why it stopped: the goal, the run's own ending ("The pots caught you!"), or the time limit.
    pub stopped: String,
    /// Game seconds played, the countdown included.
    pub seconds: f32,
}

/// A headless game of `mode` on `seed` with the mode's bot at the controls, started and ready,
/// at the level the bot's `start_level` picks for the seed.
pub fn bot_app(mode: Mode, seed: Seed, data: GameData) -> Result<App, String> {
    let bot = mode.info().bot.ok_or_else(|| format!("the {} mode has no reference bot", mode.key()))?;
    let level = bot.start_level.map(|start| start(seed, &data));
    bot_app_at(mode, seed, data, level)
}

/// [`bot_app`] from a given level (`None`: the first).
pub fn bot_app_at(mode: Mode, seed: Seed, data: GameData, level: Option<u32>) -> Result<App, String> {
    let bot = mode.info().bot.ok_or_else(|| format!("the {} mode has no reference bot", mode.key()))?;
    let mut app = crate::replay::simulate::run_app_at(mode, seed, data, level);
    app.init_resource::<BotStuck>();
    (bot.add)(&mut app);
    app.finish();
    app.cleanup();
    // Every schedule on the thread that updates the app, as in the browser (whose runs replay
    // bit-exactly against the desktop's): the lab plays a run per core (`--jobs`), so the
    // parallel executor's hand-offs between threads would only cost time. The fixed step already
    // runs this way everywhere (see `ReplayPlugin`).
    crate::replay::simulate::on_one_thread(&mut app);
    Ok(app)
}

/// Plays `seed` with `mode`'s bot until it has got `goal` far (in the mode's unit), for at most
/// `limit_seconds` of game time.
pub fn play_bot(mode: Mode, seed: Seed, data: GameData, goal: f32, limit_seconds: f32) -> Result<BotRun, String> {
    play_bot_in(bot_app(mode, seed, data)?, seed, goal, limit_seconds)
}

/// [`play_bot`] in an app made by [`bot_app`] or [`bot_app_at`].
pub fn play_bot_in(mut app: App, seed: Seed, goal: f32, limit_seconds: f32) -> Result<BotRun, String> {
    let steps = (limit_seconds * STEPS_PER_SECOND).ceil() as u64;
    let finish = |app: &App, step: u64, reached: bool, stopped: String| BotRun {
        seed,
        progress: *app.world().resource::<Progress>(),
        goal,
        reached,
        stopped,
        seconds: step as f32 / STEPS_PER_SECOND,
    };
    for step in 0..steps {
        app.update();
        let progress = app.world().resource::<Progress>();
        if progress.amount >= goal {
            let stopped = format!("reached {} {}", goal, progress.unit);
            return Ok(finish(&app, step, true, stopped));
        }
        // Ended at the step that decided it, not at the card half a second later.
        if app.world().resource::<crate::run::RunOver>().decided {
            let cause = app.world().resource::<LastRun>().cause.clone();
            return Ok(finish(&app, step, false, cause));
        }
        if let Some(why) = &app.world().resource::<BotStuck>().0 {
            let stopped = format!("the bot is stuck: {why}");
            return Ok(finish(&app, step, false, stopped));
        }
    }
    Ok(finish(&app, steps, false, format!("still playing when the {limit_seconds} s allowed ran out")))
}

/// Plays seeds `seeds` with `mode`'s bot on `jobs` threads, each run its own headless app (the
/// apps share nothing, so a seed's run is the same whatever the thread count), calling `done`
/// after each run. The runs come back in seed order; the first error stops the rest.
pub(crate) fn play_bots(
    mode: Mode,
    seeds: std::ops::Range<u64>,
    jobs: usize,
    data: &GameData,
    goal: f32,
    limit_seconds: f32,
    done: &(dyn Fn() + Sync),
) -> Result<Vec<BotRun>, String> {
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
    let next = AtomicU64::new(seeds.start);
    let failed = AtomicBool::new(false);
    let runs = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            scope.spawn(|| {
                // Bounded: each pass takes a new seed, and the counter only grows.
                while !failed.load(Ordering::Relaxed) {
                    let seed = next.fetch_add(1, Ordering::Relaxed);
                    if seed >= seeds.end {
                        break;
                    }
                    let run = play_bot(mode, Seed(seed), data.clone(), goal, limit_seconds);
                    failed.fetch_or(run.is_err(), Ordering::Relaxed);
                    runs.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).push((seed, run));
                    done();
                }
            });
        }
    });
    let mut runs = runs.into_inner().unwrap_or_else(|poisoned| poisoned.into_inner());
    runs.sort_by_key(|(seed, _)| *seed);
    runs.into_iter().map(|(_, run)| run).collect()
}

/// One sample of a soak: the frame, the number of entities, and the process's resident memory.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SoakSample {
    pub frame: u64,
    pub entities: u32,
    /// Resident set size in KiB (0 where the platform doesn't say).
    pub memory_kib: u64,
    /// Runs started so far (a run that ends is retried, as a player would).
    pub runs: u32,
}

/// Plays `frames` fixed steps of `mode` from `seed` with its bot, retrying each run that ends
/// and starting afresh each run that reaches the bot's goal (a mode whose levels grow, the
/// dungeon, would otherwise be judged on ever bigger levels, not on leaks), and samples the
/// world every `every` frames.
pub fn soak(mode: Mode, seed: Seed, data: GameData, frames: u64, every: u64) -> Result<Vec<SoakSample>, String> {
    let goal = mode.info().bot.map_or(f32::INFINITY, |bot| bot.goal);
    let mut app = bot_app(mode, seed, data)?;
    let mut samples = Vec::new();
    let mut runs = 1;
    for frame in 1..=frames {
        app.update();
        let over = *app.world().resource::<State<Screen>>().get() == Screen::GameOver;
        let reached = app.world().resource::<Progress>().amount >= goal;
        if over || reached {
            app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Playing);
            runs += 1;
        }
        if frame % every.max(1) == 0 {
            let entities = app.world().entities().count_spawned();
            samples.push(SoakSample { frame, entities, memory_kib: resident_kib(), runs });
        }
    }
    Ok(samples)
}

/// The process's resident memory in KiB, from /proc on Linux.
/// Whether a soak stayed flat: the second half's peaks (entities, resident memory) no higher than
/// the first half's, give or take `slack` (a share: 0.1 is 10%) and 8 MiB of allocator noise. A
/// leak grows with the frames and fails; a world that churns but keeps its size passes.
pub(crate) fn soak_verdict(samples: &[SoakSample], slack: f32) -> Result<(), String> {
    if samples.len() < 4 {
        return Err(format!("{} samples are too few to judge a soak (at least 4)", samples.len()));
    }
    let (early, late) = samples.split_at(samples.len() / 2);
    let peak = |part: &[SoakSample], f: fn(&SoakSample) -> u64| part.iter().map(f).max().unwrap_or(0);
    let allowed = |early: u64, floor: u64| early + ((early as f32 * slack) as u64).max(floor);
    let (entities_early, entities_late) = (peak(early, |s| s.entities as u64), peak(late, |s| s.entities as u64));
    if entities_late > allowed(entities_early, 8) {
        return Err(format!(
            "entities grew: at most {entities_early} in the first half, {entities_late} in the second"
        ));
    }
    let (memory_early, memory_late) = (peak(early, |s| s.memory_kib), peak(late, |s| s.memory_kib));
    if memory_late > allowed(memory_early, 8 * 1024) {
        return Err(format!(
            "memory grew: at most {memory_early} KiB in the first half, {memory_late} KiB in the second"
        ));
    }
    Ok(())
}

pub(crate) fn resident_kib() -> u64 {
    std::fs::read_to_string("/proc/self/statm")
        .ok()
        .and_then(|statm| statm.split_whitespace().nth(1)?.parse::<u64>().ok())
        .map_or(0, |pages| pages * 4)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn samples(entities: &[u32], memory_kib: &[u64]) -> Vec<SoakSample> {
        entities
            .iter()
            .zip(memory_kib)
            .enumerate()
            .map(|(i, (&entities, &memory_kib))| SoakSample { frame: i as u64 * 100, entities, memory_kib, runs: 1 })
            .collect()
    }

    #[test]
    fn a_flat_soak_passes_and_a_leak_fails() {
        let flat = samples(&[120, 180, 150, 175, 130, 181], &[90_000, 95_000, 94_000, 96_000, 95_500, 99_000]);
        assert_eq!(soak_verdict(&flat, 0.1), Ok(()));
        let leak = samples(&[120, 180, 240, 300, 360, 420], &[90_000; 6]);
        assert!(soak_verdict(&leak, 0.1).unwrap_err().contains("entities grew"));
        let bloat = samples(&[150; 6], &[90_000, 100_000, 110_000, 120_000, 130_000, 140_000]);
        assert!(soak_verdict(&bloat, 0.1).unwrap_err().contains("memory grew"));
        assert!(soak_verdict(&flat[..3], 0.1).is_err(), "too few samples to judge");
    }
}
