//! Re-checks every rule of a run of gates from the tuning alone: ranges by intensity, layout, the
//! shift cap, the screen, the squeeze and the flyer's reach.

use std::cmp::Ordering;

use crate::physics::FlyerReach;
use crate::tunnel::flight::{EPS, reachable};
use crate::tunnel::{Gate, TunnelTuning};

pub use crate::violation::Violation;

/// Every broken rule in `gates`, which may be any consecutive run (it need not start at gate 0).
/// Rules: `index` (consecutive), `intensity` (in 0..1), `first gate` (gate 0 is centred),
/// `x` (each gate one spacing after the last), `spacing` (in the range for its intensity, so
/// tightened by at most `spacing_tighten`), `gap height` (in the range for its intensity; in
/// squeeze mode narrowed by intensity (`squeeze_from`, `squeeze_max`) down to the floor), `squeeze floor` (no
/// squeezed gap below `squeeze_floor`), `flyer fit` (every gap more than twice the flyer's
/// height, and the tuning's floor too), `screen` (the gap inside the screen less its margin),
/// `shift` (consecutive centres within the shift cap), `reachable` (see
/// [`reachable`]).
///
/// ```
/// use seedfeast_procgen::{IntensityCurve, Seed, physics::FlyerReach};
/// use seedfeast_procgen::tunnel::{TunnelTuning, generate_gates, validate_gates};
/// let tuning = TunnelTuning::default();
/// let reach = FlyerReach::of(&tuning);
/// let mut gates = generate_gates(&tuning, &IntensityCurve::default(), reach, Seed(3), 50, false);
/// assert!(validate_gates(&tuning, &reach, &gates, false).is_empty());
/// gates[10].gap_center = gates[9].gap_center + 300.0;
/// let rules: Vec<_> = validate_gates(&tuning, &reach, &gates, false).into_iter().map(|v| v.rule).collect();
/// assert!(rules.contains(&"shift"));
/// ```
pub fn validate_gates(tuning: &TunnelTuning, reach: &FlyerReach, gates: &[Gate], squeeze: bool) -> Vec<Violation> {
    let mut out = Vec::new();
    let mut flag =
        |gate: usize, rule: &'static str, detail: String| out.push(Violation::at("gate", gate, rule, detail));
    if !above(tuning.squeeze_floor, 2.0 * tuning.flyer_height) {
        flag(
            0,
            "flyer fit",
            format!(
                "the tuning's squeeze_floor {} is not more than twice flyer_height {}",
                tuning.squeeze_floor, tuning.flyer_height
            ),
        );
    }
    for i in 0..gates.len() {
        check_layout(tuning, gates, i, &mut flag);
        check_gap(tuning, &gates[i], i, squeeze, &mut flag);
        if i > 0 {
            check_step(tuning, reach, &gates[i - 1], &gates[i], i, &mut flag);
        }
    }
    out
}

/// Gate `i`'s place in the run (`index`, `intensity`, `first gate`, `x`, `spacing`).
fn check_layout(tuning: &TunnelTuning, gates: &[Gate], i: usize, flag: &mut impl FnMut(usize, &'static str, String)) {
    let gate = &gates[i];
    let t = gate.intensity;
    if i > 0 && gate.index != gates[i - 1].index.wrapping_add(1) {
        flag(i, "index", format!("index {} follows {}", gate.index, gates[i - 1].index));
    }
    if !(0.0..=1.0).contains(&t) {
        flag(i, "intensity", format!("{t} is outside 0..1"));
    }
    if gate.index == 0 && gate.gap_center != tuning.screen_height / 2.0 {
        flag(i, "first gate", format!("gap centre {}, expected the screen's middle", gate.gap_center));
    }
    // The same f32 sum the generator makes, so equality is exact.
    let expected_x =
        if i == 0 && gate.index == 0 { Some(gate.spacing) } else { (i > 0).then(|| gates[i - 1].x + gate.spacing) };
    if let Some(x) = expected_x
        && gate.x != x
    {
        flag(i, "x", format!("x {} but one spacing ({}) on is {x}", gate.x, gate.spacing));
    }

    let (lo, hi) = tuning.spacing_range(t);
    let floor = tuning.spacing_min * (1.0 - tuning.spacing_tighten);
    let slack = EPS * (1.0 + hi.abs());
    if !(gate.spacing >= lo - slack && gate.spacing <= hi + slack && gate.spacing >= floor - slack) {
        flag(
            i,
            "spacing",
            format!("{} outside {lo}..{hi} at intensity {t} (never below {floor}, the tightening cap)", gate.spacing),
        );
    }
}

/// Gate `i`'s gap (`gap height`, `squeeze floor`, `flyer fit`, `screen`).
fn check_gap(
    tuning: &TunnelTuning,
    gate: &Gate,
    i: usize,
    squeeze: bool,
    flag: &mut impl FnMut(usize, &'static str, String),
) {
    let t = gate.intensity;
    let (gap_lo, gap_hi) = tuning.gap_range(t);
    let (gap_lo, gap_hi) =
        if squeeze { (tuning.squeezed(gap_lo, t), tuning.squeezed(gap_hi, t)) } else { (gap_lo, gap_hi) };
    if !(gate.gap_height >= gap_lo - EPS && gate.gap_height <= gap_hi + EPS) {
        let mode = if squeeze { ", squeezed" } else { "" };
        flag(i, "gap height", format!("{} outside {gap_lo}..{gap_hi} at intensity {t}{mode}", gate.gap_height));
    }
    if squeeze && below(gate.gap_height, tuning.squeeze_floor - EPS) {
        flag(i, "squeeze floor", format!("{} is below the floor {}", gate.gap_height, tuning.squeeze_floor));
    }
    if !above(gate.gap_height, 2.0 * tuning.flyer_height) {
        flag(
            i,
            "flyer fit",
            format!("gap {} is not more than twice the flyer's height {}", gate.gap_height, tuning.flyer_height),
        );
    }
    let (bottom, top) = (gate.gap_center - gate.gap_height / 2.0, gate.gap_center + gate.gap_height / 2.0);
    let (min_y, max_y) = (tuning.screen_margin, tuning.screen_height - tuning.screen_margin);
    if !(bottom >= min_y - EPS && top <= max_y + EPS) {
        flag(i, "screen", format!("gap {bottom}..{top} is not inside {min_y}..{max_y}"));
    }
}

/// The move from the gate before to gate `i` (`shift`, `reachable`).
fn check_step(
    tuning: &TunnelTuning,
    reach: &FlyerReach,
    last: &Gate,
    gate: &Gate,
    i: usize,
    flag: &mut impl FnMut(usize, &'static str, String),
) {
    let shift = (gate.gap_center - last.gap_center).abs();
    let cap = tuning.shift_cap(gate.spacing);
    if shift.is_nan() || shift > cap + EPS {
        flag(i, "shift", format!("the centre moves {shift}, more than {cap}"));
    }
    if !reachable(tuning, reach, last, gate) {
        flag(
            i,
            "reachable",
            format!(
                "from the gap at {} ({} high) the flyer can't reach the gap at {} ({} high) in {} units",
                last.gap_center, last.gap_height, gate.gap_center, gate.gap_height, gate.spacing
            ),
        );
    }
}

/// `value > bound`; false for NaN.
fn above(value: f32, bound: f32) -> bool {
    value.partial_cmp(&bound) == Some(Ordering::Greater)
}

/// `value < bound`, or NaN: a value that can't be compared fails the check.
fn below(value: f32, bound: f32) -> bool {
    matches!(value.partial_cmp(&bound), None | Some(Ordering::Less))
}
