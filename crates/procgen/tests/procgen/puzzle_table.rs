//! Table-2-like figures per curriculum program, as the README and `docs/puzzle-table.txt` show
//! them. Run by hand (seconds in release):
//!
//! ```sh
//! PUZZLE_RUNS=1000 PUZZLE_TABLE_OUT=docs/puzzle-table.txt \
//!     cargo test --release -p seedfeast-procgen --test procgen puzzle_table:: -- --ignored --nocapture
//! ```
//!
//! `PUZZLE_RUNS` is the seeds per program (default 200); `PUZZLE_TABLE_OUT` a file (relative to
//! the workspace root) that receives the tables as well as standard output.

use std::fmt::Write as _;

use seedfeast_procgen::puzzle::curriculum::Curriculum;
use seedfeast_procgen::puzzle::eval::{EvalOptions, EvalReport, evaluate};
use seedfeast_procgen::puzzle::generate::GenOptions;

/// Every program of the curriculum over `runs` seeds (`0..runs`), with or without `no_shorter`.
fn reports(curriculum: &Curriculum, runs: u32, no_shorter: bool) -> Vec<EvalReport> {
    let start = std::time::Instant::now();
    let mut clock = move || start.elapsed().as_secs_f64() * 1000.0;
    curriculum
        .steps
        .iter()
        .enumerate()
        .map(|(k, step)| {
            let options = EvalOptions {
                first_seed: 0,
                generation: GenOptions { level: k as u32, no_shorter, ..GenOptions::default() },
            };
            let r = evaluate(&step.code, runs, &options, &mut clock).unwrap();
            eprintln!("step {k} ({}), no_shorter {no_shorter}: done", step.title);
            r
        })
        .collect()
}

fn pct(rate: f64) -> String {
    format!("{:.1}%", rate * 100.0)
}

fn mean(reports: &[EvalReport], f: impl Fn(&EvalReport) -> f64) -> f64 {
    reports.iter().map(f).sum::<f64>() / reports.len() as f64
}

/// One full table (every figure the evaluation gives) for one setting.
fn full_table(out: &mut String, curriculum: &Curriculum, reports: &[EvalReport], heading: &str) {
    let _ = writeln!(out, "{heading}\n");
    let _ = writeln!(
        out,
        "| # | program | worlds | solvable | alt. same length | shorter | shorter, own world alone | map size | walkable | interactable | maze levels | maze open | attempts | ms/level |"
    );
    let _ = writeln!(out, "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    for (k, (step, r)) in curriculum.steps.iter().zip(reports).enumerate() {
        let _ = writeln!(
            out,
            "| {k} | {} | {:.2} | {} | {} | {} | {} | {:.1} | {} | {} | {} | {} | {:.2} | {:.3} |",
            step.title,
            r.worlds.mean,
            pct(r.solvable_with_input),
            pct(r.alt_same_length),
            pct(r.shorter),
            pct(r.shorter_one_world),
            r.map_size.mean,
            pct(r.walkable.mean),
            pct(r.interactable.mean),
            r.maze_levels,
            pct(r.maze_open),
            r.attempts_mean,
            r.ms_per_level
        );
    }
    let _ = writeln!(
        out,
        "| | average | {:.2} | {} | {} | {} | {} | {:.1} | {} | {} | {} | | {:.2} | {:.3} |\n",
        mean(reports, |r| r.worlds.mean),
        pct(mean(reports, |r| r.solvable_with_input)),
        pct(mean(reports, |r| r.alt_same_length)),
        pct(mean(reports, |r| r.shorter)),
        pct(mean(reports, |r| r.shorter_one_world)),
        mean(reports, |r| r.map_size.mean),
        pct(mean(reports, |r| r.walkable.mean)),
        pct(mean(reports, |r| r.interactable.mean)),
        reports.iter().map(|r| r.maze_levels).sum::<u32>(),
        mean(reports, |r| r.attempts_mean),
        mean(reports, |r| r.ms_per_level)
    );
}

/// The README's table: both settings side by side, per program.
fn readme_table(out: &mut String, curriculum: &Curriculum, normal: &[EvalReport], strict: &[EvalReport]) {
    let _ = writeln!(
        out,
        "| # | program | solvable | map size | walkable | interactable | alt. same length | shorter | `--no-shorter`: solvable | shorter | map size | attempts |"
    );
    let _ = writeln!(out, "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
    for (k, ((step, n), s)) in curriculum.steps.iter().zip(normal).zip(strict).enumerate() {
        let _ = writeln!(
            out,
            "| {k} | {} | {} | {:.1} | {} | {} | {} | {} | {} | {} | {:.1} | {:.2} |",
            step.title,
            pct(n.solvable_with_input),
            n.map_size.mean,
            pct(n.walkable.mean),
            pct(n.interactable.mean),
            pct(n.alt_same_length),
            pct(n.shorter),
            pct(s.solvable_with_input),
            pct(s.shorter),
            s.map_size.mean,
            s.attempts_mean
        );
    }
    let _ = writeln!(
        out,
        "| | **average** | {} | {:.1} | {} | {} | {} | {} | {} | {} | {:.1} | {:.2} |",
        pct(mean(normal, |r| r.solvable_with_input)),
        mean(normal, |r| r.map_size.mean),
        pct(mean(normal, |r| r.walkable.mean)),
        pct(mean(normal, |r| r.interactable.mean)),
        pct(mean(normal, |r| r.alt_same_length)),
        pct(mean(normal, |r| r.shorter)),
        pct(mean(strict, |r| r.solvable_with_input)),
        pct(mean(strict, |r| r.shorter)),
        mean(strict, |r| r.map_size.mean),
        mean(strict, |r| r.attempts_mean)
    );
    let _ = writeln!(out, "| | May's Journey paper (8 programs, average) | 100% | | | | 47.35% | 21.31% | | | | |");
}

#[test]
#[ignore = "minutes in release: the README's per-program table (PUZZLE_RUNS=1000)"]
fn table_2() {
    let runs = std::env::var("PUZZLE_RUNS").ok().and_then(|v| v.parse().ok()).unwrap_or(200);
    let curriculum = Curriculum::default();
    let normal = reports(&curriculum, runs, false);
    let strict = reports(&curriculum, runs, true);

    let mut out = format!(
        "Code puzzle: Table-2-like figures per curriculum program, {runs} seeds each (seeds 0..{runs}).\n\
         Made by: PUZZLE_RUNS={runs} PUZZLE_TABLE_OUT=docs/puzzle-table.txt cargo test --release \
         -p seedfeast-procgen --test procgen puzzle_table:: -- --ignored --nocapture\n\
         worlds: a level's worlds, its own and the variants (issue #32: programs with conditions);\n\
         solvable: the input code solves every world, checked by running it in the interpreter;\n\
         alt. same length / shorter: some alternative of the same length / some shorter code solves\n\
         every world; shorter, own world alone: one solves the level's own world (what the variants undo);\n\
         map size in tiles; walkable and interactable: shares of the map (the paper's Figure 3 axes);\n\
         maze levels: levels with a maze-shaped object; maze open: of those, the share whose exit is\n\
         reachable before the code runs (the bounded maze repair failed); attempts: whole-level\n\
         generations per level; ms/level: this run's wall clock (the benchmark is criterion's).\n\n"
    );
    full_table(&mut out, &curriculum, &normal, "## Normal generation");
    full_table(
        &mut out,
        &curriculum,
        &strict,
        "## `--no-shorter` (levels a shorter code solves are regenerated, bounded)",
    );
    let _ = writeln!(out, "## The README's table\n");
    readme_table(&mut out, &curriculum, &normal, &strict);
    let maze_levels: u32 = normal.iter().chain(&strict).map(|r| r.maze_levels).sum();
    let open: f64 = normal.iter().chain(&strict).map(|r| r.maze_open * f64::from(r.maze_levels)).sum::<f64>().round();
    let _ = writeln!(
        out,
        "\nMaze repair: the exit is reachable before solving in {open} of {maze_levels} maze-shaped levels ({:.3}%).",
        if maze_levels == 0 { 0.0 } else { open * 100.0 / f64::from(maze_levels) }
    );
    print!("{out}");
    if let Ok(path) = std::env::var("PUZZLE_TABLE_OUT") {
        // Relative paths are from the workspace root, not the crate's folder.
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").join(path);
        std::fs::write(&path, &out).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    }

    // What the table promises, so a regression fails the run rather than the reader.
    for (step, (n, s)) in curriculum.steps.iter().zip(normal.iter().zip(&strict)) {
        for r in [n, s] {
            assert_eq!(r.solvable_with_input, 1.0, "{}: solvable with the input code", step.title);
            assert_eq!(r.failures, 0, "{}: generation failed", step.title);
            assert!(r.map_size.mean > 0.0 && r.walkable.mean > 0.0 && r.interactable.mean > 0.0, "{}", step.title);
        }
        // Rejecting levels a shorter code solves never makes them more common; with the
        // variant worlds (issue #32) it leaves none, conditions included.
        assert!(s.shorter <= n.shorter, "{}: --no-shorter {} > {}", step.title, s.shorter, n.shorter);
        assert_eq!(s.shorter, 0.0, "{}: --no-shorter leaves levels a shorter code solves", step.title);
    }
    assert!(mean(&strict, |r| r.shorter) < mean(&normal, |r| r.shorter), "--no-shorter changed nothing");
    assert!(open * 1000.0 <= f64::from(maze_levels.max(1)), "maze repair failed in {open} of {maze_levels}");
}
