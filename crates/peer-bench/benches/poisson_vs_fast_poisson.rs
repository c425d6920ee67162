//! Dense Poisson-disk fills, raced against the `fast_poisson` crate in the same run so the ratio
//! holds on any machine. Target: at least as fast as fast_poisson for the same fill.
//!
//! Equivalence: both run Bridson's algorithm with k = 30 candidates per active point, candidates
//! drawn between one and two radii out, over the same rectangle with the same minimum distance,
//! and both build a fresh seeded RNG each time. Ours keeps points in a uniform grid and draws
//! with ChaCha8 in f32; fast_poisson keeps them in a k-d tree (kiddo) and draws with
//! Xoshiro256** in f64. Point counts are printed once per size so the fills can be compared.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use fast_poisson::Poisson2D;
use seedfeast_procgen::Seed;
use seedfeast_procgen::arena::{Area, Rules, Sampler, scatter};
use seedfeast_procgen::rng::{Subsystem, stream};

/// (name, width, height, radius): the arena's decoration, and a much denser fill.
const FILLS: [(&str, f32, f32, f32); 2] =
    [("arena_decor_1200x680_r24", 1200.0, 680.0, 24.0), ("dense_1000x1000_r4", 1000.0, 1000.0, 4.0)];

fn ours(width: f32, height: f32, radius: f32, seed: u64) -> usize {
    let rules = Rules { min_spacing: radius, keep_out: None, max_points: usize::MAX };
    let mut rng = stream(Seed(seed), Subsystem::ArenaDecor, 0);
    scatter(Area::new(0.0, 0.0, width, height), &rules, Sampler::Bridson { attempts_per_point: 30 }, &mut rng)
        .points
        .len()
}

fn theirs(width: f32, height: f32, radius: f32, seed: u64) -> usize {
    Poisson2D::new()
        .with_dimensions([f64::from(width), f64::from(height)], f64::from(radius))
        .with_samples(30)
        .with_seed(seed)
        .generate()
        .len()
}

fn poisson(c: &mut Criterion) {
    for (name, width, height, radius) in FILLS {
        let (a, b) = (ours(width, height, radius, 1), theirs(width, height, radius, 1));
        println!("{name}: seedfeast places {a} points, fast_poisson {b}");
        let mut group = c.benchmark_group(name);
        group.throughput(Throughput::Elements(a as u64));
        group.sample_size(20);
        let mut seed = 0u64;
        group.bench_function("seedfeast_bridson", |bench| {
            bench.iter(|| {
                seed += 1;
                black_box(ours(width, height, radius, seed))
            })
        });
        let mut seed = 0u64;
        group.bench_function("fast_poisson", |bench| {
            bench.iter(|| {
                seed += 1;
                black_box(theirs(width, height, radius, seed))
            })
        });
        group.finish();
    }
}

criterion_group!(benches, poisson);
criterion_main!(benches);
