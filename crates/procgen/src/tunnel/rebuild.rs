//! A run of tunnel gates laid again from its trace alone ([`rebuild_gates`]): no generator, no
//! random stream and no curve, only the events. The `rules` event carries the tuning and the
//! flyer's reach; each gate comes from its `gate` event, its `squeeze` and its centre, and every
//! number a caption shows is recomputed from the gates before it by the rule that makes it (the
//! spacing from its draw, x from the last gate's, the squeeze and its floor, the centre's range
//! from the shift cap, the climb and the fall), to the bit, so a trace rebuilds exactly the gates
//! the generator returned or says which event does not add up.

use crate::generate::Picture;
use crate::physics::FlyerReach;
use crate::trace::{ReplayError, Step, same_number};
use crate::tunnel::explain::TunnelStep;
use crate::tunnel::{Gate, TunnelTuning, centre_range};

/// The gate being laid: its `gate` event's numbers, then its squeeze, then its centre.
struct Open {
    gate: Gate,
    squeezed: Option<f32>,
}

/// The gates `events` describe, in order.
///
/// ```
/// use seedfeast_procgen::{IntensityCurve, Seed, physics::FlyerReach, trace::Recorder};
/// use seedfeast_procgen::tunnel::{TunnelTuning, generate_gates_traced, rebuild_gates};
/// let tuning = TunnelTuning::default();
/// let mut trace = Recorder::new();
/// let reach = FlyerReach::of(&tuning);
/// let gates = generate_gates_traced(&tuning, &IntensityCurve::default(), reach, Seed(7), 50, true, &mut trace);
/// assert_eq!(rebuild_gates(trace.events()), Ok(gates));
/// ```
pub fn rebuild_gates(events: &[TunnelStep]) -> Result<Vec<Gate>, ReplayError> {
    let (gates, open, _) = lay_gates(events)?;
    if let Some(open) = open {
        return Err(ReplayError::new(events.len(), format!("gate {} has no centre", open.gate.index)));
    }
    Ok(gates)
}

/// The gates as far as `events` (a prefix of a trace, for `explain --format png`) have laid them,
/// `px_per_unit` pixels a world unit (a gate not yet centred is not drawn).
pub fn sketch_gates(events: &[TunnelStep], px_per_unit: f32) -> Result<Picture, ReplayError> {
    let (gates, _, screen_height) = lay_gates(events)?;
    let screen_height = screen_height.ok_or_else(|| ReplayError::new(events.len(), "no `rules` event"))?;
    Ok(Picture::from_parts(crate::tunnel::tunnel_rgb(&gates, screen_height, px_per_unit)))
}

/// The gates the events lay, the gate still being laid, and the screen's height once the rules
/// are read.
type Laid = (Vec<Gate>, Option<Open>, Option<f32>);

fn lay_gates(events: &[TunnelStep]) -> Result<Laid, ReplayError> {
    let mut rules: Option<(&TunnelTuning, &FlyerReach, bool)> = None;
    let mut laying = Laying { gates: Vec::new(), last: None, open: None };
    for (at, event) in events.iter().enumerate() {
        let fail = |reason: String| ReplayError::new(at, reason);
        if let TunnelStep::Rules { tuning, reach, squeeze } = event {
            if rules.is_some() {
                return Err(fail("a second `rules` event".into()));
            }
            rules = Some((tuning, reach, *squeeze));
            continue;
        }
        let Some((tuning, reach, squeeze)) = rules else {
            return Err(fail(format!("a `{}` event before the `rules`", event.rule())));
        };
        match event {
            TunnelStep::Rules { .. } => unreachable!("handled above"),
            TunnelStep::Gate { .. } => laying.open_gate(tuning, at, event)?,
            TunnelStep::Squeeze { .. } => laying.squeeze(tuning, squeeze, at, event)?,
            TunnelStep::FirstCentre { .. } | TunnelStep::Centre { .. } => {
                laying.centre(tuning, reach, squeeze, at, event)?
            }
        }
    }
    Ok((laying.gates, laying.open, rules.map(|(tuning, _, _)| tuning.screen_height)))
}

/// The gates laid so far and the one being laid.
struct Laying {
    gates: Vec<Gate>,
    /// The last gate laid as the generator keeps it (the gap as drawn) and its squeezed gap: what
    /// the next centre is chosen against.
    last: Option<(Gate, f32)>,
    open: Option<Open>,
}

impl Laying {
    /// Opens the gate a `gate` event (event `at`) names, once its place, spacing and gap range are
    /// checked against the rules and the gates before it.
    fn open_gate(&mut self, tuning: &TunnelTuning, at: usize, event: &TunnelStep) -> Result<(), ReplayError> {
        let fail = |reason: String| ReplayError::new(at, reason);
        let TunnelStep::Gate {
            index,
            progress,
            intensity,
            gap_range,
            height,
            drawn_spacing,
            spacing_factor,
            spacing,
            x,
        } = *event
        else {
            unreachable!("called on a gate event")
        };
        if self.open.is_some() {
            return Err(fail(format!("gate {index} opens before gate {} has its centre", self.gates.len())));
        }
        if index as usize != self.gates.len() {
            return Err(fail(format!("gate {index} comes where gate {} should", self.gates.len())));
        }
        same_number(at, "the progress", progress, index as f32 / tuning.gates_per_step)?;
        let (lo, hi) = tuning.gap_range(intensity);
        same_number(at, "the gap range's low end", gap_range.0, lo)?;
        same_number(at, "the gap range's high end", gap_range.1, hi)?;
        same_number(at, "the spacing factor", spacing_factor, tuning.spacing_factor(intensity))?;
        same_number(at, "the spacing", spacing, drawn_spacing * spacing_factor)?;
        same_number(at, "the gate's x", x, self.last.as_ref().map_or(spacing, |(last, _)| last.x + spacing))?;
        let gate = Gate { index, x, gap_center: 0.0, gap_height: height, spacing, intensity };
        self.open = Some(Open { gate, squeezed: None });
        Ok(())
    }

    /// Squeezes the gate being laid as a `squeeze` event (event `at`) says, once its numbers are
    /// checked against the gate and the rules.
    fn squeeze(
        &mut self,
        tuning: &TunnelTuning,
        squeeze: bool,
        at: usize,
        event: &TunnelStep,
    ) -> Result<(), ReplayError> {
        let fail = |reason: String| ReplayError::new(at, reason);
        let TunnelStep::Squeeze { index, intensity, height, narrowed_by, floor, squeezed, applied } = *event else {
            unreachable!("called on a squeeze event")
        };
        let Some(gate) = self.open.as_mut().filter(|o| o.squeezed.is_none() && o.gate.index == index) else {
            return Err(fail(format!("a squeeze of gate {index}, which is not the gate being laid")));
        };
        same_number(at, "the squeezed gate's intensity", intensity, gate.gate.intensity)?;
        same_number(at, "the squeezed gate's height", height, gate.gate.gap_height)?;
        same_number(at, "the narrowing", narrowed_by, tuning.squeeze_by(intensity))?;
        same_number(at, "the squeeze's floor", floor, tuning.squeeze_floor)?;
        same_number(at, "the squeezed gap", squeezed, tuning.squeezed(height, intensity))?;
        if applied != squeeze {
            return Err(fail(format!("the squeeze is {} but the rules say {squeeze}", applied)));
        }
        gate.squeezed = Some(squeezed);
        Ok(())
    }

    /// Centres and lays the squeezed gate being laid: the first in the middle of the screen, each
    /// next one drawn in the range its rules give from the last.
    fn centre(
        &mut self,
        tuning: &TunnelTuning,
        reach: &FlyerReach,
        squeeze: bool,
        at: usize,
        event: &TunnelStep,
    ) -> Result<(), ReplayError> {
        let fail = |reason: String| ReplayError::new(at, reason);
        match event {
            &TunnelStep::FirstCentre { screen_height, centre } => {
                let (gate, squeezed) = squeezed_gate(&mut self.open, 0).map_err(fail)?;
                if gate.index != 0 {
                    return Err(fail(format!("gate {} is centred as the first", gate.index)));
                }
                same_number(at, "the screen's height", screen_height, tuning.screen_height)?;
                same_number(at, "the first centre", centre, screen_height / 2.0)?;
                lay(&mut self.gates, &mut self.last, Gate { gap_center: centre, ..gate }, squeezed, squeeze);
            }
            TunnelStep::Centre { index, range, u, centre } => {
                let (gate, squeezed) = squeezed_gate(&mut self.open, *index).map_err(fail)?;
                let Some((previous, previous_squeezed)) = &self.last else {
                    return Err(fail(format!("gate {index} is centred after a last gate, but it is the first")));
                };
                let height = gate.gap_height;
                let screen =
                    (tuning.screen_margin + height / 2.0, tuning.screen_height - tuning.screen_margin - height / 2.0);
                let from = Gate { gap_height: *previous_squeezed, ..*previous };
                let rule = centre_range(tuning, reach, &from, &Gate { gap_height: squeezed, ..gate }, screen);
                if rule.bits() != range.bits() || rule.boxed_in != range.boxed_in {
                    return Err(fail(format!(
                        "the centre's range is recorded as {range:?} but its rules give {rule:?}"
                    )));
                }
                same_number(at, "the centre", *centre, rule.draw(*u))?;
                lay(&mut self.gates, &mut self.last, Gate { gap_center: *centre, ..gate }, squeezed, squeeze);
            }
            _ => unreachable!("only the centres come here"),
        }
        Ok(())
    }
}

/// The gate being laid, once squeezed: a centre comes after its gate's squeeze.
fn squeezed_gate(open: &mut Option<Open>, index: u32) -> Result<(Gate, f32), String> {
    match open.take() {
        Some(Open { gate, squeezed: Some(squeezed) }) if gate.index == index => Ok((gate, squeezed)),
        Some(Open { gate, squeezed: None }) => Err(format!("gate {} is centred before its squeeze", gate.index)),
        _ => Err(format!("a centre of gate {index}, which is not the gate being laid")),
    }
}

/// Lays a centred gate: kept as drawn for the next centre, met squeezed in the Food Tunnel.
fn lay(gates: &mut Vec<Gate>, last: &mut Option<(Gate, f32)>, gate: Gate, squeezed: f32, squeeze: bool) {
    *last = Some((gate, squeezed));
    gates.push(Gate { gap_height: if squeeze { squeezed } else { gate.gap_height }, ..gate });
}
