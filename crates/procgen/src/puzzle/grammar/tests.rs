use super::*;
use crate::Seed;
use crate::rng::{Subsystem, stream};
use crate::tuning::Tuning;

fn uniform(penalty_per_mille: u32) -> Draw {
    Draw { distribution: Distribution::Uniform, penalty_per_mille }
}

#[test]
fn shipped_grammar_is_valid_and_covers_every_object() {
    let g = Grammar::default();
    for (kind, command, _) in start_symbols() {
        let mut rng = stream(Seed(1), Subsystem::PuzzleShapes, 0);
        let d = g.derive(kind, command, uniform(0), &mut Penalties::default(), &|_| true, &mut rng).unwrap();
        assert!(d.shape.fits(kind, command), "{kind:?} {command:?} {d:?}");
    }
}

#[test]
fn penalty_one_uses_each_rule_once_then_overrides() {
    let g = Grammar::default();
    let mut penalties = Penalties::default();
    let mut rng = stream(Seed(2), Subsystem::PuzzleShapes, 0);
    let mut seen = Vec::new();
    for _ in 0..8 {
        let d = g.derive(Kind::Block, CommandKind::Move, uniform(1000), &mut penalties, &|_| true, &mut rng).unwrap();
        seen.push((d.shape, d.penalty_overrides));
    }
    // The first derivations use fresh rules only; later ones must override.
    assert_eq!(seen[0].1, 0);
    assert!(seen.iter().any(|s| s.1 > 0), "{seen:?}");
}

#[test]
fn distributions_favour_what_they_say() {
    let g = Grammar::default();
    let count = |distribution| {
        let mut rng = stream(Seed(3), Subsystem::PuzzleShapes, 0);
        (0..2000)
            .filter(|_| {
                let d = g
                    .derive(
                        Kind::Block,
                        CommandKind::Move,
                        Draw { distribution, penalty_per_mille: 0 },
                        &mut Penalties::default(),
                        &|_| true,
                        &mut rng,
                    )
                    .unwrap();
                d.shape == ShapeKind::Obstacle
            })
            .count()
    };
    // Obstacle is the simplest block shape.
    let (simple, uniform, complex) =
        (count(Distribution::Simple), count(Distribution::Uniform), count(Distribution::Complex));
    assert!(simple > uniform && uniform > complex, "{simple} {uniform} {complex}");
}

#[test]
fn infeasible_shapes_are_never_chosen() {
    let g = Grammar::default();
    let mut rng = stream(Seed(4), Subsystem::PuzzleShapes, 0);
    for _ in 0..200 {
        let d = g
            .derive(
                Kind::Block,
                CommandKind::Move,
                uniform(0),
                &mut Penalties::default(),
                &|s| s == ShapeKind::PlateReward,
                &mut rng,
            )
            .unwrap();
        assert_eq!(d.shape, ShapeKind::PlateReward);
        assert!(d.prize.is_some());
    }
    let none = g.derive(Kind::Door, CommandKind::Open, uniform(0), &mut Penalties::default(), &|_| false, &mut rng);
    assert!(none.is_none());
}

#[test]
fn cycles_are_refused_and_huge_grammars_stay_fast() {
    let cyclic = GRAMMAR_RON.replacen("to: [S(ClosedDoor)]", "to: [N(\"door.open\")]", 1);
    let error = Grammar::from_ron(&cyclic, "g.ron").unwrap_err().to_string();
    assert!(error.contains("can derive itself"), "{error}");
    // A ladder of 100 symbols with two rules each: 2^100 paths, checked and drawn at once.
    let mut g = Grammar::default();
    for i in 0..100 {
        for c in 1..=2 {
            g.rules.push(Rule { from: format!("l{i}"), to: vec![Sym::N(format!("l{}", i + 1))], complexity: c });
        }
    }
    g.rules.push(Rule { from: "l100".into(), to: vec![Sym::S(ShapeKind::ClosedDoor)], complexity: 1 });
    g.rules.push(Rule { from: "door.open".into(), to: vec![Sym::N("l0".into())], complexity: 5 });
    assert!(g.validate().is_ok());
    let mut rng = stream(Seed(5), Subsystem::PuzzleShapes, 0);
    for _ in 0..100 {
        // The ladder is deeper than the expansion cap: a derivation through it gives up.
        let _ = g.derive(Kind::Door, CommandKind::Open, uniform(0), &mut Penalties::default(), &|_| true, &mut rng);
    }
    g.rules.extend((0..200).map(|i| Rule { from: format!("x{i}"), to: vec![Sym::P(Prize::Key)], complexity: 1 }));
    assert!(g.validate().unwrap_err().starts_with("rules: 421 rules, must be 1..=256"));
}

#[test]
fn bad_grammars_are_refused_with_the_field() {
    let with = |from: &str, to: &str| GRAMMAR_RON.replacen(from, to, 1);
    let err = |text: String| Grammar::from_ron(&text, "g.ron").unwrap_err().to_string();
    assert!(err(with("penalty: 0.5", "penalty: 1.5")).contains("penalty: 1.5 must be in 0..=1"));
    assert!(err(with("reward_keep_percent: (", "reward_keep_percent: (90, 10), //")).contains("reward_keep_percent"));
    let e = err(with("S(ClosedDoor)", "S(Bridge)"));
    assert!(e.contains("door.open") && e.contains("bridge"), "{e}");
    let e = err(with("N(\"door.maze\")", "N(\"nowhere\")"));
    assert!(e.contains("'nowhere'"), "{e}");
    assert!(err(with("distribution: Uniform", "distribution: Weird")).starts_with("g.ron:"));
}
