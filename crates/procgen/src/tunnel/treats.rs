//! The Food Tunnel's own rule: a treat to catch between each two gates. Gates are the same as
//! the Flying tunnel's (squeezed); the treats are what a Food Tunnel run is *for* beyond getting
//! through: each one eaten scores [`TREAT_POINTS`], so a run that threads the treats outscores one
//! that only survives, and the flight line a player picks matters.
//!
//! Each treat comes from its own `TunnelTreats` stream indexed by the gate after it (random
//! access: treat 7 is the same whatever came before), two draws: where it sits across the gap's
//! corridor, and which food it looks like. It sits halfway between the two gates, on the line
//! between their gap centres, moved up or down by at most [`TREAT_SWAY`] of the narrower gap's
//! half-height: inside the corridor a flyer passing from one gap to the next sweeps. Treats are
//! optional: missing one never ends a run, so no treat can make a level unfair.
//!
//! [`validate_treats`] re-checks the placement from the gates alone, sharing nothing with
//! [`treat_before`].

use serde::Serialize;

use crate::Seed;
use crate::rng::{GenRng, Subsystem, stream};
use crate::tunnel::{Gate, TunnelTuning};
use crate::violation::Violation;

/// Points for each treat eaten (a gate is worth 10).
pub const TREAT_POINTS: u32 = 5;
/// How far across the corridor a treat may sit from the line between the gap centres, as a share
/// of the narrower gap's half-height.
pub const TREAT_SWAY: f32 = 0.5;
/// The treat's radius in world units (what the game draws and catches): big enough to read as
/// food at speed (10 read as berries or bullets to a playtester).
pub const TREAT_RADIUS: f32 = 15.0;
/// How many looks a treat may have (the game draws each as a food).
pub const TREAT_LOOKS: u8 = 4;

/// A treat between gate `gate - 1` and gate `gate`, in the tunnel's coordinates (`x` from the
/// start, `y` up from the bottom of the screen).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Treat {
    /// The gate after it.
    pub gate: u32,
    pub x: f32,
    pub y: f32,
    /// Which food it looks like, below [`TREAT_LOOKS`]: decoration only.
    pub look: u8,
}

/// The treat before `gate` (whose predecessor is `before`): none before the first gate.
pub fn treat_before(seed: Seed, before: &Gate, gate: &Gate) -> Treat {
    let mut rng = stream(seed, Subsystem::TunnelTreats, gate.index);
    let sway = rng.range(-1.0, 1.0);
    let look = rng.below(usize::from(TREAT_LOOKS)) as u8;
    let half = before.gap_height.min(gate.gap_height) / 2.0;
    let middle = (before.gap_center + gate.gap_center) / 2.0;
    Treat { gate: gate.index, x: (before.x + gate.x) / 2.0, y: middle + sway * TREAT_SWAY * half, look }
}

/// The treats between each two of `gates` (the Food Tunnel's run).
pub fn treats_between(seed: Seed, gates: &[Gate]) -> Vec<Treat> {
    gates.windows(2).map(|pair| treat_before(seed, &pair[0], &pair[1])).collect()
}

/// Every treat placed where a flyer between its gates couldn't catch it, or that fits no gap:
/// rules `treat gate` (each treat follows its gate's predecessor, in order), `treat x` (clear of
/// both gates' walls by the flyer's height), `treat corridor` (halfway between the gates, inside
/// the lane between the two gaps' averaged edges by a treat's radius), `treat screen` (inside the
/// screen less its margin) and `treat look` (one of the looks).
pub fn validate_treats(tuning: &TunnelTuning, gates: &[Gate], treats: &[Treat]) -> Vec<Violation> {
    let mut out = Vec::new();
    let mut flag = |i: usize, rule: &'static str, detail: String| out.push(Violation::at("treat", i, rule, detail));
    for (i, treat) in treats.iter().enumerate() {
        let Some(after) = gates.iter().position(|g| g.index == treat.gate).filter(|&at| at > 0) else {
            flag(i, "treat gate", format!("no gate {} with a gate before it", treat.gate));
            continue;
        };
        let (a, b) = (&gates[after - 1], &gates[after]);
        let clear = tuning.flyer_height;
        if !(treat.x > a.x + clear && treat.x < b.x - clear) {
            flag(i, "treat x", format!("x {} is not clear of the gates at {} and {}", treat.x, a.x, b.x));
        }
        // Halfway between the gates, a flyer going straight from anywhere in one gap to anywhere
        // in the next passes between the gaps' edges averaged: the lane, less the treat's radius.
        let low = ((a.gap_center - a.gap_height / 2.0) + (b.gap_center - b.gap_height / 2.0)) / 2.0;
        let high = ((a.gap_center + a.gap_height / 2.0) + (b.gap_center + b.gap_height / 2.0)) / 2.0;
        if !(treat.y >= low + TREAT_RADIUS && treat.y <= high - TREAT_RADIUS) {
            let lane = format!("{}..{}", low + TREAT_RADIUS, high - TREAT_RADIUS);
            flag(i, "treat corridor", format!("y {} is outside the lane {lane} halfway between the gates", treat.y));
        }
        let (top, bottom) = (tuning.screen_height - tuning.screen_margin, tuning.screen_margin);
        if treat.y - TREAT_RADIUS < bottom || treat.y + TREAT_RADIUS > top {
            flag(i, "treat screen", format!("y {} is off the screen's {bottom}..{top}", treat.y));
        }
        if treat.look >= TREAT_LOOKS {
            flag(i, "treat look", format!("look {} is not below {TREAT_LOOKS}", treat.look));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::IntensityCurve;
    use crate::physics::FlyerReach;
    use crate::tunnel::generate_gates;

    fn gates(seed: u64) -> Vec<Gate> {
        let tuning = TunnelTuning::default();
        generate_gates(&tuning, &IntensityCurve::default(), FlyerReach::of(&tuning), Seed(seed), 300, true)
    }

    #[test]
    fn every_treat_of_many_seeds_sits_where_a_flyer_between_its_gates_can_catch_it() {
        let tuning = TunnelTuning::default();
        for seed in 0..300 {
            let gates = gates(seed);
            let treats = treats_between(Seed(seed), &gates);
            assert_eq!(treats.len(), gates.len() - 1);
            assert_eq!(validate_treats(&tuning, &gates, &treats), Vec::new(), "seed {seed}");
        }
    }

    #[test]
    fn a_treat_is_the_same_whatever_came_before_and_differs_by_seed() {
        let (a, b) = (gates(4), gates(5));
        let all = treats_between(Seed(4), &a);
        assert_eq!(treat_before(Seed(4), &a[40], &a[41]), all[40]);
        assert_ne!(treats_between(Seed(5), &b)[40], all[40]);
    }

    #[test]
    fn treats_in_a_wall_outside_the_corridor_or_off_screen_are_caught() {
        let tuning = TunnelTuning::default();
        let gates = gates(9);
        let good = treats_between(Seed(9), &gates);
        let broken = |change: fn(&mut Treat, &[Gate])| {
            let mut treats = good.clone();
            change(&mut treats[10], &gates);
            validate_treats(&tuning, &gates, &treats).into_iter().map(|v| v.rule).collect::<Vec<_>>()
        };
        assert!(broken(|t, g| t.x = g[11].x).contains(&"treat x"));
        assert!(broken(|t, g| t.y = g[11].gap_center + g[11].gap_height).contains(&"treat corridor"));
        assert!(broken(|t, _| t.y = 2.0).contains(&"treat screen"));
        assert!(broken(|t, _| t.gate = 0).contains(&"treat gate"));
        assert!(broken(|t, _| t.look = TREAT_LOOKS).contains(&"treat look"));
    }
}
