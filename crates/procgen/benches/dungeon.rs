//! Zone dungeon speed: generate and validate a 4-zone, 46-room dungeon (the article's zones of
//! 12, 10, 10 and 14 rooms). Goal: generate + validate within 2 ms, with 0 retries per level
//! (Metazelda-style retry loops are the baseline to beat). Retries over the benched seeds are
//! printed before the timings. The baseline in the same run is `generate` alone: the README's
//! figure is `generate_and_validate` as a multiple of it (what the independent validator adds);
//! with 0 retries, a Metazelda-style loop (generate, validate, start over on failure) would cost
//! exactly one `generate_and_validate` a level.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use seedfeast_procgen::Seed;
use seedfeast_procgen::dungeon::{DungeonData, DungeonRequest, generate_dungeon, validate_dungeon};

fn four_zones(c: &mut Criterion) {
    let data = DungeonData::default();
    let request = DungeonRequest::new(1).with_zones(&[12, 10, 10, 14]);
    let retries: u32 = (0..200).map(|s| generate_dungeon(&data, Seed(s), &request).unwrap().retries).sum();
    println!("retries over 200 seeds: {retries} ({:.3} per level)", f64::from(retries) / 200.0);

    let mut group = c.benchmark_group("dungeon_4_zones_46_rooms");
    let mut seed = 0u64;
    group.bench_function("generate", |b| {
        b.iter(|| {
            seed += 1;
            black_box(generate_dungeon(&data, Seed(seed % 64), &request).unwrap())
        })
    });
    let dungeons: Vec<_> = (0..64).map(|s| generate_dungeon(&data, Seed(s), &request).unwrap()).collect();
    let mut i = 0;
    group.bench_function("validate", |b| {
        b.iter(|| {
            i += 1;
            black_box(validate_dungeon(&data, &dungeons[i % 64]))
        })
    });
    group.bench_function("generate_and_validate", |b| {
        b.iter(|| {
            seed += 1;
            let d = generate_dungeon(&data, Seed(seed % 64), &request).unwrap();
            black_box(validate_dungeon(&data, &d))
        })
    });
    group.finish();
}

criterion_group!(benches, four_zones);
criterion_main!(benches);
