//! Is narration free when off? 10,000 seeds of the Runner (20 chunks each, `gen`'s default) and
//! of the Maze (the game's floor, floors 1 to 5) generated untraced (the public `generate`
//! functions, which pass `NoTrace`) and into a `Recorder`, in interleaved rounds; prints the
//! median of each and the ratio recorded / untraced. Plain timing, no criterion: run with
//! `cargo bench -p seedfeast-procgen --bench trace`. The untraced times compare with the same
//! workload on the code before tracing existed (docs/explain.md has the measurement); the two
//! ways must make the same levels, which this checks before timing.

use std::hint::black_box;
use std::time::{Duration, Instant};

use seedfeast_procgen::maze::{MazeTuning, generate_floor, generate_floor_traced};
use seedfeast_procgen::physics::JumpReach;
use seedfeast_procgen::runner::{RunnerConfig, generate_track, generate_track_traced};
use seedfeast_procgen::trace::Recorder;
use seedfeast_procgen::{IntensityCurve, Seed};

const SEEDS: u64 = 10_000;
const ROUNDS: usize = 7;

fn time(work: impl Fn()) -> Duration {
    let start = Instant::now();
    work();
    start.elapsed()
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

fn main() {
    let config = RunnerConfig::default();
    let reach = JumpReach::of(&config.tuning);
    let (tuning, curve) = (MazeTuning::default(), IntensityCurve::default());
    let runner_plain = || {
        for s in 0..SEEDS {
            black_box(generate_track(&config, reach, Seed(s), 20));
        }
    };
    let runner_recorded = || {
        for s in 0..SEEDS {
            let mut trace = Recorder::new();
            black_box(generate_track_traced(&config, reach, Seed(s), 20, &mut trace));
            black_box(trace);
        }
    };
    let maze_plain = || {
        for s in 0..SEEDS {
            black_box(generate_floor(&tuning, &curve, Seed(s), 1 + (s % 5) as u32));
        }
    };
    let maze_recorded = || {
        for s in 0..SEEDS {
            let mut trace = Recorder::new();
            black_box(generate_floor_traced(&tuning, &curve, Seed(s), 1 + (s % 5) as u32, &mut trace));
            black_box(trace);
        }
    };
    // The same levels either way (the tests check 1,000 seeds each; this is the timed workload).
    for s in 0..100 {
        let mut trace = Recorder::new();
        assert_eq!(
            generate_track_traced(&config, reach, Seed(s), 20, &mut trace),
            generate_track(&config, reach, Seed(s), 20)
        );
        let mut trace = Recorder::new();
        let floor = generate_floor_traced(&tuning, &curve, Seed(s), 1 + (s % 5) as u32, &mut trace);
        assert_eq!(floor, generate_floor(&tuning, &curve, Seed(s), 1 + (s % 5) as u32));
    }
    let mut times: [Vec<Duration>; 4] = Default::default();
    for _ in 0..ROUNDS {
        times[0].push(time(runner_plain));
        times[1].push(time(runner_recorded));
        times[2].push(time(maze_plain));
        times[3].push(time(maze_recorded));
    }
    let [runner, runner_rec, maze, maze_rec] = times.map(median);
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!("{SEEDS} seeds, median of {ROUNDS} interleaved rounds");
    println!(
        "runner x20 chunks: untraced {:8.1} ms, recorded {:8.1} ms, ratio {:.2}",
        ms(runner),
        ms(runner_rec),
        ms(runner_rec) / ms(runner)
    );
    println!(
        "maze floor 21x15:  untraced {:8.1} ms, recorded {:8.1} ms, ratio {:.2}",
        ms(maze),
        ms(maze_rec),
        ms(maze_rec) / ms(maze)
    );
}
