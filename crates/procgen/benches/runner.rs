//! Runner generation speed: one chunk at a time (as the game pulls them) and a 10,000-chunk
//! track (as the CLI and the validator make them). Targets: < 5 µs a chunk, < 20 ms a track.
//! The "baseline" group times the bare ChaCha8 stream drawing the same number of values as a
//! chunk does, so results can be read as a ratio on any machine.

use std::hint::black_box;

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use rand::Rng;
use seedfeast_procgen::Seed;
use seedfeast_procgen::physics::JumpReach;
use seedfeast_procgen::rng::{Subsystem, stream};
use seedfeast_procgen::runner::{RunnerConfig, RunnerGenerator, generate_track, validate_track};

fn runner(c: &mut Criterion) {
    let config = RunnerConfig::default();
    let mut group = c.benchmark_group("runner");
    group.throughput(Throughput::Elements(1));
    group.bench_function("next_chunk", |b| {
        b.iter_batched_ref(
            || RunnerGenerator::new(config.clone(), JumpReach::of(&config.tuning), Seed(42)),
            |generator| black_box(generator.next_chunk()),
            BatchSize::SmallInput,
        )
    });
    group.bench_function("baseline_chacha8_draws_per_chunk", |b| {
        let mut rng = stream(Seed(42), Subsystem::RunnerChunks, 0);
        // A chunk draws one value for the pick and about four for its food.
        b.iter(|| black_box((rng.next_u64(), rng.next_u64(), rng.next_u64(), rng.next_u64(), rng.next_u64())))
    });
    group.throughput(Throughput::Elements(10_000));
    group.sample_size(20);
    group.bench_function("track_10000_chunks", |b| {
        b.iter(|| black_box(generate_track(&config, JumpReach::of(&config.tuning), Seed(7), 10_000)))
    });
    let track = generate_track(&config, JumpReach::of(&config.tuning), Seed(7), 10_000);
    group.bench_function("validate_10000_chunks", |b| {
        b.iter(|| black_box(validate_track(&config, JumpReach::of(&config.tuning), &track)))
    });
    group.finish();
}

criterion_group!(benches, runner);
criterion_main!(benches);
