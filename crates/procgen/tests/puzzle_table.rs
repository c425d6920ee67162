//! Table-2-like figures per curriculum program (run by hand: `cargo test --release -p
//! seedfeast-procgen --test puzzle_table -- --ignored --nocapture`).

// One module, so `cargo test -p seedfeast-procgen puzzle` selects these tests by name.
mod puzzle {
    use seedfeast_procgen::puzzle::curriculum::Curriculum;
    use seedfeast_procgen::puzzle::eval::{EvalOptions, evaluate};
    use seedfeast_procgen::puzzle::generate::GenOptions;

    fn table(runs: u32, no_shorter: bool) {
        let curriculum = Curriculum::default();
        let start = std::time::Instant::now();
        let mut clock = move || start.elapsed().as_secs_f64() * 1000.0;
        println!(
            "| # | title | solvable | alt same length | shorter | maze open | map size | walkable | interactable | ms/level | attempts |"
        );
        let (mut alt, mut short) = (0.0, 0.0);
        for (k, step) in curriculum.steps.iter().enumerate() {
            let options = EvalOptions {
                first_seed: 0,
                generation: GenOptions { level: k as u32, no_shorter, ..GenOptions::default() },
            };
            let r = evaluate(&step.code, runs, &options, &mut clock).unwrap();
            alt += r.alt_same_length;
            short += r.shorter;
            println!(
                "| {k} | {} | {:.1}% | {:.1}% | {:.1}% | {:.1}% | {:.0} | {:.3} | {:.3} | {:.3} | {:.2} |",
                step.title,
                r.solvable_with_input * 100.0,
                r.alt_same_length * 100.0,
                r.shorter * 100.0,
                r.maze_open * 100.0,
                r.map_size.mean,
                r.walkable.mean,
                r.interactable.mean,
                r.ms_per_level,
                r.attempts_mean
            );
            assert_eq!(r.solvable_with_input, 1.0, "{}", step.title);
        }
        let n = curriculum.steps.len() as f64;
        println!("average: alt {:.2}%, shorter {:.2}% (paper: 47.35%, 21.31%)", alt / n * 100.0, short / n * 100.0);
    }

    #[test]
    #[ignore]
    fn table_2() {
        let runs = std::env::var("PUZZLE_RUNS").ok().and_then(|v| v.parse().ok()).unwrap_or(200);
        table(runs, false);
        table(runs, true);
    }
}
