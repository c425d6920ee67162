//! Maze generation speed on a 1001×1001 floor. Target: carve, loops and placement under 30 ms.
//! The race against the `knossos` crate lives in `crates/peer-bench` (kept out of the workspace
//! so its heavy dependencies never slow the tests).

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use seedfeast_procgen::maze::{MazeTuning, carve, generate_floor, validate_floor};
use seedfeast_procgen::rng::{Subsystem, stream};
use seedfeast_procgen::{IntensityCurve, Seed};

fn big_floor(c: &mut Criterion) {
    let tuning = MazeTuning { width: 1001, height: 1001, ..MazeTuning::default() };
    let curve = IntensityCurve::default();
    let mut group = c.benchmark_group("floor_1001x1001");
    group.sample_size(20);
    group.bench_function("carve", |b| {
        b.iter(|| black_box(carve(1001, 1001, &mut stream(Seed(9), Subsystem::MazeCarve, 0))))
    });
    group.bench_function("full_floor_with_loops_and_placement", |b| {
        b.iter(|| black_box(generate_floor(&tuning, &curve, Seed(9), 20)))
    });
    let floor = generate_floor(&tuning, &curve, Seed(9), 20);
    group.bench_function("validate", |b| b.iter(|| black_box(validate_floor(&tuning, &floor))));
    group.finish();
}

criterion_group!(benches, big_floor);
criterion_main!(benches);
