//! The Flying tunnel played headlessly in rapier: gates are exactly procgen's, the reference pilot
//! really flies a minute of them and the Food Tunnel past its squeeze floor, the flyer moves as
//! the physics model says, falling ends the run, and the floor keeps room for the real flyer.

use crate::common;

use bevy::prelude::*;
use bevy_rapier2d::prelude::{Collider, Velocity};
use common::*;
use seedfeast::data::GameData;
use seedfeast::modes::tunnel::pilot::autopilot;
use seedfeast::modes::tunnel::{Flyer, GateWalls, TunnelRun};
use seedfeast::session::{LastRun, Mode};
use seedfeast::sound::Sfx;
use seedfeast::state::Screen;
use seedfeast_procgen::Seed;
use seedfeast_procgen::tunnel::{Gate, generate_gates};

fn spawned_gates(app: &mut App) -> Vec<Gate> {
    let mut gates: Vec<Gate> = app.world_mut().query::<&GateWalls>().iter(app.world()).map(|g| g.0).collect();
    gates.sort_by_key(|g| g.index);
    gates
}

/// Flies `mode` from `seed` with the reference pilot for up to `frames` steps, or until `gates`
/// gates are behind it.
fn flown_to(mode: Mode, seed: Seed, frames: usize, gates: u32) -> App {
    let mut app = mode_app(mode, seed);
    listen(&mut app);
    app.add_systems(
        FixedUpdate,
        autopilot.after(seedfeast::run::Gameplay::Input).before(seedfeast::run::Gameplay::Control),
    );
    for _ in 0..frames {
        app.update();
        if screen(&app) != Screen::Playing || app.world().resource::<TunnelRun>().passed >= gates {
            break;
        }
    }
    app
}

fn flown(mode: Mode, seed: Seed, frames: usize) -> App {
    flown_to(mode, seed, frames, u32::MAX)
}

fn gates(seed: Seed, count: usize, squeeze: bool) -> Vec<Gate> {
    let data = GameData::built_in();
    generate_gates(&data.tunnel, data.curve(), data.flyer_reach(), seed, count, squeeze)
}

#[test]
fn gates_are_exactly_procgens() {
    let seed = Seed::from_text("tunnel night");
    let mut app = flown(mode("tunnel"), seed, 600);
    let gates = spawned_gates(&mut app);
    assert!(gates.len() > 4);
    let expected = self::gates(seed, gates.last().unwrap().index as usize + 1, false);
    for gate in &gates {
        assert_eq!(*gate, expected[gate.index as usize]);
    }
}

#[test]
fn the_pilot_flies_a_minute_of_gates() {
    for seed in [Seed(1), Seed(77)] {
        let app = flown(mode("tunnel"), seed, 60 * 60);
        let run = app.world().resource::<TunnelRun>();
        assert_eq!(screen(&app), Screen::Playing, "{seed:?}: {:?} after {} gates", run.ended, run.passed);
        assert!(run.passed >= 40, "only {} gates in a minute", run.passed);
        let cues = heard(&app);
        assert!(cues.count(Sfx::Gate) >= 40 && cues.count(Sfx::Flap) > 40 && cues.count(Sfx::Hit) == 0);
    }
}

/// The Food Tunnel squeezes every gap down to its floor as intensity rises: a pilot that times
/// its flaps with the physics model flies it, in rapier, through ninety gates and more, where
/// the floor is met again and again.
#[test]
fn the_food_tunnel_is_flown_past_ninety_gates_at_the_squeeze_floor() {
    let floor = GameData::built_in().tunnel.squeeze_floor;
    for seed in [Seed(2), Seed(31), Seed(404)] {
        let app = flown_to(mode("food-tunnel"), seed, 60 * 150, 100);
        assert_eq!(screen(&app), Screen::Playing, "{seed:?}: {:?}", app.world().resource::<LastRun>());
        let run = app.world().resource::<TunnelRun>();
        assert!(run.passed >= 90, "{seed:?}: {:?} after {} gates", run.ended, run.passed);
        let at_floor = self::gates(seed, run.passed as usize, true).iter().filter(|g| g.gap_height == floor).count();
        assert!(at_floor >= 3, "{seed:?}: only {at_floor} of the gates flown were at the floor");
        assert_eq!(heard(&app).count(Sfx::Hit), 0);
    }
}

/// The flyer's climb per flap and its fall over one gate spacing, measured in rapier, against the
/// physics model the generator plans with: within 1%, and the model never promises more.
#[test]
fn the_flyer_model_matches_rapier_and_never_promises_more() {
    let data = GameData::built_in();
    let reach = data.flyer_reach();
    let mut app = mode_app(mode("tunnel"), Seed(3));
    let height = |app: &mut App| {
        app.world_mut().query_filtered::<&Transform, With<Flyer>>().single(app.world()).unwrap().translation.y
    };
    // Take off with one flap and measure one full flap cycle of climb.
    let before = height(&mut app);
    tap_key(&mut app, KeyCode::Space, bevy::input::keyboard::Key::Space);
    // tap_key stepped twice (press, release): one step of the flap was flown in each.
    for _ in 2..reach.flap_every_steps {
        app.update();
    }
    let climbed = height(&mut app) - before;
    let modelled = reach.climb_per_flap();
    if std::env::var("FLAP_DEBUG").is_err() {
        assert!(
            (climbed - modelled).abs() <= 0.01 * climbed,
            "rapier climbed {climbed} a flap, the model says {modelled}"
        );
    }
    assert!(modelled <= climbed + 1e-3, "the model promises {modelled}, rapier climbs {climbed}");

    // Level the flyer (as the model's fall starts) and let it fall for one gate spacing at top speed.
    app.world_mut().query_filtered::<&mut Velocity, With<Flyer>>().single_mut(app.world_mut()).unwrap().linear.y = 0.0;
    let spacing = data.tunnel.spacing_min * (1.0 - data.tunnel.spacing_tighten);
    let steps = reach.steps_in(spacing / data.tunnel.horizontal_speed_max);
    let top = height(&mut app);
    for _ in 0..steps {
        app.update();
    }
    let fell = top - height(&mut app);
    let modelled = reach.drop(steps);
    assert!((fell - modelled).abs() <= 0.01 * fell, "rapier fell {fell} in {steps} steps, the model says {modelled}");
    assert!(modelled <= fell + 1e-3, "the model promises a drop of {modelled}, rapier falls {fell}");
}

#[test]
fn the_food_tunnel_squeezes_and_keeps_room_for_the_flyer() {
    let seed = Seed(9);
    // The first screenful of gates is spawned at the start, flown or not.
    let mut app = mode_app(mode("food-tunnel"), seed);
    app.update();
    let data = GameData::built_in();
    let spawned = spawned_gates(&mut app);
    let squeezed = gates(seed, spawned.last().unwrap().index as usize + 1, true);
    for gate in &spawned {
        assert_eq!(*gate, squeezed[gate.index as usize]);
    }
    let radius = app
        .world_mut()
        .query_filtered::<&Collider, With<Flyer>>()
        .single(app.world())
        .unwrap()
        .as_ball()
        .expect("a round flyer")
        .radius();
    let flyer = 2.0 * radius;
    assert_eq!(flyer, data.tunnel.flyer_height);
    assert!(data.tunnel.squeeze_floor > 2.0 * flyer, "floor {} vs flyer {flyer}", data.tunnel.squeeze_floor);
    let long = gates(seed, 2_000, true);
    assert!(long.iter().all(|g| g.gap_height >= data.tunnel.squeeze_floor));
    assert!(long.iter().any(|g| g.gap_height == data.tunnel.squeeze_floor), "the squeeze reaches its floor");
}

#[test]
fn the_flyer_hovers_until_the_first_flap_and_then_falls_if_never_flapping_again() {
    let mut app = mode_app(mode("tunnel"), Seed(3));
    let start = app.world_mut().query_filtered::<&Transform, With<Flyer>>().single(app.world()).unwrap().translation;
    for _ in 0..300 {
        app.update();
    }
    let hovering = app.world_mut().query_filtered::<&Transform, With<Flyer>>().single(app.world()).unwrap().translation;
    assert!((hovering - start).length() < 1.0, "{start} -> {hovering}: it waits for the player");
    assert!(!app.world().resource::<TunnelRun>().started);
    tap_key(&mut app, KeyCode::Space, bevy::input::keyboard::Key::Space);
    assert!(app.world().resource::<TunnelRun>().started);
    for _ in 0..600 {
        app.update();
        if screen(&app) == Screen::GameOver {
            break;
        }
    }
    assert_eq!(screen(&app), Screen::GameOver);
    let last = app.world().resource::<LastRun>();
    // Falling, it meets a gate's wall or the drawn floor, and the card says which.
    assert!(last.cause.contains("wall") || last.cause.contains("hit the floor"), "{last:?}");
}

#[test]
fn the_food_tunnel_lays_procgens_treats_and_the_pilot_eats_some_for_points() {
    use seedfeast::modes::tunnel::treats::TreatPiece;
    use seedfeast_procgen::tunnel::treats::{TREAT_POINTS, treats_between};
    let seed = Seed(21);
    let mut app = flown(mode("food-tunnel"), seed, 40 * 60);
    let run = app.world().resource::<TunnelRun>();
    let (passed, eaten) = (run.passed, run.eaten);
    let score = app.world().resource::<seedfeast::run::RunScore>().0;
    assert_eq!(score, passed * 10 + eaten * TREAT_POINTS, "ten a gate and the treats");
    assert!(eaten > 0, "the pilot, flying gap to gap, eats treats on its line ({passed} gates)");
    assert!(heard(&app).count(Sfx::Eat) > 0);
    // Every treat on screen is procgen's, laid between its gates.
    let expected = treats_between(seed, &gates(seed, passed as usize + 40, true));
    let mut laid = app.world_mut().query::<&TreatPiece>();
    let laid: Vec<_> = laid.iter(app.world()).map(|piece| piece.0).collect();
    assert!(!laid.is_empty());
    for treat in laid {
        assert_eq!(treat, expected[treat.gate as usize - 1]);
    }
    // The Flying tunnel has none.
    let mut plain = flown(mode("tunnel"), seed, 10 * 60);
    assert_eq!(plain.world_mut().query::<&TreatPiece>().iter(plain.world()).count(), 0);
    assert_eq!(plain.world().resource::<TunnelRun>().eaten, 0);
}
