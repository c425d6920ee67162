//! The tunnels' reference pilot: it plans its flaps with the same per-step flyer model the
//! generator plans with. A plan is a beam search over flap-or-wait a little over two seconds
//! ahead (futures that touch a wall dropped, the rest pruned to distinct heights and speeds,
//! those nearest the next gap's middle kept); the pilot follows it and plans again when it runs
//! short or the real flyer strays from it. Used by the headless
//! tests, the seed lab's bots and recorded replays; it plays only through the jump latch, as a
//! player's key does.

use std::collections::VecDeque;

use bevy::prelude::*;
use bevy_rapier2d::prelude::Velocity;
use seedfeast_procgen::physics::FlyerReach;
use seedfeast_procgen::tunnel::flight::{Crossing, crossing};
use seedfeast_procgen::tunnel::{Gate, TunnelTuning};

use crate::data::GameData;
use crate::intensity::Intensity;
use crate::modes::tunnel::{Flyer, TunnelRun};
use crate::physics::Reach;
use crate::replay::StepInput;

/// Steps a plan looks ahead: about three gates at top speed.
const HORIZON: usize = 170;
/// A plan is made again when fewer steps than this are left of it, so it always sees two gates.
const REPLAN_BELOW: usize = 110;
/// The pilot keeps this far inside a gate's window (world units), so the few hundredths of a
/// unit between its model and the physics never decide a crossing.
const MARGIN: f32 = 2.0;
/// Futures kept per step of the search.
const BEAM: usize = 160;
/// How far (world units) the real flyer may stray from the plan before it is made again.
const STRAY: f32 = 1.5;

/// What the pilot knows of the flyer, in tunnel coordinates (y up from the bottom).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct View {
    pub x: f32,
    pub y: f32,
    pub vy: f32,
    /// The flyer's flap cooldown as the tunnel keeps it: counted down at the start of each step,
    /// a flap allowed when it reaches 0.
    pub cooldown: u32,
}

/// Whether the step from `from` to `to` ends the run: out of the screen, or a gate's line crossed
/// outside its window (the game's own rule, procgen's `flight::crossing`).
fn crashed(tuning: &TunnelTuning, gates: &[Gate], from: &View, to: &View) -> bool {
    let r = tuning.flyer_height / 2.0;
    if to.y - r < 0.0 || to.y + r > tuning.screen_height {
        return true;
    }
    gates
        .iter()
        .any(|g| crossing(g, tuning.flyer_height + 2.0 * MARGIN, (from.x, from.y), (to.x, to.y)) == Crossing::Hit)
}

/// The middle of the gap the flyer at `x` meets next (the screen's middle past the last gate).
fn aim(tuning: &TunnelTuning, gates: &[Gate], x: f32) -> f32 {
    gates.iter().find(|g| g.x >= x).map_or(tuning.screen_height / 2.0, |g| g.gap_center)
}

/// One fixed step of `view`, flapping or not, as the game and rapier step it. `None` when a
/// flap isn't allowed yet.
pub fn step(reach: &FlyerReach, speed: f32, mut view: View, flap: bool) -> Option<View> {
    view.cooldown = view.cooldown.saturating_sub(1);
    if flap {
        if view.cooldown != 0 {
            return None;
        }
        view.vy = reach.flap_speed;
        view.cooldown = reach.flap_every_steps;
    }
    let (vy, gained) = reach.step(view.vy, false);
    view.vy = vy;
    view.y += gained;
    view.x += speed * reach.dt;
    Some(view)
}

/// A step of the search: its state, what was done to reach it, and where it came from.
#[derive(Clone, Copy)]
struct Node {
    view: View,
    flap: bool,
    parent: usize,
}

/// The flaps (true) and waits of the best future from `view`, with the state after each step;
/// empty when every future crashes at once.
fn plan(tuning: &TunnelTuning, reach: &FlyerReach, gates: &[Gate], speed: f32, view: View) -> Vec<(bool, View)> {
    const ROOT: usize = usize::MAX;
    let mut nodes: Vec<Node> = Vec::with_capacity(HORIZON * BEAM * 2);
    let mut frontier: Vec<usize> = Vec::new();
    let mut best_dead: Option<usize> = None;
    for depth in 0..HORIZON {
        let parents: Vec<(usize, View)> =
            if depth == 0 { vec![(ROOT, view)] } else { frontier.iter().map(|&i| (i, nodes[i].view)).collect() };
        let mut grown: Vec<usize> = Vec::with_capacity(parents.len() * 2);
        for (parent, from) in parents {
            for flap in [false, true] {
                let Some(next) = step(reach, speed, from, flap) else { continue };
                if crashed(tuning, gates, &from, &next) {
                    continue;
                }
                nodes.push(Node { view: next, flap, parent });
                grown.push(nodes.len() - 1);
            }
        }
        if grown.is_empty() {
            break;
        }
        best_dead = grown.first().copied();
        frontier = prune(&nodes, grown, |v| aim(tuning, gates, v.x));
    }
    // The survivor nearest the gap it is heading for (or the longest-lived, if none survived).
    let aim_of = |v: &View| (v.y - aim(tuning, gates, v.x)).abs();
    let Some(mut at) = frontier
        .iter()
        .copied()
        .min_by(|&a, &b| aim_of(&nodes[a].view).total_cmp(&aim_of(&nodes[b].view)))
        .or(best_dead)
    else {
        return Vec::new();
    };
    let mut steps = Vec::new();
    while at != ROOT {
        steps.push((nodes[at].flap, nodes[at].view));
        at = nodes[at].parent;
    }
    steps.reverse();
    steps
}

/// Keeps at most [`BEAM`] futures: one per cell of (height, speed, cooldown), those nearest the
/// middle of the gap they head for first.
fn prune(nodes: &[Node], mut grown: Vec<usize>, aim: impl Fn(&View) -> f32) -> Vec<usize> {
    let cell = |i: &usize| {
        let v = nodes[*i].view;
        ((v.y / 2.0).floor() as i32, (v.vy / 30.0).floor() as i32, v.cooldown)
    };
    grown.sort_by_key(cell);
    grown.dedup_by_key(|i| cell(i));
    if grown.len() > BEAM {
        let distance = |i: &usize| (nodes[*i].view.y - aim(&nodes[*i].view)).abs();
        grown.sort_by(|a, b| distance(a).total_cmp(&distance(b)));
        grown.truncate(BEAM);
    }
    grown
}

/// A pilot: its current plan, followed step by step.
#[derive(Default, Debug, Clone)]
pub struct Pilot {
    plan: VecDeque<(bool, View)>,
    /// Where the plan said the flyer would be now.
    expected: Option<View>,
}

impl Pilot {
    /// Whether to flap this step, planning again when needed.
    pub fn decide(
        &mut self,
        tuning: &TunnelTuning,
        reach: &FlyerReach,
        gates: &[Gate],
        speed: f32,
        view: View,
    ) -> bool {
        let strayed = self
            .expected
            .is_none_or(|expected| (expected.y - view.y).abs() > STRAY || (expected.vy - view.vy).abs() > STRAY * 60.0);
        // Gates are in view well before a plan reaches them, so a plan never misses one.
        if self.plan.len() < REPLAN_BELOW || strayed {
            self.plan = plan(tuning, reach, gates, speed, view).into_iter().collect();
        }
        // The plan's first step is this step; the state after it is what the next step checks.
        let (flap, after) = self.plan.pop_front().unwrap_or((false, view));
        self.expected = Some(after);
        flap
    }
}

/// The same check as [`Pilot::decide`] for one step, without memory (planning every time).
pub fn should_flap(tuning: &TunnelTuning, reach: &FlyerReach, gates: &[Gate], speed: f32, view: View) -> bool {
    Pilot::default().decide(tuning, reach, gates, speed, view)
}

/// The pilot as a fixed-step system: presses flap through the jump latch, before the tunnel's
/// own systems read it (the first press also takes off).
/// The tunnels' bot row: the generator promises every gate can be flown through, so a stop
/// before 100 gates on a level the validator passed is a fairness bug.
pub(crate) const BOT: crate::mode::Bot =
    crate::mode::Bot { add: add_pilot, goal: 100.0, promised: true, start_level: None };

fn add_pilot(app: &mut App) {
    use crate::run::Gameplay;
    app.add_systems(FixedUpdate, autopilot.after(Gameplay::Input).before(Gameplay::Control));
}

/// Flaps when the [`Pilot`] says so, through the step's input as a player's key would.
pub fn autopilot(
    data: Res<GameData>,
    reach: Option<Res<Reach>>,
    intensity: Res<Intensity>,
    run: Option<Res<TunnelRun>>,
    mut input: ResMut<StepInput>,
    flyer: Query<(&Transform, &Velocity, &Flyer)>,
    mut pilot: Local<Pilot>,
) {
    let (Some(run), Some(reach), Ok((transform, velocity, flyer))) = (run, reach, flyer.single()) else { return };
    if !run.started {
        input.jump = true;
        return;
    }
    let tuning = &data.tunnel;
    let gates: Vec<Gate> = run.live.iter().copied().collect();
    let view = View {
        x: transform.translation.x,
        y: transform.translation.y + tuning.screen_height / 2.0,
        vy: velocity.linear.y,
        cooldown: flyer.cooldown,
    };
    if pilot.decide(tuning, &reach.flyer, &gates, tuning.speed_at(intensity.0), view) {
        input.jump = true;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use seedfeast_procgen::tunnel::generate_gates;
    use seedfeast_procgen::{IntensityCurve, Seed};

    /// Flies the model itself through a run of gates: the pilot's own plan must work on the
    /// physics it assumes.
    fn fly_model(squeeze: bool, seed: Seed, gates_wanted: usize) -> usize {
        let tuning = TunnelTuning::default();
        let reach = FlyerReach::of(&tuning);
        let curve = IntensityCurve::default();
        let gates = generate_gates(&tuning, &curve, reach, seed, gates_wanted + 5, squeeze);
        let mut view = View { x: 0.0, y: tuning.screen_height / 2.0, vy: 0.0, cooldown: 0 };
        let mut pilot = Pilot::default();
        let mut passed = 0;
        for _ in 0..100_000 {
            let next = passed.min(gates.len() - 1);
            let speed = tuning.speed_at(gates[next].intensity);
            let ahead = &gates[passed.saturating_sub(1)..(passed + 5).min(gates.len())];
            let flap = pilot.decide(&tuning, &reach, ahead, speed, view);
            let from = view;
            view.cooldown = view.cooldown.saturating_sub(1);
            if flap && view.cooldown == 0 {
                view.vy = reach.flap_speed;
                view.cooldown = reach.flap_every_steps;
            }
            let (vy, gained) = reach.step(view.vy, false);
            view.vy = vy;
            view.y += gained;
            view.x += speed * reach.dt;
            if crashed(&tuning, ahead, &from, &view) {
                return passed;
            }
            while passed < gates.len() && view.x >= gates[passed].x {
                passed += 1;
            }
            if passed >= gates_wanted {
                return passed;
            }
        }
        passed
    }

    #[test]
    fn the_pilot_threads_the_models_own_tunnels() {
        // Past gate 100 the Food Tunnel's gaps are mostly at the floor.
        for seed in 0..3 {
            let passed = fly_model(false, Seed(seed), 120);
            assert!(passed >= 120, "plain, seed {seed}: {passed} gates");
            let passed = fly_model(true, Seed(seed), 120);
            assert!(passed >= 120, "food tunnel, seed {seed}: {passed} gates");
        }
    }
}
