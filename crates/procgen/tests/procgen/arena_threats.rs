//! The Arena's moving threats (issue #45): every generated wave keeps the fairness rules over
//! many seeds, waves grow in threats and speed, the validator refuses levels broken on purpose
//! (a track through the start, a pan on the spawn, a pursuer as fast as the player, a track that
//! walls food in), motion is pinned to the bit, and bad threat tuning is refused at its line.

use seedfeast_procgen::Tuning;
use seedfeast_procgen::arena::{
    ArenaGenerator, ArenaJson, ArenaTuning, ArenaWave, ItemKind, Motion, Point, Threat, generate_wave, validate_wave,
};
use seedfeast_procgen::{FoodTable, IntensityCurve, Seed};

fn shipped() -> (ArenaTuning, IntensityCurve, FoodTable) {
    (ArenaTuning::default(), IntensityCurve::default(), FoodTable::default())
}

fn rules(wave: &ArenaWave) -> Vec<&'static str> {
    let (tuning, curve, _) = shipped();
    let mut rules: Vec<&'static str> = validate_wave(&tuning, &curve, wave).into_iter().map(|v| v.rule).collect();
    rules.dedup();
    rules
}

fn p(x: f32, y: f32) -> Point {
    Point { x, y }
}

#[test]
fn generated_waves_keep_every_threat_promise_and_grow() {
    let (tuning, curve, food) = shipped();
    let (mut kinds, mut speed_first, mut speed_late) = ([0usize; 4], Vec::new(), Vec::new());
    let mut counts = vec![0usize; 31];
    let seeds = 200u64;
    for i in 0..seeds {
        let seed = Seed(i.wrapping_mul(0x2545_F491_4F6C) & 0xFF_FFFF_FFFF);
        for wave in ArenaGenerator::new(tuning.clone(), curve.clone(), food.clone(), seed).take(30) {
            let violations = validate_wave(&tuning, &curve, &wave);
            assert!(violations.is_empty(), "seed {} wave {}: {}", seed.0, wave.wave, violations[0]);
            counts[wave.wave as usize] += wave.threats.len();
            for threat in &wave.threats {
                let kind = ["slide", "patrol", "bounce", "pursuer"].iter().position(|k| *k == threat.motion.kind());
                kinds[kind.unwrap()] += 1;
                match wave.wave {
                    1..=3 => speed_first.push(threat.motion.speed()),
                    20..=30 => speed_late.push(threat.motion.speed()),
                    _ => {}
                }
            }
        }
    }
    // Every first wave has its moving pan; later waves have more, pursuers among them.
    assert_eq!(counts[1], seeds as usize, "one moving threat in each first wave");
    assert!(counts[30] > 3 * counts[1], "{counts:?}");
    assert!(kinds.iter().all(|&k| k > 100), "every kind is made: {kinds:?}");
    let mean = |v: &[f32]| v.iter().sum::<f32>() / v.len() as f32;
    assert!(mean(&speed_late) > 1.3 * mean(&speed_first), "{} vs {}", mean(&speed_late), mean(&speed_first));
}

#[test]
fn threats_come_from_their_own_stream_and_wave() {
    let (tuning, curve, food) = shipped();
    // Wave 7 is the same whether played to or asked for, and other tunings of the items leave
    // the threats' draws alone where they still fit.
    let run: Vec<ArenaWave> =
        ArenaGenerator::new(tuning.clone(), curve.clone(), food.clone(), Seed(5)).take(7).collect();
    assert_eq!(generate_wave(&tuning, &curve, &food, Seed(5), 7).threats, run[6].threats);
    assert_ne!(run[5].threats, run[6].threats);
    let other = generate_wave(&tuning, &curve, &food, Seed(6), 7);
    assert_ne!(other.threats, run[6].threats, "another seed, other threats");
}

#[test]
fn motion_is_pinned_to_the_bit() {
    // Changing these is a versioned act: bump GENERATOR_VERSION along with the new values.
    let (tuning, curve, food) = shipped();
    let wave = generate_wave(&tuning, &curve, &food, Seed::from_text("pizza party"), 12);
    let summary: Vec<String> = wave
        .threats
        .iter()
        .map(|t| {
            let at = t.motion.at(1234);
            format!("{} {:08x} {:08x}", t.motion.kind(), at.x.to_bits(), at.y.to_bits())
        })
        .collect();
    assert_eq!(summary, PINNED, "{summary:?}");
}

const PINNED: [&str; 4] =
    ["slide 445fe5ec 43af809c", "slide 4342932a 437361c5", "slide 4483a6c3 439ab126", "pursuer 4465a02a 43184ce1"];

/// Wave 6 of a seed (room for two pans and a pursuer) with its threats replaced.
fn with_threats(threats: Vec<Threat>) -> ArenaWave {
    let (tuning, curve, food) = shipped();
    let mut wave = generate_wave(&tuning, &curve, &food, Seed(3), 6);
    wave.threats = threats;
    assert!(rules(&ArenaWave { threats: Vec::new(), ..wave.clone() }).is_empty());
    wave
}

fn slide(a: Point, b: Point, speed: f32) -> Threat {
    let period = ((2.0 * ((b.x - a.x).hypot(b.y - a.y)) / speed * 60.0).ceil() as u32).max(1);
    let speed = 2.0 * (b.x - a.x).hypot(b.y - a.y) * 60.0 / period as f32;
    Threat { radius: 18.0, motion: Motion::Slide { path: [a, b], speed, period, phase: 0 } }
}

#[test]
fn a_track_through_the_start_is_refused() {
    // A pan sliding straight across the player's start: an unsafe spawn, and no refuge.
    let wave = with_threats(vec![slide(p(400.0, 340.0), p(800.0, 340.0), 100.0)]);
    // (Its band covers the start, so every food is walled off from it too.)
    assert_eq!(rules(&wave), ["safe spawn", "track refuge", "walled in"]);
}

#[test]
fn a_pan_bouncing_onto_the_start_is_refused() {
    // Half a second's flight from the start, heading for it.
    let motion = Motion::Bounce {
        start: p(650.0, 390.0),
        velocity: p(-100.0, -100.0),
        speed: 100.0 * std::f32::consts::SQRT_2,
        bounds: [18.0, 18.0, 1182.0, 662.0],
    };
    let wave = with_threats(vec![Threat { radius: 18.0, motion }]);
    assert_eq!(rules(&wave), ["safe spawn"]);
}

#[test]
fn a_threat_as_fast_as_the_player_is_refused() {
    // A pursuer the player can't outrun, and a pan sliding at the player's speed.
    let chaser = Motion::Pursuer { start: p(100.0, 100.0), speed: 320.0, delay: 600 };
    let wave = with_threats(vec![Threat { radius: 18.0, motion: chaser }]);
    assert_eq!(rules(&wave), ["threat speed"]);
    let wave = with_threats(vec![slide(p(150.0, 150.0), p(400.0, 150.0), 320.0)]);
    assert_eq!(rules(&wave), ["threat speed"]);
    // A pursuer that says it is slow but is not: its speed is measured, not read.
    let liar = Motion::Slide { path: [p(150.0, 150.0), p(400.0, 150.0)], speed: 50.0, period: 30, phase: 0 };
    assert_eq!(rules(&with_threats(vec![Threat { radius: 18.0, motion: liar }])), ["threat speed"]);
}

#[test]
fn a_pursuer_that_sets_off_too_close_too_soon_is_refused() {
    let chaser = Motion::Pursuer { start: p(600.0, 500.0), speed: 150.0, delay: 30 };
    let wave = with_threats(vec![Threat { radius: 18.0, motion: chaser }]);
    assert_eq!(rules(&wave), ["safe spawn"]);
}

#[test]
fn a_track_that_walls_food_in_is_refused() {
    let base = with_threats(Vec::new());
    let food = base.items.iter().find(|i| matches!(i.kind, ItemKind::Food(_))).copied().unwrap();
    // A slide from wall to wall beside the food, between it and the start: the food can be
    // reached only across the pan's track.
    let x = if food.x < 600.0 { food.x + 60.0 } else { food.x - 60.0 };
    let wall = slide(p(x, 20.0), p(x, 660.0), 150.0);
    let wave = ArenaWave { threats: vec![wall], ..base.clone() };
    assert!(rules(&wave).contains(&"walled in"), "{:?}", rules(&wave));
    // A patrol loop round the food, clear of the start.
    let (fx, fy) = (food.x, food.y);
    let square =
        vec![p(fx - 70.0, fy - 70.0), p(fx + 70.0, fy - 70.0), p(fx + 70.0, fy + 70.0), p(fx - 70.0, fy + 70.0)];
    let period = (560.0 / 100.0 * 60.0_f32).ceil() as u32;
    let loop_round = Threat {
        radius: 18.0,
        motion: Motion::Patrol { path: square, speed: 560.0 * 60.0 / period as f32, period, phase: 0 },
    };
    let wave = ArenaWave { threats: vec![loop_round], ..base };
    assert!(rules(&wave).contains(&"walled in"), "{:?}", rules(&wave));
}

#[test]
fn the_json_lists_every_threats_motion() {
    let (tuning, curve, food) = shipped();
    let wave = generate_wave(&tuning, &curve, &food, Seed(2024), 12);
    assert!(wave.threats.len() >= 3, "{}", wave.threats.len());
    let json = serde_json::to_value(ArenaJson::new(Seed(2024), &wave)).unwrap();
    let threats = json["threats"].as_array().unwrap();
    assert_eq!(threats.len(), wave.threats.len());
    for (threat, doc) in wave.threats.iter().zip(threats) {
        assert_eq!(doc["kind"], threat.motion.kind());
        assert!(doc["speed"].as_f64().unwrap() > 0.0, "{doc}");
        let fields: &[&str] = match threat.motion {
            Motion::Slide { .. } | Motion::Patrol { .. } => &["path", "period", "phase"],
            Motion::Bounce { .. } => &["start", "velocity", "bounds"],
            Motion::Pursuer { .. } => &["start", "delay"],
        };
        assert!(fields.iter().all(|f| !doc[f].is_null()), "{doc}");
    }
}

fn tuning_error(text: &str) -> String {
    ArenaTuning::from_ron(text, "assets/arena/tuning.ron").unwrap_err().to_string()
}

#[test]
fn bad_threat_tuning_is_refused_at_its_line() {
    let shipped = seedfeast_procgen::assets::ARENA_TUNING_RON;
    let line = |needle: &str| shipped.lines().position(|l| l.contains(needle)).unwrap() + 1;
    let error = tuning_error(&shipped.replace("mover_speed_max: 170.0", "mover_speed_max: 250.0"));
    assert!(error.starts_with(&format!("assets/arena/tuning.ron:{}: mover_speed_max: 250", line("mover_speed_max:"))));
    assert!(error.contains("0.6 × player_speed (192)"), "{error}");
    let error = tuning_error(&shipped.replace("pursuers_max: 3", "pursuers_max: 40"));
    assert!(error.starts_with(&format!("assets/arena/tuning.ron:{}: pursuers_max: 40", line("pursuers_max:"))));
    let error = tuning_error(&shipped.replace("track_max: 420.0", "track_max: 100.0"));
    assert!(error.contains("track_max: 100 must be at least track_min (160)"), "{error}");
    // Every float of the threats' part, NaN or infinite, is refused on its own line.
    for field in [
        "player_speed",
        "player_radius",
        "mover_speed_min",
        "mover_speed_max",
        "pursuer_speed_min",
        "pursuer_speed_max",
        "pursuer_delay",
        "track_min",
        "track_max",
        "safe_seconds",
    ] {
        let at = shipped.lines().position(|l| l.trim_start().starts_with(&format!("{field}:"))).unwrap();
        let text = shipped.lines().nth(at).unwrap();
        let value = text.trim_start()[field.len() + 1..].split(',').next().unwrap().trim();
        for bad in ["NaN", "inf", "-inf"] {
            let error = tuning_error(&shipped.replace(text, &text.replacen(value, bad, 1)));
            assert!(
                error.starts_with(&format!("assets/arena/tuning.ron:{}: {field}: ", at + 1)),
                "{field} {bad}: {error}"
            );
        }
    }
}
