//! Code puzzle speed: the mean generation time per level across the curriculum (each iteration
//! is the next step of the curriculum, with a fresh seed each round). The paper reports 0.38 s
//! per level; the goal here is at most 3.8 ms (100× faster). Also: the same with
//! `--no-shorter`, running a solution on a level, and parsing.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use seedfeast_procgen::Seed;
use seedfeast_procgen::puzzle::curriculum::Curriculum;
use seedfeast_procgen::puzzle::{GenOptions, generate, parse, run};

fn levels(c: &mut Criterion) {
    let curriculum = Curriculum::default();
    let steps = curriculum.steps.len() as u64;
    let mut group = c.benchmark_group("puzzle");
    for (name, no_shorter) in [("level_across_curriculum", false), ("level_across_curriculum_no_shorter", true)] {
        let mut i = 0u64;
        group.bench_function(name, |b| {
            b.iter(|| {
                let (k, seed) = (i % steps, i / steps);
                i += 1;
                let step = curriculum.step(k as u32);
                let options = GenOptions { level: k as u32, no_shorter, ..GenOptions::default() };
                black_box(generate(&step.code, Seed(seed), &options).unwrap())
            })
        });
    }
    let last = curriculum.steps.len() as u32 - 1;
    let level = curriculum.level(last, Seed(1)).unwrap();
    let code = curriculum.step(last).code.clone();
    group.bench_function("run_solution", |b| b.iter(|| black_box(run(&level, &code).unwrap())));
    group.bench_function("parse", |b| b.iter(|| black_box(parse(&code).unwrap())));
    group.finish();
}

criterion_group!(benches, levels);
criterion_main!(benches);
