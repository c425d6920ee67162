//! The reachability rule between two gates, on the flyer model of [`crate::physics`]:
//! - gates are thin vertical lines at their `x`; the flyer passes one when its centre is within
//!   the gate's *window*, `gap_center ± (gap_height / 2 − flyer_height / 2)`;
//! - between two gates the flyer moves right at the faster of the two gates' speeds
//!   ([`TunnelTuning::speed_at`] of their intensities), so the time available is
//!   `t = spacing / speed` (the faster speed is the harder case);
//! - vertically it moves as [`FlyerReach`] steps it (the game's fixed step, the way rapier
//!   integrates), leaving a window level with a flap ready: the highest it can be after `t` is
//!   flapping as soon as allowed, the lowest never flapping, and every height in between is
//!   reachable too. The next window is reachable when it overlaps
//!   `[window low − max drop, window high + max climb]`.

use crate::physics::FlyerReach;
use crate::tunnel::{Gate, TunnelTuning};

/// Float slack for the reachability rule, world units: far below anything a player sees, far
/// above the rounding of sums of a few hundred units in f32.
pub(crate) const EPS: f32 = 1e-3;

/// What the flyer's centre does at a gate between two positions a step apart (x, y up).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Crossing {
    /// It doesn't reach the gate's line in this step (or is already past it).
    Short,
    /// It crosses the line inside the gate's window.
    Through,
    /// It crosses the line outside the window: it hits the wall.
    Hit,
}

/// The game's rule for passing a gate, the one the reachability rule is about: the gate is the
/// line at its `x`, and the flyer passes when its centre crosses that line inside the window
/// (`gap_center ± (gap_height / 2 − flyer_height / 2)`), the height taken where the straight
/// step between `from` and `to` meets the line.
///
/// ```
/// use seedfeast_procgen::tunnel::{Gate, flight::{Crossing, crossing}};
/// let gate = Gate { index: 0, x: 100.0, gap_center: 300.0, gap_height: 140.0, spacing: 100.0, intensity: 0.0 };
/// assert_eq!(crossing(&gate, 40.0, (95.0, 300.0), (101.0, 306.0)), Crossing::Through);
/// assert_eq!(crossing(&gate, 40.0, (95.0, 360.0), (101.0, 366.0)), Crossing::Hit);
/// assert_eq!(crossing(&gate, 40.0, (90.0, 900.0), (95.0, 900.0)), Crossing::Short);
/// ```
pub fn crossing(gate: &Gate, flyer_height: f32, from: (f32, f32), to: (f32, f32)) -> Crossing {
    let ((x0, y0), (x1, y1)) = (from, to);
    if !(x0 < gate.x && gate.x <= x1) {
        return Crossing::Short;
    }
    let y = y0 + (y1 - y0) * (gate.x - x0) / (x1 - x0);
    let half = gate.gap_height / 2.0 - flyer_height / 2.0;
    if (y - gate.gap_center).abs() <= half { Crossing::Through } else { Crossing::Hit }
}

/// The seconds between passing `from` and reaching `to`: `to.spacing` at the faster speed.
pub fn flight_time(tuning: &TunnelTuning, from: &Gate, to: &Gate) -> f32 {
    to.spacing / tuning.speed_at(from.intensity).max(tuning.speed_at(to.intensity))
}

/// Half the height of a gate's window: how far the flyer's centre may be from the gap centre.
/// Negative when the flyer doesn't fit the gap.
pub(crate) fn window_half(tuning: &TunnelTuning, gap_height: f32) -> f32 {
    gap_height / 2.0 - tuning.flyer_height / 2.0
}

/// Whether the flyer, leaving `from`'s window level with a flap ready, can pass `to`'s window
/// (see the module's model). False when either gap is too narrow for the flyer.
///
/// ```
/// use seedfeast_procgen::{physics::FlyerReach, tunnel::{Gate, TunnelTuning, reachable}};
/// let tuning = TunnelTuning::default();
/// let reach = FlyerReach::of(&tuning);
/// let from = Gate { index: 0, x: 300.0, gap_center: 360.0, gap_height: 140.0, spacing: 300.0, intensity: 0.0 };
/// let level = Gate { index: 1, x: 600.0, ..from };
/// assert!(reachable(&tuning, &reach, &from, &level));
/// // 300 units at 220 units/s is 1.36 s: time to climb far more than a screen.
/// assert!(reachable(&tuning, &reach, &from, &Gate { gap_center: 650.0, ..level }));
/// // The same climb through a gate only 20 units on is out of reach.
/// assert!(!reachable(&tuning, &reach, &from, &Gate { gap_center: 650.0, spacing: 20.0, x: 320.0, ..level }));
/// ```
pub fn reachable(tuning: &TunnelTuning, reach: &FlyerReach, from: &Gate, to: &Gate) -> bool {
    let (half_from, half_to) = (window_half(tuning, from.gap_height), window_half(tuning, to.gap_height));
    if !(half_from >= 0.0 && half_to >= 0.0) {
        return false;
    }
    let t = flight_time(tuning, from, to);
    if t.is_nan() || t < 0.0 {
        return false;
    }
    let climb_needed = (to.gap_center - half_to) - (from.gap_center + half_from);
    let drop_needed = (from.gap_center - half_from) - (to.gap_center + half_to);
    climb_needed <= reach.max_climb(t) + EPS && drop_needed <= reach.max_drop(t) + EPS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_gap_too_narrow_for_the_flyer_is_unreachable() {
        let tuning = TunnelTuning::default();
        let reach = FlyerReach::of(&tuning);
        let from = Gate { index: 0, x: 300.0, gap_center: 360.0, gap_height: 140.0, spacing: 300.0, intensity: 0.0 };
        let to = Gate { index: 1, x: 600.0, gap_height: 30.0, ..from };
        assert!(!reachable(&tuning, &reach, &from, &to));
        assert!(!reachable(&tuning, &reach, &to, &from));
    }
}
