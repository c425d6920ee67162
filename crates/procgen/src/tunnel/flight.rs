//! The flyer model behind the reachability rule: how far the flyer can climb or drop between two
//! gates, and whether it can get from one gap to the next.
//!
//! The model, precisely:
//! - gates are thin vertical lines at their `x`; the flyer passes one when its centre is within
//!   the gate's *window*, `gap_center ± (gap_height / 2 − flyer_height / 2)`;
//! - between two gates the flyer moves right at the faster of the two gates' speeds
//!   ([`TunnelTuning::speed_at`] of their intensities), so the time available is
//!   `t = spacing / speed` (the faster speed is the harder case);
//! - vertically, gravity pulls the speed down at `gravity` until it reaches `−max_fall_speed`; a
//!   flap sets the upward speed to `flap_speed`, at most once per `flap_interval`;
//! - the flyer leaves a window level (vertical speed 0) with a flap ready.
//!
//! Then the highest it can be after `t` comes from flapping as soon as allowed (a flap at 0,
//! `τ`, `2τ` …; the height one flap gives over a time is concave, so shorter flap cycles always
//! gain more) and the lowest from never flapping; every height in between is reachable too. The
//! next window is reachable when it overlaps `[window low − max drop, window high + max climb]`.

use crate::tunnel::{Gate, TunnelTuning};

/// Float slack for the reachability rule, world units: far below anything a player sees, far
/// above the rounding of sums of a few hundred units in f32.
pub const EPS: f32 = 1e-3;

/// Height gained over `t` seconds from upward speed `v0` without flapping (negative: a loss),
/// with the fall speed capped at `max_fall_speed`.
pub fn coast(tuning: &TunnelTuning, v0: f32, t: f32) -> f32 {
    let g = tuning.gravity;
    let cap = tuning.max_fall_speed;
    // Time until the fall speed reaches the cap (0 if it starts at or past it).
    let t_cap = ((v0 + cap) / g).max(0.0);
    if t <= t_cap { v0 * t - g * t * t / 2.0 } else { v0 * t_cap - g * t_cap * t_cap / 2.0 - cap * (t - t_cap) }
}

/// The most height the flyer can gain in `t` seconds: flapping at 0, τ, 2τ …
///
/// ```
/// use seedfeast_procgen::tunnel::{TunnelTuning, max_climb};
/// let tuning = TunnelTuning::default(); // flap 480, gravity 1600, every 0.2 s
/// // One full flap cycle gains 480 × 0.2 − 1600 × 0.2² / 2 = 64.
/// assert!((max_climb(&tuning, 0.4) - 128.0).abs() < 1e-3);
/// assert_eq!(max_climb(&tuning, 0.0), 0.0);
/// ```
pub fn max_climb(tuning: &TunnelTuning, t: f32) -> f32 {
    if t.is_nan() || t <= 0.0 {
        return 0.0;
    }
    let tau = tuning.flap_interval;
    let cycles = (t / tau).floor();
    let rest = (t - cycles * tau).clamp(0.0, tau);
    cycles * coast(tuning, tuning.flap_speed, tau) + coast(tuning, tuning.flap_speed, rest)
}

/// The most height the flyer can lose in `t` seconds: falling from level without flapping.
///
/// ```
/// use seedfeast_procgen::tunnel::{TunnelTuning, max_drop};
/// let tuning = TunnelTuning::default(); // gravity 1600, terminal 720 after 0.45 s
/// assert!((max_drop(&tuning, 0.25) - 50.0).abs() < 1e-3);
/// assert!((max_drop(&tuning, 1.45) - (162.0 + 720.0)).abs() < 1e-2);
/// ```
pub fn max_drop(tuning: &TunnelTuning, t: f32) -> f32 {
    if t.is_nan() || t <= 0.0 {
        return 0.0;
    }
    -coast(tuning, 0.0, t)
}

/// The seconds between passing `from` and reaching `to`: `to.spacing` at the faster speed.
pub fn flight_time(tuning: &TunnelTuning, from: &Gate, to: &Gate) -> f32 {
    to.spacing / tuning.speed_at(from.intensity).max(tuning.speed_at(to.intensity))
}

/// Half the height of a gate's window: how far the flyer's centre may be from the gap centre.
/// Negative when the flyer doesn't fit the gap.
pub fn window_half(tuning: &TunnelTuning, gap_height: f32) -> f32 {
    gap_height / 2.0 - tuning.flyer_height / 2.0
}

/// Whether the flyer, leaving `from`'s window level with a flap ready, can pass `to`'s window
/// (see the module's model). False when either gap is too narrow for the flyer.
///
/// ```
/// use seedfeast_procgen::tunnel::{Gate, TunnelTuning, reachable};
/// let tuning = TunnelTuning::default();
/// let from = Gate { index: 0, x: 300.0, gap_center: 360.0, gap_height: 140.0, spacing: 300.0, intensity: 0.0 };
/// let level = Gate { index: 1, x: 600.0, ..from };
/// assert!(reachable(&tuning, &from, &level));
/// // 300 units at 220 units/s is 1.36 s: time to climb far more than a screen.
/// assert!(reachable(&tuning, &from, &Gate { gap_center: 650.0, ..level }));
/// // The same climb through a gate only 20 units on is out of reach.
/// assert!(!reachable(&tuning, &from, &Gate { gap_center: 650.0, spacing: 20.0, x: 320.0, ..level }));
/// ```
pub fn reachable(tuning: &TunnelTuning, from: &Gate, to: &Gate) -> bool {
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
    climb_needed <= max_climb(tuning, t) + EPS && drop_needed <= max_drop(tuning, t) + EPS
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Steps the model itself: a fine-grained simulation must never beat the closed forms.
    fn simulate(tuning: &TunnelTuning, t: f32, flap_every: Option<f32>) -> f32 {
        let dt = 1e-5f64;
        let (mut y, mut v, mut since) = (0.0f64, 0.0f64, f64::INFINITY);
        let steps = (f64::from(t) / dt).round() as usize;
        for _ in 0..steps {
            if let Some(every) = flap_every
                && since >= f64::from(every) - dt / 2.0
            {
                v = f64::from(tuning.flap_speed);
                since = 0.0;
            }
            let v_next = (v - f64::from(tuning.gravity) * dt).max(-f64::from(tuning.max_fall_speed));
            y += (v + v_next) / 2.0 * dt;
            v = v_next;
            since += dt;
        }
        y as f32
    }

    #[test]
    fn closed_forms_match_a_simulation() {
        let tuning = TunnelTuning::default();
        for t in [0.05, 0.2, 0.33, 0.7, 1.0, 1.9] {
            let climb = simulate(&tuning, t, Some(tuning.flap_interval));
            assert!((climb - max_climb(&tuning, t)).abs() < 0.5, "t {t}: {climb} vs {}", max_climb(&tuning, t));
            // Flapping less often never climbs higher.
            assert!(simulate(&tuning, t, Some(tuning.flap_interval * 1.6)) <= climb + 0.5);
            let drop = -simulate(&tuning, t, None);
            assert!((drop - max_drop(&tuning, t)).abs() < 0.5, "t {t}: {drop} vs {}", max_drop(&tuning, t));
        }
        // A flap that can't outrun terminal speed within one cycle is still modelled.
        let heavy = TunnelTuning { gravity: 9000.0, flap_speed: 1200.0, max_fall_speed: 300.0, ..tuning };
        for t in [0.1, 0.45, 1.3] {
            let climb = simulate(&heavy, t, Some(heavy.flap_interval));
            assert!((climb - max_climb(&heavy, t)).abs() < 0.5, "t {t}: {climb} vs {}", max_climb(&heavy, t));
        }
    }

    #[test]
    fn a_gap_too_narrow_for_the_flyer_is_unreachable() {
        let tuning = TunnelTuning::default();
        let from = Gate { index: 0, x: 300.0, gap_center: 360.0, gap_height: 140.0, spacing: 300.0, intensity: 0.0 };
        let to = Gate { index: 1, x: 600.0, gap_height: 30.0, ..from };
        assert!(!reachable(&tuning, &from, &to));
        assert!(!reachable(&tuning, &to, &from));
    }
}
