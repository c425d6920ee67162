//! The Flying tunnel: a corridor of gates the flyer flaps through, their gaps narrowing, their
//! spacing tightening and their speed rising with intensity, and optionally squeezing shut gate
//! by gate down to a hard floor.
//!
//! - [`tuning`]: the designer numbers; [`flight`]: the flyer model and the reachability rule;
//! - [`validate`]: re-checks every rule; [`render`]: text and RGB pictures;
//! - [`stars`]: the background star field, fixed for every level;
//! - [`treats`]: the Food Tunnel's treats to catch between its gates;
//! - [`explain`]: the events the generator narrates; [`rebuild`]: the gates laid from them alone.
//!
//! Heights are world units measured UP from the bottom of the screen (`gap_center` in
//! `[0, screen_height]`); `x` is the distance from the flyer's start, which is level with the
//! first gap (the first gate's gap is centred on the screen).
//!
//! Each gate draws exactly three values from the `TunnelGates` stream (gap height, spacing,
//! centre), and the centres are chosen against the squeezed gaps whether or not squeeze is on,
//! so the squeeze flag changes gap heights only: never a centre, a spacing or an `x`.

pub mod explain;
pub mod flight;
pub mod level;
pub mod rebuild;
pub mod render;
pub mod stars;
pub mod treats;
pub mod tuning;
pub mod validate;

use rand_chacha::ChaCha8Rng;
use serde::Serialize;

pub use explain::{CentreRange, TunnelStep};
pub use flight::reachable;
pub use rebuild::{rebuild_gates, sketch_gates};
pub use render::{draw_tunnel, tunnel_rgb};
pub use stars::{STAR_SEED, Star, star_field};
pub use tuning::TunnelTuning;
pub use validate::{Violation, validate_gates};

use crate::Seed;
use crate::intensity::IntensityCurve;
use crate::physics::FlyerReach;
use crate::rng::{GenRng, Subsystem, stream};
use crate::trace::{NoTrace, Trace};

/// One gate: a wall across the screen at `x` with a gap of `gap_height` centred on `gap_center`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Gate {
    /// From 0.
    pub index: u32,
    /// Distance from the start: the sum of the spacings so far.
    pub x: f32,
    /// Measured up from the bottom of the screen.
    pub gap_center: f32,
    /// The gap as the flyer meets it (squeezed in squeeze mode).
    pub gap_height: f32,
    /// Distance from the previous gate (from the start for gate 0).
    pub spacing: f32,
    /// The intensity the gate was made for (from the shared curve).
    pub intensity: f32,
}

/// The JSON document the CLI prints for a run of gates; its field names are a stable interface.
#[derive(Clone, Debug, Serialize)]
pub struct TunnelJson<'a> {
    pub seed: String,
    pub mode: &'static str,
    pub screen_height: f32,
    pub gates: &'a [Gate],
    /// The Food Tunnel's treats between its gates (absent for the Flying tunnel).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub treats: Vec<treats::Treat>,
}

impl<'a> TunnelJson<'a> {
    /// The document for `gates` of `seed` (the seed shown as its code), with no treats.
    pub fn new(seed: Seed, tuning: &TunnelTuning, gates: &'a [Gate]) -> TunnelJson<'a> {
        let screen_height = tuning.screen_height;
        TunnelJson { seed: seed.code().to_string(), mode: "tunnel", screen_height, gates, treats: Vec::new() }
    }
}

/// Produces the gates of a run in order, forever; each gate is O(1) work.
#[derive(Clone, Debug)]
pub struct TunnelGenerator {
    tuning: TunnelTuning,
    curve: IntensityCurve,
    squeeze: bool,
    reach: FlyerReach,
    rng: ChaCha8Rng,
    next_index: u64,
    /// The last gate as generated, and its gap squeezed (what the next centre is chosen against).
    last: Option<(Gate, f32)>,
}

impl TunnelGenerator {
    /// A run of `seed` for a flyer that moves as `reach` says (from the physics plugin); with
    /// `squeeze`, gaps as the Food Tunnel narrows them.
    pub fn new(
        tuning: TunnelTuning,
        curve: IntensityCurve,
        reach: FlyerReach,
        seed: Seed,
        squeeze: bool,
    ) -> TunnelGenerator {
        TunnelGenerator {
            tuning,
            curve,
            squeeze,
            reach,
            rng: stream(seed, Subsystem::TunnelGates, 0),
            next_index: 0,
            last: None,
        }
    }

    pub fn tuning(&self) -> &TunnelTuning {
        &self.tuning
    }

    /// The next gate. Panics after gate u32::MAX (the iterator ends there instead).
    pub fn next_gate(&mut self) -> Gate {
        self.next_gate_traced(&mut NoTrace)
    }

    /// [`TunnelGenerator::next_gate`], narrating each decision to `trace` (the rules first, before
    /// the first gate): the same gate, bit for bit.
    pub(crate) fn next_gate_traced<T: Trace<TunnelStep>>(&mut self, trace: &mut T) -> Gate {
        let index = u32::try_from(self.next_index).expect("a tunnel run ends after gate u32::MAX");
        if index == 0 {
            trace.note(|| TunnelStep::Rules { tuning: self.tuning.clone(), reach: self.reach, squeeze: self.squeeze });
        }
        self.next_index += 1;
        let tuning = &self.tuning;
        let intensity = tuning.intensity_at(&self.curve, index);
        let (gap_lo, gap_hi) = tuning.gap_range(intensity);
        let (spacing_lo, spacing_hi) = (tuning.spacing_min, tuning.spacing_max);
        let height = self.rng.range(gap_lo, gap_hi);
        let drawn_spacing = self.rng.range(spacing_lo, spacing_hi);
        let spacing = drawn_spacing * tuning.spacing_factor(intensity);
        let u = self.rng.unit();
        let squeezed = tuning.squeezed(height, intensity);
        // The whole (unsqueezed) gap fits the screen; a squeezed gap shares its centre, so it fits too.
        let screen = (tuning.screen_margin + height / 2.0, tuning.screen_height - tuning.screen_margin - height / 2.0);
        let x = self.last.as_ref().map_or(spacing, |(last, _)| last.x + spacing);
        trace.note(|| TunnelStep::Gate {
            index,
            progress: index as f32 / tuning.gates_per_step,
            intensity,
            gap_range: (gap_lo, gap_hi),
            height,
            drawn_spacing,
            spacing_factor: tuning.spacing_factor(intensity),
            spacing,
            x,
        });
        trace.note(|| TunnelStep::Squeeze {
            index,
            intensity,
            height,
            narrowed_by: tuning.squeeze_by(intensity),
            floor: tuning.squeeze_floor,
            squeezed,
            applied: self.squeeze,
        });
        let gap_center = match &self.last {
            None => {
                let centre = tuning.screen_height / 2.0;
                trace.note(|| TunnelStep::FirstCentre { screen_height: tuning.screen_height, centre });
                centre
            }
            Some((last, last_squeezed)) => {
                let probe = Gate { index, x, gap_center: 0.0, gap_height: squeezed, spacing, intensity };
                let from = Gate { gap_height: *last_squeezed, ..*last };
                let range = centre_range(tuning, &self.reach, &from, &probe, screen);
                let centre = range.draw(u);
                trace.note(|| TunnelStep::Centre { index, range, u, centre });
                centre
            }
        };
        let gate = Gate { index, x, gap_center, gap_height: height, spacing, intensity };
        self.last = Some((gate, squeezed));
        Gate { gap_height: if self.squeeze { squeezed } else { height }, ..gate }
    }
}

impl CentreRange {
    /// The centre at `u` in [0, 1) across the range.
    pub fn draw(&self, u: f32) -> f32 {
        (self.lo + (self.hi - self.lo) * u).clamp(self.lo, self.hi)
    }
}

/// Where `to`'s centre may go after `from`: inside the screen range, within the shift cap and
/// within the flyer's reach of `from`'s window (both gaps as squeezed, the narrowest they get).
/// A valid tuning always leaves it non-empty; otherwise the screen range wins and the validator
/// reports the broken rule. Shared with [`rebuild`], which recomputes it from the gates.
pub(crate) fn centre_range(
    tuning: &TunnelTuning,
    reach: &FlyerReach,
    from: &Gate,
    to: &Gate,
    screen: (f32, f32),
) -> CentreRange {
    let c = from.gap_center;
    let cap = tuning.shift_cap(to.spacing);
    let t = flight::flight_time(tuning, from, to);
    let windows = flight::window_half(tuning, from.gap_height) + flight::window_half(tuning, to.gap_height);
    let (climb, fall) = (reach.max_climb(t), reach.max_drop(t));
    let up = cap.min(windows + climb);
    let down = cap.min(windows + fall);
    let (lo, hi) = (screen.0.max(c - down), screen.1.min(c + up));
    let (lo, hi, boxed_in) = if lo <= hi {
        (lo, hi, false)
    } else {
        // Nothing keeps every rule: stay on screen, as close to the last centre as it allows.
        let nearest = c.clamp(screen.0.min(screen.1), screen.1.max(screen.0));
        (nearest, nearest, true)
    };
    CentreRange { from: c, cap, flight_time: t, windows, climb, fall, up, down, screen, lo, hi, boxed_in }
}

impl Iterator for TunnelGenerator {
    type Item = Gate;

    fn next(&mut self) -> Option<Gate> {
        (self.next_index <= u64::from(u32::MAX)).then(|| self.next_gate())
    }
}

/// The first `n` gates of `seed`.
///
/// ```
/// use seedfeast_procgen::{IntensityCurve, Seed, physics::FlyerReach};
/// use seedfeast_procgen::tunnel::{TunnelTuning, generate_gates, validate_gates};
/// let (tuning, curve) = (TunnelTuning::default(), IntensityCurve::default());
/// let reach = FlyerReach::of(&tuning);
/// let gates = generate_gates(&tuning, &curve, reach, Seed(7), 200, false);
/// assert_eq!((gates.len(), gates[0].gap_center), (200, 360.0));
/// assert!(validate_gates(&tuning, &reach, &gates, false).is_empty());
/// let squeezed = generate_gates(&tuning, &curve, reach, Seed(7), 200, true);
/// assert!(validate_gates(&tuning, &reach, &squeezed, true).is_empty());
/// assert!(gates.iter().zip(&squeezed).all(|(a, b)| a.gap_center == b.gap_center && a.gap_height >= b.gap_height));
/// assert!(squeezed[150..].iter().any(|g| g.gap_height == 96.0)); // squeezed down to the floor
/// ```
pub fn generate_gates(
    tuning: &TunnelTuning,
    curve: &IntensityCurve,
    reach: FlyerReach,
    seed: Seed,
    n: usize,
    squeeze: bool,
) -> Vec<Gate> {
    generate_gates_traced(tuning, curve, reach, seed, n, squeeze, &mut NoTrace)
}

/// [`generate_gates`], narrating every decision to `trace`: the same gates, bit for bit.
pub fn generate_gates_traced<T: Trace<TunnelStep>>(
    tuning: &TunnelTuning,
    curve: &IntensityCurve,
    reach: FlyerReach,
    seed: Seed,
    n: usize,
    squeeze: bool,
    trace: &mut T,
) -> Vec<Gate> {
    let mut generator = TunnelGenerator::new(tuning.clone(), curve.clone(), reach, seed, squeeze);
    // As the iterator's `take(n)`: a run ends after gate u32::MAX.
    let mut gates = Vec::new();
    while gates.len() < n && generator.next_index <= u64::from(u32::MAX) {
        gates.push(generator.next_gate_traced(trace));
    }
    gates
}
