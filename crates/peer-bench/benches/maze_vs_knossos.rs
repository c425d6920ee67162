//! Maze carving speed, raced against the `knossos` crate's recursive backtracker in the same
//! run so the ratio holds on any machine. Target: at least 3× faster than knossos for the same maze.
//!
//! Equivalence: our grid stores walls as cells, so a W×W grid (W odd) holds a lattice of
//! (W − 1) / 2 cells a side joined through the wall cells between them. Our 101×101 grid is
//! therefore the same perfect maze as a 50×50 knossos maze (2,500 cells, 2,499 passages), which
//! stores its walls as bits on each cell. Both sides build a fresh seeded RNG and grid each time.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use knossos::maze::{OrthogonalMazeBuilder, RecursiveBacktracking};
use seedfeast_procgen::Seed;
use seedfeast_procgen::maze::carve;
use seedfeast_procgen::rng::{Subsystem, stream};

fn perfect_maze(c: &mut Criterion) {
    let mut group = c.benchmark_group("perfect_maze_2500_cells");
    let mut seed = 0u64;
    group.bench_function("seedfeast_carve_101x101_grid", |b| {
        b.iter(|| {
            seed += 1;
            black_box(carve(101, 101, &mut stream(Seed(seed), Subsystem::MazeCarve, 0)))
        })
    });
    let mut seed = 0u64;
    group.bench_function("knossos_recursive_backtracker_50x50", |b| {
        b.iter(|| {
            seed += 1;
            black_box(
                OrthogonalMazeBuilder::new()
                    .width(50)
                    .height(50)
                    .algorithm(Box::new(RecursiveBacktracking))
                    .seed(Some(seed))
                    .build(),
            )
        })
    });
    group.finish();
}

criterion_group!(benches, perfect_maze);
criterion_main!(benches);
