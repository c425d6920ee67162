//! Flying-tunnel generation: every rule holds over ten thousand seeds, at extreme intensities,
//! with and without squeeze and over long runs; the validator catches each broken rule; the
//! squeeze flag changes heights only; runs are reproducible and pinned; the star field never
//! changes; bad tuning is refused clearly.

use seedfeast_procgen::Tuning;
use seedfeast_procgen::physics::FlyerReach;
use seedfeast_procgen::seed::fnv1a64;
use seedfeast_procgen::tunnel::{
    Gate, TunnelGenerator, TunnelJson, TunnelTuning, generate_gates, reachable, star_field, validate_gates,
};
use seedfeast_procgen::{IntensityCurve, Seed};

fn assert_valid(tuning: &TunnelTuning, gates: &[Gate], squeeze: bool, context: &str) {
    let violations = validate_gates(tuning, &FlyerReach::of(tuning), gates, squeeze);
    assert!(violations.is_empty(), "{context}: {} ({} in all)", violations[0], violations.len());
}

fn sweep(tuning: &TunnelTuning, curve: &IntensityCurve, seeds: u64, gates: usize) {
    for i in 0..seeds {
        let seed = Seed(i.wrapping_mul(0x9E37_79B9_7F4A) & 0xFF_FFFF_FFFF);
        for squeeze in [false, true] {
            let run = generate_gates(tuning, curve, FlyerReach::of(tuning), seed, gates, squeeze);
            assert_valid(tuning, &run, squeeze, &format!("seed {} squeeze {squeeze}", seed.0));
        }
    }
}

#[test]
fn shipped_tuning_keeps_every_rule_over_ten_thousand_seeds() {
    sweep(&TunnelTuning::default(), &IntensityCurve::default(), 10_000, 60);
}

#[test]
fn extreme_intensities_and_long_runs_keep_every_rule() {
    let tuning = TunnelTuning::default();
    for level in [0.0, 1.0] {
        let flat = IntensityCurve { points: vec![(0.0, level)] };
        sweep(&tuning, &flat, 1_000, 100);
        let gates = generate_gates(&tuning, &flat, FlyerReach::of(&tuning), Seed(5), 500, false);
        let (lo, hi) = tuning.gap_range(level);
        let heights = gates.iter().map(|g| g.gap_height);
        assert!(heights.clone().all(|h| (lo..hi).contains(&h)));
        // The draws cover their range.
        assert!(heights.clone().fold(f32::INFINITY, f32::min) < lo + 5.0);
        assert!(heights.fold(0.0, f32::max) > hi - 5.0);
    }
    for seed in 0..8 {
        for squeeze in [false, true] {
            let run = generate_gates(
                &tuning,
                &IntensityCurve::default(),
                FlyerReach::of(&tuning),
                Seed(seed),
                2_000,
                squeeze,
            );
            assert_valid(&tuning, &run, squeeze, &format!("long run seed {seed}"));
            // Any window of a run checks on its own, too.
            assert_valid(&tuning, &run[1_234..1_300], squeeze, "window");
        }
    }
}

/// A tuning where the flyer's reach, not the shift cap, limits the shift: fast, with a loose cap.
fn reach_bound() -> TunnelTuning {
    let tuning = TunnelTuning {
        horizontal_speed_min: 600.0,
        horizontal_speed_max: 900.0,
        shift_screen_share: 0.9,
        shift_spacing_share: 3.0,
        ..TunnelTuning::default()
    };
    tuning.validate().unwrap();
    tuning
}

#[test]
fn the_generator_clamps_shifts_to_the_flyers_reach() {
    let tuning = reach_bound();
    sweep(&tuning, &IntensityCurve::default(), 1_000, 100);
    // The reach really binds: some climbs come within a unit of the most the flyer can do.
    let gates = generate_gates(
        &tuning,
        &IntensityCurve { points: vec![(0.0, 1.0)] },
        FlyerReach::of(&tuning),
        Seed(1),
        3_000,
        true,
    );
    let tight = gates.windows(2).filter(|pair| {
        let (a, b) = (&pair[0], &pair[1]);
        let t = b.spacing / tuning.speed_at(1.0);
        let half = (a.gap_height + b.gap_height) / 2.0 - tuning.flyer_height;
        let slack_up = a.gap_center + half + FlyerReach::of(&tuning).max_climb(t) - b.gap_center;
        let slack_down = b.gap_center - (a.gap_center - half - FlyerReach::of(&tuning).max_drop(t));
        slack_up.min(slack_down) < 1.0
    });
    assert!(tight.count() > 10);
}

#[test]
fn squeeze_changes_heights_only() {
    let (tuning, curve) = (TunnelTuning::default(), IntensityCurve::default());
    for seed in 0..100 {
        let open = generate_gates(&tuning, &curve, FlyerReach::of(&tuning), Seed(seed), 360, false);
        let squeezed = generate_gates(&tuning, &curve, FlyerReach::of(&tuning), Seed(seed), 360, true);
        for (a, b) in open.iter().zip(&squeezed) {
            assert_eq!(
                (a.index, a.x, a.gap_center, a.spacing, a.intensity),
                (b.index, b.x, b.gap_center, b.spacing, b.intensity)
            );
            assert_eq!(b.gap_height, tuning.squeezed(a.gap_height, a.intensity));
        }
        // Intensity, not the gate number, squeezes: at full intensity (from gate 320) every gap
        // is down to the floor, and the first gap to reach it comes around gates 45 to 80.
        assert!(squeezed[320..].iter().all(|g| g.gap_height == tuning.squeeze_floor));
        let first = squeezed.iter().position(|g| g.gap_height == tuning.squeeze_floor).unwrap();
        assert!((40..=90).contains(&first), "seed {seed}: first at the floor at gate {first}");
    }
}

#[test]
fn same_seed_same_run_other_seed_other_run() {
    let (tuning, curve) = (TunnelTuning::default(), IntensityCurve::default());
    let a = generate_gates(&tuning, &curve, FlyerReach::of(&tuning), Seed(42), 200, false);
    assert_eq!(a, generate_gates(&tuning, &curve, FlyerReach::of(&tuning), Seed(42), 200, false));
    let streamed: Vec<Gate> =
        TunnelGenerator::new(tuning.clone(), curve.clone(), FlyerReach::of(&tuning), Seed(42), false)
            .take(200)
            .collect();
    assert_eq!(a, streamed);
    // A shorter run is a prefix of a longer one.
    assert_eq!(a[..50], generate_gates(&tuning, &curve, FlyerReach::of(&tuning), Seed(42), 50, false)[..]);
    assert_ne!(a, generate_gates(&tuning, &curve, FlyerReach::of(&tuning), Seed(43), 200, false));
}

fn digest(gates: &[Gate]) -> u64 {
    let mut bytes = Vec::new();
    for g in gates {
        bytes.extend(g.index.to_le_bytes());
        for v in [g.x, g.gap_center, g.gap_height, g.spacing, g.intensity] {
            bytes.extend(v.to_bits().to_le_bytes());
        }
    }
    fnv1a64(&bytes)
}

#[test]
fn golden_runs_are_pinned() {
    // Changing these is a versioned act: bump GENERATOR_VERSION along with the new values.
    let (tuning, curve) = (TunnelTuning::default(), IntensityCurve::default());
    let seed = Seed::from_text("pizza party");
    let gates = generate_gates(&tuning, &curve, FlyerReach::of(&tuning), seed, 500, false);
    let first: Vec<String> = gates[..3]
        .iter()
        .map(|g| format!("{:.3} {:.3} {:.3} {:.3}", g.x, g.gap_center, g.gap_height, g.spacing))
        .collect();
    assert_eq!(
        first,
        ["318.037 360.000 156.169 318.037", "633.781 443.714 224.706 315.743", "938.083 349.240 207.414 304.302"]
    );
    assert_eq!(digest(&gates), 6293639093492398921);
    // The plain run above is unchanged since version 1; the squeeze follows intensity since
    // version 2 (it was 6695210778754080932 when it followed the gate number).
    assert_eq!(digest(&generate_gates(&tuning, &curve, FlyerReach::of(&tuning), seed, 500, true)), 4598325109518825865);
}

#[test]
fn the_star_field_is_fixed() {
    let stars = star_field(300, 1280.0, 720.0);
    assert_eq!(stars, star_field(300, 1280.0, 720.0));
    let first = stars[0];
    assert_eq!(
        format!("{:.3} {:.3} {:.3} {:.3}", first.x, first.y, first.size, first.brightness),
        "508.800 683.295 1.000 0.754"
    );
}

#[test]
fn json_view_has_the_documented_shape() {
    let tuning = TunnelTuning::default();
    let gates = generate_gates(&tuning, &IntensityCurve::default(), FlyerReach::of(&tuning), Seed(8), 3, false);
    let json = serde_json::to_value(TunnelJson::new(Seed(8), &tuning, &gates)).unwrap();
    let mut keys: Vec<&str> = json.as_object().unwrap().keys().map(String::as_str).collect();
    keys.sort_unstable();
    assert_eq!(keys, ["gates", "mode", "screen_height", "seed"]);
    assert_eq!((json["mode"].as_str(), json["screen_height"].as_f64()), (Some("tunnel"), Some(720.0)));
    assert_eq!(json["seed"], Seed(8).code().to_string());
    let gate = json["gates"][1].as_object().unwrap();
    assert_eq!(gate.keys().collect::<Vec<_>>(), ["gap_center", "gap_height", "index", "intensity", "spacing", "x"]);
    assert_eq!(json["gates"][1]["index"], 1);
}

fn valid_run() -> (TunnelTuning, Vec<Gate>) {
    let tuning = TunnelTuning::default();
    let gates = generate_gates(&tuning, &IntensityCurve::default(), FlyerReach::of(&tuning), Seed(2024), 120, true);
    assert_valid(&tuning, &gates, true, "valid run");
    (tuning, gates)
}

fn rules(tuning: &TunnelTuning, gates: &[Gate], squeeze: bool) -> Vec<&'static str> {
    validate_gates(tuning, &FlyerReach::of(tuning), gates, squeeze).into_iter().map(|v| v.rule).collect()
}

#[test]
fn validator_catches_layout_errors() {
    let (tuning, gates) = valid_run();
    let mut skipped = gates.clone();
    skipped.remove(40);
    let broken = rules(&tuning, &skipped, true);
    assert!(broken.contains(&"index") && broken.contains(&"x"), "{broken:?}");

    let mut off = gates.clone();
    off[0].gap_center += 10.0;
    assert!(rules(&tuning, &off, true).contains(&"first gate"));

    let mut hot = gates.clone();
    hot[3].intensity = -0.5;
    assert!(rules(&tuning, &hot, true).contains(&"intensity"));

    // Spacing beyond the tightening: shorter than the range allows at the gate's intensity. A
    // gate with a small shift, so the shorter spacing's cap and flight time still allow it.
    let mut close = gates.clone();
    let i = (60..gates.len()).find(|&i| (gates[i].gap_center - gates[i - 1].gap_center).abs() < 40.0).unwrap();
    close[i].spacing = tuning.spacing_range(close[i].intensity).0 * 0.9;
    for k in i..close.len() {
        close[k].x = close[k - 1].x + close[k].spacing;
    }
    assert_eq!(rules(&tuning, &close, true), ["spacing"]);
}

#[test]
fn validator_catches_gap_errors() {
    let (tuning, gates) = valid_run();
    let mut wide = gates.clone();
    wide[20].gap_height += 150.0;
    assert!(rules(&tuning, &wide, true).contains(&"gap height"));

    // Unsqueezed heights don't pass as squeezed ones late in a run, and vice versa.
    let open = generate_gates(&tuning, &IntensityCurve::default(), FlyerReach::of(&tuning), Seed(2024), 120, false);
    assert!(rules(&tuning, &open, true).contains(&"gap height"));
    assert!(rules(&tuning, &gates, false).contains(&"gap height"));

    let mut pinched = gates.clone();
    pinched[100].gap_height = tuning.squeeze_floor - 6.0;
    assert!(rules(&tuning, &pinched, true).contains(&"squeeze floor"));

    let mut tiny = gates.clone();
    tiny[100].gap_height = 2.0 * tuning.flyer_height;
    assert!(rules(&tuning, &tiny, true).contains(&"flyer fit"));
    let loose = TunnelTuning { squeeze_floor: 2.0 * tuning.flyer_height, ..tuning.clone() };
    assert!(rules(&loose, &gates, true).contains(&"flyer fit"));

    let mut high = gates.clone();
    high[30].gap_center = tuning.screen_height - high[30].gap_height / 2.0 - 1.0;
    let broken = rules(&tuning, &high, true);
    assert!(broken.contains(&"screen"), "{broken:?}");
}

#[test]
fn validator_catches_shifts_past_the_cap_and_out_of_reach() {
    let (tuning, gates) = valid_run();
    // A centre moved past the shift cap, still on screen.
    let mut jumpy = gates.clone();
    let i = (1..gates.len())
        .find(|&i| {
            let cap = tuning.shift_cap(gates[i].spacing);
            gates[i - 1].gap_center + cap + 20.0 + gates[i].gap_height / 2.0 < tuning.screen_height - 30.0
        })
        .unwrap();
    jumpy[i].gap_center = gates[i - 1].gap_center + tuning.shift_cap(gates[i].spacing) + 20.0;
    assert!(rules(&tuning, &jumpy, true).contains(&"shift"));

    // Out of reach but within the cap: only the fast tuning leaves room between the two.
    let tuning = reach_bound();
    let gates = generate_gates(
        &tuning,
        &IntensityCurve { points: vec![(0.0, 1.0)] },
        FlyerReach::of(&tuning),
        Seed(9),
        200,
        true,
    );
    assert_valid(&tuning, &gates, true, "reach-bound run");
    let mut far = gates.clone();
    let i = (1..gates.len() - 1)
        .find(|&i| {
            let target = gates[i - 1].gap_center - 300.0;
            target - gates[i].gap_height / 2.0 > tuning.screen_margin + 1.0
        })
        .unwrap();
    far[i].gap_center = gates[i - 1].gap_center - 300.0;
    assert!(!reachable(&tuning, &FlyerReach::of(&tuning), &far[i - 1], &far[i]));
    let broken = rules(&tuning, &far[..=i], true);
    assert_eq!(broken, ["reachable"]);
}

fn tuning_error(text: &str) -> String {
    TunnelTuning::from_ron(text, "assets/tunnel/tuning.ron").unwrap_err().to_string()
}

fn line_of(text: &str, needle: &str) -> usize {
    text.lines().position(|l| l.contains(needle)).unwrap() + 1
}

#[test]
fn bad_tuning_is_refused_with_file_line_and_field() {
    let shipped = seedfeast_procgen::assets::TUNNEL_TUNING_RON;
    let error = tuning_error(&shipped.replace("squeeze_floor: 96.0", "squeeze_floor: 80.0"));
    let line = line_of(shipped, "squeeze_floor:");
    assert_eq!(
        error,
        format!("assets/tunnel/tuning.ron:{line}: squeeze_floor: 80 must be more than twice flyer_height (40)")
    );

    let error = tuning_error(&shipped.replace("gap_max_start: 250.0", "gap_max_start: 100.0"));
    let line = line_of(shipped, "gap_max_start:");
    assert!(error.starts_with(&format!("assets/tunnel/tuning.ron:{line}: gap_max_start: 100")), "{error}");

    let error = tuning_error(&shipped.replace("flap_speed: 480.0", "flap_speed: 150.0"));
    assert!(error.contains("flap_speed: 150 can't climb"), "{error}");

    let error = tuning_error(&shipped.replace("gravity: 1600.0", "gravityy: 1600.0"));
    let line = line_of(shipped, "gravity:");
    assert!(error.starts_with(&format!("assets/tunnel/tuning.ron:{line}:")) && error.contains("gravityy"), "{error}");
}
