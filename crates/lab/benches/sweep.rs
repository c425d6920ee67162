//! Sweep throughput per mode, one thread: the time to generate, validate and measure the levels
//! of one seed (as `sweep` plays it). Levels per second per core = levels per seed / that time.

use criterion::{Criterion, criterion_group, criterion_main};
use seedfeast_lab::modes;
use seedfeast_procgen::{DataSet, Seed};

fn sweep_one_seed(c: &mut Criterion) {
    let data = DataSet::built_in();
    let mut group = c.benchmark_group("sweep one seed");
    for mode in modes::all() {
        let depth = mode.depth();
        let mut seed = 0u64;
        group.bench_function(mode.key, |b| {
            b.iter(|| {
                seed += 1;
                let levels = mode.generator.sweep(&data, Seed(seed), mode.variant, &depth).expect("sweeps");
                for (_, level) in &levels {
                    assert!(level.violations(&data).is_empty());
                    std::hint::black_box(level.metrics());
                }
                levels.len()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, sweep_one_seed);
criterion_main!(benches);
