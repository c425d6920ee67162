//! Arena and tunnel generation speed at the game's real sizes: one wave's rejection scatter
//! (30 items, spacing 52, on 1200 × 680), a whole wave with its floor, the floor's Bridson
//! decoration fill alone, and 10,000 tunnel gates. Targets: a scatter under 10 µs, a wave with
//! its floor under 2 ms, 10,000 gates under 2 ms.
//! The race of the Bridson fill against the `fast_poisson` crate lives in `crates/peer-bench`.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use seedfeast_procgen::arena::{
    ArenaGenerator, ArenaTuning, KeepOut, Point, Rules, Sampler, decor_points, generate_wave, scatter,
};
use seedfeast_procgen::physics::FlyerReach;
use seedfeast_procgen::rng::{Subsystem, stream};
use seedfeast_procgen::tunnel::{TunnelTuning, generate_gates, validate_gates};
use seedfeast_procgen::{FoodTable, IntensityCurve, Seed};

fn arena(c: &mut Criterion) {
    let (tuning, curve, food) = (ArenaTuning::default(), IntensityCurve::default(), FoodTable::default());
    let mut group = c.benchmark_group("arena");
    let rules = Rules {
        min_spacing: tuning.min_spacing,
        keep_out: Some(KeepOut { centre: Point { x: 600.0, y: 340.0 }, radius: tuning.clear_radius }),
        max_points: tuning.items_max as usize,
    };
    let mut wave = 0;
    group.bench_function("rejection_scatter_30_items", |b| {
        b.iter(|| {
            wave += 1;
            let mut rng = stream(Seed(7), Subsystem::ArenaScatter, wave);
            black_box(scatter(tuning.item_area(), &rules, Sampler::Rejection { max_attempts: 40 }, &mut rng))
        })
    });
    group.bench_function("next_wave_in_a_run", |b| {
        let mut run = ArenaGenerator::new(tuning.clone(), curve.clone(), food.clone(), Seed(7));
        b.iter(|| black_box(run.next_wave()))
    });
    group.bench_function("wave_with_floor_decor_and_tint", |b| {
        b.iter(|| black_box(generate_wave(&tuning, &curve, &food, Seed(7), 1)))
    });
    let mut seed = 0;
    group.bench_function("bridson_decor_fill_1200x680_r24", |b| {
        b.iter(|| {
            seed += 1;
            black_box(decor_points(&tuning, Seed(seed)))
        })
    });
    group.finish();
}

fn tunnel(c: &mut Criterion) {
    let (tuning, curve) = (TunnelTuning::default(), IntensityCurve::default());
    let mut group = c.benchmark_group("tunnel");
    group.throughput(Throughput::Elements(10_000));
    group.bench_function("gates_10000", |b| {
        b.iter(|| black_box(generate_gates(&tuning, &curve, FlyerReach::of(&tuning), Seed(7), 10_000, true)))
    });
    let gates = generate_gates(&tuning, &curve, FlyerReach::of(&tuning), Seed(7), 10_000, true);
    group.bench_function("validate_10000_gates", |b| {
        b.iter(|| black_box(validate_gates(&tuning, &FlyerReach::of(&tuning), &gates, true)))
    });
    group.finish();
}

criterion_group!(benches, arena, tunnel);
criterion_main!(benches);
