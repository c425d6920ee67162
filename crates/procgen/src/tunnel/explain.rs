//! What the tunnel's generator says while it lays gates ([`TunnelStep`]): the rules it reads,
//! then per gate the intensity there with the gap height and spacing drawn, the squeeze (the gap
//! as the Food Tunnel narrows it, and its floor), and the gap's centre: the shift cap against the
//! flyer's climb and fall over the flight time, inside the screen, and where the draw fell in
//! that range. Every number is the one the generator used; [`crate::tunnel::rebuild`] lays the
//! gates again from these events alone.

use serde::Serialize;

use crate::physics::FlyerReach;
use crate::trace::Step;
use crate::tunnel::TunnelTuning;

/// The range a gap's centre may take after the last gate's, and every number that bounds it.
/// The generator computes it to choose the centre; a trace records it so a caption can say which
/// bound held, and the rebuild recomputes it from the gates so the caption cannot lie.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct CentreRange {
    /// The last gate's centre, where the shift is measured from.
    pub from: f32,
    /// The shift cap: min(shift_screen_share × screen height, shift_spacing_share × spacing).
    pub cap: f32,
    /// Seconds from the last gate to this one: the spacing at the faster of their two speeds.
    pub flight_time: f32,
    /// The two windows' half-heights added (each squeezed gap less the flyer, halved): the slack
    /// the flyer has without climbing or falling.
    pub windows: f32,
    /// The most the flyer climbs in `flight_time`, flapping as often as allowed.
    pub climb: f32,
    /// The most it falls in `flight_time`, never flapping.
    pub fall: f32,
    /// How far up the centre may move: min(cap, windows + climb).
    pub up: f32,
    /// How far down: min(cap, windows + fall).
    pub down: f32,
    /// Where the whole (unsqueezed) gap fits the screen: margin + half the gap from each edge.
    pub screen: (f32, f32),
    /// The range the centre is drawn in: the screen's range cut to [from − down, from + up].
    pub lo: f32,
    pub hi: f32,
    /// Nothing keeps every rule (a broken tuning): the centre stays on screen as close to the last
    /// one as it can (`lo` = `hi`).
    pub boxed_in: bool,
}

impl CentreRange {
    /// Every number by its bits, for a comparison that tells 0.0 from −0.0.
    pub fn bits(&self) -> [u32; 12] {
        [
            self.from,
            self.cap,
            self.flight_time,
            self.windows,
            self.climb,
            self.fall,
            self.up,
            self.down,
            self.screen.0,
            self.screen.1,
            self.lo,
            self.hi,
        ]
        .map(f32::to_bits)
    }
}

/// One decision of the tunnel's generator, in the order made. Serialized with its rule's name in
/// a `rule` field (`{"rule": "centre", …}`); heights are measured up from the bottom of the screen.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "rule", rename_all = "kebab-case")]
pub enum TunnelStep {
    /// Once, before the first gate: the tuning every later rule reads, the flyer's reach (the
    /// physics the game simulates) and whether gaps are met squeezed (the Food Tunnel).
    Rules { tuning: TunnelTuning, reach: FlyerReach, squeeze: bool },
    /// A gate: the intensity at `index` (the curve at `progress` = index / gates per step), its
    /// gap `height` drawn in `gap_range` (narrowing with intensity), its `spacing` drawn as
    /// `drawn_spacing` in [spacing_min, spacing_max] times `spacing_factor` (1 − tighten ×
    /// intensity), and its `x`, the last gate's plus the spacing.
    Gate {
        index: u32,
        progress: f32,
        intensity: f32,
        gap_range: (f32, f32),
        height: f32,
        drawn_spacing: f32,
        spacing_factor: f32,
        spacing: f32,
        x: f32,
    },
    /// The squeeze: the gap narrowed by `narrowed_by` at this intensity, never below `floor` (nor
    /// widened when already narrower). Every centre is chosen against the squeezed gaps; with
    /// `applied` (the Food Tunnel) it is also the gap the flyer meets.
    Squeeze { index: u32, intensity: f32, height: f32, narrowed_by: f32, floor: f32, squeezed: f32, applied: bool },
    /// The first gate's gap is centred on the screen.
    FirstCentre { screen_height: f32, centre: f32 },
    /// Any later gate's centre: drawn at `u` (uniform in [0, 1)) across the range its rules leave.
    Centre { index: u32, range: CentreRange, u: f32, centre: f32 },
}

impl Step for TunnelStep {
    fn rule(&self) -> &'static str {
        match self {
            TunnelStep::Rules { .. } => "rules",
            TunnelStep::Gate { .. } => "gate",
            TunnelStep::Squeeze { .. } => "squeeze",
            TunnelStep::FirstCentre { .. } => "first-centre",
            TunnelStep::Centre { .. } => "centre",
        }
    }

    fn caption(&self) -> String {
        match self {
            TunnelStep::Rules { tuning, squeeze, .. } => rules_caption(tuning, *squeeze),
            TunnelStep::Gate {
                index,
                progress,
                intensity,
                gap_range,
                height,
                drawn_spacing,
                spacing_factor,
                spacing,
                x,
            } => {
                format!(
                    "gate {index} at x {x:.0}: intensity {intensity:.2} (curve at {progress:.2}); gap {height:.1} drawn in \
                     [{:.1}, {:.1}]; spacing {drawn_spacing:.1} × {spacing_factor:.3} = {spacing:.1}",
                    gap_range.0, gap_range.1
                )
            }
            TunnelStep::Squeeze { index, intensity, height, narrowed_by, floor, squeezed, applied } => {
                let why = if *narrowed_by == 0.0 {
                    format!("not narrowed at intensity {intensity:.2}")
                } else if *squeezed > height - narrowed_by {
                    format!("narrowed by {narrowed_by:.1} at intensity {intensity:.2}, held at the floor {floor}")
                } else {
                    format!("narrowed by {narrowed_by:.1} at intensity {intensity:.2}")
                };
                let met = if *applied { "the gap the flyer meets" } else { "what the centres are chosen against" };
                format!("squeeze of gate {index}: {height:.1} {why} → {squeezed:.1} ({met})")
            }
            TunnelStep::FirstCentre { screen_height, centre } => {
                format!("centre of gate 0: the middle of the {screen_height} screen, {centre}")
            }
            TunnelStep::Centre { index, range, u, centre } => centre_caption(*index, range, *u, *centre),
        }
    }
}

/// The caption of the `rules` event: the gaps', spacings' and centres' rules, and the squeeze's.
fn rules_caption(t: &TunnelTuning, squeeze: bool) -> String {
    format!(
        "rules: gaps {}–{} at intensity 0 to {}–{} at 1, spaced {}–{} tightened by up to {:.0}%; centres move \
         at most min({:.0}% of the screen's {}, {:.0}% of the spacing) and within the flyer's climb and fall; {}",
        t.gap_min_start,
        t.gap_max_start,
        t.gap_min_end,
        t.gap_max_end,
        t.spacing_min,
        t.spacing_max,
        t.spacing_tighten * 100.0,
        t.shift_screen_share * 100.0,
        t.screen_height,
        t.shift_spacing_share * 100.0,
        if squeeze {
            format!(
                "gaps squeeze from intensity {} by up to {} to a floor of {}",
                t.squeeze_from, t.squeeze_max, t.squeeze_floor
            )
        } else {
            "gaps are met as drawn".to_string()
        }
    )
}

/// The caption of a later gate's centre: the range its rules leave and where in it the draw fell.
fn centre_caption(index: u32, r: &CentreRange, u: f32, centre: f32) -> String {
    if r.boxed_in {
        return format!(
            "centre of gate {index}: no height keeps every rule; stays on screen as near {:.0} as it can: {centre:.1}",
            r.from
        );
    }
    format!(
        "centre of gate {index}: from {:.1}, up min(cap {:.1}, windows {:.1} + climb {:.1}) = {:.1}, down \
         min(cap {:.1}, {:.1} + fall {:.1}) = {:.1} in {:.2} s, on screen [{:.1}, {:.1}] → [{:.1}, {:.1}]; \
         drawn at {u:.2}: {centre:.1}",
        r.from,
        r.cap,
        r.windows,
        r.climb,
        r.up,
        r.cap,
        r.windows,
        r.fall,
        r.down,
        r.flight_time,
        r.screen.0,
        r.screen.1,
        r.lo,
        r.hi
    )
}
