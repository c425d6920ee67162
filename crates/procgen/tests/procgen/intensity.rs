//! The intensity curve (`assets/intensity.ron`) is strict: a progress or intensity that is NaN
//! or infinite, which no range comparison catches by itself, is refused with the file, line and
//! point.

use seedfeast_procgen::{IntensityCurve, Tuning};

const FILE: &str = "assets/intensity.ron";

fn load_error(text: &str) -> String {
    IntensityCurve::from_ron(text, FILE).unwrap_err().to_string()
}

#[test]
fn the_shipped_curve_loads() {
    IntensityCurve::from_ron(seedfeast_procgen::assets::INTENSITY_RON, FILE).unwrap();
}

#[test]
fn a_point_that_is_not_finite_is_refused_with_file_line_and_point() {
    let shipped = seedfeast_procgen::assets::INTENSITY_RON;
    // The errors point at the line of the `points` list (the point is named in the message).
    let line = shipped.lines().position(|l| l.trim_start().starts_with("points:")).unwrap() + 1;
    let cases = [
        ("(0.0, 0.05)", "(NaN, 0.05)", 0),
        ("(15.0, 0.45)", "(15.0, NaN)", 2),
        ("(30.0, 0.7)", "(inf, 0.7)", 3),
        ("(50.0, 0.9)", "(50.0, inf)", 4),
        ("(80.0, 1.0)", "(-inf, 1.0)", 5),
        ("(5.0, 0.2)", "(5.0, -inf)", 1),
    ];
    for (good, bad, index) in cases {
        assert!(shipped.contains(good), "{good}");
        let error = load_error(&shipped.replacen(good, bad, 1));
        let expected = format!("{FILE}:{line}: points[{index}]: ");
        assert!(error.starts_with(&expected), "{bad}: {error}");
        assert!(error.contains("needs finite progress and intensity in 0..1"), "{bad}: {error}");
    }
}
