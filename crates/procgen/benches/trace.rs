//! Is narration free when off? 10,000 seeds of the Runner (20 chunks each, `gen`'s default), of
//! the Maze (the game's floor, floors 1 to 5) and of the Tunnel and the Food Tunnel (20 gates,
//! `gen`'s default), and 1,000 of the Arena (waves 1 to 5, each with its floor's fill: about 2 ms
//! a wave) generated untraced (the public `generate` functions, which pass `NoTrace`) and into a
//! `Recorder`, in interleaved rounds; prints the median of each and the ratio recorded / untraced. Plain timing, no criterion: run with
//! `cargo bench -p seedfeast-procgen --bench trace`. The untraced times compare with the same
//! workload on the code before tracing existed (docs/explain.md has the measurement); the two
//! ways must make the same levels, which this checks before timing.

use std::hint::black_box;
use std::time::{Duration, Instant};

use seedfeast_procgen::arena::{ArenaTuning, generate_wave, generate_wave_traced};
use seedfeast_procgen::maze::{MazeTuning, generate_floor, generate_floor_traced};
use seedfeast_procgen::physics::{FlyerReach, JumpReach};
use seedfeast_procgen::runner::{RunnerConfig, generate_track, generate_track_traced};
use seedfeast_procgen::trace::Recorder;
use seedfeast_procgen::tunnel::{TunnelTuning, generate_gates, generate_gates_traced};
use seedfeast_procgen::{FoodTable, IntensityCurve, Seed};

const SEEDS: u64 = 10_000;
/// The Arena's waves each fill a floor with decoration (most of their time): fewer seeds.
const ARENA_SEEDS: u64 = 1_000;
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
    let setup = Setup::default();
    setup.check_same_levels();
    report(timed_rounds(&setup).map(median));
}

/// Every generator's settings: the game's defaults.
struct Setup {
    config: RunnerConfig,
    reach: JumpReach,
    tuning: MazeTuning,
    curve: IntensityCurve,
    arena: ArenaTuning,
    food: FoodTable,
    tunnel: TunnelTuning,
    flyer: FlyerReach,
}

impl Default for Setup {
    fn default() -> Setup {
        let config = RunnerConfig::default();
        let reach = JumpReach::of(&config.tuning);
        let (tuning, curve) = (MazeTuning::default(), IntensityCurve::default());
        let (arena, food) = (ArenaTuning::default(), FoodTable::default());
        let tunnel = TunnelTuning::default();
        let flyer = FlyerReach::of(&tunnel);
        Setup { config, reach, tuning, curve, arena, food, tunnel, flyer }
    }
}

impl Setup {
    /// The same levels either way (the tests check 1,000 seeds each; this is the timed workload).
    fn check_same_levels(&self) {
        let Setup { config, reach, tuning, curve, arena, food, tunnel, flyer } = self;
        let (reach, flyer) = (*reach, *flyer);
        for s in 0..100 {
            let mut trace = Recorder::new();
            assert_eq!(
                generate_track_traced(config, reach, Seed(s), 20, &mut trace),
                generate_track(config, reach, Seed(s), 20)
            );
            let mut trace = Recorder::new();
            let floor = generate_floor_traced(tuning, curve, Seed(s), 1 + (s % 5) as u32, &mut trace);
            assert_eq!(floor, generate_floor(tuning, curve, Seed(s), 1 + (s % 5) as u32));
            let mut trace = Recorder::new();
            let wave = generate_wave_traced(arena, curve, food, Seed(s), 1 + (s % 5) as u32, &mut trace);
            assert_eq!(wave, generate_wave(arena, curve, food, Seed(s), 1 + (s % 5) as u32));
            for squeeze in [false, true] {
                let mut trace = Recorder::new();
                let gates = generate_gates_traced(tunnel, curve, flyer, Seed(s), 20, squeeze, &mut trace);
                assert_eq!(gates, generate_gates(tunnel, curve, flyer, Seed(s), 20, squeeze));
            }
        }
    }

    /// The Runner's tracks of 20 chunks, untraced.
    fn runner_plain(&self) {
        for s in 0..SEEDS {
            black_box(generate_track(&self.config, self.reach, Seed(s), 20));
        }
    }

    /// The Runner's tracks of 20 chunks, into a `Recorder`.
    fn runner_recorded(&self) {
        for s in 0..SEEDS {
            let mut trace = Recorder::new();
            black_box(generate_track_traced(&self.config, self.reach, Seed(s), 20, &mut trace));
            black_box(trace);
        }
    }

    /// The Maze's floors 1 to 5, untraced.
    fn maze_plain(&self) {
        for s in 0..SEEDS {
            black_box(generate_floor(&self.tuning, &self.curve, Seed(s), 1 + (s % 5) as u32));
        }
    }

    /// The Maze's floors 1 to 5, into a `Recorder`.
    fn maze_recorded(&self) {
        for s in 0..SEEDS {
            let mut trace = Recorder::new();
            black_box(generate_floor_traced(&self.tuning, &self.curve, Seed(s), 1 + (s % 5) as u32, &mut trace));
            black_box(trace);
        }
    }

    /// The Arena's waves 1 to 5, untraced.
    fn arena_plain(&self) {
        for s in 0..ARENA_SEEDS {
            black_box(generate_wave(&self.arena, &self.curve, &self.food, Seed(s), 1 + (s % 5) as u32));
        }
    }

    /// The Arena's waves 1 to 5, into a `Recorder`.
    fn arena_recorded(&self) {
        let Setup { arena, curve, food, .. } = self;
        for s in 0..ARENA_SEEDS {
            let mut trace = Recorder::new();
            black_box(generate_wave_traced(arena, curve, food, Seed(s), 1 + (s % 5) as u32, &mut trace));
            black_box(trace);
        }
    }

    /// The Tunnel's 20 gates (the Food Tunnel's when `squeeze`), untraced.
    fn tunnel_plain(&self, squeeze: bool) {
        for s in 0..SEEDS {
            black_box(generate_gates(&self.tunnel, &self.curve, self.flyer, Seed(s), 20, squeeze));
        }
    }

    /// The Tunnel's 20 gates (the Food Tunnel's when `squeeze`), into a `Recorder`.
    fn tunnel_recorded(&self, squeeze: bool) {
        for s in 0..SEEDS {
            let mut trace = Recorder::new();
            black_box(generate_gates_traced(&self.tunnel, &self.curve, self.flyer, Seed(s), 20, squeeze, &mut trace));
            black_box(trace);
        }
    }
}

/// Every workload's times over `ROUNDS` interleaved rounds, untraced then recorded: the Runner,
/// the Maze, the Arena, the Tunnel and the Food Tunnel.
fn timed_rounds(setup: &Setup) -> [Vec<Duration>; 10] {
    let mut times: [Vec<Duration>; 10] = Default::default();
    for _ in 0..ROUNDS {
        times[0].push(time(|| setup.runner_plain()));
        times[1].push(time(|| setup.runner_recorded()));
        times[2].push(time(|| setup.maze_plain()));
        times[3].push(time(|| setup.maze_recorded()));
        times[4].push(time(|| setup.arena_plain()));
        times[5].push(time(|| setup.arena_recorded()));
        times[6].push(time(|| setup.tunnel_plain(false)));
        times[7].push(time(|| setup.tunnel_recorded(false)));
        times[8].push(time(|| setup.tunnel_plain(true)));
        times[9].push(time(|| setup.tunnel_recorded(true)));
    }
    times
}

/// Prints each workload's median times, untraced and recorded, and their ratio.
fn report(medians: [Duration; 10]) {
    let [runner, runner_rec, maze, maze_rec, arena, arena_rec, tunnel, tunnel_rec, food, food_rec] = medians;
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
    println!(
        "arena waves 1-5:   untraced {:8.1} ms, recorded {:8.1} ms, ratio {:.2} ({ARENA_SEEDS} seeds)",
        ms(arena),
        ms(arena_rec),
        ms(arena_rec) / ms(arena)
    );
    println!(
        "tunnel x20 gates:  untraced {:8.1} ms, recorded {:8.1} ms, ratio {:.2}",
        ms(tunnel),
        ms(tunnel_rec),
        ms(tunnel_rec) / ms(tunnel)
    );
    println!(
        "food tunnel x20:   untraced {:8.1} ms, recorded {:8.1} ms, ratio {:.2}",
        ms(food),
        ms(food_rec),
        ms(food_rec) / ms(food)
    );
}
